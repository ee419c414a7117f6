"""Steps for what happens on the node: the kubelet, its PodResources API and container devices.

Why these sentences: KEP-3695/5004/5517/5729 promise node-side behaviour (what a node agent
reads from PodResources, which CDI devices a container gets, whether the kubelet admits or
starts a pod). The steps reach a node only through the Backend's node-access methods
(``pod_resources``, ``restart_kubelet``, ``kubelet_metrics``, ``container_devices``); a
backend without node access raises Unsupported("needs node access") and the scenario is
reported as unsupported, not failed.

Until the scheduler binds pods, scenarios bind them by writing ``spec.nodeName`` and allocate
claims with "the ResourceClaim ... is allocated and reserved for ...", which writes
``status.allocation`` and ``status.reservedFor`` through the API as the scheduler would. A
pod bound before its claim is ready fails its first prepare (FailedPrepareDynamicResources),
as upstream's kubelet does; the step then updates the pod (``CLAIMS_RESERVED_ANNOTATION``)
so that its kubelet syncs it at once instead of at its next resync (docs/kubelet.md).
Expected PodResources answers are written in protobuf's JSON mapping (what grpcurl prints);
``${namespace}`` stands for the scenario's namespace.
"""

from __future__ import annotations

import re

import yaml
from pytest_bdd import given, parsers, then, when

from . import expect
from .backends.base import ApiError, PodResourcesError, Unsupported
from .backends.driver_profile import CDI_PRESENT, structure
from .common import expand_namespace, parse_yaml
from .world import World

_NAMES = r'"[^"]+"(?:(?:, | and )"[^"]+")*'
CLAIMS_RESERVED_ANNOTATION = "drakit.io/claims-reserved"
"""Set by "the ResourceClaim ... is allocated and reserved for ..." on each pod it reserved the
claim for (value: the claim and its new resourceVersion). Upstream's kubelet does not watch
claims: it GETs them when it prepares a pod, and retries a failed prepare at the pod worker's
resync (1-1.5 min). An update of the pod's annotations reaches its pod worker at once
(pkg/kubelet/config podsDifferSemantically), on drakit and on a live kubelet alike, so the
scenarios that bind a pod before the harness reserves its claim need not wait out the resync;
those that pin the resync itself end the sentence in ", the pod left untouched"."""


def _names(text: str) -> list[str]:
    return re.findall(r'"([^"]+)"', text)


def _node_call(world: World, method: str, *args):
    fn = getattr(world.b, method, None)
    if fn is None:
        raise Unsupported("needs node access")
    return fn(*args)


def _structural(world: World) -> bool:
    """A kubelet scenario on a driver profile's real driver: CDI ids are the driver's own,
    so they are compared by structure (present or not), not by text (driver_profile.py)."""
    return bool(getattr(world.b, "compares_structure", False))


def _shape(world: World, expected, actual):
    expected, actual = _pods_by_name(expected), _pods_by_name(actual)
    if _structural(world):
        return structure(expected), structure(actual)
    return expected, actual


def _pods_by_name(answer):
    """A List answer's pods in (name, namespace) order, in the answer and in the expectation
    alike: the kubelet lists them in no defined order (server_v1.go List walks
    podsProvider.GetPods(), the pod manager's map), so a scenario never depends on it (the
    name first: an expectation may leave the namespace out). The containers of a pod keep
    their order, which is defined (sidecars, then containers)."""
    if not isinstance(answer, dict) or not isinstance(answer.get("podResources"), list):
        return answer
    def key(p):
        p = p if isinstance(p, dict) else {}
        return (str(p.get("name", "")), str(p.get("namespace", "")))
    return {**answer, "podResources": sorted(answer["podResources"], key=key)}


def _table(datatable: list[list[str]]) -> list[dict[str, str]]:
    header, *rows = datatable
    return [dict(zip(header, r)) for r in rows]


# ---------------------------------------------------------------------------- given


_UNTOUCHED = r'(?P<untouched>, the pods? left untouched)?'


@given(parsers.re(r'the ResourceClaim "(?P<claim>[^"]+)" is allocated and reserved for '
                  r'(?P<kind>the Pods?|the PodGroup) (?P<names>' + _NAMES + r')' + _UNTOUCHED
                  + r':'))
