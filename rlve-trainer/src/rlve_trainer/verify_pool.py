"""Verifying answers of environments that run model-written code, outside the trainer process.

A spawn-context process pool runs ``env.score``; each call has a time limit, after which the answer
gets a verifier-error verdict (it scores 0, see ``Verdict.verifier_failed``) and the pool is torn down
and rebuilt, since a running call cannot be cancelled (RLVE's ThreadPoolExecutor left such threads
running). The code pack's own sandbox limits what the code can do inside the worker; this pool keeps a
hang or a crash away from the training process.

The limit counts from the moment a worker starts the call, not from when it was submitted: a fresh worker
first starts Python and imports rlve and the packs, which takes seconds on a busy machine, and a correct
answer must not score 0 because its worker was still starting.
"""

from __future__ import annotations

import concurrent.futures
import itertools
import multiprocessing
import queue
import time
from concurrent.futures.process import BrokenProcessPool

from rlve import Environment, Problem, Verdict

#: how long a call may wait for a worker to start it (a fresh pool's Python and imports) before its time limit
#: starts anyway: only a pool that cannot start at all waits this long
START_WAIT_SECONDS = 300.0

_started: multiprocessing.Queue | None = None  # in a worker: where it says which call it has begun


def _remember_queue(started: multiprocessing.Queue) -> None:
    global _started
    _started = started


def _score(call: int, env_class: type[Environment], problem_json: str, response: str) -> str:
    if _started is not None:
        _started.put(call)
    problem = Problem.model_validate_json(problem_json)
    return env_class().score(problem, response).model_dump_json()


class VerifyPool:
    def __init__(self, workers: int = 2, timeout: float = 10.0):
        self.workers = workers
        self.timeout = timeout
        self._executor: concurrent.futures.ProcessPoolExecutor | None = None
        self._started: multiprocessing.Queue | None = None  # the calls the current pool's workers have begun
        self._begun: set[int] = set()
        self._calls = itertools.count()

    def _pool(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._executor is None:
            context = multiprocessing.get_context("spawn")
            self._started = context.Queue()
            self._begun = set()
            self._executor = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=context,
                initializer=_remember_queue,
                initargs=(self._started,),
            )
        return self._executor

    def _wait_until_begun(self, call: int, future: concurrent.futures.Future) -> None:
        """Return once a worker has begun ``call`` (or it is done, or START_WAIT_SECONDS passed)."""
        deadline = time.monotonic() + START_WAIT_SECONDS
        while call not in self._begun and not future.done():
            left = deadline - time.monotonic()
            if left <= 0:
                break
            try:
                self._begun.add(self._started.get(timeout=min(left, 0.2)))
            except queue.Empty:
                pass
        # Calls are waited for in the order of their numbers: keep only those still to come, so a long run's
        # set stays as small as the calls in flight.
        self._begun = {begun for begun in self._begun if begun > call}

    def score_many(self, items: list[tuple[Environment, Problem, str]]) -> list[Verdict]:
        """Verdicts in order; a call past the time limit or a crashed worker gives reward 0.

        When one call times out the pool is killed; the calls after it are resubmitted to a fresh pool,
        so only the answer that hung loses its reward.
        """
        results: list[Verdict | None] = [None] * len(items)
        pending = list(range(len(items)))
        while pending:
            pool = self._pool()
            futures = []
            for i in pending:
                call = next(self._calls)
                env, problem, text = items[i]
                futures.append((i, call, pool.submit(_score, call, type(env), problem.model_dump_json(), text)))
            pending = []
            for position, (i, call, future) in enumerate(futures):
                # Calls start in the order submitted, and every call before this one is done: what is left
                # to wait for before it begins is a worker starting up, which is not the answer's time.
                self._wait_until_begun(call, future)
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
                pending = [j for j, _, _ in futures[position + 1 :]]
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
        self._drop_started()

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None
        self._drop_started()

    def _drop_started(self) -> None:
        """Forget the finished pool's queue (a killed worker may have died writing to it)."""
        started, self._started = self._started, None
        if started is not None:
            started.close()
            started.cancel_join_thread()


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
