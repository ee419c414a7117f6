"""The DRA manager's resourceclaim.Name (DRALIB k8s.io/dynamic-resource-allocation/resourceclaim).

A template claim the pod's status does not name yet is ErrClaimNotFound, wrapped with the pod's
namespace/name: 'pod "<ns>/<name>": ResourceClaim not created yet' (Go's pod.Namespace + "/" +
pod.Name: an empty namespace prints nothing). drakit.claims.claim_name is the one copy. The kubelet's
prepareResources returns it unwrapped (k/k pkg/kubelet/cm/dra/manager.go), so it is what a
FailedPrepareDynamicResources event carries (features/platform.feature pins it for a pod bound by
spec.nodeName before its claim exists); this checks the namespace forms here.
"""

from __future__ import annotations

import pytest

from drakit.kubelet.dra_manager import PrepareError, claim_name_for


def _pod(namespace: str | None, statuses: list | None = None) -> dict:
    md = {"name": "trainer"} if namespace is None else {"name": "trainer", "namespace": namespace}
    return {"metadata": md, "spec": {}, "status": {"resourceClaimStatuses": statuses or []}}


TEMPLATE = {"name": "gpu", "resourceClaimTemplateName": "gpu-template"}


@pytest.mark.parametrize(("namespace", "ref"), [("team-a", "team-a/trainer"),
                                                (None, "/trainer")])
def test_a_template_claim_not_created_yet_names_the_pod(namespace, ref):
    with pytest.raises(PrepareError) as e:
        claim_name_for(_pod(namespace), TEMPLATE)
    assert str(e.value) == f'pod "{ref}": ResourceClaim not created yet'


def test_a_created_template_claim_is_named_from_the_status_and_owner_checked():
    pod = _pod("team-a", [{"name": "gpu", "resourceClaimName": "trainer-gpu-x7k2q"}])
    assert claim_name_for(pod, TEMPLATE) == ("trainer-gpu-x7k2q", True)
    assert claim_name_for(pod, {"name": "c", "resourceClaimName": "shared"}) == ("shared", False)
