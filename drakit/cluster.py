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
from drakit.component import (
    COMPONENTS,
    KUBE_APISERVER,
    KUBE_CONTROLLER_MANAGER,
    KUBE_SCHEDULER,
    KUBELET,
    Component,
    ComponentContext,
    ComponentError,
    FailureTracker,
    internal_errors,
    node_of,
    take_internal_errors,
)
from drakit.features import GATES, FeatureGateError, FeatureGates, check_version, version_tuple
from drakit.kinds import KINDS
from drakit.progress import ProgressMonitor, Round, SettleGuard
from drakit.yamlio import to_objects

__all__ = ["COMPONENTS", "COMPONENT_FACTORIES", "Cluster", "Component", "ComponentContext",
           "ComponentError", "SettleError", "VersionSkewError"]

MAX_ADVANCE_SECONDS = 100 * 365 * 24 * 3600
"""One ``advance()`` moves the clock at most a century (a datetime overflows not far beyond)."""
FIXED_POINT_COMPONENTS = ("kube-controller-manager", "kubelet")
"""What ``writes_after_restart`` restarts by default. Not the scheduler: its queue holds
unschedulable pods for up to five minutes of backoff, so a fresh one retries sooner."""
MAX_UNREPORTED_WRITES = 20
"""Unreported writes kept per cluster (the first ones say what went wrong)."""


class SettleError(RuntimeError):
    """Components kept producing work without progress: a livelock in the reference.

    ``components`` names the busy components, ``objects`` the objects they kept rewriting
    (``Kind namespace/name``), most frequent first."""

    def __init__(self, message: str, components: list[str] | None = None,
                 objects: list[str] | None = None) -> None:
        super().__init__(message)
        self.components = list(components or [])
        self.objects = list(objects or [])


#: the labels a kubelet on linux/amd64 registers its Node with besides its hostname
NODE_PLATFORM_LABELS = {"kubernetes.io/os": "linux", "kubernetes.io/arch": "amd64",
                        "beta.kubernetes.io/os": "linux", "beta.kubernetes.io/arch": "amd64"}

# Factories build components from a ComponentContext; other modules register theirs here so
# the cluster does not import every component package (and so a half-built one stays out).
ComponentFactory = Callable[[ComponentContext], Component]
COMPONENT_FACTORIES: list[tuple[str, str, str]] = [
    # (component, module, factory function) — imported lazily, skipped while the module is
    # absent; the order is the order components run in each settle round.
    (KUBE_CONTROLLER_MANAGER, "drakit.controllers", "build_controllers"),
    (KUBE_SCHEDULER, "drakit.scheduler", "build_scheduler"),
    (KUBELET, "drakit.kubelet", "build_kubelets"),
]

VERSION_SKEW_POLICY = "https://kubernetes.io/releases/version-skew-policy/"
MAX_MINORS_BEHIND = {KUBE_CONTROLLER_MANAGER: 1, KUBE_SCHEDULER: 1, KUBELET: 3}
"""How many minor releases a component may trail kube-apiserver (none may be newer): the
version skew policy (control-plane components one, kubelets three since 1.28)."""


class VersionSkewError(ValueError):
    """A component release the version skew policy does not allow next to kube-apiserver."""


