"""Per-component feature gates and releases: a skewed cluster, as the KEPs' skew sections
describe it (issue 10 §4).

Why a test of its own: a gate-off scenario proves a component's gate check only when the
other components keep theirs. These tests pin the wiring — each component reads the gates it
was started with (its own), a restart of one leaves the others' objects running, one node's
kubelet can differ from the others, and a release the version skew policy forbids
(https://kubernetes.io/releases/version-skew-policy/: kubelets at most three minor releases
behind kube-apiserver, scheduler and controller manager one, none newer) is refused with
nothing changed.
"""

from __future__ import annotations

import shutil
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import drakit
from drakit.component import COMPONENTS
from drakit.kubelet import stop_kubelets


@pytest.fixture
def clusters():
    made = []

    def make(*args, **kw) -> drakit.Cluster:
        d = tempfile.mkdtemp(prefix="dk-")
        c = drakit.Cluster(*args, state_dir=d, **kw)
        made.append((c, d))
        return c

    yield make
    for c, d in made:
        stop_kubelets(c)
        shutil.rmtree(d, ignore_errors=True)


def _by_name(c: drakit.Cluster, name: str):
    (comp,) = [x for x in c.components if x.name == name]
    return comp


def _claim_controller(c: drakit.Cluster):
    return _by_name(c, "resource-claim-controller") if any(
        x.name == "resource-claim-controller" for x in c.components) else None


# ---------------------------------------------------------------------------- own gates

def test_each_component_runs_with_its_own_gates(clusters):
    c = clusters("1.36", component_gates={"kube-scheduler": {"DRAExtendedResource": False},
                                          "kubelet": {"KubeletPodResourcesGet": True}})
    assert c.gates.enabled("DRAExtendedResource")  # kube-apiserver
    assert c.gates_of("kube-apiserver").enabled("DRAExtendedResource")
    assert not c.gates_of("kube-scheduler").enabled("DRAExtendedResource")
    assert c.gates_of("kube-controller-manager").enabled("DRAExtendedResource")
    sched = _by_name(c, "kube-scheduler")
    assert not sched.gates.enabled("DRAExtendedResource")
    assert not sched.fit.extended  # the plugin read the scheduler's gate, not the API server's
    assert c.api.gates.enabled("DRAExtendedResource")


def test_one_nodes_kubelet_differs_from_the_others(clusters):
    c = clusters("1.35", component_gates={"kubelet/n1": {"KubeletPodResourcesGet": False}})
    c.add_node("n1")
    c.add_node("n2")
    assert not c.kubelet("n1").gates.enabled("KubeletPodResourcesGet")
    assert c.kubelet("n2").gates.enabled("KubeletPodResourcesGet")
    assert c.gates_of("kubelet").enabled("KubeletPodResourcesGet")
    assert not c.gates_of("kubelet/n1").enabled("KubeletPodResourcesGet")


def test_a_cluster_wide_setting_reaches_every_component_and_overrides_their_own(clusters):
    c = clusters("1.36", component_gates={"kube-scheduler": {"DRAExtendedResource": False}})
    c.set_feature_gates({"DRAExtendedResource": True})
    assert all(c.gates_of(x).enabled("DRAExtendedResource") for x in COMPONENTS)
    c.set_feature_gates({"DRAExtendedResource": False})
    assert not any(c.gates_of(x).enabled("DRAExtendedResource") for x in COMPONENTS)


def test_quota_admission_reads_the_api_servers_gate_not_the_controller_managers(clusters):
    """The ResourceQuota admission plugin runs in kube-apiserver: with DRAExtendedResource on
    there and off in the controller manager, a claim is still charged to
    requests.deviceclass.resource.kubernetes.io/<class> (and the other way round not)."""
    quota = {"apiVersion": "v1", "kind": "ResourceQuota", "metadata": {"name": "q"},
             "spec": {"hard": {"requests.deviceclass.resource.kubernetes.io/gpu": "0"}}}
    claim = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
             "metadata": {"name": "c1"},
             "spec": {"devices": {"requests": [{"name": "r",
                                                "exactly": {"deviceClassName": "gpu"}}]}}}
    on_api = clusters("1.36", component_gates={
        "kube-controller-manager": {"DRAExtendedResource": False}})
    on_api.apply(quota)
    with pytest.raises(drakit.Forbidden, match="exceeded quota: q"):
        on_api.apply(claim)
    off_api = clusters("1.36", component_gates={
        "kube-apiserver": {"DRAExtendedResource": False}})
    off_api.apply(quota)
    off_api.apply(claim)
    assert off_api.get("ResourceClaim", "c1")["metadata"]["name"] == "c1"


