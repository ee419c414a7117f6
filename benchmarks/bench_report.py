"""How long report generation takes for a large run (target: 300 scenarios in <= 2 s).

    python benchmarks/bench_report.py [N] [--both]

Renders every report file (results.json, index.html, junit.xml, cucumber.json) from a
synthetic results document with N scenarios (default 300; ~1 in 4 failing or unsupported,
failing steps with objects and highlighted diffs) and writes them to a temporary directory.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from drakit.report import write_reports
from drakit.report.sample import synthetic_results


def main(argv: list[str]) -> int:
    n = int(next((a for a in argv if a.isdigit()), "300"))
    backends = ("reference", "cluster") if "--both" in argv else ("reference",)
    results = synthetic_results(n, backends)
    best = float("inf")
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(3):
            t0 = time.perf_counter()
            run_dir = write_reports(results, Path(tmp))
            best = min(best, time.perf_counter() - t0)
        size = (run_dir / "index.html").stat().st_size
    status = "OK" if best <= 2.0 else "TOO SLOW"
    print(f"report generation: {n} scenarios, backends {'+'.join(backends)}: "
          f"{best:.3f} s (best of 3; index.html {size / 1024:.0f} KiB) — target <= 2 s: {status}")
    return 0 if best <= 2.0 else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
