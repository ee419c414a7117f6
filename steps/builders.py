"""Manifest builders for limit scenarios: start from a readable manifest, then grow it.

"A ResourceSlice with 129 devices" is unreadable as YAML; instead a scenario writes one
device and says "the list spec.devices is filled to 129 items from its first item".
"""

from __future__ import annotations

import copy

from pytest_bdd import given, parsers

from . import paths
from .common import load_yaml
from .world import World


def _pending(world: World) -> dict:
    if world.pending is None:
        raise AssertionError("no manifest yet: start with 'Given a <Kind> manifest:'")
    return world.pending


@given(parsers.re(r"an? (?P<kind>\w+) manifest:"))
def given_manifest(world: World, kind: str, docstring: str) -> None:
    docs = load_yaml(docstring)
    if len(docs) != 1 or docs[0].get("kind") != kind:
        raise AssertionError(f"expected one {kind} document")
    world.pending = docs[0]


def _renamed(item, i: int):
    item = copy.deepcopy(item)
    if isinstance(item, dict) and isinstance(item.get("name"), str):
        item["name"] = f"{item['name']}-{i}" if i else item["name"]
    return item


@given(parsers.re(r'the list "(?P<path>[^"]+)" is filled to (?P<n>\d+) items from its first item'))
def given_fill_list(world: World, path: str, n: str) -> None:
    obj = _pending(world)
    lst = paths.lookup(obj, path)
    if not isinstance(lst, list) or not lst:
        raise AssertionError(f"{path} is not a non-empty list in the manifest")
    first = lst[0]
    paths.assign(obj, path, [_renamed(first, i) for i in range(int(n))])


@given(parsers.re(r'the map "(?P<path>[^"]+)" is filled to (?P<n>\d+) entries from its first entry'))
def given_fill_map(world: World, path: str, n: str) -> None:
    obj = _pending(world)
    mp = paths.lookup(obj, path)
    if not isinstance(mp, dict) or not mp:
        raise AssertionError(f"{path} is not a non-empty map in the manifest")
    key, value = next(iter(mp.items()))
    out = {key: value}
    i = 1
    while len(out) < int(n):
        out[f"{key}{i}"] = copy.deepcopy(value)
        i += 1
    paths.assign(obj, path, dict(list(out.items())[: int(n)]))


@given(parsers.re(r'the string "(?P<path>[^"]+)" is (?P<n>\d+) characters long'))
def given_long_string(world: World, path: str, n: str) -> None:
    obj = _pending(world)
    cur = paths.lookup(obj, path)
    base = cur if isinstance(cur, str) and cur else "a"
    s = (base * (int(n) // len(base) + 1))[: int(n)]
    paths.assign(obj, path, s)


@given(parsers.re(r'the manifest has "(?P<path>[^"]+)" set to (?P<value>.+)'))
def given_set(world: World, path: str, value: str) -> None:
    from .common import scalar
    paths.assign(_pending(world), path, scalar(value))


@given(parsers.re(r'the manifest has no "(?P<path>[^"]+)"'))
def given_unset(world: World, path: str) -> None:
    paths.remove(_pending(world), path)
