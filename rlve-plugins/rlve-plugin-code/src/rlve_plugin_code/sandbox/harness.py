"""The child side of the sandbox. Run as ``python -s -S -B harness.py JOB_FD RESULT_FD``.

One file on purpose, over 400 lines: it is executed as a script by a fresh interpreter, never imported
by the parent, and must use the standard library only (``-S``: no site-packages, so model code cannot
import rlve or its packs either). Splitting it would put the sandbox's own modules on the child's path.

1. Read the job (marshal, written by the parent: trusted) from JOB_FD.
2. Confine this process before any model code exists in it: new namespaces (network, IPC, mount, PID;
   inside a user namespace when not root), a private root on a size-bounded tmpfs holding only the
   standard library and shared libraries, rlimits, a fresh unprivileged uid when started as root
   (Linux does not enforce RLIMIT_NPROC for root), death with the parent, a Landlock ruleset (read
   the standard library only, write the working directory only, no exec, no TCP), and a seccomp
   filter for what the others do not cover (chmod/chown on paths, ptrace, signals, limits and
   priority of other processes, Unix sockets).
3. Say "ready" on RESULT_FD: the last record only the harness can write. Then run the model's code in
   its own namespace and report what it returned as JSON records, each prefixed with the per-run
   nonce. The expected outputs never reach this process: the parent compares the values, so a forged
   record can at best claim values the model would have to compute, and the parent reads nothing
   after "ready" as a fault of the sandbox.

Everything the reporting path uses is bound at startup (default arguments and closures), so model code
that patches builtins, ``json`` or ``os`` does not change how results are encoded or written.
"""

import _json  # the C string encoder: patching the json package does not reach it
import marshal
import os
import resource
import sys

_FunctionType = type(lambda: None)
_CO_VARARGS = 0x04
_MAX_VALUE_CHARS = 1_000_000
_MAX_DEPTH = 64
_MAX_MESSAGE = 300


class SetupError(Exception):
    """Confinement that was asked for could not be put in place: run nothing."""


class Unreportable(Exception):
    """A value that is not plain JSON data (int, float, str, bool, None, list, tuple, dict with str keys)."""


# ---------------------------------------------------------------------------------------------------
# Reporting: strict JSON encoding and nonce-framed records
# ---------------------------------------------------------------------------------------------------


def make_encoder():
    encode_str = _json.encode_basestring_ascii
    int_repr, float_repr = int.__repr__, float.__repr__
    exact_type, length = type, len
    int_t, float_t, str_t, bool_t, list_t, tuple_t, dict_t = int, float, str, bool, list, tuple, dict
    infinity = float("inf")
    comma_join = ",".join
    name_of = type.__dict__["__name__"].__get__  # reads the real class name, ignoring metaclass tricks
    unreportable, exception = Unreportable, Exception

    def type_name(t):
        try:
            name = name_of(t)
        except exception:  # noqa: BLE001
            name = "object"
        return name[:60]

    def encode(value, depth=0):
        if depth > _MAX_DEPTH:
            raise unreportable(f"a value nested more than {_MAX_DEPTH} levels deep")
        t = exact_type(value)
        if value is None:
            return "null"
        if t is bool_t:
            return "true" if value else "false"
        if t is int_t:
            try:
                return int_repr(value)
            except ValueError:
                raise unreportable("an integer with too many digits") from None
        if t is str_t:
            if length(value) > _MAX_VALUE_CHARS:
                raise unreportable(f"a string of more than {_MAX_VALUE_CHARS} characters")
            return encode_str(value)
        if t is float_t:
            if value != value or value == infinity or value == -infinity:
                raise unreportable("a float that is nan or infinite")
            return float_repr(value)
        if t is list_t or t is tuple_t:
            parts = []
            size = 0
            for item in value:
                text = encode(item, depth + 1)
                size += length(text) + 1
                if size > _MAX_VALUE_CHARS:
                    raise unreportable(f"a value of more than {_MAX_VALUE_CHARS} characters")
                parts.append(text)
            return "[" + comma_join(parts) + "]"
        if t is dict_t:
            parts = []
            size = 0
            for key, item in dict_t.items(value):
                if exact_type(key) is not str_t:
                    raise unreportable(f"a dict with a key of type {type_name(exact_type(key))}")
                text = encode_str(key) + ":" + encode(item, depth + 1)
                size += length(text) + 1
                if size > _MAX_VALUE_CHARS:
                    raise unreportable(f"a value of more than {_MAX_VALUE_CHARS} characters")
                parts.append(text)
            return "{" + comma_join(parts) + "}"
        raise unreportable(f"a value of type {type_name(t)}")

    return encode, type_name


def make_emitter(fd, nonce):
    write, encode_bytes = os.write, str.encode
    prefix = nonce + b" "

    def emit(record_json):
        data = prefix + encode_bytes(record_json, "utf-8") + b"\n"
        view = memoryview(data)
        while view:
            written = write(fd, view)
            view = view[written:]

    return emit


def describe_exception(error, type_name, _type=type, _str=BaseException.__str__, _exception=Exception):
    """``TypeError: message``, tolerating exceptions whose __str__ is hostile."""
    name = type_name(_type(error))
    try:
        text = _str(error)
    except _exception:  # noqa: BLE001
        text = ""
    text = f"{name}: {text}" if text else name
    return text[:_MAX_MESSAGE]


# ---------------------------------------------------------------------------------------------------
# Confinement
# ---------------------------------------------------------------------------------------------------

