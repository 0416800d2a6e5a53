"""`rlve train` on a GPU: its switches, a checkpoint resumed, LoRA, and its overhead against bare TRL.

    nox -s gpu-smoke -- OUT_DIR                        # where pip reaches PyPI: installs everything, then this
                                                       # (OUT_DIR defaults to rlve-runs/gpu-smoke)
    python rlve-trainer/scripts/gpu_smoke.py OUT_DIR   # where the packages are already importable

Writes OUT_DIR/gpu_smoke.json (rewritten after every case, so a run cut short keeps what it measured) and prints
one line per case and a summary; exit 0 only if every case that ran passed. Without CUDA it prints
"skipped: no CUDA device" and exits 0 (1 with --require-gpu); --allow-cpu runs the cases on the CPU instead
(the tests do, with --shape tiny). On one H200 it took 3 minutes (5 with --rounds 4), machine start aside.

The model is built offline, since nothing can be downloaded there: rlve's byte-level BPE tokenizer and a
randomly initialised Qwen2 of Qwen2.5-0.5B's shape (24 layers, hidden 896, vocabulary 151,936: 0.49B
parameters), saved in bf16. A random model never writes eos, so every completion runs to its full length.

Cases (--cases, comma separated; all by default):
  bf16      rlve train picks bf16 on a bf16 GPU: weights bf16 on CUDA, the loss finite, the history's runs,
            steps, curriculum and rollouts rows written; then the run resumes from its step-2 checkpoint to step 4
  ckpt      grpo.gradient_checkpointing = true reaches the model; the loss finite
  lora      a [peft] section trains the LoRA adapters and nothing else; the loss finite; the checkpoint holds
            the adapters
  eval      `rlve eval MODEL --envs ...` with the local HF backend: batched generation on the GPU, the frontier
            search, the evaluation's rows in the history database
  overhead  rlve train against a bare TRL GRPOTrainer, same model, batch, completion length (exactly, by
            min_new_tokens) and static problems, alternating, in this process: completion tokens per second
            of each and their ratio (goal: within 5%), and the share of rlve's step spent drawing problems and
            in the reward (verification and the curriculum update) and closing the step (history commit)
  vllm      use_vllm = true, vllm_mode = "colocate": "skipped: vllm is not installed" where it is not
  verl      two steps of verl's own trainer (`python -m verl.trainer.main_ppo $(rlve engines verl run.toml)`)
            with rlve's live dataset, curriculum sampler and reward; passes when rlve's history holds both steps
            ("skipped: ..." unless verl 0.7.1 and vllm are installed)

On a machine that reaches no package registry (the lent H200: Python 3.12, torch 2.11 with CUDA, transformers
5.17, accelerate, peft, pyarrow, pandas, pluggy and click, but not trl, datasets, SQLAlchemy or pydantic), bring
wheels, about 10 MiB in all, downloaded on any machine with pip:

    P="--platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64"
    pip download --no-deps --only-binary=:all: --python-version 3.12 --implementation cp $P -d .whl \\
        trl==1.16.0 datasets==5.2.0 dill==0.4.1 multiprocess==0.70.19 sqlalchemy==2.1.0 \\
        pydantic==2.14.0 pydantic-core==2.50.0 annotated-types typing-inspection typing-extensions
    pip wheel --no-deps -w .whl ./rlve-core ./rlve-trainer ./rlve-plugins/rlve-plugin-graph

and there: pip install --no-index --no-deps --target /tmp/site .whl/*.whl; PYTHONPATH=/tmp/site python3 THIS OUT_DIR
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import os
import sqlite3
import sys
import tempfile
import time
import traceback
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

REPO = Path(__file__).resolve().parents[2]
ENVS = ["graph/shortest_path", "graph/connected_components"]

#: the model each --shape builds: Qwen2.5-0.5B's own shape, or a tiny one for the CPU
SHAPES = {
    "0.5b": dict(
        hidden_size=896,
        layers=24,
        intermediate_size=4864,
        num_attention_heads=14,
        num_key_value_heads=2,
        # Ids past the tokenizer's own vocabulary decode to nothing; the width keeps the LM head's real cost.
        vocab_size=151_936,
    ),
    "tiny": dict(hidden_size=64, layers=2),
}
#: batch shape of every case: (completions per step, completions per prompt, completion tokens)
BATCH = {"0.5b": (16, 4, 128), "tiny": (8, 4, 16)}


def build_model(folder: Path, shape: str) -> tuple[Path, int]:
    """A random Qwen2 of ``shape`` with rlve's offline tokenizer, saved in bf16 as a HF folder; (folder,
    parameters)."""
    import torch

    from rlve_trainer.tiny import build_model as random_qwen2
    from rlve_trainer.tiny import build_tokenizer

    tokenizer = build_tokenizer(ENVS)
    with torch.device("cuda" if torch.cuda.is_available() else "cpu"):  # initialising 0.5B on the GPU is quicker
        model = random_qwen2(tokenizer, **SHAPES[shape]).to(torch.bfloat16)
    tokenizer.save_pretrained(folder)
    model.save_pretrained(folder)
    return folder, sum(p.numel() for p in model.parameters())


def probe_callback(found: dict):
    """Records, when training begins, where and in what dtype the model is, and what the trainer switched on."""
    from transformers import TrainerCallback

    class Probe(TrainerCallback):
        def on_train_begin(self, args, state, control, model=None, **kwargs):
            parameter = next(model.parameters())
            trainable = {name: p.numel() for name, p in model.named_parameters() if p.requires_grad}
            found.update(
                device=str(parameter.device),
                dtype=str(parameter.dtype),
                bf16_arg=bool(args.bf16),
                checkpointing=bool(getattr(model, "is_gradient_checkpointing", False)),
                peft=hasattr(model, "peft_config"),
                trainable_share=round(sum(trainable.values()) / sum(p.numel() for p in model.parameters()), 5),
                only_lora_trainable=bool(trainable) and all("lora_" in name for name in trainable),
            )

    return Probe()


def history(db_url: str, run_id: str) -> dict:
    """What the run's history database holds for ``run_id``."""
    with sqlite3.connect(db_url.removeprefix("sqlite:///")) as db:
        one = lambda sql: db.execute(sql, (run_id,)).fetchone()  # noqa: E731
        status, last_step = one("SELECT status, last_step FROM runs WHERE id = ?")
        losses = [row[0] for row in db.execute("SELECT loss FROM steps WHERE run_id = ? ORDER BY step", (run_id,))]
        return {
            "status": status,
            "last_step": last_step,
            "losses": losses,
            "curriculum_steps": one("SELECT COUNT(DISTINCT step) FROM curriculum WHERE run_id = ?")[0],
            "rollouts": one("SELECT COUNT(*) FROM rollouts WHERE run_id = ?")[0],
        }