class Cluster:
    """An emulated Kubernetes cluster: ``Cluster(version="1.37", feature_gates={...})``.

    Every component has its own feature gates and release, as the binaries of a real cluster
    do: ``feature_gates`` and ``version`` set all of them; ``component_gates`` and
    ``component_versions`` (keys ``kube-apiserver``, ``kube-controller-manager``,
    ``kube-scheduler``, ``kubelet``, ``kubelet/<node>``) differ per component — a skewed
    cluster, mid-upgrade or mid-rollback. ``gates`` and ``version`` are kube-apiserver's.
    """

    def __init__(self, version: str = "1.37", feature_gates: Mapping[str, Any] | None = None,
                 seed: int = 0, state_dir: str | None = None,
                 component_gates: Mapping[str, Mapping[str, Any]] | None = None,
                 component_versions: Mapping[str, str] | None = None) -> None:
        self._version = check_version(version)
        self._cluster_gates: dict[str, Any] = dict(feature_gates or {})
        self._component_gates: dict[str, dict[str, Any]] = {}
        self._component_versions: dict[str, str] = {}
        for comp, gates in (component_gates or {}).items():
            self._component_gates[self._component_name(comp)] = dict(gates)
        for comp, ver in (component_versions or {}).items():
            self._component_versions[self._component_name(comp)] = check_version(ver)
        resolved = self._resolve_all()
        self.clock = LogicalClock()
        self.api = APIServer(resolved[KUBE_APISERVER], self.clock, seed=seed)
        self.state_dir = state_dir
        self.components: list[Component] = []
        self._owned: dict[str, list[Component]] = {}
        """The components each factory built (restarting one replaces only its own)."""
        self.failures = FailureTracker("cluster", self.api, self.clock, 1.0, 60.0)
        """Components whose sync() itself raised (keyed by component name)."""
        self._progress = ProgressMonitor(self.api)
        self.unreported_writes: list[str] = []
        """Rounds in which a component wrote to the API server but said it had no work
        (bounded by MAX_UNREPORTED_WRITES; see ``settle``)."""
        self._start_components()

    # ------------------------------------------------------------------ gates per component
    @staticmethod
    def _component_name(component: str) -> str:
        if component in COMPONENTS or node_of(component):
            return component
        raise ValueError(f"unknown component {component!r}: use one of "
                         f"{', '.join(COMPONENTS)} or kubelet/<node>")

    def _version_of(self, component: str) -> str:
        node = node_of(component)
        if node is not None and component in self._component_versions:
            return self._component_versions[component]
        base = KUBELET if node is not None else component
        return self._component_versions.get(base, self._version)

    def _overrides_of(self, component: str) -> dict[str, Any]:
        """Cluster-wide settings (for a component pinned to another release, those it
        knows; unknown names are refused for the cluster's release), then the kubelets', then
        the component's own."""
        version = self._version_of(component)
        out = dict(self._cluster_gates)
        if version != self._version:  # pinned to another release: what it does not know
            out = {k: v for k, v in out.items() if k in GATES[version]}
        if node_of(component) is not None:
            out.update(self._component_gates.get(KUBELET, {}))
        out.update(self._component_gates.get(component, {}))
        return out

    def _gates_of(self, component: str) -> FeatureGates:
        try:
            return FeatureGates(self._version_of(component), self._overrides_of(component))
        except FeatureGateError as e:
            own = (component in self._component_gates or component in self._component_versions
                   or (node_of(component) is not None and (
                       KUBELET in self._component_gates or KUBELET in self._component_versions)))
            if component == KUBE_APISERVER or not own:
                raise
            raise FeatureGateError(f"{component}: {e}") from None

    def _resolve_all(self) -> dict[str, FeatureGates]:
        """Every component's gates, checked (gate errors, version skew) before any is used."""
        names = list(COMPONENTS) + sorted(
            {c for c in (*self._component_gates, *self._component_versions) if node_of(c)})
        out = {c: self._gates_of(c) for c in names}
        api = version_tuple(out[KUBE_APISERVER].version)
        problems = []
        for comp in names[1:]:
            base = KUBELET if node_of(comp) else comp
            behind = api[1] - version_tuple(out[comp].version)[1]
            if 0 <= behind <= MAX_MINORS_BEHIND[base]:
                continue
            most = MAX_MINORS_BEHIND[base]
            problems.append(f"{comp} {out[comp].version} cannot run with kube-apiserver "
                            f"{out[KUBE_APISERVER].version}: it must not be newer and may be "
                            f"at most {most} minor release{'s' if most > 1 else ''} older")
        if problems:
            raise VersionSkewError("; ".join(problems) + f" ({VERSION_SKEW_POLICY}; upgrade "
                                   "kube-apiserver first and downgrade it last)")
        return out

    def gates_of(self, component: str) -> FeatureGates:
        """The feature gates (and, as ``.version``, the release) ``component`` runs with:
        ``kube-apiserver``, ``kube-controller-manager``, ``kube-scheduler``, ``kubelet`` or
        ``kubelet/<node>``."""
        return self._gates_of(self._component_name(component))

    # ------------------------------------------------------------------ components
    def context(self, component: str = KUBE_CONTROLLER_MANAGER) -> ComponentContext:
        """What a component gets: the API server, its own gates, the clock, the state dir."""
        component = self._component_name(component)
        node_gates = {}
        if component == KUBELET:
            nodes = {node_of(c) for c in (*self._component_gates, *self._component_versions)}
            node_gates = {n: self._gates_of(f"{KUBELET}/{n}") for n in sorted(nodes - {None})}
        return ComponentContext(api=self.api, gates=self._gates_of(component), clock=self.clock,
                                state_dir=self.state_dir, component=component,
                                node_gates=node_gates)

    def _start_components(self, only: Iterable[str] | None = None) -> None:
        """Build every component (``only``: just these), replacing what they built before
        in place so the order of a settle round stays the factories' order."""
        import importlib
        wanted = set(only) if only is not None else None
        if wanted is None:
            self.components = []
            self._owned = {}
            self.failures.clear()
        for comp, mod_name, factory in COMPONENT_FACTORIES:
            if wanted is not None and comp not in wanted:
                continue
            try:
                mod = importlib.import_module(mod_name)
            except ModuleNotFoundError as e:
                if e.name and mod_name.startswith(e.name):
                    continue
                raise
            build = getattr(mod, factory, None)
            if build is None:
                continue
            built = build(self.context(comp))
            new = (list(built) if isinstance(built, Iterable)
                   else [built] if built is not None else [])
            old = self._owned.get(comp, [])
            at = next((i for i, c in enumerate(self.components) if any(c is o for o in old)),
                      None)
            self.components = [c for c in self.components if not any(c is o for o in old)]
            if at is None:
                at = self._insert_at(comp)
            self.components[at:at] = new
            self._owned[comp] = new
            for c in old:
                self.failures.forget(("Component", "", getattr(c, "name", "")))

    def _insert_at(self, comp: str) -> int:
        """Where a component that was not built before goes: after those before it."""
        order = [c for c, _m, _f in COMPONENT_FACTORIES]
        before = {id(x) for c in order[:order.index(comp)] for x in self._owned.get(c, [])}
        idx = [i for i, c in enumerate(self.components) if id(c) in before]
        return idx[-1] + 1 if idx else 0

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
            quiet: list[tuple[str, int, int]] = []
            for c in self.components:
                before = self.api.resource_version
                busy = self._sync_one(c)
                if busy:
                    rnd.busy.append(c.name)
                after = self.api.resource_version
                if after != before:
                    rnd.writes.append((c.name, before + 1, after))
                    if not busy:
                        quiet.append((c.name, before + 1, after))
            if quiet:
                self._unreported(rnd, quiet)
            if not rnd.busy:
                return rounds
            rounds += 1
            why = guard.end_round(rnd)
            if why is None and rounds >= max_rounds:
                why = f"{max_rounds} rounds"
            if why is not None:
                text, comps, objs = guard.describe(why, self.api.watch)
                raise SettleError(text, comps, objs)

    def writes_after_restart(self, components: Iterable[str] = FIXED_POINT_COMPONENTS) -> list[str]:
        """Restart ``components`` (which relist everything, kubelets from their checkpoints
        too), settle, and say what they wrote (Events aside), one line per object: empty when
        the cluster was at a fixed point. Controllers and kubelets are level-triggered: what
        a fresh one finds to do, the running one missed (upstream's informers resync
        periodically, so a real cluster gets there in the end). The cluster is changed: for
        the end of a scenario."""
        rv = self.api.resource_version
        out: list[str] = []
        for comp in components:
            try:
                self.restart_component(comp)
            except Exception as e:  # noqa: BLE001 - a refused restart is the scenario's own doing
                out.append(f"{comp} could not restart: {type(e).__name__}: {e}")
                return out
        try:
            events = self.api.watch(rv)
        except E.Expired:
            return ["more writes than the watch window holds"]
        for ev in events:
            if ev.kind == "Event":
                continue
            md = ev.object.get("metadata") or {}
            ref = f"{md.get('namespace')}/{md.get('name')}" if md.get("namespace") else md.get("name")
            line = f"{ev.type} {ev.kind} {ref}"
            if line not in out:
                out.append(line)
        return out

    def _unreported(self, rnd: Round, quiet: list[tuple[str, int, int]]) -> None:
        """A component that writes must say so: settle() stops on a round where every component
        was idle, and objects written then (Events aside: no component acts on them) would be
        left to a later settle. Checked for each component in every round, not only in the
        idle rounds where it would matter: a sync that writes and reports no work is a latent
        bug whichever round it happens in. Recorded (the steps fail a reference scenario that
        has one), and the round counts as busy."""
        for name, first, last in quiet:
            try:
                written = [ev for ev in self.api.watch(first - 1) if ev.resource_version <= last]
            except E.Expired:
                written = []
            kinds = sorted({ev.kind for ev in written if ev.kind != "Event"})
            if not kinds:
                continue
            rnd.busy.append(name)
            if len(self.unreported_writes) < MAX_UNREPORTED_WRITES:
                self.unreported_writes.append(
                    f"{name} wrote {', '.join(kinds)} (resourceVersion {first}-{last}) in a "
                    "settle round in which it reported no work")

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

    def internal_errors(self) -> list[ComponentError]:
        """Every exception a component raised that is a drakit bug (neither an API answer nor
        about stored data), since the cluster started, resolved or not (``errors()`` shows
        only what is still failing)."""
        return internal_errors(self.api)

    def take_internal_errors(self) -> list[ComponentError]:
        """``internal_errors()``, then forgotten (a check that provoked them on purpose)."""
        return take_internal_errors(self.api)

    def cache_mismatches(self) -> list[str]:
        """How the running components' informer-fed caches differ from the objects the API
        server stores now, one line each (a component with a cache comparer takes in its
        pending watch events first). Empty on a healthy cluster: any line is a drakit bug."""
        out: list[str] = []
        for c in self.components:
            fn = getattr(c, "cache_mismatches", None)
            if fn is not None:
                out.extend(f"{c.name}: {line}" for line in fn())
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
    def gates(self) -> FeatureGates:
        """kube-apiserver's feature gates (``gates_of`` for another component's)."""
        return self.api.gates

    @property
    def version(self) -> str:
        """kube-apiserver's release, what the cluster reports as its version."""
        return self.api.gates.version

    def component_versions(self) -> dict[str, str]:
        """The release of each component (and of each kubelet that differs)."""
        out = {c: self._version_of(c) for c in COMPONENTS}
        for c in sorted(self._component_versions):
            if node_of(c):
                out[c] = self._version_of(c)
        return out

    def set_feature_gates(self, gates: Mapping[str, Any],
                          components: Iterable[str] | None = None) -> None:
        """Set gates and restart the components that take them; the store (etcd) is kept.

        Without ``components`` every component gets them (an operator changing
        ``--feature-gates`` everywhere: every component restarts, a per-component setting of
        the same gate gives way). With ``components`` only those (``kube-apiserver``,
        ``kube-scheduler``, ``kubelet/<node>`` ...) — a skewed cluster; a node's kubelet that
        does not run yet starts with them when its Node appears. Nothing changes when a
        component refuses the gates (FeatureGateError) or the skew is not allowed.
        """
        changes = dict(gates)
        if components is None:
            self._apply(cluster_gates=changes)
            return
        names = [self._component_name(c) for c in components]
        self._apply(component_gates={c: changes for c in names})

    def restart_component(self, component: str, gates: Mapping[str, Any] | None = None,
                          version: str | None = None) -> None:
        """Restart one component, with more gate settings and/or another release.

        ``component``: ``kube-apiserver`` (the store is kept, as etcd is), ``kube-scheduler``,
        ``kube-controller-manager``, ``kubelet`` (every node's) or ``kubelet/<node>``. A
        restart with nothing new is a plain restart: the component lists everything again
        from the API server (a kubelet from its checkpoints too). ``version`` must respect the
        version skew policy against kube-apiserver (``VersionSkewError`` otherwise; upgrade
        kube-apiserver first).
        """
        comp = self._component_name(component)
        vers = {comp: check_version(version)} if version is not None else {}
        self._apply(component_gates={comp: dict(gates or {})}, component_versions=vers,
                    restart=[comp])
        self.settle()

    def _apply(self, cluster_gates: Mapping[str, Any] | None = None,
               component_gates: Mapping[str, Mapping[str, Any]] | None = None,
               component_versions: Mapping[str, str] | None = None,
               restart: Iterable[str] = (), version: str | None = None) -> None:
        """Change settings, check every component's gates and the skew, then restart those
        whose settings changed (all when the cluster-wide gates or version change)."""
        saved = (self._version, dict(self._cluster_gates),
                 {k: dict(v) for k, v in self._component_gates.items()},
                 dict(self._component_versions))
        before = {c: self._effective(c) for c in self._known_components()}
        if version is not None:
            self._version = check_version(version)
            self._component_versions.clear()
            known = GATES[self._version]  # settings the new release does not know stay behind
            self._cluster_gates = {k: v for k, v in self._cluster_gates.items() if k in known}
            self._component_gates = {c: {k: v for k, v in per.items() if k in known}
                                     for c, per in self._component_gates.items()}
        if cluster_gates:
            self._cluster_gates.update(cluster_gates)
            for per in self._component_gates.values():
                for name in cluster_gates:
                    per.pop(name, None)
        for comp, more in (component_gates or {}).items():
            if more:
                self._component_gates.setdefault(comp, {}).update(more)
        self._component_versions.update(component_versions or {})
        try:
            resolved = self._resolve_all()
        except (FeatureGateError, VersionSkewError):
            (self._version, self._cluster_gates, self._component_gates,
             self._component_versions) = saved
            raise
        everything = cluster_gates is not None or version is not None
        changed = {c for c in self._known_components()
                   if everything or c in set(restart) or before.get(c) != self._effective(c)}
        if everything or KUBE_APISERVER in changed:
            self.api.set_gates(resolved[KUBE_APISERVER])
            # a restarted API server's watch cache begins now: watchers that are behind get
            # 410 Expired and relist (components restarted below list afresh anyway)
            self.api.restart_watch_cache()
        if everything:
            self._start_components()
            return
        whole = [c for c in (KUBE_CONTROLLER_MANAGER, KUBE_SCHEDULER, KUBELET) if c in changed]
        if whole:
            self._start_components(whole)
        if KUBELET not in changed:
            for comp in sorted(changed):
                node = node_of(comp)
                if node is not None:
                    self._restart_node_kubelet(node)

    def _known_components(self) -> list[str]:
        nodes = {c for c in (*self._component_gates, *self._component_versions) if node_of(c)}
        return list(COMPONENTS) + sorted(nodes)

    def _effective(self, component: str) -> tuple[str, tuple]:
        return (self._version_of(component), tuple(sorted(self._overrides_of(component).items())))

    def _restart_node_kubelet(self, node: str) -> None:
        """One node's kubelet starts again with its (new) settings, if the node has one."""
        manager = self._kubelet_manager()
        if manager is None:
            return
        manager.ctx = self.context(KUBELET)
        if node in manager.kubelets or self.api.try_get("Node", node) is not None:
            from drakit.kubelet import KubeletStartError
            try:
                manager.restart(node)
            except KubeletStartError:
                pass  # the Node shows it (KubeletSetupFailed, Ready=Unknown)

    def set_version(self, version: str) -> None:
        """Upgrade or downgrade every component to ``version`` (per-component releases are
        dropped), keeping the store and explicit gates; ``restart_component(..., version=)``
        moves one component."""
        self._apply(version=version)

    # ------------------------------------------------------------------ nodes
    def add_node(self, name: str, allocatable: Mapping[str, str] | None = None,
                 labels: Mapping[str, str] | None = None,
                 capacity: Mapping[str, str] | None = None,
                 taints: list[dict] | None = None) -> dict:
        alloc = dict(allocatable or {"cpu": "8", "memory": "32Gi", "pods": "110"})
        alloc.setdefault("pods", "110")
        # the kubelet registers its Node with these labels (kubelet_node_status.go
        # initialNode: hostname, and the stable and beta os/arch labels of its platform), so
        # a pod selecting kubernetes.io/os: linux fits here as on a real node
        node = {
            "apiVersion": "v1", "kind": "Node",
            "metadata": {"name": name,
                         "labels": {"kubernetes.io/hostname": name, **NODE_PLATFORM_LABELS,
                                    **dict(labels or {})}},
            "spec": {},
        }
        if taints:
            node["spec"]["taints"] = list(taints)
        created = self.api.create(node)
        from drakit import __version__
        version = self._version_of(f"{KUBELET}/{name}")
        created["status"] = {
            "capacity": dict(capacity or alloc),
            "allocatable": alloc,
            "conditions": [{"type": "Ready", "status": "True", "reason": "KubeletReady",
                            "message": "kubelet is posting ready status",
                            "lastHeartbeatTime": self.clock.timestamp(),
                            "lastTransitionTime": self.clock.timestamp()}],
            "addresses": [{"type": "Hostname", "address": name}],
            "daemonEndpoints": {"kubeletEndpoint": {"Port": 10250}},
            # what the kubelet knows of itself (setNodeStatus); no machine or runtime behind
            # the reference, so machineID, bootID, kernel and OS image stay empty
            "nodeInfo": {"kubeletVersion": f"v{version}.0", "operatingSystem": "linux",
                         "architecture": "amd64",
                         "containerRuntimeVersion": f"drakit://{__version__}"},
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
               settle: bool = True, grace_period_seconds: int | None = None) -> dict:
        info = self._info(kind)
        out = self.api.delete(info.kind, name,
                              (namespace or "default") if info.namespaced else None,
                              grace_period_seconds=grace_period_seconds)
        if settle:
            self.settle()
        return out

    def update_status(self, obj: Mapping[str, Any]) -> dict:
        out = self.api.update_status(obj)
        self.settle()
        return out

    def patch(self, kind: str, name: str, patch: Mapping[str, Any],
              namespace: str | None = None, subresource: str | None = None,
              settle: bool = True) -> dict:
        info = self._info(kind)
        out = self.api.patch(info.kind, name, patch,
                             (namespace or "default") if info.namespaced else None,
                             subresource=subresource)
        if settle:
            self.settle()
        return out

    def events(self, kind: str | None = None, name: str | None = None,
               namespace: str | None = None) -> list[dict]:
        evs = self.api.list("Event", namespace)
        return [e for e in evs
                if (kind is None or e["involvedObject"].get("kind") == kind)
                and (name is None or e["involvedObject"].get("name") == name)]

    def metrics(self) -> str:
        """Prometheus text exposition of every component's metrics, as one scrape.

        A family several components expose is merged, its equal series summed: from 1.37
        kube-scheduler and kube-controller-manager both count claim creates in
        ``dynamic_resource_allocation_resourceclaim_creates_total`` (kubernetes/kubernetes#138542;
        "the component where this metric gets collected is another dimension"), which a
        cluster-wide Prometheus query sums over the components' scrapes."""
        texts = []
        for c in self.components:
            fn = getattr(c, "metrics_text", None)
            if fn:
                texts.append(fn())
        return merge_expositions(texts)

    # ------------------------------------------------------------------ kubelets
    def _kubelet_manager(self):
        from drakit.kubelet import KubeletManager
        for c in self.components:
            if isinstance(c, KubeletManager) and not c.closed:
                return c
        return None

    def _kubelets(self):
        manager = self._kubelet_manager()
        if manager is None:
            raise RuntimeError("this cluster runs no kubelets")
        return manager

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


