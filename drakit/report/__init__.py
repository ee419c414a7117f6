"""drakit's conformance reports: results.json (``drakit.results/v1``) -> HTML, JUnit, Cucumber.

Why a package of the product and not of the test suite: reports are re-rendered outside a
pytest run (``drakit report results.json -o DIR``, or ``python -m drakit.report``) and other
tools read the same schema. The pytest plugin in ``steps/reporting.py`` only collects; every
file format lives here, one module per format:

* ``model``           the schema: names, defaults, per-KEP counts, requirement coverage
* ``html``            the self-contained HTML page
* ``junit``           JUnit XML (testcase per scenario, classname = KEP)
* ``cucumber_json``   Cucumber JSON (used when pytest-bdd's own file is absent)
* ``objects``         YAML with highlighted differences, cross-backend normalization
* ``keps``            KEP titles, upstream links, stage per Kubernetes version (data)

Layout written by :func:`write_reports`: ``<root>/<run-id>/{index.html,results.json,
junit.xml,cucumber.json}``, ``<root>/latest`` pointing at the newest run, and copies of the
four files at ``<root>/`` itself (the paths CI and the README promise).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .model import SCHEMA, new_run_id, normalize

__all__ = ["SCHEMA", "PUBLISHED", "new_run_id", "normalize", "render_all", "write_reports",
           "write_run_dir"]

PUBLISHED = ("index.html", "results.json", "junit.xml", "cucumber.json")


def render_all(results: Mapping[str, Any],
               only: tuple[str, ...] | None = None) -> dict[str, str]:
    """Every report file as text, keyed by file name (``only``: just those files; the
    partial report written during a run renders two of the four, and rendering is what
    a long run would otherwise spend its time on)."""
    from .cucumber_json import render_cucumber_json
    from .html import render_html
    from .junit import render_junit

    renderers = {"results.json": results_json,
                 "index.html": render_html,
                 "junit.xml": render_junit,
                 "cucumber.json": render_cucumber_json}
    return {name: render(results) for name, render in renderers.items()
            if only is None or name in only}


def results_json(results: Mapping[str, Any]) -> str:
    """results.json: one top-level key per line and one list item (a scenario, a
    requirement) per line. Why not ``indent``: with an indent Python's json module falls back
    to its pure-Python encoder, and re-encoding a 450-scenario run that way was the largest
    CPU cost of writing reports; compact items use the C encoder and still diff by line."""
    def one(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    lines = []
    for key, value in results.items():
        if isinstance(value, list) and value:
            body = ",\n  ".join(one(v) for v in value)
            lines.append(f"{one(key)}:[\n  {body}\n ]")
        else:
            lines.append(f"{one(key)}:{one(value)}")
    return "{\n " + ",\n ".join(lines) + "\n}\n" if lines else "{}\n"


def _atomic_write(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def write_run_dir(results: Mapping[str, Any], out_dir: Path | str,
                  cucumber_json: Path | str | None = None,
                  only: tuple[str, ...] | None = None) -> Path:
    """Render into one directory. ``cucumber_json``: an existing file (pytest-bdd's) to keep
    instead of rendering our own. ``only``: restrict to some files (partial updates)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    names = only if only is not None else PUBLISHED
    src = Path(cucumber_json) if cucumber_json else None
    keep_src = src is not None and src.is_file() and "cucumber.json" in names
    for name, text in render_all(results, tuple(
            n for n in names if not (keep_src and n == "cucumber.json"))).items():
        _atomic_write(out / name, text)
    if keep_src and src.resolve() != (out / "cucumber.json").resolve():
        shutil.copyfile(src, out / "cucumber.json")
    return out


def publish(root: Path | str, run_id: str) -> None:
    """Point ``<root>/latest`` at the run and copy its files to ``<root>/``."""
    root = Path(root)
    run_dir = root / run_id
    for name in PUBLISHED:
        if (run_dir / name).is_file():
            tmp = root / f".{name}.tmp{os.getpid()}"
            shutil.copyfile(run_dir / name, tmp)
            os.replace(tmp, root / name)
    latest = root / "latest"
    try:
        tmp = root / f".latest.tmp{os.getpid()}"
        if tmp.is_symlink() or tmp.exists():
            tmp.unlink()
        os.symlink(run_id, tmp, target_is_directory=True)
        if latest.is_dir() and not latest.is_symlink():
            shutil.rmtree(latest)
        os.replace(tmp, latest)
    except OSError:  # no symlinks here (some Windows setups, some mounts): copy instead
        if latest.is_symlink() or latest.is_file():
            latest.unlink()
        elif latest.is_dir():
            shutil.rmtree(latest)
        shutil.copytree(run_dir, latest)


def write_reports(results: Mapping[str, Any], root: Path | str,
                  cucumber_json: Path | str | None = None) -> Path:
    """Write a run's reports under ``<root>/<run-id>/`` and publish them; returns the run dir."""
    run_id = str(results.get("run_id") or new_run_id())
    if results.get("run_id") != run_id:
        results = {**results, "run_id": run_id}
    from .trend import SIDECAR, sidecar, with_history

    results = with_history(results, root)  # earlier runs under root: the report's trend chart
    run_dir = write_run_dir(results, Path(root) / run_id, cucumber_json)
    # what the next run's chart reads of this one (drakit/report/trend.py)
    _atomic_write(run_dir / SIDECAR, json.dumps(sidecar(results), ensure_ascii=False) + "\n")
    publish(root, run_id)
    return run_dir
