"""The list/set libraries of the Kubernetes base CEL env (1.34+), and the runtime cost limit.

Enabled at the 1.36/1.37 defaults (apiserver/pkg/cel/environment/base.go): the Kubernetes
``lists`` library (version 0), cel-go ``ext.Lists(ListsVersion(3))``, ``ext.Sets()``, and
``first()``/``last()`` from the optional library. Expected costs are worked out from
cel-go's ext/lists.go + ext/sets.go estimators and apiserver/pkg/cel/library/cost.go.
"""

from __future__ import annotations

from typing import Any

import pytest

from drakit.allocator import AllocationError, allocate
from drakit.cel import (
    CEL_SELECTOR_EXPRESSION_MAX_COST,
    CELRuntimeError,
    compile_selector,
    device_view,
)

GATES = {"DRAConsumableCapacity": True, "DRAListTypeAttributes": True}
DEV = device_view("dra.example.com", {
    "attributes": {
        "ints": {"ints": [3, 1, 2]}, "sorted": {"ints": [1, 2, 2]}, "names": {"strings": ["fish", "bird"]},
        "versions": {"versions": ["1.0.0", "2.0.0"]}, "model": {"string": "a100"},
    },
})


def _eval(expression: str) -> bool:
    result = compile_selector(expression, GATES)
    assert result.error == "", result.error
    return result.matches(DEV)


@pytest.mark.parametrize("expression, expected", [
    # Kubernetes lists library
    ("[1, 2, 2, 3].isSorted()", True),
    ("[2.0, 1.0].isSorted()", False),
    ("[].isSorted()", True),
    ('device.attributes["dra.example.com"].sorted.isSorted()', True),
    ('device.attributes["dra.example.com"].ints.isSorted()', False),
    ("[1, 3].sum() == 4", True),
    ("[1.0, 3.0].sum() == 4.0", True),
    ('device.attributes["dra.example.com"].ints.sum() == 6', True),
    ('device.attributes["dra.example.com"].ints.min() == 1', True),
    ('device.attributes["dra.example.com"].ints.max() == 3', True),
    ("[1, 3].max() == 1", False),
    ('device.attributes["dra.example.com"].ints.indexOf(2) == 2', True),
    ("[1, 2, 2, 3].lastIndexOf(2) == 2", True),
    ("[1.0].indexOf(1.1) == -1", True),
    ("[1, 2].indexOf(2.0) == 1", True),  # heterogeneous numeric equality
    ("[true, 1].indexOf(1) == 1", True),  # but bool is never a number
    ('device.attributes["dra.example.com"].versions.indexOf(semver("2.0.0")) == 1', True),
    ('device.attributes["dra.example.com"].model.indexOf("0") == 2', True),  # ext strings
    # cel-go ext.Lists v3
    ("[1, 2, 3, 4].slice(1, 3) == [2, 3]", True),
    ("[1, 2, 3, 4].slice(0, 0) == []", True),
    ("[1, [2, 3], [4]].flatten() == [1, 2, 3, 4]", True),
    ("[1, [2, [3, 4]]].flatten() == [1, 2, [3, 4]]", True),
    ("[1, [2, [3, [4]]]].flatten(2) == [1, 2, 3, [4]]", True),
    ("[[1], [2, 3]].flatten() == [1, 2, 3]", True),
    ("lists.range(4) == [0, 1, 2, 3]", True),
    ("lists.range(0) == []", True),
    ("[5, 3, 1, 2].reverse() == [2, 1, 3, 5]", True),
    ("[1, 2, 2, 3, 3, 3].distinct() == [1, 2, 3]", True),
    ('["b", "b", "c", "a", "c"].distinct() == ["b", "c", "a"]', True),
    ("[3, 2, 1].sort() == [1, 2, 3]", True),
    ('device.attributes["dra.example.com"].names.sort() == ["bird", "fish"]', True),
    # cel-go ext.Sets
    ("sets.contains([1, 2, 3, 4], [2, 3])", True),
    ("sets.contains([1, 2], [3])", False),
    ("sets.contains([1], [])", True),
    ("sets.contains([1, 2.0, 3u], [1.0, 2u, 3])", True),
    ('sets.contains(device.attributes["dra.example.com"].names, ["bird"])', True),
    ("sets.equivalent([1, 2, 3], [3u, 2.0, 1])", True),
    ("sets.equivalent([1, 2], [2, 2, 2, 1])", True),
    ("sets.equivalent([1, 2], [1, 2, 3])", False),
    ("sets.intersects([1], [1, 2])", True),
    ("sets.intersects([1], [2])", False),
    ("sets.intersects([], [])", False),
    # optional library: first/last
    ('device.attributes["dra.example.com"].ints.first().value() == 3', True),
    ("[1, 2, 3].last().value() == 3", True),
    ("[].first().hasValue()", False),
    ('device.attributes["dra.example.com"].?model.orValue("") == "a100"', True),
])
def test_list_and_set_functions(expression: str, expected: bool) -> None:
    assert _eval(expression) is expected


