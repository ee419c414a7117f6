"""The REST surface of ``drakit serve``: kube-apiserver's URL scheme over drakit's store.

Why hand-rolled on ``http.server``: the surface is small (discovery, the generic
registry verbs, status subresources, watch) and every detail that clients depend on —
Status bodies with their codes, 201 on create, chunked watch streams that resume at a
resourceVersion, Tables for kubectl — is easier to get exactly right in one readable
module than through a web framework's conventions. The real counterparts are
k8s.io/apiserver's endpoints/handlers (get, create, update, patch, delete, watch) and
the generic registry store; docs/serve.md lists where drakit differs.
"""

from __future__ import annotations

import json
import sys
import time
import traceback
from collections.abc import Iterable
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import urlsplit

import yaml

from drakit.api import errors as E
from drakit.api.meta import SelectorError, labels_match, parse_label_selector
from drakit.kinds import KindInfo
from drakit.yamlio import parse_body

from . import authz, deleteoptions, discovery, framing, openapi, params, patches, tables
from .framing import FramingError
from .sandbox import PUBLIC_PATHS, Sandbox
from .state import ServedCluster

#: no watch outlives this (seconds); the default when the client gives no timeoutSeconds
MAX_WATCH_SECONDS = 1800
#: seconds a list for a resourceVersion newer than the store waits before its 504 (kube: 3 s)
TOO_LARGE_RV_WAIT = 3.0


class NotFoundPath(E.StatusError):
    def __init__(self) -> None:
        super().__init__(message="the server could not find the requested resource",
                         reason="NotFound", code=404, details={})


class MethodNotAllowed(E.StatusError):
    def __init__(self, method: str) -> None:
        super().__init__(message=f"the server does not allow this method on the requested "
                                 f"resource ({method})", reason="MethodNotAllowed", code=405)


# ---------------------------------------------------------------------------- selectors

def parse_field_selector(text: str | None) -> list[tuple[str, str, str]]:
    """``a.b=c,d!=e`` -> [(path, op, value)]; ops are ``=`` and ``!=`` as upstream."""
    out: list[tuple[str, str, str]] = []
    for part in (text or "").split(","):
        part = part.strip()
        if not part:
            continue
        if "!=" in part:
            k, v = part.split("!=", 1)
            out.append((k.strip(), "!=", v.strip()))
        elif "==" in part:
            k, v = part.split("==", 1)
            out.append((k.strip(), "=", v.strip()))
        elif "=" in part:
            k, v = part.split("=", 1)
            out.append((k.strip(), "=", v.strip()))
        else:
            raise E.BadRequest(f"invalid selector: '{text}'; can't understand '{part}'")
    return out


def _field(obj: Any, path: str) -> str:
    cur = obj
    for p in path.split("."):
        if not isinstance(cur, dict):
            return ""
        cur = cur.get(p)
    if cur is None:
        return ""
    if isinstance(cur, bool):
        return "true" if cur else "false"
    return str(cur)


def fields_match(obj: dict, reqs: list[tuple[str, str, str]]) -> bool:
    for path, op, val in reqs:
        have = _field(obj, path)
        if (op == "=") != (have == val):
            return False
    return True


# ---------------------------------------------------------------------------- the route

class Route:
    """A parsed resource URL."""

    def __init__(self, info: KindInfo, group: str, version: str, namespace: str | None,
                 name: str | None, subresource: str | None, watch: bool) -> None:
        self.info, self.group, self.version = info, group, version
        self.namespace, self.name, self.subresource, self.watch = (namespace, name,
                                                                   subresource, watch)

    @property
    def api_version(self) -> str:
        return f"{self.group}/{self.version}" if self.group else self.version


def route(served: ServedCluster, path: str) -> Route | None:
    parts = [p for p in path.split("/") if p]
    if parts[:2] == ["api", "v1"]:
        group, version, rest = "", "v1", parts[2:]
    elif len(parts) >= 3 and parts[0] == "apis":
        group, version, rest = parts[1], parts[2], parts[3:]
    else:
        return None
    watch = False
    if rest and rest[0] == "watch":
        watch, rest = True, rest[1:]
    if not rest:
        return None
    ns: str | None = None
    if rest[0] == "namespaces" and not group and (
            len(rest) <= 2 or (len(rest) == 3 and rest[2] in ("status", "finalize"))):
        plural, tail = "namespaces", rest[1:]
    elif rest[0] == "namespaces" and len(rest) >= 3:
        ns, plural, tail = rest[1], rest[2], rest[3:]
    else:
        plural, tail = rest[0], rest[1:]
    if len(tail) > 2:
        return None
    ctx = served.api.context()
    info = discovery.find(ctx, group, version, plural)
    if info is None:
        return None
    if ns is not None and not info.namespaced:
        return None
    name = tail[0] if tail else None
    sub = tail[1] if len(tail) > 1 else None
    if sub is not None and not ((sub == "status" and info.has_status) or
                                (sub in ("resize", "binding") and info.kind == "Pod") or
                                (sub == "finalize" and info.kind == "Namespace")):
        return None
    return Route(info, group, version, ns, name, sub, watch)


