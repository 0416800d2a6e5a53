"""Run every benchmark module (``bench_*.py`` beside this file), or those named on the command line.

python benchmarks/run.py                 # all of them
python benchmarks/run.py graph math      # bench_graph.py and bench_math.py
python benchmarks/run.py --json out.json # also write the rows as JSON
python benchmarks/run.py speed --quick   # every environment's speed, fewer seeds and levels (RLVE_BENCH_QUICK=1)
python benchmarks/run.py speed --write-readmes   # measure fully, then write each pack README's Speed table
python benchmarks/run.py speed --pack logic      # only the logic pack (with --write-readmes: only its README)
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from harness import Options, Report  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("topics", nargs="*", help="benchmark topics (bench_<topic>.py); default: all")
    parser.add_argument("--json", dest="json_path", help="write every row to this JSON file")
    parser.add_argument("--quick", action="store_true", help="fewer seeds and levels (also RLVE_BENCH_QUICK=1)")
    parser.add_argument(
        "--write-readmes", action="store_true", help="speed: write the measured tables into the pack READMEs"
    )
    parser.add_argument(
        "--pack", action="append", default=[], help="speed: measure only this pack (id prefix); repeatable"
    )
    args = parser.parse_args()
    options = Options.from_environment(quick=args.quick, write_readmes=args.write_readmes, packs=tuple(args.pack))
    if options.write_readmes and options.quick:
        parser.error("--write-readmes needs the full measurement (every d = 0..30): drop --quick and RLVE_BENCH_QUICK")
    modules = sorted(HERE.glob("bench_*.py"))
    if args.topics:
        modules = [m for m in modules if m.stem.removeprefix("bench_") in args.topics]
    if not modules:
        known = ", ".join(sorted(m.stem.removeprefix("bench_") for m in HERE.glob("bench_*.py")))
        parser.error(f"no benchmark named {', '.join(args.topics)}; the topics are: {known}")
    report, failed = Report(options), []
    for path in modules:
        print(f"\n== {path.stem} ==", flush=True)
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[path.stem] = module  # dataclasses (and pickling) look a module's classes up there
        try:
            spec.loader.exec_module(module)
            module.run(report)
        except Exception:  # noqa: BLE001 - one broken benchmark must not hide the others' numbers
            traceback.print_exc()
            failed.append(path.stem)
    if args.json_path:
        Path(args.json_path).write_text(report.dump_json())
    if failed:
        print(f"\nfailed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
