"""steps/backends/isolation.py: the fences between a scenario and a shared cluster."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from steps.backends import isolation as iso
from steps.backends.cluster import ClusterBackend, NameMap, Options, ScenarioState, Session

P = "dk1234abcd-"
ST = ScenarioState(sid="1234abcd", namespace="drakit-1234abcd", prefix=P)


# ---------------------------------------------------------------------------- drivers

def test_driver_names_are_prefixed_except_kubernetes_domains_and_unsendable_names():
    assert iso.driver_name(P, "gpu.example.com") == P + "gpu.example.com"
    assert iso.driver_name(P, P + "gpu.example.com") == P + "gpu.example.com"
    assert iso.driver_name(P, "resource.kubernetes.io") == "resource.kubernetes.io"
    assert iso.driver_name(P, "dra.k8s.io") == "dra.k8s.io"
    assert iso.driver_name(P, "Not_Valid") == "Not_Valid"
    long = "a" * 60 + ".io"
    assert iso.driver_name(P, long) == long  # too long once prefixed: sent as is
    assert iso.qualified_name(P, "gpu.example.com/model") == P + "gpu.example.com/model"
    assert iso.qualified_name(P, "resource.kubernetes.io/pcieRoot") == \
        "resource.kubernetes.io/pcieRoot"
    assert iso.qualified_name(P, "model") == "model"


@pytest.mark.parametrize("expr,want", [
    ('device.driver == "gpu.example.com"', f'device.driver == "{P}gpu.example.com"'),
    ("device.driver == 'gpu.example.com' && device.attributes['gpu.example.com'].type == 'gpu'",
     f"device.driver == '{P}gpu.example.com' && device.attributes['{P}gpu.example.com'].type"
     f" == 'gpu'"),
    ('"gpu.example.com" == device.driver', f'"{P}gpu.example.com" == device.driver'),
    ('device.capacity["gpu.example.com"].memory.compareTo(quantity("1Gi")) >= 0',
     f'device.capacity["{P}gpu.example.com"].memory.compareTo(quantity("1Gi")) >= 0'),
    ('device.attributes["resource.kubernetes.io"].pcieRoot == "x"',
     'device.attributes["resource.kubernetes.io"].pcieRoot == "x"'),
    ('device.attributes["gpu.example.com"].model == "gpu.example.com"',
     f'device.attributes["{P}gpu.example.com"].model == "gpu.example.com"'),
])
def test_cel_driver_and_domain_literals_are_mapped_other_strings_stay(expr, want):
    assert iso.rewrite_cel(P, expr) == want


def test_slices_claims_and_classes_map_consistently_and_come_back_unchanged():
    nm = NameMap(ScenarioState(**vars(ST)))
    sl = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
          "metadata": {"name": "s"},
          "spec": {"driver": "gpu.example.com", "nodeName": "n1",
                   "pool": {"name": "n1", "generation": 1, "resourceSliceCount": 1},
                   "devices": [{"name": "gpu-0", "attributes": {
                       "model": {"string": "a"}, "gpu.example.com/family": {"string": "b"},
                       "resource.kubernetes.io/pcieRoot": {"string": "p"}},
                       "capacity": {"gpu.example.com/memory": {"value": "1Gi"}}}]}}
    res = _res("ResourceSlice", False)
    out = nm.outgoing(sl, res)
    assert out["spec"]["driver"] == P + "gpu.example.com"
    attrs = out["spec"]["devices"][0]["attributes"]
    assert set(attrs) == {"model", P + "gpu.example.com/family",
                          "resource.kubernetes.io/pcieRoot"}
    assert set(out["spec"]["devices"][0]["capacity"]) == {P + "gpu.example.com/memory"}
    back = nm.incoming(out)
    for k in ("driver", "devices", "pool"):
        assert back["spec"][k] == sl["spec"][k]
    cls = {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
           "metadata": {"name": "gpu"}, "spec": {"selectors": [
               {"cel": {"expression": 'device.attributes["gpu.example.com"].family == "b"'}}]}}
    out = nm.outgoing(cls, _res("DeviceClass", False))
    assert out["spec"]["selectors"][0] == iso.class_guard(P)
    assert P + "gpu" in nm.st.guarded_classes
    assert nm.incoming(out)["spec"] == cls["spec"]
    bare = {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
            "metadata": {"name": "any"}, "spec": {}}
    out = nm.outgoing(bare, _res("DeviceClass", False))
    assert out["spec"]["selectors"] == [iso.class_guard(P)]
    assert nm.incoming(out)["spec"] == {}
    full = copy.deepcopy(cls)
    full["spec"]["selectors"] *= 32  # at the limit: no room for the guard, sent as written
    out = nm.outgoing(full, _res("DeviceClass", False))
    assert len(out["spec"]["selectors"]) == 32


def test_guarded_class_errors_read_with_the_scenarios_selector_indexes():
    nm = NameMap(ScenarioState(**vars(ST)))
    nm.outgoing({"kind": "DeviceClass", "apiVersion": "resource.k8s.io/v1",
                 "metadata": {"name": "gpu"}, "spec": {"selectors": []}},
                _res("DeviceClass", False))
    status = {"kind": "Status", "code": 422, "reason": "Invalid",
              "message": f'DeviceClass.resource.k8s.io "{P}gpu" is invalid: '
                         f'spec.selectors[1].cel.expression: Invalid value: "x"',
              "details": {"kind": "DeviceClass", "name": P + "gpu", "causes": [
                  {"field": "spec.selectors[1].cel.expression", "reason": "FieldValueInvalid"}]}}
    back = nm.incoming_status(status)
    assert back["message"] == ('DeviceClass.resource.k8s.io "gpu" is invalid: '
                               'spec.selectors[0].cel.expression: Invalid value: "x"')
    assert back["details"]["causes"][0]["field"] == "spec.selectors[0].cel.expression"
    msg = nm.incoming(f"class {P}gpu: selector #2 on device x: CEL runtime error: no such key")
    assert msg == "class gpu: selector #1 on device x: CEL runtime error: no such key"


# ---------------------------------------------------------------------------- pods

def test_pods_are_pinned_to_the_scenarios_nodes_in_every_term_and_unpinned_on_return():
    nm = NameMap(ScenarioState(**vars(ST)))
    pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
           "spec": {"containers": [{"name": "c", "image": "i"}]}}
    out = nm.outgoing(pod, _res("Pod", True))
    terms = out["spec"]["affinity"]["nodeAffinity"][
        "requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"]
    assert terms == [{"matchExpressions": [iso.pin_term(ST.sid)]}]
    assert nm.incoming(out)["spec"] == pod["spec"]
    own = {"nodeSelectorTerms": [
        {"matchExpressions": [{"key": "zone", "operator": "In", "values": ["a"]}]},
        {"matchFields": [{"key": "metadata.name", "operator": "In", "values": ["n1"]}]}]}
    pod2 = copy.deepcopy(pod)
    pod2["spec"]["affinity"] = {"nodeAffinity": {
        "requiredDuringSchedulingIgnoredDuringExecution": copy.deepcopy(own)}}
    out = nm.outgoing(pod2, _res("Pod", True))
    terms = out["spec"]["affinity"]["nodeAffinity"][
        "requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"]
    assert all(iso.pin_term(ST.sid) in t["matchExpressions"] for t in terms)
    assert terms[1]["matchFields"][0]["values"] == [P + "n1"]
    assert nm.incoming(out)["spec"]["affinity"]["nodeAffinity"][
        "requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"][0] == \
        own["nodeSelectorTerms"][0]


_label = st.text("abcxyz", min_size=1, max_size=4)
_expr = st.fixed_dictionaries({"key": _label, "operator": st.sampled_from(["In", "NotIn"]),
                               "values": st.lists(_label, max_size=2)})
_term = st.fixed_dictionaries({}, optional={"matchExpressions": st.lists(_expr, max_size=2)})
# An affinity that is present but empty ({} or {nodeAffinity: {}}) comes back absent: the
# pin cannot tell it from one the harness made (documented in docs/live-cluster.md).
_affinity = st.one_of(st.none(), st.fixed_dictionaries({"nodeAffinity": st.fixed_dictionaries(
    {"requiredDuringSchedulingIgnoredDuringExecution": st.fixed_dictionaries(
        {"nodeSelectorTerms": st.lists(_term, min_size=1, max_size=3)})})}))


@settings(max_examples=200, deadline=None)
@given(_affinity)
def test_pin_then_unpin_is_the_identity_for_any_valid_affinity(aff):
    spec = {"containers": []} if aff is None else {"containers": [], "affinity": aff}
    before = copy.deepcopy(spec)
    iso.pin_pod(spec, "sid")
    req = spec["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]
    assert all(iso.pin_term("sid") in t["matchExpressions"] for t in req["nodeSelectorTerms"]
               if t not in ({}, {"matchExpressions": []}))
    iso.unpin(spec, "sid")
    assert spec == before


# ---------------------------------------------------------------------------- messages

MSG = ("0/4 nodes are available: 1 Insufficient example.com/gpu, 1 node(s) had untolerated "
       "taint {node-role.kubernetes.io/control-plane: }, 2 node(s) didn't match Pod's node "
       "affinity/selector. preemption: 0/4 nodes are available: 1 No preemption victims "
       "found for incoming pod, 3 Preemption is not helpful for scheduling..")


def test_fit_message_counts_only_the_scenarios_nodes():
    own = [{"metadata": {"name": "n1"}}]
    assert iso.fit_message(MSG, own) == (
        "0/1 nodes are available: 1 Insufficient example.com/gpu. preemption: 0/1 nodes are "
        "available: 1 No preemption victims found for incoming pod..")
    # two own nodes, one of which fails the scenario's own selector: one affinity stays
    two = own + [{"metadata": {"name": "n2"}}]
    assert iso.fit_message(MSG, two).startswith(
        "0/2 nodes are available: 1 Insufficient example.com/gpu, 1 node(s) didn't match "
        "Pod's node affinity/selector.")
    # the scenario's own taint stays: it is its own node's reason
    tainted = [{"spec": {"taints": [{"key": "node-role.kubernetes.io/control-plane"}]}}] * 2
    assert iso.fit_message(MSG, tainted).startswith(
        "0/2 nodes are available: 1 Insufficient example.com/gpu, 1 node(s) had untolerated "
        "taint {node-role.kubernetes.io/control-plane: }.")


def test_fit_message_is_left_alone_when_the_numbers_do_not_add_up():
    assert iso.fit_message(MSG, []) == MSG  # 4 others, but only 3 reasons only they give
    odd = "0/3 nodes are available: 1 Insufficient cpu, 2 Too many pods."
    assert iso.fit_message(odd, [{}]) == odd  # 2 others but no reason only they can give
    same = "0/1 nodes are available: 1 Insufficient cpu."
    assert iso.fit_message(same, [{}]) == same


def test_fit_message_takes_a_keyless_taint_as_the_others_only_when_no_own_node_has_one():
    """Since kubernetes#134740 TaintToleration names no taint: the reason belongs to the other
    nodes only when none of the scenario's nodes has a NoSchedule or NoExecute taint."""
    msg = ("0/3 nodes are available: 1 Insufficient cpu, 2 node(s) had untolerated taint(s). "
           "no new claims to deallocate, preemption: 0/3 nodes are available: 1 No preemption "
           "victims found for incoming pod, 2 Preemption is not helpful for scheduling.")
    assert iso.fit_message(msg, [{}]) == (
        "0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: "
        "0/1 nodes are available: 1 No preemption victims found for incoming pod.")
    tainted = {"spec": {"taints": [{"key": "k", "effect": "NoSchedule"}]}}
    assert iso.fit_message(msg, [tainted]) == msg
    # the harness's fake-node taint, which every scenario pod tolerates, is not the scenario's
    # own taint (own nodes are read raw, with it): a flake of the served runs
    fake = {"spec": {"taints": [{"key": iso.FAKE_NODE_TAINT_KEY, "value": "true",
                                 "effect": "NoSchedule"}]}}
    assert iso.fit_message(msg, [fake]).startswith("0/1 nodes are available: 1 Insufficient cpu.")


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 5), st.integers(0, 5), st.integers(1, 4), st.integers(0, 3))
def test_fit_message_removes_exactly_the_others(insufficient, affinity_own, foreign_aff,
                                                 foreign_taint):
    own_n = insufficient + affinity_own
    if own_n == 0:
        return
    total = own_n + foreign_aff + foreign_taint
    hist = [(insufficient, "Insufficient cpu"), (affinity_own + foreign_aff, iso.AFFINITY),
            (foreign_taint, "node(s) had untolerated taint {x: y}")]
    msg = f"0/{total} nodes are available: {iso._render(hist)}."
    want = f"0/{own_n} nodes are available: " + iso._render(
        [(insufficient, "Insufficient cpu"), (affinity_own, iso.AFFINITY)]) + "."
    assert iso.fit_message(msg, [{}] * own_n) == want


