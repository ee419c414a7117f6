"""The terminal as a driver author reads it (issue 11): FAIL lines that say what failed,
no pytest-internal traceback unless asked for (-v), and "unsupported" called by its name.

Real runs of the deliberately failing fixture feature (tests/report/failing/) in a
subprocess: three failed scenarios (a "contains" check, a "starting with" check, a gate the
reference refuses), one unsupported (a gate conflict the run's --gate asked for), one passed.
"""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from suite_runs import run_failing_fixture

from drakit.report.failures import shorten
from steps import reporting


@pytest.fixture(scope="module")
def default_run(tmp_path_factory) -> str:
    p = run_failing_fixture(tmp_path_factory.mktemp("term"))
    assert p.returncode == 1, p.stdout[-3000:] + p.stderr[-3000:]
    return p.stdout


def _after(out: str, line_start: str, n: int) -> list[str]:
    lines = out.splitlines()
    i = next(i for i, ln in enumerate(lines) if ln.startswith(line_start))
    return lines[i + 1:i + 1 + n]


def _section(out: str, start: str, end: str) -> str:
    return out.split(start, 1)[1].split(end, 1)[0]


def test_fail_lines_carry_step_expectation_and_observation(default_run):
    contains = _after(default_run, "  FAIL  KEP-5004  Deliberately wrong expectation", 3)
    assert contains == [
        '        step      Then the DeviceClass "tpu.example.com" contains:',
        '        expected  metadata.labels.team: "research"; spec.extendedResourceName: '
        '"example.com/gpu"',
        '        observed  metadata.labels.team: "ml"; spec.extendedResourceName: '
        '"example.com/tpu"']
    prefix = _after(default_run, "  FAIL  KEP-5004  Deliberately wrong message prefix", 3)
    assert prefix[0].startswith('        step      Then the Pod "unknown" stays pending')
    assert prefix[1] == ('        expected  message starting with: "0/1 nodes are available: 1 '
                         'cannot allocate all claims."')
    assert prefix[2].startswith('        observed  message: "0/1 nodes are available: 1 '
                                'Insufficient example.com/fpga.')


def test_failures_section_shows_what_failed_not_the_traceback(default_run):
    failures = _section(default_run, " FAILURES ", "drakit conformance summary")
    assert ('Failing step (line 38): Then the DeviceClass "tpu.example.com" contains:'
            in failures)
    assert '  metadata.labels.team: expected "research", found "ml"' in failures
    assert 'expected: metadata.labels.team: "research"' in failures
    assert "at steps/common.py:" in failures and "run with -v for the traceback" in failures
    assert "at steps/scheduling_steps.py:" in failures
    for internal in ("fixturefunc", "call_fixture_func", "_pytest/", "def then_contains"):
        assert internal not in failures, internal


def test_closing_line_says_unsupported_not_skipped(default_run):
    closing = default_run.rstrip().splitlines()[-1]
    assert re.search(r" 3 failed, 1 passed, 1 unsupported in [\d.]+s ", closing), closing
    assert "skipped" not in closing


def test_unsupported_reasons_grouped_at_the_end(default_run):
    tail = default_run.split("drakit conformance summary", 1)[1]
    assert ("drakit: 1 scenario was unsupported on the reference backend (not failures; the "
            "report lists them):\n     1  the scenario's feature gates conflict with --gate "
            "GenericWorkload=true --gate DRAWorkloadResourceClaims=true\n") in tail
    # and the progress line carries the reason, cut between words
    assert ("  UNSUP KEP-5004  A scenario whose own gates conflict with the run's --gate is "
            "unsupported  — the scenario's feature gates conflict with --gate "
            "GenericWorkload=true --gate …  ") in default_run
    # a gate the reference itself refuses is a failure with its reason, never "unsupported"
    locked = _after(default_run, "  FAIL  KEP-5004  Turning a locked gate off", 2)
    assert locked[1].startswith("        reason    unsupported on the reference backend, which "
                                "is a defect"), locked


def test_verbose_keeps_pytests_traceback(tmp_path):
    p = run_failing_fixture(tmp_path, "-v")
    assert p.returncode == 1
    failures = _section(p.stdout, " FAILURES ", "drakit conformance summary")
    assert "def then_contains" in failures and "raise AssertionError" in failures
    assert "scenarios_deliberate.py::test_a_scenario_whose_own_gates_conflict_with_the_runs_"\
           "gate_is_unsupported UNSUPPORTED" in p.stdout
    assert re.search(r" 3 failed, 1 passed, 1 unsupported in ", p.stdout.splitlines()[-1])


def test_xdist_run_reads_the_same(tmp_path):
    p = run_failing_fixture(tmp_path, "-n", "2")
    assert p.returncode == 1, p.stdout[-3000:] + p.stderr[-3000:]
    out = p.stdout
    assert _after(out, "  FAIL  KEP-5004  Deliberately wrong expectation", 1) == [
        '        step      Then the DeviceClass "tpu.example.com" contains:']
    assert "run with -v for the traceback" in out and "fixturefunc" not in out
    # pytest's short summary keeps its own word under xdist (the progress lines are ours)
    assert ("\nFAILED tests/report/failing/scenarios_deliberate.py::test_deliberately_wrong_"
            "expectation_about_a_stored_deviceclass\n") in out
    assert re.search(r" 3 failed, 1 passed, 1 unsupported in ", out.splitlines()[-1])


LONG = ("needs the feature gate DRAResourceSliceMixins=true, but the cluster runs it with the "
        "value false (reported by the kube-apiserver's /metrics endpoint as "
        "kubernetes_feature_enabled)")


@pytest.mark.parametrize("width", [20, 50, 80, 100, 200])
def test_shorten_cuts_between_words(width):
    cut = shorten(LONG, width)
    assert len(cut) <= width
    if cut == LONG:
        return
    assert cut.endswith(" …")
    words = cut[:-2].split()
    assert words == LONG.split()[:len(words)], cut  # whole words only


class _TR:
    """The parts of pytest's TerminalReporter that the progress line uses."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self._tw = SimpleNamespace(fullwidth=80)

    def ensure_newline(self) -> None:
        pass

    def write(self, text: str, **_markup) -> None:
        self.out.append(text)

    def write_line(self, text: str, **_markup) -> None:
        self.out.append(text + "\n")


def test_progress_line_keeps_a_long_reason_to_whole_words():
    tr = _TR()
    config = SimpleNamespace(pluginmanager=SimpleNamespace(get_plugin=lambda name: tr),
                             getoption=lambda name: "cluster")
    rec = {"name": "A scenario", "example": None, "kep": "5234",
           "runs": [{"verdict": "unsupported", "reason": LONG, "duration": 0.01,
                     "backend": "cluster"}]}
    reporting._print_progress(config, rec)
    line = "".join(tr.out)
    reason = line.split("  — ", 1)[1].rsplit("  10 ms", 1)[0]
    assert reason.endswith(" …") and len(reason) <= 100
    assert reason[:-2].split() == LONG.split()[:len(reason[:-2].split())], reason
