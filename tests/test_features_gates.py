"""Feature gates: the whole per-release table, kube's wording, dependencies, parsing."""

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drakit import Cluster
from drakit.features import (
    DEPENDENCIES_BY_VERSION,
    DRA_EFFECT,
    GATES,
    SUPPORTED_VERSIONS,
    FeatureGateError,
    FeatureGates,
    check_version,
    dra_effect,
    parse_gate_args,
)

ROOT = Path(__file__).resolve().parent.parent


def test_defaults_differ_per_version() -> None:
    # SCHEDFG: DRAExtendedResource alpha 1.34, beta 1.36, GA locked 1.37
    assert [GATES[v]["DRAExtendedResource"].stage for v in SUPPORTED_VERSIONS] == \
        ["ALPHA", "ALPHA", "BETA", "GA"]
    assert [FeatureGates(v)["DRAExtendedResource"] for v in SUPPORTED_VERSIONS] == \
        [False, False, True, True]
    assert FeatureGates("1.37")["DRAWorkloadResourceClaims"] is False  # beta, default off
    assert FeatureGates("1.37")["DRAResourceSliceMixins"] is False
    # DRAAdminAccess went GA and locked in 1.36 (it was beta in 1.34/1.35)
    assert GATES["1.35"]["DRAAdminAccess"].stage == "BETA"
    assert GATES["1.36"]["DRAAdminAccess"].locked
    # DynamicResourceAllocation: GA in 1.34, locked from 1.35
    assert not GATES["1.34"]["DynamicResourceAllocation"].locked
    assert GATES["1.35"]["DynamicResourceAllocation"].locked


def test_every_real_gate_is_accepted_with_its_default() -> None:
    # gates drakit does not model are carried, e.g. ImageVolume; GangScheduling (alpha 1.35,
    # 1.36) is modelled since stop 48 (the scheduler's GangScheduling PreEnqueue at 1.36)
    g = FeatureGates("1.35", {"GenericWorkload": True, "GangScheduling": True,
                              "ImageVolume": False, "WatchListClient": True, "AllBeta": False})
    assert g.enabled("GangScheduling") and not g.enabled("ImageVolume")
    assert dra_effect("GangScheduling") and dra_effect("DRAExtendedResource")
    assert not dra_effect("ImageVolume")
    assert g.without_dra_effect() == {"ImageVolume": False, "WatchListClient": True,
                                      "AllBeta": False}
    for v in SUPPORTED_VERSIONS:
        assert len(GATES[v]) > 190, v  # the whole table, not a DRA excerpt
        assert all(FeatureGates(v, {n: s.default}) for n, s in GATES[v].items() if s.real)


def test_gates_exist_only_in_their_releases() -> None:
    with pytest.raises(FeatureGateError) as ei:
        FeatureGates("1.34", {"GenericWorkload": True})
    assert str(ei.value) == ("unrecognized feature gate: GenericWorkload (Kubernetes 1.34 does "
                             "not have it; 1.35, 1.36, 1.37 do)")
    # GangScheduling was dropped from the 1.37 list; SidecarContainers was removed after GA
    with pytest.raises(FeatureGateError, match="unrecognized feature gate: GangScheduling"):
        FeatureGates("1.37", {"GangScheduling": True})
    assert "SidecarContainers" in GATES["1.36"] and "SidecarContainers" not in GATES["1.37"]


def test_gates_that_moved_into_a_staging_repository_keep_their_older_releases() -> None:
    # DeclarativeValidation(Takeover): k/k pkg/features until 1.34, k8s.io/apiserver from
    # 1.35 (its v0.34.0 tag registers neither): a 1.34 apiserver accepts both, beta
    assert GATES["1.34"]["DeclarativeValidation"].default is True
    assert GATES["1.34"]["DeclarativeValidationTakeover"].default is False
    assert FeatureGates("1.34", {"DeclarativeValidationTakeover": True}).enabled(
        "DeclarativeValidationTakeover")


def test_locked_gate_refuses_change_with_kube_wording() -> None:
    with pytest.raises(FeatureGateError) as ei:
        FeatureGates("1.37", {"DRAExtendedResource": False})
    assert str(ei.value) == ("cannot set feature gate DRAExtendedResource to false, feature is "
                             "locked to true")
    # 1.36: beta, may be switched off
    assert FeatureGates("1.36", {"DRAExtendedResource": False})["DRAExtendedResource"] is False
    # setting a locked gate to its default is allowed
    assert FeatureGates("1.37", {"DRAExtendedResource": True}).enabled("DRAExtendedResource")
    # several locked gates: utilerrors aggregate "[a, b]"
    with pytest.raises(FeatureGateError) as ei:
        FeatureGates("1.37", {"DRAExtendedResource": False, "DRAAdminAccess": False})
    assert str(ei.value).startswith("[cannot set feature gate ")
    assert str(ei.value).count("feature is locked to true") == 2


