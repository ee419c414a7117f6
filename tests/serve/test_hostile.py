"""Crafted requests against drakit serve: every one gets kube-apiserver's 4xx, never a 500.

Issue 13 items 5, 7, 8, 10 and issue 14 §1 (auth, protobuf). Each test sends the bytes a
hostile or odd client sends, through a real TLS socket, and checks the status, the Status
body's reason and message (upstream texts cited in drakit/serve/*.py), and that the
server stays healthy afterwards.
"""

from __future__ import annotations

import json
import socket
import ssl
import time

import pytest

from drakit.apiserver import MAX_REQUEST_BYTES
from drakit.serve import sandbox

RC = "/apis/resource.k8s.io/v1/namespaces/default/resourceclaims"
PODS = "/api/v1/namespaces/default/pods"


class Raw:
    """One TLS connection to the server; send bytes, read one HTTP response."""

    def __init__(self, server, timeout: float = 10) -> None:
        srv = server["srv"]
        self.port = srv.server_address[1]
        self.token = srv.sandbox.token
        ctx = sandbox.client_context(srv.tls_cert_pem)
        s = socket.create_connection(("127.0.0.1", self.port), timeout=timeout)
        self.sock = ctx.wrap_socket(s, server_hostname="127.0.0.1")
        self.f = self.sock.makefile("rb")

    def request(self, method: str, path: str, headers: dict[str, str] | None = None,
                body: bytes = b"", auth: bool = True, host: str | None = None) -> Raw:
        h = {"Host": host or f"127.0.0.1:{self.port}"}
        if auth:
            h["Authorization"] = f"Bearer {self.token}"
        h.update(headers or {})
        head = f"{method} {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in h.items())
        self.sock.sendall(head.encode() + b"\r\n" + body)
        return self

    def send(self, data: bytes) -> Raw:
        self.sock.sendall(data)
        return self

    def response(self) -> tuple[int, dict[str, str], bytes]:
        line = self.f.readline()
        if not line:
            raise ConnectionError("the server closed the connection without an answer")
        status = int(line.split()[1])
        headers: dict[str, str] = {}
        while (hl := self.f.readline()) not in (b"\r\n", b""):
            k, _, v = hl.decode().partition(":")
            headers[k.strip().lower()] = v.strip()
        if headers.get("transfer-encoding") == "chunked":
            body = b""
            while True:
                size = int(self.f.readline().strip(), 16)
                if size == 0:
                    self.f.readline()
                    break
                body += self.f.read(size)
                self.f.readline()
        else:
            body = self.f.read(int(headers.get("content-length", "0")))
        return status, headers, body

    def status(self) -> tuple[int, dict]:
        code, headers, body = self.response()
        assert headers.get("content-type", "").startswith("application/json"), (code, body)
        return code, json.loads(body)

    def closed(self, wait: float = 3.0) -> bool:
        """True when the server closed the connection (EOF or reset) within ``wait``."""
        self.sock.settimeout(wait)
        try:
            return self.f.read(1) == b""
        except TimeoutError:
            return False
        except (OSError, ValueError):
            return True

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def raw(server):
    conns: list[Raw] = []

    def make(**kw) -> Raw:
        conns.append(Raw(server, **kw))
        return conns[-1]
    yield make
    for c in conns:
        c.close()
    # whatever a test sent, the server still answers
    code, _ = server["http"]("GET", "/readyz", accept="text/plain")
    assert code == 200


def claim(name: str) -> dict:
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
            "metadata": {"name": name},
            "spec": {"devices": {"requests": [
                {"name": "gpu", "exactly": {"deviceClassName": "gpu.example.com"}}]}}}


def bad_request(code_and_body, message: str) -> None:
    code, st = code_and_body
    assert (code, st["kind"], st["reason"], st["message"]) == (400, "Status", "BadRequest",
                                                               message), st


# ---------------------------------------------------------------------------- parameters

