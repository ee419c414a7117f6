"""The kubelet's pod lifecycle: admission (KEP-5517), prepare/unprepare, KEP-5004 per-container
devices, KEP-5729 PodGroup reservations, and the failure paths users see as pod events.

Expected texts are upstream's: kubelet rejectPod ("Pod was rejected: ", reason OutOf<r>,
"Node didn't have enough resource: ..."), event FailedPrepareDynamicResources ("Failed to
prepare dynamic resources: prepare dynamic resources: DRA driver <d> is not registered"),
"pod <p> (<uid>) is not allowed to use ResourceClaim <c> (<uid>)".
"""

from __future__ import annotations

from .helpers import allocate, bind, claim, container, events, phase, pod, touch_pods, unbound

GATES_5729 = {"GenericWorkload": True, "DRAWorkloadResourceClaims": True}


def test_pod_without_claims_runs(cluster):
    cluster.apply([pod("p1", [container("main", requests={"cpu": "1"})])])
    p = cluster.get("Pod", "p1")
    assert p["status"]["phase"] == "Running"
    assert [c["name"] for c in p["status"]["containerStatuses"]] == ["main"]
    assert {c["type"]: c["status"] for c in p["status"]["conditions"]}["Ready"] == "True"


def test_pod_bound_before_its_claim_is_reserved_fails_prepare_then_runs_at_the_resync(cluster):
    """Upstream's kubelet admits the pod (no admit handler looks at claims) and refuses the
    prepare of a claim not reserved for it; it watches no claim, so the reservation is taken
    at the pod worker's resync (60 s after the failed sync), not before."""
    cluster.apply([claim("c")])
    cluster.apply([pod("p1", [container("main", ["gpu"])], claims={"gpu": "c"})])
    assert phase(cluster, "p1") == "Pending"
    uid = cluster.get("Pod", "p1")["metadata"]["uid"]
    claim_uid = cluster.get("ResourceClaim", "c")["metadata"]["uid"]
    assert [e["message"] for e in events(cluster, "p1", "FailedPrepareDynamicResources")] == [
        "Failed to prepare dynamic resources: prepare dynamic resources: pod p1 "
        f"({uid}) is not allowed to use ResourceClaim c ({claim_uid})"]
    allocate(cluster, "c", [("gpu", "gpu.example.com", "n1", "gpu-0")], ["p1"], touch=False)
    cluster.advance(59)
    assert phase(cluster, "p1") == "Pending"
    cluster.advance(1)
    assert phase(cluster, "p1") == "Running"


def test_unknown_driver_fails_prepare_with_an_event_and_stays_pending(cluster):
    cluster.apply([claim("c")])
    cluster.apply([pod("p1", [container("main", ["gpu"])], claims={"gpu": "c"})])
    allocate(cluster, "c", [("gpu", "unknown.example.com", "n1", "dev-0")], ["p1"])
    assert phase(cluster, "p1") == "Pending"
    # besides the refusal while the claim was not reserved for the pod (bound before)
    (ev,) = [e for e in events(cluster, "p1", "FailedPrepareDynamicResources")
             if "is not allowed to use" not in e["message"]]
    assert ev["type"] == "Warning" and ev["source"]["component"] == "kubelet"
    assert ev["message"] == ("Failed to prepare dynamic resources: prepare dynamic resources: "
                             "DRA driver unknown.example.com is not registered")
    cluster.settle()
    assert len(events(cluster, "p1", "FailedPrepareDynamicResources")) == 2


def test_driver_error_is_reported(cluster):
    cluster.kubelet("n1").drivers["gpu.example.com"].fail_prepare = "device gpu-0 is unhealthy"
    cluster.apply([claim("c")])
    cluster.apply([pod("p1", [container("main", ["gpu"])], claims={"gpu": "c"})])
    allocate(cluster, "c", [("gpu", "gpu.example.com", "n1", "gpu-0")], ["p1"])
    (ev,) = [e for e in events(cluster, "p1", "FailedPrepareDynamicResources")
             if "is not allowed to use" not in e["message"]]
    assert ev["message"].endswith("NodePrepareResources failed for ResourceClaim c: "
                                  "device gpu-0 is unhealthy")
    assert phase(cluster, "p1") == "Pending"


