"""drakit's kube-controller-manager: one controller per file, as upstream.

Why a factory: ``Cluster`` builds its components through
``drakit.cluster.COMPONENT_FACTORIES`` and hands each factory a
``drakit.component.ComponentContext``, never itself (controllers talk to the API server only).
``build_controllers`` returns the controllers in the order they run each settle round
(ResourceClaim first so a pod's claims exist before the scheduler looks at it), and installs the ResourceQuota admission plugin on the API
server (once per API server: a controller-manager restart does not add a second copy; the
plugin reads the API server's gates, not the controller manager's).
"""

from __future__ import annotations

from drakit.component import ComponentContext
from drakit.controllers.base import Controller
from drakit.controllers.deployment import DeploymentController, ReplicaSetController
from drakit.controllers.devicetainteviction import DeviceTaintEvictionController
from drakit.controllers.garbagecollector import GarbageCollector
from drakit.controllers.namespace import NamespaceController
from drakit.controllers.quota import QuotaAdmission, ResourceQuotaController
from drakit.controllers.resourceclaim import ResourceClaimController

__all__ = ["build_controllers"]


def build_controllers(ctx: ComponentContext) -> list[Controller]:
    api = ctx.api
    api.admission[:] = [p for p in api.admission if not isinstance(p, QuotaAdmission)]
    api.admission.append(QuotaAdmission())
    return [
        DeploymentController(ctx),
        ReplicaSetController(ctx),
        ResourceClaimController(ctx),
        DeviceTaintEvictionController(ctx),
        NamespaceController(ctx),
        GarbageCollector(ctx),
        ResourceQuotaController(ctx),
    ]
