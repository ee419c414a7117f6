"""The kubelet's PodResources v1 server (upstream ``pkg/kubelet/apis/podresources/server_v1.go``).

Why it answers exactly as shipped (api-truth §5.3), quirks included:

* List reports the kubelet's *active* pods; List and Get report restartable (sidecar) init
  containers first, then regular containers; plain init containers are left out.
* ``dynamic_resources`` is filled only with KubeletPodResourcesDynamicResources; otherwise it
  is empty without an error, while device-plugin devices are still reported.
* Get with KubeletPodResourcesGet off fails with "PodResources API Get method disabled", an
  unknown pod with "pod <name> in namespace <ns> not found"; both are plain Go errors, which a
  gRPC client sees as code Unknown. Both count ``pod_resources_endpoint_errors_get``.
* GetAllocatableResources reports plugin devices (and cpus/memory, empty here) but never DRA
  devices (KEP-3695 Non-Goals).
* Per driver, ``ClaimResource.cdi_devices`` accumulates over that driver's devices (the
  slice is declared outside the device loop in ``GetDynamicResources``): the second device's
  entry also lists the first device's CDI ids. drakit keeps this upstream behaviour.
* Metrics ``kubelet_pod_resources_endpoint_{requests_total,requests_list,requests_get,
  requests_get_allocatable,errors_list,errors_get,errors_get_allocatable}`` with label
  ``server_api_version="v1"``, ALPHA counters as in pkg/kubelet/metrics.
* A token bucket (``ratelimit.py``) guards every method, ahead of the handlers.

The socket is ``<state>/pod-resources/kubelet.sock``, mode 0600 (the KEP's "root owned unix
socket": only its owner may connect). A stale socket file from a crashed kubelet is removed
before listening, as upstream's ``CreateListener`` does; a socket some live server still
answers on, or a path that is not a socket, is a start-up error naming the path.
"""

from __future__ import annotations

import os
import socket
import stat
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Protocol

import grpc

from drakit.features import release_at_least
from drakit.kubelet.podresources import rpc
from drakit.kubelet.podresources.gen import api_pb2 as pb
from drakit.kubelet.podresources.ratelimit import LIMIT_EXCEEDED_MESSAGE, TokenBucket

API_VERSION = "v1"
SOCKET_NAME = "kubelet.sock"
MAX_UNIX_PATH = 107

GET_DISABLED_MESSAGE = "PodResources API Get method disabled"

METRICS: dict[str, str] = {
    "pod_resources_endpoint_requests_total":
        "Cumulative number of requests to the PodResource endpoint. Broken down by server "
        "api version.",
    "pod_resources_endpoint_requests_list":
        "Number of requests to the PodResource List endpoint. Broken down by server api "
        "version.",
    "pod_resources_endpoint_requests_get_allocatable":
        "Number of requests to the PodResource GetAllocatableResources endpoint. Broken down "
        "by server api version.",
    "pod_resources_endpoint_requests_get":
        "Number of requests to the PodResource Get endpoint. Broken down by server api "
        "version.",
    "pod_resources_endpoint_errors_list":
        "Number of requests to the PodResource List endpoint which returned error. Broken "
        "down by server api version.",
    "pod_resources_endpoint_errors_get_allocatable":
        "Number of requests to the PodResource GetAllocatableResources endpoint which "
        "returned error. Broken down by server api version.",
    "pod_resources_endpoint_errors_get":
        "Number of requests to the PodResource Get endpoint which returned error. Broken down "
        "by server api version.",
}


class PodResourcesServerError(RuntimeError):
    """The server cannot listen (path taken, not a socket, too long)."""


class Provider(Protocol):
    """What the server reads from its kubelet (all calls made under ``provider.lock``)."""

    lock: Any

    def gate(self, name: str) -> bool: ...

    def release(self) -> str:
        """The kubelet's Kubernetes minor release ("1.37"): the proto it speaks."""
        ...

    def active_pods(self) -> list[dict]: ...

    def pod_by_name(self, namespace: str, name: str) -> dict | None: ...

    def plugin_devices(self, pod_uid: str, container: str) -> list[tuple[str, list[str]]]: ...

    def claim_infos(self, pod: Mapping[str, Any], container: Mapping[str, Any]) -> list: ...

    def allocatable_plugin_devices(self) -> dict[str, list[str]]: ...

    def state_generation(self) -> int: ...

    def is_started(self, pod_uid: str) -> bool: ...

    def all_claim_infos(self) -> list: ...


