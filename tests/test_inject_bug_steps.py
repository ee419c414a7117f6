"""The reference backend's injected drakit bugs: a bug that is never hit fails the scenario
(through internal_errors, which steps/conftest.py turns into a failure), the number of calls
is bounded, an unknown place or component is the scenario's mistake with the places listed,
and a bug raises only on its armed calls (batches only, for "handling of event batches")."""

from __future__ import annotations

import pytest

from drakit.apiserver import WatchEvent
from steps.backends.reference import ReferenceBackend
from steps.world import World


def _world() -> World:
    world = World(backend=ReferenceBackend(), scenario="inject", version="1.37")
    world.b.add_node("n1")
    return world


def test_a_bug_never_hit_is_a_finding():
    world = _world()
    world.b.inject_bug("garbage-collector", "collection", 2)
    assert world.b.injected_bugs_pending() == ["garbage-collector's collection (2 more)"]
    assert ("an injected drakit bug was never hit: garbage-collector's collection (2 more)"
            in world.b.internal_errors())


@pytest.mark.parametrize("times", [0, -1, ReferenceBackend.MAX_BUG_CALLS + 1])
def test_the_number_of_calls_is_bounded(times):
    with pytest.raises(ValueError, match="1 to 100 calls"):
        _world().b.inject_bug("kube-scheduler", "binding cycle", times)


def test_an_unknown_place_names_the_places_of_that_component():
    with pytest.raises(AssertionError, match=r"no place 'relist' in kube-scheduler .*"
                       r"one of: Unreserve, binding cycle, scheduling cycle\)"):
        _world().b.inject_bug("kube-scheduler", "relist", 1)
    with pytest.raises(AssertionError, match="one of: cleanup, pod sync, sync loop"):
        _world().b.inject_bug("kubelet/n1", "collection", 1)


def test_an_unknown_component_or_node():
    with pytest.raises(AssertionError, match="no running component 'kubelet/n9'"):
        _world().b.inject_bug("kubelet/n9", "sync loop", 1)
    with pytest.raises(AssertionError, match="no running component 'nosuch-controller'"):
        _world().b.inject_bug("nosuch-controller", "event handling", 1)


def test_every_controller_offers_event_handling():
    world = _world()
    world.b.inject_bug("deployment-controller", "event handling", 1)
    assert world.b.injected_bugs_pending() == ["deployment-controller's event handling (1 more)"]


def test_a_batch_bug_spares_single_events_and_then_behaves():
    world = _world()
    world.b.inject_bug("resourceclaim-controller", "handling of event batches", 1)
    rcc = next(x for x in world.b.c.components if x.name == "resourceclaim-controller")
    node = world.b.get("Node", "n1")
    one = [WatchEvent("ADDED", "Node", node, 1)]
    assert rcc.handle(one) is not None  # one event: the bug waits
    with pytest.raises(RuntimeError, match="drakit bug injected into resourceclaim-controller's "
                                           "handling of event batches"):
        rcc.handle(one * 2)
    assert world.b.injected_bugs_pending() == []
    rcc.handle(one * 2)  # armed once: the next batch goes through
