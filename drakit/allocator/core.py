"""The structured allocator: which devices a node gives each claim, with backtracking.

Why a faithful port rather than a simpler matcher: every DRA scheduling scenario is
"which devices get picked and why not others", and the harness compares the reference
with a real scheduler, so the search order, the corner cases (mode All, admin access,
firstAvailable skipping, claim limit of 32, constraints, counters, consumable
capacity, taints) and the error texts follow upstream
``k8s.io/dynamic-resource-allocation/structured/internal/experimental``
(``allocator_experimental.go``, ``constraint.go``, ``consumable_capacity.go``).

The search is bounded like the scheduler's Filter timeout, on modeled search work rather
than wall time (``UNITS_PER_SECOND``, ``budget``), and subtrees that cannot succeed are
settled in closed form with the work upstream would spend on them (``Allocator._hopeless``).

Deliberate differences, all documented in docs/allocator.md:
* ``shareID`` is a deterministic UUID (uuid5 of claim, request and device) instead of a
  random one, so a scenario always yields the same result.
* DeviceTaintRules are not consulted; only taints in the slice.
* a search no closed form covers stops after ``WORK_LIMIT`` units of drakit's own work.
"""

from __future__ import annotations

import functools
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from drakit.allocator.mixins import flatten_slice, slice_uses_mixins
from drakit.allocator.pools import (
    Pool,
    node_matches,
)
from drakit.api.quantity import Quantity
from drakit.cel import (
    CELRuntimeError,
    EnvFeatures,
    compile_selector,
    device_view,
    stored_expression_features,
)
from drakit.features import SUPPORTED_VERSIONS, FeatureGates, check_version, release_at_least

__all__ = ["DEFAULT_GATES", "UNITS_PER_SECOND", "WORK_LIMIT", "AllocationError", "AllocationTimeout",
           "Allocator", "DeviceID", "effective_gates"]

ALLOCATION_RESULTS_MAX_SIZE = 32


@functools.lru_cache(maxsize=65536)
def _qty(value: str | int) -> Quantity:
    """Parsed quantities are immutable, so repeated strings are parsed once."""
    return Quantity.of(value)


def _nanos(q: Quantity) -> int:
    """A quantity in integer units of 1e-9 (exact: parsed quantities are rounded to nano)."""
    v = q.exact * 1_000_000_000
    return v.numerator // v.denominator


_CONSUMPTION: dict[int, tuple[Mapping[str, Any], tuple[tuple[str, str, int], ...]]] = {}


def _consumption(device: Mapping[str, Any]) -> tuple[tuple[str, str, int], ...]:
    """The device's ``consumesCounters`` as (counter set, counter, nano-units), cached per
    device dict (slices are immutable snapshots)."""
    hit = _CONSUMPTION.get(id(device))
    if hit is not None and hit[0] is device:
        return hit[1]
    total: dict[tuple[str, str], int] = {}
    for c in device.get("consumesCounters") or ():
        for name, cnt in (c.get("counters") or {}).items():
            k = (c.get("counterSet"), name)
            total[k] = total.get(k, 0) + _nanos(_qty(cnt.get("value", "0")))
    out = tuple((set_name, name, n) for (set_name, name), n in total.items())
    if len(_CONSUMPTION) > 200_000:
        _CONSUMPTION.clear()
    _CONSUMPTION[id(device)] = (device, out)
    return out


# Effective defaults for the gates the allocator reads (api-truth §0).
# The gates the allocator reads, with each emulated release's defaults taken from drakit's
# feature-gate table (drakit.features), so a release's allocator never runs on another's.
_ALLOCATOR_GATES = (
    "DynamicResourceAllocation", "DRAAdminAccess", "DRAPrioritizedList", "DRADeviceTaints",
    "DRAPartitionableDevices", "DRAConsumableCapacity", "DRADeviceBindingConditions",
    "DRAListTypeAttributes", "DRAResourceSliceMixins", "DRANodeAllocatableResources",
)
DEFAULT_GATES: dict[str, dict[str, bool]] = {
    v: {name: FeatureGates(v).enabled(name) for name in _ALLOCATOR_GATES} for v in SUPPORTED_VERSIONS
}


class EffectiveGates(dict):
    """A gate map already completed by :func:`effective_gates` (not copied again)."""


def effective_gates(gates: Mapping[str, bool] | None, version: str) -> dict[str, bool]:
    """The gate map to use: ``gates`` as given, every gate the allocator reads that it leaves
    out off (DynamicResourceAllocation on), or the version defaults; complete either way, so
    the allocator reads its gates by name and never falls back to a default of its own."""
    if isinstance(gates, EffectiveGates):
        return gates
    if gates is None:
        return EffectiveGates(DEFAULT_GATES[check_version(version)])
    out = EffectiveGates(dict.fromkeys(_ALLOCATOR_GATES, False), DynamicResourceAllocation=True)
    out.update(gates)
    return out


class AllocationError(Exception):
    """Allocation cannot proceed (an error, not merely "no solution on this node")."""


class AllocationTimeout(AllocationError):
    """The search ran out of time (see "Search work and the Filter timeout" in docs/allocator.md).

    ``modeled`` is True when the modeled search time passed the caller's ``budget``: the
    upstream allocator would have returned ``filter operation aborted: context deadline
    exceeded`` (allocator_experimental.go allocateOne checks ``ctx.Err()`` on entry). It is
    False when drakit's own bound on the work it does for one attempt (``work_limit``)
    stopped the search first.
    """

    def __init__(self, modeled: bool, units: int, work: int) -> None:
        self.modeled = modeled
        self.units = units
        self.work = work
        if modeled:
            super().__init__("filter operation aborted: context deadline exceeded")
        else:
            super().__init__(f"drakit stopped the device search after {work} steps, its bound for one "
                             "allocation attempt (the real allocator would keep searching)")


#: Search work per second of Filter time: one unit is one ``allocateOne`` call or one device
#: the search loop looks at (the loop visits every device of the node's pools in order).
#: An estimate for a production kube-scheduler (Go, no race detector, ~200 ns per unit);
#: upstream's FilterTimeout integration test (test/integration/dra, run with -race) explores
#: 2^20 subsets, ~2M units, in "a few seconds". See docs/allocator.md.
UNITS_PER_SECOND = 5_000_000

#: drakit's bound on the search work it actually performs for one allocation attempt
#: (searches that the closed forms below cover cost drakit almost nothing, whatever their
#: modeled size); a few seconds of Python at most.
WORK_LIMIT = 500_000


DeviceID = tuple[str, str, str]  # driver, pool, device


def _fmt_id(d: DeviceID) -> str:
    return "/".join(d)


version_at_least = release_at_least  # the name the scheduler imports from here


#: EnhanceRuntimeError's hint (k8s.io/dynamic-resource-allocation cel/errors.go, added by
#: kubernetes commit 5e2d5b9a, PR 136709, first released in 1.37)
NO_SUCH_KEY_HINT = (". consider using CEL optional chaining (.? followed by orValue()) or "
                    "guarding the check with has() for optional fields")


def runtime_error_text(where: str, index: int, did: DeviceID, msg: str, version: str) -> str:
    """The allocator's error for a selector that failed at runtime, per release.

    structured/internal/*/allocator_*.go selectorsMatch: up to 1.36 ``<where>: selector
    #<i>: CEL runtime error: <err>``; 1.37 names the device (``selector #<i> on device
    <driver/pool/device>``) and passes the error through ``cel.EnhanceRuntimeError``,
    which appends the optional-chaining hint to a "no such key:" error (same commit).
    """
    if not version_at_least(version, "1.37"):
        return f"{where}: selector #{index}: CEL runtime error: {msg}"
    if "no such key:" in msg:
        msg += NO_SUCH_KEY_HINT
    return f"{where}: selector #{index} on device {_fmt_id(did)}: CEL runtime error: {msg}"


def _kobj(claim: Mapping[str, Any]) -> str:
    md = claim.get("metadata") or {}
    ns = md.get("namespace", "")
    return f"{ns}/{md.get('name', '')}" if ns else md.get("name", "")


# ---------------------------------------------------------------------------
# Requests


