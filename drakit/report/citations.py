"""Scenario descriptions as a reader of the report needs them: upstream sources as links.

Why: scenario descriptions cite where a rule comes from, often in the project's working
shorthand — "api-truth §9.5" (a section of the project's evidence notes), "CVA2" (a
named snapshot of a Kubernetes file), "k/k <path> @ <commit>", a bare commit hash. A driver
author reading the report has none of that context. :func:`render` turns each citation into
a link to the upstream source it stands for (github.com/kubernetes/...), and drops the
references that stand for nothing upstream (the project's own decision notes). The feature
files keep their wording; only the rendered text changes.

The table :data:`SECTIONS` maps each cited section of the evidence notes
(/work/shared/api-truth.md, summarised in docs/api-truth-notes.md) to the upstream files
that section was read from, with the commit it names.
"""

from __future__ import annotations

import re
from html import escape

K8S = "https://github.com/kubernetes/kubernetes"
_ABE8 = "abe8f409f32e3cf33bab04f121c0987385e9071f"  # PR #140009 (native-dra-alpha2) commit
_17F1 = "17f122e437612690e3517b7b5ac4629ee946e1f1"  # core validation before that PR
_8A52 = "8a52fb2ea9d1f07d7dff63cfb126319a853d5a85"  # resourceclaim controller, 1.37 dev


def _kk(path: str, ref: str = "master") -> tuple[str, str]:
    kind = "blob" if "." in path.rsplit("/", 1)[-1] else "tree"
    short = ref if ref == "master" else ref[:8]
    return f"{path} @ {short}" if ref != "master" else path, f"{K8S}/{kind}/{ref}/{path}"


def _staging(repo: str, path: str, ref: str = "master") -> tuple[str, str]:
    kind = "blob" if "." in path.rsplit("/", 1)[-1] else "tree"
    label = f"k8s.io/{repo} {path}" + (f" @ {ref[:8]}" if ref != "master" else "")
    return label, f"https://github.com/kubernetes/{repo}/{kind}/{ref}/{path}"


SHORTHANDS: dict[str, tuple[str, str]] = {
    "CV17": _kk("pkg/apis/core/validation/validation.go", _17F1),
    "CVA2": _kk("pkg/apis/core/validation/validation.go", _ABE8),
    "RVA2": _kk("pkg/apis/resource/validation/validation.go", _ABE8),
    "NADR": _kk("pkg/scheduler/framework/plugins/dynamicresources/"
                "nodeallocatabledynamicresources.go", "78acd4d4"),
    "RCC": _kk("pkg/controller/resourceclaim/controller.go", _8A52),
    "DRALIB": _staging("dynamic-resource-allocation", "resourceclaim/resourceclaim.go",
                       "3d036712"),
    "FERR": _staging("apimachinery", "pkg/util/validation/field/errors.go", "5db56492"),
    "SCHEDFG": _kk("pkg/features/kube_features.go"),
}
"""The evidence notes' names for upstream file snapshots -> (label, URL)."""

_GATES = [_kk("pkg/features/kube_features.go")]
_RESOURCE_TYPES = [_staging("api", "resource/v1/types.go")]
SECTIONS: dict[str, list[tuple[str, str]]] = {
    "0": _GATES, "1.1": _GATES, "2.1": _GATES, "3.1": _GATES, "4.1": _GATES, "5.1": _GATES,
    "1": _RESOURCE_TYPES, "1.2": _RESOURCE_TYPES, "2": _RESOURCE_TYPES,
    "2.2": _RESOURCE_TYPES, "2.3": _RESOURCE_TYPES, "4": _RESOURCE_TYPES,
    "4.2": _RESOURCE_TYPES,
    "1.3": [SHORTHANDS["RVA2"]],
    "1.4": [_kk("pkg/scheduler/framework/plugins/dynamicresources/"
                "extendeddynamicresources.go", "7dbde21c")],
    "3": [_staging("api", "scheduling")], "3.2": [_staging("api", "scheduling")],
    "3.3": [_staging("api", "scheduling")],
    "4.3": [_staging("component-helpers", "resource/helpers.go")],
    "4.4": [SHORTHANDS["CVA2"]],
    "5": [_staging("kubelet", "pkg/apis/podresources/v1/api.proto")],
    "5.2": [_staging("kubelet", "pkg/apis/podresources/v1/api.proto")],
    "5.3": [_kk("pkg/kubelet/apis/podresources/server_v1.go", "b7fd57ad")],
    "9.1": [SHORTHANDS["FERR"]],
    "9.2": [SHORTHANDS["CVA2"]], "9.3": [SHORTHANDS["CVA2"]], "9.4": [SHORTHANDS["CVA2"]],
    "9.5": [SHORTHANDS["RVA2"]],
    "9.6": [_kk("pkg/registry/resource/deviceclass/strategy.go", "c4b5de20"),
            _kk("pkg/api/pod/util.go")],
    "9.7": [SHORTHANDS["DRALIB"], SHORTHANDS["RCC"]],
    "9.8": [SHORTHANDS["NADR"]],
    "9.9": [_staging("dynamic-resource-allocation",
                     "structured/internal/stable/allocator_stable.go", "3d036712")],
}
"""Sections of the evidence notes -> the upstream sources they were read from. Sections not
listed (8: the project's own decisions) stand for nothing upstream and are dropped."""

