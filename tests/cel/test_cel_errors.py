"""Compile errors of DRA selectors worded as cel-go and the DRA CEL package word them.

drakit compiles with cel-cpp; where cel-cpp words an error differently, drakit rewrites it
to cel-go's text (google/cel-go checker/errors.go, v0.26.0 as vendored by Kubernetes
1.34-1.36): the DRA compiler (k8s.io/dynamic-resource-allocation cel/compile.go) passes the
issues through as ``compilation failed: <Issues.String()>``. The base env's AST validators
(apiserver pkg/cel/environment/base.go, since 1.29) check duration/timestamp/regex literals,
and the program planner folds constant conversions (``program instantiation failed``).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drakit.cel import compile_selector

GATES = {"DRAConsumableCapacity": True}


@pytest.mark.parametrize("expression, first_line", [
    ("device.nope", "ERROR: <input>:1:7: undefined field 'nope'"),
    ("has(device.nope)", "ERROR: <input>:1:4: undefined field 'nope'"),
    ("device.driver.nope == 1", "ERROR: <input>:1:14: type 'string' does not support field selection"),
    ('"a".matches(1)', "ERROR: <input>:1:12: found no matching overload for 'matches' applied to 'string.(int)'"),
    ('device.driver . startsWith (1)',
     "ERROR: <input>:1:28: found no matching overload for 'startsWith' applied to 'string.(int)'"),
    ("device.driver == 1", "ERROR: <input>:1:15: found no matching overload for '_==_' applied to '(string, int)'"),
    ("noSuchVar", "ERROR: <input>:1:1: undeclared reference to 'noSuchVar' (in container '')"),
    ('duration("1 hour") > duration("1s")', "ERROR: <input>:1:10: invalid duration argument"),
    ('timestamp("2025-02-29T00:00:00Z") > timestamp("2024-01-01T00:00:00Z")',
     "ERROR: <input>:1:11: invalid timestamp argument"),
])
def test_compile_errors_use_cel_go_wording(expression: str, first_line: str) -> None:
    result = compile_selector(expression, GATES)
    assert result.error_type == "Invalid"
    assert result.error.startswith("compilation failed: " + first_line + "\n | " + expression.split("\n")[0])


@pytest.mark.parametrize("expression", [
    'duration("1h30m") > duration("90.5s")',
    'duration("-1.5h") < duration("0")',
    'timestamp("2024-02-29T23:59:59.123+05:30") > timestamp("2024-01-01T00:00:00Z")',
    'int("-42") == -42 && uint("42") == 42u && double("1e3") == 1000.0 && bool("True")',
])
def test_valid_literals_compile(expression: str) -> None:
    assert compile_selector(expression, GATES).error == ""


@pytest.mark.parametrize("expression, detail", [
    ('int("4 2") == 42', "type conversion error from 'string' to 'int'"),
    ('uint("-1") == 1u', "type conversion error from 'string' to 'uint'"),
    ('double("1e400") > 0.0', "type conversion error from 'string' to 'double'"),
    ('bool("yes")', "type conversion error from 'string' to 'bool'"),
])
def test_constant_conversions_fail_when_the_program_is_built(expression: str, detail: str) -> None:
    """cel-go's OptOptimize folds conversions of constants while planning
    (interpreter/decorators.go maybeOptimizeConstUnary), so the error surfaces from
    env.Program: an internal error of the DRA compiler."""
    result = compile_selector(expression, GATES)
    assert (result.error_type, result.error) == ("Internal", "program instantiation failed: " + detail)


def test_several_errors_are_listed_in_source_order() -> None:
    expression = 'device.nope == 1 || "x".matches("[")'
    result = compile_selector(expression, GATES)
    assert result.error == ("compilation failed: ERROR: <input>:1:7: undefined field 'nope'\n"
                            f" | {expression}\n | ......^")


def test_quantity_function_on_a_huge_exponent_fails_fast_with_drakits_bound() -> None:
    """resource.ParseQuantity accepts 1e9999999 (isQuantity is true upstream); drakit refuses
    to hold it (drakit/api/quantity.py MAX_DIGITS) instead of spending minutes on it."""
    from drakit.api.quantity import ERR_TOO_LARGE
    from drakit.cel import CELRuntimeError, device_view

    dev = device_view("dra.example.com", {"name": "d"})
    assert compile_selector('isQuantity("1e9999999") && !isQuantity("1e")', GATES).matches(dev) is True
    compiled = compile_selector('quantity("1e9999999").isGreaterThan(quantity("1"))', GATES)
    with pytest.raises(CELRuntimeError) as err:
        compiled.matches(dev)
    assert str(err.value) == ERR_TOO_LARGE


# k/k pkg/apis/resource/validation validation_resourceclaim_test.go "CEL-compile-errors": the
# device's maps are typed as cel-go's DRA environment declares them, and an index that fails
# the type check is reported once (cel-go gives it the error type and says nothing more).
@pytest.mark.parametrize("expression, error", [
    ("device.attributes[true].someBoolean",
     "compilation failed: ERROR: <input>:1:18: found no matching overload for '_[_]' applied to "
     "'(map(string, map(string, any)), bool)'\n | device.attributes[true].someBoolean\n"
     " | .................^"),
    ("device.capacity[1]",
     "compilation failed: ERROR: <input>:1:16: found no matching overload for '_[_]' applied to "
     "'(map(string, map(string, kubernetes.Quantity)), int)'\n | device.capacity[1]\n"
     " | ...............^"),
    ('device.attributes["a"] + 1 == 2',
     "compilation failed: ERROR: <input>:1:24: found no matching overload for '_+_' applied to "
     "'(map(string, any), int)'\n | device.attributes[\"a\"] + 1 == 2\n"
     " | .......................^"),
])
def test_device_maps_are_named_as_cel_go_types_them_and_cascades_are_dropped(expression, error):
    assert compile_selector(expression, gates=GATES).error == error


def test_independent_errors_are_all_kept():
    # only errors about an operand that already failed are follow-ons
    err = compile_selector('device.driver == 1 || device.nope', gates=GATES).error
    assert err.count("ERROR: <input>") == 2, err


_FRAGMENTS = ["device", ".attributes", ".capacity", '["a"]', "[true]", "[1]", ".b", " + 1",
              " == 2", " || ", "device.driver", ".nope", "(", ")", '"x"', " && "]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(_FRAGMENTS), min_size=1, max_size=8))
def test_rewritten_compile_errors_keep_cel_gos_shape(parts):
    # Whatever the expression, the rewrites leave cel-go's Issues.String() layout: each issue
    # "ERROR: <input>:L:C: ..." with its two snippet lines, never a cel-cpp error-type cascade.
    expression = "".join(parts)
    err = compile_selector(expression, gates=GATES).error
    if not err.startswith("compilation failed: "):
        return  # compiled, or a non-compile verdict (output type, cost)
    issues = err[len("compilation failed: "):].split("\nERROR: ")
    for issue in issues:
        head, *snippet = issue.split("\n")
        assert len(snippet) == 2 and snippet[0].startswith(" | ") and snippet[1].startswith(" | "), err
    if len(issues) > 1:
        assert "'*error*'" not in err, err
