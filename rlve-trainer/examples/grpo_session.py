"""GRPO in your own TRL script, with problems drawn live from an rlve curriculum.

    python grpo_session.py /path/to/Qwen2.5-0.5B-Instruct --max-steps 200

Runs are recorded in history.db (watch with `rlve history show --db history.db`), TensorBoard logs the
curriculum (rlve/<env>/low, high, accuracy, samples) beside TRL's own metrics, and a stopped run continues
with --resume.
"""

import argparse

import torch
from transformers import AutoModelForCausalLM, AutoTokenizer
from trl import GRPOConfig, GRPOTrainer

from rlve_trainer import CurriculumSession

parser = argparse.ArgumentParser()
parser.add_argument("model", help="a local Hugging Face model folder (weights, tokenizer, chat template)")
parser.add_argument("--max-steps", type=int, default=200)
parser.add_argument("--output", default="runs/grpo-session")
parser.add_argument("--resume", action="store_true", help="continue from the newest checkpoint in --output")
options = parser.parse_args()

tokenizer = AutoTokenizer.from_pretrained(options.model)
model = AutoModelForCausalLM.from_pretrained(options.model)

with CurriculumSession(
    ["math/addition", "code/evaluate_expression"],
    strategy="adaptive",
    params={"min_samples": 32, "threshold": 0.75},
    db="sqlite:///history.db",
    run_name="grpo-session",
    resume="grpo-session" if options.resume else None,  # go on recording into the stored run of this name
    system_prompt="Think briefly, then give the final answer as the prompt asks.",
) as session:
    args = GRPOConfig(
        output_dir=options.output,
        max_steps=options.max_steps,
        per_device_train_batch_size=8,
        num_generations=8,
        max_completion_length=64,
        learning_rate=1e-5,
        save_steps=50,
        shuffle_dataset=False,  # required: no shuffle buffer between the curriculum and the batch
        ignore_data_skip=True,  # required to resume: the session restarts the problem stream itself
        report_to="tensorboard",
        logging_steps=1,
        bf16=torch.cuda.is_available(),  # TRL's default (bf16) needs a GPU
        use_cpu=not torch.cuda.is_available(),
    )
    trainer = GRPOTrainer(
        model=model,
        processing_class=tokenizer,
        args=args,
        train_dataset=session.dataset(),
        reward_funcs=[session.reward],
        callbacks=[session.callback()],
    )
    trainer.train(resume_from_checkpoint=True if options.resume else None)
    for env, band in session.bands().items():
        print(f"{env}: difficulty band {band.low}-{band.high}")
