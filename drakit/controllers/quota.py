"""ResourceQuota: the admission plugin and the status (usage) controller.

Why both: quota is enforced at admission (a create that would exceed ``spec.hard`` is
refused with 403 "exceeded quota: ...") and reported by the resourcequota controller in
``status.used``; users see both, and KEP-5004 changes what counts. The two evaluators follow
the shipped code (k/k pkg/quota/v1/evaluator/core/pods.go and resource_claims.go, read at the
1.37-cycle versions with ``getVerifiedPodUsage``; api-truth §1.2):

* Pod evaluator (``PodUsageFunc``): ``count/pods`` always; for pods not in a terminal phase
  ``pods``, cpu/memory/ephemeral-storage requests and limits, hugepages, and
  ``requests.<name>`` for every request that ``IsDRAExtendedResourceName`` accepts — an
  explicit extended resource (``requests.example.com/gpu``) or an implicit class name
  (``requests.deviceclass.resource.kubernetes.io/<class>``), device plugin or DRA alike.
* ResourceClaim evaluator: ``count/resourceclaims.resource.k8s.io`` and
  ``<class>.deviceclass.resource.k8s.io/devices`` (ExactCount: count; All: the worst case
  ``AllocationResultsMaxSize`` = 32; firstAvailable: the largest alternative per class). With
  DRAExtendedResource each class's devices also count under
  ``requests.deviceclass.resource.kubernetes.io/<class>`` and, when the class names an
  extended resource, under ``requests.<that name>``, minus what the owning pod already pays
  for under the same key — only for the scheduler's special claim whose pod is verified
  (``getVerifiedPodUsage``: annotation ``resource.kubernetes.io/extended-resource-claim:
  "true"``, controller owner a v1 Pod with that uid, the pod's
  ``status.extendedResourceClaimStatus`` names this claim or is unset and no older special
  claim of the pod exists). What remains above zero is charged to the claim.

So a pod asking for the implicit name pays under the implicit key at pod admission, and its
special claim pays the explicit key when it is created in PreBind; the KEP's worked example
(5 / 4 / 4) comes out of these two rules.

* Every other namespaced kind: the generic object-count evaluator (k/k
  pkg/quota/v1/generic/evaluator.go ObjectCountEvaluator, which the admission plugin and the
  quota controller make for any resource without an evaluator of its own):
  ``count/<resource>.<group>`` (``count/<resource>`` in the core group) is 1 per object,
  charged on CREATE only; a ResourceQuota also counts under its legacy name
  ``resourcequotas`` (evaluator/core/registry.go legacyObjectCountAliases). Events are not
  counted (the quota configuration's ignored resources, install.ignoredResources).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from drakit.api import errors as E
from drakit.api.quantity import Quantity
from drakit.apiserver import WatchEvent
from drakit.claims import is_dra_extended_resource_name, is_extended_resource_claim
from drakit.component import ComponentContext
from drakit.controllers.base import Controller
from drakit.kinds import KINDS
from drakit.podrequests import pod_limits, pod_requests

IMPLICIT_PREFIX = "deviceclass.resource.kubernetes.io/"
IMPLICIT_QUOTA_PREFIX = "requests." + IMPLICIT_PREFIX
STANDARD = ("cpu", "memory", "ephemeral-storage")
HUGEPAGES_PREFIX = "hugepages-"
ALLOCATION_RESULTS_MAX_SIZE = 32
"""resource.k8s.io/v1 AllocationResultsMaxSize: what an ``All`` request is charged."""


def _add(out: dict[str, Quantity], key: str, q: Quantity) -> None:
    out[key] = out[key] + q if key in out else q


def _explicit_names(api: Any) -> dict[str, str]:
    """class -> its own explicit extended resource name (GetExtendedResource)."""
    out = {}
    for c in api.list("DeviceClass", copy=False):
        spec = c.get("spec")
        ext = spec.get("extendedResourceName") if isinstance(spec, Mapping) else None
        if ext and isinstance(ext, str):  # (a malformed stored class counts for nothing)
            out[c["metadata"]["name"]] = ext
    return out


def pod_usage(pod: Mapping[str, Any]) -> dict[str, Quantity]:
    """PodUsageFunc."""
    out: dict[str, Quantity] = {"count/pods": Quantity(1)}
    if (pod.get("status") or {}).get("phase") in ("Succeeded", "Failed"):
        return out
    out["pods"] = Quantity(1)
    for name, q in pod_requests(pod).items():
        if name in STANDARD:
            _add(out, name, q)
            _add(out, f"requests.{name}", q)
        elif name.startswith(HUGEPAGES_PREFIX):
            _add(out, name, q)
            _add(out, f"requests.{name}", q)
        elif is_dra_extended_resource_name(name):
            _add(out, f"requests.{name}", q)
    for name, q in pod_limits(pod).items():
        if name in STANDARD:
            _add(out, f"limits.{name}", q)
    return out


LEGACY_COUNT_NAMES = {"ResourceQuota": "resourcequotas"}
"""legacyObjectCountAliases for the kinds drakit serves (configmaps, secrets and
replicationcontrollers are not served)."""
NOT_COUNTED = frozenset({"Event"})
"""install.ignoredResources: the quota admission plugin and controller leave events alone."""
OWN_EVALUATORS = frozenset({"Pod", "ResourceClaim"})
"""Kinds whose evaluator above already charges their object count."""


def object_count_usage(info: Any) -> dict[str, Quantity]:
    """ObjectCountEvaluator.Usage of one object of the kind ``info`` describes (a KindInfo):
    ``count/<plural>[.<group>]`` and, for a kind with one, its legacy name."""
    key = f"count/{info.plural}" + (f".{info.group}" if info.group else "")
    out = {key: Quantity(1)}
    legacy = LEGACY_COUNT_NAMES.get(info.kind)
    if legacy:
        out[legacy] = Quantity(1)
    return out


def counted_kinds(server: Any) -> list[Any]:
    """The namespaced kinds the generic evaluator counts, as far as the server serves them."""
    return [info for kind, info in KINDS.items()
            if info.namespaced and kind not in NOT_COUNTED and kind not in OWN_EVALUATORS
            and server.served(kind)]


def _devices_per_class(claim: Mapping[str, Any]) -> dict[str, int]:
    per_class: dict[str, int] = {}

    def count(r: Mapping[str, Any]) -> int:
        mode = r.get("allocationMode") or "ExactCount"
        if mode == "All":
            return ALLOCATION_RESULTS_MAX_SIZE
        if mode == "ExactCount":
            return int(r.get("count") or 1)
        return 0  # an unknown mode (after a downgrade) is not charged

    for req in ((claim.get("spec") or {}).get("devices") or {}).get("requests") or ():
        if req.get("firstAvailable"):
            best: dict[str, int] = {}
            for sub in req["firstAvailable"]:
                c = sub.get("deviceClassName", "")
                best[c] = max(best.get(c, 0), count(sub))
            for c, n in best.items():
                per_class[c] = per_class.get(c, 0) + n
        elif req.get("exactly"):
            ex = req["exactly"]
            c = ex.get("deviceClassName", "")
            per_class[c] = per_class.get(c, 0) + count(ex)
    return per_class


def verified_pod_usage(claim: Mapping[str, Any], server: Any) -> dict[str, Quantity] | None:
    """getVerifiedPodUsage: the owning pod's usage when ``claim`` is its special claim."""
    if not is_extended_resource_claim(claim):
        return None
    md = claim["metadata"]
    ref = next((r for r in md.get("ownerReferences") or () if r.get("controller")), None)
    if ref is None or ref.get("kind") != "Pod" or ref.get("apiVersion") != "v1":
        return None
    ns = md.get("namespace")
    pod = server.try_get("Pod", ref.get("name"), ns)
    if pod is None or pod["metadata"].get("uid") != ref.get("uid"):
        return None
    ecs = (pod.get("status") or {}).get("extendedResourceClaimStatus")
    if ecs and ecs.get("resourceClaimName") != md.get("name"):
        return None
    if not ecs:
        # at admission the new claim is stamped "now" (upstream BeforeCreate runs first)
        created = md.get("creationTimestamp") or server.clock.timestamp()
        mine = (created, md.get("name") or "")
        for other in server.list("ResourceClaim", ns, copy=False):
            omd = other["metadata"]
            if not is_extended_resource_claim(other) or not any(
                    r.get("controller") and r.get("kind") == "Pod" and r.get("uid") == ref.get("uid")
                    for r in omd.get("ownerReferences") or ()):
                continue
            if (omd.get("creationTimestamp") or "", omd.get("name") or "") < mine:
                return None  # an older (or same-second, earlier-named) special claim pays first
    return pod_usage(pod)


