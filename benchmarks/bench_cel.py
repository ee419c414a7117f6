"""CEL selector evaluation speed (target: <= 10 µs per driver+attribute selector).

Prints figures; asserts nothing (speed targets are reported, not tested).
Run: python benchmarks/bench_cel.py
"""

from __future__ import annotations

import time

from drakit.cel import compile_selector, device_view

EXPRESSIONS = {
    # drakit.cel answers these two shapes without the CEL runtime (string compare):
    "driver": 'device.driver == "gpu.example.com"',
    "attribute (shortcut)": 'device.attributes["gpu.example.com"].model == "h100"',
    # ... and the same through the CEL runtime (parentheses defeat the shortcut):
    "driver (runtime)": '(device.driver == "gpu.example.com")',
    "driver+attribute": 'device.driver == "gpu.example.com" && device.attributes["gpu.example.com"].model == "h100"',
    "quantity": 'device.capacity["gpu.example.com"].memory.compareTo(quantity("40Gi")) >= 0',
    "semver": 'device.attributes["gpu.example.com"].fw.isGreaterThan(semver("1.2.0"))',
}


def main(n: int = 20000) -> dict[str, float]:
    dev = device_view("gpu.example.com", {
        "attributes": {"model": {"string": "h100"}, "index": {"int": 3}, "fw": {"version": "1.4.2"}},
        "capacity": {"memory": {"value": "80Gi"}},
    })
    out: dict[str, float] = {}
    for name, expr in EXPRESSIONS.items():
        t0 = time.perf_counter()
        compiled = compile_selector(expr, {"DRAConsumableCapacity": True})
        compile_ms = (time.perf_counter() - t0) * 1e3
        assert compiled.matches(dev)
        t0 = time.perf_counter()
        for _ in range(n):
            compiled.matches(dev)
        us = (time.perf_counter() - t0) / n * 1e6
        out[name] = us
        print(f"cel {name:22s} {us:7.2f} µs/eval   (first compile incl. cost estimate {compile_ms:.1f} ms)")
    compiled = compile_selector(EXPRESSIONS["driver+attribute"], {"DRAConsumableCapacity": True})
    views = [device_view("gpu.example.com", {"attributes": {"model": {"string": "h100"}}}) for _ in range(2000)]
    t0 = time.perf_counter()
    for v in views:
        compiled.matches(v)
    print(f"cel first eval on a new device view {(time.perf_counter() - t0) / 2000 * 1e6:7.2f} µs "
          "(activation built and converted once per device)")
    t0 = time.perf_counter()
    for _ in range(2000):
        device_view("gpu.example.com", {"attributes": {"model": {"string": "h100"}}, "capacity": {}})
    print(f"device_view build    {(time.perf_counter() - t0) / 2000 * 1e6:7.2f} µs/device (cached per device)")
    return out


if __name__ == "__main__":
    main()
