"""Cucumber JSON from results.json, for re-rendering and for runs where pytest-bdd's own
``cucumber.json`` was not written (interrupted runs). A live run keeps pytest-bdd's file.

The shape follows pytest-bdd's ``cucumber_json`` plugin (features with ``elements``, steps
with ``result.status`` passed/failed/skipped and ``duration`` in nanoseconds).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from . import model

_STATUS = {"passed": "passed", "failed": "failed", "error": "failed", "unsupported": "skipped",
           "skipped": "skipped", "not run": "skipped"}


def render_cucumber_json(results: Mapping[str, Any]) -> str:
    r = model.normalize(results)
    features: dict[str, dict] = {}
    for s in r["scenarios"]:
        uri = s.get("feature_file", "")
        feat = features.setdefault(uri, {
            "keyword": "Feature", "uri": uri, "name": s.get("feature", ""), "id": uri,
            "line": s.get("feature_line", 1), "description": s.get("feature_description", ""),
            "language": "en", "tags": [{"name": t, "line": 1} for t in s.get("feature_tags", [])],
            "elements": []})
        for run in s["runs"]:
            steps = []
            for i, st in enumerate(s["steps"]):
                rs = (run.get("steps") or [])[i] if i < len(run.get("steps") or []) else None
                rs = rs or {"verdict": "not run"}
                res: dict[str, Any] = {"status": _STATUS.get(rs.get("verdict", ""), "skipped"),
                                       "duration": int(float(rs.get("duration") or 0) * 1e9)}
                err = rs.get("error")
                if err:
                    res["error_message"] = err.get("message", "") if isinstance(err, dict) else str(err)
                steps.append({"keyword": st.get("keyword", ""), "name": st.get("text", ""),
                              "line": st.get("line", 0),
                              "match": {"location": ""}, "result": res})
            name = s.get("name", "")
            if len(s["runs"]) > 1:
                name += f" [{run.get('backend')}]"
            feat["elements"].append({
                "keyword": s.get("keyword", "Scenario"), "id": s.get("id", ""), "name": name,
                "line": s.get("line", 0), "description": s.get("description", ""),
                "tags": [{"name": t, "line": s.get("line", 0) - 1} for t in s.get("tags", [])],
                "type": "scenario", "steps": steps})
    return json.dumps(list(features.values()), indent=2) + "\n"
