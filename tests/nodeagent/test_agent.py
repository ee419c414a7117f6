"""drakit/nodeagent against the reference kubelet's real PodResources socket (no mocks)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import drakit
from drakit.kubelet import stop_kubelets
from drakit.nodeagent import AgentServer, NodeAgent, call_unix
from drakit.nodeagent.manifest import objects

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def node():
    """A reference cluster with node n1, a pod using claim gpu-claim (device gpu-3) and a
    device-plugin resource; the agent on n1's kubelet socket."""
    d = tempfile.mkdtemp(prefix="dk-")
    c = drakit.Cluster(version="1.37", state_dir=d)
    c.add_node("n1", allocatable={"cpu": "8", "memory": "32Gi", "example.com/nic": "2"})
    c.apply([
        {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
         "metadata": {"name": "gpu-claim"},
         "spec": {"devices": {"requests": [{"name": "gpu", "exactly": {
             "deviceClassName": "gpu.example.com"}}]}}},
        {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "trainer"},
         "spec": {"nodeName": "n1",
                  "resourceClaims": [{"name": "gpu", "resourceClaimName": "gpu-claim"}],
                  "containers": [{"name": "main", "image": "i",
                                  "resources": {"claims": [{"name": "gpu"}]}},
                                 {"name": "logger", "image": "i"}]}}])
    claim = c.get("ResourceClaim", "gpu-claim")
    claim["status"] = {"allocation": {"devices": {"results": [
        {"request": "gpu", "driver": "gpu.example.com", "pool": "n1", "device": "gpu-3"}]}},
        "reservedFor": [{"resource": "pods", "name": "trainer",
                         "uid": c.get("Pod", "trainer")["metadata"]["uid"]}]}
    c.update_status(claim)
    # the kubelet watches no claim: an update of the pod reaches its worker at once
    c.patch("Pod", "trainer", {"metadata": {"annotations": {"drakit.io/claims-reserved": "gpu"}}})
    k = c.kubelet("n1")
    agent = NodeAgent(node="n1", podresources_socket=str(k.socket_path),
                      checkpoint=str(k.checkpoint_path))
    yield c, agent, d
    agent.close()
    stop_kubelets(c)
    shutil.rmtree(d, ignore_errors=True)


def test_list_get_and_allocatable_come_from_the_kubelet_socket(node):
    c, agent, _ = node
    want = c.kubelet("n1").pod_resources.list()
    assert agent.handle({"op": "list"}) == {"answer": want}
    got = agent.handle({"op": "get", "name": "trainer", "namespace": "default"})["answer"]
    main = got["podResources"]["containers"][0]
    assert main["dynamicResources"][0]["claimResources"][0] == {
        "cdiDevices": [{"name": "gpu.example.com/gpu=gpu-3"}], "driverName": "gpu.example.com",
        "poolName": "n1", "deviceName": "gpu-3"}
    assert agent.handle({"op": "allocatable"}) == {
        "answer": c.kubelet("n1").pod_resources.get_allocatable_resources()}


def test_errors_keep_the_grpc_code_and_message(node):
    _, agent, _ = node
    assert agent.handle({"op": "get", "name": "ghost", "namespace": "elsewhere"}) == {
        "error": {"code": "Unknown", "message": "pod ghost in namespace elsewhere not found"}}
    assert agent.handle({"op": "get", "name": "", "namespace": "x"})["error"]["code"] == \
        "InvalidArgument"
    assert agent.handle({"op": "nope"})["error"] == {"code": "InvalidArgument",
                                                    "message": "unknown op 'nope'"}
    gone = NodeAgent(podresources_socket="/nonexistent/kubelet.sock")
    assert gone.handle({"op": "list"})["error"]["code"] == "Unavailable"


def test_burst_meets_the_kubelets_rate_limit(node):
    _, agent, _ = node
    r = agent.handle({"op": "burst", "n": 12})
    assert r["ok"] == 10 and r["errors"] == [
        {"code": "ResourceExhausted", "message": "rejected by rate limit"}] * 2
    assert agent.handle({"op": "burst", "n": 0})["error"]["code"] == "InvalidArgument"


