"""CEL regular expressions with cel-go's semantics: RE2 (Go regexp), never Python's re.

Upstream: cel-go evaluates ``matches`` with ``regexp.MatchString`` (common/types/string.go)
and the Kubernetes regex library ``find``/``findAll`` with ``regexp.Compile`` +
``FindString``/``FindAllString`` (apiserver/pkg/cel/library/regex.go); the base env
validates constant ``matches`` patterns at compile time (``cel.ValidateRegexLiterals``,
environment/base.go since 1.29) and plans constant patterns of ``matches``/``find``/
``findAll`` at program creation (cel-go ``OptimizeRegex``), which the DRA compiler reports
as ``program instantiation failed`` (dynamic-resource-allocation cel/compile.go).
"""

from __future__ import annotations

import base64
import json
import re
import ssl
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drakit.allocator import AllocationError, allocate
from drakit.cel import CELRuntimeError, compile_selector, device_view, validate_selector_expression
from drakit.cel_regex import RegexError, compile_go, find, find_all

GATES = {"DRAConsumableCapacity": True, "DRAListTypeAttributes": True}
ATTR = 'device.attributes["dra.example.com"]'
EVIL = "a" * 40 + "!"


def _device(**attrs: str) -> dict:
    return device_view("dra.example.com", {"name": "d", "attributes": {
        k: {"string": v} for k, v in attrs.items()}})


# -- runtime semantics -------------------------------------------------------------


@pytest.mark.parametrize("expression", [
    f'{ATTR}.s.find("(a+)+$") == ""',
    f'{ATTR}.s.findAll("(a+)+$").size() == 0',
    f'!{ATTR}.s.matches("(a+)+$")',
    f'!{ATTR}.s.matches("^(a|a)*$")',
])
def test_catastrophic_backtracking_patterns_are_linear(expression: str) -> None:
    """RE2 answers these in microseconds; Python's re needs ~2^40 steps for ``(a+)+$``."""
    compiled = compile_selector(expression, GATES)
    assert compiled.error == ""
    assert compiled.matches(_device(s=EVIL)) is True


@pytest.mark.parametrize("text, pattern, n, want", [
    # Go's regexp docs (FindAllString example)
    ("paranormal", "a.", -1, ["ar", "an", "al"]),
    ("paranormal", "a.", 2, ["ar", "an"]),
    ("graal", "a.", -1, ["aa"]),
    ("none", "a.", -1, []),
    ("paranormal", "a.", 0, []),
    # Go's find_test.go: an empty match abutting the previous match is dropped
    ("baaab", "a*", -1, ["", "aaa", ""]),
    ("123 abc 456", "[0-9]+", -1, ["123", "456"]),
    ("abc", "", -1, ["", "", "", ""]),
    ("ééé", "é", 2, ["é", "é"]),
])
def test_find_all_follows_go(text: str, pattern: str, n: int, want: list[str]) -> None:
    assert find_all(text, pattern, n) == want


def test_find_is_leftmost_first_like_go() -> None:
    assert find("abc 123", "[0-9]*") == ""  # an empty match at 0 comes first
    assert find("abc 123", "[0-9]+") == "123"
    assert find("xyz", "a|ab") == ""
    assert find("ab", "a|ab") == "a"  # Perl-like leftmost-first, not leftmost-longest


# Patterns that cannot match the empty string: Go's FindAll and Python's finditer agree.
_atoms = st.sampled_from(["a", "b", "c", "[ab]", "[^a]", ".", r"\d", "x"])
_pieces = st.tuples(_atoms, st.sampled_from(["", "+", "{1,2}"])).map("".join)
_nonempty_patterns = st.lists(_pieces, min_size=1, max_size=4).map("".join)


@settings(max_examples=200, deadline=1000, suppress_health_check=[HealthCheck.too_slow])
@given(_nonempty_patterns, st.text("abcx1 ", max_size=30), st.integers(-1, 5))
def test_find_all_agrees_with_re_when_no_empty_match(pattern: str, text: str, n: int) -> None:
    want = [m.group(0) for m in re.finditer(pattern, text)]
    assert find_all(text, pattern, n) == (want if n < 0 else want[:n])
    assert find(text, pattern) == (want[0] if want else "")


@settings(max_examples=150, deadline=1000, suppress_health_check=[HealthCheck.too_slow])
@given(st.text("a(+)*|?!b", min_size=1, max_size=24), st.text("ab!", max_size=64))
def test_any_pattern_compiles_or_fails_with_go_text_and_runs_fast(pattern: str, text: str) -> None:
    try:
        find_all(text, pattern)
    except RegexError as e:
        assert re.fullmatch(r"error parsing regexp: [^:]+: `.*`", str(e), re.S), str(e)


