"""``python -m wsscore``: the same as the ``wsscore`` command."""

from wsscore._entry import main

if __name__ == "__main__":
    main()
