"""Extracting the final answer from a model response: the one implementation every caller uses.

Accepted forms are ``<answer>...</answer>`` and ``\\boxed{...}`` (with balanced braces). The match
that ends last wins, so an answer the model wrote while thinking and then corrected does not count,
and tags quoted in the reasoning do not either. Everything here is a single linear scan: no regular
expressions that could backtrack, and the response is cut to its last ``MAX_RESPONSE_CHARS``
characters first, because a final answer lives at the end.
"""

from __future__ import annotations

import re

#: Only this much of the end of a response is looked at.
MAX_RESPONSE_CHARS = 200_000
#: An extracted answer longer than this is treated as no answer.
MAX_ANSWER_CHARS = 50_000

OPEN_TAG = "<answer>"
CLOSE_TAG = "</answer>"
BOXED = "\\boxed{"
_BRACE = re.compile(r"[{}]")  # a single character class: no backtracking possible


def _last_tagged(text: str) -> tuple[int, str] | None:
    """The content of the last complete ``<answer>...</answer>`` pair and where it ends."""
    close = text.rfind(CLOSE_TAG)
    if close < 0:
        return None
    open_ = text.rfind(OPEN_TAG, 0, close)
    if open_ < 0:
        return None
    return close + len(CLOSE_TAG), text[open_ + len(OPEN_TAG) : close]


def _last_boxed(text: str) -> tuple[int, str] | None:
    """The content of the ``\\boxed{...}`` whose closing brace comes last, braces balanced.

    One pass over the braces only, from the first ``\\boxed{`` on (braces before it cannot change how
    a later one matches), with a stack of open braces that remembers which ones opened a ``\\boxed``.
    """
    first = text.find(BOXED)
    if first < 0:
        return None
    stack: list[tuple[int, bool]] = []
    best: tuple[int, str] | None = None
    for match in _BRACE.finditer(text, first + len(BOXED) - 1):
        i = match.start()
        if text[i] == "{":
            stack.append((i, text.startswith(BOXED, i - len(BOXED) + 1)))
        elif stack:
            start, is_boxed = stack.pop()
            if is_boxed:
                best = (i + 1, text[start + 1 : i])
    return best


def extract_answer(
    response: str | None,
    *,
    max_response_chars: int = MAX_RESPONSE_CHARS,
    max_answer_chars: int = MAX_ANSWER_CHARS,
) -> str | None:
    """The final answer in ``response``, stripped, or ``None`` if there is none or it is malformed.

    An answer that still contains an answer tag (nested or stray tags) is malformed: the model's intent
    is ambiguous, and guessing would reward a response that hedges between several answers.
    """
    if not isinstance(response, str) or not response:
        return None
    text = response[-max_response_chars:]
    tagged, boxed = _last_tagged(text), _last_boxed(text)
    if tagged is None and boxed is None:
        return None
    from_tags = boxed is None or (tagged is not None and tagged[0] > boxed[0])
    answer = (tagged if from_tags else boxed)[1].strip()
    if OPEN_TAG in answer or CLOSE_TAG in answer:
        return None
    # <answer>\boxed{42}</answer> means 42.
    if from_tags and answer.startswith(BOXED) and answer.endswith("}"):
        inner = _last_boxed(answer)
        if inner is not None and inner[0] == len(answer):
            answer = inner[1].strip()
    if len(answer) > max_answer_chars:
        return None
    return answer