CLONE_NEWNS = 0x00020000
CLONE_NEWIPC = 0x08000000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000
PR_SET_PDEATHSIG = 1
PR_SET_NO_NEW_PRIVS = 38
SIGKILL = 9
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_REMOUNT = 1, 2, 4, 8, 32
MS_BIND, MS_REC, MS_PRIVATE = 4096, 16384, 1 << 18
MNT_DETACH = 2

# Landlock (linux/landlock.h). The syscall numbers are the same on every architecture.
SYS_LANDLOCK_CREATE_RULESET, SYS_LANDLOCK_ADD_RULE, SYS_LANDLOCK_RESTRICT_SELF = 444, 445, 446
LANDLOCK_RULE_PATH_BENEATH = 1
FS_EXECUTE, FS_WRITE_FILE, FS_READ_FILE, FS_READ_DIR = 1 << 0, 1 << 1, 1 << 2, 1 << 3
FS_MAKE_CHAR, FS_MAKE_BLOCK = 1 << 6, 1 << 11
FS_TRUNCATE = 1 << 14
NET_BIND_TCP, NET_CONNECT_TCP = 1 << 0, 1 << 1
SCOPE_ABSTRACT_UNIX_SOCKET, SCOPE_SIGNAL = 1 << 0, 1 << 1
#: Filesystem rights each Landlock ABI version knows about (ABI 2 adds REFER, 3 TRUNCATE, 5 IOCTL_DEV).
FS_RIGHTS_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 4: (1 << 15) - 1, 5: (1 << 16) - 1}
#: Rights that only make sense on regular files; a rule on a file may only grant these.
FS_FILE_RIGHTS = FS_EXECUTE | FS_WRITE_FILE | FS_READ_FILE | FS_TRUNCATE | (1 << 15)
#: Directories whose shared libraries an extension module may still need to load; their python*
#: sub-folders (system site-packages) are left out.
LIBRARY_DIRS = ("/lib", "/lib64", "/usr/lib", "/usr/lib64", "/usr/local/lib")
SKIPPED_NAMES = ("site-packages", "dist-packages")


def load_libc():
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes
    except ImportError:
        return None
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    libc.mount.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_ulong, ctypes.c_char_p]
    return ctypes, libc


def errno_text(ctypes):
    return os.strerror(ctypes.get_errno())


def die_with_parent(native, parent_alive):
    """SIGKILL this process when its parent exits; exit now if the parent is already gone.

    Set after every change of credentials (the kernel clears it on setuid). ``parent_alive`` says
    whether the parent still lives, checked after the signal is armed so that no exit slips between.
    """
    if native is None:
        return "unavailable: not Linux"
    ctypes, libc = native
    if libc.prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0:
        return "unavailable: " + errno_text(ctypes)
    if not parent_alive():
        os._exit(70)
    return "dies with its parent"


def map_own_ids(uid, gid):
    """In a fresh user namespace, keep the same uid and gid (an identity map: files stay ours)."""
    with open("/proc/self/setgroups", "w") as handle:
        handle.write("deny")
    with open("/proc/self/uid_map", "w") as handle:
        handle.write(f"{uid} {uid} 1")
    with open("/proc/self/gid_map", "w") as handle:
        handle.write(f"{gid} {gid} 1")


def enter_namespaces(native, as_root, isolate_network, several_processes):
    """Unshare what the kernel allows, one namespace at a time; return {layer: status}.

    Not root: a user namespace first (where unprivileged ones are allowed), which grants the
    capabilities the others need, inside that namespace only. A PID namespace only when the run may
    have several processes: with RLIMIT_NPROC at 1 nothing can fork, and the parent-death signal is
    enough to end the one process (the namespace would cost a fork per run).
    """
    wanted = [("ipc", CLONE_NEWIPC), ("mount", CLONE_NEWNS)]
    if isolate_network:
        wanted.insert(0, ("network", CLONE_NEWNET))
    if several_processes:
        wanted.append(("pid", CLONE_NEWPID))
    if native is None:
        return {name: "unavailable: not Linux" for name, _ in wanted}
    ctypes, libc = native
    layers = {}
    if not as_root:
        uid, gid = os.getuid(), os.getgid()
        if libc.unshare(ctypes.c_int(CLONE_NEWUSER)) != 0:
            reason = "unavailable: no user namespace: " + errno_text(ctypes)
            return {name: reason for name, _ in wanted}
        try:
            map_own_ids(uid, gid)
        except OSError as error:
            reason = f"unavailable: user namespace id map: {error.strerror}"
            return {name: reason for name, _ in wanted}
        layers["user namespace"] = "own uid mapped to itself"
    for name, flag in wanted:
        ok = libc.unshare(ctypes.c_int(flag)) == 0
        layers[name] = "namespace" if ok else "unavailable: unshare: " + errno_text(ctypes)
    return layers


def supervise(native):
    """Fork the first process of the new PID namespace; this one only waits and passes on its end.

    Returns in the child (the namespace's init). When the init exits, the kernel kills every process
    left in the namespace, so nothing the code forked can outlive the run. The parent never runs model
    code: it closes what it does not need and mirrors the child's exit code or signal as its own.
    """
    alive_r, alive_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(alive_w)
        return alive_r
    os.close(alive_r)
    for fd in range(3, 256):  # the job and result descriptors stay with the child alone
        if fd != alive_w:
            try:
                os.close(fd)
            except OSError:
                pass
    while True:
        try:
            _, status = os.waitpid(pid, 0)
            break
        except InterruptedError:
            continue
    if os.WIFSIGNALED(status):
        signal_number = os.WTERMSIG(status)
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        import signal

        try:
            signal.signal(signal_number, signal.SIG_DFL)
        except (OSError, ValueError):
            pass
        os.kill(os.getpid(), signal_number)
    os._exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 70)


