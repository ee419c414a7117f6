#!/usr/bin/env python3
"""Run the conformance suite through ``drakit serve`` with ``--backend=cluster`` (CI: tox -e features-served).

Why several server profiles: a live cluster's gates cannot be changed by the harness, so
a scenario that needs a gate the server does not run with is reported "unsupported".
One server per profile (the default 1.37 gates, 1.37 with the alpha/off-by-default DRA
gates on, 1.36 with and without them, 1.35 and 1.34) lets the served run exercise every
scenario that some real cluster configuration could, through a real socket and the official
client (1.35 and 1.36 at their default gates serve only the scenarios whose release bounds
name them; every scenario runs at both on the reference). Each profile runs the suite with ``--k8s-version`` set to its server's version: untagged scenarios run on every
server, and a scenario pinned to the other release (``@version:1.37`` on the 1.36 server)
is reported unsupported (version), as a real cluster of that release would.

For each profile: start ``drakit serve --port 0 --node-agents DIR`` on loopback (a drakit
node agent per served kubelet, so the @component:kubelet scenarios run through the agent as
on a real node), write a kubeconfig, run ``pytest steps --backend=cluster
--node-agent=unix:DIR/{node}.sock`` against it, then check that no object carrying the
harness label is left, and stop the server. Each profile's scenarios run in pytest-xdist
workers (``--workers``, 4 by default), with one merged report per profile; all profiles
run side by side by default (``--parallel``), each with its own server, their output lines
marked with the profile's name. Exit status: 0 only when every profile passed and left nothing behind.

    python scripts/run_served.py [--profile NAME ...] [--workers N] [--parallel N]
                                 [--reports-dir DIR] [-- pytest args]
"""

from __future__ import annotations

import argparse
import base64
import http.client
import json
import os
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
HARNESS_LABEL = "drakit.io/harness"

# The tool-only scenarios (@component:tool: `drakit allocate`, `drakit flatten` run as
# subprocesses on files) touch no cluster, so every server gives them the same answer: they
# run in the default 1.37 profile only, not five more times (a tenth of the other profiles'
# CPU). The one tool scenario that also asks the scheduler (@component:scheduler) runs everywhere.
TOOL_ONLY_ONCE = ["-m", "not component:tool or component:scheduler"]



def _bounds_name(version: str) -> list[str]:
    """Select the scenarios whose release bounds name ``version`` (@version, @until, @since)."""
    return ["-m", f"version:{version} or until:{version} or since:{version}"]


PROFILES: dict[str, dict] = {
    "1.37": {"version": "1.37", "gates": []},
    "1.37-alpha": {"version": "1.37", "gates": [
        "GenericWorkload=true", "DRAWorkloadResourceClaims=true",
        "DRANodeAllocatableResources=true", "DRAResourceSliceMixins=true",
        "DRAListTypeAttributes=true", "DRADerivedAttributes=true"],
        # upstream's allocator table (platform-allocator.feature, ~220 rows) runs in the 1.37
        # profile; here only its mixin and list-attribute rows, the ones that need this
        # profile's gates. The other rows would run the same allocations a second time (a
        # quarter of this profile's time)
        "select": ["-k", "not allocator_case or draresourceslicemixins "
                         "or dralisttypeattributes", *TOOL_ONLY_ONCE]},
    # the scenarios whose release bounds name 1.36, at its default gates (as 1.35 below).
    # The others run at 1.36 on the reference (features-versions) and are served at 1.36
    # with the alpha gates on, at 1.34 and at 1.37: a fourth served run of each at the
    # default gates cost a fifth of the served run's CPU (stop 48, when `tox` reached 8 min)
    "1.36": {"version": "1.36", "gates": [], "select": _bounds_name("1.36")},
    "1.36-alpha": {"version": "1.36", "gates": [
        "GenericWorkload=true", "DRAWorkloadResourceClaims=true",
        "DRANodeAllocatableResources=true", "DRAResourceSliceMixins=true"],
        "select": TOOL_ONLY_ONCE},
    # the scenarios whose release bounds name 1.35 (@version:1.35, @until:1.35, @since:1.35)
    # get a served run here, at the release's default gates. The others are served at 1.34,
    # 1.36 (alpha gates) and 1.37 and run at 1.35 on the reference (features-versions): serving them a
    # fourth time cost a sixth of the served run's CPU (stop 46, when `tox` reached 7.9 min)
    "1.35": {"version": "1.35", "gates": [], "select": _bounds_name("1.35")},
    # the scenarios pinned to 1.34 (@until:1.34, @version:1.34): the oldest release drakit
    # emulates, at its default gates. Out of the default run from stop 34 to stop 39 (a
    # flake stop 35 explained, then the time budget); back in at stop 40, when all
    # profiles started running side by side: six at once took 199 s, five 177-192 s
    "1.34": {"version": "1.34", "gates": [], "select": TOOL_ONLY_ONCE},
}


