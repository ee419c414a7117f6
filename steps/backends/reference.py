"""ReferenceBackend: the steps' Backend over ``drakit.Cluster``, in process.

A fresh cluster per scenario; waiting is "settle", which is exact rather than polled.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

import drakit
from drakit.kinds import find_kind

from .base import ApiError, PodResourcesError, Unsupported


class ReferenceBackend:
    name = "reference"

    def __init__(self) -> None:
        self.cluster: drakit.Cluster | None = None
        self._ns = "default"
        self._bugs: list[tuple[str, list[int]]] = []
        """The drakit bugs injected in this scenario (``inject_bug``), each with its calls left."""

    # -- lifecycle ---------------------------------------------------------------
    def start_scenario(self, scenario: str, version: str, gates: Mapping[str, bool]) -> None:
        self._bugs = []
        try:
            self.cluster = drakit.Cluster(version=version, feature_gates=dict(gates))
        except drakit.FeatureGateError as e:
            raise Unsupported(str(e)) from None

    def end_scenario(self) -> None:
        if self.cluster is not None:
            self.cluster.close()  # close sockets and gRPC threads now, not at GC
        self.cluster = None

    def internal_errors(self) -> list[str]:
        """The drakit bugs the components hit during this scenario (``Cluster.internal_errors``),
        one line each; steps/conftest.py fails a scenario that has any."""
        if self.cluster is None:
            return []
        # an armed interleaved write that never happened tested nothing (and must not go off
        # in the restart check): the scenario fails
        unfired = [f"another client's write never happened: {line}"
                   for line in self.cluster.api.interleaved_pending()]
        unfired += [f"an injected drakit bug was never hit: {line}"
                    for line in self.injected_bugs_pending()]
        return [str(e) for e in self.cluster.internal_errors()] + self.cluster.unreported_writes + unfired

    def cache_mismatches(self) -> list[str]:
        """How the components' caches drifted from the stored objects (``Cluster.cache_mismatches``);
        steps/conftest.py fails a scenario that has any."""
        return self.cluster.cache_mismatches() if self.cluster is not None else []

    def writes_after_restart(self) -> list[str]:
        """What a fresh controller-manager and fresh kubelets write to the cluster as the
        scenario left it (``Cluster.writes_after_restart``), plus any internal error they hit
        doing so; steps/conftest.py fails a scenario that has any. Changes the cluster: for
        the end of a scenario only."""
        if self.cluster is None:
            return []
        seen = len(self.internal_errors())
        out = self.cluster.writes_after_restart()
        return out + self.internal_errors()[seen:]

    # -- the reference's self-check (capability reference-internals) --------------------
    def component_errors(self) -> list[dict]:
        """``Cluster.errors()``: what the components could not handle and keep retrying."""
        return [e.as_dict() for e in self.c.errors()]

    def take_internal_errors(self) -> list[dict]:
        """``Cluster.take_internal_errors()``: the internal errors so far, then forgotten."""
        return [e.as_dict() for e in self.c.take_internal_errors()]

    def store_past_validation(self, obj: dict) -> dict:
        """Store ``obj`` as it is, as an older release, a bug or a direct etcd write would have
        left it: stamped like a create (a replace when it exists), no validation, defaulting or
        admission, and the watch event the components see; then settle."""
        stored = self.c.api.store_past_validation(obj, self._ns)
        self.c.settle()
        return copy.deepcopy(stored)

    INTERLEAVE_LABEL = "drakit.io/interleaved-write"

    def interleave_writes(self, change: str, kind: str, name: str, times: int) -> None:
        """``APIServer.interleave``: the change runs inside the API server just before each of
        the next ``times`` writes to the object (no settle in between: the write it races
        with is already on its way)."""
        if change not in ("deletes", "labels"):
            raise ValueError(f"another client can delete or label an object, not {change!r}")
        api = self.c.api
        ns = self._ns if api.kind_info(kind).namespaced else None
        count = [0]

        def act() -> None:
            if change == "deletes":
                api.delete(kind, name, ns)
            else:
                count[0] += 1
                api.patch(kind, name, {"metadata": {"labels": {self.INTERLEAVE_LABEL: str(count[0])}}}, ns)

        api.interleave(kind, name, ns, act, times)

    def interleaved_writes_pending(self) -> list[str]:
        return self.c.api.interleaved_pending()

    #: Where the steps can put a drakit bug: (component, where) -> the method that raises,
    #: a dotted path from the component ("kubelet/<node>" is that node's Kubelet), each called
    #: inside one of the component's guards (drakit/component.py says what a guard records).
    BUG_SITES: dict[tuple[str, str], str] = {
        ("kubelet", "sync loop"): "sync",                  # KubeletManager.sync's guard
        ("kubelet", "watch handling"): "_observe",         # Kubelet.sync, per watch event
        ("kubelet", "pod sync"): "_sync_pod",              # Kubelet._reconcile, per pod
        ("kubelet", "cleanup"): "_cleanup",                # Kubelet._reconcile, per gone pod
        ("kube-scheduler", "scheduling cycle"): "_schedule",
        ("kube-scheduler", "binding cycle"): "_bind",
        ("kube-scheduler", "Unreserve"): "dynamic.unreserve",
        ("controller", "relist"): "resync",                # Controller._relist
        ("controller", "event handling"): "handle",        # Controller._handle_guarded
        ("controller", "handling of event batches"): "handle",
        ("garbage-collector", "collection"): "_collect",
        ("namespace-controller", "namespace sync"): "sync_namespace",
        ("resourceclaim-controller", "pod sync"): "sync_pod",
    }
    MAX_BUG_CALLS = 100

    def inject_bug(self, component: str, where: str, times: int) -> None:
        """Make one method of a running component raise ``RuntimeError`` on its next
        ``times`` calls (for "handling of event batches": calls with more than one event),
        then behave again: the exception a drakit bug would raise there, to show that the
        component's guard records it against the right object and goes on. Armed on the
        component's current object (a restart replaces it); a bug never hit fails the
        scenario (``internal_errors``)."""
        if not 1 <= times <= self.MAX_BUG_CALLS:
            raise ValueError(f"a drakit bug can be injected into 1 to {self.MAX_BUG_CALLS} "
                             f"calls, not {times}")
        target = self._running_component(component)
        if component.startswith("kubelet/"):
            site = self.BUG_SITES.get(("kubelet", where))
        else:
            site = self.BUG_SITES.get((component, where))
            if site is None and hasattr(target, "failure_reason"):
                site = self.BUG_SITES.get(("controller", where))  # every controller has these
        if site is None:
            kinds = {component.split("/")[0]} | ({"controller"} if hasattr(target, "failure_reason")
                                                 else set())
            known = sorted({w for (comp, w) in self.BUG_SITES if comp in kinds})
            raise AssertionError(f"the reference has no place {where!r} in {component} to put a "
                                 f"drakit bug (one of: {', '.join(known)})")
        *path, attr = site.split(".")
        for step in path:
            target = getattr(target, step)
        original = getattr(target, attr)
        left = [times]
        label = f"{component}'s {where}"
        batches_only = where == "handling of event batches"

        def buggy(*args: Any, **kwargs: Any) -> Any:
            if left[0] > 0 and not (batches_only and len(args[0]) < 2):
                left[0] -= 1
                raise RuntimeError(f"drakit bug injected into {label}")
            return original(*args, **kwargs)

        setattr(target, attr, buggy)  # an instance attribute: the class stays as it is
        self._bugs.append((label, left))

    def _running_component(self, component: str) -> Any:
        """The running component named as in a failure record: "kube-scheduler", a
        controller's name, or "kubelet/<node>" for that node's kubelet."""
        c = self.c
        if component.startswith("kubelet/"):
            manager = next((x for x in c.components if getattr(x, "name", "") == "kubelet"), None)
            target = manager.kubelets.get(component.split("/", 1)[1]) if manager is not None else None
        else:
            target = next((x for x in c.components if getattr(x, "name", "") == component), None)
        if target is None:
            raise AssertionError(f"no running component {component!r} on the reference")
        return target

    def injected_bugs_pending(self) -> list[str]:
        return [f"{label} ({n[0]} more)" for label, n in self._bugs if n[0] > 0]

    def drift_component_cache(self, component: str, change: str, kind: str, name: str) -> None:
        """Change one component's informer-fed cache behind its back (no watch event, nothing
        stored changes), the drift a bug in its incremental updates would leave:

        - ``kube-scheduler`` "forgets" a Node (its node cache) or "misses the last update of"
          one (its cached copy keeps an older resourceVersion and one cpu less), a bound Pod (its node cache's
          pods and what they request), a ResourceClaim (its DRA informer cache, with what the
          claim's allocation takes), a PodGroup (its PodGroup cache) or a ResourceSlice (its
          allocator cache), or "forgets the
          allocation of" a ResourceClaim (its cached copy loses status.allocation and
          reservedFor: an informer that missed the claim's status writes), or "drops from its
          per-node slice lists" a ResourceSlice (the memoised list each node is offered);
        - ``resourceclaim-controller`` "forgets" a ResourceClaim (its index by controlling
          owner);
        - ``garbage-collector`` "forgets the dependents of" an owner (its graph);
        - ``namespace-controller`` "keeps polling" a Namespace (a content poll of one that is
          not terminating);
        - ``kubelet/<node>`` "forgets" its Node, a Pod (its pod cache; admitted and status stay) or a
          ResourceClaim (its DRA manager's claim cache, which then differs from the manager's
          checkpoint), or "forgets the device plugin devices of" a Pod (its device manager's
          assignments, which then differ from that manager's checkpoint)."""
        c = self.c
        obj = self.get(kind, name)
        uid = obj["metadata"].get("uid", "")
        target = self._running_component(component)
        if (component, change, kind) == ("kube-scheduler", "forgets", "Node"):
            target.nodes.nodes.pop(name)
        elif (component, change, kind) == ("kube-scheduler", "misses the last update of", "Node"):
            # an informer that missed the node's last update: the cached copy keeps its older
            # allocatable (the stored one with one cpu less) and resourceVersion
            ni = target.nodes.nodes[name]
            stale = copy.deepcopy(ni.node)
            stale["metadata"]["resourceVersion"] = "1"
            alloc = stale.setdefault("status", {}).setdefault("allocatable", {})
            alloc["cpu"] = f"{max(ni.allocatable.get('cpu', 0) - 1000, 0)}m"
            ni.set_node(stale)
        elif (component, change, kind) == ("kube-scheduler", "forgets", "Pod"):
            # a bound pod, as its delete handler would forget it: off its node's books too
            target.nodes.remove_pod(uid)
        elif (component, change, kind) == ("kube-scheduler", "forgets", "ResourceClaim"):
            # as its delete handler would: the claim, its owner index and what its allocation
            # takes (devices, shares, consumed capacity) all go
            target.dra.set_claim(None, (obj["metadata"].get("namespace", "default"), name))
        elif (component, change, kind) == ("kube-scheduler", "forgets the allocation of",
                                           "ResourceClaim"):
            # an informer that missed the claim's status writes: the cached copy has no
            # allocation or reservation, and takes no devices
            key = (obj["metadata"].get("namespace", "default"), name)
            stale = copy.deepcopy(target.dra.claims[key])
            for field in ("allocation", "reservedFor"):
                (stale.get("status") or {}).pop(field, None)
            target.dra.set_claim(stale, key)
        elif (component, change, kind) == ("kube-scheduler", "forgets", "DeviceClass"):
            target.dra.set_class(None, name)  # as its delete handler would
        elif (component, change, kind) == ("kube-scheduler", "forgets everything it knows of",
                                           "ResourceSlice"):
            # its informer's copy and every index built from it, as its delete handler would
            target.dra.set_slice(None, name)
        elif (component, change, kind) == ("kube-scheduler", "forgets it is to schedule", "Pod"):
            target.pending.pop((obj["metadata"].get("namespace", "default"), name))
        elif (component, change, kind) == ("kube-scheduler", "drops from its queue", "Pod"):
            target.queue.delete((obj["metadata"].get("namespace", "default"), name))
        elif (component, change, kind) == ("kube-scheduler", "drops from its per-node slice lists",
                                           "ResourceSlice"):
            # the memoised list of slices each node is offered loses the slice while the
            # informer copy, the indexes and the DRA generations stay
            for node, lst in target.dra._slice_lists.items():
                target.dra._slice_lists[node] = [s for s in lst if s["metadata"]["name"] != name]
        elif (component, change, kind) == ("kube-scheduler", "forgets", "PodGroup"):
            # its PodGroup informer cache, as the delete handler would
            target.podgroups.pop((obj["metadata"].get("namespace", "default"), name))
        elif (component, change, kind) == ("kube-scheduler", "forgets", "ResourceSlice"):
            # its allocator cache drops the slice while the informer-side indexes and the
            # nodes' DRA generations stay: memoised Filter results still count as current
            target.dra.alloc.delete_slice(name)
        elif (component, change, kind) == ("resourceclaim-controller", "forgets", "ResourceClaim"):
            # its claim index by controlling owner, as its delete handler would
            target._index(obj, deleted=True)
        elif (component, change) == ("garbage-collector", "forgets the dependents of"):
            target.dependents.pop(uid)
        elif (component, change, kind) == ("namespace-controller", "keeps polling", "Namespace"):
            import datetime

            target.requeue_at[name] = c.clock.now() + datetime.timedelta(hours=1)
        elif component.startswith("kubelet/") and (change, kind) == ("forgets", "Node"):
            target.node = None  # its own Node, as the Node's delete handler would
        elif component.startswith("kubelet/") and (change, kind) == ("forgets", "Pod"):
            target.pods.pop(uid)
        elif component.startswith("kubelet/") and \
                (change, kind) == ("forgets the device plugin devices of", "Pod"):
            plugins = target.device_plugins
            with plugins.lock:
                for key in [k for k in plugins.assigned if k[0] == uid]:
                    del plugins.assigned[key]
        elif component.startswith("kubelet/") and (change, kind) == ("forgets", "ResourceClaim") \
                and target.dra is not None:
            with target.dra.lock:
                target.dra.cache.pop((obj["metadata"].get("namespace", "default"), name))
        else:
            raise AssertionError(f"the reference cannot make {component} {change} the {kind} "
                                 f"{name} (see ReferenceBackend.drift_component_cache)")

    @property
    def c(self) -> drakit.Cluster:
        if self.cluster is None:
            raise RuntimeError("no scenario is running on the reference backend")
        return self.cluster

    # -- what the cluster is ----------------------------------------------------
    @property
    def version(self) -> str:
        return self.c.version

    def gate_enabled(self, gate: str) -> bool:
        return self.c.gates.enabled(gate)

    def set_feature_gates(self, gates: Mapping[str, bool]) -> None:
        """Every component restarts with the gates and reacts at once (settles), as on a
        live cluster, where restarted components catch up before the next step looks."""
        try:
            self.c.set_feature_gates(gates)
        except drakit.FeatureGateError as e:
            raise Unsupported(str(e)) from None
        self.c.settle()

    def set_version(self, version: str) -> None:
        try:
            self.c.set_version(version)
        except drakit.FeatureGateError as e:
            raise Unsupported(str(e)) from None

    def restart_component(self, component: str, node: str | None = None,
                          gates: Mapping[str, bool] | None = None,
                          version: str | None = None) -> None:
        """``Cluster.restart_component``: a locked or unknown gate is Unsupported (as for
        ``set_feature_gates``); a release the version skew policy forbids is the scenario's
        mistake."""
        name = f"{component}/{node}" if node is not None else component
        try:
            self.c.restart_component(name, gates=gates, version=version)
        except drakit.FeatureGateError as e:
            raise Unsupported(str(e)) from None
        except drakit.VersionSkewError as e:
            raise AssertionError(str(e)) from None

    @property
    def namespace(self) -> str:
        return self._ns

    def use_namespace(self, namespace: str | None) -> None:
        self._ns = namespace or "default"

    def namespaced(self, kind: str) -> bool:
        info = find_kind(kind)
        return bool(info and info.namespaced)

    # -- objects ----------------------------------------------------------------
    def add_node(self, name: str, allocatable: Mapping[str, str] | None = None,
                 labels: Mapping[str, str] | None = None) -> dict:
        return self.c.add_node(name, allocatable=allocatable, labels=labels)

    def apply(self, objects: list[dict], dry_run: bool = False) -> list[dict]:
        try:
            return self.c.apply(objects, namespace=self._ns, dry_run=dry_run)
        except drakit.StatusError as e:
            raise ApiError.from_status(e.status()) from None

    def create(self, obj: dict, field_validation: str | None = None,
               warnings: list[str] | None = None) -> dict:
        try:
            out = self.c.api.create(obj, namespace=self._ns, field_validation=field_validation,
                                    warnings=warnings)
            self.c.settle()
            return out
        except drakit.StatusError as e:
            raise ApiError.from_status(e.status()) from None

    def get(self, kind: str, name: str, namespaced: bool = True) -> dict:
        try:
            return self.c.get(kind, name, self._ns if self.namespaced(kind) else None)
        except drakit.StatusError as e:
            raise ApiError.from_status(e.status()) from None

    def bind(self, pod: str, node: str) -> None:
        try:
            self.c.api.bind(pod, self._ns, node)
        except drakit.StatusError as e:
            raise ApiError.from_status(e.status()) from None
        self.c.settle()

    def list(self, kind: str, label_selector: str | None = None) -> list[dict]:
        return self.c.list(kind, self._ns if self.namespaced(kind) else None, label_selector)

    def delete(self, kind: str, name: str, wait: bool = True,
               grace_period_seconds: int | None = None) -> None:
        try:
            self.c.delete(kind, name, self._ns if self.namespaced(kind) else None, settle=wait,
                          grace_period_seconds=grace_period_seconds)
        except drakit.StatusError as e:
            raise ApiError.from_status(e.status()) from None

    def update(self, obj: dict, subresource: str | None = None) -> dict:
        try:
            out = self.c.api.update(obj, subresource=subresource)
            self.c.settle()
            return out
        except drakit.StatusError as e:
            raise ApiError.from_status(e.status()) from None

    def patch(self, kind: str, name: str, patch: dict, subresource: str | None = None,
              wait: bool = True) -> dict:
        try:
            return self.c.patch(kind, name, patch,
                                self._ns if self.namespaced(kind) else None, subresource,
                                settle=wait)
        except drakit.StatusError as e:
            raise ApiError.from_status(e.status()) from None

    def events(self, kind: str | None = None, name: str | None = None) -> list[dict]:
        return self.c.events(kind, name)

    def rejecting_plugins(self, pod: str) -> set[str]:
        sched = next((x for x in self.c.components if getattr(x, "name", "") == "kube-scheduler"),
                     None)
        if sched is None:
            raise AssertionError("no kube-scheduler runs on the reference")
        key = (self._ns, pod)
        q = sched.queue
        qp = q.unschedulable.get(key) or q.backoff.get(key) or q.active.get(key)
        if qp is None:
            raise AssertionError(f"the Pod {pod} is not waiting in the scheduling queue")
        return set(qp.unschedulable_plugins)

    def check_node_counts_comparable(self, message: str) -> None:
        return None  # every node of the reference is the scenario's

    def metrics(self) -> str:
        return self.c.metrics()

    # -- waiting ----------------------------------------------------------------
    def settle(self) -> None:
        self.c.settle()

    def wait_for(self, what: str, predicate: Callable[[], Any], timeout: float | None = None,
                 time_passes: bool = False):
        self.c.settle()
        last = predicate()
        if last or not time_passes:
            return last
        for _ in range(int(60 if timeout is None else timeout)):  # bounded: logical seconds
            self.c.advance(1)
            last = predicate()
            if last:
                return last
        return last

    def advance(self, seconds: float) -> None:
        self.c.advance(seconds)

    # reference-only access for steps that need node-level state (kubelet, PodResources)
    def kubelet(self, node: str):
        fn = getattr(self.c, "kubelet", None)
        if fn is None:
            raise Unsupported("the reference cluster has no kubelet model yet")
        try:
            return fn(node)
        except KeyError as e:
            raise AssertionError(str(e)) from None

    def pod_resources(self, node: str) -> _PodResources:
        k = self.kubelet(node)
        if k.pod_resources is None:
            raise AssertionError(f"the kubelet on node {node} is not running: {k.start_error}")
        return _PodResources(k.pod_resources)

    def restart_kubelet(self, node: str) -> None:
        self.kubelet(node)
        self.c.restart_kubelet(node)

    def crash_kubelet(self, node: str) -> None:
        import socket

        k = self.kubelet(node)
        path = k.socket_path
        k.stop()  # a clean stop removes the socket file; a crash leaves one nobody answers on
        stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            stale.bind(str(path))
        finally:
            stale.close()
        self.c.restart_kubelet(node)

    def _checkpoint_path(self, node: str, manager: str):
        k = self.kubelet(node)
        if manager == "DRA":
            return k.checkpoint_path
        if manager == "device":
            return k.state_dir / "kubelet_internal_checkpoint"
        raise AssertionError(f"a kubelet has no {manager!r} checkpoint (DRA or device)")

    def tamper_checkpoint(self, node: str, old: str, new: str, manager: str = "DRA",
                          recompute_checksum: bool = False) -> None:
        path = self._checkpoint_path(node, manager)
        text = path.read_text(encoding="utf-8")
        if old not in text:
            raise AssertionError(f"the {manager} checkpoint on node {node} does not contain "
                                 f"{old!r}")
        text = text.replace(old, new)
        if recompute_checksum:
            import json

            from drakit.kubelet.checkpoint import checksum
            try:
                doc = json.loads(text)
                doc["checksum"] = checksum(doc["data"])
            except (ValueError, TypeError, KeyError) as e:
                raise AssertionError(f"the edited {manager} checkpoint on node {node} has no "
                                     f"data to checksum: {e}") from None
            text = json.dumps(doc, sort_keys=True, separators=(",", ":"))
        path.write_text(text, encoding="utf-8")

    def checkpoint_mode(self, node: str, manager: str = "DRA") -> int:
        import stat
        return stat.S_IMODE(self._checkpoint_path(node, manager).stat().st_mode)

    def truncate_checkpoint(self, node: str, size: int, manager: str = "DRA") -> None:
        path = self._checkpoint_path(node, manager)
        body = path.read_bytes()
        if size >= len(body):
            raise AssertionError(f"the {manager} checkpoint on node {node} has only "
                                 f"{len(body)} bytes, not more than {size}")
        path.write_bytes(body[:size])

    def fail_dra_driver(self, node: str, driver: str, call: str, message: str | None) -> None:
        try:
            self.kubelet(node).fail_driver(driver, call, message)
        except KeyError as e:
            raise AssertionError(e.args[0]) from None

    def kubelet_metrics(self, node: str) -> str:
        return self.kubelet(node).metrics_text()

    def container_devices(self, node: str, pod: str, container: str) -> list[str]:
        try:
            return self.kubelet(node).cdi_devices(pod, container, self._ns)
        except KeyError as e:
            raise AssertionError(str(e)) from None


def _defined_fields_only(message, method: str) -> dict:
    """The answer in protobuf's JSON mapping, once it is certain to hold only fields the v1
    API defines. drakit's kubelet encodes its answers by hand (server.py, for speed), and the
    JSON mapping, like every protobuf decoder, silently skips bytes of an undefined field: a
    stray byte from the encoder would read as a correct answer. (Only the reference is held to
    this: a live kubelet newer than drakit's api.proto may send fields drakit does not know.)"""
    from google.protobuf import json_format

    known = type(message)()
    known.CopyFrom(message)
    known.DiscardUnknownFields()  # drops bytes only, so any undefined field shows in the size
    if known.ByteSize() != message.ByteSize():
        raise AssertionError(f"drakit's kubelet answered {method} with bytes outside the "
                             "PodResources v1 API (fields api.proto does not define): a defect "
                             "of the reference's encoder")
    return json_format.MessageToDict(message)


class _PodResources:
    """drakit's PodResources client with its errors translated to the steps' type."""

    def __init__(self, client) -> None:
        self._client = client

    def _call(self, fn, *args):
        from drakit.kubelet.podresources.client import PodResourcesRPCError
        try:
            return fn(*args)
        except PodResourcesRPCError as e:
            raise PodResourcesError(e.code, e.message) from None

    def list(self) -> dict:
        return _defined_fields_only(self._call(self._client.list_message), "List")

    def get(self, name: str, namespace: str) -> dict:
        return _defined_fields_only(self._call(self._client.get_message, name, namespace), "Get")

    def get_allocatable_resources(self) -> dict:
        return _defined_fields_only(self._call(self._client.allocatable_message),
                                    "GetAllocatableResources")

    def socket_mode(self) -> str:
        return self._client.socket_mode()
