"""DeviceClass: drop ``extendedResourceName`` with DRAExtendedResource off, validate.

Sources: api-truth §9.5/§9.6 and k/k validation.go validateDeviceClassSpec (009801d9).
"""

from __future__ import annotations

from drakit.api import names
from drakit.api.errors import FieldError, invalid
from drakit.validation.resource import common as c
from drakit.validation.resource.common import Errs, as_dict
from drakit.validation.resource.slice import _bump_generation
from drakit.validation.strategy import Context, Strategy


def drop_disabled_fields(new: dict, old: dict | None, ctx: Context) -> None:
    """KEP-5004: ``spec.extendedResourceName`` is dropped unless the gate is on or the
    stored class already had it (locked on in 1.37, so this only bites on 1.36)."""
    if c.gate(ctx, "DRAExtendedResource"):
        return
    if old is not None and as_dict(old.get("spec")).get("extendedResourceName") is not None:
        return
    spec = new.get("spec")
    if isinstance(spec, dict):
        spec.pop("extendedResourceName", None)


def validate_spec(spec: dict, old_spec: dict | None, ctx: Context) -> Errs:
    """validateDeviceClassSpec: selectors/config ≤ 32, unchanged lists count as stored."""
    out: Errs = []
    sel_stored = old_spec is not None and spec.get("selectors") == old_spec.get("selectors")
    out += c.selectors(spec.get("selectors"), "spec.selectors", ctx, sel_stored)
    cfg_stored = old_spec is not None and spec.get("config") == old_spec.get("config")
    out += c.validate_slice(spec.get("config"), c.DEVICE_CONFIG_MAX,
                            lambda cfg, p: c.opaque_configuration(cfg, p, cfg_stored),
                            "spec.config")
    ern = spec.get("extendedResourceName")
    if ern is not None and not names.is_extended_resource_name(str(ern)):
        out.append(invalid("spec.extendedResourceName", ern,
                           "must be a valid extended resource name"))
    return out


class DeviceClassStrategy(Strategy):
    """resource.k8s.io/v1 DeviceClass (cluster-scoped, no status)."""

    kind = "DeviceClass"
    has_status = False
    sets_generation = True

    def prepare_for_create(self, obj: dict, ctx: Context) -> None:
        drop_disabled_fields(obj, None, ctx)
        _bump_generation(obj, None)

    def prepare_for_update(self, new: dict, old: dict, ctx: Context) -> None:
        drop_disabled_fields(new, old, ctx)
        _bump_generation(new, old)

    def validate_create(self, obj: dict, ctx: Context) -> list[FieldError]:
        return validate_spec(as_dict(obj.get("spec")), None, ctx)

    def validate_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        # 1.37 ValidateDeviceClassUpdate re-validates metadata itself (its TODO cites
        # k/k#134444), i.e. the strategy calls it alone; older strategies also ran
        # ValidateDeviceClass, which compiled unchanged selectors as new (not modelled).
        return validate_spec(as_dict(new.get("spec")), as_dict(old.get("spec")), ctx)
