"""Generate drakit/schema/go_types_data.py: the Go type names of API fields, as reflect prints them.

Why: kube-apiserver words a JSON value of the wrong type the way encoding/json's
UnmarshalTypeError does (``json: cannot unmarshal number into Go struct field
PodSpec.spec.restartPolicy of type v1.RestartPolicy``): the type is the Go field's
``reflect.Type.String()``. The OpenAPI drakit decodes with (drakit/schema/data.py) names
structs (``v1.PodSpec``, from the definition name) but not named strings, named maps or map
keys: a ``RestartPolicy`` field is a plain ``string`` there, ``ResourceList`` a
``map[string]resource.Quantity``. This script reads the Go types instead and writes, for
every field of every definition drakit decodes, the Go type name wherever it differs from
the one drakit derives from the OpenAPI.

Inputs, read with git from local mirrors (no work tree needed):

* k8s.io/api (``--api``): every group/version package, at the release tag that matches each
  emulated version (``v0.25.0`` ... ``v0.36.0``) and at the mirror's HEAD for 1.37;
* k8s.io/apimachinery (``--apimachinery``), same refs: pkg/apis/meta/v1 (ObjectMeta,
  LabelSelector, ...) and the packages their fields and k8s.io/api's refer to
  (pkg/types ``UID``, pkg/api/resource, pkg/util/intstr, pkg/runtime).

For each emulated version whose OpenAPI is installed, every property of every
``io.k8s.api.*`` and ``io.k8s.apimachinery.pkg.apis.meta.v1.*`` definition is matched to its
Go struct field (json tag; embedded structs flattened as encoding/json promotes their
fields), and the field's type as encoding/json reports it is compared with the ``go_type`` of
the node drakit compiles from the OpenAPI without this table. Differences are kept, keyed by
(Go package path, struct, json field); a key whose Go type changed between releases is an
error (the table has no per-version form yet).

How encoding/json names the type: ``reflect.Type.String()`` of the field's type with a
pointer dereferenced (a ``*T`` field reports ``T``; pointers inside slices and maps stay,
``[]*T``), packages by their NAME (``corev1.ResourceList`` prints ``v1.ResourceList``),
``byte`` as ``uint8``. Types with their own UnmarshalJSON report what their unmarshaler says:
metav1.Duration decodes a ``string`` first, so a Duration field reports ``string``; Time,
MicroTime, Quantity, IntOrString, RawExtension and FieldsV1 have nodes of their own in
drakit/schema/compile.py, whose names already match.

Usage:
    python scripts/gen_go_types.py [--api /work/.mirror/kubernetes+api/repo]
        [--apimachinery /work/.mirror/kubernetes+apimachinery/repo]
        [--out drakit/schema/go_types_data.py] [--check]

Never run at import or test time: the machines running the tests have no mirrors. The output
is sorted and carries the commits it was read from; re-running it on the same mirrors writes
the same file.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

OUT = ROOT / "drakit" / "schema" / "go_types_data.py"
API_MIRROR = "/work/.mirror/kubernetes+api/repo"
APIMACHINERY_MIRROR = "/work/.mirror/kubernetes+apimachinery/repo"
API_MODULE = "k8s.io/api"
APIMACHINERY_MODULE = "k8s.io/apimachinery"
META_V1 = "k8s.io/apimachinery/pkg/apis/meta/v1"

# Emulated version -> ref of k8s.io/api and k8s.io/apimachinery (both tag their releases
# v0.<minor>.0); the newest emulated version reads the mirrors' HEAD (the newest k8s.io/api).
HEAD = "HEAD"


def release_ref(version: str, newest: str) -> str:
    return HEAD if version == newest else f"v0.{version.split('.')[1]}.0"


# Types with their own UnmarshalJSON (k8s.io/apimachinery): what their wrong-type error
# names. Duration.UnmarshalJSON (pkg/apis/meta/v1/duration.go) json.Unmarshal()s into a
# string first, so its error says "string"; the others are decoded by nodes of their own.
CUSTOM_UNMARSHAL = {
    (META_V1, "Duration"): "string",
    (META_V1, "Time"): None,
    (META_V1, "MicroTime"): None,
    (META_V1, "FieldsV1"): None,
    (META_V1, "GroupVersion"): None,
    ("k8s.io/apimachinery/pkg/api/resource", "Quantity"): None,
    ("k8s.io/apimachinery/pkg/util/intstr", "IntOrString"): None,
    ("k8s.io/apimachinery/pkg/runtime", "RawExtension"): None,
}

BUILTINS = {"bool", "string", "int", "int8", "int16", "int32", "int64", "uint", "uint8",
            "uint16", "uint32", "uint64", "uintptr", "float32", "float64", "complex64",
            "complex128", "byte", "rune", "error", "any"}
_ALIASES = {"byte": "uint8", "rune": "int32", "any": "interface {}"}


# ------------------------------------------------------------------------------- git

class Repo:
    """One mirror, read with ``git cat-file`` (one process for all the blobs)."""

    def __init__(self, gitdir: str, module: str) -> None:
        self.gitdir = gitdir
        self.module = module
        self._trees: dict[tuple[str, str], list[str]] = {}
        self._cat = subprocess.Popen(["git", "-C", gitdir, "cat-file", "--batch"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def git(self, *args: str) -> str:
        return subprocess.run(["git", "-C", self.gitdir, *args], check=True,
                              capture_output=True, text=True).stdout

    def commit(self, ref: str) -> str:
        return self.git("rev-parse", ref + "^{commit}").strip()

    def go_files(self, ref: str, pkg_dir: str) -> list[str]:
        key = (ref, pkg_dir)
        if key not in self._trees:
            out = self.git("ls-tree", "--name-only", ref, pkg_dir.rstrip("/") + "/")
            self._trees[key] = sorted(
                p for p in out.splitlines()
                if p.endswith(".go") and not p.endswith("_test.go")
                and "/" not in p[len(pkg_dir.rstrip("/")) + 1:])
        return self._trees[key]

    def read(self, ref: str, path: str) -> str:
        assert self._cat.stdin is not None and self._cat.stdout is not None
        self._cat.stdin.write(f"{ref}:{path}\n".encode())
        self._cat.stdin.flush()
        header = self._cat.stdout.readline().decode().split()
        if len(header) < 3 or header[1] != "blob":
            raise FileNotFoundError(f"{self.gitdir}: {ref}:{path}")
        data = self._cat.stdout.read(int(header[2]) + 1)
        return data[:-1].decode("utf-8")

    def close(self) -> None:
        if self._cat.stdin is not None:
            self._cat.stdin.close()
        self._cat.wait()


# ------------------------------------------------------------------------------- Go lexing

@dataclass
class Tok:
    kind: str  # "id", "str" (either quote style, value unquoted for raw strings), "op", ";"
    text: str
    line: int


_OPS3 = ("...", "<<=", ">>=", "&^=")
_OPS2 = ("<-", "==", "!=", "<=", ">=", "&&", "||", "++", "--", ":=", "+=", "-=", "*=",
         "/=", "%=", "&=", "|=", "^=", "<<", ">>", "&^")


def lex(src: str) -> list[Tok]:
    """Go tokens without comments, with the automatic semicolons of the Go spec."""
    toks: list[Tok] = []
    i, n, line = 0, len(src), 1

    def semi_after_newline() -> bool:
        if not toks:
            return False
        last = toks[-1]
        return last.kind in ("id", "str", "num") or last.text in (")", "]", "}") or \
            last.text in ("break", "continue", "fallthrough", "return", "++", "--")

    while i < n:
        c = src[i]
        if c == "\n":
            if semi_after_newline() and toks[-1].kind != ";":
                toks.append(Tok(";", "\n", line))
            line += 1
            i += 1
        elif c in " \t\r":
            i += 1
        elif src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            if j < 0:
                raise SyntaxError(f"line {line}: unterminated comment")
            text = src[i:j + 2]
            if "\n" in text and semi_after_newline() and toks[-1].kind != ";":
                toks.append(Tok(";", "\n", line))
            line += text.count("\n")
            i = j + 2
        elif c == "`":
            j = src.find("`", i + 1)
            if j < 0:
                raise SyntaxError(f"line {line}: unterminated raw string")
            toks.append(Tok("str", src[i + 1:j], line))
            line += src.count("\n", i, j)
            i = j + 1
        elif c in "\"'":
            j = i + 1
            while src[j] != c:
                j += 2 if src[j] == "\\" else 1
            toks.append(Tok("str", src[i:j + 1], line))
            i = j + 1
        elif c.isalpha() or c == "_":
            j = i + 1
            while j < n and (src[j].isalnum() or src[j] == "_"):
                j += 1
            toks.append(Tok("id", src[i:j], line))
            i = j
        elif c.isdigit() or (c == "." and i + 1 < n and src[i + 1].isdigit()):
            j = i + 1
            while j < n and (src[j].isalnum() or src[j] in "._" or
                             (src[j] in "+-" and src[j - 1] in "eEpP")):
                j += 1
            toks.append(Tok("num", src[i:j], line))
            i = j
        else:
            for op in (*_OPS3, *_OPS2):
                if src.startswith(op, i):
                    toks.append(Tok("op", op, line))
                    i += len(op)
                    break
            else:
                toks.append(Tok("op", c, line))
                i += 1
    if semi_after_newline():
        toks.append(Tok(";", "\n", line))
    return toks


# ------------------------------------------------------------------------------- Go types

# A type expression: ("named", import path, name), ("builtin", name), ("ptr", t),
# ("slice", t), ("array", length, t), ("map", k, v), ("struct", [Field]), ("other", text).
Type = tuple


@dataclass
class Field:
    name: str  # Go field name ("" for an embedded field)
    type: Type
    tag: str  # the raw struct tag (backquotes removed)
    embedded: bool


@dataclass
class Package:
    path: str
    name: str = ""
    types: dict[str, Type] = field(default_factory=dict)  # type name -> definition


def _struct_tag_json(tag: str) -> str | None:
    """The ``json:"..."`` value of a struct tag (reflect.StructTag.Get), None if absent."""
    i = 0
    while i < len(tag):
        while i < len(tag) and tag[i] == " ":
            i += 1
        j = i
        while j < len(tag) and tag[j] not in ': "':
            j += 1
        key = tag[i:j]
        if j + 1 >= len(tag) or tag[j] != ":" or tag[j + 1] != '"':
            return None
        k = j + 2
        while k < len(tag) and tag[k] != '"':
            k += 2 if tag[k] == "\\" else 1
        value = tag[j + 2:k]
        if key == "json":
            return value
        i = k + 1
    return None


class Parser:
    """The declarations of one Go file this script needs: package, imports, types."""

    def __init__(self, toks: list[Tok], pkg_path: str, where: str) -> None:
        self.toks = toks
        self.i = 0
        self.pkg_path = pkg_path
        self.where = where
        self.imports: dict[str, str] = {}  # local name -> import path
        self.package = ""

    # --- token helpers
    def peek(self, k: int = 0) -> Tok:
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else Tok("eof", "", -1)

    def next(self) -> Tok:
        t = self.peek()
        self.i += 1
        return t

    def expect(self, text: str) -> Tok:
        t = self.next()
        if t.text != text:
            raise SyntaxError(f"{self.where}:{t.line}: expected {text!r}, found {t.text!r}")
        return t

    def skip_semis(self) -> None:
        while self.peek().kind == ";" or self.peek().text == ";":
            self.i += 1

    def skip_balanced_to_semi(self) -> None:
        depth = 0
        while self.peek().kind != "eof":
            t = self.next()
            if t.text in ("(", "[", "{"):
                depth += 1
            elif t.text in (")", "]", "}"):
                depth -= 1
            elif depth == 0 and (t.kind == ";" or t.text == ";"):
                return

    # --- file
    def parse_file(self, types: dict[str, Type]) -> None:
        self.skip_semis()
        self.expect("package")
        self.package = self.next().text
        self.skip_semis()
        while self.peek().kind != "eof":
            t = self.peek()
            if t.text == "import":
                self.next()
                self.parse_group(self.import_spec)
            elif t.text == "type":
                self.next()
                self.parse_group(lambda: self.type_spec(types))
            else:
                self.skip_balanced_to_semi()
            self.skip_semis()

    def parse_group(self, spec) -> None:
        if self.peek().text == "(":
            self.next()
            self.skip_semis()
            while self.peek().text != ")":
                spec()
                self.skip_semis()
            self.expect(")")
        else:
            spec()

    def import_spec(self) -> None:
        alias = None
        if self.peek().kind == "id" or self.peek().text in (".", "_"):
            alias = self.next().text
        path = self.next().text.strip('"`')
        if alias in (".", "_"):
            return
        # without an alias, the package's own name: the last path element for every
        # package the API types import (k8s.io/api/core/v1 is "v1")
        self.imports[alias or path.rsplit("/", 1)[-1]] = path

    def type_spec(self, types: dict[str, Type]) -> None:
        name = self.next().text
        if self.peek().text == "[" and self.peek(1).kind == "id" and \
                self.peek(2).text not in ("]",):
            # a generic type: not used by API types; skip its declaration
            self.skip_balanced_to_semi()
            self.i -= 1
            return
        if self.peek().text == "=":
            self.next()  # an alias (admissionregistration/v1beta1 ScopeType = v1.ScopeType)
            types[name] = ("alias", self.type_expr())
            return
        types[name] = self.type_expr()

    # --- types
    def type_expr(self) -> Type:
        t = self.next()
        if t.text == "*":
            return ("ptr", self.type_expr())
        if t.text == "(":
            inner = self.type_expr()
            self.expect(")")
            return inner
        if t.text == "[":
            if self.peek().text == "]":
                self.next()
                return ("slice", self.type_expr())
            length = []
            while self.peek().text != "]":
                length.append(self.next().text)
            self.next()
            return ("array", "".join(length), self.type_expr())
        if t.text == "map":
            self.expect("[")
            key = self.type_expr()
            self.expect("]")
            return ("map", key, self.type_expr())
        if t.text == "struct":
            return ("struct", self.struct_body())
        if t.text in ("interface", "func", "chan"):
            start = self.i - 1
            self.skip_type_rest()
            return ("other", " ".join(x.text for x in self.toks[start:self.i]))
        if t.kind == "id":
            if self.peek().text == ".":
                self.next()
                name = self.next().text
                path = self.imports.get(t.text)
                if path is None:
                    raise SyntaxError(f"{self.where}:{t.line}: unknown package {t.text}")
                return ("named", path, name + self.type_args())
            if t.text in BUILTINS:
                return ("builtin", t.text)
            return ("named", self.pkg_path, t.text + self.type_args())
        raise SyntaxError(f"{self.where}:{t.line}: unexpected {t.text!r} in a type")

    def type_args(self) -> str:
        """The type arguments of a generic type's instance (``unique.Handle[string]``) as
        text; API fields have none, unexported helpers in apimachinery do."""
        if self.peek().text != "[":
            return ""
        start, depth = self.i, 0
        while True:
            t = self.next()
            depth += t.text == "["
            depth -= t.text == "]"
            if depth == 0:
                return "".join(x.text for x in self.toks[start:self.i])

    def skip_type_rest(self) -> None:
        """Skip the rest of an interface/func/chan type: balanced brackets, up to the first
        ``;``, ``,``, tag, or closing bracket at the type's own level."""
        depth = 0
        while self.peek().kind != "eof":
            t = self.peek()
            if depth == 0 and (t.kind in (";", "str") or t.text in (";", ",", ")", "]", "}")):
                return
            if t.text in ("(", "[", "{"):
                depth += 1
            elif t.text in (")", "]", "}"):
                depth -= 1
            self.next()

    def struct_body(self) -> list[Field]:
        self.expect("{")
        fields: list[Field] = []
        self.skip_semis()
        while self.peek().text != "}":
            fields.extend(self.field_decl())
            self.skip_semis()
        self.expect("}")
        return fields

    def field_decl(self) -> list[Field]:
        # embedded: [*]Name or [*]pkg.Name, then an optional tag, then ";" or "}"
        j = 0
        if self.peek().text == "*":
            j = 1
        a, b = self.peek(j), self.peek(j + 1)
        if a.kind == "id" and b.text == ".":
            end = self.peek(j + 3)
        else:
            end = b
        embedded = j == 1 or (a.kind == "id" and (end.kind in (";", "str") or
                                                  end.text in (";", "}")))
        if embedded:
            typ = self.type_expr()
            tag = self.next().text if self.peek().kind == "str" else ""
            base = typ[1] if typ[0] == "ptr" else typ
            return [Field(base[2] if base[0] == "named" else "", typ, tag, True)]
        names = [self.next().text]
        while self.peek().text == ",":
            self.next()
            names.append(self.next().text)
        typ = self.type_expr()
        tag = self.next().text if self.peek().kind == "str" else ""
        return [Field(n, typ, tag, False) for n in names]


