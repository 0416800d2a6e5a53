"""rlve-trainer: GRPO (Hugging Face TRL) with problems drawn live from an rlve curriculum.

Importing this package is light: torch, transformers and TRL are imported only once a run's input is
checked and it starts (``rlve_trainer.ranks``, ``rlve_trainer.trainer``), so ``rlve --help`` stays fast.
A run: ``train.open_run`` checks the input (``preflight``) and builds one ``plan.RunPlan``; the plan builds
the trainer (``trainer``); the trainer reports through the history (``history.run_history``).
"""

__version__ = "0.1.0"
