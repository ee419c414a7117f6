"""A drakit serve instance per test module, on a free loopback port."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import yaml

from drakit import serve


class Http:
    """Raw HTTP against the server: (status, parsed body)."""

    def __init__(self, url: str) -> None:
        self.url = url

    def __call__(self, method: str, path: str, body=None, ctype: str = "application/json",
                 accept: str = "application/json"):
        data = None
        if body is not None:
            data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data=data, method=method,
                                     headers={"Content-Type": ctype, "Accept": accept})
        try:
            with urllib.request.urlopen(req, timeout=10) as r:
                raw = r.read()
                status = r.status
        except urllib.error.HTTPError as e:
            raw, status = e.read(), e.code
        try:
            return status, json.loads(raw) if raw else None
        except ValueError:
            return status, raw.decode()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv, served, _ = serve.start(port=0, interval=0.05)
    url = serve.url_of(srv)
    kc = tmp_path_factory.mktemp("kc") / "kubeconfig"
    kc.write_text(yaml.safe_dump(serve.kubeconfig(url)))
    yield {"url": url, "served": served, "kubeconfig": str(kc), "http": Http(url)}
    srv.shutdown()
    served.stop()
    srv.server_close()


@pytest.fixture
def http(server) -> Http:
    return server["http"]


@pytest.fixture
def kubeconfig(server) -> Path:
    return Path(server["kubeconfig"])
