"""`rlve` with the tests' fake environments registered: what `accelerate launch` runs in test_multirank."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conftest import register_fakes  # noqa: E402

from rlve.cli import main  # noqa: E402

register_fakes()
main()