def pipe_open(fd):
    """A check that the other end of pipe ``fd`` (held by the parent alone) is still open."""

    def alive():
        os.set_blocking(fd, False)
        try:
            return os.read(fd, 1) != b""
        except BlockingIOError:
            return True

    return alive


class MountError(Exception):
    pass


class PrivateRoot:
    """A new root for the run in the private mount namespace: a size-bounded tmpfs holding the scratch
    folder, read-only binds of the standard library and shared libraries, and nothing else.

    Nothing of the host's filesystem is visible: no other folder, no socket file to connect to, nothing
    to stat or watch. Whatever the run writes lives in the tmpfs, bounded in bytes and files, and is freed
    by the kernel with the namespace: there is nothing to clean up on the host, however deep or many.
    """

    def __init__(self, native, workdir, limits):
        self.ctypes, self.libc = native
        self.root = workdir
        self.limits = limits

    def mount(self, source, target, fstype, flags, data=None):
        encode = os.fsencode
        result = self.libc.mount(
            None if source is None else encode(source),
            encode(target),
            None if fstype is None else encode(fstype),
            flags,
            None if data is None else encode(data),
        )
        if result != 0:
            raise MountError(f"mount {target}: {errno_text(self.ctypes)}")

    def inside(self, path):
        return self.root + path

    def mirror(self, path, depth=0):
        """Recreate ``path``'s symbolic links in the new root; return the real path to bind."""
        parts = [part for part in path.split("/") if part]
        current = ""
        for index, part in enumerate(parts):
            current += "/" + part
            if os.path.islink(current):
                if depth > 16:
                    raise MountError(f"too many symbolic links under {path}")
                target = self.inside(current)
                if not os.path.lexists(target):
                    os.makedirs(os.path.dirname(target), exist_ok=True)
                    os.symlink(os.readlink(current), target)
                rest = "/".join(parts[index + 1 :])
                resolved = os.path.realpath(current)
                return self.mirror(resolved + ("/" + rest if rest else ""), depth + 1)
        return current

    def bind(self, path, device=False, bound=()):
        """Bind ``path`` read-only at the same place in the new root, unless it lies in a folder of
        ``bound``; return the real path it stands for, or None when it does not exist."""
        if not os.path.exists(path):
            return None
        real = self.mirror(path)
        if any(real == folder or real.startswith(folder + os.sep) for folder in bound):
            return real
        target = self.inside(real)
        if os.path.isdir(real):
            os.makedirs(target, exist_ok=True)
        else:
            os.makedirs(os.path.dirname(target), exist_ok=True)
            if not os.path.exists(target):
                os.close(os.open(target, os.O_CREAT | os.O_WRONLY, 0o644))
        self.mount(real, target, None, MS_BIND)
        flags = MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | (0 if device else MS_NODEV)
        self.mount(None, target, None, flags)
        return real

    def hide(self, path):
        """Cover a bound folder with an empty read-only tmpfs (site-packages and the like)."""
        target = self.inside(path)
        if os.path.isdir(target) and not os.path.islink(target):
            self.mount("tmpfs", target, "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=4k,mode=0555")

    def build(self, library_paths, uid, gid):
        # Nothing mounted from here on may propagate back to the host's mount table.
        self.mount(None, "/", None, MS_REC | MS_PRIVATE)
        size, files = max(self.limits["max_disk_bytes"], 4096), self.limits["max_disk_files"]
        flags = MS_NOSUID | MS_NODEV | MS_NOEXEC
        self.mount("tmpfs", self.root, "tmpfs", flags, f"size={size},nr_inodes={files + 1024},mode=0755")
        try:
            self.populate(library_paths, uid, gid)
            # The skeleton (mount points, the scratch folder) is made: from here on exactly
            # max_disk_files more files and folders fit.
            used = os.statvfs(self.root)
            skeleton = used.f_files - used.f_ffree
            self.mount(None, self.root, None, MS_REMOUNT | flags, f"size={size},nr_inodes={skeleton + files}")
        except (MountError, OSError):
            self.libc.umount2(os.fsencode(self.root), MNT_DETACH)
            raise
        os.chdir(self.root)
        os.chroot(".")
        os.chdir(self.root)  # the scratch folder: the same path inside as the working folder outside

    def populate(self, library_paths, uid, gid):
        bound = []
        for path in library_paths:  # lib-dynload lies inside the standard library; /lib may be /usr/lib
            real = self.bind(path, bound=bound)
            if real is not None and real not in bound:
                bound.append(real)
        for device in ("/dev/null", "/dev/zero", "/dev/urandom", "/dev/random"):
            self.bind(device, device=True)
        for folder in bound:
            if not os.path.isdir(folder):
                continue
            for name in sorted(os.listdir(folder)):
                path = os.path.join(folder, name)
                if name in SKIPPED_NAMES:
                    self.hide(path)
                elif folder in LIBRARY_DIRS and name.startswith("python") and not any(
                    entry == path or entry.startswith(path + os.sep) for entry in map(os.path.realpath, library_paths)
                ):
                    self.hide(path)
        scratch = self.inside(self.root)
        os.makedirs(scratch, mode=0o700)
        if uid is not None:
            os.chown(scratch, uid, gid)


