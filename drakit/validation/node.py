"""node.k8s.io/v1 RuntimeClass and the RuntimeClass admission plugin (pod.spec.overhead).

Why drakit has it: ``pod.spec.overhead`` counts in every pod footprint (component-helpers
PodRequests, and KEP-5517: "If pod overheads are specified in pod.spec.overhead, they are
added to the final sum"), but a user cannot write it: kube-apiserver's RuntimeClass
admission plugin (enabled by default) copies it from the pod's RuntimeClass and refuses a
pod that sets it otherwise. Without the kind and the plugin, a scenario about overhead could
only pass on the reference.

Mirrored (k/k pkg/apis/node/validation/validation.go; plugin/pkg/admission/runtimeclass/
admission.go: Admit (setOverhead, setScheduling), Validate (validateOverhead); pkg/util/
tolerations MergeTolerations):

* RuntimeClass: ``handler`` must be a DNS-1123 label (Invalid at ``handler``) and is
  immutable; ``overhead.podFixed`` quantities must not be negative; ``scheduling``'s node
  selector holds valid labels and its tolerations are valid (as a pod's) and unique;
* pod CREATE with ``runtimeClassName``: the class must exist ("pod rejected: RuntimeClass
  "<n>" not found"); its ``overhead.podFixed`` becomes ``spec.overhead``, and a pod that
  already sets another overhead is refused ("pod rejected: Pod's Overhead doesn't match
  RuntimeClass's defined Overhead"); ``scheduling.nodeSelector`` is merged into the pod's
  (a conflicting key is refused) and the pod's tolerations and ``scheduling.tolerations`` are
  merged as MergeTolerations does (one that another tolerates a superset of is left out);
* a pod with ``spec.overhead`` but no RuntimeClass overhead: "pod rejected: Pod Overhead
  set without corresponding RuntimeClass defined Overhead".
"""

from __future__ import annotations

from typing import Any

from drakit.api import errors as E
from drakit.api.errors import FieldError, Path, duplicate, invalid
from drakit.api.names import is_dns1123_label
from drakit.api.quantity import Quantity, QuantityError
from drakit.validation.core import go_toleration, toleration_fields, validate_tolerations
from drakit.validation.meta import validate_labels
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
        scheduling = obj.get("scheduling")
        if isinstance(scheduling, dict):
            errs += _validate_scheduling(scheduling, Path("scheduling"))
        return errs

    def validate_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        errs = self.validate_create(new, ctx)
        if new.get("handler") != old.get("handler"):
            errs.append(invalid("handler", new.get("handler"), "field is immutable"))
        return errs


def _validate_scheduling(scheduling: dict, path: Path) -> list[FieldError]:
    """validateScheduling: the node selector's labels, then the tolerations as a pod's
    (ValidateTolerations with empty PodValidationOptions: Lt and Gt never pass here, whatever
    TaintTolerationComparisonOperators says), each (key, operator, value, effect) once (a
    repeat is a Duplicate at its index; its value, the internal struct, rendered as drakit
    renders those and not checked against a live server)."""
    selector = scheduling.get("nodeSelector")
    errs = validate_labels(selector, path.child("nodeSelector")) if isinstance(selector, dict) else []
    tols = scheduling.get("tolerations")
    tpath = path.child("tolerations")
    errs += validate_tolerations(tols, tpath, False)
    seen: set[tuple] = set()
    for i, t in enumerate(tols if isinstance(tols, list) else ()):
        if not isinstance(t, dict):
            continue
        key = toleration_fields(t)
        if key in seen:
            errs.append(duplicate(tpath.index(i), go_toleration(t)))
        seen.add(key)
    return errs


OVERHEAD_MISMATCH = "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead"
"""setOverhead's and validateOverhead's refusal (the same text in both halves upstream)."""


