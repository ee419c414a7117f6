"""The invariants every fuzzed input is held to (issue 13, "Keep it that way").

* every input gets success or a 4xx Status, never a 500 or another exception (except the
  500 kube-apiserver answers itself: UPSTREAM_500S);
* nothing refused is stored (the resourceVersion does not move, the object is absent);
* every stored object is plain JSON, can be listed, watched and deleted;
* no single request takes over 1 s of CPU;
* ``settle()`` always returns (components never die on stored data).

A violation is recorded with the input that caused it (repr, truncated) and fails the test;
the counters feed docs/fuzz.md.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from drakit import Cluster
from drakit.api import errors as E
from drakit.features import GATES
from drakit.kinds import KINDS

VERSION = os.environ.get("DRAKIT_FUZZ_VERSION", "1.37")
EXAMPLES = int(os.environ.get("DRAKIT_FUZZ_EXAMPLES", "0") or 0)
"""Objects per kind; 0 = the short budget of the unit suite."""
CPU_LIMIT = 1.0
# the 500s kube-apiserver answers itself, for input a client sends: the etcd3 store's plain
# error for a create that names a resourceVersion (ErrResourceVersionSetOnCreate)
UPSTREAM_500S = (E.RESOURCE_VERSION_SET_ON_CREATE,)
SETTLE_EVERY = 25


def all_gates_on(version: str = VERSION) -> dict[str, bool]:
    """Every gate the version knows, on (locked ones at their locked value): more code runs."""
    return {name: (spec.default if spec.locked else True)
            for name, spec in GATES[version].items()}


def served_kinds(version: str = VERSION) -> list[tuple[str, str]]:
    """(apiVersion, kind) of every kind drakit serves at ``version`` with all gates on."""
    c = Cluster(version=version, feature_gates=all_gates_on(version))
    ctx = c.api.context()
    return [(av, info.kind) for info in KINDS.values() for av in info.api_versions(ctx)]


CONTAINER = {"name": "c", "image": "registry.k8s.io/pause:3.10"}
POD_SPEC = {"containers": [dict(CONTAINER)]}
SEEDS: dict[str, dict[str, Any]] = {
    "Namespace": {"metadata": {}},
    "Node": {"metadata": {}, "status": {"allocatable": {"cpu": "4", "memory": "8Gi",
                                                        "pods": "110"}}},
    "Pod": {"metadata": {}, "spec": POD_SPEC},
    "Event": {"metadata": {}, "involvedObject": {"kind": "Pod", "name": "p",
                                                 "namespace": "default"},
              "reason": "Fuzzed", "message": "m", "type": "Normal"},
    "ResourceQuota": {"metadata": {}, "spec": {"hard": {"pods": "100"}}},
    "DeviceClass": {"metadata": {}, "spec": {"selectors": [
        {"cel": {"expression": 'device.driver == "gpu.example.com"'}}]}},
    "ResourceSlice": {"metadata": {}, "spec": {
        "driver": "gpu.example.com", "nodeName": "n1",
        "pool": {"name": "n1", "resourceSliceCount": 1},
        "devices": [{"name": "gpu-0", "attributes": {"index": {"int": 0}},
                     "capacity": {"memory": {"value": "80Gi"}}}]}},
    "ResourceClaim": {"metadata": {}, "spec": {"devices": {"requests": [
        {"name": "gpu", "exactly": {"deviceClassName": "gpu.example.com"}}]}}},
    "ResourceClaimTemplate": {"metadata": {}, "spec": {"spec": {"devices": {"requests": [
        {"name": "gpu", "exactly": {"deviceClassName": "gpu.example.com"}}]}}}},
    "PodGroup": {"metadata": {}, "spec": {"schedulingPolicy": {"basic": {}}}},
    "Workload": {"metadata": {}, "spec": {"podGroupTemplates": [
        {"name": "t", "schedulingPolicy": {"basic": {}}}]}},
    "Deployment": {"metadata": {}, "spec": {
        "replicas": 1, "selector": {"matchLabels": {"app": "f"}},
        "template": {"metadata": {"labels": {"app": "f"}}, "spec": POD_SPEC}}},
    "RuntimeClass": {"metadata": {}, "handler": "runc",
                     "overhead": {"podFixed": {"cpu": "250m", "memory": "120Mi"}}},
    "ReplicaSet": {"metadata": {}, "spec": {
        "replicas": 1, "selector": {"matchLabels": {"app": "f"}},
        "template": {"metadata": {"labels": {"app": "f"}}, "spec": POD_SPEC}}},
    "PriorityClass": {"metadata": {}, "value": 1000, "description": "fuzzed",
                      "preemptionPolicy": "Never"},
    "ValidatingAdmissionPolicy": {"metadata": {}, "spec": {
        "matchConstraints": {"resourceRules": [
            {"apiGroups": [""], "apiVersions": ["v1"], "operations": ["CREATE"],
             "resources": ["configmaps"]}]},
        "matchConditions": [{"name": "labelled", "expression": "has(object.metadata.labels)"}],
        "validations": [{"expression": "object.metadata.name.size() < 64",
                         "messageExpression": "'too long: ' + object.metadata.name"}]}},
    "ValidatingAdmissionPolicyBinding": {"metadata": {}, "spec": {
        "policyName": "fuzzed", "validationActions": ["Audit"],
        "matchResources": {"namespaceSelector": {"matchLabels": {"team": "a"}}}}},
}


@dataclass
class Stats:
    objects: Counter = field(default_factory=Counter)
    stored: Counter = field(default_factory=Counter)
    refused: Counter = field(default_factory=Counter)
    warnings: Counter = field(default_factory=Counter)
    violations: list[str] = field(default_factory=list)
    max_cpu: float = 0.0
    seconds: float = 0.0


class World:
    """A cluster with every gate on, a node with a GPU slice, and the invariants."""

    def __init__(self, stats: Stats, version: str = VERSION) -> None:
        self.stats = stats
        self.cluster = Cluster(version=version, feature_gates=all_gates_on(version))
        self.api = self.cluster.api
        self.cluster.add_node("n1", allocatable={"cpu": "8", "memory": "32Gi", "pods": "110"})
        self.cluster.apply({"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
                            "metadata": {"name": "gpu.example.com"},
                            "spec": {"selectors": [{"cel": {
                                "expression": 'device.driver == "gpu.example.com"'}}]}})
        self.pending: list[tuple[str, str, str | None]] = []

    def violation(self, what: str, obj: Any) -> None:
        text = repr(obj)
        self.stats.violations.append(f"{what}; input: {text[:600]}")

    def _timed(self, fn: Any, what: Any = None) -> Any:
        t0 = time.process_time()
        try:
            return fn()
        finally:
            cpu = time.process_time() - t0
            self.stats.max_cpu = max(self.stats.max_cpu, cpu)
            if cpu > CPU_LIMIT:
                self.violation(f"a request took {cpu:.2f} s of CPU", what)

    def write(self, obj: Any, mode: str, kind_label: str, verb: str = "create") -> None:
        """One write through the API server, then the invariants."""
        self.stats.objects[kind_label] += 1
        _bound_replicas(obj[3] if verb == "patch" else obj)
        rv0 = self.api.resource_version
        warnings: list[str] = []
        try:
            if verb == "create":
                out = self._timed(lambda: self.api.create(obj, field_validation=mode,
                                                          warnings=warnings), obj)
            elif verb == "update":
                out = self._timed(lambda: self.api.update(obj, field_validation=mode,
                                                          warnings=warnings), obj)
            else:
                kind, name, ns, patch = obj
                out = self._timed(lambda: self.api.patch(kind, name, patch, ns,
                                                         field_validation=mode,
                                                         warnings=warnings), obj)
        except E.StatusError as e:
            self.stats.refused[f"{e.code} {e.reason}"] += 1
            if not 400 <= e.code < 500 and not upstream_500(e.code, e.message):
                self.violation(f"{verb} answered {e.code} {e.reason}: {e.message[:200]}", obj)
            if self.api.resource_version != rv0:
                self.violation(f"a refused {verb} changed the store", obj)
            return
        except Exception as e:  # noqa: BLE001 - exactly what the invariant forbids
            self.violation(f"{verb} raised {type(e).__name__}: {e}", obj)
            return
        self.stats.stored[kind_label] += 1
        if warnings:
            self.stats.warnings[kind_label] += 1
        self._check_stored(out, obj)

    def _check_stored(self, out: dict, obj: Any) -> None:
        try:
            json.dumps(out, allow_nan=False)
        except (TypeError, ValueError) as e:
            self.violation(f"a stored object is not plain JSON: {e}", obj)
        kind, md = out["kind"], out["metadata"]
        name, ns = md["name"], md.get("namespace")
        try:
            listed = [o for o in self.api.list(kind, ns) if o["metadata"]["name"] == name]
            json.dumps(self.api.list(kind), allow_nan=False)
            seen = [ev for ev in self.api.watch(0, [kind])
                    if ev.object["metadata"]["name"] == name]
            if not listed or not seen:
                self.violation("a stored object is missing from list or watch", obj)
        except Exception as e:  # noqa: BLE001
            self.violation(f"list/watch raised {type(e).__name__}: {e}", obj)
        self.pending.append((kind, name, ns))
        if len(self.pending) >= SETTLE_EVERY:
            self.flush()

    def settle(self) -> None:
        t0 = time.monotonic()
        seen = len(self.cluster.internal_errors())
        try:
            self.cluster.settle(max_rounds=10_000)
        except Exception as e:  # noqa: BLE001 - settle() must always return
            self.violation(f"settle() raised {type(e).__name__}: {e}", self.pending[-3:])
        if time.monotonic() - t0 > 60:
            self.violation(f"settle() took {time.monotonic() - t0:.0f} s", self.pending[-3:])
        # what the API server accepted never makes a component raise (Cluster.internal_errors)
        for err in self.cluster.internal_errors()[seen:]:
            self.violation(f"a component hit an internal error: {err}", self.pending[-3:])
        # the components' caches equal what the stored objects give (their cache comparers)
        for line in self.cluster.cache_mismatches()[:3]:
            self.violation(f"a component's cache drifted: {line}", self.pending[-3:])
        for line in self.cluster.unreported_writes[:3]:
            self.violation(f"a component wrote without saying so: {line}", self.pending[-3:])
        self.cluster.unreported_writes.clear()

    def flush(self) -> None:
        """Settle, delete everything stored since the last flush, settle again."""
        self.settle()
        for kind, name, ns in self.pending:
            if kind == "Namespace" and name in ("default", "kube-system"):
                continue
            try:
                self._timed(lambda k=kind, n=name, s=ns: self.api.delete(
                    k, n, s, grace_period_seconds=0), (kind, name, ns))
            except E.NotFound:
                pass  # collected already (garbage collector, namespace deletion)
            except Exception as e:  # noqa: BLE001
                self.violation(f"delete raised {type(e).__name__}: {e}", (kind, name, ns))
        self.settle()
        self.pending = []


MAX_REPLICAS = 20


def _bound_replicas(obj: Any) -> None:
    """Deployments/ReplicaSets keep at most MAX_REPLICAS replicas. A faithful ReplicaSet
    controller creates as many pods as ``spec.replicas`` asks (up to 2^31-1 is valid: a
    real cluster would create pods until quota or etcd stops it), so a fuzzed 2147483647
    makes settle() run for minutes creating pods. That is a measure of throughput, not an
    invariant; the first long run found it (docs/fuzz.md)."""
    spec = obj.get("spec") if isinstance(obj, dict) else None
    if isinstance(spec, dict) and type(spec.get("replicas")) is int and \
            obj.get("kind", "Deployment") in ("Deployment", "ReplicaSet") and \
            spec["replicas"] > MAX_REPLICAS:
        spec["replicas"] = MAX_REPLICAS


def report(stats: Stats) -> dict[str, Any]:
    return {"version": VERSION, "objects": dict(stats.objects), "stored": dict(stats.stored),
            "refused": dict(stats.refused), "with_warnings": dict(stats.warnings),
            "violations": len(stats.violations), "max_cpu_seconds": round(stats.max_cpu, 3),
            "seconds": round(stats.seconds, 1)}


def upstream_500(code: int, message: str) -> bool:
    """A 500 kube-apiserver gives the same input (UPSTREAM_500S), not a drakit fault."""
    return code == 500 and message in UPSTREAM_500S
