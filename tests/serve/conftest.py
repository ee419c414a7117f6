"""A drakit serve instance per test module, on a free loopback port."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import yaml

from drakit import serve
from drakit.serve import sandbox


class Http:
    """HTTPS against the server with its token: (status, parsed body)."""

    def __init__(self, url: str, token: str, ca_pem: bytes) -> None:
        self.url, self.token = url, token
        self.ssl = sandbox.client_context(ca_pem)

    def open(self, path: str, timeout: float = 10, **kw):
        """urlopen() of ``path`` with the token and the server's CA."""
        headers = {"Authorization": f"Bearer {self.token}", **kw.pop("headers", {})}
        req = urllib.request.Request(self.url + path, headers=headers, **kw)
        return urllib.request.urlopen(req, timeout=timeout, context=self.ssl)

    def __call__(self, method: str, path: str, body=None, ctype: str = "application/json",
                 accept: str = "application/json", headers: dict | None = None):
        data = None
        if body is not None:
            data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
        try:
            with self.open(path, data=data, method=method,
                           headers={"Content-Type": ctype, "Accept": accept,
                                    **(headers or {})}) as r:
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
    kc.write_text(yaml.safe_dump(serve.kubeconfig_for(srv)))
    yield {"url": url, "served": served, "kubeconfig": str(kc), "srv": srv,
           "http": Http(url, srv.sandbox.token, srv.tls_cert_pem)}
    srv.shutdown()
    served.stop()
    srv.server_close()


@pytest.fixture
def http(server) -> Http:
    return server["http"]


@pytest.fixture
def kubeconfig(server) -> Path:
    return Path(server["kubeconfig"])
