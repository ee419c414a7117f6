"""ResourceClaim (spec + status) and ResourceClaimTemplate.

Sources: k/k ``pkg/apis/resource/v1/defaults.go`` (ExactCount / count 1 defaults),
``pkg/api/resourceclaimspec/util.go`` and ``pkg/registry/resource/resourceclaim/
strategy.go`` (dropDisabledFields), ``pkg/apis/resource/validation/validation.go``
(validateDeviceClaim, validateResourceClaimStatusUpdate @009801d9).

The admin-access namespace authorisation (``AuthorizedForAdmin``) is in adminaccess.py.
Not modelled: the rules of derived attributes (DRADerivedAttributes; the field itself is dropped while the
gate is off) and skipNodeOperations.
"""

from __future__ import annotations

import ipaddress
from typing import Any

from drakit.api.errors import FieldError, Path, forbidden, invalid, not_supported, required
from drakit.api.meta import namespace_of
from drakit.validation.meta import validate_conditions
from drakit.validation.resource import common as c
from drakit.validation.resource.adminaccess import (
    authorized_for_admin,
    authorized_for_admin_status,
)
from drakit.validation.resource.common import Errs, as_dict, as_list
from drakit.validation.strategy import (
    Context,
    Strategy,
    keep_all_but_status,
    reset_object_meta_for_status,
)

ALLOCATION_MODES = ("All", "ExactCount")
REQUEST_REF_MSG = ("must be the name of a request in the claim or the name of a request and "
                   "a subrequest separated by '/'")

# ---------------------------------------------------------------------------------
# defaulting and dropping (operate on a ResourceClaimSpec dict)


def _default_request(r: dict) -> None:
    """SetDefaults_ExactDeviceRequest / SetDefaults_DeviceSubRequest."""
    if not r.get("allocationMode"):
        r["allocationMode"] = "ExactCount"
    if r["allocationMode"] == "ExactCount" and not r.get("count"):
        r["count"] = 1
    c.default_tolerations(r.get("tolerations"))


def default_claim_spec(spec: Any) -> None:
    for req in as_list(as_dict(as_dict(spec).get("devices")).get("requests")):
        if not isinstance(req, dict):
            continue
        if isinstance(req.get("exactly"), dict):
            _default_request(req["exactly"])
        for sub in as_list(req.get("firstAvailable")):
            if isinstance(sub, dict):
                _default_request(sub)


def default_claim_status(status: Any) -> None:
    """Toleration operator default in allocation results."""
    results = as_list(as_dict(as_dict(as_dict(status).get("allocation")).get("devices"))
                      .get("results"))
    for r in results:
        if isinstance(r, dict):
            c.default_tolerations(r.get("tolerations"))


def _requests(spec: Any) -> list[dict]:
    return [r for r in as_list(as_dict(as_dict(spec).get("devices")).get("requests"))
            if isinstance(r, dict)]


