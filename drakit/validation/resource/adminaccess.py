"""Who may ask for admin access to devices: the namespace label (KEP-5018, shipped 1.33+).

k/k ``pkg/registry/resource/utils.go`` ``AuthorizedForAdmin`` / ``AuthorizedForAdminStatus``,
called by the ResourceClaim and ResourceClaimTemplate strategies' Validate (create only: the
spec is immutable) and by the ResourceClaim status strategy's ValidateUpdate. A request with
``exactly.adminAccess: true`` (or an allocation result with ``adminAccess: true`` that the old
status did not have) is Forbidden unless the object's namespace carries the label
``resource.kubernetes.io/admin-access: "true"`` (exactly "true"; 1.33 used
``resource.k8s.io/admin-access``, 1.34 renamed it, so every release drakit emulates uses this
key).

Upstream's quirks, kept because a real API server prints them:
- the error names only the first request (or result) asking for admin access;
- its path is ``spec.devices.requests[i].adminAccess``: without ``exactly``, and for a
  template also without the template's outer ``spec`` (the helper builds the path itself);
- the check runs before ``ValidateResourceClaim``, so its error comes first.

Why a namespace lookup in a strategy: upstream's strategies hold a namespace client for this
one check. drakit's strategies never see the store, so the API server passes a read-only
lookup of namespace labels in the validation Context (``Context.namespace_labels``).
"""

from __future__ import annotations

from typing import Any

from drakit.api.errors import FieldError, forbidden, internal
from drakit.validation.resource.common import as_dict, as_list
from drakit.validation.strategy import Context

ADMIN_NAMESPACE_LABEL = "resource.kubernetes.io/admin-access"
_DETAIL = (f"admin access to devices requires the `{ADMIN_NAMESPACE_LABEL}: true` label on "
           "the containing namespace")


def _first_admin_request(requests: Any) -> int | None:
    for i, r in enumerate(as_list(requests)):
        # adminAccess cannot be set on subrequests: only an ``exactly`` request asks for it
        if as_dict(as_dict(r).get("exactly")).get("adminAccess") is True:
            return i
    return None


def _first_admin_result(results: Any) -> int | None:
    for i, r in enumerate(as_list(results)):
        if as_dict(r).get("adminAccess") is True:
            return i
    return None


def _namespace_allows(path: str, namespace: str, ctx: Context) -> list[FieldError]:
    labels = ctx.namespace_labels(namespace) if ctx.namespace_labels else None
    if labels is None:
        # the namespace was checked by NamespaceLifecycle before the strategy ran; upstream
        # words a failed Get this way
        return [internal(path, "could not retrieve namespace to verify admin access: "
                               f'namespaces "{namespace}" not found')]
    if labels.get(ADMIN_NAMESPACE_LABEL) != "true":
        return [forbidden(path, _DETAIL)]
    return []


def authorized_for_admin(requests: Any, namespace: str, ctx: Context) -> list[FieldError]:
    """AuthorizedForAdmin: the claim (or template) spec's requests on create."""
    i = _first_admin_request(requests)
    if i is None:
        return []
    return _namespace_allows(f"spec.devices.requests[{i}].adminAccess", namespace, ctx)


def authorized_for_admin_status(new_results: Any, old_results: Any, namespace: str,
                                ctx: Context) -> list[FieldError]:
    """AuthorizedForAdminStatus: a status write that grants admin access the old status had
    not granted (an allocation, once written, is immutable)."""
    if _first_admin_result(old_results) is not None:
        return []
    i = _first_admin_result(new_results)
    if i is None:
        return []
    return _namespace_allows(f"status.allocation.devices.results[{i}].adminAccess",
                             namespace, ctx)