@when(parsers.re(r'the ResourceClaim "(?P<claim>[^"]+)" is allocated and reserved for '
                 r'(?P<kind>the Pods?|the PodGroup) (?P<names>' + _NAMES + r')' + _UNTOUCHED
                 + r':'))
def given_claim_allocated(world: World, claim: str, kind: str, names: str,
                          datatable: list[list[str]], untouched: str | None = None) -> None:
    """Table ``| request | driver | pool | device |`` (and optionally ``shareID``: the share of
    a device that several claims may hold, consumable capacity): the allocation results, in
    order. Then the pods are updated (CLAIMS_RESERVED_ANNOTATION), unless the sentence ends in
    ", the pod left untouched": the claim alone changes, which no kubelet watches."""
    try:
        obj = world.b.get("ResourceClaim", claim)
        refs = []
        for n in _names(names):
            if kind == "the PodGroup":
                pg = world.b.get("PodGroup", n)
                refs.append({"apiGroup": "scheduling.k8s.io", "resource": "podgroups",
                             "name": n, "uid": pg["metadata"]["uid"]})
            else:
                p = world.b.get("Pod", n)
                refs.append({"resource": "pods", "name": n, "uid": p["metadata"]["uid"]})
        results = [{"request": r["request"], "driver": r["driver"], "pool": r["pool"],
                    "device": r["device"], **({"shareID": r["shareID"]} if r.get("shareID") else {})}
                   for r in _table(datatable)]
        obj["status"] = {"allocation": {"devices": {"results": results}}, "reservedFor": refs}
        stored = world.b.update(obj, subresource="status")
    except ApiError as e:
        raise AssertionError(f"allocating ResourceClaim {claim} failed: {e}") from None
    if not untouched:
        _nudge_pods(world, claim, stored, kind, _names(names))


def _nudge_pods(world: World, claim: str, stored: dict, kind: str, names: list[str]) -> None:
    """Update the annotations of the bound pods the claim was reserved for (of the PodGroup:
    its member pods), see CLAIMS_RESERVED_ANNOTATION."""
    mark = f"{claim}@{stored.get('metadata', {}).get('resourceVersion', '')}"
    if kind == "the PodGroup":
        pods = [p["metadata"]["name"] for p in world.b.list("Pod")
                if ((p.get("spec") or {}).get("schedulingGroup") or {}).get("podGroupName")
                in names]
    else:
        pods = names
    for name in pods:
        try:
            world.b.patch("Pod", name, {"metadata": {"annotations": {
                CLAIMS_RESERVED_ANNOTATION: mark}}})
        except ApiError as e:
            raise AssertionError(f"updating Pod {name} after reserving ResourceClaim {claim} "
                                 f"for it failed: {e}") from None


@given(parsers.re(r'the Pod "(?P<pod>[^"]+)" is bound to node "(?P<node>[^"]+)"$'))
@when(parsers.re(r'the Pod "(?P<pod>[^"]+)" is bound to node "(?P<node>[^"]+)"$'))
def when_pod_bound(world: World, pod: str, node: str) -> None:
    """POST pods/<pod>/binding, as a scheduler's Bind: the scenario first writes what the
    scheduler writes before it binds (the claims reserved for the pod, its DRA status), so
    the node's kubelet sees the pod only once that is in place, as on a real cluster. The
    pod names a scheduler nobody runs (``spec.schedulerName``), so nothing else binds it."""
    try:
        world.b.bind(pod, node)
    except ApiError as e:
        raise AssertionError(f"binding Pod {pod} to node {node} failed: {e}") from None


@when(parsers.re(r'I bind the Pod "(?P<pod>[^"]+)" to node "(?P<node>[^"]+)"$'))
def when_bind(world: World, pod: str, node: str) -> None:
    """POST pods/<pod>/binding as a request whose outcome the next step reads (a refusal
    included), unlike "the Pod ... is bound to node ...", which must succeed."""
    from .common import try_write

    try_write(world, lambda: world.b.bind(pod, node))


