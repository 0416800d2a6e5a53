"""code/class_state_trace: what a generated Python program with a small class hierarchy prints.

Objects of a base class and of subclasses (``super().__init__``, overriding methods that call ``super()``,
a base method that calls an overridden one through ``self``) are changed by method calls; class attributes are
shared until an instance assignment shadows them (``self.count += 1`` reads the class attribute and writes an
instance one; ``x.bonus = 9`` hides the class value from x only; ``Base.bonus = 9`` changes it for everyone
without their own). Our own interpreter of the program tree is the reference (attribute lookup through the
instance, then the class chain; ``super()`` starts after the class that defines the method); the tests run the
rendered program with Python and compare. Nothing the model writes is executed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from rlve import Instance
from rlve.scaling import taper
from rlve_plugin_code.printed_output import PrintedIntegers

CLASS_NAMES = ("Base", "Child", "Grandchild")
OBJECT_NAMES = ("x", "y", "z", "w")


# -- the program tree --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Const:
    value: int


@dataclass(frozen=True)
class Param:
    name: str


@dataclass(frozen=True)
class Attr:
    owner: str  # "self" or a class name
    name: str


@dataclass(frozen=True)
class Bin:
    op: str  # + - *
    left: Any
    right: Any


@dataclass(frozen=True)
class CallMethod:
    via: str  # "self" or "super"
    name: str
    args: tuple = ()


@dataclass(frozen=True)
class SetAttr:
    owner: str  # "self" or a class name
    name: str
    op: str  # = += -=
    value: Any


@dataclass(frozen=True)
class Return:
    value: Any


@dataclass(frozen=True)
class Do:
    call: CallMethod  # a call whose value is dropped (super().__init__(...))


@dataclass(frozen=True)
class Method:
    name: str
    params: tuple[str, ...]
    body: tuple


@dataclass(frozen=True)
class ClassDef:
    name: str
    parent: str | None
    attributes: tuple[tuple[str, int], ...]
    methods: tuple[Method, ...]


# The top level: ``target`` is an object name or a class name.
@dataclass(frozen=True)
class New:
    var: str
    cls: str
    args: tuple[int, ...]


@dataclass(frozen=True)
class Invoke:
    var: str
    method: str
    args: tuple[int, ...]
    printed: bool


@dataclass(frozen=True)
class ShowAttr:
    target: str
    name: str


@dataclass(frozen=True)
class Assign:
    target: str
    name: str
    value: int


# -- the interpreter ---------------------------------------------------------------------------------------------


@dataclass
class Obj:
    cls: str
    attrs: dict[str, int] = field(default_factory=dict)


class OutOfSteps(Exception):
    pass


class Machine:
    def __init__(self, classes: tuple[ClassDef, ...], max_steps: int):
        self.classes = {c.name: c for c in classes}
        self.values = {c.name: dict(c.attributes) for c in classes}  # class attributes, as they change
        self.objects: dict[str, Obj] = {}
        self.output: list[int] = []
        self.steps = 0
        self.max_steps = max_steps

    def chain(self, cls: str | None) -> list[str]:
        found = []
        while cls is not None:
            found.append(cls)
            cls = self.classes[cls].parent
        return found

    def class_value(self, cls: str, name: str) -> int:
        for owner in self.chain(cls):
            if name in self.values[owner]:
                return self.values[owner][name]
        raise AttributeError(name)

    def read(self, obj: Obj, name: str) -> int:
        return obj.attrs[name] if name in obj.attrs else self.class_value(obj.cls, name)

    def find(self, cls: str | None, name: str) -> tuple[str, Method]:
        for owner in self.chain(cls):
            for method in self.classes[owner].methods:
                if method.name == name:
                    return owner, method
        raise AttributeError(name)

    def call(self, obj: Obj, start: str | None, name: str, args: tuple[int, ...]) -> int | None:
        self.steps += 1
        if self.steps > self.max_steps:
            raise OutOfSteps
        owner, method = self.find(start, name)
        env = dict(zip(method.params, args))
        for stmt in method.body:
            if isinstance(stmt, Return):
                return self.evaluate(stmt.value, obj, owner, env)
            if isinstance(stmt, Do):
                self.evaluate(stmt.call, obj, owner, env)
            else:
                value = self.evaluate(stmt.value, obj, owner, env)
                if stmt.owner == "self":
                    current = self.read(obj, stmt.name) if stmt.op != "=" else 0
                    obj.attrs[stmt.name] = _apply(stmt.op, current, value)
                else:
                    current = self.class_value(stmt.owner, stmt.name) if stmt.op != "=" else 0
                    self.values[stmt.owner][stmt.name] = _apply(stmt.op, current, value)
        return None

    def evaluate(self, expr: Any, obj: Obj, owner: str, env: dict[str, int]) -> int:
        if isinstance(expr, Const):
            return expr.value
        if isinstance(expr, Param):
            return env[expr.name]
        if isinstance(expr, Attr):
            return self.read(obj, expr.name) if expr.owner == "self" else self.class_value(expr.owner, expr.name)
        if isinstance(expr, Bin):
            left = self.evaluate(expr.left, obj, owner, env)  # left first: both sides may change the object
            right = self.evaluate(expr.right, obj, owner, env)
            return left + right if expr.op == "+" else left - right if expr.op == "-" else left * right
        args = tuple(self.evaluate(arg, obj, owner, env) for arg in expr.args)
        start = obj.cls if expr.via == "self" else self.classes[owner].parent
        result = self.call(obj, start, expr.name, args)
        return 0 if result is None else result

    def run(self, stmt: Any) -> None:
        if isinstance(stmt, New):
            obj = Obj(stmt.cls)
            self.objects[stmt.var] = obj
            self.call(obj, stmt.cls, "__init__", stmt.args)
        elif isinstance(stmt, Invoke):
            obj = self.objects[stmt.var]
            value = self.call(obj, obj.cls, stmt.method, stmt.args)
            if stmt.printed:
                self.output.append(value)
        elif isinstance(stmt, ShowAttr):
            if stmt.target in self.objects:
                self.output.append(self.read(self.objects[stmt.target], stmt.name))
            else:
                self.output.append(self.class_value(stmt.target, stmt.name))
        elif stmt.target in self.objects:
            self.objects[stmt.target].attrs[stmt.name] = stmt.value
        else:
            self.values[stmt.target][stmt.name] = stmt.value


def _apply(op: str, current: int, value: int) -> int:
    return value if op == "=" else current + value if op == "+=" else current - value


def run(classes: tuple[ClassDef, ...], main: tuple, max_steps: int) -> list[int]:
    machine = Machine(classes, max_steps)
    for stmt in main:
        machine.run(stmt)
    return machine.output


# -- rendering ---------------------------------------------------------------------------------------------------

_PRECEDENCE = {"+": 1, "-": 1, "*": 2}


def render_expr(expr: Any) -> str:
    if isinstance(expr, Const):
        return str(expr.value)
    if isinstance(expr, Param):
        return expr.name
    if isinstance(expr, Attr):
        return f"{expr.owner}.{expr.name}"
    if isinstance(expr, CallMethod):
        head = "self" if expr.via == "self" else "super()"
        return f"{head}.{expr.name}({', '.join(render_expr(arg) for arg in expr.args)})"
    left, right = render_expr(expr.left), render_expr(expr.right)
    if isinstance(expr.left, Bin) and _PRECEDENCE[expr.left.op] < _PRECEDENCE[expr.op]:
        left = f"({left})"
    if isinstance(expr.right, Bin) and _PRECEDENCE[expr.right.op] <= _PRECEDENCE[expr.op]:
        right = f"({right})"
    return f"{left} {expr.op} {right}"


def render(classes: tuple[ClassDef, ...], main: tuple) -> str:
    parts = []
    for cls in classes:
        lines = [f"class {cls.name}" + (f"({cls.parent}):" if cls.parent else ":")]
        lines += [f"    {name} = {value}" for name, value in cls.attributes]
        for method in cls.methods:
            if len(lines) > 1:
                lines.append("")
            lines.append(f"    def {method.name}({', '.join(('self',) + method.params)}):")
            for stmt in method.body:
                if isinstance(stmt, Return):
                    lines.append(f"        return {render_expr(stmt.value)}")
                elif isinstance(stmt, Do):
                    lines.append(f"        {render_expr(stmt.call)}")
                else:
                    lines.append(f"        {stmt.owner}.{stmt.name} {stmt.op} {render_expr(stmt.value)}")
        parts.append("\n".join(lines))
    lines = []
    for stmt in main:
        if isinstance(stmt, New):
            lines.append(f"{stmt.var} = {stmt.cls}({', '.join(map(str, stmt.args))})")
        elif isinstance(stmt, Invoke):
            call = f"{stmt.var}.{stmt.method}({', '.join(map(str, stmt.args))})"
            lines.append(f"print({call})" if stmt.printed else call)
        elif isinstance(stmt, ShowAttr):
            lines.append(f"print({stmt.target}.{stmt.name})")
        else:
            lines.append(f"{stmt.target}.{stmt.name} = {stmt.value}")
    parts.append("\n".join(lines))
    return "\n\n\n".join(parts) + "\n"


# -- drawing -----------------------------------------------------------------------------------------------------


def action_count(difficulty: int) -> int:
    return 3 + taper(difficulty)


def class_count(difficulty: int) -> int:
    return 1 + (difficulty >= 2) + (difficulty >= 14)


def draw_classes(rng: random.Random, difficulty: int) -> tuple[ClassDef, ...]:
    d = difficulty
    k, v = Param("k"), Attr("self", "v")
    # Base: a shared count of objects made (or, from d=6, sometimes the self.count trap), a bonus, v.
    counting = SetAttr("self" if d >= 6 and rng.random() < 0.4 else "Base", "count", "+=", Const(1))
    methods = [Method("__init__", ("v",), (SetAttr("self", "v", "=", Param("v")), counting))]
    factor = rng.randint(1, 3)
    grown = k if factor == 1 else Bin("*", k, Const(factor))
    methods.append(Method("grow", ("k",), (SetAttr("self", "v", "+=", grown), Return(v))))
    scale = rng.randint(1, 3)
    methods.append(
        Method("value", (), (Return(Bin("+", v if scale == 1 else Bin("*", v, Const(scale)), Attr("self", "bonus"))),))
    )
    if d >= 4 and rng.random() < 0.6:
        methods.append(Method("reset", (), (SetAttr("self", "v", "=", Attr("self", "bonus")), Return(v))))
    if d >= 8:  # calls grow through self: a subclass's override runs for its objects
        twice = Bin(rng.choice("+-"), CallMethod("self", "grow", (k,)), CallMethod("self", "grow", (Const(1),)))
        methods.append(Method("twice", ("k",), (Return(twice),)))
    classes = [ClassDef("Base", None, (("count", 0), ("bonus", rng.randint(1, 5))), tuple(methods))]
    if class_count(d) >= 2:
        w = Attr("self", "w")
        init = Method(
            "__init__",
            ("v", "w"),
            (Do(CallMethod("super", "__init__", (Bin("+", Param("v"), Const(rng.randint(1, 5))),))),
             SetAttr("self", "w", "=", Param("w"))),
        )
        combined = Bin(rng.choice("+-"), CallMethod("super", "grow", (k,)), w)
        grow = Method("grow", ("k",), (SetAttr("self", "w", rng.choice(["+=", "-="]), k), Return(combined)))
        child_methods = [init, grow]
        if d >= 6 and rng.random() < 0.6:
            child_methods.append(Method("value", (), (Return(Bin("*", CallMethod("super", "value"), Const(2))),)))
        attributes = (("bonus", rng.randint(6, 9)),) if d >= 4 and rng.random() < 0.6 else ()
        classes.append(ClassDef("Child", "Base", attributes, tuple(child_methods)))
    if class_count(d) >= 3:
        value = Method("value", (), (Return(Bin("+", Attr("self", "w"), CallMethod("super", "value"))),))
        classes.append(ClassDef("Grandchild", "Child", (), (value,)))
    return tuple(classes)


def draw_main(rng: random.Random, difficulty: int, classes: tuple[ClassDef, ...]) -> list:
    d = difficulty
    names = [cls.name for cls in classes]
    count = min(len(OBJECT_NAMES), 1 + len(classes) + (d >= 10))
    main: list = []
    for index in range(count):
        cls = names[index % len(names)] if index < len(names) else rng.choice(names)
        args = (rng.randint(1, 9),) if cls == "Base" else (rng.randint(1, 9), rng.randint(1, 9))
        main.append(New(OBJECT_NAMES[index], cls, args))
    objects = OBJECT_NAMES[:count]
    methods = {m.name for cls in classes for m in cls.methods if m.name != "__init__"}
    for _ in range(action_count(d)):
        roll = rng.random()
        var = rng.choice(objects)
        if roll < 0.55:
            method = rng.choice(sorted(methods))
            args = (rng.randint(1, 5),) if method in ("grow", "twice") else ()
            changes = method in ("grow", "reset", "twice")  # a call whose value is dropped only for what it changes
            main.append(Invoke(var, method, args, printed=not changes or rng.random() < 0.75))
        elif roll < 0.87:
            target, attribute = rng.choice(
                [(var, "v"), (var, "count"), ("Base", "count"), (var, "bonus")]
                + ([(var, "w")] if main[objects.index(var)].cls != "Base" else [])
            )
            main.append(ShowAttr(target, attribute))
        elif d >= 6:
            target = var if rng.random() < 0.6 else "Base"
            main.append(Assign(target, "bonus", rng.randint(10, 20)))
        else:
            main.append(Invoke(var, "grow", (rng.randint(1, 5),), printed=True))
    if not isinstance(main[-1], (ShowAttr, Invoke)) or not getattr(main[-1], "printed", True):
        main.append(ShowAttr(rng.choice(objects), "v"))
    return main


class ClassStateTrace(PrintedIntegers):
    id = "code/class_state_trace"
    version = 1
    description = (
        "Say what a generated Python program with a small class hierarchy (methods changing state, class vs "
        "instance attributes, super()) prints."
    )
    difficulty_scales = (
        "statements after the objects are made: 3 + d (slower past d=30); classes: Base, a Child from d=2, a "
        "Grandchild from d=14; class attributes overridden from d=4, reset from d=4, shadowing assignments and "
        "self.count from d=6, a base method calling an overridden one from d=8, more objects from d=10"
    )
    size_name = "statements"
    tags = ("code", "tracing", "classes")

    def generate(self, difficulty: int, rng: random.Random) -> Instance:
        while True:
            classes = draw_classes(rng, difficulty)
            main = tuple(draw_main(rng, difficulty, classes))
            output = run(classes, main, 10_000)
            if len(output) >= 2:
                break
        prompt = (
            f"What does this Python program print?\n\n```python\n{render(classes, main)}```\n\n"
            "Each print shows one integer on its own line."
        )
        return Instance(
            prompt=prompt, answer=" ".join(map(str, output)), data={"output": output}, size=action_count(difficulty)
        )