def finite(losses: list) -> bool:
    return bool(losses) and all(loss is not None and math.isfinite(loss) for loss in losses)


class Cases:
    """Each case trains through rlve's own `train()` and returns what it found, with "ok" and, if not, "why"."""

    def __init__(self, model_dir: Path, root: Path, shape: str, cuda: bool, rounds: int | None = None):
        self.model_dir, self.root, self.shape, self.cuda = model_dir, root, shape, cuda
        self.rounds = rounds

    def train(self, name: str, overrides: list[str], steps: int, save_steps: int = 1000, resume: str | None = None):
        from rlve_trainer.config_files import load_train
        from rlve_trainer.train import train

        batch, generations, completion = BATCH[self.shape]
        base = [
            f"model.path={json.dumps(str(self.model_dir))}",
            f"envs={json.dumps(ENVS)}",
            "curriculum.params={min_samples = 8}",
            f"grpo.num_generations={generations}",
            f"grpo.per_device_train_batch_size={batch}",
            f"grpo.max_completion_length={completion}",
            f"grpo.save_steps={save_steps}",
            f"max_steps={steps}",
            f"output={json.dumps(str(self.root / name))}",
            f"run_name={json.dumps('gpu-smoke-' + name)}",
        ]
        found: dict = {}
        started = time.perf_counter()
        config = load_train(None, base + overrides)
        # A resumed run keeps its stored config; only the new step budget is set again.
        again = [f"max_steps={steps}"] if resume else []
        result = train(config, resume=resume, overrides=again, quiet=True, callbacks=[probe_callback(found)])
        found.update(
            steps=result.final_step,
            seconds=round(time.perf_counter() - started, 2),
            step_seconds=[round(s, 3) for s in result.step_seconds],
            history=history(result.db_url, result.run_id),
            run_id=result.run_id,
            run_dir=str(result.run_dir),
        )
        return found

    def bf16(self) -> dict:
        found = self.train("bf16", [], steps=2, save_steps=2)
        checkpoint = Path(found["run_dir"]) / "checkpoint-2"
        resumed = self.train("bf16", [], steps=4, save_steps=2, resume=found["run_id"])
        found["resumed"] = {key: resumed[key] for key in ("steps", "seconds", "history")}
        want_bf16 = self.cuda
        checks = {
            "weights bf16 on CUDA" if want_bf16 else "weights fp32 on the CPU": (
                found["bf16_arg"] == want_bf16
                and found["dtype"] == ("torch.bfloat16" if want_bf16 else "torch.float32")
                and found["device"].startswith("cuda" if want_bf16 else "cpu")
            ),
            "loss finite": finite(resumed["history"]["losses"]),
            "history rows": found["history"]["status"] == "finished"
            and found["history"]["curriculum_steps"] == 2
            and found["history"]["rollouts"] == 2 * BATCH[self.shape][0],
            "checkpoint-2 written": checkpoint.is_dir(),
            "resumed to step 4": resumed["steps"] == 4
            and resumed["run_id"] == found["run_id"]
            and resumed["history"]["last_step"] == 4
            and len(resumed["history"]["losses"]) == 4
            and resumed["history"]["rollouts"] == 4 * BATCH[self.shape][0],
        }
        return verdict(found, checks)

    def ckpt(self) -> dict:
        found = self.train("ckpt", ["grpo.gradient_checkpointing=true"], steps=2)
        checks = {
            "checkpointing on": found["checkpointing"],
            "loss finite": finite(found["history"]["losses"]),
            "2 steps": found["steps"] == 2,
        }
        return verdict(found, checks)

    def lora(self) -> dict:
        if importlib.util.find_spec("peft") is None:
            return {"skipped": "peft is not installed"}
        found = self.train("lora", ["peft={r = 16, alpha = 32}"], steps=2, save_steps=2)
        adapter = Path(found["run_dir"]) / "checkpoint-2" / "adapter_model.safetensors"
        checks = {
            "only the LoRA adapters train": found["peft"] and found["only_lora_trainable"],
            "loss finite": finite(found["history"]["losses"]),
            "adapter checkpoint": adapter.is_file(),
        }
        return verdict(found, checks)

    def overhead(self) -> dict:
        sys.path.insert(0, str(REPO / "benchmarks"))
        from bench_trainer import Setup, compare

        batch, generations, completion = BATCH[self.shape]
        steps, warmup, rounds = (8, 2, 2) if self.shape == "0.5b" else (4, 1, 1)
        rounds = self.rounds or rounds
        setup = Setup(
            self.model_dir,
            env=ENVS[0],
            difficulty=2,
            steps=steps,
            warmup=warmup,
            batch=batch,
            generations=generations,
            completion=completion,
            cuda=self.cuda,
        )
        found = compare(setup, self.root / "overhead", rounds=rounds)
        # Reported, not judged: a ratio over 1.05 is a finding to write down, not a broken GPU path.
        found["within_5_percent"] = found["ratio"] <= 1.05
        return verdict(found, {"both ran": found["timed_steps_each"] > 0})

    def eval(self) -> dict:
        """`rlve eval` with the local HF backend, as a user runs it: batched generation on the GPU, the search,
        and its rows in the history database."""
        import subprocess

        folder = self.root / "eval"
        command = [
            sys.executable,
            "-c",
            "from rlve.cli import main; main()",
            "eval",
            str(self.model_dir),
            "--envs",
            *ENVS,
            "--problems",
            "8",
            "--max-tokens",
            str(BATCH[self.shape][2]),
            "--name",
            "gpu-smoke-eval",
            "--quiet",
            "--output",
            str(folder),
        ]
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, timeout=300)
        found: dict = {"seconds": round(time.perf_counter() - started, 2), "returncode": done.returncode}
        if done.returncode != 0:
            found["error"] = (done.stdout + done.stderr)[-2000:]
            return verdict(found, {"rlve eval exited 0": False})
        with sqlite3.connect(folder / "history.db") as db:
            status, backend, settings = db.execute("SELECT status, backend, settings FROM evaluations").fetchone()
            found.update(
                status=status,
                settings=json.loads(settings),
                answers=db.execute("SELECT SUM(answers) FROM evaluation_results").fetchone()[0],
                frontiers=db.execute("SELECT COUNT(*) FROM evaluation_frontiers").fetchone()[0],
            )
        checks = {
            "finished": status == "finished" and backend == "hf",
            "on the GPU" if self.cuda else "on the CPU": found["settings"].get("device")
            == ("cuda" if self.cuda else "cpu"),
            "a frontier per environment": found["frontiers"] == len(ENVS) and found["answers"] >= 8 * len(ENVS),
        }
        return verdict(found, checks)

    def vllm(self) -> dict:
        if importlib.util.find_spec("vllm") is None:
            return {"skipped": "vllm is not installed"}
        found = self.train(
            "vllm", ["grpo.use_vllm=true", "grpo.vllm_mode=colocate", "grpo.vllm_gpu_memory_utilization=0.2"], steps=2
        )
        return verdict(found, {"2 steps": found["steps"] == 2, "loss finite": finite(found["history"]["losses"])})

    def verl(self) -> dict:
        if why := verl_missing():
            return {"skipped": why}
        return run_verl_case(self.model_dir, self.root)