def test_rejections_split_into_the_scenarios_nodes_and_the_others_with_their_plugins():
    own = [{"metadata": {"name": "n1"}}]
    mine, others = iso.split_rejections(MSG, own)
    assert mine == {"Insufficient example.com/gpu"}
    assert others == {"node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }",
                      iso.AFFINITY}
    assert {iso.reason_plugin(r) for r in others} == {"TaintToleration", "NodeAffinity"}
    assert iso.reason_plugin("Insufficient cpu") == "NodeResourcesFit"
    assert iso.reason_plugin(iso.UNSCHEDULABLE) == "NodeUnschedulable"
    assert iso.reason_plugin("cannot allocate all claims") == "DynamicResources"
    assert iso.reason_plugin("something new") == "'something new'"
    # every node the scenario's: nothing is the others'
    assert iso.split_rejections("0/1 nodes are available: 1 Insufficient cpu.", own) == (
        {"Insufficient cpu"}, set())
    # counts that cannot be told apart, and text without a histogram: no answer
    assert iso.split_rejections(MSG, []) is None
    assert iso.split_rejections("binding rejected: pod has been deleted", own) is None


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 5), st.integers(0, 5), st.integers(0, 4), st.integers(0, 3))
def test_split_rejections_names_a_foreign_plugin_only_when_other_nodes_gave_it(
        insufficient, affinity_own, foreign_aff, foreign_taint):
    own_n = insufficient + affinity_own
    if own_n == 0:
        return
    total = own_n + foreign_aff + foreign_taint
    taint = "node(s) had untolerated taint {x: y}"
    hist = [(insufficient, "Insufficient cpu"), (affinity_own + foreign_aff, iso.AFFINITY),
            (foreign_taint, taint)]
    mine, others = iso.split_rejections(
        f"0/{total} nodes are available: {iso._render(hist)}.", [{}] * own_n)
    assert mine == {r for n, r in hist[:2] if n and (r != iso.AFFINITY or affinity_own)}
    assert others == ({iso.AFFINITY} if foreign_aff else set()) | (
        {taint} if foreign_taint else set())


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200), st.integers(0, 3))
def test_split_rejections_never_raises_on_any_message(text, own_n):
    out = iso.split_rejections(text, [{}] * own_n)
    assert out is None or (isinstance(out[0], set) and isinstance(out[1], set))


