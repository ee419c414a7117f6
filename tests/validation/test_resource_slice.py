"""ResourceSlice strategy: limits at/one past, exact error strings, gate-off dropping."""

from __future__ import annotations

import copy

import pytest

from drakit.features import GATES
from drakit.validation.resource import STRATEGIES
from drakit.validation.strategy import Context

S = STRATEGIES["ResourceSlice"]


def ctx(version: str = "1.37", **gates: bool) -> Context:
    g = {k: v.default for k, v in GATES[version].items()}
    g.update(gates)
    return Context(version=version, gates=g)


def dev(name: str = "d0", **fields) -> dict:
    return {"name": name, **fields}


def rslice(devices=None, **spec) -> dict:
    s = {"driver": "gpu.example.com", "pool": {"name": "pool", "generation": 1,
                                               "resourceSliceCount": 1},
         "nodeName": "node-1"}
    if devices is not None:
        s["devices"] = devices
    s.update(spec)
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
            "metadata": {"name": "s"}, "spec": s}


def errors(obj: dict, c: Context | None = None) -> list[str]:
    c = c or ctx()
    obj = copy.deepcopy(obj)
    S.prepare_for_create(obj, c)
    return [str(e) for e in S.validate_create(obj, c)]


def attrs(n: int) -> dict:
    return {f"a{i}": {"int": i} for i in range(n)}


