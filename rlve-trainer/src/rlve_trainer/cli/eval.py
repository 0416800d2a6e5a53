"""``rlve eval``: a model's frontier per environment; ``report`` and ``list`` read evaluations back.

``rlve eval MODEL --envs PATTERN [PATTERN ...]`` runs one (a local model folder, or a served model's
name with ``--base-url``); ``rlve eval report EVAL`` and ``rlve eval list`` read the history database.
"""

from __future__ import annotations

import sys

import click

from rlve_trainer.cli.options import location_options
from rlve_trainer.paths import db_url


class EvalGroup(click.Group):
    """``rlve eval MODEL ...`` runs an evaluation; a first word that names a subcommand (report, list) runs that."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not any(arg in ("--help", "-h") for arg in args[:1]) and (not args or args[0] not in self.commands):
            args = ["run", *args]
        return super().parse_args(ctx, args)


@click.group(cls=EvalGroup, name="eval")
def eval_group() -> None:
    """Up to which difficulty does a model solve each environment? Its frontier, per environment.

    \b
    rlve eval ./checkpoint-500 --envs 'math/*' 'logic/*' --threshold 0.5 --problems 32
    rlve eval Qwen2.5-7B --base-url http://127.0.0.1:8000/v1 --envs 'graph/*' --concurrency 64
    rlve eval ./model --backend vllm --envs 'code/*'
    rlve eval report EVAL -o frontier.png
    rlve train run.toml --set curriculum.params.initial_difficulty=from-eval:EVAL

    See `rlve eval run --help` for every option.
    """


@eval_group.command()
@click.argument("targets", nargs=-1, required=True, metavar="MODEL [PATTERN ...]")
@click.option("--envs", "envs", multiple=True, metavar="PATTERN", help="environments: ids, packs or globs (repeatable; "
              "more patterns may follow it as plain arguments)")
@click.option("--threshold", default=0.5, show_default=True, type=click.FloatRange(0, 1, min_open=True),
              help="the accuracy a level must reach to pass")
@click.option("--problems", default=32, show_default=True, type=click.IntRange(1, 100_000),
              help="held-out problems per level at most (fewer when the interval decides early)")
@click.option("--chunk", default=8, show_default=True, type=click.IntRange(1), help="problems between two looks")
@click.option("--max-difficulty", default=1024, show_default=True, type=click.IntRange(0),
              help="the search stops here; a model passing it gets a frontier of '>= MAX'")
@click.option("--backend", type=click.Choice(["hf", "vllm", "openai"]), default=None,
              help="hf (local model, default), vllm (offline, where installed), openai (any compatible server; "
              "the default with --base-url)")
@click.option("--base-url", metavar="URL", help="an OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1")
@click.option("--api-key-env", default="OPENAI_API_KEY", show_default=True, metavar="VAR",
              help="environment variable holding the server's API key (never passed on the command line)")
@click.option("--concurrency", default=8, show_default=True, type=click.IntRange(1), help="requests at once (openai)")
@click.option("--timeout", default=120.0, show_default=True, type=click.FloatRange(0, min_open=True),
              help="seconds per request (openai)")
@click.option("--retries", default=5, show_default=True, type=click.IntRange(0),
              help="retries of a request on 429, 5xx or a dropped connection, with backoff (openai)")
@click.option("--batch-size", default=16, show_default=True, type=click.IntRange(1), help="prompts per generate (hf)")
@click.option("--temperature", default=0.0, show_default=True, type=float, help="0: greedy")
@click.option("--max-tokens", default=1024, show_default=True, type=click.IntRange(1), help="per completion")
@click.option("--n", "n", default=1, show_default=True, type=click.IntRange(1),
              help="completions per problem, each scored (needs --temperature > 0)")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(0), help="picks the held-out problems")
@click.option("--system-prompt", metavar="TEXT", help="a system message before every problem")
@click.option("--verify-timeout", default=10.0, show_default=True, type=click.FloatRange(0, min_open=True),
              help="seconds per answer for environments that run code")
@click.option("--name", metavar="NAME", help="a name for the evaluation (report and from-eval: accept it)")
@click.option("--trust-remote-code", is_flag=True, help="let transformers/vLLM run the model folder's own code")
@click.option("--quiet", is_flag=True, help="only the final table")
@location_options
def run(targets, envs, threshold, problems, chunk, max_difficulty, backend, base_url, api_key_env, concurrency,
        timeout, retries, batch_size, temperature, max_tokens, n, seed, system_prompt, verify_timeout, name,
        trust_remote_code, quiet, db, output):
    """Find MODEL's frontier on every selected environment and record it in the history database."""
    from rlve.errors import RlveError
    from rlve_trainer import packs
    from rlve_trainer.evaluation.backends import Sampling

    model, patterns = targets[0], [*envs, *targets[1:]]
    if not patterns:
        raise click.UsageError("name the environments: --envs PATTERN (an id such as math/addition, a pack, a glob)")
    environments = packs.environments(patterns)
    sampling = Sampling(temperature=temperature, max_tokens=max_tokens, n=n, seed=seed)
    url = db_url(db, output)
    from rlve_trainer.history.engine import check_url

    check_url(url)
    kind = backend or ("openai" if base_url else "hf")
    from rlve_trainer.evaluation.backends import open_backend

    opened = open_backend(
        kind, model, sampling, base_url=base_url, api_key_env=api_key_env, concurrency=concurrency,
        timeout=timeout, retries=retries, batch_size=batch_size, trust_remote_code=trust_remote_code,
    )
    from rlve_trainer.evaluation.runner import SearchSettings, begin, evaluate
    from rlve_trainer.history.engine import open_engine
    from rlve_trainer.paths import rlve_command

    settings = SearchSettings(
        threshold=threshold, problems=problems, chunk=min(chunk, problems), max_difficulty=max_difficulty,
        eval_seed=seed, verify_timeout=verify_timeout, system_prompt=system_prompt,
    )
    engine = open_engine(url)
    evaluation_id = begin(
        engine, name=name, model=model, backend=opened, environments=environments, settings=settings
    )
    from rlve_trainer.evaluation.progress import EvalProgress

    width = max(len(env_id) for env_id in environments)
    progress = EvalProgress(width, enabled=not quiet)
    say = progress.line
    say(f"evaluation {evaluation_id}: {model} via {kind} on {len(environments)} environments; threshold "
        f"{threshold:g}, up to {problems} problems per level; history {url}")

    def on_level(env_id, level):
        verdict = "passed" if level.passed else "failed"
        early = " (decided early)" if level.early else ""
        say(f"  {env_id.ljust(width)}  d={level.difficulty:<5} {level.correct}/{level.answers} = "
            f"{level.accuracy:.2f} [{level.low:.2f}, {level.high:.2f}]  {verdict}{early}")

    def on_frontier(env_id, result):
        from rlve_trainer.evaluation.report import frontier_text

        row = {"frontier": result.frontier, "failed_at": result.failed_at, "capped": result.capped}
        say(f"  {env_id.ljust(width)}  frontier {frontier_text(row)} after {result.answers} answers")

    report_command = rlve_command(url, evaluation_id, "eval report")
    try:
        evaluate(engine, evaluation_id, opened, environments, settings, on_level=on_level, on_frontier=on_frontier,
                 on_chunk=progress.chunk)
    except KeyboardInterrupt:
        progress.close()
        click.echo(f"evaluation {evaluation_id} stopped (Ctrl-C); what it measured is kept: {report_command}",
                   err=True)
        sys.exit(130)
    except RlveError as error:
        engine.dispose()
        raise RlveError(f"evaluation {evaluation_id} failed: {error}; what it measured is kept: {report_command}"
                        ) from None
    from rlve_trainer.evaluation import report

    loaded = report.load(engine, evaluation_id)
    engine.dispose()
    click.echo("\n".join(report.lines(loaded)))
    click.echo(f"\n  {report_command} -o frontier.png")
    click.echo(f"  rlve train run.toml --set curriculum.params.initial_difficulty=from-eval:{evaluation_id}")


