"""Checkpoints with a valid checksum but malformed content, and reconciling on start.

Issue 13 item 9: such a checkpoint raised AttributeError/KeyError and left the cluster
without a kubelet manager (its pods Pending, silently); a claim whose pod was deleted while
the kubelet was down stayed prepared for ever. Upstream refuses to start
(``failed to create claimInfo cache: GetOrCreate() on checkpoint state: failed to get
checkpoint dra_manager_state: ...``, pkg/kubelet/cm/dra/manager.go and claiminfo.go), the
kubelet posts ``KubeletSetupFailed`` on its Node, the node lifecycle controller marks the
node Ready=Unknown, and the DRA manager's reconcile loop unprepares claims of pods that are
gone.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drakit.features import FeatureGates
from drakit.kubelet import KubeletStartError
from drakit.kubelet.checkpoint import (
    FORMAT_VERSION,
    CorruptCheckpointError,
    checksum,
    read_checkpoint,
    write_checkpoint,
)
from drakit.kubelet.devices import CHECKPOINT_FILE as DP_FILE
from drakit.kubelet.devices import CHECKPOINT_KIND as DP_KIND
from drakit.kubelet.devices import DevicePluginManager
from drakit.kubelet.dra_manager import (
    CHECKPOINT_FILE,
    CHECKPOINT_KIND,
    DRAManager,
    default_drivers,
)

from .helpers import allocate, claim, container, phase, pod

UPSTREAM_PREFIX = ("failed to start kubelet on node n1: failed to create claimInfo cache: "
                   "GetOrCreate() on checkpoint state: failed to get checkpoint "
                   "dra_manager_state: checkpoint ")


def _running_pod_with_claim(c, name: str = "p1", claim_name: str = "c") -> None:
    c.apply([claim(claim_name)])
    c.apply([pod(name, [container("main", ["gpu"])], claims={"gpu": claim_name})])
    allocate(c, claim_name, [("gpu", "gpu.example.com", "n1", "gpu-0")], [name])
    assert phase(c, name) == "Running"


def _ready(c, node: str = "n1") -> dict:
    return next(x for x in c.get("Node", node)["status"]["conditions"] if x["type"] == "Ready")


def _taints(c, node: str = "n1") -> list[str]:
    return [t["key"] for t in c.get("Node", node)["spec"].get("taints") or []]


@pytest.mark.parametrize("mutate, problem", [
    (lambda d: [], "data: expected object, got array"),
    (lambda d: {"claims": "x"}, "data.claims: expected array, got string"),
    (lambda d: {"claims": [{k: v for k, v in d["claims"][0].items() if k != "claimUID"}]},
     "data.claims[0].claimUID: required field is missing"),
    (lambda d: {"claims": [{**d["claims"][0], "podUIDs": [1]}]},
     "data.claims[0].podUIDs[0]: expected string, got integer"),
    (lambda d: {"claims": [{**d["claims"][0], "prepared": "yes"}]},
     "data.claims[0].prepared: expected boolean, got string"),
    (lambda d: {"claims": [{**d["claims"][0], "driverState": [
        {"driverName": "gpu.example.com", "devices": [{"poolName": 7, "deviceName": "d"}]}]}]},
     "data.claims[0].driverState[0].devices[0].poolName: expected string, got integer"),
])
def test_malformed_content_with_a_valid_checksum_is_the_kubelet_start_error(
        cluster, mutate, problem):
    _running_pod_with_claim(cluster)
    path = cluster.kubelet("n1").checkpoint_path
    write_checkpoint(path, CHECKPOINT_KIND, mutate(read_checkpoint(path, CHECKPOINT_KIND)))
    with pytest.raises(KubeletStartError) as e:
        cluster.restart_kubelet("n1")
    assert str(e.value) == f"{UPSTREAM_PREFIX}{path} is corrupted: {problem}"


def test_a_node_whose_kubelet_cannot_start_is_visibly_down_and_recovers(cluster):
    _running_pod_with_claim(cluster)
    k = cluster.kubelet("n1")
    good = k.checkpoint_path.read_bytes()
    write_checkpoint(k.checkpoint_path, CHECKPOINT_KIND, {"claims": [{"claimUID": 1}]})
    with pytest.raises(KubeletStartError) as e:
        cluster.restart_kubelet("n1")
    # the cluster keeps its kubelet component; the node shows what happened
    assert not cluster.kubelet("n1").running
    assert cluster.kubelet("n1").start_error == str(e.value)
    (ev,) = [x for x in cluster.events("Node", "n1") if x["reason"] == "KubeletSetupFailed"]
    assert ev["type"] == "Warning" and ev["message"] == str(e.value)
    ready = _ready(cluster)
    assert (ready["status"], ready["reason"], ready["message"]) == \
        ("Unknown", "NodeStatusUnknown", "Kubelet stopped posting node status.")
    assert _taints(cluster) == ["node.kubernetes.io/unreachable"]
    # new pods are not placed there, with the scheduler's usual message
    cluster.apply([{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "later"},
                    "spec": {"containers": [{"name": "c", "image": "x"}]}}])
    cond = next(x for x in cluster.get("Pod", "later")["status"]["conditions"]
                if x["type"] == "PodScheduled")
    assert "1 node(s) had untolerated taint(s)" in cond["message"]
    # a fixed checkpoint and a restart bring everything back
    k.checkpoint_path.write_bytes(good)
    k2 = cluster.restart_kubelet("n1")
    assert k2.running and _ready(cluster)["status"] == "True" and _taints(cluster) == []
    assert phase(cluster, "later") == "Running"
    assert cluster.kubelet("n1").cdi_devices("p1", "main") == ["gpu.example.com/gpu=gpu-0"]


def test_a_component_restart_on_a_corrupt_checkpoint_keeps_the_cluster_running(cluster):
    _running_pod_with_claim(cluster)
    path = cluster.kubelet("n1").checkpoint_path
    write_checkpoint(path, CHECKPOINT_KIND, {"claims": 3})
    cluster.set_feature_gates({})  # every component restarts: no exception escapes
    assert any(type(x).__name__ == "KubeletManager" for x in cluster.components)
    assert not cluster.kubelet("n1").running
    assert _ready(cluster)["status"] == "Unknown"


def test_malformed_device_plugin_checkpoint_is_dropped_and_the_kubelet_starts(cluster):
    """Upstream's device manager continues after failing to read its checkpoint ("Device
    allocation info may NOT be up-to-date", devicemanager Start): no refusal, no assignments."""
    k = cluster.kubelet("n1")
    dp = k.state_dir / DP_FILE
    write_checkpoint(dp, DP_KIND, {"podDeviceEntries": [{"podUID": "u"}]})
    k2 = cluster.restart_kubelet("n1")
    assert k2.running and _ready(cluster)["status"] == "True"
    assert k2.device_plugins.assigned == {}
    assert k2.device_plugins.restore_error == (
        f"checkpoint {dp} is corrupted: data.podDeviceEntries[0].containerName: "
        "required field is missing")


