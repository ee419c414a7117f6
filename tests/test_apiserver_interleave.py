"""APIServer.interleave: another client's write just before the next writes to one object."""

from __future__ import annotations

import pytest

from drakit.api import errors as E
from drakit.apiserver import APIServer
from drakit.features import FeatureGates


def claim(name: str = "c") -> dict:
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
            "metadata": {"name": name, "namespace": "default"},
            "spec": {"devices": {"requests": [
                {"name": "gpu", "exactly": {"deviceClassName": "gpu.example.com"}}]}}}


@pytest.fixture
def api() -> APIServer:
    return APIServer(FeatureGates("1.37"))


def _label(api: APIServer, name: str = "c") -> None:
    n = str(int(api.get("ResourceClaim", name, "default")["metadata"].get("labels", {}).get("n", "0")) + 1)
    api.patch("ResourceClaim", name, {"metadata": {"labels": {"n": n}}}, "default")


def test_the_write_read_before_the_other_client_conflicts(api: APIServer) -> None:
    api.create(claim())
    read = api.get("ResourceClaim", "c", "default")
    api.interleave("ResourceClaim", "c", "default", lambda: _label(api))
    read["metadata"]["labels"] = {"mine": "yes"}
    with pytest.raises(E.Conflict):
        api.update(read)
    assert api.get("ResourceClaim", "c", "default")["metadata"]["labels"] == {"n": "1"}
    assert api.interleaved_pending() == []
    # used up: the next write goes through
    fresh = api.get("ResourceClaim", "c", "default")
    fresh["metadata"]["labels"]["mine"] = "yes"
    assert api.update(fresh)["metadata"]["labels"] == {"n": "1", "mine": "yes"}


def test_each_of_the_next_writes_and_every_verb(api: APIServer) -> None:
    api.create(claim())
    api.interleave("ResourceClaim", "c", "default", lambda: _label(api), times=3)
    assert api.interleaved_pending() == ["ResourceClaim default/c (3 left)"]
    api.patch("ResourceClaim", "c", {"metadata": {"annotations": {"a": "1"}}}, "default")
    read = api.get("ResourceClaim", "c", "default")
    with pytest.raises(E.Conflict):  # read before the other client's label
        api.update_status(read)
    assert api.interleaved_pending() == ["ResourceClaim default/c (1 left)"]
    api.delete("ResourceClaim", "c", "default")
    assert api.interleaved_pending() == []
    assert api.try_get("ResourceClaim", "c", "default") is None


def test_status_update_with_a_stale_resource_version_conflicts(api: APIServer) -> None:
    api.create(claim())
    read = api.get("ResourceClaim", "c", "default")
    api.interleave("ResourceClaim", "c", "default", lambda: _label(api))
    with pytest.raises(E.Conflict):
        api.update_status(read)


def test_a_delete_before_an_update_leaves_not_found(api: APIServer) -> None:
    api.create(claim())
    read = api.get("ResourceClaim", "c", "default")
    api.interleave("ResourceClaim", "c", "default", lambda: api.delete("ResourceClaim", "c", "default"))
    with pytest.raises(E.NotFound):
        api.update(read)


def test_the_actions_own_writes_and_other_objects_do_not_set_it_off(api: APIServer) -> None:
    api.create(claim("c"))
    api.create(claim("d"))
    calls = []

    def act() -> None:
        calls.append(1)
        _label(api)  # a write to the same object inside the action
        _label(api)

    api.interleave("ResourceClaim", "c", "default", act, times=2)
    _label(api, "d")
    assert calls == []
    api.patch("ResourceClaim", "c", {"metadata": {"annotations": {"mine": "yes"}}}, "default")
    assert calls == [1]
    stored = api.get("ResourceClaim", "c", "default")["metadata"]
    assert (stored["labels"], stored["annotations"]) == ({"n": "2"}, {"mine": "yes"})
    assert api.interleaved_pending() == ["ResourceClaim default/c (1 left)"]


def test_a_binding_sets_it_off(api: APIServer) -> None:
    api.create({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "default"},
                "spec": {"containers": [{"name": "c", "image": "x"}]}})
    seen = []
    api.interleave("Pod", "p", "default", lambda: seen.append("before"))
    api.bind("p", "default", "node-1")
    assert seen == ["before"]


@pytest.mark.parametrize("times", [0, -1, 101])
def test_times_is_bounded(api: APIServer, times: int) -> None:
    with pytest.raises(ValueError, match="times must be 1-100"):
        api.interleave("ResourceClaim", "c", "default", lambda: None, times=times)


def test_the_number_of_armed_objects_is_bounded(api: APIServer) -> None:
    for i in range(api.MAX_INTERLEAVED):
        api.interleave("ResourceClaim", f"c{i}", "default", lambda: None)
    api.interleave("ResourceClaim", "c0", "default", lambda: None, times=2)  # re-arming is fine
    with pytest.raises(ValueError, match="at most 16 objects"):
        api.interleave("ResourceClaim", "one-more", "default", lambda: None)


def test_an_unknown_kind_is_refused(api: APIServer) -> None:
    with pytest.raises(E.StatusError):
        api.interleave("NoSuchKind", "x", "default", lambda: None)
