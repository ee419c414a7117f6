"""drakit's kube-scheduler: framework + plugins, one file per plugin as upstream.

Why this package exports only ``build_scheduler`` and ``Scheduler``: the Cluster builds
components through factories (drakit.cluster.COMPONENT_FACTORIES) that get a
``drakit.component.ComponentContext``, never the Cluster; everything else is an
internal layout that mirrors pkg/scheduler (framework.py, cache.py, noderesources.py,
dynamicresources.py, extendeddynamicresources.py, nodeallocatable.py, nodeselection.py,
preemption.py) so a Kubernetes contributor finds each behaviour where they expect it.
"""

from __future__ import annotations

from drakit.component import ComponentContext
from drakit.scheduler.scheduler import Scheduler

__all__ = ["Scheduler", "build_scheduler"]


def build_scheduler(ctx: ComponentContext) -> Scheduler:
    """A fresh scheduler that lists everything from the API server (a restart)."""
    return Scheduler(ctx)