class RuntimeClassAdmission:
    """The RuntimeClass admission plugin (k/k plugin/pkg/admission/runtimeclass), both halves:
    ``admit`` in the mutating phase, before the pod is validated (the class must exist;
    setOverhead, setScheduling), ``validate`` in the validating phase (validateOverhead). So a
    missing class or a clashing node selector is the answer even for a pod that would fail
    validation."""

    @staticmethod
    def _pod_and_class(op: str, new: dict | None, server: Any) -> tuple[dict, str, dict | None] | None:
        """prepareObjects: the pod's spec, its name and its RuntimeClass; None when the
        plugin ignores the request (not a pod create)."""
        if op != "CREATE" or new is None or new.get("kind") != "Pod":
            return None
        spec = new.get("spec")
        if not isinstance(spec, dict):
            spec = new["spec"] = {}
        name = (new.get("metadata") or {}).get("name") or ""
        rc_name = spec.get("runtimeClassName")
        rc = None
        if rc_name:
            rc = server.try_get("RuntimeClass", rc_name)
            if rc is None:
                raise E.Forbidden("Pod", name, f'pod rejected: RuntimeClass "{rc_name}" not found')
        return spec, name, rc

    def admit(self, op: str, new: dict | None, old: dict | None, server: Any) -> None:
        found = self._pod_and_class(op, new, server)
        if found is None:
            return
        spec, name, rc = found
        fixed = _overhead(rc)
        if fixed is not None:  # setOverhead
            if spec.get("overhead") and not _same_resources(spec["overhead"], fixed):
                raise E.Forbidden("Pod", name, OVERHEAD_MISMATCH)
            spec["overhead"] = dict(fixed)
        scheduling = (rc or {}).get("scheduling")
        if scheduling is None:
            return
        selector = dict(spec.get("nodeSelector") or {})  # setScheduling
        for k, v in (scheduling.get("nodeSelector") or {}).items():
            if k in selector and selector[k] != v:
                raise E.Forbidden("Pod", name, f"conflict: runtimeClass.scheduling.nodeSelector[{k}] = {v}; "
                                               f"pod.spec.nodeSelector[{k}] = {selector[k]}")
            selector[k] = v
        if selector:
            spec["nodeSelector"] = selector
        merged = merge_tolerations(list(spec.get("tolerations") or []),
                                   list(scheduling.get("tolerations") or []))
        if merged:
            spec["tolerations"] = merged
        else:
            spec.pop("tolerations", None)

    def validate(self, op: str, new: dict | None, old: dict | None, server: Any) -> None:
        found = self._pod_and_class(op, new, server)
        if found is None:
            return
        spec, name, rc = found
        fixed = _overhead(rc)
        if fixed is not None:  # validateOverhead
            if not _same_resources(spec.get("overhead") or {}, fixed):
                raise E.Forbidden("Pod", name, OVERHEAD_MISMATCH)
        elif spec.get("overhead") is not None:
            raise E.Forbidden("Pod", name,
                              "pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead")


def _toleration_key(t: Any) -> tuple:
    """A toleration as apiequality.Semantic.DeepEqual compares it (absent == zero value)."""
    t = t if isinstance(t, dict) else {}
    return (t.get("key") or "", t.get("operator") or "", t.get("value") or "", t.get("effect") or "",
            t.get("tolerationSeconds"))


def _tolerates_superset(ss: dict, t: dict) -> bool:
    """k/k pkg/util/tolerations isSuperset: ``ss`` tolerates every taint ``t`` tolerates."""
    sk, tk = _toleration_key(ss), _toleration_key(t)
    if sk == tk:
        return True
    s_key, s_op, s_value, s_effect, s_secs = sk
    t_key, t_op, t_value, t_effect, t_secs = tk
    if t_key != s_key and (s_key != "" or s_op != "Exists"):  # "" + Exists matches every key
        return False
    if t_effect != s_effect and s_effect != "":  # "" matches every effect
        return False
    if s_effect == "NoExecute" and s_secs is not None and (t_secs is None or t_secs > s_secs):
        return False
    if s_op in ("Equal", ""):  # "" means Equal
        return t_op == "Equal" and t_value == s_value
    return s_op == "Exists"


def merge_tolerations(first: list, second: list) -> list:
    """k/k pkg/util/tolerations MergeTolerations: both lists in order, without a toleration
    that another one (kept before it, or coming after it and not equal) tolerates a
    superset of; of equal ones the first stays."""
    both = [t if isinstance(t, dict) else {} for t in first + second]
    merged: list[dict] = []
    for i, t in enumerate(both):
        if any(_tolerates_superset(m, t) for m in merged):
            continue
        if any(_toleration_key(t) != _toleration_key(later) and _tolerates_superset(later, t)
               for later in both[i + 1:]):
            continue
        merged.append(t)
    return merged


STRATEGIES: dict[str, Strategy] = {"RuntimeClass": RuntimeClassStrategy()}

__all__ = ["STRATEGIES", "RuntimeClassAdmission", "RuntimeClassStrategy", "merge_tolerations"]
