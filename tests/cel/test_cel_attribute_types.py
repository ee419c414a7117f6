"""Attribute types and ``includes`` per release and environment (KEP-5491, DRAListTypeAttributes).

Upstream: k8s.io/dynamic-resource-allocation cel/compile.go at v0.36.2 (1.36: attribute type
AnyType, DynType with the gate, for new AND stored expressions; ``includes`` a FeatureEnabled
option, so in every stored environment) and at 5afedd9/f34bcd0 (kubernetes PR 139395, 1.37:
the stored environment always has DynType attributes and ``includes``; a new expression gets
AnyType attributes without the gate). cel-go's checker refuses an Any-typed comprehension
range (checker.go checkComprehension) and formats the type as ``any`` (format.go).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drakit.api.errors import root
from drakit.cel import (
    CELRuntimeError,
    EnvFeatures,
    compile_selector,
    device_view,
    new_expression_features,
    stored_expression_features,
    validate_selector_expression,
)

PATH = root("spec", "selectors").index(0).child("cel", "expression")
ANY_RANGE = "expression of type 'any' cannot be range of a comprehension (must be list, map, or dynamic)"


@pytest.mark.parametrize("version, lta, stored, new", [
    ("1.34", None, EnvFeatures(True, False, False), EnvFeatures(False, False, False)),
    ("1.35", None, EnvFeatures(True, False, False), EnvFeatures(False, False, False)),
    ("1.36", False, EnvFeatures(True, True, False), EnvFeatures(False, False, False)),
    ("1.36", True, EnvFeatures(True, True, True), EnvFeatures(False, True, True)),
    ("1.37", False, EnvFeatures(True, True, True), EnvFeatures(False, False, False)),
    ("1.37", True, EnvFeatures(True, True, True), EnvFeatures(False, True, True)),
])
def test_environments_per_release(version, lta, stored, new) -> None:
    gates = {} if lta is None else {"DRAListTypeAttributes": lta}
    assert stored_expression_features(gates, version) == stored
    assert new_expression_features(gates) == new


# upstream TestCompileWithFeatures (5afedd9 + f34bcd0 cel/compile_test.go): which of these
# compile in which environment; "stored-*" rows hold whatever the features.
EXPRESSIONS = {
    "scalar-attribute": 'device.attributes["dra.example.com"].ready',
    "list-attribute": 'device.attributes["dra.example.com"].ids.exists(id, id == 1)',
    "includes-function": 'device.attributes["dra.example.com"].name.includes("fish")',
    "multiple-allocations": "device.allowMultipleAllocations",
    "list-attribute-with-multiple-allocations":
        'device.allowMultipleAllocations && device.attributes["dra.example.com"].ids.exists(id, id == 1)',
}
DEVICE = {"allowMultipleAllocations": True, "attributes": {
    "ready": {"bool": True}, "ids": {"ints": [1, 2]}, "name": {"string": "fish"}}}


@pytest.mark.parametrize("version, features, stored, compiles", [
    ("1.37", {}, True, set(EXPRESSIONS)),
    ("1.37", {"DRAListTypeAttributes": True, "DRAConsumableCapacity": True}, True, set(EXPRESSIONS)),
    ("1.37", {}, False, {"scalar-attribute"}),
    ("1.37", {"DRAConsumableCapacity": True}, False, {"scalar-attribute", "multiple-allocations"}),
    ("1.37", {"DRAListTypeAttributes": True}, False, {"scalar-attribute", "list-attribute", "includes-function"}),
    ("1.37", {"DRAListTypeAttributes": True, "DRAConsumableCapacity": True}, False, set(EXPRESSIONS)),
    # 1.36 (v0.36.2): the stored environment has includes, but attributes stay AnyType without the gate
    ("1.36", {}, True, {"scalar-attribute", "includes-function", "multiple-allocations"}),
    ("1.36", {"DRAListTypeAttributes": True}, True, set(EXPRESSIONS)),
    ("1.36", {}, False, {"scalar-attribute"}),
    ("1.35", {}, True, {"scalar-attribute", "multiple-allocations"}),
])
def test_compile_with_features(version, features, stored, compiles) -> None:
    env = stored_expression_features(features, version) if stored else new_expression_features(features)
    for name, expression in EXPRESSIONS.items():
        result = compile_selector(expression, features=env)
        assert (not result.error) == (name in compiles), (name, result.error)
        if result.error:
            continue
        # 1.36 evaluates list attributes only with the gate (the new-expression rows stand
        # for an API server; its scheduler of the same release and gates is modelled here)
        if version == "1.37" or features.get("DRAListTypeAttributes"):
            assert result.matches(device_view("dra.example.com", DEVICE)) is True, name
        else:
            with pytest.raises(CELRuntimeError, match="^attribute ids: unsupported attribute value$"):
                device_view("dra.example.com", DEVICE, list_values=False)


@pytest.mark.parametrize("expression, column", [
    # upstream "macro-compilation-error-new-expressions"
    ('device.attributes["dra.example.com"].ids.exists(id, id == 1)', 37),
    ('device.attributes["dra.example.com"]["ids"].all(id, id > 0)', 37),
    # the domain map bound to a variable: its values are still Any
    ('cel.bind(dra, device.attributes["dra.example.com"], dra.ids.exists_one(i, i == 1))', 56),
    # iterating the map of one domain ranges over its keys (strings): fine; a value is not
    ('device.attributes["d"].exists(k, device.attributes["d"][k].exists(v, v == 1))', 56),
    # positions as cel-go's parser records them: "." of a select, "[" of an index, "(" of a
    # member call, "?" of a conditional
    # a list literal joins Any and int to Any (checker joinTypes, mostGeneral)
    ('[device.attributes["d"].a, 1].exists(x, x.exists(y, y == 1))', 41),
    ('device.attributes["d"].?ids.orValue([]).exists(x, x == 1)', 36),
    ('(true ? device.attributes["d"].a : [1]).map(x, x).size() > 0', 7),
])
def test_any_typed_attributes_cannot_be_ranged_over(expression: str, column: int) -> None:
    off = new_expression_features({})
    err = compile_selector(expression, features=off).error
    assert err.startswith(f"compilation failed: ERROR: <input>:1:{column}: {ANY_RANGE}\n | {expression}\n | "), err
    assert err.count("ERROR: <input>") == 1, err
    assert not compile_selector(expression, features=new_expression_features({"DRAListTypeAttributes": True})).error


def test_every_any_range_is_reported() -> None:
    expression = 'device.attributes["d"].a.all(x, x) && device.attributes["d"].b.all(y, y)'
    err = compile_selector(expression, features=new_expression_features({})).error
    assert err.count(ANY_RANGE) == 2 and ":1:23:" in err and ":1:61:" in err


@pytest.mark.parametrize("expression", [
    'device.attributes["d"].exists(k, k == "a")',          # keys are strings
    'device.attributes.exists(d, d == "dra.example.com")',   # domains too
    'device.attributes["d"].a == 1 && device.attributes["d"].b.includes(2)',
    '[1, 2].exists(x, x == device.attributes["d"].a)',
    'device.capacity["d"].exists(k, device.capacity["d"][k].isGreaterThan(quantity("1")))',
    '[device.attributes["d"]].exists(m, m.a == 1)',          # a list of domain maps
])
def test_what_any_typed_attributes_still_allow(expression: str) -> None:
    env = stored_expression_features({}, "1.36")
    assert compile_selector(expression, features=env).error == ""


@pytest.mark.parametrize("expression, any_out", [
    ('device.attributes["d"].flag', "any"),
    ('cel.bind(x, device.attributes["d"], x.flag)', "any"),
    ('device.attributes["d"].?flag.orValue(false)', "any"),
    ("dyn(true)", ""),
    ('[true, 1][0]', ""),
])
def test_unknown_result_type_is_the_attribute_type(expression: str, any_out: str) -> None:
    # 1.36 accepts bool, any and (with the gate) dyn; 1.37 bool and the environment's
    # attribute type: a dyn result needs DynType attributes.
    off = compile_selector(expression, features=new_expression_features({}))
    if any_out:
        assert off.error == "" and off.output_type == "any"
    else:
        assert off.error == "must evaluate to bool or the unknown type, not dyn"
    on = compile_selector(expression, features=new_expression_features({"DRAListTypeAttributes": True}))
    assert on.error == "" and on.output_type == "dyn"


def test_signature_names_the_environments_attribute_type() -> None:
    expression = 'device.attributes["a"] + 1 == 2'
    off = compile_selector(expression, features=new_expression_features({})).error
    on = compile_selector(expression, features=new_expression_features({"DRAListTypeAttributes": True})).error
    assert "applied to '(map(string, any), int)'" in off
    assert "applied to '(map(string, dyn), int)'" in on


# -- the API server -----------------------------------------------------------------


def test_new_expressions_follow_the_api_servers_gate() -> None:
    expr = 'device.attributes["d"].ids.exists(i, i == 1)'
    (err,) = validate_selector_expression(expr, PATH, gates={})
    assert err.type == "Invalid" and ANY_RANGE in err.detail
    assert validate_selector_expression(expr, PATH, gates={"DRAListTypeAttributes": True}) == []


@pytest.mark.parametrize("version, gates, expression, error", [
    ("1.37", {}, 'device.attributes["d"].ids.exists(i, i == 1)', ""),
    ("1.37", {}, 'device.attributes["d"].ids.includes(1)', ""),
    ("1.36", {}, 'device.attributes["d"].ids.includes(1)', ""),
    ("1.36", {}, 'device.attributes["d"].ids.exists(i, i == 1)', ANY_RANGE),
    ("1.36", {"DRAListTypeAttributes": True}, 'device.attributes["d"].ids.exists(i, i == 1)', ""),
    ("1.35", {}, 'device.attributes["d"].ids.includes(1)', "undeclared reference to 'includes'"),
])
def test_stored_expressions_per_release(version, gates, expression, error) -> None:
    errs = validate_selector_expression(expression, PATH, gates=gates, stored=True, version=version)
    if error:
        (err,) = errs
        assert error in err.detail
    else:
        assert errs == []


# -- the device variable ----------------------------------------------------------------


def test_list_values_or_the_upstream_runtime_error() -> None:
    device = {"attributes": {"a": {"int": 1}, "ids": {"ints": [1, 2]}}}
    assert device_view("d", device)["attributes"]["d"] == {"a": 1, "ids": [1, 2]}
    with pytest.raises(CELRuntimeError) as err:
        device_view("d", device, list_values=False)
    assert str(err.value) == "attribute ids: unsupported attribute value"
    assert device_view("d", {"attributes": {"a": {"int": 1}}}, list_values=False)["attributes"] == {"d": {"a": 1}}


_PARTS = ['device.attributes["d"]', ".a", ".ids", '["x"]', ".exists(v, ", ".all(v, ", "v", "v.b", ")",
          " == 1", " && ", "cel.bind(m, ", ", ", "[", "]", "true ? ", " : ", ".?a", ".orValue(1)", "dyn(", "1"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(_PARTS), min_size=1, max_size=10))
def test_any_attributes_only_ever_refuse_more(parts: list[str]) -> None:
    # Whatever the expression, AnyType attributes accept a subset of what DynType ones accept
    # (cel-go's checker treats Any as dyn but for ranges and the result type), and every
    # refusal that only the Any environment makes is one of those two.
    expression = "".join(parts)
    off = compile_selector(expression, features=EnvFeatures(True, True, False))
    on = compile_selector(expression, features=EnvFeatures(True, True, True))
    if on.error:
        return
    assert off.error in ("", "must evaluate to bool or the unknown type, not dyn") or ANY_RANGE in off.error, \
        (expression, off.error)
