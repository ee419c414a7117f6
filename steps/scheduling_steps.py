"""Scheduling and lifecycle steps: pods placed or pending, claims made for them, metrics.

Why these steps read only API objects: on a live cluster the scheduler's decisions are
visible only as pod.spec.nodeName, the PodScheduled condition, events, ResourceClaim
objects and metrics, so every assertion here goes through the Backend protocol and the
same words work on the reference and on a cluster. "Would this pod fit" is asked the
black-box way too: a probe pod pinned to the node is created, observed, and deleted.
"""

from __future__ import annotations

import copy
import re

from pytest_bdd import given, parsers, then, when

from . import expect, paths
from .backends.base import ApiError
from .common import expand_namespace, get_obj, load_yaml, parse_yaml, try_write, workload_pods
from .world import World

# ---------------------------------------------------------------------------- helpers


def _cond(pod: dict, type_: str = "PodScheduled") -> dict | None:
    return next((c for c in (pod.get("status") or {}).get("conditions") or () if c.get("type") == type_), None)


def _claim_of(world: World, pod_name: str, entry: str | None) -> dict:
    pod = get_obj(world, "Pod", pod_name)
    st = pod.get("status") or {}
    if entry is None:
        name = (st.get("extendedResourceClaimStatus") or {}).get("resourceClaimName")
        if not name:
            raise AssertionError(f"Pod {pod_name!r} has no status.extendedResourceClaimStatus")
    else:
        name = next((s.get("resourceClaimName") for s in st.get("resourceClaimStatuses") or ()
                     if s.get("name") == entry), None)
        if not name:
            name = next((e.get("resourceClaimName") for e in (pod.get("spec") or {}).get("resourceClaims") or ()
                         if e.get("name") == entry), None)
        if not name:
            raise AssertionError(f"Pod {pod_name!r} has no claim for entry {entry!r}")
    return get_obj(world, "ResourceClaim", name)


def _devices(claim: dict) -> list[str]:
    res = (((claim.get("status") or {}).get("allocation") or {}).get("devices") or {}).get("results") or []
    return [f"{r.get('driver')}/{r.get('pool')}/{r.get('device')}" for r in res]


def _metric(text: str, series: str) -> float | None:
    """The value of exactly this series (steps/expect.py: labels matched as a set)."""
    return expect.metric_value(text, series)


#: series upstream renamed: a scenario names the series as it was, and from the release on
#: the same series is read under its new name, with the labels the new series adds
#: (kubernetes/kubernetes#138542, first in 1.37: kube-scheduler's and kube-controller-manager's
#: DRA metrics moved to one subsystem; the shared claim-create counter is labelled
#: admin_access, "false" for the scheduler's special claims)
METRIC_RENAMES: dict[str, tuple[str, str, str]] = {
    "scheduler_resourceclaim_creates_total":
        ("1.37", "dynamic_resource_allocation_resourceclaim_creates_total", 'admin_access="false"'),
    "resourceclaim_controller_creates_total":
        ("1.37", "dynamic_resource_allocation_resourceclaim_creates_total", ""),
    "resourceclaim_controller_resource_claims":
        ("1.37", "dynamic_resource_allocation_resource_claims", ""),
}


def series_at(series: str, version: str) -> str:
    """``series`` under the name (and labels) the release exposes it by."""
    name, brace, rest = series.partition("{")
    renamed = METRIC_RENAMES.get(name)
    if renamed is None:
        return series
    since, new_name, added = renamed
    from drakit.features import release_at_least

    if not release_at_least(version, since):
        return series
    labels = rest[:-1] if brace else ""
    labels = ",".join(x for x in (added, labels) if x)
    return f"{new_name}{{{labels}}}" if labels else new_name


# ---------------------------------------------------------------------------- given

@given(parsers.re(r'a ResourceSlice "(?P<name>[^"]+)" of driver "(?P<driver>[^"]+)" on node "(?P<node>[^"]+)" '
                  r'with (?P<n>\d+) devices named "(?P<prefix>[^"]+)"'))