LIMITS = [
    # (case, object, expected errors)
    ("128 devices ok", rslice([dev(f"d{i}") for i in range(128)]), []),
    ("129 devices", rslice([dev(f"d{i}") for i in range(129)]),
     ["spec.devices: Too many: 129: must have at most 128 items"]),
    ("64 devices with taints ok",
     rslice([dev(f"d{i}", taints=[{"key": "k", "effect": "NoSchedule"}]) for i in range(64)]),
     []),
    ("65 devices, one with a taint",
     rslice([dev(f"d{i}") for i in range(64)]
            + [dev("t", taints=[{"key": "k", "effect": "NoSchedule"}])]),
     ["spec.devices: Too many: 65: must have at most 64 items"]),
    ("65 devices, one consumes counters (size check returns early)",
     rslice([dev(f"d{i}") for i in range(64)]
            + [dev("c", consumesCounters=[{"counterSet": "cs", "counters": {}}])]),
     ["spec.devices: Too many: 65: must have at most 64 items"]),
    ("65 devices, one list attribute (DRAListTypeAttributes on)",
     rslice([dev(f"d{i}") for i in range(64)]
            + [dev("l", attributes={"x": {"ints": [1]}})]),
     ["spec.devices: Too many: 65: must have at most 64 items"]),
    ("32 attributes+capacities ok",
     rslice([dev(attributes=attrs(31), capacity={"mem": {"value": "1Gi"}})]), []),
    ("33 attributes+capacities",
     rslice([dev(attributes=attrs(32), capacity={"mem": {"value": "1Gi"}})]),
     ["spec.devices[0]: Invalid value: 33: the total number of attributes and capacities "
      "must not exceed 32"]),
    ("48 attribute values ok",
     rslice([dev(attributes={"a": {"ints": list(range(47))}, "b": {"int": 1}})]), []),
    ("49 attribute values",
     rslice([dev(attributes={"a": {"ints": list(range(48))}, "b": {"int": 1}})]),
     ["spec.devices[0]: Invalid value: 49: the total number of attribute values must not "
      "exceed 48"]),
    ("string of 64 ok", rslice([dev(attributes={"s": {"string": "x" * 64}})]), []),
    ("string of 65", rslice([dev(attributes={"s": {"string": "x" * 65}})]),
     ["spec.devices[0].attributes[s].string: Too long: may not be more than 64 bytes"]),
    ("version not semver", rslice([dev(attributes={"v": {"version": "1.2"}})]),
     ['spec.devices[0].attributes[v].version: Invalid value: "1.2": must be a string '
      "compatible with semver.org spec 2.0.0"]),
    ("two value types", rslice([dev(attributes={"v": {"int": 1, "bool": True}})]),
     ['spec.devices[0].attributes[v]: Invalid value: {"bool":true,"int":1}: exactly one '
      "value must be specified"]),
    ("no value type", rslice([dev(attributes={"v": {}})]),
     ['spec.devices[0].attributes[v]: Invalid value: "": exactly one value must be '
      "specified"]),
    ("id of 32 ok", rslice([dev(attributes={"a" * 32: {"int": 1}})]), []),
    ("id of 33", rslice([dev(attributes={"a" * 33: {"int": 1}})]),
     ["spec.devices[0].attributes: Too long: may not be more than 32 bytes"]),
    ("domain of 63 ok", rslice([dev(attributes={"a" * 59 + ".com/x": {"int": 1}})]), []),
    ("domain of 64", rslice([dev(attributes={"a" * 60 + ".com/x": {"int": 1}})]),
     ["spec.devices[0].attributes: Too long: may not be more than 63 bytes"]),
    # upstream validateQualifiedName handles one and two parts only (its TODO: "a/b/c" is
    # implicitly accepted), so a name with two slashes passes
    ("two slashes", rslice([dev(attributes={"a/b/c": {"int": 1}})]), []),
    ("empty domain", rslice([dev(attributes={"/x": {"int": 1}})]),
     ['spec.devices[0].attributes: Invalid value: "": the domain must not be empty']),
    ("duplicate device", rslice([dev("a"), dev("a")]),
     ['spec.devices[1]: Duplicate value: "a"']),
    ("device name not a label", rslice([dev("A")]),
     ['spec.devices[0].name: Invalid value: "A": a lowercase RFC 1123 label must consist of '
      "lower case alphanumeric characters or '-', and must start and end with an alphanumeric "
      "character (e.g. 'my-name',  or '123-abc', regex used for validation is "
      "'[a-z0-9]([-a-z0-9]*[a-z0-9])?')"]),
    ("16 taints ok", rslice([dev(taints=[{"key": f"k{i}", "effect": "NoSchedule"}
                                        for i in range(16)])]), []),
    ("17 taints", rslice([dev(taints=[{"key": f"k{i}", "effect": "NoSchedule"}
                                      for i in range(17)])]),
     ["spec.devices[0].taints: Too many: 17: must have at most 16 items"]),
    ("taint effect", rslice([dev(taints=[{"key": "k", "effect": "Bad"}])]),
     ['spec.devices[0].taints[0].effect: Unsupported value: "Bad": supported values: '
      '"NoExecute", "NoSchedule", "None"']),
    ("taint effect required", rslice([dev(taints=[{"key": "k"}])]),
     ["spec.devices[0].taints[0].effect: Required value"]),
    ("no node selection", rslice([dev()], nodeName=None),
     ["spec: Required value: exactly one of `nodeName`, `nodeSelector`, `allNodes`, "
      "`perDeviceNodeSelection` is required"]),
    ("two node selections", rslice([dev()], allNodes=True),
     ['spec: Invalid value: "{`nodeName`, `allNodes`}": exactly one of `nodeName`, '
      "`nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required, but multiple "
      "fields are set"]),
    ("allNodes false", rslice([dev()], nodeName=None, allNodes=False),
     ["spec.allNodes: Invalid value: false: must be either unset or set to true",
      "spec: Required value: exactly one of `nodeName`, `nodeSelector`, `allNodes`, "
      "`perDeviceNodeSelection` is required"]),
    ("driver of 63 ok", rslice([dev()], driver="a" * 59 + ".com"), []),
    ("driver of 64", rslice([dev()], driver="a" * 60 + ".com"),
     ["spec.driver: Too long: may not be more than 63 bytes"]),
    ("driver required", rslice([dev()], driver=""), ["spec.driver: Required value"]),
    ("pool name with parts ok", rslice([dev()], pool={"name": "a/b.c", "resourceSliceCount": 1}),
     []),
    ("pool name empty part", rslice([dev()], pool={"name": "a//b", "resourceSliceCount": 1}),
     ['spec.pool.name: Invalid value: "": a lowercase RFC 1123 subdomain must consist of '
      "lower case alphanumeric characters, '-' or '.', and must start and end with an "
      "alphanumeric character (e.g. 'example.com', regex used for validation is "
      "'[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"]),
    ("pool name of 254",
     rslice([dev()], pool={"name": "/".join(["a" * 126, "b" * 127]), "resourceSliceCount": 1}),
     ["spec.pool.name: Too long: may not be more than 253 bytes"]),
    ("pool counts", rslice([dev()], pool={"name": "p", "generation": -1,
                                          "resourceSliceCount": 0}),
     ["spec.pool.resourceSliceCount: Invalid value: 0: must be greater than zero",
      "spec.pool.generation: Invalid value: -1: must be greater than or equal to zero"]),
    ("devices and sharedCounters (1.37)",
     rslice([dev()], sharedCounters=[{"name": "cs", "counters": {"mem": {"value": "1"}}}]),
     ['spec: Invalid value: "": only one of `sharedCounters` or `devices` is allowed']),
    ("8 counter sets ok",
     rslice(None, sharedCounters=[{"name": f"cs{i}", "counters": {"m": {"value": "1"}}}
                                  for i in range(8)]), []),
    ("9 counter sets",
     rslice(None, sharedCounters=[{"name": f"cs{i}", "counters": {"m": {"value": "1"}}}
                                  for i in range(9)]),
     ["spec.sharedCounters: Too many: 9: must have at most 8 items"]),
    ("33 counters in a set",
     rslice(None, sharedCounters=[{"name": "cs", "counters": {f"c{i}": {"value": "1"}
                                                              for i in range(33)}}]),
     ["spec.sharedCounters[0].counters: Too many: 33: must have at most 32 items"]),
    ("duplicate counter set",
     rslice(None, sharedCounters=[{"name": "cs", "counters": {"m": {"value": "1"}}}] * 2),
     ['spec.sharedCounters[1]: Duplicate value: "cs"']),
    ("counter set needs counters", rslice(None, sharedCounters=[{"name": "cs"}]),
     ["spec.sharedCounters[0].counters: Required value"]),
    ("3 consumesCounters",
     rslice([dev(consumesCounters=[{"counterSet": f"s{i}", "counters": {"m": {"value": "1"}}}
                                   for i in range(3)])]),
     ["spec.devices[0].consumesCounters: Too many: 3: must have at most 2 items"]),
    ("consumesCounters entry needs counterSet and counters",
     rslice([dev(consumesCounters=[{}])]),
     ["spec.devices[0].consumesCounters[0].counterSet: Required value",
      "spec.devices[0].consumesCounters[0].counters: Required value"]),
    ("33 consumed counters",
     rslice([dev(consumesCounters=[{"counterSet": "s", "counters": {
         f"c{i}": {"value": "1"} for i in range(33)}}])]),
     ["spec.devices[0].consumesCounters[0].counters: Too many: 33: must have at most 32 "
      "items"]),
    ("requestPolicy needs allowMultipleAllocations",
     rslice([dev(capacity={"mem": {"value": "8Gi", "requestPolicy": {"default": "1Gi"}}})]),
     ["spec.devices[0].capacity[mem].requestPolicy: Forbidden: allowMultipleAllocations "
      "must be true"]),
]


