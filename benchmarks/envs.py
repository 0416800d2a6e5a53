"""Shared measurement for environment packs: generation and verification throughput, ours vs a peer, size-matched.

A pack's benchmark module lists pairs (our environment id, peer task, and how to size the peer) and calls
``compare``. At each level of ``LEVELS`` we draw our problem for seed 0, read its size (``Problem.size``, in the
environment's ``size_name``, and its ``data``), and configure each peer to that size: reasoning-gym through its
task config (nodes, grid sides, people, digits...), RLVE-Gym by setting the size parameters of its controller's
parameter set at that level (``N``, ``M``...), everything else as its controller has it. Where a peer has no such
knob, or its task is not ours, the row says "sizes not matched: <why>" and prints no ratio.

Verification is of the reference answer inside a full response against RLVE-Gym (``Environment.score`` vs
``env.verifier``), and of the bare answer against reasoning-gym (``Environment.verify`` vs ``score_answer``), so
that both sides do the same work. A ratio is printed only against a
peer that checks answers (any valid answer accepted): ``probes.py`` feeds the peer a valid answer that is not its
reference, on one of its instances, and the row says what it did; a peer that rejected it only compares strings.

Measured with CPU time (``harness.per_second``); ``--quick`` (or RLVE_BENCH_QUICK=1) uses d = 0 and 10 only and
shorter measurements.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from dataclasses import dataclass

import probes
import rlve
from harness import per_second, worst_seconds
from peers import ReasoningGymTask, RlveGymTask, available, rlve_gym_has

LEVELS, QUICK_LEVELS = (0, 5, 10, 20), (0, 10)
SECONDS, QUICK_SECONDS = 0.2, 0.1
#: A peer config: a function of our problem at that level giving the peer's settings (a dict), or the reason
#: (a str) why sizes cannot be matched there; a plain str when they never can.
Sizer = Callable[[rlve.Problem], "dict | str"] | str


@dataclass(frozen=True)
class Pair:
    ours: str
    reasoning_gym: str | None = None
    rlve_gym: str | None = None
    rg_size: Sizer | None = None
    gym_size: Sizer | None = None


def _sized(sizer: Sizer | None, problem) -> dict | str:
    if sizer is None:
        return "no size mapping given for this peer"
    return sizer if isinstance(sizer, str) else sizer(problem)


@dataclass(frozen=True)
class Ours:
    """Our throughputs at one level: generation, verification of a full response, and of the bare answer."""

    generate: float
    verify_response: float
    verify_answer: float


def _ours(env, difficulty: int, seconds: float) -> Ours:
    problems = [env.sample(difficulty, seed) for seed in range(16)]
    generate = per_second(lambda i: env.sample(difficulty, i), min_seconds=seconds)
    response = per_second(
        lambda i: env.score(problems[i % 16], f"<answer>{problems[i % 16].answer}</answer>"), min_seconds=seconds
    )
    answer = per_second(lambda i: env.verify(problems[i % 16], problems[i % 16].answer), min_seconds=seconds)
    return Ours(generate, response, answer)


def _reasoning_gym(task: str, config: dict, seconds: float) -> tuple[float, float, float, str]:
    peer = ReasoningGymTask(task, **config)
    entries = [peer.generate(i) for i in range(8)]
    references = [probes.reasoning_gym_reference(task, entry) for entry in entries]
    generate = per_second(lambda i: peer.generate(i), min_seconds=seconds, max_calls=2_000)
    verify = per_second(lambda i: peer.score(entries[i % 8], references[i % 8]), min_seconds=seconds)
    accepted = sum(peer.score(entry, ref) >= 1.0 for entry, ref in zip(entries, references)) / len(entries)
    return generate, verify, accepted, _probe(probes.REASONING_GYM.get(task), entries, peer.score)


def _probe(make_alternative, instances, score) -> str:
    """What the peer's scorer did with a valid non-reference answer on the first instance that has one."""
    if make_alternative is None:
        return "no probe"
    for instance in instances:
        alternative = make_alternative(instance)
        if alternative is not None:
            return "accepted" if score(instance, alternative) >= 1.0 else "rejected"
    return "not probed"


