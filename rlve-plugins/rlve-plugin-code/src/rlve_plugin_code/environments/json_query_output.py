"""code/json_query_output: the result of a query in a small documented JSON query language on a shown document.

The language is JSONPath-like (``.field``, ``[i]``, ``[*]``, filters ``[?(@.a.b > 3)]``) with jq-like pipes
of functions (``| length()``, ``| sum()``, ``| sort()``, ...). Its traps are stated in the prompt and drawn on
purpose: missing fields are skipped, not null; a path with ``[*]`` or a filter gives an array even for one
match; negative indices count from the end; comparisons between different types never hold. The answer is
parsed as JSON (bounded) and compared as a value.
"""

from __future__ import annotations

import json
import random
import re
from math import isqrt
from typing import Any

from rlve import Instance, Verdict
from rlve.environment import Environment
from rlve.parse import ParseError
from rlve.scaling import taper

LANGUAGE = """The query language:
- A query is $ (the whole document) followed by steps, then optionally by | and a function, any number of times.
- The steps work on a list of values, starting with [the document], and each step maps every value to zero
  or more values:
  .name      the field name of an object; a value that is not an object or has no such field gives nothing
  [i]        element i of an array, counted from 0; a negative i counts from the end ([-1] is the last);
             an index out of range, or a value that is not an array, gives nothing
  [*]        every element of an array, in order (nothing for a value that is not an array)
  [?(@.path OP literal)]  the elements of an array that are objects whose .path (one or more .name steps)
             exists and compares true with the literal; OP is one of == != < <= > >=; numbers compare with
             numbers, strings with strings (character by character), true/false only with == and !=;
             a comparison between values of different types is false, even for !=
- If the steps contain no [*] and no filter, the result is the one value reached (null if none was reached);
  otherwise the result is the array of all values reached, in order (possibly empty or of one element).
- Functions, applied to the result so far:
  length()   the number of elements of an array, of fields of an object, or of characters of a string
  sum()      the sum of an array of numbers (0 for an empty array)
  max(), min()  the largest / smallest element of an array of numbers or of strings (null for an empty array)
  sort()     the array sorted ascending (numbers, or strings character by character)
  reverse()  the array in reverse order
  unique()   the array without repeated elements, each kept where it first occurs
  first(), last()  the first / last element of an array (null for an empty array)
  keys()     the field names of an object, sorted, as an array of strings"""

NAMES = ["ada", "bo", "cy", "dee", "eli", "fay", "gus", "hal", "ivy", "jo", "kai", "lu", "max", "ned", "oz", "pia"]
COLOURS = ["red", "blue", "green", "gold", "gray"]
TAGS = ["new", "sale", "eco", "hot", "rare", "bulk"]
COLLECTIONS = ["items", "orders", "users", "tasks", "books"]
NUMBER_FIELDS = ["price", "qty", "score", "rank"]
FUNCTIONS = ("length", "sum", "max", "min", "sort", "reverse", "unique", "first", "last", "keys")
MAX_ANSWER_CHARS = 20_000
MAX_DEPTH = 20


# -- evaluation ----------------------------------------------------------------------------------------------


def same_type(a: Any, b: Any) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool)
    if isinstance(a, int | float) or isinstance(b, int | float):
        return isinstance(a, int | float) and isinstance(b, int | float)
    return type(a) is type(b)


def compare(value: Any, op: str, literal: Any) -> bool:
    if not same_type(value, literal) or isinstance(value, list | dict):
        return False
    if isinstance(value, bool) and op not in ("==", "!="):
        return False
    return {
        "==": value == literal,
        "!=": value != literal,
        "<": value < literal,
        "<=": value <= literal,
        ">": value > literal,
        ">=": value >= literal,
    }[op]


def field_path(value: Any, names: list[str]) -> tuple[bool, Any]:
    for name in names:
        if not isinstance(value, dict) or name not in value:
            return False, None
        value = value[name]
    return True, value


