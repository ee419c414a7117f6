"""Allocator speed and memory.

Figures printed (targets from issue 3, reported not asserted):
* one claim over 500 nodes × 10 devices (the scheduler's Filter loop), total ms
  (target <= 10 ms with caching), for the plain ``allocate()`` function and for
  ``AllocatorCache.allocate_on``: cold (empty caches, fresh objects) and warm;
* the same loop when no node has a device of the requested driver (the O(1) case);
* a sequential scheduling run: pods of one GPU each, every pod filtered over all
  500 nodes and bound to the first fit, allocated devices growing as it goes
  (allocation share of the >= 100 pods/s target);
* a backtracking-heavy case: partitionable devices sharing counters, where the first
  choices exhaust counters and the search has to revisit them;
* memory for 500 nodes × 10 devices (target <= 50 MB): Python heap (tracemalloc) of the
  warm cache, and the process RSS growth (includes the C++ CEL activations);
* worst cases (issue 14): searches with no solution that upstream's allocator explores
  exhaustively: an unsatisfiable matchAttribute over 112 devices (took 98 s), a claim for
  one device more than the node has (upstream's FilterTimeout integration test shape), and
  partitionable devices whose counters run out (no closed form: drakit's work bound).
  Printed: wall time, allocateOne calls drakit executed, modeled work and its time at
  UNITS_PER_SECOND (what the Filter timeout compares), and the outcome.

Timings are the best of several repetitions (the figure least disturbed by other load
on the machine); the median is shown too.
Run: python benchmarks/bench_allocator.py
"""

from __future__ import annotations

import copy
import statistics
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from drakit.allocator import AllocatedState, Allocator, AllocatorCache, allocate
from drakit.allocator.core import clear_caches

DRIVER = "gpu.example.com"
CLASS = {"metadata": {"name": "gpu"}, "spec": {"selectors": [{"cel": {"expression": f'device.driver == "{DRIVER}"'}}]}}
NIC_CLASS = {"metadata": {"name": "nic"}, "spec": {"selectors": [{"cel": {"expression": 'device.driver == "nic.example.com"'}}]}}
CLAIM = {"metadata": {"name": "c", "namespace": "default"}, "spec": {"devices": {"requests": [
    {"name": "r", "exactly": {"deviceClassName": "gpu", "selectors": [
        {"cel": {"expression": f'device.attributes["{DRIVER}"].model == "h100"'}}]}}]}}}
NIC_CLAIM = {"metadata": {"name": "n", "namespace": "default"}, "spec": {"devices": {"requests": [
    {"name": "r", "exactly": {"deviceClassName": "nic"}}]}}}
NODES = 500


def cluster(nodes: int = NODES, per_node: int = 10) -> tuple[list[dict], dict[str, list[dict]]]:
    node_objs, by_node = [], {}
    for n in range(nodes):
        name = f"node-{n}"
        node_objs.append({"metadata": {"name": name, "labels": {"zone": f"z{n % 3}"}}})
        by_node[name] = [{"metadata": {"name": f"{name}-gpus", "uid": f"uid-{name}", "resourceVersion": "1"}, "spec": {
            "driver": DRIVER, "nodeName": name, "pool": {"name": name, "generation": 1, "resourceSliceCount": 1},
            "devices": [{"name": f"gpu-{i}", "attributes": {"model": {"string": "h100" if i >= per_node - 2 else "a100"},
                                                           "index": {"int": i}},
                         "capacity": {"memory": {"value": "80Gi"}}} for i in range(per_node)]}}]
    return node_objs, by_node


def _times(fn: Callable[[], Any], reps: int) -> tuple[float, float]:
    out = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1e3)
    return min(out), statistics.median(out)


def _line(label: str, best: float, median: float, extra: str = "") -> None:
    print(f"  {label:34s} {best:8.1f} ms total (median {median:7.1f}), {best / NODES * 1e3:6.1f} µs/node{extra}")


def bench_filter_loop() -> None:
    print(f"one claim over {NODES} nodes x 10 devices (Filter loop):")
    nodes, by_node = cluster()

    def plain(by: dict[str, list[dict]], claim: dict = CLAIM, classes: list = [CLASS]) -> int:  # noqa: B006
        return sum(bool(allocate(n, [claim], by[n["metadata"]["name"]], classes)) for n in nodes)

    def plain_cold() -> None:
        clear_caches()
        fresh = copy.deepcopy(by_node)
        t0 = time.perf_counter()
        plain(fresh)
        cold.append((time.perf_counter() - t0) * 1e3)

    cold: list[float] = []
    for _ in range(3):
        plain_cold()
    _line("allocate() cold", min(cold), statistics.median(cold))
    assert plain(by_node) == NODES
    _line("allocate() warm", *_times(lambda: plain(by_node), 5))

    all_slices = [s for n in nodes for s in by_node[n["metadata"]["name"]]]
    cold, build = [], []
    for _ in range(3):
        clear_caches()
        fresh = copy.deepcopy(all_slices)
        t0 = time.perf_counter()
        cache = AllocatorCache(fresh, [CLASS, NIC_CLASS])
        t1 = time.perf_counter()
        fits = sum(bool(cache.allocate_on(n, [CLAIM])) for n in nodes)
        t2 = time.perf_counter()
        build.append((t1 - t0) * 1e3)
        cold.append((t2 - t1) * 1e3)
    assert fits == NODES
    print(f"  AllocatorCache(update_slices of {len(all_slices)} slices): {min(build):6.1f} ms")
    _line("AllocatorCache.allocate_on cold", min(cold), statistics.median(cold))
    _line("AllocatorCache.allocate_on warm", *_times(lambda: [cache.allocate_on(n, [CLAIM]) for n in nodes], 9))
    _line("allocate_on, no device of driver", *_times(lambda: [cache.allocate_on(n, [NIC_CLAIM]) for n in nodes], 9))
    _line("allocate(), no device of driver",
          *_times(lambda: plain(by_node, NIC_CLAIM, [CLASS, NIC_CLASS]), 5))


