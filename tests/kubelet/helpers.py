"""Builders for the kubelet tests: claims, pods bound by spec.nodeName, allocations.

The scheduler is not involved: a test binds a pod by writing spec.nodeName and allocates a
claim by writing its status through the API server, as the scheduler would.
"""

from __future__ import annotations

from typing import Any

import drakit


def claim(name: str, requests: list[str] | None = None, cls: str = "gpu.example.com") -> dict:
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
            "metadata": {"name": name},
            "spec": {"devices": {"requests": [
                {"name": r, "exactly": {"deviceClassName": cls}} for r in requests or ["gpu"]]}}}


def container(name: str, claims: list[Any] | None = None, requests: dict | None = None,
              limits: dict | None = None, **extra: Any) -> dict:
    c: dict[str, Any] = {"name": name, "image": "registry.k8s.io/pause:3.10", **extra}
    res: dict[str, Any] = {}
    if claims:
        res["claims"] = [x if isinstance(x, dict) else {"name": x} for x in claims]
    if requests:
        res["requests"] = requests
    if limits:
        res["limits"] = limits
    if res:
        c["resources"] = res
    return c


def pod(name: str, containers: list[dict], node: str = "n1",
        claims: dict[str, str] | None = None, init: list[dict] | None = None,
        **spec: Any) -> dict:
    s: dict[str, Any] = {"nodeName": node, "containers": containers, **spec}
    if init:
        s["initContainers"] = init
    if claims:
        s["resourceClaims"] = [{"name": k, "resourceClaimName": v} for k, v in claims.items()]
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name}, "spec": s}


def allocate(c: drakit.Cluster, claim_name: str, devices: list[tuple[str, str, str, str]],
             reserved_for: list[str] | None = None, namespace: str = "default",
             consumers: list[dict] | None = None, touch: bool = True) -> dict:
    """devices: (request, driver, pool, device); reserved_for: pod names, each then updated
    (an annotation) so that its kubelet syncs it at once: the kubelet watches no claim, and a
    pod bound before its claim was reserved would otherwise wait for its resync (steps/
    kubelet_steps.py CLAIMS_RESERVED_ANNOTATION does the same)."""
    obj = c.get("ResourceClaim", claim_name, namespace)
    refs = list(consumers or [])
    for p in reserved_for or []:
        uid = c.get("Pod", p, namespace)["metadata"]["uid"]
        refs.append({"resource": "pods", "name": p, "uid": uid})
    obj["status"] = {"allocation": {"devices": {"results": [
        {"request": r, "driver": d, "pool": pool, "device": dev}
        for r, d, pool, dev in devices]}}}
    if refs:
        obj["status"]["reservedFor"] = refs
    out = c.update_status(obj)
    if touch:
        touch_pods(c, f"{claim_name}@{out['metadata']['resourceVersion']}", reserved_for or [],
                   namespace)
    return out


def touch_pods(c: drakit.Cluster, mark: str, pods: list[str], namespace: str = "default") -> None:
    """Update the pods' annotations: an update reaches a pod's worker at once."""
    for p in pods:
        c.patch("Pod", p, {"metadata": {"annotations": {"drakit.io/claims-reserved": mark}}},
                namespace)


def bind(c: drakit.Cluster, name: str, node: str = "n1", namespace: str = "default") -> None:
    """POST pods/<name>/binding, as a scheduler's Bind (for a pod made with ``unbound()``)."""
    c.api.bind(name, namespace, node)
    c.settle()


def unbound(p: dict) -> dict:
    """The pod without spec.nodeName, naming a scheduler nobody runs: only bind() places it,
    after the test wrote what a scheduler writes before it binds."""
    del p["spec"]["nodeName"]
    p["spec"]["schedulerName"] = "bound-by-the-test"
    return p

def phase(c: drakit.Cluster, name: str) -> str:
    return c.get("Pod", name)["status"].get("phase", "")


def events(c: drakit.Cluster, pod_name: str, reason: str | None = None) -> list[dict]:
    return [e for e in c.events("Pod", pod_name) if reason is None or e["reason"] == reason]


def record_calls(monkeypatch: Any, owner: Any, attr: str, note: Any) -> list:
    """Wrap ``owner.attr`` so each call appends ``note(first argument)`` to the returned list
    and then does what it did: how often a cached computation really ran."""
    calls: list = []
    real = getattr(owner, attr)

    def recording(first: Any, *args: Any) -> Any:
        calls.append(note(first))
        return real(first, *args)

    monkeypatch.setattr(owner, attr, recording)
    return calls


def deny_policy(name: str, operation: str, resource: str, expression: str, message: str,
                group: str = "") -> list[dict]:
    """A ValidatingAdmissionPolicy and its Deny binding: ``operation`` on ``resource`` (of core
    v1 unless ``group``) is refused with ``message`` unless ``expression`` holds."""
    return [
        {"apiVersion": "admissionregistration.k8s.io/v1", "kind": "ValidatingAdmissionPolicy",
         "metadata": {"name": name},
         "spec": {"matchConstraints": {"resourceRules": [
             {"apiGroups": [group], "apiVersions": ["v1"], "operations": [operation],
              "resources": [resource]}]},
             "validations": [{"expression": expression, "message": message}]}},
        {"apiVersion": "admissionregistration.k8s.io/v1", "kind": "ValidatingAdmissionPolicyBinding",
         "metadata": {"name": name},
         "spec": {"policyName": name, "validationActions": ["Deny"]}},
    ]
