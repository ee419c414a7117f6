"""The contract between ``Cluster`` and the components it runs, and what a component does
when handling one object fails.

Why a module below every component: the scheduler, the controllers and the kubelets are
started by ``drakit.cluster.Cluster`` but never import it, and none imports another (the
walls tests/test_walls.py enforces), so that a restart or a crash of one cannot take the
others down and each can be built alone. A component gets a ``ComponentContext`` — the API
server, the feature gates, the logical clock, a state directory — and talks only to the
API server, as its upstream counterpart does.

Why failure handling lives here: a component never dies on stored data. Stored objects can be
malformed (written by an older version, by a bug, or straight into the store), and upstream
components survive such objects on their own: a controller whose sync of a key fails requeues
that key with per-item exponential backoff (client-go ``workqueue``
``DefaultTypedControllerRateLimiter``: 5 ms doubling up to 1000 s) and goes on with other keys;
the scheduler puts a pod whose attempt hit an error into its backoff queue (1 s doubling to
10 s); the kubelet's pod worker retries a failed pod sync (``backOffPeriod``, 10 s). drakit
does the same on the logical clock:

* ``FailureTracker.failed`` records the error for one object, posts a Warning Event on that
  object (once per distinct message, like the event recorder's aggregation; the reason is the
  upstream component's where it has one — ``FailedScheduling``,
  ``FailedResourceClaimCreation`` — else ``FailedSync``) and schedules the retry;
* ``due`` names the objects whose backoff has passed on the clock (none until the clock moves,
  so ``Cluster.settle()`` still ends); an update of the object retries it at once;
* ``ok`` forgets an object that synced;
* ``Cluster.errors()`` lists every component's open failures (``ComponentError``).

An exception that is neither an API answer (``StatusError``: a conflict, a refusal, which
upstream components also meet and retry) nor about the data (``data_error``) is a drakit
bug that the guard kept from taking the component down. ``internal_errors(api)`` keeps every
such failure of one cluster (the API server is the one object all its components share, so
the record survives component restarts): the steps fail a scenario whose reference
components hit one, even when what they show through the API looks right.
"""

from __future__ import annotations

import datetime as _dt
import traceback
import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from drakit.api.errors import Expired, StatusError
from drakit.api.meta import LogicalClock, rfc3339

if TYPE_CHECKING:  # pragma: no cover
    from drakit.apiserver import APIServer
    from drakit.features import FeatureGates

FAILED_SYNC = "FailedSync"
"""Event reason where the upstream component has no reason of its own for the failure."""

MAX_EVENT_MESSAGE = 1024
"""Event messages are cut here (events.k8s.io limits ``note`` to 1 kB)."""


KUBE_APISERVER = "kube-apiserver"
KUBE_CONTROLLER_MANAGER = "kube-controller-manager"
KUBE_SCHEDULER = "kube-scheduler"
KUBELET = "kubelet"
COMPONENTS = (KUBE_APISERVER, KUBE_CONTROLLER_MANAGER, KUBE_SCHEDULER, KUBELET)
"""The components whose gates and release can differ, by their binary names. One node's
kubelet is ``kubelet/<node>``."""


def node_of(component: str) -> str | None:
    """``"kubelet/n1"`` -> ``"n1"``; None for every other name."""
    head, sep, node = component.partition("/")
    return node if sep and head == KUBELET and node else None


@dataclass(frozen=True)
class ComponentContext:
    """What ``Cluster`` hands every component it starts, and all a component may use."""

    api: APIServer
    gates: FeatureGates
    """This component's own feature gates; ``gates.version`` is its release."""
    clock: LogicalClock
    state_dir: str | None = None
    """Where node-local state (kubelet checkpoints, sockets) lives; None: a temp dir."""
    component: str = ""
    """Which component the context is for (``COMPONENTS``, ``kubelet/<node>``)."""
    node_gates: Mapping[str, FeatureGates] = field(default_factory=dict)
    """Kubelets only: the gates (and release) of single nodes whose kubelet differs from
    ``gates``; read through ``for_node``."""

    @property
    def version(self) -> str:
        return self.gates.version

    def for_node(self, node: str) -> ComponentContext:
        """The context of one node's kubelet: its own gates where they differ."""
        gates = self.node_gates.get(node, self.gates)
        return ComponentContext(self.api, gates, self.clock, self.state_dir,
                                f"{KUBELET}/{node}")


class Component(Protocol):
    """A component ``Cluster.settle()`` runs: ``sync`` handles what changed since its last
    call through list/watch and API writes, and returns True when it did anything."""

    name: str

    def sync(self) -> bool: ...


# ---------------------------------------------------------------------------- failures

ObjectKey = tuple[str, str, str]
"""(kind, namespace or "", name); ("", "", "") is the component as a whole."""