@pytest.mark.parametrize("case,obj,want", LIMITS, ids=[x[0] for x in LIMITS])
def test_slice_validation(case, obj, want):
    # list-typed attributes are alpha (off by default); switch them on for the table
    assert errors(obj, ctx(DRAListTypeAttributes=True)) == want


REF_134 = "must reference a counterSet defined in the ResourceSlice sharedCounters"
CTR_134 = "must reference a counter defined in the ResourceSlice sharedCounters"


def _consuming(*consumptions) -> dict:
    return rslice([dev("gpu", consumesCounters=list(consumptions))],
                  sharedCounters=[{"name": "cs", "counters": {"m": {"value": "1"}}}])


@pytest.mark.parametrize("consumption,want", [
    ({"counterSet": "cs", "counters": {"m": {"value": "1"}}}, []),
    ({"counterSet": "other", "counters": {"m": {"value": "1"}}},
     [f'spec.devices[0].consumesCounters[0].counterSet: Invalid value: "other": {REF_134}']),
    ({"counterSet": "cs", "counters": {"x": {"value": "1"}}},
     [f'spec.devices[0].consumesCounters[0].counters: Invalid value: "x": {CTR_134}']),
    ({"counters": {"m": {"value": "1"}}},
     ["spec.devices[0].consumesCounters[0].counterSet: Required value",
      f'spec.devices[0].consumesCounters[0].counterSet: Invalid value: "": {REF_134}']),
    # 1.34 checks no name format for the consumed set
    ({"counterSet": "CS_1", "counters": {"m": {"value": "1"}}},
     [f'spec.devices[0].consumesCounters[0].counterSet: Invalid value: "CS_1": {REF_134}']),
], ids=["known", "unknown-set", "unknown-counter", "missing-set", "bad-name"])
def test_134_a_device_consumes_counter_sets_of_its_own_slice(consumption, want):
    """validation_resourceslice_test.go at 1.34 "wrong-sharedcounterref-consumes-counter",
    "wrong-counterref-consumes-counter", "missing-counterset-consumes-counter"."""
    assert errors(_consuming(consumption), ctx("1.34", DRAPartitionableDevices=True)) == want