def drop_disabled_spec_fields(new: Any, old: Any, ctx: Context) -> None:
    """resourceclaimspec.DropDisabledFields: drop unless the old spec used the field."""
    reqs = _requests(new)
    old_reqs = _requests(old) if old is not None else []

    if not c.gate(ctx, "DRAPrioritizedList") and not any(
            r.get("firstAvailable") for r in old_reqs):
        for r in reqs:
            r.pop("firstAvailable", None)

    def has_tolerations(r: dict) -> bool:
        return bool(as_dict(r.get("exactly")).get("tolerations")) or any(
            as_dict(s).get("tolerations") for s in as_list(r.get("firstAvailable")))

    if not c.gate(ctx, "DRADeviceTaints") and not any(has_tolerations(r) for r in old_reqs):
        for r in reqs:
            if isinstance(r.get("exactly"), dict):
                r["exactly"].pop("tolerations", None)
            for s in as_list(r.get("firstAvailable")):
                if isinstance(s, dict):
                    s.pop("tolerations", None)

    if not c.gate(ctx, "DRAAdminAccess") and not any(
            as_dict(r.get("exactly")).get("adminAccess") is not None for r in old_reqs):
        for r in reqs:
            if isinstance(r.get("exactly"), dict):
                r["exactly"].pop("adminAccess", None)

    # DRADerivedAttributes (alpha, 1.37 only): "+featureGate=DRADerivedAttributes" on
    # ExactDeviceRequest/DeviceSubRequest.derivedAttributes (v1.37.0 OpenAPI: "requires
    # enabling the DRADerivedAttributes feature gate"); the rules behind the field are not
    # modelled, but with the gate off (default, and every release before 1.37) it is dropped.
    def derived(r: dict) -> bool:
        return as_dict(r.get("exactly")).get("derivedAttributes") is not None or any(
            as_dict(x).get("derivedAttributes") is not None for x in as_list(r.get("firstAvailable")))

    if not c.gate(ctx, "DRADerivedAttributes") and not any(derived(r) for r in old_reqs):
        for r in reqs:
            if isinstance(r.get("exactly"), dict):
                r["exactly"].pop("derivedAttributes", None)
            for x in as_list(r.get("firstAvailable")):
                if isinstance(x, dict):
                    x.pop("derivedAttributes", None)

    def consumable(spec: Any, rs: list[dict]) -> bool:
        if any(as_dict(k).get("distinctAttribute") is not None for k in as_list(
                as_dict(as_dict(spec).get("devices")).get("constraints"))):
            return True
        return any(as_dict(r.get("exactly")).get("capacity") is not None or any(
            as_dict(s).get("capacity") is not None for s in as_list(r.get("firstAvailable")))
            for r in rs)

    if not c.gate(ctx, "DRAConsumableCapacity") and not (
            old is not None and consumable(old, old_reqs)):
        for k in as_list(as_dict(as_dict(new).get("devices")).get("constraints")):
            if isinstance(k, dict):
                k.pop("distinctAttribute", None)
        for r in reqs:
            if isinstance(r.get("exactly"), dict):
                r["exactly"].pop("capacity", None)
            for s in as_list(r.get("firstAvailable")):
                if isinstance(s, dict):
                    s.pop("capacity", None)


def _results(status: Any) -> list[dict]:
    return [r for r in as_list(as_dict(as_dict(as_dict(status).get("allocation"))
                                       .get("devices")).get("results")) if isinstance(r, dict)]


def drop_disabled_status_fields(new: dict, old: dict | None, ctx: Context) -> None:
    """Admin access in results (DRAAdminAccess) and status.devices
    (DRAResourceClaimDeviceStatus; not in drakit's gate table, so kept)."""
    in_use = old is not None and (
        any(as_dict(r.get("exactly")).get("adminAccess") is not None
            for r in _requests(old.get("spec")))
        or any(r.get("adminAccess") is not None for r in _results(old.get("status"))))
    if not c.gate(ctx, "DRAAdminAccess") and not in_use:
        for r in _results(new.get("status")):
            r.pop("adminAccess", None)
    old_devices = old is not None and bool(as_dict(old.get("status")).get("devices"))
    if not c.gate(ctx, "DRAResourceClaimDeviceStatus", absent=True) and not old_devices:
        as_dict(new.get("status")).pop("devices", None)


def _device_id(d: dict) -> str:
    return f"{d.get('driver') or ''}/{d.get('pool') or ''}/{d.get('device') or ''}"


def drop_deallocated_status_devices(new: dict, old: dict) -> None:
    """dropDeallocatedStatusDevices: status.devices of devices no longer allocated go."""
    status = new.get("status")
    if not isinstance(status, dict) or not status.get("devices"):
        return
    gone = {_device_id(r) for r in _results(old.get("status"))}
    gone -= {_device_id(r) for r in _results(status)}
    if not gone:
        return
    kept = [d for d in as_list(status["devices"]) if _device_id(as_dict(d)) not in gone]
    if kept:
        status["devices"] = kept
    else:
        status.pop("devices", None)


# ---------------------------------------------------------------------------------
# spec validation


class _RequestNames:
    """gatherRequestNames: request -> subrequest names (None without firstAvailable)."""

    def __init__(self, spec: Any) -> None:
        self.names: dict[str, set[str] | None] = {}
        for r in _requests(spec):
            subs = as_list(r.get("firstAvailable"))
            self.names[r.get("name") or ""] = (
                {as_dict(s).get("name") or "" for s in subs} if subs else None)

    def has(self, ref: str) -> bool:
        parts = ref.split("/")
        if len(parts) > 2 or parts[0] not in self.names:
            return False
        if len(parts) == 1:
            return True
        subs = self.names[parts[0]]
        return subs is not None and parts[1] in subs


