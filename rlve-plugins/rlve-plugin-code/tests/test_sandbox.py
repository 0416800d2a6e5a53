"""The sandbox on its own: what a run reports, how values cross the boundary, limits, the pool."""

from __future__ import annotations

import os

import pytest

from rlve_plugin_code.sandbox import Job, Limits, SandboxPool, run, run_many
from rlve_plugin_code.sandbox.records import parse_records

FAST = Limits(wall_seconds=1.5, cpu_seconds=1)


def call(source: str, calls: list[list], entry: str = "f", limits: Limits = FAST) -> object:
    return run(Job("call", source, {"entry": entry, "arity": len(calls[0]) if calls else 1, "calls": calls}, limits))


def test_values_come_back_as_json_with_their_types():
    result = call("def f(x):\n    return [x, x * 1.5, str(x), x > 1, None, {'k': [x]}, (x, x)]", [[2]])
    assert result.status == "completed", result
    assert result.outcomes[0].value == [2, 3.0, "2", True, None, {"k": [2]}, [2, 2]]


def test_each_call_gets_a_fresh_copy_of_its_arguments():
    source = "seen = []\ndef f(xs):\n    xs.append(1)\n    seen.append(len(xs))\n    return len(seen), len(xs)"
    result = call(source, [[[0]], [[0]], [[0]]])
    assert [outcome.value for outcome in result.outcomes] == [[1, 2], [2, 2], [3, 2]]


def test_exceptions_are_outcomes_not_crashes():
    result = call("def f(x):\n    return 1 // x", [[1], [0], [2]])
    assert result.status == "completed"
    assert result.outcomes[0].value == 1
    assert result.outcomes[1].error.startswith("ZeroDivisionError")
    assert result.outcomes[2].value == 0


@pytest.mark.parametrize(
    ("source", "status", "words"),
    [
        ("def f(x) return x", "syntax_error", "line 1"),
        ("def f(x):\n\treturn x\n        return 1", "syntax_error", ""),
        ("x = 1\0", "syntax_error", "null"),
        ("raise ValueError('boom')", "load_error", "ValueError: boom"),
        ("def g(x):\n    return x", "missing_entry", "g"),
        ("f = 3", "not_callable", "int"),
        ("def f(x, y):\n    return x", "bad_signature", "requires 2"),
        ("def f():\n    return 1", "bad_signature", "takes 0"),
        ("def f(x, *, key):\n    return x", "bad_signature", "keyword-only"),
    ],
)
def test_bad_code_gets_a_status_that_says_why(source, status, words):
    result = call(source, [[1]])
    assert result.status == status, result
    assert words in result.message


def test_flexible_signatures_are_accepted():
    for source in ("def f(x, y=2):\n    return x + y", "def f(*args):\n    return args[0] + 2", "f = lambda x: x + 2"):
        result = call(source, [[1]])
        assert result.status == "completed" and result.outcomes[0].value == 3, (source, result)


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("object()", "type object"),
        ("{1, 2}", "type set"),
        ("float('nan')", "nan"),
        ("10 ** 5000", "too many digits"),
        ("{1: 2}", "key of type int"),
        ("'x' * 2_000_000", "characters"),
        ("b'bytes'", "type bytes"),
    ],
)
def test_only_plain_json_values_cross_the_boundary(value, reason):
    result = call(f"def f(x):\n    return {value}", [[1]])
    assert result.status == "completed"
    assert not result.outcomes[0].ok and reason in result.outcomes[0].error


def test_a_recursive_list_is_refused_not_looped_on():
    result = call("def f(x):\n    a = []\n    a.append(a)\n    return a", [[1]])
    assert "nested more than" in result.outcomes[0].error


def test_regex_and_sql_modes():
    result = run(Job("regex", "(ab)+", {"strings": ["ab", "abab", "aba", ""]}, FAST))
    assert [outcome.value for outcome in result.outcomes] == [True, True, False, False]
    assert run(Job("regex", "(", {"strings": ["a"]}, FAST)).status == "syntax_error"
    script = "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3);"
    payload = {"databases": [script, script + "INSERT INTO t VALUES (4);"], "max_rows": 10, "max_steps": 10**6}
    result = run(Job("sql", "SELECT SUM(x), COUNT(*) FROM t", payload, FAST))
    assert [outcome.value for outcome in result.outcomes] == [[[6, 3]], [[10, 4]]]
    for forbidden in ("DELETE FROM t", "ATTACH DATABASE 'x.db' AS x", "PRAGMA table_info(t)", "CREATE TABLE u (y)"):
        outcome = run(Job("sql", forbidden, payload, FAST)).outcomes[0]
        assert not outcome.ok and "not authorized" in outcome.error, forbidden


def test_a_runaway_sql_query_is_interrupted():
    payload = {"databases": ["CREATE TABLE t (x);"], "max_rows": 10, "max_steps": 100_000}
    query = "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c) SELECT COUNT(*) FROM c"
    outcome = run(Job("sql", query, payload, FAST)).outcomes[0]
    assert not outcome.ok and "interrupted" in outcome.error


