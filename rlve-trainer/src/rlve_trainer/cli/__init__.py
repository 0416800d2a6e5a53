"""The ``rlve train`` and ``rlve history`` commands. Heavy imports stay inside the command bodies."""