@given(parsers.re(r'the Pod "(?P<pod>[^"]+)" status has:'))
@when(parsers.re(r'the Pod "(?P<pod>[^"]+)" status has:'))
def given_pod_status(world: World, pod: str, docstring: str) -> None:
    """Merge-patch the pod's status (what the scheduler writes before binding, or the kubelet
    when the pod's containers have finished)."""
    try:
        world.b.patch("Pod", pod, {"status": parse_yaml(docstring)}, subresource="status")
    except ApiError as e:
        raise AssertionError(f"patching the status of Pod {pod} failed: {e}") from None


# ---------------------------------------------------------------------------- when


@when(parsers.re(r'the kubelet on node "(?P<node>[^"]+)" restarts'))
def when_kubelet_restarts(world: World, node: str) -> None:
    _node_call(world, "restart_kubelet", node)


@when(parsers.re(r'the kubelet on node "(?P<node>[^"]+)" crashes and starts again'))
def when_kubelet_crashes(world: World, node: str) -> None:
    """A restart after a crash: the old kubelet's socket file is still there."""
    _node_call(world, "crash_kubelet", node)


@when(parsers.re(r'the kubelet on node "(?P<node>[^"]+)" restarts, whether or not it comes up'))
def when_kubelet_restarts_maybe(world: World, node: str) -> None:
    """A restart whose outcome the next steps judge through the API (the Node's condition,
    taints and events): a kubelet that refuses to start is the expected result there."""
    try:
        _node_call(world, "restart_kubelet", node)
    except Unsupported:
        raise
    except Exception as e:  # noqa: BLE001 - the refusal is what the Then steps look at
        world.vars["kubelet start error"] = f"{type(e).__name__}: {e}"


_CHECKPOINT = r'the (?P<manager>DRA|device manager) checkpoint on node "(?P<node>[^"]+)" '


def _manager(text: str) -> str:
    return "DRA" if text == "DRA" else "device"


_QUOTED = r""""[^"]+"|'[^']+'"""  # "text", or 'text' when it holds double quotes (JSON)


@when(parsers.re(_CHECKPOINT + r'is edited by hand(?P<recomputed>, its checksum recomputed)?: '
                 r'(?P<old>' + _QUOTED + r') becomes (?P<new>' + _QUOTED + r')$'))
def when_checkpoint_tampered(world: World, manager: str, node: str, recomputed: str | None,
                             old: str, new: str) -> None:
    """A hand edit of the kubelet's checkpoint file (``old`` and ``new`` in double quotes, or
    in single quotes when they hold double quotes): the stored checksum stays as it was (a
    disk fault or a careless edit), or, "its checksum recomputed", is made to fit the edited
    data (someone who knows the format)."""
    _node_call(world, "tamper_checkpoint", node, old[1:-1], new[1:-1], _manager(manager),
               bool(recomputed))


@when(parsers.re(_CHECKPOINT + r'is cut short after (?P<size>\d+) bytes'))
def when_checkpoint_truncated(world: World, manager: str, node: str, size: str) -> None:
    """What a torn write or a full disk leaves of a file not written atomically (0 bytes:
    an empty file)."""
    _node_call(world, "truncate_checkpoint", node, int(size), _manager(manager))


@then(parsers.re(_CHECKPOINT + r'can be read and written by its owner only$'))
def then_checkpoint_private(world: World, manager: str, node: str) -> None:
    """The checkpoint file's permission bits are 0600 (upstream's filestore writes through
    os.CreateTemp)."""
    mode = _node_call(world, "checkpoint_mode", node, _manager(manager))
    world.observe(f"{manager} checkpoint mode on {node}", "0o600", oct(mode))
    assert mode == 0o600, f"the {manager} checkpoint on node {node} has mode {oct(mode)}, not 0o600"


_DRIVER_CALL = r'the DRA driver "(?P<driver>[^"]+)" on node "(?P<node>[^"]+)" '


@given(parsers.re(_DRIVER_CALL + r'fails (?P<call>NodePrepareResources|NodeUnprepareResources) '
                  r'with "(?P<message>[^"]+)"$'))
@when(parsers.re(_DRIVER_CALL + r'fails (?P<call>NodePrepareResources|NodeUnprepareResources) '
                 r'with "(?P<message>[^"]+)"$'))
def when_driver_fails(world: World, driver: str, node: str, call: str, message: str) -> None:
    """From now on the driver answers every claim of that call with this error (the
    per-claim ``error`` of the plugin's response), as a driver with a broken device does."""
    _node_call(world, "fail_dra_driver", node, driver, call, message)


