"""KEP-5004: extended resources backed by DRA, the DynamicResources plugin's helpers.

Why separate: upstream keeps this logic in its own file
(pkg/scheduler/framework/plugins/dynamicresources/extendeddynamicresources.go) and it has
precise, observable rules (api-truth §1.4) that deserve to be read on their own:

* the special claim lives in memory as ``<extended-resources>`` until PreBind creates it
  with ``generateName: <pod>-extended-resources-``, a controller ownerReference to the pod
  and the annotation ``resource.kubernetes.io/extended-resource-claim: "true"``;
* request names ``container-<i>-request-<j>`` (i over initContainers ++ containers, j the
  index of the resource among the container's sorted request keys); a plain init container
  first reuses requests of later long-lived containers; among plain init containers only
  the largest request is kept and their mappings point to it; requests sorted by name;
* per node: device-plugin capacity (allocatable non-zero) wins; DRA-backed and allocatable
  zero goes into the claim; neither -> "cannot fit resource";
* which DeviceClass serves a name is decided by :class:`ExtendedResourceCache`, event by
  event, as the scheduler's informer-fed cache does (including its known 1.35-1.37 bug).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drakit.api.quantity import Quantity
from drakit.claims import (
    EXTENDED_RESOURCE_CLAIM_ANNOTATION,
    is_extended_resource_claim,
)
from drakit.podrequests import pod_requests
from drakit.scheduler.noderesources import DEVICE_CLASS_PREFIX, is_dra_extended_resource_name
from drakit.upstream_bugs import EXTENDED_RESOURCE_CACHE, has_bug

SPECIAL_CLAIM_IN_MEM_NAME = "<extended-resources>"


def _created(cls: Mapping[str, Any]) -> str:
    # RFC 3339 at second precision, as metav1.Time round-trips through the API: the string
    # order is the time order and equal strings are the "created at the same time" case
    return (cls.get("metadata") or {}).get("creationTimestamp") or ""


def _explicit_name(cls: Mapping[str, Any]) -> str | None:
    return (cls.get("spec") or {}).get("extendedResourceName") or None


class ExtendedResourceCache:
    """Which DeviceClass serves an extended resource name, kept from DeviceClass events.

    Why event by event: upstream keeps this in
    k8s.io/dynamic-resource-allocation/deviceclass/extendedresourcecache (read at
    kubernetes-1.35.0 and at 3d036712, 1.37 cycle; same logic), an informer handler that
    updates a map on each add/update/delete, and its answer depends on the order of those
    events. Rules (KEP-5004 "Device Class API"): every class serves
    ``deviceclass.resource.kubernetes.io/<class>``; when several classes carry one
    ``extendedResourceName`` the newest (creationTimestamp) wins, ties go to the
    lexicographically first name.

    ``fixed=False`` reproduces the shipped cache of 1.35-1.37 with its known bug
    kubernetes/kubernetes#141103 (drakit/upstream_bugs.py): an event for a class compares it
    only with the class currently cached under its explicit name, so

    * a class that loses that comparison returns early and never gets its implicit name;
    * an update or delete of any class removes the mapping of its (old) explicit name even
      when another class owns it, so re-pointing a name as the KEP describes (create the new
      class, clear the field of the old one) leaves the name unmapped until the winning class
      gets an event of its own or the scheduler restarts;
    * deleting the winner does not promote the runner-up.

    ``fixed=True`` is kubernetes/kubernetes#141110 (the fix, on master after 1.37): the
    candidates of each explicit name are kept and the winner recomputed on every event;
    implicit names never depend on the arbitration. drakit uses it where the bug is absent
    (1.38+; and 1.34, which had no cache and picked among several classes non-deterministically,
    kubernetes/kubernetes#133693, so scenarios about several classes start at 1.35).
    """

    def __init__(self, fixed: bool) -> None:
        self.fixed = fixed
        self._by_name: dict[str, Mapping[str, Any]] = {}
        self._classes: dict[str, Mapping[str, Any]] = {}

    @classmethod
    def for_version(cls, version: str) -> ExtendedResourceCache:
        return cls(fixed=not has_bug(version, EXTENDED_RESOURCE_CACHE))

    # -- informer events
    def on_add(self, new: Mapping[str, Any]) -> None:
        self._event(new, None)

    def on_update(self, old: Mapping[str, Any], new: Mapping[str, Any]) -> None:
        self._event(new, old)

    def on_delete(self, old: Mapping[str, Any]) -> None:
        name = old["metadata"]["name"]
        self._classes.pop(name, None)
        if self.fixed:
            return
        # removeResourceName2class: both keys go, whoever holds the explicit one
        self._by_name.pop(DEVICE_CLASS_PREFIX + name, None)
        ext = _explicit_name(old)
        if ext:
            self._by_name.pop(ext, None)

    def _event(self, new: Mapping[str, Any], old: Mapping[str, Any] | None) -> None:
        name = new["metadata"]["name"]
        self._classes[name] = new
        if self.fixed:
            return
        # updateResourceName2class as shipped in 1.35-1.37
        ext = _explicit_name(new)
        cur = self._by_name.get(ext) if ext else None
        if cur is not None:
            a, b = _created(new), _created(cur)
            if a < b or (a == b and name >= cur["metadata"]["name"]):
                return
        if old is not None:
            self._by_name.pop(DEVICE_CLASS_PREFIX + old["metadata"]["name"], None)
            old_ext = _explicit_name(old)
            if old_ext:
                self._by_name.pop(old_ext, None)
        if ext:
            self._by_name[ext] = new
        self._by_name[DEVICE_CLASS_PREFIX + name] = new

    # -- queries
    def resolver(self) -> dict[str, str]:
        """Extended resource name -> DeviceClass name, for every name that maps (GetDeviceClass)."""
        if not self.fixed:
            return {n: c["metadata"]["name"] for n, c in self._by_name.items()}
        out: dict[str, str] = {}
        winners: dict[str, Mapping[str, Any]] = {}
        for name in sorted(self._classes):
            cls = self._classes[name]
            out[DEVICE_CLASS_PREFIX + name] = name
            ext = _explicit_name(cls)
            if ext is None:
                continue
            cur = winners.get(ext)
            # newest wins; names are visited in order, so an equal timestamp keeps the first
            if cur is None or _created(cls) > _created(cur):
                winners[ext] = cls
        for ext, cls in winners.items():
            out[ext] = cls["metadata"]["name"]
        return out


def pod_dra_extended_scalars(pod: Mapping[str, Any], resolver: Mapping[str, str]) -> dict[str, int] | None:
    """The pod's non-zero scalar requests if at least one maps to a DeviceClass, else None."""
    reqs = pod_requests(pod)
    mapped = any(is_dra_extended_resource_name(n) and not q.is_zero() and n in resolver
                 for n, q in reqs.items())
    if not mapped:
        return None
    return {n: q.value() for n, q in reqs.items() if n not in ("cpu", "memory", "ephemeral-storage")}


def find_extended_resource_claim(pod: Mapping[str, Any], claims: list[Mapping[str, Any]]
                                 ) -> Mapping[str, Any] | None:
    md = pod["metadata"]
    for c in claims:
        if not is_extended_resource_claim(c):
            continue
        for ref in c["metadata"].get("ownerReferences") or ():
            if ref.get("name") == md["name"] and ref.get("controller") and ref.get("uid") == md["uid"]:
                return c
    return None


def in_memory_claim(pod: Mapping[str, Any]) -> dict:
    md = pod["metadata"]
    return {
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
        "metadata": {
            "name": SPECIAL_CLAIM_IN_MEM_NAME, "namespace": md.get("namespace"),
            "uid": f"in-memory-{md['uid']}",
            "generateName": f"{md['name']}-extended-resources-",
            "ownerReferences": [{"apiVersion": "v1", "kind": "Pod", "name": md["name"],
                                 "uid": md["uid"], "controller": True,
                                 "blockOwnerDeletion": True}],
            "annotations": {EXTENDED_RESOURCE_CLAIM_ANNOTATION: "true"},
        },
        "spec": {},
        "status": {},
    }


def _long_and_short(containers: list[dict], num_init: int) -> tuple[list[int], list[int]]:
    long_lived, short_lived = [], []
    for i, c in enumerate(containers):
        if i < num_init and c.get("restartPolicy") != "Always":
            short_lived.append(i)
        else:
            long_lived.append(i)
    return long_lived, short_lived


def _request_and_mappings(ci: int, container: Mapping[str, Any], rname: str, class_name: str,
                          reusable: list[dict | None]) -> tuple[dict | None, list[dict]]:
    creqs = (container.get("resources") or {}).get("requests") or {}
    if rname not in creqs:
        return None, []
    crq = Quantity.of(creqs[rname]).as_int()
    if not crq:
        return None, []
    mappings: list[dict] = []
    total = 0
    for r in reusable:
        if r is None:
            continue
        total += r["exactly"]["count"]
        mappings.append({"containerName": container.get("name"), "resourceName": rname,
                         "requestName": r["name"]})
        if total >= crq:
            return None, mappings
    ridx = sorted(creqs).index(rname)
    name = f"container-{ci}-request-{ridx}"
    req = {"name": name, "exactly": {"deviceClassName": class_name,
                                     "allocationMode": "ExactCount", "count": crq - total}}
    mappings.append({"containerName": container.get("name"), "resourceName": rname,
                     "requestName": name})
    return req, mappings


def create_requests_and_mappings(pod: Mapping[str, Any], extended: Mapping[str, int],
                                 resolver: Mapping[str, str]) -> tuple[list[dict], list[dict]]:
    spec = pod.get("spec") or {}
    inits = list(spec.get("initContainers") or [])
    containers = inits + list(spec.get("containers") or [])
    long_lived, short_lived = _long_and_short(containers, len(inits))
    requests: list[dict] = []
    mappings: list[dict] = []
    for rname in sorted(extended):
        cls = resolver[rname]  # ``extended`` holds only names a class serves (node_extended_resources)
        long_reqs: list[dict | None] = [None] * len(containers)
        long_maps: list[dict] = []
        for i in long_lived:
            r, m = _request_and_mappings(i, containers[i], rname, cls, [])
            long_reqs[i] = r
            long_maps += m
        max_short: dict | None = None
        short_names: set[str] = set()
        short_maps: list[dict] = []
        for i in short_lived:
            r, m = _request_and_mappings(i, containers[i], rname, cls, long_reqs[i:])
            if r is not None:
                short_names.add(r["name"])
                if max_short is None or max_short["exactly"]["count"] < r["exactly"]["count"]:
                    max_short = r
            short_maps += m
        if max_short is not None and len(short_names) > 1:
            short_names.discard(max_short["name"])
            for m in short_maps:
                if m["requestName"] in short_names:
                    m["requestName"] = max_short["name"]
        if max_short is not None:
            requests.append(max_short)
        requests += [r for r in long_reqs if r is not None]
        mappings += long_maps + short_maps
    requests.sort(key=lambda r: r["name"])
    return requests, mappings


def extended_candidates(scalars: Mapping[str, int], resolver: Mapping[str, str]
                        ) -> list[tuple[str, int, bool]]:
    """(name, quantity, DRA-backed) for the pod's non-zero DRA extended resource names."""
    return [(n, q, n in resolver) for n, q in scalars.items()
            if q != 0 and is_dra_extended_resource_name(n)]


def node_extended_resources(candidates: list[tuple[str, int, bool]], node_alloc: Mapping[str, int]
                            ) -> tuple[dict[str, int], str | None]:
    """Which extended resources this node must serve through DRA, or the failing resource."""
    out: dict[str, int] = {}
    for rname, q, backed in candidates:
        allocatable = node_alloc.get(rname)
        if backed and not allocatable:
            out[rname] = q
        elif allocatable is None:
            return {}, rname
    return out, None
