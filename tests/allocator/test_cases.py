"""Runs the data-driven allocator table in cases.yaml (modelled on upstream allocatortesting)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from drakit.allocator import DEFAULT_GATES, AllocationError, allocate

TABLE = yaml.safe_load((Path(__file__).parent / "cases.yaml").read_text())
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
    expect = case["expect"]
    if isinstance(expect, dict) and ("error" in expect or "error_exact" in expect):
        with pytest.raises(AllocationError) as err:
            allocate(*args, allocated=case.get("allocated") or (), gates=gates, version=version)
        if "error_exact" in expect:
            assert str(err.value) == expect["error_exact"]
        else:
            assert expect["error"] in str(err.value)
        return
    got = allocate(*args, allocated=case.get("allocated") or (), gates=gates, version=version)
    if expect == "none":
        assert got == []
        return
    assert _flat(got) == expect
    for path, value in (case.get("check") or {}).items():
        assert _dig(got, path) == value, path
