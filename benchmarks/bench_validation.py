"""Validation speed: a worst-case ResourceSlice (128 devices x 32 attributes+capacities).

Prints ms per validation (strategy only) and per full API-server create (admission chain:
defaulting, gate dropping, metadata + object validation, storage). Target: <= 20 ms.

    python benchmarks/bench_validation.py [--rounds N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from drakit.apiserver import APIServer
from drakit.features import FeatureGates
from drakit.kinds import strategy_for
from drakit.validation.strategy import Context


def worst_case_slice(name: str = "worst") -> dict:
    devices = []
    for d in range(128):
        attrs = {f"attr{i}": {"string": f"value-{i:02d}-" + "x" * 48} for i in range(16)}
        attrs.update({f"num{i}": {"int": i} for i in range(8)})
        caps = {f"cap{i}": {"value": f"{i + 1}Gi"} for i in range(8)}
        devices.append({"name": f"device-{d}", "attributes": attrs, "capacity": caps})
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
            "metadata": {"name": name},
            "spec": {"driver": "gpu.example.com", "nodeName": "node-1",
                     "pool": {"name": "node-1", "generation": 1, "resourceSliceCount": 1},
                     "devices": devices}}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=50)
    args = ap.parse_args()
    gates = FeatureGates("1.37")
    ctx = Context(version="1.37", gates=gates, api_version="resource.k8s.io/v1")
    strategy = strategy_for("ResourceSlice")
    obj = worst_case_slice()
    errs = strategy.validate_create(obj, ctx)
    assert not errs, [str(e) for e in errs]
    times = []
    for _ in range(args.rounds):
        t = time.perf_counter()
        strategy.validate_create(obj, ctx)
        times.append((time.perf_counter() - t) * 1000)
    print(f"ResourceSlice 128 devices x 32 attributes+capacities: validation "
          f"median {statistics.median(times):.2f} ms, max {max(times):.2f} ms "
          f"(target <= 20 ms, {args.rounds} rounds)")
    api = APIServer(gates)
    times = []
    for i in range(args.rounds):
        o = worst_case_slice(f"worst-{i}")
        t = time.perf_counter()
        api.create(o)
        times.append((time.perf_counter() - t) * 1000)
    print(f"ResourceSlice create through the API server (admission chain + store): "
          f"median {statistics.median(times):.2f} ms, max {max(times):.2f} ms")


if __name__ == "__main__":
    main()
