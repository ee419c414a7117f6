"""Named mutants: known bugs the feature suite must keep catching, checked one at a time.

Why: a sampled mutation run (scripts/mutation.py) measures the suite's strength on random
changes, but a random sample may miss the very bugs an independent check once found
surviving (issue 10 §6). Each of those is written here as a small, exact source patch; the
check copies the project into a temporary directory, applies one patch, runs the feature
suite (``pytest steps -x``) against the patched copy and requires it to FAIL, then restores
the file before the next patch. A patch whose text no longer matches the source is an error
(the code moved: update the patch, never drop it silently). Before the patches, the same
selection runs on the unpatched copy and must pass, so a failure is the patch's doing.

``--select`` narrows each run to the scenarios that speak about the mutated behaviour (a
pytest ``-m`` expression, recorded per mutant) so the check takes about a minute;
``--full`` runs the whole feature suite for every patch instead.

Usage: python scripts/named_mutants.py [--full] [--only NAME ...] [--list]
Exit 0 when every patch is killed; 1 when one survives or no longer applies.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: what the feature suite needs from the checkout (steps/ imports nothing else)
COPY = ("drakit", "steps", "features", "fixtures", "pyproject.toml")


@dataclass(frozen=True)
class NamedMutant:
    name: str
    what: str  # the bug, in words
    path: str  # file relative to the project root
    old: str  # text that must occur exactly once
    new: str
    select: str  # pytest -m expression: the scenarios about this behaviour


MUTANTS: tuple[NamedMutant, ...] = (
    NamedMutant(
        "match-attribute-dropped",
        "a claim's matchAttribute constraint is ignored by the allocator",
        "drakit/allocator/core.py",
        'cons.append(MatchAttribute(c.get("requests") or [], c["matchAttribute"], lt))',
        "pass",
        "component:scheduler",
    ),
    NamedMutant(
        "admin-access-counted-allocated",
        "a result with adminAccess counts as allocated and blocks other claims",
        "drakit/allocator/core.py",
        'return not result.get("adminAccess")',
        "return True",
        "component:scheduler",
    ),
    NamedMutant(
        "all-mode-one-device",
        "allocationMode All allocates one device instead of every matching device",
        "drakit/allocator/core.py",
        "rd.num_devices = len(rd.all_devices)",
        "rd.num_devices = min(1, len(rd.all_devices))",
        "component:scheduler",
    ),
    NamedMutant(
        "checkpoint-checksum-unverified",
        "the kubelet accepts a checkpoint whose checksum does not match",
        "drakit/kubelet/checkpoint.py",
        'if checksum(doc["data"]) != doc["checksum"]:',
        "if False:",
        "component:kubelet",
    ),
    NamedMutant(
        "kep5517-gate-ignored-kubelet-admission",
        "kubelet admission counts KEP-5517 amounts with DRANodeAllocatableResources off",
        "drakit/kubelet/admission.py",
        'use_dra = gates.enabled("DRANodeAllocatableResources")',
        "use_dra = True",
        "kep-5517",
    ),
    NamedMutant(
        "kep5517-gate-ignored-scheduler-ledger",
        "the scheduler's node ledger counts KEP-5517 amounts with the gate off",
        "drakit/scheduler/scheduler.py",
        'nar_on = self.gates.enabled("DRANodeAllocatableResources")',
        "nar_on = True",
        "kep-5517",
    ),
    NamedMutant(
        "kep5517-gate-ignored-scheduler-plugin",
        "the scheduler's DRA plugin builds KEP-5517 claim statuses with the gate off",
        "drakit/scheduler/dynamicresources.py",
        'self.nar_on = g.enabled("DRANodeAllocatableResources")',
        "self.nar_on = True",
        "kep-5517",
    ),
    NamedMutant(
        "flatten-not-flattening",
        "`drakit flatten` prints the slices as given, mixins not applied",
        "drakit/allocator/cli.py",
        "flat = [flatten_slice(s) for s in slices]",
        "flat = slices",
        "kep-5234",
    ),
)


def copy_project(dest: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in COPY:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=ignore)
        else:
            shutil.copy2(src, dest / name)


def run_suite(copy: Path, select: str | None, reports: Path, timeout: float) -> tuple[int, float, str]:
    """Run ``pytest steps -x`` in the copy; (exit code, seconds, last lines of output)."""
    env = dict(os.environ, PYTHONPATH=str(copy), PYTHONDONTWRITEBYTECODE="1", PYTHONHASHSEED="0")
    cmd = ["nice", "-n", "10", sys.executable, "-m", "pytest", "steps", "-x", "-q", "-p", "no:cacheprovider",
           f"--reports-dir={reports}"]
    if select:
        cmd += ["-m", select]
    t0 = time.monotonic()
    try:
        proc = subprocess.run(cmd, cwd=copy, env=env, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return -9, time.monotonic() - t0, f"timed out after {timeout:.0f} s"
    tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-3:])
    return proc.returncode, time.monotonic() - t0, tail


def apply(copy: Path, m: NamedMutant) -> str:
    path = copy / m.path
    text = path.read_text()
    n = text.count(m.old)
    if n != 1:
        raise SystemExit(f"named mutant {m.name}: expected the text {m.old!r} once in {m.path}, "
                         f"found it {n} times; the code moved, update the patch in "
                         "scripts/named_mutants.py")
    path.write_text(text.replace(m.old, m.new))
    return text


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--full", action="store_true", help="run the whole feature suite per patch")
    p.add_argument("--only", nargs="*", default=None, metavar="NAME", help="these mutants only")
    p.add_argument("--list", action="store_true", help="list the named mutants and exit")
    p.add_argument("--timeout", type=float, default=600.0, help="seconds per suite run")
    args = p.parse_args(argv)
    chosen = [m for m in MUTANTS if args.only is None or m.name in args.only]
    if args.only is not None and len(chosen) != len(set(args.only)):
        unknown = set(args.only) - {m.name for m in MUTANTS}
        p.error(f"unknown named mutant(s): {', '.join(sorted(unknown))} (see --list)")
    if args.list:
        for m in MUTANTS:
            print(f"{m.name:40} {m.path}: {m.what}")
        return 0
    with tempfile.TemporaryDirectory(prefix="drakit-named-mutants-") as tmp:
        copy, reports = Path(tmp) / "project", Path(tmp) / "reports"
        copy_project(copy)
        for m in chosen:  # every patch must apply before anything runs
            (copy / m.path).write_text(apply(copy, m))
        selects = sorted({m.select for m in chosen})
        base_select = None if args.full else " or ".join(f"({s})" for s in selects)
        code, secs, tail = run_suite(copy, base_select, reports, args.timeout)
        print(f"baseline (unpatched{'' if args.full else ', ' + base_select}): "
              f"exit {code} in {secs:.0f} s")
        if code != 0:
            print(tail)
            print("the unpatched copy does not pass: fix that first")
            return 1
        survivors = []
        for m in chosen:
            original = apply(copy, m)
            try:
                code, secs, tail = run_suite(copy, None if args.full else m.select, reports,
                                             args.timeout)
            finally:
                (copy / m.path).write_text(original)
            killed = code == 1 or code == -9
            verdict = "killed" if killed else f"SURVIVED (exit {code})"
            print(f"{m.name:40} {verdict:10} {secs:5.0f} s  {m.what}")
            if not killed:
                survivors.append(m.name)
                print("    " + tail.replace("\n", "\n    "))
    if survivors:
        print(f"{len(survivors)} named mutant(s) survived the feature suite: {', '.join(survivors)}")
        return 1
    print(f"all {len(chosen)} named mutants killed by the feature suite")
    return 0


if __name__ == "__main__":
    sys.exit(main())
