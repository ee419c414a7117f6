"""The ResourceClaim controller (pkg/controller/resourceclaim/controller.go).

Why drakit has it: claims from templates, their names, owners and annotations, the pod and
PodGroup status that records them, and the end of a claim's life (reservedFor cleanup,
deallocation, finalizer removal, deletion) are what DRA users observe between "I created a
pod" and "the pod runs", and what KEP-5729 changes (api-truth §9.7):

* pod template claims: ``generateName: <pod>-<claim>-`` (both parts cut in proportion when
  longer than 57 characters), annotation ``resource.kubernetes.io/pod-claim-name``, template
  labels/annotations/spec, a controller ownerReference to the pod with blockOwnerDeletion;
  ``pod.status.resourceClaimStatuses`` records it; an orphan claim owned by the pod with the
  same annotation is reused instead of creating a second one;
* PodGroup template claims (DRAWorkloadResourceClaims): one claim per PodGroup claim,
  ``<podgroup>-<claim>-``, owned by the PodGroup (no blockOwnerDeletion), recorded in
  ``podgroup.status.resourceClaimStatuses``; a pod whose entry equals the PodGroup's entry
  (same name and template/claim name) and names the PodGroup in ``spec.schedulingGroup``
  gets the PodGroup's claim in its own status; PodGroup claims are never deleted here (the
  garbage collector does it when the PodGroup goes);
* a pod on a node (bound without the scheduler, or after a gate change made its reservation
  unreadable) gets each allocated claim it uses reserved for it, or for its PodGroup (BindTo),
  while the claim has room (syncPod);
* events queue work as upstream's handlers do: a pod or PodGroup only when podNeedsWork or
  podGroupNeedsWork says so, claims and templates reach the pods and PodGroups that name them
  (by name, the informer indexes), and every object comes by again at the informers' resync;
* claims: reservedFor entries for pods that are gone, replaced or done are removed, PodGroup
  entries when the PodGroup is gone (gate on; otherwise they are left alone as an unknown
  consumer type); when the last entry goes the allocation is cleared; an unreserved,
  unallocated claim loses the ``resource.kubernetes.io/delete-protection`` finalizer; an
  unreserved claim owned by a pod that was replaced (another uid) or is done is deleted (one
  whose pod is not found is left to the garbage collector, as upstream's syncClaim does).

Metrics: ``resourceclaim_controller_resource_claims{admin_access,allocated,source}``, from 1.37
``dynamic_resource_allocation_resource_claims`` (kubernetes/kubernetes#138542 moved it to the
dynamic_resource_allocation subsystem); the ``source`` label arrived in 1.35
(kubernetes/kubernetes#134523): ``resource_claim_template``, ``extended_resource`` or empty
for user claims (label values as drakit understands KEP-5004's Monitoring section).
``resourceclaim_controller_creates_total{admin_access,status}`` counts the creates of claims
from templates (for pods and, KEP-5729, PodGroups), ``status`` "success" or "failure",
``admin_access`` "true" when a request of the template asks for admin access; from 1.37 it is
``dynamic_resource_allocation_resourceclaim_creates_total``, the counter kube-scheduler also
increments for its special claims (#138542, pkg/controller/resourceclaim/metrics). Like a
Prometheus CounterVec it shows the label sets counted at least once.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from drakit import claims as cu
from drakit import schema
from drakit.api import errors as E
from drakit.api.meta import deep_copy
from drakit.apiserver import WatchEvent
from drakit.component import FAILED_SYNC, ComponentContext, note_cache_mismatch
from drakit.controllers.base import RETRY, Controller

MAX_BASE_LEN = 57

INFORMER_RESYNC_SECONDS = 86400.0
"""kube-controller-manager's shared informers resync every MinResyncPeriod (12 h) times a
random factor in [1, 2) (ResyncPeriod in cmd/kube-controller-manager/app); drakit takes the
bound, so every object has been seen again one day after the controller started."""


def generate_base(owner: str, claim: str) -> str:
    gn = f"{owner}-{claim}-"
    if len(gn) > MAX_BASE_LEN:
        gn = owner[: len(owner) * MAX_BASE_LEN // len(gn)] + "-" + claim[: len(claim) * MAX_BASE_LEN // len(gn)]
    return gn


def template_not_found(name: str) -> str:
    """handleClaim's error for a missing template, the same for pods and PodGroups
    (controller_test.go "missing-template", "missing-template-podgroup")."""
    return f'resource claim template "{name}": resourceclaimtemplate.resource.k8s.io "{name}" not found'


def create_failed(err: Exception) -> str:
    """handleClaim wraps a failed create as "create ResourceClaim <name>: <err>"; the name is
    empty because the claim is created with generateName (controller_test.go
    "create-conflict", "create-conflict-podgroup")."""
    return f"create ResourceClaim : {err}"


def is_pod_done(pod: Mapping[str, Any]) -> bool:
    phase = (pod.get("status") or {}).get("phase")
    if phase in ("Succeeded", "Failed"):
        return True
    md = pod.get("metadata") or {}
    return bool(md.get("deletionTimestamp")) and not (pod.get("spec") or {}).get("nodeName")


def _minor(version: str) -> tuple[int, int]:
    major, minor = str(version).split(".")[:2]
    return int(major), int(minor)


def _key(obj: Mapping[str, Any]) -> tuple[str, str]:
    md = obj["metadata"]
    return (md.get("namespace") or "", md["name"])


_Queue = dict[tuple[str, str], bool]
"""Work queue keys (namespace, name) -> queued by an event handler (True) rather than a due
retry (False); upstream's workqueue holds "pod:", "podgroup:" and "claim:" keys in one queue."""


