"""logic/boolean_circuit: evaluate a generated circuit of logic gates on given inputs and report its output bits.

Gates read earlier wires only (a DAG written in topological order), biased towards recent wires so the
circuit is deep rather than wide; the outputs are the last gates, which sit at the end of the longest chains.
"""

from __future__ import annotations

import random
from typing import Any

from rlve import Environment, Instance, ParseError, Verdict
from rlve.parse import split_items
from rlve.scaling import level

SEMANTICS = {
    "AND": "1 when all of its inputs are 1",
    "OR": "1 when at least one input is 1",
    "XOR": "1 when an odd number of its inputs are 1",
    "NOT": "the opposite of its single input",
    "NAND": "the opposite of AND",
    "NOR": "the opposite of OR",
    "XNOR": "the opposite of XOR",
}


def plan(difficulty: int) -> tuple[int, int, int, int, tuple[str, ...]]:
    """(inputs, gates, outputs, largest fan-in, gate types) for a difficulty."""
    lvl = level(difficulty)
    ops: tuple[str, ...] = ("AND", "OR", "NOT")
    if lvl >= 3:
        ops += ("XOR",)
    if lvl >= 6:
        ops += ("NAND", "NOR", "XNOR")
    return 3 + lvl // 5, 4 + 2 * lvl, 1 + lvl // 8, 2 + lvl // 20, ops


def gate_value(op: str, values: list[int]) -> int:
    if op == "NOT":
        return 1 - values[0]
    base = {"AND": "AND", "NAND": "AND", "OR": "OR", "NOR": "OR", "XOR": "XOR", "XNOR": "XOR"}[op]
    out = int(all(values)) if base == "AND" else int(any(values)) if base == "OR" else sum(values) % 2
    return 1 - out if op in ("NAND", "NOR", "XNOR") else out


def evaluate(inputs: list[int], gates: list[list[Any]]) -> list[int]:
    """Values of all wires: the inputs, then one per gate. A gate is [op, [wire indices]]."""
    wires = list(inputs)
    for op, sources in gates:
        wires.append(gate_value(op, [wires[s] for s in sources]))
    return wires


class BooleanCircuit(Environment):
    id = "logic/boolean_circuit"
    version = 1
    description = "Evaluate a circuit of AND/OR/XOR/NOT/NAND/NOR/XNOR gates on given inputs; give the output bits."
    difficulty_scales = (
        "level L (L = d up to 100, then +20 per doubling): inputs 3 + L // 5, gates 4 + 2 L, outputs 1 + L // 8, "
        "fan-in up to 2 + L // 20; XOR from L 3, NAND/NOR/XNOR from L 6"
    )
    size_name = "gates"
    answer_format = "the output bits in the order listed, as 0 or 1 separated by spaces, for example 1 0 1"
    tags = ("logic", "circuit", "evaluation")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        n_inputs, n_gates, n_outputs, fan_in, ops = plan(difficulty)
        n_outputs = min(n_outputs, n_gates)
        inputs = [rng.randrange(2) for _ in range(n_inputs)]
        gates: list[list[Any]] = []
        for g in range(n_gates):
            wires = n_inputs + g
            op = rng.choice(ops)
            arity = 1 if op == "NOT" else rng.randint(2, min(fan_in, wires))
            sources: list[int] = []
            while len(sources) < arity:
                # the previous gate usually feeds in, so chains run the circuit's full length
                if g > 0 and not sources and rng.random() < 0.6:
                    wire = wires - 1
                else:
                    # mostly one of the last few wires (integers only: no platform-dependent float maths)
                    recent = wires - 1 - rng.randrange(min(wires, 1 + rng.randrange(8)))
                    wire = recent if rng.random() < 0.7 else rng.randrange(wires)
                if wire not in sources:
                    sources.append(wire)
            gates.append([op, sources])
        wires = evaluate(inputs, gates)
        outputs = list(range(n_inputs + n_gates - n_outputs, n_inputs + n_gates))

        def name(wire: int) -> str:
            return f"x{wire + 1}" if wire < n_inputs else f"g{wire - n_inputs + 1}"

        used_ops = [op for op in SEMANTICS if any(gate[0] == op for gate in gates)]
        lines = [
            f"{name(n_inputs + g)} = {op}({', '.join(name(s) for s in sources)})"
            for g, (op, sources) in enumerate(gates)
        ]
        prompt = (
            "A Boolean circuit. Gate meanings: " + "; ".join(f"{op} is {SEMANTICS[op]}" for op in used_ops) + ".\n"
            f"Inputs: {', '.join(f'x{i + 1} = {v}' for i, v in enumerate(inputs))}\n"
            "Gates (each uses only inputs and earlier gates):\n" + "\n".join(lines) + "\n"
            f"Outputs, in this order: {', '.join(name(w) for w in outputs)}\n"
            "Give the value (0 or 1) of every output."
        )
        answer = " ".join(str(wires[w]) for w in outputs)
        data = {"inputs": inputs, "gates": gates, "outputs": outputs}
        return Instance(prompt=prompt, answer=answer, data=data, size=n_gates)

    def check(self, data: dict[str, Any], answer: str) -> Verdict:
        outputs: list[int] = data["outputs"]
        items = split_items(answer, max_items=len(outputs) + 1)
        if len(items) == 1 and len(items[0]) == len(outputs) > 1:
            items = list(items[0])  # "101" for three outputs
        if len(items) != len(outputs) or any(item not in ("0", "1") for item in items):
            raise ParseError(f"expected {len(outputs)} bits (0 or 1)")
        wires = evaluate(data["inputs"], data["gates"])
        for position, (item, wire) in enumerate(zip(items, outputs), start=1):
            if int(item) != wires[wire]:
                return Verdict.wrong(f"output {position} is wrong")
        return Verdict.right()
