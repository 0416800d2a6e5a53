"""verify_many / score_many: many answers at once, in order, code ones in parallel sandboxes."""

from __future__ import annotations

import time

from rlve_plugin_code.batch import score_many, verify_many
from rlve_plugin_code.implement_function import ImplementFunction
from rlve_plugin_code.predict_output import PredictOutput
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


def test_code_answers_are_verified_in_parallel():
    sleepy = "import time\ntime.sleep(0.4)\n"
    problems = [ImplementFunction().sample(2, seed) for seed in range(6)]
    answers = [sleepy + p.answer for p in problems]
    with SandboxPool(max_workers=6) as pool:
        started = time.monotonic()
        verdicts = verify_many(problems, answers, pool=pool)
        elapsed = time.monotonic() - started
    assert all(v.correct for v in verdicts)
    assert elapsed < 6 * 0.4, f"{elapsed:.2f}s for 6 answers that each sleep 0.4s"
