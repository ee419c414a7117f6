"""PodRequests/PodLimits: the numbers of component-helpers' own examples and KEP-5517's."""

from __future__ import annotations

from drakit.api.quantity import Quantity
from drakit.podrequests import (
    DRA_SHAPE_136,
    PodResourcesOptions,
    claim_status_total,
    container_dra_allocations,
    format_resource_list,
    pod_limits,
    pod_requests,
)

DRA = PodResourcesOptions(use_dra_node_allocatable=True)
PLAIN = PodResourcesOptions()


def ctr(name: str, requests: dict | None = None, limits: dict | None = None, **kw) -> dict:
    res: dict = {}
    if requests:
        res["requests"] = requests
    if limits:
        res["limits"] = limits
    return {"name": name, "image": "x", "resources": res, **kw}


def pod(containers: list[dict], init: list[dict] | None = None, **spec) -> dict:
    s = {"containers": containers, **spec}
    if init:
        s["initContainers"] = init
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"}, "spec": s}


def reqs(p: dict, opts: PodResourcesOptions = PLAIN) -> dict[str, str]:
    return format_resource_list(pod_requests(p, opts))


def test_containers_add_up_and_init_containers_take_the_max() -> None:
    # the example of ComputePodResourceRequest's doc comment: IC1 2/1G, IC2 2/3G, C1 2/1G, C2 1/1G
    p = pod([ctr("c1", {"cpu": "2", "memory": "1G"}), ctr("c2", {"cpu": "1", "memory": "1G"})],
            init=[ctr("i1", {"cpu": "2", "memory": "1G"}), ctr("i2", {"cpu": "2", "memory": "3G"})])
    assert reqs(p) == {"cpu": "3", "memory": "3G"}


def test_sidecars_add_to_the_sum_and_to_later_init_peaks() -> None:
    p = pod([ctr("c", {"cpu": "1"})],
            init=[ctr("side", {"cpu": "1"}, restartPolicy="Always"), ctr("i", {"cpu": "2"})])
    # sum = c 1 + sidecar 1 = 2; peak of i = 2 + sidecar 1 = 3
    assert reqs(p) == {"cpu": "3"}
    p2 = pod([ctr("c", {"cpu": "2"})],
             init=[ctr("i", {"cpu": "2"}), ctr("side", {"cpu": "1"}, restartPolicy="Always")])
    # i runs before the sidecar starts: peak 2; sum = 3
    assert reqs(p2) == {"cpu": "3"}


def test_overhead_is_added_and_can_be_excluded() -> None:
    p = pod([ctr("c", {"cpu": "1", "memory": "1Gi"})], overhead={"cpu": "250m", "memory": "120Mi"})
    assert reqs(p) == {"cpu": "1250m", "memory": "1144Mi"}
    assert reqs(p, PodResourcesOptions(exclude_overhead=True)) == {"cpu": "1", "memory": "1Gi"}


def test_pod_level_requests_override_the_aggregate() -> None:
    p = pod([ctr("c", {"cpu": "1", "memory": "1Gi", "example.com/gpu": "1"})],
            resources={"requests": {"cpu": "4", "memory": "8Gi"}})
    assert reqs(p) == {"cpu": "4", "example.com/gpu": "1", "memory": "8Gi"}
    assert reqs(p, PodResourcesOptions(skip_pod_level_resources=True)) == \
        {"cpu": "1", "example.com/gpu": "1", "memory": "1Gi"}


def test_non_missing_requests_only_fill_absent_values() -> None:
    p = pod([ctr("a", {"memory": "0"}), ctr("b")])
    out = reqs(p, PodResourcesOptions(non_missing_container_requests={
        "cpu": Quantity.of("100m"),
        "memory": Quantity.of("200Mi")}))
    assert out == {"cpu": "200m", "memory": "200Mi"}


def _status(entries: list[dict]) -> dict:
    return {"nodeAllocatableResourceClaimStatuses": entries}


