"""Stands in for ``python -m verl.trainer.main_ppo`` in test_verl_launch: rlve's live curriculum starts the run as
verl's driver would (and writes its id to ``+data.rlve_run_file``), then the process ends as ``end=`` says."""

import os
import signal
import sys

from rlve_trainer.engines.verl_live import LiveCurriculum, load_config

settings = dict(argument.lstrip("+").split("=", 1) for argument in sys.argv[1:])
config = load_config(settings["toml"], settings.get("data.rlve_db"))  # as rlve's dataset reads verl's config
live = LiveCurriculum(config, batch_size=2, run_file=settings["data.rlve_run_file"])
end = settings["end"]
if end == "before the run":
    sys.exit(3)
live.draw_next()  # the first problem: the run is recorded
if end == "finished":  # as at max_steps: the live curriculum marks its run finished
    live.history.set_status("finished", last_step=1)
    live.history.close()
    sys.exit(0)
if end == "crash":
    raise RuntimeError("a rollout worker ran out of memory")
if end == "sigterm":
    os.kill(os.getpid(), signal.SIGTERM)