@dataclass(slots=True)
class Request:
    """A request or one firstAvailable subrequest (``requestAccessor``)."""

    name: str
    parent: str  # "" for a plain request
    class_name: str
    mode: str
    count: int
    admin_access: bool
    has_admin_access: bool
    selectors: Sequence[Mapping[str, Any]]
    tolerations: Sequence[Mapping[str, Any]]
    capacity: dict[str, Quantity] | None

    @property
    def result_name(self) -> str:
        return f"{self.parent}/{self.name}" if self.parent else self.name


def _request_from(spec: Mapping[str, Any], name: str, parent: str, sub: bool) -> Request:
    # Selector and toleration lists are shared with the claim (never modified here).
    cap = spec.get("capacity")
    cap = cap.get("requests") if cap else None
    mode = spec.get("allocationMode") or "ExactCount"
    admin = None if sub else spec.get("adminAccess")
    return Request(name, parent, spec.get("deviceClassName", ""), mode,
                   int(spec.get("count", 1)) if mode == "ExactCount" else 0,
                   bool(admin), admin is not None,
                   spec.get("selectors") or (), spec.get("tolerations") or (),
                   {k: _qty(v) for k, v in cap.items()} if cap is not None else None)


@dataclass(slots=True)
class RequestData:
    request: Request
    parent_request: Request | None
    cls: Mapping[str, Any] | None = None
    num_devices: int = 0
    all_devices: list[Candidate] = field(default_factory=list)
    selected_sub: int = 0
    cands: Any = None  # _Cands: the node's devices passing the class and request selectors


@dataclass(slots=True)
class Candidate:
    id: DeviceID
    device: Mapping[str, Any]
    slice: Mapping[str, Any]
    pool: Pool
    rec: DeviceRecord | None = None
    per_device_node: bool = False
    #: index in the node's device order (NodeView.flat): the position upstream's search
    #: loop reaches it at, for the search-work measure
    pos: int = -1
    #: attribute name -> (kind, value) / (kind, frozenset) / None, for constraint checks
    attrs: dict[tuple[str, bool], Any] | None = None

    def attr(self, name: str, list_types: bool) -> Any:
        """The constraint view of attribute ``name`` (cached; the device never changes)."""
        cache = self.attrs
        if cache is None:
            cache = self.attrs = {}
        k = (name, list_types)
        if k in cache:
            return cache[k]
        a = _lookup_attribute(self.device, self.id, name)
        v = None if a is None else (_attr_values(a) if list_types else _attr_scalar(a))
        cache[k] = v
        return v


@dataclass(slots=True)
class _Result:
    request: Request
    id: DeviceID
    device: Mapping[str, Any]
    slice: Mapping[str, Any]
    admin_access: bool = False
    share_id: str | None = None
    consumed: dict[str, Quantity] | None = None


# ---------------------------------------------------------------------------
# Constraints


def _lookup_attribute(device: Mapping[str, Any], did: DeviceID, name: str) -> Mapping[str, Any] | None:
    attrs = device.get("attributes") or {}
    if name in attrs:
        return attrs[name]
    domain, _, ident = name.partition("/")
    if domain == did[0] and ident in attrs:
        return attrs[ident]
    return None


def _attr_values(attr: Mapping[str, Any]) -> tuple[str, frozenset] | None:
    for k in ("int", "bool", "string", "version"):
        if k in attr:
            return k, frozenset([attr[k]])
    for k, s in (("ints", "int"), ("bools", "bool"), ("strings", "string"), ("versions", "version")):
        if k in attr:
            return s, frozenset(attr[k])
    return None


def _attr_scalar(attr: Mapping[str, Any]) -> tuple[str, Any] | None:
    """The scalar a constraint without DRAListTypeAttributes compares. A list attribute (the
    API server kept it under its own gate) is present but equals no other value:
    upstream's constraints take it as the first device's value and then refuse every device
    (matchAttribute: no scalar matches it; distinctAttribute: a list newcomer fails, a scalar
    newcomer never collides with it). A device is never added twice, so a fresh object per
    lookup is all that takes."""
    for k in ("int", "bool", "string", "version"):
        if k in attr:
            return k, attr[k]
    for k in ("ints", "bools", "strings", "versions"):
        if k in attr:
            return "list", object()  # equal to no other value
    return None


class _Constraint:
    def __init__(self, requests: Sequence[str], attribute: str, list_types: bool) -> None:
        self.requests = set(requests)
        self.attribute = attribute
        self.list_types = list_types

    def applies(self, base: str, sub: str) -> bool:
        if not self.requests:
            return True
        return base in self.requests or (bool(sub) and f"{base}/{sub}" in self.requests)


class MatchAttribute(_Constraint):
    """``matchAttribute``: all devices share the attribute value (lists: a common value)."""

    def __init__(self, *a: Any) -> None:
        super().__init__(*a)
        self.stack: list[Any] = []

    def add(self, base: str, sub: str, device: Mapping[str, Any], did: DeviceID) -> bool:
        if not self.applies(base, sub):
            return True
        attr = _lookup_attribute(device, did, self.attribute)
        if attr is None:
            return False
        if self.list_types:
            vals = _attr_values(attr)
            if vals is None:
                return False
            if self.stack:
                kind, common = self.stack[-1]
                if kind != vals[0] or not (common & vals[1]):
                    return False
                vals = (kind, common & vals[1])
            self.stack.append(vals)
            return True
        val = _attr_scalar(attr)
        if val is None:
            return False
        if self.stack and self.stack[0] != val:
            return False
        self.stack.append(val)
        return True

    def remove(self, base: str, sub: str, device: Mapping[str, Any], did: DeviceID) -> None:
        if self.applies(base, sub) and self.stack:
            self.stack.pop()

    def would_add(self, cand: Candidate) -> bool:
        """``add`` without changing anything (the caller checked ``applies``)."""
        v = cand.attr(self.attribute, self.list_types)
        if v is None:
            return False
        if not self.stack:
            return True
        if self.list_types:
            kind, common = self.stack[-1]
            return kind == v[0] and bool(common & v[1])
        return self.stack[0] == v

    def fixed(self) -> bool:
        """Whether ``would_add`` stays the same while more devices are added (scalar
        values once the first device set the value)."""
        return bool(self.stack) and not self.list_types


class DistinctAttribute(_Constraint):
    """``distinctAttribute``: no two devices share the attribute value (lists: no overlap)."""

    def __init__(self, *a: Any) -> None:
        super().__init__(*a)
        self.stack: list[Any] = []

    def add(self, base: str, sub: str, device: Mapping[str, Any], did: DeviceID) -> bool:
        if not self.applies(base, sub):
            return True
        attr = _lookup_attribute(device, did, self.attribute)
        if attr is None:
            return False
        vals = _attr_values(attr) if self.list_types else None
        if self.list_types:
            if vals is None:
                return False
            for kind, existing in self.stack:
                if kind == vals[0] and existing & vals[1]:
                    return False
            self.stack.append(vals)
            return True
        val = _attr_scalar(attr)
        if val is None:
            return False
        if self.stack and (val[0] == "list" or val in self.stack):
            return False
        self.stack.append(val)
        return True

    def remove(self, base: str, sub: str, device: Mapping[str, Any], did: DeviceID) -> None:
        if self.applies(base, sub) and self.stack:
            self.stack.pop()

    def would_add(self, cand: Candidate) -> bool:
        v = cand.attr(self.attribute, self.list_types)
        if v is None:
            return False
        if self.list_types:
            return not any(kind == v[0] and existing & v[1] for kind, existing in self.stack)
        return not self.stack or (v[0] != "list" and v not in self.stack)

    def fixed(self) -> bool:
        return False  # every added device adds a value that later devices must avoid


# ---------------------------------------------------------------------------
# Consumable capacity (consumable_capacity.go)


def _policy_q(policy: Mapping[str, Any] | None, *path: str) -> Quantity | None:
    cur: Any = policy
    for p in path:
        if not isinstance(cur, Mapping) or p not in cur:
            return None
        cur = cur[p]
    return None if cur is None else _qty(cur)


