"""rlve-trainer: GRPO (Hugging Face TRL) with problems drawn live from an rlve curriculum.

Importing this package is light: torch, transformers and TRL are imported only where training happens
(``rlve_trainer.train``), so ``rlve --help`` stays fast.
"""

__version__ = "0.1.0"
