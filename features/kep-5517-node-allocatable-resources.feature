@kep-5517
Feature: KEP-5517 DRA node-allocatable resources (API and validation)
  The API changed shape between releases (api-truth §4): 1.36 ships the KEP text
  (device.nodeAllocatableResourceMappings, status entries with a `resources` map); 1.37 ships
  device.nodeAllocatableResources{mapping|overhead} and status entries with mapping[]/overhead[].
  Scenarios say which shape they encode. 1.37 messages: k/k pkg/apis/resource/validation and
  pkg/apis/core/validation @ abe8f409 (api-truth §9.3-§9.5).

  @component:apiserver @req:5517-R12 @gate:DRANodeAllocatableResources
  Scenario Outline: Device nodeAllocatableResources rules (1.37 shape)
    k/k validateNodeAllocatableResources (pkg/apis/resource/validation @009801d9, the newest
    1.37-era copy, with DRADerivedAttributes): native resource names only (extended resource
    names are refused), at least one of mapping/overhead (both together are allowed, as the
    1.37 API doc says; an older commit of the same PR, abe8f409, wanted exactly one),
    capacityKey must name a capacity of the device (NotFound), capacityKey and
    capacityMultiplier require each other. deviceMultiplier next to capacityKey is only
    refused by an alpha declarative union, which is not enforced by default.
    Given the feature gate DRANodeAllocatableResources is enabled
    When I create:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceSlice
      metadata:
        name: s1
      spec:
        driver: dra.example.com
        nodeName: node-1
        pool: {name: pool-a, resourceSliceCount: 1}
        devices:
        - name: cpu-0
          capacity:
            dra.example.com/cores: {value: "4"}
          nodeAllocatableResources:
            <resource>: <entry>
      """
    Then the outcome is "<outcome>"

    Examples:
      | resource        | entry | outcome |
      | cpu             | {mapping: {deviceMultiplier: "2"}} | accepted |
      | cpu             | {mapping: {capacityKey: dra.example.com/cores, capacityMultiplier: "2"}} | accepted |
      | memory          | {overhead: {perPod: 100Mi, perContainer: 10Mi}} | accepted |
      | hugepages-2Mi   | {overhead: {perPod: 4Mi}} | accepted |
      | example.com/gpu | {mapping: {deviceMultiplier: "1"}} | spec.devices[0].nodeAllocatableResources[example.com/gpu]: Invalid value: "example.com/gpu": must be a node allocatable resource name |
      | cpu             | {} | spec.devices[0].nodeAllocatableResources[cpu]: Required value: at least one of mapping or overhead must be set |
      | cpu             | {mapping: {deviceMultiplier: "1"}, overhead: {perPod: "1"}} | accepted |
      | cpu             | {mapping: {capacityKey: dra.example.com/memory, capacityMultiplier: "1"}} | spec.devices[0].nodeAllocatableResources[cpu].mapping.capacityKey: Not found: "dra.example.com/memory" |
      | cpu             | {mapping: {capacityKey: "", capacityMultiplier: "1"}} | spec.devices[0].nodeAllocatableResources[cpu].mapping.capacityKey: Invalid value: "": capacityKey must not be an empty string |
      | cpu             | {mapping: {capacityKey: dra.example.com/cores, capacityMultiplier: "1", deviceMultiplier: "1"}} | accepted |
      | cpu             | {mapping: {capacityKey: dra.example.com/cores, capacityMultiplier: "0"}} | spec.devices[0].nodeAllocatableResources[cpu].mapping.capacityMultiplier: Invalid value: "0": must be positive |
      | cpu             | {mapping: {capacityMultiplier: "2"}} | spec.devices[0].nodeAllocatableResources[cpu].mapping.capacityKey: Required value: capacityKey is required when capacityMultiplier is set |
      | cpu             | {mapping: {capacityKey: dra.example.com/cores}} | spec.devices[0].nodeAllocatableResources[cpu].mapping.capacityMultiplier: Required value: capacityMultiplier is required when capacityKey is set |
      | cpu             | {mapping: {deviceMultiplier: "0"}} | spec.devices[0].nodeAllocatableResources[cpu].mapping.deviceMultiplier: Invalid value: "0": must be positive |
      | cpu             | {mapping: {deviceMultiplier: "-1"}} | spec.devices[0].nodeAllocatableResources[cpu].mapping.deviceMultiplier: Invalid value: "-1": must be positive |

  @component:apiserver @req:5517-R04 @req:5517-R12 @gate:DRANodeAllocatableResources
  Scenario Outline: The KEP's representations are accepted in the shipped 1.37 shape
    KEP-5517 "Representation 1" (cpus as devices) and "Representation 4" (auxiliary needs),
    rewritten to nodeAllocatableResources (1.37).
    Given the feature gate DRANodeAllocatableResources is enabled
    When I apply the fixture "<fixture>"
    Then the request succeeds
    And the stored object has "<path>" equal to <value>

    Examples:
      | fixture                                   | path                                                           | value |
      | kep-5517/resourceslice-cpus.yaml          | spec.devices[0].nodeAllocatableResources.cpu.mapping.deviceMultiplier | "1" |
      | kep-5517/resourceslice-gpu-overhead.yaml  | spec.devices[0].nodeAllocatableResources.memory.overhead.perPod       | 100Mi |

  @component:apiserver @req:5517-R15 @gate:DRANodeAllocatableResources
  Scenario: With DRANodeAllocatableResources off the device field is dropped on create
    KEP-5517 "Feature Enablement": +featureGate=DRANodeAllocatableResources (alpha, off by
    default in 1.36 and 1.37); standard drop pattern (assumed, api-truth §9.6).
    Given a cluster
    When I apply the fixture "kep-5517/resourceslice-cpus.yaml"
    Then the request succeeds
    And the stored object has no "spec.devices[0].nodeAllocatableResources"

  @component:apiserver @req:5517-R16 @gate:DRANodeAllocatableResources @version:1.36
  Scenario Outline: 1.36 ships the KEP-text device field nodeAllocatableResourceMappings
    KEP-5517 "Device API Extensions" as written; shipped in 1.36 (tombstoned in 1.37,
    api-truth §4.2). Dropped while the gate is off (assumed standard pattern).
    Given a Kubernetes 1.36 cluster
    And the feature gate DRANodeAllocatableResources is <state>
    When I apply the fixture "kep-5517/v1.36/resourceslice-cpus.yaml"
    Then the request succeeds
    And <then>

    Examples:
      | state    | then |
      | enabled  | the stored object has "spec.devices[0].nodeAllocatableResourceMappings.cpu.allocationMultiplier" equal to "1" |
      | disabled | the stored object has no "spec.devices[0].nodeAllocatableResourceMappings" |

  @component:apiserver @req:5517-R11 @gate:DRANodeAllocatableResources
  Scenario Outline: nodeAllocatableResourceClaimStatuses entries (1.37 shape)
    k/k validateNodeAllocatableResourceClaimStatus (CVA2, api-truth §9.3): the claim must be one
    the pod references, mapped names must be native resources, quantities non-negative.
    Given the feature gate DRANodeAllocatableResources is enabled
    And the objects from fixture "kep-5517/pod-cpu-claim.yaml"
    When I patch the Pod "p" status with:
      """
      status:
        nodeAllocatableResourceClaimStatuses:
        - resourceClaimName: "<claim>"
          containers: [app]
          mapping:
          - name: "<resource>"
            quantity: "<quantity>"
      """
    Then the outcome is "<outcome>"

    Examples:
      | claim       | resource        | quantity | outcome |
      | cpu-claim   | cpu             | 4        | accepted |
      | cpu-claim   | hugepages-2Mi   | 4Mi      | accepted |
      | other-claim | cpu             | 4        | status.nodeAllocatableResourceClaimStatuses[0].resourceClaimName: Invalid value: "other-claim": no mapping found in pod reference |
      |             | cpu             | 4        | status.nodeAllocatableResourceClaimStatuses[0].resourceClaimName: Required value: must not be empty |
      | cpu-claim   | example.com/gpu | 1        | status.nodeAllocatableResourceClaimStatuses[0].mapping[0].name: Invalid value: "example.com/gpu": must be a node allocatable resource name |
      | cpu-claim   | cpu             | -1       | status.nodeAllocatableResourceClaimStatuses[0].mapping[0].quantity: Invalid value: "-1": must be non-negative |

  @component:apiserver @req:5517-R11 @gate:DRANodeAllocatableResources
  Scenario Outline: Containers and the mapping list of a status entry are required (1.37 shape)
    api-truth §9.3 (CVA2). Note: the 1.37 scheduler writes overhead-only entries with an empty
    mapping, which this rule refuses — a known divergence recorded in api-truth §9.3.
    Given the feature gate DRANodeAllocatableResources is enabled
    And the objects from fixture "kep-5517/pod-cpu-claim.yaml"
    When I patch the Pod "p" status with:
      """
      status:
        nodeAllocatableResourceClaimStatuses:
        - resourceClaimName: cpu-claim
          containers: <containers>
          mapping: <mapping>
          overhead: [{name: memory, perPod: 100Mi}]
      """
    Then the outcome is "<outcome>"

    Examples:
      | containers | mapping                      | outcome |
      | []         | [{name: cpu, quantity: "4"}] | status.nodeAllocatableResourceClaimStatuses[0].containers: Required value: must not be empty |
      | [app]      | []                           | status.nodeAllocatableResourceClaimStatuses[0].mapping: Required value: must not be empty |

  @component:apiserver @req:5517-R11 @gate:DRANodeAllocatableResources
  Scenario: A status entry may name the claim generated from a template
    api-truth §9.3: the name must equal a spec.resourceClaims[].resourceClaimName or a
    status.resourceClaimStatuses[].resourceClaimName (the generated claim).
    Given the feature gate DRANodeAllocatableResources is enabled
    And the objects:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: t
      spec:
        resourceClaims:
        - name: cpus
          resourceClaimTemplateName: cpu-template
        containers:
        - name: app
          image: registry.k8s.io/pause:3.10
          resources:
            claims:
            - name: cpus
      """
    When I patch the Pod "t" status with:
      """
      status:
        resourceClaimStatuses:
        - name: cpus
          resourceClaimName: t-cpus-8k2lw
        nodeAllocatableResourceClaimStatuses:
        - resourceClaimName: t-cpus-8k2lw
          containers: [app]
          mapping:
          - {name: cpu, quantity: "2"}
      """
    Then the request succeeds
    And the Pod "t" has "status.nodeAllocatableResourceClaimStatuses[0].mapping[0].quantity" equal to "2"

  @component:apiserver @req:5517-R11 @req:5517-R16 @gate:DRANodeAllocatableResources @version:1.36
  Scenario Outline: nodeAllocatableResourceClaimStatuses entries (1.36 shape, as in the KEP text)
    KEP-5517 "PodStatus" with a `resources` map; k/k CV17 (api-truth §9.3). Values of the
    rejected entries are not pinned, only field, reason and detail.
    Given a Kubernetes 1.36 cluster
    And the feature gate DRANodeAllocatableResources is enabled
    And the objects from fixture "kep-5517/pod-cpu-claim.yaml"
    When I patch the Pod "p" status with:
      """
      status:
        nodeAllocatableResourceClaimStatuses:
        - resourceClaimName: cpu-claim
          containers: [app]
          resources: <resources>
      """
    Then <then>

    Examples:
      | resources                 | then |
      | {cpu: "4", memory: 1Gi}   | the request succeeds |
      | {}                        | the outcome is "status.nodeAllocatableResourceClaimStatuses[0].resources: Required value: must not be empty" |
      | {example.com/gpu: "1"}    | the request is rejected with a cause at "status.nodeAllocatableResourceClaimStatuses[0].resources[example.com/gpu]" of reason "FieldValueInvalid" whose message ends with ": must be a node allocatable resource name" |
      | {cpu: "-1"}               | the request is rejected with a cause at "status.nodeAllocatableResourceClaimStatuses[0].resources[cpu]" of reason "FieldValueInvalid" whose message ends with ": must be non-negative" |

  @component:apiserver @req:5517-R15 @gate:DRANodeAllocatableResources
  Scenario: With DRANodeAllocatableResources off the pod status field is dropped on write
    +featureGate=DRANodeAllocatableResources on PodStatus.nodeAllocatableResourceClaimStatuses;
    standard drop-unless-in-use (assumed; not read, api-truth §9.6).
    Given the objects from fixture "kep-5517/pod-cpu-claim.yaml"
    When I patch the Pod "p" status with:
      """
      status:
        nodeAllocatableResourceClaimStatuses:
        - resourceClaimName: cpu-claim
          containers: [app]
          mapping:
          - {name: cpu, quantity: "4"}
      """
    Then the request succeeds
    And the Pod "p" has no "status.nodeAllocatableResourceClaimStatuses"

  @component:apiserver @req:5517-R14 @gate:DRANodeAllocatableResources @needs:pod-resize-subresource
  Scenario: A pod with node-allocatable claim statuses cannot be resized
    KEP-5517 "In-place resize" (alpha): k/k ValidatePodResize appends Forbidden at spec
    (api-truth §9.4). Uses the pods/resize subresource.
    Given the feature gate DRANodeAllocatableResources is enabled
    And the objects from fixture "kep-5517/pod-cpu-claim.yaml"
    When I patch the Pod "p" status with:
      """
      status:
        nodeAllocatableResourceClaimStatuses:
        - resourceClaimName: cpu-claim
          containers: [app]
          mapping:
          - {name: cpu, quantity: "4"}
      """
    And I patch the Pod "p" resize subresource with:
      """
      spec:
        containers:
        - name: app
          image: registry.k8s.io/pause:3.10
          resources:
            requests:
              cpu: 200m
              memory: 128Mi
            claims:
            - name: cpus
      """
    Then the outcome is "spec: Forbidden: pods with node allocatable resource claims cannot be resized"
