"""Bad manifests give one line with file:line and the reason."""

import pytest

from drakit.yamlio import ManifestError, load_documents, load_file


def test_multi_document_and_lists() -> None:
    docs = load_documents("a: 1\n---\n---\nkind: List\napiVersion: v1\nitems:\n- b: 2\n- c: 3\n")
    assert docs == [{"a": 1}, {"b": 2}, {"c": 3}]


def test_malformed_yaml_names_file_and_line() -> None:
    with pytest.raises(ManifestError) as ei:
        load_documents("kind: Pod\nmetadata:\n  name: [unclosed\n", "pod.yaml")
    msg = str(ei.value)
    assert msg.startswith("pod.yaml:") and "invalid YAML" in msg
    assert "\n" not in msg


def test_document_that_is_not_a_mapping() -> None:
    with pytest.raises(ManifestError, match=r"x.yaml:2: document 2 is a list, not a mapping"):
        load_documents("a: 1\n---\n- 1\n- 2\n", "x.yaml")


def test_duplicate_keys_are_refused() -> None:
    with pytest.raises(ManifestError, match=r'd.yaml:2: duplicate key "a"'):
        load_documents("a: 1\na: 2\n", "d.yaml")


def test_huge_and_missing_files(tmp_path) -> None:
    big = tmp_path / "big.yaml"
    big.write_text("a: " + "x" * (10 * 1024 * 1024 + 1))
    with pytest.raises(ManifestError, match="larger than 10 MiB"):
        load_file(big)
    with pytest.raises(ManifestError, match="no such file"):
        load_file(tmp_path / "none.yaml")


# ---------------------------------------------------------------- YAML as go-yaml v2 reads it
# (sigs.k8s.io/yaml on go.yaml.in/yaml/v2: resolve.go, decode.go; sigs.k8s.io/yaml yaml.go)

def one(text: str):
    from drakit.yamlio import yaml_to_json_values
    ((value, _line, _dups),) = yaml_to_json_values(text)
    return value


@pytest.mark.parametrize(("text", "value"), [
    ("a: yes", {"a": True}), ("a: y", {"a": True}), ("a: Off", {"a": False}),
    ("a: 2001-01-01", {"a": "2001-01-01"}),  # an unquoted date: the string as written
    ("a: 2001-01-01T10:00:00Z", {"a": "2001-01-01T10:00:00Z"}),
    ("a: 1:20", {"a": "1:20"}),  # YAML 1.1 sexagesimal is not go-yaml's
    ("a: 0x1F", {"a": 31}), ("a: 012", {"a": 10}), ("a: 08", {"a": 8}),
    ("a: 1_000", {"a": 1000}), ("a: +1", {"a": 1}), ("a: -0b101", {"a": -5}),
    ("a: 2.0", {"a": 2}),  # json.Marshal writes the float64 2 as the JSON integer 2
    ("a: 1e400", {"a": "1e400"}),  # ParseFloat's range error: a string
    ("a: ~", {"a": None}), ("a:", {"a": None}), ("a: '1'", {"a": "1"}),
    ("a: !!str 12", {"a": "12"}), ("a: !!float 1", {"a": 1}),
    ("1: x", {"1": "x"}), ("true: x", {"true": "x"}), ("y: x", {"true": "x"}),
    ("1.5: x", {"1.5": "x"}),
    ("a: !!binary aGVsbG8=", {"a": "hello"}), ("a: !!set {x, z}", {"a": {"x": None, "z": None}}),
    ("b: &b {x: 1, z: 2}\nm: {x: 0, <<: *b, z: 3}", {"b": {"x": 1, "z": 2}, "m": {"x": 1, "z": 3}}),
])
def test_scalars_keys_and_merges_as_go_yaml(text, value) -> None:
    assert one(text) == value


@pytest.mark.parametrize(("text", "message"), [
    ("a: !!int ''", "yaml: cannot decode !!null `` as a !!int"),
    ("a: !!int abc", "yaml: cannot decode !!str `abc` as a !!int"),
    ("a: .nan", "json: unsupported value: NaN"),
    ("a: -.inf", "json: unsupported value: -Inf"),
    ("? [1]\n: x", "yaml: invalid map key: []interface {}{1}"),
    ("a: *x", "yaml: unknown anchor 'x' referenced"),
    ("a: !!binary '@@'", "yaml: !!binary value contains invalid base64 data"),
])
def test_what_cannot_become_json_is_refused(text, message) -> None:
    from drakit.yamlio import YAMLError, yaml_to_json_values
    with pytest.raises(YAMLError) as ei:
        yaml_to_json_values(text)
    assert str(ei.value) == message


