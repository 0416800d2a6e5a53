"""Code pack: verifications per second for a batch of 256 code answers, through the sandbox pool,
against a human-eval-style baseline (one ``multiprocessing.Process`` per answer that ``exec``s the code
and compares with ``==``, run from a thread pool as human-eval's ``evaluate_functional_correctness``).

The baseline is faster per answer because it isolates almost nothing: no fresh interpreter, no rlimits,
no namespaces, no seccomp, and it trusts ``==`` (an ``__eq__`` override passes it). The ratio is the price
of real isolation, measured in the same run.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from concurrent.futures import ThreadPoolExecutor

import rlve

BATCH = 256
TIMEOUT_SECONDS = 3.0


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