# ---------------------------------------------------------------------------- reconcile


def test_claim_of_a_pod_deleted_while_the_kubelet_was_down_is_unprepared_on_start(cluster):
    _running_pod_with_claim(cluster, "gone", "c-gone")
    _running_pod_with_claim(cluster, "stays", "c-stays")
    k = cluster.kubelet("n1")
    drv = k.drivers["gpu.example.com"]
    k.stop()  # the kubelet is down: the deletion is not graceful, nobody unprepares
    cluster.delete("Pod", "gone")
    assert cluster.api.try_get("Pod", "gone", "default") is None
    assert ("unprepare", cluster.get("ResourceClaim", "c-gone")["metadata"]["uid"]) \
        not in drv.calls
    k2 = cluster.restart_kubelet("n1")
    gone_uid = cluster.get("ResourceClaim", "c-gone")["metadata"]["uid"]
    assert ("unprepare", gone_uid) in drv.calls and gone_uid not in drv.prepared
    cached = json.loads(k2.checkpoint_path.read_text())["data"]["claims"]
    assert [x["claimName"] for x in cached] == ["c-stays"]
    assert [p["name"] for p in k2.pod_resources.list()["podResources"]] == ["stays"]


def test_plugin_devices_of_a_pod_deleted_while_down_are_released(make_cluster):
    c = make_cluster(nodes={"n1": {"cpu": "8", "memory": "32Gi", "example.com/nic": "1"}})
    c.apply([pod("a", [container("main", requests={"example.com/nic": "1"},
                                 limits={"example.com/nic": "1"})])])
    assert phase(c, "a") == "Running"
    k = c.kubelet("n1")
    k.stop()
    c.delete("Pod", "a")
    c.restart_kubelet("n1")
    # the device is free again: a new pod asking for it is admitted
    c.apply([pod("b", [container("main", requests={"example.com/nic": "1"},
                                 limits={"example.com/nic": "1"})])])
    assert phase(c, "b") == "Running"