def given_slice(world: World, name: str, driver: str, node: str, n: str, prefix: str) -> None:
    obj = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice", "metadata": {"name": name},
           "spec": {"driver": driver, "nodeName": node,
                    "pool": {"name": node, "generation": 1, "resourceSliceCount": 1},
                    "devices": [{"name": f"{prefix}{i}"} for i in range(int(n))]}}
    world.b.apply([obj])


@given(parsers.re(r'(?P<n>\d+) nodes "(?P<prefix>[^"]+)" with (?P<spec>.+)$'))
def given_nodes(world: World, n: str, prefix: str, spec: str) -> None:
    alloc = dict(re.findall(r'([\w./-]+) "([^"]+)"', spec))
    for i in range(int(n)):
        world.b.add_node(f"{prefix}{i}", allocatable=alloc)


# ---------------------------------------------------------------------------- when

@when(parsers.re(r'I create (?P<n>\d+) pods? named "(?P<pattern>[^"]+)" from:'))
def when_create_pods(world: World, n: str, pattern: str, docstring: str) -> None:
    (tmpl,) = load_yaml(docstring)
    objs = []
    for i in range(int(n)):
        p = copy.deepcopy(tmpl)
        p.setdefault("metadata", {})["name"] = pattern.replace("{i}", str(i))
        objs.append(p)
    try_write(world, lambda: world.b.apply(objs))


@when(parsers.re(r'I delete the (?P<n>\d+) pods named "(?P<pattern>[^"]+)"'))
def when_delete_pods(world: World, n: str, pattern: str) -> None:
    for i in range(int(n)):
        world.b.delete("Pod", pattern.replace("{i}", str(i)))
    world.b.settle()


@when(parsers.re(r'I delete the (?P<kind>\w+) "(?P<name>[^"]+)" without waiting'))
def when_delete_nowait(world: World, kind: str, name: str) -> None:
    world.b.delete(kind, name, wait=False)


@when(parsers.re(r'I (?P<attempt>try to )?create the (?P<kind>ResourceClaim|ResourceSlice) "(?P<name>[^"]+)"'
                 r'(?: in the namespace "(?P<ns>[^"]+)")? controlled by Pod "(?P<pod>[^"]+)"'
                 r'(?: and owned by Pod "(?P<also>[^"]+)"(?: of the namespace "(?P<also_ns>[^"]+)")?)?:'))
def when_create_owned_claim(world: World, attempt: str | None, kind: str, name: str, ns: str | None,
                            pod: str, also: str | None, also_ns: str | None, docstring: str) -> None:
    """A claim as the scheduler would have left it: the pod (with its uid) as controller owner
    (a ResourceSlice the same way: a cluster-scoped object naming a namespaced owner).
    "I try to create" records the outcome for the Then-steps instead of requiring success; "in
    the namespace" puts the claim into another namespace than the pod's (the current one);
    "and owned by" adds a second pod of the current namespace as a plain owner, "of the
    namespace" one of another namespace the scenario made (read there, then the step goes
    back to the scenario namespace)."""
    (claim,) = load_yaml(docstring)
    if claim.get("kind") != kind:
        raise AssertionError(f"the step creates a {kind}; the text holds a {claim.get('kind')}")
    p = get_obj(world, "Pod", pod)
    md = claim.setdefault("metadata", {})
    md["name"] = name
    if ns:
        md["namespace"] = ns
    md["ownerReferences"] = [{"apiVersion": "v1", "kind": "Pod", "name": pod, "uid": p["metadata"]["uid"],
                              "controller": True, "blockOwnerDeletion": True}]
    if also:
        if also_ns:
            world.b.use_namespace(also_ns)
        try:
            also_uid = get_obj(world, "Pod", also)["metadata"]["uid"]
        finally:
            if also_ns:
                world.b.use_namespace(None)
        md["ownerReferences"].append({"apiVersion": "v1", "kind": "Pod", "name": also, "uid": also_uid})
    try_write(world, lambda: world.b.apply([claim]))
    if world.last_error is not None and not attempt:
        raise AssertionError(f"creating the {kind} failed: {world.last_error}")