def test_claim_reserved_for_another_pod_is_refused(cluster):
    cluster.apply([claim("c")])
    cluster.apply([pod("other", [container("main")])])
    cluster.apply([pod("p1", [container("main", ["gpu"])], claims={"gpu": "c"})])
    allocate(cluster, "c", [("gpu", "gpu.example.com", "n1", "gpu-0")], ["other"])
    p = cluster.get("Pod", "p1")
    c = cluster.get("ResourceClaim", "c")
    (ev,) = events(cluster, "p1", "FailedPrepareDynamicResources")
    assert ev["message"].endswith(f"pod p1 ({p['metadata']['uid']}) is not allowed to use "
                                  f"ResourceClaim c ({c['metadata']['uid']})")


def test_delete_unprepares_then_finishes_deletion(cluster):
    cluster.apply([claim("c")])
    cluster.apply([pod("p1", [container("main", ["gpu"])], claims={"gpu": "c"})])
    allocate(cluster, "c", [("gpu", "gpu.example.com", "n1", "gpu-0")], ["p1"])
    drv = cluster.kubelet("n1").drivers["gpu.example.com"]
    cluster.delete("Pod", "p1")
    assert cluster.list("Pod") == []
    assert [op for op, _ in drv.calls] == ["prepare", "unprepare"]
    assert drv.prepared == {}
    assert cluster.kubelet("n1").pod_resources.list() == {}


def test_shared_claim_unprepared_only_after_the_last_pod(cluster):
    cluster.apply([claim("c")])
    cluster.apply([pod("a", [container("main", ["gpu"])], claims={"gpu": "c"}),
                   pod("b", [container("main", ["gpu"])], claims={"gpu": "c"})])
    allocate(cluster, "c", [("gpu", "gpu.example.com", "n1", "gpu-0")], ["a", "b"])
    drv = cluster.kubelet("n1").drivers["gpu.example.com"]
    cluster.delete("Pod", "a")
    assert [op for op, _ in drv.calls] == ["prepare"]
    cluster.delete("Pod", "b")
    assert [op for op, _ in drv.calls] == ["prepare", "unprepare"]


# ------------------------------------------------------------------------- admission


def test_out_of_cpu_rejection_as_the_kubelet_does(make_cluster):
    c = make_cluster(nodes={"n1": {"cpu": "2", "memory": "4Gi"}})
    c.apply([pod("big", [container("main", requests={"cpu": "3"})])])
    p = c.get("Pod", "big")["status"]
    assert (p["phase"], p["reason"]) == ("Failed", "OutOfcpu")
    assert p["message"] == ("Pod was rejected: Node didn't have enough resource: cpu, "
                            "requested: 3000, used: 0, capacity: 2000")
    (ev,) = events(c, "big", "OutOfcpu")
    assert ev["type"] == "Warning"


def test_out_of_memory_counts_pods_already_running(make_cluster):
    c = make_cluster(nodes={"n1": {"cpu": "8", "memory": "1Gi"}})
    c.apply([pod("first", [container("main", requests={"memory": "768Mi"})])])
    c.apply([pod("second", [container("main", requests={"memory": "512Mi"})])])
    s = c.get("Pod", "second")["status"]
    assert s["reason"] == "OutOfmemory"
    assert s["message"] == ("Pod was rejected: Node didn't have enough resource: memory, "
                            f"requested: {512 * 2**20}, used: {768 * 2**20}, "
                            f"capacity: {2**30}")


def _dra_cpu_pod(c, cpu_mapped: str):
    c.apply([claim("cpus", cls="dra.example.com")])
    c.apply([unbound(pod("p1", [container("main", ["cpus"], requests={"cpu": "4"})],
                         claims={"cpus": "cpus"}))])
    c.patch("Pod", "p1", {"status": {"nodeAllocatableResourceClaimStatuses": [{
        "resourceClaimName": "cpus", "containers": ["main"],
        "mapping": [{"name": "cpu", "quantity": cpu_mapped}]}]}}, subresource="status")
    allocate(c, "cpus", [("gpu", "dra.example.com", "n1", "cpu-set-0")], ["p1"])
    bind(c, "p1")  # the kubelet admits the pod when it first sees it, the status written