# ------------------------------------------------------------------------------- loading

# What a default build of kube-apiserver satisfies (go/build: GOOS, GOARCH, the compiler,
# release tags); every other build tag (``fieldsv1string``, ``ignore``) is off.
_BUILD_TAGS = {"linux", "unix", "amd64", "gc", "cgo"}


def build_constraint_holds(src: str) -> bool:
    """Whether the file's ``//go:build`` line (before the package clause) holds."""
    for line in src.splitlines():
        if line.startswith("package "):
            return True
        if line.startswith("//go:build "):
            expr = line[len("//go:build "):]
            py = []
            for tok in re.findall(r"&&|\|\||!|\(|\)|[\w.]+", expr):
                if tok == "&&":
                    py.append(" and ")
                elif tok == "||":
                    py.append(" or ")
                elif tok == "!":
                    py.append(" not ")
                elif tok in "()":
                    py.append(tok)
                else:
                    py.append(str(tok in _BUILD_TAGS or tok.startswith("go1.")))
            return bool(eval("".join(py), {"__builtins__": {}}))  # noqa: S307 - True/False only
    return True

class Universe:
    """The Go packages of one release, loaded on demand by import path."""

    def __init__(self, repos: dict[str, Repo], ref: str) -> None:
        self.repos = repos
        self.ref = ref
        self.packages: dict[str, Package | None] = {}
        #: json fields of a struct, collected once (json_fields, json_options and verify ask again)
        self._struct_fields: dict[tuple[str, str], dict[str, tuple[int, Type, tuple[str, ...]]] | None] = {}

    def package(self, path: str) -> Package | None:
        if path in self.packages:
            return self.packages[path]
        pkg = None
        for module, repo in self.repos.items():
            if path == module or path.startswith(module + "/"):
                pkg = self._load(repo, path, path[len(module) + 1:])
                break
        self.packages[path] = pkg
        return pkg

    def _load(self, repo: Repo, path: str, pkg_dir: str) -> Package | None:
        files = repo.go_files(self.ref, pkg_dir)
        if not files:
            return None
        pkg = Package(path)
        for f in files:
            src = repo.read(self.ref, f)
            if not build_constraint_holds(src):
                continue
            p = Parser(lex(src), path, f"{repo.module}@{self.ref}/{f}")
            p.parse_file(pkg.types)
            pkg.name = pkg.name or p.package
        return pkg

    def pkg_name(self, path: str) -> str:
        pkg = self.package(path)
        return pkg.name if pkg is not None and pkg.name else path.rsplit("/", 1)[-1]

    def underlying(self, t: Type, seen: int = 0) -> Type:
        while t[0] in ("named", "alias"):
            if t[0] == "alias":
                t = t[1]
                continue
            pkg = self.package(t[1])
            if pkg is None or t[2] not in pkg.types:
                return ("unknown", t[1], t[2])
            t = pkg.types[t[2]]
            seen += 1
            if seen > 50:
                raise RecursionError(t)
        return t

    def resolve_alias(self, t: Type) -> Type:
        """The named type an alias stands for (reflect knows no aliases)."""
        while t[0] == "named":
            pkg = self.package(t[1])
            target = pkg.types.get(t[2]) if pkg is not None else None
            if target is None or target[0] != "alias":
                return t
            t = target[1]
        return t

    # --- reflect.Type.String()
    def reflect_string(self, t: Type) -> str:
        k = t[0]
        if k == "builtin":
            return _ALIASES.get(t[1], t[1])
        if k == "named":
            target = self.resolve_alias(t)
            if target is not t:
                return self.reflect_string(target)
            return f"{self.pkg_name(t[1])}.{t[2]}"
        if k == "ptr":
            return "*" + self.reflect_string(t[1])
        if k == "slice":
            return "[]" + self.reflect_string(t[1])
        if k == "array":
            return f"[{t[1]}]" + self.reflect_string(t[2])
        if k == "map":
            return f"map[{self.reflect_string(t[1])}]{self.reflect_string(t[2])}"
        if k == "other" and t[1].replace(" ", "") == "interface{}":
            return "interface {}"
        raise ValueError(f"no reflect name for {t}")

    def error_type(self, t: Type) -> str:
        """The type an UnmarshalTypeError names for a field of type ``t`` (pointer
        dereferenced; a type with its own UnmarshalJSON says what its unmarshaler says)."""
        while t[0] == "ptr" or t[0] == "named" and self.resolve_alias(t) is not t:
            t = t[1] if t[0] == "ptr" else self.resolve_alias(t)
        if t[0] == "named":
            custom = CUSTOM_UNMARSHAL.get((t[1], t[2]), "")
            if custom:
                return custom
        self.check_nested(t, top=True)
        return self.reflect_string(t)

    def check_nested(self, t: Type, top: bool = False) -> None:
        """Refuse what the table's one-string form cannot carry: a type with its own
        UnmarshalJSON that reports another name inside a slice or map."""
        t = self.resolve_alias(t)
        k = t[0]
        if k == "named" and not top and CUSTOM_UNMARSHAL.get((t[1], t[2])):
            raise NotImplementedError(f"{t}: a custom unmarshaler inside a slice or map")
        if k in ("ptr", "slice"):
            self.check_nested(t[1])
        elif k == "array":
            self.check_nested(t[2])
        elif k == "map":
            self.check_nested(t[1])
            self.check_nested(t[2])

    # --- struct fields as encoding/json sees them
    def json_fields(self, struct_path: str, struct_name: str) -> dict[str, Type] | None:
        found = self._fields(struct_path, struct_name)
        return None if found is None else {name: typ for name, (_d, typ, _o) in found.items()}

    def json_options(self, struct_path: str, struct_name: str) -> dict[str, tuple[str, ...]] | None:
        """Each json field's tag options ("omitempty", "omitzero", ...)."""
        found = self._fields(struct_path, struct_name)
        return None if found is None else {name: opts for name, (_d, _t, opts) in found.items()}

    def _fields(self, struct_path: str, struct_name: str) -> dict[str, tuple[int, Type, tuple[str, ...]]] | None:
        key = (struct_path, struct_name)
        if key not in self._struct_fields:
            self._struct_fields[key] = self._collect_struct(struct_path, struct_name)
        return self._struct_fields[key]

    def _collect_struct(self, struct_path: str,
                        struct_name: str) -> dict[str, tuple[int, Type, tuple[str, ...]]] | None:
        pkg = self.package(struct_path)
        if pkg is None or struct_name not in pkg.types:
            return None
        t = self.underlying(("named", struct_path, struct_name))
        if t[0] != "struct":
            return None
        found: dict[str, tuple[int, Type, tuple[str, ...]]] = {}
        self._collect(t[1], found, 0)
        return found

    def written_when_zero(self, t: Type, options: tuple[str, ...]) -> str:
        """How encoding/json writes a field of type ``t`` that holds its zero value:
        "struct" for a struct value (omitempty never omits a struct: ``{}``, or the struct's
        own always-written fields), "null" for a metav1.Time or MicroTime value (their
        MarshalJSON writes null for the zero time) and, without omitempty, for a pointer,
        slice, map or interface (nil), "zero" for a scalar without omitempty (``""``, 0,
        false), "" where nothing is written (omitempty on the others; omitzero, Go 1.24,
        omits a zero value of any type) or where a type marshals itself (Quantity,
        IntOrString, Duration, RawExtension, FieldsV1: left to the OpenAPI's required list)."""
        if "omitzero" in options:
            return ""
        omitempty = "omitempty" in options
        t = self.resolve_alias(t)
        if t[0] == "named":
            if (t[1], t[2]) in ((META_V1, "Time"), (META_V1, "MicroTime")):
                return "null"
            if (t[1], t[2]) in CUSTOM_UNMARSHAL:
                return ""
            u = self.underlying(t)
        else:
            u = t
        if u[0] == "struct":
            return "struct"
        if omitempty:
            return ""
        if u[0] in ("ptr", "slice", "map") or u[0] == "other" and "interface" in u[1]:
            return "null"
        if u[0] == "builtin":
            return "zero"
        return ""

    def _collect(self, fields: list[Field], out: dict[str, tuple[int, Type, tuple[str, ...]]],
                 depth: int) -> None:
        """encoding/json typeFields: embedded structs without a json name are flattened, and
        of two fields with one name the shallower wins (the API types have no ties)."""
        for f in fields:
            tag = _struct_tag_json(f.tag)
            if tag == "-":
                continue
            name = (tag or "").split(",", 1)[0]
            if f.embedded and not name:
                base = f.type[1] if f.type[0] == "ptr" else f.type
                u = self.underlying(base)
                if u[0] == "struct":
                    self._collect(u[1], out, depth + 1)
                    continue
            if not f.name[:1].isupper():
                continue  # unexported (an embedded non-struct type named in lower case too)
            key = name or f.name
            if key not in out or out[key][0] > depth:
                out[key] = (depth, f.type, tuple((tag or "").split(",")[1:]))


