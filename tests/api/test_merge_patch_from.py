"""merge_patch_from: the JSON merge patch that turns one object into another."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from drakit.api.meta import merge_patch, merge_patch_from

# JSON values without null (a merge patch cannot set null: null means "remove")
_scalars = st.one_of(st.booleans(), st.integers(-5, 5), st.text(max_size=3))
_values = st.recursive(_scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from("abcd"), inner, max_size=4)), max_leaves=12)
_objects = st.dictionaries(st.sampled_from("abcd"), _values, max_size=4)


@settings(max_examples=300, deadline=None)
@given(_objects, _objects)
def test_applying_the_patch_gives_the_new_object(old: dict, new: dict) -> None:
    assert merge_patch(old, merge_patch_from(old, new)) == new


@settings(max_examples=100, deadline=None)
@given(_objects)
def test_no_change_is_an_empty_patch(obj: dict) -> None:
    assert merge_patch_from(obj, obj) == {}


def test_only_what_changed_with_gone_keys_as_null_and_lists_whole() -> None:
    old = {"phase": "Pending", "conditions": [{"type": "A"}], "hostIP": "1.2.3.4",
           "qos": {"class": "BestEffort", "x": 1}}
    new = {"phase": "Running", "conditions": [{"type": "A"}, {"type": "B"}],
           "qos": {"class": "BestEffort"}}
    assert merge_patch_from(old, new) == {
        "phase": "Running", "conditions": [{"type": "A"}, {"type": "B"}], "hostIP": None,
        "qos": {"x": None}}


def test_the_patch_is_a_copy() -> None:
    new = {"a": {"b": [1]}}
    patch = merge_patch_from({}, new)
    patch["a"]["b"].append(2)
    assert new == {"a": {"b": [1]}}
