"""Property tests: pod.status.nodeAllocatableResourceClaimStatuses validation never crashes
on what a client may send, and follows the shipped shape per version.

Why: the field is written by the scheduler but any client with pods/status may patch it; the
validator must answer with field errors, never an exception, and the 1.37 rule that
containers/mapping/overhead are optional (shipped types, KEP-5517 alpha2) must hold for every
well-formed entry, while 1.36 keeps requiring containers.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from drakit.api.errors import FieldError, Path
from drakit.upstream_bugs import BUGS, has_bug
from drakit.validation.core import validate_node_allocatable_claim_statuses

PATH = Path("status").child("nodeAllocatableResourceClaimStatuses")
SPEC = {"resourceClaims": [{"name": "c", "resourceClaimName": "claim-a"}]}

scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 5), st.text(max_size=8))
junk = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)), max_leaves=8)
names = st.sampled_from(["cpu", "memory", "hugepages-2Mi", "example.com/gpu", "", "x/y"])
quantities = st.sampled_from(["1", "0", "-1", "1Gi", "500m", "nope", ""])
mapping = st.lists(st.fixed_dictionaries({"name": names, "quantity": quantities}), max_size=3)
overhead = st.lists(st.fixed_dictionaries({"name": names}, optional={"perPod": quantities,
                                                                        "perContainer": quantities}),
                    max_size=3)
entry = st.fixed_dictionaries({"resourceClaimName": st.sampled_from(["claim-a", "other", ""])},
                              optional={"containers": st.lists(st.sampled_from(["app", "x"]), max_size=2),
                                        "mapping": mapping, "overhead": overhead})


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(entry, junk), max_size=3), st.sampled_from(["1.36", "1.37", "1.38"]))
def test_never_raises_and_paths_stay_in_the_field(entries, version):
    status = {"nodeAllocatableResourceClaimStatuses": entries}
    errs = validate_node_allocatable_claim_statuses(status, SPEC, PATH, version)
    assert all(isinstance(e, FieldError) for e in errs)
    assert all(str(e).startswith("status.nodeAllocatableResourceClaimStatuses[") for e in errs)


@settings(max_examples=60, deadline=None)
@given(st.fixed_dictionaries({"resourceClaimName": st.just("claim-a")},
                             optional={"containers": st.lists(st.just("app"), max_size=1),
                                       "mapping": st.lists(st.fixed_dictionaries(
                                           {"name": st.sampled_from(["cpu", "memory"]),
                                            "quantity": st.sampled_from(["1", "0", "2Gi"])}),
                                           max_size=2, unique_by=lambda m: m["name"]),
                                       "overhead": st.lists(st.one_of(
                                           st.fixed_dictionaries({"name": st.sampled_from(["cpu", "memory"]),
                                                                  "perPod": st.sampled_from(["0", "1Gi"])},
                                                                 optional={"perContainer": st.just("500m")}),
                                           st.fixed_dictionaries({"name": st.sampled_from(["cpu", "memory"]),
                                                                  "perContainer": st.just("1")})),
                                           max_size=2, unique_by=lambda o: o["name"])}))
def test_137_well_formed_entries_need_no_containers_nor_mapping(e):
    errs = validate_node_allocatable_claim_statuses(
        {"nodeAllocatableResourceClaimStatuses": [e]}, SPEC, PATH, "1.37")
    assert errs == []


@given(st.integers(30, 45))
def test_has_bug_is_a_version_range(minor):
    for ref, bug in BUGS.items():
        first = int(bug.first_affected.split(".")[1])
        fixed = int(bug.fixed_in.split(".")[1]) if bug.fixed_in else 10**6
        assert has_bug(f"1.{minor}", ref) == (first <= minor < fixed)


@settings(max_examples=60, deadline=None)
@given(st.fixed_dictionaries({"name": st.sampled_from(["cpu", "memory"])},
                             optional={"perPod": st.sampled_from(["-1", "-500m"]),
                                       "perContainer": st.sampled_from(["-1Gi", "-1"])}))
def test_137_overhead_needs_a_non_negative_amount(o):
    """pkg/api/pod/declarative_validation_test.go: an overhead entry without perPod and
    perContainer, or with a negative one, is refused at the entry or at the amount."""
    errs = validate_node_allocatable_claim_statuses(
        {"nodeAllocatableResourceClaimStatuses": [{"resourceClaimName": "claim-a", "overhead": [o]}]},
        SPEC, PATH, "1.37")
    base = "status.nodeAllocatableResourceClaimStatuses[0].overhead[0]"
    if "perPod" not in o and "perContainer" not in o:
        assert [(e.type, e.field) for e in errs] == [("Invalid", base)]
    else:
        assert {(e.type, e.field) for e in errs} == {("Invalid", f"{base}.{k}") for k in ("perPod", "perContainer")
                                                      if k in o}
