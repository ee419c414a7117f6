"""``drakit.Cluster``: the reference control plane wired together, in one process.

Why one driver thread: scenarios must be reproducible. The API server holds the state;
components (scheduler, controllers, kubelets) are plain objects with a ``sync()`` that
reads what changed through list/watch and writes through the API server. ``settle()``
runs them round-robin until none has work, so "after the cluster settled" is a precise
moment a step can assert on, on any machine, every time.

The wiring goes one way: ``Cluster`` builds each component from a ``ComponentContext``
(API server, gates, clock, state directory) and no component imports ``Cluster``
(tests/test_walls.py). ``settle()`` always returns: a component that raises is reported
(``errors()``) and skipped for that round, and rounds that bring the cluster to no new
state are a ``SettleError`` naming the components and objects involved (drakit/progress.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from drakit.api import errors as E
from drakit.api.meta import LogicalClock, deep_copy
from drakit.apiserver import APIServer
from drakit.component import Component, ComponentContext, ComponentError, FailureTracker
from drakit.features import FeatureGates
from drakit.kinds import KINDS
from drakit.progress import ProgressMonitor, Round, SettleGuard
from drakit.yamlio import to_objects

__all__ = ["COMPONENT_FACTORIES", "Cluster", "Component", "ComponentContext", "ComponentError",
           "SettleError"]

MAX_ADVANCE_SECONDS = 100 * 365 * 24 * 3600
"""One ``advance()`` moves the clock at most a century (a datetime overflows not far beyond)."""


class SettleError(RuntimeError):
    """Components kept producing work without progress: a livelock in the reference.

    ``components`` names the busy components, ``objects`` the objects they kept rewriting
    (``Kind namespace/name``), most frequent first."""

    def __init__(self, message: str, components: list[str] | None = None,
                 objects: list[str] | None = None) -> None:
        super().__init__(message)
        self.components = list(components or [])
        self.objects = list(objects or [])


# Factories build components from a ComponentContext; other modules register theirs here so
# the cluster does not import every component package (and so a half-built one stays out).
ComponentFactory = Callable[[ComponentContext], Component]
COMPONENT_FACTORIES: list[tuple[str, str]] = [
    # (module, factory function) — imported lazily, skipped while the module is absent.
    ("drakit.controllers", "build_controllers"),
    ("drakit.scheduler", "build_scheduler"),
    ("drakit.kubelet", "build_kubelets"),
]


class Cluster:
    """An emulated Kubernetes cluster: ``Cluster(version="1.37", feature_gates={...})``."""

    def __init__(self, version: str = "1.37", feature_gates: Mapping[str, Any] | None = None,
                 seed: int = 0, state_dir: str | None = None) -> None:
        self.gates = FeatureGates(version, dict(feature_gates or {}))
        self.clock = LogicalClock()
        self.api = APIServer(self.gates, self.clock, seed=seed)
        self.state_dir = state_dir
        self.components: list[Component] = []
        self.failures = FailureTracker("cluster", self.api, self.clock, 1.0, 60.0)
        """Components whose sync() itself raised (keyed by component name)."""
        self._progress = ProgressMonitor(self.api)
        self._start_components()

    # ------------------------------------------------------------------ components
    def context(self) -> ComponentContext:
        """What every component gets: the API server, gates, clock and state directory."""
        return ComponentContext(api=self.api, gates=self.gates, clock=self.clock,
                                state_dir=self.state_dir)

    def _start_components(self) -> None:
        import importlib
        self.components = []
        self.failures.clear()
        ctx = self.context()
        for mod_name, factory in COMPONENT_FACTORIES:
            try:
                mod = importlib.import_module(mod_name)
            except ModuleNotFoundError as e:
                if e.name and mod_name.startswith(e.name):
                    continue
                raise
            build = getattr(mod, factory, None)
            if build is None:
                continue
            built = build(ctx)
            if isinstance(built, Iterable):
                self.components.extend(built)
            elif built is not None:
                self.components.append(built)

    def settle(self, max_rounds: int = 10_000, max_writes: int | None = None) -> int:
        """Run components until none has work; returns the number of rounds.

        Always returns or raises ``SettleError``: a component whose ``sync()`` raises is
        recorded in ``errors()`` and counts as idle; rounds without a new cluster state, more
        than ``max_writes`` writes (default: drakit/progress.py's budget, which grows with the
        store) or ``max_rounds`` rounds raise, naming who was busy and what they rewrote.
        """
        guard = SettleGuard(self._progress, self._store_size(), max_writes)
        rounds = 0
        while True:
            rnd = Round()
            for c in self.components:
                before = self.api.resource_version
                if self._sync_one(c):
                    rnd.busy.append(c.name)
                after = self.api.resource_version
                if after != before:
                    rnd.writes.append((c.name, before + 1, after))
            if not rnd.busy:
                return rounds
            rounds += 1
            why = guard.end_round(rnd)
            if why is None and rounds >= max_rounds:
                why = f"{max_rounds} rounds"
            if why is not None:
                text, comps, objs = guard.describe(why, self.api.watch)
                raise SettleError(text, comps, objs)

    def _sync_one(self, c: Component) -> bool:
        key = ("Component", "", c.name)
        try:
            busy = c.sync()
        except Exception as e:  # noqa: BLE001 - a component never takes the cluster down
            self.failures.failed("Component", {"metadata": {"name": c.name}}, e, event=False)
            return False
        if self.failures:
            self.failures.forget(key)
        return bool(busy)

    def _store_size(self) -> int:
        return sum(self.api.count(k) for k in KINDS)

    def errors(self) -> list[ComponentError]:
        """What the components could not handle and keep retrying, as of now: one entry per
        object (component, kind, namespace, name, event reason, message, attempts, next retry).
        Each also shows as a Warning event on its object; an object that syncs again leaves
        the list."""
        running = {c.name for c in self.components}
        out = [e for e in self.failures.open() if e.name in running]
        for c in self.components:
            fn = getattr(c, "errors", None)
            if fn is not None:
                out.extend(fn())
        return out

    def advance(self, seconds: float) -> None:
        """Move the logical clock (timeouts, backoff) and let components react.

        ``seconds`` must be finite, >= 0 and at most a century; settling afterwards is
        bounded like every ``settle()``."""
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) or \
                not math.isfinite(seconds) or seconds < 0 or seconds > MAX_ADVANCE_SECONDS:
            raise ValueError(f"advance() takes a finite number of seconds between 0 and "
                             f"{MAX_ADVANCE_SECONDS}, not {seconds!r}")
        self.clock.advance(seconds)
        self.settle()

    # ------------------------------------------------------------------ version / gates
    @property
    def version(self) -> str:
        return self.gates.version

    def set_feature_gates(self, gates: Mapping[str, Any]) -> None:
        """Restart every component with other gates; the store (etcd) is kept."""
        self.gates = self.gates.with_overrides(dict(gates))
        self.api.set_gates(self.gates)
        self._start_components()

    def set_version(self, version: str) -> None:
        """Upgrade or downgrade the emulated release, keeping the store and explicit gates."""
        self.gates = self.gates.for_version(version)
        self.api.set_gates(self.gates)
        self._start_components()

    # ------------------------------------------------------------------ nodes
    def add_node(self, name: str, allocatable: Mapping[str, str] | None = None,
                 labels: Mapping[str, str] | None = None,
                 capacity: Mapping[str, str] | None = None,
                 taints: list[dict] | None = None) -> dict:
        alloc = dict(allocatable or {"cpu": "8", "memory": "32Gi", "pods": "110"})
        alloc.setdefault("pods", "110")
        node = {
            "apiVersion": "v1", "kind": "Node",
            "metadata": {"name": name,
                         "labels": {"kubernetes.io/hostname": name, **dict(labels or {})}},
            "spec": {},
        }
        if taints:
            node["spec"]["taints"] = list(taints)
        created = self.api.create(node)
        created["status"] = {
            "capacity": dict(capacity or alloc),
            "allocatable": alloc,
            "conditions": [{"type": "Ready", "status": "True", "reason": "KubeletReady",
                            "message": "kubelet is posting ready status",
                            "lastHeartbeatTime": self.clock.timestamp(),
                            "lastTransitionTime": self.clock.timestamp()}],
        }
        out = self.api.update_status(created)
        self.settle()
        return out

    # ------------------------------------------------------------------ objects
    def apply(self, source: Any, namespace: str | None = None, dry_run: bool = False,
              settle: bool = True) -> list[dict]:
        """Create each object, or replace an existing one (like ``kubectl apply``).

        Every object is checked before the first is written, so a manifest with one bad
        object changes nothing (kubectl would apply the good ones; a harness wants
        all-or-nothing steps).
        """
        objs = to_objects(source)
        for obj in objs:
            self.api.resolve(obj.get("apiVersion"), obj.get("kind"))
        out = []
        for obj in objs:
            out.append(self._apply_one(obj, namespace, dry_run))
        if settle and not dry_run:
            self.settle()
        return out

    def _apply_one(self, obj: dict, namespace: str | None, dry_run: bool) -> dict:
        info = KINDS[obj["kind"]]
        md = obj.get("metadata") if isinstance(obj.get("metadata"), dict) else {}
        # a name that is not a string is the decoder's to refuse (api.create below)
        name = md.get("name") if isinstance(md.get("name"), str) else None
        given_ns = md.get("namespace") if isinstance(md.get("namespace"), str) else None
        ns = (given_ns or namespace or "default") if info.namespaced else None
        existing = self.api.try_get(info.kind, name, ns) if name else None
        if existing is None:
            return self.api.create(obj, namespace=ns, dry_run=dry_run)
        new = deep_copy(obj)
        nm = new.setdefault("metadata", {})
        nm["resourceVersion"] = existing["metadata"]["resourceVersion"]
        nm["namespace"] = existing["metadata"].get("namespace")
        for keep in ("finalizers", "ownerReferences"):
            if keep not in nm and keep in existing["metadata"]:
                nm[keep] = existing["metadata"][keep]
        result = self.api.update(new, dry_run=dry_run)
        if info.has_status and "status" in obj and obj["status"] != existing.get("status"):
            result = self.api.update_status({**result, "status": deep_copy(obj["status"])},
                                            dry_run=dry_run)
        return result

    def create(self, obj: Mapping[str, Any], namespace: str | None = None) -> dict:
        out = self.api.create(obj, namespace=namespace)
        self.settle()
        return out

    def get(self, kind: str, name: str, namespace: str | None = None) -> dict:
        info = self._info(kind)
        return self.api.get(info.kind, name, (namespace or "default") if info.namespaced else None)

    def list(self, kind: str, namespace: str | None = None,
             label_selector: str | None = None) -> list[dict]:
        return self.api.list(self._info(kind).kind, namespace, label_selector)

    def delete(self, kind: str, name: str, namespace: str | None = None,
               settle: bool = True) -> dict:
        info = self._info(kind)
        out = self.api.delete(info.kind, name,
                              (namespace or "default") if info.namespaced else None)
        if settle:
            self.settle()
        return out

    def update_status(self, obj: Mapping[str, Any]) -> dict:
        out = self.api.update_status(obj)
        self.settle()
        return out

    def patch(self, kind: str, name: str, patch: Mapping[str, Any],
              namespace: str | None = None, subresource: str | None = None) -> dict:
        info = self._info(kind)
        out = self.api.patch(info.kind, name, patch,
                             (namespace or "default") if info.namespaced else None,
                             subresource=subresource)
        self.settle()
        return out

    def events(self, kind: str | None = None, name: str | None = None,
               namespace: str | None = None) -> list[dict]:
        evs = self.api.list("Event", namespace)
        return [e for e in evs
                if (kind is None or e["involvedObject"].get("kind") == kind)
                and (name is None or e["involvedObject"].get("name") == name)]

    def metrics(self) -> str:
        """Prometheus text exposition of every component's metrics."""
        lines: list[str] = []
        for c in self.components:
            fn = getattr(c, "metrics_text", None)
            if fn:
                lines.append(fn())
        return "".join(lines)

    # ------------------------------------------------------------------ kubelets
    def _kubelets(self):
        from drakit.kubelet import KubeletManager
        for c in self.components:
            if isinstance(c, KubeletManager) and not c.closed:
                return c
        raise RuntimeError("this cluster runs no kubelets")

    def kubelet(self, node: str):
        """The kubelet of ``node``: ``.pod_resources`` (a gRPC client on its socket),
        ``.socket_path``, ``.metrics_text()``, ``.cdi_devices(pod, container)``."""
        return self._kubelets().kubelet(node)

    def restart_kubelet(self, node: str):
        """Restart one kubelet; it rebuilds its state from its checkpoints, then settles.

        Raises ``drakit.kubelet.KubeletStartError`` when the kubelet refuses to start (the
        cluster still settles first: the Node shows it, Ready=Unknown and a
        KubeletSetupFailed event; a later ``restart_kubelet`` may succeed).
        """
        from drakit.kubelet import KubeletStartError
        try:
            kubelet = self._kubelets().restart(node)
        except KubeletStartError:
            self.settle()
            raise
        self.settle()
        return kubelet

    def close(self) -> None:
        """Stop the kubelets' sockets and threads and drop temporary node state now
        (otherwise done when the cluster is garbage-collected or the process exits)."""
        from drakit.kubelet import stop_kubelets
        stop_kubelets(self.api)

    def _info(self, kind: str):
        from drakit.kinds import find_kind
        info = KINDS.get(kind) or find_kind(kind)
        if info is None:
            raise E.BadRequest(f'the server doesn\'t have a resource type "{kind}"')
        return info
