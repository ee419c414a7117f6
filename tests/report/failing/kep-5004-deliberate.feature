@kep-5004
Feature: KEP-5004 report fixture (deliberately failing; NOT part of the conformance suite)
  Run only by tests/report/test_browser.py and test_pipeline.py to exercise every verdict the
  report shows. Lives outside features/ so `tox -e features` stays clean.

  @component:apiserver @req:5004-R02
  Scenario: A DeviceClass with an explicit extended resource name is stored as written
    KEP-5004 "Device Class API": the name is kept verbatim.
    Given a cluster
    When I create:
      """
      apiVersion: resource.k8s.io/v1
      kind: DeviceClass
      metadata:
        name: gpu.example.com
      spec:
        extendedResourceName: example.com/gpu
      """
    Then the request succeeds
    And the DeviceClass "gpu.example.com" has "spec.extendedResourceName" equal to "example.com/gpu"

  @component:apiserver @req:5004-R01 @deliberately-failing
  Scenario: Deliberately wrong expectation about a stored DeviceClass
    KEP-5004 "Device Class API": this scenario expects a value the server never stores,
    so the report shows expected vs actual and the object with the differing field marked.
    Given a cluster
    When I create:
      """
      apiVersion: resource.k8s.io/v1
      kind: DeviceClass
      metadata:
        name: tpu.example.com
        labels:
          team: ml
      spec:
        extendedResourceName: example.com/tpu
      """
    Then the DeviceClass "tpu.example.com" contains:
      """
      metadata:
        labels:
          team: research
      spec:
        extendedResourceName: example.com/gpu
      """
    And the DeviceClass "tpu.example.com" exists

  @component:apiserver @req:5004-R13
  Scenario: Turning a locked gate off on the reference fails as a defect, never as unsupported
    KEP-5004 "Enablement": the gate is locked on in 1.37, so the reference refuses the
    scenario; on the reference every scenario must run, so the refusal is a failure with its
    reason (steps/integrity.py), not an "unsupported" verdict that leaves the run green.
    Given a Kubernetes 1.37 cluster
    And the feature gate DRAExtendedResource is disabled
    When I create:
      """
      apiVersion: resource.k8s.io/v1
      kind: DeviceClass
      metadata:
        name: x.example.com
      """
    Then the request succeeds

  @component:scheduler @req:5004-R09 @deliberately-failing
  Scenario: Deliberately wrong message prefix for a pod that cannot be scheduled
    KEP-5004 "Scheduling": neither device plugin nor DRA gives the resource, so NodeResourcesFit
    says "Insufficient" (k/k pkg/scheduler/framework/plugins/noderesources/fit.go @ abe8f409,
    api-truth §9.9); this scenario expects another prefix on purpose.
    Given a cluster
    And a node "node-1" with cpu "8", memory "32Gi", pods "110"
    When I create 1 pod named "unknown" from:
      """
      apiVersion: v1
      kind: Pod
      spec:
        containers:
        - name: app
          image: registry.k8s.io/pause:3.10
          resources:
            requests: {example.com/fpga: "1"}
            limits: {example.com/fpga: "1"}
      """
    Then the Pod "unknown" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."

  @component:apiserver @req:5004-R13
  Scenario: A scenario whose own gates conflict with the run's --gate is unsupported
    The report tests run this fixture with --gate GenericWorkload=true --gate
    DRAWorkloadResourceClaims=true; this scenario turns GenericWorkload off, which the forced
    DRAWorkloadResourceClaims depends on. The refusal comes from the run's options, not from
    the reference, so the verdict is "unsupported" with the conflict as its reason
    (steps/integrity.py gate_conflict), as a live cluster with those gates would report it.
    Given the feature gate GenericWorkload is disabled
    When I create:
      """
      apiVersion: resource.k8s.io/v1
      kind: DeviceClass
      metadata:
        name: y.example.com
      """
    Then the request succeeds
