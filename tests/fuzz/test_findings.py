"""Regression tests for what the long fuzz run found (docs/fuzz.md, "Findings")."""

from __future__ import annotations

import pytest

from drakit import Cluster
from drakit.api import errors as E


def deployment(selector: dict) -> dict:
    return {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d"},
            "spec": {"replicas": 1, "selector": selector,
                     "template": {"metadata": {"labels": {"app": "x"}},
                                  "spec": {"containers": [{"name": "c", "image": "i"}]}}}}


@pytest.mark.parametrize(("expr", "cause"), [
    ({"key": "app", "operator": ""},
     'spec.selector.matchExpressions[0].operator: Invalid value: "": not a valid selector '
     "operator"),
    ({"key": "app", "operator": "In"},
     "spec.selector.matchExpressions[0].values: Required value: must be specified when "
     "`operator` is 'In' or 'NotIn'"),
    ({"key": "app", "operator": "Exists", "values": ["x"]},
     "spec.selector.matchExpressions[0].values: Forbidden: may not be specified when "
     "`operator` is 'Exists' or 'DoesNotExist'"),
])
def test_a_selector_no_controller_can_evaluate_is_never_stored(expr, cause) -> None:
    """Found: a Deployment whose selector had operator "" was stored, then the ReplicaSet
    controller raised SelectorError inside settle(). apimachinery ValidateLabelSelector
    refuses it (metav1validation.ValidateLabelSelectorRequirement)."""
    c = Cluster()
    with pytest.raises(E.Invalid) as ei:
        c.apply(deployment({"matchExpressions": [expr]}))
    assert cause in str(ei.value)
    assert c.api.list("Deployment") == []
    c.settle()