def claim_usage(claim: Mapping[str, Any], explicit: Mapping[str, str], extended_on: bool,
                server: Any = None) -> dict[str, Quantity]:
    out: dict[str, Quantity] = {"count/resourceclaims.resource.k8s.io": Quantity(1)}
    per_class = _devices_per_class(claim)
    for c, n in per_class.items():
        _add(out, f"{c}.deviceclass.resource.k8s.io/devices", Quantity(n))
    if not extended_on:
        return out
    extended: dict[str, Quantity] = {}
    for c, n in per_class.items():
        if not c:
            continue
        _add(extended, IMPLICIT_QUOTA_PREFIX + c, Quantity(n))
        if c in explicit:
            _add(extended, f"requests.{explicit[c]}", Quantity(n))
    paid = verified_pod_usage(claim, server) if server is not None else None
    for key, q in extended.items():
        if paid and key in paid:
            q = q - paid[key]
        if q > Quantity(0):
            out[key] = q
    return out


def _parse_hard(rq: Mapping[str, Any]) -> dict[str, Quantity]:
    """``spec.hard`` as quantities; a value that does not parse cannot be enforced and is
    skipped (kube-apiserver decodes quotas typed, so it never meets one)."""
    spec = rq.get("spec")
    hard = spec.get("hard") if isinstance(spec, Mapping) else None
    out: dict[str, Quantity] = {}
    for k, v in (hard.items() if isinstance(hard, Mapping) else ()):
        try:
            out[k] = Quantity.of(v)
        except (ValueError, TypeError, ArithmeticError):
            continue
    return out


