"""A sandbox for model-written code: a fresh, confined interpreter per run, judged by the parent.

    from rlve_plugin_code.sandbox import Job, Limits, run, run_many

    result = run(Job("call", "def f(x):\\n    return x + 1", {"entry": "f", "arity": 1, "calls": [[1], [2]]}))
    result.status            # "completed"
    result.outcomes[0].value # 2, decoded from JSON in the parent

See the package README for what each confinement layer does and what holds where a layer is missing.
"""

from rlve_plugin_code.sandbox.limits import Limits
from rlve_plugin_code.sandbox.pool import SandboxPool, default_pool, run_many
from rlve_plugin_code.sandbox.results import STATUSES, Job, Outcome, RunResult
from rlve_plugin_code.sandbox.runner import run

__all__ = ["STATUSES", "Job", "Limits", "Outcome", "RunResult", "SandboxPool", "default_pool", "run", "run_many"]
