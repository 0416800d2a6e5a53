"""``rlve tour``: sample and verify every installed environment, to see the whole toolkit at work.

For each environment and a few difficulties it generates a problem, checks that its reference answer
scores 1 and that a wrong answer scores 0, and prints one line per environment with the time taken;
under a line that failed, one indented line per failure says at which difficulty and why.
"""

from __future__ import annotations

import time

import click

TOUR_LEVELS = (0, 5, 20)
WRONG_ANSWER = "certainly not the answer"


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def tour_one(env, seed: int) -> tuple[list[str], list[str], list[str]]:
    """(sizes per level, reference failures, wrong-answer failures): each failure says level and reason."""
    sizes: list[str] = []
    reference_failures: list[str] = []
    wrong_failures: list[str] = []
    for level in TOUR_LEVELS:
        try:
            problem = env.sample(level, seed)
        except Exception as error:  # noqa: BLE001 - a broken environment is reported, the tour goes on
            sizes.append("-")
            reference_failures.append(f"d={level}: generation raised {type(error).__name__}: {_short(str(error))}")
            continue
        sizes.append(str(problem.size))
        verdict = env.score(problem, f"<answer>{problem.answer}</answer>")
        if not verdict.correct:
            reference_failures.append(
                f"d={level}: the reference answer {_short(problem.answer, 40)!r} scored {verdict.reward:g}: "
                f"{_short(verdict.reason, 200) or 'no reason given'}"
            )
        wrong = env.score(problem, f"<answer>{WRONG_ANSWER}</answer>")
        if wrong.correct:
            reason = _short(wrong.reason, 200)
            wrong_failures.append(f"d={level}: the wrong answer {WRONG_ANSWER!r} was accepted ({reason})")
    return sizes, reference_failures, wrong_failures


@click.command("tour")
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True)
@click.option("--show", "show_env", default=None, metavar="ENV_ID", help="Also print one sampled prompt.")
def tour(seed: int, show_env: str | None) -> None:
    """Sample and verify every installed environment at difficulties 0, 5 and 20."""
    from rlve.plugins import load

    registry = load().registry
    entries = registry.entries()
    if not entries:
        raise click.ClickException("no environments installed: pip install ./rlve-plugins/rlve-plugin-graph")
    first = show_env or entries[0].id
    shown = registry.get(first)  # an unknown --show id is a usage error naming the closest ids
    try:
        problem = shown.sample(5, seed)
    except Exception as error:  # noqa: BLE001 - reported again in its row below
        click.echo(f"Could not sample {first} at difficulty 5: {type(error).__name__}: {_short(str(error))}\n")
    else:
        click.echo(f"A problem from {first} at difficulty 5:\n\n{problem.prompt}\n")
        click.echo(f"Reference answer: {problem.answer}\n")

    id_width = max(len("ENVIRONMENT"), *(len(entry.id) for entry in entries))
    sizes_title = f"SIZES (d={','.join(map(str, TOUR_LEVELS))})"
    # SIZES comes last: its width is only known after sampling, and nothing after it can be pushed out of line.
    click.echo(f"{'ENVIRONMENT':<{id_width}}  {'REFERENCE':<9}  {'WRONG':<6}  {'ms/problem':>10}  {sizes_title}")
    failures = 0
    for entry in entries:
        started = time.perf_counter()
        sizes, reference_failures, wrong_failures = tour_one(entry.instance(), seed)
        elapsed_ms = (time.perf_counter() - started) * 1000 / len(TOUR_LEVELS)
        reference = "FAILED" if reference_failures else "ok"
        wrong = "FAILED" if wrong_failures else "ok"
        click.echo(f"{entry.id:<{id_width}}  {reference:<9}  {wrong:<6}  {elapsed_ms:>10.1f}  {','.join(sizes)}")
        for reason in [*reference_failures, *wrong_failures]:
            click.echo(f"    {reason}")
        failures += len(reference_failures) + len(wrong_failures)
    packs = len({entry.pack for entry in entries})
    click.echo(f"\n{plural(len(entries), 'environment')} from {plural(packs, 'pack')}; {plural(failures, 'failure')}.")
    if failures:
        raise SystemExit(1)
