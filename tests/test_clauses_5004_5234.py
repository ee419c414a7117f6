"""KEP-5004 and KEP-5234: the clause data in features/requirements.yaml agrees with the tags.

Why: coverage is judged clause by clause (issue 10 §2) and test-plan entry by entry (§3): a
mistyped ``@clause:`` or ``@kep-test:`` tag, a clause nobody proves or a test-plan entry with
neither a scenario nor a reason would make the report say something the suite does not.
This file checks the two KEPs' data; the catalog-wide check (all KEPs) lives beside it.
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
KEPS = {"5004": "kep-5004-extended-resource.feature", "5234": "kep-5234-resourceslice-mixins.feature"}
SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")

CATALOG = yaml.safe_load((FEATURES / "requirements.yaml").read_text(encoding="utf-8"))


def _requirements(kep: str) -> list[dict]:
    return [r for r in CATALOG["requirements"] if str(r["id"]).startswith(kep + "-")]


def _scenarios(kep: str) -> list[tuple[str, set[str]]]:
    feature = FeatureParser(str(FEATURES), KEPS[kep]).parse()
    out = []
    for sc in feature.scenarios.values():
        tags = set(sc.tags) | set(feature.tags) | (set(sc.rule.tags) if sc.rule else set())
        out.append((sc.name, tags))
    return out


@pytest.mark.parametrize("kep", sorted(KEPS))
def test_every_requirement_has_well_formed_clauses(kep: str) -> None:
    problems = []
    for req in _requirements(kep):
        clauses = req.get("clauses")
        if not isinstance(clauses, list) or not clauses:
            problems.append(f"{req['id']}: no clauses")
            continue
        ids = [c.get("id") for c in clauses]
        for cid in ids:
            if not isinstance(cid, str) or not SLUG.match(cid):
                problems.append(f"{req['id']}: clause id {cid!r} is not a lowercase-hyphenated slug")
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            problems.append(f"{req['id']}: clause ids appear twice: {dupes}")
        for c in clauses:
            if not str(c.get("text") or "").strip():
                problems.append(f"{req['id']}/{c.get('id')}: no text")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("kep", sorted(KEPS))
def test_clause_tags_name_existing_clauses_of_a_tagged_requirement(kep: str) -> None:
    known = {str(r["id"]): {c["id"] for c in r.get("clauses") or ()} for r in CATALOG["requirements"]}
    problems = []
    for name, tags in _scenarios(kep):
        for tag in sorted(t for t in tags if t.startswith("clause:")):
            req, _, slug = tag.split(":", 1)[1].partition("/")
            if req not in known:
                problems.append(f"{name!r}: @{tag}: no requirement {req}")
            elif slug not in known[req]:
                problems.append(f"{name!r}: @{tag}: {req} has no clause {slug!r}")
            if f"req:{req}" not in tags:
                problems.append(f"{name!r}: @{tag} without @req:{req}")
        for tag in sorted(t for t in tags if t.startswith("req:")):
            if tag.split(":", 1)[1] not in known:
                problems.append(f"{name!r}: @{tag}: no such requirement")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("kep", sorted(KEPS))
def test_every_clause_is_proved_by_a_scenario(kep: str) -> None:
    proved: dict[str, set[str]] = defaultdict(set)
    for _name, tags in _scenarios(kep):
        for tag in tags:
            if tag.startswith("clause:"):
                req, _, slug = tag.split(":", 1)[1].partition("/")
                proved[req].add(slug)
    missing = [f"{r['id']}/{c['id']}" for r in _requirements(kep) for c in r["clauses"]
               if c["id"] not in proved[str(r["id"])]]
    assert not missing, "clauses without a scenario:\n  " + "\n  ".join(missing)


@pytest.mark.parametrize("kep", sorted(KEPS))
def test_test_plan_entries_are_mapped_or_say_why_not(kep: str) -> None:
    entries = (CATALOG.get("test_plans") or {}).get(f"KEP-{kep}") or []
    assert entries, f"test_plans has no KEP-{kep} list"
    names = [e["name"] for e in entries]
    assert len(names) == len(set(names)), f"duplicate test-plan names: {names}"
    tagged: set[str] = set()
    problems = []
    for name, tags in _scenarios(kep):
        for tag in tags:
            if tag.startswith("kep-test:"):
                t = tag.split(":", 1)[1]
                tagged.add(t)
                if t not in names:
                    problems.append(f"{name!r}: @{tag} is not a KEP-{kep} test-plan entry")
    for e in entries:
        if not SLUG.match(e["name"]) or not str(e.get("text") or "").strip():
            problems.append(f"{e['name']!r}: needs a slug name and the KEP's text")
        if e["name"] in tagged and e.get("unmapped"):
            problems.append(f"{e['name']}: tagged scenarios exist but the entry says unmapped")
        if e["name"] not in tagged and not str(e.get("unmapped") or "").strip():
            problems.append(f"{e['name']}: no scenario carries @kep-test:{e['name']} and no reason is given")
    assert not problems, "\n".join(problems)
