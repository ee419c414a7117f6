"""ResourceQuota: the admission plugin and the status (usage) controller.

Why both: quota is enforced at admission (a create that would exceed ``spec.hard`` is
refused with 403 "exceeded quota: ...") and reported by the resourcequota controller in
``status.used``; users see both, and KEP-5004 changes what counts (api-truth §1.2):

* Pod evaluator (pods, cpu/memory/ephemeral-storage requests and limits, ``requests.<ext>``)
  uses :func:`drakit.podrequests.pod_requests` / ``pod_limits``; terminal pods do not count.
  A pod request for the implicit name ``deviceclass.resource.kubernetes.io/<class>`` is
  charged to ``requests.<ext>`` of the class's explicit extended resource name (if any) and
  never to ``requests.deviceclass.resource.kubernetes.io/<class>`` (the claim counts that).
* ResourceClaim evaluator: ``count/resourceclaims.resource.k8s.io``,
  ``<class>.deviceclass.resource.k8s.io/devices`` (ExactCount count; All counts 1;
  firstAvailable the largest alternative per class) and, with DRAExtendedResource,
  ``requests.deviceclass.resource.kubernetes.io/<class>`` for every claim and
  ``requests.<ext>`` for claims that are not the scheduler's special claim.

This reproduces the KEP-5004 "Resource Quota" worked example (5 / 4 / 4); the split between
the two evaluators is drakit's reading of that example, not upstream code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from drakit.api import errors as E
from drakit.api.quantity import Quantity
from drakit.apiserver import WatchEvent
from drakit.claims import is_extended_resource_claim
from drakit.component import ComponentContext
from drakit.controllers.base import Controller
from drakit.podrequests import pod_limits, pod_requests

IMPLICIT_PREFIX = "deviceclass.resource.kubernetes.io/"
STANDARD = ("cpu", "memory", "ephemeral-storage")


def _add(out: dict[str, Quantity], key: str, q: Quantity) -> None:
    out[key] = out[key] + q if key in out else q


def _explicit_names(api: Any) -> dict[str, str]:
    """class -> its explicit extended resource name."""
    out = {}
    for c in api.list("DeviceClass", copy=False):
        spec = c.get("spec")
        ext = spec.get("extendedResourceName") if isinstance(spec, Mapping) else None
        if ext and isinstance(ext, str):  # (a malformed stored class counts for nothing)
            out[c["metadata"]["name"]] = ext
    return out


def pod_usage(pod: Mapping[str, Any], explicit: Mapping[str, str], extended_on: bool) -> dict[str, Quantity]:
    if (pod.get("status") or {}).get("phase") in ("Succeeded", "Failed"):
        return {}
    out: dict[str, Quantity] = {"pods": Quantity(1), "count/pods": Quantity(1)}
    for name, q in pod_requests(pod).items():
        if name in STANDARD:
            _add(out, name, q)
            _add(out, f"requests.{name}", q)
        elif name.startswith(IMPLICIT_PREFIX):
            cls = name[len(IMPLICIT_PREFIX):]
            if extended_on and cls in explicit:
                _add(out, f"requests.{explicit[cls]}", q)
        elif name != "pods":
            _add(out, f"requests.{name}", q)
    for name, q in pod_limits(pod).items():
        if name in STANDARD:
            _add(out, f"limits.{name}", q)
    return out


def claim_usage(claim: Mapping[str, Any], explicit: Mapping[str, str], extended_on: bool) -> dict[str, Quantity]:
    out: dict[str, Quantity] = {"count/resourceclaims.resource.k8s.io": Quantity(1)}
    per_class: dict[str, int] = {}
    for req in ((claim.get("spec") or {}).get("devices") or {}).get("requests") or ():
        if req.get("firstAvailable"):
            best: dict[str, int] = {}
            for sub in req["firstAvailable"]:
                n = 1 if sub.get("allocationMode") == "All" else int(sub.get("count") or 1)
                c = sub.get("deviceClassName", "")
                best[c] = max(best.get(c, 0), n)
            for c, n in best.items():
                per_class[c] = per_class.get(c, 0) + n
        else:
            ex = req.get("exactly") or {}
            n = 1 if ex.get("allocationMode") == "All" else int(ex.get("count") or 1)
            c = ex.get("deviceClassName", "")
            per_class[c] = per_class.get(c, 0) + n
    special = is_extended_resource_claim(claim)
    for c, n in per_class.items():
        _add(out, f"{c}.deviceclass.resource.k8s.io/devices", Quantity(n))
        if extended_on:
            _add(out, f"requests.{IMPLICIT_PREFIX}{c}", Quantity(n))
            if not special and c in explicit:
                _add(out, f"requests.{explicit[c]}", Quantity(n))
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
        if op != "CREATE" or new is None or new.get("kind") not in ("Pod", "ResourceClaim"):
            return
        extended_on = server.gates.enabled("DRAExtendedResource")
        ns = new["metadata"].get("namespace") or "default"
        quotas = server.list("ResourceQuota", ns, copy=False)
        if not quotas:
            return
        explicit = _explicit_names(server)
        delta = (pod_usage if new["kind"] == "Pod" else claim_usage)(new, explicit, extended_on)
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
    for kind, usage in (("Pod", pod_usage), ("ResourceClaim", claim_usage)):
        for obj in server.list(kind, ns, copy=False):
            try:
                amounts = usage(obj, explicit, extended_on)
            except Exception as e:  # noqa: BLE001 - malformed stored data
                if on_error is not None:
                    on_error(kind, obj, e)
                continue
            for k, v in amounts.items():
                _add(total, k, v)
    return total


class ResourceQuotaController(Controller):
    """Keeps ``status.hard`` and ``status.used`` of every ResourceQuota current."""

    name = "resourcequota-controller"
    kinds = ("Pod", "ResourceClaim", "ResourceQuota", "DeviceClass")

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
        except E.StatusError:
            return False
        return True
