"""Generic steps: cluster set-up, writing objects, and exact assertions on what came back.

Then-steps assert exact values — a field path and error type, a stored value, a field's
absence — never just "an error happened". Each records an observation (expected vs
actual) for the report and for the side-by-side comparison of backends.
"""

from __future__ import annotations

import copy
import json
import re
import time
from pathlib import Path

import yaml
from pytest_bdd import given, parsers, then, when

from . import expect, paths
from .backends.base import ApiError, EnvironmentFailure
from .world import World

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


# ---------------------------------------------------------------------------- helpers

# libyaml's parser when PyYAML has it (the same safe schema, ten times faster): parsing
# step manifests was a fifth of the reference suite's time
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse_yaml(text: str):
    """yaml.safe_load through libyaml: the same safe schema and types, a tenth of the time
    (steps parse a docstring or a scalar per step, in every scenario)."""
    return yaml.load(text, Loader=_SAFE_LOADER)


def parse_yaml_all(text: str) -> list:
    return list(yaml.load_all(text, Loader=_SAFE_LOADER))


_FIXTURE_CACHE: dict[str, list[dict]] = {}


def load_yaml(text: str) -> list[dict]:
    docs = [d for d in yaml.load_all(text, Loader=_SAFE_LOADER) if d is not None]
    for d in docs:
        if not isinstance(d, dict):
            raise AssertionError(f"step manifest is not a mapping: {d!r}")
    return docs


def expand_namespace(text: str, world: World) -> str:
    """``${namespace}`` stands for the scenario's namespace (a live cluster's is generated)."""
    return text.replace("${namespace}", world.b.namespace)


def fixture_objects(name: str) -> list[dict]:
    """A fixture file's objects, parsed once per run; every caller gets its own copy."""
    if name not in _FIXTURE_CACHE:
        path = FIXTURES / name
        if not path.is_file():
            raise AssertionError(f"fixture {name!r} not found under {FIXTURES}")
        _FIXTURE_CACHE[name] = load_yaml(path.read_text(encoding="utf-8"))
    return copy.deepcopy(_FIXTURE_CACHE[name])


def scalar(text: str):
    """Parse a step's value the way YAML would (`"8"` stays a string, `8` an int, `true`);
    the type is part of the expectation (steps/expect.py)."""
    return parse_yaml(text) if text != "" else ""


def try_write(world: World, fn) -> None:
    world.last_error = None
    world.last_result = []
    try:
        out = fn()
        world.last_result = out if isinstance(out, list) else [out]
    except ApiError as e:
        world.last_error = e


def cause_lines(err: ApiError) -> list[str]:
    return [f"{c.get('field')}: {c.get('message')}" if c.get("field") else c.get("message", "")
            for c in err.causes]


def require_error(world: World) -> ApiError:
    if world.last_error is None:
        stored = world.last_result[0] if world.last_result else None
        raise AssertionError("the request was accepted, but a rejection was expected; stored:\n"
                             + yaml.safe_dump(stored, sort_keys=False))
    return world.last_error


def get_obj(world: World, kind: str, name: str) -> dict:
    try:
        return world.b.get(kind, name)
    except ApiError as e:
        raise AssertionError(f"{kind} {name!r} could not be read: {e}") from None


def workload_pods(world: World, kind: str, name: str) -> tuple[list[dict], str]:
    """The pods a Deployment's or ReplicaSet's selector finds now (those being deleted left
    out), as a kubectl user finds them (their names are generated), and the selector used."""
    obj = get_obj(world, kind, name)
    labels = ((obj.get("spec") or {}).get("selector") or {}).get("matchLabels") or {}
    if not labels:
        raise AssertionError(f"the {kind} {name!r} has no spec.selector.matchLabels to find its pods by")
    sel = ",".join(f"{k}={v}" for k, v in sorted(labels.items()))
    return [p for p in world.b.list("Pod", sel) if not p["metadata"].get("deletionTimestamp")], sel


# ---------------------------------------------------------------------------- given

@given(parsers.re(r"a Kubernetes (?P<version>1\.\d+) cluster"))
def given_version(world: World, version: str) -> None:
    if world.started:
        raise AssertionError("the cluster version must be set before the first object")
    world.version = version


@given("a cluster")
def given_cluster(world: World) -> None:
    world.b  # noqa: B018 - start the backend with the defaults


@given(parsers.re(r"the feature gate (?P<gate>\w+) is (?P<state>enabled|disabled)"))
def given_gate(world: World, gate: str, state: str) -> None:
    world.set_gate(gate, state == "enabled")


