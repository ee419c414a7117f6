"""Shared checks for the resource.k8s.io kinds, with the API server's exact messages.

Why string paths and caches here: a worst-case ResourceSlice (128 devices x 32
attributes) must validate in a few milliseconds, so hot loops build a path string only
when they report an error, and name checks (the same attribute names repeat on every
device) are memoised. Rules follow kubernetes/kubernetes
``pkg/apis/resource/validation/validation.go`` (read at commit 009801d9, a 1.37-era
version that already has the KEP-5517 "alpha 2" API); functions keep upstream's names so
a reader can find the original.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache
from typing import Any

from drakit.api import names
from drakit.api.errors import (
    FieldError,
    duplicate,
    forbidden,
    invalid,
    not_supported,
    required,
    too_long,
    too_many,
)
from drakit.features import release_at_least
from drakit.schema.model import go_quote
from drakit.validation.strategy import Context

# --- limits (k8s.io/api resource/v1 constants) ---------------------------------------
DEVICE_REQUESTS_MAX = 32  # DeviceRequestsMaxSize
ALLOCATION_RESULTS_MAX = 32  # AllocationResultsMaxSize
FIRST_AVAILABLE_MAX = 8  # FirstAvailableDeviceRequestMaxSize
DEVICE_SELECTORS_MAX = 32  # DeviceSelectorsMaxSize
DEVICE_CONFIG_MAX = 32  # DeviceConfigMaxSize
DEVICE_CONSTRAINTS_MAX = 32  # DeviceConstraintsMaxSize
DEVICE_TOLERATIONS_MAX = 16  # DeviceTolerationsMaxLength (declarative maxItems)
DEVICE_TAINTS_MAX = 16  # DeviceTaintsMaxLength (1.35+; 4 before)
RESERVED_FOR_MAX = 256  # ResourceClaimReservedForMaxSize
SLICE_MAX_DEVICES = 128  # ResourceSliceMaxDevices
SLICE_MAX_DEVICES_ADVANCED = 64  # ResourceSliceMaxDevicesWithAdvancedFeatures
MAX_ATTRS_AND_CAPS = 32  # ResourceSliceMaxAttributesAndCapacitiesPerDevice
MAX_ATTR_VALUES = 48  # ResourceSliceMaxAttributeValuesPerDevice
MAX_COUNTER_SETS = 8  # ResourceSliceMaxCounterSets
MAX_COUNTERS_PER_SET = 32  # ResourceSliceMaxCountersPerCounterSet
MAX_CONSUMPTIONS_PER_DEVICE = 2  # ResourceSliceMaxDeviceCounterConsumptionsPerDevice
MAX_COUNTERS_PER_CONSUMPTION = 32  # ResourceSliceMaxCountersPerDeviceCounterConsumption
ATTR_MAX_VALUE_LEN = 64  # DeviceAttributeMaxValueLength
MAX_DOMAIN_LEN = 63  # DeviceMaxDomainLength
MAX_ID_LEN = 32  # DeviceMaxIDLength
ATTR_KEY_TRUNCATE = MAX_DOMAIN_LEN + 1 + MAX_ID_LEN  # attributeAndCapacityMaxKeyLength
POOL_NAME_MAX = 253  # PoolNameMaxLength
DRIVER_NAME_MAX = 63
OPAQUE_PARAMETERS_MAX_LEN = 10 * 1024  # OpaqueParametersMaxLength
BINDING_CONDITIONS_MAX = 4  # BindingConditionsMaxSize / BindingFailureConditionsMaxSize
CAPACITY_POLICY_VALID_VALUES_MAX = 10  # CapacityRequestPolicyDiscreteMaxOptions
STATUS_MAX_CONDITIONS = 8  # AllocatedDeviceStatusMaxConditions
STATUS_DATA_MAX_LEN = 10 * 1024  # AllocatedDeviceStatusDataMaxLength
NETWORK_INTERFACE_NAME_MAX = 256
NETWORK_HARDWARE_ADDRESS_MAX = 128
NETWORK_MAX_IPS = 16

IMMUTABLE = "field is immutable"  # apimachinery FieldImmutableErrorMsg
NULL = None
"""A nil bad value: current apimachinery (field/errors.go ErrorBody) JSON-marshals it and
prints an unquoted ``null``; FieldError renders None the same way."""

TAINT_EFFECTS = ("NoExecute", "NoSchedule", "None")  # sorted, as sets.List prints them
TOLERATION_OPERATORS = ("Equal", "Exists")

Errs = list[FieldError]


def gate(ctx: Context, name: str, absent: bool = False) -> bool:
    """A gate's value; ``absent`` is used for gates drakit's feature table does not model
    (e.g. DRADeviceBindingConditions), so fields behind them are kept, never lost."""
    v = ctx.gates.get(name)
    return absent if v is None else bool(v)


def version_at_least(ctx: Context, v: str) -> bool:
    return release_at_least(ctx.version, v)


# --- names --------------------------------------------------------------------------


def dns_label(value: str, path: str) -> Errs:
    """corevalidation.ValidateDNS1123Label: one Invalid per message."""
    return [invalid(path, value, m) for m in _label_msgs(value)]


@lru_cache(maxsize=4096)
def _label_msgs(value: str) -> tuple[str, ...]:
    return tuple(names.is_dns1123_label(value))


@lru_cache(maxsize=4096)
def _subdomain_msgs(value: str) -> tuple[str, ...]:
    return tuple(names.is_dns1123_subdomain(value))


def dns_subdomain(value: str, path: str) -> Errs:
    return [invalid(path, value, m) for m in _subdomain_msgs(value)]


def required_dns_subdomain(value: Any, path: str) -> Errs:
    """validateDeviceClass: Required when empty, else DNS-subdomain messages."""
    if not value:
        return [required(path)]
    return dns_subdomain(str(value), path)


def driver_name(value: Any, path: str) -> Errs:
    """corevalidation.ValidateCSIDriverName (the DRA driver-name rule).

    Empty -> Required only: the 1.37 helper short-circuits there to match declarative
    validation (older releases also added the subdomain regex error for "")."""
    value = value or ""
    if not value:
        return [required(path)]
    out: Errs = []
    if len(value) > DRIVER_NAME_MAX:
        out.append(too_long(path, DRIVER_NAME_MAX))
    out.extend(invalid(path, value, m) for m in _subdomain_msgs(value.lower()))
    return out


def pool_name(value: Any, path: str) -> Errs:
    """validatePoolName: Required, TooLong 253, each '/'-separated part a DNS subdomain."""
    value = value or ""
    if not value:
        return [required(path)]
    out: Errs = []
    if len(value) > POOL_NAME_MAX:
        out.append(too_long(path, POOL_NAME_MAX))
    for part in value.split("/"):
        out.extend(dns_subdomain(part, path))
    return out


@lru_cache(maxsize=8192)
def _qualified_name_errs(name: str) -> tuple[tuple[str, Any, str], ...]:
    """validateQualifiedName as (type, value, detail) triples, memoised per name."""
    out: list[tuple[str, Any, str]] = []
    parts = name.split("/")
    if len(parts) == 1:
        out.extend(_c_identifier_errs(parts[0]))
    elif len(parts) == 2:
        domain, ident = parts
        if not domain:
            out.append(("Invalid", "", "the domain must not be empty"))
        else:
            for e in driver_name(domain, ""):
                out.append(("TooLong", DRIVER_NAME_MAX, "") if e.type == "TooLong"
                           else (e.type, e.value, e.detail))
        if not ident:
            out.append(("Invalid", "", "the name must not be empty"))
        else:
            out.extend(_c_identifier_errs(ident))
    # More than one slash: no error. Upstream's validateQualifiedName has cases for one and
    # two parts only and says so in a TODO ("names like "a/b/c" are not handled and are
    # implicitly accepted"; the declarative resourcesQualifiedName matches), k/k
    # pkg/apis/resource/validation/validation.go 1.35 era and 009801d9;
    # validation_resourceslice_test.go has no case refusing it.
    return tuple(out)


def _c_identifier_errs(ident: str) -> list[tuple[str, Any, str]]:
    out: list[tuple[str, Any, str]] = []
    if len(ident) > MAX_ID_LEN:
        out.append(("TooLong", MAX_ID_LEN, ""))
    out.extend(("Invalid", ident, m) for m in names.is_c_identifier(ident))
    return out


def _materialise(triples: Iterable[tuple[str, Any, str]], path: str) -> Errs:
    out: Errs = []
    for typ, value, detail in triples:
        if typ == "Invalid":
            out.append(invalid(path, value, detail))
        elif typ == "TooLong":
            out.append(too_long(path, value))
        else:  # pragma: no cover - not produced
            out.append(FieldError(typ, path, value, detail))
    return out


def qualified_name(name: str, path: str) -> Errs:
    """Attribute/capacity names: C identifier, or ``domain/id`` (domain a driver name)."""
    t = _qualified_name_errs(name)
    return _materialise(t, path) if t else []


def fully_qualified_name(name: Any, path: str) -> Errs:
    """validateFullyQualifiedName: a qualified name that really has a domain."""
    name = "" if name is None else str(name)
    out = qualified_name(name, path)
    if "/" not in name:
        out.append(invalid(path, name, "a fully qualified name must be a domain and a name "
                                        "separated by a slash"))
    return out


def label_name(value: Any, path: str) -> Errs:
    """metav1validation.ValidateLabelName (taint keys, binding conditions)."""
    value = "" if value is None else str(value)
    return [invalid(path, value, m) for m in names.is_qualified_name(value)]


def label_value(value: Any, path: str) -> Errs:
    value = "" if value is None else str(value)
    return [invalid(path, value, m) for m in names.is_label_value(value)]


def truncate_key(key: str, max_len: int) -> str:
    """truncateIfTooLong: long map keys are shortened in the middle inside error paths."""
    max_len = max(max_len, 16)
    if len(key) <= max_len:
        return key
    remaining = max_len - 3
    return key[: (remaining + 1) // 2] + "..." + key[len(key) - remaining // 2:]


# --- lists --------------------------------------------------------------------------


def validate_slice(items: Any, max_size: int, item: Callable[[Any, str], Errs],
                   path: str) -> Errs:
    """validateSlice: TooMany short-circuits (DOS protection), else every item."""
    items = items or []
    if 0 <= max_size < len(items):
        return [too_many(path, len(items), max_size)]
    out: Errs = []
    for i, it in enumerate(items):
        out.extend(item(it, f"{path}[{i}]"))
    return out


def validate_set(items: Any, max_size: int, item: Callable[[Any, str], Errs],
                 key: Callable[[Any], Any], path: str, key_field: str = "") -> Errs:
    """validateSet: like validate_slice plus Duplicate at ``path[i]`` (value = the key), or
    at ``path[i].<key_field>`` where the release names the key's field (``dup_key_field``)."""
    items = items or []
    if 0 <= max_size < len(items):
        return [too_many(path, len(items), max_size)]
    out: Errs = []
    for i, it in enumerate(items):
        out.extend(item(it, f"{path}[{i}]"))
    seen: set = set()
    for i, it in enumerate(items):
        k = key(it)
        if k in seen:
            out.append(duplicate(f"{path}[{i}].{key_field}" if key_field else f"{path}[{i}]", k))
        else:
            seen.add(k)
    return out


