"""A drakit serve instance per test module (1.37, GenericWorkload on for PodGroups), over
HTTPS with its bearer token like every served cluster."""

from __future__ import annotations

import urllib.request

import pytest
import yaml

from drakit import serve
from drakit.serve import sandbox


@pytest.fixture(scope="module")
def served_url(tmp_path_factory):
    srv, served, _ = serve.start(port=0, interval=0.05, gates={"GenericWorkload": True})
    url = serve.url_of(srv)
    kc = tmp_path_factory.mktemp("kc") / "kubeconfig"
    kc.write_text(yaml.safe_dump(serve.kubeconfig_for(srv)))
    ctx = sandbox.client_context(srv.tls_cert_pem)
    token = srv.sandbox.token

    def open_(path: str, data: bytes | None = None, method: str = "GET",
              headers: dict | None = None, timeout: float = 10):
        """urlopen() of ``path`` with the token and the server's CA."""
        req = urllib.request.Request(url + path, data=data, method=method, headers={
            "Authorization": f"Bearer {token}", **(headers or {})})
        return urllib.request.urlopen(req, timeout=timeout, context=ctx)

    yield {"url": url, "served": served, "kubeconfig": str(kc), "open": open_,
           "ssl": ctx, "token": token, "port": srv.server_address[1]}
    srv.shutdown()
    served.stop()
    srv.server_close()
