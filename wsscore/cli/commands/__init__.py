"""One module per command; importing one registers it with the ``wsscore`` group."""