@given(parsers.re(r'a node "(?P<name>[^"]+)"(?: with (?P<spec>.+))?$'))
@when(parsers.re(r'a node "(?P<name>[^"]+)" joins(?: with (?P<spec>.+))?$'))
def given_node(world: World, name: str, spec: str | None) -> None:
    alloc = None
    if spec:
        # 'cpu "8", memory "32Gi"' or 'cpu "8" and memory "32Gi"'
        import re
        alloc = {k: v for k, v in re.findall(r'([\w./-]+) "([^"]+)"', spec)}
        if not alloc:
            raise AssertionError(f"cannot read node resources from {spec!r}")
    world.b.add_node(name, allocatable=alloc)


@given("the objects:")
@given("the object:")
def given_objects(world: World, docstring: str) -> None:
    try:
        world.b.apply(load_yaml(docstring))
    except ApiError as e:
        raise AssertionError(f"setting up the objects failed: {e}\n" +
                             "\n".join(cause_lines(e))) from None


@given(parsers.parse('the objects from fixture "{name}"'))
def given_fixture(world: World, name: str) -> None:
    try:
        world.b.apply(fixture_objects(name))
    except ApiError as e:
        raise AssertionError(f"applying fixture {name} failed: {e}") from None


# ---------------------------------------------------------------------------- when

@when("I create:")
@when("I apply:")
def when_apply(world: World, docstring: str) -> None:
    objs = load_yaml(docstring)
    try_write(world, lambda: world.b.apply(objs))


@when("I create, as kubectl create does:")
def when_create_strict(world: World, docstring: str) -> None:
    """POST each object, never replacing one: "I create:" is kubectl apply (an existing name
    is updated), this one sends what a create of a taken name gets (the create's validation,
    then AlreadyExists)."""
    objs = load_yaml(docstring)
    try_write(world, lambda: [world.b.create(o) for o in objs])


@when(parsers.re(r'I create, with field validation "(?P<mode>[^"]*)":'))
def when_create_with_field_validation(world: World, mode: str, docstring: str) -> None:
    """POST each object with ``?fieldValidation=<mode>`` (Strict, Warn or Ignore; without
    the parameter kube-apiserver uses Warn, kubectl sends Strict), keeping the texts of the
    server's Warning headers for "the server warned"."""
    objs = load_yaml(docstring)
    warnings: list[str] = []
    world.vars["warnings"] = warnings
    try_write(world, lambda: [world.b.create(o, field_validation=mode, warnings=warnings)
                              for o in objs])


def _kept_warnings(world: World) -> list[str]:
    if "warnings" not in world.vars:
        raise AssertionError("no earlier step kept the server's warnings (use "
                             "'I create, with field validation \"<mode>\":')")
    return world.vars["warnings"]


@then("the server warned:")
def then_server_warned(world: World, docstring: str) -> None:
    """Exactly these warnings, one per line, in the order the server sent them."""
    expected = [line.strip() for line in docstring.splitlines() if line.strip()]
    got = _kept_warnings(world)
    world.observe("the server's warnings", expected, got)
    assert got == expected, f"the server warned {got}, expected {expected}"


@then("the server sent no warning")
def then_no_server_warning(world: World) -> None:
    got = _kept_warnings(world)
    world.observe("the server's warnings", [], got)
    assert not got, f"the server warned {got}"


@when(parsers.parse('I apply the fixture "{name}"'))
def when_apply_fixture(world: World, name: str) -> None:
    objs = fixture_objects(name)
    try_write(world, lambda: world.b.apply(objs))


def _prepared_manifest(world: World) -> dict:
    """The manifest an earlier "a <Kind> manifest:" step prepared (and later steps changed)."""
    if world.pending is None:
        raise AssertionError("no manifest was prepared by an earlier step")
    return world.pending


@when("I create the manifest")
def when_create_manifest(world: World) -> None:
    obj = _prepared_manifest(world)
    try_write(world, lambda: world.b.apply([obj]))


@when("the manifest is stored past validation")
def when_store_manifest_past_validation(world: World) -> None:
    """The prepared manifest stored as it is (an older release or a direct etcd write left
    it so), then the components settle: reference only."""
    world.b.store_past_validation(_prepared_manifest(world))


@when("I dry-run the manifest")
def when_dry_run_manifest(world: World) -> None:
    obj = _prepared_manifest(world)
    try_write(world, lambda: world.b.apply([obj], dry_run=True))


@when(parsers.re(r'I patch the (?P<kind>\w+) "(?P<name>[^"]+)"(?P<status> status)?'
                 r'(?P<nowait> without waiting)? with:'))