# ------------------------------------------------------------------------------- the table

def definition_package(defname: str) -> tuple[str, str] | None:
    """("k8s.io/api/core/v1", "PodSpec") for "io.k8s.api.core.v1.PodSpec"."""
    if defname.startswith("io.k8s.api."):
        rest = defname[len("io.k8s.api."):]
        pkg, _, name = rest.rpartition(".")
        return f"{API_MODULE}/{pkg.replace('.', '/')}", name
    prefix = "io.k8s.apimachinery.pkg.apis.meta.v1."
    if defname.startswith(prefix):
        return META_V1, defname[len(prefix):]
    return None


def build(repos: dict[str, Repo]):
    """(table, changed, zero_written, refs, notes, problems): ``table`` maps a key to its
    one Go type name, ``changed`` a key whose Go type was renamed between releases to its
    names by first version, ``zero_written`` a key that encoding/json writes even when it
    holds its zero value to its kinds by first version (Universe.written_when_zero);
    ``notes`` say what could not be matched, ``problems`` where the table would still leave
    drakit's name different from Go's."""
    from drakit.schema import available_versions
    from drakit.schema.compile import Compiled

    versions = available_versions()
    if not versions:
        raise SystemExit("no OpenAPI data installed (pip install kubernetes-validate)")
    newest = versions[-1]
    # key -> {version: Go type name} for every field of every definition, and the keys
    # whose Go name differs from drakit's OpenAPI name at some version
    history: dict[tuple[str, str, str], dict[str, str]] = defaultdict(dict)
    differs: set[tuple[str, str, str]] = set()
    written: dict[tuple[str, str, str], dict[str, str]] = defaultdict(dict)
    notes: list[str] = []
    refs: dict[str, str] = {}
    missing_structs: dict[tuple[str, str], list[str]] = defaultdict(list)
    missing_fields: dict[str, list[str]] = defaultdict(list)
    universes: dict[str, Universe] = {}
    for version in versions:
        ref = release_ref(version, newest)
        refs[version] = ref
        universe = universes[version] = Universe(repos, ref)
        comp = Compiled(version, go_types={})
        for defname in sorted(comp.defs):
            where = definition_package(defname)
            props = comp.defs[defname].get("properties")
            if where is None or not props:
                continue
            pkg_path, struct = where
            fields = universe.json_fields(pkg_path, struct)
            options = universe.json_options(pkg_path, struct) or {}
            node = comp.node(defname)
            if fields is None or not hasattr(node, "props"):
                missing_structs[defname].append(version)
                continue
            for prop in sorted(props):
                gt = fields.get(prop)
                if gt is None:
                    missing_fields[f"{defname}.{prop}"].append(version)
                    continue
                key = (pkg_path, struct, prop)
                go = universe.error_type(gt)
                history[key][version] = go
                written[key][version] = universe.written_when_zero(gt, options.get(prop, ()))
                if go != node.props[prop].go_type:
                    differs.add(key)
    table: dict[tuple[str, str, str], str] = {}
    changed: dict[tuple[str, str, str], tuple[tuple[str, str], ...]] = {}
    for key in sorted(differs):
        per = history[key]
        names = sorted(set(per.values()))
        if len(names) == 1:
            table[key] = names[0]
            continue
        steps: list[tuple[str, str]] = []
        for v in versions:
            if v in per and (not steps or steps[-1][1] != per[v]):
                steps.append((v, per[v]))
        changed[key] = tuple(steps)
    zero_written: dict[tuple[str, str, str], tuple[tuple[str, str], ...]] = {}
    for key, per in sorted(written.items()):
        if not any(per.values()):
            continue
        steps = []
        for v in versions:
            if v in per and (not steps or steps[-1][1] != per[v]):
                steps.append((v, per[v]))
        zero_written[key] = tuple(steps)
    for defname, vs in sorted(missing_structs.items()):
        notes.append(f"no Go struct for {defname} at {_span(vs)} (drakit's own or not in "
                     "k8s.io/api at that ref): skipped")
    for what, vs in sorted(missing_fields.items()):
        notes.append(f"no Go field for {what} at {_span(vs)}: skipped")
    return table, changed, zero_written, refs, notes, verify(table, changed, universes)


