"""A PodResources v1 client over the unix socket, answering in plain dicts.

Why dicts in protobuf's JSON mapping (``podResources``, ``dynamicResources``, ``cdiDevices``;
empty fields omitted; int64 as strings): that is what ``grpcurl`` and every JSON-speaking
node agent print, so a scenario's expected answer can be written the way a user would see
it. Errors keep the gRPC status: ``PodResourcesRPCError.code`` is the Go-style code name
(``Unknown``, ``ResourceExhausted``) and ``.message`` the status message.
"""

from __future__ import annotations

import stat
import threading
from pathlib import Path
from typing import Any

import grpc
from google.protobuf import json_format

from drakit.kubelet.podresources import rpc
from drakit.kubelet.podresources.gen import api_pb2 as pb


def go_code_name(code: grpc.StatusCode) -> str:
    """``RESOURCE_EXHAUSTED`` -> ``ResourceExhausted`` (google.golang.org/grpc/codes)."""
    return "".join(p.capitalize() for p in code.name.split("_"))


class PodResourcesRPCError(RuntimeError):
    def __init__(self, code: str, message: str) -> None:
        self.code = code
        self.message = message
        super().__init__(f"rpc error: code = {code} desc = {message}")


class PodResourcesClient:
    """``list()``, ``get(name, namespace)``, ``get_allocatable_resources()`` over the socket."""

    def __init__(self, socket_path: str | Path, timeout: float = 10.0) -> None:
        self.socket_path = Path(socket_path)
        self.timeout = timeout
        self._lock = threading.Lock()
        self._channel: grpc.Channel | None = None
        self._stub: rpc.PodResourcesListerStub | None = None

    def _get_stub(self) -> rpc.PodResourcesListerStub:
        with self._lock:
            if self._stub is None:
                self._channel = grpc.insecure_channel(f"unix:{self.socket_path}")
                self._stub = rpc.PodResourcesListerStub(self._channel)
            return self._stub

    def close(self) -> None:
        with self._lock:
            if self._channel is not None:
                self._channel.close()
            self._channel = None
            self._stub = None

    def __enter__(self) -> PodResourcesClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _call(self, method: str, request: Any) -> Any:
        fn = getattr(self._get_stub(), method)
        try:
            return fn(request, timeout=self.timeout)
        except grpc.RpcError as e:
            code = e.code() if hasattr(e, "code") else grpc.StatusCode.UNKNOWN
            details = e.details() if hasattr(e, "details") else str(e)
            raise PodResourcesRPCError(go_code_name(code), details or "") from None

    # -- raw messages (for benchmarks and tests that want protobuf) -------------------
    def list_message(self) -> pb.ListPodResourcesResponse:
        return self._call("List", pb.ListPodResourcesRequest())

    def get_message(self, name: str, namespace: str = "default") -> pb.GetPodResourcesResponse:
        return self._call("Get", pb.GetPodResourcesRequest(pod_name=name, pod_namespace=namespace))

    def allocatable_message(self) -> pb.AllocatableResourcesResponse:
        return self._call("GetAllocatableResources", pb.AllocatableResourcesRequest())

    # -- dicts ------------------------------------------------------------------------
    def list(self) -> dict:
        return json_format.MessageToDict(self.list_message())

    def get(self, name: str, namespace: str = "default") -> dict:
        return json_format.MessageToDict(self.get_message(name, namespace))

    def get_allocatable_resources(self) -> dict:
        return json_format.MessageToDict(self.allocatable_message())

    def socket_mode(self) -> str:
        """The socket's permission bits as octal text, e.g. ``"0600"``."""
        return f"{stat.S_IMODE(self.socket_path.stat().st_mode):04o}"
