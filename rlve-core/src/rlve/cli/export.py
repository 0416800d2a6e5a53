"""``rlve export``: a static snapshot of problems for any engine; ``rlve verify-file``: scoring responses to it."""

from __future__ import annotations

import sys

import click


class RowCounter:
    """A progress line on stderr (every 1000 rows, and at the end) when stderr is a terminal."""

    def __init__(self, total: int, enabled: bool):
        self.total = total
        self.enabled = enabled and sys.stderr.isatty()

    def __call__(self, done: int) -> None:
        if self.enabled and (done % 1000 == 0 or done == self.total):
            click.echo(f"\r{done}/{self.total} problems", nl=done == self.total, err=True)


@click.command("export")
@click.argument("patterns", nargs=-1, required=True, metavar="PATTERN...")
@click.option("--difficulties", "-d", "levels", default="0-8", show_default=True, metavar="LEVELS",
              help="levels and ranges, e.g. 0-8 or 0,2,5 or 0-3,10")
@click.option("--per-level", default=100, show_default=True, type=click.IntRange(1, 10_000_000),
              help="problems per environment and level")
@click.option("--format", "fmt", type=click.Choice(["jsonl", "parquet", "verl", "hf"]), default="jsonl",
              show_default=True, help="jsonl; parquet; verl (its RL parquet rows); hf (a datasets folder)")
@click.option("-o", "--output", "output", required=True, metavar="PATH",
              help="a file (jsonl, parquet, verl) or a folder (hf); must not exist yet")
@click.option("--split", type=click.Choice(["train", "eval"]), default="train", show_default=True,
              help="eval: seeds from the held-out range no training run ever draws")
@click.option("--seed", default=0, show_default=True, type=click.IntRange(0), help="another seed, other problems")
@click.option("--quiet", is_flag=True, help="no progress line")
def export(patterns, levels, per_level, fmt, output, split, seed, quiet):
    """Write problems of the environments PATTERN... (ids, packs, globs) for an engine or an evaluation.

    \b
    rlve export 'math/*' logic/sudoku --difficulties 0-8 --per-level 200 --format verl -o data/train.parquet
    rlve export graph --split eval --format jsonl -o eval.jsonl
    rlve verify-file responses.jsonl           # score a model's responses to them

    Every row names its problem by env, env_version, difficulty and seed, so it can be regenerated and
    verified anywhere; the same arguments write the same rows.
    """
    from rlve import export as exporting
    from rlve.plugins import registry

    found = registry()
    environments = [found.get(env_id) for env_id in found.select(list(patterns))]
    chosen = exporting.parse_levels(levels)
    total = len(environments) * len(chosen) * per_level
    written = exporting.export(
        environments, chosen, per_level, output, fmt=fmt, split=split, seed=seed,
        on_row=RowCounter(total, not quiet),
    )
    click.echo(
        f"wrote {written} problems ({len(environments)} environments x {len(chosen)} levels x {per_level}) "
        f"to {output} ({fmt}, {split} seeds)"
    )


@click.command("verify-file")
@click.argument("responses", type=click.Path(exists=True, dir_okay=False), metavar="RESPONSES.jsonl")
@click.option("-o", "--output", "output", type=click.File("w"), metavar="FILE",
              help="also write one verdict per judged line (JSON lines: line, env, difficulty, seed, verdict)")
@click.option("--json", "as_json", is_flag=True, help="the summary as JSON")
def verify_file(responses, output, as_json):
    """Score model responses to exported problems: one JSON object per line with env, env_version,
    difficulty, seed (or a verl row's extra_info) and the full response.

    Lines that cannot be judged are reported with their line numbers and count as not judged, never as correct.
    """
    import json

    from rlve.responses import verify_file as score_file

    def write(number, key, verdict):
        if output is not None:
            output.write(json.dumps({"line": number, **key, **verdict.model_dump()}) + "\n")

    tally = score_file(responses, on_verdict=write)
    accuracy = tally.correct / tally.scored if tally.scored else 0.0
    if as_json:
        click.echo(json.dumps({
            "lines": tally.lines, "scored": tally.scored, "correct": tally.correct, "accuracy": accuracy,
            "not_judged": [{"line": n, "why": why} for n, why in tally.problems],
            "environments": {env: {"scored": s, "correct": c} for env, (s, c) in sorted(tally.by_env.items())},
        }))
        return
    click.echo(f"{tally.correct}/{tally.scored} correct ({accuracy:.3f}); {len(tally.problems)} of {tally.lines} "
               "lines not judged")
    for env_id, (scored, correct) in sorted(tally.by_env.items()):
        click.echo(f"  {env_id}: {correct}/{scored}")
    for number, why in tally.problems[:20]:
        click.echo(f"  line {number}: not judged: {why}", err=True)
    if len(tally.problems) > 20:
        click.echo(f"  ... and {len(tally.problems) - 20} more lines not judged", err=True)
