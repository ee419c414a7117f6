"""Fixtures for the kubelet tests: clusters whose node state lives in a short temp dir.

Why short: a unix socket path must stay under 108 bytes, and pytest's tmp_path can be long.
Every cluster's kubelets are stopped at the end so no gRPC server outlives its test.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from typing import Any

import pytest

import drakit
from drakit.kubelet import stop_kubelets


@pytest.fixture
def make_cluster() -> Iterator[Any]:
    made: list[tuple[drakit.Cluster, str]] = []

    def make(gates: dict[str, bool] | None = None, version: str = "1.37",
             nodes: dict[str, dict[str, str]] | None = None) -> drakit.Cluster:
        d = tempfile.mkdtemp(prefix="dk-")
        c = drakit.Cluster(version=version, feature_gates=gates or {}, state_dir=d)
        for name, alloc in (nodes or {"n1": {"cpu": "8", "memory": "32Gi"}}).items():
            c.add_node(name, allocatable=alloc)
        made.append((c, d))
        return c

    yield make
    for c, d in made:
        stop_kubelets(c)
        shutil.rmtree(d, ignore_errors=True)


@pytest.fixture
def cluster(make_cluster) -> drakit.Cluster:
    return make_cluster()
