"""Reading a code answer: strip an optional Markdown fence, and explain code that is not Python."""

from __future__ import annotations

import re

from rlve import ParseError

_FENCE_OPEN = re.compile(r"^```[ \t]*([A-Za-z0-9_+-]*)[ \t]*\n")
_FENCE_CLOSE = re.compile(r"\n?```[ \t]*$")

#: Fence languages that mean "this is Python"; anything else is named in the reason.
PYTHON_FENCES = {"", "python", "python3", "py", "py3"}

#: Telltale openings of other languages, checked only after Python refused to compile the answer.
_OTHER_LANGUAGES = (
    (re.compile(r"^\s*#include\b|\bint\s+main\s*\(", re.M), "C or C++"),
    (re.compile(r"\bpublic\s+(static\s+)?(class|void|int)\b|System\.out\.print"), "Java"),
    (re.compile(r"\bfunction\s+\w+\s*\(|\b(const|let|var)\s+\w+\s*=|=>|console\.log"), "JavaScript"),
    (re.compile(r"\bfn\s+\w+\s*\(|\blet\s+mut\b|println!"), "Rust"),
    (re.compile(r"^\s*func\s+\w+\s*\(|^\s*package\s+main\b", re.M), "Go"),
    (re.compile(r"^\s*(SELECT|WITH)\b", re.I), "SQL"),
)


def strip_code_fence(answer: str, *, language: str = "python") -> str:
    """The code inside a ```python fence, or the answer itself when it has no fence.

    A fence naming another language is refused with a reason, so ```js code is not run as Python.
    """
    text = answer.strip()
    match = _FENCE_OPEN.match(text)
    if match is None:
        if text.startswith("```"):
            # A one-line fence such as ```print(1)```.
            inner = text[3:]
            return inner[:-3].strip() if inner.endswith("```") else inner.strip()
        return text
    tag = match.group(1).lower()
    allowed = PYTHON_FENCES if language == "python" else {"", language}
    if tag not in allowed:
        raise ParseError(f"the code is fenced as {tag!r}; the answer must be {language.capitalize()}")
    body = text[match.end() :]
    body = _FENCE_CLOSE.sub("", body)
    return body.strip("\n")


def not_python_hint(source: str) -> str:
    """Why a source that does not compile is probably not Python at all, or an empty string."""
    for pattern, language in _OTHER_LANGUAGES:
        if pattern.search(source):
            return f"; it looks like {language}, not Python"
    words = re.findall(r"[A-Za-z]+", source)
    if len(words) >= 4 and not re.search(r"[=():\[\]]", source):
        return "; it reads like prose, not code"
    return ""
