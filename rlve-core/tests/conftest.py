import sys
from pathlib import Path

# fake_packs.py is a helper module beside the tests, imported by name.
sys.path.insert(0, str(Path(__file__).parent))
