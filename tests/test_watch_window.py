"""The watch window: a bounded log, 410 Expired beyond it, and components that relist.

Issue 13 item 5: the log was never compacted (300 updates of a 1 MB object stayed in memory
after the delete). kube-apiserver keeps a bounded watch cache and answers a watch that starts
before it with ``410 Expired: too old resource version: <rv> (<oldest-1>)``
(k8s.io/apiserver storage/cacher/watch_cache.go); clients relist. These tests shrink the
window so far that every component falls out of it during ordinary runs, and check that the
verdicts do not change.
"""

from __future__ import annotations

import gc
import tracemalloc

import pytest

from drakit import Cluster
from drakit.api import errors as E
from drakit.apiserver import WATCH_WINDOW_BYTES, WATCH_WINDOW_EVENTS, APIServer
from drakit.controllers.base import Controller


def _class(name: str, note: str = "") -> dict:
    obj = {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass", "metadata": {"name": name},
           "spec": {}}
    if note:
        obj["metadata"]["annotations"] = {"note": note}
    return obj


def test_defaults_are_upstreams_count_and_a_byte_bound():
    api = APIServer()
    assert api.watch_window()["maxEvents"] == WATCH_WINDOW_EVENTS == 100 * 1024
    assert api.watch_window()["maxBytes"] == WATCH_WINDOW_BYTES == 64 * 1024 * 1024


def test_a_watch_older_than_the_window_is_410_expired():
    api = APIServer()
    api.watch_window_events = 10
    start = api.resource_version
    for i in range(30):
        api.create(_class(f"c{i}"))
    win = api.watch_window()
    assert win["events"] <= 10 and win["oldestResumable"] > start
    with pytest.raises(E.Expired) as e:
        api.watch(start)
    oldest = api.watch(win["oldestResumable"])[0].resource_version
    assert e.value.code == 410 and e.value.reason == "Expired"
    assert str(e.value) == f"too old resource version: {start} ({oldest - 1})"
    assert e.value.status() == {"kind": "Status", "apiVersion": "v1", "metadata": {},
                                "status": "Failure", "code": 410, "reason": "Expired",
                                "message": f"too old resource version: {start} ({oldest - 1})"}
    # resuming at the window's edge works and loses nothing
    events = api.watch(win["oldestResumable"])
    assert [ev.object["metadata"]["name"] for ev in events][-1] == "c29"
    assert len(events) == win["events"]
    assert api.watch(api.resource_version) == []


def test_the_window_bounds_memory_even_after_the_object_is_deleted():
    """300 updates of a ~200 kB object: the log keeps about the byte bound, not 60 MB."""
    api = APIServer()
    api.watch_window_bytes = 2 * 1024 * 1024
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        api.create(_class("big", "x" * 200_000))
        for i in range(300):
            obj = api.get("DeviceClass", "big")
            obj["metadata"]["annotations"]["note"] = f"{i:06d}" + "x" * 199_994
            api.update(obj)
        api.delete("DeviceClass", "big")
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()
    win = api.watch_window()
    assert win["bytes"] <= api.watch_window_bytes
    assert held < 6 * 1024 * 1024, f"{held / 2**20:.1f} MiB still held"


def test_the_newest_event_is_kept_even_when_larger_than_the_window():
    api = APIServer()
    api.watch_window_bytes = 1000
    api.create(_class("a", "x" * 5000))
    rv = api.resource_version
    assert [ev.resource_version for ev in api.watch(rv - 1)] == [rv]


# ---------------------------------------------------------------------------- components


def _scenario(c: Cluster) -> dict:
    """Template claims, shared claims, deletions and a restart: every component works."""
    c.add_node("n1")
    c.add_node("n2")
    c.apply([{"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass", "metadata": {"name": "gpu"},
              "spec": {"selectors": [{"cel": {"expression": 'device.driver == "gpu.example.com"'}}]}},
             {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaimTemplate",
              "metadata": {"name": "one-gpu"},
              "spec": {"spec": {"devices": {"requests": [
                  {"name": "g", "exactly": {"deviceClassName": "gpu"}}]}}}}]
            + [{"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
                "metadata": {"name": f"{n}-gpus"},
                "spec": {"driver": "gpu.example.com", "nodeName": n,
                         "pool": {"name": n, "generation": 1, "resourceSliceCount": 1},
                         "devices": [{"name": f"gpu-{i}"} for i in range(3)]}}
               for n in ("n1", "n2")])

    def pod(name: str) -> dict:
        return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": name},
                "spec": {"resourceClaims": [{"name": "g", "resourceClaimTemplateName": "one-gpu"}],
                         "containers": [{"name": "c", "image": "x",
                                         "resources": {"claims": [{"name": "g"}]}}]}}

    c.apply([pod(f"a{i}") for i in range(8)])  # 6 devices: two stay pending
    for i in range(3):
        c.delete("Pod", f"a{i}", settle=False)
    c.settle()
    c.apply([pod(f"b{i}") for i in range(3)])
    before_restart = _verdicts(c)
    c.scheduler_relists = next(x.relists for x in c.components if x.name == "kube-scheduler")
    c.set_feature_gates({})  # every component restarts and lists again
    c.restart_kubelet("n1")
    return {"before restart": before_restart, "after restart": _verdicts(c)}