def test_bad_integer_parameters_are_400_with_the_parameter_codec_text(http):
    bad_request(http("DELETE", PODS + "/x?gracePeriodSeconds=abc"),
                'strconv.ParseInt: parsing "abc": invalid syntax')
    bad_request(http("GET", RC + "?watch=true&timeoutSeconds=abc"),
                'strconv.ParseInt: parsing "abc": invalid syntax')
    bad_request(http("GET", RC + "?watch=true&timeoutSeconds=nan"),
                'strconv.ParseInt: parsing "nan": invalid syntax')
    bad_request(http("GET", RC + "?limit=1.5"),
                'strconv.ParseInt: parsing "1.5": invalid syntax')
    bad_request(http("GET", RC + "?limit=99999999999999999999"),
                'strconv.ParseInt: parsing "99999999999999999999": value out of range')
    # Python's int() would take these; Go's ParseInt does not
    bad_request(http("GET", RC + "?limit=1_0"), 'strconv.ParseInt: parsing "1_0": invalid syntax')
    bad_request(http("GET", RC + "?limit=%201"), 'strconv.ParseInt: parsing " 1": invalid syntax')


def test_negative_limit_is_accepted_like_kube(http):
    code, lst = http("GET", RC + "?limit=-1")
    assert code == 200 and lst["kind"] == "ResourceClaimList"


def test_watch_timeouts_bound_the_stream(http):
    t0 = time.monotonic()
    with http.open(RC + "?watch=true&timeoutSeconds=1") as r:
        r.read()
    assert time.monotonic() - t0 < 4
    t0 = time.monotonic()
    with http.open(RC + "?watch=true&timeoutSeconds=-5") as r:
        r.read()
    assert time.monotonic() - t0 < 2


def test_delete_options_body_with_wrong_types_is_400(http):
    http("POST", RC, claim("pre"))
    bad_request(http("DELETE", RC + "/pre", {"preconditions": "abc"}),
                "json: cannot unmarshal string into Go struct field DeleteOptions.preconditions"
                " of type v1.Preconditions")
    bad_request(http("DELETE", RC + "/pre", {"gracePeriodSeconds": "5"}),
                "json: cannot unmarshal string into Go struct field "
                "DeleteOptions.gracePeriodSeconds of type int64")
    bad_request(http("DELETE", RC + "/pre", {"preconditions": {"uid": 7}}),
                "json: cannot unmarshal number into Go struct field "
                "DeleteOptions.preconditions.uid of type types.UID")
    code, st = http("DELETE", RC + "/pre", {"propagationPolicy": "Sideways"})
    assert code == 422 and st["message"] == (
        'DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Unsupported value: '
        '"Sideways": supported values: "Foreground", "Background", "Orphan"')
    # with a body the query is not decoded (delete.go): the bad query value is ignored
    code, st = http("DELETE", RC + "/pre?gracePeriodSeconds=abc", {"gracePeriodSeconds": 0})
    assert code == 200 and st["status"] == "Success"


def test_list_resource_version_semantics(http, monkeypatch):
    from drakit.serve import handler
    monkeypatch.setattr(handler, "TOO_LARGE_RV_WAIT", 0.2)  # kube waits 3 s
    code, lst = http("GET", RC)
    rv = int(lst["metadata"]["resourceVersion"])
    code, st = http("GET", RC + "?resourceVersionMatch=Exact")
    assert code == 422 and st["message"] == (
        'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: '
        'resourceVersionMatch is forbidden unless resourceVersion is provided')
    http("POST", RC, claim("rvm"))
    code, st = http("GET", RC + f"?resourceVersion={rv}&resourceVersionMatch=Exact")
    assert (code, st["reason"]) == (410, "Expired")
    code, st = http("GET", RC + f"?resourceVersion={rv}&resourceVersionMatch=NotOlderThan")
    assert code == 200
    code, st = http("GET", RC + f"?resourceVersion={rv + 10_000}")
    assert (code, st["reason"]) == (504, "Timeout")
    assert st["message"].startswith(f"Too large resource version: {rv + 10_000}, current: ")
    bad_request(http("GET", RC + "?watch=1&resourceVersion=abc"),
                'invalid resource version "abc": strconv.ParseUint: parsing "abc": '
                'invalid syntax')