# ---------------------------------------------------------------------------- served

def _res(kind: str, namespaced: bool):
    from steps.backends.cluster import Resource
    return Resource(kind, "", "v1", kind.lower() + "s", namespaced)


def _started_backend(server, scenario: str) -> ClusterBackend:
    """A cluster backend on the module's served cluster, its scenario started at 1.37."""
    Session._sessions.clear()
    b = ClusterBackend(options=Options(kubeconfig=server["kubeconfig"], settle_quiet=0.05,
                                       wait_timeout=5))
    b.start_scenario(scenario, "1.37", {})
    return b


def test_a_class_without_selectors_never_takes_a_foreign_all_nodes_device(server):
    """A foreign network-attached device (``allNodes: true``) is reachable from every node;
    only the class guard keeps a selector-less scenario class from taking it."""
    api, served = server["served"].api, server["served"]
    foreign = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
               "metadata": {"name": "fabric"},
               "spec": {"driver": "gpu.example.com", "allNodes": True,
                        "pool": {"name": "fabric", "generation": 1, "resourceSliceCount": 1},
                        "devices": [{"name": "net-0"}]}}
    with served.lock:
        api.create(foreign)
        before = api.get("ResourceSlice", "fabric")["metadata"]["resourceVersion"]
    b = _started_backend(server, "guard")
    try:
        b.add_node("n1")
        b.apply([
            {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
             "metadata": {"name": "anything"}, "spec": {}},
            {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
             "metadata": {"name": "own"},
             "spec": {"driver": "gpu.example.com", "nodeName": "n1",
                      "pool": {"name": "n1", "generation": 1, "resourceSliceCount": 1},
                      "devices": [{"name": "gpu-0"}]}},
            {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
             "metadata": {"name": "two"},
             "spec": {"devices": {"requests": [{"name": "r", "exactly": {
                 "deviceClassName": "anything", "allocationMode": "All"}}]}}},
            {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
             "spec": {"resourceClaims": [{"name": "r", "resourceClaimName": "two"}],
                      "containers": [{"name": "c", "image": "i",
                                      "resources": {"claims": [{"name": "r"}]}}]}},
        ])
        claim = b.wait_for("allocation", lambda: (b.get("ResourceClaim", "two").get(
            "status") or {}).get("allocation"))
        results = claim["devices"]["results"]
        assert [(r["driver"], r["pool"], r["device"]) for r in results] == \
            [("gpu.example.com", "n1", "gpu-0")]
        assert b.get("Pod", "p")["spec"]["nodeName"] == "n1"
    finally:
        b.end_scenario()
    with served.lock:
        assert api.get("ResourceSlice", "fabric")["metadata"]["resourceVersion"] == before
        api.delete("ResourceSlice", "fabric")


