"""ResourceSlice: defaulting, gate-off field dropping and validation (resource.k8s.io/v1).

Sources: k/k ``pkg/registry/resource/resourceslice/strategy.go`` (dropDisabledFields),
``pkg/apis/resource/v1/defaults.go`` and ``pkg/apis/resource/validation/validation.go``
(validateResourceSliceSpec / validateDevice at 009801d9, 1.37 era). KEP-5234 mixins never
shipped in any release (api-truth §2): the ``mixins``/``includes`` rules below follow the
KEP text ("Design Details/API" and "Limits") and only apply with DRAResourceSliceMixins on.
Where the KEP names no error type or message, they follow the KEP's implementation pull
request, kubernetes/kubernetes#131357 "DRA ResourceSlice mixins" (closed unmerged; its
pkg/apis/resource/validation/validation_resourceslice_test.go in the version whose
``Includes`` are plain strings, as in the KEP): unknown includes, entries with neither
counters nor includes, the slice-wide counter totals and the flattened-device limit.

Performance: one pass over the devices, no deep copies, memoised name checks and lazily
built error paths keep a 128-device x 32-attribute slice well below 20 ms.
"""

from __future__ import annotations

from typing import Any

from drakit.api import names
from drakit.api.errors import (
    FieldError,
    forbidden,
    invalid,
    not_found,
    required,
    too_long,
    too_many,
)
from drakit.validation.resource import common as c
from drakit.validation.resource.common import Errs, as_dict, as_list
from drakit.validation.strategy import Context, Strategy

# KEP-5234 "Limits" (proposal; never shipped): slice-wide totals and includes per entry.
MIXIN_MAX_INCLUDES = 8
# kubernetes/kubernetes#131357 test "shared-counters-no-counters-or-includes" and
# "missing-counter-consumes-counter-or-includes": Required at the entry itself
MIXIN_NEITHER_COUNTERS_NOR_INCLUDES = "at least one of `counters` or `includes` must be specified"
# kubernetes/kubernetes#131357 "unknown-*-mixin-ref": Invalid at includes[i], the name as value
MIXIN_UNKNOWN_REF = "must reference a {} mixin defined in the ResourceSlice"
MIXIN_MAX_ATTRS_AND_CAPS_PER_SLICE = 4096
MIXIN_MAX_COUNTERS_PER_SLICE = 256
MIXIN_MAX_CONSUMED_COUNTERS_PER_SLICE = 2048

_LIST_ATTR_KEYS = ("bools", "ints", "strings", "versions")
_ATTR_KEYS = ("bool", "int", "string", "version") + _LIST_ATTR_KEYS
_ATTR_KEY_SET = frozenset(_ATTR_KEYS)

# device field for KEP-5517 per emulated version (api-truth §4.2)
NAR_137 = "nodeAllocatableResources"
NAR_136 = "nodeAllocatableResourceMappings"


def nar_field(ctx: Context) -> str:
    return NAR_137 if c.version_at_least(ctx, "1.37") else NAR_136


# ---------------------------------------------------------------------------------
# defaulting and dropping


def _devices(spec: Any) -> list[dict]:
    return [d for d in as_list(as_dict(spec).get("devices")) if isinstance(d, dict)]


def default_slice(obj: dict, ctx: Context) -> None:
    """SetDefaults_Device (1.36 shape, pkg/apis/resource/v1/defaults.go at 16913111):
    ``allocationMultiplier`` defaults to 1.

    SetDefaults_DeviceTaint (pkg/apis/resource/v1/defaults.go, 1.34 on): a taint without
    ``timeAdded`` gets the time of the request (the API server's clock, ``ctx.now``). Defaults
    apply to every decoded write, so an update that leaves the field out gets "now" again."""
    for dev in _devices(obj.get("spec")):
        if ctx.now:
            for t in as_list(dev.get("taints")):
                if isinstance(t, dict) and not t.get("timeAdded"):
                    t["timeAdded"] = ctx.now
        if nar_field(ctx) == NAR_136:
            for m in as_dict(dev.get(NAR_136)).values():
                if isinstance(m, dict) and m.get("allocationMultiplier") is None:
                    m["allocationMultiplier"] = "1"


def prune_other_shape(obj: dict, ctx: Context) -> None:
    """Remove the KEP-5517 field of the *other* release's shape.

    A 1.37 server has no ``nodeAllocatableResourceMappings`` (tombstoned) and a 1.36 server
    no ``nodeAllocatableResources``; the real decoder prunes such unknown fields (with a
    warning, or an error under strict field validation), so they never reach storage."""
    other = NAR_136 if nar_field(ctx) == NAR_137 else NAR_137
    for dev in _devices(obj.get("spec")):
        dev.pop(other, None)


def _any_device(spec: Any, pred) -> bool:
    return any(pred(d) for d in _devices(spec))


def _uses_mixins(spec: Any) -> bool:
    spec = as_dict(spec)
    if spec.get("mixins") is not None:
        return True
    if any(as_dict(cs).get("includes") for cs in as_list(spec.get("sharedCounters"))):
        return True
    return _any_device(spec, lambda d: bool(d.get("includes")) or any(
        as_dict(cc).get("includes") for cc in as_list(d.get("consumesCounters"))))