# ---------------------------------------------------------------------------- framing

def test_bad_content_length_is_400_and_closes(raw):
    c = raw().request("POST", RC, {"Content-Type": "application/json",
                                   "Content-Length": "abc"}, b"{}")
    bad_request(c.status(), 'bad Content-Length "abc"')
    assert c.closed()
    c = raw().request("POST", RC, {"Content-Type": "application/json",
                                   "Content-Length": "-1"}, b"{}")
    bad_request(c.status(), 'bad Content-Length "-1"')


def test_bad_chunk_size_is_400(raw):
    c = raw().request("POST", RC, {"Content-Type": "application/json",
                                   "Transfer-Encoding": "chunked"}, b"zz\r\n{}\r\n0\r\n\r\n")
    bad_request(c.status(), "invalid byte in chunk length")
    assert c.closed()
    c = raw().request("POST", RC, {"Content-Type": "application/json",
                                   "Transfer-Encoding": "chunked"},
                      b"1" * 17 + b"\r\n{}\r\n0\r\n\r\n")
    bad_request(c.status(), "http chunk length too large")


def test_a_chunked_body_is_decoded(raw, server):
    body = json.dumps(claim("chunky")).encode()
    chunks = b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + 7]), body[i:i + 7])
                      for i in range(0, len(body), 7))
    c = raw().request("POST", RC, {"Content-Type": "application/json",
                                   "Transfer-Encoding": "chunked"}, chunks + b"0\r\n\r\n")
    code, out = c.status()
    assert code == 201 and out["metadata"]["name"] == "chunky"
    # keep-alive: the same connection carries the next request
    code, out = c.request("GET", RC + "/chunky").status()
    assert code == 200


def test_unsupported_transfer_encoding_is_501(raw):
    c = raw().request("POST", RC, {"Transfer-Encoding": "gzip, chunked"}, b"")
    code, st = c.status()
    assert code == 501 and "unsupported transfer encoding" in st["message"]


def test_garbage_request_line_gets_a_status_not_html(raw):
    c = raw().send(b"GARBAGE\r\n\r\n")
    code, st = c.status()
    assert code == 400 and st["kind"] == "Status" and st["reason"] == "BadRequest"


def test_unknown_method_is_405_and_unread_bodies_do_not_poison_keep_alive(raw):
    c = raw()
    code, st = c.request("OPTIONS", RC).status()
    assert code == 405 and st["reason"] == "MethodNotAllowed"
    # kubectl auth can-i once got an HTML 400: the server answered 404 without reading the
    # protobuf body, then parsed that body as the next request. Now the connection closes.
    c = raw()
    code, _ = c.request("POST", "/apis/nope.example.com/v1/things",
                        {"Content-Type": "application/json", "Content-Length": "12"},
                        b"k8s\x00garbage!").status()
    assert code == 404
    assert c.closed()


# ---------------------------------------------------------------------------- size limits

def test_announced_oversize_body_is_413_before_reading_it(raw):
    c = raw(timeout=5)
    # announce 52 MB and send none of it: the answer must come without waiting for the body
    c.request("POST", RC, {"Content-Type": "application/json",
                           "Content-Length": str(52 * 1024 * 1024)})
    code, st = c.status()
    assert (code, st["reason"], st["message"]) == (
        413, "RequestEntityTooLarge", f"Request entity too large: limit is {MAX_REQUEST_BYTES}")
    assert c.closed()


