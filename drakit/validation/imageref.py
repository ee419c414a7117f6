"""Container image references as kubelet's parsers.ParseImageName reads them.

SetDefaults_Container (k/k pkg/apis/core/v1/defaults.go) picks a container's default
imagePullPolicy from the tag ParseImageName finds: ``Always`` for "latest", ``IfNotPresent``
for anything else, including the empty tag of a reference that does not parse (the error is
ignored: "assume it has been validated elsewhere"). ParseImageName
(k/k pkg/util/parsers/parsers.go) uses github.com/distribution/reference
ParseNormalizedNamed and gives "latest" to a reference with neither tag nor digest.

The grammar below is the one distribution/reference documents (reference.go, regexp.go,
v0.6): name [":" tag] ["@" digest], the name an optional domain (host and port) followed by
lowercase path components; ParseNormalizedNamed refuses a 64-hex identifier, a repository
(the part before the first ":" after the domain) with upper case letters, a name (domain and
path) over 255 characters and a digest whose algorithm or length
is wrong (opencontainers/go-digest Validate: sha256, sha384, sha512).
"""

from __future__ import annotations

import re

_ALNUM = r"[a-z0-9]+"
_SEPARATOR = r"(?:[._]|__|[-]+)"
_PATH_COMPONENT = rf"{_ALNUM}(?:{_SEPARATOR}{_ALNUM})*"
_DOMAIN_COMPONENT = r"(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])"
_HOST = rf"(?:{_DOMAIN_COMPONENT}(?:\.{_DOMAIN_COMPONENT})*|\[[a-fA-F0-9:]+\])"
_DOMAIN = rf"{_HOST}(?::[0-9]+)?"
_NAME = rf"(?:{_DOMAIN}/)?{_PATH_COMPONENT}(?:/{_PATH_COMPONENT})*"
_TAG = r"[\w][\w.-]{0,127}"
_DIGEST = r"[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}"
_REFERENCE = re.compile(rf"({_NAME})(?::({_TAG}))?(?:@({_DIGEST}))?", re.ASCII)
_IDENTIFIER = re.compile(r"[a-f0-9]{64}")
_DIGEST_HEX_LENGTH = {"sha256": 64, "sha384": 96, "sha512": 128}
NAME_TOTAL_LENGTH_MAX = 255
DEFAULT_DOMAIN = "docker.io"


def _split_docker_domain(name: str) -> tuple[str, str]:
    """splitDockerDomain: the part before the first "/" is a domain only if it looks like
    one (a "." or ":", "localhost", or upper case letters); otherwise Docker Hub's."""
    first, slash, rest = name.partition("/")
    if not slash or (not any(ch in first for ch in ".:") and first != "localhost"
                     and first.lower() == first):
        domain, remainder = DEFAULT_DOMAIN, name
    else:
        domain, remainder = first, rest
    if domain == "index.docker.io":
        domain = DEFAULT_DOMAIN
    if domain == DEFAULT_DOMAIN and "/" not in remainder:
        remainder = "library/" + remainder
    return domain, remainder


def _digest_ok(digest: str) -> bool:
    algorithm, _, encoded = digest.partition(":")
    size = _DIGEST_HEX_LENGTH.get(algorithm)
    return size is not None and len(encoded) == size and re.fullmatch(r"[a-f0-9]+", encoded) is not None


def image_tag(image: str) -> str:
    """The tag ParseImageName returns: the reference's tag, "latest" when it has neither tag
    nor digest, and "" when it has only a digest or does not parse."""
    if _IDENTIFIER.fullmatch(image):
        return ""
    domain, remainder = _split_docker_domain(image)
    remote = remainder.split(":", 1)[0]  # the repository: a tag may have upper case letters
    if remote.lower() != remote:
        return ""
    m = _REFERENCE.fullmatch(f"{domain}/{remainder}")
    if m is None:
        return ""
    name, tag, digest = m.group(1), m.group(2), m.group(3)
    if len(name) > NAME_TOTAL_LENGTH_MAX or (digest is not None and not _digest_ok(digest)):
        return ""
    if tag is None and digest is None:
        return "latest"
    return tag or ""


def default_pull_policy(image: str) -> str:
    """SetDefaults_Container's imagePullPolicy for a container that names none."""
    return "Always" if image_tag(image) == "latest" else "IfNotPresent"
