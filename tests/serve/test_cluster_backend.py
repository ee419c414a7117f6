"""steps.backends.cluster.ClusterBackend against drakit serve: isolation, mapping, cleanup."""

from __future__ import annotations

import pytest

from steps.backends.base import ApiError, Unsupported
from steps.backends.cluster import (
    HARNESS_LABEL,
    ClusterBackend,
    Options,
    Session,
)


@pytest.fixture
def backend(kubeconfig):
    Session._sessions.clear()
    b = ClusterBackend(options=Options(kubeconfig=str(kubeconfig), settle_quiet=0.05,
                                       wait_timeout=2))
    yield b
    if b.st is not None:
        b.end_scenario()


CLASS = {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
         "metadata": {"name": "gpu.example.com"},
         "spec": {"extendedResourceName": "example.com/gpu"}}
CLAIM = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
         "metadata": {"name": "c"},
         "spec": {"devices": {"requests": [
             {"name": "gpu", "exactly": {"deviceClassName": "gpu.example.com"}}]}}}


def test_capabilities(backend):
    caps = backend.session.capabilities()
    assert caps["version"] == "1.37" and caps["drakit_serve"] is True
    assert caps["gates"]["DRAExtendedResource"] is True
    assert "resource.k8s.io/v1" in caps["api_versions"]
    assert caps["node_access"] is False


def test_names_are_mapped_both_ways_and_cleaned_up(backend, server):
    backend.start_scenario("mapping", "1.37", {})
    st = backend.st
    backend.add_node("node-1")
    backend.apply([CLASS, CLAIM])
    got = backend.get("DeviceClass", "gpu.example.com")
    assert got["metadata"]["name"] == "gpu.example.com"
    assert "labels" not in got["metadata"]
    claim = backend.get("ResourceClaim", "c")
    assert claim["metadata"]["namespace"] == "default"
    assert claim["spec"]["devices"]["requests"][0]["exactly"]["deviceClassName"] == \
        "gpu.example.com"
    node = backend.get("Node", "node-1")
    assert node["metadata"]["labels"]["kubernetes.io/hostname"] == "node-1"
    assert "taints" not in node["spec"]
    # what the server really holds
    api = server["served"].api
    real = api.get("DeviceClass", st.prefix + "gpu.example.com")
    assert real["metadata"]["labels"][HARNESS_LABEL] == "true"
    stored = api.get("ResourceClaim", "c", st.namespace)
    assert stored["spec"]["devices"]["requests"][0]["exactly"]["deviceClassName"] == \
        st.prefix + "gpu.example.com"
    assert api.get("Node", st.prefix + "node-1")["spec"]["taints"][0]["effect"] == "NoSchedule"
    assert [o["metadata"]["name"] for o in backend.list("DeviceClass")] == ["gpu.example.com"]
    # errors come back in scenario names
    with pytest.raises(ApiError) as e:
        backend.apply([CLASS | {"spec": {"extendedResourceName": "gpu"}}])
    assert e.value.code == 422
    assert 'DeviceClass.resource.k8s.io "gpu.example.com" is invalid' in e.value.message
    with pytest.raises(ApiError) as e:
        backend.get("ResourceClaim", "nope")
    assert e.value.code == 404 and e.value.message == \
        'resourceclaims.resource.k8s.io "nope" not found'
    backend.end_scenario()
    assert api.try_get("DeviceClass", st.prefix + "gpu.example.com") is None
    assert api.try_get("Node", st.prefix + "node-1") is None
    assert api.try_get("Namespace", st.namespace) is None
    assert api.list("ResourceClaim", st.namespace) == []


def test_own_finalizers_are_removed_at_cleanup(backend, server):
    backend.start_scenario("finalizers", "1.37", {})
    st = backend.st
    backend.apply([CLAIM | {"metadata": {"name": "f", "finalizers": ["example.com/keep"]}}])
    backend.end_scenario()
    assert server["served"].api.try_get("ResourceClaim", "f", st.namespace) is None


def test_cleanup_lists_only_the_cluster_scoped_kinds_the_scenario_wrote(backend, server,
                                                                        monkeypatch):
    calls: list[tuple[str, str]] = []
    real = Session.request

    def spy(self, method, path, *a, **kw):
        calls.append((method, path))
        return real(self, method, path, *a, **kw)

    monkeypatch.setattr(Session, "request", spy)
    backend.start_scenario("namespaced only", "1.37", {})
    calls.clear()  # the session's discovery and sweep of leftovers
    backend.apply([CLAIM])
    backend.end_scenario()
    lists = [p for m, p in calls if m == "GET" and "/namespaces/" not in p]
    assert not any(k in p for p in lists for k in ("deviceclasses", "resourceslices", "/nodes",
                                                    "priorityclasses", "validatingadmission"))
    backend.start_scenario("a class and a node", "1.37", {})
    calls.clear()
    st = backend.st
    backend.add_node("node-1")
    backend.apply([CLASS])
    backend.end_scenario()
    listed = {p.rsplit("/", 1)[1] for m, p in calls if m == "GET" and p.endswith(
        ("/deviceclasses", "/resourceslices", "/nodes", "/priorityclasses"))}
    # a node brings the slices its drivers publish into the cleanup
    assert listed == {"deviceclasses", "resourceslices", "nodes"}
    api = server["served"].api
    assert api.try_get("DeviceClass", st.prefix + "gpu.example.com") is None
    assert api.try_get("Node", st.prefix + "node-1") is None


def test_unsupported_when_gates_or_version_differ(backend):
    with pytest.raises(Unsupported, match="GenericWorkload=true"):
        backend.start_scenario("gates", "1.37", {"GenericWorkload": True})
    with pytest.raises(Unsupported, match="targets Kubernetes 1.36"):
        backend.start_scenario("version", "1.36", {})
    backend.tags = {"component:kubelet"}
    with pytest.raises(Unsupported, match="needs node access"):
        backend.start_scenario("node", "1.37", {})


def test_wait_for_prints_last_state_on_timeout(backend):
    backend.start_scenario("wait", "1.37", {})
    with pytest.raises(AssertionError, match="timed out after 0.3s waiting for nothing; "
                                             "last observed: 0"):
        backend.wait_for("nothing", lambda: 0, timeout=0.3)


def test_session_sweep_removes_leftovers(kubeconfig, server):
    api = server["served"].api
    with server["served"].lock:
        api.create({"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
                    "metadata": {"name": "left.over", "labels": {HARNESS_LABEL: "true"},
                                 "finalizers": ["example.com/stuck"]}})
    Session._sessions.clear()
    # young: possibly another run going on now (another worker, a colleague): kept
    Session.get(Options(kubeconfig=str(kubeconfig)))
    assert api.try_get("DeviceClass", "left.over") is not None
    Session._sessions.clear()
    Session.get(Options(kubeconfig=str(kubeconfig), sweep_age=0))
    assert api.try_get("DeviceClass", "left.over") is None
