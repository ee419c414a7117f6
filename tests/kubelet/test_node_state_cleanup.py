"""A cluster nobody closes still gives its node state back once it is garbage.

``drakit.kubelet`` ties each API server's node state (kubelet checkpoints, PodResources sockets
and their gRPC servers, a temporary directory) to the API server's lifetime with a weakref
finalizer: a test or notebook that drops a Cluster without ``stop_kubelets`` must not leave
servers running and directories in /dev/shm until the interpreter exits.
"""

from __future__ import annotations

import gc

import drakit
from drakit import kubelet


def test_a_dropped_cluster_stops_its_kubelets_and_removes_its_temporary_state():
    c = drakit.Cluster(version="1.37")
    c.add_node("n1", allocatable={"cpu": "8", "memory": "32Gi"})
    c.settle()
    st = kubelet._STATES[c.api]
    base = st.base_dir
    assert base.is_dir() and st.owned
    # the node's PodResources server (opened at first use) is in the cluster-wide set the
    # finalizer stops
    c.kubelet("n1").pod_resources.list()
    (server,) = st.servers
    assert server._server is not None
    del c
    gc.collect()
    assert st.closed, "the node state of a garbage cluster was not finalized"
    assert server._server is None, "a garbage cluster's PodResources server still runs"
    assert not base.exists(), f"{base} outlived its cluster"
