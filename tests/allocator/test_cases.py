"""Runs the data-driven allocator table in cases.yaml (modelled on upstream allocatortesting)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from drakit.allocator import DEFAULT_GATES, AllocationError, Allocator

# The table is shared with the features (features/platform-allocator.feature runs it through
# the scheduler), so it lives with the fixtures.
CASES_FILE = Path(__file__).resolve().parents[2] / "fixtures" / "allocator" / "cases.yaml"
TABLE = yaml.safe_load(CASES_FILE.read_text())
COMMON = TABLE["common"]
CASES = TABLE["cases"]


def _dig(obj: Any, path: str) -> Any:
    for part in path.split("."):
        if isinstance(obj, list):
            obj = obj[int(part)]
        elif isinstance(obj, dict):
            obj = obj.get(part)
        else:
            return None
    return obj


def _flat(allocations: list[dict[str, Any]]) -> list[list[str]]:
    return [[f"{r['request']}={r['driver']}/{r['pool']}/{r['device']}" for r in a["devices"]["results"]]
            for a in allocations]


def test_table_is_big_enough() -> None:
    assert len(CASES) >= 60
    assert len({c["name"] for c in CASES}) == len(CASES)
    assert all(c.get("upstream") for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_case(case: dict[str, Any]) -> None:
    version = case.get("version", "1.37")
    gates = dict(DEFAULT_GATES[version])
    gates.update(case.get("gates") or {})
    args = (case.get("node", COMMON["node"]), case.get("claims") or [], case.get("slices") or [],
            case.get("classes", [COMMON["cls"]]))
    allocator = Allocator(*args, allocated=case.get("allocated") or (), gates=gates, version=version)
    expect = case["expect"]
    if isinstance(expect, dict) and ("error" in expect or "error_exact" in expect):
        with pytest.raises(AllocationError) as err:
            allocator.run()
        if "error_exact" in expect:
            assert str(err.value) == expect["error_exact"]
        else:
            assert expect["error"] in str(err.value)
        return
    got = allocator.run()
    if "allocate_one_calls" in case:
        # upstream's expectNumAllocateOneInvocations (the experimental allocator's count):
        # drakit's count of upstream's allocateOne calls must be the same number.
        assert allocator.calls == case["allocate_one_calls"]
    if expect == "none":
        assert got == []
        return
    assert _flat(got) == expect
    for path, value in (case.get("check") or {}).items():
        assert _dig(got, path) == value, path


FEATURE = CASES_FILE.parents[2] / "features" / "platform-allocator.feature"


def test_every_case_runs_through_a_cluster_or_says_why_not() -> None:
    # features/platform-allocator.feature runs the table's cases through the scheduler; a case
    # added to the table must become a row there or name its reason under not_through_the_api.
    import re

    text = FEATURE.read_text(encoding="utf-8")
    rows = set(re.findall(r"^\s*\|\s*([a-z0-9.-]+)\s*\|\s*$", text, re.M)) - {"case"}
    rows |= set(re.findall(r'of allocator case "([^"<]+)"', text))
    names = {c["name"] for c in CASES}
    excluded = TABLE["not_through_the_api"]
    assert all(isinstance(why, str) and why for why in excluded.values())
    assert not rows - names, f"feature rows that are no case: {sorted(rows - names)}"
    assert not set(excluded) - names, f"exclusions that are no case: {sorted(set(excluded) - names)}"
    assert not rows & set(excluded), f"excluded yet run: {sorted(rows & set(excluded))}"
    assert names == rows | set(excluded), f"neither run nor excluded: {sorted(names - rows - set(excluded))}"