def test_134_device_total_comes_before_references_and_slice_totals_before_the_sets():
    # the 1.34 order: per device (its own total, then its references), then the devices'
    # total, the shared total, and the counter sets themselves
    many = {f"c{i}": {"value": "1"} for i in range(33)}
    obj = rslice([dev("gpu", consumesCounters=[{"counterSet": "cs", "counters": many}])],
                 sharedCounters=[{"name": "cs", "counters": {"c0": {"value": "1"}}}, {"name": "cs"}])
    got = errors(obj, ctx("1.34", DRAPartitionableDevices=True))
    assert got[0] == "spec.devices[0]: Invalid value: 33: the total number of counters must not exceed 32"
    # the second "cs" (no counters) replaces the first (gatherSharedCounterCounterNames
    # fills a map), so even c0 is unknown
    assert got[1].startswith('spec.devices[0].consumesCounters[0].counters: Invalid value: "c0": ')
    assert got[-2:] == ["spec.sharedCounters[1].counters: Required value",
                        'spec.sharedCounters[1].name: Duplicate value: "cs"']


def test_134_no_per_set_or_per_consumption_counter_limit():
    # 1.34 bounds counters only by the totals (32 shared, 32 per device)
    many = {f"c{i}": {"value": "1"} for i in range(33)}
    obj = rslice([dev("gpu")], sharedCounters=[{"name": "cs", "counters": many}])
    assert errors(obj, ctx("1.34", DRAPartitionableDevices=True)) == [
        "spec.sharedCounters: Invalid value: 33: the total number of shared counters must not exceed 32"]


def test_134_update_checks_unchanged_devices_too():
    old = _consuming({"counterSet": "cs", "counters": {"m": {"value": "1"}}})
    new = copy.deepcopy(old)
    new["spec"]["sharedCounters"][0]["name"] = "cs2"
    new["metadata"]["resourceVersion"] = "1"
    c = ctx("1.34", DRAPartitionableDevices=True)
    S.prepare_for_update(new, old, c)
    assert [str(e) for e in S.validate_update(new, old, c)] == [
        f'spec.devices[0].consumesCounters[0].counterSet: Invalid value: "cs": {REF_134}']


def test_devices_and_shared_counters_exclusive_on_136_too():
    # the v1 API doc says "Only one of Devices and SharedCounters" from kubernetes-1.35.0 on
    obj = rslice([dev()], sharedCounters=[{"name": "cs", "counters": {"m": {"value": "1"}}}])
    assert errors(obj, ctx("1.36")) == [
        'spec: Invalid value: "": only one of `sharedCounters` or `devices` is allowed']


