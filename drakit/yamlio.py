"""Reading manifests: YAML/JSON documents with errors a person can act on.

Why its own module: bad input is part of the product. A parser error names the file and
line and the parser's reason; a document that is not a mapping, or a file too big to be a
manifest, is refused with one sentence, never a traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

MAX_MANIFEST_BYTES = 10 * 1024 * 1024


class ManifestError(ValueError):
    """A manifest that cannot be read; str() is one line with file:line and the reason."""


class _Loader(yaml.SafeLoader):
    """SafeLoader that keeps the start line of every mapping (for error messages)."""


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> dict:
    loader.flatten_mapping(node)
    out = {}
    for k_node, v_node in node.value:
        key = loader.construct_object(k_node, deep=True)
        if key in out:
            raise ManifestError(
                f"line {k_node.start_mark.line + 1}: duplicate key {key!r} in a mapping")
        out[key] = loader.construct_object(v_node, deep=True)
    return out


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def load_documents(text: str, source: str = "<input>") -> list[dict]:
    """Parse every YAML document of ``text``; ``List`` kinds are expanded into their items."""
    if len(text.encode("utf-8", errors="replace")) > MAX_MANIFEST_BYTES:
        raise ManifestError(f"{source}: manifest is larger than 10 MiB; split it into "
                            "smaller files")
    docs: list[dict] = []
    try:
        loader = _Loader(text)
        try:
            index = 0
            while loader.check_data():
                line = loader.peek_event().start_mark.line + 1 if loader.peek_event() else 0
                doc = loader.get_data()
                index += 1
                if doc is None:
                    continue
                if not isinstance(doc, dict):
                    raise ManifestError(
                        f"{source}:{line}: document {index} is a {type(doc).__name__}, not a "
                        "mapping; every document must be a Kubernetes object "
                        "(apiVersion, kind, metadata, ...)")
                if doc.get("kind") == "List" or (
                        str(doc.get("kind", "")).endswith("List") and "items" in doc):
                    for item in doc.get("items") or []:
                        if not isinstance(item, dict):
                            raise ManifestError(f"{source}:{line}: a List item is not a mapping")
                        docs.append(item)
                else:
                    docs.append(doc)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        where = f"{source}:{mark.line + 1}:{mark.column + 1}" if mark else source
        reason = e.problem or e.context or "cannot parse"
        raise ManifestError(f"{where}: invalid YAML: {reason}") from None
    except yaml.YAMLError as e:
        raise ManifestError(f"{source}: invalid YAML: {e}") from None
    except ManifestError as e:
        msg = str(e)
        if msg.startswith("line "):
            msg = f"{source}:{msg[5:]}"
        raise ManifestError(msg) from None
    return docs


def load_file(path: str | Path) -> list[dict]:
    p = Path(path)
    try:
        size = p.stat().st_size
    except FileNotFoundError:
        raise ManifestError(f"{p}: no such file") from None
    if size > MAX_MANIFEST_BYTES:
        raise ManifestError(f"{p}: manifest is larger than 10 MiB ({size} bytes); split it "
                            "into smaller files")
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ManifestError(f"{p}: not a UTF-8 text file") from None
    return load_documents(text, str(p))


def to_objects(source: Any, name: str = "<input>") -> list[dict]:
    """Accept YAML text, one object, or a list of objects."""
    if isinstance(source, str):
        return load_documents(source, name)
    if isinstance(source, dict):
        return [source]
    if isinstance(source, (list, tuple)):
        out = []
        for i, item in enumerate(source):
            if not isinstance(item, dict):
                raise ManifestError(f"{name}: item {i} is a {type(item).__name__}, not a mapping")
            out.append(item)
        return out
    raise ManifestError(f"{name}: expected YAML text, a mapping or a list of mappings, got "
                        f"{type(source).__name__}")


class _PlainDumper(yaml.SafeDumper):
    """Never writes anchors/aliases: objects that share sub-dicts (flattened mixins, copied
    defaults) print in full, as kubectl would print them."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def dump(objs: Any, fmt: str = "yaml", many: bool | None = None) -> str:
    """YAML (one document, or one per item of a list when ``many``) or JSON."""
    if fmt == "json":
        import json
        return json.dumps(objs, indent=2, sort_keys=False) + "\n"
    if many is None:
        many = isinstance(objs, list)
    if many:
        return yaml.dump_all(objs, Dumper=_PlainDumper, sort_keys=False,
                             default_flow_style=False)
    return yaml.dump(objs, Dumper=_PlainDumper, sort_keys=False, default_flow_style=False)
