"""Code pack: the value tasks with a peer (brainfuck output against reasoning-gym's bf), then verifications
per second for a batch of 256 code answers, through the sandbox pool,
against a human-eval-style baseline (one ``multiprocessing.Process`` per answer that ``exec``s the code
and compares with ``==``, run from a thread pool as human-eval's ``evaluate_functional_correctness``).

The baseline is faster per answer because it isolates almost nothing: no fresh interpreter, no rlimits,
no namespaces, no seccomp, and it trusts ``==`` (an ``__eq__`` override passes it). The ratio is the price
of real isolation, measured in the same run.

A second case prices the sandbox's hardening of issue #14 (IPC and mount namespaces, a private root, death
with the verifier, more seccomp rules): the same batch through the harness as it was before it
(``HARDENING_BASE``, read from git), driven by today's runner, against today's harness.
"""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

import rlve
from envs import Pair, compare

#: Value tasks with a peer: generation and verification throughput, as in the other packs' benchmarks.
PAIRS = [
    Pair(
        "code/brainfuck_output",
        reasoning_gym="bf",
        rg_size="reasoning-gym's bf has only a difficulty of 1 to 3 over fixed program templates; ours grows segments",
    )
]
BATCH = 256
TIMEOUT_SECONDS = 3.0
#: The last commit before the hardening, and where its harness lies in it.
HARDENING_BASE = "a6f33cf"
HARNESS_PATH = "rlve-plugins/rlve-plugin-code/src/rlve_plugin_code/sandbox/harness.py"


def _run_tests(code: str, entry: str, tests: list, results) -> None:
    try:
        namespace: dict = {}
        exec(code, namespace)  # the baseline's way, not ours: this is exactly what we refuse to do in-process
        function = namespace[entry]
        results.append(all(function(*test["args"]) == test["expected"] for test in tests))
    except BaseException:  # noqa: BLE001
        results.append(False)


def _human_eval_style(code: str, entry: str, tests: list) -> bool:
    with multiprocessing.Manager() as manager:
        results = manager.list()
        process = multiprocessing.Process(target=_run_tests, args=(code, entry, tests, results))
        process.start()
        process.join(timeout=TIMEOUT_SECONDS)
        if process.is_alive():
            process.kill()
        return bool(results and results[0])


def run(report) -> None:
    compare(report, PAIRS)
    if "code/implement_function" not in rlve.registry():
        report("code batch verification (not installed)", 0.0, None, "-", "/s")
        return
    from rlve_plugin_code.batch import verify_many

    env = rlve.get_environment("code/implement_function")
    problems = [env.sample(5, seed) for seed in range(BATCH)]
    answers = [problem.answer for problem in problems]

    start = time.perf_counter()
    verdicts = verify_many(problems, answers)
    ours = BATCH / (time.perf_counter() - start)
    assert all(verdict.correct for verdict in verdicts), "the sandbox rejected a reference answer"

    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=os.cpu_count()) as pool:
        passed = list(pool.map(lambda p: _human_eval_style(p.answer, p.data["entry"], p.data["tests"]), problems))
    baseline = BATCH / (time.perf_counter() - start)
    note = "" if all(passed) else f"baseline passed only {sum(passed)}/{BATCH}"
    report(f"code verify batch of {BATCH} answers", ours, baseline, "Process per answer", "/s", note)
    _hardening_cost(report, problems, answers, verify_many)


def _harness_before_hardening() -> str | None:
    """The pre-hardening harness as a file, or None where git or the commit is not at hand."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        text = subprocess.run(
            ["git", "-C", root, "show", f"{HARDENING_BASE}:{HARNESS_PATH}"], capture_output=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    handle, path = tempfile.mkstemp(suffix="-harness.py")
    with os.fdopen(handle, "wb") as file:
        file.write(text)
    os.chmod(path, 0o644)
    return path


def _hardening_cost(report, problems, answers, verify_many) -> None:
    from rlve_plugin_code.sandbox import runner

    old = _harness_before_hardening()
    if old is None:
        report("code verify, hardened vs before (#14)", 0.0, None, "harness before #14", "/s", "git not available")
        return
    today = runner.HARNESS
    rates = {"old": [], "new": []}
    try:
        for _ in range(3):  # interleaved, so that load on the machine falls on both alike
            for name, harness in (("old", old), ("new", today)):
                runner.HARNESS = harness
                start = time.perf_counter()
                verdicts = verify_many(problems, answers)
                rates[name].append(len(problems) / (time.perf_counter() - start))
                assert all(verdict.correct for verdict in verdicts), f"the {name} harness rejected a reference answer"
    finally:
        runner.HARNESS = today
        os.unlink(old)
    report(
        "code verify, hardened vs before (#14)",
        max(rates["new"]),
        max(rates["old"]),
        f"harness at {HARDENING_BASE}",
        "/s",
        "best of 3 interleaved batches each",
    )
