"""Which pod generation a status or a condition says it reflects (KEP-5067).

Why a module of its own: every component that writes a pod condition stamps it the same way
(k/k pkg/api/v1/pod/util.go ``CalculatePodConditionObservedGeneration`` and
``CalculatePodStatusObservedGeneration``), each with *its own* PodObservedGenerationTracking
gate (beta and on at 1.34, GA and locked on from 1.35), so the rule lives below the scheduler,
the controllers and the kubelet, as drakit.podrequests does for the pod footprint.

With the gate on, the value is the pod's ``metadata.generation``. With it off (only possible
at 1.34), a status or condition that already carries a non-zero value still gets the current
generation, so a component whose gate was turned off does not fight the API server, which
keeps an observedGeneration a status write leaves at 0 (preserveOldObservedGeneration).
Who does *not* stamp: the API server's pods/binding (BindingREST setPodNodeAndMetadata writes
PodScheduled True without it), its SchedulingGated condition on create
(applySchedulingGatedCondition), and the device-taint eviction controller's DisruptionTarget
(device_taint_eviction.go addConditionAndDeletePod, every stored revision up to the
resource.k8s.io/v1 one with DeviceTaintRule status), unlike the node taint manager's and
preemption's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

GATE = "PodObservedGenerationTracking"


def _generation(pod: Mapping[str, Any]) -> int:
    md = pod.get("metadata") if isinstance(pod.get("metadata"), Mapping) else {}
    gen = md.get("generation")
    return gen if isinstance(gen, int) and not isinstance(gen, bool) else 0


def status_observed_generation(pod: Mapping[str, Any], gate: bool) -> int:
    """CalculatePodStatusObservedGeneration: the pod's generation when the gate is on or its
    status already has an observedGeneration; 0 (not written) otherwise."""
    status = pod.get("status") if isinstance(pod.get("status"), Mapping) else {}
    if gate or status.get("observedGeneration"):
        return _generation(pod)
    return 0


def condition_observed_generation(status: Mapping[str, Any] | None, generation: int,
                                  condition_type: str, gate: bool) -> int:
    """CalculatePodConditionObservedGeneration: ``generation`` when the gate is on or a
    condition of that type in ``status`` (the status the writer started from) already has a
    non-zero observedGeneration; 0 (not written) otherwise."""
    if status is None:
        return 0
    if gate:
        return generation
    for c in status.get("conditions") or ():
        if isinstance(c, Mapping) and c.get("type") == condition_type and c.get("observedGeneration"):
            return generation
    return 0


def stamp_condition(condition: dict[str, Any], pod: Mapping[str, Any], gate: bool) -> dict[str, Any]:
    """``condition`` with the observedGeneration its writer gives it for ``pod`` (the pod the
    writer read: its status and generation); left out when that is 0, as Go's omitempty."""
    status = pod.get("status") if isinstance(pod.get("status"), Mapping) else {}
    gen = condition_observed_generation(status, _generation(pod), str(condition.get("type")), gate)
    if gen:
        condition["observedGeneration"] = gen
    else:
        condition.pop("observedGeneration", None)
    return condition


__all__ = ["GATE", "condition_observed_generation", "stamp_condition", "status_observed_generation"]
