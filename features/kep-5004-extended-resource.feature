@kep-5004
Feature: KEP-5004 DRA extended resources
  Pods ask for an extended resource such as example.com/gpu and DRA devices serve it.
  Encoded from the shipped API (resource.k8s.io/v1 DeviceClass.spec.extendedResourceName,
  core/v1 Pod.status.extendedResourceClaimStatus) where it differs from the KEP text.

  @component:apiserver @req:5004-R02
  Scenario Outline: A DeviceClass names an extended resource only in the extended-resource format
    KEP-5004 "Device Class API": spec.extendedResourceName must be a valid extended
    resource name (k/k IsExtendedResourceName), checked on create and update.
    Given a cluster
    When I create:
      """
      apiVersion: resource.k8s.io/v1
      kind: DeviceClass
      metadata:
        name: gpu.example.com
      spec:
        extendedResourceName: <name>
      """
    Then the outcome is "<outcome>"

    Examples:
      | name                  | outcome |
      | example.com/gpu       | accepted |
      | kubernetes.io/gpu     | spec.extendedResourceName: Invalid value: "kubernetes.io/gpu": must be a valid extended resource name |
      | gpu                   | spec.extendedResourceName: Invalid value: "gpu": must be a valid extended resource name |
