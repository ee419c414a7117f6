"""Allocator speed and memory.

Figures printed (targets from issue 3, reported not asserted):
* one claim over 500 nodes × 10 devices (the scheduler's Filter loop): total ms
  (target <= 10 ms with caching), first pass (cold CEL caches) and warm pass;
* a backtracking-heavy case: partitionable devices sharing counters, where the first
  choices exhaust counters and the search has to revisit them;
* allocator state memory for 500 nodes × 10 devices (target <= 50 MB).

Run: python benchmarks/bench_allocator.py
"""

from __future__ import annotations

import time
import tracemalloc

from drakit.allocator import Allocator, allocate
from drakit.allocator.core import clear_caches

DRIVER = "gpu.example.com"
CLASS = {"metadata": {"name": "gpu"}, "spec": {"selectors": [{"cel": {"expression": f'device.driver == "{DRIVER}"'}}]}}
CLAIM = {"metadata": {"name": "c", "namespace": "default"}, "spec": {"devices": {"requests": [
    {"name": "r", "exactly": {"deviceClassName": "gpu", "selectors": [
        {"cel": {"expression": f'device.attributes["{DRIVER}"].model == "h100"'}}]}}]}}}


def cluster(nodes: int = 500, per_node: int = 10) -> tuple[list[dict], dict[str, list[dict]]]:
    node_objs, by_node = [], {}
    for n in range(nodes):
        name = f"node-{n}"
        node_objs.append({"metadata": {"name": name, "labels": {"zone": f"z{n % 3}"}}})
        by_node[name] = [{"metadata": {"name": f"{name}-gpus"}, "spec": {
            "driver": DRIVER, "nodeName": name, "pool": {"name": name, "generation": 1, "resourceSliceCount": 1},
            "devices": [{"name": f"gpu-{i}", "attributes": {"model": {"string": "h100" if i >= per_node - 2 else "a100"},
                                                           "index": {"int": i}},
                         "capacity": {"memory": {"value": "80Gi"}}} for i in range(per_node)]}}]
    return node_objs, by_node


def bench_filter_loop() -> None:
    nodes, by_node = cluster()
    clear_caches()
    for label in ("cold", "warm"):
        t0 = time.perf_counter()
        ok = 0
        for node in nodes:
            res = allocate(node, [CLAIM], by_node[node["metadata"]["name"]], [CLASS])
            ok += bool(res)
        ms = (time.perf_counter() - t0) * 1e3
        print(f"allocate 1 claim over 500 nodes x 10 devices ({label}): {ms:8.1f} ms total, "
              f"{ms / len(nodes) * 1e3:6.1f} µs/node, {ok} nodes fit")


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
    t0 = time.perf_counter()
    alloc = Allocator(node, claims, [counters, parts], [cls])
    res = alloc.run()
    ms = (time.perf_counter() - t0) * 1e3
    picked = [[r["device"] for r in a["devices"]["results"]] for a in res]
    print(f"backtracking (partitionable, counters, matchAttribute): {ms:8.1f} ms, "
          f"{alloc.steps} search steps, result {picked}")


def bench_memory() -> None:
    tracemalloc.start()
    nodes, by_node = cluster()
    snap_objs = tracemalloc.take_snapshot()
    allocators = [Allocator(node, [CLAIM], by_node[node["metadata"]["name"]], [CLASS]) for node in nodes]
    for a in allocators:
        a.prepare()
    current, peak = tracemalloc.get_traced_memory()
    snap = tracemalloc.take_snapshot()
    state = sum(s.size_diff for s in snap.compare_to(snap_objs, "filename"))
    tracemalloc.stop()
    print(f"memory: 500 nodes x 10 devices, objects + prepared allocator state: {current / 2**20:6.1f} MB "
          f"(allocator state alone {state / 2**20:5.1f} MB, peak {peak / 2**20:5.1f} MB)")


def main() -> None:
    bench_filter_loop()
    bench_backtracking()
    bench_memory()


if __name__ == "__main__":
    main()
