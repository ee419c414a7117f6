"""pytest-xdist runs: the workers' scenario runs merge into one complete report."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import yaml

from drakit import serve

ROOT = Path(__file__).resolve().parents[2]
SUBSET = ["-m", "kep-3695"]


def _run(tmp: Path, *args: str, env: dict | None = None) -> dict:
    out = subprocess.run([sys.executable, "-m", "pytest", "steps", "-q", "-p",
                          "no:cacheprovider", f"--reports-dir={tmp}", *SUBSET, *args],
                         cwd=ROOT, capture_output=True, text=True, timeout=600,
                         env={**os.environ, **(env or {})})
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    run = tmp / "latest"
    r = json.loads((run / "results.json").read_text())
    cucumber = json.loads((run / "cucumber.json").read_text())
    return {"results": r, "stdout": out.stdout,
            "verdicts": {s["id"]: s["verdict"] for s in r["scenarios"]},
            "junit": len(re.findall("<testcase ", (run / "junit.xml").read_text())),
            "cucumber": sum(len(f["elements"]) for f in cucumber)}


def test_two_workers_write_the_same_complete_report_as_one_process(tmp_path):
    one = _run(tmp_path / "n0")
    two = _run(tmp_path / "n2", "-n", "2")
    assert two["verdicts"] == one["verdicts"] and len(one["verdicts"]) >= 4
    r = two["results"]
    assert (r["status"], r["complete"], r["planned"]) == ("finished", True,
                                                         len(one["verdicts"]))
    assert two["junit"] == one["junit"] == len(one["verdicts"])
    assert two["cucumber"] == one["cucumber"] == len(one["verdicts"])
    assert "index.html" in os.listdir(tmp_path / "n2" / "latest")


def test_both_backends_on_several_workers_are_compared_once_both_runs_are_in(tmp_path):
    srv, served, _ = serve.start(port=0, interval=0.05)
    try:
        kc = tmp_path / "kubeconfig"
        kc.write_text(yaml.safe_dump(serve.kubeconfig_for(srv)))
        both = _run(tmp_path / "both", "-n", "2", "--backend=both", f"--kubeconfig={kc}",
                    env={"DRAKIT_SETTLE_QUIET": "0"})
    finally:
        srv.shutdown()
        served.stop()
        srv.server_close()
    scen = both["results"]["scenarios"]
    assert all(len(s["runs"]) == 2 for s in scen)
    assert all(s["comparison"]["verdict"] in ("match", "not-compared") for s in scen)
    # no node agent here: the PodResources scenarios are unsupported on the cluster side,
    # counted in their own column, never as a disagreement
    assert "unsupported on the cluster" in both["stdout"]
    assert re.search(r"agree \d+, disagree 0, unsupported on the cluster [1-9]",
                     both["stdout"]), both["stdout"][-2000:]
