"""Field errors and API status errors, shaped like Kubernetes apimachinery.

Why mirror apimachinery so closely: a rejected object must read the same on the
reference backend and on a live cluster, so the harness can compare the two.
`FieldError` renders exactly as `field.Error.Error()` does
(`spec.devices: Too many: 129: must have at most 128 items`), and `StatusError`
subclasses carry the `Status` object the real API server returns.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

# ---------------------------------------------------------------------------
# Field paths (field.Path)


class Path:
    """A field path such as ``spec.devices[3].name`` (apimachinery ``field.Path``)."""

    __slots__ = ("_parts",)

    def __init__(self, *names: str) -> None:
        self._parts: tuple[str, ...] = tuple(n for n in names if n != "")

    @classmethod
    def _from(cls, parts: tuple[str, ...]) -> Path:
        p = cls.__new__(cls)
        p._parts = parts
        return p

    def child(self, name: str, *more: str) -> Path:
        return Path._from(self._parts + ("." + name,) + tuple("." + m for m in more))

    def index(self, i: int) -> Path:
        return Path._from(self._parts + (f"[{i}]",))

    def key(self, k: str) -> Path:
        return Path._from(self._parts + (f"[{k}]",))

    def __str__(self) -> str:
        out = "".join(self._parts)
        return out[1:] if out.startswith(".") else out

    def __repr__(self) -> str:
        return f"Path({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))


def root(*names: str) -> Path:
    """``root("spec", "devices")`` is the path ``spec.devices``."""
    p = Path()
    for n in names:
        p = p.child(n)
    return p


# ---------------------------------------------------------------------------
# Field errors (field.Error)

# ErrorType -> (human word in Error(), Status cause reason)
_TYPES = {
    "Required": ("Required value", "FieldValueRequired"),
    "Invalid": ("Invalid value", "FieldValueInvalid"),
    "NotFound": ("Not found", "FieldValueNotFound"),
    "Duplicate": ("Duplicate value", "FieldValueDuplicate"),
    "TooMany": ("Too many", "FieldValueTooMany"),
    "TooLong": ("Too long", "FieldValueTooLong"),
    "Forbidden": ("Forbidden", "FieldValueForbidden"),
    "NotSupported": ("Unsupported value", "FieldValueNotSupported"),
    "Internal": ("Internal error", "InternalError"),
    "TypeInvalid": ("Invalid value", "FieldValueTypeInvalid"),
}

_OMIT = object()  # "no value" marker (Required/Forbidden/TooLong print none)


class GoRendered:
    """A bad value already rendered as Go's json.Marshal prints it (a struct's fields in
    declaration order, not sorted like a map's keys); the field error prints the text as is."""

    __slots__ = ("text",)

    def __init__(self, value: Any) -> None:
        self.text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"GoRendered({self.text})"


def _render_value(v: Any) -> str:
    """Render a bad value the way field.Error does (%q for strings, %d for ints)."""
    if isinstance(v, GoRendered):
        return v.text
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, (int, float)):
        return str(v)
    if v is None:
        return "null"
    try:
        return json.dumps(v, sort_keys=True, separators=(",", ":"))
    except TypeError:
        return str(v)


@dataclass(frozen=True)
class FieldError:
    """One validation error: type, field path, bad value, detail."""

    type: str
    field: str
    value: Any = _OMIT
    detail: str = ""
    origin: str = ""
    """Optional machine-readable origin (declarative validation's ``origin``)."""

    def __post_init__(self) -> None:
        if self.type not in _TYPES:
            raise ValueError(f"unknown field error type {self.type!r}")
        object.__setattr__(self, "field", str(self.field))

    @property
    def reason(self) -> str:
        """The Status cause reason, e.g. ``FieldValueInvalid``."""
        return _TYPES[self.type][1]

    def error_body(self) -> str:
        word = _TYPES[self.type][0]
        if self.value is _OMIT:
            s = word
        else:
            s = f"{word}: {_render_value(self.value)}"
        if self.detail:
            s += f": {self.detail}"
        return s

    def __str__(self) -> str:
        return f"{self.field}: {self.error_body()}" if self.field else self.error_body()

    def cause(self) -> dict:
        """The Status ``details.causes[]`` entry the API server emits."""
        return {"reason": self.reason, "message": self.error_body(), "field": self.field}


# Constructors named like apimachinery's field.Required(...) etc.


def required(path: Path | str, detail: str = "") -> FieldError:
    return FieldError("Required", str(path), _OMIT, detail)


def invalid(path: Path | str, value: Any, detail: str = "") -> FieldError:
    return FieldError("Invalid", str(path), value, detail)


def not_found(path: Path | str, value: Any) -> FieldError:
    return FieldError("NotFound", str(path), value, "")


def duplicate(path: Path | str, value: Any) -> FieldError:
    return FieldError("Duplicate", str(path), value, "")


def forbidden(path: Path | str, detail: str) -> FieldError:
    return FieldError("Forbidden", str(path), _OMIT, detail)


def too_long(path: Path | str, max_len: int) -> FieldError:
    # apimachinery never prints the value of a TooLong error.
    return FieldError("TooLong", str(path), _OMIT, f"may not be more than {max_len} bytes")


def too_many(path: Path | str, actual: int, max_items: int) -> FieldError:
    noun = "item" if max_items == 1 else "items"
    return FieldError("TooMany", str(path), actual, f"must have at most {max_items} {noun}")


def not_supported(path: Path | str, value: Any, valid: list[str]) -> FieldError:
    quoted = ", ".join(json.dumps(v) for v in valid)
    return FieldError("NotSupported", str(path), value, f"supported values: {quoted}")


