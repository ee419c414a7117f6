"""`drakit apply` decodes like kubectl + kube-apiserver: Strict field validation, YAML read
as sigs.k8s.io/yaml reads it, one-line errors, never a traceback (issue 13 item 7)."""

from __future__ import annotations

import pytest
import yaml

from drakit.cli import main

CASES = [
    ("typo.yaml", "apiVersion: resource.k8s.io/v1\nkind: DeviceClass\nmetadata: {name: t}\n"
                  "spec: {extendedResourceNam: example.com/gpu}\n",
     'Error from server (BadRequest): DeviceClass in version "v1" cannot be handled as a '
     'DeviceClass: strict decoding error: unknown field "spec.extendedResourceNam"'),
    ("nan.yaml", "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n"
                 "  - {name: c, image: i, resources: {requests: {cpu: .nan}}}\n",
     "error: nan.yaml: error converting YAML to JSON: json: unsupported value: NaN"),
    ("int.yaml", "apiVersion: v1\nkind: Pod\nmetadata: {name: !!int ''}\n",
     "error: int.yaml:3: invalid YAML: cannot decode !!null `` as a !!int"),
    ("kind.yaml", "apiVersion: v1\nkind: [Pod]\nmetadata: {name: p}\n",
     "Error from server (BadRequest): couldn't get version/kind; json parse error: json: "
     "cannot unmarshal array into Go struct field .kind of type string"),
    ("replicas.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\n"
                      "spec: {replicas: [2]}\n",
     'Error from server (BadRequest): Deployment in version "v1" cannot be handled as a '
     "Deployment: json: cannot unmarshal array into Go struct field DeploymentSpec.spec."
     "replicas of type int32"),
]


@pytest.mark.parametrize(("name", "text", "message"), CASES, ids=[c[0] for c in CASES])
def test_bad_manifests_get_one_line_and_exit_1(tmp_path, monkeypatch, capsys, name, text,
                                               message) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text(text)
    assert main(["apply", "-f", name]) == 1
    err = capsys.readouterr().err
    assert err.strip() == message
    assert "Traceback" not in err


def test_yaml_keys_and_dates_are_read_like_kubectl(tmp_path, capsys) -> None:
    f = tmp_path / "pod.yaml"
    f.write_text("apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  labels: {1: a}\n"
                 "  annotations: {built: 2001-01-01}\nspec:\n  containers:\n"
                 "  - {name: c, image: i, resources: {requests: {cpu: 0.5}}}\n")
    assert main(["apply", "-f", str(f)]) == 0
    out = yaml.safe_load(capsys.readouterr().out)
    assert out["metadata"]["labels"] == {"1": "a"}
    assert out["metadata"]["annotations"] == {"built": "2001-01-01"}
    assert out["spec"]["containers"][0]["resources"]["requests"] == {"cpu": "500m"}


@pytest.mark.parametrize(("metadata", "message"), [
    ("x", "json: cannot unmarshal string into Go struct field Pod.metadata of type "
          "v1.ObjectMeta"),
    ("{name: [1]}", "json: cannot unmarshal array into Go struct field ObjectMeta.metadata.name "
                    "of type string"),
])
def test_metadata_of_the_wrong_type_is_a_decode_error(tmp_path, capsys, metadata,
                                                       message) -> None:
    f = tmp_path / "m.yaml"
    f.write_text(f"apiVersion: v1\nkind: Pod\nmetadata: {metadata}\n")
    assert main(["apply", "-f", str(f)]) == 1
    err = capsys.readouterr().err
    assert err.strip() == ('Error from server (BadRequest): Pod in version "v1" cannot be '
                           f"handled as a Pod: {message}")
