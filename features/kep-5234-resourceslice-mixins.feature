@kep-5234 @needs-gate:DRAPartitionableDevices
Feature: KEP-5234 ResourceSlice mixins, and the ResourceSlice limits that shipped instead
  Mixins never shipped (no `mixins`/`includes` in any release 1.34-1.37, api-truth §2). The
  mixin scenarios follow the KEP TEXT behind the DRAResourceSliceMixins alpha gate; a real
  cluster is expected to report them unsupported. The KEP gives no error strings: where a
  scenario pins a message, it is the one the k/k helper for the same kind of check produces
  (TooMany, Duplicate, Required, the per-device attribute rule the KEP says is "adjusted" to
  the flattened device); where no such helper exists, the field path and reason are pinned.
  The first part encodes the per-slice limits that DID ship (api-truth §2.3, §9.5; messages
  from k/k pkg/apis/resource/validation @ abe8f409).

  Rule: API, validation and defaulting

    # ------------------------------------------------------------------ shipped limits

    @component:apiserver @req:5234-R05 @req:5234-R10 @clause:5234-R10/node-selection
    Scenario Outline: A slice selects its nodes in exactly one way
      Shipped ResourceSliceSpec: exactly one of nodeName, nodeSelector, allNodes,
      perDeviceNodeSelection (k/k validateResourceSliceSpec).
      Given a cluster
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          pool: {name: pool-a, resourceSliceCount: 1}
          <selection>
          devices:
          - name: gpu-0
        """
      Then the outcome is "<outcome>"

      Examples:
        | selection                                    | outcome |
        | nodeName: node-1                             | accepted |
        | allNodes: true                               | accepted |
        | nodeSelector: {nodeSelectorTerms: [{matchExpressions: [{key: zone, operator: In, values: [a]}]}]} | accepted |

    @component:apiserver @req:5234-R10 @clause:5234-R10/node-selection
    Scenario Outline: A slice without node selection, or with two kinds of it, is refused
      k/k validateResourceSliceSpec (read at abe8f409): Required at spec when none is set,
      Invalid listing the set fields when several are.
      Given a ResourceSlice manifest:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        """
      And the manifest has no "spec.nodeName"
      And the manifest has "<path>" set to <value>
      When I create the manifest
      Then the outcome is "<outcome>"

      Examples:
        | path          | value  | outcome |
        | metadata.labels.tier | gold | spec: Required value: exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required |
        | spec.allNodes | true   | accepted |
        | spec.nodeSelector | {nodeSelectorTerms: [{matchExpressions: [{key: zone, operator: In, values: [a]}]}]} | accepted |

    @component:apiserver @req:5234-R10 @clause:5234-R10/node-selection
    Scenario: A slice that sets nodeName and allNodes is refused
      k/k validateResourceSliceSpec: the set fields are listed as the value.
      Given a cluster
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          allNodes: true
          pool: {name: pool-a, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        """
      Then the outcome is "spec: Invalid value: "{`nodeName`, `allNodes`}": exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required, but multiple fields are set"

    @component:apiserver @req:5234-R10 @clause:5234-R10/node-selection
    Scenario: A slice that sets nodeName, nodeSelector and allNodes is refused, the three listed in that order
      k/k validateResourceSliceSpec appends each set field to the list in the order nodeName,
      nodeSelector, allNodes, perDeviceNodeSelection, and prints the list as the value.
      Given a cluster
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          nodeSelector: {nodeSelectorTerms: [{matchExpressions: [{key: zone, operator: In, values: [a]}]}]}
          allNodes: true
          pool: {name: pool-a, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        """
      Then the outcome is "spec: Invalid value: "{`nodeName`, `nodeSelector`, `allNodes`}": exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required, but multiple fields are set"

    @component:apiserver @req:5234-R10 @clause:5234-R10/driver-and-pool
    Scenario Outline: Driver and pool names are checked
      k/k validateResourceSliceSpec: driver via ValidateCSIDriverName (≤ 63 bytes), pool name
      via validatePoolName (≤ 253 bytes), resourceSliceCount > 0.
      Given a ResourceSlice manifest:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        """
      And the manifest has "<path>" set to <value>
      When I create the manifest
      Then the outcome is "<outcome>"

      Examples:
        | path                          | value | outcome |
        | spec.driver                   | ""    | spec.driver: Required value |
        | spec.pool.name                | ""    | spec.pool.name: Required value |
        | spec.pool.name                | node-1/gpus | accepted |
        | spec.pool.resourceSliceCount  | 0     | spec.pool.resourceSliceCount: Invalid value: 0: must be greater than zero |

    @component:apiserver @req:5234-R10 @clause:5234-R10/driver-and-pool
    Scenario Outline: Driver and pool name length limits
      ValidateCSIDriverName allows 63 bytes; PoolNameMaxLength = 253. The long names are built
      from parts that stay valid DNS subdomains at every length, as k/k's "bad-pool" case
      (validation_resourceslice_test.go: "x/" repeated) does, so the length is the only cause.
      Given a ResourceSlice manifest:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpus.example.com
          nodeName: node-1
          pool: {name: ab/c, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        """
      And the string "<path>" is <n> characters long
      When I create the manifest
      Then the outcome is "<outcome>"

      Examples:
        | path           | n   | outcome |
        | spec.driver    | 63  | accepted |
        | spec.driver    | 64  | spec.driver: Too long: may not be more than 63 bytes |
        | spec.pool.name | 253 | accepted |
        | spec.pool.name | 254 | spec.pool.name: Too long: may not be more than 253 bytes |

    # since 1.35: the 64-device limit for slices whose devices have taints or consume counters arrives in 1.35; 1.34 allows 128 devices in every slice (v1.34.0 OpenAPI ResourceSliceSpec.devices)
    @component:apiserver @req:5234-R05 @needs-gate:DRADeviceTaints @since:1.35 @clause:5234-R05/devices-128
    Scenario Outline: A slice holds at most 128 devices, 64 when a device has taints or consumes counters
      Shipped limits ResourceSliceMaxDevices = 128 and ResourceSliceMaxDevicesWithAdvancedFeatures
      = 64 (api-truth §2.3). The KEP's "total number of devices is 128" holds without taints or
      counters only.
      Given a ResourceSlice manifest:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          devices:
          - <device>
        """
      And the list "spec.devices" is filled to <n> items from its first item
      When I create the manifest
      Then the outcome is "<outcome>"

      Examples:
        | device | n | outcome |
        | {name: gpu, attributes: {model: {string: a100}}} | 128 | accepted |
        | {name: gpu, attributes: {model: {string: a100}}} | 129 | spec.devices: Too many: 129: must have at most 128 items |
        | {name: gpu, taints: [{key: example.com/unhealthy, effect: NoSchedule}]} | 64 | accepted |
        | {name: gpu, taints: [{key: example.com/unhealthy, effect: NoSchedule}]} | 65 | spec.devices: Too many: 65: must have at most 64 items |
        | {name: gpu, consumesCounters: [{counterSet: gpu-0, counters: {memory: {value: 1Gi}}}]} | 64 | accepted |
        | {name: gpu, consumesCounters: [{counterSet: gpu-0, counters: {memory: {value: 1Gi}}}]} | 65 | spec.devices: Too many: 65: must have at most 64 items |

    @component:apiserver @req:5234-R05
    Scenario Outline: A device has at most 32 attributes and capacities together
      ResourceSliceMaxAttributesAndCapacitiesPerDevice = 32, counted per device
      (k/k validateDevice). There is no slice-wide 4096 limit in the shipped API.
      Given a ResourceSlice manifest:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            attributes:
              model: {string: a100}
            capacity:
              memory: {value: 80Gi}
        """
      And the map "spec.devices[0].attributes" is filled to <attributes> entries from its first entry
      And the map "spec.devices[0].capacity" is filled to <capacities> entries from its first entry
      When I create the manifest
      Then the outcome is "<outcome>"

      Examples:
        | attributes | capacities | outcome |
        | 31         | 1          | accepted |
        | 16         | 16         | accepted |
        | 32         | 1          | spec.devices[0]: Invalid value: 33: the total number of attributes and capacities must not exceed 32 |
        | 17         | 16         | spec.devices[0]: Invalid value: 33: the total number of attributes and capacities must not exceed 32 |

    @component:apiserver @req:5234-R05
    Scenario Outline: String attribute values are at most 64 bytes
      DeviceAttributeMaxValueLength = 64 (k/k validateDeviceAttributeStringValue).
      Given a ResourceSlice manifest:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            attributes:
              model: {string: a100}
        """
      And the string "spec.devices[0].attributes.model.string" is <n> characters long
      When I create the manifest
      Then the outcome is "<outcome>"

      Examples:
        | n  | outcome |
        | 64 | accepted |
        | 65 | spec.devices[0].attributes[model].string: Too long: may not be more than 64 bytes |

    # since 1.35: 1.34 allows at most 4 taints per device (v1.34.0 OpenAPI Device.taints: "The maximum number of taints is 4")
    @component:apiserver @req:5234-R05 @needs-gate:DRADeviceTaints @since:1.35 @clause:5234-R05/taints
    Scenario Outline: A device has at most 16 taints
      DeviceTaintsMaxLength is 16 since 1.35; the KEP text says 4 (api-truth §2.3).
      Given a ResourceSlice manifest:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            taints:
            - {key: example.com/unhealthy, effect: NoSchedule}
        """
      And the list "spec.devices[0].taints" is filled to <n> items from its first item
      When I create the manifest
      Then the outcome is "<outcome>"

      Examples:
        | n  | outcome |
        | 16 | accepted |
        | 17 | spec.devices[0].taints: Too many: 17: must have at most 16 items |

    # since 1.35: 1.34 bounds the total of counters across all counter sets at 32 instead of 8 sets of 32 (v1.34.0 OpenAPI ResourceSliceSpec.sharedCounters)
    @component:apiserver @req:5234-R05 @since:1.35 @clause:5234-R05/shipped-counter-limits
    Scenario Outline: Shared counters: at most 8 counter sets of at most 32 counters
      Shipped 1.35+: ResourceSliceMaxCounterSets = 8, ResourceSliceMaxCountersPerCounterSet = 32
      (replacing the KEP's slice-wide 256 counters).
      Given a ResourceSlice manifest:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          sharedCounters:
          - name: gpu-0
            counters:
              memory: {value: 80Gi}
        """
      And the map "spec.sharedCounters[0].counters" is filled to <counters> entries from its first entry
      And the list "spec.sharedCounters" is filled to <sets> items from its first item
      When I create the manifest
      Then the outcome is "<outcome>"

      Examples:
        | sets | counters | outcome |
        | 8    | 32       | accepted |
        | 9    | 1        | spec.sharedCounters: Too many: 9: must have at most 8 items |
        | 1    | 33       | spec.sharedCounters[0].counters: Too many: 33: must have at most 32 items |

    # since 1.35: 1.34 bounds the counters a device consumes at 32 in total and 1024 per slice, not 2 consumptions of 32 (v1.34.0 OpenAPI Device.consumesCounters)
    @component:apiserver @req:5234-R05 @since:1.35 @clause:5234-R05/shipped-counter-limits
    Scenario Outline: A device consumes from at most 2 counter sets, at most 32 counters each
      Shipped 1.35+: ResourceSliceMaxDeviceCounterConsumptionsPerDevice = 2 and 32 counters per
      consumption (replacing the KEP's slice-wide 2048 consumed counters).
      Given a ResourceSlice manifest:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            consumesCounters: <consumes>
        """
      And the map "spec.devices[0].consumesCounters[0].counters" is filled to <counters> entries from its first entry
      When I create the manifest
      Then the outcome is "<outcome>"

      Examples:
        | consumes | counters | outcome |
        | [{counterSet: a, counters: {memory: {value: 1Gi}}}, {counterSet: b, counters: {memory: {value: 1Gi}}}] | 32 | accepted |
        | [{counterSet: a, counters: {memory: {value: 1Gi}}}, {counterSet: b, counters: {memory: {value: 1Gi}}}, {counterSet: c, counters: {memory: {value: 1Gi}}}] | 1 | spec.devices[0].consumesCounters: Too many: 3: must have at most 2 items |
        | [{counterSet: a, counters: {memory: {value: 1Gi}}}] | 33 | spec.devices[0].consumesCounters[0].counters: Too many: 33: must have at most 32 items |
        | [{counterSet: a, counters: {memory: {value: 1Gi}}}, {counterSet: a, counters: {memory: {value: 1Gi}}}] | 1 | spec.devices[0].consumesCounters[1]: Duplicate value: "a" |

    # since 1.35: "Only one of Devices and SharedCounters can be set in a ResourceSlice" arrives in 1.35; a 1.34 slice may hold both (v1.34.0 OpenAPI ResourceSliceSpec)
    @component:apiserver @req:5234-R05 @since:1.35 @clause:5234-R05/shipped-counter-limits
    Scenario: Devices and shared counters are published in separate slices
      Shipped 1.35+: "only one of `sharedCounters` or `devices` is allowed" (k/k, api-truth §9.5).
      Given a cluster
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          sharedCounters:
          - {name: gpu-0, counters: {memory: {value: 80Gi}}}
          devices:
          - {name: gpu-0, consumesCounters: [{counterSet: gpu-0, counters: {memory: {value: 1Gi}}}]}
        """
      Then the outcome is "spec: Invalid value: "": only one of `sharedCounters` or `devices` is allowed"

    # until 1.34: 1.35 moved counter sets into slices of their own ("Only one of Devices and SharedCounters can be set in a ResourceSlice") and lets a device consume a set anywhere in its pool
    @component:apiserver @req:5234-R05 @clause:5234-R05/shipped-counter-layout-134 @until:1.34
    Scenario: At 1.34 a device cannot consume a counter set published in another slice of its pool
      k/k pkg/apis/resource/validation/validation.go at 1.34 (validateResourceSliceSpec gathers
      the slice's own sharedCounters, validateDevice checks each consumption against them; read
      at aaron-prindle/kubernetes@060306bf, a v1.34-era tree; validation_resourceslice_test.go
      "wrong-sharedcounterref-consumes-counter", index file 262113301): the layout 1.35
      requires, counters in one slice and their devices in another, is refused at 1.34 for the
      devices' slice, the set's name as value; the counters' slice alone is accepted.
      Given the feature gate DRAPartitionableDevices is enabled
      And the feature gate DRAResourceSliceMixins is disabled
      And the object:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: node-1-counters
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 2}
          sharedCounters:
          - {name: gpu-0, counters: {memory: {value: 80Gi}}}
        """
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: node-1-devices
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 2}
          devices:
          - {name: gpu-0-part-a, consumesCounters: [{counterSet: gpu-0, counters: {memory: {value: 48Gi}}}]}
          - {name: gpu-0-part-b, consumesCounters: [{counterSet: gpu-0, counters: {memory: {value: 48Gi}}}]}
        """
      Then the request is rejected with exactly these causes:
        | field                                          | reason            | message |
        | spec.devices[0].consumesCounters[0].counterSet | FieldValueInvalid | Invalid value: "gpu-0": must reference a counterSet defined in the ResourceSlice sharedCounters |
        | spec.devices[1].consumesCounters[0].counterSet | FieldValueInvalid | Invalid value: "gpu-0": must reference a counterSet defined in the ResourceSlice sharedCounters |

    # until 1.34: 1.35 refuses a slice holding both sharedCounters and devices ("Only one of Devices and SharedCounters can be set in a ResourceSlice"), the layout this scenario publishes
    @component:apiserver @req:5234-R02 @gate:DRAResourceSliceMixins @clause:5234-R02/counter-set-mixin-adds @until:1.34
    Scenario: At 1.34 a device may consume a counter its counter set takes from a counter-set mixin
      The KEP's validation (kubernetes/kubernetes#131357, validation_resourceslice_test.go
      "counterref-consumes-counter-from-mixin", not merged) gathers each counter set's counter
      names together with those of the counter-set mixins it includes, so in the 1.34 layout,
      where a device consumes a counter set of its own slice, a counter only the mixin defines
      may be consumed; a counter neither defines may not.
      Given the feature gate DRAPartitionableDevices is enabled
      And the feature gate DRAResourceSliceMixins is enabled
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          mixins:
            counterSet:
            - name: a100-counters
              counters:
                memory: {value: 80Gi}
          sharedCounters:
          - name: gpu-0
            includes: [a100-counters]
            counters:
              multiprocessors: {value: "108"}
          devices:
          - {name: gpu-0-part-a, consumesCounters: [{counterSet: gpu-0, counters: {memory: {value: 40Gi}, multiprocessors: {value: "54"}}}]}
          - {name: gpu-0-part-b, consumesCounters: [{counterSet: gpu-0, counters: {cores: {value: "8"}}}]}
        """
      Then the request is rejected with exactly these causes:
        | field                                        | reason            | message |
        | spec.devices[1].consumesCounters[0].counters | FieldValueInvalid | Invalid value: "cores": must reference a counter defined in the ResourceSlice sharedCounters |

    # until 1.34: 1.35 refuses a slice holding both sharedCounters and devices ("Only one of Devices and SharedCounters can be set in a ResourceSlice"), the layout this scenario publishes
    @component:scheduler @req:5234-R05 @req:platform-ALLOC-R01 @clause:5234-R05/shipped-counter-layout-134 @clause:platform-ALLOC-R01/partitionable @until:1.34
    Scenario: At 1.34 counter sets share a slice with the devices that consume them, and bound what is allocated
      KEP-4815 as shipped in 1.34 (v1.34.0 API: ResourceSliceSpec.sharedCounters next to
      devices; the allocator takes a device only while its counter set has room,
      k8s.io/dynamic-resource-allocation structured allocateDevice): two partitions of one GPU
      each consume 48Gi of the 80Gi their slice shares, so one pod gets a partition and the
      second pod cannot be scheduled.
      Given the feature gate DRAPartitionableDevices is enabled
      And the feature gate DRAResourceSliceMixins is disabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "gpu.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          sharedCounters:
          - {name: gpu-0, counters: {memory: {value: 80Gi}}}
          devices:
          - {name: gpu-0-part-a, consumesCounters: [{counterSet: gpu-0, counters: {memory: {value: 48Gi}}}]}
          - {name: gpu-0-part-b, consumesCounters: [{counterSet: gpu-0, counters: {memory: {value: 48Gi}}}]}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: partition}
        spec:
          spec:
            devices:
              requests:
              - name: part
                exactly: {deviceClassName: gpu.example.com}
        """
      And I create 2 pods named "part-{i}" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: part}]}}
          resourceClaims:
          - {name: part, resourceClaimTemplateName: partition}
        """
      Then the Pod "part-0" is scheduled to "node-1"
      And the Pod "part-1" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      And 1 device of driver "gpu.example.com" is allocated

    @component:apiserver @req:5234-R10 @clause:5234-R10/unique-devices
    Scenario: Device names in a slice are unique
      k/k validateSet over devices keyed by name (api-truth §9.5).
      Given a cluster
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          devices:
          - name: gpu-0
          - name: gpu-0
        """
      Then from 1.35 the outcome is "spec.devices[1]: Duplicate value: "gpu-0"" and before it "spec.devices[1].name: Duplicate value: "gpu-0""

    # ------------------------------------------------------------------ mixins (KEP text)

    # since 1.35: the fixture's devices consume counter sets its slice does not define (counter sets live in a slice of their own, the 1.35 layout (KEP-4815); 1.34 requires a device's counter set in its own slice)
    @component:apiserver @req:5234-R01 @req:5234-R02 @gate:DRAResourceSliceMixins @clause:5234-R01/api-fields @since:1.35
    Scenario: The KEP's mixin example is accepted and stored as written
      KEP-5234 "Proposal"/"API" (KEP text, not shipped): device and counter-consumption mixins,
      referenced through `includes`. Storage keeps the mixin structure; it is not flattened.
      Given the feature gate DRAResourceSliceMixins is enabled
      When I apply the fixture "kep-5234/resourceslice-mixins.yaml"
      Then the request succeeds
      And the stored object has "spec.devices[0].includes" equal to [a100]
      And the stored object has "spec.mixins.device[0].name" equal to a100
      And the stored object has no "spec.devices[0].attributes"

    @component:apiserver @req:5234-R02 @gate:DRAResourceSliceMixins @req:5234-R01 @clause:5234-R01/api-fields
    Scenario: Counter sets include counter-set mixins
      KEP-5234 "API" CounterSet.Includes (KEP text, not shipped).
      Given the feature gate DRAResourceSliceMixins is enabled
      When I apply the fixture "kep-5234/resourceslice-counter-mixins.yaml"
      Then the request succeeds
      And the stored object has "spec.sharedCounters[1].includes" equal to [a100-counters]

    # since 1.35: the fixture's devices consume counter sets its slice does not define (counter sets live in a slice of their own, the 1.35 layout (KEP-4815); 1.34 requires a device's counter set in its own slice)
    @component:apiserver @req:5234-R07 @gate:DRAResourceSliceMixins @clause:5234-R07/api-drop-off @since:1.35
    Scenario: With DRAResourceSliceMixins off, mixins and includes are dropped on create
      KEP-5234 "API": both fields carry +featureGate=DRAResourceSliceMixins; the usual
      drop-unless-in-use pattern applies (assumed, api-truth §9.6; no shipped code exists).
      Given the feature gate DRAResourceSliceMixins is disabled
      When I apply the fixture "kep-5234/resourceslice-mixins.yaml"
      Then the request succeeds
      And the stored object has no "spec.mixins"
      And the stored object has no "spec.devices[0].includes"
      And the stored object has no "spec.devices[0].consumesCounters[0].includes"

    # since 1.35: the fixture's devices consume counter sets its slice does not define (counter sets live in a slice of their own, the 1.35 layout (KEP-4815); 1.34 requires a device's counter set in its own slice)
    @component:apiserver @req:5234-R07 @gate:DRAResourceSliceMixins @clause:5234-R07/api-drop-off @since:1.35
    Scenario: Mixins already stored survive updates after the gate is turned off
      KEP-5234 "Feature Enablement and Rollback"; drop-unless-in-use on update (assumed pattern).
      Given the feature gate DRAResourceSliceMixins is enabled
      And the objects from fixture "kep-5234/resourceslice-mixins.yaml"
      When the feature gate DRAResourceSliceMixins is disabled
      And I set "metadata.labels.tier" of the ResourceSlice "node-1-gpu.example.com-mixins" to gold
      Then the request succeeds
      And the ResourceSlice "node-1-gpu.example.com-mixins" has "spec.devices[0].includes" equal to [a100]
      And the ResourceSlice "node-1-gpu.example.com-mixins" has "spec.mixins.device[0].name" equal to a100

    @component:apiserver @req:5234-R07 @gate:DRAResourceSliceMixins @clause:5234-R07/api-drop-off
    Scenario: With the gate off an update cannot add mixins to a slice that had none
      The other half of drop-unless-in-use (assumed pattern, api-truth §9.6): only an old
      object that already uses mixins or includes keeps them; a slice stored without them gets
      both dropped from an update while the gate is off, and the update itself succeeds.
      Given the feature gate DRAResourceSliceMixins is disabled
      And the object:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: plain}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1-plain, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        """
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: plain, labels: {tier: gold}}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1-plain, generation: 1, resourceSliceCount: 1}
          mixins:
            device:
            - name: a100
              attributes:
                model: {string: a100}
          devices:
          - name: gpu-0
            includes: [a100]
        """
      Then the request succeeds
      And the ResourceSlice "plain" has "metadata.labels.tier" equal to gold
      And the ResourceSlice "plain" has no "spec.mixins"
      And the ResourceSlice "plain" has no "spec.devices[0].includes"

    @component:apiserver @req:5234-R04 @gate:DRAResourceSliceMixins @clause:5234-R04/device-mixin-names @clause:5234-R04/consumption-mixin-names
    Scenario Outline: Mixin names are DNS labels, unique per kind
      KEP-5234 "API": "Name is a unique identifier among all <kind> mixins in the ResourceSlice.
      It must be a DNS label." The same name may be used once per kind.
      Given the feature gate DRAResourceSliceMixins is enabled
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          mixins: <mixins>
          devices:
          - name: gpu-0
        """
      Then the outcome is "<outcome>"

      Examples:
        | mixins | outcome |
        | {device: [{name: common, attributes: {model: {string: a100}}}], deviceCounterConsumption: [{name: common, counters: {memory: {value: 1Gi}}}]} | accepted |
        | {device: [{name: common, attributes: {model: {string: a100}}}, {name: common, attributes: {arch: {string: ampere}}}]} | spec.mixins.device[1]: Duplicate value: "common" |
        | {deviceCounterConsumption: [{name: c, counters: {memory: {value: 1Gi}}}, {name: c, counters: {cores: {value: "1"}}}]} | spec.mixins.deviceCounterConsumption[1]: Duplicate value: "c" |
        | {device: [{attributes: {model: {string: a100}}}]} | spec.mixins.device[0].name: Required value |
        | {device: [{name: Common_1, attributes: {model: {string: a100}}}]} | spec.mixins.device[0].name: Invalid value: "Common_1": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?') |

    @component:apiserver @req:5234-R04 @gate:DRAResourceSliceMixins @clause:5234-R04/device-mixin-keys
    Scenario Outline: A device mixin's attribute and capacity names are checked like a device's
      KEP-5234 "API": DeviceMixin.Attributes is a map[QualifiedName]DeviceAttribute and
      DeviceMixin.Capacity a map[QualifiedName]DeviceCapacity, the types a Device's fields have.
      The KEP gives no message; the one pinned is what k/k pkg/apis/resource/validation
      validateQualifiedName (a C identifier, or a DNS-subdomain domain and a C identifier)
      says for a device's key, at the mixin's path.
      Given the feature gate DRAResourceSliceMixins is enabled
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          mixins: {device: [<mixin>]}
          devices:
          - name: gpu-0
            includes: [m]
        """
      Then the outcome is "<outcome>"

      Examples:
        | mixin | outcome |
        | {name: m, attributes: {model: {string: a100}}, capacity: {memory: {value: 80Gi}, example.com/slots: {value: "4"}}} | accepted |
        | {name: m, capacity: {1memory: {value: 80Gi}}} | spec.mixins.device[0].capacity: Invalid value: "1memory": a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName', regex used for validation is '[A-Za-z_][A-Za-z0-9_]*') |
        | {name: m, attributes: {1model: {string: a100}}} | spec.mixins.device[0].attributes: Invalid value: "1model": a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName', regex used for validation is '[A-Za-z_][A-Za-z0-9_]*') |

    @component:apiserver @req:5234-R04 @gate:DRAResourceSliceMixins @gate:DRAConsumableCapacity @clause:5234-R04/device-mixin-keys
    Scenario Outline: A device mixin's capacity request policy is checked as a shared device's
      KEP-5234 "API": DeviceMixin.Capacity is a map[QualifiedName]DeviceCapacity, the type a
      Device's capacity has, request policy included (KEP-5075 consumable capacity). A mixin
      has no allowMultipleAllocations of its own, so its policy is not forbidden for want of
      one; its values are checked as k/k validation.go validateRequestPolicyValidValues checks
      a shared device's (the default among the valid values), at the mixin's path. The KEP
      gives no message; KEP-5234 did not ship, so drakit follows the KEP's type.
      Given the feature gate DRAResourceSliceMixins is enabled
      And the feature gate DRAConsumableCapacity is enabled
      And a ResourceSlice manifest:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: slice-1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          mixins:
            device:
            - name: m
              capacity:
                a:
                  value: "100"
                  requestPolicy: {default: "10", validValues: ["5", "10", "100"]}
          devices:
          - name: gpu-0
            allowMultipleAllocations: true
            includes: [m]
        """
      And the manifest has "<path>" set to <value>
      When I create the manifest
      Then the outcome is "<outcome>"

      Examples:
        | path | value | outcome |
        | spec.mixins.device[0].capacity.a.requestPolicy.default | "5" | accepted |
        | spec.mixins.device[0].capacity.a.requestPolicy.default | "7" | spec.mixins.device[0].capacity[a].requestPolicy.validValues: Invalid value: "7": default value is not valid according to the requestPolicy |

    @component:apiserver @req:5234-R04 @gate:DRAResourceSliceMixins @clause:5234-R04/device-includes-max-8
    Scenario Outline: Includes are at most 8
      KEP-5234 "Limits": "The number of mixins that can be referenced from each device, counter
      set or device counter consumption is 8."
      Given the feature gate DRAResourceSliceMixins is enabled
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          mixins:
            device:
            - {name: m0, attributes: {a0: {int: 0}}}
            - {name: m1, attributes: {a1: {int: 1}}}
            - {name: m2, attributes: {a2: {int: 2}}}
            - {name: m3, attributes: {a3: {int: 3}}}
            - {name: m4, attributes: {a4: {int: 4}}}
            - {name: m5, attributes: {a5: {int: 5}}}
            - {name: m6, attributes: {a6: {int: 6}}}
            - {name: m7, attributes: {a7: {int: 7}}}
            - {name: m8, attributes: {a8: {int: 8}}}
          devices:
          - name: gpu-0
            includes: <includes>
        """
      Then the outcome is "<outcome>"

      Examples:
        | includes                               | outcome |
        | [m0, m1, m2, m3, m4, m5, m6, m7]       | accepted |
        | [m0, m1, m2, m3, m4, m5, m6, m7, m8]   | spec.devices[0].includes: Too many: 9: must have at most 8 items |

    # since 1.35: the slice's device consumes a counter set the slice does not define (counter sets live in a slice of their own, the 1.35 layout (KEP-4815); 1.34 requires a device's counter set in its own slice)
    @component:apiserver @req:5234-R04 @gate:DRAResourceSliceMixins @clause:5234-R04/same-slice @since:1.35
    Scenario Outline: Includes must reference a mixin of the matching kind in the same slice
      KEP-5234 "API": "The mixins referenced here must be defined in the same ResourceSlice",
      each includes list refers to its own kind. The KEP gives no error; the KEP's implementation
      pull request kubernetes/kubernetes#131357 ("DRA ResourceSlice mixins", never merged;
      validation_resourceslice_test.go "unknown-device-mixin-ref" and
      "unknown-device-counter-consumption-mixin-ref") refuses it as Invalid at includes[i] with
      "must reference a <kind> mixin defined in the ResourceSlice".
      Given the feature gate DRAResourceSliceMixins is enabled
      And a ResourceSlice manifest:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          mixins:
            device:
            - {name: a100, attributes: {model: {string: a100}}}
            deviceCounterConsumption:
            - {name: full-gpu, counters: {memory: {value: 80Gi}}}
          devices:
          - name: gpu-0
            includes: [a100]
            consumesCounters:
            - {counterSet: gpu-0-counters, includes: [full-gpu]}
        """
      And the manifest has "<path>" set to <value>
      When I create the manifest
      Then the request is rejected with exactly these causes:
        | field   | reason             | message   |
        | <field> | FieldValueInvalid  | <message> |

      Examples:
        | path                                          | value      | field                                           | message |
        | spec.devices[0].includes                      | [h100]     | spec.devices[0].includes[0]                     | Invalid value: "h100": must reference a device mixin defined in the ResourceSlice |
        | spec.devices[0].includes                      | [full-gpu] | spec.devices[0].includes[0]                     | Invalid value: "full-gpu": must reference a device mixin defined in the ResourceSlice |
        | spec.devices[0].consumesCounters[0].includes  | [a100]     | spec.devices[0].consumesCounters[0].includes[0] | Invalid value: "a100": must reference a device counter consumption mixin defined in the ResourceSlice |

    @component:apiserver @req:5234-R04 @gate:DRAResourceSliceMixins @clause:5234-R04/same-slice
    Scenario: A counter set can only include counter-set mixins of its slice
      KEP-5234 "API" CounterSet.Includes: "must be defined in the same ResourceSlice"; error as
      in kubernetes/kubernetes#131357 (validation_resourceslice_test.go
      "unknown-counter-set-mixin-ref").
      Given the feature gate DRAResourceSliceMixins is enabled
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          sharedCounters:
          - name: gpu-0-counters
            includes: [a100-counters]
            counters:
              memory: {value: 80Gi}
        """
      Then the request is rejected with exactly these causes:
        | field                              | reason            | message |
        | spec.sharedCounters[0].includes[0] | FieldValueInvalid | Invalid value: "a100-counters": must reference a counter set mixin defined in the ResourceSlice |

    @component:apiserver @req:5234-R03 @req:5234-R05 @gate:DRAResourceSliceMixins @clause:5234-R05/flattened-32
    Scenario Outline: The 32 attributes-and-capacities limit applies to the flattened device
      KEP-5234 "Limits": "The combined number of attributes and capacities for a single device can
      not exceed 32", enforced "on the device with mixins applied". Keys the device and a mixin
      share count once (the device's own value overrides). Same k/k rule as for a device without
      mixins; with mixins on, kubernetes/kubernetes#131357 (validation_resourceslice_test.go
      "combined-attributes-capacity-length") words it for the flattened device.
      Given the feature gate DRAResourceSliceMixins is enabled
      And a ResourceSlice manifest:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          mixins:
            device:
            - name: extra
              attributes: <mixin>
          devices:
          - name: gpu-0
            includes: [extra]
            attributes:
              model: {string: a100}
        """
      And the map "spec.devices[0].attributes" is filled to 30 entries from its first entry
      When I create the manifest
      Then the outcome is "<outcome>"

      Examples:
        | mixin                                                          | outcome |
        | {arch: {string: ampere}, numa: {int: 0}}                       | accepted |
        | {model: {string: h100}, arch: {string: ampere}, numa: {int: 0}} | accepted |
        | {arch: {string: ampere}, numa: {int: 0}, pcie: {int: 4}}       | spec.devices[0]: Invalid value: 33: the total number of attributes and capacities in a device after mixins have been applied must not exceed 32 |

    @component:apiserver @req:5234-R05 @gate:DRAResourceSliceMixins @clause:5234-R05/attributes-4096
    Scenario Outline: Slice-wide total of 4096 attributes and capacities across devices and mixins
      KEP-5234 "Limits": "Total combined number of attributes and capacity in a ResourceSlice is
      4096" (128 devices x 32 = 4096; one more attribute in a mixin passes it). The KEP gives
      no message or path; the limit must be named in the cause.
      Given the feature gate DRAResourceSliceMixins is enabled
      And a ResourceSlice manifest:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          mixins:
            device: <mixins>
          devices:
          - name: gpu
            attributes:
              model: {string: a100}
        """
      And the map "spec.devices[0].attributes" is filled to 32 entries from its first entry
      And the list "spec.devices" is filled to 128 items from its first item
      When I create the manifest
      Then <then>

      Examples:
        | mixins                                         | then |
        | []                                             | the request succeeds |
        | [{name: one, attributes: {arch: {int: 1}}}]    | the request is rejected with a cause whose message contains "4096" |

    @component:apiserver @req:5234-R05 @gate:DRAResourceSliceMixins @clause:5234-R05/attributes-4096
    Scenario Outline: Capacities count toward the slice-wide 4096 as attributes do
      The KEP's total is of "attributes and capacity": 128 devices with 16 attributes and 16
      capacities each reach 4096; one more capacity in a device mixin passes it, as one more
      attribute does.
      Given the feature gate DRAResourceSliceMixins is enabled
      And a ResourceSlice manifest:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          mixins:
            device: <mixins>
          devices:
          - name: gpu
            attributes:
              model: {string: a100}
            capacity:
              memory: {value: 80Gi}
        """
      And the map "spec.devices[0].attributes" is filled to 16 entries from its first entry
      And the map "spec.devices[0].capacity" is filled to 16 entries from its first entry
      And the list "spec.devices" is filled to 128 items from its first item
      When I create the manifest
      Then <then>

      Examples:
        | mixins                                           | then |
        | []                                               | the request succeeds |
        | [{name: one, capacity: {cores: {value: "8"}}}]   | the request is rejected with a cause whose message contains "4096" |

    # since 1.35: 1.34 caps the counters the devices of one slice consume at 1024, below the 64 x 32 = 2048 this scenario fills (v1.34.0 OpenAPI Device.consumesCounters)
    @component:apiserver @req:5234-R05 @gate:DRAResourceSliceMixins @since:1.35 @clause:5234-R05/consumed-2048
    Scenario Outline: Slice-wide total of 2048 consumed counters across devices and mixins
      KEP-5234 "Limits": "Total number of consumed counters is 2048". 64 devices (the limit with
      counters) x 32 counters = 2048; one more counter in a consumption mixin passes it.
      Given the feature gate DRAResourceSliceMixins is enabled
      And a ResourceSlice manifest:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          mixins:
            deviceCounterConsumption: <mixins>
          devices:
          - name: gpu
            consumesCounters:
            - counterSet: gpu-0
              counters:
                c: {value: "1"}
        """
      And the map "spec.devices[0].consumesCounters[0].counters" is filled to 32 entries from its first entry
      And the list "spec.devices" is filled to 64 items from its first item
      When I create the manifest
      Then <then>

      Examples:
        | mixins                                  | then |
        | []                                      | the request succeeds |
        | [{name: one, counters: {x: {value: "1"}}}] | the request is rejected with a cause whose message contains "2048" |

    @component:apiserver @req:5234-R05 @gate:DRAResourceSliceMixins @clause:5234-R05/counters-256
    Scenario: Slice-wide total of 256 counters across counter sets and counter-set mixins
      KEP-5234 "Limits": "Total number of counters is 256" (8 sets x 32 counters reach it; one
      counter in a counter-set mixin passes it). The KEP names no path; its implementation pull
      request kubernetes/kubernetes#131357 ("too-large-shared-counters-with-mixins") refuses the
      slice at spec with the total as the value.
      Given the feature gate DRAResourceSliceMixins is enabled
      And a ResourceSlice manifest:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          mixins:
            counterSet:
            - {name: one, counters: {x: {value: "1"}}}
          sharedCounters:
          - name: gpu
            counters:
              c: {value: "1"}
        """
      And the map "spec.sharedCounters[0].counters" is filled to 32 entries from its first entry
      And the list "spec.sharedCounters" is filled to 8 items from its first item
      When I create the manifest
      Then the request is rejected with a cause whose message contains "256"
      And the request is rejected with a cause at "spec" of reason "FieldValueInvalid" whose message starts with "Invalid value: 257: "

    # since 1.35: the devices row consumes a counter set its slice does not define (counter sets live in a slice of their own, the 1.35 layout (KEP-4815); 1.34 requires a device's counter set in its own slice)
    @component:apiserver @req:5234-R04 @gate:DRAResourceSliceMixins @clause:5234-R04/counters-or-includes @since:1.35
    Scenario Outline: A counter set or a counter consumption needs counters or includes
      KEP-5234 "API" lets includes stand in for counters but names no error for an entry with
      neither. The KEP's implementation pull request kubernetes/kubernetes#131357 ("DRA
      ResourceSlice mixins", never merged; validation_resourceslice_test.go
      "shared-counters-no-counters-or-includes" and
      "missing-counter-consumes-counter-or-includes") refuses it with Required at the entry
      itself. With the gate off the shipped rule stands: Required at ...counters.
      Given the feature gate DRAResourceSliceMixins is <gate>
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          <field>: <value>
        """
      Then the outcome is "<outcome>"

      Examples:
        | gate     | field          | value                                                         | outcome |
        | enabled  | sharedCounters | [{name: gpu-0-counters}]                                      | spec.sharedCounters[0]: Required value: at least one of `counters` or `includes` must be specified |
        | enabled  | devices        | [{name: gpu-0, consumesCounters: [{counterSet: gpu-0-counters}]}] | spec.devices[0].consumesCounters[0]: Required value: at least one of `counters` or `includes` must be specified |
        | disabled | sharedCounters | [{name: gpu-0-counters}]                                      | spec.sharedCounters[0].counters: Required value |

    @component:apiserver @req:5234-R04 @gate:DRAResourceSliceMixins @clause:5234-R04/mixin-counters-required
    Scenario Outline: A counter-set or counter-consumption mixin needs counters
      KEP-5234 "API": CounterSetMixin.Counters and DeviceCounterConsumptionMixin.Counters are
      "+required" (a mixin has no includes to stand in for them). The KEP and its
      implementation pull request name no error; drakit reports a missing required map as the
      k/k helpers do for a counter set without counters: Required at ...counters, no detail.
      Given the feature gate DRAResourceSliceMixins is enabled
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          mixins: <mixins>
          sharedCounters:
          - name: gpu-0-counters
            counters:
              memory: {value: 80Gi}
        """
      Then the outcome is "<outcome>"

      Examples:
        | mixins | outcome |
        | {counterSet: [{name: common, counters: {memory: {value: 1Gi}}}], deviceCounterConsumption: [{name: common, counters: {memory: {value: 1Gi}}}]} | accepted |
        | {counterSet: [{name: common}]} | spec.mixins.counterSet[0].counters: Required value |
        | {counterSet: [{name: common, counters: {Bad_Name: {value: 1Gi}}}]} | spec.mixins.counterSet[0].counters: Invalid value: "Bad_Name": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?') |
        | {deviceCounterConsumption: [{name: common, counters: {}}]} | spec.mixins.deviceCounterConsumption[0].counters: Required value |

    @component:apiserver @req:5234-R04 @gate:DRAResourceSliceMixins @clause:5234-R04/counter-set-mixin-names
    Scenario Outline: Counter-set mixin names are DNS labels, unique among counter-set mixins
      KEP-5234 "API" CounterSetMixin: "Name is a unique identifier among all capacity pool mixins
      in the ResourceSlice. It must be a DNS label." Errors as the k/k helpers give them for a
      keyed list (validateSet: Duplicate at the repeated index; Required; DNS-1123 label). A
      device mixin may use the same name: uniqueness is per kind.
      Given the feature gate DRAResourceSliceMixins is enabled
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          mixins: <mixins>
          sharedCounters:
          - name: gpu-0-counters
            counters:
              memory: {value: 80Gi}
        """
      Then the outcome is "<outcome>"

      Examples:
        | mixins | outcome |
        | {counterSet: [{name: common, counters: {memory: {value: 1Gi}}}], device: [{name: common, attributes: {model: {string: a100}}}]} | accepted |
        | {counterSet: [{name: common, counters: {memory: {value: 1Gi}}}, {name: common, counters: {cores: {value: "1"}}}]} | spec.mixins.counterSet[1]: Duplicate value: "common" |
        | {counterSet: [{counters: {memory: {value: 1Gi}}}]} | spec.mixins.counterSet[0].name: Required value |
        | {counterSet: [{name: Common_1, counters: {memory: {value: 1Gi}}}]} | spec.mixins.counterSet[0].name: Invalid value: "Common_1": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?') |

    # since 1.35: the devices rows consume a counter set their slice does not define (counter sets live in a slice of their own, the 1.35 layout (KEP-4815); 1.34 requires a device's counter set in its own slice)
    @component:apiserver @req:5234-R04 @gate:DRAResourceSliceMixins @clause:5234-R04/counter-set-includes-max-8 @clause:5234-R04/consumption-includes-max-8 @since:1.35
    Scenario Outline: A counter set and a counter consumption include at most 8 mixins
      KEP-5234 "API" CounterSet.Includes and DeviceCounterConsumption.Includes: "The maximum
      number of includes is 8" (TooMany as the k/k helper words it). Nine mixins of each kind
      exist, each with a counter of its own, so only the count of includes can fail.
      Given the feature gate DRAResourceSliceMixins is enabled
      And a ResourceSlice manifest:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: pool-a, resourceSliceCount: 1}
          mixins:
            counterSet:
            - {name: m0, counters: {c0: {value: "1"}}}
            - {name: m1, counters: {c1: {value: "1"}}}
            - {name: m2, counters: {c2: {value: "1"}}}
            - {name: m3, counters: {c3: {value: "1"}}}
            - {name: m4, counters: {c4: {value: "1"}}}
            - {name: m5, counters: {c5: {value: "1"}}}
            - {name: m6, counters: {c6: {value: "1"}}}
            - {name: m7, counters: {c7: {value: "1"}}}
            - {name: m8, counters: {c8: {value: "1"}}}
            deviceCounterConsumption:
            - {name: m0, counters: {c0: {value: "1"}}}
            - {name: m1, counters: {c1: {value: "1"}}}
            - {name: m2, counters: {c2: {value: "1"}}}
            - {name: m3, counters: {c3: {value: "1"}}}
            - {name: m4, counters: {c4: {value: "1"}}}
            - {name: m5, counters: {c5: {value: "1"}}}
            - {name: m6, counters: {c6: {value: "1"}}}
            - {name: m7, counters: {c7: {value: "1"}}}
            - {name: m8, counters: {c8: {value: "1"}}}
        """
      And the manifest has "<field>" set to <value>
      When I create the manifest
      Then the outcome is "<outcome>"

      Examples:
        | field               | value                                                                                  | outcome |
        | spec.sharedCounters | [{name: gpu-0-counters, includes: [m0, m1, m2, m3, m4, m5, m6, m7]}]                   | accepted |
        | spec.sharedCounters | [{name: gpu-0-counters, includes: [m0, m1, m2, m3, m4, m5, m6, m7, m8]}]               | spec.sharedCounters[0].includes: Too many: 9: must have at most 8 items |
        | spec.devices        | [{name: gpu-0, consumesCounters: [{counterSet: gpu-0-counters, includes: [m0, m1, m2, m3, m4, m5, m6, m7]}]}]     | accepted |
        | spec.devices        | [{name: gpu-0, consumesCounters: [{counterSet: gpu-0-counters, includes: [m0, m1, m2, m3, m4, m5, m6, m7, m8]}]}] | spec.devices[0].consumesCounters[0].includes: Too many: 9: must have at most 8 items |

    # since 1.35: the devices variant consumes counter sets its slice does not define (they live in a slice of their own, the 1.35 layout (KEP-4815); 1.34 requires a device's counter set in its own slice)
    @component:apiserver @req:5234-R05 @gate:DRAResourceSliceMixins @needs-gate:DRADeviceTaints @kep-test:resourceslice-maximum-size @clause:5234-R05/worst-case-size @since:1.35
    Scenario Outline: The worst-case ResourceSlice at the KEP's limits is accepted and fits the storage limit (<variant>)
      KEP-5234 "Limits": "With these limits, the worst-case size for a ResourceSlice increases
      from 1,107,864 bytes to 1,288,825 bytes"; test plan: "The integration test that verifies
      the theoretical maximum size of the ResourceSlice resource will be updated" (k/k
      test/utils NewMaxResourceSlice: maximal names, every list at its limit). Built here with
      mixins: 64 devices (the shipped cap once devices have taints or counters), 4096 attributes
      over devices and device mixins (32 per flattened device), 2048 consumed counters in
      consumption mixins, 8 includes everywhere, 4 taints per device (the KEP's number), maximal
      names; the counter-set variant has 8 sets built from 256 mixin counters. It must be
      accepted unchanged and stay under etcd's default request limit of 1.5 MiB (1,572,864
      bytes); measured on the reference: 1,171,737 bytes for the devices variant (1,524,249 with
      the 16 taints allowed since 1.35).
      Given the feature gate DRAResourceSliceMixins is enabled
      And the worst-case ResourceSlice manifest with <variant> at the KEP-5234 limits
      When I create the manifest
      Then the request succeeds
      And the stored object keeps the manifest's spec
      And the stored object is at most 1572864 bytes of JSON

      Examples:
        | variant      |
        | devices      |
        | counter sets |

    @component:apiserver @req:5234-R05 @req:5234-R10 @clause:5234-R10/node-selection
    Scenario: allNodes set to false is refused, and then no node selection is set
      Shipped ResourceSliceSpec (k/k validateResourceSliceSpec): allNodes false is Invalid
      ("must be either unset or set to true") and does not count as a selection, so a slice
      with nothing else also gets the Required error at spec (upstream's "invalid-false-AllNodes"
      case sets nodeName as well and gets only the first error).
      Given a cluster
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: s1
        spec:
          driver: gpu.example.com
          pool: {name: pool-a, resourceSliceCount: 1}
          allNodes: false
          devices:
          - name: gpu-0
        """
      Then the request is rejected with exactly these causes:
        | field         | reason             | message                                                                                                     |
        | spec.allNodes | FieldValueInvalid  | Invalid value: false: must be either unset or set to true                                                   |
        | spec          | FieldValueRequired | Required value: exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required |

  # since 1.35: the Background's counter set lives in a slice of its own (node-1-partition-counters), the 1.35 layout (KEP-4815); 1.34 requires a device's counter set in its own slice
  @component:scheduler @gate:DRAResourceSliceMixins @since:1.35
  Rule: Scheduling and controllers
    KEP-5234 ResourceSlice mixins as the scheduler sees them.
    Mixins never shipped (api-truth §2): drakit follows the KEP text behind the alpha gate
    DRAResourceSliceMixins. The scheduler allocates from the flattened devices: CEL selectors
    see mixin-provided attributes, counter-set and counter-consumption mixins bound what can
    be allocated, and with the gate off on the scheduler every device that uses a mixin (or
    consumes from a counter set that does) is invisible, never half-applied (KEP
    "Implementation" and "Version Skew Strategy"). On a live cluster these scenarios are
    expected to be unsupported (the fields are pruned or refused).

    Background:
      Given the feature gate DRAResourceSliceMixins is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      And the objects from fixture "kep-5234/scheduling/gpus-with-mixins.yaml"

    @req:5234-R06 @clause:5234-R06/applied-by-scheduler
    Scenario: A device that includes a mixin after a plain device of the same slice is allocated
      The scheduler flattens every device of a slice (KEP-5234 "Implementation"); a plain device
      before one that includes a mixin changes nothing for it.
      Given a node "node-2" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-2-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-2
          pool: {name: node-2, generation: 1, resourceSliceCount: 1}
          mixins:
            device:
            - name: h100
              attributes:
                model: {string: h100}
          devices:
          - name: plain-0
            attributes:
              model: {string: t4}
          - name: mixed-0
            includes: [h100]
        """
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: want-h100}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                selectors:
                - cel: {expression: 'device.attributes["gpu.example.com"].model == "h100"'}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: h100-pod}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: want-h100}
        """
      Then the Pod "h100-pod" is scheduled to "node-2"
      And the ResourceClaim "want-h100" has "status.allocation.devices.results[0].device" equal to mixed-0

    @req:5234-R01 @req:5234-R06 @clause:5234-R01/device-mixin-adds @clause:5234-R06/selectors-see-mixins @clause:5234-R06/applied-by-scheduler
    Scenario: A CEL selector matches an attribute that only a device mixin provides
      KEP-5234 "Implementation": the scheduler evaluates selectors against flattened devices.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: want-a100}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                count: 2
                selectors:
                - cel: {expression: 'device.attributes["gpu.example.com"].model == "a100"'}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: a100-pod}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: want-a100}
        """
      Then the Pod "a100-pod" is scheduled to "node-1"
      And the ResourceClaim "want-a100" has "status.allocation.devices.results[0].device" equal to gpu-0
      And the ResourceClaim "want-a100" has "status.allocation.devices.results[1].device" equal to gpu-1

    @req:5234-R02 @req:5234-R06 @clause:5234-R02/counter-set-mixin-adds @clause:5234-R02/consumption-mixin-adds @clause:5234-R02/set-named-at-reference @clause:5234-R06/counters-honoured @clause:5234-R06/applied-by-scheduler
    Scenario: Counter mixins keep two partitions of one GPU from both being allocated
      KEP-5234 "Proposal": the counter set gets 80Gi from its mixin, each partition consumes
      48Gi through a consumption mixin; the second claim cannot be satisfied.
      When I create 2 pods named "part-{i}" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: part}]}}
          resourceClaims:
          - {name: part, resourceClaimTemplateName: a100-partition}
        """
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: a100-partition}
        spec:
          spec:
            devices:
              requests:
              - name: part
                exactly:
                  deviceClassName: gpu.example.com
                  selectors:
                  - cel: {expression: 'device.attributes["gpu.example.com"].model == "a100-partition"'}
        """
      Then the Pod "part-0" is scheduled to "node-1"
      And the Pod "part-1" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      And 1 device of driver "gpu.example.com" is allocated

    @req:5234-R07 @req:5234-R08 @clause:5234-R07/devices-dropped @clause:5234-R08/skew-invisible
    Scenario Outline: Gate off on the scheduler while slices carry mixins: those devices are invisible
      KEP-5234 "Version Skew Strategy": an API server that stored mixins and a scheduler without
      the gate; devices that include a mixin, and devices consuming from a counter set that uses
      one, are dropped from scheduling; plain devices still serve.
      When the feature gate DRAResourceSliceMixins is disabled
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: probe-claim}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                selectors:
                - cel: {expression: '<expression>'}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: probe}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: probe-claim}
        """
      Then <outcome>

      Examples:
        | expression                                                          | outcome |
        | device.attributes["gpu.example.com"].model == "t4"                  | the ResourceClaim "probe-claim" has "status.allocation.devices.results[0].device" equal to gpu-2 |
        | device.attributes["gpu.example.com"].model == "a100"                | the Pod "probe" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims." |
        | device.attributes["gpu.example.com"].model == "a100-partition"      | the Pod "probe" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims." |

    @req:5234-R03 @req:5234-R06 @clause:5234-R03/device-later-wins @clause:5234-R03/device-own-wins @clause:5234-R06/applied-by-scheduler
    Scenario Outline: Mixin order and override through scheduling: a selector on the winning value picks that device
      KEP-5234 "Proposal" (includes "are applied in the order listed, meaning that later mixins
      will overwrite earlier" ones; attributes and capacity "set on the device ... always
      override" mixins), never shipped (api-truth §2). The scheduler evaluates selectors on the
      flattened devices, so a selector matching only one flattened value allocates exactly the
      device where that value wins; a value that every device overrides matches nothing.
      Given a node "node-2" with cpu "8", memory "32Gi"
      And the objects from fixture "kep-5234/scheduling/mixin-override-order.yaml"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: ordered}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                selectors:
                - cel: {expression: '<expression>'}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: ordered-pod}
        spec:
          nodeSelector: {kubernetes.io/hostname: node-2}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: ordered}
        """
      Then <outcome>

      Examples:
        | expression                                                                                       | outcome |
        | device.attributes["gpu.example.com"].model == "b"                                                | the ResourceClaim "ordered" has "status.allocation.devices.results" equal to [{request: gpu, driver: gpu.example.com, pool: node-2, device: gpu-ab}] |
        | device.attributes["gpu.example.com"].model == "a"                                                | the ResourceClaim "ordered" has "status.allocation.devices.results" equal to [{request: gpu, driver: gpu.example.com, pool: node-2, device: gpu-ba}] |
        | device.attributes["gpu.example.com"].model == "own"                                              | the ResourceClaim "ordered" has "status.allocation.devices.results" equal to [{request: gpu, driver: gpu.example.com, pool: node-2, device: gpu-own}] |
        | device.capacity["gpu.example.com"].memory.compareTo(quantity("16Gi")) == 0                       | the ResourceClaim "ordered" has "status.allocation.devices.results" equal to [{request: gpu, driver: gpu.example.com, pool: node-2, device: gpu-own}] |
        | device.capacity["gpu.example.com"].memory.compareTo(quantity("40Gi")) == 0                       | the ResourceClaim "ordered" has "status.allocation.devices.results" equal to [{request: gpu, driver: gpu.example.com, pool: node-2, device: gpu-ba}] |
        | device.attributes["gpu.example.com"].model == "own" && device.attributes["gpu.example.com"].generation == 1 | the ResourceClaim "ordered" has "status.allocation.devices.results" equal to [{request: gpu, driver: gpu.example.com, pool: node-2, device: gpu-own}] |
        | device.attributes["gpu.example.com"].model == "c"                                                | the Pod "ordered-pod" stays pending with reason "Unschedulable" and a message starting with "0/2 nodes are available: 1 cannot allocate all claims, 1 node(s) didn't match Pod's node affinity/selector." |

    @req:5234-R03 @req:5234-R02 @req:5234-R06 @kep-test:mixins-applied-by-scheduler @clause:5234-R03/counter-set-later-wins @clause:5234-R03/counter-set-own-wins @clause:5234-R02/counter-set-mixin-adds @clause:5234-R06/counters-honoured @clause:5234-R06/applied-by-scheduler
    Scenario Outline: Counter-set mixins apply in order and the set's own counters win, as allocation shows (<set>)
      KEP-5234 CounterSet.Includes (KEP text, never shipped): a later mixin's counter replaces an
      earlier one's, the counter set's own counter replaces both. Each set has six partitions
      consuming 16Gi; the allocator fits as many as the set's memory allows, so <fits> fit and
      one more does not (big-then-small: 40Gi; small-then-big: 80Gi; own-over-mixin: 16Gi).
      Given the objects from fixture "kep-5234/scheduling/counter-set-order.yaml"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: fits}
        spec:
          devices:
            requests:
            - name: part
              exactly:
                deviceClassName: gpu.example.com
                count: <fits>
                selectors:
                - cel: {expression: '"set" in device.attributes["gpu.example.com"] && device.attributes["gpu.example.com"].set == "<set>"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: one-more}
        spec:
          devices:
            requests:
            - name: part
              exactly:
                deviceClassName: gpu.example.com
                count: <one-more>
                selectors:
                - cel: {expression: '"set" in device.attributes["gpu.example.com"] && device.attributes["gpu.example.com"].set == "<set>"'}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: too-many}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: part}]}}
          resourceClaims:
          - {name: part, resourceClaimName: one-more}
        """
      Then the Pod "too-many" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: fitting}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: part}]}}
          resourceClaims:
          - {name: part, resourceClaimName: fits}
        """
      Then the Pod "fitting" is scheduled to "node-1"
      And the claim "part" of Pod "fitting" has <fits> allocated devices

      Examples:
        | set            | fits | one-more |
        | big-then-small | 2    | 3        |
        | small-then-big | 5    | 6        |
        | own-over-mixin | 1    | 2        |

    @req:5234-R03 @req:5234-R02 @req:5234-R06 @kep-test:mixins-applied-by-scheduler @clause:5234-R03/consumption-later-wins @clause:5234-R03/consumption-own-wins @clause:5234-R02/consumption-mixin-adds @clause:5234-R02/set-named-at-reference @clause:5234-R06/applied-by-scheduler
    Scenario Outline: Counter-consumption mixins apply in order and the consumption's own counters win, as allocation shows (<case>)
      KEP-5234 DeviceCounterConsumption.Includes (KEP text, never shipped): a later mixin's
      counter replaces an earlier one's, the consumption's own counter replaces both; the counter
      set is the one named where the mixin is referenced. Each case has a 96Gi set and four
      devices: consuming 16Gi all four fit, consuming 48Gi only two.
      Given the objects from fixture "kep-5234/scheduling/consumption-order.yaml"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: probe-claim}
        spec:
          devices:
            requests:
            - name: dev
              exactly:
                deviceClassName: gpu.example.com
                count: <count>
                selectors:
                - cel: {expression: '"case" in device.attributes["gpu.example.com"] && device.attributes["gpu.example.com"].case == "<case>"'}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: probe}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: dev}]}}
          resourceClaims:
          - {name: dev, resourceClaimName: probe-claim}
        """
      Then <outcome>

      Examples:
        | case         | count | outcome |
        | later-wins   | 4     | the claim "dev" of Pod "probe" has 4 allocated devices |
        | earlier-lost | 2     | the claim "dev" of Pod "probe" has 2 allocated devices |
        | earlier-lost | 3     | the Pod "probe" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims." |
        | own-wins     | 4     | the claim "dev" of Pod "probe" has 4 allocated devices |

    @req:5234-R07 @kep-test:enablement-disablement @clause:5234-R07/transitive-drop
    Scenario Outline: Gate off: a device without mixins is dropped when its counter set uses one (<model>)
      KEP-5234 "Implementation": "all devices that references a dropped counter set will also be
      dropped", in isolation: the device itself and its consumption include nothing; only its
      counter set includes a counter-set mixin. The control device consumes from a set without
      mixins and stays allocatable. The slices were stored while the gate was on (kept: in use).
      Given the objects from fixture "kep-5234/scheduling/transitive-drop.yaml"
      When the feature gate DRAResourceSliceMixins is disabled
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: probe-claim}
        spec:
          devices:
            requests:
            - name: dev
              exactly:
                deviceClassName: gpu.example.com
                selectors:
                - cel: {expression: 'device.attributes["gpu.example.com"].model == "<model>"'}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: probe}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: dev}]}}
          resourceClaims:
          - {name: dev, resourceClaimName: probe-claim}
        """
      Then <outcome>

      Examples:
        | model      | outcome |
        | transitive | the Pod "probe" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims." |
        | control    | the ResourceClaim "probe-claim" has "status.allocation.devices.results" equal to [{request: dev, driver: gpu.example.com, pool: node-1-transitive, device: via-plain-set}] |

    @req:5234-R07 @clause:5234-R07/devices-dropped
    Scenario: Gate off: a device that still includes a mixin after the slice's mixins were removed is dropped
      As for a counter set (next scenario): with the gate off an update can take spec.mixins
      away while a device keeps its includes, now with attributes of its own. The device still
      references a mixin, so the scheduler without the gate drops it (KEP-5234
      "Implementation": "any devices or counter sets that references mixins will be dropped"),
      and a claim only it would match stays unallocated.
      When the feature gate DRAResourceSliceMixins is disabled
      And I patch the ResourceSlice "node-1-gpus" with:
        """
        spec:
          mixins: null
          devices:
          - name: gpu-0
            includes: [a100]
            attributes:
              model: {string: stripped}
          - name: gpu-2
            attributes:
              model: {string: t4}
        """
      Then the request succeeds
      And the ResourceSlice "node-1-gpus" has no "spec.mixins"
      And the ResourceSlice "node-1-gpus" has "spec.devices[0].includes" equal to [a100]
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: probe-claim}
        spec:
          devices:
            requests:
            - name: dev
              exactly:
                deviceClassName: gpu.example.com
                selectors:
                - cel: {expression: 'device.attributes["gpu.example.com"].model == "stripped"'}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: probe}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: dev}]}}
          resourceClaims:
          - {name: dev, resourceClaimName: probe-claim}
        """
      Then the Pod "probe" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."

    @req:5234-R07 @kep-test:enablement-disablement @clause:5234-R07/transitive-drop @clause:5234-R07/api-drop-off
    Scenario: Gate off: a counter set that still includes a mixin after the slice's mixins were removed is dropped with its devices
      With the gate off the API server keeps includes on a slice that already uses them
      (drop-unless-in-use) and no longer checks that they name a mixin, so an update can take
      spec.mixins away while a counter set keeps its includes (and gains counters of its own,
      which the gate-off validation requires); the includes alone keep the slice "in use", so
      a later update keeps them too. The counter set still references a mixin, so
      the scheduler without the gate drops it and the device that consumes from it (KEP-5234
      "Implementation": "any devices or counter sets that references mixins will be dropped").
      Given the objects from fixture "kep-5234/scheduling/transitive-drop.yaml"
      When the feature gate DRAResourceSliceMixins is disabled
      And I patch the ResourceSlice "node-1-transitive-counters" with:
        """
        spec:
          mixins: null
          sharedCounters:
          - name: set-with-mixin
            includes: [a100-memory]
            counters:
              memory: {value: 80Gi}
          - name: set-without-mixin
            counters:
              memory: {value: 80Gi}
        """
      Then the request succeeds
      And the ResourceSlice "node-1-transitive-counters" has no "spec.mixins"
      And the ResourceSlice "node-1-transitive-counters" has "spec.sharedCounters[0].includes" equal to [a100-memory]
      When I set "metadata.labels.tier" of the ResourceSlice "node-1-transitive-counters" to gold
      Then the request succeeds
      And the ResourceSlice "node-1-transitive-counters" has "spec.sharedCounters[0].includes" equal to [a100-memory]
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: probe-claim}
        spec:
          devices:
            requests:
            - name: dev
              exactly:
                deviceClassName: gpu.example.com
                selectors:
                - cel: {expression: 'device.attributes["gpu.example.com"].model == "transitive"'}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: probe}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: dev}]}}
          resourceClaims:
          - {name: dev, resourceClaimName: probe-claim}
        """
      Then the Pod "probe" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."

    @req:5234-R07 @req:5234-R08 @kep-test:enablement-disablement @clause:5234-R07/running-stay @clause:5234-R07/re-enable @clause:5234-R08/skew-invisible
    Scenario: Rollback and re-enable: an allocated mixin device stays allocated, a new claim waits for the gate
      KEP-5234 "Feature Enablement and Rollback": "Applications that were already running will
      continue to run and the allocated devices will remain so"; re-enabling: "It will take
      affect again and will impact allocation decisions." While the gate is off the scheduler
      does not see the A100s (they take their model from a mixin); once it is on again the
      waiting claim gets the other A100.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: first-claim}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                selectors:
                - cel: {expression: 'device.attributes["gpu.example.com"].model == "a100"'}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: first}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: first-claim}
        """
      Then the Pod "first" is scheduled to "node-1"
      When the feature gate DRAResourceSliceMixins is disabled
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: second-claim}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                selectors:
                - cel: {expression: 'device.attributes["gpu.example.com"].model == "a100"'}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: second-claim}
        """
      Then the Pod "second" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      And the Pod "first" is scheduled to "node-1"
      And the ResourceClaim "first-claim" has "status.allocation.devices.results" equal to [{request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-0}]
      When the feature gate DRAResourceSliceMixins is enabled
      Then the Pod "second" is scheduled to "node-1"
      And the ResourceClaim "second-claim" has "status.allocation.devices.results" equal to [{request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-1}]
      And the ResourceClaim "first-claim" has "status.allocation.devices.results" equal to [{request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-0}]

    @req:5234-R01 @clause:5234-R01/not-allocatable
    Scenario: A device mixin is never allocated itself, even when it matches the selector
      KEP-5234 "Proposal": "DeviceMixins cannot be allocated directly, but can only be referenced
      by devices." The mixin "a100" carries model a100 like the two devices that include it; a
      claim for all a100 devices gets exactly those two.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: all-a100}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                allocationMode: All
                selectors:
                - cel: {expression: 'device.attributes["gpu.example.com"].model == "a100"'}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: all-a100-pod}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: all-a100}
        """
      Then the Pod "all-a100-pod" is scheduled to "node-1"
      And the ResourceClaim "all-a100" has "status.allocation.devices.results" equal to [{request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-0}, {request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-1}]

    @req:5234-R06 @req:5234-R09 @kep-test:mixins-applied-by-scheduler @clause:5234-R06/no-functional-change @clause:5234-R09/flatten-agrees
    Scenario Outline: A slice with mixins allocates exactly like the same devices written out (<what>)
      KEP-5234 "Risks and Mitigations": mixins are only "a more compact way to define devices",
      and tools that flatten must not "differ in meaningful ways". node-1 publishes the
      Background's mixin slices; node-2 the same devices flattened by hand
      (kep-5234/scheduling/gpus-flattened-node-2.yaml). The same claim pinned to either node
      gets the same device names (pools differ by node).
      Given a node "node-2" with cpu "8", memory "32Gi"
      And the objects from fixture "kep-5234/scheduling/gpus-flattened-node-2.yaml"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: probe}
        spec:
          spec:
            devices:
              requests:
              - name: dev
                exactly:
                  deviceClassName: gpu.example.com
                  count: <count>
                  selectors:
                  - cel: {expression: '<expression>'}
        """
      And I create 1 pod named "pinned-0" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          nodeSelector: {kubernetes.io/hostname: node-1}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: dev}]}}
          resourceClaims:
          - {name: dev, resourceClaimTemplateName: probe}
        """
      And I create 1 pod named "pinned-1" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          nodeSelector: {kubernetes.io/hostname: node-2}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: dev}]}}
          resourceClaims:
          - {name: dev, resourceClaimTemplateName: probe}
        """
      Then the Pod "pinned-0" is scheduled to "node-1"
      And the Pod "pinned-1" is scheduled to "node-2"
      And the claim "dev" of Pod "pinned-0" has <count> allocated devices
      And the devices of Pods "pinned-0" and "pinned-1" have the same names

      Examples:
        | what                 | count | expression |
        | mixin attribute      | 2     | device.attributes["gpu.example.com"].model == "a100" |
        | mixin capacity       | 2     | "memory" in device.capacity["gpu.example.com"] && device.capacity["gpu.example.com"].memory.compareTo(quantity("80Gi")) == 0 |
        | own attribute        | 1     | device.attributes["gpu.example.com"].model == "t4" |
        | counters via mixins  | 1     | device.attributes["gpu.example.com"].model == "a100-partition" |

    @req:5234-R08 @req:5234-R07 @clause:5234-R08/skew-invisible @clause:5234-R07/devices-dropped @clause:5234-R07/re-enable
    Scenario: Skew: a slice written during the skew keeps its mixins, the scheduler without the gate does not see those devices until it restarts with it
      KEP-5234 "Version Skew Strategy": "During version skew where the apiserver supports the
      feature and the scheduler doesn't, the devices that is using the mixins feature will be
      dropped and not visible to the scheduler"; "Feature Enablement and Rollback" (components
      kube-apiserver and kube-scheduler): re-enabled, "It will take affect again and will impact
      allocation decisions". Only the scheduler runs without DRAResourceSliceMixins: a slice
      created now keeps its mixins (an API server without the gate would drop them on create),
      the A100 on node-2 (whose model comes from a mixin) cannot be found; the scheduler
      restarted with the gate allocates it.
      Given the scheduler runs with the feature gate DRAResourceSliceMixins disabled
      And a node "node-2" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-2-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-2
          pool: {name: node-2, generation: 1, resourceSliceCount: 1}
          mixins:
            device:
            - name: a100
              attributes:
                model: {string: a100}
          devices:
          - name: gpu-20
            includes: [a100]
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: want-a100}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                selectors:
                - cel: {expression: 'device.attributes["gpu.example.com"].model == "a100"'}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: a100-pod}
        spec:
          nodeSelector: {kubernetes.io/hostname: node-2}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: want-a100}
        """
      Then the request succeeds
      And the ResourceSlice "node-2-gpus" has "spec.mixins.device[0].name" equal to a100
      And the ResourceSlice "node-2-gpus" has "spec.devices[0].includes" equal to [a100]
      And the Pod "a100-pod" stays pending with reason "Unschedulable" and a message starting with "0/2 nodes are available: 1 cannot allocate all claims, 1 node(s) didn't match Pod's node affinity/selector."
      And the ResourceClaim "want-a100" has no "status.allocation"
      When the scheduler restarts with the feature gate DRAResourceSliceMixins enabled
      Then the Pod "a100-pod" is scheduled to "node-2"
      And the ResourceClaim "want-a100" has "status.allocation.devices.results[0].device" equal to gpu-20

    @req:5234-R07 @clause:5234-R07/devices-dropped @clause:5234-R07/transitive-drop
    Scenario: Skew: a scheduler without the gate drops a counter set made only of mixins and its consumers, and keeps the pool's other devices
      KEP-5234 "Implementation": with the gate off "any devices or counter sets that references
      mixins will be droppped", and "all devices that references a dropped counter set will also
      be dropped". The pool's counter slice has one counter set, made from a mixin: the scheduler
      without the gate drops it and part-0, which consumes it, and still allocates part-free,
      the other device of part-0's slice, for node-1 (the pool is not left invalid by a
      consumer of a set it no longer has, and the slice keeps its node).
      Given the scheduler runs with the feature gate DRAResourceSliceMixins disabled
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: part.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "part.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-part-counters}
        spec:
          driver: part.example.com
          nodeName: node-1
          pool: {name: node-1-parts, generation: 1, resourceSliceCount: 3}
          mixins:
            counterSet:
            - name: eight-gi
              counters:
                memory: {value: 8Gi}
          sharedCounters:
          - name: gpu-9
            includes: [eight-gi]
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-part-devices}
        spec:
          driver: part.example.com
          nodeName: node-1
          pool: {name: node-1-parts, generation: 1, resourceSliceCount: 3}
          devices:
          - name: part-0
            consumesCounters:
            - counterSet: gpu-9
              counters:
                memory: {value: 4Gi}
          - name: part-free
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-part-spares}
        spec:
          driver: part.example.com
          nodeName: node-1
          pool: {name: node-1-parts, generation: 1, resourceSliceCount: 3}
          devices:
          - name: spare-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: one-part}
        spec:
          devices:
            requests:
            - {name: part, exactly: {deviceClassName: part.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: part-pod}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: part}]}}
          resourceClaims:
          - {name: part, resourceClaimName: one-part}
        """
      Then the request succeeds
      And the Pod "part-pod" is scheduled to "node-1"
      And the ResourceClaim "one-part" has "status.allocation.devices.results[0].device" equal to part-free
      And the ResourceClaim "one-part" has "status.allocation.nodeSelector.nodeSelectorTerms[0].matchFields" equal to [{key: metadata.name, operator: In, values: [node-1]}]

    @req:5234-R06 @clause:5234-R06/selectors-see-mixins @clause:5234-R06/applied-by-scheduler
    Scenario Outline: A matchAttribute constraint compares the attributes devices take from their mixins
      KEP-5234 "Implementation": the scheduler works on the flattened devices, constraints
      included (k/k staging/src/k8s.io/dynamic-resource-allocation/structured allocator:
      matchAttributeConstraint). gpu-0 and gpu-1 get model a100 only from the device mixin;
      gpu-2 is the one t4. Request "second" may take any device, the constraint makes it the
      model of "first": a second a100 exists, a second t4 does not.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: same-model}
        spec:
          devices:
            requests:
            - name: first
              exactly:
                deviceClassName: gpu.example.com
                selectors:
                - cel: {expression: 'device.attributes["gpu.example.com"].model == "<model>"'}
            - name: second
              exactly: {deviceClassName: gpu.example.com}
            constraints:
            - {requests: [first, second], matchAttribute: gpu.example.com/model}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: pair}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpus}]}}
          resourceClaims:
          - {name: gpus, resourceClaimName: same-model}
        """
      Then <outcome>

      Examples:
        | model | outcome |
        | a100  | the ResourceClaim "same-model" has "status.allocation.devices.results" equal to [{request: first, driver: gpu.example.com, pool: node-1, device: gpu-0}, {request: second, driver: gpu.example.com, pool: node-1, device: gpu-1}] |
        | t4    | the Pod "pair" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims." |

    @req:5234-R06 @clause:5234-R06/applied-by-scheduler
    Scenario: A claim for all devices waits until every slice of a pool with mixins is published
      k8s.io/dynamic-resource-allocation structured/internal/{stable,incubating}/allocator
      (allocationMode All: "asks for all devices, but resource pool <driver>/<pool> is currently
      being updated" while fewer slices than spec.pool.resourceSliceCount are published;
      GatherPools marks such a pool incomplete). Once the pool's second slice arrives, whose
      devices take their attributes from a device mixin, the pod is retried after its backoff
      (1 s: the scheduler's podInitialBackoffSeconds) and the claim gets every device.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: nic.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "nic.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-nics-a}
        spec:
          driver: nic.example.com
          nodeName: node-1
          pool: {name: node-1-nics, generation: 1, resourceSliceCount: 2}
          devices:
          - name: nic-0
            attributes:
              speed: {string: 100g}
        """
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: all-nics}
        spec:
          devices:
            requests:
            - name: nics
              exactly: {deviceClassName: nic.example.com, allocationMode: All}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: router}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: nics}]}}
          resourceClaims:
          - {name: nics, resourceClaimName: all-nics}
        """
      Then the Pod "router" stays pending with reason "SchedulerError" and a message containing "asks for all devices, but resource pool nic.example.com/node-1-nics is currently being updated"
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-nics-b}
        spec:
          driver: nic.example.com
          nodeName: node-1
          pool: {name: node-1-nics, generation: 1, resourceSliceCount: 2}
          mixins:
            device:
            - name: fast
              attributes:
                speed: {string: 100g}
          devices:
          - name: nic-1
            includes: [fast]
          - name: nic-2
            includes: [fast]
        """
      And 1 second passes
      Then the Pod "router" is scheduled to "node-1"
      And 3 devices of driver "nic.example.com" are allocated

  @component:tool
  Rule: The flatten tool
    KEP-5234 "Non-Goals"/"Risks": "a kubectl command or a plugin that will allow users to see the
    fully flattened versions of a ResourceSlice". drakit ships one, `drakit flatten`. These
    scenarios run the command as a user does and compare its output with expectations worked
    out by hand from the KEP's rules; they touch no cluster, so every backend gives the same
    answer (tool-only scenarios).

    @req:5234-R09 @req:5234-R03 @clause:5234-R09/flattened-view @clause:5234-R03/device-later-wins @clause:5234-R03/device-own-wins @clause:5234-R03/counter-set-later-wins @clause:5234-R03/counter-set-own-wins @clause:5234-R03/consumption-later-wins @clause:5234-R03/consumption-own-wins
    Scenario Outline: drakit flatten writes out what the mixins mean (<fixture>)
      The flattened slices have no spec.mixins and no includes; attributes, capacity, counter
      sets and consumptions carry the values the KEP's order and override rules give.
      When I run drakit flatten on the fixture "kep-5234/scheduling/<fixture>.yaml"
      Then the flattened output has every ResourceSlice of the fixture "kep-5234/flatten/<fixture>.flattened.yaml" as written

      Examples:
        | fixture              |
        | mixin-override-order |
        | counter-set-order    |
        | consumption-order    |

    @req:5234-R09 @clause:5234-R09/unknown-mixin-named
    Scenario Outline: drakit flatten names the object and the mixin an include cannot find (<what>)
      A draft slice the API server would refuse (an include must name a mixin of the slice)
      is the case a user runs the tool on by hand: one line names what includes the unknown
      mixin, the exit status is 1 and nothing is written out.
      When I run drakit flatten on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: draft}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          mixins:
            device:
            - {name: a100, attributes: {model: {string: a100}}}
            counterSet:
            - {name: hbm, counters: {memory: {value: 80Gi}}}
            deviceCounterConsumption:
            - {name: half, counters: {memory: {value: 40Gi}}}
          sharedCounters:
          - {name: gpu-0-counters, includes: [<set_includes>]}
          devices:
          - name: gpu-0
            includes: [<device_includes>]
            consumesCounters:
            - {counterSet: gpu-0-counters, includes: [<consumption_includes>]}
        """
      Then drakit flatten exits 1 with the error "<error>"

      Examples:
        | what                 | set_includes | device_includes | consumption_includes | error |
        | device               | hbm          | a10             | half                 | device 'gpu-0' includes unknown mixin 'a10' |
        | counter set          | hbm2         | a100            | half                 | counter set 'gpu-0-counters' includes unknown mixin 'hbm2' |
        | counter consumption  | hbm          | a100            | halves               | device 'gpu-0' consumesCounters 'gpu-0-counters' includes unknown mixin 'halves' |

    @req:5234-R09 @clause:5234-R09/unknown-mixin-named
    Scenario: drakit flatten refuses an object without a kind instead of guessing it is a slice
      The API server refuses an object without a kind ("Object 'Kind' is missing"); the tool
      does the same with one line naming the file and the object, exit status 1, nothing
      written out, rather than flattening it as if it were a ResourceSlice.
      When I run drakit flatten on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        metadata: {name: draft}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        """
      Then drakit flatten exits 1 with the error "{file}: object 1 has no kind (Object 'Kind' is missing); add its kind, e.g. kind: ResourceSlice"
