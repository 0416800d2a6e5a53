"""The shared conformance suite (rlve.testing) on the environments covered here; the other environments of
the pack run it from their own test modules."""

from logic_helpers import COVERED

from rlve.testing import EnvironmentConformance


class TestConformance(EnvironmentConformance):
    environments = COVERED