class QuotaAdmission:
    """The ResourceQuota admission plugin: (op, new, old, server) -> None or raise.

    An admission plugin runs inside kube-apiserver, so it reads the API server's gates at
    each call (``server.gates``), never the controller manager's, which may differ in a
    skewed cluster."""

    def __call__(self, op: str, new: dict | None, old: dict | None, server: Any) -> None:
        # every evaluator drakit models charges on CREATE only (pod and claim updates change
        # no quota key: their specs are immutable where it matters)
        if op != "CREATE" or new is None or new.get("kind") in NOT_COUNTED:
            return
        info = KINDS.get(new.get("kind"))
        if info is None or not info.namespaced:
            return  # a subresource's body (a pods/binding Binding): quota skips subresources
        extended_on = server.gates.enabled("DRAExtendedResource")
        ns = new["metadata"].get("namespace") or "default"
        quotas = server.list("ResourceQuota", ns, copy=False)
        if not quotas:
            return
        explicit = _explicit_names(server)
        if new["kind"] == "Pod":
            delta = pod_usage(new)
        elif new["kind"] == "ResourceClaim":
            delta = claim_usage(new, explicit, extended_on, server)
        else:
            delta = object_count_usage(info)
        used = namespace_usage(server, ns, explicit, extended_on)
        for rq in sorted(quotas, key=lambda q: q["metadata"]["name"]):
            hard = _parse_hard(rq)
            over = sorted(k for k in hard if k in delta and used.get(k, Quantity(0)) + delta[k] > hard[k])
            if over:
                def fmt(src: Mapping[str, Quantity], keys: list[str]) -> str:
                    return ",".join(f"{k}={src.get(k, Quantity(0))}" for k in keys)
                msg = (f"exceeded quota: {rq['metadata']['name']}, requested: {fmt(delta, over)}, "
                       f"used: {fmt(used, over)}, limited: {fmt(hard, over)}")
                info = server.kind_info(new["kind"])
                raise E.Forbidden(new["kind"], new["metadata"].get("name") or "", msg, info.group, info.plural)


