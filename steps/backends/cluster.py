"""ClusterBackend: the steps' Backend over any Kubernetes API server (kubeconfig).

Why raw JSON through the official client's REST layer rather than its typed models: the
suite exercises fields newer than any client release (and fields that never shipped,
such as KEP-5234 mixins); a generated model would silently drop them. Objects therefore
travel as dicts, exactly as on the reference backend, and API errors arrive as the
server's own Status.

Why the name mapping: a live cluster is shared. Every scenario gets its own namespace,
and cluster-scoped objects (DeviceClass, ResourceSlice, Node, Namespace) get a per-
scenario prefix and the harness labels. Steps never see any of this: names are prefixed
on the way out (including references to them: deviceClassName, runtimeClassName, nodeName, hostname
selectors, ``deviceclass.resource.kubernetes.io/<class>`` resource names, priorityClassName
but for the ``system-`` classes) and the prefix,
the scenario namespace and the harness's labels and toleration are removed from
everything that comes back, error messages included. Observations therefore compare
one to one with the reference.

Why polling: a live control plane has no "settled" moment. ``settle()`` waits until the
cluster's resourceVersion stops moving for a quiet period; ``wait_for`` polls a predicate
with a per-step timeout and prints the last observed state when it runs out.
"""

from __future__ import annotations

import atexit
import copy
import hashlib
import json
import math
import os
import re
import threading
import time
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlencode

from . import driver_profile as dp
from . import isolation as iso
from .base import MAX_WAIT_SECONDS, ApiError, EnvironmentFailure, Unsupported
from .warning_headers import warnings_of

REFERENCE_INTERNALS = ("needs the reference's internals: the scenario checks drakit's own self-check "
                       "(its components' failure records and cache comparers) or stores data "
                       "past validation; a live cluster's components expose neither through "
                       "the API")
HARNESS_LABEL = "drakit.io/harness"
SCENARIO_LABEL = "drakit.io/scenario"
FAKE_NODE_TAINT = {"key": "drakit.io/fake-node", "value": "true", "effect": "NoSchedule"}
FAKE_NODE_TOLERATION = {"key": "drakit.io/fake-node", "operator": "Equal", "value": "true",
                        "effect": "NoSchedule"}
EXTENDED_CLASS_PREFIX = "deviceclass.resource.kubernetes.io/"
HOSTNAME_LABEL = "kubernetes.io/hostname"
#: a fake node stands for a node a kubelet registered: the os and arch labels a linux/amd64
#: kubelet sets (kubelet_node_status.go initialNode), as the reference's nodes carry them
PLATFORM_LABELS = {"kubernetes.io/os": "linux", "kubernetes.io/arch": "amd64",
                   "beta.kubernetes.io/os": "linux", "beta.kubernetes.io/arch": "amd64"}
SYSTEM_PRIORITY_CLASS_PREFIX = "system-"
"""PriorityClass names with this prefix are the cluster's own (system-node-critical,
system-cluster-critical) or refused as reserved: they travel unmapped."""
TEST_DRIVERS_ANNOTATION = "drakit.io/test-drivers"
BOUND_BY_THE_SCENARIO = "bound-by-the-scenario"
"""The spec.schedulerName of a pod the scenario binds itself (pods/binding) once it wrote what
a scheduler writes first; no scheduler runs under that name."""
"""On ``drakit serve`` only: the in-process test drivers a node runs, under the scenario's
driver names (the reference kubelet runs the example drivers under their plain names)."""