@when(parsers.re(r'the (?:extended resource claim|claim "(?P<entry>[^"]+)") of Pod "(?P<pod>[^"]+)" is deleted'))
def when_delete_pod_claim(world: World, entry: str | None, pod: str) -> None:
    claim = _claim_of(world, pod, entry)
    world.b.delete("ResourceClaim", claim["metadata"]["name"])


@when(parsers.re(r'I set the label "(?P<key>[^"]+)" of the pods of the (?P<kind>Deployment|ReplicaSet) '
                 r'"(?P<dep>[^"]+)" to "(?P<value>[^"]*)"$'))
def when_relabel_deployment_pods(world: World, key: str, kind: str, dep: str, value: str) -> None:
    """Merge-patch a label of every pod the Deployment's (ReplicaSet's) selector finds now (as
    an operator does to take a pod out of its ReplicaSet, e.g. for debugging)."""
    world.b.settle()
    pods, sel = workload_pods(world, kind, dep)
    if not pods:
        raise AssertionError(f"the {kind} {dep!r} has no pods to relabel (selector {sel})")
    for p in pods:
        try:
            world.b.patch("Pod", p["metadata"]["name"], {"metadata": {"labels": {key: value}}})
        except ApiError as e:
            raise AssertionError(f"relabelling Pod {p['metadata']['name']} failed: {e}") from None


@when(parsers.re(r'I add an owner reference to the (?P<kind>\w+) "(?P<owner>[^"]+)" to the pods of '
                 r'the Deployment "(?P<dep>[^"]+)"$'))
def when_add_owner_to_deployment_pods(world: World, kind: str, owner: str, dep: str) -> None:
    """Give every pod the Deployment's selector finds now one more owner (not a controller), as
    another client would: its generated uid is read from the owner, the pod's other
    references stay (a merge patch replaces the list, so the whole list is sent)."""
    world.b.settle()
    obj = get_obj(world, kind, owner)
    ref = {"apiVersion": obj["apiVersion"], "kind": obj["kind"], "name": owner,
           "uid": obj["metadata"]["uid"]}
    pods, sel = workload_pods(world, "Deployment", dep)
    if not pods:
        raise AssertionError(f"the Deployment {dep!r} has no pods to give an owner (selector {sel})")
    for p in pods:
        refs = [*(p["metadata"].get("ownerReferences") or ()), ref]
        try:
            world.b.patch("Pod", p["metadata"]["name"], {"metadata": {"ownerReferences": refs}})
        except ApiError as e:
            raise AssertionError(f"adding an owner to Pod {p['metadata']['name']} failed: {e}") from None


@when(parsers.re(r'I patch the status of the Pod labelled "(?P<sel>[^"]+)" with:'))
def when_patch_labelled_pod_status(world: World, sel: str, docstring: str) -> None:
    """Patch the status of the one pod the selector finds (its name is generated, e.g. a
    ReplicaSet's), as a strategic merge patch does (``kubectl patch --subresource=status``):
    a condition replaces the one of its type, a container status the one of its name, the
    others stay (the scheduler's PodScheduled of a pending pod). Sent as a merge patch of the
    merged lists."""
    world.b.settle()
    pods = [p for p in world.b.list("Pod", sel) if not p["metadata"].get("deletionTimestamp")]
    if len(pods) != 1:
        raise AssertionError(f"{len(pods)} pods labelled {sel!r}, expected exactly 1 to patch: "
                             f"{sorted(p['metadata']['name'] for p in pods)}")
    patch = parse_yaml(docstring)
    status = dict((patch or {}).get("status") or {})
    cur = pods[0].get("status") or {}
    for field, key in (("conditions", "type"), ("containerStatuses", "name")):
        if field in status:
            mine = {e.get(key) for e in status[field]}
            status[field] = [e for e in cur.get(field) or () if e.get(key) not in mine] + status[field]
    name = pods[0]["metadata"]["name"]
    try:
        world.b.patch("Pod", name, {**patch, "status": status}, subresource="status")
    except ApiError as e:
        raise AssertionError(f"patching the status of Pod {name} failed: {e}") from None


