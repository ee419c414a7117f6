"""Field paths in steps (steps/paths.py): the list selector ``[key=value]`` reads by key."""

import pytest

from steps import paths

OBJ = {"status": {"resourceClaimStatuses": [
    {"name": "pg-claim", "resourceClaimName": "group-pg-claim-x"},
    {"name": "shared", "resourceClaimName": "shared-claim"},
]}}


def test_a_selector_reads_the_item_with_that_key_wherever_it_is():
    assert paths.lookup(OBJ, "status.resourceClaimStatuses[name=shared].resourceClaimName") == "shared-claim"
    assert paths.lookup(OBJ, "status.resourceClaimStatuses[name=pg-claim]") == OBJ["status"][
        "resourceClaimStatuses"][0]


def test_a_selector_no_item_matches_is_missing():
    assert paths.lookup(OBJ, "status.resourceClaimStatuses[name=other].resourceClaimName") is paths.MISSING
    assert paths.lookup(OBJ, "status.resourceClaimStatuses[resourceClaimName=shared]") is paths.MISSING


def test_a_selector_on_a_map_is_a_key_not_a_selection():
    # a map key with "=" is looked up as written (no list to select from)
    assert paths.lookup({"m": {"a=b": 1}}, "m[a=b]") == 1
    assert paths.lookup({"m": {"a": "b"}}, "m[a=b]") is paths.MISSING


def test_a_selector_cannot_be_written_through():
    with pytest.raises(ValueError, match="only reads"):
        paths.assign({"l": [{"name": "a"}]}, "l[name=a].x", 1)
