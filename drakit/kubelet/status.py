"""The status a kubelet writes for a pod it admitted: waiting for its sandbox, running, or
stopped after its deletion (its terminal phase).

Upstream's kubelet builds a pod's status in SyncPod before it calls the container runtime
(k/k pkg/kubelet/kubelet_pods.go ``generateAPIPodStatus``, handed to the status manager's
``SetPodStatus``); the runtime's SyncPod then prepares the pod's DRA claims before it creates
the sandbox, so a pod whose prepare fails shows the kubelet's Pending status: no container has
been created, every one waits. drakit's kubelet writes that status when a prepare fails, and
the running one when the pod starts; both come from :func:`pod_status`.

What it follows (read in the upstream versions at hand: a kubelet_pods.go of the 1.35+ era,
a generate.go with per-condition observedGeneration, 1.33+, and a status_manager.go; the parts
used here read the same in each, so drakit takes them for 1.34 to 1.37 alike):

* conditions (``pkg/kubelet/status/generate.go``): ``PodReadyToStartContainers`` (only with
  the kubelet's gate PodReadyToStartContainersCondition: beta and on at 1.34-1.36, GA at 1.37)
  False until the sandbox exists, no reason; ``Initialized`` True without init containers,
  else False ``ContainersNotInitialized`` "containers with incomplete status: [a b]";
  ``Ready`` and ``ContainersReady`` False ``ContainersNotReady`` "containers with unready
  status: [a b]" (restartable init containers, then the containers, in spec order; Go's %s of
  a []string); ``PodScheduled`` True. Running: all True, no reason or message;
* the conditions the kubelet does not own (``pkg/kubelet/types/pod_status.go``
  PodConditionsByKubelet: PodScheduled, Ready, Initialized, ContainersReady, the two resize
  conditions, and PodReadyToStartContainers with its gate) are kept, first and in their order,
  then the kubelet's (``status_manager.go`` mergePodStatus); DisruptionTarget is one of them;
* a condition keeps its lastTransitionTime while its status stays (``updateLastTransitionTime``);
  startTime is set once and kept (``updateStatusInternal``);
* container statuses (``convertToAPIContainerStatuses``): a container the runtime has not
  created waits with reason ``ContainerCreating``, ``PodInitializing`` when the pod has init
  containers (its init containers too); ``ready`` false, ``started`` false (the prober
  manager's UpdatePodStatus), ``restartCount`` kept from the old status; the containers'
  statuses are sorted by name, the init containers' by their order in the spec (normalizeStatus);
* everything else in the status it is given (qosClass, resourceClaimStatuses, a phase's reason
  and message, what other components wrote) stays as it is; the kubelet hands it the stored
  status with its own part from its cache, so the reason and message are the kubelet's.

* ``observedGeneration`` (KEP-5067, the kubelet's gate PodObservedGenerationTracking): the
  status's is the generation of the pod synced (``CalculatePodStatusObservedGeneration``, in
  SetPodStatus), each condition the kubelet generates gets it too (the generate.go functions
  and PodScheduled in generateAPIPodStatus, ``CalculatePodConditionObservedGeneration`` of the
  old status); a condition whose status stays keeps its lastTransitionTime all the same, so a
  spec update that bumps the generation moves every observedGeneration and no transition time
  (drakit/podgeneration.py has the rule);
* the status manager's cache (``status_manager.go`` podStatuses): the kubelet hands
  :func:`pod_status` the stored status with its own part taken from the status it last
  decided (:func:`merge_status`), and writes that part back at its next batch when the stored
  one drifted from it (:func:`needs_reconcile`, ``syncBatch`` -> ``needsReconcile`` ->
  ``syncPod`` -> ``mergePodStatus``);
* a started pod is synced again on every update (SyncPod runs for each one); drakit has no
  containers to restart, so a container already running (an init container already done)
  keeps its status as the runtime would report it, startedAt included, and only what the
  kubelet computes from the pod changes.

Left out, in both states: ``hostIP``/``hostIPs`` (upstream takes them from the Node's
addresses, which drakit's nodes do not have, and then writes none either), ``podIP`` (the
sandbox's network), ``lastState: {}`` and ``lastProbeTime: null`` (Go's encoding of empty
values), readiness gates.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from drakit.podgeneration import condition_observed_generation, status_observed_generation

KUBELET_CONDITIONS = ("PodScheduled", "Ready", "Initialized", "ContainersReady",
                      "PodResizePending", "PodResizeInProgress")
"""The pod conditions the kubelet owns (pkg/kubelet/types/pod_status.go PodConditionsByKubelet),
PodReadyToStartContainers aside: the kubelet owns that one when its gate is on."""
READY_TO_START = "PodReadyToStartContainers"
CONTAINER_CREATING = "ContainerCreating"
POD_COMPLETED = "PodCompleted"
CONTAINER_STATUS_UNKNOWN = "ContainerStatusUnknown"
POD_INITIALIZING = "PodInitializing"
CONTAINERS_NOT_READY = "ContainersNotReady"
READINESS_GATES_NOT_READY = "ReadinessGatesNotReady"
CONTAINERS_NOT_INITIALIZED = "ContainersNotInitialized"
KUBELET_FIELDS = ("phase", "reason", "message", "startTime", "observedGeneration",
                  "initContainerStatuses", "containerStatuses")
"""The fields of a pod's status drakit's kubelet decides (besides its conditions): the status
manager's reconcile writes them back from its cache. The phase's reason and message are the
kubelet's too (generateAPIPodStatus keeps its cached ones while the phase stays; no other
component writes them on a pod the kubelet runs). Everything else in the status (qosClass,
nominatedNodeName, resourceClaimStatuses, extendedResourceClaimStatus,
nodeAllocatableResourceClaimStatuses, conditions of other types) belongs to other writers and
stays as the API server has it; so do hostIP and podIP, which drakit's kubelet does not
report."""


def go_list(names: list[str]) -> str:
    """Go's ``%s`` of a []string: ``[a b]``."""
    return "[" + " ".join(names) + "]"


