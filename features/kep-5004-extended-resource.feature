@kep-5004
Feature: KEP-5004 DRA extended resources
  Pods ask for an extended resource such as example.com/gpu and DRA devices serve it.
  Encoded from the shipped API (resource.k8s.io/v1 DeviceClass.spec.extendedResourceName,
  core/v1 Pod.status.extendedResourceClaimStatus) where it differs from the KEP text.
  Expected messages come from k/k pkg/apis/resource/validation and pkg/apis/core/validation
  (api-truth.md §9.2, §9.5) rendered by apimachinery field errors (§9.1).

  # ------------------------------------------------------------------ DeviceClass API

  @component:apiserver @req:5004-R02 @req:5004-R17
  Scenario Outline: A DeviceClass names an extended resource only in the extended-resource format
    KEP-5004 "Device Class API": spec.extendedResourceName must be a valid extended
    resource name (k/k IsExtendedResourceName), checked on create and update. Names in the
    kubernetes.io domain (so also the implicit deviceclass.resource.kubernetes.io/ prefix) and
    names starting with "requests." are not extended resource names.
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
      | name                                    | outcome |
      | example.com/gpu                         | accepted |
      | example.com/gpu-80gb                    | accepted |
      | gpu.example.com/a100_v2                 | accepted |
      | kubernetes.io/gpu                       | spec.extendedResourceName: Invalid value: "kubernetes.io/gpu": must be a valid extended resource name |
      | gpu                                     | spec.extendedResourceName: Invalid value: "gpu": must be a valid extended resource name |
      | deviceclass.resource.kubernetes.io/gpu  | spec.extendedResourceName: Invalid value: "deviceclass.resource.kubernetes.io/gpu": must be a valid extended resource name |
      | requests.example.com/gpu                | spec.extendedResourceName: Invalid value: "requests.example.com/gpu": must be a valid extended resource name |
      | example.com/-gpu                        | spec.extendedResourceName: Invalid value: "example.com/-gpu": must be a valid extended resource name |

  @component:apiserver @req:5004-R17
  Scenario: The extended resource name format is also checked when a DeviceClass is updated
    KEP-5004 "Device Class API"; k/k validateDeviceClassSpec runs on create and update
    (api-truth §9.5).
    Given the objects from fixture "kep-5004/deviceclass-implicit.yaml"
    When I set "spec.extendedResourceName" of the DeviceClass "fpga.example.com" to fpga
    Then the outcome is "spec.extendedResourceName: Invalid value: "fpga": must be a valid extended resource name"

  @component:apiserver @req:5004-R02 @req:5004-R17
  Scenario: The implicit extended resource name is derived, never stored
    KEP-5004 "Implicit name": every class is reachable as
    deviceclass.resource.kubernetes.io/<class>; shipped as the constant
    ResourceDeviceClassPrefix, nothing is written into the class.
    Given a cluster
    When I apply the fixture "kep-5004/deviceclass-implicit.yaml"
    Then the request succeeds
    And the stored object has no "spec.extendedResourceName"

  @component:apiserver @req:5004-R17
  Scenario Outline: A DeviceClass holds at most 32 selectors
    KEP-5004 builds on the DeviceClass API; k/k validateDeviceClassSpec limits selectors to
    DeviceSelectorsMaxSize = 32 (api-truth §9.5).
    Given a DeviceClass manifest:
      """
      apiVersion: resource.k8s.io/v1
      kind: DeviceClass
      metadata:
        name: gpu.example.com
      spec:
        extendedResourceName: example.com/gpu
        selectors:
        - cel:
            expression: device.driver == "gpu.example.com"
      """
    And the list "spec.selectors" is filled to <n> items from its first item
    When I create the manifest
    Then the outcome is "<outcome>"

    Examples:
      | n  | outcome |
      | 32 | accepted |
      | 33 | spec.selectors: Too many: 33: must have at most 32 items |

  @component:apiserver @req:5004-R17
  Scenario Outline: A DeviceClass holds at most 32 config entries
    k/k validateDeviceClassSpec limits config to DeviceConfigMaxSize = 32 (api-truth §9.5).
    Given a DeviceClass manifest:
      """
      apiVersion: resource.k8s.io/v1
      kind: DeviceClass
      metadata:
        name: gpu.example.com
      spec:
        config:
        - opaque:
            driver: gpu.example.com
            parameters:
              sharing: none
      """
    And the list "spec.config" is filled to <n> items from its first item
    When I create the manifest
    Then the outcome is "<outcome>"

    Examples:
      | n  | outcome |
      | 32 | accepted |
      | 33 | spec.config: Too many: 33: must have at most 32 items |

  # ------------------------------------------------------------------ gate dropping

  @component:apiserver @req:5004-R13 @gate:DRAExtendedResource @version:1.36
  Scenario: With DRAExtendedResource off (1.36) the class field is dropped on create
    KEP-5004 "Enablement": the field is behind +featureGate=DRAExtendedResource; the k/k
    DeviceClass strategy drops it on create while the gate is off (api-truth §9.6).
    Given a Kubernetes 1.36 cluster
    And the feature gate DRAExtendedResource is disabled
    When I apply the fixture "kep-5004/deviceclass-gpu.yaml"
    Then the request succeeds
    And the stored object has no "spec.extendedResourceName"

  @component:apiserver @req:5004-R13 @gate:DRAExtendedResource @version:1.36
  Scenario: With DRAExtendedResource on (1.36 beta default) the class field is kept
    KEP-5004 "Enablement": beta in 1.36, on by default (api-truth §0).
    Given a Kubernetes 1.36 cluster
    When I apply the fixture "kep-5004/deviceclass-gpu.yaml"
    Then the request succeeds
    And the stored object has "spec.extendedResourceName" equal to example.com/gpu

  @component:apiserver @req:5004-R13 @gate:DRAExtendedResource @version:1.36
  Scenario: A class field already in use survives updates after the gate is turned off
    KEP-5004 "Enablement"/rollback; k/k DeviceClass PrepareForUpdate keeps the field when the
    stored object already had it (api-truth §9.6).
    Given a Kubernetes 1.36 cluster
    And the objects from fixture "kep-5004/deviceclass-gpu.yaml"
    When the feature gate DRAExtendedResource is disabled
    And I set "metadata.labels.tier" of the DeviceClass "gpu.example.com" to gold
    Then the request succeeds
    And the DeviceClass "gpu.example.com" has "spec.extendedResourceName" equal to example.com/gpu

  @component:apiserver @req:5004-R13 @gate:DRAExtendedResource @version:1.36
  Scenario: With the gate off the field cannot be added to a class by an update
    KEP-5004 "Enablement"; drop-unless-in-use on update (api-truth §9.6).
    Given a Kubernetes 1.36 cluster
    And the feature gate DRAExtendedResource is disabled
    And the objects from fixture "kep-5004/deviceclass-implicit.yaml"
    When I set "spec.extendedResourceName" of the DeviceClass "fpga.example.com" to example.com/fpga
    Then the request succeeds
    And the DeviceClass "fpga.example.com" has no "spec.extendedResourceName"

  @component:apiserver @req:5004-R13 @gate:DRAExtendedResource
  Scenario: DRAExtendedResource is GA and locked on in 1.37
    KEP-5004 header "Stable v1.37"; the shipped gate table marks it LockToDefault in 1.37
    (api-truth §0, §1.1), so the field is always kept.
    Given a Kubernetes 1.37 cluster
    When I apply the fixture "kep-5004/deviceclass-gpu.yaml"
    Then the request succeeds
    And the stored object has "spec.extendedResourceName" equal to example.com/gpu
    And the feature gate DRAExtendedResource cannot be disabled

  # ------------------------------------------------------------------ Pod status API

  @component:apiserver @req:5004-R06 @req:5004-R18
  Scenario Outline: The pod status maps explicit and implicit extended resources to claim requests
    KEP-5004 "Pod API". Shipped names differ from the KEP text: requestMappings (plural, KEP
    RequestMapping) and resourceName (KEP ExtendedResourceName) (api-truth §1.2). Both an
    explicit name and an implicit deviceclass.resource.kubernetes.io/ name are valid keys.
    Given the objects from fixture "kep-5004/pod-extended-resources.yaml"
    When I patch the Pod "p" status with:
      """
      status:
        extendedResourceClaimStatus:
          resourceClaimName: p-extended-resources-x7k2q
          requestMappings:
          - containerName: "<container>"
            resourceName: "<resource>"
            requestName: "<request>"
      """
    Then the request succeeds
    And the Pod "p" has "status.extendedResourceClaimStatus.requestMappings[0].resourceName" equal to <resource>

    Examples:
      | container | resource                                            | request               |
      | app       | example.com/gpu                                     | container-1-request-1 |
      | app       | deviceclass.resource.kubernetes.io/fpga.example.com | container-1-request-0 |
      | init      | example.com/gpu                                     | container-0-request-0 |

  @component:apiserver @req:5004-R06
  Scenario Outline: Invalid extendedResourceClaimStatus mappings are refused with exact causes
    KEP-5004 "Pod API"; k/k validatePodExtendedResourceClaimStatus (api-truth §9.2). Note the
    k/k quirk: an invalid requestName is reported at ...extendedResourceClaimStatus.requestName,
    without the requestMappings index.
    Given the objects from fixture "kep-5004/pod-extended-resources.yaml"
    When I patch the Pod "p" status with:
      """
      status:
        extendedResourceClaimStatus:
          resourceClaimName: p-extended-resources-x7k2q
          requestMappings:
          - containerName: "<container>"
            resourceName: "<resource>"
            requestName: "<request>"
      """
    Then the outcome is "<outcome>"

    Examples:
      | container | resource         | request               | outcome |
      | sidecar   | example.com/gpu  | container-1-request-1 | status.extendedResourceClaimStatus.requestMappings[0].containerName: Invalid value: "sidecar": must match the name of an entry in spec.initContainers.name or spec.containers.name |
      | app       | example.com/fpga | container-1-request-1 | status.extendedResourceClaimStatus.requestMappings[0].resourceName: Invalid value: "example.com/fpga": must match the extended resource name of an entry in spec.initContainers.resources.requests or spec.containers.resources.requests |
      | init      | deviceclass.resource.kubernetes.io/fpga.example.com | container-0-request-0 | status.extendedResourceClaimStatus.requestMappings[0].resourceName: Invalid value: "deviceclass.resource.kubernetes.io/fpga.example.com": must match the extended resource name of an entry in spec.initContainers.resources.requests or spec.containers.resources.requests |
      | app       | example.com/gpu  | Container_1           | status.extendedResourceClaimStatus.requestName: Invalid value: "Container_1": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?') |
      | app       | example.com/gpu  |                       | status.extendedResourceClaimStatus.requestName: Invalid value: "": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?') |

  @component:apiserver @req:5004-R06
  Scenario: A duplicated (container, resource, request) mapping is refused on all three fields
    KEP-5004 "Pod API"; k/k reports Duplicate on containerName, resourceName and requestName of
    the repeated entry (api-truth §9.2).
    Given the objects from fixture "kep-5004/pod-extended-resources.yaml"
    When I patch the Pod "p" status with:
      """
      status:
        extendedResourceClaimStatus:
          resourceClaimName: p-extended-resources-x7k2q
          requestMappings:
          - {containerName: app, resourceName: example.com/gpu, requestName: container-1-request-1}
          - {containerName: app, resourceName: example.com/gpu, requestName: container-1-request-1}
      """
    Then the request is rejected with exactly these causes:
      | field                                                           | reason              | message                                  |
      | status.extendedResourceClaimStatus.requestMappings[1].containerName | FieldValueDuplicate | Duplicate value: "app"                   |
      | status.extendedResourceClaimStatus.requestMappings[1].resourceName  | FieldValueDuplicate | Duplicate value: "example.com/gpu"       |
      | status.extendedResourceClaimStatus.requestMappings[1].requestName   | FieldValueDuplicate | Duplicate value: "container-1-request-1" |

  @component:apiserver @req:5004-R05 @req:5004-R06
  Scenario: Init and regular containers may share one claim request
    KEP-5004 "Resource Claim API" (init-container reuse): a short-lived init container reuses
    the request of a later container, so two mappings share a requestName; only the full
    (container, resource, request) tuple must be unique (api-truth §1.4, §9.2).
    Given the objects from fixture "kep-5004/pod-extended-resources.yaml"
    When I patch the Pod "p" status with:
      """
      status:
        extendedResourceClaimStatus:
          resourceClaimName: p-extended-resources-x7k2q
          requestMappings:
          - {containerName: init, resourceName: example.com/gpu, requestName: container-1-request-1}
          - {containerName: app, resourceName: example.com/gpu, requestName: container-1-request-1}
      """
    Then the request succeeds
    And the Pod "p" has "status.extendedResourceClaimStatus.requestMappings[0].requestName" equal to container-1-request-1

  @component:apiserver @req:5004-R06
  Scenario Outline: The claim name and the mapping list of extendedResourceClaimStatus are required
    KEP-5004 "Pod API": resourceClaimName and requestMappings are required in the shipped type;
    k/k messages from api-truth §9.2.
    Given the objects from fixture "kep-5004/pod-extended-resources.yaml"
    When I patch the Pod "p" status with:
      """
      status:
        extendedResourceClaimStatus:
          resourceClaimName: "<claim>"
          requestMappings: <mappings>
      """
    Then the outcome is "<outcome>"

    Examples:
      | claim                      | mappings | outcome |
      | p-extended-resources-x7k2q | []       | status.extendedResourceClaimStatus.requestMappings: Required value: at least one request mapping is required |
      |                            | [{containerName: app, resourceName: example.com/gpu, requestName: container-1-request-1}] | status.extendedResourceClaimStatus.resourceClaimName: Required value |

  @component:apiserver @req:5004-R06
  Scenario: A resourceClaimName that is not a DNS subdomain is refused
    KEP-5004 "Pod API"; k/k checks resourceClaimName as a DNS subdomain (api-truth §9.2).
    Given the objects from fixture "kep-5004/pod-extended-resources.yaml"
    When I patch the Pod "p" status with:
      """
      status:
        extendedResourceClaimStatus:
          resourceClaimName: P_Extended
          requestMappings:
          - {containerName: app, resourceName: example.com/gpu, requestName: container-1-request-1}
      """
    Then the request is rejected with a cause at "status.extendedResourceClaimStatus.resourceClaimName" of reason "FieldValueInvalid" whose message starts with "Invalid value: "P_Extended": a lowercase RFC 1123 subdomain must consist of"

  @component:apiserver @req:5004-R13 @gate:DRAExtendedResource @version:1.36
  Scenario: With DRAExtendedResource off (1.36) extendedResourceClaimStatus is dropped on write
    KEP-5004 "Enablement"; k/k pkg/api/pod dropDisabledFields clears the status field unless the
    old status already had one (api-truth §9.6).
    Given a Kubernetes 1.36 cluster
    And the feature gate DRAExtendedResource is disabled
    And the objects from fixture "kep-5004/pod-extended-resources.yaml"
    When I patch the Pod "p" status with:
      """
      status:
        extendedResourceClaimStatus:
          resourceClaimName: p-extended-resources-x7k2q
          requestMappings:
          - {containerName: app, resourceName: example.com/gpu, requestName: container-1-request-1}
      """
    Then the request succeeds
    And the Pod "p" has no "status.extendedResourceClaimStatus"

  @component:apiserver @req:5004-R13 @gate:DRAExtendedResource @version:1.36
  Scenario: An extendedResourceClaimStatus already set survives status writes after the gate is turned off
    KEP-5004 "Enablement" (running pods continue); drop-unless-in-use (api-truth §9.6).
    Given a Kubernetes 1.36 cluster
    And the objects from fixture "kep-5004/pod-extended-resources.yaml"
    When I patch the Pod "p" status with:
      """
      status:
        extendedResourceClaimStatus:
          resourceClaimName: p-extended-resources-x7k2q
          requestMappings:
          - {containerName: app, resourceName: example.com/gpu, requestName: container-1-request-1}
      """
    And the feature gate DRAExtendedResource is disabled
    And I patch the Pod "p" status with:
      """
      status:
        extendedResourceClaimStatus:
          resourceClaimName: p-extended-resources-x7k2q
          requestMappings:
          - {containerName: app, resourceName: example.com/gpu, requestName: container-1-request-0}
      """
    Then the request succeeds
    And the Pod "p" has "status.extendedResourceClaimStatus.requestMappings[0].requestName" equal to container-1-request-0

  # ------------------------------------------------------------------ ResourceClaim API
  # The special claim the scheduler writes is an ordinary ResourceClaim; these are the
  # resource.k8s.io/v1 claim rules it has to satisfy (k/k validateDeviceClaim, api-truth §9.5).

  @component:apiserver @req:5004-R15 @req:5004-R19
  Scenario Outline: A claim holds at most 32 device requests
    KEP-5004 "Failure modes" + "Resource Claim API": one special claim per pod, so at most
    32 requests (DeviceRequestsMaxSize); the KEP's "128 devices" was not shipped (api-truth §9.9).
    Given a ResourceClaim manifest:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: c
      spec:
        devices:
          requests:
          - name: gpu
            exactly:
              deviceClassName: gpu.example.com
      """
    And the list "spec.devices.requests" is filled to <n> items from its first item
    When I create the manifest
    Then the outcome is "<outcome>"

    Examples:
      | n  | outcome |
      | 32 | accepted |
      | 33 | spec.devices.requests: Too many: 33: must have at most 32 items |

  @component:apiserver @req:5004-R19
  Scenario Outline: Device request rules of a ResourceClaim
    k/k validateDeviceRequest / validateExactDeviceRequest / validateDeviceAllocationMode
    (read at k/k abe8f409). A request is exactly one of `exactly` or `firstAvailable`; the
    "multiple" case renders a nil value as null.
    Given a cluster
    When I create:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: c
      spec:
        devices:
          requests:
          - <request>
      """
    Then the outcome is "<outcome>"

    Examples:
      | request | outcome |
      | {name: gpu, exactly: {deviceClassName: gpu.example.com}} | accepted |
      | {name: gpu, firstAvailable: [{name: big, deviceClassName: gpu.example.com}, {name: small, deviceClassName: gpu.example.com}]} | accepted |
      | {name: gpu} | spec.devices.requests[0]: Required value: exactly one of `exactly` or `firstAvailable` is required |
      | {name: gpu, exactly: {deviceClassName: gpu.example.com}, firstAvailable: [{name: big, deviceClassName: gpu.example.com}]} | spec.devices.requests[0]: Invalid value: null: exactly one of `exactly` or `firstAvailable` is required, but multiple fields are set |
      | {name: GPU_0, exactly: {deviceClassName: gpu.example.com}} | spec.devices.requests[0].name: Invalid value: "GPU_0": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?') |
      | {name: gpu, exactly: {}} | spec.devices.requests[0].exactly.deviceClassName: Required value |
      | {name: gpu, exactly: {deviceClassName: gpu.example.com, count: -1}} | spec.devices.requests[0].exactly.count: Invalid value: -1: must be greater than zero |
      | {name: gpu, exactly: {deviceClassName: gpu.example.com, allocationMode: All, count: 2}} | spec.devices.requests[0].exactly.count: Invalid value: 2: must not be specified when allocationMode is 'All' |
      | {name: gpu, exactly: {deviceClassName: gpu.example.com, allocationMode: Some}} | spec.devices.requests[0].exactly.allocationMode: Unsupported value: "Some": supported values: "All", "ExactCount" |

  @component:apiserver @req:5004-R19
  Scenario: Request names in a claim are unique
    k/k validateSet reports the repeated key at the list index (api-truth §9.5).
    Given a cluster
    When I create:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: c
      spec:
        devices:
          requests:
          - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
          - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
      """
    Then the outcome is "spec.devices.requests[1]: Duplicate value: "gpu""

  @component:apiserver @req:5004-R19
  Scenario Outline: Selectors per request and prioritized alternatives are bounded
    DeviceSelectorsMaxSize = 32 and FirstAvailableDeviceRequestMaxSize = 8 (api-truth §2.3, §9.5).
    Given a ResourceClaim manifest:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: c
      spec:
        devices:
          requests:
          - name: gpu
            exactly:
              deviceClassName: gpu.example.com
              selectors:
              - cel:
                  expression: device.driver == "gpu.example.com"
          - name: any
            firstAvailable:
            - name: alt
              deviceClassName: gpu.example.com
      """
    And the list "<list>" is filled to <n> items from its first item
    When I create the manifest
    Then the outcome is "<outcome>"

    Examples:
      | list                                         | n  | outcome |
      | spec.devices.requests[0].exactly.selectors   | 32 | accepted |
      | spec.devices.requests[0].exactly.selectors   | 33 | spec.devices.requests[0].exactly.selectors: Too many: 33: must have at most 32 items |
      | spec.devices.requests[1].firstAvailable      | 8  | accepted |
      | spec.devices.requests[1].firstAvailable      | 9  | spec.devices.requests[1].firstAvailable: Too many: 9: must have at most 8 items |

  @component:apiserver @req:5004-R19
  Scenario Outline: Constraints name requests of the claim and are bounded
    k/k validateDeviceConstraint: referenced requests must exist; with DRAConsumableCapacity on
    (beta, default on) a constraint without matchAttribute/distinctAttribute gets k/k's
    (oddly worded) Required at the constraint; at most 32 constraints (DeviceConstraintsMaxSize).
    Given a ResourceClaim manifest:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: c
      spec:
        devices:
          requests:
          - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
          - {name: nic, exactly: {deviceClassName: nic.example.com}}
          constraints:
          - <constraint>
      """
    And the list "spec.devices.constraints" is filled to <n> items from its first item
    When I create the manifest
    Then the outcome is "<outcome>"

    Examples:
      | constraint | n | outcome |
      | {requests: [gpu, nic], matchAttribute: resource.kubernetes.io/pcieRoot} | 32 | accepted |
      | {requests: [gpu, nic], matchAttribute: resource.kubernetes.io/pcieRoot} | 33 | spec.devices.constraints: Too many: 33: must have at most 32 items |
      | {requests: [gpu, fpga], matchAttribute: resource.kubernetes.io/pcieRoot} | 1 | spec.devices.constraints[0].requests[1]: Invalid value: "fpga": must be the name of a request in the claim or the name of a request and a subrequest separated by '/' |
      | {requests: [gpu, nic]} | 1 | spec.devices.constraints[0]: Required value: exactly one of "matchAttribute" or "distinctAttribute" is required, but multiple fields are set |

  @component:apiserver @req:5004-R19
  Scenario Outline: Request defaults: ExactCount with count 1
    Defaulting of resource.k8s.io/v1 ExactDeviceRequest: allocationMode defaults to ExactCount
    and count to 1 for ExactCount; an All request keeps no count.
    Given a cluster
    When I create:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: c
      spec:
        devices:
          requests:
          - name: gpu
            exactly: <exactly>
      """
    Then the request succeeds
    And the stored object has "spec.devices.requests[0].exactly.allocationMode" equal to <mode>
    And the stored object has "spec.devices.requests[0].exactly.count" equal to <count>

    Examples:
      | exactly                                              | mode       | count |
      | {deviceClassName: gpu.example.com}                   | ExactCount | 1     |
      | {deviceClassName: gpu.example.com, count: 3}         | ExactCount | 3     |
      | {deviceClassName: gpu.example.com, allocationMode: ExactCount, count: 0} | ExactCount | 1 |

  @component:apiserver @req:5004-R19
  Scenario: An All request is not given a count
    Defaulting of ExactDeviceRequest sets count only for ExactCount.
    Given a cluster
    When I create:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: c
      spec:
        devices:
          requests:
          - {name: gpu, exactly: {deviceClassName: gpu.example.com, allocationMode: All}}
      """
    Then the request succeeds
    And the stored object has no "spec.devices.requests[0].exactly.count"

  @component:apiserver @req:5004-R19
  Scenario: A claim spec is immutable
    k/k ValidateResourceClaimUpdate: only immutability is checked for spec changes.
    Given the objects:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: c
      spec:
        devices:
          requests:
          - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
      """
    When I set "spec.devices.requests[0].exactly.deviceClassName" of the ResourceClaim "c" to fpga.example.com
    Then the request is rejected with a cause at "spec" of reason "FieldValueInvalid" whose message ends with ": field is immutable"

  @component:apiserver @req:5004-R19
  Scenario Outline: A ResourceClaimTemplate applies the same claim rules under spec.spec
    k/k validateResourceClaimTemplateSpec validates the embedded claim spec at spec.spec.
    Given a ResourceClaimTemplate manifest:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaimTemplate
      metadata:
        name: t
      spec:
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
      """
    And the list "spec.spec.devices.requests" is filled to <n> items from its first item
    When I create the manifest
    Then the outcome is "<outcome>"

    Examples:
      | n  | outcome |
      | 32 | accepted |
      | 33 | spec.spec.devices.requests: Too many: 33: must have at most 32 items |

  @component:apiserver @req:5004-R19
  Scenario: A ResourceClaimTemplate request is defaulted like a claim request
    Defaulting of ExactDeviceRequest also applies inside a template.
    Given a cluster
    When I create:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaimTemplate
      metadata:
        name: t
      spec:
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
      """
    Then the request succeeds
    And the stored object has "spec.spec.devices.requests[0].exactly.allocationMode" equal to ExactCount
    And the stored object has "spec.spec.devices.requests[0].exactly.count" equal to 1

  @component:apiserver @req:5004-R04 @req:5004-R19
  Scenario Outline: reservedFor holds at most 256 unique consumers
    ResourceClaimReservedForMaxSize = 256, unique by uid; k/k validateResourceClaimStatusUpdate
    (api-truth §1.3, §9.5). The special claim is reserved for its pod through this list.
    Given the objects:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: c
      spec:
        devices:
          requests:
          - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
      """
    And a ResourceClaim manifest:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: c
      status:
        allocation:
          devices:
            results:
            - {request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-0}
        reservedFor:
        - {resource: pods, name: p, uid: 9b7c1a3e-0000-4000-8000-000000000000}
      """
    And the list "status.reservedFor" is filled to <n> items from its first item with a unique "uid"
    When I write the manifest status to the ResourceClaim "c"
    Then the outcome is "<outcome>"

    Examples:
      | n   | outcome |
      | 256 | accepted |
      | 257 | status.reservedFor: Too many: 257: must have at most 256 items |

  @component:apiserver @req:5004-R19
  Scenario: A consumer may be listed in reservedFor only once
    k/k validateSet over reservedFor keyed by uid (api-truth §9.5).
    Given the objects:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: c
      spec:
        devices:
          requests:
          - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
      """
    When I patch the ResourceClaim "c" status with:
      """
      status:
        allocation:
          devices:
            results:
            - {request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-0}
        reservedFor:
        - {resource: pods, name: p, uid: 9b7c1a3e-0000-4000-8000-000000000001}
        - {resource: pods, name: q, uid: 9b7c1a3e-0000-4000-8000-000000000001}
      """
    Then the outcome is "status.reservedFor[1]: Duplicate value: "9b7c1a3e-0000-4000-8000-000000000001""

  @component:apiserver @req:5004-R19
  Scenario: reservedFor needs an allocation
    k/k validateResourceClaimStatusUpdate: Forbidden when reservedFor is set without allocation.
    Given the objects:
      """
      apiVersion: resource.k8s.io/v1
      kind: ResourceClaim
      metadata:
        name: c
      spec:
        devices:
          requests:
          - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
      """
    When I patch the ResourceClaim "c" status with:
      """
      status:
        reservedFor:
        - {resource: pods, name: p, uid: 9b7c1a3e-0000-4000-8000-000000000001}
      """
    Then the outcome is "status.reservedFor: Forbidden: may not be specified when `allocated` is not set"
