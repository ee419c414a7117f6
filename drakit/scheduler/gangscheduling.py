"""GangScheduling's PreEnqueue: a pod of a PodGroup waits until its PodGroup exists and, for
a gang policy, until minCount pods of the group exist.

Why: with the plugin on, a pod naming a PodGroup that is not there is never attempted; it
stays Pending without a PodScheduled condition or a FailedScheduling event (PreEnqueue
rejections are not reported to the API), and the PodGroup's creation brings it back. The
scheduler would otherwise bind it as an ungrouped pod, which a KEP-5729 scenario at 1.37
with GenericWorkload on must not see.

Enablement (kube-scheduler's default plugins): 1.36 adds the plugin with its own alpha gate
GangScheduling (off by default); 1.37 merged that gate into GenericWorkload
(kubernetes/kubernetes#139520), so GenericWorkload turns it on. 1.35 keyed the same check on
pod.spec.workloadRef and the Workload kind, which drakit's scheduler does not read: not
modelled there.

Upstream (pkg/scheduler/framework/plugins/gangscheduling, PreEnqueue and EventsToRegister;
1.36 read through its 1.37 successor): a missing PodGroup gives "waiting for pods's pod group
%q to appear in scheduling queue"; a basic policy passes; a gang policy passes once the
group's pod count reaches minCount ("waiting for minCount pods from a gang to appear in
scheduling queue"). Both are UnschedulableAndUnresolvable and only logged. A held pod comes
back on a pod of its group being added (scheduled or not), its PodGroup being added, and
from 1.37 its PodGroup's update that lowers a gang's minCount.

Not modelled: the pod-group scheduling cycle that places a gang all or nothing (1.37's
scheduleOnePodGroup, Permit waiting for the quorum). drakit attempts the pods of a group that
passed PreEnqueue one by one, which gives upstream's outcome for basic policies and for gangs
that fit whole; the pod count includes every pod of the group the scheduler knows (inferred:
PodGroupState.AllPodsCount)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from drakit.allocator.core import version_at_least
from drakit.claims import pod_group_name

NAME = "GangScheduling"


@dataclass(frozen=True)
class GroupEvent:
    """An event GangScheduling registers: a PodGroup added (``old`` None) or updated, or a
    pod of a group added (``kind`` "Pod", ``new`` the pod)."""
    kind: str
    namespace: str
    group: str
    old: Mapping[str, Any] | None
    new: Mapping[str, Any]


def _gang_min_count(pg: Mapping[str, Any] | None) -> int | None:
    policy = ((pg or {}).get("spec") or {}).get("schedulingPolicy") or {}
    gang = policy.get("gang") if isinstance(policy, Mapping) else None
    if not isinstance(gang, Mapping):
        return None
    mc = gang.get("minCount")
    return mc if isinstance(mc, int) else 0


class GangScheduling:
    name = NAME

    def __init__(self, version: str, gates: Any,
                 podgroups: Mapping[tuple[str, str], Mapping[str, Any]]) -> None:
        if version_at_least(version, "1.37"):
            self.enabled = gates.enabled("GenericWorkload")
        elif version == "1.36":
            self.enabled = gates.enabled("GangScheduling")
        else:
            self.enabled = False
        #: PodGroup updates are registered from 1.37 (a lower gang minCount)
        self.update_events = version_at_least(version, "1.37")
        self.podgroups = podgroups
        #: the pods the scheduler knows per (namespace, group): uid set
        self.members: dict[tuple[str, str], set[str]] = {}

    # ------------------------------------------------------------------ pod group state
    def pod_seen(self, pod: Mapping[str, Any]) -> GroupEvent | None:
        """A pod added or updated; its group's event when it is new to the group (the group
        is immutable on a pod, so only its first sight counts)."""
        group = pod_group_name(pod)
        if group is None:
            return None
        md = pod.get("metadata") or {}
        ns, uid = md.get("namespace") or "", md.get("uid") or ""
        members = self.members.setdefault((ns, group), set())
        if uid in members:
            return None
        members.add(uid)
        return GroupEvent("Pod", ns, group, None, pod)

    def pod_gone(self, pod: Mapping[str, Any]) -> None:
        group = pod_group_name(pod)
        if group is None:
            return
        md = pod.get("metadata") or {}
        key = (md.get("namespace") or "", group)
        members = self.members.get(key)
        if members is not None:
            members.discard(md.get("uid") or "")
            if not members:
                del self.members[key]

    # ------------------------------------------------------------------ PreEnqueue
    def pre_enqueue(self, pod: Mapping[str, Any]) -> str | None:
        """Why the pod may not enter the active queue, or None."""
        if not self.enabled:
            return None
        group = pod_group_name(pod)
        if group is None:
            return None
        ns = (pod.get("metadata") or {}).get("namespace") or ""
        pg = self.podgroups.get((ns, group))
        if pg is None:
            return f"waiting for pods's pod group {json.dumps(group)} to appear in scheduling queue"
        min_count = _gang_min_count(pg)
        if min_count is None:
            return None
        if len(self.members.get((ns, group), ())) < min_count:
            return "waiting for minCount pods from a gang to appear in scheduling queue"
        return None

    # ------------------------------------------------------------------ queueing hints
    def event_helps(self, pod: Mapping[str, Any], ev: GroupEvent) -> bool:
        """isSchedulableAfterPodAdded / PodGroupAdded / PodGroupUpdated for a pod this
        plugin holds (only an enabled plugin holds any)."""
        ns = (pod.get("metadata") or {}).get("namespace") or ""
        if (ns, pod_group_name(pod)) != (ev.namespace, ev.group):
            return False
        if ev.kind == "Pod" or ev.old is None:
            return True
        if not self.update_events:
            return False
        old_mc, new_mc = _gang_min_count(ev.old), _gang_min_count(ev.new)
        return old_mc is not None and new_mc is not None and new_mc < old_mc
