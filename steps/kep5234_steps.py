"""KEP-5234 steps: the worst-case ResourceSlice of the KEP's "Limits" section, and the
``drakit flatten`` tool run the way a user runs it.

Why here: the worst case is a manifest no one would write by hand (megabytes of maxed-out
names), so a step builds it from the limits it names, one comment per limit; the flatten tool
is a command-line program, so its scenario runs it as a subprocess and compares the output
with a hand-written expectation — the steps still never import drakit.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from pytest_bdd import given, parsers, then, when

from . import expect
from .backends.base import Unsupported
from .common import FIXTURES, fixture_objects, parse_yaml_all
from .world import World

# KEP-5234 "Limits" (and the shipped per-field limits drakit also enforces with the gate on)
MAX_DEVICES_WITH_COUNTERS_OR_TAINTS = 64  # shipped since 1.35 (the KEP's 128 holds without them)
MAX_ATTRIBUTES_PER_SLICE = 4096           # KEP: attributes + capacities across devices and mixins
MAX_FLATTENED_PER_DEVICE = 32             # KEP: per device, mixins applied
MAX_CONSUMED_COUNTERS_PER_SLICE = 2048    # KEP: across devices and consumption mixins
MAX_COUNTERS_PER_SLICE = 256              # KEP: across counter sets and counter-set mixins
MAX_INCLUDES = 8                          # KEP: per device, counter set, counter consumption
KEP_TAINTS_PER_DEVICE = 4                 # KEP: "The number of taints per device is 4"
MAX_CONSUMPTIONS_PER_DEVICE = 2           # shipped since 1.35
MAX_COUNTER_SETS = 8                      # shipped since 1.35
MAX_COUNTERS_PER_SET = 32                 # shipped since 1.35


def _s(i: int, length: int) -> str:
    """k/k test/utils NewMaxResourceSlice's maxString: x...x plus a 4-digit index."""
    return "x" * (length - 4) + f"{i:04d}"


def _attr_name(i: int) -> str:
    return f"{_s(i, 63)}/{_s(i, 32)}"   # DeviceMaxDomainLength 63, DeviceMaxIDLength 32


def _label_key(i: int) -> str:
    return f"{_s(0, 249)}.com/{_s(i, 63)}"


