"""Upstream's allocator cases, run through a cluster (features/platform-allocator.feature).

Why: the allocator table (fixtures/allocator/cases.yaml, modelled on the cases of
k8s.io/dynamic-resource-allocation structured/internal/allocatortesting) pins what structured
allocation gives for each input. The unit suite feeds it to drakit's allocator library; these
steps feed the same objects to a cluster instead: the nodes, DeviceClasses and ResourceSlices
are created, claims the case lists as already allocated get that allocation written to their
status, then a pod pinned to the case's node uses the case's claims and the scheduler has to
allocate them. On a live cluster that is the real kube-scheduler's allocator answering
upstream's own test table; on the reference it is the scheduler path of drakit's allocator
(node views, the claim ledger, the plugin's error handling), which the library tests skip.

The expectation is read from the table, never from the run: results per claim
("request=driver/pool/device", in order), ``none`` (PodScheduled False, Unschedulable, no
allocation) or an allocator error, which the scheduling framework reports as SchedulerError
with ``running "DynamicResources" filter plugin: `` before the allocator's text (k/k
pkg/scheduler/framework/runtime RunFilterPlugins wraps a plugin's error status so).
"""

from __future__ import annotations

import copy
import warnings
from functools import lru_cache
from typing import Any

from pytest_bdd import given, parsers, then, when

from .backends.base import ApiError
from .common import FIXTURES, get_obj, parse_yaml, try_write
from .world import World

CASES_FILE = FIXTURES / "allocator" / "cases.yaml"
POD = "allocator-case-pod"
RESOURCE_V1 = "resource.k8s.io/v1"
FILTER_ERROR_PREFIX = 'running "DynamicResources" filter plugin: '


@lru_cache(maxsize=1)
def _table() -> dict[str, Any]:
    return parse_yaml(CASES_FILE.read_text(encoding="utf-8"))


def case(name: str) -> dict[str, Any]:
    """One case of the table, a private copy. An unknown name or one the table says cannot go
    through a cluster is a mistake in the feature file, said as such."""
    table = _table()
    if name in (table.get("not_through_the_api") or {}):
        raise AssertionError(f"allocator case {name!r} is listed under not_through_the_api in "
                             f"{CASES_FILE.name}: {table['not_through_the_api'][name]}")
    for c in table["cases"]:
        if c["name"] == name:
            return copy.deepcopy(c)
    raise AssertionError(f"no allocator case {name!r} in {CASES_FILE}")


def _typed(obj: dict, kind: str, api_version: str = RESOURCE_V1) -> dict:
    out = copy.deepcopy(obj)
    out["apiVersion"], out["kind"] = api_version, kind
    # The table's claims live in "default"; a cluster backend puts them in the scenario's
    # namespace, so the namespace is left to it.
    (out.get("metadata") or {}).pop("namespace", None)
    return out


def _node_of(c: dict) -> dict:
    return c.get("node") or _table()["common"]["node"]


def _nodes() -> list[dict]:
    common = _table()["common"]
    return [common["node"], common["node2"]]


def _prior_claim(i: int, allocation: dict) -> dict:
    """A claim whose requests are the ones an earlier allocation's results name, so that the
    API server accepts that allocation in its status (results must name a request of the
    claim; adminAccess results need an adminAccess request)."""
    requests: dict[str, dict] = {}
    for r in (allocation.get("devices") or {}).get("results") or []:
        exactly: dict[str, Any] = {"deviceClassName": _table()["common"]["cls"]["metadata"]["name"]}
        if r.get("adminAccess"):
            exactly["adminAccess"] = True
        requests.setdefault(r["request"], {"name": r["request"], "exactly": exactly})
    return {"apiVersion": RESOURCE_V1, "kind": "ResourceClaim",
            "metadata": {"name": f"allocated-{i}"},
            "spec": {"devices": {"requests": list(requests.values())}}}


ADMIN_NAMESPACE = "allocator-admin"
ADMIN_NAMESPACE_LABEL = "resource.kubernetes.io/admin-access"