def when_patch(world: World, kind: str, name: str, status: str | None, nowait: str | None,
               docstring: str) -> None:
    """A JSON merge patch; "without waiting": the components have not reacted when the next
    step starts."""
    patch = parse_yaml(docstring)
    sub = "status" if status else None
    try_write(world, lambda: world.b.patch(kind, name, patch, subresource=sub,
                                           wait=not nowait))


@when(parsers.re(r'I set "(?P<path>[^"]+)" of the (?P<kind>\w+) "(?P<name>[^"]+)" to (?P<value>.+)'))
def when_set_field(world: World, path: str, kind: str, name: str, value: str) -> None:
    """Read, change one field, write back: re-read and try again when a controller or kubelet
    wrote the object in between, as `kubectl edit` users do: the scenario is about the field,
    and a 409 Conflict would hide the answer it asks for. Only a live cluster's writers run
    between two requests, and on a busy one they may win many times in a row (a scheduler
    rewrites a pending pod's condition whenever the cluster's node count changes), so the
    step keeps trying, with short pauses, for up to SET_FIELD_BUDGET_SECONDS; an object that
    never holds still is then an environment error (not a conformance verdict) naming what
    kept changing."""
    sub = "status" if path.startswith("status") else None
    changes: list[str] = []
    deadline = time.monotonic() + SET_FIELD_BUDGET_SECONDS
    obj = get_obj(world, kind, name)
    for attempt in range(SET_FIELD_ATTEMPTS):
        read = copy.deepcopy(obj)
        paths.assign(obj, path, scalar(value))
        try_write(world, lambda obj=obj: world.b.update(obj, subresource=sub))
        if world.last_error is None or world.last_error.reason != "Conflict":
            return
        obj = get_obj(world, kind, name)
        if _version(obj) == _version(read):
            return  # nobody wrote in between: the conflict is the answer (a uid precondition)
        changes = changed_paths(read, obj) or changes
        if attempt + 1 >= SET_FIELD_ATTEMPTS or time.monotonic() >= deadline:
            break
        time.sleep(min(0.02 * 2 ** attempt, 0.25))
    raise EnvironmentFailure(
        f"the {kind} {name!r} changed between each read and write ({attempt + 1} "
        f"conflicts in a row); what changed: {', '.join(changes[:8]) or 'only its resourceVersion'}"
        "; a component keeps rewriting it")


SET_FIELD_ATTEMPTS = 40
SET_FIELD_BUDGET_SECONDS = 15.0


def _version(obj: dict) -> object:
    return (obj.get("metadata") or {}).get("resourceVersion")


def changed_paths(old: object, new: object, prefix: str = "") -> list[str]:
    """The dotted paths where two reads of one object differ, resourceVersion and
    managedFields left out (they change with every write)."""
    if isinstance(old, dict) and isinstance(new, dict):
        out: list[str] = []
        for key in sorted(set(old) | set(new), key=str):
            if prefix == "metadata." and key in ("resourceVersion", "managedFields"):
                continue
            out += changed_paths(old.get(key), new.get(key), f"{prefix}{key}.")
        return out
    if old != new:
        return [prefix.rstrip(".") or "(the object)"]
    return []


@when(parsers.re(r'I delete the (?P<kind>\w+) "(?P<name>[^"]+)"$'))
def when_delete(world: World, kind: str, name: str) -> None:
    try_write(world, lambda: world.b.delete(kind, name) or [])


@when(parsers.re(r'I force-delete the Pod "(?P<name>[^"]+)"(?P<nowait> without waiting)?$'))
def when_force_delete(world: World, name: str, nowait: str | None) -> None:
    """``kubectl delete pod --force --grace-period=0``: the pod object goes at once, before
    its kubelet has stopped it; "without waiting" does not wait for the components to react
    (the next step, e.g. an API server restart, comes before they saw the deletion)."""
    try_write(world, lambda: world.b.delete("Pod", name, wait=not nowait,
                                            grace_period_seconds=0) or [])


@when("the cluster settles")
def when_settles(world: World) -> None:
    world.b.settle()


@when(parsers.re(r"the feature gate (?P<gate>\w+) is (?P<state>enabled|disabled)"))
def when_gate(world: World, gate: str, state: str) -> None:
    world.b  # noqa: B018 - the cluster exists before the restart
    world.set_gate(gate, state == "enabled")


@when(parsers.re(r"the cluster is (?:upgraded|downgraded) to Kubernetes (?P<version>1\.\d+)"))
def when_version(world: World, version: str) -> None:
    world.b.set_version(version)
    world.version = version


# ---------------------------------------------------------------------------- then: requests

@then("the request succeeds")
def then_succeeds(world: World) -> None:
    err = world.last_error
    world.observe("the request succeeds", "accepted", str(err) if err else "accepted")
    if err is not None:
        raise AssertionError(f"the request was rejected: {err}\n" + "\n".join(cause_lines(err)))