# Scenarios whose served run is known to differ from the in-process run for a reason outside
# the harness; deselected with the reason printed, so CI stays meaningful (docs/serve.md).
KNOWN: dict[str, str] = {}
"""Scenarios deselected in served runs, with the reason printed (the one that counted
backoff retries is tagged @needs:logical-clock and reported unsupported instead)."""


def start_server(version: str, gates: list[str], kubeconfig: Path,
                 agents: Path | None = None) -> tuple[subprocess.Popen, str]:
    cmd = [sys.executable, "-m", "drakit.cli", "serve", "--port", "0", "--version", version,
           "--kubeconfig-out", str(kubeconfig), "--interval", "0.05"]
    if agents is not None:  # a node agent per served kubelet (drakit/nodeagent/served.py)
        cmd += ["--node-agents", str(agents)]
    for g in gates:
        cmd += ["--gate", g]
    # gRPC's INFO lines ("Got goaway") when a scenario's kubelet stops are not news
    env = {**os.environ, "GRPC_VERBOSITY": os.environ.get("GRPC_VERBOSITY", "ERROR")}
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=None, text=True, cwd=ROOT,
                            env=env)
    line = proc.stdout.readline() if proc.stdout else ""
    if "https://" not in line:
        proc.kill()
        raise SystemExit(f"drakit serve did not start: {line!r}")
    url = line.split(" on ", 1)[1].split(" ", 1)[0]
    return proc, url


def leftovers(url: str, kubeconfig: Path) -> list[str]:
    """Every object the harness labelled that still exists, as ``Kind namespace/name``.

    Talks to the server with the kubeconfig's CA and bearer token (drakit serve requires
    both, docs/serve.md "Sandbox")."""
    conf = yaml.safe_load(kubeconfig.read_text())
    ca = base64.b64decode(conf["clusters"][0]["cluster"]["certificate-authority-data"])
    tls = ssl.create_default_context(cadata=ca.decode())
    auth = {"Authorization": f"Bearer {conf['users'][0]['user']['token']}"}
    parts = urllib.parse.urlsplit(url)
    # one kept-alive connection: a TLS handshake per request was most of this check's time
    conn = http.client.HTTPSConnection(parts.hostname, parts.port, timeout=10, context=tls)

    def get(path: str):
        conn.request("GET", path, headers=auth)
        resp = conn.getresponse()
        body = resp.read()
        if resp.status != 200:
            raise OSError(f"GET {path}: HTTP {resp.status}: {body[:200]!r}")
        return json.loads(body)
    found: list[str] = []
    gvs = ["/api/v1"]
    try:
        for g in get("/apis")["groups"]:
            gvs += [f"/apis/{v['groupVersion']}" for v in g["versions"]]
        for gv in gvs:
            for res in get(gv)["resources"]:
                if "/" in res["name"] or "list" not in res.get("verbs", []):
                    continue
                for o in get(f"{gv}/{res['name']}?labelSelector={HARNESS_LABEL}").get("items", []):
                    md = o["metadata"]
                    where = f"{md['namespace']}/" if md.get("namespace") else ""
                    found.append(f"{res['kind']} {where}{md['name']}")
    finally:
        conn.close()
    return sorted(set(found))


def failed_scenarios(reports: Path) -> list[str]:
    """The failed and errored scenarios of the profile's last run, one line each, so the
    end of a long log (all CI keeps) names what failed, not only which profile."""
    try:
        results = json.loads((reports / "latest" / "results.json").read_text())
    except (OSError, ValueError):
        return []
    return [f"{s['verdict'].upper()} {s['kep']} {s['name']}"
            + (f" [{s['example']}]" if s.get("example") else "")
            + (f": {s['message'].splitlines()[0][:200]}" if s.get("message") else "")
            for s in results.get("scenarios", []) if s.get("verdict") in ("failed", "error")]


