"""PodResources v1 over the unix socket, with a real grpcio client (KEP-3695, api-truth §5).

Expected values come from the KEP and the shipped server (server_v1.go), never from drakit:
sidecars then regular containers, plain init containers left out, error texts with gRPC code
Unknown, ResourceExhausted "rejected by rate limit", kubelet_pod_resources_endpoint_* counters.
"""

from __future__ import annotations

import os
import stat

import grpc
import pytest

from drakit.kubelet.podresources import rpc
from drakit.kubelet.podresources.client import PodResourcesClient, PodResourcesRPCError
from drakit.kubelet.podresources.gen import api_pb2 as pb

from .helpers import allocate, claim, container, phase, pod, record_calls


def _metric(kubelet, name: str) -> int:
    """A counter as the kubelet's metrics text shows it (0 when it has no series yet)."""
    for line in kubelet.metrics_text().splitlines():
        if line.startswith(name + "{"):
            return int(line.rsplit(" ", 1)[1])
    return 0


def _running_pod(c, name="p1", claim_name="gpu-claim", device="gpu-0", **kw):
    c.apply([claim(claim_name)])
    c.apply([pod(name, [container("main", ["gpu"]), container("idle")],
                 claims={"gpu": claim_name}, **kw)])
    allocate(c, claim_name, [("gpu", "gpu.example.com", "n1", device)], [name])
    assert phase(c, name) == "Running"


def _claim_resource(driver, pool, device, cdi):
    return {"cdiDevices": [{"name": x} for x in cdi], "driverName": driver,
            "poolName": pool, "deviceName": device}


def test_list_reports_claim_driver_pool_device_and_cdi_per_container(cluster):
    _running_pod(cluster)
    got = cluster.kubelet("n1").pod_resources.list()
    assert got == {"podResources": [{
        "name": "p1", "namespace": "default",
        "containers": [
            {"name": "main", "dynamicResources": [{
                "claimName": "gpu-claim", "claimNamespace": "default",
                "claimResources": [_claim_resource("gpu.example.com", "n1", "gpu-0",
                                                   ["gpu.example.com/gpu=gpu-0"])]}]},
            {"name": "idle"},
        ]}]}


def test_raw_grpc_stub_sees_the_same_wire_messages(cluster):
    _running_pod(cluster)
    path = cluster.kubelet("n1").socket_path
    with grpc.insecure_channel(f"unix:{path}") as ch:
        resp = rpc.PodResourcesListerStub(ch).List(pb.ListPodResourcesRequest(), timeout=5)
    (p,) = resp.pod_resources
    dr = p.containers[0].dynamic_resources[0]
    assert (dr.claim_name, dr.claim_resources[0].driver_name,
            dr.claim_resources[0].cdi_devices[0].name) == (
        "gpu-claim", "gpu.example.com", "gpu.example.com/gpu=gpu-0")
    assert not dr.claim_resources[0].HasField("share_id")


def test_sidecars_then_regular_containers_plain_init_left_out(cluster):
    cluster.apply([claim("c")])
    cluster.apply([pod("p1", [container("app", ["gpu"])], claims={"gpu": "c"},
                       init=[container("setup", ["gpu"]),
                             container("side", ["gpu"], restartPolicy="Always")])])
    allocate(cluster, "c", [("gpu", "gpu.example.com", "n1", "gpu-1")], ["p1"])
    got = cluster.kubelet("n1").pod_resources.get("p1", "default")
    assert [c["name"] for c in got["podResources"]["containers"]] == ["side", "app"]


def test_two_containers_sharing_a_claim_both_show_it(cluster):
    cluster.apply([claim("shared")])
    cluster.apply([pod("p1", [container("a", ["gpu"]), container("b", ["gpu"])],
                       claims={"gpu": "shared"})])
    allocate(cluster, "shared", [("gpu", "gpu.example.com", "n1", "gpu-0")], ["p1"])
    cs = cluster.kubelet("n1").pod_resources.list()["podResources"][0]["containers"]
    assert [c["dynamicResources"][0]["claimName"] for c in cs] == ["shared", "shared"]


def test_get_unknown_pod_is_unknown_code(cluster):
    client = cluster.kubelet("n1").pod_resources
    with pytest.raises(PodResourcesRPCError) as e:
        client.get("nope", "default")
    assert (e.value.code, e.value.message) == ("Unknown",
                                               "pod nope in namespace default not found")


def test_get_disabled_by_gate(make_cluster):
    # GA and locked on from 1.36 (versioned gate table); the gate can be off up to 1.35
    c = make_cluster(gates={"KubeletPodResourcesGet": False}, version="1.35")
    _running_pod(c)
    k = c.kubelet("n1")
    with pytest.raises(PodResourcesRPCError) as e:
        k.pod_resources.get("p1", "default")
    assert (e.value.code, e.value.message) == ("Unknown", "PodResources API Get method disabled")
    assert _metric(k, "kubelet_pod_resources_endpoint_errors_get") == 1
    assert k.pod_resources.list()["podResources"][0]["name"] == "p1"


