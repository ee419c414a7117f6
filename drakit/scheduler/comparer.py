"""The scheduler's cache comparer: do its informer-fed caches agree with the API server?

Upstream keeps one for the same reason (pkg/scheduler/backend/cache/debugger/comparer.go:
on SIGUSR2 it compares the cached nodes and pods with the informers' listers and logs every
mismatch; UpdateSnapshot also re-checks the snapshot's own consistency). drakit runs it after
every reference scenario (steps/integrity.py): the scheduler's caches are updated
incrementally from watch events, and a cache that drifted from the objects it was fed gives
verdicts that a restarted scheduler would not, so a drift is a drakit bug even when no step
of that scenario saw it.

The expected contents are computed here directly from the stored objects, not by replaying
the cache's own update code, so a bug in that code (an index keyed wrongly, a device not
freed, a stale per-node slice list) shows as a difference. Left out on purpose:
- pods the scheduler assumed (in a binding cycle: they count on their node before the API
  says they are bound) and what they add;
- the extended-resource class resolution (``ExtendedResourceCache``): drakit emulates
  upstream's known 1.35-1.37 informer-path bug (kubernetes#141103), whose answer depends on
  the event order by design, so it cannot equal a fresh computation;
- everything while an object is dropped from the caches after a failed decode (the
  scheduler's ``failures``): the caches then differ from the store on purpose.

Beyond the caches, the Filter memo (allocation results per node, DRA generation of that node
and claim specs) is checked for freshness: an entry whose node generation is still current
must be what the allocator gives now, or a change that should have bumped the generation did
not (the multi-host pool bug of stop 28 was such a miss). The most recent
``MAX_MEMO_CHECKS`` entries are re-allocated, which bounds the cost on large clusters.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from drakit.allocator.core import allocated_state, counts_as_allocated
from drakit.api.quantity import Quantity
from drakit.claims import pod_group_name
from drakit.component import note_cache_mismatch as _note

from .cache import DRACache, NodeCache, claim_results, pod_key, slice_pool, to_ints

if TYPE_CHECKING:
    from .scheduler import Scheduler

MAX_REPORTED = 20
"""At most this many mismatches are reported (a broken cache would list every object)."""

MAX_MEMO_CHECKS = 32
"""At most this many current Filter memo entries are re-allocated per comparison."""


def cache_mismatches(sched: Scheduler) -> list[str]:
    """Every way the scheduler's caches differ from what its API server stores now, one line
    each (empty when they agree). The caller lets the scheduler take in its pending watch
    events first."""
    if sched.failures:
        return []
    api = sched.api
    out: list[str] = []
    pods = api.list("Pod", copy=False)
    _compare_nodes(sched.nodes, api.list("Node", copy=False), pods, out)
    _compare_dra(sched.dra, api.list("DeviceClass", copy=False),
                 api.list("ResourceSlice", copy=False), api.list("ResourceClaim", copy=False), out)
    _compare_pending(sched, pods,
                     api.list("PodGroup", copy=False) if api.served("PodGroup") else [], out)
    _compare_memo(sched, out)
    return out[:MAX_REPORTED]


def _rv(obj: Mapping[str, Any]) -> str:
    return (obj.get("metadata") or {}).get("resourceVersion", "")


# ----------------------------------------------------------------------------- nodes, pods

def _compare_nodes(nc: NodeCache, nodes: list[dict], pods: list[dict], out: list[str]) -> None:
    _note(out, "nodes", set(nc.nodes), {n["metadata"]["name"] for n in nodes})
    for node in nodes:
        name = node["metadata"]["name"]
        ni = nc.nodes.get(name)
        if ni is None:
            continue
        _note(out, f"node {name} resourceVersion", _rv(ni.node), _rv(node))
        alloc = (node.get("status") or {}).get("allocatable") or {}
        _note(out, f"node {name} allocatable", ni.allocatable,
              to_ints({k: Quantity.of(v) for k, v in alloc.items()}))
    assumed = {uid: pi for uid, pi in nc.pods.items() if pi.assumed}
    bound = {}
    for pod in pods:
        md, spec = pod["metadata"], pod.get("spec") or {}
        uid = md.get("uid", "")
        if not spec.get("nodeName") or uid in assumed or \
                (pod.get("status") or {}).get("phase") in ("Succeeded", "Failed"):
            continue
        bound[uid] = pod
    cached = {uid: pi for uid, pi in nc.pods.items() if not pi.assumed}
    _note(out, "bound pods", {(pi.key, pi.node) for pi in cached.values()},
          {(pod_key(p), p["spec"]["nodeName"]) for p in bound.values()})
    expect_sums: dict[str, tuple[dict[str, int], int, int]] = {}
    for uid, pod in list(bound.items()) + [(u, pi.pod) for u, pi in assumed.items()]:
        pi = assumed.get(uid) or nc.pod_info(pod, pod["spec"]["nodeName"])
        if uid in cached:
            _note(out, f"pod {pi.key[0]}/{pi.key[1]} requests", cached[uid].requests, pi.requests)
        req, cpu, mem = expect_sums.get(pi.node, ({}, 0, 0))
        for k, v in pi.requests.items():
            req[k] = req.get(k, 0) + v
        expect_sums[pi.node] = (req, cpu + pi.non_zero_cpu, mem + pi.non_zero_mem)
    on_node: dict[str, set[str]] = {}
    for uid, pod in bound.items():
        on_node.setdefault(pod["spec"]["nodeName"], set()).add(uid)
    for uid, pi in assumed.items():
        on_node.setdefault(pi.node, set()).add(uid)
    for name, ni in nc.nodes.items():
        req, cpu, mem = expect_sums.get(name, ({}, 0, 0))
        _note(out, f"node {name} pods", set(ni.pods), on_node.get(name, set()))
        _note(out, f"node {name} requested", _nonzero(ni.requested), _nonzero(req))
        _note(out, f"node {name} non-zero requested (cpu, memory)",
              (ni.non_zero_cpu, ni.non_zero_mem), (cpu, mem))


def _nonzero(d: Mapping[str, int]) -> dict[str, int]:
    return {k: v for k, v in d.items() if v}


# ----------------------------------------------------------------------------- DRA

def _compare_dra(dc: DRACache, classes: list[dict], slices: list[dict], claims: list[dict],
                 out: list[str]) -> None:
    _note(out, "device classes", {k: _rv(v) for k, v in dc.classes.items()},
          {c["metadata"]["name"]: _rv(c) for c in classes})
    _note(out, "resource slices", {k: _rv(v) for k, v in dc.slices.items()},
          {s["metadata"]["name"]: _rv(s) for s in slices})
    _note(out, "allocator cache slices", dc.alloc.slice_names(),
          {s["metadata"]["name"] for s in slices})
    by_node: dict[str, set[str]] = {}
    global_names: set[str] = set()
    pool_nodes: dict[tuple[str, str], dict[str | None, int]] = {}
    for s in slices:
        spec = s.get("spec") or {}
        node = spec.get("nodeName") or None
        if node:
            by_node.setdefault(node, set()).add(s["metadata"]["name"])
        else:
            global_names.add(s["metadata"]["name"])
        nodes = pool_nodes.setdefault(slice_pool(s), {})
        nodes[node] = nodes.get(node, 0) + 1
    _note(out, "nodes each pool spans", dc.pool_nodes, pool_nodes)
    _note(out, "node-local slices", {n: set(v) for n, v in dc.node_slices.items() if v}, by_node)
    _note(out, "slices without a node", set(dc.global_slices), global_names)
    for node in set(by_node) | set(dc.node_slices) | set(dc._slice_lists):
        _note(out, f"slices the scheduler offers node {node}",
              {s["metadata"]["name"] for s in dc.slices_for(node)},
              by_node.get(node, set()) | global_names)
    _note(out, "resource claims", {k: _rv(v) for k, v in dc.claims.items()},
          {pod_key(c): _rv(c) for c in claims})
    owners: dict[str, set[tuple[str, str]]] = {}
    for c in claims:
        for ref in c["metadata"].get("ownerReferences") or ():
            if ref.get("controller"):
                owners.setdefault(ref.get("uid"), set()).add(pod_key(c))
                break
    _note(out, "claims by controlling owner",
          {o: set(keys) for o, keys in dc.claims_by_owner.items() if keys}, owners)
    state = allocated_state(claims)
    _note(out, "allocated devices", dc.state.devices, state.devices)
    _note(out, "shared device allocations", dc.state.shared, state.shared)
    _note(out, "consumed capacity", dc.state.capacity, state.capacity)
    devices: dict[tuple[str, str], list[tuple[str, str, str]]] = {}
    shared: set[tuple[str, str]] = set()
    for c in claims:
        results = claim_results(c)
        devs = [(r.get("driver", ""), r.get("pool", ""), r.get("device", ""))
                for r in results if counts_as_allocated(r) and not r.get("shareID")]
        if devs:
            devices[pod_key(c)] = devs
        if any(r.get("shareID") for r in results):
            shared.add(pod_key(c))
    _note(out, "devices per claim", dc.claim_devices, devices)
    _note(out, "claims with shared allocations", dc.shared_claims, shared)


def _compare_pending(sched: Scheduler, pods: list[dict], podgroups: list[dict],
                     out: list[str]) -> None:
    """The pods waiting to be scheduled (and the queue holding each of them) and the
    PodGroups, against the stored objects."""
    from .scheduler import SCHEDULER_NAME

    pending = {}
    for p in pods:
        md, spec = p["metadata"], p.get("spec") or {}
        if spec.get("nodeName") or (spec.get("schedulerName") or SCHEDULER_NAME) != SCHEDULER_NAME:
            continue
        if md.get("deletionTimestamp") and pod_key(p) not in sched.queue:
            continue  # a pod being deleted leaves the queue once popped and skipped
        pending[pod_key(p)] = _rv(p)
    _note(out, "pods to schedule", {k: _rv(p) for k, p in sched.pending.items()}, pending)
    _note(out, "pods to schedule that no queue holds",
          {k for k in sched.pending if k not in sched.queue and k not in sched.waiting}, set())
    _note(out, "pod groups", {k: _rv(g) for k, g in sched.podgroups.items()},
          {pod_key(g): _rv(g) for g in podgroups})
    # GangScheduling's pod count per group: every stored pod of the group, bound or not
    members: dict[tuple[str, str], set[str]] = {}
    for p in pods:
        group = pod_group_name(p)
        if group is not None:
            md = p["metadata"]
            members.setdefault((md.get("namespace") or "", group), set()).add(md.get("uid") or "")
    _note(out, "pods per pod group", sched.gang.members, members)


def _compare_memo(sched: Scheduler, out: list[str]) -> None:
    from .dynamicresources import _TimedOut

    dyn, dc = sched.dynamic, sched.dra
    checked = 0
    for key in reversed(list(dyn.memo)):
        if checked >= MAX_MEMO_CHECKS:
            break
        cached, inputs = dyn.memo[key], dyn.memo_inputs.get(key)
        node_name, gen = key[0], key[1]
        if inputs is None or isinstance(cached, _TimedOut) or gen != dc.gen(node_name):
            continue
        checked += 1
        try:
            fresh: Any = dc.alloc.allocate_on(inputs[0], inputs[1])
        except Exception as e:  # noqa: BLE001 - reported as the mismatch it is
            fresh = f"{type(e).__name__}: {e}"
        _note(out, f"Filter result memoised for node {node_name} (its DRA generation is current)",
              _without_share_ids(cached), _without_share_ids(fresh))


def _without_share_ids(v: Any) -> Any:
    """Share IDs are fresh random UUIDs on every allocation (allocatedstate.go GenerateShareID)."""
    if isinstance(v, dict):
        return {k: _without_share_ids(x) for k, x in v.items() if k != "shareID"}
    if isinstance(v, list):
        return [_without_share_ids(x) for x in v]
    return v
