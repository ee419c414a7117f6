"""Command-line entry points for ``drakit allocate`` and ``drakit flatten``.

Why plain functions taking argv: the lead wires them into the ``drakit`` CLI; keeping
argument parsing here means the allocator can also be driven on its own
(``python -m drakit.allocator.cli allocate ...``). Output is YAML (or the explanation
table); any error is one line on stderr and exit status 1.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from drakit.allocator import (
    AllocationError,
    AllocatorCache,
    MixinError,
    explain,
    flatten_slice,
    format_explanation,
)
from drakit.allocator.explain import one_line
from drakit.allocator.pools import NodeSelectionError
from drakit.api import errors as E
from drakit.api.quantity import QuantityError
from drakit.features import SUPPORTED_VERSIONS
from drakit.schema import IGNORE, decode
from drakit.yamlio import ManifestError, dump, load_file

__all__ = ["main_allocate", "main_flatten"]


class _Fail(Exception):
    pass


def _error_line(message: str) -> str:
    """``error: <message>`` on one line: a control character from the input (a class name
    with a newline) is written as its escape, so a script can still read one line per error."""
    return f"error: {one_line(message)}\n"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 1 (not argparse's 2)
        raise _Fail(message)


def _load(path: str) -> list[dict[str, Any]]:
    """The objects of a manifest file, read exactly as ``drakit apply`` reads them (YAML
    converted the way kubectl does, ``List`` expanded); errors carry file:line."""
    try:
        objs = load_file(path)
    except ManifestError as e:
        raise _Fail(str(e)) from None
    for i, o in enumerate(objs, 1):
        if not o.get("kind"):  # as the API server refuses it; never guessed from context
            raise _Fail(f"{path}: object {i} has no kind (Object 'Kind' is missing); add its "
                        "kind, e.g. kind: ResourceSlice")
    return objs


def _node(value: str) -> dict[str, Any]:
    """``--node``: a YAML/JSON file holding one Node, or ``NAME[:cpu=8,memory=32Gi]`` as
    ``drakit apply --node`` and ``drakit serve --node`` take it (the Node the reference
    cluster's ``add_node`` makes: the ``kubernetes.io/hostname`` label, that allocatable)."""
    from drakit.cli import NodeSpecError, parse_node_spec

    if os.path.exists(value) or os.sep in value or value.endswith((".yaml", ".yml", ".json")):
        nodes = [o for o in _load(value) if o["kind"] == "Node"]
        if len(nodes) != 1:
            raise _Fail(f"{value}: expected exactly one Node, found {len(nodes)}")
        return nodes[0]
    try:
        name, alloc = parse_node_spec(value)
    except NodeSpecError as e:
        raise _Fail(f"{e} (or a file with one Node)") from None
    alloc = dict(alloc or {"cpu": "8", "memory": "32Gi"})
    alloc.setdefault("pods", "110")
    return {"apiVersion": "v1", "kind": "Node",
            "metadata": {"name": name, "labels": {"kubernetes.io/hostname": name}},
            "status": {"capacity": dict(alloc), "allocatable": alloc}}


def _gates(values: Sequence[str], version: str) -> dict[str, bool]:
    """``--gate Name=BOOL`` (repeatable, or comma-separated), parsed as ``drakit apply
    --gate`` and kube's ``--feature-gates`` parse it (Go's ParseBool values, kube's
    wording); a name the release does not have is refused as they refuse it (a typo would
    otherwise change nothing, silently). Unlike apply, a locked gate may be turned: the
    tool shows what the allocator would do, not what a server would accept."""
    from drakit.features import GATES, FeatureGateError, parse_gate_args, unknown_gate_message

    try:
        gates = parse_gate_args(values)
    except FeatureGateError as e:
        raise _Fail(f"invalid --gate: {e}") from None
    for name in gates:
        if name not in GATES[version]:
            raise _Fail(f"invalid --gate: {unknown_gate_message(name, version)}")
    return gates


_READ_KINDS = ("ResourceSlice", "DeviceClass", "ResourceClaim")


def _decoded(objs: list[dict[str, Any]], version: str, kinds: Sequence[str] = _READ_KINDS
             ) -> list[dict[str, Any]]:
    """The objects as a typed informer hands them to upstream's allocator: decoded as
    kube-apiserver decodes them (JSON null becomes the zero value; unknown fields are dropped,
    as the tool reads manifests, not requests). A JSON type the Go type cannot hold (a list
    where the spec is an object) is refused with the decoder's text, one line naming the
    object."""
    out = []
    for o in objs:
        kind = o.get("kind")
        if kind not in kinds:
            out.append(o)
            continue
        try:
            out.append(decode(o, version, field_validation=IGNORE).obj)
        except E.StatusError as e:
            md = o.get("metadata")
            name = md.get("name") if isinstance(md, dict) else None
            raise _Fail(f"{kind} {name or '<unnamed>'}: {e.message}") from None
    return out


def _check_request_names(claim: dict[str, Any]) -> None:
    """A request or subrequest without a name: the API server refuses the claim (Required),
    and an allocation result could not say which request a device serves. The claim comes
    decoded (``_decoded``), so requests and subrequests are lists of objects."""
    md = claim.get("metadata") or {}
    requests = ((claim.get("spec") or {}).get("devices") or {}).get("requests") or ()
    paths = []
    for i, req in enumerate(requests):
        paths.append((f"spec.devices.requests[{i}]", req))
        paths += [(f"spec.devices.requests[{i}].firstAvailable[{j}]", sub)
                  for j, sub in enumerate(req.get("firstAvailable") or ())]
    for path, item in paths:
        if not (item or {}).get("name"):
            raise _Fail(f"ResourceClaim {md.get('namespace', 'default')}/{md['name']}: {path}.name: "
                        "Required value; name every request and subrequest")


def main_allocate(argv: Sequence[str]) -> int:
    """``drakit allocate --node node.yaml|NAME[:cpu=8] -f objects.yaml [--explain] [--gate G=true] [--version 1.37]``."""
    p = _Parser(prog="drakit allocate", description="Allocate devices for the claims in -f on one node.")
    p.add_argument("--node", required=True, metavar="NODE",
                   help="the node: a YAML file with one Node, or NAME[:cpu=8,memory=32Gi] "
                        "as for drakit apply")
    p.add_argument("-f", "--filename", action="append", required=True,
                   help="YAML with ResourceSlices, DeviceClasses, ResourceClaims (repeatable)")
    p.add_argument("--explain", action="store_true", help="print why each device was or was not used")
    p.add_argument("--gate", action="append", default=[], help="feature gate override NAME=BOOL (repeatable, or NAME=BOOL,NAME=BOOL)")
    p.add_argument("--version", default="1.37", choices=list(SUPPORTED_VERSIONS))
    try:
        args = p.parse_args(list(argv))
        # the Node as the scheduler's informer has it: a quantity that does not parse is the
        # decoder's one line naming the Node, as for the -f objects
        nodes = _decoded([_node(args.node)], args.version, ("Node",))
        if not (nodes[0].get("metadata") or {}).get("name"):
            # a Node always has one; node selectors (kubernetes.io/hostname) and the output use it
            raise _Fail(f"{args.node}: the Node has no metadata.name; name it as the cluster names it")
        objs = [o for f in args.filename for o in _load(f)]
        objs = _decoded(objs, args.version)
        slices = [o for o in objs if o.get("kind") == "ResourceSlice"]
        classes = [o for o in objs if o.get("kind") == "DeviceClass"]
        claims_all = [o for o in objs if o.get("kind") == "ResourceClaim"]
        if any(not (c.get("metadata") or {}).get("name") for c in claims_all):
            # the output names each claim namespace/name, as the API server would have it
            raise _Fail("a ResourceClaim in the -f files has no metadata.name; name every claim "
                        "(generateName is the API server's to fill in)")
        for c in claims_all:
            _check_request_names(c)
        allocated = [c for c in claims_all if (c.get("status") or {}).get("allocation")]
        claims = [c for c in claims_all if not (c.get("status") or {}).get("allocation")]
        if not claims:
            kinds = sorted({str(o.get("kind")) for o in objs})
            raise _Fail("no unallocated ResourceClaim in the -f files (found: "
                        + (", ".join(kinds) or "nothing") + "); add a file with the claim")
        from drakit.allocator.core import DEFAULT_GATES

        gates = dict(DEFAULT_GATES[args.version])
        gates.update(_gates(args.gate, args.version))
        if args.explain:
            rows = explain(nodes[0], claims, slices, classes, allocated, gates=gates, version=args.version)
            sys.stdout.write(format_explanation(rows))
            return 0
        # the scheduler's path: a cache of the slices and the node's cached view (its Filter
        # calls allocate_on the same way), so the tool answers as the scheduler would;
        # --explain walks the slices as given, device by device
        cache = AllocatorCache(slices, classes, allocated, version=args.version)
        results = cache.allocate_on(nodes[0], claims, gates=gates)
        if not results and claims:
            sys.stderr.write(f"no solution on node {nodes[0].get('metadata', {}).get('name', '')}\n")
            return 1
        out = []
        for claim, res in zip(claims, results):
            md = claim.get("metadata") or {}
            out.append({"claim": f"{md.get('namespace', 'default')}/{md['name']}", "allocation": res})
        sys.stdout.write(dump(out, many=False))
        return 0
    except QuantityError as e:
        # the allocator parses quantities where it uses them, not knowing which object holds them
        sys.stderr.write(_error_line(f"a quantity in the -f files does not parse: {e}; write "
                                     "quantities like 8, 500m or 32Gi"))
        return 1
    except (_Fail, AllocationError, MixinError, NodeSelectionError) as e:
        sys.stderr.write(_error_line(str(e)))
        return 1


def main_flatten(argv: Sequence[str]) -> int:
    """``drakit flatten slice.yaml``: the slices with KEP-5234 mixins applied."""
    p = _Parser(prog="drakit flatten", description="Print ResourceSlices with mixins flattened.")
    p.add_argument("file")
    try:
        args = p.parse_args(list(argv))
        slices = [o for o in _load(args.file) if o["kind"] == "ResourceSlice"]
        if not slices:
            raise _Fail(f"{args.file}: no ResourceSlice found")
        flat = [flatten_slice(s) for s in slices]
        sys.stdout.write(dump(flat, many=True))
        return 0
    except (_Fail, MixinError) as e:
        sys.stderr.write(_error_line(str(e)))
        return 1


if __name__ == "__main__":  # pragma: no cover
    cmd, rest = (sys.argv[1], sys.argv[2:]) if len(sys.argv) > 1 else ("", [])
    sys.exit(main_allocate(rest) if cmd == "allocate" else main_flatten(rest) if cmd == "flatten" else 1)
