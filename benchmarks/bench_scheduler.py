"""Scheduler throughput on upstream scheduler_perf shapes, in pods per second.

Why these shapes: kube-scheduler's own performance suite
(test/integration/scheduler_perf/dra) runs them and reports pods/s (upstream is typically
51-70 pods/s here, threshold 40); drakit's target is >= 100 pods/s:

* SchedulingWithResourceClaimTemplate/5000pods_500nodes: 500 nodes with 10 devices each
  (one ResourceSlice per node), a DeviceClass, a ResourceClaimTemplate asking for one
  device; 2500 pods are scheduled first (init), then 2500 more are measured. Every pod gets
  its own claim from the template (ResourceClaim controller) and an allocation.
* SchedulingWithExtendedResource/5000pods_500nodes: the same nodes and devices, the class
  maps example.com/gpu; pods ask for ``example.com/gpu: 1`` and the scheduler creates each
  pod's special claim (KEP-5004).

Like scheduler_perf there are no kubelets (pods stay Pending once bound); the API server,
ResourceClaim controller, garbage collector and scheduler run. Figures: measured pods/s
(create + settle), init pods/s, and the process's peak RSS.

Run: python benchmarks/bench_scheduler.py [--nodes 500] [--init 2500] [--measure 2500]
"""

from __future__ import annotations

import argparse
import resource
import sys
import time

from drakit import Cluster

DRIVER = "gpu.example.com"


def build(nodes: int, per_node: int, extended: bool) -> Cluster:
    c = Cluster(version="1.37")
    c.components = [x for x in c.components if not x.name.startswith("kubelet")]
    cls = {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass", "metadata": {"name": "test-class"},
           "spec": {"selectors": [{"cel": {"expression": f'device.driver == "{DRIVER}"'}}]}}
    if extended:
        cls["spec"]["extendedResourceName"] = "example.com/gpu"
    objs = [cls, {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaimTemplate",
                  "metadata": {"name": "test-claim-template", "namespace": "default"},
                  "spec": {"spec": {"devices": {"requests": [
                      {"name": "req-0", "exactly": {"deviceClassName": "test-class"}}]}}}}]
    for n in range(nodes):
        name = f"scheduler-perf-dra-{n:04d}"
        c.api.create({"apiVersion": "v1", "kind": "Node",
                      "metadata": {"name": name, "labels": {"kubernetes.io/hostname": name}}, "spec": {}})
        node = c.api.get("Node", name)
        node["status"] = {"allocatable": {"cpu": "4", "memory": "32Gi", "pods": "110"},
                          "capacity": {"cpu": "4", "memory": "32Gi", "pods": "110"}}
        c.api.update_status(node)
        objs.append({"apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
                     "metadata": {"name": f"{name}-{DRIVER}"},
                     "spec": {"driver": DRIVER, "nodeName": name,
                              "pool": {"name": name, "generation": 1, "resourceSliceCount": 1},
                              "devices": [{"name": f"gpu-{i}"} for i in range(per_node)]}})
    for o in objs:
        c.api.create(o)
    c.settle()
    return c


def pod(i: int, prefix: str, extended: bool) -> dict:
    p = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": f"{prefix}-{i}", "namespace": "default"},
         "spec": {"containers": [{"name": "pause", "image": "registry.k8s.io/pause:3.10",
                                  "resources": {}}]}}
    if extended:
        p["spec"]["containers"][0]["resources"] = {"requests": {"example.com/gpu": "1"},
                                                   "limits": {"example.com/gpu": "1"}}
    else:
        p["spec"]["containers"][0]["resources"] = {"claims": [{"name": "resource"}]}
        p["spec"]["resourceClaims"] = [{"name": "resource", "resourceClaimTemplateName": "test-claim-template"}]
    return p


def run(c: Cluster, n: int, prefix: str, extended: bool, batch: int = 100) -> float:
    t0 = time.perf_counter()
    for start in range(0, n, batch):
        for i in range(start, min(n, start + batch)):
            c.api.create(pod(i, prefix, extended))
        c.settle()
    dt = time.perf_counter() - t0
    bound = sum(1 for p in c.api.list("Pod", copy=False)
                if p["metadata"]["name"].startswith(prefix + "-") and p["spec"].get("nodeName"))
    if bound != n:
        print(f"  WARNING: only {bound}/{n} {prefix} pods were scheduled", file=sys.stderr)
    return n / dt


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--nodes", type=int, default=500)
    ap.add_argument("--devices", type=int, default=10)
    ap.add_argument("--init", type=int, default=2500)
    ap.add_argument("--measure", type=int, default=2500)
    args = ap.parse_args()
    for label, extended in (("SchedulingWithResourceClaimTemplate", False),
                            ("SchedulingWithExtendedResource", True)):
        t0 = time.perf_counter()
        c = build(args.nodes, args.devices, extended)
        setup = time.perf_counter() - t0
        init_rate = run(c, args.init, "init", extended)
        rate = run(c, args.measure, "measured", extended)
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"{label}/{args.init + args.measure}pods_{args.nodes}nodes: "
              f"{rate:7.1f} pods/s measured (init {init_rate:7.1f} pods/s, setup {setup:5.1f} s), "
              f"peak RSS {rss:7.1f} MiB")


if __name__ == "__main__":
    main()
