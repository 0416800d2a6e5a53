"""Edits of a drafted database that make it tell a near variant apart from the query: which values to put
where (``hints_for``), changes made to clones of employees (``witness_edits``, ``apply_edit``), copies that keep
only the chosen witnesses (``isolate``), and random edits aimed at one variant (``random_edit``)."""

from __future__ import annotations

import random
from typing import Any

from rlve_plugin_code.sql.data import CITIES, EMPLOYEE_FIELDS, Database, Draft
from rlve_plugin_code.sql.forms import (
    Aggregate,
    Between,
    Chain,
    Compare,
    Exists,
    Form,
    Like,
    Scalar,
)
from rlve_plugin_code.sql.variants import Variant

#: An edit of a database: what to change, and to what.
Hint = tuple[Any, ...]


def witness_edits(form: Form, draft: Draft) -> list[Hint]:
    """One change per clone: each value next to each constant, each department, other projects...; and
    for a condition ``(A OR B)`` one change for A with one for B, so that exactly one of them holds."""
    edits = _edits_for(form.where, draft)
    for item in form.where.items if form.where is not None else ():
        if isinstance(item, Chain) and len(item.items) == 2:
            first, second = (_edits_for(side, draft) for side in item.items)
            edits += [("both", one, other) for one in first for other in second]
    return list(dict.fromkeys(edits))


def _edits_for(node: Any, draft: Draft) -> list[Hint]:
    edits: list[Hint] = []
    for hint in hints_for(node):
        kind = hint[0]
        if kind == "set":
            edits += [("set", hint[1], value) for value in hint[2]]
        elif kind == "budget":
            edits += [
                (how, value, foreign)
                for value in hint[1]
                for how in ("budgets", "extra_project")
                for foreign in (False, True)
            ]
        elif kind == "projects":
            edits += [("projects", value) for value in hint[1] if value >= 0]
        elif kind == "foreign":
            edits += [("foreign", True), ("foreign", False)]
        elif kind == "department":  # in and out of the department named, or of the city
            city, name = hint[1:]
            if city:
                other = next(c for c in CITIES if c != city)
                edits += [("place", city, None, False), ("place", other, None, False)]
                edits += [("place", city, None, True), ("place", other, None, True)]
            else:
                edits += [("place", None, name, False), ("place", None, None, True)]
        elif kind == "average":
            edits.append(("place", None, None, True))
        elif kind == "rename":
            edits += [("rename", None), ("rename", hint[1])]
    return list(dict.fromkeys(edits))


def apply_edit(draft: Draft, employee: int, edit: Hint, rng: random.Random, avoid: str) -> None:
    kind = edit[0]
    if kind == "set":
        draft.set(employee, edit[1], edit[2])
    elif kind in ("budgets", "extra_project"):  # new projects with this budget, of their department or not
        own = draft.employees[employee][2]
        others = [row[0] for row in draft.departments if row[0] != own] or [own]
        count = max(1, len(draft.projects_of(employee))) if kind == "budgets" else 1
        if kind == "budgets":
            draft.work[employee] = {}
        for _ in range(count):
            draft.assign(employee, draft.add_project(rng.choice(others) if edit[2] else own, edit[1]), rng)
    elif kind == "projects":
        draft.set_project_count(employee, edit[1], rng)
    elif kind == "foreign":
        own = draft.employees[employee][2]
        others = [row[0] for row in draft.departments if row[0] != own] or [own]
        department = own if edit[1] else rng.choice(others)
        draft.only_project(employee, draft.add_project(department, 1000 * rng.randint(5, 60)), rng)
    elif kind == "place":
        _place(draft, employee, edit[1], edit[2], edit[3], avoid)
    elif kind == "rename":
        draft.rename(employee, rng, edit[1])
    elif kind == "both":
        first, second = edit[1:]
        if first[0] == second[0] == "place":  # one department, with the city of one and the name of the other
            first = ("place", first[1] or second[1], first[2] or second[2], first[3] and second[3])
            second = ("none",)
        apply_edit(draft, employee, first, rng, avoid)
        apply_edit(draft, employee, second, rng, avoid)


