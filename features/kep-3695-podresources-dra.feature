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

  @req:3695-R01 @req:3695-R06 @clause:3695-R01/dynamic-resource-field @clause:3695-R01/claim-name-and-namespace @clause:3695-R01/driver-pool-device @clause:3695-R01/cdi-devices @clause:3695-R06/no-claim-no-dynamic @kep-test:list-with-dra-and-device-plugin
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

  # since 1.35: ClaimResource.share_id is new in 1.35 (kubelet commit 5aff898)
  @req:3695-R01 @clause:3695-R01/share-id @gate:DRAConsumableCapacity @since:1.35
  Scenario: A device the claim holds a share of is listed with the share's ID
    With consumable capacity (KEP-5075) several claims may hold shares of one device; the
    allocation result names the share (shareID) and, from 1.35, the kubelet reports it in
    ClaimResource.share_id (kubelet commit 5aff898, api-truth §5.2). The share ID here is
    written by the scenario, as a scheduler would write a fresh one. The kubelet keeps it in
    its DRA checkpoint (k/k pkg/kubelet/cm/dra/state Device.ShareID), so a restarted kubelet,
    which restores prepared claims from the checkpoint, still reports it.
    Given the feature gate DRAConsumableCapacity is enabled
    And the objects:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: slice-of-gpu
      spec:
        devices:
          requests:
          - name: share
            exactly:
              deviceClassName: gpu.example.com
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: tenant
      spec:
        nodeName: n1
        resourceClaims:
        - name: share
          resourceClaimName: slice-of-gpu
        containers:
        - name: main
          image: registry.k8s.io/pause:3.10
          resources:
            claims:
            - name: share
      """
    And the ResourceClaim "slice-of-gpu" is allocated and reserved for the Pod "tenant":
      | request | driver          | pool | device | shareID                              |
      | share   | gpu.example.com | n1   | gpu-5  | 6f1c3e5a-9b2d-4c8e-8f4a-2d7e1b0c9a31 |
    Then the Pod "tenant" has "status.phase" equal to Running
    When a node agent calls PodResources Get for the Pod "tenant" on node "n1"
    Then the PodResources answer is:
      """
      podResources:
        name: tenant
        namespace: ${namespace}
        containers:
        - name: main
          dynamicResources:
          - claimName: slice-of-gpu
            claimNamespace: ${namespace}
            claimResources:
            - cdiDevices:
              - name: gpu.example.com/gpu=gpu-5
              driverName: gpu.example.com
              poolName: n1
              deviceName: gpu-5
              shareId: 6f1c3e5a-9b2d-4c8e-8f4a-2d7e1b0c9a31
      """
    When the kubelet on node "n1" restarts
    And a node agent calls PodResources Get for the Pod "tenant" on node "n1"
    Then in the PodResources answer the container "main" of the Pod "tenant" has:
      """
      name: main
      dynamicResources:
      - claimName: slice-of-gpu
        claimNamespace: ${namespace}
        claimResources:
        - cdiDevices:
          - name: gpu.example.com/gpu=gpu-5
          driverName: gpu.example.com
          poolName: n1
          deviceName: gpu-5
          shareId: 6f1c3e5a-9b2d-4c8e-8f4a-2d7e1b0c9a31
      """

  @req:3695-R01 @clause:3695-R01/share-id @gate:DRAConsumableCapacity @version:1.34
  Scenario: A 1.34 kubelet lists a shared device without a share ID
    ClaimResource.share_id arrived in 1.35; the 1.34 proto has no field 5, so the same share
    is listed by driver, pool and device only.
    Given the feature gate DRAConsumableCapacity is enabled
    And the objects:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: slice-of-gpu
      spec:
        devices:
          requests:
          - name: share
            exactly:
              deviceClassName: gpu.example.com
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: tenant
      spec:
        nodeName: n1
        resourceClaims:
        - name: share
          resourceClaimName: slice-of-gpu
        containers:
        - name: main
          image: registry.k8s.io/pause:3.10
          resources:
            claims:
            - name: share
      """
    And the ResourceClaim "slice-of-gpu" is allocated and reserved for the Pod "tenant":
      | request | driver          | pool | device | shareID                              |
      | share   | gpu.example.com | n1   | gpu-5  | 6f1c3e5a-9b2d-4c8e-8f4a-2d7e1b0c9a31 |
    Then the Pod "tenant" has "status.phase" equal to Running
    When a node agent calls PodResources Get for the Pod "tenant" on node "n1"
    Then the PodResources answer is:
      """
      podResources:
        name: tenant
        namespace: ${namespace}
        containers:
        - name: main
          dynamicResources:
          - claimName: slice-of-gpu
            claimNamespace: ${namespace}
            claimResources:
            - cdiDevices:
              - name: gpu.example.com/gpu=gpu-5
              driverName: gpu.example.com
              poolName: n1
              deviceName: gpu-5
      """

  @req:3695-R02 @clause:3695-R02/strict-subset @clause:3695-R02/dra-and-device-plugin @kep-test:get-with-dra-and-device-plugin
  Scenario: Get returns one pod's resources
    KEP-3695 "Proposed API": Get is a strict subset of List for one pod and namespace; with
    every gate on it reports device-plugin devices and DRA resources alike ("Feature
    Enablement": "the Get() method will also retrieve the resources allocated via DRA").
    When a node agent calls PodResources Get for the Pod "trainer" on node "n1"
    Then the PodResources answer is:
      """
      podResources:
        name: trainer
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

  @req:3695-R01 @req:3695-R02 @clause:3695-R01/claim-name-and-namespace @clause:3695-R02/strict-subset
  Scenario: Two pods of the same name in two namespaces, each with a claim of the same name: Get answers each with its own devices
    KEP-3695 "Proposed API": Get names a pod and its namespace; a node may run pods of the
    same name in different namespaces, and their claims may share a name too (claims are
    namespaced). Each answer is the named pod's own: its own device-plugin device and its own
    claim, in its namespace, also after the other pod was asked for first.
    Then the Pod "trainer" has "status.phase" equal to Running
    When a node agent calls PodResources Get for the Pod "trainer" on node "n1"
    Then the PodResources answer contains:
      """
      podResources:
        name: trainer
        namespace: ${namespace}
        containers:
        - name: main
          devices:
          - {resourceName: example.com/nic, deviceIds: [nic-0]}
          dynamicResources:
          - claimName: gpu-claim
            claimNamespace: ${namespace}
            claimResources: [{deviceName: gpu-3}]
        - name: logger
      """
    When I apply:
      """
      apiVersion: v1
      kind: Namespace
      metadata: {name: team-b}
      """
    And I work in the namespace "team-b"
    And I apply:
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
      """
    And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
      | request | driver          | pool | device |
      | gpu     | gpu.example.com | n1   | gpu-5  |
    Then the Pod "trainer" has "status.phase" equal to Running
    And the container "main" of the Pod "trainer" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-5"
    When a node agent calls PodResources Get for the Pod "trainer" on node "n1"
    Then the PodResources answer is:
      """
      podResources:
        name: trainer
        namespace: ${namespace}
        containers:
        - name: main
          devices:
          - resourceName: example.com/nic
            deviceIds: [nic-1]
          dynamicResources:
          - claimName: gpu-claim
            claimNamespace: ${namespace}
            claimResources:
            - cdiDevices:
              - name: gpu.example.com/gpu=gpu-5
              driverName: gpu.example.com
              poolName: n1
              deviceName: gpu-5
      """
    When I work in the scenario namespace
    And a node agent calls PodResources Get for the Pod "trainer" on node "n1"
    Then the PodResources answer is:
      """
      podResources:
        name: trainer
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

  @req:3695-R02 @clause:3695-R02/unknown-pod-error
  Scenario: Get for a pod the kubelet does not know is an error
    server_v1.go Get: "pod <name> in namespace <ns> not found", a plain error that a gRPC
    client sees with code Unknown (api-truth §5.3).
    When a node agent calls PodResources Get for the Pod "ghost" in namespace "elsewhere" on node "n1"
    Then the PodResources call fails with code "Unknown" and message "pod ghost in namespace elsewhere not found"

  # until 1.35: KubeletPodResourcesGet is GA and locked on from 1.36 (versioned gate table), so the gate cannot be off
  @req:3695-R03 @gate:KubeletPodResourcesGet @until:1.35 @clause:3695-R03/get-disabled-error @req:3695-R08 @clause:3695-R08/errors-get @kep-test:feature-gate-enable-disable
  Scenario: Get with KubeletPodResourcesGet off fails with its known message
    KEP-3695 "Feature Enablement": with the gate off the API returns a known error;
    server_v1.go: "PodResources API Get method disabled" (code Unknown), counted as a Get error.
    When the feature gate KubeletPodResourcesGet is disabled
    And a node agent calls PodResources Get for the Pod "trainer" on node "n1"
    Then the PodResources call fails with code "Unknown" and message "PodResources API Get method disabled"
    And the kubelet metric kubelet_pod_resources_endpoint_errors_get{server_api_version="v1"} on node "n1" is 1

  # until 1.35: KubeletPodResourcesDynamicResources is GA and locked on from 1.36 (versioned gate table), so the gate cannot be off
  @req:3695-R03 @gate:KubeletPodResourcesDynamicResources @until:1.35 @clause:3695-R03/dynamic-off-omits @kep-test:feature-gate-enable-disable
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

  @req:3695-R04 @clause:3695-R04/no-dra-capacity
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

  @req:3695-R04 @clause:3695-R04/extended-names-only
  Scenario Outline: GetAllocatableResources lists no resource of the kubernetes.io domain as plugin devices: <resource>
    The devices GetAllocatableResources lists are those of registered device plugins, and the
    device manager refuses a plugin whose resource name is not an extended resource name
    (k/k pkg/kubelet/cm/devicemanager/plugin/v1beta1/server.go Register,
    v1helper.IsExtendedResourceName: nothing under kubernetes.io). The API server does not
    check the names of a Node's allocatable (k/k validation.go ValidateNodeResources checks
    only the quantities), so a node can carry such a resource; it is no plugin's. Native is
    any name containing "kubernetes.io/" (IsPrefixedNativeResource tests a substring), so a
    domain that only ends in "kubernetes.io" is native too.
    Given a node "n2" with cpu "8", memory "32Gi", example.com/nic "1", <resource> "2"
    When a node agent calls PodResources GetAllocatableResources on node "n2"
    Then the PodResources answer is:
      """
      devices:
      - resourceName: example.com/nic
        deviceIds: [nic-0]
      """

    Examples:
      | resource                     |
      | example.kubernetes.io/widget |
      | examplekubernetes.io/widget  |

  @req:3695-R05 @clause:3695-R05/checkpointed @clause:3695-R05/complete-for-running-containers
  Scenario Outline: After a kubelet <restart> the same DRA data is reported from the checkpoint
    KEP-3695 "Design Details": the DRAManager checkpoints its cache so PodResources is
    complete for running containers across kubelet restarts. A kubelet that crashed left its
    socket file behind; the new one unlinks it before it listens (pkg/kubelet/util
    CreateListener: "Unlink to cleanup the previous socket file").
    When the kubelet on node "n1" <step>
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

    Examples:
      | restart | step                    |
      | restart | restarts                |
      | crash   | crashes and starts again |

  @req:3695-R06 @clause:3695-R06/sidecars-then-regular @clause:3695-R06/plain-init-omitted @clause:3695-R06/no-claim-no-dynamic
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

  @req:3695-R06 @clause:3695-R06/device-plugin-per-container
  Scenario: A container after a plain init container reuses its device-plugin device and gets what it asks
    kubelet devicemanager (manager.go devicesToAllocate): the devices a plain init container
    had are reused first by the containers after it, and a container gets as many devices as
    it requests, no more, and a container that asks for none gets no entry (devicesToAllocate:
    "No change, no work"); List and Get report them per container (server_v1.go). Which free
    device the device manager picks is its choice, so the count is pinned, not the IDs.
    Given a node "n2" with cpu "8", memory "32Gi", example.com/nic "3"
    And the objects:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: reuser
      spec:
        nodeName: n2
        initContainers:
        - name: setup
          image: registry.k8s.io/pause:3.10
          resources:
            requests: {example.com/nic: "1"}
            limits: {example.com/nic: "1"}
        containers:
        - name: app
          image: registry.k8s.io/pause:3.10
          resources:
            requests: {example.com/nic: "2"}
            limits: {example.com/nic: "2"}
        - name: idle
          image: registry.k8s.io/pause:3.10
          resources:
            requests: {example.com/nic: "0"}
            limits: {example.com/nic: "0"}
      """
    Then the Pod "reuser" has "status.phase" equal to Running
    When a node agent calls PodResources Get for the Pod "reuser" on node "n2"
    Then in the PodResources answer the containers of the Pod "reuser" are "app" and "idle"
    And in the PodResources answer the container "app" of the Pod "reuser" has 2 devices of "example.com/nic"
    And in the PodResources answer the container "idle" of the Pod "reuser" has:
      """
      name: idle
      """

  @req:3695-R06 @clause:3695-R06/device-plugin-per-container
  Scenario: A sidecar init container keeps its device-plugin device; the container after it gets another
    kubelet devicemanager (manager.go Allocate): the devices of a plain init container are
    reused by the containers after it, but a restartable (sidecar) init container runs beside
    them and keeps its own (removeContainerAllocatedResources takes them out of the reusable
    set). So "pair" holds both nics, and a pod asking for one more is refused by the device
    manager, before the predicates.
    Given a node "n2" with cpu "8", memory "32Gi", example.com/nic "2"
    And the objects:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: pair
      spec:
        nodeName: n2
        initContainers:
        - name: sidecar
          image: registry.k8s.io/pause:3.10
          restartPolicy: Always
          resources:
            requests: {example.com/nic: "1"}
            limits: {example.com/nic: "1"}
        containers:
        - name: app
          image: registry.k8s.io/pause:3.10
          resources:
            requests: {example.com/nic: "1"}
            limits: {example.com/nic: "1"}
      """
    Then the Pod "pair" has "status.phase" equal to Running
    When I apply:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: late
      spec:
        nodeName: n2
        containers:
        - name: app
          image: registry.k8s.io/pause:3.10
          resources:
            requests: {example.com/nic: "1"}
            limits: {example.com/nic: "1"}
      """
    Then the Pod "late" contains:
      """
      status:
        phase: Failed
        reason: UnexpectedAdmissionError
        message: "Pod was rejected: Allocate failed due to requested number of devices unavailable for example.com/nic. Requested: 1, Available: 0, which is unexpected"
      """

  @req:3695-R06 @clause:3695-R06/device-plugin-per-container
  Scenario: A container asking for none of one device-plugin resource still gets its devices of another
    kubelet devicemanager (manager.go allocateContainerResources, devicesToAllocate): each
    device-plugin resource of a container is allocated on its own; one asked for with 0 needs
    no devices ("No change, no work") and the container's other resources are allocated all
    the same. Get reports the container's devices of the other resource only (server_v1.go).
    Given a node "n2" with cpu "8", memory "32Gi", example.com/fpga "1", example.com/nic "2"
    And the objects:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: mixed
      spec:
        nodeName: n2
        containers:
        - name: app
          image: registry.k8s.io/pause:3.10
          resources:
            requests: {example.com/fpga: "0", example.com/nic: "1"}
            limits: {example.com/fpga: "0", example.com/nic: "1"}
      """
    Then the Pod "mixed" has "status.phase" equal to Running
    When a node agent calls PodResources Get for the Pod "mixed" on node "n2"
    Then in the PodResources answer the container "app" of the Pod "mixed" has 1 device of "example.com/nic"
    And in the PodResources answer the container "app" of the Pod "mixed" has 0 devices of "example.com/fpga"

  @req:3695-R06 @clause:3695-R06/shared-claim-each
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

  @req:3695-R06 @clause:3695-R06/shared-claim-two-pods
  Scenario: A container with a claim another pod shares and a claim of its own is reported with both
    GetContainerClaimInfos returns every claim the container names, in the pod's order: the
    shared claim (already reported for the pod listed before) and the container's own claim
    after it.
    Given the objects:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata: {name: shared-claim}
      spec:
        devices:
          requests:
          - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
      ---
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata: {name: own-claim}
      spec:
        devices:
          requests:
          - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
      ---
      apiVersion: v1
      kind: Pod
      metadata: {name: first}
      spec:
        nodeName: n1
        resourceClaims:
        - {name: gpu, resourceClaimName: shared-claim}
        containers:
        - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
      """
    And the ResourceClaim "shared-claim" is allocated and reserved for the Pod "first":
      | request | driver          | pool | device |
      | gpu     | gpu.example.com | n1   | gpu-2  |
    Then the Pod "first" has "status.phase" equal to Running
    When I apply:
      """
      apiVersion: v1
      kind: Pod
      metadata: {name: second}
      spec:
        nodeName: n1
        resourceClaims:
        - {name: shared, resourceClaimName: shared-claim}
        - {name: own, resourceClaimName: own-claim}
        containers:
        - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: shared}, {name: own}]}}
      """
    And the ResourceClaim "shared-claim" is allocated and reserved for the Pods "first" and "second":
      | request | driver          | pool | device |
      | gpu     | gpu.example.com | n1   | gpu-2  |
    And the ResourceClaim "own-claim" is allocated and reserved for the Pod "second":
      | request | driver          | pool | device |
      | gpu     | gpu.example.com | n1   | gpu-4  |
    Then the Pod "second" has "status.phase" equal to Running
    When a node agent calls PodResources List on node "n1"
    Then in the PodResources answer the container "main" of the Pod "second" has:
      """
      name: main
      dynamicResources:
      - claimName: shared-claim
        claimNamespace: ${namespace}
        claimResources:
        - cdiDevices:
          - name: gpu.example.com/gpu=gpu-2
          driverName: gpu.example.com
          poolName: n1
          deviceName: gpu-2
      - claimName: own-claim
        claimNamespace: ${namespace}
        claimResources:
        - cdiDevices:
          - name: gpu.example.com/gpu=gpu-4
          driverName: gpu.example.com
          poolName: n1
          deviceName: gpu-4
      """

  @req:3695-R06 @clause:3695-R06/shared-claim-two-pods
  Scenario: A claim two pods share is reported under each, and under the one left after the other went
    The kubelet's claim info records every pod that uses the claim (k/k pkg/kubelet/cm/dra
    claiminfo.go PodUIDs): a deleted pod drops its own reference only, so the claim stays
    prepared and reported for the pod still using it (the background's pod "trainer" is
    listed beside them).
    Given the objects:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata: {name: shared-claim}
      spec:
        devices:
          requests:
          - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
      ---
      apiVersion: v1
      kind: Pod
      metadata: {name: first}
      spec:
        nodeName: n1
        resourceClaims:
        - {name: gpu, resourceClaimName: shared-claim}
        containers:
        - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
      ---
      apiVersion: v1
      kind: Pod
      metadata: {name: second}
      spec:
        nodeName: n1
        resourceClaims:
        - {name: gpu, resourceClaimName: shared-claim}
        containers:
        - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
      """
    And the ResourceClaim "shared-claim" is allocated and reserved for the Pods "first" and "second":
      | request | driver          | pool | device |
      | gpu     | gpu.example.com | n1   | gpu-2  |
    Then the Pod "first" has "status.phase" equal to Running
    And the Pod "second" has "status.phase" equal to Running
    When a node agent calls PodResources List on node "n1"
    Then the PodResources answer is:
      """
      podResources:
      - name: first
        namespace: ${namespace}
        containers:
        - name: main
          dynamicResources:
          - claimName: shared-claim
            claimNamespace: ${namespace}
            claimResources:
            - cdiDevices:
              - name: gpu.example.com/gpu=gpu-2
              driverName: gpu.example.com
              poolName: n1
              deviceName: gpu-2
      - name: second
        namespace: ${namespace}
        containers:
        - name: main
          dynamicResources:
          - claimName: shared-claim
            claimNamespace: ${namespace}
            claimResources:
            - cdiDevices:
              - name: gpu.example.com/gpu=gpu-2
              driverName: gpu.example.com
              poolName: n1
              deviceName: gpu-2
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
    When I delete the Pod "first"
    And a node agent calls PodResources List on node "n1"
    Then the PodResources answer is:
      """
      podResources:
      - name: second
        namespace: ${namespace}
        containers:
        - name: main
          dynamicResources:
          - claimName: shared-claim
            claimNamespace: ${namespace}
            claimResources:
            - cdiDevices:
              - name: gpu.example.com/gpu=gpu-2
              driverName: gpu.example.com
              poolName: n1
              deviceName: gpu-2
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

  @req:3695-R06 @clause:3695-R06/own-claims-only
  Scenario: Two containers with a claim each: each is reported with its own claim only
    k/k pkg/kubelet/cm/dra/manager.go GetContainerClaimInfos matches the pod's claims to the
    container's resources.claims by name and skips the others, so a container is reported
    with the claims it names and not the pod's other claims; GetResources does the same for
    the CDI devices the runtime gets.
    Given the objects:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: claim-a
      spec:
        devices:
          requests:
          - name: gpu
            exactly:
              deviceClassName: gpu.example.com
      ---
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: claim-b
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
        name: apart
      spec:
        nodeName: n1
        resourceClaims:
        - name: a
          resourceClaimName: claim-a
        - name: b
          resourceClaimName: claim-b
        containers:
        - name: left
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: a}]
        - name: right
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: b}]
      """
    And the ResourceClaim "claim-a" is allocated and reserved for the Pod "apart":
      | request | driver          | pool | device |
      | gpu     | gpu.example.com | n1   | gpu-6  |
    And the ResourceClaim "claim-b" is allocated and reserved for the Pod "apart":
      | request | driver          | pool | device |
      | gpu     | gpu.example.com | n1   | gpu-7  |
    Then the container "left" of the Pod "apart" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-6"
    And the container "right" of the Pod "apart" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-7"
    When a node agent calls PodResources Get for the Pod "apart" on node "n1"
    Then the PodResources answer is:
      """
      podResources:
        name: apart
        namespace: ${namespace}
        containers:
        - name: left
          dynamicResources:
          - claimName: claim-a
            claimNamespace: ${namespace}
            claimResources:
            - cdiDevices:
              - name: gpu.example.com/gpu=gpu-6
              driverName: gpu.example.com
              poolName: n1
              deviceName: gpu-6
        - name: right
          dynamicResources:
          - claimName: claim-b
            claimNamespace: ${namespace}
            claimResources:
            - cdiDevices:
              - name: gpu.example.com/gpu=gpu-7
              driverName: gpu.example.com
              poolName: n1
              deviceName: gpu-7
      """

  @req:3695-R07 @clause:3695-R07/rate-limit
  Scenario: Too many requests are refused by the rate limit, then served again
    KEP-3695 "Risks and Mitigations": rate limiting; k/k podresources/grpc/ratelimit.go:
    token bucket, 100 QPS, burst 10, ResourceExhausted "rejected by rate limit".
    When a node agent calls PodResources List 12 times without pause on node "n1"
    Then 10 calls succeed and 2 fail with code "ResourceExhausted" and message "rejected by rate limit"
    When 1 second passes
    And a node agent calls PodResources List 10 times without pause on node "n1"
    Then 10 calls succeed and 0 fail with code "ResourceExhausted" and message "rejected by rate limit"

  @req:3695-R07 @clause:3695-R07/rate-limit @needs:logical-clock
  Scenario: The rate limit refills by fractions of a token
    golang.org/x/time/rate (what podresources/grpc/ratelimit.go builds on) keeps fractional
    tokens: 15 ms at 100 QPS give 1.5 tokens, one call's worth and half of the next, so of two
    calls right after, one is served and one refused; 5 ms more complete the second token.
    A wall clock cannot place the calls this exactly: reference only.
    When a node agent calls PodResources List 10 times without pause on node "n1"
    Then 10 calls succeed and 0 fail with code "ResourceExhausted" and message "rejected by rate limit"
    When 0.015 seconds pass
    And a node agent calls PodResources List 2 times without pause on node "n1"
    Then 1 calls succeed and 1 fail with code "ResourceExhausted" and message "rejected by rate limit"
    When 0.005 seconds pass
    And a node agent calls PodResources List 2 times without pause on node "n1"
    Then 1 calls succeed and 1 fail with code "ResourceExhausted" and message "rejected by rate limit"

  @req:3695-R07 @clause:3695-R07/private-socket
  Scenario: The socket is private to its owner
    KEP-3695 "Risks and Mitigations": the server listens on a root-owned unix socket.
    Then the PodResources socket on node "n1" has mode "0600"

  @req:3695-R08 @clause:3695-R08/request-counters @clause:3695-R08/errors-get
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

  @req:3695-R08 @clause:3695-R08/request-counters
  Scenario: The counters of every node's kubelet add up in one cluster-wide scrape
    KEP-3695 "Monitoring Requirements": each kubelet counts the calls to its own server
    (k/k pkg/kubelet/metrics, PodResourcesEndpointRequestsTotalCount and friends); a
    cluster-wide query sums the kubelets' series (sum without(instance)), which is what
    drakit serve's one /metrics shows.
    Given a node "n2" with cpu "8", memory "32Gi"
    When a node agent calls PodResources List on node "n1"
    And a node agent calls PodResources List on node "n2"
    And a node agent calls PodResources GetAllocatableResources on node "n2"
    Then the metric kubelet_pod_resources_endpoint_requests_list{server_api_version="v1"} is 2
    And the metric kubelet_pod_resources_endpoint_requests_total{server_api_version="v1"} is 3
    And the metric kubelet_pod_resources_endpoint_requests_get_allocatable{server_api_version="v1"} is 1

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

  # since 1.35: the kubelet of n1 is pinned to 1.35, the last release whose KubeletPodResourcesGet can be off (GA and locked from 1.36); a 1.34 API server cannot run a newer kubelet (version skew policy)
  @req:3695-R03 @gate:KubeletPodResourcesGet @since:1.35 @clause:3695-R03/kubelet-only @clause:3695-R03/get-disabled-error @clause:3695-R03/reenable @kep-test:feature-gate-enable-disable
  Scenario: KubeletPodResourcesGet belongs to each kubelet: off on one node, on on another, then on again
    KEP-3695 "Feature Enablement and Rollback": KubeletPodResourcesGet is a kubelet gate
    ("Components depending on the feature gate: kubelet, 3rd party consumers"); off, Get
    returns the known error while List keeps working; re-enabled, "The API becomes available
    again. The API is stateless, so no recovery is needed". The kubelet of n1 runs 1.35 next
    to a control plane of the scenario's release (kubelets may trail kube-apiserver by three
    minor releases); the kubelet of n2 keeps the gate on and answers Get (here: for a pod it
    does not have).
    Given a node "n2" with cpu "8", memory "32Gi"
    And the kubelet on node "n1" runs Kubernetes 1.35
    When the kubelet on node "n1" restarts with the feature gate KubeletPodResourcesGet disabled
    And a node agent calls PodResources Get for the Pod "trainer" on node "n1"
    Then the PodResources call fails with code "Unknown" and message "PodResources API Get method disabled"
    When a node agent calls PodResources List on node "n1"
    Then the PodResources answer contains:
      """
      podResources:
      - name: trainer
        containers:
        - name: main
          dynamicResources:
          - claimName: gpu-claim
            claimResources: [{deviceName: gpu-3}]
        - name: logger
      """
    When a node agent calls PodResources Get for the Pod "trainer" in namespace "elsewhere" on node "n2"
    Then the PodResources call fails with code "Unknown" and message "pod trainer in namespace elsewhere not found"
    When the kubelet on node "n1" restarts with the feature gate KubeletPodResourcesGet enabled
    And a node agent calls PodResources Get for the Pod "trainer" on node "n1"
    Then the PodResources answer contains:
      """
      podResources:
        name: trainer
        containers:
        - name: main
          devices:
          - resourceName: example.com/nic
            deviceIds: [nic-0]
          dynamicResources:
          - claimName: gpu-claim
            claimResources: [{deviceName: gpu-3}]
        - name: logger
      """

  # since 1.35: the kubelet of n1 is pinned to 1.35, the last release whose KubeletPodResourcesDynamicResources can be off (GA and locked from 1.36); a 1.34 API server cannot run a newer kubelet (version skew policy)
  @req:3695-R03 @gate:KubeletPodResourcesDynamicResources @since:1.35 @clause:3695-R03/kubelet-only @clause:3695-R03/dynamic-off-omits @clause:3695-R03/reenable @kep-test:feature-gate-enable-disable
  Scenario: KubeletPodResourcesDynamicResources off on the kubelet only, then re-enabled: DRA data goes and comes back
    KEP-3695 "Feature Enablement and Rollback": the gate only decides whether List and Get
    populate DynamicResource from the DRA manager, in the kubelet alone; off, the device-plugin
    data stays and nothing fails; re-enabled, the same DRA data is reported again (the API
    is stateless; the DRA manager's checkpoint kept the claim). The kubelet runs 1.35 next to
    the scenario's control plane.
    Given the kubelet on node "n1" runs Kubernetes 1.35
    When the kubelet on node "n1" restarts with the feature gate KubeletPodResourcesDynamicResources disabled
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
    And the Pod "trainer" has "status.phase" equal to Running
    When the kubelet on node "n1" restarts with the feature gate KubeletPodResourcesDynamicResources enabled
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

  @req:3695-R03 @gate:DynamicResourceAllocation @clause:3695-R03/dra-off-omits @clause:3695-R03/kubelet-only @clause:3695-R03/reenable @kep-test:feature-gate-enable-disable
  Scenario: Get on a kubelet with DynamicResourceAllocation off reports the device-plugin data only
    KEP-3695 "Feature Enablement and Rollback": "In case DynamicResourceAllocation or the
    KubeletPodResourcesDynamicResources are disabled and KubeletPodResourcesGet is enabled,
    the Get method will retrieve resources allocated by device plugins, memory and cpus (but
    omit those allocated by DRA resource drivers)". As shipped, GetDynamicResources answers
    nothing without DynamicResourceAllocation (k/k pkg/kubelet/cm/container_manager_linux.go).
    The gate is GA and locked on from 1.35, so the kubelet of n1 runs 1.34: three minor
    releases behind a 1.37 control plane is the most the version skew policy allows. The pod
    keeps running; with the gate on again the DRA manager's checkpoint gives the data back.
    Given the kubelet on node "n1" runs Kubernetes 1.34
    When the kubelet on node "n1" restarts with the feature gate DynamicResourceAllocation disabled
    And a node agent calls PodResources Get for the Pod "trainer" on node "n1"
    Then the PodResources answer is:
      """
      podResources:
        name: trainer
        namespace: ${namespace}
        containers:
        - name: main
          devices:
          - resourceName: example.com/nic
            deviceIds: [nic-0]
        - name: logger
      """
    And the Pod "trainer" has "status.phase" equal to Running
    When the kubelet on node "n1" restarts with the feature gate DynamicResourceAllocation enabled
    And a node agent calls PodResources Get for the Pod "trainer" on node "n1"
    Then the PodResources answer contains:
      """
      podResources:
        name: trainer
        containers:
        - name: main
          dynamicResources:
          - claimName: gpu-claim
            claimResources:
            - cdiDevices: [{name: gpu.example.com/gpu=gpu-3}]
              deviceName: gpu-3
        - name: logger
      """

  @req:3695-R03 @gate:DynamicResourceAllocation @clause:3695-R03/dra-off-omits @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/no-dra-manager-no-prepare @needs:driver-control
  Scenario: A kubelet with DynamicResourceAllocation off starts a new pod without preparing its claim
    Without the gate the kubelet builds no DRA manager (k/k pkg/kubelet/cm
    container_manager_linux.go NewContainerManager), so PrepareDynamicResources does nothing
    and GetResources adds no CDI devices: a pod bound to the node starts with its claim
    unprepared, its container gets no devices, and Get reports no dynamic resources. The
    driver would refuse to prepare the claim; it is never asked. The gate is GA and locked on
    from 1.35, so the kubelet of n1 runs 1.34 (version skew policy).
    Given the kubelet on node "n1" runs Kubernetes 1.34
    And the DRA driver "gpu.example.com" on node "n1" fails NodePrepareResources with "gpu-4 is not healthy"
    When the kubelet on node "n1" restarts with the feature gate DynamicResourceAllocation disabled
    And I apply:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: late-claim
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
        name: late
      spec:
        nodeName: n1
        resourceClaims:
        - name: gpu
          resourceClaimName: late-claim
        containers:
        - name: main
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: gpu}]
      """
    And the ResourceClaim "late-claim" is allocated and reserved for the Pod "late":
      | request | driver          | pool | device |
      | gpu     | gpu.example.com | n1   | gpu-4  |
    Then the Pod "late" has "status.phase" equal to Running
    And the container "main" of the Pod "late" on node "n1" gets no CDI devices
    When a node agent calls PodResources Get for the Pod "late" on node "n1"
    Then the PodResources answer is:
      """
      podResources:
        name: late
        namespace: ${namespace}
        containers:
        - name: main
      """

  @req:3695-R01 @clause:3695-R01/whole-claim @clause:3695-R01/claim-name-and-namespace
  Scenario: A container naming one request of a two-request claim is reported with the whole claim
    As shipped (k/k pkg/kubelet/cm/dra/manager.go GetContainerClaimInfos, pkg/kubelet/cm
    container_manager_linux.go GetDynamicResources): a container is matched to the pod's claims
    by claim name only, and every device of the claim is reported, whatever request the
    container names; the runtime (GetResources) gets only the named request's CDI devices.
    Within one driver the CDI device list accumulates over that driver's devices (upstream
    reuses one slice per driver), so the second device lists both CDI names. The KEP says
    only that a DynamicResource carries "a list of claimed resources allocated by a DRA driver".
    Given the objects:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: two-gpus
      spec:
        devices:
          requests:
          - name: first
            exactly: {deviceClassName: gpu.example.com}
          - name: second
            exactly: {deviceClassName: gpu.example.com}
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: split
      spec:
        nodeName: n1
        resourceClaims:
        - name: gpus
          resourceClaimName: two-gpus
        containers:
        - name: left
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: gpus, request: first}]
        - name: right
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: gpus, request: second}]
      """
    And the ResourceClaim "two-gpus" is allocated and reserved for the Pod "split":
      | request | driver          | pool | device |
      | first   | gpu.example.com | n1   | gpu-1  |
      | second  | gpu.example.com | n1   | gpu-2  |
    Then the Pod "split" has "status.phase" equal to Running
    And the container "left" of the Pod "split" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-1"
    And the container "right" of the Pod "split" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-2"
    When a node agent calls PodResources Get for the Pod "split" on node "n1"
    Then in the PodResources answer the container "left" of the Pod "split" has:
      """
      name: left
      dynamicResources:
      - claimName: two-gpus
        claimNamespace: ${namespace}
        claimResources:
        - cdiDevices:
          - name: gpu.example.com/gpu=gpu-1
          driverName: gpu.example.com
          poolName: n1
          deviceName: gpu-1
        - cdiDevices:
          - name: gpu.example.com/gpu=gpu-1
          - name: gpu.example.com/gpu=gpu-2
          driverName: gpu.example.com
          poolName: n1
          deviceName: gpu-2
      """
    And in the PodResources answer the container "right" of the Pod "split" has:
      """
      name: right
      dynamicResources:
      - claimName: two-gpus
        claimNamespace: ${namespace}
        claimResources:
        - cdiDevices:
          - name: gpu.example.com/gpu=gpu-1
          driverName: gpu.example.com
          poolName: n1
          deviceName: gpu-1
        - cdiDevices:
          - name: gpu.example.com/gpu=gpu-1
          - name: gpu.example.com/gpu=gpu-2
          driverName: gpu.example.com
          poolName: n1
          deviceName: gpu-2
      """

  @req:3695-R05 @clause:3695-R05/checkpointed @clause:3695-R05/complete-for-running-containers
  Scenario: After a kubelet restart each container still has the CDI devices of the request it names
    The DRA manager's checkpoint keeps, per prepared device, the requests it was allocated for
    (k/k pkg/kubelet/cm/dra/state Device.RequestNames), so the claim info a restarted kubelet
    restores still tells which CDI devices belong to which request (ClaimInfo.cdiDevicesAsList
    by request, GetResources): a running container keeps its request's devices, not both
    and not none.
    Given the objects:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: two-gpus
      spec:
        devices:
          requests:
          - name: first
            exactly: {deviceClassName: gpu.example.com}
          - name: second
            exactly: {deviceClassName: gpu.example.com}
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: split
      spec:
        nodeName: n1
        resourceClaims:
        - name: gpus
          resourceClaimName: two-gpus
        containers:
        - name: left
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: gpus, request: first}]
        - name: right
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: gpus, request: second}]
      """
    And the ResourceClaim "two-gpus" is allocated and reserved for the Pod "split":
      | request | driver          | pool | device |
      | first   | gpu.example.com | n1   | gpu-1  |
      | second  | gpu.example.com | n1   | gpu-2  |
    Then the Pod "split" has "status.phase" equal to Running
    When the kubelet on node "n1" restarts
    Then the container "left" of the Pod "split" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-1"
    And the container "right" of the Pod "split" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-2"

  # since 1.37: kubernetes PR 136270 (GetContainerClaimInfos checks a set of the container's claim names); no evidence that the 1.36 branch has it
  @req:3695-R06 @clause:3695-R06/repeated-claim @since:1.37
  Scenario: A container naming two requests of one claim is reported with the claim once
    A container may name one claim several times, one request each (core validation allows
    {claim, request} pairs that differ). k/k pkg/kubelet/cm/dra/manager.go
    GetContainerClaimInfos after kubernetes PR 136270 walks the pod's claims and asks whether
    the container uses each (a set of its names), so the claim is one DynamicResource; the
    runtime still gets both requests' CDI devices (GetResources).
    Given the objects:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: two-gpus
      spec:
        devices:
          requests:
          - name: first
            exactly: {deviceClassName: gpu.example.com}
          - name: second
            exactly: {deviceClassName: gpu.example.com}
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: both
      spec:
        nodeName: n1
        resourceClaims:
        - name: gpus
          resourceClaimName: two-gpus
        containers:
        - name: main
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: gpus, request: first}, {name: gpus, request: second}]
      """
    And the ResourceClaim "two-gpus" is allocated and reserved for the Pod "both":
      | request | driver          | pool | device |
      | first   | gpu.example.com | n1   | gpu-1  |
      | second  | gpu.example.com | n1   | gpu-2  |
    Then the Pod "both" has "status.phase" equal to Running
    And the container "main" of the Pod "both" on node "n1" gets the CDI devices "gpu.example.com/gpu=gpu-1" and "gpu.example.com/gpu=gpu-2"
    When a node agent calls PodResources Get for the Pod "both" on node "n1"
    Then in the PodResources answer the container "main" of the Pod "both" has:
      """
      name: main
      dynamicResources:
      - claimName: two-gpus
        claimNamespace: ${namespace}
        claimResources:
        - cdiDevices:
          - name: gpu.example.com/gpu=gpu-1
          driverName: gpu.example.com
          poolName: n1
          deviceName: gpu-1
        - cdiDevices:
          - name: gpu.example.com/gpu=gpu-1
          - name: gpu.example.com/gpu=gpu-2
          driverName: gpu.example.com
          poolName: n1
          deviceName: gpu-2
      """

  # until 1.36: from 1.37 (kubernetes PR 136270) the claim is reported once
  @req:3695-R06 @clause:3695-R06/repeated-claim @until:1.36
  Scenario: Up to 1.36 a container naming two requests of one claim is reported with the claim twice
    k/k pkg/kubelet/cm/dra/manager.go GetContainerClaimInfos before kubernetes PR 136270: for
    each pod claim it loops over the container's resources.claims and appends the claim for
    every entry that names it, so a claim named for two requests is two identical
    DynamicResource entries.
    Given the objects:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: two-gpus
      spec:
        devices:
          requests:
          - name: first
            exactly: {deviceClassName: gpu.example.com}
          - name: second
            exactly: {deviceClassName: gpu.example.com}
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: both
      spec:
        nodeName: n1
        resourceClaims:
        - name: gpus
          resourceClaimName: two-gpus
        containers:
        - name: main
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: gpus, request: first}, {name: gpus, request: second}]
      """
    And the ResourceClaim "two-gpus" is allocated and reserved for the Pod "both":
      | request | driver          | pool | device |
      | first   | gpu.example.com | n1   | gpu-1  |
      | second  | gpu.example.com | n1   | gpu-2  |
    Then the Pod "both" has "status.phase" equal to Running
    And the container "main" of the Pod "both" on node "n1" gets the CDI devices "gpu.example.com/gpu=gpu-1" and "gpu.example.com/gpu=gpu-2"
    When a node agent calls PodResources Get for the Pod "both" on node "n1"
    Then in the PodResources answer the container "main" of the Pod "both" has:
      """
      name: main
      dynamicResources:
      - claimName: two-gpus
        claimNamespace: ${namespace}
        claimResources:
        - cdiDevices:
          - name: gpu.example.com/gpu=gpu-1
          driverName: gpu.example.com
          poolName: n1
          deviceName: gpu-1
        - cdiDevices:
          - name: gpu.example.com/gpu=gpu-1
          - name: gpu.example.com/gpu=gpu-2
          driverName: gpu.example.com
          poolName: n1
          deviceName: gpu-2
      - claimName: two-gpus
        claimNamespace: ${namespace}
        claimResources:
        - cdiDevices:
          - name: gpu.example.com/gpu=gpu-1
          driverName: gpu.example.com
          poolName: n1
          deviceName: gpu-1
        - cdiDevices:
          - name: gpu.example.com/gpu=gpu-1
          - name: gpu.example.com/gpu=gpu-2
          driverName: gpu.example.com
          poolName: n1
          deviceName: gpu-2
      """

  @req:3695-R06 @clause:3695-R06/unprepared-claim-hides-container
  Scenario: A container whose second claim was never prepared is reported without its prepared claim either
    The pod shares the prepared claim gpu-claim with "trainer" and has a second claim from a
    driver the node does not run: prepareResources fails in its validation pass ("DRA driver
    odd.example.com is not registered") before it caches anything, so the kubelet's claim
    cache holds gpu-claim (for "trainer") but not odd-claim. k/k pkg/kubelet/cm/dra/manager.go
    GetContainerClaimInfos returns an error ("unable to get information for ResourceClaim
    odd-claim") for the whole container, and cm container_manager_linux.go
    GetDynamicResources logs it and reports no dynamic resources for that container, so the
    pending pod's container is listed without gpu-claim either.
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
        name: second
      spec:
        nodeName: n1
        resourceClaims:
        - name: gpu
          resourceClaimName: gpu-claim
        - name: dev
          resourceClaimName: odd-claim
        containers:
        - name: main
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: gpu}, {name: dev}]
      """
    And the ResourceClaim "gpu-claim" is allocated and reserved for the Pods "trainer" and "second":
      | request | driver          | pool | device |
      | gpu     | gpu.example.com | n1   | gpu-3  |
    And the ResourceClaim "odd-claim" is allocated and reserved for the Pod "second":
      | request | driver          | pool | device |
      | dev     | odd.example.com | n1   | dev-0  |
    Then the kubelet recorded a Warning event "FailedPrepareDynamicResources" for the Pod "second" with message:
      """
      Failed to prepare dynamic resources: prepare dynamic resources: DRA driver odd.example.com is not registered
      """
    And the Pod "second" has "status.phase" equal to Pending
    And the Pod "trainer" has "status.phase" equal to Running
    When a node agent calls PodResources Get for the Pod "second" on node "n1"
    Then the PodResources answer is:
      """
      podResources:
        name: second
        namespace: ${namespace}
        containers:
        - name: main
      """

  @req:3695-R06 @clause:3695-R06/unresolvable-claim-hides-container
  Scenario: A running container one of whose claims no longer has a name is reported without its prepared claim either
    The pod's second claim comes from a template; until its status entry says that no claim
    was created for it the kubelet's prepare fails ("ResourceClaim not created yet"), then
    resourceclaim.Name returns no name for it and the kubelet prepares gpu-claim alone and
    starts the pod (at the update that reserving gpu-claim makes; the status write alone
    syncs nothing). Then someone removes that status entry: HandlePodReconcile puts the pod
    with its new status into the pod manager, which PodResources reads; for the running pod
    resourceclaim.Name now fails ("pod claim not found"), and k/k pkg/kubelet/cm/dra/manager.go
    GetContainerClaimInfos returns that error for the whole container, which cm
    container_manager_linux.go GetDynamicResources logs before it reports no dynamic resources
    for the container: its prepared gpu-claim is left out too, by Get and by List alike (List
    reads the pod as it is now, also for a pod it reported before).
    Given the objects:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: second
      spec:
        nodeName: n1
        resourceClaims:
        - name: gpu
          resourceClaimName: gpu-claim
        - name: extra
          resourceClaimTemplateName: no-such-template
        containers:
        - name: main
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: gpu}, {name: extra}]
      """
    And the Pod "second" status has:
      """
      resourceClaimStatuses:
      - {name: extra}
      """
    And the ResourceClaim "gpu-claim" is allocated and reserved for the Pods "trainer" and "second":
      | request | driver          | pool | device |
      | gpu     | gpu.example.com | n1   | gpu-3  |
    Then the Pod "second" has "status.phase" equal to Running
    When a node agent calls PodResources Get for the Pod "second" on node "n1"
    Then the PodResources answer is:
      """
      podResources:
        name: second
        namespace: ${namespace}
        containers:
        - name: main
          dynamicResources:
          - claimName: gpu-claim
            claimNamespace: ${namespace}
            claimResources:
            - cdiDevices:
              - name: gpu.example.com/gpu=gpu-3
              driverName: gpu.example.com
              poolName: n1
              deviceName: gpu-3
      """
    When a node agent calls PodResources List on node "n1"
    Then in the PodResources answer the container "main" of the Pod "second" has:
      """
      name: main
      dynamicResources:
      - claimName: gpu-claim
        claimNamespace: ${namespace}
        claimResources:
        - cdiDevices:
          - name: gpu.example.com/gpu=gpu-3
          driverName: gpu.example.com
          poolName: n1
          deviceName: gpu-3
      """
    When the Pod "second" status has:
      """
      resourceClaimStatuses: null
      """
    And a node agent calls PodResources Get for the Pod "second" on node "n1"
    Then the PodResources answer is:
      """
      podResources:
        name: second
        namespace: ${namespace}
        containers:
        - name: main
      """
    When a node agent calls PodResources List on node "n1"
    Then in the PodResources answer the container "main" of the Pod "second" has no dynamic resources

  @req:3695-R01 @req:3695-R02 @clause:3695-R01/active-pods-only @clause:3695-R02/known-pods
  Scenario: A pod the kubelet rejected is left out of List; Get still answers for it
    As shipped (k/k pkg/kubelet/apis/podresources/server_v1.go): List reports the kubelet's
    active pods (GetActivePods; KubeletPodResourcesListUseActivePods is deprecated and on),
    so a terminated pod is not in it; Get looks a pod up by name in the pod manager
    (GetPodByName), terminated or not. The KEP: Get is "a strict subset of the List() call"
    for one pod. The pod asks for more cpu than the node has: the kubelet rejects it (phase
    Failed, OutOfcpu).
    Given the objects:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: too-big
      spec:
        nodeName: n1
        containers:
        - name: main
          image: registry.k8s.io/pause:3.10
          resources:
            requests: {cpu: "100"}
      """
    Then the Pod "too-big" has "status.phase" equal to Failed
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
    When a node agent calls PodResources Get for the Pod "too-big" on node "n1"
    Then the PodResources answer is:
      """
      podResources:
        name: too-big
        namespace: ${namespace}
        containers:
        - name: main
      """

  @req:3695-R01 @req:3695-R02 @clause:3695-R01/active-pods-only @clause:3695-R02/unknown-pod-error
  Scenario: A force-deleted pod leaves List and Get at once
    `kubectl delete pod --force --grace-period=0` removes the pod object before its kubelet
    stopped it. The kubelet's pod manager drops the pod on the REMOVE update (k/k
    pkg/kubelet/kubelet.go HandlePodRemoves), so List (GetActivePods) leaves it out and Get
    (GetPodByName) no longer knows it; the DRA manager unprepares its claims. The node agent
    asks List once before the deletion, so an answer kept from before is caught.
    When a node agent calls PodResources List on node "n1"
    Then the PodResources answer contains:
      """
      podResources:
      - name: trainer
      """
    When I force-delete the Pod "trainer"
    And a node agent calls PodResources List on node "n1"
    Then the PodResources answer is:
      """
      {}
      """
    When a node agent calls PodResources Get for the Pod "trainer" on node "n1"
    Then the PodResources call fails with code "Unknown" and message "pod trainer in namespace ${namespace} not found"

  @req:3695-R01 @clause:3695-R01/active-pods-only
  Scenario: A pod force-deleted while its claim does not exist yet never shows in List
    The pod's claim was never created, so the kubelet admits it but cannot start it (k/k
    pkg/kubelet/cm/dra/manager.go prepareResources: "fetch ResourceClaim ... not found"), and
    as an admitted pod it is among the active pods List reports. Force-deleted, it goes from
    the kubelet's pod manager (HandlePodRemoves) at once; when a claim of that name appears
    later, nothing on the node refers to the old pod: List reports "trainer" alone, and a new
    pod of the same name starts with the claim.
    Given the objects:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: early
      spec:
        nodeName: n1
        resourceClaims:
        - name: gpu
          resourceClaimName: late-claim
        containers:
        - name: main
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: gpu}]
      """
    Then the Pod "early" has "status.phase" equal to Pending
    And the kubelet recorded a Warning event "FailedPrepareDynamicResources" for the Pod "early" with message:
      """
      Failed to prepare dynamic resources: prepare dynamic resources: fetch ResourceClaim late-claim: resourceclaims.resource.k8s.io "late-claim" not found
      """
    When a node agent calls PodResources List on node "n1"
    Then in the PodResources answer the containers of the Pod "early" are "main"
    When I force-delete the Pod "early"
    Then the Pod "early" does not exist
    When I apply:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: late-claim
      spec:
        devices:
          requests:
          - name: gpu
            exactly:
              deviceClassName: gpu.example.com
      """
    And a node agent calls PodResources List on node "n1"
    Then in the PodResources answer the containers of the Pod "trainer" are "main" and "logger"
    And the PodResources answer contains:
      """
      podResources:
      - name: trainer
      """
    When I apply:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: early
      spec:
        nodeName: n1
        resourceClaims:
        - name: gpu
          resourceClaimName: late-claim
        containers:
        - name: main
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: gpu}]
      """
    And the ResourceClaim "late-claim" is allocated and reserved for the Pod "early":
      | request | driver          | pool | device |
      | gpu     | gpu.example.com | n1   | gpu-1  |
    Then the Pod "early" has "status.phase" equal to Running
    And the container "main" of the Pod "early" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-1"

  @req:3695-R01 @clause:3695-R01/active-pods-only
  Scenario: After another pod starts, List still reports the first pod with all its resources
    k/k pkg/kubelet/apis/podresources/server_v1.go List builds every active pod's entry on
    each call (GetActivePods), so a pod that did not change is answered the same after
    another pod started on the node. The node agent asks once before the new pod, so an
    entry kept from the first answer is read back on the second.
    When a node agent calls PodResources List on node "n1"
    Then the PodResources answer contains:
      """
      podResources:
      - name: trainer
      """
    When I apply:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: later
      spec:
        nodeName: n1
        containers:
        - name: main
          image: registry.k8s.io/pause:3.10
      """
    Then the Pod "later" has "status.phase" equal to Running
    When a node agent calls PodResources List on node "n1"
    Then the PodResources answer is:
      """
      podResources:
      - name: later
        namespace: ${namespace}
        containers:
        - name: main
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

  @req:3695-R01 @clause:3695-R01/active-pods-only
  Scenario: A finished pod's device-plugin device goes to the next pod and List shows it there
    A pod in a terminal phase is not active: the kubelet releases what it held (the device
    manager frees the devices of pods that are no longer active, k/k
    pkg/kubelet/cm/devicemanager manager.go UpdateAllocatedDevices; the DRA manager unprepares
    its claims), List leaves it out, and the next pod that asks for both NICs gets them.
    When the Pod "trainer" status has:
      """
      phase: Succeeded
      """
    And I apply:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: next
      spec:
        nodeName: n1
        containers:
        - name: main
          image: registry.k8s.io/pause:3.10
          resources:
            requests: {example.com/nic: "2"}
            limits: {example.com/nic: "2"}
      """
    Then the request succeeds
    When a node agent calls PodResources List on node "n1"
    Then the PodResources answer is:
      """
      podResources:
      - name: next
        namespace: ${namespace}
        containers:
        - name: main
          devices:
          - resourceName: example.com/nic
            deviceIds: [nic-0, nic-1]
      """

  @req:3695-R01 @clause:3695-R01/cdi-devices @clause:3695-R01/whole-claim
  Scenario: A container naming a request with subrequests gets the device chosen for one of them
    A request with firstAvailable (KEP-4816) is allocated for one of its subrequests, and the
    allocation result names it "<request>/<subrequest>". A container that names the request
    gets that device: the driver reports the prepared device under the parent request (k8s.io
    dynamic-resource-allocation kubeletplugin NodePrepareResources, stripSubrequestNames with
    resourceclaim.BaseRequestRef) and the kubelet gives a container the CDI devices of the
    request it names (k/k pkg/kubelet/cm/dra claiminfo.go cdiDevicesAsList). PodResources
    reports the whole claim to both containers (GetContainerClaimInfos matches claim names).
    Given the objects:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: any-gpu
      spec:
        devices:
          requests:
          - name: gpus
            firstAvailable:
            - {name: big, deviceClassName: gpu.example.com, selectors: [{cel: {expression: 'device.attributes["gpu.example.com"].size == "big"'}}]}
            - {name: small, deviceClassName: gpu.example.com}
          - name: spare
            exactly: {deviceClassName: gpu.example.com}
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: picky
      spec:
        nodeName: n1
        resourceClaims:
        - name: gpus
          resourceClaimName: any-gpu
        containers:
        - name: left
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: gpus, request: gpus}]
        - name: right
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: gpus, request: spare}]
      """
    And the ResourceClaim "any-gpu" is allocated and reserved for the Pod "picky":
      | request    | driver          | pool | device |
      | gpus/small | gpu.example.com | n1   | gpu-1  |
      | spare      | gpu.example.com | n1   | gpu-2  |
    Then the Pod "picky" has "status.phase" equal to Running
    And the container "left" of the Pod "picky" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-1"
    And the container "right" of the Pod "picky" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-2"
    When a node agent calls PodResources Get for the Pod "picky" on node "n1"
    Then in the PodResources answer the container "left" of the Pod "picky" has:
      """
      name: left
      dynamicResources:
      - claimName: any-gpu
        claimNamespace: ${namespace}
        claimResources:
        - cdiDevices:
          - name: gpu.example.com/gpu=gpu-1
          driverName: gpu.example.com
          poolName: n1
          deviceName: gpu-1
        - cdiDevices:
          - name: gpu.example.com/gpu=gpu-1
          - name: gpu.example.com/gpu=gpu-2
          driverName: gpu.example.com
          poolName: n1
          deviceName: gpu-2
      """

  @req:3695-R09 @needs-gate:DRAExtendedResource @clause:3695-R09/mapped-containers @clause:3695-R09/whole-special-claim @clause:3695-R09/unmapped-none
  Scenario: Each container with an extended-resource mapping is reported with the whole special claim
    As shipped (k/k pkg/kubelet/cm/dra/manager.go GetContainerClaimInfos): a container that has
    any request mapping in pod.status.extendedResourceClaimStatus gets the scheduler's special
    claim as a whole (all its devices, also those mapped to the other container); a container
    without a mapping gets none; the runtime gets each container only its own mapped devices
    (KEP-5004 "Actuation", GetResources). One driver, so the order of devices is the
    allocation's and the CDI list accumulates within it (see the two-request scenario).
    Given the objects:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: infer-extended-resources-x7k2p
        annotations:
          resource.kubernetes.io/extended-resource-claim: "true"
      spec:
        devices:
          requests:
          - name: container-0-request-0
            exactly: {deviceClassName: gpu.example.com, allocationMode: ExactCount, count: 1}
          - name: container-1-request-0
            exactly: {deviceClassName: gpu.example.com, allocationMode: ExactCount, count: 2}
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: infer
      spec:
        schedulerName: bound-by-the-scenario
        containers:
        - name: small
          image: registry.k8s.io/pause:3.10
          resources:
            requests: {example.com/gpu: "1"}
            limits: {example.com/gpu: "1"}
        - name: large
          image: registry.k8s.io/pause:3.10
          resources:
            requests: {example.com/gpu: "2"}
            limits: {example.com/gpu: "2"}
        - name: sidecar
          image: registry.k8s.io/pause:3.10
      """
    And the Pod "infer" status has:
      """
      extendedResourceClaimStatus:
        resourceClaimName: infer-extended-resources-x7k2p
        requestMappings:
        - {containerName: small, resourceName: example.com/gpu, requestName: container-0-request-0}
        - {containerName: large, resourceName: example.com/gpu, requestName: container-1-request-0}
      """
    And the ResourceClaim "infer-extended-resources-x7k2p" is allocated and reserved for the Pod "infer":
      | request               | driver          | pool | device |
      | container-0-request-0 | gpu.example.com | n1   | gpu-0  |
      | container-1-request-0 | gpu.example.com | n1   | gpu-1  |
      | container-1-request-0 | gpu.example.com | n1   | gpu-2  |
    And the Pod "infer" is bound to node "n1"
    Then the Pod "infer" has "status.phase" equal to Running
    And the container "small" of the Pod "infer" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-0"
    And the container "large" of the Pod "infer" on node "n1" gets the CDI devices "gpu.example.com/gpu=gpu-1" and "gpu.example.com/gpu=gpu-2"
    When a node agent calls PodResources Get for the Pod "infer" on node "n1"
    Then the PodResources answer is:
      """
      podResources:
        name: infer
        namespace: ${namespace}
        containers:
        - name: small
          dynamicResources:
          - claimName: infer-extended-resources-x7k2p
            claimNamespace: ${namespace}
            claimResources:
            - cdiDevices:
              - name: gpu.example.com/gpu=gpu-0
              driverName: gpu.example.com
              poolName: n1
              deviceName: gpu-0
            - cdiDevices:
              - name: gpu.example.com/gpu=gpu-0
              - name: gpu.example.com/gpu=gpu-1
              driverName: gpu.example.com
              poolName: n1
              deviceName: gpu-1
            - cdiDevices:
              - name: gpu.example.com/gpu=gpu-0
              - name: gpu.example.com/gpu=gpu-1
              - name: gpu.example.com/gpu=gpu-2
              driverName: gpu.example.com
              poolName: n1
              deviceName: gpu-2
        - name: large
          dynamicResources:
          - claimName: infer-extended-resources-x7k2p
            claimNamespace: ${namespace}
            claimResources:
            - cdiDevices:
              - name: gpu.example.com/gpu=gpu-0
              driverName: gpu.example.com
              poolName: n1
              deviceName: gpu-0
            - cdiDevices:
              - name: gpu.example.com/gpu=gpu-0
              - name: gpu.example.com/gpu=gpu-1
              driverName: gpu.example.com
              poolName: n1
              deviceName: gpu-1
            - cdiDevices:
              - name: gpu.example.com/gpu=gpu-0
              - name: gpu.example.com/gpu=gpu-1
              - name: gpu.example.com/gpu=gpu-2
              driverName: gpu.example.com
              poolName: n1
              deviceName: gpu-2
        - name: sidecar
      """

  @req:3695-R05 @clause:3695-R05/checkpointed
  Scenario: A Node registered again after its deletion starts its kubelet from the checkpoint left on its disk, and a hand-edited one keeps it down
    A machine's disk outlives its Node object: drakit keeps a node's kubelet state directory
    when the Node is deleted, and the kubelet that starts when a Node of that name is
    registered again reads the DRA checkpoint it finds there (pkg/kubelet/cm/dra/state
    checkpointer GetOrCreate), refusing a hand-edited one as a restarted kubelet does: the
    node stays down with a KubeletSetupFailed event, and the other components go on.
    Then the Pod "trainer" has "status.phase" equal to Running
    When the DRA checkpoint on node "n1" is edited by hand: "gpu-3" becomes "gpu-4"
    And I delete the Node "n1"
    And I apply:
      """
      apiVersion: v1
      kind: Node
      metadata:
        name: n1
        labels: {kubernetes.io/hostname: n1}
      status:
        capacity: {cpu: "8", memory: 32Gi, pods: "110"}
        allocatable: {cpu: "8", memory: 32Gi, pods: "110"}
      """
    Then there is a Warning event "KubeletSetupFailed" for Node "n1" containing "is corrupted: checksum mismatch"

  @req:3695-R05 @clause:3695-R05/checkpointed
  Scenario: A hand-edited DRA checkpoint is refused: the kubelet stays down rather than report another device
    The checkpoint is only worth restoring from if it is what the kubelet wrote: k/k
    pkg/kubelet/checkpointmanager (checkpoint_manager.go GetCheckpoint verifies the checksum,
    errors.ErrCorruptCheckpoint) and pkg/kubelet/cm/dra/state/checkpointer.go (GetOrCreate
    fails on it, so the DRA manager and the kubelet do not start). Edited so that the claim
    would point at gpu-4, the file is refused: the node goes unready, never reporting gpu-4.
    A second failed start leaves the node as it was: Ready=Unknown keeps its transition time
    (k/k pkg/controller/nodelifecycle/node_lifecycle_controller.go tryUpdateNodeHealth changes
    a condition, and its lastTransitionTime, only when it is not Unknown yet); the condition
    says what the node lifecycle controller says of every node it no longer hears from (reason
    NodeStatusUnknown, message "Kubelet stopped posting node status.", same file).
    Then the Pod "trainer" has "status.phase" equal to Running
    When the DRA checkpoint on node "n1" is edited by hand: "gpu-3" becomes "gpu-4"
    And the kubelet on node "n1" restarts, whether or not it comes up
    Then there is a Warning event "KubeletSetupFailed" for Node "n1" containing "is corrupted: checksum mismatch"
    And the Node "n1" has "spec.taints[0].key" equal to node.kubernetes.io/unreachable
    And the Node "n1" has "status.conditions[0].type" equal to Ready
    And the Node "n1" has "status.conditions[0].status" equal to Unknown
    And the Node "n1" has "status.conditions[0].reason" equal to NodeStatusUnknown
    And the Node "n1" has "status.conditions[0].message" equal to Kubelet stopped posting node status.
    When I note the Ready condition of the Node "n1"
    And 2 seconds pass
    And the kubelet on node "n1" restarts, whether or not it comes up
    Then the Ready condition of the Node "n1" keeps its status and the noted lastTransitionTime

  @req:3695-R05 @clause:3695-R05/checkpointed
  Scenario: The kubelet's checkpoints can be read and written by their owner only
    k/k pkg/kubelet/util/store/filestore.go writeFile (under checkpointmanager) writes a
    checkpoint into a temporary file made by os.CreateTemp, mode 0600, and renames it into
    place: a checkpoint, which names the devices of every pod on the node, is readable by the
    kubelet's user only. drakit writes its DRA and device manager checkpoints the same way.
    Then the Pod "trainer" has "status.phase" equal to Running
    And the DRA checkpoint on node "n1" can be read and written by its owner only
    And the device manager checkpoint on node "n1" can be read and written by its owner only

  @req:3695-R05 @clause:3695-R05/checkpointed
  Scenario: A node whose kubelet stays down keeps the time of its last heartbeat
    k/k pkg/controller/nodelifecycle/node_lifecycle_controller.go tryUpdateNodeHealth: a
    Ready condition the kubelet no longer posts goes Unknown with lastTransitionTime now and
    keeps its lastHeartbeatTime, the last time the kubelet was heard from (the kubelet posted
    it Ready when it started, pkg/kubelet/nodestatus/setters.go ReadyCondition). Time passes
    between that post and the refused restart, so the heartbeat is the older of the two.
    Then the Pod "trainer" has "status.phase" equal to Running
    When 2 seconds pass
    And the DRA checkpoint on node "n1" is edited by hand: "gpu-3" becomes "gpu-4"
    And the kubelet on node "n1" restarts, whether or not it comes up
    Then the Node "n1" has "status.conditions[0].status" equal to Unknown
    And the Ready condition of the Node "n1" has a lastHeartbeatTime earlier than its lastTransitionTime

  @req:3695-R05 @clause:3695-R05/checkpointed
  Scenario: Once its checkpoint is repaired the kubelet starts again and the node is Ready
    k/k pkg/kubelet/nodestatus/setters.go ReadyCondition (Ready=True, reason KubeletReady,
    with lastHeartbeatTime and lastTransitionTime) and pkg/controller/nodelifecycle (the
    unreachable taint goes once the node is Ready again, and only it: a taint of the node's own
    stays). Edited back to what the kubelet wrote, the checkpoint passes its checksum again and
    the kubelet starts from it.
    When I set "spec.taints" of the Node "n1" to [{key: example.com/maintenance, effect: PreferNoSchedule}]
    And the DRA checkpoint on node "n1" is edited by hand: "gpu-3" becomes "gpu-4"
    And the kubelet on node "n1" restarts, whether or not it comes up
    Then the Node "n1" has "status.conditions[0].status" equal to Unknown
    When the DRA checkpoint on node "n1" is edited by hand: "gpu-4" becomes "gpu-3"
    And the kubelet on node "n1" restarts
    Then the Ready condition of the Node "n1" has status True and reason KubeletReady, with lastHeartbeatTime and lastTransitionTime set
    And the Node "n1" has "status.conditions[0].message" equal to "kubelet is posting ready status"
    And the Node "n1" has "spec.taints" equal to [{key: example.com/maintenance, effect: PreferNoSchedule}]
    And the Pod "trainer" has "status.phase" equal to Running

  @req:3695-R05 @clause:3695-R05/checkpointed @clause:3695-R05/untrusted-refused
  Scenario Outline: A DRA checkpoint edited into <what> is refused: the kubelet stays down
    What the kubelet restores must be what it wrote. Upstream reads the checkpoint through
    k/k pkg/kubelet/checkpointmanager (checkpoint_manager.go GetCheckpoint: unmarshal, then
    VerifyChecksum) and pkg/kubelet/cm/dra/state (checkpoint.go: kind and apiVersion live in
    the checksummed data; checkpointer.go GetOrCreate); any error there fails
    newClaimInfoCache, the DRA manager is not created and the kubelet does not start. A file
    that is no longer JSON fails the unmarshal ("unexpected end of JSON input" in
    checkpointer_test.go), another kind or version or a missing checksum fails the checksum.
    drakit's file keeps kind and version next to the checksummed data and names each
    refusal; the node shows it as for a checksum mismatch, naming the file (upstream's
    draManagerStateFileName, dra_manager_state).
    Then the Pod "trainer" has "status.phase" equal to Running
    When the DRA checkpoint on node "n1" is edited by hand: <old> becomes <new>
    And the kubelet on node "n1" restarts, whether or not it comes up
    Then there is a Warning event "KubeletSetupFailed" for Node "n1" containing "dra_manager_state is corrupted: <reason>"
    And the Node "n1" has "status.conditions[0].status" equal to Unknown

    Examples:
      | what                        | old                      | new                      | reason                                                  |
      | another manager's kind      | "DRAManagerCheckpoint"   | "DevicePluginCheckpoint" | kind 'DevicePluginCheckpoint' is not 'DRAManagerCheckpoint' |
      | an unknown format version   | '"version":"v1"'         | '"version":"v2"'         | unsupported version 'v2' (expected v1)                  |
      | a file without its checksum | '"checksum":'            | '"crc":'                 | missing data or checksum                                |
      | a file without its data     | '"data":'                | '"entries":'             | missing data or checksum                                |
      | text that is not JSON       | ':true}'                 | ':tru}'                  | not a valid checkpoint document                         |

  @req:3695-R05 @clause:3695-R05/checkpointed @clause:3695-R05/untrusted-refused
  Scenario Outline: A DRA checkpoint cut short after <size> bytes is refused: the kubelet stays down
    A checkpoint written in place and cut by a crash or a full disk (drakit, like upstream's
    pkg/kubelet/util/store filestore.go writeFile, writes a temp file and renames it, so its
    own writes never leave one). Upstream unmarshals the file before anything else
    (checkpointmanager GetCheckpoint): an empty or truncated file is "unexpected end of JSON
    input" (pkg/kubelet/cm/dra/state checkpointer_test.go, case invalid-JSON), GetOrCreate
    fails and the kubelet does not start.
    When the DRA checkpoint on node "n1" is cut short after <size> bytes
    And the kubelet on node "n1" restarts, whether or not it comes up
    Then there is a Warning event "KubeletSetupFailed" for Node "n1" containing "is corrupted: <reason>"
    And the Node "n1" has "status.conditions[0].status" equal to Unknown

    Examples:
      | size | reason                          |
      | 0    | the file is empty               |
      | 100  | not a valid checkpoint document |

  @req:3695-R05 @clause:3695-R05/checkpointed @clause:3695-R05/untrusted-refused
  Scenario Outline: A DRA checkpoint whose checksum fits but whose <field> holds <what> is refused
    A checksum only proves the file is what someone wrote. Upstream decodes the checkpointed
    entries into Go structs (k/k pkg/kubelet/cm/dra/state checkpoint.go
    GetClaimInfoStateList, json.Unmarshal): a value of another JSON type is a decode error,
    newClaimInfoCache fails ("GetEntries() on checkpoint") and the kubelet does not start.
    drakit checks its file against the shape it writes and names the first place that does
    not fit.
    When the DRA checkpoint on node "n1" is edited by hand, its checksum recomputed: <old> becomes <new>
    And the kubelet on node "n1" restarts, whether or not it comes up
    Then there is a Warning event "KubeletSetupFailed" for Node "n1" containing "is corrupted: <reason>"
    And the Node "n1" has "status.conditions[0].status" equal to Unknown

    Examples:
      | field        | what          | old                      | new                     | reason                                                                     |
      | prepared     | an integer    | '"prepared":true'        | '"prepared":1'          | data.claims[0].prepared: expected boolean, got integer                     |
      | prepared     | a fraction    | '"prepared":true'        | '"prepared":0.5'        | data.claims[0].prepared: expected boolean, got number                      |
      | requestNames | a string      | '"requestNames":["gpu"]' | '"requestNames":"gpu"'  | data.claims[0].driverState[0].devices[0].requestNames: expected array, got string |
      | driverState  | a number item | '"driverState":['        | '"driverState":[7,'     | data.claims[0].driverState[0]: expected object, got integer                |
      | podUIDs      | a boolean item | '"podUIDs":['           | '"podUIDs":[true,'      | data.claims[0].podUIDs[0]: expected string, got boolean                    |
      | requestNames | an object     | '"requestNames":["gpu"]' | '"requestNames":{"gpu":1}' | data.claims[0].driverState[0].devices[0].requestNames: expected array, got object |

  @req:3695-R05 @clause:3695-R05/checkpointed @req:3695-R06 @clause:3695-R06/device-plugin-per-container @needs:driver-control
  Scenario: After a kubelet restart a pod still waiting for its driver keeps the device-plugin device it was given
    A restarted kubelet admits again every pod that has not started (k/k kubelet.go
    HandlePodAdditions); the device manager restored the pod's devices from its checkpoint
    and gives the container the same ones (devicemanager manager.go devicesToAllocate: the
    container's devices are already allocated, nothing new is needed). Both NICs of the node
    are then taken (trainer's and this pod's), so a device manager that allocated anew would
    find none free and refuse the pod. The restarted kubelet's first prepare still fails; a
    failed prepare is tried again at the pod worker's resync, a minute later.
    Given the DRA driver "gpu.example.com" on node "n1" fails NodePrepareResources with "gpu-1 is not healthy"
    And the objects:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: waiter-claim
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
        name: waiter
      spec:
        nodeName: n1
        resourceClaims:
        - name: gpu
          resourceClaimName: waiter-claim
        containers:
        - name: main
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: gpu}]
            requests: {example.com/nic: "1"}
            limits: {example.com/nic: "1"}
      """
    And the ResourceClaim "waiter-claim" is allocated and reserved for the Pod "waiter":
      | request | driver          | pool | device |
      | gpu     | gpu.example.com | n1   | gpu-1  |
    Then the Pod "waiter" has "status.phase" equal to Pending
    When the kubelet on node "n1" restarts
    And the DRA driver "gpu.example.com" on node "n1" answers NodePrepareResources again
    And 60 seconds pass
    Then the Pod "waiter" has "status.phase" equal to Running
    When a node agent calls PodResources Get for the Pod "waiter" on node "n1"
    Then in the PodResources answer the container "main" of the Pod "waiter" has 1 device of "example.com/nic"

  @req:3695-R05 @clause:3695-R05/checkpointed @clause:3695-R05/device-checkpoint-not-fatal
  Scenario Outline: A device manager checkpoint edited into <what> is dropped: the kubelet starts, DRA data stays
    Unlike the DRA manager, upstream's device manager does not stop the kubelet on a
    checkpoint it cannot read: k/k pkg/kubelet/cm/devicemanager/manager.go Start logs
    "Continue after failing to read checkpoint file. Device allocation info may NOT be
    up-to-date" and starts without assignments. A running container is not given devices
    again after a kubelet restart (devicesToAllocate: "Container detected running, nothing
    to do"), so its device-plugin devices are no longer reported; its claim comes from the
    DRA manager's own checkpoint and is reported as before. (An entry without its pod UID is
    read upstream as an entry of no pod, Go's json leaving the field empty; drakit drops the
    file for its shape. Either way the container's devices are no longer reported.)
    When the device manager checkpoint on node "n1" is edited by hand<recomputed>: <old> becomes <new>
    And the kubelet on node "n1" restarts
    Then the Ready condition of the Node "n1" has status True and reason KubeletReady, with lastHeartbeatTime and lastTransitionTime set
    And the Pod "trainer" has "status.phase" equal to Running
    When a node agent calls PodResources Get for the Pod "trainer" on node "n1"
    Then in the PodResources answer the container "main" of the Pod "trainer" has:
      """
      name: main
      dynamicResources:
      - claimName: gpu-claim
        claimNamespace: ${namespace}
        claimResources:
        - cdiDevices:
          - name: gpu.example.com/gpu=gpu-3
          driverName: gpu.example.com
          poolName: n1
          deviceName: gpu-3
      """

    Examples:
      | what                                  | recomputed                 | old         | new         |
      | another device id, checksum unchanged |                            | "nic-0"     | "nic-1"     |
      | an entry without its pod              | , its checksum recomputed  | '"podUID":' | '"pod":'    |

  # Pinned to 1.35 (a version tag, not an until tag) so that every run checks it whatever --k8s-version says:
  # the gate can be off only up to 1.35 (GA and locked on from 1.36, versioned gate table).
  @req:3695-R03 @req:3695-R08 @gate:KubeletPodResourcesGet @version:1.35 @clause:3695-R03/get-disabled-error @clause:3695-R08/errors-get
  Scenario: At 1.35 every Get refused because KubeletPodResourcesGet is off counts as a Get error
    k/k pkg/kubelet/apis/podresources/server_v1.go Get (release-1.35): the call is counted in
    pod_resources_endpoint_requests_total and _get, and with the gate off also in
    pod_resources_endpoint_errors_get before it fails with "PodResources API Get method
    disabled", whether or not the pod exists; exposed as
    kubelet_pod_resources_endpoint_errors_get{server_api_version="v1"} (pkg/kubelet/metrics).
    When the feature gate KubeletPodResourcesGet is disabled
    And a node agent calls PodResources Get for the Pod "ghost" on node "n1"
    And a node agent calls PodResources Get for the Pod "trainer" on node "n1"
    Then the PodResources call fails with code "Unknown" and message "PodResources API Get method disabled"
    And the kubelet metric kubelet_pod_resources_endpoint_requests_get{server_api_version="v1"} on node "n1" is 2
    And the kubelet metric kubelet_pod_resources_endpoint_errors_get{server_api_version="v1"} on node "n1" is 2
