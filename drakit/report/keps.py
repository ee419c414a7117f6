"""What the report knows about each KEP: title, upstream text, stage per Kubernetes version.

Kept as data, not derived from the features, because the stage of a KEP is a fact about
Kubernetes releases, not about our scenarios: it is read from drakit's versioned gate table
(``drakit.features``, generated from the upstream gate files of each release), except where
written out (KEP-5234 never shipped). Upstream KEP directories were checked in
kubernetes/enhancements (master).
"""

from __future__ import annotations

from dataclasses import dataclass, field

SOURCE = ("drakit.features (the versioned feature-gate table of each release, generated from "
          "the upstream gate files by scripts/gen_featuregates.py; docs/versions.md)")
ENHANCEMENTS = "https://github.com/kubernetes/enhancements/tree/master/keps/"
VERSIONS = ("1.34", "1.35", "1.36", "1.37")


def gate_stage(gate: str, version: str) -> str:
    """"beta, on" / "GA, on (locked)" / "not in 1.34", read from drakit's gate table."""
    from drakit.features import GATES

    spec = GATES.get(version, {}).get(gate)
    if spec is None:
        return f"not in {version}"
    stage = "GA" if spec.stage == "GA" else spec.stage.lower()
    return f"{stage}, {'on' if spec.default else 'off'}" + (" (locked)" if spec.locked else "")


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

    def __post_init__(self) -> None:
        # stages not written out come from the gate table: the first gate is the KEP's own
        for v in VERSIONS:
            if v not in self.stages and self.gates:
                self.stages[v] = gate_stage(self.gates[0], v)


KEPS: dict[str, Kep] = {k.number: k for k in (
    Kep("5004", "DRA Extended Resource", "sig-scheduling/5004-dra-extended-resource",
        ("DRAExtendedResource",)),
    Kep("5234", "DRA ResourceSlice Mixins", "sig-scheduling/5234-dra-resourceslice-mixins",
        ("DRAResourceSliceMixins",),
        {v: "not shipped" for v in VERSIONS},
        "no API fields in any release; the website lists a hidden alpha gate (off)"),
    Kep("5729", "DRA: ResourceClaim Support for Workloads",
        "sig-scheduling/5729-resourceclaim-support-for-workloads",
        ("DRAWorkloadResourceClaims", "GenericWorkload"),
        note="the KEP's gate name WorkloadPodGroupResourceClaimTemplate never shipped; 1.35 has "
             "GenericWorkload (Workload v1alpha1) but no DRA claims for workloads"),
    Kep("5517", "DRA Node Allocatable Resources",
        "sig-scheduling/5517-dra-node-allocatable-resources",
        ("DRANodeAllocatableResources",),
        {"1.37": gate_stage("DRANodeAllocatableResources", "1.37") + " (API reshaped)"}),
    Kep("3695", "Extend the PodResources API to include resources allocated by DRA",
        "sig-node/3695-pod-resources-for-dra",
        ("KubeletPodResourcesGet", "KubeletPodResourcesDynamicResources")),
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
