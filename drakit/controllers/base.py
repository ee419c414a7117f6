"""A tiny informer base for controllers: list, watch, relist on 410, retry failed objects.

Why: every kube-controller-manager controller is "list, then watch from the list's
resourceVersion, then reconcile the keys that changed". drakit's controllers share that
loop here so each controller file holds only its reconcile logic, like upstream. The loop
also does what client-go's reflector and workqueue do for every upstream controller:

* a watch that is too old for the API server's window (410 Expired) makes the controller
  forget its state and relist (``reset`` + ``resync``), as the reflector does on
  ``IsExpired``; reconcile logic is level-based, so nothing a missed event said is lost;
* an exception while reconciling one object (malformed stored data, a bug) never stops the
  controller: ``guarded`` records it in ``self.failures`` (a Warning event on the object,
  ``Cluster.errors()``) and the object is retried with the workqueue's per-item backoff
  (5 ms doubling to 1000 s on the logical clock) or as soon as it changes; the other objects
  go on. An exception that escapes ``handle`` is retried event by event so it lands on the
  object that caused it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from drakit.api import errors as E
from drakit.apiserver import WatchEvent
from drakit.component import FAILED_SYNC, ComponentContext, FailureTracker, has_pending_events

# client-go workqueue.DefaultTypedControllerRateLimiter: per-item 5 ms * 2^n, at most 1000 s
INITIAL_BACKOFF_SECONDS = 0.005
MAX_BACKOFF_SECONDS = 1000.0

RETRY = "RETRY"
"""The type of the event ``handle`` gets for a failed object whose backoff has passed: the
work queue hands the key back (AddRateLimited), so the sync runs again without the checks
an informer event handler makes before it enqueues a key."""


class Controller:
    name = "controller"
    kinds: tuple[str, ...] = ()
    event_source = ""
    """``source.component`` of the controller's events (upstream's recorder name); the
    controller's name when empty."""

    def __init__(self, ctx: ComponentContext) -> None:
        self.ctx = ctx
        self.api = ctx.api
        self.gates = ctx.gates
        self.clock = ctx.clock
        self.rv = 0
        self.started = False
        self.failures = FailureTracker(self.name, self.api, self.clock,
                                       INITIAL_BACKOFF_SECONDS, MAX_BACKOFF_SECONDS,
                                       event_source=self.event_source or self.name)

    # ------------------------------------------------------------------ the loop
    def sync(self) -> bool:
        if not self.started:
            return self._relist()
        try:
            events = self.api.watch(self.rv, self.kinds)
        except E.Expired:
            return self._relist()
        # like a watch bookmark: events of other kinds up to now need not be seen again
        self.rv = self.api.resource_version
        busy = self._handle_guarded(events) if events else False
        return self._retry_due() or busy

    def _relist(self) -> bool:
        if self.started:
            self.reset()
        self.started = True
        self.rv = self.api.resource_version
        try:
            did = self.resync()
        except Exception as e:  # noqa: BLE001 - a component never dies on stored data
            self.failures.failed("", None, e)
            return False
        self.failures.ok("", ("", "", ""))
        return did

    def _handle_guarded(self, events: list[WatchEvent]) -> bool:
        batch_error: Exception | None = None
        if len(events) > 1:
            mark = self.failures.mark()
            try:
                did = self.handle(events)
            except Exception as e:  # noqa: BLE001 - find the object that caused it, event by event
                batch_error = e
            else:
                if self.failures:
                    for ev in events:
                        self._ok_unless_waiting(ev, mark)
                return did
        did = False
        before = self.failures.mark()
        for ev in events:
            mark = self.failures.mark()
            try:
                did |= self.handle([ev])
            except Exception as e:  # noqa: BLE001 - a component never dies on stored data
                self.failures.failed(ev.kind, ev.object, e, self.failure_reason(ev.kind))
                continue
            if self.failures:
                self._ok_unless_waiting(ev, mark)
        if batch_error is not None and self.failures.mark() == before:
            # every event alone went through: no stored object explains the batch's exception
            # (handle may have changed state before raising), so it is a drakit bug
            self.failures.note_internal(batch_error, f"handling {len(events)} events at once")
        return did

    def _ok_unless_waiting(self, ev: WatchEvent, mark: int) -> None:
        """The event was handled without an error: forget the object's failure, unless the
        event is the very version that failed and its backoff has not passed (``guarded``
        skipped it), or an older version than the one that failed (a sync reads the stored
        object, so handling the event said nothing about the failed version). The component's
        own writes just before the failing one send such events; forgetting the failure then
        would drop the retry that upstream's work queue keeps (AddRateLimited until a sync
        succeeds)."""
        if not self.failures.in_backoff(ev.kind, ev.object) \
                and not self.failures.failed_later(ev.kind, ev.object):
            self.failures.ok_unless_failed_since(ev.kind, ev.object, mark)

    def _retry_due(self) -> bool:
        due = self.failures.due()
        if not due:
            return False
        for key in due:
            kind, ns, name = key
            if not kind:
                self._relist()
                continue
            obj = self.api.try_get(kind, name, ns or None) if name else None
            if obj is None:
                self.failures.forget(key)
                continue
            self._handle_guarded([WatchEvent(RETRY, kind, obj,
                                             int(obj["metadata"]["resourceVersion"]))])
        return True

    def guarded(self, kind: str, obj: Any, fn: Callable[..., bool], *args: Any, queued: bool = False) -> bool:
        """``fn(obj, *args)``; an exception is recorded against ``obj`` (event, retry) and
        counts as no work done, so one bad object never stops the others. A failed object
        is left alone until its backoff passes or it changes, unless ``queued``: an event
        handler added its key to the work queue just now (workqueue Add does not wait for
        the key's rate limit; a new failure still counts towards its backoff)."""
        if not queued and self.failures.in_backoff(kind, obj):
            return False
        mark = self.failures.mark()
        try:
            did = fn(obj, *args)
        except Exception as e:  # noqa: BLE001 - a component never dies on stored data
            self.failures.failed(kind, obj, e, self.failure_reason(kind))
            return False
        if self.failures:
            # a failure ``fn`` recorded itself (``retry_later``) stays open for its retry
            self.failures.ok_unless_failed_since(kind, obj, mark)
        return bool(did)

    # ------------------------------------------------------------------ self-check
    def cache_mismatches(self) -> list[str]:
        """How the controller's informer-fed indexes differ from the stored objects, one line
        each (drakit/scheduler/comparer.py says why the reference checks this after every
        scenario). Compared only when the controller has taken in every event of its kinds
        and nothing is in its retry backoff: otherwise its indexes lag on purpose."""
        if not self.started or self.failures or has_pending_events(self.api, self.rv, self.kinds):
            return []
        return self.compare_caches()

    def compare_caches(self) -> list[str]:
        """Overridden by controllers that keep indexes of their own."""
        return []

    def retry_later(self, kind: str, obj: Any, message: str) -> None:
        """The sync of ``obj`` failed in a way the controller already reported (its own
        event): retry it with the workqueue's backoff, as upstream's processNextWorkItem does
        for a sync that returns an error (queue.AddRateLimited), without a second event."""
        self.failures.failed(kind, obj, message, self.failure_reason(kind), event=False)

    # ------------------------------------------------------------------ for subclasses
    def failure_reason(self, kind: str) -> str:
        """The Warning event reason for a failed object of ``kind`` (upstream's, if any)."""
        return FAILED_SYNC

    def reset(self) -> None:
        """Forget everything learnt from the watch (a relist follows). Subclasses that keep
        indexes clear them here; the failure record survives (it is about stored objects)."""
        failures = self.failures
        type(self).__init__(self, self.ctx)
        self.failures = failures

    def resync(self) -> bool:
        """Reconcile everything (start-up and after a relist)."""
        return False

    def handle(self, events: Iterable[WatchEvent]) -> bool:
        return False

    def errors(self) -> list:
        return self.failures.open()

    def metrics_text(self) -> str:
        return ""
