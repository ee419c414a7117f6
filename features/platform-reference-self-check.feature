@platform @component:reference @needs:reference-internals
Feature: The reference checks itself: cache drift and failure records
  On the reference backend a passing scenario still fails when one of drakit's components hit
  an internal error or its informer-fed caches drifted from the objects the API server stores
  (steps/integrity.py): that is what makes a green verdict of the reference trustworthy. These
  scenarios show that the self-check sees a drift while it exists, names the component and
  what differs, and that the components' failure records name the component, the object and
  the cause. None of this is Kubernetes behaviour a live cluster could show (its components'
  caches and work queues are not reachable through the API): reference only.

  Rule: The self-check reports a component's cache drift while it exists
    Each component with informer-fed caches compares them with what the stored objects give
    (the scheduler's comparer, as upstream's pkg/scheduler/backend/cache/debugger/comparer.go;
    the controllers' and kubelets' compare_caches). A drift made behind the component's back
    (no watch event, nothing stored changes) is reported as "<component>: <what>: cached ...,
    stored objects give ..."; a restart relists and the drift is gone.

    @req:platform-SELF-R01 @clause:platform-SELF-R01/scheduler
    Scenario: The scheduler's node cache forgets a node
      Given a node "n1"
      And a node "n2"
      When "kube-scheduler" forgets the Node "n2" behind its back
      Then the reference's self-check reports:
        """
        kube-scheduler: nodes: cached ['n1'], stored objects give ['n1', 'n2']
        """
      When the scheduler restarts
      Then the reference's self-check reports nothing

    @req:platform-SELF-R01 @clause:platform-SELF-R01/scheduler
    Scenario: The scheduler's node cache misses a node's last update
      The comparer (debugger/comparer.go CompareNodes) looks at each cached node, not only at
      the set of names: a copy that missed the node's last update differs in its
      resourceVersion and in what it says the node can hold.
      Given a node "n1" with cpu "8", memory "32Gi", pods "110"
      When "kube-scheduler" misses the last update of the Node "n1" behind its back
      Then the reference's self-check reports:
        """
        kube-scheduler: node n1 resourceVersion: cached '1', stored objects give '<resourceVersion of Node "n1">'
        kube-scheduler: node n1 allocatable: cached {'cpu': 7000, 'memory': 34359738368, 'pods': 110}, stored objects give {'cpu': 8000, 'memory': 34359738368, 'pods': 110}
        """
      When the scheduler restarts
      Then the reference's self-check reports nothing

    @req:platform-SELF-R01 @clause:platform-SELF-R01/scheduler
    Scenario: The scheduler's node cache forgets a node until a relist takes it in again as a new one
      A restarted API server ends the watches of the components that are behind it (a pod
      deleted without waiting is an event the scheduler has not seen): the scheduler gets 410
      Expired and relists, and the node its cache lost comes back as a node it did not know.
      Given a node "n1"
      And a node "n2"
      And the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: filler}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      When "kube-scheduler" forgets the Node "n2" behind its back
      And I delete the Pod "filler" without waiting
      And the API server restarts
      Then the reference's self-check reports nothing
      And the Pod "filler" does not exist

    @req:platform-SELF-R01 @clause:platform-SELF-R01/scheduler
    Scenario: The scheduler's node cache forgets a bound pod, and what it requests
      The comparer holds the pods the node cache has bound, each node's pods and what they
      request against the stored pods bound to the nodes (upstream's comparer: CompareNodes and
      ComparePods). A restart relists them.
      Given a node "n1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: "2", memory: 1Gi}}
        """
      Then the Pod "p" is scheduled to "n1"
      When "kube-scheduler" forgets the Pod "p" behind its back
      Then the reference's self-check reports:
        """
        kube-scheduler: bound pods: cached [], stored objects give [(('default', 'p'), 'n1')]
        kube-scheduler: node n1 pods: cached [], stored objects give ['<uid of Pod "p">']
        kube-scheduler: node n1 requested: cached {}, stored objects give {'cpu': 2000, 'memory': 1073741824}
        kube-scheduler: node n1 non-zero requested (cpu, memory): cached (0, 0), stored objects give (2000, 1073741824)
        """
      When the scheduler restarts
      Then the reference's self-check reports nothing

    @req:platform-SELF-R01 @clause:platform-SELF-R01/scheduler
    Scenario: The scheduler's claim cache forgets a claim
      The scheduler's comparer holds its ResourceClaim cache (name and resourceVersion) against
      the stored claims; a restart relists them.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      When "kube-scheduler" forgets the ResourceClaim "gpu-claim" behind its back
      Then the reference's self-check reports:
        """
        kube-scheduler: resource claims: cached {}, stored objects give {('default', 'gpu-claim'): '<resourceVersion of ResourceClaim "gpu-claim">'}
        """
      When the scheduler restarts
      Then the reference's self-check reports nothing

    @req:platform-SELF-R01 @clause:platform-SELF-R01/scheduler
    Scenario: The scheduler's claim cache forgets allocated claims, and what their allocations take
      The comparer also holds what the cached claims' allocations take against what the stored
      claims give: the devices allocated whole, the shares of a device allocated several times
      and the capacity those shares consume. Forgotten as its delete handler would forget
      them, the claims take nothing any more.
      Given the feature gate DRAConsumableCapacity is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      And the objects:
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
          - {name: nic-1}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: share}
        spec:
          devices:
            requests:
            - name: bw
              exactly:
                deviceClassName: nic.example.com
                selectors:
                - cel: {expression: device.allowMultipleAllocations == true}
                capacity: {requests: {bandwidth: 1Gi}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: whole}
        spec:
          devices:
            requests:
            - name: nic
              exactly:
                deviceClassName: nic.example.com
                selectors:
                - cel: {expression: device.allowMultipleAllocations == false}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: share}, {name: whole}]}}
          resourceClaims:
          - {name: share, resourceClaimName: share}
          - {name: whole, resourceClaimName: whole}
        """
      Then the Pod "p" is scheduled to "node-1"
      When "kube-scheduler" forgets the ResourceClaim "share" behind its back
      And "kube-scheduler" forgets the ResourceClaim "whole" behind its back
      Then the reference's self-check reports:
        """
        kube-scheduler: resource claims: cached {}, stored objects give {('default', 'share'): '<resourceVersion of ResourceClaim "share">', ('default', 'whole'): '<resourceVersion of ResourceClaim "whole">'}
        kube-scheduler: devices per claim: cached {}, stored objects give {('default', 'whole'): [('nic.example.com', 'node-1', 'nic-1')]}
        kube-scheduler: claims with shared allocations: cached [], stored objects give [('default', 'share')]
        kube-scheduler: allocated devices: cached [], stored objects give [('nic.example.com', 'node-1', 'nic-1')]
        kube-scheduler: shared device allocations: cached [], stored objects give [(('nic.example.com', 'node-1', 'nic-0'), ' ... ')]
        kube-scheduler: consumed capacity: cached {}, stored objects give {('nic.example.com', 'node-1', 'nic-0'): {'bandwidth': Quantity('1Gi')}}
        """
      When the scheduler restarts
      Then the reference's self-check reports nothing

    @req:platform-SELF-R01 @clause:platform-SELF-R01/scheduler @req:platform-SCHED-R03 @clause:platform-SCHED-R03/stale-allocation
    Scenario: A scheduler whose claim cache lags behind does not overwrite an allocation it did not see
      An informer that missed the claim's status writes: the scheduler's copy of "gpu" has no
      allocation, so it allocates a device for pod "second" again. PreBind's bindClaim writes
      to the claim as stored: its update conflicts, the claim read afresh has an allocation,
      and the cycle ends in "claim default/gpu got allocated elsewhere in the meantime"
      (dynamicresources.go bindClaim, 1.34-1.37); the stored allocation is left as it is. The
      self-check names the lag by what the cached copy takes (its resourceVersion is the
      stored one); a restart relists, and "second" shares the claim as allocated.
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
          - {name: gpu-0}
          - {name: gpu-1}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: first}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "first" is scheduled to "node-1"
      And the ResourceClaim "gpu" has "status.allocation.devices.results[0].device" equal to gpu-0
      When "kube-scheduler" forgets the allocation of the ResourceClaim "gpu" behind its back
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "second" stays pending with reason "SchedulerError" and a message starting with "running PreBind plugin "DynamicResources": claim default/gpu got allocated elsewhere in the meantime"
      And the ResourceClaim "gpu" has "status.allocation.devices.results[0].device" equal to gpu-0
      And the ResourceClaim "gpu" has "status.reservedFor[0].name" equal to first
      And the ResourceClaim "gpu" has no "status.reservedFor[1]"
      And the reference's self-check reports:
        """
        kube-scheduler: devices per claim: cached {}, stored objects give {('default', 'gpu'): [('gpu.example.com', 'node-1', 'gpu-0')]}
        kube-scheduler: allocated devices: cached [], stored objects give [('gpu.example.com', 'node-1', 'gpu-0')]
        """
      When the scheduler restarts
      Then the Pod "second" is scheduled to "node-1"
      And the ResourceClaim "gpu" has "status.allocation.devices.results[0].device" equal to gpu-0
      And the ResourceClaim "gpu" has "status.reservedFor[1].name" equal to second
      And the reference's self-check reports nothing

    @req:platform-SELF-R01 @clause:platform-SELF-R01/scheduler
    Scenario: The scheduler's allocator cache forgets a slice, and a memoised Filter result no longer matches
      The comparer holds the allocator cache's slices against the stored ones, and allocates
      once more for each memoised Filter result whose node's DRA generation is still current:
      node-2's result was memoised when "p" was scheduled to node-1 (its claim bumped node-1's
      pool only), and without node-2's slice the same claim no longer fits there.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a node "node-2" with cpu "4", memory "16Gi"
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
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-2-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-2
          pool: {name: node-2, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
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
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "p" is scheduled to "node-1"
      And the reference's self-check reports nothing
      When "kube-scheduler" forgets the ResourceSlice "node-2-gpus" behind its back
      Then the reference's self-check reports:
        """
        kube-scheduler: allocator cache slices: cached ['node-1-gpus'], stored objects give ['node-1-gpus', 'node-2-gpus']
        kube-scheduler: Filter result memoised for node node-2 (its DRA generation is current): cached [{'devices': {'results': [{'request': 'gpu', 'driver': 'gpu.example.com', 'pool': 'node-2', 'device': 'gpu-0'}]}, 'nodeSelector': {'nodeSelectorTerms': [{'matchFields': [{'key': 'metadata.name', 'operator': 'In', 'values': ['node-2']}]}]}}], stored objects give []
        """
      When the scheduler restarts
      Then the reference's self-check reports nothing

    @req:platform-SELF-R01 @clause:platform-SELF-R01/scheduler
    Scenario: The scheduler forgets a DeviceClass and everything it knows of a slice
      The scheduler's DRA informer caches hold the DeviceClasses and the ResourceSlices, and
      indexes built from the slices: which nodes each pool spans, the node-local slices per
      node, the slices without a node, and the slices offered to each node; its allocator
      cache holds the slices too. Each is compared with what the stored objects give.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: fpga.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "fpga.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: n1-fpgas}
        spec:
          driver: fpga.example.com
          nodeName: n1
          pool: {name: n1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: fpga-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: shared-fpgas}
        spec:
          driver: fpga.example.com
          allNodes: true
          pool: {name: shared, generation: 1, resourceSliceCount: 1}
          devices:
          - name: fpga-9
        """
      When "kube-scheduler" forgets the DeviceClass "fpga.example.com" behind its back
      And "kube-scheduler" forgets everything it knows of the ResourceSlice "n1-fpgas" behind its back
      And "kube-scheduler" forgets everything it knows of the ResourceSlice "shared-fpgas" behind its back
      Then the reference's self-check reports:
        """
        kube-scheduler: device classes: cached {}, stored objects give {'fpga.example.com': '<resourceVersion of DeviceClass "fpga.example.com">'}
        kube-scheduler: resource slices: cached {}, stored objects give {'n1-fpgas': '<resourceVersion of ResourceSlice "n1-fpgas">', 'shared-fpgas': '<resourceVersion of ResourceSlice "shared-fpgas">'}
        kube-scheduler: allocator cache slices: cached [], stored objects give ['n1-fpgas', 'shared-fpgas']
        kube-scheduler: nodes each pool spans: cached {}, stored objects give {('fpga.example.com', 'n1'): {'n1': 1}, ('fpga.example.com', 'shared'): {None: 1}}
        kube-scheduler: node-local slices: cached {}, stored objects give {'n1': {'n1-fpgas'}}
        kube-scheduler: slices without a node: cached [], stored objects give ['shared-fpgas']
        kube-scheduler: slices the scheduler offers node n1: cached [], stored objects give ['n1-fpgas', 'shared-fpgas']
        """
      When the scheduler restarts
      Then the reference's self-check reports nothing

    # since 1.36: the scheduler's Filter reads the slices a node is offered for KEP-5517's node-allocatable resources, a gate 1.36 introduced
    @req:platform-SELF-R01 @clause:platform-SELF-R01/scheduler @gate:DRANodeAllocatableResources @since:1.36
    Scenario: The scheduler's memoised slice lists lose a cluster-wide slice, also for a node without slices of its own
      The scheduler memoises the list of slices it offers each node where its Filter found an
      allocation and looked for node-allocatable resources (KEP-5517: its node-local slices
      and those without a node; the claim fits on either node). Every memoised list is compared with what the stored
      objects give, that of a node none of whose slices names it (node-2, which has only the
      cluster-wide slice) included.
      Given the feature gate DRANodeAllocatableResources is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      And a node "node-2" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: fpga.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "fpga.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: n1-fpgas}
        spec:
          driver: fpga.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: fpga-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: shared-fpgas}
        spec:
          driver: fpga.example.com
          allNodes: true
          pool: {name: shared, generation: 1, resourceSliceCount: 1}
          devices:
          - name: fpga-9
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: one}
        spec:
          devices:
            requests:
            - {name: fpga, exactly: {deviceClassName: fpga.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: one}]}}
          resourceClaims:
          - {name: one, resourceClaimName: one}
        """
      Then the Pod "p" is scheduled
      And the reference's self-check reports nothing
      When "kube-scheduler" drops from its per-node slice lists the ResourceSlice "shared-fpgas" behind its back
      Then the reference's self-check reports:
        """
        kube-scheduler: slices the scheduler offers node node-1: cached ['n1-fpgas'], stored objects give ['n1-fpgas', 'shared-fpgas']
        kube-scheduler: slices the scheduler offers node node-2: cached [], stored objects give ['shared-fpgas']
        """
      When the scheduler restarts
      Then the reference's self-check reports nothing

    @req:platform-SELF-R01 @clause:platform-SELF-R01/scheduler
    Scenario: The scheduler forgets a pod it is to schedule, and drops another from its queue
      The scheduler keeps the pods it is to schedule (unbound, not being deleted, without
      scheduling gates, naming it) and holds each in one of its queues (active, backoff,
      unschedulable) or waiting in PreBind; its comparer holds both against the stored pods.
      Given the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: forgotten}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: dropped}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      When "kube-scheduler" forgets it is to schedule the Pod "forgotten" behind its back
      And "kube-scheduler" drops from its queue the Pod "dropped" behind its back
      Then the reference's self-check reports:
        """
        kube-scheduler: pods to schedule: cached {('default', 'dropped'): '<resourceVersion of Pod "dropped">'}, stored objects give {('default', 'dropped'): '<resourceVersion of Pod "dropped">', ('default', 'forgotten'): '<resourceVersion of Pod "forgotten">'}
        kube-scheduler: pods to schedule that no queue holds: cached [('default', 'dropped')], stored objects give []
        """
      When the scheduler restarts
      Then the reference's self-check reports nothing

    @req:platform-SELF-R01 @clause:platform-SELF-R01/scheduler @version:1.37 @gate:GenericWorkload
    Scenario: The scheduler's PodGroup cache forgets a PodGroup
      The scheduler keeps the PodGroups its informer gave it (KEP-5729: a PodGroup's claims
      are reserved for it); the comparer holds them against the stored ones, by namespace
      and name with their resourceVersion. A restart of the scheduler lists them again.
      Given the feature gate GenericWorkload is enabled
      And the objects:
        """
        apiVersion: scheduling.k8s.io/v1beta1
        kind: PodGroup
        metadata: {name: pg}
        spec:
          schedulingPolicy: {basic: {}}
        """
      When "kube-scheduler" forgets the PodGroup "pg" behind its back
      Then the reference's self-check reports:
        """
        kube-scheduler: pod groups: cached {}, stored objects give {('default', 'pg'): '<resourceVersion of PodGroup "pg">'}
        """
      When the scheduler restarts
      Then the reference's self-check reports nothing

    @req:platform-SELF-R01 @clause:platform-SELF-R01/resourceclaim-controller
    Scenario: The resource claim controller's index forgets a claim a pod controls
      The controller finds a pod's claims by their controlling owner (upstream's claim indexer,
      claimPodOwnerIndex); its comparer holds that index, both ways, against the stored
      claims. A restart of the controller manager relists them.
      Given the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: owner}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      When I create the ResourceClaim "owned" controlled by Pod "owner":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And "resourceclaim-controller" forgets the ResourceClaim "owned" behind its back
      Then the reference's self-check reports:
        """
        resourceclaim-controller: claims' controlling owners: cached {}, stored objects give {('default', 'owned'): '<uid of Pod "owner">'}
        resourceclaim-controller: claims by controlling owner: cached {}, stored objects give {'<uid of Pod "owner">': {('default', 'owned')}}
        """
      When the controller manager restarts
      Then the reference's self-check reports nothing

    @req:platform-SELF-R01 @clause:platform-SELF-R01/garbage-collector @clause:platform-SELF-R01/pending-events
    Scenario: The garbage collector's graph forgets the dependents of an owner, and is compared only once it has taken in every event
      A controller's comparer holds off while watch events of its kinds wait for it (its
      indexes lag on purpose then): the deletion of another pod, not yet taken in, hides the
      drift until the cluster settles.
      Given the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: owner}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: bystander}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      When I create the ResourceClaim "dep" controlled by Pod "owner":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And "garbage-collector" forgets the dependents of the Pod "owner" behind its back
      Then the reference's self-check reports:
        """
        garbage-collector: dependents by owner uid: cached {}, stored objects give {'<uid of Pod "owner">': {('ResourceClaim', 'default', 'dep')}}
        """
      When I delete the Pod "bystander" without waiting
      Then the reference's self-check, with events still to take in, reports nothing
      When the cluster settles
      Then the reference's self-check reports:
        """
        garbage-collector: dependents by owner uid: cached {}, stored objects give {'<uid of Pod "owner">': {('ResourceClaim', 'default', 'dep')}}
        """
      When the controller manager restarts
      Then the reference's self-check reports nothing

    @req:platform-SELF-R01 @clause:platform-SELF-R01/namespace-controller
    Scenario: The namespace controller keeps polling a namespace that is not terminating
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: team}
        """
      When "namespace-controller" keeps polling the Namespace "team" behind its back
      Then the reference's self-check reports:
        """
        namespace-controller: namespaces polled for their content: cached ['team'], stored objects give []
        """
      When the controller manager restarts
      Then the reference's self-check reports nothing

    @req:platform-SELF-R01 @clause:platform-SELF-R01/kubelet
    Scenario: A kubelet's pod cache forgets a pod it runs
      Given a node "n1"
      And the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          nodeName: n1
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      When "kubelet/n1" forgets the Pod "p" behind its back
      Then the reference's self-check reports:
        """
        kubelet: pods of node n1: cached {}, stored objects give {'<uid of Pod "p">': '<resourceVersion of Pod "p">'}
        kubelet: pods node n1 admitted, started or holds at admission that it no longer has: cached ['<uid of Pod "p">'], stored objects give []
        kubelet: pods node n1 caches a status or synced generation of that it no longer has: cached ['<uid of Pod "p">'], stored objects give []
        """
      When the kubelet on node "n1" restarts
      Then the reference's self-check reports nothing

    @req:platform-SELF-R01 @clause:platform-SELF-R01/kubelet
    Scenario: A kubelet forgets its own Node
      The kubelet keeps the Node object it runs on (its informer's copy, what it reads the
      node's labels and allocatable from); the comparer holds its resourceVersion against the
      stored Node's.
      Given a node "n1"
      When "kubelet/n1" forgets the Node "n1" behind its back
      Then the reference's self-check reports:
        """
        kubelet: node n1: cached None, stored objects give '<resourceVersion of Node "n1">'
        """
      When the kubelet on node "n1" restarts
      Then the reference's self-check reports nothing

    @req:platform-SELF-R01 @clause:platform-SELF-R01/kubelet
    Scenario: A pod a finalizer keeps after the kubelet terminated it is no drift
      The kubelet ends a deleted pod's containers and leaves it; a finalizer keeps the object
      stored. The comparer leaves pods being deleted out on both sides (the kubelet's cache and
      the stored pods), so such a pod is no difference while it waits for its finalizer, and
      none once the finalizer goes.
      Given a node "n1"
      And the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p, finalizers: [example.com/keep]}
        spec:
          nodeName: n1
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "p" has "status.phase" equal to Running
      When I delete the Pod "p" without waiting
      And 1 second passes
      Then the Pod "p" has "metadata.finalizers" equal to ["example.com/keep"]
      And the reference's self-check reports nothing
      When I patch the Pod "p" with:
        """
        metadata: {finalizers: null}
        """
      Then the Pod "p" does not exist
      And the reference's self-check reports nothing

    @req:platform-SELF-R01 @clause:platform-SELF-R01/kubelet
    Scenario: A terminated pod whose delete the kubelet retries is no drift
      The kubelet's delete of a terminated pod is refused (an admission policy), so the pod
      stays in its cache, being deleted, until the next batch deletes it. The comparer leaves
      pods being deleted out on both sides, so the kubelet's copy is no difference.
      Given a node "n1"
      And the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: terminating-pods-stay}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [DELETE], resources: [pods]}
          validations:
          - expression: "!has(oldObject.metadata.deletionTimestamp)"
            message: terminating pods stay
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: terminating-pods-stay}
        spec:
          policyName: terminating-pods-stay
          validationActions: [Deny]
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          nodeName: n1
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "p" has "status.phase" equal to Running
      When I delete the Pod "p" without waiting
      And 1 second passes
      Then the Pod "p" has a "metadata.deletionTimestamp"
      And the reference's self-check reports nothing
      When I delete the ValidatingAdmissionPolicyBinding "terminating-pods-stay"
      And 10 seconds pass
      Then the Pod "p" does not exist
      And the reference's self-check reports nothing

    @req:platform-SELF-R01 @clause:platform-SELF-R01/kubelet-checkpoint
    Scenario: A kubelet's DRA claim cache forgets a prepared claim its checkpoint still holds
      The DRA manager writes its claim cache to its checkpoint on every change (upstream
      pkg/kubelet/cm/dra/state), so the kubelet's comparer also holds the cache against the
      checkpoint file. The claim drops out of the cache behind the manager's back; the file
      still has it (the line shows the first 300 characters of each side). A restart reads
      the checkpoint back into the cache.
      Given a node "n1"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      Then the Pod "trainer" has "status.phase" equal to Running
      When "kubelet/n1" forgets the ResourceClaim "gpu-claim" behind its back
      Then the reference's self-check reports:
        """
        kubelet: DRA claim cache of node n1 against its checkpoint: cached [], stored objects give [{'claimName': 'gpu-claim', 'claimUID': '<uid of ResourceClaim "gpu-claim">', 'driverState': [{'devices': [{'cdiDeviceIDs': ['gpu.example.com/gpu=gpu-0'], 'deviceName': 'gpu-0', 'poolName': 'n1', 'requestNames': ['gpu']}], 'driverName': 'gpu.example.com'}], 'namespace': 'default', 'podUIDs': ['...
        """
      When the kubelet on node "n1" restarts
      Then the reference's self-check reports nothing

    @req:platform-SELF-R01 @clause:platform-SELF-R01/kubelet-checkpoint
    Scenario: A kubelet's device manager forgets the devices of a pod its checkpoint still holds
      The device manager writes its assignments to its own checkpoint on every change (upstream
      kubelet_internal_checkpoint, podDeviceEntries), and the kubelet's comparer holds them
      against that file as it does the DRA claim cache. The pod's plugin devices drop out of
      the assignments behind the manager's back; the file still has them. A restart reads the
      checkpoint back.
      Given a node "n1" with cpu "8", memory "32Gi", example.com/nic "2"
      And the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: nic-user}
        spec:
          nodeName: n1
          containers:
          - name: main
            image: registry.k8s.io/pause:3.10
            resources: {limits: {example.com/nic: "1"}}
        """
      Then the Pod "nic-user" has "status.phase" equal to Running
      When "kubelet/n1" forgets the device plugin devices of the Pod "nic-user" behind its back
      Then the reference's self-check reports:
        """
        kubelet: device plugin assignments of node n1 against its checkpoint: cached [], stored objects give [{'containerName': 'main', 'deviceIDs': ['nic-0'], 'podUID': '<uid of Pod "nic-user">', 'resourceName': 'example.com/nic'}]
        """
      When the kubelet on node "n1" restarts
      Then the reference's self-check reports nothing

  Rule: A component never dies on stored data, and its failure record names the object
    An object the API server would refuse today can still be stored (written by an older
    release, a bug, a direct etcd write). A component meeting one keeps working on the others,
    posts a Warning event on it with its reason, lists the failure in its record
    ("<component>: <Kind> <namespace/name>: <reason>: <cause> (attempt <n>)") and retries it
    with backoff; once the object is fixed (or gone) the record is cleared. Such a failure is
    also one of the reference's internal errors, which fail a scenario unless it checks each
    one ("each caused on purpose"). While a controller has an open failure, its cache
    comparer holds off (its indexes may lag on purpose).

    @req:platform-SELF-R02 @req:platform-SELF-R01 @clause:platform-SELF-R02/controllers @clause:platform-SELF-R01/open-failures
    Scenario: A claim with unreadable ownerReferences is reported by each component that reads it, and the garbage collector goes on
      The claim's one owner reference is the number 5 (ownerReferences is a list of
      OwnerReference objects): the ResourceClaim controller, the garbage collector and the
      scheduler each fail on it alone, and each retries it after its backoff (1 s, then 2 s:
      attempt 2 once 2 seconds have passed). The garbage collector still collects another claim
      whose owner goes; while its failure is open its comparer holds off, so a drift of its
      graph shows only once the bad claim is gone.
      Given the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: owner}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: other-owner}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      When I create the ResourceClaim "dep" controlled by Pod "owner":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And I create the ResourceClaim "other-dep" controlled by Pod "other-owner":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And an object is stored past validation:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: weird, ownerReferences: [5]}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then there is a Warning event "FailedSync" from "garbage-collector" for ResourceClaim "weird" starting with "AttributeError: 'int' object has no attribute 'get' (at drakit/controllers/garbagecollector.py:"
      And there is a Warning event "FailedSync" from "resource_claim" for ResourceClaim "weird" starting with "AttributeError: 'int' object has no attribute 'get' (at drakit/controllers/resourceclaim.py:"
      And there is a Warning event "FailedSync" from "default-scheduler" for ResourceClaim "weird" starting with "AttributeError: 'int' object has no attribute 'get' (at drakit/scheduler/cache.py:"
      And the reference lists these component errors:
        """
        resourceclaim-controller: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        garbage-collector: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        default-scheduler: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        """
      When 2 seconds pass
      Then the reference lists these component errors:
        """
        resourceclaim-controller: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 2)
        garbage-collector: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 2)
        default-scheduler: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 2)
        """
      When I delete the Pod "other-owner"
      Then the ResourceClaim "other-dep" does not exist
      When "garbage-collector" forgets the dependents of the Pod "owner" behind its back
      Then the reference's self-check reports nothing
      When I delete the ResourceClaim "weird"
      Then the reference lists no component errors
      And the reference's components hit these internal errors, each caused on purpose:
        """
        resourceclaim-controller: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        garbage-collector: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        default-scheduler: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        resourceclaim-controller: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 2)
        garbage-collector: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 2)
        default-scheduler: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 2)
        """
      And the reference's self-check reports:
        """
        garbage-collector: dependents by owner uid: cached {}, stored objects give {'<uid of Pod "owner">': {('ResourceClaim', 'default', 'dep')}}
        """
      When the controller manager restarts
      Then the reference's self-check reports nothing

    @req:platform-SELF-R02 @clause:platform-SELF-R02/scheduler
    Scenario: A claim whose spec is unreadable fails only its own pod's scheduling, until it is replaced
      The claim's devices is the number 1.5: the scheduling attempt of the pod using it raises,
      which is a scheduler error for that pod (PodScheduled False, reason SchedulerError, a
      FailedScheduling event) and a record; another pod schedules. Once the claim is replaced
      the pod's next attempt after its backoff runs cleanly and the record is cleared.
      Given a node "n1"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu}
        spec:
          selectors: [{cel: {expression: 'device.driver == "gpu.example.com"'}}]
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: n1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: n1
          pool: {name: n1, generation: 1, resourceSliceCount: 1}
          devices: [{name: gpu-0}, {name: gpu-1}]
        """
      When an object is stored past validation:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: bad}
        spec: {devices: 1.5}
        """
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: victim}
        spec:
          resourceClaims: [{name: g, resourceClaimName: bad}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: g}]}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: good}
        spec:
          devices:
            requests:
            - {name: g, exactly: {deviceClassName: gpu}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: fine}
        spec:
          resourceClaims: [{name: g, resourceClaimName: good}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: g}]}}
        """
      Then the Pod "fine" is scheduled to "n1"
      And there is a Warning event "FailedScheduling" from "default-scheduler" for Pod "victim" starting with "internal error while scheduling: AttributeError: 'float' object has no attribute 'get' (at drakit/scheduler/"
      And the only Warning event for Pod "victim" is "FailedScheduling", recorded once
      And the reference lists these component errors:
        """
        default-scheduler: Pod default/victim: FailedScheduling: internal error while scheduling: AttributeError: 'float' object has no attribute 'get' (attempt 1)
        """
      When I delete the ResourceClaim "bad"
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: bad}
        spec:
          devices:
            requests:
            - {name: g, exactly: {deviceClassName: gpu}}
        """
      And 10 seconds pass
      Then the Pod "victim" is scheduled to "n1"
      And the reference lists no component errors
      And the reference's components hit these internal errors, each caused on purpose:
        """
        default-scheduler: Pod default/victim: FailedScheduling: internal error while scheduling: AttributeError: 'float' object has no attribute 'get' (attempt 1)
        """

    @req:platform-SELF-R02 @clause:platform-SELF-R02/controllers
    Scenario: A Deployment whose replicas are not a number fails its own sync, until it is fixed
      The deployment controller cannot read the Deployment (replicas "three", stored past
      validation): a failure record of that controller naming the Deployment, retried with
      its backoff; stored fixed, the Deployment gets its ReplicaSet and the record goes.
      When an object is stored past validation:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: three
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers:
              - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the reference lists these component errors:
        """
        deployment-controller: Deployment default/web: FailedSync: ValueError: invalid literal for int() with base 10: 'three' (attempt 1)
        """
      When an object is stored past validation:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers:
              - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the reference lists no component errors
      And there is 1 ReplicaSet object labelled "app=web"
      And the reference's components hit these internal errors, each caused on purpose:
        """
        deployment-controller: Deployment default/web: FailedSync: ValueError: invalid literal for int() with base 10: 'three' (attempt 1)
        """

    @req:platform-SELF-R02 @clause:platform-SELF-R02/kubelet
    Scenario: A pod bound to a node with unreadable containers fails its own sync on the kubelet, until it is fixed
      The pod's containers is the number 5: the kubelet's sync of that pod raises (a TypeError
      whose wording depends on where the release's code first reads the containers), a
      FailedSync Warning on the pod from the kubelet and a record of that node's kubelet;
      another pod on the node runs. The scheduler, which counts the requests of every pod bound
      to a node, fails on it as well. Each retries once its backoff has passed (the kubelet's
      is 10 s: attempt 2 after 10 seconds). Stored fixed, the pod syncs at once and both records go.
      Given a node "n1"
      When an object is stored past validation:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: bad}
        spec: {nodeName: n1, containers: 5}
        """
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: fine}
        spec:
          nodeName: n1
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "fine" has "status.phase" equal to Running
      And there is a Warning event "FailedSync" from "kubelet" for Pod "bad" starting with "Error syncing pod, skipping: TypeError: "
      And the reference lists these component errors:
        """
        default-scheduler: Pod default/bad: FailedScheduling: TypeError: 'int' object is not iterable (attempt 1)
        kubelet/n1: Pod default/bad: FailedSync: Error syncing pod, skipping: TypeError: ... (attempt 1)
        """
      When 10 seconds pass
      Then the reference lists these component errors:
        """
        default-scheduler: Pod default/bad: FailedScheduling: TypeError: 'int' object is not iterable (attempt 2)
        kubelet/n1: Pod default/bad: FailedSync: Error syncing pod, skipping: TypeError: ... (attempt 2)
        """
      When an object is stored past validation:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: bad}
        spec:
          nodeName: n1
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "bad" has "status.phase" equal to Running
      And the reference lists no component errors
      And the reference's components hit these internal errors, each caused on purpose:
        """
        default-scheduler: Pod default/bad: FailedScheduling: TypeError: 'int' object is not iterable (attempt 1)
        kubelet/n1: Pod default/bad: FailedSync: Error syncing pod, skipping: TypeError: ... (attempt 1)
        default-scheduler: Pod default/bad: FailedScheduling: TypeError: 'int' object is not iterable (attempt 2)
        kubelet/n1: Pod default/bad: FailedSync: Error syncing pod, skipping: TypeError: ... (attempt 2)
        """

    @req:platform-SELF-R02 @clause:platform-SELF-R02/kubelet
    Scenario: A pod with unreadable containers that is deleted takes its failure records with it
      The pod's containers is the number 5, so the kubelet's sync of it and the scheduler fail
      (as above). Force-deleted, the pod is gone: each component forgets its record at the
      DELETED event, without waiting for a retry to find the pod missing.
      Given a node "n1"
      When an object is stored past validation:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: bad}
        spec: {nodeName: n1, containers: 5}
        """
      Then the reference lists these component errors:
        """
        default-scheduler: Pod default/bad: FailedScheduling: TypeError: 'int' object is not iterable (attempt 1)
        kubelet/n1: Pod default/bad: FailedSync: Error syncing pod, skipping: TypeError: ... (attempt 1)
        """
      When I force-delete the Pod "bad"
      Then the reference lists no component errors
      And the reference's components hit these internal errors, each caused on purpose:
        """
        default-scheduler: Pod default/bad: FailedScheduling: TypeError: 'int' object is not iterable (attempt 1)
        kubelet/n1: Pod default/bad: FailedSync: Error syncing pod, skipping: TypeError: ... (attempt 1)
        """

    @req:platform-SELF-R02 @clause:platform-SELF-R02/kubelet
    Scenario: A restarted kubelet that cannot take back a running pod records it and starts all the same
      A pod the kubelet ran is stored again past validation with resourceClaims that is the
      number 5. When the kubelet restarts it lists its pods and takes the running ones back
      with their prepared claims (the checkpoint); reading this pod's claims raises, which is
      that pod's FailedSync record ("Error syncing pod, skipping"), and the kubelet starts and
      runs the node's next pod (the claim controller fails on the same field). Stored fixed,
      the pod syncs and both records go.
      Given a node "n1"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: bad}
        spec:
          nodeName: n1
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "bad" has "status.phase" equal to Running
      When an object is stored past validation:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: bad}
        spec:
          nodeName: n1
          resourceClaims: 5
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        status: {phase: Running}
        """
      And the kubelet on node "n1" restarts
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: fine}
        spec:
          nodeName: n1
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "fine" has "status.phase" equal to Running
      And the reference lists these component errors:
        """
        resourceclaim-controller: Pod default/bad: FailedResourceClaimCreation: TypeError: 'int' object is not iterable (attempt 1)
        kubelet/n1: Pod default/bad: FailedSync: Error syncing pod, skipping: TypeError: 'int' object is not iterable (attempt 1)
        """
      When an object is stored past validation:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: bad}
        spec:
          nodeName: n1
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        status: {phase: Running}
        """
      Then the reference lists no component errors
      And the reference's components hit these internal errors, each caused on purpose:
        """
        resourceclaim-controller: Pod default/bad: FailedResourceClaimCreation: TypeError: 'int' object is not iterable (attempt 1)
        kubelet/n1: Pod default/bad: FailedSync: Error syncing pod, skipping: TypeError: 'int' object is not iterable (attempt 1)
        """

    @req:platform-SELF-R02 @clause:platform-SELF-R02/controllers
    Scenario: A claim template stored with a spec that is no object is, for the claim controller, not there
      kube-controller-manager's template informer decodes every ResourceClaimTemplate into its
      Go type; one stored past validation with a spec that is a string never decodes, so the
      template lister does not have it and handleClaim answers as for a missing template:
      'resource claim template "<t>": resourceclaimtemplate.resource.k8s.io "<t>" not found',
      a FailedResourceClaimCreation Warning on the pod and a retry. No component records an
      internal error.
      Given a cluster
      When an object is stored past validation:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: broken}
        spec: "not an object"
        """
      And I create:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: worker}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: broken}
        """
      Then there is a Warning event "FailedResourceClaimCreation" from "resource_claim" for Pod "worker" with the message "PodResourceClaim gpu: resource claim template "broken": resourceclaimtemplate.resource.k8s.io "broken" not found"
      And there are 0 ResourceClaim objects
      And the reference lists these component errors:
        """
        resourceclaim-controller: Pod default/worker: FailedResourceClaimCreation: PodResourceClaim gpu: resource claim template "broken": resourceclaimtemplate.resource.k8s.io "broken" not found (attempt ... )
        """

    @req:platform-SELF-R02 @clause:platform-SELF-R02/controllers
    Scenario: A claim template stored with fields its type does not have is, for the claim controller, the template without them
      A Go informer decodes JSON into its type and drops the fields the type does not have
      (no strict decoding on a watch), so a template stored past validation with such fields
      is listed, and the claim is made from what the type holds. No component records an
      internal error.
      When an object is stored past validation:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: extra}
        spec:
          colour: blue
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com, fancy: true}}
        """
      And I create:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: worker}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: extra}
        """
      Then the Pod "worker" has "status.resourceClaimStatuses[0].name" equal to gpu
      And there is 1 ResourceClaim object
      And the reference lists no component errors

    @req:platform-SELF-R02 @clause:platform-SELF-R02/kubelet
    Scenario: A pod bound to a node with a claim entry naming no claim fails its claims' prepare, not the kubelet
      A pod claim with neither resourceClaimName nor resourceClaimTemplateName (the API server
      refuses it: "must specify one of") reaches the kubelet only stored past validation.
      resourceclaim.Name answers ErrAPIUnsupported, which is no "claim not created yet": the
      kubelet does not wait for it but admits the pod, and PrepareResources returns the error
      unwrapped: a FailedPrepareDynamicResources Warning names the pod and the entry, the pod
      stays Pending, and no component records an internal error. The ResourceClaim
      controller's handleClaim reads every entry with resourceclaim.Name too, so each sync of
      the pod (its creation, then the kubelet's status write) fails with
      FailedResourceClaimCreation "checking for claim before creating it".
      Given a node "n1"
      When an object is stored past validation:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: bad}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then there is a Warning event "FailedPrepareDynamicResources" from "kubelet" for Pod "bad" with the message "Failed to prepare dynamic resources: prepare dynamic resources: pod "default/bad", spec.resourceClaim "gpu": resource claim reference not supported"
      And the Pod "bad" has "status.phase" equal to Pending
      And there is a Warning event "FailedResourceClaimCreation" from "resource_claim" for Pod "bad" with the message "PodResourceClaim gpu: checking for claim before creating it: pod "default/bad", spec.resourceClaim "gpu": resource claim reference not supported"
      And the reference lists these component errors:
        """
        resourceclaim-controller: Pod default/bad: FailedResourceClaimCreation: PodResourceClaim gpu: checking for claim before creating it: pod "default/bad", spec.resourceClaim "gpu": resource claim reference not supported (attempt 2)
        """

    @req:platform-SELF-R02 @clause:platform-SELF-R02/scheduler
    Scenario: A pod whose stored claim statuses are unreadable is held back by PreEnqueue alone, until it is fixed
      The pod's status.resourceClaimStatuses is a string: the DRA plugin's PreEnqueue, which
      looks up the claim generated from the pod's template there, raises. Upstream gates a pod
      whose PreEnqueue returns an Error status (runPreEnqueuePlugins logs it and writes no
      status), so the pod stays pending without a condition; the scheduler records the failure
      and goes on with the other pods (it used to fail its whole sync on it). The claim
      controller, which reads the same statuses, fails on the pod too, and again after a
      restart (its start-up resync meets the pod first: a new record, a new internal error).
      Stored fixed, the claim is generated, the pod schedules and both records go.
      Given a node "n1"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: n1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: n1
          pool: {name: n1, generation: 1, resourceSliceCount: 1}
          devices:
          - {name: gpu-0}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: gpu}
        spec:
          spec:
            devices:
              requests:
              - {name: g, exactly: {deviceClassName: gpu}}
        """
      When an object is stored past validation:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: bad}
        spec:
          resourceClaims: [{name: g, resourceClaimTemplateName: gpu}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: g}]}}
        status: {resourceClaimStatuses: x}
        """
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: fine}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "fine" is scheduled to "n1"
      And the Pod "bad" has no "status.conditions"
      And the reference lists these component errors:
        """
        default-scheduler: Pod default/bad: FailedScheduling: PreEnqueue: AttributeError: 'str' object has no attribute 'get' (attempt 1)
        resourceclaim-controller: Pod default/bad: FailedResourceClaimCreation: AttributeError: 'str' object has no attribute 'get' (attempt 1)
        """
      When the controller manager restarts
      Then the reference lists these component errors:
        """
        default-scheduler: Pod default/bad: FailedScheduling: PreEnqueue: AttributeError: 'str' object has no attribute 'get' (attempt 1)
        resourceclaim-controller: Pod default/bad: FailedResourceClaimCreation: AttributeError: 'str' object has no attribute 'get' (attempt 1)
        """
      When an object is stored past validation:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: bad}
        spec:
          resourceClaims: [{name: g, resourceClaimTemplateName: gpu}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: g}]}}
        """
      And 10 seconds pass
      Then the Pod "bad" is scheduled to "n1"
      And the reference lists no component errors
      And the reference's components hit these internal errors, each caused on purpose:
        """
        default-scheduler: Pod default/bad: FailedScheduling: PreEnqueue: AttributeError: 'str' object has no attribute 'get' (attempt 1)
        resourceclaim-controller: Pod default/bad: FailedResourceClaimCreation: AttributeError: 'str' object has no attribute 'get' (attempt 1)
        resourceclaim-controller: Pod default/bad: FailedResourceClaimCreation: AttributeError: 'str' object has no attribute 'get' (attempt 1)
        """

    @req:platform-SELF-R02 @clause:platform-SELF-R02/scheduler
    Scenario: A pod whose stored conditions are unreadable fails only the scheduler's record of its failure
      The pod's one condition is the number 5 and its node selector fits no node: the scheduler's attempt
      ends Unschedulable, and writing that verdict (PodScheduled False, the FailedScheduling
      event) raises while it looks for the pod's PodScheduled condition. That is the pod's
      failure record, under the scheduler's event reason, and no status is written; another
      pod that fits nowhere gets its condition as usual. Stored fixed, the pod schedules once
      a node it fits comes, and the record goes.
      Given a node "n1"
      When an object is stored past validation:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: bad}
        spec:
          nodeSelector: {kubernetes.io/hostname: elsewhere}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        status: {conditions: [5]}
        """
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: fine}
        spec:
          nodeSelector: {kubernetes.io/hostname: elsewhere}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "fine" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector."
      And the Pod "bad" has "status.conditions" equal to [5]
      And the reference lists these component errors:
        """
        default-scheduler: Pod default/bad: FailedScheduling: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        """
      When an object is stored past validation:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: bad}
        spec:
          nodeSelector: {kubernetes.io/hostname: elsewhere}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Given a node "elsewhere"
      Then the Pod "bad" is scheduled to "elsewhere"
      And the Pod "fine" is scheduled to "elsewhere"
      And the reference lists no component errors
      And the reference's components hit these internal errors, each caused on purpose:
        """
        default-scheduler: Pod default/bad: FailedScheduling: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        """

    @req:platform-SELF-R02 @clause:platform-SELF-R02/refused-write
    Scenario: A pod whose claim the API server refuses to create is recorded with the controller's event reason until the create succeeds
      pkg/controller/resourceclaim controller.go syncPod returns the failed create of a
      template's claim as an error, after a Warning event FailedResourceClaimCreation on the
      pod; the work queue retries the pod with backoff (processNextWorkItem, AddRateLimited).
      The reference records that retry under the reason of the controller's own event, and
      the record is no internal error. An object-count quota of 0 makes the API server refuse
      the claim; raising it lets the retry create the claim and clears the record.
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: claims}
        spec:
          hard:
            count/resourceclaims.resource.k8s.io: "0"
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
        metadata: {name: p}
        spec:
          resourceClaims: [{name: g, resourceClaimTemplateName: gpu}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: g}]}}
        """
      Then there is a Warning event "FailedResourceClaimCreation" for Pod "p" containing "PodResourceClaim g: create ResourceClaim : "
      And the reference lists these component errors:
        """
        resourceclaim-controller: Pod default/p: FailedResourceClaimCreation: PodResourceClaim g: create ResourceClaim : ... exceeded quota: claims, ... (attempt 1)
        """
      When I patch the ResourceQuota "claims" with:
        """
        spec:
          hard:
            count/resourceclaims.resource.k8s.io: "1"
        """
      And 10 seconds pass
      Then the Pod "p" has a "status.resourceClaimStatuses[0].resourceClaimName"
      And the reference lists no component errors

    @req:platform-SELF-R02 @clause:platform-SELF-R02/refused-write
    Scenario: A Deployment whose status write the API server refuses is that Deployment's record until a retry writes it
      pkg/controller/deployment sync.go syncRolloutStatus returns the refused status update as
      the sync's error, without an event; the work queue retries the Deployment with backoff.
      The reference records the retry against the Deployment (FailedSync, drakit's reason for a
      controller without an event of its own); once the binding is gone a retry writes the
      status and the record goes.
      Given the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-status}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [apps], apiVersions: [v1], operations: [UPDATE], resources: [deployments/status]}
          validations:
          - expression: "false"
            message: statuses are written by hand here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-status}
        spec:
          policyName: no-status
          validationActions: [Deny]
        """
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "app=web"
      And the reference lists these component errors:
        """
        deployment-controller: Deployment default/web: FailedSync: update deployment status: ... statuses are written by hand here ... (attempt ... )
        """
      When I delete the ValidatingAdmissionPolicyBinding "no-status"
      And 10 seconds pass
      Then the Deployment "web" has "status.replicas" equal to 1
      And the reference lists no component errors

    @req:platform-SELF-R02 @clause:platform-SELF-R02/refused-write
    Scenario: A Deployment whose ReplicaSet create the API server refuses is that Deployment's record until a retry creates it
      pkg/controller/deployment sync.go getNewReplicaSet reports the refused create with a
      Warning event ReplicaSetCreateError on the Deployment and returns it as the sync's error;
      the work queue retries the Deployment with backoff. The reference records the retry
      against the Deployment with the event's message (no second event); once the binding
      that refuses ReplicaSets is gone a retry creates it and the record goes.
      Given the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-replicasets}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [replicasets]}
          validations:
          - expression: "false"
            message: ReplicaSets are made by hand here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-replicasets}
        spec:
          policyName: no-replicasets
          validationActions: [Deny]
        """
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is a Warning event "ReplicaSetCreateError" for Deployment "web" starting with "Failed to create new replica set "web-"
      And the reference lists these component errors:
        """
        deployment-controller: Deployment default/web: FailedSync: Failed to create new replica set ... is forbidden: ValidatingAdmissionPolicy ... denied request: ReplicaSets are made by hand here (attempt 1)
        """
      When I delete the ValidatingAdmissionPolicyBinding "no-replicasets"
      And 10 seconds pass
      Then there is 1 Pod object labelled "app=web"
      And the reference lists no component errors

    @req:platform-SELF-R02 @clause:platform-SELF-R02/refused-write
    Scenario: A pod's claim whose delete the garbage collector cannot make is that claim's record until a retry deletes it
      garbagecollector.go attemptToDeleteWorker logs a refused delete of a dependent whose
      owners are gone ("error syncing item") and requeues it with backoff, no event; the
      reference records the retry against the claim (FailedSync). Once the binding is gone a
      retry deletes the claim and the record goes.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: gpu-template}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: gpu-template}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: keep-pod-claims}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [DELETE], resources: [resourceclaims]}
          validations:
          - expression: "!has(oldObject.metadata.ownerReferences)"
            message: owned claims stay
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: keep-pod-claims}
        spec:
          policyName: keep-pod-claims
          validationActions: [Deny]
        """
      Then there is 1 ResourceClaim object
      When I delete the Pod "trainer"
      Then there is 1 ResourceClaim object
      And the reference lists these component errors:
        """
        garbage-collector: ResourceClaim default/trainer-gpu- ... : FailedSync: error syncing item ResourceClaim default/trainer-gpu- ... owned claims stay (attempt ... )
        """
      When I delete the ValidatingAdmissionPolicyBinding "keep-pod-claims"
      And 10 seconds pass
      Then there are 0 ResourceClaim objects
      And the reference lists no component errors

    @req:platform-SELF-R02 @clause:platform-SELF-R02/refused-write
    Scenario: A ResourceQuota whose status write the API server refuses is that quota's record until a retry writes it
      resource_quota_controller.go syncResourceQuota returns the refused status update and the
      work queue retries the quota with backoff, no event; the reference records the retry
      against the quota (FailedSync). Once the binding is gone a retry writes status.used and
      the record goes.
      Given the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-quota-status}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [UPDATE], resources: [resourcequotas/status]}
          validations:
          - expression: "false"
            message: quota statuses are written by hand here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-quota-status}
        spec:
          policyName: no-quota-status
          validationActions: [Deny]
        ---
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: pods}
        spec:
          hard: {pods: "5"}
        """
      Then the ResourceQuota "pods" has no "status.used"
      And the reference lists these component errors:
        """
        resourcequota-controller: ResourceQuota default/pods: FailedSync: ... quota statuses are written by hand here (attempt ... )
        """
      When I delete the ValidatingAdmissionPolicyBinding "no-quota-status"
      And 10 seconds pass
      Then the ResourceQuota "pods" has "status.used.pods" equal to "0"
      And the reference lists no component errors

    @req:platform-SELF-R02 @clause:platform-SELF-R02/refused-write
    Scenario: A Deployment whose ReplicaSet scale the API server refuses is that Deployment's record until a retry scales it
      deployment/sync.go scaleReplicaSet returns the refused update as syncDeployment's error
      and the work queue retries the Deployment with backoff, no event; the reference records
      the retry against the Deployment (FailedSync, "scale replica set <name>: <error>").
      Once the binding is gone a retry scales the ReplicaSet and the record goes.
      Given the objects:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "app=web"
      When I apply:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: fixed-size}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [apps], apiVersions: [v1], operations: [UPDATE], resources: [replicasets]}
          validations:
          - expression: "object.spec.replicas == oldObject.spec.replicas"
            message: ReplicaSets keep their size
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: fixed-size}
        spec:
          policyName: fixed-size
          validationActions: [Deny]
        """
      And I patch the Deployment "web" with:
        """
        spec: {replicas: 2}
        """
      Then the reference lists these component errors:
        """
        deployment-controller: Deployment default/web: FailedSync: scale replica set web- ... ReplicaSets keep their size (attempt ... )
        """
      When I delete the ValidatingAdmissionPolicyBinding "fixed-size"
      And 10 seconds pass
      Then there are 2 Pod objects labelled "app=web"
      And the reference lists no component errors

    @req:platform-SELF-R02 @clause:platform-SELF-R02/refused-write
    Scenario: A ReplicaSet whose status write the API server refuses is that ReplicaSet's record until a retry writes it
      replicaset/replica_set.go syncReplicaSet returns the refused status update
      (updateReplicaSetStatus) and the work queue retries the ReplicaSet with backoff, no
      event; the reference records the retry against it (FailedSync, "update replica set
      status: <error>"). Once the binding is gone a retry writes the status.
      Given the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-rs-status}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [apps], apiVersions: [v1], operations: [UPDATE], resources: [replicasets/status]}
          validations:
          - expression: "false"
            message: ReplicaSet statuses are written by hand here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-rs-status}
        spec:
          policyName: no-rs-status
          validationActions: [Deny]
        """
      When I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "app=web"
      And the reference lists these component errors:
        """
        replicaset-controller: ReplicaSet default/web: FailedSync: update replica set status: ... ReplicaSet statuses are written by hand here (attempt ... )
        """
      When I delete the ValidatingAdmissionPolicyBinding "no-rs-status"
      And 10 seconds pass
      Then the ReplicaSet "web" has "status.replicas" equal to 1
      And the reference lists no component errors

    @req:platform-SELF-R02 @clause:platform-SELF-R02/refused-write
    Scenario: A pod whose claim status the API server refuses is the claim controller's record of it until a retry writes it
      resourceclaim/controller.go syncPod returns "update pod <ns>/<name>
      ResourceClaimStatuses: <error>" when its status write is refused, and the pod is
      retried with backoff, no event; the reference records the retry against the pod under
      the controller's reason. Once the binding is gone a retry writes the status and the
      record goes.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: gpu-template}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-claim-statuses}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [UPDATE], resources: [pods/status]}
          validations:
          - expression: "!has(object.status.resourceClaimStatuses)"
            message: claim statuses are frozen
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-claim-statuses}
        spec:
          policyName: no-claim-statuses
          validationActions: [Deny]
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: gpu-template}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      Then there is 1 ResourceClaim object
      And the reference lists these component errors:
        """
        resourceclaim-controller: Pod default/trainer: FailedResourceClaimCreation: update pod default/trainer ResourceClaimStatuses: ... claim statuses are frozen (attempt ... )
        """
      When I delete the ValidatingAdmissionPolicyBinding "no-claim-statuses"
      And 10 seconds pass
      Then the Pod "trainer" has a "status.resourceClaimStatuses[0].resourceClaimName"
      And the reference lists no component errors

    # since 1.35: maybeDeletePod's error requeues the pod with the work queue's rate limiter (up to 1.34 the work is dropped after 5 tries)
    @req:platform-SELF-R02 @clause:platform-SELF-R02/refused-write @gate:DRADeviceTaints @since:1.35
    Scenario: A pod whose eviction delete the API server refuses is the device taint eviction controller's record until a retry deletes it
      device_taint_eviction.go maybeDeletePod returns the refused DELETE to the worker, which
      requeues the pod with backoff, no event; the reference records the retry against the
      pod (FailedSync). Once the binding is gone a retry deletes the pod and the record goes.
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: keep-pods}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [DELETE], resources: [pods]}
          validations:
          - expression: "false"
            message: pods stay
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: keep-pods}
        spec:
          policyName: keep-pods
          validationActions: [Deny]
        ---
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
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
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "trainer" is scheduled to "node-1"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
        """
      Then the Pod "trainer" has no "metadata.deletionTimestamp"
      And the reference lists these component errors:
        """
        device-taint-eviction-controller: Pod default/trainer: FailedSync: ... pods stay (attempt ... )
        """
      When I delete the ValidatingAdmissionPolicyBinding "keep-pods"
      And 20 seconds pass
      Then the Pod "trainer" does not exist
      And the reference lists no component errors

    @req:platform-SELF-R02 @clause:platform-SELF-R02/refused-write
    Scenario: A finished pod's claim whose delete the API server refuses is the claim controller's record until a retry deletes it
      resourceclaim/controller.go syncClaim deletes the unreserved claim generated for a pod
      that is done; a refused delete is returned and the claim retried with backoff, no
      event; the reference records the retry against the claim (FailedSync). Once the binding
      is gone a retry deletes the claim and the record goes.
      Given a node "node-1"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
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
        metadata: {name: job}
        spec:
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: gpu}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: keep-claims}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [DELETE], resources: [resourceclaims]}
          validations:
          - expression: "false"
            message: claims stay
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: keep-claims}
        spec:
          policyName: keep-claims
          validationActions: [Deny]
        """
      Then the Pod "job" is scheduled to "node-1"
      When the Pod "job" status has:
        """
        phase: Succeeded
        """
      Then there is 1 ResourceClaim object
      And the reference lists these component errors:
        """
        resourceclaim-controller: ResourceClaim default/job-gpu- ... : FailedSync: ... claims stay (attempt ... )
        """
      When I delete the ValidatingAdmissionPolicyBinding "keep-claims"
      And 30 seconds pass
      Then there are 0 ResourceClaim objects
      And the reference lists no component errors

    @req:platform-SELF-R02 @clause:platform-SELF-R02/refused-write @needs:logical-clock
    Scenario: A bound pod's claim whose reservation the API server refuses is the claim controller's record of the pod until a retry reserves it
      resourceclaim/controller.go syncPod reserves an allocated claim for a pod bound without
      the scheduler; a refused status update is returned as 'reserve claim <name> for pod:
      <error>' and the pod retried with backoff, no event; the reference records the retry
      against the pod. Once the binding is gone a retry reserves the claim and the record
      goes; the kubelet, which failed the pod's prepare meanwhile, starts it at its resync.
      Given a node "n1"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      When I set "status.allocation" of the ResourceClaim "gpu-claim" in a status write to {devices: {results: [{request: gpu, driver: gpu.example.com, pool: n1, device: gpu-0}]}}
      And I apply:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-reservations}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [UPDATE], resources: [resourceclaims/status]}
          validations:
          - expression: "!has(object.status.reservedFor)"
            message: claims are reserved by hand here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-reservations}
        spec:
          policyName: no-reservations
          validationActions: [Deny]
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      Then the ResourceClaim "gpu-claim" has no "status.reservedFor"
      And the reference lists these component errors:
        """
        resourceclaim-controller: Pod default/trainer: FailedResourceClaimCreation: reserve claim gpu-claim for pod: ... claims are reserved by hand here (attempt ... )
        """
      When I delete the ValidatingAdmissionPolicyBinding "no-reservations"
      And 10 seconds pass
      Then the ResourceClaim "gpu-claim" has "status.reservedFor[0].name" equal to trainer
      And the reference lists no component errors
      When 60 seconds pass
      Then the Pod "trainer" has "status.phase" equal to Running

    @req:platform-SELF-R02 @clause:platform-SELF-R02/refused-write
    Scenario: A claim whose release the API server refuses is the claim controller's record until a retry releases it
      resourceclaim/controller.go syncClaim returns the refused status update that drops a
      deleted pod's reservation, and the work queue retries the claim with backoff, without
      an event; the reference records the retry against the claim (FailedSync), one attempt
      per backoff (how many attempts depends on the events between, so the count is not
      pinned). Once the binding is gone a retry releases the claim and the record goes.
      Given a node "n1"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: keep-claims}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [UPDATE], resources: [resourceclaims/status]}
          validations:
          - expression: "!has(oldObject.status.reservedFor) || has(object.status.reservedFor)"
            message: claims are kept
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: keep-claims}
        spec:
          policyName: keep-claims
          validationActions: [Deny]
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      When I delete the Pod "trainer"
      Then the ResourceClaim "gpu-claim" has a "status.reservedFor"
      And the reference lists these component errors:
        """
        resourceclaim-controller: ResourceClaim default/gpu-claim: FailedSync: ... claims are kept (attempt ... )
        """
      When 2 seconds pass
      Then the reference lists these component errors:
        """
        resourceclaim-controller: ResourceClaim default/gpu-claim: FailedSync: ... claims are kept (attempt ... )
        """
      When I delete the ValidatingAdmissionPolicyBinding "keep-claims"
      And 10 seconds pass
      Then the ResourceClaim "gpu-claim" has no "status.reservedFor"
      And the reference lists no component errors

    @req:platform-SELF-R02 @clause:platform-SELF-R02/refused-write
    Scenario: A ReplicaSet whose adoption of an orphan pod the API server refuses is that ReplicaSet's record until a retry adopts it
      controller_ref_manager.go ClaimPods: the patch that adopts an orphan pod the selector
      matches is refused, which ends syncReplicaSet with that error (no pod is created for
      the missing replica); the work queue retries the ReplicaSet with backoff. The reference
      records the retry against the ReplicaSet (FailedSync); once the binding that refuses
      pod updates is gone a retry adopts the pod and the record goes.
      Given the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-pod-updates}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [UPDATE], resources: [pods]}
          validations:
          - expression: "false"
            message: pods are changed by hand here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-pod-updates}
        spec:
          policyName: no-pod-updates
          validationActions: [Deny]
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: orphan, labels: {app: web}}
        spec:
          containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      When I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "app=web"
      And the reference lists these component errors:
        """
        replicaset-controller: ReplicaSet default/web: FailedSync: adopt pod orphan: ... pods are changed by hand here (attempt 1)
        """
      When I delete the ValidatingAdmissionPolicyBinding "no-pod-updates"
      And 10 seconds pass
      Then the Pod "orphan" has "metadata.ownerReferences[0].name" equal to web
      And there is 1 Pod object labelled "app=web"
      And the reference lists no component errors

    @req:platform-SELF-R02 @clause:platform-SELF-R02/refused-write
    Scenario: A ReplicaSet whose pod create the API server refuses is that ReplicaSet's record until a retry creates the pod
      pkg/controller/replicaset/replica_set.go syncReplicaSet returns manageReplicas' error (the
      refused create, already reported by the FailedCreate event) and the work queue retries
      that ReplicaSet with backoff; the reference records the retry against the ReplicaSet
      (FailedSync, no second event). Once the quota has room a retry creates the pod and the
      record goes.
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: one-pod}
        spec:
          hard:
            pods: "1"
        """
      When I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: solo}
        spec:
          replicas: 2
          selector: {matchLabels: {app: solo}}
          template:
            metadata: {labels: {app: solo}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "app=solo"
      And the reference lists these component errors:
        """
        replicaset-controller: ReplicaSet default/solo: FailedSync: pods ... is forbidden: exceeded quota: one-pod, ... (attempt ... )
        """
      When I patch the ResourceQuota "one-pod" with:
        """
        spec:
          hard:
            pods: "2"
        """
      And 10 seconds pass
      Then there are 2 Pod objects labelled "app=solo"
      And the reference lists no component errors

    @req:platform-SELF-R02 @clause:platform-SELF-R02/controllers @version:1.37 @gate:GenericWorkload @gate:DRAWorkloadResourceClaims
    Scenario: A PodGroup whose claims are unreadable is the claim controller's failure, until it is fixed
      The PodGroup's one claim entry is the number 5 (KEP-5729: spec.resourceClaims is a list of
      PodGroupResourceClaim objects): the ResourceClaim controller's sync of the PodGroup raises,
      which is that PodGroup's failure record. Stored fixed, the claim is generated from the
      template and the record goes.
      Given the feature gate GenericWorkload is enabled
      And the feature gate DRAWorkloadResourceClaims is enabled
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: pg-claim-template}
        spec:
          spec:
            devices:
              requests:
              - {name: g, exactly: {deviceClassName: gpu.example.com}}
        """
      When an object is stored past validation:
        """
        apiVersion: scheduling.k8s.io/v1beta1
        kind: PodGroup
        metadata: {name: pg}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims: [5]
        """
      Then the reference lists these component errors:
        """
        resourceclaim-controller: PodGroup default/pg: FailedResourceClaimCreation: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        """
      When an object is stored past validation:
        """
        apiVersion: scheduling.k8s.io/v1beta1
        kind: PodGroup
        metadata: {name: pg}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then the PodGroup "pg" has "status.resourceClaimStatuses[0].name" equal to claim
      And the reference lists no component errors
      And the reference's components hit these internal errors, each caused on purpose:
        """
        resourceclaim-controller: PodGroup default/pg: FailedResourceClaimCreation: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        """

    @req:platform-SELF-R02 @clause:platform-SELF-R02/quota
    Scenario: The quota controller counts nothing for a claim it cannot read and skips a limit that does not parse
      The claim "bad" has the number 5 as its one request: its usage cannot be read, so the
      ResourceQuota controller records it and counts nothing for it, each time a quota of the
      namespace recounts (one attempt each: five by the end), while quota admission (inside
      the API server) ignores it silently. The claim "odd" asks for an allocation mode this
      release does not know (as after a downgrade): it counts as one claim and no device. The
      quota "loose" has a cpu limit "lots" that is no quantity: the API server refuses the
      controller's status write (a refused write, retried, no internal error) and admission
      cannot enforce it, so a pod with a cpu limit is admitted; its claim count limit, listed
      after it, still refuses a third claim.
      When an object is stored past validation:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: q}
        spec:
          hard:
            count/resourceclaims.resource.k8s.io: "5"
            gpu.example.com.deviceclass.resource.k8s.io/devices: "1"
            requests.cpu: "4"
        ---
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: loose}
        spec:
          hard:
            limits.cpu: lots
            count/resourceclaims.resource.k8s.io: "2"
        """
      And an object is stored past validation:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: bad}
        spec: {devices: {requests: [5]}}
        """
      And an object is stored past validation:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: odd}
        spec:
          devices:
            requests:
            - {name: g, exactly: {deviceClassName: gpu.example.com, allocationMode: Sometimes}}
        """
      Then the ResourceQuota "q" contains:
        """
        status:
          used:
            count/resourceclaims.resource.k8s.io: "1"
            gpu.example.com.deviceclass.resource.k8s.io/devices: "0"
            requests.cpu: "0"
        """
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: one}
        spec:
          devices:
            requests:
            - {name: g, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: "1"}, limits: {cpu: "1"}}}
        """
      Then the ResourceQuota "q" contains:
        """
        status:
          used:
            count/resourceclaims.resource.k8s.io: "2"
            gpu.example.com.deviceclass.resource.k8s.io/devices: "1"
            requests.cpu: "1"
        """
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: two}
        spec:
          devices:
            requests:
            - {name: g, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the request is rejected as Forbidden (403)
      And the error message contains "exceeded quota: loose, requested: count/resourceclaims.resource.k8s.io=1, used: count/resourceclaims.resource.k8s.io=2, limited: count/resourceclaims.resource.k8s.io=2"
      And the reference lists these component errors:
        """
        resourcequota-controller: ResourceClaim default/bad: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 5)
        resourcequota-controller: ResourceQuota default/loose: FailedSync: ResourceQuota in version "v1" cannot be handled as a ResourceQuota: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$' (attempt 1)
        """
      When I delete the ResourceClaim "bad"
      And I delete the ResourceQuota "loose"
      Then the reference lists no component errors
      And the reference's components hit these internal errors, each caused on purpose:
        """
        resourcequota-controller: ResourceClaim default/bad: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        resourcequota-controller: ResourceClaim default/bad: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 2)
        resourcequota-controller: ResourceClaim default/bad: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 3)
        resourcequota-controller: ResourceClaim default/bad: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 4)
        resourcequota-controller: ResourceClaim default/bad: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 5)
        """

    @req:platform-SELF-R02 @clause:platform-SELF-R02/taint-time @gate:DRADeviceTaints
    Scenario: The device taint eviction controller times a stored taint without a readable timeAdded from when it first saw it
      The API server sets a device taint's timeAdded on every write (SetDefaults_DeviceTaint)
      and decodes it typed, so a stored taint without one, or with one that is no time, comes
      only from past validation. The eviction controller then counts the toleration from when
      it first saw the taint on the device: each pod tolerating its taint for 30 seconds is
      evicted once 30 seconds have passed since it was scheduled, not before.
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When an object is stored past validation:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            attributes: {idx: {int: 0}}
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
          - name: gpu-1
            attributes: {idx: {int: 1}}
            taints:
            - {key: example.com/unhealthy, effect: NoExecute, timeAdded: yesterday}
        """
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: unset}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                selectors:
                - cel: {expression: 'device.attributes["gpu.example.com"].idx == 0'}
                tolerations:
                - {key: example.com/unhealthy, operator: Exists, effect: NoExecute, tolerationSeconds: 30}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: garbled}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                selectors:
                - cel: {expression: 'device.attributes["gpu.example.com"].idx == 1'}
                tolerations:
                - {key: example.com/unhealthy, operator: Exists, effect: NoExecute, tolerationSeconds: 30}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: on-unset}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: unset}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: on-garbled}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: garbled}
        """
      Then the Pod "on-unset" is scheduled to "node-1"
      And the Pod "on-garbled" is scheduled to "node-1"
      When 29 seconds pass
      Then the Pod "on-unset" has no "metadata.deletionTimestamp"
      And the Pod "on-garbled" has no "metadata.deletionTimestamp"
      When 1 seconds pass
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "on-unset" with the message "Marking for deletion"
      And there is a Normal event "DeviceTaintManagerEviction" for Pod "on-garbled" with the message "Marking for deletion"

    @req:platform-SELF-R02 @clause:platform-SELF-R02/controllers
    Scenario: The device taint eviction controller records a pod it cannot read against it and still evicts the others
      The pod "bad" is bound to node-1 with resourceClaims that is the number 5: when a
      NoExecute taint makes the controller look at every pod, it cannot read that pod's claims,
      records it against the pod (Pod default/bad) and goes on: the pod on the tainted device is
      evicted all the same. Force-deleted, the bad pod's records go: the kubelet's and this
      controller's at the deletion, the claim controller's once its retry finds the pod gone
      (its handler of the deletion reads the claims once more and fails a second time).
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices: [{name: gpu-0}]
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: worker}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "worker" is scheduled to "node-1"
      When an object is stored past validation:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: bad}
        spec:
          nodeName: node-1
          resourceClaims: 5
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      And I patch the ResourceSlice "node-1-gpus" with:
        """
        spec:
          devices:
          - name: gpu-0
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
        """
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "worker" with the message "Marking for deletion"
      And the reference lists these component errors:
        """
        resourceclaim-controller: Pod default/bad: FailedResourceClaimCreation: TypeError: 'int' object is not iterable (attempt 1)
        device-taint-eviction-controller: Pod default/bad: FailedSync: TypeError: 'int' object is not iterable (attempt 1)
        kubelet/node-1: Pod default/bad: FailedSync: Error syncing pod, skipping: TypeError: 'int' object is not iterable (attempt 1)
        """
      When I force-delete the Pod "bad"
      And 2 seconds pass
      Then the reference lists no component errors
      And the reference's components hit these internal errors, each caused on purpose:
        """
        resourceclaim-controller: Pod default/bad: FailedResourceClaimCreation: TypeError: 'int' object is not iterable (attempt 1)
        device-taint-eviction-controller: Pod default/bad: FailedSync: TypeError: 'int' object is not iterable (attempt 1)
        kubelet/node-1: Pod default/bad: FailedSync: Error syncing pod, skipping: TypeError: 'int' object is not iterable (attempt 1)
        resourceclaim-controller: Pod default/bad: FailedResourceClaimCreation: TypeError: 'int' object is not iterable (attempt 2)
        """

    @req:platform-SELF-R02 @clause:platform-SELF-R02/taint-slices @gate:DRADeviceTaints
    Scenario: The device taint eviction controller records a slice it cannot read against it and still evicts from the others
      The slice "garbled" has the number 5 as its pool: the device taint eviction controller
      cannot tell its pool, records it once (one event on the slice, one record; the same
      slice is then skipped while it waits, not failed a second time in the same pass) and
      reads the other slices: the pod on a device with an untolerated NoExecute taint is
      evicted all the same.
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When an object is stored past validation:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: garbled}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: 5
          devices: [{name: gpu-9}]
        """
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices: [{name: gpu-0}]
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: worker}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "worker" is scheduled to "node-1"
      When I patch the ResourceSlice "node-1-gpus" with:
        """
        spec:
          devices:
          - name: gpu-0
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
        """
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "worker" with the message "Marking for deletion"
      And there is a Warning event "FailedSync" from "device-taint-eviction-controller" for ResourceSlice "garbled" starting with "AttributeError: 'int' object has no attribute 'get' (at drakit/controllers/devicetainteviction.py:"
      And the reference lists these component errors:
        """
        device-taint-eviction-controller: ResourceSlice garbled: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        default-scheduler: ResourceSlice garbled: FailedSync: json: cannot unmarshal number into Go struct field ResourceSliceSpec.spec.pool of type v1.ResourcePool (attempt 1)
        """
      When I delete the ResourceSlice "garbled"
      Then the reference lists no component errors
      And the reference's components hit these internal errors, each caused on purpose:
        """
        device-taint-eviction-controller: ResourceSlice garbled: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        """

    @req:platform-SELF-R02 @clause:platform-SELF-R02/controllers
    Scenario: A DeviceClass whose spec is no object is the scheduler's failure record in encoding/json's words
      The scheduler's informer decodes a DeviceClass into resourceapi.DeviceClass; a spec that is
      a number fails at the root struct, and encoding/json's UnmarshalTypeError names that
      struct by its type name without the package ("Go struct field DeviceClass.spec of type
      v1.DeviceClassSpec"). The class is stored behind the API server's back (the API server
      refuses it); deleted, the record goes.
      When an object is stored past validation:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: numbered}
        spec: 5
        """
      Then the reference lists these component errors:
        """
        default-scheduler: DeviceClass numbered: FailedSync: json: cannot unmarshal number into Go struct field DeviceClass.spec of type v1.DeviceClassSpec (attempt 1)
        """
      When I delete the DeviceClass "numbered"
      Then the reference lists no component errors

    @req:platform-SELF-R02 @clause:platform-SELF-R02/controllers
    Scenario: A claim with unreadable ownerReferences is recorded against itself again when the controller manager restarts
      The restarted ResourceClaim controller relists: indexing the claim by its controlling
      owner fails on the reference 5, which is the claim's failure record again (attempt 1 of
      the new controller), and the claim is then skipped while it waits, not synced into a
      second failure.
      When an object is stored past validation:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: weird, ownerReferences: [5]}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the reference lists these component errors:
        """
        resourceclaim-controller: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        garbage-collector: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        default-scheduler: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        """
      When the controller manager restarts
      Then the reference lists these component errors:
        """
        resourceclaim-controller: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        garbage-collector: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        default-scheduler: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        """
      When I delete the ResourceClaim "weird"
      Then the reference lists no component errors
      And the reference's components hit these internal errors, each caused on purpose:
        """
        resourceclaim-controller: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        garbage-collector: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        default-scheduler: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        resourceclaim-controller: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        garbage-collector: ResourceClaim default/weird: FailedSync: AttributeError: 'int' object has no attribute 'get' (attempt 1)
        """

  Rule: A drakit bug inside a component is caught by its guard, recorded, and fails the scenario
    An exception that is neither an API answer nor about stored data is a bug of drakit's own.
    The guard around the work that raised it keeps it from taking the component down: the
    component records it against the object it was handling (the node, for a kubelet's whole
    sync; "(the whole component)" where no object explains it), goes on with the rest, and
    tries again; a later success clears the record. Every such record is one of the
    reference's internal errors, which fail the scenario unless it checks each one. These
    scenarios put the exception there on purpose ("a drakit bug makes ... raise"), one guard
    each.

    @req:platform-SELF-R03 @clause:platform-SELF-R03/kubelet-sync
    Scenario: A drakit bug in one kubelet's sync is recorded against its node, and the other kubelets go on
      The kubelet manager runs every node's kubelet in turn: the one whose sync raises is
      recorded against its Node (no event: the kubelet posts none for itself), the other node's
      pod starts, and the failed kubelet's next sync, which takes in the events it missed,
      starts its pod too and clears the record.
      Given a node "n1"
      And a node "n2"
      When a drakit bug makes "kubelet/n1" raise in its sync loop once
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: a}
        spec:
          nodeName: n1
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: b}
        spec:
          nodeName: n2
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "b" has "status.phase" equal to Running
      And the Pod "a" has "status.phase" equal to Running
      And the reference lists no component errors
      And no Warning event was recorded for any Node
      And the reference's components hit these internal errors, each caused on purpose:
        """
        kubelet: Node n1: FailedSync: RuntimeError: drakit bug injected into kubelet/n1's sync loop (attempt 1)
        """

    @req:platform-SELF-R03 @clause:platform-SELF-R03/kubelet-watch
    Scenario: A drakit bug in a kubelet's handling of a pod's watch event is that pod's record, and the kubelet reads the pod again after the backoff
      The kubelet takes each watch event in on its own; the one whose handling raises is
      recorded against its object, without an event, and the other events are taken in. Once
      the backoff has passed (10 s) the kubelet reads the object from the API server again,
      takes it in, and the record ends: the pod runs.
      Given a node "n1"
      When a drakit bug makes "kubelet/n1" raise in its watch handling once
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: a}
        spec:
          nodeName: n1
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "a" has "status.phase" equal to Pending
      And the reference lists these component errors:
        """
        kubelet/n1: Pod default/a: FailedSync: RuntimeError: drakit bug injected into kubelet/n1's watch handling (attempt 1)
        """
      And no Warning event was recorded for any Pod
      When 10 seconds pass
      Then the Pod "a" has "status.phase" equal to Running
      And the reference lists no component errors
      And the reference's components hit these internal errors, each caused on purpose:
        """
        kubelet/n1: Pod default/a: FailedSync: RuntimeError: drakit bug injected into kubelet/n1's watch handling (attempt 1)
        """

    @req:platform-SELF-R03 @clause:platform-SELF-R03/kubelet-watch
    Scenario: A drakit bug in a kubelet's handling of its Node's watch event is the Node's record until the kubelet reads the Node again
      The kubelet keeps its Node as the watch last gave it (its labels and allocatable): an
      update it could not take in is recorded against the Node, and read again from the API
      server once the backoff has passed, after which its copy is the stored one again (the
      self-check compares them).
      Given a node "n1"
      When a drakit bug makes "kubelet/n1" raise in its watch handling once
      And I patch the Node "n1" with:
        """
        metadata: {labels: {example.com/rack: r1}}
        """
      Then the reference lists these component errors:
        """
        kubelet/n1: Node n1: FailedSync: RuntimeError: drakit bug injected into kubelet/n1's watch handling (attempt 1)
        """
      When 10 seconds pass
      Then the reference lists no component errors
      And the reference's self-check reports nothing
      And the reference's components hit these internal errors, each caused on purpose:
        """
        kubelet/n1: Node n1: FailedSync: RuntimeError: drakit bug injected into kubelet/n1's watch handling (attempt 1)
        """

    @req:platform-SELF-R03 @clause:platform-SELF-R03/kubelet-cleanup
    Scenario: A drakit bug in a kubelet's cleanup of a deleted pod is the kubelet's record, and the cleanup is tried again
      The kubelet cleans up after a pod the API server no longer has (its admission, its
      devices, its checkpoint entries); no object is left to record a failure against, so the
      record is the whole kubelet's. The next reconcile tries again.
      Given a node "n1"
      And the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: a}
        spec:
          nodeName: n1
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "a" has "status.phase" equal to Running
      When a drakit bug makes "kubelet/n1" raise in its cleanup once
      And I force-delete the Pod "a"
      Then the reference lists these component errors:
        """
        kubelet/n1: (the whole component): FailedSync: RuntimeError: drakit bug injected into kubelet/n1's cleanup (attempt 1)
        """
      When 10 seconds pass
      Then the reference lists no component errors
      And the reference's components hit these internal errors, each caused on purpose:
        """
        kubelet/n1: (the whole component): FailedSync: RuntimeError: drakit bug injected into kubelet/n1's cleanup (attempt 1)
        """

    @req:platform-SELF-R03 @clause:platform-SELF-R03/scheduler-unreserve
    Scenario: A drakit bug in Bind and then in Unreserve is the pod's scheduling failure, and the pod is scheduled again
      The binding cycle raises, so the scheduler runs Unreserve, which raises too: both are
      recorded against the pod (one record, its attempts counted), the pod gets the
      scheduler's internal error, and after its backoff it is scheduled.
      Given a node "n1"
      When a drakit bug makes "kube-scheduler" raise in its binding cycle once
      And a drakit bug makes "kube-scheduler" raise in its Unreserve once
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: a}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then there is a Warning event "FailedScheduling" from "default-scheduler" for Pod "a" starting with "internal error while scheduling: RuntimeError: drakit bug injected into kube-scheduler's binding cycle"
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="error"} is 1
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 0
      When 10 seconds pass
      Then the Pod "a" has "spec.nodeName" equal to n1
      And the reference lists no component errors
      And the reference's components hit these internal errors, each caused on purpose:
        """
        default-scheduler: Pod default/a: FailedScheduling: internal error while scheduling: RuntimeError: drakit bug injected into kube-scheduler's binding cycle (attempt 1)
        default-scheduler: Pod default/a: FailedScheduling: RuntimeError: drakit bug injected into kube-scheduler's Unreserve (attempt 2)
        """

    @req:platform-SELF-R03 @clause:platform-SELF-R03/controller-batch
    Scenario: A drakit bug that only a batch of events sets off is the whole controller's internal error
      A controller takes the events of one sync as a batch; when the batch raises, it handles
      the events one by one to find the object that caused it. When each alone goes through,
      no object explains the exception: it is noted as the whole controller's internal error
      (no failure record stays open), and the events are handled. The pod alone is the first
      sync's one event; the next sync's batch is three: the claim the controller created, and
      the pod's two status writes (the controller's claim status, the scheduler's condition).
      When a drakit bug makes "resourceclaim-controller" raise in its handling of event batches once
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: t}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: a}
        spec:
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: t}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "a" has "status.resourceClaimStatuses[0].name" equal to gpu
      And the reference lists no component errors
      And the reference's components hit these internal errors, each caused on purpose:
        """
        resourceclaim-controller: (the whole component): FailedSync: handling 3 events at once: RuntimeError: drakit bug injected into resourceclaim-controller's handling of event batches (attempt 1)
        """

    @req:platform-SELF-R03 @clause:platform-SELF-R03/controller-batch
    Scenario: A drakit bug in one event of a batch is that object's record, and the batch's later events are still handled
      A batch that raises is handled again event by event; the event whose handling
      raises is recorded against its object, and the events after it are handled in the same
      sync: "b"'s claim is made at once, although "a"'s event came first and failed; "a"'s claim
      is made once its backoff passes.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: t}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      When a drakit bug makes "resourceclaim-controller" raise in its event handling the next 2 times
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: a}
        spec:
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: t}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: b}
        spec:
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: t}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "b" has "status.resourceClaimStatuses[0].name" equal to gpu
      And the Pod "a" has no "status.resourceClaimStatuses"
      And the reference lists these component errors:
        """
        resourceclaim-controller: Pod default/a: FailedResourceClaimCreation: RuntimeError: drakit bug injected into resourceclaim-controller's event handling (attempt 1)
        """
      When 1 second passes
      Then the Pod "a" has "status.resourceClaimStatuses[0].name" equal to gpu
      And the reference lists no component errors
      And the reference's components hit these internal errors, each caused on purpose:
        """
        resourceclaim-controller: Pod default/a: FailedResourceClaimCreation: RuntimeError: drakit bug injected into resourceclaim-controller's event handling (attempt 1)
        """

    @req:platform-SELF-R03 @clause:platform-SELF-R03/controller-relist
    Scenario: A drakit bug in a controller's relist is the whole controller's record until a relist goes through
      A restarted API server ends every watch (410 Expired), so each controller lists
      everything again. The claim controller's relist raises: no object explains it, so the
      record is the whole controller's; after the backoff it relists again, which goes
      through, and the record ends. The claim of a pod created meanwhile is then made.
      When a drakit bug makes "resourceclaim-controller" raise in its relist once
      And the API server restarts
      Then the reference lists these component errors:
        """
        resourceclaim-controller: (the whole component): FailedSync: RuntimeError: drakit bug injected into resourceclaim-controller's relist (attempt 1)
        """
      When 1 second passes
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: t}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: a}
        spec:
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: t}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "a" has "status.resourceClaimStatuses[0].name" equal to gpu
      And the reference lists no component errors
      And the reference's components hit these internal errors, each caused on purpose:
        """
        resourceclaim-controller: (the whole component): FailedSync: RuntimeError: drakit bug injected into resourceclaim-controller's relist (attempt 1)
        """

    @req:platform-SELF-R03 @clause:platform-SELF-R03/resourceclaim-controller
    Scenario: A drakit bug in the claim controller's sync of a pod is that pod's claim-creation failure until the retry
      The ResourceClaim controller's sync of a pod raises: the pod's failure record and a
      Warning event on it carry the controller's FailedResourceClaimCreation reason; the retry
      after the backoff creates the claim and clears the record.
      When a drakit bug makes "resourceclaim-controller" raise in its pod sync once
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: t}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: a}
        spec:
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: t}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then there is a Warning event "FailedResourceClaimCreation" from "resource_claim" for Pod "a" starting with "RuntimeError: drakit bug injected into resourceclaim-controller's pod sync"
      And the reference lists these component errors:
        """
        resourceclaim-controller: Pod default/a: FailedResourceClaimCreation: RuntimeError: drakit bug injected into resourceclaim-controller's pod sync (attempt 1)
        """
      When 1 second passes
      Then the Pod "a" has "status.resourceClaimStatuses[0].name" equal to gpu
      And the reference lists no component errors
      And the reference's components hit these internal errors, each caused on purpose:
        """
        resourceclaim-controller: Pod default/a: FailedResourceClaimCreation: RuntimeError: drakit bug injected into resourceclaim-controller's pod sync (attempt 1)
        """

    @req:platform-SELF-R03 @clause:platform-SELF-R03/namespace-controller
    Scenario: A drakit bug in the namespace controller's sync is that namespace's record until the retry empties it
      The namespace being deleted is synced under its own name; the sync raises, which is the
      namespace's failure record (and a FailedSync Warning on it). After the backoff the
      controller syncs it again, empties and finalizes it, and the record ends.
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: doomed}
        """
      When a drakit bug makes "namespace-controller" raise in its namespace sync once
      And I delete the Namespace "doomed" without waiting
      And the cluster settles
      Then the reference lists these component errors:
        """
        namespace-controller: Namespace doomed: FailedSync: RuntimeError: drakit bug injected into namespace-controller's namespace sync (attempt 1)
        """
      When 1 second passes
      Then the Namespace "doomed" does not exist
      And the reference lists no component errors
      And the reference's components hit these internal errors, each caused on purpose:
        """
        namespace-controller: Namespace doomed: FailedSync: RuntimeError: drakit bug injected into namespace-controller's namespace sync (attempt 1)
        """

    @req:platform-SELF-R03 @clause:platform-SELF-R03/garbage-collector
    Scenario: A drakit bug in the garbage collector's collection of a dependent is that dependent's record until the retry
      The pod that owns the claim goes; collecting the claim raises, which is the claim's
      failure record. After the backoff the collector tries again and the claim goes.
      Given the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: owner}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      When I create the ResourceClaim "dep" controlled by Pod "owner":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And a drakit bug makes "garbage-collector" raise in its collection once
      And I delete the Pod "owner"
      Then there is a Warning event "FailedSync" from "garbage-collector" for ResourceClaim "dep" starting with "RuntimeError: drakit bug injected into garbage-collector's collection"
      And the reference lists these component errors:
        """
        garbage-collector: ResourceClaim default/dep: FailedSync: RuntimeError: drakit bug injected into garbage-collector's collection (attempt 1)
        """
      When 1 second passes
      Then the ResourceClaim "dep" does not exist
      And the reference lists no component errors
      And the reference's components hit these internal errors, each caused on purpose:
        """
        garbage-collector: ResourceClaim default/dep: FailedSync: RuntimeError: drakit bug injected into garbage-collector's collection (attempt 1)
        """