# bare file names the descriptions use for well-known kubernetes/kubernetes files
_KNOWN_FILES = {
    "extendeddynamicresources.go":
        "pkg/scheduler/framework/plugins/dynamicresources/extendeddynamicresources.go",
    "dynamicresources.go": "pkg/scheduler/framework/plugins/dynamicresources/dynamicresources.go",
    "server_v1.go": "pkg/kubelet/apis/podresources/server_v1.go",
}
_STAGING_REPOS = ("api", "apimachinery", "apiserver", "dynamic-resource-allocation", "kubelet",
                  "component-helpers", "kube-scheduler")

_SEC = r"§\s*\d+(?:\.\d+)*"
_PATTERNS = [
    # api-truth §9.3-§9.5 / api-truth.md §9.2, §9.5 / (api-truth\n §4.3, §9.8)
    ("notes", rf"api-truth(?:\.md)?\s*(?P<secs>{_SEC}(?:\s*(?:-|,|and)\s*{_SEC})*)"
              r"(?:,?\s+(?P<nsh>" + "|".join(SHORTHANDS) + r")\b)?"),
    ("issue", r"\b[Ii]ssue \d+ §\d+(?:\.\d+)*:?\s*"),
    ("issue", r"\bdocs/api-truth-notes\.md\b"),  # the project's notes: nothing upstream
    # kubernetes/kubernetes#136989
    ("pr", r"\bkubernetes/kubernetes#(?P<pr>\d+)"),
    # kubernetes PR 137607 / PR #136709
    ("pr", r"\b(?:kubernetes\s+)?PR\s+#?(?P<pr2>\d{5,6})\b"),
    # api@kubernetes-1.36.0 scheduling/v1alpha2
    ("staged", r"\b(?P<srepo>api|kubelet|dra|ch)@(?P<sref>[\w.-]+?)(?::(?P<spath>[\w./-]+)|"
               r"\s+(?P<spath2>[a-z][\w-]*/[\w./-]*\w))?(?=[\s,;)]|$)"),
    # k/k pkg/apis/resource/validation @ abe8f409 / pkg/apis/core/validation @abe8f409
    ("kkpath", r"(?:\bk/k\s+)?\b(?P<path>(?:pkg|staging|cmd|plugin)/[\w./-]*\w)"
               r"(?:\s*@\s*(?P<ref>[0-9a-f]{7,40})\b)?"),
    # k8s.io/apiserver pkg/cel/environment/base.go
    ("k8sio", r"\bk8s\.io/(?P<repo>" + "|".join(re.escape(r) for r in _STAGING_REPOS)
              + r")\s+(?P<kpath>(?:[\w-]+/)+[\w-]+\.go)\b"),
    # k/k extendeddynamicresources.go
    ("kkfile", r"\b(?:k/k\s+)?(?P<file>" + "|".join(re.escape(f) for f in _KNOWN_FILES)
               + r")\b"),
    ("short", r"\b(?P<sh>" + "|".join(SHORTHANDS) + r")\b"),
    # (read at k/k abe8f409) / kubernetes commit 5e2d5b9a / commit abe8f409
    ("sha", r"(?:\b(?:kubernetes|k/k)\s+)?(?:\bcommit\s+)?"
            r"\b(?P<sha>(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{8,40})\b(?!-)"),
    ("kk", r"\bk/k\b"),  # last: the patterns above take "k/k <path|file|commit>" whole
]
_RX = re.compile("|".join(f"(?P<_{i}>{p})" for i, (_, p) in enumerate(_PATTERNS)))


def _link(label: str, url: str) -> str:
    return f'<a class="src" href="{escape(url)}">{escape(label)}</a>'