def test_expect_100_continue_is_not_sent_for_a_refused_body(raw):
    c = raw(timeout=5)
    c.request("POST", RC, {"Content-Type": "application/json", "Expect": "100-continue",
                           "Content-Length": str(MAX_REQUEST_BYTES + 1)})
    code, headers, _ = c.response()
    assert code == 413  # not "100 Continue" first


def test_chunked_oversize_body_is_refused_once_past_the_limit(raw):
    c = raw(timeout=20)
    c.request("POST", RC, {"Content-Type": "application/json", "Transfer-Encoding": "chunked"})
    chunk = b"x" * (1024 * 1024)
    try:
        for _ in range(5):  # 5 MiB, never a terminating chunk
            c.send(b"%x\r\n%s\r\n" % (len(chunk), chunk))
    except OSError:
        pass  # the server may close while we are still sending
    code, st = c.status()
    assert (code, st["reason"]) == (413, "RequestEntityTooLarge")


def test_patches_cannot_grow_an_object_past_the_limit(http, server):
    """Each patch body is under 3 MiB, the patched object would be over: 413, unchanged."""
    half = "x" * (1600 * 1024)  # two of them pass 3 MiB
    pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "fat"},
           "spec": {"containers": [{"name": "a", "image": "x",
                                    "env": [{"name": "E", "value": half}]}]}}
    assert http("POST", PODS, pod)[0] == 201
    init = {"initContainers": [{"name": "i", "image": "x",
                                "env": [{"name": "F", "value": half}]}]}
    for ctype, patch in [
        ("application/merge-patch+json", {"spec": init}),
        ("application/strategic-merge-patch+json", {"spec": init}),
        ("application/json-patch+json",
         [{"op": "add", "path": "/spec/containers/0/env/-",
           "value": {"name": "F", "value": half}}]),
        ("application/apply-patch+yaml",
         json.dumps({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "fat"},
                     "spec": init})),
    ]:
        code, st = http("PATCH", PODS + "/fat", patch, ctype=ctype)
        assert (code, st["reason"]) == (413, "RequestEntityTooLarge"), (ctype, st)
    stored = server["served"].api.get("Pod", "fat", "default")
    assert "initContainers" not in stored["spec"]
    assert [e["name"] for e in stored["spec"]["containers"][0]["env"]] == ["E"]
    # JSON patch "copy" doubling: a small body must not build a huge object
    ops = [{"op": "copy", "from": "/spec/containers/0", "path": "/spec/containers/-"}
           for _ in range(3)]
    code, st = http("PATCH", PODS + "/fat", ops, ctype="application/json-patch+json")
    assert (code, st["reason"]) == (413, "RequestEntityTooLarge"), st


def test_malformed_json_patches(http, server):
    http("POST", RC, claim("jp"))
    from drakit.serve import patches
    live = server["served"].api.get("ResourceClaim", "jp", "default")

    def jp(body):
        return http("PATCH", RC + "/jp", body, ctype="application/json-patch+json")
    bad_request(jp({"op": "add"}),
                "json: cannot unmarshal object into Go value of type jsonpatch.Patch")
    for ops, cause in [
        ([{"op": "frobnicate", "path": "/a"}], "Unexpected kind: frobnicate"),
        ([{"op": "add", "value": 1}], "operation missing path field: missing value"),
        ([{"op": "replace", "path": "/nope", "value": 1}],
         "replace operation does not apply: doc is missing key: /nope: missing value"),
        ([{"op": "remove", "path": "/metadata/nope"}],
         'remove operation does not apply: doc is missing path: "/metadata/nope": '
         'missing value'),
        ([{"op": "add", "path": "/spec/devices/requests/-1", "value": {}}],
         "Unable to access invalid index: -1: invalid index referenced"),
        ([{"op": "test", "path": "/metadata/name", "value": "other"}],
         "testing value /metadata/name failed: test failed"),
    ]:
        code, st = jp(ops)
        assert (code, st["reason"], st["message"]) == (
            422, "Invalid", "the server rejected our request due to an error in our request"), st
        assert "details" not in st  # kube drops the library's words (kubectl: "The request
        # is invalid: the server rejected our request ...")
        with pytest.raises(patches.PatchFailed) as e:
            patches.json_patch(live, ops)
        assert e.value.detail == cause
    code, st = jp([{"op": "test", "path": "/a", "value": 1}] * 10001)
    assert (code, st["message"]) == (
        413, "The allowed maximum operations in a JSON patch is 10000, got 10001")


