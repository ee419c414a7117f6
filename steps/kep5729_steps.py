"""KEP-5729 steps: claims made for PodGroups, as a user or the controller leaves them.

Why these sentences: the controller edge cases KEP-5729 ships (an orphaned claim reused, a
claim that lost its controller replaced, a PodGroup recreated under the same name) are
states a user can only reach through the API, and their names are generated, so the steps
find a PodGroup's claim by its owner and compare uids, never names a scenario cannot know.
Like every step module they speak Kubernetes objects through the Backend protocol only.
"""

from __future__ import annotations

from pytest_bdd import parsers, then, when

from .backends.base import ApiError
from .common import get_obj, load_yaml, try_write, workload_pods
from .world import World

POD_CLAIM_NAME = "resource.kubernetes.io/pod-claim-name"
PODGROUP_GROUP = "scheduling.k8s.io"


def _owned_by(world: World, kind: str, owner: str) -> list[dict]:
    return [c for c in world.b.list("ResourceClaim")
            if any(r.get("kind") == kind and r.get("name") == owner and r.get("controller")
                   for r in c["metadata"].get("ownerReferences") or ())]


# ---------------------------------------------------------------------------- when


@when(parsers.re(r'I create the ResourceClaim "(?P<name>[^"]+)" the controller would make for the claim '
                 r'"(?P<entry>[^"]+)" of PodGroup "(?P<pg>[^"]+)"'
                 r'(?P<bare> but without the pod-claim-name annotation)?:'))
def when_create_podgroup_claim(world: World, name: str, entry: str, pg: str, docstring: str,
                               bare: str | None = None) -> None:
    """A claim as the ResourceClaim controller creates it before it records it in the
    PodGroup's status: controlled by the PodGroup (its uid and served version), annotated
    with the PodGroup's claim name — what a crash between the two writes leaves behind.
    "but without the pod-claim-name annotation": controlled by the PodGroup only (a claim
    another client made for it)."""
    (claim,) = load_yaml(docstring)
    group = get_obj(world, "PodGroup", pg)
    md = claim.setdefault("metadata", {})
    md["name"] = name
    if not bare:
        md.setdefault("annotations", {})[POD_CLAIM_NAME] = entry
    md["ownerReferences"] = [{"apiVersion": group["apiVersion"], "kind": "PodGroup", "name": pg,
                              "uid": group["metadata"]["uid"], "controller": True}]
    try_write(world, lambda: world.b.apply([claim]))
    if world.last_error is not None:
        raise AssertionError(f"creating the claim failed: {world.last_error}")


def _the_owned_claim(world: World, kind: str, pg: str, entry: str | None) -> str:
    """The name of the one claim the Pod or PodGroup ``pg`` controls (for its claim ``entry``)."""
    world.b.settle()
    claims = [c for c in _owned_by(world, kind, pg)
              if entry is None or (c["metadata"].get("annotations") or {}).get(POD_CLAIM_NAME) == entry]
    if len(claims) != 1:
        raise AssertionError(f"expected one claim owned by {kind} {pg}"
                             f"{f' for {entry!r}' if entry else ''}, found "
                             f"{[c['metadata']['name'] for c in claims]}")
    return claims[0]["metadata"]["name"]


@when(parsers.re(r'the ResourceClaim owned by (?P<kind>Pod|PodGroup) "(?P<pg>[^"]+)"'
                 r'(?: for "(?P<entry>[^"]+)")? (?P<how>loses its owner|keeps its owner without being '
                 r'controlled by it)$'))
def when_claim_released(world: World, kind: str, pg: str, entry: str | None, how: str) -> None:
    """Remove the ownerReferences of the pod's or PodGroup's claim (a user or another
    controller taking it over), or keep the reference with ``controller`` false (an owner,
    no longer the controller); its name is kept for later steps as ``released claim``."""
    name = _the_owned_claim(world, kind, pg, entry)
    world.vars["released claim"] = name
    refs = None
    if how != "loses its owner":
        refs = [{**r, "controller": False} if r.get("controller") else r
                for r in get_obj(world, "ResourceClaim", name)["metadata"].get("ownerReferences") or ()]
    try:
        world.b.patch("ResourceClaim", name, {"metadata": {"ownerReferences": refs}})
    except ApiError as e:
        raise AssertionError(f"releasing ResourceClaim {name} failed: {e}") from None