NAR = [
    ("mapping with capacityKey", {"cpu": {"mapping": {"capacityKey": "cores",
                                                      "capacityMultiplier": "1"}}}, []),
    ("overhead only", {"memory": {"overhead": {"perPod": "10Mi"}}}, []),
    ("both mapping and overhead (at least one)",
     {"memory": {"mapping": {"deviceMultiplier": "1Gi"}, "overhead": {"perContainer": "1Mi"}}},
     []),
    ("extended resource key", {"example.com/gpu": {"overhead": {"perPod": "1"}}},
     ['spec.devices[0].nodeAllocatableResources[example.com/gpu]: Invalid value: '
      '"example.com/gpu": must be a node allocatable resource name']),
    ("neither", {"cpu": {}},
     ["spec.devices[0].nodeAllocatableResources[cpu]: Required value: at least one of "
      "mapping or overhead must be set"]),
    ("unknown capacityKey", {"cpu": {"mapping": {"capacityKey": "nope",
                                                 "capacityMultiplier": "1"}}},
     ['spec.devices[0].nodeAllocatableResources[cpu].mapping.capacityKey: Not found: "nope"']),
    ("empty capacityKey", {"cpu": {"mapping": {"capacityKey": "", "capacityMultiplier": "1"}}},
     ['spec.devices[0].nodeAllocatableResources[cpu].mapping.capacityKey: Invalid value: "": '
      "capacityKey must not be an empty string"]),
    ("capacityKey without multiplier", {"cpu": {"mapping": {"capacityKey": "cores"}}},
     ["spec.devices[0].nodeAllocatableResources[cpu].mapping.capacityMultiplier: Required "
      "value: capacityMultiplier is required when capacityKey is set"]),
    ("multiplier without capacityKey", {"cpu": {"mapping": {"capacityMultiplier": "2"}}},
     ["spec.devices[0].nodeAllocatableResources[cpu].mapping.capacityKey: Required value: "
      "capacityKey is required when capacityMultiplier is set"]),
    ("zero multipliers", {"cpu": {"mapping": {"capacityKey": "cores",
                                              "capacityMultiplier": "0"}},
                          "memory": {"mapping": {"deviceMultiplier": "-1"}}},
     ['spec.devices[0].nodeAllocatableResources[cpu].mapping.capacityMultiplier: Invalid '
      'value: "0": must be positive',
      'spec.devices[0].nodeAllocatableResources[memory].mapping.deviceMultiplier: Invalid '
      'value: "-1": must be positive']),
    ("empty overhead", {"cpu": {"overhead": {}}},
     ['spec.devices[0].nodeAllocatableResources[cpu].overhead: Invalid value: "": at least '
      "one of perPod or perContainer must be set"]),
    ("negative overhead", {"cpu": {"overhead": {"perPod": "-1"}}},
     ['spec.devices[0].nodeAllocatableResources[cpu].overhead.perPod: Invalid value: "-1": '
      "must be non-negative"]),
]


@pytest.mark.parametrize("case,nar,want", NAR, ids=[x[0] for x in NAR])
def test_node_allocatable_resources_137(case, nar, want):
    obj = rslice([dev(capacity={"cores": {"value": "4"}}, nodeAllocatableResources=nar)])
    assert errors(obj, ctx(DRANodeAllocatableResources=True)) == want


NAR136 = [
    ("ok, multiplier defaulted", {"cpu": {"capacityKey": "cores"}}, []),
    ("unknown capacityKey", {"cpu": {"capacityKey": "x"}},
     ['spec.devices[0].nodeAllocatableResourceMappings[cpu].capacityKey: Not found: "x"']),
    ("extended resource key", {"example.com/gpu": {}},
     ['spec.devices[0].nodeAllocatableResourceMappings[example.com/gpu]: Invalid value: '
      '"example.com/gpu": must be a node allocatable resource name']),
    ("zero multiplier", {"cpu": {"allocationMultiplier": "0"}},
     ['spec.devices[0].nodeAllocatableResourceMappings[cpu].allocationMultiplier: Invalid '
      'value: "0": must be positive']),
]


@pytest.mark.parametrize("case,nar,want", NAR136, ids=[x[0] for x in NAR136])
def test_node_allocatable_resource_mappings_136(case, nar, want):
    obj = rslice([dev(capacity={"cores": {"value": "4"}}, nodeAllocatableResourceMappings=nar)])
    assert errors(obj, ctx("1.36", DRANodeAllocatableResources=True)) == want


def test_136_defaults_allocation_multiplier():
    obj = rslice([dev(capacity={"cores": {"value": "4"}},
                      nodeAllocatableResourceMappings={"cpu": {"capacityKey": "cores"}})])
    S.prepare_for_create(obj, ctx("1.36", DRANodeAllocatableResources=True))
    assert obj["spec"]["devices"][0]["nodeAllocatableResourceMappings"]["cpu"] == {
        "capacityKey": "cores", "allocationMultiplier": "1"}


@pytest.mark.parametrize("version,kept,pruned", [
    ("1.37", "nodeAllocatableResources", "nodeAllocatableResourceMappings"),
    ("1.36", "nodeAllocatableResourceMappings", "nodeAllocatableResources"),
])
def test_other_version_shape_is_pruned(version, kept, pruned):
    obj = rslice([dev(**{kept: {"cpu": {"overhead": {"perPod": "1"}}},
                         pruned: {"cpu": {"capacityKey": "x"}}})])
    S.prepare_for_create(obj, ctx(version, DRANodeAllocatableResources=True))
    assert kept in obj["spec"]["devices"][0]
    assert pruned not in obj["spec"]["devices"][0]