def _verdicts(c: Cluster) -> dict:
    pods = {p["metadata"]["name"]: ((p.get("status") or {}).get("phase"),
                                    bool(p["spec"].get("nodeName")))
            for p in c.list("Pod")}
    claims = sorted((c_["metadata"]["ownerReferences"][0]["name"],
                     bool((c_.get("status") or {}).get("allocation")))
                    for c_ in c.list("ResourceClaim"))
    prepared = sorted(p["name"] for n in ("n1", "n2")
                      for p in c.kubelet(n).pod_resources.list().get("podResources", []))
    return {"pods": pods, "claims": claims, "prepared": prepared, "errors": c.errors()}


def test_components_relist_and_reach_the_same_verdicts_with_a_tiny_window():
    ref = Cluster()
    try:
        expected = _scenario(ref)
    finally:
        ref.close()
    tiny = Cluster()
    tiny.api.watch_window_events = 8  # far less than one apply writes
    try:
        got = _scenario(tiny)
        assert tiny.api.watch_window()["oldestResumable"] > 0
    finally:
        tiny.close()
    assert got == expected
    final = expected["after restart"]
    assert final["errors"] == [] and sum(1 for v in final["pods"].values()
                                         if v == ("Running", True)) == 6
    assert ref.scheduler_relists == 0 and tiny.scheduler_relists > 0


def test_each_controller_relists_on_expired():
    c = Cluster()
    try:
        c.add_node("n1")
        c.api.watch_window_events = 5
        calls: dict[str, int] = {}
        for comp in c.components:
            if hasattr(comp, "resync"):
                orig = comp.resync

                def counted(orig=orig, name=comp.name):
                    calls[name] = calls.get(name, 0) + 1
                    return orig()
                comp.resync = counted
        for i in range(20):  # nobody settles in between: every watch falls behind
            c.api.create(_class(f"c{i}"))
        c.settle()
        controllers = {x.name for x in c.components if isinstance(x, Controller)}
        assert len(controllers) >= 5 and set(calls) == controllers
    finally:
        c.close()


def test_kubelet_relist_cleans_up_pods_deleted_while_its_watch_expired():
    c = Cluster()
    try:
        c.add_node("n1")
        c.apply([{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": f"p{i}"},
                  "spec": {"nodeName": "n1", "containers": [{"name": "c", "image": "x"}]}}
                 for i in range(3)])
        k = c.kubelet("n1")
        assert sorted(p["name"] for p in k.pod_resources.list()["podResources"]) == \
            ["p0", "p1", "p2"]
        c.api.watch_window_events = 5
        k.running = False  # the kubelet does not sync while the window moves on
        c.delete("Pod", "p1")  # (not graceful: the kubelet is not running)
        for i in range(20):
            c.api.create(_class(f"c{i}"))
        k.running = True
        c.settle()
        assert sorted(p["name"] for p in k.pod_resources.list()["podResources"]) == ["p0", "p2"]
    finally:
        c.close()


def test_an_api_server_restart_expires_only_watches_that_were_behind():
    """A restarted kube-apiserver's watch cache starts at its first list: a watcher that had
    seen everything resumes with nothing lost, one that was behind gets 410 and relists."""
    c = Cluster()
    try:
        c.apply([_class("seen")])
        current = c.api.resource_version
        c.api.create(_class("unseen"))
        behind = current
        c.restart_component("kube-apiserver")
        now = c.api.resource_version
        assert c.api.watch(now) == []
        with pytest.raises(E.Expired):
            c.api.watch(behind)
        c.api.create(_class("after"))
        assert [ev.object["metadata"]["name"] for ev in c.api.watch(now)] == ["after"]
    finally:
        c.close()
