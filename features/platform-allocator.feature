@platform
Feature: Structured allocation through the scheduler, as upstream's allocator tests pin it
  Upstream's allocator table (k8s.io/dynamic-resource-allocation
  structured/internal/allocatortesting/allocator_testing.go, releases 1.34-1.37; drakit keeps its
  rows in fixtures/allocator/cases.yaml, each naming the upstream case) fixes what structured
  allocation gives for each input. Here every row goes through a cluster instead of a library:
  the case's nodes (node-1: region west, zone a; node-2: region east), DeviceClasses and
  ResourceSlices are created, claims the case lists as already allocated get that allocation in
  their status, and a pod pinned to the case's node uses the case's claims. The scheduler must
  allocate exactly the expected devices, leave the pod Unschedulable where the case finds no
  solution, or fail the cycle with the allocator's error (SchedulerError, `running
  "DynamicResources" filter plugin: ` before the text; k/k pkg/scheduler/framework/runtime
  RunFilterPlugins). Rows whose objects the API server refuses or changes first (invalid CEL,
  gate-off field drops, GA gates locked on) are listed with their reason under
  not_through_the_api in the fixture; tests/allocator/test_cases.py keeps that list and these
  rows in step with the table.
  The table is written for the 1.37 defaults, so the rows run from 1.37.

  # since 1.37: the table's rows are written for the 1.37 feature-gate defaults (DRAConsumableCapacity, DRAPartitionableDevices and DRADeviceTaints as 1.37 has them)
  @component:scheduler @since:1.37
  Rule: Upstream's allocator cases, end to end

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/pools-and-nodes
    Scenario Outline: Pools, slices and node matching: allocator case <case> through the scheduler
      Given the nodes, device classes, slices and earlier allocations of allocator case "<case>"
      When a pod on the case's node uses the claims of allocator case "<case>"
      Then the claims are allocated as allocator case "<case>" expects

      Examples:
        | case |
        | simple |
        | other-node |
        | no-slices |
        | not-enough-suitable-devices |
        | no-claims-to-allocate |
        | empty |
        | devices-split-across-different-slices |
        | obsolete-slice |
        | duplicate-slice |
        | incomplete-pool-is-skipped |
        | all-devices-of-the-incomplete-pool |
        | network-attached-device |
        | unsuccessful-allocation-network-attached-device |
        | all-nodes-device-has-no-node-selector |
        | node-restriction |
        | local-and-network-attached-devices |
        | several-different-drivers |
        | pools-sorted-by-driver-then-name |
        | check-combinations-within-single-request-single-pool-single-slice |
        | check-combinations-within-single-request-single-pool-multiple-slices |
        | check-combinations-within-single-request-multiple-pools-multiple-slices |
        | check-combinations-within-single-request-many-pools |
        | allocation-mode-all-with-multi-host-resource-pool |
        | multi-host-resource-pool-with-stale-slice-for-current-node |
        | multi-host-resource-pool-complete-update-from-node-1-to-node-2 |
        | multi-host-resource-pool-complete-update-from-node-2-to-node-1 |
        | multi-host-resource-pool-incomplete-update-from-node-1-to-node-2 |
        | multi-host-resource-pool-incomplete-update-from-node-2-to-node-1 |
        | different-resourceslices-in-pool-can-target-different-nodes |
        | invalid-pool-is-ok-if-devices-can-be-allocated-from-other |
        | invalid-pool-is-error-if-no-other-device-can-be-allocated |
        | no-allocation-from-incomplete-pools |
        | binding-conditions-pool-searched-last |
        | all-devices-of-an-invalid-pool-is-an-error |
        | network-attached-devices-merge-their-node-selector-once |
        | network-attached-device-selected-by-node-name-field |
        | slice-node-selector-operators |
        | obsolete-slice-listed-after-the-newer-one |
        | stale-multi-host-pool-listed-before-another-pool |
        | slice-node-selector-with-an-empty-term-matches-no-node |

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/selectors-and-cel
    Scenario Outline: Classes, selectors and CEL: allocator case <case> through the scheduler
      Given the nodes, device classes, slices and earlier allocations of allocator case "<case>"
      When a pod on the case's node uses the claims of allocator case "<case>"
      Then the claims are allocated as allocator case "<case>" expects

      Examples:
        | case |
        | unknown-class |
        | empty-class |
        | request-selector-string |
        | request-selector-semver |
        | request-selector-quantity |
        | unknown-domain-is-empty-map |
        | cel-runtime-error-aborts |
        | cel-runtime-error-after-a-match-aborts |
        | class-cel-runtime-error-aborts |
        | cel-runtime-error-no-such-key-hint |
        | all-devices-cel-runtime-error-names-the-device |
        | all-devices-class-cel-runtime-error-names-the-class |
        | class-cel-runtime-error-other-text-1.37 |
        | no-classes |
        | cel-runtime-error-on-the-first-of-two-failing-devices |

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/counts-and-modes
    Scenario Outline: Counts, allocation mode All, admin access and limits: allocator case <case> through the scheduler
      Given the nodes, device classes, slices and earlier allocations of allocator case "<case>"
      When a pod on the case's node uses the claims of allocator case "<case>"
      Then the claims are allocated as allocator case "<case>" expects

      Examples:
        | case |
        | small-and-large |
        | small-and-large-backtrack-requests |
        | small-and-large-backtrack-claims |
        | already-allocated-devices |
        | all-devices-single |
        | all-devices-some-allocated |
        | all-devices-some-allocated-admin-access |
        | all-devices-no-slices |
        | all-devices-plus-another |
        | admin-access-enabled-uses-allocated-device |
        | admin-access-result-does-not-block |
        | admin-access-result-first-still-counts-the-claims-other-devices |
        | same-device-never-twice-in-claim |
        | too-many-devices-single-request |
        | too-many-devices-total |
        | two-claims-do-not-share |
        | in-use-device-skipped-before-its-selector-errors |
        | admin-access-device-of-the-same-claim-skipped-before-its-selector-errors |
        | all-devices-many |
        | all-devices-plus-another-claim |
        | all-devices-plus-another-reversed |
        | all-devices-many-plus-another |
        | all-devices-many-plus-another-reversed |
        | all-devices-no-solution |
        | all-devices-no-solution-reversed |
        | all-devices-slice-without-devices |
        | all-devices-some-allocating-admin-access |
        | admin-access-claims-device-allocating-for-non-admin-access |
        | many-devices-okay |
        | max-number-devices |
        | admin-access-two-requests-of-one-claim |

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/constraints
    Scenario Outline: Constraints: allocator case <case> through the scheduler
      Given the nodes, device classes, slices and earlier allocations of allocator case "<case>"
      When a pod on the case's node uses the claims of allocator case "<case>"
      Then the claims are allocated as allocator case "<case>" expects

      Examples:
        | case |
        | with-constraint |
        | with-constraint-non-existent-attribute |
        | with-constraint-not-matching-bool-attribute |
        | with-constraint-not-matching-int-attribute-all-devices |
        | with-constraint-for-request |
        | with-constraint-version-match-backtracks |
        | with-distinct-constraints |
        | with-constraint-not-matching-int-attribute |
        | with-constraint-not-matching-string-attribute |
        | with-constraint-not-matching-version-attribute |
        | with-constraint-for-request-retry |
        | with-distinct-constraints-four-requests |
        | with-distinct-constraints-attribute-not-set |
        | with-distinct-constraints-with-subrequests |
        | distinct-constraint-one-multi-allocatable-device-with-distinct-constraint |
        | distinct-constraint-two-multi-allocatable-devices-with-distinct-constraint |
        | check-combinations-with-backtracking |
        | all-devices-constraint-attribute-missing-is-an-error |
        | all-devices-distinct-constraint-duplicate-is-an-error |
        | all-devices-distinct-constraint-attribute-missing-is-an-error |
        | constraint-attribute-with-the-driver-domain-in-its-name |
        | constraint-of-other-requests-survives-a-rollback |

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/config
    Scenario Outline: Configuration: allocator case <case> through the scheduler
      Given the nodes, device classes, slices and earlier allocations of allocator case "<case>"
      When a pod on the case's node uses the claims of allocator case "<case>"
      Then the claims are allocated as allocator case "<case>" expects

      Examples:
        | case |
        | with-class-device-config |
        | claim-with-device-config |
        | with-class-device-config-with-multiple-request-and-configs |
        | with-claim-config-for-two-requests |
        | claim-config-without-requests-applies-to-all |

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/first-available
    Scenario Outline: Prioritized lists (firstAvailable): allocator case <case> through the scheduler
      Given the nodes, device classes, slices and earlier allocations of allocator case "<case>"
      When a pod on the case's node uses the claims of allocator case "<case>"
      Then the claims are allocated as allocator case "<case>" expects

      Examples:
        | case |
        | prioritized-list-first-unavailable |
        | prioritized-list-non-available |
        | prioritized-list-with-backtracking |
        | prioritized-list-subrequests-with-constraints-ref-sub-request |
        | prioritized-list-too-many-in-first-subrequest |
        | prioritized-list-max-allocation-limit-request |
        | prioritized-list-claim-config-for-subrequest |
        | claim-config-covering-all-requests-is-cleared |
        | claim-config-naming-a-prioritized-list-request-by-its-own-name-is-cleared |
        | all-devices-slice-without-devices-prioritized-list |
        | all-devices-no-slices-prioritized-list |
        | all-devices-some-allocated-prioritized-list |
        | prioritized-list-device-config |
        | prioritized-list-class-config |
        | prioritized-list-subrequests-with-expressions |
        | prioritized-list-subrequests-with-constraints-ref-parent-request |
        | prioritized-list-subrequests-with-allocation-mode-all |
        | prioritized-list-allocation-mode-all-multiple-requests |
        | prioritized-list-multi-request |
        | prioritized-list-allocation-mode-all |
        | prioritized-list-allocation-mode-all-with-selectors |
        | prioritized-list-allocation-mode-all-with-selectors-multiple-pools |
        | prioritized-list-allocation-mode-all-with-selectors-multiple-pools-across-nodes |
        | prioritized-list-allocation-mode-all-with-selectors-deviceclass-subset |
        | prioritized-list-max-allocation-allocation-mode-all |
        | check-combinations-with-prioritized-list |
        | prioritized-list-max-size-backtracks-the-taken-devices |

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/partitionable
    Scenario Outline: Partitionable devices: allocator case <case> through the scheduler
      Given the nodes, device classes, slices and earlier allocations of allocator case "<case>"
      When a pod on the case's node uses the claims of allocator case "<case>"
      Then the claims are allocated as allocator case "<case>" expects

      Examples:
        | case |
        | partitionable-devices-single-device |
        | partitionable-devices-multiple-devices |
        | partitionable-devices-no-capacity-available |
        | partitionable-devices-overallocated-capacity-pool |
        | partitionable-counters-across-claims |
        | partitionable-devices-count-over-the-pool |
        | partitionable-devices-per-device-node-selection-nodename |
        | partitionable-devices-per-device-node-selection-node-selector |
        | partitionable-pool-spanning-nodes |
        | partitionable-pool-spanning-nodes-counters-on-the-node |
        | partitionable-counter-set-with-two-counters |
        | partitionable-devices-per-device-node-selection-all-nodes |
        | all-devices-with-consumed-counters |
        | partitionable-devices-prioritized-list |
        | partitionable-devices-multiple-devices-two-requests |
        | partitionable-devices-multiple-capacity-pools |
        | partitionable-devices-multiple-counters |
        | partitionable-devices-multiple-pools |
        | partitionable-devices-unused-counters-in-counter-set |
        | partitionable-devices-with-attribute-selector |
        | partitionable-devices-per-device-node-selection-node-selector-multiple-devices |
        | partitionable-devices-same-counter-set-name-in-different-resource-slices |
        | partitionable-devices-device-counter-consumption-references-unknown-counter-set |
        | partitionable-devices-device-counter-consumption-references-unknown-counter-in-counter-set |
        | partitionable-devices-device-counter-consumption-references-counter-set-in-other-pool |
        | partitionable-devices-devices-on-different-nodes-consume-same-counter-set |
        | partitionable-devices-devices-consume-counter-set-in-different-nodes |
        | partitionable-devices-validation-error-on-non-targeting-slice |
        | partitionable-devices-with-binding-conditions-and-taints |
        | partitionable-pool-over-its-counters-takes-no-device |
        | partitionable-pool-over-its-counters-still-offers-its-plain-devices |
        | partitionable-counter-used-up-exactly-still-offers-the-other-sets |
        | partitionable-tainted-device-gives-its-counters-back |
        | partitionable-counters-of-two-drivers-with-one-pool-name |
        | partitionable-counter-over-by-one-nano-unit-beyond-float-precision |
        | per-device-node-selector-with-two-terms-is-an-error |

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/taints
    Scenario Outline: Device taints: allocator case <case> through the scheduler
      Given the nodes, device classes, slices and earlier allocations of allocator case "<case>"
      When a pod on the case's node uses the claims of allocator case "<case>"
      Then the claims are allocated as allocator case "<case>" expects

      Examples:
        | case |
        | tainted-two-devices |
        | tainted-two-devices-tolerated |
        | tainted-one-device-two-taints |
        | tainted-no-effect |
        | tainted-prioritized-list |
        | tainted-all-devices-single |
        | tainted-admin-access |
        | tainted-two-devices-prioritized-list-tolerated |
        | tainted-one-device-two-taints-both-tolerated |

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/taints @gate:DRADeviceTaints
    Scenario Outline: A request's toleration matches a device taint as ToleratesTaint says (<case>)
      k8s.io/dynamic-resource-allocation resourceclaim.ToleratesTaint: an effect and a key, when
      the toleration names them, must be the taint's; operator Equal (also when left out)
      compares the values, an absent value being the empty string on both sides; Exists
      matches any value. The tainted gpu-0 is node-1's only device.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And the objects:
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
          devices:
          - name: gpu-0
            taints: [<taint>]
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                tolerations: [<toleration>]
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "p" <outcome>

      Examples:
        | case                                  | taint                                                  | toleration                                                 | outcome |
        | Equal, neither has a value            | {key: example.com/drain, effect: NoSchedule}           | {key: example.com/drain, operator: Equal, effect: NoSchedule} | is scheduled to "node-1" |
        | operator left out, no values          | {key: example.com/drain, effect: NoSchedule}           | {key: example.com/drain}                                   | is scheduled to "node-1" |
        | Equal, only the taint has a value     | {key: example.com/drain, value: "yes", effect: NoSchedule} | {key: example.com/drain, operator: Equal, effect: NoSchedule} | stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims." |
        | Equal, only the toleration has one    | {key: example.com/drain, effect: NoSchedule}           | {key: example.com/drain, operator: Equal, value: "yes"}    | stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims." |
        | Exists ignores the value              | {key: example.com/drain, value: "yes", effect: NoSchedule} | {key: example.com/drain, operator: Exists}              | is scheduled to "node-1" |
        | Exists without a key matches any taint | {key: example.com/drain, value: "yes", effect: NoSchedule} | {operator: Exists}                                     | is scheduled to "node-1" |
        | another effect                        | {key: example.com/drain, effect: NoSchedule}           | {key: example.com/drain, operator: Exists, effect: NoExecute} | stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims." |
        | another key                           | {key: example.com/drain, effect: NoSchedule}           | {key: example.com/other, operator: Exists}                 | stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims." |

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/consumable-capacity
    Scenario Outline: Consumable capacity: allocator case <case> through the scheduler
      Given the nodes, device classes, slices and earlier allocations of allocator case "<case>"
      When a pod on the case's node uses the claims of allocator case "<case>"
      Then the claims are allocated as allocator case "<case>" expects

      Examples:
        | case |
        | consumable-capacity-multi-allocatable-device-with-policy-without-capacity-request |
        | consumable-capacity-multi-allocatable-device-with-range-policy-step |
        | consumable-capacity-partitionable-shared-device-counters-once |
        | consumable-capacity-shared-by-two-claims |
        | consumable-capacity-multi-allocatable-device-with-exceeded-consumable-capacity-request |
        | consumable-capacity-in-use-insufficient |
        | consumable-capacity-in-use-sufficient |
        | consumable-capacity-with-valid-values-policy-round-up |
        | consumable-capacity-dedicated-device-with-consumable-capacity-request |
        | allow-multiple-allocations-excluded-by-class-selector |
        | consumable-capacity-multi-allocatable-device-with-missing-capacity-request |
        | consumable-capacity-multi-allocatable-device-allocation-mode-all-with-missing-capacity-request |
        | consumable-capacity-multi-allocatable-device-without-capacity-without-capacity-request |
        | consumable-capacity-multi-allocatable-device-without-policy-without-capacity-request |
        | consumable-capacity-multi-allocatable-device-without-policy-without-capacity-request-block |
        | consumable-capacity-multi-allocatable-device-without-policy-with-capacity-request |
        | consumable-capacity-multi-allocatable-device-with-default-range-policy-two-claims |
        | consumable-capacity-multi-allocatable-device-with-zero-request-policy |
        | consumable-capacity-multi-allocatable-device-violates-zero-request-policy |
        | consumable-capacity-multi-allocatable-device-with-range-policy-with-capacity-request |
        | consumable-capacity-multi-allocatable-device-with-range-policy-step-of-two |
        | consumable-capacity-multi-allocatable-device-with-valid-values-policy |
        | consumable-capacity-multi-allocatable-device-with-valid-values-policy-round-up-to-capacity |
        | consumable-capacity-multi-allocatable-device-with-exceeded-consumable-capacity-request-two-claims |
        | consumable-capacity-multi-allocatable-device-with-request-over-max-sharing-policy |
        | consumable-capacity-multi-allocatable-device-with-allocated-capacity-use-remaining |
        | consumable-capacity-multi-allocatable-device-with-allocated-capacity-next-device |
        | consumable-capacity-multi-allocatable-device-with-no-available-consumable-capacity-exact |
        | consumable-capacity-with-multi-allocatable-device-backtrack |
        | consumable-capacity-multi-allocatable-device-with-subrequest |
        | consumable-capacity-multi-allocatable-device-allocation-mode-all-filter-out-no-capacity |
        | consumable-capacity-multi-allocatable-device-allocation-mode-all-filter-out-insufficient-capacity |
        | consumable-capacity-multi-allocatable-device-allocation-mode-all-allocating-sufficient |
        | consumable-capacity-multi-allocatable-device-allocation-mode-all-allocating-insufficient |
        | consumable-capacity-multi-allocatable-device-allocation-mode-all-in-use-sufficient-exact |
        | consumable-capacity-multi-allocatable-device-allocation-mode-all-in-use-insufficient |
        | allow-multiple-allocations-not-allocate-multi-allocatable-device-which-already-dedicated |
        | allow-multiple-allocations-with-partitionable-device |
        | allow-multiple-allocations-with-shared-device-counter-cross-cycle |
        | consumable-capacity-with-partitionable-device-multiple-capacity-pools |
        | consumable-capacity-default-only-policy-takes-the-request |
        | consumable-capacity-request-above-every-valid-value |
        | all-devices-capacity-short-gives-the-constraint-back |
        | consumable-capacity-shared-device-without-capacity-keeps-its-share-on-rollback |

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/constraints @gate:DRAListTypeAttributes
    Scenario Outline: Constraints with DRAListTypeAttributes: allocator case <case> through the scheduler
      Given the feature gate DRAListTypeAttributes is enabled
      And the nodes, device classes, slices and earlier allocations of allocator case "<case>"
      When a pod on the case's node uses the claims of allocator case "<case>"
      Then the claims are allocated as allocator case "<case>" expects

      Examples:
        | case |
        | list-attributes-match-constaint-list-of-string-values-with-common-elements |
        | list-attributes-distinct-constraint-list-of-string-values-with-common-elements |
        | list-attributes-match-constaint-scalar-string-values |
        | list-attributes-match-constaint-list-of-string-values-with-partially-common-elements |
        | list-attributes-match-constaint-mixed-scalar-and-list-of-string-values-with-common-elements |
        | list-attributes-match-constaint-mixed-scalar-and-list-of-string-values-with-partially-common-elements |
        | list-attributes-match-constaint-mixed-scalar-and-list-of-string-values-without-common-elements |
        | list-attributes-match-constaint-list-of-int-values-with-common-elements |
        | list-attributes-match-constaint-list-of-bool-values-with-common-elements |
        | list-attributes-match-constaint-list-of-version-values-with-common-elements |
        | list-attributes-match-constraint-mixed-scalar-and-list-of-version-values-with-common-elements |
        | list-attributes-distinct-constraint-scalar-string-values-all-distinct |
        | list-attributes-distinct-constraint-scalar-string-values-not-distinct |
        | list-attributes-distinct-constraint-list-of-string-values-all-distinct |
        | list-attributes-distinct-constraint-mixed-scalar-and-list-all-distinct |
        | list-attributes-distinct-constraint-mixed-scalar-and-list-with-common-elements |
        | list-attributes-distinct-constraint-list-of-int-values-all-distinct |
        | list-attributes-distinct-constraint-list-of-bool-values-all-distinct |
        | list-attributes-distinct-constraint-list-of-version-values-all-distinct |
        | list-attributes-match-constaint-list-of-string-values-without-common-elements |
        | list-attributes-all-devices-match-constraint-without-common-element-is-an-error |
        | list-attributes-all-devices-distinct-constraint-with-common-element-is-an-error |
        | list-attributes-match-constraint-scalar-int-values |
        | list-attributes-match-constraint-scalar-bool-values |

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/mixins @gate:DRAResourceSliceMixins
    Scenario Outline: Mixins (KEP-5234) with DRAResourceSliceMixins: allocator case <case> through the scheduler
      Given the feature gate DRAResourceSliceMixins is enabled
      And the nodes, device classes, slices and earlier allocations of allocator case "<case>"
      When a pod on the case's node uses the claims of allocator case "<case>"
      Then the claims are allocated as allocator case "<case>" expects

      Examples:
        | case |
        | mixins-attributes-override-order |
        | mixins-counter-consumption |
        | mixins-device-mixin-keeps-plain-counter-consumption |

  @component:scheduler
  Rule: Rows that pin an earlier release's wording
    The table's row for 1.36 runs at 1.36 whatever release the run emulates (@version).

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/selectors-and-cel @version:1.36
    Scenario: Classes, selectors and CEL: allocator case cel-runtime-error-1.36-text through the scheduler at 1.36
      Given the nodes, device classes, slices and earlier allocations of allocator case "cel-runtime-error-1.36-text"
      When a pod on the case's node uses the claims of allocator case "cel-runtime-error-1.36-text"
      Then the claims are allocated as allocator case "cel-runtime-error-1.36-text" expects

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/config @version:1.36
    Scenario Outline: Configuration at 1.36: allocator case <case> through the scheduler at 1.36
      Up to 1.36 a claim config is added once per request it names and no config's requests
      are cleared (dynamic-resource-allocation v0.36, allocator_*.go "Populate configs"; the
      dedup and the clearing are c5a40b2 and fe39ea7, first in kubernetes-1.37.0-alpha.2).
      Given the nodes, device classes, slices and earlier allocations of allocator case "<case>"
      When a pod on the case's node uses the claims of allocator case "<case>"
      Then the claims are allocated as allocator case "<case>" expects

      Examples:
        | case |
        | claim-config-covering-all-requests-1.36-kept-once-per-request |
        | class-device-config-1.36-keeps-its-requests |

  @component:scheduler
  Rule: The scheduler's CEL environment
    Upstream's allocator compiles selectors through its cel.Cache in the StoredExpressions
    environment (k8s.io/dynamic-resource-allocation cel/cache.go, cel/compile.go, v0.34.0 on),
    which declares every field whatever the component's gates (k8s.io/apiserver
    pkg/cel/environment EnvSet.Extend ignores FeatureEnabled for stored expressions); only the
    API server's check of a new expression follows its gate.

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/stored-expressions
    Scenario: Skew: a scheduler without DRAConsumableCapacity compiles a selector that reads allowMultipleAllocations
      The API server runs with DRAConsumableCapacity and accepts the claim; the scheduler runs
      without it and still compiles device.allowMultipleAllocations (no "CEL compile error"):
      the plain GPU, whose allowMultipleAllocations is false, is allocated.
      Given the API server runs with the feature gate DRAConsumableCapacity enabled
      And the scheduler runs with the feature gate DRAConsumableCapacity disabled
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
          devices:
          - name: gpu-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: exclusive-gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                selectors:
                - cel: {expression: '!device.allowMultipleAllocations'}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: gpu-pod}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: exclusive-gpu}
        """
      Then the request succeeds
      And the Pod "gpu-pod" is scheduled to "node-1"
      And the ResourceClaim "exclusive-gpu" has "status.allocation.devices.results[0].device" equal to gpu-0

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/stored-expressions @clause:platform-ALLOC-R01/list-attributes-skew @version:1.36
    Scenario: Skew at 1.36: a scheduler without DRAListTypeAttributes compiles includes but aborts on a list attribute
      The API server runs with DRAListTypeAttributes and accepts list attributes and a selector
      using includes; the scheduler runs without it. Its allocator still compiles includes
      (k8s.io/dynamic-resource-allocation v0.36.2 cel/compile.go: a FeatureEnabled option, which
      the StoredExpressions environment ignores) and the first pod gets gpu-0, whose model is a
      string. The second pod's search reaches gpu-1, whose model is a list: getAttributeValue
      returns lists only with the gate, so "if the DRAListTypeAttributes feature is disabled and
      an attribute contains a list value", DeviceMatches fails with "unsupported attribute
      value" ("this failure then aborts scheduling until ResourceSlices get updated") and the
      cycle ends in SchedulerError. From 1.37 (dynamic-resource-allocation 5afedd9, kubernetes
      PR 139395) list values are evaluated whatever the gate and gpu-1 would be allocated.
      Given the API server runs with the feature gate DRAListTypeAttributes enabled
      And the scheduler runs with the feature gate DRAListTypeAttributes disabled
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
          devices:
          - name: gpu-0
            attributes:
              model: {string: a100}
          - name: gpu-1
            attributes:
              model: {strings: [h100, a100]}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: a100}
        spec:
          spec:
            devices:
              requests:
              - name: gpu
                exactly:
                  deviceClassName: gpu.example.com
                  selectors:
                  - cel: {expression: 'device.attributes["gpu.example.com"].model.includes("a100")'}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: first}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: a100}
        """
      Then the request succeeds
      And the Pod "first" is scheduled to "node-1"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: a100}
        """
      Then the request succeeds
      And the Pod "second" stays pending with reason "SchedulerError" and a message starting with "running "DynamicResources" filter plugin: class gpu.example.com: selector #0: CEL runtime error: attribute model: unsupported attribute value"

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/stored-expressions @version:1.36
    Scenario: Skew: a 1.35 scheduler cannot compile a selector a 1.36 API server accepted, and says so
      The 1.36 API server with DRAListTypeAttributes accepts a class selector that calls
      includes; a scheduler one release older has no includes at all (its environment was
      declared before 1.36), so its allocator's cel.Cache returns the compile error and
      selectorsMatch fails the cycle with it ("Could happen if some future apiserver accepted
      some future expression and then got downgraded": allocator_experimental.go, "class %s:
      selector #%d: CEL compile error: %w").
      Given the API server runs with the feature gate DRAListTypeAttributes enabled
      And the scheduler runs Kubernetes 1.35
      And a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.attributes["gpu.example.com"].model.includes("a100")'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            attributes:
              model: {string: a100}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: a100}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: a100}
        """
      Then the request succeeds
      And the Pod "p" stays pending with reason "SchedulerError" and a message starting with "running "DynamicResources" filter plugin: class gpu.example.com: selector #0: CEL compile error: compilation failed: ERROR: <input>:1:52: undeclared reference to 'includes' (in container '')"

  @component:scheduler
  Rule: Skew: a scheduler whose own feature gate is off meets fields the API server kept
    The API server keeps a gated field when its own gate is on; a scheduler restarted without
    that gate meets the field in the objects it allocates for. Upstream's allocator
    (k8s.io/dynamic-resource-allocation structured/internal/incubating, the variant the
    scheduler picks for the 1.36 and 1.37 defaults, and experimental; mirror 3d036712) then
    refuses what it cannot honour (subrequests, capacity requests, admin access: Allocate and
    validateDeviceRequest, "... but the ... feature is disabled"), which fails the cycle with
    SchedulerError, and skips devices it cannot use (binding conditions: isSelectable;
    counters: allocateDevice).

    # since 1.36: before 1.36 a scheduler without DRAConsumableCapacity (and DRADeviceBindingConditions) runs that day's incubating variant, which has no capacity-request check (dynamic-resource-allocation v0.35.6)
    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/scheduler-gate-off @since:1.36
    Scenario: Skew: a scheduler without DRAConsumableCapacity refuses capacity requests, in a request and in a subrequest
      Given the API server runs with the feature gate DRAConsumableCapacity enabled
      And the scheduler runs with the feature gate DRAConsumableCapacity disabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
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
        metadata: {name: node-1-nics}
        spec:
          driver: nic.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: nic-0
            allowMultipleAllocations: true
            capacity:
              bandwidth: {value: 10Gi}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: bw}
        spec:
          devices:
            requests:
            - name: nic
              exactly:
                deviceClassName: nic.example.com
                capacity: {requests: {bandwidth: 1Gi}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: exact}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: nic}]}}
          resourceClaims:
          - {name: nic, resourceClaimName: bw}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: bw-choice}
        spec:
          devices:
            requests:
            - name: nic
              firstAvailable:
              - name: any
                deviceClassName: nic.example.com
              - name: fast
                deviceClassName: nic.example.com
                capacity: {requests: {bandwidth: 4Gi}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: choice}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: nic}]}}
          resourceClaims:
          - {name: nic, resourceClaimName: bw-choice}
        """
      Then the request succeeds
      And the Pod "exact" stays pending with reason "SchedulerError" and a message containing "/bw, request nic: has capacity requests, but the DRAConsumableCapacity feature is disabled"
      And the Pod "choice" stays pending with reason "SchedulerError" and a message containing "/bw-choice, subrequest fast: has capacity requests, but the DRAConsumableCapacity feature is disabled"
      And the ResourceClaim "bw" has no "status.allocation"

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/scheduler-gate-off @version:1.35
    Scenario: Skew at 1.35: a scheduler without DRAConsumableCapacity ignores capacity requests
      Up to 1.35 a scheduler without DRAConsumableCapacity and DRADeviceBindingConditions runs
      that day's incubating variant (dynamic-resource-allocation v0.35.6), which has no
      capacity-request check and no shared devices: the claim gets nic-0 as a plain, exclusive
      device, without shareID or consumed capacity (from 1.36 the same scheduler refuses the
      claim, see above).
      Given the API server runs with the feature gate DRAConsumableCapacity enabled
      And the scheduler runs with the feature gate DRAConsumableCapacity disabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
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
        metadata: {name: node-1-nics}
        spec:
          driver: nic.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: nic-0
            allowMultipleAllocations: true
            capacity:
              bandwidth: {value: 10Gi}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: bw}
        spec:
          devices:
            requests:
            - name: nic
              exactly:
                deviceClassName: nic.example.com
                capacity: {requests: {bandwidth: 1Gi}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: exact}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: nic}]}}
          resourceClaims:
          - {name: nic, resourceClaimName: bw}
        """
      Then the request succeeds
      And the Pod "exact" is scheduled to "node-1"
      And the ResourceClaim "bw" has "status.allocation.devices.results[0].device" equal to nic-0
      And the ResourceClaim "bw" has no "status.allocation.devices.results[0].shareID"
      And the ResourceClaim "bw" has no "status.allocation.devices.results[0].consumedCapacity"

    # since 1.37: the allocator names the device and hints at optional chaining from 1.37 on (kubernetes 5e2d5b9a)
    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/selectors-and-cel @since:1.37
    Scenario: Two devices asked of a class whose selector fails on the second: the runtime error aborts scheduling
      The search takes gpu-0, then evaluates the class selector on gpu-1, which has no model
      attribute: a CEL runtime error that aborts the allocation (selectorsMatch), although
      with gpu-0 alone the request could never be met anyway. A second class that has the same
      selector after another one fails the same way, at its index, for the pod that asks for it.
      Given a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.attributes["gpu.example.com"].model == "a100"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            attributes: {model: {string: a100}}
          - name: gpu-1
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: two-gpus}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com, count: 2}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: pair}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: two-gpus}
        """
      Then the Pod "pair" stays pending with reason "SchedulerError" and a message starting with "running "DynamicResources" filter plugin: class gpu.example.com: selector #0 on device gpu.example.com/node-1/gpu-1: CEL runtime error: no such key: model"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu-too.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "gpu.example.com"}
          - cel: {expression: 'device.attributes["gpu.example.com"].model == "a100"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: two-more}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu-too.example.com, count: 2}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: pair-too}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: two-more}
        """
      Then the Pod "pair-too" stays pending with reason "SchedulerError" and a message starting with "running "DynamicResources" filter plugin: class gpu-too.example.com: selector #1 on device gpu.example.com/node-1/gpu-1: CEL runtime error: no such key: model"

    # since 1.37: the allocator cases' 1.37 defaults (DRAConsumableCapacity beta and on)
    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/consumable-capacity @since:1.37
    Scenario: Two devices of one request with a capacity request pass over a first device whose capacity is short
      The allocator tries the devices in order and skips one whose remaining capacity cannot
      hold the request (CmpRequestOverCapacity); the next devices may still serve the whole
      count. nic-0 has 1Gi of bandwidth, nic-1 and nic-2 10Gi each: two devices of 4Gi are
      nic-1 and nic-2.
      Given a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
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
        metadata: {name: node-1-nics}
        spec:
          driver: nic.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: nic-0
            allowMultipleAllocations: true
            capacity:
              bandwidth: {value: 1Gi}
          - name: nic-1
            allowMultipleAllocations: true
            capacity:
              bandwidth: {value: 10Gi}
          - name: nic-2
            allowMultipleAllocations: true
            capacity:
              bandwidth: {value: 10Gi}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: two-fast}
        spec:
          devices:
            requests:
            - name: nic
              exactly:
                deviceClassName: nic.example.com
                count: 2
                capacity: {requests: {bandwidth: 4Gi}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: router}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: nic}]}}
          resourceClaims:
          - {name: nic, resourceClaimName: two-fast}
        """
      Then the Pod "router" is scheduled to "node-1"
      And the ResourceClaim "two-fast" has "status.allocation.devices.results[0].device" equal to "nic-1"
      And the ResourceClaim "two-fast" has "status.allocation.devices.results[1].device" equal to "nic-2"

    # since 1.37: the allocator cases' 1.37 defaults (DRAConsumableCapacity beta and on)
    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/consumable-capacity @clause:platform-ALLOC-R01/constraints @since:1.37
    Scenario: A device whose capacity is short does not bind a subrequest's constraint to its attribute
      A device whose remaining capacity cannot hold the request is passed over
      (CmpRequestOverCapacity, allocateDevice gives back any constraint it was added to), so
      the constraint's value is set by the device that is taken. The constraint names the
      subrequest (gpu/big): fast-0 (model a, 4Gi) is short of the 8Gi asked for, and fast-1
      (model b, 16Gi) is taken.
      Given a node "node-1" with cpu "8", memory "32Gi"
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
          devices:
          - name: fast-0
            allowMultipleAllocations: true
            attributes: {model: {string: a}}
            capacity:
              memory: {value: 4Gi}
          - name: fast-1
            allowMultipleAllocations: true
            attributes: {model: {string: b}}
            capacity:
              memory: {value: 16Gi}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: big-gpu}
        spec:
          devices:
            requests:
            - name: gpu
              firstAvailable:
              - name: big
                deviceClassName: gpu.example.com
                capacity: {requests: {memory: 8Gi}}
            constraints:
            - requests: [gpu/big]
              matchAttribute: gpu.example.com/model
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: big-gpu}
        """
      Then the Pod "trainer" is scheduled to "node-1"
      And the ResourceClaim "big-gpu" has "status.allocation.devices.results[0].device" equal to "fast-1"

    # since 1.37: the allocator cases' 1.37 defaults (DRAConsumableCapacity beta and on)
    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/consumable-capacity @since:1.37
    Scenario: A capacity request is rounded up to a step counted from the range's minimum, not from zero
      calculateConsumedCapacity rounds a request up to min + step x ceil((request - min) / step)
      and violatesPolicy checks the same grid (violateValidRange: (value - min) % step). With
      min 1Gi and step 2Gi, a request of 2Gi consumes 3Gi, which is on the grid (3Gi - 1Gi is
      one step), although 3Gi is no multiple of the step.
      Given a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
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
        metadata: {name: node-1-nics}
        spec:
          driver: nic.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: nic-0
            allowMultipleAllocations: true
            capacity:
              bandwidth:
                value: 10Gi
                requestPolicy: {default: 1Gi, validRange: {min: 1Gi, step: 2Gi}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: bw}
        spec:
          devices:
            requests:
            - name: nic
              exactly:
                deviceClassName: nic.example.com
                capacity: {requests: {bandwidth: 2Gi}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: router}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: nic}]}}
          resourceClaims:
          - {name: nic, resourceClaimName: bw}
        """
      Then the Pod "router" is scheduled to "node-1"
      And the ResourceClaim "bw" has "status.allocation.devices.results[0].consumedCapacity" equal to {bandwidth: 3Gi}

    # since 1.36: the stable variant of 1.34 and 1.35 supports no feature at all, so it runs only without admin access and prioritized lists
    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/scheduler-gate-off @since:1.36
    Scenario: Skew: a scheduler without DRAConsumableCapacity and DRADeviceBindingConditions runs the stable allocator, which knows no distinctAttribute
      With neither gate (nor DRAListTypeAttributes) every enabled feature is one the stable
      variant supports, so the scheduler runs it (structured/allocator.go NewAllocator); its
      constraint switch has matchAttribute only and calls a distinctAttribute constraint empty
      (allocator_stable.go Allocate). The incubating variant, which runs when either gate is on,
      would honour it.
      Given the API server runs with the feature gate DRAConsumableCapacity enabled
      And the scheduler runs with the feature gate DRAConsumableCapacity disabled
      And the scheduler runs with the feature gate DRADeviceBindingConditions disabled
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
          devices:
          - name: gpu-0
            attributes:
              numa: {int: 0}
          - name: gpu-1
            attributes:
              numa: {int: 1}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: spread}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com, count: 2}
            constraints:
            - distinctAttribute: gpu.example.com/numa
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: spread}
        """
      Then the request succeeds
      And the Pod "p" stays pending with reason "SchedulerError" and a message containing "/spread, constraint #0: empty constraint (unsupported constraint type?)"

    # version 1.34: from 1.35 DRADeviceBindingConditions depends on DRAResourceClaimDeviceStatus (the gate table's dependencies), so no component runs with the first alone
    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/scheduler-gate-off @version:1.34
    Scenario: Skew at 1.34: a scheduler with DRADeviceBindingConditions but without DRAResourceClaimDeviceStatus binds at once
      The DynamicResources plugin waits in PreBind for binding conditions only when both
      DRADeviceBindingConditions and DRAResourceClaimDeviceStatus are on (its features
      EnableDRADeviceBindingConditions and EnableDRAResourceClaimDeviceStatus); 1.34 has no gate
      dependency that keeps a scheduler from running with the first alone. The allocation keeps
      the device's binding conditions (the allocator's gate), but the pod is bound at once: no
      BindingConditionsPending event, no allocationTimestamp.
      Given the feature gate DRADeviceBindingConditions is enabled
      And the scheduler runs with the feature gate DRAResourceClaimDeviceStatus disabled
      And a node "node-1" with cpu "8", memory "32Gi"
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
        metadata: {name: fabric-gpus}
        spec:
          driver: fabric.example.com
          nodeName: node-1
          pool: {name: fabric, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            bindsToNode: true
            bindingConditions: [example.com/attached]
            bindingFailureConditions: [example.com/attach-failed]
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: fabric.example.com}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the request succeeds
      And the Pod "p" is scheduled to "node-1"
      And the ResourceClaim "gpu" has "status.allocation.devices.results[0].bindingConditions" equal to [example.com/attached]
      And the ResourceClaim "gpu" has no "status.allocation.allocationTimestamp"
      And there is no event "BindingConditionsPending" for Pod "p" containing "waiting"

    # since 1.36: 1.34 and 1.35 select the incubating variant of their day, which visits pools in map order (pools_incubating.go v0.35.6 GatherPools does not sort), so which pool comes first is not fixed
    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/scheduler-gate-off @since:1.36
    Scenario: Skew: a scheduler without DRADeviceBindingConditions skips devices with binding conditions and still searches their pool last
      isSelectable refuses a device with binding conditions when the feature is off. GatherPools
      puts a pool with such a device after the others whatever the gate (incubating and
      experimental variants, poolHasBindingConditions), so b-pool's device comes first and a-0
      is passed over for a-1.
      Given the API server runs with the feature gate DRADeviceBindingConditions enabled
      And the scheduler runs with the feature gate DRADeviceBindingConditions disabled
      And a node "node-1" with cpu "8", memory "32Gi"
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
        metadata: {name: a-gpus}
        spec:
          driver: fabric.example.com
          nodeName: node-1
          pool: {name: a-pool, generation: 1, resourceSliceCount: 1}
          devices:
          - name: a-0
            bindingConditions: [example.com/attached]
            bindingFailureConditions: [example.com/attach-failed]
          - name: a-1
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: b-gpus}
        spec:
          driver: fabric.example.com
          nodeName: node-1
          pool: {name: b-pool, generation: 1, resourceSliceCount: 1}
          devices:
          - name: b-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: two-gpus}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: fabric.example.com, count: 2}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: two-gpus}
        """
      Then the request succeeds
      And the Pod "p" is scheduled to "node-1"
      And the ResourceClaim "two-gpus" has "status.allocation.devices.results[0].device" equal to b-0
      And the ResourceClaim "two-gpus" has "status.allocation.devices.results[1].device" equal to a-1

    # since 1.35: the counter set lives in a slice of its own (node-1-counters), the 1.35 layout (KEP-4815) whose pool-completeness handling the scenario checks; 1.34 requires a device's counter set in its own slice
    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/scheduler-gate-off @since:1.35
    Scenario: Skew: a scheduler without DRAPartitionableDevices passes over devices that consume counters
      GatherPools leaves the counter slice out of the node's slices but counts it when it checks
      the pool is complete (checkSlicesInPool), and leaves out a slice with per-device node
      selection altogether (pool "net", which sorts first, offers nothing); allocateDevice then
      refuses every device that consumes counters, so the two plain devices are allocated.
      Given the API server runs with the feature gate DRAPartitionableDevices enabled
      And the scheduler runs with the feature gate DRAPartitionableDevices disabled
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
        metadata: {name: node-1-counters}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 2}
          sharedCounters:
          - name: gpu-0
            counters:
              memory: {value: 8Gi}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 2}
          devices:
          - name: gpu-0-whole
            consumesCounters:
            - counterSet: gpu-0
              counters:
                memory: {value: 8Gi}
          - name: gpu-0-half
            consumesCounters:
            - counterSet: gpu-0
              counters:
                memory: {value: 4Gi}
          - name: plain-0
          - name: plain-1
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: net-gpus}
        spec:
          driver: gpu.example.com
          perDeviceNodeSelection: true
          pool: {name: net, generation: 1, resourceSliceCount: 1}
          devices:
          - name: net-0
            nodeName: node-1
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: two-gpus}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com, count: 2}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: two-gpus}
        """
      Then the request succeeds
      And the Pod "p" is scheduled to "node-1"
      And the ResourceClaim "two-gpus" has "status.allocation.devices.results[0].device" equal to plain-0
      And the ResourceClaim "two-gpus" has "status.allocation.devices.results[1].device" equal to plain-1

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/scheduler-gate-off @version:1.34
    Scenario: Skew at 1.34: a scheduler without DRAPartitionableDevices keeps a slice whose counters sit beside its devices
      At 1.34 a device's counter sets live in its own slice (v0.34.0 structured/internal/
      experimental GatherPools): with DRAPartitionableDevices off the scheduler skips only a
      slice with per-device node selection, keeps this one, and allocateDevice refuses the
      devices that consume counters one by one, so the plain devices of the same slice are
      allocated.
      Given the API server runs with the feature gate DRAPartitionableDevices enabled
      And the scheduler runs with the feature gate DRAPartitionableDevices disabled
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
          - name: gpu-0
            counters:
              memory: {value: 8Gi}
          devices:
          - name: gpu-0-whole
            consumesCounters:
            - counterSet: gpu-0
              counters:
                memory: {value: 8Gi}
          - name: plain-0
          - name: plain-1
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: two-gpus}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com, count: 2}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: two-gpus}
        """
      Then the request succeeds
      And the Pod "p" is scheduled to "node-1"
      And the ResourceClaim "two-gpus" has "status.allocation.devices.results[0].device" equal to plain-0
      And the ResourceClaim "two-gpus" has "status.allocation.devices.results[1].device" equal to plain-1

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/scheduler-gate-off @version:1.36
    Scenario: Skew at 1.36: a scheduler without DRAPrioritizedList refuses a request with subrequests
      DRAPrioritizedList is GA in 1.36 but not yet locked, so a scheduler can still run without
      it (1.37 locks it on).
      Given the API server runs with the feature gate DRAPrioritizedList enabled
      And the scheduler runs with the feature gate DRAPrioritizedList disabled
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
          devices:
          - name: gpu-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: any-gpu}
        spec:
          devices:
            requests:
            - name: gpu
              firstAvailable:
              - {name: big, deviceClassName: gpu.example.com, count: 2}
              - {name: small, deviceClassName: gpu.example.com}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: any-gpu}
        """
      Then the request succeeds
      And the Pod "p" stays pending with reason "SchedulerError" and a message containing "/any-gpu, request gpu: has subrequests, but the DRAPrioritizedList feature is disabled"

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/scheduler-gate-off @version:1.35
    Scenario: Skew at 1.35: a scheduler without DRAAdminAccess refuses a request for admin access
      DRAAdminAccess is beta in 1.35 (GA and locked from 1.36). The namespace carries the
      admin-access label the API server requires for such a claim.
      Given the API server runs with the feature gate DRAAdminAccess enabled
      And the scheduler runs with the feature gate DRAAdminAccess disabled
      And a node "node-1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata:
          name: gpu-admin
          labels: {resource.kubernetes.io/admin-access: "true"}
        """
      When I work in the namespace "gpu-admin"
      And I apply:
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
          devices:
          - name: gpu-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: watch}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com, adminAccess: true}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: monitor}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: watch}
        """
      Then the request succeeds
      And the Pod "monitor" stays pending with reason "SchedulerError" and a message containing "gpu-admin/watch, request gpu: admin access is requested, but the feature is disabled"

    # since 1.37: at 1.36 a scheduler without the gate fails every selector on a device with a list attribute ("unsupported attribute value"), as the 1.36 skew scenario above shows, before any constraint looks at it
    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/scheduler-gate-off @clause:platform-ALLOC-R01/list-attributes-skew @gate:DRAListTypeAttributes @since:1.37
    Scenario Outline: Skew: a scheduler without DRAListTypeAttributes lets a list attribute be the first device of a constraint, never a later one (<list_value>)
      Without the feature the constraints compare scalars only (incubating variant, constraint
      add without list sets), but the first device of a constraint is taken with whatever value
      its attribute has: matchAttribute allocates m-0, whose model is a list of any of the four
      kinds; distinctAttribute keeps d-0's list, refuses d-1 (a later list never passes) and
      takes d-2, whose string cannot collide with a list.
      Given the API server runs with the feature gate DRAListTypeAttributes enabled
      And the scheduler runs with the feature gate DRAListTypeAttributes disabled
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
          devices:
          - name: m-0
            attributes:
              pick: {string: m}
              model: <list_value>
          - name: d-0
            attributes:
              pick: {string: d}
              model: {strings: [a100]}
          - name: d-1
            attributes:
              pick: {string: d}
              model: {strings: [h100]}
          - name: d-2
            attributes:
              pick: {string: d}
              model: {string: a100}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: matching}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                selectors:
                - cel: {expression: 'device.attributes["gpu.example.com"].pick == "m"'}
            constraints:
            - matchAttribute: gpu.example.com/model
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: distinct}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                count: 2
                selectors:
                - cel: {expression: 'device.attributes["gpu.example.com"].pick == "d"'}
            constraints:
            - distinctAttribute: gpu.example.com/model
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: m}, {name: d}]}}
          resourceClaims:
          - {name: m, resourceClaimName: matching}
          - {name: d, resourceClaimName: distinct}
        """
      Then the request succeeds
      And the Pod "p" is scheduled to "node-1"
      And the ResourceClaim "matching" has "status.allocation.devices.results[0].device" equal to m-0
      And the ResourceClaim "distinct" has "status.allocation.devices.results[0].device" equal to d-0
      And the ResourceClaim "distinct" has "status.allocation.devices.results[1].device" equal to d-2

      Examples:
        | list_value                 |
        | {strings: [a100, h100]}    |
        | {bools: [true]}            |
        | {ints: [1, 2]}             |
        | {versions: [1.0.0, 2.0.0]} |

    # since 1.37: see the scenario above (at 1.36 the selectors fail on a list attribute first)
    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/scheduler-gate-off @clause:platform-ALLOC-R01/list-attributes-skew @gate:DRAListTypeAttributes @since:1.37
    Scenario: Skew: a scheduler without DRAListTypeAttributes cannot give allocationMode All two devices whose distinct attribute is a list
      allocationMode All takes every matching device without the search's look-ahead, and a
      device the constraint refuses is an error (structured allocator allocateDevice: "cannot
      add device ... because a claim constraint would not be satisfied"). Without the feature
      the first device's list attribute is taken as it is and a later list never passes a
      distinctAttribute, so the second of the two devices ends the scheduling cycle.
      Given the API server runs with the feature gate DRAListTypeAttributes enabled
      And the scheduler runs with the feature gate DRAListTypeAttributes disabled
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
          devices:
          - name: d-0
            attributes:
              model: {strings: [a100]}
          - name: d-1
            attributes:
              model: {strings: [h100]}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: every}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com, allocationMode: All}
            constraints:
            - distinctAttribute: gpu.example.com/model
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: every}
        """
      Then the request succeeds
      And the Pod "p" stays pending with reason "SchedulerError" and a message containing "request gpu: cannot add device gpu.example.com/node-1/d-1 because a claim constraint would not be satisfied"

  @component:scheduler
  Rule: The scheduler's allocator follows ResourceSlice changes
    The scheduler keeps the slices it has seen (informer cache); upstream's allocator gathers
    pools from the slices as they are now (structured/allocator.go NewAllocator takes the
    current slices on every cycle). A deleted slice gives no devices any more, a changed slice
    gives its new devices, and a pool's other slices stay as they were.

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/pools-and-nodes
    Scenario: A claim allocated from an all-nodes slice has no node selector and is shared by pods on different nodes
      The allocator gives an allocation node selector only for devices whose slice restricts
      the nodes (k8s.io/dynamic-resource-allocation structured allocator createNodeSelector:
      an all-nodes device adds no requirement, so the selector is nil); the DRA plugin's
      PreFilter then leaves the allocated claim available on every node (dynamicresources.go
      PreFilter: availableOnNodes only for a non-nil nodeSelector), so a second pod sharing it
      lands on another node.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a node "node-2" with cpu "8", memory "32Gi"
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
          - name: port-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: port}
        spec:
          devices:
            requests:
            - {name: port, exactly: {deviceClassName: net.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: first}
        spec:
          nodeSelector: {kubernetes.io/hostname: node-1}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: port}]}}
          resourceClaims:
          - {name: port, resourceClaimName: port}
        """
      Then the request succeeds
      And the Pod "first" is scheduled to "node-1"
      And the ResourceClaim "port" has "status.allocation.devices.results[0].device" equal to port-0
      And the ResourceClaim "port" has no "status.allocation.nodeSelector"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          nodeSelector: {kubernetes.io/hostname: node-2}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: port}]}}
          resourceClaims:
          - {name: port, resourceClaimName: port}
        """
      Then the Pod "second" is scheduled to "node-2"
      And the ResourceClaim "port" has "status.reservedFor[1].name" equal to second

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/pools-and-nodes
    Scenario: A deleted all-nodes slice and a changed slice of a two-slice pool: the allocator sees the slices as they are now
      Given a node "node-1" with cpu "8", memory "32Gi"
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
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "gpu.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: fabric}
        spec:
          driver: net.example.com
          allNodes: true
          pool: {name: fabric, generation: 1, resourceSliceCount: 1}
          devices:
          - name: port-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus-a}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 2}
          devices:
          - name: gpu-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus-b}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 2}
          devices:
          - name: gpu-1
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: port}
        spec:
          spec:
            devices:
              requests:
              - {name: port, exactly: {deviceClassName: net.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: early}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: port}]}}
          resourceClaims:
          - {name: port, resourceClaimTemplateName: port}
        """
      Then the request succeeds
      And the Pod "early" is scheduled to "node-1"
      When I delete the Pod "early"
      And I delete the ResourceSlice "fabric"
      And I patch the ResourceSlice "node-1-gpus-b" with:
        """
        spec:
          devices:
          - name: gpu-2
        """
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: late}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: port}]}}
          resourceClaims:
          - {name: port, resourceClaimTemplateName: port}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: two-gpus}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com, count: 2}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: gpus}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: two-gpus}
        """
      Then the request succeeds
      And the Pod "late" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      And the Pod "gpus" is scheduled to "node-1"
      And the ResourceClaim "two-gpus" has "status.allocation.devices.results[0].device" equal to gpu-0
      And the ResourceClaim "two-gpus" has "status.allocation.devices.results[1].device" equal to gpu-2

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/pools-and-nodes
    Scenario: A node labelled after the fact gets the network-attached devices its new label selects
      A slice with a nodeSelector offers its devices to the nodes whose labels match it now
      (structured/allocator.go GatherPools matches spec.nodeSelector against the node of the
      cycle); the DynamicResources plugin retries a pod on a node label update
      (dynamicresources.go EventsToRegister, UpdateNodeLabel). node-1 first lacks the label: the
      pod waits; once the node carries it, the next cycle finds the port.
      Given a node "node-1" with cpu "8", memory "32Gi"
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
        metadata: {name: rack-a}
        spec:
          driver: net.example.com
          nodeSelector:
            nodeSelectorTerms:
            - matchExpressions:
              - {key: example.com/rack, operator: In, values: [a]}
          pool: {name: rack-a, generation: 1, resourceSliceCount: 1}
          devices:
          - name: port-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: port}
        spec:
          devices:
            requests:
            - {name: port, exactly: {deviceClassName: net.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: wired}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: port}]}}
          resourceClaims:
          - {name: port, resourceClaimName: port}
        """
      Then the request succeeds
      And the Pod "wired" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      When I patch the Node "node-1" with:
        """
        metadata:
          labels: {example.com/rack: a}
        """
      Then the Pod "wired" is scheduled to "node-1"
      And the ResourceClaim "port" has "status.allocation.devices.results" equal to [{request: port, driver: net.example.com, pool: rack-a, device: port-0}]

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/pools-and-nodes
    Scenario Outline: A slice's nodeSelector compares a node label as an integer with Gt and Lt
      GatherPools matches spec.nodeSelector through component-helpers nodeaffinity, whose Gt
      and Lt requirements (apimachinery labels.Requirement.Matches) read the node's label with
      strconv.ParseInt(value, 10, 64): a label that is not a base-10 int64 (underscores, a
      value beyond int64) matches neither operator, and the comparison is strict.
      Given a node "node-1" with cpu "8", memory "32Gi"
      When I patch the Node "node-1" with:
        """
        metadata:
          labels: {example.com/rack-units: "<label>"}
        """
      And I apply:
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
        metadata: {name: big-racks}
        spec:
          driver: net.example.com
          nodeSelector:
            nodeSelectorTerms:
            - matchExpressions:
              - {key: example.com/rack-units, operator: <op>, values: ["4"]}
          pool: {name: big-racks, generation: 1, resourceSliceCount: 1}
          devices:
          - name: port-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: port}
        spec:
          devices:
            requests:
            - {name: port, exactly: {deviceClassName: net.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: wired}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: port}]}}
          resourceClaims:
          - {name: port, resourceClaimName: port}
        """
      Then the request succeeds
      And the Pod "wired" <outcome>

      Examples:
        | op | label                | outcome                                                                                                      |
        | Gt | 5                    | is scheduled to "node-1"                                                                                     |
        | Gt | 4                    | stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims." |
        | Lt | 3                    | is scheduled to "node-1"                                                                                     |
        | Lt | 4                    | stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims." |
        | Gt | 1_0                  | stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims." |
        | Gt | 99999999999999999999 | stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims." |
        | Lt | x                    | stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims." |

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/counts-and-modes
    Scenario: A pool whose slices span two nodes gives each of its devices to one claim only
      A multi-host pool publishes one slice per node (structured/allocator.go gathers a pool
      from every slice of the current generation whatever node it names; allocatortesting's
      "multi-host-resource-pool" cases). Once the first pod's claim holds node-1's device, the
      second pod pinned to node-1 must find nothing left there: allocated devices are keyed by
      driver, pool and device (allocateddevices.go), so a cycle must not reuse what an earlier
      cycle found on node-1 after the pool changed on any of its nodes.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a node "node-2" with cpu "8", memory "32Gi"
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
        metadata: {name: fabric-node-1}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: fabric, generation: 1, resourceSliceCount: 2}
          devices:
          - name: gpu-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: fabric-node-2}
        spec:
          driver: gpu.example.com
          nodeName: node-2
          pool: {name: fabric, generation: 1, resourceSliceCount: 2}
          devices:
          - name: gpu-1
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: gpu}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: first}
        spec:
          nodeSelector: {kubernetes.io/hostname: node-1}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: gpu}
        """
      Then the request succeeds
      And the Pod "first" is scheduled to "node-1"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          nodeSelector: {kubernetes.io/hostname: node-1}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: gpu}
        """
      Then the request succeeds
      And the Pod "second" stays pending with reason "Unschedulable" and a message starting with "0/2 nodes are available: 1 cannot allocate all claims, 1 node(s) didn't match Pod's node affinity/selector."

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/counts-and-modes
    Scenario: A pool whose slices span two nodes is incomplete while one of them is deleted: its other node's device waits until the slice is back
      GatherPools counts every slice of the pool's generation, whatever node it names, against
      resourceSliceCount; a pool that lacks one is incomplete and skipped ("incomplete-pool-is-
      skipped", "multi-host-resource-pool-incomplete-..." in allocatortesting). The scheduler's
      slice informer must forget the deleted slice for every index it keeps, the pool's
      included: node-1's slice alone no longer makes the pool whole, and once node-2's slice is
      back, the two make it whole again.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a node "node-2" with cpu "8", memory "32Gi"
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
        metadata: {name: fabric-node-1}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: fabric, generation: 1, resourceSliceCount: 2}
          devices:
          - name: gpu-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: fabric-node-2}
        spec:
          driver: gpu.example.com
          nodeName: node-2
          pool: {name: fabric, generation: 1, resourceSliceCount: 2}
          devices:
          - name: gpu-1
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: gpu}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: first}
        spec:
          nodeSelector: {kubernetes.io/hostname: node-2}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: gpu}
        """
      Then the Pod "first" is scheduled to "node-2"
      When I delete the ResourceSlice "fabric-node-2"
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          nodeSelector: {kubernetes.io/hostname: node-1}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: gpu}
        """
      Then the Pod "second" stays pending with reason "Unschedulable" and a message starting with "0/2 nodes are available: 1 cannot allocate all claims, 1 node(s) didn't match Pod's node affinity/selector."
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: fabric-node-2}
        spec:
          driver: gpu.example.com
          nodeName: node-2
          pool: {name: fabric, generation: 1, resourceSliceCount: 2}
          devices:
          - name: gpu-1
        """
      Then the Pod "second" is scheduled to "node-1"
      And the claim "gpu" of Pod "second" contains:
        """
        status: {allocation: {devices: {results: [{pool: fabric, device: gpu-0}]}}}
        """

  @component:scheduler @gate:DRAConsumableCapacity
  Rule: Each share of a device has its own share ID
    Upstream's allocator gives every result on a device with allowMultipleAllocations a fresh
    share ID (k8s.io/dynamic-resource-allocation structured/internal allocatedstate.go
    GenerateShareID, a new random UUID per result), so two claims that hold shares of one
    device never carry the same ID.

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/share-ids
    Scenario: A share given back makes room for a pod that waited for the capacity
      Pod "a" holds 8Gi of nic-0's 10Gi bandwidth through claim "big"; pod "b" asks for 4Gi
      with claim "small" and waits ("cannot allocate all claims"). When "a" is deleted the
      resource claim controller deallocates "big" (no consumer left); the deallocation brings
      "b" back (isSchedulableAfterClaimChange), and this time the share fits.
      Given the feature gate DRAConsumableCapacity is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
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
        metadata: {name: node-1-nics}
        spec:
          driver: nic.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - {name: nic-0, allowMultipleAllocations: true, capacity: {bandwidth: {value: 10Gi}}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: big}
        spec:
          devices:
            requests:
            - name: nic
              exactly: {deviceClassName: nic.example.com, capacity: {requests: {bandwidth: 8Gi}}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: small}
        spec:
          devices:
            requests:
            - name: nic
              exactly: {deviceClassName: nic.example.com, capacity: {requests: {bandwidth: 4Gi}}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: a}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: nic}]}}
          resourceClaims:
          - {name: nic, resourceClaimName: big}
        """
      Then the Pod "a" is scheduled to "node-1"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: b}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: nic}]}}
          resourceClaims:
          - {name: nic, resourceClaimName: small}
        """
      Then the Pod "b" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      When I force-delete the Pod "a"
      Then the ResourceClaim "big" has no "status.allocation"
      And the Pod "b" is scheduled to "node-1"
      And the ResourceClaim "small" has "status.allocation.devices.results" containing [{request: nic, driver: nic.example.com, pool: node-1, device: nic-0, consumedCapacity: {bandwidth: 4Gi}}]

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/share-ids
    Scenario: Claims that take turns on a shared device each get their own share ID
      Pod "first" may run on either node; NodeResourcesFit (LeastAllocated) prefers node-1, the
      larger, after the DynamicResources Filter has found a share of node-2's NIC for claim
      "ca" too. Pod "second" must run on node-2, with claim "cb", which asks exactly what "ca"
      asks. Then "first" goes, the resource claim controller deallocates "ca" (no consumer
      left), and pod "third" takes "ca" again on node-2. The two shares of node-2's NIC have
      different IDs. (drakit's scheduler reuses a Filter result computed for a claim with the
      same request; the share ID it gives must still be the claim's own.)
      Given the feature gate DRAConsumableCapacity is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      And a node "node-2" with cpu "4", memory "32Gi"
      When I apply:
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
        metadata: {name: node-1-nics}
        spec:
          driver: nic.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - {name: nic-0, allowMultipleAllocations: true, capacity: {bandwidth: {value: 10Gi}}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-2-nics}
        spec:
          driver: nic.example.com
          nodeName: node-2
          pool: {name: node-2, generation: 1, resourceSliceCount: 1}
          devices:
          - {name: nic-0, allowMultipleAllocations: true, capacity: {bandwidth: {value: 10Gi}}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: ca}
        spec:
          devices:
            requests:
            - {name: bw, exactly: {deviceClassName: nic.example.com, capacity: {requests: {bandwidth: 1Gi}}}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: cb}
        spec:
          devices:
            requests:
            - {name: bw, exactly: {deviceClassName: nic.example.com, capacity: {requests: {bandwidth: 1Gi}}}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: first}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: "1"}, claims: [{name: nic}]}}
          resourceClaims:
          - {name: nic, resourceClaimName: ca}
        """
      Then the Pod "first" is scheduled to "node-1"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          nodeSelector: {kubernetes.io/hostname: node-2}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: nic}]}}
          resourceClaims:
          - {name: nic, resourceClaimName: cb}
        """
      Then the Pod "second" is scheduled to "node-2"
      When I delete the Pod "first"
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: third}
        spec:
          nodeSelector: {kubernetes.io/hostname: node-2}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: nic}]}}
          resourceClaims:
          - {name: nic, resourceClaimName: ca}
        """
      Then the Pod "third" is scheduled to "node-2"
      And the ResourceClaim "ca" has "status.allocation.devices.results[0].pool" equal to node-2
      And the ResourceClaim "cb" has "status.allocation.devices.results[0].pool" equal to node-2
      And the ResourceClaims "ca" and "cb" have different "status.allocation.devices.results[0].shareID"

  @component:scheduler @gate:DRADeviceBindingConditions
  Rule: KEP-5007 binding conditions: the scheduler waits in PreBind for the driver
    A device may carry bindingConditions (and bindingFailureConditions) that a driver reports
    in the claim's status.devices once the device is attached, for example over a fabric. With
    DRADeviceBindingConditions and DRAResourceClaimDeviceStatus (beta and on from 1.36; the
    scenarios turn the first on for 1.34 and 1.35) kube-scheduler writes the allocation and
    the reservation in PreBind, then waits: it binds the pod only when each binding condition
    is True; a True binding failure condition or its bindingTimeout (600 s) fails PreBind, the
    claim is unreserved, and the next attempt finds the claim unavailable and deallocates it
    (k/k pkg/scheduler/framework/plugins/dynamicresources/dynamicresources.go v1.36/v1.37:
    PreBind, isPodReadyForBinding, isClaimReadyForBinding, isClaimTimeout, Filter, PostFilter;
    pkg/scheduler/apis/config/types.go DynamicResourcesBindingTimeoutDefault). The device
    here also has bindsToNode, so the allocation's node selector names the chosen node.

    Background:
      Given the feature gate DRADeviceBindingConditions is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
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
        metadata: {name: fabric-gpus}
        spec:
          driver: fabric.example.com
          nodeName: node-1
          pool: {name: fabric, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            bindsToNode: true
            bindingConditions: [example.com/attached]
            bindingFailureConditions: [example.com/attach-failed]
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: fabric.example.com}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the request succeeds

    @req:platform-BIND-R01 @clause:platform-BIND-R01/waits-for-conditions @clause:platform-BIND-R01/binds-when-true
    Scenario: A pod waits unbound until the driver reports the binding condition, then it is bound
      The allocation and the reservation are written before the wait (bindClaim), the wait is
      announced with the event BindingConditionsPending; a condition other than the one the
      device names does not end it.
      Then there is a Normal event "BindingConditionsPending" for Pod "p" starting with "waiting for binding conditions for device on node node-1"
      And the Pod "p" has no "spec.nodeName"
      And the ResourceClaim "gpu" has "status.allocation.devices.results[0].bindingConditions" equal to ["example.com/attached"]
      And the ResourceClaim "gpu" has "status.allocation.nodeSelector.nodeSelectorTerms[0].matchFields" equal to [{key: metadata.name, operator: In, values: [node-1]}]
      And the ResourceClaim "gpu" has "status.reservedFor[0].name" equal to p
      When I patch the ResourceClaim "gpu" status with:
        """
        status:
          devices:
          - driver: fabric.example.com
            pool: fabric
            device: gpu-0
            conditions:
            - {type: example.com/powered, status: "True", reason: PoweredOn, message: "", lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      And the cluster settles
      Then the Pod "p" has no "spec.nodeName"
      When I patch the ResourceClaim "gpu" status with:
        """
        status:
          devices:
          - driver: fabric.example.com
            pool: fabric
            device: gpu-0
            conditions:
            - {type: example.com/powered, status: "True", reason: PoweredOn, message: "", lastTransitionTime: "2026-01-01T00:00:00Z"}
            - {type: example.com/attached, status: "True", reason: Attached, message: attached over the fabric, lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      Then the Pod "p" is scheduled to "node-1"
      And the ResourceClaim "gpu" has "status.reservedFor[0].name" equal to p

    @req:platform-BIND-R01 @clause:platform-BIND-R01/waits-for-conditions
    Scenario: A claim for two devices gets two devices with binding conditions and waits for both
      A device with binding conditions is selectable when the feature is on (isSelectable), so
      a request for two devices takes both devices of a pool whose devices all carry binding
      conditions; the pod waits in PreBind for the conditions of the two devices.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: fabric-pair}
        spec:
          driver: fabric.example.com
          nodeName: node-1
          pool: {name: pair, generation: 1, resourceSliceCount: 1}
          devices:
          - {name: pair-0, bindingConditions: [example.com/attached], bindingFailureConditions: [example.com/attach-failed]}
          - {name: pair-1, bindingConditions: [example.com/attached], bindingFailureConditions: [example.com/attach-failed]}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: pair}
        spec:
          devices:
            requests:
            - name: gpus
              exactly: {deviceClassName: fabric.example.com, count: 2}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: q}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpus}]}}
          resourceClaims:
          - {name: gpus, resourceClaimName: pair}
        """
      Then the request succeeds
      And there is a Normal event "BindingConditionsPending" for Pod "q" starting with "waiting for binding conditions for device on node node-1"
      And the Pod "q" has no "spec.nodeName"
      And the ResourceClaim "pair" has "status.allocation.devices.results[0].device" equal to pair-0
      And the ResourceClaim "pair" has "status.allocation.devices.results[1].device" equal to pair-1
      When I patch the ResourceClaim "pair" status with:
        """
        status:
          devices:
          - driver: fabric.example.com
            pool: pair
            device: pair-0
            conditions:
            - {type: example.com/attached, status: "True", reason: Attached, message: attached over the fabric, lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      And the cluster settles
      Then the Pod "q" has no "spec.nodeName"
      When I patch the ResourceClaim "pair" status with:
        """
        status:
          devices:
          - driver: fabric.example.com
            pool: pair
            device: pair-0
            conditions:
            - {type: example.com/attached, status: "True", reason: Attached, message: attached over the fabric, lastTransitionTime: "2026-01-01T00:00:00Z"}
          - driver: fabric.example.com
            pool: pair
            device: pair-1
            conditions:
            - {type: example.com/attached, status: "True", reason: Attached, message: attached over the fabric, lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      Then the Pod "q" is scheduled to "node-1"

    @req:platform-BIND-R01 @clause:platform-BIND-R01/binds-when-true
    Scenario: A pod bound once its binding condition holds counts as one scheduled attempt
      schedule_one.go bindingCycle counts a pod as scheduled (metrics.PodScheduled, the series
      scheduler_schedule_attempts_total{result="scheduled"}) once, after its Bind succeeded:
      the wait in PreBind is part of that one binding cycle, and nothing is counted while the
      pod waits.
      When the cluster settles
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="scheduled"} is 0
      When I patch the ResourceClaim "gpu" status with:
        """
        status:
          devices:
          - driver: fabric.example.com
            pool: fabric
            device: gpu-0
            conditions:
            - {type: example.com/attached, status: "True", reason: Attached, message: attached over the fabric, lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      Then the Pod "p" is scheduled to "node-1"
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="scheduled"} is 1
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="error"} is 0

    @req:platform-BIND-R01 @clause:platform-BIND-R01/binds-when-true
    Scenario: A second pod sharing the claim after its binding condition holds is announced and bound at once
      The claim is already allocated when the second pod comes: PreBind only adds it to
      reservedFor (bindClaim), then hasBindingConditions looks at the allocations of all the
      pod's claims, allocated earlier or now, and the allocation still lists the device's
      binding condition: the wait is announced with BindingConditionsPending, and the poll's
      immediate first look (isPodReadyForBinding) finds the condition True, so the pod is
      bound without waiting (k/k dynamicresources.go PreBind, hasBindingConditions).
      When I patch the ResourceClaim "gpu" status with:
        """
        status:
          devices:
          - driver: fabric.example.com
            pool: fabric
            device: gpu-0
            conditions:
            - {type: example.com/attached, status: "True", reason: Attached, message: attached over the fabric, lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      Then the Pod "p" is scheduled to "node-1"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: q}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "q" is scheduled to "node-1"
      And there is a Normal event "BindingConditionsPending" for Pod "q" starting with "waiting for binding conditions for device on node node-1"
      And the ResourceClaim "gpu" has "status.reservedFor[1].name" equal to q

    @req:platform-BIND-R01 @clause:platform-BIND-R01/bound-meanwhile @needs:logical-clock
    Scenario: A pod someone else binds while it waits in PreBind: the scheduler's own Bind conflicts and the failure lands on the bound pod
      Upstream's binding cycle runs in a goroutine of its own that keeps waiting in PreBind
      with the pod it assumed, whoever binds the pod meanwhile. Once the binding condition
      holds, its Bind fails: the API server's BindingREST.assignPod answers with a Conflict,
      "pod p is already assigned to node". handleBindingCycleError unreserves and hands the
      failure to handleSchedulingFailure, which records the FailedScheduling event and patches
      PodScheduled=False (reason SchedulerError) on the bound pod too; it only skips putting a
      pod that has a node back in the queue ("Pod has been assigned to node. Abort adding it
      back to queue.", k/k pkg/scheduler/schedule_one.go, 1.34-1.37). Unreserve took the pod
      out of the claim's reservedFor; the ResourceClaim controller's syncPod puts it back (a pod
      on a node whose allocated claim is not reserved for it). At its status manager's next
      batch (10 s) the kubelet writes PodScheduled=True again: it sets that condition on every
      pod of its node (generateAPIPodStatus) and undoes another writer's change to it
      (needsReconcile).
      Then there is a Normal event "BindingConditionsPending" for Pod "p" starting with "waiting for binding conditions for device on node node-1"
      When I bind the Pod "p" to node "node-1"
      Then the Pod "p" has "spec.nodeName" equal to node-1
      When I patch the ResourceClaim "gpu" status with:
        """
        status:
          devices:
          - driver: fabric.example.com
            pool: fabric
            device: gpu-0
            conditions:
            - {type: example.com/attached, status: "True", reason: Attached, message: attached over the fabric, lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      Then there is a Warning event "FailedScheduling" from "default-scheduler" for Pod "p" with the message "running Bind plugin "DefaultBinder": Operation cannot be fulfilled on pods/binding "p": pod p is already assigned to node "node-1""
      And the PodScheduled condition of the Pod "p" has status False and reason SchedulerError, with lastTransitionTime set
      And the metric scheduler_pending_pods{queue="active"} is 0
      And the metric scheduler_pending_pods{queue="backoff"} is 0
      And the metric scheduler_pending_pods{queue="unschedulable"} is 0
      And the ResourceClaim "gpu" has "status.reservedFor" containing [{resource: pods, name: p}]
      When 10 seconds pass
      Then the PodScheduled condition of the Pod "p" has status True and no reason, with lastTransitionTime set
      And the Pod "p" has "spec.nodeName" equal to node-1

    @req:platform-BIND-R01 @clause:platform-BIND-R01/claim-gone
    Scenario: A claim that disappears while its pod waits in PreBind fails the wait
      The claim is deleted while the pod waits; its delete-protection finalizer keeps it (being
      deleted, still reserved and not ready), so the wait goes on. Once the finalizer is taken
      off, the claim is gone: isPodReadyForBinding reads every claim from the scheduler's claim
      cache, whose Get fails with the assume cache's NotFoundError ("could not find
      ResourceClaim <namespace>/<name>", pkg/scheduler/util/assumecache/assume_cache.go; the
      cache is created with the description "ResourceClaim" in pkg/scheduler/scheduler.go), and
      PreBind returns that error. The pod is not bound.
      When I delete the ResourceClaim "gpu"
      And the cluster settles
      Then the Pod "p" has no "spec.nodeName"
      And the Pod "p" has no "status.conditions"
      When I patch the ResourceClaim "gpu" with:
        """
        metadata: {finalizers: null}
        """
      Then the Pod "p" stays pending with reason "SchedulerError" and a message starting with "running PreBind plugin "DynamicResources": could not find ResourceClaim ""
      And the Pod "p" has no "spec.nodeName"

    @req:platform-BIND-R01 @clause:platform-BIND-R01/failure-deallocates @needs:logical-clock
    Scenario: A binding failure condition fails PreBind; the claim is unreserved, then deallocated
      The driver reports the failure and takes the device out of its slice, as the KEP asks
      ("ensure that the device is not picked again"); after the error's backoff the pod's next
      attempt finds the claim unavailable, PostFilter deallocates it, and with no device left
      the pod stays pending. The deallocating attempt's message: Filter's "resourceclaim not
      available on the node" (UnschedulableAndUnresolvable), then the PostFilter part: DynamicResources
      runs before DefaultPreemption and answers Unschedulable, so RunPostFilterPlugins goes on and
      preemption adds its verdict after a ", ".
      When I patch the ResourceClaim "gpu" status with:
        """
        status:
          devices:
          - driver: fabric.example.com
            pool: fabric
            device: gpu-0
            conditions:
            - {type: example.com/attach-failed, status: "True", reason: AttachFailed, message: fabric port "p1" down, lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      Then the Pod "p" stays pending with reason "SchedulerError" and a message starting with "running PreBind plugin "DynamicResources": claim gpu binding failed: reason=AttachFailed, message="fabric port \"p1\" down""
      And the ResourceClaim "gpu" has no "status.reservedFor"
      And the ResourceClaim "gpu" has "status.allocation.devices.results[0].device" equal to gpu-0
      When I delete the ResourceSlice "fabric-gpus"
      And 10 seconds pass
      Then there is a Warning event "FailedScheduling" for Pod "p" with the message "0/1 nodes are available: 1 resourceclaim not available on the node. deallocation of ResourceClaim completed, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."
      And the Pod "p" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      And the ResourceClaim "gpu" has no "status.allocation"
      And the ResourceClaim "gpu" has no "status.devices"

    @req:platform-BIND-R01 @clause:platform-BIND-R01/timeout @needs:logical-clock
    Scenario: Without the binding condition PreBind gives up after 600 seconds and the claim is allocated afresh
      Until the binding timeout the pod keeps waiting; at 600 s PreBind fails with "device binding
      timeout"; after the error's backoff the claim, allocated 601 s ago, is unavailable and
      deallocated, and the next attempt allocates it again and waits anew.
      When 599 seconds pass
      Then the Pod "p" has no "spec.nodeName"
      And the Pod "p" has no "status.conditions"
      And the ResourceClaim "gpu" has "status.reservedFor[0].name" equal to p
      When 1 second passes
      Then the Pod "p" stays pending with reason "SchedulerError" and a message starting with "running PreBind plugin "DynamicResources": device binding timeout"
      And the ResourceClaim "gpu" has no "status.reservedFor"
      When 1 second passes
      Then there is a Warning event "FailedScheduling" for Pod "p" containing "deallocation of ResourceClaim completed"
      And the ResourceClaim "gpu" has "status.allocation.allocationTimestamp" equal to "2026-01-01T00:10:01Z"
      And the ResourceClaim "gpu" has "status.reservedFor[0].name" equal to p
      And the Pod "p" has no "spec.nodeName"

    @req:platform-BIND-R01 @clause:platform-BIND-R01/error-backoff-grows @needs:logical-clock
    Scenario: A second binding failure in a row doubles the pod's backoff
      A PreBind failure is an error: the pod waits in the error backoff queue, 1 s doubled per
      error in a row, at most 10 s (k/k pkg/scheduler/backend/queue/backoff_queue.go
      getBackoffTime and calculateBackoffDuration, defaults podInitialBackoffDuration 1 s and
      podMaxBackoffDuration 10 s; the count of consecutive errors is kept apart from
      unschedulable verdicts since kubernetes/kubernetes#128748). The driver reports a
      failure and clears it again, so the claim stays allocated and usable: the retry 1 s
      after the first failure reserves it and waits again; after the second failure in a row
      the pod is not retried 1 s later, only 2 s later.
      When I patch the ResourceClaim "gpu" status with:
        """
        status:
          devices:
          - driver: fabric.example.com
            pool: fabric
            device: gpu-0
            conditions:
            - {type: example.com/attach-failed, status: "True", reason: AttachFailed, message: fabric port "p1" down, lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      Then the Pod "p" stays pending with reason "SchedulerError" and a message starting with "running PreBind plugin "DynamicResources": claim gpu binding failed: reason=AttachFailed"
      And the ResourceClaim "gpu" has no "status.reservedFor"
      When I patch the ResourceClaim "gpu" status with:
        """
        status:
          devices: null
        """
      And 1 second passes
      Then the ResourceClaim "gpu" has "status.reservedFor[0].name" equal to p
      And the ResourceClaim "gpu" has "status.allocation.allocationTimestamp" equal to "2026-01-01T00:00:00Z"
      When I patch the ResourceClaim "gpu" status with:
        """
        status:
          devices:
          - driver: fabric.example.com
            pool: fabric
            device: gpu-0
            conditions:
            - {type: example.com/attach-failed, status: "True", reason: AttachFailed, message: fabric port "p1" down, lastTransitionTime: "2026-01-01T00:00:01Z"}
        """
      Then the ResourceClaim "gpu" has no "status.reservedFor"
      When I patch the ResourceClaim "gpu" status with:
        """
        status:
          devices: null
        """
      And 1 second passes
      Then the ResourceClaim "gpu" has no "status.reservedFor"
      When 1 second passes
      Then the ResourceClaim "gpu" has "status.reservedFor[0].name" equal to p
      And the ResourceClaim "gpu" has "status.allocation.allocationTimestamp" equal to "2026-01-01T00:00:00Z"
      And the Pod "p" has no "spec.nodeName"

    @req:platform-BIND-R01 @clause:platform-BIND-R01/timeout @clause:platform-BIND-R01/error-backoff-grows @needs:logical-clock
    Scenario: After an unschedulable attempt the error backoff starts again at 1 s
      The error backoff counts the errors in a row only; an Unschedulable verdict in between
      starts the count anew (k/k pkg/scheduler/backend/queue/backoff_queue.go getBackoffTime:
      QueuedPodInfo.ConsecutiveErrorsCount, else UnschedulableCount, kubernetes/kubernetes#128748,
      not the number of attempts). The first timeout is retried 1 s later: the claim is
      unavailable (Unschedulable), deallocated and allocated afresh; the second timeout,
      three attempts later, is again retried 1 s later.
      When 600 seconds pass
      And 1 second passes
      Then the ResourceClaim "gpu" has "status.allocation.allocationTimestamp" equal to "2026-01-01T00:10:01Z"
      When 600 seconds pass
      Then the Pod "p" stays pending with reason "SchedulerError" and a message starting with "running PreBind plugin "DynamicResources": device binding timeout"
      And the ResourceClaim "gpu" has no "status.reservedFor"
      When 1 second passes
      Then the ResourceClaim "gpu" has "status.allocation.allocationTimestamp" equal to "2026-01-01T00:20:02Z"
      And the ResourceClaim "gpu" has "status.reservedFor[0].name" equal to p

    @req:platform-BIND-R01 @clause:platform-BIND-R01/timeout @needs:logical-clock
    Scenario: A scheduler that restarts mid-wait gives up on the claim's own timeout
      The restarted scheduler binds the still-reserved claim again and waits from then; its poll
      (every 5 s) finds the claim's allocationTimestamp more than 600 s old before its own
      deadline, so PreBind fails with "claim gpu binding timeout".
      When 300 seconds pass
      And the scheduler restarts
      And 300 seconds pass
      Then the Pod "p" has no "spec.nodeName"
      And the Pod "p" has no "status.conditions"
      When 5 seconds pass
      Then the Pod "p" stays pending with reason "SchedulerError" and a message starting with "running PreBind plugin "DynamicResources": claim gpu binding timeout"

  @component:scheduler
  Rule: Node selectors the scheduler parses: Gt and Lt want an integer
    The API server checks only how many values a Gt or Lt requirement has (core validation
    ValidateNodeSelectorRequirement: "must be specified single value when `operator` is 'Lt'
    or 'Gt'"), so "abc" is stored. The scheduler parses node selectors with component-helpers
    scheduling/corev1/nodeaffinity, whose labels.NewRequirement (apimachinery
    pkg/labels/selector.go, the same at 1.34-1.37) refuses a value strconv.ParseInt cannot
    read: "for 'Gt', 'Lt' operators, the value must be an integer". NewNodeSelector refuses the
    whole selector on such an error, even when another term would match: the allocator's
    GatherPools (k8s.io/dynamic-resource-allocation structured/internal/*/pools_*.go
    NodeMatches, "failed to parse node selector <v1.NodeSelector String()>: ..."; Allocate
    wraps it in "gather pool information: ") and the DRA plugin's PreFilter for an allocated
    claim. The pod's own node affinity is parsed lazily (NewLazyErrorNodeSelector; the
    NodeAffinity plugin's Filter ignores parse errors): the term with the error matches no
    node and the other terms still count.

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/node-selector-parse @needs:whole-cluster
    Scenario: A ResourceSlice whose node selector has Gt with a value that is no integer fails the scheduling cycle
      A slice's selector has exactly one term (resource validation); the API server stores it,
      and the allocator, instead of passing the slice over, stops with the parse error: the pod
      gets SchedulerError, not "cannot allocate all claims". GatherPools reads every slice of
      the cluster, so while this slice exists every pod with a claim fails the same way: on a
      shared cluster the scenario runs alone (needs:whole-cluster).
      Given a node "node-1" with cpu "8", memory "32Gi"
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
        metadata: {name: odd-gpus}
        spec:
          driver: gpu.example.com
          nodeSelector:
            nodeSelectorTerms:
            - matchExpressions: [{key: gpus, operator: Gt, values: [abc]}]
          pool: {name: odd, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the request succeeds
      And the Pod "p" stays pending with reason "SchedulerError" and a message starting with "running "DynamicResources" filter plugin: gather pool information: failed to perform node selection for slice odd-gpus: failed to parse node selector &NodeSelector{NodeSelectorTerms:[]NodeSelectorTerm{NodeSelectorTerm{MatchExpressions:[]NodeSelectorRequirement{NodeSelectorRequirement{Key:gpus,Operator:Gt,Values:[abc],},},MatchFields:[]NodeSelectorRequirement{},},},}: nodeSelectorTerms[0].matchExpressions[0].values[0]: Invalid value: "abc": for 'Gt', 'Lt' operators, the value must be an integer"
      And the ResourceClaim "gpu" has no "status.allocation"

    # since 1.36: DRAPartitionableDevices (per-device node selection) is on by default from 1.36; the device's String() ends with a KEP-5517 field from 1.36 (the release pair below pins it)
    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/node-selector-parse @since:1.36 @needs:whole-cluster
    Scenario Outline: A device with per-device node selection whose selector has Lt with a value beyond int64 fails the scheduling cycle (<what>)
      GatherPools looks at the devices of a slice with perDeviceNodeSelection in order until one
      matches the node; gpu-0's selector does not parse (99999999999999999999 is a label value
      but no int64), so the cycle fails naming the device (its v1.Device String()) and the
      slice. The generated String() prints a pointer field as nil, or as * and the value it
      points to: allowMultipleAllocations unset (null) is "AllowMultipleAllocations:nil", false
      is "*false", true is "*true" (DRAConsumableCapacity, on by default from 1.36).
      Given a node "node-1" with cpu "8", memory "32Gi"
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
        metadata: {name: per-device}
        spec:
          driver: gpu.example.com
          perDeviceNodeSelection: true
          pool: {name: per-device, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            nodeSelector:
              nodeSelectorTerms:
              - matchExpressions: [{key: gpus, operator: Lt, values: ["99999999999999999999"]}]
            allowMultipleAllocations: <allow>
          - name: gpu-1
            allNodes: true
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the request succeeds
      And the Pod "p" stays pending with reason "SchedulerError" and a message starting with "running "DynamicResources" filter plugin: gather pool information: failed to perform node selection for device &Device{Name:gpu-0,Attributes:map[QualifiedName]DeviceAttribute{},Capacity:map[QualifiedName]DeviceCapacity{},ConsumesCounters:[]DeviceCounterConsumption{},NodeName:nil,NodeSelector:&v11.NodeSelector{NodeSelectorTerms:[]NodeSelectorTerm{NodeSelectorTerm{MatchExpressions:[]NodeSelectorRequirement{NodeSelectorRequirement{Key:gpus,Operator:Lt,Values:[99999999999999999999],},},MatchFields:[]NodeSelectorRequirement{},},},},AllNodes:nil,Taints:[]DeviceTaint{},BindsToNode:nil,BindingConditions:[],BindingFailureConditions:[],AllowMultipleAllocations:<printed>,"
      And the Pod "p" stays pending with reason "SchedulerError" and a message containing "} in slice per-device: failed to parse node selector &NodeSelector{NodeSelectorTerms:[]NodeSelectorTerm{NodeSelectorTerm{MatchExpressions:[]NodeSelectorRequirement{NodeSelectorRequirement{Key:gpus,Operator:Lt,Values:[99999999999999999999],},},MatchFields:[]NodeSelectorRequirement{},},},}: nodeSelectorTerms[0].matchExpressions[0].values[0]: Invalid value: "99999999999999999999": for 'Gt', 'Lt' operators, the value must be an integer"

      Examples:
        | what                                   | allow | printed |
        | allowMultipleAllocations unset         | null  | nil     |
        | a device that allows one allocation    | false | *false  |
        | a device that allows many allocations  | true  | *true   |

    # Pinned to 1.36 (a version tag) so that every run checks the 1.36 field: 1.37 tombstoned nodeAllocatableResourceMappings (the scenario after this one)
    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/node-selector-parse @req:5517-R01 @version:1.36 @needs:whole-cluster @gate:DRANodeAllocatableResources
    Scenario: At 1.36 the device named by a failed node selection lists its nodeAllocatableResourceMappings by resource name
      The generated (*v1.Device).String() of k8s.io/api at 1.36 (and kubernetes-1.37.0-beta.0)
      ends with "NodeAllocatableResourceMappings:" and the map by sorted resource name; a
      mapping's value prints as Go's raw struct (pointers), so the text is pinned up to the
      second name.
      Given the feature gate DRANodeAllocatableResources is enabled
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
        metadata: {name: per-device}
        spec:
          driver: gpu.example.com
          perDeviceNodeSelection: true
          pool: {name: per-device, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            nodeSelector:
              nodeSelectorTerms:
              - matchExpressions: [{key: gpus, operator: Lt, values: ["99999999999999999999"]}]
            nodeAllocatableResourceMappings:
              {cpu: {allocationMultiplier: "2"}, memory: {allocationMultiplier: "1Gi"}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the request succeeds
      And the Pod "p" stays pending with reason "SchedulerError" and a message containing ",NodeAllocatableResourceMappings:map[k8s_io_api_core_v1.ResourceName]NodeAllocatableResourceMapping{cpu: "

    # since 1.37: the 1.37 shape (k8s.io/api master) tombstones nodeAllocatableResourceMappings for nodeAllocatableResources, and the Device String() with it
    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/node-selector-parse @req:5517-R01 @since:1.37 @needs:whole-cluster @gate:DRANodeAllocatableResources
    Scenario: From 1.37 the device named by a failed node selection lists its nodeAllocatableResources by resource name
      The generated (*v1.Device).String() of k8s.io/api master (the 1.37 shape drakit follows)
      ends with "NodeAllocatableResources:" and the map by sorted resource name (the mappings
      field is tombstoned); a value prints as Go's raw struct, so the text is pinned up to the
      first name.
      Given the feature gate DRANodeAllocatableResources is enabled
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
        metadata: {name: per-device}
        spec:
          driver: gpu.example.com
          perDeviceNodeSelection: true
          pool: {name: per-device, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            nodeSelector:
              nodeSelectorTerms:
              - matchExpressions: [{key: gpus, operator: Lt, values: ["99999999999999999999"]}]
            nodeAllocatableResources:
              {cpu: {mapping: {deviceMultiplier: "2"}}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the request succeeds
      And the Pod "p" stays pending with reason "SchedulerError" and a message containing ",AllowMultipleAllocations:nil,NodeAllocatableResources:map[k8s_io_api_core_v1.ResourceName]NodeAllocatableResource{cpu: "

    # since 1.36: DRAPartitionableDevices (per-device node selection) is on by default from 1.36; the device's String() has NodeAllocatableResourceMappings from 1.36
    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/node-selector-parse @since:1.36 @needs:whole-cluster
    Scenario: The device named by a failed node selection lists the counters it consumes, set by set
      The generated (*v1.Device).String() prints ConsumesCounters as
      "[]DeviceCounterConsumption{" and, for each consumption in order, its own String() without
      the leading "&" and a ",": "DeviceCounterConsumption{CounterSet:<set>,Counters:" and the
      map of counters by sorted name. gpu-0 consumes from the pool's counter set, published in
      a slice of its own (1.35 on); only the text up to the first counter's name is pinned (a
      Counter's value prints as Go's raw struct).
      Given a node "node-1" with cpu "8", memory "32Gi"
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
        metadata: {name: per-device-counters}
        spec:
          driver: gpu.example.com
          allNodes: true
          pool: {name: per-device, generation: 1, resourceSliceCount: 2}
          sharedCounters:
          - name: gpu-set
            counters:
              mem: {value: 8Gi}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: per-device}
        spec:
          driver: gpu.example.com
          perDeviceNodeSelection: true
          pool: {name: per-device, generation: 1, resourceSliceCount: 2}
          devices:
          - name: gpu-0
            nodeSelector:
              nodeSelectorTerms:
              - matchExpressions: [{key: gpus, operator: Lt, values: ["99999999999999999999"]}]
            consumesCounters:
            - counterSet: gpu-set
              counters:
                mem: {value: 1Gi}
          - name: gpu-1
            allNodes: true
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the request succeeds
      And the Pod "p" stays pending with reason "SchedulerError" and a message containing ",ConsumesCounters:[]DeviceCounterConsumption{DeviceCounterConsumption{CounterSet:gpu-set,Counters:map[string]Counter{mem: "

    # since 1.36: DRAPartitionableDevices (per-device node selection) is on by default from 1.36; the device's String() has NodeAllocatableResourceMappings from 1.36
    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/node-selector-parse @since:1.36 @needs:whole-cluster
    Scenario: The device named by a failed node selection lists each of its taints as key=value:effect
      The generated (*v1.Device).String() prints Taints as "[]DeviceTaint{" and, for each taint in
      order, fmt's %v of it and a ",": DeviceTaint has its own String() (k8s.io/api resource/v1
      devicetaint.go), "<key>=<value>:<effect>", or "<key>:<effect>" without a value. gpu-0 has
      two taints (DRADeviceTaints, on by default from 1.36), one with a value and one without.
      Given a node "node-1" with cpu "8", memory "32Gi"
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
        metadata: {name: per-device}
        spec:
          driver: gpu.example.com
          perDeviceNodeSelection: true
          pool: {name: per-device, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            nodeSelector:
              nodeSelectorTerms:
              - matchExpressions: [{key: gpus, operator: Lt, values: ["99999999999999999999"]}]
            taints:
            - {key: example.com/unhealthy, value: ecc, effect: NoSchedule}
            - {key: example.com/maintenance, effect: NoExecute}
          - name: gpu-1
            allNodes: true
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the request succeeds
      And the Pod "p" stays pending with reason "SchedulerError" and a message containing ",AllNodes:nil,Taints:[]DeviceTaint{example.com/unhealthy=ecc:NoSchedule,example.com/maintenance:NoExecute,},BindsToNode:nil,"

    # since 1.36: DRAPartitionableDevices (per-device node selection) is on by default from 1.36
    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/node-selector-parse @since:1.36 @needs:whole-cluster
    Scenario: A device whose node selector does not parse, after one that matches, fails the allocation that reaches it
      GatherPools keeps a slice with perDeviceNodeSelection once one device matches the node and
      looks no further, so gpu-1's selector (Lt with a value beyond int64) is first evaluated by
      the allocator's isSelectable, which returns NodeMatches' error as it is: asking for two
      devices reaches gpu-1, and the Filter's error is the cycle's (SchedulerError), with the
      "failed to parse node selector" text and no device or slice around it.
      Given a node "node-1" with cpu "8", memory "32Gi"
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
        metadata: {name: per-device}
        spec:
          driver: gpu.example.com
          perDeviceNodeSelection: true
          pool: {name: per-device, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            allNodes: true
          - name: gpu-1
            nodeSelector:
              nodeSelectorTerms:
              - matchExpressions: [{key: gpus, operator: Lt, values: ["99999999999999999999"]}]
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpus}
        spec:
          devices:
            requests:
            - name: gpus
              exactly: {deviceClassName: gpu.example.com, allocationMode: ExactCount, count: 2}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpus}]}}
          resourceClaims:
          - {name: gpus, resourceClaimName: gpus}
        """
      Then the request succeeds
      And the Pod "p" stays pending with reason "SchedulerError" and a message starting with "running "DynamicResources" filter plugin: failed to parse node selector &NodeSelector{NodeSelectorTerms:[]NodeSelectorTerm{NodeSelectorTerm{MatchExpressions:[]NodeSelectorRequirement{NodeSelectorRequirement{Key:gpus,Operator:Lt,Values:[99999999999999999999],},},MatchFields:[]NodeSelectorRequirement{},},},}: nodeSelectorTerms[0].matchExpressions[0].values[0]: Invalid value: "99999999999999999999": for 'Gt', 'Lt' operators, the value must be an integer"
      And the ResourceClaim "gpus" has no "status.allocation"

    # since 1.36: DRAPartitionableDevices and DRADeviceBindingConditions are on by default from 1.36; the device's String() has NodeAllocatableResourceMappings from 1.36
    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/node-selector-parse @since:1.36 @needs:whole-cluster
    Scenario: The device named by a failed node selection lists its binding conditions
      The generated (*v1.Device).String() prints BindsToNode as a pointer ("*true") and
      BindingConditions and BindingFailureConditions with fmt's %v of a []string: the
      conditions in order, separated by spaces, in brackets (KEP-5007 device binding
      conditions, on by default from 1.36).
      Given a node "node-1" with cpu "8", memory "32Gi"
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
        metadata: {name: per-device}
        spec:
          driver: gpu.example.com
          perDeviceNodeSelection: true
          pool: {name: per-device, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            nodeSelector:
              nodeSelectorTerms:
              - matchExpressions: [{key: gpus, operator: Lt, values: ["99999999999999999999"]}]
            bindsToNode: true
            bindingConditions: [example.com/attached, example.com/ready]
            bindingFailureConditions: [example.com/failed]
          - name: gpu-1
            allNodes: true
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the request succeeds
      And the Pod "p" stays pending with reason "SchedulerError" and a message containing ",Taints:[]DeviceTaint{},BindsToNode:*true,BindingConditions:[example.com/attached example.com/ready],BindingFailureConditions:[example.com/failed],AllowMultipleAllocations:nil,"

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/node-selector-parse
    Scenario: An allocated claim whose node selector has Lt with a value that is no integer fails PreFilter
      The claim's status (written as a DRA controller would) carries a node selector the API
      server accepts; the DRA plugin's PreFilter parses it with NewNodeSelector and returns the
      error, which the framework reports as "running PreFilter plugin ...": the whole selector
      is refused although its second term would match node-1 (no "gpus" label).
      Given a node "node-1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        """
      When I patch the ResourceClaim "gpu" status with:
        """
        status:
          allocation:
            devices:
              results:
              - {request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-0}
            nodeSelector:
              nodeSelectorTerms:
              - matchExpressions: [{key: gpus, operator: Lt, values: [x]}]
              - matchExpressions: [{key: gpus, operator: DoesNotExist}]
        """
      Then the request succeeds
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the request succeeds
      And the Pod "p" stays pending with reason "SchedulerError" and a message starting with "running PreFilter plugin "DynamicResources": nodeSelectorTerms[0].matchExpressions[0].values[0]: Invalid value: "x": for 'Gt', 'Lt' operators, the value must be an integer"

    @req:platform-ALLOC-R01 @clause:platform-ALLOC-R01/node-selector-parse
    Scenario: A pod's required node affinity with Gt and a value that is no integer: only that term matches no node
      The NodeAffinity plugin parses the pod's terms lazily and ignores parse errors, so the
      second term places the pod on node-1.
      Given a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          affinity:
            nodeAffinity:
              requiredDuringSchedulingIgnoredDuringExecution:
                nodeSelectorTerms:
                - matchExpressions: [{key: gpus, operator: Gt, values: [abc]}]
                - matchExpressions: [{key: gpus, operator: DoesNotExist}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the request succeeds
      And the Pod "p" is scheduled to "node-1"

  @component:tool
  Rule: The allocate tool
    `drakit allocate --node NODE -f FILE... [--explain] [--gate G=true|false] [--version V]`
    (README "What you do with it") answers a DRA driver author's question "which devices would
    these claims get on this node, and why not that one?" from manifests alone: the structured
    allocator runs on the ResourceSlices, DeviceClasses and ResourceClaims of the files (claims
    with a status.allocation count as allocated), for the node given by name or by a Node
    manifest. It writes one allocation per claim (YAML), or with --explain a table CLAIM REQUEST
    DEVICE OUTCOME; every error is one line on stderr with exit status 1 and nothing on stdout.
    The objects are read as kube-apiserver decodes them (null is the zero value; a JSON type the
    Go type cannot hold is refused with the decoder's text, naming the object).
    These scenarios run the command as a user does, on the manifests of
    fixtures/platform/allocate-tool (a bare `-f` name is read from there): node-1 has gpu-0 and
    gpu-1 (a100, NUMA 0 and 1), gpu-2 and gpu-3 (h100, NUMA 0 and 1; gpu-3 tainted NoSchedule
    example.com/maintenance), a partitionable GPU (8Gi of memory shared by "whole" 8Gi, "half-0"
    and "half-1" 4Gi each), a shared NIC nic-0 (10Gi bandwidth, 1Gi by default) and nic-1 with
    binding conditions; node-2 has one gpu-0. The expectations are worked out by hand from these
    inputs and upstream's allocator rules; the tool touches no cluster, so every backend gives
    the same answer (tool-only scenarios), except the last one, which checks that the scheduler
    agrees with the tool.

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/allocates
    Scenario: drakit allocate gives claims allocated together the devices upstream's rules give
      The claims are allocated in order, all or nothing: same-numa takes an a100 and an h100 on
      one NUMA node (gpu-0 and gpu-2; the NUMA-1 pair would need the tainted gpu-3); tolerant
      tolerates the taint and gets the other h100, gpu-3; halves needs two partitions of the
      8Gi GPU, which only half-0 and half-1 give; fallback's first choice, two more partitions,
      is gone, so its second, an a100, gets gpu-1; monitor's admin access takes every NUMA-0 GPU
      although others hold them; nics asks for all NICs: the shared nic-0 and nic-1.
      When I run drakit allocate with "--node node-1 -f classes.yaml -f gpus.yaml -f partitions.yaml -f nics.yaml -f claims.yaml"
      Then drakit allocate allocates these devices and no others:
        | claim            | request  | device                         |
        | team-a/same-numa | a100     | gpu.example.com/node-1/gpu-0   |
        | team-a/same-numa | h100     | gpu.example.com/node-1/gpu-2   |
        | team-a/tolerant  | h100     | gpu.example.com/node-1/gpu-3   |
        | team-a/halves    | parts    | part.example.com/node-1/half-0 |
        | team-a/halves    | parts    | part.example.com/node-1/half-1 |
        | team-a/fallback  | gpu/a100 | gpu.example.com/node-1/gpu-1   |
        | team-a/monitor   | numa-0   | gpu.example.com/node-1/gpu-0   |
        | team-a/monitor   | numa-0   | gpu.example.com/node-1/gpu-2   |
        | team-a/nics      | nics     | nic.example.com/node-1/nic-0   |
        | team-a/nics      | nics     | nic.example.com/node-1/nic-1   |

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/allocates
    Scenario: drakit allocate writes each claim's status.allocation as the scheduler would
      The result names the request, driver, pool and device, carries the request's tolerations
      and admin access, and the node selector pins the claim to node-1 (metadata.name In, as
      upstream's allocator writes it for node-local devices). A Node manifest works as --node.
      When I run drakit allocate with "--node {file} -f classes.yaml -f gpus.yaml -f {file}" on a file holding:
        """
        apiVersion: v1
        kind: Node
        metadata: {name: node-1}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: tolerant}
        spec:
          devices:
            requests:
            - name: tainted
              exactly:
                deviceClassName: gpu.example.com
                adminAccess: true
                selectors: [{cel: {expression: "device.attributes['gpu.example.com'].numa == 1 && device.attributes['gpu.example.com'].model == 'h100'"}}]
                tolerations: [{key: example.com/maintenance, operator: Equal, value: "true", effect: NoSchedule}]
        """
      Then drakit allocate writes:
        """
        - claim: default/tolerant
          allocation:
            devices:
              results:
              - request: tainted
                driver: gpu.example.com
                pool: node-1
                device: gpu-3
                adminAccess: true
                tolerations:
                - {key: example.com/maintenance, operator: Equal, value: "true", effect: NoSchedule}
            nodeSelector:
              nodeSelectorTerms:
              - matchFields:
                - {key: metadata.name, operator: In, values: [node-1]}
        """

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/explains
    Scenario: drakit allocate --explain prints one row per request and device with why it was or was not used
      The README's example: two of eight GPUs; the other six match but are not needed.
      When I run drakit allocate with "--node node-1 -f kep-5004/deviceclass-gpu.yaml -f kep-5004/resourceslice-gpus.yaml -f kep-5004/resourceclaim-two-gpus.yaml --explain"
      Then the explanation is:
        """
        CLAIM     REQUEST  DEVICE                        OUTCOME
        two-gpus  gpus     gpu.example.com/node-1/gpu-0  allocated
        two-gpus  gpus     gpu.example.com/node-1/gpu-1  allocated
        two-gpus  gpus     gpu.example.com/node-1/gpu-2  not needed (the request got its 2 devices)
        two-gpus  gpus     gpu.example.com/node-1/gpu-3  not needed (the request got its 2 devices)
        two-gpus  gpus     gpu.example.com/node-1/gpu-4  not needed (the request got its 2 devices)
        two-gpus  gpus     gpu.example.com/node-1/gpu-5  not needed (the request got its 2 devices)
        two-gpus  gpus     gpu.example.com/node-1/gpu-6  not needed (the request got its 2 devices)
        two-gpus  gpus     gpu.example.com/node-1/gpu-7  not needed (the request got its 2 devices)
        """

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/explains
    Scenario: drakit allocate --explain names selectors, taints, other nodes and what the request did not need
      same-numa's a100 gets gpu-0; gpu-1, an a100 too, is not needed; the h100s fail its
      selector, the partitions and NICs the class's; the h100 request cannot use gpu-3 (tainted)
      and gpu-0 of node-2 is on another node.
      When I run drakit allocate with "--node node-1 -f classes.yaml -f gpus.yaml -f partitions.yaml -f nics.yaml --explain" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: same-numa}
        spec:
          devices:
            requests:
            - name: a100
              exactly:
                deviceClassName: gpu.example.com
                selectors: [{cel: {expression: "device.attributes['gpu.example.com'].model == 'a100'"}}]
            - name: h100
              exactly:
                deviceClassName: gpu.example.com
                selectors: [{cel: {expression: "device.attributes['gpu.example.com'].model == 'h100'"}}]
            constraints:
            - {requests: [a100, h100], matchAttribute: gpu.example.com/numa}
        """
      Then the explanation has the rows:
        | claim     | request | device                         | outcome                                   |
        | same-numa | a100    | gpu.example.com/node-1/gpu-0   | allocated                                 |
        | same-numa | a100    | gpu.example.com/node-1/gpu-1   | not needed (the request got its 1 device) |
        | same-numa | a100    | gpu.example.com/node-1/gpu-2   | request selector false                    |
        | same-numa | a100    | part.example.com/node-1/whole  | class selector false                      |
        | same-numa | a100    | nic.example.com/node-1/nic-1   | class selector false                      |
        | same-numa | a100    | gpu.example.com/node-2/gpu-0   | wrong node                                |
        | same-numa | h100    | gpu.example.com/node-1/gpu-2   | allocated                                 |
        | same-numa | h100    | gpu.example.com/node-1/gpu-3   | taint not tolerated                       |
        | same-numa | h100    | gpu.example.com/node-2/gpu-0   | wrong node                                |

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/explains
    Scenario: drakit allocate refuses a device whose whole capacity is off its request policy's step
      The tool reads files no API server checked, so a request policy may lack the default the
      API server requires. A request that names no amount then consumes the whole capacity
      (consumable_capacity.go calculateConsumedCapacity: fillEmptyRequest), and
      violateValidRange refuses an amount that is not min plus a whole number of steps: 10Gi
      is 1Gi plus 2.25 steps of 4Gi, 9Gi is 1Gi plus two.
      When I run drakit allocate with "--node node-1 --gate DRAConsumableCapacity=true -f {file} --explain" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: mem.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "mem.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: memory}
        spec:
          driver: mem.example.com
          nodeName: node-1
          pool: {name: node-1, resourceSliceCount: 1}
          devices:
          - name: pool-0
            allowMultipleAllocations: true
            capacity:
              memory:
                value: 10Gi
                requestPolicy:
                  validRange: {min: 1Gi, step: 4Gi}
          - name: pool-1
            allowMultipleAllocations: true
            capacity:
              memory:
                value: 9Gi
                requestPolicy:
                  validRange: {min: 1Gi, step: 4Gi}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: whole}
        spec:
          devices:
            requests:
            - name: mem
              exactly: {deviceClassName: mem.example.com}
        """
      Then the explanation is:
        """
        CLAIM  REQUEST  DEVICE                         OUTCOME
        whole  mem      mem.example.com/node-1/pool-0  capacity short (request for memory violates the device's request policy)
        whole  mem      mem.example.com/node-1/pool-1  allocated
        """

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/explains
    Scenario: drakit allocate --explain names devices in use, counters and capacity used up, and the counts no search can meet
      An earlier claim holds gpu-0, half-0 (4Gi of the 8Gi) and 9Gi of nic-0's 10Gi. Five GPUs
      are asked for but only gpu-1 and gpu-2 are free and untainted; "whole" needs 8Gi; 2Gi of
      bandwidth no longer fit on nic-0, and nic-1 has no bandwidth at all. No allocation
      exists: the last row names each request whose count cannot be met and how many devices
      match; half-1, usable on its own, is not the cause.
      When I run drakit allocate with "--node node-1 -f classes.yaml -f gpus.yaml -f partitions.yaml -f nics.yaml --explain" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: earlier, namespace: team-a}
        spec:
          devices:
            requests:
            - {name: r, exactly: {deviceClassName: gpu.example.com}}
        status:
          allocation:
            devices:
              results:
              - {request: r, driver: gpu.example.com, pool: node-1, device: gpu-0}
              - {request: r, driver: part.example.com, pool: node-1, device: half-0}
              - {request: r, driver: nic.example.com, pool: node-1, device: nic-0, shareID: 7a3b0f55-0c1e-4d43-9d52-a1c2d3e4f5a6, consumedCapacity: {bandwidth: 9Gi}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: later, namespace: team-a}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com, count: 5}}
            - {name: part, exactly: {deviceClassName: part.example.com}}
            - name: nic
              exactly:
                deviceClassName: nic.example.com
                capacity: {requests: {bandwidth: 2Gi}}
        """
      Then the explanation has the rows:
        | claim | request | device                         | outcome |
        | later | gpu     | gpu.example.com/node-1/gpu-0   | already allocated |
        | later | gpu     | gpu.example.com/node-1/gpu-1   | matches; the request asks for 5 devices, only 2 match |
        | later | gpu     | gpu.example.com/node-1/gpu-2   | matches; the request asks for 5 devices, only 2 match |
        | later | gpu     | gpu.example.com/node-1/gpu-3   | taint not tolerated |
        | later | part    | part.example.com/node-1/whole  | counters exhausted |
        | later | part    | part.example.com/node-1/half-0 | already allocated |
        | later | nic     | nic.example.com/node-1/nic-0   | capacity short (capacity bandwidth is short) |
        | later | nic     | nic.example.com/node-1/nic-1   | capacity short (requested capacity bandwidth is not defined by the device) |
        | -     | -       | -                              | no solution on this node: claim later, request gpu: asks for 5 devices, only 2 match; claim later, request nic: asks for 1 device, only 0 match |

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/explains
    Scenario: drakit allocate --explain weighs each unused device's counters against the earlier claims, not against each other
      An earlier claim holds part-a (5Gi of the 8Gi). The new claim takes part-b (3Gi); each
      other device is weighed against what the earlier claims hold: part-c (2Gi) would fit and
      is not needed, part-d (4Gi) would not (its counters are exhausted). Weighing part-c takes
      nothing, so part-d is measured against part-a alone.
      When I run drakit allocate with "--node node-1 -f classes.yaml --explain" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: mem-counters}
        spec:
          driver: part.example.com
          nodeName: node-1
          pool: {name: mem, generation: 1, resourceSliceCount: 2}
          sharedCounters:
          - {name: gpu-mem, counters: {memory: {value: 8Gi}}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: mem-parts}
        spec:
          driver: part.example.com
          nodeName: node-1
          pool: {name: mem, generation: 1, resourceSliceCount: 2}
          devices:
          - {name: part-a, consumesCounters: [{counterSet: gpu-mem, counters: {memory: {value: 5Gi}}}]}
          - {name: part-b, consumesCounters: [{counterSet: gpu-mem, counters: {memory: {value: 3Gi}}}]}
          - {name: part-c, consumesCounters: [{counterSet: gpu-mem, counters: {memory: {value: 2Gi}}}]}
          - {name: part-d, consumesCounters: [{counterSet: gpu-mem, counters: {memory: {value: 4Gi}}}]}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: earlier}
        spec:
          devices:
            requests:
            - {name: part, exactly: {deviceClassName: part.example.com}}
        status:
          allocation:
            devices:
              results:
              - {request: part, driver: part.example.com, pool: mem, device: part-a}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: later}
        spec:
          devices:
            requests:
            - {name: part, exactly: {deviceClassName: part.example.com}}
        """
      Then the explanation has the rows:
        | claim | request | device                      | outcome |
        | later | part    | part.example.com/mem/part-a | already allocated |
        | later | part    | part.example.com/mem/part-b | allocated |
        | later | part    | part.example.com/mem/part-c | not needed (the request got its 1 device) |
        | later | part    | part.example.com/mem/part-d | counters exhausted |

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/explains
    Scenario: drakit allocate --explain tells a device another request took from a device the request did not need
      first takes both a100s; second asks for one more, and both are taken (by first's
      request); no count is short, so the last row says only that no allocation exists.
      When I run drakit allocate with "--node node-1 -f classes.yaml -f gpus.yaml --explain" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: first}
        spec:
          devices:
            requests:
            - name: a100
              exactly:
                deviceClassName: gpu.example.com
                count: 2
                selectors: [{cel: {expression: "device.attributes['gpu.example.com'].model == 'a100'"}}]
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: second}
        spec:
          devices:
            requests:
            - name: a100
              exactly:
                deviceClassName: gpu.example.com
                selectors: [{cel: {expression: "device.attributes['gpu.example.com'].model == 'a100'"}}]
        """
      Then the explanation has the rows:
        | claim  | request | device                       | outcome |
        | first  | a100    | gpu.example.com/node-1/gpu-0 | constraint conflict or taken by another request |
        | second | a100    | gpu.example.com/node-1/gpu-1 | constraint conflict or taken by another request |
        | -      | -       | -                            | no solution on this node |

    # since 1.36: per-device node selection needs DRAPartitionableDevices, on by default from 1.36
    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/explains @since:1.36
    Scenario: drakit allocate --explain follows each device's own node selector in a pool with per-device node selection
      GatherPools keeps a device of a perDeviceNodeSelection slice for the node when its own
      nodeName, allNodes or nodeSelector matches it: fab-a's selector names node-1 and is used,
      fab-b's names node-2 and is on another node, fab-c's names both and is not needed; fab-d
      is on every node (allNodes) and not needed, fab-e is named to node-2 (nodeName), fab-f to
      node-1 and not needed.
      When I run drakit allocate with "--node node-1 -f classes.yaml --explain" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: fabric}
        spec:
          driver: gpu.example.com
          perDeviceNodeSelection: true
          pool: {name: fabric, generation: 1, resourceSliceCount: 1}
          devices:
          - name: fab-a
            nodeSelector:
              nodeSelectorTerms:
              - matchExpressions: [{key: kubernetes.io/hostname, operator: In, values: [node-1]}]
          - name: fab-b
            nodeSelector:
              nodeSelectorTerms:
              - matchExpressions: [{key: kubernetes.io/hostname, operator: In, values: [node-2]}]
          - name: fab-c
            nodeSelector:
              nodeSelectorTerms:
              - matchExpressions: [{key: kubernetes.io/hostname, operator: In, values: [node-1, node-2]}]
          - {name: fab-d, allNodes: true}
          - {name: fab-e, nodeName: node-2}
          - {name: fab-f, nodeName: node-1}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: link}
        spec:
          devices:
            requests:
            - {name: link, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the explanation has the rows:
        | claim | request | device                       | outcome    |
        | link  | link    | gpu.example.com/fabric/fab-a | allocated  |
        | link  | link    | gpu.example.com/fabric/fab-b | wrong node |
        | link  | link    | gpu.example.com/fabric/fab-c | not needed (the request got its 1 device) |
        | link  | link    | gpu.example.com/fabric/fab-d | not needed (the request got its 1 device) |
        | link  | link    | gpu.example.com/fabric/fab-e | wrong node |
        | link  | link    | gpu.example.com/fabric/fab-f | not needed (the request got its 1 device) |

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/explains
    Scenario: drakit allocate --explain with DRAPartitionableDevices off says why a slice with per-device node selection is left out
      GatherPools with DRAPartitionableDevices off skips a slice that sets
      perDeviceNodeSelection before it looks at any node (its devices' own nodeName, allNodes
      or nodeSelector need the gate); the row names the gate. fab-a would be on every node.
      When I run drakit allocate with "--node node-1 -f classes.yaml --gate DRAPartitionableDevices=false --explain" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: fabric}
        spec:
          driver: gpu.example.com
          perDeviceNodeSelection: true
          pool: {name: fabric, generation: 1, resourceSliceCount: 1}
          devices:
          - {name: fab-a, allNodes: true}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: local}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - {name: gpu-0}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: link}
        spec:
          devices:
            requests:
            - {name: link, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the explanation has the rows:
        | claim | request | device                       | outcome    |
        | link  | link    | gpu.example.com/node-1/gpu-0 | allocated  |
        | link  | link    | gpu.example.com/fabric/fab-a | per-device node selection needs DRAPartitionableDevices |

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/explains
    Scenario Outline: drakit allocate --explain names a pool it cannot use (<what>)
      A pool whose slices are not all published is skipped as a whole; so is an invalid one,
      and the row says why. The claim still gets gpu-0 from the GPU pool.
      When I run drakit allocate with "--node node-1 -f classes.yaml -f gpus.yaml --explain" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: broken}
        spec:
          driver: broken.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: <slices>}
          sharedCounters: [{name: mem, counters: {memory: {value: 8Gi}}}, {name: <second_set>, counters: {memory: {value: 8Gi}}}]
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: broken-devices}
        spec:
          driver: broken.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: <slices>}
          devices:
          - {name: dev-0, consumesCounters: [{counterSet: <set>, counters: {<counter>: {value: 1Gi}}}]}
          - {name: <second_device>}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: one-gpu}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the explanation has the rows:
        | claim   | request | device                        | outcome   |
        | one-gpu | gpu     | gpu.example.com/node-1/gpu-0  | allocated |
        | one-gpu | gpu     | broken.example.com/node-1/*   | <outcome> |

      Examples:
        | what                 | slices | second_set | set | counter | second_device | outcome |
        | incomplete           | 3      | other      | mem | memory  | dev-1         | pool incomplete |
        | duplicate device     | 2      | other      | mem | memory  | dev-0         | pool invalid: duplicate device name dev-0 |
        | duplicate set        | 2      | mem        | mem | memory  | dev-1         | pool invalid: duplicate counter set name mem |
        | unknown counter set  | 2      | other      | hbm | memory  | dev-1         | pool invalid: counter set hbm referenced by device dev-0 not found |
        | unknown counter      | 2      | other      | mem | cores   | dev-1         | pool invalid: counter cores in counter set mem referenced by device dev-0 not found |

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/explains
    Scenario Outline: drakit allocate --explain prints a CEL runtime error on the device it happens on (<count> GPU)
      The class by-model reads the a100 attribute of the gpu.example.com domain, which the NICs
      do not have (an unknown domain is an empty map, so "no such key"). Pools are searched by
      driver name: with one a100 asked for, the search never reaches a NIC and the claim gets
      gpu-0, but the rows of the NICs show the error they would raise; with three (there are
      two a100s) the search reaches nic-0 and aborts, and the last row is that error.
      When I run drakit allocate with "--node node-1 -f classes.yaml -f gpus.yaml -f nics.yaml --explain" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: by-model}
        spec:
          devices:
            requests:
            - {name: gpus, exactly: {deviceClassName: by-model, count: <count>}}
        """
      Then the explanation has the rows:
        | claim    | request | device                       | outcome |
        | by-model | gpus    | gpu.example.com/node-1/gpu-0 | <gpu_0> |
        | by-model | gpus    | gpu.example.com/node-1/gpu-2 | class selector false |
        | by-model | gpus    | nic.example.com/node-1/nic-1 | error: class by-model: selector #0 on device nic.example.com/node-1/nic-1: CEL runtime error: no such key: model. consider using CEL optional chaining (.? followed by orValue()) or guarding the check with has() for optional fields |
        | -        | -       | -                            | <last> |

      Examples:
        | count | gpu_0     | last |
        | 1     | allocated | - |
        | 3     | matches; the request asks for 3 devices, only 2 match | error: class by-model: selector #0 on device nic.example.com/node-1/nic-0: CEL runtime error: no such key: model. consider using CEL optional chaining (.? followed by orValue()) or guarding the check with has() for optional fields |

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/explains
    Scenario: drakit allocate --explain prints a claim selector's CEL runtime error on the devices of the node
      The request's own selector reads a memory attribute no GPU has: the allocator's error
      names the claim (selectorsMatch: "claim <namespace>/<name>" when no class is involved),
      each device of the node shows the error it raises (gpu-3's taint is not reached: the
      selectors come first), the GPU of another node is only on the wrong node, and the search
      aborts at the first device.
      When I run drakit allocate with "--node node-1 -f classes.yaml -f gpus.yaml --explain" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: picky, namespace: team-a}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                selectors:
                - cel: {expression: 'device.attributes["gpu.example.com"].memory > 40'}
        """
      Then the explanation has the rows:
        | claim | request | device                       | outcome |
        | picky | gpu     | gpu.example.com/node-1/gpu-0 | error: claim team-a/picky: selector #0 on device gpu.example.com/node-1/gpu-0: CEL runtime error: no such key: memory. consider using CEL optional chaining (.? followed by orValue()) or guarding the check with has() for optional fields |
        | picky | gpu     | gpu.example.com/node-1/gpu-1 | error: claim team-a/picky: selector #0 on device gpu.example.com/node-1/gpu-1: CEL runtime error: no such key: memory. consider using CEL optional chaining (.? followed by orValue()) or guarding the check with has() for optional fields |
        | picky | gpu     | gpu.example.com/node-1/gpu-2 | error: claim team-a/picky: selector #0 on device gpu.example.com/node-1/gpu-2: CEL runtime error: no such key: memory. consider using CEL optional chaining (.? followed by orValue()) or guarding the check with has() for optional fields |
        | picky | gpu     | gpu.example.com/node-1/gpu-3 | error: claim team-a/picky: selector #0 on device gpu.example.com/node-1/gpu-3: CEL runtime error: no such key: memory. consider using CEL optional chaining (.? followed by orValue()) or guarding the check with has() for optional fields |
        | picky | gpu     | gpu.example.com/node-2/gpu-0 | wrong node |
        | -     | -       | -                            | error: claim team-a/picky: selector #0 on device gpu.example.com/node-1/gpu-0: CEL runtime error: no such key: memory. consider using CEL optional chaining (.? followed by orValue()) or guarding the check with has() for optional fields |

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/explains
    Scenario: drakit allocate --explain prints only the error when a claim cannot be looked at
      When I run drakit allocate with "--node node-1 -f classes.yaml -f gpus.yaml --explain" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: typo, namespace: team-a}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.exmaple.com}}
        """
      Then the explanation is:
        """
        CLAIM  REQUEST  DEVICE  OUTCOME
                                error: claim team-a/typo, request gpu: could not retrieve device class gpu.exmaple.com: deviceclass.resource.k8s.io "gpu.exmaple.com" not found
        """

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/explains
    Scenario: drakit allocate --explain prints a class selector's CEL compile error on one line per row
      The tool reads its files without an API server, so a class may hold a selector no API
      server would have accepted (device has no field vendor). The allocator's selectorsMatch
      fails with "class %s: selector #%d: CEL compile error: %w"; cel-go's message carries the
      expression and a caret on lines of their own, which the table writes as \n so each row
      stays one line; printable characters stay as they are, also non-ASCII ones (the "ä" of
      the expression). The device's row and the last row carry the error.
      When I run drakit allocate with "--node node-1 --explain" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: broken}
        spec:
          selectors:
          - cel: {expression: 'device.vendor == "ä"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: c}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: broken}}
        """
      Then the explanation is:
        """
        CLAIM  REQUEST  DEVICE                        OUTCOME
        c      gpu      gpu.example.com/node-1/gpu-0  error: class broken: selector #0: CEL compile error: compilation failed: ERROR: <input>:1:7: undefined field 'vendor'\n | device.vendor == "ä"\n | ......^
                                                      error: class broken: selector #0: CEL compile error: compilation failed: ERROR: <input>:1:7: undefined field 'vendor'\n | device.vendor == "ä"\n | ......^
        """

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/errors
    Scenario: drakit allocate refuses a class selector that does not compile with one line and exit status 1
      When I run drakit allocate with "--node node-1" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: broken}
        spec:
          selectors:
          - cel: {expression: 'device.vendor == "ä"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: c}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: broken}}
        """
      Then drakit allocate exits 1 with the error "class broken: selector #0: CEL compile error: compilation failed: ERROR: <input>:1:7: undefined field 'vendor'\n | device.vendor == "ä"\n | ......^"

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/errors
    Scenario Outline: drakit allocate refuses what it cannot run with one line and exit status 1 (<what>)
      Nothing is written to stdout; the line names the cause and what to do.
      When I run drakit allocate with "<args>" on a file holding:
        """
        <first>
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: one-gpu}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then drakit allocate exits 1 with the error "<error>"

      Examples:
        | what              | args | first | error |
        | node spec         | --node node-1:gpus -f classes.yaml | {kind: Namespace, apiVersion: v1, metadata: {name: x}} | invalid --node 'node-1:gpus': 'gpus' is not RESOURCE=QUANTITY; want NAME[:cpu=8,memory=32Gi] (or a file with one Node) |
        | node name         | --node Node_1 -f classes.yaml | {kind: Namespace, apiVersion: v1, metadata: {name: x}} | invalid --node 'Node_1': 'Node_1' is not a node name (lower-case letters, digits, '-' and '.'); want NAME[:cpu=8,memory=32Gi] (or a file with one Node) |
        | no Node in file   | --node {file} -f classes.yaml | {kind: Namespace, apiVersion: v1, metadata: {name: x}} | {file}: expected exactly one Node, found 0 |
        | two Nodes in file | --node {file} -f classes.yaml | {kind: List, apiVersion: v1, items: [{kind: Node, apiVersion: v1, metadata: {name: node-1}}, {kind: Node, apiVersion: v1, metadata: {name: node-2}}]} | {file}: expected exactly one Node, found 2 |
        | unnamed Node      | --node {file} -f classes.yaml | {kind: Node, apiVersion: v1, metadata: {labels: {kubernetes.io/hostname: node-1}}} | {file}: the Node has no metadata.name; name it as the cluster names it |
        | Node quantity     | --node {file} -f classes.yaml | {kind: Node, apiVersion: v1, metadata: {name: node-1}, status: {allocatable: {cpu: 8x}}} | Node node-1: Node in version "v1" cannot be handled as a Node: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$' |
        | gate value        | --node node-1 -f classes.yaml --gate DRADeviceTaints=on | {kind: Namespace, apiVersion: v1, metadata: {name: x}} | invalid --gate: invalid value of DRADeviceTaints=on, err: strconv.ParseBool: parsing "on": invalid syntax |
        | gate without bool | --node node-1 -f classes.yaml --gate DRAPrioritizedList=true,DRADeviceTaints | {kind: Namespace, apiVersion: v1, metadata: {name: x}} | invalid --gate: missing bool value for DRADeviceTaints |
        | gate name         | --node node-1 -f classes.yaml --gate DRADeviceTaint=false | {kind: Namespace, apiVersion: v1, metadata: {name: x}} | invalid --gate: unrecognized feature gate: DRADeviceTaint (did you mean DRADeviceTaints?) |
        | gate of later     | --node node-1 -f classes.yaml --version 1.35 --gate DRANodeAllocatableResources=true | {kind: Namespace, apiVersion: v1, metadata: {name: x}} | invalid --gate: unrecognized feature gate: DRANodeAllocatableResources (Kubernetes 1.35 does not have it; 1.36, 1.37 do) |
        | version           | --node node-1 -f classes.yaml --version 1.33 | {kind: Namespace, apiVersion: v1, metadata: {name: x}} | argument --version: invalid choice: '1.33' (choose from '1.34', '1.35', '1.36', '1.37') |
        | missing file      | --node node-1 -f no-such.yaml | {kind: Namespace, apiVersion: v1, metadata: {name: x}} | no-such.yaml: no such file |
        | no kind           | --node node-1 -f classes.yaml | {apiVersion: resource.k8s.io/v1, metadata: {name: s}} | {file}: object 1 has no kind (Object 'Kind' is missing); add its kind, e.g. kind: ResourceSlice |
        | missing node file | --node no-node.yaml -f classes.yaml | {kind: Namespace, apiVersion: v1, metadata: {name: x}} | no-node.yaml: no such file |
        | missing JSON node file | --node no-node.json -f classes.yaml | {kind: Namespace, apiVersion: v1, metadata: {name: x}} | no-node.json: no such file |
        | missing .yml node file | --node no-node.yml -f classes.yaml | {kind: Namespace, apiVersion: v1, metadata: {name: x}} | no-node.yml: no such file |
        | YAML              | --node node-1 -f classes.yaml | {kind: Namespace, apiVersion: v1, metadata: {name: [x} | {file}:1: invalid YAML: did not find expected ',' or ']' |
        | quantity          | --node node-1 -f classes.yaml -f nics.yaml | {apiVersion: resource.k8s.io/v1, kind: ResourceClaim, metadata: {name: nic}, spec: {devices: {requests: [{name: nic, exactly: {deviceClassName: nic.example.com, capacity: {requests: {bandwidth: 2Gx}}}}]}}} | ResourceClaim nic: ResourceClaim in version "v1" cannot be handled as a ResourceClaim: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$' |
        | unnamed slice quantity | --node node-1 -f classes.yaml | {apiVersion: resource.k8s.io/v1, kind: ResourceSlice, metadata: {generateName: gpus-}, spec: {driver: gpu.example.com, nodeName: node-1, pool: {name: p, generation: 1, resourceSliceCount: 1}, devices: [{name: gpu-0, capacity: {memory: {value: 80Gx}}}]}} | ResourceSlice <unnamed>: ResourceSlice in version "v1" cannot be handled as a ResourceSlice: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$' |
        | huge quantity     | --node node-1 -f classes.yaml | {apiVersion: resource.k8s.io/v1, kind: ResourceSlice, metadata: {name: gpus}, spec: {driver: gpu.example.com, nodeName: node-1, pool: {name: p, generation: 1, resourceSliceCount: 1}, devices: [{name: gpu-0, capacity: {memory: {value: 1e1000}}}]}} | a quantity in the -f files does not parse: drakit refuses quantities of 1e1000 or more in magnitude (apimachinery accepts them but needs minutes to hours of CPU to print them); use a smaller value; write quantities like 8, 500m or 32Gi |
        | unnamed claim     | --node node-1 -f classes.yaml -f gpus.yaml | {apiVersion: resource.k8s.io/v1, kind: ResourceClaim, metadata: {generateName: gpu-}, spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}} | a ResourceClaim in the -f files has no metadata.name; name every claim (generateName is the API server's to fill in) |
        | unnamed request   | --node node-1 -f classes.yaml -f gpus.yaml | {apiVersion: resource.k8s.io/v1, kind: ResourceClaim, metadata: {name: gpu}, spec: {devices: {requests: [{exactly: {deviceClassName: gpu.example.com}}]}}} | ResourceClaim default/gpu: spec.devices.requests[0].name: Required value; name every request and subrequest |
        | unnamed subrequest | --node node-1 -f classes.yaml -f gpus.yaml | {apiVersion: resource.k8s.io/v1, kind: ResourceClaim, metadata: {name: gpu}, spec: {devices: {requests: [{name: gpu, firstAvailable: [{name: big, deviceClassName: gpu.example.com}, {deviceClassName: gpu.example.com}]}]}}} | ResourceClaim default/gpu: spec.devices.requests[0].firstAvailable[1].name: Required value; name every request and subrequest |
        | unknown class     | --node node-1 -f gpus.yaml | {kind: Namespace, apiVersion: v1, metadata: {name: x}} | claim one-gpu, request gpu: could not retrieve device class gpu.example.com: deviceclass.resource.k8s.io "gpu.example.com" not found |
        | class selector without CEL | --node node-1 -f gpus.yaml | {apiVersion: resource.k8s.io/v1, kind: DeviceClass, metadata: {name: gpu.example.com}, spec: {selectors: [{}]}} | class gpu.example.com: selector #0: CEL expression empty (unsupported selector type?) |
        | count mode        | --node node-1 -f classes.yaml -f gpus.yaml | {apiVersion: resource.k8s.io/v1, kind: ResourceClaim, metadata: {name: some}, spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com, allocationMode: Some}}]}}} | claim some, request gpu: unsupported count mode Some |
        | node selector     | --node node-1 -f classes.yaml -f gpus.yaml | {apiVersion: resource.k8s.io/v1, kind: ResourceSlice, metadata: {name: rack-gpus}, spec: {driver: rack.example.com, nodeSelector: {nodeSelectorTerms: [{matchExpressions: [{key: rack, operator: Near, values: ["3"]}]}]}, pool: {name: rack-3, generation: 1, resourceSliceCount: 1}, devices: [{name: gpu-0}]}} | gather pool information: failed to perform node selection for slice rack-gpus: failed to parse node selector &NodeSelector{NodeSelectorTerms:[]NodeSelectorTerm{NodeSelectorTerm{MatchExpressions:[]NodeSelectorRequirement{NodeSelectorRequirement{Key:rack,Operator:Near,Values:[3],},},MatchFields:[]NodeSelectorRequirement{},},},}: nodeSelectorTerms[0].matchExpressions[0].operator: Unsupported value: "Near": supported values: "In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt" |

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/errors
    Scenario: drakit allocate without an unallocated claim says what it found and what to add
      When I run drakit allocate with "--node node-1 -f classes.yaml -f gpus.yaml"
      Then drakit allocate exits 1 with the error "no unallocated ResourceClaim in the -f files (found: DeviceClass, ResourceSlice); add a file with the claim"

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/errors
    Scenario: drakit allocate on a file that holds no object says it found nothing
      A file of comments only (or an empty one) holds no YAML document with an object.
      When I run drakit allocate with "--node node-1" on a file holding:
        """
        # the claims go here
        """
      Then drakit allocate exits 1 with the error "no unallocated ResourceClaim in the -f files (found: nothing); add a file with the claim"

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/errors
    Scenario: drakit allocate says when the node has no solution, and writes nothing
      Two h100s are asked for; gpu-3 is tainted and the request does not tolerate it.
      When I run drakit allocate with "--node node-1 -f classes.yaml -f gpus.yaml" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: two-h100}
        spec:
          devices:
            requests:
            - name: h100
              exactly:
                deviceClassName: gpu.example.com
                count: 2
                selectors: [{cel: {expression: "device.attributes['gpu.example.com'].model == 'h100'"}}]
        """
      Then drakit allocate exits 1 saying "no solution on node node-1" and writes nothing

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/gates-and-versions
    Scenario Outline: drakit allocate --version uses that release's gate defaults (taints at <version>)
      DRADeviceTaints is off by default up to 1.35 (on from 1.36): without it the allocator
      does not look at taints, so gpu-3 is as good as gpu-2.
      When I run drakit allocate with "--node node-1 -f classes.yaml -f gpus.yaml --version <version> --explain" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: two-h100}
        spec:
          devices:
            requests:
            - name: h100
              exactly:
                deviceClassName: gpu.example.com
                count: 2
                selectors: [{cel: {expression: "device.attributes['gpu.example.com'].model == 'h100'"}}]
        """
      Then the explanation has the rows:
        | claim    | request | device                       | outcome   |
        | two-h100 | h100    | gpu.example.com/node-1/gpu-2 | <gpu_2>   |
        | two-h100 | h100    | gpu.example.com/node-1/gpu-3 | <gpu_3>   |

      Examples:
        | version | gpu_2     | gpu_3 |
        | 1.34    | allocated | allocated |
        | 1.35    | allocated | allocated |
        | 1.36    | matches; the request asks for 2 devices, only 1 match | taint not tolerated |
        | 1.37    | matches; the request asks for 2 devices, only 1 match | taint not tolerated |

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/gates-and-versions
    Scenario: drakit allocate at 1.35, where DRADeviceTaints is off by default, takes a tainted GPU
      Without --explain the tool allocates the way the scheduler's Filter does (the cached node
      view). At 1.35 the allocator does not look at taints unless the gate is turned on.
      When I run drakit allocate with "--node node-1 -f classes.yaml -f gpus.yaml --version 1.35" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: two-h100}
        spec:
          devices:
            requests:
            - name: h100
              exactly:
                deviceClassName: gpu.example.com
                count: 2
                selectors: [{cel: {expression: "device.attributes['gpu.example.com'].model == 'h100'"}}]
        """
      Then drakit allocate allocates these devices and no others:
        | claim            | request | device                       |
        | default/two-h100 | h100    | gpu.example.com/node-1/gpu-2 |
        | default/two-h100 | h100    | gpu.example.com/node-1/gpu-3 |

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/gates-and-versions
    Scenario: drakit allocate --gate DRADeviceTaints=true at 1.35 leaves the tainted GPU alone when it allocates
      The gate given on the command line applies to the allocation path too, not only to
      --explain: with taints looked at, one untainted h100 is not enough for two.
      When I run drakit allocate with "--node node-1 -f classes.yaml -f gpus.yaml --version 1.35 --gate DRADeviceTaints=true" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: two-h100}
        spec:
          devices:
            requests:
            - name: h100
              exactly:
                deviceClassName: gpu.example.com
                count: 2
                selectors: [{cel: {expression: "device.attributes['gpu.example.com'].model == 'h100'"}}]
        """
      Then drakit allocate exits 1 saying "no solution on node node-1" and writes nothing

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/explains
    Scenario: drakit allocate --explain's summary counts one matching device in the singular
      The node's summary line names each request that cannot be met and how many of its
      devices match, the verb agreeing with the count: "only 1 matches", "only 0 match",
      "only 2 match".
      When I run drakit allocate with "--node node-1 -f classes.yaml -f gpus.yaml --explain" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: two-h100}
        spec:
          devices:
            requests:
            - name: h100
              exactly:
                deviceClassName: gpu.example.com
                count: 2
                selectors: [{cel: {expression: "device.attributes['gpu.example.com'].model == 'h100'"}}]
        """
      Then the explanation has the rows:
        | claim | request | device | outcome |
        | -     | -       | -      | no solution on this node: claim two-h100, request h100: asks for 2 devices, only 1 matches |

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/gates-and-versions
    Scenario Outline: drakit allocate --version 1.34 reads counter sets next to their devices (<version>)
      In 1.34 a slice held its counter sets and the devices consuming them; from 1.35 counter
      sets have slices of their own, and an allocator of 1.35 or later takes a slice with
      counter sets for a counter slice and sees no device in it. "whole" (8Gi of 8Gi) is the
      first device of the pool that fits.
      When I run drakit allocate with "--node node-1 -f classes.yaml -f partitions-1.34.yaml --version <version> --gate DRAPartitionableDevices=true --explain" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: partition}
        spec:
          devices:
            requests:
            - {name: part, exactly: {deviceClassName: part.example.com}}
        """
      Then the explanation has the rows:
        | claim     | request | device                         | outcome |
        | partition | part    | part.example.com/node-1/whole  | <whole> |
        | -         | -       | -                              | <last>  |

      Examples:
        | version | whole     | last |
        | 1.34    | allocated | - |

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/gates-and-versions
    Scenario: drakit allocate --version 1.34 allocates a device from a slice that also holds its counter set
      When I run drakit allocate with "--node node-1 -f classes.yaml -f partitions-1.34.yaml --version 1.34 --gate DRAPartitionableDevices=true" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: partition}
        spec:
          devices:
            requests:
            - {name: part, exactly: {deviceClassName: part.example.com}}
        """
      Then drakit allocate allocates these devices and no others:
        | claim             | request | device                        |
        | default/partition | part    | part.example.com/node-1/whole |

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/gates-and-versions
    Scenario: drakit allocate --version 1.34 without DRAPartitionableDevices keeps the slice and refuses its devices one by one
      1.34's GatherPools drops a slice for the gate only when it has per-device node selection:
      a slice holding its counter set next to its devices is kept (it is node-1's), and the
      allocator, with DRAPartitionableDevices off, refuses each device that consumes counters.
      The explanation names each device once, for the counters, and never as on another node.
      When I run drakit allocate with "--node node-1 -f classes.yaml -f partitions-1.34.yaml --version 1.34 --gate DRAPartitionableDevices=false --explain" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: partition}
        spec:
          devices:
            requests:
            - {name: part, exactly: {deviceClassName: part.example.com}}
        """
      Then the explanation has the rows:
        | claim     | request | device                         | outcome |
        | partition | part    | part.example.com/node-1/whole  | counters need DRAPartitionableDevices |
        | partition | part    | part.example.com/node-1/half-0 | counters need DRAPartitionableDevices |
        | -         | -       | -                              | no solution on this node: claim partition, request part: asks for 1 device, only 0 match |

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/gates-and-versions
    Scenario Outline: drakit allocate from 1.35 on sees no device in a slice with counter sets (<version>)
      When I run drakit allocate with "--node node-1 -f classes.yaml -f partitions-1.34.yaml --version <version> --gate DRAPartitionableDevices=true" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: partition}
        spec:
          devices:
            requests:
            - {name: part, exactly: {deviceClassName: part.example.com}}
        """
      Then drakit allocate exits 1 saying "no solution on node node-1" and writes nothing

      Examples:
        | version | counter sets           |
        | 1.35    | in slices of their own |
        | 1.37    | in slices of their own |

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/gates-and-versions
    Scenario Outline: drakit allocate --explain from 1.35 on says why the devices of a 1.34-layout slice are not used (DRAPartitionableDevices <gate>)
      The slice holds its counter set next to its devices. With the gate off, GatherPools drops
      a slice with counter sets before it looks at the node; with the gate on, from 1.35 a slice
      with counter sets is a counter slice only, and its devices are never candidates. Either
      way the explanation says so for each device, not that it is on another node.
      When I run drakit allocate with "--node node-1 -f classes.yaml -f partitions-1.34.yaml --version 1.37 --gate DRAPartitionableDevices=<gate> --explain" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: partition}
        spec:
          devices:
            requests:
            - {name: part, exactly: {deviceClassName: part.example.com}}
        """
      Then the explanation has the rows:
        | claim     | request | device                         | outcome   |
        | partition | part    | part.example.com/node-1/whole  | <outcome> |
        | partition | part    | part.example.com/node-1/half-0 | <outcome> |
        | -         | -       | -                              | no solution on this node: claim partition, request part: asks for 1 device, only 0 match |

      Examples:
        | gate  | outcome |
        | false | counters need DRAPartitionableDevices |
        | true  | next to counter sets: a counter slice's devices are not used from 1.35 |

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/gates-and-versions
    Scenario: drakit allocate --gate turns off what a scheduler without the feature does not do
      Without DRADeviceBindingConditions a device with binding conditions is passed over, and
      without DRAPartitionableDevices a device that consumes counters: allocationMode All then
      gets nic-0 alone, and the single partition request nothing (upstream's allocator skips
      both kinds of device when its gate is off).
      When I run drakit allocate with "--node node-1 -f classes.yaml -f partitions.yaml -f nics.yaml --gate DRADeviceBindingConditions=false --gate DRAPartitionableDevices=false --explain" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: both}
        spec:
          devices:
            requests:
            - {name: nics, exactly: {deviceClassName: nic.example.com, allocationMode: All}}
            - {name: part, exactly: {deviceClassName: part.example.com}}
        """
      Then the explanation has the rows:
        | claim | request | device                         | outcome |
        | both  | nics    | nic.example.com/node-1/nic-0   | constraint conflict or taken by another request |
        | both  | nics    | nic.example.com/node-1/nic-1   | binding conditions need DRADeviceBindingConditions |
        | both  | part    | part.example.com/node-1/whole  | counters need DRAPartitionableDevices |
        | both  | part    | part.example.com/node-1/half-0 | counters need DRAPartitionableDevices |
        | -     | -       | -                              | no solution on this node: claim both, request part: asks for 1 device, only 0 match |

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/gates-and-versions
    Scenario: drakit allocate --gate DRAPrioritizedList=false refuses a request with subrequests
      When I run drakit allocate with "--node node-1 -f classes.yaml -f gpus.yaml --gate DRAPrioritizedList=false" on a file holding:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: fallback, namespace: team-a}
        spec:
          devices:
            requests:
            - name: gpu
              firstAvailable:
              - {name: any, deviceClassName: gpu.example.com}
        """
      Then drakit allocate exits 1 with the error "claim team-a/fallback, request gpu: has subrequests, but the DRAPrioritizedList feature is disabled"

    @req:platform-ALLOC-R02 @clause:platform-ALLOC-R02/scheduler-agrees @component:scheduler
    Scenario: The scheduler allocates a claim as drakit allocate says it would
      The same DeviceClasses, slices and claim go through the cluster: the claim of a pod on
      node-1 gets the devices (and node selector) the tool named, gpu-0 and gpu-2.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a node "node-2" with cpu "8", memory "32Gi"
      And the objects from fixture "platform/allocate-tool/classes.yaml"
      And the objects from fixture "platform/allocate-tool/gpus.yaml"
      And the objects from fixture "platform/allocate-tool/claim-same-numa.yaml"
      When I run drakit allocate with "--node node-1 -f classes.yaml -f gpus.yaml -f claim-same-numa.yaml"
      Then drakit allocate allocates these devices and no others:
        | claim             | request | device                       |
        | default/same-numa | a100    | gpu.example.com/node-1/gpu-0 |
        | default/same-numa | h100    | gpu.example.com/node-1/gpu-2 |
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          nodeSelector: {kubernetes.io/hostname: node-1}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpus}]}}
          resourceClaims:
          - {name: gpus, resourceClaimName: same-numa}
        """
      Then the request succeeds
      And the Pod "p" is scheduled to "node-1"
      And the claim "same-numa" has the allocation drakit allocate gave it