def _restartable(c: Mapping[str, Any]) -> bool:
    return c.get("restartPolicy") == "Always"


def _containers(spec: Mapping[str, Any], field: str) -> list[Mapping[str, Any]]:
    return [c for c in spec.get(field) or () if isinstance(c, Mapping)]


def pod_status(pod: Mapping[str, Any], *, running: bool, now: str,
               ready_to_start_condition: bool = True,
               generation_tracking: bool = True, terminal: bool = False) -> dict[str, Any]:
    """The pod's status once its kubelet has synced it: ``running`` (its containers started)
    or waiting for its sandbox (a DRA prepare failed); with ``terminal``, the status the
    kubelet gives such a pod once it is deleted and stopped (see :func:`_stopped`). ``now``
    is the kubelet's clock as RFC 3339 text; ``ready_to_start_condition`` is the kubelet's
    gate PodReadyToStartContainersCondition, ``generation_tracking`` its gate
    PodObservedGenerationTracking. The pod's own status is not changed."""
    spec = pod.get("spec") if isinstance(pod.get("spec"), Mapping) else {}
    old = pod.get("status") if isinstance(pod.get("status"), Mapping) else {}
    status: dict[str, Any] = copy.deepcopy(dict(old))
    inits, containers = _containers(spec, "initContainers"), _containers(spec, "containers")

    old_statuses = {s.get("name"): s for field in ("initContainerStatuses", "containerStatuses")
                    for s in old.get(field) or () if isinstance(s, Mapping)}
    waiting_reason = POD_INITIALIZING if inits else CONTAINER_CREATING

    def waiting(c: Mapping[str, Any]) -> dict[str, Any]:
        prev = old_statuses.get(c.get("name")) or {}
        out = {"name": c.get("name"), "image": c.get("image", ""), "imageID": "",
               "ready": False, "restartCount": prev.get("restartCount", 0), "started": False,
               "state": {"waiting": {"reason": waiting_reason}}}
        if prev.get("lastState"):
            out["lastState"] = copy.deepcopy(prev["lastState"])
        return out

    def kept(c: Mapping[str, Any], state: str) -> dict[str, Any] | None:
        """A container the runtime already reports in ``state`` (a started pod synced again):
        its status as it was."""
        prev = old_statuses.get(c.get("name"))
        if isinstance(prev, Mapping) and isinstance(prev.get("state"), Mapping) \
                and state in prev["state"]:
            return copy.deepcopy(dict(prev))
        return None

    def started(c: Mapping[str, Any]) -> dict[str, Any]:
        return kept(c, "running") or {
            "name": c.get("name"), "image": c.get("image", ""), "imageID": "",
            "ready": True, "started": True, "restartCount": 0,
            "state": {"running": {"startedAt": now}}}

    def completed(c: Mapping[str, Any]) -> dict[str, Any]:
        return kept(c, "terminated") or {
            "name": c.get("name"), "image": c.get("image", ""), "imageID": "",
            "ready": True, "started": False, "restartCount": 0,
            "state": {"terminated": {"exitCode": 0, "reason": "Completed",
                                     "startedAt": now, "finishedAt": now}}}

    if running:
        init_statuses = [started(c) if _restartable(c) else completed(c) for c in inits]
        statuses = [started(c) for c in containers]
    else:
        init_statuses = [waiting(c) for c in inits]
        statuses = [waiting(c) for c in containers]
    if terminal:
        init_statuses = [_stopped(st, now, init=True) for st in init_statuses]
        statuses = [_stopped(st, now, init=False) for st in statuses]
    if init_statuses:
        status["initContainerStatuses"] = init_statuses
    status["containerStatuses"] = sorted(statuses, key=lambda s: str(s.get("name") or ""))
    status["phase"] = ("Succeeded" if running else "Failed") if terminal else \
        "Running" if running else "Pending"
    status["startTime"] = old.get("startTime") or now

    conditions: list[dict[str, Any]] = []
    completed = terminal and running  # Succeeded: generate.go's PodCompleted conditions
    if ready_to_start_condition:
        # the sandbox is gone once the pod is stopped
        conditions.append({"type": READY_TO_START,
                           "status": "True" if running and not terminal else "False"})
    if completed:
        conditions.append({"type": "Initialized", "status": "True", "reason": POD_COMPLETED})
    elif running or not inits:
        conditions.append({"type": "Initialized", "status": "True"})
    else:
        conditions.append({"type": "Initialized", "status": "False",
                           "reason": CONTAINERS_NOT_INITIALIZED,
                           "message": "containers with incomplete status: "
                                      + go_list([str(c.get("name")) for c in inits])})
    if completed:
        ready: dict[str, Any] = {"status": "False", "reason": POD_COMPLETED}
    elif running:
        ready = {"status": "True"}
    else:
        unready = [str(c.get("name")) for c in inits if _restartable(c)] \
            + [str(c.get("name")) for c in containers]
        ready = {"status": "False", "reason": CONTAINERS_NOT_READY,
                 "message": "containers with unready status: " + go_list(unready)}
    # GeneratePodReadyCondition: ready containers still leave the pod unready while one of its
    # readiness gates has no True condition among the conditions others own
    gates = _unready_gates(spec, _conditions(old)) if running and not terminal else []
    pod_ready = {"status": "False", "reason": READINESS_GATES_NOT_READY,
                 "message": ", ".join(gates)} if gates else ready
    conditions.append({"type": "Ready", **pod_ready})
    conditions.append({"type": "ContainersReady", **ready})
    conditions.append({"type": "PodScheduled", "status": "True"})

    generation = status_observed_generation(pod, generation_tracking)
    if generation:
        status["observedGeneration"] = generation
    md = pod.get("metadata") if isinstance(pod.get("metadata"), Mapping) else {}
    pod_generation = md.get("generation") if isinstance(md.get("generation"), int) else 0
    owned = set(KUBELET_CONDITIONS) | ({READY_TO_START} if ready_to_start_condition else set())
    olds = [c for c in old.get("conditions") or () if isinstance(c, Mapping)]
    for c in conditions:
        observed = condition_observed_generation(old, pod_generation, c["type"], generation_tracking)
        if observed:
            c["observedGeneration"] = observed
        prev = next((o for o in olds if o.get("type") == c["type"]), None)
        if prev is not None and prev.get("status") == c["status"]:
            if prev.get("lastTransitionTime"):
                c["lastTransitionTime"] = prev["lastTransitionTime"]
        else:
            c["lastTransitionTime"] = now
    status["conditions"] = [copy.deepcopy(dict(c)) for c in olds
                            if c.get("type") not in owned] + conditions
    return status


