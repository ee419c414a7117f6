@kep-3695 @component:kubelet @needs:node-access
Feature: KEP-3695 PodResources API with DRA, as a node agent reads it
  The kubelet's PodResources v1 gRPC service (unix socket <state>/pod-resources/kubelet.sock)
  reports, per container, the DRA claims it uses next to device-plugin devices. Expected
  answers follow the KEP's "Proposed API" and the shipped server (kubelet api.proto and
  k/k server_v1.go, see api-truth §5), written in protobuf's JSON mapping as grpcurl prints it.
  The test driver gpu.example.com names CDI devices gpu.example.com/gpu=<device>.
  Pods are bound by spec.nodeName and claims allocated through the API, as the scheduler would.

  Background:
    Given a cluster
    And a node "n1" with cpu "8", memory "32Gi", example.com/nic "2"
    And the objects:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: gpu-claim
      spec:
        devices:
          requests:
          - name: gpu
            exactly:
              deviceClassName: gpu.example.com
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: trainer
      spec:
        nodeName: n1
        resourceClaims:
        - name: gpu
          resourceClaimName: gpu-claim
        containers:
        - name: main
          image: registry.k8s.io/pause:3.10
          resources:
            claims:
            - name: gpu
            requests:
              example.com/nic: "1"
            limits:
              example.com/nic: "1"
        - name: logger
          image: registry.k8s.io/pause:3.10
      """
    And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
      | request | driver          | pool | device |
      | gpu     | gpu.example.com | n1   | gpu-3  |

  @req:3695-R01 @req:3695-R06
  Scenario: List shows claim, driver, pool, device and CDI names per container
    KEP-3695 "Proposed API": ContainerResources.dynamic_resources carries claim name and
    namespace and, per device, driver/pool/device and its CDI devices; a container that
    references no claim shows none.
    Then the Pod "trainer" has "status.phase" equal to Running
    When a node agent calls PodResources List on node "n1"
    Then the PodResources answer is:
      """
      podResources:
      - name: trainer
        namespace: ${namespace}
        containers:
        - name: main
          devices:
          - resourceName: example.com/nic
            deviceIds: [nic-0]
          dynamicResources:
          - claimName: gpu-claim
            claimNamespace: ${namespace}
            claimResources:
            - cdiDevices:
              - name: gpu.example.com/gpu=gpu-3
              driverName: gpu.example.com
              poolName: n1
              deviceName: gpu-3
        - name: logger
      """
    And in the PodResources answer the container "logger" of the Pod "trainer" has no dynamic resources

  @req:3695-R02
  Scenario: Get returns one pod's resources
    KEP-3695 "Proposed API": Get is a strict subset of List for one pod and namespace.
    When a node agent calls PodResources Get for the Pod "trainer" on node "n1"
    Then the PodResources answer contains:
      """
      podResources:
        name: trainer
        namespace: ${namespace}
        containers:
        - name: main
          dynamicResources:
          - claimName: gpu-claim
            claimResources:
            - driverName: gpu.example.com
              deviceName: gpu-3
        - name: logger
      """

  @req:3695-R02
  Scenario: Get for a pod the kubelet does not know is an error
    server_v1.go Get: "pod <name> in namespace <ns> not found", a plain error that a gRPC
    client sees with code Unknown (api-truth §5.3).
    When a node agent calls PodResources Get for the Pod "ghost" in namespace "elsewhere" on node "n1"
    Then the PodResources call fails with code "Unknown" and message "pod ghost in namespace elsewhere not found"

  # until 1.35: KubeletPodResourcesGet is GA and locked on from 1.36 (versioned gate table), so the gate cannot be off
  @req:3695-R03 @gate:KubeletPodResourcesGet @until:1.35
  Scenario: Get with KubeletPodResourcesGet off fails with its known message
    KEP-3695 "Feature Enablement": with the gate off the API returns a known error;
    server_v1.go: "PodResources API Get method disabled" (code Unknown), counted as a Get error.
    When the feature gate KubeletPodResourcesGet is disabled
    And a node agent calls PodResources Get for the Pod "trainer" on node "n1"
    Then the PodResources call fails with code "Unknown" and message "PodResources API Get method disabled"
    And the kubelet metric kubelet_pod_resources_endpoint_errors_get{server_api_version="v1"} on node "n1" is 1

  # until 1.35: KubeletPodResourcesDynamicResources is GA and locked on from 1.36 (versioned gate table), so the gate cannot be off
  @req:3695-R03 @gate:KubeletPodResourcesDynamicResources @until:1.35
  Scenario: With KubeletPodResourcesDynamicResources off DRA data is omitted, device-plugin data stays
    KEP-3695 "Feature Enablement": the gate only controls the DynamicResource field; List
    keeps reporting devices allocated by device plugins, without an error.
    When the feature gate KubeletPodResourcesDynamicResources is disabled
    And a node agent calls PodResources List on node "n1"
    Then the PodResources answer is:
      """
      podResources:
      - name: trainer
        namespace: ${namespace}
        containers:
        - name: main
          devices:
          - resourceName: example.com/nic
            deviceIds: [nic-0]
        - name: logger
      """

  @req:3695-R04
  Scenario: GetAllocatableResources carries no DRA data
    KEP-3695 "Non-Goals": GetAllocatableResources is not extended for DRA; it lists the
    device-plugin devices of the node, the same with or without allocated claims.
    When a node agent calls PodResources GetAllocatableResources on node "n1"
    Then the PodResources answer is:
      """
      devices:
      - resourceName: example.com/nic
        deviceIds: [nic-0, nic-1]
      """

  @req:3695-R05
  Scenario: After a kubelet restart the same DRA data is reported from the checkpoint
    KEP-3695 "Design Details": the DRAManager checkpoints its cache so PodResources is
    complete for running containers across kubelet restarts.
    When the kubelet on node "n1" restarts
    And a node agent calls PodResources List on node "n1"
    Then the PodResources answer contains:
      """
      podResources:
      - name: trainer
        containers:
        - name: main
          devices:
          - resourceName: example.com/nic
            deviceIds: [nic-0]
          dynamicResources:
          - claimName: gpu-claim
            claimResources:
            - cdiDevices:
              - name: gpu.example.com/gpu=gpu-3
              deviceName: gpu-3
        - name: logger
      """
    And the Pod "trainer" has "status.phase" equal to Running

  @req:3695-R06
  Scenario: Sidecars and regular containers are reported, plain init containers are not
    server_v1.go: restartable (sidecar) init containers first, then regular containers;
    non-restartable init containers are left out (api-truth §5.3, not in the KEP text).
    Given the objects:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: side-claim
      spec:
        devices:
          requests:
          - name: gpu
            exactly:
              deviceClassName: gpu.example.com
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: with-sidecar
      spec:
        nodeName: n1
        resourceClaims:
        - name: gpu
          resourceClaimName: side-claim
        initContainers:
        - name: setup
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: gpu}]
        - name: proxy
          image: registry.k8s.io/pause:3.10
          restartPolicy: Always
          resources:
            claims: [{name: gpu}]
        containers:
        - name: app
          image: registry.k8s.io/pause:3.10
      """
    And the ResourceClaim "side-claim" is allocated and reserved for the Pod "with-sidecar":
      | request | driver          | pool | device |
      | gpu     | gpu.example.com | n1   | gpu-4  |
    When a node agent calls PodResources Get for the Pod "with-sidecar" on node "n1"
    Then in the PodResources answer the containers of the Pod "with-sidecar" are "proxy" and "app"
    And in the PodResources answer the container "app" of the Pod "with-sidecar" has no dynamic resources
    And in the PodResources answer the container "proxy" of the Pod "with-sidecar" has:
      """
      name: proxy
      dynamicResources:
      - claimName: side-claim
        claimNamespace: ${namespace}
        claimResources:
        - cdiDevices:
          - name: gpu.example.com/gpu=gpu-4
          driverName: gpu.example.com
          poolName: n1
          deviceName: gpu-4
      """

  @req:3695-R06
  Scenario: Two containers sharing a claim both show it
    KEP-3695 "Proposed API": dynamic_resources is per container; a claim referenced by two
    containers is reported under each.
    Given the objects:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: shared-claim
      spec:
        devices:
          requests:
          - name: gpu
            exactly:
              deviceClassName: gpu.example.com
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: pair
      spec:
        nodeName: n1
        resourceClaims:
        - name: gpu
          resourceClaimName: shared-claim
        containers:
        - name: left
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: gpu}]
        - name: right
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: gpu}]
      """
    And the ResourceClaim "shared-claim" is allocated and reserved for the Pod "pair":
      | request | driver          | pool | device |
      | gpu     | gpu.example.com | n1   | gpu-5  |
    When a node agent calls PodResources Get for the Pod "pair" on node "n1"
    Then the PodResources answer contains:
      """
      podResources:
        name: pair
        containers:
        - name: left
          dynamicResources:
          - claimName: shared-claim
            claimResources: [{deviceName: gpu-5}]
        - name: right
          dynamicResources:
          - claimName: shared-claim
            claimResources: [{deviceName: gpu-5}]
      """

  @req:3695-R07
  Scenario: Too many requests are refused by the rate limit, then served again
    KEP-3695 "Risks and Mitigations": rate limiting; k/k podresources/grpc/ratelimit.go:
    token bucket, 100 QPS, burst 10, ResourceExhausted "rejected by rate limit".
    When a node agent calls PodResources List 12 times without pause on node "n1"
    Then 10 calls succeed and 2 fail with code "ResourceExhausted" and message "rejected by rate limit"
    When 1 second passes
    And a node agent calls PodResources List 10 times without pause on node "n1"
    Then 10 calls succeed and 0 fail with code "ResourceExhausted" and message "rejected by rate limit"

  @req:3695-R07
  Scenario: The socket is private to its owner
    KEP-3695 "Risks and Mitigations": the server listens on a root-owned unix socket.
    Then the PodResources socket on node "n1" has mode "0600"

  @req:3695-R08
  Scenario: Requests and errors are counted per endpoint
    KEP-3695 "Monitoring Requirements": pod_resources_endpoint_requests_{total,list,get} and
    the errors_get counter, exposed as kubelet_pod_resources_endpoint_* with the label
    server_api_version (k/k pkg/kubelet/metrics).
    When a node agent calls PodResources List on node "n1"
    And a node agent calls PodResources Get for the Pod "trainer" on node "n1"
    And a node agent calls PodResources Get for the Pod "ghost" on node "n1"
    And a node agent calls PodResources GetAllocatableResources on node "n1"
    Then the kubelet metric kubelet_pod_resources_endpoint_requests_total{server_api_version="v1"} on node "n1" is 4
    And the kubelet metric kubelet_pod_resources_endpoint_requests_list{server_api_version="v1"} on node "n1" is 1
    And the kubelet metric kubelet_pod_resources_endpoint_requests_get{server_api_version="v1"} on node "n1" is 2
    And the kubelet metric kubelet_pod_resources_endpoint_requests_get_allocatable{server_api_version="v1"} on node "n1" is 1
    And the kubelet metric kubelet_pod_resources_endpoint_errors_get{server_api_version="v1"} on node "n1" is 1
    And the kubelet on node "n1" exposes no series of kubelet_pod_resources_endpoint_errors_list

  @fault
  Scenario: A claim allocated from an unknown driver cannot be prepared; the pod stays Pending
    k/k kubelet cm/dra manager: every allocated driver must be registered ("DRA driver <d>
    is not registered"); SyncPod records FailedPrepareDynamicResources and retries.
    Given the objects:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: odd-claim
      spec:
        devices:
          requests:
          - name: dev
            exactly:
              deviceClassName: odd.example.com
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: odd
      spec:
        nodeName: n1
        resourceClaims:
        - name: dev
          resourceClaimName: odd-claim
        containers:
        - name: main
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: dev}]
      """
    And the ResourceClaim "odd-claim" is allocated and reserved for the Pod "odd":
      | request | driver          | pool | device |
      | dev     | odd.example.com | n1   | dev-0  |
    Then the kubelet recorded a Warning event "FailedPrepareDynamicResources" for the Pod "odd" with message:
      """
      Failed to prepare dynamic resources: prepare dynamic resources: DRA driver odd.example.com is not registered
      """
    And the Pod "odd" has "status.phase" equal to Pending
