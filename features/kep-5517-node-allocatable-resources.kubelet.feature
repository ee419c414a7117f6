@kep-5517 @component:kubelet @needs:node-access
Feature: KEP-5517 kubelet admission counts DRA node-allocatable resources
  With DRANodeAllocatableResources the kubelet admits a pod on PodRequests including the
  amounts in pod.status.nodeAllocatableResourceClaimStatuses (component-helpers PodRequests
  with UseDRANodeAllocatableResourceClaimStatus, api-truth §4.3), and rejects it as the real
  kubelet does (lifecycle/predicate.go, kubelet rejectPod): phase Failed, reason OutOf<resource>,
  message "Pod was rejected: Node didn't have enough resource: <r>, requested: <n>, used: <n>,
  capacity: <n>" with cpu in millicores. The scheduler's status write is done through the API.

  Background:
    Given a node "n1" with cpu "8", memory "2Gi"
    And the objects:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: pinned-cpus
      spec:
        devices:
          requests:
          - name: cpus
            exactly:
              deviceClassName: dra.example.com
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: pinned
      spec:
        nodeName: n1
        resourceClaims:
        - name: cpus
          resourceClaimName: pinned-cpus
        containers:
        - name: main
          image: registry.k8s.io/pause:3.10
          resources:
            claims: [{name: cpus}]
            requests: {cpu: "4", memory: 1Gi}
      """

  @req:5517-R13 @gate:DRANodeAllocatableResources
  Scenario: The kubelet rejects a pod whose DRA-inclusive footprint exceeds allocatable though its spec fits
    KEP-5517 "Kubelet admission": 4 cpu in the spec plus 6 cpu mapped by the claim is 10 cpu
    on an 8-cpu node.
    Given the feature gate DRANodeAllocatableResources is enabled
    And the Pod "pinned" status has:
      """
      nodeAllocatableResourceClaimStatuses:
      - resourceClaimName: pinned-cpus
        containers: [main]
        mapping:
        - {name: cpu, quantity: "6"}
      """
    And the ResourceClaim "pinned-cpus" is allocated and reserved for the Pod "pinned":
      | request | driver          | pool | device    |
      | cpus    | dra.example.com | n1   | cpuset-0  |
    Then the Pod "pinned" contains:
      """
      status:
        phase: Failed
        reason: OutOfcpu
        message: "Pod was rejected: Node didn't have enough resource: cpu, requested: 10000, used: 0, capacity: 8000"
      """
    And the kubelet recorded a Warning event "OutOfcpu" for the Pod "pinned" with message:
      """
      Node didn't have enough resource: cpu, requested: 10000, used: 0, capacity: 8000
      """

  @req:5517-R13 @gate:DRANodeAllocatableResources
  Scenario: The kubelet admits a pod whose DRA-inclusive footprint fits
    KEP-5517 "Kubelet admission": 4 + 4 cpu on an 8-cpu node fits exactly (1Gi of 2Gi memory).
    Given the feature gate DRANodeAllocatableResources is enabled
    And the Pod "pinned" status has:
      """
      nodeAllocatableResourceClaimStatuses:
      - resourceClaimName: pinned-cpus
        containers: [main]
        mapping:
        - {name: cpu, quantity: "4"}
      """
    And the ResourceClaim "pinned-cpus" is allocated and reserved for the Pod "pinned":
      | request | driver          | pool | device    |
      | cpus    | dra.example.com | n1   | cpuset-0  |
    Then the Pod "pinned" has "status.phase" equal to Running

  @req:5517-R13 @req:5517-R04 @gate:DRANodeAllocatableResources
  Scenario: Per-pod and per-container overhead count against memory at admission
    KEP-5517 "Representation 4" (auxiliary needs) with the 1.37 overhead shape: perPod +
    perContainer x containers = 1Gi + 1 x 512Mi joins the 1Gi in the spec: 2.5Gi on a 2Gi node.
    Given the feature gate DRANodeAllocatableResources is enabled
    And the Pod "pinned" status has:
      """
      nodeAllocatableResourceClaimStatuses:
      - resourceClaimName: pinned-cpus
        containers: [main]
        mapping:
        - {name: cpu, quantity: "1"}
        overhead:
        - {name: memory, perPod: 1Gi, perContainer: 512Mi}
      """
    And the ResourceClaim "pinned-cpus" is allocated and reserved for the Pod "pinned":
      | request | driver          | pool | device    |
      | cpus    | dra.example.com | n1   | cpuset-0  |
    Then the Pod "pinned" contains:
      """
      status:
        phase: Failed
        reason: OutOfmemory
        message: "Pod was rejected: Node didn't have enough resource: memory, requested: 2684354560, used: 0, capacity: 2147483648"
      """

  @req:5517-R15
  Scenario: With the gate off the kubelet does no DRA accounting
    KEP-5517 "Enablement": gate off, the status field is dropped and only the spec counts
    (the documented overcommit risk): 4 cpu on an 8-cpu node is admitted.
    Given the Pod "pinned" status has:
      """
      nodeAllocatableResourceClaimStatuses:
      - resourceClaimName: pinned-cpus
        containers: [main]
        mapping:
        - {name: cpu, quantity: "6"}
      """
    And the ResourceClaim "pinned-cpus" is allocated and reserved for the Pod "pinned":
      | request | driver          | pool | device    |
      | cpus    | dra.example.com | n1   | cpuset-0  |
    Then the Pod "pinned" has "status.phase" equal to Running
    And the Pod "pinned" has no "status.nodeAllocatableResourceClaimStatuses"

  @req:5517-R13 @gate:DRANodeAllocatableResources @version:1.36
  Scenario: On 1.36 the resources map of the claim status counts at admission
    api-truth §4.2: the 1.36 NodeAllocatableResourceClaimStatus carries a resources map
    (the @version:1.36 tag starts a 1.36 cluster).
    Given the feature gate DRANodeAllocatableResources is enabled
    And the Pod "pinned" status has:
      """
      nodeAllocatableResourceClaimStatuses:
      - resourceClaimName: pinned-cpus
        containers: [main]
        resources: {cpu: "5"}
      """
    And the ResourceClaim "pinned-cpus" is allocated and reserved for the Pod "pinned":
      | request | driver          | pool | device    |
      | cpus    | dra.example.com | n1   | cpuset-0  |
    Then the Pod "pinned" contains:
      """
      status:
        phase: Failed
        reason: OutOfcpu
        message: "Pod was rejected: Node didn't have enough resource: cpu, requested: 9000, used: 0, capacity: 8000"
      """
