"""RuntimeClass validation and the RuntimeClass admission plugin (pod.spec.overhead)."""

from __future__ import annotations

import pytest

import drakit
from drakit import Cluster

RC = """
apiVersion: node.k8s.io/v1
kind: RuntimeClass
metadata: {name: sandboxed}
handler: sandboxed
overhead:
  podFixed: {cpu: 250m, memory: 120Mi}
scheduling:
  nodeSelector: {sandbox: "yes"}
  tolerations: [{key: sandbox, operator: Exists, effect: NoSchedule}]
"""


def _pod(name: str, **spec) -> dict:
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name},
            "spec": {"containers": [{"name": "a", "image": "x"}], **spec}}


def _refusal(c: Cluster, obj) -> str:
    with pytest.raises(drakit.StatusError) as e:
        c.apply(obj)
    return e.value.status()["message"]


def test_overhead_and_scheduling_come_from_the_runtimeclass() -> None:
    c = Cluster()
    c.apply(RC)
    c.apply([_pod("p", runtimeClassName="sandboxed", nodeSelector={"zone": "a"})])
    spec = c.get("Pod", "p")["spec"]
    assert spec["overhead"] == {"cpu": "250m", "memory": "120Mi"}
    assert spec["nodeSelector"] == {"zone": "a", "sandbox": "yes"}
    assert {"key": "sandbox", "operator": "Exists", "effect": "NoSchedule"} in spec["tolerations"]


def test_an_equal_overhead_is_accepted_as_written() -> None:
    c = Cluster()
    c.apply(RC)
    c.apply([_pod("p", runtimeClassName="sandboxed", overhead={"cpu": "0.25", "memory": "120Mi"})])


@pytest.mark.parametrize(("spec", "message"), [
    ({"overhead": {"cpu": "1"}},
     'pods "p" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead'),
    ({"runtimeClassName": "sandboxed", "overhead": {"cpu": "1"}},
     'pods "p" is forbidden: pod rejected: Pod\'s Overhead doesn\'t match RuntimeClass\'s defined Overhead'),
    ({"runtimeClassName": "missing"}, 'pods "p" is forbidden: pod rejected: RuntimeClass "missing" not found'),
    ({"runtimeClassName": "sandboxed", "nodeSelector": {"sandbox": "no"}},
     'pods "p" is forbidden: conflict: runtimeClass.scheduling.nodeSelector[sandbox] = yes; '
     'pod.spec.nodeSelector[sandbox] = no'),
])
def test_refusals(spec: dict, message: str) -> None:
    c = Cluster()
    c.apply(RC)
    assert _refusal(c, [_pod("p", **spec)]) == message
    assert c.api.try_get("Pod", "p", "default") is None


def test_handler_is_a_dns_label_and_immutable() -> None:
    c = Cluster()
    msg = _refusal(c, {"apiVersion": "node.k8s.io/v1", "kind": "RuntimeClass",
                       "metadata": {"name": "x"}, "handler": "Not_A_Label"})
    assert 'handler: Invalid value: "Not_A_Label": a lowercase RFC 1123 label' in msg
    c.apply(RC)
    rc = c.get("RuntimeClass", "sandboxed")
    rc["handler"] = "other"
    with pytest.raises(drakit.StatusError) as e:
        c.api.update(rc)
    assert "handler: Invalid value: \"other\": field is immutable" in e.value.status()["message"]


def test_negative_overhead_is_refused() -> None:
    c = Cluster()
    msg = _refusal(c, {"apiVersion": "node.k8s.io/v1", "kind": "RuntimeClass", "metadata": {"name": "x"},
                       "handler": "x", "overhead": {"podFixed": {"cpu": "-1"}}})
    assert "overhead.podFixed[cpu]: Invalid value: \"-1\": must be greater than or equal to 0" in msg


def test_merge_tolerations_keeps_supersets_in_order():
    """pkg/util/tolerations MergeTolerations (tolerations_test.go's cases, by their meaning)."""
    from drakit.validation.node import merge_tolerations

    any_key = {"operator": "Exists"}
    k_exists = {"key": "k", "operator": "Exists"}
    k_equal = {"key": "k", "operator": "Equal", "value": "v", "effect": "NoSchedule"}
    short = {"key": "k", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 10}
    long = {"key": "k", "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": 20}
    other = {"key": "o", "operator": "Equal", "value": "v"}
    assert merge_tolerations([k_equal], [k_exists]) == [k_exists]
    assert merge_tolerations([k_exists], [k_equal]) == [k_exists]
    assert merge_tolerations([other, k_equal], [any_key]) == [any_key]
    assert merge_tolerations([k_equal, dict(k_equal)], []) == [k_equal]
    assert merge_tolerations([short], [long]) == [long]  # the longer NoExecute covers the shorter
    assert merge_tolerations([long], [short]) == [long]
    assert merge_tolerations([other], [k_equal]) == [other, k_equal]
    # "" means Equal as the covering one, but only an explicit Equal is covered
    implicit, explicit = {"key": "k", "value": "v"}, {"key": "k", "operator": "Equal", "value": "v"}
    assert merge_tolerations([implicit], [explicit]) == [implicit]
    assert merge_tolerations([explicit], [implicit]) == [implicit]
