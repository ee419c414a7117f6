"""KEP-5004 request naming rules (extendeddynamicresources.go createRequestsAndMappings)."""

from __future__ import annotations

from drakit.scheduler.extendeddynamicresources import create_requests_and_mappings
from drakit.scheduler.framework import FitError, Status

RESOLVER = {"example.com/gpu": "gpu.example.com"}


def c(name: str, reqs: dict, **kw) -> dict:
    return {"name": name, "resources": {"requests": reqs}, **kw}


def names(reqs: list[dict]) -> list[tuple[str, int]]:
    return [(r["name"], r["exactly"]["count"]) for r in reqs]


def test_index_counts_every_sorted_request_key() -> None:
    pod = {"spec": {"containers": [c("a", {"cpu": "1", "memory": "1", "example.com/gpu": "2"})]}}
    reqs, maps = create_requests_and_mappings(pod, {"example.com/gpu": 2}, RESOLVER)
    assert names(reqs) == [("container-0-request-1", 2)]
    assert maps == [{"containerName": "a", "resourceName": "example.com/gpu",
                     "requestName": "container-0-request-1"}]


def test_short_lived_init_containers_keep_only_the_largest_and_reuse_long_lived() -> None:
    pod = {"spec": {"initContainers": [c("i0", {"example.com/gpu": "1"}), c("i1", {"example.com/gpu": "3"})],
                    "containers": [c("m", {"example.com/gpu": "2"})]}}
    reqs, maps = create_requests_and_mappings(pod, {"example.com/gpu": 3}, RESOLVER)
    # i0 reuses m's request (2 >= 1); i1 needs 3: 2 from m + 1 extra of its own
    assert names(reqs) == [("container-1-request-0", 1), ("container-2-request-0", 2)]
    assert {(m["containerName"], m["requestName"]) for m in maps} == {
        ("m", "container-2-request-0"), ("i0", "container-2-request-0"),
        ("i1", "container-2-request-0"), ("i1", "container-1-request-0")}


def test_sidecars_are_long_lived() -> None:
    pod = {"spec": {"initContainers": [c("s", {"example.com/gpu": "1"}, restartPolicy="Always")],
                    "containers": [c("m", {"example.com/gpu": "1"})]}}
    reqs, _ = create_requests_and_mappings(pod, {"example.com/gpu": 2}, RESOLVER)
    assert names(reqs) == [("container-0-request-0", 1), ("container-1-request-0", 1)]


def test_fit_error_text_matches_upstream_shape() -> None:
    fe = FitError(3, {"a": Status("Unschedulable", ["Insufficient cpu"]),
                      "b": Status("Unschedulable", ["Insufficient cpu"]),
                      "c": Status("UnschedulableAndUnresolvable", ["node(s) didn't match the requested node name"])},
                  post_filter_msg="no new claims to deallocate, preemption: x.")
    # FitError.Error (k/k framework/types.go): " %v." after the filter histogram, " %v"
    # after the PostFilter messages
    assert str(fe) == ("0/3 nodes are available: 1 node(s) didn't match the requested node name, "
                       "2 Insufficient cpu. no new claims to deallocate, preemption: x.")
