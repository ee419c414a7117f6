"""The scheduling framework: statuses, cycle state, plugin extension points, the queue.

Why a framework and not one function: upstream kube-scheduler is a pipeline of plugins
(PreFilter, Filter, PostFilter, Score, Reserve/Unreserve, PreBind, Bind) and its observable
outcomes — which plugin rejected a node, the "0/N nodes are available: ..." histogram,
PostFilter messages, Unreserve on failure — fall out of that pipeline. Keeping the shape
(pkg/scheduler/framework/runtime, pkg/scheduler/schedule_one.go) keeps the messages and the
order of side effects the same as on a live cluster.

Deliberate simplifications (documented in docs/scheduler.md):
* One cycle runs to completion synchronously (scheduling cycle + binding cycle); there is
  no parallel binding, so the "assume" step is immediately followed by the API writes.
* Requeueing is event-driven (upstream QueueingHints, coarsened) plus the logical clock:
  a pod that failed with an error comes back once its backoff (1 s doubling to 10 s, the
  upstream podInitialBackoffDuration/podMaxBackoffDuration) has passed on the clock, and an
  unschedulable pod is flushed after 5 minutes (podMaxInUnschedulablePodsDuration). No
  timer fires on its own, so ``Cluster.settle()`` always terminates.
"""

from __future__ import annotations

import datetime as _dt
import heapq
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

# ---------------------------------------------------------------------- status codes

SUCCESS = "Success"
ERROR = "Error"
UNSCHEDULABLE = "Unschedulable"
UNRESOLVABLE = "UnschedulableAndUnresolvable"
SKIP = "Skip"
WAIT = "Wait"
"""fwk.Wait. Upstream only Permit returns it; drakit's DynamicResources PreBind returns it too
when the pod has to wait for KEP-5007 binding conditions: upstream blocks in PreBind polling
the claims, drakit parks the pod instead and the scheduler re-checks it on later syncs."""

NO_NODE_AVAILABLE = "0/{} nodes are available"


@dataclass
class Status:
    """fwk.Status: a code, reasons (the histogram keys) and the plugin that set it."""

    code: str = SUCCESS
    reasons: list[str] = field(default_factory=list)
    plugin: str = ""

    @property
    def ok(self) -> bool:
        return self.code in (SUCCESS, SKIP)

    @property
    def rejected(self) -> bool:
        return self.code in (UNSCHEDULABLE, UNRESOLVABLE)

    def message(self) -> str:
        return ", ".join(self.reasons)


_SUCCESS = Status(SUCCESS)


def success() -> Status:
    """The shared success status (never mutated: only failures get a plugin name)."""
    return _SUCCESS


def unschedulable(*reasons: str, unresolvable: bool = False) -> Status:
    return Status(UNRESOLVABLE if unresolvable else UNSCHEDULABLE, list(reasons))


class CycleState(dict):
    """Per-pod, per-attempt plugin data (fwk.CycleState)."""


# ---------------------------------------------------------------------- plugins


class Plugin:
    """A plugin implements the extension points it is listed for (Scheduler.pre_filters,
    filters, post_filters; score and the binding points are called on the plugins that have
    them, NodeResourcesFit and DynamicResources): the signatures below.

    ``pre_filter`` may return a set of node names (PreFilterResult) to narrow the search.
    """

    name = "Plugin"

    def pre_filter(self, state: CycleState, pod: dict, nodes: list[Any]
                   ) -> tuple[set[str] | None, Status]: ...

    def filter(self, state: CycleState, pod: dict, node_info: Any) -> Status: ...

    def post_filter(self, state: CycleState, pod: dict, statuses: Mapping[str, Status],
                    num_nodes: int) -> Status: ...


@dataclass
class FitError(Exception):
    """No node fits: renders the upstream ``FitError.Error()`` text."""

    num_all_nodes: int
    node_statuses: dict[str, Status]
    pre_filter_msg: str = ""
    post_filter_msg: str = ""
    clears_nomination: bool = False
    """Whether PostFilter's result overrides the pod's nominated node with "" (DefaultPreemption
    ran for an eligible pod and found no candidate, as drakit never evicts)."""

    def __str__(self) -> str:
        msg = NO_NODE_AVAILABLE.format(self.num_all_nodes) + ":"
        if self.pre_filter_msg:
            msg += f" {self.pre_filter_msg}."
        else:
            msg_hist = histogram(self.node_statuses.values())
            if msg_hist:
                msg += f" {msg_hist}."
        if self.post_filter_msg:
            # no "." of its own after the PostFilter messages (k/k framework/types.go
            # FitError.Error: " %v" here, " %v." after the PreFilter and Filter parts)
            msg += f" {self.post_filter_msg}"
        return msg


