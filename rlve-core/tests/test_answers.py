"""Answer extraction: the last complete answer wins, hostile responses never hang or mislead."""

from __future__ import annotations

import pytest

from rlve.answers import MAX_ANSWER_CHARS, MAX_RESPONSE_CHARS, extract_answer


@pytest.mark.parametrize(
    ("response", "expected"),
    [
        ("<answer>42</answer>", "42"),
        ("reasoning... <answer>  7 8 9 </answer>\n", "7 8 9"),
        ("first <answer>1</answer> then I fixed it <answer>2</answer>", "2"),
        ("I will write <answer>x</answer> as a format example. Final: \\boxed{5}", "5"),
        ("\\boxed{5} ... actually <answer>6</answer>", "6"),
        ("\\boxed{\\frac{1}{2}}", "\\frac{1}{2}"),
        ("\\boxed{a{b}c} then \\boxed{d}", "d"),
        ("<answer>\\boxed{12}</answer>", "12"),
        ("<answer>3 <answer>4</answer>", "4"),  # an abandoned, unclosed start does not count
        ("<answer></answer>", ""),
        ("<answer>   </answer>", ""),
    ],
)
def test_extracts_the_final_answer(response, expected):
    assert extract_answer(response) == expected


@pytest.mark.parametrize(
    "response",
    [
        "",
        None,
        "no tags at all: 42",
        "<answer>42",  # unclosed
        "42</answer>",  # close without open
        "\\boxed{42",  # unbalanced
        "<answer><answer>5</answer></answer>",  # nested: ambiguous
        "<ANSWER>5</ANSWER>",  # tags are case-sensitive, like the prompt that asks for them
    ],
)
def test_malformed_responses_give_no_answer(response):
    assert not extract_answer(response)


def test_tag_quoted_in_reasoning_does_not_beat_the_final_answer():
    response = "The format is <answer>...</answer>, so my answer: <answer>17</answer>"
    assert extract_answer(response) == "17"


def test_one_megabyte_response_is_bounded_and_still_finds_a_final_answer():
    filler = "x" * 1_000_000
    assert extract_answer(filler + "<answer>9</answer>") == "9"
    assert extract_answer("<answer>9</answer>" + filler) is None  # outside the window that is read
    assert len(filler) > MAX_RESPONSE_CHARS


def test_overlong_answer_is_refused():
    assert extract_answer("<answer>" + "1" * (MAX_ANSWER_CHARS + 1) + "</answer>") is None


def test_pathological_brace_and_tag_soup_is_linear():
    # Thousands of unclosed \boxed{ and <answer> would be quadratic for a naive backward search.
    soup = "\\boxed{" * 20_000 + "<answer>" * 20_000 + "{" * 50_000
    assert extract_answer(soup) is None
    braces = "\\boxed{" * 2_000 + "{" * 5_000 + "}" * 7_000  # closed: the outermost \boxed ends last
    assert extract_answer(braces) == "\\boxed{" * 1_999 + "{" * 5_000 + "}" * 6_999


def test_binary_junk_does_not_crash():
    junk = bytes(range(256)).decode("latin-1") * 100
    assert extract_answer(junk) is None
    assert extract_answer(junk + "<answer>\x00\x01</answer>") == "\x00\x01"