class Metrics:
    """The endpoint counters of one kubelet (Prometheus text on demand)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.values: dict[str, int] = {}

    def inc(self, name: str) -> None:
        with self._lock:
            self.values[name] = self.values.get(name, 0) + 1

    def get(self, name: str) -> int:
        """The counter ``name`` (as METRICS names it, without the kubelet_ prefix)."""
        with self._lock:
            return self.values.get(name, 0)

    def text(self) -> str:
        out: list[str] = []
        with self._lock:
            for name, help_text in METRICS.items():
                if name not in self.values:
                    continue  # a counter vector shows no series before its first use
                full = f"kubelet_{name}"
                out.append(f"# HELP {full} [ALPHA] {help_text}\n# TYPE {full} counter\n")
                out.append(f'{full}{{server_api_version="{API_VERSION}"}} {self.values[name]}\n')
        return "".join(out)


def _varint(n: int) -> bytes:
    if n < 0x80:
        return bytes((n,))
    out = bytearray()
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def _nested(tag: bytes, payload: bytes) -> bytes:
    """A length-delimited field: tag, length, payload."""
    return tag + _varint(len(payload)) + payload


def _string(tag: bytes, value: str) -> bytes:
    """A proto3 string field (left out when empty, as protobuf does)."""
    return _nested(tag, value.encode()) if value else b""


def reported_containers(pod: Mapping[str, Any]) -> list[dict]:
    """Sidecar (restartable) init containers, then regular containers."""
    spec = pod.get("spec") or {}
    sidecars = [c for c in spec.get("initContainers") or [] if c.get("restartPolicy") == "Always"]
    return sidecars + list(spec.get("containers") or [])


class PodResourcesServicer:
    """The three RPCs over a Provider."""

    def __init__(self, provider: Provider, metrics: Metrics) -> None:
        self.p = provider
        self.metrics = metrics
        self._list_cache: tuple[tuple, bytes] | None = None
        self._pod_cache: dict[str, tuple[tuple, bytes]] = {}
        """uid -> ((pod resourceVersion, dynamic), the pod's encoded ``pod_resources`` entry):
        for started pods only, whose devices no longer change (CDI devices are fixed for a
        container's lifetime, KEP-3695 "Design Details")."""
        self._claim_cache: dict[tuple, bytes] = {}
        """(namespace, name, uid, prepared) -> the claim's encoded ``dynamic_resources``
        entry of a ContainerResources (prepared claims only)."""

    # -- building messages ------------------------------------------------------------
    # Messages are encoded by hand: every field here is a string or a nested message
    # (length-delimited), written in field-number order exactly as protobuf serializes
    # them, so the bytes equal SerializeToString() of the equivalent message objects.
    def _dynamic(self, pod: Mapping[str, Any], container: Mapping[str, Any]) -> bytes:
        """The container's ``dynamic_resources`` (field 5) entries, encoded."""
        out = []
        cache = self._claim_cache
        for info in self.p.claim_infos(pod, container):
            key = (info.namespace, info.claim_name, info.claim_uid, info.prepared)
            cached = cache.get(key)
            if cached is not None:
                out.append(cached)
                continue
            resources = []
            state = info.driver_state
            # ClaimResource.share_id (field 5) is new in 1.35 (kubelet commit 5aff898): a
            # 1.34 kubelet has no such field, so it never sends one
            share_ids = release_at_least(self.p.release(), "1.35")
            for driver in sorted(state):
                drv = _string(b"\x12", driver)
                cdi = b""  # accumulates per driver, as upstream
                for dev in state[driver]:
                    cdi += b"".join(_nested(b"\x0a", _string(b"\x0a", x)) for x in dev.cdi_ids)
                    cr = cdi + drv + _string(b"\x1a", dev.pool) + _string(b"\x22", dev.device)
                    if dev.share_id is not None and share_ids:
                        cr += _nested(b"\x2a", dev.share_id.encode())  # optional: always sent
                    resources.append(_nested(b"\x22", cr))
            msg = _nested(b"\x2a", _string(b"\x12", info.claim_name)
                          + _string(b"\x1a", info.namespace) + b"".join(resources))
            if info.prepared:
                cache[key] = msg
            out.append(msg)
        return b"".join(out)

    def _pod_bytes(self, pod: Mapping[str, Any], dynamic: bool) -> bytes:
        """The pod's PodResources message, encoded."""
        md = pod.get("metadata") or {}
        uid = md.get("uid", "")
        parts = [_string(b"\x0a", md.get("name", "")), _string(b"\x12", md.get("namespace", ""))]
        for c in reported_containers(pod):
            name = c.get("name", "")
            devices = self.p.plugin_devices(uid, name)
            if devices:
                cr = pb.ContainerResources(name=name, devices=[
                    pb.ContainerDevices(resource_name=res, device_ids=ids)
                    for res, ids in devices]).SerializeToString()
            else:
                cr = _string(b"\x0a", name)
            if dynamic:
                cr += self._dynamic(pod, c)
            parts.append(_nested(b"\x1a", cr))
        return b"".join(parts)

    def _pod(self, pod: Mapping[str, Any], dynamic: bool) -> pb.PodResources:
        return pb.PodResources.FromString(self._pod_bytes(pod, dynamic))

    # -- RPCs -------------------------------------------------------------------------
    def List(self, request: pb.ListPodResourcesRequest, context: grpc.ServicerContext
             ) -> bytes:
        """The encoded ListPodResourcesResponse (see ``rpc.py``: List passes bytes through).

        The response is one repeated field, so it is the concatenation of each pod's
        encoded entry; started pods' entries are cached, which keeps List cheap on a busy
        node (KEP-3695 "Risks": the API must not load the kubelet)."""
        self.metrics.inc("pod_resources_endpoint_requests_total")
        self.metrics.inc("pod_resources_endpoint_requests_list")
        with self.p.lock:
            dynamic = (self.p.gate("DynamicResourceAllocation")
                       and self.p.gate("KubeletPodResourcesDynamicResources"))
            key = (self.p.state_generation(), dynamic)
            if self._list_cache is not None and self._list_cache[0] == key:
                return self._list_cache[1]
            pods = self.p.active_pods()
            resp = b"".join(self._pod_entry(p, dynamic) for p in pods)
            live = {(p.get("metadata") or {}).get("uid") for p in pods}
            for uid in [u for u in self._pod_cache if u not in live]:
                del self._pod_cache[uid]
            claims = {(i.namespace, i.claim_name) for i in self.p.all_claim_infos()}
            for k in [k for k in self._claim_cache if k[:2] not in claims]:
                del self._claim_cache[k]
            self._list_cache = (key, resp)
            return resp

    def _pod_entry(self, pod: Mapping[str, Any], dynamic: bool) -> bytes:
        """``pod_resources`` (field 1) entry of the response, encoded."""
        md = pod.get("metadata") or {}
        uid = md.get("uid", "")
        key = (md.get("resourceVersion"), dynamic)
        hit = self._pod_cache.get(uid)
        if hit is not None and hit[0] == key:
            return hit[1]
        entry = _nested(b"\x0a", self._pod_bytes(pod, dynamic))
        if self.p.is_started(uid):
            self._pod_cache[uid] = (key, entry)
        return entry

    def Get(self, request: pb.GetPodResourcesRequest, context: grpc.ServicerContext
            ) -> pb.GetPodResourcesResponse:
        self.metrics.inc("pod_resources_endpoint_requests_total")
        self.metrics.inc("pod_resources_endpoint_requests_get")
        with self.p.lock:
            if not self.p.gate("KubeletPodResourcesGet"):
                self.metrics.inc("pod_resources_endpoint_errors_get")
                context.abort(grpc.StatusCode.UNKNOWN, GET_DISABLED_MESSAGE)
            pod = self.p.pod_by_name(request.pod_namespace, request.pod_name)
            if pod is None:
                self.metrics.inc("pod_resources_endpoint_errors_get")
                context.abort(grpc.StatusCode.UNKNOWN, f"pod {request.pod_name} in namespace "
                                                       f"{request.pod_namespace} not found")
            dynamic = (self.p.gate("DynamicResourceAllocation")
                       and self.p.gate("KubeletPodResourcesDynamicResources"))
            return pb.GetPodResourcesResponse(pod_resources=self._pod(pod, dynamic))

    def GetAllocatableResources(self, request: pb.AllocatableResourcesRequest,
                                context: grpc.ServicerContext
                                ) -> pb.AllocatableResourcesResponse:
        self.metrics.inc("pod_resources_endpoint_requests_total")
        self.metrics.inc("pod_resources_endpoint_requests_get_allocatable")
        with self.p.lock:
            devices = [pb.ContainerDevices(resource_name=res, device_ids=ids)
                       for res, ids in sorted(self.p.allocatable_plugin_devices().items())]
        return pb.AllocatableResourcesResponse(devices=devices)


class _RateLimitInterceptor(grpc.ServerInterceptor):
    """``LimiterUnaryServerInterceptor``: refuse before the handler when the bucket is empty."""

    def __init__(self, bucket: TokenBucket) -> None:
        self.bucket = bucket

        def reject(request: Any, context: grpc.ServicerContext) -> None:
            context.abort(grpc.StatusCode.RESOURCE_EXHAUSTED, LIMIT_EXCEEDED_MESSAGE)

        self._reject = grpc.unary_unary_rpc_method_handler(reject)

    def intercept_service(self, continuation: Callable, handler_call_details: Any) -> Any:
        if not self.bucket.allow():
            return self._reject
        return continuation(handler_call_details)


def _in_use(path: Path) -> bool:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(0.5)
    try:
        s.connect(str(path))
        return True
    except OSError:
        return False
    finally:
        s.close()


class PodResourcesServer:
    """A grpcio server for one kubelet on ``<state>/pod-resources/kubelet.sock``."""

    def __init__(self, state_dir: str | Path, provider: Provider, now: Callable[[], float]
                 ) -> None:
        self.socket_path = Path(state_dir) / "pod-resources" / SOCKET_NAME
        self.metrics = Metrics()
        self.servicer = PodResourcesServicer(provider, self.metrics)
        # upstream's limits are constants (podresources DefaultQPS/DefaultBurstTokens; the
        # kubelet has no option for them), so the bucket always has the defaults
        self.bucket = TokenBucket(now)
        self._server: grpc.Server | None = None

    @property
    def running(self) -> bool:
        return self._server is not None

    def start(self) -> None:
        path = self.socket_path
        if len(str(path).encode()) > MAX_UNIX_PATH:
            raise PodResourcesServerError(
                f"listen unix {path}: the path is longer than {MAX_UNIX_PATH} bytes, the limit "
                "for unix sockets; use a shorter state directory")
        path.parent.mkdir(parents=True, exist_ok=True)
        os.chmod(path.parent, 0o700)
        if path.exists() or path.is_symlink():
            mode = path.lstat().st_mode
            if not stat.S_ISSOCK(mode):
                raise PodResourcesServerError(
                    f"listen unix {path}: the path exists and is not a socket")
            if _in_use(path):
                raise PodResourcesServerError(
                    f"listen unix {path}: bind: address already in use (another PodResources "
                    "server answers on this socket)")
            path.unlink()  # a stale socket from a crashed kubelet (CreateListener does the same)
        server = grpc.server(ThreadPoolExecutor(max_workers=4, thread_name_prefix="podresources"),
                             interceptors=[_RateLimitInterceptor(self.bucket)],
                             options=[("grpc.so_reuseport", 0)])
        rpc.add_servicer(self.servicer, server)
        try:
            port = server.add_insecure_port(f"unix:{path}")
        except RuntimeError as e:
            raise PodResourcesServerError(f"listen unix {path}: {e}") from None
        if port == 0:  # older grpcio report failure this way
            raise PodResourcesServerError(f"listen unix {path}: bind failed")
        server.start()
        os.chmod(path, 0o600)
        self._server = server

    def stop(self) -> None:
        server, self._server = self._server, None
        if server is not None:
            server.stop(None).wait(5)
            try:
                if self.socket_path.exists() and stat.S_ISSOCK(self.socket_path.lstat().st_mode):
                    self.socket_path.unlink()
            except OSError:
                pass