def test_billion_laughs_is_refused_by_the_alias_budget() -> None:
    from drakit.yamlio import YAMLError, yaml_to_json_values
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, cur in zip("abcdefgh", "bcdefghi"):
        lines.append(f"{cur}: &{cur} [" + ",".join([f"*{prev}"] * 9) + "]")
    text = "\n".join(lines) + "\n"
    assert len(text) < 500
    with pytest.raises(YAMLError, match="document contains excessive aliasing"):
        yaml_to_json_values(text)
    # a small bomb (66k nodes when expanded) is refused too: go-yaml allows 99% of the
    # decodes to come from aliases below 400,000 decodes
    small = "\n".join(lines[:5]) + "\n"
    with pytest.raises(YAMLError, match="document contains excessive aliasing"):
        yaml_to_json_values(small)
    # a few aliases stay fine (expanded, not shared)
    v = one("a: &a {x: [1]}\nb: *a\nc: *a\n")
    assert v["b"] == v["c"] == {"x": [1]} and v["b"] is not v["c"]


def test_nesting_is_bounded() -> None:
    from drakit.yamlio import MAX_DEPTH, YAMLError, yaml_to_json_values
    ok = "a: " + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)
    assert yaml_to_json_values(ok)
    with pytest.raises(YAMLError, match="exceeded max depth"):
        yaml_to_json_values("a: " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    with pytest.raises(ManifestError, match=r"deep.yaml:1: invalid YAML: exceeded max depth"):
        load_documents("- " * (MAX_DEPTH + 2) + "x\n", "deep.yaml")


def test_manifest_errors_name_the_file_and_never_leak_a_traceback() -> None:
    with pytest.raises(ManifestError, match=r"^n.yaml: error converting YAML to JSON: json: "
                                            r"unsupported value: NaN$"):
        load_documents("a: .nan\n", "n.yaml")
    with pytest.raises(ManifestError, match=r"^i.yaml:1: invalid YAML: cannot decode !!null"):
        load_documents("a: !!int ''\n", "i.yaml")


# ---------------------------------------------------------------- request bodies

from drakit.api import errors as E  # noqa: E402
from drakit.yamlio import MAX_DEPTH, parse_body  # noqa: E402


@pytest.mark.parametrize(("raw", "message"), [
    (b'{"a": NaN}', "invalid character 'N' looking for beginning of value"),
    (b'{"a": Infinity}', "invalid character 'I' looking for beginning of value"),
    (b'{"a": -Infinity}', "invalid character 'I' in numeric literal"),
    (b'{"a": 1,}', "invalid character '}' looking for beginning of object key string"),
    (b'{"a" 1}', "invalid character '1' after object key"),
    (b'[1 2]', "invalid character '2' after array element"),
    (b'{"a": 1 "b": 2}', "invalid character '\"' after object key:value pair"),
    (b'{"a": 1} x', "invalid character 'x' after top-level value"),
    (b'{"a": 1', "unexpected end of JSON input"),
])
def test_json_syntax_errors_are_worded_like_go(raw, message) -> None:
    with pytest.raises(E.BadRequest) as ei:
        parse_body(raw, "application/json", kind="Pod")
    summary = raw.decode() if raw.startswith(b"{") else raw.hex()  # apiserver summarizeData
    assert str(ei.value) == (f"the object provided is unrecognized (must be of type Pod): "
                             f"couldn't get version/kind; json parse error: {message} "
                             f"({summary})")


def test_bodies_limits_and_media_types() -> None:
    with pytest.raises(E.StatusError) as ei:
        parse_body(b" " * (3 * 1024 * 1024 + 1), "application/json")
    assert ei.value.code == 413
    with pytest.raises(E.StatusError) as ei:
        parse_body(b"x", "application/vnd.kubernetes.protobuf")
    assert ei.value.code == 415
    with pytest.raises(E.BadRequest, match="exceeded max depth"):
        parse_body(b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1), "application/json")
    assert parse_body(b"  ", "application/json") is None
    assert parse_body(b'{"a":"\\ud800x"}', "application/json") == {"a": "\ufffdx"}
    assert parse_body(b'{"a":"\xff"}', "application/json") == {"a": "\ufffd"}


def test_yaml_bodies_keep_duplicate_keys_for_the_strict_decoder() -> None:
    body = parse_body(b"apiVersion: v1\nkind: Pod\nkind: Pod\n", "application/yaml")
    assert body == {"apiVersion": "v1", "kind": "Pod"}
    assert body.yaml_error == 'yaml: unmarshal errors:\n  line 3: key "kind" already set in map'
