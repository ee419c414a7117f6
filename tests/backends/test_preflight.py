"""The live-cluster preflight: environment problems stop the run before the first scenario
with one line (cause and fix); a reachable cluster is described in the report."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import yaml

from drakit import serve

ROOT = Path(__file__).resolve().parents[2]
ONE = "test_not_enough_devices_the_pod_stays_pending_and_no_claim_is_left_behind or " \
      "test_list_shows_claim_driver_pool_device_and_cdi_names_per_container"


def _pytest(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pytest", "steps", "-q", "-p",
                           "no:cacheprovider", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, env={**os.environ, **(env or {})})


def _errors(out: subprocess.CompletedProcess) -> list[str]:
    return [ln for ln in (out.stdout + out.stderr).splitlines() if ln.startswith("ERROR")]


def test_missing_kubeconfig_is_one_usage_error_before_any_scenario(tmp_path):
    out = _pytest("--backend=cluster", f"--kubeconfig={tmp_path / 'nope'}",
                  f"--reports-dir={tmp_path / 'r'}", "-k", ONE)
    assert out.returncode == 4, out.stdout + out.stderr
    errs = _errors(out)
    assert errs == [f"ERROR: drakit preflight: no kubeconfig at {tmp_path / 'nope'} — pass "
                    f"--kubeconfig FILE (or set KUBECONFIG) for --backend=cluster/both, or "
                    f"run on the reference with --backend=reference"]
    assert "PASS" not in out.stdout and "FAIL" not in out.stdout


def test_unreachable_server_is_found_once_and_fast(tmp_path):
    kc = tmp_path / "kubeconfig"
    kc.write_text(yaml.safe_dump(serve.kubeconfig("http://127.0.0.1:9", name="gone")))
    t0 = time.monotonic()
    out = _pytest("--backend=both", f"--kubeconfig={kc}", f"--reports-dir={tmp_path / 'r'}",
                  "-k", ONE)
    took = time.monotonic() - t0
    assert out.returncode == 4, out.stdout + out.stderr
    errs = _errors(out)
    assert len(errs) == 1 and errs[0].startswith(
        "ERROR: drakit preflight: cannot reach the API server 127.0.0.1:9 (context gone): "), errs
    assert errs[0].endswith(f"— start the cluster or fix the server address (kubectl "
                            f"--kubeconfig {kc} cluster-info shows what is used)")
    assert took < 60


def test_unknown_context_names_the_ones_there_are(tmp_path):
    kc = tmp_path / "kubeconfig"
    kc.write_text(yaml.safe_dump(serve.kubeconfig("http://127.0.0.1:9", name="kind-a")))
    out = _pytest("--backend=cluster", f"--kubeconfig={kc}", "--context=prod",
                  f"--reports-dir={tmp_path / 'r'}", "-k", ONE)
    assert out.returncode == 4
    assert _errors(out) == [f"ERROR: drakit preflight: the kubeconfig {kc} has no context "
                            f"'prod' (it has: kind-a) — pass one of them with --context"]


def test_a_served_run_names_its_cluster_and_forecasts_unsupported(tmp_path):
    srv, served, _ = serve.start(port=0, interval=0.05)
    try:
        url = serve.url_of(srv)
        kc = tmp_path / "kubeconfig"
        kc.write_text(yaml.safe_dump(serve.kubeconfig_for(srv)))
        out = _pytest("--backend=cluster", f"--kubeconfig={kc}",
                      f"--reports-dir={tmp_path / 'r'}", "-k", ONE,
                      env={"DRAKIT_SETTLE_QUIET": "0"})
    finally:
        srv.shutdown()
        served.stop()
        srv.server_close()
    assert out.returncode == 0, out.stdout[-3000:]
    host = url.split("://", 1)[1]
    assert f"drakit: cluster {host} (context drakit), v1.37.0-drakit" in out.stdout
    assert "drakit: 1 scenarios will be unsupported on this cluster:" in out.stdout
    assert "drakit: 1 scenarios were unsupported on this cluster:" in out.stdout
    r = json.loads((tmp_path / "r" / "latest" / "results.json").read_text())
    env = r["environment"]
    assert env["server_version"] == "v1.37.0-drakit"
    c = env["cluster"]
    assert (c["server"], c["context"], c["version"]) == (host, "drakit", "1.37")
    assert c["dra_api_versions"]["resource.k8s.io"] == ["v1"]
    assert c["gates"]["DRAExtendedResource"] is True and c["gates_inferred"] is False
    assert c["gates_source"] == "kube-apiserver /metrics (kubernetes_feature_enabled)"
    assert c["node_access"].startswith("none")
    # drakit serve answers SelfSubjectAccessReview: every right the run needs is checked
    assert c["rbac"]["checked"] is True and c["rbac"]["missing"] == []
    assert "create nodes" in c["rbac"]["allowed"]
    assert c["interference"]["foreign_nodes"] == []
    want = "needs node access (no node agent configured)"
    assert list(env["unsupported_forecast"]) == [want]
    assert r["unsupported"] == [{"reason": want, "count": 1, "scenarios": [
        "List shows claim, driver, pool, device and CDI names per container"]}]
    html = (tmp_path / "r" / "latest" / "index.html").read_text()
    assert "<h2>Why unsupported</h2>" in html and f"{host} (context drakit)" in html


class _Authorizer:
    """Answers SelfSubjectAccessReviews like an authorizer that grants all but ``deny``
    (stands in until drakit serve serves the API; the HTTP path is the served tests')."""

    served_api_versions = {"v1", "resource.k8s.io/v1", "authorization.k8s.io/v1"}

    def __init__(self, deny=(), missing_api=False):
        self.deny, self.missing_api, self.seen = set(deny), missing_api, []

    def request(self, method, path, query=None, body=None, retry=True):
        from steps.backends.base import ApiError

        if self.missing_api:
            raise ApiError(404, "NotFound", "the server could not find the requested resource")
        a = body["spec"]["resourceAttributes"]
        res = a["resource"] + ("/" + a["subresource"] if a.get("subresource") else "")
        self.seen.append((a["verb"], a["group"], res))
        return {"status": {"allowed": (a["verb"], res) not in self.deny}}


def test_rbac_names_each_missing_verb_and_resource():
    from steps.backends.preflight import REQUIRED_RIGHTS, check_rights

    auth = _Authorizer(deny={("create", "nodes"), ("update", "resourceclaims/status")})
    out = check_rights(auth, REQUIRED_RIGHTS)
    assert out["checked"] is True
    assert out["missing"] == ["create nodes", "update resource.k8s.io/resourceclaims/status"]
    # groups the server does not serve are not asked about (scheduling.k8s.io here)
    assert not any(g == "scheduling.k8s.io" for _, g, _ in auth.seen)
    assert ("update", "", "nodes/status") in auth.seen


def test_a_server_without_selfsubjectaccessreview_is_recorded_not_fatal():
    from steps.backends.preflight import REQUIRED_RIGHTS, check_rights

    out = check_rights(_Authorizer(missing_api=True), REQUIRED_RIGHTS)
    assert out["checked"] is False and out["missing"] == []
    assert out["note"].startswith("cannot check RBAC: the server does not serve "
                                  "SelfSubjectAccessReview")