def drop_disabled_fields(new: dict, old: dict | None, ctx: Context) -> None:
    """dropDisabledFields: clear gated fields unless the old object already used them."""
    spec = as_dict(new.get("spec"))
    old_spec = as_dict(old.get("spec")) if old else None
    devices = _devices(spec)

    def in_use(pred) -> bool:
        return old_spec is not None and pred(old_spec)

    if not c.gate(ctx, "DRADeviceTaints") and not in_use(
            lambda s: _any_device(s, lambda d: bool(d.get("taints")))):
        for d in devices:
            d.pop("taints", None)

    def partitionable(s: dict) -> bool:
        if s.get("sharedCounters") or s.get("perDeviceNodeSelection") is not None:
            return True
        return _any_device(s, lambda d: bool(d.get("consumesCounters")) or any(
            d.get(k) is not None for k in ("nodeName", "nodeSelector", "allNodes")))

    if not c.gate(ctx, "DRAPartitionableDevices") and not in_use(partitionable):
        spec.pop("sharedCounters", None)
        spec.pop("perDeviceNodeSelection", None)
        for d in devices:
            for k in ("consumesCounters", "nodeName", "nodeSelector", "allNodes"):
                d.pop(k, None)

    # Binding conditions need two gates drakit does not model; absent means "keep".
    if not (c.gate(ctx, "DRADeviceBindingConditions", absent=True)
            and c.gate(ctx, "DRAResourceClaimDeviceStatus", absent=True)) and not in_use(
            lambda s: _any_device(s, lambda d: bool(d.get("bindingConditions")) or bool(
                d.get("bindingFailureConditions")) or d.get("bindsToNode") is not None)):
        for d in devices:
            for k in ("bindingConditions", "bindingFailureConditions", "bindsToNode"):
                d.pop(k, None)

    def consumable(s: dict) -> bool:
        return _any_device(s, lambda d: d.get("allowMultipleAllocations") is not None or any(
            as_dict(cap).get("requestPolicy") is not None
            for cap in as_dict(d.get("capacity")).values()))

    if not c.gate(ctx, "DRAConsumableCapacity") and not in_use(consumable):
        for d in devices:
            d.pop("allowMultipleAllocations", None)
            for cap in as_dict(d.get("capacity")).values():
                if isinstance(cap, dict):
                    cap.pop("requestPolicy", None)

    # 1.36 strategy read upstream; the 1.37 drop of nodeAllocatableResources is assumed to
    # follow the same pattern (api-truth §9.6: not read).
    nar = nar_field(ctx)
    if not c.gate(ctx, "DRANodeAllocatableResources") and not in_use(
            lambda s: _any_device(s, lambda d: bool(d.get(nar)))):
        for d in devices:
            d.pop(nar, None)

    def list_attrs(s: dict) -> bool:
        return _any_device(s, lambda d: any(
            isinstance(a, dict) and any(a.get(k) is not None for k in _LIST_ATTR_KEYS)
            for a in as_dict(d.get("attributes")).values()))

    if not c.gate(ctx, "DRAListTypeAttributes") and not in_use(list_attrs):
        for d in devices:
            for a in as_dict(d.get("attributes")).values():
                if isinstance(a, dict):
                    for k in _LIST_ATTR_KEYS:
                        a.pop(k, None)

    # DRAResourcePoolStatus (partitionTypeAttribute) is not modelled: field kept.

    # KEP-5234: "+featureGate=DRAResourceSliceMixins" on spec.mixins and every includes.
    if not c.gate(ctx, "DRAResourceSliceMixins") and not in_use(_uses_mixins):
        spec.pop("mixins", None)
        for cs in as_list(spec.get("sharedCounters")):
            if isinstance(cs, dict):
                cs.pop("includes", None)
        for d in devices:
            d.pop("includes", None)
            for cc in as_list(d.get("consumesCounters")):
                if isinstance(cc, dict):
                    cc.pop("includes", None)
    # Fields the KEP's mixin types do not define (a device mixin's taints) never get here:
    # drakit's types include the KEP-5234 structs, so the decoder refuses them (Strict) or
    # drops them with a warning (Warn), as for any other unknown field.


# ---------------------------------------------------------------------------------
# validation


class _Mixins:
    """Mixins of one slice by kind and name (first definition wins), for includes."""

    __slots__ = ("device", "consumption", "counter_set", "enabled")

    def __init__(self, spec: dict, enabled: bool) -> None:
        self.enabled = enabled
        mixins = as_dict(spec.get("mixins")) if enabled else {}
        self.device = _by_name(mixins.get("device"))
        self.consumption = _by_name(mixins.get("deviceCounterConsumption"))
        self.counter_set = _by_name(mixins.get("counterSet"))


def _by_name(items: Any) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for m in as_list(items):
        if isinstance(m, dict):
            out.setdefault(str(m.get("name") or ""), m)
    return out


