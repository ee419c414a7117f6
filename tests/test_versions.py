"""Emulating Kubernetes 1.34-1.37: served versions, fields per release, @since/@until tags.

The published OpenAPI of each release (the kubernetes-validate package ships the
``_definitions.json`` of v1.34.0 ... v1.37.0) is the source of truth for which fields and
group versions exist; these tests hold drakit's version rules against it.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

import drakit
from drakit.api.errors import StatusError
from drakit.features import GATES, SUPPORTED_VERSIONS
from drakit.kinds import KINDS
from drakit.validation.strategy import Context

ROOT = Path(__file__).resolve().parent.parent


def _defs(version: str) -> dict:
    kv = pytest.importorskip("kubernetes_validate", reason="kubernetes-validate (test extra)")
    path = Path(kv.__file__).parent / "kubernetes-json-schema" / f"v{version}.0-local" / \
        "_definitions.json"
    return json.loads(path.read_text(encoding="utf-8"))["$defs"]


def _props(version: str, name: str) -> set[str]:
    return set((_defs(version).get(name) or {}).get("properties", {}))


# ---------------------------------------------------------------------------- served versions

def test_every_kind_serves_what_the_published_openapi_has() -> None:
    for v in SUPPORTED_VERSIONS:
        defs = _defs(v)
        gvks = {(g["group"], g["version"], g["kind"]) for d in defs.values()
                for g in d.get("x-kubernetes-group-version-kind", [])}
        ctx = Context(version=v, gates=drakit.FeatureGates(v, {"GenericWorkload": True})
                      if "GenericWorkload" in GATES[v] else drakit.FeatureGates(v))
        for kind, info in KINDS.items():
            served = set(info.served_versions(ctx))
            published = {ver for g, ver, k in gvks if g == info.group and k == kind}
            if (v, kind) == ("1.35", "Workload"):
                # drakit does not model Workload v1alpha1 (no DRA in it; docs/versions.md)
                assert published == {"v1alpha1"} and served == set()
                continue
            assert served <= published, (v, kind, served, published)
            if info.group in ("", "resource.k8s.io", "apps"):
                assert served, (v, kind)


def test_resource_v1_at_every_release_and_scheduling_group_per_release() -> None:
    c34 = drakit.Cluster("1.34")
    c34.apply({"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
               "metadata": {"name": "gpu"}, "spec": {}})
    with pytest.raises(drakit.FeatureGateError, match="unrecognized feature gate: GenericWorkload"):
        drakit.Cluster("1.34", {"GenericWorkload": True})
    c36 = drakit.Cluster("1.36", {"GenericWorkload": True})
    info = KINDS["PodGroup"]
    assert info.api_versions(Context("1.36", c36.gates)) == ("scheduling.k8s.io/v1alpha2",)
    assert info.api_versions(Context("1.35", drakit.FeatureGates("1.35", {"GenericWorkload": True}))) == ()


# ---------------------------------------------------------------------------- fields per release

def test_fields_drakit_drops_by_release_exist_only_from_that_release() -> None:
    """Pod spec fields of the workload APIs, read from the schemas (KEP-4671 / KEP-5729)."""
    pod = "io.k8s.api.core.v1.PodSpec"
    assert "schedulingGroup" not in _props("1.35", pod) | _props("1.34", pod)
    assert "schedulingGroup" in _props("1.36", pod) and "schedulingGroup" in _props("1.37", pod)
    assert "workloadRef" in _props("1.35", pod)
    assert "workloadRef" not in _props("1.34", pod) | _props("1.36", pod)


def test_dra_gates_arrive_with_their_fields() -> None:
    """A gate that guards a field exists exactly from the release whose schema has the field."""
    cases = {  # gate -> (schema type, field)
        "DRAListTypeAttributes": ("io.k8s.api.resource.v1.DeviceAttribute", "strings"),
        "DRANodeAllocatableResources": ("io.k8s.api.core.v1.PodStatus",
                                        "nodeAllocatableResourceClaimStatuses"),
        "DRADerivedAttributes": ("io.k8s.api.resource.v1.ExactDeviceRequest", "derivedAttributes"),
        "DRAExtendedResource": ("io.k8s.api.resource.v1.DeviceClassSpec", "extendedResourceName"),
        "DRAConsumableCapacity": ("io.k8s.api.resource.v1.Device", "allowMultipleAllocations"),
        "DRADeviceCompatibilityGroups": ("io.k8s.api.resource.v1.DeviceCounterConsumption",
                                         "compatibilityGroups"),
    }
    for gate, (typ, field) in cases.items():
        for v in SUPPORTED_VERSIONS:
            assert (gate in GATES[v]) == (field in _props(v, typ)), (gate, v)


def _slice(**spec) -> dict:
    base = {"driver": "gpu.example.com", "nodeName": "n1",
            "pool": {"name": "p", "resourceSliceCount": 1}}
    base.update(spec)
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
            "metadata": {"name": "s"}, "spec": base}


def _causes(c: drakit.Cluster, obj: dict) -> list[str]:
    try:
        c.apply(obj, dry_run=True)
    except StatusError as e:
        return [f"{x.get('field')}: {x.get('message')}" for x in
                (e.status().get("details") or {}).get("causes", [])]
    return []


PART = {"DRAPartitionableDevices": True, "DRADeviceTaints": True}


def test_134_allows_devices_and_shared_counters_in_one_slice() -> None:
    obj = _slice(sharedCounters=[{"name": "gpu-0", "counters": {"mem": {"value": "8Gi"}}}],
                 devices=[{"name": "d0", "consumesCounters": [
                     {"counterSet": "gpu-0", "counters": {"mem": {"value": "1Gi"}}}]}])
    assert _causes(drakit.Cluster("1.34", PART), obj) == []
    assert any("only one of `sharedCounters` or `devices` is allowed" in x
               for x in _causes(drakit.Cluster("1.35", PART), obj))


def test_134_counter_totals_and_taint_limits() -> None:
    c = drakit.Cluster("1.34", PART)
    sets = [{"name": f"s{i}", "counters": {f"c{j}": {"value": "1"} for j in range(11)}}
            for i in range(3)]  # 33 counters in 3 sets: fine at 1.35 (8 sets x 32)
    assert _causes(c, _slice(sharedCounters=sets)) == [
        "spec.sharedCounters: Invalid value: 33: the total number of shared counters must "
        "not exceed 32"]
    assert _causes(drakit.Cluster("1.35", PART), _slice(sharedCounters=sets)) == []
    taints = [{"key": f"example.com/t{i}", "effect": "NoSchedule"} for i in range(5)]
    assert _causes(c, _slice(devices=[{"name": "d0", "taints": taints}])) == [
        "spec.devices[0].taints: Too many: 5: must have at most 4 items"]
    none = [{"key": "example.com/t", "effect": "None"}]
    got = _causes(c, _slice(devices=[{"name": "d0", "taints": none}]))
    assert got == ['spec.devices[0].taints[0].effect: Unsupported value: "None": supported '
                   'values: "NoExecute", "NoSchedule"']
    assert _causes(drakit.Cluster("1.35", PART), _slice(devices=[{"name": "d0", "taints": none}])) == []


def test_134_and_135_default_gates_drop_alpha_dra_fields() -> None:
    """DRAPartitionableDevices/DRADeviceTaints/DRAConsumableCapacity are alpha, off, before
    1.36: the API server drops their fields on create (standard drop-unless-in-use)."""
    for v in ("1.34", "1.35"):
        c = drakit.Cluster(v)
        c.apply(_slice(devices=[{"name": "d0", "taints": [{"key": "k", "effect": "NoSchedule"}],
                                 "allowMultipleAllocations": True}]))
        dev = c.get("ResourceSlice", "s")["spec"]["devices"][0]
        assert "taints" not in dev and "allowMultipleAllocations" not in dev, v


def test_pod_workload_fields_per_release() -> None:
    pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "default"},
           "spec": {"containers": [{"name": "c", "image": "x"}],
                    "workloadRef": {"name": "w", "podGroup": "g"},
                    "schedulingGroup": {"podGroupName": "g"}}}
    # fieldValidation=Ignore: a field the release's types lack is dropped at decode (Strict,
    # what kubectl sends, refuses it; docs/schema.md)
    def stored(version: str, gates: dict | None = None) -> dict:
        return drakit.Cluster(version, gates).api.create(
            json.loads(json.dumps(pod)), dry_run=True, field_validation="Ignore")["spec"]

    got = stored("1.35", {"GenericWorkload": True})
    assert got.get("workloadRef") == {"name": "w", "podGroup": "g"}
    assert "schedulingGroup" not in got
    got = stored("1.35")
    assert "workloadRef" not in got and "schedulingGroup" not in got
    got = stored("1.34")
    assert "workloadRef" not in got and "schedulingGroup" not in got


# ---------------------------------------------------------------------------- @since / @until

def test_every_since_and_until_tag_has_its_reason_comment() -> None:
    for path in sorted((ROOT / "features").glob("*.feature")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            for kind, ver in re.findall(r"@(since|until):(\d+\.\d+)", line):
                j, header = i - 1, []
                while j >= 0 and lines[j].strip().startswith(("#", "@")):
                    header.append(lines[j].strip())
                    j -= 1
                assert any(h.startswith(f"# {kind} {ver}:") for h in header), \
                    f"{path.name}:{i + 1}: @{kind}:{ver} without '# {kind} {ver}: <reason>'"


def _fake_item(tmp_path: Path, text: str, line: int):
    f = tmp_path / "x.feature"
    f.write_text(text, encoding="utf-8")
    feature = SimpleNamespace(filename=str(f), rel_filename="x.feature", line_number=1)
    return SimpleNamespace(feature=feature, line_number=line, rule=None, name="S")


def test_bound_reason_reads_the_comment_and_refuses_a_tag_without_one(tmp_path, monkeypatch):
    from steps import conftest

    text = ("Feature: F\n\n  # since 1.36: the field arrives in 1.36\n"
            "  @kep-1 @since:1.36\n  Scenario: S\n    Given a cluster\n")
    t = _fake_item(tmp_path, text, 5)
    monkeypatch.setattr(conftest, "_template", lambda item: t)
    assert conftest.bound_reason(object(), "since", "1.36") == "the field arrives in 1.36"
    t2 = _fake_item(tmp_path, "Feature: F\n\n  @since:1.36\n  Scenario: S\n", 4)
    monkeypatch.setattr(conftest, "_template", lambda item: t2)
    with pytest.raises(pytest.UsageError, match=r"no '# since 1.36: <reason>' comment"):
        conftest.bound_reason(object(), "since", "1.36")


def test_collection_deselects_and_lists_scenarios_that_cannot_exist() -> None:
    r = subprocess.run([sys.executable, "-m", "pytest", "steps", "--collect-only", "-q",
                        "-p", "no:cacheprovider", "--k8s-version=1.34",
                        "--reports-dir=/tmp/drakit-versions-collect"],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    out = r.stdout
    assert re.search(r"\d+/\d+ tests collected \((\d+) deselected\)", out), out[-2000:]
    assert "not applicable at 1.34: 1.34 allows at most 4 taints per device" in out
    assert "unsupported:" not in out


def test_derived_attributes_dropped_unless_the_137_alpha_gate_is_on() -> None:
    claim = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
             "metadata": {"name": "c", "namespace": "default"},
             "spec": {"devices": {"requests": [{"name": "r", "exactly": {
                 "deviceClassName": "gpu", "derivedAttributes": [{"name": "x"}]}}]}}}
    for v in SUPPORTED_VERSIONS:  # Ignore: releases before 1.37 lack the field entirely
        got = drakit.Cluster(v).api.create(json.loads(json.dumps(claim)), dry_run=True,
                                           field_validation="Ignore")
        assert "derivedAttributes" not in got["spec"]["devices"]["requests"][0]["exactly"], v
    got = drakit.Cluster("1.37", {"DRADerivedAttributes": True}).apply(
        json.loads(json.dumps(claim)), dry_run=True)[0]
    # expression is required (no omitempty): written back with its zero value
    assert got["spec"]["devices"]["requests"][0]["exactly"]["derivedAttributes"] == [
        {"name": "x", "expression": ""}]


def test_report_stage_table_has_a_column_per_release_and_lists_not_applicable() -> None:
    from drakit.report.html import render_html
    from drakit.report.sample import synthetic_results

    r = synthetic_results(20)
    r["environment"]["not_applicable"] = [
        {"name": "S", "feature": "f", "version": "1.34", "bound": "since:1.35",
         "reason": "1.34 allows at most 4 taints per device"}]
    html = render_html(r)
    for v in SUPPORTED_VERSIONS:
        assert f"stage {v}</th>" in html
    assert "alpha, off" in html  # KEP-5004 at 1.34/1.35, from the gate table
    assert "not applicable at 1.34: 1.34 allows at most 4 taints per device [S]" in html


def test_release_at_least_compares_minor_releases() -> None:
    """One comparison for every "from release X on" decision (drakit.features)."""
    from drakit.features import release_at_least

    assert release_at_least("1.35", "1.35") and release_at_least("1.37", "1.35")
    assert not release_at_least("1.34", "1.35")
    assert release_at_least("v1.36.2", "1.36") and not release_at_least("v1.36.2", "1.37")
    assert release_at_least("1.10", "1.9")  # numeric, not string, order
