"""KEP-5004 steps the generic modules do not have: several DeviceClasses for one name,
a Deployment's pods with their special claims, and metrics that only grow.

Why a module of its own: these sentences only make sense for DRA extended resources, and
they stay black-box like every step — DeviceClasses, pods and claims are read through the
Backend, so the same words run on the reference and on a live cluster. Where a live cluster
cannot set up a case deterministically (two classes created in one second), the step says
"unsupported" instead of guessing.
"""

from __future__ import annotations

from pytest_bdd import given, parsers, then, when

from .backends.base import ApiError, Unsupported
from .common import get_obj, try_write, workload_pods
from .scheduling_steps import _devices, _metric, series_at
from .world import World

EXT_STATUS = "extendedResourceClaimStatus"


TIE_ATTEMPTS = 3
"""How often the two classes are created again when they landed in different seconds."""


@given(parsers.re(r'the DeviceClasses "(?P<a>[^"]+)" and "(?P<b>[^"]+)" carry the same creationTimestamp'))
@when(parsers.re(r'the DeviceClasses "(?P<a>[^"]+)" and "(?P<b>[^"]+)" carry the same creationTimestamp'))
def classes_created_together(world: World, a: str, b: str) -> None:
    """A precondition of the KEP's tie rule ("if two are created at the same time"): the API
    server stamps creationTimestamp in seconds; a live cluster may cross a second boundary
    between two creates. Then both classes are deleted and created again in the same order
    (nothing uses them yet: the step follows their creation), up to ``TIE_ATTEMPTS`` times;
    if the tie still did not happen, the case could not be set up and the scenario is
    unsupported rather than guessed."""
    for attempt in range(TIE_ATTEMPTS):
        objs = [get_obj(world, "DeviceClass", n) for n in (a, b)]
        ta, tb = (o["metadata"].get("creationTimestamp") for o in objs)
        if ta == tb:
            break
        if attempt + 1 == TIE_ATTEMPTS:
            world.observe("same creationTimestamp", "equal", [ta, tb])
            raise Unsupported(f"the DeviceClasses {a} ({ta}) and {b} ({tb}) were created in "
                              f"different seconds {TIE_ATTEMPTS} times, so the tie case could "
                              "not be set up; run the scenario again")
        _create_again(world, sorted(objs, key=lambda o: o["metadata"].get("creationTimestamp")))
    world.observe("same creationTimestamp", "equal", [ta, tb])


def _create_again(world: World, objs: list[dict]) -> None:
    """Delete the objects, then create them anew back to back, in the given order."""
    for o in objs:
        world.b.delete(o["kind"], o["metadata"]["name"])
    fresh = []
    for o in objs:
        md = o["metadata"]
        keep = {k: md[k] for k in ("name", "labels", "annotations") if md.get(k)}
        fresh.append({"apiVersion": o["apiVersion"], "kind": o["kind"], "metadata": keep,
                      "spec": o.get("spec") or {}})
    for o in fresh:  # one create per request, as the scenario's own apply does
        world.b.apply([o])
    world.b.settle()


@when(parsers.re(r'the DeviceClass "(?P<name>[^"]+)" stops serving its extended resource name by '
                 r'(?P<how>clearing the field|being deleted)'))
def class_gives_up_name(world: World, name: str, how: str) -> None:
    """KEP-5004 re-pointing: "update old device class to clear the extended resource field"
    (a JSON merge patch removing spec.extendedResourceName), or the class is deleted."""
    if how == "clearing the field":
        try_write(world, lambda: world.b.patch("DeviceClass", name, {"spec": {"extendedResourceName": None}}))
    else:
        try_write(world, lambda: world.b.delete("DeviceClass", name) or [])
    if world.last_error is not None:
        raise AssertionError(f"DeviceClass {name}: {how} failed: {world.last_error}")
    world.b.settle()


