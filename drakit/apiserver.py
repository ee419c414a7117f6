"""An in-memory Kubernetes API server for the DRA kinds.

Why a real store with real verbs rather than a dict of objects: the scheduler, controllers
and kubelets of the reference implementation talk only through it (list/watch/write), as
their upstream counterparts do, so every observable effect of a scenario (objects,
resourceVersions, conflicts, finalizers, events) exists here the same way it exists on a
live cluster and can be compared step by step.

Every write runs the admission chain of kube-apiserver:
defaulting + drop-disabled-fields (strategy.prepare_*) -> metadata and object validation
-> admission plugins (quota) -> storage + watch event; mutating admission plugins (Priority)
run before the defaulting. A failed write changes nothing.
"""

from __future__ import annotations

import datetime as _dt
import functools
import json
import marshal
import random
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from drakit.api import errors as E
from drakit.api.meta import (
    LogicalClock,
    deep_copy,
    labels_match,
    merge_patch,
    parse_label_selector,
    parse_rfc3339,
    rfc3339,
)
from drakit.api.names import generate_name, release_wording
from drakit.features import FeatureGates
from drakit.kinds import KINDS, KindInfo, strategy_for
from drakit.schema import STRICT, check_field_validation
from drakit.schema import decode as schema_decode
from drakit.validation.strategy import Context

# Admission plugin: (operation, new object or None, old object or None, server) -> None,
# raising a StatusError to refuse. operation is CREATE, UPDATE or DELETE.
AdmissionPlugin = Callable[[str, dict | None, dict | None, "APIServer"], None]

MAX_REQUEST_BYTES = 3 * 1024 * 1024  # kube-apiserver's default max request body (3 MiB)


# The watch window (kube-apiserver's watch cache): the log keeps at most this many events
# and about this many bytes of objects; a watch resuming before the oldest kept event gets
# 410 Expired and the client relists. Upstream sizes the cache by event count (cacher
# watch_cache.go: defaultLowerBoundCapacity 100 growing to defaultUpperBoundCapacity
# 100*1024) and etcd compacts its history every 5 minutes; drakit keeps upstream's upper
# count bound and adds a byte bound, because it keeps no etcd below the cache: the log is the
# only history, and without a byte bound 300 updates of a 1 MB object would stay in memory
# long after the object is deleted. Both are per APIServer attributes (tests shrink them).
WATCH_WINDOW_EVENTS = 100 * 1024
WATCH_WINDOW_BYTES = 64 * 1024 * 1024


@dataclass(frozen=True)
class WatchEvent:
    """One change. ``object`` is the stored snapshot itself, shared and read-only: the
    store never mutates an object in place (every write stores a new dict), so handing
    it out without a copy is safe as long as consumers do not mutate it either."""

    type: str  # ADDED, MODIFIED, DELETED
    kind: str
    object: dict
    resource_version: int
    size: int = field(default=0, compare=False, repr=False)
    """Bytes the event holds (the marshalled object), counted against the watch window."""


def _worded_as_emulated(method: Callable[..., Any]) -> Callable[..., Any]:
    """Run a write with the name validators worded as the emulated release's apimachinery
    (drakit.api.names.release_wording: label keys and values changed wording in 1.35)."""
    @functools.wraps(method)
    def write(self: APIServer, *args: Any, **kwargs: Any) -> Any:
        with release_wording(self.gates.version):
            return method(self, *args, **kwargs)
    return write


