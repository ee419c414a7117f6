"""ObjectMeta validation (apimachinery ValidateObjectMeta messages)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drakit.api.errors import Path
from drakit.validation.meta import name_is_dns_label, validate_object_meta

SUBDOMAIN_MSG = ("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', "
                 "and must start and end with an alphanumeric character (e.g. 'example.com', regex used for "
                 "validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')")


@pytest.mark.parametrize("meta, namespaced, expected", [
    ({"name": "ok"}, True, ["metadata.namespace: Required value"]),
    ({"name": "ok", "namespace": "default"}, True, []),
    ({}, False, ["metadata.name: Required value: name or generateName is required"]),
    ({"name": "Bad"}, False, [f'metadata.name: Invalid value: "Bad": {SUBDOMAIN_MSG}']),
    ({"name": "ok", "namespace": "x"}, False, ["metadata.namespace: Forbidden: not allowed on this type"]),
    ({"name": "ok", "labels": {"a/b/c": "v"}}, False,
     ["metadata.labels: Invalid value: \"a/b/c\": a valid label key must consist of alphanumeric characters, "
      "'-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  "
      "or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional "
      "DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"]),
    ({"name": "ok", "labels": {"k": "-v"}}, False,
     ['metadata.labels: Invalid value: "-v": a valid label must be an empty string or consist of alphanumeric '
      "characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or "
      "'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"]),
    ({"name": "ok", "annotations": {"a": "x" * (256 * 1024)}}, False,
     ["metadata.annotations: Too long: may not be more than 262144 bytes"]),
    ({"name": "ok", "annotations": {"a": "x" * (256 * 1024 - 1)}}, False, []),
])
def test_object_meta(meta, namespaced, expected):
    assert [str(e) for e in validate_object_meta({"metadata": meta}, namespaced)] == expected


def test_object_meta_namespace_name_is_label():
    out = validate_object_meta({"metadata": {"name": "a.b"}}, False, Path("metadata"), name_is_dns_label)
    assert [str(e) for e in out] == ['metadata.name: Invalid value: "a.b": must not contain dots']


def test_owner_reference_errors_name_each_field():
    # apimachinery validateOwnerReference (objectmeta.go @ 008b3652): each missing field is
    # Invalid "" at the list's own path (no index), the version check has its own words
    # (the mutation run found no test that reads these paths, docs/mutation.md)
    refs = [{"apiVersion": "v1", "kind": "Pod", "name": "p", "uid": "u"}, {"kind": "Pod"}]
    out = validate_object_meta({"metadata": {"name": "ok", "ownerReferences": refs}}, False,
                               version="1.36")
    assert [str(e) for e in out] == [
        'metadata.ownerReferences.apiVersion: Invalid value: "": version must not be empty',
        'metadata.ownerReferences.name: Invalid value: "": must not be empty',
        'metadata.ownerReferences.uid: Invalid value: "": must not be empty',
    ]


def test_owner_reference_api_version_without_a_version_and_banned_event_owner():
    refs = [{"apiVersion": "apps/", "kind": "Deployment", "name": "d", "uid": "u"},
            {"apiVersion": "v1", "kind": "Event", "name": "e", "uid": "u2"}]
    out = validate_object_meta({"metadata": {"name": "ok", "ownerReferences": refs}}, False,
                               version="1.36")
    assert [str(e) for e in out] == [
        'metadata.ownerReferences.apiVersion: Invalid value: "apps/": version must not be empty',
        'metadata.ownerReferences: Invalid value: {"apiVersion":"v1","kind":"Event","name":"e",'
        '"uid":"u2"}: /v1, Kind=Event is disallowed from being an owner',
    ]


def test_two_controller_references_print_the_list_in_go_field_order():
    refs = [{"uid": "u1", "name": "a", "kind": "ReplicaSet", "apiVersion": "apps/v1", "controller": True},
            {"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": "b", "uid": "u2", "controller": True,
             "blockOwnerDeletion": False}]
    out = validate_object_meta({"metadata": {"name": "ok", "ownerReferences": refs}}, False,
                               version="1.36")
    assert [str(e) for e in out] == [
        'metadata.ownerReferences: Invalid value: [{"apiVersion":"apps/v1","kind":"ReplicaSet",'
        '"name":"a","uid":"u1","controller":true},{"apiVersion":"apps/v1","kind":"ReplicaSet",'
        '"name":"b","uid":"u2","controller":true,"blockOwnerDeletion":false}]: Only one reference '
        'can have Controller set to true. Found "true" in references for ReplicaSet/a and ReplicaSet/b',
    ]


def test_finalizers_orphan_and_foreground_deletion_exclude_each_other():
    """apimachinery validateFinalizers: the two garbage-collection finalizers together."""
    out = validate_object_meta({"metadata": {"name": "ok", "finalizers": [
        "orphan", "foregroundDeletion"]}}, False)
    assert [str(e) for e in out] == [
        'metadata.finalizers: Invalid value: ["orphan","foregroundDeletion"]: finalizer orphan '
        "and foregroundDeletion cannot be both set"]


@pytest.mark.parametrize("prefix", ["a-", "gpu-", "a.b-"])
def test_a_generate_name_may_end_in_a_dash(prefix):
    """apimachinery maskTrailingDash: a generateName prefix is checked with its trailing dash
    masked (the random suffix follows it), so "a-" is a valid prefix."""
    from drakit.apiserver import APIServer

    api = APIServer()
    out = api.create({"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
                      "metadata": {"generateName": prefix}, "spec": {}})
    assert out["metadata"]["name"].startswith(prefix)
    assert len(out["metadata"]["name"]) == len(prefix) + 5


_OWNER_FIELD = st.one_of(st.none(), st.sampled_from(["", "/", "v1", "apps/", "a/b/c", "apps/v1",
                                                      "Pod", "Event", "u1"]), st.text(max_size=6))


@settings(max_examples=300, deadline=None)
@given(refs=st.lists(st.fixed_dictionaries({}, optional={
    k: _OWNER_FIELD for k in ("apiVersion", "kind", "name", "uid")}), max_size=4),
       release=st.sampled_from(["1.34", "1.36", "1.37"]))
def test_owner_references_are_reported_per_release(refs, release):
    """apimachinery 0.37 (1.37) reports each owner reference at its index and a missing field
    as Required; earlier releases at the list's path, as Invalid "". The same references are
    refused in every release, with one error per missing or unusable field."""
    out = [str(e) for e in validate_object_meta(
        {"metadata": {"name": "ok", "ownerReferences": refs}}, False, version=release)]
    for i, ref in enumerate(refs):
        at = f"metadata.ownerReferences[{i}]" if release == "1.37" else "metadata.ownerReferences"
        for fld in ("kind", "name", "uid"):
            if not ref.get(fld):
                want = (f"{at}.{fld}: Required value: must not be empty" if release == "1.37"
                        else f'{at}.{fld}: Invalid value: "": must not be empty')
                assert want in out
    if release == "1.37":
        assert not any(e.startswith("metadata.ownerReferences.") for e in out)
    else:
        assert not any(e.startswith("metadata.ownerReferences[") for e in out)
    older = validate_object_meta({"metadata": {"name": "ok", "ownerReferences": refs}}, False,
                                 version="1.36")
    assert len(out) == len(older)


_JSON_SCALAR = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.text(max_size=8))
_CONDITION = st.one_of(_JSON_SCALAR, st.fixed_dictionaries({}, optional={
    "type": st.one_of(_JSON_SCALAR, st.sampled_from(["Ready", "example.com/Ok", "a/b/c"])),
    "status": st.one_of(_JSON_SCALAR, st.sampled_from(["True", "False", "Unknown"])),
    "reason": st.one_of(_JSON_SCALAR, st.sampled_from(["Ok", "A:B,C_", "1x", "x,"])),
    "message": _JSON_SCALAR,
    "observedGeneration": st.integers(-3, 3),
    "lastTransitionTime": st.sampled_from([None, "2026-01-01T00:00:00Z", "0001-01-01T00:00:00Z"]),
}))


@settings(max_examples=300, deadline=None)
@given(conditions=st.lists(_CONDITION, max_size=4), release=st.sampled_from(["1.34", "1.36", "1.37"]))
def test_conditions_are_checked_under_their_index(conditions, release):
    """apimachinery ValidateConditions on whatever JSON a status write carries: field errors
    only (a 422, never an exception), each under status.conditions[i]; a fully valid
    condition gives none, and every release refuses the same conditions."""
    from drakit.validation.meta import validate_conditions
    errs = validate_conditions(conditions, Path("status").child("conditions"), release)
    for e in errs:
        assert str(e).startswith("status.conditions["), str(e)
    others = validate_conditions(conditions, Path("status").child("conditions"), "1.37" if release != "1.37" else "1.34")
    assert bool(errs) == bool(others)
    valid = {"type": "Ready", "status": "True", "reason": "Ok", "message": "",
             "lastTransitionTime": "2026-01-01T00:00:00Z"}
    assert validate_conditions([valid], Path("status").child("conditions"), release) == []
