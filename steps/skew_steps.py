"""Steps for a skewed cluster: one component restarted, with its own gates or its own release.

Why steps of their own: the KEPs' "Version Skew Strategy" and "Feature Enablement and
Rollback" sections are about components that disagree — an API server that keeps a field a
scheduler without the gate ignores, a kubelet three releases behind its control plane, a
scheduler that must be restarted to notice a gate. "the feature gate X is disabled" sets X on
every component at once, so a scenario written with it passes even when one component ignores
its own gate (the API server already dropped the field). These sentences change one component
and leave the others running as they are, so the component's own gate check is what decides.

A restart is a step of its own ("When the scheduler restarts"), never a side effect of
toggling an unrelated gate. Components are named as a user says them: the API server, the
scheduler, the controller manager, the kubelets (every node's), the kubelet on node "n1".
Backends that cannot restart components (a live cluster) report the scenario unsupported.
"""

from __future__ import annotations

from pytest_bdd import given, parsers, when

from .world import World

_COMPONENT = (r'(?P<component>the API server|the scheduler|the controller manager|the kubelets'
              r'|the kubelet on node "(?P<node>[^"]+)")')

_NAMES = {
    "the API server": "kube-apiserver",
    "the scheduler": "kube-scheduler",
    "the controller manager": "kube-controller-manager",
    "the kubelets": "kubelet",
}


def _component(component: str, node: str | None) -> tuple[str, str | None]:
    if node is not None:
        return "kubelet", node
    return _NAMES[component], None


def _restart(world: World, component: str, node: str | None, gates: dict | None = None,
             version: str | None = None) -> None:
    name, node = _component(component, node)
    world.b.restart_component(name, node=node, gates=gates, version=version)


# ---------------------------------------------------------------------------- given

@given(parsers.re(_COMPONENT + r" runs? with the feature gate (?P<gate>\w+) "
                  r"(?P<state>enabled|disabled)"))
def given_component_gate(world: World, component: str, node: str | None, gate: str,
                         state: str) -> None:
    """Only that component runs with the gate so (the cluster starts first, if it has not;
    the component then restarts with the setting, the others keep theirs)."""
    _restart(world, component, node, gates={gate: state == "enabled"})


@given(parsers.re(_COMPONENT + r" runs? Kubernetes (?P<version>1\.\d+)"))
def given_component_version(world: World, component: str, node: str | None,
                            version: str) -> None:
    """That component runs another release than the API server (the version skew policy
    allows kubelets three minor releases behind, the scheduler and controller manager one)."""
    _restart(world, component, node, version=version)
    if component == "the API server":
        world.version = version


# ---------------------------------------------------------------------------- when

@when(parsers.re(r"(?P<component>the API server|the scheduler|the controller manager"
                 r"|the kubelets) restarts?"))
def when_component_restarts(world: World, component: str) -> None:
    """A plain restart: the component lists everything again (kubelets: from checkpoints).
    One node's kubelet: 'the kubelet on node "n1" restarts' (steps/kubelet_steps.py)."""
    _restart(world, component, None)


@when(parsers.re(_COMPONENT + r" restarts? with the feature gate (?P<gate>\w+) "
                 r"(?P<state>enabled|disabled)"))
def when_component_restarts_with_gate(world: World, component: str, node: str | None,
                                      gate: str, state: str) -> None:
    _restart(world, component, node, gates={gate: state == "enabled"})


@when(parsers.re(_COMPONENT + r" (?:is|are) (?:upgraded|downgraded) to Kubernetes "
                 r"(?P<version>1\.\d+)"))
def when_component_version(world: World, component: str, node: str | None,
                           version: str) -> None:
    """One component moves to another release (the API server first on the way up, last on
    the way down, as the version skew policy asks)."""
    _restart(world, component, node, version=version)
    if component == "the API server":
        world.version = version