def test_counted_nodes_reads_the_first_fit_message():
    assert iso.counted_nodes(MSG) == 4
    assert iso.counted_nodes("0/12 nodes are available: 12 Too many pods.") == 12
    assert iso.counted_nodes("no nodes here") is None


def test_a_message_still_counting_a_foreign_tainted_node_is_no_verdict(server):
    """A cluster node that is tainted for good (a control-plane node) gives the reason the
    scenario's own tainted node gives: fit_message cannot take it out, and a failed
    comparison of that message is unsupported, not a conformance failure."""
    from steps.backends.base import Unsupported

    api, served = server["served"].api, server["served"]
    foreign = {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "control-plane"},
               "spec": {"taints": [{"key": "node-role.kubernetes.io/control-plane",
                                    "effect": "NoSchedule"}]}}
    with served.lock:
        api.create(foreign)
    b = _started_backend(server, "tainted")
    try:
        b.add_node("n1")
        b.patch("Node", "n1", {"spec": {"taints": [
            {"key": "example.com/dedicated", "value": "gpu", "effect": "NoSchedule"}]}})
        b.apply([{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "picky"},
                  "spec": {"nodeSelector": {"kubernetes.io/hostname": "n1"},
                           "containers": [{"name": "app", "image": "i"}]}}])
        b.settle()
        cond = next(c for c in b.get("Pod", "picky")["status"]["conditions"]
                    if c["type"] == "PodScheduled")
        assert cond["message"].startswith(
            "0/2 nodes are available: 2 node(s) had untolerated taint(s).")
        with pytest.raises(Unsupported, match="counts 2 nodes, 1 of them not this scenario"):
            b.check_node_counts_comparable(cond["message"])
        b.check_node_counts_comparable("0/1 nodes are available: 1 Too many pods.")
    finally:
        b.end_scenario()
        with served.lock:
            api.delete("Node", "control-plane")


