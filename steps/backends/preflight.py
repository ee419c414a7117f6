"""Before the first scenario on a live cluster: which cluster is this, may the run use it.

Why a preflight: a missing kubeconfig or an unreachable server used to surface as one
failed "conformance verdict" per scenario (276 of them, minutes of retries); a user
without the rights to create nodes saw the same. And a report that says "backend cluster"
without naming the cluster, its version and its gates cannot be read later. The preflight
runs once, in the pytest process that drives the run (the xdist controller), and either
returns a description of the cluster (shown before the run, in the report header and in
results.json under ``environment.cluster``) or raises ``PreflightError`` with one line that
names the cause and the fix (turned into a pytest usage error by the conftest).

What it records: the server URL's host and the context name, ``/version``, the served
versions of the DRA groups, the feature gates (the ``kubernetes_feature_enabled`` metric
where /metrics is readable, else inferred from served fields and labelled "inferred"),
whether node access is configured, the RBAC the run needs (one SelfSubjectAccessReview per
verb and resource; a server without the API — 404 — is recorded as "cannot check RBAC"),
and what on the cluster could interfere and how the run is kept apart (isolation.py).
"""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import urlparse

from . import isolation as iso
from .base import ApiError, EnvironmentFailure

DRA_GROUPS = ("resource.k8s.io", "scheduling.k8s.io")

# (group, resource, verbs): what the harness itself does on a cluster (cluster.py): the
# scenario namespace, fake nodes and their status, the DRA objects, pods and their status,
# quota, events, admission policies; scheduling.k8s.io only where served.
REQUIRED_RIGHTS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("", "namespaces", ("create", "get", "delete")),
    ("", "nodes", ("create", "get", "list", "update", "patch", "delete")),
    ("", "nodes/status", ("update",)),
    ("", "pods", ("create", "get", "list", "update", "patch", "delete")),
    ("", "pods/status", ("update", "patch")),
    ("", "events", ("list",)),
    ("", "resourcequotas", ("create", "get", "list", "update", "delete")),
    ("resource.k8s.io", "deviceclasses", ("create", "get", "list", "update", "patch",
                                          "delete")),
    ("resource.k8s.io", "resourceslices", ("create", "get", "list", "update", "patch",
                                           "delete")),
    ("resource.k8s.io", "resourceclaims", ("create", "get", "list", "update", "patch",
                                           "delete")),
    ("resource.k8s.io", "resourceclaims/status", ("update", "patch")),
    ("resource.k8s.io", "resourceclaimtemplates", ("create", "get", "list", "update",
                                                   "delete")),
    ("scheduling.k8s.io", "podgroups", ("create", "get", "list", "update", "delete")),
    ("scheduling.k8s.io", "priorityclasses", ("create", "get", "list", "update", "delete")),
    # the scenarios that refuse a component's write (features/platform-admission-policy.feature)
    ("admissionregistration.k8s.io", "validatingadmissionpolicies",
     ("create", "get", "list", "update", "delete")),
    ("admissionregistration.k8s.io", "validatingadmissionpolicybindings",
     ("create", "get", "list", "update", "delete")),
)
NODE_AGENT_RIGHTS = (("", "pods/exec", ("create",)), ("", "pods", ("list",)))


class PreflightError(Exception):
    """One line: what is wrong with the environment and what to do about it."""


