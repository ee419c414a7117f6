"""Write objects straight into an API server's store, past validation (tests only).

Why: components must survive stored data the API server would refuse today (written by an
older version, a bug, or a direct etcd write). The only way to have such data is to put it
there by hand: stamp it like a create would (uid, resourceVersion, timestamps), store it,
and emit the watch event components see.
"""

from __future__ import annotations

from typing import Any


def store_directly(target: Any, obj: dict) -> dict:
    """Store ``obj`` (a create, or a replacement when it exists) without any validation
    (``APIServer.store_past_validation``)."""
    api = getattr(target, "api", target)
    return api.store_past_validation(obj)
