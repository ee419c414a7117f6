"""The drakit node agent: PodResources, checkpoint and runtime facts of one node, for the harness.

``drakit node-agent serve`` (a long-running agent on a unix socket), ``drakit node-agent
call`` (one request, answered on stdout: what ``pods/exec`` into the agent's pod runs) and
``drakit node-agent manifest`` (the DaemonSet that deploys it, built from
``deploy/node-agent/Dockerfile``). ``served.py`` runs agents next to ``drakit serve``'s
kubelets. See docs/live-cluster.md.
"""

from drakit.nodeagent.agent import AgentError, AgentServer, NodeAgent, call_unix

__all__ = ["AgentError", "AgentServer", "NodeAgent", "call_unix"]
