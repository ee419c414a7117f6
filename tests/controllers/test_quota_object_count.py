"""The generic object-count evaluator (k/k pkg/quota/v1/generic ObjectCountEvaluator).

Any namespaced resource without an evaluator of its own is charged 1 under
count/<resource>.<group> when it is created; the quota controller's status.used is the number
of such objects in the namespace, whatever order they were created and deleted in, and the
admission plugin refuses exactly the create that would go over the hard limit.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drakit import Cluster
from drakit.api import errors as E

KEY = "count/resourceclaimtemplates.resource.k8s.io"


def _template(name: str) -> dict:
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaimTemplate",
            "metadata": {"name": name},
            "spec": {"spec": {"devices": {"requests": [
                {"name": "g", "exactly": {"deviceClassName": "gpu"}}]}}}}


@pytest.fixture(scope="module")
def cluster():
    c = Cluster(version="1.37")
    yield c
    c.close()


@settings(max_examples=40, deadline=None)
@given(limit=st.integers(0, 3), ops=st.lists(st.tuples(st.booleans(), st.integers(0, 4)), max_size=12))
def test_status_used_counts_the_objects_and_admission_refuses_exactly_the_one_over(cluster, limit, ops):
    ns = cluster.api.create({"apiVersion": "v1", "kind": "Namespace",
                             "metadata": {"generateName": "oc-"}})["metadata"]["name"]
    cluster.apply([{"apiVersion": "v1", "kind": "ResourceQuota", "metadata": {"name": "q"},
                    "spec": {"hard": {KEY: str(limit)}}}], namespace=ns)
    stored: set[str] = set()
    for create, i in ops:
        name = f"t{i}"
        if create:
            try:
                cluster.apply([_template(name)], namespace=ns)
                assert name in stored or len(stored) < limit
                stored.add(name)
            except E.Forbidden as e:
                assert name not in stored and len(stored) >= limit
                assert f"exceeded quota: q, requested: {KEY}=1, used: {KEY}={len(stored)}, " \
                       f"limited: {KEY}={limit}" in str(e)
        elif name in stored:
            cluster.api.delete("ResourceClaimTemplate", name, ns)
            cluster.settle()
            stored.discard(name)
        used = cluster.api.get("ResourceQuota", "q", ns)["status"]["used"]
        assert used == {KEY: str(len(stored))}


def test_a_quota_counts_itself_under_both_names_and_events_are_not_counted(cluster):
    cluster.apply([{"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "qq"}}])
    cluster.apply([{"apiVersion": "v1", "kind": "ResourceQuota", "metadata": {"name": "q"},
                    "spec": {"hard": {"resourcequotas": "1", "count/resourcequotas": "1",
                                      "count/events": "0"}}}], namespace="qq")
    used = cluster.api.get("ResourceQuota", "q", "qq")["status"]["used"]
    assert used == {"resourcequotas": "1", "count/resourcequotas": "1", "count/events": "0"}
    with pytest.raises(E.Forbidden, match="exceeded quota: q, requested: count/resourcequotas=1,"
                                          "resourcequotas=1, used: count/resourcequotas=1,"
                                          "resourcequotas=1, limited: count/resourcequotas=1,"
                                          "resourcequotas=1"):
        cluster.apply([{"apiVersion": "v1", "kind": "ResourceQuota", "metadata": {"name": "q2"},
                        "spec": {"hard": {"pods": "1"}}}], namespace="qq")
    pod = cluster.apply([{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
                          "spec": {"containers": [{"name": "c", "image": "registry.k8s.io/pause:3.10"}]}}],
                        namespace="qq")[0]
    assert cluster.api.record_event(pod, "Normal", "Test", "an event", "test") is not None
