"""steps/bdd_cache.py: the remembered pytest-bdd step look-ups and parsed features must give
exactly what pytest-bdd itself gives, and a stale, torn or foreign cache must never be used."""

from __future__ import annotations

import os
import pickle
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest
from pytest_bdd.parser import FeatureParser

from steps import bdd_cache

FEATURES = Path(__file__).resolve().parent.parent / "features"


def _shape(feature) -> list:
    """Everything a scenario run depends on, in plain data."""
    out = []
    for name, sc in feature.scenarios.items():
        out.append((name, sc.line_number, sorted(sc.tags),
                    [(st.type, st.keyword, st.name, st.line_number,
                      getattr(st, "datatable", None) is not None) for st in sc.steps],
                    [(e.line_number, sorted(e.tags)) for e in sc.examples] if hasattr(
                        sc, "examples") else None))
    return out


def _parse(base: str, name: str, encoding: str = "utf-8"):
    return FeatureParser(base, name, encoding).parse()


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    d = tmp_path / "cache"
    d.mkdir(mode=0o700)
    return d


def test_a_cached_feature_is_what_pytest_bdd_parses(cache: Path) -> None:
    calls: list[str] = []

    def parse(base, name, encoding="utf-8"):
        calls.append(name)
        return _parse(base, name, encoding)

    for path in sorted(FEATURES.glob("*.feature")):
        first = bdd_cache.cached_features(parse, lambda: cache)(str(path.parent), path.name)
        # a new process: nothing parsed in memory, the pickle answers
        again = bdd_cache.cached_features(parse, lambda: cache)(str(path.parent), path.name)
        assert _shape(again) == _shape(first) == _shape(_parse(str(path.parent), path.name))
    assert len(calls) == len(list(FEATURES.glob("*.feature")))  # each parsed once
    assert len(list(cache.glob("*.pickle"))) == len(calls)


def test_one_process_parses_each_file_once(cache: Path) -> None:
    calls: list[str] = []

    def parse(base, name, encoding="utf-8"):
        calls.append(name)
        return _parse(base, name, encoding)

    get = bdd_cache.cached_features(parse, lambda: None)  # no disk cache at all
    path = next(FEATURES.glob("*.feature"))
    assert get(str(path.parent), path.name) is get(str(path.parent), path.name)
    assert calls == [path.name]


def test_an_edited_feature_file_is_parsed_again(cache: Path, tmp_path: Path) -> None:
    src = next(FEATURES.glob("kep-5234*.feature"))
    work = tmp_path / "f"
    work.mkdir()
    shutil.copy(src, work / src.name)
    get = bdd_cache.cached_features(_parse, lambda: cache)
    before = get(str(work), src.name)
    text = (work / src.name).read_text()
    (work / src.name).write_text(text.replace("Scenario:", "Scenario: edited", 1))
    after = bdd_cache.cached_features(_parse, lambda: cache)(str(work), src.name)
    assert any(n.startswith("edited") for n in after.scenarios)
    assert not any(n.startswith("edited") for n in before.scenarios)
    assert len(list(cache.glob("*.pickle"))) == 2


def test_a_torn_cache_entry_is_parsed_again_and_replaced(cache: Path) -> None:
    path = next(FEATURES.glob("*.feature"))
    bdd_cache.cached_features(_parse, lambda: cache)(str(path.parent), path.name)
    (entry,) = cache.glob("*.pickle")
    entry.write_bytes(entry.read_bytes()[:100])  # a write cut short
    again = bdd_cache.cached_features(_parse, lambda: cache)(str(path.parent), path.name)
    assert _shape(again) == _shape(_parse(str(path.parent), path.name))
    assert pickle.loads(entry.read_bytes()).scenarios.keys() == again.scenarios.keys()