# ---------------------------------------------------------------------------- the body

def decode_body(raw: bytes, media_type: str) -> Any:
    """THE one place where a request body becomes an object (None for an empty body).

    ``media_type`` is already negotiated: application/json, application/yaml or a patch
    type (JSON, except apply patches, which are YAML). The framing around it (length,
    chunks, size limit, content types) is the handler's; the decode rules are this
    function's alone (helper "schema" replaces its body with drakit.schema's parser).
    """
    return parse_body(raw, media_type)


# ---------------------------------------------------------------------------- handler

#: Status reasons by HTTP code (metav1.StatusReason), for errors the HTTP layer raises
_REASONS = {400: "BadRequest", 401: "Unauthorized", 403: "Forbidden", 404: "NotFound",
            405: "MethodNotAllowed", 406: "NotAcceptable", 409: "Conflict", 410: "Expired",
            413: "RequestEntityTooLarge", 415: "UnsupportedMediaType", 422: "Invalid",
            429: "TooManyRequests", 500: "InternalError", 503: "ServiceUnavailable",
            504: "Timeout"}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "drakit-serve"
    default_request_version = "HTTP/1.1"  # error answers carry a status line
    served: ServedCluster  # set on the subclass made by make_handler()
    sandbox: Sandbox | None = None  # None: no Host check, no token (embedding only)
    quiet = True

    def version_string(self) -> str:
        return self.server_version

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib name
        if not self.quiet:
            super().log_message(format, *args)

    # -- connection: timeouts, 100-continue, errors before routing -------------------
    def setup(self) -> None:
        super().setup()
        self.requests_served = 0

    def handle_one_request(self) -> None:
        """Wait for a request (idle timeout), then read it (read timeout per read)."""
        try:
            self.connection.settimeout(self.server.idle_timeout if self.requests_served
                                       else self.server.read_timeout)
            if not self.rfile.peek(1):
                self.close_connection = True
                return
        except (TimeoutError, OSError, ValueError):
            self.close_connection = True
            return
        self.connection.settimeout(self.server.read_timeout)
        self._expect_continue = False  # set again by handle_expect_100 for this request
        super().handle_one_request()
        self.requests_served += 1

    def parse_request(self) -> bool:
        # no HTTP/0.9 (a request line without a version): Go's net/http refuses it
        if len(self.raw_requestline.split()) == 2:
            self.send_error(400, f"malformed HTTP request {self.raw_requestline.strip()!r}")
            return False
        return super().parse_request()

    def handle_expect_100(self) -> bool:
        # Go's net/http sends "100 Continue" when the handler first reads the body, so a
        # request refused before (401, 413, 415 ...) never makes the client send it
        self._expect_continue = True
        return True

    def send_error(self, code: int, message: str | None = None,
                   explain: str | None = None) -> None:
        """Errors of the HTTP layer itself (bad request line, header too long ...):
        a Status body like every other error, never the standard library's HTML page."""
        self.close_connection = True
        text = message or self.responses.get(code, ("error",))[0]
        err = E.StatusError(message=text, reason=_REASONS.get(code, ""), code=code)
        try:
            self._send_json(code, err.status())
        except OSError:
            pass

    # -- plumbing -----------------------------------------------------------------
    def _encode(self, body: Any) -> tuple[bytes, str]:
        if getattr(self, "_out_type", framing.JSON) == framing.YAML:
            return yaml.safe_dump(body, sort_keys=False).encode(), framing.YAML
        return json.dumps(body, separators=(",", ":")).encode(), framing.JSON

    def _send_json(self, code: int, body: Any, headers: dict[str, str] | None = None) -> None:
        data, ctype = self._encode(body)
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-cache, private")
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self._finish(data)

    def _send_text(self, code: int, text: str, ctype: str = "text/plain") -> None:
        data = text.encode()
        self.send_response(code)
        self.send_header("Content-Type", f"{ctype}; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self._finish(data)

    def _finish(self, data: bytes) -> None:
        """Headers and body in one write (one TCP segment for small answers)."""
        if self.close_connection:
            self.send_header("Connection", "close")
        self.connection.settimeout(self.server.write_timeout)
        self._headers_buffer.append(b"\r\n")
        if self.command != "HEAD":
            self._headers_buffer.append(data)
        self.wfile.write(b"".join(self._headers_buffer))
        self._headers_buffer = []
        self.wfile.flush()

    def _send_error(self, err: E.StatusError) -> None:
        headers = {}
        if err.code == 429 or (err.code == 504 and err.details.get("retryAfterSeconds")):
            headers["Retry-After"] = str(err.details.get("retryAfterSeconds", 1))
        self._send_json(err.code, err.status(), headers)

    # -- the request body ---------------------------------------------------------
    def _raw_body(self) -> bytes:
        """The body bytes, read once under the framing rules (framing.py)."""
        if self._body_bytes is not None:
            return self._body_bytes
        te = self.headers.get_all("Transfer-Encoding") or []
        chunked = False
        if te:
            codings = [c.strip().lower() for v in te for c in v.split(",") if c.strip()]
            if codings != ["chunked"]:
                self.close_connection = True
                raise E.StatusError(message=f"unsupported transfer encoding: "
                                            f"{', '.join(codings)!r}",
                                    reason="", code=501)
            chunked = True
        length = None if chunked else self._content_length
        if length is not None and length > framing.MAX_REQUEST_BYTES:
            self.close_connection = True
            raise framing.too_large()  # before "100 Continue": the client keeps its body
        if self._expect_continue and (chunked or length):
            self._expect_continue = False
            self.wfile.write(b"HTTP/1.1 100 Continue\r\n\r\n")
            self.wfile.flush()
        self._body_pending = False  # from here on the stream is consumed or broken
        try:
            self._body_bytes = framing.read_body(self.rfile, length, chunked)
        except E.StatusError:
            self.close_connection = True
            raise
        except (TimeoutError, OSError):
            self.close_connection = True
            raise FramingError("timeout reading the request body") from None
        return self._body_bytes

    def _body(self, accepted: tuple[str, ...] = framing.SERIALIZERS) -> Any:
        """The decoded body: framing, then the Content-Type check, then decode_body()."""
        raw = self._raw_body()
        if not raw:
            return None
        mt = framing.body_media_type(self.headers.get("Content-Type"), accepted)
        return decode_body(raw, mt)

    def _has_body(self) -> bool:
        return bool(self._content_length) or bool(self.headers.get("Transfer-Encoding"))

    # -- one request --------------------------------------------------------------
    def _dispatch(self) -> None:
        url = urlsplit(self.path)
        self._body_bytes: bytes | None = None
        self._out_type = framing.JSON
        try:
            self._content_length = framing.content_length(
                self.headers.get_all("Content-Length") or [])
            self._body_pending = self._has_body()
            self.query = params.parse(url.query)
            self._admit(url.path)
            path = url.path
            if path.startswith(("/api/", "/apis/")) or path in ("/api", "/apis"):
                self._out_type = framing.response_media_type(
                    self.headers.get("Accept"), streaming=self._is_watch(path))
            if not self._special(path):
                r = route(self.served, path)
                if r is None:
                    raise NotFoundPath()
                self._resource(r)
        except FramingError as e:
            self.close_connection = True
            self._send_error(e)
        except E.StatusError as e:
            if getattr(self, "_body_pending", True):
                self.close_connection = True  # see finally
            self._send_error(e)
        except SelectorError as e:
            self._send_error(E.BadRequest(str(e)))
        except (BrokenPipeError, ConnectionResetError, TimeoutError):
            self.close_connection = True
        except Exception as e:  # noqa: BLE001 - answer like apiserver, keep serving
            traceback.print_exc(file=sys.stderr)
            self.close_connection = True
            self._send_error(E.StatusError(message=f"Internal error occurred: {e}"))
        finally:
            if getattr(self, "_body_pending", True):
                # answered without reading the body (a GET with a body, a refusal): the
                # rest of the stream is that body, never the next request
                self.close_connection = True

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = _dispatch
    do_OPTIONS = do_TRACE = do_CONNECT = _dispatch

    def _is_watch(self, path: str) -> bool:
        return "/watch/" in path or (
            self.command == "GET" and params.boolean(self.query, "watch") is True)

    def _admit(self, path: str) -> None:
        """The sandbox (sandbox.py): Host allow-list first, then the bearer token."""
        sb = self.sandbox
        if sb is None:
            return
        if not sb.allowed_host(self.headers.get("Host")):
            raise E.StatusError(
                message=f"host {self.headers.get('Host')!r} is not allowed: drakit serve "
                        f"answers only for localhost, loopback addresses and its bind "
                        f"address (see --allow-host)", reason="", code=421)
        bare = path.rstrip("/") or "/"
        if bare in PUBLIC_PATHS or bare.startswith(tuple(p + "/" for p in PUBLIC_PATHS)):
            return
        if not sb.authorized(self.headers.get("Authorization")):
            raise E.StatusError(message="Unauthorized", reason="Unauthorized", code=401)

    # -- non-resource paths -------------------------------------------------------
    def _special(self, path: str) -> bool:
        s = self.served
        ctx = s.read(lambda: s.api.context())
        path = path.rstrip("/") or "/"
        if path.startswith(f"/apis/{authz.API_VERSION}/"):
            return self._review(path)
        if self.command not in ("GET", "HEAD") and not path.startswith(("/api/", "/apis/")):
            raise MethodNotAllowed(self.command)
        if path == "/version":
            self._send_json(200, discovery.version_doc(ctx.version))
        elif path in PUBLIC_PATHS or path.startswith(tuple(p + "/" for p in PUBLIC_PATHS)):
            self._send_text(200, "ok")
        elif path == "/metrics":
            text = discovery.feature_metrics(ctx)
            try:
                text += s.read(s.cluster.metrics)
            except Exception:  # noqa: BLE001 - a component's metrics must not break /metrics
                pass
            self._send_text(200, text, "text/plain; version=0.0.4")
        elif path == "/api":
            host = self.headers.get("Host") or ""
            self._send_json(200, discovery.core_versions(host))
        elif path == "/apis":
            self._send_json(200, discovery.group_list(ctx))
        elif path == "/api/v1":
            self._send_json(200, discovery.resource_list(ctx, "", "v1"))
        elif path.startswith("/apis/") and path.count("/") == 2:
            doc = discovery.group(ctx, path.split("/")[2])
            if doc is None:
                raise NotFoundPath()
            self._send_json(200, doc)
        elif path.startswith("/apis/") and path.count("/") == 3:
            _, _, g, v = path.split("/")
            doc = discovery.resource_list(ctx, g, v)
            if doc is None:
                raise NotFoundPath()
            self._send_json(200, doc)
        elif path.startswith("/openapi/") and not openapi.acceptable(
                path, self.headers.get("Accept") or ""):
            raise openapi.not_acceptable(path)
        elif path == "/openapi/v3":
            self._send_json(200, openapi.root(ctx))
        elif path.startswith("/openapi/v3/"):
            key = path[len("/openapi/v3/"):]
            parts = key.split("/")
            if parts[:2] == ["api", "v1"] and len(parts) == 2:
                doc = openapi.group_version_doc(ctx, "", "v1")
            elif parts[0] == "apis" and len(parts) == 3:
                doc = openapi.group_version_doc(ctx, parts[1], parts[2])
            else:
                doc = None
            if doc is None:
                raise NotFoundPath()
            self._send_json(200, doc)
        elif path == "/openapi/v2":
            ctype, body = openapi.v2(ctx, self.headers.get("Accept") or "")
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self._finish(body)
        elif path.startswith("/openapi/"):
            raise NotFoundPath()
        else:
            return False
        return True

    def _review(self, path: str) -> bool:
        """POST /apis/authorization.k8s.io/v1/<self review> (authz.py)."""
        plural = path.rsplit("/", 1)[1]
        if path.count("/") != 4 or plural not in authz.RESOURCES:
            raise NotFoundPath()
        if self.command != "POST":
            raise MethodNotAllowed(self.command)
        self._dry_run()
        ctype = framing.media_type(self.headers.get("Content-Type"))
        if ctype == authz.PROTOBUF:
            body = authz.from_protobuf(plural, self._raw_body())
        else:
            body = self._body()
        self._send_json(201, authz.review(plural, body))
        return True

    # -- resources ----------------------------------------------------------------
    def _out(self, r: Route, obj: dict) -> dict:
        if obj.get("kind") == r.info.kind:
            obj["apiVersion"] = r.api_version
        return obj

    def _field_validation(self) -> str:
        """The request's fieldValidation; kube-apiserver's default without one is Warn."""
        return self.query.get("fieldValidation") or "Warn"

    def _dry_run(self, values: list[str] | None = None) -> bool:
        """dryRun of the verb's options: from the query, or the given DeleteOptions list."""
        if values is None:
            all_values = getattr(self.query, "all", {}).get("dryRun", [])
            values = [v for v in all_values if v != ""]
        return params.dry_run(values, self.command)

    def _resource(self, r: Route) -> None:
        m = self.command
        if r.watch or (m == "GET" and params.boolean(self.query, "watch")):
            if r.name:
                sel = self.query.get("fieldSelector")
                self.query["fieldSelector"] = ",".join(
                    x for x in (sel, f"metadata.name={r.name}") if x)
            return self._watch(r)
        if r.name is None:
            if m in ("GET", "HEAD"):
                return self._list(r)
            if m == "POST":
                return self._create(r)
            if m == "DELETE":
                return self._delete_collection(r)
            raise MethodNotAllowed(m)
        if r.info.namespaced and r.namespace is None:
            raise NotFoundPath()
        if r.subresource == "finalize" and m != "PUT":
            raise MethodNotAllowed(m)  # FinalizeREST serves update only
        if r.subresource == "binding":
            if m != "POST":
                raise MethodNotAllowed(m)  # BindingREST serves create only
            return self._bind(r)
        if m in ("GET", "HEAD"):
            return self._get(r)
        if m == "PUT":
            return self._update(r)
        if m == "PATCH":
            return self._patch(r)
        if m == "DELETE" and r.subresource is None:
            return self._delete(r)
        raise MethodNotAllowed(m)

    def _selected(self, r: Route, objs: Iterable[dict]) -> list[dict]:
        labels = parse_label_selector(self.query.get("labelSelector") or "")
        fields = parse_field_selector(self.query.get("fieldSelector"))
        return [o for o in objs
                if (not labels or labels_match(o["metadata"].get("labels"), labels))
                and fields_match(o, fields)]

    def _wants_table(self) -> bool:
        return tables.wants_table(self.headers.get("Accept") or "")

    def _list_options(self) -> tuple[int | None, str]:
        """ListOptions from the query (400 on a bad integer); (resourceVersion, match)."""
        params.int64(self.query, "limit")  # accepted, never paginated (docs/serve.md)
        params.int64(self.query, "timeoutSeconds")
        rv = self.query.get("resourceVersion") or ""
        match = self.query.get("resourceVersionMatch") or ""
        errs: list[E.FieldError] = []
        if match and match not in ("Exact", "NotOlderThan"):
            errs.append(E.not_supported("resourceVersionMatch", match,
                                        ["Exact", "NotOlderThan", ""]))
        elif match and not rv:
            errs.append(E.forbidden("resourceVersionMatch", "resourceVersionMatch is "
                                    "forbidden unless resourceVersion is provided"))
        elif match == "Exact" and rv == "0":
            errs.append(E.forbidden("resourceVersionMatch", 'resourceVersionMatch "exact" is '
                                    'forbidden for resourceVersion "0"'))
        if errs:
            raise E.Invalid("ListOptions", "", errs, "meta.k8s.io")
        if rv in ("", "0"):
            return None, match
        return _parse_rv(rv), match

    def _list(self, r: Route) -> None:
        s = self.served
        want, match = self._list_options()

        def read() -> tuple[list[dict], int]:
            cur = s.api.resource_version
            if want is not None and want > cur:
                # kube waits up to 3 s for its cache to catch up, then 504 (cacher.go
                # waitUntilFreshAndBlock / storage.NewTooLargeResourceVersionError)
                s.wait_for_change(want - 1, TOO_LARGE_RV_WAIT)
                cur = s.api.resource_version
                if want > cur:
                    raise E.StatusError(
                        message=f"Too large resource version: {want}, current: {cur}",
                        reason="Timeout", code=504,
                        details={"causes": [{"reason": "ResourceVersionTooLarge",
                                             "message": "Too large resource version"}],
                                 "retryAfterSeconds": 1})
            if match == "Exact" and want is not None and want != cur:
                # drakit keeps no past states: an exact older list reads as compacted
                raise E.StatusError(
                    message="The resourceVersion for the provided list is too old.",
                    reason="Expired", code=410)
            return s.api.list(r.info.kind, r.namespace), cur
        objs, rv = s.read(read)
        items = [self._out(r, o) for o in self._selected(r, objs)]
        if self._wants_table():
            now = s.read(s.cluster.clock.now)
            self._send_json(200, tables.table(r.info.kind, items, now,
                                              self.query.get("includeObject", "Metadata"),
                                              str(rv)))
            return
        self._send_json(200, {"kind": f"{r.info.kind}List", "apiVersion": r.api_version,
                              "metadata": {"resourceVersion": str(rv)}, "items": items})

    def _get(self, r: Route) -> None:
        s = self.served
        obj = self._out(r, s.read(lambda: s.api.get(r.info.kind, r.name, r.namespace)))
        if self._wants_table():
            now = s.read(s.cluster.clock.now)
            self._send_json(200, tables.table(r.info.kind, [obj], now,
                                              self.query.get("includeObject", "Metadata")))
            return
        self._send_json(200, obj)

    def _create(self, r: Route) -> None:
        body = self._body()
        if not isinstance(body, dict):
            raise E.BadRequest("the body of a create must be a JSON object")
        body.setdefault("apiVersion", r.api_version)
        body.setdefault("kind", r.info.kind)
        if body.get("kind") != r.info.kind or body.get("apiVersion") != r.api_version:
            raise E.BadRequest(f"the API version in the data ({body.get('apiVersion')}) "
                               f"does not match the expected API version ({r.api_version})"
                               if body.get("apiVersion") != r.api_version else
                               f"the kind in the data ({body.get('kind')}) does not match "
                               f"the expected kind ({r.info.kind})")
        dry = self._dry_run()
        s = self.served
        fv, warns = self._field_validation(), []
        out = s.write(lambda: s.api.create(body, namespace=r.namespace, dry_run=dry,
                                           field_validation=fv, warnings=warns), dry)
        self._send_json(201, self._out(r, out), _warning_headers(warns))

    def _bind(self, r: Route) -> None:
        """POST pods/<name>/binding (BindingREST.Create): the body is a Binding naming the
        node in ``target.name``; the answer is a Status Success with code 201."""
        body = self._body()
        if not isinstance(body, dict):
            raise E.BadRequest("the request body must be a Binding object")
        md = body.get("metadata") if isinstance(body.get("metadata"), dict) else {}
        target = body.get("target") if isinstance(body.get("target"), dict) else {}
        kind, node = target.get("kind") or "", target.get("name") or ""
        # validation.ValidatePodBinding
        errs = []
        if kind and kind != "Node":
            errs.append(E.not_supported("target.kind", kind, ["Node", "<empty>"]))
        if not isinstance(node, str) or not node:
            errs.append(E.required("target.name"))
        if errs:
            raise E.Invalid("Binding", str(md.get("name") or r.name or ""), errs)
        if md.get("name") not in (None, r.name):
            raise E.BadRequest(f"the name of the object ({md.get('name')}) does not match "
                               f"the name on the URL ({r.name})")
        s = self.served
        assert r.name is not None and r.namespace is not None
        s.write(lambda: s.api.bind(r.name, r.namespace, node), False)
        self._send_json(201, {"kind": "Status", "apiVersion": "v1", "metadata": {},
                              "status": "Success", "code": 201})

    def _update(self, r: Route) -> None:
        body = self._body()
        if not isinstance(body, dict):
            raise E.BadRequest("the body of an update must be a JSON object")
        body.setdefault("apiVersion", r.api_version)
        body.setdefault("kind", r.info.kind)
        md = body.setdefault("metadata", {})
        if not isinstance(md, dict):
            raise E.BadRequest("json: cannot unmarshal into Go struct field "
                               f"{r.info.kind}.metadata of type v1.ObjectMeta")
        if md.get("name") not in (None, r.name):
            raise E.BadRequest(f"the name of the object ({md.get('name')}) does not match "
                               f"the name on the URL ({r.name})")
        md["name"] = r.name
        if r.info.namespaced:
            if md.get("namespace") not in (None, "", r.namespace):
                raise E.BadRequest("the namespace of the provided object does not match the "
                                   "namespace sent on the request")
            md["namespace"] = r.namespace
        dry = self._dry_run()
        s = self.served
        fv, warns = self._field_validation(), []
        out = s.write(lambda: s.api.update(body, dry_run=dry, subresource=r.subresource,
                                           field_validation=fv, warnings=warns), dry)
        self._send_json(200, self._out(r, out), _warning_headers(warns))

    def _patch(self, r: Route) -> None:
        ctype = framing.media_type(self.headers.get("Content-Type"), "")
        if ctype not in patches.PATCH_TYPES:
            # read first like kube (limitedReadBody, then the patch type): 413 wins over 415
            self._raw_body()
            raise framing.unsupported_media_type(patches.PATCH_TYPES)
        body = self._body(patches.PATCH_TYPES)
        dry = self._dry_run()
        params.boolean(self.query, "force")
        s = self.served
        kind, ns, name = r.info.kind, r.namespace, r.name
        fv, warns = self._field_validation(), []

        def do() -> tuple[dict, bool]:
            live = s.api.try_get(kind, name, ns)
            if live is None:
                if ctype == patches.APPLY_PATCH_YAML and r.subresource is None:
                    if not isinstance(body, dict):
                        raise E.BadRequest("an apply patch must be an object")
                    body.setdefault("metadata", {})["name"] = name
                    return s.api.create(body, namespace=ns, dry_run=dry,
                                        field_validation=fv, warnings=warns), True
                raise E.NotFound(kind, name, r.info.group, r.info.plural)
            if ctype == patches.MERGE_PATCH and not isinstance(body, dict):
                raise E.BadRequest("a merge patch must be a JSON object")
            new = patches.apply_patch(kind, ctype, live, body)
            if not isinstance(new, dict):
                raise E.BadRequest("the patch did not produce an object")
            pmd = body.get("metadata") if isinstance(body, dict) else None
            md = new.get("metadata")
            if not isinstance(md, dict):
                md = new["metadata"] = {}
            if not (isinstance(pmd, dict) and pmd.get("resourceVersion")):
                md["resourceVersion"] = live["metadata"]["resourceVersion"]
            new["apiVersion"], new["kind"] = live["apiVersion"], live["kind"]
            md["name"] = name
            if ns:
                md["namespace"] = ns
            # every patch type ends in an ordinary update: admission, validation and the
            # size limit of the stored object apply to the patched result (issue 13 #5); no
            # uid precondition (patch.go's DefaultUpdatedObjectInfo has no object), so a
            # patched uid is refused as immutable
            return s.api.update(new, dry_run=dry, subresource=r.subresource,
                                field_validation=fv, warnings=warns, uid_precondition=False), False

        out, created = s.write(do, dry)
        self._send_json(201 if created else 200, self._out(r, out), _warning_headers(warns))

    def _delete_options(self) -> dict:
        """DeleteOptions from the body when there is one, else from the query (delete.go)."""
        raw = self._raw_body() if self._has_body() else b""
        if raw.strip():
            opts = deleteoptions.from_body(self._body())
        else:
            opts = deleteoptions.from_query(self.query)
        return opts

    def _delete(self, r: Route) -> None:
        opts = self._delete_options()
        dry = self._dry_run(opts.get("dryRun") or [])
        grace = opts.get("gracePeriodSeconds")
        uid = (opts.get("preconditions") or {}).get("uid")
        s = self.served
        out = s.write(lambda: s.api.delete(
            r.info.kind, r.name, r.namespace, dry_run=dry, preconditions_uid=uid,
            grace_period_seconds=grace), dry)
        still = s.read(lambda: s.api.try_get(r.info.kind, r.name, r.namespace))
        # pods and namespaces (ReturnDeletedObject / the namespace registry's first delete)
        # answer the object, e.g. the namespace as Terminating even if it is gone by now
        if still is not None or r.info.kind in ("Pod", "Namespace"):
            self._send_json(200, self._out(r, still or out))
            return
        self._send_json(200, {"kind": "Status", "apiVersion": "v1", "metadata": {},
                              "status": "Success",
                              "details": {"name": r.name, "group": r.info.group,
                                          "kind": r.info.plural,
                                          "uid": out["metadata"].get("uid")}})

    def _delete_collection(self, r: Route) -> None:
        self._list_options()
        opts = self._delete_options()
        dry = self._dry_run(opts.get("dryRun") or [])
        s = self.served
        grace = opts.get("gracePeriodSeconds")

        def do() -> list[dict]:
            objs = self._selected(r, s.api.list(r.info.kind, r.namespace))
            out = []
            for o in objs:
                try:
                    out.append(s.api.delete(
                        r.info.kind, o["metadata"]["name"], o["metadata"].get("namespace"),
                        dry_run=dry, grace_period_seconds=grace))
                except E.NotFound:
                    pass
            return out
        items = s.write(do, dry)
        self._send_json(200, {"kind": f"{r.info.kind}List", "apiVersion": r.api_version,
                              "metadata": {"resourceVersion": str(s.api.resource_version)},
                              "items": [self._out(r, o) for o in items]})

    # -- watch --------------------------------------------------------------------
    def _watch(self, r: Route) -> None:
        s = self.served
        table = self._wants_table()
        include = self.query.get("includeObject", "Metadata")
        asked = params.int64(self.query, "timeoutSeconds")
        params.int64(self.query, "limit")
        # every watch ends: the client's timeout, at most MAX_WATCH_SECONDS (kube's own
        # default is a random 30-60 min, --min-request-timeout 1800 s)
        timeout = MAX_WATCH_SECONDS if asked is None else min(max(asked, 0), MAX_WATCH_SECONDS)
        labels = parse_label_selector(self.query.get("labelSelector") or "")
        fields = parse_field_selector(self.query.get("fieldSelector"))
        rv_param = self.query.get("resourceVersion") or "0"
        since = _parse_rv(rv_param)

        def keep(obj: dict) -> bool:
            if r.namespace and obj["metadata"].get("namespace") != r.namespace:
                return False
            if labels and not labels_match(obj["metadata"].get("labels"), labels):
                return False
            return fields_match(obj, fields)

        initial: list[tuple[str, dict]] = []
        with s.lock:
            if since == 0:
                since = s.api.resource_version
                initial = [("ADDED", o) for o in s.api.list(r.info.kind, r.namespace)]
            elif since > s.api.resource_version:
                since = s.api.resource_version
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.send_header("Cache-Control", "no-cache, private")
        self.end_headers()
        self.close_connection = True
        self.connection.settimeout(self.server.write_timeout)
        deadline = time.monotonic() + timeout
        first = True

        def send(type_: str, obj: dict) -> None:
            line = json.dumps({"type": type_, "object": obj},
                              separators=(",", ":")).encode() + b"\n"
            self.wfile.write(b"%x\r\n%s\r\n" % (len(line), line))

        try:
            pending = initial
            while True:
                for type_, obj in pending:
                    if not keep(obj):
                        continue
                    obj = self._out(r, dict(obj))  # the log's objects are shared: copy
                    if table:
                        now = s.read(s.cluster.clock.now)
                        obj = tables.table(r.info.kind, [obj], now, include,
                                           obj["metadata"].get("resourceVersion"),
                                           headers=first)
                        first = False
                    send(type_, obj)
                self.wfile.flush()
                left = deadline - time.monotonic()
                if left <= 0 or s.stopping:
                    break
                try:
                    with s.lock:
                        s.wait_for_change(since, min(left, 5.0))
                        cur = s.api.resource_version
                        pending = [(ev.type, ev.object)
                                   for ev in s.api.watch(since, [r.info.kind])
                                   if ev.resource_version <= cur]
                        since = cur
                except E.StatusError as e:
                    # e.g. 410 Expired when ``since`` left the retained window: kube sends
                    # the Status as an ERROR event and ends the stream (cacher.go
                    # newErrWatcher); client-go and the Python client then relist
                    send("ERROR", e.status())
                    break
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, OSError):
            return


def _parse_rv(text: str) -> int:
    """A resourceVersion: an unsigned integer, else 400 (APIObjectVersioner)."""
    try:
        if not text.isascii() or not text.isdigit():
            raise ValueError
        return int(text)
    except ValueError:
        raise E.BadRequest(f'invalid resource version "{text}": strconv.ParseUint: parsing '
                           f'"{text}": invalid syntax') from None


def _warning_headers(warnings: list[str]) -> dict[str, str]:
    """``Warning: 299 - "unknown field \\"spec.x\\""`` (k8s.io/apiserver pkg/warning; one
    header with comma-separated values, which client-go's ParseWarningHeaders reads)."""
    if not warnings:
        return {}
    return {"Warning": ", ".join(f"299 - {json.dumps(w)}" for w in dict.fromkeys(warnings))}


def make_handler(served: ServedCluster, quiet: bool = True,
                 sandbox: Sandbox | None = None) -> type[Handler]:
    return type("BoundHandler", (Handler,), {"served": served, "quiet": quiet,
                                             "sandbox": sandbox})