def private_root(native, job, library_paths, uid, gid):
    """Switch to a PrivateRoot; return the layer's status."""
    try:
        PrivateRoot(native, os.getcwd(), job["limits"]).build(library_paths, uid, gid)
    except (MountError, OSError) as error:
        return f"unavailable: {error}"
    size = job["limits"]["max_disk_bytes"] // (1 << 20)
    return f"private root (tmpfs: {size} MiB, {job['limits']['max_disk_files']} files)"


class Landlock:
    """Builds a Landlock ruleset while this process can still open every path, applies it later."""

    def __init__(self, native):
        self.native = native
        self.fd = -1
        self.abi = 0
        self.status = "unavailable"
        self.fs_rights = 0
        if native is None:
            self.status = "unavailable: not Linux"
            return
        ctypes, libc = native
        abi = libc.syscall(SYS_LANDLOCK_CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(1))
        if abi < 1:
            self.status = "unavailable: " + errno_text(ctypes)
            return
        self.abi = abi
        self.fs_rights = FS_RIGHTS_BY_ABI.get(abi, FS_RIGHTS_BY_ABI[5])

        class RulesetAttr(ctypes.Structure):
            _fields_ = [("fs", ctypes.c_uint64), ("net", ctypes.c_uint64), ("scoped", ctypes.c_uint64)]

        class PathBeneath(ctypes.Structure):
            _pack_ = 1
            _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]

        self.PathBeneath = PathBeneath
        net = NET_BIND_TCP | NET_CONNECT_TCP if abi >= 4 else 0
        scoped = SCOPE_ABSTRACT_UNIX_SOCKET | SCOPE_SIGNAL if abi >= 6 else 0
        size = 24 if abi >= 6 else 16 if abi >= 4 else 8
        attr = RulesetAttr(self.fs_rights, net, scoped)
        fd = libc.syscall(SYS_LANDLOCK_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), ctypes.c_uint32(0))
        if fd < 0:
            self.status = "unavailable: " + errno_text(ctypes)
            return
        self.fd = fd
        self.net = net
        self.status = "ready"

    def allow(self, path, rights):
        if self.fd < 0:
            return
        ctypes, libc = self.native
        try:
            target = os.open(path, os.O_PATH | os.O_CLOEXEC)
        except OSError:
            return
        try:
            if not os.path.isdir(path):
                rights &= FS_FILE_RIGHTS
            rule = self.PathBeneath(rights & self.fs_rights, target)
            libc.syscall(
                SYS_LANDLOCK_ADD_RULE,
                ctypes.c_int(self.fd),
                ctypes.c_int(LANDLOCK_RULE_PATH_BENEATH),
                ctypes.byref(rule),
                ctypes.c_uint32(0),
            )
        finally:
            os.close(target)

    def allow_tree_except_packages(self, directory, rights):
        """List ``directory``; grant ``rights`` on each entry except site-packages-like folders."""
        self.allow(directory, FS_READ_DIR)
        try:
            names = os.listdir(directory)
        except OSError:
            return
        for name in sorted(names):
            if name in SKIPPED_NAMES or (directory in LIBRARY_DIRS and name.startswith("python")):
                continue
            self.allow(os.path.join(directory, name), rights)

    def restrict(self):
        if self.fd < 0:
            return self.status
        ctypes, libc = self.native
        if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            return "unavailable: no_new_privs: " + errno_text(ctypes)
        if libc.syscall(SYS_LANDLOCK_RESTRICT_SELF, ctypes.c_int(self.fd), ctypes.c_uint32(0)) != 0:
            return "unavailable: restrict_self: " + errno_text(ctypes)
        os.close(self.fd)
        self.fd = -1
        return f"landlock abi {self.abi}"