def _uses_admin_access(c: dict) -> bool:
    """Whether a claim of the case, or an earlier allocation, asks for admin access."""
    claims = c.get("claims") or []
    requests = [r for cl in claims
                for r in ((cl.get("spec") or {}).get("devices") or {}).get("requests") or []]
    results = [r for a in c.get("allocated") or [] for r in (a.get("devices") or {}).get("results") or []]
    return (any((r.get("exactly") or {}).get("adminAccess") for r in requests)
            or any(r.get("adminAccess") for r in results))


@given(parsers.parse('the nodes, device classes, slices and earlier allocations of allocator '
                     'case "{name}"'))
def given_case_state(world: World, name: str) -> None:
    c = case(name)
    for node in _nodes():
        world.b.add_node(node["metadata"]["name"], labels=node["metadata"].get("labels") or {})
    objs = [_typed(cls, "DeviceClass") for cls in c.get("classes", [_table()["common"]["cls"]])]
    objs += [_typed(s, "ResourceSlice") for s in c.get("slices") or []]
    try:
        if _uses_admin_access(c):
            # A real API server takes adminAccess only in a namespace with this label
            # (k/k pkg/registry/resource/utils.go AuthorizedForAdmin); upstream's table runs
            # the allocator alone, without an API server, so its cases need no namespace.
            world.b.apply([{"apiVersion": "v1", "kind": "Namespace",
                            "metadata": {"name": ADMIN_NAMESPACE,
                                         "labels": {ADMIN_NAMESPACE_LABEL: "true"}}}])
            world.b.use_namespace(ADMIN_NAMESPACE)
        if objs:
            world.b.apply(objs)
        for i, allocation in enumerate(c.get("allocated") or []):
            world.b.apply([_prior_claim(i, allocation)])
            claim = world.b.get("ResourceClaim", f"allocated-{i}")
            claim["status"] = {"allocation": copy.deepcopy(allocation)}
            world.b.update(claim, subresource="status")
    except ApiError as e:
        raise AssertionError(f"setting up allocator case {name} failed: {e}") from None


@when(parsers.parse('a pod on the case\'s node uses the claims of allocator case "{name}"'))
def when_pod_uses_case_claims(world: World, name: str) -> None:
    c = case(name)
    claims = [_typed(cl, "ResourceClaim") for cl in c.get("claims") or []]
    pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": POD},
           "spec": {"nodeSelector": {"kubernetes.io/hostname": _node_of(c)["metadata"]["name"]},
                    "containers": [{"name": "app", "image": "registry.k8s.io/pause:3.10"}],
                    "resourceClaims": [{"name": f"claim-{i}",
                                        "resourceClaimName": cl["metadata"]["name"]}
                                       for i, cl in enumerate(claims)]}}
    try_write(world, lambda: world.b.apply([*claims, pod]))


def _results(claim: dict) -> list[str] | None:
    allocation = (claim.get("status") or {}).get("allocation")
    if not allocation:
        return None
    return [f"{r['request']}={r['driver']}/{r['pool']}/{r['device']}"
            for r in (allocation.get("devices") or {}).get("results") or []]


def _dig(obj: Any, path: str) -> Any:
    for part in path.split("."):
        if isinstance(obj, list):
            i = int(part)
            obj = obj[i] if -len(obj) <= i < len(obj) else None
        elif isinstance(obj, dict):
            obj = obj.get(part)
        else:
            return None
    return obj


def _scheduled(pod: dict) -> dict:
    return next((c for c in (pod.get("status") or {}).get("conditions") or []
                 if c.get("type") == "PodScheduled"), {})