@when(parsers.re(r'another client removes the reservations of the ResourceClaim owned by '
                 r'(?P<kind>Pod|PodGroup) "(?P<pg>[^"]+)"'))
def when_owned_claim_unreserved(world: World, kind: str, pg: str) -> None:
    """Clear ``status.reservedFor`` of the pod's or PodGroup's claim with a status patch, as a
    client other than the ResourceClaim controller would (the claim stays allocated)."""
    name = _the_owned_claim(world, kind, pg, None)
    try:
        world.b.patch("ResourceClaim", name, {"status": {"reservedFor": None}}, subresource="status")
    except ApiError as e:
        raise AssertionError(f"removing the reservations of ResourceClaim {name} failed: {e}") from None


@when(parsers.re(r'I delete the ResourceClaim owned by (?P<kind>Pod|PodGroup) "(?P<pg>[^"]+)" '
                 r'for "(?P<entry>[^"]+)"'))
def when_owned_claim_deleted(world: World, kind: str, pg: str, entry: str) -> None:
    """Delete the pod's or PodGroup's claim for ``entry`` by its generated name (a user's
    mistake)."""
    name = _the_owned_claim(world, kind, pg, entry)
    try:
        world.b.delete("ResourceClaim", name)
    except ApiError as e:
        raise AssertionError(f"deleting ResourceClaim {name} failed: {e}") from None


# ---------------------------------------------------------------------------- then


@then(parsers.re(r'the (?P<kind>Pod|PodGroup) "(?P<pg>[^"]+)" records the ResourceClaim it owns for '
                 r'"(?P<entry>[^"]+)"'))
def then_podgroup_records_owned(world: World, kind: str, pg: str, entry: str) -> None:
    world.b.settle()
    group = get_obj(world, kind, pg)
    owned = [c["metadata"]["name"] for c in _owned_by(world, kind, pg)
             if (c["metadata"].get("annotations") or {}).get(POD_CLAIM_NAME) == entry]
    recorded = [s.get("resourceClaimName") for s in (group.get("status") or {}).get("resourceClaimStatuses") or ()
                if s.get("name") == entry]
    world.observe(f"{kind} {pg} records its claim for {entry}", owned, recorded, [group])
    assert len(owned) == 1, f"expected one claim owned by {kind} {pg} for {entry!r}, found {owned}"
    assert recorded == owned, f"{kind} {pg} records {recorded} for {entry!r}, it owns {owned}"


@then(parsers.re(r'the (?P<kind>Pod|PodGroup) "(?P<pg>[^"]+)" still records the released ResourceClaim for '
                 r'"(?P<entry>[^"]+)"'))
def then_podgroup_records_released(world: World, kind: str, pg: str, entry: str) -> None:
    world.b.settle()
    group = get_obj(world, kind, pg)
    recorded = [s.get("resourceClaimName") for s in (group.get("status") or {}).get("resourceClaimStatuses") or ()
                if s.get("name") == entry]
    released = world.vars.get("released claim")
    world.observe(f"{kind} {pg} records the released claim for {entry}", [released], recorded, [group])
    assert recorded == [released], f"{kind} {pg} records {recorded} for {entry!r}, not the released {released}"


@then(parsers.re(r'the released ResourceClaim still exists without an owner'))
def then_released_kept(world: World) -> None:
    name = world.vars.get("released claim")
    if not name:
        raise AssertionError("no claim was released by an earlier step")
    claim = get_obj(world, "ResourceClaim", name)
    refs = claim["metadata"].get("ownerReferences") or []
    world.observe(f"released claim {name}", [], refs, [claim])
    assert not refs, f"ResourceClaim {name} has owners again: {refs}"


@then(parsers.re(r'the ResourceClaim "(?P<claim>[^"]+)" is reserved for the PodGroup "(?P<pg>[^"]+)" '
                 r'as it exists now'))
