"""An allocator that keeps what it learnt between calls (for the scheduler's Filter loop).

Why: the scheduler calls the allocator once per candidate node, for every pod. Almost
everything the plain :func:`drakit.allocator.allocate` recomputes per call does not
change between calls: which slices a node sees and how they form pools, the CEL view of
each device, and whether a device passes a class or request selector. An
:class:`AllocatorCache` computes these once and forgets exactly what an update makes
stale:

* slices are indexed once, by node name (``spec.nodeName``) or as "shared" (allNodes,
  nodeSelector, perDeviceNodeSelection), and by pool. A slice is identified by
  ``metadata.uid`` + ``metadata.resourceVersion`` when it has both, else by object
  identity (then a changed slice must be a new dict; in-place edits are not seen);
* per node (name + labels) and relevant gate set, a :class:`~drakit.allocator.core.NodeView`
  holds the node's pools and devices in search order, and per request shape (class
  selector expressions + request selector expressions) the devices that pass them, so a
  node without a suitable device answers in O(1);
* per device, a :class:`~drakit.allocator.core.DeviceRecord` holds the CEL ``device``
  view and every selector result (pure functions of device, expression and CEL feature
  set) while the device's slice is unchanged.

Invalidation: adding, replacing or deleting a node-bound slice drops the views of that
node and of every node sharing the slice's pool (completeness and generations are
per pool); changing a shared slice drops all views. Classes are not part of any cached
key except through their selector expressions, so a changed class simply misses. Gates
are part of the view key. Allocated devices, counters and capacity in use are never
cached: they are read from the :class:`~drakit.allocator.core.AllocatedState` on
every call.

The answers are those of :func:`drakit.allocator.allocate` with the same inputs (the
search itself is shared code); tests/allocator runs the whole case table both ways.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from drakit.allocator.core import (
    WORK_LIMIT,
    AllocatedState,
    AllocationError,
    Allocator,
    DeviceRecord,
    NodeView,
    allocated_state,
    binding_pools_last,
    effective_gates,
    flattened,
)
from drakit.allocator.pools import NodeSelectionError, counters_share_slices, gather_pools

__all__ = ["AllocatorCache"]

# every gate a NodeView depends on: pool gathering, CEL mode, and (binding_pools_last) the
# allocator variant the gates select
_VIEW_GATES = ("DRAPartitionableDevices", "DRADeviceBindingConditions", "DRAResourceSliceMixins",
               "DRAConsumableCapacity", "DRAListTypeAttributes", "DRAAdminAccess", "DRAPrioritizedList",
               "DRADeviceTaints")


def _slice_key(s: Mapping[str, Any]) -> tuple[Any, ...]:
    md = s.get("metadata") or {}
    uid, rv = md.get("uid"), md.get("resourceVersion")
    if uid and rv:
        return ("rv", uid, str(rv))
    return ("id", id(s))


class _SliceEntry:
    __slots__ = ("flat", "key", "name", "node_name", "pool_key", "recs", "seq", "slice")

    def __init__(self, s: Mapping[str, Any], key: tuple[Any, ...], seq: int) -> None:
        spec = s.get("spec") or {}
        self.slice = s
        self.key = key
        self.seq = seq  # position in the caller's slice list: pool gathering is order-sensitive
        self.name = (s.get("metadata") or {}).get("name", "")
        # Bound to one node only by nodeName; everything else may target any node.
        self.node_name: str | None = spec.get("nodeName") or None
        self.pool_key = (spec.get("driver", ""), (spec.get("pool") or {}).get("name", ""))
        self.flat: dict[bool, Mapping[str, Any]] = {}
        self.recs: dict[int, DeviceRecord] = {}

    def flattened(self, mixins_on: bool) -> Mapping[str, Any]:
        out = self.flat.get(mixins_on)
        if out is None:
            out = self.flat[mixins_on] = flattened(self.slice, mixins_on)
            spec = out.get("spec") or {}
            driver = spec.get("driver", "")
            for d in spec.get("devices") or ():
                if id(d) not in self.recs:
                    self.recs[id(d)] = DeviceRecord(driver, d)
        return out


def _seq(e: _SliceEntry) -> int:
    return e.seq


class AllocatorCache:
    """Slices, classes and allocated state held across allocations; see the module doc.

    Typical scheduler use::

        cache = AllocatorCache(gates=gates, version="1.37")
        cache.update_slices(all_slices)        # or upsert_slice(obj) / delete_slice(name) per event
        cache.update_classes(all_classes)
        cache.update_allocated(state)          # AllocatedState (shared, mutated by you) or claims
        for node in nodes:                     # Filter
            results = cache.allocate_on(node, claims)   # == allocate(node, claims, ...)
    """

    MAX_VIEWS = 50_000

    def __init__(self, slices: Iterable[Mapping[str, Any]] = (),
                 classes: Iterable[Mapping[str, Any]] | Mapping[str, Mapping[str, Any]] = (),
                 allocated: Sequence[Mapping[str, Any]] | AllocatedState = (), *,
                 gates: Mapping[str, bool] | None = None, version: str = "1.37") -> None:
        self.version = version
        self.gates = effective_gates(gates, version)
        self._entries: dict[tuple[Any, ...], _SliceEntry] = {}
        self._by_name: dict[str, tuple[Any, ...]] = {}
        self._by_node: dict[str, dict[tuple[Any, ...], _SliceEntry]] = {}
        self._shared: dict[tuple[Any, ...], _SliceEntry] = {}
        self._by_pool: dict[tuple[str, str], dict[tuple[Any, ...], _SliceEntry]] = {}
        self._views: dict[tuple[Any, ...], NodeView] = {}
        self._views_by_node: dict[str, set[tuple[Any, ...]]] = {}
        self._views_by_pool: dict[tuple[str, str], set[tuple[Any, ...]]] = {}
        self._node_keys: dict[int, tuple[Mapping[str, Any], str, tuple[Any, ...]]] = {}
        self._classes: dict[str, Mapping[str, Any]] = {}
        self._state = AllocatedState()
        self._seq = 0
        self._gkeys: dict[int, tuple[Mapping[str, bool], tuple[bool, ...]]] = {}
        #: bumped on every slice change (callers may use it as part of their own memo keys)
        self.generation = 0
        #: counters for tests and benchmarks
        self.stats = {"views_built": 0, "views_dropped": 0}
        self.update_slices(slices)
        self.update_classes(classes)
        self.update_allocated(allocated)

    # -- inputs -------------------------------------------------------------
    def update_slices(self, slices: Iterable[Mapping[str, Any]]) -> int:
        """Make the cached slices exactly ``slices``; returns how many entries changed.

        Unchanged slices (same uid+resourceVersion, or the same object) keep their
        cached pools, CEL views and selector results.
        """
        slices = list(slices)
        keys = [_slice_key(s) for s in slices]
        wanted = set(keys)
        changed = 0
        for key in [k for k in self._entries if k not in wanted]:
            self._remove(key)
            changed += 1
        kept = [k for k in keys if k in self._entries]
        if kept != sorted(kept, key=lambda k: self._entries[k].seq):
            # Only inconsistent pools (slices disagreeing on resourceSliceCount) can
            # notice the order, but then the answer depends on it, as it does upstream.
            self._drop_all()
        for i, (s, key) in enumerate(zip(slices, keys)):
            e = self._entries.get(key)
            if e is None:
                self._add(s, key, i)
                changed += 1
            else:
                e.seq = i
        self._seq = len(slices)
        return changed

    def upsert_slice(self, s: Mapping[str, Any]) -> bool:
        """Add or replace one slice (matched by ``metadata.name``); True when something changed."""
        key = _slice_key(s)
        if key in self._entries:
            return False
        name = (s.get("metadata") or {}).get("name", "")
        old = self._by_name.get(name) if name else None
        if old is not None and old in self._entries:
            self._remove(old)
        self._add(s, key, self._seq)
        self._seq += 1
        return True

    def slice_names(self) -> set[str]:
        """The names of the slices cached now (the scheduler's cache comparer reads them)."""
        return {self._entries[k].name for k in self._by_name.values() if k in self._entries}

    def delete_slice(self, name: str) -> bool:
        """Remove the slice of that name (a watch DELETED event names it); True when it was cached."""
        key = self._by_name.get(name)
        if key is None or key not in self._entries:
            return False
        self._remove(key)
        return True

    def update_classes(self, classes: Iterable[Mapping[str, Any]] | Mapping[str, Mapping[str, Any]]) -> None:
        """Replace the DeviceClasses (a list of objects, or a name -> object map)."""
        if isinstance(classes, Mapping):
            self._classes = dict(classes)
        else:
            self._classes = {(c.get("metadata") or {}).get("name", ""): c for c in classes}

    def update_allocated(self, allocated: Sequence[Mapping[str, Any]] | AllocatedState) -> None:
        """Devices in use by other claims: claim objects / AllocationResults, or an
        :class:`AllocatedState` that the caller keeps current (used as is, not copied)."""
        self._state = allocated if isinstance(allocated, AllocatedState) else allocated_state(allocated)

    @property
    def slices(self) -> list[Mapping[str, Any]]:
        return [e.slice for e in sorted(self._entries.values(), key=_seq)]

    # -- allocation -----------------------------------------------------------
    def allocator_on(self, node: Mapping[str, Any] | None, claims: Sequence[Mapping[str, Any]], *,
                     allocated: Sequence[Mapping[str, Any]] | None = None,
                     gates: Mapping[str, bool] | None = None, budget: int | None = None,
                     work_limit: int | None = WORK_LIMIT) -> Allocator:
        """A (not yet run) :class:`Allocator` for ``node`` that uses the cached node view
        (``budget``/``work_limit``: see :class:`Allocator`)."""
        g = self.gates if gates is None else effective_gates(gates, self.version)
        state = self._state if allocated is None else allocated_state(allocated)
        return Allocator(node, claims, (), self._classes, state, gates=g, version=self.version,
                         view=self.node_view(node, g), budget=budget, work_limit=work_limit)

    def allocate_on(self, node: Mapping[str, Any] | None, claims: Sequence[Mapping[str, Any]], *,
                    allocated: Sequence[Mapping[str, Any]] | None = None,
                    gates: Mapping[str, bool] | None = None, budget: int | None = None,
                    work_limit: int | None = WORK_LIMIT) -> list[dict[str, Any]]:
        """Same contract as :func:`drakit.allocator.allocate` with the cached slices,
        classes, allocated state (unless ``allocated`` is given) and gates (unless given);
        ``budget`` bounds the modeled search work (the Filter timeout, see
        :class:`drakit.allocator.core.Allocator`); both bounds raise AllocationTimeout."""
        return self.allocator_on(node, claims, allocated=allocated, gates=gates, budget=budget,
                                 work_limit=work_limit).run()

    # -- node views -----------------------------------------------------------
    def _node_key(self, node: Mapping[str, Any] | None) -> tuple[str, tuple[Any, ...]]:
        hit = self._node_keys.get(id(node))
        if hit is not None and hit[0] is node:
            return hit[1], hit[2]
        md = (node or {}).get("metadata") or {}
        name = md.get("name", "")
        labels = tuple(sorted((md.get("labels") or {}).items()))
        if node is not None:
            if len(self._node_keys) > self.MAX_VIEWS:
                self._node_keys.clear()
            self._node_keys[id(node)] = (node, name, labels)
        return name, labels

    def node_view(self, node: Mapping[str, Any] | None, gates: Mapping[str, bool] | None = None) -> NodeView:
        """The cached pools and devices of ``node`` (built on first use after a change)."""
        g = self.gates if gates is None else effective_gates(gates, self.version)
        name, labels = self._node_key(node)
        gkey = self._gkeys.get(id(g))
        if gkey is None or gkey[0] is not g:
            if len(self._gkeys) > 64:
                self._gkeys.clear()
            gkey = self._gkeys[id(g)] = (g, tuple(g[k] for k in _VIEW_GATES))
        vkey = (name, labels, gkey[1])
        view = self._views.get(vkey)
        if view is not None:
            return view
        mixins_on = g["DRAResourceSliceMixins"]
        rel = sorted([*self._by_node.get(name, {}).values(), *self._shared.values()], key=_seq)
        pool_keys = {e.pool_key for e in rel}
        slices = [e.flattened(mixins_on) for e in rel]
        all_slices = [x.flattened(mixins_on)
                      for x in sorted((x for k in pool_keys for x in self._by_pool.get(k, {}).values()), key=_seq)]
        try:
            pools = gather_pools(slices, node, partitionable=g["DRAPartitionableDevices"],
                                 binding_conditions=binding_pools_last(g, self.version),
                                 all_slices=all_slices,
                                 counters_with_devices=counters_share_slices(self.version),
                                 version=self.version)
        except NodeSelectionError as e:
            raise AllocationError(f"gather pool information: {e}") from None
        recs: dict[int, DeviceRecord] = {}
        for e in rel:
            recs.update(e.recs)
        view = NodeView(node, pools, g, record=lambda _driver, d: recs[id(d)], version=self.version)
        if len(self._views) >= self.MAX_VIEWS:
            self._drop_all()
        self._views[vkey] = view
        self._views_by_node.setdefault(name, set()).add(vkey)
        for k in pool_keys:
            self._views_by_pool.setdefault(k, set()).add(vkey)
        self.stats["views_built"] += 1
        return view

    # -- bookkeeping ----------------------------------------------------------
    def _add(self, s: Mapping[str, Any], key: tuple[Any, ...], seq: int) -> None:
        e = _SliceEntry(s, key, seq)
        self._entries[key] = e
        if e.name:
            self._by_name[e.name] = key
        if e.node_name is None:
            self._shared[key] = e
        else:
            self._by_node.setdefault(e.node_name, {})[key] = e
        self._by_pool.setdefault(e.pool_key, {})[key] = e
        self._invalidate(e)

    def _remove(self, key: tuple[Any, ...]) -> None:
        e = self._entries.pop(key)
        if self._by_name.get(e.name) == key:
            del self._by_name[e.name]
        if e.node_name is None:
            self._shared.pop(key, None)
        else:
            bucket = self._by_node.get(e.node_name, {})
            bucket.pop(key, None)
            if not bucket:
                self._by_node.pop(e.node_name, None)
        pool = self._by_pool.get(e.pool_key, {})
        pool.pop(key, None)
        if not pool:
            self._by_pool.pop(e.pool_key, None)
        self._invalidate(e)

    def _invalidate(self, e: _SliceEntry) -> None:
        self.generation += 1
        if e.node_name is None:
            self._drop_all()
            return
        stale = self._views_by_node.pop(e.node_name, set()) | self._views_by_pool.pop(e.pool_key, set())
        for vkey in stale:
            if self._views.pop(vkey, None) is not None:
                self.stats["views_dropped"] += 1

    def _drop_all(self) -> None:
        self.stats["views_dropped"] += len(self._views)
        self._views.clear()
        self._views_by_node.clear()
        self._views_by_pool.clear()
