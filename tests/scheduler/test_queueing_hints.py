"""The queueing hints drakit models, one plugin at a time (pkg/scheduler/framework/plugins).

The feature scenarios (platform-SCHED-R02: taint-hints, fit-hint, node-delete,
other-event-registrations) show each hint through the scheduler's attempts; these tests pin
the hint functions' edge cases directly: a node added, a node updated both ways, a pod without
requests, the 1.34/1.35 difference of NodeResourcesFit's DRA delegation and class events.
"""

from __future__ import annotations

import pytest

from drakit.features import FeatureGates
from drakit.scheduler.cache import DRACache
from drakit.scheduler.noderesources import NodeResourcesFit
from drakit.scheduler.nodeselection import (
    affinity_change_may_help,
    taint_change_may_help,
    tolerates_unschedulable,
    unschedulable_change_may_help,
)


def _node(alloc: dict | None = None, taints: list | None = None, cordoned: bool = False) -> dict:
    spec: dict = {}
    if taints is not None:
        spec["taints"] = taints
    if cordoned:
        spec["unschedulable"] = True
    return {"metadata": {"name": "n1"}, "spec": spec,
            "status": {"allocatable": {"pods": "110", **(alloc or {})}}}


def _pod(requests: dict | None = None, tolerations: list | None = None) -> dict:
    c = {"name": "app", "image": "x"}
    if requests:
        c["resources"] = {"requests": requests, "limits": dict(requests)}
    spec: dict = {"containers": [c]}
    if tolerations:
        spec["tolerations"] = tolerations
    return {"metadata": {"name": "p", "uid": "u"}, "spec": spec}


GPU_TAINT = {"key": "example.com/dedicated", "value": "gpu", "effect": "NoSchedule"}


def test_taint_hint_wants_an_untolerated_taint_gone():
    pod = _pod()
    assert taint_change_may_help(pod, _node(taints=[GPU_TAINT]), _node(taints=[]))
    # the value changes, the taint stays untolerated
    assert not taint_change_may_help(pod, _node(taints=[GPU_TAINT]),
                                     _node(taints=[{**GPU_TAINT, "value": "fpga"}]))
    # PreferNoSchedule never blocks: a node added with it helps
    assert taint_change_may_help(pod, None, _node(taints=[{**GPU_TAINT, "effect": "PreferNoSchedule"}]))
    assert not taint_change_may_help(pod, None, _node(taints=[GPU_TAINT]))
    # a taint the pod tolerates now
    tolerant = _pod(tolerations=[{"key": "example.com/dedicated", "operator": "Exists"}])
    assert not taint_change_may_help(tolerant, _node(taints=[GPU_TAINT]), _node(taints=[GPU_TAINT]))


def test_affinity_hint_wants_a_node_that_matches_now_and_did_not_before():
    pod = {"metadata": {"name": "p"}, "spec": {"nodeSelector": {"zone": "b"},
                                                "containers": [{"name": "app", "image": "x"}]}}
    zone_b = {**_node(), "metadata": {"name": "n1", "labels": {"zone": "b"}}}
    zone_a = {**_node(), "metadata": {"name": "n1", "labels": {"zone": "a"}}}
    assert affinity_change_may_help(pod, None, zone_b)
    assert affinity_change_may_help(pod, zone_a, zone_b)
    assert not affinity_change_may_help(pod, zone_b, zone_b)
    assert not affinity_change_may_help(pod, None, zone_a)


def test_unschedulable_hint_wants_the_cordon_lifted():
    assert unschedulable_change_may_help(_pod(), _node(cordoned=True), _node())
    assert unschedulable_change_may_help(_pod(), None, _node())
    assert not unschedulable_change_may_help(_pod(), None, _node(cordoned=True))
    assert not unschedulable_change_may_help(_pod(), _node(cordoned=True), _node(cordoned=True, taints=[GPU_TAINT]))
    assert not unschedulable_change_may_help(_pod(), _node(), _node(taints=[GPU_TAINT]))
    assert tolerates_unschedulable(_pod(tolerations=[{"operator": "Exists"}]))
    assert not tolerates_unschedulable(_pod(tolerations=[{"key": "example.com/x", "operator": "Exists"}]))


def _fit(version: str, classes: list[dict] = ()) -> NodeResourcesFit:
    gates = FeatureGates(version, {"DRAExtendedResource": True})
    dra = DRACache(gates)
    for c in classes:
        dra.set_class(c, c["metadata"]["name"])
    return NodeResourcesFit(gates, dra)


GPU_CLASS = {"metadata": {"name": "gpu.example.com", "creationTimestamp": "2026-01-01T00:00:00Z"},
             "spec": {"extendedResourceName": "example.com/gpu"}}


