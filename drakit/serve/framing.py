"""HTTP framing of request bodies and media-type negotiation, bounded like kube-apiserver.

Why a module: every byte a client sends passes here before anything is parsed, so this is
where a hostile request must be stopped cheaply. A body is read with Content-Length or
chunked transfer coding, never more than ``MAX_REQUEST_BYTES`` (3 MiB, kube-apiserver's
``--max-request-bytes`` default): a declared length over the limit is refused with 413
before a byte of the body is read, a chunked body as soon as its running total passes the
limit (k8s.io/apiserver pkg/endpoints/handlers/rest.go ``limitedReadBody``: "Request entity
too large: limit is 3145728"). Malformed framing (``Content-Length: abc``, a bad chunk
size) is a 400 with Go net/http's words, and the connection is closed since the rest of
the stream cannot be trusted.

Media types follow k8s.io/apiserver pkg/endpoints/handlers/negotiation (release-1.33):
a body's Content-Type must be one drakit decodes (JSON, YAML; for PATCH the four patch
types), else 415 UnsupportedMediaType listing the accepted ones; an Accept header that
allows nothing drakit can write (e.g. protobuf only) is 406 NotAcceptable. drakit encodes
no protobuf or CBOR, as kube-apiserver encodes no protobuf for custom resources.
"""

from __future__ import annotations

import io
import re
from typing import BinaryIO

from drakit.api import errors as E
from drakit.apiserver import MAX_REQUEST_BYTES

JSON = "application/json"
YAML = "application/yaml"
#: what drakit decodes (request bodies) and encodes (responses), in kube's order
SERIALIZERS = (JSON, YAML)
#: kube's chunk-size line limit (net/http/internal/chunked.go maxLineLength)
MAX_CHUNK_LINE = 4096
_HEX = re.compile(rb"[0-9a-fA-F]+")


class FramingError(E.StatusError):
    """A request whose framing is broken: 400, and the connection is closed after."""

    def __init__(self, message: str) -> None:
        super().__init__(message=message, reason="BadRequest", code=400)


def too_large() -> E.StatusError:
    return E.StatusError(message=f"Request entity too large: limit is {MAX_REQUEST_BYTES}",
                         reason="RequestEntityTooLarge", code=413)


def unsupported_media_type(accepted: tuple[str, ...] | list[str]) -> E.StatusError:
    """negotiation.NewUnsupportedMediaTypeError."""
    return E.StatusError(
        message="the body of the request was in an unknown format - accepted media types "
                f"include: {', '.join(accepted)}",
        reason="UnsupportedMediaType", code=415)


def not_acceptable(accepted: tuple[str, ...] | list[str]) -> E.StatusError:
    """negotiation.NewNotAcceptableError."""
    return E.StatusError(
        message=f"only the following media types are accepted: {', '.join(accepted)}",
        reason="NotAcceptable", code=406)


# ---------------------------------------------------------------------------- bodies

def content_length(values: list[str]) -> int | None:
    """The request's Content-Length (None if absent); Go's rules: digits only, repeated
    headers must agree (net/http transfer.go fixLength / parseContentLength)."""
    if not values:
        return None
    first = values[0].strip()
    if any(v.strip() != first for v in values[1:]):
        raise FramingError(f'http: message cannot contain multiple Content-Length headers; '
                           f'got {values!r}')
    if not first.isascii() or not first.isdigit():
        raise FramingError(f'bad Content-Length "{first}"')
    return int(first)


def read_body(rfile: BinaryIO, length: int | None, chunked: bool,
              limit: int = MAX_REQUEST_BYTES) -> bytes:
    """The request body, at most ``limit`` bytes, or 413 without reading past the limit."""
    if chunked:
        return _read_chunked(rfile, limit)
    if not length:
        return b""
    if length > limit:
        raise too_large()
    data = rfile.read(length)
    if len(data) < length:
        raise FramingError("unexpected EOF")
    return data


def _read_chunked(rfile: BinaryIO, limit: int) -> bytes:
    out = io.BytesIO()
    total = 0
    while True:
        line = rfile.readline(MAX_CHUNK_LINE + 1)
        if len(line) > MAX_CHUNK_LINE:
            raise FramingError("header line too long")
        if not line.endswith(b"\n"):
            raise FramingError("unexpected EOF")
        size_text = line.split(b";", 1)[0].strip(b" \t\r\n")
        if not _HEX.fullmatch(size_text):
            raise FramingError("invalid byte in chunk length")
        if len(size_text) > 16:
            raise FramingError("http chunk length too large")
        size = int(size_text, 16)
        if size == 0:
            # trailers (ignored) up to the empty line
            for _ in range(100):
                t = rfile.readline(MAX_CHUNK_LINE + 1)
                if t in (b"\r\n", b"\n", b""):
                    break
            else:
                raise FramingError("too many trailer lines")
            return out.getvalue()
        total += size
        if total > limit:
            raise too_large()
        data = rfile.read(size)
        if len(data) < size:
            raise FramingError("unexpected EOF")
        out.write(data)
        if rfile.readline(3) not in (b"\r\n", b"\n"):
            raise FramingError("malformed chunked encoding")


# ---------------------------------------------------------------------------- media types

def media_type(header: str | None, default: str = JSON) -> str:
    """``application/json; charset=utf-8`` -> ``application/json`` (empty -> default)."""
    mt = (header or "").split(";", 1)[0].strip().lower()
    return mt or default


def body_media_type(header: str | None, accepted: tuple[str, ...] = SERIALIZERS) -> str:
    """The Content-Type of a body, when drakit decodes it; else 415."""
    mt = media_type(header, accepted[0])
    if mt not in accepted:
        raise unsupported_media_type(accepted)
    return mt


def _accept_entries(accept: str) -> list[tuple[str, dict[str, str], float]]:
    out = []
    for part in accept.split(","):
        bits = [b.strip() for b in part.split(";")]
        if not bits[0]:
            continue
        params: dict[str, str] = {}
        for b in bits[1:]:
            k, _, v = b.partition("=")
            params[k.strip().lower()] = v.strip()
        try:
            q = float(params.pop("q", "1"))
        except ValueError:
            q = 1.0
        out.append((bits[0].lower(), params, q))
    return out


def response_media_type(accept: str | None, streaming: bool = False) -> str:
    """JSON or YAML, as the Accept header allows; 406 when it allows neither.

    Entries asking for a transformed object (``as=Table``, ``as=PartialObjectMetadata``)
    count as JSON here (the caller serves the Table). A watch is JSON only: kube has no
    streaming YAML serializer.
    """
    if not accept or not accept.strip():
        return JSON
    offered = (JSON,) if streaming else SERIALIZERS
    entries = sorted(_accept_entries(accept), key=lambda e: -e[2])
    for mt, _params, q in entries:
        if q <= 0:
            continue
        if mt in ("*/*", "application/*"):
            return JSON
        if mt in offered:
            return mt
    raise not_acceptable(offered)