@then(parsers.parse('the outcome is "{outcome}"'))
def then_outcome(world: World, outcome: str) -> None:
    """``accepted``, or the refusal's complete list of causes: exactly this one line
    ``<field>: <message>`` (upstream's validation tests pin the whole error list; a refusal
    with several causes is written with "rejected with exactly these causes:")."""
    if outcome == "accepted":
        then_succeeds(world)
        return
    err = require_error(world)
    lines = cause_lines(err)
    world.observe(f'the outcome is "{outcome}"', [outcome], lines)
    missing, extra = expect.cause_lines_equal([outcome], lines)
    if missing or extra:
        raise AssertionError(
            f"expected exactly the cause\n  {outcome}\nbut the server said\n  "
            + "\n  ".join(lines or [err.message])
            + ("\n(the expected cause is among them, with others: list them all with "
               "'the request is rejected with exactly these causes:')" if not missing else ""))


@then(parsers.re(r'from (?P<since>\d+\.\d+) the outcome is "(?P<new>.*)" and before it '
                 r'"(?P<old>.*)"$'))
def then_outcome_by_release(world: World, since: str, new: str, old: str) -> None:
    """The outcome that changed in a release (an error's field path, its text): "the outcome
    is" with the cluster's release choosing which of the two is expected."""
    from drakit.features import release_at_least

    then_outcome(world, new if release_at_least(world.b.version, since) else old)


@then(parsers.re(r"the request is rejected as (?P<reason>\w+)(?: \((?P<code>\d+)\))?"))
def then_rejected_as(world: World, reason: str, code: str | None) -> None:
    """``Unknown`` is metav1.StatusReasonUnknown, whose value is the empty reason (a Status
    without one: a plain Go error the handler answered with 500)."""
    err = require_error(world)
    world.observe("rejected as", {"reason": reason, "code": code},
                  {"reason": err.reason or "Unknown", "code": err.code})
    want = "" if reason == "Unknown" else reason
    assert err.reason == want, f"expected reason {reason}, got {err.reason or 'Unknown'}: {err.message}"
    if code:
        assert err.code == int(code), f"expected HTTP {code}, got {err.code}: {err.message}"


def _rejected_with(world: World, datatable: list[list[str]], exactly: bool) -> None:
    err = require_error(world)
    header, *rows = datatable
    want = [dict(zip(header, r)) for r in rows]
    have = [{"field": c.get("field", ""), "reason": c.get("reason", ""),
             "message": c.get("message", "")} for c in err.causes]
    world.observe("rejected with " + ("exactly " if exactly else "") + "these causes", want, have)
    missing, extra = expect.cause_diff(want, have, exactly)
    if missing or extra:
        raise AssertionError(
            ("missing causes:\n  " + "\n  ".join(json.dumps(m) for m in missing) + "\n"
             if missing else "")
            + ("causes not listed:\n  " + "\n  ".join(json.dumps(x) for x in extra) + "\n"
               if extra else "")
            + "the server said:\n  " + "\n  ".join(cause_lines(err) or [err.message]))


@then("the request is rejected with these causes:")
def then_rejected_with(world: World, datatable: list[list[str]]) -> None:
    """Table ``| field | reason | message |``; every listed cause must be present (others
    may be, too)."""
    _rejected_with(world, datatable, exactly=False)


@then("the request is rejected with exactly these causes:")
def then_rejected_exactly(world: World, datatable: list[list[str]]) -> None:
    """The complete list of causes: each listed one as often as listed, no other."""
    _rejected_with(world, datatable, exactly=True)


@then(parsers.parse('the error message is "{message}"'))
def then_error_message(world: World, message: str) -> None:
    err = require_error(world)
    world.observe("error message", message, err.message)
    assert err.message == message, f"expected message\n  {message}\ngot\n  {err.message}"


@then(parsers.parse('the error message contains "{text}"'))
def then_error_contains(world: World, text: str) -> None:
    err = require_error(world)
    world.observe("error message contains", text, err.message)
    assert text in err.message, f"expected {text!r} in\n  {err.message}"


# ---------------------------------------------------------------------------- then: objects

@then(parsers.re(r'the (?P<kind>\w+) "(?P<name>[^"]+)" (?P<neg>does not exist|exists)'))
def then_exists(world: World, kind: str, name: str, neg: str) -> None:
    world.b.settle()
    try:
        world.b.get(kind, name)
        found = True
    except ApiError as e:
        if e.code != 404:
            raise
        found = False
    world.observe(f"{kind} {name} {neg}", neg == "exists", found)
    assert found == (neg == "exists"), f"{kind} {name!r}: expected it to {'exist' if neg == 'exists' else 'not exist'}"


