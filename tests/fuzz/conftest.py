"""Counters shared by the fuzz tests; written to $DRAKIT_FUZZ_REPORT (JSON) at the end."""

from __future__ import annotations

import json
import os
import time

import pytest
from fuzz_harness import Stats, report


@pytest.fixture(scope="session")
def fuzz_stats():
    stats = Stats()
    t0 = time.monotonic()
    yield stats
    stats.seconds = time.monotonic() - t0
    out = os.environ.get("DRAKIT_FUZZ_REPORT")
    if out:
        with open(out, "w", encoding="utf-8") as f:
            json.dump({**report(stats), "violation_samples": stats.violations[:20]}, f,
                      indent=2, sort_keys=True)