def test_fit_node_hint_needs_a_node_that_could_hold_the_pod():
    fit = _fit("1.37")
    big = _pod({"cpu": "12"})
    assert not fit.node_change_may_help(big, None, _node({"cpu": "8"}))
    assert fit.node_change_may_help(big, None, _node({"cpu": "16"}))
    # an update must grow something the pod asks for
    assert not fit.node_change_may_help(big, _node({"cpu": "16"}), _node({"cpu": "16", "memory": "1Gi"}))
    assert fit.node_change_may_help(big, _node({"cpu": "16"}), _node({"cpu": "24"}))
    # more allowed pods always count, and a node that takes no pod never fits
    assert fit.node_change_may_help(_pod(), _node({"pods": "1"}), _node({"pods": "2"}))
    assert not fit.node_change_may_help(_pod(), None, _node({"pods": "0"}))
    # a pod without requests fits any node that takes a pod, but an update must add pods
    assert not fit.node_change_may_help(_pod(), _node({"cpu": "8"}), _node({"cpu": "16"}))
    # the parse is kept per node version: a new version of the node is read afresh
    small = _node({"cpu": "8"})
    small["metadata"]["resourceVersion"] = "5"
    assert not fit.node_change_may_help(big, None, small)
    grown = _node({"cpu": "16"})
    grown["metadata"]["resourceVersion"] = "6"
    assert fit.node_change_may_help(big, small, grown)


@pytest.mark.parametrize("version, mapped, expected", [
    ("1.37", True, True),    # a DRA-backed name the node reports as 0 is DynamicResources'
    ("1.37", False, False),  # no class maps it: 0 is simply too little
    ("1.34", True, False),   # 1.34's hint knows no classes and only skips unreported names
])
def test_fit_node_hint_leaves_dra_backed_names_to_dynamic_resources(version, mapped, expected):
    fit = _fit(version, [GPU_CLASS] if mapped else [])
    pod = _pod({"example.com/gpu": "1"})
    assert fit.node_change_may_help(pod, None, _node({"example.com/gpu": "0"})) is expected


def test_fit_node_hint_at_134_skips_an_unreported_name():
    fit = _fit("1.34")
    pod = _pod({"example.com/gpu": "1"})
    assert fit.node_change_may_help(pod, None, _node({}))
    assert not fit.node_change_may_help(pod, None, _node({"example.com/gpu": "0"}))


def test_fit_class_hint_reads_the_names_the_pod_requests():
    fit = _fit("1.37")
    explicit = _pod({"example.com/gpu": "1"})
    implicit = _pod({"deviceclass.resource.kubernetes.io/gpu.example.com": "1"})
    other = _pod({"example.com/fpga": "1"})
    assert fit.class_events
    assert fit.class_change_may_help(explicit, None, GPU_CLASS)
    assert fit.class_change_may_help(implicit, None, GPU_CLASS)
    assert not fit.class_change_may_help(other, None, GPU_CLASS)
    relabelled = {**GPU_CLASS, "metadata": {**GPU_CLASS["metadata"], "labels": {"a": "b"}}}
    assert not fit.class_change_may_help(explicit, GPU_CLASS, relabelled)
    # an update of the implicit class keeps its name: only a changed explicit name counts
    assert not fit.class_change_may_help(implicit, GPU_CLASS, relabelled)
    cleared = {**GPU_CLASS, "spec": {}}
    assert not fit.class_change_may_help(explicit, GPU_CLASS, cleared)
    assert fit.class_change_may_help(explicit, cleared, GPU_CLASS)


def test_fit_registers_class_events_from_135_only():
    assert not _fit("1.34").class_events
    assert _fit("1.35").class_events


@pytest.mark.parametrize("old, new, want", [
    # events.go extractNodeSpecUnschedulableChange: an uncordon is UpdateNodeTaint, a cordon is
    # nothing (no plugin's pods can fit better on a node that just turned unschedulable)
    (_node(cordoned=True), _node(), {"UpdateNodeTaint"}),
    (_node(), _node(cordoned=True), set()),
    # a cordoned node that stays cordoned: only what else changed
    (_node(cordoned=True), {**_node(cordoned=True), "metadata": {"name": "n1", "labels": {"a": "b"}}},
     {"UpdateNodeLabel"}),
    # extractNodeTaintsChange: any change of the taints
    (_node(taints=[]), _node(taints=[{"key": "k", "effect": "NoSchedule"}]), {"UpdateNodeTaint"}),
    (_node(taints=[{"key": "k", "effect": "NoSchedule"}]), _node(taints=[{"key": "k", "effect": "NoSchedule"}]),
     set()),
    (_node({"cpu": "1"}), _node({"cpu": "2"}), {"UpdateNodeAllocatable"}),
])
def test_a_node_update_is_the_events_upstreams_extractors_name(old, new, want):
    from drakit.scheduler.scheduler import _node_update_events

    assert _node_update_events(old, new) == want
