"""Verifying answers of environments that run model-written code, outside the trainer process.

A spawn-context process pool runs ``env.score``; each call has a time limit, after which the answer
gets a verifier-error verdict (it scores 0, see ``Verdict.verifier_failed``) and the pool is torn down
and rebuilt, since a running call cannot be cancelled (RLVE's ThreadPoolExecutor left such threads
running). The code pack's own sandbox limits what the code can do inside the worker; this pool keeps a
hang or a crash away from the training process.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
from concurrent.futures.process import BrokenProcessPool

from rlve import Environment, Problem, Verdict


def _score(env_class: type[Environment], problem_json: str, response: str) -> str:
    problem = Problem.model_validate_json(problem_json)
    return env_class().score(problem, response).model_dump_json()


class VerifyPool:
    def __init__(self, workers: int = 2, timeout: float = 10.0):
        self.workers = workers
        self.timeout = timeout
        self._executor: concurrent.futures.ProcessPoolExecutor | None = None

    def _pool(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._executor is None:
            self._executor = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn")
            )
        return self._executor

    def score_many(self, items: list[tuple[Environment, Problem, str]]) -> list[Verdict]:
        """Verdicts in order; a call past the time limit or a crashed worker gives reward 0.

        When one call times out the pool is killed; the calls after it are resubmitted to a fresh pool,
        so only the answer that hung loses its reward.
        """
        results: list[Verdict | None] = [None] * len(items)
        pending = list(range(len(items)))
        while pending:
            pool = self._pool()
            futures = [
                (i, pool.submit(_score, type(items[i][0]), items[i][1].model_dump_json(), items[i][2])) for i in pending
            ]
            pending = []
            for position, (i, future) in enumerate(futures):
                try:
                    results[i] = Verdict.model_validate_json(future.result(timeout=self.timeout))
                    continue
                except concurrent.futures.TimeoutError:
                    results[i] = Verdict.verifier_failed(f"verification timed out after {self.timeout:g} s")
                except (BrokenProcessPool, concurrent.futures.CancelledError) as error:
                    results[i] = Verdict.verifier_failed(f"verifier process failed: {type(error).__name__}")
                except Exception as error:  # noqa: BLE001 - a worker-side bug costs the reward, not the run
                    results[i] = Verdict.verifier_failed(f"{type(error).__name__}: {error}")
                    continue
                self._kill()
                pending = [j for j, _ in futures[position + 1 :]]
                break
        return [verdict for verdict in results if verdict is not None]

    def _kill(self) -> None:
        """Stop every worker now (the hung one included); the next call starts a fresh pool."""
        executor, self._executor = self._executor, None
        if executor is None:
            return
        for process in list(getattr(executor, "_processes", {}).values()):
            if process.is_alive():
                process.kill()
        executor.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None


def score_all(items: list[tuple[Environment, Problem, str]], pool: VerifyPool | None) -> list[Verdict]:
    """Verdicts in order: answers to environments that run model code go through ``pool`` (when there is
    one), every other answer is scored here. Training's reward and the ablation's evaluation both use it."""
    verdicts: list[Verdict | None] = [None] * len(items)
    untrusted = []
    for index, (env, problem, text) in enumerate(items):
        if env.runs_untrusted_code and pool is not None:
            untrusted.append(index)
        else:
            verdicts[index] = env.score(problem, text)
    if untrusted:
        for index, verdict in zip(untrusted, pool.score_many([items[i] for i in untrusted])):
            verdicts[index] = verdict
    return [verdict for verdict in verdicts if verdict is not None]