#: How long one peer measurement (one task at one size) may take before the row says the peer gave up.
PEER_LIMIT_SECONDS = 60.0


def _in_child(measure, *args, limit: float = PEER_LIMIT_SECONDS):
    """Run ``measure(*args)`` in a forked child, killed afterwards; raise if it fails or outlasts ``limit``.

    Peers configured to our larger sizes can take minutes for one instance (reasoning-gym's knights_knaves
    enumerates every assignment), and RLVE-Gym's generation timeout abandons a thread that keeps burning a
    core (and holding the GIL) for the rest of the process. A child process takes all of that with it.
    """
    context = multiprocessing.get_context("fork")
    results = context.Queue()
    child = context.Process(target=_child, args=(measure, args, results), daemon=True)
    child.start()
    try:
        outcome = results.get(timeout=limit)
    except Exception:  # noqa: BLE001 - queue.Empty: the child hung or died
        outcome = RuntimeError(f"no result within {limit:.0f} s at this size")
    finally:
        child.kill()
        child.join()
    if isinstance(outcome, Exception):
        raise outcome
    return outcome


def _child(measure, args, results) -> None:
    try:
        results.put(measure(*args))
    except Exception as error:  # noqa: BLE001 - handed to the parent, which reports it on the row
        message = str(error) if isinstance(error, RuntimeError) else f"{type(error).__name__}: {error}"
        results.put(RuntimeError(message))  # a plain RuntimeError always pickles; the original may not


def _measure_rlve_gym(task: str, difficulty: int, overrides: dict, seconds: float):
    peer = RlveGymTask(task, difficulty, overrides)
    envs = [peer.generate(seed) for seed in range(8)]
    responses = [f"<answer>{_rlve_gym_reference(env)}</answer>" for env in envs]
    generate = per_second(lambda i: peer.generate(i), min_seconds=seconds, max_calls=2_000)
    verify = per_second(lambda i: peer.score(envs[i % 8], responses[i % 8]), min_seconds=seconds)
    accepted = sum(peer.score(env, response) >= 1.0 for env, response in zip(envs, responses)) / len(envs)
    probe = _probe(probes.RLVE_GYM.get(task), envs, lambda env, answer: peer.score(env, f"<answer>{answer}</answer>"))
    return generate, verify, accepted, probe


def _rlve_gym_reference(env) -> str:
    answer = env.parameter.get("reference_answer")
    if isinstance(answer, list):
        return " ".join(map(str, answer))
    return str(answer)


def _verify_note(accepted: float, probe: str) -> tuple[str, bool]:
    """The row's note on the peer's verifier, and whether a ratio against it means anything: only against a peer
    that accepted a valid answer other than its reference (checks equivalently, as ours does)."""
    notes, comparable = [], True
    if accepted < 0.999:
        notes.append(f"peer accepted only {accepted:.0%} of its own reference answers")
    if probe == "accepted":
        notes.append("peer checks answers: it accepted a valid non-reference answer")
    elif probe == "rejected":
        notes.append("peer only compares strings: it rejected a valid non-reference answer; no ratio")
        comparable = False
    elif probe == "no probe":
        notes.append("peer's equivalence not probed (no alternative-answer maker for this task); no ratio")
        comparable = False
    else:
        notes.append("peer's equivalence not probed (none of its instances here has a second valid answer); no ratio")
        comparable = False
    return "; ".join(notes), comparable


def _describe(config: dict) -> str:
    return ", ".join(f"{key}={value}" for key, value in config.items())


def compare(report, pairs: list[Pair], worst_level: int = 30) -> None:
    quick = report.options.quick
    levels, seconds = (QUICK_LEVELS, QUICK_SECONDS) if quick else (LEVELS, SECONDS)
    registry = rlve.registry()
    for pair in pairs:
        if pair.ours not in registry:
            report(f"{pair.ours} (not installed)", 0.0, None, "-", "/s")
            continue
        env = rlve.get_environment(pair.ours)
        # peer -> the first answer its scorer gave a probe, kept for later levels; "gave up" once it timed out,
        # since a larger size would only time out again.
        probed: dict[str, str] = {}
        for level in levels:
            problem = env.sample(level, 0)
            case = f"{pair.ours} d={level} ({problem.size} {env.size_name})"
            ours = _ours(env, level, seconds)
            if pair.reasoning_gym and available("reasoning_gym"):
                _compare_reasoning_gym(report, pair, case, problem, ours, seconds, probed)
            if pair.rlve_gym and available("Gym"):
                _compare_rlve_gym(report, pair, case, level, problem, ours, seconds, probed)
        worst = worst_seconds(lambda i, e=env: e.sample(worst_level, i), calls=5 if quick else 20)
        report(f"{pair.ours} worst generation d={worst_level}", worst * 1000, None, "(absolute)", "ms")


