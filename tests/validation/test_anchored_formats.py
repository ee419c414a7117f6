"""Formats upstream checks over the whole string: Go's regexp ``$`` is the end of the text, while
Python's ``$`` also matches before a trailing newline, so every name, semantic version and UID
check must refuse a value with a newline appended. The UID errors follow
github.com/google/uuid Validate as k/k validateUID reports them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drakit.api import names
from drakit.cel import Semver
from drakit.validation.resource.common import uid

UUID = "9b7c1a3e-0000-4000-8000-000000000001"
NORMALISED = ("uid must be in RFC 4122 normalized form, `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` "
              "with lowercase hexadecimal characters")


@pytest.mark.parametrize(("value", "detail"), [
    (UUID, None),
    (UUID + "\n", "error validating uid: invalid UUID length: 37"),
    (UUID.upper(), NORMALISED),
    ("urn:uuid:" + UUID, NORMALISED),
    ("URN:UUID:" + UUID, NORMALISED),  # the prefix is compared case-insensitively
    ("urn:uid::" + UUID, 'error validating uid: invalid urn prefix: "urn:uid::"'),
    ("{" + UUID + "}", NORMALISED),
    ("(" + UUID + ")", "error validating uid: invalid bracketed UUID format"),
    (UUID.replace("-", ""), NORMALISED),
    (UUID.replace("-", "")[:-1] + "g", "error validating uid: invalid UUID format"),
    (UUID[:23] + "_" + UUID[24:], "error validating uid: invalid UUID format"),
    (UUID[:-1] + "z", "error validating uid: invalid UUID format"),
    ("é", "error validating uid: invalid UUID length: 2"),  # Go counts bytes
    # 45 bytes whose 9th byte splits a character: %q writes the lone byte as \xc3
    ("\xe9" * 5 + UUID[1:], 'error validating uid: invalid urn prefix: "éééé\\xc3"'),
])
def test_uid_errors_read_as_google_uuid_words_them(value: str, detail: str | None) -> None:
    errs = uid(value, "spec.shareID")
    assert [e.detail for e in errs] == ([] if detail is None else [detail])


@given(st.sampled_from(["gpu-0", "example.com", "a", "node-1.zone-a"]))
def test_a_trailing_newline_makes_a_valid_name_invalid(name: str) -> None:
    assert names.is_dns1123_subdomain(name) == []
    assert names.is_dns1123_subdomain(name + "\n") != []
    if "." not in name:
        assert names.is_dns1123_label(name) == []
        assert names.is_dns1123_label(name + "\n") != []


def test_a_trailing_newline_makes_a_semantic_version_invalid() -> None:
    assert Semver.parse("1.2.3") == Semver(1, 2, 3)
    with pytest.raises(ValueError, match="invalid semantic version"):
        Semver.parse("1.2.3\n")
