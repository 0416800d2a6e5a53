"""rlve's own curricula, registered through the same hook any pack would use."""

from rlve.curriculum.adaptive import AdaptiveCurriculum
from rlve.curriculum.fixed import FixedCurriculum, UniformCurriculum
from rlve.curriculum.target import TargetSuccessCurriculum
from rlve.hookspecs import hookimpl


@hookimpl
def register_curricula(register):
    for strategy in (AdaptiveCurriculum, TargetSuccessCurriculum, FixedCurriculum, UniformCurriculum):
        register(strategy.name, strategy)
