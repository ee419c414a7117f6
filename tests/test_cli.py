"""`drakit apply`: stored objects on stdout, one-line errors and exit 1 on bad input."""

import yaml

from drakit.cli import main

CLASS = """apiVersion: resource.k8s.io/v1
kind: DeviceClass
metadata:
  name: gpu.example.com
spec:
  extendedResourceName: example.com/gpu
"""


def test_apply_prints_stored_objects(tmp_path, capsys) -> None:
    f = tmp_path / "c.yaml"
    f.write_text(CLASS)
    assert main(["apply", "-f", str(f)]) == 0
    out = yaml.safe_load(capsys.readouterr().out)
    assert out["metadata"]["name"] == "gpu.example.com" and out["metadata"]["uid"]


def test_apply_invalid_exits_1_with_server_message(tmp_path, capsys) -> None:
    f = tmp_path / "c.yaml"
    f.write_text(CLASS.replace("name: gpu.example.com", "name: Bad_Name"))
    assert main(["apply", "-f", str(f)]) == 1
    err = capsys.readouterr().err
    assert err.startswith('Error from server (Invalid): DeviceClass.resource.k8s.io "Bad_Name" '
                          "is invalid: metadata.name: Invalid value: \"Bad_Name\"")
    assert "Traceback" not in err


def test_apply_unknown_kind_and_bad_yaml(tmp_path, capsys) -> None:
    f = tmp_path / "k.yaml"
    f.write_text("apiVersion: example.com/v1\nkind: Gadget\nmetadata: {name: g}\n")
    assert main(["apply", "-f", str(f)]) == 1
    assert 'no matches for kind "Gadget" in version "example.com/v1"' in capsys.readouterr().err
    g = tmp_path / "g.yaml"
    g.write_text("kind: [\n")
    assert main(["apply", "-f", str(g)]) == 1
    assert f"{g}:" in capsys.readouterr().err


def test_apply_locked_gate(tmp_path, capsys) -> None:
    f = tmp_path / "c.yaml"
    f.write_text(CLASS)
    assert main(["apply", "-f", str(f), "--gate", "DRAExtendedResource=false"]) == 1
    assert "locked to true" in capsys.readouterr().err
