"""How much one sandboxed run may use: the knobs a user tunes, with defaults that suit short test runs."""

from __future__ import annotations

from dataclasses import asdict, dataclass

MIB = 1 << 20


@dataclass(frozen=True)
class Limits:
    """Resource limits of one run. The wall-clock limit is enforced by the parent, the disk limits by the
    run's private tmpfs (where the kernel allows a mount namespace), the rest by rlimits.

    ``max_processes`` is RLIMIT_NPROC. Each run gets its own fresh uid when the parent is root, so 1
    means "this process only": no fork, no threads, no subprocess. Raise it for code that needs threads.
    """

    wall_seconds: float = 6.0
    cpu_seconds: int = 3
    memory_bytes: int = 512 * MIB
    max_processes: int = 1
    max_file_bytes: int = 8 * MIB
    #: everything the run may write, in bytes and in files (a tmpfs of this size is its private root)
    max_disk_bytes: int = 32 * MIB
    max_disk_files: int = 2048
    max_open_files: int = 64
    #: stdout and stderr are each kept up to this many bytes; past it the pipe is closed on the child.
    max_output_bytes: int = 64 * 1024
    #: the result channel; a child that writes more is killed and fails.
    max_result_bytes: int = 8 * MIB
    isolate_network: bool = True
    restrict_filesystem: bool = True

    def __post_init__(self) -> None:
        if not self.wall_seconds > 0:
            raise ValueError(f"wall_seconds must be positive, got {self.wall_seconds!r}")
        for name in ("cpu_seconds", "max_processes", "max_open_files"):
            if not isinstance(getattr(self, name), int) or getattr(self, name) < 1:
                raise ValueError(f"{name} must be an integer >= 1, got {getattr(self, name)!r}")
        if self.max_open_files < 16:
            raise ValueError("max_open_files below 16 leaves the interpreter unable to start")
        if self.memory_bytes < 64 * MIB:
            raise ValueError("memory_bytes below 64 MiB leaves the interpreter unable to start")
        for name in ("max_file_bytes", "max_output_bytes", "max_result_bytes", "max_disk_bytes", "max_disk_files"):
            if not isinstance(getattr(self, name), int) or getattr(self, name) < 0:
                raise ValueError(f"{name} must be an integer >= 0, got {getattr(self, name)!r}")

    def for_child(self) -> dict[str, int]:
        """What the harness applies as rlimits (the rest is enforced by the parent)."""
        fields = asdict(self)
        return {
            name: fields[name]
            for name in (
                "cpu_seconds",
                "memory_bytes",
                "max_processes",
                "max_file_bytes",
                "max_open_files",
                "max_disk_bytes",
                "max_disk_files",
            )
        }
