"""The shared conformance suite (rlve.testing) over every environment this pack registers.

Beyond the kit's default levels (0..30 and the stress level 100), every environment is also generated,
verified and timed at 45 and 64, and far beyond any curriculum: d = 1000, 10**9 and 10**100 (the pack's
size level stops growing at its cap, so even these must be quick and small).
"""

from rlve.testing import CheckConfig, EnvironmentConformance


class TestConformance(EnvironmentConformance):
    pack = "math"
    config = CheckConfig(stress_difficulties=(45, 64, 100, 1000, 10**9, 10**100))