GATED = [
    # (gate, device fields or spec fields, field that must vanish)
    ("DRANodeAllocatableResources", {"nodeAllocatableResources": {"cpu": {
        "overhead": {"perPod": "1"}}}}, "nodeAllocatableResources"),
    ("DRADeviceTaints", {"taints": [{"key": "k", "effect": "NoSchedule"}]}, "taints"),
    ("DRAConsumableCapacity", {"allowMultipleAllocations": True}, "allowMultipleAllocations"),
    ("DRAPartitionableDevices", {"consumesCounters": [{"counterSet": "s", "counters": {
        "m": {"value": "1"}}}]}, "consumesCounters"),
    ("DRAResourceSliceMixins", {"includes": ["m"]}, "includes"),
]


@pytest.mark.parametrize("gate,fields,name", GATED, ids=[g[0] for g in GATED])
def test_gated_device_fields_dropped_on_create_kept_on_update(gate, fields, name):
    c_off = ctx(**{gate: False})
    created = rslice([dev(**copy.deepcopy(fields))])
    S.prepare_for_create(created, c_off)
    assert name not in created["spec"]["devices"][0]
    # An object stored while the gate was on keeps the field on an unrelated update.
    old = rslice([dev(**copy.deepcopy(fields))])
    new = copy.deepcopy(old)
    new["metadata"]["labels"] = {"x": "y"}
    S.prepare_for_update(new, old, c_off)
    assert name in new["spec"]["devices"][0]


def test_list_attributes_dropped_when_gate_off():
    obj = rslice([dev(attributes={"l": {"ints": [1, 2]}, "s": {"int": 1}})])
    got = errors(obj, ctx(DRAListTypeAttributes=False))
    assert got == ['spec.devices[0].attributes[l]: Invalid value: "": exactly one value must '
                   "be specified"]


def test_mixins_dropped_when_gate_off():
    obj = rslice([dev(includes=["m"])], mixins={"device": [{"name": "m"}]})
    S.prepare_for_create(obj, ctx())
    assert "mixins" not in obj["spec"] and "includes" not in obj["spec"]["devices"][0]


