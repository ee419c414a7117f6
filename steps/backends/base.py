"""The Backend protocol: everything a step may ask of a cluster.

Why a protocol and not drakit's own API: the same Gherkin steps run against the
reference (drakit, in process) and against a live cluster (the official client). Steps
therefore speak only in Kubernetes terms — objects as JSON dicts, API errors as Status
objects — and never import drakit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

MAX_WAIT_SECONDS = 86400.0
"""The longest wait the harness accepts from an option or a DRAKIT_* setting (a day): every
wait of the harness is bounded by one of them (steps/backends/cluster.py, steps/integrity.py)."""


@dataclass
class ApiError(Exception):
    """A refused request, normalised to the Kubernetes ``Status`` shape on every backend."""

    code: int
    reason: str
    message: str
    causes: list[dict] = field(default_factory=list)
    status: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        super().__init__(self.message)

    def __str__(self) -> str:
        return f"{self.code} {self.reason}: {self.message}"

    @classmethod
    def from_status(cls, status: Mapping[str, Any]) -> ApiError:
        details = status.get("details") or {}
        return cls(code=int(status.get("code") or 0), reason=status.get("reason") or "",
                   message=status.get("message") or "",
                   causes=list(details.get("causes") or []), status=dict(status))


class Unsupported(Exception):
    """The backend cannot exercise this scenario (gate locked, field pruned, no node access).

    Reported as "unsupported" with the reason, distinct from a failure.
    """


class EnvironmentFailure(Exception):
    """The environment failed (unreachable cluster, timeouts): not a conformance verdict."""


class PodResourcesError(Exception):
    """A PodResources gRPC call failed: ``code`` is the gRPC code name as Go prints it
    (``Unknown``, ``ResourceExhausted``), ``message`` the status message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"rpc error: code = {code} desc = {message}")
        self.code = code
        self.message = message


class PodResourcesAPI(Protocol):
    """A PodResources v1 client on one node's socket; answers in protobuf's JSON mapping."""

    def list(self) -> dict: ...

    def get(self, name: str, namespace: str) -> dict: ...

    def get_allocatable_resources(self) -> dict: ...

    def socket_mode(self) -> str:
        """The socket's permission bits as octal text, e.g. ``"0600"``."""


