"""The solvers and puzzle generators the environments share (uniqueness checks, shortest plans, ...)."""
