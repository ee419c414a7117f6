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
  zero goes into the claim; neither -> "cannot fit resource".
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
from drakit.scheduler.noderesources import is_dra_extended_resource_name

SPECIAL_CLAIM_IN_MEM_NAME = "<extended-resources>"


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
        cls = resolver.get(rname)
        if cls is None:
            continue
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