def _place(draft: Draft, employee: int, city: str | None, name: str | None, alone: bool, avoid: str) -> None:
    """Move the employee to a department in ``city`` (if given) named ``name`` (if given): a new one where
    ``alone`` (its average salary is then the employee's) or where none fits, else one that exists."""
    own = next(row for row in draft.departments if row[0] == draft.employees[employee][2])
    fitting = [
        row for row in draft.departments if (city is None or row[2] == city) and (name is None or row[1] == name)
    ]
    named = [row for row in draft.departments if row[1] == name]
    if fitting and not alone:
        draft.set(employee, "e.department_id", fitting[0][0])
    elif not named:
        draft.set(employee, "e.department_id", draft.add_department(city or own[2], name, avoid))
    elif named[0][0] not in draft.moved:  # the department with that name moves to that city (once)
        draft.moved.add(named[0][0])
        draft.departments[draft.departments.index(named[0])] = (named[0][0], name, city or named[0][2])
        draft.set(employee, "e.department_id", named[0][0])


def isolate(
    probe: Database,
    chosen: list[int],
    meeting: list[int],
    first: int,
    last_project: int,
    form: Form,
) -> Database:
    """The probe without the clones that are not chosen, and, where other employees that meet the
    conditions would hide the witnesses (a top-k, a group), without those either."""
    draft = Draft(probe)
    for employee in [key for key in draft.employees if key >= first and key not in chosen]:
        draft.delete(employee)
    draft.drop_projects_above(last_project)
    present = [key for key in meeting if key in draft.employees and key not in chosen]
    if form.limit is not None:
        for key in present:
            draft.delete(key)
    elif form.group == "d.id":  # each witness alone in its department, with copies to pass a HAVING
        departments = {draft.employees[w][2] for w in chosen if w in draft.employees}
        for key in present:
            if draft.employees[key][2] in departments:
                draft.delete(key)
        if form.having is not None and isinstance(form.having.right, int):
            for witness in chosen:
                for _ in range(form.having.right - 1):
                    draft.clone(witness)
    return draft.freeze()


def hints_for(node: Any) -> list[Hint]:
    """The edits that make a database tell a change of ``node`` apart: which values to put where."""
    if node in ("order", "limit"):
        return [("rank",)]
    if isinstance(node, tuple) and node[0] == "aggregate":
        return [("spread", node[1]), ("group", (2, 3))]
    if isinstance(node, Chain):
        return [hint for item in node.items for hint in hints_for(item)]
    if isinstance(node, Exists):
        return [("projects", (0, 1, 2))] + hints_for(node.where)
    if isinstance(node, Between):
        return [("set", node.expr, (node.low - 1, node.low, node.low + 1, node.high - 1, node.high, node.high + 1))]
    if isinstance(node, Like):
        return [("rename", node.pattern[0])]
    if not isinstance(node, Compare):
        return []
    hints: list[Hint] = []
    for side, other in ((node.left, node.right), (node.right, node.left)):
        near = (other - 1, other, other + 1) if isinstance(other, int) else ()
        if side in EMPLOYEE_FIELDS and near:
            hints.append(("set", side, near))
        elif side == "p.budget" and near:
            hints.append(("budget", near))
        elif side == "d.city":
            hints.append(("department", other.strip("'"), None))
        elif side == "d.name":
            hints.append(("department", None, other.strip("'")))
        elif side == "p.department_id":
            hints.append(("foreign",))
        elif isinstance(side, Aggregate) and near:  # HAVING COUNT(*) >= k
            hints.append(("group", near))
        elif isinstance(side, Scalar) and side.aggregate.function == "COUNT" and near:
            hints.append(("projects", near))
        elif isinstance(side, Scalar):
            hints.append(("average", "department_id" in side.rest))
    return hints


#: Edits that change which rows meet the conditions, for variants with no hint of their own.
GENERIC: tuple[Hint, ...] = (("clone",), ("delete",), ("move",), ("department",), ("projects", (0, 1, 2)))
#: Edits that grow groups or the rows that meet the conditions, which shrinking would undo.
GROWING = ("rank", "group", "spread", "clone")