def test_dependencies_checked_from_135_as_component_base_does() -> None:
    with pytest.raises(FeatureGateError) as ei:
        FeatureGates("1.37", {"DRAWorkloadResourceClaims": True})
    assert str(ei.value) == ("DRAWorkloadResourceClaims is enabled, but depends on features "
                             "that are disabled: [GenericWorkload]")
    g = FeatureGates("1.37", {"DRAWorkloadResourceClaims": True, "GenericWorkload": True})
    assert g.enabled("DRAWorkloadResourceClaims")
    # read upstream (K35 dependency map): GangScheduling needs GenericWorkload
    with pytest.raises(FeatureGateError, match=r"GangScheduling is enabled, but depends on "
                                               r"features that are disabled: \[GenericWorkload\]"):
        FeatureGates("1.35", {"GangScheduling": True})
    # 1.34 binaries have no dependency check (component-base v0.34.0 has no AddDependencies)
    assert DEPENDENCIES_BY_VERSION["1.34"] == {}
    assert FeatureGates("1.34", {"DRAExtendedResource": True,
                                 "DynamicResourceAllocation": False}).enabled("DRAExtendedResource")
    # 1.35: DRADeviceTaintRules needs DRADeviceTaints, both alpha and off by default
    with pytest.raises(FeatureGateError, match=r"DRADeviceTaintRules is enabled, but depends "
                                               r"on features that are disabled: \[DRADeviceTaints\]"):
        FeatureGates("1.35", {"DRADeviceTaintRules": True})


def test_defaults_never_violate_dependencies() -> None:
    for v in SUPPORTED_VERSIONS:
        FeatureGates(v)  # raises if a default-on gate depended on a default-off one
        for gate, needs in DEPENDENCIES_BY_VERSION[v].items():
            assert gate in GATES[v] and all(n in GATES[v] for n in needs)


def test_unknown_gate_and_version() -> None:
    with pytest.raises(FeatureGateError) as ei:
        FeatureGates("1.37", {"NoSuchGate": True})
    assert str(ei.value) == "unrecognized feature gate: NoSuchGate"
    with pytest.raises(FeatureGateError) as ei:
        FeatureGates("1.37", {"DRAResourceSliceMixin": True})
    assert str(ei.value) == ("unrecognized feature gate: DRAResourceSliceMixin "
                             "(did you mean DRAResourceSliceMixins?)")
    with pytest.raises(FeatureGateError, match="unsupported Kubernetes version '1.30'"):
        FeatureGates("1.30")
    with pytest.raises(FeatureGateError, match="invalid value of DRAResourceSliceMixins=maybe"):
        FeatureGates("1.37", {"DRAResourceSliceMixins": "maybe"})
    assert check_version("v1.35.2") == "1.35"


def test_all_alpha_turns_on_every_alpha_gate_not_set_explicitly() -> None:
    g = FeatureGates("1.36", {"AllAlpha": True, "DRAListTypeAttributes": False,
                              "GenericWorkload": True})
    assert g.enabled("DRANodeAllocatableResources") and g.enabled("GangScheduling")
    assert not g.enabled("DRAListTypeAttributes")
    assert not g.enabled("DRAResourceSliceMixins")  # drakit-only, not a real alpha gate


def test_version_change_keeps_overrides_the_new_version_allows() -> None:
    g = FeatureGates("1.36", {"DRANodeAllocatableResources": True})
    assert g.for_version("1.37").enabled("DRANodeAllocatableResources")
    off = FeatureGates("1.36", {"DRAExtendedResource": False})
    with pytest.raises(FeatureGateError, match="locked"):
        off.for_version("1.37")
    # a gate the older release lacks is dropped on downgrade
    assert "GenericWorkload" not in FeatureGates("1.35", {"GenericWorkload": True}) \
        .for_version("1.34").overrides


def test_parse_gate_args() -> None:
    assert parse_gate_args(["A=true,B=false", "C=1", "D=F"]) == \
        {"A": True, "B": False, "C": True, "D": False}
    with pytest.raises(FeatureGateError, match="missing bool value for A"):
        parse_gate_args(["A"])
    with pytest.raises(FeatureGateError, match='strconv.ParseBool: parsing "yes"'):
        parse_gate_args(["A=yes"])


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(SUPPORTED_VERSIONS),
       st.dictionaries(st.text(min_size=1, max_size=40), st.booleans(), max_size=4))
def test_any_gate_map_is_accepted_or_refused_with_one_line(version, overrides) -> None:
    try:
        g = FeatureGates(version, overrides)
    except FeatureGateError as e:
        assert "\n" not in str(e) and str(e)
    else:
        assert set(g.overrides) == set(overrides)


def test_dra_effect_lists_every_gate_drakit_code_reads() -> None:
    """A gate name used in drakit's code must be in DRA_EFFECT (or the report would call a
    gate inert that changes behaviour)."""
    names = set().union(*(GATES[v] for v in SUPPORTED_VERSIONS))
    used = set()
    for path in (ROOT / "drakit").rglob("*.py"):
        # (generated data: go_types_data.py names Go structs such as ClusterTrustBundle)
        if path.name in ("features.py", "featuregates_data.py", "go_types_data.py") \
                or "report" in path.parts:
            continue
        used |= set(re.findall(r'"([A-Z][A-Za-z]+)"', path.read_text(encoding="utf-8"))) & names
    assert used - set(DRA_EFFECT) == set()


def test_generated_table_matches_its_generator_input() -> None:
    """featuregates_data.py is the generator's output of kk-gates.txt (spot check: every
    kubernetes/kubernetes gate of the transcription appears with its first spec)."""
    from drakit.featuregates_data import HISTORY

    text = (ROOT / "scripts" / "featuregates" / "kk-gates.txt").read_text(encoding="utf-8")
    for line in text.splitlines():
        if not line or line[0] in "#@":
            continue
        name, first = line.split()[:2]
        if HISTORY[name][0] == "k8s.io/kubernetes":
            assert HISTORY[name][2][0] == tuple(first.split(":")), name


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
