"""kubectl (from this machine) against drakit serve: apply, get -o yaml, describe, delete, -w."""

from __future__ import annotations

import os
import shutil
import subprocess
import time

import pytest
import yaml

KUBECTL = shutil.which("kubectl")
pytestmark = pytest.mark.skipif(KUBECTL is None, reason="kubectl is not installed on this "
                                                        "machine (PATH has no kubectl)")

MANIFESTS = """\
apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata:
  name: gpu.example.com
spec:
  selectors:
  - cel:
      expression: device.driver == "gpu.example.com"
---
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata:
  name: node-k-gpu
spec:
  driver: gpu.example.com
  nodeName: node-k
  pool: {name: node-k, generation: 1, resourceSliceCount: 1}
  devices:
  - name: gpu-0
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata:
  name: kclaim
spec:
  devices:
    requests:
    - name: gpu
      exactly:
        deviceClassName: gpu.example.com
---
apiVersion: v1
kind: Pod
metadata:
  name: kpod
spec:
  containers:
  - name: c
    image: registry.k8s.io/pause:3.10
  resourceClaims:
  - name: gpu
    resourceClaimName: kclaim
"""


def kubectl(kubeconfig, *args: str, check: bool = True, timeout: float = 30) -> str:
    env = dict(os.environ, KUBECONFIG=str(kubeconfig))
    p = subprocess.run([KUBECTL, *args], capture_output=True, text=True, env=env,
                       timeout=timeout)
    if check and p.returncode != 0:
        raise AssertionError(f"kubectl {' '.join(args)} failed ({p.returncode}):\n"
                             f"{p.stdout}\n{p.stderr}")
    return p.stdout + p.stderr


@pytest.fixture
def manifests(tmp_path):
    f = tmp_path / "dra.yaml"
    f.write_text(MANIFESTS)
    return f


def test_apply_get_describe_delete(kubeconfig, manifests, server):
    with server["served"].lock:
        if server["served"].api.try_get("Node", "node-k") is None:
            server["served"].cluster.add_node("node-k")
    out = kubectl(kubeconfig, "apply", "-f", str(manifests))
    assert "resourceclaim.resource.k8s.io/kclaim created" in out
    assert "pod/kpod created" in out
    # a second apply computes a patch (client-side apply) and is accepted
    out = kubectl(kubeconfig, "apply", "-f", str(manifests))
    assert "deviceclass.resource.k8s.io/gpu.example.com unchanged" in out
    got = yaml.safe_load(kubectl(kubeconfig, "get", "resourceclaim", "kclaim", "-o", "yaml"))
    assert got["kind"] == "ResourceClaim"
    assert got["spec"]["devices"]["requests"][0]["exactly"]["deviceClassName"] == \
        "gpu.example.com"
    table = kubectl(kubeconfig, "get", "resourceclaims")
    assert table.splitlines()[0].split() == ["NAME", "STATE", "AGE"]
    desc = kubectl(kubeconfig, "describe", "resourceclaim", "kclaim")
    assert "Name:" in desc and "kclaim" in desc and "Events:" in desc
    desc = kubectl(kubeconfig, "describe", "pod", "kpod")
    assert "kpod" in desc and "Containers:" in desc
    out = kubectl(kubeconfig, "delete", "-f", str(manifests), "--wait=false")
    assert 'resourceclaim.resource.k8s.io "kclaim" deleted' in out
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        left = kubectl(kubeconfig, "get", "resourceclaims,pods", "-o", "name", check=False)
        if "kclaim" not in left and "kpod" not in left:
            break
        time.sleep(0.2)
    assert "kclaim" not in left


class Lines:
    """kubectl's output lines, read by a thread so a test can wait with a timeout."""

    def __init__(self, proc) -> None:
        import queue
        import threading

        self.q: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: [self.q.put(x) for x in proc.stdout],
                         daemon=True).start()

    def until(self, text: str, timeout: float) -> str:
        import queue

        seen = ""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self.q.get(timeout=left)
            except queue.Empty:
                break
            seen += line
            if text in line:
                break
        return seen


def test_get_watch_sees_claim_become_allocated(kubeconfig, server, tmp_path):
    """``kubectl get resourceclaims -w`` prints the claim again once it is allocated.

    The pod that uses the claim is applied after the watch started, so the scheduler
    allocates it while kubectl watches. Where the reference has no scheduler (yet), the
    test writes the allocation into the claim's status itself, which still proves the
    watch path end to end."""
    docs = list(yaml.safe_load_all(MANIFESTS))
    served = server["served"]
    with served.lock:
        if served.api.try_get("Node", "node-k") is None:
            served.cluster.add_node("node-k")
    setup = tmp_path / "setup.yaml"
    setup.write_text(yaml.safe_dump_all([d for d in docs if d["kind"] != "Pod"]))
    pod = tmp_path / "pod.yaml"
    pod.write_text(yaml.safe_dump(next(d for d in docs if d["kind"] == "Pod")))
    kubectl(kubeconfig, "apply", "-f", str(setup))
    env = dict(os.environ, KUBECONFIG=str(kubeconfig))
    proc = subprocess.Popen([KUBECTL, "get", "resourceclaims", "kclaim", "-w"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=env)
    try:
        lines = Lines(proc)
        seen = lines.until("kclaim", 10)
        assert "pending" in seen, seen
        kubectl(kubeconfig, "apply", "-f", str(pod))
        more = lines.until("allocated", 5)
        if "allocated" not in more:  # no scheduler in this build: allocate by hand
            with served.lock:
                c = served.api.get("ResourceClaim", "kclaim", "default")
                c["status"] = {"allocation": {"devices": {"results": [
                    {"request": "gpu", "driver": "gpu.example.com", "pool": "node-k",
                     "device": "gpu-0"}]}}}
            served.write(lambda: served.api.update_status(c))
            more += lines.until("allocated", 10)
        assert "allocated" in more, seen + more
    finally:
        proc.kill()
        proc.wait()
        kubectl(kubeconfig, "delete", "-f", str(pod), "-f", str(setup), "--wait=false",
                check=False)


def test_auth_can_i(kubeconfig):
    """kubectl posts SelfSubjectAccessReview as protobuf (its typed client) and reads the
    JSON answer; the sandbox allows everything to its token."""
    assert kubectl(kubeconfig, "auth", "can-i", "create", "pods").strip() == "yes"
    assert kubectl(kubeconfig, "auth", "can-i", "delete", "resourceclaims.resource.k8s.io",
                   "-n", "other").strip() == "yes"
    listed = kubectl(kubeconfig, "auth", "can-i", "--list").splitlines()
    assert listed[0].split() == ["Resources", "Non-Resource", "URLs", "Resource", "Names",
                                 "Verbs"]
    assert listed[1].split() == ["*.*", "[]", "[]", "[*]"]


def test_kubectl_without_the_token_is_unauthorized(kubeconfig, tmp_path):
    conf = yaml.safe_load(kubeconfig.read_text())
    conf["users"][0]["user"]["token"] = "not-the-token"
    bad = tmp_path / "kubeconfig"
    bad.write_text(yaml.safe_dump(conf))
    # a cache directory of its own: with a discovery cache left by the other tests kubectl skips
    # discovery and prints the Status message ("Unauthorized"); without one, discovery meets the
    # 401 first and client-go words it "the server has asked for the client to provide
    # credentials", as against a real API server. Both start with kubectl's 401 sentence.
    out = kubectl(bad, "get", "pods", "--cache-dir", str(tmp_path / "cache"), check=False)
    assert "error: You must be logged in to the server (the server has asked for the client to " \
           "provide credentials)" in out, out