# seccomp: what Landlock does not cover. Landlock governs opening, writing and removing files, but
# not chmod/chown/utime/xattrs on a path, which a child running as the parent's own uid (a non-root
# parent) could otherwise use on the parent's files; nor kill() when Landlock's signal scope is
# missing. setsid/setpgid are denied so that every process the code forks stays in the process
# group the parent kills (without a throw-away uid to sweep by, that group is all it can find).
# Denied calls fail with EPERM. Numbers: arch/x86/entry/syscalls/syscall_64.tbl and
# include/uapi/asm-generic/unistd.h (aarch64); calls added since 5.1 have one number everywhere.
AUDIT_ARCH = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}
_COMMON_DENIED = {
    "pidfd_send_signal": 424,
    "io_uring_setup": 425,
    "io_uring_enter": 426,
    "io_uring_register": 427,
    "open_tree": 428,
    "move_mount": 429,
    "fsopen": 430,
    "fsconfig": 431,
    "fsmount": 432,
    "fspick": 433,
    "pidfd_getfd": 438,
    "mount_setattr": 442,
    "fchmodat2": 452,
    "setxattrat": 463,
    "removexattrat": 466,
    "pidfd_open": 434,
    "process_madvise": 440,
    "process_mrelease": 448,
}
DENIED_SYSCALLS = {
    "x86_64": {
        "execve": 59,
        "setpgid": 109,
        "setsid": 112,
        "chmod": 90,
        "fchmod": 91,
        "chown": 92,
        "fchown": 93,
        "lchown": 94,
        "ptrace": 101,
        "utime": 132,
        "pivot_root": 155,
        "chroot": 161,
        "mount": 165,
        "umount2": 166,
        "setxattr": 188,
        "lsetxattr": 189,
        "fsetxattr": 190,
        "removexattr": 197,
        "lremovexattr": 198,
        "fremovexattr": 199,
        "utimes": 235,
        "add_key": 248,
        "request_key": 249,
        "keyctl": 250,
        "fchownat": 260,
        "futimesat": 261,
        "fchmodat": 268,
        "unshare": 272,
        "utimensat": 280,
        "perf_event_open": 298,
        "setns": 308,
        "process_vm_readv": 310,
        "process_vm_writev": 311,
        "bpf": 321,
        "execveat": 322,
        "userfaultfd": 323,
        "ioprio_set": 251,
        "kcmp": 312,
        "inotify_init": 253,
        "inotify_init1": 294,
        "fanotify_init": 300,
        **_COMMON_DENIED,
    },
    "aarch64": {
        "setxattr": 5,
        "lsetxattr": 6,
        "fsetxattr": 7,
        "removexattr": 14,
        "lremovexattr": 15,
        "fremovexattr": 16,
        "umount2": 39,
        "mount": 40,
        "pivot_root": 41,
        "chroot": 51,
        "fchmod": 52,
        "fchmodat": 53,
        "fchownat": 54,
        "fchown": 55,
        "utimensat": 88,
        "unshare": 97,
        "ptrace": 117,
        "add_key": 217,
        "request_key": 218,
        "keyctl": 219,
        "execve": 221,
        "setpgid": 154,
        "setsid": 157,
        "perf_event_open": 241,
        "setns": 268,
        "process_vm_readv": 270,
        "process_vm_writev": 271,
        "bpf": 280,
        "execveat": 281,
        "userfaultfd": 282,
        "ioprio_set": 30,
        "kcmp": 272,
        "inotify_init1": 26,
        "fanotify_init": 262,
        **_COMMON_DENIED,
    },
}
#: Signals may be sent to this process only (Python's own raise() uses tgkill on itself).
SIGNAL_SYSCALLS = {
    "x86_64": {"kill": 62, "rt_sigqueueinfo": 129, "tkill": 200, "tgkill": 234, "rt_tgsigqueueinfo": 297},
    "aarch64": {"kill": 129, "tkill": 130, "tgkill": 131, "rt_sigqueueinfo": 138, "rt_tgsigqueueinfo": 240},
}
#: Calls that may act on another process, allowed only on this one: each argument listed must be 0
#: (pid 0 is "the caller"; for setpriority, which=PRIO_PROCESS and who=0). Without a separate uid (a
#: parent that is not root) the code could otherwise lower the verifier's limits, priority or CPUs.
SELF_ONLY_SYSCALLS = {
    "x86_64": {
        "prlimit64": (302, (0,)),
        "setpriority": (141, (0, 1)),
        "sched_setparam": (142, (0,)),
        "sched_setscheduler": (144, (0,)),
        "sched_setaffinity": (203, (0,)),
        "migrate_pages": (256, (0,)),
        "move_pages": (279, (0,)),
        "sched_setattr": (314, (0,)),
    },
    "aarch64": {
        "sched_setparam": (118, (0,)),
        "sched_setscheduler": (119, (0,)),
        "sched_setaffinity": (122, (0,)),
        "setpriority": (140, (0, 1)),
        "migrate_pages": (238, (0,)),
        "move_pages": (239, (0,)),
        "prlimit64": (261, (0,)),
        "sched_setattr": (274, (0,)),
    },
}
#: socket(2): Unix-domain sockets are refused (a socket file elsewhere on the host is a channel out).
SOCKET_SYSCALL = {"x86_64": 41, "aarch64": 198}
AF_UNIX = 1
PR_SET_SECCOMP, SECCOMP_MODE_FILTER = 22, 2
BPF_LD_W_ABS, BPF_JEQ_K, BPF_JGE_K, BPF_RET_K = 0x20, 0x15, 0x35, 0x06
SECCOMP_RET_ALLOW, SECCOMP_RET_EPERM = 0x7FFF0000, 0x00050000 | 1
X32_SYSCALL_BIT = 0x40000000