# ---------------------------------------------------------------------------- properties

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.floats(allow_nan=False,
                                                               allow_infinity=False)
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=3),
    max_leaves=12)

VALID = {"claims": [{"claimUID": "u1", "claimName": "c", "namespace": "default",
                     "podUIDs": ["p1"], "prepared": True,
                     "driverState": [{"driverName": "gpu.example.com", "devices": [
                         {"poolName": "n1", "deviceName": "gpu-0", "requestNames": ["gpu"],
                          "cdiDeviceIDs": ["gpu.example.com/gpu=gpu-0"]}]}]}]}


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*prefix, i))


@st.composite
def mutated_checkpoints(draw):
    """A valid checkpoint with one place replaced by any JSON value or removed."""
    data = json.loads(json.dumps(VALID))
    paths = list(_paths(data))
    where = draw(st.sampled_from(paths))
    if not where:
        return draw(JSON)
    parent = data
    for step in where[:-1]:
        parent = parent[step]
    if draw(st.booleans()) and isinstance(parent, dict):
        del parent[where[-1]]
    else:
        parent[where[-1]] = draw(JSON)
    return data


def _write_fast(path, kind: str, data) -> None:
    """A checkpoint as write_checkpoint makes it, minus the fsyncs (hundreds of examples)."""
    path.write_text(json.dumps({"kind": kind, "version": FORMAT_VERSION, "data": data,
                                "checksum": checksum(data)}))


@pytest.fixture(scope="module")
def cpdir(tmp_path_factory):
    return tmp_path_factory.mktemp("cp")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.one_of(mutated_checkpoints(), JSON))
def test_any_checkpoint_content_loads_or_is_a_corruption_error(cpdir, data):
    d = cpdir
    _write_fast(d / CHECKPOINT_FILE, CHECKPOINT_KIND, data)
    _write_fast(d / DP_FILE, DP_KIND, data)
    try:
        DRAManager(d, default_drivers(), FeatureGates())
    except CorruptCheckpointError as e:
        assert e.path.startswith(str(d)) and str(e).startswith(f"checkpoint {d}/")
    dp = DevicePluginManager(d)  # never refuses: it starts empty instead
    if dp.restore_error is not None:
        assert dp.assigned == {} and dp.restore_error.startswith(f"checkpoint {d}/")


@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=mutated_checkpoints())
def test_a_kubelet_on_any_checkpoint_starts_or_refuses_and_the_cluster_goes_on(cluster, data):
    k = cluster.kubelet("n1")
    write_checkpoint(k.checkpoint_path, CHECKPOINT_KIND, data)
    try:
        k2 = cluster.restart_kubelet("n1")
    except KubeletStartError as e:
        assert str(k.checkpoint_path) in str(e)
        assert _ready(cluster)["status"] == "Unknown"
    else:
        assert k2.running
        k2.pod_resources.list()  # what it restored can be served
        cluster.settle()
    # whatever happened, a clean checkpoint brings the node back
    k.checkpoint_path.unlink()
    assert cluster.restart_kubelet("n1").running
    assert _ready(cluster)["status"] == "True"