def _gave_up(report, probed, name, case, generate) -> bool:
    """Whether the peer already ran out of time at a smaller size (then the row says so and it is not re-run)."""
    if not probed.get(name, "").startswith("gave up"):
        return False
    report(f"{case} generate", generate, None, name, "/s", f"peer not run: it {probed[name]}")
    return True


def _failed(report, probed, name, case, generate, config, error) -> None:
    report(f"{case} generate", generate, None, name, "/s", f"peer failed with {_describe(config)}: {error}")
    if str(error).startswith("no result within"):
        probed[name] = f"gave up at a smaller size ({case.split(' ', 1)[1]})"


def _settled(probed: dict[str, str], peer: str, probe: str) -> str:
    """A probe's verdict holds for the task at every size: keep the first one that says accepted or rejected."""
    if probed.get(peer) not in ("accepted", "rejected"):
        probed[peer] = probe
    return probed[peer]


def _compare_reasoning_gym(report, pair, case, problem, ours: Ours, seconds, probed) -> None:
    config = _sized(pair.rg_size, problem)
    _compare(
        report,
        probed,
        case,
        f"rg {pair.reasoning_gym}",
        config,
        (ours.generate, "verify answer", ours.verify_answer),
        lambda: _in_child(_reasoning_gym, pair.reasoning_gym, config, seconds),
    )


def _compare_rlve_gym(report, pair, case, level, problem, ours: Ours, seconds, probed) -> None:
    name = f"RLVE-Gym {pair.rlve_gym}"
    if not rlve_gym_has(pair.rlve_gym):
        report(f"{case} generate", ours.generate, None, name, "/s", f"rlve-gym 0.0.1 has no task {pair.rlve_gym}")
        return
    overrides = _sized(pair.gym_size, problem)
    _compare(
        report,
        probed,
        case,
        name,
        overrides,
        (ours.generate, "verify response", ours.verify_response),
        lambda: _in_child(_measure_rlve_gym, pair.rlve_gym, level, overrides, seconds),
    )


def _compare(report, probed, case, name, sized, ours, measure) -> None:
    """One peer's rows for one case: generation, then verification where the peer checks equivalently.

    ``sized`` is the peer's configuration matched to our instance, or why sizes cannot be matched; ``ours`` is
    (our generation rate, the verification row's label, our verification rate); ``measure`` runs the peer in a
    child process and returns (generation rate, verification rate, accepted, probe).
    """
    generate, verify_label, verify = ours
    if isinstance(sized, str):
        report(f"{case} generate", generate, None, name, "/s", f"sizes not matched: {sized}")
        return
    if _gave_up(report, probed, name, case, generate):
        return
    try:
        peer_generate, peer_verify, accepted, probe = measure()
    except Exception as error:  # noqa: BLE001 - a peer failing at a size is a finding, not a crash
        _failed(report, probed, name, case, generate, sized, error)
        return
    report(f"{case} generate", generate, peer_generate, name, "/s", f"peer sized: {_describe(sized)}")
    note, comparable = _verify_note(accepted, _settled(probed, name, probe))
    if not comparable:
        note += f" (peer {peer_verify:.4g}/s)"
    report(f"{case} {verify_label}", verify, peer_verify if comparable else None, name, "/s", note)


# -- helpers the pack modules use to size peers from our problems --------------------------------------------


def edge_density(n: int, edges: int) -> float:
    """Edges over the pairs of n nodes: how RLVE-Gym's sampled-edge generators read ``edge_density``."""
    return round(edges / max(1, n * (n - 1) / 2), 4)
