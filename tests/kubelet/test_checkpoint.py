"""Checkpoint files: atomic replace, checksum, refusal to start on a corrupt or truncated file."""

from __future__ import annotations

import json
import os
import socket

import pytest

from drakit.kubelet import KubeletStartError
from drakit.kubelet.checkpoint import (
    CorruptCheckpointError,
    read_checkpoint,
    write_checkpoint,
)

from .helpers import allocate, claim, container, phase, pod


def stale_temp_files(path) -> list:
    """Temp files a crash between write and rename left next to ``path`` (never read)."""
    return sorted(path.parent.glob(f"{path.name}.tmp-*"))


def test_round_trip_and_missing_file(tmp_path):
    p = tmp_path / "state"
    assert read_checkpoint(p, "K") is None
    write_checkpoint(p, "K", {"a": [1, 2]})
    assert read_checkpoint(p, "K") == {"a": [1, 2]}
    assert stale_temp_files(p) == []


@pytest.mark.parametrize("damage, reason", [
    (lambda b: b[: len(b) // 2], "not a valid checkpoint document"),
    (lambda b: b"", "the file is empty"),
    (lambda b: b.replace(b'"a"', b'"b"'), "checksum mismatch"),
])
def test_corrupt_file_is_refused_naming_the_path(tmp_path, damage, reason):
    p = tmp_path / "state"
    write_checkpoint(p, "K", {"a": 1})
    p.write_bytes(damage(p.read_bytes()))
    with pytest.raises(CorruptCheckpointError) as e:
        read_checkpoint(p, "K")
    assert e.value.path == str(p)
    assert str(p) in str(e.value) and reason in str(e.value)


def test_wrong_kind_is_refused(tmp_path):
    p = tmp_path / "state"
    write_checkpoint(p, "Other", {})
    with pytest.raises(CorruptCheckpointError, match="kind 'Other' is not 'K'"):
        read_checkpoint(p, "K")


def test_crash_between_write_and_rename_keeps_the_committed_state(tmp_path, monkeypatch):
    p = tmp_path / "state"
    write_checkpoint(p, "K", {"gen": 1})

    def crash(src, dst):
        raise OSError("power lost")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError):
        write_checkpoint(p, "K", {"gen": 2})
    monkeypatch.undo()
    assert read_checkpoint(p, "K") == {"gen": 1}
    assert stale_temp_files(p) == []  # a rename that failed takes its temp file away


def test_a_checkpoint_that_cannot_be_read_is_refused_naming_why(tmp_path):
    p = tmp_path / "state"
    p.mkdir()
    with pytest.raises(CorruptCheckpointError, match="cannot be read: Is a directory"):
        read_checkpoint(p, "K")


def test_temp_file_left_by_a_crash_is_ignored(tmp_path):
    p = tmp_path / "state"
    write_checkpoint(p, "K", {"gen": 1})
    (tmp_path / "state.tmp-999").write_text('{"half": ')
    assert read_checkpoint(p, "K") == {"gen": 1}
    assert [f.name for f in stale_temp_files(p)] == ["state.tmp-999"]


def test_checkpoint_file_is_json_with_checksum(cluster):
    cluster.apply([claim("c")])
    cluster.apply([pod("p1", [container("main", ["gpu"])], claims={"gpu": "c"})])
    allocate(cluster, "c", [("gpu", "gpu.example.com", "n1", "gpu-0")], ["p1"])
    doc = json.loads(cluster.kubelet("n1").checkpoint_path.read_text())
    assert set(doc) == {"kind", "version", "data", "checksum"}
    (entry,) = doc["data"]["claims"]
    assert entry["claimName"] == "c" and entry["prepared"] is True
    assert entry["driverState"][0]["devices"][0]["cdiDeviceIDs"] == ["gpu.example.com/gpu=gpu-0"]


@pytest.mark.parametrize("truncate", [True, False])
def test_kubelet_refuses_to_start_on_a_corrupt_checkpoint(cluster, truncate):
    cluster.apply([claim("c")])
    cluster.apply([pod("p1", [container("main", ["gpu"])], claims={"gpu": "c"})])
    allocate(cluster, "c", [("gpu", "gpu.example.com", "n1", "gpu-0")], ["p1"])
    path = cluster.kubelet("n1").checkpoint_path
    raw = path.read_bytes()
    path.write_bytes(raw[:40] if truncate else raw.replace(b"gpu-0", b"gpu-9"))
    with pytest.raises(KubeletStartError) as e:
        cluster.restart_kubelet("n1")
    assert str(path) in str(e.value)
    assert str(e.value).startswith("failed to start kubelet on node n1: ")
    k = cluster.kubelet("n1")
    assert not k.running and k.start_error == str(e.value)
    assert not k.socket_path.exists()


def test_socket_path_taken_is_a_clear_error(cluster):
    k = cluster.kubelet("n1")
    k.stop()
    squatter = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    squatter.bind(str(k.socket_path))
    squatter.listen(1)
    try:
        with pytest.raises(KubeletStartError) as e:
            cluster.restart_kubelet("n1")
        assert f"listen unix {k.socket_path}: bind: address already in use" in str(e.value)
    finally:
        squatter.close()
    # a stale socket file (nobody listening) is replaced, as upstream does
    k2 = cluster.restart_kubelet("n1")
    assert k2.running and k2.pod_resources.list() == {}


def test_path_that_is_not_a_socket_is_a_clear_error(cluster):
    k = cluster.kubelet("n1")
    k.stop()
    k.socket_path.write_text("not a socket")
    with pytest.raises(KubeletStartError, match="exists and is not a socket"):
        cluster.restart_kubelet("n1")


def test_pods_keep_running_across_a_restart(cluster):
    cluster.apply([claim("c")])
    cluster.apply([pod("p1", [container("main", ["gpu"])], claims={"gpu": "c"})])
    allocate(cluster, "c", [("gpu", "gpu.example.com", "n1", "gpu-0")], ["p1"])
    cluster.restart_kubelet("n1")
    assert phase(cluster, "p1") == "Running"
    assert cluster.kubelet("n1").cdi_devices("p1", "main") == ["gpu.example.com/gpu=gpu-0"]