# ---------------------------------------------------------------------------- restarts

def test_restarting_the_scheduler_leaves_the_others_running(clusters):
    c = clusters("1.37")
    c.add_node("n1")
    before = {x.name: x for x in c.components}
    kubelet = c.kubelet("n1")
    c.restart_component("kube-scheduler")
    after = {x.name: x for x in c.components}
    assert after["kube-scheduler"] is not before["kube-scheduler"]
    for name in before:
        if name != "kube-scheduler":
            assert after[name] is before[name], name
    assert c.kubelet("n1") is kubelet
    assert [x.name for x in c.components] == [x for x in before]  # same order


def test_restarting_one_nodes_kubelet_with_a_gate_leaves_the_other_node(clusters):
    c = clusters("1.35")
    c.add_node("n1")
    c.add_node("n2")
    k1, k2 = c.kubelet("n1"), c.kubelet("n2")
    sched = _by_name(c, "kube-scheduler")
    c.restart_component("kubelet/n1", gates={"KubeletPodResourcesGet": False})
    assert c.kubelet("n1") is not k1 and c.kubelet("n2") is k2
    assert _by_name(c, "kube-scheduler") is sched
    assert not c.kubelet("n1").gates.enabled("KubeletPodResourcesGet")
    assert c.kubelet("n2").gates.enabled("KubeletPodResourcesGet")
    c.restart_component("kubelet/n1", gates={"KubeletPodResourcesGet": True})
    assert c.kubelet("n1").gates.enabled("KubeletPodResourcesGet")


def test_a_restart_of_a_nodes_kubelet_before_its_node_exists_applies_at_its_start(clusters):
    c = clusters("1.35")
    c.restart_component("kubelet/later", gates={"KubeletPodResourcesDynamicResources": False})
    c.add_node("later")
    assert not c.kubelet("later").gates.enabled("KubeletPodResourcesDynamicResources")


def test_set_feature_gates_on_named_components_only(clusters):
    c = clusters("1.36")
    ctrl = _claim_controller(c)
    c.set_feature_gates({"DRAExtendedResource": False}, components=["kube-scheduler"])
    assert not _by_name(c, "kube-scheduler").gates.enabled("DRAExtendedResource")
    assert _claim_controller(c) is ctrl  # the controller manager did not restart
    assert c.gates.enabled("DRAExtendedResource")


# ---------------------------------------------------------------------------- releases

def test_a_kubelet_three_releases_behind_runs_its_own_release(clusters):
    c = clusters("1.37", component_versions={"kubelet": "1.34"})
    c.add_node("n1")
    assert c.version == "1.37"
    assert c.kubelet("n1").gates.version == "1.34"
    # at 1.34 the kubelet's PodResources gates are beta and may be turned off
    c.restart_component("kubelet", gates={"KubeletPodResourcesGet": False})
    assert not c.kubelet("n1").gates.enabled("KubeletPodResourcesGet")
    assert c.component_versions() == {"kube-apiserver": "1.37", "kube-controller-manager": "1.37",
                                      "kube-scheduler": "1.37", "kubelet": "1.34"}


@pytest.mark.parametrize("kw, text", [
    ({"component_versions": {"kubelet": "1.37"}, "version": "1.36"},
     "kubelet 1.37 cannot run with kube-apiserver 1.36: it must not be newer"),
    ({"component_versions": {"kube-scheduler": "1.35"}, "version": "1.37"},
     "kube-scheduler 1.35 cannot run with kube-apiserver 1.37: it must not be newer and may "
     "be at most 1 minor release older"),
    ({"component_versions": {"kube-controller-manager": "1.34"}, "version": "1.36"},
     "kube-controller-manager 1.34 cannot run with kube-apiserver 1.36"),
])
def test_the_version_skew_policy_is_enforced(clusters, kw, text):
    with pytest.raises(drakit.VersionSkewError, match=text):
        clusters(**kw)