def test_strategic_merge_with_a_non_string_merge_key_is_422(http):
    pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "smpkey"},
           "spec": {"containers": [{"name": "a", "image": "one"}]}}
    assert http("POST", PODS, pod)[0] == 201
    code, st = http("PATCH", PODS + "/smpkey",
                    {"spec": {"containers": [{"name": 1, "image": "x"}]}},
                    ctype="application/strategic-merge-patch+json")
    assert (code, st["reason"]) == (422, "Invalid"), st
    # the leading space is Go's: NewInvalid with an empty GroupKind prints "%s %q" of "";
    # the value is the patch as Go's %+v prints a map
    assert st["message"] == (' "" is invalid: patch: Invalid value: "map[spec:map[containers:'
                             '[map[image:x name:1]]]]": cannot convert int64 to string')
    code, st = http("PATCH", PODS + "/smpkey",
                    {"spec": {"containers": [{"name": True, "image": "x"}]}},
                    ctype="application/strategic-merge-patch+json")
    assert code == 422 and st["message"].endswith(": unrecognized type: string")


# ---------------------------------------------------------------------------- media types

ACCEPTED = "application/json, application/yaml"


def test_unsupported_content_types_are_415(http):
    for ctype in ("text/plain", "application/vnd.kubernetes.protobuf", "application/cbor",
                  "application/x-www-form-urlencoded"):
        code, st = http("POST", RC, json.dumps(claim("ct")), ctype=ctype)
        assert (code, st["reason"], st["message"]) == (
            415, "UnsupportedMediaType", "the body of the request was in an unknown format - "
            f"accepted media types include: {ACCEPTED}"), ctype
    code, st = http("PATCH", RC + "/ct", {"metadata": {}}, ctype="application/json")
    assert code == 415 and st["message"].endswith(
        "application/merge-patch+json, application/strategic-merge-patch+json, "
        "application/json-patch+json, application/apply-patch+yaml")
    code, out = http("POST", RC, "apiVersion: resource.k8s.io/v1\nkind: ResourceClaim\n"
                                 "metadata: {name: yamlclaim}\nspec: {devices: {requests: "
                                 "[{name: g, exactly: {deviceClassName: c}}]}}\n",
                     ctype="application/yaml; charset=utf-8")
    assert code == 201 and out["metadata"]["name"] == "yamlclaim"


def test_accept_negotiation(http, raw):
    code, st = http("GET", RC, accept="application/vnd.kubernetes.protobuf")
    assert (code, st["reason"], st["message"]) == (
        406, "NotAcceptable", f"only the following media types are accepted: {ACCEPTED}")
    # kubectl's typed client: protobuf first, JSON as a fallback -> JSON
    code, lst = http("GET", RC, accept="application/vnd.kubernetes.protobuf,application/json")
    assert code == 200 and lst["kind"] == "ResourceClaimList"
    c = raw().request("GET", RC, {"Accept": "application/yaml"})
    code, headers, body = c.response()
    assert code == 200 and headers["content-type"] == "application/yaml"
    assert body.startswith(b"kind: ResourceClaimList")
    code, st = http("GET", RC + "?watch=1", accept="application/yaml")
    assert code == 406 and st["message"] == (
        "only the following media types are accepted: application/json")


# ---------------------------------------------------------------------------- sandbox

