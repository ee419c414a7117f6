"""``drakit report results.json -o DIR``: re-render a run's reports from its results.json.

Also reachable as ``python -m drakit.report``. Exit status 1 with a one-line message when the
file is missing or not a ``drakit.results/v1`` document.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from . import render_all
from .model import SCHEMA, shape_errors


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="drakit report", description=(
        "Render the HTML, JUnit and Cucumber reports of a conformance run from its "
        "results.json."))
    p.add_argument("results", help="a results.json written by the conformance suite")
    p.add_argument("-o", "--output", default=None,
                   help="output directory (default: the directory of results.json)")
    p.add_argument("--requirements", default=None,
                   help="a requirements.yaml to use instead of the list stored in the results")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(list(argv) if argv is not None else None)
    src = Path(args.results)
    try:
        results = json.loads(src.read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        print(f"drakit report: {src}: {e}", file=sys.stderr)
        return 1
    if not isinstance(results, dict) or not str(results.get("schema", "")).startswith(
            SCHEMA.rsplit("/", 1)[0]):
        print(f"drakit report: {src}: not a {SCHEMA} document", file=sys.stderr)
        return 1
    problems = shape_errors(results)
    if problems:
        print(f"drakit report: {src}: not a results.json drakit can read: {problems[0]}"
              + (f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""),
              file=sys.stderr)
        return 1
    if args.requirements:
        from .model import load_requirements

        results["requirements"] = load_requirements(args.requirements)
    out = Path(args.output) if args.output else src.parent
    out.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    try:
        rendered = render_all(results)
    except (TypeError, KeyError, ValueError, AttributeError, IndexError) as e:
        # a field the shape check does not look at holds something drakit never writes
        print(f"drakit report: {src}: cannot render it ({type(e).__name__}: {e}); was it "
              "edited, or written by another drakit version?", file=sys.stderr)
        return 1
    for name, text in rendered.items():
        if name == "results.json" and (out / name).resolve() == src.resolve():
            continue
        (out / name).write_text(text, encoding="utf-8")
    print(f"drakit report: wrote {out / 'index.html'} ({time.perf_counter() - t0:.2f} s)")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
