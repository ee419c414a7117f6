"""drakit's kube-scheduler: framework + plugins, one file per plugin as upstream.

Why this package exports only ``build_scheduler`` and ``Scheduler``: the Cluster builds
components through factories (drakit.cluster.COMPONENT_FACTORIES); everything else is an
internal layout that mirrors pkg/scheduler (framework.py, cache.py, noderesources.py,
dynamicresources.py, extendeddynamicresources.py, nodeallocatable.py, nodeselection.py,
preemption.py) so a Kubernetes contributor finds each behaviour where they expect it.
"""

from __future__ import annotations

from typing import Any

from drakit.scheduler.scheduler import Scheduler

__all__ = ["Scheduler", "build_scheduler"]


def build_scheduler(cluster: Any) -> Scheduler:
    """A fresh scheduler that lists everything from the cluster's API server (a restart)."""
    return Scheduler(cluster)
