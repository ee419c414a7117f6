"""pod_deletion_cost: helper.GetDeletionCostFromPodAnnotations's reading of
controller.kubernetes.io/pod-deletion-cost (validFirstDigit, then strconv.ParseInt base 10,
32 bits)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drakit.api.meta import POD_DELETION_COST, pod_deletion_cost

# Go's rule restated: "-" then any ASCII digits, or "0" alone, or a non-zero first digit
_GO_SYNTAX = re.compile(r"-[0-9]+|0|[1-9][0-9]*")


def _go_reading(value: str) -> int | None:
    if not _GO_SYNTAX.fullmatch(value):
        return None
    n = int(value)
    return n if -(2 ** 31) <= n < 2 ** 31 else None


@pytest.mark.parametrize("value, cost", [
    ("-5", -5), ("0", 0), ("-0", 0), ("-007", -7), ("2147483647", 2 ** 31 - 1),
    ("-2147483648", -(2 ** 31)), ("007", None), ("+1", None), ("2147483648", None),
    ("1.5", None), ("-", None), ("", None), (" 1", None), ("1 ", None), ("٣", None),
    ("1_000", None),
])
def test_upstream_examples(value, cost):
    assert pod_deletion_cost({POD_DELETION_COST: value}) == cost


def test_absent_annotation_costs_nothing():
    assert pod_deletion_cost(None) == 0
    assert pod_deletion_cost({"other": "x"}) == 0


@given(st.one_of(st.text(max_size=14),
                 st.from_regex(r"[-+]?[0-9]{1,12}", fullmatch=True),
                 st.integers(-(2 ** 33), 2 ** 33).map(str)))
def test_reads_every_string_as_go_does(value):
    assert pod_deletion_cost({POD_DELETION_COST: value}) == _go_reading(value)
