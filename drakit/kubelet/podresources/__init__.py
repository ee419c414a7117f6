"""PodResources v1 over real gRPC on a unix socket (KEP-3695).

Why real gRPC rather than a Python call: the API's contract is the wire (message and field
numbers, status codes, the socket and its permissions), and node agents consume it with
generated clients. ``api.proto`` is drakit's own copy of the shipped service; ``gen/`` holds
the checked-in message module (see ``scripts/regen_podresources.py``), ``rpc.py`` the service glue, ``server.py``
the kubelet's server and ``client.py`` the client the harness and tests use.
"""
