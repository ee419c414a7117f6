"""The kinds drakit serves: group, served versions per emulated release, scope, strategy.

Why a table: discovery (for `drakit serve` and kubectl), "no matches for kind" errors,
namespaced-vs-cluster scoping and the strategy lookup all read the same facts, so they
live in one place. resource.k8s.io is served as v1 only (GA from 1.34, the version every
emulated release serves; the published OpenAPI of 1.34-1.37 in the kubernetes-validate package
has resource.k8s.io/v1 in each); v1beta1/v1beta2 are not modelled.

scheduling.k8s.io serves PriorityClass v1 at every release. Its GenericWorkload kinds, from
the same published schemas: 1.34 has no Workload or
PodGroup; 1.35 serves Workload v1alpha1 only (PodGroup is a type embedded in the Workload
spec, not a resource; pods point at it with spec.workloadRef); 1.36 serves Workload and PodGroup
v1alpha2; 1.37 v1beta1 and v1alpha3. drakit does not model the 1.35 Workload v1alpha1 API (no
DRA in it: KEP-5729 starts in 1.36), so at 1.35 it answers "no matches for kind" for Workload
even with the gate on (docs/versions.md).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field

from drakit.validation.strategy import Context, Strategy


@dataclass(frozen=True)
class KindInfo:
    kind: str
    group: str
    versions: dict[str, tuple[str, ...]]
    """Emulated Kubernetes version -> served API versions (the first is preferred)."""
    plural: str
    namespaced: bool
    has_status: bool = False
    short_names: tuple[str, ...] = ()
    gate: str = ""
    """Served only while this gate is on (like an alpha/beta API group version)."""
    categories: tuple[str, ...] = field(default=())

    def served_versions(self, ctx: Context) -> tuple[str, ...]:
        if self.gate and not ctx.enabled(self.gate):
            return ()
        return self.versions.get(ctx.version, ())

    def api_versions(self, ctx: Context) -> tuple[str, ...]:
        return tuple(f"{self.group}/{v}" if self.group else v for v in self.served_versions(ctx))

    def preferred_api_version(self, ctx: Context) -> str | None:
        vs = self.api_versions(ctx)
        return vs[0] if vs else None

    @property
    def resource(self) -> str:
        """``resourceclaims.resource.k8s.io`` as error messages print it."""
        return f"{self.plural}.{self.group}" if self.group else self.plural


RELEASES = ("1.34", "1.35", "1.36", "1.37")


def _all(*versions: str) -> dict[str, tuple[str, ...]]:
    return {k: tuple(versions) for k in RELEASES}


KINDS: dict[str, KindInfo] = {k.kind: k for k in (
    KindInfo("Namespace", "", _all("v1"), "namespaces", False, True, ("ns",)),
    KindInfo("Node", "", _all("v1"), "nodes", False, True, ("no",)),
    KindInfo("Pod", "", _all("v1"), "pods", True, True, ("po",)),
    KindInfo("Event", "", _all("v1"), "events", True, False, ("ev",)),
    KindInfo("ResourceQuota", "", _all("v1"), "resourcequotas", True, True, ("quota",)),
    KindInfo("DeviceClass", "resource.k8s.io", _all("v1"), "deviceclasses", False),
    KindInfo("ResourceSlice", "resource.k8s.io", _all("v1"), "resourceslices", False),
    KindInfo("ResourceClaim", "resource.k8s.io", _all("v1"), "resourceclaims", True, True),
    KindInfo("ResourceClaimTemplate", "resource.k8s.io", _all("v1"),
             "resourceclaimtemplates", True),
    # scheduling.k8s.io/v1 (GA since 1.14), served ungated at every release; listed before
    # PodGroup so that v1 is the group's preferred version, as kube-apiserver prefers it
    # (drakit/validation/priority.py; short name "pc" from k/k pkg/registry/scheduling/
    # priorityclass/storage/storage.go ShortNames)
    KindInfo("PriorityClass", "scheduling.k8s.io", _all("v1"), "priorityclasses", False,
             short_names=("pc",)),
    # api-truth §3.2: v1alpha2 at 1.36; v1alpha3 and v1beta1 at 1.37 (v1alpha2 gone).
    KindInfo("PodGroup", "scheduling.k8s.io",
             {"1.36": ("v1alpha2",), "1.37": ("v1beta1", "v1alpha3")},
             "podgroups", True, True, gate="GenericWorkload"),
    # Workload has no status subresource (k/k pkg/registry/scheduling/workload/storage
    # serves one store; kubernetes/api scheduling/v1alpha2 Workload is metadata + spec).
    KindInfo("Workload", "scheduling.k8s.io",
             {"1.36": ("v1alpha2",), "1.37": ("v1beta1", "v1alpha3")},
             "workloads", True, False, gate="GenericWorkload"),
    KindInfo("Deployment", "apps", _all("v1"), "deployments", True, True, ("deploy",)),
    KindInfo("ReplicaSet", "apps", _all("v1"), "replicasets", True, True, ("rs",)),
    # spec.overhead comes only from a RuntimeClass (drakit/validation/node.py)
    KindInfo("RuntimeClass", "node.k8s.io", _all("v1"), "runtimeclasses", False),
    # admissionregistration.k8s.io/v1 ValidatingAdmissionPolicy (GA in 1.30, so served at
    # every emulated release) with its status subresource, and its binding (no status);
    # drakit/validation/admissionregistration.py, drakit/admission_policy.py
    KindInfo("ValidatingAdmissionPolicy", "admissionregistration.k8s.io", _all("v1"),
             "validatingadmissionpolicies", False, True),
    KindInfo("ValidatingAdmissionPolicyBinding", "admissionregistration.k8s.io", _all("v1"),
             "validatingadmissionpolicybindings", False),
)}

_STRATEGY_MODULES = (
    "drakit.validation.resource",
    "drakit.validation.core",
    "drakit.validation.scheduling",
    "drakit.validation.apps",
    "drakit.validation.node",
    "drakit.validation.priority",
    "drakit.validation.admissionregistration",
)
_strategies: dict[str, Strategy] | None = None


def strategies() -> dict[str, Strategy]:
    """kind -> Strategy, collected from the validation modules (missing module = no rules)."""
    global _strategies
    if _strategies is None:
        found: dict[str, Strategy] = {}
        for mod_name in _STRATEGY_MODULES:
            try:
                mod = importlib.import_module(mod_name)
            except ModuleNotFoundError as e:
                if e.name != mod_name:
                    raise
                continue
            found.update(getattr(mod, "STRATEGIES", {}))
        for kind, info in KINDS.items():
            if kind not in found:
                s = Strategy()
                s.kind = kind
                s.has_status = info.has_status
                found[kind] = s
        _strategies = found
    return _strategies


def strategy_for(kind: str) -> Strategy:
    return strategies()[kind]


def find_kind(name: str) -> KindInfo | None:
    """Look a kind up by Kind, plural, singular or short name (case-insensitive)."""
    low = name.lower()
    for info in KINDS.values():
        if low in (info.kind.lower(), info.plural, *info.short_names) or \
                low == info.resource:
            return info
    return None