def merge_expositions(texts: list[str]) -> str:
    """One Prometheus text exposition from several: each family's HELP/TYPE once, in the
    order families first appear, and a series that more than one text has given the sum
    of its values."""
    families: dict[str, list[str]] = {}  # name -> comment lines
    samples: dict[str, dict[str, float | str]] = {}  # name -> series -> value
    for text in texts:
        for line in text.splitlines():
            if not line.strip():
                continue
            if line.startswith("#"):
                parts = line.split(None, 3)
                name = parts[2] if len(parts) > 2 and parts[1] in ("HELP", "TYPE") else ""
                fam = families.setdefault(name, [])
                samples.setdefault(name, {})
                if not any(c.split(None, 2)[:2] == line.split(None, 2)[:2] for c in fam):
                    fam.append(line)
                continue
            series, _, value = line.rpartition(" ")
            name = series.split("{", 1)[0]
            families.setdefault(name, [])
            got = samples.setdefault(name, {})
            old = got.get(series)
            got[series] = value if old is None else _sum(old, value)
    out: list[str] = []
    for name, comments in families.items():
        out.extend(comments)
        out.extend(f"{series} {value}" for series, value in samples.get(name, {}).items())
    return "\n".join(out) + "\n" if out else ""


def _sum(a: float | str, b: str) -> str:
    total = float(a) + float(b)
    return str(int(total)) if total.is_integer() else repr(total)
