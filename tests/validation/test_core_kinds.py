"""Namespace, Node, ResourceQuota and apps strategies."""

from __future__ import annotations

import copy

import pytest

from drakit.validation.apps import STRATEGIES as APPS
from drakit.validation.core import STRATEGIES
from drakit.validation.strategy import Context

CTX = Context(version="1.37")


def errs(strategy, obj, ctx=CTX):
    obj = copy.deepcopy(obj)
    strategy.prepare_for_create(obj, ctx)
    return [str(e) for e in strategy.validate_create(obj, ctx)]


def test_namespace_defaults():
    ns = {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team-a"}}
    STRATEGIES["Namespace"].prepare_for_create(ns, CTX)
    assert ns["status"] == {"phase": "Active"}
    assert ns["spec"]["finalizers"] == ["kubernetes"]
    assert ns["metadata"]["labels"] == {"kubernetes.io/metadata.name": "team-a"}


@pytest.mark.parametrize("allocatable, expected", [
    ({"cpu": "8", "memory": "32Gi", "example.com/gpu": "4", "pods": "110"}, []),
    ({"cpu": "-1"}, ['status.allocatable.cpu: Invalid value: "-1": must be greater than or equal to 0']),
    ({"example.com/gpu": "1500m"},
     ['status.allocatable.example.com/gpu: Invalid value: "1500m": must be an integer']),
])
def test_node_quantities(allocatable, expected):
    node = {"kind": "Node", "metadata": {"name": "n"}, "status": {"allocatable": allocatable}}
    assert errs(STRATEGIES["Node"], node) == expected


@pytest.mark.parametrize("hard, expected", [
    ({"requests.cpu": "4", "requests.deviceclass.resource.kubernetes.io/gpu": "2",
      "gpu.deviceclass.resource.k8s.io/devices": "4", "requests.example.com/gpu": "2", "pods": "10"}, []),
    ({"foo": "1"}, ['spec.hard[foo]: Invalid value: "foo": must be a standard resource type or fully qualified',
                    'spec.hard[foo]: Invalid value: "foo": must be a standard resource for quota']),
    ({"pods": "1500m"}, ['spec.hard[pods]: Invalid value: "1500m": must be an integer']),
    ({"requests.memory": "-1Gi"},
     ['spec.hard[requests.memory]: Invalid value: "-1Gi": must be greater than or equal to 0']),
])
def test_resource_quota_hard(hard, expected):
    rq = {"kind": "ResourceQuota", "metadata": {"name": "q", "namespace": "d"}, "spec": {"hard": hard}}
    assert errs(STRATEGIES["ResourceQuota"], rq) == expected


def test_resource_quota_status_update():
    s = STRATEGIES["ResourceQuota"]
    old = {"kind": "ResourceQuota", "metadata": {"name": "q"}, "spec": {"hard": {"pods": "2"}}}
    s.prepare_for_create(old, CTX)
    assert old["status"] == {}
    new = copy.deepcopy(old)
    new["status"] = {"hard": {"pods": "2"}, "used": {"pods": "-1"}}
    s.prepare_for_status_update(new, old, CTX)
    assert [str(e) for e in s.validate_status_update(new, old, CTX)] == [
        'status.used[pods]: Invalid value: "-1": must be greater than or equal to 0']


def deployment(selector, labels, replicas=1):
    return {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d", "namespace": "x"},
            "spec": {"replicas": replicas, "selector": selector,
                     "template": {"metadata": {"labels": labels},
                                  "spec": {"containers": [{"name": "c", "image": "i"}]}}}}


@pytest.mark.parametrize("kind", ["Deployment", "ReplicaSet"])
@pytest.mark.parametrize("obj, expected", [
    (deployment({"matchLabels": {"app": "a"}}, {"app": "a"}), []),
    (deployment({"matchLabels": {"app": "a"}}, {"app": "a"}, replicas=0), []),
    (deployment({"matchLabels": {"app": "a"}}, {"app": "a"}, replicas=-1),
     ["spec.replicas: Invalid value: -1: must be greater than or equal to 0"]),
    # a missing selector is labels.Nothing() to LabelSelectorAsSelector: it matches no template
    (deployment(None, {"app": "a"}), ["spec.selector: Required value",
                                      'spec.template.metadata.labels: Invalid value: {"app":"a"}: '
                                      "`selector` does not match template `labels`"]),
    (deployment({"matchLabels": {"app": "a"}}, {"app": "b"}),
     ['spec.template.metadata.labels: Invalid value: {"app":"b"}: `selector` does not match template `labels`']),
    (deployment({"matchExpressions": [{"key": "app", "operator": "In", "values": ["a", "b"]}]}, {"app": "b"}), []),
])
def test_apps_workloads(kind, obj, expected):
    obj = copy.deepcopy(obj)
    obj["kind"] = kind
    assert errs(APPS[kind], obj) == expected


def test_apps_template_defaults():
    obj = deployment({"matchLabels": {"app": "a"}}, {"app": "a"})
    del obj["spec"]["replicas"]
    APPS["Deployment"].prepare_for_create(obj, CTX)
    assert obj["spec"]["replicas"] == 1
    assert obj["spec"]["template"]["spec"]["restartPolicy"] == "Always"
