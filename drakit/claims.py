"""Pod <-> ResourceClaim helpers shared by the scheduler, the controllers and quota.

Why one module, below every component: upstream both the scheduler and the ResourceClaim
controller call k8s.io/dynamic-resource-allocation ``resourceclaim`` (Name, IsForPod,
IsReservedForPod, CanBeReserved, and with KEP-5729 BindTo) so they agree on which claim a
pod entry means and who a reservation is for (api-truth §9.7). It lives at the top of the
package, not inside one component, so that no component imports another (the walls in
tests/test_walls.py). Messages are upstream's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drakit.api.names import is_extended_resource_name
from drakit.features import release_at_least

FINALIZER = "resource.kubernetes.io/delete-protection"
POD_CLAIM_NAME_ANNOTATION = "resource.kubernetes.io/pod-claim-name"
EXTENDED_RESOURCE_CLAIM_ANNOTATION = "resource.kubernetes.io/extended-resource-claim"
RESERVED_FOR_MAX = 256
PODGROUP_API_GROUP = "scheduling.k8s.io"
ERR_CLAIM_NOT_FOUND = "ResourceClaim not created yet"
ERR_API_UNSUPPORTED = "resource claim reference not supported"


class ClaimError(Exception):
    """The pod's claim cannot be resolved (not schedulable until something changes)."""


def _md(obj: Mapping[str, Any]) -> Mapping[str, Any]:
    return obj.get("metadata") or {}


def pod_group_name(pod: Mapping[str, Any]) -> str | None:
    """spec.schedulingGroup.podGroupName (1.36 and 1.37), or None for an ungrouped pod (also
    for a schedulingGroup stored past validation that is no object or names no group)."""
    sg = (pod.get("spec") or {}).get("schedulingGroup") or {}
    name = sg.get("podGroupName") if isinstance(sg, Mapping) else None
    return name if isinstance(name, str) and name else None


def claim_name(pod: Mapping[str, Any], entry: Mapping[str, Any]) -> tuple[str | None, bool]:
    """resourceclaim.Name: (claim name or None, must check owner); raises ClaimError."""
    if entry.get("resourceClaimName"):
        return entry["resourceClaimName"], False
    if entry.get("resourceClaimTemplateName"):
        for st in (pod.get("status") or {}).get("resourceClaimStatuses") or ():
            if st.get("name") == entry.get("name"):
                return st.get("resourceClaimName"), True
        raise ClaimError(f'pod "{_pod_ref(pod)}": {ERR_CLAIM_NOT_FOUND}')
    raise ClaimError(f'pod "{_pod_ref(pod)}", spec.resourceClaim "{entry.get("name")}": '
                     f'{ERR_API_UNSUPPORTED}')


def _pod_ref(pod: Mapping[str, Any]) -> str:
    """pod.Namespace + "/" + pod.Name, as resourceclaim.Name prints it (Go's empty strings)."""
    md = _md(pod)
    return f'{md.get("namespace") or ""}/{md.get("name") or ""}'


def podgroup_entry_matches(pod_entry: Mapping[str, Any], pg_entry: Mapping[str, Any]) -> bool:
    """KEP-5729 as shipped: same name, same resourceClaimName, same template name."""
    return (pod_entry.get("name") == pg_entry.get("name")
            and pod_entry.get("resourceClaimName") == pg_entry.get("resourceClaimName")
            and pod_entry.get("resourceClaimTemplateName") == pg_entry.get("resourceClaimTemplateName"))