def _stopped(st: dict[str, Any], now: str, *, init: bool) -> dict[str, Any]:
    """A container's status once its deleted pod is stopped.

    Started (running): the runtime stops it and reports its exit. drakit's containers behave
    as the pause container, whose SIGTERM handler exits 0, so it ends ``Completed`` with exit
    code 0 (kuberuntime's toKubeContainerState / convertToAPIContainerStatuses: reason
    Completed for exit 0), and the pod's phase is Succeeded (kubelet_pods.go getPhase with
    podIsTerminal: every container stopped in success). Never started (its pod waited for a
    prepare): status_manager.go TerminatePod gives each regular container that has no
    terminated state ``ContainerStatusUnknown``, exit code 137, "The container could not be
    located when the pod was terminated", and marks the pending pod Failed; init containers
    that never started are the "final suffix" TerminatePod leaves waiting. A container that
    already terminated (a completed init container) stays as it is."""
    state = st.get("state") or {}
    if "terminated" in state:
        return st
    out = dict(st, ready=False, started=False)
    if "running" in state:
        out["state"] = {"terminated": {"exitCode": 0, "reason": "Completed",
                                       "startedAt": state["running"].get("startedAt"),
                                       "finishedAt": now}}
    elif not init and "waiting" in state:
        out["state"] = {"terminated": {"exitCode": 137, "reason": CONTAINER_STATUS_UNKNOWN,
                                       "message": "The container could not be located when "
                                                  "the pod was terminated"}}
    return out


