"""The walls between components: who may import whom (DESIGN.md, issue 13 "Keep it that way").

Why a test: a restart or a crash of one component must not take the others down, and each
must be buildable alone, which holds only while components talk to the API server and never
reach into ``Cluster`` or into each other. Import edges are the visible form of such reaching,
so this test reads every module's imports (also those inside functions and TYPE_CHECKING
blocks) and follows them transitively through drakit.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "drakit"

# component package -> packages it must never reach, directly or through other modules
WALLS = {
    "drakit.kubelet": ("drakit.cluster", "drakit.scheduler", "drakit.controllers",
                       "drakit.serve", "drakit.cli"),
    "drakit.controllers": ("drakit.cluster", "drakit.scheduler", "drakit.kubelet",
                           "drakit.serve", "drakit.cli"),
    "drakit.scheduler": ("drakit.cluster", "drakit.controllers", "drakit.kubelet",
                         "drakit.serve", "drakit.cli"),
}


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in ROOT.rglob("*.py") if "gen" not in p.parts}


MODULES = _modules()


@functools.cache
def _imports(name: str) -> frozenset[str]:
    """drakit modules ``name`` imports anywhere in its file (relative imports resolved)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            subs = {f"{base}.{a.name}" for a in node.names}
            out.update(subs)  # `from pkg import module`
            if not subs <= set(MODULES):
                out.add(base)  # a name defined in pkg itself (`from drakit import Cluster`)
    return frozenset(m for m in out if m in MODULES)


def _closure(start: str) -> dict[str, list[str]]:
    """Every drakit module reachable from ``start``, with one import chain to it. Parent
    packages run their ``__init__`` on import, so they count as imported too (all but the
    ``drakit`` facade, which only re-exports)."""
    chains = {start: [start]}
    todo = [start]
    while todo:
        cur = todo.pop()
        nxt = set(_imports(cur))
        for m in list(nxt):
            parts = m.split(".")
            nxt.update(".".join(parts[:i]) for i in range(2, len(parts)))
        for m in sorted(nxt):
            if m not in chains and m in MODULES:
                chains[m] = chains[cur] + [m]
                todo.append(m)
    return chains


def test_the_walk_finds_imports():
    """The checker itself sees a known edge (else every wall would pass vacuously)."""
    assert "drakit.apiserver" in _imports("drakit.controllers.base")
    assert "drakit.claims" in _closure("drakit.controllers")
    assert "drakit.kubelet.kubelet" in _closure("drakit.kubelet")
    # the facade's names lead to the cluster: `from drakit import Cluster` would be caught
    assert "drakit.cluster" in _closure("drakit")


@pytest.mark.parametrize("package", sorted(WALLS))
def test_component_never_reaches_past_its_wall(package):
    members = [m for m in MODULES if m == package or m.startswith(package + ".")]
    assert members, package
    bad = []
    for m in members:
        for reached, chain in _closure(m).items():
            if any(reached == f or reached.startswith(f + ".") for f in WALLS[package]):
                bad.append(" -> ".join(chain))
    assert not bad, f"{package} reaches past its wall:\n" + "\n".join(sorted(set(bad)))


def test_shared_claim_helpers_live_below_the_components():
    assert "drakit.claims" in MODULES
    for m in ("drakit.controllers.resourceclaim", "drakit.controllers.quota",
              "drakit.scheduler.dynamicresources"):
        assert "drakit.claims" in _imports(m), m