def histogram(statuses: Iterable[Status]) -> str:
    """``<count> <reason>`` entries, sorted as strings (upstream sortReasonsHistogram)."""
    counts: dict[str, int] = {}
    for st in statuses:
        for r in st.reasons:
            counts[r] = counts.get(r, 0) + 1
    return ", ".join(sorted(f"{n} {r}" for r, n in counts.items()))


# ---------------------------------------------------------------------- queue


@dataclass
class QueuedPod:
    key: tuple[str, str]
    uid: str
    priority: int
    seq: int
    attempts: int = 0
    unschedulable_count: int = 0
    """Attempts that ended in an Unschedulable verdict (QueuedPodInfo.UnschedulableCount)."""
    consecutive_errors: int = 0
    """Errors since the last Unschedulable verdict (QueuedPodInfo.ConsecutiveErrorsCount)."""
    unschedulable_plugins: set[str] = field(default_factory=set)
    errored: bool = False
    """The last attempt ended in an error (not a plain Unschedulable verdict)."""
    parked_at: Any = None
    backoff_until: Any = None
    gated: bool = False
    """A PreEnqueue plugin keeps the pod out of the active queue (never attempted)."""


INITIAL_BACKOFF_SECONDS = 1
MAX_BACKOFF_SECONDS = 10
MAX_IN_UNSCHEDULABLE_SECONDS = 300


def backoff_seconds(qp: QueuedPod) -> float:
    """backoff_queue.go getBackoffTime + calculateBackoffDuration (since 1.34,
    kubernetes/kubernetes#128748): 1 s doubled per failure, at most 10 s, counting the errors
    in a row when the last attempts erred, else the Unschedulable verdicts; not the pops."""
    count = qp.consecutive_errors or qp.unschedulable_count
    if count <= 0:
        return 0
    return min(INITIAL_BACKOFF_SECONDS * 2 ** (count - 1), MAX_BACKOFF_SECONDS)