def consumed_for(requested: Quantity | None, cap: Mapping[str, Any]) -> Quantity:
    """``calculateConsumedCapacity``: what one allocation consumes of this capacity."""
    policy = cap.get("requestPolicy")
    if requested is None:
        default = _policy_q(policy, "default")
        return default if default is not None else _qty(cap.get("value", "0"))
    if policy is None:
        return requested
    vmin = _policy_q(policy, "validRange", "min")
    if policy.get("validRange") is not None and vmin is not None:
        if requested < vmin:
            return vmin
        step = _policy_q(policy, "validRange", "step")
        if step is None:
            return requested
        added = requested.value() - vmin.value()
        n, mod = divmod(added, step.value())
        if mod:
            n += 1
        return Quantity(vmin.value() + step.value() * n, "BinarySI")
    if policy.get("validValues") is not None:
        for v in policy["validValues"]:
            qv = _qty(v)
            if requested <= qv:
                return qv
    return requested


def violates_policy(value: Quantity, policy: Mapping[str, Any] | None) -> bool:
    if policy is None:
        return False
    default = _policy_q(policy, "default")
    if default is not None and value == default:
        return False
    vr = policy.get("validRange")
    if vr is not None:
        vmax = _policy_q(policy, "validRange", "max")
        if vmax is not None and value > vmax:
            return True
        step = _policy_q(policy, "validRange", "step")
        if step is not None:
            vmin = _policy_q(policy, "validRange", "min") or Quantity(0)
            if (value.value() - vmin.value()) % step.value():
                return True
        return False
    if policy.get("validValues"):
        return not any(value == _qty(v) for v in policy["validValues"])
    return False


def capacity_fits(request_caps: dict[str, Quantity] | None, device: Mapping[str, Any],
                  already: Mapping[str, Quantity] | None, allocating: Mapping[str, Quantity] | None
                  ) -> tuple[bool, str]:
    """``CmpRequestOverCapacity``: (fits, reason when not)."""
    capacity = device.get("capacity") or {}
    for name in request_caps or {}:
        if name not in capacity:
            return False, f"requested capacity {name} is not defined by the device"
    for name, cap in capacity.items():
        consumed = consumed_for((request_caps or {}).get(name), cap)
        if violates_policy(consumed, cap.get("requestPolicy")):
            return False, f"request for {name} violates the device's request policy"
        total = consumed + (already or {}).get(name, Quantity(0)) + (allocating or {}).get(name, Quantity(0))
        if total > _qty(cap.get("value", "0")):
            return False, f"capacity {name} is short"
    return True, ""


# ---------------------------------------------------------------------------
# Taints


def tolerates(toleration: Mapping[str, Any], taint: Mapping[str, Any]) -> bool:
    """``resourceclaim.ToleratesTaint``."""
    if toleration.get("effect") and toleration.get("effect") != taint.get("effect"):
        return False
    if toleration.get("key") and toleration.get("key") != taint.get("key"):
        return False
    op = toleration.get("operator") or "Equal"
    if op == "Equal":
        return (toleration.get("value") or "") == (taint.get("value") or "")
    return op == "Exists"


def taint_prevents(device: Mapping[str, Any], tolerations: Sequence[Mapping[str, Any]]) -> bool:
    for taint in device.get("taints") or ():
        if taint.get("effect") in ("NoSchedule", "NoExecute"):
            if not any(tolerates(t, taint) for t in tolerations):
                return True
    return False


# ---------------------------------------------------------------------------
# Allocated state


@dataclass
class AllocatedState:
    devices: set[DeviceID] = field(default_factory=set)
    shared: set[tuple[DeviceID, str]] = field(default_factory=set)
    capacity: dict[DeviceID, dict[str, Quantity]] = field(default_factory=dict)

    def is_allocated(self, did: DeviceID) -> bool:
        return did in self.devices or did in self.capacity or any(d == did for d, _ in self.shared)


def counts_as_allocated(result: Mapping[str, Any]) -> bool:
    """Whether an allocation result takes its device away from other claims.

    A result with admin access never does (KEP-5018: monitoring a device does not use it up):
    k/k pkg/scheduler/framework/plugins/dynamicresources/allocateddevices.go skips such
    results ("Is not considered as allocated"). The one rule for the allocator's state below
    and the scheduler's device ledger (drakit/scheduler/cache.py).
    """
    return not result.get("adminAccess")


def allocated_state(allocated: Sequence[Mapping[str, Any]]) -> AllocatedState:
    """What existing allocations use: ResourceClaim dicts (or bare AllocationResult dicts)."""
    st = AllocatedState()
    for obj in allocated:
        alloc = obj
        if "status" in obj or "spec" in obj or "metadata" in obj:
            alloc = (obj.get("status") or {}).get("allocation") or {}
        for r in ((alloc.get("devices") or {}).get("results") or ()):
            if not counts_as_allocated(r):
                continue
            did = (r.get("driver", ""), r.get("pool", ""), r.get("device", ""))
            if r.get("shareID"):
                count_shared_use(st, did, r)
            else:
                st.devices.add(did)
    return st


def count_shared_use(st: AllocatedState, did: DeviceID, result: Mapping[str, Any]) -> None:
    """One share of a device allocated several times (a result with a shareID): the share
    is taken and its consumedCapacity adds to what the device's capacity has given out.
    Shared by allocated_state and the scheduler's incremental cache."""
    st.shared.add((did, result["shareID"]))
    agg = st.capacity.setdefault(did, {})
    for k, v in (result.get("consumedCapacity") or {}).items():
        agg[k] = agg.get(k, Quantity(0)) + _qty(v)


# ---------------------------------------------------------------------------
# Device records: the per-device state that survives across allocations
#
# A record belongs to one device dict (slices are treated as immutable snapshots: a
# changed device is a new dict). It holds the CEL ``device`` view (built once), the
# result of every selector expression evaluated on it (True, False or a runtime-error
# text), and whether the device's own capacity fits a request without capacity
# requests when nothing else uses it. All of these are pure functions of the device
# (and, for selectors, the expression and the CEL feature set), so caching them never
# changes an answer.


class DeviceRecord:
    __slots__ = ("cap_base", "device", "driver", "scalar_view", "sel", "view")

    def __init__(self, driver: str, device: Mapping[str, Any]) -> None:
        self.driver = driver
        self.device = device
        #: the CEL ``device`` value with list attributes as lists, and the one a release
        #: without list values sees (a list attribute is an error there; see device_view)
        self.view: dict[str, Any] | str | None = None
        self.scalar_view: dict[str, Any] | str | None = None
        self.sel: dict[tuple[str, CelMode], bool | str] = {}
        self.cap_base: tuple[bool, str] | None = None

    def cel_view(self, list_values: bool) -> dict[str, Any]:
        """The ``device`` variable (built once per mode); raises CELRuntimeError as
        upstream's DeviceMatches does when an attribute cannot be represented."""
        v = self.view if list_values else self.scalar_view
        if v is None:
            try:
                v = device_view(self.driver, self.device, list_values=list_values)
            except CELRuntimeError as e:
                v = str(e)
            if list_values:
                self.view = v
            else:
                self.scalar_view = v
        if isinstance(v, str):
            raise CELRuntimeError(v)
        return v

    def selector(self, expr: str, mode: CelMode) -> bool | tuple[str, str]:
        """True/False, or ``("compile"|"runtime", message)``."""
        key = (expr, mode)
        hit = self.sel.get(key)
        if hit is not None:
            return hit if hit is True or hit is False else ("runtime", hit)
        compiled = compile_selector(expr, features=mode.env)
        if compiled.error:
            return ("compile", compiled.error)
        try:
            ok: bool | str = compiled.matches(self.cel_view(mode.list_values))
        except CELRuntimeError as e:
            ok = str(e)
        if len(self.sel) >= 256:  # many one-off expressions: keep memory bounded
            self.sel.clear()
        self.sel[key] = ok
        return ok if ok is True or ok is False else ("runtime", ok)


_RECORDS: dict[int, DeviceRecord] = {}
_CACHE_MAX = 200_000


def device_record(driver: str, device: Mapping[str, Any]) -> DeviceRecord:
    """The record of a device dict for callers without an :class:`AllocatorCache` (by identity)."""
    rec = _RECORDS.get(id(device))
    if rec is not None and rec.device is device and rec.driver == driver:
        return rec
    if len(_RECORDS) > _CACHE_MAX:
        _RECORDS.clear()
    rec = _RECORDS[id(device)] = DeviceRecord(driver, device)
    return rec


def clear_caches() -> None:
    """Forget the module-level per-device records (the plain :func:`allocate` path)."""
    _RECORDS.clear()
    _SLICES.clear()
    _CONSUMPTION.clear()


