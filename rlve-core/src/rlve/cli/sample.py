"""``rlve sample`` and ``rlve verify``: the scripting interface. Keep their output stable.

``rlve sample ID --difficulty D --seed S --json`` prints the Problem as JSON, answer included.
``rlve verify ID --difficulty D --seed S`` reads a full model response on stdin and prints the Verdict.
``--problem FILE`` (both) starts from a Problem saved by ``rlve sample --json``: ``sample`` makes it again,
``verify`` judges against it. Either works only with the environment version that made it installed; a saved
problem of another version is refused in one line (exit 2), naming both versions and what to do.
"""

from __future__ import annotations

import json
import sys

import click

from rlve.cli.options import difficulty_option, seed_option

#: stdin beyond this is not read: responses are capped like everywhere else.
MAX_STDIN_CHARS = 2_000_000


def env_id_or_problem_argument() -> click.Argument:
    """ENV_ID, which may be left out when ``--problem FILE`` says which environment."""
    return click.argument("env_id", metavar="[ENV_ID]", required=False)


def problem_option(help_text: str) -> click.Option:
    return click.option("--problem", "problem_file", type=click.File("r"), help=help_text)


def load_problem(problem_file):
    """The Problem saved in ``problem_file``; RlveError (one line) when it is not one."""
    from pydantic import ValidationError

    from rlve.environment import Problem
    from rlve.errors import RlveError

    try:
        return Problem.model_validate_json(problem_file.read())
    except ValidationError as error:
        first = error.errors()[0]["msg"]
        raise RlveError(f"--problem is not a Problem saved by `rlve sample --json`: {first}") from None


def environment_for(env_id: str | None, problem, problem_file):
    """The installed environment that ``env_id`` (or the saved problem) names, checked against the problem:
    the same environment, and the version that made it. RlveError (one line) otherwise."""
    from rlve.errors import RlveError
    from rlve.plugins import get_environment, registry
    from rlve.registry import normalise_id

    if problem is None:
        if env_id is None:
            raise click.UsageError("give an ENV_ID, or --problem FILE (a Problem saved by `rlve sample --json`)")
        return get_environment(env_id)
    name = getattr(problem_file, "name", "FILE")
    if env_id is not None and normalise_id(env_id) != normalise_id(problem.env):
        raise RlveError(
            f"--problem {name} is a problem of {problem.env}, not of {env_id}; leave ENV_ID out or give {problem.env}"
        )
    env = get_environment(problem.env)
    if problem.env_version != env.version:
        distribution = registry().entry(env.id).distribution
        raise RlveError(
            f"--problem {name} was made by {env.id} version {problem.env_version}, but version {env.version} is "
            "installed, and a saved problem works only with the version that made it: to use it, install a "
            f"release of {distribution} whose {env.id} is version {problem.env_version}; or make this version's "
            f"problem for the same difficulty and seed: rlve sample {env.id} -d {problem.difficulty} "
            f"-s {problem.seed} --json"
        )
    return env


@click.command("sample")
@env_id_or_problem_argument()
@difficulty_option()
@seed_option()
@click.option("--json", "as_json", is_flag=True, help="Print the whole Problem as JSON (answer included).")
@problem_option(
    "Make again the Problem saved in FILE by `rlve sample --json` (its environment, difficulty and seed); "
    "only the environment version that made it can."
)
@click.option(
    "--chat",
    "chat_model",
    metavar="MODEL_PATH",
    help="Print the exact text a chat model receives: the prompt rendered by the chat template of the tokenizer "
    "in this local model folder (needs transformers).",
)
@click.option("--system", "system_prompt", metavar="TEXT", help="With --chat: a system message before the problem.")
@click.option(
    "--chat-template",
    metavar="FILE_OR_TEMPLATE",
    help="With --chat: a Jinja chat template (a file, or the template itself) instead of the model's own.",
)
def sample(
    env_id: str | None,
    difficulty: int,
    seed: int,
    as_json: bool,
    problem_file,
    chat_model: str | None,
    system_prompt: str | None,
    chat_template: str | None,
) -> None:
    """Generate the problem ENV_ID makes for (difficulty, seed).

    \b
    rlve sample math/addition -d 3 -s 7
    rlve sample math/addition -d 3 --chat ./my-model --system "Answer briefly."
    """
    if chat_model is None and (system_prompt is not None or chat_template is not None):
        raise click.UsageError("--system and --chat-template change what --chat MODEL_PATH renders; give --chat too")
    if chat_model is not None and as_json:
        raise click.UsageError("--json prints the Problem; --chat prints the text a model receives: give one")
    saved = load_problem(problem_file) if problem_file is not None else None
    env = environment_for(env_id, saved, problem_file)
    problem = env.sample(saved.difficulty, saved.seed) if saved is not None else env.sample(difficulty, seed)
    if saved is not None and problem != saved:
        click.echo(
            f"rlve: warning: {env.id} version {env.version} makes a different problem for difficulty "
            f"{saved.difficulty}, seed {saved.seed} than the one saved in {problem_file.name} (edited, or the "
            "environment is not deterministic); printing the one it makes now",
            err=True,
        )
    if as_json:
        click.echo(problem.model_dump_json(indent=2))
    elif chat_model is not None:
        from rlve.chat import messages, render

        click.echo(render(chat_model, messages(problem.prompt, system_prompt), chat_template), nl=False)
    else:
        click.echo(problem.prompt)


@click.command("verify")
@env_id_or_problem_argument()
@difficulty_option()
@seed_option()
@problem_option(
    "Verify against a Problem saved by `rlve sample --json` instead of regenerating it; "
    "only the environment version that made it can."
)
def verify(env_id: str | None, difficulty: int, seed: int, problem_file) -> None:
    """Read a full model response on stdin and print the Verdict as JSON."""
    saved = load_problem(problem_file) if problem_file is not None else None
    env = environment_for(env_id, saved, problem_file)
    problem = saved if saved is not None else env.sample(difficulty, seed)
    response = sys.stdin.read(MAX_STDIN_CHARS)
    verdict = env.score(problem, response)
    click.echo(json.dumps(verdict.model_dump()))
