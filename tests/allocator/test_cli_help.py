"""`drakit allocate --help` and `drakit flatten --help` say what the tools do.

Why a test: the help text is the first thing a user reads, and the mutation run
(docs/mutation.md) found that no test would notice it gone. argparse prints the help and
exits 0 (SystemExit), which is what a user sees at the shell.
"""

from __future__ import annotations

import pytest

from drakit.allocator.cli import main_allocate, main_flatten


def _help(main, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as e:
        main(["--help"])
    assert e.value.code == 0
    return " ".join(capsys.readouterr().out.split())  # argparse wraps lines


def test_allocate_help_names_the_job_and_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    out = _help(main_allocate, capsys)
    assert out.startswith("usage: drakit allocate ")
    assert "Allocate devices for the claims in -f on one node." in out
    assert "--node NODE the node: a YAML file with one Node, or NAME[:cpu=8,memory=32Gi] as for drakit apply" in out
    assert "YAML with ResourceSlices, DeviceClasses, ResourceClaims (repeatable)" in out
    assert "--explain print why each device was or was not used" in out
    assert "feature gate override NAME=BOOL (repeatable, or NAME=BOOL,NAME=BOOL)" in out
    assert "{1.34,1.35,1.36,1.37}" in out


def test_flatten_help_names_the_job(capsys: pytest.CaptureFixture[str]) -> None:
    out = _help(main_flatten, capsys)
    assert out.startswith("usage: drakit flatten ")
    assert "Print ResourceSlices with mixins flattened." in out


def test_allocate_without_files_names_the_missing_option(capsys: pytest.CaptureFixture[str]) -> None:
    """No -f at all: a one-line cause on stderr and exit status 1, not a traceback."""
    assert main_allocate(["--node", "n1"]) == 1
    assert capsys.readouterr().err == "error: the following arguments are required: -f/--filename\n"
