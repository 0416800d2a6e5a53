"""rlve-trainer: GRPO (Hugging Face TRL) with problems drawn live from an rlve curriculum.

Importing this package is light: torch, transformers and TRL are imported only once a run's input is
checked and it starts (``rlve_trainer.ranks``, ``rlve_trainer.trainer``), so ``rlve --help`` stays fast.
In your own TRL script: ``from rlve_trainer import CurriculumSession`` (``session``). A run of ``rlve train``:
``train.open_run`` checks the input (``preflight``) and builds one ``plan.RunPlan``; the plan builds
the trainer (``trainer``); the trainer reports through the history (``history.run_history``).
"""

__version__ = "0.1.0"

__all__ = ["CurriculumSession", "__version__"]


def __getattr__(name: str):
    # Imported on first use, so `import rlve_trainer` (which `rlve --help` does through the plugin) stays light.
    if name == "CurriculumSession":
        from rlve_trainer.session import CurriculumSession

        return CurriculumSession
    raise AttributeError(f"module 'rlve_trainer' has no attribute {name!r}")
