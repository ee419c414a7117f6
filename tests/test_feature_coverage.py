"""scripts/feature_coverage.py: the feature suite's coverage of the mutated areas, scored over
the same conformance scope as the mutation score (OUT_OF_CONFORMANCE_SCOPE)."""

from __future__ import annotations

from pathlib import Path

import pytest
from scriptutil import ROOT, load_script


@pytest.fixture(scope="module")
def fc():
    return load_script("feature_coverage")


def _spans(fc, rel: str):
    return fc.function_spans((ROOT / rel).read_text(), fc.module_name(rel))


def test_every_function_key_of_the_conformance_scope_names_a_function_that_exists(fc):
    """The scope's keys are mutmut names; the coverage tool must name functions the same way,
    and a key whose function was renamed would silently put it back in scope."""
    for key in fc.OUT_OF_CONFORMANCE_SCOPE:
        module_path = ROOT / (key.replace(".", "/") + ".py")
        if module_path.is_file():
            continue  # a whole module
        module = key.rpartition(".")[0]
        rel = module.replace(".", "/") + ".py"
        if not (ROOT / rel).is_file():
            rel = module.replace(".", "/") + "/__init__.py"
        names = {name for _a, _b, name in _spans(fc, rel)}
        assert key in names, f"{key} names no function of {rel}"


def test_a_method_and_a_function_get_mutmut_names_and_their_own_lines(fc):
    source = "X = 1\n\n@dec\ndef top(a):\n    return a\n\nclass K:\n    def m(self):\n        pass\n"
    spans = fc.function_spans(source, "pkg.mod")
    assert spans == [(3, 5, "pkg.mod.x_top"), (8, 9, "pkg.mod.x\u01c1K\u01c1m")]
    assert fc.owner(spans, 1, "pkg.mod") == "pkg.mod"
    assert fc.owner(spans, 3, "pkg.mod") == "pkg.mod.x_top"
    assert fc.owner(spans, 9, "pkg.mod") == "pkg.mod.x\u01c1K\u01c1m"


def _span(fc, rel: str, name: str) -> tuple[int, int]:
    return next((a, b) for a, b, n in _spans(fc, rel) if n == name)


def test_out_of_scope_lines_count_for_the_whole_area_only(fc):
    """validation.core._validate_ephemeral_containers is out of the conformance scope: its missed lines lower
    the whole area's figure, not the scope's, and are not listed; a missed line of an in-scope
    function is listed under its function, as is a branch never taken."""
    rel = "drakit/validation/core.py"
    o1, o2 = _span(fc, rel, "drakit.validation.core.x__validate_ephemeral_containers")
    i1, i2 = _span(fc, rel, "drakit.validation.core.x__validate_pod_level_resources")
    files = {rel: {
        "executed_lines": [i1 + 1],
        "missing_lines": [o1 + 1, o1 + 2, i1 + 2],
        "executed_branches": [[i1 + 1, i1 + 2]],
        "missing_branches": [[i1 + 1, i2], [o1 + 1, o2]],
    }}
    reports = fc.summarise(files)
    val = reports["validation"]
    assert (val.whole.statements, val.whole.missed, val.whole.partial) == (4, 3, 1)  # a branch of a missed line is no partial one
    assert (val.scope.statements, val.scope.missed, val.scope.partial) == (2, 1, 1)
    listing = "\n".join(val.listing)
    assert "_validate_ephemeral_containers" not in listing
    assert "## drakit.validation.core.x__validate_pod_level_resources" in listing
    assert f"{rel}:{i1 + 2}: MISSED" in listing
    assert f"{rel}:{i1 + 1}: BRANCH->{i2}" in listing
    assert reports["allocator"].whole.statements == 0


def test_a_failing_release_makes_the_run_fail_and_says_so(fc, monkeypatch, tmp_path: Path):
    monkeypatch.setattr(fc, "run_release",
                        lambda work, r: (r, 1 if r == "1.35" else 0,
                                         "1 failed, 9 passed" if r == "1.35" else "10 passed"))
    monkeypatch.setattr(fc, "combine", lambda work, releases: {})
    code = fc.main(["--workdir", str(tmp_path), "--releases", "1.37,1.35", "--jobs", "1"])
    assert code == 1
    summary = (tmp_path / "summary.md").read_text()
    assert "The feature suite failed" in summary and "1.35: exit 1: 1 failed, 9 passed" in summary


def test_fail_under_compares_the_scope_figure(fc, monkeypatch, tmp_path: Path):
    rel = "drakit/kubelet/admission.py"
    n = len((ROOT / rel).read_text().splitlines())
    monkeypatch.setattr(fc, "run_release", lambda work, r: (r, 0, "ok"))
    monkeypatch.setattr(fc, "combine", lambda work, releases: {
        rel: {"executed_lines": [1], "missing_lines": [n], "executed_branches": [],
              "missing_branches": []}})
    assert fc.main(["--workdir", str(tmp_path), "--releases", "1.37", "--fail-under", "40"]) == 0
    assert fc.main(["--workdir", str(tmp_path), "--releases", "1.37", "--fail-under", "60"]) == 2


@pytest.mark.parametrize("args, text", [
    (["--jobs", "0"], "--jobs: 0 is out of range"),
    (["--releases", " , "], "--releases: name at least one release"),
])
def test_bad_options_are_one_line_errors(fc, capsys, args, text):
    with pytest.raises(SystemExit) as e:
        fc.parse_args(args)
    assert e.value.code == 2
    assert text in capsys.readouterr().err
