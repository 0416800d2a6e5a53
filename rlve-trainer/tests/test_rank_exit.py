"""A finished rank leaves without the interpreter's teardown, but everything a normal exit saves is saved."""

import subprocess
import sys
import textwrap


def test_exit_without_teardown_still_joins_threads_runs_exit_functions_and_flushes(tmp_path):
    marker = tmp_path / "atexit-ran"
    script = textwrap.dedent(
        f"""
        import atexit, pathlib, threading, time
        from rlve_trainer.ranks import exit_without_teardown

        atexit.register(lambda: pathlib.Path({str(marker)!r}).write_text("yes"))

        def late_writer():
            time.sleep(0.2)
            print("thread done", end="")  # no newline: only a flush brings it out of the buffer

        threading.Thread(target=late_writer).start()
        print("main done", end=" ")
        exit_without_teardown(3)
        print("never")
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 3, done.stderr
    assert done.stdout == "main done thread done"
    assert marker.read_text() == "yes"