def _podgroup_claim_name(pg: Mapping[str, Any], entry: Mapping[str, Any]) -> tuple[str | None, bool]:
    """resourceclaim.NameFromPodGroup: (the claim's name, not recorded yet). A template
    entry the status does not record yet is upstream's ErrClaimNotFound; one recorded
    without a name (no claim needed) gives no name. (Upstream's third answer, whether to
    check the owner, has no reader here: podGroupNeedsWork leaves an existing claim alone
    either way.)"""
    if entry.get("resourceClaimName"):
        return entry["resourceClaimName"], False
    if entry.get("resourceClaimTemplateName"):
        for st in (pg.get("status") or {}).get("resourceClaimStatuses") or ():
            if st.get("name") == entry.get("name"):
                return st.get("resourceClaimName"), False
        return None, True
    return None, False


def _indexed(objs: Iterable[dict], names_it: Callable[[dict], bool]) -> list[dict]:
    """The objects an informer index function selects. One stored past validation that the
    informer could not decode is in no index: its own event records its failure, not the
    event of the object looked up."""
    out = []
    for o in objs:
        try:
            if names_it(o):
                out.append(o)
        except (AttributeError, TypeError):
            continue
    return out


def _uses_template(obj: Mapping[str, Any], template: str) -> bool:
    """podResourceClaimTemplateIndexFunc and podGroupResourceClaimTemplateIndexFunc."""
    return any(e.get("resourceClaimTemplateName") == template
               for e in (obj.get("spec") or {}).get("resourceClaims") or ())


def _controlled_by(claim: Mapping[str, Any], uid: str | None) -> bool:
    """The claim's controller reference names ``uid`` (resourceclaim.IsForPodGroup for a
    PodGroup; the ownership check of findPodResourceClaim and findPodGroupResourceClaim)."""
    return any(r.get("controller") and r.get("uid") == uid
               for r in claim["metadata"].get("ownerReferences") or ())


