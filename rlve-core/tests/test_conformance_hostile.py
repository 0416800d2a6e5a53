"""The hostile corpus itself: deterministic, documented, never a plausible valid answer, and sized to
what the environment accepts so the big entries reach check()."""

from __future__ import annotations

import re

import pytest

from rlve.answers import extract_answer
from rlve.testing import hostile

PROMPT = "What is 20 + 22?\n\nThink it through, then give only your final answer inside <answer></answer> tags."


def entries(reference: str = "42", cap: int = 20_000) -> list[hostile.Hostile]:
    return hostile.corpus(PROMPT, reference, max_answer_chars=cap, canary="/tmp/canary")


def test_the_corpus_is_deterministic_and_labels_are_unique():
    first, second = entries(), entries()
    assert first == second
    labels = [entry.label for entry in first]
    assert len(labels) == len(set(labels))


def test_it_covers_what_the_brief_lists():
    labels = " ".join(entry.label for entry in entries())
    for kind in (
        "empty",
        "whitespace",
        "prompt echoed",
        "reference or near miss",
        "power tower 9**9**9",
        "over the int digit limit",
        "deep brackets",
        "1 MB of text",
        "random bytes",
        "tags inside tags",
        "os.system via __import__",
        "nan",
        "inf",
        "reference + word",
    ):
        assert kind in labels, kind


def test_no_static_entry_could_be_a_valid_answer():
    plausible = re.compile(r"[+-]?[0-9]{1,30}|yes|no|true|false|none|\[\]|\(\)|\{\}", re.IGNORECASE)
    for entry in hostile.STATIC:
        assert not plausible.fullmatch(entry.text.strip()), entry


def test_code_payloads_aim_at_the_canary():
    texts = [entry.text for entry in entries() if "canary" in entry.text]
    assert len(texts) >= 5 and all("{canary}" not in text for text in texts)


@pytest.mark.parametrize(
    ("reference", "expected"),
    [
        ("42", "43"),
        ("-7", "-6"),
        ("yes", "no"),
        ("False", "true"),
        ("0 4 2 9", "0 4 2 0"),
        ("abc", "cba"),
        ("aa", "aax"),
    ],
)
def test_the_near_miss_differs_from_the_reference(reference, expected):
    assert hostile.alternative(reference) == expected


def test_entries_sized_to_the_cap_stay_within_it_and_reach_check():
    for cap in (100, 20_000):
        sized = [e for e in entries(cap=cap) if "up to the cap" in e.label]
        assert sized and all(0 < len(e.text) <= cap for e in sized)


def test_response_entries_never_extract_to_the_reference():
    for entry in entries():
        if entry.kind == hostile.RESPONSE:
            assert extract_answer(entry.text) != "42", entry.label
