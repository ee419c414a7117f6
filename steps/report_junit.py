"""JUnit XML: one testcase per scenario, classname = the KEP (what CI dashboards group by)."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr


def render_junit(results: dict) -> str:
    scen = results["scenarios"]
    counts = {v: sum(1 for s in scen if s["verdict"] == v)
              for v in ("passed", "failed", "error", "skipped", "unsupported")}
    out = ['<?xml version="1.0" encoding="utf-8"?>',
           f'<testsuites name="drakit" tests="{len(scen)}" failures="{counts["failed"]}" '
           f'errors="{counts["error"]}" skipped="{counts["skipped"] + counts["unsupported"]}">',
           f'<testsuite name="drakit-{results.get("backend", "")}" tests="{len(scen)}" '
           f'failures="{counts["failed"]}" errors="{counts["error"]}" '
           f'skipped="{counts["skipped"] + counts["unsupported"]}" '
           f'time="{results.get("duration", 0)}">']
    for s in scen:
        cls = f"KEP-{s['kep']}" if s.get("kep") else s.get("feature", "drakit")
        out.append(f'<testcase classname={quoteattr(cls)} name={quoteattr(s["name"])} '
                   f'file={quoteattr(s.get("feature_file", ""))} '
                   f'time="{s.get("duration", 0):.3f}">')
        msg = s.get("message", "")
        if s["verdict"] == "failed":
            out.append(f'<failure message={quoteattr(msg[:500])}>{escape(msg)}</failure>')
        elif s["verdict"] == "error":
            out.append(f'<error message={quoteattr(msg[:500])}>{escape(msg)}</error>')
        elif s["verdict"] in ("skipped", "unsupported"):
            out.append(f'<skipped message={quoteattr(s["verdict"] + ": " + msg)}/>')
        out.append("</testcase>")
    out.append("</testsuite></testsuites>")
    return "\n".join(out) + "\n"
