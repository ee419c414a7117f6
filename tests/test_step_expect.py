"""The comparisons every Then-step uses (steps/expect.py): typed, exact where the sentence
says "equal", a subset only where it says "contains", complete cause lists as multisets,
metric series matched by their exact label set."""

from __future__ import annotations

import re

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from steps import expect
from steps.common import scalar

# ---------------------------------------------------------------------------- scalars


@pytest.mark.parametrize("actual,written,ok", [
    (1, "1", True),
    ("1", "1", False),          # the string "1" is not the number 1
    ("1", '"1"', True),         # quoted: a string is expected
    (1, '"1"', False),
    (1.0, "1", True),           # numbers compare by value
    (True, "true", True),
    ("true", "true", False),
    (1, "true", False),         # a boolean is not a number (Python: True == 1)
    (True, "1", False),
    (None, "null", True),
    ("", "null", False),
    ("8Gi", "8Gi", True),
])
def test_scalars_compare_by_the_type_the_scenario_wrote(actual, written, ok):
    assert expect.scalar_equal(actual, scalar(written)) is ok
    assert (expect.equal(actual, scalar(written)) == []) is ok


def test_a_type_mismatch_says_how_to_write_the_other_type():
    (line,) = expect.equal({"count": "1"}, {"count": 1})
    assert line == 'count: expected the number 1, found the string "1" (write it quoted to ' \
                   "expect that)"


# ---------------------------------------------------------------------------- structures

def test_equal_is_exact_and_contains_is_a_subset():
    actual = {"a": 1, "b": {"c": "x", "d": [1, 2]}, "uid": "generated"}
    assert expect.contains(actual, {"b": {"c": "x"}}) == []
    assert expect.equal(actual, {"b": {"c": "x"}}) == [
        "b.d: not expected, found [1, 2]", "a: not expected, found 1",
        'uid: not expected, found "generated"']
    # lists are values: never a subset, in both modes
    assert expect.contains({"l": [1, 2]}, {"l": [1]})
    assert expect.equal([{"n": "a", "uid": "u"}], [{"n": "a"}])
    assert expect.contains([{"n": "a", "uid": "u"}], [{"n": "a"}]) == []


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text("ab1", max_size=3),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.text("xyz", min_size=1, max_size=2), children, max_size=3),
    max_leaves=12)


@given(json_values)
def test_every_value_equals_and_contains_itself(v):
    assert expect.equal(v, v) == [] and expect.contains(v, v) == []


@given(json_values, json_values)
def test_equal_implies_contains_and_is_symmetric(a, b):
    if not expect.equal(a, b):
        assert expect.contains(a, b) == []
        assert expect.equal(b, a) == []


@given(st.dictionaries(st.text("xyz", min_size=1, max_size=2), json_values, min_size=1,
                       max_size=3), st.text("pq", min_size=1, max_size=2), json_values)
def test_an_extra_key_breaks_equal_not_contains(d, extra, value):
    bigger = {**d, extra: value}
    assert expect.contains(bigger, d) == []
    assert expect.equal(bigger, d) != []


@given(json_values)
def test_yaml_round_trip_keeps_the_type(v):
    """What a scenario writes (YAML) and reads back compares equal only with its own type."""
    assert expect.equal(v, yaml.safe_load(yaml.safe_dump(v))) == []


# ---------------------------------------------------------------------------- causes

def test_exact_causes_are_a_multiset():
    a = {"field": "spec", "reason": "FieldValueInvalid"}
    b = {"field": "spec.x", "reason": "FieldValueRequired"}
    assert expect.cause_diff([a], [a, b], exactly=False) == ([], [])
    assert expect.cause_diff([a], [a, b], exactly=True) == ([], [b])
    # the same cause listed twice must be given twice (a count alone is not enough)
    assert expect.cause_diff([a, a], [a, b], exactly=True) == ([a], [b])
    assert expect.cause_lines_equal(["x", "y"], ["y", "x"]) == ([], [])
    assert expect.cause_lines_equal(["x"], ["x", "x"]) == ([], ["x"])


# ---------------------------------------------------------------------------- metrics