def request_ref(name: Any, path: str, names: _RequestNames) -> Errs:
    """validateRequestNameRef."""
    name = "" if name is None else str(name)
    parts = name.split("/")
    if len(parts) > 2:
        return [invalid(path, name, REQUEST_REF_MSG)]
    out: Errs = []
    for part in parts:
        out += c.dns_label(part, path)
    if not names.has(name):
        out.append(invalid(path, name, REQUEST_REF_MSG))
    return out


def _allocation_mode(r: dict, path: str) -> Errs:
    """validateDeviceAllocationMode."""
    mode = r.get("allocationMode") or ""
    count = r.get("count") or 0
    if mode == "All":
        if count != 0:
            return [invalid(f"{path}.count", count,
                            "must not be specified when allocationMode is 'All'")]
    elif mode == "ExactCount":
        if not isinstance(count, int) or count <= 0:
            return [invalid(f"{path}.count", count, "must be greater than zero")]
    else:
        return [not_supported(f"{path}.allocationMode", mode, list(ALLOCATION_MODES))]
    return []


def _capacity_requirements(cap: Any, path: str) -> Errs:
    """``capacity.requests``: qualified names -> quantities (DRAConsumableCapacity)."""
    out: Errs = []
    reqs = as_dict(as_dict(cap).get("requests"))
    for key, q in reqs.items():
        out += c.qualified_name(str(key), f"{path}.requests")
        if not isinstance(q, (int, float)):
            c.quantity(q, f"{path}.requests[{key}]", out)
    return out


def _class_request(r: dict, path: str, ctx: Context, stored: bool) -> Errs:
    """The part ExactDeviceRequest and DeviceSubRequest share."""
    out = c.required_dns_subdomain(r.get("deviceClassName"), f"{path}.deviceClassName")
    out += c.selectors(r.get("selectors"), f"{path}.selectors", ctx, stored)
    out += _allocation_mode(r, path)
    out += c.tolerations(r.get("tolerations"), f"{path}.tolerations",
                         c.version_at_least(ctx, "1.35"))
    if r.get("capacity") is not None:
        out += _capacity_requirements(r.get("capacity"), f"{path}.capacity")
    return out


def _request(r: Any, path: str, ctx: Context, stored: bool) -> Errs:
    """validateDeviceRequest."""
    r = as_dict(r)
    out = c.dns_label(str(r.get("name") or ""), f"{path}.name")
    first = as_list(r.get("firstAvailable"))
    exactly = r.get("exactly")
    n = (1 if first else 0) + (1 if exactly is not None else 0)
    if n == 0:
        out.append(required(path, "exactly one of `exactly` or `firstAvailable` is required"))
    elif n > 1:
        out.append(invalid(path, c.NULL, "exactly one of `exactly` or `firstAvailable` is "
                                         "required, but multiple fields are set"))
    elif first:
        def sub(s: Any, p: str) -> Errs:
            s = as_dict(s)
            return c.dns_label(str(s.get("name") or ""), f"{p}.name") + \
                _class_request(s, p, ctx, stored)
        out += c.validate_set(first, c.FIRST_AVAILABLE_MAX, sub,
                              lambda s: as_dict(s).get("name") or "", f"{path}.firstAvailable",
                              c.dup_key_field(ctx, "name"))
    else:
        out += _class_request(as_dict(exactly), f"{path}.exactly", ctx, stored)
    return out


