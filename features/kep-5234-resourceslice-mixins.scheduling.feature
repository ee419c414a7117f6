@kep-5234 @component:scheduler @gate:DRAResourceSliceMixins
Feature: KEP-5234 ResourceSlice mixins as the scheduler sees them
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

  @req:5234-R01 @req:5234-R06
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

  @req:5234-R02 @req:5234-R06
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

  @req:5234-R07 @req:5234-R08
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

  @req:5234-R03 @req:5234-R06
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