def test_kube_apiserver_downgraded_below_the_scheduler_is_refused_and_nothing_changes(clusters):
    c = clusters("1.37")
    sched = _by_name(c, "kube-scheduler")
    with pytest.raises(drakit.VersionSkewError, match="kube-scheduler 1.37 cannot run with "
                                                      "kube-apiserver 1.36"):
        c.restart_component("kube-apiserver", version="1.36")
    assert c.version == "1.37" and c.api.gates.version == "1.37"
    assert _by_name(c, "kube-scheduler") is sched


def test_an_upgrade_in_the_policys_order(clusters):
    """API server first, then the scheduler and controller manager, then the kubelets."""
    c = clusters("1.36")
    c.add_node("n1")
    c.restart_component("kube-apiserver", version="1.37")
    assert c.version == "1.37" and _by_name(c, "kube-scheduler").version == "1.36"
    c.restart_component("kube-scheduler", version="1.37")
    c.restart_component("kube-controller-manager", version="1.37")
    assert c.kubelet("n1").gates.version == "1.36"
    c.restart_component("kubelet", version="1.37")
    assert c.kubelet("n1").gates.version == "1.37"
    c.set_version("1.36")  # a whole-cluster move drops every per-component release
    assert set(c.component_versions().values()) == {"1.36"}


def test_a_gate_a_component_refuses_names_the_component_and_changes_nothing(clusters):
    c = clusters("1.37", component_versions={"kubelet": "1.35"})
    with pytest.raises(drakit.FeatureGateError,
                       match="^kube-scheduler: cannot set feature gate KubeletPodResourcesGet "
                             "to false, feature is locked to true$"):
        c.restart_component("kube-scheduler", gates={"KubeletPodResourcesGet": False})
    assert c.gates_of("kube-scheduler").overrides == {}
    with pytest.raises(drakit.FeatureGateError, match="locked to true"):
        c.set_feature_gates({"KubeletPodResourcesGet": False})  # 1.37 components refuse it
    assert c.gates_of("kubelet").enabled("KubeletPodResourcesGet")


def test_unknown_component_names_are_refused_with_the_choices(clusters):
    c = clusters("1.37")
    with pytest.raises(ValueError, match="unknown component 'kube-proxy': use one of "
                                         "kube-apiserver, kube-controller-manager, "
                                         "kube-scheduler, kubelet or kubelet/<node>"):
        c.restart_component("kube-proxy")


_NAME = st.one_of(st.sampled_from([*COMPONENTS, "kubelet/n1", "kubelet/", "kubelet/x/y",
                                   "scheduler", ""]), st.text(max_size=20))
_GATE = st.sampled_from(["DRAExtendedResource", "KubeletPodResourcesGet", "NoSuchGate",
                         "DynamicResourceAllocation", "DRANodeAllocatableResources"])
_VERSION = st.one_of(st.none(), st.sampled_from(["1.33", "1.34", "1.35", "1.36", "1.37",
                                                 "v1.36.2", "2.0", "x"]))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=_NAME, gates=st.dictionaries(_GATE, st.booleans(), max_size=3), version=_VERSION)
def test_restart_component_fails_only_with_the_documented_errors(clusters, name, gates, version):
    """Any name, gate set or release: a restart works or raises ValueError (unknown
    component), FeatureGateError (gates, unsupported release) or VersionSkewError — and a
    refused one leaves every component's settings as they were."""
    c = clusters("1.36")
    before = {x: (c.gates_of(x).version, dict(c.gates_of(x).overrides)) for x in COMPONENTS}
    try:
        c.restart_component(name, gates=gates, version=version)
    except (drakit.FeatureGateError, drakit.VersionSkewError, ValueError):
        after = {x: (c.gates_of(x).version, dict(c.gates_of(x).overrides)) for x in COMPONENTS}
        assert after == before
    else:
        c.settle()