def test_socket_mode_checkpoint_and_container_devices(node):
    c, agent, _ = node
    assert agent.handle({"op": "socket_mode"}) == {"mode": "0600"}
    cp = agent.handle({"op": "checkpoint"})
    assert cp["present"] is True
    assert "gpu-3" in json.dumps(cp["checkpoint"])  # the prepared device, as written
    # from PodResources, where the kubelet put what it hands the runtime
    assert agent.handle({"op": "container_devices", "pod": "trainer", "namespace": "default",
                         "container": "main"}) == {"devices": ["gpu.example.com/gpu=gpu-3"]}
    assert agent.handle({"op": "container_devices", "pod": "trainer", "namespace": "default",
                         "container": "logger"}) == {"devices": []}
    assert c.kubelet("n1").cdi_devices("trainer", "main") == ["gpu.example.com/gpu=gpu-3"]


def test_restart_waits_until_podresources_answers_again_from_the_checkpoint(node):
    c, agent, _ = node
    before = agent.handle({"op": "list"})
    agent.restart_hook = lambda: c.restart_kubelet("n1")
    agent.podresources_socket = str(c.kubelet("n1").socket_path)
    assert agent.handle({"op": "restart_kubelet"}) == {"restarted": True}
    assert agent.handle({"op": "list"}) == before


def test_fail_driver_is_refused_where_the_drivers_are_not_drakits(node):
    """A real node's agent has no hook into its drivers: Unimplemented, whatever it asks."""
    _, agent, _ = node
    out = agent.handle({"op": "fail_driver", "driver": "gpu.example.com",
                        "call": "NodePrepareResources", "message": "x"})
    assert out["error"]["code"] == "Unimplemented"


def test_fail_driver_makes_a_drakit_driver_fail_and_heal(node):
    c, agent, _ = node
    drv = c.kubelet("n1").drivers["gpu.example.com"]

    agent.driver_faults = c.kubelet("n1").fail_driver
    assert agent.handle({"op": "fail_driver", "driver": "gpu.example.com",
                         "call": "NodeUnprepareResources", "message": "busy"}) == {
        "driver": "gpu.example.com", "call": "NodeUnprepareResources", "failing": True}
    assert (drv.fail_prepare, drv.fail_unprepare) == (None, "busy")
    assert agent.handle({"op": "fail_driver", "driver": "gpu.example.com",
                         "call": "NodeUnprepareResources", "message": None})["failing"] is False
    assert drv.fail_unprepare is None
    bad_call = agent.handle({"op": "fail_driver", "driver": "gpu.example.com",
                             "call": "NodeGetInfo", "message": "x"})
    assert bad_call["error"] == {"code": "InvalidArgument", "message": (
        "a DRA driver's calls are NodePrepareResources, NodeUnprepareResources, not 'NodeGetInfo'")}
    unknown = agent.handle({"op": "fail_driver", "driver": "nic.example.com",
                            "call": "NodePrepareResources", "message": "x"})
    assert unknown["error"] == {"code": "InvalidArgument",
                                "message": "node n1 runs no DRA driver 'nic.example.com'"}
    for message in (5, "m" * 1001):
        out = agent.handle({"op": "fail_driver", "driver": "gpu.example.com",
                            "call": "NodePrepareResources", "message": message})
        assert out["error"]["code"] == "InvalidArgument"
    assert drv.fail_prepare is None


