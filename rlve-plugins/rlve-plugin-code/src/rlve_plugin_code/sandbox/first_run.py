"""What happens once per verifier process, on its first sandboxed run (kept apart from ``runner``'s per-run work)."""

from __future__ import annotations

import tempfile
import threading
import warnings

from rlve_plugin_code.sandbox.cleanup import remove_stale_workdirs


class FirstRun:
    """What happens once per verifier process: the sweep of dead verifiers' folders, and one warning
    naming the protections this kernel does not offer (every run reports them in ``isolation``)."""

    def __init__(self, workdir_prefix: str) -> None:
        self.workdir_prefix = workdir_prefix
        self.lock = threading.Lock()
        self.swept = False
        self.warned = False

    def sweep(self) -> None:
        with self.lock:
            if self.swept:
                return
            self.swept = True
        remove_stale_workdirs(tempfile.gettempdir(), self.workdir_prefix)

    def warn_about(self, isolation: dict[str, str]) -> None:
        missing = {layer: status for layer, status in isolation.items() if status.startswith("unavailable")}
        with self.lock:
            if self.warned or not isolation:
                return
            self.warned = True
        if missing:
            listed = "; ".join(f"{layer}: {status}" for layer, status in missing.items())
            warnings.warn(f"rlve sandbox: some protections are not available here ({listed})", stacklevel=3)