def bench_sequential(pods: int = 200) -> None:
    nodes, by_node = cluster()
    cache = AllocatorCache([s for n in nodes for s in by_node[n["metadata"]["name"]]], [CLASS])
    state = AllocatedState()
    cache.update_allocated(state)
    t0 = time.perf_counter()
    calls = bound = 0
    for p in range(pods):
        claim = {"metadata": {"name": f"pod-{p}", "namespace": "default"}, "spec": CLAIM["spec"]}
        fit = None
        for n in nodes:  # Filter: every node, as the scheduler does before scoring
            calls += 1
            res = cache.allocate_on(n, [claim])
            if res and fit is None:
                fit = res
        if fit:
            bound += 1
            for r in fit[0]["devices"]["results"]:
                state.devices.add((r["driver"], r["pool"], r["device"]))
    s = time.perf_counter() - t0
    print(f"sequential: {pods} pods x {NODES} nodes Filter ({calls} allocate_on calls, {bound} bound): "
          f"{s:6.2f} s, {pods / s:6.1f} pods/s from allocation alone, {s / calls * 1e6:5.1f} µs/call")


def bench_backtracking() -> None:
    counters = {"metadata": {"name": "counters"}, "spec": {
        "driver": DRIVER, "nodeName": "node-0", "pool": {"name": "p", "generation": 1, "resourceSliceCount": 2},
        "sharedCounters": [{"name": f"gpu-{g}", "counters": {"mem": {"value": "8Gi"}}} for g in range(4)]}}
    devices = []
    for g in range(4):
        devices.append({"name": f"gpu-{g}-whole", "attributes": {"gpu": {"int": g}},
                        "consumesCounters": [{"counterSet": f"gpu-{g}", "counters": {"mem": {"value": "8Gi"}}}]})
        for h in range(4):
            devices.append({"name": f"gpu-{g}-q{h}", "attributes": {"gpu": {"int": g}},
                            "consumesCounters": [{"counterSet": f"gpu-{g}", "counters": {"mem": {"value": "2Gi"}}}]})
    parts = {"metadata": {"name": "parts"}, "spec": {
        "driver": DRIVER, "nodeName": "node-0", "pool": {"name": "p", "generation": 1, "resourceSliceCount": 2},
        "devices": devices}}
    cls = {"metadata": {"name": "any"}, "spec": {}}
    # 4 requests of 4 devices that must share a GPU: every "whole" choice must be undone.
    claim = {"metadata": {"name": "c", "namespace": "default"}, "spec": {"devices": {
        "requests": [{"name": f"r{i}", "exactly": {"deviceClassName": "any", "count": 1}} for i in range(4)],
        "constraints": [{"matchAttribute": f"{DRIVER}/gpu"}]}}}
    claims = [claim, {**claim, "metadata": {"name": "c2", "namespace": "default"}}]
    node = {"metadata": {"name": "node-0"}}
    clear_caches()
    t0 = time.perf_counter()
    alloc = Allocator(node, claims, [counters, parts], [cls])
    res = alloc.run()
    cold = (time.perf_counter() - t0) * 1e3
    warm, _ = _times(lambda: Allocator(node, claims, [counters, parts], [cls]).run(), 20)
    cache = AllocatorCache([counters, parts], [cls])
    assert cache.allocate_on(node, claims) == res
    cached, _ = _times(lambda: cache.allocate_on(node, claims), 20)
    picked = [[r["device"] for r in a["devices"]["results"]] for a in res]
    print(f"backtracking (partitionable, counters, matchAttribute): cold {cold:6.2f} ms, warm {warm:6.2f} ms, "
          f"cached {cached:6.2f} ms; {alloc.steps} search steps, result {picked}")


def _rss_mb() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 2**20