def test_cel_error_positions_read_as_the_scenario_wrote_the_expression():
    nm = NameMap(ScenarioState(**vars(ST)))
    wrote = 'device.attributes["gpu.example.com"].model.matches("[a-z")'
    sent = iso.rewrite_cel(P, wrote)
    col = sent.index(".matches") + 10  # cel-go points at the argument
    server = (f"compilation failed: ERROR: <input>:1:{col}: invalid matches argument\n"
              f" | {sent}\n | {'.' * (col - 1)}^")
    want_col = wrote.index(".matches") + 10
    assert nm.incoming(server) == (
        f"compilation failed: ERROR: <input>:1:{want_col}: invalid matches argument\n"
        f" | {wrote}\n | {'.' * (want_col - 1)}^")


def test_per_device_node_selection_names_the_scenarios_nodes_and_reads_back():
    # perDeviceNodeSelection: each device names its node itself (nodeName or nodeSelector),
    # so those node names must be the scenario's cluster names too.
    nm = NameMap(ScenarioState(**vars(ST)))
    slc = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice", "metadata": {"name": "s"},
           "spec": {"driver": "driver-a", "perDeviceNodeSelection": True,
                    "pool": {"name": "pool-1", "generation": 1, "resourceSliceCount": 1},
                    "devices": [{"name": "here", "nodeName": "node-1"},
                                {"name": "sel", "nodeSelector": {"nodeSelectorTerms": [{
                                    "matchFields": [{"key": "metadata.name", "operator": "In",
                                                     "values": ["node-2"]}]}]}}]}}
    out = nm.outgoing(slc, _res("ResourceSlice", False))
    devices = out["spec"]["devices"]
    assert devices[0]["nodeName"] == nm.node_name("node-1") != "node-1"
    assert devices[1]["nodeSelector"]["nodeSelectorTerms"][0]["matchFields"][0]["values"] == \
        [nm.node_name("node-2")]
    assert nm.incoming(out)["spec"]["devices"] == slc["spec"]["devices"]


