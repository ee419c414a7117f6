"""Property-based tests of every input path of drakit serve's HTTP layer (hypothesis).

Invariants: framing, parameters, media types, Host headers and protobuf reviews either
give a value or a StatusError with a 4xx code, never another exception; bodies are never
read past the limit; and over a real socket, any query value or header value gets an
answer below 500.
"""

from __future__ import annotations

import io
import json
import urllib.parse

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from drakit.api import errors as E
from drakit.serve import authz, framing, params
from drakit.serve.sandbox import Sandbox

INT64 = st.integers(min_value=-(2 ** 63), max_value=2 ** 63 - 1)


@given(INT64, st.sampled_from(["", "+"]))
def test_int64_round_trip(n, sign):
    text = (sign if n >= 0 else "") + str(n)
    assert params.parse_int64(text) == n


@given(st.text(max_size=30))
def test_int64_never_raises_anything_but_go_errors(text):
    try:
        n = params.parse_int64(text)
    except ValueError as e:
        assert str(e).startswith("strconv.ParseInt: parsing ")
        assert str(e).endswith((": invalid syntax", ": value out of range"))
    else:
        assert -(2 ** 63) <= n < 2 ** 63
        assert text.lstrip("+-").isdigit() and text.isascii()


@given(st.binary(max_size=2000), st.lists(st.integers(min_value=1, max_value=300),
                                          max_size=20))
def test_chunked_round_trip(body, cuts):
    chunks, i = [], 0
    for c in cuts:
        if i >= len(body):
            break
        chunks.append(body[i:i + c])
        i += c
    chunks.append(body[i:])
    wire = b"".join(b"%x\r\n%s\r\n" % (len(c), c) for c in chunks if c) + b"0\r\n\r\n"
    assert framing.read_body(io.BytesIO(wire), None, True) == body


@given(st.binary(max_size=500), st.integers(min_value=0, max_value=300))
def test_any_chunked_stream_gives_bytes_or_a_4xx(wire, limit):
    try:
        out = framing.read_body(io.BytesIO(wire), None, True, limit=limit)
    except E.StatusError as e:
        assert e.code in (400, 413)
    else:
        assert len(out) <= limit


@given(st.lists(st.text(max_size=12), max_size=3))
def test_content_length_header_values(values):
    try:
        n = framing.content_length(values)
    except framing.FramingError as e:
        assert e.code == 400
    else:
        assert n is None or (n >= 0 and values[0].strip().isdigit())


@given(st.text(max_size=80), st.booleans())
def test_any_accept_header_is_json_yaml_or_406(accept, streaming):
    try:
        mt = framing.response_media_type(accept, streaming=streaming)
    except E.StatusError as e:
        assert e.code == 406
    else:
        assert mt in ((framing.JSON,) if streaming else framing.SERIALIZERS)


@given(st.text(max_size=60))
def test_host_check_is_total_and_refuses_foreign_names(host):
    sb = Sandbox(bind="127.0.0.1")
    ok = sb.allowed_host(host)
    assert isinstance(ok, bool)
    name = host.strip().split(":")[0].rstrip(".").lower()
    if name and name.isalpha() and name not in ("localhost",):
        assert ok is False


@given(st.binary(max_size=300))
@example(b"\x10\x00")  # field 2 as a varint where a message belongs (found by hypothesis)
def test_protobuf_review_decoding_is_total(data):
    for plural in authz.RESOURCES:
        for raw in (data, b"k8s\x00" + data):
            try:
                out = authz.from_protobuf(plural, raw)
            except E.StatusError as e:
                assert e.code == 400
            else:
                assert out["kind"] == authz.RESOURCES[plural]
                try:
                    assert authz.review(plural, out)["status"]
                except E.StatusError as e:
                    assert e.code == 422  # neither or both attribute kinds


RC = "/apis/resource.k8s.io/v1/namespaces/default/resourceclaims"
QUERY_KEYS = ["limit", "timeoutSeconds", "gracePeriodSeconds", "resourceVersion",
              "resourceVersionMatch", "watch", "labelSelector", "fieldSelector", "dryRun",
              "propagationPolicy", "orphanDependents", "continue"]


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(["GET", "DELETE"]),
       st.dictionaries(st.sampled_from(QUERY_KEYS), st.text(max_size=12), max_size=4),
       st.sampled_from(["Accept", "Content-Type", "Transfer-Encoding", "Expect"]),
       st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=40))
def test_any_query_or_header_gets_an_answer_below_500(http, method, query, header, value):
    if query.get("watch") not in (None, "false", "0"):
        query["timeoutSeconds"] = "0"  # keep a generated watch short
    path = RC + "/hypo?" + urllib.parse.urlencode(query)
    headers = {header: value}
    try:
        code, body = http(method, path, headers=headers)
    except (ConnectionError, OSError):
        return  # the server may close a connection whose framing it cannot trust
    # 501 is the one 5xx: a transfer coding other than chunked, as Go's net/http answers
    assert code < 500 or (code == 501 and header == "Transfer-Encoding"), (
        method, path, headers, body)
    if code >= 400 and isinstance(body, dict):
        assert body["kind"] == "Status", body
        json.dumps(body)


# --------------------------------------------------------------- command-line flags

def _parse_serve_flag(flag: str, value: str, capsys):
    """build_parser().parse_args of one flag: the namespace, or None after argparse's usage
    error (exit 2), whose last stderr line must then name the flag."""
    from drakit.serve import build_parser

    try:
        return build_parser().parse_args([flag, value])
    except SystemExit as e:
        assert e.code == 2
        last = capsys.readouterr().err.strip().splitlines()[-1]
        assert last.startswith(f"drakit serve: error: argument {flag}: "), last
        return None


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.integers(-10 ** 6, 10 ** 6).map(str), st.text(max_size=8)))
def test_serve_port_flag_is_a_port_or_a_usage_error(capsys, value):
    ns = _parse_serve_flag("--port", value, capsys)
    if ns is not None:
        assert 0 <= ns.port <= 65535


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(st.floats().map(repr), st.integers(-5, 5000).map(str), st.text(max_size=8)))
def test_serve_interval_flag_is_a_sane_period_or_a_usage_error(capsys, value):
    ns = _parse_serve_flag("--interval", value, capsys)
    if ns is not None:
        assert 0 < ns.interval <= 3600
