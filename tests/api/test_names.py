"""Name validators: apimachinery's rules and messages."""

import random

import pytest

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
