"""``python -m rlve`` is the ``rlve`` command."""

from rlve.cli import main

main()
