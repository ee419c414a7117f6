"""scheduling.k8s.io/v1 PriorityClass and the Priority admission plugin (pod.spec.priority).

Why drakit has it: the scheduler's active queue orders pods by ``spec.priority``, and a user
never writes that number: kube-apiserver's Priority admission plugin (enabled by default)
computes it from ``spec.priorityClassName`` and refuses a pod that sets a different one. DRA
driver DaemonSets name ``system-node-critical``; users name their own classes. Without the kind
and the plugin no scenario could give a pod a priority the way a user does, and a scheduler
that ignores priority would pass every scenario.

Mirrored (kubernetes/kubernetes, read at the release-1.36/1.37 era sources):

* validation, pkg/apis/scheduling/validation/validation.go ``ValidatePriorityClass``: the name
  is a DNS subdomain (the API server's metadata check); a name with the ``system-`` prefix
  must be one of the system classes with their value and globalDefault false (Forbidden at
  ``metadata.name``: "priority class names with 'system-' prefix are reserved for system use
  only. error: <IsKnownSystemPriorityClass's error>"); any other class may not exceed
  1000000000 (Forbidden at ``value``: "maximum allowed value of a user defined priority is
  1000000000"); ``preemptionPolicy`` is Never or PreemptLowerPriority
  (core ``ValidatePreemptionPolicy``). ``ValidatePriorityClassUpdate`` checks nothing else on
  update: ``value`` may not change (Forbidden "may not be changed in an update.") and
  ``preemptionPolicy`` is immutable (Invalid "field is immutable"). kubernetes/api 1.37 tags
  ``value`` ``+k8s:alpha(since: "1.37")=+k8s:immutable``: an alpha declarative rule, which
  is only compared with the hand-written one, so users still read the hand-written text;
* strategy, pkg/registry/scheduling/priorityclass/strategy.go: create sets
  ``metadata.generation`` 1, update leaves it; defaults (pkg/apis/scheduling/v1
  defaults.go): ``preemptionPolicy`` PreemptLowerPriority;
* storage, pkg/registry/scheduling/priorityclass/storage/storage.go: deleting a system class
  is Forbidden "this is a system priority class and cannot be deleted"; the scheduling REST
  storage's post-start hook (pkg/registry/scheduling/rest/storage_scheduling.go) creates the
  two system classes of pkg/apis/scheduling/v1 helpers.go when the API server starts;
* admission, plugin/pkg/admission/priority/admission.go: on pod CREATE the class named by
  ``priorityClassName`` (or the global default class, the one of lowest value when several
  claim it, else priority 0 and PreemptLowerPriority) gives ``spec.priority`` and
  ``spec.preemptionPolicy``; an unknown class is Forbidden "no PriorityClass with name <n>
  was found"; a pod that sets another priority or policy is Forbidden; on pod UPDATE a
  request without priority/policy keeps the stored ones (pod validation then refuses any
  change: they are not among the fields a pod update may change); on PriorityClass create or
  update a second ``globalDefault`` is Forbidden "PriorityClass <n> is already marked as
  default. Only one default can exist". Admit (pods) is a mutating step: it runs before the
  object is validated; Validate (classes) runs after, as every validating plugin does.
"""

from __future__ import annotations

import uuid
from typing import Any

from drakit.api import errors as E
from drakit.api.errors import FieldError, forbidden, invalid, not_supported, required, root
from drakit.validation.strategy import Context, Strategy, set_generation

GROUP = "scheduling.k8s.io"
SYSTEM_PRIORITY_CLASS_PREFIX = "system-"
HIGHEST_USER_DEFINABLE_PRIORITY = 1_000_000_000
SYSTEM_CRITICAL_PRIORITY = 2 * HIGHEST_USER_DEFINABLE_PRIORITY
SYSTEM_CLUSTER_CRITICAL = "system-cluster-critical"
SYSTEM_NODE_CRITICAL = "system-node-critical"
DEFAULT_PRIORITY_WHEN_NO_DEFAULT_CLASS_EXISTS = 0
PREEMPT_LOWER_PRIORITY = "PreemptLowerPriority"
PREEMPTION_POLICIES = (PREEMPT_LOWER_PRIORITY, "Never")
"""core ``ValidatePreemptionPolicy``'s valid values, in its order."""

