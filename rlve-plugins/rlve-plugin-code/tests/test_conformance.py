"""The shared conformance suite (rlve.testing) over every environment this pack registers."""

from rlve.testing import EnvironmentConformance


class TestConformance(EnvironmentConformance):
    pack = "code"
