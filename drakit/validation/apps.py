"""Minimal apps/v1 Deployment and ReplicaSet strategies.

Why minimal: drakit stores these so later controllers (and KEP-5729 workloads) can create
pods from them; only the rules a user hits first are enforced, with the messages of k/k
``pkg/apis/apps/validation`` (selector required, non-empty, matching the template labels;
replicas ≥ 0; template restartPolicy Always) plus the pod template's spec rules, and the
status rules of a status write (counts not negative, none above status.replicas).
"""

from __future__ import annotations

import copy

from drakit.api import names
from drakit.api.errors import (
    FieldError,
    GoRendered,
    Path,
    forbidden,
    invalid,
    not_supported,
    required,
    root,
)
from drakit.validation.core import (
    default_pod_spec,
    selector_empty,
    selector_matches,
    semantic_equal,
    validate_pod_spec,
)
from drakit.validation.meta import validate_labels
from drakit.validation.strategy import (
    Context,
    Strategy,
    bump_generation,
    get,
    keep_all_but_status,
    keep_old,
    set_generation,
)


def _validate_label_selector(selector: dict, path: Path) -> list[FieldError]:
    """apimachinery metav1validation.ValidateLabelSelector (matchLabels as labels, every
    matchExpression's operator, values and key), so a selector no controller can evaluate
    is never stored."""
    errs = validate_labels(selector.get("matchLabels"), path.child("matchLabels"))
    for i, expr in enumerate(selector.get("matchExpressions") or ()):
        p = path.child("matchExpressions").index(i)
        op, values = expr.get("operator"), expr.get("values") or []
        if op in ("In", "NotIn"):
            if not values:
                errs.append(required(p.child("values"),
                                     "must be specified when `operator` is 'In' or 'NotIn'"))
        elif op in ("Exists", "DoesNotExist"):
            if values:
                errs.append(forbidden(p.child("values"), "may not be specified when "
                                      "`operator` is 'Exists' or 'DoesNotExist'"))
        else:
            errs.append(invalid(p.child("operator"), op, "not a valid selector operator"))
        key = expr.get("key") or ""
        errs += [invalid(p.child("key"), key, m) for m in names.is_qualified_name(key)]
        # AllowInvalidLabelValueInSelector is false for Deployments and ReplicaSets
        for j, value in enumerate(values):
            errs += [invalid(p.child("values").index(j), value, m)
                     for m in names.is_label_value(str(value))]
    return errs


_NONNEGATIVE = "must be greater than or equal to 0"
_INT64_MAX = (1 << 63) - 1


def _nonnegative(spec: dict, name: str, path: Path) -> list[FieldError]:
    """apivalidation.ValidateNonnegativeField for an optional integer field."""
    v = spec.get(name)
    if isinstance(v, int) and not isinstance(v, bool) and v < 0:
        return [invalid(path.child(name), v, _NONNEGATIVE)]
    return []


def _percent(v: object) -> int | None:
    """getPercentValue: the number of a valid percent string, else None."""
    if isinstance(v, str) and not names.is_valid_percent(v):
        n = int(v[:-1])
        return n if n <= _INT64_MAX else 0  # strconv.Atoi's error leaves 0
    return None


def _int_or_percent(v: object) -> int:
    """getIntOrPercentValue: a percent's number, an int, or IntOrString.IntValue() of a
    string (strconv.Atoi, 0 when it fails)."""
    p = _percent(v)
    if p is not None:
        return p
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    if isinstance(v, str):
        digits = v[1:] if v[:1] in ("+", "-") else v
        if digits and digits.isascii() and digits.isdigit() and abs(int(v)) <= _INT64_MAX:
            return int(v)
    return 0


def _positive_int_or_percent(v: object, path: Path) -> list[FieldError]:
    """ValidatePositiveIntOrPercent (a missing value is the zero IntOrString, an int 0)."""
    if isinstance(v, str):
        return [invalid(path, v, m) for m in names.is_valid_percent(v)]
    if isinstance(v, int) and not isinstance(v, bool) and v < 0:
        return [invalid(path, v, _NONNEGATIVE)]
    return []