# name -> (value, description), as pkg/apis/scheduling/v1 helpers.go defines them
SYSTEM_PRIORITY_CLASSES: dict[str, tuple[int, str]] = {
    SYSTEM_NODE_CRITICAL: (
        SYSTEM_CRITICAL_PRIORITY + 1000,
        "Used for system critical pods that must not be moved from their current node."),
    SYSTEM_CLUSTER_CRITICAL: (
        SYSTEM_CRITICAL_PRIORITY,
        "Used for system critical pods that must run in the cluster, but can be moved to "
        "another node if necessary."),
}


def is_known_system_priority_class(name: str, value: Any, global_default: bool) -> str:
    """IsKnownSystemPriorityClass: "" when it is one, else its error text."""
    known = SYSTEM_PRIORITY_CLASSES.get(name)
    if known is None:
        return f"{name} is not a known system priority class"
    if value != known[0]:
        return f"value of {name} PriorityClass must be {known[0]}"
    if global_default:  # every system class has globalDefault false
        return f"globalDefault of {name} PriorityClass must be false"
    return ""


def _value(obj: dict) -> int:
    """``value`` is an int32 without omitempty: absent reads as 0 (the decoder checked the
    type and the range before the strategy runs)."""
    v = obj.get("value")
    return v if isinstance(v, int) and not isinstance(v, bool) else 0


def validate_preemption_policy(policy: Any, path: str) -> list[FieldError]:
    if policy == "":
        return [required(path)]
    if policy not in PREEMPTION_POLICIES:
        return [not_supported(path, policy, list(PREEMPTION_POLICIES))]
    return []


class PriorityClassStrategy(Strategy):
    kind = "PriorityClass"
    has_status = False

    def prepare_for_create(self, obj: dict, ctx: Context) -> None:
        set_generation(obj)
        self._default(obj)

    def prepare_for_update(self, new: dict, old: dict, ctx: Context) -> None:
        self._default(new)  # defaulting happens at decode, for every write

    @staticmethod
    def _default(obj: dict) -> None:
        if obj.get("preemptionPolicy") is None:
            obj["preemptionPolicy"] = PREEMPT_LOWER_PRIORITY

    def validate_create(self, obj: dict, ctx: Context) -> list[FieldError]:
        errs: list[FieldError] = []
        name = (obj.get("metadata") or {}).get("name") or ""
        value = _value(obj)
        if isinstance(name, str) and name.startswith(SYSTEM_PRIORITY_CLASS_PREFIX):
            why = is_known_system_priority_class(name, value, bool(obj.get("globalDefault")))
            if why:
                errs.append(forbidden(
                    root("metadata", "name"),
                    f"priority class names with '{SYSTEM_PRIORITY_CLASS_PREFIX}' prefix are "
                    f"reserved for system use only. error: {why}"))
        elif value > HIGHEST_USER_DEFINABLE_PRIORITY:
            errs.append(forbidden(root("value"), "maximum allowed value of a user defined "
                                                 f"priority is {HIGHEST_USER_DEFINABLE_PRIORITY}"))
        if obj.get("preemptionPolicy") is not None:
            errs += validate_preemption_policy(obj["preemptionPolicy"], "preemptionPolicy")
        return errs

    def validate_update(self, new: dict, old: dict, ctx: Context) -> list[FieldError]:
        # ValidatePriorityClassUpdate only: the create rules are not run again
        errs: list[FieldError] = []
        if _value(new) != _value(old):
            errs.append(forbidden(root("value"), "may not be changed in an update."))
        if new.get("preemptionPolicy") != old.get("preemptionPolicy"):
            errs.append(invalid(root("preemptionPolicy"), new.get("preemptionPolicy"),
                                "field is immutable"))
        return errs


def system_priority_classes() -> list[dict]:
    """The two classes the API server creates at start (as the post-start hook creates them
    through the API: defaulted, generation 1)."""
    out = []
    for name, (value, description) in SYSTEM_PRIORITY_CLASSES.items():
        out.append({"apiVersion": f"{GROUP}/v1", "kind": "PriorityClass",
                    "metadata": {"name": name}, "value": value, "description": description})
    return out