MIXINS = [
    ("flattened 32 ok",
     rslice([dev(includes=["a", "b"], attributes=attrs(8))],
            mixins={"device": [{"name": "a", "attributes": {f"x{i}": {"int": 1}
                                                             for i in range(12)}},
                               {"name": "b", "attributes": {f"y{i}": {"int": 1}
                                                             for i in range(12)}}]}), []),
    ("flattened 33",
     rslice([dev(includes=["a", "b"], attributes=attrs(9))],
            mixins={"device": [{"name": "a", "attributes": {f"x{i}": {"int": 1}
                                                             for i in range(12)}},
                               {"name": "b", "attributes": {f"y{i}": {"int": 1}
                                                             for i in range(12)}}]}),
     ["spec.devices[0]: Invalid value: 33: the total number of attributes and capacities "
      "in a device after mixins have been applied must not exceed 32"]),
    ("overlap counted once",
     rslice([dev(includes=["a"], attributes=attrs(32))],
            mixins={"device": [{"name": "a", "attributes": attrs(32)}]}), []),
    ("8 includes ok", rslice([dev(includes=["a"] * 8)], mixins={"device": [{"name": "a"}]}), []),
    ("9 includes", rslice([dev(includes=["a"] * 9)], mixins={"device": [{"name": "a"}]}),
     ["spec.devices[0].includes: Too many: 9: must have at most 8 items"]),
    ("unknown mixin", rslice([dev(includes=["nope"])], mixins={"device": [{"name": "a"}]}),
     ['spec.devices[0].includes[0]: Invalid value: "nope": must reference a device mixin '
      "defined in the ResourceSlice"]),
    ("wrong kind", rslice([dev(includes=["cs"])],
                          mixins={"counterSet": [{"name": "cs", "counters": {
                              "m": {"value": "1"}}}]}),
     ['spec.devices[0].includes[0]: Invalid value: "cs": must reference a device mixin '
      "defined in the ResourceSlice"]),
    ("duplicate mixin name", rslice([dev()], mixins={"device": [{"name": "a"}, {"name": "a"}]}),
     ['spec.mixins.device[1]: Duplicate value: "a"']),
    ("same name different kinds ok",
     rslice([dev()], mixins={"device": [{"name": "a"}],
                             "deviceCounterConsumption": [{"name": "a", "counters": {
                                 "m": {"value": "1"}}}]}), []),
    ("mixin name not a label", rslice([dev()], mixins={"device": [{"name": "A_b"}]}),
     ['spec.mixins.device[0].name: Invalid value: "A_b": a lowercase RFC 1123 label must '
      "consist of lower case alphanumeric characters or '-', and must start and end with an "
      "alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is "
      "'[a-z0-9]([-a-z0-9]*[a-z0-9])?')"]),
    ("counter set includes", rslice(None, sharedCounters=[{"name": "cs", "includes": ["m"]}],
                                    mixins={"counterSet": [{"name": "m", "counters": {
                                        "c": {"value": "1"}}}]}), []),
    ("consumption includes unknown",
     rslice([dev(consumesCounters=[{"counterSet": "cs", "includes": ["x"]}])],
            mixins={}),
     ['spec.devices[0].consumesCounters[0].includes[0]: Invalid value: "x": must reference a '
      "device counter consumption mixin defined in the ResourceSlice"]),
    ("counter set includes unknown",
     rslice(None, sharedCounters=[{"name": "cs", "includes": ["x"]}], mixins={}),
     ['spec.sharedCounters[0].includes[0]: Invalid value: "x": must reference a counter set '
      "mixin defined in the ResourceSlice"]),
    # kubernetes/kubernetes#131357: an entry with neither counters nor includes
    ("counter set with neither", rslice(None, sharedCounters=[{"name": "cs"}], mixins={}),
     ["spec.sharedCounters[0]: Required value: at least one of `counters` or `includes` "
      "must be specified"]),
    ("consumption with neither", rslice([dev(consumesCounters=[{"counterSet": "cs"}])], mixins={}),
     ["spec.devices[0].consumesCounters[0]: Required value: at least one of `counters` or "
      "`includes` must be specified"]),
    ("slice-wide 4097 attributes+capacities",
     rslice([dev(f"d{i}", attributes=attrs(32)) for i in range(128)],
            mixins={"device": [{"name": "m", "attributes": attrs(1)}]}),
     ["spec: Invalid value: 4097: the total number of attributes and capacities across all "
      "devices and device mixins must not exceed 4096"]),
    ("slice-wide 257 counters",
     rslice(None, sharedCounters=[{"name": f"s{i}", "counters": {
         f"c{j}": {"value": "1"} for j in range(32)}} for i in range(8)],
            mixins={"counterSet": [{"name": "m", "counters": {"x": {"value": "1"}}}]}),
     ["spec: Invalid value: 257: the total number of counters in shared counters and "
      "counter set mixins must not exceed 256"]),
    ("slice-wide 2049 consumed counters",
     rslice([dev(f"d{i}", consumesCounters=[{"counterSet": "s", "counters": {
         f"c{j}": {"value": "1"} for j in range(32)}}]) for i in range(64)],
            mixins={"deviceCounterConsumption": [{"name": "m", "counters": {
                "x": {"value": "1"}}}]}),
     ["spec: Invalid value: 2049: the total number of consumed counters in devices and "
      "mixins must not exceed 2048"]),
]


@pytest.mark.parametrize("case,obj,want", MIXINS, ids=[x[0] for x in MIXINS])
def test_mixins_kep_5234(case, obj, want):
    assert errors(obj, ctx(DRAResourceSliceMixins=True)) == want


def test_update_immutable_and_generation():
    c = ctx()
    old = rslice([dev()])
    S.prepare_for_create(old, c)
    assert old["metadata"]["generation"] == 1
    new = copy.deepcopy(old)
    new["spec"]["driver"] = "other.example.com"
    new["spec"]["pool"]["name"] = "q"
    new["spec"]["nodeName"] = "node-2"
    S.prepare_for_update(new, old, c)
    assert new["metadata"]["generation"] == 2
    assert [str(e) for e in S.validate_update(new, old, c)] == [
        'spec.pool.name: Invalid value: "q": field is immutable',
        'spec.driver: Invalid value: "other.example.com": field is immutable',
        'spec.nodeName: Invalid value: "node-2": field is immutable',
    ]


