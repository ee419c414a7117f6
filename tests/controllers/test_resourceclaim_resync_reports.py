"""A relist of the ResourceClaim controller that created a claim says so.

Why: ``resync`` returns whether it did work, and ``Cluster.settle()`` keeps running rounds only
while some component says it did (see test_controllers_report_their_work.py). A pod's claim
created during a re-sync is such work. No scenario can tell: a real cluster reaches the same
state a poll later.
"""

from __future__ import annotations

from drakit import Cluster
from drakit.controllers.resourceclaim import ResourceClaimController

TEMPLATE = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaimTemplate",
            "metadata": {"name": "gpu", "namespace": "default"},
            "spec": {"spec": {"devices": {"requests": [
                {"name": "r", "exactly": {"deviceClassName": "example"}}]}}}}
POD = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "default"},
       "spec": {"resourceClaims": [{"name": "c", "resourceClaimTemplateName": "gpu"}],
                "containers": [{"name": "app", "image": "registry.k8s.io/pause:3.10",
                                "resources": {"claims": [{"name": "c"}]}}]}}


def test_a_resync_that_creates_a_pods_claim_reports_work() -> None:
    c = Cluster()
    try:
        ctl = ResourceClaimController(c.context())
        c.api.create(TEMPLATE)   # straight to the API server: no settle, nobody else acts
        c.api.create(POD)
        assert ctl.resync() is True
        assert len(c.api.list("ResourceClaim", "default")) == 1
        assert ctl.resync() is False  # nothing left to do
    finally:
        c.close()
