"""Name validators with apimachinery's exact messages.

Each ``is_*`` function returns a list of detail strings (empty when the value is
valid), like ``k8s.io/apimachinery/pkg/util/validation``; callers wrap them into
FieldErrors at their own path. Keeping the messages verbatim is what makes a
reference rejection comparable with a live cluster's.
"""

from __future__ import annotations

import contextvars
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from drakit.features import release_at_least

DNS1123_LABEL_MAX = 63
DNS1123_SUBDOMAIN_MAX = 253
QUALIFIED_NAME_MAX = 63
C_IDENTIFIER_FMT = "[A-Za-z_][A-Za-z0-9_]*"

_LABEL_FMT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?"
_LABEL_RE = re.compile(f"^{_LABEL_FMT}$")
_SUBDOMAIN_FMT = _LABEL_FMT + r"(\." + _LABEL_FMT + ")*"
_SUBDOMAIN_RE = re.compile(f"^{_SUBDOMAIN_FMT}$")
_QNAME_CHAR_FMT = "[A-Za-z0-9]"
_QNAME_EXT_CHAR_FMT = "[-A-Za-z0-9_.]"
_QNAME_FMT = f"({_QNAME_CHAR_FMT}{_QNAME_EXT_CHAR_FMT}*)?{_QNAME_CHAR_FMT}"
_QNAME_RE = re.compile(f"^{_QNAME_FMT}$")
_C_IDENT_RE = re.compile(f"^{C_IDENTIFIER_FMT}$")
_LABEL_VALUE_FMT = f"(({_QNAME_CHAR_FMT}{_QNAME_EXT_CHAR_FMT}*)?{_QNAME_CHAR_FMT})?"
_LABEL_VALUE_RE = re.compile(f"^{_LABEL_VALUE_FMT}$")


def _regex_error(msg: str, fmt: str, *examples: str) -> str:
    if not examples:
        return f"{msg} (regex used for validation is '{fmt}')"
    ex = ",  or ".join(f"'{e}'" for e in examples)
    return f"{msg} (e.g. {ex}, regex used for validation is '{fmt}')"


def _max_len_error(n: int) -> str:
    return f"must be no more than {n} characters"


# apimachinery 0.35 (Kubernetes 1.35) made IsQualifiedName and IsValidLabelValue aliases of
# pkg/api/validate/content's IsLabelKey and IsLabelValue: their lengths are worded in bytes
# (content.MaxLenError), a prefix is checked by content's IsDNS1123Subdomain (bytes too), and
# a key with several slashes is "a valid label key", no longer "a qualified name". The DNS
# helpers of pkg/util/validation keep "characters". The API server sets the wording of the
# release it emulates for each request (release_wording); the default is the newest.
_CONTENT_WORDING: contextvars.ContextVar[bool] = contextvars.ContextVar(
    "drakit_content_wording", default=True)


@contextmanager
def release_wording(version: str) -> Iterator[None]:
    """Word label keys and values as the given release's apimachinery does."""
    token = _CONTENT_WORDING.set(release_at_least(version, "1.35"))
    try:
        yield
    finally:
        _CONTENT_WORDING.reset(token)


def _content_max_len_error(n: int) -> str:
    if _CONTENT_WORDING.get():
        return f"must be no more than {n} bytes"
    return _max_len_error(n)


def go_len(value: str) -> int:
    """Go's len of a string: its UTF-8 bytes (a lone surrogate, which Go's JSON decoder
    makes U+FFFD, counts 3 bytes as that does)."""
    if value.isascii():
        return len(value)
    return len(value.encode("utf-8", "surrogatepass"))


def is_dns1123_label(value: str) -> list[str]:
    errs: list[str] = []
    if go_len(value) > DNS1123_LABEL_MAX:
        errs.append(_max_len_error(DNS1123_LABEL_MAX))
    if not _LABEL_RE.fullmatch(value):
        if _SUBDOMAIN_RE.fullmatch(value):
            errs.append("must not contain dots")
        else:
            errs.append(_regex_error(
                "a lowercase RFC 1123 label must consist of lower case alphanumeric characters "
                "or '-', and must start and end with an alphanumeric character",
                _LABEL_FMT, "my-name", "123-abc"))
    return errs


def is_dns1123_subdomain(value: str) -> list[str]:
    return _dns1123_subdomain(value, _max_len_error)


def _dns1123_subdomain(value: str, max_len_error: Callable[[int], str]) -> list[str]:
    errs: list[str] = []
    if go_len(value) > DNS1123_SUBDOMAIN_MAX:
        errs.append(max_len_error(DNS1123_SUBDOMAIN_MAX))
    if not _SUBDOMAIN_RE.fullmatch(value):
        errs.append(_regex_error(
            "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, "
            "'-' or '.', and must start and end with an alphanumeric character",
            _SUBDOMAIN_FMT, "example.com"))
    return errs