@pytest.mark.parametrize("expression, message", [
    ("[].min() == 1", "min called on empty list"),
    ("[].max() == 1", "max called on empty list"),
    ('device.attributes["dra.example.com"].versions.max().isGreaterThan(semver("1.0.0"))', "no such overload"),
    ("[1, 2].slice(-1, 1) == []", "cannot slice(-1, 1), negative indexes not supported"),
    ("[1, 2].slice(2, 1) == []", None),  # estimated cost is unbounded upstream too (end - start wraps)
    ("[1, 2].slice(1, 3) == []", "cannot slice(1, 3), list is length 2"),
    ("[1, [2]].flatten(-1) == []", "level must be non-negative"),
    ('[1, "a"].sort() == []', "list elements must have the same type"),
    ("[[1], [2]].sort() == []", None),  # no overload for list(list(int)) at compile time
])
def test_list_function_errors(expression: str, message: str | None) -> None:
    result = compile_selector(expression, GATES)
    if message is None:
        assert result.error or result.max_cost > CEL_SELECTOR_EXPRESSION_MAX_COST
        return
    assert result.error == ""
    with pytest.raises(CELRuntimeError, match=message.replace("(", r"\(").replace(")", r"\)")):
        result.matches(DEV)


@pytest.mark.parametrize("expression", [
    '"abc".reverse() == "cba"',  # string reverse is ext.Strings v3; the base env pins v2
    "[2, 1].sortBy(x, x) == [1, 2]",  # a parser macro cel-expr-python cannot register
])
def test_not_in_the_environment(expression: str) -> None:
    assert compile_selector(expression, GATES).error.startswith("compilation failed")


@pytest.mark.parametrize("expression, cost", [
    # library.Lists: size(target) × (1 [+ element string size × 0.1]) + args; literal list = 10
    ("[1, 2, 3].isSorted()", 10 + 3),
    ("[1, 3].sum() == 4", 10 + 2 + 1),
    ('device.attributes["dra.example.com"].ints.max() == 3', 4 + 7 + 1),  # dyn target: size 64 × 0.1
    ('device.attributes["dra.example.com"].model.indexOf("1") == 2', 4 + 7 + 1),
    # a string list without a size (literal): the element size is unknown upstream
    ('["a", "b"].max() == "b"', None),
    # ext.Lists v3: size × factor + 1 (call) + 10 (list creation)
    ("[1, 2, 3, 4].slice(1, 3) == [2, 3]", 10 + (2 + 11) + 10 + 1),
    ("lists.range(4) == [0, 1, 2, 3]", (4 + 11) + 10 + 1),
    ("[1, 2].reverse() == [2, 1]", 10 + (2 + 11) + 10 + 1),
    ("[[1], [2, 3]].flatten() == [1, 2, 3]", 30 + (2 + 11) + 10 + 1),
    ("[1, [2]].flatten(3) == [1, 2]", 20 + (6 + 11) + 10 + 1),
    ("[1, 2, 2].distinct() == [1, 2]", 10 + (18 + 11) + 10 + 1),
    ("[3, 2, 1].sort() == [1, 2, 3]", 10 + (18 + 11) + 10 + 1),
    ('["b", "a"].sort() == ["a", "b"]', 10 + (9 + 11) + 10 + 1),  # 2 × 2 × 2.1
    ('device.attributes["dra.example.com"].names.sort().size() == 2',
     4 + (8602 + 11) + 1 + 1),  # 64 × 64 × 2.1 (dyn target matches the string overload)
    # ext.Sets: size × size × factor + 1
    ("sets.contains([1, 2, 3, 4], [2, 3])", 20 + 9),
    ("sets.intersects([1], [1, 2])", 20 + 3),
    ("sets.equivalent([1, 2, 3], [3, 2, 1])", 20 + 19),
    ('sets.contains(device.attributes["dra.example.com"].names, ["bird"])', 4 + 10 + 65),
    # optional first/last: the default call cost
    ("[1, 2, 3].last().value() == 3", 10 + 1 + 1 + 1),
])
def test_cost_estimates(expression: str, cost: int | None) -> None:
    result = compile_selector(expression, GATES)
    assert result.error == "", result.error
    if cost is None:
        assert result.max_cost > CEL_SELECTOR_EXPRESSION_MAX_COST
    else:
        assert result.max_cost == cost


