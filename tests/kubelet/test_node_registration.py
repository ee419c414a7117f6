"""What a kubelet registers its Node with (k/k pkg/kubelet/kubelet_node_status.go initialNode
and setNodeStatus): the hostname, os and arch labels, the kubelet's own version and
platform in status.nodeInfo, its endpoint and its hostname address."""

from __future__ import annotations

from drakit import Cluster


def test_a_registered_node_carries_the_kubelets_labels_and_node_info() -> None:
    c = Cluster(version="1.37", component_versions={"kubelet/old": "1.36"})
    try:
        c.add_node("new", labels={"example.com/pool": "a"})
        c.add_node("old")
        new, old = c.get("Node", "new"), c.get("Node", "old")
        assert new["metadata"]["labels"] == {
            "kubernetes.io/hostname": "new", "kubernetes.io/os": "linux", "kubernetes.io/arch": "amd64",
            "beta.kubernetes.io/os": "linux", "beta.kubernetes.io/arch": "amd64", "example.com/pool": "a"}
        info = new["status"]["nodeInfo"]
        assert (info["kubeletVersion"], info["operatingSystem"], info["architecture"]) == (
            "v1.37.0", "linux", "amd64")
        assert info["containerRuntimeVersion"].startswith("drakit://")
        assert info["machineID"] == "" and info["kubeProxyVersion"] == ""  # Go's zero values, served
        assert old["status"]["nodeInfo"]["kubeletVersion"] == "v1.36.0"  # the skewed kubelet's own
        assert new["status"]["daemonEndpoints"] == {"kubeletEndpoint": {"Port": 10250}}
        assert new["status"]["addresses"] == [{"type": "Hostname", "address": "new"}]
    finally:
        c.close()


def test_labels_given_for_a_node_win_over_the_registered_ones() -> None:
    c = Cluster()
    try:
        c.add_node("arm", labels={"kubernetes.io/arch": "arm64"})
        assert c.get("Node", "arm")["metadata"]["labels"]["kubernetes.io/arch"] == "arm64"
    finally:
        c.close()


def test_a_deleted_node_stops_its_kubelet_and_closes_its_socket() -> None:
    """A Node deleted from the API server is a gone node for the reference: its kubelet is
    stopped, so its PodResources socket is closed and removed (grpc removes a unix socket it
    stops serving) and it no longer syncs; the other nodes' kubelets go on."""
    c = Cluster()
    try:
        c.add_node("gone")
        c.add_node("kept")
        k = c.kubelet("gone")
        sock = k.socket_path
        assert sock.exists() and k.running
        c.delete("Node", "gone")
        assert not k.running and k.server is None
        assert not sock.exists()
        assert c.kubelet("kept").socket_path.exists()
    finally:
        c.close()
