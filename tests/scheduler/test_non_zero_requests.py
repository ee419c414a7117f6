"""What a pod adds to NodeInfo.NonZeroRequested (the LeastAllocated score's "requested").

k/k pkg/scheduler/framework/types.go calculateResource with getNonMissingContainerRequests:
per container, 100m / 200Mi for a container that names no cpu / memory request; with pod-level
requests set, only a resource the pod's requests lack entirely gets the per-container default.
The scenario "The score counts 100m and 200Mi for every container that asks for nothing"
(features/platform.feature) shows the node choice; these pin the cases it leaves out.
"""

from __future__ import annotations

from typing import Any

import pytest

from drakit.podrequests import PodResourcesOptions, pod_requests
from drakit.scheduler.cache import node_non_zero_requests, to_ints

MI = 1024 * 1024


def _pod(containers: list[dict[str, Any]], pod_level: dict[str, str] | None = None,
         init: list[dict[str, Any]] | None = None) -> dict:
    spec: dict[str, Any] = {"containers": [{"name": f"c{i}", **c} for i, c in enumerate(containers)]}
    if init:
        spec["initContainers"] = [{"name": f"i{i}", **c} for i, c in enumerate(init)]
    if pod_level:
        spec["resources"] = {"requests": pod_level}
    return {"metadata": {"name": "p", "namespace": "ns", "uid": "u"}, "spec": spec}


def _req(**r: str) -> dict[str, Any]:
    return {"resources": {"requests": r}}


@pytest.mark.parametrize(("pod", "plr_on", "want"), [
    # every container without a request counts the default
    (_pod([{}, {}, {}]), True, {"cpu": 300, "memory": 600 * MI}),
    # an explicit request, even 0, stays as it is; the others get the default
    (_pod([_req(cpu="500m"), {}]), True, {"cpu": 600, "memory": 400 * MI}),
    (_pod([_req(cpu="0", memory="0")]), True, {"cpu": 0, "memory": 0}),
    # init containers: the peak of the defaults, not their sum
    (_pod([_req(cpu="1", memory="1Gi")], init=[{}, {}]), True, {"cpu": 1000, "memory": 1024 * MI}),
    # pod-level requests replace what they name
    (_pod([{}, {}, {}], {"cpu": "50m", "memory": "50Mi"}), True, {"cpu": 50, "memory": 50 * MI}),
    # a resource the pod's requests lack gets the per-container default
    (_pod([{}, {}, {}], {"cpu": "50m"}), True, {"cpu": 50, "memory": 600 * MI}),
    # one a container names is not defaulted for the others when pod-level requests are set
    (_pod([_req(memory="100Mi"), {}, {}], {"cpu": "50m"}), True, {"cpu": 50, "memory": 100 * MI}),
    # without PodLevelResources the pod-level requests are ignored: all per container
    (_pod([_req(memory="100Mi"), {}, {}], {"cpu": "50m"}), False, {"cpu": 300, "memory": 500 * MI}),
])
def test_non_zero_requests_per_container(pod: dict, plr_on: bool, want: dict[str, int]) -> None:
    opts = PodResourcesOptions(skip_pod_level_resources=not plr_on)
    got = to_ints(node_non_zero_requests(pod, opts, pod_requests(pod, opts)))
    assert {k: got.get(k, 0) for k in want} == want