def test_token_is_required_except_for_health_checks(raw):
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "Basic eDp5"}):
        c = raw().request("GET", RC, headers, auth=False)
        code, st = c.status()
        assert (code, st["reason"], st["message"]) == (401, "Unauthorized", "Unauthorized")
    for path in ("/healthz", "/livez", "/readyz", "/readyz/ping"):
        code, _, body = raw().request("GET", path, auth=False).response()
        assert (code, body) == (200, b"ok"), path
    code, _, _ = raw().request("GET", "/version", auth=False).response()
    assert code == 401


def test_foreign_host_header_is_refused(raw):
    c = raw().request("GET", RC, host="evil.example:6443")
    code, st = c.status()
    assert code == 421 and "is not allowed" in st["message"]
    for host in ("localhost", "127.0.0.1:1", "[::1]:6443", "LOCALHOST."):
        code, _ = raw().request("GET", RC, host=host).status()
        assert code == 200, host
    # before the token: a rebinding page learns nothing, not even that a token is needed
    code, _ = raw().request("GET", "/healthz", host="evil.example", auth=False).status()
    assert code == 421


def test_plain_http_to_the_tls_port_gets_no_answer(server):
    port = server["srv"].server_address[1]
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(b"GET /api HTTP/1.1\r\nHost: localhost\r\n\r\n")
        try:
            data = s.recv(100)
        except ConnectionResetError:
            data = b""  # the TLS handshake failed and the server dropped the connection
    assert not data.startswith(b"HTTP/1.1 200")


def test_a_silent_connection_does_not_stall_the_server(server, http):
    port = server["srv"].server_address[1]
    with socket.create_connection(("127.0.0.1", port), timeout=5):
        # connected, no TLS handshake: the handshake runs in the connection's own thread
        t0 = time.monotonic()
        assert http("GET", "/readyz", accept="text/plain")[0] == 200
        assert time.monotonic() - t0 < 2


# ---------------------------------------------------------------------------- self reviews

def test_self_subject_access_review(http):
    body = {"apiVersion": "authorization.k8s.io/v1", "kind": "SelfSubjectAccessReview",
            "spec": {"resourceAttributes": {"verb": "create", "resource": "pods",
                                            "namespace": "default"}}}
    code, out = http("POST", "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews", body)
    assert code == 201 and out["status"]["allowed"] is True
    assert out["spec"] == body["spec"]
    code, st = http("POST", "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews",
                    {"spec": {}})
    assert code == 422 and st["details"]["causes"][0]["field"] == "spec.resourceAttributes"
    code, out = http("POST", "/apis/authorization.k8s.io/v1/selfsubjectrulesreviews",
                     {"spec": {"namespace": "default"}})
    assert code == 201 and out["status"]["resourceRules"][0]["verbs"] == ["*"]
    assert http("GET", "/apis/authorization.k8s.io/v1/selfsubjectrulesreviews")[0] == 405
    groups = {g["name"] for g in http("GET", "/apis")[1]["groups"]}
    assert "authorization.k8s.io" in groups
    res = http("GET", "/apis/authorization.k8s.io/v1")[1]["resources"]
    assert {r["name"]: r["verbs"] for r in res} == {
        "selfsubjectaccessreviews": ["create"], "selfsubjectrulesreviews": ["create"]}


# ---------------------------------------------------------------------------- watch 410

def test_watch_older_than_the_window_ends_with_an_expired_error_event(http, server,
                                                                      monkeypatch):
    from drakit.api import errors as E

    api = server["served"].api
    real = api.watch

    def bounded(since=0, kinds=None):
        if since < api.resource_version - 1:
            raise E.StatusError(message=f"too old resource version: {since} "
                                        f"({api.resource_version - 1})",
                                reason="Expired", code=410)
        return real(since, kinds)
    monkeypatch.setattr(api, "watch", bounded)
    http("POST", RC, claim("old1"))
    http("POST", RC, claim("old2"))
    with http.open(RC + "?watch=1&resourceVersion=1&timeoutSeconds=10") as r:
        t0 = time.monotonic()
        lines = [json.loads(x) for x in r]
    assert time.monotonic() - t0 < 5  # the stream ended, it did not wait for the timeout
    assert lines[-1]["type"] == "ERROR"
    st = lines[-1]["object"]
    assert (st["kind"], st["code"], st["reason"]) == ("Status", 410, "Expired")
    assert st["message"].startswith("too old resource version: 1 (")


