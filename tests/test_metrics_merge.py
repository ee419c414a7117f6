"""drakit.cluster.merge_expositions: one scrape out of every component's metrics."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from drakit.cluster import merge_expositions
from steps import expect

SCHEDULER = """# HELP dynamic_resource_allocation_resourceclaim_creates_total Number of ResourceClaims creation requests
# TYPE dynamic_resource_allocation_resourceclaim_creates_total counter
dynamic_resource_allocation_resourceclaim_creates_total{admin_access="false",status="success"} 2
dynamic_resource_allocation_resourceclaim_creates_total{admin_access="false",status="failure"} 0
# HELP scheduler_pending_pods Number of pending pods, by the queue type.
# TYPE scheduler_pending_pods gauge
scheduler_pending_pods{queue="active"} 1
"""
CONTROLLER = """# HELP dynamic_resource_allocation_resourceclaim_creates_total Number of ResourceClaims creation requests, categorized by creation status and admin access
# TYPE dynamic_resource_allocation_resourceclaim_creates_total counter
dynamic_resource_allocation_resourceclaim_creates_total{admin_access="false",status="success"} 3
dynamic_resource_allocation_resourceclaim_creates_total{admin_access="true",status="success"} 1
"""


def test_a_family_two_components_expose_is_one_family_with_equal_series_summed() -> None:
    text = merge_expositions([SCHEDULER, CONTROLLER])
    lines = text.splitlines()
    name = "dynamic_resource_allocation_resourceclaim_creates_total"
    assert [ln for ln in lines if ln.startswith(f"# TYPE {name}")] == [f"# TYPE {name} counter"]
    assert sum(ln.startswith(f"# HELP {name}") for ln in lines) == 1
    assert expect.metric_value(text, f'{name}{{admin_access="false",status="success"}}') == 5
    assert expect.metric_value(text, f'{name}{{admin_access="true",status="success"}}') == 1
    assert expect.metric_value(text, f'{name}{{status="failure",admin_access="false"}}') == 0
    assert expect.metric_value(text, 'scheduler_pending_pods{queue="active"}') == 1
    # the family's samples follow its own HELP/TYPE, before the next family's
    assert lines.index(f"# TYPE {name} counter") < lines.index(
        f'{name}{{admin_access="true",status="success"}} 1') < lines.index("# TYPE scheduler_pending_pods gauge")


def test_nothing_to_merge() -> None:
    assert merge_expositions([]) == ""
    assert merge_expositions(["", "\n"]) == ""


def test_fractional_values_add_up() -> None:
    text = merge_expositions(["x_seconds 0.25\n", "x_seconds 0.5\n"])
    assert expect.metric_value(text, "x_seconds") == 0.75


_label = st.sampled_from(["a", "b", "c"])
_series = st.tuples(st.sampled_from(["m_total", "n_total"]), _label)
_texts = st.lists(st.lists(st.tuples(_series, st.integers(0, 10**6)), max_size=6), max_size=4)


@given(_texts)
def test_every_series_is_the_sum_over_the_texts(parts: list[list[tuple[tuple[str, str], int]]]) -> None:
    texts, want = [], {}
    for part in parts:
        seen = {}
        for (name, label), value in part:
            seen[(name, label)] = value  # a component exposes a series once
        texts.append("".join(f'{n}{{l="{lab}"}} {v}\n' for (n, lab), v in seen.items()))
        for k, v in seen.items():
            want[k] = want.get(k, 0) + v
    text = merge_expositions(texts)
    for (name, label), total in want.items():
        assert expect.metric_value(text, f'{name}{{l="{label}"}}') == total
    assert len(expect.metric_samples(text)) == len(want)