def object_key(kind: str, obj: Any) -> ObjectKey:
    """The key of a possibly malformed object (metadata of any type never raises here)."""
    md = obj.get("metadata") if isinstance(obj, Mapping) else None
    if not isinstance(md, Mapping):
        return (kind, "", "")
    ns, name = md.get("namespace"), md.get("name")
    return (kind, ns if isinstance(ns, str) else "", name if isinstance(name, str) else "")


def describe(exc: BaseException) -> str:
    """One line: the exception and where in drakit it was raised (for a bug report); an
    error about the data itself (``data_error = True`` on its class) needs no location."""
    text = " ".join(str(exc).split()) or repr(exc)
    if getattr(exc, "data_error", False):
        return text
    where = ""
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        fn = frame.filename.replace("\\", "/")
        if "/drakit/" in fn:
            where = f" (at drakit/{fn.rsplit('/drakit/', 1)[1]}:{frame.lineno})"
            break
    return f"{type(exc).__name__}: {text}{where}"


def _resource_version(obj: Any) -> str:
    md = obj.get("metadata") if isinstance(obj, Mapping) else None
    rv = md.get("resourceVersion") if isinstance(md, Mapping) else None
    return rv if isinstance(rv, str) else ""


def format_ref(key: ObjectKey) -> str:
    kind, ns, name = key
    if not kind:
        return "(the whole component)"
    return f"{kind} {ns + '/' if ns else ''}{name or '<unnamed>'}"


@dataclass
class ComponentError:
    """One object a component could not handle, and when it tries again."""

    component: str
    kind: str
    namespace: str
    name: str
    reason: str
    message: str
    attempts: int
    first_failure: str
    retry_at: _dt.datetime = field(repr=False)
    resource_version: str = field(default="", repr=False)
    """The object's resourceVersion when it failed (a newer one is retried at once)."""

    @property
    def key(self) -> ObjectKey:
        return (self.kind, self.namespace, self.name)

    def as_dict(self) -> dict[str, Any]:
        return {"component": self.component, "kind": self.kind, "namespace": self.namespace,
                "name": self.name, "reason": self.reason, "message": self.message,
                "attempts": self.attempts, "firstFailure": self.first_failure,
                "retryAt": rfc3339(self.retry_at)}

    def __str__(self) -> str:
        return (f"{self.component}: {format_ref(self.key)}: {self.reason}: {self.message} "
                f"(attempt {self.attempts}, next retry at {rfc3339(self.retry_at)})")


MAX_INTERNAL_ERRORS = 100
"""Internal errors kept per cluster (the first ones say what went wrong)."""

_internal: weakref.WeakKeyDictionary[Any, list[ComponentError]] = weakref.WeakKeyDictionary()


def is_internal(error: BaseException | str) -> bool:
    """An exception a component should never raise: not an API answer, not about the data."""
    return isinstance(error, BaseException) and not isinstance(error, StatusError) \
        and not getattr(error, "data_error", False)


def internal_errors(api: Any) -> list[ComponentError]:
    """The internal errors the components of the cluster around ``api`` hit, oldest first."""
    return list(_internal.get(api, ()))


def take_internal_errors(api: Any) -> list[ComponentError]:
    """``internal_errors(api)``, which are then forgotten: for a check that provoked them on
    purpose (a scenario storing data the API server refuses) and has looked at each one."""
    return _internal.pop(api, [])


