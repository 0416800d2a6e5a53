"""Held-out evaluation: code-running environments are verified in the pool; unjudged answers are counted."""

from __future__ import annotations

import os

from untrusted_env import BrokenSandbox, SlowCode

import rlve


def load(tiny_model):
    from transformers import AutoModelForCausalLM, AutoTokenizer

    return AutoModelForCausalLM.from_pretrained(tiny_model), AutoTokenizer.from_pretrained(tiny_model)


def test_unjudged_answers_are_counted_and_code_is_verified_outside_this_process(tiny_model, monkeypatch):
    from rlve_trainer.ablate.evaluate import EvalPlan, evaluate

    registry = rlve.registry()
    for cls in (BrokenSandbox, SlowCode):
        if cls.id not in registry:
            registry.add(cls, "rlve-trainer-tests")
    # Were the pool skipped, scoring here would raise (BrokenSandbox) or run in this process (SlowCode).
    pids = []
    original = SlowCode.score
    monkeypatch.setattr(SlowCode, "score", lambda self, p, r: pids.append(os.getpid()) or original(self, p, r))
    model, tokenizer = load(tiny_model)
    levels = {BrokenSandbox.id: [0, 1], SlowCode.id: [0]}
    plan = EvalPlan(levels, problems_per_level=3, eval_seed=0, max_new_tokens=4, verify_timeout=20)
    scores = evaluate(model, tokenizer, {BrokenSandbox.id: BrokenSandbox(), SlowCode.id: SlowCode()}, plan)
    counts = {(s.env, s.difficulty): (s.problems, s.correct, s.unjudged) for s in scores}
    assert counts[(BrokenSandbox.id, 0)] == counts[(BrokenSandbox.id, 1)] == (3, 0, 3)
    assert counts[(SlowCode.id, 0)][2] == 0 and pids == []
