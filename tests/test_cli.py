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


# ---------------------------------------------------------------------------- issue 11
# Every command ends bad input in one line on stderr and exit status 1, never a traceback.

import subprocess  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from drakit.cli import NodeSpecError, parse_node_spec  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures" / "kep-5004"


def _drakit(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """The real command line in a child process (what a user types)."""
    return subprocess.run([sys.executable, "-m", "drakit.cli", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


def _one_line_error(proc: subprocess.CompletedProcess) -> str:
    assert proc.returncode == 1, (proc.returncode, proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    return lines[0]


def test_serve_kubeconfig_out_in_missing_directory(tmp_path) -> None:
    target = tmp_path / "no" / "such" / "dir" / "kc.yaml"
    line = _one_line_error(_drakit("serve", "--port", "0", "--kubeconfig-out", str(target)))
    assert line == (f"drakit serve: error: cannot write the kubeconfig to {target}: directory "
                    f"{target.parent} does not exist (create it or choose another "
                    "--kubeconfig-out)")


def test_serve_kubeconfig_out_is_a_directory(tmp_path) -> None:
    # the server is already listening when the write fails: it must stop and say why
    line = _one_line_error(_drakit("serve", "--port", "0", "--kubeconfig-out", str(tmp_path)))
    assert line.startswith(f"drakit serve: error: cannot write the kubeconfig to {tmp_path}: ")
    assert "Is a directory" in line


@pytest.mark.parametrize("spec, says", [
    ("n1:cpu=abc", "invalid --node 'n1:cpu=abc': cpu=abc is not a quantity (write it like 8, "
                   "500m or 32Gi)"),
    ("n1:cpu", "invalid --node 'n1:cpu': 'cpu' is not RESOURCE=QUANTITY; want "
               "NAME[:cpu=8,memory=32Gi]"),
])
def test_serve_bad_node(spec: str, says: str) -> None:
    assert _one_line_error(_drakit("serve", "--port", "0", "--node", spec)) == (
        f"drakit serve: error: {says}")


def test_apply_node_without_equals_is_refused() -> None:
    line = _one_line_error(_drakit("apply", "--node", "n1:cpu", "-f",
                                   str(FIXTURES / "deviceclass-gpu.yaml")))
    assert line == ("error: invalid --node 'n1:cpu': 'cpu' is not RESOURCE=QUANTITY; want "
                    "NAME[:cpu=8,memory=32Gi]")


def test_apply_node_with_bad_quantity_is_refused(capsys) -> None:
    assert main(["apply", "--node", "n1:cpu=8,memory=lots", "-f",
                 str(FIXTURES / "deviceclass-gpu.yaml")]) == 1
    assert capsys.readouterr().err == ("error: invalid --node 'n1:cpu=8,memory=lots': "
                                       "memory=lots is not a quantity (write it like 8, 500m "
                                       "or 32Gi)\n")


def test_apply_node_sets_allocatable(capsys, tmp_path) -> None:
    f = tmp_path / "n.yaml"
    f.write_text("apiVersion: v1\nkind: Namespace\nmetadata: {name: x}\n")
    assert main(["apply", "--node", "n1:cpu=4,memory=8Gi", "--node", "n2", "-f", str(f)]) == 0
    assert yaml.safe_load(capsys.readouterr().out)["metadata"]["name"] == "x"


@pytest.mark.parametrize("text, want", [
    ("n1", ("n1", None)),
    ("n1:", ("n1", None)),
    ("node-1.example:cpu=8,memory=32Gi", ("node-1.example", {"cpu": "8", "memory": "32Gi"})),
    ("n1: cpu = 500m ", ("n1", {"cpu": "500m"})),
])
def test_parse_node_spec(text, want) -> None:
    assert parse_node_spec(text) == want


@pytest.mark.parametrize("text", ["", ":cpu=1", "N1", "n1:cpu=", "n1:=1", "n1:cpu=1,,mem=2",
                                  "n1:cpu=1,cpu=2", "n1:cpu=1.2.3"])
def test_parse_node_spec_refuses(text) -> None:
    with pytest.raises(NodeSpecError, match=r"^invalid --node "):
        parse_node_spec(text)


NODE = "apiVersion: v1\nkind: Node\nmetadata:\n  name: node-1\n"
NINE = """apiVersion: resource.k8s.io/v1
kind: ResourceClaim
metadata:
  name: nine-gpus
  namespace: default
spec:
  devices:
    requests:
    - name: gpus
      exactly:
        deviceClassName: gpu.example.com
        count: 9
"""


def test_allocate_explain_says_the_count_cannot_be_met(tmp_path) -> None:
    (tmp_path / "node.yaml").write_text(NODE)
    (tmp_path / "claim.yaml").write_text(NINE)
    proc = _drakit("allocate", "--node", str(tmp_path / "node.yaml"),
                   "-f", str(FIXTURES / "deviceclass-gpu.yaml"),
                   "-f", str(FIXTURES / "resourceslice-gpus.yaml"),
                   "-f", str(tmp_path / "claim.yaml"), "--explain")
    assert proc.returncode == 0, proc.stderr
    rows = proc.stdout.splitlines()
    devices = [r for r in rows[1:] if "gpu.example.com/node-1/" in r]
    assert len(devices) == 8
    assert all(r.endswith("matches; the request asks for 9 devices, only 8 match")
               for r in devices), devices
    assert "constraint conflict or not needed" not in proc.stdout
    assert rows[-1].strip() == ("no solution on this node: claim nine-gpus, request gpus: asks "
                                "for 9 devices, only 8 match")


def test_allocate_explain_not_needed_devices(tmp_path, capsys) -> None:
    (tmp_path / "node.yaml").write_text(NODE)
    (tmp_path / "claim.yaml").write_text(NINE.replace("count: 9", "count: 2"))
    assert main(["allocate", "--node", str(tmp_path / "node.yaml"),
                 "-f", str(FIXTURES / "deviceclass-gpu.yaml"),
                 "-f", str(FIXTURES / "resourceslice-gpus.yaml"),
                 "-f", str(tmp_path / "claim.yaml"), "--explain"]) == 0
    outcomes = [r.split("  ")[-1].strip() for r in capsys.readouterr().out.splitlines()[1:]]
    assert outcomes == ["allocated"] * 2 + ["not needed (the request got its 2 devices)"] * 6


BAD_YAML = "apiVersion: v1\nkind: Node\nmetadata:\n  name: [a\n"


@pytest.mark.parametrize("command", ["apply", "allocate", "flatten"])
def test_yaml_errors_carry_file_and_line_alike(tmp_path, command) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(BAD_YAML)
    args = {"apply": ["apply", "-f", str(bad)],
            "allocate": ["allocate", "--node", str(bad), "-f", str(bad)],
            "flatten": ["flatten", str(bad)]}[command]
    line = _one_line_error(_drakit(*args))
    # the same words drakit apply has always printed (go-yaml names the line, not a column)
    assert line == f"error: {bad}:5: invalid YAML: did not find expected ',' or ']'"


@pytest.mark.parametrize("command", ["allocate", "flatten"])
def test_allocate_and_flatten_refuse_duplicate_keys_like_apply(tmp_path, command, capsys) -> None:
    dup = tmp_path / "dup.yaml"
    dup.write_text("apiVersion: v1\nkind: Node\nmetadata:\n  name: a\n  name: b\n")
    args = (["allocate", "--node", str(dup), "-f", str(dup)] if command == "allocate"
            else ["flatten", str(dup)])
    assert main(args) == 1
    assert capsys.readouterr().err == (f'error: {dup}:5: duplicate key "name" in a mapping '
                                       "(kube-apiserver's strict decoding refuses duplicate "
                                       "fields)\n")


# `drakit allocate --node` takes the node as apply and serve do, or a file with a Node
GPU_FILES = [str(FIXTURES / "deviceclass-gpu.yaml"), str(FIXTURES / "resourceslice-gpus.yaml"),
             str(FIXTURES / "resourceclaim-two-gpus.yaml")]


def _allocate_args(node: str) -> list[str]:
    return ["allocate", "--node", node, *(a for f in GPU_FILES for a in ("-f", f))]


@pytest.mark.parametrize("node", ["node-1", "node-1:cpu=8,memory=32Gi"])
def test_allocate_node_by_name_as_apply_takes_it(node, tmp_path, capsys) -> None:
    assert main(_allocate_args(node)) == 0
    out = yaml.safe_load(capsys.readouterr().out)
    assert out[0]["claim"] == "default/two-gpus"
    assert [r["device"] for r in out[0]["allocation"]["devices"]["results"]] == ["gpu-0", "gpu-1"]
    # the same answer as with a file holding the Node
    (tmp_path / "node.yaml").write_text(NODE)
    assert main(_allocate_args(str(tmp_path / "node.yaml"))) == 0
    assert yaml.safe_load(capsys.readouterr().out) == out


def test_allocate_on_another_node_finds_no_solution(capsys) -> None:
    # the slice publishes node-1's devices: node-2 has none
    assert main(_allocate_args("node-2")) == 1
    assert capsys.readouterr().err == "no solution on node node-2\n"


@pytest.mark.parametrize("node, says", [
    ("n1:cpu", "error: invalid --node 'n1:cpu': 'cpu' is not RESOURCE=QUANTITY; want "
               "NAME[:cpu=8,memory=32Gi] (or a file with one Node)"),
    ("no/such/node.yaml", "error: no/such/node.yaml: no such file"),
])
def test_allocate_bad_node_is_one_line(node, says) -> None:
    assert _one_line_error(_drakit(*_allocate_args(node))) == says


def test_allocate_without_a_claim_says_so(capsys) -> None:
    assert main(["allocate", "--node", "node-1", "-f", GPU_FILES[0], "-f", GPU_FILES[1]]) == 1
    assert capsys.readouterr().err == (
        "error: no unallocated ResourceClaim in the -f files (found: DeviceClass, "
        "ResourceSlice); add a file with the claim\n")


@pytest.mark.parametrize("text", ["", "---\n---\n", "# only a comment\n"])
def test_apply_of_files_without_a_document_is_refused(tmp_path, capsys, text) -> None:
    """kubectl apply -f of an empty file: "error: no objects passed to apply", exit 1."""
    f = tmp_path / "empty.yaml"
    f.write_text(text)
    assert main(["apply", "-f", str(f)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: no objects passed to apply") and err.count("\n") == 1