def dup_key_field(ctx: Any, field_name: str) -> str:
    """Where validateSet puts a Duplicate at ``ctx``'s release (``dup_key_field_at``); ``ctx``
    None: the newest release."""
    return dup_key_field_at(ctx is None or version_at_least(ctx, "1.35"), field_name)


def dup_key_field_at(since_135: bool, field_name: str) -> str:
    """Where validateSet puts a Duplicate, per release: up to 1.34 its itemKey also names the
    key's field and the error is at ``[i].<field>`` (v1.34-era validation.go validateSet,
    childPath; validation_resourceslice_test.go "duplicate-shared-counters" at
    sharedCounters[1].name); from 1.35 at ``[i]``."""
    return "" if since_135 else field_name


def as_dict(v: Any) -> dict:
    return v if isinstance(v, dict) else {}


def as_list(v: Any) -> list:
    return v if isinstance(v, list) else []


# --- quantities ---------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _parse(text: str):
    from drakit.api.quantity import parse_quantity  # lazy: written concurrently
    return parse_quantity(text)


def quantity(value: Any, path: str, errs: Errs) -> Any:
    """Parse a quantity field; a malformed one is reported as Invalid at ``path``.

    The real API server refuses such a body while decoding (400 BadRequest, "quantities
    must match the regular expression ..."), before validation; drakit reports the same
    text as a field error so the write still fails with the bad field named."""
    from drakit.api.quantity import QuantityError
    if isinstance(value, bool) or value is None:
        errs.append(invalid(path, value if value is not None else NULL,
                            "must be a quantity"))
        return None
    try:
        return _parse(str(value))
    except QuantityError as e:
        errs.append(invalid(path, str(value), str(e)))
        return None