def free_memory() -> None:
    """Let the next case start with the GPU memory the last one held given back."""
    import gc

    import torch

    gc.collect()
    if torch.cuda.is_available():
        torch.cuda.empty_cache()


def verdict(found: dict, checks: dict[str, bool]) -> dict:
    failed = [name for name, passed in checks.items() if not passed]
    found["ok"] = not failed
    if failed:
        found["why"] = "failed: " + ", ".join(failed)
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
    import subprocess

    folder = root / "verl"
    folder.mkdir()
    toml = folder / "run.toml"
    toml.write_text(VERL_TOML.format(output=folder / "runs", model=model_dir))
    rlve = [sys.executable, "-c", "from rlve.cli import main; main()"]
    printed = subprocess.run(
        [*rlve, "engines", "verl", str(toml), "--gpus", "1", "--max-prompt-length", "512"],
        capture_output=True,
        text=True,
        check=True,
    )
    overrides = printed.stdout.split()
    # Only settings `rlve engines verl` does not print: Hydra refuses a key given twice.
    extra = [f"trainer.default_local_dir={folder / 'checkpoints'}"]
    started = time.perf_counter()
    trained = subprocess.run(
        [sys.executable, "-m", "verl.trainer.main_ppo", *overrides, *extra],
        capture_output=True,
        text=True,
        cwd=folder,
        timeout=300,
    )
    found = {"seconds": round(time.perf_counter() - started, 2), "returncode": trained.returncode}
    if trained.returncode != 0:
        found["error"] = (trained.stdout + trained.stderr)[-2000:]
        return verdict(found, {"verl exited 0": False})
    db = next(o.split("=", 1)[1] for o in overrides if o.startswith("+data.rlve_db="))
    with sqlite3.connect(db.removeprefix("sqlite:///")) as connection:
        steps = connection.execute("SELECT COUNT(DISTINCT step) FROM curriculum").fetchone()[0]
        rollouts = connection.execute("SELECT COUNT(*) FROM rollouts").fetchone()[0]
    found.update(steps=steps, rollouts=rollouts)
    return verdict(found, {"2 steps in the history": steps == 2, "rollouts recorded": rollouts > 0})


