"""Leaving the machine as it was: killing a run's stray processes and removing its files."""

from __future__ import annotations

import os
import secrets
import signal
import stat
import time

#: Where a process that escaped the filesystem restriction could still have written.
WORLD_WRITABLE_DIRS = ("/tmp", "/var/tmp", "/dev/shm")


def _real_uid_and_state(pid: str) -> tuple[int, str] | None:
    try:
        with open(f"/proc/{pid}/status", "rb") as handle:
            text = handle.read(4096).decode("ascii", "replace")
    except OSError:
        return None
    uid, state = None, ""
    for line in text.splitlines():
        if line.startswith("Uid:"):
            uid = int(line.split()[1])
        elif line.startswith("State:"):
            state = line.split()[1]
    return (uid, state) if uid is not None else None


def kill_user_processes(uid: int, rounds: int = 20) -> int:
    """SIGKILL every live process whose real uid is ``uid``, until none is left; return how many.

    Only ever called with a sandbox's own throw-away uid, which nothing else on the machine uses. This
    catches what ``killpg`` misses: processes that left the group with ``setsid()``.
    """
    if uid == 0 or uid == os.getuid() or not os.path.isdir("/proc"):
        return 0
    killed = 0
    for _ in range(rounds):
        found = False
        for entry in os.scandir("/proc"):
            if not entry.name.isdigit():
                continue
            info = _real_uid_and_state(entry.name)
            if info is None or info[0] != uid or info[1] in ("Z", "X"):
                continue
            found = True
            try:
                os.kill(int(entry.name), signal.SIGKILL)
                killed += 1
            except ProcessLookupError:
                pass
        if not found:
            break
        time.sleep(0.005)  # SIGKILL is asynchronous: let them die before looking again
    return killed


def remove_user_files(uid: int) -> None:
    """Delete top-level entries owned by ``uid`` in the world-writable folders (used without Landlock)."""
    if uid == 0 or uid == os.getuid():
        return
    for directory in WORLD_WRITABLE_DIRS:
        try:
            entries = list(os.scandir(directory))
        except OSError:
            continue
        for entry in entries:
            try:
                if entry.stat(follow_symlinks=False).st_uid != uid:
                    continue
                if entry.is_dir(follow_symlinks=False):
                    remove_tree(entry.path)
                else:
                    os.unlink(entry.path)
            except OSError:
                continue


#: How long one removal may take. A run's private tmpfs needs none (it vanishes with its mount
#: namespace); without one, a run may have left many files, and the verifier must not stall on them.
REMOVE_SECONDS = 3.0
#: Directory descriptors held open at once while removing; deeper folders are moved up to the top.
_MAX_OPEN_DEPTH = 32
_DIRECTORY_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


def remove_tree(path: str, seconds: float = REMOVE_SECONDS) -> bool:
    """Remove ``path`` and everything under it; True when it is gone, False when time ran out.

    Iterative and relative to open directory descriptors, so neither the depth of the tree nor the
    length of its paths matters (1,500 nested folders are as easy as one). It never follows a
    symbolic link and never changes anything outside ``path``: permissions are only restored on
    folders it opened inside the tree (code may have made them unreadable with chmod 000).
    """
    deadline = time.monotonic() + seconds
    try:
        root = os.open(path, _DIRECTORY_FLAGS)
    except FileNotFoundError:
        return True
    except OSError:  # a file or a symbolic link, not a folder
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
        return True
    # stack[i] = (descriptor, sub-folders still to remove, name in stack[i - 1]); each folder is listed
    # once, when entered, so a folder with many sub-folders costs one listing, not one per sub-folder.
    stack = [(root, [], "")]
    try:
        stack[0][1].extend(_clear_files(root, deadline))
        while stack:
            if time.monotonic() > deadline:
                return False
            folder, pending, name = stack[-1]
            if not pending:
                stack.pop()
                os.close(folder)
                if stack:
                    os.rmdir(name, dir_fd=stack[-1][0])
                continue
            subfolder = pending.pop()
            if len(stack) >= _MAX_OPEN_DEPTH:  # flatten: move the deep folder up to the tree's root
                moved = f".rlve-moved-{secrets.token_hex(8)}"
                os.rename(subfolder, moved, src_dir_fd=folder, dst_dir_fd=root)
                stack[0][1].append(moved)
                continue
            child = _open_folder(subfolder, folder)
            stack.append((child, _clear_files(child, deadline), subfolder))
        os.rmdir(path)
        return True
    except TimeoutError:
        return False
    except OSError:  # something removed it meanwhile, or a file the kernel will not let go (immutable)
        return not os.path.lexists(path)
    finally:
        for folder, _, _ in stack:
            os.close(folder)


def _open_folder(name: str, parent: int) -> int:
    try:
        return os.open(name, _DIRECTORY_FLAGS, dir_fd=parent)
    except PermissionError:
        os.chmod(name, stat.S_IRWXU, dir_fd=parent)  # a real folder (listed as one), inside the tree
        return os.open(name, _DIRECTORY_FLAGS, dir_fd=parent)


def _clear_files(folder: int, deadline: float) -> list[str]:
    """Unlink every entry of ``folder`` that is not a folder; return the names of its sub-folders."""
    try:
        entries = os.scandir(folder)
    except PermissionError:
        os.fchmod(folder, stat.S_IRWXU)
        entries = os.scandir(folder)
    subfolders = []
    with entries:
        for count, entry in enumerate(entries):
            if entry.is_dir(follow_symlinks=False):
                subfolders.append(entry.name)
                continue
            try:
                os.unlink(entry.name, dir_fd=folder)
            except FileNotFoundError:
                pass
            except PermissionError:
                os.fchmod(folder, stat.S_IRWXU)
                os.unlink(entry.name, dir_fd=folder)
            if count % 256 == 255 and time.monotonic() > deadline:
                raise TimeoutError
    return subfolders


def remove_stale_workdirs(temporary: str, prefix: str) -> int:
    """Remove ``prefix<pid>-*`` folders whose verifier (``pid``) no longer runs; return how many.

    Such a folder is left when a verifier is killed mid-run. A folder of a live process is never
    touched: it may be in use right now.
    """
    removed = 0
    try:
        entries = list(os.scandir(temporary))
    except OSError:
        return 0
    for entry in entries:
        pid_text = entry.name[len(prefix) :].split("-", 1)[0] if entry.name.startswith(prefix) else ""
        if not pid_text.isdigit() or int(pid_text) == os.getpid() or _alive(int(pid_text)):
            continue
        try:
            if entry.is_dir(follow_symlinks=False) and remove_tree(entry.path):
                removed += 1
        except OSError:
            continue
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
