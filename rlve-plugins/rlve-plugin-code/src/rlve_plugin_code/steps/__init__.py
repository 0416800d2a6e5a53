"""Steps (small exactly specified operations) and the generated functions composed of them."""

from rlve_plugin_code.steps.base import Domain, Shape, Step, Variant
from rlve_plugin_code.steps.lists import LISTS
from rlve_plugin_code.steps.pipeline import Pipeline
from rlve_plugin_code.steps.strings import STRINGS

DOMAINS = {"list": LISTS, "string": STRINGS}

__all__ = ["DOMAINS", "LISTS", "STRINGS", "Domain", "Pipeline", "Shape", "Step", "Variant"]
