"""Adapters that drive the peers the benchmarks compare against, each the way its own docs use it.

- reasoning-gym (PyPI ``reasoning-gym``): ``create_dataset(name, size, seed)``, ``dataset[i]``,
  ``dataset.score_answer(answer, entry)``.
- RLVE-Gym (PyPI ``rlve-gym``, a snapshot of RLVE's ``Gym/``): an environment class and a parameter
  controller per task; difficulty d means d calls of ``controller.update()``; ``env.generator(seed,
  parameter)`` then ``env.prompt_generator()``; ``env.verifier(output)`` scores a full response. The size
  keys of the parameter (``N``, ``M``...) can be set directly, which is how the benchmarks size it.

Both are optional: a missing peer makes ``available()`` false and the case prints n/a.
"""

from __future__ import annotations

import importlib.util


def available(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def rlve_gym_has(name: str) -> bool:
    """Whether the installed RLVE-Gym snapshot has this task (rlve-gym 0.0.1 lacks some of RLVE's)."""
    from Gym.environments import identifier2environment
    from Gym.parameter_controllers import identifier2controller

    return name in identifier2environment and name in identifier2controller


class ReasoningGymTask:
    def __init__(self, name: str, size: int = 100_000, seed: int = 0, **config):
        import reasoning_gym

        self.dataset = reasoning_gym.create_dataset(name, size=size, seed=seed, **config)

    def generate(self, index: int) -> dict:
        return self.dataset[index]

    def score(self, entry: dict, answer: str) -> float:
        return self.dataset.score_answer(answer, entry)


class RlveGymTask:
    """``overrides`` replace keys of the controller's parameters at that difficulty (the size: ``N``, ``M``...)."""

    def __init__(self, name: str, difficulty: int, overrides: dict | None = None):
        from Gym.environments import identifier2environment
        from Gym.parameter_controllers import identifier2controller

        self.env_cls = identifier2environment[name]
        controller = identifier2controller[name]()
        for _ in range(difficulty):
            controller.update()
        self.parameters = [parameter | (overrides or {}) for parameter in controller.get_parameter_list()]

    def generate(self, seed: int):
        env = self.env_cls()
        if not env.generator(seed, self.parameters[seed % len(self.parameters)]):
            raise RuntimeError(f"RLVE-Gym generation failed or hit its 10 s timeout (seed {seed})")
        env.prompt_generator()
        return env

    @staticmethod
    def score(env, response: str) -> float:
        return env.verifier(response)["accuracy"]
