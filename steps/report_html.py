"""The HTML conformance report (first version: per KEP, scenarios with their steps)."""

from __future__ import annotations

from html import escape

VERDICTS = ("passed", "failed", "error", "unsupported", "skipped", "not run")


def render_html(results: dict) -> str:
    by_kep: dict[str, list[dict]] = {}
    for s in results["scenarios"]:
        by_kep.setdefault(s.get("kep") or "other", []).append(s)
    rows = []
    for kep, scen in sorted(by_kep.items()):
        cells = "".join(f"<td>{sum(1 for s in scen if s['verdict'] == v)}</td>"
                        for v in VERDICTS)
        rows.append(f"<tr><th>KEP-{escape(kep)}</th>{cells}</tr>")
    sections = []
    for kep, scen in sorted(by_kep.items()):
        items = []
        for s in scen:
            steps = "".join(
                f'<li class="{escape(st["verdict"].replace(" ", "-"))}">'
                f'<b>{escape(st["keyword"])}</b> {escape(st["text"])}'
                + (f'<pre>{escape(st.get("error", ""))}</pre>' if st.get("error") else "")
                + "</li>" for st in s["steps"])
            items.append(
                f'<details class="{escape(s["verdict"])}"><summary>'
                f'<span class="v">{escape(s["verdict"])}</span> {escape(s["name"])}</summary>'
                f'<p class="tags">{escape(" ".join("@" + t for t in s["tags"]))}</p>'
                f'<p>{escape(s.get("description", ""))}</p><ol>{steps}</ol>'
                + (f'<pre>{escape(s["message"])}</pre>' if s.get("message") else "")
                + "</details>")
        sections.append(f"<section><h2>KEP-{escape(kep)}</h2>{''.join(items)}</section>")
    head = "".join(f"<th>{v}</th>" for v in VERDICTS)
    status = "complete" if results.get("complete") else "INCOMPLETE"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>drakit conformance report</title>
<style>
body{{font-family:system-ui,sans-serif;margin:2em;max-width:70em}}
table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:.3em .6em}}
.passed .v{{color:#080}}.failed .v,.error .v{{color:#b00}}.unsupported .v{{color:#a60}}
li.failed{{color:#b00}}pre{{white-space:pre-wrap;background:#f6f6f6;padding:.5em}}
.tags{{color:#666;font-size:.9em}}
</style></head><body>
<h1>drakit conformance report</h1>
<p>drakit {escape(results["tool"]["version"])} · backend {escape(str(results["backend"]))} ·
Kubernetes {escape(str(results["k8s_version"]))} · started {escape(results["start_time"])} ·
{results["duration"]} s · {status}</p>
<table><tr><th>KEP</th>{head}</tr>{"".join(rows)}</table>
{"".join(sections)}
</body></html>
"""