def validate_slice_spec(spec: Any, old_spec: Any, ctx: Context) -> Errs:
    """validateResourceSliceSpec (+ KEP-5234 when DRAResourceSliceMixins is on)."""
    spec = as_dict(spec)
    old = as_dict(old_spec) if old_spec is not None else None
    out: Errs = []
    out += c.driver_name(spec.get("driver"), "spec.driver")
    pool = as_dict(spec.get("pool"))
    out += c.pool_name(pool.get("name"), "spec.pool.name")
    count = pool.get("resourceSliceCount") or 0
    if not isinstance(count, int) or count <= 0:
        out.append(invalid("spec.pool.resourceSliceCount", count, "must be greater than zero"))
    generation = pool.get("generation") or 0
    if isinstance(generation, int) and generation < 0:
        out.append(invalid("spec.pool.generation", generation,
                           "must be greater than or equal to zero"))
    if old is not None:
        old_pool = as_dict(old.get("pool"))
        if (pool.get("name") or "") != (old_pool.get("name") or ""):
            out.append(invalid("spec.pool.name", pool.get("name") or "", c.IMMUTABLE))
        if (spec.get("driver") or "") != (old.get("driver") or ""):
            out.append(invalid("spec.driver", spec.get("driver") or "", c.IMMUTABLE))
        if spec.get("nodeName") != old.get("nodeName"):
            nn = spec.get("nodeName")
            out.append(invalid("spec.nodeName", c.NULL if nn is None else nn, c.IMMUTABLE))

    out += _node_selection(spec)

    per_device = spec.get("perDeviceNodeSelection") is True
    devices = spec.get("devices")
    # "Only one of Devices and SharedCounters can be set in a ResourceSlice" is in the
    # v1 API doc from kubernetes-1.35.0 on; 1.34 allows both in one slice (its doc and the
    # published v1.34.0 OpenAPI say nothing of the kind).
    since_135 = c.version_at_least(ctx, "1.35")
    if since_135 and spec.get("sharedCounters") is not None and devices is not None:
        out.append(invalid("spec", "", "only one of `sharedCounters` or `devices` is allowed"))

    mix = _Mixins(spec, c.gate(ctx, "DRAResourceSliceMixins"))
    devs = as_list(devices)
    max_devices = c.SLICE_MAX_DEVICES
    if since_135 and any(isinstance(d, dict) and _advanced(d) for d in devs):
        max_devices = c.SLICE_MAX_DEVICES_ADVANCED
    if len(devs) > max_devices:
        out.append(too_many("spec.devices", len(devs), max_devices))
    else:
        old_devices = {}
        if old is not None:
            for od in as_list(old.get("devices")):
                if isinstance(od, dict):
                    old_devices.setdefault(od.get("name"), od)
        nar = nar_field(ctx)
        sets_134 = None if since_135 else _counter_names_134(spec, mix)
        seen: set = set()
        dups: list[tuple[int, Any]] = []
        for i, d in enumerate(devs):
            d = as_dict(d)
            name = d.get("name") or ""
            out += _device(d, old_devices.get(name), f"spec.devices[{i}]", per_device, nar,
                           mix, since_135, sets_134)
            if name in seen:
                dups.append((i, name))
            seen.add(name)
        at = c.dup_key_field_at(since_135, "name")
        out += [FieldError("Duplicate", f"spec.devices[{i}].{at}" if at else f"spec.devices[{i}]", n)
                for i, n in dups]

    if not since_135:
        out += _counter_totals_134(spec, devs)
    out += c.validate_set(spec.get("sharedCounters"),
                          c.MAX_COUNTER_SETS if since_135 else len(as_list(spec.get("sharedCounters"))),
                          lambda cs, p: _counter_set(cs, p, mix, since_135),
                          lambda cs: as_dict(cs).get("name") or "", "spec.sharedCounters",
                          c.dup_key_field_at(since_135, "name"))
    if mix.enabled:
        out += _validate_mixins(spec)
    return out


# 1.34 bounded counters by totals instead of per-set/per-consumption counts (k/k
# pkg/apis/resource/validation, ValidateResourceSlice tests "too-large-shared-counters",
# "too-large-consumes-counter", "too-many-device-counters-in-slice", index file 262113301;
# the v1.34.0 OpenAPI says the same: 32 counters in all sets, 32 per device, 1024 per slice).
# The order follows the 1.34 validateResourceSliceSpec (aaron-prindle/kubernetes@060306bf,
# a v1.34-era tree): each device's own total inside validateDevice, then the slice's device
# total, then the shared total, then the counter sets themselves.
MAX_SHARED_COUNTERS_134 = 32  # ResourceSliceMaxSharedCounters
MAX_COUNTERS_PER_DEVICE_134 = 32  # ResourceSliceMaxCountersPerDevice
MAX_DEVICE_COUNTERS_PER_SLICE_134 = 1024  # ResourceSliceMaxDeviceCountersPerSlice
DEVICE_TAINTS_MAX_134 = 4  # "The maximum number of taints is 4." (v1.34.0 Device.taints)
# 1.34 validateDevice: a consumption names a counter set of the same slice's sharedCounters
# and only counters of that set (validation_resourceslice_test.go "wrong-sharedcounterref-
# consumes-counter", "wrong-counterref-consumes-counter", "missing-counterset-consumes-counter",
# index file 262113301). 1.35 moved counter sets into slices of their own and dropped it.
UNKNOWN_COUNTER_SET_134 = "must reference a counterSet defined in the ResourceSlice sharedCounters"
UNKNOWN_COUNTER_134 = "must reference a counter defined in the ResourceSlice sharedCounters"


def _counter_totals_134(spec: dict, devs: list) -> Errs:
    out: Errs = []
    slice_total = sum(len(as_dict(as_dict(cc).get("counters")))
                      for d in devs for cc in as_list(as_dict(d).get("consumesCounters")))
    if slice_total > MAX_DEVICE_COUNTERS_PER_SLICE_134:
        out.append(invalid("spec.devices", slice_total, "the total number of counters in "
                           f"devices must not exceed {MAX_DEVICE_COUNTERS_PER_SLICE_134}"))
    total_shared = sum(len(as_dict(as_dict(cs).get("counters")))
                       for cs in as_list(spec.get("sharedCounters")))
    if total_shared > MAX_SHARED_COUNTERS_134:
        out.append(invalid("spec.sharedCounters", total_shared, "the total number of shared "
                           f"counters must not exceed {MAX_SHARED_COUNTERS_134}"))
    return out


def _counter_names_134(spec: dict, mix: _Mixins) -> dict[str, set]:
    """gatherSharedCounterCounterNames: each counter set of this slice by name (a later set
    of the same name replaces an earlier one) with the names of its counters; with
    DRAResourceSliceMixins on also those of the counter set mixins it includes
    (kubernetes/kubernetes#131357 "counterref-consumes-counter-from-mixin")."""
    out: dict[str, set] = {}
    for cs in as_list(spec.get("sharedCounters")):
        cs = as_dict(cs)
        names = set(as_dict(cs.get("counters")))
        if mix.enabled:
            for ref in as_list(cs.get("includes")):
                m = mix.counter_set.get(ref) if isinstance(ref, str) else None
                if m is not None:
                    names |= set(as_dict(m.get("counters")))
        out[str(cs.get("name") or "")] = names
    return out


def _counter_refs_134(cc: list, sets: dict[str, set], p: str) -> Errs:
    out: Errs = []
    for i, x in enumerate(cc):
        x = as_dict(x)
        name = str(x.get("counterSet") or "")
        known = sets.get(name)
        if known is None:
            out.append(invalid(f"{p}.consumesCounters[{i}].counterSet", name,
                               UNKNOWN_COUNTER_SET_134))
            continue
        out += [invalid(f"{p}.consumesCounters[{i}].counters", str(k), UNKNOWN_COUNTER_134)
                for k in as_dict(x.get("counters")) if str(k) not in known]
    return out


