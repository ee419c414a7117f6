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
