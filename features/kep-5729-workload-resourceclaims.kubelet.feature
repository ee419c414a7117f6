@kep-5729 @component:kubelet @needs:node-access
Feature: KEP-5729 the kubelet runs pods on claims reserved for their PodGroup
  A claim reserved for a PodGroup (reservedFor {apiGroup: scheduling.k8s.io, resource:
  podgroups}) may be used by every pod that names the PodGroup in spec.schedulingGroup
  (DRALIB resourceclaim.IsReservedForPod, api-truth §9.7). Otherwise the kubelet's DRA
  manager refuses: "pod <p> (<uid>) is not allowed to use ResourceClaim <c> (<uid>)", as a
  FailedPrepareDynamicResources event, and the pod stays Pending. Shipped form: pods opt in
  by repeating the PodGroup's claim entry (KEP text: podGroupResourceClaim, never shipped).
  The allocation the scheduler would write is written through the API.

  Background:
    Given the feature gate GenericWorkload is enabled
    And a node "n1" with cpu "8", memory "32Gi"

  @req:5729-R09 @req:5729-R03 @req:5729-R07 @gate:DRAWorkloadResourceClaims
  Scenario: Pods of a PodGroup all run with the same device
    KEP-5729 "Kubelet": a pod runs if its PodGroup is in reservedFor; all pods of the group
    share the claim and its device.
    Given the feature gate DRAWorkloadResourceClaims is enabled
    And the objects:
      """
      apiVersion: scheduling.k8s.io/v1beta1
      kind: PodGroup
      metadata:
        name: ring
      spec:
        schedulingPolicy:
          basic: {}
        resourceClaims:
        - name: fabric
          resourceClaimName: ring-fabric
      ---
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: ring-fabric
      spec:
        devices:
          requests:
          - name: link
            exactly:
              deviceClassName: dra.example.com
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: ring-0
      spec:
        nodeName: n1
        schedulingGroup:
          podGroupName: ring
        resourceClaims:
        - name: fabric
          resourceClaimName: ring-fabric
        containers:
        - name: worker
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: fabric}]
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: ring-1
      spec:
        nodeName: n1
        schedulingGroup:
          podGroupName: ring
        resourceClaims:
        - name: fabric
          resourceClaimName: ring-fabric
        containers:
        - name: worker
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: fabric}]
      """
    And the ResourceClaim "ring-fabric" is allocated and reserved for the PodGroup "ring":
      | request | driver          | pool | device |
      | link    | dra.example.com | n1   | link-0 |
    Then the Pod "ring-0" has "status.phase" equal to Running
    And the Pod "ring-1" has "status.phase" equal to Running
    And the container "worker" of the Pod "ring-0" on node "n1" gets the CDI device "dra.example.com/test=link-0"
    And the container "worker" of the Pod "ring-1" on node "n1" gets the CDI device "dra.example.com/test=link-0"
    When a node agent calls PodResources List on node "n1"
    Then the PodResources answer contains:
      """
      podResources:
      - name: ring-0
        containers:
        - name: worker
          dynamicResources:
          - claimName: ring-fabric
            claimResources: [{driverName: dra.example.com, deviceName: link-0}]
      - name: ring-1
        containers:
        - name: worker
          dynamicResources:
          - claimName: ring-fabric
            claimResources: [{driverName: dra.example.com, deviceName: link-0}]
      """

  @req:5729-R09 @gate:DRAWorkloadResourceClaims
  Scenario: A pod whose PodGroup is not in reservedFor is not started
    KEP-5729 "Kubelet": IsReservedForPod compares the PodGroup name; another group's pod
    gets the kubelet's refusal and stays Pending.
    Given the feature gate DRAWorkloadResourceClaims is enabled
    And the objects:
      """
      apiVersion: scheduling.k8s.io/v1beta1
      kind: PodGroup
      metadata:
        name: ring
      spec:
        schedulingPolicy:
          basic: {}
      ---
      apiVersion: scheduling.k8s.io/v1beta1
      kind: PodGroup
      metadata:
        name: intruders
      spec:
        schedulingPolicy:
          basic: {}
      ---
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: ring-fabric
      spec:
        devices:
          requests:
          - name: link
            exactly:
              deviceClassName: dra.example.com
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: stranger
      spec:
        nodeName: n1
        schedulingGroup:
          podGroupName: intruders
        resourceClaims:
        - name: fabric
          resourceClaimName: ring-fabric
        containers:
        - name: worker
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: fabric}]
      """
    And the ResourceClaim "ring-fabric" is allocated and reserved for the PodGroup "ring":
      | request | driver          | pool | device |
      | link    | dra.example.com | n1   | link-0 |
    Then the kubelet recorded a Warning event "FailedPrepareDynamicResources" for the Pod "stranger" with message:
      """
      Failed to prepare dynamic resources: prepare dynamic resources: pod stranger (${uid}) is not allowed to use ResourceClaim ring-fabric (${uid:ResourceClaim/ring-fabric})
      """
    And the Pod "stranger" has "status.phase" equal to Pending
    And the container "worker" of the Pod "stranger" on node "n1" gets no CDI devices

  @req:5729-R12
  Scenario: With DRAWorkloadResourceClaims off a PodGroup reservation does not let the pod run
    KEP-5729 "Version Skew": a kubelet without the gate only accepts reservations for the
    pod itself (IsReservedForPod with the gate off), so the pod is refused.
    Given the objects:
      """
      apiVersion: scheduling.k8s.io/v1beta1
      kind: PodGroup
      metadata:
        name: ring
      spec:
        schedulingPolicy:
          basic: {}
      ---
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: ring-fabric
      spec:
        devices:
          requests:
          - name: link
            exactly:
              deviceClassName: dra.example.com
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: ring-0
      spec:
        nodeName: n1
        schedulingGroup:
          podGroupName: ring
        resourceClaims:
        - name: fabric
          resourceClaimName: ring-fabric
        containers:
        - name: worker
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: fabric}]
      """
    And the ResourceClaim "ring-fabric" is allocated and reserved for the PodGroup "ring":
      | request | driver          | pool | device |
      | link    | dra.example.com | n1   | link-0 |
    Then the kubelet recorded a Warning event "FailedPrepareDynamicResources" for the Pod "ring-0" with message:
      """
      Failed to prepare dynamic resources: prepare dynamic resources: pod ring-0 (${uid}) is not allowed to use ResourceClaim ring-fabric (${uid:ResourceClaim/ring-fabric})
      """
    And the Pod "ring-0" has "status.phase" equal to Pending