def test_kep5517_use_case_1_standard_plus_dra() -> None:
    # KEP-5517 use case 1: container asks 100m/100Mi; the claim maps 4 cpus and 8Gi
    p = pod([ctr("c", {"cpu": "100m", "memory": "100Mi"})])
    p["status"] = _status([{"resourceClaimName": "cpu-claim", "containers": ["c"],
                            "mapping": [{"name": "cpu", "quantity": "4"},
                                        {"name": "memory", "quantity": "8Gi"}]}])
    assert reqs(p, DRA) == {"cpu": "4100m", "memory": "8292Mi"}
    # without the option the status is ignored (gate off: no DRA accounting)
    assert reqs(p) == {"cpu": "100m", "memory": "100Mi"}


def test_overhead_per_pod_and_per_container() -> None:
    p = pod([ctr("a", {"cpu": "1"}), ctr("b", {"cpu": "1"}), ctr("c", {"cpu": "1"})])
    p["status"] = _status([{"resourceClaimName": "gpu", "containers": ["a", "b"],
                            "overhead": [{"name": "cpu", "perPod": "500m",
                                          "perContainer": "250m"},
                                         {"name": "memory", "perPod": "1Gi"}]}])
    # 3 + 0.5 + 2 x 0.25
    assert reqs(p, DRA) == {"cpu": "4", "memory": "1Gi"}
    assert format_resource_list(claim_status_total(p["status"]["nodeAllocatableResourceClaimStatuses"][0])) \
        == {"cpu": "1", "memory": "1Gi"}
    assert format_resource_list(container_dra_allocations(p, "a")) == {"cpu": "750m", "memory": "1Gi"}
    assert container_dra_allocations(p, "c") == {}


def test_per_container_overhead_of_an_init_container_only_raises_its_peak() -> None:
    p = pod([ctr("c", {"cpu": "2"})], init=[ctr("i", {"cpu": "1"})])
    p["status"] = _status([{"resourceClaimName": "x", "containers": ["i"],
                            "overhead": [{"name": "cpu", "perContainer": "500m"}]}])
    assert reqs(p, DRA) == {"cpu": "2"}
    p["status"]["nodeAllocatableResourceClaimStatuses"][0]["containers"] = ["i", "ghost"]
    # unknown container names are charged for the whole pod life
    assert reqs(p, DRA) == {"cpu": "2500m"}


def test_dra_amounts_join_the_aggregate_but_pod_level_requests_still_win() -> None:
    p = pod([ctr("c", {"cpu": "1", "memory": "1Gi"})],
            resources={"requests": {"cpu": "11", "memory": "10Gi"}})
    p["status"] = _status([{"resourceClaimName": "x", "containers": ["c"],
                            "mapping": [{"name": "cpu", "quantity": "8"}]}])
    assert reqs(p, DRA) == {"cpu": "11", "memory": "10Gi"}
    assert reqs(p, PodResourcesOptions(use_dra_node_allocatable=True,
                                       skip_pod_level_resources=True)) == \
        {"cpu": "9", "memory": "1Gi"}


def test_136_shape_reads_the_resources_map() -> None:
    p = pod([ctr("c", {"cpu": "100m"})])
    p["status"] = _status([{"resourceClaimName": "x", "containers": ["c"],
                            "resources": {"cpu": "4", "memory": "8Gi"}}])
    assert reqs(p, PodResourcesOptions(use_dra_node_allocatable=True,
                                       dra_shape=DRA_SHAPE_136)) == \
        {"cpu": "4100m", "memory": "8Gi"}
    # read in the 1.37 shape the entry has no mapping: nothing is added
    assert reqs(p, DRA) == {"cpu": "100m"}


def test_limits_add_dra_only_for_declared_limits_and_overhead_on_nonzero() -> None:
    p = pod([ctr("c", {"cpu": "1"}, {"cpu": "2"})], overhead={"cpu": "100m", "memory": "64Mi"})
    p["status"] = _status([{"resourceClaimName": "x", "containers": ["c"],
                            "mapping": [{"name": "cpu", "quantity": "4"},
                                        {"name": "memory", "quantity": "1Gi"},
                                        {"name": "hugepages-2Mi", "quantity": "10Mi"}]}])
    assert format_resource_list(pod_limits(p, DRA)) == {"cpu": "6100m", "hugepages-2Mi": "10Mi"}
