"""Discovery documents: what kubectl and client-go read before they send a request.

Why legacy (unaggregated) discovery only: kubectl asks for aggregated discovery first
(``as=APIGroupDiscoveryList``) and falls back to /api, /apis and one resource list per
group version when the response is plain ``application/json``. Serving the legacy
documents is smaller and is exactly what a 1.2x-era kube-apiserver answers, so both
kubectl and the python client work unchanged.

The documents are derived from drakit.kinds for the emulated version and gates, so a
gated API group version (scheduling.k8s.io/v1alpha3 and v1beta1 while GenericWorkload is
off; the group then serves PriorityClass v1 alone) is absent exactly as on a cluster where
that group version is not enabled.
"""

from __future__ import annotations

from typing import Any

from drakit.kinds import KINDS, KindInfo
from drakit.validation.strategy import Context

from . import authz

VERBS = ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"]
STATUS_VERBS = ["get", "patch", "update"]

# Short names kubectl users type that drakit.kinds does not list (kube-apiserver's own).
_EXTRA_SHORT = {"Event": ("ev",)}
_CATEGORIES = {"Pod": ["all"], "Deployment": ["all"], "ReplicaSet": ["all"]}


def served(ctx: Context) -> list[tuple[KindInfo, str]]:
    """(kind, version) pairs served at this emulated version and gates."""
    out = []
    for info in KINDS.values():
        for v in info.served_versions(ctx):
            out.append((info, v))
    return out


def find(ctx: Context, group: str, version: str, plural: str) -> KindInfo | None:
    for info, v in served(ctx):
        if info.group == group and v == version and info.plural == plural:
            return info
    return None


def version_doc(emulated: str) -> dict[str, Any]:
    major, minor = emulated.split(".")[:2]
    return {
        "major": major, "minor": minor, "emulationMajor": major, "emulationMinor": minor,
        "gitVersion": f"v{major}.{minor}.0-drakit", "gitCommit": "0" * 40,
        "gitTreeState": "clean", "buildDate": "2026-01-01T00:00:00Z",
        "goVersion": "drakit", "compiler": "drakit", "platform": "linux/amd64",
    }


def core_versions(server_address: str) -> dict[str, Any]:
    return {"kind": "APIVersions", "versions": ["v1"],
            "serverAddressByClientCIDRs": [{"clientCIDR": "0.0.0.0/0",
                                            "serverAddress": server_address}]}


def _groups(ctx: Context) -> dict[str, list[str]]:
    # authorization.k8s.io serves the self reviews (drakit/serve/authz.py), no stored kind
    groups: dict[str, list[str]] = {authz.GROUP: [authz.VERSION]}
    for info, v in served(ctx):
        if info.group:
            vs = groups.setdefault(info.group, [])
            if v not in vs:
                vs.append(v)
    return groups


def group_list(ctx: Context) -> dict[str, Any]:
    groups = []
    for name, versions in sorted(_groups(ctx).items()):
        gvs = [{"groupVersion": f"{name}/{v}", "version": v} for v in versions]
        groups.append({"name": name, "versions": gvs, "preferredVersion": gvs[0]})
    return {"kind": "APIGroupList", "apiVersion": "v1", "groups": groups}


def group(ctx: Context, name: str) -> dict[str, Any] | None:
    versions = _groups(ctx).get(name)
    if not versions:
        return None
    gvs = [{"groupVersion": f"{name}/{v}", "version": v} for v in versions]
    return {"kind": "APIGroup", "apiVersion": "v1", "name": name, "versions": gvs,
            "preferredVersion": gvs[0]}


def resource_list(ctx: Context, group_name: str, version: str) -> dict[str, Any] | None:
    if (group_name, version) == (authz.GROUP, authz.VERSION):
        return authz.resource_list()
    resources: list[dict[str, Any]] = []
    for info, v in served(ctx):
        if info.group != group_name or v != version:
            continue
        r: dict[str, Any] = {
            "name": info.plural, "singularName": info.kind.lower(),
            "namespaced": info.namespaced, "kind": info.kind, "verbs": list(VERBS),
        }
        shorts = list(info.short_names) or list(_EXTRA_SHORT.get(info.kind, ()))
        if shorts:
            r["shortNames"] = shorts
        if info.kind in _CATEGORIES:
            r["categories"] = _CATEGORIES[info.kind]
        resources.append(r)
        if info.has_status:
            resources.append({"name": f"{info.plural}/status", "singularName": "",
                              "namespaced": info.namespaced, "kind": info.kind,
                              "verbs": list(STATUS_VERBS)})
        if info.kind == "Pod":
            # BindingREST (what a scheduler's Bind posts): create only, kind Binding
            resources.append({"name": "pods/binding", "singularName": "", "namespaced": True,
                              "kind": "Binding", "verbs": ["create"]})
            resources.append({"name": "pods/resize", "singularName": "", "namespaced": True,
                              "kind": "Pod", "verbs": list(STATUS_VERBS)})
        if info.kind == "Namespace":
            resources.append({"name": "namespaces/finalize", "singularName": "",
                              "namespaced": False, "kind": "Namespace", "verbs": ["update"]})
    if not resources:
        return None
    gv = f"{group_name}/{version}" if group_name else version
    return {"kind": "APIResourceList", "apiVersion": "v1", "groupVersion": gv,
            "resources": resources}


def feature_metrics(ctx: Context) -> str:
    """``kubernetes_feature_enabled`` as kube-apiserver exposes it on /metrics (1.26+)."""
    from drakit.features import GATES

    lines = ["# HELP kubernetes_feature_enabled [BETA] This metric records the data about "
             "the stage and enablement of a k8s feature.",
             "# TYPE kubernetes_feature_enabled gauge"]
    for name, spec in sorted(GATES.get(ctx.version, {}).items()):
        stage = "" if spec.stage == "GA" else spec.stage
        lines.append(f'kubernetes_feature_enabled{{name="{name}",stage="{stage}"}} '
                     f"{1 if ctx.enabled(name) else 0}")
    return "\n".join(lines) + "\n"
