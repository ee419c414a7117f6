"""steps.compare: normalization and per-step comparison of two backends' runs."""

from __future__ import annotations

from steps.compare import compare_runs, normalize


def obj(name: str, uid: str, rv: str, gen_suffix: str = "") -> dict:
    return {"apiVersion": "v1", "kind": "Pod",
            "metadata": {"name": name + gen_suffix, "generateName": name if gen_suffix else None,
                         "uid": uid, "resourceVersion": rv,
                         "creationTimestamp": "2026-01-01T00:00:00Z",
                         "managedFields": [{"manager": "x"}]},
            "status": {"conditions": [{"type": "B", "status": "True"},
                                      {"type": "A", "status": "True",
                                       "lastTransitionTime": "2026-01-01T00:00:05Z"}],
                       "resourceClaimStatuses": [{"name": "gpu",
                                                  "resourceClaimName": "p-gpu-x7k2p"}]}}


def test_normalize_strips_volatile_and_sorts_unordered():
    a = normalize(obj("p-", "11111111-1111-4111-8111-111111111111", "5", "abcde"))
    b = obj("p-", "22222222-2222-4222-8222-222222222222", "99", "zz9xq")
    b["status"]["conditions"].reverse()
    b["status"]["resourceClaimStatuses"][0]["resourceClaimName"] = "p-gpu-4kq9z"
    assert a == normalize(b)
    assert "uid" not in a["metadata"] and "managedFields" not in a["metadata"]


def test_allocations_compare_by_rule_not_device_name():
    def alloc(dev: str) -> dict:
        return {"status": {"allocation": {"devices": {"results": [
            {"request": "gpu", "driver": "gpu.example.com", "pool": "node-1", "device": dev}]}}}}
    assert normalize(alloc("gpu-0")) == normalize(alloc("gpu-1"))


def run(backend: str, verdicts: list[str], actuals: list) -> dict:
    return {"backend": backend, "verdict": "failed" if "failed" in verdicts else "passed",
            "steps": [{"verdict": v, "observations": [{"actual": a, "objects": []}]}
                      for v, a in zip(verdicts, actuals)]}


def test_compare_runs_statuses():
    c = compare_runs(run("reference", ["passed", "passed", "passed"], [1, 2, 3]),
                     run("cluster", ["passed", "passed", "failed"], [1, 5, 3]))
    assert [s["status"] for s in c["steps"]] == ["match", "divergence", "one-side-failed"]
    assert c["verdict"] == "one-side-failed"
    assert c["steps"][1]["diff"]
    unsupported = run("cluster", ["passed"], [1]) | {"verdict": "unsupported"}
    assert compare_runs(run("reference", ["passed"], [1]), unsupported)["verdict"] == \
        "not-compared"
