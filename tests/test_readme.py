"""The README's commands work when pasted on a fresh copy of the repository.

Why: the README is a newcomer's first hour (issue 11). A command that names a missing file, an
option that no longer exists or a subset that selects nothing is a bug of the product. This
test reads README.md's fenced ``sh`` and ``python`` blocks and runs, in README order, every
command that is cheap enough in a fresh copy of the repository (the files ``git ls-files``
lists, as a clone would have them, uncommitted edits included). Every other command is listed
in ``EXCLUDED`` with the reason, and a README command that is neither run nor excluded fails
the test, so a new command cannot slip in untried.

The set-up commands (a venv, ``pip install tox -e .``) install from the package index; the
interpreter running this test stands in for that venv: its ``bin`` directory (where
``pip install -e .`` put the ``drakit`` command) comes first on PATH and the copy comes first
on PYTHONPATH, so ``drakit`` and ``import drakit`` load the copy's code (checked).
"""

from __future__ import annotations

import configparser
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"

# The main job, `tox -e features`, is the whole suite (tests/report/test_report_browser.py and
# CI's `tox` run all of it); here one scenario shows the same command works from a fresh copy
# and writes the reports the README points at.
MAIN_JOB_SUBSET = ("-k", "keps_mixin_example_is_accepted")

NEEDS_A_CLUSTER = ("needs a live cluster and kubeconfig; tox -e features-served runs the same "
                   "--backend=cluster path against drakit serve")
EXCLUDED: list[tuple[str, str]] = [
    (r"^python3 -m venv \.venv && \. \.venv/bin/activate$",
     "makes a venv for the next command; the interpreter running this test stands in for it"),
    (r"^python3 -m pip install tox -e \.$",
     "installs from the package index (2 min 14 s on a fresh clone, measured on the 2-core "
     "CI machine); tox installs the package the same way (package = editable in tox.ini) in "
     "every environment CI builds, and this test runs the drakit it installed"),
    (r"^tox$", "all the tests, this one included; CI runs it (.ci/run)"),
    (r"^tox -e features-versions$",
     "the suite three times over (~1.5 min); part of `tox`, which CI runs"),
    (r"--backend=(cluster|both)", NEEDS_A_CLUSTER),
]


@dataclass(frozen=True)
class Command:
    line: int  # README line of the command's first line
    block: int  # README line of the opening fence
    lang: str
    text: str

    def __str__(self) -> str:
        return f"README.md:{self.line}: {self.text}"


def _strip_comment(line: str) -> str:
    """``line`` without a shell comment (``#`` at a word start, outside quotes)."""
    quote = ""
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip()
    return line.rstrip()


def readme_commands(text: str) -> list[Command]:
    """The commands of the fenced ``sh`` blocks (one per line, ``\\`` joins lines, comments
    dropped) and each ``python`` block as one command."""
    out: list[Command] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = re.match(r"^```(\w*)\s*$", lines[i])
        if not m or not m.group(1):
            i += 1
            continue
        lang, start = m.group(1), i + 1
        j = start
        while j < len(lines) and not lines[j].startswith("```"):
            j += 1
        body = lines[start:j]
        if lang == "python":
            out.append(Command(start + 1, start, lang, "\n".join(body) + "\n"))
        elif lang in ("sh", "bash", "shell", "console"):
            pending, first = "", 0
            for k, raw in enumerate(body):
                cmd = _strip_comment(raw)
                if not cmd.strip():
                    continue
                if not pending:
                    first = start + k + 1
                if cmd.endswith("\\"):
                    pending += cmd[:-1].strip() + " "
                    continue
                out.append(Command(first, start, lang, (pending + cmd.strip()).strip()))
                pending = ""
        i = j + 1
    return out


def exclusion(cmd: Command) -> str | None:
    for pattern, reason in EXCLUDED:
        if re.search(pattern, cmd.text):
            return reason
    return None


COMMANDS = readme_commands(README.read_text(encoding="utf-8"))
RUN = [c for c in COMMANDS if exclusion(c) is None]


def test_the_parser_reads_commands_comments_and_continuations() -> None:
    text = ("intro\n```sh\n# a comment\ntox -e features -- -k \"a # b\"   # why\n"
            "drakit apply \\\n  -f x.yaml\n\n```\n```python\nprint(1)\n```\n```\nnot code\n```\n")
    got = [(c.line, c.lang, c.text) for c in readme_commands(text)]
    assert got == [(4, "sh", 'tox -e features -- -k "a # b"'),
                   (5, "sh", "drakit apply -f x.yaml"),
                   (10, "python", "print(1)\n")]


