"""nodeaffinity.NewNodeSelector as drakit.api.meta models it (node_selector_parse_errors,
go_node_selector_string).

Why: the API server checks only the value count of a Gt/Lt node selector requirement (core
validation ValidateNodeSelectorRequirement), so ``Gt`` with ``abc`` is stored; the components
then parse the selector with component-helpers scheduling/corev1/nodeaffinity, whose
labels.NewRequirement (apimachinery pkg/labels/selector.go, the same at 1.34-1.37) wants a
base-10 int64. The DRA allocator's GatherPools and the DRA scheduler plugin's PreFilter (an
allocated claim's nodeSelector) refuse the whole selector with these texts.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drakit.api.meta import (
    aggregate_text,
    go_node_selector_string,
    node_selector_matches,
    node_selector_parse_errors,
    parse_int64,
)
from drakit.api.names import is_label_value

E0 = "nodeSelectorTerms[0].matchExpressions[0]"


def _sel(*terms: list[dict]) -> dict:
    return {"nodeSelectorTerms": [{"matchExpressions": t} for t in terms]}


@pytest.mark.parametrize(("exprs", "want"), [
    ([{"key": "k", "operator": "Gt", "values": ["5"]}], []),
    ([{"key": "k", "operator": "Lt", "values": ["0"]}], []),
    # an int64 that is no label value: NewRequirement checks every value as a label value too
    ([{"key": "k", "operator": "Lt", "values": ["-5"]}],
     [f'{E0}.values[0][k]: Invalid value: "-5": ' + is_label_value("-5")[0]]),
    ([{"key": "k", "operator": "Gt", "values": ["abc"]}],
     [f"{E0}.values[0]: Invalid value: \"abc\": for 'Gt', 'Lt' operators, the value must be an integer"]),
    ([{"key": "k", "operator": "Lt", "values": ["99999999999999999999"]}],
     [f"{E0}.values[0]: Invalid value: \"99999999999999999999\": for 'Gt', 'Lt' operators, "
      "the value must be an integer"]),
    ([{"key": "k", "operator": "Gt", "values": ["1", "2"]}],
     [f"{E0}.values: Invalid value: [\"1\",\"2\"]: for 'Gt', 'Lt' operators, "
      "exactly one value is required"]),
    ([{"key": "k", "operator": "Gt"}],
     [f"{E0}.values: Invalid value: null: for 'Gt', 'Lt' operators, exactly one value is required"]),
    ([{"key": "k", "operator": "In", "values": []}],
     [f"{E0}.values: Invalid value: []: for 'in', 'notin' operators, values set can't be empty"]),
    ([{"key": "k", "operator": "Exists", "values": ["a"]}],
     [f"{E0}.values: Invalid value: [\"a\"]: values set must be empty for exists and does not exist"]),
    ([{"key": "k", "operator": "Near", "values": ["a"]}],
     [f'{E0}.operator: Unsupported value: "Near": supported values: "In", "NotIn", "Exists", '
      '"DoesNotExist", "Gt", "Lt"']),
    ([{"key": "k", "operator": "In", "values": ["a b"]}],
     [f'{E0}.values[0][k]: Invalid value: "a b": ' + is_label_value("a b")[0]]),
])
def test_new_requirement_errors(exprs: list[dict], want: list[str]) -> None:
    assert node_selector_parse_errors(_sel(exprs)) == want


def test_every_term_is_parsed_and_empty_terms_are_skipped() -> None:
    # NewNodeSelector collects the errors of every term, even when an earlier term would match;
    # an empty term is skipped but keeps its index
    sel = {"nodeSelectorTerms": [{}, {"matchExpressions": [{"key": "k", "operator": "Exists"}]},
                                 {"matchExpressions": [{"key": "k", "operator": "Gt", "values": ["x"]}],
                                  "matchFields": [{"key": "metadata.name", "operator": "Gt", "values": ["1"]}]}]}
    errs = node_selector_parse_errors(sel)
    assert errs == [
        "nodeSelectorTerms[2].matchExpressions[0].values[0]: Invalid value: \"x\": for 'Gt', 'Lt' "
        "operators, the value must be an integer",
        'nodeSelectorTerms[2].matchFields[0].operator: Unsupported value: "Gt": supported values: '
        '"In", "NotIn"']
    assert aggregate_text(errs) == "[" + ", ".join(errs) + "]"
    assert aggregate_text(errs[:1] * 2) == errs[0]


def test_the_go_string_of_a_node_selector() -> None:
    sel = {"nodeSelectorTerms": [
        {"matchExpressions": [{"key": "gpus", "operator": "Gt", "values": ["abc"]},
                              {"key": "zone", "operator": "In", "values": ["a", "b"]}]},
        {"matchFields": [{"key": "metadata.name", "operator": "In", "values": ["n1"]}]}]}
    assert go_node_selector_string(sel) == (
        "&NodeSelector{NodeSelectorTerms:[]NodeSelectorTerm{NodeSelectorTerm{MatchExpressions:"
        "[]NodeSelectorRequirement{NodeSelectorRequirement{Key:gpus,Operator:Gt,Values:[abc],},"
        "NodeSelectorRequirement{Key:zone,Operator:In,Values:[a b],},},MatchFields:"
        "[]NodeSelectorRequirement{},},NodeSelectorTerm{MatchExpressions:[]NodeSelectorRequirement{},"
        "MatchFields:[]NodeSelectorRequirement{NodeSelectorRequirement{Key:metadata.name,Operator:In,"
        "Values:[n1],},},},},}")
    assert go_node_selector_string(None) == "nil"


LABEL_VALUES = st.from_regex(r"\A(([A-Za-z0-9][-A-Za-z0-9_.]{0,61})?[A-Za-z0-9])?\Z")


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["Gt", "Lt"]), st.one_of(LABEL_VALUES, st.integers(-(1 << 70), 1 << 70).map(str)))
def test_gt_lt_parse_iff_the_value_is_an_int64(op: str, value: str) -> None:
    """Property: a Gt/Lt requirement with one value that is a valid label value parses exactly
    when strconv.ParseInt(value, 10, 64) does; when it parses, matching a node whose label holds
    an int64 compares the integers."""
    sel = _sel([{"key": "k", "operator": op, "values": [value]}])
    errs = node_selector_parse_errors(sel)
    n = parse_int64(value)
    label_ok = not is_label_value(value)
    int_ok = value.lstrip("+-").isdigit() and value.isascii() and -(1 << 63) <= int(value) < (1 << 63)
    assert (n is not None) == int_ok
    assert (not errs) == (int_ok and label_ok)
    if not int_ok:
        assert f"{E0}.values[0]: Invalid value: \"{value}\": for 'Gt', 'Lt' operators, the value must be an integer" in errs
    if n is not None:
        node = {"metadata": {"name": "n", "labels": {"k": "7"}}}
        assert node_selector_matches(node, sel) is (7 > n if op == "Gt" else 7 < n)
