"""KEP-5234 flattening, the explanation table and the two CLI entry points."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from drakit.allocator import MixinError, explain, flatten_slice
from drakit.allocator.cli import main_allocate, main_flatten

MIXED = {
    "kind": "ResourceSlice", "metadata": {"name": "s"},
    "spec": {
        "driver": "dra.example.com", "nodeName": "node-1", "pool": {"name": "p", "generation": 1, "resourceSliceCount": 1},
        "mixins": {
            "device": [{"name": "a", "attributes": {"x": {"int": 1}, "y": {"int": 1}}, "capacity": {"m": {"value": "1Gi"}}},
                       {"name": "b", "attributes": {"y": {"int": 2}}}],
            "counterSet": [{"name": "cs", "counters": {"c": {"value": "4"}, "d": {"value": "1"}}}],
            "deviceCounterConsumption": [{"name": "one", "counters": {"c": {"value": "1"}}}],
        },
        "sharedCounters": [{"name": "set", "includes": ["cs"], "counters": {"d": {"value": "2"}}}],
        "devices": [
            {"name": "d0", "includes": ["a", "b"], "attributes": {"x": {"int": 9}}},
            {"name": "d1", "consumesCounters": [{"counterSet": "set", "includes": ["one"]}]},
            {"name": "plain"},
        ],
    },
}


def test_flatten_order_and_override() -> None:
    flat = flatten_slice(MIXED)
    spec = flat["spec"]
    assert "mixins" not in spec
    d0, d1, plain = spec["devices"]
    assert d0 == {"name": "d0", "attributes": {"x": {"int": 9}, "y": {"int": 2}}, "capacity": {"m": {"value": "1Gi"}}}
    assert d1 == {"name": "d1", "consumesCounters": [{"counterSet": "set", "counters": {"c": {"value": "1"}}}]}
    assert plain is MIXED["spec"]["devices"][2]  # untouched devices are shared, not copied
    assert spec["sharedCounters"] == [{"name": "set", "counters": {"c": {"value": "4"}, "d": {"value": "2"}}}]


def test_flatten_gate_off_drops_users() -> None:
    spec = flatten_slice(MIXED, enabled=False)["spec"]
    assert [d["name"] for d in spec["devices"]] == ["plain"]  # d1 consumed from a dropped set
    assert spec["sharedCounters"] == []


def test_unknown_mixin() -> None:
    bad = {"spec": {"devices": [{"name": "d", "includes": ["nope"]}], "mixins": {"device": []}}}
    with pytest.raises(MixinError, match="unknown mixin 'nope'"):
        flatten_slice(bad)


NODE = {"kind": "Node", "metadata": {"name": "node-1"}}
SLICE = {"kind": "ResourceSlice", "metadata": {"name": "s"}, "spec": {
    "driver": "dra.example.com", "nodeName": "node-1", "pool": {"name": "p", "generation": 1, "resourceSliceCount": 1},
    "devices": [{"name": "d0", "attributes": {"kind": {"string": "small"}}},
                {"name": "d1", "attributes": {"kind": {"string": "big"}}},
                {"name": "d2", "taints": [{"key": "broken", "effect": "NoSchedule"}]}]}}
CLASS = {"kind": "DeviceClass", "metadata": {"name": "gpu"}, "spec": {}}
CLAIM = {"kind": "ResourceClaim", "metadata": {"name": "c", "namespace": "default"}, "spec": {"devices": {"requests": [
    {"name": "r", "exactly": {"deviceClassName": "gpu", "selectors": [
        {"cel": {"expression": 'device.attributes["dra.example.com"].?kind.orValue("") != "small"'}}]}}]}}}
USED = {"kind": "ResourceClaim", "metadata": {"name": "u", "namespace": "default"}, "spec": {},
        "status": {"allocation": {"devices": {"results": [
            {"request": "x", "driver": "dra.example.com", "pool": "p", "device": "d1"}]}}}}


def test_explain_reasons() -> None:
    claim = dict(CLAIM)
    claim["spec"] = {"devices": {"requests": [{"name": "r", "exactly": {"deviceClassName": "gpu", "selectors": [
        {"cel": {"expression": '!("kind" in device.attributes["dra.example.com"]) || '
                               'device.attributes["dra.example.com"].kind != "small"'}}]}}]}}
    other = {"metadata": {"name": "s2"}, "spec": {
        "driver": "dra.example.com", "nodeName": "node-2", "pool": {"name": "q", "generation": 1, "resourceSliceCount": 1},
        "devices": [{"name": "far"}]}}
    rows = explain(NODE, [claim], [SLICE, other], [CLASS], [USED])
    outcome = {r["device"]: r["outcome"] for r in rows if r["device"]}
    assert outcome == {
        "dra.example.com/p/d0": "request selector false",
        "dra.example.com/p/d1": "already allocated",
        "dra.example.com/p/d2": "taint not tolerated",
        "dra.example.com/q/far": "wrong node",
    }
    assert rows[-1]["outcome"] == ("no solution on this node: claim c, request r: asks for 1 "
                                   "device, only 0 match")


def _write(tmp_path: Path, name: str, objs: list[dict]) -> str:
    # drakit reads manifests as kubectl does (YAML 1.1 through sigs.k8s.io/yaml), where a
    # bare key ``y`` is the boolean true: write JSON documents, which mean the same to both
    p = tmp_path / name
    p.write_text("---\n".join(json.dumps(o) + "\n" for o in objs))
    return str(p)


def test_cli_allocate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    claim = {**CLAIM, "spec": {"devices": {"requests": [{"name": "r", "exactly": {"deviceClassName": "gpu"}}]}}}
    node = _write(tmp_path, "node.yaml", [NODE])
    objs = _write(tmp_path, "objs.yaml", [SLICE, CLASS, claim, USED])
    assert main_allocate(["--node", node, "-f", objs]) == 0
    out = yaml.safe_load(capsys.readouterr().out)
    assert out[0]["claim"] == "default/c"
    assert out[0]["allocation"]["devices"]["results"][0]["device"] == "d0"
    assert main_allocate(["--node", node, "-f", objs, "--explain"]) == 0
    table = capsys.readouterr().out
    assert table.splitlines()[0].split() == ["CLAIM", "REQUEST", "DEVICE", "OUTCOME"]
    assert "already allocated" in table


def test_cli_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    node = _write(tmp_path, "node.yaml", [NODE])
    assert main_allocate(["--node", node, "-f", str(tmp_path / "missing.yaml")]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ")
    bad_claim = {**CLAIM, "spec": {"devices": {"requests": [{"name": "r", "exactly": {"deviceClassName": "nope"}}]}}}
    objs = _write(tmp_path, "o.yaml", [SLICE, bad_claim])
    assert main_allocate(["--node", node, "-f", objs]) == 1
    assert "could not retrieve device class nope" in capsys.readouterr().err
    assert main_allocate(["--bogus"]) == 1


def test_cli_flatten(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, "slice.yaml", [MIXED])
    assert main_flatten([path]) == 0
    flat = yaml.safe_load(capsys.readouterr().out)
    assert flat["spec"]["devices"][0]["attributes"]["y"] == {"int": 2}
    bad = _write(tmp_path, "bad.yaml", [{"kind": "ResourceSlice", "spec": {"devices": [{"name": "d", "includes": ["x"]}]}}])
    assert main_flatten([bad]) == 1
    assert "unknown mixin" in capsys.readouterr().err


@pytest.mark.parametrize(("version", "tainted"), [("1.34", False), ("1.35", False), ("1.36", True), ("1.37", True)])
def test_cli_allocate_uses_the_release_defaults(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                version: str, tainted: bool) -> None:
    # DRADeviceTaints is alpha (off) in 1.34/1.35 and beta (on) from 1.36: the release's
    # allocator ignores or honours d2's NoSchedule taint
    claim = {**CLAIM, "spec": {"devices": {"requests": [{"name": "r", "exactly": {"deviceClassName": "gpu"}}]}}}
    node = _write(tmp_path, "node.yaml", [NODE])
    objs = _write(tmp_path, "objs.yaml", [SLICE, CLASS, claim])
    assert main_allocate(["--node", node, "-f", objs, "--explain", "--version", version]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if "/d2" in line)
    assert ("taint not tolerated" in row) is tainted
