"""Stored objects read by another release (upgrade/downgrade across the KEP-5517 shape change).

The 1.37 API tombstoned the 1.36 fields (device nodeAllocatableResourceMappings, the status
entries' resources map) and 1.36 does not know the 1.37 ones (nodeAllocatableResources,
mapping/overhead lists); the protobuf decoder drops unknown fields on read, but etcd keeps the
bytes until the object is written again (drakit/apiserver.py set_gates).
"""

from __future__ import annotations

from drakit import Cluster

GATES = {"DRANodeAllocatableResources": True}
SLICE_136 = """
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: s}
spec:
  driver: dra.example.com
  nodeName: n1
  pool: {name: p, resourceSliceCount: 1}
  devices:
  - name: c0
    nodeAllocatableResourceMappings: {cpu: {allocationMultiplier: "2"}}
"""
POD = """
apiVersion: v1
kind: Pod
metadata: {name: p}
spec:
  containers: [{name: a, image: x, resources: {claims: [{name: c}]}}]
  resourceClaims: [{name: c, resourceClaimName: cl}]
"""


def _cluster(version: str) -> Cluster:
    c = Cluster(version=version, feature_gates=GATES)
    c.apply(POD)
    return c


def _entries(c: Cluster) -> list:
    return c.get("Pod", "p")["status"].get("nodeAllocatableResourceClaimStatuses")


def test_upgrade_drops_the_136_status_map_and_device_field() -> None:
    c = _cluster("1.36")
    c.apply(SLICE_136)
    c.patch("Pod", "p", {"status": {"nodeAllocatableResourceClaimStatuses": [
        {"resourceClaimName": "cl", "containers": ["a"], "resources": {"cpu": "2"}}]}}, subresource="status")
    rv = c.get("Pod", "p")["metadata"]["resourceVersion"]
    c.set_version("1.37")
    assert _entries(c) == [{"resourceClaimName": "cl", "containers": ["a"]}]
    assert c.get("ResourceSlice", "s")["spec"]["devices"] == [{"name": "c0"}]
    # nothing was written: same resourceVersion, and 1.36 reads the bytes again
    assert c.get("Pod", "p")["metadata"]["resourceVersion"] == rv
    c.set_version("1.36")
    assert _entries(c)[0]["resources"] == {"cpu": "2"}
    assert c.get("ResourceSlice", "s")["spec"]["devices"][0]["nodeAllocatableResourceMappings"]


def test_a_write_by_the_other_release_loses_the_fields_for_good() -> None:
    c = _cluster("1.37")
    c.patch("Pod", "p", {"status": {"nodeAllocatableResourceClaimStatuses": [
        {"resourceClaimName": "cl", "containers": ["a"], "mapping": [{"name": "cpu", "quantity": "2"}]}]}},
        subresource="status")
    c.set_version("1.36")
    assert _entries(c) == [{"resourceClaimName": "cl", "containers": ["a"]}]
    c.patch("Pod", "p", {"metadata": {"labels": {"written": "at-1.36"}}})
    c.set_version("1.37")
    assert _entries(c) == [{"resourceClaimName": "cl", "containers": ["a"]}]


def test_releases_before_136_have_no_field_at_all() -> None:
    c = _cluster("1.36")
    c.patch("Pod", "p", {"status": {"nodeAllocatableResourceClaimStatuses": [
        {"resourceClaimName": "cl", "containers": ["a"], "resources": {"cpu": "2"}}]}}, subresource="status")
    c.set_version("1.35")
    assert "nodeAllocatableResourceClaimStatuses" not in c.get("Pod", "p")["status"]


def test_a_gate_change_at_the_same_release_decodes_nothing() -> None:
    c = _cluster("1.37")
    c.patch("Pod", "p", {"status": {"nodeAllocatableResourceClaimStatuses": [
        {"resourceClaimName": "cl", "containers": ["a"], "mapping": [{"name": "cpu", "quantity": "2"}]}]}},
        subresource="status")
    c.set_feature_gates({"DRANodeAllocatableResources": False})
    assert _entries(c)[0]["mapping"] == [{"name": "cpu", "quantity": "2"}]
