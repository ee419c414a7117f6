"""The scheduler's informer check (drakit/scheduler/decode.py) words a stored object that
does not fit its Go type as encoding/json does. drakit's API decoder (drakit/schema), which
walks the whole OpenAPI schema, is the oracle: for every field the informer checks, a wrong
JSON type gets the same UnmarshalTypeError text from both (Struct = the innermost struct,
the Go type as reflect prints it)."""

from __future__ import annotations

import copy

import pytest

from drakit.api import errors as E
from drakit.scheduler.decode import _CHECKS, DecodeError, check_decodable
from drakit.schema import decode

VALID = {
    "DeviceClass": {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
                    "metadata": {"name": "c"},
                    "spec": {"selectors": [{"cel": {"expression": "true"}}], "config": [],
                             "extendedResourceName": "example.com/gpu"}},
    "ResourceSlice": {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
                      "metadata": {"name": "s"},
                      "spec": {"driver": "d", "nodeName": "n", "allNodes": False,
                               "perDeviceNodeSelection": False, "nodeSelector": {},
                               "pool": {"name": "p", "resourceSliceCount": 1},
                               "devices": [{"name": "x", "attributes": {"a": {"int": 1}},
                                            "capacity": {"c": {"value": "1"}}}],
                               "sharedCounters": [{"name": "s", "counters": {}}]}},
    "Node": {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n"},
             "spec": {"taints": [{"key": "k", "effect": "NoSchedule"}]},
             "status": {"allocatable": {"cpu": "1"}}},
}


def _set(obj: dict, path: str, value: object) -> dict:
    """A copy of ``obj`` with ``value`` at ``path`` ("[]" the first element, "{}" the first
    map value; the container exists in VALID)."""
    out = copy.deepcopy(obj)
    node: dict | list = out
    steps = path.split(".")
    for i, step in enumerate(steps):
        name, fan = (step[:-2], step[-2:]) if step.endswith(("[]", "{}")) else (step, "")
        last = i == len(steps) - 1
        if not fan:
            if last:
                node[name] = value
            else:
                node = node[name]
            continue
        child = node[name]
        key = 0 if fan == "[]" else next(iter(child))
        if last:
            child[key] = value
        else:
            node = child[key]
    return out


def _wrong(want: type) -> object:
    return 7 if want is not int else "x"


CASES = [(kind, path, want) for kind, checks in _CHECKS.items() for path, want, _ in checks]


@pytest.mark.parametrize(("kind", "path", "want"), CASES, ids=[f"{k}:{p}" for k, p, _ in CASES])
def test_a_wrong_json_type_is_worded_as_the_api_decoder_words_it(kind, path, want):
    assert decode(VALID[kind], "1.37")  # the base object decodes
    bad = _set(VALID[kind], path, _wrong(want))
    with pytest.raises(E.BadRequest) as api:
        decode(bad, "1.37")
    with pytest.raises(DecodeError) as informer:
        check_decodable(kind, bad)
    api_text = api.value.message.partition(": ")[2]
    head, _, go_type = str(informer.value).partition(" of type ")
    api_head, _, api_type = api_text.partition(" of type ")
    assert head == api_head
    # drakit/schema takes the Go names the OpenAPI lacks (a named map type v1.ResourceList, a
    # named key map[v1.QualifiedName]...) from its generated table (go_types_data.py)
    assert go_type == api_type


@pytest.mark.parametrize("field", ["name", "namespace"])
def test_metadata_belongs_to_object_meta(field):
    bad = {**VALID["DeviceClass"], "metadata": {"name": "c", field: 5}}
    with pytest.raises(DecodeError, match=f"^json: cannot unmarshal number into Go struct field "
                                          f"ObjectMeta.metadata.{field} of type string$"):
        check_decodable("DeviceClass", bad)


@pytest.mark.parametrize(("obj", "json_type"), [([1], "array"), ("x", "string"), (3, "number"), (True, "bool")])
def test_an_object_that_is_no_json_object_names_its_json_type(obj, json_type):
    with pytest.raises(DecodeError) as e:
        check_decodable("ResourceSlice", obj)
    assert str(e.value) == f"json: cannot unmarshal {json_type} into Go value of type v1.ResourceSlice"


def test_null_values_and_unchecked_kinds_pass():
    check_decodable("ResourceSlice", _set(VALID["ResourceSlice"], "spec.devices[].name", None))
    check_decodable("Pod", [1])  # a pod fails only its own attempt: not checked here
