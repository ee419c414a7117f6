"""Registry strategies for resource.k8s.io/v1: DeviceClass, ResourceSlice, ResourceClaim
(+status) and ResourceClaimTemplate.

Why a package: each kind's defaulting, gate-off dropping and validation mirrors one
upstream strategy file plus its part of ``pkg/apis/resource/validation``; ``common``
holds the shared checks (names, lists, selectors, taints) with apimachinery's messages.
``STRATEGIES`` (kind -> Strategy) is what ``drakit.kinds`` collects.
"""

from __future__ import annotations

from drakit.validation.resource.claim import ResourceClaimStrategy, ResourceClaimTemplateStrategy
from drakit.validation.resource.deviceclass import DeviceClassStrategy
from drakit.validation.resource.slice import ResourceSliceStrategy
from drakit.validation.strategy import Strategy

STRATEGIES: dict[str, Strategy] = {
    s.kind: s for s in (
        DeviceClassStrategy(),
        ResourceSliceStrategy(),
        ResourceClaimStrategy(),
        ResourceClaimTemplateStrategy(),
    )
}

__all__ = [
    "STRATEGIES",
    "DeviceClassStrategy",
    "ResourceClaimStrategy",
    "ResourceClaimTemplateStrategy",
    "ResourceSliceStrategy",
]
