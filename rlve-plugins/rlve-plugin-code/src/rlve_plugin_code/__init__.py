"""rlve-plugin-code: code environments for rlve, and the sandbox that runs model-written code.

Where things are:

- ``environments/``: one module per environment, named after its id, and the registration list
  (``environments/__init__.py``: ``CODE_ENVIRONMENTS``, ``VALUE_ENVIRONMENTS``, ``ENVIRONMENTS``);
- ``sandbox/``: runs model-written code in a confined child process; ``batch.py`` verifies many answers in parallel;
- shared by the environments: ``sandboxed.py`` (the base class of function-writing environments),
  ``code_answer.py`` and ``values.py`` (reading code answers, comparing returned values), ``steps/`` and
  ``function_tasks.py`` (step-by-step function specifications), ``programs/`` and ``program_tasks.py`` (small
  integer programs and our interpreter), ``stackvm.py``, ``brainfuck.py``, ``expressions.py``, ``patterns.py``
  (regexes), ``sql/`` (the company database, queries and their near variants, hidden databases).

Environments whose answer is code (``runs_untrusted_code = True``) run it in ``rlve_plugin_code.sandbox``;
the others ask for a value (what a program prints, a variable's final value) and never execute the answer.
"""

from rlve import hookimpl
from rlve_plugin_code.environments import CODE_ENVIRONMENTS, ENVIRONMENTS, VALUE_ENVIRONMENTS

__all__ = ["CODE_ENVIRONMENTS", "ENVIRONMENTS", "VALUE_ENVIRONMENTS", "check_header", "register_environments"]


@hookimpl
def register_environments(register):
    register(*ENVIRONMENTS)


@hookimpl
def check_header(env_ids, write):
    """Before ``rlve check`` runs any environment that executes code, say which sandbox layers hold here."""
    sandboxed = {environment.id for environment in CODE_ENVIRONMENTS}
    if not sandboxed.intersection(env_ids):
        return
    from rlve_plugin_code.sandbox.probe import describe, isolation_here

    for line in describe(isolation_here()):
        write(line)
