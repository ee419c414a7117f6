"""A drakit serve instance per test module (shared with tests/serve's fixture shape)."""

from __future__ import annotations

import pytest
import yaml

from drakit import serve


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv, served, _ = serve.start(port=0, interval=0.05)
    url = serve.url_of(srv)
    kc = tmp_path_factory.mktemp("kc") / "kubeconfig"
    kc.write_text(yaml.safe_dump(serve.kubeconfig_for(srv)))
    yield {"url": url, "served": served, "kubeconfig": str(kc)}
    srv.shutdown()
    served.stop()
    srv.server_close()
