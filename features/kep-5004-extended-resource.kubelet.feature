@kep-5004 @component:kubelet @needs:node-access
Feature: KEP-5004 DRA extended resources on the node
  The kubelet finds the scheduler's special claim through pod.status.extendedResourceClaimStatus
  and gives each container only the CDI devices of the requests mapped to its own extended
  resources (KEP-5004 "Actuation"; k/k kubelet cm/dra manager GetResources, api-truth §1.4).
  The scheduler's part (claim, allocation, status) is written through the API here, with the
  shipped names: requests container-<i>-request-<j>, annotation
  resource.kubernetes.io/extended-resource-claim: "true". Test drivers name CDI devices
  gpu.example.com/gpu=<device> and dra.example.com/test=<device>.

  Background:
    Given a cluster
    And a node "n1" with cpu "8", memory "32Gi"

  @req:5004-R12 @req:3695-R09
  Scenario: Two containers with two extended resources each get only their mapped devices
    KEP-5004 "Actuation": the kubelet passes each container the devices of its own mapped
    requests; KEP-3695 + k/k GetContainerClaimInfos: PodResources lists the special claim
    under every container that has a mapping, and not under the others.
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
          - name: container-1-request-1
            exactly: {deviceClassName: dra.example.com, allocationMode: ExactCount, count: 1}
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: infer
      spec:
        nodeName: n1
        containers:
        - name: small
          image: registry.k8s.io/pause:3.10
          resources:
            requests: {example.com/gpu: "1"}
            limits: {example.com/gpu: "1"}
        - name: large
          image: registry.k8s.io/pause:3.10
          resources:
            requests: {example.com/gpu: "2", example.com/fpga: "1"}
            limits: {example.com/gpu: "2", example.com/fpga: "1"}
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
        - {containerName: large, resourceName: example.com/fpga, requestName: container-1-request-1}
      """
    And the ResourceClaim "infer-extended-resources-x7k2p" is allocated and reserved for the Pod "infer":
      | request               | driver          | pool | device |
      | container-0-request-0 | gpu.example.com | n1   | gpu-0  |
      | container-1-request-0 | gpu.example.com | n1   | gpu-1  |
      | container-1-request-0 | gpu.example.com | n1   | gpu-2  |
      | container-1-request-1 | dra.example.com | n1   | fpga-0 |
    Then the Pod "infer" has "status.phase" equal to Running
    And the container "small" of the Pod "infer" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-0"
    And the container "large" of the Pod "infer" on node "n1" gets the CDI devices "gpu.example.com/gpu=gpu-1", "gpu.example.com/gpu=gpu-2" and "dra.example.com/test=fpga-0"
    And the container "sidecar" of the Pod "infer" on node "n1" gets no CDI devices
    When a node agent calls PodResources Get for the Pod "infer" on node "n1"
    Then in the PodResources answer the container "sidecar" of the Pod "infer" has no dynamic resources
    And the PodResources answer contains:
      """
      podResources:
        name: infer
        containers:
        - name: small
          dynamicResources:
          - claimName: infer-extended-resources-x7k2p
            claimNamespace: ${namespace}
        - name: large
          dynamicResources:
          - claimName: infer-extended-resources-x7k2p
            claimNamespace: ${namespace}
        - name: sidecar
      """

  @req:5004-R12 @req:5004-R05
  Scenario: An init container receives the devices mapped to it
    KEP-5004 "Resource Claim API": init containers get requests too (container index over
    initContainers ++ containers); the kubelet prepares them like any other container's.
    Given the objects:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: warm-extended-resources-q9d4s
        annotations:
          resource.kubernetes.io/extended-resource-claim: "true"
      spec:
        devices:
          requests:
          - name: container-0-request-0
            exactly: {deviceClassName: gpu.example.com, allocationMode: ExactCount, count: 1}
          - name: container-1-request-0
            exactly: {deviceClassName: gpu.example.com, allocationMode: ExactCount, count: 1}
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: warm
      spec:
        nodeName: n1
        initContainers:
        - name: load-weights
          image: registry.k8s.io/pause:3.10
          resources:
            requests: {example.com/gpu: "1"}
            limits: {example.com/gpu: "1"}
        containers:
        - name: serve
          image: registry.k8s.io/pause:3.10
          resources:
            requests: {example.com/gpu: "1"}
            limits: {example.com/gpu: "1"}
      """
    And the Pod "warm" status has:
      """
      extendedResourceClaimStatus:
        resourceClaimName: warm-extended-resources-q9d4s
        requestMappings:
        - {containerName: load-weights, resourceName: example.com/gpu, requestName: container-0-request-0}
        - {containerName: serve, resourceName: example.com/gpu, requestName: container-1-request-0}
      """
    And the ResourceClaim "warm-extended-resources-q9d4s" is allocated and reserved for the Pod "warm":
      | request               | driver          | pool | device |
      | container-0-request-0 | gpu.example.com | n1   | gpu-6  |
      | container-1-request-0 | gpu.example.com | n1   | gpu-7  |
    Then the Pod "warm" has "status.phase" equal to Running
    And the container "load-weights" of the Pod "warm" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-6"
    And the container "serve" of the Pod "warm" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-7"
