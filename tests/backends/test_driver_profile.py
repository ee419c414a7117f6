"""Driver profiles: kubelet scenarios on a real node with the cluster's real driver.

Issue 12 §4. The parser gives a profile or one line for every input (hypothesis); the
per-scenario mapping is a bijection that says "unsupported" when the scenario needs more than
the profile offers; and end to end, through ``drakit serve`` with a node agent per served
kubelet: a "real node" and its driver's slices exist before the run (outside the harness's
labels, as a real driver publishes them), a profile names them, and @component:kubelet
scenarios run on that node — their pods bound to it, their claims on its devices — and pass,
while the same scenarios without the profile keep their verdicts on the harness's own nodes.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from drakit import serve
from steps.backends import driver_profile as dp
from steps.backends.base import Unsupported

ROOT = Path(__file__).resolve().parents[2]

GOOD = {
    "driver": "gpu.example.com", "deviceClass": "gpu.example.com",
    "nodes": ["worker-1"], "standsFor": ["gpu.example.com"],
    "devices": {"count": 4, "names": "card-{index}",
                "attributes": {"model": {"string": "a100"}, "index": "int"},
                "capacity": {"memory": "80Gi"}},
}


def _text(doc) -> str:
    return yaml.safe_dump(doc, sort_keys=False)


# ---------------------------------------------------------------------------- parser

def test_the_example_profile_parses_as_the_upstream_driver_publishes():
    p = dp.load(str(ROOT / "deploy/driver-profiles/dra-example-driver.yaml"))
    assert (p.driver, p.device_class, p.count) == ("gpu.example.com", "gpu.example.com", 8)
    assert p.device_names()[0] == "gpu-0" and p.device_names()[-1] == "gpu-7"
    assert p.attributes["driverVersion"] == {"version": "1.0.0"}
    assert p.pool_of("kind-worker") == "kind-worker"


@pytest.mark.parametrize("change, where", [
    ({"driver": "GPU"}, "driver: 'GPU' is not a DNS subdomain"),
    ({"nodes": []}, "nodes: must be a list of 1 to"),
    ({"nodes": ["a", "a"]}, "nodes: names a node twice"),
    ({"colour": 1}, "unknown key 'colour'"),
    ({"devices": {"count": 0, "names": "d-{index}"}}, "devices.count: must be a whole number"),
    ({"devices": {"count": 2, "names": "same"}}, "devices.names: must be a device name with"),
    ({"devices": {"count": 2, "names": "d-{index}", "attributes": {"m": "float"}}},
     "devices.attributes.m: 'float' is not a type"),
    ({"devices": {"count": 2, "names": "d-{index}", "capacity": {"memory": "lots"}}},
     "devices.capacity.memory: 'lots' is not a quantity"),
])
def test_each_mistake_is_one_line_naming_the_field(change, where):
    with pytest.raises(dp.ProfileError) as e:
        dp.parse(_text({**GOOD, **change}), "p.yaml")
    assert str(e.value).startswith("driver profile p.yaml: ")
    assert where in str(e.value), str(e.value)
    assert "\n" not in str(e.value)


def test_a_missing_key_and_a_missing_file_say_what_to_do(tmp_path):
    doc = dict(GOOD)
    doc.pop("deviceClass")
    with pytest.raises(dp.ProfileError, match="deviceClass is missing"):
        dp.parse(_text(doc))
    with pytest.raises(dp.ProfileError, match="cannot read it .* --driver-profile"):
        dp.load(str(tmp_path / "nope.yaml"))


_scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 2000), st.text(max_size=12),
                     st.sampled_from(["gpu.example.com", "card-{index}", "int", "80Gi", "{node}"]))
_values = st.recursive(_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3),
    st.dictionaries(st.one_of(st.text(max_size=8), st.sampled_from(
        sorted(dp.KEYS | dp.DEVICE_KEYS) + ["string", "int"])), inner, max_size=4)),
    max_leaves=12)


@settings(max_examples=150, deadline=None)
@given(st.one_of(
    st.text(max_size=200),
    _values.map(_text),
    st.dictionaries(st.sampled_from(sorted(dp.KEYS)), _values, max_size=6).map(
        lambda d: _text({**GOOD, **d}))))
@example("0: !!timestamp")  # hypothesis found it: PyYAML raises AttributeError there
def test_every_input_gets_a_profile_or_one_line(text):
    try:
        p = dp.parse(text, "f.yaml")
    except dp.ProfileError as e:
        assert "\n" not in str(e) and str(e).startswith("driver profile f.yaml")
        return
    assert p.nodes and 1 <= p.count <= dp.MAX_DEVICES
    assert len(set(p.device_names())) == p.count  # names are distinct: the mapping is 1:1


# ---------------------------------------------------------------------------- mapping

def _node(_name):
    return {"status": {"allocatable": {"cpu": "64", "example.com/nic": "2"}}}


def test_devices_map_one_to_one_and_back_and_run_out_as_unsupported():
    m = dp.ProfileMap(dp.parse(_text(GOOD)))
    assert m.add_node("n1", {"cpu": "8", "example.com/nic": "2"}, None, _node) == "worker-1"
    got = [m.result({"request": "r", "driver": "gpu.example.com", "pool": "n1",
                     "device": f"gpu-{i}"})["device"] for i in (3, 5, 3, 0)]
    assert got == ["card-0", "card-1", "card-0", "card-2"]
    back = m.incoming({"driverName": "gpu.example.com", "poolName": "worker-1",
                       "deviceName": "card-1"})
    assert back == {"driverName": "gpu.example.com", "poolName": "n1", "deviceName": "gpu-5"}
    m.result({"driver": "gpu.example.com", "pool": "n1", "device": "gpu-9"})
    with pytest.raises(Unsupported, match="needs more than 4 devices on node n1"):
        m.result({"driver": "gpu.example.com", "pool": "n1", "device": "gpu-10"})


def test_needs_beyond_the_profile_are_unsupported_with_the_reason():
    m = dp.ProfileMap(dp.parse(_text(GOOD)))
    with pytest.raises(Unsupported, match="needs node resources example.com/fpga"):
        m.add_node("n1", {"cpu": "8", "example.com/fpga": "1"}, None, _node)
    m.add_node("n1", None, None, _node)
    with pytest.raises(Unsupported, match="needs more real nodes"):
        m.add_node("n2", None, None, _node)
    with pytest.raises(Unsupported, match="needs devices of driver dra.example.com"):
        m.result({"driver": "dra.example.com", "pool": "n1", "device": "x"})
    # another driver on the real node is sent as written: the real kubelet answers for it
    assert m.result({"driver": "odd.example.com", "pool": "n1", "device": "x"})["pool"] == \
        "worker-1"
    claim = {"devices": {"requests": [{"name": "g", "exactly": {
        "deviceClassName": "gpu.example.com",
        "selectors": [{"cel": {"expression":
                               'device.attributes["gpu.example.com"].productName == "x"'}}]}}]}}
    with pytest.raises(Unsupported, match="needs device attribute gpu.example.com/productName"):
        m.check_requests(claim)
    sel = claim["devices"]["requests"][0]["exactly"]["selectors"][0]["cel"]
    sel["expression"] = 'device.attributes["gpu.example.com"].model == "a100"'
    m.check_requests(claim)  # the profile lists model
    claim["devices"]["requests"][0]["exactly"]["count"] = 5
    with pytest.raises(Unsupported, match="needs 5 devices in one request"):
        m.check_requests(claim)


def test_structure_keeps_everything_but_the_cdi_names():
    ans = {"containers": [{"name": "main", "dynamicResources": [{"claimResources": [
        {"cdiDevices": [{"name": "k8s.gpu.example.com/gpu=common"},
                        {"name": "k8s.gpu.example.com/gpu=uid-gpu-0"}],
         "deviceName": "gpu-3"}]}]}]}
    want = {"containers": [{"name": "main", "dynamicResources": [{"claimResources": [
        {"cdiDevices": [{"name": "gpu.example.com/gpu=gpu-3"}], "deviceName": "gpu-3"}]}]}]}
    assert dp.structure(ans) == dp.structure(want)
    want["containers"][0]["dynamicResources"][0]["claimResources"][0]["deviceName"] = "gpu-4"
    assert dp.structure(ans) != dp.structure(want)
    assert dp.structure({"cdiDevices": []}) == {"cdiDevices": []}


def test_preflight_names_what_the_cluster_lacks():
    p = dp.parse(_text(GOOD), "p.yaml")
    objs = {("DeviceClass", "gpu.example.com"): {}, ("Node", "worker-1"): {}}
    slices = [_slice(4)]
    desc = dp.check_cluster(p, lambda k, n: objs.get((k, n)), slices)
    assert desc["nodes"] == ["worker-1"] and desc["devices_per_node"] == 4
    with pytest.raises(dp.ProfileError, match="publishes no device card-3 on node worker-1"):
        dp.check_cluster(p, lambda k, n: objs.get((k, n)), [_slice(3)])
    with pytest.raises(dp.ProfileError, match="node worker-1 has no ResourceSlice of driver"):
        dp.check_cluster(p, lambda k, n: objs.get((k, n)), [])
    with pytest.raises(dp.ProfileError, match="has no DeviceClass gpu.example.com"):
        dp.check_cluster(p, lambda k, n: None, slices)
    bad = _slice(4)
    bad["spec"]["devices"][2]["attributes"]["model"] = {"string": "h100"}
    with pytest.raises(dp.ProfileError, match="devices.attributes.model: device card-2"):
        dp.check_cluster(p, lambda k, n: objs.get((k, n)), [bad])


def _slice(n: int) -> dict:
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
            "metadata": {"name": "worker-1-gpu.example.com"},
            "spec": {"driver": "gpu.example.com", "nodeName": "worker-1",
                     "pool": {"name": "worker-1", "generation": 1, "resourceSliceCount": 1},
                     "devices": [{"name": f"card-{i}",
                                  "attributes": {"model": {"string": "a100"},
                                                 "index": {"int": i}},
                                  "capacity": {"memory": {"value": "80Gi"}}}
                                 for i in range(n)]}}


# ---------------------------------------------------------------------------- end to end

# KEP-3695 scenarios (a node with devices, pods bound by nodeName, claims allocated by hand)
# and one that needs a second test driver the profile does not stand for
PASSING = ["test_list_shows_claim_driver_pool_device_and_cdi_names_per_container",
           "test_get_returns_one_pods_resources",
           "test_getallocatableresources_carries_no_dra_data"]
NEEDS_MORE = "test_two_containers_with_two_extended_resources_each_get_only_their_mapped_devices"
REAL = [
    {"apiVersion": "v1", "kind": "Node",
     "metadata": {"name": "worker-1", "labels": {"kubernetes.io/hostname": "worker-1"}}},
    _slice(4),
    {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
     "metadata": {"name": "gpu.example.com"},
     "spec": {"selectors": [{"cel": {"expression": 'device.driver == "gpu.example.com"'}}]}},
]


def _run(work: Path, profile: bool) -> tuple[dict[str, dict], list[str], dict]:
    srv, served, _ = serve.start(port=0, interval=0.05)
    agents = Path(tempfile.mkdtemp(prefix="dk-agents-"))  # short: unix socket paths
    try:
        api = served.api
        with served.lock:
            node = api.create(REAL[0])
            alloc = {"cpu": "64", "memory": "256Gi", "pods": "110", "example.com/nic": "2"}
            node["status"] = {"allocatable": alloc, "capacity": alloc,
                              "conditions": [{"type": "Ready", "status": "True"}]}
            api.update_status(node)
            for obj in REAL[1:]:
                api.create(obj)
            served.cluster.settle()
            start_rv = api.resource_version
        serve.start_node_agents(served, str(agents))
        work.mkdir(parents=True, exist_ok=True)
        kc = work / "kubeconfig"
        kc.write_text(yaml.safe_dump(serve.kubeconfig_for(srv)))
        args = [sys.executable, "-m", "pytest", "steps", "-q", "-p", "no:cacheprovider",
                "--backend=cluster", f"--kubeconfig={kc}", f"--reports-dir={work / 'rep'}",
                f"--node-agent=unix:{agents}/{{node}}.sock",
                "-k", " or ".join(PASSING + [NEEDS_MORE])]
        if profile:
            (work / "profile.yaml").write_text(_text(GOOD))
            args.append(f"--driver-profile={work / 'profile.yaml'}")
        env = {**os.environ, "DRAKIT_SETTLE_QUIET": "0", "DRAKIT_WAIT_TIMEOUT": "15",
               "GRPC_VERBOSITY": "ERROR"}
        env.pop("DRAKIT_DRIVER_PROFILE", None)
        rc = subprocess.call(args, cwd=ROOT, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, env=env)
        assert rc in (0, 1), f"pytest exit status {rc}"
        results = json.loads((work / "rep" / "latest" / "results.json").read_text())
        seen: list[str] = []
        with served.lock:
            for ev in api.watch(start_rv, kinds=["Pod", "ResourceClaim"]):
                if ev.kind == "Pod" and (ev.object.get("spec") or {}).get("nodeName") == \
                        "worker-1":
                    seen.append("pod on worker-1")
                for r in ((((ev.object.get("status") or {}).get("allocation") or {})
                           .get("devices") or {}).get("results") or []):
                    seen.append(f"{r.get('driver')}/{r.get('pool')}/{r.get('device')}")
        return {s["name"]: s for s in results["scenarios"]}, seen, results["environment"]
    finally:
        srv.shutdown()
        served.stop()
        srv.server_close()
        shutil.rmtree(agents, ignore_errors=True)


def test_kubelet_scenarios_run_on_the_profiles_real_node_and_keep_their_verdicts(tmp_path):
    plain, seen_plain, _ = _run(tmp_path / "plain", profile=False)
    assert {n: s["verdict"] for n, s in plain.items()} == {
        n: "passed" for n in plain}, plain
    assert len(plain) == 4
    assert "pod on worker-1" not in seen_plain  # without a profile: the harness's own nodes
    real, seen, env = _run(tmp_path / "profile", profile=True)
    verdicts = {n: s["verdict"] for n, s in real.items()}
    needs_more = [n for n in real if "two extended resources" in n.lower()]
    assert len(needs_more) == 1 and verdicts.pop(needs_more[0]) == "unsupported"
    assert "needs devices of driver dra.example.com" in str(real[needs_more[0]]), \
        real[needs_more[0]]
    assert set(verdicts.values()) == {"passed"} and len(verdicts) == 3, real
    assert "pod on worker-1" in seen  # the pods ran on the real node ...
    assert any(s.startswith("gpu.example.com/worker-1/card-") for s in seen), seen
    # ... and every claim took the real driver's devices, none a fake pool's
    assert all("/worker-1/card-" in s for s in seen if "gpu.example.com" in s), seen
    assert env["cluster"]["driver_profile"]["nodes"] == ["worker-1"]
