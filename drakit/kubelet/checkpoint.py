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
* ``check_shape``: a checksum only proves the file is what was written, not that what was
  written is well-formed (an older drakit, a bug, a hand edit with a recomputed checksum).
  Upstream decodes into Go structs and fails on a wrong type; each manager here checks its
  data against a small schema before using it, and a mismatch is the same corruption error
  (path, and which field is wrong), never a KeyError in the middle of a restore.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
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


# ---------------------------------------------------------------------------- shapes

Shape = Any
"""``str``/``bool``/``int``: that JSON type; ``[shape]``: a list of it; ``{"key": shape,
"key?": shape}``: an object with required (and optional, null allowed) keys; other keys are
allowed (a newer writer may add some)."""

_TYPE_NAMES = {str: "string", bool: "boolean", int: "integer", list: "array", dict: "object"}


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    for t, name in _TYPE_NAMES.items():
        if isinstance(value, t):
            return name
    return type(value).__name__


def check_shape(value: Any, shape: Shape, path: str = "data") -> str | None:
    """The first place where ``value`` does not fit ``shape`` (``"data.claims[0].claimUID:
    expected string, got integer"``), or None."""
    if isinstance(shape, list):
        if not isinstance(value, list):
            return f"{path}: expected array, got {_type_name(value)}"
        for i, item in enumerate(value):
            problem = check_shape(item, shape[0], f"{path}[{i}]")
            if problem:
                return problem
        return None
    if isinstance(shape, dict):
        if not isinstance(value, Mapping):
            return f"{path}: expected object, got {_type_name(value)}"
        for key, sub in shape.items():
            optional = key.endswith("?")
            name = key.rstrip("?")
            if name not in value or value[name] is None:
                if optional:
                    continue
                return f"{path}.{name}: required field is missing"
            problem = check_shape(value[name], sub, f"{path}.{name}")
            if problem:
                return problem
        return None
    ok = isinstance(value, shape) and not (shape is int and isinstance(value, bool))
    return None if ok else f"{path}: expected {_TYPE_NAMES[shape]}, got {_type_name(value)}"


def checkpointed_list(path: str | os.PathLike[str], kind: str, shape: Shape, key: str) -> list | None:
    """The list under ``key`` in the checkpoint at ``path`` ([] when there is none yet), for
    the kubelet's cache comparer; None when the file cannot be used (unreadable, or of another
    shape: a scenario edited it by hand, which the kubelet finds out at its next start)."""
    try:
        data = read_checkpoint(path, kind)
    except CorruptCheckpointError:
        return None
    if data is not None and check_shape(data, shape):
        return None
    return list((data or {}).get(key) or [])

