"""authorization.k8s.io/v1 self reviews: what ``kubectl auth can-i`` asks the server.

Why: the sandbox authorizes every request made with its token, and a client that wants to
know (``kubectl auth can-i create pods``, ``kubectl auth can-i --list``, controllers that
check before acting) must hear "yes" the way a real server says it, not a 404. These are
virtual resources (create only, nothing stored), as in kube-apiserver
(pkg/registry/authorization/selfsubjectaccessreview/rest.go and
selfsubjectrulesreview/rest.go, release-1.33): the answer is the request with ``status``
filled in. Validation mirrors pkg/apis/authorization/validation: exactly one of
``resourceAttributes`` and ``nonResourceAttributes``.

kubectl's typed client posts these reviews as protobuf (``application/vnd.kubernetes.protobuf``)
and client-go does not fall back to JSON on a 415, so for these two kinds only the request is
read from protobuf (the k8s envelope and the few string fields of the spec, field numbers
from k8s.io/api authorization/v1 generated.proto); the answer is JSON, which the client's
Accept header allows. Every other protobuf body gets 415 (framing.py).
"""

from __future__ import annotations

import copy
from typing import Any

from drakit.api import errors as E

GROUP, VERSION = "authorization.k8s.io", "v1"
API_VERSION = f"{GROUP}/{VERSION}"
REASON = "drakit serve: the sandbox allows every request made with its token"

#: plural -> kind of the resources served (all cluster-scoped, verb "create" only)
RESOURCES = {"selfsubjectaccessreviews": "SelfSubjectAccessReview",
             "selfsubjectrulesreviews": "SelfSubjectRulesReview"}


def resource_list() -> dict[str, Any]:
    """The APIResourceList of authorization.k8s.io/v1 as discovery shows it."""
    return {"kind": "APIResourceList", "apiVersion": "v1", "groupVersion": API_VERSION,
            "resources": [{"name": plural, "singularName": kind.lower(), "namespaced": False,
                           "kind": kind, "verbs": ["create"]}
                          for plural, kind in RESOURCES.items()]}


PROTOBUF = "application/vnd.kubernetes.protobuf"
_MAGIC = b"k8s\x00"
# generated.proto field numbers (k8s.io/api authorization/v1, release-1.33)
_RESOURCE_ATTRS = {1: "namespace", 2: "verb", 3: "group", 4: "version", 5: "resource",
                   6: "subresource", 7: "name"}
_NON_RESOURCE_ATTRS = {1: "path", 2: "verb"}


def _fields(data: bytes) -> dict[int, list[Any]]:
    """One protobuf message level: field number -> values (bytes for length-delimited)."""
    out: dict[int, list[Any]] = {}
    i, n = 0, len(data)

    def varint() -> int:
        nonlocal i
        shift = result = 0
        while True:
            if i >= n or shift > 63:
                raise E.BadRequest("the protobuf body of the request is truncated or invalid")
            b = data[i]
            i += 1
            result |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                return result
    while i < n:
        key = varint()
        num, wire = key >> 3, key & 7
        if wire == 0:
            value: Any = varint()
        elif wire == 2:
            size = varint()
            if i + size > n:
                raise E.BadRequest("the protobuf body of the request is truncated or invalid")
            value, i = data[i:i + size], i + size
        elif wire in (1, 5):
            width = 8 if wire == 1 else 4
            value, i = data[i:i + width], i + width
        else:
            raise E.BadRequest("the protobuf body of the request is truncated or invalid")
        out.setdefault(num, []).append(value)
    return out


def _message(fields: dict[int, list[Any]], num: int) -> bytes:
    """The last length-delimited value of field ``num`` (a nested message); b"" if none."""
    v = (fields.get(num) or [b""])[-1]
    if not isinstance(v, bytes):
        raise E.BadRequest("the protobuf body of the request is truncated or invalid")
    return v


def _strings(data: bytes, names: dict[int, str]) -> dict[str, str]:
    f = _fields(data)
    return {name: f[num][-1].decode("utf-8", "replace") for num, name in names.items()
            if num in f and isinstance(f[num][-1], bytes)}


def from_protobuf(plural: str, raw: bytes) -> dict[str, Any]:
    """A self review sent as protobuf (k8s envelope: magic, then runtime.Unknown)."""
    kind = RESOURCES[plural]
    if not raw.startswith(_MAGIC):
        raise E.BadRequest("provided data does not appear to be a protobuf message, expected "
                           "prefix [107 56 115 0]")
    unknown = _fields(raw[len(_MAGIC):])
    msg = _fields(_message(unknown, 2))
    spec_f = _fields(_message(msg, 2))
    spec: dict[str, Any] = {}
    if kind == "SelfSubjectAccessReview":
        if 1 in spec_f:
            spec["resourceAttributes"] = _strings(_message(spec_f, 1), _RESOURCE_ATTRS)
        if 2 in spec_f:
            spec["nonResourceAttributes"] = _strings(_message(spec_f, 2),
                                                     _NON_RESOURCE_ATTRS)
    else:
        spec.update(_strings(_message(msg, 2), {1: "namespace"}))
    return {"kind": kind, "apiVersion": API_VERSION, "metadata": {}, "spec": spec}


def review(plural: str, body: Any) -> dict[str, Any]:
    """The created review (201 body) for a POST to ``plural``."""
    kind = RESOURCES[plural]
    if not isinstance(body, dict):
        raise E.BadRequest(f"the body of a {kind} must be an object")
    if body.get("kind") not in (None, kind) or body.get("apiVersion") not in (None, API_VERSION):
        raise E.BadRequest(f"the kind in the data ({body.get('kind')}) does not match the "
                           f"expected kind ({kind})")
    out = copy.deepcopy(body)
    out["kind"], out["apiVersion"] = kind, API_VERSION
    out.setdefault("metadata", {})
    spec = out.setdefault("spec", {})
    if not isinstance(spec, dict):
        raise E.BadRequest(f"json: cannot unmarshal {type(spec).__name__} into Go struct field "
                           f"{kind}.spec of type v1.{kind}Spec")
    if kind == "SelfSubjectAccessReview":
        has_res = spec.get("resourceAttributes") is not None
        has_non = spec.get("nonResourceAttributes") is not None
        if has_res == has_non:
            detail = ("cannot be specified in combination with resourceAttributes"
                      if has_res else
                      "exactly one of nonResourceAttributes or resourceAttributes must be "
                      "specified")
            raise E.Invalid(kind, "", [E.invalid("spec.nonResourceAttributes" if has_res
                                                 else "spec.resourceAttributes",
                                                 spec.get("nonResourceAttributes") if has_res
                                                 else None, detail)], GROUP)
        out["status"] = {"allowed": True, "reason": REASON}
    else:
        out["status"] = {
            "resourceRules": [{"verbs": ["*"], "apiGroups": ["*"], "resources": ["*"]}],
            "nonResourceRules": [{"verbs": ["*"], "nonResourceURLs": ["*"]}],
            "incomplete": False,
        }
    return out
