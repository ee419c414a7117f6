@kep-5004 @component:scheduler
Feature: KEP-5004 DRA extended resources in the scheduler and controllers
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
    When the feature gate DRAConsumableCapacity is enabled
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

  @req:5004-R11
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

  @req:5004-R09 @req:5004-R16
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
