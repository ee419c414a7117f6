"""drakit.claims.is_for_pod: resourceclaim.IsForPod's texts per release, the one copy the
scheduler, the controllers and the kubelet share (k8s.io/dynamic-resource-allocation
resourceclaim.go at kubernetes-1.34.0/1.35.0 and from kubernetes-1.36.0).

The namespace-mismatch text is here only: every caller reads the claim from the pod's own
namespace, so no API sequence reaches it."""

import pytest

from drakit import claims as cu
from drakit.kubelet.dra_manager import PrepareError
from drakit.kubelet.dra_manager import is_for_pod as kubelet_is_for_pod

POD = {"metadata": {"namespace": "ns", "name": "p", "uid": "u-pod"}}
GROUPED = {"metadata": {"namespace": "ns", "name": "p", "uid": "u-pod"},
           "spec": {"schedulingGroup": {"podGroupName": "ring"}}}


def claim(namespace="ns", **ref):
    refs = [dict({"controller": True, "uid": "u-other", "kind": "Pod", "apiVersion": "v1",
                  "name": "x"}, **ref)]
    return {"metadata": {"namespace": namespace, "name": "c", "ownerReferences": refs}}


@pytest.mark.parametrize("release", ["1.34", "1.35", "1.36", "1.37"])
def test_a_claim_the_pod_controls_is_for_it(release):
    assert cu.is_for_pod(POD, claim(uid="u-pod"), False, release) is None


@pytest.mark.parametrize("release,text", [
    ("1.34", "ResourceClaim ns/c was not created for pod ns/p (pod is not owner)"),
    ("1.35", "ResourceClaim ns/c was not created for pod ns/p (pod is not owner)"),
    ("1.36", "ResourceClaim ns/c was not created for Pod ns/p (Pod is not owner)"),
    ("1.37", "ResourceClaim ns/c was not created for Pod ns/p (Pod is not owner)"),
])
def test_another_owner(release, text):
    assert cu.is_for_pod(POD, claim(), False, release) == text
    with pytest.raises(PrepareError, match=r"^" + text.replace("(", r"\(").replace(")", r"\)")):
        kubelet_is_for_pod(POD, claim(), False, release)


def test_a_non_controller_reference_does_not_count():
    c = claim(uid="u-pod", controller=False)
    assert cu.is_for_pod(POD, c, False, "1.37").endswith("(Pod is not owner)")


@pytest.mark.parametrize("release,text", [
    ("1.35", "ResourceClaim other/c was not created for pod ns/p (pod is not owner)"),
    ("1.36", "ResourceClaim other/c is not in the same namespace as Pod ns/p"),
])
def test_another_namespace(release, text):
    assert cu.is_for_pod(POD, claim("other", uid="u-pod"), False, release) == text


def test_podgroup_owner_only_with_the_gate():
    c = claim(kind="PodGroup", apiVersion="scheduling.k8s.io/v1alpha2", name="ring")
    assert cu.is_for_pod(GROUPED, c, True, "1.36") is None
    assert cu.is_for_pod(GROUPED, c, False, "1.36").endswith("(Pod is not owner)")
    other = claim(kind="PodGroup", apiVersion="scheduling.k8s.io/v1alpha2", name="other")
    assert cu.is_for_pod(GROUPED, other, True, "1.37") == (
        "ResourceClaim ns/c was not created for Pod ns/p (neither Pod nor PodGroup ring is the owner)")
    wrong_group = claim(kind="PodGroup", apiVersion="example.com/v1", name="ring")
    assert cu.is_for_pod(GROUPED, wrong_group, True, "1.37") is not None
