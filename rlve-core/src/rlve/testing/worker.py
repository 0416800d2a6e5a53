"""The child side of an isolated check: ``python -m rlve.testing.worker`` with a JSON job on stdin.

Jobs:

* ``{"mode": "check", "target": "pkg.module:Class", "config": {...}, "result_path": "..."}`` runs every
  in-process check on one environment class. Before each step it writes a progress line to stderr
  (``STEP_PREFIX`` + JSON ``[check, difficulty, seed, what]``), so the parent knows exactly where a
  hang happened; after each check it rewrites the result file, so a hang loses nothing already found.
* ``{"mode": "fingerprints", "targets": [...], "points": [[d, s], ...], "result_path": "..."}`` hashes
  the problems of several classes, for the cross-process determinism check of in-process runs.

The parent gives this process a PYTHONHASHSEED different from its own, which is the point of
``fresh_process``. Anything the environment prints to stdout is discarded by the parent.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from pathlib import Path
from typing import Any

STEP_PREFIX = "@@rlve-step "
#: Exit code for "the class could not be imported here": the parent then checks it in its own process.
EXIT_IMPORT_ERROR = 3


def load_target(target: str) -> type:
    module_name, _, qualname = target.partition(":")
    obj: Any = importlib.import_module(module_name)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    return obj


def write_json(path: str, data: dict[str, Any]) -> None:
    """Replace ``path`` atomically, so the parent never reads half a file."""
    partial = Path(path + ".partial")
    partial.write_text(json.dumps(data))
    os.replace(partial, path)


def progress(check: str, difficulty: int | None, seed: int | None, what: str) -> None:
    sys.stderr.write(STEP_PREFIX + json.dumps([check, difficulty, seed, what[:120]]) + "\n")
    sys.stderr.flush()


def run_check(job: dict[str, Any]) -> int:
    from rlve.testing.checks import EnvironmentChecker, fingerprint, fingerprint_points
    from rlve.testing.config import CheckConfig

    try:
        cls = load_target(job["target"])
    except Exception as error:  # noqa: BLE001 - any failure to import means: check it in the parent instead
        write_json(job["result_path"], {"import_error": f"{type(error).__name__}: {error}"})
        return EXIT_IMPORT_ERROR
    config = CheckConfig.from_dict(job["config"])
    checker = EnvironmentChecker(cls, config, progress)

    def save(done: bool) -> None:
        prints = {}
        if done:
            for difficulty, seed in fingerprint_points(config):
                problem = checker.problems.get((difficulty, seed))
                if problem is not None:
                    prints[f"{difficulty}/{seed}"] = fingerprint(problem)
        result = {"report": checker.report.to_dict(), "fingerprints": prints, "done": done}
        write_json(job["result_path"], result)

    checker.on_checkpoint = lambda report: save(done=False)
    checker.run()
    save(done=True)
    return 0


def run_fingerprints(job: dict[str, Any]) -> int:
    from rlve.testing.checks import fingerprints

    points = [tuple(point) for point in job["points"]]
    results: dict[str, Any] = {}
    for target in job["targets"]:
        try:
            results[target] = {"fingerprints": fingerprints(load_target(target)(), points)}
        except Exception as error:  # noqa: BLE001
            results[target] = {"error": f"{type(error).__name__}: {error}"}
    write_json(job["result_path"], {"results": results})
    return 0


def main() -> int:
    job = json.loads(sys.stdin.read())
    if job["mode"] == "check":
        return run_check(job)
    if job["mode"] == "fingerprints":
        return run_fingerprints(job)
    raise SystemExit(f"unknown job mode {job['mode']!r}")


if __name__ == "__main__":
    sys.exit(main())