def test_dra_node_allocatable_footprint_rejects_even_though_the_spec_fits(make_cluster):
    c = make_cluster(gates={"DRANodeAllocatableResources": True},
                     nodes={"n1": {"cpu": "8", "memory": "32Gi"}})
    _dra_cpu_pod(c, "6")
    s = c.get("Pod", "p1")["status"]
    assert (s["phase"], s["reason"]) == ("Failed", "OutOfcpu")
    assert s["message"] == ("Pod was rejected: Node didn't have enough resource: cpu, "
                            "requested: 10000, used: 0, capacity: 8000")


def test_dra_node_allocatable_footprint_accepted_when_it_fits(make_cluster):
    c = make_cluster(gates={"DRANodeAllocatableResources": True},
                     nodes={"n1": {"cpu": "8", "memory": "32Gi"}})
    _dra_cpu_pod(c, "4")
    assert phase(c, "p1") == "Running"


# ------------------------------------------------------------------------- KEP-5004


def test_extended_resource_containers_get_only_their_mapped_devices(cluster):
    cluster.apply([{
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
        "metadata": {"name": "p1-extended-resources-abcde",
                     "annotations": {"resource.kubernetes.io/extended-resource-claim": "true"}},
        "spec": {"devices": {"requests": [
            {"name": "container-0-request-0",
             "exactly": {"deviceClassName": "gpu.example.com", "count": 1}},
            {"name": "container-1-request-0",
             "exactly": {"deviceClassName": "gpu.example.com", "count": 2}},
            {"name": "container-1-request-1",
             "exactly": {"deviceClassName": "dra.example.com", "count": 1}}]}}}])
    cluster.apply([unbound(pod("p1", [
        container("a", requests={"example.com/gpu": "1"}, limits={"example.com/gpu": "1"}),
        container("b", requests={"example.com/gpu": "2", "example.com/nic": "1"},
                  limits={"example.com/gpu": "2", "example.com/nic": "1"}),
        container("plain")]))])
    cluster.patch("Pod", "p1", {"status": {"extendedResourceClaimStatus": {
        "resourceClaimName": "p1-extended-resources-abcde",
        "requestMappings": [
            {"containerName": "a", "resourceName": "example.com/gpu",
             "requestName": "container-0-request-0"},
            {"containerName": "b", "resourceName": "example.com/gpu",
             "requestName": "container-1-request-0"},
            {"containerName": "b", "resourceName": "example.com/nic",
             "requestName": "container-1-request-1"}]}}}, subresource="status")
    allocate(cluster, "p1-extended-resources-abcde", [
        ("container-0-request-0", "gpu.example.com", "n1", "gpu-0"),
        ("container-1-request-0", "gpu.example.com", "n1", "gpu-1"),
        ("container-1-request-0", "gpu.example.com", "n1", "gpu-2"),
        ("container-1-request-1", "dra.example.com", "n1", "nic-0")], ["p1"])
    bind(cluster, "p1")  # the mapping is there when the kubelet first sees the pod
    assert phase(cluster, "p1") == "Running"
    k = cluster.kubelet("n1")
    assert k.cdi_devices("p1", "a") == ["gpu.example.com/gpu=gpu-0"]
    assert k.cdi_devices("p1", "b") == ["gpu.example.com/gpu=gpu-1", "gpu.example.com/gpu=gpu-2",
                                        "dra.example.com/test=nic-0"]
    assert k.cdi_devices("p1", "plain") == []
    # PodResources reports the whole special claim for containers with a mapping
    cs = k.pod_resources.list()["podResources"][0]["containers"]
    assert [len(c.get("dynamicResources", [])) for c in cs] == [1, 1, 0]


