"""The mutation judgements file (scripts/mutation_judgements.yaml) is read by the mutation
driver to leave equivalent mutants out of the score and to rerun the named killers. A
malformed entry would silently change the score, so its shape is checked with the unit tests
(the driver itself runs only in `tox -e mutation`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from scriptutil import load_script

ROOT = Path(__file__).resolve().parents[1]


def _driver():
    return load_script("mutation")


def test_every_judgement_has_a_verdict_a_reason_and_its_line():
    judged = _driver().load_judgements()
    assert len(judged) > 100
    for name, j in judged.items():
        assert name.startswith("drakit."), name
        assert j.get("verdict") in ("equivalent", "killed", "open"), name
        assert str(j.get("why") or "").strip(), name
        assert str(j.get("line") or "").strip(), name
        if j["verdict"] == "killed":
            by = [j["by"]] if isinstance(j.get("by"), str) else j.get("by")
            assert by and all(b.startswith(("steps/test_features.py::test_", "tests/")) for b in by), name
            assert j.get("at") in (None, "1.34", "1.35", "1.36", "1.37"), (name, j.get("at"))
            for b in by:
                if b.startswith("tests/"):  # the named unit test exists (a rename would orphan it)
                    path, _, func = b.partition("::")  # a whole file, or one test in it
                    text = (ROOT / path).read_text()
                    assert not func or f"def {func.split('::')[0].split('[')[0]}(" in text, (name, b)


def test_a_mutant_judged_twice_is_refused(tmp_path, monkeypatch):
    driver = _driver()
    f = tmp_path / "j.yaml"
    f.write_text("drakit.a__mutmut_1:\n  verdict: open\n  why: x\n  line: y\n"
                 "drakit.a__mutmut_1:\n  verdict: equivalent\n  why: x\n  line: y\n")
    monkeypatch.setattr(driver, "JUDGEMENTS", f)
    with pytest.raises(ValueError, match=r"j.yaml line 5: drakit.a__mutmut_1 is judged twice"):
        driver.load_judgements()
