"""drakit serve through the official kubernetes python client (typed, custom objects, watch)."""

from __future__ import annotations

import pytest

kubernetes = pytest.importorskip("kubernetes")
from kubernetes import client, config, watch  # noqa: E402


@pytest.fixture
def api(kubeconfig):
    c = config.new_client_from_config(config_file=str(kubeconfig))
    yield c
    c.close()


def test_typed_core_api(api):
    core = client.CoreV1Api(api)
    names = [n.metadata.name for n in core.list_namespace().items]
    assert "default" in names
    pod = client.V1Pod(metadata=client.V1ObjectMeta(name="typed"),
                       spec=client.V1PodSpec(containers=[client.V1Container(name="c",
                                                                            image="x")]))
    core.create_namespaced_pod("default", pod)
    assert core.read_namespaced_pod("typed", "default").spec.containers[0].image == "x"
    with pytest.raises(client.ApiException) as e:
        core.read_namespaced_pod("absent", "default")
    assert e.value.status == 404


def test_custom_objects_and_watch(api):
    co = client.CustomObjectsApi(api)
    body = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
            "metadata": {"name": "oc"},
            "spec": {"devices": {"requests": [
                {"name": "gpu", "exactly": {"deviceClassName": "gpu.example.com"}}]}}}
    out = co.create_namespaced_custom_object("resource.k8s.io", "v1", "default",
                                             "resourceclaims", body)
    assert out["spec"]["devices"]["requests"][0]["exactly"]["allocationMode"] == "ExactCount"
    w = watch.Watch()
    seen = []
    for ev in w.stream(co.list_namespaced_custom_object, "resource.k8s.io", "v1", "default",
                       "resourceclaims", field_selector="metadata.name=oc",
                       timeout_seconds=2):
        seen.append((ev["type"], ev["object"]["metadata"]["name"]))
        w.stop()
    assert seen == [("ADDED", "oc")]
    with pytest.raises(client.ApiException) as e:
        co.create_namespaced_custom_object("resource.k8s.io", "v1", "default",
                                           "resourceclaims", body)
    assert e.value.status == 409
