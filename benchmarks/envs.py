"""Shared measurement for environment packs: generation and verification throughput, ours vs a peer.

A pack's benchmark module lists pairs (our environment id, peer task) and calls ``compare``. Ours is
measured at each difficulty of ``LEVELS``; reasoning-gym at its default configuration (it has no single
difficulty knob); RLVE-Gym at the same level, read as that many controller updates, its own notion of
difficulty. Verification is of the reference answer inside a full response, through the public scoring
path of each (``Environment.score``, ``dataset.score_answer``, ``env.verifier``).
"""

from __future__ import annotations

import multiprocessing
from dataclasses import dataclass

import rlve
from harness import per_second, worst_seconds
from peers import ReasoningGymTask, RlveGymTask, available

LEVELS = (0, 5, 20)


@dataclass(frozen=True)
class Pair:
    ours: str
    reasoning_gym: str | None = None
    rlve_gym: str | None = None


def _ours(env_id: str, difficulty: int) -> tuple[float, float]:
    env = rlve.get_environment(env_id)
    problems = [env.sample(difficulty, seed) for seed in range(64)]
    generate = per_second(lambda i: env.sample(difficulty, i), min_seconds=0.3)
    verify = per_second(
        lambda i: env.score(problems[i % 64], f"<answer>{problems[i % 64].answer}</answer>"), min_seconds=0.3
    )
    return generate, verify


def _reasoning_gym(task: str) -> tuple[float, float, float]:
    peer = ReasoningGymTask(task)
    entries = [peer.generate(i) for i in range(16)]
    generate = per_second(lambda i: peer.generate(i), min_seconds=0.3, max_calls=2_000)
    verify = per_second(lambda i: peer.score(entries[i % 16], entries[i % 16]["answer"]), min_seconds=0.3)
    accepted = sum(peer.score(entry, entry["answer"]) for entry in entries) / len(entries)
    return generate, verify, accepted


def _rlve_gym(task: str, difficulty: int, limit_seconds: float = 120.0) -> tuple[float, float, float]:
    """Measure one RLVE-Gym case in a forked child, killed afterwards.

    RLVE-Gym's generation timeout runs the generator in a thread and abandons it when time is up; the
    thread keeps burning a core (and holding the GIL) for the rest of the process, which would slow every
    later measurement and keep the benchmark from exiting. A child process takes those threads with it.
    """
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    child = context.Process(target=_rlve_gym_child, args=(task, difficulty, results), daemon=True)
    child.start()
    try:
        outcome = results.get(timeout=limit_seconds)
    except Exception:  # noqa: BLE001 - queue.Empty: the child hung or died
        outcome = RuntimeError(f"RLVE-Gym measurement gave no result within {limit_seconds:.0f} s")
    finally:
        child.kill()
        child.join()
    if isinstance(outcome, Exception):
        raise outcome
    return outcome


def _rlve_gym_child(task: str, difficulty: int, results) -> None:
    try:
        results.put(_measure_rlve_gym(task, difficulty))
    except Exception as error:  # noqa: BLE001 - handed to the parent, which reports it on the row
        message = str(error) if isinstance(error, RuntimeError) else f"{type(error).__name__}: {error}"
        results.put(RuntimeError(message))  # a plain RuntimeError always pickles; the original may not


def _measure_rlve_gym(task: str, difficulty: int) -> tuple[float, float, float]:
    peer = RlveGymTask(task, difficulty)
    envs = [peer.generate(seed) for seed in range(8)]
    responses = [f"<answer>{_rlve_gym_reference(env)}</answer>" for env in envs]
    generate = per_second(lambda i: peer.generate(i), min_seconds=0.3, max_calls=2_000)
    verify = per_second(lambda i: peer.score(envs[i % 8], responses[i % 8]), min_seconds=0.3)
    accepted = sum(peer.score(env, response) for env, response in zip(envs, responses)) / len(envs)
    return generate, verify, accepted


def _verify_note(accepted: float) -> str:
    """Verification speed means little if the peer rejected the reference we fed it: say so."""
    return "" if accepted >= 0.999 else f"peer accepted only {accepted:.0%} of its own reference answers"


def _rlve_gym_reference(env) -> str:
    answer = env.parameter.get("reference_answer")
    if isinstance(answer, list):
        return " ".join(map(str, answer))
    return str(answer)


def compare(report, pairs: list[Pair], worst_level: int = 30) -> None:
    registry = rlve.registry()
    for pair in pairs:
        if pair.ours not in registry:
            report(f"{pair.ours} (not installed)", 0.0, None, "-", "/s")
            continue
        for level in LEVELS:
            generate, verify = _ours(pair.ours, level)
            if pair.reasoning_gym and available("reasoning_gym"):
                peer_generate, peer_verify, accepted = _reasoning_gym(pair.reasoning_gym)
                peer_name = f"rg {pair.reasoning_gym}"
                report(f"{pair.ours} d={level} generate", generate, peer_generate, peer_name, "/s")
                report(f"{pair.ours} d={level} verify", verify, peer_verify, peer_name, "/s", _verify_note(accepted))
            if pair.rlve_gym and available("Gym"):
                try:
                    peer_generate, peer_verify, accepted = _rlve_gym(pair.rlve_gym, level)
                except Exception as error:  # noqa: BLE001 - a peer failing is a finding, not a crash
                    failed = f"peer failed: {type(error).__name__}: {error}"
                    report(f"{pair.ours} d={level} generate", generate, None, f"RLVE-Gym {pair.rlve_gym}", "/s", failed)
                    continue
                peer_name = f"RLVE-Gym {pair.rlve_gym}"
                report(f"{pair.ours} d={level} generate", generate, peer_generate, peer_name, "/s")
                report(f"{pair.ours} d={level} verify", verify, peer_verify, peer_name, "/s", _verify_note(accepted))
        env = rlve.get_environment(pair.ours)
        worst = worst_seconds(lambda i, e=env: e.sample(worst_level, i), calls=20)
        report(f"{pair.ours} worst generation d={worst_level}", worst * 1000, None, "(absolute)", "ms")