# --- raw extension (opaque parameters, status data) ---------------------------------


def raw_extension(value: Any, present: bool, path: str, stored: bool, max_len: int) -> Errs:
    """validateRawExtension: Required, TooLong (new objects only), must be a JSON object."""
    if not present or value is None:
        return [required(path)]
    if not stored:
        try:
            size = len(json.dumps(value, separators=(",", ":"), ensure_ascii=False)
                       .encode())
        except (TypeError, ValueError):
            size = 0
        if size > max_len:
            return [too_long(path, max_len)]
    if not isinstance(value, dict):
        return [invalid(path, "<value omitted>", "must be a valid JSON object")]
    return []


def opaque_configuration(cfg: Any, path: str, stored: bool) -> Errs:
    """validateDeviceConfiguration: ``opaque`` required, driver name, parameters object."""
    cfg = as_dict(cfg)
    opaque = cfg.get("opaque")
    if opaque is None:
        return [required(f"{path}.opaque")]
    opaque = as_dict(opaque)
    out = driver_name(opaque.get("driver"), f"{path}.opaque.driver")
    out.extend(raw_extension(opaque.get("parameters"), "parameters" in opaque,
                             f"{path}.opaque.parameters", stored, OPAQUE_PARAMETERS_MAX_LEN))
    return out


