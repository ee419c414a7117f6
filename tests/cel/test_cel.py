"""The DRA CEL environment: evaluation, errors, validation and the cost estimator.

Cost expectations are upstream's cel/compile_test.go table (names cited per row).
"""

from __future__ import annotations

import pytest

from drakit.api.errors import root
from drakit.cel import (
    CEL_SELECTOR_EXPRESSION_MAX_COST,
    CELRuntimeError,
    Semver,
    compile_selector,
    device_view,
    validate_selector_expression,
)

GATES = {"DRAConsumableCapacity": True, "DRAListTypeAttributes": True}
DEV = device_view("dra.example.com", {
    "attributes": {
        "name": {"int": 1}, "version": {"version": "1.0.0"}, "services": {"string": "some_example_value"},
        "names": {"strings": ["fish", "bird"]}, "flag": {"bool": True},
        "other.example.com/name": {"string": "other"},
    },
    "capacity": {"memory": {"value": "1Mi"}},
    "allowMultipleAllocations": True,
})
PATH = root("spec", "selectors").index(0).child("cel", "expression")
EXPENSIVE = ("[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(x, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(y, "
             "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z2, "
             "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z3, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z4, "
             "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].all(z5, int('1'.find('[0-9]*')) < 100)))))))")


@pytest.mark.parametrize("upstream, expression, cost", [
    ("true", "true", 0),
    ("empty-driver-name", 'device.driver == ""', 2),
    ("real-driver-name", 'device.driver == "dra.example.com"', 4),
    ("runtime-error-lookup-identifier",
     'device.attributes["no-such-domain"].noSuchAttr.isGreaterThan(quantity("0"))', 6),
    ("domain-check-negative", '"no-such-domain" in device.attributes', 3),
    ("driver-name-qualifier", 'device.attributes["dra.example.com"].name', 4),
    ("bind", 'cel.bind(dra, device.attributes["dra.example.com"], dra.name)', 15),
    ("int", 'device.attributes["dra.example.com"].name > 0', 5),
    ("string", 'device.attributes["dra.example.com"].name == "fish"', 5),
    ("macro-on-list-of-int", 'device.attributes["dra.example.com"].names.exists(x, x > 0)', 5 + 6 * 64),
    ("macro-on-list-of-string", 'device.attributes["dra.example.com"].names.all(x, x != "")', 5 + 4 * 64),
    ("version", 'device.attributes["dra.example.com"].name.isGreaterThan(semver("0.0.1"))', 6),
    ("quantity", 'device.capacity["dra.example.com"].name.isGreaterThan(quantity("1Ki"))', 6),
    ("check-positive", '"name" in device.capacity["dra.example.com"] && '
                       'device.capacity["dra.example.com"].name.isGreaterThan(quantity("1Ki"))', 10),
    ("check-negative", '!("name" in device.capacity["dra.example.com"]) || '
                       'device.capacity["dra.example.com"].name.isGreaterThan(quantity("1Ki"))', 11),
    ("many", 'device.attributes["dra.example.com"].a && device.attributes["dra.example.com"].b && '
             'device.attributes["dra.example.com"].c', 12),
    ("check_attribute_domains", 'device.attributes.exists_one(x, x == "dra.example.com")', 164),
    ("check_attribute_ids", 'device.attributes["dra.example.com"].exists_one(x, x == "services")', 133),
    ("regexp_attribute", 'device.attributes["dra.example.com"].services.matches("[^a]?sym")', 18),
    ("includes-function-can-evaluate", 'device.attributes["dra.example.com"].name.includes("fish")', 52),
    ("in-operator-on-list", '1 in device.attributes["dra.example.com"].names', 68),
    ("list-of-int", 'device.attributes["dra.example.com"].names.size() == 2', 6),
    ("allow_multiple_allocations", "device.allowMultipleAllocations == true", 3),
    ("expensive", EXPENSIVE, 85555551),
])
def test_cost_estimate_matches_upstream(upstream: str, expression: str, cost: int) -> None:
    result = compile_selector(expression, GATES)
    assert result.error == "", upstream
    assert result.max_cost == cost, upstream