class APIServer:
    """The store and its verbs. One instance per drakit Cluster."""

    def __init__(self, gates: FeatureGates | None = None, clock: LogicalClock | None = None,
                 seed: int = 0) -> None:
        self.gates = gates or FeatureGates()
        self.clock = clock or LogicalClock()
        self._rand = random.Random(seed)
        self._rv = 0
        # kind -> (namespace, name) -> stored object (never handed out; callers get copies)
        self._store: dict[str, dict[tuple[str, str], dict]] = {k: {} for k in KINDS}
        # (kind, key) -> (resourceVersion, object as stored) for objects another release
        # decoded without some fields (set_gates): until the object is written again, a
        # later release still finds those fields in etcd
        self._undecoded: dict[tuple[str, tuple[str, str]], tuple[str | None, dict]] = {}
        self._log: list[WatchEvent] = []
        self._log_bytes = 0
        self._log_floor = 0
        """The newest resourceVersion dropped from the log (0: nothing dropped yet)."""
        self.watch_window_events = WATCH_WINDOW_EVENTS
        self.watch_window_bytes = WATCH_WINDOW_BYTES
        # kube-apiserver's default plugins drakit models, in its order (k/k pkg/kubeapiserver/
        # options/plugins.go AllOrderedPlugins: NamespaceLifecycle, ..., Priority, ...,
        # RuntimeClass, ..., ResourceQuota). Mutating plugins run before the object is
        # defaulted and validated (NamespaceLifecycle is built into create(); Priority's Admit
        # sets pod.spec.priority; RuntimeClass's Admit sets pod.spec.overhead and its
        # scheduling); the others after validation: Priority's and RuntimeClass's Validate,
        # then ValidatingAdmissionPolicy, then ResourceQuota (which the controllers add).
        from drakit.admission_policy import ValidatingAdmissionPolicyPlugin
        from drakit.validation.node import RuntimeClassAdmission
        from drakit.validation.priority import PriorityAdmission

        priority, runtime_class = PriorityAdmission(), RuntimeClassAdmission()
        # AllOrderedPlugins: Priority before RuntimeClass in both phases; ValidatingAdmissionPolicy
        # after RuntimeClass, before ResourceQuota
        self.mutating_admission: list[AdmissionPlugin] = [priority.admit, runtime_class.admit]
        self.admission: list[AdmissionPlugin] = [priority.validate, runtime_class.validate,
                                                 ValidatingAdmissionPolicyPlugin()]
        self.warnings: list[str] = []
        # (kind, key) -> [writes left, action]: see interleave()
        self._interleaved: dict[tuple[str, tuple[str, str]], list[Any]] = {}
        self._interleaving = False
        self._ensure_namespace("default")
        self._ensure_namespace("kube-system")
        self._ensure_system_priority_classes()

    # ------------------------------------------------------------------ context
    @property
    def version(self) -> str:
        return self.gates.version

    def context(self, api_version: str = "") -> Context:
        return Context(version=self.gates.version, gates=self.gates, api_version=api_version,
                       namespace_labels=self._namespace_labels, now=self.clock.timestamp())

    def _validating_admission(self, op: str, new: dict | None, old: dict | None,
                              info: KindInfo, subresource: str | None = None,
                              name: str | None = None, dry_run: bool = False,
                              warnings: list[str] | None = None) -> None:
        """The validating admission plugins in order. A plugin with ``wants_attributes``
        (ValidatingAdmissionPolicy) also gets the request's admission.Attributes: subresource,
        the name the request carried (``name``; None: the object's), namespace."""
        attrs = None
        for plugin in self.admission:
            if not getattr(plugin, "wants_attributes", False):
                plugin(op, new, old, self)
                continue
            if attrs is None:
                from drakit.admission_policy import Attributes

                obj = new if new is not None else old or {}
                md = obj.get("metadata") or {}
                api_version = str(obj.get("apiVersion") or "")
                if name is None:
                    name = md.get("name") or ""
                ns = md.get("namespace") or ""
                if info.kind == "Namespace" and op != "CREATE":
                    ns = md.get("name") or ""  # RequestInfo: a namespace's own namespace
                attrs = Attributes(op, info.kind, info.group, api_version.rpartition("/")[2],
                                   info.plural, subresource or "", name, ns, new, old,
                                   dry_run, warnings)
            plugin(op, new, old, self, attributes=attrs)

    def _namespace_labels(self, name: str) -> dict | None:
        ns = self._store["Namespace"].get(("", name))
        return None if ns is None else dict((ns.get("metadata") or {}).get("labels") or {})

    def set_gates(self, gates: FeatureGates) -> None:
        """Restart with other gates or another version; the store is kept (etcd survives).

        After a version change the stored objects are read by the other release's decoder:
        a strategy's ``decode_stored(obj, ctx)`` drops what that release does not know
        (KEP-5517 changed field shapes between 1.36 and 1.37). The objects keep their
        resourceVersion and no watch event is sent, as nothing was written to etcd."""
        old_version = self.gates.version
        self.gates = gates
        if gates.version == old_version:
            return
        ctx = self.context()
        for kind, objs in self._store.items():
            decode = getattr(strategy_for(kind), "decode_stored", None)
            if decode is None:
                continue
            for key, obj in list(objs.items()):
                # what etcd still holds: the bytes are only replaced by a write (a new rv)
                raw = self._undecoded.get((kind, key))
                base = raw[1] if raw is not None and raw[0] == obj["metadata"].get("resourceVersion") else obj
                new = deep_copy(base)
                decode(new, ctx)
                if new != base:
                    objs[key] = new
                    self._undecoded[(kind, key)] = (obj["metadata"].get("resourceVersion"), base)
                else:
                    objs[key] = base
                    self._undecoded.pop((kind, key), None)

    # ------------------------------------------------------------------ kinds
    def resolve(self, api_version: str | None, kind: str | None) -> KindInfo:
        """Map apiVersion/kind to a served kind or raise what kubectl shows."""
        for field_name, value in (("apiVersion", api_version), ("kind", kind)):
            if value is not None and not isinstance(value, str):
                # apimachinery SimpleMetaFactory.Interpret reads both into strings
                from drakit.schema.model import describe
                raise E.BadRequest(
                    f"couldn't get version/kind; json parse error: json: cannot unmarshal "
                    f"{describe(value)} into Go struct field .{field_name} of type string")
        if not kind:
            raise E.BadRequest("Object 'Kind' is missing in the object")
        if not api_version:
            raise E.BadRequest(f"Object 'apiVersion' is missing in the object of kind {kind!r}")
        info = KINDS.get(kind)
        if info is None or api_version not in info.api_versions(self.context()):
            raise E.NoKindMatch(kind, api_version)
        return info

    def kind_info(self, kind: str) -> KindInfo:
        info = KINDS.get(kind)
        if info is None:
            raise E.BadRequest(f'the server doesn\'t have a resource type "{kind}"')
        return info

    def served(self, kind: str) -> bool:
        info = KINDS.get(kind)
        return bool(info and info.served_versions(self.context()))

    # ------------------------------------------------------------------ helpers
    def _next_rv(self) -> int:
        self._rv += 1
        return self._rv

    @property
    def resource_version(self) -> int:
        return self._rv

    def _key(self, info: KindInfo, namespace: str | None, name: str) -> tuple[str, str]:
        return ((namespace or "") if info.namespaced else "", name)

    def _ensure_namespace(self, name: str) -> None:
        if ("", name) not in self._store["Namespace"]:
            obj = {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": name},
                   "spec": {"finalizers": ["kubernetes"]}, "status": {"phase": "Active"}}
            self._stamp_new(obj)
            self._store["Namespace"][("", name)] = obj

    def _ensure_system_priority_classes(self) -> None:
        """system-node-critical and system-cluster-critical exist from the start, as the
        scheduling REST storage's post-start hook creates them (k/k pkg/registry/scheduling/
        rest/storage_scheduling.go). Stored like the namespaces above: no watch event, and a
        uid that does not draw on the seeded RNG, so generated names stay what they were."""
        from drakit.validation.priority import system_class_uid, system_priority_classes

        strategy = strategy_for("PriorityClass")
        for obj in system_priority_classes():
            key = ("", obj["metadata"]["name"])
            if key in self._store["PriorityClass"]:
                continue
            strategy.prepare_for_create(obj, self.context(obj["apiVersion"]))
            m = obj["metadata"]
            m["uid"] = system_class_uid(m["name"])
            m["creationTimestamp"] = self.clock.timestamp()
            m["resourceVersion"] = str(self._next_rv())
            self._store["PriorityClass"][key] = obj

    def store_past_validation(self, obj: dict, namespace: str = "default") -> dict:
        """Write ``obj`` straight to storage as data an older release, a bug or a direct etcd
        write left there: stamped like a create (a replace keeps the uid and creation time),
        without validation, defaulting or admission, and with the watch event components see.
        For checks that components survive stored data this server would refuse (tests, the
        reference backend's reference-only steps); no request path reaches it. Returns the
        stored object (not a copy)."""
        obj = deep_copy(obj)
        info = self.kind_info(obj["kind"])
        md = obj.setdefault("metadata", {})
        if info.namespaced:
            md.setdefault("namespace", namespace)
        key = self._key(info, md.get("namespace"), md["name"])
        old = self._store[info.kind].get(key)
        type_ = "ADDED"
        if old is None:
            self._stamp_new(obj)
        else:
            for f in ("uid", "creationTimestamp"):
                md[f] = old["metadata"][f]
            md["resourceVersion"] = str(self._next_rv())
            type_ = "MODIFIED"
        self._store[info.kind][key] = obj
        self._emit(type_, info.kind, obj)
        return obj

    def _stamp_new(self, obj: dict) -> None:
        m = obj["metadata"]
        m["uid"] = str(uuid.UUID(int=self._rand.getrandbits(128), version=4))
        m["creationTimestamp"] = self.clock.timestamp()
        m["resourceVersion"] = str(self._next_rv())
        # metadata.generation is the strategy's business (set_generation): the generic
        # store never sets it, so kinds that do not track it have none.

    def _emit(self, type_: str, kind: str, obj: dict) -> None:
        size = _object_bytes(obj)
        self._log.append(WatchEvent(type_, kind, obj, int(obj["metadata"]["resourceVersion"]),
                                    size))
        self._log_bytes += size
        if len(self._log) > self.watch_window_events or \
                self._log_bytes > self.watch_window_bytes:
            self._compact_log()

    def _compact_log(self) -> None:
        """Drop the oldest events until the log is back under 90% of both bounds (the slack
        makes compaction rare, so its cost per write stays constant); the newest event is
        always kept."""
        max_events = max(int(self.watch_window_events * 0.9), 1)
        max_bytes = int(self.watch_window_bytes * 0.9)
        drop, left_bytes, left = 0, self._log_bytes, len(self._log)
        while left > 1 and (left > max_events or left_bytes > max_bytes):
            left_bytes -= self._log[drop].size
            drop += 1
            left -= 1
        if drop:
            self._log_floor = self._log[drop - 1].resource_version
            del self._log[:drop]
            self._log_bytes = left_bytes

    def restart_watch_cache(self) -> None:
        """kube-apiserver restarted: its watch cache starts over from a list of storage at the
        current resourceVersion (k8s.io/apiserver pkg/storage/cacher: the new watchCache holds
        no event older than its initial list), so a watch that resumes from an older
        resourceVersion gets 410 Expired and its client relists; one that had seen everything
        resumes as before. The store itself is kept, as etcd is."""
        self._log.clear()
        self._log_bytes = 0
        self._log_floor = self._rv

    def watch_window(self) -> dict[str, int]:
        """What the watch log holds now: events, bytes, and the oldest resourceVersion a
        watch may resume from (``since`` below it gets 410 Expired)."""
        return {"events": len(self._log), "bytes": self._log_bytes,
                "oldestResumable": self._log_floor,
                "maxEvents": self.watch_window_events, "maxBytes": self.watch_window_bytes}

    def _check_size(self, obj: Any) -> None:
        try:  # the marshalled size tracks the JSON size closely and costs a fifth
            size = len(marshal.dumps(obj))
        except ValueError:
            size = len(json.dumps(obj, separators=(",", ":"), default=str))
        if size > MAX_REQUEST_BYTES:
            raise E.StatusError(
                message=f"Request entity too large: limit is {MAX_REQUEST_BYTES}",
                reason="RequestEntityTooLarge", code=413)

    def _validate_meta(self, info: KindInfo, obj: dict,
                       old: dict | None = None) -> list[E.FieldError]:
        from drakit.validation import meta as M

        path = E.root("metadata")
        if old is not None:
            return M.validate_object_meta_update(obj, old, path, self.gates.version)
        # Namespace names are DNS labels; everything else here is a DNS subdomain.
        name_fn = M.name_is_dns_label if info.kind == "Namespace" else None
        return M.validate_object_meta(obj, info.namespaced, path, name_fn=name_fn,
                                      version=self.gates.version)

    # ------------------------------------------------------------------ read verbs
    def get(self, kind: str, name: str, namespace: str | None = None, copy: bool = True) -> dict:
        """The stored object; ``copy=False`` hands out the stored one itself, for trusted
        readers that never change it (as ``list``)."""
        info = self.kind_info(kind)
        obj = self._store[kind].get(self._key(info, namespace, name))
        if obj is None:
            raise E.NotFound(kind, name, info.group, info.plural)
        return deep_copy(obj) if copy else obj

    def try_get(self, kind: str, name: str, namespace: str | None = None,
                copy: bool = True) -> dict | None:
        try:
            return self.get(kind, name, namespace, copy)
        except E.NotFound:
            return None

    def list(self, kind: str, namespace: str | None = None, label_selector: str | None = None,
             field_selector: Mapping[str, str] | None = None, copy: bool = True) -> list[dict]:
        """Objects sorted by namespace/name. ``copy=False`` is for trusted readers only."""
        info = self.kind_info(kind)
        reqs = parse_label_selector(label_selector) if label_selector else []
        out = []
        for (ns, _name), obj in sorted(self._store[kind].items()):
            if info.namespaced and namespace and ns != namespace:
                continue
            if reqs and not labels_match(obj["metadata"].get("labels"), reqs):
                continue
            if field_selector and not all(
                    _field_value(obj, k) == v for k, v in field_selector.items()):
                continue
            out.append(deep_copy(obj) if copy else obj)
        return out

    def count(self, kind: str) -> int:
        return len(self._store[kind])

    # ------------------------------------------------------------------ watch
    def watch(self, since: int = 0, kinds: Iterable[str] | None = None) -> list[WatchEvent]:
        """Events with resourceVersion > ``since``, oldest first (a watch resumed at ``since``).

        Raises ``Expired`` (410) when events after ``since`` were already dropped from the
        watch window: the caller must relist, then watch from the list's resourceVersion.
        """
        if since < self._log_floor:
            oldest = self._log[0].resource_version if self._log else self._log_floor + 1
            raise E.Expired(since, oldest - 1)
        wanted = set(kinds) if kinds else None
        # the log is ordered by resourceVersion: bisect to the first newer event
        lo, hi = 0, len(self._log)
        while lo < hi:
            mid = (lo + hi) // 2
            if self._log[mid].resource_version <= since:
                lo = mid + 1
            else:
                hi = mid
        return [ev for ev in self._log[lo:] if wanted is None or ev.kind in wanted]

    # ------------------------------------------------------------------ create
    @_worded_as_emulated
    def create(self, obj: Mapping[str, Any], namespace: str | None = None,
               dry_run: bool = False, field_validation: str | None = None,
               warnings: list[str] | None = None) -> dict:
        """POST. ``field_validation`` is Strict (drakit's Python callers, like kubectl),
        Warn (``drakit serve``'s default, like kube-apiserver's) or Ignore; warnings of
        Warn are appended to ``warnings``."""
        info, new = self._decode(obj, "create", field_validation, warnings)
        ctx = self.context(new["apiVersion"])
        m = new.get("metadata")
        if m is None:
            m = new["metadata"] = {}
        if info.namespaced:
            ns = m.get("namespace") or namespace or "default"
            if namespace and m.get("namespace") and m["namespace"] != namespace:
                raise E.BadRequest("the namespace of the provided object does not match the "
                                   "namespace sent on the request")
            m["namespace"] = ns
        else:
            m.pop("namespace", None)
        # the create handler's rest.WipeObjectMetaSystemFields (uid, creationTimestamp,
        # deletionTimestamp, deletionGracePeriodSeconds, selfLink): metadata.generation is
        # not among them, so a client's value stays unless the kind's PrepareForCreate sets
        # 1; ValidateObjectMeta refuses a negative one
        # resourceVersion is not wiped either: the etcd3 store refuses it further down
        client_rv = m.pop("resourceVersion", None)
        for f in ("uid", "creationTimestamp", "deletionTimestamp",
                  "deletionGracePeriodSeconds", "managedFields", "selfLink"):
            m.pop(f, None)
        if info.namespaced:
            self._namespace_lifecycle(info, m)
        for plugin in self.mutating_admission:
            plugin("CREATE", new, None, self)
        requested_name = m.get("name") or ""
        if not m.get("name") and m.get("generateName"):
            m["name"] = generate_name(m["generateName"], self._rand)
        strategy = strategy_for(info.kind)
        if info.has_status and not getattr(strategy, "keep_status_on_create", False):
            new["status"] = {}
        strategy.prepare_for_create(new, ctx)
        if info.has_status:
            new.setdefault("status", {})  # Go serialises an empty status struct as {}
        errs = self._validate_meta(info, new)
        errs += strategy.validate_create(new, ctx)
        name = m.get("name") or ""
        if errs:
            raise E.Invalid(info.kind, name, errs, info.group)
        # validating admission runs before the storage layer (registry Store.Create's
        # createValidation), so a refusing policy answers before "already exists" does
        self._validating_admission("CREATE", new, None, info, name=requested_name,
                                   dry_run=dry_run, warnings=warnings)
        key = self._key(info, m.get("namespace"), name)
        if not dry_run and _nonzero_resource_version(client_rv):
            # etcd3 store.Create: checked before the key's existence; the dry-run storage
            # wrapper only looks the key up
            raise E.StorageError(E.RESOURCE_VERSION_SET_ON_CREATE)
        if key in self._store[info.kind]:
            raise E.AlreadyExists(info.kind, name, info.group, info.plural)
        if dry_run:
            m["uid"] = str(uuid.UUID(int=self._rand.getrandbits(128), version=4))
            m["creationTimestamp"] = self.clock.timestamp()
            return new
        self._stamp_new(new)
        self._store[info.kind][key] = new
        self._emit("ADDED", info.kind, new)
        return deep_copy(new)

    def _namespace_lifecycle(self, info: KindInfo, m: dict) -> None:
        """The NamespaceLifecycle admission plugin on CREATE (k/k
        plugin/pkg/admission/namespace/lifecycle/admission.go). It is a mutating plugin, so
        it answers before the object is defaulted or validated: no namespace -> NotFound;
        a Terminating namespace -> Forbidden with a NamespaceTerminating cause."""
        ns = m["namespace"]
        if ("", ns) not in self._store["Namespace"]:
            raise E.NotFound("Namespace", ns)
        if self._namespace_terminating(ns):
            # admission.NewForbidden names the object before name generation ran
            name = m.get("name") or m.get("generateName") or "Unknown"
            err = E.Forbidden(info.kind, name,
                              f"unable to create new content in namespace {ns} "
                              "because it is being terminated", info.group, info.plural)
            err.details["causes"] = [{"reason": "NamespaceTerminating",
                                      "message": f"namespace {ns} is being terminated",
                                      "field": "metadata.namespace"}]
            raise err

    def _namespace_terminating(self, ns: str) -> bool:
        """The lifecycle plugin looks at the phase (the namespace registry sets it together
        with the deletionTimestamp on the first delete)."""
        obj = self._store["Namespace"].get(("", ns))
        return bool(obj and (obj.get("status") or {}).get("phase") == "Terminating")

    # ------------------------------------------------------------------ update
    @_worded_as_emulated
    def update(self, obj: Mapping[str, Any], dry_run: bool = False,
               subresource: str | None = None, field_validation: str | None = None,
               warnings: list[str] | None = None, uid_precondition: bool = True) -> dict:
        """PUT: replace the object (or its status with ``subresource='status'``). The body's
        uid is a precondition, as the update handler makes it; ``uid_precondition=False`` for a
        patch the caller applied (the patch handler sets none: a patched uid is immutable)."""
        info, new = self._decode(obj, "update", field_validation, warnings)
        m = new.setdefault("metadata", {})
        name = m.get("name") or ""
        if not name:
            raise E.Invalid(info.kind, "", [E.required("metadata.name", "name is required")],
                            info.group)
        key = self._key(info, m.get("namespace"), name)
        self._before_write(info.kind, key)
        old = self._store[info.kind].get(key)
        if old is None:
            raise E.NotFound(info.kind, name, info.group, info.plural)
        uid, old_uid = m.get("uid") or "", old["metadata"].get("uid") or ""
        if uid_precondition and uid and uid != old_uid:
            raise E.Conflict(info.kind, name, info.group, info.plural,
                             detail=_uid_precondition_failed(info, m.get("namespace"), name, uid, old_uid,
                                                             dry_run))
        rv = m.get("resourceVersion")
        if rv not in (None, "") and str(rv) != old["metadata"]["resourceVersion"]:
            raise E.Conflict(info.kind, name, info.group, info.plural)
        return self._write_update(info, new, old, dry_run, subresource, warnings)

    def _write_update(self, info: KindInfo, new: dict, old: dict, dry_run: bool,
                      subresource: str | None, warnings: list[str] | None = None) -> dict:
        ctx = self.context(new["apiVersion"])
        strategy = strategy_for(info.kind)
        m, om = new["metadata"], old["metadata"]
        # metadata the client cannot change (rest.BeforeUpdate). A uid is kept only when the
        # body has none ("Use the existing UID if none is provided"); another one is refused:
        # a PUT's by the storage precondition (update()), a PATCH's by ValidateObjectMetaUpdate
        # ("metadata.uid: ... field is immutable"), spec and status writes alike
        if not m.get("uid"):
            if "uid" in om:
                m["uid"] = om["uid"]
            else:
                m.pop("uid", None)
        for f in ("creationTimestamp", "deletionTimestamp", "deletionGracePeriodSeconds",
                  "generation", "namespace"):
            if f in om:
                m[f] = om[f]
            else:
                m.pop(f, None)
        if subresource == "status":
            if not info.has_status:
                raise E.NotFound(info.kind, m["name"], info.group, info.plural)
            # The object as sent: the status strategy keeps the spec and resets the metadata
            # its kind protects (pods: ownerReferences; claims: ResetObjectMetaForStatus ...).
            strategy.prepare_for_status_update(new, old, ctx)
            errs = self._validate_meta(info, new, old)
            errs += _finalizers_while_deleting(new, old)
            errs += strategy.validate_status_update(new, old, ctx)
        elif subresource == "finalize" and info.kind == "Namespace":
            # namespaces/<name>/finalize: the namespace controller's way to drop its
            # spec finalizer (k/k pkg/registry/core/namespace, namespaceFinalizeStrategy)
            strategy.prepare_for_finalize_update(new, old, ctx)  # type: ignore[attr-defined]
            errs = self._validate_meta(info, new, old)
            errs += _finalizers_while_deleting(new, old)
            errs += strategy.validate_finalize_update(new, old, ctx)  # type: ignore[attr-defined]
        elif subresource is None:
            # mutating admission sees the main resource only (Priority, the one drakit
            # models, ignores subresources, as upstream's does)
            for plugin in self.mutating_admission:
                plugin("UPDATE", new, old, self)
            if info.has_status:
                if "status" in old:
                    new["status"] = deep_copy(old["status"])
                else:
                    new.pop("status", None)
            strategy.prepare_for_update(new, old, ctx)
            errs = self._validate_meta(info, new, old)
            errs += _finalizers_while_deleting(new, old)
            errs += strategy.validate_update(new, old, ctx)
        elif subresource == "resize" and info.kind == "Pod":
            new, errs = self._resize_pod(new, old, ctx)
        else:
            raise E.NotFound(info.kind, f"{m['name']}/{subresource}", info.group, info.plural)
        if errs:
            raise E.Invalid(info.kind, m["name"], errs, info.group)
        self._validating_admission("UPDATE", new, old, info, subresource, dry_run=dry_run,
                                   warnings=warnings)
        if dry_run:
            return new
        if _same_content(new, old):
            return deep_copy(old)  # no-op updates do not bump resourceVersion (like etcd3 store)
        new["metadata"]["resourceVersion"] = str(self._next_rv())
        key = self._key(info, new["metadata"].get("namespace"), new["metadata"]["name"])
        if _should_delete_during_update(info, new, old):
            del self._store[info.kind][key]
            self._emit("DELETED", info.kind, new)
            return deep_copy(new)
        self._store[info.kind][key] = new
        self._emit("MODIFIED", info.kind, new)
        return deep_copy(new)

    def _resize_pod(self, new: dict, old: dict, ctx: Context) -> tuple[dict, list]:
        """pods/resize: only container resources (and pod-level resources) change; the rest
        of the request is ignored, as the resize strategy copies everything else from the
        old pod (k/k podResizeStrategy)."""
        from drakit.validation.core import validate_pod_resize

        out = deep_copy(old)
        out["metadata"]["resourceVersion"] = new["metadata"].get("resourceVersion")
        wanted = {c.get("name"): c.get("resources") for c in
                  (new.get("spec") or {}).get("containers") or ()}
        for c in out.get("spec", {}).get("containers") or ():
            if c.get("name") in wanted and wanted[c["name"]] is not None:
                c["resources"] = wanted[c["name"]]
        if "resources" in (new.get("spec") or {}):
            out["spec"]["resources"] = new["spec"]["resources"]
        if out.get("spec") != old.get("spec"):  # podResizeStrategy: updatePodGeneration
            out["metadata"]["generation"] = int(old["metadata"].get("generation") or 0) + 1
        return out, validate_pod_resize(out, old, ctx)

    def update_status(self, obj: Mapping[str, Any], dry_run: bool = False,
                      field_validation: str | None = None,
                      warnings: list[str] | None = None) -> dict:
        return self.update(obj, dry_run=dry_run, subresource="status",
                           field_validation=field_validation, warnings=warnings)

    # ------------------------------------------------------------------ interleaving
    MAX_INTERLEAVED = 16
    """How many objects may have writes of another client waiting (a scenario's bound)."""

    def interleave(self, kind: str, name: str, namespace: str | None, action: Callable[[], None],
                   times: int = 1) -> None:
        """Run ``action`` just before each of the next ``times`` writes to this object
        (update, status update, patch, delete or binding), whoever makes them: another
        client's write that lands between a component's read and its own write. A real
        cluster has such races; the synchronous reference never interleaves on its own, so
        scenarios of the reference-internals capability arm them. The action's own writes
        do not set it off."""
        if not 1 <= times <= 100:
            raise ValueError(f"times must be 1-100, not {times}")
        info = self.kind_info(kind)
        key = (kind, self._key(info, namespace, name))
        if key not in self._interleaved and len(self._interleaved) >= self.MAX_INTERLEAVED:
            raise ValueError(f"at most {self.MAX_INTERLEAVED} objects may wait for interleaved writes")
        self._interleaved[key] = [times, action]

    def interleaved_pending(self) -> list[str]:
        """The objects whose interleaved writes have not all happened, "Kind ns/name (n left)"."""
        return [f"{kind} {'/'.join(p for p in key if p)} ({entry[0]} left)"
                for (kind, key), entry in sorted(self._interleaved.items())]

    def _before_write(self, kind: str, key: tuple[str, str]) -> None:
        if not self._interleaved or self._interleaving:
            return
        entry = self._interleaved.get((kind, key))
        if entry is None:
            return
        entry[0] -= 1
        if entry[0] <= 0:
            del self._interleaved[(kind, key)]
        self._interleaving = True
        try:
            entry[1]()
        finally:
            self._interleaving = False

    # ------------------------------------------------------------------ patch
    @_worded_as_emulated
    def patch(self, kind: str, name: str, patch: Mapping[str, Any],
              namespace: str | None = None, subresource: str | None = None,
              dry_run: bool = False, patch_type: str = "merge",
              field_validation: str | None = None,
              warnings: list[str] | None = None) -> dict:
        """JSON merge patch (RFC 7386); a resourceVersion in the patch is a precondition.
        The patched object is decoded like a PUT body (the patch handler of
        k8s.io/apiserver decodes the patched JSON with the same strict decoder)."""
        if patch_type != "merge":
            raise E.BadRequest(f"patch type {patch_type!r} is not supported by drakit's "
                               "in-process API server (use merge)")
        if not isinstance(patch, Mapping):
            raise E.BadRequest("a merge patch must be a JSON object")
        info = self.kind_info(kind)
        key = self._key(info, namespace, name)
        self._before_write(kind, key)
        old = self._store[kind].get(key)
        if old is None:
            raise E.NotFound(kind, name, info.group, info.plural)
        pmeta = patch.get("metadata")
        rv = pmeta.get("resourceVersion") if isinstance(pmeta, Mapping) else None
        if rv not in (None, "") and str(rv) != old["metadata"]["resourceVersion"]:
            raise E.Conflict(kind, name, info.group, info.plural)
        merged = merge_patch(deep_copy(old), deep_copy(dict(patch)))
        if not isinstance(merged.get("metadata"), dict):
            merged["metadata"] = {}
        merged["apiVersion"], merged["kind"] = old["apiVersion"], old["kind"]
        merged["metadata"]["resourceVersion"] = old["metadata"]["resourceVersion"]
        merged["metadata"]["name"] = name
        _, new = self._decode(merged, "patch", field_validation, warnings)
        return self._write_update(info, new, old, dry_run, subresource, warnings)

    # ------------------------------------------------------------------ decoding
    default_field_validation: str = STRICT
    """Directive when a caller names none: Strict, as kubectl sends (drakit apply,
    Cluster.apply, components); ``drakit serve`` passes the request's, Warn by default."""

    def _decode(self, obj: Any, verb: str, field_validation: str | None,
                warnings: list[str] | None) -> tuple[KindInfo, dict]:
        """What kube-apiserver's decoder makes of a request body: the kind resolved, the
        object decoded against the kind's published schema (unknown/duplicate fields per
        ``field_validation``, wrong JSON types refused) and normalised as Go serialises
        it. Nothing that fails here is stored."""
        if not isinstance(obj, Mapping):
            raise E.BadRequest(f"the object to {verb} must be a mapping (a YAML/JSON object)")
        self._check_size(obj)
        directive = check_field_validation(
            field_validation or self.default_field_validation,
            {"create": "CreateOptions", "update": "UpdateOptions"}.get(verb, "PatchOptions"))
        api_version, kind = obj.get("apiVersion"), obj.get("kind")
        info = self.resolve(api_version, kind)
        decoded = schema_decode(obj, self.gates.version, directive)
        if warnings is not None:
            warnings.extend(decoded.warnings)
        new = decoded.obj
        if not isinstance(new.get("metadata"), dict):
            new["metadata"] = {}
        return info, new

    # ------------------------------------------------------------------ delete
    IMMORTAL_NAMESPACES = ("default", "kube-system", "kube-public")
    """kube-apiserver's NamespaceLifecycle refuses to delete these."""

    @_worded_as_emulated
    def delete(self, kind: str, name: str, namespace: str | None = None,
               dry_run: bool = False, preconditions_uid: str | None = None,
               grace_period_seconds: int | None = None, collection: bool = False) -> dict:
        """DELETE as the generic registry store does it (k8s.io/apiserver
        pkg/registry/generic/registry/store.go ``Delete`` with rest.BeforeDelete).

        ``collection``: one item of a DELETE of a collection (DeleteCollection deletes item
        by item; its admission attributes carry no name, handlers/delete.go).

        Returns the object as it is afterwards: still stored with a deletionTimestamp
        (graceful deletion, finalizers, a Terminating namespace) or gone (its last state).
        """
        info = self.kind_info(kind)
        if kind == "PriorityClass":
            from drakit.validation.priority import refuse_system_class_delete

            refuse_system_class_delete(name)
        key = self._key(info, namespace, name)
        self._before_write(kind, key)
        old = self._store[kind].get(key)
        if old is None:
            raise E.NotFound(kind, name, info.group, info.plural)
        if kind == "Namespace" and name in self.IMMORTAL_NAMESPACES:
            raise E.Forbidden(kind, name, "this namespace may not be deleted", info.group,
                              info.plural)
        if preconditions_uid and old["metadata"].get("uid") != preconditions_uid:
            raise E.Conflict(kind, name, info.group, info.plural,
                             detail=f"Precondition failed: UID in precondition: "
                                    f"{preconditions_uid}, UID in object meta: "
                                    f"{old['metadata'].get('uid')}")
        self._validating_admission("DELETE", None, old, info, name="" if collection else None,
                                   dry_run=dry_run)
        if kind == "Namespace":
            new, gone = self._delete_namespace(info, old)
        else:
            new, gone = self._before_delete(info, old, grace_period_seconds)
        if dry_run or new is old:
            return deep_copy(new)
        if not gone:
            new["metadata"]["resourceVersion"] = str(self._next_rv())
            self._store[kind][key] = new
            self._emit("MODIFIED", kind, new)
            return deep_copy(new)
        del self._store[kind][key]
        gone_obj = deep_copy(old)  # the watch shows the last stored state (etcd prevKV)
        gone_obj["metadata"]["resourceVersion"] = str(self._next_rv())
        self._emit("DELETED", kind, gone_obj)
        return deep_copy(gone_obj)

    def _before_delete(self, info: KindInfo, old: dict,
                       grace: int | None) -> tuple[dict, bool]:
        """(the object afterwards, whether it is removed); ``old`` itself when nothing changes.

        rest.BeforeDelete + the store: a graceful deletion (pods on a running kubelet) sets
        deletionTimestamp = now + grace, deletionGracePeriodSeconds and bumps a generation
        that is set; a deletion that finds finalizers marks the object deleting (now, grace
        0, generation bump: markAsDeleting); otherwise the object is removed. An object
        already being deleted gracefully only accepts a shorter grace period.
        """
        om = old["metadata"]
        fins = bool(om.get("finalizers"))
        new = deep_copy(old)
        nm = new["metadata"]
        if om.get("deletionTimestamp"):
            current = om.get("deletionGracePeriodSeconds")
            if current:  # graceful deletion pending
                if grace is None or grace >= current:
                    return old, False
                ts = parse_rfc3339(om["deletionTimestamp"])
                nm["deletionTimestamp"] = rfc3339(ts + _dt.timedelta(seconds=grace - current))
                nm["deletionGracePeriodSeconds"] = grace
                return new, grace == 0 and not fins
            return (old, False) if fins else (new, True)
        period = self._graceful(info, old, grace)
        if period > 0 or fins:
            now = self.clock.now()
            nm["deletionTimestamp"] = rfc3339(now + _dt.timedelta(seconds=period))
            nm["deletionGracePeriodSeconds"] = period
            if int(om.get("generation") or 0) > 0:
                nm["generation"] = int(om["generation"]) + 1
            return new, False
        return new, True

    def _delete_namespace(self, info: KindInfo, old: dict) -> tuple[dict, bool]:
        """The namespace registry's Delete (k/k pkg/registry/core/namespace/storage): the
        first delete only sets the deletionTimestamp and phase Terminating, the namespace
        controller removes the content and then its ``kubernetes`` spec finalizer through
        namespaces/<name>/finalize; a later delete while spec.finalizers remain answers the
        namespace unchanged; with none left the generic store removes it."""
        om = old["metadata"]
        if not om.get("deletionTimestamp"):
            new = deep_copy(old)
            new["metadata"]["deletionTimestamp"] = self.clock.timestamp()
            new.setdefault("status", {})["phase"] = "Terminating"
            return new, False
        if (old.get("spec") or {}).get("finalizers") or om.get("finalizers"):
            return old, False
        return deep_copy(old), True

    # Pods bound to a node whose kubelet runs are deleted gracefully: the kubelet confirms.
    graceful_pod_deletion: Callable[[dict], bool] | None = None

    def _graceful(self, info: KindInfo, obj: dict, grace: int | None) -> int:
        """podStrategy.CheckGracefulDelete: the requested period, else the pod's
        terminationGracePeriodSeconds; 0 for a pod not bound to a node, a terminated pod
        and (drakit) a pod whose node runs no kubelet that could confirm; negative -> 1."""
        if info.kind != "Pod" or grace == 0 or self.graceful_pod_deletion is None:
            return 0
        if (obj.get("status") or {}).get("phase") in ("Succeeded", "Failed"):
            return 0
        if not self.graceful_pod_deletion(obj):
            return 0
        period = grace if grace is not None else int(
            (obj.get("spec") or {}).get("terminationGracePeriodSeconds", 30) or 0)
        return 1 if period < 0 else period

    def remove_finalizer(self, kind: str, name: str, finalizer: str,
                         namespace: str | None = None) -> dict | None:
        """Convenience for components: drop one finalizer with a conflict-checked update."""
        obj = self.try_get(kind, name, namespace)
        if obj is None:
            return None
        fins = obj["metadata"].get("finalizers") or []
        if finalizer not in fins:
            return obj
        obj["metadata"]["finalizers"] = [f for f in fins if f != finalizer]
        return self.update(obj)

    # ------------------------------------------------------------------ pods/binding
    @_worded_as_emulated
    def bind(self, name: str, namespace: str, node_name: str) -> dict:
        """POST pods/<name>/binding: set spec.nodeName and PodScheduled=True, as
        BindingREST does (it writes storage directly, bypassing the spec-immutability
        rules of a normal update)."""
        from drakit.validation.core import check_binding
        info = self.kind_info("Pod")
        # BindingREST.Create runs createValidation (the validating admission chain, here on the
        # Binding as pods/binding) before assignPod; of drakit's plugins only
        # ValidatingAdmissionPolicy looks at a Binding
        binding = {"apiVersion": "v1", "kind": "Binding",
                   "metadata": {"name": name, "namespace": namespace},
                   "target": {"apiVersion": "v1", "kind": "Node", "name": node_name}}
        self._validating_admission("CREATE", binding, None, info, "binding", name=name)
        key = self._key(info, namespace, name)
        self._before_write("Pod", key)
        old = self._store["Pod"].get(key)
        if old is None:
            raise E.NotFound("Pod", name, info.group, info.plural)
        problem = check_binding(old)
        if problem:
            # BindingREST.assignPod: errors.NewConflict(api.Resource("pods/binding"), name, err)
            raise E.Conflict("Pod", name, plural="pods/binding", detail=problem)
        new = deep_copy(old)
        new["spec"]["nodeName"] = node_name
        if self.gates.enabled("ClearingNominatedNodeNameAfterBinding"):
            # KEP-5278 (beta from 1.35): the nomination is spent once the pod is bound
            (new.get("status") or {}).pop("nominatedNodeName", None)
        # podutil.UpdatePodCondition: an existing PodScheduled is replaced where it stands
        # (its reason and message go; its transition time stays if it was True already),
        # otherwise the condition is appended
        conds = list(new.setdefault("status", {}).get("conditions") or [])
        cond = {"type": "PodScheduled", "status": "True", "lastProbeTime": None,
                "lastTransitionTime": self.clock.timestamp()}
        at = next((i for i, c in enumerate(conds) if c.get("type") == "PodScheduled"), None)
        if at is None:
            conds.append(cond)
        else:
            if conds[at].get("status") == "True":
                cond["lastTransitionTime"] = conds[at].get("lastTransitionTime")
            conds[at] = cond
        new["status"]["conditions"] = conds
        new["metadata"]["resourceVersion"] = str(self._next_rv())
        self._store["Pod"][key] = new
        self._emit("MODIFIED", "Pod", new)
        return deep_copy(new)

    # ------------------------------------------------------------------ events
    def record_event(self, involved: Mapping[str, Any], type_: str, reason: str,
                     message: str, component: str) -> dict | None:
        """A core/v1 Event about ``involved`` (what `kubectl describe` shows).

        Like client-go's event recorder, a refused event (e.g. into a Terminating
        namespace) is dropped, never an error for the component that recorded it."""
        md = involved.get("metadata", {})
        ns = md.get("namespace") or "default"
        ev = {
            "apiVersion": "v1", "kind": "Event",
            # client-go's recorder names events "<object>.<hex nanoseconds>" (no generateName)
            "metadata": {"name": f"{md.get('name', 'object')}.{self._rand.getrandbits(60):x}",
                         "namespace": ns},
            "involvedObject": {"apiVersion": involved.get("apiVersion"),
                               "kind": involved.get("kind"), "name": md.get("name"),
                               "namespace": md.get("namespace"), "uid": md.get("uid")},
            "type": type_, "reason": reason, "message": message,
            "source": {"component": component},
            "firstTimestamp": self.clock.timestamp(), "lastTimestamp": self.clock.timestamp(),
            "count": 1,
        }
        try:
            return self.create(ev)
        except E.StatusError:
            return None

    def events_for(self, kind: str, name: str, namespace: str | None = None) -> list[dict]:
        return [e for e in self.list("Event", namespace)
                if e["involvedObject"].get("kind") == kind
                and e["involvedObject"].get("name") == name]