def internal(path: Path | str, detail: str) -> FieldError:
    return FieldError("Internal", str(path), _OMIT, detail)


class ErrorList(list):
    """A list of FieldError with a helper that renders like ``ErrorList.ToAggregate``."""

    def __str__(self) -> str:
        msgs: list[str] = []
        for e in self:
            s = str(e)
            if s not in msgs:
                msgs.append(s)
        if len(msgs) == 1:
            return msgs[0]
        return "[" + ", ".join(msgs) + "]"


# ---------------------------------------------------------------------------
# API status errors (apierrors.StatusError)


@dataclass
class StatusError(Exception):
    """An error the API server answers with a ``Status`` object."""

    message: str
    reason: str = "InternalError"
    code: int = 500
    details: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.message

    def status(self) -> dict:
        """The ``Status`` object as kube-apiserver serialises it."""
        out: dict[str, Any] = {
            "kind": "Status",
            "apiVersion": "v1",
            "metadata": {},
            "status": "Failure",
            "message": self.message,
            "reason": self.reason,
            "code": self.code,
        }
        if not self.reason:
            del out["reason"]  # StatusReasonUnknown is "", which Go's omitempty leaves out
        if self.details:
            out["details"] = self.details
        return out


def _qualified(kind: str, group: str, plural: str | None = None) -> str:
    res = plural or kind.lower() + "s"
    return f"{res}.{group}" if group else res


def _details(kind: str, name: str, group: str, plural: str | None) -> dict:
    """Status.details for errors about one object (``kind`` is the resource, as upstream)."""
    return {"name": name, "group": group, "kind": plural or kind.lower() + "s"}


#: the etcd3 store's ErrResourceVersionSetOnCreate, answered as a 500 (see StorageError)
RESOURCE_VERSION_SET_ON_CREATE = "resourceVersion should not be set on objects to be created"


class StorageError(StatusError):
    """An error of the storage layer that no registry turned into an API error (etcd3 store's
    plain Go errors): the handler's ErrorToAPIStatus answers 500 with an empty (Unknown) reason
    and the error's text as the message."""

    def __init__(self, message: str) -> None:
        super().__init__(message, "", 500)


class NotFound(StatusError):
    def __init__(self, kind: str, name: str, group: str = "", plural: str | None = None) -> None:
        res = _qualified(kind, group, plural)
        super().__init__(
            message=f'{res} "{name}" not found',
            reason="NotFound",
            code=404,
            details=_details(kind, name, group, plural),
        )


class AlreadyExists(StatusError):
    def __init__(self, kind: str, name: str, group: str = "", plural: str | None = None) -> None:
        res = _qualified(kind, group, plural)
        super().__init__(
            message=f'{res} "{name}" already exists',
            reason="AlreadyExists",
            code=409,
            details=_details(kind, name, group, plural),
        )


class Conflict(StatusError):
    def __init__(self, kind: str, name: str, group: str = "", plural: str | None = None,
                 detail: str = "the object has been modified; please apply your changes "
                               "to the latest version and try again") -> None:
        res = _qualified(kind, group, plural)
        super().__init__(
            message=f'Operation cannot be fulfilled on {res} "{name}": {detail}',
            reason="Conflict",
            code=409,
            details=_details(kind, name, group, plural),
        )


class Invalid(StatusError):
    """422: the object failed validation. ``causes`` lists the FieldErrors."""

    def __init__(self, kind: str, name: str, errors: list[FieldError], group: str = "") -> None:
        self.errors = ErrorList(errors)
        gk = f"{kind}.{group}" if group else kind
        super().__init__(
            message=f'{gk} "{name}" is invalid: {self.errors}',
            reason="Invalid",
            code=422,
            details={
                "name": name,
                "group": group,
                "kind": kind,
                "causes": [e.cause() for e in self.errors],
            },
        )

    @property
    def causes(self) -> list[dict]:
        return self.details["causes"]


class Forbidden(StatusError):
    """403: e.g. admission (quota) refused the request."""

    def __init__(self, kind: str, name: str, detail: str, group: str = "",
                 plural: str | None = None) -> None:
        res = _qualified(kind, group, plural)
        super().__init__(
            message=f'{res} "{name}" is forbidden: {detail}',
            reason="Forbidden",
            code=403,
            details=_details(kind, name, group, plural),
        )


class BadRequest(StatusError):
    def __init__(self, message: str) -> None:
        super().__init__(message=message, reason="BadRequest", code=400)


class NoKindMatch(StatusError):
    """What kubectl prints for an unknown apiVersion/kind."""

    def __init__(self, kind: str, api_version: str) -> None:
        group, _, version = api_version.rpartition("/")
        super().__init__(
            message=(f'no matches for kind "{kind}" in version "{api_version}"'),
            reason="NotFound",
            code=404,
            details={"group": group, "kind": kind, "version": version},
        )


class Expired(StatusError):
    """410 Expired: a watch asked to resume before the oldest event the server still keeps.

    Worded as k8s.io/apiserver storage/cacher/watch_cache.go ``getAllEventsSinceLocked``
    (``errors.NewResourceExpired("too old resource version: %d (%d)", rv, oldest-1)``);
    a client relists and watches again from the list's resourceVersion, as client-go's
    reflector does on ``IsExpired``.
    """

    def __init__(self, resource_version: int, oldest_minus_one: int) -> None:
        self.resource_version = resource_version
        self.oldest_minus_one = oldest_minus_one
        super().__init__(
            message=f"too old resource version: {resource_version} ({oldest_minus_one})",
            reason="Expired",
            code=410,
        )
