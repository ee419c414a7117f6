"""FieldError rendering and Status objects mirror apimachinery."""

from drakit.api import errors as E


def test_path_rendering() -> None:
    p = E.root("spec", "devices").index(3).child("name")
    assert str(p) == "spec.devices[3].name"
    assert str(E.root("spec").child("capacity").key("example.com/x")) == \
        "spec.capacity[example.com/x]"


def test_error_strings() -> None:
    assert str(E.too_many("spec.devices", 129, 128)) == \
        "spec.devices: Too many: 129: must have at most 128 items"
    assert str(E.too_many("spec.x", 2, 1)) == "spec.x: Too many: 2: must have at most 1 item"
    assert str(E.invalid("spec.devices[3].name", "X", "bad")) == \
        'spec.devices[3].name: Invalid value: "X": bad'
    assert str(E.required("spec.driver", "")) == "spec.driver: Required value"
    assert str(E.too_long("x", 10240)) == "x: Too long: may not be more than 10240 bytes"
    assert str(E.duplicate("spec.devices[1]", "d")) == 'spec.devices[1]: Duplicate value: "d"'
    assert str(E.not_found("p.capacityKey", "k")) == 'p.capacityKey: Not found: "k"'
    assert str(E.forbidden("spec", "nope")) == "spec: Forbidden: nope"
    assert str(E.not_supported("m", "X", ["All", "ExactCount"])) == \
        'm: Unsupported value: "X": supported values: "All", "ExactCount"'


def test_invalid_status_object() -> None:
    err = E.Invalid("ResourceSlice", "s", [E.too_many("spec.devices", 129, 128)],
                    "resource.k8s.io")
    st = err.status()
    assert st["kind"] == "Status" and st["code"] == 422 and st["reason"] == "Invalid"
    assert st["message"] == ('ResourceSlice.resource.k8s.io "s" is invalid: '
                             "spec.devices: Too many: 129: must have at most 128 items")
    assert st["details"]["causes"] == [{
        "reason": "FieldValueTooMany",
        "message": "Too many: 129: must have at most 128 items",
        "field": "spec.devices"}]
    two = E.Invalid("Pod", "p", [E.required("a"), E.required("b")])
    assert str(two) == 'Pod "p" is invalid: [a: Required value, b: Required value]'