def _advanced(d: dict) -> bool:
    """haveDeviceTaints || haveConsumesCounters || haveListAttributes."""
    if d.get("taints") or d.get("consumesCounters"):
        return True
    for a in as_dict(d.get("attributes")).values():
        if isinstance(a, dict) and (a.get("bools") is not None or a.get("ints") is not None
                                    or a.get("strings") is not None
                                    or a.get("versions") is not None):
            return True
    return False


def _node_selection(spec: dict) -> Errs:
    out: Errs = []
    set_fields: list[str] = []
    if "nodeName" in spec and spec["nodeName"] is not None:
        nn = spec["nodeName"]
        if nn != "":
            set_fields.append("`nodeName`")
            out += c.node_name(str(nn), "spec.nodeName")
        else:
            out.append(invalid("spec.nodeName", nn,
                               "must be either unset or set to a non-empty string"))
    if spec.get("nodeSelector") is not None:
        set_fields.append("`nodeSelector`")
        out += c.node_selector(spec["nodeSelector"], "spec.nodeSelector")
        raw_terms = as_dict(spec["nodeSelector"]).get("nodeSelectorTerms")
        if len(as_list(raw_terms)) != 1:
            # the value is the list as decoded: absent is a nil slice, printed null
            # (validation_resourceslice_test.go "bad-empty-node-selector")
            out.append(invalid("spec.nodeSelector.nodeSelectorTerms", c.c_null(raw_terms),
                               "must have exactly one node selector term"))
    for f in ("allNodes", "perDeviceNodeSelection"):
        v = spec.get(f)
        if v is not None:
            if v is True:
                set_fields.append(f"`{f}`")
            else:
                out.append(invalid(f"spec.{f}", v, "must be either unset or set to true"))
    msg = ("exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` "
           "is required")
    if not set_fields:
        out.append(required("spec", msg))
    elif len(set_fields) > 1:
        out.append(invalid("spec", "{" + ", ".join(set_fields) + "}",
                           msg + ", but multiple fields are set"))
    return out


def _flattened(d: dict, mix: _Mixins, key: str) -> dict:
    """A device's attributes or capacity with its included mixins applied in order
    (KEP-5234: later mixins win, the device's own entries always win)."""
    own = as_dict(d.get(key))
    incs = as_list(d.get("includes")) if mix.enabled else []
    if not incs:
        return own
    flat: dict = {}
    for ref in incs:
        m = mix.device.get(ref) if isinstance(ref, str) else None
        if m is not None:
            flat.update(as_dict(m.get(key)))
    flat.update(own)
    return flat


def _device(d: dict, old: dict | None, p: str, per_device: bool, nar: str,
            mix: _Mixins, since_135: bool = True, sets_134: dict | None = None) -> Errs:
    """validateDevice (``since_135`` False: the 1.34 limits and, with ``sets_134`` (the
    slice's counter sets), the 1.34 same-slice counter references)."""
    out: Errs = []
    name = d.get("name")
    out += c.dns_label("" if name is None else str(name), f"{p}.name")
    attrs = as_dict(d.get("attributes"))
    caps = as_dict(d.get("capacity"))
    flat_attrs = _flattened(d, mix, "attributes")
    flat_caps = _flattened(d, mix, "capacity")
    n = len(flat_attrs) + len(flat_caps)
    if n > c.MAX_ATTRS_AND_CAPS:
        # a device that includes mixins: kubernetes/kubernetes#131357
        # ("combined-attributes-capacity-length") words it for the flattened device; any
        # other device keeps the shipped text (what every real release answers, alpha gates
        # on or not: DRAResourceSliceMixins never existed there)
        what = "in a device after mixins have been applied " \
            if mix.enabled and d.get("includes") else ""
        out.append(invalid(p, n, f"the total number of attributes and capacities {what}must not "
                                 f"exceed {c.MAX_ATTRS_AND_CAPS}"))
    nvals = _num_attribute_values(flat_attrs)
    if nvals > c.MAX_ATTR_VALUES:
        out.append(invalid(p, nvals, "the total number of attribute values must not exceed "
                                     f"{c.MAX_ATTR_VALUES}"))
    if attrs:
        out += attributes(attrs, f"{p}.attributes")
    if caps:
        # every update checks all capacities (with the device's current
        # allowMultipleAllocations); only the taints below are skipped when unchanged
        out += capacities(caps, f"{p}.capacity", d.get("allowMultipleAllocations") is True)
    taints = d.get("taints")
    if taints and (old is None or old.get("taints") != taints):
        out += c.validate_slice(taints,
                                c.DEVICE_TAINTS_MAX if since_135 else DEVICE_TAINTS_MAX_134,
                                lambda t, tp: c.device_taint(t, None, tp, since_135),
                                f"{p}.taints")
    cc = d.get("consumesCounters")
    if cc:
        out += c.validate_set(cc, c.MAX_CONSUMPTIONS_PER_DEVICE if since_135 else len(as_list(cc)),
                              lambda x, xp: _counter_consumption(x, xp, mix, since_135),
                              lambda x: as_dict(x).get("counterSet") or "",
                              f"{p}.consumesCounters", c.dup_key_field_at(since_135, "counterSet"))
        if not since_135:
            n = sum(len(as_dict(as_dict(x).get("counters"))) for x in as_list(cc))
            if n > MAX_COUNTERS_PER_DEVICE_134:
                out.append(invalid(p, n, "the total number of counters must not exceed "
                                         f"{MAX_COUNTERS_PER_DEVICE_134}"))
            if sets_134 is not None:
                out += _counter_refs_134(as_list(cc), sets_134, p)
    if per_device:
        out += _per_device_node_selection(d, p)
    elif d.get("nodeName") is not None or d.get("nodeSelector") is not None or \
            d.get("allNodes") is not None:
        out.append(invalid(p, c.NULL, "`nodeName`, `nodeSelector` and `allNodes` can only be "
                                      "set if `perDeviceNodeSelection` is set to true in the "
                                      "ResourceSlice spec"))
    if d.get("bindingConditions") or d.get("bindingFailureConditions"):
        out += c.binding_parameters(d.get("bindingConditions"),
                                    d.get("bindingFailureConditions"), p)
    if d.get(nar):
        if nar == NAR_137:
            out += node_allocatable_resources(d[nar], caps, f"{p}.{nar}")
        else:
            out += node_allocatable_resource_mappings(d[nar], caps, f"{p}.{nar}")
    if mix.enabled and d.get("includes") is not None:
        out += _includes(d.get("includes"), mix.device, "device", f"{p}.includes")
    return out