def test_the_child_environment_is_minimal_and_hashing_is_reproducible(monkeypatch):
    monkeypatch.setenv("RLVE_TEST_SECRET", "hunter2")
    source = "import os\ndef f(x):\n    return [sorted(os.environ), str(hash('abc'))]"
    first, second = call(source, [[1]]), call(source, [[1]])
    names, hashed = first.outcomes[0].value
    assert "RLVE_TEST_SECRET" not in names and "PATH" in names
    assert hashed == second.outcomes[0].value[1]  # PYTHONHASHSEED=0: one answer, one verdict


def test_the_standard_library_is_importable_but_packages_are_not():
    source = (
        "import collections, functools, heapq, itertools, math, fractions, decimal, statistics, re, json, datetime\n"
        "def f(x):\n"
        "    try:\n        import rlve\n        return 'rlve importable'\n"
        "    except ImportError:\n        return math.isqrt(x)"
    )
    result = call(source, [[17]])
    assert result.outcomes[0].value == 4, result


def test_isolation_layers_are_reported():
    result = call("def f(x):\n    return x", [[1]])
    assert {"user", "filesystem"} <= set(result.isolation)
    if os.geteuid() == 0:
        assert result.isolation["user"].startswith("uid ") and result.uid is not None


def test_without_landlock_and_network_namespace_the_rest_still_holds():
    limits = Limits(wall_seconds=1.5, cpu_seconds=1, isolate_network=False, restrict_filesystem=False)
    source = "import fractions, os\ndef f(x):\n    return [str(fractions.Fraction(x, 4)), os.getuid() == 0]"
    result = call(source, [[2]], limits=limits)
    assert result.status == "completed" and result.outcomes[0].value == ["1/2", False]
    assert result.isolation["filesystem"] == "not restricted" and "network" not in result.isolation
    assert "syscalls" in result.isolation  # seccomp is independent of both switches


def test_record_parsing_rejects_anything_the_harness_did_not_write():
    nonce = b"n0nce"
    good = b'n0nce {"event":"ready","isolation":{}}\nn0nce {"i":0,"value":5}\nn0nce {"event":"done"}\n'
    records = parse_records(good, nonce, 1)
    assert records.tampered is None and records.done and records.outcomes[0].value == 5
    for bad in (
        b'n0nce {"i":0,"value":5}\nn0nce {"i":0,"value":6}\n',  # a second outcome for one input
        b'other {"i":0,"value":5}\n',  # the wrong nonce
        b'n0nce {"i":3,"value":5}\n',  # an input that does not exist
        b"n0nce [1, 2]\n",  # not an object
        b'n0nce {"i":0,"value":NaN}\n',  # not JSON the harness writes
        b"n0nce " + b"[" * 100_000 + b"\n",  # a parse bomb
    ):
        assert parse_records(bad, nonce, 1).tampered, bad
    # A record cut off by the child's death is simply missing.
    assert parse_records(b'n0nce {"i":0,"val', nonce, 1).outcomes == {}


def most_at_once(spans: list[tuple[float, float]]) -> int:
    """The largest number of (start, end) spans that overlap at one moment."""
    events = sorted([(start, 1) for start, _ in spans] + [(end, -1) for _, end in spans])
    running = peak = 0
    for _, step in events:
        running += step
        peak = max(peak, running)
    return peak


def test_run_many_runs_in_parallel_and_keeps_order():
    # Each job says when it ran; run one after the other, no two spans would overlap. This compares moments
    # (an order of events), not a duration against a limit, so a busy machine cannot fail it: every job
    # starts within a few hundred ms of the others even under load, while each sleeps 0.5 s.
    source = (
        "import time\ndef f(x):\n    start = time.time()\n    time.sleep(0.5)\n    return [10 * x, start, time.time()]"
    )
    jobs = [Job("call", source, {"entry": "f", "arity": 1, "calls": [[i]]}, FAST) for i in range(6)]
    with SandboxPool(max_workers=6) as pool:
        results = pool.run_many(jobs)
    values = [result.outcomes[0].value for result in results]
    assert [value[0] for value in values] == [0, 10, 20, 30, 40, 50]
    spans = [(start, end) for _, start, end in values]
    assert most_at_once(spans) >= 3, f"6 sleeping jobs, at most {most_at_once(spans)} at once: not parallel"
    assert [r.outcomes[0].value[0] for r in run_many(jobs[:2])] == [0, 10]


def test_workdir_is_fresh_and_removed():
    source = (
        "import os\ndef f(x):\n    open('scratch.txt', 'w').write('x')\n"
        "    return [os.getcwd(), sorted(os.listdir('.'))]"
    )
    result = call(source, [[1]])
    workdir, listing = result.outcomes[0].value
    assert listing == ["scratch.txt"]
    assert not os.path.exists(workdir)


def test_cleanup_never_touches_the_parent_of_the_tree(tmp_path):
    from rlve_plugin_code.sandbox.cleanup import remove_tree

    parent = tmp_path / "shared"
    parent.mkdir()
    os.chmod(parent, 0o1777)
    tree = parent / "work"
    (tree / "locked" / "deep").mkdir(parents=True)
    (tree / "locked" / "deep" / "file").write_text("x")
    os.symlink("/etc", tree / "link-out")
    os.chmod(tree / "locked", 0)
    remove_tree(str(tree))
    assert not tree.exists()
    assert oct(os.stat(parent).st_mode & 0o7777) == oct(0o1777)
    assert os.path.isdir("/etc/ssl") or os.path.isdir("/etc")  # the link was removed, not followed