def is_qualified_name(value: str) -> list[str]:
    """``[prefix/]name`` as in label keys and DRA qualified names."""
    errs: list[str] = []
    parts = value.split("/")
    if len(parts) == 1:
        name = parts[0]
    elif len(parts) == 2:
        prefix, name = parts
        if not prefix:
            errs.append("prefix part must be non-empty")
        else:
            errs.extend("prefix part " + m
                        for m in _dns1123_subdomain(prefix, _content_max_len_error))
    else:
        what = "a valid label key" if _CONTENT_WORDING.get() else "a qualified name"
        return [_regex_error(
            what + " must consist of alphanumeric characters, '-', '_' or '.', "
            "and must start and end with an alphanumeric character",
            _QNAME_FMT, "MyName", "my.name", "123-abc")
            + " with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')"]
    if not name:
        errs.append("name part must be non-empty")
    elif go_len(name) > QUALIFIED_NAME_MAX:
        errs.append("name part " + _content_max_len_error(QUALIFIED_NAME_MAX))
    if not _QNAME_RE.fullmatch(name):  # "" gets this one too (apimachinery IsQualifiedName)
        errs.append("name part " + _regex_error(
            "must consist of alphanumeric characters, '-', '_' or '.', and must start and "
            "end with an alphanumeric character", _QNAME_FMT, "MyName", "my.name", "123-abc"))
    return errs


def is_c_identifier(value: str) -> list[str]:
    if _C_IDENT_RE.fullmatch(value):
        return []
    return [_regex_error(
        "a valid C identifier must start with alphabetic character or '_', followed by a "
        "string of alphanumeric characters or '_'", C_IDENTIFIER_FMT, "my_name", "MY_NAME",
        "MyName")]


_PERCENT_FMT = "[0-9]+%"
_PERCENT_RE = re.compile(_PERCENT_FMT)


def is_valid_percent(value: str) -> list[str]:
    """apimachinery validation.IsValidPercent."""
    if _PERCENT_RE.fullmatch(value):
        return []
    return [_regex_error("a valid percent string must be a numeric string followed by an ending '%'",
                         _PERCENT_FMT, "1%", "93%")]


def is_label_value(value: str) -> list[str]:
    errs: list[str] = []
    if go_len(value) > QUALIFIED_NAME_MAX:
        errs.append(_content_max_len_error(QUALIFIED_NAME_MAX))
    if not _LABEL_VALUE_RE.fullmatch(value):
        errs.append(_regex_error(
            "a valid label must be an empty string or consist of alphanumeric characters, "
            "'-', '_' or '.', and must start and end with an alphanumeric character",
            _LABEL_VALUE_FMT, "MyValue", "my_value", "12345"))
    return errs


# --- resource names (core/v1 helpers) ---------------------------------------

DEFAULT_RESOURCE_REQUESTS_PREFIX = "requests."
NATIVE_RESOURCE_DOMAIN = "kubernetes.io"
HUGEPAGES_PREFIX = "hugepages-"
STANDARD_CONTAINER_RESOURCES = {"cpu", "memory", "ephemeral-storage"}


def is_native_resource(name: str) -> bool:
    """No domain, or a name containing ``kubernetes.io/`` anywhere (v1helper.IsNativeResource
    and IsPrefixedNativeResource: a plain substring test, so ``examplekubernetes.io/x`` is
    native too)."""
    return "/" not in name or (NATIVE_RESOURCE_DOMAIN + "/") in name


def is_hugepages_resource(name: str) -> bool:
    return name.startswith(HUGEPAGES_PREFIX)


def is_extended_resource_name(name: str) -> bool:
    """v1helper.IsExtendedResourceName: a domain-prefixed, non-native, quota-able name."""
    if is_native_resource(name) or name.startswith(DEFAULT_RESOURCE_REQUESTS_PREFIX):
        return False
    return not is_qualified_name(DEFAULT_RESOURCE_REQUESTS_PREFIX + name)


def is_node_allocatable_resource_name(name: str) -> bool:
    """KEP-5517 keys: native resources (cpu, memory, ephemeral-storage, hugepages-*)."""
    return is_native_resource(name) and not is_qualified_name(name)


# --- generated names -----------------------------------------------------------

# apimachinery's SimpleNameGenerator alphabet (no vowels, no confusable digits).
GENERATED_ALPHABET = "bcdfghjklmnpqrstvwxz2456789"
GENERATED_SUFFIX_LEN = 5
MAX_GENERATED_NAME_LEN = DNS1123_SUBDOMAIN_MAX - GENERATED_SUFFIX_LEN


def generate_name(base: str, rand) -> str:
    """``base`` (cut to 248 chars) plus 5 random characters from ``rand`` (a random.Random)."""
    if len(base) > MAX_GENERATED_NAME_LEN:
        base = base[:MAX_GENERATED_NAME_LEN]
    return base + "".join(rand.choice(GENERATED_ALPHABET) for _ in range(GENERATED_SUFFIX_LEN))