def _constraint(k: Any, path: str, names: _RequestNames, ctx: Context) -> Errs:
    """validateDeviceConstraint."""
    k = as_dict(k)
    out = c.validate_set(k.get("requests"), c.DEVICE_REQUESTS_MAX,
                         lambda n, p: request_ref(n, p, names), lambda n: n,
                         f"{path}.requests")
    if k.get("matchAttribute") is not None:
        out += c.fully_qualified_name(k["matchAttribute"], f"{path}.matchAttribute")
    elif k.get("distinctAttribute") is not None:
        out += c.fully_qualified_name(k["distinctAttribute"], f"{path}.distinctAttribute")
    elif c.gate(ctx, "DRAConsumableCapacity"):
        # sic: upstream's message for "neither" says "multiple fields are set".
        out.append(required(path, 'exactly one of "matchAttribute" or "distinctAttribute" is '
                                  'required, but multiple fields are set'))
    else:
        out.append(required(f"{path}.matchAttribute"))
    return out


def _claim_config(cfg: Any, path: str, names: _RequestNames, stored: bool) -> Errs:
    cfg = as_dict(cfg)
    out = c.validate_set(cfg.get("requests"), c.DEVICE_REQUESTS_MAX,
                         lambda n, p: request_ref(n, p, names), lambda n: n,
                         f"{path}.requests")
    out += c.opaque_configuration(cfg, path, stored)
    return out


def validate_claim_spec(spec: Any, path: str, ctx: Context, stored: bool = False) -> Errs:
    """validateResourceClaimSpec / validateDeviceClaim at ``path`` (``spec`` or
    ``spec.spec`` for templates)."""
    devices = as_dict(as_dict(spec).get("devices"))
    dp = f"{path}.devices"
    names = _RequestNames(spec)
    out = c.validate_set(devices.get("requests"), c.DEVICE_REQUESTS_MAX,
                         lambda r, p: _request(r, p, ctx, stored),
                         lambda r: as_dict(r).get("name") or "", f"{dp}.requests",
                         c.dup_key_field(ctx, "name"))
    out += c.validate_slice(devices.get("constraints"), c.DEVICE_CONSTRAINTS_MAX,
                            lambda k, p: _constraint(k, p, names, ctx), f"{dp}.constraints")
    out += c.validate_slice(devices.get("config"), c.DEVICE_CONFIG_MAX,
                            lambda k, p: _claim_config(k, p, names, stored), f"{dp}.config")
    return out


def _immutable(new: Any, old: Any, path: str) -> Errs:
    """ValidateImmutableField; the value is printed as JSON (Go prints the struct)."""
    if new == old:
        return []
    return [invalid(path, c.NULL if new is None else new, c.IMMUTABLE)]


# ---------------------------------------------------------------------------------
# status validation


def _consumer_ref(ref: Any, path: str) -> Errs:
    ref = as_dict(ref)
    out: Errs = []
    for f in ("resource", "name", "uid"):
        if not ref.get(f):
            out.append(required(f"{path}.{f}"))
    return out


def _allocation_result(alloc: dict, path: str, names: _RequestNames) -> Errs:
    """validateAllocationResult (new results only)."""
    devices = as_dict(alloc.get("devices"))
    dp = f"{path}.devices"

    def result(r: Any, p: str) -> Errs:
        r = as_dict(r)
        out = request_ref(r.get("request"), f"{p}.request", names)
        out += c.driver_name(r.get("driver"), f"{p}.driver")
        out += c.pool_name(r.get("pool"), f"{p}.pool")
        out += c.dns_label(str(r.get("device") or ""), f"{p}.device")
        if r.get("bindingConditions") or r.get("bindingFailureConditions"):
            out += c.binding_parameters(r.get("bindingConditions"),
                                        r.get("bindingFailureConditions"), p)
        # no check of the result's tolerations here: validateDeviceRequestAllocationResult
        # has none (only DeviceToleration's declarative tags, _declarative_result_tolerations)
        if r.get("shareID") is not None:
            out += c.uid(r.get("shareID"), f"{p}.shareID")
        return out

    def config(k: Any, p: str) -> Errs:
        k = as_dict(k)
        out: Errs = []
        src = k.get("source") or ""
        if not src:
            out.append(required(f"{p}.source"))
        elif src not in ("FromClaim", "FromClass"):
            out.append(not_supported(f"{p}.source", src, ["FromClaim", "FromClass"]))
        out += c.validate_set(k.get("requests"), c.DEVICE_REQUESTS_MAX,
                              lambda n, rp: request_ref(n, rp, names), lambda n: n,
                              f"{p}.requests")
        out += c.opaque_configuration(k, p, False)
        return out

    out = c.validate_slice(devices.get("results"), c.ALLOCATION_RESULTS_MAX, result,
                           f"{dp}.results")
    out += c.validate_slice(devices.get("config"), 2 * c.DEVICE_CONFIG_MAX, config,
                            f"{dp}.config")
    if alloc.get("nodeSelector") is not None:
        out += c.node_selector(alloc["nodeSelector"], f"{path}.nodeSelector")
    return out


