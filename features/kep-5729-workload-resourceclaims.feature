@kep-5729
Feature: KEP-5729 ResourceClaims for PodGroups and Workloads (API and validation)
  Encoded in the SHIPPED form (api-truth §3): gate DRAWorkloadResourceClaims (the KEP's
  WorkloadPodGroupResourceClaimTemplate never shipped), scheduling.k8s.io/v1alpha2 at 1.36 and
  v1alpha3/v1beta1 at 1.37, and pods opt in by repeating the PodGroup's claim entry (the KEP's
  PodResourceClaim.podGroupResourceClaim never shipped). PodGroup/Workload rules are declarative
  tags in k8s.io/api scheduling types (maxItems 4/8, k8s-short-name, union, immutable) rendered
  by k8s.io/apimachinery/pkg/api/validate; where the imperative and declarative wording differ
  (union, duplicate values), field path and reason are pinned.

  @component:apiserver @req:5729-R01 @req:5729-R10 @gate:DRAWorkloadResourceClaims @gate:GenericWorkload
  Scenario: The KEP example PodGroup with a claim template and a matching pod are accepted
    KEP-5729 "Design Details" example in the shipped shape (api-truth §3.2, §8).
    Given the feature gate GenericWorkload is enabled
    And the feature gate DRAWorkloadResourceClaims is enabled
    When I apply the fixture "kep-5729/podgroup-claim-template.yaml"
    Then the request succeeds
    And the PodGroup "my-podgroup-1" has "spec.resourceClaims[0].resourceClaimTemplateName" equal to pg-claim-template
    And the Pod "worker-0" has "spec.schedulingGroup.podGroupName" equal to my-podgroup-1

  @component:apiserver @req:5729-R10 @gate:DRAWorkloadResourceClaims @gate:GenericWorkload
  Scenario Outline: A PodGroup has at most 4 resource claims
    Shipped MaxPodGroupResourceClaims = 4, +k8s:maxItems=4 (the KEP said "same limits as Pod").
    Given the feature gate GenericWorkload is enabled
    And the feature gate DRAWorkloadResourceClaims is enabled
    And a PodGroup manifest:
      """
      apiVersion: scheduling.k8s.io/v1beta1
      kind: PodGroup
      metadata:
        name: pg
      spec:
        schedulingPolicy:
          basic: {}
        resourceClaims:
        - name: claim
          resourceClaimTemplateName: pg-claim-template
      """
    And the list "spec.resourceClaims" is filled to <n> items from its first item
    When I create the manifest
    Then the outcome is "<outcome>"

    Examples:
      | n | outcome |
      | 4 | accepted |
      | 5 | spec.resourceClaims: Too many: 5: must have at most 4 items |

  @component:apiserver @req:5729-R10 @gate:DRAWorkloadResourceClaims @gate:GenericWorkload
  Scenario Outline: PodGroup claim names are required DNS labels
    PodGroupResourceClaim.name: +k8s:required, +k8s:format=k8s-short-name.
    Given the feature gate GenericWorkload is enabled
    And the feature gate DRAWorkloadResourceClaims is enabled
    When I create:
      """
      apiVersion: scheduling.k8s.io/v1beta1
      kind: PodGroup
      metadata:
        name: pg
      spec:
        schedulingPolicy:
          basic: {}
        resourceClaims:
        - name: "<name>"
          resourceClaimTemplateName: pg-claim-template
      """
    Then the outcome is "<outcome>"

    Examples:
      | name    | outcome |
      | gpu-1   | accepted |
      |         | spec.resourceClaims[0].name: Required value |
      | Gpu_1   | spec.resourceClaims[0].name: Invalid value: "Gpu_1": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?') |

  @component:apiserver @req:5729-R10 @gate:DRAWorkloadResourceClaims @gate:GenericWorkload
  Scenario Outline: A PodGroup claim names exactly one of a claim or a template
    PodGroupResourceClaim: resourceClaimName and resourceClaimTemplateName are a union
    (+k8s:unionMember); exactly one must be set.
    Given the feature gate GenericWorkload is enabled
    And the feature gate DRAWorkloadResourceClaims is enabled
    When I create:
      """
      apiVersion: scheduling.k8s.io/v1beta1
      kind: PodGroup
      metadata:
        name: pg
      spec:
        schedulingPolicy:
          basic: {}
        resourceClaims:
        - <claim>
      """
    Then the request is rejected with these causes:
      | field                  | reason            |
      | spec.resourceClaims[0] | FieldValueInvalid |

    Examples:
      | claim |
      | {name: gpu} |
      | {name: gpu, resourceClaimName: shared-gpu, resourceClaimTemplateName: pg-claim-template} |

  @component:apiserver @req:5729-R10 @gate:DRAWorkloadResourceClaims @gate:GenericWorkload
  Scenario: PodGroup claim names are unique
    spec.resourceClaims is +listType=map keyed by name.
    Given the feature gate GenericWorkload is enabled
    And the feature gate DRAWorkloadResourceClaims is enabled
    When I create:
      """
      apiVersion: scheduling.k8s.io/v1beta1
      kind: PodGroup
      metadata:
        name: pg
      spec:
        schedulingPolicy:
          basic: {}
        resourceClaims:
        - {name: gpu, resourceClaimTemplateName: pg-claim-template}
        - {name: gpu, resourceClaimName: shared-gpu}
      """
    Then the request is rejected with these causes:
      | field                  | reason              |
      | spec.resourceClaims[1] | FieldValueDuplicate |

  @component:apiserver @req:5729-R10 @gate:DRAWorkloadResourceClaims @gate:GenericWorkload
  Scenario: PodGroup resource claims are immutable
    spec.resourceClaims: +k8s:immutable ("This field is immutable").
    Given the feature gate GenericWorkload is enabled
    And the feature gate DRAWorkloadResourceClaims is enabled
    And the objects from fixture "kep-5729/podgroup-claim-template.yaml"
    When I set "spec.resourceClaims[0].resourceClaimTemplateName" of the PodGroup "my-podgroup-1" to other-template
    Then the request is rejected with a cause at "spec.resourceClaims" of reason "FieldValueInvalid" whose message ends with ": field is immutable"

  @component:apiserver @req:5729-R13 @gate:GenericWorkload @gate:DRAWorkloadResourceClaims
  Scenario Outline: A Workload has at most 8 pod group templates
    WorkloadMaxPodGroupTemplates = 8 (+k8s:maxItems=8).
    Given the feature gate GenericWorkload is enabled
    And the feature gate DRAWorkloadResourceClaims is enabled
    And a Workload manifest:
      """
      apiVersion: scheduling.k8s.io/v1beta1
      kind: Workload
      metadata:
        name: w
      spec:
        podGroupTemplates:
        - name: group
          schedulingPolicy:
            basic: {}
      """
    And the list "spec.podGroupTemplates" is filled to <n> items from its first item
    When I create the manifest
    Then the outcome is "<outcome>"

    Examples:
      | n | outcome |
      | 8 | accepted |
      | 9 | spec.podGroupTemplates: Too many: 9: must have at most 8 items |

  @component:apiserver @req:5729-R10 @req:5729-R13 @gate:GenericWorkload @gate:DRAWorkloadResourceClaims
  Scenario Outline: A Workload's pod group template has at most 4 resource claims
    PodGroupTemplate.resourceClaims: +k8s:maxItems=4 (api-truth §3.2).
    Given the feature gate GenericWorkload is enabled
    And the feature gate DRAWorkloadResourceClaims is enabled
    And a Workload manifest:
      """
      apiVersion: scheduling.k8s.io/v1beta1
      kind: Workload
      metadata:
        name: w
      spec:
        podGroupTemplates:
        - name: group
          schedulingPolicy:
            basic: {}
          resourceClaims:
          - name: claim
            resourceClaimTemplateName: pg-claim-template
      """
    And the list "spec.podGroupTemplates[0].resourceClaims" is filled to <n> items from its first item
    When I create the manifest
    Then the outcome is "<outcome>"

    Examples:
      | n | outcome |
      | 4 | accepted |
      | 5 | spec.podGroupTemplates[0].resourceClaims: Too many: 5: must have at most 4 items |

  @component:apiserver @req:5729-R14 @gate:GenericWorkload
  Scenario Outline: scheduling.k8s.io versions served per release
    api-truth §3.2: v1alpha2 at 1.36; v1alpha3 and v1beta1 at 1.37 (no v1alpha2). An unserved
    version fails the way kubectl reports it.
    Given a Kubernetes <release> cluster
    And the feature gate GenericWorkload is enabled
    When I create:
      """
      apiVersion: scheduling.k8s.io/<version>
      kind: PodGroup
      metadata:
        name: pg
      spec:
        schedulingPolicy:
          basic: {}
      """
    Then <then>

    Examples:
      | release | version  | then |
      | 1.36    | v1alpha2 | the request succeeds |
      | 1.36    | v1beta1  | the error message contains "no matches for kind "PodGroup" in version "scheduling.k8s.io/v1beta1"" |
      | 1.37    | v1alpha3 | the request succeeds |
      | 1.37    | v1beta1  | the request succeeds |
      | 1.37    | v1alpha2 | the error message contains "no matches for kind "PodGroup" in version "scheduling.k8s.io/v1alpha2"" |

  @component:apiserver @req:5729-R14 @gate:GenericWorkload
  Scenario: Without GenericWorkload the PodGroup API is not served
    GenericWorkload is beta but default off in 1.37 (api-truth §0); its API versions are off too.
    Given the feature gate GenericWorkload is disabled
    When I create:
      """
      apiVersion: scheduling.k8s.io/v1beta1
      kind: PodGroup
      metadata:
        name: pg
      spec:
        schedulingPolicy:
          basic: {}
      """
    Then the error message contains "no matches for kind "PodGroup" in version "scheduling.k8s.io/v1beta1""

  @component:apiserver @req:5729-R12 @gate:DRAWorkloadResourceClaims @gate:GenericWorkload
  Scenario Outline: With DRAWorkloadResourceClaims off, PodGroup and Workload claims are dropped on create
    KEP-5729 "Feature Enablement": +featureGate=DRAWorkloadResourceClaims on both fields; standard
    drop-unless-in-use (assumed; the 1.36/1.37 strategy code was not read, api-truth §9.6).
    Given a Kubernetes <release> cluster
    And the feature gate GenericWorkload is enabled
    And the feature gate DRAWorkloadResourceClaims is disabled
    When I create:
      """
      apiVersion: scheduling.k8s.io/<version>
      kind: PodGroup
      metadata:
        name: pg
      spec:
        schedulingPolicy:
          basic: {}
        resourceClaims:
        - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
      """
    Then the request succeeds
    And the stored object has no "spec.resourceClaims"

    Examples:
      | release | version  |
      | 1.36    | v1alpha2 |
      | 1.37    | v1beta1  |

  @component:apiserver @req:5729-R12 @gate:DRAWorkloadResourceClaims @gate:GenericWorkload
  Scenario: With DRAWorkloadResourceClaims off, Workload template claims are dropped on create
    Same gate on PodGroupTemplate.resourceClaims (assumed standard drop pattern).
    Given the feature gate GenericWorkload is enabled
    And the feature gate DRAWorkloadResourceClaims is disabled
    When I apply the fixture "kep-5729/workload.yaml"
    Then the request succeeds
    And the stored object has no "spec.podGroupTemplates[0].resourceClaims"

  # ------------------------------------------------------------------ Pod side

  @component:apiserver @req:5729-R15
  Scenario Outline: A pod claim names exactly one of a claim or a template
    k/k validatePodResourceClaim: the value is the whole claim entry, so the field, reason and
    fixed detail are pinned (path spec.resourceClaims[i] since the ClaimSource removal).
    Given a cluster
    When I create:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
      spec:
        resourceClaims:
        - <claim>
        containers:
        - name: app
          image: registry.k8s.io/pause:3.10
      """
    Then the request is rejected with a cause at "spec.resourceClaims[0]" of reason "FieldValueInvalid" whose message ends with "<detail>"

    Examples:
      | claim | detail |
      | {name: gpu, resourceClaimName: shared-gpu, resourceClaimTemplateName: pg-claim-template} | at most one of `resourceClaimName` or `resourceClaimTemplateName` may be specified |
      | {name: gpu} | must specify one of: `resourceClaimName`, `resourceClaimTemplateName` |

  @component:apiserver @req:5729-R15 @gate:GenericWorkload @gate:DRAWorkloadResourceClaims
  Scenario: A pod's schedulingGroup cannot be changed
    pod.spec.schedulingGroup is immutable (core/v1 doc); k/k ValidatePodUpdate refuses any spec
    change outside the updatable fields with a Forbidden at spec.
    Given the feature gate GenericWorkload is enabled
    And the feature gate DRAWorkloadResourceClaims is enabled
    And the objects from fixture "kep-5729/podgroup-claim-template.yaml"
    When I set "spec.schedulingGroup.podGroupName" of the Pod "worker-0" to my-podgroup-2
    Then the request is rejected with a cause at "spec" of reason "FieldValueForbidden" whose message starts with "Forbidden: pod updates may not change fields other than "

  @component:apiserver @req:5729-R12 @req:5729-R15 @gate:GenericWorkload
  Scenario: Without GenericWorkload a pod's schedulingGroup is dropped on create
    pod.spec.schedulingGroup: +featureGate=GenericWorkload; standard drop pattern (assumed,
    api-truth §9.6).
    Given the feature gate GenericWorkload is disabled
    When I create:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: p
      spec:
        schedulingGroup:
          podGroupName: my-podgroup-1
        containers:
        - name: app
          image: registry.k8s.io/pause:3.10
      """
    Then the request succeeds
    And the stored object has no "spec.schedulingGroup"
