"""Driver profiles: kubelet scenarios on real nodes with the cluster's real DRA driver.

Why: on a live cluster the harness's nodes are fake (no kubelet), so a @component:kubelet
scenario that binds its pods to "a node n1" waits forever there. A *driver profile* (a YAML
file, ``--driver-profile`` / ``DRAKIT_DRIVER_PROFILE``, docs/live-cluster.md §4) names what
the cluster really has: a driver (``gpu.example.com``), a DeviceClass of it, the real nodes the
run may use and what each node's devices look like. With it, a kubelet scenario's nodes are
those real nodes (no fake node, no fake slice), the scenario's driver and class names that the
profile *stands for* become the real ones, and each device a scenario allocates by hand
("the ResourceClaim ... is allocated and reserved for ...") becomes one of the node's real
devices, in order — the mapping is a bijection per scenario, so driver, pool and device names
map back exactly. What stays the driver's own is the CDI ids it hands a container: with a
profile, steps compare their *structure* (present or not) instead of their text.

A scenario that needs more than the profile offers (more nodes, devices, a device attribute
the profile does not list, another driver, node resources the real node lacks, a pod the
scheduler would have to place) is *unsupported* with that reason, never a failure.

This module has no cluster I/O of its own except ``check_cluster`` (the preflight); the
mapping (``ProfileMap``) is pure and is driven by steps/backends/cluster.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import yaml

from .base import Unsupported

MAX_DEVICES = 1024
"""Devices per node a profile may declare (a bound for the mapping; the example has 8)."""
MAX_NODES = 256

_DNS_SUBDOMAIN = re.compile(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$")
_C_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_QUANTITY = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+|[KMGTPE]i?|[numkMGTPE])?$")
ATTRIBUTE_TYPES = ("int", "string", "bool", "version")
TEST_DRIVERS = ("gpu.example.com", "dra.example.com")
"""The drivers the scenarios run their devices on (the reference kubelet's test drivers); a
result of one the profile does not stand for cannot be a real device."""
KEYS = {"driver", "deviceClass", "standsFor", "nodes", "pool", "devices"}
DEVICE_KEYS = {"count", "names", "attributes", "capacity"}


class ProfileError(ValueError):
    """One line: where in the file, what is wrong, and how to fix it."""


@dataclass(frozen=True)
class Profile:
    source: str
    driver: str
    device_class: str
    nodes: tuple[str, ...]
    stands_for: tuple[str, ...]
    """Scenario driver and DeviceClass names the real driver and class stand for."""
    pool: str = "{node}"
    count: int = 1
    names: str = "device-{index}"
    attributes: Mapping[str, Any] = field(default_factory=dict)
    """Qualified-or-not name -> a type name ("int", ...) or a typed value ({"string": "x"})."""
    capacity: Mapping[str, str] = field(default_factory=dict)

    def pool_of(self, node: str) -> str:
        return self.pool.replace("{node}", node)

    def device_names(self) -> list[str]:
        return [self.names.replace("{index}", str(i)) for i in range(self.count)]

    def has_attribute(self, name: str) -> bool:
        return _short(name, self.driver, self.stands_for) in self.attributes

    def has_capacity(self, name: str) -> bool:
        return _short(name, self.driver, self.stands_for) in self.capacity


def _short(name: str, driver: str, stands_for: tuple[str, ...]) -> str:
    """``gpu.example.com/model`` -> ``model`` when the domain is the driver's (or one it
    stands for): a driver's own attributes may be written either way (resource.k8s.io
    FullyQualifiedName rule)."""
    domain, sep, ident = name.partition("/")
    if sep and (domain == driver or domain in stands_for):
        return ident
    return name


def _fail(source: str, where: str, why: str) -> ProfileError:
    text = f"driver profile {source}: {where + ': ' if where else ''}{why}"
    return ProfileError(" ".join(text.split()))


def _dns(source: str, where: str, v: Any, limit: int) -> str:
    if not isinstance(v, str) or not v:
        raise _fail(source, where, f"must be a non-empty string, got {_show(v)}")
    if len(v) > limit or not _DNS_SUBDOMAIN.match(v):
        raise _fail(source, where, f"{_show(v)} is not a DNS subdomain of at most {limit} "
                    "characters (lower case letters, digits, '-' and '.')")
    return v


def _show(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 60 else text[:57] + "..."


def _attribute(source: str, where: str, v: Any) -> Any:
    if isinstance(v, str):
        if v not in ATTRIBUTE_TYPES:
            raise _fail(source, where, f"{_show(v)} is not a type; write one of "
                        f"{', '.join(ATTRIBUTE_TYPES)} or a typed value like {{string: x}}")
        return v
    if isinstance(v, dict) and len(v) == 1:
        (kind, value), = v.items()
        ok = {"int": lambda x: isinstance(x, int) and not isinstance(x, bool),
              "string": lambda x: isinstance(x, str), "bool": lambda x: isinstance(x, bool),
              "version": lambda x: isinstance(x, str) and bool(x)}.get(kind)
        if ok is None:
            raise _fail(source, where, f"unknown attribute type {_show(kind)}; use one of "
                        f"{', '.join(ATTRIBUTE_TYPES)}")
        if not ok(value):
            raise _fail(source, where, f"{_show(value)} is not a {kind} value")
        return {kind: value}
    raise _fail(source, where, f"write a type ({', '.join(ATTRIBUTE_TYPES)}) or one typed "
                f"value like {{string: x}}, got {_show(v)}")


def _name(source: str, where: str, k: Any) -> str:
    if not isinstance(k, str):
        raise _fail(source, where, f"the name {_show(k)} is not a string")
    domain, sep, ident = k.partition("/")
    if (sep and not (_DNS_SUBDOMAIN.match(domain) and len(domain) <= 63)) or \
            not _C_IDENT.match(ident if sep else k) or len(ident if sep else k) > 32:
        raise _fail(source, where, f"{_show(k)} is not an attribute/capacity name (a C "
                    "identifier of at most 32 characters, optionally DOMAIN/ in front)")
    return k


def parse(text: str, source: str = "<profile>") -> Profile:
    """The profile in ``text``; every problem is a ProfileError of one line."""
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else ""
        raise _fail(source, where, f"not YAML: {getattr(e, 'problem', None) or e}") from None
    except (ValueError, TypeError, RecursionError) as e:  # odd scalars, deep nesting
        raise _fail(source, "", f"not YAML: {e}") from None
    except AttributeError:  # PyYAML's !!timestamp constructor on text that is no timestamp
        raise _fail(source, "", "not YAML: a !!timestamp value that is no timestamp") from None
    if not isinstance(doc, dict):
        raise _fail(source, "", f"must be a mapping with keys {', '.join(sorted(KEYS))}, "
                    f"got {type(doc).__name__}")
    unknown = sorted(str(k) for k in doc if k not in KEYS)
    if unknown:
        raise _fail(source, "", f"unknown key {_show(unknown[0])} (the keys are "
                    f"{', '.join(sorted(KEYS))})")
    for k in ("driver", "deviceClass", "nodes", "devices"):
        if k not in doc:
            raise _fail(source, "", f"{k} is missing (docs/live-cluster.md, 'Driver profiles')")
    driver = _dns(source, "driver", doc["driver"], 63)
    device_class = _dns(source, "deviceClass", doc["deviceClass"], 253)
    nodes = doc["nodes"]
    if not isinstance(nodes, list) or not nodes or len(nodes) > MAX_NODES:
        raise _fail(source, "nodes", f"must be a list of 1 to {MAX_NODES} node names, got "
                    f"{_show(nodes)}")
    for i, n in enumerate(nodes):
        _dns(source, f"nodes[{i}]", n, 253)
    if len(set(nodes)) != len(nodes):
        raise _fail(source, "nodes", "names a node twice")
    stands = doc.get("standsFor", [driver])
    if not isinstance(stands, list) or not stands:
        raise _fail(source, "standsFor", f"must be a non-empty list of driver names, got "
                    f"{_show(stands)}")
    for i, s in enumerate(stands):
        _dns(source, f"standsFor[{i}]", s, 63)
    pool = doc.get("pool", "{node}")
    if not isinstance(pool, str) or not pool or \
            not _DNS_SUBDOMAIN.match(pool.replace("{node}", "n")):
        raise _fail(source, "pool", f"must be a pool name, '{{node}}' standing for the node's "
                    f"name, got {_show(pool)}")
    dev = doc["devices"]
    if not isinstance(dev, dict):
        raise _fail(source, "devices", f"must be a mapping with keys "
                    f"{', '.join(sorted(DEVICE_KEYS))}, got {_show(dev)}")
    unknown = sorted(str(k) for k in dev if k not in DEVICE_KEYS)
    if unknown:
        raise _fail(source, "devices", f"unknown key {_show(unknown[0])} (the keys are "
                    f"{', '.join(sorted(DEVICE_KEYS))})")
    count = dev.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= MAX_DEVICES:
        raise _fail(source, "devices.count", f"must be a whole number from 1 to {MAX_DEVICES}, "
                    f"got {_show(count)}")
    names = dev.get("names")
    if not isinstance(names, str) or "{index}" not in names or \
            not _DNS_SUBDOMAIN.match(names.replace("{index}", "0")) or len(names) > 60:
        raise _fail(source, "devices.names", "must be a device name with '{index}' standing "
                    f"for 0..count-1 (e.g. gpu-{{index}}), got {_show(names)}")
    attrs = dev.get("attributes") or {}
    if not isinstance(attrs, dict):
        raise _fail(source, "devices.attributes", f"must be a mapping, got {_show(attrs)}")
    attributes = {_short(_name(source, "devices.attributes", k), driver, tuple(stands)):
                  _attribute(source, f"devices.attributes.{k}", v) for k, v in attrs.items()}
    caps = dev.get("capacity") or {}
    if not isinstance(caps, dict):
        raise _fail(source, "devices.capacity", f"must be a mapping, got {_show(caps)}")
    capacity = {}
    for k, v in caps.items():
        name = _short(_name(source, "devices.capacity", k), driver, tuple(stands))
        q = str(v) if isinstance(v, (int, str)) and not isinstance(v, bool) else None
        if q is None or not _QUANTITY.match(q):
            raise _fail(source, f"devices.capacity.{k}", f"{_show(v)} is not a quantity "
                        "(e.g. 80Gi or 100)")
        capacity[name] = q
    return Profile(source=source, driver=driver, device_class=device_class,
                   nodes=tuple(nodes), stands_for=tuple(stands), pool=pool, count=count,
                   names=names, attributes=attributes, capacity=capacity)


def load(path: str) -> Profile:
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read(1 << 20)
    except OSError as e:
        raise _fail(path, "", f"cannot read it ({e.strerror or e}) — pass an existing file "
                    "with --driver-profile or DRAKIT_DRIVER_PROFILE") from None
    except UnicodeDecodeError:
        raise _fail(path, "", "is not UTF-8 text") from None
    return parse(text, path)


# ---------------------------------------------------------------------------- preflight

def _typed(value: Mapping[str, Any]) -> tuple[str, Any] | None:
    for k in ATTRIBUTE_TYPES:
        if k in value:
            return k, value[k]
    return None


def check_cluster(p: Profile, get: Callable[[str], Any], slices: list[dict]) -> dict:
    """The preflight's check of the profile against the cluster: the DeviceClass exists, each
    node exists and the driver publishes every declared device in the node's pool, with the
    declared attributes and capacity. ``get(kind, name)`` returns the object or None (404).
    Raises ProfileError naming the first thing missing; returns the description recorded in
    the report."""
    if get("DeviceClass", p.device_class) is None:
        raise _fail(p.source, "", f"the cluster has no DeviceClass {p.device_class} — install "
                    f"the driver (it ships its class) or name the class it has in deviceClass")
    for node in p.nodes:
        if get("Node", node) is None:
            raise _fail(p.source, "", f"the cluster has no node {node} — list the nodes the "
                        f"driver runs on (kubectl get resourceslices -o wide)")
        pool = p.pool_of(node)
        devices: dict[str, dict] = {}
        for s in slices:
            spec = s.get("spec") or {}
            if spec.get("driver") == p.driver and spec.get("nodeName") == node and \
                    (spec.get("pool") or {}).get("name") == pool:
                for d in spec.get("devices") or ():
                    if isinstance(d, dict) and isinstance(d.get("name"), str):
                        devices[d["name"]] = d
        if not devices:
            raise _fail(p.source, "", f"node {node} has no ResourceSlice of driver {p.driver} "
                        f"in pool {pool} — is the driver's kubelet plugin running there?")
        missing = [n for n in p.device_names() if n not in devices]
        if missing:
            raise _fail(p.source, "", f"the driver {p.driver} publishes no device "
                        f"{', '.join(missing[:4])}{' …' if len(missing) > 4 else ''} on node "
                        f"{node} (it has {', '.join(sorted(devices)[:4])}"
                        f"{' …' if len(devices) > 4 else ''}) — fix devices.count/names")
        for n in p.device_names():
            d = devices[n]
            have = {_short(k, p.driver, p.stands_for): v
                    for k, v in (d.get("attributes") or {}).items()}
            for a, want in p.attributes.items():
                got = _typed(have.get(a) or {})
                if got is None or (isinstance(want, str) and got[0] != want) or \
                        (isinstance(want, dict) and got != _typed(want)):
                    raise _fail(p.source, f"devices.attributes.{a}", f"device {n} on node "
                                f"{node} has {_show(have.get(a))}, the profile says "
                                f"{_show(want)}")
            caps = {_short(k, p.driver, p.stands_for) for k in d.get("capacity") or {}}
            for c in p.capacity:
                if c not in caps:
                    raise _fail(p.source, f"devices.capacity.{c}", f"device {n} on node "
                                f"{node} has no capacity {c}")
    return {"file": p.source, "driver": p.driver, "deviceClass": p.device_class,
            "nodes": list(p.nodes), "devices_per_node": p.count,
            "stands_for": list(p.stands_for)}


# ---------------------------------------------------------------------------- per scenario

_CEL_NEEDS = re.compile(r'device\.(attributes|capacity)\s*\[\s*["\']([^"\']+)["\']\s*\]\s*'
                        r'\.\s*([A-Za-z_]\w*)')
_EXTENDED_OK = ("cpu", "memory", "pods", "ephemeral-storage")


class ProfileMap:
    """One kubelet scenario's names on the profile's real nodes and devices (a bijection)."""

    def __init__(self, profile: Profile) -> None:
        self.p = profile
        self.nodes: dict[str, str] = {}
        """scenario node -> real node, in the order the scenario named them."""
        self.devices: dict[tuple[str, str, str], str] = {}
        """(scenario driver, scenario pool, scenario device) -> real device."""
        self.back: dict[tuple[str, str], tuple[str, str, str]] = {}
        """(real pool, real device) -> (scenario driver, scenario pool, scenario device)."""

    # -- nodes -------------------------------------------------------------------
    def add_node(self, name: str, allocatable: Mapping[str, str] | None,
                 labels: Mapping[str, str] | None, real_node: Callable[[str], dict]) -> str:
        if name in self.nodes:
            return self.nodes[name]
        free = [n for n in self.p.nodes if n not in self.nodes.values()]
        if not free:
            raise Unsupported(f"needs more real nodes: the scenario uses {len(self.nodes) + 1} "
                              f"nodes, the driver profile names {len(self.p.nodes)}")
        real = free[0]
        if labels:
            raise Unsupported(f"needs node labels {sorted(labels)}: with a driver profile the "
                              f"scenario's node {name} is the real node {real}, which the "
                              "harness does not change")
        have = ((real_node(real).get("status") or {}).get("allocatable") or {})
        lacking = sorted(k for k in (allocatable or {}) if k not in _EXTENDED_OK
                         and not k.startswith("hugepages-") and k not in have)
        if lacking:
            raise Unsupported(f"needs node resources {', '.join(lacking)}: the real node "
                              f"{real} of the driver profile does not offer them (a device "
                              "plugin would)")
        self.nodes[name] = real
        return real

    def real_node(self, name: str) -> str | None:
        return self.nodes.get(name)

    def scenario_node(self, real: str) -> str | None:
        for k, v in self.nodes.items():
            if v == real:
                return k
        return None

    def is_real_node(self, name: str) -> bool:
        return name in self.nodes.values()

    # -- drivers and classes -------------------------------------------------------
    def stands_for(self, name: Any) -> bool:
        return isinstance(name, str) and name in self.p.stands_for

    def device_class(self, name: Any) -> Any:
        return self.p.device_class if self.stands_for(name) else name

    def check_requests(self, spec: Any) -> None:
        """What a claim asks of the profile's devices: counts and attributes/capacity that
        its selectors read from a driver the profile stands for."""
        devices = spec.get("devices") if isinstance(spec, dict) else None
        if not isinstance(devices, dict):
            return
        for req in devices.get("requests") or ():
            if not isinstance(req, dict):
                continue
            for holder in [req, req.get("exactly")] + list(req.get("firstAvailable") or ()):
                if not isinstance(holder, dict):
                    continue
                count = holder.get("count")
                if self.stands_for(holder.get("deviceClassName")) and \
                        isinstance(count, int) and count > self.p.count:
                    raise Unsupported(f"needs {count} devices in one request; the driver "
                                      f"profile offers {self.p.count} per node")
                for sel in holder.get("selectors") or ():
                    expr = ((sel or {}).get("cel") or {}).get("expression") \
                        if isinstance(sel, dict) else None
                    for kind, domain, ident in _CEL_NEEDS.findall(str(expr or "")):
                        if domain not in self.p.stands_for and domain != self.p.driver:
                            continue
                        ok = self.p.has_attribute(ident) if kind == "attributes" \
                            else self.p.has_capacity(ident)
                        if not ok:
                            raise Unsupported(
                                f"needs device {kind[:-1] if kind == 'attributes' else kind} "
                                f"{domain}/{ident}, which the driver profile's devices do not "
                                f"list ({self.p.source})")

    # -- allocation results ---------------------------------------------------------
    def handles(self, r: Any) -> bool:
        return isinstance(r, dict) and (self.stands_for(r.get("driver")) or
                                        (isinstance(r.get("pool"), str) and
                                         r["pool"] in self.nodes))

    def result(self, r: dict) -> dict:
        """A result the scenario writes (driver, pool, device) -> the real device. Another
        driver on a real node's pool stays as written (the real kubelet then says whether
        it has that driver), except the scenarios' test drivers: those are unsupported."""
        driver, pool, device = r.get("driver"), r.get("pool"), r.get("device")
        real_node = self.nodes.get(pool) if isinstance(pool, str) else None
        if not self.stands_for(driver):
            if driver in TEST_DRIVERS:
                raise Unsupported(f"needs devices of driver {driver}: the driver profile's "
                                  f"{self.p.driver} stands for "
                                  f"{', '.join(self.p.stands_for)} only ({self.p.source})")
            return {**r, "pool": self.p.pool_of(real_node)} if real_node else r
        if real_node is None:
            raise Unsupported(f"needs pool {pool!r} of driver {driver}: with a driver profile "
                              f"pools are the real nodes' (the scenario's nodes are "
                              f"{sorted(self.nodes)})")
        key = (driver, pool, str(device))
        if key not in self.devices:
            used = {v for (_, p_, _), v in self.devices.items() if p_ == pool}
            free = [n for n in self.p.device_names() if n not in used]
            if not free:
                raise Unsupported(f"needs more than {self.p.count} devices on node {pool}: "
                                  f"the driver profile offers {self.p.count} "
                                  f"({self.p.source})")
            self.devices[key] = free[0]
            self.back[(self.p.pool_of(real_node), free[0])] = key
        out = dict(r)
        out.update(driver=self.p.driver, pool=self.p.pool_of(real_node),
                   device=self.devices[key])
        return out

    def incoming(self, value: dict) -> dict:
        """A real result coming back (allocation result or PodResources ClaimResource)."""
        for d, p, n in (("driver", "pool", "device"), ("driverName", "poolName", "deviceName")):
            if value.get(d) == self.p.driver and (value.get(p), value.get(n)) in self.back:
                drv, pool, dev = self.back[(value[p], value[n])]
                value = dict(value)
                value[d], value[p], value[n] = drv, pool, dev
                return value
        return value

    def node_names_back(self, s: str) -> str:
        for scen, real in self.nodes.items():
            if real in s:
                s = re.sub(r"(?<![\w.-])" + re.escape(real) + r"(?![\w-])", scen, s)
        return s


# ---------------------------------------------------------------------------- comparisons

CDI_PRESENT = "<CDI ids present>"


def structure(value: Any) -> Any:
    """The part of a PodResources answer that does not depend on the driver's naming: every
    non-empty ``cdiDevices`` list becomes one marker (how many CDI ids a driver hands out per
    device, and their names, are the driver's: the example driver adds a ``common`` one)."""
    if isinstance(value, dict):
        out = {k: structure(v) for k, v in value.items()}
        cdi = value.get("cdiDevices")
        if isinstance(cdi, list) and cdi:
            out["cdiDevices"] = [{"name": CDI_PRESENT}]
        return out
    if isinstance(value, list):
        return [structure(v) for v in value]
    return value
