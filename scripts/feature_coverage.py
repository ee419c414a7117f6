"""Which lines of drakit's mutated areas does no scenario ever run? (issue 10 §6)

Why this tool: a random mutation sample (scripts/mutation.py) costs about 25 minutes per 100
mutants and sees 0.3 % of the population, so it can say *how often* the feature suite misses
a bug but not *where* all the misses are. A mutant on a line no scenario executes survives
for certain, whatever its kind, so the feature suite's line and branch coverage is the
exhaustive, cheap (about 2 minutes) part of the same question: it lists every such line, in
the same areas and with the same conformance scope as the mutation score.

What it does: runs the feature suite on the reference once per release the README's test
command runs it at (1.37 and ``OLDER_RELEASES``: code only an older release reaches counts as
reached), under coverage.py with branch measurement, combines the runs, and writes to the
workdir:

* ``summary.md`` / ``summary.json``: per area, statements and branches, missed lines and
  partial branches, over the whole area and over the conformance scope (the area without
  ``OUT_OF_CONFORMANCE_SCOPE``, by module or function as mutmut names them);
* ``missed.txt``: every in-scope missed line (``MISSED``) and branch never taken
  (``BRANCH->N``: the jump to line N never happens; a negative N is "leave the function
  starting at line -N"), grouped by function, with the source text.

Python processes the scenarios start (the ``drakit allocate`` and ``drakit flatten`` tool
scenarios) are measured too, through coverage.py's subprocess hook (a ``sitecustomize`` on the
runs' PYTHONPATH and ``COVERAGE_PROCESS_START``).

A feature-suite failure is reported and makes the exit status non-zero: coverage of a red
suite is not the suite's coverage.

    python scripts/feature_coverage.py [--workdir reports/feature-coverage] [--jobs 2]
        [--releases 1.37,1.36] [--fail-under PCT]
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from mutation import AREAS, OLDER_RELEASES, OUT_OF_CONFORMANCE_SCOPE, area_of  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_RELEASE = "1.37"
RUN_TIMEOUT_S = 1800
"""One release's feature run under coverage takes 30-60 s on this 2-core machine; a run
that takes half an hour is hung, not slow."""


def log(msg: str) -> None:
    print(msg, flush=True)


# ------------------------------------------------------------------ function names
def function_spans(source: str, module: str) -> list[tuple[int, int, str]]:
    """(first line, last line, mutmut-style name) of every top-level function and method:
    ``module.x_func`` and ``module.xǁClassǁmethod``, the names OUT_OF_CONFORMANCE_SCOPE keys
    use. Nested functions and lambdas belong to the function around them."""
    spans = []
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            spans.append((first, node.end_lineno or node.lineno, f"{module}.x_{node.name}"))
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    first = min([item.lineno, *(d.lineno for d in item.decorator_list)])
                    spans.append((first, item.end_lineno or item.lineno,
                                  f"{module}.x\u01c1{node.name}\u01c1{item.name}"))
    return spans


def module_name(rel: str) -> str:
    """``drakit/a/b.py`` -> ``drakit.a.b``; a package's ``__init__.py`` is the package, as
    mutmut names its functions (``drakit.allocator.x_allocate``)."""
    module = rel[:-3].replace("/", ".")
    return module.removesuffix(".__init__")


def owner(spans: list[tuple[int, int, str]], line: int, module: str) -> str:
    for first, last, name in spans:
        if first <= line <= last:
            return name
    return module  # module-level code


def in_scope(name: str, module: str) -> bool:
    return name not in OUT_OF_CONFORMANCE_SCOPE and module not in OUT_OF_CONFORMANCE_SCOPE


# ------------------------------------------------------------------ measuring
#: put on PYTHONPATH for the runs, so that a Python process a scenario starts (``drakit
#: allocate``, ``drakit flatten``: tool scenarios run the command as a user does) is measured
#: too (coverage.py's documented subprocess hook); its data lands beside the run's own
_SUBPROCESS_SITE = """\
import os

if os.environ.get("COVERAGE_PROCESS_START"):
    try:
        import coverage
        coverage.process_startup()
    except Exception:
        pass