def kubeconfig_identity(kubeconfig: str | None, context: str | None) -> dict[str, Any]:
    """Context name, server host and kubeconfig path, read as the client will read them."""
    from kubernetes import config

    path = kubeconfig or os.environ.get("KUBECONFIG") or os.path.expanduser("~/.kube/config")
    if not kubeconfig and os.environ.get("KUBERNETES_SERVICE_HOST") and \
            not os.path.exists(path):
        host = os.environ["KUBERNETES_SERVICE_HOST"]
        return {"kubeconfig": "(in-cluster service account)", "context": "(in-cluster)",
                "server": f"https://{host}:{os.environ.get('KUBERNETES_SERVICE_PORT', '443')}"}
    first = path.split(os.pathsep)[0]
    if not os.path.exists(first):
        raise PreflightError(
            f"no kubeconfig at {first} — pass --kubeconfig FILE (or set KUBECONFIG) for "
            f"--backend=cluster/both, or run on the reference with --backend=reference")
    try:
        contexts, current = config.list_kube_config_contexts(config_file=first)
    except Exception as e:  # noqa: BLE001 - any parse problem is the user's file
        raise PreflightError(f"cannot read the kubeconfig {first}: {_one_line(e)} — fix the "
                             f"file or pass another with --kubeconfig") from None
    ctx = next((c for c in contexts if c.get("name") == context), None) if context else current
    if ctx is None:
        names = ", ".join(sorted(c.get("name", "") for c in contexts)) or "none"
        raise PreflightError(f"the kubeconfig {first} has no context {context!r} (it has: "
                             f"{names}) — pass one of them with --context")
    cluster_name = (ctx.get("context") or {}).get("cluster")
    server = ""
    import yaml

    try:
        with open(first, encoding="utf-8") as f:
            doc = yaml.safe_load(f) or {}
        for c in doc.get("clusters") or ():
            if c.get("name") == cluster_name:
                server = (c.get("cluster") or {}).get("server", "")
    # PyYAML raises AttributeError for a !!timestamp tag on text that is no timestamp; the
    # server's address is only shown, so an odd kubeconfig leaves it out
    except (OSError, ValueError, AttributeError, TypeError, yaml.YAMLError):
        pass
    return {"kubeconfig": first, "context": ctx.get("name", ""), "server": server}


def server_host(url: str) -> str:
    """``https://10.0.0.1:6443/prefix`` -> ``10.0.0.1:6443`` (no credentials, no path)."""
    p = urlparse(url)
    return p.netloc.rsplit("@", 1)[-1] or url


def _one_line(e: BaseException) -> str:
    text = " ".join(str(e).split())
    return text if len(text) < 300 else text[:300] + " …"


def check_rights(session, rights) -> dict[str, Any]:
    """One SelfSubjectAccessReview per verb and resource (cluster-wide: the run creates its
    own namespaces). Returns {checked, note, missing: ["verb group/resource"], allowed}."""
    out: dict[str, Any] = {"checked": True, "note": "", "missing": [], "allowed": []}
    served_groups = {gv.rsplit("/", 1)[0] for gv in session.served_api_versions if "/" in gv}
    for group, resource, verbs in rights:
        if group and group not in served_groups:
            continue
        base, _, sub = resource.partition("/")
        for verb in verbs:
            attrs = {"verb": verb, "group": group, "resource": base}
            if sub:
                attrs["subresource"] = sub
            body = {"apiVersion": "authorization.k8s.io/v1", "kind": "SelfSubjectAccessReview",
                    "spec": {"resourceAttributes": attrs}}
            name = f"{verb} {group + '/' if group else ''}{resource}"
            try:
                res = session.request(
                    "POST", "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews",
                    None, body, retry=False)
            except ApiError as e:
                if e.code == 404:
                    return {"checked": False, "missing": [], "allowed": [],
                            "note": "cannot check RBAC: the server does not serve "
                                    "SelfSubjectAccessReview (authorization.k8s.io/v1); "
                                    "missing rights will show as 403 errors"}
                raise PreflightError(f"checking RBAC ({name}) failed: {e}") from None
            if (res.get("status") or {}).get("allowed"):
                out["allowed"].append(name)
            else:
                out["missing"].append(name)
    return out


def infer_gates(session) -> dict[str, bool]:
    """Gates inferred from what the server serves (no metric readable): the DRA API group
    means DynamicResourceAllocation; probes for gated fields (cluster.py ``_PROBES``)."""
    out: dict[str, bool] = {}
    if any(gv.startswith("resource.k8s.io/") for gv in session.served_api_versions):
        out["DynamicResourceAllocation"] = True
    for gate in ("DRAExtendedResource",):
        v = session.gate(gate)
        if v is not None:
            out[gate] = v
    return out