def _device_status(d: Any, path: str, allocated: set[str], version: str) -> Errs:
    """validateDeviceStatus."""
    d = as_dict(d)
    out = c.driver_name(d.get("driver"), f"{path}.driver")
    out += c.pool_name(d.get("pool"), f"{path}.pool")
    out += c.dns_label(str(d.get("device") or ""), f"{path}.device")
    if d.get("shareID") is not None:
        out += c.uid(d.get("shareID"), f"{path}.shareID")
    key = _shared_id(d)
    if key not in allocated:
        out.append(invalid(path, key, "must be an allocated device in the claim"))
    conds = as_list(d.get("conditions"))
    if len(conds) > c.STATUS_MAX_CONDITIONS:
        out.append(c.too_many(f"{path}.conditions", len(conds), c.STATUS_MAX_CONDITIONS))
    out += validate_conditions(conds, Path(f"{path}.conditions"), version)
    if d.get("data") is not None:
        out += c.raw_extension(d["data"], True, f"{path}.data", False, c.STATUS_DATA_MAX_LEN)
    nd = d.get("networkData")
    if nd is not None:
        nd = as_dict(nd)
        np = f"{path}.networkData"
        if len(str(nd.get("interfaceName") or "")) > c.NETWORK_INTERFACE_NAME_MAX:
            out.append(c.too_long(f"{np}.interfaceName", c.NETWORK_INTERFACE_NAME_MAX))
        if len(str(nd.get("hardwareAddress") or "")) > c.NETWORK_HARDWARE_ADDRESS_MAX:
            out.append(c.too_long(f"{np}.hardwareAddress", c.NETWORK_HARDWARE_ADDRESS_MAX))
        out += c.validate_set(nd.get("ips"), c.NETWORK_MAX_IPS, _interface_address,
                              lambda a: a, f"{np}.ips")
    return out


def _interface_address(addr: Any, path: str) -> Errs:
    """validation.IsValidInterfaceAddress (k8s.io/apimachinery pkg/util/validation/ip.go,
    used by validateNetworkDeviceData since 1.33): an address in CIDR form, as
    netutils.ParseCIDRSloppy reads it, and written in its canonical form."""
    s = "" if addr is None else str(addr)
    try:
        canonical = _canonical_interface_address(s)
    except ValueError:
        return [invalid(path, s, "must be a valid address in CIDR form, (e.g. 10.9.8.7/24 or "
                                 "2001:db8::1/64)")]
    if s != canonical:
        return [invalid(path, s, f'must be in canonical form ("{canonical}")')]
    return []


#: net.dtoi's bound ("big"): a decimal number that reaches it is no number
_DTOI_BIG = 0xFFFFFF


def _dtoi(s: str) -> int | None:
    """Go's net.dtoi as ParseCIDRSloppy (k8s.io/utils/net, Go 1.16's parser) reads a mask
    or an IPv4 octet: ASCII decimal digits, any number of leading zeros; None when empty,
    not all digits, or at ``_DTOI_BIG`` or more (which also bounds the work)."""
    if not s or not s.isascii() or not s.isdigit():
        return None
    n = 0
    for ch in s:
        n = n * 10 + ord(ch) - 48
        if n >= _DTOI_BIG:
            return None
    return n


