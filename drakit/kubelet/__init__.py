"""drakit's kubelet model: admission, the DRA manager with checkpoints, PodResources over gRPC.

Why a "manager" component: the cluster builds components once per start (and again after
``set_feature_gates``/``set_version``/``restart_component("kubelet")``); Nodes appear later
through the API. ``build_kubelets`` therefore returns one ``KubeletManager`` that starts a
``Kubelet`` per Node as it sees them. Node-local state survives component restarts because
it lives on disk: ``ComponentContext.state_dir`` or, when that is None, a temporary directory
that belongs to the API server (the cluster's lifetime) and is removed when it is
garbage-collected or the process exits. The in-process test drivers also survive a kubelet
restart, as real DRA drivers (separate processes) do.

The kubelet never sees ``Cluster``: it gets a ``drakit.component.ComponentContext`` and talks
to the API server; ``Cluster.kubelet``/``Cluster.restart_kubelet`` find the
``KubeletManager`` among the components they started and call ``kubelet``/``restart`` on it.
Each node's kubelet gets its own gates and release (``ComponentContext.for_node``);
``Cluster.restart_component("kubelet/<node>", ...)`` hands the manager a new context and
restarts that node's kubelet only.

Public entry points: ``build_kubelets`` (for ``Cluster``), ``KubeletManager.kubelet`` and
``.restart``, ``stop_kubelets`` (close sockets and threads at the end of a scenario).
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from drakit.component import ComponentContext
from drakit.kubelet.dra_manager import TestDriver
from drakit.kubelet.kubelet import Kubelet, KubeletManager, KubeletStartError

__all__ = ["Kubelet", "KubeletManager", "KubeletStartError", "TestDriver", "build_kubelets",
           "stop_kubelets"]


@dataclass
class _NodeState:
    """What outlives one KubeletManager of a cluster (state dir, drivers, the live manager)."""

    base_dir: Path
    owned: bool
    drivers: dict[str, dict[str, TestDriver]] = field(default_factory=dict)
    servers: set = field(default_factory=set)
    """Running PodResources servers (they hold no reference back to the cluster)."""
    manager_ref: weakref.ReferenceType[KubeletManager] | None = None
    closed: bool = False

    @property
    def manager(self) -> KubeletManager | None:
        return self.manager_ref() if self.manager_ref is not None else None


_STATES: weakref.WeakKeyDictionary[Any, _NodeState] = weakref.WeakKeyDictionary()
"""Per API server, i.e. per cluster (weak: the entry goes with the API server; keyed by the
object, not its id, which a later API server may reuse)."""


def _finalize(st: _NodeState) -> None:
    if st.closed:
        return
    st.closed = True
    m = st.manager
    if m is not None:
        m.stop_all()
    for server in list(st.servers):
        server.stop()
    st.servers.clear()
    if st.owned:
        shutil.rmtree(st.base_dir, ignore_errors=True)


@atexit.register
def _cleanup_all() -> None:
    for st in list(_STATES.values()):
        _finalize(st)


def _scratch_dir() -> str | None:
    """Where a kubelet without a configured state directory keeps its checkpoints and
    sockets: RAM-backed /dev/shm when there is one and TMPDIR does not say otherwise
    (each checkpoint write fsyncs, which costs milliseconds on a disk and nothing in RAM;
    the state is thrown away with the cluster anyway), else the usual temporary directory."""
    shm = "/dev/shm"
    if os.environ.get("TMPDIR") is None and os.path.isdir(shm) and os.access(shm, os.W_OK):
        return shm
    return None


def _state(ctx: ComponentContext) -> _NodeState:
    st = _STATES.get(ctx.api)
    if st is None or st.closed:
        if ctx.state_dir:
            base, owned = Path(ctx.state_dir), False
            base.mkdir(parents=True, exist_ok=True)
        else:
            base, owned = Path(tempfile.mkdtemp(prefix="drakit-", dir=_scratch_dir())), True
        st = _STATES[ctx.api] = _NodeState(base, owned)
        weakref.finalize(ctx.api, _finalize, st)
    return st


def build_kubelets(ctx: ComponentContext) -> list[KubeletManager]:
    """The cluster's kubelet component; a rebuild stops the previous kubelets first."""
    st = _state(ctx)
    old = st.manager
    if old is not None:
        old.stop_all()
    m = KubeletManager(ctx, st.base_dir, st.drivers, st.servers)
    st.manager_ref = weakref.ref(m)
    return [m]


def stop_kubelets(owner: Any) -> None:
    """Close every kubelet's socket and server threads and drop its temporary state.

    ``owner`` is the API server, or anything with an ``api`` attribute (a ``Cluster``).
    """
    api = getattr(owner, "api", owner)
    st = _STATES.get(api)
    if st is not None:
        _finalize(st)