def test_every_readme_command_is_run_or_excluded_with_a_reason() -> None:
    known = ("drakit ", "kubectl ", "tox -e features -- ")
    unknown = [str(c) for c in RUN if c.lang == "sh" and not c.text.startswith(known)
               and c.text != "tox -e features"]
    assert unknown == [], "a README command this test does not know how to run: add it to " \
                          "the runner below or to EXCLUDED with the reason"
    used = {p for p, _ in EXCLUDED if any(re.search(p, c.text) for c in COMMANDS)}
    assert used == {p for p, _ in EXCLUDED}, "an exclusion no README command needs any more"
    # the first screen (above the first rule): the set-up, then exactly two commands
    text = README.read_text(encoding="utf-8")
    first_screen = text[:text.index("\n---\n")].count("\n") + 1
    assert [c.text for c in COMMANDS if c.line <= first_screen] == [
        "python3 -m venv .venv && . .venv/bin/activate", "python3 -m pip install tox -e .",
        "tox -e features", "tox"]
    assert first_screen <= 40, "the first screen grew past 40 lines"


# ----------------------------------------------------------------------------- the runner


@pytest.fixture(scope="module")
def copy(tmp_path_factory) -> Path:
    """A fresh copy of the repository: what ``git clone`` would give, edits included."""
    dst = tmp_path_factory.mktemp("clone") / "drakit"
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], cwd=REPO, capture_output=True,
                            check=True, timeout=60).stdout.decode().split("\0")
    for rel in filter(None, listed):
        src = REPO / rel
        if src.is_file():
            (dst / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst / rel)
    assert (dst / "README.md").is_file() and not (dst / "reports" / "latest").exists()
    return dst