def random_edit(
    draft: Draft,
    form: Form,
    target: Variant,
    passing: list[int],
    general: list[Hint],
    witnesses: set[int],
    rng: random.Random,
) -> None:
    """Edit ``draft`` towards telling ``target`` apart from the reference.

    ``passing`` lists the employees that meet the reference's conditions on the database drafted from
    (best ranked first for a top-k). The edit picks one of them as a witness and changes it (a value at
    a boundary, other projects, another department, a clone...), then maybe deletes others that meet
    the conditions, so that the witness alone changes a top-k or an aggregate.
    """
    own = hints_for(target.focus)
    roll = rng.random()
    if own and roll < 0.7:
        hint = rng.choice(own)
    elif general and roll < 0.9:
        hint = rng.choice(general)
    else:
        hint = rng.choice(GENERIC)
    present = [employee for employee in passing if employee in draft.employees]
    if present and form.limit is not None and rng.random() < 0.5:
        employee = rng.choice(present[: form.limit])
    elif present and rng.random() < 0.85:
        employee = rng.choice(present)
    else:
        employee = rng.choice(list(draft.employees))
    witnesses.add(employee)
    _apply(draft, form, hint, employee, present, rng)
    if hint[0] not in GROWING and rng.random() < 0.5:
        keep = rng.randint(0, max(0, (form.limit or 3) - 2))
        others = [key for key in present if key not in witnesses]
        rng.shuffle(others)
        for key in others[keep:]:
            draft.delete(key)


def _apply(draft: Draft, form: Form, hint: Hint, employee: int, present: list[int], rng: random.Random) -> None:
    kind = hint[0]
    if kind == "set":
        draft.set(employee, hint[1], rng.choice(hint[2]))
    elif kind == "budget":
        projects = draft.projects_of(employee)
        if not projects:
            draft.assign(employee, rng.choice(list(draft.projects)), rng)
            projects = draft.projects_of(employee)
        draft.projects[rng.choice(projects)][3] = rng.choice(hint[1])
    elif kind == "projects":
        draft.set_project_count(employee, max(0, rng.choice(hint[1])), rng)
    elif kind == "average":
        draft.match_average(employee, hint[1], rng)
    elif kind == "foreign":
        project = rng.choice(draft.projects_of(employee) or list(draft.projects))
        draft.assign(employee, project, rng)
        departments = [row[0] for row in draft.departments]
        draft.projects[project][2] = rng.choice([draft.employees[employee][2], rng.choice(departments)])
    elif kind == "department":
        draft.set(employee, "e.department_id", rng.choice(draft.departments)[0])
    elif kind == "rename":
        draft.rename(employee, rng, rng.choice([None, hint[1]]))
    elif kind == "clone":
        draft.clone(employee)
    elif kind == "delete":
        draft.delete(employee)
    elif kind == "move":
        other = rng.choice(present or list(draft.employees))
        draft.set(employee, "e.department_id", draft.employees[other][2])
    elif kind == "group":  # exactly n of the employees that meet the conditions in one department
        department = draft.employees[employee][2]
        members = [key for key in present if draft.employees[key][2] == department] or [employee]
        size = max(1, rng.choice(hint[1]))
        while len(members) < size:
            members.append(draft.clone(rng.choice(members)))
        while len(members) > size:
            draft.delete(members.pop(rng.randrange(len(members))))
    elif kind == "spread":  # a second member of the group, with another value
        clone = draft.clone(employee)
        other = rng.choice(present or [employee])
        column = hint[1] or rng.choice(("e.salary", "e.age", "e.hired"))
        value = draft.employees[other][EMPLOYEE_FIELDS[column]]
        if other == employee:
            value += rng.choice((-3, -2, -1, 1, 2, 3))
        draft.set(clone, column, value)
        if rng.random() < 0.5 and draft.projects:
            draft.assign(clone, rng.choice(list(draft.projects)), rng)
    elif kind == "rank":  # more employees than the limit, maybe a tie where the limit cuts
        limit = form.limit or 3
        ranked = present or [employee]
        for _ in range(max(0, limit + rng.randint(1, 2) - len(ranked))):
            draft.clone(rng.choice(ranked[: limit + 1]))
        if rng.random() < 0.5 and len(ranked) >= limit:
            draft.clone(ranked[limit - 1])
