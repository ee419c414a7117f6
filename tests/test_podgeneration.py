"""drakit/podgeneration.py: KEP-5067's observedGeneration of a pod status and its conditions
(k/k pkg/api/v1/pod/util.go CalculatePodStatusObservedGeneration,
CalculatePodConditionObservedGeneration)."""

import pytest

from drakit.podgeneration import (
    condition_observed_generation,
    stamp_condition,
    status_observed_generation,
)


def _pod(generation=3, status=None):
    return {"metadata": {"name": "p", "generation": generation}, "status": status or {}}


@pytest.mark.parametrize("gate, status, expected", [
    (True, {}, 3),                              # gate on: the pod's generation
    (True, {"observedGeneration": 7}, 3),       # whatever the status said before
    (False, {}, 0),                             # gate off, nothing before: not written
    (False, {"observedGeneration": 1}, 3),      # gate off, a value before: kept current
    (False, {"observedGeneration": 0}, 0),
])
def test_status_observed_generation(gate, status, expected):
    assert status_observed_generation(_pod(status=status), gate) == expected


def test_status_observed_generation_of_a_pod_without_generation():
    assert status_observed_generation({"metadata": {}}, True) == 0
    assert status_observed_generation({"metadata": {"generation": True}}, True) == 0


@pytest.mark.parametrize("gate, conditions, expected", [
    (True, [], 5),
    (True, [{"type": "Ready", "observedGeneration": 2}], 5),
    (False, [], 0),
    # gate off: only a condition of the same type that already carries one counts
    (False, [{"type": "Ready", "observedGeneration": 2}], 5),
    (False, [{"type": "PodScheduled", "observedGeneration": 2}], 0),
    (False, [{"type": "Ready"}], 0),
    (False, [{"type": "Ready", "observedGeneration": 0}, {"type": "Ready", "observedGeneration": 1}], 5),
    (False, ["not a condition", {"type": "Ready", "observedGeneration": 4}], 5),
])
def test_condition_observed_generation(gate, conditions, expected):
    assert condition_observed_generation({"conditions": conditions}, 5, "Ready", gate) == expected


def test_condition_observed_generation_without_status():
    assert condition_observed_generation(None, 5, "Ready", True) == 0


def test_stamp_condition_sets_or_leaves_out():
    pod = _pod(generation=2)
    assert stamp_condition({"type": "PodScheduled", "status": "False"}, pod, True) == \
        {"type": "PodScheduled", "status": "False", "observedGeneration": 2}
    # 0 is Go's omitted zero: a stale value in the new condition goes too
    assert stamp_condition({"type": "PodScheduled", "observedGeneration": 9}, pod, False) == \
        {"type": "PodScheduled"}
    held = _pod(generation=4, status={"conditions": [{"type": "PodScheduled", "observedGeneration": 1}]})
    assert stamp_condition({"type": "PodScheduled"}, held, False)["observedGeneration"] == 4