@when(parsers.re(_DRIVER_CALL + r'answers (?P<call>NodePrepareResources|NodeUnprepareResources) '
                 r'again$'))
def when_driver_heals(world: World, driver: str, node: str, call: str) -> None:
    _node_call(world, "fail_dra_driver", node, driver, call, None)


@when(parsers.re(r"(?P<seconds>[\d.]+) seconds? pass(?:es)?"))
def when_time_passes(world: World, seconds: str) -> None:
    fn = getattr(world.b, "advance", None)
    if fn is None:
        raise Unsupported("needs control of the clock")
    fn(float(seconds))


def _pr_call(world: World, node: str, method: str, *args) -> None:
    client = _node_call(world, "pod_resources", node)
    world.vars["pr_error"] = None
    world.vars["pr_answer"] = None
    try:
        world.vars["pr_answer"] = getattr(client, method)(*args)
    except PodResourcesError as e:
        world.vars["pr_error"] = e


@when(parsers.re(r'a node agent calls PodResources List on node "(?P<node>[^"]+)"$'))
def when_pr_list(world: World, node: str) -> None:
    _pr_call(world, node, "list")


@when(parsers.re(r'a node agent calls PodResources Get for the Pod "(?P<pod>[^"]+)"'
                 r'(?: in namespace "(?P<ns>[^"]+)")? on node "(?P<node>[^"]+)"'))
def when_pr_get(world: World, pod: str, ns: str | None, node: str) -> None:
    _pr_call(world, node, "get", pod, ns or world.b.namespace)


@when(parsers.re(r'a node agent calls PodResources GetAllocatableResources on node '
                 r'"(?P<node>[^"]+)"'))
def when_pr_allocatable(world: World, node: str) -> None:
    _pr_call(world, node, "get_allocatable_resources")


@when(parsers.re(r'a node agent calls PodResources List (?P<n>\d+) times without pause on node '
                 r'"(?P<node>[^"]+)"'))
def when_pr_burst(world: World, n: str, node: str) -> None:
    client = _node_call(world, "pod_resources", node)
    if hasattr(client, "burst"):  # a node agent makes the calls on the node, back to back
        world.vars["burst"] = client.burst(int(n))
        return
    ok, errors = 0, []
    for _ in range(int(n)):
        try:
            client.list()
            ok += 1
        except PodResourcesError as e:
            errors.append(e)
    world.vars["burst"] = (ok, errors)


# ---------------------------------------------------------------------------- then


def _answer(world: World) -> dict:
    err = world.vars.get("pr_error")
    if err is not None:
        raise AssertionError(f"the PodResources call failed: {err}")
    if "pr_answer" not in world.vars:
        raise AssertionError("no PodResources call was made by an earlier step")
    return world.vars["pr_answer"]


@then("the PodResources answer is:")
def then_pr_answer_is(world: World, docstring: str) -> None:
    expected, actual = _shape(world, parse_yaml(expand_namespace(docstring, world)) or {},
                              _answer(world))
    world.observe("PodResources answer", expected, actual)
    diffs = expect.equal(actual, expected)
    if diffs:
        raise AssertionError("PodResources answer differs:\n  " + "\n  ".join(diffs)
                             + "\nanswered\n" + yaml.safe_dump(actual, sort_keys=False)
                             + "expected\n" + yaml.safe_dump(expected, sort_keys=False))


@then("the PodResources answer contains:")
def then_pr_answer_contains(world: World, docstring: str) -> None:
    expected, actual = _shape(world, parse_yaml(expand_namespace(docstring, world)),
                              _answer(world))
    world.observe("PodResources answer contains", expected, actual)
    diffs = expect.contains(actual, expected)
    if diffs:
        raise AssertionError("PodResources answer differs:\n  " + "\n  ".join(diffs)
                             + "\nanswer:\n" + yaml.safe_dump(actual, sort_keys=False))


