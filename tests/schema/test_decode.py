"""The decoder reproduces kube-apiserver's: texts are Go's (sigs.k8s.io/json decode.go,
apimachinery's serializer and resource.Quantity, apiserver's transformDecodeError)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drakit.api import errors as E
from drakit.schema import decode
from drakit.schema.model import DupDict, RawFloat
from drakit.yamlio import parse_json

V = "1.37"


def dc(spec, **more) -> dict:
    return {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
            "metadata": {"name": "c"}, "spec": spec, **more}


def slice_(devices, pool=None) -> dict:
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
            "metadata": {"name": "s"},
            "spec": {"driver": "d", "nodeName": "n",
                     "pool": pool or {"name": "p", "resourceSliceCount": 1},
                     "devices": devices}}


def pod(container: dict) -> dict:
    return {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
            "spec": {"containers": [{"name": "c", "image": "i", **container}]}}


def bad(obj, mode="Strict") -> str:
    with pytest.raises(E.BadRequest) as ei:
        decode(obj, V, mode)
    assert ei.value.code == 400
    return str(ei.value)


# ---------------------------------------------------------------- unknown/duplicate fields

def test_unknown_fields_strict_warn_ignore() -> None:
    obj = dc({"extendedResourceNam": "x", "selector": 1})
    assert bad(obj) == ('DeviceClass in version "v1" cannot be handled as a DeviceClass: '
                        'strict decoding error: unknown field "spec.extendedResourceNam", '
                        'unknown field "spec.selector"')
    warned = decode(obj, V, "Warn")
    assert warned.warnings == ['unknown field "spec.extendedResourceNam"',
                               'unknown field "spec.selector"']
    assert warned.obj["spec"] == {}
    ignored = decode(obj, V, "Ignore")
    assert ignored.warnings == [] and ignored.obj["spec"] == {}


def test_unknown_field_paths_carry_indices_and_map_keys() -> None:
    obj = slice_([{"name": "d0", "attributes": {"a": {"int": 1, "flaot": 1.5}}},
                  {"name": "d1", "typo": True}])
    assert decode(obj, V, "Warn").warnings == [
        'unknown field "spec.devices[0].attributes.a.flaot"',
        'unknown field "spec.devices[1].typo"']


def test_values_of_unknown_fields_are_skipped_unread() -> None:
    # a wrong type or NaN inside an unknown field is no error: Go skips the value
    obj = dc({"future": {"deep": [math.nan, {"x": "y"}]}})
    assert decode(obj, V, "Ignore").obj["spec"] == {}


def test_duplicate_fields_from_json() -> None:
    obj = parse_json(b'{"apiVersion":"resource.k8s.io/v1","kind":"DeviceClass",'
                     b'"metadata":{"name":"a","name":"b","labels":{"x":"1","x":"2"}},'
                     b'"spec":{}}')
    assert bad(obj).endswith('strict decoding error: duplicate field "metadata.name", '
                             'duplicate field "metadata.labels.x"')
    warned = decode(obj, V, "Warn")
    assert warned.obj["metadata"] == {"name": "b", "labels": {"x": "2"}}  # the last one wins


def test_strict_errors_are_capped_at_100_and_deduplicated() -> None:
    spec = {f"f{i}": 1 for i in range(150)}
    msg = bad(dc(spec))
    assert msg.count("unknown field") == 100
    dup = DupDict({"name": "c"})
    dup.dup_keys = ["name", "name"]
    assert bad(dc({}, metadata=dup)).count("duplicate field") == 1


# ---------------------------------------------------------------- type errors

@pytest.mark.parametrize(("obj", "message"), [
    (dc("x"), "json: cannot unmarshal string into Go struct field DeviceClass.spec of type "
              "v1.DeviceClassSpec"),
    ({**dc({}), "metadata": "x"}, "json: cannot unmarshal string into Go struct field "
                                  "DeviceClass.metadata of type v1.ObjectMeta"),
    ({**dc({}), "metadata": {"name": "c", "labels": {"a": 1}}},
     "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type "
     "string"),
    (dc({"selectors": [{"cel": {"expression": True}}]}),
     "json: cannot unmarshal bool into Go struct field CELDeviceSelector.spec.selectors.cel."
     "expression of type string"),
    (dc({"selectors": {"cel": {}}}),
     "json: cannot unmarshal object into Go struct field DeviceClassSpec.spec.selectors of "
     "type []v1.DeviceSelector"),
])
def test_wrong_json_types_are_worded_like_encoding_json(obj, message) -> None:
    assert bad(obj) == f'DeviceClass in version "v1" cannot be handled as a DeviceClass: {message}'


def test_numbers_into_integers() -> None:
    deploy = {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d"},
              "spec": {"replicas": [2]}}
    assert bad(deploy).endswith("json: cannot unmarshal array into Go struct field "
                                "DeploymentSpec.spec.replicas of type int32")
    deploy["spec"]["replicas"] = 2 ** 31
    assert bad(deploy).endswith("json: cannot unmarshal number 2147483648 into Go struct "
                                "field DeploymentSpec.spec.replicas of type int32")
    deploy["spec"]["replicas"] = RawFloat("1.0")  # strconv.ParseInt refuses "1.0"
    assert bad(deploy).endswith("json: cannot unmarshal number 1.0 into Go struct field "
                                "DeploymentSpec.spec.replicas of type int32")
    tmpl = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaimTemplate",
            "metadata": {"name": "t"}, "spec": {"spec": {"devices": 1.5}}}
    assert bad(tmpl).endswith("json: cannot unmarshal number into Go struct field "
                              "ResourceClaimSpec.spec.spec.devices of type v1.DeviceClaim")


def test_the_first_type_error_wins_but_a_quantity_error_ends_decoding() -> None:
    obj = pod({"ports": [{"containerPort": "80"}], "tty": "yes"})
    assert bad(obj).endswith("ContainerPort.spec.containers.ports.containerPort of type int32")
    obj = pod({"ports": [{"containerPort": "80"}], "resources": {"requests": {"cpu": "x"}}})
    assert bad(obj).endswith(": quantities must match the regular expression "
                             "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")


def test_type_errors_beat_strict_errors() -> None:
    msg = bad(dc({"typo": 1, "selectors": "x"}))
    assert "strict decoding error" not in msg and "DeviceClassSpec.spec.selectors" in msg


def test_int_or_string_and_time() -> None:
    probe = pod({"livenessProbe": {"httpGet": {"port": 1.5}}})
    assert bad(probe).endswith("json: cannot unmarshal number 1.5 into Go struct field "
                               "HTTPGetAction.spec.containers.livenessProbe.httpGet.port of "
                               "type int32")
    obj = pod({})
    obj["metadata"]["creationTimestamp"] = "2001-01-01"
    assert bad(obj).endswith('parsing time "2001-01-01" as "2006-01-02T15:04:05Z07:00": '
                             'cannot parse "" as "T"')
    obj["metadata"]["creationTimestamp"] = "2024-13-01T00:00:00Z"
    assert bad(obj).endswith('parsing time "2024-13-01T00:00:00Z": month out of range')
    obj["metadata"]["creationTimestamp"] = 5
    assert bad(obj).endswith("json: cannot unmarshal number into Go struct field "
                             "ObjectMeta.metadata.creationTimestamp of type string")


# ---------------------------------------------------------------- serialisation

def test_quantities_come_back_canonical() -> None:
    obj = pod({"resources": {"requests": {"example.com/gpu": 1, "cpu": 0.5, "memory": "1000m",
                                          "a/b": RawFloat("1e3"), "a/c": " 2 "}}})
    got = decode(obj, V).obj["spec"]["containers"][0]["resources"]["requests"]
    assert got == {"example.com/gpu": "1", "cpu": "500m", "memory": "1", "a/b": "1e3",
                   "a/c": "2"}


def test_required_fields_are_written_with_their_zero_value() -> None:
    got = decode(slice_([{"name": "d"}]), V).obj
    assert got["spec"]["pool"] == {"name": "p", "resourceSliceCount": 1, "generation": 0}
    got = decode(slice_([{"name": "d"}], pool={"name": "p", "resourceSliceCount": 1,
                                                "generation": None}), V).obj
    assert got["spec"]["pool"]["generation"] == 0  # null is the zero value


def test_struct_values_and_times_are_written_with_their_zero_value() -> None:
    """encoding/json never omits a struct value (omitempty has no effect on it) and
    metav1.Time writes null for the zero time; without omitempty a nil slice, map or pointer
    is null and a scalar its zero; omitzero (Go 1.24) omits them all. The table
    (go_types_data.ZERO_WRITTEN) is read from the Go sources; these fields were checked by
    hand in k8s.io/api v0.34.0 core/v1 and resource/v1 types.go and apimachinery's
    ObjectMeta (creationTimestamp omitzero from v0.34.0)."""
    from drakit.schema.go_types_data import ZERO_WRITTEN

    assert ZERO_WRITTEN[("k8s.io/api/core/v1", "Container", "resources")] == (("1.25", "struct"),)
    assert ZERO_WRITTEN[("k8s.io/api/core/v1", "PodCondition", "lastProbeTime")] == (("1.25", "null"),)
    assert ZERO_WRITTEN[("k8s.io/api/resource/v1", "ResourceClaimSpec", "devices")] == (("1.34", "struct"),)
    assert ZERO_WRITTEN[("k8s.io/apimachinery/pkg/apis/meta/v1", "ObjectMeta", "creationTimestamp")] == (
        ("1.25", "null"), ("1.34", ""))
    assert ZERO_WRITTEN[("k8s.io/api/resource/v1", "DeviceClaim", "requests")] == (("1.34", "null"),)
    assert ZERO_WRITTEN[("k8s.io/api/core/v1", "Event", "reportingComponent")] == (("1.25", "zero"),)
    # a pointer with omitempty, and a type that marshals itself, are left as they are
    assert ("k8s.io/api/core/v1", "Container", "securityContext") not in ZERO_WRITTEN
    assert ("k8s.io/api/resource/v1", "Counter", "value") not in ZERO_WRITTEN
    c = decode(pod({}), V).obj["spec"]["containers"][0]
    assert c["resources"] == {}
    c = decode(pod({"resources": None}), V).obj["spec"]["containers"][0]
    assert c["resources"] == {}  # null is the zero value too
    p = pod({})
    p["status"] = {"conditions": [{"type": "Ready", "status": "True"}]}
    assert decode(p, V).obj["status"]["conditions"] == [
        {"type": "Ready", "status": "True", "lastProbeTime": None, "lastTransitionTime": None}]
    t = {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaimTemplate", "metadata": {"name": "t"},
         "spec": {"spec": {}}}
    for release in ("1.34", "1.37"):
        assert decode(t, release).obj["spec"] == {"metadata": {}, "spec": {"devices": {"requests": None}}}


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers(-3, 3) | st.text(max_size=3),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                        st.sampled_from(["spec", "status", "containers", "resources", "conditions",
                                         "devices", "requests", "name", "type", "status", "image",
                                         "metadata", "lastProbeTime", "claims"]), inner, max_size=4),
                    max_leaves=12),
       st.sampled_from(["Pod", "ResourceClaim", "ResourceClaimTemplate"]), st.sampled_from(["1.34", "1.37"]))
def test_decoding_what_the_decoder_wrote_changes_nothing(body, kind, release) -> None:
    """The API server decodes an object it stored again on every update and every served
    read: the zero values the decoder writes must decode to themselves (a stored object
    is a fixed point), whatever the request held."""
    api = "v1" if kind == "Pod" else "resource.k8s.io/v1"
    obj = {**(body if isinstance(body, dict) else {}), "apiVersion": api, "kind": kind}
    try:
        once = decode(obj, release, "Ignore").obj
    except E.BadRequest:
        return
    assert decode(once, release, "Ignore").obj == once


def test_null_list_items_and_map_values_take_the_zero_value() -> None:
    obj = pod({"args": ["a", None], "resources": {"requests": {"cpu": None}}})
    c = decode(obj, V).obj["spec"]["containers"][0]
    assert c["args"] == ["a", ""] and c["resources"]["requests"] == {"cpu": "0"}


def test_times_are_written_in_utc_seconds() -> None:
    obj = pod({})
    obj["metadata"]["creationTimestamp"] = "2024-01-01T10:00:00.5+02:00"
    assert decode(obj, V).obj["metadata"]["creationTimestamp"] == "2024-01-01T08:00:00Z"


# ---------------------------------------------------------------- what JSON cannot carry

def test_values_json_cannot_carry_are_refused() -> None:
    assert bad(pod({"resources": {"requests": {"cpu": math.nan}}})).endswith(
        "json: unsupported value: NaN")
    cfg = dc({"config": [{"opaque": {"driver": "d", "parameters": {"x": {1, 2}}}}]})
    assert bad(cfg).endswith("json: unsupported type: set")
    labels = dc({})
    labels["metadata"]["labels"] = {1: "a"}
    assert "json: unsupported map key of type int" in bad(labels)


def test_opaque_parameters_are_kept_verbatim_and_plain() -> None:
    params = {"a": [1, RawFloat("1.5"), {"b": None}], "c": (1, 2)}
    got = decode(dc({"config": [{"opaque": {"driver": "d", "parameters": params}}]}), V).obj
    out = got["spec"]["config"][0]["opaque"]["parameters"]
    assert out == {"a": [1, 1.5, {"b": None}], "c": [1, 2]}
    assert type(out["a"][1]) is float


# ---------------------------------------------------------------- per version and directive

def test_one_schema_per_emulated_version() -> None:
    dev = [{"name": "d", "nodeAllocatableResourceMappings": {}}]
    assert decode(slice_(dev), "1.36").warnings == []
    assert decode(slice_(dev), "1.37", "Warn").warnings == [
        'unknown field "spec.devices[0].nodeAllocatableResourceMappings"']


def test_kep_5234_fields_are_part_of_drakit_s_types() -> None:
    obj = slice_([{"name": "d", "includes": ["m"]}])
    obj["spec"]["mixins"] = {"device": [{"name": "m", "attributes": {"a": {"int": 1}}}]}
    assert decode(obj, V).obj["spec"]["mixins"]["device"][0]["name"] == "m"


def test_a_field_the_kep_5234_mixin_types_lack_is_an_unknown_field() -> None:
    """Mixins carry no taints (KEP-5234 DeviceMixin: name, attributes, capacity): the decoder
    refuses the field under Strict and drops it with a warning under Warn."""
    obj = slice_([{"name": "d", "includes": ["m"]}])
    obj["spec"]["mixins"] = {"device": [{"name": "m", "taints": [{"key": "k"}]}],
                             "counterSet": [{"name": "c", "counters": {}, "perDevice": 1}]}
    with pytest.raises(E.BadRequest) as ei:
        decode(obj, V)
    assert 'unknown field "spec.mixins.device[0].taints"' in str(ei.value)
    out = decode(obj, V, "Warn")
    assert out.obj["spec"]["mixins"] == {"device": [{"name": "m"}],
                                         "counterSet": [{"name": "c", "counters": {}}]}
    assert out.warnings == ['unknown field "spec.mixins.device[0].taints"',
                            'unknown field "spec.mixins.counterSet[0].perDevice"']


def test_an_unknown_field_validation_directive_is_refused() -> None:
    from drakit.apiserver import APIServer
    with pytest.raises(E.Invalid) as ei:
        APIServer().create(dc({}), field_validation="Loud")
    assert str(ei.value) == ('CreateOptions.meta.k8s.io "" is invalid: fieldValidation: '
                             'Unsupported value: "Loud": supported values: "", "Ignore", '
                             '"Strict", "Warn"')


def _kinds_with_spec_or_status() -> list[tuple[str, str, str]]:
    from drakit.kinds import KINDS, RELEASES
    from drakit.schema.compile import compiled
    from drakit.schema.model import StructNode
    out = []
    for release in RELEASES:
        for info in KINDS.values():
            for v in info.versions.get(release, ()):
                api_version = f"{info.group}/{v}" if info.group else v
                node = compiled(release).kind_node(api_version, info.kind)
                if node is not None and any(type(node.props.get(k)) is StructNode
                                            for k in ("spec", "status")):
                    out.append((release, api_version, info.kind))
    return out


@settings(max_examples=150, deadline=None)
@given(target=st.sampled_from(_kinds_with_spec_or_status()),
       spec=st.sampled_from(["absent", None, {}]), status=st.sampled_from(["absent", None, {}]))
def test_a_spec_or_status_left_out_or_null_is_served_as_an_object(target, spec, status) -> None:
    """Go: every kind's spec and status are non-pointer structs, which encoding/json writes
    even when empty, so kube-apiserver serves {} (plus required zero fields and the zero
    values of their own struct and metav1.Time fields, ZERO_WRITTEN) for them."""
    from drakit.schema.compile import compiled
    from drakit.schema.model import StructNode, zero_of
    release, api_version, kind = target
    obj: dict = {"apiVersion": api_version, "kind": kind, "metadata": {"name": "x"}}
    for k, v in (("spec", spec), ("status", status)):
        if v != "absent":
            obj[k] = v
    got = decode(obj, release, "Ignore").obj
    node = compiled(release).kind_node(api_version, kind)
    for k in ("spec", "status"):
        if type(node.props.get(k)) is StructNode:
            assert isinstance(got.get(k), dict), (k, got)
            sub = node.props[k]
            assert set(got[k]) <= set(sub.required) | {p for p, _ in sub.written}, (k, got[k])
            for p, null in sub.written:
                assert got[k][p] == (None if null else zero_of(sub.props[p])), (k, p, got[k])
        else:
            assert k not in got
