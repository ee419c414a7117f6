"""The cluster backend's reader of Warning headers: what kube-apiserver and drakit serve send
comes back as the texts they warned, and no header is lost or makes the reader fail."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from urllib3 import HTTPHeaderDict

from drakit.serve.handler import _warning_headers
from steps.backends.warning_headers import parse_warning_header, warnings_of


def _go_quoted(text: str) -> str:
    """k8s.io/apimachinery net.NewWarningHeader's quoting: a backslash before " and \\."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def test_the_apiservers_unknown_field_warnings_are_read_in_order():
    value = ('299 - "unknown field \\"spec.metdata\\"", '
             '299 - "unknown field \\"spec.spec.devices.requests[0].exactly.cout\\""')
    assert parse_warning_header(value) == [
        'unknown field "spec.metdata"',
        'unknown field "spec.spec.devices.requests[0].exactly.cout"']


def test_a_warning_with_a_date_and_several_headers():
    headers = HTTPHeaderDict()
    headers.add("Warning", '299 - "first" "Sat, 28 Nov 2026 10:00:00 GMT"')
    headers.add("Warning", '199 kube-apiserver "second, with a comma"')
    assert warnings_of(headers) == ["first", "second, with a comma"]


def test_no_warning_header_is_no_warning():
    assert warnings_of(HTTPHeaderDict()) == []
    assert warnings_of({}) == []
    assert parse_warning_header("") == []


def test_an_unreadable_rest_is_kept_as_it_was_sent():
    assert parse_warning_header('299 - "read", not a warning') == ["read", "not a warning"]
    assert parse_warning_header('299 - "unterminated') == ['299 - "unterminated']


_texts = st.lists(st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7e)),
                  max_size=5)


@given(_texts)
def test_go_quoted_warnings_come_back_as_sent(texts):
    texts = [t for t in texts if t]
    value = ", ".join(f"299 - {_go_quoted(t)}" for t in texts)
    assert parse_warning_header(value) == texts


@given(_texts)
def test_drakit_serves_warnings_come_back_as_sent(texts):
    """drakit serve's header (JSON-quoted, printable ASCII as Go quotes it) read back."""
    texts = list(dict.fromkeys(t for t in texts if t))
    sent = _warning_headers(texts)
    assert warnings_of(sent) == texts


@given(st.text(max_size=200))
def test_any_header_value_is_read_without_failing(value):
    out = parse_warning_header(value)
    assert isinstance(out, list) and all(isinstance(w, str) for w in out)
    assert len(out) <= len(value)
