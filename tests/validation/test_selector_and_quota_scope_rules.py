"""Two update/selector rules the mutation run found untested (docs/mutation.md).

* metav1.LabelSelector matching (k8s.io/apimachinery pkg/labels: In, NotIn, Exists,
  DoesNotExist, matchLabels ANDed) as Deployment validation applies it: a selector that does
  not match the template's labels is "`selector` does not match template `labels`"
  (k/k pkg/apis/apps/validation ValidateDeploymentSpec).
* ResourceQuota scopes cannot change (k/k pkg/apis/core/validation ValidateResourceQuotaUpdate,
  "ensure scopes cannot change"), while the rest of the spec can.
"""

from __future__ import annotations

import pytest

from drakit import Cluster
from drakit.api.errors import StatusError
from drakit.validation.core import selector_matches

LABELS = {"app": "web", "tier": "front"}


@pytest.mark.parametrize("expr, matches", [
    ({"key": "app", "operator": "In", "values": ["web", "api"]}, True),
    ({"key": "app", "operator": "In", "values": ["db"]}, False),
    ({"key": "zone", "operator": "In", "values": ["a"]}, False),
    ({"key": "app", "operator": "NotIn", "values": ["db"]}, True),
    ({"key": "app", "operator": "NotIn", "values": ["web"]}, False),
    ({"key": "zone", "operator": "NotIn", "values": ["a"]}, True),
    ({"key": "tier", "operator": "Exists"}, True),
    ({"key": "zone", "operator": "Exists"}, False),
    ({"key": "zone", "operator": "DoesNotExist"}, True),
    ({"key": "tier", "operator": "DoesNotExist"}, False),
])
def test_each_operator(expr: dict, matches: bool) -> None:
    assert selector_matches({"matchExpressions": [expr]}, LABELS) is matches


def test_match_labels_and_expressions_are_anded() -> None:
    both = {"matchLabels": {"tier": "front"},
            "matchExpressions": [{"key": "app", "operator": "In", "values": ["web"]}]}
    assert selector_matches(both, LABELS)
    assert not selector_matches(dict(both, matchLabels={"tier": "back"}), LABELS)
    assert not selector_matches(both, {"tier": "front"})


def _deployment(expr: dict) -> dict:
    return {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d"},
            "spec": {"selector": {"matchExpressions": [expr]},
                     "template": {"metadata": {"labels": {"app": "web"}},
                                  "spec": {"containers": [{"name": "c", "image": "x"}]}}}}


def test_a_deployment_whose_in_selector_misses_its_template_is_refused() -> None:
    c = Cluster()
    c.apply([_deployment({"key": "app", "operator": "In", "values": ["web"]})])
    with pytest.raises(StatusError) as e:
        c.apply([dict(_deployment({"key": "app", "operator": "In", "values": ["db"]}),
                      metadata={"name": "d2"})])
    assert "spec.template.metadata.labels: Invalid value:" in str(e.value)
    assert "`selector` does not match template `labels`" in str(e.value)


def _quota(scopes: list[str], pods: str) -> dict:
    return {"apiVersion": "v1", "kind": "ResourceQuota", "metadata": {"name": "q"},
            "spec": {"hard": {"pods": pods}, "scopes": scopes}}


def test_quota_scopes_are_immutable_the_rest_is_not() -> None:
    c = Cluster()
    c.apply([_quota(["NotTerminating"], "10")])
    c.apply([_quota(["NotTerminating"], "20")])  # same scopes: the hard limit may change
    assert c.get("ResourceQuota", "q")["spec"]["hard"]["pods"] == "20"
    with pytest.raises(StatusError) as e:
        c.apply([_quota(["Terminating"], "20")])
    assert "spec.scopes: Invalid value:" in str(e.value) and "field is immutable" in str(e.value)