def _span(versions: list[str]) -> str:
    return versions[0] if len(versions) == 1 else f"{versions[0]}-{versions[-1]}"


def verify(table: dict, changed: dict, universes: dict[str, Universe]) -> list[str]:
    """Compile every version with the new table and compare each field's node tree with
    its Go type, level by level (a slice's items, a map's values): what the one-string form
    of a named slice or map cannot carry shows up here. Returns the mismatches."""
    from drakit.schema.compile import Compiled, go_types_by_definition

    problems: list[str] = []
    for version, universe in universes.items():
        comp = Compiled(version, go_types=go_types_by_definition(table, changed, version))
        for defname in sorted(comp.defs):
            where = definition_package(defname)
            if where is None or not comp.defs[defname].get("properties"):
                continue
            fields = universe.json_fields(*where)
            node = comp.node(defname)
            if fields is None or not hasattr(node, "props"):
                continue
            for prop, child in node.props.items():
                if prop in fields:
                    problems += [f"{version} {defname}.{prop}: {p}"
                                 for p in _compare(universe, fields[prop], child, 0)]
    return problems


def _compare(universe: Universe, t: Type, node, depth: int) -> list[str]:
    want = universe.error_type(t)
    if node.go_type != want:
        return [f"node {node.go_type!r}, Go {want!r}"]
    while t[0] == "ptr":
        t = t[1]
    t = universe.resolve_alias(t)
    if depth > 5 or (t[0] == "named" and (t[1], t[2]) in CUSTOM_UNMARSHAL):
        return []
    u = universe.underlying(t)
    if u[0] == "slice" and hasattr(node, "item"):
        return _compare(universe, u[1], node.item, depth + 1)
    if u[0] == "map" and hasattr(node, "value"):
        return _compare(universe, u[2], node.value, depth + 1)
    return []