_SLICES: dict[int, tuple[Mapping[str, Any], bool, dict[bool, Mapping[str, Any]]]] = {}


def flattened(s: Mapping[str, Any], mixins_on: bool) -> Mapping[str, Any]:
    """``s`` itself, or its KEP-5234 flattening (cached per slice object and gate)."""
    hit = _SLICES.get(id(s))
    if hit is None or hit[0] is not s:
        if len(_SLICES) > _CACHE_MAX:
            _SLICES.clear()
        hit = _SLICES[id(s)] = (s, slice_uses_mixins(s), {})
    if not hit[1]:
        return s
    out = hit[2].get(mixins_on)
    if out is None:
        out = hit[2][mixins_on] = flatten_slice(s, enabled=mixins_on)
    return out


class CelMode(NamedTuple):
    """How the allocator of one release, with its gates, compiles and evaluates selectors:
    ``env`` (the CEL environment) and ``list_values`` (list attributes are values; without,
    a device with one fails every selector with "unsupported attribute value")."""

    env: EnvFeatures
    list_values: bool


_MODES: dict[tuple[str, bool], CelMode] = {}


def cel_mode(gates: Mapping[str, bool], version: str) -> CelMode:
    """The allocator's CEL environment and attribute values for ``version`` and ``gates``.

    Upstream's allocator compiles through its cel.Cache with the default environment type,
    StoredExpressions (k8s.io/dynamic-resource-allocation cel/cache.go GetOrCompile,
    cel/compile.go CompileCELExpression, since v0.34.0), and that environment ignores
    FeatureEnabled (k8s.io/apiserver pkg/cel/environment EnvSet): everything the release
    declares compiles whatever the scheduler's gates, as long as the API server accepted
    the expression (only the API server's check of a NEW expression follows its gate,
    drakit.cel.validate_selector_expression). So ``device.allowMultipleAllocations``
    compiles without DRAConsumableCapacity, and ``includes`` from 1.36 (IntroducedVersion
    1.36) without DRAListTypeAttributes; 1.34/1.35 have no ``includes``.

    What is not a FeatureEnabled declaration follows the scheduler's gate
    (drakit.cel.stored_expression_features): at 1.36 (dynamic-resource-allocation v0.36.2
    cel/compile.go) attributes are AnyType and list attributes are runtime errors ("attribute
    <name>: unsupported attribute value", getAttributeValue) unless DRAListTypeAttributes is
    on. 1.37 (dynamic-resource-allocation 5afedd9, kubernetes PR 139395) declares DynType
    attributes in the stored environment and returns list values whatever the gate. So
    list values go with DynType attributes in every release.
    """
    key = (version, gates["DRAListTypeAttributes"])
    mode = _MODES.get(key)
    if mode is None:
        env = stored_expression_features(gates, version)
        mode = _MODES[key] = CelMode(env, env.dyn_attributes)
    return mode


#: The allocator features each upstream variant supports (structured/internal/<variant>
#: SupportedFeatures), as drakit's gate names: up to 1.35 (dynamic-resource-allocation v0.35.6)
#: and from 1.36 (v0.36.2 and 3d036712). The scheduler runs the first variant, in this order,
#: that supports every enabled feature (structured/allocator.go NewAllocator).
_BASE_FEATURES = ("DRAAdminAccess", "DRAPrioritizedList", "DRAPartitionableDevices", "DRADeviceTaints")
_VARIANTS: dict[bool, tuple[tuple[str, frozenset[str]], ...]] = {
    False: (("stable", frozenset()),
            ("incubating", frozenset(_BASE_FEATURES))),
    True: (("stable", frozenset(_BASE_FEATURES)),
           ("incubating", frozenset(_BASE_FEATURES) | {"DRADeviceBindingConditions", "DRAConsumableCapacity"})),
}
_VARIANT_FEATURES = (*_BASE_FEATURES, "DRADeviceBindingConditions", "DRAConsumableCapacity",
                     "DRAListTypeAttributes")


def allocator_variant(gates: Mapping[str, bool], version: str) -> str:
    """``stable``, ``incubating`` or ``experimental``: the variant of upstream's allocator the
    scheduler of ``version`` runs with these gates (see docs/allocator.md "Which upstream
    variant"). drakit's search follows experimental, which the incubating variant of 1.36 on
    matches except for list-type attributes; the few rules where the variants differ in what a
    user sees ask this function."""
    enabled = {name for name in _VARIANT_FEATURES if gates.get(name)}
    for name, supported in _VARIANTS[release_at_least(version, "1.36")]:
        if enabled <= supported:
            return name
    return "experimental"


def _has_new_rules(gates: Mapping[str, bool], version: str) -> bool:
    """Whether the variant has the rules of consumable capacity and binding conditions even
    with their gates off (capacity requests refused, distinctAttribute, pools with binding
    conditions last): experimental always, incubating from 1.36."""
    variant = allocator_variant(gates, version)
    return variant == "experimental" or (variant == "incubating" and release_at_least(version, "1.36"))


def binding_pools_last(gates: Mapping[str, bool], version: str) -> bool:
    """Whether pools with a device that has binding conditions are searched after the others:
    the incubating variant (1.36 on) and the experimental one do so whatever the gate (pools_*.go
    GatherPools, poolHasBindingConditions); the stable variant, and the incubating one of 1.34
    and 1.35, do not (the latter visits pools in map order, which drakit fixes by name)."""
    return _has_new_rules(gates, version)


def _exprs_key(selectors: Sequence[Mapping[str, Any]]) -> tuple[Any, ...]:
    if not selectors:
        return ()
    out = []
    for sel in selectors:
        cel = sel.get("cel")
        out.append(cel.get("expression") if isinstance(cel, (dict, Mapping)) else None)
    return tuple(out)


class _Cands:
    """Devices of one node that pass a request's class and request selectors, in search order.

    Extended lazily, exactly as far as the search has looked, so a CEL error on a device
    the search never reaches is never raised. Entries are ``(candidate, error)``: an
    ``error`` entry is raised by the search only when it gets to that device (after the
    in-use checks, as upstream does).
    """

    __slots__ = ("cls_sels", "done", "gates", "items", "mode", "node", "pos", "req_sels", "src")

    def __init__(self, src: list[Candidate], cls_sels: Sequence[Mapping[str, Any]],
                 req_sels: Sequence[Mapping[str, Any]], gates: Mapping[str, bool],
                 node: Mapping[str, Any] | None, mode: CelMode) -> None:
        self.src = src
        self.cls_sels = cls_sels
        self.req_sels = req_sels
        self.gates = gates
        self.mode = mode
        self.node = node
        self.items: list[tuple[Candidate, tuple[str, int, str, str] | None]] = []
        self.pos = 0
        self.done = not src

    def extend(self) -> bool:
        """Append the next selectable (or erroring) device; False when there is none."""
        src, n = self.src, len(self.src)
        binding = self.gates["DRADeviceBindingConditions"]
        while self.pos < n:
            cand = src[self.pos]
            self.pos += 1
            st = self._status(cand, binding)
            if st is False:
                continue
            self.items.append((cand, None if st is True else st))
            return True
        self.done = True
        return False

    def all(self) -> list[tuple[Candidate, tuple[str, int, str, str] | None]]:
        while not self.done:
            self.extend()
        return self.items

    def _status(self, cand: Candidate, binding: bool) -> bool | tuple[str, int, str, str]:
        device, rec = cand.device, cand.rec
        if not binding and device.get("bindingConditions"):
            return False
        for where, sels in (("class", self.cls_sels), ("claim", self.req_sels)):
            for i, sel in enumerate(sels):
                r = rec.selector(sel["cel"]["expression"], self.mode)
                if r is True:
                    continue
                if r is False:
                    return False
                return (where, i, r[0], r[1])
        if cand.per_device_node:
            try:
                if not node_matches(self.node, device.get("nodeName") or "",
                                    bool(device.get("allNodes")), device.get("nodeSelector")):
                    return False
            except ValueError as e:
                # isSelectable returns NodeMatches' error as is (allocator_*.go, 1.35-1.37;
                # 1.34's nodeMatches the same): the allocation fails with it
                return ("node", 0, "node", str(e))
        return True


