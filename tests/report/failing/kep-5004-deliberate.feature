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
