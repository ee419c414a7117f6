@kep-5517
Feature: KEP-5517 DRA node-allocatable resources (API and validation)
  The API changed shape between releases (api-truth §4): 1.36 ships the KEP text
  (device.nodeAllocatableResourceMappings, status entries with a `resources` map); 1.37 ships
  device.nodeAllocatableResources{mapping|overhead} and status entries with mapping[]/overhead[].

  Rule: API, validation and defaulting

    Scenarios say which shape they encode. 1.37 messages: k/k pkg/apis/resource/validation and
    pkg/apis/core/validation @ abe8f409 (api-truth §9.3-§9.5).

    @component:apiserver @req:5517-R12 @gate:DRANodeAllocatableResources @version:1.37 @clause:5517-R12/no-extended-keys @clause:5517-R12/mapping-rules @clause:5517-R12/overhead-rules @kep-test:unit-new-fields-validated
    Scenario Outline: Device nodeAllocatableResources rules (1.37 shape)
      k/k validateNodeAllocatableResources (pkg/apis/resource/validation @009801d9, the newest
      1.37-era copy, with DRADerivedAttributes): native resource names only (extended resource
      names are refused), at least one of mapping/overhead (both together are allowed, as the
      1.37 API doc says; an older commit of the same PR, abe8f409, wanted exactly one),
      capacityKey must name a capacity of the device (NotFound), capacityKey and
      capacityMultiplier require each other. deviceMultiplier next to capacityKey is only
      refused by an alpha declarative union, which is not enforced by default. An overhead
      sets perPod or perContainer, neither negative (the same commit; the value and type of
      the empty case follow the pod status check in pkg/api/pod/declarative_validation_test.go).
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
        | memory          | {overhead: {}} | spec.devices[0].nodeAllocatableResources[memory].overhead: Invalid value: "": at least one of perPod or perContainer must be set |
        | memory          | {overhead: {perPod: "-1Mi"}} | spec.devices[0].nodeAllocatableResources[memory].overhead.perPod: Invalid value: "-1Mi": must be non-negative |
        | memory          | {overhead: {perContainer: "-1"}} | spec.devices[0].nodeAllocatableResources[memory].overhead.perContainer: Invalid value: "-1": must be non-negative |

    @component:apiserver @req:5517-R04 @req:5517-R12 @gate:DRANodeAllocatableResources @version:1.37 @clause:5517-R12/mapping-rules
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

    @component:apiserver @req:5517-R15 @gate:DRANodeAllocatableResources @version:1.37 @clause:5517-R15/fields-dropped @kep-test:enablement-gate-on-off
    Scenario: With DRANodeAllocatableResources off the device field is dropped on create
      KEP-5517 "Feature Enablement": +featureGate=DRANodeAllocatableResources (alpha, off by
      default in 1.36 and 1.37); standard drop pattern (assumed, api-truth §9.6).
      Given the feature gate DRANodeAllocatableResources is disabled
      When I apply the fixture "kep-5517/resourceslice-cpus.yaml"
      Then the request succeeds
      And the stored object has no "spec.devices[0].nodeAllocatableResources"

    @component:apiserver @req:5517-R16 @gate:DRANodeAllocatableResources @version:1.36 @clause:5517-R16/device-field @clause:5517-R16/dropped-gate-off
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

    @component:apiserver @req:5517-R12 @req:5517-R16 @gate:DRANodeAllocatableResources @version:1.36 @clause:5517-R12/no-extended-keys @clause:5517-R16/mapping-rules-136
    Scenario Outline: Device nodeAllocatableResourceMappings rules (1.36 shape)
      k/k validateNodeAllocatableResourceMappings (pkg/apis/resource/validation/validation.go at
      78acd4d4, the 1.36 shape): the key must be a native resource name (v1helper
      IsNativeResource: extended resource names are refused); allocationMultiplier is positive;
      capacityKey is not empty and names a capacity of the device (NotFound). An empty mapping
      is accepted: SetDefaults_Device (pkg/apis/resource/v1/defaults.go at 16913111) sets the
      multiplier to 1 first, so upstream's "at least one of allocationMultiplier or capacityKey
      must be set" is out of reach through v1.
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
            nodeAllocatableResourceMappings:
              <resource>: <entry>
        """
      Then the outcome is "<outcome>"

      Examples:
        | resource        | entry | outcome |
        | cpu             | {allocationMultiplier: "2"} | accepted |
        | cpu             | {capacityKey: dra.example.com/cores} | accepted |
        | hugepages-2Mi   | {capacityKey: dra.example.com/cores, allocationMultiplier: 2Mi} | accepted |
        | example.com/gpu | {allocationMultiplier: "1"} | spec.devices[0].nodeAllocatableResourceMappings[example.com/gpu]: Invalid value: "example.com/gpu": must be a node allocatable resource name |
        | cpu             | {} | accepted |
        | cpu             | {allocationMultiplier: "0"} | spec.devices[0].nodeAllocatableResourceMappings[cpu].allocationMultiplier: Invalid value: "0": must be positive |
        | cpu             | {allocationMultiplier: "-500m"} | spec.devices[0].nodeAllocatableResourceMappings[cpu].allocationMultiplier: Invalid value: "-500m": must be positive |
        | cpu             | {capacityKey: ""} | spec.devices[0].nodeAllocatableResourceMappings[cpu].capacityKey: Invalid value: "": capacityKey must not be an empty string |
        | memory          | {capacityKey: dra.example.com/memory, allocationMultiplier: "1"} | spec.devices[0].nodeAllocatableResourceMappings[memory].capacityKey: Not found: "dra.example.com/memory" |

    @component:apiserver @req:5517-R16 @gate:DRANodeAllocatableResources @version:1.36 @clause:5517-R16/device-field
    Scenario: A 1.36 mapping without allocationMultiplier is stored with the multiplier 1
      SetDefaults_Device (pkg/apis/resource/v1/defaults.go at 16913111): every mapping that
      leaves allocationMultiplier out gets "1", with or without a capacityKey.
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
              dra.example.com/memory: {value: 8Gi}
            nodeAllocatableResourceMappings:
              cpu: {}
              memory: {capacityKey: dra.example.com/memory}
        """
      Then the request succeeds
      And the stored object has "spec.devices[0].nodeAllocatableResourceMappings" equal to {cpu: {allocationMultiplier: "1"}, memory: {capacityKey: dra.example.com/memory, allocationMultiplier: "1"}}

    @component:apiserver @req:5517-R16 @gate:DRANodeAllocatableResources @version:1.36 @clause:5517-R16/mapping-rules-136
    Scenario: A 1.36 mapping with a bad multiplier and a bad capacityKey is refused for both, the multiplier first
      validateNodeAllocatableResourceMappings (at 78acd4d4) checks allocationMultiplier before
      capacityKey within one entry; a device without capacities has no key to name.
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
            nodeAllocatableResourceMappings:
              cpu: {capacityKey: dra.example.com/cores, allocationMultiplier: "0"}
        """
      Then the request is rejected with exactly these causes:
        | field                                                                  | reason             | message |
        | spec.devices[0].nodeAllocatableResourceMappings[cpu].allocationMultiplier | FieldValueInvalid  | Invalid value: "0": must be positive |
        | spec.devices[0].nodeAllocatableResourceMappings[cpu].capacityKey          | FieldValueNotFound | Not found: "dra.example.com/cores" |
      And the error message is "ResourceSlice.resource.k8s.io "s1" is invalid: [spec.devices[0].nodeAllocatableResourceMappings[cpu].allocationMultiplier: Invalid value: "0": must be positive, spec.devices[0].nodeAllocatableResourceMappings[cpu].capacityKey: Not found: "dra.example.com/cores"]"

    @component:apiserver @req:5517-R11 @gate:DRANodeAllocatableResources @version:1.37 @clause:5517-R11/claim-referenced @clause:5517-R11/native-names
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
        | cpu-claim   | example.com/gpu | 1        | status.nodeAllocatableResourceClaimStatuses[0].mapping[0].name: Invalid value: "example.com/gpu": must be a node allocatable resource name |
        | cpu-claim   | cpu             | -1       | status.nodeAllocatableResourceClaimStatuses[0].mapping[0].quantity: Invalid value: "-1": must be non-negative |

    @component:apiserver @req:5517-R11 @gate:DRANodeAllocatableResources @version:1.37 @clause:5517-R11/entry-fields-optional
    Scenario Outline: Containers, mapping and overhead of a status entry are optional (1.37 shape)
      The shipped 1.37 types mark containers, mapping and overhead +optional; the published
      1.37.0 OpenAPI (io.k8s.api.core.v1.NodeAllocatableResourceClaimStatus) requires only
      resourceClaimName. KEP-5517 alpha2 (kubernetes/kubernetes#140009) writes an unreferenced
      claim's entry without containers and an overhead-only claim's entry without mapping. The
      "must not be empty" rules of the intermediate commit abe8f409 (api-truth §9.3, CVA2) did
      not ship (docs/api-truth-notes.md).
      Given the feature gate DRANodeAllocatableResources is enabled
      And the objects from fixture "kep-5517/pod-cpu-claim.yaml"
      When I patch the Pod "p" status with:
        """
        status:
          nodeAllocatableResourceClaimStatuses:
          - <entry>
        """
      Then the request succeeds
      And the Pod "p" has "status.nodeAllocatableResourceClaimStatuses[0].resourceClaimName" equal to "cpu-claim"

      Examples:
        | entry                                                                                          |
        | {resourceClaimName: cpu-claim, containers: [], mapping: [{name: cpu, quantity: "4"}]}          |
        | {resourceClaimName: cpu-claim, containers: [app], mapping: [], overhead: [{name: memory, perPod: 100Mi}]} |
        | {resourceClaimName: cpu-claim, overhead: [{name: memory, perContainer: 64Mi}]}                 |
        | {resourceClaimName: cpu-claim, containers: [app]}                                              |

    @component:apiserver @req:5517-R11 @gate:DRANodeAllocatableResources @version:1.37 @clause:5517-R11/claim-referenced
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

    @component:apiserver @req:5517-R11 @req:5517-R16 @gate:DRANodeAllocatableResources @version:1.36 @clause:5517-R11/claim-referenced @clause:5517-R16/status-resources
    Scenario: On 1.36 a status entry may name the claim generated from a template
      The 1.36 twin of the scenario above: k/k CV17 has the same claim-name rule (api-truth
      §9.3); the entry carries a resources map.
      Given a Kubernetes 1.36 cluster
      And the feature gate DRANodeAllocatableResources is enabled
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
            resources: {cpu: "2"}
        """
      Then the request succeeds
      And the Pod "t" has "status.nodeAllocatableResourceClaimStatuses[0].resources.cpu" equal to "2"

    @component:apiserver @req:5517-R11 @req:5517-R16 @gate:DRANodeAllocatableResources @version:1.36 @clause:5517-R16/status-resources @clause:5517-R11/native-names
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
        | {cpu: "0", memory: 1Gi}   | the request succeeds |

    @component:apiserver @req:5517-R15 @gate:DRANodeAllocatableResources @version:1.37 @clause:5517-R15/fields-dropped
    Scenario: With DRANodeAllocatableResources off the pod status field is dropped on write
      +featureGate=DRANodeAllocatableResources on PodStatus.nodeAllocatableResourceClaimStatuses;
      standard drop-unless-in-use (assumed; not read, api-truth §9.6).
      Given the feature gate DRANodeAllocatableResources is disabled
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
      Then the request succeeds
      And the Pod "p" has no "status.nodeAllocatableResourceClaimStatuses"

    @component:apiserver @req:5517-R14 @gate:DRANodeAllocatableResources @needs:pod-resize-subresource @version:1.37 @clause:5517-R14/resize-forbidden
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

    @component:apiserver @req:5517-R14 @req:5517-R16 @gate:DRANodeAllocatableResources @needs:pod-resize-subresource @version:1.36 @clause:5517-R14/resize-forbidden
    Scenario: On 1.36 a pod with node-allocatable claim statuses cannot be resized
      The 1.36 twin of the scenario above: ValidatePodResize at CV17 has the same Forbidden
      (api-truth §9.4); the status entry carries a resources map.
      Given a Kubernetes 1.36 cluster
      And the feature gate DRANodeAllocatableResources is enabled
      And the objects from fixture "kep-5517/pod-cpu-claim.yaml"
      When I patch the Pod "p" status with:
        """
        status:
          nodeAllocatableResourceClaimStatuses:
          - resourceClaimName: cpu-claim
            containers: [app]
            resources: {cpu: "4"}
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

    @component:apiserver @req:5517-R11 @req:5517-R16 @gate:DRANodeAllocatableResources @version:1.36 @clause:5517-R16/entry-required-136
    Scenario: On 1.36 the containers of a status entry must not be empty
      1.36 keeps the KEP-text rule (k/k validateNodeAllocatableResourceClaimStatus at
      kubernetes-1.36.0, api-truth §9.3 CV17): an entry without containers is refused with
      Required "must not be empty". 1.37 dropped the rule (the scenario above).
      Given a Kubernetes 1.36 cluster
      And the feature gate DRANodeAllocatableResources is enabled
      And the objects from fixture "kep-5517/pod-cpu-claim.yaml"
      When I patch the Pod "p" status with:
        """
        status:
          nodeAllocatableResourceClaimStatuses:
          - {resourceClaimName: cpu-claim, containers: [], resources: {cpu: "4"}}
        """
      Then the outcome is "status.nodeAllocatableResourceClaimStatuses[0].containers: Required value: must not be empty"

    @component:apiserver @req:5517-R11 @gate:DRANodeAllocatableResources @version:1.37 @clause:5517-R11/list-rules @kep-test:unit-new-fields-validated
    Scenario Outline: Status entries are maps and sets without duplicates; overhead entries are complete (1.37 shape)
      The 1.37 types make the entries a list map keyed by resourceClaimName, containers a set,
      mapping and overhead list maps keyed by name. Causes as k/k
      pkg/api/pod/declarative_validation_test.go (TestDeclarativeValidateNodeAllocatableStatus,
      newest stored revision) pins them: Duplicate at the later index, Required names and
      quantities, an overhead entry with neither perPod nor perContainer Invalid at the entry,
      negative amounts "must be non-negative".
      Given the feature gate DRANodeAllocatableResources is enabled
      And the objects from fixture "kep-5517/pod-cpu-claim.yaml"
      When I patch the Pod "p" status with:
        """
        status:
          nodeAllocatableResourceClaimStatuses: <entries>
        """
      Then the outcome is "<outcome>"

      Examples:
        | entries | outcome |
        | [{resourceClaimName: cpu-claim, mapping: [{name: cpu, quantity: "1"}]}, {resourceClaimName: cpu-claim, mapping: [{name: memory, quantity: 1G}]}] | status.nodeAllocatableResourceClaimStatuses[1]: Duplicate value: "cpu-claim" |
        | [{resourceClaimName: cpu-claim, containers: [app, app], mapping: [{name: cpu, quantity: "1"}]}] | status.nodeAllocatableResourceClaimStatuses[0].containers[1]: Duplicate value: "app" |
        | [{resourceClaimName: cpu-claim, mapping: [{name: cpu, quantity: "1"}, {name: cpu, quantity: "2"}]}] | status.nodeAllocatableResourceClaimStatuses[0].mapping[1]: Duplicate value: "cpu" |
        | [{resourceClaimName: cpu-claim, mapping: [{quantity: "1"}]}] | status.nodeAllocatableResourceClaimStatuses[0].mapping[0].name: Required value |
        | [{resourceClaimName: cpu-claim, mapping: [{name: cpu}]}] | status.nodeAllocatableResourceClaimStatuses[0].mapping[0].quantity: Required value |
        | [{resourceClaimName: cpu-claim, overhead: [{name: cpu, perPod: 100m}, {name: cpu, perPod: 200m}]}] | status.nodeAllocatableResourceClaimStatuses[0].overhead[1]: Duplicate value: "cpu" |
        | [{resourceClaimName: cpu-claim, overhead: [{perPod: 100m}]}] | status.nodeAllocatableResourceClaimStatuses[0].overhead[0].name: Required value |
        | [{resourceClaimName: cpu-claim, overhead: [{name: cpu}]}] | status.nodeAllocatableResourceClaimStatuses[0].overhead[0]: Invalid value: "": at least one of perPod or perContainer must be set |
        | [{resourceClaimName: cpu-claim, overhead: [{name: cpu, perPod: "-100m"}]}] | status.nodeAllocatableResourceClaimStatuses[0].overhead[0].perPod: Invalid value: "-100m": must be non-negative |
        | [{resourceClaimName: cpu-claim, overhead: [{name: memory, perContainer: "-1"}]}] | status.nodeAllocatableResourceClaimStatuses[0].overhead[0].perContainer: Invalid value: "-1": must be non-negative |

    @component:apiserver @req:5517-R11 @gate:DRANodeAllocatableResources @version:1.37 @clause:5517-R11/list-rules
    Scenario: A mapping entry without a name does not hide a later duplicate (1.37 shape)
      The name-keyed duplicate check passes over an entry that has no key (that entry gets its
      own Required) and goes on with the rest of the list: both causes are reported.
      Given the feature gate DRANodeAllocatableResources is enabled
      And the objects from fixture "kep-5517/pod-cpu-claim.yaml"
      When I patch the Pod "p" status with:
        """
        status:
          nodeAllocatableResourceClaimStatuses:
          - resourceClaimName: cpu-claim
            mapping: [{quantity: "1"}, {name: cpu, quantity: "1"}, {name: cpu, quantity: "2"}]
        """
      Then the request is rejected with exactly these causes:
        | field                                                      | reason              | message                |
        | status.nodeAllocatableResourceClaimStatuses[0].mapping[0].name | FieldValueRequired  | Required value         |
        | status.nodeAllocatableResourceClaimStatuses[0].mapping[2]      | FieldValueDuplicate | Duplicate value: "cpu" |

    @component:apiserver @req:5517-R10
    Scenario Outline: spec.overhead comes only from the pod's RuntimeClass
      The RuntimeClass admission plugin (k/k plugin/pkg/admission/runtimeclass, on by default)
      owns pod.spec.overhead, which KEP-5517 adds to a pod's footprint: a pod may not set it
      without a RuntimeClass that defines it, nor differently from its RuntimeClass, and a
      RuntimeClass that does not exist is refused.
      Given the objects:
        """
        apiVersion: node.k8s.io/v1
        kind: RuntimeClass
        metadata: {name: sandboxed}
        handler: sandboxed
        overhead:
          podFixed: {cpu: 250m}
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          runtimeClassName: <class>
          overhead: <overhead>
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
        """
      Then the request is rejected as Forbidden (403)
      And the error message is "pods "p" is forbidden: <message>"

      Examples:
        | class     | overhead     | message |
        | null      | {cpu: 250m}  | pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead |
        | sandboxed | {cpu: 500m}  | pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead |
        | sandboxed | {cpu: 250m, memory: 1Mi} | pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead |
        | missing   | null         | pod rejected: RuntimeClass "missing" not found |

    @component:apiserver @req:5517-R10
    Scenario: A pod's overhead in other notations of its RuntimeClass's amounts is admitted
      The plugin compares the two lists with apiequality.Semantic.DeepEqual, which compares
      quantities by value: 0.25 CPU and 1073741824 bytes are 250m and 1Gi (the decoder keeps a
      quantity's decimal or binary form, so the texts still differ). The stored pod carries the
      RuntimeClass's own list (setOverhead writes podFixed over it).
      Given the objects:
        """
        apiVersion: node.k8s.io/v1
        kind: RuntimeClass
        metadata: {name: sandboxed}
        handler: sandboxed
        overhead:
          podFixed: {cpu: 250m, memory: 1Gi}
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          runtimeClassName: sandboxed
          overhead: {cpu: "0.25", memory: "1073741824"}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
        """
      Then the request succeeds
      And the stored object has "spec.overhead" equal to {cpu: 250m, memory: 1Gi}

    @component:apiserver @req:5517-R11 @gate:DRANodeAllocatableResources @version:1.37 @clause:5517-R11/claim-referenced
    Scenario: An empty resourceClaimName in a status entry is Required and names no claim of the pod (1.37 shape)
      k/k validateNodeAllocatableResourceClaimStatus (api-truth §9.3): "" is Required ("must not
      be empty") and, as no pod reference maps to it, also Invalid ("no mapping found in pod
      reference"); both causes, nothing else.
      Given the feature gate DRANodeAllocatableResources is enabled
      And the objects from fixture "kep-5517/pod-cpu-claim.yaml"
      When I patch the Pod "p" status with:
        """
        status:
          nodeAllocatableResourceClaimStatuses:
          - resourceClaimName: ""
            containers: [app]
            mapping:
            - name: cpu
              quantity: "4"
        """
      Then the request is rejected with exactly these causes:
        | field                                                             | reason             | message                                            |
        | status.nodeAllocatableResourceClaimStatuses[0].resourceClaimName | FieldValueRequired | Required value: must not be empty                  |
        | status.nodeAllocatableResourceClaimStatuses[0].resourceClaimName | FieldValueInvalid  | Invalid value: "": no mapping found in pod reference |

    @component:apiserver @req:5517-R08 @version:1.37 @clause:5517-R08/plr-footprint
    Scenario: A pod-level cpu request below the sum of its containers' requests is refused
      KEP-5517 "Integration with Pod Level Resources": "with pod level resources, an admission
      time validation ensures that the sum of container requests does not exceed pod level
      requests" (the budget the DRA amounts are then checked against). k/k
      pkg/apis/core/validation/validation.go validatePodResourceConsistency: the cause is at
      spec.resources.requests[<name>], the value the pod-level request, naming the aggregate.
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: over-budget}
        spec:
          resources:
            requests: {cpu: "2"}
          containers:
          - name: a
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: "2"}}
          - name: b
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: 500m}}
        """
      Then the request is rejected with exactly these causes:
        | field                       | reason            | message                                                                         |
        | spec.resources.requests[cpu] | FieldValueInvalid | Invalid value: "2": must be greater than or equal to aggregate container requests of 2500m |

  @component:scheduler @gate:DRANodeAllocatableResources
  Rule: Scheduling and controllers
    KEP-5517 node-allocatable resources through DRA: one ledger in the scheduler.
    cpu and memory requested through claims count against node allocatable once, together
    with the pod's own requests (KEP "Use Case Walkthroughs", numbers kept). Shipped 1.37
    shape (api-truth §4.2, §9.8): devices declare nodeAllocatableResources {mapping|overhead}
    (the KEP examples write nativeResourceMappings/quantityFrom), pods get
    status.nodeAllocatableResourceClaimStatuses {resourceClaimName, containers, mapping,
    overhead} (the KEP writes nativeResourceClaimStatus). "Node requested grows by X" is
    observed black-box: a probe pod pinned to the node that asks for exactly what is left fits,
    one that asks for 1m/1Mi more does not.

    Background:
      Given the feature gate DRANodeAllocatableResources is enabled
      And a node "node1" with cpu "16", memory "32Gi", pods "110"
      And the objects from fixture "kep-5517/scheduling/cpu-socket-and-gpu.yaml"

    @req:5517-R02 @req:5517-R05 @req:5517-R11 @version:1.37 @clause:5517-R05/effective-demand @clause:5517-R05/requested-grows @clause:5517-R02/consumed-not-whole @clause:5517-R11/status-patched @clause:5517-R11/containers-listed @kep-test:e2e-consumable-capacity @kep-test:integration-cache-requested @kep-test:unit-status-updated
    Scenario: Use case 1: standard + DRA requests grow the node's requested by 4100m cpu and 8Gi+100Mi
      KEP-5517 "Use Case 1": effective demand {cpu: 4100m, memory: 8Gi + 100Mi}.
      When I apply the fixture "kep-5517/scheduling/use-case-1.yaml"
      Then the Pod "dra-pod" is scheduled to "node1"
      And the Pod "dra-pod" has "status.nodeAllocatableResourceClaimStatuses" equal to [{resourceClaimName: cpu-mem-claim, containers: [my-app1, my-app2], mapping: [{name: cpu, quantity: "4"}, {name: memory, quantity: 8Gi}]}]
      And a pod requesting cpu "11900m" fits on node "node1"
      And a pod requesting cpu "11901m" does not fit on node "node1"
      And a pod requesting memory "24476Mi" fits on node "node1"
      And a pod requesting memory "24477Mi" does not fit on node "node1"

    @req:5517-R18 @version:1.37 @clause:5517-R18/spec-only-qos
    Scenario Outline: The QoS class comes from the pod spec alone, not from cpu and memory of its claim (<qos>)
      KEP-5517 "Kubelet QoS and Cgroup Management" (Alpha): "A pod requesting CPU/Memory via DRA
      claims may be classified as BestEffort (no CPU/Memory requests or limits in its pod
      spec), or as Burstable (limits greater than request), as the DRA-provided resources are
      not considered in the QoS calculation." The API server computes status.qosClass from the
      spec when the pod is created (pkg/apis/core/helper/qos ComputePodQOS: Guaranteed needs
      cpu and memory limits on every container and every request equal to its limit, so a
      cpu request below its limit is Burstable); the claim gives the pod 4 cpus and 8Gi.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: cpu-mem-claim}
        spec:
          devices:
            requests:
            - name: cpu-mem-req
              exactly:
                deviceClassName: cpu-mem-socket
                capacity:
                  requests: {dra.example.com/cpu: "4", dra.example.com/memory: 8Gi}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: qos-pod}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: <requests>
              limits: <limits>
              claims: [{name: cpu-mem}]
          resourceClaims:
          - {name: cpu-mem, resourceClaimName: cpu-mem-claim}
        """
      Then the Pod "qos-pod" is scheduled to "node1"
      And the Pod "qos-pod" has "status.qosClass" equal to <qos>

      Examples:
        | qos        | requests                     | limits                       |
        | BestEffort | {}                           | {}                           |
        | Burstable  | {cpu: 100m, memory: 100Mi}   | {}                           |
        | Guaranteed | {cpu: "1", memory: 1Gi}      | {cpu: "1", memory: 1Gi}      |
        | Burstable  | {cpu: 500m, memory: 1Gi}     | {cpu: "1", memory: 1Gi}      |

    @req:5517-R06 @req:5517-R10 @version:1.37 @clause:5517-R06/gpu-path @clause:5517-R06/cpu-path @clause:5517-R10/delete-releases @kep-test:e2e-fungible
    Scenario: Use case 2 on a bigger node: 1 + 31 cpus are requested
      KEP-5517 "Use Case 2", Scenario A and B together on a 64-cpu node.
      Given a node "big" with cpu "64", memory "64Gi"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: big-slice}
        spec:
          driver: dra.example.com
          nodeName: big
          pool: {name: big-pool, generation: 1, resourceSliceCount: 1}
          devices:
          - name: socket0
            allowMultipleAllocations: true
            capacity:
              dra.example.com/cpu: {value: "128"}
            nodeAllocatableResources:
              cpu:
                mapping: {capacityKey: dra.example.com/cpu, capacityMultiplier: "1"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: big-gpus}
        spec:
          driver: gpu.example.com
          nodeName: big
          pool: {name: big-gpus, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: gpu-or-cpu-template}
        spec:
          spec:
            devices:
              requests:
              - name: gpu-or-cpu-req
                firstAvailable:
                - {name: gpu, deviceClassName: gpu-class, count: 1}
                - name: cpu
                  deviceClassName: cpu-mem-socket
                  capacity:
                    requests: {dra.example.com/cpu: "30"}
        """
      When I create 2 pods named "fungible-{i}" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          nodeSelector: {kubernetes.io/hostname: big}
          containers:
          - name: my-app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: "1", memory: 1Gi}
              claims: [{name: gpu-or-cpu}]
          resourceClaims:
          - {name: gpu-or-cpu, resourceClaimTemplateName: gpu-or-cpu-template}
        """
      Then 2 pods named "fungible-{i}" are scheduled
      And the Pod "fungible-0" has no "status.nodeAllocatableResourceClaimStatuses"
      And the Pod "fungible-1" has "status.nodeAllocatableResourceClaimStatuses[0].mapping" equal to [{name: cpu, quantity: "30"}]
      And a pod requesting cpu "32" fits on node "big"
      And a pod requesting cpu "32001m" does not fit on node "big"
      When I delete the Pod "fungible-1"
      Then a pod requesting cpu "63" fits on node "big"

    @req:5517-R04 @req:5517-R07 @version:1.37 @clause:5517-R07/combined @clause:5517-R04/auxiliary-added @kep-test:e2e-auxiliary @kep-test:unit-demand-calculation
    Scenario: Use case 3: combined DRA cpu and an auxiliary GPU need: 12300m cpu and 7Gi
      KEP-5517 "Use Case 3": my-cpu-claim {cpu: 10} + my-gpu-claim {cpu: 2, memory: 4Gi}.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: cpu-claim}
        spec:
          devices:
            requests:
            - name: cpus
              exactly:
                deviceClassName: cpu-mem-socket
                capacity:
                  requests: {dra.example.com/cpu: "10"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu-class}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: combined-dra-pod}
        spec:
          containers:
          - name: my-app1
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 100m, memory: 1Gi}
              claims: [{name: my-cpu-claim}, {name: my-gpu-claim}]
          - name: my-app2
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 200m, memory: 2Gi}
              claims: [{name: my-cpu-claim}, {name: my-gpu-claim}]
          resourceClaims:
          - {name: my-cpu-claim, resourceClaimName: cpu-claim}
          - {name: my-gpu-claim, resourceClaimName: gpu-claim}
        """
      Then the Pod "combined-dra-pod" is scheduled to "node1"
      And a pod requesting cpu "3700m" fits on node "node1"
      And a pod requesting cpu "3701m" does not fit on node "node1"
      And a pod requesting memory "25Gi" fits on node "node1"
      And a pod requesting memory "25601Mi" does not fit on node "node1"

    @req:5517-R08 @version:1.37 @clause:5517-R08/plr-footprint @kep-test:unit-podrequests-pod-level-precedence
    Scenario Outline: Use case 4: pod-level resources set the footprint; a claim beyond the budget is unresolvable
      KEP-5517 "Use Case 4" and api-truth §9.8 (validatePodLevelResourcesCoverDRA). Pod-level
      requests without limits set the footprint alone; the limits half of the check has nothing
      to compare (a container's own limit included).
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: cpu-req-10-cpus}
        spec:
          devices:
            requests:
            - name: cpus
              exactly:
                deviceClassName: cpu-mem-socket
                capacity:
                  requests: {dra.example.com/cpu: "<claim_cpus>"}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: plr-pod}
        spec:
          resources: <pod_resources>
          containers:
          - name: my-app1
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: cpu-req-10-cpus}]}
          - name: my-app2
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: cpu-req-10-cpus}]}
          - name: sidecar-container-1
            image: registry.k8s.io/pause:3.10
          - name: sidecar-container-2
            image: registry.k8s.io/pause:3.10
            resources: {limits: {memory: 1Gi}}
          resourceClaims:
          - {name: cpu-req-10-cpus, resourceClaimName: cpu-req-10-cpus}
        """
      Then <outcome>

      Examples:
        | claim_cpus | pod_resources                                                              | outcome |
        | 10         | {requests: {cpu: "11", memory: 10Gi}, limits: {cpu: "11", memory: 10Gi}} | a pod requesting cpu "5" fits on node "node1" |
        | 10         | {requests: {cpu: "11", memory: 10Gi}, limits: {cpu: "11", memory: 10Gi}} | a pod requesting cpu "5001m" does not fit on node "node1" |
        | 12         | {requests: {cpu: "11", memory: 10Gi}, limits: {cpu: "11", memory: 10Gi}} | the Pod "plr-pod" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 pod level request for cpu is insufficient to cover the aggregated container and node-allocatable DRA requests." |
        | 10         | {requests: {cpu: "11", memory: 10Gi}}                                      | a pod requesting cpu "5001m" does not fit on node "node1" |
        | 12         | {requests: {cpu: "11", memory: 10Gi}}                                      | the Pod "plr-pod" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 pod level request for cpu is insufficient to cover the aggregated container and node-allocatable DRA requests." |

    @req:5517-R09 @version:1.37 @clause:5517-R09/counts-once @clause:5517-R09/claims-add-up @clause:5517-R11/containers-listed @kep-test:unit-podrequests-status-added @req:5517-R11
    Scenario: Within a pod a claim counts once and several claims per container add up: the 9-cpu example
      KEP-5517 "Multiple Claims per Container": 1 (c1) + 4 (ClaimA) + 2 (ClaimB) + 2 (c2) = 9 cpus.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: claim-a}
        spec:
          devices:
            requests:
            - {name: cpus, exactly: {deviceClassName: cpu-mem-socket, capacity: {requests: {dra.example.com/cpu: "4"}}}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: claim-b}
        spec:
          devices:
            requests:
            - {name: cpus, exactly: {deviceClassName: cpu-mem-socket, capacity: {requests: {dra.example.com/cpu: "2"}}}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: nine}
        spec:
          containers:
          - name: c1
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: "1"}
              claims: [{name: a}, {name: b}]
          - name: c2
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: "2"}
              claims: [{name: a}]
          resourceClaims:
          - {name: a, resourceClaimName: claim-a}
          - {name: b, resourceClaimName: claim-b}
        """
      Then the Pod "nine" is scheduled to "node1"
      And the Pod "nine" has "status.nodeAllocatableResourceClaimStatuses[0].containers" equal to [c1, c2]
      And the Pod "nine" has "status.nodeAllocatableResourceClaimStatuses[1].containers" equal to [c1]
      And a pod requesting cpu "7" fits on node "node1"
      And a pod requesting cpu "7001m" does not fit on node "node1"

    @req:5517-R11 @version:1.37 @clause:5517-R11/containers-listed
    Scenario: A container that names two requests of one claim is listed once in its entry
      KEP-5517 "Multiple Claims per Container" lists each container that references the claim;
      a container may reference one claim per request (`claims: [{name: a, request: x}, {name:
      a, request: y}]`, validation allows a claim name once per request), and the entry's
      containers list is a set (validateNodeAllocatableResourceClaimStatus refuses a duplicate,
      see "Status entries are maps and sets"), so the scheduler names the container once. The
      claim's two requests add up: 1 + 2 cpus mapped, plus the container's 1.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: two-requests}
        spec:
          devices:
            requests:
            - {name: small, exactly: {deviceClassName: cpu-mem-socket, capacity: {requests: {dra.example.com/cpu: "1"}}}}
            - {name: large, exactly: {deviceClassName: cpu-mem-socket, capacity: {requests: {dra.example.com/cpu: "2"}}}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: both-requests}
        spec:
          containers:
          - name: c1
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: "1"}
              claims: [{name: a, request: small}, {name: a, request: large}]
          resourceClaims:
          - {name: a, resourceClaimName: two-requests}
        """
      Then the Pod "both-requests" is scheduled to "node1"
      And the Pod "both-requests" has "status.nodeAllocatableResourceClaimStatuses[0].containers" equal to [c1]
      And a pod requesting cpu "12" fits on node "node1"
      And a pod requesting cpu "12001m" does not fit on node "node1"

    @req:5517-R09 @req:5517-R11 @version:1.37 @clause:5517-R09/unreferenced-counts @clause:5517-R11/entry-fields-optional
    Scenario: An unreferenced claim still counts: the pod schedules with an entry without containers
      KEP-5517 "Unreferenced Claims": a pod-level claim no container references still counts
      against the node. Shipped in 1.37 by the alpha2 change (kubernetes/kubernetes#140009,
      release note "support unreferenced pod-level claims"); the 1.37 types make containers
      optional and test/integration/dra/node_allocatable_resources.go
      (testNodeAllocatableUnreferencedClaimInPod) expects the pod to schedule with an entry
      whose containers are empty (omitted on the wire). Pod cpu 1 + mapped cpu 1 = 2 of 16.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: claim-c}
        spec:
          devices:
            requests:
            - {name: cpus, exactly: {deviceClassName: cpu-mem-socket, capacity: {requests: {dra.example.com/cpu: "1"}}}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: unreferenced}
        spec:
          containers:
          - name: c1
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: "1"}
          resourceClaims:
          - {name: unreferenced, resourceClaimName: claim-c}
        """
      Then the Pod "unreferenced" is scheduled to "node1"
      And the Pod "unreferenced" has "status.nodeAllocatableResourceClaimStatuses" equal to [{resourceClaimName: claim-c, mapping: [{name: cpu, quantity: "1"}, {name: memory, quantity: "0"}]}]
      And a pod requesting cpu "14" fits on node "node1"
      And a pod requesting cpu "14001m" does not fit on node "node1"

    @req:5517-R05 @version:1.37 @clause:5517-R05/requested-grows
    Scenario: A pool republished under a new generation, the old slice still there, is counted once
      A driver that republishes its pool writes the slices of the new generation before it
      deletes the old ones (dynamic-resource-allocation resourceslice controller), so for a
      while the same device is in two slices. The allocator takes only the newest generation
      (GatherPools); the ledger finds the device's nodeAllocatableResources in either, the
      same here, and use case 1 is counted exactly as with one slice.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node1-slice-next}
        spec:
          driver: dra.example.com
          nodeName: node1
          pool: {name: node1-pool, generation: 2, resourceSliceCount: 1}
          devices:
          - name: socket0
            attributes:
              dra.example.com/type: {string: socket}
            allowMultipleAllocations: true
            capacity:
              dra.example.com/cpu: {value: "128"}
              dra.example.com/memory:
                value: "256Gi"
                requestPolicy: {default: "0", validRange: {min: "0"}}
            nodeAllocatableResources:
              cpu:
                mapping: {capacityKey: dra.example.com/cpu, capacityMultiplier: "1"}
              memory:
                mapping: {capacityKey: dra.example.com/memory, capacityMultiplier: "1"}
        """
      And I apply the fixture "kep-5517/scheduling/use-case-1.yaml"
      Then the Pod "dra-pod" is scheduled to "node1"
      And the Pod "dra-pod" has "status.nodeAllocatableResourceClaimStatuses" equal to [{resourceClaimName: cpu-mem-claim, containers: [my-app1, my-app2], mapping: [{name: cpu, quantity: "4"}, {name: memory, quantity: 8Gi}]}]
      And a pod requesting cpu "11900m" fits on node "node1"
      And a pod requesting cpu "11901m" does not fit on node "node1"

    @req:5517-R09 @version:1.37 @clause:5517-R09/no-sharing
    Scenario: A claim with a mapped device cannot be shared across pods
      api-truth §9.8: UnschedulableAndUnresolvable "node allocatable resource claim <claim> has a
      mapped device and cannot be shared across pods".
      When I apply the fixture "kep-5517/scheduling/use-case-1.yaml"
      And I create 1 pod named "second" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: shared}]}
          resourceClaims:
          - {name: shared, resourceClaimName: cpu-mem-claim}
        """
      Then the Pod "dra-pod" is scheduled to "node1"
      And the Pod "second" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 node allocatable resource claim cpu-mem-claim has a mapped device and cannot be shared across pods."

    @req:5517-R09 @version:1.37 @clause:5517-R09/no-sharing
    Scenario: The sharing refusal is the claim's node's; another node says the claim is not available there
      NADR (1.37) validates the sharing of the pod's allocated claims only on a node their
      allocation's node selector matches; elsewhere the loop goes on to the next claim, and
      Filter refuses the node because the claim is not available there. So the second pod
      hears one refusal of each kind.
      Given a node "node2" with cpu "16", memory "32Gi", pods "110"
      When I apply the fixture "kep-5517/scheduling/use-case-1.yaml"
      And I create 1 pod named "second" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: shared}]}
          resourceClaims:
          - {name: shared, resourceClaimName: cpu-mem-claim}
        """
      Then the Pod "dra-pod" is scheduled to "node1"
      And the Pod "second" stays pending with reason "Unschedulable" and a message starting with "0/2 nodes are available: 1 node allocatable resource claim cpu-mem-claim has a mapped device and cannot be shared across pods, 1 resourceclaim not available on the node."

    @req:5517-R09 @version:1.37 @clause:5517-R09/no-sharing
    Scenario: The sharing refusal still comes when an earlier claim of the pod is not available on the node
      Filter's loop over the pod's claims notes a claim not available on the node and goes on
      to the next one (unavailableClaims), so the shared node-allocatable claim after it is
      still refused on its own node; node2, where the first claim is allocated, refuses
      because the shared claim is not available there.
      Given a node "node2" with cpu "16", memory "32Gi", pods "110"
      When I apply the fixture "kep-5517/scheduling/use-case-1.yaml"
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: elsewhere}
        spec:
          devices:
            requests:
            - {name: nic, exactly: {deviceClassName: cpu-mem-socket}}
        """
      And I patch the ResourceClaim "elsewhere" status with:
        """
        status:
          allocation:
            devices:
              results:
              - {request: nic, driver: dra.example.com, pool: node2-pool, device: nic-0}
            nodeSelector:
              nodeSelectorTerms:
              - matchFields:
                - {key: metadata.name, operator: In, values: [node2]}
        """
      And I create 1 pod named "second" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: nic}, {name: shared}]}
          resourceClaims:
          - {name: nic, resourceClaimName: elsewhere}
          - {name: shared, resourceClaimName: cpu-mem-claim}
        """
      Then the Pod "dra-pod" is scheduled to "node1"
      And the Pod "second" stays pending with reason "Unschedulable" and a message starting with "0/2 nodes are available: 1 node allocatable resource claim cpu-mem-claim has a mapped device and cannot be shared across pods, 1 resourceclaim not available on the node."

    @req:5517-R10 @version:1.37 @clause:5517-R10/no-overcommit @clause:5517-R10/node-filtered @clause:5517-R10/delete-releases @kep-test:integration-plugins-interact @kep-test:integration-delete-released @kep-test:unit-delete-releases @kep-test:unit-podrequests-unchanged-without-dra
    Scenario: A second pod that would overcommit the node is Unschedulable; deleting the first frees it
      KEP-5517 "unified ledger": the DRA cpu of the first pod counts for the second.
      When I apply the fixture "kep-5517/scheduling/use-case-1.yaml"
      And I create 1 pod named "heavy" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: "12"}}
        """
      Then the Pod "heavy" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient cpu."
      When I delete the Pod "dra-pod"
      Then the Pod "heavy" is scheduled to "node1"

    @req:5517-R15 @version:1.37 @clause:5517-R15/gate-off-not-counted @kep-test:enablement-gate-on-off
    Scenario: Gate off: no DRA accounting (the documented overcommit risk)
      KEP-5517 "Enablement": without the gate only the spec requests count.
      Given the feature gate DRANodeAllocatableResources is disabled
      When I apply the fixture "kep-5517/scheduling/use-case-1.yaml"
      Then the Pod "dra-pod" is scheduled to "node1"
      And the Pod "dra-pod" has no "status.nodeAllocatableResourceClaimStatuses"
      And a pod requesting cpu "15900m" fits on node "node1"

    @req:5517-R04 @req:5517-R09 @req:5517-R11 @version:1.37 @clause:5517-R04/auxiliary-added @clause:5517-R11/status-patched @clause:5517-R11/containers-listed @clause:5517-R09/claims-add-up
    Scenario: Overhead perPod/perContainer and the shipped status shape: sorted entries, containers, mapping and overhead lists
      KEP-5517 "Representation 4" and "Pod API Changes" in the 1.37 shape (api-truth §4.2,
      §4.3, §9.8 NADR buildNodeAllocatableDRAInfo): entries sorted by resourceClaimName (not by
      the pod's entry order); containers are the init and regular containers whose
      resources.claims name the claim; mapping[] = consumed capacity x multiplier or devices x
      deviceMultiplier, sorted by name; overhead[] = perPod/perContainer as declared, sorted by
      name (the KEP text has neither overhead nor lists). PodRequests (component-helpers
      resource/helpers.go aggregateContainerResourcesByFn, newest form; api-truth §4.3 quotes
      an older one that always added DRA amounts) charges mapping quantities and perPod for
      the pod's whole life and perContainer to each referencing container, so for the plain
      init container "setup" it only raises that container's peak. Here: cpu max(200m, 100m)
      + 2 + 1 = 3200m; memory max(256Mi + 256Mi, 256Mi) + 1Gi + 1Gi = 2560Mi.
      Given the objects from fixture "kep-5517/scheduling/xpu-with-overhead.yaml"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: z-xpu-claim}
        spec:
          devices:
            requests:
            - name: xpu
              exactly:
                deviceClassName: ai-accelerators
                selectors:
                - cel: {expression: 'device.attributes["xpu.example.com"].model == "model-x"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: a-cpu-claim}
        spec:
          devices:
            requests:
            - name: cpu-mem-req
              exactly:
                deviceClassName: cpu-mem-socket
                capacity:
                  requests: {dra.example.com/cpu: "2", dra.example.com/memory: 1Gi}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: status-shape}
        spec:
          initContainers:
          - name: setup
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 100m}
              claims: [{name: xpu}]
          containers:
          - name: main
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 200m, memory: 256Mi}
              claims: [{name: xpu}, {name: cpus}]
          - name: helper
            image: registry.k8s.io/pause:3.10
            resources:
              claims: [{name: cpus}]
          resourceClaims:
          - {name: xpu, resourceClaimName: z-xpu-claim}
          - {name: cpus, resourceClaimName: a-cpu-claim}
        """
      Then the Pod "status-shape" is scheduled to "node1"
      And the Pod "status-shape" has "status.nodeAllocatableResourceClaimStatuses" equal to [{resourceClaimName: a-cpu-claim, containers: [main, helper], mapping: [{name: cpu, quantity: "2"}, {name: memory, quantity: 1Gi}]}, {resourceClaimName: z-xpu-claim, containers: [setup, main], mapping: [{name: cpu, quantity: "1"}], overhead: [{name: memory, perPod: 1Gi, perContainer: 256Mi}]}]
      And a pod requesting cpu "12800m" fits on node "node1"
      And a pod requesting cpu "12801m" does not fit on node "node1"
      And a pod requesting memory "30208Mi" fits on node "node1"
      And a pod requesting memory "30209Mi" does not fit on node "node1"

    @req:5517-R09 @req:5517-R11 @version:1.37 @req:5517-R04 @clause:5517-R04/auxiliary-added @clause:5517-R11/entry-fields-optional
    Scenario: An overhead-only claim: the pod schedules with an entry without mapping and its overhead counts
      KEP-5517 alpha2 as shipped in 1.37 (kubernetes/kubernetes#140009): the scheduler
      (nodeallocatabledynamicresources.go buildNodeAllocatableDRAInfo) writes an overhead-only
      claim's entry without mapping, which the 1.37 types allow (mapping is optional);
      test/integration/dra/node_allocatable_resources.go (OverheadMappingsPerPod) expects the
      pod to schedule. xpu-model-y-001 costs 512Mi per pod: 32Gi - 512Mi = 32256Mi are left.
      Given the objects from fixture "kep-5517/scheduling/xpu-with-overhead.yaml"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: y-xpu-claim}
        spec:
          devices:
            requests:
            - name: xpu
              exactly:
                deviceClassName: ai-accelerators
                selectors:
                - cel: {expression: 'device.attributes["xpu.example.com"].model == "model-y"'}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: overhead-only}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              claims: [{name: xpu}]
          resourceClaims:
          - {name: xpu, resourceClaimName: y-xpu-claim}
        """
      Then the Pod "overhead-only" is scheduled to "node1"
      And the Pod "overhead-only" has "status.nodeAllocatableResourceClaimStatuses" equal to [{resourceClaimName: y-xpu-claim, containers: [app], overhead: [{name: memory, perPod: 512Mi}]}]
      And a pod requesting memory "32256Mi" fits on node "node1"
      And a pod requesting memory "32257Mi" does not fit on node "node1"

    @req:5517-R03 @req:5517-R10 @version:1.37 @clause:5517-R03/counters-consistent @clause:5517-R03/partition-counts @clause:5517-R10/delete-releases @kep-test:e2e-partitionable-devices
    Scenario: Partitionable NUMA/L3 devices: counters keep partitions consistent and the chosen partition's cpus count
      KEP-5517 "Resource Representation Examples" 3 with its numbers (an L3 cache holds 8 cpus,
      a NUMA node 32, both drawing on one counter set), shipped 1.37 shape (see the fixture
      for capacityKey vs deviceMultiplier). An allocated L3 cache leaves 24 of 32 counters, so
      the NUMA node cannot be allocated (structured allocator: counters never overdrawn) and
      the node's requested cpu grows by 8; once the L3 pod is gone the NUMA node is allocated
      and counts 32 cpu.
      Given a node "cpu-node" with cpu "64", memory "64Gi", pods "110"
      And the objects from fixture "kep-5517/scheduling/partitionable-numa-l3.yaml"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: one-l3}
        spec:
          spec:
            devices:
              requests:
              - {name: l3, exactly: {deviceClassName: dra-l3-caches}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: one-numa}
        spec:
          spec:
            devices:
              requests:
              - {name: numa, exactly: {deviceClassName: dra-numa-nodes}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: l3-pod}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: cpus}]}
          resourceClaims:
          - {name: cpus, resourceClaimTemplateName: one-l3}
        """
      Then the Pod "l3-pod" is scheduled to "cpu-node"
      And the Pod "l3-pod" has "status.nodeAllocatableResourceClaimStatuses[0].mapping" equal to [{name: cpu, quantity: "8"}]
      And the claim "cpus" of Pod "l3-pod" contains:
        """
        status:
          allocation:
            devices:
              results:
              - {driver: cpu.example.com, pool: cpu-node-cpus, device: socket-0-numa-0-l3-0}
        """
      And a pod requesting cpu "56" fits on node "cpu-node"
      And a pod requesting cpu "56001m" does not fit on node "cpu-node"
      When I create 1 pod named "numa-pod" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: cpus}]}
          resourceClaims:
          - {name: cpus, resourceClaimTemplateName: one-numa}
        """
      Then the Pod "numa-pod" stays pending with reason "Unschedulable" and a message starting with "0/2 nodes are available: 2 cannot allocate all claims."
      When I delete the Pod "l3-pod"
      Then the Pod "numa-pod" is scheduled to "cpu-node"
      And the Pod "numa-pod" has "status.nodeAllocatableResourceClaimStatuses[0].mapping" equal to [{name: cpu, quantity: "32"}]
      And a pod requesting cpu "32" fits on node "cpu-node"
      And a pod requesting cpu "32001m" does not fit on node "cpu-node"

    @req:5517-R09 @req:5517-R10 @req:5517-R11 @version:1.37 @clause:5517-R09/overhead-shared
    Scenario: Two pods share an overhead-only claim: both schedule and each pod's overhead counts once
      KEP-5517 alpha2 "Claim sharing" (kubernetes/enhancements#6082, shipped by
      kubernetes/kubernetes#140009): overhead-only claims may be shared across pods, and the
      scheduler and the kubelet add the overhead from each pod's own
      status.nodeAllocatableResourceClaimStatuses, independently per pod
      (nodeallocatabledynamicresources.go validateNodeAllocatableDRAClaimSharing: "Overhead-only
      claims are allowed to be shared"; test/integration/dra/node_allocatable_resources.go
      testNodeAllocatableResourceClaimSharingOverhead). xpu-model-y-001 costs 512Mi per pod, so
      two pods take 1Gi: 32Gi - 1Gi = 31744Mi are left. Regression: this used to make settle()
      loop for ever.
      Given the objects from fixture "kep-5517/scheduling/xpu-with-overhead.yaml"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: y-xpu-claim}
        spec:
          devices:
            requests:
            - name: xpu
              exactly:
                deviceClassName: ai-accelerators
                selectors:
                - cel: {expression: 'device.attributes["xpu.example.com"].model == "model-y"'}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: sharer-1}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              claims: [{name: xpu}]
          resourceClaims:
          - {name: xpu, resourceClaimName: y-xpu-claim}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: sharer-2}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              claims: [{name: xpu}]
          resourceClaims:
          - {name: xpu, resourceClaimName: y-xpu-claim}
        """
      Then the Pod "sharer-1" is scheduled to "node1"
      And the Pod "sharer-2" is scheduled to "node1"
      And the Pod "sharer-1" has "status.nodeAllocatableResourceClaimStatuses" equal to [{resourceClaimName: y-xpu-claim, containers: [app], overhead: [{name: memory, perPod: 512Mi}]}]
      And the Pod "sharer-2" has "status.nodeAllocatableResourceClaimStatuses" equal to [{resourceClaimName: y-xpu-claim, containers: [app], overhead: [{name: memory, perPod: 512Mi}]}]
      And the ResourceClaim "y-xpu-claim" has "status.reservedFor[0].name" equal to "sharer-1"
      And the ResourceClaim "y-xpu-claim" has "status.reservedFor[1].name" equal to "sharer-2"
      And a pod requesting memory "31744Mi" fits on node "node1"
      And a pod requesting memory "31745Mi" does not fit on node "node1"

    @req:5517-R01 @req:5517-R02 @req:5517-R11 @version:1.37 @clause:5517-R01/devices-times-multiplier @clause:5517-R01/several-devices @clause:5517-R02/capacity-times-multiplier @clause:5517-R02/consumed-not-whole @clause:5517-R11/status-patched @kep-test:e2e-individual-devices @kep-test:unit-demand-calculation
    Scenario: Several devices times deviceMultiplier and consumed capacity times capacityMultiplier, in the 1.37 shape
      KEP-5517 "AllocationMultiplier" (1.37: mapping.deviceMultiplier and capacityMultiplier,
      api-truth §4.3, §9.8): "If 4 devices are allocated to the claim, 4 * 2 CPUs would be
      considered as allocated" and "If a claim consumes 8 dra.example.com/cores, the CPU
      footprint is 8 * 2 = 16". Three 2-thread cores count 6 cpu, 5 of the socket's 16 cores
      count 10 cpu; with the pod's 1 cpu the node's requested grows by 17 of 32.
      Given a node "cores-node" with cpu "32", memory "64Gi", pods "110"
      And the objects from fixture "kep-5517/scheduling/cores-and-socket.yaml"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: three-cores}
        spec:
          devices:
            requests:
            - {name: cores, exactly: {deviceClassName: physical-core, count: 3}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: five-socket-cores}
        spec:
          devices:
            requests:
            - name: cores
              exactly:
                deviceClassName: socket-cores
                capacity:
                  requests: {cpu.example.com/cores: "5"}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: multiplied}
        spec:
          nodeSelector: {kubernetes.io/hostname: cores-node}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: "1"}
              claims: [{name: cores}, {name: socket}]
          resourceClaims:
          - {name: cores, resourceClaimName: three-cores}
          - {name: socket, resourceClaimName: five-socket-cores}
        """
      Then the Pod "multiplied" is scheduled to "cores-node"
      And the claim "cores" of Pod "multiplied" has 3 allocated devices
      And the Pod "multiplied" has "status.nodeAllocatableResourceClaimStatuses" equal to [{resourceClaimName: five-socket-cores, containers: [app], mapping: [{name: cpu, quantity: "10"}]}, {resourceClaimName: three-cores, containers: [app], mapping: [{name: cpu, quantity: "6"}]}]
      And a pod requesting cpu "15" fits on node "cores-node"
      And a pod requesting cpu "15001m" does not fit on node "cores-node"

    @req:5517-R02 @version:1.37 @clause:5517-R02/capacity-key-needs-consumed-capacity
    Scenario: A capacityKey mapping on a device that is not shared fails the cycle: the allocation has no consumed capacity
      Only a device with allowMultipleAllocations gets consumedCapacity in its allocation
      result; a mapping by capacityKey on any other device cannot be computed, and k/k
      nodeallocatabledynamicresources.go buildNodeAllocatableDRAInfo (addDeviceMapping) returns
      an error, which fails the scheduling cycle.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: pinned-cores}
        spec:
          selectors:
          - cel: {expression: device.driver == "excl.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node1-pinned}
        spec:
          driver: excl.example.com
          nodeName: node1
          pool: {name: node1-pinned, generation: 1, resourceSliceCount: 1}
          devices:
          - name: pinned-0
            capacity:
              excl.example.com/cores: {value: "4"}
            nodeAllocatableResources:
              cpu:
                mapping: {capacityKey: excl.example.com/cores, capacityMultiplier: "1"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: pinned}
        spec:
          devices:
            requests:
            - {name: cores, exactly: {deviceClassName: pinned-cores}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: pinned-pod}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              claims: [{name: cores}]
          resourceClaims:
          - {name: cores, resourceClaimName: pinned}
        """
      Then the request succeeds
      And the Pod "pinned-pod" stays pending with reason "SchedulerError" and a message containing "default/pinned, device pinned-0: ConsumedCapacity is nil, but Capacity key 'excl.example.com/cores' is set in NodeAllocatableResources for resource cpu"

    @req:5517-R11 @version:1.37 @clause:5517-R11/device-gone
    Scenario: A shared claim whose device left its slice fails the next pod's cycle
      k/k nodeallocatabledynamicresources.go buildNodeAllocatableDRAInfo looks up every
      allocated device of a claim whose devices declare node-allocatable resources
      (getDeviceFromSlices); one that no slice publishes any more is an error for the next pod
      that uses the claim. The claim holds an overhead-only accelerator (so it may be shared)
      and a plain helper device; the helper's slice is deleted after the first pod got both.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: aux.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "aux.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node1-aux}
        spec:
          driver: aux.example.com
          nodeName: node1
          pool: {name: node1-aux, generation: 1, resourceSliceCount: 1}
          devices:
          - name: acc-0
            nodeAllocatableResources:
              memory:
                overhead: {perPod: 64Mi}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node1-helpers}
        spec:
          driver: aux.example.com
          nodeName: node1
          pool: {name: node1-helpers, generation: 1, resourceSliceCount: 1}
          devices:
          - name: helper-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: acc-and-helper}
        spec:
          devices:
            requests:
            - {name: acc, exactly: {deviceClassName: aux.example.com}}
            - {name: helper, exactly: {deviceClassName: aux.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: first}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: aux}]}}
          resourceClaims:
          - {name: aux, resourceClaimName: acc-and-helper}
        """
      Then the request succeeds
      And the Pod "first" is scheduled to "node1"
      And the ResourceClaim "acc-and-helper" has "status.allocation.devices.results[1].device" equal to helper-0
      When I delete the ResourceSlice "node1-helpers"
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: aux}]}}
          resourceClaims:
          - {name: aux, resourceClaimName: acc-and-helper}
        """
      Then the request succeeds
      And the Pod "second" stays pending with reason "SchedulerError" and a message containing "default/acc-and-helper, device helper-0, driver aux.example.com: device helper-0 not found in pool node1-helpers for driver aux.example.com"

    @req:5517-R11 @version:1.37 @clause:5517-R11/device-gone-skipped
    Scenario: A claim whose only mapped device's allNodes slice was deleted gets no entry on the next pod and adds nothing
      k/k nodeallocatabledynamicresources.go calculateAndCheckNodeAllocatableResources (1.37)
      looks each allocated device up in the node's slices (getDeviceFromSlices) and skips one
      it cannot find, so a claim none of whose remaining devices declares node-allocatable
      resources is not a node-allocatable claim: no entry and no error (the error of "A shared
      claim whose device left its slice fails the next pod's cycle" needs another device that
      still declares). The sharing check finds no mapped device either (PreFilter's
      claimHasNodeAllocatableMappedDevice reads every slice), so "second" may share the claim.
      node1 then carries only the 2 cpus of "first": a probe of 14 cpus fits, 14001m does not.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: net.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "net.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: fabric}
        spec:
          driver: net.example.com
          allNodes: true
          pool: {name: fabric, generation: 1, resourceSliceCount: 1}
          devices:
          - name: link-0
            nodeAllocatableResources:
              cpu:
                mapping: {deviceMultiplier: "2"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: link}
        spec:
          devices:
            requests:
            - {name: link, exactly: {deviceClassName: net.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: first}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: net}]}}
          resourceClaims:
          - {name: net, resourceClaimName: link}
        """
      Then the request succeeds
      And the Pod "first" is scheduled to "node1"
      And the Pod "first" has "status.nodeAllocatableResourceClaimStatuses" equal to [{resourceClaimName: link, containers: [app], mapping: [{name: cpu, quantity: "2"}]}]
      When I delete the ResourceSlice "fabric"
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: net}]}}
          resourceClaims:
          - {name: net, resourceClaimName: link}
        """
      Then the request succeeds
      And the Pod "second" is scheduled to "node1"
      And the Pod "second" has no "status.nodeAllocatableResourceClaimStatuses"
      And a pod requesting cpu "14" fits on node "node1"
      And a pod requesting cpu "14001m" does not fit on node "node1"

    @req:5517-R06 @version:1.37 @clause:5517-R06/per-node @clause:5517-R06/gpu-path @clause:5517-R06/cpu-path @kep-test:integration-fungible-per-node @kep-test:e2e-fungible
    Scenario: The same fungible claim costs each node what it allocates there
      KEP-5517 "Integration tests": "Validate that fungible claims resulting in different node
      allocatable resource footprints are accounted for correctly on a per-node basis". One
      template (firstAvailable: a GPU, else 30 cpus): on gpu-node the GPU path costs only the
      pod's 1 cpu and writes no status entry; on cpu-node the cpu path adds 30. Each node's
      requested grows by its own footprint. (The pods are pinned: which node the scheduler
      prefers between two feasible ones depends on score plugins a live cluster may add.)
      Given a node "gpu-node" with cpu "8", memory "16Gi", pods "110"
      And a node "cpu-node" with cpu "64", memory "64Gi", pods "110"
      And the objects from fixture "kep-5517/scheduling/fungible-nodes.yaml"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: on-gpu-node}
        spec:
          nodeSelector: {kubernetes.io/hostname: gpu-node}
          containers:
          - name: my-app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: "1", memory: 1Gi}
              claims: [{name: gpu-or-cpu}]
          resourceClaims:
          - {name: gpu-or-cpu, resourceClaimTemplateName: gpu-or-cpu-template}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: on-cpu-node}
        spec:
          nodeSelector: {kubernetes.io/hostname: cpu-node}
          containers:
          - name: my-app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: "1", memory: 1Gi}
              claims: [{name: gpu-or-cpu}]
          resourceClaims:
          - {name: gpu-or-cpu, resourceClaimTemplateName: gpu-or-cpu-template}
        """
      Then the Pod "on-gpu-node" is scheduled to "gpu-node"
      And the Pod "on-cpu-node" is scheduled to "cpu-node"
      And the claim "gpu-or-cpu" of Pod "on-gpu-node" contains:
        """
        status:
          allocation:
            devices:
              results:
              - {request: gpu-or-cpu-req/gpu, driver: gpu.example.com, device: gpu0}
        """
      And the Pod "on-gpu-node" has no "status.nodeAllocatableResourceClaimStatuses"
      And the Pod "on-cpu-node" has "status.nodeAllocatableResourceClaimStatuses[0].mapping" equal to [{name: cpu, quantity: "30"}]
      And a pod requesting cpu "7" fits on node "gpu-node"
      And a pod requesting cpu "7001m" does not fit on node "gpu-node"
      And a pod requesting cpu "33" fits on node "cpu-node"
      And a pod requesting cpu "33001m" does not fit on node "cpu-node"

    @req:5517-R10 @req:5517-R11 @version:1.37 @clause:5517-R10/all-node-allocatable @clause:5517-R11/status-patched
    Scenario: Hugepages and ephemeral-storage requested through a claim count like cpu and memory
      KEP-5517 Device API: node-allocatable resources are those "reported in v1.Node
      status.allocatable that are not extended resources ... Examples include cpu, memory,
      ephemeral-storage, and hugepages"; the scheduler checks cpu, memory, ephemeral-storage
      and hugepages (api-truth §9.8, NADR). One NIC maps 1Gi of hugepages-2Mi and costs 10Gi of
      ephemeral-storage per pod: of 2Gi hugepages 1Gi is left, of 100Gi storage 90Gi. A second
      pod with the other NIC and 512Mi of hugepages of its own would need 1.5Gi: "Insufficient
      hugepages-2Mi" (its spec alone fits, so DynamicResources rejects it).
      Given a node "hp-node" with cpu "8", memory "16Gi", hugepages-2Mi "2Gi", ephemeral-storage "100Gi", pods "110"
      And the objects from fixture "kep-5517/scheduling/hugepages-nic.yaml"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: one-nic}
        spec:
          devices:
            requests:
            - {name: nic, exactly: {deviceClassName: nic-class}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: dpdk}
        spec:
          nodeSelector: {kubernetes.io/hostname: hp-node}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: "1", memory: 1Gi}
              claims: [{name: nic}]
          resourceClaims:
          - {name: nic, resourceClaimName: one-nic}
        """
      Then the Pod "dpdk" is scheduled to "hp-node"
      And the Pod "dpdk" has "status.nodeAllocatableResourceClaimStatuses" equal to [{resourceClaimName: one-nic, containers: [app], mapping: [{name: hugepages-2Mi, quantity: 1Gi}], overhead: [{name: ephemeral-storage, perPod: 10Gi}]}]
      And a pod requesting hugepages-2Mi "1Gi", memory "1Mi" fits on node "hp-node"
      And a pod requesting hugepages-2Mi "1026Mi", memory "1Mi" does not fit on node "hp-node"
      And a pod requesting ephemeral-storage "90Gi" fits on node "hp-node"
      And a pod requesting ephemeral-storage "92161Mi" does not fit on node "hp-node"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: second-nic}
        spec:
          devices:
            requests:
            - {name: nic, exactly: {deviceClassName: nic-class}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: dpdk-2}
        spec:
          nodeSelector: {kubernetes.io/hostname: hp-node}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: "1", memory: 1Gi, hugepages-2Mi: 512Mi}
              limits: {hugepages-2Mi: 512Mi}
              claims: [{name: nic}]
          resourceClaims:
          - {name: nic, resourceClaimName: second-nic}
        """
      Then the Pod "dpdk-2" stays pending with reason "Unschedulable" and a message containing "1 Insufficient hugepages-2Mi"

    @req:5517-R08 @version:1.37 @clause:5517-R08/plr-limits
    Scenario: Pod-level limits that leave hugepages out do not bound what a claim maps to hugepages
      KEP-5517 "Integration with Pod Level Resources" checks the claims' additions against the
      resources pod.spec.resources names; a budget for cpu and memory says nothing about
      hugepages, so the NIC's 1Gi of hugepages-2Mi is no excess and the pod schedules, with
      the hugepages in its status entry (api-truth §9.8).
      Given a node "hp-node" with cpu "8", memory "16Gi", hugepages-2Mi "2Gi", ephemeral-storage "100Gi", pods "110"
      And the objects from fixture "kep-5517/scheduling/hugepages-nic.yaml"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: one-nic}
        spec:
          devices:
            requests:
            - {name: nic, exactly: {deviceClassName: nic-class}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: budgeted-dpdk}
        spec:
          nodeSelector: {kubernetes.io/hostname: hp-node}
          resources:
            requests: {cpu: "2", memory: 2Gi}
            limits: {cpu: "2", memory: 2Gi}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: "1", memory: 1Gi}
              limits: {cpu: "1", memory: 1Gi}
              claims: [{name: nic}]
          resourceClaims:
          - {name: nic, resourceClaimName: one-nic}
        """
      Then the Pod "budgeted-dpdk" is scheduled to "hp-node"
      And the Pod "budgeted-dpdk" has "status.nodeAllocatableResourceClaimStatuses[0].mapping" equal to [{name: hugepages-2Mi, quantity: 1Gi}]
      And a pod requesting hugepages-2Mi "1Gi", memory "1Mi" fits on node "hp-node"
      And a pod requesting hugepages-2Mi "1026Mi", memory "1Mi" does not fit on node "hp-node"

    @req:5517-R08 @version:1.37 @clause:5517-R08/plr-limits @clause:5517-R08/plr-budget-unresolvable
    Scenario Outline: A pod-level hugepages budget must cover the hugepages a claim maps (<hugepages>)
      As shipped (api-truth §9.8, NADR validatePodLevelResourcesCoverDRA): each pod-level
      request is compared with the containers' requests plus what the claims map ("pod level
      request for <r> is insufficient to cover the aggregated container and node-allocatable
      DRA requests", UnschedulableAndUnresolvable). The pod-level hugepages request comes from
      its limit (pod-level resources defaulting), so a limit below the NIC's 1Gi is refused
      this way; the pod-level cpu request, which no container and no claim adds to, takes
      nothing from the check of the other resources.
      Given a node "hp-node" with cpu "8", memory "16Gi", hugepages-2Mi "2Gi", ephemeral-storage "100Gi", pods "110"
      And the objects from fixture "kep-5517/scheduling/hugepages-nic.yaml"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: one-nic}
        spec:
          devices:
            requests:
            - {name: nic, exactly: {deviceClassName: nic-class}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: hp-budget}
        spec:
          nodeSelector: {kubernetes.io/hostname: hp-node}
          resources:
            requests: {cpu: "1", memory: 2Gi}
            limits: {hugepages-2Mi: <hugepages>}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {memory: 1Gi}
              claims: [{name: nic}]
          resourceClaims:
          - {name: nic, resourceClaimName: one-nic}
        """
      Then <outcome>

      Examples:
        | hugepages | outcome |
        | 1Gi       | the Pod "hp-budget" is scheduled to "hp-node" |
        | 512Mi     | the Pod "hp-budget" stays pending with reason "Unschedulable" and a message starting with "0/2 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 pod level request for hugepages-2Mi is insufficient to cover the aggregated container and node-allocatable DRA requests." |

    @req:5517-R10 @version:1.37 @clause:5517-R10/all-node-allocatable
    Scenario: A node that reports no ephemeral-storage cannot take one byte of it through a claim
      The boundary of api-truth §9.8 (NADR nodeFitsResources): a resource missing from the
      node's allocatable counts as zero, so even the smallest demand a claim adds (a perPod
      overhead of 1 byte) exceeds the whole node: "Insufficient ephemeral-storage", with
      preemption not helpful. node1 (the Background's) lists cpu, memory and pods only.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: scratch-class}
        spec:
          selectors:
          - cel: {expression: device.driver == "scratch.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node1-scratch}
        spec:
          driver: scratch.example.com
          nodeName: node1
          pool: {name: node1-scratch, generation: 1, resourceSliceCount: 1}
          devices:
          - name: scratch-0
            nodeAllocatableResources:
              ephemeral-storage:
                overhead: {perPod: "1"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: one-byte}
        spec:
          devices:
            requests:
            - {name: scratch, exactly: {deviceClassName: scratch-class}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: needs-a-byte}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 100m}
              claims: [{name: scratch}]
          resourceClaims:
          - {name: scratch, resourceClaimName: one-byte}
        """
      Then the Pod "needs-a-byte" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient ephemeral-storage. still not schedulable, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."

    @req:5517-R10 @version:1.37 @clause:5517-R10/node-filtered @kep-test:unit-noderesourcesfit-deferral
    Scenario Outline: A claim larger than the node is unresolvable, one that merely does not fit now is not
      api-truth §9.8 (NADR nodeFitsResources): the DRA-inclusive demand is checked against the
      node's allocatable minus what is requested there; it is UnschedulableAndUnresolvable when
      it exceeds the whole allocatable, Unschedulable otherwise. The difference shows in the
      preemption verdict appended to the message ("Preemption is not helpful" is what
      DefaultPreemption says for unresolvable nodes). NodeResourcesFit itself passes: the spec
      asks for 100m only (in the alpha the DRA part is checked by DynamicResources, KEP-5517
      "Filter Stage").
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: filler}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: "8"}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: big-claim}
        spec:
          devices:
            requests:
            - name: cpus
              exactly:
                deviceClassName: cpu-mem-socket
                capacity:
                  requests: {dra.example.com/cpu: "<cpus>"}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: big}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 100m}
              claims: [{name: cpus}]
          resourceClaims:
          - {name: cpus, resourceClaimName: big-claim}
        """
      Then the Pod "filler" is scheduled to "node1"
      And the Pod "big" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient cpu. still not schedulable, preemption: 0/1 nodes are available: 1 <verdict>."

      Examples:
        | cpus | verdict |
        | 16   | Preemption is not helpful for scheduling |
        | 10   | No preemption victims found for incoming pod |

    @req:5517-R08 @version:1.37 @clause:5517-R08/plr-limits @clause:5517-R08/plr-budget-unresolvable
    Scenario Outline: Pod-level limits and budgets must cover what the claims add
      KEP-5517 "Integration with Pod Level Resources": "the plugin will verify that the total
      effective pod demand ... does not surpass the limits set in pod.spec.Resources" and a pod
      whose DRA footprint exceeds its budget fails "global to the pod", UnschedulableAndUnresolvable.
      As shipped (api-truth §9.8, NADR validatePodLevelResourcesCoverDRA): a container's limit
      plus the DRA amounts of the claims it references must stay within the pod-level limit.
      The claim maps 10 cpu; the pod-level request and limit are 11 cpu. A pod-level request of
      exactly the aggregate (500m for the container plus the claim's 10) is enough: only a
      request below it "surpasses" the budget.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: ten-cpus}
        spec:
          devices:
            requests:
            - name: cpus
              exactly:
                deviceClassName: cpu-mem-socket
                capacity:
                  requests: {dra.example.com/cpu: "10"}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: budgeted}
        spec:
          resources:
            requests: {cpu: "<pod_request>", memory: 1Gi}
            limits: {cpu: "11", memory: 1Gi}
          containers:
          - name: main
            image: registry.k8s.io/pause:3.10
            resources:
              limits: {cpu: "<container_limit>"}
              requests: {cpu: 500m}
              claims: [{name: cpus}]
          resourceClaims:
          - {name: cpus, resourceClaimName: ten-cpus}
        """
      Then <outcome>

      Examples:
        | pod_request | container_limit | outcome |
        | 11          | 1               | the Pod "budgeted" is scheduled to "node1" |
        | 10500m      | 1               | the Pod "budgeted" is scheduled to "node1" |
        | 11          | 2               | the Pod "budgeted" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 pod level limit for cpu is insufficient to cover the limit and DRA overhead for container main. still not schedulable, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling." |
        | 10          | 1               | the Pod "budgeted" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 pod level request for cpu is insufficient to cover the aggregated container and node-allocatable DRA requests. still not schedulable, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling." |

    @req:5517-R08 @version:1.37 @clause:5517-R08/plr-limits
    Scenario: A container limit on a resource without a pod-level limit is not compared with any budget
      As shipped (NADR validatePodLevelResourcesCoverDRA): each container limit plus the DRA
      amounts of its claims is compared with the pod-level limit of the same resource only
      when the pod sets one; here the pod limits cpu alone, so the container's memory limit
      is skipped and the pod schedules (the claim maps 10 cpu, 1 + 10 <= 11).
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: ten-cpus}
        spec:
          devices:
            requests:
            - name: cpus
              exactly:
                deviceClassName: cpu-mem-socket
                capacity:
                  requests: {dra.example.com/cpu: "10"}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: cpu-budget-only}
        spec:
          resources:
            requests: {cpu: "11", memory: 1Gi}
            limits: {cpu: "11"}
          containers:
          - name: main
            image: registry.k8s.io/pause:3.10
            resources:
              limits: {cpu: "1", memory: 512Mi}
              requests: {cpu: 500m, memory: 512Mi}
              claims: [{name: cpus}]
          resourceClaims:
          - {name: cpus, resourceClaimName: ten-cpus}
        """
      Then the Pod "cpu-budget-only" is scheduled to "node1"

    @req:5517-R10 @req:5517-R09 @version:1.37 @clause:5517-R10/no-overcommit @kep-test:unit-assume-updates-cache
    Scenario: Pods created together never overcommit the node through their claims
      KEP-5517 "Scheduler Internal Cache Update": the scheduler "assumes" a placed pod with its
      DRA amounts before the binding is visible, "without an assume step, the scheduler might
      try to place other pods on the same node using stale resource information". Three pods
      created in one request each map 6 cpu through their own claim and ask 1 cpu: two fit
      the 16-cpu node (14 cpu), the third is Unschedulable. (Black-box: this proves no
      overcommit for a burst; it cannot tell the assume cache from an informer update.)
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: six-cpus}
        spec:
          spec:
            devices:
              requests:
              - name: cpus
                exactly:
                  deviceClassName: cpu-mem-socket
                  capacity:
                    requests: {dra.example.com/cpu: "6"}
        """
      And I create 3 pods named "burst-{i}" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: "1"}
              claims: [{name: cpus}]
          resourceClaims:
          - {name: cpus, resourceClaimTemplateName: six-cpus}
        """
      Then 2 pods named "burst-{i}" are scheduled
      And the Pod "burst-2" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient cpu."
      And a pod requesting cpu "2" fits on node "node1"
      And a pod requesting cpu "2001m" does not fit on node "node1"

    @req:5517-R10 @version:1.37 @deviation:kubernetes/kubernetes#141467 @clause:5517-R10/failure-reverts
    Scenario: A binding that fails gives the node's resources back
      KEP-5517 "Bind Stage": "If the bind fails ... the scheduler detects this and reverts the
      resource allocation in its cache, decrementing nodeInfo.Requested." The failure is the
      known 1.37 bug kubernetes/kubernetes#141467 (pinned here as a deviation; fixed by #141556
      after 1.37): an extended resource served by a device with a cpu mapping makes PreBind
      write "<extended-resources>" into the pod status, which validation refuses; Unreserve runs,
      the special claim is deleted and the pod stays pending. The device maps all 16 cpus of
      node1, yet a probe asking for all 16 still fits: the failed pod holds nothing.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: fake.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "fake.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: fake-example-com-node1}
        spec:
          driver: fake.example.com
          nodeName: node1
          pool: {name: fake-node1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: fake0
            nodeAllocatableResources:
              cpu:
                mapping: {deviceMultiplier: "16"}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: whole-node}
        spec:
          containers:
          - name: test
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {deviceclass.resource.kubernetes.io/fake.example.com: "1"}
              limits: {deviceclass.resource.kubernetes.io/fake.example.com: "1"}
        """
      Then the Pod "whole-node" stays pending with reason "SchedulerError" and a message containing "no mapping found in pod reference"
      And there are 0 extended resource claims
      And a pod requesting cpu "16" fits on node "node1"

    @req:5517-R11 @req:5517-R10 @version:1.37 @gate:DRADeviceBindingConditions @clause:5517-R11/unreserve-clears @clause:5517-R10/failure-reverts
    Scenario: A binding failure after PreBind wrote the pod's entries takes them off again
      KEP-5517 "Bind Stage": "If the bind fails ... the scheduler detects this and reverts the
      resource allocation". The device needs a binding condition (KEP-5007, beta and on at
      1.37): PreBind binds the claim, patches status.nodeAllocatableResourceClaimStatuses and
      then waits for the driver (k/k dynamicresources.go PreBind). The driver reports the
      binding failure condition, PreBind fails, and Unreserve clears the entries it had
      patched (NADR clearNodeAllocatableResourceClaimStatus, "Clearing
      NodeAllocatableResourceClaimStatuses on Unreserve"; its test
      TestClearNodeAllocatableResourceClaimStatus); the pod stays pending and holds no cpu.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: fabric.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "fabric.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: fabric-cpus}
        spec:
          driver: fabric.example.com
          nodeName: node1
          pool: {name: fabric, generation: 1, resourceSliceCount: 1}
          devices:
          - name: cpus-0
            bindsToNode: true
            bindingConditions: [example.com/attached]
            bindingFailureConditions: [example.com/attach-failed]
            nodeAllocatableResources:
              cpu:
                mapping: {deviceMultiplier: "4"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: remote-cpus}
        spec:
          devices:
            requests:
            - name: cpus
              exactly: {deviceClassName: fabric.example.com}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: attached}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              claims: [{name: cpus}]
          resourceClaims:
          - {name: cpus, resourceClaimName: remote-cpus}
        """
      Then there is a Normal event "BindingConditionsPending" for Pod "attached" starting with "waiting for binding conditions for device on node node1"
      And the Pod "attached" has no "spec.nodeName"
      And the Pod "attached" has "status.nodeAllocatableResourceClaimStatuses" equal to [{resourceClaimName: remote-cpus, containers: [app], mapping: [{name: cpu, quantity: "4"}]}]
      When I patch the ResourceClaim "remote-cpus" status with:
        """
        status:
          devices:
          - driver: fabric.example.com
            pool: fabric
            device: cpus-0
            conditions:
            - {type: example.com/attach-failed, status: "True", reason: AttachFailed, message: fabric port down, lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      Then the Pod "attached" stays pending with reason "SchedulerError" and a message starting with "running PreBind plugin "DynamicResources": claim remote-cpus binding failed: reason=AttachFailed"
      And the Pod "attached" has no "status.nodeAllocatableResourceClaimStatuses"
      And the ResourceClaim "remote-cpus" has no "status.reservedFor"
      And a pod requesting cpu "16" fits on node "node1"

    @req:5517-R15 @version:1.37 @clause:5517-R15/downgrade-restart @clause:5517-R15/reenable @clause:5517-R15/gate-off-not-counted @kep-test:enablement-gate-on-off
    Scenario: Disabling and re-enabling the gate: the restarted scheduler forgets, then recounts what the pods record
      KEP-5517 "Upgrade / Downgrade Strategy" and "Feature Enablement and Rollback": "Disabling
      the feature gate requires a kube-scheduler restart. Upon startup, the scheduler rebuilds
      the NodeInfo cache without considering DRA node allocatable resources" (underestimated:
      a probe sees only the 100m of the spec); a pod scheduled meanwhile gets no status entry;
      on re-enabling, "the scheduler will resume its unified accounting logic" for pods that
      carry the entries, but "the NodeInfo cache may be incorrect as it's not retroactively
      updated" for pods scheduled while the gate was off (4100m + 100m are counted, not the
      4 cpu of the second pod's claim).
      When I apply the fixture "kep-5517/scheduling/use-case-1.yaml"
      Then the Pod "dra-pod" is scheduled to "node1"
      And a pod requesting cpu "11900m" fits on node "node1"
      And a pod requesting cpu "11901m" does not fit on node "node1"
      When the feature gate DRANodeAllocatableResources is disabled
      Then a pod requesting cpu "15900m" fits on node "node1"
      And the Pod "dra-pod" has "status.nodeAllocatableResourceClaimStatuses[0].resourceClaimName" equal to cpu-mem-claim
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: while-off-claim}
        spec:
          devices:
            requests:
            - name: cpus
              exactly:
                deviceClassName: cpu-mem-socket
                capacity:
                  requests: {dra.example.com/cpu: "4"}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: while-off}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 100m}
              claims: [{name: cpus}]
          resourceClaims:
          - {name: cpus, resourceClaimName: while-off-claim}
        """
      Then the Pod "while-off" is scheduled to "node1"
      And the Pod "while-off" has no "status.nodeAllocatableResourceClaimStatuses"
      When the feature gate DRANodeAllocatableResources is enabled
      Then a pod requesting cpu "11800m" fits on node "node1"
      And a pod requesting cpu "11801m" does not fit on node "node1"

    @req:5517-R16 @req:5517-R15 @version:1.37 @clause:5517-R16/shape-change @clause:5517-R15/downgrade-restart
    Scenario: A 1.37 to 1.36 downgrade drops the 1.37 shape; back on 1.37 unwritten objects still have it
      The other direction of the shipped shape change (api-truth §4.2): a 1.36 API server does
      not know nodeAllocatableResources on devices nor mapping/overhead in status entries, so
      after the downgrade the running pod's entry has neither and the 1.36 scheduler counts only
      its spec (the KEP's downgrade risk: "The scheduler's view of resource usage for existing
      pods will be incomplete"). Nothing rewrote the objects, so after upgrading again to 1.37
      the stored 1.37 fields are read again and the pod counts as before.
      When I apply the fixture "kep-5517/scheduling/use-case-1.yaml"
      Then the Pod "dra-pod" is scheduled to "node1"
      When the cluster is downgraded to Kubernetes 1.36
      Then the Pod "dra-pod" has "status.nodeAllocatableResourceClaimStatuses" equal to [{resourceClaimName: cpu-mem-claim, containers: [my-app1, my-app2]}]
      And the Pod "dra-pod" has no "status.nodeAllocatableResourceClaimStatuses[0].mapping"
      And the ResourceSlice "node1-slice" has no "spec.devices[0].nodeAllocatableResources"
      And a pod requesting cpu "15900m" fits on node "node1"
      When the cluster is upgraded to Kubernetes 1.37
      Then the Pod "dra-pod" has "status.nodeAllocatableResourceClaimStatuses" equal to [{resourceClaimName: cpu-mem-claim, containers: [my-app1, my-app2], mapping: [{name: cpu, quantity: "4"}, {name: memory, quantity: 8Gi}]}]
      And a pod requesting cpu "11900m" fits on node "node1"
      And a pod requesting cpu "11901m" does not fit on node "node1"

    @req:5517-R11 @req:5517-R13 @version:1.37 @needs:node-access @clause:5517-R13/admits @clause:5517-R13/rejects @clause:5517-R11/status-patched @kep-test:integration-status-and-admission
    Scenario: The kubelet admits on the status the scheduler wrote, and counts it for the next pod
      KEP-5517 "Integration tests": "validate the pod.status.nodeAllocatableResourceClaimStatuses
      is populated correctly and the kubelet admission check correctly computes the effective
      pod resource request". Use case 1's pod is admitted on its 4100m and runs; a pod bound to
      node1 by spec.nodeName (no scheduler) asking for 12 cpu is rejected by the kubelet, which
      counts the running pod's claim: used 4100 of 16000 millicores (kubelet rejectPod,
      lifecycle/predicate.go).
      When I apply the fixture "kep-5517/scheduling/use-case-1.yaml"
      Then the Pod "dra-pod" is scheduled to "node1"
      And the Pod "dra-pod" has "status.phase" equal to Running
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: squeezer}
        spec:
          nodeName: node1
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: "12"}}
        """
      Then the Pod "squeezer" contains:
        """
        status:
          phase: Failed
          reason: OutOfcpu
          message: "Pod was rejected: Node didn't have enough resource: cpu, requested: 12000, used: 4100, capacity: 16000"
        """

    @req:5517-R10 @version:1.37 @clause:5517-R10/pod-overhead @kep-test:unit-podrequests-options-and-overhead
    Scenario: The RuntimeClass overhead joins the claim's amounts in the pod's footprint
      KEP-5517 "Resource Calculation": "If pod overheads are specified in pod.spec.overhead,
      they are added to the final sum" (component-helpers PodRequests adds spec.overhead last,
      after the DRA amounts). spec.overhead is set by the RuntimeClass admission plugin from
      the pod's RuntimeClass. Use case 1's pod (4100m, 8Gi + 100Mi) under a RuntimeClass with
      250m / 120Mi of overhead costs 4350m and 8Gi + 220Mi of node1's 16 cpu and 32Gi.
      Given the objects:
        """
        apiVersion: node.k8s.io/v1
        kind: RuntimeClass
        metadata: {name: sandboxed}
        handler: sandboxed
        overhead:
          podFixed: {cpu: 250m, memory: 120Mi}
        """
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: cpu-mem-claim}
        spec:
          devices:
            requests:
            - name: cpu-mem-req
              exactly:
                deviceClassName: cpu-mem-socket
                capacity:
                  requests: {dra.example.com/cpu: "4", dra.example.com/memory: 8Gi}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: sandboxed-dra-pod}
        spec:
          runtimeClassName: sandboxed
          containers:
          - name: my-app1
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 100m, memory: 100Mi}
              claims: [{name: my-cpu-mem-claim}]
          resourceClaims:
          - {name: my-cpu-mem-claim, resourceClaimName: cpu-mem-claim}
        """
      Then the Pod "sandboxed-dra-pod" is scheduled to "node1"
      And the Pod "sandboxed-dra-pod" has "spec.overhead" equal to {cpu: 250m, memory: 120Mi}
      And the Pod "sandboxed-dra-pod" has "status.nodeAllocatableResourceClaimStatuses[0].mapping" equal to [{name: cpu, quantity: "4"}, {name: memory, quantity: 8Gi}]
      And a pod requesting cpu "11650m" fits on node "node1"
      And a pod requesting cpu "11651m" does not fit on node "node1"
      And a pod requesting memory "24356Mi" fits on node "node1"
      And a pod requesting memory "24357Mi" does not fit on node "node1"

    @req:5517-R15 @gate:DRANodeAllocatableResources @version:1.37 @clause:5517-R15/gate-off-not-counted
    Scenario: Skew: the API server keeps the new fields, a scheduler without the gate ignores them
      KEP-5517 "Version Skew Strategy": "An older scheduler will not understand the new API
      fields or perform unified accounting. If DeviceClass or ResourceSlice objects contain the
      new fields, they will be ignored." (the gate's components: "kube-scheduler, kubelet,
      kube-apiserver"). Only the scheduler runs without DRANodeAllocatableResources: the API
      server keeps the slice's nodeAllocatableResources, the scheduler writes no claim status
      and counts only the spec requests (100m), so 15900m more fit on the 16-cpu node. The
      whole-cluster "Gate off" scenario cannot tell this apart from the API server dropping
      the field.
      Given the scheduler runs with the feature gate DRANodeAllocatableResources disabled
      When I apply the fixture "kep-5517/scheduling/use-case-1.yaml"
      Then the Pod "dra-pod" is scheduled to "node1"
      And the Pod "dra-pod" has no "status.nodeAllocatableResourceClaimStatuses"
      And the ResourceSlice "node1-slice" has "spec.devices[0].nodeAllocatableResources.cpu.mapping.capacityKey" equal to dra.example.com/cpu
      And a pod requesting cpu "15900m" fits on node "node1"
      And a pod requesting cpu "15901m" does not fit on node "node1"

    @req:5517-R15 @gate:DRANodeAllocatableResources @version:1.37 @clause:5517-R15/downgrade-restart
    Scenario: Downgrade: a scheduler restarted without the gate underestimates what running pods use
      KEP-5517 "Upgrade / Downgrade Strategy", Downgrade: "Disabling the feature gate requires a
      kube-scheduler restart. Upon startup, the scheduler rebuilds the NodeInfo cache without
      considering DRA node allocatable resources. The scheduler's view of resource usage for
      existing pods will be incomplete (underestimated) ... This could potentially lead to
      oversubscription of the node". The running pod keeps its claim status (the API server
      still has the gate); only the restarted scheduler stops counting it: 4100m before, 100m
      after.
      When I apply the fixture "kep-5517/scheduling/use-case-1.yaml"
      Then the Pod "dra-pod" is scheduled to "node1"
      And a pod requesting cpu "11901m" does not fit on node "node1"
      When the scheduler restarts with the feature gate DRANodeAllocatableResources disabled
      Then a pod requesting cpu "15900m" fits on node "node1"
      And the Pod "dra-pod" has "status.nodeAllocatableResourceClaimStatuses[0].mapping" equal to [{name: cpu, quantity: "4"}, {name: memory, quantity: 8Gi}]

    @req:5517-R15 @gate:DRANodeAllocatableResources @version:1.37 @clause:5517-R15/upgrade-existing @clause:5517-R15/reenable
    Scenario: Upgrade: a pod scheduled while the scheduler had the gate off stays uncounted until it is recreated
      KEP-5517 "Upgrade / Downgrade Strategy", Upgrade: "Existing pods with node allocatable
      resource claims would continue to run, but their claim request will not be reflected in
      the scheduler's NodeInfo cache as these pods lack pod.status.nodeAllocatableResourceClaimStatuses
      field. To fully resynchronize the accounting, the pods with node allocatable resource
      claims must be restarted"; "What happens if we reenable": the scheduler "will resume its
      unified accounting logic" but "the NodeInfo cache may be incorrect as it's not
      retroactively updated". The scheduler restarts with the gate on; the old pod still counts
      100m; recreated, it counts 4100m again.
      Given the scheduler runs with the feature gate DRANodeAllocatableResources disabled
      When I apply the fixture "kep-5517/scheduling/use-case-1.yaml"
      Then the Pod "dra-pod" is scheduled to "node1"
      When the scheduler restarts with the feature gate DRANodeAllocatableResources enabled
      Then the Pod "dra-pod" has no "status.nodeAllocatableResourceClaimStatuses"
      And a pod requesting cpu "15900m" fits on node "node1"
      When I delete the Pod "dra-pod"
      And I apply the fixture "kep-5517/scheduling/use-case-1.yaml"
      Then the Pod "dra-pod" is scheduled to "node1"
      And the Pod "dra-pod" has "status.nodeAllocatableResourceClaimStatuses[0].resourceClaimName" equal to cpu-mem-claim
      And a pod requesting cpu "11900m" fits on node "node1"
      And a pod requesting cpu "11901m" does not fit on node "node1"

    @req:5517-R15 @gate:DRANodeAllocatableResources @version:1.37 @clause:5517-R15/upgrade-existing
    Scenario: Upgrade in the skew policy's order: a 1.36 scheduler next to a 1.37 API server ignores the 1.37 fields until it is upgraded
      KEP-5517 "Version Skew Strategy": "An older scheduler will not understand the new API
      fields or perform unified accounting. If DeviceClass or ResourceSlice objects contain the
      new fields, they will be ignored"; "Upgrade": pods scheduled before "lack
      pod.status.nodeAllocatableResourceClaimStatuses ... must be restarted". The API server is
      upgraded first (version skew policy); the slices carry the 1.37 shape
      (nodeAllocatableResources), which a 1.36 scheduler (nodeAllocatableResourceMappings,
      api-truth §4.2) does not read: the pod is placed on its spec requests alone. The upgraded
      scheduler still counts that pod at 100m; recreated, it counts 4100m.
      Given the scheduler runs Kubernetes 1.36
      When I apply the fixture "kep-5517/scheduling/use-case-1.yaml"
      Then the Pod "dra-pod" is scheduled to "node1"
      And the Pod "dra-pod" has no "status.nodeAllocatableResourceClaimStatuses"
      When the scheduler is upgraded to Kubernetes 1.37
      Then a pod requesting cpu "15900m" fits on node "node1"
      When I delete the Pod "dra-pod"
      And I apply the fixture "kep-5517/scheduling/use-case-1.yaml"
      Then the Pod "dra-pod" is scheduled to "node1"
      And the Pod "dra-pod" has "status.nodeAllocatableResourceClaimStatuses[0].mapping" equal to [{name: cpu, quantity: "4"}, {name: memory, quantity: 8Gi}]
      And a pod requesting cpu "11901m" does not fit on node "node1"

    @req:5517-R02 @version:1.37 @clause:5517-R02/capacity-times-multiplier
    Scenario: A consumable cpu pool with a request policy counts the rounded-up consumed capacity
      KEP-5517 "Representation 2": the node-allocatable amount is consumedCapacity[capacityKey]
      x multiplier; the consumed capacity is what the allocator records, rounded up to the
      device's requestPolicy (k8s.io/dynamic-resource-allocation structured/internal/
      experimental calculateConsumedCapacity/roundUpRange: min + step x ceil((request - min) /
      step)). A claim asking for 5 cpus of a pool with validRange {min 2, step 2} consumes 6,
      and 6 cpus count against the 64-cpu node.
      Given a node "big" with cpu "64", memory "64Gi"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: stepped-slice}
        spec:
          driver: dra.example.com
          nodeName: big
          pool: {name: stepped-pool, generation: 1, resourceSliceCount: 1}
          devices:
          - name: socket0
            allowMultipleAllocations: true
            capacity:
              dra.example.com/cpu:
                value: "64"
                requestPolicy: {default: "2", validRange: {min: "2", step: "2"}}
            nodeAllocatableResources:
              cpu:
                mapping: {capacityKey: dra.example.com/cpu, capacityMultiplier: "1"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: five-cpus}
        spec:
          devices:
            requests:
            - name: cpus
              exactly:
                deviceClassName: cpu-mem-socket
                capacity:
                  requests: {dra.example.com/cpu: "5"}
        """
      When I create 1 pod named "stepped" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          nodeSelector: {kubernetes.io/hostname: big}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: "1"}
              claims: [{name: cpus}]
          resourceClaims:
          - {name: cpus, resourceClaimName: five-cpus}
        """
      Then the Pod "stepped" is scheduled to "big"
      And the ResourceClaim "five-cpus" has "status.allocation.devices.results[0].consumedCapacity" equal to {dra.example.com/cpu: "6"}
      And the Pod "stepped" has "status.nodeAllocatableResourceClaimStatuses[0].mapping" equal to [{name: cpu, quantity: "6"}]
      And a pod requesting cpu "57" fits on node "big"
      And a pod requesting cpu "57001m" does not fit on node "big"

    @req:5517-R15 @gate:DRANodeAllocatableResources @version:1.37 @clause:5517-R15/fields-dropped
    Scenario: With the gate turned off on the API server, a pod that already has its node-allocatable claim statuses keeps them
      k/k pkg/api/pod/util.go dropDisabledPodStatusFields: with DRANodeAllocatableResources off
      a status write loses status.nodeAllocatableResourceClaimStatuses unless the stored pod
      already has them (the "drop unless in use" rule of every gated field), so a rollback of
      the API server does not erase what running pods were scheduled with.
      When I apply the fixture "kep-5517/scheduling/use-case-1.yaml"
      Then the Pod "dra-pod" is scheduled to "node1"
      When the API server restarts with the feature gate DRANodeAllocatableResources disabled
      And I patch the Pod "dra-pod" status with:
        """
        status:
          message: checked after the rollback
        """
      Then the request succeeds
      And the Pod "dra-pod" has "status.nodeAllocatableResourceClaimStatuses[0].mapping" equal to [{name: cpu, quantity: "4"}, {name: memory, quantity: 8Gi}]

  @component:kubelet @needs:node-access
    @req:5517-R17 @version:1.37 @clause:5517-R17/spec-only
    Scenario: ResourceQuota charges what the pod spec asks, not what its claims map
      KEP-5517 "Kube-Scheduler Scoring and Resource Quota": "ResourceQuota only accounts for
      resources defined in the pod.spec and including node allocatable resources allocated via
      DRA in ResourceQuota enforcement is not included in the Alpha scope". The quota's pod
      evaluator (k/k pkg/quota/v1/evaluator/core/pods.go podComputeUsageHelper) charges the
      spec's cpu and memory under requests.*, and hugepages under both the bare and the
      requests. name; the NIC's 1Gi of hugepages and 10Gi of scratch space count for nothing.
      Given a node "hp-node" with cpu "8", memory "16Gi", hugepages-2Mi "2Gi", ephemeral-storage "100Gi", pods "110"
      And the objects from fixture "kep-5517/scheduling/hugepages-nic.yaml"
      And the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: node-resources}
        spec:
          hard:
            requests.cpu: "8"
            requests.memory: 16Gi
            hugepages-2Mi: 2Gi
            requests.hugepages-2Mi: 2Gi
            requests.ephemeral-storage: 100Gi
        """
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: one-nic}
        spec:
          devices:
            requests:
            - {name: nic, exactly: {deviceClassName: nic-class}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: dpdk}
        spec:
          nodeSelector: {kubernetes.io/hostname: hp-node}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: "1", memory: 1Gi, hugepages-2Mi: 512Mi}
              limits: {hugepages-2Mi: 512Mi}
              claims: [{name: nic}]
          resourceClaims:
          - {name: nic, resourceClaimName: one-nic}
        """
      Then the Pod "dpdk" is scheduled to "hp-node"
      And the Pod "dpdk" has "status.nodeAllocatableResourceClaimStatuses" equal to [{resourceClaimName: one-nic, containers: [app], mapping: [{name: hugepages-2Mi, quantity: 1Gi}], overhead: [{name: ephemeral-storage, perPod: 10Gi}]}]
      And the ResourceQuota "node-resources" contains:
        """
        status:
          used:
            requests.cpu: "1"
            requests.memory: 1Gi
            hugepages-2Mi: 512Mi
            requests.hugepages-2Mi: 512Mi
            requests.ephemeral-storage: "0"
        """

  Rule: On the node (kubelet)
    KEP-5517 kubelet admission counts DRA node-allocatable resources.
    With DRANodeAllocatableResources the kubelet admits a pod on PodRequests including the
    amounts in pod.status.nodeAllocatableResourceClaimStatuses (component-helpers PodRequests
    with UseDRANodeAllocatableResourceClaimStatus, api-truth §4.3), and rejects it as the real
    kubelet does (lifecycle/predicate.go, kubelet rejectPod): phase Failed, reason OutOf<resource>,
    message "Pod was rejected: Node didn't have enough resource: <r>, requested: <n>, used: <n>,
    capacity: <n>" with cpu in millicores. The scheduler's part is done through the API in its
    order: the pod status and the claim's reservation first, then the binding (pods/binding);
    the kubelet admits a pod when it first sees it bound, so it sees the status then (the pod
    names a scheduler nobody runs, so only the scenario binds it).

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
          schedulerName: bound-by-the-scenario
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

    @req:5517-R13 @gate:DRANodeAllocatableResources @version:1.37 @clause:5517-R13/rejects @kep-test:unit-kubelet-admission @kep-test:integration-kubelet-admission
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
      And the Pod "pinned" is bound to node "n1"
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

    @req:5517-R13 @gate:DRANodeAllocatableResources @version:1.37 @clause:5517-R13/admits
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
      And the Pod "pinned" is bound to node "n1"
      Then the Pod "pinned" has "status.phase" equal to Running

    @req:5517-R13 @req:5517-R04 @gate:DRANodeAllocatableResources @version:1.37 @clause:5517-R13/rejects @clause:5517-R04/auxiliary-added
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
      And the Pod "pinned" is bound to node "n1"
      Then the Pod "pinned" contains:
        """
        status:
          phase: Failed
          reason: OutOfmemory
          message: "Pod was rejected: Node didn't have enough resource: memory, requested: 2684354560, used: 0, capacity: 2147483648"
        """

    @req:5517-R15 @version:1.37 @clause:5517-R15/fields-dropped @gate:DRANodeAllocatableResources
    Scenario: With the gate off the kubelet does no DRA accounting
      KEP-5517 "Enablement": gate off, the status field is dropped and only the spec counts
      (the documented overcommit risk): 4 cpu on an 8-cpu node is admitted.
      Given the feature gate DRANodeAllocatableResources is disabled
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
      And the Pod "pinned" is bound to node "n1"
      Then the Pod "pinned" has "status.phase" equal to Running
      And the Pod "pinned" has no "status.nodeAllocatableResourceClaimStatuses"

    @req:5517-R13 @gate:DRANodeAllocatableResources @version:1.36 @req:5517-R16 @clause:5517-R13/rejects @clause:5517-R16/status-resources
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
      And the Pod "pinned" is bound to node "n1"
      Then the Pod "pinned" contains:
        """
        status:
          phase: Failed
          reason: OutOfcpu
          message: "Pod was rejected: Node didn't have enough resource: cpu, requested: 9000, used: 0, capacity: 8000"
        """

    @req:5517-R13 @req:5517-R15 @gate:DRANodeAllocatableResources @version:1.37
    Scenario: Skew: a kubelet without the gate admits on the spec alone although the API server kept the claim status
      KEP-5517 "Feature Enablement and Rollback": DRANodeAllocatableResources is the kubelet's
      gate too ("Components depending on the feature gate: kube-scheduler, kubelet,
      kube-apiserver"). The API server has it on and keeps
      pod.status.nodeAllocatableResourceClaimStatuses; the kubelet of n1 runs without it and
      admits 4 cpu on the 8-cpu node without the 6 cpu the claim maps (the overcommit the KEP
      warns of). The whole-cluster "With the gate off" scenario passes because the API server
      dropped the status; this one decides by the kubelet's own gate.
      Given the feature gate DRANodeAllocatableResources is enabled
      And the kubelet on node "n1" runs with the feature gate DRANodeAllocatableResources disabled
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
      And the Pod "pinned" is bound to node "n1"
      Then the Pod "pinned" has "status.phase" equal to Running
      And the Pod "pinned" has "status.nodeAllocatableResourceClaimStatuses[0].mapping" equal to [{name: cpu, quantity: "6"}]

    @req:5517-R13 @gate:DRANodeAllocatableResources @version:1.37 @clause:5517-R13/admits
    Scenario: A pod that has finished no longer counts at admission, its claim's cpus included
      k/k pkg/kubelet/kubelet_pods.go filterOutInactivePods: admission counts the active pods
      only, so a Succeeded pod's footprint (4 cpu in its spec + 4 cpu mapped by its claim) is
      free for the next pod: 6 cpu on the 8-cpu node is admitted.
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
      And the Pod "pinned" is bound to node "n1"
      Then the Pod "pinned" has "status.phase" equal to Running
      When the Pod "pinned" status has:
        """
        phase: Succeeded
        """
      And I create:
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
              requests: {cpu: "6", memory: 512Mi}
        """
      Then the Pod "next" has "status.phase" equal to Running

  @component:scheduler @gate:DRANodeAllocatableResources
  Rule: Scheduling and controllers in the 1.36 shape
    KEP-5517 as Kubernetes 1.36 shipped it (api-truth §4.2, §4.3). Apart from the Rule above
    because that Rule's background applies 1.37-shaped slices (nodeAllocatableResources),
    which a 1.36 API server refuses with kubectl's strict field validation
    (strict decoding error: unknown field "spec.devices[0].nodeAllocatableResources").

    Background:
      Given the feature gate DRANodeAllocatableResources is enabled

    @version:1.36 @req:5517-R01 @req:5517-R02 @req:5517-R11 @req:5517-R16 @clause:5517-R01/devices-times-multiplier @clause:5517-R01/several-devices @clause:5517-R02/consumed-not-whole @clause:5517-R16/device-field @clause:5517-R16/status-resources @clause:5517-R11/status-patched @kep-test:e2e-individual-devices
    Scenario: The 1.36 shape end to end: devices x allocationMultiplier, consumed capacity, a resources map in the pod status
      KEP-5517 "Resource Representation Examples" 1 and 2 and "Pod API Changes" in the shape
      Kubernetes 1.36 ships (api-truth §4.2, §4.3 last bullet): devices declare
      nodeAllocatableResourceMappings {capacityKey?, allocationMultiplier (default 1)}; three
      2-thread cores count 3 x 2 = 6 cpu, a 4 cpu + 8Gi share of the socket counts its
      consumed capacity. pod.status.nodeAllocatableResourceClaimStatuses entries carry a
      resources map (1.37 replaced it by mapping/overhead lists) and are sorted by claim name
      (NADR). The node's requested grows by 100m + 4 + 6 cpu and 100Mi + 8Gi memory.
      Given a node "my-node" with cpu "16", memory "32Gi", pods "110"
      And the objects from fixture "kep-5517/scheduling/v1.36-cores-and-socket.yaml"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: three-cores}
        spec:
          devices:
            requests:
            - name: cores
              exactly: {deviceClassName: cpu-core, count: 3}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: cpu-mem-claim}
        spec:
          devices:
            requests:
            - name: cpu-mem-req
              exactly:
                deviceClassName: additional-cpu-memory
                capacity:
                  requests: {dra.example.com/cpu: "4", dra.example.com/memory: 8Gi}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: shape-136}
        spec:
          nodeSelector: {kubernetes.io/hostname: my-node}
          containers:
          - name: my-app1
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 100m, memory: 100Mi}
              claims: [{name: cores}, {name: socket-share}]
          - name: my-app2
            image: registry.k8s.io/pause:3.10
            resources:
              claims: [{name: socket-share}]
          resourceClaims:
          - {name: cores, resourceClaimName: three-cores}
          - {name: socket-share, resourceClaimName: cpu-mem-claim}
        """
      Then the Pod "shape-136" is scheduled to "my-node"
      And the Pod "shape-136" has "status.nodeAllocatableResourceClaimStatuses" equal to [{resourceClaimName: cpu-mem-claim, containers: [my-app1, my-app2], resources: {cpu: "4", memory: 8Gi}}, {resourceClaimName: three-cores, containers: [my-app1], resources: {cpu: "6"}}]
      And the claim "cores" of Pod "shape-136" has 3 allocated devices
      And a pod requesting cpu "5900m" fits on node "my-node"
      And a pod requesting cpu "5901m" does not fit on node "my-node"
      And a pod requesting memory "24476Mi" fits on node "my-node"
      And a pod requesting memory "24477Mi" does not fit on node "my-node"

    @version:1.36 @req:5517-R08 @req:5517-R16 @clause:5517-R08/plr-limits
    Scenario Outline: In 1.36 too, pod-level limits must cover a container's limit plus what its claims map
      NADR validatePodLevelResourcesCoverDRA in the 1.36 shape: the DRA amounts a container
      adds are the resources map of the claim statuses listing it (GetContainerDRAAllocations),
      here two 2-thread cores = 4 cpu. The container's limit plus those 4 must stay within the
      pod-level cpu limit (4100m); the pod-level request (4100m) covers the aggregate (100m + 4).
      Given a node "my-node" with cpu "16", memory "32Gi", pods "110"
      And the objects from fixture "kep-5517/scheduling/v1.36-cores-and-socket.yaml"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: two-cores}
        spec:
          devices:
            requests:
            - name: cores
              exactly: {deviceClassName: cpu-core, count: 2}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: budgeted}
        spec:
          nodeSelector: {kubernetes.io/hostname: my-node}
          resources:
            requests: {cpu: 4100m, memory: 1Gi}
            limits: {cpu: 4100m, memory: 1Gi}
          containers:
          - name: main
            image: registry.k8s.io/pause:3.10
            resources:
              limits: {cpu: "<container_limit>"}
              requests: {cpu: 100m}
              claims: [{name: cores}]
          resourceClaims:
          - {name: cores, resourceClaimName: two-cores}
        """
      Then <outcome>

      Examples:
        | container_limit | outcome |
        | 100m            | the Pod "budgeted" is scheduled to "my-node" |
        | 1               | the Pod "budgeted" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 pod level limit for cpu is insufficient to cover the limit and DRA overhead for container main." |

    @version:1.36 @req:5517-R02 @req:5517-R16 @clause:5517-R02/capacity-key-needs-consumed-capacity
    Scenario: In 1.36 too, a capacityKey mapping on a device that is not shared fails the cycle
      k/k nodeallocatabledynamicresources.go at 78acd4d4 (1.36 shape) buildNodeAllocatableDRAInfo
      refuses a mapping by capacityKey when the allocation result has no consumedCapacity,
      naming NodeAllocatableResourceMappings.
      Given a node "my-node" with cpu "16", memory "32Gi", pods "110"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: pinned-cores}
        spec:
          selectors:
          - cel: {expression: device.driver == "excl.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: my-node-pinned}
        spec:
          driver: excl.example.com
          nodeName: my-node
          pool: {name: my-node-pinned, generation: 1, resourceSliceCount: 1}
          devices:
          - name: pinned-0
            capacity:
              excl.example.com/cores: {value: "4"}
            nodeAllocatableResourceMappings:
              cpu: {capacityKey: excl.example.com/cores}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: pinned}
        spec:
          devices:
            requests:
            - {name: cores, exactly: {deviceClassName: pinned-cores}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: pinned-pod}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              claims: [{name: cores}]
          resourceClaims:
          - {name: cores, resourceClaimName: pinned}
        """
      Then the request succeeds
      And the Pod "pinned-pod" stays pending with reason "SchedulerError" and a message containing "default/pinned, device pinned-0: ConsumedCapacity is nil, but Capacity key 'excl.example.com/cores' is set in NodeAllocatableResourceMappings for resource cpu"

    @req:5517-R15 @req:5517-R16 @version:1.36 @clause:5517-R15/upgrade-existing @clause:5517-R16/shape-change
    Scenario: Upgrading from 1.36 to 1.37: the 1.36 shape is gone, pods count again once restarted on republished devices
      KEP-5517 "Upgrade": existing pods "would continue to run, but their claim request will
      not be reflected in the scheduler's NodeInfo cache ... To fully resynchronize the
      accounting, the pods with node allocatable resource claims must be restarted". Across
      the shipped shape change (api-truth §4.2) the 1.37 API server no longer decodes the 1.36
      fields (tombstoned: the device's nodeAllocatableResourceMappings and the status entry's
      resources map), so the running pod counts only its spec and the devices map nothing
      until the driver republishes them in the 1.37 shape; a pod started afterwards counts
      again. 3 cores x 2 = 6 cpu + 100m on a 16-cpu node.
      Given a node "my-node" with cpu "16", memory "32Gi", pods "110"
      And the objects from fixture "kep-5517/scheduling/v1.36-cores-and-socket.yaml"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: three-cores}
        spec:
          devices:
            requests:
            - {name: cores, exactly: {deviceClassName: cpu-core, count: 3}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: before-upgrade}
        spec:
          nodeSelector: {kubernetes.io/hostname: my-node}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 100m}
              claims: [{name: cores}]
          resourceClaims:
          - {name: cores, resourceClaimName: three-cores}
        """
      Then the Pod "before-upgrade" has "status.nodeAllocatableResourceClaimStatuses" equal to [{resourceClaimName: three-cores, containers: [app], resources: {cpu: "6"}}]
      And a pod requesting cpu "9900m" fits on node "my-node"
      And a pod requesting cpu "9901m" does not fit on node "my-node"
      When the cluster is upgraded to Kubernetes 1.37
      Then the Pod "before-upgrade" has "status.nodeAllocatableResourceClaimStatuses" equal to [{resourceClaimName: three-cores, containers: [app]}]
      And the Pod "before-upgrade" has no "status.nodeAllocatableResourceClaimStatuses[0].resources"
      And the ResourceSlice "cpu-slice" has no "spec.devices[0].nodeAllocatableResourceMappings"
      And a pod requesting cpu "15900m" fits on node "my-node"
      When I apply the fixture "kep-5517/scheduling/v1.37-cores-and-socket.yaml"
      And I delete the Pod "before-upgrade"
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: after-upgrade}
        spec:
          nodeSelector: {kubernetes.io/hostname: my-node}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 100m}
              claims: [{name: cores}]
          resourceClaims:
          - {name: cores, resourceClaimName: three-cores}
        """
      Then the Pod "after-upgrade" has "status.nodeAllocatableResourceClaimStatuses" equal to [{resourceClaimName: three-cores, containers: [app], mapping: [{name: cpu, quantity: "6"}]}]
      And a pod requesting cpu "9900m" fits on node "my-node"
      And a pod requesting cpu "9901m" does not fit on node "my-node"

    @req:5517-R15 @req:5517-R16 @version:1.36 @clause:5517-R15/downgrade-restart @clause:5517-R15/reenable @clause:5517-R16/shape-change
    Scenario: A 1.36 to 1.35 downgrade: the pod status entries and device mappings are unknown, and back again on 1.36
      KEP-5517 "Upgrade / Downgrade Strategy", Downgrade: "The scheduler's view of resource
      usage for existing pods will be incomplete (underestimated) as it does not consider
      claim based requests". Kubernetes 1.35 has no pod.status.nodeAllocatableResourceClaimStatuses
      and no device nodeAllocatableResourceMappings (both new in 1.36, api-truth §4.2); its API
      server's protobuf decoder drops the unknown fields of the stored pod and slice, so the
      running pod reads without its entry and the 1.35 scheduler counts only its 100m. A 1.35
      component refuses the unknown gate (--feature-gates), so it is turned on again after the
      upgrade back to 1.36. Nothing rewrote the objects, so the stored fields are read again
      and the scheduler resumes counting the pod's 6 cpu.
      Given a node "my-node" with cpu "16", memory "32Gi", pods "110"
      And the objects from fixture "kep-5517/scheduling/v1.36-cores-and-socket.yaml"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: three-cores}
        spec:
          devices:
            requests:
            - {name: cores, exactly: {deviceClassName: cpu-core, count: 3}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: before-downgrade}
        spec:
          nodeSelector: {kubernetes.io/hostname: my-node}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 100m}
              claims: [{name: cores}]
          resourceClaims:
          - {name: cores, resourceClaimName: three-cores}
        """
      Then the Pod "before-downgrade" has "status.nodeAllocatableResourceClaimStatuses" equal to [{resourceClaimName: three-cores, containers: [app], resources: {cpu: "6"}}]
      And a pod requesting cpu "9901m" does not fit on node "my-node"
      When the cluster is downgraded to Kubernetes 1.35
      Then the Pod "before-downgrade" has no "status.nodeAllocatableResourceClaimStatuses"
      And the ResourceSlice "cpu-slice" has no "spec.devices[0].nodeAllocatableResourceMappings"
      And a pod requesting cpu "15900m" fits on node "my-node"
      When the cluster is upgraded to Kubernetes 1.36
      And the feature gate DRANodeAllocatableResources is enabled
      Then the Pod "before-downgrade" has "status.nodeAllocatableResourceClaimStatuses" equal to [{resourceClaimName: three-cores, containers: [app], resources: {cpu: "6"}}]
      And a pod requesting cpu "9900m" fits on node "my-node"
      And a pod requesting cpu "9901m" does not fit on node "my-node"

    @version:1.36 @req:5517-R16 @clause:5517-R16/unreferenced-refused-136
    Scenario: On 1.36 a node-allocatable claim that no container references leaves the pod unschedulable
      Kubernetes 1.36 refuses what 1.37 counts (the 1.37 twin above, "An unreferenced claim still
      counts"): the 1.36 DynamicResources plugin's getPodNodeAllocatableResourceFootprint returns
      UnschedulableAndUnresolvable "claim <name>: node-allocatable resource claim not referenced
      by any container within the pod" for an entry without containers, a TODO upstream until
      kubelet cgroup enforcement was defined; the 1.36 integration test UnreferencedClaimInPod
      expects exactly this. The claim stays unallocated and the node keeps its cpu.
      Given a node "my-node" with cpu "16", memory "32Gi", pods "110"
      And the objects from fixture "kep-5517/scheduling/v1.36-cores-and-socket.yaml"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: three-cores}
        spec:
          devices:
            requests:
            - {name: cores, exactly: {deviceClassName: cpu-core, count: 3}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: unreferenced}
        spec:
          nodeSelector: {kubernetes.io/hostname: my-node}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 100m}
          resourceClaims:
          - {name: cores, resourceClaimName: three-cores}
        """
      Then the Pod "unreferenced" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 claim three-cores: node-allocatable resource claim not referenced by any container within the pod."
      And the ResourceClaim "three-cores" has no "status.allocation"
      And a pod requesting cpu "16" fits on node "my-node"

    @version:1.36 @req:5517-R16 @clause:5517-R16/no-sharing-136
    Scenario: On 1.36 a second pod using a node-allocatable claim is told the claim is already used
      The 1.36 wording of the sharing refusal (the 1.37 twin above says "has a mapped device and
      cannot be shared across pods"): validateNodeAllocatableDRAClaimSharing at 1.36 answers
      UnschedulableAndUnresolvable "node allocatable resource claim <name> is already used by
      another pod", as the 1.36 integration test ClaimSharing expects. 1.36 has no overhead-only
      claims, so every node-allocatable claim is refused a second pod.
      Given a node "my-node" with cpu "16", memory "32Gi", pods "110"
      And the objects from fixture "kep-5517/scheduling/v1.36-cores-and-socket.yaml"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: one-core}
        spec:
          devices:
            requests:
            - {name: cores, exactly: {deviceClassName: cpu-core}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: first}
        spec:
          nodeSelector: {kubernetes.io/hostname: my-node}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: core}]}
          resourceClaims:
          - {name: core, resourceClaimName: one-core}
        """
      Then the Pod "first" is scheduled to "my-node"
      When I create 1 pod named "second" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          nodeSelector: {kubernetes.io/hostname: my-node}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: core}]}
          resourceClaims:
          - {name: core, resourceClaimName: one-core}
        """
      Then the Pod "second" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 node allocatable resource claim one-core is already used by another pod."

    @version:1.36 @req:5517-R16 @clause:5517-R16/no-sharing-136
    Scenario: On 1.36 a node-allocatable claim two pods on the node already list is refused as shared by multiple pods
      validateNodeAllocatableDRAClaimSharing at 1.36 reads the node's claim state, the pods on
      the node whose status lists the claim: with more than one it answers "node allocatable
      resource claim <name> shared by multiple pods" before it looks at who they are. The
      second consumer is a pod bound by hand whose status another client wrote. The claim
      controller reserves the allocated claim for that pod too (syncPod: a pod on a node
      whose allocated claim is not reserved for it), and the kubelet, which does not watch
      claims, starts it at its next sync, here caused by a label.
      Given a node "my-node" with cpu "16", memory "32Gi", pods "110"
      And the objects from fixture "kep-5517/scheduling/v1.36-cores-and-socket.yaml"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: one-core}
        spec:
          devices:
            requests:
            - {name: cores, exactly: {deviceClassName: cpu-core}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: first}
        spec:
          nodeSelector: {kubernetes.io/hostname: my-node}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: core}]}
          resourceClaims:
          - {name: core, resourceClaimName: one-core}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: by-hand}
        spec:
          nodeName: my-node
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: core}]}
          resourceClaims:
          - {name: core, resourceClaimName: one-core}
        """
      Then the Pod "first" is scheduled to "my-node"
      When the Pod "by-hand" status has:
        """
        nodeAllocatableResourceClaimStatuses:
        - {resourceClaimName: one-core, containers: [app], resources: {cpu: "2"}}
        """
      And I create 1 pod named "third" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          nodeSelector: {kubernetes.io/hostname: my-node}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: core}]}
          resourceClaims:
          - {name: core, resourceClaimName: one-core}
        """
      Then the Pod "third" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 node allocatable resource claim one-core shared by multiple pods."
      And the ResourceClaim "one-core" has "status.reservedFor[1].name" equal to by-hand
      When I patch the Pod "by-hand" with:
        """
        metadata:
          labels: {nudge: "1"}
        """
      Then the Pod "by-hand" has "status.phase" equal to Running

    @version:1.36 @req:5517-R16 @clause:5517-R16/no-sharing-136
    Scenario: On 1.36 a node-allocatable claim whose helper device left its slice is still refused a second pod
      The 1.36 twin of "A shared claim whose device left its slice fails the next pod's cycle"
      (1.37 shares an overhead-only claim and then fails on the missing device). At 1.36 every
      node-allocatable claim is refused a second pod: validateNodeAllocatableDRAClaimSharing
      (k/k 78acd4d4) reads the node's claim state (the pods whose status lists the claim), not
      the slices, and calculateAndCheckNodeAllocatableResources at 1.36 looks only at the
      claims allocated in this cycle; so the second pod is told the claim is already used
      (UnschedulableAndUnresolvable), not "device helper-0 not found in pool ..." (an error).
      Given a node "my-node" with cpu "16", memory "32Gi", pods "110"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: aux.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "aux.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: my-node-aux}
        spec:
          driver: aux.example.com
          nodeName: my-node
          pool: {name: my-node-aux, generation: 1, resourceSliceCount: 1}
          devices:
          - name: acc-0
            nodeAllocatableResourceMappings:
              memory: {allocationMultiplier: 64Mi}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: my-node-helpers}
        spec:
          driver: aux.example.com
          nodeName: my-node
          pool: {name: my-node-helpers, generation: 1, resourceSliceCount: 1}
          devices:
          - name: helper-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: acc-and-helper}
        spec:
          devices:
            requests:
            - {name: acc, exactly: {deviceClassName: aux.example.com}}
            - {name: helper, exactly: {deviceClassName: aux.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: first}
        spec:
          nodeSelector: {kubernetes.io/hostname: my-node}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: aux}]}}
          resourceClaims:
          - {name: aux, resourceClaimName: acc-and-helper}
        """
      Then the request succeeds
      And the Pod "first" is scheduled to "my-node"
      And the ResourceClaim "acc-and-helper" has "status.allocation.devices.results[1].device" equal to helper-0
      When I delete the ResourceSlice "my-node-helpers"
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          nodeSelector: {kubernetes.io/hostname: my-node}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: aux}]}}
          resourceClaims:
          - {name: aux, resourceClaimName: acc-and-helper}
        """
      Then the request succeeds
      And the Pod "second" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 node allocatable resource claim acc-and-helper is already used by another pod."

    @version:1.36 @req:5517-R16 @clause:5517-R16/no-sharing-136 @clause:5517-R16/sharing-node-state-136
    Scenario: On 1.36 a node-allocatable claim whose mapped device left its slice is still refused a second pod
      At 1.36 validateNodeAllocatableDRAClaimSharing (k/k nodeallocatabledynamicresources.go,
      1.36 shape) reads the node's claim state: the pods on the node whose
      status.nodeAllocatableResourceClaimStatuses list the claim. It does not look at the slices,
      so the claim stays refused to a second pod after the device that declared the mapping is
      gone ("first" still lists the claim). Filter runs it in its pass over the pod's allocated
      claims, before anything is allocated.
      Given a node "my-node" with cpu "16", memory "32Gi", pods "110"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: aux.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "aux.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: my-node-aux}
        spec:
          driver: aux.example.com
          nodeName: my-node
          pool: {name: my-node-aux, generation: 1, resourceSliceCount: 1}
          devices:
          - name: acc-0
            nodeAllocatableResourceMappings:
              memory: {allocationMultiplier: 64Mi}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: acc}
        spec:
          devices:
            requests:
            - {name: acc, exactly: {deviceClassName: aux.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: first}
        spec:
          nodeSelector: {kubernetes.io/hostname: my-node}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: aux}]}}
          resourceClaims:
          - {name: aux, resourceClaimName: acc}
        """
      Then the request succeeds
      And the Pod "first" is scheduled to "my-node"
      And the Pod "first" has "status.nodeAllocatableResourceClaimStatuses[0].resources.memory" equal to 64Mi
      When I delete the ResourceSlice "my-node-aux"
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          nodeSelector: {kubernetes.io/hostname: my-node}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: aux}]}}
          resourceClaims:
          - {name: aux, resourceClaimName: acc}
        """
      Then the request succeeds
      And the Pod "second" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 node allocatable resource claim acc is already used by another pod."

    @version:1.36 @req:5517-R16 @clause:5517-R16/this-cycle-only-136
    Scenario: On 1.36 an allocated claim nobody uses, whose helper device left its slice, schedules a new pod without an entry
      The 1.36 side of "A shared claim whose device left its slice fails the next pod's cycle"
      (1.37 counts the claims allocated before the cycle and fails on the missing device). At
      1.36 calculateAndCheckNodeAllocatableResources (k/k 78acd4d4) keeps only the claims found
      in the cycle's allocations map, so buildNodeAllocatableDRAInfo never looks up the devices
      of a claim allocated before: no "device helper-0 not found in pool my-node-helpers"
      error, no status entry, and acc-0's 64Mi is not counted on the node. The claim is
      allocated by its driver (status written, nobody in reservedFor, no finalizer, so the
      claim controller leaves the allocation alone; with its allocationTimestamp, as PreBind
      may not add one to an allocation that is already set) and no pod on the node lists it,
      so the sharing check lets the pod through.
      Given a node "my-node" with cpu "16", memory "32Gi", pods "110"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: my-node-aux}
        spec:
          driver: aux.example.com
          nodeName: my-node
          pool: {name: my-node-aux, generation: 1, resourceSliceCount: 1}
          devices:
          - name: acc-0
            nodeAllocatableResourceMappings:
              memory: {allocationMultiplier: 64Mi}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: my-node-helpers}
        spec:
          driver: aux.example.com
          nodeName: my-node
          pool: {name: my-node-helpers, generation: 1, resourceSliceCount: 1}
          devices:
          - name: helper-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: acc-and-helper}
        spec:
          devices:
            requests:
            - {name: acc, exactly: {deviceClassName: aux.example.com}}
            - {name: helper, exactly: {deviceClassName: aux.example.com}}
        """
      And I patch the ResourceClaim "acc-and-helper" status with:
        """
        status:
          allocation:
            devices:
              results:
              - {request: acc, driver: aux.example.com, pool: my-node-aux, device: acc-0}
              - {request: helper, driver: aux.example.com, pool: my-node-helpers, device: helper-0}
            nodeSelector:
              nodeSelectorTerms:
              - matchFields:
                - {key: metadata.name, operator: In, values: [my-node]}
            allocationTimestamp: "2026-01-01T00:00:00Z"
        """
      Then the request succeeds
      When I delete the ResourceSlice "my-node-helpers"
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: user}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: aux}]}}
          resourceClaims:
          - {name: aux, resourceClaimName: acc-and-helper}
        """
      Then the request succeeds
      And the Pod "user" is scheduled to "my-node"
      And the Pod "user" has no "status.nodeAllocatableResourceClaimStatuses"
      And a pod requesting memory "32Gi" fits on node "my-node"

    @version:1.36 @req:5517-R16 @clause:5517-R16/sharing-node-state-136 @clause:5517-R16/this-cycle-only-136
    Scenario: On 1.36 a node-allocatable claim used on one node schedules a second pod on another node without an entry
      A device of an allNodes slice gives an allocation without a node selector, so the claim
      can be used on any node. At 1.36 the sharing refusal reads only the candidate node's pods
      (node-b has none that lists the claim), and calculateAndCheckNodeAllocatableResources
      sees only the claims allocated in this cycle (k/k dynamicresources.go Filter at 1.36
      builds its allocations from the claims it allocates; "second" allocates none), so the
      second pod schedules to node-b with no nodeAllocatableResourceClaimStatuses and its 2
      cpus are not counted there: node-b (4 cpus) still fits a pod requesting all 4 cpus.
      Given a node "node-a" with cpu "4", memory "8Gi", pods "110"
      And a node "node-b" with cpu "4", memory "8Gi", pods "110"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: net.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "net.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: fabric}
        spec:
          driver: net.example.com
          allNodes: true
          pool: {name: fabric, generation: 1, resourceSliceCount: 1}
          devices:
          - name: link-0
            nodeAllocatableResourceMappings:
              cpu: {allocationMultiplier: "2"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: link}
        spec:
          devices:
            requests:
            - {name: link, exactly: {deviceClassName: net.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: first}
        spec:
          nodeSelector: {kubernetes.io/hostname: node-a}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: net}]}}
          resourceClaims:
          - {name: net, resourceClaimName: link}
        """
      Then the request succeeds
      And the Pod "first" is scheduled to "node-a"
      And the Pod "first" has "status.nodeAllocatableResourceClaimStatuses[0].resources.cpu" equal to "2"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          nodeSelector: {kubernetes.io/hostname: node-b}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: net}]}}
          resourceClaims:
          - {name: net, resourceClaimName: link}
        """
      Then the request succeeds
      And the Pod "second" is scheduled to "node-b"
      And the Pod "second" has no "status.nodeAllocatableResourceClaimStatuses"
      And a pod requesting cpu "4" fits on node "node-b"

    @req:5517-R09 @version:1.37 @clause:5517-R09/no-sharing @clause:5517-R09/mapped-refused-first
    Scenario: A mapped claim whose helper device left its slice is refused a second pod, not an error
      The mapped twin of "A shared claim whose device left its slice fails the next pod's cycle".
      k/k dynamicresources.go PreFilter computes claimHasNodeAllocatableMappedDevice for each
      allocated claim from every slice (a device it cannot find is skipped), and Filter refuses
      a mapped claim reserved for another pod (validateNodeAllocatableDRAClaimSharing) in its
      pass over the pod's claims, before calculateAndCheckNodeAllocatableResources looks the
      devices up. acc-0 still declares a mapping, so the second pod is told the claim cannot be
      shared (UnschedulableAndUnresolvable) instead of failing on the missing helper-0.
      Given a node "node1" with cpu "16", memory "32Gi", pods "110"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: aux.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "aux.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node1-aux}
        spec:
          driver: aux.example.com
          nodeName: node1
          pool: {name: node1-aux, generation: 1, resourceSliceCount: 1}
          devices:
          - name: acc-0
            nodeAllocatableResources:
              memory:
                mapping: {deviceMultiplier: 64Mi}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node1-helpers}
        spec:
          driver: aux.example.com
          nodeName: node1
          pool: {name: node1-helpers, generation: 1, resourceSliceCount: 1}
          devices:
          - name: helper-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: acc-and-helper}
        spec:
          devices:
            requests:
            - {name: acc, exactly: {deviceClassName: aux.example.com}}
            - {name: helper, exactly: {deviceClassName: aux.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: first}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: aux}]}}
          resourceClaims:
          - {name: aux, resourceClaimName: acc-and-helper}
        """
      Then the request succeeds
      And the Pod "first" is scheduled to "node1"
      And the ResourceClaim "acc-and-helper" has "status.allocation.devices.results[1].device" equal to helper-0
      When I delete the ResourceSlice "node1-helpers"
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: aux}]}}
          resourceClaims:
          - {name: aux, resourceClaimName: acc-and-helper}
        """
      Then the request succeeds
      And the Pod "second" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 node allocatable resource claim acc-and-helper has a mapped device and cannot be shared across pods."