class NodeView:
    """What one node sees of the slices: its pools and every usable device in search order.

    Built per call by :class:`Allocator`, or once per node (and gate set) and reused by
    :class:`drakit.allocator.AllocatorCache`, which also keeps the per-request candidate
    lists (``_Cands``) here, so a node without a device of the right driver/class costs
    one dictionary lookup.
    """

    MAX_CANDS = 512

    def __init__(self, node: Mapping[str, Any] | None, pools: list[Pool], gates: Mapping[str, bool], *,
                 record: Any, version: str) -> None:
        self.node = node
        self.pools = pools
        self.gates = gates
        self.mode = cel_mode(gates, version)
        self.any_invalid = any(p.invalid for p in pools)
        flat: list[Candidate] = []
        for pool in pools:
            if pool.incomplete or pool.invalid:
                continue
            for s in pool.slices:
                spec = s.get("spec") or {}
                pdns = bool(spec.get("perDeviceNodeSelection"))
                for d in spec.get("devices") or ():
                    flat.append(Candidate((pool.driver, pool.name, d.get("name", "")), d, s, pool,
                                          record(pool.driver, d), pdns, len(flat)))
        self.flat = flat
        self.cands: dict[tuple[Any, ...], _Cands] = {}

    def candidates(self, cls: Mapping[str, Any] | None, req_sels: Sequence[Mapping[str, Any]]) -> _Cands:
        cls_sels = ((cls or {}).get("spec") or {}).get("selectors") or () if cls is not None else ()
        key = (_exprs_key(cls_sels), _exprs_key(req_sels))
        c = self.cands.get(key)
        if c is None:
            if len(self.cands) >= self.MAX_CANDS:
                self.cands.clear()
            c = self.cands[key] = _Cands(self.flat, cls_sels, req_sels, self.gates, self.node, self.mode)
        return c


# ---------------------------------------------------------------------------
# The allocator