@eval_group.command()
@click.argument("evaluation", metavar="EVAL")
@click.option("--json", "as_json", is_flag=True, help="machine-readable: frontiers and every level")
@click.option("-o", "--out", metavar="FILE.png", help="also plot accuracy against difficulty per environment")
@location_options
def report(evaluation, as_json, out, db, output):
    """An evaluation's frontiers and accuracy by level (id, id prefix or name)."""
    from rlve_trainer.evaluation import report as report_module
    from rlve_trainer.history.engine import open_engine

    engine = open_engine(db_url(db, output), create=False)
    try:
        loaded = report_module.load(engine, evaluation)
    finally:
        engine.dispose()
    click.echo(report_module.as_json(loaded) if as_json else "\n".join(report_module.lines(loaded)))
    if out:
        click.echo(f"wrote {report_module.plot(loaded, out)}", err=as_json)


@eval_group.command(name="list")
@click.option("--limit", default=20, show_default=True, type=click.IntRange(1))
@location_options
def list_evaluations(limit, db, output):
    """The newest evaluations: id, name, status, model, backend, started."""
    from rlve_trainer.cli.history import emit
    from rlve_trainer.evaluation import records
    from rlve_trainer.history.engine import open_engine

    engine = open_engine(db_url(db, output), create=False)
    try:
        rows = records.listing(engine, limit)
    finally:
        engine.dispose()
    columns = ["id", "name", "status", "model", "backend", "created_at"]
    emit(columns, [tuple(row[c] for c in columns) for row in rows], False, False)
