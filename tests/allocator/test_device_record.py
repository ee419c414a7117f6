"""DeviceRecord keeps one CEL ``device`` view per mode (list attributes as values or not).

Inside the scheduler one AllocatorCache has one CEL mode (its gates and release are fixed
when it is built), so there a record only ever sees one mode and the cache is a matter of
speed; the module-level records of ``device_record`` serve every caller of the library, so
a record can be asked for both views, and each mode must get its own."""

import pytest

from drakit.allocator.core import DeviceRecord
from drakit.cel import CELRuntimeError

DEVICE = {"name": "gpu-0", "attributes": {"model": {"string": "a100"},
                                          "links": {"ints": [1, 2]}}}


def test_the_list_view_is_built_once():
    rec = DeviceRecord("gpu.example.com", DEVICE)
    first = rec.cel_view(True)
    assert first["attributes"]["gpu.example.com"]["links"] == [1, 2]
    assert rec.cel_view(True) is first


def test_each_mode_has_its_own_view():
    rec = DeviceRecord("gpu.example.com", DEVICE)
    with pytest.raises(CELRuntimeError, match="attribute links: unsupported attribute value"):
        rec.cel_view(False)
    assert rec.cel_view(True)["attributes"]["gpu.example.com"]["links"] == [1, 2]
    with pytest.raises(CELRuntimeError, match="unsupported attribute value"):
        rec.cel_view(False)  # the scalar view's error is kept, not replaced by the list view
