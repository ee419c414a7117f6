@kep-5004 @needs-gate:DRAExtendedResource
Feature: KEP-5004 DRA extended resources
  Pods ask for an extended resource such as example.com/gpu and DRA devices serve it.
  Encoded from the shipped API (resource.k8s.io/v1 DeviceClass.spec.extendedResourceName,
  core/v1 Pod.status.extendedResourceClaimStatus) where it differs from the KEP text.
  Expected messages come from k/k pkg/apis/resource/validation and pkg/apis/core/validation
  (api-truth.md §9.2, §9.5) rendered by apimachinery field errors (§9.1).

  Rule: API, validation and defaulting

    # ------------------------------------------------------------------ DeviceClass API

    @component:apiserver @req:5004-R02 @req:5004-R17 @clause:5004-R17/name-format
    Scenario Outline: A DeviceClass names an extended resource only in the extended-resource format
      KEP-5004 "Device Class API": spec.extendedResourceName must be a valid extended
      resource name (k/k IsExtendedResourceName), checked on create and update. Names in the
      kubernetes.io domain (so also the implicit deviceclass.resource.kubernetes.io/ prefix, and
      any name containing "kubernetes.io/": IsPrefixedNativeResource tests a substring) and
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
        | examplekubernetes.io/gpu                | spec.extendedResourceName: Invalid value: "examplekubernetes.io/gpu": must be a valid extended resource name |
        | gpu                                     | spec.extendedResourceName: Invalid value: "gpu": must be a valid extended resource name |
        | deviceclass.resource.kubernetes.io/gpu  | spec.extendedResourceName: Invalid value: "deviceclass.resource.kubernetes.io/gpu": must be a valid extended resource name |
        | requests.example.com/gpu                | spec.extendedResourceName: Invalid value: "requests.example.com/gpu": must be a valid extended resource name |
        | example.com/-gpu                        | spec.extendedResourceName: Invalid value: "example.com/-gpu": must be a valid extended resource name |

    @component:apiserver @req:5004-R17 @clause:5004-R17/name-format
    Scenario: The extended resource name format is also checked when a DeviceClass is updated
      KEP-5004 "Device Class API"; k/k validateDeviceClassSpec runs on create and update
      (api-truth §9.5).
      Given the objects from fixture "kep-5004/deviceclass-implicit.yaml"
      When I set "spec.extendedResourceName" of the DeviceClass "fpga.example.com" to fpga
      Then the outcome is "spec.extendedResourceName: Invalid value: "fpga": must be a valid extended resource name"

    @component:apiserver @req:5004-R02 @req:5004-R17 @clause:5004-R17/implicit-not-stored
    Scenario: The implicit extended resource name is derived, never stored
      KEP-5004 "Implicit name": every class is reachable as
      deviceclass.resource.kubernetes.io/<class>; shipped as the constant
      ResourceDeviceClassPrefix, nothing is written into the class.
      Given a cluster
      When I apply the fixture "kep-5004/deviceclass-implicit.yaml"
      Then the request succeeds
      And the stored object has no "spec.extendedResourceName"

    @component:apiserver @req:5004-R17 @clause:5004-R17/selector-config-limits
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

    @component:apiserver @req:5004-R17 @clause:5004-R17/selector-config-limits
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

    @component:apiserver @req:5004-R13 @gate:DRAExtendedResource @version:1.36 @clause:5004-R13/api-ignores-off @kep-test:disablement-testing
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

    @component:apiserver @req:5004-R13 @gate:DRAExtendedResource @version:1.36 @clause:5004-R13/api-ignores-off
    Scenario: A class field already in use survives updates after the gate is turned off
      KEP-5004 "Enablement"/rollback; k/k DeviceClass PrepareForUpdate keeps the field when the
      stored object already had it (api-truth §9.6).
      Given a Kubernetes 1.36 cluster
      And the objects from fixture "kep-5004/deviceclass-gpu.yaml"
      When the feature gate DRAExtendedResource is disabled
      And I set "metadata.labels.tier" of the DeviceClass "gpu.example.com" to gold
      Then the request succeeds
      And the DeviceClass "gpu.example.com" has "spec.extendedResourceName" equal to example.com/gpu

    @component:apiserver @req:5004-R13 @gate:DRAExtendedResource @version:1.36 @clause:5004-R13/api-ignores-off
    Scenario: With the gate off the field cannot be added to a class by an update
      KEP-5004 "Enablement"; drop-unless-in-use on update (api-truth §9.6).
      Given a Kubernetes 1.36 cluster
      And the feature gate DRAExtendedResource is disabled
      And the objects from fixture "kep-5004/deviceclass-implicit.yaml"
      When I set "spec.extendedResourceName" of the DeviceClass "fpga.example.com" to example.com/fpga
      Then the request succeeds
      And the DeviceClass "fpga.example.com" has no "spec.extendedResourceName"

    @component:apiserver @req:5004-R13 @gate:DRAExtendedResource @clause:5004-R13/locked-137
    Scenario: DRAExtendedResource is GA and locked on in 1.37
      KEP-5004 header "Stable v1.37"; the shipped gate table marks it LockToDefault in 1.37
      (api-truth §0, §1.1), so the field is always kept.
      Given a Kubernetes 1.37 cluster
      When I apply the fixture "kep-5004/deviceclass-gpu.yaml"
      Then the request succeeds
      And the stored object has "spec.extendedResourceName" equal to example.com/gpu
      And the feature gate DRAExtendedResource cannot be disabled

    # ------------------------------------------------------------------ Pod status API

    @component:apiserver @req:5004-R06 @req:5004-R18 @clause:5004-R06/maps-requests @clause:5004-R18/both-names-in-status
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

    @component:apiserver @req:5004-R06 @clause:5004-R06/names-exist @clause:5004-R06/request-name-dns
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

    @component:apiserver @req:5004-R06 @clause:5004-R06/unique-tuple
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

    @component:apiserver @req:5004-R05 @req:5004-R06 @clause:5004-R06/unique-tuple
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

    @component:apiserver @req:5004-R06 @clause:5004-R06/required-fields
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

    @component:apiserver @req:5004-R06 @clause:5004-R06/required-fields
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

    @component:apiserver @req:5004-R13 @gate:DRAExtendedResource @version:1.36 @clause:5004-R13/api-ignores-off
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

    @component:apiserver @req:5004-R13 @gate:DRAExtendedResource @version:1.36 @clause:5004-R13/api-ignores-off
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

    @component:apiserver @req:5004-R15 @req:5004-R19 @clause:5004-R15/request-limit @clause:5004-R19/requests-max-32
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

    @component:apiserver @req:5004-R19 @clause:5004-R19/request-rules
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

    @component:apiserver @req:5004-R19 @clause:5004-R19/requests-max-32
    Scenario: Request names in a claim are unique
      k/k validateSet reports the repeated key at the list index (api-truth §9.5); up to 1.34
      its itemKey also named the key's field, and the error sat at requests[1].name (v1.34-era
      validation.go validateSet childPath).
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
      Then from 1.35 the outcome is "spec.devices.requests[1]: Duplicate value: "gpu"" and before it "spec.devices.requests[1].name: Duplicate value: "gpu""

    @component:apiserver @req:5004-R19 @clause:5004-R19/selectors-constraints
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

    @component:apiserver @req:5004-R19 @needs-gate:DRAConsumableCapacity @clause:5004-R19/selectors-constraints
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

    @component:apiserver @req:5004-R19 @clause:5004-R19/defaults @req:platform-REG-R03 @clause:platform-REG-R03/device-request-defaults
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

    @component:apiserver @req:5004-R19 @clause:5004-R19/defaults @req:platform-REG-R03 @clause:platform-REG-R03/device-request-defaults
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

    @component:apiserver @req:5004-R19 @clause:5004-R19/spec-immutable
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

    @component:apiserver @req:5004-R19 @clause:5004-R19/template-rules
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

    @component:apiserver @req:5004-R19 @clause:5004-R19/template-rules
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

    @component:apiserver @req:5004-R04 @req:5004-R19 @clause:5004-R19/reserved-for
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

    @component:apiserver @req:5004-R19 @clause:5004-R19/reserved-for
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
      Then from 1.35 the outcome is "status.reservedFor[1]: Duplicate value: "9b7c1a3e-0000-4000-8000-000000000001"" and before it "status.reservedFor[1].uid: Duplicate value: "9b7c1a3e-0000-4000-8000-000000000001""

    @component:apiserver @req:5004-R19 @clause:5004-R19/reserved-for
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

    @component:apiserver @req:5004-R19 @clause:5004-R19/reserved-for-closed-when-deleting
    Scenario: A claim being deleted takes no new consumers, and may lose the ones it has
      k/k validateResourceClaimStatusUpdate: while deletionTimestamp is set, reservedFor may only
      shrink ("new entries may not be added while `deallocationRequested` or `deletionTimestamp`
      are set"); consumers are matched on all four fields. The consumer here is of a kind the
      ResourceClaim controller leaves alone, and a finalizer of the user's holds the claim.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: c
          finalizers: [example.com/hold]
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
          - {apiGroup: example.com, resource: jobs, name: a, uid: 9b7c1a3e-0000-4000-8000-000000000001}
        """
      Then the request succeeds
      When I delete the ResourceClaim "c" without waiting
      And I patch the ResourceClaim "c" status with:
        """
        status:
          reservedFor:
          - {apiGroup: example.com, resource: jobs, name: a, uid: 9b7c1a3e-0000-4000-8000-000000000001}
          - {apiGroup: example.com, resource: jobs, name: b, uid: 9b7c1a3e-0000-4000-8000-000000000002}
        """
      Then the outcome is "status.reservedFor: Forbidden: new entries may not be added while `deallocationRequested` or `deletionTimestamp` are set"
      When I patch the ResourceClaim "c" status with:
        """
        status:
          reservedFor:
          - {apiGroup: example.com, resource: jobs, name: renamed, uid: 9b7c1a3e-0000-4000-8000-000000000001}
        """
      Then the outcome is "status.reservedFor: Forbidden: new entries may not be added while `deallocationRequested` or `deletionTimestamp` are set"
      When I patch the ResourceClaim "c" status with:
        """
        status:
          reservedFor:
          - {apiGroup: example.com, resource: jobs, name: a, uid: 9b7c1a3e-0000-4000-8000-000000000009}
        """
      Then the outcome is "status.reservedFor: Forbidden: new entries may not be added while `deallocationRequested` or `deletionTimestamp` are set"
      When I patch the ResourceClaim "c" status with:
        """
        status:
          reservedFor:
          - {apiGroup: other.example.com, resource: jobs, name: a, uid: 9b7c1a3e-0000-4000-8000-000000000001}
        """
      Then the outcome is "status.reservedFor: Forbidden: new entries may not be added while `deallocationRequested` or `deletionTimestamp` are set"
      When I patch the ResourceClaim "c" status with:
        """
        status:
          reservedFor:
          - {apiGroup: example.com, resource: cronjobs, name: a, uid: 9b7c1a3e-0000-4000-8000-000000000001}
        """
      Then the outcome is "status.reservedFor: Forbidden: new entries may not be added while `deallocationRequested` or `deletionTimestamp` are set"
      When I patch the ResourceClaim "c" status with:
        """
        status:
          reservedFor: null
        """
      Then the request succeeds
      And the ResourceClaim "c" has no "status.reservedFor"

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

    @component:apiserver @req:5004-R17 @req:platform-R01
    Scenario: A typo in extendedResourceName is refused, not stored with the typo
      kube-apiserver decodes with the Go types (sigs.k8s.io/json UnmarshalStrict) and kubectl
      sends fieldValidation=Strict: an unknown field is a 400 worded by apiserver's
      transformDecodeError (k8s.io/apiserver pkg/endpoints/handlers/rest.go); nothing is stored.
      Given a cluster
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata:
          name: typo.example.com
        spec:
          extendedResourceNam: example.com/gpu
        """
      Then the request is rejected as BadRequest (400)
      And the error message is "DeviceClass in version "v1" cannot be handled as a DeviceClass: strict decoding error: unknown field "spec.extendedResourceNam""
      And there are 0 DeviceClass objects

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

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/fit-hint-dra-extended
    Scenario: A GPU pod held back by cpu is retried when the node's cpu grows, the GPU left to DRA
      NodeResourcesFit's queueing hint isSchedulableAfterNodeChange asks whether the pod fits
      the node when it is empty (isFit); an extended resource a DeviceClass maps and the node
      does not report is left to DynamicResources there (shouldDelegateResourceToDRA, from
      1.35 asked of the class cache), so the GPU the node lists nowhere in its allocatable does
      not hold the pod back: more cpu on the node brings it back and it is scheduled with its
      special claim.
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: wide-gpu}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: "12", example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      Then the Pod "wide-gpu" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient cpu."
      When I patch the Node "node-1" status with:
        """
        status:
          allocatable: {cpu: "16"}
        """
      Then the Pod "wide-gpu" is scheduled to "node-1"
      And the extended resource claim of Pod "wide-gpu" is named with the prefix "wide-gpu-extended-resources-"

    @req:5004-R01 @req:5004-R04 @req:5004-R06 @req:5004-R05 @req:5004-R08 @clause:5004-R01/unmodified-pod @clause:5004-R01/one-of-eight @clause:5004-R01/rest-for-both @clause:5004-R04/owned-by-pod @clause:5004-R04/annotation @clause:5004-R04/no-pod-claim-name @clause:5004-R04/created-at-prebind @clause:5004-R04/reserved-for-pod @clause:5004-R04/one-per-pod @clause:5004-R05/request-per-container @clause:5004-R06/names-claim @clause:5004-R06/maps-requests @clause:5004-R08/no-static-partition @kep-test:basic-feature-enablement
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

    @req:5004-R02 @clause:5004-R02/implicit-every-class
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

    @req:5004-R05 @clause:5004-R05/request-name @clause:5004-R05/init-containers @clause:5004-R05/init-reuse @clause:5004-R05/request-per-container
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

    @req:5004-R05 @req:5004-R06 @clause:5004-R05/request-per-container @clause:5004-R06/maps-requests
    Scenario: A container that asks for none of the name, or for zero of it, gets no request and no mapping
      Shipped createRequestsAndMappings (k/k extendeddynamicresources.go) skips a container
      whose requests lack the resource or hold a zero quantity: only the container that asks
      for a GPU has a request, named after its index among all containers.
      When I create 1 pod named "mixed" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: helper
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 100m}
          - name: idle
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "0"}
              limits: {example.com/gpu: "0"}
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "2"}
              limits: {example.com/gpu: "2"}
        """
      Then the Pod "mixed" is scheduled to "node-1"
      And the extended resource claim of Pod "mixed" contains:
        """
        spec:
          devices:
            requests:
            - name: container-2-request-0
              exactly: {deviceClassName: gpu.example.com, allocationMode: ExactCount, count: 2}
        """
      And the Pod "mixed" has "status.extendedResourceClaimStatus.requestMappings" equal to [{containerName: app, resourceName: example.com/gpu, requestName: container-2-request-0}]
      And the extended resource claim of Pod "mixed" has 2 allocated devices

    @req:5004-R05 @req:5004-R06 @clause:5004-R05/request-per-container @clause:5004-R06/maps-requests
    Scenario: A pod that asks for zero of the name and nothing else from DRA gets no special claim
      Shipped DynamicResources PreFilter (hasDRAExtendedResource, k/k extendeddynamicresources.go)
      looks for a non-zero request of a name a DeviceClass maps; a pod whose only such request
      is 0 has none, so the plugin skips it: no special claim, no extendedResourceClaimStatus,
      and it runs on the node like any pod.
      When I create 1 pod named "idle" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 100m, example.com/gpu: "0"}
              limits: {example.com/gpu: "0"}
        """
      Then the Pod "idle" is scheduled to "node-1"
      And the Pod "idle" has no "status.extendedResourceClaimStatus"
      And there are 0 ResourceClaim objects

    @req:5004-R07 @clause:5004-R07/mixed-cluster @clause:5004-R07/device-plugin-no-claim @kep-test:mixed-node-scenarios
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

    @req:5004-R08 @clause:5004-R08/both-allocated
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

    @req:5004-R08 @clause:5004-R08/both-allocated @needs-gate:DRAConsumableCapacity
    Scenario: A pod with an extended resource and a claim on a share of a device gets both
      KEP-5004 "Scheduling" with KEP-5075 consumable capacity: the pod's own claim takes a share
      of a NIC with allowMultipleAllocations (its result carries a shareID) and the special
      claim takes a GPU; both are allocated in the same cycle (k/k dynamicresources.go Filter
      allocates the pod's claims and the special claim in one Allocate call; PreBind writes
      both allocations) at the first attempt, without a FailedScheduling event. drakit's
      scheduler allocates again at Reserve when a result carries a shareID, and that run must
      include the special claim.
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
        metadata: {name: bw}
        spec:
          devices:
            requests:
            - {name: bw, exactly: {deviceClassName: nic.example.com, capacity: {requests: {bandwidth: 1Gi}}}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: shared}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
              claims: [{name: nic}]
          resourceClaims:
          - {name: nic, resourceClaimName: bw}
        """
      Then the Pod "shared" is scheduled to "node-1"
      And the ResourceClaim "bw" has a "status.allocation.devices.results[0].shareID"
      And the extended resource claim of Pod "shared" has 1 allocated device
      And 1 devices of driver "gpu.example.com" are allocated
      And there is no event "FailedScheduling" for Pod "shared" containing ""

    @req:5004-R09 @clause:5004-R09/no-fit-no-claim
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
      And there is a Warning event "FailedScheduling" for Pod "too-many" starting with "0/1 nodes are available: 1 cannot allocate all claims."

    @req:5004-R09 @clause:5004-R09/neither-insufficient
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

    @req:5004-R09 @req:5004-R10 @clause:5004-R10/gc-with-pod @clause:5004-R10/devices-freed
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

    @req:5004-R10 @req:5004-R04 @clause:5004-R04/one-per-pod
    Scenario: A scheduler restart reuses the existing special claim
      KEP-5004 "Lifecycle": after a restart the scheduler finds the pod's claim by annotation and
      controller owner, and makes no second one.
      When I apply the fixture "kep-5004/scheduling/pod-one-gpu.yaml"
      Then the Pod "gpu-pod" is scheduled to "node-1"
      When the scheduler restarts
      Then there is 1 extended resource claim
      And the metric scheduler_resourceclaim_creates_total{status="success"} is 0

    @req:5004-R15 @clause:5004-R15/device-limit
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

    # since 1.35: the source label of resourceclaim_controller_resource_claims arrives in 1.35 (kubernetes/kubernetes#134523)
    @req:5004-R16 @clause:5004-R16/creates-total @clause:5004-R16/source-label @since:1.35
    Scenario: The scheduler counts its claim creations and the controller labels the claim's source
      KEP-5004 "Monitoring": scheduler_resourceclaim_creates_total{status} and the source label of
      resourceclaim_controller_resource_claims. From 1.37 both series are read under their
      new names, dynamic_resource_allocation_resourceclaim_creates_total and
      dynamic_resource_allocation_resource_claims (kubernetes/kubernetes#138542; the metric
      steps' rename table).
      When I apply the fixture "kep-5004/scheduling/pod-one-gpu.yaml"
      Then the Pod "gpu-pod" is scheduled to "node-1"
      And the metric scheduler_resourceclaim_creates_total{status="success"} is 1
      And the metric resourceclaim_controller_resource_claims{admin_access="false",allocated="true",source="extended_resource"} is 1

    # until 1.34: 1.35 adds the source label (kubernetes/kubernetes#134523)
    @req:5004-R16 @clause:5004-R16/creates-total @until:1.34
    Scenario: At 1.34 the controller counts claims by admin access and allocation only
      resourceclaim_controller_resource_claims has no source label before 1.35
      (kubernetes/kubernetes#134523); the special claim counts as an allocated claim.
      When I apply the fixture "kep-5004/scheduling/pod-one-gpu.yaml"
      Then the Pod "gpu-pod" is scheduled to "node-1"
      And the metric scheduler_resourceclaim_creates_total{status="success"} is 1
      And the metric resourceclaim_controller_resource_claims{admin_access="false",allocated="true"} is 1

    @req:5004-R16 @clause:5004-R16/creates-total
    Scenario: Every special claim the scheduler creates adds one to its claim-create counter
      k/k pkg/scheduler/framework/plugins/dynamicresources (PreBind, createExtendedResourceClaimInAPI)
      increments the create counter once per successful create call: two GPU pods, two special
      claims, a count of 2 (read as dynamic_resource_allocation_resourceclaim_creates_total from
      1.37 on, kubernetes/kubernetes#138542).
      When I apply the fixture "kep-5004/scheduling/pod-one-gpu.yaml"
      And I create 1 pod named "second-gpu-pod" from:
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
      Then the Pod "gpu-pod" is scheduled to "node-1"
      And the Pod "second-gpu-pod" is scheduled to "node-1"
      And there are 2 extended resource claims
      And the metric scheduler_resourceclaim_creates_total{status="success"} is 2
      And the metric scheduler_resourceclaim_creates_total{status="failure"} is 0

    # since 1.35: the quota key requests.deviceclass.resource.kubernetes.io/<class> (ResourceImplicitExtendedClaimsPerClass) first appears in kubernetes-1.35.0; 1.34.0 has no such key (api-truth §1.2)
    @req:5004-R11 @since:1.35 @clause:5004-R11/explicit-key @clause:5004-R11/implicit-key @clause:5004-R11/per-class-key
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

    # since 1.35: the explicit key counts claims through their class (ResourceClaim evaluator with DRAExtendedResource) from kubernetes-1.35.0, as the worked example above
    @req:5004-R11 @since:1.35 @clause:5004-R11/class-change @needs:logical-clock
    Scenario: A class that gains an extended resource name charges its claims under that name by the next quota sync
      k/k pkg/quota/v1/evaluator/core/resource_claims.go: a claim's devices count under
      requests.<name> when its DeviceClass names that extended resource (GetExtendedResource,
      read from the class at each evaluation). The resourcequota controller recomputes every
      quota at its periodic full resync (--resource-quota-sync-period, 5 minutes) whatever
      changed, so a class that gains an extendedResourceName charges the existing claims of
      that class by then at the latest (drakit recomputes on the class's event).
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: accel}
        spec:
          hard:
            requests.example.org/accel: "10"
        ---
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: accel.example.org}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "accel.example.org"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: two-accels}
        spec:
          devices:
            requests:
            - name: accel
              exactly: {deviceClassName: accel.example.org, count: 2}
        """
      Then the ResourceQuota "accel" comes to have "status.used[requests.example.org/accel]" equal to "0"
      When I patch the DeviceClass "accel.example.org" with:
        """
        spec:
          extendedResourceName: example.org/accel
        """
      And 301 seconds pass
      Then the ResourceQuota "accel" comes to have "status.used[requests.example.org/accel]" equal to "2"

    @req:5004-R11 @clause:5004-R11/enforced
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

    @version:1.36 @gate:DRAExtendedResource @req:5004-R13 @clause:5004-R13/device-plugin-only-off @clause:5004-R13/no-claims-off @clause:5004-R13/enable-new-pods
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

    @version:1.36 @req:5004-R14 @clause:5004-R14/claims-survive @clause:5004-R14/new-claims-after-upgrade
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

    @req:5004-R09 @req:5004-R10 @clause:5004-R09/stale-claim-deleted @clause:5004-R10/finds-earlier-claim @needs:logical-clock
    Scenario: A stale special claim from an earlier cycle is deleted (finalizer first) and the pod gets a fresh one after the 5-minute flush
      KEP-5004 "Failure handling", as shipped (api-truth §1.4, k/k extendeddynamicresources.go
      filterExtendedResources/PostFilter): a special claim found for the pod that already has
      spec requests comes from an earlier cycle; Filter rejects the node with
      UnschedulableAndUnresolvable "cannot schedule extended resource claim", PostFilter removes
      the finalizer resource.kubernetes.io/delete-protection with an update, deletes the claim
      and reports "deletion of ResourceClaim completed". The deletion is no event DynamicResources
      registers at 1.34-1.37 (ResourceClaim Add and Update; the finalizer update leaves the
      status as it was), so the pod stays in the unschedulable queue until
      flushUnschedulablePodsLeftover moves it after 5 minutes (the flush runs every 30 s); then
      it gets a new claim at PreBind. The KEP only says the claim is "cleaned up"; the
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
      Then the ResourceClaim "gpu-pod-extended-resources-leftover" does not exist
      And there is a Warning event "FailedScheduling" for Pod "gpu-pod" starting with "0/1 nodes are available: 1 cannot schedule extended resource claim."
      And there is a Warning event "FailedScheduling" for Pod "gpu-pod" containing "deletion of ResourceClaim completed"
      And the Pod "gpu-pod" has no "spec.nodeName"
      When 290 seconds pass
      Then the Pod "gpu-pod" has no "spec.nodeName"
      When 40 seconds pass
      Then the Pod "gpu-pod" is scheduled to "node-1"
      And there is 1 extended resource claim
      And the extended resource claim of Pod "gpu-pod" is named with the prefix "gpu-pod-extended-resources-"
      And the extended resource claim of Pod "gpu-pod" has 1 allocated device
      And 1 device of driver "gpu.example.com" is allocated
      And the metric scheduler_resourceclaim_creates_total{status="success"} is 1

    @req:5004-R09 @req:5004-R16 @needs:logical-clock @clause:5004-R09/prebind-failure-retried @clause:5004-R16/creates-total
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

    # version 1.37: the text of createExtendedResourceClaimInAPI as read at 16913111 (1.37 cycle);
    # other releases' wording is not pinned (drakit/scheduler/dynamicresources.py _created_ref)
    @req:5004-R09 @version:1.37 @clause:5004-R09/prebind-failure-retried
    Scenario: The PreBind error of a refused special claim names the claim by its namespace alone
      As shipped (createExtendedResourceClaimInAPI): the claim body is sent with its name
      cleared and the error names it with klog.KObj of that body, "<namespace>/", not with the
      generateName; the API server's refusal then names the generated claim.
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
      Then the Pod "gpu-pod" stays pending with reason "SchedulerError" and a message starting with "running PreBind plugin "DynamicResources": create claim for extended resources ${namespace}/: resourceclaims.resource.k8s.io "gpu-pod-extended-resources-"

    # version 1.34: bindClaim as read at kubernetes-1.34 (drakit/scheduler/dynamicresources.py _created_ref)
    @req:5004-R09 @version:1.34 @needs-gate:DRAExtendedResource @clause:5004-R09/prebind-failure-retried
    Scenario: At 1.34 the PreBind error of a refused special claim names no claim
      1.34's bindClaim assigns the result of Create to the claim it then prints with klog.KObj;
      a typed client hands back an empty object with its error, so the error names nothing
      ("create claim for extended resources : ...") before the API server's refusal, which
      names the generated claim. The 1.35 refactor prints "<namespace>/" (the twin above).
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
      Then the Pod "gpu-pod" stays pending with reason "SchedulerError" and a message starting with "running PreBind plugin "DynamicResources": create claim for extended resources : resourceclaims.resource.k8s.io "gpu-pod-extended-resources-"

    @version:1.36 @gate:DRAExtendedResource @req:5004-R13 @clause:5004-R13/running-continue @clause:5004-R13/claims-kept-off @clause:5004-R13/no-claims-off @clause:5004-R13/device-plugin-only-off @clause:5004-R13/reenable-no-stale @clause:5004-R13/enable-new-pods @kep-test:disablement-testing
    Scenario Outline: Gate on -> off -> on at 1.36: running pods keep their claims and nothing stale is left (<name> name)
      KEP-5004 "Enablement" / "Rollback": turning DRAExtendedResource off restarts the scheduler
      without extended-resource handling; the running pod keeps its claim and status (drop only
      when not already in use, api-truth §9.6); a pod created while off stays pending with
      NodeResourcesFit "Insufficient example.com/gpu" and gets no claim; a pod deleted while off
      still has its claim garbage-collected (owner reference; neither the garbage collector nor
      the ResourceClaim controller depend on the gate). Turning the gate on again schedules the
      waiting pod with a claim of its own; no claim of the deleted pod survives. KEP-5004 test
      plan "Disablement Testing (Feature Gate: ON → OFF)", run for both names.
      When I create 1 pod named "gpu-pod" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {<resource>: "1"}
              limits: {<resource>: "1"}
        """
      And I create 1 pod named "short-lived" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {<resource>: "2"}
              limits: {<resource>: "2"}
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
              requests: {<resource>: "1"}
              limits: {<resource>: "1"}
        """
      Then the Pod "while-off" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient <resource>."
      And the Pod "while-off" has no "status.extendedResourceClaimStatus"
      And there is 1 extended resource claim
      And the extended resource claim of Pod "gpu-pod" has 1 allocated device
      And the Pod "gpu-pod" has "status.extendedResourceClaimStatus.requestMappings" equal to [{containerName: app, resourceName: <resource>, requestName: container-0-request-0}]
      And 1 device of driver "gpu.example.com" is allocated
      When the feature gate DRAExtendedResource is enabled
      Then the Pod "while-off" is scheduled to "node-1"
      And there are 2 extended resource claims
      And the extended resource claim of Pod "while-off" is named with the prefix "while-off-extended-resources-"
      And the extended resource claim of Pod "while-off" has 1 allocated device
      And the devices of Pod "while-off" are different from the devices of Pod "gpu-pod"
      And 2 devices of driver "gpu.example.com" are allocated
      And the metric scheduler_resourceclaim_creates_total{status="success"} is 1

      Examples:
        | name     | resource                                           |
        | explicit | example.com/gpu                                    |
        | implicit | deviceclass.resource.kubernetes.io/gpu.example.com |

    # since 1.37: a Filter timeout is an error from 1.37 on (kubernetes PR 137607); before, the node is unschedulable
    @req:5004-R09 @req:platform-SCHED-R07 @clause:platform-SCHED-R07/timeout-error @gate:DRASchedulerFilterTimeout @since:1.37
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
    @req:5004-R09 @req:platform-SCHED-R07 @clause:platform-SCHED-R07/timeout-unresolvable @gate:DRASchedulerFilterTimeout @until:1.36
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

    @req:5004-R09 @req:platform-SCHED-R07 @clause:platform-SCHED-R07/no-gate-no-timeout @gate:DRASchedulerFilterTimeout
    Scenario: With DRASchedulerFilterTimeout disabled the scheduler searches a node's GPUs to the end
      Filter applies filterTimeout only with the gate on (dynamicresources.go Filter:
      enableFilterTimeout and filterTimeout > 0). 27 of 26 GPUs take 2^26 attempts, more than
      the default 10 s with the gate on; without it the search ends, after some seconds of a
      real scheduler's time, in "cannot allocate all claims".
      Given the feature gate DRASchedulerFilterTimeout is disabled
      And a node "node-2" with cpu "8", memory "32Gi", pods "110"
      And a ResourceSlice "node-2-gpus" of driver "gpu.example.com" on node "node-2" with 26 devices named "big-"
      When I create 1 pod named "greedy" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "27"}
              limits: {example.com/gpu: "27"}
        """
      Then the Pod "greedy" stays pending with reason "Unschedulable" and a message starting with "0/2 nodes are available: 2 cannot allocate all claims."
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

    @req:5517-R16 @gate:DRANodeAllocatableResources @version:1.36 @clause:5517-R16/unreferenced-refused-136
    Scenario: On 1.36 an extended resource served by a node-allocatable device is refused at Filter
      The 1.36 twin of the scenario above, failing earlier and for another reason: no container
      names the special claim in resources.claims, so the 1.36 DynamicResources plugin finds no
      container for its node-allocatable entry and answers UnschedulableAndUnresolvable "claim
      <extended-resources>: node-allocatable resource claim not referenced by any container
      within the pod" (getPodNodeAllocatableResourceFootprint at 1.36; 1.37 dropped that check and
      meets kubernetes/kubernetes#141467 in PreBind instead). The special claim is never created.
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
            nodeAllocatableResourceMappings:
              cpu: {allocationMultiplier: "1"}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: extended-on-136}
        spec:
          restartPolicy: Never
          containers:
          - name: test
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {deviceclass.resource.kubernetes.io/fake.example.com: "1"}
              limits: {deviceclass.resource.kubernetes.io/fake.example.com: "1"}
        """
      Then the Pod "extended-on-136" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 claim <extended-resources>: node-allocatable resource claim not referenced by any container within the pod."
      And there are 0 extended resource claims

    # ------------------------------------------------------------------ several classes, one name
    # since 1.35: a name carried by several DeviceClasses is resolved by the scheduler's ExtendedResourceCache, which arrived in 1.35 (kubernetes/kubernetes#134326, #135037); 1.34 picked one of them non-deterministically (kubernetes/kubernetes#133693)
    @req:5004-R03 @req:5004-R02 @since:1.35 @clause:5004-R03/newest-wins @clause:5004-R03/no-disruption @clause:5004-R02/implicit-every-class
    Scenario: Several classes carry one extendedResourceName: the newest serves new pods, running pods keep theirs
      KEP-5004 "Device Class API": "If there are more than one device classes, the one created
      later is picked at scheduling time ... a non-disruptive non-error way to transition";
      shipped in k8s.io/dynamic-resource-allocation deviceclass/extendedresourcecache (newer
      creationTimestamp wins). Every class keeps its implicit name. Both classes select the same
      GPUs, so only the claim's deviceClassName tells which class served the pod. The newer
      class's name sorts after the older one's, so the tie rule (first name) alone would pick
      the older class: only the timestamps decide here.
      When I create 1 pod named "before" from:
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
      Then the Pod "before" is scheduled to "node-1"
      When 2 seconds pass
      And I apply the fixture "kep-5004/scheduling/gpu-v2-class.yaml"
      And I create 1 pod named "newest" from:
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
      And I create 1 pod named "by-old-implicit-name" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {deviceclass.resource.kubernetes.io/gpu.example.com: "1"}
              limits: {deviceclass.resource.kubernetes.io/gpu.example.com: "1"}
        """
      Then the Pod "newest" is scheduled to "node-1"
      And the extended resource claim of Pod "newest" requests only the DeviceClass "v2.gpu.example.com"
      And the Pod "by-old-implicit-name" is scheduled to "node-1"
      And the extended resource claim of Pod "by-old-implicit-name" requests only the DeviceClass "gpu.example.com"
      And the Pod "before" is scheduled to "node-1"
      And the extended resource claim of Pod "before" requests only the DeviceClass "gpu.example.com"
      And the extended resource claim of Pod "before" has 1 allocated device
      And 3 devices of driver "gpu.example.com" are allocated

    # since 1.35: see the scenario above (the ExtendedResourceCache and its tie rule arrived in 1.35)
    @req:5004-R03 @req:5004-R02 @since:1.35 @clause:5004-R03/tie-first-name @clause:5004-R02/implicit-every-class
    Scenario: Two classes created in the same second: the lexicographically first name serves the name
      KEP-5004 "Device Class API": "if two are created at the same time, the name
      lexicographically sorted first is picked" (extendedresourcecache: equal creationTimestamp,
      lower name wins). The fixture creates b-gpu before a-gpu, so creation order cannot be what
      decides; both are newer than gpu.example.com. The losing class still answers to its
      implicit name.
      When 2 seconds pass
      And I apply the fixture "kep-5004/scheduling/tie-classes.yaml"
      And the DeviceClasses "a-gpu.example.com" and "b-gpu.example.com" carry the same creationTimestamp
      And I create 1 pod named "tie" from:
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
      And I create 1 pod named "by-b" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {deviceclass.resource.kubernetes.io/b-gpu.example.com: "1"}
              limits: {deviceclass.resource.kubernetes.io/b-gpu.example.com: "1"}
        """
      Then the Pod "tie" is scheduled to "node-1"
      And the extended resource claim of Pod "tie" requests only the DeviceClass "a-gpu.example.com"
      And the Pod "by-b" is scheduled to "node-1"
      And the extended resource claim of Pod "by-b" requests only the DeviceClass "b-gpu.example.com"

    # since 1.35: the bug lives in the ExtendedResourceCache, which arrived in 1.35
    @req:5004-R02 @since:1.35 @deviation:kubernetes/kubernetes#141103 @clause:5004-R02/implicit-every-class
    Scenario: Known upstream bug 1.35-1.37: a class that loses the tie by arriving second gets no implicit name
      Pins kubernetes/kubernetes#141103 (case 2, "a collision loser never gets its own implicit
      mapping"): the shipped cache compares an added class with the one cached under its explicit
      name and returns early when it loses, before it records the class's implicit
      deviceclass.resource.kubernetes.io/<class> name. a-gpu arrives first and wins the tie; b-gpu
      arrives second, loses, and its implicit name maps to nothing, so a pod asking for it is
      Insufficient. KEP-5004 "Implicit Extended Resource Name" says every class is reachable
      that way; the fix (kubernetes/kubernetes#141110) is on master only, first release 1.38.
      Deleting the loser later (removeResourceName2class on a name it never got) changes nothing
      for the pod.
      When 2 seconds pass
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: a-gpu.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "gpu.example.com"}
          extendedResourceName: example.com/gpu
        ---
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: b-gpu.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "gpu.example.com"}
          extendedResourceName: example.com/gpu
        """
      And the DeviceClasses "a-gpu.example.com" and "b-gpu.example.com" carry the same creationTimestamp
      And I create 1 pod named "by-b" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {deviceclass.resource.kubernetes.io/b-gpu.example.com: "1"}
              limits: {deviceclass.resource.kubernetes.io/b-gpu.example.com: "1"}
        """
      Then the Pod "by-b" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient deviceclass.resource.kubernetes.io/b-gpu.example.com."
      And there are 0 extended resource claims
      When I delete the DeviceClass "b-gpu.example.com"
      Then the Pod "by-b" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient deviceclass.resource.kubernetes.io/b-gpu.example.com."
      And there are 0 extended resource claims

    # since 1.35: the bug lives in the ExtendedResourceCache, which arrived in 1.35
    @req:5004-R03 @since:1.35 @deviation:kubernetes/kubernetes#141103 @clause:5004-R03/re-pointing
    Scenario Outline: Known upstream bug 1.35-1.37: re-pointing a name loses it until the winning class changes (<how>)
      KEP-5004 "Device Class API": re-pointing ("create new device class, update old device class
      to clear the extended resource field") is "a non-disruptive non-error way to transition".
      Shipped 1.35-1.37 (kubernetes/kubernetes#141103): an update or delete of any class removes
      the cache entry of its explicit name even when another class owns it, and deleting the
      winner does not promote the runner-up, so new pods asking for the name are Insufficient
      until the class that should win gets an event of its own (here a label) or the scheduler
      restarts: a pod created after the label schedules at once. (The pod that waited is not
      tried again by the label change itself: NodeResourcesFit's DeviceClass hint skips an
      update that keeps the extended resource name. When it is tried again depends on what
      else happens meanwhile, so the scenario does not pin it.) Fixed by
      kubernetes/kubernetes#141110 (master, first release 1.38), after which the pod schedules
      at once.
      When 2 seconds pass
      And I apply the fixture "kep-5004/scheduling/gpu-v2-class.yaml"
      And the DeviceClass "<class>" stops serving its extended resource name by <how>
      And I create 1 pod named "after" from:
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
      Then the Pod "after" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient example.com/gpu."
      When I set "metadata.labels.touched" of the DeviceClass "<winner>" to now
      And I create 1 pod named "later" from:
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
      Then the Pod "later" is scheduled to "node-1"
      And the extended resource claim of Pod "later" requests only the DeviceClass "<winner>"

      Examples:
        | class              | how                | winner             |
        | gpu.example.com    | clearing the field | v2.gpu.example.com |
        | gpu.example.com    | being deleted      | v2.gpu.example.com |
        | v2.gpu.example.com | being deleted      | gpu.example.com    |

    @req:5004-R02 @clause:5004-R02/explicit-when-name-invalid
    Scenario: A class whose name is no valid extended resource name is reached through its explicit name
      KEP-5004 "Implicit Extended Resource Name": a DeviceClass name may be a 253-character DNS
      subdomain, an extended resource name's name part at most 63 characters, so "cluster admin
      must pick a DeviceClass name that conforms ... Failing that, cluster admin can still set the
      extened resource name field explicitly". Pod validation refuses the implicit name
      (apimachinery IsQualifiedName: "name part must be no more than 63 ..."); the explicit name
      schedules.
      Given the objects from fixture "kep-5004/scheduling/long-name-class.yaml"
      When I create 1 pod named "by-implicit" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {deviceclass.resource.kubernetes.io/gpu-with-a-rather-long-name-that-is-fine-for-a-device-class.example.com: "1"}
              limits: {deviceclass.resource.kubernetes.io/gpu-with-a-rather-long-name-that-is-fine-for-a-device-class.example.com: "1"}
        """
      Then the request is rejected with a cause at "spec.containers[0].resources.requests[deviceclass.resource.kubernetes.io/gpu-with-a-rather-long-name-that-is-fine-for-a-device-class.example.com]" of reason "FieldValueInvalid" whose message starts with "Invalid value: "deviceclass.resource.kubernetes.io/gpu-with-a-rather-long-name-that-is-fine-for-a-device-class.example.com": name part must be no more than 63"
      When I create 1 pod named "by-explicit" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/long-named-gpu: "1"}
              limits: {example.com/long-named-gpu: "1"}
        """
      Then the Pod "by-explicit" is scheduled to "node-1"
      And the extended resource claim of Pod "by-explicit" requests only the DeviceClass "gpu-with-a-rather-long-name-that-is-fine-for-a-device-class.example.com"

    # ------------------------------------------------------------------ device plugin and DRA per node
    @req:5004-R07 @clause:5004-R07/one-way-per-node @kep-test:mixed-node-scenarios
    Scenario: A node with device-plugin capacity and a DRA slice for the name serves it by device plugin only
      KEP-5004 "Proposal": "One node in a cluster cannot have both extended resource backed by
      DRA, and same named extended resource backed by device plugin at the same time". Shipped
      (extendeddynamicresources.go filterExtendedResources, noderesources fit.go): a non-zero
      node allocatable for the name means device plugin; only an allocatable of 0 sends the
      request to DRA. So with 2 device-plugin GPUs and 4 DRA GPUs on one node, a pod asking for
      3 does not fit there, and nothing is allocated from the node's slice.
      Given a node "mixed" with cpu "8", memory "32Gi", example.com/gpu "2"
      And a ResourceSlice "mixed-gpus" of driver "gpu.example.com" on node "mixed" with 4 devices named "mixed-"
      When I create 1 pod named "small" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          nodeSelector: {kubernetes.io/hostname: mixed}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      And I create 1 pod named "big" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          nodeSelector: {kubernetes.io/hostname: mixed}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "3"}
              limits: {example.com/gpu: "3"}
        """
      Then the Pod "small" is scheduled to "mixed"
      And the Pod "small" has no "status.extendedResourceClaimStatus"
      And the Pod "big" stays pending with reason "Unschedulable" and a message starting with "0/2 nodes are available: 1 Insufficient example.com/gpu, 1 node(s) didn't match Pod's node affinity/selector."
      And there are 0 extended resource claims
      And 0 devices of driver "gpu.example.com" are allocated

    @req:5004-R07 @req:5004-R02 @clause:5004-R07/mixed-cluster @clause:5004-R02/implicit-every-class @kep-test:mixed-node-scenarios
    Scenario: On a device-plugin node the implicit name is still served by DRA
      KEP-5004 (the test plan runs every test for the explicit and the implicit name): a device
      plugin can only advertise explicit names (deviceclass.resource.kubernetes.io/ is in the
      kubernetes.io domain), so on the same node the implicit name of the class has allocatable 0
      and goes through DRA, from the node's own slice.
      Given a node "mixed" with cpu "8", memory "32Gi", example.com/gpu "2"
      And a ResourceSlice "mixed-gpus" of driver "gpu.example.com" on node "mixed" with 4 devices named "mixed-"
      When I create 1 pod named "implicit" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          nodeSelector: {kubernetes.io/hostname: mixed}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {deviceclass.resource.kubernetes.io/gpu.example.com: "3"}
              limits: {deviceclass.resource.kubernetes.io/gpu.example.com: "3"}
        """
      Then the Pod "implicit" is scheduled to "mixed"
      And the extended resource claim of Pod "implicit" has 3 allocated devices
      And the extended resource claim of Pod "implicit" contains:
        """
        status:
          allocation:
            devices:
              results:
              - {pool: mixed}
              - {pool: mixed}
              - {pool: mixed}
        """
      And a pod requesting example.com/gpu "2" fits on node "mixed"

    # since 1.35: before kubernetes/kubernetes#133784 (1.35) the scheduler and the kubelet treat a removed device plugin's allocatable 0 as device-plugin capacity (kubernetes/kubernetes#133488), so the node never serves the name through DRA
    @req:5004-R07 @req:5004-R20 @since:1.35 @clause:5004-R07/node-transition @clause:5004-R20/node-allocatable-change @kep-test:mixed-node-scenarios
    Scenario Outline: A node moves from device plugin to DRA: its device-plugin pod runs on, waiting pods get special claims (<name>)
      KEP-5004 "Rollout": "Device plugin drivers can be replaced with DRA drivers for the same
      devices on a per-node basis, one node at a time", test plan "Mixed Node Scenarios":
      "remove device plugin, add DRA driver on same node". The kubelet reports the removed
      device plugin's resource with 0 allocatable; the DRA driver publishes a slice. EventsToRegister
      ("framework.UpdateNodeAllocatable") wakes the pod waiting for the node. A pod asking for
      the explicit or the implicit name then gets a special claim on that node.
      Given a node "migrating" with cpu "8", memory "32Gi", example.com/gpu "1"
      When I create 1 pod named "dp-pod" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          nodeSelector: {kubernetes.io/hostname: migrating}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      And I create 1 pod named "waiting" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          nodeSelector: {kubernetes.io/hostname: migrating}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      Then the Pod "dp-pod" is scheduled to "migrating"
      And the Pod "waiting" stays pending with reason "Unschedulable" and a message starting with "0/2 nodes are available: 1 Insufficient example.com/gpu, 1 node(s) didn't match Pod's node affinity/selector."
      When I patch the Node "migrating" status with:
        """
        status:
          capacity: {example.com/gpu: "0"}
          allocatable: {example.com/gpu: "0"}
        """
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: migrating-gpu.example.com}
        spec:
          driver: gpu.example.com
          nodeName: migrating
          pool: {name: migrating, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
          - name: gpu-1
        """
      Then the Pod "waiting" is scheduled to "migrating"
      And the extended resource claim of Pod "waiting" has 1 allocated device
      And the Pod "dp-pod" is scheduled to "migrating"
      And the Pod "dp-pod" has no "status.extendedResourceClaimStatus"
      When I create 1 pod named "new" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          nodeSelector: {kubernetes.io/hostname: migrating}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {<resource>: "1"}
              limits: {<resource>: "1"}
        """
      Then the Pod "new" is scheduled to "migrating"
      And the extended resource claim of Pod "new" has 1 allocated device
      And the devices of Pod "new" are different from the devices of Pod "waiting"
      And 2 devices of driver "gpu.example.com" are allocated

      Examples:
        | name     | resource                                           |
        | explicit | example.com/gpu                                    |
        | implicit | deviceclass.resource.kubernetes.io/gpu.example.com |

    # ------------------------------------------------------------------ waiting pods woken up
    # since 1.35: NodeResourcesFit registers DeviceClass events from 1.35 (kubernetes/kubernetes#134991); the 1.34 twin follows
    @req:5004-R20 @clause:5004-R20/class-appears @since:1.35
    Scenario Outline: A pod waiting for a name no class maps is scheduled once a DeviceClass maps it (<name>)
      KEP-5004 "Device Class API": "An application using the extended resources can only request
      the devices from DRA after the device class with the mapping is created." Before, the name
      is neither on the node nor DRA-backed (NodeResourcesFit "Insufficient"); the DeviceClass
      event requeues the pod: from 1.35 NodeResourcesFit registers DeviceClass Add and Update
      with the hint isSchedulableAfterDeviceClassEvent (the class maps a name the pod asks for,
      explicitly or by its implicit name).
      Given the objects from fixture "kep-5004/scheduling/fpga-devices.yaml"
      When I create 1 pod named "fpga-pod" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {<resource>: "1"}
              limits: {<resource>: "1"}
        """
      Then the Pod "fpga-pod" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient <resource>."
      And there are 0 extended resource claims
      When I apply the fixture "kep-5004/scheduling/fpga-class.yaml"
      Then the Pod "fpga-pod" is scheduled to "node-1"
      And the extended resource claim of Pod "fpga-pod" requests only the DeviceClass "fpga.example.com"
      And 1 device of driver "fpga.example.com" is allocated

      Examples:
        | name     | resource                                            |
        | explicit | example.com/fpga                                    |
        | implicit | deviceclass.resource.kubernetes.io/fpga.example.com |

    # since 1.35: NodeResourcesFit registers DeviceClass events from 1.35 (kubernetes/kubernetes#134991)
    @req:5004-R20 @clause:5004-R20/class-appears @since:1.35
    Scenario: A DeviceClass that maps another name does not wake a pod waiting for its own
      isSchedulableAfterDeviceClassEvent queues the pod only when the class maps a name the pod
      asks for (its extendedResourceName, or the class's implicit name); a class mapping
      another name is QueueSkip, so the pod makes no second attempt for it.
      Given the objects from fixture "kep-5004/scheduling/fpga-devices.yaml"
      When I create 1 pod named "fpga-pod" from:
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
      Then the Pod "fpga-pod" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient example.com/fpga."
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: other.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "other.example.com"}
          extendedResourceName: example.com/other
        """
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      And the Pod "fpga-pod" has no "spec.nodeName"

    # until 1.34: 1.35 fixed it (kubernetes/kubernetes#134991)
    @req:5004-R20 @clause:5004-R20/class-appears @until:1.34 @deviation:kubernetes/kubernetes#134991 @needs:logical-clock
    Scenario: Known upstream bug 1.34: a pod waiting for a name no class maps is tried again only by the 5-minute flush
      At 1.34 NodeResourcesFit registers Pod and Node events only: the DeviceClass that maps
      the name is an event for DynamicResources, which did not reject the pod, so the pod
      stays in the unschedulable queue (one attempt) until flushUnschedulablePodsLeftover moves
      it after podMaxInUnschedulablePodsDuration (5 minutes; the flush runs every 30 s, so
      within 5.5 minutes); then it is scheduled. kubernetes/kubernetes#134991 (1.35) registers
      the class events.
      Given the objects from fixture "kep-5004/scheduling/fpga-devices.yaml"
      When I create 1 pod named "fpga-pod" from:
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
      Then the Pod "fpga-pod" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient example.com/fpga."
      When I apply the fixture "kep-5004/scheduling/fpga-class.yaml"
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      And the Pod "fpga-pod" has no "spec.nodeName"
      When 290 seconds pass
      Then the Pod "fpga-pod" has no "spec.nodeName"
      When 40 seconds pass
      Then the Pod "fpga-pod" is scheduled to "node-1"
      And the extended resource claim of Pod "fpga-pod" requests only the DeviceClass "fpga.example.com"

    @req:5004-R20 @clause:5004-R20/slice-appears
    Scenario Outline: A pod waiting for devices is scheduled once a ResourceSlice publishes them (<name>)
      KEP-5004 "EventsToRegister": "all cluster events that might make an unschedulable pod
      schedulable, like ... resource slice updates". With the class but no devices the
      allocation fails ("cannot allocate all claims") and no claim is made; the slice event
      requeues the pod.
      Given the objects from fixture "kep-5004/scheduling/fpga-class.yaml"
      When I create 1 pod named "fpga-pod" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {<resource>: "2"}
              limits: {<resource>: "2"}
        """
      Then the Pod "fpga-pod" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      And there are 0 extended resource claims
      When I apply the fixture "kep-5004/scheduling/fpga-devices.yaml"
      Then the Pod "fpga-pod" is scheduled to "node-1"
      And the extended resource claim of Pod "fpga-pod" has 2 allocated devices
      And 2 devices of driver "fpga.example.com" are allocated

      Examples:
        | name     | resource                                            |
        | explicit | example.com/fpga                                    |
        | implicit | deviceclass.resource.kubernetes.io/fpga.example.com |

    # ------------------------------------------------------------------ the special claim's shape
    @req:5004-R04 @req:5004-R05 @clause:5004-R04/two-names-one-claim @clause:5004-R04/one-per-pod @clause:5004-R05/request-per-container @clause:5004-R05/request-name
    Scenario Outline: Two extended resources in one pod share one special claim (<name> names)
      KEP-5004 "Resource Claim API": "if a pod requests for foo1.domain/bar and foo2.domain/bar
      ... just one claim object with allocation Results that lists all allocated devices is
      created for the pod"; one request per (container, extended resource), named
      container-<i>-request-<j> with j the index among the container's sorted request keys
      (both fpga names sort before the gpu names).
      Given the objects from fixture "kep-5004/scheduling/fpga-class.yaml"
      And the objects from fixture "kep-5004/scheduling/fpga-devices.yaml"
      When I create 1 pod named "two-names" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {<gpu>: "2", <fpga>: "1"}
              limits: {<gpu>: "2", <fpga>: "1"}
        """
      Then the Pod "two-names" is scheduled to "node-1"
      And there is 1 extended resource claim
      And the extended resource claim of Pod "two-names" contains:
        """
        spec:
          devices:
            requests:
            - name: container-0-request-0
              exactly: {deviceClassName: fpga.example.com, allocationMode: ExactCount, count: 1}
            - name: container-0-request-1
              exactly: {deviceClassName: gpu.example.com, allocationMode: ExactCount, count: 2}
        """
      And the extended resource claim of Pod "two-names" has 3 allocated devices
      And the Pod "two-names" has "status.extendedResourceClaimStatus.requestMappings" equal to [{containerName: app, resourceName: <fpga>, requestName: container-0-request-0}, {containerName: app, resourceName: <gpu>, requestName: container-0-request-1}]

      Examples:
        | name     | gpu                                                | fpga                                                |
        | explicit | example.com/gpu                                    | example.com/fpga                                    |
        | implicit | deviceclass.resource.kubernetes.io/gpu.example.com | deviceclass.resource.kubernetes.io/fpga.example.com |

    @req:5004-R05 @clause:5004-R05/init-reuse @clause:5004-R05/init-containers @clause:5004-R05/request-name
    Scenario Outline: Sidecar and several plain init containers: plain ones reuse later requests, the largest extra request is kept (<name>)
      KEP-5004 "Resource Claim API" as shipped (extendeddynamicresources.go
      createRequestsAndMappings, partitionContainerIndices): sidecars (restartPolicy Always) and
      regular containers are long-lived and get their own requests; a plain init container first
      reuses the requests of long-lived containers at its index or later (they have not started),
      then asks for the rest; among plain init containers only the largest extra request is kept
      and the others' mappings point to it. Worked by hand: init-a (index 0) needs 3 = sidecar's 1
      + app's 1 + 1 extra (container-0-request-0); init-b (index 2, after the sidecar started)
      needs 2 = app's 1 + 1 extra, which is no larger, so its mapping is rewritten to
      container-0-request-0. 3 devices cover the peak: init-a alone, or the sidecar plus init-b.
      When I create 1 pod named "inits" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          initContainers:
          - name: init-a
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {<resource>: "3"}
              limits: {<resource>: "3"}
          - name: sidecar
            image: registry.k8s.io/pause:3.10
            restartPolicy: Always
            resources:
              requests: {<resource>: "1"}
              limits: {<resource>: "1"}
          - name: init-b
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {<resource>: "2"}
              limits: {<resource>: "2"}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {<resource>: "1"}
              limits: {<resource>: "1"}
        """
      Then the Pod "inits" is scheduled to "node-1"
      And the extended resource claim of Pod "inits" contains:
        """
        spec:
          devices:
            requests:
            - name: container-0-request-0
              exactly: {deviceClassName: gpu.example.com, allocationMode: ExactCount, count: 1}
            - name: container-1-request-0
              exactly: {deviceClassName: gpu.example.com, allocationMode: ExactCount, count: 1}
            - name: container-3-request-0
              exactly: {deviceClassName: gpu.example.com, allocationMode: ExactCount, count: 1}
        """
      And the extended resource claim of Pod "inits" has 3 allocated devices
      And the Pod "inits" has "status.extendedResourceClaimStatus.requestMappings" equal to [{containerName: sidecar, resourceName: <resource>, requestName: container-1-request-0}, {containerName: app, resourceName: <resource>, requestName: container-3-request-0}, {containerName: init-a, resourceName: <resource>, requestName: container-1-request-0}, {containerName: init-a, resourceName: <resource>, requestName: container-3-request-0}, {containerName: init-a, resourceName: <resource>, requestName: container-0-request-0}, {containerName: init-b, resourceName: <resource>, requestName: container-3-request-0}, {containerName: init-b, resourceName: <resource>, requestName: container-0-request-0}]

      Examples:
        | name     | resource                                           |
        | explicit | example.com/gpu                                    |
        | implicit | deviceclass.resource.kubernetes.io/gpu.example.com |

    # ------------------------------------------------------------------ failure handling
    @req:5004-R09 @req:5004-R10 @clause:5004-R09/finalizer-first @clause:5004-R09/stale-claim-deleted @clause:5004-R10/finds-earlier-claim
    Scenario: An allocated stale special claim is deleted finalizer first, then the pod gets a fresh one
      KEP-5004 "Failure handling": "the special resourcelclaim’s finalizer is first removed with
      an update API call, then the claim is deleted". The stale claim is left as a scheduler
      that crashed after PreBind's claim status update would leave it: allocated, reserved for
      the pending pod, with the finalizer resource.kubernetes.io/delete-protection. The
      ResourceClaim controller keeps that finalizer while the claim is allocated and reserved for
      a pod that still exists, so the claim only goes if the scheduler removes the finalizer
      itself before deleting (shipped deleteClaim). The deletion brings the pod back to no
      queue at 1.34-1.37 (no plugin registers a ResourceClaim delete); a DeviceClass update,
      which DynamicResources registers, does, and the pod gets a new claim.
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
      And I create the ResourceClaim "gpu-pod-extended-resources-crash1" controlled by Pod "gpu-pod":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          annotations:
            resource.kubernetes.io/extended-resource-claim: "true"
        spec:
          devices:
            requests:
            - name: container-0-request-0
              exactly: {deviceClassName: gpu.example.com, allocationMode: ExactCount, count: 1}
        """
      And the ResourceClaim "gpu-pod-extended-resources-crash1" is allocated and reserved for the Pod "gpu-pod":
        | request               | driver          | pool   | device |
        | container-0-request-0 | gpu.example.com | node-1 | gpu-7  |
      And I patch the ResourceClaim "gpu-pod-extended-resources-crash1" with:
        """
        metadata:
          finalizers:
          - resource.kubernetes.io/delete-protection
        """
      And I patch the Pod "gpu-pod" with:
        """
        spec:
          schedulingGates: []
        """
      Then the ResourceClaim "gpu-pod-extended-resources-crash1" does not exist
      And there is a Warning event "FailedScheduling" for Pod "gpu-pod" containing "deletion of ResourceClaim completed"
      When I patch the DeviceClass "gpu.example.com" with:
        """
        metadata: {labels: {example.com/touched: "true"}}
        """
      Then the Pod "gpu-pod" is scheduled to "node-1"
      And there is 1 extended resource claim
      And the extended resource claim of Pod "gpu-pod" is named with the prefix "gpu-pod-extended-resources-"
      And the extended resource claim of Pod "gpu-pod" has 1 allocated device
      And 1 device of driver "gpu.example.com" is allocated

    @req:5004-R09 @gate:DRANodeAllocatableResources @version:1.37 @deviation:kubernetes/kubernetes#141467 @clause:5004-R09/unreserve-deletes
    Scenario Outline: Unreserve deletes a special claim PreBind already created (1.37, reached through a known bug; <name>)
      KEP-5004 "Failure handling": when PreBind fails after the claim was created, "The scheduler
      framework will first call Unreserve phase to clean up" and Unreserve deletes the claim
      (shipped unreserveExtendedResourceClaim: finalizer removed, then deleted). A failure after
      the create can only be caused through the API by kubernetes/kubernetes#141467 at 1.37: the
      claim is created (scheduler_resourceclaim_creates_total{status="success"}), then the
      pod-status patch of status.nodeAllocatableResourceClaimStatuses is refused, and Unreserve
      removes the claim and frees its device. Shipped Unreserve does not touch
      pod.status.extendedResourceClaimStatus (the KEP says it is updated); not asserted here.
      Given the feature gate DRANodeAllocatableResources is enabled
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: fake.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "fake.example.com"}
          extendedResourceName: example.com/fake
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
        metadata: {name: repro}
        spec:
          restartPolicy: Never
          containers:
          - name: test
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {<resource>: "1"}
              limits: {<resource>: "1"}
        """
      Then the Pod "repro" stays pending with reason "SchedulerError" and a message containing "no mapping found in pod reference"
      And the metric scheduler_resourceclaim_creates_total{status="success"} is at least 1
      And there are 0 extended resource claims
      And 0 devices of driver "fake.example.com" are allocated

      Examples:
        | name     | resource                                            |
        | explicit | example.com/fake                                    |
        | implicit | deviceclass.resource.kubernetes.io/fake.example.com |

    # ------------------------------------------------------------------ quota keys
    # since 1.35: the quota key requests.deviceclass.resource.kubernetes.io/<class> first appears in kubernetes-1.35.0 (api-truth §1.2)
    @req:5004-R11 @since:1.35 @clause:5004-R11/implicit-key @clause:5004-R11/enforced
    Scenario: Quota on the implicit-name key refuses an implicit-name pod at admission and an explicit-name pod's claim at PreBind
      KEP-5004 "Resource Quota", as shipped (k/k pkg/quota/v1/evaluator/core pods.go: a pod pays
      requests.<name> for every IsDRAExtendedResourceName request, the implicit name included;
      resource_claims.go: a special claim pays the implicit key minus what its verified pod paid
      for it). A second implicit-name pod is refused on create; an explicit-name pod is admitted,
      but its special claim pays the implicit key and is refused when PreBind creates it.
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata:
          name: gpu
        spec:
          hard:
            requests.deviceclass.resource.kubernetes.io/gpu.example.com: "1"
        """
      When I create 1 pod named "first" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {deviceclass.resource.kubernetes.io/gpu.example.com: "1"}
              limits: {deviceclass.resource.kubernetes.io/gpu.example.com: "1"}
        """
      Then the Pod "first" is scheduled to "node-1"
      And the ResourceQuota "gpu" contains:
        """
        status:
          used:
            requests.deviceclass.resource.kubernetes.io/gpu.example.com: "1"
        """
      When I create 1 pod named "second" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {deviceclass.resource.kubernetes.io/gpu.example.com: "1"}
              limits: {deviceclass.resource.kubernetes.io/gpu.example.com: "1"}
        """
      Then the request is rejected as Forbidden (403)
      And the error message contains "exceeded quota: gpu, requested: requests.deviceclass.resource.kubernetes.io/gpu.example.com=1, used: requests.deviceclass.resource.kubernetes.io/gpu.example.com=1, limited: requests.deviceclass.resource.kubernetes.io/gpu.example.com=1"
      When I create 1 pod named "explicit" from:
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
      Then the request succeeds
      And the Pod "explicit" stays pending with reason "SchedulerError" and a message containing "exceeded quota: gpu, requested: requests.deviceclass.resource.kubernetes.io/gpu.example.com=1, used: requests.deviceclass.resource.kubernetes.io/gpu.example.com=1, limited: requests.deviceclass.resource.kubernetes.io/gpu.example.com=1"
      And there is 1 extended resource claim

    # since 1.35: see above (the implicit name's quota key arrived in 1.35)
    @req:5004-R11 @since:1.35 @clause:5004-R11/explicit-key @clause:5004-R11/enforced
    Scenario: Quota on the explicit name: an implicit-name pod pays it through its special claim
      KEP-5004 "Resource Quota": requests.example.com/gpu counts "the devices requested from
      implicit extended resource". Shipped: the implicit-name pod itself does not pay the
      explicit key; its special claim does (the class maps example.com/gpu, the pod paid nothing
      for that key). So an explicit-name pod is then refused at admission, and a second
      implicit-name pod is admitted but its claim is refused at PreBind.
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
      When I create 1 pod named "implicit" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {deviceclass.resource.kubernetes.io/gpu.example.com: "1"}
              limits: {deviceclass.resource.kubernetes.io/gpu.example.com: "1"}
        """
      Then the Pod "implicit" is scheduled to "node-1"
      And the ResourceQuota "gpu" contains:
        """
        status:
          used:
            requests.example.com/gpu: "1"
        """
      When I create 1 pod named "explicit" from:
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
      When I create 1 pod named "implicit-2" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {deviceclass.resource.kubernetes.io/gpu.example.com: "1"}
              limits: {deviceclass.resource.kubernetes.io/gpu.example.com: "1"}
        """
      Then the request succeeds
      And the Pod "implicit-2" stays pending with reason "SchedulerError" and a message containing "exceeded quota: gpu, requested: requests.example.com/gpu=1, used: requests.example.com/gpu=1, limited: requests.example.com/gpu=1"

    # since 1.35: see above (the evaluators' extended-resource keys are read at the 1.35-1.37 sources)
    @req:5004-R11 @since:1.35 @clause:5004-R11/special-claim-paid-by-pod @clause:5004-R11/enforced
    Scenario: Only the special claim its pod verifiably owns is spared what the pod paid
      k/k pkg/quota/v1/evaluator/core/resource_claims.go (getVerifiedPodUsage, docs/api-truth-notes.md):
      a claim with the annotation resource.kubernetes.io/extended-resource-claim "true" is
      charged requests.<name> minus what its pod paid under that key only when a v1 Pod with
      the uid of its controller ownerReference exists and the claim is the one the pod's
      status.extendedResourceClaimStatus names, or, while that is unset, the pod's oldest
      special claim. Any other annotated claim pays in full, so with the pod's one GPU already
      counted it is refused at admission. The pod is held by a scheduling gate, so the
      scheduler makes no special claim of its own. Only the pod's own special claims are
      compared (the evaluator looks them up by the owner's uid): the plain claim "a-plain",
      created first, is not one of them.
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata:
          name: gpu
        spec:
          hard:
            requests.example.com/gpu: "1"
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: a-plain}
        spec:
          devices:
            requests:
            - {name: nic, exactly: {deviceClassName: nic.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: holder}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: nobody-owns-it
          annotations: {resource.kubernetes.io/extended-resource-claim: "true"}
        spec:
          devices:
            requests:
            - {name: container-0-request-0, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the request is rejected as Forbidden (403)
      And the error message contains "exceeded quota: gpu, requested: requests.example.com/gpu=1, used: requests.example.com/gpu=1, limited: requests.example.com/gpu=1"
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: another-pods
          annotations: {resource.kubernetes.io/extended-resource-claim: "true"}
          ownerReferences:
          - {apiVersion: v1, kind: Pod, name: holder, uid: 6b0c5a43-0c7e-4c1b-9a53-3f3d1f0e0001, controller: true}
        spec:
          devices:
            requests:
            - {name: container-0-request-0, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the request is rejected as Forbidden (403)
      When I try to create the ResourceClaim "first" controlled by Pod "holder":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          annotations: {resource.kubernetes.io/extended-resource-claim: "true"}
        spec:
          devices:
            requests:
            - {name: container-0-request-0, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the request succeeds
      When I try to create the ResourceClaim "second" controlled by Pod "holder":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          annotations: {resource.kubernetes.io/extended-resource-claim: "true"}
        spec:
          devices:
            requests:
            - {name: container-0-request-0, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the request is rejected as Forbidden (403)
      When the Pod "holder" status has:
        """
        extendedResourceClaimStatus:
          resourceClaimName: first
          requestMappings:
          - {containerName: app, resourceName: example.com/gpu, requestName: container-0-request-0}
        """
      And I try to create the ResourceClaim "third" controlled by Pod "holder":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          annotations: {resource.kubernetes.io/extended-resource-claim: "true"}
        spec:
          devices:
            requests:
            - {name: container-0-request-0, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the request is rejected as Forbidden (403)
      And the ResourceQuota "gpu" comes to have "status.used" equal to {requests.example.com/gpu: "1"}

    # since 1.35: see above (the evaluators' extended-resource keys are read at the 1.35-1.37 sources)
    @req:5004-R11 @since:1.35 @clause:5004-R11/special-claim-paid-by-pod
    Scenario: A pod's only special claim stays spared when the quota controller counts it again later
      k/k pkg/quota/v1/evaluator/core/resource_claims.go getVerifiedPodUsage: while the pod's
      status.extendedResourceClaimStatus is unset, a special claim is spared what its pod paid
      unless another special claim of the pod was created earlier (creationTimestamp, then the
      name) - the claims are compared with each other, not with the time of the count. A
      changed spec.hard makes the resourcequota controller count everything again
      (resource_quota_controller.go updateQuota, syncResourceQuota), here seconds after the
      claim was made: the pod's one GPU is still counted once.
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata:
          name: gpu
        spec:
          hard:
            requests.example.com/gpu: "1"
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: holder}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      When I try to create the ResourceClaim "only" controlled by Pod "holder":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          annotations: {resource.kubernetes.io/extended-resource-claim: "true"}
        spec:
          devices:
            requests:
            - {name: container-0-request-0, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the request succeeds
      When 2 seconds pass
      And I patch the ResourceQuota "gpu" with:
        """
        spec:
          hard:
            requests.example.com/gpu: "1"
            count/resourceclaims.resource.k8s.io: "5"
        """
      Then the ResourceQuota "gpu" comes to have "status.used" equal to {requests.example.com/gpu: "1", count/resourceclaims.resource.k8s.io: "1"}

    # since 1.35: see above (the evaluators' extended-resource keys are read at the 1.35-1.37 sources)
    @req:5004-R11 @since:1.35 @clause:5004-R11/special-claim-paid-by-pod
    Scenario: A special claim the pod's status does not name is charged when the quota controller counts again
      getVerifiedPodUsage: once pod.status.extendedResourceClaimStatus names the pod's special
      claim, only that claim is spared what the pod paid; any other special claim of the pod is
      charged in full, also one that was spared when it was made (the oldest then). A changed
      spec.hard makes the resourcequota controller count everything again: the pod's GPU and
      the stale claim's GPU.
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata:
          name: gpu
        spec:
          hard:
            requests.example.com/gpu: "2"
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: holder}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      When I try to create the ResourceClaim "stale" controlled by Pod "holder":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          annotations: {resource.kubernetes.io/extended-resource-claim: "true"}
        spec:
          devices:
            requests:
            - {name: container-0-request-0, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the request succeeds
      And the ResourceQuota "gpu" comes to have "status.used" equal to {requests.example.com/gpu: "1"}
      When the Pod "holder" status has:
        """
        extendedResourceClaimStatus:
          resourceClaimName: current
          requestMappings:
          - {containerName: app, resourceName: example.com/gpu, requestName: container-0-request-0}
        """
      And 2 seconds pass
      And I patch the ResourceQuota "gpu" with:
        """
        spec:
          hard:
            requests.example.com/gpu: "2"
            count/resourceclaims.resource.k8s.io: "5"
        """
      Then the ResourceQuota "gpu" comes to have "status.used" equal to {requests.example.com/gpu: "2", count/resourceclaims.resource.k8s.io: "1"}

    # since 1.35: see above (the evaluators' extended-resource keys are read at the 1.35-1.37 sources)
    @req:5004-R11 @since:1.35 @clause:5004-R11/special-claim-paid-by-pod
    Scenario: Another pod's older special claim does not stop a pod's own special claim from being spared
      getVerifiedPodUsage looks for an earlier special claim of the same pod only (a
      controller reference to the pod's uid): two pods that each asked for one GPU and
      each get their special claim, one second apart, are charged one GPU each, so a quota of
      two admits both claims.
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata:
          name: gpu
        spec:
          hard:
            requests.example.com/gpu: "2"
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: first-pod}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: second-pod}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      When I try to create the ResourceClaim "first-claim" controlled by Pod "first-pod":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          annotations: {resource.kubernetes.io/extended-resource-claim: "true"}
        spec:
          devices:
            requests:
            - {name: container-0-request-0, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the request succeeds
      When 1 seconds pass
      And I try to create the ResourceClaim "second-claim" controlled by Pod "second-pod":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          annotations: {resource.kubernetes.io/extended-resource-claim: "true"}
        spec:
          devices:
            requests:
            - {name: container-0-request-0, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the request succeeds
      And the ResourceQuota "gpu" comes to have "status.used" equal to {requests.example.com/gpu: "2"}

    @req:5004-R11 @needs:logical-clock @clause:5004-R11/per-class-key @clause:5004-R11/enforced
    Scenario Outline: Quota on the per-class device key: the special claim is refused at PreBind until devices are freed (<name>)
      KEP-5004 "Resource Quota": "resource claim quota has alreadys accounted for the devices
      requests from pod’s extendeded resources, as scheduler would create a special resource
      claim". Pods do not pay <class>.deviceclass.resource.k8s.io/devices, so the second pod is
      admitted and its claim is refused by quota in PreBind (SchedulerError, retried after the
      backoff); once the first pod's claim is garbage-collected the retry succeeds.
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata:
          name: gpu
        spec:
          hard:
            gpu.example.com.deviceclass.resource.k8s.io/devices: "2"
        """
      When I create 1 pod named "first" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {<resource>: "2"}
              limits: {<resource>: "2"}
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
              requests: {<resource>: "1"}
              limits: {<resource>: "1"}
        """
      Then the request succeeds
      And the Pod "first" is scheduled to "node-1"
      And the Pod "second" stays pending with reason "SchedulerError" and a message containing "exceeded quota: gpu, requested: gpu.example.com.deviceclass.resource.k8s.io/devices=1, used: gpu.example.com.deviceclass.resource.k8s.io/devices=2, limited: gpu.example.com.deviceclass.resource.k8s.io/devices=2"
      And there is 1 extended resource claim
      When I delete the Pod "first"
      And 10 seconds pass
      Then the Pod "second" is scheduled to "node-1"
      And the ResourceQuota "gpu" contains:
        """
        status:
          used:
            gpu.example.com.deviceclass.resource.k8s.io/devices: "1"
        """

      Examples:
        | name     | resource                                           |
        | explicit | example.com/gpu                                    |
        | implicit | deviceclass.resource.kubernetes.io/gpu.example.com |

    # ------------------------------------------------------------------ the KEP's test plan (both names)
    @req:5004-R01 @kep-test:basic-feature-enablement @clause:5004-R01/unmodified-pod
    Scenario Outline: The KEP's basic test: an unmodified Deployment asking for the <name> name gets DRA devices
      KEP-5004 test plan "Basic Feature Enablement" (run for the explicit and the implicit name):
      the KEP's motivating Deployment, limits only, two replicas; each pod is scheduled, the
      scheduler makes each its own special claim from the class, and the pod status maps the
      container's extended resource to the claim's request.
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: demo
        spec:
          replicas: 2
          selector:
            matchLabels:
              app: demo
          template:
            metadata:
              labels:
                app: demo
            spec:
              containers:
              - name: demo
                image: nvidia/cuda:8.0-runtime
                command: ["/bin/sh", "-c"]
                args: ["nvidia-smi && tail -f /dev/null"]
                resources:
                  limits:
                    <resource>: 1
        """
      Then the 2 pods of the Deployment "demo" are scheduled, each with its own extended resource claim of 1 device of the DeviceClass "gpu.example.com" for "<resource>"
      And 2 devices of driver "gpu.example.com" are allocated

      Examples:
        | name     | resource                                           |
        | explicit | example.com/gpu                                    |
        | implicit | deviceclass.resource.kubernetes.io/gpu.example.com |

    @version:1.36 @req:5004-R14 @req:5004-R11 @kep-test:upgrade-and-downgrade-testing @kep-test:api-object-persistence @clause:5004-R14/claims-survive @clause:5004-R14/new-claims-after-upgrade @clause:5004-R14/schedule-after-downgrade @clause:5004-R14/persistence @clause:5004-R14/quota-continues @clause:5004-R14/cleanup-after-downgrade
    Scenario Outline: The KEP's upgrade and downgrade test, 1.36 -> 1.37 -> 1.36 (<name> name)
      KEP-5004 test plan "Upgrade and Downgrade Testing (version n-1 → n → n-1)" and "API Object
      Persistence", run for both names: special claims made at 1.36 stay valid at 1.37, the 1.37
      scheduler makes new ones, the DeviceClass field and the pod status persist, quota keeps
      counting; after the downgrade new pods are scheduled and deleting a pod frees its devices.
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata:
          name: gpu
        spec:
          hard:
            gpu.example.com.deviceclass.resource.k8s.io/devices: "8"
        """
      When I create 1 pod named "at-136" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {<resource>: "1"}
              limits: {<resource>: "1"}
        """
      Then the Pod "at-136" is scheduled to "node-1"
      When the cluster is upgraded to Kubernetes 1.37
      And I create 1 pod named "at-137" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {<resource>: "2"}
              limits: {<resource>: "2"}
        """
      Then the Pod "at-137" is scheduled to "node-1"
      And the extended resource claim of Pod "at-137" has 2 allocated devices
      And the extended resource claim of Pod "at-136" has 1 allocated device
      And the DeviceClass "gpu.example.com" has "spec.extendedResourceName" equal to example.com/gpu
      And the Pod "at-136" has "status.extendedResourceClaimStatus.requestMappings" equal to [{containerName: app, resourceName: <resource>, requestName: container-0-request-0}]
      And the ResourceQuota "gpu" contains:
        """
        status:
          used:
            gpu.example.com.deviceclass.resource.k8s.io/devices: "3"
        """
      When the cluster is downgraded to Kubernetes 1.36
      And I create 1 pod named "after-downgrade" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {<resource>: "1"}
              limits: {<resource>: "1"}
        """
      Then the Pod "after-downgrade" is scheduled to "node-1"
      And the extended resource claim of Pod "after-downgrade" has 1 allocated device
      And the DeviceClass "gpu.example.com" has "spec.extendedResourceName" equal to example.com/gpu
      And the Pod "at-137" has "status.extendedResourceClaimStatus.requestMappings" equal to [{containerName: app, resourceName: <resource>, requestName: container-0-request-0}]
      And there are 3 extended resource claims
      And 4 devices of driver "gpu.example.com" are allocated
      When I delete the Pod "at-137"
      Then there are 2 extended resource claims
      And 2 devices of driver "gpu.example.com" are allocated
      And the ResourceQuota "gpu" contains:
        """
        status:
          used:
            gpu.example.com.deviceclass.resource.k8s.io/devices: "2"
        """

      Examples:
        | name     | resource                                           |
        | explicit | example.com/gpu                                    |
        | implicit | deviceclass.resource.kubernetes.io/gpu.example.com |

    @version:1.36 @gate:DRAExtendedResource @req:5004-R13 @clause:5004-R13/no-claims-off @clause:5004-R13/device-plugin-only-off @clause:5004-R13/enable-new-pods @kep-test:feature-gate-unit-tests
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

    @version:1.36 @gate:DRAExtendedResource @req:5004-R13 @clause:5004-R13/running-continue @clause:5004-R13/claims-kept-off @clause:5004-R13/no-claims-off @clause:5004-R13/reenable-no-stale @kep-test:feature-gate-unit-tests
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


    @version:1.36 @gate:DRAExtendedResource @req:5004-R11 @req:5004-R13 @clause:5004-R11/implicit-key @kep-test:feature-gate-unit-tests
    Scenario: Quota without DRAExtendedResource at 1.36 does not count claims under the implicit key; re-enabled, it does again
      KEP-5004 "Resource Quota": the implicit extended resource quota
      requests.deviceclass.resource.kubernetes.io/<class> counts the devices requested from
      resource claims, a rule of the feature (the quota evaluator reads DRAExtendedResource in
      the API server's admission plugin and in the controller manager's resourcequota
      controller, each with its own gate). Off everywhere, two claims go through although the
      key's hard limit is 1 and status.used reports 0 for it; the per-class device count stays.
      Re-enabled (API server and controller manager restart), the controller reports both
      claims and a third one is refused at admission.
      Given the feature gate DRAExtendedResource is disabled
      And the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: gpu-claims}
        spec:
          hard:
            requests.deviceclass.resource.kubernetes.io/gpu.example.com: "1"
            gpu.example.com.deviceclass.resource.k8s.io/devices: "10"
        """
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: claim-a}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: claim-b}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        """
      Then the request succeeds
      And the ResourceQuota "gpu-claims" contains:
        """
        status:
          used:
            requests.deviceclass.resource.kubernetes.io/gpu.example.com: "0"
            gpu.example.com.deviceclass.resource.k8s.io/devices: "2"
        """
      When the feature gate DRAExtendedResource is enabled
      Then the ResourceQuota "gpu-claims" contains:
        """
        status:
          used:
            requests.deviceclass.resource.kubernetes.io/gpu.example.com: "2"
            gpu.example.com.deviceclass.resource.k8s.io/devices: "2"
        """
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: claim-c}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        """
      Then the request is rejected as Forbidden (403)
      And the error message contains "exceeded quota: gpu-claims, requested: requests.deviceclass.resource.kubernetes.io/gpu.example.com=1, used: requests.deviceclass.resource.kubernetes.io/gpu.example.com=2, limited: requests.deviceclass.resource.kubernetes.io/gpu.example.com=1"

    @req:5004-R01 @clause:5004-R01/rest-for-both
    Scenario: GPUs an admin-access claim watches stay free for an extended-resource pod
      Admin access (KEP-5018) lets a monitoring pod see devices without taking them: k/k
      pkg/scheduler/framework/plugins/dynamicresources/allocateddevices.go does not count a
      result with adminAccess as allocated. With all eight GPUs watched, the unmodified pod
      still gets one (KEP-5004 "Motivation": the GPUs not allocated stay for extended-resource
      pods and claims alike). The namespace carries the admin-access label a real API server
      requires for such a claim.
      Given the objects:
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
        kind: ResourceClaim
        metadata: {name: watch-all}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com, allocationMode: All, adminAccess: true}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: gpu-monitor}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: watch-all}
        """
      Then the Pod "gpu-monitor" is scheduled to "node-1"
      And the ResourceClaim "watch-all" has "status.allocation.devices.results[7].adminAccess" equal to true
      When I apply the fixture "kep-5004/scheduling/pod-one-gpu.yaml"
      Then the Pod "gpu-pod" is scheduled to "node-1"
      And the extended resource claim of Pod "gpu-pod" has 1 allocated device

    @req:5004-R11 @clause:5004-R11/per-class-key @clause:5004-R11/implicit-key
    Scenario: A claim with prioritized alternatives is charged its largest alternative per class
      k/k pkg/quota/v1/evaluator/core/resource_claims.go: a firstAvailable request charges, per
      device class, the largest count among its alternatives (the allocator may pick any of
      them), under the per-class device count and the implicit extended-resource key alike;
      two alternatives of 2 and 1 GPUs count 2, a plain request of one more GPU counts 1.
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: gpu-claims}
        spec:
          hard:
            requests.deviceclass.resource.kubernetes.io/gpu.example.com: "10"
            gpu.example.com.deviceclass.resource.k8s.io/devices: "10"
        """
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: two-or-one}
        spec:
          devices:
            requests:
            - name: gpus
              firstAvailable:
              - {name: two, deviceClassName: gpu.example.com, count: 2}
              - {name: one, deviceClassName: gpu.example.com, count: 1}
            - name: extra
              exactly: {deviceClassName: gpu.example.com}
        """
      Then the request succeeds
      And the ResourceQuota "gpu-claims" contains:
        """
        status:
          used:
            requests.deviceclass.resource.kubernetes.io/gpu.example.com: "3"
            gpu.example.com.deviceclass.resource.k8s.io/devices: "3"
        """

    @req:5004-R09 @clause:5004-R09/no-fit-no-claim
    Scenario: A GPU pod whose required node affinity matches no node stays pending for that reason
      k/k pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go (Filter: the required
      nodeSelectorTerms are checked, ErrReasonPod "node(s) didn't match Pod's node affinity/
      selector", UnschedulableAndUnresolvable): an extended resource served by DRA does not
      bypass the pod's required node affinity. The node with the GPUs is filtered out before a
      device is looked at, and no claim is made.
      When I create 1 pod named "pinned" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          affinity:
            nodeAffinity:
              requiredDuringSchedulingIgnoredDuringExecution:
                nodeSelectorTerms:
                - matchExpressions:
                  - {key: kubernetes.io/hostname, operator: In, values: [node-elsewhere]}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      Then the Pod "pinned" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector."
      And there are 0 extended resource claims

    @req:5004-R09 @clause:5004-R09/no-fit-no-claim
    Scenario: A GPU pod that stays unschedulable keeps the lastTransitionTime of its PodScheduled condition
      k/k pkg/scheduler/schedule_one.go (handleSchedulingFailure -> updatePod) and
      pkg/api/v1/pod/util.go UpdatePodCondition: the scheduler rewrites PodScheduled=False with
      the new message on each failed attempt, but keeps lastTransitionTime while the status
      stays False. A second later, a node with too few GPUs makes the scheduler try again
      (the message now counts two nodes); the transition time is still the first one.
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
      When I note the PodScheduled condition of the Pod "too-many"
      And 1 second passes
      Given a node "node-2" with cpu "8", memory "32Gi", pods "110"
      And a ResourceSlice "node-2-gpus" of driver "gpu.example.com" on node "node-2" with 1 devices named "node-2-gpu-"
      Then the Pod "too-many" stays pending with reason "Unschedulable" and a message starting with "0/2 nodes are available: 2 cannot allocate all claims."
      And the PodScheduled condition of the Pod "too-many" keeps its status and the noted lastTransitionTime

    @req:5004-R01 @clause:5004-R01/unmodified-pod
    Scenario: A GPU Deployment in its own namespace scales up, each new pod with its own claim
      k/k pkg/controller/deployment (sync.go getNewReplicaSet looks the ReplicaSet up in the
      Deployment's namespace, scale writes its replicas): the KEP's unmodified Deployment,
      deployed into a team namespace and scaled from 1 to 2 replicas; the second pod gets its
      own special claim in that namespace.
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: gpu-team}
        """
      When I work in the namespace "gpu-team"
      And I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: demo
        spec:
          replicas: 1
          selector:
            matchLabels: {app: demo}
          template:
            metadata:
              labels: {app: demo}
            spec:
              containers:
              - name: demo
                image: registry.k8s.io/pause:3.10
                resources:
                  limits: {example.com/gpu: 1}
        """
      Then the 1 pod of the Deployment "demo" is scheduled, each with its own extended resource claim of 1 device of the DeviceClass "gpu.example.com" for "example.com/gpu"
      When I set "spec.replicas" of the Deployment "demo" to 2
      Then the 2 pods of the Deployment "demo" are scheduled, each with its own extended resource claim of 1 device of the DeviceClass "gpu.example.com" for "example.com/gpu"
      And 2 devices of driver "gpu.example.com" are allocated

    @req:5004-R01 @clause:5004-R01/unmodified-pod
    Scenario: A ReplicaSet of its own makes GPU pods, each with its own claim
      k/k pkg/controller/replicaset (replica_set.go addRS enqueues a new ReplicaSet, syncReplicaSet
      creates the missing pods): a bare ReplicaSet, with no Deployment above it, of the KEP's
      unmodified pod template; each of its two pods gets a special claim of its own.
      When I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata:
          name: bare
        spec:
          replicas: 2
          selector:
            matchLabels: {app: bare}
          template:
            metadata:
              labels: {app: bare}
            spec:
              containers:
              - name: demo
                image: registry.k8s.io/pause:3.10
                resources:
                  limits: {example.com/gpu: 1}
        """
      Then the 2 pods of the ReplicaSet "bare" are scheduled, each with its own extended resource claim of 1 device of the DeviceClass "gpu.example.com" for "example.com/gpu"

    @req:5004-R10 @clause:5004-R10/devices-freed
    Scenario Outline: A GPU pod that has finished (<phase>) gives its special claim back while the pod object stays
      k/k pkg/controller/resourceclaim/controller.go syncClaim: a claim no pod reserves any more
      whose owning pod is done (isPodDone: phase Succeeded or Failed) is deleted by the
      ResourceClaim controller itself ("Normally the garbage collector does that, but the pod
      itself might not get deleted for a while"), so the finished pod's GPU is free at once;
      an ordinary lifecycle: no component reports a problem with the claim on the way.
      When I apply the fixture "kep-5004/scheduling/pod-one-gpu.yaml"
      Then the Pod "gpu-pod" is scheduled to "node-1"
      And the extended resource claim of Pod "gpu-pod" has 1 allocated device
      When the Pod "gpu-pod" status has:
        """
        phase: <phase>
        """
      Then there are 0 extended resource claims
      And 0 devices of driver "gpu.example.com" are allocated
      And the Pod "gpu-pod" has "status.phase" equal to <phase>
      And no Warning event was recorded for any ResourceClaim

      Examples:
        | phase     |
        | Succeeded |
        | Failed    |

    @req:5004-R10 @clause:5004-R10/gc-with-pod @clause:5004-R10/devices-freed
    Scenario: A GPU pod deleted just before an API server restart still gives its special claim back
      client-go tools/cache reflector.go: a watch that resumes from a resourceVersion the API
      server no longer has answers 410 Expired ("too old resource version"), and the informer
      relists; a restarted kube-apiserver's watch cache starts at its first list
      (k8s.io/apiserver pkg/storage/cacher), so controllers that had not yet seen the pod's
      deletion relist after the restart. The garbage collector and the ResourceClaim
      controller then still delete the special claim and free the GPU (KEP-5004 "Lifecycle").
      When I apply the fixture "kep-5004/scheduling/pod-one-gpu.yaml"
      Then the Pod "gpu-pod" is scheduled to "node-1"
      When I delete the Pod "gpu-pod" without waiting
      And the API server restarts
      Then the Pod "gpu-pod" does not exist
      And there are 0 extended resource claims
      And 0 devices of driver "gpu.example.com" are allocated

    @req:5004-R08 @clause:5004-R08/both-allocated
    Scenario: A claim that comes with a finalizer of its own keeps it when the scheduler allocates it
      k/k pkg/scheduler/framework/plugins/dynamicresources/dynamicresources.go bindClaim: before
      it writes the allocation the scheduler appends resource.kubernetes.io/delete-protection
      to the claim's finalizers in a normal update; finalizers other components put there stay.
      A pod with an extended resource and such a claim gets both, on different GPUs.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: team-gpu
          finalizers: [example.com/keep-until-audited]
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        """
      When I create 1 pod named "both-kinds" from:
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
              claims: [{name: team}]
          resourceClaims:
          - {name: team, resourceClaimName: team-gpu}
        """
      Then the Pod "both-kinds" is scheduled to "node-1"
      And the ResourceClaim "team-gpu" has "metadata.finalizers" equal to [example.com/keep-until-audited, resource.kubernetes.io/delete-protection]
      And 2 devices of driver "gpu.example.com" are allocated
      When I patch the ResourceClaim "team-gpu" with:
        """
        metadata:
          finalizers: [resource.kubernetes.io/delete-protection]
        """
      Then the request succeeds

    @req:5004-R01 @clause:5004-R01/unmodified-pod
    Scenario: A GPU pod relabelled out of its Deployment keeps its GPU, and its replacement gets a claim of its own
      k/k pkg/controller/replicaset/replica_set.go (updatePod enqueues the owning ReplicaSet)
      and pkg/controller/controller_ref_manager.go ClaimPods: a pod whose labels no longer
      match the ReplicaSet's selector is released (its controller reference removed) and a
      replacement is created, the usual way to take a misbehaving pod aside for debugging. The
      released pod keeps its special claim and GPU; the replacement gets its own, and the
      template's annotations like the first pod (controller_utils.go getPodsAnnotationSet).
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: demo
        spec:
          replicas: 1
          selector:
            matchLabels: {app: demo}
          template:
            metadata:
              labels: {app: demo}
              annotations: {example.com/gpu-team: vision}
            spec:
              containers:
              - name: demo
                image: registry.k8s.io/pause:3.10
                resources:
                  limits: {example.com/gpu: 1}
        """
      Then the 1 pod of the Deployment "demo" is scheduled, each with its own extended resource claim of 1 device of the DeviceClass "gpu.example.com" for "example.com/gpu"
      When I set the label "app" of the pods of the Deployment "demo" to "debug"
      Then the 1 pod of the Deployment "demo" is scheduled, each with its own extended resource claim of 1 device of the DeviceClass "gpu.example.com" for "example.com/gpu"
      And there is 1 Pod object labelled "app=debug"
      And every Pod labelled "app=debug" has no "metadata.ownerReferences"
      And every Pod labelled "app=demo" has "metadata.annotations[example.com/gpu-team]" equal to vision
      And no Warning event was recorded for any ReplicaSet
      And there are 2 extended resource claims
      And 2 devices of driver "gpu.example.com" are allocated

    @req:5004-R08 @clause:5004-R08/both-allocated
    Scenario: A pod whose claim is created after it is scheduled as soon as the claim appears
      k/k pkg/scheduler/framework/plugins/dynamicresources (PreEnqueue: the pod's claim does not
      exist yet, so the pod does not enter the active queue and is not attempted; the plugin's
      queueing hint for a ResourceClaim add moves the pods that use it): the pod with an extended resource
      and a regular claim waits for the claim, then gets both, without waiting for the
      periodic flush of unschedulable pods (podMaxInUnschedulablePodsDuration, 5 min).
      When I create 1 pod named "early" from:
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
              claims: [{name: late}]
          resourceClaims:
          - {name: late, resourceClaimName: late-gpu}
        """
      Then the Pod "early" stays pending without a scheduling attempt
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: late-gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        """
      Then the Pod "early" is scheduled to "node-1"
      And 2 devices of driver "gpu.example.com" are allocated

    # until 1.36: DRADeviceTaints is GA and locked on from 1.37 (versioned gate table)
    @req:5004-R09 @clause:5004-R09/no-fit-no-claim @needs-gate:DRADeviceTaints @until:1.36
    Scenario: Skew: a scheduler without DRADeviceTaints gives a tainted GPU to an extended-resource pod
      The other side of the taint rule: the allocator reads device taints only when the
      scheduler runs with DRADeviceTaints (k8s.io/dynamic-resource-allocation structured
      Features.DeviceTaints, set from kube-scheduler's own gates), so an API server that kept
      the taint next to a scheduler without the gate (the skew a rollback of the gate leaves)
      schedules a two-GPU pod onto both GPUs, the tainted one included. Until 1.36: from 1.37
      the gate is GA and locked on.
      Given a node "tainted" with cpu "8", memory "32Gi"
      And the scheduler runs with the feature gate DRADeviceTaints disabled
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: tainted-gpus}
        spec:
          driver: gpu.example.com
          nodeName: tainted
          pool: {name: tainted, generation: 1, resourceSliceCount: 1}
          devices:
          - name: t-gpu-0
            taints:
            - {key: example.com/unhealthy, effect: NoSchedule}
          - name: t-gpu-1
        """
      When I create 1 pod named "two" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          nodeSelector: {kubernetes.io/hostname: tainted}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "2"}
              limits: {example.com/gpu: "2"}
        """
      Then the Pod "two" is scheduled to "tainted"
      And the ResourceSlice "tainted-gpus" has "spec.devices[0].taints[0].effect" equal to NoSchedule

    @req:5004-R09 @clause:5004-R09/no-fit-no-claim @needs-gate:DRADeviceTaints
    Scenario: A GPU with a NoSchedule device taint is not given to an extended-resource pod
      KEP-5004 "Resource Claim API": the special claim's request is the DeviceClass and a count,
      with no tolerations (k/k extendeddynamicresources.go createRequestsAndMappings), and the
      allocator skips a device whose NoSchedule or NoExecute taint the request does not
      tolerate (k8s.io/dynamic-resource-allocation structured allocator, DRADeviceTaints). Of a
      node's two GPUs, one tainted, a pod asking for two does not fit; one asking for one gets
      the untainted GPU. DRADeviceTaints is alpha (off by default) at 1.34/1.35, beta from 1.36:
      with it off the API server drops the taint, so the scenario needs the gate on.
      Given a node "tainted" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: tainted-gpus}
        spec:
          driver: gpu.example.com
          nodeName: tainted
          pool: {name: tainted, generation: 1, resourceSliceCount: 1}
          devices:
          - name: t-gpu-0
            taints:
            - {key: example.com/unhealthy, effect: NoSchedule}
          - name: t-gpu-1
        """
      When I create 1 pod named "two" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          nodeSelector: {kubernetes.io/hostname: tainted}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "2"}
              limits: {example.com/gpu: "2"}
        """
      Then the Pod "two" stays pending with reason "Unschedulable" and a message starting with "0/2 nodes are available: 1 cannot allocate all claims, 1 node(s) didn't match Pod's node affinity/selector."
      When I create 1 pod named "one" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          nodeSelector: {kubernetes.io/hostname: tainted}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      Then the Pod "one" is scheduled to "tainted"
      And the extended resource claim of Pod "one" contains:
        """
        status:
          allocation:
            devices:
              results:
              - {device: t-gpu-1}
        """

    @req:5004-R02 @clause:5004-R02/implicit-every-class
    Scenario: A GPU Deployment moved to the implicit extended resource name rolls out pods mapped to it
      k/k pkg/controller/deployment (a changed pod template gets a new pod-template-hash and a
      new ReplicaSet; the old one is scaled to 0): the KEP's Deployment switched from
      example.com/gpu to deviceclass.resource.kubernetes.io/gpu.example.com. The new pod's
      special claim maps the implicit name; the old pod's GPU is free again.
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: demo
        spec:
          replicas: 1
          selector:
            matchLabels: {app: demo}
          template:
            metadata:
              labels: {app: demo}
            spec:
              containers:
              - name: demo
                image: registry.k8s.io/pause:3.10
                resources:
                  limits: {example.com/gpu: 1}
        """
      Then the 1 pod of the Deployment "demo" is scheduled, each with its own extended resource claim of 1 device of the DeviceClass "gpu.example.com" for "example.com/gpu"
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: demo
        spec:
          replicas: 1
          selector:
            matchLabels: {app: demo}
          template:
            metadata:
              labels: {app: demo}
            spec:
              containers:
              - name: demo
                image: registry.k8s.io/pause:3.10
                resources:
                  limits: {deviceclass.resource.kubernetes.io/gpu.example.com: 1}
        """
      Then the 1 pod of the Deployment "demo" is scheduled, each with its own extended resource claim of 1 device of the DeviceClass "gpu.example.com" for "deviceclass.resource.kubernetes.io/gpu.example.com"
      And 1 device of driver "gpu.example.com" is allocated

    @req:5004-R01 @clause:5004-R01/unmodified-pod
    Scenario: A GPU pod that would fill either of two nodes completely is placed on one of them
      k/k pkg/scheduler/schedule_one.go (prioritizeNodes, selectHost): every feasible node is
      scored and one of the best is chosen, also when each scores 0 (NodeResourcesFit
      LeastAllocated gives 0 to a node the pod fills); upstream picks among equal scores at
      random, so the scenario only asks that the pod is placed and gets its GPU.
      Given 2 nodes "small-" with cpu "1", memory "1Gi", pods "110"
      And a ResourceSlice "small-0-gpus" of driver "gpu.example.com" on node "small-0" with 1 devices named "s0-gpu-"
      And a ResourceSlice "small-1-gpus" of driver "gpu.example.com" on node "small-1" with 1 devices named "s1-gpu-"
      When I create 1 pod named "fill" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          affinity:
            nodeAffinity:
              requiredDuringSchedulingIgnoredDuringExecution:
                nodeSelectorTerms:
                - matchExpressions:
                  - {key: kubernetes.io/hostname, operator: NotIn, values: [node-1]}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: "1", memory: 1Gi, example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      Then the Pod "fill" is scheduled
      And the extended resource claim of Pod "fill" has 1 allocated device

    @req:5004-R04 @clause:5004-R04/owned-by-pod @clause:5004-R04/one-per-pod
    Scenario: A pod deleted and created again under the same name is scheduled with a special claim of its own
      KEP-5004 "Lifecycle": the special claim belongs to the pod it was made for (controller
      owner reference with that pod's UID) and is garbage-collected with it. A pod created again
      under the same name is a new pod: the scheduler takes it like any other (k/k
      pkg/scheduler/internal/queue keys its queue by pod, and a deleted pod leaves it) and makes
      it a new special claim.
      When I apply the fixture "kep-5004/scheduling/pod-one-gpu.yaml"
      Then the Pod "gpu-pod" is scheduled to "node-1"
      When I delete the Pod "gpu-pod"
      And I apply the fixture "kep-5004/scheduling/pod-one-gpu.yaml"
      Then the Pod "gpu-pod" is scheduled to "node-1"
      And there is 1 extended resource claim
      And the extended resource claim of Pod "gpu-pod" has 1 allocated device

    # since 1.35: NodeResourcesFit registers DeviceClass events from 1.35 (kubernetes/kubernetes#134991); at 1.34 the waiting pod is tried again only by the 5-minute flush
    @req:5004-R03 @req:5004-R20 @clause:5004-R03/no-disruption @clause:5004-R20/class-appears @since:1.35
    Scenario Outline: With the mapping DeviceClass deleted, <resource> is a plain extended resource again until the class is back
      The scheduler forgets a deleted class, its explicit and its implicit name
      (k8s.io/dynamic-resource-allocation deviceclass/extendedresourcecache OnDelete,
      removeResourceName2class); a pod asking for either name afterwards is
      NodeResourcesFit's alone, and node-1 has no such capacity. The pod already running keeps
      its claim and device. The class created again maps the name again and the waiting pod
      is scheduled.
      When I apply the fixture "kep-5004/scheduling/pod-one-gpu.yaml"
      Then the Pod "gpu-pod" is scheduled to "node-1"
      When I delete the DeviceClass "gpu.example.com"
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {<resource>: "1"}
              limits: {<resource>: "1"}
        """
      Then the Pod "second" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient <resource>."
      And the extended resource claim of Pod "gpu-pod" has 1 allocated device
      When I apply the fixture "kep-5004/scheduling/gpu-class-and-8-devices.yaml"
      Then the Pod "second" is scheduled to "node-1"
      And there are 2 extended resource claims

      Examples:
        | resource                                           |
        | example.com/gpu                                    |
        | deviceclass.resource.kubernetes.io/gpu.example.com |

    @component:scheduler @req:5004-R06 @clause:5004-R06/status-change-requeues
    Scenario: A waiting pod is retried when its extendedResourceClaimStatus changes
      pkg/scheduler/framework/events.go extractPodGeneratedResourceClaimChange (releases
      1.34-1.37, kubernetes#130653): a change of status.extendedResourceClaimStatus, like one of
      status.resourceClaimStatuses, is the UpdatePodGeneratedResourceClaim event the
      DynamicResources plugin registers, so a pod it kept off is tried again; a change of an
      annotation is not (platform: "A waiting pod with a generated claim is not retried").
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: waiting}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "9"}
              limits: {example.com/gpu: "9"}
        """
      Then the Pod "waiting" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      When 2 seconds pass
      And I patch the Pod "waiting" with:
        """
        metadata:
          annotations: {example.com/note: still-waiting}
        """
      And 2 seconds pass
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When the Pod "waiting" status has:
        """
        extendedResourceClaimStatus:
          resourceClaimName: waiting-extended-resources-abcde
          requestMappings:
          - {containerName: app, resourceName: example.com/gpu, requestName: container-0-request-0}
        """
      And 2 seconds pass
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 2

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

    @req:5004-R12 @req:3695-R09 @clause:5004-R12/prepare-special-claim @clause:5004-R12/per-container-devices @clause:5004-R12/no-allocatable-check
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
          schedulerName: bound-by-the-scenario
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
      And the Pod "infer" is bound to node "n1"
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

    @req:5004-R12 @req:5004-R05 @clause:5004-R12/per-container-devices @clause:5004-R05/init-containers
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
          schedulerName: bound-by-the-scenario
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
      And the Pod "warm" is bound to node "n1"
      Then the Pod "warm" has "status.phase" equal to Running
      And the container "load-weights" of the Pod "warm" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-6"
      And the container "serve" of the Pod "warm" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-7"

    @req:5004-R12 @clause:5004-R12/unmapped-runs-without-devices
    Scenario: A pod bound before its mapping runs without the devices of its DRA-backed extended resource
      A pod bound by spec.nodeName skips the scheduler, which would have written the mapping
      before it binds. The kubelet does not wait for it: admission leaves out the extended
      resource the node does not advertise (k/k pkg/kubelet/lifecycle/predicate.go
      removeMissingExtendedResources), and PrepareDynamicResources adds the special claim only
      when status.extendedResourceClaimStatus names it (pkg/kubelet/cm/dra/manager.go
      prepareResources), so it has nothing to prepare: the pod runs at once, without a device
      and without an event. A mapping written later changes nothing for the running container
      (the runtime prepares claims only when it creates the pod's sandbox), even once the pod
      is updated.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: rush-extended-resources-p2k7d
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
          name: rush
        spec:
          nodeName: n1
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      Then the Pod "rush" has "status.phase" equal to Running
      And the container "app" of the Pod "rush" on node "n1" gets no CDI devices
      And no Warning event was recorded for any Pod
      When the Pod "rush" status has:
        """
        extendedResourceClaimStatus:
          resourceClaimName: rush-extended-resources-p2k7d
          requestMappings:
          - {containerName: app, resourceName: example.com/gpu, requestName: container-0-request-0}
        """
      And the ResourceClaim "rush-extended-resources-p2k7d" is allocated and reserved for the Pod "rush":
        | request               | driver          | pool | device |
        | container-0-request-0 | gpu.example.com | n1   | gpu-4  |
      Then the Pod "rush" has "status.phase" equal to Running
      And the container "app" of the Pod "rush" on node "n1" gets no CDI devices

    @req:5004-R12 @clause:5004-R12/per-container-devices
    Scenario: A container that also asks for cpu and memory gets the device of its extended resource
      The usual GPU pod asks for cpu and memory too. Those are not extended resources: the
      kubelet passes them over while it looks for the container's mapped requests, and the
      container still gets its device. The scheduler names the request after the extended
      resource's index among all the container's sorted requests (cpu, example.com/gpu,
      memory: index 1), which is the name written here.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: serve-extended-resources-m3v8c
          annotations:
            resource.kubernetes.io/extended-resource-claim: "true"
        spec:
          devices:
            requests:
            - name: container-0-request-1
              exactly: {deviceClassName: gpu.example.com, allocationMode: ExactCount, count: 1}
        ---
        apiVersion: v1
        kind: Pod
        metadata:
          name: serve
        spec:
          schedulerName: bound-by-the-scenario
          containers:
          - name: model
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 250m, example.com/gpu: "1", memory: 64Mi}
              limits: {example.com/gpu: "1", memory: 64Mi}
        """
      And the Pod "serve" status has:
        """
        extendedResourceClaimStatus:
          resourceClaimName: serve-extended-resources-m3v8c
          requestMappings:
          - {containerName: model, resourceName: example.com/gpu, requestName: container-0-request-1}
        """
      And the ResourceClaim "serve-extended-resources-m3v8c" is allocated and reserved for the Pod "serve":
        | request               | driver          | pool | device |
        | container-0-request-1 | gpu.example.com | n1   | gpu-3  |
      And the Pod "serve" is bound to node "n1"
      Then the Pod "serve" has "status.phase" equal to Running
      And the container "model" of the Pod "serve" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-3"

    @version:1.36 @gate:DRAExtendedResource @req:5004-R12 @req:5004-R13 @kep-test:feature-gate-unit-tests
    Scenario: A kubelet without DRAExtendedResource runs the pod without its DRA devices
      KEP-5004 "Rollout": used "before support for it has been fully rolled out across the
      cluster, api server, scheduler in control plane, and kubelet in nodes, it can cause ... a
      failure to run the pods on the nodes". As shipped, a kubelet without the gate does not
      prepare the special claim (k/k pkg/kubelet/cm/dra/manager.go reads
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

    # since 1.35: the 1.34 kubelet never took an allocatable of 0 for a missing resource
    # until 1.36: the gate is locked on in 1.37
    @req:5004-R13 @clause:5004-R13/device-plugin-only-off @gate:DRAExtendedResource @since:1.35 @until:1.36 @kep-test:feature-gate-unit-tests
    Scenario: With DRAExtendedResource off the kubelet counts an extended resource the node reports as 0 and rejects the pod
      k/k pkg/kubelet/lifecycle/predicate.go removeMissingExtendedResources (1.35, 1.36): with
      the gate on, an extended resource the node reports with allocatable 0 (a device plugin
      that went away, or a name DRA serves) is left out of the kubelet's check like one the
      node does not report at all; with the gate off only an absent name is, so a pod bound
      straight to the node asking for it is rejected as by a device plugin without a free
      device (rejectPod: phase Failed, reason OutOf<resource>).
      Given the feature gate DRAExtendedResource is disabled
      And a node "zero" with cpu "8", memory "32Gi", example.com/gpu "0"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata:
          name: bound
        spec:
          nodeName: zero
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      Then the Pod "bound" contains:
        """
        status:
          phase: Failed
          reason: OutOfexample.com/gpu
          message: "Pod was rejected: Node didn't have enough resource: example.com/gpu, requested: 1, used: 0, capacity: 0"
        """

    @req:5004-R12 @clause:5004-R12/standard-still-checked
    Scenario: Kubelet admission leaves out only extended resources: hugepages the node has none of still reject the pod
      k/k pkg/kubelet/lifecycle/predicate.go removeMissingExtendedResources drops a request
      only when its name is an extended resource (v1helper.IsExtendedResourceName: a domain
      prefix that is not kubernetes.io) the node does not report, or one the pod's
      status.extendedResourceClaimStatus maps to DRA (schedutil.IsDRAExtendedResourceName); a
      standard resource such as hugepages-2Mi, which a node without huge pages reports as 0,
      is checked by generalFilter as always: the kubelet rejects the pod (rejectPod: phase
      Failed, reason OutOf<resource>, the InsufficientResourceError message in bytes).
      Given a node "hp" with cpu "8", memory "32Gi", hugepages-2Mi "0"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata:
          name: huge
        spec:
          nodeName: hp
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {memory: 64Mi, hugepages-2Mi: 4Mi}
              limits: {memory: 64Mi, hugepages-2Mi: 4Mi}
        """
      Then the Pod "huge" contains:
        """
        status:
          phase: Failed
          reason: OutOfhugepages-2Mi
          message: "Pod was rejected: Node didn't have enough resource: hugepages-2Mi, requested: 4194304, used: 0, capacity: 0"
        """

    @req:5004-R12 @clause:5004-R12/standard-still-checked
    Scenario: Kubelet admission checks a resource in the kubernetes.io domain, which is no extended resource
      k/k pkg/kubelet/lifecycle/predicate.go removeMissingExtendedResources drops only the
      requests whose names are extended resources (v1helper.IsExtendedResourceName) or mapped
      to DRA (schedutil.IsDRAExtendedResourceName, the same test plus the implicit class
      names); a name in the kubernetes.io domain is a prefixed native resource (validation
      lets it through, IsPrefixedNativeResource), neither of the two, so generalFilter checks
      it against the node's allocatable, which reports none: the kubelet rejects the pod.
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata:
          name: native
        spec:
          nodeName: n1
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {kubernetes.io/widget: "1"}
              limits: {kubernetes.io/widget: "1"}
        """
      Then the Pod "native" contains:
        """
        status:
          phase: Failed
          reason: OutOfkubernetes.io/widget
          message: "Pod was rejected: Node didn't have enough resource: kubernetes.io/widget, requested: 1, used: 0, capacity: 0"
        """

    @req:5004-R12 @clause:5004-R12/standard-still-checked
    Scenario: Kubelet admission that leaves out a missing extended resource still checks the pod's cpu
      k/k pkg/kubelet/lifecycle/predicate.go: removeMissingExtendedResources returns a copy of
      the pod without the extended-resource requests the node does not report (here
      example.com/gpu, of which n1 reports nothing); generalFilter then checks what is left,
      every container's cpu included: 9 cpus on an 8-cpu node reject the pod (rejectPod: phase
      Failed, reason OutOfcpu, the InsufficientResourceError message in millicores).
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata:
          name: wide
        spec:
          nodeName: n1
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: "9", example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      Then the Pod "wide" contains:
        """
        status:
          phase: Failed
          reason: OutOfcpu
          message: "Pod was rejected: Node didn't have enough resource: cpu, requested: 9000, used: 0, capacity: 8000"
        """

    # since 1.36: kubernetes/kubernetes#135725 (1.36) made kubelet admission leave out a container's requests that pod.status.extendedResourceClaimStatus maps to the special claim; before, the node's device-plugin count was checked
    @req:5004-R12 @clause:5004-R12/no-allocatable-check @since:1.36
    Scenario: A device plugin that registers after a DRA-backed pod was scheduled does not get that pod rejected
      k/k pkg/kubelet/lifecycle/predicate.go removeMissingExtendedResources (1.36,
      kubernetes/kubernetes#135725): a container's request of a name the pod's
      status.extendedResourceClaimStatus maps to the special claim is not checked against the
      node's allocatable, even when the node now reports that name. Here "early" runs with a
      DRA GPU; "late" got its special claim and status (what the scheduler writes before it
      binds) while the node had no device plugin; a device plugin for example.com/gpu with one
      device then registers (the kubelet reports allocatable 1), and only then is "late"
      bound, so the kubelet admits it next to the plugin's device. Counted against the node,
      "late" would need 1 next to the 1 "early" asks for; mapped to DRA it is not counted, and
      it runs with its own DRA device.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: early-extended-resources-c5n2w
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
          name: early
        spec:
          schedulerName: bound-by-the-scenario
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      And the Pod "early" status has:
        """
        extendedResourceClaimStatus:
          resourceClaimName: early-extended-resources-c5n2w
          requestMappings:
          - {containerName: app, resourceName: example.com/gpu, requestName: container-0-request-0}
        """
      And the ResourceClaim "early-extended-resources-c5n2w" is allocated and reserved for the Pod "early":
        | request               | driver          | pool | device |
        | container-0-request-0 | gpu.example.com | n1   | gpu-0  |
      And the Pod "early" is bound to node "n1"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: late-extended-resources-h7t4k
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
          name: late
        spec:
          schedulerName: bound-by-the-scenario
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      And the Pod "late" status has:
        """
        extendedResourceClaimStatus:
          resourceClaimName: late-extended-resources-h7t4k
          requestMappings:
          - {containerName: app, resourceName: example.com/gpu, requestName: container-0-request-0}
        """
      Then the Pod "early" has "status.phase" equal to Running
      When I patch the Node "n1" status with:
        """
        status:
          capacity: {example.com/gpu: "1"}
          allocatable: {example.com/gpu: "1"}
        """
      And the ResourceClaim "late-extended-resources-h7t4k" is allocated and reserved for the Pod "late":
        | request               | driver          | pool | device |
        | container-0-request-0 | gpu.example.com | n1   | gpu-1  |
      And the Pod "late" is bound to node "n1"
      Then the Pod "late" has "status.phase" equal to Running
      And the container "app" of the Pod "late" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-1"

    # until 1.35: kubernetes/kubernetes#135725 (1.36) stopped checking a request mapped to the special claim
    @req:5004-R12 @until:1.35
    Scenario: Before 1.36 a device plugin that registers after a DRA-backed pod was scheduled gets that pod rejected
      k/k pkg/kubelet/lifecycle/predicate.go removeMissingExtendedResources up to 1.35: an
      extended resource the node reports (non-zero, so not a removed plugin's leftover) is
      checked against its allocatable whatever backs it; the pod that already runs counts its
      request, so the node is full and the kubelet rejects the pod (kubelet rejectPod: phase
      Failed, reason OutOf<resource>, "Pod was rejected: " and the predicate's message). As in
      the 1.36 scenario, "late" is bound only after the plugin registered.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: early-extended-resources-c5n2w
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
          name: early
        spec:
          schedulerName: bound-by-the-scenario
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      And the Pod "early" status has:
        """
        extendedResourceClaimStatus:
          resourceClaimName: early-extended-resources-c5n2w
          requestMappings:
          - {containerName: app, resourceName: example.com/gpu, requestName: container-0-request-0}
        """
      And the ResourceClaim "early-extended-resources-c5n2w" is allocated and reserved for the Pod "early":
        | request               | driver          | pool | device |
        | container-0-request-0 | gpu.example.com | n1   | gpu-0  |
      And the Pod "early" is bound to node "n1"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: late-extended-resources-h7t4k
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
          name: late
        spec:
          schedulerName: bound-by-the-scenario
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/gpu: "1"}
              limits: {example.com/gpu: "1"}
        """
      And the Pod "late" status has:
        """
        extendedResourceClaimStatus:
          resourceClaimName: late-extended-resources-h7t4k
          requestMappings:
          - {containerName: app, resourceName: example.com/gpu, requestName: container-0-request-0}
        """
      Then the Pod "early" has "status.phase" equal to Running
      When I patch the Node "n1" status with:
        """
        status:
          capacity: {example.com/gpu: "1"}
          allocatable: {example.com/gpu: "1"}
        """
      And the ResourceClaim "late-extended-resources-h7t4k" is allocated and reserved for the Pod "late":
        | request               | driver          | pool | device |
        | container-0-request-0 | gpu.example.com | n1   | gpu-1  |
      And the Pod "late" is bound to node "n1"
      Then the Pod "late" contains:
        """
        status:
          phase: Failed
          reason: OutOfexample.com/gpu
          message: "Pod was rejected: Node didn't have enough resource: example.com/gpu, requested: 1, used: 1, capacity: 1"
        """

  @component:scheduler @gate:DRAExtendedResource
  Rule: Enablement and rollback (the KEP's test plan)
    KEP-5004 "Testing Strategy for Beta": scenarios that start from a cluster running with
    DRAExtendedResource off, as the KEP's enablement tests do, so nothing was written while the
    gate was on. Every one runs for the explicit name (DeviceClass.spec.extendedResourceName) and
    the implicit one (deviceclass.resource.kubernetes.io/<class>), as the test plan asks. The
    gate can only be switched in 1.36 (beta; GA and locked in 1.37). A device-plugin node serves
    example.com/gpu throughout; node-1 gets DRA devices once the admin maps them.

    Background:
      Given the feature gate DRAExtendedResource is disabled
      And a node "dp-node" with cpu "8", memory "32Gi", example.com/gpu "2"
      And a node "node-1" with cpu "8", memory "32Gi", pods "110"
      And the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata:
          name: gpu
        spec:
          hard:
            requests.example.com/gpu: "10"
            gpu.example.com.deviceclass.resource.k8s.io/devices: "10"
        """

    @version:1.36 @req:5004-R13 @req:5004-R11 @kep-test:enablement-testing @clause:5004-R13/enable-new-pods @clause:5004-R11/explicit-key
    Scenario Outline: The KEP's enablement test, OFF -> ON, with a device-plugin workload running (<name> name)
      KEP-5004 test plan "Enablement Testing (Feature Gate: OFF → ON)": a device-plugin pod runs
      while the gate is off; after enabling it keeps running, the admin creates the DeviceClass
      mapping to DRA devices on node-1 ("workload transition"), its extendedResourceName is
      kept, a new pod asking for the name gets a special claim there, and quota counts both
      kinds (requests.example.com/gpu: the device-plugin pod plus the DRA device, whichever name
      the new pod used; pod evaluator and special-claim evaluator, k/k
      pkg/quota/v1/evaluator/core).
      When I create 1 pod named "dp-before" from:
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
      Then the Pod "dp-before" is scheduled to "dp-node"
      When the feature gate DRAExtendedResource is enabled
      And I apply the fixture "kep-5004/scheduling/gpu-class-and-8-devices.yaml"
      And I create 1 pod named "dra-after" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          nodeSelector: {kubernetes.io/hostname: node-1}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {<resource>: "1"}
              limits: {<resource>: "1"}
        """
      Then the Pod "dra-after" is scheduled to "node-1"
      And the extended resource claim of Pod "dra-after" requests only the DeviceClass "gpu.example.com"
      And the extended resource claim of Pod "dra-after" has 1 allocated device
      And the Pod "dp-before" is scheduled to "dp-node"
      And the Pod "dp-before" has no "status.extendedResourceClaimStatus"
      And the DeviceClass "gpu.example.com" has "spec.extendedResourceName" equal to example.com/gpu
      And the ResourceQuota "gpu" contains:
        """
        status:
          used:
            requests.example.com/gpu: "2"
            gpu.example.com.deviceclass.resource.k8s.io/devices: "1"
        """

      Examples:
        | name     | resource                                           |
        | explicit | example.com/gpu                                    |
        | implicit | deviceclass.resource.kubernetes.io/gpu.example.com |

    @version:1.36 @req:5004-R13 @req:5004-R10 @kep-test:enablement-disablement-enablement-path @clause:5004-R13/reenable-no-stale @clause:5004-R13/no-claims-off @clause:5004-R10/gc-with-pod
    Scenario Outline: The KEP's OFF -> ON -> OFF -> ON path leaves no stale claims or devices (<name> name)
      KEP-5004 test plan "Enablement→Disablement→Enablement Path": enable, run DRA-backed pods;
      disable, delete them ("Verify special ResourceClaims are cleaned up by garbage collector",
      "resource accounting is updated"), a pod created while off gets no claim; enable again:
      the scheduler makes new claims and all eight devices are allocatable, so nothing of the
      first round is left.
      When the feature gate DRAExtendedResource is enabled
      And I apply the fixture "kep-5004/scheduling/gpu-class-and-8-devices.yaml"
      And I create 2 pods named "round-1-{i}" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          nodeSelector: {kubernetes.io/hostname: node-1}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {<resource>: "1"}
              limits: {<resource>: "1"}
        """
      Then 2 pods named "round-1-{i}" are scheduled
      And there are 2 extended resource claims
      When the feature gate DRAExtendedResource is disabled
      And I delete the 2 pods named "round-1-{i}"
      And I create 1 pod named "while-off" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          nodeSelector: {kubernetes.io/hostname: node-1}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {<resource>: "4"}
              limits: {<resource>: "4"}
        """
      Then there are 0 extended resource claims
      And 0 devices of driver "gpu.example.com" are allocated
      And the Pod "while-off" stays pending with reason "Unschedulable" and a message starting with "0/2 nodes are available: 1 Insufficient <resource>, 1 node(s) didn't match Pod's node affinity/selector."
      And the ResourceQuota "gpu" contains:
        """
        status:
          used:
            gpu.example.com.deviceclass.resource.k8s.io/devices: "0"
        """
      When the feature gate DRAExtendedResource is enabled
      And I create 1 pod named "round-2" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          nodeSelector: {kubernetes.io/hostname: node-1}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {<resource>: "4"}
              limits: {<resource>: "4"}
        """
      Then the Pod "while-off" is scheduled to "node-1"
      And the Pod "round-2" is scheduled to "node-1"
      And there are 2 extended resource claims
      And 8 devices of driver "gpu.example.com" are allocated
      And the devices of Pod "round-2" are different from the devices of Pod "while-off"

      Examples:
        | name     | resource                                           |
        | explicit | example.com/gpu                                    |
        | implicit | deviceclass.resource.kubernetes.io/gpu.example.com |

  @component:controller
  Rule: Workload controllers with GPU pods
    ReplicaSets and Deployments whose pods ask for example.com/gpu on a node with two GPUs, as
    users run KEP-5004's motivating Deployment (k/k pkg/controller/replicaset,
    pkg/controller/deployment, pkg/controller/resourceclaim).

    Background:
      Given a node "node-1" with cpu "8", memory "32Gi", pods "110"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
          extendedResourceName: example.com/gpu
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-two-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
          - name: gpu-1
        """

    @req:5004-R01 @clause:5004-R01/unmodified-pod
    Scenario: A GPU Deployment scaled down gives up the pod that found no GPU, not a running one
      k/k pkg/controller/replicaset/replica_set.go manageReplicas deletes the pods
      getPodsToDelete ranks first: controller.ActivePodsWithRanks (pkg/controller/
      controller_utils.go) puts a pod not assigned to a node before an assigned one (then
      Pending before Running, not ready before ready, ... newer before older). Three replicas
      on two GPUs: one pod waits for a GPU; scaled to two, that pod goes and the two running
      pods keep their GPUs.
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: demo
        spec:
          replicas: 3
          selector:
            matchLabels: {app: demo}
          template:
            metadata:
              labels: {app: demo}
            spec:
              containers:
              - name: demo
                image: registry.k8s.io/pause:3.10
                resources:
                  limits: {example.com/gpu: 1}
        """
      And I note the 2 scheduled and 1 pending pods of the Deployment "demo"
      And I set "spec.replicas" of the Deployment "demo" to 2
      Then the pods of the Deployment "demo" are exactly its noted scheduled pods
      And the 2 pods of the Deployment "demo" are scheduled, each with its own extended resource claim of 1 device of the DeviceClass "gpu.example.com" for "example.com/gpu"
      And 2 devices of driver "gpu.example.com" are allocated

    # Pinned to 1.36: the source label of resourceclaim_controller_resource_claims arrives in
    # 1.35 (kubernetes/kubernetes#134523) and 1.37 renames the metric
    # dynamic_resource_allocation_resource_claims (kubernetes/kubernetes#138542).
    @version:1.36 @req:5004-R16 @clause:5004-R16/source-label
    Scenario: The claims a Deployment's pod uses are counted by where they come from
      k/k pkg/controller/resourceclaim/metrics/metrics.go (release-1.36): the gauge
      resourceclaim_controller_resource_claims{admin_access,allocated,source} has source
      "resource_claim_template" for a claim the controller made from a pod's template
      (controller_test.go: a templated claim counts under it), "extended_resource" for the
      scheduler's special claim and "" for a claim a user created. The Deployment's pod uses
      a claim from a template and one GPU through example.com/gpu; two claims a user made stay
      unused and count together under one label set.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: one-gpu}
        spec:
          spec:
            devices:
              requests:
              - name: gpu
                exactly: {deviceClassName: gpu.example.com}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: spare}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: spare-2}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        """
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: trainer
        spec:
          replicas: 1
          selector:
            matchLabels: {app: trainer}
          template:
            metadata:
              labels: {app: trainer}
            spec:
              containers:
              - name: train
                image: registry.k8s.io/pause:3.10
                resources:
                  limits: {example.com/gpu: 1}
                  claims: [{name: gpu}]
              resourceClaims:
              - {name: gpu, resourceClaimTemplateName: one-gpu}
        """
      Then the 1 pod of the Deployment "trainer" is scheduled, each with its own extended resource claim of 1 device of the DeviceClass "gpu.example.com" for "example.com/gpu"
      And the metric resourceclaim_controller_resource_claims{admin_access="false",allocated="true",source="resource_claim_template"} is 1
      And the metric resourceclaim_controller_resource_claims{admin_access="false",allocated="true",source="extended_resource"} is 1
      And the metric resourceclaim_controller_resource_claims{admin_access="false",allocated="false",source=""} is 2