EXPOSITION = """\
# HELP scheduler_resourceclaim_creates_total Number of ResourceClaims creation requests
# TYPE scheduler_resourceclaim_creates_total counter
scheduler_resourceclaim_creates_total{status="success"} 2
scheduler_resourceclaim_creates_total{status="failure",admin_access="false"} 1
resourceclaim_controller_resource_claims{admin_access="false", allocated="true",source="x"} 3
plain_total 7
plain_total{node="n1"} 9
with_timestamp{a="b c"} 4 1700000000000
"""


@pytest.mark.parametrize("series,value", [
    ('scheduler_resourceclaim_creates_total{status="success"}', 2.0),
    # a labelled series matches only exactly its labels, in any order
    ('scheduler_resourceclaim_creates_total{status="failure"}', None),
    ('scheduler_resourceclaim_creates_total{admin_access="false",status="failure"}', 1.0),
    ('resourceclaim_controller_resource_claims{source="x",allocated="true",admin_access="false"}',
     3.0),
    # a bare name matches only the unlabelled series
    ("plain_total", 7.0),
    ('plain_total{node="n1"}', 9.0),
    ("scheduler_resourceclaim_creates_total", None),
    ('with_timestamp{a="b c"}', 4.0),
    ("missing_total", None),
])
def test_metric_series_match_their_exact_label_set(series, value):
    assert expect.metric_value(EXPOSITION, series) == value


def test_a_malformed_series_in_a_step_is_an_error():
    with pytest.raises(ValueError, match="not a metric series"):
        expect.metric_value(EXPOSITION, "bad series{")


def test_renamed_metrics_are_read_under_the_name_of_the_release():
    from steps.scheduling_steps import series_at

    old = 'scheduler_resourceclaim_creates_total{status="success"}'
    assert series_at(old, "1.36") == old
    assert series_at(old, "1.37") == \
        'dynamic_resource_allocation_resourceclaim_creates_total{admin_access="false",status="success"}'
    assert series_at("scheduler_resourceclaim_creates_total", "1.37") == \
        'dynamic_resource_allocation_resourceclaim_creates_total{admin_access="false"}'
    kcm = 'resourceclaim_controller_creates_total{admin_access="true",status="failure"}'
    assert series_at(kcm, "1.36") == kcm
    assert series_at(kcm, "1.37") == \
        'dynamic_resource_allocation_resourceclaim_creates_total{admin_access="true",status="failure"}'
    assert series_at("resourceclaim_controller_resource_claims", "1.38") == \
        "dynamic_resource_allocation_resource_claims"
    assert series_at("scheduler_pending_pods", "1.37") == "scheduler_pending_pods"


@pytest.mark.parametrize("text,why", [
    ("XX# TYPE scheduler_pending_pods gauge\n", "line 1 is no sample"),
    ("# TYPE scheduler_pending_pods gaugeXX\n", "a TYPE line needs a metric name"),
    ("# TYPE\n", "a TYPE line needs a metric name"),
    ("# HELP\n", "a HELP line names no metric"),
    ("# TYPE a counter\n# TYPE a counter\n", "a second TYPE line for a"),
    ("a 1\n# TYPE a counter\n", "a second TYPE line for a, or one after its samples"),
    ("h_bucket{le=\"1\"} 1\n# TYPE h histogram\n", "one after its samples"),
    ("a\n", "line 1 is no sample"),
    ("a one\n", "line 1 is no sample"),
    ("a 1 2 3\n", "line 1 is no sample"),
    ('a{b="c} 1\n', "line 1 is no sample"),
])
def test_what_a_scrape_would_refuse_is_an_error(text, why):
    """A Prometheus scrape fails on a malformed exposition, so the metric steps do too (a
    component writing a broken HELP or TYPE line fails the scenario that reads its metrics)."""
    with pytest.raises(ValueError, match=re.escape(why)):
        expect.metric_samples(text)


def test_comments_help_type_and_special_values_are_read():
    text = ("# a free comment\n# HELP x_total Things.\n# TYPE x_total counter\nx_total 3\n"
            "# TYPE g gauge\ng +Inf\ng{a=\"b\"} NaN 1700000000000\n")
    got = expect.metric_samples(text)
    assert [(n, lab) for n, lab, _ in got] == [("x_total", {}), ("g", {}), ("g", {"a": "b"})]
    assert got[0][2] == 3.0 and got[1][2] == float("inf")


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=200))
def test_any_text_is_read_or_refused_with_a_value_error(text):
    try:
        expect.metric_samples(text)
    except ValueError:
        pass
