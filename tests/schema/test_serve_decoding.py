"""drakit serve decodes request bodies as kube-apiserver does: fieldValidation defaults to
Warn (k8s.io/apiserver handlers: an empty directive is Warn), warnings travel in Warning
headers (pkg/warning: ``299 - "<text>"``), YAML duplicate keys are a strict error
(serializer/json: YAMLToJSONStrict), JSON duplicates too (sigs.k8s.io/json)."""

from __future__ import annotations

import json
import urllib.error

PATH = "/apis/resource.k8s.io/v1/deviceclasses"


def post(served_url: dict, body: bytes, query: str = "", ctype: str = "application/json"):
    try:
        with served_url["open"](PATH + query, data=body, method="POST",
                                headers={"Content-Type": ctype}) as r:
            return r.status, dict(r.headers), json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), json.loads(e.read())


def body(name: str, extra: str = "") -> bytes:
    return (b'{"apiVersion":"resource.k8s.io/v1","kind":"DeviceClass","metadata":{"name":"'
            + name.encode() + b'"},"spec":{"extendedResourceNam":"example.com/x"' +
            extra.encode() + b"}}")


def test_without_the_parameter_unknown_fields_are_dropped_with_a_warning(served_url) -> None:
    status, headers, obj = post(served_url, body("dflt"))
    assert status == 201
    assert headers["Warning"] == '299 - "unknown field \\"spec.extendedResourceNam\\""'
    assert obj["spec"] == {}


def test_strict_ignore_and_an_unknown_directive(served_url) -> None:
    status, _, st = post(served_url, body("strict"), "?fieldValidation=Strict")
    assert (status, st["reason"]) == (400, "BadRequest")
    assert st["message"].endswith('strict decoding error: unknown field '
                                  '"spec.extendedResourceNam"')
    status, headers, _ = post(served_url, body("quiet"), "?fieldValidation=Ignore")
    assert status == 201 and "Warning" not in headers
    status, _, st = post(served_url, body("loud"), "?fieldValidation=Loud")
    assert (status, st["reason"]) == (422, "Invalid")
    assert st["message"] == ('CreateOptions.meta.k8s.io "" is invalid: fieldValidation: '
                             'Unsupported value: "Loud": supported values: "", "Ignore", '
                             '"Strict", "Warn"')


def test_duplicate_fields_in_json_and_yaml(served_url) -> None:
    dup = (b'{"apiVersion":"resource.k8s.io/v1","kind":"DeviceClass",'
           b'"metadata":{"name":"a","name":"dup-json"},"spec":{}}')
    status, _, st = post(served_url, dup, "?fieldValidation=Strict")
    assert status == 400
    assert st["message"].endswith('strict decoding error: duplicate field "metadata.name"')
    yml = b"apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: dup-yaml}\n" \
          b"spec: {}\nspec: {}\n"
    status, _, st = post(served_url, yml, "?fieldValidation=Strict", "application/yaml")
    assert status == 400
    assert st["message"] == ('DeviceClass in version "v1" cannot be handled as a DeviceClass: '
                             'strict decoding error: yaml: unmarshal errors:\n  line 5: key '
                             '"spec" already set in map')
    status, headers, _ = post(served_url, yml, "", "application/yaml")
    assert status == 201 and "already set in map" in headers["Warning"]


def test_bodies_json_cannot_carry_get_a_400_status(served_url) -> None:
    status, _, st = post(served_url, b'{"apiVersion":"resource.k8s.io/v1",'
                                            b'"kind":"DeviceClass","spec":{"x":NaN}}')
    assert (status, st["kind"], st["reason"]) == (400, "Status", "BadRequest")
    assert "invalid character 'N' looking for beginning of value" in st["message"]
    status, _, st = post(served_url, b"a: .inf\n", ctype="application/yaml")
    assert (status, st["reason"]) == (400, "BadRequest")
    assert "json: unsupported value: +Inf" in st["message"]


def test_openapi_media_types(served_url) -> None:
    """v2 in JSON or protobuf, v3 in JSON; anything else is a 406 Status, never HTML."""
    def get(path: str, accept: str):
        try:
            with served_url["open"](path, headers={"Accept": accept}) as r:
                return r.status, r.headers["Content-Type"], r.read()
        except urllib.error.HTTPError as e:
            return e.code, e.headers["Content-Type"], e.read()

    status, ctype, raw = get("/openapi/v2",
                             "application/com.github.proto-openapi.spec.v2@v1.0+protobuf")
    assert (status, ctype) == (200, "application/com.github.proto-openapi.spec.v2.v1.0+protobuf")
    assert raw[:6] == b"\n\x032.0\x12"  # field 1 (swagger) "2.0", then field 2 (info)
    status, ctype, raw = get("/openapi/v2", "application/json")
    doc = json.loads(raw)
    assert "io.k8s.api.resource.v1.ResourceSlice" in doc["definitions"]
    status, ctype, raw = get("/openapi/v3/apis/resource.k8s.io/v1",
                             "application/com.github.proto-openapi.spec.v3@v1.0+protobuf")
    assert status == 406 and ctype == "application/json"
    assert json.loads(raw)["reason"] == "NotAcceptable"
