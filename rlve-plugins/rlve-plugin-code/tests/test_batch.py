"""verify_many / score_many: many answers at once, in order, code ones in parallel sandboxes."""

from __future__ import annotations

import threading

from rlve_plugin_code import sandboxed
from rlve_plugin_code.batch import score_many, verify_many
from rlve_plugin_code.environments.implement_function import ImplementFunction
from rlve_plugin_code.environments.predict_output import PredictOutput
from rlve_plugin_code.sandbox import SandboxPool


def test_results_come_back_in_order_for_mixed_environments():
    problems = [ImplementFunction().sample(3, seed) for seed in range(4)] + [
        PredictOutput().sample(3, seed) for seed in range(4)
    ]
    answers = [p.answer if i % 2 == 0 else "def nothing(): pass" for i, p in enumerate(problems)]
    verdicts = verify_many(problems, answers)
    assert [v.correct for v in verdicts] == [i % 2 == 0 for i in range(len(problems))]
    responses = [f"thinking...<answer>{p.answer}</answer>" for p in problems]
    assert all(v.correct for v in score_many(problems, responses))
    assert not score_many(problems[:1], ["no tags at all"])[0].correct


def test_code_answers_are_verified_in_parallel(monkeypatch):
    # Count the sandbox runs in flight at once rather than time the batch: one after the other, there would
    # never be two; a busy machine slows every run down but cannot make them stop overlapping, since each
    # sleeps 0.4 s and all six are handed to the pool together.
    lock, in_flight, peak = threading.Lock(), [0], [0]
    real_run = sandboxed.run

    def counting_run(job):
        with lock:
            in_flight[0] += 1
            peak[0] = max(peak[0], in_flight[0])
        try:
            return real_run(job)
        finally:
            with lock:
                in_flight[0] -= 1

    monkeypatch.setattr(sandboxed, "run", counting_run)
    sleepy = "import time\ntime.sleep(0.4)\n"
    problems = [ImplementFunction().sample(2, seed) for seed in range(6)]
    answers = [sleepy + p.answer for p in problems]
    with SandboxPool(max_workers=6) as pool:
        verdicts = verify_many(problems, answers, pool=pool)
    assert all(v.correct for v in verdicts)
    assert peak[0] >= 3, f"6 answers that each sleep 0.4 s, at most {peak[0]} verified at once: not parallel"
