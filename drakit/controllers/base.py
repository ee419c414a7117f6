"""A tiny informer base for controllers: resume the watch, re-list on start.

Why: every kube-controller-manager controller is "list, then watch from the list's
resourceVersion, then reconcile the keys that changed". drakit's controllers share that
loop here so each controller file holds only its reconcile logic, like upstream.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from drakit.apiserver import WatchEvent


class Controller:
    name = "controller"
    kinds: tuple[str, ...] = ()

    def __init__(self, cluster: Any) -> None:
        self.cluster = cluster
        self.api = cluster.api
        self.gates = cluster.gates
        self.rv = 0
        self.started = False

    def sync(self) -> bool:
        if not self.started:
            self.started = True
            self.rv = self.api.resource_version
            return self.resync()
        events = self.api.watch(self.rv, self.kinds)
        if not events:
            return False
        self.rv = events[-1].resource_version
        return self.handle(events)

    def resync(self) -> bool:
        """Reconcile everything (start-up)."""
        return False

    def handle(self, events: Iterable[WatchEvent]) -> bool:
        return False

    def metrics_text(self) -> str:
        return ""
