"""The ``device.driver == "literal"`` shortcut gives what the CEL runtime gives."""

from __future__ import annotations

from drakit.cel import compile_selector, device_view


def test_driver_literal_fast_path_matches_cel() -> None:
    fast = compile_selector('device.driver == "gpu.example.com"', {})
    assert fast.driver_equals == "gpu.example.com"
    slow = compile_selector('device.driver == "gpu.example.com" && true', {})
    assert slow.driver_equals is None
    for driver in ("gpu.example.com", "other.example.com", ""):
        view = device_view(driver, {"attributes": {"model": {"string": "x"}}})
        assert fast.matches(view) == slow.matches(view)