def _canonical_interface_address(s: str) -> str:
    """``ip.String() + "/" + mask size`` of ParseCIDRSloppy's result; ValueError when it
    refuses. Sloppy: IPv4 octets and the mask may have leading zeros, any number of them
    (read by dtoi, as Go did before 1.17). An IPv4(-mapped) address prints dotted, its mask
    counted in IPv4 bits."""
    addr, sep, bits = s.partition("/")
    prefix = _dtoi(bits) if sep else None
    if prefix is None:
        raise ValueError(s)
    if ":" in addr:
        if "%" in addr:  # a zone is no part of a CIDR value
            raise ValueError(s)
        ip6 = ipaddress.IPv6Address(addr)
        if prefix > 128:
            raise ValueError(s)
        mapped = ip6.ipv4_mapped
        if mapped is None:
            return f"{ip6.compressed}/{prefix}"
        return f"{mapped}/{prefix - 96 if prefix > 32 else prefix}"
    octets = addr.split(".")
    values = [_dtoi(o) for o in octets]
    if len(octets) != 4 or any(v is None or v > 255 for v in values) or prefix > 32:
        raise ValueError(s)
    return f"{'.'.join(map(str, values))}/{prefix}"


def _shared_id(d: dict) -> str:
    """structured.SharedDeviceID: driver/pool/device[/shareID]."""
    base = _device_id(d)
    return f"{base}/{d['shareID']}" if d.get("shareID") else base


def declarative_toleration_tags_enforced(ctx: Context) -> bool:
    """Whether the API server returns the errors of DeviceToleration's declarative tags
    (k8s.io/api resource/v1 types.go: key ``+k8s:format=k8s-label-key``, the operator and
    effect types ``+k8s:enum``), which are the only checks an allocation result's
    tolerations get (k/k pkg/apis/resource/validation/validation.go
    validateDeviceRequestAllocationResult validates none of them).

    k8s.io/apiserver pkg/registry/rest/validate.go ValidateDeclarativelyWithMigrationChecks:
    1.34 has no tags; 1.35 has them without a lifecycle prefix, returned only with
    DeclarativeValidationTakeover (beta, off by default); 1.36 marks them
    ``+k8s:alpha(since: "1.36")``, always shadowed; 1.37 ``+k8s:beta(since: "1.37")``,
    enforced while DeclarativeValidationBeta is on (its default)."""
    if c.version_at_least(ctx, "1.37"):
        return c.gate(ctx, "DeclarativeValidationBeta")
    if c.version_at_least(ctx, "1.36"):
        return False
    if c.version_at_least(ctx, "1.35"):
        return c.gate(ctx, "DeclarativeValidation") and c.gate(ctx, "DeclarativeValidationTakeover")
    return False


def _declarative_result_tolerations(alloc: dict, path: str) -> Errs:
    """DeviceToleration's declarative checks over ``devices.results[*].tolerations``, in
    field order (validation-gen): a non-empty key is a label key (apimachinery validate
    LabelKey: IsLabelKey's messages, those of metav1 ValidateLabelName), the operator and a
    non-empty effect one of their enum's values (validate.Enum: NotSupported, the values
    sorted). The value is untagged: nothing checks it."""
    out: Errs = []
    results = as_list(as_dict(alloc.get("devices")).get("results"))
    for i, r in enumerate(results):
        for j, t in enumerate(as_list(as_dict(r).get("tolerations"))):
            t = as_dict(t)
            tp = f"{path}.devices.results[{i}].tolerations[{j}]"
            if t.get("key"):
                out += c.label_name(t.get("key"), f"{tp}.key")
            op = t.get("operator") or ""
            if op and op not in c.TOLERATION_OPERATORS:
                out.append(not_supported(f"{tp}.operator", op, list(c.TOLERATION_OPERATORS)))
            effect = t.get("effect") or ""
            if effect and effect not in c.TAINT_EFFECTS:
                out.append(not_supported(f"{tp}.effect", effect, list(c.TAINT_EFFECTS)))
    return out