def apply_step(step: tuple, values: list[Any]) -> list[Any]:
    kind = step[0]
    out: list[Any] = []
    for value in values:
        if kind == "field":
            if isinstance(value, dict) and step[1] in value:
                out.append(value[step[1]])
        elif kind == "index":
            if isinstance(value, list) and -len(value) <= step[1] < len(value):
                out.append(value[step[1]])
        elif kind == "all":
            if isinstance(value, list):
                out.extend(value)
        elif isinstance(value, list):  # filter
            _, names, op, literal = step
            for element in value:
                found, inner = field_path(element, names)
                if found and compare(inner, op, literal):
                    out.append(element)
    return out


def apply_function(name: str, value: Any) -> Any:
    if name == "length":
        return len(value)
    if name == "sum":
        return sum(value)
    if name in ("max", "min"):
        return (max if name == "max" else min)(value) if value else None
    if name == "sort":
        return sorted(value)
    if name == "reverse":
        return value[::-1]
    if name == "unique":
        seen: list[Any] = []
        for item in value:
            if not any(item == other and same_type(item, other) for other in seen):
                seen.append(item)
        return seen
    if name in ("first", "last"):
        return (value[0] if name == "first" else value[-1]) if value else None
    return sorted(value)  # keys


def evaluate(document: Any, steps: list[tuple], functions: list[str]) -> Any:
    values = [document]
    for step in steps:
        values = apply_step(step, values)
    if any(step[0] in ("all", "filter") for step in steps):
        result: Any = values
    else:
        result = values[0] if values else None
    for name in functions:
        result = apply_function(name, result)
    return result


# -- rendering -----------------------------------------------------------------------------------------------


def render_step(step: tuple) -> str:
    if step[0] == "field":
        return f".{step[1]}"
    if step[0] == "index":
        return f"[{step[1]}]"
    if step[0] == "all":
        return "[*]"
    _, names, op, literal = step
    return f"[?(@.{'.'.join(names)} {op} {json.dumps(literal)})]"


def render_query(steps: list[tuple], functions: list[str]) -> str:
    return "$" + "".join(render_step(step) for step in steps) + "".join(f" | {name}()" for name in functions)


# -- drawing -------------------------------------------------------------------------------------------------


def draw_record(rng: random.Random, numbers: list[str], record_id: int, difficulty: int) -> dict[str, Any]:
    record: dict[str, Any] = {"id": record_id, "name": rng.choice(NAMES)}
    for field in numbers:
        if rng.random() < 0.85:  # some records lack a field: skipped by .field, not null
            record[field] = rng.randint(0, 60)
    if rng.random() < 0.8:
        record["tags"] = rng.sample(TAGS, rng.randint(0, 3))
    if difficulty >= 4 and rng.random() < 0.85:
        record["meta"] = {"group": rng.choice(COLOURS), "level": rng.randint(1, 5)}
    if difficulty >= 6:
        record["active"] = rng.random() < 0.5
    return record