# -- runtime cost limit ----------------------------------------------------------------

# Estimated 64 × 64 × 64 × (64 + 1) × ... well over 1,000,000, cheap on a real device.
OVER_LIMIT = ('device.attributes["driver-a"].names.all(a, device.attributes["driver-a"].names.all(b, '
              'device.attributes["driver-a"].names.all(c, device.attributes["driver-a"].names.all(d, '
              'a + b + c + d != ""))))')


def _objects(expression: str, in_class: bool) -> tuple[Any, ...]:
    node = {"metadata": {"name": "node-1"}}
    cls_selectors = [{"cel": {"expression": expression}}] if in_class else []
    cls = {"metadata": {"name": "class-a"}, "spec": {"selectors": cls_selectors}}
    request: dict[str, Any] = {"name": "req-0", "exactly": {"deviceClassName": "class-a"}}
    if not in_class:
        request["exactly"]["selectors"] = [{"cel": {"expression": 'device.driver == "driver-a"'}},
                                           {"cel": {"expression": expression}}]
    claim = {"metadata": {"name": "claim-0", "namespace": "default"},
             "spec": {"devices": {"requests": [request]}}}
    slc = {"metadata": {"name": "slice-1"},
           "spec": {"driver": "driver-a", "nodeName": "node-1",
                    "pool": {"name": "pool-1", "generation": 1, "resourceSliceCount": 1},
                    "devices": [{"name": "dev-0", "attributes": {"names": {"strings": ["x"]}}}]}}
    return node, [claim], [slc], [cls]


def test_over_limit_expression_is_estimated_over_limit() -> None:
    result = compile_selector(OVER_LIMIT, GATES)
    assert result.error == ""
    assert result.max_cost > CEL_SELECTOR_EXPRESSION_MAX_COST


def test_runtime_cost_limit_aborts_allocation_class_selector() -> None:
    node, claims, slices, classes = _objects(OVER_LIMIT, in_class=True)
    with pytest.raises(AllocationError) as err:
        allocate(node, claims, slices, classes)
    assert str(err.value) == ("class class-a: selector #0 on device driver-a/pool-1/dev-0: "
                              "CEL runtime error: operation cancelled: actual cost limit exceeded")


def test_runtime_cost_limit_aborts_allocation_request_selector() -> None:
    node, claims, slices, classes = _objects(OVER_LIMIT, in_class=False)
    with pytest.raises(AllocationError) as err:
        allocate(node, claims, slices, classes)
    assert str(err.value) == ("claim default/claim-0: selector #1 on device driver-a/pool-1/dev-0: "
                              "CEL runtime error: operation cancelled: actual cost limit exceeded")


def test_under_limit_expression_still_allocates() -> None:
    node, claims, slices, classes = _objects('device.attributes["driver-a"].names.all(a, a != "")', in_class=True)
    (result,) = allocate(node, claims, slices, classes)
    assert result["devices"]["results"][0]["device"] == "dev-0"