def matching_podgroup_entry(pod: Mapping[str, Any], entry: Mapping[str, Any],
                            podgroup: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    if podgroup is None:
        return None
    if _md(podgroup).get("name") != pod_group_name(pod):
        return None
    for pg_entry in (podgroup.get("spec") or {}).get("resourceClaims") or ():
        if podgroup_entry_matches(entry, pg_entry):
            return pg_entry
    return None


def is_for_pod(pod: Mapping[str, Any], claim: Mapping[str, Any], accept_podgroup: bool,
               release: str = "1.37") -> str | None:
    """resourceclaim.IsForPod (k8s.io/dynamic-resource-allocation resourceclaim.go); returns
    upstream's error text or None. The one copy for the scheduler, the controllers and the
    kubelet (which raises the text as a PrepareError).

    kubernetes-1.34.0 / 1.35.0: one check and one text, "ResourceClaim <ns>/<c> was not
    created for pod <ns>/<p> (pod is not owner)", also for a claim of another namespace.
    From kubernetes-1.36.0 (the KEP-5729 rewrite, with acceptPodGroupOwner): a namespace
    mismatch has its own text ("is not in the same namespace as Pod"), "Pod" is capitalised,
    and with the gate on a claim controlled by the pod's PodGroup (kind PodGroup, group
    scheduling.k8s.io, the pod's podGroupName) is for the pod too.

    Upstream compares the claim's controller reference (metav1.IsControlledBy: the first
    ownerReference with controller=true) with the pod's UID; the API allows one controller
    reference only, so any controller reference is that one. With the gate on, upstream
    writes the PodGroup text only for a pod that has a PodGroup (it dereferences the pod's
    podGroupName there); for a pod without one drakit keeps the "(Pod is not owner)" text.
    """
    pmd, cmd = _md(pod), _md(claim)
    who = f"{cmd.get('namespace')}/{cmd.get('name')}"
    pod_ref = f"{pmd.get('namespace')}/{pmd.get('name')}"
    controller = next((ref for ref in cmd.get("ownerReferences") or () if ref.get("controller")),
                      None)
    owned = controller is not None and controller.get("uid") == pmd.get("uid")
    if not release_at_least(release, "1.36"):
        if cmd.get("namespace") != pmd.get("namespace") or not owned:
            return f"ResourceClaim {who} was not created for pod {pod_ref} (pod is not owner)"
        return None
    if cmd.get("namespace") != pmd.get("namespace"):
        return f"ResourceClaim {who} is not in the same namespace as Pod {pod_ref}"
    if owned:
        return None
    pg = pod_group_name(pod)
    if accept_podgroup and pg:
        if controller is not None and controller.get("kind") == "PodGroup" and \
                str(controller.get("apiVersion", "")).startswith(PODGROUP_API_GROUP + "/") and \
                controller.get("name") == pg:
            return None
        return (f"ResourceClaim {who} was not created for Pod {pod_ref} "
                f"(neither Pod nor PodGroup {pg} is the owner)")
    return f"ResourceClaim {who} was not created for Pod {pod_ref} (Pod is not owner)"


def is_reserved_for_pod(pod: Mapping[str, Any], claim: Mapping[str, Any], podgroups_on: bool) -> bool:
    uid = _md(pod).get("uid")
    pg = pod_group_name(pod) if podgroups_on else None
    for r in (claim.get("status") or {}).get("reservedFor") or ():
        if r.get("uid") == uid:
            return True
        if pg and r.get("apiGroup") == PODGROUP_API_GROUP and r.get("resource") == "podgroups" \
                and r.get("name") == pg:
            return True
    return False


def can_be_reserved(claim: Mapping[str, Any]) -> bool:
    return len((claim.get("status") or {}).get("reservedFor") or ()) < RESERVED_FOR_MAX


def pod_consumer(pod: Mapping[str, Any]) -> dict:
    md = _md(pod)
    return {"resource": "pods", "name": md.get("name"), "uid": md.get("uid")}


def podgroup_consumer(podgroup: Mapping[str, Any]) -> dict:
    md = _md(podgroup)
    return {"apiGroup": PODGROUP_API_GROUP, "resource": "podgroups", "name": md.get("name"),
            "uid": md.get("uid")}


def is_extended_resource_claim(claim: Mapping[str, Any]) -> bool:
    return (_md(claim).get("annotations") or {}).get(EXTENDED_RESOURCE_CLAIM_ANNOTATION) == "true"


DEVICE_CLASS_PREFIX = "deviceclass.resource.kubernetes.io/"
"""KEP-5004: every DeviceClass is also reachable as ``deviceclass.resource.kubernetes.io/<class>``."""


def is_dra_extended_resource_name(name: str) -> bool:
    """schedutil.IsDRAExtendedResourceName: an extended resource or an implicit class name.
    Shared by the scheduler and the quota controller, so it lives below both."""
    return is_extended_resource_name(name) or name.startswith(DEVICE_CLASS_PREFIX)
