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


def test_the_reference_comes_back_with_non_ascii_look_alikes():
    by_label = {entry.label: entry for entry in entries("2024")}
    assert by_label["reference with a non-ASCII letter"].text == "\u00e9024"
    assert by_label["reference with a full-width digit"].text == "202\uff14"
    assert by_label["reference with a combining mark"].text == "2\u0301024"
    assert by_label["reference with a zero-width space"].text == "20\u200b24"
    assert by_label["reference with a right-to-left mark"].text == "20\u200f24"
    # a lenient reader may read these as the reference; only a crash on them fails the check
    lenient = {label for label, entry in by_label.items() if entry.may_be_correct}
    assert lenient == {
        "reference with a combining mark",
        "reference with a full-width digit",
        "reference with a zero-width space",
        "reference with a right-to-left mark",
    }
    assert by_label["reference with a full-width digit"].text != "2024" and int("202\uff14") == 2024


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
