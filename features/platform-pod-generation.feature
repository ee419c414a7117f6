@platform
Feature: A pod's status and conditions say which generation of the pod they reflect
  KEP-5067 (PodObservedGenerationTracking: beta and on at 1.34, GA and locked on from 1.35).
  The API server sets a pod's metadata.generation to 1 on create and bumps it on every spec
  change; each writer of a pod condition stamps it with the generation of the pod it read
  (k/k pkg/api/v1/pod/util.go CalculatePodConditionObservedGeneration: the scheduler's
  PodScheduled False in schedule_one.go handleSchedulingFailure, the kubelet's own conditions
  in pkg/kubelet/status/generate.go and generateAPIPodStatus), and the kubelet stamps the
  status (CalculatePodStatusObservedGeneration). The API server's pods/binding (BindingREST
  setPodNodeAndMetadata) and the device-taint eviction controller write their conditions
  without it. pkg/api/v1/pod UpdatePodCondition, which decides whether a condition changed,
  does not compare observedGeneration; the kubelet's status manager keeps a condition's
  lastTransitionTime while its status stays (updateLastTransitionTime), whatever its
  generation.

  @component:scheduler
  Rule: The scheduler's PodScheduled condition names the generation it tried

    @req:platform-GEN-R01 @clause:platform-GEN-R01/scheduler-condition @needs:whole-cluster
    Scenario: An unschedulable pod's PodScheduled condition keeps the generation of the attempt that wrote it
      A toleration for another taint bumps the generation but changes nothing in the failure:
      UpdatePodCondition finds status, reason and message equal and the scheduler writes
      nothing, so observedGeneration stays 1 while metadata.generation is 2. The toleration that
      fits lets the pod be bound; the kubelet then writes PodScheduled True for generation 3.
      The message counts every node of the cluster ("0/N nodes are available"), so a node
      another scenario adds meanwhile would change it and rightly bring a write: on a shared
      cluster the scenario runs alone.
      Given a node "n1" with cpu "8", memory "32Gi"
      When I patch the Node "n1" with:
        """
        spec: {taints: [{key: example.com/dedicated, value: gpu, effect: NoSchedule}]}
        """
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: picky}
        spec:
          nodeSelector: {kubernetes.io/hostname: n1}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "picky" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 node(s) had untolerated taint(s)."
      And the Pod "picky" has "metadata.generation" equal to 1
      And the PodScheduled condition of the Pod "picky" has "observedGeneration" equal to 1
      When I patch the Pod "picky" with:
        """
        spec: {tolerations: [{key: example.com/other, operator: Exists, effect: NoSchedule}]}
        """
      And 10 seconds pass
      Then the Pod "picky" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 node(s) had untolerated taint(s)."
      And the Pod "picky" has "metadata.generation" equal to 2
      And the PodScheduled condition of the Pod "picky" has "observedGeneration" equal to 1
      When I patch the Pod "picky" with:
        """
        spec:
          tolerations:
          - {key: example.com/other, operator: Exists, effect: NoSchedule}
          - {key: example.com/dedicated, operator: Equal, value: gpu, effect: NoSchedule}
        """
      And 10 seconds pass
      Then the Pod "picky" is scheduled to "n1"
      And the Pod "picky" has "metadata.generation" equal to 3
      And the PodScheduled condition of the Pod "picky" has "observedGeneration" equal to 3

  @component:kubelet
  Rule: The kubelet's status and conditions name the generation it synced

    @req:platform-GEN-R01 @clause:platform-GEN-R01/kubelet-status @clause:platform-GEN-R01/kubelet-resync
    Scenario: A running pod's observedGeneration follows a spec update, its transition times stay
      The kubelet syncs the pod again on the update (SyncPod runs for each one): the new status
      carries generation 2 (SetPodStatus), and so does every condition it generates; none of
      them changes its status, so each keeps its lastTransitionTime.
      Given a node "n1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: web}
        spec:
          nodeSelector: {kubernetes.io/hostname: n1}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "web" comes to have "status.phase" equal to Running
      And the Pod "web" has "status.observedGeneration" equal to 1
      And the PodReadyToStartContainers, Initialized, Ready, ContainersReady and PodScheduled conditions of the Pod "web" have "observedGeneration" equal to 1
      When I note the Ready condition of the Pod "web"
      And I note the PodScheduled condition of the Pod "web"
      And 5 seconds pass
      And I patch the Pod "web" with:
        """
        spec: {activeDeadlineSeconds: 3600}
        """
      Then the Pod "web" has "metadata.generation" equal to 2
      And the Pod "web" comes to have "status.observedGeneration" equal to 2
      And the PodReadyToStartContainers, Initialized, Ready, ContainersReady and PodScheduled conditions of the Pod "web" have "observedGeneration" equal to 2
      And the Ready condition of the Pod "web" keeps its status and the noted lastTransitionTime
      And the PodScheduled condition of the Pod "web" keeps its status and the noted lastTransitionTime

    # until 1.34: the gate is GA and locked on from 1.35
    @req:platform-GEN-R01 @clause:platform-GEN-R01/gate-off @gate:PodObservedGenerationTracking @until:1.34
    Scenario: At 1.34 a scheduler and kubelets running without PodObservedGenerationTracking stamp nothing
      CalculatePodConditionObservedGeneration and CalculatePodStatusObservedGeneration read the
      writer's own gate: off, and with nothing carrying a value before, they give 0, so neither
      the scheduler nor the kubelet writes one, although the API server (gate on) would keep it.
      Given the scheduler runs with the feature gate PodObservedGenerationTracking disabled
      And the kubelets run with the feature gate PodObservedGenerationTracking disabled
      And a node "n1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: web}
        spec:
          nodeSelector: {kubernetes.io/hostname: n1}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: picky}
        spec:
          nodeSelector: {kubernetes.io/hostname: elsewhere}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "web" comes to have "status.phase" equal to Running
      And the Pod "web" has "metadata.generation" equal to 1
      And the Pod "web" has no "status.observedGeneration"
      And the PodReadyToStartContainers, Initialized, Ready, ContainersReady and PodScheduled conditions of the Pod "web" have no "observedGeneration"
      And the Pod "picky" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector."
      And the PodScheduled condition of the Pod "picky" has no "observedGeneration"

    # until 1.34: the gate is GA and locked on from 1.35
    @req:platform-GEN-R01 @clause:platform-GEN-R01/gate-off @component:apiserver @gate:PodObservedGenerationTracking @until:1.34
    Scenario: At 1.34 with PodObservedGenerationTracking off the API server drops a new observedGeneration
      dropDisabledPodStatusFields clears status.observedGeneration and every condition's unless
      the old status had one (podObservedGenerationTrackingInUse).
      Given the feature gate PodObservedGenerationTracking is disabled
      And the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      When I patch the Pod "p" status with:
        """
        status:
          observedGeneration: 1
          conditions:
          - {type: example.com/Checked, status: "True", observedGeneration: 1, lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      Then the Pod "p" has no "status.observedGeneration"
      And the example.com/Checked condition of the Pod "p" has no "observedGeneration"

    # until 1.34: the gate is GA and locked on from 1.35
    @req:platform-GEN-R01 @clause:platform-GEN-R01/gate-off @component:apiserver @gate:PodObservedGenerationTracking @until:1.34
    Scenario: At 1.34 with PodObservedGenerationTracking turned off a status that already has an observedGeneration keeps it
      podObservedGenerationTrackingInUse looks at the old status: written while the gate was
      on, its observedGeneration (or a condition's) keeps the field writable after the API
      server restarts with the gate off.
      Given the feature gate PodObservedGenerationTracking is enabled
      And the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      When I patch the Pod "p" status with:
        """
        status:
          observedGeneration: 1
        """
      And the feature gate PodObservedGenerationTracking is disabled
      And I patch the Pod "p" status with:
        """
        status:
          conditions:
          - {type: example.com/Checked, status: "True", observedGeneration: 1, lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      Then the Pod "p" has "status.observedGeneration" equal to 1
      And the example.com/Checked condition of the Pod "p" has "observedGeneration" equal to 1

    # until 1.34: the gate is GA and locked on from 1.35
    @req:platform-GEN-R01 @clause:platform-GEN-R01/gate-off @component:apiserver @gate:PodObservedGenerationTracking @until:1.34
    Scenario: At 1.34 with PodObservedGenerationTracking turned off a condition's observedGeneration alone keeps the fields writable
      podObservedGenerationTrackingInUse is true when the old status has an observedGeneration
      of its own or in any of its conditions: here only a condition has one, written while the
      gate was on, and the next status write keeps both the top-level observedGeneration it
      sets and its conditions'.
      Given the feature gate PodObservedGenerationTracking is enabled
      And the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      When I patch the Pod "p" status with:
        """
        status:
          conditions:
          - {type: example.com/Checked, status: "True", observedGeneration: 1, lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      And the feature gate PodObservedGenerationTracking is disabled
      And I patch the Pod "p" status with:
        """
        status:
          observedGeneration: 1
          conditions:
          - {type: example.com/Checked, status: "True", observedGeneration: 1, lastTransitionTime: "2026-01-01T00:00:00Z"}
          - {type: example.com/Audited, status: "True", observedGeneration: 1, lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      Then the Pod "p" has "status.observedGeneration" equal to 1
      And the example.com/Audited condition of the Pod "p" has "observedGeneration" equal to 1