def _num_attribute_values(attrs: dict) -> int:
    """numEntriesDeviceAttribute: scalars count 1, list items one by one."""
    n = 0
    for a in attrs.values():
        if not isinstance(a, dict):
            n += 1
            continue
        k = 0
        for lk in _LIST_ATTR_KEYS:
            v = a.get(lk)
            if v:
                k += len(v)
        n += k if k else 1
    return n


def attributes(attrs: dict, path: str) -> Errs:
    """validateMap(attributes): key errors at the map path, value errors at ``[key]``."""
    out: Errs = []
    for key, a in attrs.items():
        kerr = c._qualified_name_errs(key)
        if kerr:
            out += c._materialise(kerr, path)
        if isinstance(a, dict) and len(a) == 1:
            # fast path: exactly one value field
            (vk, v), = a.items()
            if vk in ("bool", "int"):
                continue
            if vk == "string":
                if isinstance(v, str) and len(v) <= c.ATTR_MAX_VALUE_LEN:
                    continue
            elif vk == "version":
                if isinstance(v, str) and len(v) <= c.ATTR_MAX_VALUE_LEN and \
                        c.SEMVER_RE.fullmatch(v):
                    continue
        out += _attribute(a, f"{path}[{c.truncate_key(str(key), c.ATTR_KEY_TRUNCATE)}]")
    return out


def _attribute(a: Any, p: str) -> Errs:
    """validateDeviceAttribute (slow path, builds errors)."""
    a = as_dict(a)
    out: Errs = []
    num = 0
    for k in _ATTR_KEYS:
        v = a.get(k)
        if v is None:
            continue
        num += 1
        if k == "string":
            if len(str(v)) > c.ATTR_MAX_VALUE_LEN:
                out.append(too_long(f"{p}.string", c.ATTR_MAX_VALUE_LEN))
        elif k == "version":
            out += _version_value(str(v), f"{p}.version")
        elif k in _LIST_ATTR_KEYS:
            items = as_list(v)
            if not items:
                out.append(invalid(f"{p}.{k}", [], "must not be empty if specified"))
            if k == "strings":
                for i, s in enumerate(items):
                    if len(str(s)) > c.ATTR_MAX_VALUE_LEN:
                        out.append(too_long(f"{p}.strings[{i}]", c.ATTR_MAX_VALUE_LEN))
            elif k == "versions":
                for i, s in enumerate(items):
                    out += _version_value(str(s), f"{p}.versions[{i}]")
    if num == 0:
        out.append(invalid(p, "", "exactly one value must be specified"))
    elif num > 1:
        shown = {k: a[k] for k in _ATTR_KEYS if a.get(k) is not None}
        out.append(invalid(p, shown, "exactly one value must be specified"))
    return out


def _version_value(v: str, p: str) -> Errs:
    out: Errs = []
    if not c.SEMVER_RE.fullmatch(v):
        out.append(invalid(p, v, "must be a string compatible with semver.org spec 2.0.0"))
    if len(v) > c.ATTR_MAX_VALUE_LEN:
        out.append(too_long(p, c.ATTR_MAX_VALUE_LEN))
    return out


def capacities(caps: dict, path: str, multi: bool) -> Errs:
    """validateMap(capacity) with the single- or multi-allocatable item rule."""
    out: Errs = []
    for key, cap in caps.items():
        kerr = c._qualified_name_errs(key)
        if kerr:
            out += c._materialise(kerr, path)
        if not isinstance(cap, dict):
            continue
        if "value" in cap and not isinstance(cap["value"], (int, float)):
            try:
                c._parse(str(cap["value"]))
            except Exception:
                kp = f"{path}[{c.truncate_key(str(key), c.ATTR_KEY_TRUNCATE)}]"
                c.quantity(cap["value"], f"{kp}.value", out)
        policy = cap.get("requestPolicy")
        if policy is not None:
            kp = f"{path}[{c.truncate_key(str(key), c.ATTR_KEY_TRUNCATE)}]"
            if multi:
                out += _request_policy(cap.get("value", "0"), as_dict(policy),
                                       f"{kp}.requestPolicy")
            else:
                out.append(forbidden(f"{kp}.requestPolicy",
                                     "allowMultipleAllocations must be true"))
    return out