def install_seccomp(native):
    """Deny the calls above; return what holds. Needs no_new_privs (set here if Landlock did not)."""
    machine = os.uname().machine
    if native is None or machine not in AUDIT_ARCH:
        return "unavailable: " + ("not Linux" if native is None else "no syscall table for " + machine)
    ctypes, libc = native

    class SockFilter(ctypes.Structure):
        _fields_ = [("code", ctypes.c_uint16), ("jt", ctypes.c_uint8), ("jf", ctypes.c_uint8), ("k", ctypes.c_uint32)]

    class SockFprog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_uint16), ("filter", ctypes.POINTER(SockFilter))]

    pid = os.getpid()
    # seccomp_data: nr at offset 0, arch at 4, args[0] at 16 (its low 32 bits, little-endian).
    program = [
        (BPF_LD_W_ABS, 0, 0, 4),
        (BPF_JEQ_K, 1, 0, AUDIT_ARCH[machine]),
        (BPF_RET_K, 0, 0, SECCOMP_RET_EPERM),  # another ABI (i386 via int 0x80): nothing at all
        (BPF_LD_W_ABS, 0, 0, 0),
    ]
    if machine == "x86_64":
        program += [(BPF_JGE_K, 0, 1, X32_SYSCALL_BIT), (BPF_RET_K, 0, 0, SECCOMP_RET_EPERM)]
    for number in sorted(DENIED_SYSCALLS[machine].values()):
        program += [(BPF_JEQ_K, 0, 1, number), (BPF_RET_K, 0, 0, SECCOMP_RET_EPERM)]
    for number, arguments in sorted(SELF_ONLY_SYSCALLS[machine].values()):
        program.append((BPF_JEQ_K, 0, 2 * len(arguments) + 2, number))
        for position, argument in enumerate(arguments):
            program.append((BPF_LD_W_ABS, 0, 0, 16 + 8 * argument))
            program.append((BPF_JEQ_K, 0, 2 * (len(arguments) - 1 - position) + 1, 0))
        program += [(BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW), (BPF_RET_K, 0, 0, SECCOMP_RET_EPERM)]
    program += [
        (BPF_JEQ_K, 0, 4, SOCKET_SYSCALL[machine]),
        (BPF_LD_W_ABS, 0, 0, 16),
        (BPF_JEQ_K, 1, 0, AF_UNIX),
        (BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW),
        (BPF_RET_K, 0, 0, SECCOMP_RET_EPERM),
    ]
    for number in sorted(SIGNAL_SYSCALLS[machine].values()):
        program += [
            (BPF_JEQ_K, 0, 4, number),
            (BPF_LD_W_ABS, 0, 0, 16),
            (BPF_JEQ_K, 0, 1, pid),
            (BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW),
            (BPF_RET_K, 0, 0, SECCOMP_RET_EPERM),
        ]
    program.append((BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW))
    filters = (SockFilter * len(program))(*[SockFilter(*instruction) for instruction in program])
    fprog = SockFprog(len(program), filters)
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        return "unavailable: no_new_privs: " + errno_text(ctypes)
    if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
        return "unavailable: " + errno_text(ctypes)
    denied = len(DENIED_SYSCALLS[machine])
    return f"seccomp ({denied} calls denied; signals, limits, priority and CPUs of itself only; no Unix sockets)"


def set_limits(limits):
    pairs = (
        (resource.RLIMIT_AS, limits["memory_bytes"]),
        (resource.RLIMIT_FSIZE, limits["max_file_bytes"]),
        (resource.RLIMIT_NOFILE, limits["max_open_files"]),
        (resource.RLIMIT_CORE, 0),
        # Soft and hard alike: at the limit the kernel sends SIGKILL, which nothing can ignore or
        # postpone (a soft limit below the hard one only raises SIGXCPU, which code can ignore, and
        # lets code raise its own soft limit up to the hard one).
        (resource.RLIMIT_CPU, limits["cpu_seconds"]),
    )
    for which, value in pairs:
        resource.setrlimit(which, (value, value))
    if hasattr(resource, "RLIMIT_NPROC"):
        nproc = limits["max_processes"]
        resource.setrlimit(resource.RLIMIT_NPROC, (nproc, nproc))


def drop_privileges(uid, gid):
    os.setgroups([])
    os.setgid(gid)
    os.setuid(uid)
    if os.getuid() != uid or os.geteuid() != uid or os.getgid() != gid or 0 in os.getgroups():
        raise SetupError("could not drop root privileges")
    try:
        os.setuid(0)
    except PermissionError:
        return
    raise SetupError("privileges came back after setuid")


