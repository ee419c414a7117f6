"""Feature gates: per-version defaults, locked gates, dependencies, parsing."""

import pytest

from drakit import Cluster
from drakit.features import FeatureGateError, FeatureGates, parse_gate_args


def test_defaults_differ_per_version() -> None:
    assert FeatureGates("1.36")["DRAExtendedResource"] is True
    assert FeatureGates("1.36").spec("DRAExtendedResource").stage == "BETA"
    assert FeatureGates("1.37").spec("DRAExtendedResource").stage == "GA"
    assert FeatureGates("1.37")["DRAWorkloadResourceClaims"] is False  # beta, default off
    assert FeatureGates("1.37")["DRAResourceSliceMixins"] is False


def test_locked_gate_refuses_change_with_clear_error() -> None:
    with pytest.raises(FeatureGateError) as ei:
        FeatureGates("1.37", {"DRAExtendedResource": False})
    assert str(ei.value) == ("cannot set feature gate DRAExtendedResource to false, feature is "
                             "locked to true (Kubernetes 1.37, GA)")
    # 1.36: beta, may be switched off
    assert FeatureGates("1.36", {"DRAExtendedResource": False})["DRAExtendedResource"] is False
    # setting a locked gate to its default is allowed
    assert FeatureGates("1.37", {"DRAExtendedResource": True}).enabled("DRAExtendedResource")


def test_dependency_workload_claims_needs_generic_workload() -> None:
    with pytest.raises(FeatureGateError) as ei:
        FeatureGates("1.37", {"DRAWorkloadResourceClaims": True})
    assert "requires GenericWorkload" in str(ei.value)
    g = FeatureGates("1.37", {"DRAWorkloadResourceClaims": True, "GenericWorkload": True})
    assert g.enabled("DRAWorkloadResourceClaims")


def test_unknown_gate_and_version() -> None:
    with pytest.raises(FeatureGateError, match="unrecognized feature gate: NoSuchGate"):
        FeatureGates("1.37", {"NoSuchGate": True})
    with pytest.raises(FeatureGateError, match="unsupported Kubernetes version '1.30'"):
        FeatureGates("1.30")
    with pytest.raises(FeatureGateError):
        FeatureGates("1.37", {"DRAResourceSliceMixins": "maybe"})


def test_version_change_keeps_overrides_the_new_version_allows() -> None:
    g = FeatureGates("1.36", {"DRANodeAllocatableResources": True})
    assert g.for_version("1.37").enabled("DRANodeAllocatableResources")
    off = FeatureGates("1.36", {"DRAExtendedResource": False})
    with pytest.raises(FeatureGateError, match="locked"):
        off.for_version("1.37")


def test_parse_gate_args() -> None:
    assert parse_gate_args(["A=true,B=false", "C=1"]) == {"A": True, "B": False, "C": True}
    with pytest.raises(FeatureGateError, match="missing bool value for A"):
        parse_gate_args(["A"])


def test_cluster_restart_with_new_gates_keeps_the_store() -> None:
    c = Cluster("1.36")
    c.apply({"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
             "metadata": {"name": "gpu.example.com"}, "spec": {}})
    c.set_feature_gates({"DRAExtendedResource": False})
    assert not c.gates.enabled("DRAExtendedResource")
    assert c.get("DeviceClass", "gpu.example.com")["metadata"]["name"] == "gpu.example.com"
    with pytest.raises(FeatureGateError, match="locked"):
        c.set_version("1.37")  # the override cannot survive an upgrade where the gate is locked
    assert c.version == "1.36"
    c.set_feature_gates({"DRAExtendedResource": True})
    c.set_version("1.37")
    assert c.version == "1.37"
    assert c.get("DeviceClass", "gpu.example.com")["metadata"]["name"] == "gpu.example.com"
