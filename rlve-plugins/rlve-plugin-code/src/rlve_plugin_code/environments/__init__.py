"""Every environment of the pack, one module each, named after its id (``code/fix_bug`` is ``fix_bug.py``).

This is the one registration list: the package's hook registers ``ENVIRONMENTS``. To add an environment,
copy a module here that is close to it (a code answer: ``implement_function.py``; a value answer:
``evaluate_expression.py``), change its ``id`` and task, and add its class to one of the two lists below.
Shared code (the sandbox, generators, interpreters) lives beside this package in ``rlve_plugin_code``.
"""

from rlve_plugin_code.environments.aliasing_output import AliasingOutput
from rlve_plugin_code.environments.assertion_failing_input import AssertionFailingInput
from rlve_plugin_code.environments.brainfuck_output import BrainfuckOutput
from rlve_plugin_code.environments.branch_coverage_inputs import BranchCoverageInputs
from rlve_plugin_code.environments.class_state_trace import ClassStateTrace
from rlve_plugin_code.environments.closure_output import ClosureOutput
from rlve_plugin_code.environments.comprehension_output import ComprehensionOutput
from rlve_plugin_code.environments.decorator_output import DecoratorOutput
from rlve_plugin_code.environments.dict_set_trace import DictSetTrace
from rlve_plugin_code.environments.distinguishing_input import DistinguishingInput
from rlve_plugin_code.environments.dunder_output import DunderOutput
from rlve_plugin_code.environments.evaluate_expression import EvaluateExpression
from rlve_plugin_code.environments.exception_flow import ExceptionFlow
from rlve_plugin_code.environments.exception_triggering_input import ExceptionTriggeringInput
from rlve_plugin_code.environments.fast_distinct_in_windows import FastDistinctInWindows
from rlve_plugin_code.environments.fast_pair_count import FastPairCount
from rlve_plugin_code.environments.fast_range_gcd import FastRangeGcd
from rlve_plugin_code.environments.fast_running_median import FastRunningMedian
from rlve_plugin_code.environments.fast_split_array import FastSplitArray
from rlve_plugin_code.environments.fast_submatrix_sums import FastSubmatrixSums
from rlve_plugin_code.environments.fast_union_find import FastUnionFind
from rlve_plugin_code.environments.fast_value_range_counts import FastValueRangeCounts
from rlve_plugin_code.environments.fill_missing_line import FillMissingLine
from rlve_plugin_code.environments.find_input import FindInput
from rlve_plugin_code.environments.fix_bug import FixBug
from rlve_plugin_code.environments.fixed_width_arithmetic import FixedWidthArithmetic
from rlve_plugin_code.environments.format_spec_output import FormatSpecOutput
from rlve_plugin_code.environments.generator_output import GeneratorOutput
from rlve_plugin_code.environments.hash_collision import HashCollision
from rlve_plugin_code.environments.implement_bank_account import ImplementBankAccount
from rlve_plugin_code.environments.implement_expression_evaluator import ImplementExpressionEvaluator
from rlve_plugin_code.environments.implement_function import ImplementFunction
from rlve_plugin_code.environments.implement_interval_set import ImplementIntervalSet
from rlve_plugin_code.environments.implement_lru_cache import ImplementLruCache
from rlve_plugin_code.environments.implement_matrix_function import ImplementMatrixFunction
from rlve_plugin_code.environments.implement_mini_interpreter import ImplementMiniInterpreter
from rlve_plugin_code.environments.implement_recurrence import ImplementRecurrence
from rlve_plugin_code.environments.implement_string_function import ImplementStringFunction
from rlve_plugin_code.environments.implement_tokenizer import ImplementTokenizer
from rlve_plugin_code.environments.implement_tree_function import ImplementTreeFunction
from rlve_plugin_code.environments.invert_function import InvertFunction
from rlve_plugin_code.environments.itertools_output import ItertoolsOutput
from rlve_plugin_code.environments.json_query_output import JsonQueryOutput
from rlve_plugin_code.environments.line_execution_count import LineExecutionCount
from rlve_plugin_code.environments.loop_cost_formula import LoopCostFormula
from rlve_plugin_code.environments.make_pure import MakePure
from rlve_plugin_code.environments.minimal_failing_input import MinimalFailingInput
from rlve_plugin_code.environments.mro_output import MroOutput
from rlve_plugin_code.environments.multi_key_sort import MultiKeySort
from rlve_plugin_code.environments.mutant_killing_tests import MutantKillingTests
from rlve_plugin_code.environments.numeric_semantics_output import NumericSemanticsOutput
from rlve_plugin_code.environments.predict_output import PredictOutput
from rlve_plugin_code.environments.property_counterexample import PropertyCounterexample
from rlve_plugin_code.environments.reachable_branch import ReachableBranch
from rlve_plugin_code.environments.recursion_output import RecursionOutput
from rlve_plugin_code.environments.recursion_to_iteration import RecursionToIteration
from rlve_plugin_code.environments.recursive_call_count import RecursiveCallCount
from rlve_plugin_code.environments.refactor_constrained import RefactorConstrained
from rlve_plugin_code.environments.regex_distinguishing_string import RegexDistinguishingString
from rlve_plugin_code.environments.regex_substitution_output import RegexSubstitutionOutput
from rlve_plugin_code.environments.regex_synthesis import RegexSynthesis
from rlve_plugin_code.environments.register_machine import RegisterMachine
from rlve_plugin_code.environments.register_program_synthesis import RegisterProgramSynthesis
from rlve_plugin_code.environments.scope_output import ScopeOutput
from rlve_plugin_code.environments.short_circuit_calls import ShortCircuitCalls
from rlve_plugin_code.environments.shrink_failing_input import ShrinkFailingInput
from rlve_plugin_code.environments.slicing_output import SlicingOutput
from rlve_plugin_code.environments.speed_up_function import SpeedUpFunction
from rlve_plugin_code.environments.sql_join_output import SqlJoinOutput
from rlve_plugin_code.environments.sql_null_semantics_output import SqlNullSemanticsOutput
from rlve_plugin_code.environments.sql_output import SqlOutput
from rlve_plugin_code.environments.sql_query import SqlQuery
from rlve_plugin_code.environments.sql_recursive_cte_output import SqlRecursiveCteOutput
from rlve_plugin_code.environments.sql_window_output import SqlWindowOutput
from rlve_plugin_code.environments.sql_window_query import SqlWindowQuery
from rlve_plugin_code.environments.stack_machine import StackMachine
from rlve_plugin_code.environments.stack_program_synthesis import StackProgramSynthesis
from rlve_plugin_code.environments.string_input_search import StringInputSearch
from rlve_plugin_code.environments.string_method_output import StringMethodOutput
from rlve_plugin_code.environments.trace_variable import TraceVariable
from rlve_plugin_code.environments.translate_c_fixed_width import TranslateCFixedWidth
from rlve_plugin_code.environments.translate_lisp import TranslateLisp
from rlve_plugin_code.environments.translate_pseudocode import TranslatePseudocode
from rlve_plugin_code.environments.translate_stack_program import TranslateStackProgram
from rlve_plugin_code.environments.unpacking_output import UnpackingOutput

