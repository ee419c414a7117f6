"""Keeping a scenario on a shared cluster apart from everything it did not create.

Why this module: a live cluster has ordinary nodes, real DRA drivers (often the upstream
example driver, ``gpu.example.com``, the same name the scenarios use), DeviceClasses and
DaemonSets that were there before the run. Without care a scenario's pods land on those
nodes and its claims take those devices — wrong verdicts, and worse, test pods on
production nodes. Three fences, each mapped back so observations read as on the
reference (steps/backends/cluster.py applies them on the way out and removes them on the
way in):

* **Pods** get a required node affinity on ``drakit.io/scenario=<id>``, the label every node
  the scenario creates carries (on top of the toleration of the fake-node taint). The term
  is added to every node selector term the pod already has (terms are ORed, expressions
  ANDed), so the scenario's own affinity still decides among its own nodes; the kubelet's
  admission check of node affinity also keeps a ``spec.nodeName`` pod off foreign nodes.
* **Drivers** are renamed per scenario, ``<prefix><driver>`` (the same ``dk<id>-`` prefix as
  every other cluster-scoped name, so the generic prefix stripping maps them back): the
  slice's ``spec.driver``, every qualified attribute/capacity name and constraint whose
  domain is not one of Kubernetes' own, the driver and domain literals in CEL selectors,
  opaque config drivers and allocation results. A foreign ``gpu.example.com`` slice is
  therefore never the scenario's driver.
* **DeviceClasses** get a first selector ``device.driver.startsWith("<prefix>")``. First,
  because a selector that reads an attribute the foreign device lacks fails with a CEL
  runtime error before a later selector could exclude it (upstream evaluates a class's
  selectors in order and an error aborts the allocation); error paths and "selector #N"
  messages are shifted back by one.

* **ValidatingAdmissionPolicies** must not refuse other scenarios' (or anybody's) writes on a
  shared cluster. The binding's ``matchResources.namespaceSelector`` gets the requirement
  ``drakit.io/scenario In (<id>)`` (every namespace the scenario creates carries that label;
  a binding without matchResources gets one, marked with an annotation so it is taken away
  again on the way back). A namespaceSelector never exempts a cluster-scoped request
  (webhook/predicates/namespace: only namespaces themselves are looked at), so the policy
  also gets a last matchCondition, ``drakit.io/scenario-fence``: a request with a namespace
  passes it, a cluster-scoped one only when its new or old object carries the scenario's label
  (the harness labels everything it creates). matchConditions see ``namespaceObject`` as null
  and ``request.namespace`` is absent for a cluster-scoped request, hence ``has()``. The
  condition is written so that it never errors (an error would fall under the policy's
  failurePolicy); and since the first false condition ends the evaluation, the scenario's own
  conditions cannot make a foreign request fail either.

The scheduler's "0/N nodes are available: ..." histogram counts every node of the cluster;
``fit_message`` removes the nodes that are not the scenario's (see its docstring), so the
text matches the reference, which only has the scenario's nodes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

SCENARIO_LABEL = "drakit.io/scenario"
FAKE_NODE_TAINT_KEY = "drakit.io/fake-node"
MAX_CLASS_SELECTORS = 32
"""resource.k8s.io DeviceSelectorsMaxSize; with the scenario at the limit the guard is not
added (the class is then a validation subject, not something pods allocate from)."""

_DNS_SUBDOMAIN = re.compile(r"^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$")
_K8S_DOMAIN = re.compile(r"(^|\.)(k8s\.io|kubernetes\.io)$")
DRIVER_MAX = 63
"""resource.k8s.io DriverNameMaxLength (also the limit of an attribute's domain)."""


def _dict_at(parent: dict, key: str) -> dict | None:
    """``parent[key]``, made ``{}`` when absent; None when it holds something else (a value
    the server will refuse anyway: the fence leaves it alone)."""
    value = parent.get(key)
    if value is None:
        value = parent[key] = {}
    return value if isinstance(value, dict) else None


# ---------------------------------------------------------------------------- drivers

def driver_name(prefix: str, name: Any) -> Any:
    """The scenario's cluster name of driver (or attribute domain) ``name``.

    Kubernetes' own domains (``resource.kubernetes.io``, ``*.k8s.io``) are shared facts, not
    drivers, and stay; a name that is invalid or too long once prefixed is sent as is, so
    the server's verdict on it is the reference's."""
    if not isinstance(name, str) or not name or name.startswith(prefix) or \
            _K8S_DOMAIN.search(name) or not _DNS_SUBDOMAIN.match(name):
        return name
    real = prefix + name
    return real if len(real) <= DRIVER_MAX else name


def qualified_name(prefix: str, key: Any) -> Any:
    """``domain/id`` with the domain mapped like a driver; unqualified ids stay."""
    if not isinstance(key, str) or "/" not in key:
        return key
    domain, _, ident = key.partition("/")
    return f"{driver_name(prefix, domain)}/{ident}"


_CEL_DRIVER = re.compile(r'(device\.driver\s*(?:==|!=)\s*)(["\'])([^"\'\\]+)\2')
_CEL_DRIVER_RHS = re.compile(r'(["\'])([^"\'\\]+)\1(\s*(?:==|!=)\s*device\.driver\b)')
_CEL_DOMAIN = re.compile(r'(device\.(?:attributes|capacity)\s*\[\s*)(["\'])([^"\'\\]+)\2')


def rewrite_cel(prefix: str, expr: Any) -> Any:
    """Driver and domain literals in a CEL selector, mapped like the slice's names."""
    if not isinstance(expr, str):
        return expr
    expr = _CEL_DRIVER.sub(lambda m: m.group(1) + m.group(2) + driver_name(prefix, m.group(3))
                           + m.group(2), expr)
    expr = _CEL_DRIVER_RHS.sub(lambda m: m.group(1) + driver_name(prefix, m.group(2))
                               + m.group(1) + m.group(3), expr)
    return _CEL_DOMAIN.sub(lambda m: m.group(1) + m.group(2) + driver_name(prefix, m.group(3))
                           + m.group(2), expr)


def _selectors(holder: Any, prefix: str) -> None:
    if not isinstance(holder, dict):
        return
    for sel in holder.get("selectors") or ():
        cel = sel.get("cel") if isinstance(sel, dict) else None
        if isinstance(cel, dict) and "expression" in cel:
            cel["expression"] = rewrite_cel(prefix, cel["expression"])


def _opaque(configs: Any, prefix: str) -> None:
    for cfg in configs or ():
        opaque = cfg.get("opaque") if isinstance(cfg, dict) else None
        if isinstance(opaque, dict) and "driver" in opaque:
            opaque["driver"] = driver_name(prefix, opaque["driver"])


_NAME_REFS = ("capacityKey",)
"""Fields naming a capacity (KEP-5517 ``nodeAllocatableResources[].mapping.capacityKey``)."""


def _keys(m: dict, prefix: str) -> dict:
    return {qualified_name(prefix, a): _qualified_keys(x, prefix) for a, x in m.items()}


def _qualified_keys(value: Any, prefix: str) -> Any:
    """Qualified attribute/capacity names below ``value``: the keys of a device's
    ``attributes`` and ``capacity``, of a request's ``capacity.requests`` (consumable
    capacity) and of a result's ``consumedCapacity``, and ``_NAME_REFS`` fields."""
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k in _NAME_REFS and isinstance(v, str):
                out[k] = qualified_name(prefix, v)
            elif k == "capacity" and isinstance(v, dict) and set(v) == {"requests"} and \
                    isinstance(v["requests"], dict):
                out[k] = {"requests": _keys(v["requests"], prefix)}
            elif k in ("attributes", "capacity", "consumedCapacity") and isinstance(v, dict):
                out[k] = _keys(v, prefix)
            else:
                out[k] = _qualified_keys(v, prefix)
        return out
    if isinstance(value, list):
        return [_qualified_keys(v, prefix) for v in value]
    return value


def slice_drivers(spec: dict, prefix: str) -> None:
    """ResourceSlice spec: driver, qualified attribute and capacity names (also in mixins)."""
    if "driver" in spec:
        spec["driver"] = driver_name(prefix, spec["driver"])
    for k in list(spec):
        if k != "driver":
            spec[k] = _qualified_keys(spec[k], prefix)


def device_requests(spec: dict, prefix: str) -> None:
    """ResourceClaim spec (or a template's inner spec): selectors, constraints, config."""
    devices = spec.get("devices")
    if not isinstance(devices, dict):
        return
    for i, req in enumerate(devices.get("requests") or ()):
        if not isinstance(req, dict):
            continue
        _selectors(req.get("exactly"), prefix)
        for sub in req.get("firstAvailable") or ():
            _selectors(sub, prefix)
        devices["requests"][i] = _qualified_keys(req, prefix)
    for c in devices.get("constraints") or ():
        if isinstance(c, dict):
            for k in ("matchAttribute", "distinctAttribute"):
                if k in c:
                    c[k] = qualified_name(prefix, c[k])
    _opaque(devices.get("config"), prefix)


def claim_status(status: dict, prefix: str, pool_name) -> None:
    """Allocation results and device statuses written through the API (as a scheduler or a
    driver would): drivers, pools (pools are prefixed like the slices that define them)."""
    alloc = status.get("allocation")
    devices = alloc.get("devices") if isinstance(alloc, dict) else None
    if isinstance(devices, dict):
        devices["results"] = [_qualified_keys(r, prefix) for r in devices.get("results") or ()]
        for r in devices.get("results") or ():
            if isinstance(r, dict):
                if "driver" in r:
                    r["driver"] = driver_name(prefix, r["driver"])
                if isinstance(r.get("pool"), str):
                    r["pool"] = pool_name(r["pool"])
        _opaque(devices.get("config"), prefix)
    for d in status.get("devices") or ():
        if isinstance(d, dict):
            if "driver" in d:
                d["driver"] = driver_name(prefix, d["driver"])
            if isinstance(d.get("pool"), str):
                d["pool"] = pool_name(d["pool"])


# ---------------------------------------------------------------------------- resources

_STANDARD_PREFIXES = ("requests.", "limits.")


def extended_resource(prefix: str, name: Any) -> Any:
    """``example.com/gpu`` -> ``<prefix>example.com/gpu``: an extended resource name is
    cluster-wide (KEP-5004 maps it to the newest DeviceClass naming it; device plugins
    publish it on nodes), so scenarios running side by side — or a foreign class — would
    otherwise serve each other's pods. Kubernetes' own domains (``*.kubernetes.io``, e.g. the
    implicit ``deviceclass.resource.kubernetes.io/<class>``) stay; quota keys keep their
    ``requests.``/``limits.`` prefix."""
    if not isinstance(name, str) or "/" not in name or name.startswith("count/"):
        return name  # count/<resource>.<group> is an object-count quota key, no resource name
    for p in _STANDARD_PREFIXES:
        if name.startswith(p):
            return p + extended_resource(prefix, name[len(p):])
    domain, _, rest = name.partition("/")
    if domain.startswith(prefix) or _K8S_DOMAIN.search(domain) or \
            not _DNS_SUBDOMAIN.match(domain) or len(prefix + domain) > 253:
        return name
    return f"{prefix}{domain}/{rest}"


def pod_status_resources(status: Any, prefix: str) -> None:
    """The extended resource names a pod's status carries (KEP-5004 request mappings)."""
    ercs = status.get("extendedResourceClaimStatus") if isinstance(status, dict) else None
    for m in (ercs.get("requestMappings") or ()) if isinstance(ercs, dict) else ():
        if isinstance(m, dict) and "resourceName" in m:
            m["resourceName"] = extended_resource(prefix, m["resourceName"])


def resource_keys(m: Any, prefix: str) -> Any:
    if not isinstance(m, dict):
        return m
    return {extended_resource(prefix, k): v for k, v in m.items()}


# ---------------------------------------------------------------------------- classes

def class_guard(prefix: str) -> dict:
    return {"cel": {"expression": f'device.driver.startsWith("{prefix}")'}}


def guard_class(spec: dict, prefix: str) -> bool:
    """Rewrite a DeviceClass spec's selectors and put the driver guard first.
    Returns True when the guard was added (error paths must then be shifted back)."""
    _selectors(spec, prefix)
    _opaque(spec.get("config"), prefix)
    sels = spec.get("selectors")
    if sels is None:
        sels = []
    if not isinstance(sels, list) or len(sels) >= MAX_CLASS_SELECTORS:
        return False
    spec["selectors"] = [class_guard(prefix), *sels]
    return True


def unguard_class(spec: Any, prefix: str) -> None:
    """Remove the guard from a DeviceClass spec coming back."""
    if not isinstance(spec, dict) or not isinstance(spec.get("selectors"), list):
        return
    sels = spec["selectors"]
    if sels and sels[0] == class_guard(prefix):
        sels = sels[1:]
        if sels:
            spec["selectors"] = sels
        else:
            spec.pop("selectors")


_SELECTOR_PATH = re.compile(r"(?<![\w.\]])spec\.selectors\[(\d+)\]")


def shift_selector_paths(text: str) -> str:
    """``spec.selectors[N]`` -> ``[N-1]`` in a DeviceClass error (the guard is index 0)."""
    return _SELECTOR_PATH.sub(lambda m: f"spec.selectors[{max(int(m.group(1)) - 1, 0)}]", text)


def shift_selector_numbers(text: str, prefix: str) -> str:
    """``class <prefix>x: selector #N`` -> ``#N-1`` in allocation errors of guarded classes."""
    pat = re.compile(r"(class " + re.escape(prefix) + r"[^:\s]*: selector #)(\d+)")
    return pat.sub(lambda m: m.group(1) + str(max(int(m.group(2)) - 1, 0)), text)


_CEL_ERROR = re.compile(r"(ERROR: <input>:\d+:)(\d+)(: [^\n]*\n \| )([^\n]*)(\n \| )(\.*)\^")


def shift_cel_columns(text: str, prefix: str) -> str:
    """CEL error positions as in the expression the scenario wrote: every ``prefix`` the
    driver mapping put into the source line before the column moved it right; the column
    and the caret line (cel-go's ``ERROR: <input>:L:C: msg`` / `` | source`` / `` | ...^``)
    move back by that much before the prefix itself is stripped."""
    def fix(m: re.Match) -> str:
        col, line = int(m.group(2)), m.group(4)
        before = line[:max(col - 1, 0)]
        shift = before.count(prefix) * len(prefix)
        if not shift:
            return m.group(0)
        return (m.group(1) + str(col - shift) + m.group(3) + line + m.group(5)
                + "." * max(len(m.group(6)) - shift, 0) + "^")
    return _CEL_ERROR.sub(fix, text)


# ---------------------------------------------------------------------------- pods

def pin_term(sid: str) -> dict:
    return {"key": SCENARIO_LABEL, "operator": "In", "values": [sid]}


def pin_node_term(node: str) -> dict:
    """The pin of a pod bound to a driver profile's real node (driver_profile.py): that node
    by name. The harness never labels a node it did not create, so the scenario label cannot
    be the pin there; the kubelet's admission check of node affinity still refuses the pod
    on any other node."""
    return {"key": "metadata.name", "operator": "In", "values": [node]}


def pin_pod(spec: dict, sid: str, node: str | None = None) -> None:
    """Required node affinity on the scenario label, ANDed into every existing term (with
    ``node``: on that real node's name, a ``matchFields`` requirement)."""
    field_, term = ("matchFields", pin_node_term(node)) if node else \
        ("matchExpressions", pin_term(sid))
    aff = _dict_at(spec, "affinity")
    na = _dict_at(aff, "nodeAffinity") if aff is not None else None
    if na is None:
        return
    req = na.get("requiredDuringSchedulingIgnoredDuringExecution")
    if req is None:
        na["requiredDuringSchedulingIgnoredDuringExecution"] = {
            "nodeSelectorTerms": [{field_: [term]}]}
        return
    terms = req.get("nodeSelectorTerms") if isinstance(req, dict) else None
    if not isinstance(terms, list):
        return  # invalid as written: the server's verdict is the reference's
    for t in terms:
        # a term without requirements matches no node: it stays as it is (and unpinned)
        if isinstance(t, dict) and (t.get("matchExpressions") or t.get("matchFields")):
            exprs = t.get(field_)
            if exprs is None:
                t[field_] = [term]
            elif isinstance(exprs, list) and term not in exprs:
                exprs.append(term)


def unpin(obj: dict, sid: str, nodes: Iterable[str] = ()) -> None:
    """Remove the pin from an ``affinity`` mapping coming back (in place); ``nodes``: the
    real nodes a pod may have been pinned to by name (``pin_node_term``)."""
    aff = obj.get("affinity")
    if not isinstance(aff, dict):
        return
    na = aff.get("nodeAffinity")
    if not isinstance(na, dict):
        return
    req = na.get("requiredDuringSchedulingIgnoredDuringExecution")
    if not isinstance(req, dict) or not isinstance(req.get("nodeSelectorTerms"), list):
        return
    pins = {"matchExpressions": [pin_term(sid)],
            "matchFields": [pin_node_term(n) for n in nodes]}
    kept = []
    for t in req["nodeSelectorTerms"]:
        touched = False
        for field_, terms in pins.items():
            if isinstance(t, dict) and isinstance(t.get(field_), list) and \
                    any(p in t[field_] for p in terms):
                t = dict(t)
                t[field_] = [e for e in t[field_] if e not in terms]
                if not t[field_]:
                    t.pop(field_)
                touched = True
        if touched and not t:
            continue  # a term the harness made
        kept.append(t)
    if kept:
        req["nodeSelectorTerms"] = kept
        return
    na.pop("requiredDuringSchedulingIgnoredDuringExecution")
    if not na:
        aff.pop("nodeAffinity")
    if not aff:
        obj.pop("affinity")


# ---------------------------------------------------------------------------- messages

_FIT = re.compile(r"0/(\d+) nodes are available: (.*?)\.(?=[ ,]|$)")
"""One histogram; it ends at a "." before a space, a comma or the end of the message."""
_REASON = re.compile(r"^(\d+) (.+)$")
AFFINITY = "node(s) didn't match Pod's node affinity/selector"
UNSCHEDULABLE = "node(s) were unschedulable"
NOT_HELPFUL = "Preemption is not helpful for scheduling"
_TAINT = re.compile(r"^node\(s\) had untolerated taint \{(.*?): ")
UNTOLERATED = "node(s) had untolerated taint(s)"
"""TaintToleration's reason since kubernetes#134740 (1.35, and 1.34 patch releases from
#135023): no taint key or value, so only a cluster whose scenario nodes have no hard taint
lets it be told apart as the other nodes' reason."""


def _histogram(text: str) -> list[tuple[int, str]] | None:
    out = []
    for part in text.split(", "):
        m = _REASON.match(part)
        if not m:
            return None
        out.append((int(m.group(1)), m.group(2)))
    return out


def _render(hist: list[tuple[int, str]]) -> str:
    # upstream FitError.Error: "<count> <reason>" strings, sort.Strings, joined by ", "
    return ", ".join(sorted(f"{n} {r}" for n, r in hist if n > 0))


def fit_message(text: str, own_nodes: Iterable[Mapping[str, Any]]) -> str:
    """The scheduler's message as if the cluster had only the scenario's nodes.

    ``0/N``: N counts every node when the pod was scheduled; the scenario's nodes are the
    ones it has now (``own_nodes``), so ``excess = N - own`` nodes were others'. Those
    fail for the pod with UnschedulableAndUnresolvable reasons that the scenario's nodes
    cannot produce: an untolerated taint no own node has, "were unschedulable" when no own
    node is, and (the rest) "didn't match Pod's node affinity/selector" — the pin. These
    counts are reduced by exactly ``excess`` (taints, unschedulable, then affinity) and the
    preemption histogram's "Preemption is not helpful" by the same number. When the
    numbers do not add up the message is left as the server wrote it."""
    own = list(own_nodes)
    m = _FIT.search(text)
    if not m:
        return text
    total = int(m.group(1))
    excess = total - len(own)
    if excess <= 0:
        return text
    # the harness's own fake-node taint, which every scenario pod tolerates, is no reason
    # the scenario's nodes can give (own_nodes are read raw, with it)
    own_taint_list = [t for n in own for t in (n.get("spec") or {}).get("taints") or ()
                      if isinstance(t, dict) and t.get("key") != FAKE_NODE_TAINT_KEY]
    own_taints = {t.get("key") for t in own_taint_list}
    own_unschedulable = any((n.get("spec") or {}).get("unschedulable") for n in own)
    own_hard_taints = any(t.get("effect") in ("NoSchedule", "NoExecute") for t in own_taint_list)

    def others_only(reason: str) -> bool:
        """A reason only the other nodes can give: an untolerated taint none of the
        scenario's nodes has, or "were unschedulable" when none of them is."""
        t = _TAINT.match(reason)
        return ((t is not None and t.group(1) not in own_taints)
                or (reason == UNTOLERATED and not own_hard_taints)
                or (reason == UNSCHEDULABLE and not own_unschedulable))

    def first(seg: str) -> str | None:
        hist = _histogram(seg)
        if hist is None:
            return None
        left = excess
        order = sorted(range(len(hist)), key=lambda i: (
            0 if others_only(hist[i][1]) else 1 if hist[i][1] == AFFINITY else 2))
        out = list(hist)
        for i in order:
            n, reason = out[i]
            if others_only(reason):  # only other nodes can give this reason: all of it goes
                if n > left:
                    return None
                out[i], left = (0, reason), left - n
            elif reason == AFFINITY and left > 0:
                take = min(n, left)
                out[i], left = (n - take, reason), left - take
        return _render(out) if left == 0 else None

    def preemption(seg: str) -> str | None:
        # releases before FitError appended its PostFilter message with " %v" printed ".."
        # after the preemption part (" %v." after a message that ends with "."); a trailing
        # "." of the segment is kept as it came
        tail = "." if seg.endswith(".") else ""
        hist = _histogram(seg.removesuffix("."))
        if hist is None:
            return None
        out, ok = [], False
        for n, r in hist:
            if r == NOT_HELPFUL and n >= excess:
                n, ok = n - excess, True
            out.append((n, r))
        return _render(out) + tail if ok else None

    matches = list(_FIT.finditer(text))
    pieces, pos = [], 0
    for i, mm in enumerate(matches):
        seg = mm.group(2)
        new = first(seg) if i == 0 else preemption(seg)
        if new is None or int(mm.group(1)) != total:
            return text
        pieces.append(text[pos:mm.start()])
        pieces.append(f"0/{total - excess} nodes are available: {new}." if new else
                      f"0/{total - excess} nodes are available.")
        pos = mm.end()
    pieces.append(text[pos:])
    return "".join(pieces)


def counted_nodes(text: str) -> int | None:
    """The N of the first "0/N nodes are available" in ``text``; None without one."""
    m = _FIT.search(text)
    return int(m.group(1)) if m else None


_REASON_PLUGINS = (
    (AFFINITY, "NodeAffinity"),
    (UNSCHEDULABLE, "NodeUnschedulable"),
    ("node(s) had untolerated taint", "TaintToleration"),
    ("node(s) didn't match the requested node name", "NodeName"),
    ("node(s) didn't have free ports", "NodePorts"),
    ("Insufficient ", "NodeResourcesFit"),
    ("Too many pods", "NodeResourcesFit"),
    ("cannot allocate all claims", "DynamicResources"),
)
"""The plugin behind each Filter reason of the default profile's filters that scenarios
meet (the reason strings of pkg/scheduler/framework/plugins/*)."""


def reason_plugin(reason: str) -> str:
    """The plugin that gives ``reason``; an unknown reason stands for itself, quoted, so a
    comparison with plugin names fails and shows it."""
    for start, plugin in _REASON_PLUGINS:
        if reason.startswith(start):
            return plugin
    return repr(reason)


def split_rejections(text: str, own_nodes: Iterable[Mapping[str, Any]]
                     ) -> tuple[set[str], set[str]] | None:
    """The reasons of a "0/N nodes are available" message split into the scenario's nodes'
    and the other nodes' (``fit_message`` decides which counts were others'): ``(own,
    others)`` reason sets; None when the text has no histogram or the counts cannot be told
    apart (``fit_message`` left a message with other nodes in it as it was)."""
    own = list(own_nodes)
    m = _FIT.search(text)
    raw = _histogram(m.group(2)) if m else None
    if raw is None:
        return None
    mine_text = fit_message(text, own)
    if int(m.group(1)) > len(own) and mine_text == text:
        return None
    mm = _FIT.search(mine_text)
    mine = _histogram(mm.group(2)) if mm else []
    if mine is None:  # pragma: no cover - fit_message renders what _histogram reads
        return None
    left = dict.fromkeys((r for _, r in raw), 0)
    for n, r in mine:
        left[r] = left.get(r, 0) + n
    others = {r for n, r in raw if n > left.get(r, 0)}
    return {r for n, r in mine if n > 0}, others


# ---------------------------------------------------------------------------- preflight

def tolerates_fake_taint(tolerations: Any) -> bool:
    for t in tolerations or ():
        if not isinstance(t, dict):
            continue
        key_ok = not t.get("key") or t.get("key") == FAKE_NODE_TAINT_KEY
        eff_ok = not t.get("effect") or t.get("effect") == "NoSchedule"
        if key_ok and eff_ok and (t.get("operator") == "Exists" or not t.get("key")
                                  or t.get("value") == "true"):
            return True
    return False


def interference(nodes: list[dict], slices: list[dict], classes: list[dict],
                 daemonsets: list[dict], harness_label: str) -> dict:
    """What exists on the cluster that the run did not create and how the run is kept
    apart from it (shown before the first scenario and in the report header)."""

    def foreign(objs: list[dict]) -> list[dict]:
        return [o for o in objs if ((o.get("metadata") or {}).get("labels") or {}).get(
            harness_label) != "true"]

    fn, fs, fc = foreign(nodes), foreign(slices), foreign(classes)
    drivers = sorted({(s.get("spec") or {}).get("driver", "") for s in fs})
    ext = {}
    for c in fc:
        name = (c.get("spec") or {}).get("extendedResourceName")
        if name:
            ext.setdefault(name, []).append(c["metadata"]["name"])
    tolerant = sorted(
        f"{(d.get('metadata') or {}).get('namespace', '')}/{d['metadata']['name']}"
        for d in daemonsets
        if tolerates_fake_taint((((d.get("spec") or {}).get("template") or {}).get("spec")
                                 or {}).get("tolerations")))
    return {
        "foreign_nodes": sorted(n["metadata"]["name"] for n in fn),
        "foreign_slices": len(fs),
        "foreign_drivers": drivers,
        "foreign_classes": sorted(c["metadata"]["name"] for c in fc),
        "foreign_extended_resources": {k: sorted(v) for k, v in sorted(ext.items())},
        "tolerating_daemonsets": tolerant,
        "isolation": [
            "pods the run creates require the node label drakit.io/scenario=<scenario id> "
            "(node affinity) and tolerate only the harness's fake-node taint: they land on "
            "the scenario's own nodes only",
            "drivers are renamed per scenario (dk<id>-<driver>) and every DeviceClass the "
            "run creates selects first device.driver.startsWith(\"dk<id>-\"): foreign "
            "slices and devices are never allocated",
            "the run lists, changes and deletes only objects carrying the label "
            "drakit.io/scenario of its own scenarios (cluster-scoped) or inside its own "
            "namespaces",
            "extended resource names are renamed per scenario too (example.com/gpu -> "
            "dk<id>-example.com/gpu in pods, nodes, quota and DeviceClasses): a foreign class "
            "or device plugin never serves the run's pods",
        ] + ([f"foreign DeviceClasses map extended resources {sorted(ext)}; the run's own "
              f"names differ"] if ext else [])
        + ([f"DaemonSets {tolerant} tolerate the fake-node taint: their pods would be "
            f"bound to the harness's nodes and use their allocatable"] if tolerant else []),
    }


# ---------------------------------------------------------------------------- admission policies

POLICY_FENCE = "drakit.io/scenario-fence"
"""The name of the matchCondition that keeps a scenario's policy to the scenario's objects."""
BARE_BINDING_ANNOTATION = "drakit.io/fence-added-match-resources"
"""On a binding that had no matchResources before the fence gave it one."""


def _labelled(var: str, sid: str) -> str:
    return (f"({var} != null && has({var}.metadata.labels) && "
            f"'{SCENARIO_LABEL}' in {var}.metadata.labels && "
            f"{var}.metadata.labels['{SCENARIO_LABEL}'] == '{sid}')")


def policy_fence_condition(sid: str) -> dict:
    """The matchCondition: namespaced requests pass (the binding's namespaceSelector fences
    them), cluster-scoped ones only for the scenario's own objects."""
    return {"name": POLICY_FENCE,
            "expression": f"has(request.namespace) || {_labelled('object', sid)} || "
                          f"{_labelled('oldObject', sid)}"}


def fence_policy(spec: Any, sid: str) -> None:
    """Append the fence condition to a ValidatingAdmissionPolicy's spec (a spec at the limit
    of 64 conditions is sent as is: the server refuses it anyway, for its own reason)."""
    if not isinstance(spec, dict):
        return
    conds = spec.get("matchConditions")
    if conds is None:
        conds = []
    if not isinstance(conds, list) or len(conds) >= 64:
        return
    spec["matchConditions"] = [c for c in conds
                               if not (isinstance(c, dict) and c.get("name") == POLICY_FENCE)]
    spec["matchConditions"].append(policy_fence_condition(sid))


def unfence_policy(spec: Any) -> None:
    if not isinstance(spec, dict) or not isinstance(spec.get("matchConditions"), list):
        return
    kept = [c for c in spec["matchConditions"]
            if not (isinstance(c, dict) and c.get("name") == POLICY_FENCE)]
    if len(kept) == len(spec["matchConditions"]):
        return
    if kept:
        spec["matchConditions"] = kept
    else:
        spec.pop("matchConditions")


def namespace_fence(sid: str) -> dict:
    return {"key": SCENARIO_LABEL, "operator": "In", "values": [sid]}


def fence_binding(obj: dict, sid: str) -> None:
    """Add the namespace fence to a ValidatingAdmissionPolicyBinding (the whole object: the
    annotation for a binding without matchResources goes into its metadata)."""
    spec = obj.get("spec")
    if not isinstance(spec, dict):
        return
    mr = spec.get("matchResources")
    if mr is None:
        mr = spec["matchResources"] = {}
        md = obj.setdefault("metadata", {})
        ann = md.get("annotations")
        md["annotations"] = ann = dict(ann) if isinstance(ann, dict) else {}
        ann[BARE_BINDING_ANNOTATION] = "true"
    sel = _dict_at(mr, "namespaceSelector") if isinstance(mr, dict) else None
    if sel is None:
        return
    exprs = sel.get("matchExpressions")
    exprs = [e for e in exprs if not (isinstance(e, dict) and e.get("key") == SCENARIO_LABEL)] \
        if isinstance(exprs, list) else []
    sel["matchExpressions"] = [*exprs, namespace_fence(sid)]


def unfence_binding(obj: dict) -> None:
    """The binding as the scenario wrote it (the server's defaults kept), on the way back."""
    spec = obj.get("spec")
    md = obj.get("metadata") if isinstance(obj.get("metadata"), dict) else {}
    ann = md.get("annotations") if isinstance(md.get("annotations"), dict) else {}
    bare = ann.get(BARE_BINDING_ANNOTATION) == "true"
    if BARE_BINDING_ANNOTATION in ann:
        ann = {k: v for k, v in ann.items() if k != BARE_BINDING_ANNOTATION}
        if ann:
            md["annotations"] = ann
        else:
            md.pop("annotations", None)
    if not isinstance(spec, dict) or not isinstance(spec.get("matchResources"), dict):
        return
    if bare:
        spec.pop("matchResources")
        return
    sel = spec["matchResources"].get("namespaceSelector")
    if isinstance(sel, dict) and isinstance(sel.get("matchExpressions"), list):
        kept = [e for e in sel["matchExpressions"]
                if not (isinstance(e, dict) and e.get("key") == SCENARIO_LABEL)]
        if kept:
            sel["matchExpressions"] = kept
        else:
            sel.pop("matchExpressions")