def _env(copy: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env["PYTHONPATH"] = str(copy)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # cached bytecode halves start-up
    env.pop("PYTEST_ADDOPTS", None)
    env.pop("KUBECONFIG", None)
    return env


def _sh(copy: Path, text: str, timeout: float = 300, stdin: str | None = None):
    return subprocess.run(["bash", "-c", text], cwd=copy, env=_env(copy), input=stdin,
                          capture_output=True, text=True, timeout=timeout)


def _tox_features(copy: Path, args: list[str]) -> list[str]:
    """``tox -e features -- ARGS`` as tox.ini says it, run by this interpreter."""
    ini = configparser.ConfigParser(interpolation=None)
    ini.read(copy / "tox.ini")
    cmd = ini["testenv:features"]["commands"].strip()
    assert cmd.startswith("pytest ") and "{posargs}" in cmd, cmd
    words = shlex.split(cmd.replace("{toxinidir}", str(copy)))
    i = words.index("{posargs}")
    return [sys.executable, "-m", *words[:i], *args, *words[i + 1:]]


def _features_args(cmd: Command) -> list[str]:
    """The pytest arguments of a ``tox -e features -- ARGS`` command ([] for none, or for
    another command)."""
    words = shlex.split(cmd.text) if cmd.lang == "sh" else []
    if words[:3] != ["tox", "-e", "features"]:
        return []
    return words[4:] if words[3:4] == ["--"] else words[3:]


def _ok(proc, cmd: Command) -> str:
    assert proc.returncode == 0, f"{cmd}\nexit {proc.returncode}\n{proc.stdout[-2000:]}\n" \
                                 f"{proc.stderr[-2000:]}"
    assert "Traceback" not in proc.stderr, f"{cmd}\n{proc.stderr[-2000:]}"
    return proc.stdout


@pytest.fixture(scope="module")
def main_job(copy) -> subprocess.CompletedProcess:
    """``tox -e features`` (tox.ini's command) on one scenario, once: it writes reports/."""
    return subprocess.run(_tox_features(copy, list(MAIN_JOB_SUBSET)), cwd=copy, env=_env(copy),
                          capture_output=True, text=True, timeout=300)


def test_the_copy_imports_its_own_drakit(copy) -> None:
    proc = _sh(copy, 'python3 -c "import drakit, sys; print(drakit.__file__)"; '
                     "head -1 \"$(command -v drakit)\"")
    where, shebang = proc.stdout.splitlines()[:2]
    assert Path(where).resolve() == (copy / "drakit" / "__init__.py").resolve(), where
    assert Path(shebang[2:]).parent == Path(sys.executable).parent, shebang


def _serve(copy: Path, cmd: Command) -> subprocess.Popen:
    kc = copy / re.search(r"--kubeconfig-out (\S+)", cmd.text).group(1)
    kc.unlink(missing_ok=True)
    proc = subprocess.Popen(["bash", "-c", "exec " + cmd.text], cwd=copy, env=_env(copy),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not (kc.is_file() and kc.stat().st_size) and proc.poll() is None:
        assert time.monotonic() < deadline, f"{cmd}: no kubeconfig after 60 s"
        time.sleep(0.1)
    assert proc.poll() is None, f"{cmd}: exited {proc.returncode}: {proc.stderr.read()}"
    return proc


def _check(cmd: Command, out: str, copy: Path) -> None:
    """What each command must show, beyond exit status 0 and no traceback."""
    t = cmd.text
    if t.startswith("drakit apply") and "-o json" in t:
        objs = json.loads(out)
        assert objs["kind"] == "ResourceSlice" and objs["spec"]["mixins"], out[:500]
    elif t.startswith("drakit apply"):
        kinds = re.findall(r"^kind: (\w+)$", out, re.M)
        assert kinds == ["DeviceClass", "ResourceSlice"], kinds
    elif t.startswith("drakit allocate") and "--explain" in t:
        outcomes = [row.split("  ")[-1].strip() for row in out.splitlines()[1:]]
        assert outcomes.count("allocated") == 2 and len(outcomes) == 8, out
    elif t.startswith("drakit allocate"):
        assert "claim: default/two-gpus" in out and out.count("device: gpu-") == 2, out
    elif t.startswith("drakit flatten"):
        assert "includes" not in out and "a100" in out, out[:500]
    elif t.startswith("drakit report"):
        assert (copy / "review" / "index.html").is_file(), out
    elif t.startswith("kubectl") and " get " in t:
        assert "node-1" in out and "gpu.example.com" in out, out
    elif t.startswith("kubectl"):
        assert "gpu.example.com created" in out, out


@pytest.mark.parametrize("block", sorted({c.block for c in RUN}),
                         ids=lambda n: f"README.md:{n}")
def test_readme_block_works_on_a_fresh_copy(copy, block, request) -> None:
    server: subprocess.Popen | None = None
    cmds = [c for c in RUN if c.block == block]
    # the options of the suite are checked by collecting with them: all at once (each one
    # is a pytest start-up and a parse of the feature files)
    collecting = {c: subprocess.Popen(_tox_features(copy, [*_features_args(c), "--collect-only",
                                                           "-q"]),
                                      cwd=copy, env=_env(copy), stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True)
                  for c in cmds if _features_args(c)}
    try:
        for cmd in cmds:
            if cmd.lang == "python":
                out = _ok(_sh(copy, "python3 -", stdin=cmd.text), cmd)
                assert out.strip() == "example.com/gpu", out
                continue
            words = shlex.split(cmd.text)
            if words[:3] == ["tox", "-e", "features"]:
                args = _features_args(cmd)
                if not args:  # the main job, narrowed to one scenario (see MAIN_JOB_SUBSET)
                    _ok(request.getfixturevalue("main_job"), cmd)
                    for f in ("index.html", "results.json", "latest/index.html",
                              "latest/results.json"):  # where the README says
                        assert (copy / "reports" / f).is_file(), f
                    continue
                # an option the README shows: collecting proves it parses and selects
                popen = collecting[cmd]
                stdout, stderr = popen.communicate(timeout=300)
                out = _ok(subprocess.CompletedProcess(popen.args, popen.returncode, stdout,
                                                      stderr), cmd)
                n = re.search(r"^(\d+)(?:/\d+)? tests? collected", out, re.M)
                assert n and int(n.group(1)) > 0, f"{cmd} selects nothing:\n{out[-1500:]}"
                if "--k8s-version" in args:
                    v = args[args.index("--k8s-version") + 1]
                    assert f"not applicable at {v}: " in out, out[-1500:]
                continue
            if words[0] == "drakit" and words[1] == "serve":
                server = _serve(copy, cmd)
                continue
            if words[0] == "kubectl":
                assert server is not None, f"{cmd}: no drakit serve before it in its block"
                if shutil.which("kubectl") is None:
                    pytest.skip("kubectl is not installed here: the README's kubectl lines "
                                "against drakit serve were not tried (drakit serve was)")
            if words[0] not in ("drakit", "kubectl"):  # never run an unknown command
                pytest.fail(f"{cmd}: this test does not know how to run it")
            if words[:2] == ["drakit", "report"]:
                request.getfixturevalue("main_job")  # the run whose results.json it reads
            _check(cmd, _ok(_sh(copy, cmd.text), cmd), copy)
    finally:
        for popen in collecting.values():
            if popen.poll() is None:
                popen.kill()
                popen.communicate()
        if server is not None:
            server.terminate()
            server.wait(timeout=20)
