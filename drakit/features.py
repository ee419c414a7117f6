"""Feature gates with per-version defaults, as the emulated Kubernetes release has them.

Why a table per release: drakit emulates a Kubernetes release (1.34 to 1.37). A gate's
default, its stage and whether it is locked to its default all depend on that release. The
table holds *every* gate the kube components of the release accept (generated into
``drakit/featuregates_data.py`` by ``scripts/gen_featuregates.py`` from the upstream gate files;
see its docstring for the sources), so ``--feature-gates`` that works on a real cluster works
here, and a name the release does not know is refused with kube's own wording.

Only some gates change what drakit does (``DRA_EFFECT``); the others are accepted, keep their
value, and are reported as having no DRA effect, so a user copying a cluster's gate list learns
that those settings are carried but do nothing in the emulation.

Setting gates follows component-base ``featuregate.SetFromMap`` (k8s.io/component-base
featuregate/feature_gate.go @ v0.37.0-beta.0): unknown names are refused first
("unrecognized feature gate: X"), then locked gates ("cannot set feature gate X to false,
feature is locked to true"), then, from 1.35 on, dependencies ("X is enabled, but depends on
features that are disabled: [Y]"). 1.34 has no dependency check (component-base v0.34.0 has
no AddDependencies).
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass

from drakit.featuregates_data import DEPENDENCIES as _DEPENDENCY_ROWS
from drakit.featuregates_data import HISTORY

SUPPORTED_VERSIONS = ("1.34", "1.35", "1.36", "1.37")
DEFAULT_VERSION = "1.37"
DEPENDENCY_CHECK_SINCE = "1.35"

_STAGES = {"A": "ALPHA", "B": "BETA", "G": "GA", "D": "DEPRECATED"}


def version_tuple(version: str) -> tuple[int, ...]:
    return tuple(int(x) for x in str(version).lstrip("v").split("."))


def release_at_least(version: str, minimum: str) -> bool:
    """``version >= minimum`` as Kubernetes minor releases ("1.37" >= "1.35"): the first two
    numeric parts count, a leading "v" and patch parts do not. The one comparison every
    component uses to ask "is this a release where upstream already does X"."""
    def key(v: str) -> tuple[int, ...]:
        return tuple(int(p) for p in str(v).lstrip("v").split(".")[:2] if p.isdigit())
    return key(version) >= key(minimum)


@dataclass(frozen=True)
class GateSpec:
    stage: str  # ALPHA, BETA, GA, DEPRECATED
    default: bool
    locked: bool = False
    note: str = ""
    origin: str = "k8s.io/kubernetes"
    """The upstream package that registers the gate (k8s.io/apiserver, k8s.io/client-go ...)."""
    real: bool = True
    """False for a gate only drakit has (KEP-5234 never shipped one)."""


# What drakit does with a gate. A gate missing here is accepted and carried but changes
# nothing in the emulation (``dra_effect`` is False).
DRA_EFFECT: dict[str, str] = {
    "DynamicResourceAllocation": "the resource.k8s.io API and every DRA component",
    "DeclarativeValidation": "declarative validation of allocation result tolerations (1.35, "
                             "with DeclarativeValidationTakeover)",
    "DeclarativeValidationBeta": "enforces the beta declarative checks of allocation result "
                                 "tolerations (1.37)",
    "DeclarativeValidationTakeover": "with DeclarativeValidation, the 1.35 declarative checks of "
                                     "allocation result tolerations are enforced",
    "DRAAdminAccess": "adminAccess in device requests (API drop and allocator)",
    "DRAConsumableCapacity": "allowMultipleAllocations, capacity requests and consumed capacity",
    "DRADeviceBindingConditions": "binding conditions of devices (API and allocator)",
    "DRADeviceTaints": "device taints and tolerations (API and allocator)",
    "DRAExtendedResource": "KEP-5004: DeviceClass extendedResourceName, the special claim",
    "DRAListTypeAttributes": "list-typed device attributes and CEL includes()",
    "DRANodeAllocatableResources": "KEP-5517: node-allocatable resources backed by DRA",
    "DRAPartitionableDevices": "sharedCounters / consumesCounters (API and allocator)",
    "DRAPrioritizedList": "firstAvailable in device requests",
    "DRAResourceClaimDeviceStatus": "ResourceClaim status.devices",
    "DRAResourceSliceMixins": "KEP-5234 mixins (drakit-only gate, no upstream API)",
    "DRASchedulerFilterTimeout": "the DynamicResources Filter gives up on a node after a timeout",
    "DRAWorkloadResourceClaims": "KEP-5729: ResourceClaims for PodGroups",
    "DRADerivedAttributes": "derived device attributes",
    "GenericWorkload": "the scheduling.k8s.io Workload/PodGroup API, pod.spec.schedulingGroup; "
                       "from 1.37 kube-scheduler's GangScheduling plugin as well",
    "GangScheduling": "1.35-1.36: kube-scheduler's GangScheduling plugin (PreEnqueue holds a pod "
                      "until its PodGroup and a gang's minCount pods exist; 1.36 modelled)",
    "CompositePodGroup": "CompositePodGroup fields of the PodGroup API",
    "TopologyAwareWorkloadScheduling": "PodGroup scheduling constraints",
    "KubeletPodResourcesGet": "the PodResources Get RPC",
    "KubeletPodResourcesDynamicResources": "DRA devices in PodResources List/Get",
    "PodLevelResources": "pod-level resources in scheduling and admission",
    "InPlacePodLevelResourcesVerticalScaling": "resizing pod-level resources",
    "NominatedNodeNameForExpectation": "KEP-5278: the scheduler nominates the node before PreBind",
    "ClearingNominatedNodeNameAfterBinding": "KEP-5278: pods/binding clears status.nominatedNodeName "
                                             "and a bound pod gets no new one",
    "ResourceHealthStatus": "KEP-4680: the API server keeps the containers' "
                            "allocatedResourcesStatus (the kubelet does not report device health)",
    "ResourceHealthStatusMessage": "KEP-4680: the API server keeps a resource health's message",
    "TaintTolerationComparisonOperators": "the API server accepts a pod toleration's Lt and Gt "
                                          "operators (their value rules and the scheduler's comparison "
                                          "are not modelled)",
    "PodDeletionCost": "a ReplicaSet scales down by pod-deletion-cost; the API server checks the "
                       "annotation",
    "DeploymentReplicaSetTerminatingReplicas": "ReplicaSets and Deployments count terminating "
                                               "pods in status.terminatingReplicas",
    "PodReadyToStartContainersCondition": "the kubelet writes the pod's PodReadyToStartContainers "
                                          "condition",
    "PodObservedGenerationTracking": "KEP-5067: pod conditions and status carry observedGeneration",
}

# Gates only drakit has: KEP-5234 (ResourceSlice mixins) never merged an API, so there is no
# upstream gate; drakit follows the KEP text behind this name (kubernetes/website lists a
# hidden alpha gate page for it, from 1.34). A real cluster answers "unrecognized feature gate".
EXTENSIONS: dict[str, GateSpec] = {
    "DRAResourceSliceMixins": GateSpec(
        "ALPHA", False, note="KEP-5234; never shipped an API, drakit follows the KEP text",
        origin="drakit", real=False),
}

NOTES: dict[str, str] = {
    "DRAExtendedResource": "KEP-5004",
    "DRAWorkloadResourceClaims": "KEP-5729; the KEP's name WorkloadPodGroupResourceClaimTemplate "
                                 "never shipped",
    "GenericWorkload": "Workload/PodGroup API, pod.spec.schedulingGroup",
    "DRANodeAllocatableResources": "KEP-5517",
    "KubeletPodResourcesGet": "KEP-3695",
    "KubeletPodResourcesDynamicResources": "KEP-3695",
}


def _spec_at(specs: tuple[tuple[str, str], ...], version: str) -> tuple[str, str] | None:
    want = version_tuple(version)
    found = None
    for ver, code in specs:
        if version_tuple(ver) <= want:
            found = (ver, code)
    return found


def _build() -> dict[str, dict[str, GateSpec]]:
    out: dict[str, dict[str, GateSpec]] = {}
    for v in SUPPORTED_VERSIONS:
        table: dict[str, GateSpec] = {}
        for name, (origin, releases, specs) in HISTORY.items():
            if v not in releases:
                continue
            at = _spec_at(specs, v)
            if at is None:
                continue
            code = at[1]
            table[name] = GateSpec(_STAGES[code[0]], code[1] == "+", code.endswith("L"),
                                   NOTES.get(name, ""), origin)
        table.update(EXTENSIONS)
        out[v] = dict(sorted(table.items(), key=lambda kv: kv[0].lower()))
    return out


# version -> gate -> spec (every gate of that release, plus drakit's EXTENSIONS)
GATES: dict[str, dict[str, GateSpec]] = _build()


def _build_dependencies() -> dict[str, dict[str, tuple[str, ...]]]:
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for v in SUPPORTED_VERSIONS:
        deps: dict[str, tuple[str, ...]] = {}
        if version_tuple(v) >= version_tuple(DEPENDENCY_CHECK_SINCE):
            for since, gate, needs, _assumed in _DEPENDENCY_ROWS:
                if version_tuple(since) > version_tuple(v):
                    continue
                if gate in GATES[v] and all(n in GATES[v] for n in needs):
                    deps[gate] = needs
        out[v] = deps
    return out


# version -> gate -> gates it needs (component-base checks them from 1.35 on)
DEPENDENCIES_BY_VERSION: dict[str, dict[str, tuple[str, ...]]] = _build_dependencies()
ASSUMED_DEPENDENCIES = frozenset(g for _s, g, _n, assumed in _DEPENDENCY_ROWS if assumed)
# the newest release's map, for readers that want one
DEPENDENCIES: dict[str, tuple[str, ...]] = DEPENDENCIES_BY_VERSION[DEFAULT_VERSION]


class FeatureGateError(ValueError):
    """A gate setting the emulated version refuses (unknown, locked, unmet dependency)."""


def check_version(version: str) -> str:
    v = str(version).strip().lstrip("v")
    parts = v.split(".")
    if len(parts) == 3 and parts[2].isdigit():  # "1.35.2" -> "1.35"
        v = ".".join(parts[:2])
    if v not in SUPPORTED_VERSIONS:
        raise FeatureGateError(
            f"unsupported Kubernetes version {version!r}: drakit emulates "
            + ", ".join(SUPPORTED_VERSIONS))
    return v


def dra_effect(name: str) -> bool:
    """True when the gate changes what drakit does (see ``DRA_EFFECT``)."""
    return name in DRA_EFFECT


def _show(name: str) -> str:
    """A gate name as typed, quoted when it could break the one-line message."""
    return name if re.fullmatch(r"[A-Za-z0-9_.-]+", name) else json.dumps(name)


def unknown_gate_message(name: str, version: str) -> str:
    """kube's "unrecognized feature gate: X", plus what to do: a near miss or the releases
    that do have the gate."""
    msg = f"unrecognized feature gate: {_show(name)}"
    known = [v for v in SUPPORTED_VERSIONS if name in GATES[v]]
    if known:
        return (f"{msg} (Kubernetes {version} does not have it; "
                f"{', '.join(known)} {'does' if len(known) == 1 else 'do'})")
    close = difflib.get_close_matches(name, list(GATES[version]), n=1, cutoff=0.8)
    if not close:
        lowered = {k.lower(): k for k in GATES[version]}
        if name.lower() in lowered:
            close = [lowered[name.lower()]]
    if close:
        return f"{msg} (did you mean {close[0]}?)"
    return msg


class FeatureGates(Mapping[str, bool]):
    """The effective gates of one emulated version: read-only mapping name -> enabled."""

    def __init__(self, version: str = DEFAULT_VERSION,
                 overrides: Mapping[str, bool] | None = None) -> None:
        self.version = check_version(version)
        table = GATES[self.version]
        self.overrides: dict[str, bool] = {}
        self.warnings: list[str] = []
        values = {name: spec.default for name, spec in table.items()}
        parsed = {name: parse_bool(value, name) for name, value in (overrides or {}).items()}
        for name in parsed:  # unknown names end the check at once, as upstream does
            if name not in table:
                raise FeatureGateError(unknown_gate_message(name, self.version))
        errors = []
        for name, value in parsed.items():
            spec = table[name]
            if spec.locked and value != spec.default:
                errors.append(f"cannot set feature gate {name} to {str(value).lower()}, "
                              f"feature is locked to {str(spec.default).lower()}")
                continue
            if spec.stage in ("GA", "DEPRECATED") and spec.real:
                self.warnings.append(f"setting {spec.stage} feature gate {name}={str(value).lower()}"
                                     ". It will be removed in a future release.")
            self.overrides[name] = value
        if errors:
            raise FeatureGateError(_aggregate(errors))
        for special, stage in (("AllAlpha", "ALPHA"), ("AllBeta", "BETA")):
            if self.overrides.get(special):
                for name, spec in table.items():
                    if spec.stage == stage and name not in self.overrides and spec.real:
                        values[name] = True
        values.update(self.overrides)
        dep_errors = []
        for name, needs in DEPENDENCIES_BY_VERSION[self.version].items():
            if values.get(name):
                missing = [n for n in needs if not values.get(n)]
                if missing:
                    dep_errors.append(f"{name} is enabled, but depends on features that are "
                                      f"disabled: [{' '.join(missing)}]")
        if dep_errors:
            raise FeatureGateError(_aggregate(sorted(dep_errors)))
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

    def dra_effect(self, name: str) -> bool:
        return dra_effect(name)

    def without_dra_effect(self) -> dict[str, bool]:
        """The explicit settings drakit accepts but that change nothing in the emulation."""
        return {k: v for k, v in self.overrides.items() if not dra_effect(k)}

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


def inert_note(gates: FeatureGates) -> str:
    """One line for the user when some explicit gate settings change nothing in drakit."""
    inert = gates.without_dra_effect()
    if not inert:
        return ""
    items = ", ".join(f"{k}={str(v).lower()}" for k, v in sorted(inert.items()))
    return (f"accepted without effect in the emulation (no DRA behaviour behind them): {items}")


def _aggregate(errors: list[str]) -> str:
    """utilerrors.NewAggregate's text: one error as is, several as ``[a, b]``."""
    return errors[0] if len(errors) == 1 else "[" + ", ".join(errors) + "]"


def parse_bool(value: object, name: str = "") -> bool:
    """strconv.ParseBool, as component-base reads ``Name=value``."""
    if isinstance(value, bool):
        return value
    s = str(value).strip()
    if s in ("1", "t", "T", "true", "TRUE", "True"):
        return True
    if s in ("0", "f", "F", "false", "FALSE", "False"):
        return False
    raise FeatureGateError(f"invalid value of {_show(name)}={json.dumps(str(value))[1:-1]}, "
                           f"err: strconv.ParseBool: parsing {json.dumps(str(value))}: "
                           "invalid syntax")


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
                raise FeatureGateError(f"missing bool value for {_show(name.strip())}")
            out[name.strip()] = parse_bool(val.strip(), name.strip())
    return out