def _check_field(world: World, kind: str, name: str, path: str, value: str, contains: bool) -> None:
    """One field of a stored object against a written value: equal (exact, typed) or
    containing it (a subset; steps/expect.py)."""
    obj = get_obj(world, kind, name)
    actual = paths.lookup(obj, path)
    expected = scalar(value)
    world.observe(f"{kind} {name} {path}" + (" contains" if contains else ""), expected,
                  None if actual is paths.MISSING else actual, [obj])
    if actual is paths.MISSING:
        raise AssertionError(f"{kind} {name!r} has no {path}; expected "
                             + (f"it to contain {value}" if contains else f"{expected!r}"))
    diffs = expect.contains(actual, expected) if contains else expect.equal(actual, expected)
    if diffs:
        raise AssertionError(f"{kind} {name!r} {path} "
                             + ("does not contain" if contains else "is not equal to")
                             + f" {value}:\n  " + "\n  ".join(diffs))


@then(parsers.re(r'the (?P<kind>\w+) "(?P<name>[^"]+)" has "(?P<path>[^"]+)" equal to (?P<value>.+)'))
def then_field_equals(world: World, kind: str, name: str, path: str, value: str) -> None:
    _check_field(world, kind, name, path, value, contains=False)


@then(parsers.re(r'the (?P<kind>\w+) "(?P<name>[^"]+)" comes to have "(?P<path>[^"]+)" equal to '
                 r'(?P<value>.+)'))
def then_field_comes_to_equal(world: World, kind: str, name: str, path: str, value: str) -> None:
    """A field a controller writes in its own time (a quota's status.used): waited for on a
    live cluster, checked after settling on the reference."""
    expected = scalar(value)

    def ok() -> bool:  # a quiet look: only the verdict below is recorded in the report
        try:
            actual = paths.lookup(world.b.get(kind, name), path)
        except ApiError:
            return False
        return actual is not paths.MISSING and not expect.equal(actual, expected)

    try:  # a live cluster's wait ends in an AssertionError naming the last value it saw
        world.b.wait_for(f"{kind} {name} {path} to equal {value}", ok)
    except AssertionError:
        pass
    _check_field(world, kind, name, path, value, contains=False)  # the verdict, with its diff


@then(parsers.re(r'the (?P<kind>\w+) "(?P<name>[^"]+)" has "(?P<first>[^"]+)" no later than '
                 r'"(?P<second>[^"]+)"$'))
def then_time_order(world: World, kind: str, name: str, first: str, second: str) -> None:
    """Two RFC 3339 timestamps of one object in the order things happened (an init container
    finishes before the containers start); the values are the cluster's clock, only their
    order is part of the API."""
    world.b.settle()
    obj = get_obj(world, kind, name)
    a, b = paths.lookup(obj, first), paths.lookup(obj, second)
    world.observe(f"{kind} {name} {first} <= {second}", f"<= {b}", a, [obj])
    stamp = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"
    for path, v in ((first, a), (second, b)):
        assert isinstance(v, str) and re.fullmatch(stamp, v), \
            f"{kind} {name!r} {path} is no timestamp: {v!r}"
    # same-format UTC stamps order as text
    assert a <= b, f"{kind} {name!r} {first} ({a}) is later than {second} ({b})"


@then(parsers.re(r'the (?P<kind>\w+) "(?P<name>[^"]+)" has "(?P<path>[^"]+)" containing (?P<value>.+)'))
def then_field_contains(world: World, kind: str, name: str, path: str, value: str) -> None:
    """Subset: the maps in the value may have more keys than written (generated uids), lists
    the same length; scalars by type (steps/expect.py)."""
    _check_field(world, kind, name, path, value, contains=True)


@then(parsers.re(r'the (?P<kind>\w+) "(?P<name>[^"]+)" has no "(?P<path>[^"]+)"'))
def then_field_absent(world: World, kind: str, name: str, path: str) -> None:
    obj = get_obj(world, kind, name)
    actual = paths.lookup(obj, path)
    world.observe(f"{kind} {name} has no {path}", None,
                  None if actual is paths.MISSING else actual, [obj])
    assert actual is paths.MISSING or actual in (None, [], {}), \
        f"{kind} {name!r} still has {path} = {actual!r}"


