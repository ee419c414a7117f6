"""Sampled mutation testing of drakit with mutmut: how many injected bugs do the suites catch?

Why a driver of our own around mutmut 3: a full run is thousands of mutants, each worth up to
one feature-suite run (~35 s) on a 2-core machine shared with others, which no budget allows;
and the question is two-tiered (does the *feature suite* kill the mutant? if not, does the
unit suite?), which a single mutmut run with one test selection cannot answer. So this script
uses mutmut for what it is good at and keeps the budget in its own hands:

1. copy the checkout into ``<workdir>/project`` and rewrite every module of the chosen areas
   with mutmut's ``mutate_file_contents`` (libcst operators; each function becomes a
   trampoline that runs the mutant named by ``MUTANT_UNDER_TEST``, the original otherwise);
2. draw a seeded random sample of N mutants per area (``--sample``, ``--seed``; env
   ``DRAKIT_MUTATION_SAMPLE``, ``DRAKIT_MUTATION_SEED``);
3. run the feature and unit suites once in "stats" mode: mutmut's trampolines record which
   test calls which function (coverage-based test selection) and how long each test takes;
   tests that fail on the unmutated copy are left out of every selection; a Python process a
   test starts (``drakit allocate``, ``drakit flatten``) leaves its own hits in a directory
   at exit (a ``sitecustomize`` on the stats run's PYTHONPATH), which count for that test;
4. per sampled mutant, one at a time under ``nice -n 10``: the feature scenarios that call
   the mutated function (``pytest -x``, fastest first, timeout 60 s + 4x their measured time)
   at the default release; if none fails, the same at each older release the README's test
   command runs the suite at (``OLDER_RELEASES``, tox's features-versions), with that
   release's own test map; if none fails, the unit tests that call it; a timeout counts as
   killed, as in mutmut;
5. write ``<workdir>/results.json`` and ``<workdir>/summary.md`` (score per area with a
   Wilson 95 % interval, the survivors with their diffs) and exit 1 below the targets.

Judged survivors live in ``scripts/mutation_judgements.yaml``: ``equivalent`` ones leave the
denominator (with the reason, and the mutated line so a stale judgement is noticed).
Results are cached per mutant and source hash in the workdir; ``--fresh`` starts over,
``--only NAME`` re-runs named mutants (after a new scenario, say).

Usage: python scripts/mutation.py [--sample N] [--seed S] [--areas a,b] [--workdir DIR]
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import math
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest  # the stats child runs pytest in process (tox -e mutation installs it)

ROOT = Path(__file__).resolve().parent.parent
AREAS: dict[str, str] = {
    "allocator": "drakit/allocator",
    "scheduler": "drakit/scheduler",
    "controllers": "drakit/controllers",
    "kubelet": "drakit/kubelet",
    "validation": "drakit/validation",
}
#: generated gRPC code is not ours to test
SKIP_PARTS = ("podresources/gen",)
FEATURES, UNIT = "steps", "tests"
#: the older emulated releases `tox -e features-versions` runs the feature suite at (tox.ini):
#: part of "the feature suite" as CI runs it. Code that only an older release reaches (a
#: message or a status that changed in 1.37) can only be caught there. Newest first: the
#: releases closest to the default share the most code paths, so they kill soonest.
OLDER_RELEASES = ("1.36", "1.35", "1.34")
TARGET_FEATURES, TARGET_ALL = 95.0, 98.0
JUDGEMENTS = ROOT / "scripts" / "mutation_judgements.yaml"

#: Code a conformance suite for the five KEPs cannot reach by design, with the reason. The
#: summary reports the feature suite's score over the whole areas (what issue 10 §6 states
#: its target against) and, side by side, over the "conformance scope": the areas without
#: these. Unit + features is always scored over everything. Keys are a module ("drakit.a.b")
#: or one function of it ("drakit.a.b.x_func", "drakit.a.b.xǁClassǁmethod", as mutmut names
#: them); a key matches its mutants only (the part of a mutant name before "__mutmut_").
OUT_OF_CONFORMANCE_SCOPE: dict[str, str] = {
    "drakit.allocator.cli": "`drakit allocate`, a command-line tool over the allocator library "
                            "(argument parsing, help texts, output formats): drakit's own tool, "
                            "not Kubernetes behaviour (platform-allocator.feature's rule \"The "
                            "allocate tool\" runs it, so the whole-area score counts it)",
    "drakit.allocator.x_allocate": "the allocator library's one-call entry point, which `drakit allocate` "
                                   "and the unit tests call; the scheduler allocates through "
                                   "AllocatorCache (drakit.allocator.cache), never through it",
    "drakit.allocator.explain": "`drakit allocate --explain`, a printout of why each device "
                                "was or was not used; a drakit diagnostic, not cluster behaviour "
                                "(the allocate tool rule checks every reason it prints)",
    "drakit.scheduler.decode":
        "the scheduler's check of stored objects the API server would refuse to decode (a "
        "component never dies on stored data): unreachable through the API by design; "
        "tests/test_component_failures.py stores such objects directly",
    "drakit.controllers.quota.xǁResourceQuotaControllerǁ_usage_failed":
        "reports a quota usage computation that raised: reached only through stored data the "
        "API server refuses, or a drakit bug",
    "drakit.validation.core.x_diff_paths":
        "lists the changed fields after the verbatim first line of \"pod updates may not change "
        "fields other than ...\", where upstream prints a go-cmp diff of the two pod specs: the "
        "text after that line is drakit's own and a live API server's is Go-specific, so the "
        "scenarios match the first line only (tests/validation/test_core_pod.py pins the paths)",
    "drakit.kubelet.kubelet.xǁKubeletǁfail_driver":
        "the harness's driver-fault hook (Backend.fail_dra_driver, the node agent's fail_driver): "
        "it tells drakit's own example driver to fail, which no real node's driver can be told; "
        "its only other path is the error for a driver the node does not run (a scenario "
        "author's typo); tests/nodeagent/test_agent.py covers it",
    "drakit.validation.core.x__validate_ephemeral_containers":
        "ephemeral containers (kubectl debug, the pods/ephemeralcontainers subresource): core "
        "pod API that none of the five DRA KEPs touches",
    "drakit.validation.resource.slice.x__per_device_node_selection":
        "per-device node selection (KEP-4815 partitionable devices, "
        "spec.perDeviceNodeSelection): not one of the five KEPs; KEP-5234's mixins carry no "
        "node selection",
}


# ------------------------------------------------------------------ small helpers
def log(msg: str) -> None:
    print(msg, flush=True)


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion k/n, in percent."""
    if n == 0:
        return (0.0, 100.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (100 * max(0.0, c - h), 100 * min(1.0, c + h))


def tracked_files() -> list[str]:
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [f for f in out.splitlines() if f and (ROOT / f).is_file()]


def out_of_scope(name: str) -> str | None:
    """The reason a mutant lies outside the conformance scope, or None (in scope)."""
    func = name.partition("__mutmut_")[0]
    module = func.rpartition(".")[0]
    return OUT_OF_CONFORMANCE_SCOPE.get(func) or OUT_OF_CONFORMANCE_SCOPE.get(module)


def area_of(rel: str) -> str | None:
    for area, prefix in AREAS.items():
        if rel.startswith(prefix + "/") and rel.endswith(".py") \
                and not any(s in rel for s in SKIP_PARTS):
            return area
    return None


# ------------------------------------------------------------------ 1. mutate
#: libcst generation is slow (~10 min for every area) and depends only on mutmut's version, the
#: file's path and its source: one cache serves every workdir (other seeds, other samples)
GENERATED_CACHE = Path(os.environ.get("DRAKIT_MUTATION_CACHE",
                                      ROOT / "reports" / "mutation" / "generated"))


def prepare(work: Path, areas: list[str]) -> dict[str, Any]:
    """Copy the checkout and write the trampolined modules; the catalogue of mutants."""
    from mutmut.mutation.file_mutation import mutate_file_contents
    from mutmut.utils.format_utils import get_mutant_name

    project = work / "project"
    if project.exists():
        shutil.rmtree(project)
    # one snapshot of the checkout, read up front: an edit during the (long) generation must
    # not leave the copy with a module from before it and another from after it
    snapshot = {rel: (ROOT / rel).read_bytes() for rel in tracked_files()}
    files = sorted(snapshot)
    digest = hashlib.sha256()
    catalogue: dict[str, Any] = {"mutants": {}, "files": {}}
    for rel in files:
        dst = project / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        dst.write_bytes(snapshot[rel])
        if rel.startswith(("drakit/", "steps/", "features/", "tests/", "fixtures/")):
            digest.update(rel.encode() + b"\0" + snapshot[rel])
    gen = GENERATED_CACHE
    gen.mkdir(parents=True, exist_ok=True)
    for rel in files:
        area = area_of(rel)
        if area not in areas:
            continue
        source = snapshot[rel].decode("utf-8")
        key = hashlib.sha256(f"{_version()}\0{rel}\0{source}".encode()).hexdigest()[:24]
        cached = gen / f"{key}.json"
        if cached.exists():
            entry = json.loads(cached.read_text())
        else:
            mutated = mutate_file_contents(rel, source)
            lines = mutated.code.splitlines()
            spans = mutated.line_span_by_function_name
            entry = {"code": mutated.code, "mutants": {}}
            for short in mutated.mutant_names:
                func = short.partition("__mutmut_")[0]
                entry["mutants"][get_mutant_name(Path(rel), short)] = _diff(lines, spans, func, short)
            tmp = cached.with_suffix(f".{os.getpid()}.tmp")  # atomic: runs may share the cache
            tmp.write_text(json.dumps(entry))
            tmp.replace(cached)
        (project / rel).write_text(entry["code"])
        for name, diff in entry["mutants"].items():
            catalogue["mutants"][name] = {"area": area, "file": rel, "diff": diff}
        catalogue["files"][rel] = area
    catalogue["source_hash"] = digest.hexdigest()[:16]
    return catalogue


def _diff(lines: list[str], spans: Any, func: str, short: str) -> str:
    """The mutant as a unified diff against the original function (the changed lines)."""
    def body(name: str) -> list[str]:
        span = spans.get(name)
        if span is None:
            return []
        text = lines[span.start - 1:span.end]
        return [ln.replace(name, func) for ln in text]
    orig, mut = body(func + "__mutmut_orig"), body(short)
    out = [ln for ln in difflib.unified_diff(orig, mut, lineterm="", n=0)
           if ln.startswith(("+", "-")) and not ln.startswith(("+++", "---"))]
    return "\n".join(out)


# ------------------------------------------------------------------ 3. stats
class _StatsPlugin:
    """Inside the stats subprocess: which trampolined functions each test called."""

    def __init__(self) -> None:
        from mutmut.state import state
        self.state = state()
        self.tests_by_function: dict[str, list[str]] = {}
        self.duration: dict[str, float] = {}
        self.failed: set[str] = set()
        sub = os.environ.get(SUBSTATS_ENV)
        self.substats = Path(sub) if sub else None

    def pytest_runtest_logstart(self, nodeid: str, location: Any) -> None:
        self.state._stats.clear()
        self.duration[nodeid] = 0.0

    def pytest_runtest_logreport(self, report: Any) -> None:
        self.duration[report.nodeid] = self.duration.get(report.nodeid, 0.0) + report.duration
        if report.failed:
            self.failed.add(report.nodeid)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_teardown(self, item: Any, nextitem: Any) -> Any:
        """Collected after the test's fixtures are torn down (a hook wrapper): what a
        fixture's teardown calls is the test's too (the reference backend's end_scenario
        stops the kubelets there); a plain hook ran before it, and those functions counted
        as called by no scenario, their mutants as survivors the suite was never run on."""
        yield
        called = set(self.state._stats)
        called.update(self._subprocess_calls())
        for f in called:
            self.tests_by_function.setdefault(f, []).append(item.nodeid)
        self.state._stats.clear()

    def _subprocess_calls(self) -> set[str]:
        """What the Python subprocesses this test started (``drakit allocate``, ``drakit
        flatten``, a served API server) called: each wrote its hits at exit (the
        sitecustomize of ``_SUBSTATS_SITE``); without them a scenario that runs a drakit
        command would count as calling none of it, and its mutants as surviving untested."""
        out: set[str] = set()
        if self.substats is None or not self.substats.is_dir():
            return out
        for f in self.substats.glob("*.json"):
            try:
                out.update(json.loads(f.read_text()))
            except (OSError, ValueError):
                pass  # a child killed mid-write: its calls are lost, as if it never ran
            f.unlink(missing_ok=True)
        return out


#: environment variable naming the directory where subprocesses of a stats run leave the
#: trampolined functions they called (one JSON list per process)
SUBSTATS_ENV = "DRAKIT_MUTATION_SUBSTATS"
#: the stats process's own pid: its children dump their hits, it does not (its plugin reads them)
STATS_PARENT_ENV = "DRAKIT_MUTATION_STATS_PARENT"
#: put on PYTHONPATH (after the project) for a stats run only, so that every Python process the
#: suites start records its trampoline hits (mutmut keeps them in memory, per process)
_SUBSTATS_SITE = f"""\
import os

if os.environ.get("MUTANT_UNDER_TEST") == "stats" and os.environ.get("{SUBSTATS_ENV}"):
    import atexit

    def _dump_trampoline_hits():
        if os.environ.get("{STATS_PARENT_ENV}") == str(os.getpid()):
            return
        try:
            import json
            from mutmut.state import state
            hits = sorted(state()._stats)
        except Exception:
            return
        if hits:
            path = os.path.join(os.environ["{SUBSTATS_ENV}"], f"{{os.getpid()}}.json")
            with open(path + ".tmp", "w") as f:
                json.dump(hits, f)
            os.replace(path + ".tmp", path)

    atexit.register(_dump_trampoline_hits)
"""


def _thread_local_call_stack() -> None:
    """mutmut's stats trampolines keep the caller in a ContextVar (mutmut.core
    MutmutCallStack): set before each trampolined call, reset after it. Under drakit's suite,
    whose kubelets run gRPC server threads, that ContextVar's reset crashed whole stats runs
    (SIGSEGV inside ``MutmutCallStack.reset``, and "can only concatenate str (not "int") to
    str" where a depth was read back) on this machine's CPython 3.11.7, about one run in three
    in stop 26. The calls nest strictly per thread (try/finally), so a thread-local stack
    records the same callers without a ContextVar."""
    import threading

    from mutmut.core import MutmutCallStack

    local = threading.local()

    def get(cls: Any) -> tuple[str | None, int]:
        return getattr(local, "value", (None, 0))

    def set_(cls: Any, value: tuple[str, int]) -> tuple[str | None, int]:
        token = get(cls)
        local.value = value
        return token

    def reset(cls: Any, token: tuple[str | None, int]) -> None:
        local.value = token

    MutmutCallStack.get = classmethod(get)  # type: ignore[method-assign]
    MutmutCallStack.set = classmethod(set_)  # type: ignore[method-assign]
    MutmutCallStack.reset = classmethod(reset)  # type: ignore[method-assign]


def _stats_child(out: str, pytest_args: list[str]) -> int:
    import pytest

    os.environ[STATS_PARENT_ENV] = str(os.getpid())
    _thread_local_call_stack()
    plugin = _StatsPlugin()
    code = pytest.main(pytest_args, plugins=[plugin])
    Path(out).write_text(json.dumps({"exit": int(code), "tests_by_function": plugin.tests_by_function,
                                     "duration": plugin.duration, "failed": sorted(plugin.failed)}))
    # the stats are whole only when the session ran to its end: 0, or 1 (some tests failed on
    # the unmutated copy: they are left out); anything else (3: an INTERNALERROR) stopped it
    # part-way, and a partial map would turn later mutants into false survivors
    return 0 if int(code) in (0, 1) else int(code)


#: attempts at a complete stats run: CPython 3.11.7's ast.parse can raise "AST constructor
#: recursion depth mismatch" (python/cpython gh-106905, fixed in 3.11.8) while pytest formats
#: a failure, which ends the session with an INTERNALERROR; seen at 1.34 in stop 26, once in
#: three runs
STATS_ATTEMPTS = 3


def stats_file(work: Path, key: str) -> Path:
    """One file per suite and release (``stats-steps@1.34.json``): a resumed run reads the
    map of the release it asks for, never the last one collected."""
    return work / f"stats-{key}.json"


def collect_stats(work: Path, suite: str, extra: list[str], key: str) -> dict[str, Any]:
    project = work / "project"
    out = stats_file(work, key)
    args = [suite, "-q", "-p", "no:cacheprovider", "-p", "no:randomly"] + extra
    if suite == FEATURES:
        args.append(f"--reports-dir={work / 'reports'}")
    t0 = time.monotonic()
    cmd = ["nice", "-n", "10", sys.executable, "-X", "faulthandler", str(Path(__file__).resolve()),
           "--_stats", str(out), "--", *args]
    site = work / "stats-site"
    site.mkdir(exist_ok=True)
    (site / "sitecustomize.py").write_text(_SUBSTATS_SITE)
    substats = work / f"substats-{key}"
    env = _env(project, "stats")
    env.update(PYTHONPATH=f"{project}{os.pathsep}{site}", **{SUBSTATS_ENV: str(substats)})
    for attempt in range(1, STATS_ATTEMPTS + 1):
        out.unlink(missing_ok=True)
        shutil.rmtree(substats, ignore_errors=True)
        substats.mkdir()
        proc = subprocess.run(cmd, cwd=project, env=env, capture_output=True, text=True)
        if proc.returncode == 0 and out.exists():
            break
        if attempt < STATS_ATTEMPTS:
            # a crash or an interrupted session is not the suite's verdict: once more
            _keep_crash(work, f"stats-{key}", proc)
    if proc.returncode != 0 or not out.exists():
        tail = "\n".join((proc.stdout + proc.stderr).splitlines()[-20:])
        raise SystemExit(f"stats run of {key} failed {STATS_ATTEMPTS} times (exit "
                         f"{proc.returncode}), no complete map of its tests:\n{tail}")
    data = json.loads(out.read_text())
    log(f"  stats {suite}/: {len(data['duration'])} tests, {len(data['failed'])} failing on the "
        f"unmutated copy (left out), {time.monotonic() - t0:.0f} s")
    return data


def _keep_crash(work: Path, what: str, proc: subprocess.CompletedProcess) -> None:
    """Keep the whole output of a run that a signal or an INTERNALERROR ended (faulthandler's
    stacks included)."""
    path = work / "crashes" / f"{what.replace('/', '_')}-{int(time.time())}.log"
    path.parent.mkdir(exist_ok=True)
    path.write_text(f"exit {proc.returncode}\n--- stdout\n{proc.stdout}\n--- stderr\n{proc.stderr}")
    how = (f"ended by signal {-proc.returncode}" if proc.returncode < 0
           else f"stopped part-way (exit {proc.returncode})")
    log(f"  {what}: the run was {how}; output kept in {path}; running it again")


def _env(project: Path, mutant: str) -> dict[str, str]:
    env = dict(os.environ)
    # bytecode is written on purpose: the trampolined modules are large (130k lines for
    # validation/core.py), compiling them in every pytest process would cost seconds each
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(PYTHONPATH=str(project), MUTANT_UNDER_TEST=mutant, PYTHONHASHSEED="0",
               PY_IGNORE_IMPORTMISMATCH="1")
    return env


# ------------------------------------------------------------------ 4. run one mutant
def _release_args(release: str | None) -> list[str]:
    return [] if release is None else [f"--k8s-version={release}"]


def tests_for(name: str, stats: dict[str, Any]) -> list[str]:
    func = name.partition("__mutmut_")[0]
    failed = set(stats["failed"])
    tests = [t for t in stats["tests_by_function"].get(func, ()) if t not in failed]
    return sorted(set(tests), key=lambda t: (stats["duration"].get(t, 0.0), t))


def run_mutant(work: Path, name: str, suite: str, tests: list[str], stats: dict[str, Any],
               extra: list[str]) -> tuple[str, float, str]:
    """('killed'|'survived'|'timeout'|'no tests', seconds, the first failing test)."""
    if not tests:
        return "no tests", 0.0, ""
    project = work / "project"
    budget = 60 + 4 * sum(stats["duration"].get(t, 0.0) for t in tests)
    args = ["-x", "-q", "-p", "no:cacheprovider", "-p", "no:randomly", "-rf", *extra]
    if suite == FEATURES:
        args.append(f"--reports-dir={work / 'reports'}")
    argfile = work / "tests.txt"
    argfile.write_text("\n".join(tests) + "\n")
    cmd = ["nice", "-n", "10", sys.executable, "-X", "faulthandler", "-m", "pytest", *args, f"@{argfile}"]
    t0 = time.monotonic()
    for attempt in (1, 2):
        try:
            proc = subprocess.run(cmd, cwd=project, env=_env(project, name), capture_output=True,
                                  text=True, timeout=budget)
        except subprocess.TimeoutExpired:
            return "timeout", time.monotonic() - t0, ""
        if proc.returncode >= 0 or attempt == 2:
            break
        # killed by a signal (a crash): neither a kill nor a survival; kept and run once more
        _keep_crash(work, name, proc)
        t0 = time.monotonic()
    secs = time.monotonic() - t0
    if proc.returncode == 0:
        return "survived", secs, ""
    killer = ""
    for ln in proc.stdout.splitlines():
        if ln.startswith(("FAILED ", "ERROR ")):
            killer = ln.split(" ", 1)[1].split(" - ")[0]
            break
    if proc.returncode in (1, 3):  # tests failed / internal error (as mutmut counts it)
        return "killed", secs, killer
    if proc.returncode == 4 and "not found:" in proc.stdout + proc.stderr:
        # a test a judgement names is not in this copy (renamed or removed): no verdict
        return "missing", secs, ""
    tail = "\n".join((proc.stdout + proc.stderr).splitlines()[-8:])
    raise SystemExit(f"mutant {name}: pytest exited {proc.returncode} (not a verdict):\n{tail}")


def verify_judged_kills(work: Path, sample: list[str], results: dict[str, Any],
                        catalogue: dict[str, Any]) -> None:
    """A survivor judged "killed" names the new scenario or test (``by``): run exactly those
    against the mutant; the kill counts only when they fail (cheap: no stats needed)."""
    judged = load_judgements()
    for name in sample:
        j, r = judged.get(name) or {}, results.get(name) or {}
        if j.get("verdict") != "killed" or r.get("features") in ("killed", "timeout"):
            continue
        by = [j["by"]] if isinstance(j.get("by"), str) else list(j.get("by") or ())
        for suite in (FEATURES, UNIT):
            tests = [t for t in by if t.startswith(suite + "/")]
            key = f"judged_{'features' if suite == FEATURES else 'unit'}"
            if not tests or r.get(key, {}).get("tests") == tests and r[key]["diff"] == r["diff"]:
                continue
            # `at`: the release a scenario that exists only there runs at (its @until/@since)
            extra = _release_args(j.get("at")) if suite == FEATURES else []
            verdict, secs, killer = run_mutant(work, name, suite, tests, {"duration": {}}, extra)
            r[key] = {"tests": tests, "verdict": verdict, "killer": killer, "diff": r["diff"]}
            log(f"  judged kill of {name} by {', '.join(tests)}: {verdict} ({secs:.0f} s)")


def _killed(r: dict[str, Any], suite: str) -> bool:
    """Killed by the suite as measured, or by the new test a judgement names (verified)."""
    if r.get(suite) in ("killed", "timeout"):
        return True
    return (r.get(f"judged_{suite}") or {}).get("verdict") in ("killed", "timeout")


# ------------------------------------------------------------------ 5. report
def load_judgements() -> dict[str, dict[str, str]]:
    if not JUDGEMENTS.exists():
        return {}
    import yaml

    class _Strict(yaml.SafeLoader):
        """A mutant judged twice would silently keep the later judgement: refuse it."""

    def _mapping(loader: yaml.SafeLoader, node: yaml.MappingNode) -> dict[Any, Any]:
        seen: set[Any] = set()
        for k, _ in node.value:
            key = loader.construct_object(k)
            if key in seen:
                raise ValueError(f"{JUDGEMENTS.name} line {k.start_mark.line + 1}: {key} is judged twice")
            seen.add(key)
        return loader.construct_mapping(node)

    _Strict.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
    return yaml.load(JUDGEMENTS.read_text(), Loader=_Strict) or {}  # noqa: S506 - a SafeLoader


def _pct(k: int, n: int) -> float:
    return 100 * k / n if n else 100.0


def summarise(results: dict[str, Any], catalogue: dict[str, Any], sample: list[str],
              areas: list[str], meta: dict[str, Any]) -> tuple[str, dict[str, Any], bool]:
    """Scores per area and overall: features and unit + features over the whole areas (the
    issue's targets), and the features score over the conformance scope (the areas without
    OUT_OF_CONFORMANCE_SCOPE) side by side."""
    judged = load_judgements()
    rows, survivors = [], []
    keys = ("n", "eq", "feat", "all", "sn", "seq", "sfeat")
    totals = dict.fromkeys(keys, 0)
    for area in areas:
        names = [n for n in sample if catalogue["mutants"][n]["area"] == area]
        c = dict.fromkeys(keys, 0)
        for name in names:
            r = results[name]
            j = judged.get(name) or {}
            scope_reason = out_of_scope(name)
            plus = [ln for ln in catalogue["mutants"][name]["diff"].splitlines() if ln.startswith("+")]
            stale = bool(j) and j.get("line") is not None and j["line"].strip() not in \
                [p[1:].strip() for p in plus]
            measured = r["features"] in ("killed", "timeout")
            eq = not measured and j.get("verdict") == "equivalent" and not stale
            feat = measured or (not eq and _killed(r, "features"))
            allk = feat or (not eq and _killed(r, "unit"))
            c["n"] += 1
            c["eq"] += eq
            c["feat"] += feat
            c["all"] += allk
            if scope_reason is None:
                c["sn"] += 1
                c["seq"] += eq
                c["sfeat"] += feat
            if measured:
                continue
            verdict = j.get("verdict", "open")
            if verdict == "killed":
                ok = {s: (r.get(f"judged_{s}") or {}).get("verdict") for s in ("features", "unit")}
                verdict = "killed by " + ", ".join(
                    f"{t} ({ok['features' if t.startswith(FEATURES) else 'unit']})"
                    for t in ([j["by"]] if isinstance(j.get("by"), str) else j.get("by") or []))
            survivors.append({"mutant": name, "area": area, "features": r["features"],
                              "unit": r.get("unit", "-"), "diff": catalogue["mutants"][name]["diff"],
                              "judgement": verdict + (" (stale)" if stale else ""),
                              "why": j.get("why", ""), "out_of_scope": scope_reason})
        denom, sdenom = c["n"] - c["eq"], c["sn"] - c["seq"]
        rows.append({"area": area, "sampled": c["n"], "equivalent": c["eq"],
                     "features_killed": c["feat"], "all_killed": c["all"],
                     "features_pct": _pct(c["feat"], denom), "all_pct": _pct(c["all"], denom),
                     "features_ci": wilson(c["feat"], denom), "all_ci": wilson(c["all"], denom),
                     "scope_sampled": c["sn"], "scope_equivalent": c["seq"],
                     "scope_features_killed": c["sfeat"],
                     "scope_features_pct": _pct(c["sfeat"], sdenom),
                     "scope_features_ci": wilson(c["sfeat"], sdenom),
                     "population": sum(1 for m in catalogue["mutants"].values() if m["area"] == area)})
        for k in keys:
            totals[k] += c[k]
    denom, sdenom = totals["n"] - totals["eq"], totals["sn"] - totals["seq"]
    fp, ap, sp = _pct(totals["feat"], denom), _pct(totals["all"], denom), _pct(totals["sfeat"], sdenom)
    ok = fp >= meta["target_features"] and ap >= meta["target_all"]
    scope_ok = sp >= meta["target_features"]
    md = [f"mutmut {meta['mutmut']}, seed {meta['seed']}, {meta['sample']} mutants per area "
          f"(sampled {totals['n']} of {meta['population']}), source {catalogue['source_hash']}, "
          f"run {meta['seconds'] / 60:.1f} min",
          "",
          "| area | mutants (population) | sampled | equivalent | killed by features | features % (95 % CI) "
          "| features % in conformance scope (non-equivalent in scope) | killed by unit + features "
          "| all % (95 % CI) |",
          "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]

    def ci(lo_hi: tuple[float, float]) -> str:
        return f"({lo_hi[0]:.0f}-{lo_hi[1]:.0f})"

    for r in rows:
        md.append(f"| {r['area']} | {r['population']} | {r['sampled']} | {r['equivalent']} | "
                  f"{r['features_killed']} | {r['features_pct']:.1f} {ci(r['features_ci'])} | "
                  f"{r['scope_features_pct']:.1f} {ci(r['scope_features_ci'])} "
                  f"[{r['scope_sampled'] - r['scope_equivalent']}] | {r['all_killed']} | "
                  f"{r['all_pct']:.1f} {ci(r['all_ci'])} |")
    md.append(f"| **all** | {meta['population']} | {totals['n']} | {totals['eq']} | {totals['feat']} | "
              f"**{fp:.1f}** {ci(wilson(totals['feat'], denom))} | **{sp:.1f}** "
              f"{ci(wilson(totals['sfeat'], sdenom))} [{sdenom}] | {totals['all']} | **{ap:.1f}** "
              f"{ci(wilson(totals['all'], denom))} |")
    md += ["",
           f"targets (issue 10 §6, over the whole areas): features >= {meta['target_features']} %: "
           f"{'met' if fp >= meta['target_features'] else 'NOT met'} ({fp:.1f} %); unit + features "
           f">= {meta['target_all']} %: {'met' if ap >= meta['target_all'] else 'NOT met'} "
           f"({ap:.1f} %)",
           f"features over the conformance scope (the areas without OUT_OF_CONFORMANCE_SCOPE in "
           f"scripts/mutation.py): {sp:.1f} %, {'meets' if scope_ok else 'below'} the "
           f"{meta['target_features']} % mark",
           "", "Out of the conformance scope:", ""]
    md += [f"- `{k}`: {v}" for k, v in OUT_OF_CONFORMANCE_SCOPE.items()]
    md += ["", "Survivors of the feature suite:", ""]
    for sv in survivors:
        md.append(f"- `{sv['mutant']}` ({sv['area']}; unit: {sv['unit']}; {sv['judgement']}"
                  f"{'; out of the conformance scope' if sv['out_of_scope'] else ''}"
                  f"{': ' + sv['why'] if sv['why'] else ''})")
        md += ["  ```diff"] + ["  " + ln for ln in sv["diff"].splitlines()] + ["  ```"]
    summary = {"rows": rows, "features_pct": fp, "all_pct": ap, "scope_features_pct": sp,
               "met": ok, "scope_features_met": scope_ok, "survivors": survivors,
               "out_of_conformance_scope": OUT_OF_CONFORMANCE_SCOPE, **meta}
    return "\n".join(md) + "\n", summary, ok


# ------------------------------------------------------------------ main
def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--_stats"]:
        return _stats_child(argv[1], argv[3:])
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sample", type=int, default=int(os.environ.get("DRAKIT_MUTATION_SAMPLE", 30)),
                   help="mutants per area (env DRAKIT_MUTATION_SAMPLE; default 30; 0 = all)")
    p.add_argument("--seed", type=int, default=int(os.environ.get("DRAKIT_MUTATION_SEED", 10)),
                   help="sampling seed (env DRAKIT_MUTATION_SEED; default 10)")
    p.add_argument("--areas", default=os.environ.get("DRAKIT_MUTATION_AREAS", ",".join(AREAS)),
                   help=f"comma-separated, of {', '.join(AREAS)}")
    p.add_argument("--workdir", default=str(ROOT / "reports" / "mutation"))
    p.add_argument("--fresh", action="store_true", help="forget cached results and stats")
    p.add_argument("--only", nargs="*", default=None, metavar="MUTANT",
                   help="re-run these mutants (full names) and report the whole sample")
    p.add_argument("--no-unit", action="store_true", help="features only (no unit second pass)")
    p.add_argument("--remeasure", action="store_true",
                   help="measure the feature-suite survivors again (new stats); killed ones stay")
    p.add_argument("--target-features", type=float, default=TARGET_FEATURES)
    p.add_argument("--target-all", type=float, default=TARGET_ALL)
    args = p.parse_args(argv)
    areas = [a.strip() for a in args.areas.split(",") if a.strip()]
    if unknown := [a for a in areas if a not in AREAS]:
        p.error(f"unknown area(s) {', '.join(unknown)}; choose from {', '.join(AREAS)}")
    try:
        import mutmut
    except ImportError:
        p.error("mutmut is not installed: pip install -e '.[mutation]' (or run tox -e mutation)")
    work = Path(args.workdir).resolve()
    if args.fresh and work.exists():
        for child in work.iterdir():  # the generated-mutant cache may live here: keep it
            if child.resolve() == GENERATED_CACHE.resolve():
                continue
            shutil.rmtree(child) if child.is_dir() else child.unlink()
    work.mkdir(parents=True, exist_ok=True)
    t0 = time.monotonic()

    log(f"mutating {', '.join(areas)} ...")
    catalogue = prepare(work, areas)
    population = len(catalogue["mutants"])
    picks: list[list[str]] = []
    for area in areas:
        # one seeded shuffle per area, first N taken: a larger N extends the same sample
        names = sorted(n for n, m in catalogue["mutants"].items() if m["area"] == area)
        random.Random(f"{args.seed}:{area}").shuffle(names)
        k = len(names) if args.sample <= 0 else min(args.sample, len(names))
        picks.append(names[:k])
        log(f"  {area}: {len(names)} mutants, {k} sampled")
    # areas interleaved: a run stopped early leaves every area with a similar share done
    sample = [p[i] for i in range(max(map(len, picks), default=0)) for p in picks if i < len(p)]
    # The sample is drawn once per workdir and kept (sample.json): an edit of any mutated file
    # changes its area's population and so the shuffle, which would silently replace the
    # measured and judged mutants by others. A kept name whose mutant is gone is dropped (and
    # said); one whose diff changed is measured again. --fresh draws anew.
    sample_file = work / "sample.json"
    drawn = {"seed": args.seed, "sample": args.sample, "areas": areas}
    if sample_file.exists():
        kept = json.loads(sample_file.read_text())
        if {k: kept.get(k) for k in drawn} == drawn:
            gone = [n for n in kept["names"] if n not in catalogue["mutants"]]
            for n in gone:
                log(f"  sampled mutant {n} no longer exists (its file changed); dropped")
            sample = [n for n in kept["names"] if n in catalogue["mutants"]]
            log(f"  the sample drawn earlier in this workdir is kept: {len(sample)} mutants")
        else:
            log(f"  {sample_file} was drawn with {kept.get('seed')}/{kept.get('sample')}/"
                f"{kept.get('areas')}: drawing anew")
            sample_file.write_text(json.dumps({**drawn, "names": sample}, indent=1))
    else:
        sample_file.write_text(json.dumps({**drawn, "names": sample}, indent=1))

    cache_file = work / "results.json"
    cache = json.loads(cache_file.read_text()) if cache_file.exists() else {}
    cache.setdefault("results", {})
    cache.setdefault("stats", {})
    if args.remeasure:
        # survivors are measured again (with new stats): after new scenarios or tests
        cache["results"] = {n: r for n, r in cache["results"].items()
                            if r.get("features") in ("killed", "timeout")}
    cache["source_hash"] = catalogue["source_hash"]
    results: dict[str, Any] = cache["results"]
    # a result stays valid while the mutant's diff and the tests are unchanged
    for name in list(results):
        if name not in catalogue["mutants"] or results[name].get("diff") != catalogue["mutants"][name]["diff"]:
            del results[name]
    for name in args.only or ():
        if name not in catalogue["mutants"]:
            p.error(f"no such mutant: {name}")
        results.pop(name, None)
        if name not in sample:
            sample.append(name)

    stats: dict[str, Any] = {}

    def stats_of(suite: str, release: str | None = None) -> dict[str, Any]:
        """The suite's test<->function map (at an older release: that release's, since the
        scenarios that apply and the paths they take differ), collected once per source
        state (lazily)."""
        key = suite if release is None else f"{suite}@{release}"
        if key not in stats:
            f = stats_file(work, key)
            if f.exists() and cache["stats"].get(key) == catalogue["source_hash"]:
                stats[key] = json.loads(f.read_text())
            else:
                log(f"collecting stats of {key} (runs the suite once, slower than usual) ...")
                stats[key] = collect_stats(work, suite, _release_args(release), key)
                cache["stats"][key] = catalogue["source_hash"]
                cache_file.write_text(json.dumps(cache, indent=1))
        return stats[key]

    def needs_older(r: dict[str, Any]) -> bool:
        return r["features"] not in ("killed", "timeout") and \
            r.get("older_releases") != list(OLDER_RELEASES)

    def needs_unit(r: dict[str, Any]) -> bool:
        return not args.no_unit and r["features"] not in ("killed", "timeout") and "unit" not in r

    todo = [n for n in sample if "features" not in results.get(n, {})
            or needs_older(results[n]) or needs_unit(results[n])]
    for i, name in enumerate(todo, 1):
        r = results.get(name) or {"diff": catalogue["mutants"][name]["diff"]}
        if "features" not in r:
            tests = tests_for(name, stats_of(FEATURES))
            r["features"], r["features_s"], r["killer"] = run_mutant(work, name, FEATURES, tests,
                                                                     stats[FEATURES], [])
            r["features_tests"] = len(tests)
        if needs_older(r):
            # the same question at the older releases the suite also runs at
            for release in OLDER_RELEASES:
                st = stats_of(FEATURES, release)
                tests = tests_for(name, st)
                verdict, secs, killer = run_mutant(work, name, FEATURES, tests, st,
                                                   _release_args(release))
                r["features_s"] += secs
                r["features_tests"] += len(tests)
                if verdict in ("killed", "timeout"):
                    r["features"], r["killer"] = verdict, f"{killer} (at {release})"
                    r.pop("unit", None)  # the unit pass is no longer needed
                    break
            r["older_releases"] = list(OLDER_RELEASES)
        if needs_unit(r):
            tests = tests_for(name, stats_of(UNIT))
            r["unit"], r["unit_s"], r["unit_killer"] = run_mutant(work, name, UNIT, tests,
                                                                  stats[UNIT], [])
            r["unit_tests"] = len(tests)
        results[name] = r
        cache_file.write_text(json.dumps(cache, indent=1))
        log(f"[{i}/{len(todo)}] {name}: features {r['features']} ({r['features_s']:.0f} s, "
            f"{r['features_tests']} tests)" + (f", unit {r['unit']} ({r['unit_s']:.0f} s)"
                                               if "unit" in r else ""))
    verify_judged_kills(work, sample, results, catalogue)
    cache_file.write_text(json.dumps(cache, indent=1))
    elapsed = time.monotonic() - t0
    cache["seconds"] = cache.get("seconds", 0.0) + elapsed
    cache_file.write_text(json.dumps(cache, indent=1))
    meta = {"mutmut": mutmut.__version__ if hasattr(mutmut, "__version__") else _version(),
            "seed": args.seed, "sample": args.sample, "population": population,
            "seconds": cache["seconds"], "target_features": args.target_features,
            "target_all": args.target_all, "areas": areas}
    md, summary, ok = summarise(results, catalogue, sample, areas, meta)
    (work / "summary.md").write_text(md)
    (work / "summary.json").write_text(json.dumps(summary, indent=1))
    log("")
    log(md)
    log(f"(this run {elapsed / 60:.1f} min; summary in {work / 'summary.md'})")
    return 0 if ok else 1


def _version() -> str:
    from importlib.metadata import version

    return version("mutmut")


if __name__ == "__main__":
    sys.exit(main())
