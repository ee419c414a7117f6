"""The ``device.driver == "literal"`` shortcut gives what the CEL runtime gives."""

from __future__ import annotations

from drakit.cel import CELRuntimeError, compile_selector, device_view


def test_driver_literal_fast_path_matches_cel() -> None:
    fast = compile_selector('device.driver == "gpu.example.com"', {})
    assert fast.driver_equals == "gpu.example.com"
    slow = compile_selector('device.driver == "gpu.example.com" && true', {})
    assert slow.driver_equals is None
    for driver in ("gpu.example.com", "other.example.com", ""):
        view = device_view(driver, {"attributes": {"model": {"string": "x"}}})
        assert fast.matches(view) == slow.matches(view)


def test_attribute_literal_fast_path_matches_cel() -> None:
    fast = compile_selector('device.attributes["gpu.example.com"].model == "h100"', {})
    assert fast.attribute_equals == ("gpu.example.com", "model", "h100")
    slow = compile_selector('(device.attributes["gpu.example.com"].model == "h100")', {})
    assert slow.attribute_equals is None
    devices = [
        {"attributes": {"model": {"string": "h100"}}},
        {"attributes": {"model": {"string": "a100"}}},
        {"attributes": {"gpu.example.com/model": {"string": "h100"}}},
        {"attributes": {"model": {"int": 1}}},
        {"attributes": {"model": {"bool": True}}},
        {"attributes": {"model": {"version": "1.0.0"}}},
        {"attributes": {"model": {"strings": ["h100"]}}},
        {"attributes": {"other.example.com/model": {"string": "h100"}}},
        {"attributes": {}},
    ]
    for driver in ("gpu.example.com", "other.example.com"):
        for dev in devices:
            view = device_view(driver, dev)
            want: object
            try:
                want = slow.matches(view)
            except CELRuntimeError as e:
                want = str(e)
            try:
                got: object = fast.matches(view)
            except CELRuntimeError as e:
                got = str(e)
            assert got == want, (driver, dev)