@then(parsers.re(r'the metric (?P<series>\S+) is at least (?P<value>\d+)$'))
def metric_at_least(world: World, series: str, value: str) -> None:
    """A counter on a live cluster also counts retries that happen while the step waits."""
    world.b.settle()
    series = series_at(series, world.version)
    actual = _metric(world.b.metrics(), series)
    world.observe(f"metric {series} at least", int(value), actual)
    assert actual is not None and actual >= int(value), f"{series} = {actual}, expected at least {value}"


@then(parsers.re(r'the (?P<n>\d+) pods? of the (?P<kind>Deployment|ReplicaSet) "(?P<dep>[^"]+)" (?:is|are) '
                 r'scheduled, each with its own extended resource claim of (?P<k>\d+) devices? of the '
                 r'DeviceClass "(?P<cls>[^"]+)" for "(?P<res>[^"]+)"$'))
def deployment_pods_have_claims(world: World, n: str, kind: str, dep: str, k: str, cls: str,
                                res: str) -> None:
    """The Deployment's (or ReplicaSet's) pods (found through its selector), each bound, each
    with a special claim of its own holding ``k`` devices requested from ``cls``, mapped for
    ``res``."""
    world.b.settle()
    pods, _ = workload_pods(world, kind, dep)
    seen: dict[str, str] = {}
    problems = []
    for p in pods:
        name = p["metadata"]["name"]
        if not (p.get("spec") or {}).get("nodeName"):
            problems.append(f"{name}: not scheduled")
            continue
        ecs = (p.get("status") or {}).get(EXT_STATUS) or {}
        claim_name = ecs.get("resourceClaimName")
        if not claim_name:
            problems.append(f"{name}: no status.{EXT_STATUS}")
            continue
        if claim_name in seen:
            problems.append(f"{name}: shares claim {claim_name} with {seen[claim_name]}")
        seen[claim_name] = name
        if {m.get("resourceName") for m in ecs.get("requestMappings") or ()} != {res}:
            problems.append(f"{name}: mappings {ecs.get('requestMappings')} are not all for {res}")
        try:
            claim = world.b.get("ResourceClaim", claim_name)
        except ApiError as e:
            problems.append(f"{name}: claim {claim_name}: {e}")
            continue
        classes = {(r.get("exactly") or {}).get("deviceClassName")
                   for r in ((claim.get("spec") or {}).get("devices") or {}).get("requests") or ()}
        if classes != {cls}:
            problems.append(f"{name}: claim {claim_name} requests classes {sorted(map(str, classes))}")
        if len(_devices(claim)) != int(k):
            problems.append(f"{name}: claim {claim_name} holds {_devices(claim)}")
    world.observe(f"pods of {kind} {dep}", int(n), [p["metadata"]["name"] for p in pods], pods)
    if len(pods) != int(n):
        problems.append(f"expected {n} pods, found {[p['metadata']['name'] for p in pods]}")
    assert not problems, "\n".join(problems)


@then(parsers.re(r'the extended resource claim of Pod "(?P<pod>[^"]+)" requests only the DeviceClass '
                 r'"(?P<cls>[^"]+)"'))
def claim_requests_class(world: World, pod: str, cls: str) -> None:
    """Which DeviceClass served the pod's extended resources (KEP-5004 "Device Class API")."""
    p = get_obj(world, "Pod", pod)
    name = ((p.get("status") or {}).get(EXT_STATUS) or {}).get("resourceClaimName")
    if not name:
        c = next((c for c in (p.get("status") or {}).get("conditions") or ()
                  if c.get("type") == "PodScheduled"), {})
        raise AssertionError(f"Pod {pod!r} has no special claim ({c.get('reason')}: {c.get('message')})")
    claim = get_obj(world, "ResourceClaim", name)
    reqs = ((claim.get("spec") or {}).get("devices") or {}).get("requests") or ()
    classes = sorted({(r.get("exactly") or {}).get("deviceClassName") or "" for r in reqs})
    world.observe(f"classes of {pod}'s claim", [cls], classes, [claim])
    assert classes == [cls], f"the claim {name} of Pod {pod!r} requests {classes}, expected [{cls!r}]"
