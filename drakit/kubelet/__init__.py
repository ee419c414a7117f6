"""drakit's kubelet model: admission, the DRA manager with checkpoints, PodResources over gRPC.

Why a "manager" component: the cluster builds components once per start (and again after
``set_feature_gates``/``set_version``, which restart every component); Nodes appear later
through the API. ``build_kubelets`` therefore returns one ``KubeletManager`` that starts a
``Kubelet`` per Node as it sees them. Node-local state survives component restarts because
it lives on disk: ``Cluster.state_dir`` or, when that is None, a per-cluster temporary
directory removed when the cluster is garbage-collected or the process exits. The in-process
test drivers also survive a kubelet restart, as real DRA drivers (separate processes) do.

Public entry points: ``build_kubelets`` (for ``Cluster``), ``kubelet_for`` and
``restart_kubelet`` (behind ``Cluster.kubelet``/``Cluster.restart_kubelet``),
``stop_kubelets`` (close sockets and threads at the end of a scenario).
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from drakit.kubelet.dra_manager import TestDriver
from drakit.kubelet.kubelet import Kubelet, KubeletManager, KubeletStartError

if TYPE_CHECKING:  # pragma: no cover
    from drakit.cluster import Cluster

__all__ = ["Kubelet", "KubeletManager", "KubeletStartError", "TestDriver", "build_kubelets",
           "kubelet_for", "restart_kubelet", "stop_kubelets"]


@dataclass
class _NodeState:
    """What outlives one KubeletManager of a cluster (state dir, drivers, the live manager)."""

    base_dir: Path
    owned: bool
    drivers: dict[str, dict[str, TestDriver]] = field(default_factory=dict)
    servers: set = field(default_factory=set)
    """Running PodResources servers (they hold no reference back to the cluster)."""
    manager_ref: weakref.ReferenceType[KubeletManager] | None = None

    @property
    def manager(self) -> KubeletManager | None:
        return self.manager_ref() if self.manager_ref is not None else None


_STATES: dict[int, _NodeState] = {}


def _finalize(key: int) -> None:
    st = _STATES.pop(key, None)
    if st is None:
        return
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
    for key in list(_STATES):
        _finalize(key)


def _state(cluster: Cluster) -> _NodeState:
    key = id(cluster)
    st = _STATES.get(key)
    if st is None:
        if cluster.state_dir:
            base, owned = Path(cluster.state_dir), False
            base.mkdir(parents=True, exist_ok=True)
        else:
            base, owned = Path(tempfile.mkdtemp(prefix="drakit-")), True
        st = _STATES[key] = _NodeState(base, owned)
        weakref.finalize(cluster, _finalize, key)
    return st


def build_kubelets(cluster: Cluster) -> list[KubeletManager]:
    """The cluster's kubelet component; a rebuild stops the previous kubelets first."""
    st = _state(cluster)
    old = st.manager
    if old is not None:
        old.stop_all()
    m = KubeletManager(cluster, st.base_dir, st.drivers, st.servers)
    st.manager_ref = weakref.ref(m)
    return [m]


def _manager(cluster: Cluster) -> KubeletManager:
    for c in getattr(cluster, "components", []):
        if isinstance(c, KubeletManager) and c.cluster is cluster and not c.closed:
            return c
    raise RuntimeError("this cluster runs no kubelets")


def kubelet_for(cluster: Cluster, node: str) -> Kubelet:
    m = _manager(cluster)
    k = m.kubelets.get(node)
    if k is None:
        raise KeyError(f'node "{node}" has no kubelet (is there such a Node?)')
    k.ensure_serving()
    return k


def restart_kubelet(cluster: Cluster, node: str) -> Kubelet:
    """Stop the node's kubelet and start a new one from its checkpoints.

    Raises KubeletStartError (naming the checkpoint file or socket) when it refuses to start.
    """
    m = _manager(cluster)
    if node not in m.kubelets and cluster.api.try_get("Node", node) is None:
        raise KeyError(f'node "{node}" has no kubelet (is there such a Node?)')
    return m.restart(node)


def stop_kubelets(cluster: Cluster) -> None:
    """Close every kubelet's socket and server threads and drop its temporary state."""
    _finalize(id(cluster))
