"""drakit: a declarative conformance harness for Kubernetes Dynamic Resource Allocation.

This facade is the only place that exports names: ``Cluster`` (the reference control
plane in one process) and the API errors a caller catches. Everything else lives in
layered modules (api -> validation -> apiserver -> components -> cluster) that may change.
"""

from drakit.api.errors import (
    AlreadyExists,
    BadRequest,
    Conflict,
    FieldError,
    Forbidden,
    Invalid,
    NoKindMatch,
    NotFound,
    StatusError,
)
from drakit.cluster import Cluster, SettleError, VersionSkewError
from drakit.features import FeatureGateError, FeatureGates
from drakit.yamlio import ManifestError

__version__ = "0.1.0"

__all__ = [
    "AlreadyExists", "BadRequest", "Cluster", "Conflict", "FeatureGateError", "FeatureGates",
    "FieldError", "Forbidden", "Invalid", "ManifestError", "NoKindMatch", "NotFound",
    "SettleError", "StatusError", "VersionSkewError", "__version__",
]