def owned_conditions(ready_to_start_condition: bool = True) -> frozenset[str]:
    """The condition types the kubelet owns (kubetypes.PodConditionByKubelet), with
    PodReadyToStartContainers only when the kubelet's gate is on."""
    return frozenset(KUBELET_CONDITIONS) | ({READY_TO_START} if ready_to_start_condition
                                            else frozenset())


def _conditions(status: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [c for c in status.get("conditions") or () if isinstance(c, Mapping)]


def merge_status(api: Mapping[str, Any], cached: Mapping[str, Any], *,
                 ready_to_start_condition: bool) -> dict[str, Any]:
    """The status the kubelet's status manager writes (status_manager.go syncPod ->
    mergePodStatus): the API server's status with the kubelet's part taken from its cache.
    Conditions the kubelet does not own stay first, as the API server has them and in its
    order; then the kubelet's own conditions as it last decided them. The fields of
    ``KUBELET_FIELDS`` come from the cache; every other field stays as stored (the claim
    statuses mergePodStatus copies from the API status, and what drakit's kubelet never
    writes). Neither argument is changed."""
    owned = owned_conditions(ready_to_start_condition)
    out: dict[str, Any] = copy.deepcopy(dict(api))
    for field in KUBELET_FIELDS:
        if field in cached:
            out[field] = copy.deepcopy(cached[field])
        else:
            out.pop(field, None)
    conditions = [copy.deepcopy(dict(c)) for c in _conditions(api) if c.get("type") not in owned]
    conditions += [copy.deepcopy(dict(c)) for c in _conditions(cached) if c.get("type") in owned]
    if conditions:
        out["conditions"] = conditions
    else:
        out.pop("conditions", None)
    return out


def _by_name(statuses: Any) -> Any:
    if not isinstance(statuses, list):
        return statuses
    return sorted(statuses, key=lambda s: str(s.get("name") or "") if isinstance(s, Mapping)
                  else "")


def needs_reconcile(api: Mapping[str, Any], cached: Mapping[str, Any], *,
                    ready_to_start_condition: bool = True) -> bool:
    """Whether the stored status differs from the kubelet's cached one in the kubelet's part
    (status_manager.go needsReconcile, isPodStatusByKubeletEqual): each condition the kubelet
    owns in its cache must be stored with the same status, reason and message (transition
    times and observedGeneration are not compared), and the fields of ``KUBELET_FIELDS`` must
    be equal (containers' statuses in name order, as normalizeStatus sorts them)."""
    owned = owned_conditions(ready_to_start_condition)
    stored = {c.get("type"): c for c in _conditions(api)}
    for c in _conditions(cached):
        if c.get("type") not in owned:
            continue
        s = stored.get(c.get("type"))
        if s is None or any(s.get(k) != c.get(k) for k in ("status", "reason", "message")):
            return True
    for field in KUBELET_FIELDS:
        a, b = api.get(field), cached.get(field)
        if field == "containerStatuses":
            a, b = _by_name(a), _by_name(b)
        if a != b:
            return True
    return False


def pod_ready_condition(pod: Mapping[str, Any]) -> tuple[str, str]:
    """(status, message) of the Ready condition upstream generates from what the pod's
    stored status says (pkg/kubelet/status/generate.go GeneratePodReadyCondition, the same
    rule at 1.34-1.37): its containers' readiness first (GenerateContainersReadyCondition:
    no container statuses at all, a terminal phase, unknown or unready restartable init
    containers and containers), then each readiness gate's condition. Only what
    :func:`needs_readiness_reconcile` compares is returned."""
    spec = pod.get("spec") if isinstance(pod.get("spec"), Mapping) else {}
    status = pod.get("status") if isinstance(pod.get("status"), Mapping) else {}
    phase = status.get("phase")
    raw = status.get("containerStatuses")
    if raw is None:
        return "False", ""  # UnknownContainerStatuses, no message
    reported = {s.get("name"): s for s in raw or () if isinstance(s, Mapping)}
    unknown: list[str] = []
    unready: list[str] = []
    for c in [c for c in _containers(spec, "initContainers") if _restartable(c)] \
            + _containers(spec, "containers"):
        s = reported.get(c.get("name"))
        if s is None:
            unknown.append(str(c.get("name")))
        elif not s.get("ready"):
            unready.append(str(c.get("name")))
    if (phase == "Succeeded" and not unknown) or phase == "Failed":
        return "False", ""  # PodCompleted / PodFailed, no message
    messages = []
    if unknown:
        messages.append("containers with unknown status: " + go_list(unknown))
    if unready:
        messages.append("containers with unready status: " + go_list(unready))
    if messages:
        return "False", ", ".join(messages)
    gates = _unready_gates(spec, _conditions(status))
    if gates:
        return "False", ", ".join(gates)
    return "True", ""


def _unready_gates(spec: Mapping[str, Any], conditions: list[Mapping[str, Any]]) -> list[str]:
    """GeneratePodReadyCondition's message for each readiness gate whose condition is missing
    or not True, in the spec's order (the first condition of a type counts,
    GetPodConditionFromList)."""
    by_type: dict[Any, Mapping[str, Any]] = {}
    for c in conditions:
        by_type.setdefault(c.get("type"), c)
    out = []
    for g in spec.get("readinessGates") or ():
        kind = g.get("conditionType") if isinstance(g, Mapping) else None
        c = by_type.get(kind)
        if c is None:
            out.append(f'corresponding condition of pod readiness gate "{kind}" does not exist.')
        elif c.get("status") != "True":
            out.append(f'the status of pod readiness gate "{kind}" is not "True", but '
                       f'{c.get("status") or ""}')
    return out


def needs_readiness_reconcile(pod: Mapping[str, Any]) -> bool:
    """Whether a pod whose status alone changed is synced at once all the same
    (pkg/kubelet/status/status_manager.go NeedToReconcilePodReadiness, called by
    kubelet.go HandlePodReconcile): only a pod with readiness gates, whose stored Ready
    condition exists and disagrees with the one generated from its stored status
    (:func:`pod_ready_condition`) in status or message."""
    spec = pod.get("spec") if isinstance(pod.get("spec"), Mapping) else {}
    if not spec.get("readinessGates"):
        return False
    status = pod.get("status") if isinstance(pod.get("status"), Mapping) else {}
    current = next((c for c in _conditions(status) if c.get("type") == "Ready"), None)
    if current is None:
        return False
    want, message = pod_ready_condition(pod)
    return current.get("status") != want or (current.get("message") or "") != message