@when(parsers.re(r'I remove the finalizers of the Pods labelled "(?P<sel>[^"]+)"$'))
def when_remove_pod_finalizers(world: World, sel: str) -> None:
    """Merge-patch metadata.finalizers away on every pod the selector finds (being deleted or
    not), as an operator releases pods a finalizer holds."""
    world.b.settle()
    pods = [p for p in world.b.list("Pod", sel) if p["metadata"].get("finalizers")]
    if not pods:
        raise AssertionError(f"no pod labelled {sel!r} has finalizers to remove")
    for p in pods:
        try:
            world.b.patch("Pod", p["metadata"]["name"], {"metadata": {"finalizers": None}})
        except ApiError as e:
            raise AssertionError(f"removing the finalizers of Pod {p['metadata']['name']} "
                                 f"failed: {e}") from None


@when(parsers.re(r'I delete the Pods labelled "(?P<sel>[^"]+)"$'))
def when_delete_labelled_pods(world: World, sel: str) -> None:
    """Delete every pod the selector finds (their names are generated, e.g. a ReplicaSet's),
    without waiting for them to go: a finalizer may hold them."""
    world.b.settle()
    pods = [p for p in world.b.list("Pod", sel) if not p["metadata"].get("deletionTimestamp")]
    if not pods:
        raise AssertionError(f"no pod labelled {sel!r} to delete")
    for p in pods:
        try:
            world.b.delete("Pod", p["metadata"]["name"], wait=False)
        except ApiError as e:
            raise AssertionError(f"deleting Pod {p['metadata']['name']} failed: {e}") from None
    world.b.settle()


# ---------------------------------------------------------------------------- then: pods

@then(parsers.re(r'the Pod "(?P<name>[^"]+)" is scheduled(?: to "(?P<node>[^"]+)")?$'))
def then_scheduled(world: World, name: str, node: str | None) -> None:
    world.b.settle()
    pod = get_obj(world, "Pod", name)
    actual = (pod.get("spec") or {}).get("nodeName")
    world.observe(f"Pod {name} scheduled", node or "<any node>", actual, [pod])
    if not actual:
        c = _cond(pod) or {}
        raise AssertionError(f"Pod {name!r} is not scheduled: {c.get('reason')}: {c.get('message')}")
    if node and actual != node:
        raise AssertionError(f"Pod {name!r} is on {actual!r}, expected {node!r}")


@then(parsers.re(r'the Pod "(?P<name>[^"]+)" is on a different node than Pod "(?P<other>[^"]+)"'))
def then_different_nodes(world: World, name: str, other: str) -> None:
    a = (get_obj(world, "Pod", name).get("spec") or {}).get("nodeName")
    b = (get_obj(world, "Pod", other).get("spec") or {}).get("nodeName")
    world.observe("different nodes", "different", [a, b])
    assert a and b and a != b, f"{name} on {a!r}, {other} on {b!r}"


@then(parsers.re(r'the Pod "(?P<name>[^"]+)" stays pending with reason "(?P<reason>[^"]+)" and a message '
                 r'(?P<how>starting with|containing) "(?P<text>.*)"$'))
def then_pending(world: World, name: str, reason: str, how: str, text: str) -> None:
    text = expand_namespace(text, world)
    world.b.settle()
    pod = get_obj(world, "Pod", name)
    c = _cond(pod) or {}
    msg = c.get("message") or ""
    world.observe(f"Pod {name} pending", {"reason": reason, how: text},
                  {"nodeName": (pod.get("spec") or {}).get("nodeName"), "reason": c.get("reason"),
                   "message": msg}, [pod])
    assert not (pod.get("spec") or {}).get("nodeName"), f"Pod {name!r} got scheduled to {pod['spec']['nodeName']}"
    assert c.get("status") == "False" and c.get("reason") == reason, \
        f"PodScheduled condition is {c!r}, expected reason {reason}"
    ok = msg.startswith(text) if how == "starting with" else text in msg
    if not ok:  # a live cluster's other nodes may still be in the counts: no verdict then
        world.b.check_node_counts_comparable(msg)
    assert ok, f"message {msg!r} is not {how} {text!r}"


