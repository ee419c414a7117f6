"""``drakit allocate`` under arbitrary objects in its -f files (a hand-edited manifest).

Any JSON value put anywhere in a claim, a slice or a class gives an allocation (exit 0) or
one ``error:`` line on stderr (exit 1), never a traceback: a JSON type the Go type cannot hold
is refused as kube-apiserver's decoder refuses it, naming the object; a request or subrequest
without a name as its validation does. Runs in-process (main_allocate) so hypothesis can try
many inputs quickly; see test_allocate_cli_flags.py for the flags.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from test_allocate_cli_flags import _check  # noqa: E402 - a sibling test module (tests/ has no packages)

from drakit.allocator.cli import main_allocate, main_flatten

CLASS = {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass", "metadata": {"name": "gpu"},
         "spec": {"selectors": [{"cel": {"expression": 'device.driver == "gpu.example.com"'}}]}}
SLICE = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice", "metadata": {"name": "s"},
         "spec": {"driver": "gpu.example.com", "nodeName": "node-1",
                  "pool": {"name": "p", "generation": 1, "resourceSliceCount": 1},
                  "devices": [{"name": "gpu-0", "attributes": {"model": {"string": "a100"}},
                               "capacity": {"memory": {"value": "80Gi"}}}]}}
CLAIM = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim", "metadata": {"name": "c"},
         "spec": {"devices": {"requests": [
             {"name": "r", "exactly": {"deviceClassName": "gpu", "count": 1}},
             {"name": "f", "firstAvailable": [{"name": "a", "deviceClassName": "gpu"}]}],
             "constraints": [{"requests": ["r"], "matchAttribute": "gpu.example.com/model"}]}}}

_json = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.floats(allow_nan=False, width=32)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6)


def _paths(obj: Any, at: tuple = ()) -> list[tuple]:
    """Every place in ``obj`` a value can be put: each key and each list index."""
    out = [at] if at else []
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _paths(v, (*at, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _paths(v, (*at, i))
    return out


def _with(obj: dict, path: tuple, value: Any) -> dict:
    out = copy.deepcopy(obj)
    node: Any = out
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return out


_CASES = [(i, p) for i, o in enumerate((CLASS, SLICE, CLAIM)) for p in _paths(o)
          if p[0] not in ("apiVersion", "kind")]


def _run(capsys, tmp: Path, objs: list[dict]) -> None:
    f = tmp / "objects.yaml"
    f.write_text(yaml.safe_dump_all(objs))
    _check(capsys, ["--node", "node-1", "-f", str(f)])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=st.sampled_from(_CASES), value=_json)
@example(case=(2, ("spec",)), value=[1])
@example(case=(2, ("spec", "devices", "requests", 1, "firstAvailable")), value=3)
@example(case=(1, ("spec", "devices", 0, "capacity")), value="x")
@example(case=(2, ("spec", "devices", "requests", 1, "firstAvailable", 0, "deviceClassName")), value="\n")
@example(case=(0, ("spec", "selectors", 0)), value=None)
def test_any_value_anywhere_in_the_objects_gives_an_answer_or_one_line(capsys, tmp_path, case, value):
    i, path = case
    objs = [CLASS, SLICE, CLAIM]
    objs[i] = _with(objs[i], path, value)
    _run(capsys, tmp_path, objs)


def test_a_wrong_json_type_is_named_as_kube_apiserver_names_it(capsys, tmp_path):
    f = tmp_path / "objects.yaml"
    f.write_text(yaml.safe_dump_all([CLASS, SLICE, _with(CLAIM, ("spec", "devices"), [1])]))
    assert main_allocate(["--node", "node-1", "-f", str(f)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        'error: ResourceClaim c: ResourceClaim in version "v1" cannot be handled as a ResourceClaim: '
        "json: cannot unmarshal array into Go struct field ResourceClaimSpec.spec.devices of type "
        "v1.DeviceClaim\n")


NODE = {"apiVersion": "v1", "kind": "Node",
        "metadata": {"name": "node-1", "labels": {"kubernetes.io/hostname": "node-1"}},
        "status": {"capacity": {"cpu": "8", "memory": "32Gi"},
                   "allocatable": {"cpu": "8", "memory": "32Gi", "pods": "110"}}}
_NODE_PATHS = [p for p in _paths(NODE) if p[0] not in ("apiVersion", "kind")]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(_NODE_PATHS), value=_json)
@example(path=("status", "allocatable", "cpu"), value="8x")
@example(path=("metadata",), value=None)
@example(path=("status",), value=[1])
def test_any_value_anywhere_in_the_node_file_gives_an_answer_or_one_line(capsys, tmp_path, path, value):
    """The --node file's Node is read like the -f objects: decoded, a wrong type or a quantity
    that does not parse refused in one line naming the Node, a Node without a name refused."""
    node = tmp_path / "node.yaml"
    node.write_text(yaml.safe_dump(_with(NODE, path, value)))
    f = tmp_path / "objects.yaml"
    f.write_text(yaml.safe_dump_all([CLASS, SLICE, CLAIM]))
    _check(capsys, ["--node", str(node), "-f", str(f)])


def test_a_node_quantity_that_does_not_parse_is_named_with_the_node(capsys, tmp_path):
    node = tmp_path / "node.yaml"
    node.write_text(yaml.safe_dump(_with(NODE, ("status", "allocatable", "cpu"), "8x")))
    f = tmp_path / "objects.yaml"
    f.write_text(yaml.safe_dump_all([CLASS, SLICE, CLAIM]))
    assert main_allocate(["--node", str(node), "-f", str(f)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith('error: Node node-1: Node in version "v1" cannot be handled as a Node: '
                          "quantities must match the regular expression")


_NO_KIND = object()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(i=st.integers(0, 2), value=_json | st.just(_NO_KIND))
@example(i=1, value=_NO_KIND)
@example(i=0, value="")
def test_any_kind_gives_an_answer_or_one_line(capsys, tmp_path, i, value):
    """A kind left out, empty or of any JSON type: drakit allocate answers or names the
    object in one line (an object without a kind is never guessed: "Object 'Kind' is
    missing"), and drakit flatten does the same for a slice file."""
    objs = [copy.deepcopy(o) for o in (CLASS, SLICE, CLAIM)]
    if value is _NO_KIND:
        del objs[i]["kind"]
    else:
        objs[i]["kind"] = value
    _run(capsys, tmp_path, objs)
    f = tmp_path / "slice.yaml"
    f.write_text(yaml.safe_dump_all([objs[1]]))
    code = main_flatten([str(f)])
    out, err = capsys.readouterr()
    assert code in (0, 1) and "Traceback" not in err
    assert (out.strip() and not err) if code == 0 else (not out and err.count("\n") == 1), err
    if not objs[1].get("kind"):
        assert code == 1 and "has no kind (Object 'Kind' is missing)" in err
