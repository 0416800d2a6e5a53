"""rlve inside other RL engines: the pieces an engine calls (a reward function, ...), each engine in its module."""
