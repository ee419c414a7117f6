"""drakit's kube-controller-manager: one controller per file, as upstream.

Why a factory: ``Cluster`` builds its components through
``drakit.cluster.COMPONENT_FACTORIES``; ``build_controllers`` returns the controllers in
the order they run each settle round (ResourceClaim first so a pod's claims exist before
the scheduler looks at it), and installs the ResourceQuota admission plugin on the API
server (once per API server: a controller-manager restart does not add a second copy).
"""

from __future__ import annotations

from typing import Any

from drakit.controllers.deployment import DeploymentController, ReplicaSetController
from drakit.controllers.garbagecollector import GarbageCollector
from drakit.controllers.namespace import NamespaceController
from drakit.controllers.quota import QuotaAdmission, ResourceQuotaController
from drakit.controllers.resourceclaim import ResourceClaimController

__all__ = ["build_controllers"]


def build_controllers(cluster: Any) -> list[Any]:
    api = cluster.api
    api.admission[:] = [p for p in api.admission if not isinstance(p, QuotaAdmission)]
    api.admission.append(QuotaAdmission(cluster.gates))
    return [
        DeploymentController(cluster),
        ReplicaSetController(cluster),
        ResourceClaimController(cluster),
        NamespaceController(cluster),
        GarbageCollector(cluster),
        ResourceQuotaController(cluster),
    ]
