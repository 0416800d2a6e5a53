"""Every developer task, runnable from a fresh clone with only Python and pip: `pip install nox`, then

nox -s lint tests   what CI runs (.ci/run) and the README's test command; plain `nox` runs the same two
nox -s tests        every test of every package (no lint)
nox -s lint         ruff
nox -s demo         the main job: a tour of every environment, or a tiny GRPO run once the trainer is in
nox -s engines      the engine tests: rlve inside verl 0.7.1 (installed on CPU) and the Ray curriculum actor
nox -s bench        the benchmarks, with ratios against peers measured in the same run
"""

from __future__ import annotations

import sys
from pathlib import Path

import nox

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).parent
nox.options.default_venv_backend = "virtualenv"
nox.options.sessions = ["lint", "tests", "engines"]

# The CPU build of torch lies on this machine's disk; an unpinned torch would pull a multi-GB CUDA build.
TORCH = "torch==2.13.0"
CORE = "./rlve-core"
PACKS = sorted(f"./{p.parent.relative_to(ROOT)}" for p in ROOT.glob("rlve-plugins/*/pyproject.toml"))
TRAINER = "./rlve-trainer" if (ROOT / "rlve-trainer" / "pyproject.toml").exists() else None


def with_test_extra(package: str) -> str:
    """``package[test]`` when its pyproject declares a ``test`` extra (the independent solvers its tests use)."""
    with open(ROOT / package / "pyproject.toml", "rb") as f:
        extras = tomllib.load(f)["project"].get("optional-dependencies", {})
    return f"{package}[test]" if "test" in extras else package


def install_everything(session: nox.Session, editable: bool = False, test_extras: bool = False) -> None:
    if TRAINER:
        session.install(TORCH)
    flag = ["-e"] if editable else []
    packs = [with_test_extra(pack) for pack in PACKS] if test_extras else PACKS
    trainer = [with_test_extra(TRAINER) if test_extras else TRAINER] if TRAINER else []
    packages = [CORE, *packs, *trainer]
    session.install(*[arg for package in packages for arg in (*flag, package)])


@nox.session
def lint(session: nox.Session) -> None:
    """ruff over the whole repository (CI runs it before the tests: `nox -s lint tests`)."""
    session.install("ruff>=0.6")
    session.run("ruff", "check", ".")


@nox.session
def tests(session: nox.Session) -> None:
    """Every package's tests and the cross-package ones, in a fresh virtualenv, RLVE_STRICT_PLUGINS=1 (no lint)."""
    # Each pack's [test] extra: networkx, sympy, python-sat, the solvers its environments are checked against;
    # the trainer's: matplotlib (plots), peft (LoRA) and tensorboard (the tracker test), tested, not skipped.
    install_everything(session, test_extras=True)
    # build and twine: the packaging test builds every sdist and runs `twine check` as a PyPI upload would.
    session.install("pytest>=8", "build>=1.2", "twine>=6")
    test_dirs = [str(p) for p in [ROOT / "rlve-core" / "tests", *sorted(ROOT.glob("rlve-plugins/*/tests"))]]
    if TRAINER and (ROOT / "rlve-trainer" / "tests").exists():
        test_dirs.append(str(ROOT / "rlve-trainer" / "tests"))
    test_dirs.append(str(ROOT / "tests"))
    session.run("pytest", *test_dirs, *session.posargs, env={"HF_HUB_OFFLINE": "1", "RLVE_STRICT_PLUGINS": "1"})


#: verl 0.7.1 is the last release with the curriculum sampler hook (verl/experimental/dataset/sampler.py) that
#: rlve's sampler implements; 0.8 and 0.9 dropped it. Its declared dependencies (numpy<2, ray[default], wandb,
#: vllm through extras...) are a GPU training stack, so it is installed with --no-deps plus exactly what its
#: DataProto, RLHFDataset, create_rl_dataset / create_rl_sampler (trainer/main_ppo.py) and Hydra config import
#: on CPU, at the versions verified together with torch 2.13 and numpy 2.
VERL = "verl==0.7.1"
VERL_CPU_DEPS = (
    "ray==2.60.0",  # verl.protocol imports ray; the Ray curriculum actor's tests use it too
    "tensordict==0.10.0",
    "torchdata==0.11.0",  # StatefulDataLoader
    "hydra-core==1.3.8",
    "omegaconf==2.3.1",
    "codetiming==1.4.0",
    "pillow==13.0.0",  # rl_dataset.py imports PIL
    "aiohttp==3.14.5",  # main_ppo's import chain
    "peft==0.21.2",  # main_ppo's import chain
)


@nox.session
def engines(session: nox.Session) -> None:
    """rlve-trainer/tests/engines: rlve's dataset, sampler and reward inside verl's own data pipeline, and the
    Ray curriculum actor, on CPU (verl's trainer itself needs GPUs and vLLM: not run here)."""
    install_everything(session)
    session.install("pytest>=8", *VERL_CPU_DEPS)
    session.install("--no-deps", VERL)
    session.run(
        "pytest",
        str(ROOT / "rlve-trainer" / "tests" / "engines"),
        *session.posargs,
        env={"HF_HUB_OFFLINE": "1", "RLVE_STRICT_PLUGINS": "1"},
    )


@nox.session
def bench(session: nox.Session) -> None:
    """Every case prints ours, the peer's figure measured in the same run, and the ratio."""
    session.install(TORCH)  # RLVE-Gym imports torch; pinning keeps pip from pulling a CUDA build
    install_everything(session)
    session.install("reasoning-gym==0.1.25", "rlve-gym==0.0.1")
    session.run("python", "benchmarks/run.py", *session.posargs)


@nox.session
def demo(session: nox.Session) -> None:
    """`rlve train --demo`: a warm start (cached), then GRPO whose bands climb; CPU, offline, ~1.5 min on 2 cores."""
    install_everything(session)
    if TRAINER:
        # The plot extra (matplotlib): `rlve history plot`, which the demo and the README suggest next, works here.
        session.install(f"{TRAINER}[plot]")
        session.run("rlve", "train", "--demo", *session.posargs, env={"HF_HUB_OFFLINE": "1"})
    else:
        session.run("rlve", "tour", *session.posargs)


@nox.session(name="ablate-demo")
def ablate_demo(session: nox.Session) -> None:
    """`rlve ablate --demo`: warm start, four curricula x three seeds on 3 environments, CPU (<30 min, 2 cores)."""
    install_everything(session)
    session.install("matplotlib")
    session.run("rlve", "ablate", "--demo", *session.posargs, env={"HF_HUB_OFFLINE": "1"})


@nox.session(name="gpu-smoke")
def gpu_smoke(session: nox.Session) -> None:
    """On a GPU: bf16 and a resumed checkpoint, gradient checkpointing, LoRA, the overhead against bare TRL,
    vLLM and verl where installed; the report goes to the folder given after -- (default rlve-runs/gpu-smoke)."""
    install_everything(session)
    session.install("peft>=0.13")
    arguments = session.posargs or ["rlve-runs/gpu-smoke"]
    session.run("python", "rlve-trainer/scripts/gpu_smoke.py", *arguments, env={"HF_HUB_OFFLINE": "1"})
