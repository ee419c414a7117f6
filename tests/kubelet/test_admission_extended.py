"""Kubelet admission of pods whose extended resources DRA serves (KEP-5004).

Upstream pkg/kubelet/lifecycle/predicate.go removeMissingExtendedResources: a name the node
does not report is not checked (all releases); a name reported with allocatable 0 is not
checked from 1.35 (kubernetes/kubernetes#133784: a removed device plugin's leftover); a
container's request mapped to the special claim in pod.status.extendedResourceClaimStatus is
not checked from 1.36 (kubernetes/kubernetes#135725, read at 00991fb9).
"""

from __future__ import annotations

import pytest

from drakit.features import FeatureGates
from drakit.kubelet.admission import admit


def node(alloc: dict) -> dict:
    return {"status": {"allocatable": {"cpu": "8", "memory": "32Gi", "pods": "110", **alloc}}}


def pod(name: str, res: str = "example.com/gpu", mapped: bool = False) -> dict:
    p = {"metadata": {"name": name},
         "spec": {"containers": [{"name": "app", "resources": {"requests": {res: "1"}}}]}}
    if mapped:
        p["status"] = {"extendedResourceClaimStatus": {
            "resourceClaimName": f"{name}-extended-resources-x", "requestMappings": [
                {"containerName": "app", "resourceName": res, "requestName": "container-0-request-0"}]}}
    return p


def gates(version: str, on: bool = True) -> FeatureGates:
    return FeatureGates(version, {"DRAExtendedResource": on} if version != "1.37" else {})


@pytest.mark.parametrize("version", ["1.34", "1.35", "1.36", "1.37"])
def test_a_name_the_node_does_not_report_is_never_checked(version: str) -> None:
    assert admit(pod("p"), node({}), [], gates(version)) is None


@pytest.mark.parametrize(("version", "admitted"), [("1.34", False), ("1.35", True), ("1.36", True),
                                                   ("1.37", True)])
def test_a_removed_device_plugins_zero_counts_as_missing_from_135(version: str, admitted: bool) -> None:
    r = admit(pod("p"), node({"example.com/gpu": "0"}), [], gates(version))
    assert (r is None) is admitted
    if r is not None:
        assert r.message == ("Node didn't have enough resource: example.com/gpu, requested: 1, "
                             "used: 0, capacity: 0")


@pytest.mark.parametrize(("version", "admitted"), [("1.35", False), ("1.36", True), ("1.37", True)])
def test_a_request_mapped_to_the_special_claim_is_not_checked_from_136(version: str, admitted: bool) -> None:
    # the device plugin still has one GPU, used by another pod; the new pod got its GPU from DRA
    r = admit(pod("dra", mapped=True), node({"example.com/gpu": "1"}), [pod("dp")], gates(version))
    assert (r is None) is admitted


def test_device_plugin_pods_are_still_checked() -> None:
    r = admit(pod("second"), node({"example.com/gpu": "1"}), [pod("first")], gates("1.37"))
    assert r is not None and r.reason == "OutOfexample.com/gpu"


def test_gate_off_keeps_the_old_rule() -> None:
    assert admit(pod("p", mapped=True), node({"example.com/gpu": "0"}), [], gates("1.36", on=False)) is not None


def test_a_zero_request_is_admitted_on_an_overcommitted_node() -> None:
    # predicate.go / noderesources fitsRequest check a resource only when the pod asks for more
    # than 0 of it: after the node's allocatable shrank below what its pods use, a pod asking
    # cpu "0" (or nothing) is still admitted, one asking 1m is not
    running = {"metadata": {"name": "big"},
               "spec": {"containers": [{"name": "app", "resources": {"requests": {"cpu": "2"}}}]}}
    shrunk = {"status": {"allocatable": {"cpu": "1", "memory": "32Gi", "pods": "110"}}}
    zero = {"metadata": {"name": "zero"},
            "spec": {"containers": [{"name": "app", "resources": {"requests": {"cpu": "0"}}}]}}
    assert admit(zero, shrunk, [running], gates("1.37")) is None
    some = {"metadata": {"name": "some"},
            "spec": {"containers": [{"name": "app", "resources": {"requests": {"cpu": "1m"}}}]}}
    r = admit(some, shrunk, [running], gates("1.37"))
    assert r is not None and r.message == ("Node didn't have enough resource: cpu, requested: 1, "
                                           "used: 2000, capacity: 1000")