def _worst_devices() -> dict:
    n = MAX_DEVICES_WITH_COUNTERS_OR_TAINTS
    per_device = MAX_FLATTENED_PER_DEVICE
    # the devices carry per_device attributes each; the rest of the slice-wide total goes to
    # device mixins that repeat the same keys, so the flattened devices stay at 32
    mixin_attrs = MAX_ATTRIBUTES_PER_SLICE - n * per_device
    device_mixins = [{"name": _s(m, 63),
                      "attributes": {_attr_name(k): {"string": _s(m, 64)} for k in range(per_device)}}
                     for m in range(mixin_attrs // per_device)]
    # every consumed counter lives in consumption mixins (2048 in total); each consumption
    # includes 8 of them with the same counter names, so the flattened consumption has 32
    consumption_mixins = [{"name": _s(m, 63),
                           "counters": {_s(k, 63): {"value": "80Gi"} for k in range(MAX_COUNTERS_PER_SET)}}
                          for m in range(MAX_CONSUMED_COUNTERS_PER_SLICE // MAX_COUNTERS_PER_SET)]
    devices = []
    for d in range(n):
        devices.append({
            "name": _s(d, 63),
            "nodeName": _s(0, 253),
            "includes": [device_mixins[(d + k) % len(device_mixins)]["name"] for k in range(MAX_INCLUDES)],
            "attributes": {_attr_name(k): {"string": _s(d, 64)} for k in range(per_device)},
            "consumesCounters": [
                {"counterSet": _s(c, 63),
                 "includes": [consumption_mixins[(d + c + k) % len(consumption_mixins)]["name"]
                              for k in range(MAX_INCLUDES)]}
                for c in range(MAX_CONSUMPTIONS_PER_DEVICE)],
            "taints": [{"key": _label_key(t), "value": _s(t, 63), "effect": "NoSchedule",
                        "timeAdded": "2026-01-01T00:00:00Z"} for t in range(KEP_TAINTS_PER_DEVICE)],
        })
    return {"perDeviceNodeSelection": True, "devices": devices,
            "mixins": {"device": device_mixins, "deviceCounterConsumption": consumption_mixins}}


def _worst_counter_sets() -> dict:
    # 256 counters in total: all in counter-set mixins of 32, each set includes 8 of them
    mixins = [{"name": _s(m, 63), "counters": {_s(k, 63): {"value": "80Gi"} for k in range(MAX_COUNTERS_PER_SET)}}
              for m in range(MAX_COUNTERS_PER_SLICE // MAX_COUNTERS_PER_SET)]
    sets = [{"name": _s(c, 63), "includes": [mixins[(c + k) % len(mixins)]["name"] for k in range(MAX_INCLUDES)]}
            for c in range(MAX_COUNTER_SETS)]
    return {"nodeName": _s(0, 253), "sharedCounters": sets, "mixins": {"counterSet": mixins}}


@given(parsers.re(r"the worst-case ResourceSlice manifest with (?P<variant>devices|counter sets) at the "
                  r"KEP-5234 limits"))
def worst_case_slice(world: World, variant: str) -> None:
    """As large as the limits allow (the shape of k/k test/utils NewMaxResourceSlice, extended
    with mixins): maximal names everywhere, every total and every per-entry limit reached.
    Devices and shared counters live in separate slices since 1.35, hence two variants."""
    spec = {"driver": _s(0, 63),
            "pool": {"name": _s(0, 253), "generation": 2**63 - 1, "resourceSliceCount": 2**63 - 1}}
    spec.update(_worst_devices() if variant == "devices" else _worst_counter_sets())
    world.pending = {
        "apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice",
        "metadata": {"name": _s(0 if variant == "devices" else 1, 253),
                     "labels": {_label_key(i): _s(0, 63) for i in range(10)},
                     "annotations": {_label_key(i): _s(0, 63) for i in range(10)}},
        "spec": spec}


def _stored(world: World) -> dict:
    if world.last_error is not None:
        raise AssertionError(f"the request was rejected: {world.last_error}")
    if not world.last_result:
        raise AssertionError("no object was stored by an earlier step")
    return world.last_result[0]


@then(parsers.re(r"the stored object is at most (?P<n>\d+) bytes of JSON"))
def stored_size_at_most(world: World, n: str) -> None:
    """Compact JSON, as the API server encodes it (managedFields excluded: a client-side
    apply may add them on a live cluster, they are not the object's own size)."""
    obj = dict(_stored(world))
    obj["metadata"] = {k: v for k, v in (obj.get("metadata") or {}).items() if k != "managedFields"}
    size = len(json.dumps(obj, separators=(",", ":"), ensure_ascii=False).encode())
    world.observe("stored object size in bytes", f"<= {n}", size)
    assert size <= int(n), f"the stored object is {size} bytes of JSON, more than {n}"


@then("the stored object keeps the manifest's spec")
def stored_keeps_spec(world: World) -> None:
    if world.pending is None:
        raise AssertionError("no manifest was prepared by an earlier step")
    diffs = [d if len(d) < 300 else d[:300] + "..." for d in
             expect.contains(_stored(world).get("spec"), world.pending["spec"])]
    world.observe("stored spec round-trips", "no differences", diffs[:20])
    assert not diffs, f"the stored spec differs from the manifest in {len(diffs)} places:\n  " + \
        "\n  ".join(diffs[:5])


# ---------------------------------------------------------------------------- drakit flatten


def _drakit() -> str:
    exe = shutil.which("drakit") or str(Path(sys.executable).with_name("drakit"))
    if not Path(exe).exists():
        raise Unsupported("the drakit command is not installed next to this Python (pip install drakit)")
    return exe


@when(parsers.re(r'I run drakit flatten on the fixture "(?P<name>[^"]+)"'))
def run_flatten(world: World, name: str) -> None:
    """A tool scenario: ``drakit flatten <file>`` as a user runs it (KEP-5234 "Risks": a
    command that shows the fully flattened devices). It touches no cluster, so it gives the
    same answer whichever backend the suite runs against."""
    path = FIXTURES / name
    if not path.exists():
        raise AssertionError(f"fixture {name!r} not found under {FIXTURES}")
    proc = subprocess.run([_drakit(), "flatten", str(path)], capture_output=True, text=True,
                          timeout=60, check=False)
    world.vars["flatten"] = proc
    if proc.returncode != 0:
        raise AssertionError(f"drakit flatten exited {proc.returncode}: {proc.stderr.strip()}")


@when(parsers.re(r'I run drakit flatten on a file holding:'))
def run_flatten_on_text(world: World, docstring: str, tmp_path: Path) -> None:
    """``drakit flatten <file>`` on a draft a user wrote (the scenario checks the outcome,
    success or not, in a later step)."""
    path = tmp_path / "slice.yaml"
    path.write_text(docstring, encoding="utf-8")
    world.vars["flatten_file"] = path
    world.vars["flatten"] = subprocess.run([_drakit(), "flatten", str(path)], capture_output=True,
                                           text=True, timeout=60, check=False)


@then(parsers.re(r'drakit flatten exits (?P<code>\d+) with the error "(?P<message>.*)"$'))
def flatten_failed(world: World, code: str, message: str) -> None:
    """The tool's one-line error (stderr, ``error: <cause>``) and its exit status, nothing on
    stdout; ``{file}`` stands for the file the scenario wrote."""
    proc = world.vars.get("flatten")
    if proc is None:
        raise AssertionError("drakit flatten did not run in an earlier step")
    if world.vars.get("flatten_file") is not None:
        message = message.replace("{file}", str(world.vars["flatten_file"]))
    got = {"exit": proc.returncode, "stderr": proc.stderr.strip(), "stdout": proc.stdout}
    want = {"exit": int(code), "stderr": f"error: {message}", "stdout": ""}
    world.observe("drakit flatten error", want, got)
    if got != want:
        raise AssertionError(f"drakit flatten: expected {want}, got {got}")


@then(parsers.re(r'the flattened output has every ResourceSlice of the fixture "(?P<name>[^"]+)" as written'))
def flatten_matches(world: World, name: str) -> None:
    proc = world.vars.get("flatten")
    if proc is None:
        raise AssertionError("drakit flatten did not run in an earlier step")
    out = [d for d in parse_yaml_all(proc.stdout) if d]
    by_name = {(d.get("metadata") or {}).get("name"): d for d in out}
    want = fixture_objects(name)
    world.observe(f"drakit flatten vs {name}", want, out)
    problems = []
    for exp in want:
        got = by_name.get(exp["metadata"]["name"])
        if got is None:
            problems.append(f"{exp['metadata']['name']}: missing from the output")
        elif diffs := expect.equal(got, exp):
            problems.append(f"{exp['metadata']['name']}: differs:\n    " + "\n    ".join(diffs))
    for d in out:
        spec = d.get("spec") or {}
        if "mixins" in spec or any("includes" in x for x in spec.get("sharedCounters") or ()) or any(
                "includes" in x or any("includes" in c for c in x.get("consumesCounters") or ())
                for x in spec.get("devices") or ()):
            problems.append(f"{d['metadata']['name']}: still has mixins or includes")
    assert not problems, "\n".join(problems)


@then(parsers.re(r'the devices of Pods "(?P<a>[^"]+)" and "(?P<b>[^"]+)" have the same names'))
def same_device_names(world: World, a: str, b: str) -> None:
    """The allocated device names of two pods' claims (pools and nodes may differ)."""
    def names(pod: str) -> list[str]:
        p = world.b.get("Pod", pod)
        out: list[str] = []
        for st in (p.get("status") or {}).get("resourceClaimStatuses") or ():
            claim = world.b.get("ResourceClaim", st["resourceClaimName"])
            res = (((claim.get("status") or {}).get("allocation") or {}).get("devices") or {}).get("results") or []
            out += [r.get("device") for r in res]
        return sorted(out)
    world.b.settle()
    na, nb = names(a), names(b)
    world.observe("same device names", na, nb)
    assert na and na == nb, f"Pod {a!r} got {na}, Pod {b!r} got {nb}"