def environment(shape: str, cuda: bool, parameters: int) -> dict:
    """The machine and the package versions the report was measured with."""
    import importlib.metadata

    import torch

    versions = {}
    for package in ("torch", "transformers", "trl", "accelerate", "peft", "datasets", "vllm", "verl", "rlve-core"):
        try:
            versions[package] = importlib.metadata.version(package)
        except importlib.metadata.PackageNotFoundError:
            versions[package] = None
    return {
        "device": torch.cuda.get_device_name(0) if cuda else "cpu",
        "python": sys.version.split()[0],
        "shape": shape,
        "parameters": parameters,
        "batch": dict(zip(("completions_per_step", "completions_per_prompt", "completion_tokens"), BATCH[shape])),
        "packages": versions,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", help="folder for gpu_smoke.json (made if missing)")
    parser.add_argument("--cases", default="bf16,ckpt,lora,eval,overhead,vllm,verl")
    parser.add_argument("--shape", choices=sorted(SHAPES), default="0.5b", help="the model built (default 0.5b)")
    parser.add_argument("--require-gpu", action="store_true", help="fail instead of skipping without CUDA")
    parser.add_argument("--allow-cpu", action="store_true", help="run the cases on the CPU when there is no CUDA")
    parser.add_argument("--rounds", type=int, help="overhead: rounds of rlve then TRL (default 2; 1 with tiny)")
    args = parser.parse_args()
    cases_asked = args.cases.split(",")
    known = ["bf16", "ckpt", "lora", "eval", "overhead", "vllm", "verl"]
    unknown = sorted(set(cases_asked) - set(known))
    if unknown:
        parser.error(f"unknown case {', '.join(unknown)}; the cases are {', '.join(known)}")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    report_path = out / "gpu_smoke.json"

    import torch

    cuda = torch.cuda.is_available()
    if not cuda and not args.allow_cpu:
        print("skipped: no CUDA device")
        return 1 if args.require_gpu else 0
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        started = time.perf_counter()
        model_dir, parameters = build_model(root / "model", args.shape)
        report = {"environment": environment(args.shape, cuda, parameters), "cases": {}}
        report["environment"]["model_build_seconds"] = round(time.perf_counter() - started, 1)
        print(f"device: {report['environment']['device']}, {parameters / 1e9:.2f}B parameters", flush=True)
        cases = Cases(model_dir, root, args.shape, cuda, rounds=args.rounds)
        for name in cases_asked:
            try:
                found = getattr(cases, name)()
            except Exception as error:  # noqa: BLE001 - report every case, then fail
                traceback.print_exc()
                found = {"ok": False, "why": f"{type(error).__name__}: {str(error)[:500]}"}
            report["cases"][name] = found
            free_memory()
            report_path.write_text(json.dumps(report, indent=2))
            print(f"{name}: {summary(found)}", flush=True)
    results = report["cases"].values()
    passed = sum(1 for r in results if r.get("ok"))
    failed = sum(1 for r in results if "skipped" not in r and not r.get("ok"))
    skipped = sum(1 for r in results if "skipped" in r)
    print(f"{passed} passed, {failed} failed, {skipped} skipped; report: {report_path}")
    return 1 if failed else 0


def summary(found: dict) -> str:
    if "skipped" in found:
        return f"skipped: {found['skipped']}"
    head = "ok" if found.get("ok") else f"FAILED ({found.get('why')})"
    if "ratio" in found:
        return (
            f"{head}: rlve {found['ours_tokens_per_s']} tokens/s, TRL {found['trl_tokens_per_s']} tokens/s, "
            f"ratio {found['ratio']} (step time, rlve / TRL; 95% interval {found['ratio_interval_95']}; by round "
            f"{found['rounds_s_per_step']}); of rlve's "
            f"step: drawing problems {found['draw_share']:.2%}, reward {found['reward_share']:.2%}, closing the "
            f"step {found['record_share']:.2%}; garbage collection ms/step {found['gc_ms_per_step']}"
        )
    if "frontiers" in found:
        return f"{head}: {found['answers']} answers in {found['seconds']} s on {found['settings'].get('device')}"
    if "step_seconds" in found:
        return f"{head}: {found['steps']} steps, {found['seconds']} s, losses {found['history']['losses']}"
    return head


if __name__ == "__main__":
    sys.exit(main())