def test_extended_resource_pod_without_the_schedulers_mapping_runs_without_devices(cluster):
    """A pod bound by spec.nodeName asking for an extended resource the node does not
    advertise, without status.extendedResourceClaimStatus: admission leaves the resource out
    (removeMissingExtendedResources) and there is no special claim to prepare, so the pod runs
    at once without devices, as upstream's kubelet runs it."""
    cluster.apply([pod("p1", [container("a", requests={"example.com/gpu": "1"},
                                        limits={"example.com/gpu": "1"})])])
    assert phase(cluster, "p1") == "Running"
    assert cluster.kubelet("n1").cdi_devices("p1", "a") == []
    assert events(cluster, "p1") == []


def test_claim_request_filter_gives_only_that_requests_devices(cluster):
    cluster.apply([claim("two", ["a", "b"])])
    cluster.apply([pod("p1", [container("x", [{"name": "gpu", "request": "a"}]),
                              container("y", [{"name": "gpu", "request": "b"}])],
                       claims={"gpu": "two"})])
    allocate(cluster, "two", [("a", "gpu.example.com", "n1", "gpu-0"),
                              ("b", "gpu.example.com", "n1", "gpu-1")], ["p1"])
    k = cluster.kubelet("n1")
    assert k.cdi_devices("p1", "x") == ["gpu.example.com/gpu=gpu-0"]
    assert k.cdi_devices("p1", "y") == ["gpu.example.com/gpu=gpu-1"]


# ------------------------------------------------------------------------- KEP-5729


def _podgroup(c, name="pg"):
    return c.apply([{"apiVersion": "scheduling.k8s.io/v1beta1", "kind": "PodGroup",
                     "metadata": {"name": name},
                     "spec": {"schedulingPolicy": {"basic": {}},
                              "resourceClaims": [{"name": "gpu",
                                                  "resourceClaimName": "shared"}]}}])[0]


def _group_pod(name, group):
    p = pod(name, [container("main", ["gpu"])], claims={"gpu": "shared"})
    p["spec"]["schedulingGroup"] = {"podGroupName": group}
    return p


def test_pods_of_a_podgroup_run_with_the_same_device(make_cluster):
    c = make_cluster(gates=GATES_5729)
    pg = _podgroup(c)
    c.apply([claim("shared")])
    c.apply([_group_pod("w0", "pg"), _group_pod("w1", "pg")])
    allocate(c, "shared", [("gpu", "gpu.example.com", "n1", "gpu-0")], consumers=[
        {"apiGroup": "scheduling.k8s.io", "resource": "podgroups", "name": "pg",
         "uid": pg["metadata"]["uid"]}])
    touch_pods(c, "shared", ["w0", "w1"])
    assert phase(c, "w0") == phase(c, "w1") == "Running"
    k = c.kubelet("n1")
    assert k.cdi_devices("w0", "main") == k.cdi_devices("w1", "main") == [
        "gpu.example.com/gpu=gpu-0"]


def test_pod_whose_podgroup_is_not_reserved_does_not_start(make_cluster):
    c = make_cluster(gates=GATES_5729)
    pg = _podgroup(c)
    _podgroup(c, "other")
    c.apply([claim("shared")])
    c.apply([_group_pod("w0", "other")])
    allocate(c, "shared", [("gpu", "gpu.example.com", "n1", "gpu-0")], consumers=[
        {"apiGroup": "scheduling.k8s.io", "resource": "podgroups", "name": "pg",
         "uid": pg["metadata"]["uid"]}])
    assert phase(c, "w0") == "Pending"
    (ev,) = events(c, "w0", "FailedPrepareDynamicResources")
    assert "is not allowed to use ResourceClaim shared" in ev["message"]


def test_podgroup_reservation_refused_with_the_gate_off(make_cluster):
    c = make_cluster(gates={"GenericWorkload": True})
    pg = c.apply([{"apiVersion": "scheduling.k8s.io/v1beta1", "kind": "PodGroup",
                   "metadata": {"name": "pg"}, "spec": {"schedulingPolicy": {"basic": {}}}}])[0]
    c.apply([claim("shared")])
    c.apply([_group_pod("w0", "pg")])
    allocate(c, "shared", [("gpu", "gpu.example.com", "n1", "gpu-0")], consumers=[
        {"apiGroup": "scheduling.k8s.io", "resource": "podgroups", "name": "pg",
         "uid": pg["metadata"]["uid"]}])
    assert phase(c, "w0") == "Pending"
    assert events(c, "w0", "FailedPrepareDynamicResources")