def _validate_deployment_strategy(strategy: dict, path: Path) -> list[FieldError]:
    """k/k pkg/apis/apps/validation ValidateDeploymentStrategy with ValidateRollingUpdateDeployment,
    ValidatePositiveIntOrPercent and IsNotMoreThan100Percent (after apps/v1 defaulting, which
    gives RollingUpdate its rollingUpdate block and both fields 25%)."""
    errs: list[FieldError] = []
    stype = strategy.get("type") or ""
    ru = strategy.get("rollingUpdate")
    if stype == "Recreate":
        if ru is not None:
            errs.append(forbidden(path.child("rollingUpdate"),
                                  "may not be specified when strategy `type` is 'Recreate'"))
    elif stype == "RollingUpdate":
        rpath = path.child("rollingUpdate")
        if ru is None:
            errs.append(required(rpath, "this should be defaulted and never be nil"))
        else:
            mu, ms = ru.get("maxUnavailable", 0), ru.get("maxSurge", 0)
            errs += _positive_int_or_percent(mu, rpath.child("maxUnavailable"))
            errs += _positive_int_or_percent(ms, rpath.child("maxSurge"))
            if _int_or_percent(mu) == 0 and _int_or_percent(ms) == 0:
                errs.append(invalid(rpath.child("maxUnavailable"), mu, "may not be 0 when `maxSurge` is 0"))
            p = _percent(mu)
            if p is not None and p > 100:
                errs.append(invalid(rpath.child("maxUnavailable"), mu, "must not be greater than 100%"))
    else:
        # the bad value is the internal apps.DeploymentStrategy, which field.Error prints with
        # json.Marshal: Go field names (no json tags), IntOrStrings as themselves
        value: dict = {"Type": stype, "RollingUpdate": None}
        if ru is not None:
            value["RollingUpdate"] = {"MaxUnavailable": ru.get("maxUnavailable", 0),
                                      "MaxSurge": ru.get("maxSurge", 0)}
        errs.append(not_supported(path, GoRendered(value), ["Recreate", "RollingUpdate"]))
    return errs


def _validate_deployment_rest(spec: dict, path: Path) -> list[FieldError]:
    """The end of ValidateDeploymentSpec: strategy, minReadySeconds, revisionHistoryLimit,
    progressDeadlineSeconds (which must exceed minReadySeconds)."""
    strategy = spec.get("strategy")
    errs = _validate_deployment_strategy(strategy if isinstance(strategy, dict) else {},
                                         path.child("strategy"))
    errs += _nonnegative(spec, "minReadySeconds", path)
    errs += _nonnegative(spec, "revisionHistoryLimit", path)
    pds = spec.get("progressDeadlineSeconds")
    if isinstance(pds, int) and not isinstance(pds, bool):
        errs += _nonnegative(spec, "progressDeadlineSeconds", path)
        mrs = spec.get("minReadySeconds")
        if pds <= (mrs if isinstance(mrs, int) else 0):
            errs.append(invalid(path.child("progressDeadlineSeconds"), pds, "must be greater than minReadySeconds"))
    return errs


def _validate_workload_spec(obj: dict, ctx: Context, empty_msg: str, deployment: bool = False) -> list[FieldError]:
    """ValidateDeploymentSpec / ValidateReplicaSetSpec (k/k pkg/apis/apps/validation)."""
    spec = obj.get("spec") or {}
    path = Path("spec")
    errs: list[FieldError] = []
    errs += _nonnegative(spec, "replicas", path)
    if not deployment:
        errs += _nonnegative(spec, "minReadySeconds", path)
    errs += _validate_selector_and_template(spec, path, ctx, empty_msg)
    if deployment:
        errs += _validate_deployment_rest(spec, path)
    return errs


