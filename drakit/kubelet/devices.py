"""A device-plugin device manager, so PodResources shows plugin devices next to DRA devices.

Why it exists: KEP-3695 promises that DRA data is *added* to what PodResources already
reports; the scenarios check that device-plugin devices stay visible when
KubeletPodResourcesDynamicResources is off, and that GetAllocatableResources lists plugin
devices only. A node serves an extended resource by device plugin when its
``status.allocatable`` has a non-zero count for it (the same rule the scheduler uses to tell
a device-plugin node from a DRA one, KEP-5004 "Scheduling"); the plugin's devices are named
``<resource short name>-<i>``. Assignments are checkpointed (upstream
``kubelet_internal_checkpoint``) so a kubelet restart reports the same device ids.

A checkpoint that cannot be trusted (unreadable, cut short, a checksum or shape that does not
fit) does not stop the kubelet, unlike the DRA manager's: upstream's device manager logs
"Continue after failing to read checkpoint file. Device allocation info may NOT be
up-to-date" and starts with no assignments (k/k pkg/kubelet/cm/devicemanager/manager.go
Start). The containers already running keep their devices on the node but are no longer
reported, and the next allocation overwrites the file. ``restore_error`` keeps the reason.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from drakit.api.names import is_extended_resource_name
from drakit.kubelet.checkpoint import (
    CorruptCheckpointError,
    check_shape,
    checkpointed_list,
    read_checkpoint,
    write_checkpoint,
)

CHECKPOINT_FILE = "kubelet_internal_checkpoint"
CHECKPOINT_KIND = "DevicePluginCheckpoint"
CHECKPOINT_SHAPE = {"podDeviceEntries?": [{"podUID": str, "containerName": str,
                                           "resourceName": str, "deviceIDs?": [str]}]}


class DeviceAllocationError(RuntimeError):
    """Not enough free plugin devices (upstream UnexpectedAdmissionError)."""


def is_device_plugin_resource(name: str) -> bool:
    """Whether a device plugin can serve ``name``: the device manager registers a plugin only
    for an extended resource name (k/k pkg/kubelet/cm/devicemanager/plugin/v1beta1/server.go
    Register, v1helper.IsExtendedResourceName)."""
    return is_extended_resource_name(name)


def _count(value: Any) -> int:
    from drakit.api.quantity import QuantityError, parse_quantity
    try:
        return parse_quantity(str(value)).value()
    except (QuantityError, ValueError):
        return 0


class DevicePluginManager:
    """Device ids per (pod, container, resource) for one node."""

    def __init__(self, state_dir: str | Path) -> None:
        self.checkpoint_path = Path(state_dir) / CHECKPOINT_FILE
        self.lock = threading.RLock()
        self.assigned: dict[tuple[str, str, str], list[str]] = {}
        """(pod uid, container name, resource) -> device ids."""
        self.restore_error: str | None = None
        """Why the checkpoint was not restored (None: it was, or there was none)."""
        try:
            data = read_checkpoint(self.checkpoint_path, CHECKPOINT_KIND)
            problem = check_shape(data, CHECKPOINT_SHAPE) if data is not None else None
            if problem:
                raise CorruptCheckpointError(self.checkpoint_path, problem)
        except CorruptCheckpointError as e:
            self.restore_error = str(e)
            data = None
        for e in (data or {}).get("podDeviceEntries") or []:
            self.assigned[(e["podUID"], e["containerName"], e["resourceName"])] = \
                list(e.get("deviceIDs") or [])

    @staticmethod
    def plugin_devices(allocatable: Mapping[str, Any]) -> dict[str, list[str]]:
        """resource -> device ids the node's plugins advertise."""
        out: dict[str, list[str]] = {}
        for name in sorted(allocatable):
            if is_device_plugin_resource(name):
                n = _count(allocatable[name])
                if n > 0:
                    short = name.split("/", 1)[1]
                    out[name] = [f"{short}-{i}" for i in range(n)]
        return out

    def _entries(self) -> list[dict]:
        with self.lock:
            return [{"podUID": p, "containerName": c, "resourceName": r, "deviceIDs": ids}
                    for (p, c, r), ids in sorted(self.assigned.items())]

    def _sync(self) -> None:
        write_checkpoint(self.checkpoint_path, CHECKPOINT_KIND, {"podDeviceEntries": self._entries()})

    def against_checkpoint(self) -> tuple[list[dict], list[dict]] | None:
        """(assigned now, what the checkpoint on disk holds), for the kubelet's cache
        comparer; None when the file cannot be used (a scenario edited it by hand)."""
        stored = checkpointed_list(self.checkpoint_path, CHECKPOINT_KIND, CHECKPOINT_SHAPE,
                                   "podDeviceEntries")
        return None if stored is None else (self._entries(), stored)

    def allocate(self, pod: Mapping[str, Any], allocatable: Mapping[str, Any]) -> None:
        """Assign plugin devices to every container that asks (devicemanager Allocate)."""
        uid = (pod.get("metadata") or {}).get("uid", "")
        spec = pod.get("spec") or {}
        plugin = self.plugin_devices(allocatable)
        if not plugin:
            return
        with self.lock:
            if any(k[0] == uid for k in self.assigned):
                return  # already allocated (e.g. restored from the checkpoint)
            used = {d for (_p, _c, r), ids in self.assigned.items() for d in ids}
            reusable: dict[str, list[str]] = {}
            new: dict[tuple[str, str, str], list[str]] = {}
            inits = spec.get("initContainers") or []
            for c in inits + (spec.get("containers") or []):
                plain_init = c in inits and c.get("restartPolicy") != "Always"
                reqs = {**((c.get("resources") or {}).get("limits") or {}),
                        **((c.get("resources") or {}).get("requests") or {})}
                for res in sorted(reqs):
                    if res not in plugin:
                        continue
                    want = _count(reqs[res])
                    if want <= 0:
                        continue
                    pool = reusable.get(res, [])
                    take = pool[:want]
                    free = [d for d in plugin[res] if d not in used and d not in take
                            and d not in {x for ids in new.values() for x in ids}]
                    take += free[: want - len(take)]
                    if len(take) < want:
                        raise DeviceAllocationError(
                            f"Allocate failed due to requested number of devices unavailable "
                            f"for {res}. Requested: {want}, Available: {len(take)}, which is "
                            "unexpected")
                    new[(uid, c.get("name", ""), res)] = take
                    if plain_init:
                        reusable[res] = take
                    else:
                        reusable[res] = [d for d in pool if d not in take]
            if not new:
                return
            self.assigned.update(new)
            self._sync()

    def devices(self, pod_uid: str, container: str) -> list[tuple[str, list[str]]]:
        with self.lock:
            return sorted((r, list(ids)) for (p, c, r), ids in self.assigned.items()
                          if p == pod_uid and c == container)

    def release(self, pod_uid: str) -> bool:
        with self.lock:
            keys = [k for k in self.assigned if k[0] == pod_uid]
            for k in keys:
                del self.assigned[k]
            if keys:
                self._sync()
            return bool(keys)

    def pods(self) -> set[str]:
        """UIDs of the pods holding plugin devices (to release those of vanished pods)."""
        with self.lock:
            return {k[0] for k in self.assigned}
