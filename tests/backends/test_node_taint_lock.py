"""The node-taint lock of parallel cluster runs: a scenario that taints or cordons one of its
nodes holds it until its nodes are gone, so no two scenarios' tainted nodes meet in one
"0/N nodes are available" message (isolation.fit_message cannot tell them apart)."""

from __future__ import annotations

import threading
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from steps.backends.base import EnvironmentFailure
from steps.backends.cluster import (
    FAKE_NODE_TAINT,
    NODE_TAINT_LOCK_SUFFIX,
    ClusterBackend,
    NodeTaintLock,
    Options,
    Session,
    taints_or_cordons,
)


@pytest.mark.parametrize(("body", "expected"), [
    ({"spec": {"taints": [{"key": "k", "effect": "NoSchedule"}]}}, True),
    ({"spec": {"taints": [{"key": "k", "value": "v", "effect": "NoExecute"}]}}, True),
    ({"spec": {"unschedulable": True}}, True),
    # only scores, so no Filter reason
    ({"spec": {"taints": [{"key": "k", "effect": "PreferNoSchedule"}]}}, False),
    # the harness's own taint, which every scenario pod tolerates
    ({"spec": {"taints": [dict(FAKE_NODE_TAINT)]}}, False),
    ({"spec": {"unschedulable": False, "taints": []}}, False),
    ({"metadata": {"labels": {"a": "b"}}}, False),
    ({"status": {"allocatable": {"cpu": "1"}}}, False),
    ([{"op": "add", "path": "/spec/taints/-", "value": {"key": "k"}}], True),
    ([{"op": "replace", "path": "/spec/unschedulable", "value": True}], True),
    ([{"op": "add", "path": "/metadata/labels/a", "value": "b"}], False),
    (None, False),
])
def test_a_write_taints_or_cordons_only_with_a_hard_taint_or_the_cordon(body, expected):
    assert taints_or_cordons(body) is expected


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                     lambda c: st.lists(c, max_size=3)
                     | st.dictionaries(st.text(max_size=8), c, max_size=3), max_leaves=12)


@given(_json)
def test_any_write_body_is_read_without_an_exception(body):
    assert taints_or_cordons(body) in (True, False)


def test_a_second_holder_waits_and_times_out_with_an_environment_failure(tmp_path):
    path = str(tmp_path / "run.lock.node-taints")
    first = NodeTaintLock(path)
    started = time.monotonic()
    with pytest.raises(EnvironmentFailure, match="kept a tainted or cordoned node"):
        NodeTaintLock(path, timeout=0.3)
    assert 0.3 <= time.monotonic() - started < 5
    first.release()
    NodeTaintLock(path, timeout=0.3).release()  # free again


def _backend(server) -> ClusterBackend:
    return ClusterBackend(options=Options(kubeconfig=server["kubeconfig"], settle_quiet=0.05,
                                          wait_timeout=5))


def test_a_scenario_that_taints_its_node_waits_for_the_one_that_did_until_it_ends(
        server, tmp_path, monkeypatch):
    monkeypatch.setenv("DRAKIT_RUN_LOCK", str(tmp_path / "run.lock"))
    Session._sessions.clear()
    a, b = _backend(server), _backend(server)
    a.start_scenario("taints first", "1.37", {})
    b.start_scenario("taints second", "1.37", {})
    done: list[str] = []
    try:
        a.add_node("n1")
        b.add_node("n1")
        b.patch("Node", "n1", {"metadata": {"labels": {"zone": "a"}}})  # no taint: no wait
        a.patch("Node", "n1", {"spec": {"taints": [{"key": "k", "effect": "NoSchedule"}]}})
        t = threading.Thread(target=lambda: done.append(b.patch(
            "Node", "n1", {"spec": {"unschedulable": True}})["metadata"]["name"]))
        t.start()
        time.sleep(0.5)
        assert done == []  # b's cordon waits while a's tainted node exists
        a.end_scenario()
        t.join(10)
        assert len(done) == 1
    finally:
        a.end_scenario()
        b.end_scenario()
    assert (tmp_path / ("run.lock" + NODE_TAINT_LOCK_SUFFIX)).exists()
    NodeTaintLock(str(tmp_path / ("run.lock" + NODE_TAINT_LOCK_SUFFIX)), timeout=0.3).release()