def _validate_selector_and_template(spec: dict, path: Path, ctx: Context, empty_msg: str) -> list[FieldError]:
    errs: list[FieldError] = []
    selector = spec.get("selector")
    if selector is None:
        errs.append(required(path.child("selector")))
    else:
        sel_errs = _validate_label_selector(selector, path.child("selector"))
        errs += sel_errs
        if selector_empty(selector):
            errs.append(invalid(path.child("selector"), selector, empty_msg))
        if sel_errs:
            # metav1.LabelSelectorAsSelector refuses exactly what the strict validation above
            # refused; upstream then names the whole selector and skips the pod template
            # (ValidatePodTemplateSpecForReplicaSet is not called).
            errs.append(invalid(path.child("selector"), selector, "invalid label selector"))
            return errs
    template = spec.get("template") or {}
    tpath = path.child("template")
    labels = get(template, "metadata", "labels") or {}
    # A missing selector converts to labels.Nothing(), which is not empty and matches no
    # labels at all, so the template is refused as well; an empty one selects everything.
    if selector is None or (not selector_empty(selector) and not selector_matches(selector, labels)):
        errs.append(invalid(tpath.child("metadata", "labels"), labels,
                            "`selector` does not match template `labels`"))
    tspec = template.get("spec") or {}
    errs += validate_pod_spec(tspec, None, tpath.child("spec"), ctx)
    rp = tspec.get("restartPolicy")
    if rp is not None and rp != "Always":
        errs.append(not_supported(tpath.child("spec", "restartPolicy"), rp, ["Always"]))
    if tspec.get("activeDeadlineSeconds") is not None:
        errs.append(forbidden(tpath.child("spec", "activeDeadlineSeconds"),
                              "activeDeadlineSeconds in ReplicaSet is not Supported"))
    return errs


def _count(status: dict, name: str) -> int:
    """An int32 status count as Go reads it: a missing (or non-integer) one is 0."""
    v = status.get(name)
    return v if isinstance(v, int) and not isinstance(v, bool) else 0


def _validate_workload_status(status: dict, counts: tuple[str, ...], capped: tuple[str, ...]) -> list[FieldError]:
    """ValidateDeploymentStatus / ValidateReplicaSetStatus (k/k pkg/apis/apps/validation,
    1.34-1.37): each count in ``counts`` not negative (the pointer ones, terminatingReplicas
    and collisionCount, only when set), in that order; then each count in ``capped`` at most
    status.replicas, and availableReplicas at most readyReplicas."""
    path = Path("status")
    errs: list[FieldError] = []
    for name in counts:
        errs += _nonnegative(status, name, path)
    replicas = _count(status, "replicas")
    for name in capped:
        if _count(status, name) > replicas:
            errs.append(invalid(path.child(name), _count(status, name),
                                "cannot be greater than status.replicas"))
    if _count(status, "availableReplicas") > _count(status, "readyReplicas"):
        errs.append(invalid(path.child("availableReplicas"), _count(status, "availableReplicas"),
                            "cannot be greater than readyReplicas"))
    return errs