class ResourceClaimController(Controller):
    name = "resourceclaim-controller"
    kinds = ("Pod", "ResourceClaim", "PodGroup", "ResourceClaimTemplate")
    event_source = "resource_claim"

    def __init__(self, ctx: ComponentContext) -> None:
        super().__init__(ctx)
        self.podgroups_on = self.gates.enabled("DRAWorkloadResourceClaims")
        # the controller as shipped in 1.37 (kubernetes/kubernetes#138363) or before (1.36)
        self.version_137 = _minor(self.gates.version) >= (1, 37)
        # controller owner uid -> claim keys (informer index, like upstream's claim indexer)
        self.by_owner: dict[str, set[tuple[str, str]]] = {}
        self.owner_of: dict[tuple[str, str], str] = {}
        # (status, admin_access) -> claim creates from templates
        self.creates: dict[tuple[str, str], int] = {}
        self._next_informer_resync: _dt.datetime | None = None

    def _index(self, claim: Mapping[str, Any], deleted: bool) -> None:
        k = _key(claim)
        old = self.owner_of.pop(k, None)
        if old is not None:
            self.by_owner.get(old, set()).discard(k)
        if deleted:
            return
        owner = next((r.get("uid") for r in claim["metadata"].get("ownerReferences") or ()
                      if r.get("controller")), None)
        if owner:
            self.owner_of[k] = owner
            self.by_owner.setdefault(owner, set()).add(k)

    def compare_caches(self) -> list[str]:
        """The claim index by controlling owner against the stored claims."""
        owner_of: dict[tuple[str, str], str] = {}
        for claim in self.api.list("ResourceClaim", copy=False):
            owner = next((r.get("uid") for r in claim["metadata"].get("ownerReferences") or ()
                          if r.get("controller")), None)
            if owner:
                owner_of[_key(claim)] = owner
        by_owner: dict[str, set[tuple[str, str]]] = {}
        for k, owner in owner_of.items():
            by_owner.setdefault(owner, set()).add(k)
        out: list[str] = []
        note_cache_mismatch(out, "claims' controlling owners", self.owner_of, owner_of)
        note_cache_mismatch(out, "claims by controlling owner",
                            {o: ks for o, ks in self.by_owner.items() if ks}, by_owner)
        return out

    # ------------------------------------------------------------------ loop
    def failure_reason(self, kind: str) -> str:
        # upstream syncPod records this reason when a pod's (or PodGroup's) claim fails
        return "FailedResourceClaimCreation" if kind in ("Pod", "PodGroup") else FAILED_SYNC

    def sync(self) -> bool:
        """The watch, and every INFORMER_RESYNC_SECONDS the informers' resync: each object
        again through the event handlers (as an update), so a claim that no event reached
        is looked at in the end."""
        did = super().sync()
        now = self.clock.now()
        if self._next_informer_resync is None:
            self._next_informer_resync = now + _dt.timedelta(seconds=INFORMER_RESYNC_SECONDS)
        elif now >= self._next_informer_resync:
            self._next_informer_resync = now + _dt.timedelta(seconds=INFORMER_RESYNC_SECONDS)
            did |= self.resync()
        return did

    def resync(self) -> bool:
        """A relist, or the informers' periodic resync: every object goes through the
        event handlers, which decide what to queue."""
        claims = self.api.list("ResourceClaim", copy=False)
        objs = [("ResourceClaim", c) for c in claims]
        if self.podgroups_on and self.api.served("PodGroup"):
            objs += [("PodGroup", g) for g in self.api.list("PodGroup", copy=False)]
        objs += [("Pod", p) for p in self.api.list("Pod", copy=False)]
        events = [WatchEvent("ADDED", kind, obj, int(obj["metadata"]["resourceVersion"])) for kind, obj in objs]
        return self._handle_guarded(events) if events else False

    def handle(self, events: Iterable[WatchEvent]) -> bool:
        """The informer event handlers, then the work queue's keys, PodGroups first.

        As upstream's enqueuePod, enqueuePodGroup, enqueueResourceClaim and
        enqueueResourceClaimTemplate (k/k pkg/controller/resourceclaim/controller.go): an event
        enqueues a pod or PodGroup only when it needs work (podNeedsWork, podGroupNeedsWork), a
        deleted or finished one enqueues the claims it names, and a claim or template event
        reaches the pods and PodGroups that name it (the podResourceClaim and
        podGroupResourceClaim indexes, by claim name, not by owner). A retry after a failed
        sync (``RETRY``) runs the sync again unfiltered, like a rate-limited key."""
        pods: _Queue = {}
        claims: _Queue = {}
        groups: _Queue = {}
        for ev in events:
            k = _key(ev.object)
            if ev.kind == "ResourceClaim":
                self._index(ev.object, ev.type == "DELETED")
            if ev.type == RETRY:
                {"Pod": pods, "PodGroup": groups, "ResourceClaim": claims}.get(ev.kind, {}).setdefault(k, False)
            elif ev.kind == "Pod":
                self._enqueue_pod(ev.object, ev.type == "DELETED", pods, claims)
            elif ev.kind == "ResourceClaim":
                if ev.type != "DELETED":
                    claims[k] = True
                for pod in self._pods_naming(k[0], lambda p, n=k[1]: n in self._pod_claim_names(p)):
                    self._enqueue_pod(pod, False, pods, claims)
                for pg in self._podgroups_naming(k[0], lambda g, n=k[1]: n in self._podgroup_claim_names(g)):
                    self._enqueue_podgroup(pg, False, groups, pods, claims)
            elif ev.kind == "PodGroup":
                self._enqueue_podgroup(ev.object, ev.type == "DELETED", groups, pods, claims)
            elif ev.type != "DELETED":  # a ResourceClaimTemplate; its deletion is only logged
                for pod in self._pods_naming(k[0], lambda p, n=k[1]: _uses_template(p, n)):
                    self._enqueue_pod(pod, False, pods, claims)
                for pg in self._podgroups_naming(k[0], lambda g, n=k[1]: _uses_template(g, n)):
                    self._enqueue_podgroup(pg, False, groups, pods, claims)
        did = False
        for k, queued in groups.items():
            pg = self.api.try_get("PodGroup", k[1], k[0]) if self.api.served("PodGroup") else None
            if pg is not None:
                did |= self.guarded("PodGroup", pg, self.sync_podgroup, queued=queued)
        for k, queued in pods.items():
            pod = self.api.try_get("Pod", k[1], k[0])
            if pod is not None:
                did |= self.guarded("Pod", pod, self.sync_pod, queued=queued)
        for k, queued in claims.items():
            claim = self.api.try_get("ResourceClaim", k[1], k[0])
            if claim is not None:
                did |= self.guarded("ResourceClaim", claim, self.sync_claim, queued=queued)
        return did

    def _pods_naming(self, ns: str, names_it: Callable[[dict], bool]) -> list[dict]:
        """The pods an informer index finds (``names_it`` is the index function)."""
        return _indexed(self.api.list("Pod", ns, copy=False), names_it)

    def _podgroups_naming(self, ns: str, names_it: Callable[[dict], bool]) -> list[dict]:
        # upstream installs the PodGroup informer and its indexes only with the gate on
        if not self.podgroups_on or not self.api.served("PodGroup"):
            return []
        return _indexed(self.api.list("PodGroup", ns, copy=False), names_it)

    @staticmethod
    def _pod_claim_names(pod: Mapping[str, Any]) -> list[str]:
        """podResourceClaimIndexFunc: the names resourceclaim.Name gives the pod's entries
        (a claim name, or the claim its status records for a template); entries without a
        claim yet are not indexed. The special claim of KEP-5004 is not indexed either."""
        out = []
        for e in (pod.get("spec") or {}).get("resourceClaims") or ():
            try:
                name, _ = cu.claim_name(pod, e)
            except cu.ClaimError:
                continue
            if name:
                out.append(name)
        return out

    @staticmethod
    def _podgroup_claim_names(pg: Mapping[str, Any]) -> list[str]:
        """podGroupResourceClaimIndexFunc: resourceclaim.NameFromPodGroup of each entry."""
        return [n for n, _ in (_podgroup_claim_name(pg, e)
                               for e in (pg.get("spec") or {}).get("resourceClaims") or ()) if n]

    def _enqueue_pod(self, pod: Mapping[str, Any], deleted: bool, pods: _Queue, claims: _Queue) -> None:
        """enqueuePod: a pod that will not run (deleted, terminal, or deleted before it was
        scheduled) hands its claims to the claim sync; a pod is queued only when
        podNeedsWork says so."""
        spec = pod.get("spec") or {}
        ext = ((pod.get("status") or {}).get("extendedResourceClaimStatus") or {}).get("resourceClaimName")
        if not spec.get("resourceClaims") and not ext:
            return
        k = _key(pod)
        if deleted or is_pod_done(pod):
            claims.update({(k[0], name): True for name in self._pod_claim_names(pod)})
            if ext:
                claims[(k[0], ext)] = True
        if not deleted and self._pod_needs_work(pod):
            pods[k] = True

    def _pod_needs_work(self, pod: Mapping[str, Any]) -> bool:
        """podNeedsWork: a template entry whose claim is not recorded or is gone (unless the
        PodGroup makes it), or, once the pod is on a node, an allocated claim that is not
        reserved for it and can be. A claim that is not the pod's is left alone: "Cannot
        proceed with the pod unless that other claim gets deleted"."""
        md = pod["metadata"]
        if md.get("deletionTimestamp"):
            return False
        ns = md.get("namespace") or ""
        for e in (pod.get("spec") or {}).get("resourceClaims") or ():
            try:
                name, check_owner = cu.claim_name(pod, e)
            except cu.ClaimError:
                return True
            if not name:
                continue
            # read only (the informer's cache): a claim shared by hundreds of pods is looked
            # at once per pod at each of its updates, and a copy each time made that quadratic
            claim = self.api.try_get("ResourceClaim", name, ns, copy=False)
            if claim is None:
                if not e.get("resourceClaimTemplateName"):
                    continue  # the user has to create it
                pg, problem = self._pod_podgroup(pod)
                if problem is not None:
                    return True
                if pg is not None and self.podgroups_on and cu.matching_podgroup_entry(pod, e, pg):
                    continue  # the PodGroup's claim, made by the PodGroup's sync
                return True
            if check_owner and cu.is_for_pod(pod, claim, self.podgroups_on) is not None:
                continue
            if not (pod.get("spec") or {}).get("nodeName"):
                continue
            # (the cheap length check first: a full list is not scanned for each pod)
            if (claim.get("status") or {}).get("allocation") and cu.can_be_reserved(claim) and \
                    not cu.is_reserved_for_pod(pod, claim, self.podgroups_on):
                return True
        return False

    def _enqueue_podgroup(self, pg: Mapping[str, Any], deleted: bool, groups: _Queue, pods: _Queue,
                          claims: _Queue) -> None:
        """enqueuePodGroup: a deleted PodGroup hands its claims to the claim sync; a PodGroup
        is queued when podGroupNeedsWork says so; its member pods go through enqueuePod."""
        if not self.podgroups_on or not (pg.get("spec") or {}).get("resourceClaims"):
            return
        k = _key(pg)
        if deleted:
            claims.update({(k[0], name): True for name in self._podgroup_claim_names(pg)})
        elif self._podgroup_needs_work(pg):
            groups[k] = True
        for pod in self._pods_naming(k[0], lambda p: cu.pod_group_name(p) == k[1]):
            self._enqueue_pod(pod, False, pods, claims)

    def _podgroup_needs_work(self, pg: Mapping[str, Any]) -> bool:
        """podGroupNeedsWork: a template entry whose claim is not recorded or is gone; a claim
        the PodGroup no longer controls is left alone until the PodGroup is synced for
        another reason."""
        md = pg["metadata"]
        if md.get("deletionTimestamp"):
            return False
        for e in (pg.get("spec") or {}).get("resourceClaims") or ():
            name, not_recorded = _podgroup_claim_name(pg, e)
            if not_recorded:
                return True
            # a recorded template claim that is gone needs work; one that exists is left
            # alone, whether the PodGroup still controls it or not
            if name and e.get("resourceClaimTemplateName") and \
                    self.api.try_get("ResourceClaim", name, md.get("namespace") or "") is None:
                return True
        return False

    # ------------------------------------------------------------------ pods
    def _event(self, obj: Mapping[str, Any], reason: str, message: str) -> None:
        try:
            self.api.record_event(obj, "Warning", reason, message, "resource_claim")
        except E.StatusError:
            pass

    def _pod_podgroup(self, pod: Mapping[str, Any]) -> tuple[dict | None, str | None]:
        """getPodGroup: the PodGroup a grouped pod's template claims depend on, or the error
        that stops claim creation for the pod.

        1.37 (kubernetes/kubernetes#138363, after review: a controller that cannot tell whether
        a claim belongs to the pod or to its PodGroup creates none): the PodGroup is looked up
        whenever GenericWorkload is on, whatever DRAWorkloadResourceClaims says; a missing one
        is the lister's NotFound, ``podgroup.scheduling.k8s.io "<name>" not found``
        (pkg/controller/resourceclaim/controller_test.go
        "skip-create-for-pod-podgroup-does-not-exist", all gate combinations with
        GenericWorkload on). 1.36 (kubernetes/kubernetes#136989): with DRAWorkloadResourceClaims
        off the pod is treated as not grouped; with it on, the same NotFound.
        """
        name = cu.pod_group_name(pod)
        if not name:
            return None, None
        ns = pod["metadata"].get("namespace") or ""
        if self.version_137:
            if not self.gates.enabled("GenericWorkload") or not self.api.served("PodGroup"):
                return None, f"GenericWorkload feature is disabled but Pod is in PodGroup {name}"
        elif not self.podgroups_on or not self.api.served("PodGroup"):
            return None, None
        pg = self.api.try_get("PodGroup", name, ns)
        if pg is None:
            return None, f'podgroup.scheduling.k8s.io "{name}" not found'
        return pg, None

    def sync_pod(self, pod: dict) -> bool:
        """syncPod: the claims of the pod's templates, recorded in its status; then, for a pod
        already on a node, its allocated claims reserved for it."""
        md = pod["metadata"]
        # upstream's syncPod skips only a pod being deleted; a finished pod that is still on its
        # node can then be reserved again right after syncClaim removed it, over and over
        # (kubernetes/kubernetes#141274, open). drakit does not model that oscillation: a
        # finished pod gets no claim and no reservation
        if md.get("deletionTimestamp") or is_pod_done(pod):
            return False
        entries = (pod.get("spec") or {}).get("resourceClaims") or ()
        for e in entries:
            # handleClaim calls resourceclaim.Name for every entry: an entry this client
            # cannot read (ErrAPIUnsupported) fails the sync; "not created yet" is work to do
            try:
                cu.claim_name(pod, e)
            except cu.ClaimError as err:
                if cu.ERR_CLAIM_NOT_FOUND not in str(err):
                    self._claim_failed(pod, f"PodResourceClaim {e.get('name')}: "
                                            f"checking for claim before creating it: {err}")
                    return False
        did = False
        if any(e.get("resourceClaimTemplateName") for e in entries):
            did, complete = self._create_pod_claims(pod, entries)
            if not complete:
                return did
        # the pod as read at the start, like upstream: a claim recorded just now is not in
        # its status, so resourceclaim.Name fails and the retry reserves it
        return self._reserve_for_bound_pod(pod, entries) or did

    def _create_pod_claims(self, pod: dict, entries: Sequence[Mapping[str, Any]]) -> tuple[bool, bool]:
        """handleClaim for each template entry, then the status apply: (did work, went
        through). Any error stops the pod's sync; syncPod returns it, so the pod is retried
        with the work queue's backoff (a template or PodGroup that appears, a quota that
        grows, a webhook that recovers) and, for a handleClaim error, a Warning event
        "FailedResourceClaimCreation" is recorded at each attempt."""
        md = pod["metadata"]
        ns = md.get("namespace") or ""
        statuses = list((pod.get("status") or {}).get("resourceClaimStatuses") or [])
        added: list[dict] = []
        did = False
        pending = self._claims_to_create(pod, entries, statuses)
        pg, problem = self._pod_podgroup(pod) if pending else (None, None)
        for entry in pending:
            # syncPod: the first claim that fails stops the pod's sync with a Warning event
            # "FailedResourceClaimCreation" "PodResourceClaim <name>: <error>" (and a retry),
            # before the status is written: claims made earlier in this sync are not recorded
            # yet; the next sync finds them by owner and annotation (findPodResourceClaim)
            if problem is None and pg is not None and not self.podgroups_on and \
                    cu.matching_podgroup_entry(pod, entry, pg):
                # 1.37 only (pg is None on 1.36 with the gate off): a per-pod claim could
                # shadow the PodGroup's (controller_test.go "skip create ResourceClaim for Pod
                # with PodGroup claim when DRAWorkloadResourceClaims feature is disabled"; the
                # upstream text starts with "DRAWorkloadResourceClaims feature is disabled",
                # the rest is drakit's)
                problem = (f"DRAWorkloadResourceClaims feature is disabled but the claim matches "
                           f"a claim of PodGroup {pg['metadata']['name']}")
            if problem is not None:
                self._claim_failed(pod, f"PodResourceClaim {entry['name']}: {problem}")
                return did, False
            if pg is not None and self.podgroups_on and cu.matching_podgroup_entry(pod, entry, pg):
                # findPodGroupResourceClaim: the claim the PodGroup controls for this entry
                # (its owner index and the pod-claim-name annotation), recorded in the
                # PodGroup's status or not yet
                claim = self._orphan(ns, pg["metadata"].get("uid", ""), entry["name"])
                if claim is not None:
                    added.append({"name": entry["name"], "resourceClaimName": claim["metadata"]["name"]})
                continue  # wait for the PodGroup's claim
            claim = self._orphan(ns, md["uid"], entry["name"])
            if claim is None:
                tmpl = self._template(ns, entry["resourceClaimTemplateName"])
                if tmpl is None:
                    self._claim_failed(pod, f"PodResourceClaim {entry['name']}: "
                                            f"{template_not_found(entry['resourceClaimTemplateName'])}")
                    return did, False
                owner = {"apiVersion": "v1", "kind": "Pod", "name": md["name"], "uid": md["uid"],
                         "controller": True, "blockOwnerDeletion": True}
                try:
                    claim = self._create_from_template(tmpl, generate_base(md["name"], entry["name"]),
                                                       ns, entry["name"], owner)
                except E.StatusError as e:
                    self._claim_failed(pod, f"PodResourceClaim {entry['name']}: {create_failed(e)}")
                    return did, False
                did = True
            added.append({"name": entry["name"], "resourceClaimName": claim["metadata"]["name"]})
        if added:
            # the apply of upstream's syncPod: resourceClaimStatuses is a map keyed by name, so a
            # recreated claim replaces its entry in place
            fresh = {a["name"]: a for a in added}
            merged = [fresh.pop(st.get("name"), st) for st in statuses] + list(fresh.values())
            try:
                self.api.patch("Pod", md["name"], {"status": {"resourceClaimStatuses": merged}},
                               ns, subresource="status")
                did = True
            except E.StatusError as e:
                # syncPod returns "update pod <ns>/<name> ResourceClaimStatuses: <error>": the
                # pod is retried with the work queue's backoff, without an event; the claims
                # made are found again by owner and annotation (findPodResourceClaim)
                self.retry_later("Pod", pod, f"update pod {ns}/{md['name']} "
                                             f"ResourceClaimStatuses: {e}")
                return did, False
        return did, True

    def _claim_failed(self, obj: dict, message: str) -> None:
        """A handleClaim or handlePodGroupClaim error: the Warning event, then the retry."""
        self._event(obj, "FailedResourceClaimCreation", message)
        self.retry_later(obj["kind"], obj, message)

    def _reserve_for_bound_pod(self, pod: dict, entries: Sequence[Mapping[str, Any]]) -> bool:
        """syncPod's second half: a pod that is on a node (bound by someone other than the
        scheduler, or whose reservation went) gets each allocated claim it uses reserved
        for it, or for its PodGroup (BindTo), while the claim has room (CanBeReserved). A
        claim that is not there yet ends the sync; one that is not the pod's is an error."""
        if not (pod.get("spec") or {}).get("nodeName"):
            return False  # the scheduler handles reservations
        md = pod["metadata"]
        ns = md.get("namespace") or ""
        did = False
        pg: dict | None = None
        for e in entries:
            try:
                name, check_owner = cu.claim_name(pod, e)
            except cu.ClaimError as err:
                self.retry_later("Pod", pod, str(err))
                return did
            if not name:
                continue
            claim = self.api.try_get("ResourceClaim", name, ns)
            if claim is None:
                return did
            problem = cu.is_for_pod(pod, claim, self.podgroups_on) if check_owner else None
            if problem is not None:
                self.retry_later("Pod", pod, problem)
                return did
            if not (claim.get("status") or {}).get("allocation") or \
                    cu.is_reserved_for_pod(pod, claim, self.podgroups_on) or not cu.can_be_reserved(claim):
                continue
            if pg is None:
                pg, _ = self._pod_podgroup(pod)  # BindTo's PodGroup, looked up once per sync
            consumer = (cu.podgroup_consumer(pg) if pg is not None and self.podgroups_on
                        and cu.matching_podgroup_entry(pod, e, pg) else cu.pod_consumer(pod))
            new = deep_copy(claim)
            new["status"]["reservedFor"] = [*(new["status"].get("reservedFor") or []), consumer]
            try:
                # an update, not a patch: it fails when the claim changed in the meantime
                self.api.update(new, subresource="status")
            except E.StatusError as err:
                # syncPod: 'reserve claim %s for pod: %w' (the claim's name alone)
                self.retry_later("Pod", pod, f"reserve claim {name} for pod: {err}")
                return did
            did = True
        return did

    def _claims_to_create(self, pod: Mapping[str, Any], entries: Sequence[Mapping[str, Any]],
                          statuses: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
        """The template entries handleClaim creates a claim for: those without a recorded
        claim, and those whose recorded claim is gone ("perhaps it was deleted accidentally.
        In that case we re-create it") or no longer for the pod (resourceclaim.IsForPod;
        k/k pkg/controller/resourceclaim/controller.go, 1.34-1.37). A recorded empty name
        means no claim is needed."""
        recorded = {st.get("name"): st.get("resourceClaimName") for st in statuses}
        ns = pod["metadata"].get("namespace") or ""
        out = []
        for e in entries:
            if not e.get("resourceClaimTemplateName"):
                continue
            if e.get("name") in recorded:
                name = recorded[e.get("name")]
                if not name:
                    continue
                claim = self.api.try_get("ResourceClaim", name, ns)
                if claim is not None and cu.is_for_pod(pod, claim, self.podgroups_on) is None:
                    continue
            out.append(e)
        return out

    def _template(self, ns: str, name: str) -> dict | None:
        """The template as the controller's template lister has it, decoded into its type:
        one stored past validation that a typed informer cannot decode (a spec that is no
        object, ...) never reaches the lister, so it is not there ("not found"), and fields the
        type does not have are dropped, as a Go informer's JSON decoding drops them."""
        tmpl = self.api.try_get("ResourceClaimTemplate", name, ns)
        if tmpl is None:
            return None
        try:
            return schema.decode(tmpl, self.gates.version, schema.IGNORE).obj
        except E.BadRequest:
            return None

    def _orphan(self, ns: str, owner_uid: str, claim_name: str) -> dict | None:
        for k in sorted(self.by_owner.get(owner_uid, ())):
            c = self.api.try_get("ResourceClaim", k[1], k[0])
            if c is None or k[0] != ns:
                continue
            cmd = c["metadata"]
            if (cmd.get("annotations") or {}).get(cu.POD_CLAIM_NAME_ANNOTATION) != claim_name:
                continue
            if _controlled_by(c, owner_uid):
                return c
        return None

    def _create_from_template(self, tmpl: Mapping[str, Any], base: str, ns: str, claim_name: str,
                              owner: dict) -> dict:
        tspec = tmpl.get("spec") or {}
        tmeta = tspec.get("metadata") or {}
        claim = {
            "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
            "metadata": {
                "generateName": base, "namespace": ns,
                "annotations": {**(tmeta.get("annotations") or {}),
                                cu.POD_CLAIM_NAME_ANNOTATION: claim_name},
                "ownerReferences": [owner],
            },
            "spec": deep_copy(tspec.get("spec") or {}),
        }
        if tmeta.get("labels"):
            claim["metadata"]["labels"] = dict(tmeta["labels"])
        admin = str(any((r.get("exactly") or {}).get("adminAccess")
                        for r in (claim["spec"].get("devices") or {}).get("requests") or ())).lower()
        try:
            created = self.api.create(claim)
        except E.StatusError:
            self._count_create("failure", admin)
            raise
        self._count_create("success", admin)
        return created

    def _count_create(self, status: str, admin: str) -> None:
        self.creates[(status, admin)] = self.creates.get((status, admin), 0) + 1

    # ------------------------------------------------------------------ PodGroups (KEP-5729)
    def sync_podgroup(self, pg: dict) -> bool:
        if not self.podgroups_on:
            return False
        md = pg["metadata"]
        if md.get("deletionTimestamp"):
            return False
        ns = md.get("namespace") or ""
        statuses = list((pg.get("status") or {}).get("resourceClaimStatuses") or [])
        by_name = {s.get("name"): s for s in statuses}
        changed = False
        did = False
        for entry in (pg.get("spec") or {}).get("resourceClaims") or ():
            if not entry.get("resourceClaimTemplateName"):
                continue
            rec = by_name.get(entry["name"])
            if rec is not None:
                existing = self.api.try_get("ResourceClaim", rec.get("resourceClaimName", ""), ns)
                if existing is not None and _controlled_by(existing, md["uid"]):
                    continue
            claim = self._orphan(ns, md["uid"], entry["name"])
            if claim is None:
                tmpl = self._template(ns, entry["resourceClaimTemplateName"])
                if tmpl is None:
                    # syncPodGroup stops at the first error, before the status apply
                    self._claim_failed(pg, f"PodGroupResourceClaim {entry['name']}: "
                                           f"{template_not_found(entry['resourceClaimTemplateName'])}")
                    return did
                owner = {"apiVersion": pg["apiVersion"], "kind": "PodGroup", "name": md["name"],
                         "uid": md["uid"], "controller": True}
                try:
                    claim = self._create_from_template(tmpl, generate_base(md["name"], entry["name"]),
                                                       ns, entry["name"], owner)
                except E.StatusError as e:
                    self._claim_failed(pg, f"PodGroupResourceClaim {entry['name']}: {create_failed(e)}")
                    return did
                did = True
            by_name[entry["name"]] = {"name": entry["name"], "resourceClaimName": claim["metadata"]["name"]}
            changed = True
        if changed:
            new = [by_name[n] for n in sorted(by_name)]
            try:
                self.api.patch("PodGroup", md["name"], {"status": {"resourceClaimStatuses": new}},
                               ns, subresource="status")
                did = True
            except E.StatusError:
                pass
        return did

    # ------------------------------------------------------------------ claims
    def sync_claim(self, claim: dict) -> bool:
        md = claim["metadata"]
        ns = md.get("namespace") or ""
        st = claim.get("status") or {}
        rf = list(st.get("reservedFor") or [])
        valid = []
        for r in rf:
            if not r.get("apiGroup") and r.get("resource") == "pods":
                pod = self.api.try_get("Pod", r.get("name", ""), ns)
                if pod is None or pod["metadata"].get("uid") != r.get("uid") or is_pod_done(pod):
                    continue
                valid.append(r)
            elif r.get("apiGroup") == cu.PODGROUP_API_GROUP and r.get("resource") == "podgroups" \
                    and self.podgroups_on:
                pg = self.api.try_get("PodGroup", r.get("name", ""), ns) if self.api.served("PodGroup") else None
                if pg is None or pg["metadata"].get("uid") != r.get("uid"):
                    continue
                valid.append(r)
            else:
                valid.append(r)  # unknown consumer type: left alone
        did = False
        # syncClaim: the finalizer comes off only on the transition to unused (the update that
        # empties reservedFor also clears the allocation, and only of a claim the finalizer
        # says the scheduler allocated) or when the claim is being deleted; an unused claim
        # that is not being deleted keeps its finalizer and allocation (a driver is not
        # required to set reservedFor together with the allocation)
        protected = cu.FINALIZER in (md.get("finalizers") or ())
        shrunk = len(valid) < len(rf)
        new: dict | None = None
        unlock = False
        if shrunk:
            new = deep_copy(claim)
            new["status"]["reservedFor"] = valid
            if not valid:
                new["status"].pop("reservedFor")
                if protected:
                    new["status"].pop("allocation", None)
        elif protected and md.get("deletionTimestamp") and not valid:
            unlock = True
            if st.get("allocation"):
                new = deep_copy(claim)
                new["status"].pop("allocation")
        if new is not None:
            try:
                claim = self.api.update_status(new)
                did = True
            except E.StatusError as e:
                # syncClaim returns the error: the claim is retried with the work queue's
                # backoff (processNextWorkItem AddRateLimited), without an event
                self.retry_later("ResourceClaim", claim, str(e))
                return did
            md = claim["metadata"]
            if shrunk:
                unlock = cu.FINALIZER in (md.get("finalizers") or ()) and \
                    not (claim.get("status") or {}).get("allocation")
        if unlock:
            try:
                claim = self.api.remove_finalizer("ResourceClaim", md["name"], cu.FINALIZER, ns) or claim
                did = True
            except E.StatusError as e:
                self.retry_later("ResourceClaim", claim, str(e))  # as the status write above
                return did
            if claim is None or claim["metadata"].get("deletionTimestamp") and not claim["metadata"].get("finalizers"):
                return did
            md = claim["metadata"]
        # syncClaim: an unreserved claim whose owning pod was replaced or is done is deleted;
        # one whose pod is not found is left to the garbage collector ("We might not know the
        # pod *yet*")
        if not (claim.get("status") or {}).get("reservedFor") and not md.get("deletionTimestamp"):
            owner = next((r for r in md.get("ownerReferences") or () if r.get("controller")), None)
            if owner is not None and owner.get("kind") == "Pod" and owner.get("apiVersion") == "v1":
                pod = self.api.try_get("Pod", owner.get("name", ""), ns)
                if pod is not None and (pod["metadata"].get("uid") != owner.get("uid") or is_pod_done(pod)):
                    try:
                        self.api.delete("ResourceClaim", md["name"], ns)
                        did = True
                    except E.NotFound:
                        pass
                    except E.StatusError as e:
                        self.retry_later("ResourceClaim", claim, str(e))  # no event either
        return did

    # ------------------------------------------------------------------ metrics
    def metrics_text(self) -> str:
        with_source = _minor(self.gates.version) >= (1, 35)  # 1.34 has no source label
        counts: dict[tuple[str, str, str], int] = {}
        for c in self.api.list("ResourceClaim", copy=False):
            ann = c["metadata"].get("annotations") or {}
            source = "" if not with_source else \
                "extended_resource" if ann.get(cu.EXTENDED_RESOURCE_CLAIM_ANNOTATION) == "true" else \
                "resource_claim_template" if cu.POD_CLAIM_NAME_ANNOTATION in ann else ""
            admin = any((r.get("exactly") or {}).get("adminAccess")
                        for r in ((c.get("spec") or {}).get("devices") or {}).get("requests") or ())
            allocated = bool((c.get("status") or {}).get("allocation"))
            k = (str(admin).lower(), str(allocated).lower(), source)
            counts[k] = counts.get(k, 0) + 1
        name = "dynamic_resource_allocation_resource_claims" if self.version_137 else \
            "resourceclaim_controller_resource_claims"
        lines = [f"# HELP {name} Number of ResourceClaims", f"# TYPE {name} gauge"]
        for (admin, allocated, source), n in sorted(counts.items()):
            labels = f'admin_access="{admin}",allocated="{allocated}"' + (
                f',source="{source}"' if with_source else "")
            lines.append(f"{name}{{{labels}}} {n}")
        creates = "dynamic_resource_allocation_resourceclaim_creates_total" if self.version_137 else \
            "resourceclaim_controller_creates_total"
        lines += [f"# HELP {creates} Number of ResourceClaims creation requests, categorized by "
                  "creation status and admin access", f"# TYPE {creates} counter"]
        for (status, admin), n in sorted(self.creates.items()):
            lines.append(f'{creates}{{admin_access="{admin}",status="{status}"}} {n}')
        return "\n".join(lines) + "\n"