def render(table: dict, changed: dict, zero_written: dict, refs: dict,
           commits: dict[str, dict[str, str]]) -> str:
    q = json.dumps
    lines = [
        '"""Go type names of API fields where the OpenAPI does not tell them (GENERATED).',
        "",
        "Do not edit: run ``python scripts/gen_go_types.py`` (it reads k8s.io/api and",
        "k8s.io/apimachinery from their git mirrors). Keys are (Go package path, struct, json",
        "field); values are what encoding/json's UnmarshalTypeError names as the field's type",
        "(``reflect.Type.String()``, a pointer dereferenced), only where it differs from the",
        "``go_type`` drakit/schema/compile.py derives from the OpenAPI (named strings, named maps,",
        "named map keys, slices and maps of named types). GO_TYPES_CHANGED holds the fields",
        "whose Go type was renamed between releases: (first emulated version, name) pairs.",
        "ZERO_WRITTEN holds the fields encoding/json writes even when they hold their zero",
        "value (a struct value as its zero struct, a metav1.Time or MicroTime value as null;",
        "without omitempty a pointer, slice or map as null and a scalar as its zero; omitzero",
        "omits them): (first emulated version, \"struct\" | \"null\" | \"zero\" | \"\") pairs.",
        "compile.py applies all three.",
        "",
        "Sources (emulated version: ref=commit):",
    ]
    for module, per in commits.items():
        lines.append(f"  {module}:")
        cur = "    "
        for v in refs:
            part = f"{v}: {refs[v]}={per[v]}, "
            if len(cur) + len(part) > 92:
                lines.append(cur.rstrip())
                cur = "    "
            cur += part
        lines.append(cur.rstrip().rstrip(","))
    lines += ['"""', "", "from __future__ import annotations", "",
              f"API_COMMIT = {q(commits[API_MODULE][list(refs)[-1]][:9])}",
              "", "GO_TYPES: dict[tuple[str, str, str], str] = {"]
    for key in sorted(table):
        lines.append(f"    ({q(key[0])}, {q(key[1])}, {q(key[2])}): {q(table[key])},")
    lines += ["}", "", "GO_TYPES_CHANGED: dict[tuple[str, str, str], "
              "tuple[tuple[str, str], ...]] = {"]
    for key in sorted(changed):
        steps = ", ".join(f"({q(v)}, {q(n)})" for v, n in changed[key])
        lines.append(f"    ({q(key[0])}, {q(key[1])}, {q(key[2])}): ({steps}),")
    lines += ["}", "", "ZERO_WRITTEN: dict[tuple[str, str, str], tuple[tuple[str, str], ...]] = {"]
    for key in sorted(zero_written):
        steps = "".join(f"({q(v)}, {q(n)}), " for v, n in zero_written[key]).rstrip(" ")
        lines.append(f"    ({q(key[0])}, {q(key[1])}, {q(key[2])}): ({steps}),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    ap.add_argument("--api", default=API_MIRROR, help="git dir of k8s.io/api")
    ap.add_argument("--apimachinery", default=APIMACHINERY_MIRROR,
                    help="git dir of k8s.io/apimachinery")
    ap.add_argument("--out", default=str(OUT))
    ap.add_argument("--check", action="store_true", help="exit 1 when --out differs")
    args = ap.parse_args(argv)
    repos = {API_MODULE: Repo(args.api, API_MODULE),
             APIMACHINERY_MODULE: Repo(args.apimachinery, APIMACHINERY_MODULE)}
    try:
        table, changed, zero_written, refs, notes, problems = build(repos)
        commits = {m: {v: r.commit(ref)[:12] for v, ref in refs.items()}
                   for m, r in repos.items()}
    finally:
        for r in repos.values():
            r.close()
    for n in notes:
        print(n, file=sys.stderr)
    if problems:
        for p in problems:
            print("MISMATCH", p, file=sys.stderr)
        print(f"{len(problems)} fields still differ from Go: nothing written", file=sys.stderr)
        return 1
    text = render(table, changed, zero_written, refs, commits)
    out = Path(args.out)
    if args.check:
        if not out.exists() or out.read_text() != text:
            print(f"{out} is out of date: run scripts/gen_go_types.py", file=sys.stderr)
            return 1
        return 0
    out.write_text(text)
    print(f"wrote {out}: {len(table)} fields, {len(changed)} renamed between releases, "
          f"{len(zero_written)} written when zero", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