def bench_memory() -> None:
    clear_caches()
    nodes, by_node = cluster()
    all_slices = [s for n in nodes for s in by_node[n["metadata"]["name"]]]
    rss0 = _rss_mb()
    tracemalloc.start()
    base = tracemalloc.take_snapshot()
    cache = AllocatorCache(all_slices, [CLASS])
    for n in nodes:
        cache.allocate_on(n, [CLAIM])
    snap = tracemalloc.take_snapshot()
    state = sum(s.size_diff for s in snap.compare_to(base, "filename"))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del snap, base
    rss1 = _rss_mb()
    print(f"memory: {NODES} nodes x 10 devices, warm AllocatorCache: Python heap {state / 2**20:5.1f} MB "
          f"(peak {peak / 2**20:5.1f} MB), process RSS growth {rss1 - rss0:5.1f} MB (incl. CEL activations)")


def _worst(label: str, claims: list[dict], slices: list[dict], classes: list[dict],
           budget: int | None) -> None:
    from drakit.allocator import AllocationTimeout
    from drakit.allocator.core import UNITS_PER_SECOND

    clear_caches()
    node = {"metadata": {"name": "node-0"}}
    t0 = time.perf_counter()
    alloc = Allocator(node, claims, slices, classes, budget=budget)
    units = 0
    try:
        outcome = "solution" if alloc.run() else "no solution"
        units = alloc.units
    except AllocationTimeout as e:
        outcome = "timeout (modeled)" if e.modeled else "timeout (drakit work bound)"
        units = e.units  # for a modeled timeout: the work at which it triggered (> budget)
    ms = (time.perf_counter() - t0) * 1e3
    print(f"  {label:44s} {ms:8.1f} ms, {alloc.steps:7d} calls run, modeled {units:.3g} units "
          f"= {units / UNITS_PER_SECOND:9.3f} s upstream -> {outcome}")


def bench_worst_cases() -> None:
    from drakit.allocator.core import UNITS_PER_SECOND

    budget = 10 * UNITS_PER_SECOND  # the default filterTimeout
    print("worst cases (no solution; Filter timeout 10 s):")
    cls = {"metadata": {"name": "gpu"}, "spec": {"selectors": [{"cel": {"expression": f'device.driver == "{DRIVER}"'}}]}}

    def sl(devices: list[dict], name: str = "s", count: int = 1) -> dict:
        return {"metadata": {"name": name}, "spec": {
            "driver": DRIVER, "nodeName": "node-0", "pool": {"name": "p", "generation": 1, "resourceSliceCount": count},
            "devices": devices}}

    def claim(count: int, match: str | None = None) -> dict:
        spec: dict[str, Any] = {"requests": [{"name": "r", "exactly": {"deviceClassName": "gpu", "count": count}}]}
        if match:
            spec["constraints"] = [{"matchAttribute": f"{DRIVER}/{match}"}]
        return {"metadata": {"name": "c", "namespace": "default"}, "spec": {"devices": spec}}

    for groups, per in ((8, 14), (14, 8), (7, 16)):
        devs = [{"name": f"d{i}", "attributes": {"numa": {"int": i // per}}} for i in range(groups * per)]
        _worst(f"matchAttribute, {groups} groups x {per}, count {per + 1}", [claim(per + 1, "numa")],
               [sl(devs)], [cls], budget)
    for n in (20, 24, 31):
        _worst(f"count {n + 1} on {n} devices", [claim(n + 1)], [sl([{"name": f"d{i}"} for i in range(n)])],
               [cls], budget)
    counters = {"metadata": {"name": "counters"}, "spec": {
        "driver": DRIVER, "nodeName": "node-0", "pool": {"name": "p", "generation": 1, "resourceSliceCount": 2},
        "sharedCounters": [{"name": "g", "counters": {"mem": {"value": "20Gi"}}}]}}
    parts = sl([{"name": f"part-{i}", "consumesCounters": [{"counterSet": "g", "counters": {"mem": {"value": "1Gi"}}}]}
                for i in range(40)], "parts", 2)
    _worst("counters: 21 partitions of 1Gi from 20Gi, 40 parts", [claim(21)], [counters, parts], [cls], budget)
    # MIG-like: 8 GPUs x 7 slices, each slice 1/7 of its GPU; 8 slices on one GPU cannot fit
    gpus = {"metadata": {"name": "gpus"}, "spec": {
        "driver": DRIVER, "nodeName": "node-0", "pool": {"name": "p", "generation": 1, "resourceSliceCount": 2},
        "sharedCounters": [{"name": f"gpu-{g}", "counters": {"sm": {"value": "7"}}} for g in range(8)]}}
    slices7 = sl([{"name": f"gpu-{g}-slice-{k}", "attributes": {"gpu": {"int": g}},
                   "consumesCounters": [{"counterSet": f"gpu-{g}", "counters": {"sm": {"value": "1"}}}]}
                  for g in range(8) for k in range(7)], "slices", 2)
    _worst("counters: 8 slices on one GPU of 7 (MIG-like)", [claim(8, "gpu")], [gpus, slices7], [cls], budget)


def main() -> None:
    bench_filter_loop()
    bench_sequential()
    bench_backtracking()
    bench_memory()
    bench_worst_cases()


if __name__ == "__main__":
    main()
