"""Server-side printing: the ``meta.k8s.io/v1 Table`` kubectl asks for on ``get``.

Why serve Tables at all: kubectl ``get`` (and ``get -w``) requests
``application/json;as=Table;v=v1;g=meta.k8s.io``. It can fall back to its own NAME/AGE
printer for plain objects, but the columns the real API server prints (a claim's STATE,
a pod's STATUS and NODE) are what a person compares with a live cluster, so drakit
prints the same columns for the kinds it knows and NAME/AGE for the rest.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from typing import Any

from drakit.api.meta import parse_rfc3339

TABLE_MEDIA = "as=Table"


def wants_table(accept: str) -> bool:
    """True when the Accept header asks for a meta.k8s.io Table first."""
    for part in accept.split(","):
        params = [p.strip() for p in part.split(";")]
        if params and params[0] in ("application/json", "*/*"):
            if "as=Table" in params and any(p in ("g=meta.k8s.io",) for p in params):
                return True
            return False  # the first acceptable plain type wins
    return False


def age(ts: str | None, now: _dt.datetime) -> str:
    """kubectl's duration.HumanDuration, coarsely (s, m, h, d)."""
    if not ts:
        return "<unknown>"
    try:
        secs = int((now - parse_rfc3339(ts)).total_seconds())
    except ValueError:
        return "<unknown>"
    if secs < 0:
        return "0s"
    if secs < 120:
        return f"{secs}s"
    if secs < 3600 * 3:
        return f"{secs // 60}m"
    if secs < 86400 * 2:
        return f"{secs // 3600}h"
    return f"{secs // 86400}d"


def _claim_state(o: dict) -> str:
    st = o.get("status") or {}
    parts = []
    if st.get("allocation"):
        parts.append("allocated")
    if st.get("reservedFor"):
        parts.append("reserved")
    if (o.get("metadata") or {}).get("deletionTimestamp"):
        parts.append("deleted")
    return ",".join(parts) or "pending"


def _pod_status(o: dict) -> str:
    if (o.get("metadata") or {}).get("deletionTimestamp"):
        return "Terminating"
    st = o.get("status") or {}
    return st.get("reason") or st.get("phase") or "Pending"


def _node_status(o: dict) -> str:
    for c in (o.get("status") or {}).get("conditions") or ():
        if c.get("type") == "Ready":
            return "Ready" if c.get("status") == "True" else "NotReady"
    return "Unknown"


def _involved(o: dict) -> str:
    i = o.get("involvedObject") or {}
    return f"{str(i.get('kind', '')).lower()}/{i.get('name', '')}"


Column = tuple[str, str, Callable[[dict], Any]]

_NAME: Column = ("Name", "string", lambda o: o["metadata"].get("name", ""))

COLUMNS: dict[str, list[Column]] = {
    "Pod": [_NAME, ("Status", "string", _pod_status),
            ("Node", "string", lambda o: (o.get("spec") or {}).get("nodeName") or "<none>")],
    "Node": [_NAME, ("Status", "string", _node_status)],
    "Namespace": [_NAME, ("Status", "string",
                          lambda o: (o.get("status") or {}).get("phase", "Active"))],
    "ResourceClaim": [_NAME, ("State", "string", _claim_state)],
    "ResourceSlice": [_NAME,
                      ("Node", "string", lambda o: (o.get("spec") or {}).get("nodeName") or ""),
                      ("Driver", "string", lambda o: (o.get("spec") or {}).get("driver", "")),
                      ("Pool", "string",
                       lambda o: ((o.get("spec") or {}).get("pool") or {}).get("name", ""))],
    # k/k pkg/printers/internalversion/printers.go priorityClassColumnDefinitions
    # (PreemptionPolicy follows Age: AFTER_AGE)
    "PriorityClass": [_NAME, ("Value", "integer", lambda o: o.get("value", 0)),
                      ("Global-Default", "boolean", lambda o: bool(o.get("globalDefault")))],
    "Event": [("Type", "string", lambda o: o.get("type", "")),
              ("Reason", "string", lambda o: o.get("reason", "")),
              ("Object", "string", _involved),
              ("Message", "string", lambda o: o.get("message", ""))],
}


AFTER_AGE: dict[str, list[Column]] = {
    "PriorityClass": [("PreemptionPolicy", "string",
                       lambda o: o.get("preemptionPolicy") or "")],
}
"""Columns upstream prints after AGE."""


def _partial(obj: dict, api_version: str) -> dict:
    return {"kind": "PartialObjectMetadata", "apiVersion": "meta.k8s.io/v1",
            "metadata": obj.get("metadata", {})}


def table(kind: str, objs: list[dict], now: _dt.datetime, include: str = "Metadata",
          resource_version: str | None = None, headers: bool = True) -> dict:
    """A Table of ``objs`` (``include`` = None | Metadata | Object, as includeObject)."""
    cols = list(COLUMNS.get(kind, [_NAME]))
    if kind == "Event":
        cols = [("Last Seen", "string",
                 lambda o: age(o.get("lastTimestamp") or o["metadata"].get("creationTimestamp"),
                               now))] + cols
    else:
        cols.append(("Age", "string",
                     lambda o: age(o["metadata"].get("creationTimestamp"), now)))
    cols += AFTER_AGE.get(kind, [])
    rows = []
    for o in objs:
        row: dict[str, Any] = {"cells": [fn(o) for _, _, fn in cols]}
        if include == "Object":
            row["object"] = o
        elif include != "None":
            row["object"] = _partial(o, o.get("apiVersion", ""))
        rows.append(row)
    out: dict[str, Any] = {"kind": "Table", "apiVersion": "meta.k8s.io/v1",
                           "metadata": {}, "rows": rows}
    if resource_version is not None:
        out["metadata"]["resourceVersion"] = resource_version
    if headers:
        out["columnDefinitions"] = [
            {"name": n, "type": t, "format": "name" if n == "Name" else "",
             "description": "", "priority": 0} for n, t, _ in cols]
    else:
        out["columnDefinitions"] = []
    return out
