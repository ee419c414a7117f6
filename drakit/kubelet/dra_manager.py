"""The kubelet's DRA manager: prepare and unprepare claims, CDI devices per container, checkpoint.

Why modelled on upstream ``pkg/kubelet/cm/dra/manager.go`` step by step: what a container
gets (KEP-5004 "Actuation"), whether a pod may run at all (KEP-5729: reserved for the pod or
its PodGroup) and what PodResources reports (KEP-3695) are all decided here, and each has an
upstream error text a user sees as a pod event. drakit keeps the same order of checks and the
same messages:

1. a validation pass that changes nothing: the claim name (``resourceclaim.Name``), the
   claim object, ownership for generated claims (``IsForPod``), ``IsReservedForPod``, a
   registered driver for every allocated device ("DRA driver <d> is not registered");
2. the claim info cache gets the claim and a reference to the pod, then a checkpoint;
3. each driver's NodePrepareResources for claims not prepared yet; the returned devices
   (pool, device, request names, CDI ids) are stored, the claim is marked prepared, and the
   cache is checkpointed again.

Drivers are in-process test drivers (``TestDriver``); by default ``gpu.example.com`` and
``dra.example.com``. A test driver names one CDI device per allocated device,
``<vendor>/<class>=<device>`` (CDI's qualified name; vendor = driver name by default).

``cdi_devices_for_container`` is ``Manager.GetResources`` (what the runtime injects: for
``claims[].request`` only that request's devices; for KEP-5004 only the requests mapped to
the container's DRA-backed extended resources), while ``container_claim_infos`` is
``GetContainerClaimInfos`` (what PodResources reports: every device of each referenced
claim, and the whole special claim for a container with any extended-resource mapping).
The two differ upstream and drakit keeps the difference.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from drakit import claims as shared_claims
from drakit.features import FeatureGates, release_at_least
from drakit.kubelet.checkpoint import (
    CorruptCheckpointError,
    check_shape,
    checkpointed_list,
    read_checkpoint,
    write_checkpoint,
)

CHECKPOINT_FILE = "dra_manager_state"
CHECKPOINT_KIND = "DRAManagerCheckpoint"
CHECKPOINT_SHAPE = {"claims?": [{
    "claimUID": str, "claimName": str, "namespace": str, "podUIDs?": [str], "prepared?": bool,
    "driverState?": [{"driverName": str, "devices?": [{
        "poolName": str, "deviceName": str, "requestNames?": [str], "cdiDeviceIDs?": [str],
        "shareID?": str}]}],
}]}
"""What ``ClaimInfo.to_json`` writes; a checkpoint that does not fit is corrupt."""

CLAIMS_ONCE_PER_CONTAINER_SINCE = "1.37"
"""kubernetes PR 136270 (GetContainerClaimInfos checks a set of the container's claim names):
from this release a claim a container names twice is reported once. The PR was in review on
2026-02-24; its merge date could not be read from the sources at hand, and the 1.36 branch took
master commits until about 2026-03-19 (code freeze; branch cut 2026-04-09), so like PR 137607
(docs/allocator.md) it is given to 1.37 for want of evidence that 1.36 has it."""


class PrepareError(RuntimeError):
    """NodePrepareResources could not run for a pod; str() is the upstream error text."""


# ---------------------------------------------------------------------------- drivers


@dataclass
class PreparedDevice:
    """``state.Device``: one device a driver prepared for a claim."""

    pool: str
    device: str
    request_names: list[str]
    cdi_ids: list[str]
    share_id: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"poolName": self.pool, "deviceName": self.device,
                               "requestNames": list(self.request_names),
                               "cdiDeviceIDs": list(self.cdi_ids)}
        if self.share_id is not None:
            out["shareID"] = self.share_id
        return out

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> PreparedDevice:
        return cls(pool=d["poolName"], device=d["deviceName"],
                   request_names=list(d.get("requestNames") or []),
                   cdi_ids=list(d.get("cdiDeviceIDs") or []), share_id=d.get("shareID"))


class TestDriver:
    """An in-process DRA kubelet plugin: prepares every device the claim allocates from it.

    ``fail_prepare``/``fail_unprepare`` inject a per-claim error (the text a real driver
    would put into ``NodePrepareResourceResponse.error``).
    """

    __test__ = False  # not a pytest class

    def __init__(self, name: str, cdi_vendor: str | None = None, cdi_class: str = "device",
                 ) -> None:
        self.name = name
        self.cdi_vendor = cdi_vendor or name
        self.cdi_class = cdi_class
        self.fail_prepare: str | None = None
        self.fail_unprepare: str | None = None
        self.prepared: dict[str, list[PreparedDevice]] = {}
        """claim uid -> devices, while prepared (what the driver itself keeps)."""
        self.calls: list[tuple[str, str]] = []
        """("prepare" | "unprepare", claim uid), in order."""

    #: the kubelet plugin calls a harness can make fail, and the attribute each one reads
    FAULTS = {"NodePrepareResources": "fail_prepare", "NodeUnprepareResources": "fail_unprepare"}

    def set_failure(self, call: str, message: str | None) -> None:
        """From now on answer ``call`` (a key of FAULTS) with the per-claim error ``message``;
        None: answer it normally again."""
        if call not in self.FAULTS:
            raise ValueError(f"a DRA driver's calls are {', '.join(self.FAULTS)}, not {call!r}")
        setattr(self, self.FAULTS[call], message or None)

    def cdi_name(self, device: str) -> str:
        return f"{self.cdi_vendor}/{self.cdi_class}={device}"

    def node_prepare(self, claim: Mapping[str, Any]) -> list[PreparedDevice]:
        uid = claim["metadata"]["uid"]
        self.calls.append(("prepare", uid))
        if self.fail_prepare:
            raise PrepareError(self.fail_prepare)
        if uid in self.prepared:  # idempotent, as the plugin API requires
            return self.prepared[uid]
        results = (((claim.get("status") or {}).get("allocation") or {}).get("devices")
                   or {}).get("results") or []
        devices = [PreparedDevice(pool=r.get("pool", ""), device=r.get("device", ""),
                                  request_names=[r.get("request", "")],
                                  cdi_ids=[self.cdi_name(r.get("device", ""))],
                                  share_id=r.get("shareID"))
                   for r in results if r.get("driver") == self.name]
        self.prepared[uid] = devices
        return devices

    def node_unprepare(self, claim_uid: str) -> None:
        self.calls.append(("unprepare", claim_uid))
        if self.fail_unprepare:
            raise PrepareError(self.fail_unprepare)
        self.prepared.pop(claim_uid, None)


def default_drivers() -> dict[str, TestDriver]:
    """The drivers every drakit node runs unless a test registers others."""
    return {
        "gpu.example.com": TestDriver("gpu.example.com", cdi_class="gpu"),
        "dra.example.com": TestDriver("dra.example.com", cdi_class="test"),
    }


# ---------------------------------------------------------------------------- claim info


@dataclass
class ClaimInfo:
    """``ClaimInfo``: one claim the node prepared, its devices, and the pods using it."""

    claim_uid: str
    claim_name: str
    namespace: str
    driver_state: dict[str, list[PreparedDevice]] = field(default_factory=dict)
    """driver name -> prepared devices; drivers in the order of the allocation results."""
    pod_uids: set[str] = field(default_factory=set)
    prepared: bool = False

    def cdi_devices(self, request: str = "") -> list[str]:
        """``cdiDevicesAsList``: CDI ids of every device, or of one (parent) request."""
        out: list[str] = []
        for driver in sorted(self.driver_state):
            for d in self.driver_state[driver]:
                if request == "" or any(base_request(r) == request for r in d.request_names):
                    out.extend(d.cdi_ids)
        return out

    def to_json(self) -> dict[str, Any]:
        return {"claimUID": self.claim_uid, "claimName": self.claim_name,
                "namespace": self.namespace, "podUIDs": sorted(self.pod_uids),
                "prepared": self.prepared,
                "driverState": [{"driverName": drv, "devices": [d.to_json() for d in devs]}
                                for drv, devs in self.driver_state.items()]}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> ClaimInfo:
        return cls(claim_uid=d["claimUID"], claim_name=d["claimName"], namespace=d["namespace"],
                   driver_state={s["driverName"]: [PreparedDevice.from_json(x)
                                                   for x in s.get("devices") or []]
                                 for s in d.get("driverState") or []},
                   pod_uids=set(d.get("podUIDs") or []), prepared=bool(d.get("prepared")))


def base_request(name: str) -> str:
    """``resourceclaim.BaseRequestRef``: ``req/sub`` (firstAvailable) -> ``req``."""
    return name.split("/", 1)[0]


# ---------------------------------------------------------------------------- helpers


def _meta(obj: Mapping[str, Any]) -> Mapping[str, Any]:
    return obj.get("metadata") or {}


def claim_name_for(pod: Mapping[str, Any], pod_claim: Mapping[str, Any]
                   ) -> tuple[str | None, bool]:
    """``resourceclaim.Name`` (drakit.claims.claim_name, one copy for scheduler, controllers and
    kubelet) with the kubelet's error type: a refusal ('pod "<ns>/<p>": ResourceClaim not
    created yet' for a template claim the pod's status does not name yet) is a PrepareError
    carrying the text, which prepareResources returns unwrapped."""
    try:
        return shared_claims.claim_name(pod, pod_claim)
    except shared_claims.ClaimError as e:
        raise PrepareError(str(e)) from None


def is_for_pod(pod: Mapping[str, Any], claim: Mapping[str, Any], pod_group_owner: bool,
               release: str = "1.37") -> None:
    """``resourceclaim.IsForPod`` (api-truth §9.7), the shared copy in drakit.claims with this
    release's wording; raises PrepareError with its text (prepareResources returns it
    unwrapped)."""
    problem = shared_claims.is_for_pod(pod, claim, pod_group_owner, release)
    if problem is not None:
        raise PrepareError(problem)


def is_reserved_for_pod(pod: Mapping[str, Any], claim: Mapping[str, Any], pod_groups: bool
                        ) -> bool:
    """``resourceclaim.IsReservedForPod``: the pod's UID, or (KEP-5729 gate) its PodGroup;
    the copy in drakit.claims that the scheduler and controllers use too."""
    return shared_claims.is_reserved_for_pod(pod, claim, pod_groups)


# schedutil.IsDRAExtendedResourceName, one copy for the scheduler, the quota controller and
# the kubelet (the kubelet's own approximation by domain is gone)
is_dra_extended_resource_name = shared_claims.is_dra_extended_resource_name


def nonzero(value: Any) -> bool:
    from drakit.api.quantity import QuantityError, parse_quantity
    try:
        return not parse_quantity(str(value)).is_zero()
    except (QuantityError, ValueError):
        return False


# ---------------------------------------------------------------------------- manager

ClaimGetter = Callable[[str, str], "dict | None"]
"""(namespace, name) -> the ResourceClaim from the API server, or None when absent."""


class DRAManager:
    """One node's DRA manager. Restores its cache from the checkpoint when built."""

    def __init__(self, state_dir: str | Path, drivers: Mapping[str, TestDriver],
                 gates: FeatureGates) -> None:
        self.state_dir = Path(state_dir)
        self.checkpoint_path = self.state_dir / CHECKPOINT_FILE
        self.drivers = dict(drivers)
        self.gates = gates
        self.lock = threading.RLock()
        self.cache: dict[tuple[str, str], ClaimInfo] = {}
        data = read_checkpoint(self.checkpoint_path, CHECKPOINT_KIND)
        if data is not None:
            problem = check_shape(data, CHECKPOINT_SHAPE)
            if problem:
                raise CorruptCheckpointError(self.checkpoint_path, problem)
        for entry in (data or {}).get("claims") or []:
            info = ClaimInfo.from_json(entry)
            self.cache[(info.namespace, info.claim_name)] = info

    # -- checkpoint ------------------------------------------------------------------
    def sync_to_checkpoint(self) -> None:
        write_checkpoint(self.checkpoint_path, CHECKPOINT_KIND, {"claims": self.cached()})

    def against_checkpoint(self) -> tuple[list[dict], list[dict]] | None:
        """(the claim cache now, what the checkpoint on disk holds), for the kubelet's cache
        comparer (upstream syncs the checkpoint on every cache change); None when the file
        cannot be used (a scenario edited it by hand)."""
        stored = checkpointed_list(self.checkpoint_path, CHECKPOINT_KIND, CHECKPOINT_SHAPE, "claims")
        return None if stored is None else (self.cached(), stored)

    def cached(self) -> list[dict]:
        with self.lock:
            return [self.cache[k].to_json() for k in sorted(self.cache)]

    # -- pod claims ------------------------------------------------------------------
    def pod_claims(self, pod: Mapping[str, Any]) -> list[dict]:
        """spec.resourceClaims plus (DRAExtendedResource) the scheduler's special claim."""
        claims = [dict(c) for c in (pod.get("spec") or {}).get("resourceClaims") or []]
        ext = (pod.get("status") or {}).get("extendedResourceClaimStatus")
        if self.gates.enabled("DRAExtendedResource") and ext and ext.get("resourceClaimName"):
            claims.append({"name": "", "resourceClaimName": ext["resourceClaimName"]})
        return claims

    # -- prepare ---------------------------------------------------------------------
    def prepare(self, pod: Mapping[str, Any], get_claim: ClaimGetter) -> None:
        """``PrepareResources``; raises PrepareError("prepare dynamic resources: ...")."""
        try:
            self._prepare(pod, get_claim)
        except PrepareError as e:
            raise type(e)(f"prepare dynamic resources: {e}") from None

    def _prepare(self, pod: Mapping[str, Any], get_claim: ClaimGetter) -> None:
        ns = _meta(pod).get("namespace", "default")
        uid = _meta(pod).get("uid", "")
        pod_groups = self.gates.enabled("DRAWorkloadResourceClaims")
        checked: list[tuple[dict, ClaimInfo]] = []
        # 1. validation pass, no state changes
        for pc in self.pod_claims(pod):
            name, must_check_owner = claim_name_for(pod, pc)
            if name is None:
                continue
            claim = get_claim(ns, name)
            if claim is None:
                raise PrepareError(f"fetch ResourceClaim {name}: resourceclaims.resource.k8s.io "
                                    f'"{name}" not found')
            if must_check_owner:
                is_for_pod(pod, claim, pod_groups, self.gates.version)
            if not is_reserved_for_pod(pod, claim, pod_groups):
                raise PrepareError(f"pod {_meta(pod).get('name')} ({uid}) is not allowed to use "
                                   f"ResourceClaim {name} ({_meta(claim).get('uid')})")
            alloc = (claim.get("status") or {}).get("allocation")
            if not alloc:
                # newClaimInfoFromClaim's error, wrapped by prepareResources; reached only by a
                # claim reserved without an allocation (validation forbids it)
                raise PrepareError(f"ResourceClaim {name}: not allocated")
            info = ClaimInfo(claim_uid=_meta(claim).get("uid", ""), claim_name=name, namespace=ns)
            for r in (alloc.get("devices") or {}).get("results") or []:
                info.driver_state.setdefault(r.get("driver", ""), [])
            for driver in info.driver_state:
                if not driver:
                    raise PrepareError("DRA driver name is empty")
                if driver not in self.drivers:
                    raise PrepareError(f"DRA driver {driver} is not registered")
            checked.append((claim, info))
        # 2. claim info cache + pod reference, checkpointed
        to_prepare: list[tuple[dict, ClaimInfo]] = []
        with self.lock:
            for claim, fresh in checked:
                key = (fresh.namespace, fresh.claim_name)
                info = self.cache.get(key)
                if info is None:
                    info = self.cache[key] = fresh
                elif info.claim_uid != fresh.claim_uid:
                    raise PrepareError(
                        f"old ResourceClaim with same name {fresh.claim_name} and different UID "
                        f"{info.claim_uid} still exists (previous pod force-deleted?!)")
                info.pod_uids.add(uid)
                if not info.prepared:
                    to_prepare.append((claim, info))
        if checked:
            self.sync_to_checkpoint()
        # 3. NodePrepareResources per driver, then mark prepared and checkpoint
        for claim, info in to_prepare:
            for driver in list(info.driver_state):
                try:
                    devices = self.drivers[driver].node_prepare(claim)
                except PrepareError as e:
                    raise PrepareError(f"NodePrepareResources failed for ResourceClaim "
                                       f"{info.claim_name}: {e}") from None
                with self.lock:
                    info.driver_state[driver] = list(devices)
        if to_prepare:
            with self.lock:
                for _, info in to_prepare:
                    info.prepared = True
            self.sync_to_checkpoint()

    # -- unprepare -------------------------------------------------------------------
    def unprepare(self, pod_uid: str) -> list[str]:
        """Drop the pod's references; unprepare claims nobody uses any more. Returns them."""
        done: list[str] = []
        with self.lock:
            infos = [i for i in self.cache.values() if pod_uid in i.pod_uids]
        for info in infos:
            if len(info.pod_uids) == 1:
                for driver in info.driver_state:
                    drv = self.drivers.get(driver)
                    if drv is None:
                        raise PrepareError(f"unprepare dynamic resources: DRA driver {driver} "
                                           "is not registered")
                    try:
                        drv.node_unprepare(info.claim_uid)
                    except PrepareError as e:  # k/k manager.go unprepareResources' wording
                        raise PrepareError(f"unprepare dynamic resources: NodeUnprepareResources "
                                           f"failed for ResourceClaim {info.claim_name}: {e}") from None
            with self.lock:
                info.pod_uids.discard(pod_uid)
                if not info.pod_uids:
                    self.cache.pop((info.namespace, info.claim_name), None)
                    done.append(info.claim_name)
        self.sync_to_checkpoint()
        return done

    def pods_with_claims(self) -> set[str]:
        with self.lock:
            return {u for i in self.cache.values() for u in i.pod_uids}

    def has_pod(self, pod_uid: str) -> bool:
        with self.lock:
            return any(pod_uid in i.pod_uids for i in self.cache.values())

    # -- per container ---------------------------------------------------------------
    def _claim_names(self, pod: Mapping[str, Any]) -> list[tuple[dict, str]]:
        out = []
        for pc in (pod.get("spec") or {}).get("resourceClaims") or []:
            try:
                name, _ = claim_name_for(pod, pc)
            except PrepareError:
                continue
            if name is not None:
                out.append((pc, name))
        return out

    def cdi_devices_for_container(self, pod: Mapping[str, Any], container: Mapping[str, Any]
                                  ) -> list[str]:
        """``GetResources``: the CDI devices the runtime injects into this container."""
        ns = _meta(pod).get("namespace", "default")
        out: list[str] = []
        with self.lock:
            for pc, name in self._claim_names(pod):
                for ref in (container.get("resources") or {}).get("claims") or []:
                    if ref.get("name") != pc.get("name"):
                        continue
                    info = self.cache.get((ns, name))
                    if info is not None:
                        out.extend(info.cdi_devices(ref.get("request") or ""))
            ext = (pod.get("status") or {}).get("extendedResourceClaimStatus")
            if self.gates.enabled("DRAExtendedResource") and ext:
                info = self.cache.get((ns, ext.get("resourceClaimName", "")))
                if info is not None:
                    requests = (container.get("resources") or {}).get("requests") or {}
                    for rname, rvalue in requests.items():
                        if not nonzero(rvalue) or not is_dra_extended_resource_name(rname):
                            continue
                        for rm in ext.get("requestMappings") or []:
                            if (rm.get("containerName") == container.get("name")
                                    and rm.get("resourceName") == rname):
                                out.extend(info.cdi_devices(rm.get("requestName") or ""))
        return out

    def container_claim_infos(self, pod: Mapping[str, Any], container: Mapping[str, Any]
                              ) -> list[ClaimInfo]:
        """``GetContainerClaimInfos``: claims (whole) that PodResources reports for a container.

        Up to 1.36 upstream loops over the pod's claims and, inside, over the container's
        ``resources.claims``, so a claim the container names twice (two requests of it) is
        reported twice; from 1.37 (kubernetes PR 136270) a set of the names the container uses
        is checked instead, and each claim comes once (``CLAIMS_ONCE_PER_CONTAINER_SINCE``).
        Either way a claim the container uses that is not in the claim cache, or whose name
        cannot be resolved, is an error for the whole container, which PodResources then
        reports without dynamic resources (container_manager_linux.go GetDynamicResources logs
        "Unable to get container claim info state" and returns none). Up to 1.36 the name of
        every pod claim is resolved, used by the container or not.
        """
        ns = _meta(pod).get("namespace", "default")
        once = release_at_least(self.gates.version, CLAIMS_ONCE_PER_CONTAINER_SINCE)
        counts: dict[Any, int] = {}
        for ref in (container.get("resources") or {}).get("claims") or []:
            counts[ref.get("name")] = counts.get(ref.get("name"), 0) + 1
        out: list[ClaimInfo] = []
        with self.lock:
            for pc in (pod.get("spec") or {}).get("resourceClaims") or []:
                times = counts.get(pc.get("name"), 0)
                if once and not times:
                    continue
                try:
                    name, _ = claim_name_for(pod, pc)
                except PrepareError:
                    return []
                if name is None or not times:
                    continue
                info = self.cache.get((ns, name))
                if info is None:
                    return []
                out.extend([info] * (1 if once else times))
            ext = (pod.get("status") or {}).get("extendedResourceClaimStatus")
            if self.gates.enabled("DRAExtendedResource") and ext:
                if any(rm.get("containerName") == container.get("name")
                       for rm in ext.get("requestMappings") or []):
                    info = self.cache.get((ns, ext.get("resourceClaimName", "")))
                    if info is None:
                        return []
                    out.append(info)
        return out