@then(parsers.re(r'the (?P<kind>\w+) "(?P<name>[^"]+)" has (?P<n>\d+) items? in "(?P<path>[^"]+)"$'))
def then_list_length(world: World, kind: str, name: str, n: str, path: str) -> None:
    """The length of a list too long to write down (a claim's 256 reservations)."""
    world.b.settle()
    obj = get_obj(world, kind, name)
    actual = paths.lookup(obj, path)
    count = len(actual) if isinstance(actual, list) else None
    world.observe(f"{kind} {name} items in {path}", int(n), count, [obj])
    assert isinstance(actual, list), f"{kind} {name!r} {path} is no list: {actual!r}"
    assert count == int(n), f"{kind} {name!r} has {count} items in {path}, expected {n}"


@then(parsers.re(r'the (?P<kind>\w+) "(?P<name>[^"]+)" has a "(?P<path>[^"]+)"$'))
def then_field_present(world: World, kind: str, name: str, path: str) -> None:
    """The field is set, whatever its value (one the server chose, e.g. a time "now")."""
    obj = get_obj(world, kind, name)
    actual = paths.lookup(obj, path)
    world.observe(f"{kind} {name} has {path}", "set",
                  "set" if actual is not paths.MISSING and actual not in (None, "", [], {}) else None,
                  [obj])
    assert actual is not paths.MISSING and actual not in (None, "", [], {}), \
        f"{kind} {name!r} has no {path}"


@then(parsers.re(r'the (?P<kind>\w+)s "(?P<a>[^"]+)" and "(?P<b>[^"]+)" have different "(?P<path>[^"]+)"$'))
def then_fields_differ(world: World, kind: str, a: str, b: str, path: str) -> None:
    """Both objects have the field set, to different values (ones the server chose, e.g.
    generated IDs, that no scenario can write down)."""
    objs = [get_obj(world, kind, a), get_obj(world, kind, b)]
    va, vb = (paths.lookup(o, path) for o in objs)
    world.observe(f"{kind}s {a} and {b} differ in {path}", "different",
                  {a: None if va is paths.MISSING else va, b: None if vb is paths.MISSING else vb}, objs)
    for n, v in ((a, va), (b, vb)):
        assert v is not paths.MISSING and v not in (None, "", [], {}), f"{kind} {n!r} has no {path}"
    assert va != vb, f"{kind}s {a!r} and {b!r} have the same {path}: {va!r}"


@then(parsers.re(r'the (?P<kind>\w+) "(?P<name>[^"]+)" contains:'))
def then_contains(world: World, kind: str, name: str, docstring: str) -> None:
    obj = get_obj(world, kind, name)
    expected = parse_yaml(docstring)
    diffs = expect.contains(obj, expected)
    world.observe(f"{kind} {name} contains", expected, obj, [obj])
    if diffs:
        raise AssertionError(f"{kind} {name!r} differs:\n  " + "\n  ".join(diffs))


@then(parsers.re(r'the stored object has "(?P<path>[^"]+)" equal to (?P<value>.+)'))
def then_result_field(world: World, path: str, value: str) -> None:
    if world.last_error is not None:
        raise AssertionError(f"the request was rejected: {world.last_error}")
    obj = world.last_result[0]
    actual = paths.lookup(obj, path)
    expected = scalar(value)
    world.observe(f"stored {path}", expected, None if actual is paths.MISSING else actual, [obj])
    if actual is paths.MISSING:
        raise AssertionError(f"stored {path}: expected {value}, found nothing")
    diffs = expect.equal(actual, expected)
    if diffs:
        raise AssertionError(f"stored {path} is not equal to {value}:\n  " + "\n  ".join(diffs))


@then(parsers.re(r'the stored object has no "(?P<path>[^"]+)"'))
def then_result_no_field(world: World, path: str) -> None:
    if world.last_error is not None:
        raise AssertionError(f"the request was rejected: {world.last_error}")
    obj = world.last_result[0]
    actual = paths.lookup(obj, path)
    world.observe(f"stored has no {path}", None,
                  None if actual is paths.MISSING else actual, [obj])
    assert actual is paths.MISSING or actual in (None, [], {}), \
        f"stored object still has {path} = {actual!r}"


@then(parsers.re(r'every (?P<kind>\w+) labelled "(?P<sel>[^"]+)" has "(?P<path>[^"]+)" equal to '
                 r'(?P<value>.+)$'))
def then_labelled_field_equals(world: World, kind: str, sel: str, path: str, value: str) -> None:
    """At least one object matches the selector, and each has ``value`` at ``path``."""
    world.b.settle()
    objs = world.b.list(kind, sel)
    expected = scalar(value)
    found = {o["metadata"]["name"]: paths.lookup(o, path) for o in objs}
    world.observe(f"{kind} labelled {sel} {path}", expected,
                  {n: (None if v is paths.MISSING else v) for n, v in found.items()}, objs)
    assert objs, f"no {kind} labelled {sel!r}"
    wrong = {n: (None if v is paths.MISSING else v) for n, v in found.items()
             if v is paths.MISSING or expect.equal(v, expected)}
    assert not wrong, f"{kind} objects labelled {sel!r} whose {path} is not {value}: {wrong}"


