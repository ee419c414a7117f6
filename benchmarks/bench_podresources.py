"""PodResources List latency over the unix socket, and DRA checkpoint write time.

Figures printed (targets from issue 5, reported not asserted):
* List with 100 running pods x 4 claims each (one device per claim, two containers per pod),
  through a real grpcio client on ``<state>/pod-resources/kubelet.sock``: median and p95 per
  call (target <= 5 ms) in three cases: cold (every pod message built), after a state change
  (answer reassembled from per-pod messages, which stay valid while a started pod's
  resourceVersion does not change), unchanged node (the whole answer is reused); plus the
  size of the answer on the wire;
* the DRA manager's checkpoint of those 400 claims: median write time (temp file, fsync,
  rename, directory fsync) and file size.

The rate limit (100 QPS, burst 10) refills from the cluster's logical clock, so the loop
advances that clock by 10 ms before each call: the benchmark measures the server, not the
limiter.

Run: python benchmarks/bench_podresources.py
"""

from __future__ import annotations

import shutil
import statistics
import tempfile
import time

import drakit
from drakit.kubelet import stop_kubelets

PODS = 100
CLAIMS_PER_POD = 4
CALLS = 300


def build(state_dir: str) -> drakit.Cluster:
    c = drakit.Cluster(state_dir=state_dir)
    c.add_node("n1", allocatable={"cpu": "512", "memory": "2Ti", "pods": "200"})
    objs: list[dict] = []
    for p in range(PODS):
        for k in range(CLAIMS_PER_POD):
            objs.append({"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
                         "metadata": {"name": f"p{p}-c{k}"},
                         "spec": {"devices": {"requests": [
                             {"name": "gpu", "exactly": {"deviceClassName": "gpu.example.com"}}]}}})
        objs.append({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": f"p{p}"},
                     "spec": {"nodeName": "n1",
                              "resourceClaims": [{"name": f"c{k}", "resourceClaimName": f"p{p}-c{k}"}
                                                 for k in range(CLAIMS_PER_POD)],
                              "containers": [
                                  {"name": "main", "image": "registry.k8s.io/pause:3.10",
                                   "resources": {"claims": [{"name": f"c{k}"}
                                                            for k in range(CLAIMS_PER_POD)]}},
                                  {"name": "side", "image": "registry.k8s.io/pause:3.10",
                                   "resources": {"claims": [{"name": "c0"}]}}]}})
    c.apply(objs, settle=False)
    for p in range(PODS):
        uid = c.api.get("Pod", f"p{p}", "default")["metadata"]["uid"]
        for k in range(CLAIMS_PER_POD):
            claim = c.api.get("ResourceClaim", f"p{p}-c{k}", "default")
            claim["status"] = {
                "allocation": {"devices": {"results": [{
                    "request": "gpu", "driver": "gpu.example.com", "pool": "n1",
                    "device": f"gpu-{p * CLAIMS_PER_POD + k}"}]}},
                "reservedFor": [{"resource": "pods", "name": f"p{p}", "uid": uid}]}
            c.api.update_status(claim)
    c.settle()
    return c


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    d = tempfile.mkdtemp(prefix="dkb-")
    try:
        t0 = time.perf_counter()
        c = build(d)
        setup = time.perf_counter() - t0
        k = c.kubelet("n1")
        running = sum(1 for p in c.list("Pod") if p["status"].get("phase") == "Running")
        client = k.pod_resources
        assert client is not None
        msg = client.list_message()
        n_dyn = sum(len(ct.dynamic_resources) for p in msg.pod_resources for ct in p.containers)
        print(f"setup: {PODS} pods x {CLAIMS_PER_POD} claims, {running} running, "
              f"{n_dyn} container/claim entries, {setup:.2f} s")

        servicer = k.server.servicer if k.server else None
        assert servicer is not None
        cold, changed, warm = [], [], []
        for i in range(CALLS):
            c.clock.advance(0.01)
            if i % 10 == 0:  # nothing cached: every pod message is built again
                k.generation += 1
                servicer._pod_cache.clear()
                bucket = cold
            elif i % 10 == 5:  # a state change elsewhere on the node: the answer is reassembled
                k.generation += 1
                bucket = changed
            else:
                bucket = warm
            t = time.perf_counter()
            client.list_message()
            bucket.append((time.perf_counter() - t) * 1000)
        size = len(msg.SerializeToString())
        for label, xs in (("cold, all pods built", cold), ("after a state change", changed),
                          ("unchanged node", warm)):
            print(f"List ({label}): median {statistics.median(xs):.2f} ms, "
                  f"p95 {pct(xs, 0.95):.2f} ms  ({len(xs)} calls)   target <= 5 ms")
        print(f"List answer: {size} bytes on the wire")

        writes = []
        assert k.dra is not None
        for _ in range(50):
            t = time.perf_counter()
            k.dra.sync_to_checkpoint()
            writes.append((time.perf_counter() - t) * 1000)
        print(f"checkpoint write ({CLAIMS_PER_POD * PODS} claims, "
              f"{k.checkpoint_path.stat().st_size} bytes): median "
              f"{statistics.median(writes):.2f} ms, p95 {pct(writes, 0.95):.2f} ms")
        stop_kubelets(c)
    finally:
        shutil.rmtree(d, ignore_errors=True)


if __name__ == "__main__":
    main()
