"""``rlve check``: run the conformance suite over installed environments and print a readable report.

    rlve check graph/shortest_path          one environment
    rlve check graph                        a whole pack (globs such as 'graph/*path*' work too)
    rlve check --all                        every installed environment, plus any pack that failed to load
    rlve check graph --difficulties 0-50 --seeds 5 --json

Exit codes: 0 all passed, 1 something failed, 2 bad usage (an unknown id names the closest ones).
"""

from __future__ import annotations

import difflib
import json
import time

import click

from rlve.cli.options import SEED
from rlve.testing.report import CHECKS


def refuse_failed_pack(target: str) -> None:
    """An RlveError naming the load failure when ``target`` is a pack that is installed but failed to load."""
    from rlve.errors import RlveError
    from rlve.plugins import canonical_distribution, load

    wanted = {canonical_distribution(target), canonical_distribution(f"rlve-plugin-{target}")}
    for distribution, info in load().failed.items():
        if canonical_distribution(distribution) in wanted and info.errors:
            raise RlveError(f"pack {target!r} ({distribution}) is installed but failed to load: {info.errors[0]}")


def _select(registry, targets: tuple[str, ...]) -> list[str]:
    """Ids for the targets; an unknown one is an error that names the closest ids or packs."""
    from rlve.errors import RlveError, UnknownEnvironment

    chosen: list[str] = []
    for target in targets:
        try:
            ids = registry.select([target])
        except UnknownEnvironment:
            raise
        except RlveError:
            if target in registry.conflicts:
                registry.get(target)  # raises ConflictingEnvironment, naming both distributions and the fix
            refuse_failed_pack(target)
            close = registry.suggest(target) + difflib.get_close_matches(target, registry.packs(), n=2, cutoff=0.6)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            packs = ", ".join(registry.packs()) or "none installed"
            raise RlveError(f"no installed environment or pack matches {target!r}{hint} (packs: {packs})") from None
        chosen.extend(env_id for env_id in ids if env_id not in chosen)
    return chosen


def _config(difficulties, seeds, seed_list, only, jobs, generation_budget, verify_budget, step_timeout, no_isolate):
    from rlve.testing.config import CheckConfig, parse_difficulties

    overrides = {
        "jobs": jobs,
        "generation_budget_s": generation_budget,
        "verify_budget_s": verify_budget,
        "step_timeout_s": step_timeout,
        "only": tuple(only) or None,
        "isolate": False if no_isolate else None,
    }
    if difficulties is not None:
        try:
            overrides["difficulties"] = parse_difficulties(difficulties)
        except ValueError as error:
            raise click.BadParameter(str(error), param_hint="--difficulties") from None
        overrides["stress_difficulties"] = ()  # exactly the levels asked for
    if seed_list:
        overrides["seeds"] = tuple(dict.fromkeys(seed_list))
    elif seeds is not None:
        overrides["seeds"] = tuple(range(seeds))
    return CheckConfig().with_overrides(**overrides)


@click.command("check")
@click.argument("targets", nargs=-1, metavar="[ENV_ID | PACK | GLOB]...")
@click.option("--all", "check_all", is_flag=True, help="Check every installed environment.")
@click.option(
    "--difficulties", metavar="LEVELS", help="Levels such as 0-30 or 0,5,10-12.  [default: 0-30 and a stress level 100]"
)
@click.option("--seeds", type=click.IntRange(min=1), metavar="N", help="Check seeds 0..N-1.  [default: 3]")
@click.option("--seed", "seed_list", type=SEED, multiple=True, help="Check this seed (repeatable); replaces --seeds.")
@click.option(
    "--only",
    multiple=True,
    type=click.Choice(list(CHECKS)),
    help="Run only this check (repeatable); generation and timing are always measured.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the full reports as JSON.")
@click.option("--jobs", "-j", type=click.IntRange(min=0), help="Environments in parallel.  [default: one per CPU]")
@click.option(
    "--generation-budget", type=click.FloatRange(min=0, min_open=True), metavar="SECONDS", help="[default: 1]"
)
@click.option("--verify-budget", type=click.FloatRange(min=0, min_open=True), metavar="SECONDS", help="[default: 0.2]")
@click.option(
    "--step-timeout",
    type=click.FloatRange(min=0, min_open=True),
    metavar="SECONDS",
    help="A step with no progress for this long is reported as hung.  [default: 20]",
)
@click.option("--no-isolate", is_flag=True, help="Check in this process (no hang protection; for debugging).")
def check(targets, check_all, difficulties, seeds, seed_list, only, as_json, jobs, **budgets) -> None:
    """Run the conformance suite: determinism, reference answers, hostile answers, sizes, time budgets.

    Every failure names the environment, difficulty, seed and input, and the command that reproduces it.
    """
    from rlve.plugins import load
    from rlve.testing.render import render
    from rlve.testing.report import format_seconds
    from rlve.testing.runner import check_environments

    if not check_all and not targets:
        raise click.UsageError(
            "say what to check: an environment id (graph/shortest_path), a pack (graph), "
            "a glob ('graph/*path*'), or --all for every installed environment"
        )
    if check_all and targets:
        named = " ".join(targets)
        raise click.UsageError(f"give names ({named}) or --all, not both: --all checks every installed environment")
    config = _config(difficulties, seeds, seed_list, only, jobs, **budgets)
    loaded = load()
    registry = loaded.registry
    ids = registry.ids() if check_all else _select(registry, targets)
    problems = list(loaded.problems) if check_all else []
    if check_all:
        problems += [f"{env} is registered by {' and '.join(d)}" for env, d in sorted(registry.conflicts.items())]
        if not ids and not problems:
            raise click.ClickException("no environments installed: pip install a pack, e.g. rlve-plugin-graph")
    classes = [registry.entry(env_id).cls for env_id in ids]
    headers: list[str] = []
    loaded.call_each("check_header", lambda _distribution: {"env_ids": list(ids), "write": headers.append})
    if not as_json:
        for line in headers:
            click.echo(line, err=True)

    def progress(report) -> None:
        if not as_json:
            verdict = "ok    " if report.passed else "FAILED"
            click.echo(f"{verdict} {report.env} ({format_seconds(report.elapsed_s)})", err=True)

    if not as_json:
        workers = config.worker_count(len(classes)) if config.isolate else 1
        noun = "environment" if len(classes) == 1 else "environments"
        click.echo(f"checking {len(classes)} {noun}, {workers} at a time ...", err=True)
    started = time.perf_counter()
    reports = check_environments(classes, config, on_report=progress)
    elapsed = time.perf_counter() - started
    passed = all(report.passed for report in reports) and not problems
    if as_json:
        output = {
            "passed": passed,
            "elapsed_s": round(elapsed, 3),
            "config": config.to_dict(),
            "plugin_problems": problems,
            "headers": headers,
            "environments": [report.to_dict() for report in reports],
        }
        click.echo(json.dumps(output, indent=2))
    else:
        click.echo(render(reports, elapsed, problems))
    if not passed:
        raise SystemExit(1)
