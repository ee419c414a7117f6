"""``drakit allocate`` run the way a user runs it (features/platform-allocator.feature, Rule
"The allocate tool").

Why a subprocess: the tool is a command-line program (README "What you do with it": a driver
author asks which devices a claim would get on a node, and why not the others); its contract
is what it writes and its exit status, so the steps run the installed ``drakit`` next to this
Python exactly as the flatten steps do, and never import drakit. The tool touches no cluster,
so every backend gives the same answer (tool-only scenarios); the one scenario that compares
the tool with the scheduler creates the same objects through the backend.

Expectations are written in the feature file, worked out by hand from the inputs.
"""

from __future__ import annotations

import shlex
import subprocess
from pathlib import Path

import yaml
from pytest_bdd import parsers, then, when

from .common import FIXTURES, get_obj, parse_yaml
from .kep5234_steps import _drakit
from .world import World

TOOL_FIXTURES = FIXTURES / "platform" / "allocate-tool"
FILE_MARK = "{file}"


def _args(args: str, extra: Path | None) -> list[str]:
    """The command line: a ``-f`` naming a bare file reads it from
    fixtures/platform/allocate-tool (``kep-5004/...``-style paths from fixtures/), and
    ``{file}`` stands for the file the scenario wrote (also appended as the last ``-f``
    unless the arguments name it)."""
    out: list[str] = []
    words = shlex.split(args)
    for i, w in enumerate(words):
        if i and words[i - 1] in ("-f", "--filename") and w != FILE_MARK:
            local = TOOL_FIXTURES / w
            w = str(local if local.exists() else FIXTURES / w)
        if extra is not None:
            w = w.replace(FILE_MARK, str(extra))
        out.append(w)
    if extra is not None and FILE_MARK not in args:
        out += ["-f", str(extra)]
    return out


def _run(world: World, argv: list[str], extra: Path | None) -> None:
    proc = subprocess.run([_drakit(), "allocate", *argv], capture_output=True, text=True,
                          timeout=120, check=False)
    world.vars["allocate"] = proc
    world.vars["allocate_file"] = extra


@when(parsers.re(r'I run drakit allocate with "(?P<args>[^"]*)" on a file holding:$'))
def run_allocate_on_text(world: World, args: str, docstring: str, tmp_path: Path) -> None:
    """``drakit allocate ARGS -f <file>``, the file holding the scenario's text (the outcome,
    success or not, is checked by a later step)."""
    path = tmp_path / "objects.yaml"
    path.write_text(docstring, encoding="utf-8")
    _run(world, _args(args, path), path)


@when(parsers.re(r'I run drakit allocate with "(?P<args>[^"]*)"$'))
def run_allocate(world: World, args: str) -> None:
    """``drakit allocate ARGS`` on fixture files only."""
    _run(world, _args(args, None), None)


def _proc(world: World) -> subprocess.CompletedProcess:
    proc = world.vars.get("allocate")
    if proc is None:
        raise AssertionError("drakit allocate did not run in an earlier step")
    return proc


def _ok(world: World) -> str:
    proc = _proc(world)
    if proc.returncode != 0:
        raise AssertionError(f"drakit allocate exited {proc.returncode}: {proc.stderr.strip()}")
    if proc.stderr:
        raise AssertionError(f"drakit allocate wrote to stderr: {proc.stderr.strip()}")
    return proc.stdout


def _picked(out: str) -> list[list[str]]:
    rows = []
    for entry in parse_yaml(out) or []:
        for r in ((entry.get("allocation") or {}).get("devices") or {}).get("results") or []:
            rows.append([entry["claim"], r["request"], f"{r['driver']}/{r['pool']}/{r['device']}"])
    return rows


@then(parsers.re(r'drakit allocate allocates these devices(?: and no others)?:$'))
def allocate_devices(world: World, datatable: list[list[str]]) -> None:
    """The claims in the tool's output, in order, and per claim its results in order:
    ``namespace/claim``, request (``request/subrequest`` for a prioritized list) and
    ``driver/pool/device``."""
    want = [list(r) for r in datatable[1:]]
    got = _picked(_ok(world))
    world.observe("drakit allocate results", want, got)
    if got != want:
        raise AssertionError(f"drakit allocate gave {got}, expected {want}")


@then(parsers.re(r'drakit allocate writes:$'))
def allocate_writes(world: World, docstring: str) -> None:
    """The whole output, compared as YAML (every field of every allocation result)."""
    want = parse_yaml(docstring)
    got = parse_yaml(_ok(world))
    world.observe("drakit allocate output", want, got)
    if got != want:
        raise AssertionError(f"drakit allocate wrote\n{yaml.safe_dump(got)}\nexpected\n{yaml.safe_dump(want)}")


