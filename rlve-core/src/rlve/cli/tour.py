"""``rlve tour``: sample and verify every installed environment, to see the whole toolkit at work.

For each environment and a few difficulties it generates a problem, checks that its reference answer
scores 1 and that a wrong answer scores 0, and prints one line per environment with the time taken.
"""

from __future__ import annotations

import time

import click

TOUR_LEVELS = (0, 5, 20)


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
    problem = registry.get(first).sample(5, seed)
    click.echo(f"A problem from {first} at difficulty 5:\n\n{problem.prompt}\n\nReference answer: {problem.answer}\n")
    failures = 0
    click.echo(f"{'ENVIRONMENT':<34} {'SIZES (d=0,5,20)':<18} {'REFERENCE':<10} {'WRONG':<8} {'ms/problem':>10}")
    for entry in entries:
        env = entry.instance()
        sizes, reference_ok, wrong_rejected = [], True, True
        started = time.perf_counter()
        for level in TOUR_LEVELS:
            problem = env.sample(level, seed)
            sizes.append(str(problem.size))
            reference_ok &= env.score(problem, f"<answer>{problem.answer}</answer>").correct
            wrong_rejected &= not env.score(problem, "<answer>certainly not the answer</answer>").correct
        elapsed_ms = (time.perf_counter() - started) * 1000 / len(TOUR_LEVELS)
        failures += (not reference_ok) + (not wrong_rejected)
        click.echo(
            f"{entry.id:<34} {','.join(sizes):<18} {'ok' if reference_ok else 'FAILED':<10} "
            f"{'ok' if wrong_rejected else 'FAILED':<8} {elapsed_ms:>10.1f}"
        )
    click.echo(f"\n{len(entries)} environments from {len(registry.packs())} packs; {failures} failures.")
    if failures:
        raise SystemExit(1)