# ---------------------------------------------------------------------- helpers


def _object_bytes(obj: Any) -> int:
    """About the JSON size of ``obj`` (its marshalled size: close, and five times cheaper)."""
    try:
        return len(marshal.dumps(obj))
    except ValueError:  # too deep, or a value marshal cannot write
        pass
    try:
        return len(json.dumps(obj, separators=(",", ":"), default=str))
    except (ValueError, RecursionError):
        return MAX_REQUEST_BYTES  # cannot measure: count it as the largest object allowed


def _field_value(obj: Mapping[str, Any], path: str) -> Any:
    cur: Any = obj
    for part in path.split("."):
        if not isinstance(cur, Mapping):
            return None
        cur = cur.get(part)
    return "" if cur is None else cur


def _should_delete_during_update(info: KindInfo, new: Mapping[str, Any],
                                 old: Mapping[str, Any]) -> bool:
    """generic registry ShouldDeleteDuringUpdate: the update removed the last finalizer of
    an object being deleted whose grace period is over (0 or unset); for namespaces also
    no spec finalizer may remain (ShouldDeleteNamespaceDuringUpdate)."""
    om = old.get("metadata") or {}
    if (new.get("metadata") or {}).get("finalizers") or not om.get("deletionTimestamp"):
        return False
    if om.get("deletionGracePeriodSeconds"):
        return False
    if info.kind == "Namespace" and (new.get("spec") or {}).get("finalizers"):
        return False
    return True


