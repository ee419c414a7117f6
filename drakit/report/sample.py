"""Synthetic ``drakit.results/v1`` documents: for the report's tests, the benchmark and docs.

Deterministic for a given seed. Every verdict appears, failing steps carry observations with
objects, some scenarios are outlines with examples, and ``backends=("reference", "cluster")``
produces the side-by-side shape with a few disagreements.
"""

from __future__ import annotations

import random
from typing import Any

from .model import SCHEMA, summarize, worst

KEPS = ("5004", "5234", "5729", "5517", "3695")
SECTIONS = ("Device Class API", "Resource Claim API", "Pod API", "Scheduling", "Enablement",
            "Proposal", "Kubelet", "Validation")


def _claim(name: str, count: int, node: str) -> dict:
    return {"apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
            "metadata": {"name": name, "namespace": "default", "uid": f"uid-{name}",
                         "resourceVersion": "42", "creationTimestamp": "2026-01-01T00:00:00Z",
                         "annotations": {"resource.kubernetes.io/extended-resource-claim": "true"}},
            "spec": {"devices": {"requests": [{"name": "container-0-request-0", "exactly": {
                "deviceClassName": "gpu.example.com", "allocationMode": "ExactCount",
                "count": count}}]}},
            "status": {"allocation": {"devices": {"results": [
                {"request": "container-0-request-0", "driver": "gpu.example.com",
                 "pool": node, "device": f"gpu-{i}"} for i in range(count)]}},
                "reservedFor": [{"resource": "pods", "name": "p", "uid": "uid-p"}]}}


def synthetic_results(n: int = 300, backends: tuple[str, ...] = ("reference",), seed: int = 0,
                      complete: bool = True) -> dict:
    rnd = random.Random(seed)
    verdict_pool = (["passed"] * 14 + ["failed"] * 3 + ["unsupported"] * 2 + ["skipped"]
                    + ["error"])
    scenarios = []
    requirements = [{"id": f"{k}-R{i:02d}", "kep": k, "section": rnd.choice(SECTIONS),
                     "text": f"requirement {i} of KEP-{k}"} for k in KEPS for i in range(1, 13)]
    for i in range(n):
        kep = KEPS[i % len(KEPS)]
        section = rnd.choice(SECTIONS)
        reqs = sorted({f"{kep}-R{rnd.randint(1, 10):02d}" for _ in range(rnd.randint(1, 2))})
        tags = sorted([f"kep-{kep}", f"component:{rnd.choice(['apiserver', 'scheduler'])}",
                       *(f"req:{r}" for r in reqs)])
        steps = [{"keyword": "Given", "text": "a cluster", "line": 10},
                 {"keyword": "And", "text": 'a node "node-1" with cpu=8', "line": 11},
                 {"keyword": "When", "text": "I create:", "line": 12,
                  "docstring": "apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n"},
                 {"keyword": "Then", "text": 'the ResourceClaim "c" contains:', "line": 20,
                  "docstring": "spec:\n  devices:\n    requests:\n    - exactly:\n        count: 1\n"},
                 {"keyword": "And", "text": "there is 1 ResourceClaim object", "line": 25}]
        runs = []
        base_verdict = rnd.choice(verdict_pool)
        for b in backends:
            v = base_verdict
            if b != backends[0] and rnd.random() < 0.1:
                v = "failed" if v == "passed" else "passed"
            rsteps: list[dict[str, Any]] = []
            fail_at = 3 if v in ("failed", "error") else (2 if v == "unsupported" else None)
            for j, _ in enumerate(steps):
                if v == "skipped":
                    rsteps.append({"verdict": "not run", "duration": 0.0})
                elif fail_at is None or j < fail_at:
                    st: dict[str, Any] = {"verdict": "passed", "duration": 0.001 * (j + 1)}
                    if j >= 3:
                        st["observations"] = [{"step": "ResourceClaim c contains", "step_index": j,
                                               "expected": {"spec": {"devices": {}}},
                                               "actual": _claim("c", 1, "node-1"),
                                               "objects": [_claim("c", 1, "node-1")]}]
                    rsteps.append(st)
                elif j == fail_at:
                    if v == "unsupported":
                        rsteps.append({"verdict": "unsupported", "duration": 0.0, "error": {
                            "type": "Unsupported", "message": "the reference cluster has no "
                            "kubelet model yet"}})
                    else:
                        obj = _claim("c", 2, "node-1" if b == "reference" else "node-2")
                        rsteps.append({"verdict": v, "duration": 0.004, "error": {
                            "type": "AssertionError", "location": "steps/common.py:311",
                            "message": "ResourceClaim 'c' differs:\n  spec.devices.requests[0]"
                            ".exactly.count: expected 1, found 2"},
                            "observations": [{
                                "step": "ResourceClaim c contains", "step_index": j,
                                "expected": {"spec": {"devices": {"requests": [
                                    {"exactly": {"count": 1}}]}}},
                                "actual": obj, "objects": [obj]}]})
                else:
                    rsteps.append({"verdict": "not run", "duration": 0.0})
            reason = {"unsupported": "the reference cluster has no kubelet model yet",
                      "skipped": "needs a capability this backend lacks"}.get(v, "")
            runs.append({"backend": b, "verdict": v, "message": reason or (
                "AssertionError: ResourceClaim 'c' differs" if v in ("failed", "error") else ""),
                "reason": reason, "duration": 0.02, "version": "1.37", "gates": {},
                "steps": rsteps, "observations": []})
        verdict = worst(r["verdict"] for r in runs)
        example = {"count": str(i % 3 + 1)} if i % 4 == 0 else None
        scenarios.append({
            "id": f"features/kep-{kep}.feature:{10 + i}" + (f"[{i}]" if example else ""),
            "nodeid": f"steps/test_features.py::test_s{i}", "kep": kep,
            "feature": f"KEP-{kep} synthetic", "feature_file": f"features/kep-{kep}.feature",
            "keyword": "Scenario Outline" if example else "Scenario",
            "name": f"Synthetic scenario {i} about {section.lower()}", "example": example,
            "description": f'KEP-{kep} "{section}": synthetic scenario number {i}.',
            "section": section, "line": 10 + i, "tags": tags, "requirements": reqs,
            "steps": [{**s, "verdict": worst(r["steps"][j]["verdict"] for r in runs)}
                      for j, s in enumerate(steps)],
            "verdict": verdict, "message": runs[0]["message"], "duration": 0.02 * len(runs),
            "runs": runs})
    return {
        "schema": SCHEMA, "run_id": "20260101T000000Z-abcdef", "complete": complete,
        "status": "finished" if complete else "interrupted",
        "interrupted_reason": "" if complete else "interrupted (KeyboardInterrupt)",
        "planned": n if complete else n + 10,
        "environment": {"drakit_version": "0.1.0", "backends": list(backends),
                        "k8s_version": "1.37", "server_version": None,
                        "gates": {"DRAExtendedResource": True},
                        "gate_defaults": {"DRAExtendedResource": True},
                        "start_time": "2026-01-01T00:00:00Z", "end_time": "2026-01-01T00:00:09Z",
                        "duration": 9.0, "command": "pytest steps --reports-dir=reports"},
        "requirements_source": "features/requirements.yaml", "requirements": requirements,
        "summary": summarize(scenarios), "scenarios": scenarios}
