"""``drakit allocate``'s flags under arbitrary input (a careless user, a script gone wrong).

Whatever ``--gate``, ``--node`` and ``--version`` hold, the tool answers with exit status 0 or
1, and an error is exactly one line on stderr with nothing on stdout: never a traceback.
Runs in-process (main_allocate) so hypothesis can try many inputs quickly.
"""

from __future__ import annotations

from pathlib import Path

import yaml
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


_ONE_DEVICE = """\
apiVersion: resource.k8s.io/v1
kind: ResourceSlice
metadata: {name: node-1-gpus}
spec:
  driver: gpu.example.com
  nodeName: node-1
  pool: {name: node-1, generation: 1, resourceSliceCount: 1}
  devices:
  - name: gpu-0
    attributes:
      model: {string: a100}
---
apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata: {name: c}
spec:
  devices:
    requests:
    - {name: gpu, exactly: {deviceClassName: any}}
"""


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(expression=st.one_of(_text, st.sampled_from([
    'device.vendor == "a"', 'device.attributes["gpu.example.com"].model.includes("a")',
    "device.attributes['gpu.example.com'].model == 1", "1 +", "true\n&& false", ""])),
    explain=st.booleans())
def test_any_class_selector_gives_one_line_per_row_or_error(capsys, tmp_path_factory, expression, explain):
    """A class selector no API server checked (the tool reads files): compile and runtime
    errors, whose cel-go text spans lines, still give one line per error and, with
    --explain, one line per row (header, the one device, the summary row at most)."""
    path = tmp_path_factory.mktemp("sel") / "objects.yaml"
    path.write_text(yaml.safe_dump({"apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
                                    "metadata": {"name": "any"},
                                    "spec": {"selectors": [{"cel": {"expression": expression}}]}})
                    + "---\n" + _ONE_DEVICE, encoding="utf-8")
    argv = ["--node", "node-1", "-f", str(path)] + (["--explain"] if explain else [])
    code = main_allocate(argv)
    out, err = capsys.readouterr()
    assert code in (0, 1), code
    if code == 1:
        assert out == "" and err.count("\n") == 1 and "Traceback" not in err, err
    elif explain:
        assert err == ""
        assert out.startswith("CLAIM  REQUEST  DEVICE") and len(out.splitlines()) <= 3, out