def _request_policy(max_value: Any, policy: dict, p: str) -> Errs:
    """validateRequestPolicy (integer path; DRAFractionalCapacityRange not modelled)."""
    out: Errs = []
    maxq = c.quantity(max_value, p, out)
    if maxq is None:
        return out
    valid_values = as_list(policy.get("validValues"))
    valid_range = policy.get("validRange")
    if valid_values and valid_range is not None:
        return [forbidden(p, 'exactly one policy can be specified, cannot specify '
                             '"validValues" and "validRange" at the same time')]
    default = policy.get("default")
    if valid_values:
        if default is None:
            return [required(f"{p}.default", "required when validValues is defined")]
        dq = c.quantity(default, f"{p}.default", out)
        vp = f"{p}.validValues"
        qs = [c.quantity(v, f"{vp}[{i}]", out) for i, v in enumerate(valid_values)]
        if out or dq is None:
            return out
        for i in range(len(qs) - 1):
            if qs[i] > qs[i + 1]:
                out.append(invalid(f"{vp}[{i + 1}]", str(qs[i + 1]),
                                   "values must be sorted in ascending order"))
        # validateSet: too many values short-circuits the per-value check, which is also
        # where upstream looks for the default, so the default is then "not valid" as well
        found_default = False
        if len(qs) > c.CAPACITY_POLICY_VALID_VALUES_MAX:
            out.append(too_many(vp, len(qs), c.CAPACITY_POLICY_VALID_VALUES_MAX))
        else:
            found_default = any(q == dq for q in qs)
            seen: set = set()
            for i, q in enumerate(qs):
                if q > maxq:
                    out.append(invalid(f"{vp}[{i}]", str(q),
                                       f"option is larger than capacity value: {maxq}"))
                key = q.as_int() if q.as_int() is not None else q.exact
                if key in seen:
                    out.append(FieldError("Duplicate", f"{vp}[{i}]", str(key)))
                seen.add(key)
        if not found_default:
            out.append(invalid(vp, str(dq),
                               "default value is not valid according to the requestPolicy"))
        return out
    if valid_range is not None:
        if default is None:
            return [required(f"{p}.default", "required when validRange is defined")]
        rp = f"{p}.validRange"
        rng = as_dict(valid_range)
        if rng.get("min") is None:
            return [required(f"{rp}.min", "required when validRange is defined")]
        dq = c.quantity(default, f"{p}.default", out)
        mn = c.quantity(rng["min"], f"{rp}.min", out)
        mx = c.quantity(rng["max"], f"{rp}.max", out) if rng.get("max") is not None else None
        st = c.quantity(rng["step"], f"{rp}.step", out) if rng.get("step") is not None \
            else None
        if out:
            return out
        if mn > maxq:
            out.append(invalid(f"{rp}.min", str(mn), f"min is larger than capacity value: {maxq}"))
        if dq < mn:
            out.append(invalid(f"{rp}.default", str(dq), f"default is less than min: {mn}"))
        if mx is not None:
            if mn > mx:
                out.append(invalid(f"{rp}.max", str(mn), f"min is larger than max: {mx}"))
            if mx > maxq:
                out.append(invalid(f"{rp}.max", str(mx),
                                   f"max is larger than capacity value: {maxq}"))
            if dq > mx:
                out.append(invalid(f"{rp}.default", str(dq), f"default is more than max: {mx}"))
        if st is not None:
            if st.sign() <= 0:
                out.append(invalid(f"{rp}.step", str(st), "must be greater than zero"))
            else:
                from drakit.api.quantity import Quantity
                added = Quantity(mn.exact + st.exact, mn.format)
                if added > maxq:
                    out.append(invalid(f"{rp}.step", str(st), f"one step {added} is larger "
                                                               f"than capacity value: {maxq}"))
                for v in (dq, mx):
                    if v is not None and (int(v.exact) - int(mn.exact)) % max(
                            int(st.exact), 1) != 0:
                        out.append(invalid(f"{rp}.step", str(v),
                                           f"value is not a multiple of a given step ({st}) "
                                           f"from ({mn})"))
    return out


def _counter_map(counters: Any, max_size: int, path: str) -> Errs:
    """validateMap(counters): ≤ max, keys DNS labels (at the map path), values quantities."""
    counters = as_dict(counters)
    if 0 <= max_size < len(counters):
        return [too_many(path, len(counters), max_size)]
    out: Errs = []
    for key, ctr in counters.items():
        out += c.dns_label(str(key), path)
        v = as_dict(ctr).get("value")
        if v is not None and not isinstance(v, (int, float)):
            c.quantity(v, f"{path}[{c.truncate_key(str(key), 63)}].value", out)
    return out


def _counter_set(cs: Any, p: str, mix: _Mixins, since_135: bool = True) -> Errs:
    """validateCounterSet (+ KEP-5234 includes); 1.34 bounds a set's counters only by the
    slice-wide total (validateMap with no size)."""
    cs = as_dict(cs)
    out: Errs = []
    name = cs.get("name") or ""
    if not name:
        out.append(required(f"{p}.name"))
    else:
        out += c.dns_label(name, f"{p}.name")
    if not cs.get("counters"):
        if mix.enabled and not cs.get("includes"):
            out.append(required(p, MIXIN_NEITHER_COUNTERS_NOR_INCLUDES))
        elif not mix.enabled:
            out.append(required(f"{p}.counters"))
    else:
        out += _counter_map(cs.get("counters"), c.MAX_COUNTERS_PER_SET if since_135 else -1,
                            f"{p}.counters")
    if mix.enabled and cs.get("includes") is not None:
        out += _includes(cs.get("includes"), mix.counter_set, "counter set", f"{p}.includes")
    return out


def _counter_consumption(cc: Any, p: str, mix: _Mixins, since_135: bool = True) -> Errs:
    """validateDeviceCounterConsumption (+ KEP-5234 includes). 1.34 checks neither the
    set's name format (an unknown name is refused by the same-slice reference check) nor
    the number of counters per consumption (only the device's total)."""
    cc = as_dict(cc)
    out: Errs = []
    cs = cc.get("counterSet") or ""
    if not cs:
        out.append(required(f"{p}.counterSet"))
    elif since_135:
        out += c.dns_label(cs, f"{p}.counterSet")
    if not cc.get("counters"):
        if mix.enabled and not cc.get("includes"):
            out.append(required(p, MIXIN_NEITHER_COUNTERS_NOR_INCLUDES))
        elif not mix.enabled:
            out.append(required(f"{p}.counters"))
    else:
        out += _counter_map(cc.get("counters"),
                            c.MAX_COUNTERS_PER_CONSUMPTION if since_135 else -1,
                            f"{p}.counters")
    if mix.enabled and cc.get("includes") is not None:
        out += _includes(cc.get("includes"), mix.consumption, "device counter consumption",
                         f"{p}.includes")
    return out