# -- errors as cel-go words them ----------------------------------------------------


@pytest.mark.parametrize("pattern, text", [
    ("(?=a)", "error parsing regexp: invalid or unsupported Perl syntax: `(?=`"),
    ("(?<=a)b", "error parsing regexp: invalid named capture: `(?<=a)b`"),
    ("(?<!a>)b", "error parsing regexp: invalid named capture: `(?<!a>`"),
    ("(?P=n)", "error parsing regexp: invalid or unsupported Perl syntax: `(?P`"),
    (r"(a)\1", r"error parsing regexp: invalid escape sequence: `\1`"),
    ("[", "error parsing regexp: missing closing ]: `[`"),
    ("(a", "error parsing regexp: missing closing ): `(a`"),
    ("a)", "error parsing regexp: unexpected ): `a)`"),
    ("a**", "error parsing regexp: invalid nested repetition operator: `**`"),
    ("*", "error parsing regexp: missing argument to repetition operator: `*`"),
    ("x{1001}", "error parsing regexp: invalid repeat count: `{1001}`"),
    ("[z-a]", "error parsing regexp: invalid character class range: `z-a`"),
    ("a\\", "error parsing regexp: trailing backslash at end of expression: ``"),
    (r"\C", r"error parsing regexp: invalid escape sequence: `\C`"),
])
def test_go_error_texts(pattern: str, text: str) -> None:
    with pytest.raises(RegexError) as err:
        compile_go(pattern)
    assert str(err.value) == text


def test_constant_matches_pattern_is_a_compile_error() -> None:
    expression = f'{ATTR}.s.matches("(?!x)a")'
    errs = validate_selector_expression(expression, "spec.selectors[0].cel.expression", gates=GATES)
    assert [str(e) for e in errs] == [
        'spec.selectors[0].cel.expression: Invalid value: "' + expression.replace('"', '\\"')
        + '": compilation failed: ERROR: <input>:1:48: invalid matches argument\n'
        f" | {expression}\n"
        " | " + "." * 47 + "^"]


@pytest.mark.parametrize("expression, detail", [
    (f'{ATTR}.s.find("(?=a)") == ""',
     "program instantiation failed: error parsing regexp: invalid or unsupported Perl syntax: `(?=`"),
    (f'{ATTR}.s.findAll("(a)\\\\1", 1).size() == 0',
     "program instantiation failed: error parsing regexp: invalid escape sequence: `\\1`"),
    ('matches("x", "[")', "program instantiation failed: error parsing regexp: missing closing ]: `[`"),
])
def test_constant_find_pattern_fails_program_instantiation(expression: str, detail: str) -> None:
    result = compile_selector(expression, GATES)
    assert (result.error_type, result.error) == ("Internal", detail)
    errs = validate_selector_expression(expression, "spec.selectors[0].cel.expression", gates=GATES)
    assert [str(e) for e in errs] == [f"spec.selectors[0].cel.expression: Internal error: {detail}"]


def test_dynamic_pattern_errors_at_runtime_like_cel_go() -> None:
    dev = _device(s="abc", p="(?=a)")
    with pytest.raises(CELRuntimeError) as err:
        compile_selector(f'{ATTR}.s.find({ATTR}.p) == ""', GATES).matches(dev)
    assert str(err.value) == "Illegal regex: error parsing regexp: invalid or unsupported Perl syntax: `(?=`"
    with pytest.raises(CELRuntimeError) as err:
        compile_selector(f"{ATTR}.s.matches({ATTR}.p)", GATES).matches(dev)
    assert str(err.value) == "error parsing regexp: invalid or unsupported Perl syntax: `(?=`"


def test_allocator_reports_a_dynamic_regex_error_with_the_device() -> None:
    slices = [{"metadata": {"name": "s"}, "spec": {
        "driver": "dra.example.com", "nodeName": "n", "pool": {"name": "n", "generation": 1,
                                                               "resourceSliceCount": 1},
        "devices": [{"name": "d0", "attributes": {"s": {"string": "a"}, "p": {"string": "a)"}}}]}}]
    cls = {"metadata": {"name": "c"}, "spec": {"selectors": [{"cel": {"expression": 'device.driver == "dra.example.com"'}}]}}
    claim = {"metadata": {"name": "cl", "namespace": "ns"}, "spec": {"devices": {"requests": [
        {"name": "r", "exactly": {"deviceClassName": "c", "selectors": [
            {"cel": {"expression": f"{ATTR}.s.matches({ATTR}.p)"}}]}}]}}}
    node = {"metadata": {"name": "n"}}
    with pytest.raises(AllocationError) as err:
        allocate(node, [claim], slices, [cls], version="1.37")
    assert str(err.value) == ("claim ns/cl: selector #0 on device dra.example.com/n/d0: CEL runtime error: "
                              "error parsing regexp: unexpected ): `a)`")