# --- CEL selectors ------------------------------------------------------------------


def cel_expression(expression: Any, path: str, ctx: Context, stored: bool) -> Errs:
    """Delegate to drakit.cel (compile, type, cost)."""
    from drakit import cel  # lazy: drakit.cel is large and only selectors need it
    from drakit.api.errors import Path
    expr = "" if expression is None else str(expression)
    p = Path(*path.split(".")) if "[" not in path else _path_from_string(path)
    return list(cel.validate_selector_expression(expr, p, gates=ctx.gates, stored=stored,
                                                 version=ctx.version))


def _path_from_string(s: str):
    """Rebuild a Path from ``a.b[1].c`` (used only to hand a Path to drakit.cel)."""
    from drakit.api.errors import Path
    p = Path()
    for tok in re.findall(r"[^.\[\]]+|\[[^\]]*\]", s):
        p = p.index(int(tok[1:-1])) if tok.startswith("[") and tok[1:-1].isdigit() else (
            p.key(tok[1:-1]) if tok.startswith("[") else p.child(tok))
    return p


def selectors(items: Any, path: str, ctx: Context, stored: bool) -> Errs:
    """validateSelectorSlice: at most 32, each needs ``cel`` with a valid expression."""
    def one(sel: Any, p: str) -> Errs:
        sel = as_dict(sel)
        if sel.get("cel") is None:
            return [required(f"{p}.cel")]
        return cel_expression(as_dict(sel["cel"]).get("expression"), f"{p}.cel.expression",
                              ctx, stored)
    return validate_slice(items, DEVICE_SELECTORS_MAX, one, path)


# --- taints and tolerations ---------------------------------------------------------


def device_taint(taint: Any, old: Any, path: str, none_effect: bool = True) -> Errs:
    """validateDeviceTaint: key a label name, value a label value, effect known.

    ``none_effect`` False: 1.34, whose valid effects are NoSchedule and NoExecute only
    (v1.34.0 OpenAPI DeviceTaint.effect; "None" arrives in 1.35)."""
    taint = as_dict(taint)
    effects = TAINT_EFFECTS if none_effect else tuple(e for e in TAINT_EFFECTS if e != "None")
    out = label_name(taint.get("key"), f"{path}.key")
    if taint.get("value"):
        out.extend(label_value(taint.get("value"), f"{path}.value"))
    effect = taint.get("effect") or ""
    if old is None or as_dict(old).get("effect") != taint.get("effect"):
        if not effect:
            out.append(required(f"{path}.effect"))
        elif effect not in effects:
            out.append(not_supported(f"{path}.effect", effect, list(effects)))
    return out


def device_toleration(tol: Any, path: str, none_effect: bool = True) -> Errs:
    """validateDeviceToleration. ``none_effect`` False: 1.34, whose validDeviceTaintEffects
    (shared by taints and tolerations) has NoSchedule and NoExecute only."""
    tol = as_dict(tol)
    effects = TAINT_EFFECTS if none_effect else tuple(e for e in TAINT_EFFECTS if e != "None")
    out: Errs = []
    if tol.get("key"):
        out.extend(label_name(tol.get("key"), f"{path}.key"))
    op = tol.get("operator") or ""
    value = tol.get("value") or ""
    if op == "Exists":
        if value:
            out.append(invalid(f"{path}.value", value, "must be empty for operator `Exists`"))
    elif op == "Equal":
        out.extend(label_value(value, f"{path}.value"))
    else:
        # upstream's Required for an empty operator is out of reach: the operator is
        # defaulted to Equal (+default, default_tolerations) by every strategy that
        # validates a toleration (claim and template spec), before validation runs
        out.append(not_supported(f"{path}.operator", op, list(TOLERATION_OPERATORS)))
    effect = tol.get("effect") or ""
    if effect and effect not in effects:
        out.append(not_supported(f"{path}.effect", effect, list(effects)))
    return out


