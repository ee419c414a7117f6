"""node.k8s.io/v1 RuntimeClass and the RuntimeClass admission plugin (pod.spec.overhead).

Why drakit has it: ``pod.spec.overhead`` counts in every pod footprint (component-helpers
PodRequests, and KEP-5517: "If pod overheads are specified in pod.spec.overhead, they are
added to the final sum"), but a user cannot write it: kube-apiserver's RuntimeClass
admission plugin (enabled by default) copies it from the pod's RuntimeClass and refuses a
pod that sets it otherwise. Without the kind and the plugin, a scenario about overhead could
only pass on the reference.

Mirrored (k/k pkg/apis/node/validation/validation.go; plugin/pkg/admission/runtimeclass/
admission.go, read from memory of the 1.2x sources, not re-read at 1.37 — the messages
below are the plugin's wording as drakit knows it):

* RuntimeClass: ``handler`` must be a DNS-1123 label (Invalid at ``handler``) and is
  immutable; ``overhead.podFixed`` quantities must not be negative;
* pod CREATE with ``runtimeClassName``: the class must exist ("pod rejected: RuntimeClass
  "<n>" not found"); its ``overhead.podFixed`` becomes ``spec.overhead``, and a pod that
  already sets another overhead is refused ("pod rejected: Pod's Overhead doesn't match
  RuntimeClass's defined Overhead"); ``scheduling.nodeSelector`` is merged into the pod's
  (a conflicting key is refused) and ``scheduling.tolerations`` are appended;
* a pod with ``spec.overhead`` but no RuntimeClass overhead: "pod rejected: Pod Overhead
  set without corresponding RuntimeClass defined Overhead".
"""

from __future__ import annotations

from typing import Any

from drakit.api import errors as E
from drakit.api.errors import FieldError, invalid
from drakit.api.names import is_dns1123_label
from drakit.api.quantity import Quantity, QuantityError
from drakit.validation.strategy import Context, Strategy


def _overhead(rc: dict | None) -> dict | None:
    return ((rc or {}).get("overhead") or {}).get("podFixed") or None


def _same_resources(a: dict | None, b: dict | None) -> bool:
    """apiequality.Semantic.DeepEqual on ResourceLists: quantities compare by value."""
    a, b = a or {}, b or {}
    if set(a) != set(b):
        return False
    try:
        return all(Quantity.of(a[k]) == Quantity.of(b[k]) for k in a)
    except (QuantityError, TypeError, ValueError):
        return a == b


class RuntimeClassStrategy(Strategy):
    kind = "RuntimeClass"
    has_status = False

    def validate_create(self, obj: dict, ctx: Context) -> list[FieldError]:
        errs: list[FieldError] = []
        handler = obj.get("handler")
        handler = handler if isinstance(handler, str) else ""
        for msg in is_dns1123_label(handler):
            errs.append(invalid("handler", handler, msg))
        for name, value in (_overhead(obj) or {}).items():
            path = f"overhead.podFixed[{name}]"
            try:
                q = Quantity.of(value)
            except (QuantityError, TypeError, ValueError):
                errs.append(invalid(path, value, "must be a valid quantity"))
                continue
            if q.sign() < 0:
                errs.append(invalid(path, str(q), "must be greater than or equal to 0"))
        return errs

    def validate_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        errs = self.validate_create(new, ctx)
        if new.get("handler") != old.get("handler"):
            errs.append(invalid("handler", new.get("handler"), "field is immutable"))
        return errs


class RuntimeClassAdmission:
    """The RuntimeClass admission plugin: (op, new, old, server) -> None or raise."""

    def __call__(self, op: str, new: dict | None, old: dict | None, server: Any) -> None:
        if op != "CREATE" or new is None or new.get("kind") != "Pod":
            return
        spec = new.setdefault("spec", {})
        name = (new.get("metadata") or {}).get("name") or ""
        rc_name = spec.get("runtimeClassName")
        rc = None
        if rc_name:
            rc = server.try_get("RuntimeClass", rc_name)
            if rc is None:
                raise E.Forbidden("Pod", name, f'pod rejected: RuntimeClass "{rc_name}" not found')
        fixed = _overhead(rc)
        if fixed is not None:
            if spec.get("overhead") is not None and not _same_resources(spec["overhead"], fixed):
                raise E.Forbidden("Pod", name,
                                  "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead")
            spec["overhead"] = dict(fixed)
        elif spec.get("overhead") is not None:
            raise E.Forbidden("Pod", name,
                              "pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead")
        scheduling = (rc or {}).get("scheduling") or {}
        selector = dict(spec.get("nodeSelector") or {})
        for k, v in (scheduling.get("nodeSelector") or {}).items():
            if k in selector and selector[k] != v:
                raise E.Forbidden("Pod", name, f"conflict: runtimeClass.scheduling.nodeSelector[{k}] = {v}; "
                                               f"pod.spec.nodeSelector[{k}] = {selector[k]}")
            selector[k] = v
        if selector:
            spec["nodeSelector"] = selector
        if scheduling.get("tolerations"):
            spec["tolerations"] = list(spec.get("tolerations") or []) + [
                t for t in scheduling["tolerations"] if t not in (spec.get("tolerations") or [])]


STRATEGIES: dict[str, Strategy] = {"RuntimeClass": RuntimeClassStrategy()}

__all__ = ["STRATEGIES", "RuntimeClassAdmission", "RuntimeClassStrategy"]
