"""Adapters that drive the peers the benchmarks compare against, each the way its own docs use it.

- reasoning-gym (PyPI ``reasoning-gym``): ``create_dataset(name, size, seed)``, ``dataset[i]``,
  ``dataset.score_answer(answer, entry)``.
- RLVE-Gym (PyPI ``rlve-gym``, a snapshot of RLVE's ``Gym/``): an environment class and a parameter
  controller per task; difficulty d means d calls of ``controller.update()``; ``env.generator(seed,
  parameter)`` then ``env.prompt_generator()``; ``env.verifier(output)`` scores a full response.

Both are optional: a missing peer makes ``available()`` false and the case prints n/a.
"""

from __future__ import annotations

import importlib.util


def available(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


class ReasoningGymTask:
    def __init__(self, name: str, size: int = 100_000, seed: int = 0, **config):
        import reasoning_gym

        self.dataset = reasoning_gym.create_dataset(name, size=size, seed=seed, **config)

    def generate(self, index: int) -> dict:
        return self.dataset[index]

    def score(self, entry: dict, answer: str) -> float:
        return self.dataset.score_answer(answer, entry)


class RlveGymTask:
    def __init__(self, name: str, difficulty: int):
        from Gym.environments import identifier2environment
        from Gym.parameter_controllers import identifier2controller

        self.env_cls = identifier2environment[name]
        controller = identifier2controller[name]()
        for _ in range(difficulty):
            controller.update()
        self.parameters = controller.get_parameter_list()

    def generate(self, seed: int):
        env = self.env_cls()
        if not env.generator(seed, self.parameters[seed % len(self.parameters)]):
            raise RuntimeError("RLVE-Gym generation failed or timed out")
        env.prompt_generator()
        return env

    @staticmethod
    def score(env, response: str) -> float:
        return env.verifier(response)["accuracy"]