def _explanation(world: World) -> list[list[str]]:
    lines = _ok(world).splitlines()
    if not lines or lines[0].split() != ["CLAIM", "REQUEST", "DEVICE", "OUTCOME"]:
        raise AssertionError(f"drakit allocate --explain: no CLAIM REQUEST DEVICE OUTCOME header in {lines[:1]}")
    head = lines[0]
    cols = [head.index(h) for h in ("REQUEST", "DEVICE", "OUTCOME")]
    rows = []
    for line in lines[1:]:
        rows.append([line[:cols[0]].strip(), line[cols[0]:cols[1]].strip(),
                     line[cols[1]:cols[2]].strip(), line[cols[2]:].strip()])
    return rows


@then(parsers.re(r'the explanation has the rows:$'))
def explanation_has(world: World, datatable: list[list[str]]) -> None:
    """Each listed (claim, request, device) row is in the table, exactly once, with exactly
    that outcome; ``-`` for an empty cell (the final row has no claim, request, device; an
    outcome ``-`` there says there is no final row)."""
    rows = _explanation(world)
    problems = []
    for claim, request, device, outcome in (list(r) for r in datatable[1:]):
        key = ["" if c == "-" else c for c in (claim, request, device)]
        found = [r[3] for r in rows if r[:3] == key]
        if key == ["", "", ""] and outcome == "-":  # no final row: an allocation exists
            if found:
                problems.append(f"(final row): expected none, found {found}")
        elif len(found) != 1 or found[0] != outcome:
            problems.append(f"{' '.join(key) or '(final row)'}: expected {outcome!r}, found {found}")
    world.observe("drakit allocate --explain rows", [list(r) for r in datatable[1:]], rows)
    if problems:
        raise AssertionError("drakit allocate --explain:\n  " + "\n  ".join(problems))


@then(parsers.re(r'the explanation is:$'))
def explanation_is(world: World, docstring: str) -> None:
    """The whole table, exactly as printed (column widths included)."""
    got = _ok(world)
    world.observe("drakit allocate --explain", docstring, got)
    if got.rstrip("\n") != docstring.rstrip("\n"):
        raise AssertionError(f"drakit allocate --explain printed\n{got}\nexpected\n{docstring}")


@then(parsers.re(r'drakit allocate exits (?P<code>\d+) with the error "(?P<message>.*)"$'))
def allocate_failed(world: World, code: str, message: str) -> None:
    """One line on stderr, ``error: <cause>``; nothing on stdout. ``{file}`` stands for the
    file the scenario wrote."""
    proc = _proc(world)
    extra = world.vars.get("allocate_file")
    stderr = proc.stderr.strip()
    if extra is not None:
        stderr = stderr.replace(str(extra), FILE_MARK)
    stderr = stderr.replace(str(TOOL_FIXTURES) + "/", "").replace(str(FIXTURES) + "/", "")
    got = {"exit": proc.returncode, "stderr": stderr, "stdout": proc.stdout}
    want = {"exit": int(code), "stderr": f"error: {message}", "stdout": ""}
    world.observe("drakit allocate error", want, got)
    if got != want:
        raise AssertionError(f"drakit allocate: expected {want}, got {got}")


@then(parsers.re(r'drakit allocate exits (?P<code>\d+) saying "(?P<message>.*)" and writes nothing$'))
def allocate_says(world: World, code: str, message: str) -> None:
    """A one-line answer on stderr that is not an ``error:`` (no solution on the node)."""
    proc = _proc(world)
    got = {"exit": proc.returncode, "stderr": proc.stderr.strip(), "stdout": proc.stdout}
    want = {"exit": int(code), "stderr": message, "stdout": ""}
    world.observe("drakit allocate", want, got)
    if got != want:
        raise AssertionError(f"drakit allocate: expected {want}, got {got}")


@then(parsers.re(r'the claim "(?P<name>[^"]+)" has the allocation drakit allocate gave it$'))
def scheduler_agrees(world: World, name: str) -> None:
    """The scheduler's ``status.allocation`` of the claim, created through the backend, holds
    the same results (request, driver, pool, device; in order) and node selector as the
    tool's answer for it; the claim's namespace may differ, so claims are matched by name."""
    world.b.settle()
    tool = {e["claim"].split("/", 1)[1]: e["allocation"] for e in parse_yaml(_ok(world)) or []}
    if name not in tool:
        raise AssertionError(f"drakit allocate gave no allocation for claim {name}: {sorted(tool)}")
    claim = get_obj(world, "ResourceClaim", name)
    alloc = (claim.get("status") or {}).get("allocation") or {}

    def key(a: dict) -> dict:
        return {"results": [{k: r.get(k) for k in ("request", "driver", "pool", "device")}
                            for r in (a.get("devices") or {}).get("results") or []],
                "nodeSelector": a.get("nodeSelector")}

    want, got = key(tool[name]), key(alloc)
    world.observe(f"claim {name}: scheduler vs drakit allocate", want, got, [claim])
    if got != want:
        raise AssertionError(f"claim {name}: the scheduler allocated {got}, drakit allocate said {want}")
