"""`rlve eval`: the frontier search, the backends (a local model, an OpenAI-compatible server), the history rows,
the report, a curriculum that starts at the measured frontier, and bad input."""

from __future__ import annotations

import json
import random
import sqlite3
import sys
import threading
import types

import pytest
from chat_server import ChatServer
from click.testing import CliRunner

from rlve import registry as rlve_registry
from rlve.errors import RlveError
from rlve_trainer.evaluation import records
from rlve_trainer.evaluation.backends import BackendError, Sampling
from rlve_trainer.evaluation.backends.openai_server import OpenAIServer
from rlve_trainer.evaluation.frontier import Tally, generations_bound, search, wilson_interval
from rlve_trainer.evaluation.progress import EvalProgress
from rlve_trainer.evaluation.runner import SearchSettings, evaluate

# -- the search, on simulated models ------------------------------------------------------------


def test_wilson_interval_matches_the_textbook_values():
    low, high = wilson_interval(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    assert wilson_interval(0, 0) == (0.0, 1.0)


def step_model(frontier: int):
    """Every answer right up to ``frontier``, every one wrong above it; counts the answers it gives."""
    used = []

    def score(difficulty, start, count):
        used.append(count)
        return Tally(count if difficulty <= frontier else 0, count)

    return score, used


@pytest.mark.parametrize("true_frontier", [*range(0, 20), 31, 64, 100, 1000])
def test_search_finds_a_sharp_frontier_exactly_within_the_documented_cost(true_frontier):
    score, used = step_model(true_frontier)
    result = search(score, threshold=0.5, problems=16, chunk=16)
    assert result.frontier == true_frontier and result.failed_at == true_frontier + 1
    assert sum(used) == result.answers <= generations_bound(true_frontier, 16)


def test_a_model_failing_everything_has_no_frontier_and_one_passing_everything_is_capped():
    score, used = step_model(-1)
    result = search(score, threshold=0.5, problems=8)
    assert result.frontier is None and result.failed_at == 0 and sum(used) == 8
    score, _ = step_model(10**9)
    result = search(score, threshold=0.5, problems=8, max_difficulty=100)
    assert result.frontier == 100 and result.capped
    assert [level.difficulty for level in result.levels] == [0, 1, 2, 4, 8, 16, 32, 64, 100]


def noisy_model(frontier: int, seed: int):
    """Accuracy falls steeply around ``frontier`` (0.9 at it, 0.1 one level above); answers drawn at random."""
    rng = random.Random(seed)

    def score(difficulty, start, count):
        p = 0.9 if difficulty <= frontier else 0.1
        return Tally(sum(rng.random() < p for _ in range(count)), count)

    return score


def test_search_on_a_noisy_model_lands_within_one_level():
    misses = []
    for seed in range(30):
        true_frontier = 3 + seed
        result = search(noisy_model(true_frontier, seed), threshold=0.5, problems=32, chunk=8)
        if abs(result.frontier - true_frontier) > 1:
            misses.append((true_frontier, result.frontier))
    assert len(misses) <= 1, misses


def test_a_clear_level_is_decided_before_all_its_problems_are_used():
    score, used = step_model(5)
    result = search(score, threshold=0.5, problems=64, chunk=8)
    assert result.frontier == 5
    assert all(level.early and level.answers == 8 for level in result.levels)
    assert result.answers < 64 * len(result.levels) // 4
    grid = 31 * 64  # a fixed grid d = 0..30 with the same problems per level
    assert result.answers * 10 < grid


def test_every_chunk_of_a_level_reports_its_running_tally():
    score, _ = step_model(3)
    seen = []
    search(score, threshold=0.5, problems=32, chunk=8, on_chunk=seen.append)
    at_four = [running for running in seen if running.difficulty == 4]
    assert at_four and [running.used for running in at_four] == [8 * (i + 1) for i in range(len(at_four))]
    assert all(running.problems == 32 and running.answers >= running.correct for running in at_four)


class Terminal:
    """A stream that says it is a terminal, and keeps what was written."""

    def __init__(self, tty: bool):
        self.tty, self.text = tty, ""

    def isatty(self) -> bool:
        return self.tty

    def write(self, text: str) -> None:
        self.text += text

    def flush(self) -> None:
        pass


def test_the_live_line_follows_a_level_on_a_terminal_and_stays_out_of_logs():
    from rlve_trainer.evaluation.frontier import RunningLevel

    for tty in (True, False):
        stream = Terminal(tty)
        progress = EvalProgress(width=13, stream=stream)
        progress.chunk("math/addition", RunningLevel(difficulty=8, used=16, problems=32, correct=13, answers=16))
        progress.line("  math/addition  d=8 passed")
        live = "d=8     16/32 problems, 13/16 right = 0.81 so far"
        if tty:
            assert live in stream.text and stream.text.endswith("\r  math/addition  d=8 passed\n")
        else:
            assert stream.text == "  math/addition  d=8 passed\n"


# -- end to end: the command line, a local tiny model, an OpenAI-compatible server ---------------


def rlve(rlve_cli, *args, env=None):
    return CliRunner().invoke(rlve_cli, [str(a) for a in args], catch_exceptions=False, env=env)


def db_rows(path, query):
    with sqlite3.connect(path) as connection:
        connection.row_factory = sqlite3.Row
        return [dict(row) for row in connection.execute(query)]


def test_local_model_evaluation_is_recorded_and_reported(rlve_cli, tiny_model, tmp_path):
    out = tmp_path / "runs"
    result = rlve(
        rlve_cli, "eval", tiny_model, "--envs", "graph/shortest_path", "--problems", "4", "--max-tokens", "6",
        "--name", "tiny-eval", "--output", out,
    )
    assert result.exit_code == 0, result.output
    db = out / "history.db"
    [evaluation] = db_rows(db, "SELECT * FROM evaluations")
    assert evaluation["status"] == "finished" and evaluation["backend"] == "hf" and evaluation["name"] == "tiny-eval"
    version = rlve_registry().get("graph/shortest_path").version
    assert json.loads(evaluation["environments"]) == {"graph/shortest_path": version}
    levels = db_rows(db, "SELECT * FROM evaluation_results")
    assert levels and all(row["answers"] == 4 for row in levels)
    [frontier] = db_rows(db, "SELECT * FROM evaluation_frontiers")
    assert frontier["env"] == "graph/shortest_path" and frontier["answers"] == sum(r["answers"] for r in levels)
    assert "graph/shortest_path" in result.output and "frontier" in result.output

    report = rlve(rlve_cli, "eval", "report", "tiny-eval", "--json", "--output", out, "-o", tmp_path / "f.png")
    assert report.exit_code == 0, report.output
    body = json.loads(report.stdout)
    assert body["id"] == evaluation["id"] and body["environments"][0]["levels"][0]["answers"] == 4
    assert (tmp_path / "f.png").stat().st_size > 1000
    listed = rlve(rlve_cli, "eval", "list", "--output", out)
    assert evaluation["id"] in listed.output and "finished" in listed.output


def test_openai_server_serving_the_tiny_model(rlve_cli, tiny_model, tmp_path, fakes):
    from rlve_trainer.evaluation.backends.local import LocalModel

    local = LocalModel(str(tiny_model), Sampling(max_tokens=6))
    with ChatServer(lambda messages: local.complete([messages])[0][0], fail_first=2) as server:
        result = rlve(
            rlve_cli, "eval", "tiny", "--base-url", server.base_url, "--envs", "graph/shortest_path",
            "testfake/always_right", "--problems", "4", "--max-difficulty", "4", "--output", tmp_path,
        )
    assert result.exit_code == 0, result.output
    [evaluation] = db_rows(tmp_path / "history.db", "SELECT * FROM evaluations")
    settings = json.loads(evaluation["settings"])
    assert evaluation["backend"] == "openai" and settings["base_url"] == server.base_url
    frontiers = {row["env"]: row for row in db_rows(tmp_path / "history.db", "SELECT * FROM evaluation_frontiers")}
    always = frontiers["testfake/always_right"]
    assert always["frontier"] == 4 and always["capped"] == 1  # every level up to --max-difficulty passed
    assert ">= 4" in result.output


class FakeVLLM(types.ModuleType):
    """A stand-in for the ``vllm`` package (it needs a GPU): the offline API as vLLM documents it (``LLM(model=,
    trust_remote_code=, seed=)``, ``SamplingParams(...)``, ``LLM.chat(list of conversations, params, use_tqdm=)``
    returning one request output per conversation with ``.outputs[i].text``), generating with the tiny model."""

    __version__ = "0.0-fake"

    def __init__(self):
        super().__init__("vllm")
        self.calls: dict[str, object] = {}
        fake = self

        class SamplingParams:
            def __init__(self, **kwargs):
                fake.calls["sampling"] = kwargs
                self.n = kwargs["n"]
                self.max_tokens = kwargs["max_tokens"]

        class LLM:
            def __init__(self, **kwargs):
                from rlve_trainer.evaluation.backends.local import LocalModel

                fake.calls["llm"] = kwargs
                self.local = LocalModel(kwargs["model"], Sampling(max_tokens=6))

            def chat(self, conversations, params, use_tqdm=True):
                fake.calls.setdefault("batches", []).append(len(conversations))
                texts = self.local.complete(conversations)
                return [
                    types.SimpleNamespace(outputs=[types.SimpleNamespace(text=t) for t in batch * params.n])
                    for batch in texts
                ]

        self.SamplingParams, self.LLM = SamplingParams, LLM


def test_the_vllm_backend_drives_vllms_offline_api_and_records_it(rlve_cli, tiny_model, tmp_path, monkeypatch):
    # vLLM needs a GPU, so this checks rlve's side of the API; `nox -s gpu-smoke` runs the real one where there is one.
    fake = FakeVLLM()
    monkeypatch.setitem(sys.modules, "vllm", fake)
    result = rlve(
        rlve_cli, "eval", tiny_model, "--backend", "vllm", "--envs", "graph/shortest_path", "--problems", "4",
        "--max-tokens", "6", "--output", tmp_path,
    )
    assert result.exit_code == 0, result.output
    assert fake.calls["llm"]["model"] == str(tiny_model) and fake.calls["llm"]["trust_remote_code"] is False
    assert fake.calls["sampling"] == {"temperature": 0.0, "max_tokens": 6, "n": 1, "seed": 0}
    assert fake.calls["batches"] and all(size >= 1 for size in fake.calls["batches"])
    [evaluation] = db_rows(tmp_path / "history.db", "SELECT * FROM evaluations")
    settings = json.loads(evaluation["settings"])
    assert evaluation["backend"] == "vllm" and settings["vllm"] == "0.0-fake" and settings["max_tokens"] == 6
    levels = db_rows(tmp_path / "history.db", "SELECT * FROM evaluation_results")
    assert levels and all(row["answers"] == 4 for row in levels)


def test_without_vllm_the_backend_says_what_to_use_instead(rlve_cli, tiny_model, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "vllm", None)  # import vllm raises ImportError
    result = rlve(rlve_cli, "eval", tiny_model, "--backend", "vllm", "--envs", "graph/shortest_path",
                  "--output", tmp_path)
    assert result.exit_code == 2 and "vLLM is not installed" in result.output and "--base-url" in result.output
    assert "Traceback" not in result.output


def test_the_client_retries_keeps_to_its_concurrency_and_sends_the_key(monkeypatch):
    monkeypatch.setenv("MY_KEY", "sekret")
    barrier = threading.Barrier(2)  # the server holds each request until a second one is in flight (12: pairs)
    with ChatServer(lambda messages: "<answer>1</answer>", fail_first=3, api_key="sekret", barrier=barrier) as server:
        client = OpenAIServer(
            server.base_url, "m", Sampling(), api_key_env="MY_KEY", concurrency=2, retries=5, backoff=0.01
        )
        client.check()
        texts = client.complete([[{"role": "user", "content": str(i)}] for i in range(12)])
    assert texts == [["<answer>1</answer>"]] * 12
    assert server.most_in_flight == 2 and client.retried == 3
    assert "sekret" not in json.dumps(client.settings())


def test_the_client_gives_up_with_the_servers_words():
    with ChatServer(lambda messages: "x", fail_first=100) as server:
        client = OpenAIServer(server.base_url, "m", Sampling(), retries=2, backoff=0.01)
        with pytest.raises(BackendError, match="still failing after 2 retries: HTTP 429"):
            client.complete([[{"role": "user", "content": "hi"}]])
    with ChatServer(lambda messages: "x", api_key="right") as server:
        client = OpenAIServer(server.base_url, "m", Sampling(), api_key_env="RLVE_TEST_NO_SUCH_KEY")
        with pytest.raises(BackendError, match="RLVE_TEST_NO_SUCH_KEY"):
            client.check()


# -- bad input: one line, exit 2, nothing written -----------------------------------------------


def assert_one_line_error(result, *fragments):
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.strip().splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error:"), result.output
    for fragment in fragments:
        assert fragment in lines[0], lines[0]


def test_bad_input_is_one_line_and_writes_nothing(rlve_cli, tiny_model, tmp_path):
    out = tmp_path / "runs"
    cases = [
        (["eval", tiny_model, "--envs", "math/no_such_env"], ["math/no_such_env"]),
        (["eval", tmp_path / "missing", "--envs", "math/addition"], ["does not exist"]),
        (["eval", "m", "--base-url", "http://127.0.0.1:9/v1", "--envs", "math/addition", "--timeout", "5"],
         ["cannot reach http://127.0.0.1:9/v1"]),
        (["eval", tiny_model, "--envs", "math/addition", "--n", "4"], ["--temperature"]),
        (["eval", tiny_model, "--envs", "math/addition", "--base-url", "ftp://x", "--backend", "openai"],
         ["http://"]),
    ]
    for args, fragments in cases:
        assert_one_line_error(rlve(rlve_cli, *args, "--output", out), *fragments)
    usage = rlve(rlve_cli, "eval", tiny_model, "--output", out)
    assert usage.exit_code == 2 and "--envs" in usage.output
    assert not (out / "history.db").exists()


def test_a_model_without_a_chat_template_is_refused(rlve_cli, tmp_path, no_template_model):
    result = rlve(rlve_cli, "eval", no_template_model, "--envs", "math/addition", "--output", tmp_path / "runs")
    assert_one_line_error(result, "no chat template")
    assert not (tmp_path / "runs" / "history.db").exists()


@pytest.fixture()
def no_template_model(tmp_path, tiny_model):
    import shutil

    folder = tmp_path / "no-template"
    shutil.copytree(tiny_model, folder)
    (folder / "chat_template.jinja").unlink(missing_ok=True)
    config_path = folder / "tokenizer_config.json"
    data = json.loads(config_path.read_text())
    data.pop("chat_template", None)
    config_path.write_text(json.dumps(data))
    return folder


# -- stopping keeps what was measured --------------------------------------------------------------


class InterruptedBackend:
    """Answers the first call, then Ctrl-C arrives."""

    kind = "test"

    def __init__(self):
        self.calls = 0

    def complete(self, conversations):
        self.calls += 1
        if self.calls > 1:
            raise KeyboardInterrupt
        return [["<answer>0</answer>"] for _ in conversations]

    def settings(self):
        return {}

    def close(self):
        pass


def new_evaluation(engine, evaluation_id, environments):
    records.create(
        engine, evaluation_id=evaluation_id, name=None, model="m", backend="test", settings={}, packages={},
        environments=environments, threshold=0.5, problems=4,
    )


def test_ctrl_c_marks_the_evaluation_stopped_and_keeps_its_levels(tmp_path, fakes):
    from rlve_trainer.history.engine import open_engine

    engine = open_engine(f"sqlite:///{tmp_path / 'h.db'}")
    new_evaluation(engine, "e1", {"testfake/always_right": 1})
    env = {"testfake/always_right": rlve_registry().get("testfake/always_right")}
    with pytest.raises(KeyboardInterrupt):
        evaluate(engine, "e1", InterruptedBackend(), env, SearchSettings(problems=4, chunk=4))
    assert records.get(engine, "e1")["status"] == "stopped"
    assert [row["difficulty"] for row in records.results(engine, "e1")] == [0]
    engine.dispose()


# -- a curriculum that starts at the frontier ---------------------------------------------------------


def test_from_eval_starts_each_band_at_its_frontier_and_refuses_other_versions(tmp_path, fakes):
    from rlve_trainer.config import CurriculumSection, ModelSection, TrainConfig
    from rlve_trainer.evaluation.frontier import Frontier
    from rlve_trainer.history.engine import open_engine
    from rlve_trainer.preflight import make_curriculum

    url = f"sqlite:///{tmp_path / 'h.db'}"
    engine = open_engine(url)
    new_evaluation(engine, "e1", {})
    versions = {env_id: rlve_registry().get(env_id).version for env_id in ("math/addition", "graph/shortest_path")}
    records.write_frontier(engine, "e1", "math/addition", versions["math/addition"], Frontier(frontier=6, failed_at=7))
    records.write_frontier(
        engine, "e1", "graph/shortest_path", versions["graph/shortest_path"], Frontier(frontier=None, failed_at=0)
    )
    records.write_frontier(engine, "e1", "math/signed_sum", 99, Frontier(frontier=3, failed_at=4))
    engine.dispose()

    def config(envs, strategy="adaptive"):
        return TrainConfig(
            model=ModelSection(tiny=True), envs=envs, db=url,
            curriculum=CurriculumSection(strategy=strategy, params={"initial_difficulty": "from-eval:e1"}),
        )

    both = ["math/addition", "graph/shortest_path"]
    curriculum = make_curriculum(config(both), both)
    bands = curriculum.bands()
    assert (bands["math/addition"].high, bands["graph/shortest_path"].high) == (6, 0)
    target = make_curriculum(config(["math/addition"], "target"), ["math/addition"])
    assert target.bands()["math/addition"].high == 6
    with pytest.raises(RlveError, match="evaluated at version 99, installed"):
        make_curriculum(config(["math/signed_sum"]), ["math/signed_sum"])
    with pytest.raises(RlveError, match="no frontier for math/gcd_lcm"):
        make_curriculum(config(["math/gcd_lcm"]), ["math/gcd_lcm"])
    bad = TrainConfig(model=ModelSection(tiny=True), envs=["math/addition"], db=url,
                      curriculum=CurriculumSection(params={"initial_difficulty": "frontier"}))
    with pytest.raises(RlveError, match="must be an integer or from-eval:EVAL"):
        make_curriculum(bad, ["math/addition"])