def _same_content(new: Mapping[str, Any], old: Mapping[str, Any]) -> bool:
    def strip(o: Mapping[str, Any]) -> dict:
        c = dict(o)
        c["metadata"] = {k: v for k, v in o.get("metadata", {}).items()
                         if k not in ("resourceVersion", "managedFields")}
        return c
    return strip(new) == strip(old)


def _finalizers_while_deleting(new: Mapping[str, Any],
                               old: Mapping[str, Any]) -> list[E.FieldError]:
    """No finalizer may be added once deletion started (ValidateObjectMetaUpdate)."""
    nm, om = new.get("metadata", {}), old.get("metadata", {})
    if not om.get("deletionTimestamp"):
        return []
    added = [f for f in nm.get("finalizers") or () if f not in (om.get("finalizers") or ())]
    if not added:
        return []
    return [E.forbidden("metadata.finalizers",
                        f"no new finalizers can be added if the object is being deleted, "
                        f"found new finalizers {json.dumps(added)}")]


#: etcd key prefixes kube-apiserver gives a resource other than its plural (its storage
#: factory's etcdResourcePrefix overrides); every other resource is stored under its plural
_ETCD_RESOURCE_PREFIX = {"Node": "minions"}


def _uid_precondition_failed(info: KindInfo, namespace: str | None, name: str, uid: str, old_uid: str,
                             dry_run: bool) -> str:
    """The detail of the 409 a PUT whose body names another uid gets (k8s.io/apiserver
    1.34-1.37): rest.DefaultUpdatedObjectInfo turns the body's uid into a storage precondition,
    storage.Preconditions.Check fails with an InvalidObj StorageError, and the registry store's
    InterpretUpdateError makes it a Conflict. The key is the etcd key ("/registry/" prefix,
    etcd3 store.GuaranteedUpdate) or, for a dry run, the registry key (DryRunnableStorage checks
    the preconditions itself)."""
    prefix = _ETCD_RESOURCE_PREFIX.get(info.kind, info.plural)
    key = f"/{prefix}/{namespace}/{name}" if info.namespaced else f"/{prefix}/{name}"
    if not dry_run:
        key = "/registry" + key
    return (f"StorageError: invalid object, Code: 4, Key: {key}, ResourceVersion: 0, AdditionalErrorMsg: "
            f"Precondition failed: UID in precondition: {uid}, UID in object meta: {old_uid}")


def _nonzero_resource_version(rv: Any) -> bool:
    """The storage versioner's reading of a client's resourceVersion on create
    (APIObjectVersioner.ObjectResourceVersion, strconv.ParseUint base 10): only a value that
    parses as a non-zero uint64 counts; an empty, zero or unparsable one is dropped silently."""
    if not isinstance(rv, str) or not rv.isascii() or not rv.isdigit():
        return False
    value = int(rv)
    return 0 < value < 1 << 64
