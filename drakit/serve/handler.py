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
from urllib.parse import parse_qs, urlsplit

from drakit.api import errors as E
from drakit.api.meta import SelectorError, labels_match, parse_label_selector
from drakit.kinds import KindInfo
from drakit.yamlio import parse_body

from . import discovery, openapi, patches, tables
from .state import ServedCluster

MAX_WATCH_SECONDS = 1800


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
                                (sub == "resize" and info.kind == "Pod")):
        return None
    return Route(info, group, version, ns, name, sub, watch)


# ---------------------------------------------------------------------------- handler

class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "drakit-serve"
    served: ServedCluster  # set on the subclass made by make_handler()
    quiet = True

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib name
        if not self.quiet:
            super().log_message(format, *args)

    # -- plumbing -----------------------------------------------------------------
    def _send_json(self, code: int, body: Any, headers: dict[str, str] | None = None) -> None:
        data = json.dumps(body, separators=(",", ":")).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-cache, private")
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def _send_text(self, code: int, text: str, ctype: str = "text/plain") -> None:
        data = text.encode()
        self.send_response(code)
        self.send_header("Content-Type", f"{ctype}; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _send_error(self, err: E.StatusError) -> None:
        self._send_json(err.code, err.status())

    def _body(self) -> Any:
        n = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(n) if n else b""
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            raw = self._read_chunked()
        return parse_body(raw, self.headers.get("Content-Type") or "application/json")

    def _read_chunked(self) -> bytes:
        out = b""
        while True:
            size = int(self.rfile.readline().strip() or b"0", 16)
            if size == 0:
                self.rfile.readline()
                return out
            out += self.rfile.read(size)
            self.rfile.readline()

    def _dispatch(self) -> None:
        url = urlsplit(self.path)
        self.query = {k: v[-1] for k, v in parse_qs(url.query, keep_blank_values=True).items()}
        try:
            if not self._special(url.path):
                r = route(self.served, url.path)
                if r is None:
                    raise NotFoundPath()
                self._resource(r)
        except E.StatusError as e:
            self._send_error(e)
        except SelectorError as e:
            self._send_error(E.BadRequest(str(e)))
        except (BrokenPipeError, ConnectionResetError):
            pass
        except Exception as e:  # noqa: BLE001 - answer like apiserver, keep serving
            traceback.print_exc(file=sys.stderr)
            self._send_error(E.StatusError(message=f"Internal error occurred: {e}"))

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = _dispatch

    # -- non-resource paths -------------------------------------------------------
    def _special(self, path: str) -> bool:
        s = self.served
        ctx = s.read(lambda: s.api.context())
        path = path.rstrip("/") or "/"
        if self.command not in ("GET", "HEAD") and not path.startswith(("/api/", "/apis/")):
            raise MethodNotAllowed(self.command)
        if path == "/version":
            self._send_json(200, discovery.version_doc(ctx.version))
        elif path in ("/healthz", "/livez", "/readyz"):
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
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
        elif path.startswith("/openapi/"):
            raise NotFoundPath()
        else:
            return False
        return True

    # -- resources ----------------------------------------------------------------
    def _out(self, r: Route, obj: dict) -> dict:
        if obj.get("kind") == r.info.kind:
            obj["apiVersion"] = r.api_version
        return obj

    def _field_validation(self) -> str:
        """The request's fieldValidation; kube-apiserver's default without one is Warn."""
        return self.query.get("fieldValidation") or "Warn"

    def _dry_run(self) -> bool:
        v = self.query.get("dryRun")
        if v in (None, ""):
            return False
        if v != "All":
            raise E.BadRequest(f'Invalid dry run value: "{v}": supported values: "All"')
        return True

    def _resource(self, r: Route) -> None:
        m = self.command
        if r.watch or (m == "GET" and self.query.get("watch") in ("true", "1")):
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

    def _list(self, r: Route) -> None:
        s = self.served

        def read() -> tuple[list[dict], int]:
            return s.api.list(r.info.kind, r.namespace), s.api.resource_version
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

    def _update(self, r: Route) -> None:
        body = self._body()
        if not isinstance(body, dict):
            raise E.BadRequest("the body of an update must be a JSON object")
        body.setdefault("apiVersion", r.api_version)
        body.setdefault("kind", r.info.kind)
        md = body.setdefault("metadata", {})
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
        ctype = (self.headers.get("Content-Type") or "").split(";")[0].strip()
        if ctype not in patches.PATCH_TYPES:
            raise E.StatusError(
                message=f"the body of the request was in an unknown format - accepted media "
                        f"types include: {', '.join(patches.PATCH_TYPES)}",
                reason="UnsupportedMediaType", code=415)
        body = self._body()
        dry = self._dry_run()
        s = self.served
        kind, ns, name = r.info.kind, r.namespace, r.name
        fv, warns = self._field_validation(), []

        def do() -> tuple[dict, bool]:
            if ctype == patches.MERGE_PATCH:
                if not isinstance(body, dict):
                    raise E.BadRequest("a merge patch must be a JSON object")
                return s.api.patch(kind, name, body, ns, subresource=r.subresource,
                                   dry_run=dry, field_validation=fv, warnings=warns), False
            live = s.api.try_get(kind, name, ns)
            if live is None:
                if ctype == patches.APPLY_PATCH_YAML and r.subresource is None:
                    if not isinstance(body, dict):
                        raise E.BadRequest("an apply patch must be an object")
                    body.setdefault("metadata", {})["name"] = name
                    return s.api.create(body, namespace=ns, dry_run=dry,
                                        field_validation=fv, warnings=warns), True
                raise E.NotFound(kind, name, r.info.group, r.info.plural)
            new = patches.apply_patch(kind, ctype, live, body)
            if not isinstance(new, dict):
                raise E.BadRequest("the patch did not produce an object")
            pmd = (body or {}).get("metadata") if isinstance(body, dict) else None
            new.setdefault("metadata", {})
            if not (isinstance(pmd, dict) and pmd.get("resourceVersion")):
                new["metadata"]["resourceVersion"] = live["metadata"]["resourceVersion"]
            new["apiVersion"], new["kind"] = live["apiVersion"], live["kind"]
            new["metadata"]["name"] = name
            if ns:
                new["metadata"]["namespace"] = ns
            return s.api.update(new, dry_run=dry, subresource=r.subresource,
                                field_validation=fv, warnings=warns), False

        out, created = s.write(do, dry)
        self._send_json(201 if created else 200, self._out(r, out), _warning_headers(warns))

    def _delete_options(self) -> dict:
        body = self._body() if self.headers.get("Content-Length") not in (None, "0") else None
        opts = dict(body) if isinstance(body, dict) else {}
        for k in ("gracePeriodSeconds", "propagationPolicy"):
            if k in self.query and k not in opts:
                opts[k] = self.query[k]
        if "dryRun" in opts and opts["dryRun"]:
            self.query["dryRun"] = opts["dryRun"][0] if isinstance(
                opts["dryRun"], list) else opts["dryRun"]
        return opts

    def _delete(self, r: Route) -> None:
        opts = self._delete_options()
        dry = self._dry_run()
        grace = opts.get("gracePeriodSeconds")
        uid = (opts.get("preconditions") or {}).get("uid")
        s = self.served
        out = s.write(lambda: s.api.delete(
            r.info.kind, r.name, r.namespace, dry_run=dry, preconditions_uid=uid,
            grace_period_seconds=None if grace in (None, "") else int(grace)), dry)
        still = s.read(lambda: s.api.try_get(r.info.kind, r.name, r.namespace))
        if still is not None or r.info.kind == "Pod":
            self._send_json(200, self._out(r, still or out))
            return
        self._send_json(200, {"kind": "Status", "apiVersion": "v1", "metadata": {},
                              "status": "Success",
                              "details": {"name": r.name, "group": r.info.group,
                                          "kind": r.info.plural,
                                          "uid": out["metadata"].get("uid")}})

    def _delete_collection(self, r: Route) -> None:
        opts = self._delete_options()
        dry = self._dry_run()
        s = self.served
        grace = opts.get("gracePeriodSeconds")

        def do() -> list[dict]:
            objs = self._selected(r, s.api.list(r.info.kind, r.namespace))
            out = []
            for o in objs:
                try:
                    out.append(s.api.delete(
                        r.info.kind, o["metadata"]["name"], o["metadata"].get("namespace"),
                        dry_run=dry,
                        grace_period_seconds=None if grace in (None, "") else int(grace)))
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
        timeout = float(self.query.get("timeoutSeconds") or MAX_WATCH_SECONDS)
        timeout = min(timeout, MAX_WATCH_SECONDS)
        labels = parse_label_selector(self.query.get("labelSelector") or "")
        fields = parse_field_selector(self.query.get("fieldSelector"))
        rv_param = self.query.get("resourceVersion") or "0"
        try:
            since = int(rv_param)
        except ValueError:
            raise E.BadRequest(f"invalid resourceVersion {rv_param!r}") from None

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
        deadline = time.monotonic() + timeout
        first = True
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
                    line = json.dumps({"type": type_, "object": obj},
                                      separators=(",", ":")).encode() + b"\n"
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(line), line))
                self.wfile.flush()
                left = deadline - time.monotonic()
                if left <= 0 or s.stopping:
                    break
                with s.lock:
                    s.wait_for_change(since, min(left, 5.0))
                    cur = s.api.resource_version
                    pending = [(ev.type, ev.object) for ev in s.api.watch(since, [r.info.kind])
                               if ev.resource_version <= cur]
                    since = cur
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, OSError):
            return


def _warning_headers(warnings: list[str]) -> dict[str, str]:
    """``Warning: 299 - "unknown field \\"spec.x\\""`` (k8s.io/apiserver pkg/warning; one
    header with comma-separated values, which client-go's ParseWarningHeaders reads)."""
    if not warnings:
        return {}
    return {"Warning": ", ".join(f"299 - {json.dumps(w)}"
                                 for w in dict.fromkeys(warnings))}


def make_handler(served: ServedCluster, quiet: bool = True) -> type[Handler]:
    return type("BoundHandler", (Handler,), {"served": served, "quiet": quiet})
