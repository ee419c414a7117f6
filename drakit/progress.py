"""How ``Cluster.settle()`` knows its components make progress, and names them when not.

Why: ``settle()`` runs components until none has work. A bug that makes two components undo
each other's writes, or one rewrite an object for ever, would hang every run that touches
it (one ``drakit apply`` that never returns). A round bound alone does not help when each
round is slow, and it says nothing about who is to blame. So ``settle()`` watches the state:

* after every round it folds the objects written in that round into a digest of the store
  (an XOR of per-object content hashes, resourceVersion and managedFields left out, Events
  left out: recording the same failure again is no progress). A round whose digest was
  already seen in this settle brought the cluster back to an earlier state;
* ``STALL_ROUNDS`` consecutive rounds without a new state while components still report
  work is a livelock: ``SettleError`` names the busy components and the objects they
  rewrote in those rounds (kind namespace/name, who, how often);
* a budget of writes per settle (growing with the store) catches the other kind of runaway,
  a component that makes "new" states for ever (a fresh object every round).

The digest costs one marshal of each written object, a few microseconds; nothing is kept but
one integer per object key.
"""

from __future__ import annotations

import marshal
from collections import Counter, deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from drakit.api import errors as E
from drakit.apiserver import APIServer, WatchEvent

STALL_ROUNDS = 50
"""Rounds in a row without a new cluster state (while some component is busy) = livelock."""
WRITES_PER_OBJECT = 50
MIN_WRITE_BUDGET = 200_000
"""A settle may write at most max(MIN_WRITE_BUDGET, WRITES_PER_OBJECT x stored objects)."""
_VOLATILE_META = ("resourceVersion", "managedFields")


def _ns_name(obj: Any) -> tuple[str, str]:
    md = obj.get("metadata") if isinstance(obj, dict) else None
    md = md if isinstance(md, dict) else {}
    return str(md.get("namespace") or ""), str(md.get("name") or "")


def _content_hash(obj: dict) -> int:
    md = obj.get("metadata")
    if isinstance(md, dict):
        obj = {**obj, "metadata": {k: v for k, v in md.items() if k not in _VOLATILE_META}}
    try:
        return hash(marshal.dumps(obj))
    except ValueError:  # too deep to marshal: fall back to the (coarser) object identity
        return hash(repr(type(obj))) ^ id(obj)


@dataclass
class Round:
    """What happened in one settle round: who was busy, which objects each one wrote."""

    busy: list[str] = field(default_factory=list)
    writes: list[tuple[str, int, int]] = field(default_factory=list)
    """(component, first rv, last rv): the spans of the log each component wrote."""


class ProgressMonitor:
    """Fold the API server's log into a state digest; detect rounds that make no progress."""

    def __init__(self, api: APIServer) -> None:
        self.api = api
        self.rv = api.resource_version
        self.hashes: dict[tuple[str, str, str], int] = {}
        self.digest = 0

    def _fold(self, events: Iterable[WatchEvent]) -> int:
        n = 0
        for ev in events:
            n += 1
            if ev.kind == "Event":
                continue
            key = (ev.kind, *_ns_name(ev.object))
            new = 0 if ev.type == "DELETED" else _content_hash(ev.object)
            old = self.hashes.pop(key, 0)
            if new:
                self.hashes[key] = new
            self.digest ^= old ^ new
        return n

    def catch_up(self) -> int:
        """Fold what was written since the last call; returns the number of writes."""
        try:
            events = self.api.watch(self.rv)
        except E.Expired:
            # the window moved past us: start the digest over from nothing (states seen
            # before cannot be recognised for a while, which only delays detection)
            self.hashes.clear()
            self.digest = 0
            events = []
        self.rv = self.api.resource_version
        return self._fold(events)


class SettleGuard:
    """One settle(): rounds, states seen, the write budget; raises through ``report``."""

    def __init__(self, monitor: ProgressMonitor, store_size: int,
                 budget: int | None = None) -> None:
        self.monitor = monitor
        monitor.catch_up()  # what was written before this settle is the starting state
        self.seen = {monitor.digest}
        self.stalled = 0
        """Rounds in a row that reached no new state."""
        self.recent: deque[Round] = deque(maxlen=STALL_ROUNDS)
        self.writes = 0
        self.budget = budget if budget is not None else \
            max(MIN_WRITE_BUDGET, WRITES_PER_OBJECT * store_size)

    def end_round(self, rnd: Round) -> str | None:
        """Account for one finished round; a reason to stop when there is no progress."""
        self.writes += self.monitor.catch_up()
        self.recent.append(rnd)
        new_state = self.monitor.digest not in self.seen
        self.seen.add(self.monitor.digest)
        self.stalled = 0 if new_state else self.stalled + 1
        if self.stalled >= STALL_ROUNDS:
            return f"{self.stalled} rounds in a row brought the cluster to no new state"
        if self.writes > self.budget:
            return f"{self.writes} writes in one settle exceed the budget of {self.budget}"
        return None

    def describe(self, why: str, log: Any) -> tuple[str, list[str], list[str]]:
        """The error text, the busy components and the rewritten objects of the last rounds."""
        rounds = list(self.recent)
        busy = Counter(c for r in rounds for c in r.busy)
        objects: Counter[tuple[str, str]] = Counter()
        for r in rounds:
            for component, lo, hi in r.writes:
                try:
                    events = log(lo - 1)
                except E.Expired:
                    continue  # already out of the window: the components still name it
                for ev in events:
                    if ev.resource_version > hi:
                        break
                    if ev.kind == "Event":
                        continue
                    ns, name = _ns_name(ev.object)
                    objects[(f"{ev.kind} {ns + '/' if ns else ''}{name}", component)] += 1
        writers = Counter()
        for (_ref, c), n in objects.items():
            writers[c] += n
        # the writers are the suspects; components that only reacted to their writes follow
        order = [c for c, _ in writers.most_common()] + \
            [c for c, _ in busy.most_common() if c not in writers]
        comps = [f"{c} (busy in {busy[c]} of {len(rounds)} rounds"
                 + (f", {writers[c]} writes)" if writers[c] else ", no writes)") for c in order]
        objs = [f"{ref} (written {n}x by {c})" for (ref, c), n in objects.most_common(10)]
        refs = list(dict.fromkeys(ref for (ref, _c), _n in objects.most_common()))[:10]
        text = (f"the cluster did not settle: {why}; components still busy: "
                f"{', '.join(comps) or 'none'}; objects rewritten meanwhile: "
                f"{', '.join(objs) or 'none (the busy components wrote nothing)'}")
        return text, (list(writers) and [c for c, _ in writers.most_common()]) or order, refs