def test_a_node_taint_patch_keeps_the_fake_node_fence():
    # A merge patch of spec.taints replaces the whole list; without the fence foreign pods
    # (DaemonSets, other tenants) could land on the scenario's fake node.
    from steps.backends.cluster import FAKE_NODE_TAINT

    nm = NameMap(ScenarioState(**vars(ST)))
    mine = {"key": "example.com/dedicated", "value": "gpu", "effect": "NoSchedule"}
    out = nm.outgoing_patch({"spec": {"taints": [mine]}}, _res("Node", False))
    assert out["spec"]["taints"] == [mine, FAKE_NODE_TAINT]
    # already there (or no taints in the patch): left as sent
    same = nm.outgoing_patch({"spec": {"taints": [FAKE_NODE_TAINT]}}, _res("Node", False))
    assert same["spec"]["taints"] == [FAKE_NODE_TAINT]
    assert nm.outgoing_patch({"spec": {"unschedulable": True}}, _res("Node", False)) == \
        {"spec": {"unschedulable": True}}


def test_an_object_count_quota_key_is_no_resource_name_and_keeps_its_name():
    from steps.backends.isolation import resource_keys

    keys = resource_keys({"count/resourceclaims.resource.k8s.io": "0",
                          "requests.example.com/gpu": "1"}, "dk1-")
    assert keys == {"count/resourceclaims.resource.k8s.io": "0",
                    "requests.dk1-example.com/gpu": "1"}


# ---------------------------------------------------------------------------- priority classes

def test_priority_classes_are_prefixed_but_system_names_travel_as_written():
    nm = NameMap(ScenarioState(**vars(ST)))
    res = _res("PriorityClass", False)
    pc = {"apiVersion": "scheduling.k8s.io/v1", "kind": "PriorityClass",
          "metadata": {"name": "high-priority"}, "value": 1000}
    out = nm.outgoing(pc, res)
    assert out["metadata"]["name"] == P + "high-priority"
    assert nm.incoming(out)["metadata"]["name"] == "high-priority"
    # the cluster's own classes, and a reserved name the server must see to refuse it
    for name in ("system-node-critical", "system-batch"):
        out = nm.outgoing({**pc, "metadata": {"name": name}}, res)
        assert out["metadata"]["name"] == name
    pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
           "spec": {"priorityClassName": "high-priority",
                    "containers": [{"name": "c", "image": "i"}]}}
    out = nm.outgoing(pod, _res("Pod", True))
    assert out["spec"]["priorityClassName"] == P + "high-priority"
    assert nm.incoming(out)["spec"]["priorityClassName"] == "high-priority"
    pod["spec"]["priorityClassName"] = "system-node-critical"
    assert nm.outgoing(pod, _res("Pod", True))["spec"]["priorityClassName"] == \
        "system-node-critical"
    msg = nm.incoming(f"no PriorityClass with name {P}nope was found")
    assert msg == "no PriorityClass with name nope was found"


# ------------------------------------------------------------------ admission policies

POLICY = {"apiVersion": "admissionregistration.k8s.io/v1", "kind": "ValidatingAdmissionPolicy",
          "metadata": {"name": "keep"},
          "spec": {"matchConstraints": {"resourceRules": [
              {"apiGroups": ["*"], "apiVersions": ["*"], "operations": ["*"],
               "resources": ["*"]}]},
              "matchConditions": [{"name": "mine", "expression": "true"}],
              "validations": [{"expression": "false"}]}}
