"""The reference backend reads drakit's PodResources answers strictly: its kubelet encodes
them by hand, and a byte of a field api.proto does not define would otherwise be skipped by
every decoder (the JSON mapping the steps compare included) and read as a correct answer."""

from __future__ import annotations

import pytest

from drakit.kubelet.podresources.gen import api_pb2 as pb
from steps.backends.reference import _defined_fields_only


def _answer(device_prefix: bytes = b"") -> pb.ListPodResourcesResponse:
    device = pb.ClaimResource(driver_name="gpu.example.com", pool_name="n1", device_name="gpu-0",
                              cdi_devices=[pb.CDIDevice(name="example.com/gpu=gpu-0")])
    device = pb.ClaimResource.FromString(device_prefix + device.SerializeToString())
    claim = pb.DynamicResource(claim_name="c", claim_namespace="default", claim_resources=[device])
    return pb.ListPodResourcesResponse(pod_resources=[pb.PodResources(
        name="p", namespace="default",
        containers=[pb.ContainerResources(name="app", dynamic_resources=[claim])])])


def test_an_answer_of_defined_fields_reads_as_its_json_mapping() -> None:
    got = _defined_fields_only(_answer(), "List")
    (pod,) = got["podResources"]
    (res,) = pod["containers"][0]["dynamicResources"][0]["claimResources"]
    assert res == {"cdiDevices": [{"name": "example.com/gpu=gpu-0"}],
                   "driverName": "gpu.example.com", "poolName": "n1", "deviceName": "gpu-0"}


@pytest.mark.parametrize("stray", [b"\x58\x58", b"\x7a\x01x", b"\xa0\x06\x01"])
def test_a_stray_field_anywhere_in_the_answer_is_a_reference_defect(stray: bytes) -> None:
    # field 11 varint, field 15 bytes, field 100 varint: none is defined at any level
    wire = _answer().SerializeToString()
    answers = [pb.ListPodResourcesResponse.FromString(wire[:at] + stray + wire[at:])
               for at in (0, len(wire))]
    answers.append(_answer(device_prefix=stray))  # deep inside, where the encoder writes bytes
    for message in answers:
        with pytest.raises(AssertionError, match="bytes outside the PodResources v1 API"):
            _defined_fields_only(message, "List")