class _AppsStrategy(Strategy):
    """Registry rules shared by apps/v1 Deployment and ReplicaSet (k/k
    pkg/registry/apps/{deployment,replicaset}/strategy.go, 1.34-1.37): create resets the
    status and sets ``metadata.generation`` 1, a spec write keeps the status and bumps the
    generation when the spec changed (``bumps_on_annotations``: Deployment also on an
    annotation change, "because annotations are copied from deployments to their replica
    sets"), a status write keeps the spec (and ``status_keeps`` metadata fields)."""

    has_status = True
    empty_selector_msg = ""
    bumps_on_annotations = False
    status_keeps: tuple[str, ...] = ()
    status_counts: tuple[str, ...] = ()
    """The status counts that may not be negative, in upstream's order."""
    status_capped: tuple[str, ...] = ()
    """The status counts that may not exceed status.replicas."""

    def prepare_for_create(self, obj: dict, ctx: Context) -> None:
        obj["status"] = {}
        set_generation(obj)
        self._default(obj, ctx)

    def prepare_for_update(self, new: dict, old: dict, ctx: Context) -> None:
        new["status"] = copy.deepcopy(old.get("status") or {})
        self._default(new, ctx)
        changed = not semantic_equal(new.get("spec"), old.get("spec"))
        if self.bumps_on_annotations:
            changed = changed or (get(new, "metadata", "annotations") or {}) != \
                (get(old, "metadata", "annotations") or {})
        bump_generation(new, old, changed)

    def _default(self, obj: dict, ctx: Context) -> None:
        spec = obj.setdefault("spec", {})
        spec.setdefault("replicas", 1)
        tspec = get(spec, "template", "spec")
        if isinstance(tspec, dict):
            default_pod_spec(tspec, ctx, pod=False)

    def prepare_for_status_update(self, new: dict, old: dict, ctx: Context) -> None:
        keep_all_but_status(new, old)
        for f in self.status_keeps:
            keep_old(new.setdefault("metadata", {}), old.get("metadata") or {}, f)

    def validate_create(self, obj: dict, ctx: Context) -> list[FieldError]:
        return _validate_workload_spec(obj, ctx, self.empty_selector_msg, self.kind == "Deployment")

    def validate_status_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        status = new.get("status")
        return _validate_workload_status(status if isinstance(status, dict) else {},
                                         self.status_counts, self.status_capped)

    def validate_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        errs = _validate_workload_spec(new, ctx, self.empty_selector_msg, self.kind == "Deployment")
        if get(old, "spec", "selector") is not None and get(new, "spec", "selector") != get(old, "spec", "selector"):
            errs.append(invalid(root("spec", "selector"), get(new, "spec", "selector"), "field is immutable"))
        return errs


class DeploymentStrategy(_AppsStrategy):
    kind = "Deployment"
    empty_selector_msg = "empty selector is invalid for deployment"
    bumps_on_annotations = True
    status_keeps = ("labels",)
    status_counts = ("observedGeneration", "replicas", "updatedReplicas", "readyReplicas",
                     "availableReplicas", "unavailableReplicas", "terminatingReplicas",
                     "collisionCount")
    status_capped = ("updatedReplicas", "readyReplicas", "availableReplicas")

    def validate_status_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        """ValidateDeploymentStatusUpdate: the status rules, and collisionCount (a hash
        collision counter the controller only raises) cannot go down or away."""
        errs = super().validate_status_update(new, old, ctx)
        was = get(old, "status", "collisionCount")
        now = get(new, "status", "collisionCount")
        if isinstance(was, int) and not isinstance(was, bool) and \
                (not isinstance(now, int) or isinstance(now, bool) or now < was):
            errs.append(invalid(Path("status").child("collisionCount"),
                                now if isinstance(now, int) and not isinstance(now, bool) else 0,
                                "cannot be decremented"))
        return errs

    def _default(self, obj: dict, ctx: Context) -> None:
        """SetDefaults_Deployment (apps/v1): RollingUpdate 25%/25%, revisionHistoryLimit
        10, progressDeadlineSeconds 600."""
        super()._default(obj, ctx)
        spec = obj["spec"]
        strategy = spec.get("strategy")
        if not isinstance(strategy, dict):
            strategy = spec["strategy"] = {}
        if not strategy.get("type"):
            strategy["type"] = "RollingUpdate"
        if strategy["type"] == "RollingUpdate":
            ru = strategy.get("rollingUpdate")
            if not isinstance(ru, dict):
                ru = strategy["rollingUpdate"] = {}
            ru.setdefault("maxUnavailable", "25%")
            ru.setdefault("maxSurge", "25%")
        spec.setdefault("revisionHistoryLimit", 10)
        spec.setdefault("progressDeadlineSeconds", 600)


class ReplicaSetStrategy(_AppsStrategy):
    kind = "ReplicaSet"
    empty_selector_msg = "empty selector is invalid for deployment"
    status_counts = ("replicas", "fullyLabeledReplicas", "readyReplicas", "availableReplicas",
                     "observedGeneration", "terminatingReplicas")
    status_capped = ("fullyLabeledReplicas", "readyReplicas", "availableReplicas")


STRATEGIES: dict[str, Strategy] = {s.kind: s for s in (DeploymentStrategy(), ReplicaSetStrategy())}
