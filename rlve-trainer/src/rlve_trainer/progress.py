"""The live progress display: a tqdm bar with reward and each environment's band on a terminal,
one line per finished step otherwise (logs, CI, tests that read them)."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence

from rlve.curriculum import Band


def short_names(env_ids: Sequence[str]) -> dict[str, str]:
    """``graph/shortest_path`` -> ``shortest_path`` where that is unambiguous."""
    names = [env.split("/", 1)[-1] for env in env_ids]
    return {env: (name if names.count(name) == 1 else env) for env, name in zip(env_ids, names)}


def describe_step(
    step: int, max_steps: int, reward: float | None, accuracy: float | None, bands: Mapping[str, Band]
) -> str:
    names = short_names(list(bands))
    parts = [f"step {step}/{max_steps} done", f"reward {_num(reward)}", f"acc {_num(accuracy)}"]
    parts += [f"{names[env]} {band.low}-{band.high}" for env, band in bands.items()]
    return "  ".join(parts)


def describe_change(step: int, change, band) -> str:
    """One line announcing a move of a band's top, as it happens: ``raise: math/addition 0-1 -> 0-2 ...``."""
    word = "raise" if change.new_high > change.old_high else "lower"
    width = band.high - band.low
    before = f"{max(0, change.old_high - width)}-{change.old_high}"
    return f"{word}: {change.env} {before} -> {band.low}-{band.high} at step {step} ({change.reason})"


def verifier_error_warning(step: int, stats) -> str:
    """One line for the answers of ``step`` that no verifier could judge (``StepStats.verifier_errors``)."""
    errors = stats.verifier_errors
    envs = ", ".join(sorted({outcome.env for outcome in errors}))
    return (
        f"warning: step {step}: {len(errors)} of {len(stats.rewards)} answers could not be verified ({envs}; "
        f"first: {errors[0].reason[:120]}); they scored 0 with no format penalty and the curriculum did not "
        "count them. Find them with: rlve history sql \"SELECT * FROM rollouts WHERE reason LIKE 'verifier error%'\""
    )


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


class Progress:
    def __init__(self, max_steps: int, initial: int = 0, stream=None, enabled: bool = True):
        self.max_steps = max_steps
        self.enabled = enabled
        self.stream = stream or sys.stdout
        self.bar = None
        if enabled and sys.stderr.isatty():
            import shutil

            from tqdm import tqdm

            # A terminal that reports no size (0 columns) would get an empty bar.
            width = shutil.get_terminal_size((120, 24)).columns or 120
            self.bar = tqdm(total=max_steps, initial=initial, desc="rlve train", unit="step", ncols=width)

    def step(self, step: int, reward: float | None, accuracy: float | None, bands: Mapping[str, Band]) -> None:
        if not self.enabled:
            return
        if self.bar is not None:
            names = short_names(list(bands))
            postfix = {"reward": _num(reward)} | {names[env]: f"{b.low}-{b.high}" for env, b in bands.items()}
            self.bar.set_postfix(postfix, refresh=False)
            self.bar.update(step - self.bar.n)
        else:
            print(describe_step(step, self.max_steps, reward, accuracy, bands), file=self.stream, flush=True)

    def announce(self, message: str) -> None:
        """A line of its own among the step lines (above the bar on a terminal)."""
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.write(message)
        else:
            print(message, file=self.stream, flush=True)

    def warn(self, message: str) -> None:
        """A problem the user must see: on stderr even when the progress display is off (``--quiet``)."""
        if self.bar is not None:
            self.bar.write(message, file=sys.stderr)
        else:
            print(message, file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None
