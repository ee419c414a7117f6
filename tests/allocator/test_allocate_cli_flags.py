"""``drakit allocate``'s flags under arbitrary input (a careless user, a script gone wrong).

Whatever ``--gate``, ``--node`` and ``--version`` hold, the tool answers with exit status 0 or
1, and an error is exactly one line on stderr with nothing on stdout: never a traceback.
Runs in-process (main_allocate) so hypothesis can try many inputs quickly.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from drakit.allocator.cli import main_allocate

ROOT = Path(__file__).resolve().parents[2]
FILES = ["-f", str(ROOT / "fixtures/kep-5004/deviceclass-gpu.yaml"),
         "-f", str(ROOT / "fixtures/kep-5004/resourceslice-gpus.yaml"),
         "-f", str(ROOT / "fixtures/kep-5004/resourceclaim-two-gpus.yaml")]

_text = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
                max_size=40)
_gate = st.one_of(
    _text,
    st.builds(lambda n, v: f"{n}={v}",
              st.sampled_from(["DRADeviceTaints", "DRAPartitionableDevices", "DRADeviceTaint",
                               "", "dradevicetaints", "DRAAdminAccess"]),
              st.sampled_from(["true", "false", "TRUE", "1", "", "yes", "true,false"])))


def _check(capsys, argv: list[str]) -> None:
    code = main_allocate(argv)
    out, err = capsys.readouterr()
    assert code in (0, 1), code
    if code == 1:
        assert out == ""
        assert err.count("\n") == 1, err
        assert "Traceback" not in err
    else:
        assert err == ""
        assert out.strip()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(gates=st.lists(_gate, max_size=3))
def test_any_gate_flags_give_an_answer_or_one_line(capsys, gates):
    argv = ["--node", "node-1"] + [a for g in gates for a in ("--gate", g)] + FILES
    _check(capsys, argv)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(node=_text, version=st.sampled_from(["1.34", "1.35", "1.36", "1.37", "1.33", "", "x"]))
@example(node="/\n", version="1.34")  # a file name with a newline: quoted, one line
def test_any_node_and_version_give_an_answer_or_one_line(capsys, node, version):
    argv = ["--node", node, "--version", version] + FILES
    _check(capsys, argv)
