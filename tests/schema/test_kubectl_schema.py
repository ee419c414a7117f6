"""kubectl against ``drakit serve``: what a new user tries first.

kubectl validates fields on the server (fieldValidation=Strict by default, Warn with
``--validate=warn``, Ignore with ``--validate=false``), reads OpenAPI v3 for ``explain``
and OpenAPI v2 (protobuf) to validate ``kind: List`` files client-side; a Node manifest
with status registers a node pods schedule to (pkg/registry/core/node/strategy.go).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time

import pytest

KUBECTL = shutil.which("kubectl")
pytestmark = pytest.mark.skipif(KUBECTL is None, reason="kubectl is not installed")


def kubectl(served_url, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([KUBECTL, "--kubeconfig", served_url["kubeconfig"], *args],
                          input=stdin, capture_output=True, text=True, timeout=60)


TYPO = """apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata: {name: %s}
spec:
  extendedResourceNam: example.com/gpu
"""


def test_explain_descends_into_resource_slice_devices(served_url) -> None:
    out = kubectl(served_url, "explain", "resourceslices.spec.devices")
    assert out.returncode == 0, out.stderr
    assert "FIELD: devices <[]Device>" in out.stdout
    assert "allowMultipleAllocations\t<boolean>" in out.stdout
    deep = kubectl(served_url, "explain", "resourceclaims.spec.devices.requests.exactly.count")
    assert deep.returncode == 0 and "<integer>" in deep.stdout, deep.stderr


def test_a_typo_gets_the_strict_decoding_error(served_url) -> None:
    out = kubectl(served_url, "apply", "-f", "-", stdin=TYPO % "typo")
    assert out.returncode == 1
    assert ('DeviceClass in version "v1" cannot be handled as a DeviceClass: strict decoding '
            'error: unknown field "spec.extendedResourceNam"') in out.stderr
    assert kubectl(served_url, "get", "deviceclass", "typo").returncode == 1  # not stored


def test_validate_warn_drops_the_field_with_a_warning(served_url) -> None:
    out = kubectl(served_url, "create", "--validate=warn", "-f", "-", stdin=TYPO % "warned")
    assert out.returncode == 0, out.stderr
    assert 'Warning: unknown field "spec.extendedResourceNam"' in out.stderr
    got = json.loads(kubectl(served_url, "get", "deviceclass", "warned", "-o", "json").stdout)
    assert "extendedResourceNam" not in got["spec"]


def test_apply_of_a_list_file_validates_its_items_client_side(served_url, tmp_path) -> None:
    good = tmp_path / "list.yaml"
    good.write_text("""apiVersion: v1
kind: List
items:
- apiVersion: resource.k8s.io/v1
  kind: DeviceClass
  metadata: {name: listed}
  spec:
    selectors:
    - cel: {expression: 'device.driver == "gpu.example.com"'}
""")
    out = kubectl(served_url, "apply", "-f", str(good))
    assert out.returncode == 0, out.stderr
    assert "deviceclass.resource.k8s.io/listed created" in out.stdout
    bad = tmp_path / "bad-list.yaml"
    bad.write_text(good.read_text().replace("name: listed", "name: listed2").replace(
        "selectors:", "selector: x\n    selectors:"))
    out = kubectl(served_url, "apply", "-f", str(bad))
    assert out.returncode == 1
    assert ('error validating data: ValidationError(DeviceClass.spec): unknown field '
            '"selector" in io.k8s.api.resource.v1.DeviceClassSpec') in out.stderr


def test_a_node_manifest_with_allocatable_then_a_pod_schedules(served_url, tmp_path) -> None:
    f = tmp_path / "node.yaml"
    f.write_text("""apiVersion: v1
kind: Node
metadata:
  name: worker-1
  labels: {kubernetes.io/hostname: worker-1}
status:
  capacity: {cpu: "4", memory: 8Gi, pods: "110"}
  allocatable: {cpu: "4", memory: 8Gi, pods: "110"}
---
apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  nodeSelector: {kubernetes.io/hostname: worker-1}
  containers:
  - name: c
    image: registry.k8s.io/pause:3.10
    resources: {requests: {cpu: 500m}}
""")
    out = kubectl(served_url, "apply", "-f", str(f))
    assert out.returncode == 0, out.stderr
    deadline = time.monotonic() + 20
    node_name = ""
    while time.monotonic() < deadline and not node_name:
        node_name = kubectl(served_url, "get", "pod", "web", "-o",
                            "jsonpath={.spec.nodeName}").stdout
        time.sleep(0.1)
    assert node_name == "worker-1"
    alloc = json.loads(kubectl(served_url, "get", "node", "worker-1", "-o",
                               "jsonpath={.status.allocatable}").stdout)
    assert alloc == {"cpu": "4", "memory": "8Gi", "pods": "110"}