def test_the_unix_transport_and_the_cli_call(node):
    _, agent, d = node
    srv = AgentServer(agent, Path(d) / "agent.sock").start()
    try:
        assert (Path(d) / "agent.sock").stat().st_mode & 0o777 == 0o600
        assert call_unix(Path(d) / "agent.sock", {"op": "list"}) == agent.handle({"op": "list"})
        out = subprocess.run([sys.executable, "-m", "drakit.cli", "node-agent", "call",
                              "--agent", f"unix:{d}/agent.sock", '{"op": "socket_mode"}'],
                             capture_output=True, text=True, timeout=60, cwd=ROOT)
        assert out.returncode == 0 and json.loads(out.stdout) == {"mode": "0600"}
        one = subprocess.run([sys.executable, "-m", "drakit.cli", "node-agent", "call",
                              "--podresources-socket", agent.podresources_socket,
                              '{"op": "get", "name": "ghost", "namespace": "x"}'],
                             capture_output=True, text=True, timeout=60, cwd=ROOT)
        assert one.returncode == 1 and json.loads(one.stdout) == {"error": {
            "code": "Unknown", "message": "pod ghost in namespace x not found"}}
    finally:
        srv.stop()


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=10)


@settings(max_examples=150, deadline=None)
@given(st.one_of(_json, st.fixed_dictionaries({"op": st.sampled_from(
    ["get", "burst", "container_devices", "info", "fail_driver", "x"])}, optional={
    "name": _json, "namespace": _json, "n": _json, "pod": _json, "container": _json,
    "driver": _json, "call": _json, "message": _json})))
@example({"op": "burst", "n": 1})  # a valid burst answers without "error" (found in stop 26)
@example({"op": "info"})
def test_any_request_gets_an_answer_never_an_exception(req):
    agent = NodeAgent(podresources_socket="/nonexistent/kubelet.sock")
    out = agent.handle(req)
    assert isinstance(out, dict)
    if "error" in out:
        assert set(out) == {"error"} and set(out["error"]) == {"code", "message"}
        return
    # without a socket only two ops answer: info, and a well-formed burst, whose every List
    # call is an error of its own
    op = req.get("op") if isinstance(req, dict) else None
    assert op in ("info", "burst"), out
    if op == "info":
        assert out["node"] == "" and out["socket_present"] is False
    else:
        assert out["ok"] == 0 and len(out["errors"]) == req["n"]


def test_the_daemonset_mounts_the_socket_and_stays_off_the_harness_nodes():
    objs = {o["kind"]: o for o in objects("ns", "img:1")}
    spec = objs["DaemonSet"]["spec"]["template"]["spec"]
    assert spec["containers"][0]["image"] == "img:1"
    assert spec["containers"][0]["securityContext"] == {"privileged": True}
    mounts = {m["mountPath"] for m in spec["containers"][0]["volumeMounts"]}
    assert "/var/lib/kubelet/pod-resources" in mounts
    assert spec["affinity"]["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"][
        "nodeSelectorTerms"] == [{"matchExpressions": [
            {"key": "drakit.io/harness", "operator": "DoesNotExist"}]}]
    assert objs["ClusterRole"]["rules"] == [
        {"apiGroups": [""], "resources": ["nodes/metrics"], "verbs": ["get"]}]


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=60)
@given(namespace=st.text(max_size=70), image=st.text(max_size=20))
def test_manifest_flags_give_an_applicable_manifest_or_a_usage_error(capsys, namespace, image):
    """Whatever --namespace and --image say: a manifest whose namespace is a DNS label and
    whose image has no whitespace around it, or argparse's one usage error naming the flag."""
    from drakit.api.names import is_dns1123_label
    from drakit.nodeagent.cli import main as agent_main

    try:
        rc = agent_main(["manifest", "--namespace", namespace, "--image", image])
    except SystemExit as e:
        assert e.code == 2
        last = capsys.readouterr().err.strip().splitlines()[-1]
        assert last.startswith("drakit node-agent manifest: error: argument --"), last
        return
    assert rc == 0
    docs = list(yaml.safe_load_all(capsys.readouterr().out))
    for d in docs:
        ns = (d.get("metadata") or {}).get("namespace")
        if ns is not None:
            assert ns == namespace and not is_dns1123_label(ns)
    assert image and image == image.strip()