def drop_capabilities(native):
    """Give up the capabilities a user namespace granted (they were needed to mount, not to run)."""
    ctypes, libc = native
    header = (ctypes.c_uint32 * 2)(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3, this process
    data = (ctypes.c_uint32 * 6)()  # effective, permitted, inheritable (two words each): all empty
    if libc.capset(header, data) != 0:
        raise SetupError("could not drop the user namespace's capabilities: " + errno_text(ctypes))


def open_import_path():
    """Descriptors of the import path's folders, opened while this process can still reach them: after
    the switch to an unprivileged uid they may lie under a directory it cannot enter (/root/.pyenv)."""
    path_fds = []
    for entry in sys.path:
        try:
            path_fds.append((entry, os.open(entry, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)))
        except OSError:
            path_fds.append((entry, None))
    return path_fds


def reach_import_path(path_fds):
    """Import through the descriptors opened earlier where a folder is now closed to this uid."""
    new_path, moved = [], {}
    for entry, fd in path_fds:
        if os.access(entry, os.R_OK | os.X_OK):
            new_path.append(entry)
            if fd is not None:
                os.close(fd)
        elif fd is not None:
            moved[entry] = f"/proc/self/fd/{fd}"
            new_path.append(moved[entry])
    sys.path[:] = new_path
    if moved:
        relocate_packages(moved)
    sys.path_importer_cache.clear()


def library_paths():
    """What the interpreter may need to read once confined: its import path and the shared libraries."""
    paths = [entry for entry in sys.path if entry and os.path.exists(entry)]
    paths += [directory for directory in LIBRARY_DIRS if os.path.exists(directory)]
    paths.append("/etc/ld.so.cache")
    return paths


def confine(job):
    """Put every available layer in place; return what holds, for the parent to report.

    Order matters: namespaces while we still may create them; the private root while we may mount;
    the Landlock ruleset while every path is open to us; rlimits; then the uid (or capabilities)
    dropped; then the death signal (a change of uid clears it); Landlock and seccomp last.
    """
    layers = {}
    native = load_libc()
    as_root = os.geteuid() == 0
    uid, gid = job["uid"], job["gid"]
    if as_root and uid is None:
        raise SetupError("started as root without a uid to switch to")
    parent = job["parent_pid"]
    parent_alive = lambda: os.getppid() == parent  # noqa: E731
    die_with_parent(native, parent_alive)

    several_processes = job["limits"]["max_processes"] > 1
    layers.update(enter_namespaces(native, as_root, job["isolate_network"], several_processes))
    in_user_namespace = "user namespace" in layers
    if layers.get("pid") == "namespace":  # the parent is now the supervisor, outside our namespace
        parent_alive = pipe_open(supervise(native))

    if layers.get("mount") == "namespace":
        layers["root"] = private_root(native, job, library_paths(), uid, gid)
    else:
        layers["root"] = "unavailable: no mount namespace"
    path_fds = open_import_path()

    landlock = Landlock(native) if job["restrict_filesystem"] else None
    if landlock is not None and landlock.fd >= 0:
        read = FS_READ_FILE | FS_READ_DIR
        if layers["root"].startswith("private root"):
            landlock.allow("/", read)  # the private root holds nothing but what may be read
        else:
            for entry, _ in path_fds:
                if os.path.isdir(entry):
                    landlock.allow_tree_except_packages(entry, read)
                else:
                    landlock.allow(entry, FS_READ_FILE)
            for directory in LIBRARY_DIRS:
                if os.path.isdir(directory) and not os.path.islink(directory):
                    landlock.allow_tree_except_packages(directory, read)
            landlock.allow("/etc/ld.so.cache", FS_READ_FILE)
            for device in ("/dev/zero", "/dev/urandom", "/dev/random"):
                landlock.allow(device, FS_READ_FILE)
        landlock.allow("/dev/null", FS_READ_FILE | FS_WRITE_FILE)
        landlock.allow(os.getcwd(), landlock.fs_rights & ~(FS_EXECUTE | FS_MAKE_CHAR | FS_MAKE_BLOCK))

    set_limits(job["limits"])

    if as_root:
        drop_privileges(uid, gid)
        layers["user"] = f"uid {uid}"
    elif in_user_namespace:
        drop_capabilities(native)
        layers["user"] = "unchanged (not root), no capabilities"
    else:
        layers["user"] = "unchanged (not root)"
    layers["lifetime"] = die_with_parent(native, parent_alive)
    if layers.get("pid") == "namespace":
        layers["lifetime"] += "; every process of the run dies with it (pid namespace)"
    elif not several_processes:
        layers["lifetime"] += "; the only process of the run (max_processes = 1: no fork)"

    if landlock is not None:
        layers["filesystem"] = landlock.restrict()
        if layers["filesystem"].startswith("landlock") and landlock.net:
            layers["tcp"] = "denied by landlock"
    else:
        layers["filesystem"] = "not restricted"

    reach_import_path(path_fds)
    layers["syscalls"] = install_seccomp(native)  # last: the steps above chmod nothing but may need anything
    return layers


def relocate_packages(moved):
    """Point already-imported packages (encodings, collections...) at the new path of their folder."""
    for module in list(sys.modules.values()):
        search = getattr(module, "__path__", None)
        if type(search) is not list:
            continue
        for index, location in enumerate(search):
            for old, new in moved.items():
                if location == old or location.startswith(old + os.sep):
                    search[index] = new + location[len(old) :]
                    break


# ---------------------------------------------------------------------------------------------------
# Modes: what is run and what is reported
# ---------------------------------------------------------------------------------------------------


def compile_source(source, emit, encode, type_name):
    try:
        return compile(source, "<answer>", "exec", dont_inherit=True)
    except SyntaxError as error:
        message = f"{error.msg} (line {error.lineno})"
        emit(encode({"event": "syntax_error", "message": message[:_MAX_MESSAGE]}))
    except (ValueError, MemoryError, RecursionError, OverflowError) as error:
        emit(encode({"event": "syntax_error", "message": describe_exception(error, type_name)}))
    return None


def signature_problem(fn, arity, _type=type, _len=len, _function=_FunctionType, _bool=bool):
    """Why ``fn`` cannot be called with ``arity`` positional arguments, or None. Plain functions only."""
    if _type(fn) is not _function:
        return None
    code = fn.__code__
    positional = code.co_argcount
    defaults = _len(fn.__defaults__ or ())
    required_keywords = code.co_kwonlyargcount - _len(fn.__kwdefaults__ or {})
    takes_varargs = _bool(code.co_flags & _CO_VARARGS)
    if required_keywords > 0:
        return f"it has {required_keywords} required keyword-only parameter(s)"
    if positional - defaults > arity:
        return f"it requires {positional - defaults} positional parameters but is called with {arity}"
    if positional < arity and not takes_varargs:
        return f"it takes {positional} positional parameter(s) but is called with {arity}"
    return None


def run_call(job, emit, encode, type_name):
    """Define the model's functions, then call ``entry`` once per test input."""
    payload = job["payload"]
    loads = marshal.loads
    calls = [marshal.dumps(args) for args in payload["calls"]]
    entry, arity = payload["entry"], payload["arity"]
    code = compile_source(job["source"], emit, encode, type_name)
    if code is None:
        return
    import builtins

    # Everything used after exec() is a local bound now: the model's code may rebind builtins,
    # this module's globals or the json/os modules, and none of that reaches the lines below.
    describe, check_signature, unreportable = describe_exception, signature_problem, Unreportable
    dict_get, dict_items, exact_type, is_callable = dict.get, dict.items, type, callable
    str_t, function_t, base_exception, as_text = str, _FunctionType, BaseException, str.__str__
    startswith = str.startswith

    namespace = {"__name__": "__solution__", "__builtins__": builtins}
    try:
        exec(code, namespace)
    except BaseException as error:  # noqa: BLE001 - SystemExit and KeyboardInterrupt are failures too
        emit(encode({"event": "load_error", "error": describe(error, type_name)}))
        return
    fn = dict_get(namespace, entry)
    if fn is None:
        defined = []
        for name, value in dict_items(namespace):
            if exact_type(name) is str_t and exact_type(value) is function_t and not startswith(name, "__"):
                defined.append(name)
        emit(encode({"event": "missing", "defined": defined[:10]}))
        return
    if not is_callable(fn):
        emit(encode({"event": "not_callable", "type": type_name(exact_type(fn))}))
        return
    problem = check_signature(fn, arity)
    if problem is not None:
        emit(encode({"event": "signature", "message": problem}))
        return
    index = 0
    for blob in calls:
        args = loads(blob)  # a fresh copy per call: one call mutating its input cannot affect the next
        try:
            value = fn(*args)
        except base_exception as error:  # noqa: BLE001
            emit(encode({"i": index, "error": describe(error, type_name)}))
        else:
            try:
                text = encode(value)
            except unreportable as error:
                emit(encode({"i": index, "error": "returned " + as_text(error.args[0])}))
            except base_exception as error:  # noqa: BLE001 - a hostile value may raise anything
                message = "unreadable return value: " + describe(error, type_name)
                emit(encode({"i": index, "error": message}))
            else:
                emit(f'{{"i":{index},"value":{text}}}')
        index += 1


def run_regex(job, emit, encode, type_name):
    """Compile the model's pattern and report whether it fully matches each string."""
    import re

    try:
        pattern = re.compile(job["source"])
    except (re.error, OverflowError, RecursionError, MemoryError, ValueError) as error:
        emit(encode({"event": "syntax_error", "message": describe_exception(error, type_name)}))
        return
    fullmatch = pattern.fullmatch
    for index, text in enumerate(job["payload"]["strings"]):
        try:
            matched = fullmatch(text) is not None
        except BaseException as error:  # noqa: BLE001
            emit(encode({"i": index, "error": describe_exception(error, type_name)}))
            continue
        emit(encode({"i": index, "value": matched}))


def run_sql(job, emit, encode, type_name, sqlite3):
    """Run the model's query, read-only, on fresh in-memory copies of each database."""
    payload = job["payload"]
    allowed = {
        sqlite3.SQLITE_SELECT,
        sqlite3.SQLITE_READ,
        sqlite3.SQLITE_FUNCTION,
        getattr(sqlite3, "SQLITE_RECURSIVE", 33),
    }
    deny, ok = sqlite3.SQLITE_DENY, sqlite3.SQLITE_OK
    max_rows, max_steps = payload["max_rows"], payload["max_steps"]

    def authorizer(action, arg1, arg2, database, trigger):
        return ok if action in allowed else deny

    for index, script in enumerate(payload["databases"]):
        connection = sqlite3.connect(":memory:")
        connection.executescript(script)  # the parent's own data, before the query can do anything
        if hasattr(connection, "setlimit"):
            connection.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, 1_000_000)
            connection.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
        connection.set_authorizer(authorizer)
        budget = [max_steps // 1000 + 1]

        def progress(budget=budget):
            budget[0] -= 1
            return 1 if budget[0] < 0 else 0

        connection.set_progress_handler(progress, 1000)
        try:
            cursor = connection.execute(job["source"])
            rows = cursor.fetchmany(max_rows + 1)
            text = encode([list(row) for row in rows])
        except Unreportable as error:
            emit(encode({"i": index, "error": "the query returned " + str.__str__(error.args[0])}))
        except BaseException as error:  # noqa: BLE001
            message = describe_exception(error, type_name)
            if "interrupted" in message:
                message = "the query ran for too long and was interrupted"
            emit(encode({"i": index, "error": message}))
        else:
            emit(f'{{"i":{index},"value":{text}}}')
        finally:
            connection.close()


def read_all(fd):
    chunks = []
    while True:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def main():
    # Python 3.10 has no PYTHONSAFEPATH: drop this file's folder from the import path by hand.
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [entry for entry in sys.path if entry and os.path.abspath(entry) != here]
    job_fd, result_fd = int(sys.argv[1]), int(sys.argv[2])
    job = marshal.loads(read_all(job_fd))
    os.close(job_fd)
    encode, type_name = make_encoder()
    emit = make_emitter(result_fd, job["nonce"].encode("ascii"))
    mode = job["mode"]
    sqlite3 = None
    if mode == "sql":
        import sqlite3  # before confinement: its shared library may not be readable afterwards
    elif mode == "regex":
        import re  # noqa: F401
    if mode not in ("call", "regex", "sql"):
        emit(encode({"event": "setup_error", "message": "unknown mode " + mode}))
        return
    try:
        layers = confine(job)
    except (SetupError, OSError) as error:
        emit(encode({"event": "setup_error", "message": describe_exception(error, type_name)}))
        return
    # The last record only this harness can write: from here on, model code may write anything to the
    # result channel, so the parent reads no later record as a fault of the sandbox.
    emit(encode({"event": "ready", "isolation": layers}))
    if mode == "call":
        run_call(job, emit, encode, type_name)
    elif mode == "regex":
        run_regex(job, emit, encode, type_name)
    else:
        run_sql(job, emit, encode, type_name, sqlite3)
    emit('{"event":"done"}')


if __name__ == "__main__":
    main()