def test_unchanged_taints_not_revalidated_on_update():
    c = ctx()
    old = rslice([dev(taints=[{"key": "k", "effect": "Bad"}])])
    new = copy.deepcopy(old)
    assert S.validate_update(new, old, c) == []


def test_worst_case_slice_is_fast():
    import time
    devices = [dev(f"d{i}", attributes={f"a{j}": {"string": "v"} for j in range(24)},
                   capacity={f"c{j}": {"value": "1Gi"} for j in range(8)}) for i in range(128)]
    obj = rslice(devices)
    c = ctx()
    S.prepare_for_create(obj, c)
    assert S.validate_create(obj, c) == []
    t = time.perf_counter()
    for _ in range(5):
        S.validate_create(obj, c)
    assert (time.perf_counter() - t) / 5 < 0.05  # target 20 ms; loose bound for slow CI


PER_DEVICE_MSG = ("exactly one of `nodeName`, `nodeSelector`, or `allNodes` is required when "
                  "`perDeviceNodeSelection` is set to true in the ResourceSlice spec")


@pytest.mark.parametrize("device, want", [
    (dev(nodeName="node-1"), []),
    (dev(nodeName=""), ['spec.devices[0].nodeName: Invalid value: "": must not be empty',
                        f"spec.devices[0]: Required value: {PER_DEVICE_MSG}"]),
    (dev(nodeName="node-1", allNodes=True),
     [f'spec.devices[0]: Invalid value: "{{`nodeName`, `allNodes`}}": {PER_DEVICE_MSG}']),
], ids=["one-field", "empty-node-name", "two-fields"])
def test_per_device_node_selection(device, want):
    """k/k pkg/apis/resource/validation/validation.go validateDevice with
    perDeviceNodeSelection (KEP-4815): each device names exactly one of nodeName,
    nodeSelector, allNodes; an empty nodeName is invalid and counts as unset."""
    assert errors(rslice([device], nodeName=None, perDeviceNodeSelection=True)) == want


def test_a_request_policy_has_valid_values_or_a_valid_range_not_both():
    """k/k pkg/apis/resource/validation validateRequestPolicy (KEP-5075 consumable capacity,
    the pools KEP-5517 counts): validValues and validRange exclude each other."""
    d = dev(allowMultipleAllocations=True, capacity={"example.com/mem": {
        "value": "10Gi", "requestPolicy": {"default": "1Gi", "validValues": ["1Gi"],
                                           "validRange": {"min": "1Gi"}}}})
    assert errors(rslice([d])) == [
        "spec.devices[0].capacity[example.com/mem].requestPolicy: Forbidden: exactly one policy "
        'can be specified, cannot specify "validValues" and "validRange" at the same time']


@pytest.mark.parametrize("gate, kept", [(True, True), (False, False)])
def test_binding_conditions_dropped_on_create_with_their_gate_off(gate, kept):
    """k/k pkg/registry/resource/resourceslice/strategy.go dropDisabledFields: with
    DRADeviceBindingConditions off a new slice loses bindingConditions,
    bindingFailureConditions and bindsToNode (KEP-5007)."""
    s = rslice([dev(bindingConditions=["example.com/ready"],
                    bindingFailureConditions=["example.com/failed"], bindsToNode=True)])
    c = ctx("1.36", DRADeviceBindingConditions=gate)
    S.prepare_for_create(s, c)
    d = s["spec"]["devices"][0]
    assert [k in d for k in ("bindingConditions", "bindingFailureConditions", "bindsToNode")] \
        == [kept] * 3


def test_a_binding_condition_listed_twice_is_a_duplicate():
    """k/k pkg/apis/resource/validation validateDeviceBindingParameters (KEP-5007): each
    binding condition once; the second entry is the Duplicate, with its value."""
    d = dev(bindingConditions=["example.com/ready", "example.com/ready"],
            bindingFailureConditions=["example.com/failed"])
    assert errors(rslice([d])) == [
        'spec.devices[0].bindingConditions[1]: Duplicate value: "example.com/ready"']