@then(parsers.re(r'every (?P<kind>\w+) labelled "(?P<sel>[^"]+)" has no "(?P<path>[^"]+)"$'))
def then_labelled_field_absent(world: World, kind: str, sel: str, path: str) -> None:
    """At least one object matches the selector, and none has a value at ``path``."""
    world.b.settle()
    objs = world.b.list(kind, sel)
    found = {o["metadata"]["name"]: paths.lookup(o, path) for o in objs}
    having = {n: v for n, v in found.items() if v is not paths.MISSING and v not in (None, [], {})}
    world.observe(f"{kind} labelled {sel} have no {path}", {}, having, objs)
    assert objs, f"no {kind} labelled {sel!r}"
    assert not having, f"{kind} objects labelled {sel!r} still have {path}: {having}"


@then(parsers.re(r'there (?:is|are) (?P<n>\d+) (?P<kind>\w+) objects?(?: labelled "(?P<sel>[^"]+)")?'))
def then_count(world: World, n: str, kind: str, sel: str | None) -> None:
    world.b.settle()
    objs = world.b.list(kind, sel)
    world.observe(f"count {kind}", int(n), len(objs))
    assert len(objs) == int(n), f"expected {n} {kind} objects, found {len(objs)}: " \
        + ", ".join(o["metadata"]["name"] for o in objs)


# ---------------------------------------------------------------------------- conditions over time

def _condition(world: World, kind: str, name: str, ctype: str) -> tuple[dict, dict | None]:
    obj = get_obj(world, kind, name)
    conds = (obj.get("status") or {}).get("conditions") or []
    return obj, next((c for c in conds if isinstance(c, dict) and c.get("type") == ctype), None)


@then(parsers.re(r'the (?P<kind>\w+) "(?P<name>[^"]+)" has (?P<n>\d+) (?P<ctype>\w+) conditions?$'))
def then_condition_count(world: World, kind: str, name: str, n: str, ctype: str) -> None:
    """How many conditions of one type the object lists (a condition is replaced in place,
    never listed twice)."""
    world.b.settle()
    obj = get_obj(world, kind, name)
    conds = (obj.get("status") or {}).get("conditions") or []
    found = [c for c in conds if isinstance(c, dict) and c.get("type") == ctype]
    world.observe(f"{kind} {name} {ctype} conditions", int(n), len(found), [obj])
    assert len(found) == int(n), f"{kind} {name!r} has {len(found)} {ctype} conditions: {conds!r}"


@when(parsers.re(r'I note the (?P<ctype>\w+) condition of the (?P<kind>\w+) "(?P<name>[^"]+)"$'))
def when_note_condition(world: World, ctype: str, kind: str, name: str) -> None:
    """Remember a condition as it is now, for a later step to compare (waits for the cluster
    to settle first, so the condition noted is the one the components wrote)."""
    world.b.settle()
    _, cond = _condition(world, kind, name, ctype)
    if cond is None:
        raise AssertionError(f"{kind} {name!r} has no {ctype} condition to note")
    world.vars[f"condition {kind}/{name}/{ctype}"] = dict(cond)


@then(parsers.re(r'the (?P<ctype>\w+) condition of the (?P<kind>\w+) "(?P<name>[^"]+)" keeps its '
                 r'status and the noted lastTransitionTime$'))
def then_condition_kept(world: World, ctype: str, kind: str, name: str) -> None:
    """A condition's lastTransitionTime changes only when its status does (k8s.io/kubernetes
    pkg/api/v1/pod UpdatePodCondition; the node lifecycle controller likewise): rewriting it
    on every retry or round with the same status would be a new transition each time."""
    noted = world.vars.get(f"condition {kind}/{name}/{ctype}")
    if noted is None:
        raise AssertionError(f"no {ctype} condition of {kind} {name!r} was noted before")
    world.b.settle()
    obj, cond = _condition(world, kind, name, ctype)
    keep = ("status", "lastTransitionTime")
    expected = {k: noted.get(k) for k in keep}
    actual = {k: (cond or {}).get(k) for k in keep}
    world.observe(f"{kind} {name} {ctype} condition kept", expected, actual, [obj])
    assert cond is not None, f"{kind} {name!r} lost its {ctype} condition"
    assert actual == expected, f"{kind} {name!r} {ctype} condition was {noted!r}, now {cond!r}"


@then(parsers.re(r'the (?P<ctype>\w+) condition of the (?P<kind>\w+) "(?P<name>[^"]+)" has status '
                 r'(?P<status>\w+) and a lastTransitionTime later than the noted one$'))
