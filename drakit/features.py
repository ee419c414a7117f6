"""Feature gates with per-version defaults, as the emulated Kubernetes version has them.

Why a table per version: drakit emulates a Kubernetes release (1.36 or 1.37). A gate's
default, its stage and whether it is locked to its default all depend on that release
(shared/api-truth.md §0, read from the versioned gate table of kubernetes/kubernetes).
Locked gates refuse changes the way kube components do at start-up, so a scenario that
needs "DRAExtendedResource=false" on 1.37 learns early and clearly that it cannot run.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

SUPPORTED_VERSIONS = ("1.36", "1.37")
DEFAULT_VERSION = "1.37"


@dataclass(frozen=True)
class GateSpec:
    stage: str  # ALPHA, BETA, GA, DEPRECATED
    default: bool
    locked: bool = False
    note: str = ""


def _g(stage: str, default: bool, locked: bool = False, note: str = "") -> GateSpec:
    return GateSpec(stage, default, locked, note)


# version -> gate -> spec. Sources: api-truth §0 (SCHEDFG), §3.1, §5.1.
GATES: dict[str, dict[str, GateSpec]] = {
    "1.36": {
        "DynamicResourceAllocation": _g("GA", True, True),
        "DRAExtendedResource": _g("BETA", True, note="KEP-5004"),
        "DRAResourceSliceMixins": _g(
            "ALPHA", False, note="KEP-5234; never shipped an API, drakit follows the KEP text"),
        "DRAWorkloadResourceClaims": _g("ALPHA", False, note="KEP-5729"),
        "GenericWorkload": _g("ALPHA", False, note="Workload/PodGroup API, pod.spec.schedulingGroup"),
        "DRANodeAllocatableResources": _g("ALPHA", False, note="KEP-5517, 1.36 API shape"),
        "KubeletPodResourcesGet": _g(
            "GA", True, note="KEP-3695; GA per kubernetes/website, LockToDefault not confirmed"),
        "KubeletPodResourcesDynamicResources": _g(
            "GA", True, note="KEP-3695; GA per kubernetes/website, LockToDefault not confirmed"),
        "DRAConsumableCapacity": _g("BETA", True),
        "DRAPartitionableDevices": _g("BETA", True),
        "DRADeviceTaints": _g("BETA", True),
        "DRAListTypeAttributes": _g("ALPHA", False),
        "DRAAdminAccess": _g("BETA", True),
        "DRAPrioritizedList": _g("BETA", True),
        "DRASchedulerFilterTimeout": _g(
            "BETA", True, note="Beta since 1.34 (pkg/features/kube_features.go); the DynamicResources "
            "Filter gives up on a node after filterTimeout (default 10s)"),
        "PodLevelResources": _g("BETA", True),
        "SidecarContainers": _g("GA", True, True),
    },
    "1.37": {
        "DynamicResourceAllocation": _g("GA", True, True),
        "DRAExtendedResource": _g("GA", True, True, note="KEP-5004; locked on in 1.37"),
        "DRAResourceSliceMixins": _g(
            "ALPHA", False, note="KEP-5234; never shipped an API, drakit follows the KEP text"),
        "DRAWorkloadResourceClaims": _g("BETA", False, note="KEP-5729; beta but default off"),
        "GenericWorkload": _g("BETA", False, note="Workload/PodGroup API, pod.spec.schedulingGroup"),
        "DRANodeAllocatableResources": _g("ALPHA", False, note="KEP-5517, 1.37 API shape"),
        "KubeletPodResourcesGet": _g(
            "GA", True, note="KEP-3695; GA per kubernetes/website, LockToDefault not confirmed"),
        "KubeletPodResourcesDynamicResources": _g(
            "GA", True, note="KEP-3695; GA per kubernetes/website, LockToDefault not confirmed"),
        "DRAConsumableCapacity": _g("BETA", True),
        "DRAPartitionableDevices": _g("BETA", True),
        "DRADeviceTaints": _g("GA", True),
        "DRAListTypeAttributes": _g("ALPHA", False),
        "DRADerivedAttributes": _g("ALPHA", False),
        "DRAAdminAccess": _g("BETA", True),
        "DRAPrioritizedList": _g("BETA", True),
        "DRASchedulerFilterTimeout": _g(
            "BETA", True, note="Beta since 1.34 (pkg/features/kube_features.go); the DynamicResources "
            "Filter gives up on a node after filterTimeout (default 10s)"),
        "PodLevelResources": _g("BETA", True),
        "SidecarContainers": _g("GA", True, True),
    },
}

# gate -> gates it needs (checked when the effective set is built).
DEPENDENCIES: dict[str, tuple[str, ...]] = {
    "DRAWorkloadResourceClaims": ("GenericWorkload", "DynamicResourceAllocation"),
    "DRAExtendedResource": ("DynamicResourceAllocation",),
    "DRANodeAllocatableResources": ("DynamicResourceAllocation",),
    "DRAResourceSliceMixins": ("DynamicResourceAllocation",),
}


class FeatureGateError(ValueError):
    """A gate setting the emulated version refuses (unknown, locked, unmet dependency)."""


def check_version(version: str) -> str:
    v = str(version).lstrip("v")
    if v not in SUPPORTED_VERSIONS:
        raise FeatureGateError(
            f"unsupported Kubernetes version {version!r}: drakit emulates "
            + " and ".join(SUPPORTED_VERSIONS))
    return v


class FeatureGates(Mapping[str, bool]):
    """The effective gates of one emulated version: read-only mapping name -> enabled."""

    def __init__(self, version: str = DEFAULT_VERSION,
                 overrides: Mapping[str, bool] | None = None) -> None:
        self.version = check_version(version)
        table = GATES[self.version]
        self.overrides: dict[str, bool] = {}
        values = {name: spec.default for name, spec in table.items()}
        for name, value in (overrides or {}).items():
            if name not in table:
                raise FeatureGateError(
                    f"unrecognized feature gate: {name} (Kubernetes {self.version} knows "
                    f"{', '.join(sorted(table))})")
            value = parse_bool(value, name)
            spec = table[name]
            if spec.locked and value != spec.default:
                raise FeatureGateError(
                    f"cannot set feature gate {name} to {str(value).lower()}, feature is "
                    f"locked to {str(spec.default).lower()} (Kubernetes {self.version}, {spec.stage})")
            values[name] = value
            self.overrides[name] = value
        for name, needs in DEPENDENCIES.items():
            if values.get(name):
                missing = [n for n in needs if not values.get(n)]
                if missing:
                    raise FeatureGateError(
                        f"feature gate {name} requires {', '.join(missing)} to be enabled")
        self._values = values

    def __getitem__(self, name: str) -> bool:
        return self._values[name]

    def __iter__(self):
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def enabled(self, name: str) -> bool:
        """True when the gate is on; unknown gates are off (a newer gate this version lacks)."""
        return self._values.get(name, False)

    def spec(self, name: str) -> GateSpec | None:
        return GATES[self.version].get(name)

    def with_overrides(self, more: Mapping[str, bool]) -> FeatureGates:
        merged = dict(self.overrides)
        merged.update(more)
        return FeatureGates(self.version, merged)

    def for_version(self, version: str) -> FeatureGates:
        """Same explicit overrides under another version (dropping gates it does not know)."""
        v = check_version(version)
        kept = {k: val for k, val in self.overrides.items() if k in GATES[v]}
        return FeatureGates(v, kept)

    def __repr__(self) -> str:
        return f"FeatureGates({self.version!r}, {self.overrides!r})"


def parse_bool(value: object, name: str = "") -> bool:
    if isinstance(value, bool):
        return value
    s = str(value).strip().lower()
    if s in ("true", "1", "yes", "on"):
        return True
    if s in ("false", "0", "no", "off"):
        return False
    raise FeatureGateError(f"invalid value of {name}={value}, err: must be true or false")


def parse_gate_args(items: list[str] | tuple[str, ...] | None) -> dict[str, bool]:
    """Parse ``Name=true`` items (also comma-separated, as --feature-gates takes them)."""
    out: dict[str, bool] = {}
    for item in items or ():
        for part in str(item).split(","):
            part = part.strip()
            if not part:
                continue
            name, sep, val = part.partition("=")
            if not sep:
                raise FeatureGateError(f"missing bool value for {name} (write {name}=true)")
            out[name.strip()] = parse_bool(val, name.strip())
    return out
