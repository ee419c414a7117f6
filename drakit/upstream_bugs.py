"""Upstream bugs that drakit emulates on purpose, per Kubernetes version.

Why: drakit is the oracle a real cluster is compared with. Where a released Kubernetes
version has a known bug, a cluster of that version shows the bug, so the reference must show
it too, or a conformant cluster reads as failing. Once upstream ships the fix, a newer
emulated version must behave fixed. Each entry names the upstream issue, the fix and the
first release carrying it; code asks :func:`has_bug` with the emulated version instead of
comparing version strings itself, so adding a newer version row fixes every place at once.

Scenarios that pin such a bug carry ``@deviation:<repo>#<number>`` with the same reference.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class UpstreamBug:
    """One known upstream bug and where it ends."""

    ref: str
    """``<owner>/<repo>#<issue>``, the tag value scenarios use."""
    summary: str
    first_affected: str
    """The first minor release that has the bug."""
    fixed_in: str | None
    """The first minor release with the fix, or None while no release has it."""
    fix: str
    """The pull request (and what it changed) that fixes it."""


def _minor(version: str) -> tuple[int, int]:
    major, minor = version.split(".")[:2]
    return int(major), int(minor)


BUGS: dict[str, UpstreamBug] = {b.ref: b for b in (
    UpstreamBug(
        ref="kubernetes/kubernetes#134991",
        summary=("DRAExtendedResource at 1.34: NodeResourcesFit registers no DeviceClass "
                 "event, so a pod it rejected for an extended resource name no class mapped "
                 "is not tried again when a DeviceClass maps the name (DynamicResources, which "
                 "registers class events, did not reject it), only by the 5-minute flush of "
                 "unschedulable pods"),
        first_affected="1.34",
        # merged 2025-10-31 for 1.35 ("/kind bug", release note None); no cherry-pick found
        fixed_in="1.35",
        fix=("kubernetes/kubernetes#134991: with DRAExtendedResource NodeResourcesFit "
             "registers DeviceClass Add and Update with the queueing hint "
             "isSchedulableAfterDeviceClassEvent"),
    ),
    UpstreamBug(
        ref="kubernetes/kubernetes#141467",
        summary=("DRAExtendedResource + DRANodeAllocatableResources: PreBind patches "
                 "status.nodeAllocatableResourceClaimStatuses with the in-memory claim name "
                 "\"<extended-resources>\"; validation refuses it (\"no mapping found in pod "
                 "reference\") and the pod never schedules"),
        first_affected="1.37",
        # merged on master 2026-08-27, not backported to release-1.37: first in 1.38
        fixed_in="1.38",
        fix=("kubernetes/kubernetes#141556: the scheduler replaces the placeholder with the "
             "created claim's name (replaceSpecialClaimNameInStatus) and "
             "validateNodeAllocatableResourceClaimStatus also accepts the name recorded in "
             "status.extendedResourceClaimStatus"),
    ),
    UpstreamBug(
        ref="kubernetes/kubernetes#141103",
        summary=("DRAExtendedResource: the scheduler's ExtendedResourceCache (k8s.io/"
                 "dynamic-resource-allocation deviceclass/extendedresourcecache) compares an "
                 "event's class only with the one cached under its explicit name: a class "
                 "losing the newest-wins comparison gets no implicit name, an update or delete "
                 "of any class drops the mapping of its explicit name even when another class "
                 "owns it (re-pointing as KEP-5004 describes leaves the name unmapped), and "
                 "deleting the winner does not promote the runner-up"),
        # the cache arrived with kubernetes/kubernetes#134326 and #135037 (kubernetes-1.35.0)
        first_affected="1.35",
        # merged on master 2026-08 after the 1.37 freeze ("not serious enough ... this late in
        # the 1.37 release cycle", review of #141110); no cherry-pick found: first in 1.38
        fixed_in="1.38",
        fix=("kubernetes/kubernetes#141110: keep every candidate class per explicit name and "
             "recompute the winner on each add, update and delete; implicit names are kept "
             "independently of the arbitration"),
    ),
)}


def has_bug(version: str, ref: str) -> bool:
    """Whether the emulated ``version`` has the upstream bug ``ref``."""
    bug = BUGS[ref]
    v = _minor(version)
    if v < _minor(bug.first_affected):
        return False
    return bug.fixed_in is None or v < _minor(bug.fixed_in)


FIT_CLASS_EVENTS = "kubernetes/kubernetes#134991"
EXTENDED_RESOURCE_NODE_ALLOCATABLE = "kubernetes/kubernetes#141467"
EXTENDED_RESOURCE_CACHE = "kubernetes/kubernetes#141103"

__all__ = ["BUGS", "EXTENDED_RESOURCE_CACHE", "EXTENDED_RESOURCE_NODE_ALLOCATABLE",
           "FIT_CLASS_EVENTS", "UpstreamBug", "has_bug"]
