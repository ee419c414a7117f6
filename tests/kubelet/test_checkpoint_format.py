"""The checkpoint file format is stable: a file an earlier drakit wrote is still trusted.

Why: the checksum is drakit's own (SHA-256 of the canonical JSON of ``data``; upstream hashes
the Go struct), so nothing outside drakit pins it. If the canonical form drifted (other
separators, unsorted keys, non-ASCII kept as is), every kubelet state directory written
before the change would read as corrupt after an upgrade and every kubelet would refuse to
start. The expected bytes and digest here are written out by hand, not produced by the code
under test.
"""

from __future__ import annotations

import hashlib
import json

from drakit.kubelet.checkpoint import checksum, read_checkpoint

DATA = {"claims": {"ns/c": ["gpu-0", "gpu-1"]}, "node": "n\u00fc1", "a": 1}
CANONICAL = b'{"a":1,"claims":{"ns/c":["gpu-0","gpu-1"]},"node":"n\\u00fc1"}'


def test_the_checksum_is_the_sha256_of_compact_sorted_ascii_json() -> None:
    assert checksum(DATA) == hashlib.sha256(CANONICAL).hexdigest()


def test_a_file_written_by_an_earlier_drakit_is_read(tmp_path) -> None:
    p = tmp_path / "dra_manager_state"
    doc = {"kind": "DRAManager", "version": "v1", "data": DATA,
           "checksum": hashlib.sha256(CANONICAL).hexdigest()}
    p.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    assert read_checkpoint(p, "DRAManager") == DATA
