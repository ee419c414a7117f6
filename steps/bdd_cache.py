"""What pytest-bdd recomputes in every process, remembered: step look-ups and parsed features.

Why: two pytest-bdd costs were a large share of a feature run's CPU, paid again in every
pytest process (the reference run, each xdist worker, the xdist controller's report):

- For every step of every scenario pytest-bdd walks *all* registered fixture names and asks
  pytest which definitions of each are visible to the scenario, then tries each step parser
  on the text (~75 visibility checks per step, ~5,000 steps per run), although the answer
  depends only on the step's keyword and text and on where the scenario sits: every step
  definition of this suite is registered once, at collection, in ``steps/conftest.py``.
  ``memoised`` remembers it per (fixture manager, the scenario's parent node, keyword, text).
  Step definitions are registered when their module is imported, before the first scenario;
  what is registered later (``target_fixture`` values, pytest-bdd's temporary per-step
  injections) is registered for one scenario item only, and an answer that contains such a
  definition is never remembered. (Keying on the number of registered names as well made
  nearly every look-up a miss: each ``target_fixture`` adds a name.)
- Parsing the feature files with the Gherkin parser takes ~0.4 s per process; unpickling the
  parsed features takes a tenth of that. ``cached_features`` keeps them in a private
  per-user cache directory keyed by the file's bytes and the pytest-bdd and Python versions,
  so an edited feature file is parsed again.

If pytest-bdd's internals move, ``install`` leaves pytest-bdd untouched and the suite runs at
the old speed (tests/test_bdd_cache.py checks both caches agree with pytest-bdd's own answers).
This module is also the one place that reads pytest-bdd's registry of scenario templates
(``scenario_template``), which the reporting, gate and live-cluster plugins need.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import stat
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

_LOOKUPS: dict[tuple[Any, ...], list[Any]] = {}
#: one entry per distinct step text and module; bounded all the same
MAX_LOOKUPS = 50_000
#: DRAKIT_BDD_CACHE_VERIFY=1: every shortcut look-up is checked against pytest-bdd's own walk
VERIFY = os.environ.get("DRAKIT_BDD_CACHE_VERIFY") == "1"
#: parsed features larger than this are not cached (a feature file is ~100 KB, its pickle ~5x)
MAX_PICKLE_BYTES = 64 * 1024 * 1024


def memoised(search: Callable[..., Iterable[Any]],
             candidates: Callable[[Any, Any, Any], list[tuple[Any, Any]] | None] | None = None
             ) -> Callable[..., Iterable[Any]]:
    """Wrap pytest-bdd's ``find_fixturedefs_for_step(step, fixturemanager, node)``.

    ``candidates(fixturemanager, node, step_type)``, when given, lists the visible step
    definitions of that keyword as (fixturedef, step context) pairs, in pytest-bdd's order
    (None when it cannot tell): a text the memo has not seen is then matched against those
    with each definition's parser, as pytest-bdd does, instead of walking every fixture name
    again (most texts are new: a step's quoted values make it distinct)."""

    def find(step: Any, fixturemanager: Any, node: Any) -> Iterable[Any]:
        parent = getattr(node, "parent", None)
        key = (id(fixturemanager), getattr(parent, "nodeid", None), step.type, step.name)
        hit = _LOOKUPS.get(key)
        if hit is not None:
            return list(hit)
        cands = candidates(fixturemanager, node, step.type) if candidates is not None else None
        if cands is None:
            found = list(search(step=step, fixturemanager=fixturemanager, node=node))
        else:
            found = [fd for fd, ctx in cands if ctx.parser.is_matching(step.name)]
            if VERIFY:  # tests/test_bdd_cache.py: the shortcut against pytest-bdd's own walk
                walked = list(search(step=step, fixturemanager=fixturemanager, node=node))
                if walked != found:
                    raise AssertionError(f"bdd_cache: step {step.name!r} matched {found!r}; "
                                         f"pytest-bdd finds {walked!r}")
        item_only = any(getattr(fd, "baseid", None) == node.nodeid for fd in found)
        if parent is not None and not item_only and len(_LOOKUPS) < MAX_LOOKUPS:
            _LOOKUPS[key] = found
        return list(found)

    find.__wrapped__ = search  # type: ignore[attr-defined]
    return find


_CANDIDATES: dict[tuple[Any, ...], list[tuple[Any, Any]]] = {}


def visible_step_definitions(names: Callable[..., Iterable[str]],
                             defs: Callable[[Any, str, Any], Any],
                             registry: Any) -> Callable[[Any, Any, Any], list[tuple[Any, Any]] | None]:
    """``candidates`` for ``memoised`` from pytest-bdd's own parts (``get_fixture_names``,
    ``getfixturedefs``, ``step_function_context_registry``): its walk over every fixture
    name, without the parser, once per (fixture manager, the scenario's parent node,
    keyword). Step definitions are registered when their modules are imported, before the
    first scenario, and are visible to a whole module or directory; a walk that finds a step
    definition registered for one item only is not remembered (None: pytest-bdd decides)."""

    def candidates(fixturemanager: Any, node: Any, step_type: Any) -> list[tuple[Any, Any]] | None:
        parent = getattr(node, "parent", None)
        if parent is None:
            return None
        key = (id(fixturemanager), parent.nodeid, step_type)
        hit = _CANDIDATES.get(key)
        if hit is not None:
            return hit
        out = []
        for name in names(fixturemanager=fixturemanager):
            for fd in defs(fixturemanager, name, node) or []:
                ctx = registry.get(fd.func)
                if ctx is None or (ctx.type is not None and ctx.type != step_type):
                    continue
                if getattr(fd, "baseid", None) == node.nodeid:
                    return None
                out.append((fd, ctx))
        if len(_CANDIDATES) < MAX_LOOKUPS:
            _CANDIDATES[key] = out
        return out

    return candidates


# ---------------------------------------------------------------------------- features
def cache_dir() -> Path | None:
    """The per-user cache of parsed features, or None when it is off or not private.

    ``DRAKIT_FEATURE_CACHE``: a directory, or ``0`` for no cache; default
    ``$XDG_CACHE_HOME/drakit/features`` (``~/.cache/...``). Pickles run code when loaded, so
    the directory must belong to this user and be writable by nobody else."""
    where = os.environ.get("DRAKIT_FEATURE_CACHE", "")
    if where.strip().lower() in ("0", "off", "false", "no"):
        return None
    if where:
        d = Path(where)
    else:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        d = Path(base) / "drakit" / "features"
    try:
        d.mkdir(parents=True, exist_ok=True, mode=0o700)
        st = d.stat()
    except OSError:
        return None
    if st.st_uid != os.getuid() or st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return None
    return d


_BDD_VERSION: list[str] = []


def _feature_key(path: Path, encoding: str) -> str:
    if not _BDD_VERSION:
        from importlib.metadata import version

        _BDD_VERSION.append(version("pytest-bdd"))
    h = hashlib.sha256()
    for part in (_BDD_VERSION[0], sys.version, str(path), encoding):
        h.update(part.encode() + b"\0")
    h.update(path.read_bytes())
    return h.hexdigest()[:32]


def cached_features(parse: Callable[..., Any],
                    where: Callable[[], Path | None] = cache_dir) -> Callable[..., Any]:
    """Wrap pytest-bdd's ``get_feature(base_path, filename, encoding)``: a parsed feature
    comes from the cache when the file's bytes are unchanged, else it is parsed and stored.
    pytest-bdd asks once per scenario; like pytest-bdd's own per-process dictionary (which
    this stands in front of), ``parsed`` answers every ask after the first."""
    parsed: dict[tuple[str, str], Any] = {}

    def get_feature(base_path: str, filename: str, encoding: str = "utf-8") -> Any:
        path = Path(os.path.abspath(os.path.join(base_path, filename)))
        known = parsed.get((str(path), encoding))
        if known is not None:
            return known
        feature = parsed[(str(path), encoding)] = _load_or_parse(path, base_path, filename,
                                                                   encoding)
        return feature

    def _load_or_parse(path: Path, base_path: str, filename: str, encoding: str) -> Any:
        d = where()
        try:
            key = _feature_key(path, encoding) if d is not None else ""
        except OSError:
            d = None  # unreadable: let pytest-bdd say so
        if d is not None:
            cached = d / f"{key}.pickle"
            try:
                return pickle.loads(cached.read_bytes())
            except FileNotFoundError:
                pass
            except Exception:  # noqa: BLE001 - a torn or stale entry: parse again
                cached.unlink(missing_ok=True)
        feature = parse(base_path, filename, encoding=encoding)
        if d is not None:
            _store(d / f"{key}.pickle", feature)
        return feature

    get_feature.__wrapped__ = parse  # type: ignore[attr-defined]
    return get_feature


def _store(target: Path, feature: Any) -> None:
    """Write atomically (xdist workers parse at the same time); a failure only costs speed."""
    try:
        data = pickle.dumps(feature, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # noqa: BLE001 - not picklable in this pytest-bdd: no cache
        return
    if len(data) > MAX_PICKLE_BYTES:
        return
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, target)
    except OSError:
        try:
            os.unlink(tmp)
        except (OSError, UnboundLocalError):
            pass


# ---------------------------------------------------------------------------- install
def install() -> bool:
    """Put both caches in place of pytest-bdd's functions; False when its layout is unknown
    (then nothing is changed)."""
    import importlib

    try:  # the modules (the name ``pytest_bdd.scenario`` is also a function it exports)
        bdd_scenario = importlib.import_module("pytest_bdd.scenario")
        bdd_feature = importlib.import_module("pytest_bdd.feature")
    except ImportError:
        return False
    find = getattr(bdd_scenario, "find_fixturedefs_for_step", None)
    get = getattr(bdd_feature, "get_feature", None)
    if find is None or get is None or not hasattr(bdd_scenario, "inject_fixturedefs_for_step") \
            or not hasattr(bdd_feature, "get_features"):
        return False
    if getattr(find, "__wrapped__", None) is None:
        parts = [getattr(bdd_scenario, n, None) for n in
                 ("get_fixture_names", "getfixturedefs", "step_function_context_registry")]
        cands = visible_step_definitions(*parts) if None not in parts else None
        bdd_scenario.find_fixturedefs_for_step = memoised(find, cands)
    if getattr(get, "__wrapped__", None) is None:
        cached = cached_features(get)
        bdd_feature.get_feature = cached
        if getattr(bdd_scenario, "get_feature", None) is get:  # ``scenario()`` imports it
            bdd_scenario.get_feature = cached
    return True


def scenario_template(item: Any) -> Any:
    """The pytest-bdd scenario template a collected item runs, or None (a unit test collected
    in the same session, or a pytest-bdd whose registry moved)."""
    try:
        from pytest_bdd.scenario import scenario_wrapper_template_registry
    except ImportError:  # pragma: no cover - another pytest-bdd
        return None
    return scenario_wrapper_template_registry.get(getattr(item, "function", None))