class SchedulingQueue:
    """activeQ (priority, then FIFO), backoffQ and the unschedulable pods.

    A pod some plugin rejected waits in ``unschedulable`` until ``move_all`` is called for
    a relevant event (or, when an event came during its cycle, goes to ``backoff`` and is
    retried on the next sync); one no plugin rejected (an error) waits in ``unschedulable``,
    marked errored, until its backoff passes (``move_expired``).
    """

    def __init__(self) -> None:
        self._heap: list[tuple[int, int, tuple[str, str]]] = []
        self.active: dict[tuple[str, str], QueuedPod] = {}
        self.backoff: dict[tuple[str, str], QueuedPod] = {}
        self.unschedulable: dict[tuple[str, str], QueuedPod] = {}
        self._seq = 0
        self.in_flight: QueuedPod | None = None
        self.moved_during_cycle = False

    def __contains__(self, key: tuple[str, str]) -> bool:
        return key in self.active or key in self.backoff or key in self.unschedulable or \
            (self.in_flight is not None and self.in_flight.key == key)

    def add(self, key: tuple[str, str], uid: str, priority: int) -> None:
        if key in self:
            return
        self._seq += 1
        qp = QueuedPod(key, uid, priority, self._seq)
        self._push(qp)

    def _push(self, qp: QueuedPod) -> None:
        self.active[qp.key] = qp
        heapq.heappush(self._heap, (-qp.priority, qp.seq, qp.key))

    def pop(self) -> QueuedPod | None:
        while self._heap:
            _, seq, key = heapq.heappop(self._heap)
            qp = self.active.get(key)
            if qp is None or qp.seq != seq:
                continue
            del self.active[key]
            qp.attempts += 1
            self.in_flight = qp
            self.moved_during_cycle = False
            return qp
        return None

    def done(self, qp: QueuedPod, plugins: set[str] | None = None, failed: bool = True,
             now: Any = None) -> None:
        """End of a cycle: success drops the pod, failure parks it (with its backoff);
        ``plugins`` are the plugins that rejected it (none: an error)."""
        self.in_flight = None
        if not failed:
            return
        qp.unschedulable_plugins = set(plugins or ())
        # AddUnschedulableIfNotPresent tells an error from a rejection by the rejector plugins,
        # not by the status: an attempt no plugin rejected is an error, also when its status
        # is a rejection (ErrNoNodesAvailable's UnschedulableAndUnresolvable). It waits out the
        # error backoff in podErrorBackoffQ: no cluster event moves it, nor one during its own
        # cycle (determineSchedulingHintForInFlightPod), nor an empty activeQ
        qp.errored = not qp.unschedulable_plugins
        qp.gated = False
        if not qp.errored:
            qp.unschedulable_count += 1
            qp.consecutive_errors = 0
        else:
            qp.consecutive_errors += 1
        if now is not None:
            backoff = backoff_seconds(qp)
            qp.parked_at = now
            qp.backoff_until = now + _dt.timedelta(seconds=backoff)
        if self.moved_during_cycle and not qp.errored:
            self.backoff[qp.key] = qp  # something changed meanwhile: retry soon
        else:
            self.unschedulable[qp.key] = qp  # errors: retried when their backoff passes

    def gate(self, qp: QueuedPod, plugin: str, now: Any) -> None:
        """A popped pod a PreEnqueue plugin rejects: back among the unschedulable pods as a
        gated one, its attempt not counted (upstream runs PreEnqueue before the pod enters
        activeQ, so it is never popped); an event moves it back like any unschedulable pod."""
        self.in_flight = None
        qp.attempts -= 1
        qp.unschedulable_plugins = {plugin}
        qp.errored = False
        qp.gated = True
        qp.parked_at = now
        qp.backoff_until = None
        self.unschedulable[qp.key] = qp

    def requeue_errored(self, qp: QueuedPod, failed_at: Any) -> None:
        """A pod whose binding cycle failed after it left the queue (it waited in PreBind):
        back with an error's backoff, counted from ``failed_at`` (handleBindingCycleError ->
        the failure handler -> backoffQ). Its attempt already counted when it was popped."""
        if qp.key in self:
            return
        qp.unschedulable_plugins = set()
        qp.errored = True
        qp.consecutive_errors += 1
        backoff = backoff_seconds(qp)
        qp.parked_at = failed_at
        qp.backoff_until = failed_at + _dt.timedelta(seconds=backoff)
        self.unschedulable[qp.key] = qp

    def park_again(self, qp: QueuedPod) -> None:
        """A pod just added to activeQ goes back among the unschedulable pods, as it was
        (a relist that brought it back for nothing it cares about); its heap entry is
        skipped on pop."""
        self.active.pop(qp.key, None)
        self.unschedulable[qp.key] = qp

    def flush_backoff(self) -> bool:
        if not self.backoff:
            return False
        for qp in sorted(self.backoff.values(), key=lambda q: q.seq):
            self._seq += 1
            qp.seq = self._seq
            self._push(qp)
        self.backoff.clear()
        return True

    def move_all(self, only: Iterable[tuple[str, str]] | None = None,
                 include_errored: bool = False, in_flight: bool = True) -> int:
        """A relevant event: unschedulable pods (all, or ``only``) go back to activeQ.

        Pods whose last attempt ended in an error stay parked until their backoff passes
        (``move_expired``), as upstream keeps them in backoffQ, which cluster events do not
        flush (scheduling_queue.go AddUnschedulableIfNotPresent: no rejector plugins ->
        backoffQ). Without this, two pods whose PreBind fails re-activated each other for
        ever: each one's Unreserve writes a claim, and that event woke the other.
        """
        if self.in_flight is not None and in_flight:
            # in_flight False: the caller keeps the event for the in-flight pod itself and asks
            # its rejectors at the end of the cycle (Scheduler.in_flight_events)
            self.moved_during_cycle = True
        keys = [k for k in (self.unschedulable if only is None else only)
                if k in self.unschedulable and (include_errored or not self.unschedulable[k].errored)]
        for k in sorted(keys, key=lambda k: self.unschedulable[k].seq):
            qp = self.unschedulable.pop(k)
            self._seq += 1
            qp.seq = self._seq
            self._push(qp)
        return len(keys)

    def move_expired(self, now: Any) -> int:
        """The clock moved: errored pods whose backoff passed, and pods unschedulable for
        longer than 5 minutes, go back to activeQ (pods parked without a time: all)."""
        leftover = _dt.timedelta(seconds=MAX_IN_UNSCHEDULABLE_SECONDS)
        due = [k for k, qp in self.unschedulable.items()
               if qp.parked_at is None
               or (qp.errored and qp.backoff_until <= now)
               or qp.parked_at + leftover <= now]
        return self.move_all(due, include_errored=True) if due else 0

    def delete(self, key: tuple[str, str]) -> None:
        self.active.pop(key, None)
        self.backoff.pop(key, None)
        self.unschedulable.pop(key, None)

    def pending_counts(self) -> dict[str, int]:
        gated = sum(1 for qp in self.unschedulable.values() if qp.gated)
        return {"active": len(self.active), "backoff": len(self.backoff),
                "unschedulable": len(self.unschedulable) - gated, "gated": gated}