# resource names that embed a DeviceClass name (pod requests, quota keys; KEP-5004)
_CLASS_RESOURCE = re.compile(r"^((?:requests\.|limits\.)?)deviceclass\.resource\.kubernetes\.io/(.+)$")
_CLASS_QUOTA = re.compile(r"^(.+)(\.deviceclass\.resource\.k8s\.io/devices)$")
_DNS_SUBDOMAIN = re.compile(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$")
_TRANSIENT = (429, 500, 502, 503, 504)
# 500s that are kube-apiserver's answer to the request, not a failing server: the etcd3
# store's plain error for a create naming a resourceVersion (ErrResourceVersionSetOnCreate,
# which ErrorToAPIStatus answers as 500 with no reason); never retried
_API_ANSWER_500S = frozenset({"resourceVersion should not be set on objects to be created"})

# Server-side dry-run probes: gate -> (object, field path kept only while the gate is on).
_PROBES: dict[str, tuple[dict, tuple[str, ...]]] = {
    "DRAExtendedResource": (
        {"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
         "metadata": {"name": "drakit-probe-extended-resource"},
         "spec": {"extendedResourceName": "example.com/drakit-probe"}},
        ("spec", "extendedResourceName")),
}


class OptionError(ValueError):
    """A DRAKIT_* setting that cannot be used; one line, for the run to stop with."""


MAX_ENV_SECONDS = MAX_WAIT_SECONDS
"""The largest number of seconds a DRAKIT_* wait setting may name (steps/backends/base.py)."""


def _env_seconds(name: str, default: float | None) -> float | None:
    """``name`` from the environment as a number of seconds (0 to a day), or ``default`` when
    unset or empty."""
    raw = os.environ.get(name)
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not (0 <= value <= MAX_ENV_SECONDS):
        raise OptionError(f"{name}={raw!r}: write a number of seconds between 0 and "
                          f"{MAX_ENV_SECONDS:g}")
    return value


@dataclass
class Options:
    """Knobs of the live-cluster backend (pytest options or DRAKIT_* environment)."""

    kubeconfig: str | None = None
    context: str | None = None
    wait_timeout: float = 60.0
    """Seconds a waiting step polls before it fails (real clusters are slow)."""
    settle_quiet: float | None = None
    """Seconds without a resourceVersion change that count as settled (None: auto)."""
    settle_timeout: float = 30.0
    poll: float = 0.25
    retries: int = 5
    node_agent: str | None = None
    """URL of a node agent for kubelet/PodResources steps; None means no node access."""
    cleanup_timeout: float = 60.0
    sweep_age: float = 900.0
    """Harness-labelled objects older than this (seconds) are an interrupted run's leftovers."""
    driver_profile: str | None = None
    """A driver profile file: kubelet scenarios on its real nodes (steps/backends/driver_profile.py)."""
    policy_delay: float = 3.0
    """Seconds to wait after writing a ValidatingAdmissionPolicy or its binding: kube-apiserver
    evaluates the policies its informer has seen, so a write is in force only after the watch
    event reached every API server (usually well below a second). No write the harness could
    probe with is known to match an arbitrary scenario policy (its rules, conditions and
    selectors are the scenario's), so the wait is a bound, not a probe."""
    max_clock_step: float | None = None
    """The longest clock move ("N seconds pass") the harness waits out in wall time; a
    scenario that moves the clock further is unsupported. None: the wait timeout. The served
    runs of `tox` set 2 s (scripts/run_served.py) so that the suite's time budget holds (docs/serve.md)."""

    @classmethod
    def from_env(cls, **kw: Any) -> Options:
        """Defaults, then DRAKIT_* environment, then explicit (command-line) values."""
        env = os.environ.get
        o = cls()
        o.wait_timeout = _env_seconds("DRAKIT_WAIT_TIMEOUT", o.wait_timeout)
        if env("DRAKIT_SETTLE_QUIET"):
            o.settle_quiet = _env_seconds("DRAKIT_SETTLE_QUIET", None)
        if env("DRAKIT_NODE_AGENT"):
            o.node_agent = env("DRAKIT_NODE_AGENT")
        if env("DRAKIT_DRIVER_PROFILE"):
            o.driver_profile = env("DRAKIT_DRIVER_PROFILE")
        o.policy_delay = _env_seconds("DRAKIT_POLICY_DELAY", o.policy_delay)
        o.max_clock_step = _env_seconds("DRAKIT_MAX_CLOCK_STEP", None)
        for k, v in kw.items():
            if v is not None:
                setattr(o, k, v)
        return o


@dataclass
class Resource:
    kind: str
    group: str
    version: str
    plural: str
    namespaced: bool
    short_names: tuple[str, ...] = ()
    verbs: tuple[str, ...] = ()
    subresources: set[str] = field(default_factory=set)

    @property
    def api_version(self) -> str:
        return f"{self.group}/{self.version}" if self.group else self.version

    def path(self, namespace: str | None = None, name: str | None = None,
             subresource: str | None = None) -> str:
        base = f"/apis/{self.group}/{self.version}" if self.group else "/api/v1"
        if self.namespaced and namespace:
            base += f"/namespaces/{quote(namespace, safe='')}"
        base += f"/{self.plural}"
        if name is not None:
            base += f"/{quote(name, safe='')}"
        if subresource:
            base += f"/{subresource}"
        return base


# ---------------------------------------------------------------------------- session

class Session:
    """One connection to one cluster for the whole pytest session: client, discovery,
    capabilities, the sweep of leftovers, and the scenarios still to clean up."""

    _sessions: dict[tuple[str | None, str | None], Session] = {}
    _lock = threading.Lock()

    @classmethod
    def get(cls, opts: Options) -> Session:
        key = (opts.kubeconfig, opts.context)
        with cls._lock:
            s = cls._sessions.get(key)
            if s is None:
                s = cls._sessions[key] = Session(opts)
            return s

    def __init__(self, opts: Options) -> None:
        self.opts = opts
        self.client = self._client()
        self.host = self.client.configuration.host.rstrip("/")
        self.active: dict[str, ScenarioState] = {}
        self.version_doc = self.request("GET", "/version")
        self.minor = f"{self.version_doc.get('major')}.{str(self.version_doc.get('minor', '')).rstrip('+')}"
        self.is_drakit = str(self.version_doc.get("gitVersion", "")).endswith("-drakit")
        self.resources: dict[str, Resource] = {}
        self._discover()
        self.gates, self.gates_source = self._read_gates()
        self.foreign_nodes = self._has_foreign_nodes()
        self.probed: dict[str, bool | None] = {}
        self.sweep()
        atexit.register(self.cleanup_all)

    # -- plumbing ------------------------------------------------------------------
    def _client(self):
        try:
            from kubernetes import client, config
        except ImportError as e:  # pragma: no cover - a declared dependency
            raise EnvironmentFailure(f"the kubernetes client is not installed: {e}") from None
        try:
            if self.opts.kubeconfig or not os.environ.get("KUBERNETES_SERVICE_HOST"):
                return config.new_client_from_config(config_file=self.opts.kubeconfig,
                                                     context=self.opts.context)
            config.load_incluster_config()
            return client.ApiClient()
        except Exception as e:  # noqa: BLE001 - any config problem is an environment error
            raise EnvironmentFailure(f"cannot load the kubeconfig "
                                     f"{self.opts.kubeconfig or '(default)'}: {e}") from None

    def request(self, method: str, path: str, query: Mapping[str, Any] | None = None,
                body: Any = None, content_type: str = "application/json",
                raw: bool = False, retry: bool = True,
                warnings: list[str] | None = None) -> Any:
        """One API call with retries of transient failures; raises ApiError on a Status.
        ``warnings``, when given, receives the texts of the answer's Warning headers."""
        url = self.host + path
        q = {k: v for k, v in (query or {}).items() if v is not None}
        if method in ("POST", "PUT", "PATCH") and "fieldValidation" not in q:
            # what kubectl sends: unknown/duplicate fields are a 400, as on the reference
            # (kube-apiserver's own default without the parameter is Warn)
            q["fieldValidation"] = "Strict"
        if q:
            url += "?" + urlencode(q)
        headers = {"Accept": "application/json" if not raw else "*/*",
                   "Content-Type": content_type}
        headers.update(self._auth_headers())
        attempts = self.opts.retries if retry else 1
        delay = 0.2
        last: str = ""
        for attempt in range(attempts):
            try:
                resp = self.client.rest_client.request(
                    method, url, headers=headers,
                    body=body,
                    _request_timeout=(10, 60))
                data = resp.read()
            except Exception as e:  # noqa: BLE001 - urllib3 errors, resets, timeouts
                last = f"{type(e).__name__}: {e}"
                if attempt + 1 < attempts:
                    time.sleep(delay)
                    delay *= 2
                    continue
                raise EnvironmentFailure(f"{method} {path}: the cluster could not be reached "
                                         f"after {attempts} attempts: {last}") from None
            status = resp.status
            if warnings is not None and status not in _TRANSIENT:  # the answer, not a retry
                warnings += warnings_of(getattr(resp, "headers", None) or {})
            if 200 <= status < 300:
                if raw:
                    return data.decode() if isinstance(data, bytes) else data
                return json.loads(data) if data else {}
            try:
                st = json.loads(data)
            except ValueError:
                st = {"code": status, "reason": resp.reason or "",
                      "message": (data or b"").decode(errors="replace")[:500]}
            answer = status == 500 and isinstance(st, dict) and st.get("message") in _API_ANSWER_500S
            if status in _TRANSIENT and not answer and attempt + 1 < attempts:
                last = f"HTTP {status}: {st.get('message', '')}"
                retry_after = resp.getheader("Retry-After") if hasattr(resp, "getheader") else None
                time.sleep(float(retry_after) if retry_after and retry_after.isdigit() else delay)
                delay *= 2
                continue
            if status in _TRANSIENT and not answer:
                raise EnvironmentFailure(f"{method} {path}: HTTP {status} after {attempts} "
                                         f"attempts: {st.get('message', '')}")
            if not isinstance(st, dict) or st.get("kind") != "Status":
                st = {"code": status, "reason": resp.reason or "", "message": str(st)[:500]}
            st.setdefault("code", status)
            raise ApiError.from_status(st)
        raise EnvironmentFailure(f"{method} {path}: {last}")  # pragma: no cover

    #: how long the bearer headers are reused: the client's auth_settings() runs the
    #: kubeconfig loader's refresh hook, which re-applies the whole kubeconfig (and re-reads
    #: the proxy environment) on every call; that was a third of the harness's CPU per
    #: request. A token is refreshed 5 minutes before its expiry (the client's
    #: EXPIRY_SKEW_PREVENTION_DELAY), so reusing the header for seconds loses nothing
    AUTH_REUSE_SECONDS = 5.0

    def _auth_headers(self) -> dict[str, str]:
        now = time.monotonic()
        cached = getattr(self, "_auth_cache", None)
        if cached is not None and now - cached[0] < self.AUTH_REUSE_SECONDS:
            return cached[1]
        out = self._read_auth_headers()
        self._auth_cache = (now, out)
        return out

    def _read_auth_headers(self) -> dict[str, str]:
        cfg = self.client.configuration
        out: dict[str, str] = {}
        try:
            auth = cfg.auth_settings()
        except Exception:  # noqa: BLE001 - older/newer client layouts
            auth = {}
        for setting in auth.values():
            if setting.get("in") == "header" and setting.get("value"):
                out[setting["key"]] = setting["value"]
        return out

    # -- discovery and capabilities -------------------------------------------------
    def _discover(self) -> None:
        gvs = ["v1"]
        for g in self.request("GET", "/apis").get("groups", []):
            pref = (g.get("preferredVersion") or {}).get("groupVersion")
            for v in g.get("versions", []):
                gv = v["groupVersion"]
                if gv == pref:
                    gvs.insert(1, gv)
                else:
                    gvs.append(gv)
        for gv in gvs:
            path = "/api/v1" if gv == "v1" else f"/apis/{gv}"
            try:
                doc = self.request("GET", path)
            except ApiError:
                continue
            group, _, version = gv.rpartition("/")
            for r in doc.get("resources", []):
                name = r["name"]
                if "/" in name:
                    base, sub = name.split("/", 1)
                    for res in self.resources.values():
                        if res.plural == base and res.group == group and res.version == version:
                            res.subresources.add(sub)
                    continue
                if r["kind"] in self.resources:  # preferred version first
                    continue
                self.resources[r["kind"]] = Resource(
                    r["kind"], group, version, name, bool(r.get("namespaced")),
                    tuple(r.get("shortNames") or ()), tuple(r.get("verbs") or ()))
        # register the other served versions of multi-version kinds under apiVersion keys
        self.served_api_versions = set(gvs)

    def resource(self, kind: str, api_version: str | None = None) -> Resource:
        low = kind.lower()
        res = self.resources.get(kind) or next(
            (r for r in self.resources.values()
             if low in (r.kind.lower(), r.plural, *r.short_names)), None)
        if res is None or (api_version and api_version not in self.served_api_versions):
            group, _, version = (api_version or "").rpartition("/")
            raise ApiError(404, "NotFound",
                           f'no matches for kind "{kind}" in version "{api_version}"'
                           if api_version else f'the server doesn\'t have a resource type '
                                                f'"{kind}"',
                           status={"details": {"group": group, "kind": kind,
                                               "version": version}})
        if api_version and api_version != res.api_version:
            group, _, version = api_version.rpartition("/")
            res = Resource(res.kind, group, version, res.plural, res.namespaced,
                           res.short_names, res.verbs, res.subresources)
        return res

    def _read_gates(self) -> tuple[dict[str, bool], str]:
        try:
            text = self.request("GET", "/metrics", raw=True, retry=False)
        except (ApiError, EnvironmentFailure):
            return {}, "unknown (/metrics not readable)"
        gates: dict[str, bool] = {}
        for m in re.finditer(r'kubernetes_feature_enabled\{([^}]*)\}\s+([0-9.]+)', text):
            labels = dict(re.findall(r'(\w+)="([^"]*)"', m.group(1)))
            if "name" in labels:
                gates[labels["name"]] = float(m.group(2)) == 1.0
        return gates, "kube-apiserver /metrics (kubernetes_feature_enabled)" if gates else \
            "unknown (no kubernetes_feature_enabled metric)"

    def gate(self, name: str) -> bool | None:
        """Whether the API server runs with gate ``name`` on; None when unknown."""
        if name in self.gates:
            return self.gates[name]
        if name not in self.probed:
            self.probed[name] = self._probe(name)
        return self.probed[name]

    def _probe(self, name: str) -> bool | None:
        probe = _PROBES.get(name)
        if probe is None:
            return None
        obj, path = probe
        try:
            res = self.resource(obj["kind"], obj["apiVersion"])
            out = self.request("POST", res.path(), {"dryRun": "All"}, obj)
        except (ApiError, EnvironmentFailure):
            return None
        cur: Any = out
        for p in path:
            cur = cur.get(p) if isinstance(cur, dict) else None
        return cur is not None

    def _has_foreign_nodes(self) -> bool:
        try:
            nodes = self.request("GET", "/api/v1/nodes",
                                 {"labelSelector": f"!{HARNESS_LABEL}", "limit": 1})
        except (ApiError, EnvironmentFailure):
            return True
        return bool(nodes.get("items"))

    def capabilities(self) -> dict[str, Any]:
        """What the harness found out about the cluster (printed in the report header)."""
        return {"server": self.version_doc.get("gitVersion"), "version": self.minor,
                "drakit_serve": self.is_drakit, "gates": dict(self.gates),
                "gates_source": self.gates_source, "probed_gates": dict(self.probed),
                "api_versions": sorted(self.served_api_versions),
                "node_access": bool(self.opts.node_agent),
                "foreign_nodes": self.foreign_nodes}

    # -- cleanup ----------------------------------------------------------------------
    def cluster_scoped(self) -> list[Resource]:
        # admission policies first: a scenario's policy may refuse the cleanup's own writes
        want = ("ValidatingAdmissionPolicyBinding", "ValidatingAdmissionPolicy", "Node",
                "DeviceClass", "ResourceSlice", "RuntimeClass", "PriorityClass", "Namespace")
        return [self.resources[k] for k in want if k in self.resources]

    def sweep(self, selector: str = f"{HARNESS_LABEL}=true") -> int:
        """Delete leftovers of interrupted runs: objects carrying the harness label that are
        older than ``Options.sweep_age`` (a scenario lives seconds to minutes). Younger ones
        may belong to another run going on right now (another xdist worker, a colleague):
        they are left alone — the run never touches what it did not create."""
        n = 0
        horizon = time.time() - self.opts.sweep_age
        for res in self.cluster_scoped():
            try:
                items = self.request("GET", res.path(), {"labelSelector": selector})["items"]
            except (ApiError, EnvironmentFailure):
                continue
            for obj in items:
                if _created(obj) > horizon:
                    continue
                n += 1
                self.force_delete(res, obj)
        return n

    def force_delete(self, res: Resource, obj: dict, own_finalizers: set[str] | None = None
                     ) -> None:
        md = obj.get("metadata", {})
        fins = md.get("finalizers") or []
        drop = [f for f in fins if own_finalizers is None and not f.startswith(
            ("kubernetes", "kubernetes.io/", "resource.kubernetes.io/"))
            or (own_finalizers is not None and f in own_finalizers)]
        ns = md.get("namespace")
        try:
            if drop:
                self.request("PATCH", res.path(ns, md["name"]), None,
                             {"metadata": {"finalizers": [f for f in fins if f not in drop]}},
                             "application/merge-patch+json")
            self.request("DELETE", res.path(ns, md["name"]), None,
                         {"kind": "DeleteOptions", "apiVersion": "v1",
                          "propagationPolicy": "Background"})
        except ApiError as e:
            if e.code != 404:
                raise

    def cleanup_all(self) -> None:
        for st in list(self.active.values()):
            try:
                ScenarioCleaner(self, st).run(wait=False)
            except Exception:  # noqa: BLE001 - best effort at interpreter exit
                pass


# ---------------------------------------------------------------------------- names

@dataclass
class ScenarioState:
    sid: str
    namespace: str
    prefix: str
    namespaces: set[str] = field(default_factory=set)
    finalizers: set[str] = field(default_factory=set)
    guarded_classes: set[str] = field(default_factory=set)
    """Real names of DeviceClasses that got the driver guard as selector 0."""
    current: str | None = None
    """A namespace the scenario created and switched to (use_namespace), else None."""
    cluster_kinds: set[str] = field(default_factory=set)
    """The cluster-scoped kinds the scenario wrote (created, updated or patched): the cleanup
    lists only these (and ResourceSlices once it has nodes, which drivers publish for)."""


class NameMap:
    """Scenario names <-> cluster names (see the module docstring and isolation.py)."""

    def __init__(self, st: ScenarioState,
                 own_nodes: Callable[[], list[dict]] | None = None,
                 drakit_drivers: Mapping[str, str] | None = None,
                 profile: dp.ProfileMap | None = None) -> None:
        self.st = st
        self.profile = profile
        """A kubelet scenario on a driver profile's real nodes (driver_profile.py), else None."""
        self.drakit_drivers = dict(drakit_drivers or {})
        """drakit serve's example drivers (name -> CDI class) to run under scenario names."""
        self.own_nodes = own_nodes or (lambda: [])
        """The scenario's nodes as the cluster has them (for the scheduler's message)."""

    def cluster_name(self, name: str) -> str:
        real = self.st.prefix + name
        if not isinstance(name, str) or not _DNS_SUBDOMAIN.match(name) or len(real) > 253:
            return name  # invalid or too long with the prefix: send it as is (labelled)
        return real

    def priority_class_name(self, name: str) -> str:
        """A PriorityClass name (object or pod reference): prefixed like any cluster-scoped
        name, except a ``system-`` name, which must reach the server as written (the two
        system classes are every cluster's own; any other such name is refused as
        reserved, and a prefix would hide the reservation)."""
        if isinstance(name, str) and name.startswith(SYSTEM_PRIORITY_CLASS_PREFIX):
            return name
        return self.cluster_name(name)

    def node_name(self, name: str) -> str:
        if self.profile is not None and self.profile.real_node(name):
            return self.profile.real_node(name)
        real = self.cluster_name(name)
        return real if len(real) <= 63 else name  # it is also the hostname label value

    def real_namespace(self, ns: str) -> str:
        """A namespace a step names (PodResources Get): the scenario's own, one it created,
        or — any other — sent as written (a namespace the cluster does not have)."""
        if ns == "default":
            return self.st.namespace
        return self.st.prefix + ns if ns in self.st.namespaces else ns

    def namespace(self, ns: str | None) -> str:
        if ns and ns in self.st.namespaces:
            return self.st.prefix + ns
        if ns:
            return self.st.namespace
        return self.current_namespace()

    def current_namespace(self) -> str:
        """The cluster namespace steps work in (see ``ClusterBackend.use_namespace``)."""
        if self.st.current:
            return self.st.prefix + self.st.current
        return self.st.namespace

    # -- objects going out -------------------------------------------------------
    def outgoing(self, obj: dict, res: Resource) -> dict:
        obj = copy.deepcopy(obj)
        md = obj.setdefault("metadata", {})
        labels = md.setdefault("labels", {}) or {}
        md["labels"] = labels
        labels[HARNESS_LABEL] = "true"
        labels[SCENARIO_LABEL] = self.st.sid
        for f in md.get("finalizers") or ():
            self.st.finalizers.add(f)
        kind = res.kind
        if res.namespaced:
            md["namespace"] = self.namespace(md.get("namespace"))
        else:
            self.st.cluster_kinds.add(kind)
            md.pop("namespace", None)
            if md.get("name"):
                md["name"] = (self.node_name(md["name"]) if kind == "Node"
                              else self.priority_class_name(md["name"])
                              if kind == "PriorityClass" else self.cluster_name(md["name"]))
            elif md.get("generateName"):
                md["generateName"] = self.st.prefix + md["generateName"]
        if kind == "Node":
            labels[HOSTNAME_LABEL] = md.get("name", "")
            if self.drakit_drivers:
                ann = md.get("annotations")
                md["annotations"] = ann = dict(ann) if isinstance(ann, dict) else {}
                ann[TEST_DRIVERS_ANNOTATION] = ",".join(
                    f"{iso.driver_name(self.st.prefix, n)}={c}"
                    for n, c in sorted(self.drakit_drivers.items()))
        self._rewrite_refs(obj, kind)
        if kind == "ValidatingAdmissionPolicy":
            iso.fence_policy(obj.get("spec"), self.st.sid)
        if kind == "ValidatingAdmissionPolicyBinding":
            spec = obj.get("spec")
            if isinstance(spec, dict) and isinstance(spec.get("policyName"), str):
                spec["policyName"] = self.cluster_name(spec["policyName"])
            iso.fence_binding(obj, self.st.sid)
        if kind == "DeviceClass" and isinstance(obj.get("spec"), dict):
            if iso.guard_class(obj["spec"], self.st.prefix) and md.get("name"):
                self.st.guarded_classes.add(md["name"])
            if "extendedResourceName" in obj["spec"]:
                obj["spec"]["extendedResourceName"] = iso.extended_resource(
                    self.st.prefix, obj["spec"]["extendedResourceName"])
        if kind == "Node" and isinstance(obj.get("status"), dict):
            for k in ("capacity", "allocatable"):
                obj["status"][k] = iso.resource_keys(obj["status"].get(k), self.st.prefix)
        if kind == "ResourceQuota" and isinstance(obj.get("spec"), dict):
            obj["spec"]["hard"] = iso.resource_keys(obj["spec"].get("hard"), self.st.prefix)
        if kind == "Pod" and self.profile is None:
            iso.pod_status_resources(obj.get("status"), self.st.prefix)
        if kind == "ResourceClaim" and isinstance(obj.get("status"), dict):
            self._claim_status(obj["status"])
        return self._extended_names(obj)

    def _claim_status(self, status: dict) -> None:
        """Allocation results: those of a driver the profile stands for become the real
        devices (driver_profile.ProfileMap.result), the others are mapped as usual. The
        allocation's node selector names nodes."""
        alloc = status.get("allocation")
        if isinstance(alloc, dict):
            self._node_selector(alloc.get("nodeSelector"))
        if self.profile is None:
            iso.claim_status(status, self.st.prefix, self.pool_name)
            return
        alloc = status.get("allocation")
        devices = alloc.get("devices") if isinstance(alloc, dict) else None
        results = devices.get("results") if isinstance(devices, dict) else None
        if not isinstance(results, list):
            iso.claim_status(status, self.st.prefix, self.pool_name)
            return
        real = {i: self.profile.result(r) for i, r in enumerate(results)
                if self.profile.handles(r)}
        devices["results"] = [r for i, r in enumerate(results) if i not in real]
        iso.claim_status(status, self.st.prefix, self.pool_name)
        rest = iter(devices["results"])
        devices["results"] = [real[i] if i in real else next(rest) for i in range(len(results))]

    def pool_name(self, name: str) -> str:
        return name if name.startswith(self.st.prefix) else self.cluster_name(name)

    def _extended_names(self, v: Any) -> Any:
        """``deviceclass.resource.kubernetes.io/<class>`` names the class: map it anywhere."""
        if isinstance(v, dict):
            return {self._extended_names(k): self._extended_names(x) for k, x in v.items()}
        if isinstance(v, list):
            return [self._extended_names(x) for x in v]
        if isinstance(v, str) and self.st.prefix not in v:
            m = _CLASS_RESOURCE.match(v)
            if m:
                return m.group(1) + EXTENDED_CLASS_PREFIX + self.cluster_name(m.group(2))
            m = _CLASS_QUOTA.match(v)
            if m:
                return self.cluster_name(m.group(1)) + m.group(2)
        return v

    def _rewrite_refs(self, obj: dict, kind: str) -> None:
        spec = obj.get("spec")
        if not isinstance(spec, dict):
            return
        if kind in ("ResourceClaim",):
            if self.profile is not None:
                self.profile.check_requests(spec)
            self._device_requests(spec)
            iso.device_requests(spec, self.st.prefix)
        elif kind == "ResourceClaimTemplate":
            if self.profile is not None:
                self.profile.check_requests(spec.get("spec"))
            self._device_requests(spec.get("spec"))
            if isinstance(spec.get("spec"), dict):
                iso.device_requests(spec["spec"], self.st.prefix)
        elif kind == "ResourceSlice":
            if self.profile is not None and self.profile.real_node(spec.get("nodeName")):
                raise Unsupported(
                    f"publishes its own ResourceSlice on node {spec['nodeName']}: with a driver "
                    "profile that node is a real node whose devices are the real driver's")
            iso.slice_drivers(spec, self.st.prefix)
            pool = spec.get("pool")
            # pools are keyed by (driver, pool name) cluster-wide: keep scenarios apart
            if isinstance(pool, dict) and isinstance(pool.get("name"), str) and \
                    not pool["name"].startswith(self.st.prefix):
                pool["name"] = self.cluster_name(pool["name"])
            if isinstance(spec.get("nodeName"), str):
                spec["nodeName"] = self.node_name(spec["nodeName"])
            self._node_selector(spec.get("nodeSelector"))
            # perDeviceNodeSelection: each device names its node (or selects nodes) itself
            for device in spec.get("devices") if isinstance(spec.get("devices"), list) else ():
                if isinstance(device, dict):
                    if isinstance(device.get("nodeName"), str):
                        device["nodeName"] = self.node_name(device["nodeName"])
                    self._node_selector(device.get("nodeSelector"))
        elif kind == "Pod":
            self._pod_spec(spec)
        elif kind in ("Deployment", "ReplicaSet", "Job", "StatefulSet", "DaemonSet"):
            tmpl = (spec.get("template") or {}).get("spec")
            if isinstance(tmpl, dict):
                self._pod_spec(tmpl)

    def _device_requests(self, spec: dict) -> None:
        devices = spec.get("devices") if isinstance(spec, dict) else None
        if not isinstance(devices, dict):  # e.g. devices: 1.5, refused by the server
            return
        for req in devices.get("requests") or ():
            if not isinstance(req, dict):
                continue
            for holder in [req, req.get("exactly")] + list(req.get("firstAvailable") or ()):
                if isinstance(holder, dict) and isinstance(holder.get("deviceClassName"), str):
                    if self.profile is not None and \
                            self.profile.stands_for(holder["deviceClassName"]):
                        holder["deviceClassName"] = self.profile.p.device_class
                        continue
                    holder["deviceClassName"] = self.cluster_name(holder["deviceClassName"])

    def _node_selector(self, sel: Any) -> None:
        for term in (sel or {}).get("nodeSelectorTerms") or () if isinstance(sel, dict) else ():
            for e in term.get("matchExpressions") or ():
                if e.get("key") == HOSTNAME_LABEL:
                    e["values"] = [self.node_name(v) for v in e.get("values") or ()]
            for e in term.get("matchFields") or ():
                if e.get("key") == "metadata.name":
                    e["values"] = [self.node_name(v) for v in e.get("values") or ()]

    def _resources(self, res: Any) -> None:
        if not isinstance(res, dict):
            return
        for part in ("requests", "limits"):
            m = res.get(part)
            if isinstance(m, dict):
                res[part] = {(EXTENDED_CLASS_PREFIX + self.cluster_name(
                    k[len(EXTENDED_CLASS_PREFIX):]) if k.startswith(EXTENDED_CLASS_PREFIX)
                    else iso.extended_resource(self.st.prefix, k)): v for k, v in m.items()}

    def _pod_spec(self, spec: dict) -> None:
        real_node = None
        # a pod the scenario binds itself ("the Pod ... is bound to node ..."): no scheduler
        # runs under its name, so it needs no pinning, and with a driver profile it can only
        # go to one of the profile's real nodes
        bound_later = spec.get("schedulerName") == BOUND_BY_THE_SCENARIO \
            and not spec.get("nodeName")
        if self.profile is not None:
            real_node = self.profile.real_node(spec.get("nodeName"))
            if real_node is None and "containers" in spec and not bound_later:  # a whole pod
                raise Unsupported(
                    "needs the scheduler to place a pod: with a driver profile the scenario's "
                    "nodes are real nodes, and only pods bound by spec.nodeName to one of "
                    "them (or by the scenario's own binding) are supported")
        if isinstance(spec.get("nodeName"), str):
            spec["nodeName"] = self.node_name(spec["nodeName"])
        if isinstance(spec.get("runtimeClassName"), str):  # RuntimeClass is cluster-scoped
            spec["runtimeClassName"] = self.cluster_name(spec["runtimeClassName"])
        if isinstance(spec.get("priorityClassName"), str) and spec["priorityClassName"]:
            spec["priorityClassName"] = self.priority_class_name(spec["priorityClassName"])
        ns = spec.get("nodeSelector")
        if isinstance(ns, dict) and isinstance(ns.get(HOSTNAME_LABEL), str):
            ns[HOSTNAME_LABEL] = self.node_name(ns[HOSTNAME_LABEL])
        aff = ((spec.get("affinity") or {}).get("nodeAffinity") or {})
        self._node_selector(aff.get("requiredDuringSchedulingIgnoredDuringExecution"))
        for p in aff.get("preferredDuringSchedulingIgnoredDuringExecution") or ():
            self._node_selector({"nodeSelectorTerms": [p.get("preference") or {}]})
        if real_node is None and not (bound_later and self.profile is not None):
            # a real node's resources keep their real names
            for group in ("containers", "initContainers"):
                for c in spec.get(group) or ():
                    if isinstance(c, dict):
                        self._resources(c.get("resources"))
            self._resources(spec.get("resources"))
        tol = spec.setdefault("tolerations", []) or []
        if FAKE_NODE_TOLERATION not in tol:
            tol.append(dict(FAKE_NODE_TOLERATION))
        spec["tolerations"] = tol
        if not bound_later:
            iso.pin_pod(spec, self.st.sid, node=real_node)

    def outgoing_patch(self, patch: Any, res: Resource) -> Any:
        if not isinstance(patch, dict):
            return patch
        p = copy.deepcopy(patch)
        if not res.namespaced:
            self.st.cluster_kinds.add(res.kind)
        md = p.get("metadata")
        if isinstance(md, dict):
            md.pop("namespace", None)
            for f in md.get("finalizers") or ():
                self.st.finalizers.add(f)
        self._rewrite_refs(p, res.kind)
        if res.kind in ("Pod",) and isinstance(p.get("spec"), dict):
            for f in ("tolerations", "affinity"):  # only where the patch sets them
                if f not in patch.get("spec", {}):
                    p["spec"].pop(f, None)
        if res.kind == "DeviceClass" and isinstance(p.get("spec"), dict) and \
                isinstance(p["spec"].get("selectors"), list):
            iso.guard_class(p["spec"], self.st.prefix)
        if res.kind == "DeviceClass" and isinstance(p.get("spec"), dict) and \
                p["spec"].get("extendedResourceName"):
            p["spec"]["extendedResourceName"] = iso.extended_resource(
                self.st.prefix, p["spec"]["extendedResourceName"])
        if res.kind == "Node" and isinstance(p.get("spec"), dict) and \
                isinstance(p["spec"].get("taints"), list) and \
                not any(isinstance(t, dict) and t.get("key") == FAKE_NODE_TAINT["key"]
                        for t in p["spec"]["taints"]):
            # a merge patch replaces the whole list: keep the fence that keeps foreign pods
            # off the scenario's fake node (read back without it, see incoming)
            p["spec"]["taints"] = [*p["spec"]["taints"], dict(FAKE_NODE_TAINT)]
        if res.kind == "Node" and isinstance(p.get("status"), dict):
            for k in ("capacity", "allocatable"):
                if isinstance(p["status"].get(k), dict):
                    p["status"][k] = iso.resource_keys(p["status"][k], self.st.prefix)
        if res.kind == "ResourceQuota" and isinstance(p.get("spec"), dict) and \
                isinstance(p["spec"].get("hard"), dict):
            p["spec"]["hard"] = iso.resource_keys(p["spec"]["hard"], self.st.prefix)
        if res.kind == "Pod" and self.profile is None:
            iso.pod_status_resources(p.get("status"), self.st.prefix)
        if res.kind == "ResourceClaim" and isinstance(p.get("status"), dict):
            self._claim_status(p["status"])
        if res.kind == "ValidatingAdmissionPolicy" and isinstance(p.get("spec"), dict) and \
                "matchConditions" in p["spec"]:
            iso.fence_policy(p["spec"], self.st.sid)  # a merge patch replaces the list
        if res.kind == "ValidatingAdmissionPolicyBinding" and isinstance(p.get("spec"), dict):
            if isinstance(p["spec"].get("policyName"), str):
                p["spec"]["policyName"] = self.cluster_name(p["spec"]["policyName"])
            mr = p["spec"].get("matchResources")
            sel = mr.get("namespaceSelector") if isinstance(mr, dict) else None
            if isinstance(sel, dict) and "matchExpressions" in sel:
                iso.fence_binding({"spec": {"matchResources": mr}}, self.st.sid)
            elif "matchResources" in p["spec"] and mr is None:
                raise Unsupported("removes a binding's matchResources with a patch: the fence "
                                  "that keeps the scenario's policy to its own namespaces "
                                  "lives there")
        return self._extended_names(p)

    # -- everything coming back -------------------------------------------------
    def incoming(self, value: Any) -> Any:
        """Remove every trace of the mapping from a response (objects, lists, messages)."""
        if isinstance(value, dict):
            if "affinity" in value or isinstance(value.get("selectors"), list):
                value = copy.deepcopy(value)  # the fences come off before names are mapped
                iso.unpin(value, self.st.sid,
                          nodes=self.profile.nodes.values() if self.profile else ())
                iso.unguard_class(value, self.st.prefix)
            if self.profile is not None:
                value = self.profile.incoming(value)
            if isinstance(value.get("spec"), dict) and (
                    "policyName" in value["spec"] or "matchConditions" in value["spec"]):
                value = copy.deepcopy(value)  # a policy or binding: the fences come off
                iso.unfence_policy(value["spec"])
                if "policyName" in value["spec"]:
                    iso.unfence_binding(value)
            out = {self._s(k) if isinstance(k, str) else k: self.incoming(v)
                   for k, v in value.items()}
            md = out.get("metadata")
            if isinstance(md, dict) and isinstance(md.get("annotations"), dict) and \
                    TEST_DRIVERS_ANNOTATION in md["annotations"]:
                md["annotations"] = {k: v for k, v in md["annotations"].items()
                                     if k != TEST_DRIVERS_ANNOTATION}
                if not md["annotations"]:
                    md.pop("annotations")
            if isinstance(md, dict) and isinstance(md.get("labels"), dict):
                labels = {k: v for k, v in md["labels"].items()
                          if k not in (HARNESS_LABEL, SCENARIO_LABEL)}
                if labels:
                    md["labels"] = labels
                else:
                    md.pop("labels")
            tol = out.get("tolerations")
            if isinstance(tol, list) and FAKE_NODE_TOLERATION in tol:
                tol = [t for t in tol if t != FAKE_NODE_TOLERATION]
                if tol:
                    out["tolerations"] = tol
                else:
                    out.pop("tolerations")
            taints = out.get("taints")
            if isinstance(taints, list):
                taints = [t for t in taints if t.get("key") != FAKE_NODE_TAINT["key"]]
                if taints:
                    out["taints"] = taints
                else:
                    out.pop("taints")
            return out
        if isinstance(value, list):
            return [self.incoming(v) for v in value]
        if isinstance(value, str):
            return self._s(value)
        return value

    def _s(self, s: str) -> str:
        if self.profile is not None:
            s = self.profile.node_names_back(s)
        if "nodes are available" in s:
            s = iso.fit_message(s, self.own_nodes())
        if self.st.prefix in s:
            if "selector #" in s:
                s = iso.shift_selector_numbers(s, self.st.prefix)
            if "ERROR: <input>:" in s:
                s = iso.shift_cel_columns(s, self.st.prefix)
            s = s.replace(self.st.prefix, "")
        if self.st.namespace in s:
            s = s.replace(self.st.namespace, "default")
        return s

    def ours(self, obj: dict) -> bool:
        """Is this cluster-scoped object part of the scenario? Its label says so, or its
        name carries the scenario's prefix (a name nobody else can have chosen); never a
        mere mention of the prefix somewhere inside a foreign object."""
        md = obj.get("metadata") or {}
        if (md.get("labels") or {}).get(SCENARIO_LABEL) == self.st.sid:
            return True
        return str(md.get("name", "")).startswith(self.st.prefix)

    def incoming_status(self, status: dict) -> dict:
        """A Status from the server, mapped back; DeviceClass errors of a guarded class get
        their selector indexes shifted back by one (isolation.py)."""
        details = status.get("details") or {}
        if details.get("kind") in ("deviceclasses", "DeviceClass") and \
                details.get("name") in self.st.guarded_classes:
            status = json.loads(iso.shift_selector_paths(json.dumps(status)))
        return self.incoming(status)


# ---------------------------------------------------------------------------- cleanup

class ScenarioCleaner:
    def __init__(self, session: Session, st: ScenarioState) -> None:
        self.s, self.st = session, st

    def run(self, wait: bool = True) -> list[str]:
        """Delete the scenario's objects; returns what is still there after the wait."""
        s, st = self.s, self.st
        nm = NameMap(st)
        namespaces = [st.namespace] + [st.prefix + n for n in st.namespaces]
        # only the cluster-scoped kinds the scenario wrote (every write goes through
        # NameMap.outgoing or outgoing_patch), and the ResourceSlices drivers publish for its
        # nodes: listing every kind after every scenario was half a served run's requests
        touched = set(st.cluster_kinds)
        if "Node" in touched:
            touched.add("ResourceSlice")
        scoped = [r for r in s.cluster_scoped() if r.kind in touched and r.kind != "Namespace"]
        # the scenario's admission policies before anything else: they may refuse the
        # cleanup's own patches and deletes (on a real cluster after the informer delay)
        policies = [r for r in scoped if r.kind in ClusterBackend.POLICY_KINDS]
        gone = False
        for res in policies:
            try:
                items = s.request("GET", res.path())["items"]
            except (ApiError, EnvironmentFailure):
                continue
            for obj in items:
                if nm.ours(obj):
                    s.force_delete(res, obj, st.finalizers)
                    gone = True
        if gone and not s.is_drakit and s.opts.policy_delay > 0:
            time.sleep(s.opts.policy_delay)
        # our own finalizers first, so nothing waits for a controller that never comes
        if st.finalizers:
            for res in s.resources.values():
                if not res.namespaced or "list" not in res.verbs:
                    continue
                for ns in namespaces:
                    try:
                        items = s.request("GET", res.path(ns))["items"]
                    except (ApiError, EnvironmentFailure):
                        continue
                    for obj in items:
                        fins = obj["metadata"].get("finalizers") or []
                        if set(fins) & st.finalizers:
                            s.request("PATCH", res.path(ns, obj["metadata"]["name"]), None,
                                      {"metadata": {"finalizers": [
                                          f for f in fins if f not in st.finalizers]}},
                                      "application/merge-patch+json")
        for res in scoped:
            if res in policies:  # the policies went first
                continue
            try:
                items = s.request("GET", res.path())["items"]
            except (ApiError, EnvironmentFailure):
                continue
            for obj in items:
                if nm.ours(obj):  # its scenario label, or its name carries the prefix
                    s.force_delete(res, obj, st.finalizers)
        ns_res = s.resources["Namespace"]
        for ns in namespaces:
            try:
                s.request("DELETE", ns_res.path(None, ns))
            except ApiError as e:
                if e.code != 404:
                    raise
            self._drop_foreign_spec_finalizers(ns_res, ns)
        left: list[str] = []
        deadline = time.monotonic() + (s.opts.cleanup_timeout if wait else 0)
        pauses = _pauses(s.opts.poll)
        while True:
            left = []
            for ns in namespaces:
                try:
                    s.request("GET", ns_res.path(None, ns), retry=False)
                    left.append(f"Namespace {ns}")
                except ApiError:
                    pass
                except EnvironmentFailure:
                    left.append(f"Namespace {ns} (unreachable)")
            if not left or time.monotonic() >= deadline:
                break
            time.sleep(next(pauses))
        s.active.pop(st.sid, None)
        return left

    def _drop_foreign_spec_finalizers(self, ns_res: Resource, ns: str) -> None:
        """A scenario may give its namespace a spec finalizer no controller removes
        (example.com/...): finalize it away so the namespace does not stay Terminating."""
        try:
            obj = self.s.request("GET", ns_res.path(None, ns), retry=False)
        except (ApiError, EnvironmentFailure):
            return
        fins = (obj.get("spec") or {}).get("finalizers") or []
        keep = [f for f in fins if f == "kubernetes"]
        if keep == fins:
            return
        obj["spec"]["finalizers"] = keep
        try:
            self.s.request("PUT", ns_res.path(None, ns, "finalize"), None, obj)
        except (ApiError, EnvironmentFailure):
            pass


# ---------------------------------------------------------------------------- run lock

class RunLock:
    """Shared or exclusive hold of the run's lock file (``DRAKIT_RUN_LOCK``, set for xdist
    workers by steps/live.py): every scenario holds it shared, one that reads cluster-wide
    state (``needs:whole-cluster``) exclusively, so it sees no other scenario's traffic."""

    def __init__(self, path: str, exclusive: bool) -> None:
        import fcntl

        # a turnstile first, so a waiting exclusive holder is not starved by a stream of
        # shared ones (each scenario passes it on its way in; the exclusive one keeps it
        # closed until every shared holder has left)
        with open(path + ".gate", "a+") as gate:
            fcntl.flock(gate, fcntl.LOCK_EX)
            try:
                self._f = open(path, "a+")  # noqa: SIM115 - held for the scenario's life
                fcntl.flock(self._f, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
            finally:
                fcntl.flock(gate, fcntl.LOCK_UN)

    def release(self) -> None:
        import fcntl

        try:
            fcntl.flock(self._f, fcntl.LOCK_UN)
        finally:
            self._f.close()


NODE_TAINT_LOCK_SUFFIX = ".node-taints"
"""Next to the run lock: held by the scenario that taints or cordons one of its nodes."""
NODE_TAINT_LOCK_WAIT = 300.0
"""Seconds a scenario waits for another to give the node-taint lock back (every such
scenario holds it for its whole life, a few seconds each)."""


class NodeTaintLock:
    """Exclusive hold, for the rest of the scenario, of the run's node-taint lock.

    Why: the scheduler's "0/N nodes are available" message counts every node, and
    ``isolation.fit_message`` takes the other scenarios' nodes out only where their reason
    is one the scenario's nodes cannot give. Two scenarios that each taint (or cordon) a
    node running at once give the same reason, "node(s) had untolerated taint(s)", on
    both nodes, so neither can be told apart (a served 1.34 run failed so: "0/2 nodes ...
    2 node(s) had untolerated taint(s)"). With this lock at most one scenario of the run
    has a tainted or cordoned node at a time."""

    def __init__(self, path: str, timeout: float = NODE_TAINT_LOCK_WAIT) -> None:
        import fcntl

        self._f = open(path, "a+")  # noqa: SIM115 - held for the scenario's life
        deadline = time.monotonic() + timeout
        pause = 0.02
        while True:
            try:
                fcntl.flock(self._f, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    self._f.close()
                    raise EnvironmentFailure(
                        f"another scenario of this run kept a tainted or cordoned node for "
                        f"more than {timeout:.0f} s (lock {path}); is a worker stuck?"
                    ) from None
                time.sleep(pause)
                pause = min(pause * 2, 0.25)

    def release(self) -> None:
        import fcntl

        try:
            fcntl.flock(self._f, fcntl.LOCK_UN)
        finally:
            self._f.close()


def taints_or_cordons(body: Any) -> bool:
    """Does a Node write (object or patch) give the node a taint the pods of other
    scenarios do not tolerate, or cordon it? The harness's own fake-node taint, which
    every scenario pod tolerates, does not count."""
    if isinstance(body, list):  # a JSON patch: any operation on the taints or the cordon
        return any(isinstance(op, dict) and str(op.get("path", "")).startswith(
            ("/spec/taints", "/spec/unschedulable")) for op in body)
    spec = body.get("spec") if isinstance(body, dict) else None
    if not isinstance(spec, dict):
        return False
    if spec.get("unschedulable"):
        return True
    taints = spec.get("taints")
    return isinstance(taints, list) and any(
        isinstance(t, dict) and t.get("key") != FAKE_NODE_TAINT["key"]
        and t.get("effect") in ("NoSchedule", "NoExecute") for t in taints)


# ---------------------------------------------------------------------------- backend

class ClusterBackend:
    """The Backend protocol over a live API server (see the module docstring)."""

    name = "cluster"

    def __init__(self, kubeconfig: str | None = None, context: str | None = None,
                 options: Options | None = None, tags: set[str] | None = None) -> None:
        self.opts = options or Options.from_env(kubeconfig=kubeconfig, context=context)
        self.tags: set[str] = set(tags or ())
        self._session: Session | None = None
        self.st: ScenarioState | None = None
        self.names: NameMap | None = None
        self._version = ""
        self._gates: dict[str, bool] = {}
        self._metrics_base: dict[str, float] = {}
        self._own_nodes_cache: list[dict] | None = None
        self._agents: dict[str, Any] = {}
        self._kubelet_base: dict[str, dict[str, float]] = {}
        self._lock: RunLock | None = None
        self._taint_lock: NodeTaintLock | None = None
        self._profile: dp.Profile | None = None

    @property
    def driver_profile(self) -> dp.Profile | None:
        """The run's driver profile (read once; the preflight has checked it)."""
        if self._profile is None and self.opts.driver_profile:
            self._profile = dp.load(self.opts.driver_profile)
        return self._profile

    @property
    def compares_structure(self) -> bool:
        """True while a kubelet scenario runs on a driver profile's real nodes: CDI ids are
        the real driver's, steps compare their structure (driver_profile.structure)."""
        return self.names is not None and self.names.profile is not None

    def _own_nodes(self) -> list[dict]:
        """The scenario's nodes (cached until the next write through this backend)."""
        if self._own_nodes_cache is None:
            try:
                self._own_nodes_cache = self.session.request(
                    "GET", self.session.resource("Node").path(),
                    {"labelSelector": f"{SCENARIO_LABEL}={self.n.st.sid}"})["items"]
            except ApiError:  # an unreachable cluster is an environment failure, not "no nodes"
                return []
        return self._own_nodes_cache

    # -- lifecycle ---------------------------------------------------------------
    @property
    def session(self) -> Session:
        if self._session is None:
            self._session = Session.get(self.opts)
        return self._session

    def static_reason(self, version: str, gates: Mapping[str, bool]) -> str | None:
        """Why this scenario cannot run here, known from its tags, version and the run's
        gate options alone (the preflight's forecast); None when it may run."""
        try:
            self._check_static(version, gates)
        except Unsupported as e:
            return str(e)
        return None

    def _check_static(self, version: str, gates: Mapping[str, bool]) -> None:
        s = self.session
        if version != s.minor:
            raise Unsupported(f"the scenario targets Kubernetes {version}; the cluster runs "
                              f"{s.version_doc.get('gitVersion')} and cannot be switched")
        self._check_tags()
        self._check_gates({**self._tagged_defaults(version), **dict(gates)})

    def start_scenario(self, scenario: str, version: str, gates: Mapping[str, bool]) -> None:
        s = self.session
        self._check_static(version, gates)
        if os.environ.get("DRAKIT_RUN_LOCK") and self._lock is None:
            self._lock = RunLock(os.environ["DRAKIT_RUN_LOCK"],
                                 exclusive="needs:whole-cluster" in self.tags)
        self._version, self._gates = version, dict(gates)
        digest = hashlib.sha1(f"{scenario}{uuid.uuid4()}".encode()).hexdigest()[:8]
        st = ScenarioState(sid=digest, namespace=f"drakit-{digest}", prefix=f"dk{digest}-")
        self._agents, self._kubelet_base = {}, {}
        profile = None
        if self.driver_profile is not None and self._needs_node():
            profile = dp.ProfileMap(self.driver_profile)
        self.st, self.names = st, NameMap(st, self._own_nodes,
                                          _drakit_drivers() if s.is_drakit else None,
                                          profile=profile)
        self._own_nodes_cache = None
        s.active[st.sid] = st
        ns_obj = {"apiVersion": "v1", "kind": "Namespace",
                  "metadata": {"name": st.namespace,
                               "labels": {HARNESS_LABEL: "true", SCENARIO_LABEL: st.sid},
                               "annotations": {"drakit.io/scenario-name": scenario[:1000]}}}
        try:
            s.request("POST", s.resources["Namespace"].path(), None, ns_obj)
            self._baseline_metrics()
        except BaseException:
            s.active.pop(st.sid, None)
            self.st = self.names = None
            if self._lock is not None:
                self._lock.release()
                self._lock = None
            raise

    def _needs_node(self) -> bool:
        return any(t in ("component:kubelet", "needs:node-access", "needs:kubelet",
                         "needs:podresources") for t in self.tags)

    def _check_tags(self) -> None:
        needs_node = self._needs_node()
        if needs_node and not self.opts.node_agent:
            raise Unsupported("needs node access: kubelet/PodResources steps need a node agent "
                              "(--node-agent or DRAKIT_NODE_AGENT); a cluster API server "
                              "alone cannot show them")
        if "needs:pod-termination" in self.tags and not self.session.is_drakit:
            raise Unsupported("needs pods to terminate: the harness's nodes are fake, no "
                              "kubelet confirms a graceful pod deletion, so pods bound to them "
                              "(and a namespace holding them) never finish terminating")
        if "needs:driver-control" in self.tags and (not self.session.is_drakit
                                                     or self.opts.driver_profile):
            raise Unsupported("needs control of a DRA driver: the scenario makes a driver fail "
                              "its calls, which only drakit's example drivers (drakit serve) "
                              "can be told to do")
        if "needs:no-nodes" in self.tags:
            raise Unsupported("needs a cluster without nodes: the scenario asks what the "
                              "scheduler says when no node exists, and a live cluster's nodes "
                              "are always there")
        if "needs:reference-internals" in self.tags:
            raise Unsupported(REFERENCE_INTERNALS)
        if "needs:logical-clock" in self.tags:
            raise Unsupported("needs a logical clock: the scenario moves time forward (exact "
                              "backoff periods, timeouts, a day for a resync) and looks at what "
                              "happened by then; on wall time that depends on how long each "
                              "step takes, or would take the whole period")

    def _tagged_defaults(self, version: str) -> dict[str, bool]:
        """A ``@gate:X`` scenario without an explicit setting expects X at its default for
        the version (as the reference starts); the cluster must run with that value."""
        names = [t.split(":", 1)[1] for t in self.tags if t.startswith("gate:")]
        if not names:
            return {}
        try:  # the harness ships with drakit; its gate table knows the defaults
            from drakit.features import FeatureGates
            fg = FeatureGates(version)
        except Exception:  # noqa: BLE001 - unknown version: nothing to compare with
            return {}
        out = {}
        for n in names:
            spec = fg.spec(n)
            if spec is not None:
                out[n] = bool(spec.default)
        return out

    def _check_gates(self, gates: Mapping[str, bool]) -> None:
        for gate, want in gates.items():
            have = self.session.gate(gate)
            if have is not None and have != want:
                raise Unsupported(
                    f"the scenario needs the feature gate {gate}={str(want).lower()}; the "
                    f"cluster runs with {gate}={str(have).lower()} "
                    f"({self.session.gates_source}) and the harness cannot change a live "
                    f"cluster's gates")

    def end_scenario(self) -> None:
        if self.st is None:
            return
        try:
            left = ScenarioCleaner(self.session, self.st).run(wait=True)
        finally:
            # the scenario's nodes are gone (the cleaner waited for them): the node-taint
            # lock first, then the run lock
            if self._taint_lock is not None:
                self._taint_lock.release()
                self._taint_lock = None
            if self._lock is not None:
                self._lock.release()
                self._lock = None
        self.st = self.names = None
        if left:
            raise EnvironmentFailure("cleanup did not finish in time: " + ", ".join(left))

    @property
    def n(self) -> NameMap:
        if self.names is None:
            raise RuntimeError("no scenario is running on the cluster backend")
        return self.names

    # -- what the cluster is ----------------------------------------------------
    @property
    def version(self) -> str:
        return self._version or self.session.minor

    def gate_enabled(self, gate: str) -> bool:
        have = self.session.gate(gate)
        if have is None:
            return bool(self._gates.get(gate, False))
        return have

    def set_feature_gates(self, gates: Mapping[str, bool]) -> None:
        """Accepted only when the cluster already runs with these values; the reference
        restarts its components here, so counters start again from this point."""
        self._check_gates(gates)
        self._gates.update(gates)
        self._baseline_metrics()

    def set_version(self, version: str) -> None:
        if version != self.session.minor:
            raise Unsupported(f"upgrading or downgrading a live cluster to {version} is not "
                              f"something the harness can do")

    @property
    def namespace(self) -> str:
        """The namespace as the scenario names it: "default" for its own (the real one has
        the scenario's prefix, see ``real_namespace``), else the one it works in."""
        return self.n.st.current or "default"

    def use_namespace(self, namespace: str | None) -> None:
        if namespace is not None and namespace not in self.n.st.namespaces:
            raise AssertionError(f"namespace {namespace!r} was not created by this scenario")
        self.n.st.current = namespace

    def namespaced(self, kind: str) -> bool:
        return self.session.resource(kind).namespaced

    # -- requests ---------------------------------------------------------------
    def _call(self, method: str, path: str, query: Mapping[str, Any] | None = None,
              body: Any = None, content_type: str = "application/json",
              warnings: list[str] | None = None) -> Any:
        if (method != "GET" and self._taint_lock is None and os.environ.get("DRAKIT_RUN_LOCK")
                and path.startswith(self.session.resource("Node").path())
                and taints_or_cordons(body)):
            self._taint_lock = NodeTaintLock(os.environ["DRAKIT_RUN_LOCK"]
                                             + NODE_TAINT_LOCK_SUFFIX)
        try:
            return self.n.incoming(self.session.request(method, path, query, body,
                                                        content_type, warnings=warnings))
        except ApiError as e:
            raise ApiError.from_status(self.n.incoming_status(e.status or {
                "code": e.code, "reason": e.reason, "message": e.message,
                "details": {"causes": e.causes}})) from None
        finally:
            if method != "GET":
                self._own_nodes_cache = None

    def _path(self, res: Resource, name: str | None = None, sub: str | None = None,
              ns: str | None = None) -> str:
        real = None
        if name is not None:
            real = name if res.namespaced else self._real_name(res.kind, name)
        return res.path(ns or self.n.current_namespace() if res.namespaced else None, real,
                        sub)

    # -- objects ----------------------------------------------------------------
    def add_node(self, name: str, allocatable: Mapping[str, str] | None = None,
                 labels: Mapping[str, str] | None = None) -> dict:
        if self.n.profile is not None:  # a real node of the driver profile stands for it
            res = self.session.resource("Node")
            real = self.n.profile.add_node(
                name, allocatable, labels,
                lambda n: self.session.request("GET", res.path(None, n)))
            return self._call("GET", res.path(None, real))
        alloc = dict(allocatable or {"cpu": "8", "memory": "32Gi", "pods": "110"})
        alloc.setdefault("pods", "110")
        alloc = iso.resource_keys(alloc, self.n.st.prefix)
        res = self.session.resource("Node")
        node = {"apiVersion": "v1", "kind": "Node",
                "metadata": {"name": name, "labels": {**PLATFORM_LABELS, **dict(labels or {})}},
                "spec": {"taints": [dict(FAKE_NODE_TAINT)]}}
        created = self.session.request("POST", res.path(), None, self.n.outgoing(node, res))
        now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        created["status"] = {
            "capacity": dict(alloc), "allocatable": alloc,
            "conditions": [{"type": "Ready", "status": "True", "reason": "KubeletReady",
                            "message": "kubelet is posting ready status",
                            "lastHeartbeatTime": now, "lastTransitionTime": now}]}
        out = self._call("PUT", res.path(None, created["metadata"]["name"], "status"),
                         None, created)
        self.settle()
        return out

    def apply(self, objects: list[dict], dry_run: bool = False) -> list[dict]:
        pairs = []
        for obj in objects:
            if not isinstance(obj, dict):
                raise ApiError(400, "BadRequest", "an object must be a mapping")
            kind, av = obj.get("kind"), obj.get("apiVersion")
            if not kind:
                raise ApiError(400, "BadRequest", "Object 'Kind' is missing in the object")
            if not av:
                raise ApiError(400, "BadRequest",
                               f"Object 'apiVersion' is missing in the object of kind {kind!r}")
            pairs.append((self.session.resource(kind, av), obj))
        # all or nothing, like the reference: dry-run every object before the first write
        if not dry_run and len(pairs) > 1 and not any(r.kind == "Namespace" for r, _ in pairs):
            for res, obj in pairs:
                self._apply_one(res, obj, dry_run=True)
        out = [self._apply_one(res, obj, dry_run) for res, obj in pairs]
        if not dry_run:
            self._policy_propagation([r.kind for r, _ in pairs])
            self.settle()
        return out

    POLICY_KINDS = ("ValidatingAdmissionPolicy", "ValidatingAdmissionPolicyBinding")

    def _policy_propagation(self, kinds: list[str]) -> None:
        """After a write of a policy or binding: let the API servers' informers see it
        (Options.policy_delay)."""
        if any(k in self.POLICY_KINDS for k in kinds) and self.opts.policy_delay > 0 and \
                not self.session.is_drakit:  # drakit serve: in force from the write
            time.sleep(self.opts.policy_delay)

    def create(self, obj: dict, field_validation: str | None = None,
               warnings: list[str] | None = None) -> dict:
        if not isinstance(obj, dict) or not obj.get("kind") or not obj.get("apiVersion"):
            raise ApiError(400, "BadRequest", "an object needs its kind and apiVersion")
        res = self.session.resource(obj["kind"], obj["apiVersion"])
        if res.kind == "Namespace" and obj.get("metadata", {}).get("name"):
            self.n.st.namespaces.add(obj["metadata"]["name"])
        body = self.n.outgoing(obj, res)
        query = {"fieldValidation": field_validation} if field_validation else None
        out = self._call("POST", res.path(body["metadata"].get("namespace")), query, body,
                         warnings=warnings)
        self._policy_propagation([res.kind])
        self.settle()
        return out

    def _apply_one(self, res: Resource, obj: dict, dry_run: bool) -> dict:
        q = {"dryRun": "All"} if dry_run else None
        if res.kind == "Namespace" and obj.get("metadata", {}).get("name"):
            self.n.st.namespaces.add(obj["metadata"]["name"])
        body = self.n.outgoing(obj, res)
        md = body["metadata"]
        ns = md.get("namespace")
        try:
            return self._call("POST", res.path(ns), q, body)
        except ApiError as e:
            if e.reason != "AlreadyExists" or not md.get("name"):
                raise
        for attempt in range(self.opts.retries):
            live = self.session.request("GET", res.path(ns, md["name"]))
            new = copy.deepcopy(body)
            nm = new["metadata"]
            nm["resourceVersion"] = live["metadata"]["resourceVersion"]
            for keep in ("finalizers", "ownerReferences"):
                if keep not in nm and keep in live["metadata"]:
                    nm[keep] = live["metadata"][keep]
            try:
                result = self._call("PUT", res.path(ns, md["name"]), q, new)
                if "status" in res.subresources and "status" in obj and \
                        self.n.incoming(live).get("status") != obj["status"]:
                    new2 = self.session.request("GET", res.path(ns, md["name"])) \
                        if not dry_run else copy.deepcopy(live)
                    new2["status"] = copy.deepcopy(body.get("status"))
                    result = self._call("PUT", res.path(ns, md["name"], "status"), q, new2)
                return result
            except ApiError as e:
                if e.reason != "Conflict" or attempt + 1 >= self.opts.retries:
                    raise
                time.sleep(self.opts.poll)
        raise EnvironmentFailure("apply kept conflicting")  # pragma: no cover

    def get(self, kind: str, name: str, namespaced: bool = True) -> dict:
        res = self.session.resource(kind)
        return self._call("GET", self._path(res, name))

    def list(self, kind: str, label_selector: str | None = None) -> list[dict]:
        res = self.session.resource(kind)
        if res.namespaced:
            items = self.session.request("GET", self._path(res),
                                         {"labelSelector": label_selector})["items"]
        else:
            items = [o for o in self.session.request(
                "GET", self._path(res), {"labelSelector": label_selector})["items"]
                if self.n.ours(o)]
        out = self.n.incoming(items)
        for o in out:
            o.setdefault("apiVersion", res.api_version)
            o.setdefault("kind", res.kind)
        return sorted(out, key=lambda o: (o["metadata"].get("namespace", ""),
                                          o["metadata"].get("name", "")))

    def delete(self, kind: str, name: str, wait: bool = True,
               grace_period_seconds: int | None = None) -> None:
        res = self.session.resource(kind)
        # DeleteOptions in the body, as kubectl sends them
        body = None if grace_period_seconds is None else {
            "kind": "DeleteOptions", "apiVersion": "v1", "gracePeriodSeconds": grace_period_seconds}
        self._call("DELETE", self._path(res, name), None, body)
        self._policy_propagation([res.kind])
        if wait:
            self.settle()

    def bind(self, pod: str, node: str) -> None:
        res = self.session.resource("Pod")
        body = {"apiVersion": "v1", "kind": "Binding", "metadata": {"name": pod},
                "target": {"apiVersion": "v1", "kind": "Node", "name": self.n.node_name(node)}}
        self._call("POST", self._path(res, pod, "binding"), None, body)
        self.settle()

    def update(self, obj: dict, subresource: str | None = None) -> dict:
        res = self.session.resource(obj.get("kind", ""), obj.get("apiVersion"))
        body = self.n.outgoing(obj, res)
        name = body["metadata"].get("name")
        if not name:
            raise ApiError(422, "Invalid", "metadata.name: Required value: name is required")
        for attempt in range(self.opts.retries):
            try:
                out = self._call("PUT", res.path(body["metadata"].get("namespace"), name,
                                                 subresource), None, body)
                self._policy_propagation([res.kind])
                self.settle()
                return out
            except ApiError as e:
                # a conflict is only retried when the caller did not pin a resourceVersion
                if e.reason != "Conflict" or obj.get("metadata", {}).get("resourceVersion") \
                        or attempt + 1 >= self.opts.retries:
                    raise
                time.sleep(self.opts.poll)
        raise EnvironmentFailure("update kept conflicting")  # pragma: no cover

    def patch(self, kind: str, name: str, patch: dict, subresource: str | None = None,
              wait: bool = True) -> dict:
        res = self.session.resource(kind)
        out = self._call("PATCH", self._path(res, name, subresource), None,
                         self.n.outgoing_patch(patch, res), "application/merge-patch+json")
        self._policy_propagation([res.kind])
        if wait:
            self.settle()
        return out

    def events(self, kind: str | None = None, name: str | None = None) -> list[dict]:
        res = self.session.resource("Event")
        items = self.session.request("GET", res.path(self.n.current_namespace()))["items"]
        if kind and not self.namespaced(kind):
            sel = f"involvedObject.kind={kind}"
            if name:
                sel += f",involvedObject.name={self._real_name(kind, name)}"
            items += [e for e in self.session.request("GET", res.path(), {
                "fieldSelector": sel})["items"] if e not in items]
        out = self.n.incoming(items)
        return [e for e in out
                if (kind is None or e.get("involvedObject", {}).get("kind") == kind)
                and (name is None or e.get("involvedObject", {}).get("name") == name)]

    def rejecting_plugins(self, pod: str) -> set[str]:
        """Read off the pod's latest FailedScheduling message, as the server wrote it (a
        live scheduler's queue is not visible): each Filter reason names its plugin. Other
        nodes of a shared cluster take part in every attempt; when they add a plugin the
        scenario's nodes do not (a taint of theirs, a cordon), that plugin's hints bring the
        pod back on events the scenario means to leave it parked through (a tolerated node
        added: TaintToleration's hint), so the scenario's premise does not hold here."""
        res = self.session.resource("Event")
        items = []
        for e in self.session.request("GET", res.path(self.n.current_namespace()))["items"]:
            ref = self.n.incoming(e.get("involvedObject") or {}) \
                if e.get("reason") == "FailedScheduling" else {}
            if ref.get("kind") == "Pod" and ref.get("name") == pod:
                items.append(e)
        if not items:
            raise AssertionError(f"no FailedScheduling event for the Pod {pod}")

        def when(e: dict) -> tuple:
            series = (e.get("series") or {}).get("lastObservedTime") or ""
            rv = str((e.get("metadata") or {}).get("resourceVersion") or "0")
            return (series or e.get("lastTimestamp") or e.get("eventTime") or "",
                    int(rv) if rv.isdigit() else 0)
        message = max(items, key=when).get("message") or ""
        split = iso.split_rejections(message, self._own_nodes())
        if split is None:
            raise Unsupported(f"cannot tell which nodes rejected the Pod {pod} for which "
                              f"reason from the scheduler's message: {message[:300]}")
        own, others = split
        foreign = {iso.reason_plugin(r) for r in others} - {"NodeAffinity"}
        if foreign:
            raise Unsupported(
                "nodes this scenario did not create rejected its pod through "
                f"{', '.join(sorted(foreign))} ({'; '.join(sorted(others))}): that plugin's "
                "queueing hints bring the pod back on events the scenario expects to leave it "
                "parked; run it on a cluster whose other nodes are neither tainted nor cordoned")
        return {iso.reason_plugin(r) for r in own}

    def check_node_counts_comparable(self, message: str) -> None:
        counted = iso.counted_nodes(message)
        own = len(self._own_nodes())
        if counted is not None and counted > own:
            # fit_message could not take the other nodes out: they gave a reason the
            # scenario's own nodes give too (a tainted or cordoned node of the cluster,
            # such as a control-plane node, next to the scenario's own tainted one)
            raise Unsupported(
                f"the scheduler's message counts {counted} nodes, {counted - own} of them not "
                f"this scenario's, with reasons its own nodes give too, so its counts cannot "
                f"be compared: {message[:300]}; run it on a cluster whose other nodes are "
                f"neither tainted nor cordoned")

    def _real_name(self, kind: str, name: str) -> str:
        if kind == "Node":
            return self.n.node_name(name)
        if kind == "PriorityClass":
            return self.n.priority_class_name(name)
        return self.n.cluster_name(name)

    def metrics(self) -> str:
        """Component metrics in Prometheus text, counters relative to the scenario's start.

        Only ``drakit serve`` exposes scheduler/controller/kubelet metrics on the API
        server's /metrics; a real cluster keeps them on each component (unsupported here).
        Counters are cumulative over the server's life, while the reference starts every
        scenario (and every component restart the scenario asks for) from zero, so the
        values at the last such point are subtracted."""
        if not self.session.is_drakit:
            raise Unsupported("component metrics (scheduler, controllers, kubelet) are not "
                              "served by a live cluster's API server; needs access to each "
                              "component's /metrics endpoint")
        text = self._raw_metrics()
        out = []
        for line in text.splitlines():
            series, value = _series(line)
            if series is not None and series in self._metrics_base:
                value = value - self._metrics_base[series]
                line = f"{series} {value:g}"
            out.append(line)
        return "\n".join(out) + "\n"

    def _raw_metrics(self) -> str:
        try:
            return self.session.request("GET", "/metrics", raw=True, retry=False)
        except ApiError:  # not allowed to read metrics; an unreachable cluster propagates
            return ""

    def _baseline_metrics(self) -> None:
        self._metrics_base = {}
        if not self.session.is_drakit:
            return
        for line in self._raw_metrics().splitlines():
            series, value = _series(line)
            if series is not None:
                self._metrics_base[series] = value

    # -- waiting ----------------------------------------------------------------
    def _current_rv(self) -> str:
        doc = self.session.request("GET", f"/api/v1/namespaces/{self.n.st.namespace}/pods",
                                   {"limit": 1})
        return str(doc.get("metadata", {}).get("resourceVersion", ""))

    def settle(self) -> None:
        """Until the cluster's resourceVersion has not moved for a quiet period.

        Against drakit serve: a pause of the quiet period, no more. drakit serve settles its
        components before it answers a write, so what is left is time-driven work that fell
        due, which its next background round (``--interval``) does; watching the global
        resourceVersion instead made parallel workers wait on each other's writes."""
        quiet = self.opts.settle_quiet
        if quiet is None:
            quiet = 0.3 if self.session.is_drakit else 1.0
        if self.session.is_drakit:
            time.sleep(quiet)
            return
        deadline = time.monotonic() + self.opts.settle_timeout
        last, since = self._current_rv(), time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(min(self.opts.poll, quiet))
            cur = self._current_rv()
            if cur != last:
                last, since = cur, time.monotonic()
            elif time.monotonic() - since >= quiet:
                return

    def wait_for(self, what: str, predicate: Callable[[], Any], timeout: float | None = None,
                 time_passes: bool = False):
        del time_passes  # wall time passes here anyway
        timeout = self.opts.wait_timeout if timeout is None else timeout
        deadline = time.monotonic() + timeout
        last: Any = None
        pauses = _pauses(self.opts.poll)
        while True:
            try:
                last = predicate()
                if last:
                    return last
            except (ApiError, AssertionError) as e:
                last = e
            if time.monotonic() >= deadline:
                raise AssertionError(f"timed out after {timeout:g}s waiting for {what}; "
                                     f"last observed: {_show(last)}")
            time.sleep(min(next(pauses), max(deadline - time.monotonic(), 0.0)))

    def advance(self, seconds: float) -> None:
        limit = self.opts.wait_timeout if self.opts.max_clock_step is None \
            else min(self.opts.max_clock_step, self.opts.wait_timeout)
        if seconds > limit:
            raise Unsupported(f"the scenario moves the clock by {seconds:g}s; a live cluster "
                              f"runs on wall time and the harness waits at most {limit:g}s")
        # one polling period more: the server's background round that processes what fell
        # due may run up to its --interval after the wall clock got there
        time.sleep(seconds + self.opts.poll)
        self.settle()

    def kubelet(self, node: str):
        raise Unsupported("needs node access: kubelet and PodResources state is not visible "
                          "through the API server (no node agent configured)")

    # -- node access (steps/backends/nodeaccess.py) -------------------------------
    def _agent(self, node: str):
        from . import nodeaccess

        if not self.opts.node_agent:
            raise Unsupported("needs node access: kubelet/PodResources steps need a node agent "
                              "(--node-agent or DRAKIT_NODE_AGENT, docs/live-cluster.md)")
        real = self.n.node_name(node)
        agents = self._agents
        if real not in agents:
            agents[real] = nodeaccess.agent_for(self.opts.node_agent, self.session, real)
            self._kubelet_base[real] = self._kubelet_counters(agents[real])
        return agents[real]

    def _kubelet_counters(self, agent) -> dict[str, float]:
        reply = agent.call({"op": "metrics"})
        base = {}
        for line in str(reply.get("text", "")).splitlines():
            series, value = _series(line)
            if series is not None:
                base[series] = value
        return base

    def pod_resources(self, node: str):
        from .nodeaccess import AgentPodResources
        return AgentPodResources(self._agent(node), self.n)

    def restart_kubelet(self, node: str) -> None:
        from .nodeaccess import answer
        agent = self._agent(node)
        try:
            answer(agent.call({"op": "restart_kubelet"}), self.n.incoming)
        except Exception as e:  # noqa: BLE001 - a refused restart is the scenario's failure
            raise AssertionError(f"restarting the kubelet on {node} failed: {e}") from None
        self._kubelet_base[self.n.node_name(node)] = {}  # a new kubelet counts from zero
        self.settle()

    def crash_kubelet(self, node: str) -> None:
        raise Unsupported("crashing a live node's kubelet would disrupt the node's pods; the "
                          "scenario runs on the reference only")

    def tamper_checkpoint(self, node: str, old: str, new: str, manager: str = "DRA",
                          recompute_checksum: bool = False) -> None:
        raise Unsupported("editing a live node's kubelet checkpoint by hand would damage the "
                          "node; the scenario runs on the reference only")

    def cache_mismatches(self) -> list[str]:
        raise Unsupported(REFERENCE_INTERNALS)

    def component_errors(self) -> list[dict]:
        raise Unsupported(REFERENCE_INTERNALS)

    def take_internal_errors(self) -> list[dict]:
        raise Unsupported(REFERENCE_INTERNALS)

    def store_past_validation(self, obj: dict) -> dict:
        raise Unsupported(REFERENCE_INTERNALS)

    def drift_component_cache(self, component: str, change: str, kind: str, name: str) -> None:
        raise Unsupported(REFERENCE_INTERNALS)

    def inject_bug(self, component: str, where: str, times: int) -> None:
        raise Unsupported(REFERENCE_INTERNALS)

    def checkpoint_mode(self, node: str, manager: str = "DRA") -> int:
        raise Unsupported("a live node's kubelet checkpoint files are not reachable through the "
                          "API; the scenario runs on the reference only")

    def truncate_checkpoint(self, node: str, size: int, manager: str = "DRA") -> None:
        raise Unsupported("cutting a live node's kubelet checkpoint short would damage the "
                          "node; the scenario runs on the reference only")

    def fail_dra_driver(self, node: str, driver: str, call: str, message: str | None) -> None:
        """Through the node agent, on ``drakit serve``'s nodes only: their example drivers run
        in the served kubelet, under the scenario's driver names. A real node's agent refuses
        (no harness may make a live driver fail), and so does a driver profile's node."""
        from .base import PodResourcesError
        from .nodeaccess import answer
        if not self.session.is_drakit or self.n.profile is not None:
            raise Unsupported("needs control of a DRA driver: a live node's driver cannot be "
                              "told to fail (drakit serve's example drivers can)")
        try:
            answer(self._agent(node).call({"op": "fail_driver", "call": call, "message": message,
                                           "driver": iso.driver_name(self.n.st.prefix, driver)}),
                   self.n.incoming)
        except PodResourcesError as e:
            if e.code == "Unimplemented":
                raise Unsupported(f"needs control of a DRA driver: {e.message}") from None
            raise AssertionError(f"making DRA driver {driver} on {node} fail: {e.message}") from None

    def kubelet_metrics(self, node: str) -> str:
        """The kubelet's metrics, counters relative to the scenario's first look at the node
        (a real kubelet counts over its life; the reference's starts with the scenario)."""
        from .nodeaccess import answer
        agent = self._agent(node)
        base = self._kubelet_base.get(self.n.node_name(node), {})
        text = answer(agent.call({"op": "metrics"}), self.n.incoming)["text"]
        out = []
        for line in text.splitlines():
            series, value = _series(line)
            if series is not None and series in base:
                line = f"{series} {value - base[series]:g}"
            out.append(line)
        return "\n".join(out) + "\n"

    def container_devices(self, node: str, pod: str, container: str) -> list[str]:
        from .base import PodResourcesError
        from .nodeaccess import answer
        try:
            return answer(self._agent(node).call(
                {"op": "container_devices", "pod": pod, "namespace": self.n.current_namespace(),
                 "container": container}), self.n.incoming)["devices"]
        except PodResourcesError as e:
            raise AssertionError(e.message) from None

    def restart_component(self, component: str, node: str | None = None,
                          gates: Mapping[str, bool] | None = None,
                          version: str | None = None) -> None:
        """A live cluster's components belong to its operator: the harness cannot restart
        them, nor change their gates or release. A plain restart of one node's kubelet is what
        the node agent offers (``restart_kubelet``)."""
        if node is not None and component == "kubelet" and not gates and not version:
            self.restart_kubelet(node)
            return
        what = f"the kubelet on node {node}" if node is not None else component
        change = []
        if gates:
            change.append("with " + ", ".join(f"{k}={str(v).lower()}"
                                               for k, v in sorted(gates.items())))
        if version:
            change.append(f"at Kubernetes {version}")
        raise Unsupported(
            f"needs a component restart: the scenario restarts {what}"
            f"{' ' + ' '.join(change) if change else ''}, which the harness cannot do on a "
            "live cluster (its control plane and kubelets belong to the operator); run it on "
            "the reference backend")


_COUNTER = re.compile(r"^([a-zA-Z_:][\w:]*(?:_total|_count|_sum|_bucket)(?:\{[^}]*\})?)\s+"
                      r"([-+0-9.eE]+|NaN)$")


def _pauses(poll: float, first: float = 0.01):
    """Sleeps for a polling loop: 10 ms, doubling up to ``poll``.

    Why: most waits end within a few milliseconds on a fast server (drakit serve answers
    after its components settled) and within seconds on a live cluster; a fixed 0.25 s
    pause made every short wait cost a quarter second while saving nothing on slow ones."""
    pause = min(first, poll)
    while True:
        yield pause
        pause = min(pause * 2, poll)


def _series(line: str) -> tuple[str | None, float]:
    """(series, value) of a counter-like sample line, else (None, 0)."""
    m = _COUNTER.match(line.strip())
    if not m:
        return None, 0.0
    try:
        return m.group(1), float(m.group(2))
    except ValueError:
        return None, 0.0


DRAKIT_SERVE_DRIVERS: dict[str, str] = {"gpu.example.com": "gpu", "dra.example.com": "test"}
"""The example drivers every ``drakit serve`` node runs (name -> CDI class), as the served
kubelets publish them (drakit/kubelet/dra_manager.py ``default_drivers``; the steps speak only
Kubernetes, so they keep their own copy and tests/backends/test_cluster_names.py checks the two
agree). Importing drakit's kubelet here cost every xdist worker ~0.4 s of start-up."""


def _drakit_drivers() -> dict[str, str]:
    return dict(DRAKIT_SERVE_DRIVERS)


def _created(obj: dict) -> float:
    """creationTimestamp as epoch seconds (0 when absent or unreadable: old)."""
    ts = (obj.get("metadata") or {}).get("creationTimestamp") or ""
    try:
        import calendar
        return float(calendar.timegm(time.strptime(ts[:19], "%Y-%m-%dT%H:%M:%S")))
    except ValueError:
        return 0.0


def _show(v: Any) -> str:
    if isinstance(v, (dict, list)):
        text = json.dumps(v, indent=1, default=str)
        return text if len(text) < 3000 else text[:3000] + " …"
    return repr(v)
