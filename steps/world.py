"""The per-scenario world: which backend, which version and gates, and what the last step saw.

The cluster is started lazily at the first step that needs it, so Given-steps may first
say which version and gates the scenario wants ("Given a Kubernetes 1.36 cluster", "And
the feature gate X is enabled") and the backend starts once with exactly those.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .backends.base import ApiError, Backend


@dataclass
class Observation:
    """What a Then-step looked at (kept for the report and the side-by-side comparison)."""

    step: str
    expected: Any
    actual: Any
    objects: list[dict] = field(default_factory=list)


@dataclass
class World:
    backend: Backend
    scenario: str
    version: str
    gates: dict[str, bool] = field(default_factory=dict)
    started: bool = False
    last_error: ApiError | None = None
    last_result: list[dict] = field(default_factory=list)
    pending: dict | None = None
    """A manifest being built by Given-steps before "When I create the manifest"."""
    observations: list[Observation] = field(default_factory=list)
    vars: dict[str, Any] = field(default_factory=dict)

    @property
    def b(self) -> Backend:
        """The backend, started on first use with the scenario's version and gates."""
        if not self.started:
            self.backend.start_scenario(self.scenario, self.version, self.gates)
            self.started = True
        return self.backend

    def set_gate(self, gate: str, value: bool) -> None:
        self.gates[gate] = value
        if self.started:
            self.backend.set_feature_gates({gate: value})

    def observe(self, step: str, expected: Any, actual: Any, objects: list[dict] | None = None):
        self.observations.append(Observation(step, expected, actual, list(objects or [])))
