"""GPU smoke test of rlve-trainer's GPU switches (later `nox -s gpu-smoke`); tests never need a GPU.

    python rlve-trainer/scripts/gpu_smoke.py [--model /local/hf/model] [--out results.json] [--require-gpu]

Cases, each a few GRPO steps through `rlve_trainer.train.train` on a tiny offline model (or --model):
  bf16       bf16 chosen automatically on a bf16 GPU; the weights train in bf16 on CUDA
  ckpt       gradient checkpointing switched on from the config, active on the model
  vllm       use_vllm = true, vllm_mode = "colocate" (skipped, said so, when vllm is not installed)
  verl       two GRPO steps of verl's own trainer (`python -m verl.trainer.main_ppo $(rlve engines verl run.toml)`)
             with rlve's live dataset, curriculum sampler and reward; passes when rlve's history holds both steps
             (skipped, said so, unless verl 0.7.1 and vllm are installed)
Prints one line per case and a summary; exit 0 only if every case that ran passed. Without CUDA it prints
"skipped: no CUDA device" and exits 0 (or 1 with --require-gpu).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


def probe_callback(found: dict):
    from transformers import TrainerCallback

    class Probe(TrainerCallback):
        def on_train_begin(self, args, state, control, model=None, **kwargs):
            parameter = next(model.parameters())
            found.update(
                device=str(parameter.device),
                dtype=str(parameter.dtype),
                bf16_arg=bool(args.bf16),
                checkpointing=bool(getattr(model, "is_gradient_checkpointing", False)),
            )

    return Probe()


def run_case(name: str, model_dir: Path, root: Path, overrides: list[str]) -> dict:
    from rlve_trainer.config_files import load_train
    from rlve_trainer.train import train

    base = [
        f"model.path={json.dumps(str(model_dir))}",
        "envs=['graph/shortest_path', 'graph/connected_components']",
        "curriculum.params={min_samples = 8}",
        "grpo.num_generations=4",
        "grpo.per_device_train_batch_size=8",
        "grpo.max_completion_length=32",
        "grpo.save_steps=3",
        "max_steps=3",
        f"output={json.dumps(str(root / name))}",
        f"run_name={json.dumps('gpu-smoke-' + name)}",
    ]
    config = load_train(None, base + overrides)
    found: dict = {}
    started = time.perf_counter()
    result = train(config, quiet=True, callbacks=[probe_callback(found)])
    found.update(
        case=name,
        steps=result.final_step,
        seconds=round(time.perf_counter() - started, 2),
        step_seconds=[round(s, 3) for s in result.step_seconds],
    )
    return found


VERL_TOML = """envs = ["graph/shortest_path", "graph/connected_components"]
max_steps = 2
output = "{output}"
run_name = "gpu-smoke-verl"
[model]
path = "{model}"
[curriculum]
params = {{ min_samples = 8 }}
[grpo]
num_generations = 4
per_device_train_batch_size = 8
max_completion_length = 32
save_steps = 1000
"""


def verl_missing() -> str | None:
    """Why the verl case cannot run here, or None."""
    import importlib.metadata

    for package in ("verl", "vllm"):
        if importlib.util.find_spec(package) is None:
            return f"{package} is not installed"
    version = importlib.metadata.version("verl")
    return None if version == "0.7.1" else f"verl {version} is installed; rlve's sampler needs 0.7.1"


def run_verl_case(model_dir: Path, root: Path) -> dict:
    """verl's trainer for two steps with rlve plugged in through `rlve engines verl`; the history must hold both."""
    import sqlite3
    import subprocess

    folder = root / "verl"
    folder.mkdir()
    toml = folder / "run.toml"
    toml.write_text(VERL_TOML.format(output=folder / "runs", model=model_dir))
    rlve = [sys.executable, "-c", "from rlve.cli import main; main()"]
    printed = subprocess.run([*rlve, "engines", "verl", str(toml), "--gpus", "1", "--max-prompt-length", "512"],
                             capture_output=True, text=True, check=True)
    overrides = printed.stdout.split()
    # Only settings `rlve engines verl` does not print: Hydra refuses a key given twice.
    extra = [f"trainer.default_local_dir={folder / 'checkpoints'}"]
    started = time.perf_counter()
    trained = subprocess.run([sys.executable, "-m", "verl.trainer.main_ppo", *overrides, *extra],
                             capture_output=True, text=True, cwd=folder, timeout=480)
    found = {"case": "verl", "seconds": round(time.perf_counter() - started, 2), "returncode": trained.returncode}
    if trained.returncode != 0:
        found["error"] = (trained.stdout + trained.stderr)[-2000:]
        found["steps"] = 0
        return found
    db = next(o.split("=", 1)[1] for o in overrides if o.startswith("+data.rlve_db="))
    with sqlite3.connect(db.removeprefix("sqlite:///")) as connection:
        steps = connection.execute("SELECT COUNT(DISTINCT step) FROM curriculum").fetchone()[0]
        rollouts = connection.execute("SELECT COUNT(*) FROM rollouts").fetchone()[0]
    found.update(steps=steps, rollouts=rollouts)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", help="a local HF model folder (default: a tiny model built offline)")
    parser.add_argument("--out", help="write the results as JSON here")
    parser.add_argument("--require-gpu", action="store_true", help="fail instead of skipping without CUDA")
    parser.add_argument("--cases", default="bf16,ckpt,vllm,verl")
    args = parser.parse_args()

    import torch

    if not torch.cuda.is_available():
        print("skipped: no CUDA device")
        return 1 if args.require_gpu else 0
    print(f"device: {torch.cuda.get_device_name(0)}, torch {torch.__version__}")
    results, failures = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        if args.model:
            model_dir = Path(args.model)
        else:
            from rlve_trainer.tiny import build_tiny

            model_dir = build_tiny(
                root / "tiny", ["graph/shortest_path", "graph/connected_components"], hidden_size=256, layers=2
            )
        cases = {
            "bf16": ([], lambda r: r["bf16_arg"] and r["dtype"] == "torch.bfloat16" and r["device"].startswith("cuda")),
            "ckpt": (["grpo.gradient_checkpointing=true"], lambda r: r["checkpointing"]),
            "vllm": (
                ["grpo.use_vllm=true", "grpo.vllm_mode=colocate", "grpo.vllm_gpu_memory_utilization=0.2"],
                lambda r: r["steps"] == 3,
            ),
            "verl": (None, lambda r: r["steps"] == 2 and r["rollouts"] > 0),
        }
        for name in args.cases.split(","):
            overrides, passed = cases[name]
            if name == "vllm" and importlib.util.find_spec("vllm") is None:
                print("vllm: skipped (vllm is not installed)")
                results.append({"case": name, "skipped": "vllm not installed"})
                continue
            if name == "verl" and (why := verl_missing()):
                print(f"verl: skipped ({why})")
                results.append({"case": name, "skipped": why})
                continue
            try:
                found = run_verl_case(model_dir, root) if name == "verl" else run_case(name, model_dir, root, overrides)
                ok = bool(passed(found)) and found["steps"] == (2 if name == "verl" else 3)
            except Exception as error:  # noqa: BLE001 - report every case, then fail
                traceback.print_exc()
                found, ok = {"case": name, "error": f"{type(error).__name__}: {error}"}, False
            found["ok"] = ok
            failures += not ok
            results.append(found)
            print(f"{name}: {'ok' if ok else 'FAILED'} {json.dumps(found)}", flush=True)
    if args.out:
        Path(args.out).write_text(json.dumps(results, indent=2))
    print(f"{len(results) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