def _container(world: World, pod: str, container: str) -> dict:
    ans = _answer(world)
    pods = ans.get("podResources")
    pods = [pods] if isinstance(pods, dict) else list(pods or [])
    for p in pods:
        if p.get("name") == pod:
            for c in p.get("containers") or []:
                if c.get("name") == container:
                    return c
            raise AssertionError(f"pod {pod} in the answer has no container {container}: "
                                 f"{[c.get('name') for c in p.get('containers') or []]}")
    raise AssertionError(f"the answer has no pod {pod}: {[p.get('name') for p in pods]}")


@then(parsers.re(r'in the PodResources answer the containers of the Pod "(?P<pod>[^"]+)" are '
                 r'(?P<names>' + _NAMES + r')$'))
def then_pr_containers(world: World, pod: str, names: str) -> None:
    _container(world, pod, _names(names)[0])  # the pod exists
    ans = _answer(world)
    pods = ans.get("podResources")
    pods = [pods] if isinstance(pods, dict) else list(pods or [])
    got = [c.get("name") for p in pods if p.get("name") == pod for c in p.get("containers") or []]
    world.observe(f"containers of {pod}", _names(names), got)
    assert got == _names(names), f"expected containers {_names(names)}, got {got}"


@then(parsers.re(r'in the PodResources answer the container "(?P<container>[^"]+)" of the Pod '
                 r'"(?P<pod>[^"]+)" has no dynamic resources'))
def then_pr_no_dynamic(world: World, container: str, pod: str) -> None:
    c = _container(world, pod, container)
    world.observe(f"{pod}/{container} dynamic resources", [], c.get("dynamicResources", []))
    assert not c.get("dynamicResources"), \
        f"{pod}/{container} has dynamic resources: {c['dynamicResources']}"


@then(parsers.re(r'in the PodResources answer the container "(?P<container>[^"]+)" of the Pod '
                 r'"(?P<pod>[^"]+)" has (?P<n>\d+) devices? of "(?P<resource>[^"]+)"$'))
def then_pr_device_count(world: World, container: str, pod: str, n: str, resource: str) -> None:
    """Counts a container's device-plugin devices of one resource. Which free device the device
    manager picks is not specified (upstream draws from a set), so scenarios pin the count."""
    c = _container(world, pod, container)
    ids = [d for e in c.get("devices") or [] if e.get("resourceName") == resource
           for d in e.get("deviceIds") or []]
    world.observe(f"{pod}/{container} {resource} devices", int(n), len(ids))
    assert len(ids) == int(n), \
        f"{pod}/{container} has {len(ids)} {resource} devices {ids}, expected {n}"


@then(parsers.re(r'in the PodResources answer the container "(?P<container>[^"]+)" of the Pod '
                 r'"(?P<pod>[^"]+)" has:'))
def then_pr_container_has(world: World, container: str, pod: str, docstring: str) -> None:
    expected, c = _shape(world, parse_yaml(expand_namespace(docstring, world)),
                         _container(world, pod, container))
    world.observe(f"{pod}/{container}", expected, c)
    diffs = expect.equal(c, expected)
    if diffs:
        raise AssertionError(f"{pod}/{container} differs:\n  " + "\n  ".join(diffs)
                             + f"\n{pod}/{container} is\n" + yaml.safe_dump(c, sort_keys=False)
                             + "expected\n" + yaml.safe_dump(expected, sort_keys=False))


@then(parsers.re(r'the PodResources call fails with code "(?P<code>[^"]+)" and message '
                 r'"(?P<message>[^"]*)"'))
def then_pr_fails(world: World, code: str, message: str) -> None:
    message = expand_namespace(message, world)
    err = world.vars.get("pr_error")
    world.observe("PodResources error", {"code": code, "message": message},
                  None if err is None else {"code": err.code, "message": err.message})
    if err is None:
        raise AssertionError(f"the call succeeded: {world.vars.get('pr_answer')!r}")
    assert (err.code, err.message) == (code, message), \
        f"expected code {code} message {message!r}, got {err.code} {err.message!r}"


@then(parsers.re(r'(?P<ok>\d+) calls succeed and (?P<bad>\d+) fails? with code "(?P<code>[^"]+)" '
                 r'and message "(?P<message>[^"]*)"'))