def test_dynamic_resources_hidden_with_gate_off_device_plugins_still_shown(make_cluster):
    c = make_cluster(gates={"KubeletPodResourcesDynamicResources": False}, version="1.35",
                     nodes={"n1": {"cpu": "8", "memory": "32Gi", "example.com/nic": "2"}})
    c.apply([claim("c")])
    c.apply([pod("p1", [container("main", ["gpu"], requests={"example.com/nic": "1"},
                                  limits={"example.com/nic": "1"})], claims={"gpu": "c"})])
    allocate(c, "c", [("gpu", "gpu.example.com", "n1", "gpu-0")], ["p1"])
    got = c.kubelet("n1").pod_resources.list()
    assert got["podResources"][0]["containers"] == [
        {"name": "main", "devices": [{"resourceName": "example.com/nic", "deviceIds": ["nic-0"]}]}]


def test_get_allocatable_resources_has_no_dra_data(make_cluster):
    c = make_cluster(nodes={"n1": {"cpu": "8", "memory": "32Gi", "example.com/nic": "2"}})
    before = c.kubelet("n1").pod_resources.get_allocatable_resources()
    _running_pod(c)
    after = c.kubelet("n1").pod_resources.get_allocatable_resources()
    assert before == after == {
        "devices": [{"resourceName": "example.com/nic", "deviceIds": ["nic-0", "nic-1"]}]}


def test_restart_reports_the_same_from_the_checkpoint(cluster):
    _running_pod(cluster)
    before = cluster.kubelet("n1").pod_resources.list()
    k = cluster.restart_kubelet("n1")
    assert k.pod_resources.list() == before
    # the driver was not asked to prepare again: the checkpoint said it was prepared
    assert [op for op, _ in k.drivers["gpu.example.com"].calls] == ["prepare"]


def test_rate_limit_burst_then_refill(cluster):
    client = cluster.kubelet("n1").pod_resources
    for _ in range(10):
        client.list()
    with pytest.raises(PodResourcesRPCError) as e:
        client.list()
    assert (e.value.code, e.value.message) == ("ResourceExhausted", "rejected by rate limit")
    # rejected calls never reach the handler: the counter saw 10
    assert _metric(cluster.kubelet("n1"), "kubelet_pod_resources_endpoint_requests_list") == 10
    cluster.advance(0.05)  # 100 QPS -> 5 tokens
    for _ in range(5):
        client.list()
    with pytest.raises(PodResourcesRPCError):
        client.list()


def test_metrics_counted_with_server_api_version(cluster):
    _running_pod(cluster)
    client = cluster.kubelet("n1").pod_resources
    client.list()
    client.get("p1", "default")
    client.get_allocatable_resources()
    with pytest.raises(PodResourcesRPCError):
        client.get("missing", "default")
    text = cluster.kubelet("n1").metrics_text()
    for line in ('kubelet_pod_resources_endpoint_requests_total{server_api_version="v1"} 4',
                 'kubelet_pod_resources_endpoint_requests_list{server_api_version="v1"} 1',
                 'kubelet_pod_resources_endpoint_requests_get{server_api_version="v1"} 2',
                 'kubelet_pod_resources_endpoint_requests_get_allocatable'
                 '{server_api_version="v1"} 1',
                 'kubelet_pod_resources_endpoint_errors_get{server_api_version="v1"} 1'):
        assert line in text.splitlines()
    assert "errors_list" not in text
    assert 'kubelet_pod_resources_endpoint_requests_total{server_api_version="v1"} 4' \
        in cluster.metrics()


def test_socket_is_private(cluster):
    path = cluster.kubelet("n1").socket_path
    assert str(path).endswith("pod-resources/kubelet.sock")
    st = os.stat(path)
    assert stat.S_ISSOCK(st.st_mode)
    assert stat.S_IMODE(st.st_mode) == 0o600


def test_second_client_over_the_same_socket(cluster):
    _running_pod(cluster)
    with PodResourcesClient(cluster.kubelet("n1").socket_path) as other:
        assert other.get("p1")["podResources"]["name"] == "p1"


def test_two_devices_of_one_driver_accumulate_cdi_devices(cluster):
    """Upstream GetDynamicResources declares the CDI slice per driver, not per device."""
    cluster.apply([claim("two", ["a", "b"])])
    cluster.apply([pod("p1", [container("main", ["gpu"])], claims={"gpu": "two"})])
    allocate(cluster, "two", [("a", "gpu.example.com", "n1", "gpu-0"),
                              ("b", "gpu.example.com", "n1", "gpu-1")], ["p1"])
    res = cluster.kubelet("n1").pod_resources.list()["podResources"][0]["containers"][0][
        "dynamicResources"][0]["claimResources"]
    assert [[d["name"] for d in r["cdiDevices"]] for r in res] == [
        ["gpu.example.com/gpu=gpu-0"],
        ["gpu.example.com/gpu=gpu-0", "gpu.example.com/gpu=gpu-1"]]


