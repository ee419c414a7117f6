"""How a Deployment finds its new ReplicaSet (deployment_controller.go getReplicaSetsForDeployment,
deploymentutil.FindNewReplicaSet, sync.go getNewReplicaSet's hash collision)."""

from __future__ import annotations

from drakit.cluster import Cluster
from drakit.controllers.deployment import _find_new_replica_set, template_hash

TEMPLATE = {"metadata": {"labels": {"app": "web"}},
            "spec": {"containers": [{"name": "app", "image": "registry.k8s.io/pause:3.10"}]}}


def _deployment(replicas: int = 1) -> dict:
    return {"apiVersion": "apps/v1", "kind": "Deployment",
            "metadata": {"name": "web", "namespace": "default"},
            "spec": {"replicas": replicas, "selector": {"matchLabels": {"app": "web"}},
                     "template": TEMPLATE}}


def _rs(name: str, created: str, image: str = "registry.k8s.io/pause:3.10", hash_: str = "") -> dict:
    labels = {"app": "web", **({"pod-template-hash": hash_} if hash_ else {})}
    return {"metadata": {"name": name, "creationTimestamp": created},
            "spec": {"template": {"metadata": {"labels": labels},
                                  "spec": {"containers": [{"name": "app", "image": image}]}}}}


def test_the_oldest_replicaset_with_the_template_is_the_new_one_whatever_its_hash_label() -> None:
    owned = [_rs("b-new", "2026-01-02T00:00:00Z", hash_="x"), _rs("other", "2026-01-01T00:00:00Z", image="busybox"),
             _rs("a-old", "2026-01-01T00:00:00Z", hash_="y")]
    assert _find_new_replica_set(TEMPLATE, owned)["metadata"]["name"] == "a-old"
    assert _find_new_replica_set(TEMPLATE, [owned[1]]) is None


def test_the_collision_count_changes_the_hash() -> None:
    assert template_hash(TEMPLATE) != template_hash(TEMPLATE, 1) != template_hash(TEMPLATE, 2)
    assert template_hash(TEMPLATE, 1) == template_hash(TEMPLATE, 1)


def test_a_name_another_replicaset_holds_bumps_the_collision_count_and_the_name() -> None:
    """The ReplicaSet named as the Deployment's new one belongs to someone else: the
    Deployment's status.collisionCount goes to 1 and its ReplicaSet gets the next name."""
    c = Cluster()
    stored = c.apply(_deployment(), dry_run=True)[0]  # the template as the API server defaults it
    taken = f"web-{template_hash(stored['spec']['template'])}"
    # the name is held by a ReplicaSet with other labels (not adopted) and another template
    c.apply({"apiVersion": "apps/v1", "kind": "ReplicaSet",
             "metadata": {"name": taken, "namespace": "default", "labels": {"app": "stranger"}},
             "spec": {"replicas": 0, "selector": {"matchLabels": {"app": "stranger"}},
                      "template": {"metadata": {"labels": {"app": "stranger"}},
                                   "spec": {"containers": [{"name": "app", "image": "busybox"}]}}}})
    c.apply(_deployment())
    d = c.get("Deployment", "web", "default")
    assert d["status"]["collisionCount"] == 1
    mine = [rs for rs in c.list("ReplicaSet", "default")
            if any(r.get("uid") == d["metadata"]["uid"] for r in rs["metadata"].get("ownerReferences") or ())]
    assert [rs["metadata"]["name"] for rs in mine] == [f"web-{template_hash(d['spec']['template'], 1)}"]
    assert not c.errors()
    c.close()
