"""The shared conformance suite (rlve.testing) on every environment the installed pack registers: metadata,
determinism (also in a fresh process), seed variety, JSON round trips, reference answers, other problems'
answers, the hostile corpus, size growth and time budgets. The other test modules test what it cannot know."""

from rlve.testing import EnvironmentConformance


class TestConformance(EnvironmentConformance):
    pack = "logic"
