"""The official client's *typed* API against ``drakit serve``: every served kind lists, reads
and watches.

Why typed: the generated models validate what they deserialise (a required field that is
absent or null raises ValueError) and expect Go's serialisation (quantities as strings,
``pool.generation: 0`` present). Objects are written the way users write them (numbers for
quantities, no generation, a Node with its status) through raw HTTP, then read back with
the models, as a Python controller would.
"""

from __future__ import annotations

import json
import time

import pytest

kubernetes = pytest.importorskip("kubernetes")
from kubernetes import client, config, watch  # noqa: E402

NODE = {"apiVersion": "v1", "kind": "Node",
        "metadata": {"name": "n1", "labels": {"kubernetes.io/hostname": "n1"}},
        "status": {"capacity": {"cpu": 8, "memory": "32Gi", "pods": 110},
                   "allocatable": {"cpu": 8, "memory": "32Gi", "pods": 110}}}
CLASS = {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
         "metadata": {"name": "gpu.example.com"},
         "spec": {"selectors": [{"cel": {"expression": 'device.driver == "gpu.example.com"'}}],
                  "extendedResourceName": "example.com/gpu"}}
SLICE = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
         "metadata": {"name": "n1-gpu"},
         "spec": {"driver": "gpu.example.com", "nodeName": "n1",
                  "pool": {"name": "n1", "resourceSliceCount": 1},
                  "devices": [{"name": "gpu-0", "attributes": {"index": {"int": 0}},
                               "capacity": {"memory": {"value": 85899345920}}},
                              {"name": "gpu-1", "attributes": {"index": {"int": 1}},
                               "capacity": {"memory": {"value": "80Gi"}}}]}}
TEMPLATE = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaimTemplate",
            "metadata": {"name": "one-gpu", "namespace": "default"},
            "spec": {"spec": {"devices": {"requests": [
                {"name": "gpu", "exactly": {"deviceClassName": "gpu.example.com"}}]}}}}
CLAIM = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
         "metadata": {"name": "big", "namespace": "default"},
         "spec": {"devices": {"requests": [{"name": "gpu", "exactly": {
             "deviceClassName": "gpu.example.com", "count": 1}}]}}}
POD = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "gpu-pod", "namespace": "default"},
       "spec": {"containers": [{"name": "c", "image": "registry.k8s.io/pause:3.10",
                                "resources": {"requests": {"example.com/gpu": 1, "cpu": 0.5},
                                              "limits": {"example.com/gpu": 1}}}]}}
DEPLOY = {"apiVersion": "apps/v1", "kind": "Deployment",
          "metadata": {"name": "web", "namespace": "default"},
          "spec": {"replicas": 1, "selector": {"matchLabels": {"app": "web"}},
                   "template": {"metadata": {"labels": {"app": "web"}},
                                "spec": {"containers": [{"name": "w", "image": "nginx",
                                                         "resources": {"requests": {
                                                             "cpu": "100m"}}}]}}}}
QUOTA = {"apiVersion": "v1", "kind": "ResourceQuota",
         "metadata": {"name": "q", "namespace": "default"},
         "spec": {"hard": {"pods": 100, "requests.cpu": 16}}}
