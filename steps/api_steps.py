"""API-area steps: partial cause matching, locked gates, status writes from a built manifest,
and the pod /resize subresource.

Why partial matching: some Kubernetes errors carry a value that is rendered from a Go struct
(``spec.resourceClaims[0]: Invalid value: {...}: must specify one of ...``) or a long generated
diff (``spec: Forbidden: pod updates may not change fields other than ...``). The scenario then
pins the field path, the cause reason and the fixed part of the message, never "some error".
"""

from __future__ import annotations

import copy

from pytest_bdd import given, parsers, then, when

from . import paths
from .backends.base import ApiError, Unsupported
from .common import cause_lines, get_obj, parse_yaml, require_error, scalar, try_write
from .world import World

# ---------------------------------------------------------------------------- given

@given(parsers.re(r'the list "(?P<path>[^"]+)" is filled to (?P<n>\d+) items from its first '
                  r'item with a unique "(?P<key>[^"]+)"'))
def given_fill_list_unique(world: World, path: str, n: str, key: str) -> None:
    """Like the plain fill, but the string field ``key`` of copy i gets the suffix ``-i``
    (e.g. reservedFor entries that need distinct ``uid`` values)."""
    obj = world.pending
    if obj is None:
        raise AssertionError("no manifest yet: start with 'Given a <Kind> manifest:'")
    lst = paths.lookup(obj, path)
    if not isinstance(lst, list) or not lst:
        raise AssertionError(f"{path} is not a non-empty list in the manifest")
    first = lst[0]
    out = []
    for i in range(int(n)):
        item = copy.deepcopy(first)
        if i:
            for k in {key, "name"}:
                if isinstance(item, dict) and isinstance(item.get(k), str):
                    item[k] = f"{item[k]}-{i}"
        out.append(item)
    paths.assign(obj, path, out)


# ---------------------------------------------------------------------------- when

@when(parsers.re(r'I write the manifest status to the (?P<kind>\w+) "(?P<name>[^"]+)"'))
def when_write_status(world: World, kind: str, name: str) -> None:
    """PUT the status subresource: the stored object with ``status`` taken from the manifest
    built by the Given-steps (for lists too long to write inline)."""
    if world.pending is None or "status" not in world.pending:
        raise AssertionError("the prepared manifest has no status")
    obj = get_obj(world, kind, name)
    obj["status"] = copy.deepcopy(world.pending["status"])
    try_write(world, lambda: world.b.update(obj, subresource="status"))


@when(parsers.re(r'I set "(?P<path>[^"]+)" of the (?P<kind>\w+) "(?P<name>[^"]+)" in a status write to '
                 r'(?P<value>.+)'))
def when_set_in_status_write(world: World, path: str, kind: str, name: str, value: str) -> None:
    """PUT the status subresource of the stored object with one field changed (any field, so
    that what a status write does with metadata can be asked)."""
    obj = get_obj(world, kind, name)
    paths.assign(obj, path, scalar(value))
    try_write(world, lambda: world.b.update(obj, subresource="status"))


@when(parsers.re(r'I patch the (?P<kind>\w+) "(?P<name>[^"]+)" (?P<sub>resize) subresource with:'))
def when_patch_subresource(world: World, kind: str, name: str, sub: str, docstring: str) -> None:

    patch = parse_yaml(docstring)
    try_write(world, lambda: world.b.patch(kind, name, patch, subresource=sub))


# ---------------------------------------------------------------------------- then

def _causes(err: ApiError) -> list[dict]:
    return [{"field": c.get("field", ""), "reason": c.get("reason", ""),
             "message": c.get("message", "")} for c in err.causes]


@then(parsers.re(r'the request is rejected with a cause at "(?P<field>[^"]*)" of reason '
                 r'"(?P<reason>\w+)" whose message (?P<how>starts with|ends with|contains) '
                 r'"(?P<text>.*)"$'))
def then_cause_partial(world: World, field: str, reason: str, how: str, text: str) -> None:
    err = require_error(world)
    have = _causes(err)
    test = {"starts with": str.startswith, "ends with": str.endswith,
            "contains": str.__contains__}[how]
    world.observe(f'cause at {field} ({reason}) {how} "{text}"',
                  {"field": field, "reason": reason, how: text}, have)
    if not any(c["field"] == field and c["reason"] == reason and test(c["message"], text)
               for c in have):
        raise AssertionError(f"no {reason} cause at {field!r} whose message {how} {text!r}; "
                             "the server said:\n  " + "\n  ".join(cause_lines(err) or
                                                                   [err.message]))


@then(parsers.re(r'the request is rejected with a cause whose message contains "(?P<text>.*)"$'))
def then_cause_contains(world: World, text: str) -> None:
    err = require_error(world)
    lines = cause_lines(err)
    world.observe(f'a cause contains "{text}"', text, lines)
    if not any(text in line for line in lines):
        raise AssertionError(f"no cause mentions {text!r}; the server said:\n  "
                             + "\n  ".join(lines or [err.message]))


@then(parsers.re(r"the feature gate (?P<gate>\w+) cannot be (?P<state>enabled|disabled)"))
def then_gate_locked(world: World, gate: str, state: str) -> None:
    """A gate locked to its default refuses the change, and stays as it was."""
    want = state == "enabled"
    before = world.b.gate_enabled(gate)
    refused = False
    try:
        world.b.set_feature_gates({gate: want})
    except Unsupported:
        refused = True
    after = world.b.gate_enabled(gate)
    world.observe(f"gate {gate} cannot be {state}", {"refused": True, "enabled": before},
                  {"refused": refused, "enabled": after})
    assert refused, f"the feature gate {gate} accepted being {state}"
    assert after == before, f"the feature gate {gate} changed to {after} although refused"