@then(parsers.re(r'the Pod "(?P<name>[^"]+)" stays pending without a scheduling attempt$'))
def then_pending_unattempted(world: World, name: str) -> None:
    """A pod a PreEnqueue plugin keeps out of the active queue (kube-scheduler 1.34-1.37):
    never attempted, so no PodScheduled condition and no FailedScheduling event."""
    world.b.settle()
    pod = get_obj(world, "Pod", name)
    c = _cond(pod)
    events = [e.get("message") for e in world.b.events("Pod", name) if e.get("reason") == "FailedScheduling"]
    world.observe(f"Pod {name} not attempted", {"nodeName": None, "PodScheduled": None, "FailedScheduling": []},
                  {"nodeName": (pod.get("spec") or {}).get("nodeName"), "PodScheduled": c,
                   "FailedScheduling": events}, [pod])
    assert not (pod.get("spec") or {}).get("nodeName"), f"Pod {name!r} got scheduled to {pod['spec']['nodeName']}"
    assert c is None, f"Pod {name!r} has a PodScheduled condition: {c!r}"
    assert not events, f"Pod {name!r} has FailedScheduling events: {events}"


@then(parsers.re(r'(?P<n>\d+) pods named "(?P<pattern>[^"]+)" are scheduled'))
def then_n_scheduled(world: World, n: str, pattern: str) -> None:
    world.b.settle()
    missing = []
    for i in range(int(n)):
        pod = get_obj(world, "Pod", pattern.replace("{i}", str(i)))
        if not (pod.get("spec") or {}).get("nodeName"):
            missing.append(pod["metadata"]["name"])
    world.observe("pods scheduled", int(n), int(n) - len(missing))
    assert not missing, f"not scheduled: {missing}"


@then(parsers.re(r'there is (?:an|a (?P<etype>Normal|Warning)) event "(?P<reason>\w+)" '
                 r'(?:from "(?P<source>[^"]+)" )?for '
                 r'(?P<kind>Pod|PodGroup|Node|ReplicaSet|Deployment|ResourceClaim|ResourceSlice) "(?P<name>[^"]+)" '
                 r'(?P<how>starting with|containing|with the message) "(?P<text>.*)"$'))
def then_event(world: World, etype: str | None, reason: str, kind: str, name: str, how: str,
               text: str, source: str | None = None) -> None:
    """An event with that reason and text ("with the message": exactly that text); with "a
    Normal/Warning event" also of that type (the type is part of what upstream records:
    v1.EventTypeNormal or EventTypeWarning); with 'from "<component>"' also recorded by that
    component (core/v1 ``source.component``, the EventSource a client-go recorder is made
    with: what `kubectl get events` shows as SOURCE)."""
    world.b.settle()  # a live cluster's controllers post their events asynchronously
    text = expand_namespace(text, world)
    evs = [e for e in world.b.events(kind, name) if e.get("reason") == reason]
    msgs = [e.get("message") or "" for e in evs]
    world.observe(f"event {reason}", text, msgs)
    def matches(message: str) -> bool:
        if how == "starting with":
            return message.startswith(text)
        return message == text if how == "with the message" else text in message

    hits = [e for e in evs if matches(e.get("message") or "")]
    assert hits, f"no {reason} event {how} {text!r}; events: {msgs}"
    if etype is not None:
        types = sorted({e.get("type") or "" for e in hits})
        world.observe(f"event {reason} type", etype, types)
        assert etype in types, f"the {reason} event {how} {text!r} is of type {types}, not {etype}"
    if source is not None:
        sources = sorted({(e.get("source") or {}).get("component") or "" for e in hits})
        world.observe(f"event {reason} source", source, sources)
        assert source in sources, \
            f"the {reason} event {how} {text!r} comes from {sources}, not {source}"


