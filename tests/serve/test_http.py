"""drakit serve over raw HTTP: discovery, verbs, Status bodies, patches, watch, Tables."""

from __future__ import annotations

import json
import threading

RC = "/apis/resource.k8s.io/v1/namespaces/default/resourceclaims"
DC = "/apis/resource.k8s.io/v1/deviceclasses"


def claim(name: str, labels: dict | None = None) -> dict:
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
            "metadata": {"name": name, "labels": labels or {}},
            "spec": {"devices": {"requests": [
                {"name": "gpu", "exactly": {"deviceClassName": "gpu.example.com"}}]}}}


def test_discovery(http):
    code, v = http("GET", "/version")
    assert code == 200 and v["minor"] == "37" and v["gitVersion"].endswith("-drakit")
    assert http("GET", "/api")[1]["versions"] == ["v1"]
    groups = {g["name"] for g in http("GET", "/apis")[1]["groups"]}
    assert "resource.k8s.io" in groups
    # GenericWorkload is off by default: scheduling.k8s.io serves PriorityClass v1 only
    sched = http("GET", "/apis/scheduling.k8s.io")[1]
    assert [v["version"] for v in sched["versions"]] == ["v1"]
    assert sched["preferredVersion"]["version"] == "v1"
    pcs = {r["name"]: r for r in http("GET", "/apis/scheduling.k8s.io/v1")[1]["resources"]}
    assert pcs["priorityclasses"]["namespaced"] is False
    assert pcs["priorityclasses"]["shortNames"] == ["pc"]
    assert "scheduling.k8s.io" in groups
    res = {r["name"]: r for r in http("GET", "/apis/resource.k8s.io/v1")[1]["resources"]}
    assert res["resourceclaims"]["namespaced"] is True
    assert res["deviceclasses"]["namespaced"] is False
    assert "watch" in res["resourceclaims"]["verbs"]
    assert res["resourceclaims/status"]["verbs"] == ["get", "patch", "update"]
    core = {r["name"]: r for r in http("GET", "/api/v1")[1]["resources"]}
    assert core["pods"]["shortNames"] == ["po"]
    assert http("GET", "/apis/nope.example.com/v1")[0] == 404
    assert http("GET", "/openapi/v3")[1]["paths"]["apis/resource.k8s.io/v1"]


def test_metrics_expose_feature_gates(http):
    code, text = http("GET", "/metrics", accept="text/plain")
    assert code == 200
    assert 'kubernetes_feature_enabled{name="DRAExtendedResource",stage=""} 1' in text
    assert 'kubernetes_feature_enabled{name="GenericWorkload",stage="BETA"} 0' in text


def test_create_get_list_conflicts_and_status_bodies(http):
    code, out = http("POST", RC, claim("c1", {"app": "a"}))
    assert code == 201 and out["metadata"]["resourceVersion"]
    code, st = http("POST", RC, claim("c1"))
    assert code == 409 and st["kind"] == "Status" and st["reason"] == "AlreadyExists"
    assert st["message"] == 'resourceclaims.resource.k8s.io "c1" already exists'
    code, st = http("GET", RC + "/missing")
    assert code == 404 and st["reason"] == "NotFound" and st["details"]["name"] == "missing"
    http("POST", RC, claim("c2", {"app": "b"}))
    code, lst = http("GET", RC + "?labelSelector=app%3Da")
    assert code == 200 and lst["kind"] == "ResourceClaimList"
    assert [o["metadata"]["name"] for o in lst["items"]] == ["c1"]
    code, lst = http("GET", "/apis/resource.k8s.io/v1/resourceclaims?labelSelector=app")
    assert {o["metadata"]["name"] for o in lst["items"]} >= {"c1", "c2"}
    # stale resourceVersion -> 409 Conflict
    stale = dict(out)
    stale["metadata"] = dict(out["metadata"], labels={"app": "x"})
    assert http("PUT", RC + "/c1", stale)[0] == 200
    code, st = http("PUT", RC + "/c1", stale)
    assert code == 409 and st["reason"] == "Conflict"


def test_invalid_is_422_with_causes(http):
    bad = {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
           "metadata": {"name": "bad.example.com"}, "spec": {"extendedResourceName": "gpu"}}
    code, st = http("POST", DC, bad)
    assert code == 422 and st["reason"] == "Invalid"
    assert st["details"]["causes"][0]["field"] == "spec.extendedResourceName"


def test_dry_run_does_not_persist(http):
    code, out = http("POST", RC + "?dryRun=All", claim("dry"))
    assert code == 201 and out["metadata"]["name"] == "dry"
    assert http("GET", RC + "/dry")[0] == 404
    code, st = http("POST", RC + "?dryRun=Maybe", claim("dry"))
    assert (code, st["message"]) == (422, 'CreateOptions.meta.k8s.io "" is invalid: dryRun: '
                                          'Unsupported value: []string{"Maybe"}: supported '
                                          'values: "All"')