@pytest.mark.parametrize("expression, expected", [
    ('device.driver == "dra.example.com"', True),
    ('device.attributes["dra.example.com"].name == 1', True),
    ('device.attributes["other.example.com"].name == "other"', True),
    ('"no-such-domain" in device.attributes', False),
    ('"dra.example.com" in device.attributes', True),
    ('size(device.attributes["no-such-domain"]) == 0', True),
    ('device.attributes["dra.example.com"].version.isGreaterThan(semver("0.9.0"))', True),
    ('device.attributes["dra.example.com"].version.compareTo(semver("1.0.0")) == 0', True),
    ('semver("1.2.3").major() == 1 && semver("1.2.3").minor() == 2 && semver("1.2.3").patch() == 3', True),
    ('isSemver("1.0") == false && isSemver("v1.0", true)', True),
    ('semver("1.0.0-alpha").isLessThan(semver("1.0.0"))', True),
    ('device.capacity["dra.example.com"].memory.isGreaterThan(quantity("1Ki"))', True),
    ('device.capacity["dra.example.com"].memory.compareTo(quantity("1024Ki")) == 0', True),
    ('quantity("1.5").isInteger() == false && quantity("2k").asInteger() == 2000', True),
    ('quantity("4").add(quantity("100m")).compareTo(quantity("4100m")) == 0', True),
    ('quantity("1Gi").sub(1).sign() == 1 && isQuantity("1Gi") && !isQuantity("1 Gi")', True),
    ('quantity("500m").asApproximateFloat() == 0.5', True),
    ('device.attributes["dra.example.com"].names.includes("bird")', True),
    ('device.attributes["dra.example.com"].flag.includes(true)', True),
    ('device.attributes["dra.example.com"].services.split("_").size() == 3', True),
    ('cel.bind(a, device.attributes["dra.example.com"], a.name == 1 && a.flag)', True),
    ('"some_example_value".find("ex[a-z]+") == "example"', True),
    ("device.allowMultipleAllocations", True),
])
def test_evaluation(expression: str, expected: bool) -> None:
    result = compile_selector(expression, GATES)
    assert result.error == ""
    assert result.matches(DEV) is expected


@pytest.mark.parametrize("expression, message", [
    ('device.attributes["dra.example.com"].missing == 1', "no such key: missing"),
    ('device.attributes["no-such-domain"].noSuchAttr.isGreaterThan(quantity("0"))', "no such key: noSuchAttr"),
    ('quantity("bogus").sign() == 1', "quantities must match the regular expression"),
    ('device.attributes["dra.example.com"].names', "could not be converted to bool"),
])
def test_runtime_errors(expression: str, message: str) -> None:
    result = compile_selector(expression, GATES)
    with pytest.raises(CELRuntimeError) as err:
        result.matches(DEV)
    assert message in str(err.value)


def test_stored_expression_over_cost_limit_fails_at_runtime() -> None:
    result = compile_selector(EXPENSIVE, GATES)
    assert result.max_cost > CEL_SELECTOR_EXPRESSION_MAX_COST
    with pytest.raises(CELRuntimeError, match="actual cost limit exceeded"):
        result.matches(DEV)


def test_programs_are_cached() -> None:
    assert compile_selector('device.driver == "x"', GATES) is compile_selector('device.driver == "x"', GATES)


def test_validate_ok_and_bool_or_dyn() -> None:
    assert validate_selector_expression('device.driver == "x"', PATH, gates={}) == []
    assert validate_selector_expression('device.attributes["d"].flag', PATH, gates={}) == []


def test_validate_non_bool() -> None:
    (err,) = validate_selector_expression("device.driver", PATH, gates={})
    assert err.type == "Invalid"
    assert str(err) == ('spec.selectors[0].cel.expression: Invalid value: "device.driver": '
                        "must evaluate to bool or the unknown type, not string")


def test_validate_compile_error() -> None:
    (err,) = validate_selector_expression("device.driver ==", PATH, gates={})
    assert err.type == "Invalid" and err.field == "spec.selectors[0].cel.expression"
    assert err.detail.startswith("compilation failed: ERROR: <input>:1:17: Syntax error")


def test_validate_gated_field() -> None:
    (err,) = validate_selector_expression("device.allowMultipleAllocations", PATH, gates={})
    assert "undefined field 'allowMultipleAllocations'" in err.detail
    assert validate_selector_expression("device.allowMultipleAllocations", PATH,
                                        gates={"DRAConsumableCapacity": True}) == []
    # stored (unchanged) expressions see every declaration
    assert validate_selector_expression("device.allowMultipleAllocations", PATH, gates={}, stored=True) == []


def test_validate_includes_needs_gate() -> None:
    expr = 'device.attributes["d"].x.includes("a")'
    (err,) = validate_selector_expression(expr, PATH, gates={})
    assert "includes" in err.detail
    assert validate_selector_expression(expr, PATH, gates={"DRAListTypeAttributes": True}) == []


def test_validate_too_long() -> None:
    (err,) = validate_selector_expression("x" * 10241, PATH, gates={})
    assert str(err) == "spec.selectors[0].cel.expression: Too long: may not be more than 10240 bytes"
    assert validate_selector_expression("true" + " " * (10240 - 4), PATH, gates={}) == []


def test_validate_too_complex() -> None:
    (err,) = validate_selector_expression(EXPENSIVE, PATH, gates={})
    assert err.type == "Forbidden"
    assert str(err) == "spec.selectors[0].cel.expression: Forbidden: too complex, exceeds cost limit"
    assert validate_selector_expression(EXPENSIVE, PATH, gates={}, stored=True) == []


def test_semver_ordering() -> None:
    assert Semver.parse("1.0.0-alpha") < Semver.parse("1.0.0-alpha.1") < Semver.parse("1.0.0-beta")
    assert Semver.parse("1.0.0-beta.2") < Semver.parse("1.0.0-beta.11") < Semver.parse("1.0.0")
    assert Semver.parse("v1.2", normalize=True) == Semver.parse("1.2.0")
    with pytest.raises(ValueError):
        Semver.parse("01.0.0")