def _per_device_node_selection(d: dict, p: str) -> Errs:
    out: Errs = []
    set_fields: list[str] = []
    if d.get("nodeName") is not None:
        if d["nodeName"]:
            set_fields.append("`nodeName`")
            out += c.node_name(str(d["nodeName"]), f"{p}.nodeName")
        else:
            out.append(invalid(f"{p}.nodeName", d["nodeName"], "must not be empty"))
    if d.get("nodeSelector") is not None:
        set_fields.append("`nodeSelector`")
        out += c.node_selector(d["nodeSelector"], f"{p}.nodeSelector")
    if d.get("allNodes") is not None:
        if d["allNodes"] is True:
            set_fields.append("`allNodes`")
        else:
            out.append(invalid(f"{p}.allNodes", d["allNodes"],
                               "must be either unset or set to true"))
    msg = ("exactly one of `nodeName`, `nodeSelector`, or `allNodes` is required when "
           "`perDeviceNodeSelection` is set to true in the ResourceSlice spec")
    if not set_fields:
        out.append(required(p, msg))
    elif len(set_fields) > 1:
        out.append(invalid(p, "{" + ", ".join(set_fields) + "}", msg))
    return out


# --- KEP-5517 -----------------------------------------------------------------------


def node_allocatable_resources(nar: Any, caps: dict, path: str) -> Errs:
    """1.37 ``nodeAllocatableResources`` (validateNodeAllocatableResources @009801d9).

    That commit is newer than api-truth §9.5's RVA2 (abe8f409): it wants *at least one*
    of mapping/overhead (as the API doc says), checks overhead (perPod/perContainer), and
    no longer refuses capacityKey together with deviceMultiplier imperatively (only an
    alpha declarative union, not enforced by default)."""
    out: Errs = []
    for rn, m in as_dict(nar).items():
        kp = f"{path}[{rn}]"
        if not names.is_node_allocatable_resource_name(str(rn)):
            out.append(invalid(kp, rn, "must be a node allocatable resource name"))
        m = as_dict(m)
        mapping, overhead = m.get("mapping"), m.get("overhead")
        if mapping is None and overhead is None:
            out.append(required(kp, "at least one of mapping or overhead must be set"))
        if mapping is not None:
            out += _na_mapping(as_dict(mapping), caps, f"{kp}.mapping")
        if overhead is not None:
            out += _na_overhead(as_dict(overhead), f"{kp}.overhead")
    return out


def _na_mapping(mapping: dict, caps: dict, p: str) -> Errs:
    out: Errs = []
    ck = mapping.get("capacityKey")
    cm = mapping.get("capacityMultiplier")
    dm = mapping.get("deviceMultiplier")
    if ck is not None:
        if ck == "":
            out.append(invalid(f"{p}.capacityKey", "", "capacityKey must not be an empty string"))
        elif ck not in caps:
            out.append(not_found(f"{p}.capacityKey", ck))
        if cm is None:
            out.append(required(f"{p}.capacityMultiplier",
                                "capacityMultiplier is required when capacityKey is set"))
        else:
            q = c.quantity(cm, f"{p}.capacityMultiplier", out)
            if q is not None and q.sign() <= 0:
                out.append(invalid(f"{p}.capacityMultiplier", str(q), "must be positive"))
    if dm is not None:
        q = c.quantity(dm, f"{p}.deviceMultiplier", out)
        if q is not None and q.sign() <= 0:
            out.append(invalid(f"{p}.deviceMultiplier", str(q), "must be positive"))
    if cm is not None and ck is None:
        out.append(required(f"{p}.capacityKey",
                            "capacityKey is required when capacityMultiplier is set"))
    return out


def _na_overhead(overhead: dict, p: str) -> Errs:
    pp, pc = overhead.get("perPod"), overhead.get("perContainer")
    if pp is None and pc is None:
        return [invalid(p, "", "at least one of perPod or perContainer must be set")]
    out: Errs = []
    for name, v in (("perPod", pp), ("perContainer", pc)):
        if v is not None:
            q = c.quantity(v, f"{p}.{name}", out)
            if q is not None and q.sign() < 0:
                out.append(invalid(f"{p}.{name}", str(q), "must be non-negative"))
    return out


def node_allocatable_resource_mappings(nar: Any, caps: dict, path: str) -> Errs:
    """1.36 ``nodeAllocatableResourceMappings``: validateNodeAllocatableResourceMappings
    (k/k pkg/apis/resource/validation/validation.go at 78acd4d4, the 1.36 shape).

    The key is a native resource name; allocationMultiplier is positive and checked before
    capacityKey, which is not empty and names a capacity of the device. Upstream also
    refuses a mapping with neither field ("at least one of allocationMultiplier or
    capacityKey must be set"), which no v1 write reaches: SetDefaults_Device
    (pkg/apis/resource/v1/defaults.go at 16913111; ``default_slice`` here) has set the
    multiplier to 1 before validation runs."""
    out: Errs = []
    for rn, m in as_dict(nar).items():
        kp = f"{path}[{rn}]"
        if not names.is_node_allocatable_resource_name(str(rn)):
            out.append(invalid(kp, rn, "must be a node allocatable resource name"))
        m = as_dict(m)
        am = m.get("allocationMultiplier")
        if am is not None:
            q = c.quantity(am, f"{kp}.allocationMultiplier", out)
            if q is not None and q.sign() <= 0:
                out.append(invalid(f"{kp}.allocationMultiplier", str(q), "must be positive"))
        ck = m.get("capacityKey")
        if ck is not None:
            if ck == "":
                out.append(invalid(f"{kp}.capacityKey", "",
                                   "capacityKey must not be an empty string"))
            elif ck not in caps:
                out.append(not_found(f"{kp}.capacityKey", ck))
    return out


# --- KEP-5234 mixins ----------------------------------------------------------------


def _includes(incs: Any, defined: dict[str, dict], kind: str, p: str) -> Errs:
    """KEP-5234: at most 8 includes, each naming a mixin of the right kind in this slice
    (an unknown one: Invalid "must reference a <kind> mixin defined in the ResourceSlice",
    kubernetes/kubernetes#131357)."""
    incs = as_list(incs)
    if len(incs) > MIXIN_MAX_INCLUDES:
        return [too_many(p, len(incs), MIXIN_MAX_INCLUDES)]
    return [invalid(f"{p}[{i}]", ref, MIXIN_UNKNOWN_REF.format(kind)) for i, ref in enumerate(incs)
            if not isinstance(ref, str) or ref not in defined]


