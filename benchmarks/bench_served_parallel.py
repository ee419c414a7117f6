"""Parallel cluster runs against ``drakit serve``: the same verdicts, in at most half the time?

    python benchmarks/bench_served_parallel.py [--profile 1.37-alpha] [--workers 4]
                                               [--rounds 2] [--target 0.5]

Issue 12 §5: ``--backend=cluster -n 4`` against ``drakit serve`` must give the same verdict for
every scenario as a sequential run (``-n 0``), in at most half its time. Each round runs the
profile once sequentially and once with ``--workers`` xdist workers (a fresh server each
time, as ``scripts/run_served.py`` does), back to back so that both meet the same machine
load; the rounds alternate which goes first. Reported per round: the suite's own duration
(pytest's, from results.json) and the wall time including the server's start and the
leftover check; the verdict of every scenario is compared. Exit status 0 when every round
had identical verdicts and the median ratio of suite durations is at most ``--target``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

import run_served  # noqa: E402 - the served runner lives in scripts/


def one_run(profile: str, workers: int, reports: Path) -> tuple[float, float, dict[str, str]]:
    """(suite seconds, wall seconds, verdict per scenario id) of one served run."""
    t0 = time.monotonic()
    rc, left = run_served.run_profile(profile, ["-q", "--no-header"], reports, workers)
    wall = time.monotonic() - t0
    if rc not in (0, 5) or left:
        raise SystemExit(f"the served run with {workers} workers failed (pytest exit {rc}, "
                         f"{len(left)} objects left behind)")
    results = json.loads((reports / profile / "results.json").read_text())
    verdicts = {s["id"]: s["verdict"] for s in results["scenarios"]}
    return float(results["environment"]["duration"]), wall, verdicts


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--profile", default="1.37-alpha", choices=sorted(run_served.PROFILES))
    p.add_argument("--workers", type=int, default=4)
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--target", type=float, default=0.5,
                   help="the largest acceptable ratio parallel/sequential (default 0.5)")
    args = p.parse_args(argv)
    if args.rounds < 1 or args.workers < 2:
        p.error("--rounds must be at least 1 and --workers at least 2")
    ratios, same = [], True
    rows = []
    with tempfile.TemporaryDirectory(prefix="drakit-bench-") as tmp:
        for r in range(args.rounds):
            order = (0, args.workers) if r % 2 == 0 else (args.workers, 0)
            got = {}
            for w in order:
                got[w] = one_run(args.profile, w, Path(tmp) / f"r{r}-n{w}")
            (s_seq, w_seq, v_seq), (s_par, w_par, v_par) = got[0], got[args.workers]
            differ = sorted(k for k in v_seq.keys() | v_par.keys() if v_seq.get(k) != v_par.get(k))
            same &= not differ
            ratios.append(s_par / s_seq)
            rows.append((r + 1, s_seq, w_seq, s_par, w_par, len(v_seq), differ))
    print(f"\nserved profile {args.profile}: -n 0 against -n {args.workers}")
    print("round  suite -n 0  wall -n 0  suite -n N  wall -n N  ratio  scenarios  verdicts")
    for n, s_seq, w_seq, s_par, w_par, count, differ in rows:
        print(f"{n:>5}  {s_seq:9.1f}s {w_seq:9.1f}s {s_par:10.1f}s {w_par:9.1f}s "
              f"{s_par / s_seq:6.2f}  {count:>9}  {'same' if not differ else 'DIFFER'}")
        for k in differ[:10]:
            print(f"         differs: {k}")
    ratio = statistics.median(ratios)
    ok = same and ratio <= args.target
    print(f"median ratio {ratio:.2f} (target <= {args.target}); verdicts "
          f"{'identical' if same else 'DIFFER'}: {'OK' if ok else 'NOT MET'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