class Allocator:
    """One allocation attempt for a set of claims on one node (``allocator.Allocate``)."""

    def __init__(self, node: Mapping[str, Any] | None, claims: Sequence[Mapping[str, Any]],
                 slices: Sequence[Mapping[str, Any]], classes: Sequence[Mapping[str, Any]] | Mapping[str, Any],
                 allocated: Sequence[Mapping[str, Any]] | AllocatedState = (), *,
                 gates: Mapping[str, bool] | None = None, version: str = "1.37",
                 view: NodeView | None = None, budget: int | None = None,
                 work_limit: int | None = WORK_LIMIT) -> None:
        """``view`` (from :class:`drakit.allocator.AllocatorCache`) replaces gathering pools
        from ``slices``; it must have been built for this node, these slices and gates.

        ``budget``: the modeled search work allowed (Filter timeout × UNITS_PER_SECOND), or
        None for no timeout; ``work_limit``: drakit's own bound on the work it performs
        (None: none). Either raises :class:`AllocationTimeout`.
        """
        self.gates = effective_gates(gates, version)
        self.version = version
        self.node = node
        self.claims = list(claims)
        if isinstance(classes, (dict, Mapping)):
            self.classes = classes
        else:
            self.classes = {(c.get("metadata") or {}).get("name", ""): c for c in classes}
        self.state = allocated if isinstance(allocated, AllocatedState) else allocated_state(allocated)
        self.view = view
        #: slices given directly (no view): prepare() gathers them through a cache of their
        #: own, so pools are gathered one way only, the way the scheduler's cache does it
        self._slices = slices if view is None else ()
        self.pools: list[Pool] = []
        self.request_data: dict[tuple[int, int, int], RequestData] = {}
        self.constraints: list[list[MatchAttribute | DistinctAttribute]] = []
        self.results: list[list[_Result]] = [[] for _ in self.claims]
        self.allocating: dict[DeviceID, set[int]] = {}
        self.allocating_capacity: dict[DeviceID, dict[str, Quantity]] = {}
        #: live shares of each multi-allocatable device in this search: the device stays in
        #: allocating_capacity (in use, its counters already charged) while one is left, even
        #: when what they consume adds up to nothing (kubernetes PR 140431)
        self._shares: dict[DeviceID, int] = {}
        # counters per pool, keyed by (driver, pool name) as upstream keys them by PoolID since
        # kubernetes PR 140435 (1.37, release-1.36): two drivers may each have a pool "pool-1"
        self.available_counters: dict[tuple[str, str], dict[str, dict[str, int]]] = {}  # nano-units
        self.consumed_counters: dict[tuple[str, str], dict[str, dict[str, int]]] = {}
        self._blocked: dict[tuple[str, str], bool] = {}
        #: allocate_one calls drakit executed
        self.steps = 0
        #: allocateOne calls upstream makes for this search (the steps plus the calls of the
        #: subtrees _hopeless settles in closed form); allocator_testing.go pins this number
        #: as expectNumAllocateOneInvocations, fixtures/allocator/cases.yaml as allocate_one_calls
        self.calls = 0
        #: modeled search work (what upstream's loop would do; see UNITS_PER_SECOND)
        self.units = 0
        #: search work drakit executed (allocate_one calls and devices looked at)
        self.work = 0
        self.budget = budget
        self.work_limit = work_limit
        self._budget = budget if budget is not None else float("inf")
        self._work_limit = work_limit if work_limit is not None else float("inf")
        self._n_flat = 0
        self._n_requests: list[int] = []
        g = self.gates
        self._cc = g["DRAConsumableCapacity"]
        self._partitionable = g["DRAPartitionableDevices"]
        self._taints = g["DRADeviceTaints"]
        self._binding = g["DRADeviceBindingConditions"]
        #: the variant checks capacity requests and knows distinctAttribute (_has_new_rules)
        self._new_rules = _has_new_rules(g, version)

    def g(self, name: str) -> bool:
        return self.gates[name]

    # -- preparation ------------------------------------------------------
    def prepare(self) -> None:
        if self.view is None:
            from drakit.allocator.cache import AllocatorCache  # the cache builds on this module

            self.view = AllocatorCache(self._slices, gates=self.gates, version=self.version).node_view(self.node)
        self.pools = self.view.pools
        self._n_flat = len(self.view.flat)
        prioritized, cc = self.g("DRAPrioritizedList"), self._cc
        for ci, claim in enumerate(self.claims):
            devices = (claim.get("spec") or {}).get("devices") or {}
            requests = devices.get("requests") or ()
            self._n_requests.append(len(requests))
            min_devices = 0
            for ri, req in enumerate(requests):
                subs = req.get("firstAvailable") or []
                if subs and not prioritized:
                    raise AllocationError(f"claim {_kobj(claim)}, request {req.get('name')}: has subrequests, "
                                          "but the DRAPrioritizedList feature is disabled")
                if not cc and self._new_rules:
                    if (req.get("exactly") or {}).get("capacity") is not None:
                        raise AllocationError(f"claim {_kobj(claim)}, request {req.get('name')}: has capacity "
                                              "requests, but the DRAConsumableCapacity feature is disabled")
                    for sub in subs:
                        if sub.get("capacity") is not None:
                            raise AllocationError(
                                f"claim {_kobj(claim)}, subrequest {sub.get('name')}: has capacity requests, "
                                "but the DRAConsumableCapacity feature is disabled")
                if subs:
                    parent = _request_from(req, req.get("name", ""), "", False)
                    low = None
                    for si, sub in enumerate(subs):
                        r = _request_from(sub, sub.get("name", ""), req.get("name", ""), True)
                        rd = self._validate_request(ci, r, parent)
                        self.request_data[(ci, ri, si)] = rd
                        low = rd.num_devices if low is None else min(low, rd.num_devices)
                    min_devices += low or 0
                else:
                    r = _request_from(req.get("exactly") or {}, req.get("name", ""), "", False)
                    rd = self._validate_request(ci, r, None)
                    self.request_data[(ci, ri, 0)] = rd
                    min_devices += rd.num_devices
            if min_devices > ALLOCATION_RESULTS_MAX_SIZE:
                raise AllocationError(f"claim {_kobj(claim)}: number of requested devices {min_devices} "
                                      f"exceeds the claim limit of {ALLOCATION_RESULTS_MAX_SIZE}")
            cons: list[MatchAttribute | DistinctAttribute] = []
            constraints = devices.get("constraints")
            lt = self.g("DRAListTypeAttributes") if constraints else False
            for i, c in enumerate(constraints or ()):
                if c.get("matchAttribute"):
                    cons.append(MatchAttribute(c.get("requests") or [], c["matchAttribute"], lt))
                elif c.get("distinctAttribute") and self._new_rules:
                    cons.append(DistinctAttribute(c.get("requests") or [], c["distinctAttribute"], lt))
                else:
                    raise AllocationError(f"claim {_kobj(claim)}, constraint #{i}: empty constraint "
                                          "(unsupported constraint type?)")
            self.constraints.append(cons)

    def _validate_request(self, ci: int, r: Request, parent: Request | None) -> RequestData:
        claim = self.claims[ci]
        rd = RequestData(r, parent)
        for i, sel in enumerate(r.selectors):
            if not isinstance(sel.get("cel"), (dict, Mapping)):
                raise AllocationError(f"claim {_kobj(claim)}, request {r.name}, selector #{i}: CEL expression "
                                      "empty (unsupported selector type?)")
        if r.has_admin_access and not self.g("DRAAdminAccess"):
            raise AllocationError(f"claim {_kobj(claim)}, request {r.name}: admin access is requested, "
                                  "but the feature is disabled")
        if not r.class_name:
            raise AllocationError(f"claim {_kobj(claim)}, request {r.name}: missing device class name "
                                  "(unsupported request type?)")
        cls = self.classes.get(r.class_name)
        if cls is None:
            raise AllocationError(f"claim {_kobj(claim)}, request {r.name}: could not retrieve device class "
                                  f"{r.class_name}: deviceclass.resource.k8s.io \"{r.class_name}\" not found")
        for i, sel in enumerate((cls.get("spec") or {}).get("selectors") or ()):
            # the API server refuses such a class; upstream's selectorsMatch would dereference
            # the missing CEL (drakit's wording, as for a claim's selector above)
            if not isinstance(sel.get("cel"), (dict, Mapping)):
                raise AllocationError(f"class {r.class_name}: selector #{i}: CEL expression empty "
                                      "(unsupported selector type?)")
        rd.cls = cls
        rd.cands = self.view.candidates(cls, r.selectors)  # type: ignore[union-attr]
        if r.mode == "ExactCount":
            rd.num_devices = r.count
        elif r.mode == "All":
            # Pools in order; a pool's problem is raised before a later pool's devices
            # are looked at (the candidate list holds the complete, valid pools only).
            cons_cc = self.g("DRAConsumableCapacity")
            items = rd.cands.all()
            idx = 0
            for pool in self.pools:
                if pool.incomplete:
                    raise AllocationError(f"claim {_kobj(claim)}, request {r.name}: asks for all devices, but "
                                          f"resource pool {pool.id} is currently being updated")
                if pool.invalid:
                    raise AllocationError(f"claim {_kobj(claim)}, request {r.name}: asks for all devices, but "
                                          f"resource pool {pool.id} is currently invalid")
                while idx < len(items) and items[idx][0].pool is pool:
                    cand, err = items[idx]
                    idx += 1
                    if err is not None:
                        raise self._selector_error(ci, rd, cand.id, err)
                    if cons_cc and not self._capacity_ok(r, cand.id, cand.device, cand.rec)[0]:
                        continue
                    rd.all_devices.append(cand)
            rd.num_devices = len(rd.all_devices)
        else:
            raise AllocationError(f"claim {_kobj(claim)}, request {r.name}: unsupported count mode {r.mode}")
        return rd

    # -- matching ---------------------------------------------------------
    def _selector_error(self, ci: int, rd: RequestData, did: DeviceID,
                        err: tuple[str, int, str, str]) -> AllocationError:
        where_kind, i, kind, msg = err
        if where_kind == "node":
            return AllocationError(msg)
        where = f"class {rd.cls['metadata']['name']}" if where_kind == "class" and rd.cls is not None \
            else f"claim {_kobj(self.claims[ci])}"
        if kind == "compile":
            return AllocationError(f"{where}: selector #{i}: CEL compile error: {msg}")
        return AllocationError(runtime_error_text(where, i, did, msg, self.version))

    def _capacity_ok(self, r: Request, did: DeviceID, device: Mapping[str, Any],
                     rec: DeviceRecord | None = None) -> tuple[bool, str]:
        already = self.state.capacity.get(did)
        allocating = self.allocating_capacity.get(did)
        if rec is not None and r.capacity is None and not already and not allocating:
            # Depends on the device alone: computed once per device.
            base = rec.cap_base
            if base is None:
                base = rec.cap_base = capacity_fits(None, device, None, None)
            return base
        return capacity_fits(r.capacity, device, already, allocating)

    def capacity_in_use(self, did: DeviceID) -> bool:
        return did in self.state.capacity or did in self.allocating_capacity

    # -- counters ---------------------------------------------------------
    # Counter values are kept as integer nano-units: every parsed quantity is a whole
    # number of 1e-9 (ParseQuantity rounds up to nano), so the sums are exact and cheap.
    def _available(self, pool: Pool) -> dict[str, dict[str, int]]:
        key = (pool.driver, pool.name)
        avail = self.available_counters.get(key)
        if avail is not None:
            return avail
        avail = {name: {c: _nanos(q) for c, q in cs.items()} for name, cs in pool.counter_sets.items()}
        for s in [*pool.slices, *pool.slices_not_targeting]:
            spec = s.get("spec") or {}
            for d in spec.get("devices") or ():
                did = (spec.get("driver", ""), (spec.get("pool") or {}).get("name", ""), d.get("name", ""))
                if not self.state.is_allocated(did):
                    continue
                for set_name, cname, n in _consumption(d):
                    # the pool is valid, so every counter its devices consume exists
                    avail[set_name][cname] -= n
        self.available_counters[key] = avail
        self._blocked[key] = any(v < 0 for cs in avail.values() for v in cs.values())
        return avail

    def counters_ok(self, cand: Candidate) -> bool:
        """checkAvailableCounters: take the device's counters; False (and nothing taken)
        when any counter of the pool would then be over its availability.

        Upstream adds the device's consumption and then compares every counter of the
        pool. Counters only grow through additions that passed that comparison, so the
        only counters that can already be over are those whose availability is negative
        before anything is taken (allocated devices used more than the set has): then
        every device of the pool fails, otherwise only the device's own counters matter.
        """
        pool = (cand.pool.driver, cand.pool.name)
        avail = self._available(cand.pool)
        if self._blocked.get(pool):
            return False
        consumed = self.consumed_counters.setdefault(pool, {})
        cons = _consumption(cand.device)
        for set_name, cname, n in cons:
            have = avail[set_name]  # a valid pool defines every counter its devices consume
            used = consumed.get(set_name)
            if have[cname] < (used.get(cname, 0) if used else 0) + n:
                return False
        self._add_counters(consumed, cand.device, 1)
        return True

    def _counters_never_bind(self, cands: list[Candidate]) -> bool:
        """Whether taking every one of ``cands`` together stays within every counter, so
        no subset of them is refused for counters (checkAvailableCounters is then true for
        each, whatever else of them was taken)."""
        extra: dict[tuple[tuple[str, str], str, str], int] = {}
        for cand in cands:
            for set_name, cname, n in _consumption(cand.device):
                k = ((cand.pool.driver, cand.pool.name), set_name, cname)
                extra[k] = extra.get(k, 0) + n
        for (pool, set_name, cname), n in extra.items():
            have = self.available_counters[pool][set_name]
            used = (self.consumed_counters.get(pool) or {}).get(set_name) or {}
            if have[cname] < used.get(cname, 0) + n:
                return False
        return True

    @staticmethod
    def _add_counters(consumed: dict[str, dict[str, int]], device: Mapping[str, Any], sign: int) -> None:
        for set_name, cname, n in _consumption(device):
            cs = consumed.get(set_name)
            if cs is None:
                cs = consumed[set_name] = {}
            cs[cname] = cs.get(cname, 0) + sign * n

    # -- search -----------------------------------------------------------
    def allocate_device(self, ci: int, key: tuple[int, int, int], cand: Candidate) -> tuple[bool, Any]:
        rd = self.request_data[key]
        r = rd.request
        device, did = cand.device, cand.id
        multi = self._cc and bool(device.get("allowMultipleAllocations"))
        if r.admin_access:
            if not multi and ci in self.allocating.get(did, ()):
                return False, None
        elif did in self.state.devices or self.allocating.get(did):
            return False, None
        consumes = device.get("consumesCounters")
        if consumes and not self._partitionable:
            return False, None
        counted = False
        if consumes and not (multi and self.capacity_in_use(did)):
            if not self.counters_ok(cand):
                return False, None
            counted = True
        base, sub = (rd.parent_request.name, r.name) if rd.parent_request else (r.name, "")

        def undo_counters() -> None:
            if counted:
                self._add_counters(self.consumed_counters[(cand.pool.driver, cand.pool.name)], device, -1)

        if self._taints and device.get("taints") and taint_prevents(device, r.tolerations):
            undo_counters()
            return False, None
        cons = self.constraints[ci]
        for c in cons:
            if not c.add(base, sub, device, did):
                # Only allocationMode All gets here: the search loop skips a device
                # whose would_add fails, which is what add decides. For All it is an error,
                # and the error ends the search, so nothing needs giving back.
                raise AllocationError(
                    f"claim {_kobj(self.claims[ci])}, request {r.name}: cannot add device {_fmt_id(did)} "
                    "because a claim constraint would not be satisfied")
        consumed: dict[str, Quantity] | None = None
        share_id = None
        if self._cc:
            ok, _ = self._capacity_ok(r, did, device, cand.rec)
            if not ok:
                for c in cons:
                    c.remove(base, sub, device, did)
                undo_counters()
                return False, None
            if multi:
                consumed = {name: consumed_for((r.capacity or {}).get(name), cap)
                            for name, cap in (device.get("capacity") or {}).items()}
                share_id = str(uuid.uuid5(uuid.NAMESPACE_URL, "drakit/" + "/".join(
                    [_kobj(self.claims[ci]), r.result_name, _fmt_id(did), str(len(self.results[ci]))])))
                acc = self.allocating_capacity.setdefault(did, {})
                for k, v in consumed.items():
                    acc[k] = acc.get(k, Quantity(0)) + v
                self._shares[did] = self._shares.get(did, 0) + 1
        if not multi:
            users = self.allocating.get(did)
            if users is None:
                users = self.allocating[did] = set()
            users.add(ci)
        results = self.results[ci]
        results.append(_Result(r, did, device, cand.slice, r.admin_access, share_id, consumed if consumed else None))
        n_before = len(results) - 1

        def undo() -> None:
            for c in cons:
                c.remove(base, sub, device, did)
            if multi:
                acc = self.allocating_capacity[did]
                for k, v in (consumed or {}).items():
                    acc[k] = acc[k] - v
                self._shares[did] -= 1
                if not self._shares[did]:
                    del self._shares[did]
                    del self.allocating_capacity[did]
            else:
                self.allocating.get(did, set()).discard(ci)
            if counted:
                self._add_counters(self.consumed_counters[(cand.pool.driver, cand.pool.name)], device, -1)
            del results[n_before:]

        return True, undo

    def allocate_one(self, ci: int, ri: int, si: int, di: int, in_sub: bool, start: int) -> bool:
        """Returns True when a full solution was found; raises _MaxSize like upstream's sentinel.

        ``start`` indexes the request's candidate list: the search for the next device of the
        same request begins after the previous one (upstream's startLocation).
        """
        self.steps += 1
        self.calls += 1
        self.units += 1
        self.work += 1
        if self.units > self._budget:
            raise AllocationTimeout(True, self.units, self.work)
        if self.work > self._work_limit:
            raise AllocationTimeout(False, self.units, self.work)
        if ci >= len(self.claims):
            return True
        if ri >= self._n_requests[ci]:
            # Upstream turns a max-size sentinel from the next claim into False here; none
            # can come: results are counted per claim, and prepare() refused a claim whose
            # smallest choice of subrequests exceeds the limit, so that choice always fits
            # and a claim's first request never has every subrequest exceeded.
            return self.allocate_one(ci + 1, 0, 0, 0, False, 0)
        key = (ci, ri, si)
        rd = self.request_data[key]
        if not in_sub and rd.parent_request is not None:
            all_exceeded = True
            sub = 0
            while (ci, ri, sub) in self.request_data:
                try:
                    ok = self.allocate_one(ci, ri, sub, 0, True, 0)
                except _MaxSize:
                    sub += 1
                    continue
                all_exceeded = False
                if ok:
                    # rd is the request's (ci, ri, 0) entry, which _selected reads: a parent
                    # request is entered with si 0 only (in_sub is False)
                    rd.selected_sub = sub
                    return True
                sub += 1
            if all_exceeded:
                raise _MaxSize()
            return False
        r = rd.request
        do_all = r.mode == "All"
        if do_all and not rd.all_devices:
            return False
        if di >= rd.num_devices:
            return self.allocate_one(ci, ri + 1, 0, 0, False, 0)
        if len(self.results[ci]) + rd.num_devices - di > ALLOCATION_RESULTS_MAX_SIZE:
            raise _MaxSize()
        if do_all:
            cand = rd.all_devices[di]
            ok, undo = self.allocate_device(ci, key, cand)
            if not ok:
                return False
            try:
                done = self.allocate_one(ci, ri, si, di + 1, in_sub, 0)
            except BaseException:
                undo()
                raise
            if not done:
                undo()
            return done
        cons_cc = self._cc
        admin = r.admin_access
        cands = rd.cands
        items = cands.items
        # where upstream's loop starts in the node's device order, and the constraints of
        # this claim that apply to this request (checked before the costlier steps)
        cur = items[start - 1][0].pos + 1 if start else 0
        cons = self.constraints[ci]
        checks: list[MatchAttribute | DistinctAttribute] = []
        if cons:
            base, sub_name = (rd.parent_request.name, r.name) if rd.parent_request else (r.name, "")
            checks = [c for c in cons if c.applies(base, sub_name)]
        need = rd.num_devices - di
        if need >= 2 and self._hopeless(ci, rd, start, cur, need, checks):
            return False
        allocating, in_state = self.allocating, self.state.devices
        # The modeled work of the scan (every device position from ``cur`` on, see
        # UNITS_PER_SECOND) and drakit's work are added when the loop recurses or ends.
        i = start
        while True:
            if i >= len(items) and (cands.done or not cands.extend()):
                self.units += self._n_flat - cur
                self.work += i - start
                return False
            cand, err = items[i]
            i += 1
            did = cand.id
            if admin:
                if ci in allocating.get(did, ()):
                    continue
            elif did in in_state or allocating.get(did):
                continue
            if err is not None:
                self.units += cand.pos + 1 - cur
                raise self._selector_error(ci, rd, did, err)
            if checks and not all(c.would_add(cand) for c in checks):
                continue  # allocate_device would refuse it at the constraints, with no side effect
            if cons_cc and not self._capacity_ok(r, did, cand.device, cand.rec)[0]:
                continue
            ok, undo = self.allocate_device(ci, key, cand)
            if not ok:
                continue
            self.units += cand.pos + 1 - cur
            cur = cand.pos + 1
            self.work += i - start
            start = i
            try:
                done = self.allocate_one(ci, ri, si, di + 1, in_sub, i)
            except BaseException:
                undo()
                raise
            if done:
                return True
            undo()

    def _hopeless(self, ci: int, rd: RequestData, start: int, cur: int, need: int,
                  checks: list[MatchAttribute | DistinctAttribute]) -> bool:
        """Settle a subtree of the search that cannot succeed without walking it.

        When fewer than ``need`` of the remaining candidates can be taken, and whether a
        candidate can be taken does not depend on which others are taken, upstream's search
        still tries every subset of them before giving up (2^m allocateOne calls). Here the
        outcome is known at once: no solution, or, if a remaining candidate's selector fails
        at runtime, that error (the first such candidate is reached on the leftmost path).
        The modeled work is added in closed form, so the Filter timeout triggers exactly
        where walking the subtree would have triggered it. Returns False (the caller
        searches normally) when taking a candidate could change whether others can be taken:
        candidates that consume counters, and constraints other than a matchAttribute whose
        (scalar) value is already set.
        """
        for c in checks:
            if not c.fixed():
                return False
        r = rd.request
        items = rd.cands.all()
        admin, cons_cc = r.admin_access, self._cc
        allocating, in_state = self.allocating, self.state.devices
        partitionable, taints = self._partitionable, self._taints
        takeable: list[int] = []
        counting: list[Candidate] = []
        error_at: tuple[int, Candidate, Any] | None = None
        for cand, err in items[start:]:
            did = cand.id
            if admin:
                if ci in allocating.get(did, ()):
                    continue
            elif did in in_state or allocating.get(did):
                continue
            if err is not None:
                if error_at is None:
                    error_at = (cand.pos, cand, err)
                continue
            device = cand.device
            if checks and not all(c.would_add(cand) for c in checks):
                continue
            if cons_cc and not self._capacity_ok(r, did, device, cand.rec)[0]:
                continue
            if device.get("bindingConditions") and not self._binding:
                continue
            if taints and device.get("taints") and taint_prevents(device, r.tolerations):
                continue
            if device.get("consumesCounters"):
                if not partitionable:
                    continue
                if cons_cc and device.get("allowMultipleAllocations"):
                    return False  # counters may be skipped for it once its capacity is in use
                self._available(cand.pool)
                if self._blocked.get((cand.pool.driver, cand.pool.name)):
                    continue  # a counter of its pool is already over: never takeable
                counting.append(cand)
            takeable.append(cand.pos)
            if len(takeable) >= need:
                return False
        if counting and not self._counters_never_bind(counting):
            return False  # taking one device could exhaust counters another one needs
        self.work += len(items) - start
        n = self._n_flat
        # Upstream checks its deadline when allocateOne is entered, so the timeout triggers
        # iff the work done before the last call entered in this subtree exceeds the budget
        # (work after it is checked by the next call anywhere).
        if error_at is not None:
            # leftmost path: take every takeable candidate before the failing one, then reach it
            pos, cand, err = error_at
            before = [q for q in takeable if q < pos]
            k = len(before)
            if k and self.units + k + (before[-1] - cur + 1) > self._budget:
                raise AllocationTimeout(True, self.units + k + (before[-1] - cur + 1), self.work)
            self.units += k + (pos - cur + 1)
            self.calls += k
            raise self._selector_error(ci, rd, cand.id, err)
        # every subset of the m takeable candidates is one allocateOne call (the empty one is
        # this call); a call whose last pick is candidate t (2^t of them) scans the devices after it
        m = len(takeable)
        units = (1 << m) - 1 + (n - cur) + sum((1 << t) * (n - q - 1) for t, q in enumerate(takeable))
        if m:
            at_last_call = self.units + units - 2 * (n - takeable[-1] - 1)
            if at_last_call > self._budget:
                raise AllocationTimeout(True, at_last_call, self.work)
        self.units += units
        self.calls += (1 << m) - 1
        return True

    def run(self) -> list[dict[str, Any]]:
        self.prepare()
        done = self.allocate_one(0, 0, 0, 0, False, 0)  # no _MaxSize escapes a claim (see allocate_one)
        if not done:
            if any(p.invalid for p in self.pools):
                raise AllocationError("invalid resource pools were encountered")
            return []
        return [self._result(ci) for ci in range(len(self.claims))]

    # -- results ----------------------------------------------------------
    def _result(self, ci: int) -> dict[str, Any]:
        claim = self.claims[ci]
        out_results = []
        for res in self.results[ci]:
            entry: dict[str, Any] = {"request": res.request.result_name, "driver": res.id[0],
                                     "pool": res.id[1], "device": res.id[2]}
            if res.admin_access:
                entry["adminAccess"] = True
            if res.request.tolerations:
                entry["tolerations"] = [dict(t) for t in res.request.tolerations]
            if res.share_id:
                entry["shareID"] = res.share_id
            if res.consumed:
                entry["consumedCapacity"] = {k: str(v) for k, v in sorted(res.consumed.items())}
            if self._binding:
                if res.device.get("bindingConditions"):
                    entry["bindingConditions"] = list(res.device["bindingConditions"])
                if res.device.get("bindingFailureConditions"):
                    entry["bindingFailureConditions"] = list(res.device["bindingFailureConditions"])
            out_results.append(entry)
        devices: dict[str, Any] = {"results": out_results}
        config = self._config(ci, claim)
        if config:
            devices["config"] = config
        out: dict[str, Any] = {"devices": devices}
        ns = self._node_selector(self.results[ci])
        if ns is not None:
            out["nodeSelector"] = ns
        return out

    def _selected(self, ci: int, ri: int) -> RequestData:
        rd = self.request_data[(ci, ri, 0)]
        if rd.parent_request is not None:
            return self.request_data[(ci, ri, rd.selected_sub)]
        return rd

    def _config(self, ci: int, claim: Mapping[str, Any]) -> list[dict[str, Any]]:
        devices = (claim.get("spec") or {}).get("devices") or {}
        requests = devices.get("requests") or []
        if not devices.get("config") and not any(
                rd.cls is not None and (rd.cls.get("spec") or {}).get("config")
                for (c, _, _), rd in self.request_data.items() if c == ci):
            return []
        # Up to 1.36 upstream adds a claim config once per request it names and keeps its
        # requests; 1.37 adds it once and clears the requests of a config that names every
        # request (dynamic-resource-allocation c5a40b2 and fe39ea7 with a58be5a, all first
        # in kubernetes-1.37.0-alpha.2; allocator_*.go Allocate, "Populate configs").
        since_137 = version_at_least(self.version, "1.37")
        config: list[dict[str, Any]] = []
        class_ranges: dict[str, tuple[int, int]] = {}
        for ri in range(len(requests)):
            rd = self._selected(ci, ri)
            cname = rd.cls["metadata"]["name"]  # prepare() gave every request its class
            if cname in class_ranges:
                a, b = class_ranges[cname]
                for i in range(a, b):
                    config[i]["requests"].append(rd.request.result_name)
                continue
            start = len(config)
            for c in (rd.cls.get("spec") or {}).get("config") or ():
                entry = {"source": "FromClass", "requests": [rd.request.result_name]}
                entry.update({k: v for k, v in c.items() if k != "requests"})
                config.append(entry)
            class_ranges[cname] = (start, len(config))
        for c in devices.get("config") or ():
            reqs = c.get("requests") or []
            body = {k: v for k, v in c.items() if k != "requests"}
            if not reqs:
                config.append({"source": "FromClaim", **body})
                continue
            for ri, req in enumerate(requests):
                rd = self._selected(ci, ri)
                if req.get("name") in reqs or (rd.parent_request is not None and rd.request.result_name in reqs):
                    config.append({"source": "FromClaim", "requests": list(reqs), **body})
                    if since_137:
                        break
        if not since_137:
            return config
        for entry in config:
            reqs = entry.get("requests")
            if not reqs:
                continue
            if all(req.get("name") in reqs or self._selected(ci, ri).request.result_name in reqs
                   for ri, req in enumerate(requests)):
                entry.pop("requests")
        return config

    def _node_selector(self, results: list[_Result]) -> dict[str, Any] | None:
        node_name = ((self.node or {}).get("metadata") or {}).get("name", "")
        fields: list[dict[str, Any]] = []
        exprs: list[dict[str, Any]] = []
        for res in results:
            spec = res.slice.get("spec") or {}
            if spec.get("perDeviceNodeSelection"):
                nname, nsel = res.device.get("nodeName"), res.device.get("nodeSelector")
            else:
                nname, nsel = spec.get("nodeName"), spec.get("nodeSelector")
            if nname or res.device.get("bindsToNode"):
                return {"nodeSelectorTerms": [{"matchFields": [
                    {"key": "metadata.name", "operator": "In", "values": [node_name]}]}]}
            if nsel is not None:
                terms = nsel.get("nodeSelectorTerms") or []
                if len(terms) > 1:
                    raise AllocationError(f"unsupported ResourceSlice.NodeSelector with {len(terms)} terms")
                if terms:
                    for src, dst in ((terms[0].get("matchFields") or [], fields),
                                     (terms[0].get("matchExpressions") or [], exprs)):
                        for req in src:
                            if not any(_same_req(req, have) for have in dst):
                                dst.append(dict(req))
        if fields or exprs:
            term: dict[str, Any] = {}
            if exprs:
                term["matchExpressions"] = exprs
            if fields:
                term["matchFields"] = fields
            return {"nodeSelectorTerms": [term]}
        return None


def _same_req(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    return (a.get("key") == b.get("key") and a.get("operator") == b.get("operator")
            and set(a.get("values") or []) == set(b.get("values") or []))


class _MaxSize(Exception):
    """Upstream's errAllocationResultMaxSizeExceeded sentinel."""
