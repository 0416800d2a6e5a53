import pytest

from rlve_plugin_logic.environments.boolean_circuit import BooleanCircuit

ENV = BooleanCircuit()


def _tag(text: str) -> str:
    return f"<answer>{text}</answer>"


def _independent_outputs(data: dict) -> list[int]:
    """Evaluate with Python's own operators, not the module's gate table."""
    base = {"AND": all, "OR": any, "XOR": lambda vals: sum(vals) % 2 == 1}
    wires = [bool(v) for v in data["inputs"]]
    for op, sources in data["gates"]:
        vals = [wires[s] for s in sources]
        if op == "NOT":
            out = not vals[0]
        elif op in base:
            out = base[op](vals)
        else:  # NAND, NOR, XNOR
            out = not base[{"NAND": "AND", "NOR": "OR", "XNOR": "XOR"}[op]](vals)
        wires.append(bool(out))
    return [int(wires[w]) for w in data["outputs"]]


@pytest.mark.parametrize("difficulty", range(31))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_reference_correct(difficulty: int, seed: int) -> None:
    problem = ENV.sample(difficulty, seed)
    assert ENV.score(problem, _tag(problem.answer)).correct
    assert [int(b) for b in problem.answer.split()] == _independent_outputs(problem.data)
    # gates only read earlier wires
    n_inputs = len(problem.data["inputs"])
    for g, (_, sources) in enumerate(problem.data["gates"]):
        assert all(0 <= s < n_inputs + g for s in sources)


def test_alternative_forms_and_wrong_bits() -> None:
    problem = ENV.sample(30, 4)
    bits = problem.answer.split()
    assert ENV.score(problem, _tag("".join(bits))).correct
    assert ENV.score(problem, _tag(", ".join(bits))).correct
    for i in range(len(bits)):
        flipped = list(bits)
        flipped[i] = "1" if bits[i] == "0" else "0"
        verdict = ENV.score(problem, _tag(" ".join(flipped)))
        assert not verdict.correct and f"output {i + 1} is wrong" in verdict.reason
    assert not ENV.score(problem, _tag(" ".join(bits[:-1]))).format_ok
    assert not ENV.score(problem, _tag(" ".join(bits + ["0"]))).format_ok


def test_outputs_vary() -> None:
    answers = {ENV.sample(20, seed).answer for seed in range(20)}
    assert len(answers) > 3
