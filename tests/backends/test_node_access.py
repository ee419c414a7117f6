"""The cluster backend reaches a served node's kubelet through the node agent, and what comes
back reads in the scenario's names (namespace, pools, drivers, CDI ids)."""

from __future__ import annotations

import tempfile

import pytest

from drakit.serve import start_node_agents
from steps.backends.base import PodResourcesError, Unsupported
from steps.backends.cluster import ClusterBackend, Options, Session


@pytest.fixture
def backend(server):
    agents = tempfile.mkdtemp(prefix="dka-")
    thread = start_node_agents(server["served"], agents)
    Session._sessions.clear()
    b = ClusterBackend(options=Options(kubeconfig=server["kubeconfig"], settle_quiet=0.05,
                                       wait_timeout=10, node_agent=f"unix:{agents}/{{node}}.sock"),
                       tags={"component:kubelet"})
    b.start_scenario("agent", "1.37", {})
    yield b
    b.end_scenario()
    assert thread.is_alive()


def test_podresources_through_the_agent_in_scenario_names(backend):
    b = backend
    b.add_node("n1")
    b.apply([
        {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
         "metadata": {"name": "gpu-claim"},
         "spec": {"devices": {"requests": [{"name": "gpu", "exactly": {
             "deviceClassName": "gpu.example.com"}}]}}},
        {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "trainer"},
         "spec": {"nodeName": "n1",
                  "resourceClaims": [{"name": "gpu", "resourceClaimName": "gpu-claim"}],
                  "containers": [{"name": "main", "image": "i",
                                  "resources": {"claims": [{"name": "gpu"}]}}]}}])
    claim = b.get("ResourceClaim", "gpu-claim")
    claim["status"] = {"allocation": {"devices": {"results": [
        {"request": "gpu", "driver": "gpu.example.com", "pool": "n1", "device": "gpu-3"}]}},
        "reservedFor": [{"resource": "pods", "name": "trainer",
                         "uid": b.get("Pod", "trainer")["metadata"]["uid"]}]}
    b.update(claim, subresource="status")
    # the kubelet watches no claim: an update of the pod reaches its worker at once
    b.patch("Pod", "trainer", {"metadata": {"annotations": {"drakit.io/claims-reserved": "gpu"}}})
    b.wait_for("running", lambda: b.get("Pod", "trainer")["status"].get("phase") == "Running")
    pr = b.pod_resources("n1")
    got = pr.get("trainer", "default")["podResources"]
    assert got["namespace"] == "default"
    assert got["containers"][0]["dynamicResources"] == [{
        "claimName": "gpu-claim", "claimNamespace": "default", "claimResources": [{
            "cdiDevices": [{"name": "gpu.example.com/gpu=gpu-3"}],
            "driverName": "gpu.example.com", "poolName": "n1", "deviceName": "gpu-3"}]}]
    assert b.container_devices("n1", "trainer", "main") == ["gpu.example.com/gpu=gpu-3"]
    with pytest.raises(PodResourcesError) as e:
        pr.get("ghost", "elsewhere")
    assert (e.value.code, e.value.message) == ("Unknown",
                                               "pod ghost in namespace elsewhere not found")
    # the scenario's first look at the node is the zero of its counters
    assert "kubelet_pod_resources_endpoint_errors_get" in b.kubelet_metrics("n1")
    b.restart_kubelet("n1")
    assert pr.get("trainer", "default")["podResources"] == got
    assert pr.socket_mode() == "0600"


def test_without_an_agent_node_steps_are_unsupported(server):
    Session._sessions.clear()
    b = ClusterBackend(options=Options(kubeconfig=server["kubeconfig"], settle_quiet=0.05),
                       tags=set())
    b.start_scenario("no-agent", "1.37", {})
    try:
        with pytest.raises(Unsupported, match="needs node access"):
            b.pod_resources("n1")
    finally:
        b.end_scenario()


def test_a_new_nodes_agent_starts_while_gone_nodes_agents_are_still_stopping(server, tmp_path,
                                                                              monkeypatch):
    """The agents' loop starts a new node's agent first and stops the gone ones on threads of
    their own: a stop that takes its time (socketserver's shutdown) never holds up the agent
    a scenario is waiting for (a served profile once waited 30 s for one in vain)."""
    import threading

    from drakit.nodeagent import served as served_agents

    served = server["served"]
    agents = served_agents.ServedAgents(served, tmp_path)
    old = ["gone-a", "gone-b"]
    for name in old:
        served.write(lambda n=name: served.cluster.add_node(n))
    agents.sync()
    assert all((tmp_path / f"{n}.sock").exists() for n in old)

    release = threading.Event()
    stopping: list[str] = []
    real_stop = served_agents.AgentServer.stop

    def slow_stop(self):
        if self.path.parent == tmp_path:  # this test's agents, not the module server's own
            stopping.append(self.agent.node)
        release.wait(10)
        real_stop(self)
    monkeypatch.setattr(served_agents.AgentServer, "stop", slow_stop)
    for name in old:
        served.write(lambda n=name: served.api.delete("Node", n))
    served.write(lambda: served.cluster.add_node("fresh"))
    syncing = threading.Thread(target=agents.sync)
    try:
        syncing.start()
        for _ in range(100):  # the new agent comes up while both stops are still held
            if (tmp_path / "fresh.sock").exists():
                break
            threading.Event().wait(0.05)
        assert (tmp_path / "fresh.sock").exists()
        syncing.join(5)
        assert not syncing.is_alive()  # the sync did not wait for the stops either
        assert set(agents.servers) >= {"fresh"} and not set(agents.servers) & set(old)
    finally:
        release.set()
        syncing.join(30)
    for _ in range(100):
        if not any((tmp_path / f"{n}.sock").exists() for n in old):
            break
        threading.Event().wait(0.05)
    # (the module's server may hold other tests' nodes, which come and go as well)
    assert sorted(n for n in stopping if n in old) == old
    assert not any((tmp_path / f"{n}.sock").exists() for n in old)
    agents.stop()