def test_gate_change_restarts_kubelets_from_their_checkpoints(make_cluster):
    c = make_cluster(version="1.35")  # the gate is locked on from 1.36
    c.apply([claim("c")])
    c.apply([pod("p1", [container("main", ["gpu"])], claims={"gpu": "c"})])
    allocate(c, "c", [("gpu", "gpu.example.com", "n1", "gpu-0")], ["p1"])
    c.set_feature_gates({"KubeletPodResourcesDynamicResources": False})
    c.settle()
    cs = c.kubelet("n1").pod_resources.list()["podResources"][0]["containers"]
    assert cs == [{"name": "main"}]
    c.set_feature_gates({"KubeletPodResourcesDynamicResources": True})
    c.settle()
    cs = c.kubelet("n1").pod_resources.list()["podResources"][0]["containers"]
    assert cs[0]["dynamicResources"][0]["claimName"] == "c"


def test_implicit_device_class_extended_resource_is_not_an_admission_shortfall(cluster):
    """KEP-5004 implicit names (deviceclass.resource.kubernetes.io/<class>) are DRA-backed:
    admission drops them like any extended resource the node does not advertise."""
    from drakit.kubelet.admission import admit
    p = pod("p1", [container("main", requests={"deviceclass.resource.kubernetes.io/gpu": "1"},
                             limits={"deviceclass.resource.kubernetes.io/gpu": "1"})])
    node = cluster.get("Node", "n1")
    assert admit(p, node, [], cluster.gates) is None


def test_closing_the_cluster_stops_its_kubelets():
    """Cluster.close stops every kubelet (sockets, server threads) at once, not only when the
    cluster is garbage-collected: a closed kubelet manager syncs nothing more."""
    from drakit import Cluster

    c = Cluster()
    c.add_node("n1")
    manager = c._kubelet_manager()
    assert manager is not None and not manager.closed
    c.close()
    assert manager.closed and manager.sync() is False


def test_closing_keeps_a_state_dir_the_caller_gave(tmp_path):
    """A state directory the caller names (drakit serve --state-dir) belongs to the caller:
    closing the cluster stops the kubelets but leaves the directory and its checkpoints."""
    from drakit import Cluster

    state = tmp_path / "state"
    c = Cluster(state_dir=str(state))
    c.add_node("n1")
    c.close()
    assert state.is_dir() and any(state.iterdir())


def test_a_state_dir_whose_parents_are_missing_is_made_with_them(tmp_path):
    """``drakit serve --state-dir a/b`` where ``a`` does not exist yet: the directory is made
    with its parents (as ``mkdir -p``), and the node's kubelet starts in it."""
    from drakit import Cluster

    state = tmp_path / "a" / "b"
    c = Cluster(state_dir=str(state))
    try:
        c.add_node("n1")
        assert c.kubelet("n1") is not None and (state / "n1").is_dir()
        assert not c.errors()
    finally:
        c.close()


def test_a_state_dir_that_cannot_be_made_is_the_kubelet_start_error(tmp_path):
    """A node's state directory the host cannot create (here a file has its name) stops that
    kubelet from starting: the start error names the directory and the OS's reason, and the
    Node gets it as its KubeletSetupFailed event (drakit only: a real kubelet's start-up
    checks its own --root-dir)."""
    from drakit import Cluster

    state = tmp_path / "state"
    state.mkdir()
    (state / "n1").write_text("not a directory")
    c = Cluster(state_dir=str(state))
    try:
        c.add_node("n1")
        k = c.kubelet("n1")
        expected = (f"failed to start kubelet on node n1: cannot create the state directory "
                    f"{state / 'n1'}: File exists")
        assert not k.running and k.start_error == expected
        (ev,) = [x for x in c.events("Node", "n1") if x["reason"] == "KubeletSetupFailed"]
        assert ev["type"] == "Warning" and ev["message"] == expected
    finally:
        c.close()
