"""Steps about one field of named conditions: ``the Ready and PodScheduled conditions of the
Pod "p" have "observedGeneration" equal to 2``.

Why these sentences: a pod's conditions are written by different components (the scheduler,
the kubelet, eviction controllers), each stamping its own (KEP-5067 observedGeneration), and
their order in ``status.conditions`` is nobody's promise, so a scenario names them by type,
never by index. Like every step module they speak Kubernetes objects through the Backend
protocol only.
"""

from __future__ import annotations

import re

from pytest_bdd import parsers, then

from . import expect
from .common import get_obj, scalar
from .world import World

_TYPES = r"the (?P<ctypes>[\w./-]+(?:(?:, | and )[\w./-]+)*)"


def _types(text: str) -> list[str]:
    return [t for t in re.split(r", | and ", text) if t]


def _conditions(world: World, kind: str, name: str, ctypes: list[str]) -> tuple[dict, dict]:
    world.b.settle()
    obj = get_obj(world, kind, name)
    conds = [c for c in (obj.get("status") or {}).get("conditions") or () if isinstance(c, dict)]
    return obj, {t: next((c for c in conds if c.get("type") == t), None) for t in ctypes}


@then(parsers.re(_TYPES + r' conditions? of the (?P<kind>\w+) "(?P<name>[^"]+)" (?:has|have) '
                 r'"(?P<field>\w+)" equal to (?P<value>.+)$'))
def then_conditions_field(world: World, ctypes: str, kind: str, name: str, field: str,
                          value: str) -> None:
    """Each named condition exists and has ``value`` in ``field``."""
    types = _types(ctypes)
    expected = scalar(value)
    obj, found = _conditions(world, kind, name, types)
    actual = {t: (c or {}).get(field) for t, c in found.items()}
    world.observe(f"{kind} {name} conditions {field}", {t: expected for t in types}, actual, [obj])
    missing = [t for t, c in found.items() if c is None]
    assert not missing, f"{kind} {name!r} has no {', '.join(missing)} condition: {found!r}"
    wrong = {t: v for t, v in actual.items() if v is None or expect.equal(v, expected)}
    assert not wrong, f"{kind} {name!r} conditions whose {field} is not {value}: {wrong}"


@then(parsers.re(_TYPES + r' conditions? of the (?P<kind>\w+) "(?P<name>[^"]+)" (?:has|have) no '
                 r'"(?P<field>\w+)"$'))
def then_conditions_no_field(world: World, ctypes: str, kind: str, name: str, field: str) -> None:
    """Each named condition exists and leaves ``field`` out (Go's omitempty of a zero value)."""
    types = _types(ctypes)
    obj, found = _conditions(world, kind, name, types)
    actual = {t: (c or {}).get(field) for t, c in found.items()}
    world.observe(f"{kind} {name} conditions without {field}", {t: None for t in types}, actual,
                  [obj])
    missing = [t for t, c in found.items() if c is None]
    assert not missing, f"{kind} {name!r} has no {', '.join(missing)} condition: {found!r}"
    having = {t: v for t, v in actual.items() if v not in (None, 0)}
    assert not having, f"{kind} {name!r} conditions that still have {field}: {having}"