def then_burst(world: World, ok: str, bad: str, code: str, message: str) -> None:
    got_ok, errors = world.vars["burst"]
    world.observe("burst", {"ok": int(ok), "failed": int(bad)},
                  {"ok": got_ok, "failed": len(errors)})
    assert got_ok == int(ok), f"{got_ok} calls succeeded, expected {ok}"
    assert len(errors) == int(bad), f"{len(errors)} calls failed, expected {bad}"
    for e in errors:
        assert (e.code, e.message) == (code, message), f"unexpected error {e}"


@then(parsers.re(r'the kubelet metric (?P<series>\S+) on node "(?P<node>[^"]+)" is '
                 r'(?P<value>\d+)'))
def then_kubelet_metric(world: World, series: str, node: str, value: str) -> None:
    text = _node_call(world, "kubelet_metrics", node)
    got = expect.metric_value(text, series)
    world.observe(f"metric {series}", int(value), got)
    assert got is not None and got == float(value), \
        f"{series} is {got}, expected {value}; the kubelet exposes:\n{text}"


@then(parsers.re(r'the kubelet on node "(?P<node>[^"]+)" exposes no series of '
                 r'(?P<metric>[\w:]+)'))
def then_kubelet_no_metric(world: World, node: str, metric: str) -> None:
    text = _node_call(world, "kubelet_metrics", node)
    lines = [f"{n}{lab} {v:g}" for n, lab, v in expect.metric_samples(text) if n == metric]
    world.observe(f"no {metric}", [], lines)
    assert not lines, f"unexpected series: {lines}"


@then(parsers.re(r'the PodResources socket on node "(?P<node>[^"]+)" has mode "(?P<mode>\d+)"'))
def then_socket_mode(world: World, node: str, mode: str) -> None:
    got = _node_call(world, "pod_resources", node).socket_mode()
    world.observe("socket mode", mode, got)
    assert got == mode, f"socket mode is {got}, expected {mode}"


@then(parsers.re(r'the container "(?P<container>[^"]+)" of the Pod "(?P<pod>[^"]+)" on node '
                 r'"(?P<node>[^"]+)" gets (?:the CDI devices? (?P<names>' + _NAMES + r')|'
                 r'(?P<none>no CDI devices))'))
def then_container_devices(world: World, container: str, pod: str, node: str,
                           names: str | None, none: str | None) -> None:
    world.b.settle()
    got = _node_call(world, "container_devices", node, pod, container)
    want = [] if none else _names(names or "")
    if _structural(world):  # the real driver names its CDI devices (and adds its own)
        want, got = ([CDI_PRESENT] if want else []), ([CDI_PRESENT] if got else [])
    world.observe(f"CDI devices of {pod}/{container}", want, got)
    assert got == want, f"{pod}/{container} got {got}, expected {want}"


@then(parsers.re(r'the kubelet recorded a Warning event "(?P<reason>[^"]+)" for the Pod '
                 r'"(?P<pod>[^"]+)"(?P<again> again)? with message:'))
def then_kubelet_event(world: World, reason: str, pod: str, docstring: str,
                       again: str | None = None) -> None:
    """With "again": the event was recorded at least twice (a live recorder folds a repeated
    event into one with a higher ``count`` or ``series.count``, which counts as often as it
    says), for a scenario whose kubelet said the same thing before."""
    world.b.settle()
    message = expand_namespace(docstring.strip(), world)
    uid = world.b.get("Pod", pod)["metadata"]["uid"]
    message = message.replace("${uid}", uid)
    for kind, name in re.findall(r"\$\{uid:(\w+)/([^}]+)\}", message):
        message = message.replace(f"${{uid:{kind}/{name}}}",
                                  world.b.get(kind, name)["metadata"]["uid"])
    evs = [e for e in world.b.events("Pod", pod) if e.get("reason") == reason]
    got = [e.get("message") for e in evs]
    world.observe(f"event {reason} on {pod}", message, got)
    assert any(e.get("type") == "Warning" and e.get("message") == message for e in evs), \
        f"no Warning event {reason} with that message; events {reason}: {got}"
    if again:
        times = sum(max(int(e.get("count") or 1), int((e.get("series") or {}).get("count") or 1))
                    for e in evs if e.get("type") == "Warning" and e.get("message") == message)
        world.observe(f"times event {reason} on {pod}", ">= 2", times)
        assert times >= 2, f"the Warning event {reason} with that message was recorded " \
                           f"{times} time(s), not again"