def validate_claim_status_update(new: dict, old: dict, ctx: Context | None = None) -> Errs:
    """validateResourceClaimStatusUpdate, then (``ctx`` given) the declarative checks the
    API server enforces at ``ctx``'s release (declarative_toleration_tags_enforced): their
    errors come after the handwritten ones, as ValidateDeclarativelyWithMigrationChecks
    appends them, and an allocation equal to the stored one is not checked again
    (declarative ratcheting)."""
    status = as_dict(new.get("status"))
    old_status = as_dict(old.get("status"))
    names = _RequestNames(new.get("spec"))
    reserved = as_list(status.get("reservedFor"))
    out = c.validate_set(reserved, c.RESERVED_FOR_MAX, _consumer_ref,
                         lambda r: as_dict(r).get("uid") or "", "status.reservedFor",
                         c.dup_key_field(ctx, "uid"))
    alloc = status.get("allocation")
    allocated = {_shared_id(r) for r in _results(status)} if alloc is not None else set()
    out += c.validate_set(status.get("devices"), -1,
                          lambda d, p: _device_status(d, p, allocated,
                                                      ctx.version if ctx else "1.37"),
                          lambda d: _shared_id(as_dict(d)), "status.devices",
                          c.dup_key_field(ctx, "deviceID"))
    if reserved:
        if alloc is None:
            out.append(forbidden("status.reservedFor",
                                 "may not be specified when `allocated` is not set"))
        elif as_dict(new.get("metadata")).get("deletionTimestamp"):
            old_keys = {_ref_key(r) for r in as_list(old_status.get("reservedFor"))}
            if any(_ref_key(r) not in old_keys for r in reserved):
                out.append(forbidden("status.reservedFor",
                                     "new entries may not be added while "
                                     "`deallocationRequested` or `deletionTimestamp` are set"))
    old_alloc = old_status.get("allocation")
    if old_alloc is not None and alloc is not None:
        out += _immutable(alloc, old_alloc, "status.allocation")
    elif alloc is not None:
        out += _allocation_result(as_dict(alloc), "status.allocation", names)
    if ctx is not None and alloc is not None and alloc != old_alloc \
            and declarative_toleration_tags_enforced(ctx):
        out += _declarative_result_tolerations(as_dict(alloc), "status.allocation")
    return out


def _ref_key(r: Any) -> tuple:
    r = as_dict(r)
    return (r.get("apiGroup") or "", r.get("resource") or "", r.get("name") or "",
            r.get("uid") or "")


# ---------------------------------------------------------------------------------
# strategies


class ResourceClaimStrategy(Strategy):
    """resource.k8s.io/v1 ResourceClaim with its status subresource.

    k/k pkg/registry/resource/resourceclaim/strategy.go (1.34-1.37): create resets the
    status, a spec write keeps it, a status write keeps the spec and resets metadata
    (ResetObjectMetaForStatus); claims have no ``metadata.generation``.
    """

    kind = "ResourceClaim"
    has_status = True

    def prepare_for_create(self, obj: dict, ctx: Context) -> None:
        default_claim_spec(obj.get("spec"))
        obj.pop("status", None)  # "Status must not be set by user on create."
        drop_disabled_spec_fields(obj.get("spec"), None, ctx)

    def prepare_for_update(self, new: dict, old: dict, ctx: Context) -> None:
        # the stored status is kept by the API server's update for every kind with a
        # status subresource (drakit/apiserver.py), as strategy.go's PrepareForUpdate does
        default_claim_spec(new.get("spec"))
        drop_disabled_spec_fields(new.get("spec"), old.get("spec"), ctx)

    def validate_create(self, obj: dict, ctx: Context) -> list[FieldError]:
        # resourceclaimStrategy.Validate: the namespace's admin-access check comes first
        spec = obj.get("spec")
        out = authorized_for_admin(as_dict(as_dict(spec).get("devices")).get("requests"),
                                   namespace_of(obj), ctx)
        return out + validate_claim_spec(spec, "spec", ctx)

    def validate_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        # ValidateResourceClaimUpdate: up to 1.34 the new spec is validated again, as stored
        # ("Because the spec is immutable, all CEL expressions in it must have been stored":
        # StoredExpressions environment, no cost limit, no size limit on opaque parameters);
        # from 1.35 only the immutability (re-validating a spec the user cannot change gives
        # no actionable error, pkg/apis/resource/validation/validation.go)
        out = [] if c.version_at_least(ctx, "1.35") else \
            validate_claim_spec(new.get("spec"), "spec", ctx, stored=True)
        return out + _immutable(new.get("spec"), old.get("spec"), "spec")

    def prepare_for_status_update(self, new: dict, old: dict, ctx: Context) -> None:
        # resourceclaimStatusStrategy: Spec = old.Spec; metav1.ResetObjectMetaForStatus
        keep_all_but_status(new, old)
        reset_object_meta_for_status(new, old)
        default_claim_status(new.get("status"))
        drop_deallocated_status_devices(new, old)
        drop_disabled_status_fields(new, old, ctx)

    def validate_status_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        out = authorized_for_admin_status(_results(new.get("status")),
                                          _results(old.get("status")), namespace_of(new), ctx)
        return out + validate_claim_status_update(new, old, ctx)