def test_python_client_relists_after_410(kubeconfig, http, server, monkeypatch):
    """The official client's watch raises ApiException(410) on the ERROR event, which is
    what its informer-style loops catch to relist."""
    from kubernetes import client, config, watch

    from drakit.api import errors as E

    api = server["served"].api

    def expired(since=0, kinds=None):
        raise E.StatusError(message=f"too old resource version: {since} (9999)",
                            reason="Expired", code=410)
    http("POST", RC, claim("relist"))
    monkeypatch.setattr(api, "watch", expired)
    c = config.new_client_from_config(config_file=str(kubeconfig))
    try:
        co = client.CustomObjectsApi(c)
        w = watch.Watch()
        with pytest.raises(client.ApiException) as e:
            for _ in w.stream(co.list_namespaced_custom_object, "resource.k8s.io", "v1",
                              "default", "resourceclaims", resource_version="1",
                              timeout_seconds=5):
                pass
        assert e.value.status == 410
    finally:
        c.close()


# ---------------------------------------------------------------------------- connections

def test_connection_cap_refuses_beyond_the_limit():
    from drakit import serve

    srv, served, _ = serve.start(port=0, interval=1.0)
    try:
        srv.max_connections = 2
        import threading
        srv._slots = threading.BoundedSemaphore(2)
        ctx = sandbox.client_context(srv.tls_cert_pem)
        port = srv.server_address[1]
        held = [ctx.wrap_socket(socket.create_connection(("127.0.0.1", port), timeout=5),
                                server_hostname="127.0.0.1") for _ in range(2)]
        with pytest.raises((ssl.SSLError, OSError, ConnectionError)):
            s = ctx.wrap_socket(socket.create_connection(("127.0.0.1", port), timeout=5),
                                server_hostname="127.0.0.1")
            s.sendall(b"GET /readyz HTTP/1.1\r\nHost: localhost\r\n\r\n")
            if not s.recv(10):
                raise ConnectionError("closed")
        assert srv.refused_connections >= 1
        for s in held:
            s.close()
        deadline = time.monotonic() + 5
        while srv.open_connections and time.monotonic() < deadline:
            time.sleep(0.05)
        assert srv.open_connections == 0
    finally:
        srv.shutdown()
        served.stop()
        srv.server_close()


def test_idle_keep_alive_connections_are_closed(server, raw):
    srv = server["srv"]
    old = srv.idle_timeout
    srv.idle_timeout = 0.5
    try:
        c = raw()
        assert c.request("GET", "/readyz").response()[0] == 200
        time.sleep(1.5)
        assert c.closed()
    finally:
        srv.idle_timeout = old


def test_ipv6_loopback():
    if not socket.has_ipv6:
        pytest.skip("this Python has no IPv6 support")
    from drakit import serve

    try:
        srv, served, _ = serve.start(host="::1", port=0, interval=1.0)
    except OSError as e:  # pragma: no cover - depends on the machine
        pytest.skip(f"::1 is not configured on this machine: {e}")
    try:
        assert serve.url_of(srv).startswith("https://[::1]:")
        ctx = sandbox.client_context(srv.tls_cert_pem)
        port = srv.server_address[1]
        with ctx.wrap_socket(socket.create_connection(("::1", port), timeout=5),
                             server_hostname="::1") as s:
            s.sendall(f"GET /api HTTP/1.1\r\nHost: [::1]:{port}\r\nAuthorization: Bearer "
                      f"{srv.sandbox.token}\r\nConnection: close\r\n\r\n".encode())
            data = b""
            while chunk := s.recv(4096):
                data += chunk
        assert data.startswith(b"HTTP/1.1 200") and b'"versions":["v1"]' in data
    finally:
        srv.shutdown()
        served.stop()
        srv.server_close()


