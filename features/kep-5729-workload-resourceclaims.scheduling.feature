@kep-5729 @component:controller @gate:DRAWorkloadResourceClaims
Feature: KEP-5729 ResourceClaims for PodGroups in the controller and the scheduler
  A PodGroup's claim from a template yields one ResourceClaim per PodGroup claim, owned by the
  PodGroup, allocated by the first pod and reserved for the PodGroup (api-truth §3, §9.7).
  Shipped differences from the KEP text: gate DRAWorkloadResourceClaims (KEP:
  WorkloadPodGroupResourceClaimTemplate), beta but default off in 1.37; pods opt in by repeating
  the PodGroup's entry (same name and template) instead of podGroupResourceClaim; the claim's
  annotation is resource.kubernetes.io/pod-claim-name (KEP: podgroup-claim-name); the name is
  recorded in podgroup.status.resourceClaimStatuses.

  Background:
    Given the feature gate GenericWorkload is enabled
    And the feature gate DRAWorkloadResourceClaims is enabled
    And a node "node-1" with cpu "8", memory "32Gi", pods "400"
    And the objects from fixture "kep-5729/scheduling/devices.yaml"

  @req:5729-R01
  Scenario: A PodGroup claim from a template yields exactly one claim, owned by the PodGroup and unallocated
    KEP-5729 "ResourceClaim Lifecycle" / "Create".
    When I apply:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaimTemplate
      metadata: {name: pg-claim-template}
      spec:
        spec:
          devices:
            requests:
            - name: my-device
              exactly: {deviceClassName: example}
      ---
      apiVersion: scheduling.k8s.io/v1alpha3
      kind: PodGroup
      metadata: {name: group}
      spec:
        schedulingPolicy: {basic: {}}
        resourceClaims:
        - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
      """
    Then the request succeeds
    And there is 1 ResourceClaim owned by PodGroup "group"
    And the ResourceClaim owned by PodGroup "group" contains:
      """
      metadata:
        generateName: group-pg-claim-
        annotations:
          resource.kubernetes.io/pod-claim-name: pg-claim
        ownerReferences:
        - apiVersion: scheduling.k8s.io/v1alpha3
          kind: PodGroup
          name: group
          controller: true
      spec:
        devices:
          requests:
          - name: my-device
      """
    And the PodGroup "group" has "status.resourceClaimStatuses[0].name" equal to pg-claim
    And 0 devices of driver "dra.example.com" are allocated

  @req:5729-R02 @req:5729-R03 @req:5729-R05
  Scenario: The KEP's two Deployments: each PodGroup's pods share one device, the groups use different devices
    KEP-5729 "Example", run as written (shipped field names) with a minimal Deployment controller.
    When I apply the fixture "kep-5729/scheduling/two-deployments.yaml"
    Then the request succeeds
    And there are 4 Pod objects
    And there is 1 ResourceClaim owned by PodGroup "my-podgroup-1"
    And there is 1 ResourceClaim owned by PodGroup "my-podgroup-2"
    And there are 2 ResourceClaim objects
    And 2 devices of driver "dra.example.com" are allocated
    And the ResourceClaim owned by PodGroup "my-podgroup-1" contains:
      """
      status:
        reservedFor:
        - apiGroup: scheduling.k8s.io
          resource: podgroups
          name: my-podgroup-1
      """

  @req:5729-R02 @req:5729-R03 @req:5729-R04
  Scenario: 300 pods of one PodGroup share one claim and reservedFor stays one entry
    KEP-5729 "Goals": more than 256 pods (the reservedFor limit) share one claim.
    When I apply:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaimTemplate
      metadata: {name: pg-claim-template}
      spec:
        spec:
          devices:
            requests:
            - name: my-device
              exactly: {deviceClassName: example}
      ---
      apiVersion: scheduling.k8s.io/v1alpha3
      kind: PodGroup
      metadata: {name: big}
      spec:
        schedulingPolicy: {basic: {}}
        resourceClaims:
        - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
      """
    And I create 300 pods named "member-{i}" from:
      """
      apiVersion: v1
      kind: Pod
      spec:
        schedulingGroup: {podGroupName: big}
        containers:
        - name: app
          image: registry.k8s.io/pause:3.10
          resources: {claims: [{name: pg-claim}]}
        resourceClaims:
        - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
      """
    Then 300 pods named "member-{i}" are scheduled
    And there is 1 ResourceClaim object
    And 1 device of driver "dra.example.com" is allocated
    And the claim "pg-claim" of Pod "member-299" contains:
      """
      status:
        reservedFor:
        - {apiGroup: scheduling.k8s.io, resource: podgroups, name: big}
      """
    And the claims of Pods "member-0" and "member-299" share devices

  @req:5729-R06
  Scenario: All pods gone keeps the claim allocated; deleting the PodGroup deallocates and collects it
    KEP-5729 "Deallocate": the claim follows the PodGroup, not its pods.
    When I apply the fixture "kep-5729/scheduling/two-deployments.yaml"
    And I delete the Deployment "wl-claim-example-1"
    Then there are 2 Pod objects
    And there is 1 ResourceClaim owned by PodGroup "my-podgroup-1"
    And 2 devices of driver "dra.example.com" are allocated
    When I delete the PodGroup "my-podgroup-1"
    Then there are 0 ResourceClaims owned by PodGroup "my-podgroup-1"
    And 1 device of driver "dra.example.com" is allocated

  @req:5729-R07
  Scenario: A PodGroup naming an existing claim reserves it for the PodGroup
    KEP-5729 "Standalone claim": the pod repeats the entry with resourceClaimName.
    When I apply:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata: {name: shared}
      spec:
        devices:
          requests:
          - name: my-device
            exactly: {deviceClassName: example}
      ---
      apiVersion: scheduling.k8s.io/v1alpha3
      kind: PodGroup
      metadata: {name: group}
      spec:
        schedulingPolicy: {basic: {}}
        resourceClaims:
        - {name: pg-claim, resourceClaimName: shared}
      ---
      apiVersion: v1
      kind: Pod
      metadata: {name: member}
      spec:
        schedulingGroup: {podGroupName: group}
        containers:
        - name: app
          image: registry.k8s.io/pause:3.10
          resources: {claims: [{name: pg-claim}]}
        resourceClaims:
        - {name: pg-claim, resourceClaimName: shared}
      """
    Then the Pod "member" is scheduled to "node-1"
    And the ResourceClaim "shared" has "status.reservedFor" equal to [{apiGroup: scheduling.k8s.io, resource: podgroups, name: group}]

  @req:5729-R10
  Scenario: A pod entry with the same name but another template is an ordinary per-pod claim
    api-truth §9.7: no match -> reserved for the Pod, owned by the Pod.
    When I apply:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaimTemplate
      metadata: {name: pg-claim-template}
      spec:
        spec:
          devices:
            requests:
            - {name: my-device, exactly: {deviceClassName: example}}
      ---
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaimTemplate
      metadata: {name: other-template}
      spec:
        spec:
          devices:
            requests:
            - {name: my-device, exactly: {deviceClassName: example}}
      ---
      apiVersion: scheduling.k8s.io/v1alpha3
      kind: PodGroup
      metadata: {name: group}
      spec:
        schedulingPolicy: {basic: {}}
        resourceClaims:
        - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
      ---
      apiVersion: v1
      kind: Pod
      metadata: {name: loner}
      spec:
        schedulingGroup: {podGroupName: group}
        containers:
        - name: app
          image: registry.k8s.io/pause:3.10
          resources: {claims: [{name: pg-claim}]}
        resourceClaims:
        - {name: pg-claim, resourceClaimTemplateName: other-template}
      """
    Then the Pod "loner" is scheduled to "node-1"
    And the claim "pg-claim" of Pod "loner" is named with the prefix "loner-pg-claim-"
    And the claim "pg-claim" of Pod "loner" contains:
      """
      metadata:
        ownerReferences:
        - {apiVersion: v1, kind: Pod, name: loner, controller: true}
      status:
        reservedFor:
        - {resource: pods, name: loner}
      """
    And there are 2 ResourceClaim objects

  @req:5729-R11
  Scenario: Rapid PodGroup churn never leaves two claims for one PodGroup claim nor orphans
    KEP-5729 "Integration tests": create and delete the same PodGroup repeatedly.
    When I apply the fixture "kep-5729/scheduling/two-deployments.yaml"
    And I delete the Deployment "wl-claim-example-2"
    And I delete the PodGroup "my-podgroup-2"
    And I apply the fixture "kep-5729/scheduling/two-deployments.yaml"
    And I delete the PodGroup "my-podgroup-2"
    And I apply the fixture "kep-5729/scheduling/two-deployments.yaml"
    Then there is 1 ResourceClaim owned by PodGroup "my-podgroup-2"
    And there are 2 ResourceClaim objects

  @req:5729-R12
  Scenario: Gate off: no PodGroup claims; pods fall back to per-pod claims
    KEP-5729 "Enablement": with DRAWorkloadResourceClaims off the PodGroup field is dropped and
    each pod's template entry is an ordinary per-pod claim.
    Given the feature gate DRAWorkloadResourceClaims is disabled
    When I apply the fixture "kep-5729/scheduling/two-deployments.yaml"
    Then there are 0 ResourceClaims owned by PodGroup "my-podgroup-1"
    And there are 4 ResourceClaim objects
    And 4 devices of driver "dra.example.com" are allocated

  @req:5729-R08
  Scenario: PostFilter never deallocates a claim reserved for a PodGroup
    KEP-5729 "Finding pods" / scheduler changes: DynamicResources PostFilter may deallocate an
    allocated claim that blocks a pod only when nobody else uses it (reservedFor empty or only
    this pod; k/k dynamicresources.go PostFilter). A claim reserved for a PodGroup is in use
    by the group even when the asking pod is not bound yet, so a member that cannot reach the
    claim's node stays pending with "still not schedulable" and the claim keeps its
    allocation and the PodGroup reservation (api-truth §9.7 IsReservedForPod). node-2 has a
    free device, so deallocating would have let the pod run there.
    Given a node "node-2" with cpu "8", memory "32Gi", pods "110"
    And a ResourceSlice "node-2-dra.example.com" of driver "dra.example.com" on node "node-2" with 4 devices named "dev-"
    When I apply:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaimTemplate
      metadata: {name: pg-claim-template}
      spec:
        spec:
          devices:
            requests:
            - name: my-device
              exactly: {deviceClassName: example}
      ---
      apiVersion: scheduling.k8s.io/v1alpha3
      kind: PodGroup
      metadata: {name: group}
      spec:
        schedulingPolicy: {basic: {}}
        resourceClaims:
        - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
      ---
      apiVersion: v1
      kind: Pod
      metadata: {name: member-0}
      spec:
        nodeSelector: {kubernetes.io/hostname: node-1}
        schedulingGroup: {podGroupName: group}
        containers:
        - name: app
          image: registry.k8s.io/pause:3.10
          resources: {claims: [{name: pg-claim}]}
        resourceClaims:
        - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
      """
    Then the Pod "member-0" is scheduled to "node-1"
    When I apply:
      """
      apiVersion: v1
      kind: Pod
      metadata: {name: member-1}
      spec:
        nodeSelector: {kubernetes.io/hostname: node-2}
        schedulingGroup: {podGroupName: group}
        containers:
        - name: app
          image: registry.k8s.io/pause:3.10
          resources: {claims: [{name: pg-claim}]}
        resourceClaims:
        - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
      """
    Then the Pod "member-1" stays pending with reason "Unschedulable" and a message starting with "0/2 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 resourceclaim not available on the node."
    And the Pod "member-1" stays pending with reason "Unschedulable" and a message containing "still not schedulable"
    And there is 1 ResourceClaim owned by PodGroup "group"
    And the ResourceClaim owned by PodGroup "group" contains:
      """
      status:
        allocation:
          devices:
            results:
            - {driver: dra.example.com, pool: node-1, device: dev-0}
        reservedFor:
        - {apiGroup: scheduling.k8s.io, resource: podgroups, name: group}
      """
    And the claims of Pods "member-0" and "member-1" share devices
    And 1 device of driver "dra.example.com" is allocated

  @req:5729-R12
  Scenario: Mixed Pod and PodGroup entries in reservedFor across a gate downgrade are cleaned correctly
    KEP-5729 "Version Skew" / "Enablement", as shipped (api-truth §9.7, RCC): with the gate on
    a pod repeating the PodGroup's entry reserves the claim for the PodGroup; after turning
    DRAWorkloadResourceClaims off a new pod using the same claim is added as a Pod consumer
    (BindTo without the gate), so reservedFor mixes both kinds. While the gate is off the
    controller removes the entry of a deleted pod but leaves the PodGroup entry untouched
    (unknown consumer type), even after the PodGroup is gone, so the claim stays allocated.
    Once the gate is on again, the stale PodGroup entry is removed, reservedFor becomes empty,
    the allocation is cleared and the finalizer resource.kubernetes.io/delete-protection
    removed; the user's claim itself is kept (it is owned by nobody).
    When I apply:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata: {name: shared}
      spec:
        devices:
          requests:
          - name: my-device
            exactly: {deviceClassName: example}
      ---
      apiVersion: scheduling.k8s.io/v1alpha3
      kind: PodGroup
      metadata: {name: group}
      spec:
        schedulingPolicy: {basic: {}}
        resourceClaims:
        - {name: pg-claim, resourceClaimName: shared}
      ---
      apiVersion: v1
      kind: Pod
      metadata: {name: member-0}
      spec:
        schedulingGroup: {podGroupName: group}
        containers:
        - name: app
          image: registry.k8s.io/pause:3.10
          resources: {claims: [{name: pg-claim}]}
        resourceClaims:
        - {name: pg-claim, resourceClaimName: shared}
      """
    Then the Pod "member-0" is scheduled to "node-1"
    And the ResourceClaim "shared" has "status.reservedFor" equal to [{apiGroup: scheduling.k8s.io, resource: podgroups, name: group}]
    When the feature gate DRAWorkloadResourceClaims is disabled
    And I apply:
      """
      apiVersion: v1
      kind: Pod
      metadata: {name: member-1}
      spec:
        schedulingGroup: {podGroupName: group}
        containers:
        - name: app
          image: registry.k8s.io/pause:3.10
          resources: {claims: [{name: pg-claim}]}
        resourceClaims:
        - {name: pg-claim, resourceClaimName: shared}
      """
    Then the Pod "member-1" is scheduled to "node-1"
    And the ResourceClaim "shared" has "status.reservedFor" equal to [{apiGroup: scheduling.k8s.io, resource: podgroups, name: group}, {resource: pods, name: member-1}]
    When I delete the PodGroup "group"
    And I delete the Pod "member-1"
    Then the ResourceClaim "shared" has "status.reservedFor" equal to [{apiGroup: scheduling.k8s.io, resource: podgroups, name: group}]
    And the ResourceClaim "shared" has "status.allocation.devices.results[0].device" equal to dev-0
    And the ResourceClaim "shared" has "metadata.finalizers" equal to [resource.kubernetes.io/delete-protection]
    When the feature gate DRAWorkloadResourceClaims is enabled
    Then the ResourceClaim "shared" exists
    And the ResourceClaim "shared" has no "status.reservedFor"
    And the ResourceClaim "shared" has no "status.allocation"
    And the ResourceClaim "shared" has no "metadata.finalizers"
    And 0 devices of driver "dra.example.com" are allocated
