"""GPU smoke test of rlve-trainer's GPU switches (later `nox -s gpu-smoke`); tests never need a GPU.

    python rlve-trainer/scripts/gpu_smoke.py [--model /local/hf/model] [--out results.json] [--require-gpu]

Cases, each a few GRPO steps through `rlve_trainer.train.train` on a tiny offline model (or --model):
  bf16       bf16 chosen automatically on a bf16 GPU; the weights train in bf16 on CUDA
  ckpt       gradient checkpointing switched on from the config, active on the model
  vllm       use_vllm = true, vllm_mode = "colocate" (skipped, said so, when vllm is not installed)
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", help="a local HF model folder (default: a tiny model built offline)")
    parser.add_argument("--out", help="write the results as JSON here")
    parser.add_argument("--require-gpu", action="store_true", help="fail instead of skipping without CUDA")
    parser.add_argument("--cases", default="bf16,ckpt,vllm")
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
        }
        for name in args.cases.split(","):
            overrides, passed = cases[name]
            if name == "vllm" and importlib.util.find_spec("vllm") is None:
                print("vllm: skipped (vllm is not installed)")
                results.append({"case": name, "skipped": "vllm not installed"})
                continue
            try:
                found = run_case(name, model_dir, root, overrides)
                ok = bool(passed(found)) and found["steps"] == 3
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
