"""An environment flagged as running model code, for the verify-pool tests (imported by the spawned workers)."""

import os
import time

from rlve import Environment, Instance, Verdict

# A worker that is slow to start, as on a busy machine: a spawned worker imports this module before its first
# call, and test_rewards sets this for the workers of one test.
time.sleep(float(os.environ.get("RLVE_TEST_WORKER_START_DELAY", "0")))


class SlowCode(Environment):
    id = "testfake/slow_code"
    version = 1
    description = "test environment whose checker hangs on the answer 'hang'"
    difficulty_scales = "nothing"
    size_name = "items"
    answer_format = "a word"
    runs_untrusted_code = True

    def generate(self, difficulty, rng):
        return Instance(prompt="Say ok.", answer="ok", data={}, size=difficulty + 1)

    def check(self, data, answer):
        if answer == "hang":
            time.sleep(60)
        if answer == "ok":
            return Verdict.right(reason=f"pid {os.getpid()}")
        return Verdict.wrong(f"pid {os.getpid()}")


class BrokenSandbox(SlowCode):
    """Runs model code, but its sandbox never starts: every answer comes back unjudged."""

    id = "testfake/broken_sandbox"
    description = "test environment whose verification always fails"

    def score(self, problem, response):
        raise OSError("the sandbox could not start")