def _outlast_scheduler_errors(world: World, name: str) -> None:
    """Wait, within the backend's wait timeout, for a cycle that did not fail with
    SchedulerError, where the case expects no error. A live scheduler's informers may
    show it a pool between two slice writes (upstream: "resource pool ... is currently
    being updated"); the pod then goes to backoff and the retry decides. The reference
    settles once, so there the first answer stands. A scheduler that keeps failing still
    fails the case below, with the pod's last condition."""
    first = _scheduled(get_obj(world, "Pod", POD))
    if first.get("reason") != "SchedulerError":
        return

    def decided() -> bool:
        return _scheduled(get_obj(world, "Pod", POD)).get("reason") != "SchedulerError"
    try:
        world.b.wait_for(f"the pod of allocator case {name} to get past SchedulerError", decided)
    except AssertionError:
        return  # reported by the caller with the pod's condition
    # the retry decided: say so in the run's warnings summary, as a transient a reference
    # (drakit serve) should not show is worth a look
    warnings.warn(f"allocator case {name}: the pod's first cycle failed with SchedulerError "
                  f"({first.get('message', '')!r}); the retry decided", stacklevel=2)


@then(parsers.parse('the claims are allocated as allocator case "{name}" expects'))
def then_case_outcome(world: World, name: str) -> None:
    c = case(name)
    world.b.settle()
    if world.last_error is not None:
        raise AssertionError(f"creating the claims and the pod of allocator case {name} "
                             f"failed: {world.last_error}")
    expect = c.get("scheduler_expect") or c["expect"]
    if not (isinstance(expect, dict) and ("error" in expect or "error_exact" in expect)):
        _outlast_scheduler_errors(world, name)
    pod = get_obj(world, "Pod", POD)
    claims = [get_obj(world, "ResourceClaim", cl["metadata"]["name"]) for cl in c.get("claims") or []]
    cond = _scheduled(pod)
    got = {"results": [_results(cl) for cl in claims], "PodScheduled": cond.get("status"),
           "reason": cond.get("reason"), "message": cond.get("message", "")}
    world.observe(f'allocator case "{name}"', expect, got, [pod, *claims])
    if isinstance(expect, list):
        assert got["results"] == expect, (
            f"allocator case {name}: the claims got {got['results']}, upstream's case expects "
            f"{expect} (pod: PodScheduled {got['PodScheduled']} {got['reason']}: {got['message']})")
        assert got["PodScheduled"] == "True", f"the pod is not scheduled: {cond}"
        for path, value in (c.get("check") or {}).items():
            index, _, rest = path.partition(".")
            seen = _dig((claims[int(index)].get("status") or {}).get("allocation"), rest)
            assert seen == value, f"claim {index} status.allocation.{rest} is {seen!r}, expected {value!r}"
        return
    assert not (pod.get("spec") or {}).get("nodeName"), \
        f"allocator case {name}: the pod was scheduled to {pod['spec']['nodeName']}"
    assert got["results"] == [None] * len(claims), \
        f"allocator case {name}: claims were allocated although the case expects {expect!r}: {got['results']}"
    if expect == "none":
        assert (got["PodScheduled"], got["reason"]) == ("False", "Unschedulable"), \
            f"allocator case {name}: expected the pod Unschedulable, PodScheduled is {cond}"
        return
    if "unschedulable" in expect:
        assert (got["PodScheduled"], got["reason"]) == ("False", "Unschedulable"), \
            f"allocator case {name}: expected the pod Unschedulable, PodScheduled is {cond}"
        assert expect["unschedulable"] in got["message"], \
            f"message {got['message']!r} does not contain {expect['unschedulable']!r}"
        return
    # An allocator error aborts the cycle: SchedulerError with the plugin's wrapped text. The
    # table words claims as "claim default/<name>"; a cluster backend may use another namespace.
    namespace = claims[0]["metadata"].get("namespace", "default") if claims else "default"

    def localised(text: str) -> str:
        return text.replace("claim default/", f"claim {namespace}/")

    assert (got["PodScheduled"], got["reason"]) == ("False", "SchedulerError"), \
        f"allocator case {name}: expected the pod's cycle to fail with SchedulerError, PodScheduled is {cond}"
    if "error_exact" in expect:
        want = FILTER_ERROR_PREFIX + localised(expect["error_exact"])
        assert got["message"] == want, f"message {got['message']!r}, expected {want!r}"
    else:
        want = localised(expect["error"])
        assert got["message"].startswith(FILTER_ERROR_PREFIX) and want in got["message"], \
            f"message {got['message']!r} does not read {FILTER_ERROR_PREFIX!r}...{want!r}"