def run_profile(name: str, pytest_args: list[str], reports: Path,
                workers: int = 0, prefix: bool = False) -> tuple[int, list[str]]:
    """Run the suite against one profile's server; ``prefix`` marks each output line with
    the profile's name (profiles running side by side share one terminal)."""
    spec = PROFILES[name]
    with tempfile.TemporaryDirectory(prefix="drakit-served-") as tmp:
        kc = Path(tmp) / "kubeconfig"
        agents = Path(tmp) / "agents"
        proc, url = start_server(spec["version"], spec["gates"], kc, agents)
        say(f"== profile {name}: drakit serve {spec['version']} "
            f"{' '.join(spec['gates'])} at {url}")
        try:
            cmd = [sys.executable, "-m", "pytest", "steps", "-p", "no:cacheprovider",
                   "--backend=cluster", f"--kubeconfig={kc}",
                   f"--k8s-version={spec['version']}",
                   f"--node-agent=unix:{agents}/{{node}}.sock",
                   f"--reports-dir={reports / name}", *spec.get("select", []), *pytest_args]
            if workers and not any(a == "-n" or a.startswith(("-n", "--numprocesses"))
                                   for a in pytest_args):
                # scenarios in parallel (pytest-xdist), one merged report (docs/live-cluster.md)
                cmd += ["-n", str(workers)]
            for nodeid, why in KNOWN.items():
                say(f"   deselected (known): {nodeid.split('::')[-1]}: {why}")
                cmd.append(f"--deselect={nodeid}")
            env = dict(os.environ)
            env.setdefault("DRAKIT_WAIT_TIMEOUT", "20")
            # a clock move is waited out in wall time on a served cluster: scenarios that move
            # it by more than 2 s (a controller's backoff, a status batch) stay on the
            # reference, which runs them on its logical clock, so `tox` keeps its time budget
            # (5 s let features-served grow to 6.5 min once stop 30's 3 s and 5 s waits came)
            env.setdefault("DRAKIT_MAX_CLOCK_STEP", "2")
            # every write settles before its response and advance() waits for a background
            # round itself, so settle() needs no pause (steps/backends/cluster.py settle)
            env.setdefault("DRAKIT_SETTLE_QUIET", "0")
            env.setdefault("GRPC_VERBOSITY", "ERROR")
            if prefix:
                rc = _call_prefixed(cmd, env, f"[{name}] ")
            else:
                rc = subprocess.call(cmd, cwd=ROOT, env=env)
            left = leftovers(url, kc)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
    return rc, left


_PRINT = threading.Lock()


def say(line: str) -> None:
    """One whole line to stdout (profiles running side by side print from their threads)."""
    with _PRINT:
        print(line, flush=True)


def _call_prefixed(cmd: list[str], env: dict, prefix: str) -> int:
    """Run ``cmd`` with its output line by line behind ``prefix``; its exit status."""
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, errors="replace")
    assert proc.stdout is not None
    for line in proc.stdout:
        say(prefix + line.rstrip("\n"))
    return proc.wait()


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    pytest_args: list[str] = []
    if "--" in argv:
        i = argv.index("--")
        argv, pytest_args = argv[:i], argv[i + 1:]
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--profile", action="append", choices=sorted(PROFILES),
                   help="server profile(s) to run (default: all)")
    p.add_argument("--reports-dir", default=str(ROOT / "reports" / "served"))
    p.add_argument("--workers", type=int, default=4,
                   help="pytest-xdist workers per profile (default 4; 0 runs sequentially). "
                        "A scenario mostly waits for the served cluster, so even on 2 cores "
                        "4 workers finish first (docs/live-cluster.md, section 5)")
    p.add_argument("--parallel", type=int, default=0,
                   help="profiles run side by side, each with its own server (default 0: "
                        "all of them; 1 runs them one after the other). A profile's run "
                        "mostly waits on its server's clock: on 2 cores five profiles took "
                        "319 s two at a time, 264 s three at a time and 177-192 s all at "
                        "once; output lines then carry the profile's name")
    args = p.parse_args(argv)
    if args.parallel < 0:
        p.error(f"--parallel {args.parallel}: must be 0 (all profiles at once) or more")
    failed = False
    started = time.time()
    failures: dict[str, list[str]] = {}
    names = args.profile or list(PROFILES)
    side_by_side = args.parallel or len(names)
    prefix = side_by_side > 1 and len(names) > 1

    def one(name: str) -> tuple[str, int, list[str]]:
        rc, left = run_profile(name, pytest_args, Path(args.reports_dir), args.workers, prefix)
        return name, rc, left

    with ThreadPoolExecutor(max_workers=min(side_by_side, len(names))) as pool:
        outcomes = list(pool.map(one, names))
    for name, rc, left in outcomes:
        if rc not in (0, 5):
            say(f"== profile {name}: the suite failed (pytest exit status {rc})")
            failures[name] = failed_scenarios(Path(args.reports_dir) / name)
            failed = True
        if left:
            say("\n   ".join([f"== profile {name}: {len(left)} harness-labelled objects "
                               "were left behind:", *left]))
            failed = True
        else:
            say(f"== profile {name}: no object with the label {HARNESS_LABEL} remains")
    for name, lines in failures.items():
        print(f"== profile {name} failed:", *(lines or ["(no failed scenario recorded; "
                                                         "see the pytest output above)"]),
              sep="\n   ", flush=True)
    print(f"== served run {'FAILED' if failed else 'passed'} in {time.time() - started:.0f}s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