BINDING = {"apiVersion": "admissionregistration.k8s.io/v1",
           "kind": "ValidatingAdmissionPolicyBinding", "metadata": {"name": "keep"},
           "spec": {"policyName": "keep", "validationActions": ["Deny"]}}


def _policy_res(kind: str):
    from steps.backends.cluster import Resource
    return Resource(kind, "admissionregistration.k8s.io", "v1", kind.lower() + "s", False)


def test_a_policy_and_its_binding_are_fenced_on_the_way_out_and_read_back_as_written():
    n = NameMap(copy.deepcopy(ST))
    out = n.outgoing(POLICY, _policy_res("ValidatingAdmissionPolicy"))
    assert out["metadata"]["name"] == P + "keep"
    assert [c["name"] for c in out["spec"]["matchConditions"]] == ["mine", iso.POLICY_FENCE]
    back = n.incoming(out)
    assert back["spec"] == POLICY["spec"] and back["metadata"]["name"] == "keep"
    b = n.outgoing(BINDING, _policy_res("ValidatingAdmissionPolicyBinding"))
    assert b["spec"]["policyName"] == P + "keep"
    assert b["spec"]["matchResources"]["namespaceSelector"]["matchExpressions"] == [
        iso.namespace_fence(ST.sid)]
    # the server defaults what the fence brought in; all of it goes again
    b["spec"]["matchResources"].update(matchPolicy="Equivalent", objectSelector={})
    assert n.incoming(b)["spec"] == BINDING["spec"]
    own = copy.deepcopy(BINDING)
    own["spec"]["matchResources"] = {"namespaceSelector": {"matchLabels": {"team": "a"}}}
    b = n.outgoing(own, _policy_res("ValidatingAdmissionPolicyBinding"))
    assert n.incoming(b)["spec"] == own["spec"]
    assert "annotations" not in n.incoming(b)["metadata"]


@pytest.mark.parametrize("ns,labels,old_labels,passes", [
    ("drakit-1234abcd", None, None, True),          # namespaced: the binding's selector decides
    ("", {iso.SCENARIO_LABEL: ST.sid}, None, True),  # the scenario's own cluster-scoped object
    ("", None, {iso.SCENARIO_LABEL: ST.sid}, True),  # ... being deleted
    ("", {iso.SCENARIO_LABEL: "other"}, None, False),
    ("", None, None, False),                          # anybody's node, class, slice
])
def test_the_policy_fence_condition_passes_only_the_scenarios_requests(ns, labels, old_labels,
                                                                       passes):
    from drakit.admission_policy import Attributes, admission_request, compile_expression, evaluate

    cond = iso.policy_fence_condition(ST.sid)
    obj = None if labels is None and old_labels is not None else {"metadata": {"labels": labels}
                                                                  if labels else {}}
    old = {"metadata": {"labels": old_labels}} if old_labels else None
    a = Attributes("DELETE" if obj is None else "CREATE", "Node", "", "v1", "nodes", "", "n",
                   ns, obj, old)
    c = compile_expression(cond["expression"])
    assert c.error == ""
    value = evaluate(c, {"object": obj, "oldObject": old, "request": admission_request(a),
                         "namespaceObject": None})
    assert value is passes


@given(conds=st.lists(st.fixed_dictionaries({"name": st.sampled_from(["a", iso.POLICY_FENCE]),
                                             "expression": st.just("true")}), max_size=4))
@settings(max_examples=50, deadline=None)
def test_fencing_a_policy_twice_adds_one_condition_and_unfencing_restores_the_rest(conds):
    spec = {"matchConditions": copy.deepcopy(conds)} if conds else {}
    fenced = copy.deepcopy(spec)
    iso.fence_policy(fenced, ST.sid)
    iso.fence_policy(fenced, ST.sid)
    assert [c["name"] for c in fenced["matchConditions"]].count(iso.POLICY_FENCE) == 1
    assert fenced["matchConditions"][-1] == iso.policy_fence_condition(ST.sid)
    iso.unfence_policy(fenced)
    kept = [c for c in conds if c["name"] != iso.POLICY_FENCE]
    assert fenced.get("matchConditions") == (kept or None)