NS = {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team"}}
PODGROUP = {"apiVersion": "scheduling.k8s.io/v1beta1", "kind": "PodGroup",
            "metadata": {"name": "pg", "namespace": "default"},
            "spec": {"schedulingPolicy": {"basic": {}}}}
WORKLOAD = {"apiVersion": "scheduling.k8s.io/v1beta1", "kind": "Workload",
            "metadata": {"name": "wl", "namespace": "default"},
            "spec": {"podGroupTemplates": [{"name": "t", "schedulingPolicy": {"basic": {}}}]}}

PATHS = {
    "Node": "/api/v1/nodes", "Namespace": "/api/v1/namespaces",
    "Pod": "/api/v1/namespaces/default/pods",
    "ResourceQuota": "/api/v1/namespaces/default/resourcequotas",
    "DeviceClass": "/apis/resource.k8s.io/v1/deviceclasses",
    "ResourceSlice": "/apis/resource.k8s.io/v1/resourceslices",
    "ResourceClaim": "/apis/resource.k8s.io/v1/namespaces/default/resourceclaims",
    "ResourceClaimTemplate": "/apis/resource.k8s.io/v1/namespaces/default/resourceclaimtemplates",
    "Deployment": "/apis/apps/v1/namespaces/default/deployments",
    "PodGroup": "/apis/scheduling.k8s.io/v1beta1/namespaces/default/podgroups",
    "Workload": "/apis/scheduling.k8s.io/v1beta1/namespaces/default/workloads",
}


def _post(served_url: dict, obj: dict) -> dict:
    with served_url["open"](PATHS[obj["kind"]], data=json.dumps(obj).encode(), method="POST",
                            headers={"Content-Type": "application/json"}) as r:
        return json.loads(r.read())


@pytest.fixture(scope="module")
def api(served_url):
    for obj in (NS, NODE, CLASS, SLICE, TEMPLATE, CLAIM, POD, DEPLOY, QUOTA, PODGROUP, WORKLOAD):
        _post(served_url, obj)
    c = config.new_client_from_config(config_file=served_url["kubeconfig"])
    core = client.CoreV1Api(c)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:  # the scheduler binds gpu-pod to n1 (extended resource)
        if core.read_namespaced_pod("gpu-pod", "default").spec.node_name:
            break
        time.sleep(0.1)
    yield c
    c.close()


def test_resource_slices_read_back_as_go_writes_them(api) -> None:
    res = client.ResourceV1Api(api)
    (s,) = res.list_resource_slice().items
    assert s.spec.pool.generation == 0  # required (no omitempty): written as 0
    # a number is DecimalSI: 80Gi written as bytes stays bytes (resource.Quantity.String)
    assert [d.capacity["memory"].value for d in s.spec.devices] == ["85899345920", "80Gi"]
    assert res.read_resource_slice("n1-gpu").spec.pool.resource_slice_count == 1


def test_pods_with_numeric_quantities_read_back_canonical(api) -> None:
    core = client.CoreV1Api(api)
    pods = {p.metadata.name: p for p in core.list_pod_for_all_namespaces().items}
    res = pods["gpu-pod"].spec.containers[0].resources
    assert res.requests == {"example.com/gpu": "1", "cpu": "500m"}
    assert pods["gpu-pod"].spec.node_name == "n1"  # the Node's status was kept on create
    node = core.read_node("n1")
    assert node.status.allocatable == {"cpu": "8", "memory": "32Gi", "pods": "110"}


LISTS = [
    ("CoreV1Api", "list_namespace", ()), ("CoreV1Api", "list_node", ()),
    ("CoreV1Api", "list_pod_for_all_namespaces", ()),
    ("CoreV1Api", "list_event_for_all_namespaces", ()),
    ("CoreV1Api", "list_resource_quota_for_all_namespaces", ()),
    ("ResourceV1Api", "list_device_class", ()), ("ResourceV1Api", "list_resource_slice", ()),
    ("ResourceV1Api", "list_resource_claim_for_all_namespaces", ()),
    ("ResourceV1Api", "list_resource_claim_template_for_all_namespaces", ()),
    ("AppsV1Api", "list_deployment_for_all_namespaces", ()),
    ("AppsV1Api", "list_replica_set_for_all_namespaces", ()),
    ("SchedulingV1beta1Api", "list_pod_group_for_all_namespaces", ()),
    ("SchedulingV1beta1Api", "list_workload_for_all_namespaces", ()),
]


@pytest.mark.parametrize(("group", "verb", "args"), LISTS, ids=[v for _, v, _ in LISTS])
def test_every_served_kind_lists_and_watches_through_the_typed_api(api, group, verb, args):
    fn = getattr(getattr(client, group)(api), verb)
    items = fn(*args).items
    assert items, f"{verb} returned nothing: the fixture objects should be there"
    events = []
    w = _Watch(type(items[0]).__name__)
    for ev in w.stream(fn, *args, timeout_seconds=1):
        events.append(ev["object"])  # deserialised into the typed model
        if len(events) == len(items):
            w.stop()
    assert [e.metadata.name for e in events] == [i.metadata.name for i in items]


class _Watch(watch.Watch):
    """watch.Watch with the item model named explicitly: the client derives it from the
    list's name and gets "V1ResourceClaim" for ResourceV1ResourceClaimList (a client bug;
    the model is ResourceV1ResourceClaim)."""

    def __init__(self, model: str) -> None:
        super().__init__()
        self._model = model

    def get_return_type(self, func):  # noqa: ANN001 - the client's signature
        return self._model


def test_every_served_kind_reads_through_the_typed_api(api) -> None:
    core, res = client.CoreV1Api(api), client.ResourceV1Api(api)
    apps, sched = client.AppsV1Api(api), client.SchedulingV1beta1Api(api)
    assert core.read_namespace("team").status.phase == "Active"
    assert core.read_namespaced_resource_quota("q", "default").spec.hard["pods"] == "100"
    assert res.read_device_class("gpu.example.com").spec.extended_resource_name == \
        "example.com/gpu"
    claim = res.read_namespaced_resource_claim("big", "default")
    assert claim.spec.devices.requests[0].exactly.allocation_mode == "ExactCount"
    assert res.read_namespaced_resource_claim_template("one-gpu", "default").spec.spec
    assert apps.read_namespaced_deployment("web", "default").spec.replicas == 1
    assert sched.read_namespaced_pod_group("pg", "default").spec.scheduling_policy.basic == {}
    assert sched.read_namespaced_workload("wl", "default").spec.pod_group_templates[0].name \
        == "t"
    ev = core.list_namespaced_event("default").items
    assert ev and all(e.involved_object is not None for e in ev)
