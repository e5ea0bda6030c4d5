"""The command line: the ``wsscore`` group, one module a command, one-line errors."""