def run(opts, rights=REQUIRED_RIGHTS) -> dict[str, Any]:
    """The whole preflight (see the module docstring); raises PreflightError."""
    from . import driver_profile as dp
    from .cluster import HARNESS_LABEL, Session

    profile = None
    if getattr(opts, "driver_profile", None):
        try:  # a malformed profile stops the run before the cluster is even asked
            profile = dp.load(opts.driver_profile)
        except dp.ProfileError as e:
            raise PreflightError(str(e)) from None
    ident = kubeconfig_identity(opts.kubeconfig, opts.context)
    host = server_host(ident["server"]) if ident["server"] else "(unknown)"
    quick = type(opts)(**{**vars(opts), "retries": 2})
    try:
        session = Session.get(quick)
    except EnvironmentFailure as e:
        raise PreflightError(
            f"cannot reach the API server {host} (context {ident['context']}): "
            f"{_one_line(e)} — start the cluster or fix the server address "
            f"(kubectl --kubeconfig {ident['kubeconfig']} cluster-info shows what is used)"
        ) from None
    except ApiError as e:
        hint = ("the credentials are refused: refresh them (kubectl auth whoami)"
                if e.code in (401, 403) else "is this a Kubernetes API server?")
        raise PreflightError(f"the API server {host} answered {e} — {hint}") from None
    session.opts.retries = opts.retries
    wants = list(rights)
    if opts.node_agent and str(opts.node_agent).startswith("exec"):
        wants += list(NODE_AGENT_RIGHTS)
    rbac = check_rights(session, wants)
    if rbac["missing"]:
        raise PreflightError(
            f"the kubeconfig user may not {', '.join(rbac['missing'][:6])}"
            f"{' …' if len(rbac['missing']) > 6 else ''} (SelfSubjectAccessReview) — the run "
            f"creates namespaces, fake nodes and DRA objects: bind a role with these rights "
            f"(e.g. cluster-admin on a test cluster)")
    if session.gates:
        gates, source = dict(session.gates), session.gates_source
    else:
        gates = infer_gates(session)
        source = "inferred from served APIs and fields (" + session.gates_source + ")"
    dra = {}
    for gv in sorted(session.served_api_versions):
        group, _, version = gv.rpartition("/")
        if group in DRA_GROUPS:
            dra.setdefault(group, []).append(version)

    def listing(path: str) -> list[dict]:
        try:
            return session.request("GET", path).get("items") or []
        except (ApiError, EnvironmentFailure):
            return []

    res = session.resources
    interference = iso.interference(
        listing("/api/v1/nodes"),
        listing(res["ResourceSlice"].path()) if "ResourceSlice" in res else [],
        listing(res["DeviceClass"].path()) if "DeviceClass" in res else [],
        listing("/apis/apps/v1/daemonsets"), HARNESS_LABEL)
    described_profile = None
    if profile is not None:
        def get(kind: str, name: str) -> Any:
            if kind not in res:
                return None
            try:
                return session.request("GET", res[kind].path(None, name))
            except ApiError as e:
                if e.code == 404:
                    return None
                raise
        try:
            described_profile = dp.check_cluster(
                profile, get, listing(res["ResourceSlice"].path())
                if "ResourceSlice" in res else [])
        except dp.ProfileError as e:
            raise PreflightError(str(e)) from None
    v = session.version_doc
    return {
        "driver_profile": described_profile,
        "server": host,
        "context": ident["context"],
        "kubeconfig": ident["kubeconfig"],
        "server_version": v.get("gitVersion"),
        "version": session.minor,
        "platform": v.get("platform"),
        "drakit_serve": session.is_drakit,
        "dra_api_versions": dra,
        "gates": gates,
        "gates_source": source,
        "gates_inferred": not bool(session.gates),
        "node_access": describe_node_access(opts),
        "rbac": rbac,
        "interference": interference,
    }


def describe_node_access(opts) -> str:
    agent = opts.node_agent
    if not agent:
        return ("none: kubelet/PodResources scenarios are unsupported (set DRAKIT_NODE_AGENT "
                "or --node-agent, see docs/live-cluster.md)")
    return f"node agent {agent}"
