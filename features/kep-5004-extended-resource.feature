@kep-5004 @needs-gate:DRAExtendedResource
Feature: KEP-5004 DRA extended resources
  Pods ask for an extended resource such as example.com/gpu and DRA devices serve it.
  Encoded from the shipped API (resource.k8s.io/v1 DeviceClass.spec.extendedResourceName,
  core/v1 Pod.status.extendedResourceClaimStatus) where it differs from the KEP text.
  Expected messages come from k/k pkg/apis/resource/validation and pkg/apis/core/validation
  (api-truth.md §9.2, §9.5) rendered by apimachinery field errors (§9.1).

  Rule: API, validation and defaulting

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

    @component:apiserver @req:5004-R19 @needs-gate:DRAConsumableCapacity
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

    @component:apiserver @req:5004-R17
    Scenario Outline: A selector's constant regular expression must be RE2: matches is refused at compile time
      The class selectors an extended-resource pod is allocated with compile in the Kubernetes
      CEL base env, which validates constant matches() patterns with Go's regexp (RE2: no
      lookaround, no backreferences): cel-go cel/validator.go ValidateRegexLiterals, enabled in
      k8s.io/apiserver pkg/cel/environment/base.go since 1.29 (v0.36.0). The DRA compiler
      (k8s.io/dynamic-resource-allocation cel/compile.go) reports "compilation failed: <issues>".
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
              expression: device.attributes["gpu.example.com"].model.matches("<pattern>")
        """
      When I create the manifest
      Then the request is rejected as Invalid (422)
      And the error message contains "compilation failed: ERROR: <input>:1:52: invalid matches argument"

      Examples:
        | pattern      |
        | ^(?!t4)      |
        | (a)\\\\1     |
        | [a-z         |

    @component:apiserver @req:5004-R17
    Scenario Outline: A selector's constant find()/findAll() pattern must be RE2: the program cannot be built
      k8s.io/apiserver pkg/cel/library/regex.go compiles constant find/findAll patterns when the
      program is planned (cel.OptimizeRegex); the DRA compiler turns that into an internal error
      "program instantiation failed: <Go regexp error>" (cel/compile.go); a pattern RE2 accepts
      is stored. Go's regexp reads "(?<" as a named capture (Go 1.22+).
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
              expression: device.attributes["gpu.example.com"].model.<call> == ""
        """
      When I create the manifest
      Then the outcome is "<outcome>"

      Examples:
        | call                       | outcome |
        | find("(?<=h)100")          | spec.selectors[0].cel.expression: Internal error: program instantiation failed: error parsing regexp: invalid named capture: `(?<=h)100` |
        | find("(?=a)")              | spec.selectors[0].cel.expression: Internal error: program instantiation failed: error parsing regexp: invalid or unsupported Perl syntax: `(?=` |
        | findAll("a**").join(",")   | spec.selectors[0].cel.expression: Internal error: program instantiation failed: error parsing regexp: invalid nested repetition operator: `**` |
        | find("^[ah]100(-[0-9]+)?$") | accepted |

  @component:scheduler
  Rule: Scheduling and controllers
    KEP-5004 DRA extended resources in the scheduler and controllers.
    A pod that asks for an extended resource (example.com/gpu) runs unmodified on a node whose
    devices a DRA driver publishes, when a DeviceClass maps the name. Encoded from the shipped
    behaviour (api-truth §1.4, k/k extendeddynamicresources.go): the scheduler creates one
    special claim per pod at PreBind (generateName "<pod>-extended-resources-", controller
    ownerReference to the pod, annotation resource.kubernetes.io/extended-resource-claim "true",
    request names container-<i>-request-<j>) and records pod.status.extendedResourceClaimStatus
    with requestMappings/resourceName (the KEP text says requestMapping/extendedResourceName).

    Background:
      Given a node "node-1" with cpu "8", memory "32Gi", pods "110"
      And the objects from fixture "kep-5004/scheduling/gpu-class-and-8-devices.yaml"

    @req:5004-R01 @req:5004-R04 @req:5004-R06
    Scenario: One of eight GPUs goes to an unmodified pod; seven stay for pods and claims alike
      KEP-5004 "Motivation" and "Resource Claim API": the special claim is made at PreBind and
      holds one device; the other seven can be allocated to extended-resource pods and claims.
      When I apply the fixture "kep-5004/scheduling/pod-one-gpu.yaml"
      Then the Pod "gpu-pod" is scheduled to "node-1"
      And the extended resource claim of Pod "gpu-pod" is named with the prefix "gpu-pod-extended-resources-"
      And the extended resource claim of Pod "gpu-pod" contains:
        """
        metadata:
          annotations:
            resource.kubernetes.io/extended-resource-claim: "true"
          ownerReferences:
          - apiVersion: v1
            kind: Pod
            name: gpu-pod
            controller: true
          finalizers:
          - resource.kubernetes.io/delete-protection
        spec:
          devices:
            requests:
            - name: container-0-request-0
              exactly:
                deviceClassName: gpu.example.com
                allocationMode: ExactCount
                count: 1
        status:
          reservedFor:
          - resource: pods
            name: gpu-pod
        """
      And the extended resource claim of Pod "gpu-pod" has 1 allocated device
      And the Pod "gpu-pod" has "status.extendedResourceClaimStatus.requestMappings" equal to [{containerName: app, resourceName: example.com/gpu, requestName: container-0-request-0}]
      And the extended resource claim of Pod "gpu-pod" has no "metadata.annotations[resource.kubernetes.io/pod-claim-name]"
      When I apply the fixture "kep-5004/scheduling/claim-template-one-gpu.yaml"
      And I create 3 pods named "claim-pod-{i}" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              claims:
              - name: gpu
          resourceClaims:
          - name: gpu
            resourceClaimTemplateName: one-gpu
        """
      And I create 4 pods named "ext-pod-{i}" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests:
                example.com/gpu: "1"
              limits:
                example.com/gpu: "1"
        """
      Then 3 pods named "claim-pod-{i}" are scheduled
      And 4 pods named "ext-pod-{i}" are scheduled
      And 8 devices of driver "gpu.example.com" are allocated
      And there are 5 extended resource claims

    @req:5004-R02
    Scenario Outline: The implicit name deviceclass.resource.kubernetes.io/<class> reaches every class
      KEP-5004 "Device Class API": every class is also reachable as
      deviceclass.resource.kubernetes.io/<class>, whether or not it sets extendedResourceName.
      When I create 1 pod named "implicit" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests:
                <resource>: "2"
              limits:
                <resource>: "2"
        """
      Then the Pod "implicit" is scheduled to "node-1"
      And the extended resource claim of Pod "implicit" has 2 allocated devices
      And the Pod "implicit" has "status.extendedResourceClaimStatus.requestMappings[0].resourceName" equal to <resource>

      Examples:
        | resource                                           |
        | example.com/gpu                                    |
        | deviceclass.resource.kubernetes.io/gpu.example.com |

    @req:5004-R05
    Scenario: Request names follow container indices over init and regular containers and sorted request keys
      KEP-5004 "Resource Claim API" as implemented: i indexes initContainers ++ containers; j is
      the index among the container's sorted request keys (cpu and memory count); a plain init
      container reuses the request of a later long-lived container; requests are sorted by name.
      When I create 1 pod named "naming" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          initContainers:
          - name: init
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
          containers:
          - name: first
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 100m, example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
          - name: second
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 100m, memory: 10Mi, example.com/gpu: "2"}
              limits: {example.com/gpu: "2"}
        """
      Then the Pod "naming" is scheduled to "node-1"
      And the extended resource claim of Pod "naming" contains:
        """
        spec:
          devices:
            requests:
            - name: container-1-request-1
              exactly: {deviceClassName: gpu.example.com, allocationMode: ExactCount, count: 1}
            - name: container-2-request-1
              exactly: {deviceClassName: gpu.example.com, allocationMode: ExactCount, count: 2}
        """
      And the Pod "naming" has "status.extendedResourceClaimStatus.requestMappings" equal to [{containerName: first, resourceName: example.com/gpu, requestName: container-1-request-1}, {containerName: second, resourceName: example.com/gpu, requestName: container-2-request-1}, {containerName: init, resourceName: example.com/gpu, requestName: container-1-request-1}]
      And the extended resource claim of Pod "naming" has 3 allocated devices

    @req:5004-R07
    Scenario: A device-plugin node and a DRA node both serve the name; the device-plugin node makes no claim
      KEP-5004 "Scheduling": a node with device-plugin capacity for the name serves it that way
      (no special claim); a node without it serves it through DRA.
      Given a node "dp-node" with cpu "8", memory "32Gi", example.com/gpu "4"
      When I create 1 pod named "on-dp" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          nodeSelector: {kubernetes.io/hostname: dp-node}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      And I create 1 pod named "on-dra" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          nodeSelector: {kubernetes.io/hostname: node-1}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      Then the Pod "on-dp" is scheduled to "dp-node"
      And the Pod "on-dp" has no "status.extendedResourceClaimStatus"
      And the Pod "on-dra" is scheduled to "node-1"
      And there is 1 extended resource claim
      And a pod requesting example.com/gpu "3" fits on node "dp-node"
      And a pod requesting example.com/gpu "4" does not fit on node "dp-node"

    @req:5004-R08
    Scenario: A pod with an extended resource and a regular claim gets both, on different devices
      KEP-5004 "Scheduling": the special claim and the pod's own claims are allocated together.
      When I apply the fixture "kep-5004/scheduling/claim-template-one-gpu.yaml"
      And I create 1 pod named "both" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
              claims: [{name: gpu}]
          resourceClaims:
          - name: gpu
            resourceClaimTemplateName: one-gpu
        """
      Then the Pod "both" is scheduled to "node-1"
      And the extended resource claim of Pod "both" has 1 allocated device
      And the claim "gpu" of Pod "both" has 1 allocated device
      And 2 devices of driver "gpu.example.com" are allocated

    @req:5004-R09
    Scenario: Not enough devices: the pod stays pending and no claim is left behind
      KEP-5004 "Failure handling": the special claim only exists in memory until PreBind, so a
      pod that does not fit leaves nothing behind; the Filter reason is "cannot allocate all claims".
      When I create 1 pod named "too-many" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "9"}
              limits: {example.com/gpu: "9"}
        """
      Then the Pod "too-many" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      And there are 0 extended resource claims
      And there is an event "FailedScheduling" for Pod "too-many" starting with "0/1 nodes are available: 1 cannot allocate all claims."

    @req:5004-R09
    Scenario: A resource neither on the node nor mapped to a class is Insufficient
      KEP-5004 "Scheduling": neither device plugin nor DRA -> NodeResourcesFit "Insufficient <resource>".
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
      Then the Pod "unknown" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient example.com/fpga."

    @req:5004-R09 @req:5004-R10
    Scenario: The special claim is freed when the pod goes, and a pending pod then gets the devices
      KEP-5004 "Lifecycle": pod deletion garbage-collects the special claim (owner reference) and
      the ResourceClaim controller removes the finalizer; the devices are free again.
      When I create 1 pod named "first" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "8"}
              limits: {example.com/gpu: "8"}
        """
      And I create 1 pod named "second" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "4"}
              limits: {example.com/gpu: "4"}
        """
      Then the Pod "first" is scheduled to "node-1"
      And the Pod "second" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      When I delete the Pod "first"
      Then the Pod "second" is scheduled to "node-1"
      And there is 1 extended resource claim
      And 4 devices of driver "gpu.example.com" are allocated

    @req:5004-R10
    Scenario: A scheduler restart reuses the existing special claim
      KEP-5004 "Lifecycle": after a restart the scheduler finds the pod's claim by annotation and
      controller owner, and makes no second one.
      When I apply the fixture "kep-5004/scheduling/pod-one-gpu.yaml"
      Then the Pod "gpu-pod" is scheduled to "node-1"
      When the scheduler restarts
      Then there is 1 extended resource claim
      And the metric scheduler_resourceclaim_creates_total{status="success"} is 0

    @req:5004-R15
    Scenario: More than 32 devices in one pod cannot be allocated
      api-truth §9.9: a claim holds at most 32 devices; all DRA-backed extended resources of a
      pod share one claim, so asking for 33 aborts allocation with the allocator's error.
      Given a ResourceSlice "big" of driver "gpu.example.com" on node "node-2" with 40 devices named "big-"
      And a node "node-2" with cpu "8", memory "32Gi"
      When I create 1 pod named "greedy" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          nodeSelector: {kubernetes.io/hostname: node-2}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "33"}
              limits: {example.com/gpu: "33"}
        """
      Then the Pod "greedy" stays pending with reason "SchedulerError" and a message containing "exceeds the claim limit of 32"
      And there are 0 extended resource claims

    @req:5004-R16
    Scenario: The scheduler counts its claim creations and the controller labels the claim's source
      KEP-5004 "Monitoring": scheduler_resourceclaim_creates_total{status} and the source label of
      resourceclaim_controller_resource_claims.
      When I apply the fixture "kep-5004/scheduling/pod-one-gpu.yaml"
      Then the Pod "gpu-pod" is scheduled to "node-1"
      And the metric scheduler_resourceclaim_creates_total{status="success"} is 1
      And the metric resourceclaim_controller_resource_claims{admin_access="false",allocated="true",source="extended_resource"} is 1

    # since 1.35: the quota key requests.deviceclass.resource.kubernetes.io/<class> (ResourceImplicitExtendedClaimsPerClass) first appears in kubernetes-1.35.0; 1.34.0 has no such key (api-truth §1.2)
    @req:5004-R11 @since:1.35
    Scenario: Quota counts the same devices under the three keys of the KEP's worked example
      KEP-5004 "Resource Quota" (shipped key requests.deviceclass.resource.kubernetes.io/<class>,
      the KEP writes "request."): one device-plugin GPU, one explicit-name DRA GPU, one
      implicit-name DRA GPU, one pod claim and one template claim -> 5 / 4 / 4.
      Given a node "dp-node" with cpu "8", memory "32Gi", example.com/gpu "4"
      And the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata:
          name: gpu
        spec:
          hard:
            requests.example.com/gpu: "10"
            requests.deviceclass.resource.kubernetes.io/gpu.example.com: "10"
            gpu.example.com.deviceclass.resource.k8s.io/devices: "10"
        """
      When I apply the fixture "kep-5004/scheduling/claim-template-one-gpu.yaml"
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: user-claim
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: dp}
        spec:
          nodeSelector: {kubernetes.io/hostname: dp-node}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {example.com/gpu: "1"}, limits: {example.com/gpu: "1"}}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: explicit}
        spec:
          nodeSelector: {kubernetes.io/hostname: node-1}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {example.com/gpu: "1"}, limits: {example.com/gpu: "1"}}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: implicit}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {deviceclass.resource.kubernetes.io/gpu.example.com: "1"}, limits: {deviceclass.resource.kubernetes.io/gpu.example.com: "1"}}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: by-claim}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: user-claim}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: by-template}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: one-gpu}
        """
      Then the request succeeds
      And the ResourceQuota "gpu" contains:
        """
        status:
          used:
            requests.example.com/gpu: "5"
            requests.deviceclass.resource.kubernetes.io/gpu.example.com: "4"
            gpu.example.com.deviceclass.resource.k8s.io/devices: "4"
        """

    @req:5004-R11
    Scenario: A pod that would exceed the extended-resource quota is refused
      KEP-5004 "Resource Quota": requests.example.com/gpu is enforced at admission.
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata:
          name: gpu
        spec:
          hard:
            requests.example.com/gpu: "1"
        """
      When I apply the fixture "kep-5004/scheduling/pod-one-gpu.yaml"
      And I create 1 pod named "second" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      Then the request is rejected as Forbidden (403)
      And the error message contains "exceeded quota: gpu, requested: requests.example.com/gpu=1, used: requests.example.com/gpu=1, limited: requests.example.com/gpu=1"

    @version:1.36 @gate:DRAExtendedResource @req:5004-R13
    Scenario: Gate off at 1.36: only device-plugin nodes serve the name and no special claim is made
      KEP-5004 "Enablement": with DRAExtendedResource off the scheduler skips extended-resource
      handling; the DRA-only node reports Insufficient; turning the gate on again schedules it.
      Given the feature gate DRAExtendedResource is disabled
      When I apply the fixture "kep-5004/scheduling/pod-one-gpu.yaml"
      Then the Pod "gpu-pod" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient example.com/gpu."
      And there are 0 extended resource claims
      When the feature gate DRAExtendedResource is enabled
      Then the Pod "gpu-pod" is scheduled to "node-1"
      And there is 1 extended resource claim

    @version:1.36 @req:5004-R14
    Scenario: Upgrade 1.36 -> 1.37 -> 1.36 keeps the special claim valid and new pods still get one
      KEP-5004 "Upgrade/Downgrade": the claim and the pod status survive; the restarted
      scheduler makes a second claim for a new pod only.
      When I apply the fixture "kep-5004/scheduling/pod-one-gpu.yaml"
      Then the Pod "gpu-pod" is scheduled to "node-1"
      When the cluster is upgraded to Kubernetes 1.37
      And I create 1 pod named "after-upgrade" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      Then the Pod "after-upgrade" is scheduled to "node-1"
      When the cluster is downgraded to Kubernetes 1.36
      Then there are 2 extended resource claims
      And 2 devices of driver "gpu.example.com" are allocated
      And the extended resource claim of Pod "gpu-pod" has 1 allocated device

    @req:5004-R09 @req:5004-R10
    Scenario: A stale special claim from an earlier cycle is deleted (finalizer first) and the pod then gets a fresh one
      KEP-5004 "Failure handling", as shipped (api-truth §1.4, k/k extendeddynamicresources.go
      filterExtendedResources/PostFilter): a special claim found for the pod that already has
      spec requests comes from an earlier cycle; Filter rejects the node with
      UnschedulableAndUnresolvable "cannot schedule extended resource claim", PostFilter removes
      the finalizer resource.kubernetes.io/delete-protection with an update, deletes the claim
      and reports "deletion of ResourceClaim completed"; the deletion requeues the pod, which
      gets a new claim at PreBind. The KEP only says the claim is "cleaned up"; the
      finalizer-first order and the texts are the shipped ones. The stale claim is left as a
      scheduler would leave it after a crash between create and bind (scheduling gate holds the
      pod until the claim exists).
      When I create 1 pod named "gpu-pod" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          schedulingGates:
          - name: example.com/hold
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      And I create the ResourceClaim "gpu-pod-extended-resources-leftover" controlled by Pod "gpu-pod":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          annotations:
            resource.kubernetes.io/extended-resource-claim: "true"
          finalizers:
          - resource.kubernetes.io/delete-protection
        spec:
          devices:
            requests:
            - name: container-0-request-0
              exactly: {deviceClassName: gpu.example.com, allocationMode: ExactCount, count: 1}
        """
      And I patch the Pod "gpu-pod" with:
        """
        spec:
          schedulingGates: []
        """
      Then the Pod "gpu-pod" is scheduled to "node-1"
      And the ResourceClaim "gpu-pod-extended-resources-leftover" does not exist
      And there is an event "FailedScheduling" for Pod "gpu-pod" starting with "0/1 nodes are available: 1 cannot schedule extended resource claim."
      And there is an event "FailedScheduling" for Pod "gpu-pod" containing "deletion of ResourceClaim completed"
      And there is 1 extended resource claim
      And the extended resource claim of Pod "gpu-pod" is named with the prefix "gpu-pod-extended-resources-"
      And the extended resource claim of Pod "gpu-pod" has 1 allocated device
      And 1 device of driver "gpu.example.com" is allocated
      And the metric scheduler_resourceclaim_creates_total{status="success"} is 1

    @req:5004-R09 @req:5004-R16 @needs:logical-clock
    Scenario: A failed PreBind (claim creation refused by quota) leaves nothing behind and is retried
      KEP-5004 "Failure handling" and "Monitoring", as shipped (api-truth §1.4): PreBind creates
      the special claim and counts scheduler_resourceclaim_creates_total{status="failure"} when
      the API server refuses it; the pod gets PodScheduled=False reason SchedulerError with the
      PreBind error (schedule_one: 'running PreBind plugin "DynamicResources": ...') and is
      retried after its backoff. The failure is injected through the API: an object-count quota
      count/resourceclaims.resource.k8s.io of 0 (quota admission message format
      "exceeded quota: <name>, requested: ..., used: ..., limited: ..."). Raising the quota and
      letting the backoff pass schedules the pod with exactly one claim.
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata:
          name: claims
        spec:
          hard:
            count/resourceclaims.resource.k8s.io: "0"
        """
      When I apply the fixture "kep-5004/scheduling/pod-one-gpu.yaml"
      Then the Pod "gpu-pod" stays pending with reason "SchedulerError" and a message starting with "running PreBind plugin "
      And the Pod "gpu-pod" stays pending with reason "SchedulerError" and a message containing "exceeded quota: claims, requested: count/resourceclaims.resource.k8s.io=1, used: count/resourceclaims.resource.k8s.io=0, limited: count/resourceclaims.resource.k8s.io=0"
      And there are 0 extended resource claims
      And 0 devices of driver "gpu.example.com" are allocated
      And the metric scheduler_resourceclaim_creates_total{status="failure"} is 1
      And the metric scheduler_resourceclaim_creates_total{status="success"} is 0
      When I patch the ResourceQuota "claims" with:
        """
        spec:
          hard:
            count/resourceclaims.resource.k8s.io: "1"
        """
      And 10 seconds pass
      Then the Pod "gpu-pod" is scheduled to "node-1"
      And there is 1 extended resource claim
      And the extended resource claim of Pod "gpu-pod" has 1 allocated device
      And the metric scheduler_resourceclaim_creates_total{status="failure"} is 1
      And the metric scheduler_resourceclaim_creates_total{status="success"} is 1

    @version:1.36 @gate:DRAExtendedResource @req:5004-R13
    Scenario: Gate on -> off -> on at 1.36: running pods keep their claims and nothing stale is left
      KEP-5004 "Enablement" / "Rollback": turning DRAExtendedResource off restarts the scheduler
      without extended-resource handling; the running pod keeps its claim and status (drop only
      when not already in use, api-truth §9.6); a pod created while off stays pending with
      NodeResourcesFit "Insufficient example.com/gpu" and gets no claim; a pod deleted while off
      still has its claim garbage-collected (owner reference; neither the garbage collector nor
      the ResourceClaim controller depend on the gate). Turning the gate on again schedules the
      waiting pod with a claim of its own; no claim of the deleted pod survives.
      When I apply the fixture "kep-5004/scheduling/pod-one-gpu.yaml"
      And I create 1 pod named "short-lived" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "2"}
              limits: {example.com/gpu: "2"}
        """
      Then the Pod "gpu-pod" is scheduled to "node-1"
      And the Pod "short-lived" is scheduled to "node-1"
      And there are 2 extended resource claims
      When the feature gate DRAExtendedResource is disabled
      And I delete the Pod "short-lived"
      And I create 1 pod named "while-off" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      Then the Pod "while-off" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient example.com/gpu."
      And the Pod "while-off" has no "status.extendedResourceClaimStatus"
      And there is 1 extended resource claim
      And the extended resource claim of Pod "gpu-pod" has 1 allocated device
      And the Pod "gpu-pod" has "status.extendedResourceClaimStatus.requestMappings" equal to [{containerName: app, resourceName: example.com/gpu, requestName: container-0-request-0}]
      And 1 device of driver "gpu.example.com" is allocated
      When the feature gate DRAExtendedResource is enabled
      Then the Pod "while-off" is scheduled to "node-1"
      And there are 2 extended resource claims
      And the extended resource claim of Pod "while-off" is named with the prefix "while-off-extended-resources-"
      And the extended resource claim of Pod "while-off" has 1 allocated device
      And the devices of Pod "while-off" are different from the devices of Pod "gpu-pod"
      And 2 devices of driver "gpu.example.com" are allocated
      And the metric scheduler_resourceclaim_creates_total{status="success"} is 1

    # since 1.37: a Filter timeout is an error from 1.37 on (kubernetes PR 137607); before, the node is unschedulable
    @req:5004-R09 @gate:DRASchedulerFilterTimeout @since:1.37
    Scenario: A pod asking for more GPUs than a node has: the scheduler gives up on that node after its Filter timeout (1.37)
      The allocator tries every subset of a node's 30 GPUs before it can tell that 31 do not fit
      (2^30 attempts, far beyond the default DynamicResources filterTimeout of 10s, gate
      DRASchedulerFilterTimeout beta since 1.34). Since kubernetes PR 137607 (1.37) Filter returns
      an error "node <name>: timed out trying to allocate devices" so the pod is retried with
      backoff (k/k pkg/scheduler/framework/plugins/dynamicresources/dynamicresources.go Filter;
      test/integration/dra FilterTimeout). drakit measures the search, not the wall clock.
      Given a node "node-2" with cpu "8", memory "32Gi", pods "110"
      And a ResourceSlice "node-2-gpus" of driver "gpu.example.com" on node "node-2" with 30 devices named "big-"
      When I create 1 pod named "greedy" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "31"}
              limits: {example.com/gpu: "31"}
        """
      Then the Pod "greedy" stays pending with reason "SchedulerError" and a message starting with "running "DynamicResources" filter plugin: node node-2: timed out trying to allocate devices"
      And 0 devices of driver "gpu.example.com" are allocated

    # until 1.36: from 1.37 a Filter timeout is an error (kubernetes PR 137607)
    @req:5004-R09 @gate:DRASchedulerFilterTimeout @until:1.36
    Scenario: A pod asking for more GPUs than a node has: the node is unschedulable after the Filter timeout (1.34-1.36)
      From 1.34 (PR 132033) to 1.36 the timeout makes the node UnschedulableAndUnresolvable "timed
      out trying to allocate devices" (dynamicresources.go Filter before kubernetes PR 137607);
      node-1's 8 GPUs are searched to the end in time ("cannot allocate all claims").
      Given a node "node-2" with cpu "8", memory "32Gi", pods "110"
      And a ResourceSlice "node-2-gpus" of driver "gpu.example.com" on node "node-2" with 30 devices named "big-"
      When I create 1 pod named "greedy" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "31"}
              limits: {example.com/gpu: "31"}
        """
      Then the Pod "greedy" stays pending with reason "Unschedulable" and a message starting with "0/2 nodes are available: 1 cannot allocate all claims, 1 timed out trying to allocate devices."
      And 0 devices of driver "gpu.example.com" are allocated

    # since 1.37: the allocator names the device and hints at optional chaining from 1.37 on (kubernetes 5e2d5b9a)
    @req:5004-R09 @since:1.37
    Scenario: A class selector that fails at runtime on a device aborts scheduling with cel-go's error (1.37: the device and a hint)
      A selector reading an attribute the device does not have is a CEL runtime error ("no such
      key"), and allocation aborts (allocator_experimental.go selectorsMatch; Filter returns the
      error). 1.37 names the device and adds a hint (k8s.io/dynamic-resource-allocation
      cel/errors.go EnhanceRuntimeError, kubernetes commit 5e2d5b9a, PR 136709); 1.36 has neither
      (allocator_experimental.go at v0.36.0).
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata:
          name: a100.example.com
        spec:
          extendedResourceName: example.com/a100
          selectors:
          - cel:
              expression: device.driver == "gpu.example.com"
          - cel:
              expression: device.attributes["gpu.example.com"].model == "a100"
        """
      When I create 1 pod named "picky" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/a100: "1"}
              limits: {example.com/a100: "1"}
        """
      Then the Pod "picky" stays pending with reason "SchedulerError" and a message starting with "running "DynamicResources" filter plugin: class a100.example.com: selector #1 on device gpu.example.com/node-1/gpu-0: CEL runtime error: no such key: model. consider using CEL optional chaining (.? followed by orValue()) or guarding the check with has() for optional fields"


    # until 1.36: from 1.37 the allocator names the device and adds a hint (kubernetes 5e2d5b9a)
    @req:5004-R09 @until:1.36
    Scenario: A class selector that fails at runtime on a device aborts scheduling with cel-go's error (1.34-1.36)
      A selector reading an attribute the device does not have is a CEL runtime error ("no such
      key"), and allocation aborts (allocator_experimental.go selectorsMatch; Filter returns the
      error). 1.37 names the device and adds a hint (k8s.io/dynamic-resource-allocation
      cel/errors.go EnhanceRuntimeError, kubernetes commit 5e2d5b9a, PR 136709); 1.36 has neither
      (allocator_experimental.go at v0.36.0).
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata:
          name: a100.example.com
        spec:
          extendedResourceName: example.com/a100
          selectors:
          - cel:
              expression: device.driver == "gpu.example.com"
          - cel:
              expression: device.attributes["gpu.example.com"].model == "a100"
        """
      When I create 1 pod named "picky" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/a100: "1"}
              limits: {example.com/a100: "1"}
        """
      Then the Pod "picky" stays pending with reason "SchedulerError" and a message starting with "running "DynamicResources" filter plugin: class a100.example.com: selector #1: CEL runtime error: no such key: model"

    @req:5004-R09 @req:5517-R11 @gate:DRANodeAllocatableResources @version:1.37 @deviation:kubernetes/kubernetes#141467
    Scenario: Known upstream bug at 1.37: an extended resource served by a node-allocatable device never schedules
      Pins a known upstream deviation, kubernetes/kubernetes#141467 (found on 1.37.0-rc.0, its
      reproduction kept): with DRANodeAllocatableResources on, PreBind patches
      status.nodeAllocatableResourceClaimStatuses with the in-memory claim name
      "<extended-resources>", pod status validation refuses it ("no mapping found in pod
      reference"), Unreserve deletes the special claim and the pod stays pending. Fixed on master
      by kubernetes/kubernetes#141556 (the scheduler writes the created claim's name; validation
      also accepts status.extendedResourceClaimStatus.resourceClaimName), not backported to
      1.37: a release with the fix schedules this pod (drakit/upstream_bugs.py).
      Given the feature gate DRANodeAllocatableResources is enabled
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: fake.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "fake.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: fake-example-com-node-1}
        spec:
          driver: fake.example.com
          nodeName: node-1
          pool: {name: fake-node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: fake0
            nodeAllocatableResources:
              cpu:
                mapping: {deviceMultiplier: "1"}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: dra-extended-resource-repro}
        spec:
          restartPolicy: Never
          containers:
          - name: test
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {deviceclass.resource.kubernetes.io/fake.example.com: "1"}
              limits: {deviceclass.resource.kubernetes.io/fake.example.com: "1"}
        """
      Then the Pod "dra-extended-resource-repro" stays pending with reason "SchedulerError" and a message containing "status.nodeAllocatableResourceClaimStatuses[0].resourceClaimName: Invalid value: "<extended-resources>": no mapping found in pod reference"
      And there are 0 extended resource claims

    @version:1.36 @gate:DRAExtendedResource @req:5004-R13
    Scenario: Skew at 1.36: the API server keeps extendedResourceName, a scheduler without the gate does not serve the name
      KEP-5004 "Feature Enablement and Rollback" (components: kube-apiserver, kube-scheduler,
      kubelet) and "Rollout": "If the feature is being used in pods before support for it has
      been fully rolled out across the cluster, api server, scheduler in control plane, and
      kubelet in nodes, it can cause a failure to schedule pods". Only the scheduler runs
      without DRAExtendedResource: the DeviceClass keeps its extendedResourceName (the API
      server has the gate), but the scheduler treats example.com/gpu as a plain extended
      resource no node has (NodeResourcesFit "Insufficient") and makes no special claim. The
      scheduler restarted with the gate schedules the waiting pod. The whole-cluster gate-off
      scenario cannot tell this apart from the API server dropping the field.
      Given the scheduler runs with the feature gate DRAExtendedResource disabled
      When I apply the fixture "kep-5004/scheduling/pod-one-gpu.yaml"
      Then the Pod "gpu-pod" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient example.com/gpu."
      And there are 0 extended resource claims
      And the DeviceClass "gpu.example.com" has "spec.extendedResourceName" equal to example.com/gpu
      When the scheduler restarts with the feature gate DRAExtendedResource enabled
      Then the Pod "gpu-pod" is scheduled to "node-1"
      And there is 1 extended resource claim
      And the extended resource claim of Pod "gpu-pod" has 1 allocated device

    @version:1.36 @gate:DRAExtendedResource @req:5004-R13
    Scenario: Rollback of the scheduler alone at 1.36: the running pod keeps its claim, a new pod waits for the re-enabled scheduler
      KEP-5004 "Can the feature be disabled once it has been enabled": "Applications that were
      already deployed and are running will continue to work"; test plan "Disablement
      Testing": the scheduler no longer creates special ResourceClaims, existing special
      ResourceClaims are not deleted; "Enablement→Disablement→Enablement": the scheduler can
      recreate special ResourceClaims for new workloads, no stale state. Only the scheduler is
      rolled back and re-enabled; the API server, controllers and kubelet keep the gate.
      When I apply the fixture "kep-5004/scheduling/pod-one-gpu.yaml"
      Then the Pod "gpu-pod" is scheduled to "node-1"
      When the scheduler restarts with the feature gate DRAExtendedResource disabled
      And I create 1 pod named "while-off" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      Then the Pod "while-off" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient example.com/gpu."
      And there is 1 extended resource claim
      And the extended resource claim of Pod "gpu-pod" has 1 allocated device
      And the Pod "gpu-pod" has "status.extendedResourceClaimStatus.requestMappings" equal to [{containerName: app, resourceName: example.com/gpu, requestName: container-0-request-0}]
      And the Pod "gpu-pod" has "status.phase" equal to Running
      When the scheduler restarts with the feature gate DRAExtendedResource enabled
      Then the Pod "while-off" is scheduled to "node-1"
      And there are 2 extended resource claims
      And the devices of Pod "while-off" are different from the devices of Pod "gpu-pod"
      And 2 devices of driver "gpu.example.com" are allocated

  @component:kubelet @needs:node-access
  Rule: On the node (kubelet)
    KEP-5004 DRA extended resources on the node.
    The kubelet finds the scheduler's special claim through pod.status.extendedResourceClaimStatus
    and gives each container only the CDI devices of the requests mapped to its own extended
    resources (KEP-5004 "Actuation"; k/k kubelet cm/dra manager GetResources, api-truth §1.4).
    The scheduler's part (claim, allocation, status) is written through the API here, with the
    shipped names: requests container-<i>-request-<j>, annotation
    resource.kubernetes.io/extended-resource-claim: "true". Test drivers name CDI devices
    gpu.example.com/gpu=<device> and dra.example.com/test=<device>.

    Background:
      Given a cluster
      And a node "n1" with cpu "8", memory "32Gi"

    @req:5004-R12 @req:3695-R09
    Scenario: Two containers with two extended resources each get only their mapped devices
      KEP-5004 "Actuation": the kubelet passes each container the devices of its own mapped
      requests; KEP-3695 + k/k GetContainerClaimInfos: PodResources lists the special claim
      under every container that has a mapping, and not under the others.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: infer-extended-resources-x7k2p
          annotations:
            resource.kubernetes.io/extended-resource-claim: "true"
        spec:
          devices:
            requests:
            - name: container-0-request-0
              exactly: {deviceClassName: gpu.example.com, allocationMode: ExactCount, count: 1}
            - name: container-1-request-0
              exactly: {deviceClassName: gpu.example.com, allocationMode: ExactCount, count: 2}
            - name: container-1-request-1
              exactly: {deviceClassName: dra.example.com, allocationMode: ExactCount, count: 1}
        ---
        apiVersion: v1
        kind: Pod
        metadata:
          name: infer
        spec:
          nodeName: n1
          containers:
          - name: small
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
          - name: large
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "2", example.com/fpga: "1"}
              limits: {example.com/gpu: "2", example.com/fpga: "1"}
          - name: sidecar
            image: registry.k8s.io/pause:3.10
        """
      And the Pod "infer" status has:
        """
        extendedResourceClaimStatus:
          resourceClaimName: infer-extended-resources-x7k2p
          requestMappings:
          - {containerName: small, resourceName: example.com/gpu, requestName: container-0-request-0}
          - {containerName: large, resourceName: example.com/gpu, requestName: container-1-request-0}
          - {containerName: large, resourceName: example.com/fpga, requestName: container-1-request-1}
        """
      And the ResourceClaim "infer-extended-resources-x7k2p" is allocated and reserved for the Pod "infer":
        | request               | driver          | pool | device |
        | container-0-request-0 | gpu.example.com | n1   | gpu-0  |
        | container-1-request-0 | gpu.example.com | n1   | gpu-1  |
        | container-1-request-0 | gpu.example.com | n1   | gpu-2  |
        | container-1-request-1 | dra.example.com | n1   | fpga-0 |
      Then the Pod "infer" has "status.phase" equal to Running
      And the container "small" of the Pod "infer" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-0"
      And the container "large" of the Pod "infer" on node "n1" gets the CDI devices "gpu.example.com/gpu=gpu-1", "gpu.example.com/gpu=gpu-2" and "dra.example.com/test=fpga-0"
      And the container "sidecar" of the Pod "infer" on node "n1" gets no CDI devices
      When a node agent calls PodResources Get for the Pod "infer" on node "n1"
      Then in the PodResources answer the container "sidecar" of the Pod "infer" has no dynamic resources
      And the PodResources answer contains:
        """
        podResources:
          name: infer
          containers:
          - name: small
            dynamicResources:
            - claimName: infer-extended-resources-x7k2p
              claimNamespace: ${namespace}
          - name: large
            dynamicResources:
            - claimName: infer-extended-resources-x7k2p
              claimNamespace: ${namespace}
          - name: sidecar
        """

    @req:5004-R12 @req:5004-R05
    Scenario: An init container receives the devices mapped to it
      KEP-5004 "Resource Claim API": init containers get requests too (container index over
      initContainers ++ containers); the kubelet prepares them like any other container's.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: warm-extended-resources-q9d4s
          annotations:
            resource.kubernetes.io/extended-resource-claim: "true"
        spec:
          devices:
            requests:
            - name: container-0-request-0
              exactly: {deviceClassName: gpu.example.com, allocationMode: ExactCount, count: 1}
            - name: container-1-request-0
              exactly: {deviceClassName: gpu.example.com, allocationMode: ExactCount, count: 1}
        ---
        apiVersion: v1
        kind: Pod
        metadata:
          name: warm
        spec:
          nodeName: n1
          initContainers:
          - name: load-weights
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
          containers:
          - name: serve
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      And the Pod "warm" status has:
        """
        extendedResourceClaimStatus:
          resourceClaimName: warm-extended-resources-q9d4s
          requestMappings:
          - {containerName: load-weights, resourceName: example.com/gpu, requestName: container-0-request-0}
          - {containerName: serve, resourceName: example.com/gpu, requestName: container-1-request-0}
        """
      And the ResourceClaim "warm-extended-resources-q9d4s" is allocated and reserved for the Pod "warm":
        | request               | driver          | pool | device |
        | container-0-request-0 | gpu.example.com | n1   | gpu-6  |
        | container-1-request-0 | gpu.example.com | n1   | gpu-7  |
      Then the Pod "warm" has "status.phase" equal to Running
      And the container "load-weights" of the Pod "warm" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-6"
      And the container "serve" of the Pod "warm" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-7"

    @version:1.36 @gate:DRAExtendedResource @req:5004-R12 @req:5004-R13
    Scenario: A kubelet without DRAExtendedResource runs the pod without its DRA devices
      KEP-5004 "Rollout": used "before support for it has been fully rolled out across the
      cluster, api server, scheduler in control plane, and kubelet in nodes, it can cause ... a
      failure to run the pods on the nodes". As shipped, a kubelet without the gate neither
      waits for nor prepares the special claim (k/k pkg/kubelet/cm/dra/manager.go reads
      pod.status.extendedResourceClaimStatus only with DRAExtendedResource), and an extended
      resource the node does not advertise is left out of admission (pkg/kubelet/lifecycle
      predicate.go removeMissingExtendedResources): the pod runs, silently without its GPU.
      The scheduler's part (claim, allocation, pod status) is written through the API, which
      keeps the status (the API server has the gate), before the node's kubelet starts (as a
      scheduler writes it before binding); only the kubelet of n2 runs without the gate.
      Given the kubelet on node "n2" runs with the feature gate DRAExtendedResource disabled
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: solo-extended-resources-h4w2q
          annotations:
            resource.kubernetes.io/extended-resource-claim: "true"
        spec:
          devices:
            requests:
            - name: container-0-request-0
              exactly: {deviceClassName: gpu.example.com, allocationMode: ExactCount, count: 1}
        ---
        apiVersion: v1
        kind: Pod
        metadata:
          name: solo
        spec:
          nodeName: n2
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      And the Pod "solo" status has:
        """
        extendedResourceClaimStatus:
          resourceClaimName: solo-extended-resources-h4w2q
          requestMappings:
          - {containerName: app, resourceName: example.com/gpu, requestName: container-0-request-0}
        """
      And the ResourceClaim "solo-extended-resources-h4w2q" is allocated and reserved for the Pod "solo":
        | request               | driver          | pool | device |
        | container-0-request-0 | gpu.example.com | n2   | gpu-0  |
      And a node "n2" with cpu "8", memory "32Gi"
      Then the Pod "solo" has "status.phase" equal to Running
      And the Pod "solo" has "status.extendedResourceClaimStatus.resourceClaimName" equal to solo-extended-resources-h4w2q
      And the container "app" of the Pod "solo" on node "n2" gets no CDI devices
      When a node agent calls PodResources Get for the Pod "solo" on node "n2"
      Then in the PodResources answer the container "app" of the Pod "solo" has no dynamic resources
