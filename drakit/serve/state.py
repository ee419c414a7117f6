"""The served cluster: one ``drakit.Cluster``, a lock around it, and its background loop.

Why a lock and a loop rather than drakit's usual single thread: over HTTP many clients
(the harness, kubectl, watches) call in at once, while the scheduler, controllers and
kubelets must keep running between requests the way a live control plane does. Every
request and every loop iteration holds ``lock``; after each write the cluster settles
before the response is sent, and the loop advances the logical clock with wall time and
settles again, so time-based behaviour (grace periods, backoff) progresses on its own.
Watchers wait on ``changed`` and are woken whenever the resourceVersion moves.
"""

from __future__ import annotations

import datetime as _dt
import sys
import threading
import time
import traceback
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from drakit.cluster import Cluster

T = TypeVar("T")


class ServedCluster:
    def __init__(self, version: str = "1.37", gates: Mapping[str, bool] | None = None,
                 interval: float = 0.2, real_time: bool = True) -> None:
        self.cluster = Cluster(version=version, feature_gates=dict(gates or {}))
        self.lock = threading.RLock()
        self.changed = threading.Condition(self.lock)
        self.interval = interval
        self.real_time = real_time
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._last_tick = time.monotonic()
        self.errors = 0
        if real_time:
            # timestamps (creationTimestamp, AGE) read like a live cluster's
            now = _dt.datetime.now(_dt.UTC).replace(microsecond=0)
            delta = (now - self.cluster.clock.now()).total_seconds()
            if delta > 0:
                self.cluster.clock.advance(delta)

    @property
    def api(self):
        return self.cluster.api

    # ------------------------------------------------------------------ calls
    def read(self, fn: Callable[[], T]) -> T:
        with self.lock:
            return fn()

    def write(self, fn: Callable[[], T], dry_run: bool = False) -> T:
        """Run a write, then let the components react, then wake the watchers."""
        with self.lock:
            before = self.api.resource_version
            try:
                return fn()
            finally:
                if not dry_run and self.api.resource_version != before:
                    self._settle()
                    self.changed.notify_all()

    def _settle(self) -> None:
        try:
            self.cluster.settle()
        except Exception:  # noqa: BLE001 - a component bug must not take the server down
            self.errors += 1
            print("drakit serve: a component failed while settling:", file=sys.stderr)
            traceback.print_exc(file=sys.stderr)

    # ------------------------------------------------------------------ loop
    def start(self) -> None:
        self._thread = threading.Thread(target=self._loop, name="drakit-components",
                                        daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        with self.lock:
            self.changed.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=5)

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def tick(self) -> None:
        with self.lock:
            before = self.api.resource_version
            now = time.monotonic()
            elapsed, self._last_tick = now - self._last_tick, now
            if self.real_time and elapsed > 0:
                self.cluster.clock.advance(elapsed)
            self._settle()
            if self.api.resource_version != before:
                self.changed.notify_all()

    def _loop(self) -> None:
        while not self._stop.wait(self.interval):
            self.tick()

    # ------------------------------------------------------------------ watch support
    def wait_for_change(self, since: int, timeout: float) -> None:
        """Block (lock held by the caller) until the resourceVersion passes ``since``."""
        deadline = time.monotonic() + timeout
        while self.api.resource_version <= since and not self.stopping:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            self.changed.wait(min(left, 1.0))

    def info(self) -> dict[str, Any]:
        return {"version": self.cluster.version, "errors": self.errors,
                "resourceVersion": self.api.resource_version}