class FailureTracker:
    """Open failures of one component, each with its exponential backoff on the logical clock."""

    def __init__(self, component: str, api: APIServer, clock: LogicalClock,
                 initial_backoff: float, max_backoff: float,
                 event_source: str | None = None) -> None:
        self.component = component
        self.api = api
        self.clock = clock
        self.initial_backoff = initial_backoff
        self.max_backoff = max_backoff
        self.event_source = event_source or component
        self._open: dict[ObjectKey, ComponentError] = {}
        self._posted: dict[ObjectKey, str] = {}
        """The last event message posted per object (a repeat posts nothing)."""
        self._count = 0
        self._stamp: dict[ObjectKey, int] = {}

    def __bool__(self) -> bool:
        return bool(self._open)

    def __contains__(self, key: ObjectKey) -> bool:
        return key in self._open

    def failed(self, kind: str, obj: Any, error: BaseException | str, reason: str = FAILED_SYNC,
               message: str | None = None, event: bool = True) -> ComponentError:
        """Record that handling ``obj`` failed; post an event on it unless ``event`` is False."""
        key = object_key(kind, obj) if kind else ("", "", "")
        if message is None:
            message = describe(error) if isinstance(error, BaseException) else str(error)
        message = " ".join(message.split())[:MAX_EVENT_MESSAGE]
        now = self.clock.now()
        prev = self._open.get(key)
        attempts = prev.attempts + 1 if prev is not None else 1
        backoff = min(self.initial_backoff * 2 ** (attempts - 1), self.max_backoff)
        err = ComponentError(self.component, key[0], key[1], key[2], reason, message, attempts,
                             prev.first_failure if prev is not None else rfc3339(now),
                             now + _dt.timedelta(seconds=backoff), _resource_version(obj))
        self._open[key] = err
        if is_internal(error):
            seen = _internal.setdefault(self.api, [])
            if len(seen) < MAX_INTERNAL_ERRORS:
                seen.append(err)
        self._count += 1
        self._stamp[key] = self._count
        if event and key[0] and self._posted.get(key) != message:
            self._posted[key] = message
            self._post_event(kind, obj, reason, message)
        return err

    def note_internal(self, error: BaseException, what: str) -> None:
        """Keep ``error`` among the cluster's internal errors without opening a failure: an
        exception that no single object explains (``what`` says where it happened), which
        the run-integrity check must still see."""
        if not is_internal(error):
            return
        seen = _internal.setdefault(self.api, [])
        if len(seen) < MAX_INTERNAL_ERRORS:
            now = self.clock.now()
            seen.append(ComponentError(self.component, "", "", "", FAILED_SYNC,
                                       f"{what}: {describe(error)}"[:MAX_EVENT_MESSAGE], 1,
                                       rfc3339(now), now))

    def _post_event(self, kind: str, obj: Any, reason: str, message: str) -> None:
        md = obj.get("metadata") if isinstance(obj, Mapping) else None
        md = md if isinstance(md, Mapping) else {}
        api_version = obj.get("apiVersion") if isinstance(obj, Mapping) else None
        involved = {"apiVersion": api_version if isinstance(api_version, str) else None,
                    "kind": kind,
                    "metadata": {k: md[k] for k in ("name", "namespace", "uid")
                                 if isinstance(md.get(k), str)}}
        if not involved["metadata"].get("name"):
            return
        try:
            self.api.record_event(involved, "Warning", reason, message, self.event_source)
        except Exception:  # noqa: BLE001 - an event is best effort (namespace going away, ...)
            pass

    def ok(self, kind: str, obj_or_key: Any) -> bool:
        """``obj`` was handled: forget its failure. True when there was one."""
        key = obj_or_key if isinstance(obj_or_key, tuple) else object_key(kind, obj_or_key)
        self._posted.pop(key, None)
        self._stamp.pop(key, None)
        return self._open.pop(key, None) is not None

    def mark(self) -> int:
        """A point in time for ``ok_unless_failed_since``."""
        return self._count

    def ok_unless_failed_since(self, kind: str, obj: Any, mark: int) -> None:
        """Handling ``obj`` ended without an error escaping: forget its failure unless one
        was recorded (by a finer-grained guard) after ``mark``."""
        key = object_key(kind, obj)
        if key in self._open and self._stamp.get(key, 0) <= mark:
            self.ok(kind, key)

    def forget(self, key: ObjectKey) -> None:
        """The object is gone: nothing to retry."""
        self.ok("", key)

    def in_backoff(self, kind: str, obj: Any) -> bool:
        """True while a failed object waits: its backoff has not passed and it has not
        changed since it failed (a component skips it until then)."""
        if not self._open:
            return False
        err = self._open.get(object_key(kind, obj))
        return (err is not None and err.retry_at > self.clock.now()
                and err.resource_version == _resource_version(obj))

    def failed_later(self, kind: str, obj: Any) -> bool:
        """True when the open failure of ``obj`` was recorded against a newer version of it
        than ``obj``: an event of an older version, handled after that failure, says nothing
        about it (the component's own write just before the failing one sends such events)."""
        err = self._open.get(object_key(kind, obj)) if self._open else None
        if err is None:
            return False
        try:
            return int(err.resource_version or 0) > int(_resource_version(obj) or 0)
        except ValueError:
            return False

    def due(self) -> list[ObjectKey]:
        """Objects whose backoff has passed, oldest failure first."""
        if not self._open:
            return []
        now = self.clock.now()
        return [k for k, e in sorted(self._open.items(), key=lambda kv: kv[1].retry_at)
                if e.retry_at <= now]

    def open(self) -> list[ComponentError]:
        return sorted(self._open.values(), key=lambda e: e.key)

    def clear(self) -> None:
        self._open.clear()
        self._posted.clear()
        self._stamp.clear()


def note_cache_mismatch(out: list[str], what: str, cached: Any, stored: Any) -> None:
    """Append one line to ``out`` when a component's cached ``what`` differs from what the
    stored objects give (the components' cache comparers; steps/integrity.py)."""
    if cached != stored:
        out.append(f"{what}: cached {_short_repr(cached)}, stored objects give {_short_repr(stored)}")


def _short_repr(v: Any) -> str:
    text = repr(sorted(v) if isinstance(v, set | frozenset) else v)
    return text if len(text) <= 300 else text[:297] + "..."


def has_pending_events(api: Any, since: int, kinds: Any) -> bool:
    """Whether a watcher at ``since`` has events of ``kinds`` still to take in (a watch too
    old for the window counts as pending): a cache comparer waits until it has none."""
    try:
        return bool(api.watch(since, kinds))
    except Expired:  # 410: the watcher must relist first
        return True

