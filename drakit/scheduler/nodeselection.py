"""Node-selection filters: NodeUnschedulable, TaintToleration, NodeAffinity.

Why in drakit at all: DRA scenarios put nodes aside with taints and labels, and the "0/N
nodes are available" message counts those nodes with the upstream reasons; the messages are
the upstream constants (pkg/scheduler/framework/plugins/{nodeunschedulable,tainttoleration,
nodeaffinity}). All are UnschedulableAndUnresolvable. Upstream's NodeName filter is left out:
a pod with spec.nodeName is bound when it is created and never reaches a scheduling cycle
(it matters upstream only for simulations such as preemption and the cluster autoscaler).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drakit.api.meta import node_selector_matches
from drakit.scheduler.framework import CycleState, Plugin, Status, success, unschedulable

ERR_UNSCHEDULABLE = "node(s) were unschedulable"
ERR_AFFINITY = "node(s) didn't match Pod's node affinity/selector"
UNSCHEDULABLE_TAINT = "node.kubernetes.io/unschedulable"


def tolerates(tol: Mapping[str, Any], taint: Mapping[str, Any]) -> bool:
    """v1.Toleration.ToleratesTaint."""
    if tol.get("effect") and tol.get("effect") != taint.get("effect"):
        return False
    if tol.get("key") and tol.get("key") != taint.get("key"):
        return False
    op = tol.get("operator") or "Equal"
    if op == "Exists":
        return True
    return (tol.get("value") or "") == (taint.get("value") or "")


def has_untolerated_taint(pod: Mapping[str, Any], node: Mapping[str, Any]) -> bool:
    """v1helper.FindMatchingUntoleratedTaint over the NoSchedule and NoExecute taints
    (helper.DoNotScheduleTaintsFilterFunc): what TaintToleration's Filter refuses."""
    tols = (pod.get("spec") or {}).get("tolerations") or ()
    return any(t.get("effect") in ("NoSchedule", "NoExecute")
               and not any(tolerates(tol, t) for tol in tols)
               for t in (node.get("spec") or {}).get("taints") or ())


def affinity_change_may_help(pod: Mapping[str, Any], old: Mapping[str, Any] | None,
                             new: Mapping[str, Any]) -> bool:
    """NodeAffinity's queueing hint isSchedulableAfterNodeChange: the added or updated node
    matches the pod's node selector and required affinity now, and did not before."""
    return required_node_affinity_matches(pod, new) and \
        (old is None or not required_node_affinity_matches(pod, old))


def taint_change_may_help(pod: Mapping[str, Any], old: Mapping[str, Any] | None,
                          new: Mapping[str, Any]) -> bool:
    """TaintToleration's queueing hint isSchedulableAfterNodeChange: the pod had an
    untolerated taint on the node before (a new node counts as one) and has none now."""
    was = True if old is None else has_untolerated_taint(pod, old)
    return was and not has_untolerated_taint(pod, new)


def unschedulable_change_may_help(pod: Mapping[str, Any], old: Mapping[str, Any] | None,
                                  new: Mapping[str, Any]) -> bool:
    """NodeUnschedulable's queueing hint isSchedulableAfterNodeChange: a node added
    schedulable, or one whose spec.unschedulable went from true to false."""
    if (new.get("spec") or {}).get("unschedulable"):
        return False
    return old is None or bool((old.get("spec") or {}).get("unschedulable"))


def tolerates_unschedulable(pod: Mapping[str, Any]) -> bool:
    """The pod tolerates node.kubernetes.io/unschedulable:NoSchedule, and so a cordon."""
    taint = {"key": UNSCHEDULABLE_TAINT, "effect": "NoSchedule"}
    return any(tolerates(t, taint) for t in (pod.get("spec") or {}).get("tolerations") or ())


class NodeUnschedulable(Plugin):
    name = "NodeUnschedulable"

    def filter(self, state: CycleState, pod: dict, node_info: Any) -> Status:
        if not (node_info.node.get("spec") or {}).get("unschedulable") or tolerates_unschedulable(pod):
            return success()
        return unschedulable(ERR_UNSCHEDULABLE, unresolvable=True)


class TaintToleration(Plugin):
    name = "TaintToleration"

    def filter(self, state: CycleState, pod: dict, node_info: Any) -> Status:
        if has_untolerated_taint(pod, node_info.node):
            # no key or value in the reason since kubernetes#134740 (1.35; 1.34 from its
            # patch release with #135023): taints may be sensitive, only logs name them
            return unschedulable("node(s) had untolerated taint(s)", unresolvable=True)
        return success()


def required_node_affinity_matches(pod: Mapping[str, Any], node: Mapping[str, Any]) -> bool:
    """nodeaffinity.GetRequiredNodeAffinity(pod).Match(node): the pod's nodeSelector and its
    required node affinity terms."""
    spec = pod.get("spec") or {}
    sel = spec.get("nodeSelector")
    if sel:
        labels = (node.get("metadata") or {}).get("labels") or {}
        if any(labels.get(k) != v for k, v in sel.items()):
            return False
    req = (((spec.get("affinity") or {}).get("nodeAffinity") or {})
           .get("requiredDuringSchedulingIgnoredDuringExecution"))
    return not req or node_selector_matches(node, req)


class NodeAffinity(Plugin):
    name = "NodeAffinity"

    def filter(self, state: CycleState, pod: dict, node_info: Any) -> Status:
        if not required_node_affinity_matches(pod, node_info.node):
            return unschedulable(ERR_AFFINITY, unresolvable=True)
        return success()
