"""ResourceQuota evaluators as shipped (k/k pkg/quota/v1/evaluator/core pods.go and
resource_claims.go, 1.37 cycle): what a pod and a ResourceClaim are charged, KEP-5004 keys
included. Expected values are worked out from the upstream code, not from drakit's output."""

from __future__ import annotations

from drakit.api.quantity import Quantity
from drakit.controllers.quota import claim_usage, pod_usage

EXT_ANN = {"resource.kubernetes.io/extended-resource-claim": "true"}
EXPLICIT = {"gpu.example.com": "example.com/gpu"}


class FakeServer:
    """The three reads the claim evaluator makes: get the owning pod, list claims, the clock."""

    def __init__(self, pods=(), claims=()) -> None:
        self.pods = {p["metadata"]["name"]: p for p in pods}
        self.claims = list(claims)

        class _Clock:
            @staticmethod
            def timestamp() -> str:
                return "2026-01-01T00:00:09Z"
        self.clock = _Clock()

    def try_get(self, kind, name, namespace=None):
        return self.pods.get(name) if kind == "Pod" else None

    def list(self, kind, namespace=None, copy=True):
        return self.claims if kind == "ResourceClaim" else []


def pod(name="p", reqs=None, phase=None, ecs=None, uid="uid-p") -> dict:
    st = {}
    if phase:
        st["phase"] = phase
    if ecs:
        st["extendedResourceClaimStatus"] = {"resourceClaimName": ecs, "requestMappings": []}
    return {"metadata": {"name": name, "namespace": "ns", "uid": uid},
            "spec": {"containers": [{"name": "c", "resources": {"requests": dict(reqs or {})}}]},
            "status": st}


def claim(requests, name="c1", owner_uid=None, created="2026-01-01T00:00:05Z") -> dict:
    md = {"name": name, "namespace": "ns", "creationTimestamp": created}
    if owner_uid:
        md["annotations"] = dict(EXT_ANN)
        md["ownerReferences"] = [{"apiVersion": "v1", "kind": "Pod", "name": "p", "uid": owner_uid,
                                  "controller": True}]
    return {"metadata": md, "spec": {"devices": {"requests": requests}}}


def exact(cls, count=1, mode="ExactCount") -> dict:
    return {"name": "r", "exactly": {"deviceClassName": cls, "allocationMode": mode, "count": count}}


def as_str(usage) -> dict[str, str]:
    return {k: str(v) for k, v in usage.items()}


def test_pod_is_charged_the_name_it_asks_for_explicit_or_implicit() -> None:
    u = as_str(pod_usage(pod(reqs={"example.com/gpu": "1",
                                   "deviceclass.resource.kubernetes.io/fpga.example.com": "2",
                                   "cpu": "1", "hugepages-2Mi": "4Mi"})))
    assert u["requests.example.com/gpu"] == "1"
    assert u["requests.deviceclass.resource.kubernetes.io/fpga.example.com"] == "2"
    assert u["requests.cpu"] == "1" and u["cpu"] == "1"
    assert u["hugepages-2Mi"] == "4Mi" and u["requests.hugepages-2Mi"] == "4Mi"
    assert "requests.hugepages-2Mi" in u and "count/pods" in u and u["pods"] == "1"


def test_terminal_pod_keeps_only_its_object_count() -> None:
    assert as_str(pod_usage(pod(reqs={"example.com/gpu": "1"}, phase="Succeeded"))) == {"count/pods": "1"}


def test_plain_claim_pays_per_class_implicit_and_explicit_keys() -> None:
    u = as_str(claim_usage(claim([exact("gpu.example.com", 2)]), EXPLICIT, True, FakeServer()))
    assert u == {"count/resourceclaims.resource.k8s.io": "1",
                 "gpu.example.com.deviceclass.resource.k8s.io/devices": "2",
                 "requests.deviceclass.resource.kubernetes.io/gpu.example.com": "2",
                 "requests.example.com/gpu": "2"}


