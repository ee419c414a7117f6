"""Node selector operators in the allocator's node matching (drakit/allocator/pools.py).

Why: a ResourceSlice's ``spec.nodeSelector`` and a device's ``nodeSelector`` only reach the
allocator after the API server has checked them (k/k pkg/apis/resource/validation calls
corevalidation.ValidateNodeSelector: ``operator: Invalid value: "Near": not a valid selector
operator``; drakit.validation.resource.common.node_selector, used by slice.py for both
fields). So a scenario can never hand the scheduler an unknown operator; only library input
(``drakit allocate -f``, ``drakit.allocator.allocate``) can. These tests pin what the library
does with the six operators and with an unknown one, and that the API server's check refuses
what the library would refuse.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drakit.allocator.pools import node_selector_matches
from drakit.validation.resource.common import node_selector

NODE = {"metadata": {"name": "node-1", "labels": {"zone": "a", "gpus": "4"}}}
OPERATORS = ("In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt")


def _selector(op: str, key: str = "zone", values: list[str] | None = None) -> dict:
    req: dict = {"key": key, "operator": op}
    if values is not None:
        req["values"] = values
    return {"nodeSelectorTerms": [{"matchExpressions": [req]}]}


@pytest.mark.parametrize(("op", "key", "values", "want"), [
    ("In", "zone", ["a", "b"], True),
    ("In", "zone", ["b"], False),
    ("NotIn", "zone", ["b"], True),
    ("NotIn", "missing", ["b"], True),
    ("Exists", "zone", None, True),
    ("DoesNotExist", "zone", None, False),
    ("Gt", "gpus", ["3"], True),
    ("Lt", "gpus", ["3"], False),
])
def test_the_six_operators(op: str, key: str, values: list[str] | None, want: bool) -> None:
    assert node_selector_matches(_selector(op, key, values), NODE) is want


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(OPERATORS), st.sampled_from(["zone", "gpus", "missing"]),
       st.lists(st.sampled_from(["a", "b", "3", "x"]), max_size=3))
def test_a_known_operator_never_raises(op: str, key: str, values: list[str]) -> None:
    assert isinstance(node_selector_matches(_selector(op, key, values), NODE), bool)


@pytest.mark.parametrize("op", ["Near", "in", "", None])
def test_an_unknown_operator_is_named_in_the_error(op: str | None) -> None:
    # the wording of k8s' NodeSelectorRequirementsAsSelector ("%q is not a valid node
    # selector operator"), with Python's quoting of the operator
    with pytest.raises(ValueError) as err:
        node_selector_matches(_selector(op, values=["a"]), NODE)  # type: ignore[arg-type]
    assert str(err.value) == f"{op!r} is not a valid node selector operator"


@pytest.mark.parametrize("path", ["spec.nodeSelector", "spec.devices[0].nodeSelector"])
def test_the_api_server_refuses_what_the_library_would_refuse(path: str) -> None:
    errs = node_selector(_selector("Near", values=["a"]), path)
    assert [str(e) for e in errs] == [
        f'{path}.nodeSelectorTerms[0].matchExpressions[0].operator: Invalid value: "Near": '
        "not a valid selector operator"]


def test_drakit_allocate_names_the_slice_whose_node_selection_fails(tmp_path, capsys) -> None:
    """`drakit allocate -f` on a slice the API server would refuse: one line naming the slice
    (upstream's "failed to perform node selection for slice ..."), exit 1, no traceback."""
    from drakit.allocator.cli import main_allocate

    f = tmp_path / "objs.yaml"
    f.write_text(
        "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: gpu}\nspec: {}\n---\n"
        "apiVersion: resource.k8s.io/v1\nkind: ResourceSlice\nmetadata: {name: odd}\nspec:\n"
        "  driver: d.example.com\n  pool: {name: p, generation: 1, resourceSliceCount: 1}\n"
        "  nodeSelector: {nodeSelectorTerms: [{matchExpressions: [{key: a, operator: Near, "
        "values: [x]}]}]}\n  devices: [{name: dev-0}]\n---\n"
        "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata: {name: c, namespace: default}\n"
        "spec: {devices: {requests: [{name: r, exactly: {deviceClassName: gpu}}]}}\n")
    assert main_allocate(["--node", "node-1", "-f", str(f), "--explain"]) == 0
    out = capsys.readouterr().out
    assert "error: gather pool information: failed to perform node selection for slice odd: " in out
    for extra in ([],):
        assert main_allocate(["--node", "node-1", "-f", str(f), *extra]) == 1
        err = capsys.readouterr().err
        # GatherPools parses with component-helpers nodeaffinity.NewNodeSelector (NotSupported
        # for an operator it does not know) and Allocate wraps the error
        assert err == (
            "error: gather pool information: failed to perform node selection for slice odd: "
            "failed to parse node selector &NodeSelector{NodeSelectorTerms:[]NodeSelectorTerm{"
            "NodeSelectorTerm{MatchExpressions:[]NodeSelectorRequirement{NodeSelectorRequirement{"
            "Key:a,Operator:Near,Values:[x],},},MatchFields:[]NodeSelectorRequirement{},},},}: "
            "nodeSelectorTerms[0].matchExpressions[0].operator: Unsupported value: \"Near\": "
            "supported values: \"In\", \"NotIn\", \"Exists\", \"DoesNotExist\", \"Gt\", \"Lt\"\n"), err


@pytest.mark.parametrize(("text", "want"), [
    ("5", 5), ("+5", 5), ("-5", -5), ("007", 7),
    ("9223372036854775807", (1 << 63) - 1), ("-9223372036854775808", -(1 << 63)),
    ("9223372036854775808", None), ("-9223372036854775809", None),
    ("1_0", None), ("", None), ("-", None), ("+", None), ("x", None), (" 5", None), ("٣", None),
])
def test_gt_and_lt_read_integers_as_strconv_parseint_does(text: str, want: int | None) -> None:
    # labels.Requirement.Matches: strconv.ParseInt(value, 10, 64); an error means no match
    from drakit.api import meta
    assert meta.parse_int64(text) == want
    node = {"metadata": {"name": "n", "labels": {"units": text}}}
    matches = want is not None and want > -100
    # the allocator's slice node selection and the scheduler's own (node affinity, a claim's
    # allocation nodeSelector) read the label alike
    assert node_selector_matches(_selector("Gt", "units", ["-100"]), node) is matches
    assert meta.node_selector_matches(node, _selector("Gt", "units", ["-100"])) is matches


@pytest.mark.parametrize("version", ["1.34", "1.35", "1.36", "1.37"])
def test_a_device_whose_selector_does_not_parse_is_named_with_its_go_string(version: str) -> None:
    """GatherPools' per-device path: "failed to perform node selection for device
    <(*v1.Device).String()> in slice <name>: ..." (pools_*.go, 1.34-1.37); the device's String()
    lists NodeAllocatableResourceMappings at 1.36 and NodeAllocatableResources in the 1.37 shape
    (k8s.io/api resource/v1 generated.pb.go at kubernetes-1.36.0 and master 10b39a39)."""
    from drakit.allocator.pools import NodeSelectionError, go_device_string, slice_targets_node

    dev = {"name": "d", "nodeName": "n9", "bindingConditions": ["a", "b"], "attributes": {"z": {}, "a": {}},
           "nodeSelector": {"nodeSelectorTerms": [{"matchExpressions": [
               {"key": "k", "operator": "Gt", "values": ["x"]}]}]}}
    want = ("&Device{Name:d,Attributes:map[QualifiedName]DeviceAttribute{a: {...},z: {...},},"
            "Capacity:map[QualifiedName]DeviceCapacity{},ConsumesCounters:[]DeviceCounterConsumption{},"
            "NodeName:*n9,NodeSelector:&v11.NodeSelector{NodeSelectorTerms:[]NodeSelectorTerm{NodeSelectorTerm{"
            "MatchExpressions:[]NodeSelectorRequirement{NodeSelectorRequirement{Key:k,Operator:Gt,Values:[x],},},"
            "MatchFields:[]NodeSelectorRequirement{},},},},AllNodes:nil,Taints:[]DeviceTaint{},BindsToNode:nil,"
            "BindingConditions:[a b],BindingFailureConditions:[],AllowMultipleAllocations:nil,")
    if version == "1.36":
        want += "NodeAllocatableResourceMappings:map[k8s_io_api_core_v1.ResourceName]NodeAllocatableResourceMapping{},"
    elif version == "1.37":
        want += "NodeAllocatableResources:map[k8s_io_api_core_v1.ResourceName]NodeAllocatableResource{},"
    assert go_device_string(dev, version) == want + "}"
    # NodeMatches looks at nodeName first: with it the selector is never parsed
    s = {"metadata": {"name": "s"}, "spec": {"perDeviceNodeSelection": True, "devices": [dev]}}
    assert slice_targets_node(s, NODE, True, version=version) is False
    dev = {k: v for k, v in dev.items() if k != "nodeName"}
    want = want.replace("NodeName:*n9,", "NodeName:nil,")
    s["spec"]["devices"] = [dev]
    with pytest.raises(NodeSelectionError) as err:
        slice_targets_node(s, NODE, True, version=version)
    assert str(err.value).startswith(f"failed to perform node selection for device {want}}} in slice s: "
                                     "failed to parse node selector &NodeSelector{")
    # devices after the first one that matches are not looked at
    s["spec"]["devices"] = [{"name": "ok", "allNodes": True}, dev]
    assert slice_targets_node(s, NODE, True, version=version) is True


def test_the_go_string_of_a_device_lists_its_counter_consumptions_and_taints() -> None:
    """Device.String(): each counter consumption is its own String() without the "&"
    (CounterSet, then the counters map) and each taint DeviceTaint.String() (devicetaint.go:
    "<key>=<value>:<effect>", "<key>:<effect>", "<key>=<value>:", "<key>"), every item
    followed by ","."""
    from drakit.allocator.pools import go_device_string

    dev = {"name": "d", "consumesCounters": [
        {"counterSet": "mem", "counters": {"b": {"value": "1"}, "a": {"value": "2"}}},
        {"counterSet": "cores", "counters": {"c": {"value": "1"}}}],
        "taints": [{"key": "k", "value": "v", "effect": "NoSchedule"}, {"key": "k2", "effect": "NoExecute"},
                   {"key": "k3", "value": "v3"}, {"key": "k4"}]}
    got = go_device_string(dev, "1.37")
    assert ("ConsumesCounters:[]DeviceCounterConsumption{"
            "DeviceCounterConsumption{CounterSet:mem,Counters:map[string]Counter{a: {...},b: {...},},},"
            "DeviceCounterConsumption{CounterSet:cores,Counters:map[string]Counter{c: {...},},},},") in got
    assert ",Taints:[]DeviceTaint{k=v:NoSchedule,k2:NoExecute,k3=v3:,k4,},BindsToNode:" in got
