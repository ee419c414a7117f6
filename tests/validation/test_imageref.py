"""Image references as ParseImageName reads them, for the default imagePullPolicy.

Expected tags follow distribution/reference's documented grammar and its test table
(reference_test.go, normalize_test.go): written here by hand, not produced by the code."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from drakit.validation.imageref import default_pull_policy, image_tag

SHA = "7031c1b283388d2c2e09b57badb803c05ebed362dc88d84b480cc47f72a21097"


@pytest.mark.parametrize(("image", "tag"), [
    ("busybox", "latest"),                       # Docker Hub, no tag: the default tag
    ("library/busybox:1.36", "1.36"),
    ("registry.k8s.io/pause:3.10", "3.10"),
    ("localhost:5000/pause", "latest"),          # a port is no tag
    ("localhost/pause:v1", "v1"),                # "localhost" is a domain
    ("[::1]:5000/pause:v2", "v2"),               # an IPv6 host
    ("Example.com/pause:v3", "v3"),              # upper case is allowed in the domain
    ("pause:V1", "V1"),                          # and in the tag
    (f"pause@sha256:{SHA}", ""),                 # a digest alone: no tag
    (f"pause:latest@sha256:{SHA}", "latest"),    # a tag with a digest keeps the tag
    ("a-b__c.d/e---f:t_1.2-3", "t_1.2-3"),       # separators of path components
])
def test_tags_of_valid_references(image: str, tag: str) -> None:
    assert image_tag(image) == tag


@pytest.mark.parametrize("image", [
    "MyImage",                   # upper case in the repository
    "Pause:latest",
    "myregistry/Pause",          # "myregistry" is no domain, so the path has upper case
    "img::latest",               # an empty tag
    "pause:",                    # the same
    "pause:.v1",                 # a tag starts with a word character
    "pause:" + "v" * 129,        # a tag has at most 128 characters
    SHA,                         # a 64-hex identifier
    "pause@sha256:abc",          # a digest of the wrong length
    f"pause@md5:{SHA}",          # an algorithm go-digest does not know
    f"pause@sha256:{SHA.upper()}",  # digests are lower-case hex
    "a" * 250,                   # docker.io/library/ + 250 > 255 characters
    "pause image",
    "",
    "-pause",
    "pause/",
])
def test_references_that_do_not_parse_have_the_empty_tag(image: str) -> None:
    assert image_tag(image) == ""
    assert default_pull_policy(image) == "IfNotPresent"


def test_only_the_tag_latest_pulls_always() -> None:
    assert default_pull_policy("busybox") == "Always"
    assert default_pull_policy("busybox:latest") == "Always"
    assert default_pull_policy("busybox:Latest") == "IfNotPresent"
    assert default_pull_policy(f"busybox@sha256:{SHA}") == "IfNotPresent"


@given(st.text(max_size=300))
def test_any_text_gives_one_of_the_two_policies(image: str) -> None:
    """A pod's image is user input: no text makes the defaulting raise."""
    assert default_pull_policy(image) in ("Always", "IfNotPresent")
    tag = image_tag(image)
    assert tag == "" or tag in image or tag == "latest"


@given(st.from_regex(r"[a-z0-9]{1,8}(/[a-z0-9]{1,8}){0,2}", fullmatch=True),
       st.from_regex(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,20}", fullmatch=True))
def test_a_lowercase_name_keeps_any_valid_tag(name: str, tag: str) -> None:
    assert image_tag(f"{name}:{tag}") == tag
