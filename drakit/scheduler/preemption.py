"""DefaultPreemption's PostFilter message (no eviction).

Why only the message: drakit's scenarios never rely on preemption, but a live scheduler
always runs DefaultPreemption after a failed Filter and appends its verdict to the
PodScheduled message ("preemption: 0/N nodes are available: ..."). Reproducing that text
keeps the reference's messages comparable with a cluster's. Nodes rejected as
UnschedulableAndUnresolvable are "Preemption is not helpful for scheduling"; the others
would need victims of lower priority, which drakit does not evict, so they report
"No preemption victims found for incoming pod" when no lower-priority pod exists there.
"""

from __future__ import annotations

from collections.abc import Mapping

from drakit.scheduler.framework import (
    UNRESOLVABLE,
    UNSCHEDULABLE,
    CycleState,
    FitError,
    Plugin,
    Status,
)

NOT_HELPFUL = "Preemption is not helpful for scheduling"
NO_VICTIMS = "No preemption victims found for incoming pod"


def eligible(pod: Mapping) -> bool:
    """PodEligibleToPreemptOthers as far as drakit can tell: not with preemptionPolicy Never
    (drakit evicts nothing, so no nominated node holds a pod terminating by preemption)."""
    return (pod.get("spec") or {}).get("preemptionPolicy") != "Never"


class DefaultPreemption(Plugin):
    name = "DefaultPreemption"

    def post_filter(self, state: CycleState, pod: dict, statuses: Mapping[str, Status],
                    num_nodes: int) -> Status:
        if not eligible(pod):
            # PodEligibleToPreemptOthers' reason; PostFilter prefixes every message of the
            # evaluator with "preemption: " (k/k defaultpreemption PostFilter)
            return Status(UNSCHEDULABLE, ["preemption: not eligible due to preemptionPolicy=Never."])
        per_node: dict[str, Status] = {}
        for name, st in statuses.items():
            per_node[name] = Status(UNRESOLVABLE, [NOT_HELPFUL]) if st.code == UNRESOLVABLE \
                else Status(UNSCHEDULABLE, [NO_VICTIMS])
        # every node has a status: no PreFilter narrows the nodes (PreFilterResult), so
        # upstream's "not helpful" for nodes without one never applies
        fe = FitError(num_nodes, per_node)
        # this inner FitError ends in "."; the outer one adds none after PostFilter messages
        return Status(UNSCHEDULABLE, [f"preemption: {fe}"])
