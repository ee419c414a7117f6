"""Who may talk to ``drakit serve``: a TLS identity, a bearer token and a Host allow-list.

Why all three: the served reference is a sandbox that allows every request, so the only
protection is keeping strangers out. A random bearer token, generated at start and written
into the kubeconfig, keeps out other local users and other machines. kubectl and client-go
send credentials only over TLS (clientcmd reads a user's auth info only when the transport
is TLS), so the token needs HTTPS: the server makes a fresh self-signed certificate at start
and the kubeconfig carries it as ``certificate-authority-data``. The Host allow-list stops
DNS rebinding: a browser page on ``evil.example`` that re-resolves its name to 127.0.0.1
sends ``Host: evil.example``, which is refused before anything else is looked at.

kube-apiserver has no Host check (it relies on authentication); the refusal is 421
Misdirected Request ("this server does not answer for that authority"), not 403, so that a
client does not read it as an RBAC denial. docs/serve.md ("Sandbox") describes it.
"""

from __future__ import annotations

import datetime as _dt
import hmac
import ipaddress
import secrets
import socket
import ssl
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

#: paths answered without a token, like kube-apiserver's health endpoints
#: (system:public-info-viewer); ``/healthz/ping`` and friends included.
PUBLIC_PATHS = ("/healthz", "/livez", "/readyz")

LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost")


def new_token() -> str:
    """A random bearer token (256 bits, URL-safe)."""
    return secrets.token_urlsafe(32)


def is_loopback(host: str) -> bool:
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def is_wildcard(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        return False


def host_of(header: str) -> str:
    """The host part of a Host header: ``[::1]:6443`` -> ``::1``, ``a:1`` -> ``a``."""
    h = header.strip()
    if h.startswith("["):
        return h[1:h.index("]")] if "]" in h else h[1:]
    if h.count(":") == 1:
        return h.split(":", 1)[0]
    return h  # a bare IPv6 address (invalid in a Host header, but unambiguous)


@dataclass
class Sandbox:
    """The access policy of one server: its token and the host names it answers for."""

    bind: str
    token: str = field(default_factory=new_token)
    extra_hosts: tuple[str, ...] = ()

    def allowed_host(self, header: str | None) -> bool:
        """Host header check (DNS rebinding). No header (HTTP/1.0) is allowed."""
        if header is None:
            return True
        host = host_of(header).rstrip(".").lower()
        if is_loopback(host) or host in (self.bind.lower().strip("[]"),):
            return True
        if host in (h.lower() for h in self.extra_hosts):
            return True
        try:
            ipaddress.ip_address(host)
            is_ip = True
        except ValueError:
            is_ip = False
        if is_wildcard(self.bind):
            # bound to every interface: any address literal can reach us (an address is no
            # rebinding risk), and so can this machine's own names
            return is_ip or host in {socket.gethostname().lower(), socket.getfqdn().lower()}
        return False

    def authorized(self, header: str | None) -> bool:
        """``Authorization: Bearer <token>``, compared in constant time."""
        if not header:
            return False
        scheme, _, value = header.strip().partition(" ")
        return scheme.lower() == "bearer" and hmac.compare_digest(
            value.strip().encode(), self.token.encode())


# ---------------------------------------------------------------------------- TLS

@dataclass
class TLSIdentity:
    """A self-signed serving certificate (also its own CA) and the context that serves it."""

    cert_pem: bytes
    context: ssl.SSLContext


def tls_identity(bind: str, extra_hosts: tuple[str, ...] = ()) -> TLSIdentity:
    """A fresh EC P-256 certificate for loopback, the bound address and ``extra_hosts``.

    Valid from one hour ago (clock skew) for one year; basicConstraints CA so that clients
    can trust it as the kubeconfig's ``certificate-authority-data``; key identifiers so that
    strict verifiers (OpenSSL's X509_STRICT, Python 3.13's default) accept it.
    """
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    names: list[x509.GeneralName] = [x509.DNSName("localhost"),
                                     x509.IPAddress(ipaddress.ip_address("127.0.0.1")),
                                     x509.IPAddress(ipaddress.ip_address("::1"))]
    for h in (bind, *extra_hosts):
        h = h.strip("[]")
        try:
            ip = ipaddress.ip_address(h)
            if not ip.is_unspecified and x509.IPAddress(ip) not in names:
                names.append(x509.IPAddress(ip))
        except ValueError:
            if x509.DNSName(h) not in names:
                names.append(x509.DNSName(h))
    if is_wildcard(bind):
        names.append(x509.DNSName(socket.gethostname()))
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "drakit-serve")])
    now = _dt.datetime.now(_dt.UTC)
    ski = x509.SubjectKeyIdentifier.from_public_key(key.public_key())
    cert = (x509.CertificateBuilder()
            .subject_name(subject).issuer_name(subject)
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - _dt.timedelta(hours=1))
            .not_valid_after(now + _dt.timedelta(days=365))
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .add_extension(x509.KeyUsage(
                digital_signature=True, key_cert_sign=True, content_commitment=False,
                key_encipherment=False, data_encipherment=False, key_agreement=False,
                crl_sign=False, encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]),
                           critical=False)
            .add_extension(x509.SubjectAlternativeName(names), critical=False)
            .add_extension(ski, critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_subject_key_identifier(ski),
                           critical=False)
            .sign(key, hashes.SHA256()))
    cert_pem = cert.public_bytes(serialization.Encoding.PEM)
    key_pem = key.private_bytes(serialization.Encoding.PEM,
                                serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption())
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    # load_cert_chain reads files only: write both to a private temporary directory
    with tempfile.TemporaryDirectory(prefix="drakit-tls-") as tmp:
        c, k = Path(tmp) / "tls.crt", Path(tmp) / "tls.key"
        c.write_bytes(cert_pem)
        k.touch(mode=0o600)
        k.write_bytes(key_pem)
        ctx.load_cert_chain(c, k)
    ctx.set_alpn_protocols(["http/1.1"])
    return TLSIdentity(cert_pem, ctx)


def client_context(cert_pem: bytes) -> ssl.SSLContext:
    """A client context that trusts exactly this server's certificate (tests, scripts)."""
    ctx = ssl.create_default_context(cadata=cert_pem.decode())
    return ctx