def test_all_is_charged_the_worst_case_and_first_available_the_largest_alternative() -> None:
    c = claim([exact("gpu.example.com", mode="All"),
               {"name": "alt", "firstAvailable": [
                   {"name": "big", "deviceClassName": "fpga.example.com", "allocationMode": "ExactCount", "count": 3},
                   {"name": "small", "deviceClassName": "fpga.example.com", "allocationMode": "ExactCount", "count": 1}]}])
    u = as_str(claim_usage(c, {}, False, None))
    assert u["gpu.example.com.deviceclass.resource.k8s.io/devices"] == "32"
    assert u["fpga.example.com.deviceclass.resource.k8s.io/devices"] == "3"
    assert "requests.deviceclass.resource.kubernetes.io/gpu.example.com" not in u  # gate off


def test_special_claim_of_an_explicit_pod_pays_only_the_implicit_key() -> None:
    p = pod(reqs={"example.com/gpu": "1"})
    u = as_str(claim_usage(claim([exact("gpu.example.com")], owner_uid="uid-p"), EXPLICIT, True,
                           FakeServer(pods=[p])))
    assert u["requests.deviceclass.resource.kubernetes.io/gpu.example.com"] == "1"
    assert "requests.example.com/gpu" not in u


def test_special_claim_of_an_implicit_pod_pays_only_the_explicit_key() -> None:
    p = pod(reqs={"deviceclass.resource.kubernetes.io/gpu.example.com": "1"})
    u = as_str(claim_usage(claim([exact("gpu.example.com")], owner_uid="uid-p"), EXPLICIT, True,
                           FakeServer(pods=[p])))
    assert u["requests.example.com/gpu"] == "1"
    assert "requests.deviceclass.resource.kubernetes.io/gpu.example.com" not in u


def test_special_claim_is_charged_fully_when_the_pod_cannot_be_verified() -> None:
    c = claim([exact("gpu.example.com")], owner_uid="uid-p")
    full = {"requests.example.com/gpu": "1", "requests.deviceclass.resource.kubernetes.io/gpu.example.com": "1"}
    # the pod's status names another claim
    p = pod(reqs={"example.com/gpu": "1"}, ecs="other")
    assert as_str(claim_usage(c, EXPLICIT, True, FakeServer(pods=[p]))).items() >= full.items()
    # the owner reference carries another uid (a pod re-created under the same name)
    p = pod(reqs={"example.com/gpu": "1"}, uid="uid-new")
    assert as_str(claim_usage(c, EXPLICIT, True, FakeServer(pods=[p]))).items() >= full.items()
    # an older special claim of the same pod pays first
    older = claim([exact("gpu.example.com")], name="c0", owner_uid="uid-p", created="2026-01-01T00:00:01Z")
    p = pod(reqs={"example.com/gpu": "1"})
    assert as_str(claim_usage(c, EXPLICIT, True, FakeServer(pods=[p], claims=[older, c]))).items() >= full.items()
    # ... but not a newer one
    newer = claim([exact("gpu.example.com")], name="c2", owner_uid="uid-p", created="2026-01-01T00:00:07Z")
    u = as_str(claim_usage(c, EXPLICIT, True, FakeServer(pods=[p], claims=[c, newer])))
    assert "requests.example.com/gpu" not in u


def test_a_claim_being_admitted_is_stamped_now_against_older_claims() -> None:
    new = claim([exact("gpu.example.com")], name="c9", owner_uid="uid-p", created=None)
    new["metadata"].pop("creationTimestamp")
    older = claim([exact("gpu.example.com")], name="c0", owner_uid="uid-p")
    p = pod(reqs={"example.com/gpu": "1"})
    u = claim_usage(new, EXPLICIT, True, FakeServer(pods=[p], claims=[older]))
    assert u["requests.example.com/gpu"] == Quantity(1)