def draw_document(rng: random.Random, difficulty: int, records: int) -> dict[str, Any]:
    names = rng.sample(COLLECTIONS, 2 if difficulty >= 8 else 1)
    numbers = rng.sample(NUMBER_FIELDS, 2)
    owner = {"name": rng.choice(NAMES), "level": rng.randint(1, 9)}
    document: dict[str, Any] = {"version": rng.randint(1, 9), "owner": owner}
    sizes = [records] if len(names) == 1 else [records - records // 3, records // 3]
    next_id = 1
    for name, size in zip(names, sizes):
        document[name] = [draw_record(rng, numbers, next_id + i, difficulty) for i in range(size)]
        next_id += size
    return document


def draw_query(rng: random.Random, difficulty: int, document: dict[str, Any]) -> tuple[list[tuple], list[str]]:
    collections = [key for key, value in document.items() if isinstance(value, list)]
    records = document[collections[0]] if len(collections) == 1 else document[rng.choice(collections)]
    collection = next(key for key in collections if document[key] is records)
    fields = sorted({field for record in records for field in record})
    if difficulty < 2:
        if rng.random() < 0.5:
            return [("field", "owner"), ("field", rng.choice(["name", "level"]))], []
        return [("field", collection), ("index", rng.randrange(len(records))), ("field", rng.choice(fields))], []
    shape = rng.choice(["index", "all", "all", "filter", "filter"] if difficulty >= 5 else ["index", "all"])
    steps: list[tuple] = [("field", collection)]
    if shape == "index":
        steps.append(("index", rng.choice([rng.randrange(len(records)), -rng.randint(1, len(records))])))
    elif shape == "all":
        steps.append(("all",))
    else:
        steps.append(draw_filter(rng, difficulty, records))
    leaf = rng.choice([field for field in fields if field != "id"]) if rng.random() < 0.9 else "id"
    if leaf == "meta" and difficulty >= 4:
        steps += [("field", "meta"), ("field", rng.choice(["group", "level"]))]
    elif leaf == "tags" and shape != "index" and difficulty >= 10 and rng.random() < 0.5:
        steps += [("field", "tags"), ("all",)]
    elif leaf == "tags" and rng.random() < 0.5:
        steps += [("field", "tags"), ("index", rng.choice([0, -1]))]
    else:
        steps.append(("field", leaf))
    functions: list[str] = []
    if difficulty >= 3:
        functions = pipe(rng, difficulty, evaluate(document, steps, []))
    return steps, functions


def draw_filter(rng: random.Random, difficulty: int, records: list[dict[str, Any]]) -> tuple:
    candidates: list[tuple[list[str], Any]] = []
    for record in records:
        for field, value in record.items():
            if isinstance(value, int | str) and not isinstance(value, bool) and field != "id":
                candidates.append(([field], value))
            elif isinstance(value, bool):
                candidates.append(([field], value))
            elif isinstance(value, dict) and difficulty >= 8:
                candidates += [([field, inner], item) for inner, item in value.items()]
    names, value = rng.choice(candidates)
    if isinstance(value, bool):
        return ("filter", names, rng.choice(["==", "!="]), rng.choice([True, False]))
    if isinstance(value, str):
        op = rng.choice(["==", "!=", "<", ">"] if difficulty >= 12 else ["==", "!="])
        return ("filter", names, op, value)
    op = rng.choice(["<", "<=", ">", ">=", "==", "!="])
    literal = value + rng.choice([-1, 0, 0, 1])
    if difficulty >= 12 and rng.random() < 0.2:
        literal = str(literal)  # a number written as a string: matches nothing, even with !=
    return ("filter", names, op, literal)


def pipe(rng: random.Random, difficulty: int, value: Any) -> list[str]:
    """Functions that apply to the value (and to each other's results): up to 1 + d // 8 of them."""
    functions: list[str] = []
    for _ in range(1 + min(difficulty, 30) // 8):
        options = [name for name in usable(value) if name not in functions]
        if functions and functions[-1] in ("sort", "reverse"):
            # after reordering only what depends on the order is worth asking
            options = [name for name in options if name in ("first", "last", "unique")]
        if not options or rng.random() < 0.2 and functions:
            break
        name = rng.choice(options)
        functions.append(name)
        value = apply_function(name, value)
    return functions


def usable(value: Any) -> list[str]:
    if isinstance(value, dict):
        return ["length", "keys"]
    if isinstance(value, str):
        return ["length"]
    if not isinstance(value, list):
        return []
    options = ["length", "reverse", "first", "last"]
    if all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        options += ["sum", "max", "min", "sort", "unique", "sort", "sum"]
    elif all(isinstance(v, str) for v in value):
        options += ["max", "min", "sort", "unique", "sort"]
    return options


# -- reading the answer --------------------------------------------------------------------------------------

_NESTING = re.compile(r"[\[{]")


def parse_json_answer(text: str) -> Any:
    """The answer as a JSON value; bounded in length and nesting, no NaN or Infinity."""
    text = text.strip()
    if text.startswith("```"):
        text = re.sub(r"^```[a-z]*\s*|\s*```$", "", text)
    if len(text) > MAX_ANSWER_CHARS:
        raise ParseError("the answer is too long")
    if len(_NESTING.findall(text)) > 5_000:
        raise ParseError("the answer nests too many arrays and objects")
    depth = deepest = 0
    for char in text:
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    if deepest > MAX_DEPTH:
        raise ParseError("the answer nests too deeply")

    def refuse(constant: str) -> Any:
        raise ParseError(f"{constant} is not JSON")

    try:
        return json.loads(text, parse_constant=refuse)
    except (ValueError, RecursionError) as error:
        raise ParseError(f"not valid JSON: {str(error)[:80]}") from error


def same_json(got: Any, expected: Any) -> bool:
    """Equal as JSON values: 3 and 3.0 are the same number, but true is not 1 and key order does not matter."""
    if isinstance(expected, bool) or isinstance(got, bool):
        return isinstance(got, bool) and isinstance(expected, bool) and got == expected
    if isinstance(expected, int | float):
        return isinstance(got, int | float) and got == expected
    if isinstance(expected, list):
        return isinstance(got, list) and len(got) == len(expected) and all(map(same_json, got, expected))
    if isinstance(expected, dict):
        return isinstance(got, dict) and got.keys() == expected.keys() and all(
            same_json(got[key], expected[key]) for key in expected
        )
    return type(got) is type(expected) and got == expected


def show_document(document: dict[str, Any]) -> str:
    """The document as JSON with one top-level field per line and one record per line."""
    lines = []
    for key, value in document.items():
        if isinstance(value, list):
            inner = ",\n".join(f"    {json.dumps(record)}" for record in value)
            lines.append(f"  {json.dumps(key)}: [\n{inner}\n  ]")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}"


def records_for(difficulty: int) -> int:
    t = taper(difficulty)
    return 3 + (t if t <= 30 else 30 + isqrt(t - 30))


class JsonQueryOutput(Environment):
    id = "code/json_query_output"
    version = 1
    description = (
        "Give the result of a query in a small documented JSON query language (paths, indices, [*], filters, "
        "piped functions) on a shown JSON document."
    )
    difficulty_scales = (
        "records in the document: 3 + d (slower past d=30); indices and [*] from d=2, piped functions from d=3 "
        "(1 + d // 8 of them), nested objects from d=4, filters from d=5, booleans from d=6, a second collection "
        "and nested filter paths from d=8, flattening [*] twice from d=10, string comparisons and type "
        "mismatches from d=12"
    )
    size_name = "records"
    answer_format = "a JSON value (a number, a string in double quotes, true/false/null, an array or an object)"
    tags = ("code", "tracing", "json", "queries")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        records = records_for(difficulty)
        document = draw_document(rng, difficulty, records)
        for _ in range(30):
            steps, functions = draw_query(rng, difficulty, document)
            result = evaluate(document, steps, functions)
            if result not in (None, [], {}) or rng.random() < 0.1:
                break
        query = render_query(steps, functions)
        shown = show_document(document)
        prompt = (
            f"{LANGUAGE}\n\nThe document:\n\n{shown}\n\nWhat is the result of this query?\n\n    {query}\n\n"
            "Give it as JSON."
        )
        answer = json.dumps(result)
        return Instance(prompt=prompt, answer=answer, data={"expected": result}, size=records)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        got = parse_json_answer(answer)
        if same_json(got, data["expected"]):
            return Verdict.right()
        expected = data["expected"]
        if isinstance(expected, list) and isinstance(got, list) and len(got) != len(expected):
            return Verdict.wrong(f"the result has {len(expected)} elements, not {len(got)}")
        if isinstance(expected, list) and not isinstance(got, list):
            return Verdict.wrong("the result is an array")
        return Verdict.wrong("not the query's result")