# -- the served cluster stays responsive (issue 13 item 1) ---------------------------


def _request(url: str, token: str | None, method: str = "GET", body: dict | None = None,
             timeout: float = 2.0, ctx: ssl.SSLContext | None = None) -> tuple[int, bytes]:
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(url, data=json.dumps(body).encode() if body is not None else None,
                                 method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout, context=ctx) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def test_drakit_serve_stays_responsive_with_a_catastrophic_selector(tmp_path) -> None:
    """``drakit serve`` in its own process (a frozen server then fails this test instead
    of freezing it): while the scheduler evaluates ``find("(a+)+$")`` on 40-character
    attributes, /healthz answers, and the pod gets scheduled."""
    kc = tmp_path / "kubeconfig"
    proc = subprocess.Popen(
        [sys.executable, "-c", "import sys; from drakit.cli import main; sys.exit(main())",
         "serve", "--port", "0", "--node", "n1", "--interval", "0.05", "--kubeconfig-out", str(kc)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = ""
        deadline = time.monotonic() + 30
        while "API on" not in line and time.monotonic() < deadline and proc.poll() is None:
            line = proc.stdout.readline()
        url = re.search(r"API on (\S+)", line).group(1)
        config = yaml.safe_load(kc.read_text())  # the server's URL, CA and token, as kubectl reads them
        url = config["clusters"][0]["cluster"]["server"]
        ca = config["clusters"][0]["cluster"].get("certificate-authority-data")
        ctx = ssl.create_default_context(cadata=base64.b64decode(ca).decode()) if ca else None
        token = (config["users"][0].get("user") or {}).get("token")

        def call(path: str, method: str = "GET", body: dict | None = None, timeout: float = 2.0):
            return _request(url + path, token, method, body, timeout, ctx)
        objects = [
            ("/apis/resource.k8s.io/v1/deviceclasses", {
                "apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass", "metadata": {"name": "evil"},
                "spec": {"selectors": [{"cel": {"expression": 'device.driver == "dra.example.com"'}}]}}),
            ("/apis/resource.k8s.io/v1/resourceslices", {
                "apiVersion": "resource.k8s.io/v1", "kind": "ResourceSlice", "metadata": {"name": "n1-slice"},
                "spec": {"driver": "dra.example.com", "nodeName": "n1",
                         "pool": {"name": "n1", "generation": 1, "resourceSliceCount": 1},
                         "devices": [{"name": f"d{i}", "attributes": {"s": {"string": EVIL}}}
                                     for i in range(8)]}}),
            ("/apis/resource.k8s.io/v1/namespaces/default/resourceclaims", {
                "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
                "metadata": {"name": "evil", "namespace": "default"},
                "spec": {"devices": {"requests": [{"name": "r", "exactly": {
                    "deviceClassName": "evil",
                    "selectors": [{"cel": {"expression": f'{ATTR}.s.find("(a+)+$") == ""'}}]}}]}}}),
        ]
        for path, obj in objects:
            status, body = call(path, "POST", obj)
            assert status == 201, body
        pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "evil", "namespace": "default"},
               "spec": {"containers": [{"name": "c", "image": "registry.k8s.io/pause:3.10",
                                        "resources": {"claims": [{"name": "r"}]}}],
                        "resourceClaims": [{"name": "r", "resourceClaimName": "evil"}]}}
        created: list[tuple[int, bytes]] = []
        writer = threading.Thread(target=lambda: created.append(
            call("/api/v1/namespaces/default/pods", "POST", pod, timeout=20)), daemon=True)
        writer.start()
        while writer.is_alive():
            status, body = call("/healthz")  # raises (times out) on a frozen server
            assert (status, body) == (200, b"ok")
            time.sleep(0.02)
        assert created and created[0][0] == 201, created
        deadline = time.monotonic() + 10
        node = None
        while node is None and time.monotonic() < deadline:
            status, body = call("/api/v1/namespaces/default/pods/evil")
            node = json.loads(body)["spec"].get("nodeName")
            time.sleep(0.05)
        assert node == "n1"
    finally:
        proc.kill()
        proc.communicate(timeout=10)
