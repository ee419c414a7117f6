"""Name validators: apimachinery's rules and messages."""

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drakit.api import names


@pytest.mark.parametrize("value,ok", [
    ("a", True), ("my-name", True), ("123-abc", True), ("a" * 63, True), ("a" * 64, False),
    ("-a", False), ("a-", False), ("A", False), ("a.b", False), ("", False),
])
def test_dns1123_label(value: str, ok: bool) -> None:
    assert (names.is_dns1123_label(value) == []) is ok


def test_dns1123_label_messages() -> None:
    assert names.is_dns1123_label("a.b") == ["must not contain dots"]
    assert names.is_dns1123_label("A")[0].startswith(
        "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-'")
    assert names.is_dns1123_label("a" * 64) == ["must be no more than 63 characters"]


@pytest.mark.parametrize("value,ok", [
    ("example.com", True), ("a" * 253, True), ("a" * 254, False), ("a..b", False),
    ("Example.com", False),
])
def test_dns1123_subdomain(value: str, ok: bool) -> None:
    assert (names.is_dns1123_subdomain(value) == []) is ok


@pytest.mark.parametrize("value,ok", [
    ("gpu", True), ("example.com/gpu", True), ("example.com/My_Name.1", True),
    ("/gpu", False), ("a/b/c", False), ("example.com/", False), ("x" * 64, False),
])
def test_qualified_name(value: str, ok: bool) -> None:
    assert (names.is_qualified_name(value) == []) is ok


@pytest.mark.parametrize("value,ok", [
    ("example.com/gpu", True), ("nvidia.com/gpu", True), ("gpu", False), ("cpu", False),
    ("kubernetes.io/gpu", False), ("requests.example.com/gpu", False),
    ("deviceclass.resource.kubernetes.io/gpu-class", False),
])
def test_extended_resource_name(value: str, ok: bool) -> None:
    assert names.is_extended_resource_name(value) is ok


@pytest.mark.parametrize("value,ok", [
    ("cpu", True), ("memory", True), ("hugepages-2Mi", True), ("ephemeral-storage", True),
    ("example.com/gpu", False),
])
def test_node_allocatable_resource_name(value: str, ok: bool) -> None:
    assert names.is_node_allocatable_resource_name(value) is ok


def test_generate_name() -> None:
    rng = random.Random(1)
    n = names.generate_name("pod-extended-resources-", rng)
    assert n.startswith("pod-extended-resources-") and len(n) == 28
    assert all(ch in names.GENERATED_ALPHABET for ch in n[-5:])
    long = names.generate_name("x" * 300, rng)
    assert len(long) == 253


def test_label_keys_and_values_are_worded_as_the_release_s_apimachinery() -> None:
    """apimachinery 0.35 moved IsQualifiedName and IsValidLabelValue to the content package:
    bytes instead of characters, "a valid label key" for a key with several slashes; the DNS
    helpers keep their wording in every release."""
    cases = {"1.34": ("characters", "a qualified name"), "1.35": ("bytes", "a valid label key"),
             "1.37": ("bytes", "a valid label key")}
    for release, (unit, what) in cases.items():
        with names.release_wording(release):
            assert names.is_label_value("a" * 64) == [f"must be no more than 63 {unit}"]
            assert names.is_qualified_name("a" * 64) == [f"name part must be no more than 63 {unit}"]
            assert names.is_qualified_name("p" * 254 + "/a") == [
                f"prefix part must be no more than 253 {unit}"]
            assert names.is_qualified_name("a/b/c")[0].startswith(what + " must consist of")
            assert names.is_dns1123_subdomain("a" * 254) == ["must be no more than 253 characters"]
    with names.release_wording("1.34"):
        with names.release_wording("1.36"):
            assert names.is_label_value("a" * 64) == ["must be no more than 63 bytes"]
        assert names.is_label_value("a" * 64) == ["must be no more than 63 characters"]


@settings(max_examples=300, deadline=None)
@given(value=st.text(max_size=80), release=st.sampled_from(["1.34", "1.35", "1.36", "1.37"]))
def test_lengths_are_counted_in_utf8_bytes_as_go_does(value: str, release: str) -> None:
    """Go's len(string) counts bytes: a value over 63 bytes gets the length error whatever
    its count of characters, and the wording differs between releases only in its unit."""
    with names.release_wording(release):
        errs = names.is_label_value(value)
    too_long = len(value.encode("utf-8", "surrogatepass")) > 63
    unit = "characters" if release == "1.34" else "bytes"
    assert (f"must be no more than 63 {unit}" in errs) is too_long
    alphabet_ok = re.fullmatch(r"([A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?)?", value) is not None
    assert len(errs) == too_long + (not alphabet_ok)