def then_condition_moved(world: World, ctype: str, kind: str, name: str, status: str) -> None:
    """The other half of the rule above: a condition whose status changed carries the time
    of that change, later than the time noted before it (RFC 3339 text in seconds, so the
    scenario lets at least a second pass in between)."""
    noted = world.vars.get(f"condition {kind}/{name}/{ctype}")
    if noted is None:
        raise AssertionError(f"no {ctype} condition of {kind} {name!r} was noted before")
    world.b.settle()
    obj, cond = _condition(world, kind, name, ctype)
    actual = {"status": (cond or {}).get("status"),
              "lastTransitionTime": (cond or {}).get("lastTransitionTime")}
    world.observe(f"{kind} {name} {ctype} condition moved",
                  {"status": status, "lastTransitionTime": f"> {noted.get('lastTransitionTime')}"},
                  actual, [obj])
    assert cond is not None, f"{kind} {name!r} has no {ctype} condition"
    assert cond.get("status") == status, \
        f"{kind} {name!r} {ctype} condition is {cond!r}, expected status {status}"
    when, before = cond.get("lastTransitionTime"), noted.get("lastTransitionTime")
    stamp = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"
    assert isinstance(when, str) and re.fullmatch(stamp, when), \
        f"{kind} {name!r} {ctype} condition has no lastTransitionTime: {cond!r}"
    # same-format UTC stamps order as text
    assert isinstance(before, str) and when > before, \
        f"{kind} {name!r} {ctype} condition changed its status but kept the lastTransitionTime " \
        f"{before!r}: {cond!r}"


@then(parsers.re(r'the (?P<ctype>\w+) condition of the (?P<kind>\w+) "(?P<name>[^"]+)" has a '
                 r'lastHeartbeatTime earlier than its lastTransitionTime$'))
def then_heartbeat_before_transition(world: World, ctype: str, kind: str, name: str) -> None:
    """A condition another component gave up on keeps the time its owner last posted it: the
    node lifecycle controller turns a Node condition Unknown with a new lastTransitionTime and
    the kubelet's last lastHeartbeatTime, which is older (RFC 3339 text in seconds, so the
    scenario lets at least a second pass between the two)."""
    world.b.settle()
    obj, cond = _condition(world, kind, name, ctype)
    beat = (cond or {}).get("lastHeartbeatTime")
    moved = (cond or {}).get("lastTransitionTime")
    world.observe(f"{kind} {name} {ctype} heartbeat before transition",
                  f"< {moved}", beat, [obj])
    assert cond is not None, f"{kind} {name!r} has no {ctype} condition"
    stamp = r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"
    assert isinstance(beat, str) and re.fullmatch(stamp, beat) and isinstance(moved, str) \
        and re.fullmatch(stamp, moved), f"{kind} {name!r} {ctype} condition lacks a timestamp: {cond!r}"
    # same-format UTC stamps order as text
    assert beat < moved, f"{kind} {name!r} {ctype} condition's lastHeartbeatTime is not older " \
        f"than its lastTransitionTime: {cond!r}"


@then(parsers.re(r'the (?P<ctype>\w+) condition of the (?P<kind>\w+) "(?P<name>[^"]+)" has status '
                 r'(?P<status>\w+)(?: and reason (?P<reason>\w+)| and no reason), '
                 r'with (?P<times>\w+(?: and \w+)*) set$'))
def then_condition_is(world: World, ctype: str, kind: str, name: str, status: str,
                      reason: str | None, times: str) -> None:
    """The condition's status and reason ("and no reason": none, as the kubelet leaves a
    pod's True conditions), and the named timestamps present as RFC 3339 text (their values
    are the cluster's clock, so only their presence is part of the API)."""
    world.b.settle()
    obj, cond = _condition(world, kind, name, ctype)
    fields = times.split(" and ")
    actual = {"status": (cond or {}).get("status"), "reason": (cond or {}).get("reason"),
              **{f: (cond or {}).get(f) for f in fields}}
    world.observe(f"{kind} {name} {ctype} condition", {"status": status, "reason": reason,
                                                        "set": fields}, actual, [obj])
    assert cond is not None, f"{kind} {name!r} has no {ctype} condition"
    assert (cond.get("status"), cond.get("reason") or None) == (status, reason), \
        f"{kind} {name!r} {ctype} condition is {cond!r}, expected status {status}, reason {reason}"
    missing = [f for f in fields if not (isinstance(cond.get(f), str)
                                         and re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", cond[f]))]
    assert not missing, f"{kind} {name!r} {ctype} condition lacks {', '.join(missing)}: {cond!r}"