def test_the_cache_directory_must_be_private(tmp_path: Path, monkeypatch) -> None:
    d = tmp_path / "shared"
    d.mkdir()
    monkeypatch.setenv("DRAKIT_FEATURE_CACHE", str(d))
    os.chmod(d, 0o700)
    assert bdd_cache.cache_dir() == d
    os.chmod(d, 0o770)  # another user could plant a pickle: not used
    assert bdd_cache.cache_dir() is None
    for off in ("0", "off", "false"):
        monkeypatch.setenv("DRAKIT_FEATURE_CACHE", off)
        assert bdd_cache.cache_dir() is None


# ---------------------------------------------------------------------------- step look-ups
def _node(nodeid: str, parent: str | None):
    return SimpleNamespace(nodeid=nodeid, parent=SimpleNamespace(nodeid=parent)
                           if parent is not None else None)


def test_a_step_lookup_is_remembered_per_text_keyword_and_module(monkeypatch) -> None:
    monkeypatch.setattr(bdd_cache, "_LOOKUPS", {})
    calls: list[tuple] = []

    def search(step, fixturemanager, node):
        calls.append((step.type, step.name, node.nodeid))
        return [SimpleNamespace(baseid="steps", step=step.name)]

    find = bdd_cache.memoised(search)
    fm = object()
    given = SimpleNamespace(type="given", name="a node n1")
    first = find(given, fm, _node("steps/test_features.py::test_one", "steps/test_features.py"))
    again = find(given, fm, _node("steps/test_features.py::test_two", "steps/test_features.py"))
    assert first == again and len(calls) == 1
    find(SimpleNamespace(type="then", name="a node n1"), fm,
         _node("steps/test_features.py::test_one", "steps/test_features.py"))
    find(SimpleNamespace(type="given", name="a node n2"), fm,
         _node("steps/test_features.py::test_one", "steps/test_features.py"))
    find(given, fm, _node("other/test_x.py::test_one", "other/test_x.py"))
    find(given, object(), _node("steps/test_features.py::test_one", "steps/test_features.py"))
    assert len(calls) == 5


def test_definitions_only_one_scenario_sees_are_not_remembered(monkeypatch) -> None:
    monkeypatch.setattr(bdd_cache, "_LOOKUPS", {})
    calls: list[str] = []

    def search(step, fixturemanager, node):
        calls.append(node.nodeid)
        return [SimpleNamespace(baseid=node.nodeid)]  # injected for this item only

    find = bdd_cache.memoised(search)
    step, fm = SimpleNamespace(type="when", name="x"), object()
    find(step, fm, _node("m.py::t1", "m.py"))
    find(step, fm, _node("m.py::t2", "m.py"))
    assert calls == ["m.py::t1", "m.py::t2"]


def test_install_wraps_pytest_bdd_once() -> None:
    import importlib

    assert bdd_cache.install() and bdd_cache.install()
    scen = importlib.import_module("pytest_bdd.scenario")
    feat = importlib.import_module("pytest_bdd.feature")
    assert scen.find_fixturedefs_for_step.__wrapped__.__name__ == "find_fixturedefs_for_step"
    assert getattr(feat.get_feature.__wrapped__, "__wrapped__", None) is None  # not twice


def test_the_step_definition_shortcut_finds_what_pytest_bdd_finds(tmp_path) -> None:
    """A real run of two features' scenarios with every look-up the shortcut answers checked
    against pytest-bdd's own walk over all fixture names (bdd_cache.VERIFY)."""
    import os
    import subprocess
    import sys

    repo = Path(__file__).resolve().parent.parent
    env = {**os.environ, "DRAKIT_BDD_CACHE_VERIFY": "1", "DRAKIT_FEATURE_CACHE": "0"}
    r = subprocess.run([sys.executable, "-m", "pytest", "steps", "-q", "-p", "no:cacheprovider",
                        "-m", "kep-5234 or kep-3695", f"--reports-dir={tmp_path}"],
                       cwd=repo, env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    assert "bdd_cache:" not in r.stdout + r.stderr
