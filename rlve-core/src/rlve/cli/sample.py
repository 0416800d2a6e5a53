"""``rlve sample`` and ``rlve verify``: the scripting interface. Keep their output stable.

``rlve sample ID --difficulty D --seed S --json`` prints the Problem as JSON, answer included.
``rlve verify ID --difficulty D --seed S`` reads a full model response on stdin and prints the Verdict.
"""

from __future__ import annotations

import json
import sys

import click

from rlve.cli.options import difficulty_option, env_argument, seed_option

#: stdin beyond this is not read: responses are capped like everywhere else.
MAX_STDIN_CHARS = 2_000_000


@click.command("sample")
@env_argument()
@difficulty_option()
@seed_option()
@click.option("--json", "as_json", is_flag=True, help="Print the whole Problem as JSON (answer included).")
def sample(env_id: str, difficulty: int, seed: int, as_json: bool) -> None:
    """Generate the problem ENV_ID makes for (difficulty, seed)."""
    from rlve.plugins import get_environment

    problem = get_environment(env_id).sample(difficulty, seed)
    if as_json:
        click.echo(problem.model_dump_json(indent=2))
    else:
        click.echo(problem.prompt)


@click.command("verify")
@env_argument()
@difficulty_option()
@seed_option()
@click.option(
    "--problem",
    "problem_file",
    type=click.File("r"),
    help="Verify against a Problem saved by `rlve sample --json` instead of regenerating it.",
)
def verify(env_id: str, difficulty: int, seed: int, problem_file) -> None:
    """Read a full model response on stdin and print the Verdict as JSON."""
    from pydantic import ValidationError

    from rlve.environment import Problem
    from rlve.errors import RlveError
    from rlve.plugins import get_environment

    env = get_environment(env_id)
    if problem_file is not None:
        try:
            problem = Problem.model_validate_json(problem_file.read())
        except ValidationError as error:
            first = error.errors()[0]["msg"]
            raise RlveError(f"--problem is not a Problem saved by `rlve sample --json`: {first}") from None
    else:
        problem = env.sample(difficulty, seed)
    response = sys.stdin.read(MAX_STDIN_CHARS)
    verdict = env.score(problem, response)
    click.echo(json.dumps(verdict.model_dump()))
