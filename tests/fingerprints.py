"""Fingerprints of every installed environment's problems, to prove a refactor changed none of them.

A fingerprint is a SHA-256 over the JSON of the Problems an environment generates at a fixed set of
difficulties and seeds: prompt, answer, data, size, everything in ``Problem.model_dump()``. The stored
fingerprints live in ``fingerprints.json`` beside this file, one ``{"version": int, "sha256": str}`` per
environment id; ``test_fingerprints.py`` recomputes them and fails where the problems changed but the
environment's ``version`` did not.

    python tests/fingerprints.py                 # compare with the stored file, print what differs
    python tests/fingerprints.py --update        # store the fingerprints of every installed environment
    python tests/fingerprints.py --update code/sql_query math   # only these ids or packs
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from rlve import Environment, registry

STORE = Path(__file__).with_name("fingerprints.json")

#: Every environment is fingerprinted at each of these levels with each of ``SEEDS``: the linear
#: range a curriculum visits, up to the strict-growth bound d = 30, and a little past the knees.
LEVELS = (0, 1, 2, 3, 5, 8, 13, 21, 30, 60, 200)
SEEDS = (0, 1, 2)

#: And at these far levels with seed 0 only, where the difficulty curves go slow or stop (``level`` past
#: d = 100, ``taper`` past d = 30 and d = 1030, the math pack's level cap near d = 3.5e15).
FAR_LEVELS = (1_000, 10**6, 10**16)
FAR_SEEDS = (0,)

#: Environments too slow at the far levels (seconds per problem) go only as far as this.
HIGHEST_LEVEL = {
    "logic/binario": 200,
    "logic/zebra": 200,
    "logic/futoshiki": 1_000,
    "logic/kakurasu": 1_000,
    "logic/nonogram": 1_000,
    "graph/count_spanning_trees": 10**6,
    "logic/knights_knaves": 10**6,
    "logic/sudoku": 10**6,
}


def cases(env_id: str) -> Iterator[tuple[int, int]]:
    """The (difficulty, seed) pairs an environment is fingerprinted at, in a fixed order."""
    highest = HIGHEST_LEVEL.get(env_id)
    for difficulty in LEVELS:
        for seed in SEEDS:
            yield difficulty, seed
    for difficulty in FAR_LEVELS:
        if highest is None or difficulty <= highest:
            for seed in FAR_SEEDS:
                yield difficulty, seed


def fingerprint(env: Environment) -> str:
    """The SHA-256 of the environment's problems at every case, one canonical JSON line each."""
    digest = hashlib.sha256()
    for difficulty, seed in cases(env.id):
        problem = env.sample(difficulty, seed)
        line = json.dumps(problem.model_dump(mode="json"), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        digest.update(line.encode("utf-8") + b"\n")
    return digest.hexdigest()


def entry(env: Environment) -> dict[str, int | str]:
    return {"version": env.version, "sha256": fingerprint(env)}


def installed_ids() -> list[str]:
    return registry().ids()


def load() -> dict[str, dict[str, int | str]]:
    """The stored fingerprints (empty when there is no file yet)."""
    if not STORE.exists():
        return {}
    return json.loads(STORE.read_text())


def save(stored: dict[str, dict[str, int | str]]) -> None:
    STORE.write_text(json.dumps(dict(sorted(stored.items())), indent=1) + "\n")


def selected(ids: Iterable[str], patterns: list[str]) -> list[str]:
    """The ids named by ``patterns`` (an id, or a pack name for all of its environments); all without any."""
    ids = list(ids)
    if not patterns:
        return ids
    unknown = [p for p in patterns if p not in ids and not any(i.startswith(f"{p}/") for i in ids)]
    if unknown:
        raise SystemExit(f"not an installed environment or pack: {', '.join(unknown)}")
    return [i for i in ids if i in patterns or i.split("/", 1)[0] in patterns]


def problem_with(env_id: str, stored: dict[str, dict[str, int | str]], env: Environment, computed: str | None) -> str:
    """What is wrong with ``env_id``'s stored fingerprint, or "" when nothing is."""
    update = "run python tests/fingerprints.py --update"
    if env_id not in stored:
        return f"{env_id}: no stored fingerprint: {update}"
    if stored[env_id]["version"] != env.version:
        return (
            f"{env_id}: the stored fingerprint is of version {stored[env_id]['version']}, the installed environment "
            f"is version {env.version}: {update}"
        )
    if computed is not None and stored[env_id]["sha256"] != computed:
        return (
            f"{env_id}: problems changed without a version bump: bump `version` or, if intended, "
            "run python tests/fingerprints.py --update"
        )
    return ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--update", action="store_true", help=f"write the fingerprints to {STORE.name}")
    parser.add_argument("ids", nargs="*", help="environment ids or pack names (default: every installed one)")
    args = parser.parse_args(argv)
    reg = registry()
    ids = selected(reg.ids(), args.ids)
    stored = load()
    failures = []
    started = time.process_time()
    for env_id in ids:
        env = reg.get(env_id)
        spent = time.process_time()
        computed = entry(env)
        spent = time.process_time() - spent
        if args.update:
            if stored.get(env_id) != computed:
                print(f"{env_id}: {'updated' if env_id in stored else 'added'} ({spent:.2f} s)")
            stored[env_id] = computed
        elif message := problem_with(env_id, stored, env, computed["sha256"]):
            failures.append(message)
            print(message)
    if args.update:
        save(stored)
        absent = sorted(set(stored) - set(reg.ids()))
        if absent:  # another venv may lack a pack: its entries stay until deleted by hand
            print(f"kept, not installed here: {', '.join(absent)}", file=sys.stderr)
    print(f"{len(ids)} environments in {time.process_time() - started:.1f} s of CPU time", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
