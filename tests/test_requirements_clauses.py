"""The requirement catalog's clauses and test plans agree with the scenarios that cite them.

Why: a requirement counts as covered clause by clause (issue 10 §2) and a KEP's test plan
entry by the scenarios tagged ``@kep-test:<name>`` (§3), so a typo in a tag, a clause no
scenario proves or a test-plan entry nobody maps would silently make the report say less
(or more) than the suite proves. The checks run per KEP so each KEP's data is judged on its
own; a KEP whose requirements carry no clauses yet only has its tags checked.

Data shapes (features/requirements.yaml):

* ``requirements[].clauses: [{id: <slug>, text: <the KEP's sentence>}]``, ids unique within
  the requirement; a scenario proving one carries ``@clause:<req-id>/<slug>`` next to
  ``@req:<req-id>``;
* ``test_plans: {<KEP-NNNN>: [{name, level, text, unmapped?}]}``: the KEP's Test Plan entries
  (``text`` is the KEP's bullet); a scenario carrying ``@kep-test:<name>`` stands for the
  entry; an entry without one says why under ``unmapped``.
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest
import yaml
from pytest_bdd.parser import FeatureParser

ROOT = Path(__file__).resolve().parent.parent
FEATURES = ROOT / "features"
SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
LEVELS = {"unit", "integration", "e2e", "enablement", "scale"}


def _catalog() -> dict:
    return yaml.safe_load((FEATURES / "requirements.yaml").read_text(encoding="utf-8"))


def _scenarios() -> list[tuple[str, str, set[str]]]:
    """(feature file, scenario name, tags incl. the Rule's and Feature's) for every scenario."""
    out = []
    for path in sorted(FEATURES.glob("*.feature")):
        feature = FeatureParser(str(FEATURES), path.name).parse()
        for sc in feature.scenarios.values():
            tags = set(sc.tags) | set(feature.tags) | (set(sc.rule.tags) if sc.rule else set())
            out.append((path.name, sc.name, tags))
    return out


def _kep_of(req_id: str) -> str:
    return req_id.split("-", 1)[0]


def _keps() -> list[str]:
    ids = {_kep_of(str(r["id"])) for r in _catalog()["requirements"]}
    return sorted(ids)


CATALOG = _catalog()
SCENARIOS = _scenarios()


def test_requirement_ids_are_unique() -> None:
    ids = [str(r["id"]) for r in CATALOG["requirements"]]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    assert not dupes, f"duplicate requirement ids: {dupes}"


def test_top_level_keys_appear_once() -> None:
    """YAML keeps the last of two equal keys silently: two ``test_plans:`` blocks (say, from
    two merged branches) would drop the first KEP lists without a word."""
    text = (FEATURES / "requirements.yaml").read_text(encoding="utf-8")
    keys = re.findall(r"^([A-Za-z_][\w-]*):", text, flags=re.M)
    dupes = sorted({k for k in keys if keys.count(k) > 1})
    assert not dupes, f"top-level keys appear more than once in requirements.yaml: {dupes}"


@pytest.mark.parametrize("kep", _keps())
def test_req_tags_name_existing_requirements(kep: str) -> None:
    known = {str(r["id"]) for r in CATALOG["requirements"]}
    problems = [f"{feature}: {name!r}: @{t} names no requirement"
                for feature, name, tags in SCENARIOS for t in sorted(tags)
                if t.startswith("req:") and _kep_of(t[4:]) == kep and t[4:] not in known]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("kep", _keps())
def test_clauses_are_well_formed(kep: str) -> None:
    problems = []
    reqs = [r for r in CATALOG["requirements"] if _kep_of(str(r["id"])) == kep]
    if any("clauses" in r for r in reqs):
        problems += [f"{r['id']}: no clauses, while other {kep} requirements have them"
                     for r in reqs if "clauses" not in r]
    for req in reqs:
        if "clauses" not in req:
            continue
        clauses = req["clauses"]
        if not isinstance(clauses, list) or not clauses:
            problems.append(f"{req['id']}: clauses must be a non-empty list")
            continue
        seen: set[str] = set()
        for c in clauses:
            cid = c.get("id") if isinstance(c, dict) else None
            if not isinstance(cid, str) or not SLUG.match(cid):
                problems.append(f"{req['id']}: clause id {cid!r} is not a lowercase-hyphenated slug")
            elif cid in seen:
                problems.append(f"{req['id']}: clause id {cid!r} appears twice")
            else:
                seen.add(cid)
            if not isinstance(c, dict) or not isinstance(c.get("text"), str) or not c["text"].strip():
                problems.append(f"{req['id']}/{cid}: clause text is missing")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("kep", _keps())
def test_clause_tags_name_existing_clauses(kep: str) -> None:
    clauses = {str(r["id"]): {c["id"] for c in r.get("clauses") or ()} for r in CATALOG["requirements"]}
    problems = []
    for feature, name, tags in SCENARIOS:
        for tag in sorted(tags):
            if not tag.startswith("clause:"):
                continue
            ref = tag.split(":", 1)[1]
            req, _, slug = ref.partition("/")
            if _kep_of(req) != kep:
                continue
            if req not in clauses:
                problems.append(f"{feature}: {name!r}: @{tag}: no requirement {req}")
            elif slug not in clauses[req]:
                problems.append(f"{feature}: {name!r}: @{tag}: {req} has no clause {slug!r} "
                                f"(has {sorted(clauses[req])})")
            if f"req:{req}" not in tags:
                problems.append(f"{feature}: {name!r}: @{tag} without @req:{req}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("kep", _keps())
def test_every_clause_has_a_scenario(kep: str) -> None:
    proved: dict[str, set[str]] = defaultdict(set)
    for _feature, _name, tags in SCENARIOS:
        for tag in tags:
            if tag.startswith("clause:"):
                req, _, slug = tag.split(":", 1)[1].partition("/")
                proved[req].add(slug)
    missing = [f"{r['id']}/{c['id']}" for r in CATALOG["requirements"]
               if _kep_of(str(r["id"])) == kep for c in r.get("clauses") or ()
               if c["id"] not in proved[str(r["id"])]]
    assert not missing, "clauses no scenario is tagged with:\n  " + "\n  ".join(missing)


def _plans() -> dict[str, list[dict]]:
    plans = CATALOG.get("test_plans") or {}
    assert isinstance(plans, dict), "test_plans must map KEP-NNNN to a list"
    return plans


@pytest.mark.parametrize("kep", _keps())
def test_test_plan_entries_and_tags_agree(kep: str) -> None:
    entries = _plans().get(f"KEP-{kep}", [])
    problems = []
    names = []
    for e in entries:
        n = e.get("name") if isinstance(e, dict) else None
        if not isinstance(n, str) or not SLUG.match(n):
            problems.append(f"KEP-{kep}: test plan name {n!r} is not a lowercase-hyphenated slug")
            continue
        names.append(n)
        if e.get("level") not in LEVELS:
            problems.append(f"KEP-{kep}/{n}: level {e.get('level')!r} is not one of {sorted(LEVELS)}")
        if not isinstance(e.get("text"), str) or not e["text"].strip():
            problems.append(f"KEP-{kep}/{n}: the KEP's text is missing")
    dupes = sorted({n for n in names if names.count(n) > 1})
    if dupes:
        problems.append(f"KEP-{kep}: test plan names appear twice: {dupes}")
    mapped: set[str] = set()
    for feature, name, tags in SCENARIOS:
        if f"kep-{kep}" not in tags:
            continue
        for tag in tags:
            if tag.startswith("kep-test:"):
                t = tag.split(":", 1)[1]
                mapped.add(t)
                if t not in names:
                    problems.append(f"{feature}: {name!r}: @{tag} is not in test_plans.KEP-{kep}")
    for e in entries:
        n = e.get("name")
        if n in mapped and e.get("unmapped"):
            problems.append(f"KEP-{kep}/{n}: marked unmapped but scenarios carry @kep-test:{n}")
        if n not in mapped and not (isinstance(e.get("unmapped"), str) and e["unmapped"].strip()):
            problems.append(f"KEP-{kep}/{n}: no scenario carries @kep-test:{n} and no "
                            "'unmapped' reason is given")
    assert not problems, "\n".join(problems)
