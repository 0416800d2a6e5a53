"""cpu_timer: what the time limits of the conformance kit and of every pack's tests measure."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from rlve.testing import Spent, cpu_time, cpu_timer

resource = pytest.importorskip("resource")  # child CPU time is counted where getrusage exists


def burn(seconds: float) -> None:
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


def test_cpu_time_counts_work_and_grows():
    before = cpu_time()
    burn(0.05)
    assert cpu_time() - before >= 0.05


def test_sleeping_costs_no_cpu_time():
    with cpu_timer() as spent:
        time.sleep(0.2)
    assert spent.wall >= 0.2  # a lower bound: load can only lengthen it
    assert spent.cpu < 0.1, spent


def test_work_in_a_waited_for_child_is_counted():
    code = "import time\nend = time.process_time() + 0.1\nwhile time.process_time() < end:\n    pass\n"
    with cpu_timer() as spent:
        subprocess.run([sys.executable, "-S", "-c", code], check=True)
    assert spent.cpu >= 0.1, spent


def test_the_timer_is_filled_in_when_the_block_raises_and_shows_both_times():
    with pytest.raises(ValueError), cpu_timer() as spent:
        burn(0.01)
        raise ValueError("boom")
    assert spent.cpu >= 0.01 and spent.wall > 0
    assert str(Spent(cpu=0.0123, wall=1.5)) == "12.3 ms of CPU time (1.50 s wall)"


def test_the_garbage_collector_is_paused_inside_a_measurement_and_restored_after():
    import gc

    assert gc.isenabled()
    with cpu_timer():
        assert not gc.isenabled()  # a collection of others' garbage would be charged to the block
    assert gc.isenabled()
    gc.disable()
    try:
        with cpu_timer():
            pass
        assert not gc.isenabled()  # a caller that had paused it keeps it paused
    finally:
        gc.enable()