# ObjectMeta's fields in Go declaration order: JSON name -> the name validateFieldAllowList
# reports (the Go field name with its first rune lower-cased, hence "uID").
_TEMPLATE_META_FIELDS = (
    ("name", "name"), ("generateName", "generateName"), ("namespace", "namespace"),
    ("selfLink", "selfLink"), ("uid", "uID"), ("resourceVersion", "resourceVersion"),
    ("generation", "generation"), ("creationTimestamp", "creationTimestamp"),
    ("deletionTimestamp", "deletionTimestamp"),
    ("deletionGracePeriodSeconds", "deletionGracePeriodSeconds"),
    ("ownerReferences", "ownerReferences"), ("finalizers", "finalizers"),
    ("managedFields", "managedFields"),
)


def template_object_meta(meta: Any, path: str) -> Errs:
    """corevalidation.ValidateTemplateObjectMeta (k/k pkg/apis/core/validation/validation.go,
    called by validateResourceClaimTemplateSpec at spec.metadata): annotations and labels
    as in any ObjectMeta, every other field that is set Forbidden "cannot be set"
    (validateFieldAllowList with allowedTemplateObjectMetaFields = Annotations, Labels)."""
    from drakit.validation import meta as objectmeta
    meta = as_dict(meta)
    out = objectmeta.validate_annotations(as_dict(meta.get("annotations")), f"{path}.annotations")
    out += objectmeta.validate_labels(as_dict(meta.get("labels")), f"{path}.labels")
    for key, go_name in _TEMPLATE_META_FIELDS:
        if meta.get(key):
            out.append(forbidden(f"{path}.{go_name}", "cannot be set"))
    return out


def _validate_template(obj: dict, ctx: Context, stored: bool = False) -> list[FieldError]:
    """validateResourceClaimTemplateSpec: the template's metadata and its claim spec
    (``stored``: the update's check, see ResourceClaimStrategy.validate_update)."""
    spec = as_dict(obj.get("spec"))
    out = template_object_meta(spec.get("metadata"), "spec.metadata")
    return out + validate_claim_spec(spec.get("spec"), "spec.spec", ctx, stored)


class ResourceClaimTemplateStrategy(Strategy):
    """resource.k8s.io/v1 ResourceClaimTemplate: the claim spec lives at ``spec.spec``."""

    kind = "ResourceClaimTemplate"
    has_status = False

    def prepare_for_create(self, obj: dict, ctx: Context) -> None:
        inner = as_dict(obj.get("spec")).get("spec")
        default_claim_spec(inner)
        drop_disabled_spec_fields(inner, None, ctx)

    def prepare_for_update(self, new: dict, old: dict, ctx: Context) -> None:
        inner = as_dict(new.get("spec")).get("spec")
        default_claim_spec(inner)
        drop_disabled_spec_fields(inner, as_dict(old.get("spec")).get("spec"), ctx)

    def validate_create(self, obj: dict, ctx: Context) -> list[FieldError]:
        # resourceClaimTemplateStrategy.Validate: the admin-access check first (its path
        # names spec.devices..., not spec.spec.devices...: upstream's helper builds it)
        inner = as_dict(as_dict(obj.get("spec")).get("spec"))
        out = authorized_for_admin(as_dict(inner.get("devices")).get("requests"),
                                   namespace_of(obj), ctx)
        return out + _validate_template(obj, ctx)

    def validate_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        # ValidateResourceClaimTemplateUpdate: as for claims, from 1.35 the immutability only
        # (no admin-access check on update: the spec is immutable)
        out = [] if c.version_at_least(ctx, "1.35") else _validate_template(new, ctx, stored=True)
        return out + _immutable(new.get("spec"), old.get("spec"), "spec")