@then(parsers.re(r'there is no event "(?P<reason>\w+)" for '
                 r'(?P<kind>Pod|PodGroup|Node|ReplicaSet|ResourceClaim) "(?P<name>[^"]+)" '
                 r'containing "(?P<text>.*)"$'))
def then_no_event(world: World, reason: str, kind: str, name: str, text: str) -> None:
    """No event with that reason and text (yet): what a component does not say at this point
    of the scenario (after the cluster settled, as for the positive step above)."""
    world.b.settle()
    msgs = [e.get("message") or "" for e in world.b.events(kind, name) if e.get("reason") == reason]
    world.observe(f"no event {reason}", f"none containing {text!r}", msgs)
    assert not [m for m in msgs if text in m], f"a {reason} event containing {text!r}: {msgs}"


@then(parsers.re(r'no Warning event was recorded for any (?P<kind>\w+)$'))
def then_no_warning_events(world: World, kind: str) -> None:
    """No component reported a problem with an object of ``kind`` in the scenario's
    namespace: the controllers and the scheduler post Warning events on the objects they fail
    to handle (FailedSync and the like), which an ordinary lifecycle never causes."""
    world.b.settle()
    warnings = [e for e in world.b.events(kind) if e.get("type") == "Warning"]
    shown = [f"{(e.get('involvedObject') or {}).get('name')}: {e.get('reason')}: {e.get('message')}"
             for e in warnings]
    world.observe(f"Warning events for {kind}", [], shown)
    assert not warnings, f"Warning events for {kind} objects: {shown}"


@then(parsers.re(r'the only Warning event for (?P<kind>\w+) "(?P<name>[^"]+)" is '
                 r'"(?P<reason>\w+)", recorded once$'))
def then_only_warning_event(world: World, kind: str, name: str, reason: str) -> None:
    """Exactly one Warning about the object, with that reason: no other component's complaint
    and no repetition (a live cluster's recorder folds a repeated event into one with a
    higher ``count`` or ``series.count``, which counts here as often as it says)."""
    world.b.settle()
    warnings = [e for e in world.b.events(kind, name) if e.get("type") == "Warning"]
    got = sorted((e.get("reason") or "", max(int(e.get("count") or 1),
                                             int((e.get("series") or {}).get("count") or 1)))
                 for e in warnings)
    world.observe(f"Warning events for {kind} {name}", [(reason, 1)], got)
    assert got == [(reason, 1)], f"Warning events for {kind} {name} (reason, count): {got}"


@then(parsers.re(r'the plugins that rejected the Pod "(?P<name>[^"]+)" in its last scheduling '
                 r'attempt are "(?P<plugins>[^"]+)"$'))
def then_rejecting_plugins(world: World, name: str, plugins: str) -> None:
    """The set the scheduling queue asks each later event about (QueuedPodInfo.
    UnschedulablePlugins): the premise of a queueing-hint scenario, which only holds when no
    other plugin rejected the pod (any other plugin's hints bring it back on their events).
    On a shared cluster other nodes can add plugins: the backend reports that unsupported."""
    world.b.settle()
    want = {p.strip() for p in plugins.split(",") if p.strip()}
    got = world.b.rejecting_plugins(name)
    world.observe(f"plugins that rejected {name}", sorted(want), sorted(got))
    assert got == want, f"the plugins that rejected the Pod {name}: {sorted(got)}"


# ---------------------------------------------------------------------------- then: claims

@then(parsers.re(r'the (?:extended resource claim|claim "(?P<entry>[^"]+)") of Pod "(?P<pod>[^"]+)" contains:'))
def then_claim_contains(world: World, entry: str | None, pod: str, docstring: str) -> None:
    claim = _claim_of(world, pod, entry)
    expected = parse_yaml(docstring)
    diffs = expect.contains(claim, expected)
    world.observe(f"claim of {pod}", expected, claim, [claim])
    if diffs:
        raise AssertionError("claim differs:\n  " + "\n  ".join(diffs))


