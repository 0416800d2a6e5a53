"""The processes of one run (``accelerate launch`` ranks, or just this one) and what they share.

``launched_rank`` reads the launcher's environment before torch is imported, so the main process can check
the input first. ``Ranks.start`` then imports torch and Accelerate; with several processes the main one
records the run and ``broadcast``s the outcome, and the reward ``gather``s every rank's outcomes so each
rank applies them to its curriculum in the same order.
"""

from __future__ import annotations

import atexit
import os
import sys
import threading
from dataclasses import dataclass
from typing import Any, NoReturn


def launched_rank() -> tuple[int, int]:
    """(rank, world size) from the launcher's environment (torchrun, MPI), known before torch is imported."""
    rank = next((os.environ[v] for v in ("RANK", "OMPI_COMM_WORLD_RANK", "PMI_RANK") if v in os.environ), "0")
    size = next((os.environ[v] for v in ("WORLD_SIZE", "OMPI_COMM_WORLD_SIZE", "PMI_SIZE") if v in os.environ), "1")
    try:
        return int(rank), int(size)
    except ValueError:
        return 0, 1


@dataclass(frozen=True, eq=False)  # one per run (process): compared by identity
class Ranks:
    """This process's place among the run's processes (an Accelerate ``PartialState``)."""

    state: Any  # accelerate.PartialState

    @classmethod
    def start(cls) -> Ranks:
        """Import torch and join the run's processes (gloo on CPU, so CPU processes started by torchrun or
        ``accelerate launch`` work too)."""
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        import torch
        from accelerate import PartialState
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()  # "Writing model shards" at every checkpoint, "Loading weights" bars
        return cls(PartialState(cpu=not torch.cuda.is_available()))

    @property
    def is_main(self) -> bool:
        return bool(self.state.is_main_process)

    @property
    def count(self) -> int:
        return int(self.state.num_processes)

    @property
    def index(self) -> int:
        return int(self.state.process_index)

    def broadcast(self, value: Any) -> Any:
        """The main process's ``value``, on every rank (pickled; plain data only)."""
        if self.count <= 1:
            return value
        from accelerate.utils import broadcast_object_list

        holder = [value]
        broadcast_object_list(holder, from_process=0)
        return holder[0]

    def gather(self, items: list) -> list:
        """Every rank's ``items``, concatenated in rank order: the same list on every rank."""
        if self.count <= 1:
            return items
        from accelerate.utils import gather_object

        return gather_object(items)

    def finish(self) -> None:
        """Tear the process group down while every rank is still here: left to interpreter exit, gloo's
        threads can be destroyed mid-flight and abort a rank that had finished ("terminate called ...")."""
        if self.count <= 1:
            return
        import torch.distributed as torch_distributed

        if torch_distributed.is_initialized():
            torch_distributed.barrier()
            torch_distributed.destroy_process_group()


def exit_without_teardown(code: int = 0) -> NoReturn:
    """End one finished rank of a run of several processes, skipping the interpreter's teardown.

    What a normal exit does for Python still happens, in its order: other threads are joined, the ``atexit``
    functions run (logging's flush, wandb's finish, multiprocessing's cleanup) and stdout and stderr are
    flushed. What is skipped is destroying the C++ objects still alive, where torch's gloo and store threads
    can abort a rank that has finished everything ("terminate called without an active exception", SIGABRT):
    torchrun then fails the whole launch. Two gloo ranks on CPU, left to the interpreter, aborted at exit in 7
    of 30 launches and in 0 of 30 leaving this way; ``Ranks.finish`` (destroying the process group first) made
    it rare, not impossible: one CI run of test_multirank still aborted after it.
    """
    for thread in threading.enumerate():
        if thread is not threading.current_thread() and not thread.daemon:
            thread.join()
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe or stream: nothing left to save
            pass
    os._exit(code)