def _sections(text: str) -> list[str]:
    """'§9.3-§9.5' -> ['9.3', '9.4', '9.5']; '§4.3, §9.8' -> ['4.3', '9.8']."""
    out: list[str] = []
    for m in re.finditer(r"§\s*(\d+(?:\.\d+)*)(?:\s*-\s*§?\s*(\d+(?:\.\d+)*))?", text):
        a, b = m.group(1), m.group(2)
        out.append(a)
        if b and a.rsplit(".", 1)[0] == b.rsplit(".", 1)[0] and "." in a:
            head, lo, hi = a.rsplit(".", 1)[0], int(a.rsplit(".", 1)[1]), int(b.rsplit(".", 1)[1])
            out += [f"{head}.{n}" for n in range(lo + 1, min(hi, lo + 20) + 1)]
        elif b:
            out.append(b)
    return out


def _replacement(kind: str, m: re.Match[str], seen: set[str]) -> str:
    """The HTML for one citation; "" drops it. ``seen``: URLs already linked in this text
    (a list of notes sections repeats sources; each is linked once)."""
    g = m.groupdict()
    if kind == "notes":
        links: dict[str, str] = {}
        sources = [src for sec in _sections(g["secs"]) for src in SECTIONS.get(sec, [])]
        if g.get("nsh"):
            sources.append(SHORTHANDS[g["nsh"]])
        for label, url in sources:
            if url not in seen and url not in links:
                links[url] = label
        seen.update(links)
        return ", ".join(_link(label, url) for url, label in links.items())
    if kind == "issue":
        return ""
    if kind == "kk":  # "k/k validateX": the repository, spelled out on hover
        return '<abbr title="github.com/kubernetes/kubernetes">k/k</abbr>'
    label, url = _source(kind, g)
    seen.add(url)
    return _link(label, url)


def _source(kind: str, g: dict[str, str | None]) -> tuple[str, str]:
    if kind == "pr":
        pr = g.get("pr") or g.get("pr2")
        return f"kubernetes PR {pr}", f"{K8S}/pull/{pr}"
    if kind == "staged":
        repo = {"api": "api", "kubelet": "kubelet", "dra": "dynamic-resource-allocation",
                "ch": "component-helpers"}[str(g["srepo"])]
        ref = str(g["sref"])
        path = g.get("spath") or g.get("spath2") or ""
        if not path:
            return f"k8s.io/{repo} @ {ref}", f"https://github.com/kubernetes/{repo}/tree/{ref}"
        label, url = _staging(repo, path, ref)
        return (f"k8s.io/{repo} {path} @ {ref}" if ref != "master" else label), url
    if kind == "kkpath":
        return _kk(str(g["path"]), g["ref"] or "master")
    if kind == "k8sio":
        return _staging(str(g["repo"]), str(g["kpath"]))
    if kind == "kkfile":
        return str(g["file"]), _kk(_KNOWN_FILES[str(g["file"])])[1]
    if kind == "short":
        return SHORTHANDS[str(g["sh"])]
    if kind == "sha":
        sha = str(g["sha"])
        return f"kubernetes commit {sha[:8]}", f"{K8S}/commit/{sha}"
    raise AssertionError(kind)  # pragma: no cover


_DROP = "\x01"


def _tidy(text: str) -> str:
    """Remove what a dropped citation leaves behind: "()", "(, x", "x, )", "x ."."""
    d = _DROP
    text = re.sub(rf"[ \t]*\(\s*{d}(?:\s*[,;]?\s*{d})*\s*\)", "", text)
    text = re.sub(rf"\s*[,;]\s*{d}\s*(?=\))", "", text)
    text = re.sub(rf"(?<=\(){d}\s*[,;]\s*", "", text)
    text = re.sub(rf"[ \t]+{d}(?=[.,;:)]|$)", "", text, flags=re.M)
    return text.replace(d, "")


def render(text: str) -> str:
    """HTML for a description: escaped text, citations as links, internal references gone."""
    marks: list[str] = []
    seen: set[str] = set()

    def sub(m: re.Match[str]) -> str:
        i = next(i for i in range(len(_PATTERNS)) if m.group(f"_{i}") is not None)
        kind, pattern = _PATTERNS[i]
        inner = re.fullmatch(pattern, m.group(0))
        html = _replacement(kind, inner, seen) if inner else escape(m.group(0))
        if not html:
            return _DROP
        marks.append(html)
        return f"\x00{len(marks) - 1}\x00"

    out = escape(_tidy(_RX.sub(sub, text)), quote=False)
    return re.sub(r"\x00(\d+)\x00", lambda m: marks[int(m.group(1))], out)


def plain(text: str) -> str:
    """The rendered text without markup (what a reader sees): for tests and the terminal."""
    return re.sub(r"<[^>]+>", "", render(text)).replace("&amp;", "&").replace(
        "&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&#x27;", "'")