@then(parsers.re(r'the (?:extended resource claim|claim "(?P<entry>[^"]+)") of Pod "(?P<pod>[^"]+)" has no '
                 r'"(?P<path>[^"]+)"'))
def then_claim_lacks(world: World, entry: str | None, pod: str, path: str) -> None:
    claim = _claim_of(world, pod, entry)
    actual = paths.lookup(claim, path)
    world.observe(f"claim has no {path}", None, None if actual is paths.MISSING else actual, [claim])
    assert actual is paths.MISSING or actual in (None, [], {}), f"claim has {path} = {actual!r}"


@then(parsers.re(r'the (?:extended resource claim|claim "(?P<entry>[^"]+)") of Pod "(?P<pod>[^"]+)" has '
                 r'(?P<n>\d+) allocated devices?'))
def then_claim_devices(world: World, entry: str | None, pod: str, n: str) -> None:
    claim = _claim_of(world, pod, entry)
    devs = _devices(claim)
    world.observe("allocated devices", int(n), devs, [claim])
    assert len(devs) == int(n), f"expected {n} devices, got {devs}"


@then(parsers.re(r'the (?:extended resource claim|claim "(?P<entry>[^"]+)") of Pod "(?P<pod>[^"]+)" is named '
                 r'with the prefix "(?P<prefix>[^"]+)"'))
def then_claim_prefix(world: World, entry: str | None, pod: str, prefix: str) -> None:
    claim = _claim_of(world, pod, entry)
    name = claim["metadata"]["name"]
    world.observe("claim name prefix", prefix, name, [claim])
    assert name.startswith(prefix) and len(name) == len(prefix) + 5, f"claim name {name!r}"


@then(parsers.re(r'the claims of Pods "(?P<a>[^"]+)" and "(?P<b>[^"]+)" (?P<same>share|do not share) devices'))
def then_share(world: World, a: str, b: str, same: str) -> None:
    def devs(p: str) -> set[str]:
        pod = get_obj(world, "Pod", p)
        st = pod.get("status") or {}
        names = [s.get("resourceClaimName") for s in st.get("resourceClaimStatuses") or ()]
        names += [e.get("resourceClaimName") for e in (pod.get("spec") or {}).get("resourceClaims") or ()
                  if e.get("resourceClaimName")]
        if (st.get("extendedResourceClaimStatus") or {}).get("resourceClaimName"):
            names.append(st["extendedResourceClaimStatus"]["resourceClaimName"])
        out: set[str] = set()
        for n in names:
            if n:
                out |= set(_devices(get_obj(world, "ResourceClaim", n)))
        return out
    da, db = devs(a), devs(b)
    world.observe("shared devices", same, sorted(da & db))
    if same == "share":
        assert da and da == db, f"{a}: {sorted(da)}, {b}: {sorted(db)}"
    else:
        assert da and db and not (da & db), f"{a}: {sorted(da)}, {b}: {sorted(db)}"


@then(parsers.re(r'the devices of Pod "(?P<a>[^"]+)" are different from the devices of Pod "(?P<b>[^"]+)"'))
def then_distinct(world: World, a: str, b: str) -> None:
    then_share(world, a, b, "do not share")


@then(parsers.re(r'(?P<n>\d+) devices? of driver "(?P<driver>[^"]+)" (?:is|are) allocated'))
def then_allocated_count(world: World, n: str, driver: str) -> None:
    world.b.settle()
    total = sum(1 for c in world.b.list("ResourceClaim") for d in _devices(c) if d.startswith(driver + "/"))
    world.observe(f"allocated {driver}", int(n), total)
    assert total == int(n), f"expected {n} allocated devices of {driver}, found {total}"