UsageError = Callable[[str, dict, Exception], None]


def namespace_usage(server: Any, ns: str, explicit: Mapping[str, str], extended_on: bool,
                    on_error: UsageError | None = None) -> dict[str, Quantity]:
    """What the namespace's pods and claims use. A stored object whose usage cannot be read
    counts for nothing; ``on_error(kind, obj, exc)`` hears about it (the controller reports
    it, admission must not fail every create in the namespace because of it)."""
    total: dict[str, Quantity] = {}
    usages = (("Pod", lambda o: pod_usage(o)),
              ("ResourceClaim", lambda o: claim_usage(o, explicit, extended_on, server)))
    for kind, usage in usages:
        for obj in server.list(kind, ns, copy=False):
            try:
                amounts = usage(obj)
            except Exception as e:  # noqa: BLE001 - malformed stored data
                if on_error is not None:
                    on_error(kind, obj, e)
                continue
            for k, v in amounts.items():
                _add(total, k, v)
    for info in counted_kinds(server):
        n = len(server.list(info.kind, ns, copy=False))
        if n:
            for k in object_count_usage(info):
                _add(total, k, Quantity(n))
    return total


class ResourceQuotaController(Controller):
    """Keeps ``status.hard`` and ``status.used`` of every ResourceQuota current."""

    name = "resourcequota-controller"
    # the quota monitors watch every resource an evaluator counts (replenishment), and the
    # classes, whose extended resource names move what a claim is charged under
    kinds = ("DeviceClass", *(k for k, i in KINDS.items() if i.namespaced and k not in NOT_COUNTED))

    def __init__(self, ctx: ComponentContext) -> None:
        super().__init__(ctx)
        self.extended_on = self.gates.enabled("DRAExtendedResource")

    def resync(self) -> bool:
        nss = {q["metadata"].get("namespace") for q in self.api.list("ResourceQuota", copy=False)}
        return self._update(nss)

    def handle(self, events: Iterable[WatchEvent]) -> bool:
        if any(ev.kind == "DeviceClass" for ev in events):
            return self.resync()
        nss = {ev.object["metadata"].get("namespace") for ev in events}
        return self._update(nss)

    def _update(self, namespaces: Iterable[str | None]) -> bool:
        did = False
        for ns in sorted(n for n in namespaces if isinstance(n, str) and n):
            for rq in self.api.list("ResourceQuota", ns):
                did |= self.guarded("ResourceQuota", rq, self._update_quota, ns)
        return did

    def _usage_failed(self, kind: str, obj: dict, e: Exception) -> None:
        self.failures.failed(kind, obj, e, self.failure_reason(kind))

    def _update_quota(self, rq: dict, ns: str) -> bool:
        # usage is recomputed per quota: a namespace holds one or two, and a malformed pod
        # or claim then fails each quota of its namespace, visibly, and nothing else
        used = namespace_usage(self.api, ns, _explicit_names(self.api), self.extended_on,
                               on_error=self._usage_failed)
        hard = (rq.get("spec") or {}).get("hard") or {}
        status = {"hard": dict(hard),
                  "used": {k: str(used.get(k, Quantity(0))) for k in hard}}
        if rq.get("status") == status:
            return False
        rq["status"] = status
        try:
            self.api.update_status(rq)
        except E.StatusError as e:
            # syncResourceQuota returns the UpdateStatus error: the worker requeues the quota
            # with the work queue's backoff (AddRateLimited), no event
            self.retry_later("ResourceQuota", rq, str(e))
            return False
        return True