"""


def _subprocess_rc(work: Path, release: str) -> Path:
    """The coverage config of the suite's child processes: their data files go to a
    directory of the release's own, combined with the run's data (``combine``)."""
    sub = work / f"sub-{release}"
    shutil.rmtree(sub, ignore_errors=True)  # an earlier run's children are not this run's
    sub.mkdir(parents=True)
    rc = work / f"subprocess-{release}.coveragerc"
    rc.write_text(f"[run]\nbranch = True\nsource = drakit\nparallel = True\n"
                  f"data_file = {sub / '.coverage'}\n")
    return rc


def run_release(work: Path, release: str) -> tuple[str, int, str]:
    """The feature suite at one release under coverage; (release, exit code, tail)."""
    data = work / f".coverage.{release}"
    site = work / "site"
    site.mkdir(parents=True, exist_ok=True)
    (site / "sitecustomize.py").write_text(_SUBPROCESS_SITE)
    cmd = [sys.executable, "-m", "coverage", "run", "--branch", "--source=drakit",
           f"--data-file={data}", "-m", "pytest", "steps", "-q", "-p", "no:cacheprovider",
           f"--k8s-version={release}", f"--reports-dir={work / ('rep-' + release)}"]
    path = os.pathsep.join(p for p in (str(site), os.environ.get("PYTHONPATH", "")) if p)
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": path,
           "COVERAGE_PROCESS_START": str(_subprocess_rc(work, release))}
    try:
        proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True,
                              timeout=RUN_TIMEOUT_S, env=env)
    except subprocess.TimeoutExpired:
        return release, 124, f"timed out after {RUN_TIMEOUT_S} s"
    tail = (proc.stdout.strip().splitlines() or [""])[-1]
    return release, proc.returncode, tail


def combine(work: Path, releases: list[str]) -> dict[str, Any]:
    files = [str(work / f".coverage.{r}") for r in releases]
    files += [str(f) for r in releases for f in sorted((work / f"sub-{r}").glob(".coverage.*"))]
    combined = work / ".coverage"
    combined.unlink(missing_ok=True)
    subprocess.run([sys.executable, "-m", "coverage", "combine", "--keep", "-q",
                    f"--data-file={combined}", *files], cwd=ROOT, check=True)
    out = work / "coverage.json"
    subprocess.run([sys.executable, "-m", "coverage", "json", "-q", f"--data-file={combined}",
                    "-o", str(out)], cwd=ROOT, check=True)
    return json.loads(out.read_text())["files"]


# ------------------------------------------------------------------ summarising
@dataclass
class Tally:
    statements: int = 0
    missed: int = 0
    branches: int = 0
    partial: int = 0

    def add(self, statements: int, missed: int, branches: int, partial: int) -> None:
        self.statements += statements
        self.missed += missed
        self.branches += branches
        self.partial += partial

    @property
    def percent(self) -> float:
        """coverage.py's figure: covered statements and branches over all of them."""
        total = self.statements + self.branches
        return 100.0 * (total - self.missed - self.partial) / total if total else 100.0


@dataclass
class AreaReport:
    whole: Tally = field(default_factory=Tally)
    scope: Tally = field(default_factory=Tally)
    listing: list[str] = field(default_factory=list)


def summarise(files: dict[str, Any]) -> dict[str, AreaReport]:
    reports = {area: AreaReport() for area in AREAS}
    for rel in sorted(files):
        area = area_of(rel)
        if area is None:
            continue
        source = (ROOT / rel).read_text()
        lines = source.splitlines()
        module = module_name(rel)
        spans = function_spans(source, module)
        cov = files[rel]
        executed = set(cov["executed_lines"])
        missed = set(cov["missing_lines"])
        # every statement and every branch source of the file, with the function it is in
        statements = executed | missed
        branch_sources: dict[int, int] = {}
        for a, _b in cov.get("executed_branches", []) + cov.get("missing_branches", []):
            branch_sources[a] = branch_sources.get(a, 0) + 1
        partial = [(a, b) for a, b in cov.get("missing_branches", []) if a not in missed]
        rep = reports[area]
        rep.whole.add(len(statements), len(missed), sum(branch_sources.values()), len(partial))
        scoped = {ln for ln in statements if in_scope(owner(spans, ln, module), module)}
        rep.scope.add(len(scoped), len(missed & scoped),
                      sum(n for a, n in branch_sources.items() if a in scoped),
                      sum(1 for a, _b in partial if a in scoped))
        entries: dict[str, list[tuple[int, str]]] = {}
        for ln in sorted(missed & scoped):
            entries.setdefault(owner(spans, ln, module), []).append(
                (ln, f"{rel}:{ln}: MISSED  {lines[ln - 1].strip()[:110]}"))
        for a, b in partial:
            if a in scoped:
                entries.setdefault(owner(spans, a, module), []).append(
                    (a, f"{rel}:{a}: BRANCH->{b}  {lines[a - 1].strip()[:110]}"))
        for name, items in entries.items():
            rep.listing.append(f"## {name}")
            rep.listing += [text for _ln, text in sorted(items)]
    return reports