@then(parsers.re(r'there (?:is|are) (?P<n>\d+) extended resource claims?'))
def then_ext_claims(world: World, n: str) -> None:
    world.b.settle()
    claims = [c for c in world.b.list("ResourceClaim")
              if (c["metadata"].get("annotations") or {}).get("resource.kubernetes.io/extended-resource-claim") == "true"]
    world.observe("extended resource claims", int(n), [c["metadata"]["name"] for c in claims])
    assert len(claims) == int(n), f"expected {n}, found {[c['metadata']['name'] for c in claims]}"


@then(parsers.re(r'the ResourceClaim owned by (?P<kind>\w+) "(?P<owner>[^"]+)" contains:'))
def then_owned_claim(world: World, kind: str, owner: str, docstring: str) -> None:
    world.b.settle()
    claims = [c for c in world.b.list("ResourceClaim")
              if any(r.get("kind") == kind and r.get("name") == owner
                     for r in c["metadata"].get("ownerReferences") or ())]
    assert len(claims) == 1, f"expected exactly one claim owned by {kind} {owner}, found {len(claims)}"
    expected = parse_yaml(docstring)
    diffs = expect.contains(claims[0], expected)
    world.observe(f"claim owned by {owner}", expected, claims[0], claims)
    if diffs:
        raise AssertionError("claim differs:\n  " + "\n  ".join(diffs))


@then(parsers.re(r'there (?:is|are) (?P<n>\d+) ResourceClaims? owned by (?P<kind>\w+) "(?P<owner>[^"]+)"'))
def then_owned_count(world: World, n: str, kind: str, owner: str) -> None:
    world.b.settle()
    claims = [c for c in world.b.list("ResourceClaim")
              if any(r.get("kind") == kind and r.get("name") == owner
                     for r in c["metadata"].get("ownerReferences") or ())]
    world.observe(f"claims owned by {owner}", int(n), len(claims))
    assert len(claims) == int(n), f"expected {n}, found {[c['metadata']['name'] for c in claims]}"


# ---------------------------------------------------------------------------- then: probes and metrics

@then(parsers.re(r'a pod requesting (?P<res>.+?) (?P<verdict>fits|does not fit) on node "(?P<node>[^"]+)"$'))
def then_probe(world: World, res: str, verdict: str, node: str) -> None:
    reqs = dict(re.findall(r'([\w./-]+) "([^"]+)"', res))
    name = f"probe-{abs(hash((res, node))) % 100000}"
    pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name},
           "spec": {"nodeSelector": {"kubernetes.io/hostname": node},
                    "containers": [{"name": "probe", "image": "registry.k8s.io/pause:3.10",
                                    "resources": {"requests": reqs, "limits": {
                                        k: v for k, v in reqs.items() if k not in ("cpu", "memory")}}}]}}
    world.b.apply([pod])
    world.b.settle()
    got = get_obj(world, "Pod", name)
    placed = bool((got.get("spec") or {}).get("nodeName"))
    c = _cond(got) or {}
    world.observe(f"probe {res} on {node}", verdict, {"placed": placed, "message": c.get("message")}, [got])
    world.b.delete("Pod", name)
    world.b.settle()
    if verdict == "fits":
        assert placed, f"probe pod {res} did not fit on {node}: {c.get('message')}"
    else:
        assert not placed, f"probe pod {res} fitted on {node}, expected it not to"


@then(parsers.re(r'the metric (?P<series>\S+) is (?P<value>[\d.]+)$'))
def then_metric(world: World, series: str, value: str) -> None:
    world.b.settle()
    series = series_at(series, world.version)
    actual = _metric(world.b.metrics(), series)
    world.observe(f"metric {series}", float(value), actual)
    assert actual == float(value), f"{series} = {actual}, expected {value}"


@then(parsers.re(r'creating the objects fails with "(?P<text>.*)"$'))
def then_last_failed(world: World, text: str) -> None:
    err = world.last_error
    world.observe("last write failed", text, str(err) if err else None)
    assert isinstance(err, ApiError) and text in err.message, f"expected a failure containing {text!r}, got {err}"