def then_reserved_for_current(world: World, claim: str, pg: str) -> None:
    """The reservation names the PodGroup *and* carries the uid of the object that has that
    name now (a PodGroup recreated under the same name is another consumer)."""
    world.b.settle()
    c = get_obj(world, "ResourceClaim", claim)
    uid = get_obj(world, "PodGroup", pg)["metadata"]["uid"]
    refs = [r for r in (c.get("status") or {}).get("reservedFor") or ()
            if r.get("apiGroup") == PODGROUP_GROUP and r.get("resource") == "podgroups" and r.get("name") == pg]
    world.observe(f"{claim} reserved for PodGroup {pg}", [uid], [r.get("uid") for r in refs], [c])
    assert refs, f"ResourceClaim {claim} is not reserved for PodGroup {pg}: " \
        f"{(c.get('status') or {}).get('reservedFor')}"
    assert all(r.get("uid") == uid for r in refs), \
        f"ResourceClaim {claim} is reserved for an earlier PodGroup {pg}: {refs}, current uid {uid}"


@then("no ResourceClaim outlives its owner")
def then_no_orphans(world: World) -> None:
    """Every claim with a controller owner has that owner (same kind, name and uid)."""
    world.b.settle()
    orphans = []
    for c in world.b.list("ResourceClaim"):
        for ref in c["metadata"].get("ownerReferences") or ():
            if not ref.get("controller"):
                continue
            try:
                owner = world.b.get(ref.get("kind", ""), ref.get("name", ""))
            except ApiError as e:
                if e.code != 404:
                    raise
                owner = None
            if owner is None or owner["metadata"].get("uid") != ref.get("uid"):
                orphans.append(f"{c['metadata']['name']} (owner {ref.get('kind')} {ref.get('name')})")
    world.observe("claims without their owner", [], orphans)
    assert not orphans, f"claims outlive their owner: {orphans}"


@then(parsers.re(r'every Pod is scheduled'))
def then_every_pod_scheduled(world: World) -> None:
    world.b.settle()
    pods = world.b.list("Pod")
    pending = [p["metadata"]["name"] for p in pods if not (p.get("spec") or {}).get("nodeName")]
    world.observe("every pod scheduled", [], pending)
    assert pods and not pending, f"not scheduled: {pending} (of {len(pods)} pods)"


# ---------------------------------------------------------------------------- workload pods
# KEP-5729 runs its example as Deployments; these sentences follow the pods of a Deployment or
# ReplicaSet through its selector (steps/common.py workload_pods).


@when(parsers.re(r'I note the (?P<s>\d+) scheduled and (?P<p>\d+) pending pods? of the '
                 r'(?P<kind>Deployment|ReplicaSet) "(?P<name>[^"]+)"$'))
def when_note_workload_pods(world: World, s: str, p: str, kind: str, name: str) -> None:
    """Remember which of the workload's pods are bound to a node and which are not (after the
    cluster settled), for a later step to compare; the counts are checked now."""
    world.b.settle()
    pods = workload_pods(world, kind, name)[0]
    scheduled = sorted(x["metadata"]["name"] for x in pods if (x.get("spec") or {}).get("nodeName"))
    pending = sorted(x["metadata"]["name"] for x in pods if not (x.get("spec") or {}).get("nodeName"))
    world.observe(f"pods of {kind} {name}", {"scheduled": int(s), "pending": int(p)},
                  {"scheduled": scheduled, "pending": pending}, pods)
    assert (len(scheduled), len(pending)) == (int(s), int(p)), \
        f"the {kind} {name!r} has scheduled pods {scheduled} and pending pods {pending}, " \
        f"expected {s} scheduled and {p} pending"
    world.vars[f"workload pods {kind}/{name}"] = {"scheduled": scheduled, "pending": pending}


@then(parsers.re(r'the pods of the (?P<kind>Deployment|ReplicaSet) "(?P<name>[^"]+)" are exactly its '
                 r'noted scheduled pods$'))
def then_workload_pods_are_noted_scheduled(world: World, kind: str, name: str) -> None:
    """After a scale-down: the pods left are the ones that were bound when noted (by name), so
    the pending ones were deleted and no bound one was."""
    noted = world.vars.get(f"workload pods {kind}/{name}")
    if noted is None:
        raise AssertionError(f"the pods of the {kind} {name!r} were not noted before")
    world.b.settle()
    pods = workload_pods(world, kind, name)[0]
    now = sorted(x["metadata"]["name"] for x in pods)
    world.observe(f"pods of {kind} {name}", noted["scheduled"], now, pods)
    assert now == noted["scheduled"], \
        f"the {kind} {name!r} has the pods {now}; expected exactly the ones bound when noted " \
        f"{noted['scheduled']} (pending then: {noted['pending']})"