class Backend(Protocol):
    name: str

    # -- lifecycle ---------------------------------------------------------------
    def start_scenario(self, scenario: str, version: str, gates: Mapping[str, bool]) -> None:
        """Fresh, isolated state for one scenario at this version and these gate overrides."""

    def end_scenario(self) -> None:
        """Remove everything the scenario created (also after a failure)."""

    # -- what the cluster is ----------------------------------------------------
    @property
    def version(self) -> str: ...

    def gate_enabled(self, gate: str) -> bool: ...

    def set_feature_gates(self, gates: Mapping[str, bool]) -> None:
        """Restart components with other gates (Unsupported where the cluster cannot)."""

    def set_version(self, version: str) -> None:
        """Upgrade/downgrade the emulated release (Unsupported on a live cluster)."""

    @property
    def namespace(self) -> str:
        """The namespace scenario objects go to."""

    def use_namespace(self, namespace: str | None) -> None:
        """Work in ``namespace`` (one the scenario created) from now on: objects without a
        namespace go there and namespaced reads, lists and deletes look there; ``None``
        returns to the scenario's own namespace."""

    # -- objects ----------------------------------------------------------------
    def add_node(self, name: str, allocatable: Mapping[str, str] | None = None,
                 labels: Mapping[str, str] | None = None) -> dict: ...

    def apply(self, objects: list[dict], dry_run: bool = False) -> list[dict]:
        """Create or replace; raises ApiError on refusal (nothing is written then)."""

    def create(self, obj: dict, field_validation: str | None = None,
               warnings: list[str] | None = None) -> dict:
        """One POST, never a replace: a taken name is the server's answer (validation first,
        then AlreadyExists), as ``kubectl create`` sees it; raises ApiError on refusal.
        ``field_validation`` is the request's fieldValidation (default Strict, as kubectl
        sends); the texts of the server's Warning headers are appended to ``warnings``."""

    def get(self, kind: str, name: str, namespaced: bool = True) -> dict:
        """Raises ApiError(404) when absent."""

    def bind(self, pod: str, node: str) -> None:
        """POST pods/<pod>/binding with target ``node``: what a scheduler's Bind sends, so
        that a scenario can write what the scheduler writes before it binds (claims reserved,
        pod status) and only then hand the pod to the node's kubelet. Raises ApiError on
        refusal."""

    def list(self, kind: str, label_selector: str | None = None) -> list[dict]: ...

    def delete(self, kind: str, name: str, wait: bool = True,
               grace_period_seconds: int | None = None) -> None:
        """DELETE; with ``wait=False`` return without letting the components catch up (the
        next write or wait lets them see this deletion together with what follows).
        ``grace_period_seconds`` is DeleteOptions.gracePeriodSeconds (0 with a pod: what
        ``kubectl delete --force --grace-period=0`` sends, the pod is removed at once)."""

    def update(self, obj: dict, subresource: str | None = None) -> dict: ...

    def patch(self, kind: str, name: str, patch: dict,
              subresource: str | None = None, wait: bool = True) -> dict:
        """A JSON merge patch; ``wait`` False: the components do not react before the next
        step (as with ``delete``), so what follows can meet this change unseen."""

    def events(self, kind: str | None = None, name: str | None = None) -> list[dict]: ...

    def rejecting_plugins(self, pod: str) -> set[str]:
        """The plugins that rejected ``pod`` in its last scheduling attempt: upstream's
        QueuedPodInfo.UnschedulablePlugins, the set the scheduling queue asks about each
        later event (queueing hints). A cluster backend reads them off the pod's latest
        FailedScheduling message and raises Unsupported when nodes the scenario did not
        create add a plugin: their events would then bring the pod back too."""

    def check_node_counts_comparable(self, message: str) -> None:
        """Raise Unsupported when ``message`` (the scheduler's "0/N nodes are available"
        text as the scenario reads it) still counts nodes the scenario did not create, so
        its counts cannot be held against the scenario's. Called by a step whose comparison
        of such a message failed. The reference has no other nodes: nothing to do."""

    def metrics(self) -> str: ...

    # -- node access (kubelet) ---------------------------------------------------
    # Backends that cannot reach a node's kubelet raise Unsupported("needs node access").
    def pod_resources(self, node: str) -> PodResourcesAPI:
        """A PodResources client on ``node``'s kubelet socket."""

    def restart_kubelet(self, node: str) -> None:
        """Restart ``node``'s kubelet (it must come back from its checkpoints)."""

    def crash_kubelet(self, node: str) -> None:
        """``node``'s kubelet dies without cleaning up (its PodResources socket file stays
        behind, as after a crash or a kill -9), then starts again from its checkpoints."""

    def tamper_checkpoint(self, node: str, old: str, new: str, manager: str = "DRA",
                          recompute_checksum: bool = False) -> None:
        """Edit one of ``node``'s kubelet checkpoints by hand (``manager`` "DRA": the DRA
        manager's, "device": the device manager's): the text ``old`` (which must occur)
        becomes ``new`` and the stored checksum stays as it was, as a hand edit or a disk
        fault would leave it; with ``recompute_checksum`` the checksum is made to fit the
        edited data, as someone who knows the format would do. Nothing restarts. A live
        cluster raises Unsupported: damaging a real node's kubelet state is no test for a
        conformance harness to run."""

    def checkpoint_mode(self, node: str, manager: str = "DRA") -> int:
        """The permission bits of the kubelet's checkpoint file (``DRA`` or ``device``)."""

    def truncate_checkpoint(self, node: str, size: int, manager: str = "DRA") -> None:
        """Cut one of ``node``'s kubelet checkpoints (``manager`` as for tamper_checkpoint)
        after its first ``size`` bytes (0: an empty file), as a torn write or a full disk
        leaves a file that was not written atomically. Nothing restarts. A live cluster
        raises Unsupported, as for tamper_checkpoint."""

    def kubelet_metrics(self, node: str) -> str:
        """``node``'s kubelet metrics (Prometheus text)."""

    def container_devices(self, node: str, pod: str, container: str) -> list[str]:
        """The CDI devices the runtime gave one container of a pod on ``node``."""

    def fail_dra_driver(self, node: str, driver: str, call: str, message: str | None) -> None:
        """Make the DRA driver ``driver`` on ``node`` answer ``call`` ("NodePrepareResources"
        or "NodeUnprepareResources") with the per-claim error ``message`` from now on;
        ``message`` None: it works again. Only a node whose drivers the harness controls can
        (the reference and ``drakit serve``'s nodes); a live cluster's driver raises
        Unsupported."""

    # -- components (version skew, enablement and rollback) ------------------------
    # Component names as the binaries are called: "kube-apiserver", "kube-scheduler",
    # "kube-controller-manager", "kubelet" (``node``: one node's kubelet, else every node's).
    def restart_component(self, component: str, node: str | None = None,
                          gates: Mapping[str, bool] | None = None,
                          version: str | None = None) -> None:
        """Restart one component, optionally with more feature-gate settings and/or another
        release; the other components keep running as they are (a skewed cluster). Nothing
        new: a plain restart (it lists everything again; a kubelet restores its checkpoints).
        A backend that cannot restart that component raises Unsupported with the reason."""

    # -- the reference's self-check (capability ``reference-internals``) ----------------
    # What makes a green verdict of the reference trustworthy (steps/integrity.py): its
    # components' failure records and internal errors, and its cache comparers. Scenarios
    # tagged ``@needs:reference-internals`` use these; a live cluster has no such internals
    # (a real component's caches and work queues are not reachable through the API), so its
    # backend raises Unsupported and such a scenario is reported unsupported there.
    def cache_mismatches(self) -> list[str]:
        """How the components' informer-fed caches differ from the stored objects now, one
        line each ("<component>: <what>: cached ..., stored objects give ...")."""

    def component_errors(self) -> list[dict]:
        """The objects the components could not handle and keep retrying, as of now (fields
        component, kind, namespace, name, reason, message, attempts, firstFailure, retryAt)."""

    def take_internal_errors(self) -> list[dict]:
        """The internal errors (exceptions neither an API answer nor a data error) the
        components hit so far, as component_errors; they are then forgotten, so a scenario
        that provoked them on purpose and checked each one is not failed for them."""

    def store_past_validation(self, obj: dict) -> dict:
        """Store ``obj`` as it is, past validation, defaulting and admission, as an older
        release, a bug or a direct etcd write leaves data the API server would refuse today;
        the components see the watch event and settle."""

    def drift_component_cache(self, component: str, change: str, kind: str, name: str) -> None:
        """Change one component's informer-fed cache behind its back (no watch event), as a
        bug in its incremental updates would (ReferenceBackend.drift_component_cache lists
        the changes it can make)."""

    def inject_bug(self, component: str, where: str, times: int) -> None:
        """Make one place of a running component raise on its next ``times`` calls, as a
        drakit bug would (ReferenceBackend.BUG_SITES lists the places): its guard must record
        the failure against the right object and the component go on."""

    def interleave_writes(self, change: str, kind: str, name: str, times: int) -> None:
        """Let another client's write land just before each of the next ``times`` writes to
        the object, whoever makes them (``change``: "deletes" it, or "labels" it with a new
        value each time, which changes its resourceVersion): the race between a component's
        read and its write. Not set off by the object's own changes."""

    def interleaved_writes_pending(self) -> list[str]:
        """The armed interleaved writes that have not happened yet, one line each."""

    # -- waiting ----------------------------------------------------------------
    def settle(self) -> None:
        """Let controllers, the scheduler and kubelets catch up."""

    def wait_for(self, what: str, predicate: Callable[[], Any], timeout: float | None = None,
                 time_passes: bool = False):
        """Poll ``predicate`` until truthy (reference: settle once, then evaluate).

        ``time_passes``: the state comes only once time has passed on the cluster (a
        controller that polls, such as the namespace deleter's estimate/2 + 1 s); a live
        cluster polls on wall time as ever, the reference moves its logical clock on, one
        second at a time, up to the timeout (60 s by default)."""
