"""Steps that check the reference's own self-check (features/platform-reference-self-check.feature).

Why: on the reference a passing scenario still fails when a component hit an internal error
or its informer-fed caches drifted from the stored objects (steps/integrity.py). That is what
lets a user trust a green verdict of the reference, so it must itself be shown to work: these
steps make a component's cache drift behind its back, or store an object past validation,
and read what the self-check and the failure records say, through the Backend's
``reference-internals`` methods (a live cluster raises Unsupported).

Lines are compared exactly. Values the server assigns (uids, resourceVersions) are written
as ``<uid of Pod "p">`` / ``<resourceVersion of Pod "p">`` and read from the stored object
when the step runs. A failure record reads
``<component>: <Kind> <namespace/name>: <reason>: <message> (attempt <n>)``; the location
in drakit that ``describe`` appends to an internal error's message ("(at drakit/...:<line>)",
for a bug report) is left out, since it moves with every edit of that file; " ... " in an
expected line stands for any text.
"""

from __future__ import annotations

import re

from pytest_bdd import parsers, then, when

from .common import get_obj, parse_yaml_all
from .world import World

_PLACEHOLDER = re.compile(r'<(?P<field>uid|resourceVersion) of (?P<kind>\w+) "(?P<name>[^"]+)">')
_LOCATION = re.compile(r" \(at drakit/[^()]*:\d+\)")


def _expected_lines(world: World, docstring: str) -> list[str]:
    def value(m: re.Match) -> str:
        return str(get_obj(world, m["kind"], m["name"])["metadata"].get(m["field"]))

    return [_PLACEHOLDER.sub(value, line.strip()) for line in docstring.splitlines()
            if line.strip()]


def record_line(e: dict) -> str:
    ref = f"{e['namespace']}/{e['name']}" if e.get("namespace") else e.get("name") or "<unnamed>"
    what = f"{e['kind']} {ref}" if e.get("kind") else "(the whole component)"
    message = _LOCATION.sub("", e.get("message") or "")
    return f"{e['component']}: {what}: {e['reason']}: {message} (attempt {e['attempts']})"


def _matches(expected: str, actual: str) -> bool:
    if " ... " not in expected:
        return expected == actual
    return re.fullmatch(".+".join(re.escape(p) for p in expected.split(" ... ")), actual) is not None


def _compare(world: World, what: str, expected: list[str], actual: list[str]) -> None:
    """The lines, in any order, one for one; "..." in an expected line stands for any text
    (a Python exception's wording, which differs with the code path a release takes)."""
    world.observe(what, expected, actual)
    extra = list(actual)
    missing = []
    for line in expected:
        hit = next((a for a in extra if _matches(line, a)), None)
        if hit is None:
            missing.append(line)
        else:
            extra.remove(hit)
    if missing or extra:
        raise AssertionError(f"{what}: missing {missing}, unexpected {extra}")


# ---------------------------------------------------------------------------- when

@when(parsers.re(r'"(?P<component>[^"]+)" (?P<change>forgets the dependents of|'
                 r'forgets the allocation of|forgets everything it knows of|forgets it is to schedule|'
                 r'drops from its queue|drops from its per-node slice lists|'
                 r'forgets the device plugin devices of|misses the last update of|forgets|keeps polling) '
                 r'the (?P<kind>\w+) '
                 r'"(?P<name>[^"]+)" behind its back$'))
def when_cache_drifts(world: World, component: str, change: str, kind: str, name: str) -> None:
    """One component's cache changes with no watch event and nothing stored changing: the
    drift a bug in its incremental updates would leave."""
    world.b.drift_component_cache(component, change, kind, name)


@when(parsers.re(r'a drakit bug makes "(?P<component>[^"]+)" raise in its (?P<where>[\w ]+?) '
                 r'(?:once|the next (?P<times>\d+) times)$'))
def when_bug_injected(world: World, component: str, where: str, times: str | None) -> None:
    """The exception a drakit bug would raise in that place of the component, on its next
    calls: what the component's guard records, and that the component goes on, is what the
    scenario then checks (the record is one of the reference's internal errors)."""
    world.b.inject_bug(component, where, int(times or 1))


@when("an object is stored past validation:")
def when_stored_past_validation(world: World, docstring: str) -> None:
    """Stored as it is (an older release, a bug or a direct etcd write left it so), then the
    components settle."""
    for obj in parse_yaml_all(docstring):
        if obj:
            world.b.store_past_validation(obj)


# ---------------------------------------------------------------------------- then

@then("the reference's self-check reports:")
def then_self_check_reports(world: World, docstring: str) -> None:
    """What the comparers report once the components have taken in every event (a comparer
    with events still to take in holds off, which would make "reports nothing" vacuous)."""
    world.b.settle()
    _compare(world, "the reference's self-check", _expected_lines(world, docstring),
             world.b.cache_mismatches())


@then("the reference's self-check reports nothing")
def then_self_check_clean(world: World) -> None:
    world.b.settle()  # as above: a comparer with events to take in would say nothing
    _compare(world, "the reference's self-check", [], world.b.cache_mismatches())


@then("the reference's self-check, with events still to take in, reports nothing")
def then_self_check_holds_off(world: World) -> None:
    """Without settling first: the comparers of components with events still to take in
    hold off (what a scenario about that holding off checks)."""
    _compare(world, "the reference's self-check", [], world.b.cache_mismatches())


@then("the reference lists these component errors:")
def then_component_errors(world: World, docstring: str) -> None:
    _compare(world, "the components' failure records", _expected_lines(world, docstring),
             [record_line(e) for e in world.b.component_errors()])


@then("the reference lists no component errors")
def then_no_component_errors(world: World) -> None:
    _compare(world, "the components' failure records", [],
             [record_line(e) for e in world.b.component_errors()])


@then("the reference's components hit these internal errors, each caused on purpose:")
def then_internal_errors(world: World, docstring: str) -> None:
    """Exactly these internal errors so far, which are then forgotten: the scenario stored
    the data that caused them on purpose and has checked each one, so the run-integrity
    check (steps/conftest.py) must not fail it for them; any other internal error (one this
    step did not expect, or one after it) still fails the scenario."""
    _compare(world, "the reference's internal errors", _expected_lines(world, docstring),
             [record_line(e) for e in world.b.take_internal_errors()])
