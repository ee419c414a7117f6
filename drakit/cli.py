"""The ``drakit`` command line.

Each subcommand is a thin shell over a library entry point; errors are printed as one
line (the API server's message, or file:line and a reason) with exit status 1, never a
traceback.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from collections.abc import Sequence

from drakit.api.errors import StatusError
from drakit.api.quantity import QuantityError, parse_quantity
from drakit.features import SUPPORTED_VERSIONS, FeatureGateError, inert_note, parse_gate_args
from drakit.yamlio import ManifestError, dump, load_file


class NodeSpecError(ValueError):
    """A ``--node NAME[:resource=quantity,...]`` argument that cannot be used; one line."""


NODE_SPEC_HELP = "NAME[:cpu=8,memory=32Gi]"
_DNS_SUBDOMAIN = re.compile(r"[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*")


def parse_node_spec(text: str) -> tuple[str, dict[str, str] | None]:
    """``node-1:cpu=8,memory=32Gi`` -> ("node-1", {"cpu": "8", "memory": "32Gi"}).

    Shared by ``drakit apply --node`` and ``drakit serve --node``. Without ``:`` the node
    gets the default allocatable (8 cpu, 32Gi memory). Every ``resource=quantity`` item must
    have both sides and a quantity Kubernetes parses (apimachinery ``ParseQuantity``); the
    node name must be a DNS subdomain, as the API server requires of Node names.
    """
    name, sep, spec = text.partition(":")
    if not name or len(name) > 253 or not _DNS_SUBDOMAIN.fullmatch(name):
        raise NodeSpecError(f"invalid --node {text!r}: {name!r} is not a node name (lower-case "
                            f"letters, digits, '-' and '.'); want {NODE_SPEC_HELP}")
    if not sep or not spec.strip():
        return name, None
    alloc: dict[str, str] = {}
    for item in spec.split(","):
        key, eq, value = (part.strip() for part in item.partition("="))
        if not eq or not key or not value:
            raise NodeSpecError(f"invalid --node {text!r}: {item.strip()!r} is not "
                                f"RESOURCE=QUANTITY; want {NODE_SPEC_HELP}")
        if key in alloc:
            raise NodeSpecError(f"invalid --node {text!r}: {key} is given twice")
        try:
            parse_quantity(value)
        except QuantityError:
            raise NodeSpecError(f"invalid --node {text!r}: {key}={value} is not a quantity "
                                "(write it like 8, 500m or 32Gi)") from None
        alloc[key] = value
    return name, alloc


def _cmd_apply(args: argparse.Namespace) -> int:
    from drakit.cluster import Cluster

    nodes = [parse_node_spec(n) for n in args.node or ()]
    gates = parse_gate_args(args.gate)
    cluster = Cluster(version=args.version, feature_gates=gates)
    note = inert_note(cluster.gates)
    if note:
        print(f"drakit: {note}", file=sys.stderr)
    for name, alloc in nodes:
        cluster.add_node(name, allocatable=alloc)
    objs = []
    for f in args.filename:
        objs.extend(load_file(f))
    if not objs:
        # kubectl apply's answer to files without a document ("error: no objects passed to
        # apply"): an empty run is a mistake to point out, not a silent success
        raise ManifestError(f"no objects passed to apply ({', '.join(args.filename)} "
                            "hold no document)")
    stored = cluster.apply(objs, namespace=args.namespace, dry_run=args.dry_run)
    if not args.dry_run:
        # print every object after settling, as it is now stored
        stored = [cluster.api.get(o["kind"], o["metadata"]["name"],
                                  o["metadata"].get("namespace")) for o in stored]
    sys.stdout.write(dump(stored if len(stored) != 1 else stored[0], args.output))
    return 0


def _delegate(module: str, func: str, argv: Sequence[str]) -> int:
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError:
        print(f"drakit: this command is not available in this build ({module} missing)",
              file=sys.stderr)
        return 2
    return int(getattr(mod, func)(list(argv)) or 0)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="drakit", description=(
        "Conformance harness for Kubernetes DRA: a reference control plane and tools."))
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    a = sub.add_parser("apply", help="validate and store manifests in a reference cluster, "
                                     "settle, print the stored objects")
    a.add_argument("-f", "--filename", action="append", required=True,
                   help="manifest file (YAML or JSON); repeatable")
    a.add_argument("--version", default="1.37", help="emulated Kubernetes version ("
                   + ", ".join(SUPPORTED_VERSIONS) + "; default 1.37)")
    a.add_argument("--gate", action="append", metavar="NAME=BOOL",
                   help="feature gate override; repeatable or comma-separated")
    a.add_argument("--node", action="append", metavar=NODE_SPEC_HELP,
                   help="add a node before applying; repeatable")
    a.add_argument("-n", "--namespace", default=None)
    a.add_argument("--dry-run", action="store_true", help="server-side dry run")
    a.add_argument("-o", "--output", choices=("yaml", "json"), default="yaml")
    a.set_defaults(func=_cmd_apply)

    for name, helptext in (("allocate", "run the structured allocator on a node"),
                           ("flatten", "print a ResourceSlice with its mixins flattened"),
                           ("serve", "serve the reference cluster over HTTPS like kube-apiserver"),
                           ("report", "re-render the HTML/JUnit/Cucumber reports from a "
                                      "results.json"),
                           ("node-agent", "answer the harness's questions about one node "
                                          "(PodResources, checkpoint, CDI devices)")):
        s = sub.add_parser(name, help=helptext, add_help=False)
        s.add_argument("rest", nargs=argparse.REMAINDER)
    return p


_DELEGATES = {
    "allocate": ("drakit.allocator.cli", "main_allocate"),
    "flatten": ("drakit.allocator.cli", "main_flatten"),
    "serve": ("drakit.serve", "main"),
    "report": ("drakit.report.cli", "main"),
    "node-agent": ("drakit.nodeagent.cli", "main"),
}


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in _DELEGATES:
        mod, func = _DELEGATES[argv[0]]
        return _delegate(mod, func, argv[1:])
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return args.func(args)
    except StatusError as e:
        print(f"Error from server ({e.reason}): {e}", file=sys.stderr)
        return 1
    except (ManifestError, FeatureGateError, NodeSpecError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
