"""The Kubernetes objects that deploy the node agent: namespace, service account, RBAC, DaemonSet.

Why a DaemonSet of idle pods rather than a server: the harness reaches a node only through
the API server (``pods/exec`` into the agent pod on that node runs ``drakit node-agent call``
once per request), so nothing listens on the node's network. The pod is privileged because
the PodResources socket and the DRA checkpoint are root-owned, and shares the host's PID
namespace so that ``restart_kubelet`` can ``nsenter`` into PID 1 and run ``systemctl restart
kubelet`` (kind and kubeadm nodes run the kubelet as a systemd unit). The agent's service
account may read the kubelet's metrics (``nodes/metrics``) and nothing else.
"""

from __future__ import annotations

AGENT_LABEL = {"app.kubernetes.io/name": "drakit-node-agent"}
DEFAULT_NAMESPACE = "drakit-system"
DEFAULT_IMAGE = "drakit-node-agent:dev"


def objects(namespace: str = DEFAULT_NAMESPACE, image: str = DEFAULT_IMAGE,
            node_selector: dict[str, str] | None = None) -> list[dict]:
    sa = "drakit-node-agent"
    cmd = ["drakit", "node-agent", "serve", "--listen", "unix:/run/drakit/agent.sock",
           "--node", "$(NODE_NAME)", "--kubelet-metrics-url",
           "https://$(NODE_IP):10250/metrics"]
    spec = {
        "serviceAccountName": sa,
        "hostPID": True,
        "tolerations": [{"operator": "Exists"}],
        # never on the harness's own fake nodes (no kubelet there; its requests would count
        # against their allocatable and change verdicts)
        "affinity": {"nodeAffinity": {"requiredDuringSchedulingIgnoredDuringExecution": {
            "nodeSelectorTerms": [{"matchExpressions": [
                {"key": "drakit.io/harness", "operator": "DoesNotExist"}]}]}}},
        "containers": [{
            "name": "agent", "image": image, "imagePullPolicy": "IfNotPresent",
            "command": cmd,
            "env": [{"name": "NODE_NAME", "valueFrom": {"fieldRef": {"fieldPath":
                                                                     "spec.nodeName"}}},
                    {"name": "NODE_IP", "valueFrom": {"fieldRef": {"fieldPath":
                                                                   "status.hostIP"}}}],
            "securityContext": {"privileged": True},
            "resources": {"requests": {"cpu": "10m", "memory": "64Mi"},
                          "limits": {"memory": "256Mi"}},
            "volumeMounts": [
                {"name": "pod-resources", "mountPath": "/var/lib/kubelet/pod-resources"},
                {"name": "kubelet-state", "mountPath": "/var/lib/kubelet", "readOnly": True},
            ],
        }],
        "volumes": [
            {"name": "pod-resources", "hostPath": {"path": "/var/lib/kubelet/pod-resources",
                                                   "type": "Directory"}},
            {"name": "kubelet-state", "hostPath": {"path": "/var/lib/kubelet",
                                                   "type": "Directory"}},
        ],
    }
    if node_selector:
        spec["nodeSelector"] = dict(node_selector)
    return [
        {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": namespace}},
        {"apiVersion": "v1", "kind": "ServiceAccount",
         "metadata": {"name": sa, "namespace": namespace}},
        {"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole",
         "metadata": {"name": "drakit-node-agent"},
         "rules": [{"apiGroups": [""], "resources": ["nodes/metrics"], "verbs": ["get"]}]},
        {"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRoleBinding",
         "metadata": {"name": "drakit-node-agent"},
         "roleRef": {"apiGroup": "rbac.authorization.k8s.io", "kind": "ClusterRole",
                     "name": "drakit-node-agent"},
         "subjects": [{"kind": "ServiceAccount", "name": sa, "namespace": namespace}]},
        {"apiVersion": "apps/v1", "kind": "DaemonSet",
         "metadata": {"name": "drakit-node-agent", "namespace": namespace,
                      "labels": dict(AGENT_LABEL)},
         "spec": {"selector": {"matchLabels": dict(AGENT_LABEL)},
                  "template": {"metadata": {"labels": dict(AGENT_LABEL)}, "spec": spec}}},
    ]
