"""What the report knows about each KEP: title, upstream text, stage per Kubernetes version.

Kept as data, not derived from the features, because the stage of a KEP is a fact about
Kubernetes releases, not about our scenarios. Source: the cross-cutting feature-gate table in
the project's evidence notes (api-truth.md §0, "Cross-cutting summary of feature gates"),
itself read from kube-scheduler's versioned feature-gate table (staging/src/k8s.io/
kube-scheduler/pkg/features/kube_features.go, 1.37-era), k/k pkg/features/kube_features.go
and the kubernetes/website feature-gate pages. Upstream KEP directories were checked in
kubernetes/enhancements (master). Update this table when a release moves a gate.
"""

from __future__ import annotations

from dataclasses import dataclass, field

SOURCE = ("api-truth.md §0 (feature-gate table: kube-scheduler pkg/features/kube_features.go "
          "1.37-era, k/k pkg/features/kube_features.go, kubernetes/website gate pages)")
ENHANCEMENTS = "https://github.com/kubernetes/enhancements/tree/master/keps/"
VERSIONS = ("1.36", "1.37")


@dataclass(frozen=True)
class Kep:
    number: str
    title: str
    path: str
    """Directory under kubernetes/enhancements/keps/."""
    gates: tuple[str, ...]
    stages: dict[str, str] = field(default_factory=dict)
    """Kubernetes version -> stage text (e.g. "beta, on by default")."""
    note: str = ""

    @property
    def url(self) -> str:
        return ENHANCEMENTS + self.path


KEPS: dict[str, Kep] = {k.number: k for k in (
    Kep("5004", "DRA Extended Resource", "sig-scheduling/5004-dra-extended-resource",
        ("DRAExtendedResource",),
        {"1.36": "beta, on", "1.37": "GA, on (locked)"}),
    Kep("5234", "DRA ResourceSlice Mixins", "sig-scheduling/5234-dra-resourceslice-mixins",
        ("DRAResourceSliceMixins",),
        {"1.36": "not shipped", "1.37": "not shipped"},
        "no API fields in any release; the website lists a hidden alpha gate (off)"),
    Kep("5729", "DRA: ResourceClaim Support for Workloads",
        "sig-scheduling/5729-resourceclaim-support-for-workloads",
        ("DRAWorkloadResourceClaims", "GenericWorkload"),
        {"1.36": "alpha, off", "1.37": "beta, off by default"},
        "the KEP's gate name WorkloadPodGroupResourceClaimTemplate never shipped"),
    Kep("5517", "DRA Node Allocatable Resources",
        "sig-scheduling/5517-dra-node-allocatable-resources",
        ("DRANodeAllocatableResources",),
        {"1.36": "alpha, off", "1.37": "alpha, off (API reshaped)"}),
    Kep("3695", "Extend the PodResources API to include resources allocated by DRA",
        "sig-node/3695-pod-resources-for-dra",
        ("KubeletPodResourcesGet", "KubeletPodResourcesDynamicResources"),
        {"1.36": "GA", "1.37": "GA"}),
)}


def kep_info(number: str) -> Kep | None:
    return KEPS.get(number.removeprefix("KEP-").removeprefix("kep-"))


PLATFORM = "platform"
"""Group of the ``@platform`` scenarios (features/platform.feature): general API-server
behaviour that belongs to no KEP (decoding, serialisation, registry strategies)."""


def label(group: str) -> str:
    """Row label of a scenario group: ``KEP-5004``, ``Platform`` or ``other``."""
    if group == PLATFORM:
        return "Platform"
    return f"KEP-{group}" if group else "other"