def test_a_socket_path_too_long_for_unix_sockets_is_refused_with_what_to_do(tmp_path):
    """A state directory deep enough that <state>/pod-resources/kubelet.sock exceeds the unix
    socket path limit: one line naming the path, the limit and the fix (no bind error)."""
    import time

    import pytest

    from drakit.kubelet.podresources.server import (
        MAX_UNIX_PATH,
        PodResourcesServer,
        PodResourcesServerError,
    )

    deep = tmp_path / ("d" * MAX_UNIX_PATH)
    server = PodResourcesServer(deep, provider=None, now=time.monotonic)
    with pytest.raises(PodResourcesServerError) as e:
        server.start()
    assert str(e.value) == (f"listen unix {server.socket_path}: the path is longer than "
                            f"{MAX_UNIX_PATH} bytes, the limit for unix sockets; use a shorter "
                            "state directory")
    assert not server.running


def test_a_socket_path_of_exactly_the_limit_is_served():
    """sun_path holds 108 bytes with the terminating NUL: a path of 107 bytes binds."""
    import shutil
    import tempfile
    import time

    from drakit.kubelet.podresources.server import MAX_UNIX_PATH, SOCKET_NAME, PodResourcesServer

    base = tempfile.mkdtemp(prefix="drakit-sock-")
    try:
        tail = f"/pod-resources/{SOCKET_NAME}"
        state = base + "/" + "d" * (MAX_UNIX_PATH - len(base) - 1 - len(tail))
        server = PodResourcesServer(state, provider=None, now=time.monotonic)
        assert len(str(server.socket_path).encode()) == MAX_UNIX_PATH
        server.start()
        try:
            assert server.running and server.socket_path.exists()
        finally:
            server.stop()
    finally:
        shutil.rmtree(base, ignore_errors=True)


def test_a_started_pods_entry_is_encoded_once_and_served_from_the_cache(cluster, monkeypatch):
    # KEP-3695 "Risks": List must stay cheap on a busy node; a started pod's devices no longer
    # change, so its encoded entry is kept until the pod changes. A second pod makes the node's
    # state change in between, so List itself is not answered from its whole-answer cache.
    _running_pod(cluster)
    k = cluster.kubelet("n1")
    servicer = k.server.servicer
    first = k.pod_resources.list()
    calls = record_calls(monkeypatch, servicer, "_pod_bytes", lambda p: p["metadata"]["name"])
    cluster.apply([pod("p2", [container("idle")])])
    assert phase(cluster, "p2") == "Running"
    second = k.pod_resources.list()
    assert calls == ["p2"]
    assert [p for p in second["podResources"] if p["name"] == "p1"] == first["podResources"]


def test_a_client_call_to_a_server_that_never_answers_ends_at_its_timeout(tmp_path):
    """Every wait has a bound: a kubelet socket that accepts the call and never answers
    (a hung node agent) ends the client's call with DeadlineExceeded after its timeout."""
    import threading
    import time
    from concurrent import futures

    release = threading.Event()

    class Hung:
        def List(self, request, context):  # noqa: N802 - the gRPC method name
            release.wait(10)
            return pb.ListPodResourcesResponse()

        Get = GetAllocatableResources = List

    sock = tmp_path / "hung.sock"
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
    rpc.add_servicer(Hung(), server)
    server.add_insecure_port(f"unix:{sock}")
    server.start()
    try:
        with PodResourcesClient(sock, timeout=0.3) as client:
            started = time.monotonic()
            with pytest.raises(PodResourcesRPCError) as info:
                client.list()
            assert info.value.code == "DeadlineExceeded"
            assert time.monotonic() - started < 5
    finally:
        release.set()
        server.stop(0)


def test_a_bind_grpc_refuses_is_a_start_up_error_naming_the_path(monkeypatch):
    """A bind that passes drakit's own checks and still fails (another process binding the
    path between the check and the bind, a filesystem refusing sockets): grpcio raises
    RuntimeError from add_insecure_port, which the server turns into one line naming the
    path and grpc's reason. Root ignores directory permissions, so no real bind can be made
    to fail here: the test stands in for grpcio's refusal with the RuntimeError (and text)
    grpcio raises."""
    import shutil
    import tempfile
    import time

    import grpc
    import pytest

    from drakit.kubelet.podresources import server as srv

    real_server = grpc.server

    def refusing_server(*args, **kwargs):
        s = real_server(*args, **kwargs)

        def add_insecure_port(address):
            raise RuntimeError(f"Failed to bind to address {address}; set "
                               "GRPC_VERBOSITY=debug environment variable to see detailed error message.")
        s.add_insecure_port = add_insecure_port
        return s

    monkeypatch.setattr(srv.grpc, "server", refusing_server)
    base = tempfile.mkdtemp(prefix="dk-")
    try:
        server = srv.PodResourcesServer(base, provider=None, now=time.monotonic)
        with pytest.raises(srv.PodResourcesServerError) as e:
            server.start()
        assert str(e.value) == (f"listen unix {server.socket_path}: Failed to bind to address "
                                f"unix:{server.socket_path}; set GRPC_VERBOSITY=debug environment "
                                "variable to see detailed error message.")
        assert not server.running
    finally:
        shutil.rmtree(base, ignore_errors=True)
