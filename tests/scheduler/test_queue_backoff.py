"""The scheduling queue's backoff counts failures as kube-scheduler does since 1.34
(backoff_queue.go getBackoffTime, kubernetes/kubernetes#128748): errors in a row while the
last attempts erred, else Unschedulable verdicts; never the number of pops."""

import datetime as dt

from drakit.scheduler.framework import SchedulingQueue, backoff_seconds

T0 = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def _popped(q: SchedulingQueue):
    qp = q.pop()
    assert qp is not None
    return qp


def _wait(qp) -> float:
    return (qp.backoff_until - qp.parked_at).total_seconds()


def test_errors_in_a_row_double_up_to_ten_seconds():
    q = SchedulingQueue()
    q.add(("ns", "p"), "uid", 0)
    waits = []
    for _ in range(6):
        qp = _popped(q)
        q.done(qp, now=T0)
        waits.append(_wait(qp))
        q.move_all(include_errored=True)
    assert waits == [1, 2, 4, 8, 10, 10]


def test_an_unschedulable_verdict_starts_the_error_count_anew():
    q = SchedulingQueue()
    q.add(("ns", "p"), "uid", 0)
    qp = _popped(q)
    q.done(qp, now=T0)  # error 1
    q.move_all(include_errored=True)
    qp = _popped(q)
    q.done(qp, plugins={"NodeResourcesFit"}, now=T0)  # unschedulable 1: errors reset
    assert (qp.consecutive_errors, qp.unschedulable_count) == (0, 1)
    q.move_all()
    qp = _popped(q)  # third pop: it waits in PreBind, then fails there
    q.done(qp, failed=False)
    q.requeue_errored(qp, T0)
    assert qp.attempts == 3
    assert _wait(qp) == 1


def test_no_failure_no_backoff():
    q = SchedulingQueue()
    q.add(("ns", "p"), "uid", 0)
    assert backoff_seconds(_popped(q)) == 0


def test_an_attempt_no_plugin_rejected_is_an_error_whatever_its_status():
    """AddUnschedulableIfNotPresent: no rejector plugin -> ConsecutiveErrorsCount++ (an
    ErrNoNodesAvailable rejection included); a cluster event does not move the pod, and an
    event during its own cycle does not shorten its backoff."""
    q = SchedulingQueue()
    q.add(("ns", "p"), "uid", 0)
    qp = _popped(q)
    q.move_all()  # an event while the pod is in flight
    q.done(qp, plugins=set(), now=T0)
    assert (qp.errored, qp.consecutive_errors, qp.unschedulable_count) == (True, 1, 0)
    assert not q.backoff and q.move_all() == 0
    assert _wait(qp) == 1
    assert q.move_expired(T0 + dt.timedelta(milliseconds=999)) == 0
    assert q.move_expired(T0 + dt.timedelta(seconds=1)) == 1
    qp = _popped(q)
    q.done(qp, plugins={"NodeAffinity"}, now=T0)
    assert (qp.errored, qp.consecutive_errors, qp.unschedulable_count) == (False, 0, 1)
    assert q.move_all() == 1


def test_pods_sent_back_by_events_of_their_own_cycles_queue_behind_those_waiting():
    """An event during a pod's unschedulable cycle sends it to the backoff queue, which the
    next sync flushes into activeQ (drakit's stand-in for the short backoff upstream's
    AddUnschedulableIfNotPresent gives such a pod). activeQ orders by priority, then by the
    time a pod was (re)queued (PrioritySort, QueuedPodInfo.Timestamp): two pods flushed
    together go behind an equal-priority pod that waited meanwhile, in the order they were
    sent back, and a higher-priority pod stays first."""
    q = SchedulingQueue()
    for name in ("a", "b", "c"):
        q.add(("ns", name), f"uid-{name}", 0)
    for _ in range(2):  # a, then b: each cycle sees an event and is sent back
        qp = _popped(q)
        q.move_all()  # an event during the cycle
        q.done(qp, {"DynamicResources"}, now=T0)
        assert qp.key in q.backoff
    q.add(("ns", "urgent"), "uid-urgent", 10)
    assert q.flush_backoff() is True and not q.backoff
    assert [_popped(q).key[1] for _ in range(4)] == ["urgent", "c", "a", "b"]
    assert q.flush_backoff() is False
