"""The published Kubernetes OpenAPI definitions, per emulated release, as data.

Why data and not hand-written field lists: a list of known fields per kind drifts from
the release it claims to follow; the OpenAPI that kube-apiserver publishes does not. The
PyPI package ``kubernetes-validate`` ships that OpenAPI (rendered as JSON Schema, one
``_definitions.json`` per release, generated from kubernetes/kubernetes
``api/openapi-spec``) as package data; drakit reads only those data files through
importlib.resources and none of the package's code.

What the rendering changed and how it is read back: optional fields are typed
``["object", "null"]`` (the first non-null type is the Go type), ``apiVersion``/``kind``
carry an ``enum`` of the one served value, Quantity is ``oneOf`` string|number and
IntOrString ``oneOf`` string|integer. Everything else (``required``, ``format``, the
``x-kubernetes-*`` extensions, descriptions) is the upstream text.

KEP-5234 (ResourceSlice mixins) never shipped an API, so its fields are in no published
OpenAPI; drakit models the KEP's Go types (shared/keps/kep-5234, "Design Details/API") and
adds them here, in an overlay, at every version that knows the DRAResourceSliceMixins gate.

Loading is lazy (the import of drakit stays cheap) and cached per version: a release's
definitions (1.7 MB of JSON) are read once, the first time an object of that release is
decoded.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

_PACKAGE = "kubernetes_validate"
_DIR = "kubernetes-json-schema"


class SchemaDataError(RuntimeError):
    """The schema data of an emulated version is not installed."""


def _release_dir(version: str) -> str:
    return f"v{version}.0-local"


def available_versions() -> tuple[str, ...]:
    """Emulated versions ("1.37") whose definitions are installed."""
    try:
        root = resources.files(_PACKAGE) / _DIR
        names = [p.name for p in root.iterdir()]
    except (ModuleNotFoundError, FileNotFoundError):
        return ()
    out = []
    for n in names:
        if n.startswith("v") and n.endswith(".0-local"):
            out.append(n[1:-len(".0-local")])
    return tuple(sorted(out, key=lambda v: tuple(int(x) for x in v.split("."))))


@functools.lru_cache(maxsize=8)
def definitions(version: str) -> dict[str, dict[str, Any]]:
    """``$defs`` of one release: definition name -> JSON Schema, with drakit's overlays."""
    try:
        path = resources.files(_PACKAGE) / _DIR / _release_dir(version) / "_definitions.json"
        text = path.read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError) as e:
        raise SchemaDataError(
            f"no OpenAPI definitions for Kubernetes {version}: install the "
            f"'kubernetes-validate>=1.37,<2' package (it ships them)") from e
    defs: dict[str, dict[str, Any]] = json.loads(text)["$defs"]
    _overlay_kep5234(defs)
    return defs


@functools.lru_cache(maxsize=8)
def gvk_index(version: str) -> dict[tuple[str, str], str]:
    """(apiVersion, kind) -> definition name, from ``x-kubernetes-group-version-kind``."""
    out: dict[tuple[str, str], str] = {}
    for name, schema in definitions(version).items():
        for gvk in schema.get("x-kubernetes-group-version-kind") or ():
            group, ver, kind = gvk.get("group", ""), gvk.get("version", ""), gvk.get("kind", "")
            api_version = f"{group}/{ver}" if group else ver
            out.setdefault((api_version, kind), name)
    return out


# ---------------------------------------------------------------------------- KEP-5234

def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/$defs/{name}"}


def _includes(target: str) -> dict[str, Any]:
    return {"description": f"Includes defines a list of references to {target}. "
                           "The mixins referenced here must be defined in the same "
                           "ResourceSlice. The maximum number of includes is 8. "
                           "(KEP-5234, never shipped in a release; modelled by drakit.)",
            "items": {"type": "string"}, "type": ["array", "null"],
            "x-kubernetes-list-type": "atomic"}


def _overlay_kep5234(defs: dict[str, dict[str, Any]]) -> None:
    """Add the KEP-5234 types to resource.k8s.io/v1 (the only DRA version drakit serves)."""
    pkg = "io.k8s.api.resource.v1."
    spec = defs.get(pkg + "ResourceSliceSpec")
    if spec is None or pkg + "DeviceCounterConsumption" not in defs:
        return
    counters = {"additionalProperties": _ref(pkg + "Counter"), "type": "object"}
    defs[pkg + "ResourceSliceMixins"] = {
        "description": "ResourceSliceMixins defines mixins for the ResourceSlice (KEP-5234).",
        "properties": {
            "device": {"items": _ref(pkg + "DeviceMixin"), "type": ["array", "null"],
                       "x-kubernetes-list-type": "atomic",
                       "description": "Device represents a list of device mixins."},
            "deviceCounterConsumption": {
                "items": _ref(pkg + "DeviceCounterConsumptionMixin"),
                "type": ["array", "null"], "x-kubernetes-list-type": "atomic",
                "description": "DeviceCounterConsumption represents a list of counter "
                               "consumption mixins."},
            "counterSet": {"items": _ref(pkg + "CounterSetMixin"), "type": ["array", "null"],
                           "x-kubernetes-list-type": "atomic",
                           "description": "CounterSet represents a list of counter set "
                                          "mixins."},
        },
        "type": ["object", "null"],
    }
    defs[pkg + "DeviceMixin"] = {
        "description": "DeviceMixin defines a mixin that can be referenced from a device.",
        "properties": {
            "name": {"type": "string", "description": "Name is a unique identifier among all "
                     "device mixins in the ResourceSlice. It must be a DNS label."},
            "attributes": {"additionalProperties": _ref(pkg + "DeviceAttribute"),
                           "type": ["object", "null"],
                           "description": "Attributes defines the set of attributes for "
                                          "this mixin."},
            "capacity": {"additionalProperties": _ref(pkg + "DeviceCapacity"),
                         "type": ["object", "null"],
                         "description": "Capacity defines the set of capacities for this "
                                        "mixin."},
        },
        "required": ["name"], "type": ["object", "null"],
    }
    for mixin, what in (("DeviceCounterConsumptionMixin", "a device will consume"),
                        ("CounterSetMixin", "a counter set can include")):
        defs[pkg + mixin] = {
            "description": f"{mixin} defines counters {what} (KEP-5234).",
            "properties": {
                "name": {"type": "string", "description": "Name is a unique identifier "
                         "among the mixins of its kind in the ResourceSlice. It must be a "
                         "DNS label."},
                "counters": dict(counters, description="Counters defines a set of "
                                                       "counters."),
            },
            "required": ["name", "counters"], "type": ["object", "null"],
        }
    spec["properties"]["mixins"] = dict(
        _ref(pkg + "ResourceSliceMixins"),
        description="Mixins defines the mixins available for devices and counter sets in "
                    "the ResourceSlice. (KEP-5234; +featureGate=DRAResourceSliceMixins)")
    defs[pkg + "CounterSet"]["properties"]["includes"] = _includes("CounterSetMixin")
    defs[pkg + "Device"]["properties"]["includes"] = _includes("DeviceMixin")
    defs[pkg + "DeviceCounterConsumption"]["properties"]["includes"] = _includes(
        "DeviceCounterConsumptionMixin")
    # With includes, a counter set or a consumption may take all its counters from
    # mixins: the KEP keeps ``counters`` but an empty map is then valid.
