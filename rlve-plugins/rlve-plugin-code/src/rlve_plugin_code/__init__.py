"""rlve-plugin-code: code environments for rlve, and the sandbox that runs model-written code.

Environments whose answer is code (``runs_untrusted_code = True``) run it in ``rlve_plugin_code.sandbox``;
the others ask for a value (what a program prints, a variable's final value) and never execute the answer.
Verify many answers in parallel with ``rlve_plugin_code.batch.verify_many``. One environment per module.
"""

from rlve import hookimpl
from rlve_plugin_code.brainfuck_output import BrainfuckOutput
from rlve_plugin_code.evaluate_expression import EvaluateExpression
from rlve_plugin_code.fill_missing_line import FillMissingLine
from rlve_plugin_code.find_input import FindInput
from rlve_plugin_code.fix_bug import FixBug
from rlve_plugin_code.implement_function import ImplementFunction
from rlve_plugin_code.implement_recurrence import ImplementRecurrence
from rlve_plugin_code.implement_string_function import ImplementStringFunction
from rlve_plugin_code.invert_function import InvertFunction
from rlve_plugin_code.multi_key_sort import MultiKeySort
from rlve_plugin_code.predict_output import PredictOutput
from rlve_plugin_code.regex_synthesis import RegexSynthesis
from rlve_plugin_code.sql_output import SqlOutput
from rlve_plugin_code.sql_query import SqlQuery
from rlve_plugin_code.stack_machine import StackMachine
from rlve_plugin_code.trace_variable import TraceVariable

#: Environments that run the model's code in the sandbox.
CODE_ENVIRONMENTS = [
    ImplementFunction,
    ImplementStringFunction,
    FixBug,
    FillMissingLine,
    InvertFunction,
    ImplementRecurrence,
    MultiKeySort,
    RegexSynthesis,
    SqlQuery,
]
#: Environments whose answer is a value; nothing the model writes is executed.
VALUE_ENVIRONMENTS = [
    PredictOutput,
    TraceVariable,
    FindInput,
    StackMachine,
    EvaluateExpression,
    BrainfuckOutput,
    SqlOutput,
]
ENVIRONMENTS = CODE_ENVIRONMENTS + VALUE_ENVIRONMENTS


@hookimpl
def register_environments(register):
    for environment in ENVIRONMENTS:
        register(environment)


@hookimpl
def check_header(env_ids, write):
    """Before ``rlve check`` runs any environment that executes code, say which sandbox layers hold here."""
    sandboxed = {environment.id for environment in CODE_ENVIRONMENTS}
    if not sandboxed.intersection(env_ids):
        return
    from rlve_plugin_code.sandbox.probe import describe, isolation_here

    for line in describe(isolation_here()):
        write(line)