def _validate_mixins(spec: dict) -> Errs:
    """KEP-5234 "Design Details/API" + "Limits" (slice-wide totals), as the KEP proposes.

    The totals are only enforced with DRAResourceSliceMixins on: they are the KEP's
    replacement for per-slice limits and never shipped (api-truth §2.3)."""
    out: Errs = []
    mixins = spec.get("mixins")
    mp = "spec.mixins"
    m = as_dict(mixins)

    def named(item: Any, p: str) -> Errs:
        name = as_dict(item).get("name") or ""
        return [required(f"{p}.name")] if not name else c.dns_label(str(name), f"{p}.name")

    def device_mixin(item: Any, p: str) -> Errs:
        errs = named(item, p)
        item = as_dict(item)
        if item.get("attributes"):
            errs += attributes(as_dict(item["attributes"]), f"{p}.attributes")
        if item.get("capacity"):
            errs += capacities(as_dict(item["capacity"]), f"{p}.capacity", multi=True)
        return errs

    def counters_mixin(item: Any, p: str) -> Errs:
        errs = named(item, p)
        item = as_dict(item)
        if not item.get("counters"):
            errs.append(required(f"{p}.counters"))
        else:
            errs += _counter_map(item["counters"], -1, f"{p}.counters")
        return errs

    def key(item: Any) -> str:
        return as_dict(item).get("name") or ""

    out += c.validate_set(m.get("device"), -1, device_mixin, key, f"{mp}.device")
    out += c.validate_set(m.get("deviceCounterConsumption"), -1, counters_mixin, key,
                          f"{mp}.deviceCounterConsumption")
    out += c.validate_set(m.get("counterSet"), -1, counters_mixin, key, f"{mp}.counterSet")

    devs = [d for d in as_list(spec.get("devices")) if isinstance(d, dict)]
    total_ac = sum(len(as_dict(d.get("attributes"))) + len(as_dict(d.get("capacity")))
                   for d in devs)
    total_ac += sum(len(as_dict(as_dict(x).get("attributes"))) +
                    len(as_dict(as_dict(x).get("capacity"))) for x in as_list(m.get("device")))
    if total_ac > MIXIN_MAX_ATTRS_AND_CAPS_PER_SLICE:
        out.append(invalid("spec", total_ac,
                           "the total number of attributes and capacities across all devices "
                           "and device mixins must not exceed "
                           f"{MIXIN_MAX_ATTRS_AND_CAPS_PER_SLICE}"))
    total_counters = sum(len(as_dict(as_dict(s).get("counters")))
                         for s in as_list(spec.get("sharedCounters")))
    total_counters += sum(len(as_dict(as_dict(x).get("counters")))
                          for x in as_list(m.get("counterSet")))
    if total_counters > MIXIN_MAX_COUNTERS_PER_SLICE:
        # kubernetes/kubernetes#131357 "too-large-shared-counters-with-mixins"
        out.append(invalid("spec", total_counters,
                           "the total number of counters in shared counters and counter set "
                           f"mixins must not exceed {MIXIN_MAX_COUNTERS_PER_SLICE}"))
    total_consumed = sum(len(as_dict(as_dict(cc).get("counters")))
                         for d in devs for cc in as_list(d.get("consumesCounters")))
    total_consumed += sum(len(as_dict(as_dict(x).get("counters")))
                          for x in as_list(m.get("deviceCounterConsumption")))
    if total_consumed > MIXIN_MAX_CONSUMED_COUNTERS_PER_SLICE:
        # kubernetes/kubernetes#131357 "too-many-consumed-counters-in-slice-with-mixins"
        out.append(invalid("spec", total_consumed,
                           "the total number of consumed counters in devices and mixins must "
                           f"not exceed {MIXIN_MAX_CONSUMED_COUNTERS_PER_SLICE}"))
    return out


# ---------------------------------------------------------------------------------


def _bump_generation(new: dict, old: dict | None) -> None:
    """Strategy sets metadata.generation 1 on create, +1 when the spec changes."""
    md = new.setdefault("metadata", {})
    if old is None:
        md["generation"] = 1
        return
    old_gen = as_dict(old.get("metadata")).get("generation") or 0
    md["generation"] = old_gen + 1 if new.get("spec") != old.get("spec") else old_gen


class ResourceSliceStrategy(Strategy):
    """resource.k8s.io/v1 ResourceSlice (cluster-scoped, no status)."""

    kind = "ResourceSlice"
    has_status = False
    sets_generation = True

    def prepare_for_create(self, obj: dict, ctx: Context) -> None:
        prune_other_shape(obj, ctx)
        default_slice(obj, ctx)
        drop_disabled_fields(obj, None, ctx)
        _bump_generation(obj, None)

    def prepare_for_update(self, new: dict, old: dict, ctx: Context) -> None:
        prune_other_shape(new, ctx)
        default_slice(new, ctx)
        drop_disabled_fields(new, old, ctx)
        _bump_generation(new, old)

    def validate_create(self, obj: dict, ctx: Context) -> list[FieldError]:
        return validate_slice_spec(obj.get("spec"), None, ctx)

    def decode_stored(self, obj: dict, ctx: Context) -> None:
        """A stored slice read by another release after an upgrade or downgrade: the KEP-5517
        device field of the other release's shape is unknown to this one (1.37 tombstoned
        nodeAllocatableResourceMappings, protobuf 13; 1.36 has no nodeAllocatableResources,
        protobuf 14; before 1.36 neither exists) and the protobuf decoder drops it."""
        if c.version_at_least(ctx, "1.36"):
            prune_other_shape(obj, ctx)
            return
        for dev in _devices(obj.get("spec")):
            dev.pop(NAR_136, None)
            dev.pop(NAR_137, None)

    def validate_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        return validate_slice_spec(new.get("spec"), old.get("spec") or {}, ctx)