#: Environments whose answer is code, run in the sandbox (``runs_untrusted_code = True``).
CODE_ENVIRONMENTS = [
    ImplementFunction,
    ImplementStringFunction,
    FixBug,
    FillMissingLine,
    InvertFunction,
    ImplementRecurrence,
    ImplementBankAccount,
    ImplementLruCache,
    ImplementIntervalSet,
    ImplementTokenizer,
    ImplementExpressionEvaluator,
    ImplementMiniInterpreter,
    ImplementMatrixFunction,
    ImplementTreeFunction,
    MultiKeySort,
    RegexSynthesis,
    SqlQuery,
    SqlWindowQuery,
    RefactorConstrained,
    RecursionToIteration,
    TranslatePseudocode,
    TranslateStackProgram,
    TranslateCFixedWidth,
    TranslateLisp,
    SpeedUpFunction,
    MakePure,
    FastDistinctInWindows,
    FastPairCount,
    FastRangeGcd,
    FastRunningMedian,
    FastSplitArray,
    FastSubmatrixSums,
    FastUnionFind,
    FastValueRangeCounts,
]
#: Environments whose answer is a value; nothing the model writes is executed.
VALUE_ENVIRONMENTS = [
    PredictOutput,
    TraceVariable,
    FindInput,
    StackMachine,
    EvaluateExpression,
    BrainfuckOutput,
    BranchCoverageInputs,
    SqlOutput,
    AliasingOutput,
    AssertionFailingInput,
    ClassStateTrace,
    ClosureOutput,
    ComprehensionOutput,
    DecoratorOutput,
    DictSetTrace,
    DistinguishingInput,
    DunderOutput,
    ExceptionFlow,
    ExceptionTriggeringInput,
    FixedWidthArithmetic,
    FormatSpecOutput,
    GeneratorOutput,
    HashCollision,
    ItertoolsOutput,
    JsonQueryOutput,
    LineExecutionCount,
    LoopCostFormula,
    MinimalFailingInput,
    MroOutput,
    MutantKillingTests,
    NumericSemanticsOutput,
    PropertyCounterexample,
    ReachableBranch,
    RecursionOutput,
    RecursiveCallCount,
    RegexDistinguishingString,
    RegisterMachine,
    ScopeOutput,
    ShortCircuitCalls,
    ShrinkFailingInput,
    SlicingOutput,
    SqlJoinOutput,
    SqlWindowOutput,
    SqlRecursiveCteOutput,
    SqlNullSemanticsOutput,
    RegexSubstitutionOutput,
    StackProgramSynthesis,
    RegisterProgramSynthesis,
    StringInputSearch,
    StringMethodOutput,
    UnpackingOutput,
]
ENVIRONMENTS = CODE_ENVIRONMENTS + VALUE_ENVIRONMENTS
