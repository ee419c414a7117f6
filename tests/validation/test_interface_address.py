"""validation.IsValidInterfaceAddress as drakit mirrors it (device status networkData.ips):
canonical CIDR values pass, every other spelling ParseCIDRSloppy reads names its canonical
form, anything else is no CIDR value. Expected forms come from Python's ipaddress module,
an independent implementation of the same RFCs (RFC 5952 for IPv6)."""

import ipaddress

from hypothesis import given
from hypothesis import strategies as st

from drakit.validation.resource.claim import _interface_address

BAD_FORM = "must be a valid address in CIDR form, (e.g. 10.9.8.7/24 or 2001:db8::1/64)"


def _messages(value: str) -> list[str]:
    return [e.detail for e in _interface_address(value, "ips[0]")]


@given(st.ip_addresses(v=4), st.integers(0, 32))
def test_a_canonical_ipv4_interface_address_passes(ip, prefix):
    assert _messages(f"{ip}/{prefix}") == []


@given(st.ip_addresses(v=6), st.integers(0, 128))
def test_a_canonical_ipv6_interface_address_passes_unless_ipv4_mapped(ip, prefix):
    value = f"{ip.compressed}/{prefix}"
    if ip.ipv4_mapped is None:
        assert _messages(value) == []
    else:  # Go prints a mapped address dotted and counts its mask in IPv4 bits
        want = f"{ip.ipv4_mapped}/{prefix - 96 if prefix > 32 else prefix}"
        assert _messages(value) == [f'must be in canonical form ("{want}")']


@given(st.ip_addresses(v=4), st.integers(0, 32), st.lists(st.integers(0, 6), min_size=5, max_size=5))
def test_leading_zeros_in_ipv4_and_the_mask_are_read_and_named_non_canonical(ip, prefix, pads):
    # Go 1.16's parseIPv4 and dtoi (ParseCIDRSloppy) take any number of leading zeros
    octets = str(ip).split(".")
    padded = ".".join("0" * p + o for o, p in zip(octets, pads))
    mask = "0" * pads[4] + str(prefix)
    value = f"{padded}/{mask}"
    want = [] if value == f"{ip}/{prefix}" else [f'must be in canonical form ("{ip}/{prefix}")']
    assert _messages(value) == want


@given(st.ip_addresses(v=6), st.integers(0, 128))
def test_an_exploded_ipv6_address_names_its_compressed_form(ip, prefix):
    if ip.ipv4_mapped is not None:
        return
    exploded = f"{ip.exploded}/{prefix}"
    want = [] if ip.exploded == ip.compressed else [
        f'must be in canonical form ("{ip.compressed}/{prefix}")']
    assert _messages(exploded) == want


@given(st.text(max_size=40))
def test_any_text_gets_one_answer_and_never_raises(value):
    msgs = _messages(value)
    assert len(msgs) <= 1
    try:
        iface = ipaddress.ip_interface(value)
    except ValueError:
        return
    if "/" in value and msgs == []:
        assert value == f"{iface.ip}/{iface.network.prefixlen}"


def test_upstream_examples():
    # validation_resourceclaim_test.go "invalid-network-device-status" and ip_test.go
    assert _messages("300.9.8.0/24") == [BAD_FORM]
    assert _messages("10.9.8.7") == [BAD_FORM]
    assert _messages("010.009.008.000/24") == ['must be in canonical form ("10.9.8.0/24")']
    assert _messages("2001:0db8::1/64") == ['must be in canonical form ("2001:db8::1/64")']
    assert _messages("::ffff:192.168.0.1/120") == ['must be in canonical form ("192.168.0.1/24")']
    assert _messages("fe80::1%eth0/64") == [BAD_FORM]


def test_dtoi_bounds():
    # net.dtoi stops at big (0xFFFFFF): such a mask or octet is no number at all
    assert _messages("10.9.8.7/16777215") == [BAD_FORM]
    assert _messages("10.9.8.7/" + "0" * 5000 + "32") == ['must be in canonical form ("10.9.8.7/32")']
    assert _messages("10.9.8.7/٣٢") == [BAD_FORM]  # Arabic-Indic digits are not ASCII
    assert _messages("10.9.8.7/") == [BAD_FORM]
