"""Checkpoint files of the node's managers: atomic, checksummed, refused when corrupt.

Why this shape: the kubelet's DRA manager must answer PodResources with the same devices
after a restart (KEP-3695 "Design Details": the DRAManager checkpoints like the device and
CPU managers do). Upstream's ``checkpointmanager`` writes each checkpoint through a temp
file that is synced and renamed over the old one, stores a checksum next to the data and,
on start, refuses a file whose checksum does not match (``ErrCorruptCheckpoint``) so the
kubelet does not run pods on state it cannot trust. drakit does the same:

* ``write_checkpoint``: write ``<name>.tmp-<pid>``, flush + fsync, ``os.replace`` onto the
  final name, fsync the directory. A crash at any point leaves either the old complete file
  or the new complete file; never a torn one.
* the file is JSON ``{"kind", "version", "data", "checksum"}``; the checksum is the
  SHA-256 of the canonical JSON of ``data`` (upstream uses a 32-bit FNV hash of the Go
  struct dump; the format is drakit's own, the guarantee is the same).
* ``read_checkpoint``: a missing file means "fresh node"; unreadable JSON, a truncated file,
  a wrong kind/version or a checksum mismatch raise ``CorruptCheckpointError`` naming the
  file, which the kubelet turns into a refusal to start.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

FORMAT_VERSION = "v1"


class CorruptCheckpointError(RuntimeError):
    """A checkpoint file exists but cannot be trusted; ``path`` names it."""

    def __init__(self, path: str | os.PathLike[str], reason: str) -> None:
        self.path = str(path)
        self.reason = reason
        super().__init__(f"checkpoint {self.path} is corrupted: {reason}")


def _canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":")).encode("utf-8")


def checksum(data: Any) -> str:
    return hashlib.sha256(_canonical(data)).hexdigest()


def write_checkpoint(path: str | os.PathLike[str], kind: str, data: Any) -> None:
    """Atomically replace ``path`` with a checksummed checkpoint of ``data``."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    doc = {"kind": kind, "version": FORMAT_VERSION, "data": data, "checksum": checksum(data)}
    body = json.dumps(doc, sort_keys=True, separators=(",", ":")).encode("utf-8")
    tmp = target.with_name(f"{target.name}.tmp-{os.getpid()}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        view = memoryview(body)
        while view:
            n = os.write(fd, view)
            view = view[n:]
        os.fsync(fd)
    finally:
        os.close(fd)
    try:
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _fsync_dir(target.parent)


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory fds
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(fd)


def read_checkpoint(path: str | os.PathLike[str], kind: str) -> Any | None:
    """The data of the checkpoint at ``path``; None when there is none yet."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as e:
        raise CorruptCheckpointError(p, f"cannot be read: {e.strerror or e}") from None
    if not raw.strip():
        raise CorruptCheckpointError(p, "the file is empty")
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise CorruptCheckpointError(p, f"not a valid checkpoint document ({e})") from None
    if not isinstance(doc, dict) or "data" not in doc or "checksum" not in doc:
        raise CorruptCheckpointError(p, "missing data or checksum")
    if doc.get("kind") != kind:
        raise CorruptCheckpointError(p, f"kind {doc.get('kind')!r} is not {kind!r}")
    if doc.get("version") != FORMAT_VERSION:
        raise CorruptCheckpointError(
            p, f"unsupported version {doc.get('version')!r} (expected {FORMAT_VERSION})")
    if checksum(doc["data"]) != doc["checksum"]:
        raise CorruptCheckpointError(p, "checksum mismatch")
    return doc["data"]


def stale_temp_files(path: str | os.PathLike[str]) -> list[Path]:
    """Temp files a crash between write and rename left next to ``path`` (never read)."""
    p = Path(path)
    return sorted(p.parent.glob(f"{p.name}.tmp-*"))