def test_dry_run_values_are_checked_per_verb(http):
    http("POST", RC, claim("dryv"))
    code, st = http("DELETE", RC + "/dryv?dryRun=All&dryRun=Nope")
    assert (code, st["message"]) == (
        422, 'DeleteOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: '
             '[]string{"All", "Nope"}: supported values: "All"')
    code, st = http("PATCH", RC + "/dryv?dryRun=x", {}, ctype="application/merge-patch+json")
    assert code == 422 and st["message"].startswith('PatchOptions.meta.k8s.io "" is invalid')
    code, st = http("DELETE", RC + "/dryv", {"dryRun": ["All"]})
    assert code == 200
    assert http("GET", RC + "/dryv")[0] == 200  # a dry-run delete keeps the object


def test_an_unread_body_on_a_successful_request_closes_the_connection(raw):
    c = raw()
    smuggled = b"GET /api HTTP/1.1\r\nHost: localhost\r\n\r\n"
    code, _ = c.request("GET", RC, {"Content-Length": str(len(smuggled))}, smuggled).status()
    assert code == 200
    assert c.closed()  # the body was not taken for a second request


def test_watch_before_the_real_window_gets_410_and_a_relist_works(http, server):
    """With the API server's bounded watch log (helper "resilience"): shrink the window,
    push events out of it, resume before it -> ERROR 410 Expired; then list + watch from
    the list's resourceVersion works (what client-go's reflector does)."""
    api = server["served"].api
    if not hasattr(api, "watch_window_events"):
        pytest.skip("the API server has no bounded watch log yet (helper resilience's "
                    "APIServer.watch_window_events)")
    http("POST", RC, claim("win"))
    old = api.watch_window_events
    api.watch_window_events = 3
    try:
        start = int(http("GET", RC)[1]["metadata"]["resourceVersion"])
        for i in range(6):
            http("PATCH", RC + "/win", {"metadata": {"labels": {"i": str(i)}}},
                 ctype="application/merge-patch+json")
        with http.open(RC + f"?watch=1&resourceVersion={start}&timeoutSeconds=5") as r:
            lines = [json.loads(x) for x in r]
        assert [e["type"] for e in lines] == ["ERROR"], lines
        st = lines[0]["object"]
        assert (st["code"], st["reason"]) == (410, "Expired")
        assert st["message"].startswith(f"too old resource version: {start} (")
        rv = http("GET", RC)[1]["metadata"]["resourceVersion"]
        http("PATCH", RC + "/win", {"metadata": {"labels": {"i": "last"}}},
             ctype="application/merge-patch+json")
        with http.open(RC + f"?watch=1&resourceVersion={rv}&timeoutSeconds=1") as r:
            lines = [json.loads(x) for x in r]
        assert [(e["type"], e["object"]["metadata"]["labels"]["i"]) for e in lines] == [
            ("MODIFIED", "last")]
    finally:
        api.watch_window_events = old


def test_expect_100_continue_is_sent_once_per_request_that_asks(raw):
    c = raw()
    body = json.dumps(claim("expect")).encode()
    c.request("POST", RC, {"Content-Type": "application/json", "Expect": "100-continue",
                           "Content-Length": str(len(body))})
    code, _, _ = c.response()
    assert code == 100
    c.send(body)
    assert c.status()[0] == 201
    # a request that asks but has no body, then one with a body that does not ask: no
    # stray "100 Continue" for the second
    c.request("GET", RC + "/expect", {"Expect": "100-continue"})
    assert c.status()[0] == 200
    c.request("PUT", RC + "/expect", {"Content-Type": "application/json",
                                      "Content-Length": str(len(body))}, body)
    code, _ = c.status()
    assert code in (200, 409)
