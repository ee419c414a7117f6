"""Generate drakit/featuregates_data.py: every feature gate kube components accept, per release.

Why generated: the gate table of a Kubernetes release is a fact about upstream code, so it is read
from the upstream files, not typed into drakit. Two kinds of input:

* the staging repositories, read straight from their git mirrors at the release tags
  (``v0.34.0`` ... ``v0.37.0-beta.0``): k8s.io/apiserver, apiextensions-apiserver,
  controller-manager, client-go and component-base (logs, metrics, zpages, and the special
  ``AllAlpha``/``AllBeta`` gates of component-base/featuregate). Their Go maps
  (``VersionedSpecs`` and the older unversioned ``FeatureSpec``) are parsed here.
* the gates kubernetes/kubernetes registers itself, from ``scripts/featuregates/kk-gates.txt``
  (a transcription with its sources in its header; see there why).

Every kube binary (kube-apiserver, kube-scheduler, kube-controller-manager, kubelet) registers
all of them into one ``--feature-gates`` flag, so one table per release serves every component.

Usage: python scripts/gen_featuregates.py --mirrors /work/.mirror [--out drakit/featuregates_data.py]
       python scripts/gen_featuregates.py --mirrors ... --check   (exit 1 when the file differs)
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KK_FILE = ROOT / "scripts" / "featuregates" / "kk-gates.txt"
OUT = ROOT / "drakit" / "featuregates_data.py"

RELEASES = {"1.34": "v0.34.0", "1.35": "v0.35.0", "1.36": "v0.36.0", "1.37": "v0.37.0-beta.0"}
STAGING = (  # (mirror dir name, path in the repository, origin label)
    ("kubernetes+apiserver", "pkg/features/kube_features.go", "k8s.io/apiserver"),
    ("kubernetes+apiextensions-apiserver", "pkg/features/kube_features.go",
     "k8s.io/apiextensions-apiserver"),
    ("kubernetes+controller-manager", "pkg/features/kube_features.go", "k8s.io/controller-manager"),
    ("kubernetes+client-go", "features/known_features.go", "k8s.io/client-go"),
    ("kubernetes+component-base", "logs/api/v1/kube_features.go", "k8s.io/component-base/logs"),
    ("kubernetes+component-base", "metrics/features/kube_features.go",
     "k8s.io/component-base/metrics"),
    ("kubernetes+component-base", "zpages/features/kube_features.go",
     "k8s.io/component-base/zpages"),
    ("kubernetes+component-base", "featuregate/feature_gate.go",
     "k8s.io/component-base/featuregate"),
)
STAGES = {"Alpha": "A", "Beta": "B", "GA": "G", "Deprecated": "D", "PreAlpha": "P"}
VERSIONS = tuple(RELEASES)


def _vt(v: str) -> tuple[int, ...]:
    return tuple(int(x) for x in v.split("."))


# ------------------------------------------------------------------------------- Go parsing

_CONST = re.compile(r"^\s*(\w+)\s+(?:featuregate\.)?Feature\s*=\s*\"(\w+)\"", re.M)
_MAP_START = re.compile(r"map\[(?:featuregate\.)?Feature\](?:featuregate\.)?(VersionedSpecs|FeatureSpec)\{")
_FIELD = {
    "version": re.compile(r"Version:\s*version\.(?:MustParse\(\"([\d.]+)\"\)|MajorMinor\((\d+),\s*(\d+)\))"),
    "mincompat": re.compile(r"MinCompatibilityVersion:"),
    "default": re.compile(r"Default:\s*(true|false)"),
    "prerelease": re.compile(r"PreRelease:\s*(?:featuregate\.)?(\w+)"),
    "lock": re.compile(r"LockToDefault:\s*(true|false)"),
}


def _matching_brace(text: str, i: int) -> int:
    depth = 0
    for j in range(i, len(text)):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    raise ValueError("unbalanced braces")


def _spec(body: str) -> tuple[str, str] | None:
    """One ``{Version: ..., Default: ..., PreRelease: ...}`` -> (version, code), or None for an
    entry that only applies with a raised --min-compatibility-version."""
    if _FIELD["mincompat"].search(body):
        return None
    m = _FIELD["version"].search(body)
    ver = "0.0" if m is None else (m.group(1) or f"{m.group(2)}.{m.group(3)}")
    default = _FIELD["default"].search(body)
    pre = _FIELD["prerelease"].search(body)
    if default is None or pre is None:
        raise ValueError(f"cannot read feature spec {body!r}")
    lock = _FIELD["lock"].search(body)
    code = STAGES[pre.group(1)] + ("+" if default.group(1) == "true" else "-")
    if lock and lock.group(1) == "true":
        code += "L"
    return ".".join(str(x) for x in _vt(ver)[:2]), code


def parse_go(text: str) -> dict[str, list[tuple[str, str]]]:
    """Gate name -> its specs, from every feature map of one Go file."""
    names = {ident: name for ident, name in _CONST.findall(text)}
    out: dict[str, list[tuple[str, str]]] = {}
    for m in _MAP_START.finditer(text):
        versioned = m.group(1) == "VersionedSpecs"
        start = m.end() - 1
        body = text[start + 1:_matching_brace(text, start)]
        i = 0
        entry = re.compile(r"([\w.]+):\s*\{")
        while True:
            e = entry.search(body, i)
            if e is None:
                break
            open_at = e.end() - 1
            close_at = _matching_brace(body, open_at)
            inner = body[open_at + 1:close_at]
            ident = e.group(1).split(".")[-1]
            name = names.get(ident, ident)
            if versioned:
                specs = [s for s in (_spec(x) for x in re.findall(r"\{([^{}]*)\}", inner)) if s]
            else:
                specs = [s for s in [_spec(inner)] if s]
            if specs:
                out[name] = specs
            i = close_at + 1
    return out


def git_show(mirrors: Path, repo: str, ref: str, path: str) -> str | None:
    git_dir = mirrors / repo / "repo"
    r = subprocess.run(["git", "-C", str(git_dir), "show", f"{ref}:{path}"],
                       capture_output=True, text=True)
    return r.stdout if r.returncode == 0 else None


def git_commit(mirrors: Path, repo: str, ref: str) -> str:
    r = subprocess.run(["git", "-C", str(mirrors / repo / "repo"), "rev-list", "-n1", ref],
                       capture_output=True, text=True, check=True)
    return r.stdout.strip()


# ------------------------------------------------------------------------------- kk-gates.txt

def parse_kk(text: str):
    gates: dict[str, dict] = {}
    deps: list[tuple[str, str, tuple[str, ...], bool]] = []
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip() if not raw.lstrip().startswith("@") else raw.strip()
        if not line:
            continue
        if line.startswith("@deps"):
            assumed = "# assumed" in line
            line = line.split("#", 1)[0].strip()
            _, since, rest = line.split(None, 2)
            gate, _, needs = rest.partition(":")
            deps.append((since, gate.strip(), tuple(needs.split()), assumed))
            continue
        name, *fields = line.split()
        entry = {"specs": [], "since": None, "until": None}
        for f in fields:
            if f.startswith("since="):
                entry["since"] = f[6:]
            elif f.startswith("until="):
                entry["until"] = f[6:]
            else:
                ver, code = f.split(":")
                entry["specs"].append((ver, code))
        if name in gates:
            continue  # the earlier (newer) source wins
        gates[name] = entry
    return gates, deps


# ------------------------------------------------------------------------------- merge

def build(mirrors: Path):
    kk, kk_deps = parse_kk(KK_FILE.read_text(encoding="utf-8"))
    sources = ["scripts/featuregates/kk-gates.txt (kubernetes/kubernetes gates; sources in its "
               "header)"]
    # staging: name -> {version -> (origin, specs)}
    staging: dict[str, dict[str, tuple[str, list]]] = {}
    for repo, path, origin in STAGING:
        seen_commits = []
        for ver, tag in RELEASES.items():
            text = git_show(mirrors, repo, tag, path)
            if text is None:
                continue
            seen_commits.append(f"{tag}={git_commit(mirrors, repo, tag)[:12]}")
            for name, specs in parse_go(text).items():
                staging.setdefault(name, {})[ver] = (origin, specs)
        sources.append(f"{origin}: {path} at " + ", ".join(seen_commits))
    history: dict[str, dict] = {}
    for name, per_ver in staging.items():
        newest = per_ver[max(per_ver, key=_vt)]
        history[name] = {"origin": newest[0], "specs": newest[1],
                         "releases": tuple(v for v in VERSIONS if v in per_ver)}
    for name, e in kk.items():
        first = min((_vt(v) for v, _ in e["specs"]), default=(9, 9))
        rels = []
        for v in VERSIONS:
            if _vt(v) < first:
                continue
            if e["since"] and _vt(v) < _vt(e["since"]):
                continue
            if e["until"] and _vt(v) > _vt(e["until"]):
                continue
            rels.append(v)
        if name in history:
            # a gate that moved into a staging repository (DeclarativeValidation: k/k until
            # 1.34, k8s.io/apiserver from 1.35): the mirrors at the tags are exact for the
            # releases they cover, k/k's entry adds the releases before the move
            known = set(history[name]["releases"]) | set(rels)
            history[name]["releases"] = tuple(v for v in VERSIONS if v in known)
            continue
        history[name] = {"origin": "k8s.io/kubernetes", "specs": e["specs"],
                         "releases": tuple(rels)}
    return history, kk_deps, sources


def render(history, deps, sources) -> str:
    lines = [
        '"""Every feature gate a kube component of each emulated release accepts (GENERATED).',
        "",
        "Do not edit: run scripts/gen_featuregates.py. HISTORY maps a gate to the upstream origin",
        "that registers it, the releases whose binaries know it, and its versioned specs",
        "(version, code): code = stage (A alpha, B beta, G GA, D deprecated) + default (+ on,",
        "- off) + L when locked to the default. The spec that applies at a release is the last one",
        "whose version is not newer than the release (component-base featuregate rules).",
        "",
        "Sources:",
    ]
    lines += [f"  {s}" for s in sources]
    lines += ['"""', "", "HISTORY: dict[str, tuple[str, tuple[str, ...], tuple[tuple[str, str], ...]]] = {"]
    for name in sorted(history, key=str.lower):
        h = history[name]
        specs = ", ".join(f'("{v}", "{c}")' for v, c in h["specs"])
        rels = ", ".join(f'"{r}"' for r in h["releases"])
        lines.append(f'    "{name}": ("{h["origin"]}", ({rels},), ({specs},)),')
    lines += ["}", "", "# (first release, gate, needed gates, assumed rather than read upstream)",
              "DEPENDENCIES: tuple[tuple[str, str, tuple[str, ...], bool], ...] = ("]
    for since, gate, needs, assumed in deps:
        n = ", ".join(f'"{x}"' for x in needs)
        lines.append(f'    ("{since}", "{gate}", ({n},), {assumed}),')
    lines += [")", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"),
                   help="directory with the <owner>+<repo>/repo git mirrors")
    p.add_argument("--out", type=Path, default=OUT)
    p.add_argument("--check", action="store_true", help="compare instead of writing")
    a = p.parse_args(argv)
    history, deps, sources = build(a.mirrors)
    text = render(history, deps, sources)
    if a.check:
        same = a.out.exists() and a.out.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{a.out} differs from the sources")
        return 0 if same else 1
    a.out.write_text(text, encoding="utf-8")
    print(f"wrote {a.out}: {len(history)} gates")
    return 0


if __name__ == "__main__":
    sys.exit(main())
