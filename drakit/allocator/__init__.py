"""drakit's structured DRA allocator (a library; no API server dependency).

Why this facade alone exports names: other tools (the scheduler plugin, the CLI, the
feature steps) call only these entry points, so the package's inner modules can follow
upstream's layout and change freely:

* :func:`allocate` — one AllocationResult dict per claim (v1 ``status.allocation``
  shape), ``[]`` when this node has no solution, :class:`AllocationError` for errors;
* :func:`explain` — per request and candidate device, why it was or was not used;
* :func:`node_allocatable_quantities` — KEP-5517 amounts (1.37 and 1.36 shapes);
* :func:`flatten_slice` — KEP-5234 mixins applied;
* :class:`AllocatorCache` — the same answers as :func:`allocate`, with slices, classes
  and per-device CEL results kept across calls (the scheduler's Filter loop).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from drakit.allocator.cache import AllocatorCache
from drakit.allocator.core import (
    DEFAULT_GATES,
    AllocatedState,
    AllocationError,
    AllocationTimeout,
    Allocator,
    allocated_state,
    effective_gates,
)
from drakit.allocator.explain import explain, format_explanation
from drakit.allocator.mixins import MixinError, flatten_slice
from drakit.allocator.nodealloc import node_allocatable_quantities

__all__ = [
    "DEFAULT_GATES",
    "AllocatedState",
    "AllocationError",
    "AllocationTimeout",
    "Allocator",
    "AllocatorCache",
    "MixinError",
    "allocate",
    "allocated_state",
    "effective_gates",
    "explain",
    "flatten_slice",
    "format_explanation",
    "node_allocatable_quantities",
]


def allocate(node: Mapping[str, Any] | None, claims: Sequence[Mapping[str, Any]],
             slices: Sequence[Mapping[str, Any]], classes: Sequence[Mapping[str, Any]],
             allocated: Sequence[Mapping[str, Any]] = (), gates: Mapping[str, bool] | None = None,
             version: str = "1.37", budget: int | None = None) -> list[dict[str, Any]]:
    """Allocate devices on ``node`` for all ``claims`` together (all or nothing).

    ``gates`` is the complete effective gate map (a missing gate is off, except
    DynamicResourceAllocation); ``None`` means the defaults of ``version``. ``budget``
    bounds the modeled search work (see :class:`Allocator`); past it, or past drakit's
    own work bound, :class:`AllocationTimeout` is raised.
    """
    return Allocator(node, claims, slices, classes, allocated, gates=gates, version=version,
                     budget=budget).run()
