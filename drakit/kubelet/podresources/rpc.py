"""The gRPC glue for ``v1.PodResourcesLister``: method paths, a servicer hook-up and a stub.

Why hand-written instead of ``grpc_tools``' ``api_pb2_grpc.py``: that file only maps three
method paths to (de)serializers, but carries a hard ``grpcio >= <generator version>`` check;
these few lines do the same on any grpcio the project supports.
"""

from __future__ import annotations

from typing import Any

import grpc

from drakit.kubelet.podresources.gen import api_pb2 as pb

SERVICE = "v1.PodResourcesLister"

METHODS: dict[str, tuple[Any, Any]] = {
    "List": (pb.ListPodResourcesRequest, pb.ListPodResourcesResponse),
    "GetAllocatableResources": (pb.AllocatableResourcesRequest, pb.AllocatableResourcesResponse),
    "Get": (pb.GetPodResourcesRequest, pb.GetPodResourcesResponse),
}


def add_servicer(servicer: Any, server: grpc.Server) -> None:
    """Register ``servicer.List/GetAllocatableResources/Get`` (unary-unary) on ``server``."""
    handlers = {
        name: grpc.unary_unary_rpc_method_handler(
            getattr(servicer, name),
            request_deserializer=req.FromString,
            response_serializer=_serialize)
        for name, (req, resp) in METHODS.items()
    }
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE, handlers),))


def _serialize(message: Any) -> bytes:
    """Messages are encoded; bytes (an already encoded response) pass through."""
    return message if isinstance(message, bytes) else message.SerializeToString()


class PodResourcesListerStub:
    """Client stub: ``stub.List(request)`` etc., like the generated one."""

    def __init__(self, channel: grpc.Channel) -> None:
        for name, (req, resp) in METHODS.items():
            setattr(self, name, channel.unary_unary(
                f"/{SERVICE}/{name}", request_serializer=req.SerializeToString,
                response_deserializer=resp.FromString))
