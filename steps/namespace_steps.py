"""Steps about namespaces: working inside one, its termination, its finalize subresource.

A namespace deletion is asynchronous on every cluster (the namespace controller empties it
first), so the steps that look at its progress wait for the state they name instead of
reading once: on the reference "waiting" is settling, on a live cluster it is polling up to
the backend's wait timeout.
"""

from __future__ import annotations

import json

import yaml
from pytest_bdd import given, parsers, then, when

from . import expect
from .backends.base import ApiError
from .common import get_obj, parse_yaml, try_write
from .world import World


@given(parsers.re(r'I work in the namespace "(?P<ns>[^"]+)"'))
@when(parsers.re(r'I work in the namespace "(?P<ns>[^"]+)"'))
def work_in_namespace(world: World, ns: str) -> None:
    world.b.use_namespace(ns)


@when("I work in the scenario namespace")
def work_in_scenario_namespace(world: World) -> None:
    world.b.use_namespace(None)


def _finalizers(text: str) -> list[str]:
    return [f.strip() for f in text.split(",") if f.strip()]


@when(parsers.re(r'I finalize the Namespace "(?P<name>[^"]+)" '
                 r'(?:with the finalizers "(?P<fins>[^"]*)"|with no finalizers)$'))
def when_finalize(world: World, name: str, fins: str | None) -> None:
    """PUT namespaces/<name>/finalize with the namespace as read and these spec.finalizers."""
    ns = get_obj(world, "Namespace", name)
    ns.setdefault("spec", {})["finalizers"] = _finalizers(fins or "")
    try_write(world, lambda: world.b.update(ns, subresource="finalize"))


@then(parsers.re(r'the Namespace "(?P<name>[^"]+)" is gone(?P<now>, with no more time passing)?$'))
def then_namespace_gone(world: World, name: str, now: str | None = None) -> None:
    """Gone once the deleter has looked again; ", with no more time passing" pins the moment:
    the reference's logical clock stays where the scenario put it (the deleter's poll is due
    exactly then), where otherwise the wait lets time pass up to a minute."""
    def gone() -> bool:
        try:
            world.b.get("Namespace", name)
        except ApiError as e:
            if e.code == 404:
                return True
            raise
        return False

    try:
        # the deleter looks at what is left again after its estimate (estimate/2 + 1 s), not
        # when the content changes: time has to pass for the namespace to go
        world.b.wait_for(f"the Namespace {name} to be gone", gone, time_passes=not now)
        ok = True
    except AssertionError:
        ok = False
    if not ok or not gone():
        ns = get_obj(world, "Namespace", name)
        world.observe(f"Namespace {name} is gone", "gone", ns.get("status"), [ns])
        raise AssertionError(f"Namespace {name!r} still exists:\n"
                             + yaml.safe_dump(ns.get("status"), sort_keys=False))
    world.observe(f"Namespace {name} is gone", "gone", "gone")


def _by_type(obj: dict) -> dict:
    """status.conditions sorted by type: the API does not order them."""
    status = obj.get("status") if isinstance(obj, dict) else None
    if isinstance(status, dict) and isinstance(status.get("conditions"), list):
        obj = {**obj, "status": {**status, "conditions": sorted(
            status["conditions"], key=lambda c: str((c or {}).get("type")))}}
    return obj


@then(parsers.re(r'the Namespace "(?P<name>[^"]+)" comes to contain:'))
def then_namespace_contains(world: World, name: str, docstring: str) -> None:
    """Wait until the namespace contains the YAML (conditions matched by type, in any order;
    their lastTransitionTime is not compared)."""
    expected = _by_type(parse_yaml(docstring))
    last: dict = {}

    def matches() -> bool:
        nonlocal last
        last = _by_type(get_obj(world, "Namespace", name))
        return not expect.contains(last, expected)

    try:
        world.b.wait_for(f"the Namespace {name} to contain the expected state", matches,
                         time_passes=True)  # the deleter writes its conditions on its polls
    except AssertionError:
        pass
    diffs = expect.contains(last, expected)
    world.observe(f"Namespace {name} contains", expected, last, [last])
    if diffs:
        raise AssertionError(f"Namespace {name!r} differs:\n  " + "\n  ".join(diffs)
                             + "\nfound:\n" + json.dumps(last.get("status"), indent=1))
