"""`drakit report` of a results.json someone edited or another tool wrote: exit 0 with the
reports, or exit 1 with one line saying where the file is wrong; never a traceback."""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drakit.report.cli import main
from drakit.report.model import shape_errors
from drakit.report.sample import synthetic_results

_BASE = synthetic_results(3, seed=7)

_json = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.floats(allow_nan=False, width=16)
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                               max_size=3),
    max_leaves=8)


def _run(doc: object, capsys) -> tuple[int, str]:
    with tempfile.TemporaryDirectory() as d:
        src = Path(d) / "results.json"
        src.write_text(json.dumps(doc))
        rc = main([str(src), "-o", str(Path(d) / "out")])
    return rc, capsys.readouterr().err


@pytest.mark.parametrize("change, where", [
    (lambda r: r.__setitem__("scenarios", "abc"), "scenarios is not a list"),
    (lambda r: r["scenarios"].__setitem__(1, 7), "scenarios[1] is not an object"),
    (lambda r: r["scenarios"][0].__setitem__("tags", "kep-5004"), "scenarios[0].tags is not a list"),
    (lambda r: r["scenarios"][2].__setitem__("steps", [None]), "scenarios[2].steps[0] is not an object"),
    (lambda r: r.__setitem__("requirements", 7), "requirements is not a list"),
    (lambda r: r["environment"].__setitem__("gates", []), "environment.gates is not an object"),
])
def test_a_wrong_part_is_named_in_one_line(change, where, capsys):
    doc = copy.deepcopy(_BASE)
    change(doc)
    rc, err = _run(doc, capsys)
    assert rc == 1
    assert err.count("\n") == 1 and f"not a results.json drakit can read: {where}" in err


def test_the_document_drakit_writes_has_no_shape_error():
    assert shape_errors(_BASE) == []


_SCENARIO_KEYS = ["name", "verdict", "tags", "steps", "runs", "duration", "line",
                  "observations", "requirements", "message", "feature_file"]
_TOP_KEYS = ["scenarios", "requirements", "environment", "test_plans", "history", "summary",
             "coverage", "planned", "complete", "status", "run_id", "unsupported"]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(top=st.sampled_from(_TOP_KEYS), key=st.sampled_from(_SCENARIO_KEYS),
       index=st.integers(0, 2), value=_json, in_scenario=st.booleans())
def test_any_changed_field_gives_the_reports_or_one_line(top, key, index, value, in_scenario,
                                                          capsys):
    doc = copy.deepcopy(_BASE)
    if in_scenario:
        doc["scenarios"][index][key] = value
    else:
        doc[top] = value
    rc, err = _run(doc, capsys)
    assert rc in (0, 1)
    if rc == 1:
        assert err.startswith("drakit report: ") and err.count("\n") == 1, err