def test_patches(http):
    http("POST", RC, claim("p1"))
    code, out = http("PATCH", RC + "/p1", {"metadata": {"labels": {"a": "1"}}},
                     ctype="application/merge-patch+json")
    assert code == 200 and out["metadata"]["labels"] == {"a": "1"}
    code, out = http("PATCH", RC + "/p1",
                     [{"op": "add", "path": "/metadata/annotations", "value": {"x": "y"}}],
                     ctype="application/json-patch+json")
    assert code == 200 and out["metadata"]["annotations"] == {"x": "y"}
    pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "smp"},
           "spec": {"containers": [{"name": "a", "image": "one"},
                                   {"name": "b", "image": "two"}]}}
    assert http("POST", "/api/v1/namespaces/default/pods", pod)[0] == 201
    code, out = http("PATCH", "/api/v1/namespaces/default/pods/smp",
                     {"spec": {"containers": [{"name": "b", "image": "three"}]}},
                     ctype="application/strategic-merge-patch+json")
    assert code == 200
    assert [(c["name"], c["image"]) for c in out["spec"]["containers"]] == [
        ("a", "one"), ("b", "three")]
    applied = "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\nmetadata:\n  name: ssa\n" \
              "spec:\n  devices:\n    requests:\n    - name: gpu\n      exactly:\n" \
              "        deviceClassName: gpu.example.com\n"
    code, out = http("PATCH", RC + "/ssa?fieldManager=me", applied,
                     ctype="application/apply-patch+yaml")
    assert code == 201 and out["metadata"]["name"] == "ssa"
    assert http("PATCH", RC + "/p1", "x", ctype="text/plain")[0] == 415


def test_status_subresource(http):
    _, out = http("POST", RC, claim("st"))
    out["status"] = {"allocation": {"devices": {"results": []}}}
    out["spec"]["devices"]["requests"][0]["name"] = "changed"
    code, upd = http("PUT", RC + "/st/status", out)
    assert code == 200
    assert upd["spec"]["devices"]["requests"][0]["name"] == "gpu"  # spec ignored on /status


def test_delete_and_deletecollection(http):
    http("POST", RC, claim("d1", {"del": "yes"}))
    http("POST", RC, claim("d2", {"del": "yes"}))
    http("POST", RC, claim("d3"))
    code, st = http("DELETE", RC + "/d1")
    assert code == 200 and st["kind"] == "Status" and st["status"] == "Success"
    code, lst = http("DELETE", RC + "?labelSelector=del%3Dyes")
    assert code == 200 and [o["metadata"]["name"] for o in lst["items"]] == ["d2"]
    assert http("GET", RC + "/d3")[0] == 200
    assert http("DELETE", RC + "/d1")[0] == 404


def test_table(http):
    http("POST", RC, claim("t1"))
    code, t = http("GET", RC, accept="application/json;as=Table;v=v1;g=meta.k8s.io,"
                                    "application/json")
    assert code == 200 and t["kind"] == "Table"
    assert [c["name"] for c in t["columnDefinitions"]] == ["Name", "State", "Age"]
    row = next(r for r in t["rows"] if r["cells"][0] == "t1")
    assert row["cells"][1] == "pending"


def test_priority_class_table_prints_upstreams_columns(http):
    """kubectl get pc: NAME VALUE GLOBAL-DEFAULT AGE PREEMPTIONPOLICY (k/k printers.go)."""
    code, t = http("GET", "/apis/scheduling.k8s.io/v1/priorityclasses",
                   accept="application/json;as=Table;v=v1;g=meta.k8s.io,application/json")
    assert code == 200 and t["kind"] == "Table"
    assert [c["name"] for c in t["columnDefinitions"]] == [
        "Name", "Value", "Global-Default", "Age", "PreemptionPolicy"]
    rows = {r["cells"][0]: r["cells"] for r in t["rows"]}
    assert rows["system-node-critical"][1:3] == [2000001000, False]
    assert rows["system-node-critical"][4] == "PreemptLowerPriority"
    assert set(rows) >= {"system-node-critical", "system-cluster-critical"}


def _watch(http, path: str, events: list, stop_after: int) -> None:
    with http.open(path) as r:
        for line in r:
            events.append(json.loads(line))
            if len(events) >= stop_after:
                return


def test_watch_resumes_at_resource_version(server, http):
    _, out = http("POST", RC, claim("w1"))
    rv = out["metadata"]["resourceVersion"]
    events: list = []
    t = threading.Thread(target=_watch, args=(
        http, f"{RC}?watch=true&resourceVersion={rv}&timeoutSeconds=5", events, 2))
    t.start()
    http("PATCH", RC + "/w1", {"metadata": {"labels": {"x": "1"}}},
         ctype="application/merge-patch+json")
    http("DELETE", RC + "/w1")
    t.join(10)
    assert [(e["type"], e["object"]["metadata"]["name"]) for e in events] == [
        ("MODIFIED", "w1"), ("DELETED", "w1")]
    # from the beginning: ADDED for what exists, filtered by fieldSelector
    http("POST", RC, claim("w2"))
    events = []
    _watch(http, f"{RC}?watch=1&fieldSelector=metadata.name%3Dw2&timeoutSeconds=1",
           events, 1)
    assert [(e["type"], e["object"]["metadata"]["name"]) for e in events] == [("ADDED", "w2")]