def system_class_uid(name: str) -> str:
    """A stable uid for a bootstrap class, not drawn from the API server's seeded RNG (which
    generated names and every other uid come from, and which must not shift)."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"https://drakit/priorityclasses/{name}"))


def refuse_system_class_delete(name: str) -> None:
    """The PriorityClass REST storage's Delete: checked before the object is looked up."""
    if name in SYSTEM_PRIORITY_CLASSES:
        raise E.Forbidden("PriorityClass", name, "this is a system priority class and cannot "
                                                 "be deleted", GROUP, "priorityclasses")


def _default_class(server: Any) -> dict | None:
    """getDefaultPriorityClass: of several global defaults (a race), the lowest value."""
    best = None
    for pc in server.list("PriorityClass", copy=False):
        if pc.get("globalDefault") and (best is None or _value(pc) < _value(best)):
            best = pc
    return best


def _forbidden_pod(new: dict, detail: str) -> E.Forbidden:
    # admission.NewForbidden names the object before name generation ran
    md = new.get("metadata") or {}
    return E.Forbidden("Pod", md.get("name") or md.get("generateName") or "Unknown", detail)


class PriorityAdmission:
    """The Priority admission plugin: ``admit`` is its mutating half (pods), ``validate`` its
    validating half (PriorityClasses); each is an (op, new, old, server) admission callable."""

    def admit(self, op: str, new: dict | None, old: dict | None, server: Any) -> None:
        if new is None or new.get("kind") != "Pod":
            return
        spec = new.get("spec")
        if not isinstance(spec, dict):
            return  # nothing to resolve; validation answers for the missing spec
        if op == "UPDATE":
            ospec = (old or {}).get("spec") or {}
            for f in ("priority", "preemptionPolicy"):
                if spec.get(f) is None and ospec.get(f) is not None:
                    spec[f] = ospec[f]
            return
        if op != "CREATE":
            return
        name = spec.get("priorityClassName") or ""
        if not name:
            pc = _default_class(server)
            if pc is None:
                class_name, priority, policy = "", DEFAULT_PRIORITY_WHEN_NO_DEFAULT_CLASS_EXISTS, \
                    PREEMPT_LOWER_PRIORITY
            else:
                class_name, priority, policy = (pc["metadata"]["name"], _value(pc),
                                                pc.get("preemptionPolicy"))
            if class_name:
                spec["priorityClassName"] = class_name
        else:
            pc = server.try_get("PriorityClass", name)
            if pc is None:
                raise _forbidden_pod(new, f"no PriorityClass with name {name} was found")
            priority, policy = _value(pc), pc.get("preemptionPolicy")
        given = spec.get("priority")
        if given is not None and given != priority:
            raise _forbidden_pod(new, f"the integer value of priority ({given}) must not be "
                                      "provided in pod spec; priority admission controller "
                                      f"computed {priority} from the given PriorityClass name")
        spec["priority"] = priority
        if policy is not None:
            given = spec.get("preemptionPolicy")
            if given is not None and given != policy:
                raise _forbidden_pod(new, f"the string value of PreemptionPolicy ({given}) must "
                                          "not be provided in pod spec; priority admission "
                                          f"controller computed {policy} from the given "
                                          "PriorityClass name")
            spec["preemptionPolicy"] = policy

    def validate(self, op: str, new: dict | None, old: dict | None, server: Any) -> None:
        if new is None or new.get("kind") != "PriorityClass" or op not in ("CREATE", "UPDATE"):
            return
        if not new.get("globalDefault"):
            return
        dpc = _default_class(server)
        if dpc is None:
            return
        name = (new.get("metadata") or {}).get("name") or ""
        if op == "CREATE" or dpc["metadata"]["name"] != name:
            raise E.Forbidden("PriorityClass", name,
                              f"PriorityClass {dpc['metadata']['name']} is already marked as "
                              "default. Only one default can exist", GROUP, "priorityclasses")


STRATEGIES: dict[str, Strategy] = {"PriorityClass": PriorityClassStrategy()}

__all__ = ["STRATEGIES", "PriorityAdmission", "PriorityClassStrategy",
           "refuse_system_class_delete", "system_priority_classes"]