def write_reports(work: Path, reports: dict[str, AreaReport], releases: list[str],
                  failures: list[str]) -> float:
    md = ["# Feature-suite coverage of the mutated areas", "",
          f"Releases: {', '.join(releases)} (combined). Reference backend. "
          "`missed.txt` lists every in-scope line no scenario runs.", "",
          "| area | statements | missed | branches | partial | whole area | conformance scope |",
          "| --- | --- | --- | --- | --- | --- | --- |"]
    whole, scope = Tally(), Tally()
    for area, rep in reports.items():
        t = rep.whole
        whole.add(t.statements, t.missed, t.branches, t.partial)
        s = rep.scope
        scope.add(s.statements, s.missed, s.branches, s.partial)
        md.append(f"| {area} | {t.statements} | {t.missed} | {t.branches} | {t.partial} | "
                  f"{t.percent:.1f} % | {s.percent:.1f} % ({s.missed} missed, {s.partial} partial) |")
    md.append(f"| **all** | {whole.statements} | {whole.missed} | {whole.branches} | "
              f"{whole.partial} | **{whole.percent:.1f} %** | **{scope.percent:.1f} %** "
              f"({scope.missed} missed, {scope.partial} partial) |")
    if failures:
        md += ["", "**The feature suite failed** (coverage of a red suite is not the suite's):", ""]
        md += [f"- {f}" for f in failures]
    (work / "summary.md").write_text("\n".join(md) + "\n")
    (work / "summary.json").write_text(json.dumps({
        "releases": releases, "failures": failures,
        "whole_percent": round(whole.percent, 2), "scope_percent": round(scope.percent, 2),
        "areas": {a: {"whole": vars(r.whole), "scope": vars(r.scope),
                      "whole_percent": round(r.whole.percent, 2),
                      "scope_percent": round(r.scope.percent, 2)} for a, r in reports.items()},
    }, indent=1) + "\n")
    listing = []
    for area, rep in reports.items():
        listing += [f"# {area}", *rep.listing, ""]
    (work / "missed.txt").write_text("\n".join(listing))
    log("\n".join(md))
    return scope.percent


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--workdir", type=Path, default=ROOT / "reports" / "feature-coverage")
    p.add_argument("--releases", default=",".join((DEFAULT_RELEASE, *OLDER_RELEASES)),
                   help="comma-separated emulated releases (default: the four the README's "
                        "test command runs the features at)")
    p.add_argument("--jobs", type=int, default=2, help="releases measured at once (default 2)")
    p.add_argument("--fail-under", type=float, default=None, metavar="PCT",
                   help="exit 2 when the conformance-scope coverage is below PCT")
    args = p.parse_args(argv)
    args.releases = [r.strip() for r in args.releases.split(",") if r.strip()]
    if not args.releases:
        p.error("--releases: name at least one release, e.g. --releases 1.37")
    if not 1 <= args.jobs <= 8:
        p.error(f"--jobs: {args.jobs} is out of range: use 1 to 8")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    work = args.workdir.resolve()
    work.mkdir(parents=True, exist_ok=True)
    log(f"feature suite under coverage at {', '.join(args.releases)} "
        f"({args.jobs} at a time; about a minute each) ...")
    failures = []
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for release, code, tail in pool.map(lambda r: run_release(work, r), args.releases):
            log(f"  {release}: {tail}")
            if code != 0:
                failures.append(f"{release}: exit {code}: {tail}")
    reports = summarise(combine(work, args.releases))
    percent = write_reports(work, reports, args.releases, failures)
    log(f"\nlisting: {work / 'missed.txt'}")
    if failures:
        return 1
    if args.fail_under is not None and percent < args.fail_under:
        log(f"conformance-scope coverage {percent:.1f} % is below --fail-under {args.fail_under}")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
