"""Fuzzing drakit's API server (and ``drakit serve``) with schema-generated objects.

The unit suite runs a short budget (a few seconds in all); ``tox -e fuzz`` sets
DRAKIT_FUZZ_EXAMPLES (10,000 objects per kind) and DRAKIT_FUZZ_REPORT, and its figures are
in docs/fuzz.md. The invariants are in fuzz_harness.py.
"""

from __future__ import annotations

import copy
import http.client
import json

import pytest
from fuzz_harness import EXAMPLES, SEEDS, VERSION, World, served_kinds, upstream_500
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from drakit.api import errors as E
from drakit.schema.fuzz import fuzz_object, json_text, variants, yaml_text
from drakit.yamlio import parse_body

SHORT = EXAMPLES <= 0
VARIANTS = 0 if SHORT else 9
"""Cheap variants written per hypothesis example in the long run (generation costs ~20 ms
an example, a write ~1 ms): 10,000 objects per kind take 1,000 examples."""
PER_KIND = max(1, EXAMPLES // (VARIANTS + 1)) if not SHORT else 5
KINDS = served_kinds()
MODES = st.sampled_from(["Strict", "Warn", "Ignore"])


def _settings(n: int) -> settings:
    return settings(max_examples=n, deadline=None, database=None, derandomize=SHORT,
                    suppress_health_check=list(HealthCheck),
                    phases=[Phase.explicit, Phase.generate] if SHORT else
                    [Phase.explicit, Phase.generate, Phase.shrink])


SEEDS_134 = {"ResourceSlice": {"metadata": {}, "spec": {
    "driver": "gpu.example.com", "nodeName": "n1",
    "pool": {"name": "n1", "resourceSliceCount": 1},
    "sharedCounters": [{"name": "gpu-0-counters", "counters": {"memory": {"value": "80Gi"}}}],
    "devices": [{"name": "gpu-0-half", "consumesCounters": [
        {"counterSet": "gpu-0-counters", "counters": {"memory": {"value": "40Gi"}}}]}]}}}
"""The 1.34 layout: the counter set beside the device that consumes it."""


@pytest.mark.parametrize("kind", ["ResourceSlice", "ResourceClaim"])
def test_slices_and_claims_at_1_34_keep_the_invariants(kind, fuzz_stats) -> None:
    """The 1.34-only paths (counter sets beside their devices: validation's same-slice
    references, the allocator's 1.34 layout; validateSet's Duplicate at the key's field):
    schema-generated objects of the 1.34 API with every gate on get a 4xx or are stored, and
    the components never raise over what was stored."""
    world = World(fuzz_stats, "1.34")
    seed = SEEDS_134.get(kind, SEEDS[kind])

    @_settings(PER_KIND)
    @given(obj=fuzz_object("1.34", "resource.k8s.io/v1", kind, seed), mode=MODES)
    def run(obj, mode) -> None:
        before = len(fuzz_stats.violations)
        world.write(obj, mode, f"{kind} resource.k8s.io/v1 at 1.34")
        assert len(fuzz_stats.violations) == before, fuzz_stats.violations[-1]

    run()
    world.flush()
    assert not fuzz_stats.violations, fuzz_stats.violations[:3]


@pytest.mark.parametrize(("api_version", "kind"), KINDS, ids=[f"{k}-{v}" for v, k in KINDS])
def test_objects_of_every_kind_keep_the_invariants(api_version, kind, fuzz_stats) -> None:
    world = World(fuzz_stats)
    label = f"{kind} {api_version}"
    seed = SEEDS[kind]

    @_settings(PER_KIND)
    @given(obj=fuzz_object(VERSION, api_version, kind, seed), mode=MODES,
           follow=st.sampled_from(["none", "none", "update", "patch"]),
           again=fuzz_object(VERSION, api_version, kind, seed), rnd=st.randoms())
    def run(obj, mode, follow, again, rnd) -> None:
        before = len(fuzz_stats.violations)
        world.write(obj, mode, label)
        for v in variants(obj, VERSION, api_version, kind, rnd, VARIANTS):
            world.write(v, rnd.choice(("Strict", "Warn", "Ignore")), label)
        if follow != "none" and world.pending and world.pending[-1][0] == kind:
            k, name, ns = world.pending[-1]
            if follow == "update":
                live = world.api.try_get(k, name, ns)
                if live is not None:
                    body = copy.deepcopy(again)
                    extra = again.get("metadata") if isinstance(again.get("metadata"), dict) else {}
                    body["metadata"] = {**live["metadata"], **{
                        x: y for x, y in extra.items()
                        if x not in ("name", "namespace")}}
                    world.write(body, mode, label, "update")
            else:
                patch = {k2: v for k2, v in again.items() if k2 not in ("apiVersion", "kind")}
                patch.pop("metadata", None)
                world.write((k, name, ns, patch), mode, label, "patch")
        assert len(fuzz_stats.violations) == before, fuzz_stats.violations[-1]

    run()
    world.flush()
    assert not fuzz_stats.violations, fuzz_stats.violations[:3]


@_settings(PER_KIND * 4 if SHORT else EXAMPLES)
@given(data=st.data(), mode=MODES)
def test_raw_bodies_get_a_status_never_a_crash(data, mode, fuzz_stats) -> None:
    """parse_body (what drakit serve reads bodies with) then create: 4xx or success."""
    api_version, kind = data.draw(st.sampled_from(KINDS))
    obj = data.draw(fuzz_object(VERSION, api_version, kind, SEEDS[kind]))
    yaml_body = data.draw(st.booleans())
    raw = data.draw(yaml_text(obj)).encode() if yaml_body else data.draw(json_text(obj))
    world = _shared_world(fuzz_stats)
    try:
        body = parse_body(raw, "application/yaml" if yaml_body else "application/json", kind)
    except E.StatusError as e:
        assert 400 <= e.code < 500, e
        fuzz_stats.refused[f"{e.code} {e.reason} (body)"] += 1
        return
    except Exception as e:  # noqa: BLE001
        raise AssertionError(f"parse_body raised {type(e).__name__}: {e} on {raw[:300]!r}") from e
    before = len(fuzz_stats.violations)
    world.write(body, mode, f"{kind} {api_version} (raw body)")
    assert len(fuzz_stats.violations) == before, fuzz_stats.violations[-1]


_WORLD: list[World] = []


def _shared_world(stats) -> World:
    if not _WORLD:
        _WORLD.append(World(stats))
    return _WORLD[0]


@pytest.fixture(scope="module")
def served():
    from drakit import serve
    from drakit.serve import sandbox

    srv, cluster, _ = serve.start(port=0, interval=0.05, gates={"GenericWorkload": True})
    yield srv.server_address[1], sandbox.client_context(srv.tls_cert_pem), srv.sandbox.token
    srv.shutdown()
    cluster.stop()
    srv.server_close()


PATHS = {
    "Pod": "/api/v1/namespaces/default/pods", "Node": "/api/v1/nodes",
    "DeviceClass": "/apis/resource.k8s.io/v1/deviceclasses",
    "ResourceSlice": "/apis/resource.k8s.io/v1/resourceslices",
    "ResourceClaim": "/apis/resource.k8s.io/v1/namespaces/default/resourceclaims",
    "ResourceClaimTemplate": "/apis/resource.k8s.io/v1/namespaces/default/"
                             "resourceclaimtemplates",
    "Deployment": "/apis/apps/v1/namespaces/default/deployments",
}


@_settings(PER_KIND if SHORT else max(1000, EXAMPLES // 10))
@given(data=st.data(), mode=st.sampled_from(["Strict", "Warn", "Ignore", "", "Loud"]))
def test_http_requests_get_a_status_never_a_500(data, mode, served, fuzz_stats) -> None:
    """The same inputs through drakit serve: the answer is JSON, below 500."""
    kind = data.draw(st.sampled_from(sorted(PATHS)))
    api_version = "v1" if kind in ("Pod", "Node") else (
        "apps/v1" if kind == "Deployment" else "resource.k8s.io/v1")
    obj = data.draw(fuzz_object(VERSION, api_version, kind, SEEDS[kind]))
    yaml_body = data.draw(st.booleans())
    raw = data.draw(yaml_text(obj)).encode() if yaml_body else data.draw(json_text(obj))
    port, ssl_ctx, token = served
    conn = http.client.HTTPSConnection("127.0.0.1", port, timeout=30, context=ssl_ctx)
    try:
        q = f"?fieldValidation={mode}" if mode else ""
        conn.request("POST", PATHS[kind] + q, body=raw, headers={
            "Content-Type": "application/yaml" if yaml_body else "application/json",
            "Authorization": f"Bearer {token}"})
        resp = conn.getresponse()
        body = resp.read()
    finally:
        conn.close()
    fuzz_stats.objects[f"{kind} (HTTP)"] += 1
    doc = json.loads(body)
    assert resp.status < 500 or upstream_500(resp.status, doc.get("message", "")), \
        (resp.status, body[:300], raw[:300])
    if resp.status >= 400:
        assert doc.get("kind") == "Status", doc
        fuzz_stats.refused[f"{resp.status} {doc.get('reason')} (HTTP)"] += 1
    else:
        fuzz_stats.stored[f"{kind} (HTTP)"] += 1
