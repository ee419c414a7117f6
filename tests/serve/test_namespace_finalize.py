"""namespaces/<name>/finalize and namespace deletion over drakit serve's HTTP API.

k/k pkg/registry/core/namespace/storage/storage.go: FinalizeREST serves update only;
discovery lists ``namespaces/finalize`` with verb ``update``; DELETE answers the namespace
(Terminating) while the namespace controller empties it.
"""

from __future__ import annotations

NS = "/api/v1/namespaces"


def test_discovery_lists_the_finalize_subresource(http):
    core = {r["name"]: r for r in http("GET", "/api/v1")[1]["resources"]}
    assert core["namespaces/finalize"]["verbs"] == ["update"]
    assert core["namespaces/finalize"]["namespaced"] is False


def test_finalize_over_http(http):
    code, _ = http("POST", NS, {"apiVersion": "v1", "kind": "Namespace",
                                "metadata": {"name": "fin"},
                                "spec": {"finalizers": ["example.com/keep"]}})
    assert code == 201
    assert http("GET", NS + "/fin/finalize")[0] == 405
    code, out = http("DELETE", NS + "/fin")
    assert code == 200 and out["kind"] == "Namespace"
    assert out["status"]["phase"] == "Terminating"
    code, ns = http("GET", NS + "/fin")
    assert ns["status"]["phase"] == "Terminating"
    assert ns["spec"]["finalizers"] == ["example.com/keep"]  # the controller dropped its own
    ns["spec"]["finalizers"] = ["keep"]
    code, err = http("PUT", NS + "/fin/finalize", ns)
    assert code == 422 and err["details"]["causes"][0]["field"] == "spec.finalizers[0]"
    ns["spec"]["finalizers"] = []
    code, out = http("PUT", NS + "/fin/finalize", ns)
    assert code == 200 and "finalizers" not in out["spec"]  # omitempty: emptied, not serialised
    assert http("GET", NS + "/fin")[0] == 404


def test_deleting_an_empty_namespace_answers_it_terminating(http):
    http("POST", NS, {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "empty"}})
    code, out = http("DELETE", NS + "/empty")
    assert code == 200 and out["kind"] == "Namespace" and out["status"]["phase"] == "Terminating"
    assert http("GET", NS + "/empty")[0] == 404  # the controller finished within the write
