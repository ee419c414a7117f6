"""``drakit serve`` as a command: kubeconfig (CA + token), the non-loopback warning, ::1."""

from __future__ import annotations

import base64
import os
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
import yaml

from drakit.serve import sandbox

ROOT = Path(__file__).resolve().parents[2]


def run_serve(*args: str, tmp_path: Path) -> tuple[subprocess.Popen, str, Path]:
    kc = tmp_path / "kc"
    proc = subprocess.Popen([sys.executable, "-m", "drakit.cli", "serve", "--port", "0",
                             "--kubeconfig-out", str(kc), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    line = proc.stdout.readline() if proc.stdout else ""
    return proc, line, kc


def stop(proc: subprocess.Popen) -> str:
    proc.terminate()
    try:
        _, err = proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:  # pragma: no cover
        proc.kill()
        _, err = proc.communicate()
    return err


def test_kubeconfig_carries_ca_and_token_and_is_private(tmp_path):
    proc, line, kc = run_serve(tmp_path=tmp_path)
    try:
        assert " on https://127.0.0.1:" in line, line
        assert os.stat(kc).st_mode & 0o777 == 0o600
        conf = yaml.safe_load(kc.read_text())
        cluster, user = conf["clusters"][0]["cluster"], conf["users"][0]["user"]
        assert len(user["token"]) >= 40
        ca = base64.b64decode(cluster["certificate-authority-data"])
        req = urllib.request.Request(cluster["server"] + "/api",
                                     headers={"Authorization": f"Bearer {user['token']}"})
        with urllib.request.urlopen(req, timeout=10,
                                    context=sandbox.client_context(ca)) as r:
            assert r.status == 200
    finally:
        err = stop(proc)
    assert "WARNING" not in err


def test_non_loopback_bind_warns_loudly(tmp_path):
    proc, line, kc = run_serve("--bind", "0.0.0.0", tmp_path=tmp_path)
    try:
        assert " on https://0.0.0.0:" in line, line
        # the kubeconfig reaches a wildcard bind on loopback, which the certificate names
        conf = yaml.safe_load(kc.read_text())
        cluster, user = conf["clusters"][0]["cluster"], conf["users"][0]["user"]
        assert cluster["server"].startswith("https://127.0.0.1:")
        ca = base64.b64decode(cluster["certificate-authority-data"])
        req = urllib.request.Request(cluster["server"] + "/api",
                                     headers={"Authorization": f"Bearer {user['token']}"})
        with urllib.request.urlopen(req, timeout=10, context=sandbox.client_context(ca)) as r:
            assert r.status == 200
    finally:
        err = stop(proc)
    assert "WARNING: listening on 0.0.0.0, which is not a loopback address" in err


def test_bind_ipv6_loopback(tmp_path):
    if not socket.has_ipv6:
        pytest.skip("this Python has no IPv6 support")
    proc, line, kc = run_serve("--bind", "::1", tmp_path=tmp_path)
    try:
        if "https://[::1]:" not in line:
            err = stop(proc)
            if "cannot listen" in err:
                pytest.skip(f"::1 is not configured on this machine: {err.strip()}")
            raise AssertionError((line, err))
        conf = yaml.safe_load(kc.read_text())
        assert conf["clusters"][0]["cluster"]["server"].startswith("https://[::1]:")
    finally:
        if proc.poll() is None:
            stop(proc)
