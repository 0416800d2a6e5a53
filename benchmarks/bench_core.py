"""Core: answer extraction from model responses, against the peers' extractors, typical and hostile."""

from __future__ import annotations

from harness import per_second
from peers import available
from rlve.answers import extract_answer

TYPICAL = "Let me think step by step. " * 80 + "So the path is 0 4 2 9.\n<answer>0 4 2 9</answer>"
# A response that quotes the tag format many times while reasoning, then answers: 200 KB.
HOSTILE = ("I must write <answer> tags, maybe \\boxed{x} or <answer>" * 5_000) + "x" * 100_000 + "<answer>7</answer>"


def run(report) -> None:
    for label, response in (("typical 2 KB", TYPICAL), ("hostile 200 KB", HOSTILE)):
        ours = per_second(lambda i, r=response: extract_answer(r))
        if available("reasoning_gym"):
            from reasoning_gym.utils import extract_answer as rg_extract

            peer = per_second(lambda i, r=response: rg_extract(r))
            report(f"extract answer, {label}", ours, peer, "reasoning-gym", "/s")
        if available("Gym"):
            from Gym.environments import identifier2environment

            env = identifier2environment["Sorting"]()
            peer = per_second(lambda i, r=response, e=env: e.processor(r))
            report(f"extract answer, {label}", ours, peer, "RLVE-Gym processor", "/s")
        if not (available("reasoning_gym") or available("Gym")):
            report(f"extract answer, {label}", ours, None, "(no peer installed)", "/s")