def tolerations(items: Any, path: str, none_effect: bool = True) -> Errs:
    return validate_slice(items, DEVICE_TOLERATIONS_MAX,
                          lambda t, p: device_toleration(t, p, none_effect), path)


def default_tolerations(items: Any) -> None:
    """``+default="Equal"`` on DeviceToleration.operator."""
    for t in as_list(items):
        if isinstance(t, dict) and not t.get("operator"):
            t["operator"] = "Equal"


def binding_parameters(conds: Any, failure: Any, path: str) -> Errs:
    """validateDeviceBindingParameters (devices and allocation results).

    The "required to use" errors report the other list as the API server holds it: an
    absent list is a nil slice, printed ``null`` (validation_resourceslice_test.go
    "invalid-slice-has-binding-conditions-but-no-binding-failure-conditions": ``[]string(nil)``),
    an empty one ``[]``."""
    raw_conds = c_null(conds)
    raw_failure = c_null(failure)
    conds = as_list(conds)
    failure = as_list(failure)
    out = validate_slice(conds, BINDING_CONDITIONS_MAX, label_name, f"{path}.bindingConditions")
    out += validate_slice(failure, BINDING_CONDITIONS_MAX, label_name,
                          f"{path}.bindingFailureConditions")
    seen: set = set()
    for i, c in enumerate(conds):
        if c in seen:
            out.append(duplicate(f"{path}.bindingConditions[{i}]", c))
        seen.add(c)
    seen_f: set = set()
    for i, c in enumerate(failure):
        if c in seen_f:
            out.append(duplicate(f"{path}.bindingFailureConditions[{i}]", c))
        seen_f.add(c)
        if c in seen:
            out.append(invalid(f"{path}.bindingFailureConditions[{i}]", c,
                               "bindingFailureConditions must not overlap with "
                               "bindingConditions"))
    if not conds and failure:
        out.append(invalid(f"{path}.bindingConditions", raw_conds,
                           "bindingConditions are required to use bindingFailureConditions"))
    if not failure and conds:
        out.append(invalid(f"{path}.bindingFailureConditions", raw_failure,
                           "bindingFailureConditions are required to use bindingConditions"))
    return out


def c_null(v: Any) -> Any:
    """A list field's value as Go holds it after decoding: absent or null is a nil slice
    (printed ``null``), anything else as sent."""
    return NULL if v is None else v


# --- node selectors -----------------------------------------------------------------

_SELECTOR_OPS = ("In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt")


def node_selector(sel: Any, path: str) -> Errs:
    """corevalidation.ValidateNodeSelector(sel, allowInvalidLabelValueInRequiredNodeAffinity
    = false, path), as resource.k8s.io calls it (k/k pkg/apis/resource/validation/
    validation.go, 1.35 era and 009801d9; the rules are k/k pkg/apis/core/validation
    ValidateNodeSelectorTerm, ValidateNodeSelectorRequirement and
    validateNodeFieldSelectorRequirement)."""
    sel = as_dict(sel)
    terms = as_list(sel.get("nodeSelectorTerms"))
    tpath = f"{path}.nodeSelectorTerms"
    if not terms:
        return [required(tpath, "must have at least one node selector term")]
    out: Errs = []
    for i, term in enumerate(terms):
        term = as_dict(term)
        for j, req in enumerate(as_list(term.get("matchExpressions"))):
            out.extend(_selector_requirement(as_dict(req), f"{tpath}[{i}].matchExpressions[{j}]"))
        for j, req in enumerate(as_list(term.get("matchFields"))):
            out.extend(_field_selector_requirement(as_dict(req),
                                                   f"{tpath}[{i}].matchFields[{j}]"))
    return out


