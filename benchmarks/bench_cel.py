"""CEL selector evaluation speed (target: <= 10 µs per driver+attribute selector).

Also the hostile inputs of issue 13: RE2 regex functions on a catastrophic-backtracking
pattern (Python's re would need ~2^40 steps for ``(a+)+$`` on 40 characters), and quantity
parsing of huge exponents (``1e9999999`` took 25 s before the bound; target: microseconds).

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
    "find (a+)+$ on 41 chars": 'device.attributes["gpu.example.com"].evil.find("(a+)+$") == ""',
    "findAll on 41 chars": 'device.attributes["gpu.example.com"].evil.findAll("a+").size() == 1',
    "matches (a|a)*$ on 41 chars": '!device.attributes["gpu.example.com"].evil.matches("^(a|a)*$")',
}


def main(n: int = 20000) -> dict[str, float]:
    dev = device_view("gpu.example.com", {
        "attributes": {"model": {"string": "h100"}, "index": {"int": 3}, "fw": {"version": "1.4.2"},
                       "evil": {"string": "a" * 40 + "!"}},
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
        print(f"cel {name:28s} {us:7.2f} µs/eval   (first compile incl. cost estimate {compile_ms:.1f} ms)")
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
    bench_quantities()
    return out


def bench_quantities(n: int = 2000) -> None:
    """Parsing cost of hostile quantity strings (drakit.api.quantity, uncached)."""
    from drakit.api.quantity import QuantityError, parse_quantity

    for text in ("1e9999999", "1e-9999999", "1e4294967296", "1e999", "0." + "0" * 5000 + "1",
                 "1" + "0" * 5000 + "Ki", "1e" + "9" * 5000):
        t0 = time.perf_counter()
        for _ in range(n):
            try:
                parse_quantity(text)
            except QuantityError:
                pass
        us = (time.perf_counter() - t0) / n * 1e6
        print(f"quantity {text[:24]:26s} {us:9.2f} µs/parse")


if __name__ == "__main__":
    main()
