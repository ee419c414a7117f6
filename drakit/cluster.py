"""``drakit.Cluster``: the reference control plane wired together, in one process.

Why one driver thread: scenarios must be reproducible. The API server holds the state;
components (scheduler, controllers, kubelets) are plain objects with a ``sync()`` that
reads what changed through list/watch and writes through the API server. ``settle()``
runs them round-robin until none has work, so "after the cluster settled" is a precise
moment a step can assert on, on any machine, every time.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from drakit.api import errors as E
from drakit.api.meta import LogicalClock, deep_copy
from drakit.apiserver import APIServer
from drakit.features import FeatureGates
from drakit.kinds import KINDS
from drakit.yamlio import to_objects


class Component(Protocol):
    name: str

    def sync(self) -> bool:
        """Handle what changed since the last call; True when anything was done."""


class SettleError(RuntimeError):
    """Components kept producing work: a livelock in the reference implementation."""


# Factories build components for a cluster; other modules register theirs here so the
# cluster does not import every component package (and so a half-built one stays out).
ComponentFactory = Callable[["Cluster"], Component]
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
        self._start_components()

    # ------------------------------------------------------------------ components
    def _start_components(self) -> None:
        import importlib
        self.components = []
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
            built = build(self)
            if isinstance(built, Iterable):
                self.components.extend(built)
            elif built is not None:
                self.components.append(built)

    def settle(self, max_rounds: int = 100_000) -> int:
        """Run components until none has work; returns the number of rounds."""
        rounds = 0
        while True:
            busy = False
            for c in self.components:
                if c.sync():
                    busy = True
            if not busy:
                return rounds
            rounds += 1
            if rounds >= max_rounds:
                raise SettleError(f"components did not settle after {max_rounds} rounds")

    def advance(self, seconds: float) -> None:
        """Move the logical clock (timeouts, backoff) and let components react."""
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
    def kubelet(self, node: str):
        """The kubelet of ``node``: ``.pod_resources`` (a gRPC client on its socket),
        ``.socket_path``, ``.metrics_text()``, ``.cdi_devices(pod, container)``."""
        from drakit.kubelet import kubelet_for
        return kubelet_for(self, node)

    def restart_kubelet(self, node: str):
        """Restart one kubelet; it rebuilds its state from its checkpoints, then settles.

        Raises ``drakit.kubelet.KubeletStartError`` when the kubelet refuses to start.
        """
        from drakit.kubelet import restart_kubelet
        kubelet = restart_kubelet(self, node)
        self.settle()
        return kubelet

    def _info(self, kind: str):
        from drakit.kinds import find_kind
        info = KINDS.get(kind) or find_kind(kind)
        if info is None:
            raise E.BadRequest(f'the server doesn\'t have a resource type "{kind}"')
        return info