def _selector_requirement(req: Mapping, path: str) -> Errs:
    """ValidateNodeSelectorRequirement: the operator's value rule, the key a label name,
    each value a label value (validation_resourceslice_test.go
    "invalid-node-selecor-label-value": Invalid at ``values[i]``)."""
    out: Errs = []
    op = req.get("operator") or ""
    values = as_list(req.get("values"))
    if op in ("In", "NotIn"):
        if not values:
            out.append(required(f"{path}.values",
                                "must be specified when `operator` is 'In' or 'NotIn'"))
    elif op in ("Exists", "DoesNotExist"):
        if values:
            out.append(forbidden(f"{path}.values", "may not be specified when `operator` is "
                                                    "'Exists' or 'DoesNotExist'"))
    elif op in ("Gt", "Lt"):
        if len(values) != 1:
            out.append(required(f"{path}.values", "must be specified single value when "
                                                   "`operator` is 'Lt' or 'Gt'"))
    else:
        out.append(invalid(f"{path}.operator", op, "not a valid selector operator"))
    out.extend(label_name(req.get("key"), f"{path}.key"))
    for i, v in enumerate(values):
        out.extend(label_value(v, f"{path}.values[{i}]"))
    return out


NODE_FIELD_SELECTOR_KEYS = ("metadata.name",)
"""nodeFieldSelectorValidators: the only field a node field selector may name."""


def _field_selector_requirement(req: Mapping, path: str) -> Errs:
    """validateNodeFieldSelectorRequirement: In/NotIn with exactly one value, the key
    metadata.name, each value a node name."""
    out: Errs = []
    op = req.get("operator") or ""
    values = as_list(req.get("values"))
    if op in ("In", "NotIn"):
        if len(values) != 1:
            out.append(required(f"{path}.values", "must be only one value when `operator` is "
                                                   "'In' or 'NotIn' for node field selector"))
    else:
        out.append(invalid(f"{path}.operator", op, "not a valid selector operator"))
    key = req.get("key")
    if key not in NODE_FIELD_SELECTOR_KEYS:
        out.append(invalid(f"{path}.key", "" if key is None else key,
                           "not a valid field selector key"))
    else:
        for i, v in enumerate(values):
            out.extend(node_name("" if v is None else str(v), f"{path}.values[{i}]"))
    return out


def node_name(value: str, path: str) -> Errs:
    """ValidateNodeName: a DNS subdomain."""
    return dns_subdomain(value, path)


SEMVER_RE = re.compile(
    r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
    r"(-(0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(\.(0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*)?"
    r"(\+[0-9a-zA-Z-]+(\.[0-9a-zA-Z-]+)*)?$")
"""validation.go semverRe (semver.org 2.0.0), compiled once."""

UID_RE = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def _uuid_error(s: str) -> str | None:
    """github.com/google/uuid Validate: the error text, or None for a UUID it accepts (the
    36-character form, a case-insensitive "urn:uuid:" prefix, braces, or 32 hex digits)."""
    b = s.encode("utf-8", "surrogatepass")  # Go's len() counts bytes
    if len(b) == 45:
        if b[:9].lower() != b"urn:uuid:":
            return f"invalid urn prefix: {_go_quote_bytes(b[:9])}"
        b = b[9:]
    elif len(b) == 38:
        if b[:1] != b"{" or b[-1:] != b"}":
            return "invalid bracketed UUID format"
        b = b[1:-1]
    elif len(b) == 32:
        return None if _HEX32.fullmatch(b) else "invalid UUID format"
    elif len(b) != 36:
        return f"invalid UUID length: {len(b)}"
    return None if _UUID36.fullmatch(b) else "invalid UUID format"


def _go_quote_bytes(b: bytes) -> str:
    """%q of a byte string: a byte that is not valid UTF-8 reads \\xNN, as Go writes it."""
    parts = []
    for ch in b.decode("utf-8", "surrogateescape"):
        o = ord(ch)
        parts.append(f"\\x{o - 0xDC00:02x}" if 0xDC80 <= o <= 0xDCFF else go_quote(ch)[1:-1])
    return '"' + "".join(parts) + '"'


_HEX32 = re.compile(rb"[0-9a-fA-F]{32}")
_UUID36 = re.compile(rb"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


def uid(value: Any, path: str) -> Errs:
    """validateUID (k/k pkg/apis/resource/validation): uuid.Validate's error, else the RFC 4122
    normalised form (36 characters, lower case) for share IDs."""
    value = "" if value is None else str(value)
    if UID_RE.fullmatch(value):
        return []
    err = _uuid_error(value)
    if err is not None:
        return [invalid(path, value, f"error validating uid: {err}")]
    return [invalid(path, value, "uid must be in RFC 4122 normalized form, "
                                 "`xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` with lowercase "
                                 "hexadecimal characters")]
