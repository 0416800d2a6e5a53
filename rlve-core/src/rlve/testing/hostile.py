"""The hostile corpus: answers no environment may ever score as correct, and that must not break it.

Two kinds of entry:

* ``answer``: the text an environment's ``check`` receives, i.e. what extraction returned. The suite
  applies the same guards ``Environment.verify`` does (strip, non-empty, at most ``max_answer_chars``)
  and calls ``check`` directly, so an exception other than ``ParseError`` is seen as what it is.
* ``response``: a whole model response, given to ``Environment.score`` (extraction included).

The corpus is data (``STATIC``) plus small generators that build entries from the problem at hand:
the reference answer with junk around it, hedges between the reference and a near miss, the prompt
echoed, and inputs sized to the environment's own ``max_answer_chars``. Every entry is deterministic.

Each entry is chosen so that it cannot be a *valid* answer in any sane answer format: plain numbers,
``none`` or ``[]`` are left out, because they are the right answer to some problem. What the entries
probe, with the incident that motivated it:

- empty and invisible answers (an empty answer scoring 1: Visual-RFT #176);
- several candidates in one answer, "A or B" (Visual-RFT #79);
- parse bombs: power towers, 100 000-digit numbers, nan/inf (math-verify #65: ``2003^{2002^{2001}}``);
- code that would run if anything evaluated the answer (reasoning-gym scorers, RLVE countdown's ``**``),
  ``os._exit(0)`` and ``SystemExit`` (human-eval PR #67, evalplus PR #306);
- deep nesting, unbalanced brackets, binary junk, 1 MB of text, tags inside tags.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

ANSWER, RESPONSE = "answer", "response"

#: The file name code payloads try to create; the suite puts it in a fresh temporary folder and fails
#: the environment if the file exists afterwards.
CANARY_NAME = "rlve-hostile-canary"


@dataclass(frozen=True)
class Hostile:
    label: str  # a short name for reports
    text: str
    kind: Literal["answer", "response"] = ANSWER
    #: True when the entry is a valid answer if the answer is a program (a comment appended, a second
    #: definition after the first); left out for environments with ``runs_untrusted_code``.
    valid_as_program: bool = False
    #: True when a lenient reader may rightly accept the entry (the reference written with a full-width digit
    #: or an invisible mark): only a crash on it is a failure, not a verdict of correct.
    may_be_correct: bool = False


#: Entries sized to an environment's ``max_answer_chars`` stop growing here, to keep the suite's memory bounded.
MAX_GENERATED_CHARS = 1_000_000


def _junk_bytes(count: int, seed: int) -> str:
    return random.Random(seed).randbytes(count).decode("latin-1")


#: Entries that need nothing from the problem.
STATIC: tuple[Hostile, ...] = (
    # nothing there
    Hostile("empty", ""),
    Hostile("a space", " "),
    Hostile("whitespace", "\n\t  \r\n"),
    Hostile("no-break space", "\u00a0"),
    Hostile("zero-width space", "\u200b"),
    Hostile("byte order mark", "\ufeff"),
    Hostile("ellipsis", "..."),
    Hostile("question mark", "?"),
    Hostile("refusal", "I don't know"),
    Hostile("the word answer", "answer"),
    Hostile("a placeholder", "<your answer here>"),
    # hedges that need no reference
    Hostile("yes or no", "yes or no"),
    Hostile("yes/no", "yes/no"),
    Hostile("true and false", "true and false"),
    Hostile("all of them", "all of the above"),
    # parse bombs
    Hostile("power tower 9**9**9", "9**9**9"),
    Hostile("power tower 9^9^9", "9^9^9"),
    Hostile("power tower 10^10^10", "10^10^10"),
    Hostile("latex power tower", "2003^{2002^{2001}}"),
    Hostile("nested latex powers", "2^{2^{2^{2^{2^{100}}}}}"),
    Hostile("factorial bomb", "100000000!"),
    Hostile("exponent bomb", "1e999999999"),
    Hostile("tiny exponent", "1e-999999999"),
    Hostile("float overflow", "1e309"),
    Hostile("over the int digit limit", "1" + "0" * 4400),
    Hostile("negative huge", "-" + "9" * 5000),
    Hostile("nan", "nan"),
    Hostile("NaN", "NaN"),
    Hostile("inf", "inf"),
    Hostile("-inf", "-inf"),
    Hostile("Infinity", "Infinity"),
    Hostile("infinity sign", "\u221e"),
    Hostile("division by zero", "1/0"),
    Hostile("zero over zero", "0/0"),
    Hostile("double sign", "+-1"),
    Hostile("square root", "\u221a2"),
    # code that must never run
    Hostile("os.system via __import__", "__import__('os').system('touch {canary}')"),
    Hostile("import and system", "import os; os.system('touch {canary}')"),
    Hostile("open and write", "open('{canary}', 'w').write('pwned')"),
    Hostile("eval", "eval(\"open('{canary}', 'w').write('pwned')\")"),
    Hostile("exec", "exec(\"open('{canary}', 'w').write('pwned')\")"),
    Hostile("shell substitution", "$(touch {canary})"),
    Hostile("backticks", "`touch {canary}`"),
    Hostile("shell chain", "; touch {canary}"),
    Hostile("os._exit", "__import__('os')._exit(0)"),
    Hostile("SystemExit", "raise SystemExit(0)"),
    Hostile("infinite loop", "while True: pass"),
    Hostile("lambda", "lambda: 0"),
    Hostile("template injection", "{{7*7}} ${7*7}"),
    Hostile("sql injection", "'; DROP TABLE rollouts; --"),
    Hostile("format string", "%s%s%s%n{0}{1}"),
    Hostile("script tag", "<script>alert(1)</script>"),
    # structure
    Hostile("deep brackets", "[" * 5000 + "]" * 5000),
    Hostile("deep parentheses", "(" * 5000 + "1" + ")" * 5000),
    Hostile("deep braces", "{" * 5000 + "}" * 5000),
    Hostile("unbalanced", "((([[[{{{"),
    Hostile("json bomb", '{"a": ' * 2000 + "1" + "}" * 2000),
    # binary junk and odd text
    Hostile("all bytes", bytes(range(256)).decode("latin-1")),
    Hostile("random bytes", _junk_bytes(4096, seed=1234)),
    Hostile("nul bytes", "\x00" * 1000),
    Hostile("replacement characters", "\ufffd" * 200),
    Hostile("right-to-left override", "\u202e1 2 3\u202c"),
    Hostile("combining marks", "e\u0301" * 300),
    Hostile("emoji", "\U0001f642" * 100),
    Hostile("1 MB of text", "lorem ipsum " * 87_382),
    # whole responses: extraction
    Hostile("no tags at all", "The answer is obvious.", RESPONSE),
    Hostile("empty tags", "<answer></answer>", RESPONSE),
    Hostile("blank tags", "<answer>   \n </answer>", RESPONSE),
    Hostile("unclosed tag", "<answer>", RESPONSE),
    Hostile("stray closing tag", "</answer>", RESPONSE),
    Hostile("empty box", "\\boxed{}", RESPONSE),
    Hostile("unclosed box", "\\boxed{", RESPONSE),
    Hostile("nested boxes", "\\boxed{\\boxed{\\boxed{}}}", RESPONSE),
    Hostile("many open boxes", "\\boxed{" * 20_000, RESPONSE),
    Hostile("many tags", "<answer>" * 20_000 + "</answer>" * 20_000, RESPONSE),
    Hostile("1 MB response", "word " * 209_716, RESPONSE),
    Hostile("1 MB of junk in tags", "<answer>" + _junk_bytes(1 << 20, seed=99) + "</answer>", RESPONSE),
)


def alternative(reference: str) -> str:
    """A near miss: the reference with one thing changed, so ``reference or alternative`` is a hedge."""
    ref = reference.strip()
    if re.fullmatch(r"[+-]?[0-9]{1,60}", ref):
        return str(int(ref) + 1)
    flips = {"yes": "no", "no": "yes", "true": "false", "false": "true"}
    if ref.lower() in flips:
        return flips[ref.lower()]
    digits = [i for i, ch in enumerate(ref) if ch.isdigit() and ch.isascii()]
    if digits:
        i = digits[-1]
        return ref[:i] + str((int(ref[i]) + 1) % 10) + ref[i + 1 :]
    flipped = ref[::-1]
    return flipped if flipped != ref else ref + "x"


#: Full-width forms of the ASCII digits (U+FF10..U+FF19): ``int()`` reads them, ``[0-9]`` does not.
FULL_WIDTH_DIGITS = {str(d): chr(0xFF10 + d) for d in range(10)}


def non_ascii_variants(reference: str) -> Iterator[Hostile]:
    """The reference with one character replaced by (or one mark added as) something outside ASCII. A reader
    that crashes on these (``str.isalpha()`` accepts ``é``, ``int()`` accepts full-width digits, regular
    expressions with ``\\w`` match both) fails; one that reads them as the reference may."""
    ref = reference.strip() or "0"
    middle = len(ref) // 2
    yield Hostile("reference with a non-ASCII letter", "\u00e9" + ref[1:])
    yield Hostile("reference with a combining mark", ref[:1] + "\u0301" + ref[1:], may_be_correct=True)
    digits = [i for i, ch in enumerate(ref) if ch in FULL_WIDTH_DIGITS]
    if digits:
        i = digits[-1]
        wide = ref[:i] + FULL_WIDTH_DIGITS[ref[i]] + ref[i + 1 :]
    else:
        wide = FULL_WIDTH_DIGITS["1"] + ref[1:]
    yield Hostile("reference with a full-width digit", wide, may_be_correct=True)
    yield Hostile("reference with a zero-width space", ref[:middle] + "\u200b" + ref[middle:], may_be_correct=True)
    yield Hostile("reference with a right-to-left mark", ref[:middle] + "\u200f" + ref[middle:], may_be_correct=True)


def from_problem(prompt: str, reference: str, max_answer_chars: int) -> Iterator[Hostile]:
    """Entries built from the problem at hand."""
    ref = reference.strip()
    alt = alternative(ref)
    # the reference with junk around it
    yield Hostile("reference + word", f"{ref} banana")
    yield Hostile("word + reference", f"banana {ref}")
    yield Hostile("reference + punctuation", f"{ref}!!!")
    yield Hostile("reference + sentence", f"{ref}\n\nI hope this helps!")
    yield Hostile("reference + code", f"{ref} # __import__('os').system('true')", valid_as_program=True)
    yield Hostile("reference + nul", f"{ref}\x00")
    yield Hostile("reference + huge number", f"{ref} {'9' * 5000}")
    yield Hostile("reference twice, glued", f"{ref}{ref}")
    yield Hostile("reference deeply nested", "[" * 500 + ref + "]" * 500)
    yield from non_ascii_variants(ref)
    # several candidates in one answer
    yield Hostile("reference or near miss", f"{ref} or {alt}")
    yield Hostile("near miss or reference", f"{alt} or {ref}")
    yield Hostile("either/or", f"either {ref} or {alt}")
    yield Hostile("candidates on lines", f"{ref}\nor\n{alt}")
    yield Hostile("near miss, then reference", f"{alt}\n{ref}", valid_as_program=True)
    yield Hostile("bracketed candidates", f"[{alt}, {ref}]")
    yield Hostile("reference, possibly near miss", f"{ref} (or possibly {alt})")
    yield Hostile("hedge in tags", f"<answer>{ref} or {alt}</answer>", RESPONSE)
    yield Hostile("tags inside tags", f"<answer><answer>{ref}</answer></answer>", RESPONSE)
    yield Hostile("two answers, nested", f"<answer>{alt}<answer>{ref}</answer></answer>", RESPONSE)
    yield Hostile("tags inside the answer", f"<answer>{ref}</answer>")
    # the prompt echoed
    yield Hostile("prompt echoed", prompt)
    yield Hostile("prompt echoed + reference", f"{prompt}\n{ref}")
    yield Hostile("reference + prompt echoed", f"{ref}\n{prompt}")
    # sized to the environment's own cap, so they reach check() rather than the base class's guard
    yield Hostile("digits up to the cap", "9" * max_answer_chars)
    yield Hostile("letters up to the cap", "a" * max_answer_chars)
    yield Hostile("separators up to the cap", ", " * (max_answer_chars // 2))
    yield Hostile("numbers up to the cap", "1 " * (max_answer_chars // 2))
    yield Hostile("lines up to the cap", "1\n" * (max_answer_chars // 2))


def corpus(
    prompt: str, reference: str, *, max_answer_chars: int, canary: str, answer_is_program: bool = False
) -> list[Hostile]:
    """Every hostile entry for one problem; ``canary`` is the path code payloads try to create."""
    static = [Hostile(h.label, h.text.replace("{canary}", canary), h.kind) for h in STATIC]
    entries = static + list(from_problem(prompt, reference, min(max_answer_chars, MAX_GENERATED_CHARS)))
    return [entry for entry in entries if not (answer_is_program and entry.valid_as_program)]
