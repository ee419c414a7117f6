@kep-5729
Feature: KEP-5729 ResourceClaims for PodGroups and Workloads (API and validation)
  Encoded in the SHIPPED form (api-truth §3): gate DRAWorkloadResourceClaims (the KEP's
  WorkloadPodGroupResourceClaimTemplate never shipped), scheduling.k8s.io/v1alpha2 at 1.36 and
  v1alpha3/v1beta1 at 1.37, and pods opt in by repeating the PodGroup's claim entry (the KEP's
  PodResourceClaim.podGroupResourceClaim never shipped). PodGroup/Workload rules are declarative
  tags in k8s.io/api scheduling types (maxItems 4/8, k8s-short-name, union, immutable) rendered
  by k8s.io/apimachinery/pkg/api/validate; where the imperative and declarative wording differ
  (union, duplicate values), field path and reason are pinned.

  Rule: API, validation and defaulting

    @component:apiserver @req:5729-R01 @req:5729-R10 @gate:DRAWorkloadResourceClaims @gate:GenericWorkload @version:1.37 @req:5729-R12 @clause:5729-R12/fields-gated @kep-test:integration-fields-gated
    Scenario: The KEP example PodGroup with a claim template and a matching pod are accepted
      KEP-5729 "Design Details" example in the shipped shape (api-truth §3.2, §8).
      Given the feature gate GenericWorkload is enabled
      And the feature gate DRAWorkloadResourceClaims is enabled
      When I apply the fixture "kep-5729/podgroup-claim-template.yaml"
      Then the request succeeds
      And the PodGroup "my-podgroup-1" has "spec.resourceClaims[0].resourceClaimTemplateName" equal to pg-claim-template
      And the Pod "worker-0" has "spec.schedulingGroup.podGroupName" equal to my-podgroup-1

    @component:apiserver @req:5729-R10 @gate:DRAWorkloadResourceClaims @gate:GenericWorkload @version:1.37 @clause:5729-R10/max-items
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

    @component:apiserver @req:5729-R10 @gate:DRAWorkloadResourceClaims @gate:GenericWorkload @version:1.37 @clause:5729-R10/dns-label
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

    @component:apiserver @req:5729-R10 @gate:DRAWorkloadResourceClaims @gate:GenericWorkload @version:1.37 @clause:5729-R10/exactly-one
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
      Then the request is rejected with exactly these causes:
        | field                  | reason            |
        | spec.resourceClaims[0] | FieldValueInvalid |

      Examples:
        | claim |
        | {name: gpu} |
        | {name: gpu, resourceClaimName: shared-gpu, resourceClaimTemplateName: pg-claim-template} |

    @component:apiserver @req:5729-R10 @gate:DRAWorkloadResourceClaims @gate:GenericWorkload @version:1.37 @clause:5729-R10/unique
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
      Then the request is rejected with exactly these causes:
        | field                  | reason              |
        | spec.resourceClaims[1] | FieldValueDuplicate |

    @component:apiserver @req:5729-R10 @gate:DRAWorkloadResourceClaims @gate:GenericWorkload @version:1.37 @clause:5729-R10/immutable
    Scenario: PodGroup resource claims are immutable
      spec.resourceClaims: +k8s:immutable ("This field is immutable").
      Given the feature gate GenericWorkload is enabled
      And the feature gate DRAWorkloadResourceClaims is enabled
      And the objects from fixture "kep-5729/podgroup-claim-template.yaml"
      When I set "spec.resourceClaims[0].resourceClaimTemplateName" of the PodGroup "my-podgroup-1" to other-template
      Then the request is rejected with a cause at "spec.resourceClaims" of reason "FieldValueInvalid" whose message ends with ": field is immutable"

    @component:apiserver @req:5729-R13 @gate:GenericWorkload @gate:DRAWorkloadResourceClaims @version:1.37 @clause:5729-R13/max-templates
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

    @component:apiserver @req:5729-R10 @req:5729-R13 @gate:GenericWorkload @gate:DRAWorkloadResourceClaims @version:1.37 @clause:5729-R13/template-claims
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

    @component:apiserver @req:5729-R10 @gate:DRAWorkloadResourceClaims @gate:GenericWorkload @version:1.36 @clause:5729-R10/max-items @clause:5729-R10/dns-label
    Scenario Outline: On 1.36 (v1alpha2) PodGroup claims follow the same rules
      The 1.36 twin of the PodGroup claim scenarios above: api@kubernetes-1.36.0
      scheduling/v1alpha2 PodGroupSpec.resourceClaims has the same tags (+k8s:maxItems=4,
      name +k8s:required +k8s:format=k8s-short-name).
      Given a Kubernetes 1.36 cluster
      And the feature gate GenericWorkload is enabled
      And the feature gate DRAWorkloadResourceClaims is enabled
      When I create:
        """
        apiVersion: scheduling.k8s.io/v1alpha2
        kind: PodGroup
        metadata:
          name: pg
        spec:
          schedulingPolicy:
            basic: {}
          resourceClaims: <claims>
        """
      Then the outcome is "<outcome>"

      Examples:
        | claims | outcome |
        | [{name: gpu-1, resourceClaimTemplateName: pg-claim-template}] | accepted |
        | [{name: a, resourceClaimName: c}, {name: b, resourceClaimName: c}, {name: c, resourceClaimName: c}, {name: d, resourceClaimName: c}] | accepted |
        | [{name: a, resourceClaimName: c}, {name: b, resourceClaimName: c}, {name: c, resourceClaimName: c}, {name: d, resourceClaimName: c}, {name: e, resourceClaimName: c}] | spec.resourceClaims: Too many: 5: must have at most 4 items |
        | [{name: "", resourceClaimTemplateName: pg-claim-template}] | spec.resourceClaims[0].name: Required value |
        | [{name: Gpu_1, resourceClaimTemplateName: pg-claim-template}] | spec.resourceClaims[0].name: Invalid value: "Gpu_1": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?') |

    @component:apiserver @req:5729-R14 @gate:GenericWorkload @clause:5729-R14/versions-served
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

    @component:apiserver @req:5729-R14 @gate:GenericWorkload @version:1.37 @clause:5729-R14/needs-genericworkload
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

    @component:apiserver @req:5729-R12 @gate:DRAWorkloadResourceClaims @gate:GenericWorkload @clause:5729-R12/fields-gated @kep-test:integration-fields-gated
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

    @component:apiserver @req:5729-R12 @gate:DRAWorkloadResourceClaims @gate:GenericWorkload @clause:5729-R12/fields-gated
    Scenario Outline: With DRAWorkloadResourceClaims off, a PodGroup status write drops claim statuses unless its spec uses claims (<release>, <case>)
      k/k pkg/registry/scheduling/podgroup/strategy.go podGroupStatusStrategy.PrepareForUpdate:
      the spec stays the old one, then dropDisabledPodGroupStatusFields clears
      status.resourceClaimStatuses unless the gate is on or the old spec has resourceClaims
      (draWorkloadResourceClaimsInUse), before validation, so statuses naming no spec claim are
      not refused but dropped. A PodGroup made while the gate was on keeps them.
      Given a Kubernetes <release> cluster
      And the feature gate GenericWorkload is enabled
      And the feature gate DRAWorkloadResourceClaims is <at create>
      And the objects:
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
      When the feature gate DRAWorkloadResourceClaims is disabled
      And I set "status.resourceClaimStatuses" of the PodGroup "pg" to [{name: pg-claim, resourceClaimName: pg-pg-claim-7x2kq}]
      Then the request succeeds
      And <check>

      Examples:
        | release | version  | case              | at create | check |
        | 1.36    | v1alpha2 | no claims in spec | disabled  | the PodGroup "pg" has no "status.resourceClaimStatuses" |
        | 1.37    | v1beta1  | no claims in spec | disabled  | the PodGroup "pg" has no "status.resourceClaimStatuses" |
        | 1.37    | v1beta1  | claims in spec    | enabled   | the PodGroup "pg" has "status.resourceClaimStatuses" equal to [{name: pg-claim, resourceClaimName: pg-pg-claim-7x2kq}] |

    @component:apiserver @req:5729-R12 @gate:DRAWorkloadResourceClaims @gate:GenericWorkload @version:1.37 @clause:5729-R12/fields-gated @kep-test:integration-fields-gated
    Scenario: With DRAWorkloadResourceClaims off, Workload template claims are dropped on create
      Same gate on PodGroupTemplate.resourceClaims (assumed standard drop pattern).
      Given the feature gate GenericWorkload is enabled
      And the feature gate DRAWorkloadResourceClaims is disabled
      When I apply the fixture "kep-5729/workload.yaml"
      Then the request succeeds
      And the stored object has no "spec.podGroupTemplates[0].resourceClaims"

    # ------------------------------------------------------------------ Pod side

    @component:apiserver @req:5729-R15 @clause:5729-R15/exactly-one
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

    @component:apiserver @req:5729-R15 @gate:GenericWorkload @gate:DRAWorkloadResourceClaims @version:1.37 @clause:5729-R15/schedulinggroup-immutable
    Scenario: A pod's schedulingGroup cannot be changed
      pod.spec.schedulingGroup is immutable (core/v1 doc); k/k ValidatePodUpdate refuses any spec
      change outside the updatable fields with a Forbidden at spec.
      Given the feature gate GenericWorkload is enabled
      And the feature gate DRAWorkloadResourceClaims is enabled
      And the objects from fixture "kep-5729/podgroup-claim-template.yaml"
      When I set "spec.schedulingGroup.podGroupName" of the Pod "worker-0" to my-podgroup-2
      Then the request is rejected with a cause at "spec" of reason "FieldValueForbidden" whose message starts with "Forbidden: pod updates may not change fields other than "

    # since 1.36: pod.spec.schedulingGroup arrives in 1.36; 1.35 has spec.workloadRef and 1.34 neither (v1.34.0-v1.36.0 OpenAPI)
    @component:apiserver @req:5729-R12 @req:5729-R15 @gate:GenericWorkload @since:1.36 @clause:5729-R15/schedulinggroup-gated
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

    @component:apiserver @req:5729-R15 @gate:GenericWorkload @version:1.35 @clause:5729-R15/workloadref-135
    Scenario Outline: At 1.35 a pod's workloadRef is kept only while GenericWorkload is on (<state>)
      1.35 has the predecessor of schedulingGroup, pod.spec.workloadRef (v1.35.0 OpenAPI,
      +featureGate=GenericWorkload), dropped on create while the gate is off.
      Given the feature gate GenericWorkload is <state>
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata:
          name: p
        spec:
          workloadRef: {name: training, podGroup: workers}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
        """
      Then the request succeeds
      And <check>

      Examples:
        | state    | check                                                              |
        | enabled  | the stored object has "spec.workloadRef" equal to {name: training, podGroup: workers} |
        | disabled | the stored object has no "spec.workloadRef"                        |

    @component:apiserver @req:5729-R15 @gate:GenericWorkload @version:1.35 @clause:5729-R15/workloadref-135
    Scenario: At 1.35 a pod that already has a workloadRef keeps it on a label change after GenericWorkload is turned off
      k/k 1.35 pkg/api/pod/util.go dropDisabledWorkloadRef: with GenericWorkload off the
      workloadRef is dropped unless the stored pod already has one (workloadRefInUse(oldPodSpec)).
      The pod was created while the gate was on; after the rollback a metadata-only update keeps
      it (dropping it would change the pod's spec, which a pod update may not do).
      Given the feature gate GenericWorkload is enabled
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata:
          name: p
        spec:
          workloadRef: {name: training, podGroup: workers}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
        """
      Then the request succeeds
      When the API server restarts with the feature gate GenericWorkload disabled
      And I patch the Pod "p" with:
        """
        metadata: {labels: {tier: gold}}
        """
      Then the request succeeds
      And the Pod "p" has "metadata.labels.tier" equal to gold
      And the Pod "p" has "spec.workloadRef" equal to {name: training, podGroup: workers}

    # since 1.36: spec.schedulingGroup replaced the 1.35 workloadRef in 1.36
    @component:apiserver @req:5729-R15 @gate:GenericWorkload @since:1.36 @clause:5729-R15/schedulinggroup-gated
    Scenario: A pod that already names its PodGroup keeps its schedulingGroup on a label change after GenericWorkload is turned off
      pkg/api/pod/util.go dropDisabledFields for spec.schedulingGroup (GenericWorkload): dropped
      unless the stored pod already has one (the pattern of the 1.35 workloadRef; assumed for
      1.36/1.37, api-truth §9.6). A pod created while the gate was on takes a metadata-only
      update after the rollback (dropping the field would change the pod's spec, which a pod
      update may not do).
      Given the feature gate GenericWorkload is enabled
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata:
          name: p
        spec:
          schedulingGroup: {podGroupName: workers}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
        """
      Then the request succeeds
      When the API server restarts with the feature gate GenericWorkload disabled
      And I patch the Pod "p" with:
        """
        metadata: {labels: {tier: gold}}
        """
      Then the request succeeds
      And the Pod "p" has "metadata.labels.tier" equal to gold
      And the Pod "p" has "spec.schedulingGroup.podGroupName" equal to workers

    @component:apiserver @req:5729-R15 @gate:GenericWorkload @version:1.35 @clause:5729-R15/workloadref-135
    Scenario: At 1.35 with GenericWorkload off an update cannot add a workloadRef: it is dropped and the update goes in
      k/k 1.35 pkg/api/pod/util.go dropDisabledWorkloadRef on update: the stored pod has no
      workloadRef (workloadRefInUse(oldPodSpec) is false), so the new one is dropped before
      validation, and the patch, which changes nothing else of the spec, is not refused as a
      forbidden pod update.
      Given the feature gate GenericWorkload is disabled
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata:
          name: p
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
        """
      And I patch the Pod "p" with:
        """
        metadata: {labels: {tier: gold}}
        spec:
          workloadRef: {name: training, podGroup: workers}
        """
      Then the request succeeds
      And the Pod "p" has "metadata.labels.tier" equal to gold
      And the Pod "p" has no "spec.workloadRef"

    @component:apiserver @req:5729-R12 @gate:DRAWorkloadResourceClaims @gate:GenericWorkload @version:1.37 @clause:5729-R12/fields-gated @clause:5729-R12/disabled-not-deallocated
    Scenario: A Workload that already uses template claims keeps them on update after DRAWorkloadResourceClaims is turned off
      The other half of drop-unless-in-use (the scenarios above are the create half): a field
      the stored object already uses survives an update with the gate off (k/k
      pkg/registry/scheduling/workload/strategy.go PrepareForUpdate -> dropDisabledFields(new,
      old), the pattern every gated field follows; assumed as for create, api-truth §9.6).
      Given the feature gate GenericWorkload is enabled
      And the feature gate DRAWorkloadResourceClaims is enabled
      And the objects from fixture "kep-5729/workload.yaml"
      When the feature gate DRAWorkloadResourceClaims is disabled
      And I set "metadata.labels.team" of the Workload "my-workload" to ml
      Then the request succeeds
      And the stored object has "spec.podGroupTemplates[1].resourceClaims" equal to [{name: pg-claim, resourceClaimTemplateName: pg-claim-template}]

    @component:apiserver @req:5729-R12 @gate:DRAWorkloadResourceClaims @gate:GenericWorkload @version:1.37 @clause:5729-R12/fields-gated @clause:5729-R12/disabled-not-deallocated
    Scenario: A PodGroup that already uses claims keeps them on update after DRAWorkloadResourceClaims is turned off
      The same drop-unless-in-use for a PodGroup (k/k pkg/registry/scheduling/podgroup
      strategy.go PrepareForUpdate -> dropDisabledFields(new, old)): its resourceClaims stay,
      so a label change is neither refused as a change of the immutable list nor loses them.
      Given the feature gate GenericWorkload is enabled
      And the feature gate DRAWorkloadResourceClaims is enabled
      And the objects:
        """
        apiVersion: scheduling.k8s.io/v1beta1
        kind: PodGroup
        metadata:
          name: ring
        spec:
          schedulingPolicy:
            gang: {minCount: 2}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: gpu-template}
        """
      When the feature gate DRAWorkloadResourceClaims is disabled
      And I set "metadata.labels.team" of the PodGroup "ring" to ml
      Then the request succeeds
      And the PodGroup "ring" has "metadata.labels.team" equal to ml
      And the PodGroup "ring" has "spec.resourceClaims" equal to [{name: gpu, resourceClaimTemplateName: gpu-template}]

    @component:apiserver @req:5729-R10 @gate:DRAWorkloadResourceClaims @gate:GenericWorkload @version:1.37 @clause:5729-R10/dns-label
    Scenario Outline: The claim or template a PodGroup claim names is a DNS subdomain
      PodGroupResourceClaim.resourceClaimName and .resourceClaimTemplateName carry
      +k8s:format=k8s-long-name (k8s.io/api scheduling types; the object names they refer to
      are DNS subdomains); the cause names the field and the value.
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
          - {name: gpu, <field>: Shared_GPU}
        """
      Then the outcome is "spec.resourceClaims[0].<field>: Invalid value: "Shared_GPU": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"

      Examples:
        | field                     |
        | resourceClaimName         |
        | resourceClaimTemplateName |

  @component:controller @gate:DRAWorkloadResourceClaims
  Rule: Scheduling and controllers
    KEP-5729 ResourceClaims for PodGroups in the controller and the scheduler.
    A PodGroup's claim from a template yields one ResourceClaim per PodGroup claim, owned by the
    PodGroup, allocated by the first pod and reserved for the PodGroup (api-truth §3, §9.7).
    Shipped differences from the KEP text: gate DRAWorkloadResourceClaims (KEP:
    WorkloadPodGroupResourceClaimTemplate), beta but default off in 1.37; pods opt in by repeating
    the PodGroup's entry (same name and template) instead of podGroupResourceClaim; the claim's
    annotation is resource.kubernetes.io/pod-claim-name (KEP: podgroup-claim-name); the name is
    recorded in podgroup.status.resourceClaimStatuses.

    Background:
      Given the feature gate GenericWorkload is enabled
      And the feature gate DRAWorkloadResourceClaims is enabled
      And a node "node-1" with cpu "8", memory "32Gi", pods "400"
      And the objects from fixture "kep-5729/scheduling/devices.yaml"

    @req:5729-R01 @version:1.37 @clause:5729-R01/created-once @clause:5729-R01/owned-by-podgroup @clause:5729-R01/annotated @clause:5729-R01/generated-name @clause:5729-R01/name-recorded @clause:5729-R01/unallocated @kep-test:e2e-claim-generated-unallocated
    Scenario: A PodGroup claim from a template yields exactly one claim, owned by the PodGroup and unallocated
      KEP-5729 "ResourceClaim Lifecycle" / "Create".
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: pg-claim-template}
        spec:
          spec:
            devices:
              requests:
              - name: my-device
                exactly: {deviceClassName: example}
        ---
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then the request succeeds
      And there is 1 ResourceClaim owned by PodGroup "group"
      And the ResourceClaim owned by PodGroup "group" contains:
        """
        metadata:
          generateName: group-pg-claim-
          annotations:
            resource.kubernetes.io/pod-claim-name: pg-claim
          ownerReferences:
          - apiVersion: scheduling.k8s.io/v1alpha3
            kind: PodGroup
            name: group
            controller: true
        spec:
          devices:
            requests:
            - name: my-device
        """
      And the PodGroup "group" has "status.resourceClaimStatuses[0].name" equal to pg-claim
      And 0 devices of driver "dra.example.com" are allocated

    @req:5729-R02 @req:5729-R03 @req:5729-R05 @version:1.37 @clause:5729-R05/claim-per-group @clause:5729-R05/separate-devices @clause:5729-R02/reserved-for-podgroup @clause:5729-R02/first-pod-allocates @clause:5729-R03/no-more-claims @kep-test:integration-claims-for-correct-pods @kep-test:e2e-first-pod-allocates
    Scenario: The KEP's two Deployments: each PodGroup's pods share one device, the groups use different devices
      KEP-5729 "Example", run as written (shipped field names) with a minimal Deployment controller.
      When I apply the fixture "kep-5729/scheduling/two-deployments.yaml"
      Then the request succeeds
      And there are 4 Pod objects
      And there is 1 ResourceClaim owned by PodGroup "my-podgroup-1"
      And there is 1 ResourceClaim owned by PodGroup "my-podgroup-2"
      And there are 2 ResourceClaim objects
      And 2 devices of driver "dra.example.com" are allocated
      And the ResourceClaim owned by PodGroup "my-podgroup-1" contains:
        """
        status:
          reservedFor:
          - apiGroup: scheduling.k8s.io
            resource: podgroups
            name: my-podgroup-1
        """

    @req:5729-R02 @req:5729-R03 @req:5729-R04 @version:1.37 @clause:5729-R04/beyond-256 @clause:5729-R04/one-entry @clause:5729-R03/no-more-claims @clause:5729-R03/same-device @clause:5729-R02/reserved-for-podgroup @clause:5729-R02/pod-status-records @kep-test:e2e-later-pods-share
    Scenario: 300 pods of one PodGroup share one claim and reservedFor stays one entry
      KEP-5729 "Goals": more than 256 pods (the reservedFor limit) share one claim.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: pg-claim-template}
        spec:
          spec:
            devices:
              requests:
              - name: my-device
                exactly: {deviceClassName: example}
        ---
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: big}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      And I create 300 pods named "member-{i}" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          schedulingGroup: {podGroupName: big}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then 300 pods named "member-{i}" are scheduled
      And there is 1 ResourceClaim object
      And 1 device of driver "dra.example.com" is allocated
      And the claim "pg-claim" of Pod "member-299" contains:
        """
        status:
          reservedFor:
          - {apiGroup: scheduling.k8s.io, resource: podgroups, name: big}
        """
      And the claims of Pods "member-0" and "member-299" share devices

    @req:5729-R06 @version:1.37 @clause:5729-R06/pods-gone-stays-allocated @clause:5729-R06/podgroup-deleted-deallocated @clause:5729-R06/garbage-collected @clause:5729-R06/finalizer-removed @kep-test:e2e-pods-deleted-claim-stays @kep-test:e2e-podgroup-deleted-claim-deallocated
    Scenario: All pods gone keeps the claim allocated; deleting the PodGroup deallocates and collects it
      KEP-5729 "Deallocate": the claim follows the PodGroup, not its pods.
      When I apply the fixture "kep-5729/scheduling/two-deployments.yaml"
      And I delete the Deployment "wl-claim-example-1"
      Then there are 2 Pod objects
      And there is 1 ResourceClaim owned by PodGroup "my-podgroup-1"
      And 2 devices of driver "dra.example.com" are allocated
      When I delete the PodGroup "my-podgroup-1"
      Then there are 0 ResourceClaims owned by PodGroup "my-podgroup-1"
      And 1 device of driver "dra.example.com" is allocated

    @req:5729-R07 @version:1.37 @clause:5729-R07/reserved-for-podgroup
    Scenario: A PodGroup naming an existing claim reserves it for the PodGroup
      KEP-5729 "Standalone claim": the pod repeats the entry with resourceClaimName.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: shared}
        spec:
          devices:
            requests:
            - name: my-device
              exactly: {deviceClassName: example}
        ---
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimName: shared}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: member}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimName: shared}
        """
      Then the Pod "member" is scheduled to "node-1"
      And the ResourceClaim "shared" has "status.reservedFor" containing [{apiGroup: scheduling.k8s.io, resource: podgroups, name: group}]

    @req:5729-R02 @req:platform-SCHED-R02 @version:1.37 @clause:platform-SCHED-R02/other-event-registrations
    Scenario: A pod DynamicResources rejected is not retried by a PodGroup appearing, and is by a device that fits
      isPodWorthRequeuing asks only the plugins that rejected the pod: DynamicResources
      registers Node, ResourceClaim, pod-claim, DeviceClass and ResourceSlice events, no
      PodGroup event (kube-scheduler's GangScheduling registers PodGroup adds, for the pods it
      rejected itself). The pod asks for a device with the "fast" attribute, which no device
      has: one attempt; a PodGroup created meanwhile leaves it parked; a slice with such a
      device brings it back.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: fast}
        spec:
          devices:
            requests:
            - name: my-device
              exactly:
                deviceClassName: example
                selectors: [{cel: {expression: "device.attributes['dra.example.com'].?fast.orValue(false)"}}]
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: waiting}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: c}]}
          resourceClaims:
          - {name: c, resourceClaimName: fast}
        """
      Then the Pod "waiting" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I apply:
        """
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
        """
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-fast}
        spec:
          driver: dra.example.com
          nodeName: node-1
          pool: {name: node-1-fast, generation: 1, resourceSliceCount: 1}
          devices:
          - name: fast-0
            attributes:
              fast: {bool: true}
        """
      Then the Pod "waiting" is scheduled to "node-1"

    @req:platform-SCHED-R02 @version:1.37 @clause:platform-SCHED-R02/gang-pre-enqueue
    Scenario: A pod naming a PodGroup that does not exist waits unattempted until the PodGroup is created
      kube-scheduler's GangScheduling PreEnqueue (pkg/scheduler/framework/plugins/gangscheduling;
      in 1.37 GenericWorkload turns the plugin on, kubernetes/kubernetes#139520 merged the
      GangScheduling gate into it) holds a pod whose PodGroup is not there: "waiting for pods's
      pod group ... to appear in scheduling queue", UnschedulableAndUnresolvable. A PreEnqueue
      rejection is only logged, so the pod gets no PodScheduled condition and no FailedScheduling
      event. The PodGroup's add (isSchedulableAfterPodGroupAdded) brings it in; a basic policy
      lets it pass.
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: member}
        spec:
          schedulingGroup: {podGroupName: late}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "member" has no "spec.nodeName"
      And the Pod "member" has no "status.conditions"
      And there is no event "FailedScheduling" for Pod "member" containing "nodes are available"
      When I apply:
        """
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: late}
        spec:
          schedulingPolicy: {basic: {}}
        """
      Then the Pod "member" is scheduled to "node-1"
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="scheduled"} is 1

    @req:platform-SCHED-R02 @version:1.37 @clause:platform-SCHED-R02/gang-pre-enqueue
    Scenario: The pods of a gang wait unattempted until minCount of them exist
      GangScheduling PreEnqueue lets a pod of a PodGroup with a gang policy in only once the
      group has minCount pods ("waiting for minCount pods from a gang to appear in scheduling
      queue"); each new pod of the group brings the held ones back (isSchedulableAfterPodAdded).
      In 1.37 the policy's minCount may change, and an update that lowers it brings them back too
      (isSchedulableAfterPodGroupUpdated). Two pods of a gang of three wait; the third lets all
      three in. Two pods of another gang of three wait until its minCount is lowered to two.
      When I apply:
        """
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: trio}
        spec:
          schedulingPolicy: {gang: {minCount: 3}}
        ---
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: pair}
        spec:
          schedulingPolicy: {gang: {minCount: 3}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trio-a}
        spec:
          schedulingGroup: {podGroupName: trio}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trio-b}
        spec:
          schedulingGroup: {podGroupName: trio}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: pair-a}
        spec:
          schedulingGroup: {podGroupName: pair}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: pair-b}
        spec:
          schedulingGroup: {podGroupName: pair}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "trio-a" has no "spec.nodeName"
      And the Pod "trio-b" has no "spec.nodeName"
      And the Pod "pair-a" has no "status.conditions"
      And the Pod "pair-b" has no "spec.nodeName"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: trio-c}
        spec:
          schedulingGroup: {podGroupName: trio}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "trio-a" is scheduled to "node-1"
      And the Pod "trio-b" is scheduled to "node-1"
      And the Pod "trio-c" is scheduled to "node-1"
      And the Pod "pair-a" has no "spec.nodeName"
      When I patch the PodGroup "pair" with:
        """
        spec:
          schedulingPolicy: {gang: {minCount: 2}}
        """
      Then the Pod "pair-a" is scheduled to "node-1"
      And the Pod "pair-b" is scheduled to "node-1"

    @req:platform-SCHED-R02 @version:1.36 @clause:platform-SCHED-R02/gang-pre-enqueue
    Scenario: At 1.36 the GangScheduling gate holds a pod until its PodGroup is created
      In 1.36 kube-scheduler adds the GangScheduling plugin only with its own alpha gate
      GangScheduling (off by default; it needs GenericWorkload). With it on, a pod whose PodGroup
      does not exist waits unattempted until the PodGroup (scheduling.k8s.io/v1alpha2) is added.
      Given the feature gate GangScheduling is enabled
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: member}
        spec:
          schedulingGroup: {podGroupName: late}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "member" has no "spec.nodeName"
      And the Pod "member" has no "status.conditions"
      When I apply:
        """
        apiVersion: scheduling.k8s.io/v1alpha2
        kind: PodGroup
        metadata: {name: late}
        spec:
          schedulingPolicy: {basic: {}}
        """
      Then the Pod "member" is scheduled to "node-1"

    @req:5729-R04 @req:5729-R07 @version:1.37 @clause:5729-R04/one-entry @clause:5729-R07/reserved-for-podgroup
    Scenario: A claim whose reservedFor is full still takes the next pod of the PodGroup it is reserved for
      KEP-5729 "Goals": the PodGroup's one entry stands for all its pods. Upstream PreFilter
      refuses a claim that cannot be reserved any more ("resourceclaim in use") unless it is
      already reserved for the pod (IsReservedForPod, which counts the pod's PodGroup). Here
      255 pods outside the PodGroup fill the list to 256 beside the PodGroup's entry: a pod
      outside the PodGroup is refused, a pod of the PodGroup is scheduled.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: shared}
        spec:
          devices:
            requests:
            - name: my-device
              exactly: {deviceClassName: example}
        ---
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimName: shared}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: member-0}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimName: shared}
        """
      And I create 255 pods named "other-{i}" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: c}]}
          resourceClaims:
          - {name: c, resourceClaimName: shared}
        """
      Then 255 pods named "other-{i}" are scheduled
      And the ResourceClaim "shared" has 256 items in "status.reservedFor"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: outsider}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: c}]}
          resourceClaims:
          - {name: c, resourceClaimName: shared}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: member-1}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimName: shared}
        """
      Then the Pod "member-1" is scheduled to "node-1"
      And the Pod "outsider" stays pending with reason "Unschedulable" and a message containing "resourceclaim in use"
      And the ResourceClaim "shared" has 256 items in "status.reservedFor"

    # version 1.37: the PodGroup's resourceClaims (scheduling.k8s.io/v1alpha3)
    @req:5729-R01 @req:5729-R07 @version:1.37 @clause:5729-R01/created-once @clause:5729-R07/reserved-for-podgroup
    Scenario: A PodGroup whose standalone claim comes before its template entry gets the template's claim too
      syncPodGroup goes through every entry and passes over one that names an existing claim
      (nothing to make); a template entry after it still gets its claim. A member that repeats
      both entries runs with both, each reserved for the PodGroup.
      When I apply the fixture "kep-5729/scheduling/template.yaml"
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: shared}
        spec:
          devices:
            requests:
            - name: my-device
              exactly: {deviceClassName: example}
        ---
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: standalone, resourceClaimName: shared}
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: member}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: standalone}, {name: pg-claim}]}
          resourceClaims:
          - {name: standalone, resourceClaimName: shared}
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then there is 1 ResourceClaim owned by PodGroup "group"
      And the PodGroup "group" records the ResourceClaim it owns for "pg-claim"
      And the Pod "member" is scheduled to "node-1"
      And the ResourceClaim "shared" has "status.reservedFor" containing [{apiGroup: scheduling.k8s.io, resource: podgroups, name: group}]
      And the claim "pg-claim" of Pod "member" is named with the prefix "group-pg-claim-"

    @req:5729-R10 @version:1.37 @clause:5729-R10/entry-must-match
    Scenario: A pod entry with the same name but another template is an ordinary per-pod claim
      api-truth §9.7: no match -> reserved for the Pod, owned by the Pod.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: pg-claim-template}
        spec:
          spec:
            devices:
              requests:
              - {name: my-device, exactly: {deviceClassName: example}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: other-template}
        spec:
          spec:
            devices:
              requests:
              - {name: my-device, exactly: {deviceClassName: example}}
        ---
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: loner}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: other-template}
        """
      Then the Pod "loner" is scheduled to "node-1"
      And the claim "pg-claim" of Pod "loner" is named with the prefix "loner-pg-claim-"
      And the claim "pg-claim" of Pod "loner" contains:
        """
        metadata:
          ownerReferences:
          - {apiVersion: v1, kind: Pod, name: loner, controller: true}
        status:
          reservedFor:
          - {resource: pods, name: loner}
        """
      And there are 2 ResourceClaim objects

    @req:5729-R10 @version:1.37 @clause:5729-R10/entry-must-match
    Scenario: A member's own entry after its PodGroup's entry gets a per-pod claim, also while the PodGroup's claim waits
      api-truth §9.7 and controller_test.go "create ResourceClaim for grouped Pod with claim"
      (1.37): syncPod goes through every entry of the pod; the one that repeats the PodGroup's
      entry waits for the PodGroup's claim (findPodGroupResourceClaim finds none yet, nothing
      is recorded for it), and the next one, with a name the PodGroup does not have, is made
      at once as an ordinary per-pod claim, owned by and reserved for the pod. The PodGroup's
      template comes later; then the PodGroup's claim is made and the pod schedules with both.
      A second member finds the PodGroup's claim allocated and reserved for the PodGroup:
      PreBind has nothing to write for it (isReservedForPod: the PodGroup counts) and goes on
      to allocate and reserve the member's own claim.
      (The 1.37 controller.go was not in the index: the PodGroup branch returning without an
      error while the PodGroup's claim is missing is drakit's reading of the tests named above.)
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: scratch-template}
        spec:
          spec:
            devices:
              requests:
              - {name: my-device, exactly: {deviceClassName: example}}
        ---
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: member}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}, {name: scratch}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
          - {name: scratch, resourceClaimTemplateName: scratch-template}
        """
      Then there is 1 ResourceClaim owned by Pod "member"
      And there are 0 ResourceClaims owned by PodGroup "group"
      And the Pod "member" has no "spec.nodeName"
      When I apply the fixture "kep-5729/scheduling/template.yaml"
      Then the Pod "member" is scheduled to "node-1"
      And the claim "pg-claim" of Pod "member" is named with the prefix "group-pg-claim-"
      And the claim "scratch" of Pod "member" is named with the prefix "member-scratch-"
      And the claim "scratch" of Pod "member" contains:
        """
        metadata:
          ownerReferences:
          - {apiVersion: v1, kind: Pod, name: member, controller: true}
        status:
          reservedFor:
          - {resource: pods, name: member}
        """
      And there are 2 ResourceClaim objects
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: member-2}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}, {name: scratch}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
          - {name: scratch, resourceClaimTemplateName: scratch-template}
        """
      Then the Pod "member-2" is scheduled to "node-1"
      And the claim "scratch" of Pod "member-2" is named with the prefix "member-2-scratch-"
      And the claim "scratch" of Pod "member-2" contains:
        """
        status:
          allocation:
            devices:
              results:
              - {request: my-device, driver: dra.example.com, pool: node-1}
          reservedFor:
          - {resource: pods, name: member-2}
        """
      And there are 3 ResourceClaim objects

    @req:5729-R11 @version:1.37 @clause:5729-R11/at-most-one @kep-test:integration-churn-at-most-one-claim
    Scenario: Rapid PodGroup churn never leaves two claims for one PodGroup claim nor orphans
      KEP-5729 "Integration tests": create and delete the same PodGroup repeatedly.
      When I apply the fixture "kep-5729/scheduling/two-deployments.yaml"
      And I delete the Deployment "wl-claim-example-2"
      And I delete the PodGroup "my-podgroup-2"
      And I apply the fixture "kep-5729/scheduling/two-deployments.yaml"
      And I delete the PodGroup "my-podgroup-2"
      And I apply the fixture "kep-5729/scheduling/two-deployments.yaml"
      Then there is 1 ResourceClaim owned by PodGroup "my-podgroup-2"
      And there are 2 ResourceClaim objects

    @req:5729-R12 @version:1.37 @clause:5729-R12/gate-off-pod-references
    Scenario: Gate off: no PodGroup claims; pods fall back to per-pod claims
      KEP-5729 "Enablement": with DRAWorkloadResourceClaims off the PodGroup field is dropped and
      each pod's template entry is an ordinary per-pod claim.
      Given the feature gate DRAWorkloadResourceClaims is disabled
      When I apply the fixture "kep-5729/scheduling/two-deployments.yaml"
      Then there are 0 ResourceClaims owned by PodGroup "my-podgroup-1"
      And there are 4 ResourceClaim objects
      And 4 devices of driver "dra.example.com" are allocated

    @req:5729-R08 @version:1.37 @clause:5729-R08/postfilter-keeps
    Scenario: PostFilter never deallocates a claim reserved for a PodGroup
      KEP-5729 "Finding pods" / scheduler changes: DynamicResources PostFilter may deallocate an
      allocated claim that blocks a pod only when nobody else uses it (reservedFor empty or only
      this pod; k/k dynamicresources.go PostFilter). A claim reserved for a PodGroup is in use
      by the group even when the asking pod is not bound yet, so a member that cannot reach the
      claim's node stays pending with "still not schedulable" and the claim keeps its
      allocation and the PodGroup reservation (api-truth §9.7 IsReservedForPod). node-2 has a
      free device, so deallocating would have let the pod run there.
      Given a node "node-2" with cpu "8", memory "32Gi", pods "110"
      And a ResourceSlice "node-2-dra.example.com" of driver "dra.example.com" on node "node-2" with 4 devices named "dev-"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: pg-claim-template}
        spec:
          spec:
            devices:
              requests:
              - name: my-device
                exactly: {deviceClassName: example}
        ---
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: member-0}
        spec:
          nodeSelector: {kubernetes.io/hostname: node-1}
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then the Pod "member-0" is scheduled to "node-1"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: member-1}
        spec:
          nodeSelector: {kubernetes.io/hostname: node-2}
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then the Pod "member-1" stays pending with reason "Unschedulable" and a message starting with "0/2 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 resourceclaim not available on the node."
      And the Pod "member-1" stays pending with reason "Unschedulable" and a message containing "resourceclaim not available on the node. still not schedulable, preemption: "
      And there is 1 ResourceClaim owned by PodGroup "group"
      And the ResourceClaim owned by PodGroup "group" contains:
        """
        status:
          allocation:
            devices:
              results:
              - {driver: dra.example.com, pool: node-1, device: dev-0}
          reservedFor:
          - {apiGroup: scheduling.k8s.io, resource: podgroups, name: group}
        """
      And the claims of Pods "member-0" and "member-1" share devices
      And 1 device of driver "dra.example.com" is allocated

    @req:5729-R08 @version:1.37 @clause:5729-R08/postfilter-keeps @clause:5729-R08/postfilter-others
    Scenario: PostFilter passes over a PodGroup's claim and deallocates the pod's own unreserved claim
      k/k dynamicresources.go PostFilter looks at every unavailable claim of the pod (in random
      map order) and deallocates the first one that no one or only the pod has reserved; a claim
      reserved for a PodGroup is not such a claim, and passing it over does not end the search.
      member-1 may only use node-2 and has two claims, both allocated on node-1: first the
      PodGroup's (reserved for the group) and then "solo" (allocated, reserved for nobody). Solo
      is the one claim PostFilter may take back, whatever the order: it is deallocated, the
      PodGroup's claim keeps its device and reservation, and member-1 stays pending.
      Given a node "node-2" with cpu "8", memory "32Gi", pods "110"
      And a ResourceSlice "node-2-dra.example.com" of driver "dra.example.com" on node "node-2" with 4 devices named "dev-"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: solo}
        spec:
          devices:
            requests:
            - name: my-device
              exactly: {deviceClassName: example}
        """
      And I patch the ResourceClaim "solo" status with:
        """
        status:
          allocation:
            devices:
              results:
              - {request: my-device, driver: dra.example.com, pool: node-1, device: dev-3}
            nodeSelector:
              nodeSelectorTerms:
              - matchFields:
                - {key: metadata.name, operator: In, values: [node-1]}
        """
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: pg-claim-template}
        spec:
          spec:
            devices:
              requests:
              - name: my-device
                exactly: {deviceClassName: example}
        ---
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: member-0}
        spec:
          nodeSelector: {kubernetes.io/hostname: node-1}
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then the Pod "member-0" is scheduled to "node-1"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: member-1}
        spec:
          nodeSelector: {kubernetes.io/hostname: node-2}
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}, {name: solo}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
          - {name: solo, resourceClaimName: solo}
        """
      Then the Pod "member-1" stays pending with reason "Unschedulable" and a message containing "resourceclaim not available on the node. still not schedulable, preemption: "
      And there is a Warning event "FailedScheduling" for Pod "member-1" containing "resourceclaim not available on the node. deallocation of ResourceClaim completed, preemption: "
      And the ResourceClaim "solo" has no "status.allocation"
      And the ResourceClaim owned by PodGroup "group" contains:
        """
        status:
          allocation:
            devices:
              results:
              - {driver: dra.example.com, pool: node-1, device: dev-0}
          reservedFor:
          - {apiGroup: scheduling.k8s.io, resource: podgroups, name: group}
        """

    @req:5729-R12 @version:1.37 @clause:5729-R12/mixed-references @clause:5729-R12/disabled-not-deallocated @clause:5729-R12/reenabled @kep-test:enablement-toggled
    Scenario: Mixed Pod and PodGroup entries in reservedFor across a gate downgrade are cleaned correctly
      KEP-5729 "Version Skew" / "Enablement", as shipped (api-truth §9.7, RCC): with the gate on
      a pod repeating the PodGroup's entry reserves the claim for the PodGroup. After turning
      DRAWorkloadResourceClaims off, the controller no longer counts that PodGroup entry for the
      running member-0 (IsReservedForPod without the gate), so its syncPod reserves the claim
      for member-0 itself; a new pod using the same claim is added by the scheduler as a Pod
      consumer (BindTo without the gate), so reservedFor mixes both kinds. While the gate is off
      the controller removes the entry of a deleted pod but leaves the PodGroup entry untouched
      (unknown consumer type), even after the PodGroup is gone. Once the gate is on again, the
      stale PodGroup entry is removed and member-0's own entry keeps the claim allocated; when
      member-0 goes too, reservedFor becomes empty, the allocation is cleared and the finalizer
      resource.kubernetes.io/delete-protection removed; the user's claim itself is kept (it is
      owned by nobody).
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: shared}
        spec:
          devices:
            requests:
            - name: my-device
              exactly: {deviceClassName: example}
        ---
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimName: shared}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: member-0}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimName: shared}
        """
      Then the Pod "member-0" is scheduled to "node-1"
      And the ResourceClaim "shared" has "status.reservedFor" containing [{apiGroup: scheduling.k8s.io, resource: podgroups, name: group}]
      When the feature gate DRAWorkloadResourceClaims is disabled
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: member-1}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimName: shared}
        """
      Then the Pod "member-1" is scheduled to "node-1"
      And the ResourceClaim "shared" has "status.reservedFor" containing [{apiGroup: scheduling.k8s.io, resource: podgroups, name: group}, {resource: pods, name: member-0}, {resource: pods, name: member-1}]
      When I delete the PodGroup "group"
      And I delete the Pod "member-1"
      Then the ResourceClaim "shared" has "status.reservedFor" containing [{apiGroup: scheduling.k8s.io, resource: podgroups, name: group}, {resource: pods, name: member-0}]
      And the ResourceClaim "shared" has "status.allocation.devices.results[0].device" equal to dev-0
      And the ResourceClaim "shared" has "metadata.finalizers" equal to [resource.kubernetes.io/delete-protection]
      When the feature gate DRAWorkloadResourceClaims is enabled
      Then the ResourceClaim "shared" has "status.reservedFor" containing [{resource: pods, name: member-0}]
      And 1 device of driver "dra.example.com" is allocated
      When I delete the Pod "member-0"
      Then the ResourceClaim "shared" exists
      And the ResourceClaim "shared" has no "status.reservedFor"
      And the ResourceClaim "shared" has no "status.allocation"
      And the ResourceClaim "shared" has no "metadata.finalizers"
      And 0 devices of driver "dra.example.com" are allocated

    @req:5729-R12 @version:1.37 @req:5729-R16 @clause:5729-R16/missing-podgroup @clause:5729-R16/failed-creation-event
    Scenario: A pod naming a PodGroup that does not exist gets no claim and is not bound
      As shipped in 1.37: pkg/controller/resourceclaim/controller_test.go
      "skip-create-for-pod-podgroup-does-not-exist" (every gate combination with GenericWorkload
      on): the controller looks up the pod's PodGroup before creating its template claims and
      fails with the lister's NotFound, podgroup.scheduling.k8s.io "<name>" not found; syncPod
      reports a failing claim as a Warning event FailedResourceClaimCreation
      "PodResourceClaim <claim>: <error>" and retries. Without its claim the pod is not bound.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: my-template}
        spec:
          spec:
            devices:
              requests:
              - name: my-device
                exactly: {deviceClassName: example}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: lost-member}
        spec:
          schedulingGroup: {podGroupName: missing}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: my-claim}]}
          resourceClaims:
          - {name: my-claim, resourceClaimTemplateName: my-template}
        """
      Then there is a Warning event "FailedResourceClaimCreation" for Pod "lost-member" containing "PodResourceClaim my-claim: podgroup.scheduling.k8s.io "missing" not found"
      And there are 0 ResourceClaim objects
      And the Pod "lost-member" has no "spec.nodeName"
      And the Pod "lost-member" has no "status.resourceClaimStatuses"

    @req:5729-R12 @version:1.37 @req:5729-R16 @clause:5729-R16/missing-podgroup
    Scenario: With DRAWorkloadResourceClaims off a pod naming a missing PodGroup still gets no claim
      1.37 looks the PodGroup up whenever GenericWorkload is on, whatever
      DRAWorkloadResourceClaims says (kubernetes/kubernetes#138363; controller_test.go
      "skip-create-for-pod-podgroup-does-not-exist" runs with the gate on and off). 1.36 treated
      the pod as not grouped (next scenario).
      Given the feature gate DRAWorkloadResourceClaims is disabled
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: my-template}
        spec:
          spec:
            devices:
              requests:
              - name: my-device
                exactly: {deviceClassName: example}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: lost-member}
        spec:
          schedulingGroup: {podGroupName: missing}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: my-claim}]}
          resourceClaims:
          - {name: my-claim, resourceClaimTemplateName: my-template}
        """
      Then there is a Warning event "FailedResourceClaimCreation" for Pod "lost-member" containing "PodResourceClaim my-claim: podgroup.scheduling.k8s.io "missing" not found"
      And there are 0 ResourceClaim objects
      And the Pod "lost-member" has no "spec.nodeName"

    @req:5729-R12 @version:1.36 @clause:5729-R12/gate-off-pod-references
    Scenario: On 1.36 with DRAWorkloadResourceClaims off a pod naming a missing PodGroup gets a per-pod claim
      1.36 (kubernetes/kubernetes#136989, before #138363): with DRAWorkloadResourceClaims off the
      controller treats pods as if they did not belong to a PodGroup, so the template entry is an
      ordinary per-pod claim and the pod runs.
      Given the feature gate DRAWorkloadResourceClaims is disabled
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: my-template}
        spec:
          spec:
            devices:
              requests:
              - name: my-device
                exactly: {deviceClassName: example}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: lost-member}
        spec:
          schedulingGroup: {podGroupName: missing}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: my-claim}]}
          resourceClaims:
          - {name: my-claim, resourceClaimTemplateName: my-template}
        """
      Then the Pod "lost-member" is scheduled to "node-1"
      And there is 1 ResourceClaim owned by Pod "lost-member"

    @req:5729-R12 @version:1.36 @req:5729-R16 @clause:5729-R16/missing-podgroup
    Scenario: On 1.36 with DRAWorkloadResourceClaims on a pod naming a missing PodGroup gets no claim
      1.36 (kubernetes/kubernetes#136989) looks the PodGroup up when DRAWorkloadResourceClaims is
      on and fails with the lister's NotFound as 1.37 does.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: my-template}
        spec:
          spec:
            devices:
              requests:
              - name: my-device
                exactly: {deviceClassName: example}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: lost-member}
        spec:
          schedulingGroup: {podGroupName: missing}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: my-claim}]}
          resourceClaims:
          - {name: my-claim, resourceClaimTemplateName: my-template}
        """
      Then there is a Warning event "FailedResourceClaimCreation" for Pod "lost-member" containing "PodResourceClaim my-claim: podgroup.scheduling.k8s.io "missing" not found"
      And there are 0 ResourceClaim objects
      And the Pod "lost-member" has no "spec.nodeName"

    @req:5729-R12 @version:1.37 @clause:5729-R12/gate-off-no-shadow-claim
    Scenario: With DRAWorkloadResourceClaims off a grouped pod repeating the PodGroup's entry gets no per-pod claim
      1.37 (kubernetes/kubernetes#138363): a controller that cannot tell whether a claim belongs
      to the pod or to its PodGroup creates none (controller_test.go "skip create ResourceClaim
      for Pod with PodGroup claim when DRAWorkloadResourceClaims feature is disabled", error
      "DRAWorkloadResourceClaims feature is disabled ..."); a grouped pod's own, non-matching
      entry still gets a per-pod claim ("create ResourceClaim for grouped Pod with claim when
      DRAWorkloadResourceClaims feature is disabled"). The PodGroup got its claims while the gate
      was on.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: pg-claim-template}
        spec:
          spec:
            devices:
              requests:
              - name: my-device
                exactly: {deviceClassName: example}
        ---
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then there is 1 ResourceClaim owned by PodGroup "group"
      When the feature gate DRAWorkloadResourceClaims is disabled
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: member}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then there is a Warning event "FailedResourceClaimCreation" for Pod "member" containing "PodResourceClaim pg-claim: DRAWorkloadResourceClaims feature is disabled"
      And there are 0 ResourceClaims owned by Pod "member"
      And there is 1 ResourceClaim object
      And the Pod "member" has no "spec.nodeName"

    @req:5729-R12 @version:1.37 @clause:5729-R12/gate-off-no-shadow-claim
    Scenario: A controller manager without GenericWorkload creates no claim for a grouped pod
      1.37 pkg/controller/resourceclaim/controller_test.go "skip create ResourceClaim for Pod
      with PodGroup claim when GenericWorkload feature is disabled" (expectedError
      "GenericWorkload feature is disabled", run with DRAWorkloadResourceClaims off as well,
      which depends on it): a kube-controller-manager running without GenericWorkload, next to an API server that stores the pod's schedulingGroup, cannot tell
      the pod's claims from its PodGroup's, so it creates none and reports the failed creation.
      Given the feature gate GenericWorkload is enabled
      And the feature gate DRAWorkloadResourceClaims is enabled
      And the controller manager runs with the feature gate DRAWorkloadResourceClaims disabled
      And the controller manager runs with the feature gate GenericWorkload disabled
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: pg-claim-template}
        spec:
          spec:
            devices:
              requests:
              - name: my-device
                exactly: {deviceClassName: example}
        ---
        apiVersion: scheduling.k8s.io/v1beta1
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: member}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then there is a Warning event "FailedResourceClaimCreation" for Pod "member" containing "GenericWorkload feature is disabled"
      And there are 0 ResourceClaim objects
      And the Pod "member" has no "spec.nodeName"

    @req:5729-R12 @version:1.36 @clause:5729-R12/gate-off-pod-references
    Scenario: On 1.36 with DRAWorkloadResourceClaims off a grouped pod repeating the PodGroup's entry gets a per-pod claim
      1.36 (kubernetes/kubernetes#136989): with the gate off the pod is treated as not grouped and
      its entry is an ordinary per-pod claim, next to the PodGroup's claim made while the gate
      was on. 1.37 refuses this (previous scenario).
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: pg-claim-template}
        spec:
          spec:
            devices:
              requests:
              - name: my-device
                exactly: {deviceClassName: example}
        ---
        apiVersion: scheduling.k8s.io/v1alpha2
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then there is 1 ResourceClaim owned by PodGroup "group"
      When the feature gate DRAWorkloadResourceClaims is disabled
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: member}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then the Pod "member" is scheduled to "node-1"
      And there is 1 ResourceClaim owned by Pod "member"
      And there are 2 ResourceClaim objects

    @req:5729-R16 @version:1.37 @clause:5729-R16/orphan-reused @clause:5729-R16/failed-creation-event
    Scenario: A claim the controller made for the PodGroup but never recorded is reused, not duplicated
      As shipped (pkg/controller/resourceclaim/controller_test.go "missing-template-podgroup",
      "find-existing-claim-by-label-podgroup", "new-template-for-podgroup", kubernetes/kubernetes
      at 1.37): a PodGroup whose template does not exist yet gets no claim and a Warning event
      FailedResourceClaimCreation with the lister's error (resource claim template "<t>":
      resourceclaimtemplate.resource.k8s.io "<t>" not found; the prefix of the event message is
      drakit's). A claim controlled by the PodGroup and annotated with its claim name (what a
      controller that crashed after the create leaves behind) is found before any template is
      read, so when the template appears the PodGroup records that claim and no second one
      is made.
      When I apply the fixture "kep-5729/scheduling/podgroup.yaml"
      Then there is a Warning event "FailedResourceClaimCreation" for PodGroup "group" containing "resource claim template "pg-claim-template": resourceclaimtemplate.resource.k8s.io "pg-claim-template" not found"
      And there are 0 ResourceClaim objects
      When I create the ResourceClaim "left-behind" the controller would make for the claim "pg-claim" of PodGroup "group":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        spec:
          devices:
            requests:
            - name: my-device
              exactly: {deviceClassName: example}
        """
      And I apply the fixture "kep-5729/scheduling/template.yaml"
      Then there is 1 ResourceClaim object
      And the PodGroup "group" has "status.resourceClaimStatuses" equal to [{name: pg-claim, resourceClaimName: left-behind}]

    @req:5729-R16 @version:1.37 @clause:5729-R16/recorded-claim-used
    Scenario: A claim recorded in the PodGroup's status that the PodGroup controls is used as it is
      As shipped (k/k pkg/controller/resourceclaim controller.go handlePodGroupClaim, 1.37): a
      claim that podgroup.status.resourceClaimStatuses names and the PodGroup controls is the
      PodGroup's claim; only a recorded claim that is gone or no longer controlled is looked
      for again by owner and pod-claim-name annotation (findPodGroupResourceClaim). A claim
      another client made for the PodGroup without the annotation and recorded for "pg-claim"
      therefore stays its claim when the template appears and the sync makes the claim of the
      PodGroup's other entry: no second claim for "pg-claim".
      When I apply:
        """
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
          - {name: extra, resourceClaimTemplateName: pg-claim-template}
        """
      Then there is a Warning event "FailedResourceClaimCreation" for PodGroup "group" containing "resource claim template "pg-claim-template""
      When I create the ResourceClaim "hand-made" the controller would make for the claim "pg-claim" of PodGroup "group" but without the pod-claim-name annotation:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        spec:
          devices:
            requests:
            - name: my-device
              exactly: {deviceClassName: example}
        """
      And I set "status.resourceClaimStatuses" of the PodGroup "group" to [{name: pg-claim, resourceClaimName: hand-made}]
      And I apply the fixture "kep-5729/scheduling/template.yaml"
      Then there are 2 ResourceClaims owned by PodGroup "group"
      And the PodGroup "group" has "status.resourceClaimStatuses[name=pg-claim].resourceClaimName" equal to hand-made

    @req:5729-R16 @version:1.37 @clause:5729-R16/member-finds-group-claim-by-owner @needs:logical-clock
    Scenario: A member records the claim its PodGroup controls before the PodGroup's status names it
      As shipped (k/k pkg/controller/resourceclaim controller.go handleClaim): for a pod entry
      bound to its PodGroup, the controller looks the claim up with findPodGroupResourceClaim,
      the claims the PodGroup controls with the entry's pod-claim-name annotation, not in the
      PodGroup's status. A claim the controller made for the PodGroup but has not recorded yet
      (its template is still missing, so the PodGroup's own sync keeps failing before its
      status apply) is therefore recorded by the member at its next sync, here caused by a
      label, while the PodGroup's status still names nothing. The PodGroup's retry (the work
      queue's backoff, milliseconds) then finds the same claim before it reads the template and
      records it too. On a wall clock that retry comes milliseconds after the claim, so the
      moment between is only there to look at on the reference's logical clock.
      When I apply the fixture "kep-5729/scheduling/podgroup.yaml"
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: member}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      And I create the ResourceClaim "left-behind" the controller would make for the claim "pg-claim" of PodGroup "group":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        spec:
          devices:
            requests:
            - name: my-device
              exactly: {deviceClassName: example}
        """
      And I patch the Pod "member" with:
        """
        metadata:
          labels: {touched: "yes"}
        """
      Then the Pod "member" has "status.resourceClaimStatuses" equal to [{name: pg-claim, resourceClaimName: left-behind}]
      And the PodGroup "group" has no "status.resourceClaimStatuses"
      When 1 second passes
      Then the PodGroup "group" has "status.resourceClaimStatuses" equal to [{name: pg-claim, resourceClaimName: left-behind}]
      And there is 1 ResourceClaim object

    @req:5729-R16 @req:5729-R02 @version:1.37 @clause:5729-R16/member-waits-for-group-claim @clause:5729-R02/pod-status-records
    Scenario: A member whose PodGroup has no claim yet waits with nothing recorded, then gets the PodGroup's claim
      KEP-5729 "Allocate": a member that repeats the PodGroup's entry uses the PodGroup's claim,
      recorded in its own status.resourceClaimStatuses. While the PodGroup's template is missing
      there is no such claim: the member gets none of its own, records nothing (no entry, which
      would read as "no claim needed") and stays unscheduled; once the template exists the
      PodGroup's claim is made, the member records that one and is scheduled.
      When I apply the fixture "kep-5729/scheduling/podgroup.yaml"
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: member}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then there is a Warning event "FailedResourceClaimCreation" for PodGroup "group" containing "resource claim template "pg-claim-template": resourceclaimtemplate.resource.k8s.io "pg-claim-template" not found"
      And the Pod "member" has no "status.resourceClaimStatuses"
      And the Pod "member" has no "spec.nodeName"
      And there are 0 ResourceClaim objects
      When I apply the fixture "kep-5729/scheduling/template.yaml"
      Then the Pod "member" is scheduled to "node-1"
      And there is 1 ResourceClaim owned by PodGroup "group"
      And there are 0 ResourceClaims owned by Pod "member"
      And the claim "pg-claim" of Pod "member" is named with the prefix "group-pg-claim-"

    # version 1.37: the PodGroup's resourceClaims (scheduling.k8s.io/v1alpha3)
    @req:5729-R16 @version:1.37 @clause:5729-R16/status-entries-applied
    Scenario: A claim status another writer recorded on the PodGroup stays when the controller records its claim
      As shipped (api-truth §9.7): the controller records a template claim with a server-side
      apply of its own entry (field manager ResourceClaimController), so an entry another writer
      put in status.resourceClaimStatuses, here for the PodGroup's entry that names an existing
      claim, stays next to it. The writer records it while the template is still missing, so
      its write need not name the controller's generated claim.
      When I apply:
        """
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
          - {name: shared, resourceClaimName: shared-claim}
        """
      Then there is a Warning event "FailedResourceClaimCreation" for PodGroup "group" containing "resource claim template "pg-claim-template": resourceclaimtemplate.resource.k8s.io "pg-claim-template" not found"
      When I set "status.resourceClaimStatuses" of the PodGroup "group" in a status write to [{"name": "shared", "resourceClaimName": "shared-claim"}]
      And I apply the fixture "kep-5729/scheduling/template.yaml"
      Then there is 1 ResourceClaim owned by PodGroup "group"
      And the PodGroup "group" records the ResourceClaim it owns for "pg-claim"
      And the PodGroup "group" has "status.resourceClaimStatuses[name=shared].resourceClaimName" equal to "shared-claim"

    @req:5729-R16 @version:1.37 @clause:5729-R16/recreated-when-not-controlled @clause:5729-R16/deleted-claim-recreated
    Scenario: A claim the PodGroup no longer controls is replaced once the PodGroup needs work again
      As shipped (k/k pkg/controller/resourceclaim controller.go; controller_test.go "recreate for
      PodGroup"; api-truth §9.7): the PodGroup's sync keeps a recorded claim only while the
      PodGroup controls it, and makes a new one otherwise. But an event queues the PodGroup only
      when podGroupNeedsWork says so, and a claim it no longer controls is no work ("cannot
      proceed ... unless that other claim gets deleted"): neither the claim losing its owner
      nor a label change on the PodGroup replaces it. Deleting the PodGroup's other claim does:
      the claim's event reaches the PodGroup through the index of the claims it names, a
      recorded claim that is gone is work, and the sync then makes both claims anew. The
      released claim stays, unowned.
      When I apply the fixture "kep-5729/scheduling/template.yaml"
      And I apply:
        """
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
          - {name: pg-extra, resourceClaimTemplateName: pg-claim-template}
        """
      Then there are 2 ResourceClaims owned by PodGroup "group"
      When the ResourceClaim owned by PodGroup "group" for "pg-claim" loses its owner
      And I patch the PodGroup "group" with:
        """
        metadata:
          labels: {touched: "yes"}
        """
      Then there is 1 ResourceClaim owned by PodGroup "group"
      And the PodGroup "group" still records the released ResourceClaim for "pg-claim"
      When I delete the ResourceClaim owned by PodGroup "group" for "pg-extra"
      Then there are 2 ResourceClaims owned by PodGroup "group"
      And there are 3 ResourceClaim objects
      And the PodGroup "group" records the ResourceClaim it owns for "pg-claim"
      And the PodGroup "group" records the ResourceClaim it owns for "pg-extra"
      And the released ResourceClaim still exists without an owner

    @req:5729-R16 @version:1.37 @clause:5729-R16/recreated-when-not-controlled
    Scenario: A claim that names the PodGroup as an owner but not as its controller is replaced
      As shipped (syncPodGroup keeps a recorded claim only while resourceclaim.IsForPodGroup
      holds, metav1.IsControlledBy: the owner reference with controller true and the
      PodGroup's uid): a claim whose reference to the PodGroup no longer says controller is
      not the PodGroup's claim. Once the PodGroup needs work (its other claim is deleted) its
      sync makes a new claim for that entry too; the demoted claim stays, still naming the
      PodGroup as an owner.
      When I apply the fixture "kep-5729/scheduling/template.yaml"
      And I apply:
        """
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
          - {name: pg-extra, resourceClaimTemplateName: pg-claim-template}
        """
      Then there are 2 ResourceClaims owned by PodGroup "group"
      When the ResourceClaim owned by PodGroup "group" for "pg-claim" keeps its owner without being controlled by it
      And I delete the ResourceClaim owned by PodGroup "group" for "pg-extra"
      Then there are 3 ResourceClaims owned by PodGroup "group"
      And there are 3 ResourceClaim objects
      And the PodGroup "group" records the ResourceClaim it owns for "pg-claim"
      And the PodGroup "group" records the ResourceClaim it owns for "pg-extra"

    # version 1.37: the PodGroup's resourceClaims (scheduling.k8s.io/v1alpha3) as in the scenario above
    @req:5729-R16 @version:1.37 @clause:5729-R16/deleted-claim-recreated
    Scenario: A deleted PodGroup claim is made again after the PodGroup's other claim, which stays
      syncPodGroup goes through every claim entry: one whose recorded claim exists and is
      controlled by the PodGroup is kept and the next entry is looked at; the deleted one's
      recorded claim is gone, so it is made again. The first claim is the same object.
      When I apply the fixture "kep-5729/scheduling/template.yaml"
      And I apply:
        """
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
          - {name: pg-extra, resourceClaimTemplateName: pg-claim-template}
        """
      Then there are 2 ResourceClaims owned by PodGroup "group"
      When I delete the ResourceClaim owned by PodGroup "group" for "pg-extra"
      Then there are 2 ResourceClaims owned by PodGroup "group"
      And there are 2 ResourceClaim objects
      And the PodGroup "group" records the ResourceClaim it owns for "pg-claim"
      And the PodGroup "group" records the ResourceClaim it owns for "pg-extra"

    @req:5729-R16 @version:1.37 @clause:5729-R16/member-keeps-group-claim
    Scenario: A member keeps the PodGroup claim it recorded while the PodGroup controls it
      As shipped (pkg/controller/resourceclaim/controller.go handleClaim, kubernetes/kubernetes
      1.37): a claim recorded in the pod's status.resourceClaimStatuses is "already created"
      while resourceclaim.IsForPod accepts it, and with DRAWorkloadResourceClaims IsForPod
      accepts a claim controlled by the pod's PodGroup (k8s.io/dynamic-resource-allocation
      resourceclaim.IsForPod, acceptPodGroupOwner). So when the PodGroup's status later names
      another claim it also controls, the member's next sync (here caused by a label change)
      leaves the member's recorded claim as it is (the other claim's name sorts first, so a
      controller that looked the PodGroup's claim up again by owner would find that one).
      When I apply the fixture "kep-5729/scheduling/template.yaml"
      And I apply the fixture "kep-5729/scheduling/podgroup.yaml"
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: member}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then the Pod "member" is scheduled to "node-1"
      And the claim "pg-claim" of Pod "member" is named with the prefix "group-pg-claim-"
      When I create the ResourceClaim "another" the controller would make for the claim "pg-claim" of PodGroup "group":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        spec:
          devices:
            requests:
            - name: my-device
              exactly: {deviceClassName: example}
        """
      And I patch the PodGroup "group" status with:
        """
        status:
          resourceClaimStatuses:
          - {name: pg-claim, resourceClaimName: another}
        """
      And I patch the Pod "member" with:
        """
        metadata:
          labels: {touched: "yes"}
        """
      Then the PodGroup "group" has "status.resourceClaimStatuses" equal to [{name: pg-claim, resourceClaimName: another}]
      And the claim "pg-claim" of Pod "member" is named with the prefix "group-pg-claim-"

    @req:5729-R01 @version:1.37 @clause:5729-R01/generated-name
    Scenario: Long PodGroup and claim names are both cut in proportion in the generated name
      As shipped (pkg/controller/resourceclaim/controller.go handleClaim, the pod path's
      truncation applied to PodGroups, api-truth §9.7): "<podgroup>-<claim>-" longer than 57
      characters keeps len*57/len(whole) characters of each name joined by one "-" and no
      trailing "-": 49 + 20 characters give 39 + "-" + 16.
      When I apply the fixture "kep-5729/scheduling/template.yaml"
      And I apply:
        """
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: a-podgroup-with-a-rather-long-name-for-truncation}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: an-accelerator-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then the ResourceClaim owned by PodGroup "a-podgroup-with-a-rather-long-name-for-truncation" contains:
        """
        metadata:
          generateName: a-podgroup-with-a-rather-long-name-for--an-accelerator-c
          annotations:
            resource.kubernetes.io/pod-claim-name: an-accelerator-claim
        """

    @req:5729-R16 @version:1.37 @clause:5729-R16/deleting-podgroup-skipped
    Scenario: A PodGroup that is being deleted gets no claim
      As shipped (controller_test.go "podgroup-deleted"): a PodGroup with a deletionTimestamp
      (held here by its creator's finalizer) is skipped, even when its template appears.
      When I apply:
        """
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata:
          name: group
          finalizers: [example.com/workload-controller]
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      And I delete the PodGroup "group"
      And I apply the fixture "kep-5729/scheduling/template.yaml"
      Then the PodGroup "group" exists
      And there are 0 ResourceClaim objects
      When 1 second passes
      Then there are 0 ResourceClaim objects
      When I patch the PodGroup "group" with:
        """
        metadata:
          finalizers: null
        """
      Then the PodGroup "group" does not exist
      And there are 0 ResourceClaim objects

    @req:5729-R06 @version:1.37 @clause:5729-R06/removed-after-deletion
    Scenario: While its creator's finalizer holds the PodGroup, its claim stays reserved
      KEP-5729 "Deallocate": "References to PodGroups in status.reservedFor are removed after
      the PodGroup is deleted. PodGroup deletion should be gated by a finalizer managed by the
      creator of the PodGroup". A PodGroup marked for deletion still exists, so its claim keeps
      the reservation and the device, also when its last pod goes afterwards (the pod's
      deletion makes the controller look at the claim again); removing the finalizer deletes
      the PodGroup, then the claim is deallocated and collected.
      When I apply the fixture "kep-5729/scheduling/template.yaml"
      And I apply:
        """
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata:
          name: group
          finalizers: [example.com/workload-controller]
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: member}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then the Pod "member" is scheduled to "node-1"
      When I delete the PodGroup "group"
      And I delete the Pod "member"
      Then the Pod "member" does not exist
      And the PodGroup "group" exists
      And the ResourceClaim owned by PodGroup "group" contains:
        """
        status:
          reservedFor:
          - {apiGroup: scheduling.k8s.io, resource: podgroups, name: group}
        """
      And 1 device of driver "dra.example.com" is allocated
      When I patch the PodGroup "group" with:
        """
        metadata:
          finalizers: null
        """
      Then the PodGroup "group" does not exist
      And there are 0 ResourceClaim objects
      And 0 devices of driver "dra.example.com" are allocated

    @req:5729-R06 @version:1.37 @clause:5729-R06/removed-after-deletion
    Scenario: A finished member leaves the PodGroup's claim reserved for the group; deleting the PodGroup frees it
      KEP-5729 "Deallocate": the claim follows the PodGroup, not its pods. A member that has
      finished (phase Succeeded, its object kept) gives nothing back: the claim is reserved for
      the PodGroup, which still exists. The PodGroup's deletion event walks its member pods
      (enqueuePodGroup hands a finished member's own claims to the claim sync as well); the
      claim is then deallocated and collected, and the finished pod stays as it was.
      When I apply the fixture "kep-5729/scheduling/template.yaml"
      And I apply:
        """
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: member}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then the Pod "member" is scheduled to "node-1"
      When the Pod "member" status has:
        """
        phase: Succeeded
        """
      Then the ResourceClaim owned by PodGroup "group" contains:
        """
        status:
          reservedFor:
          - {apiGroup: scheduling.k8s.io, resource: podgroups, name: group}
        """
      And 1 device of driver "dra.example.com" is allocated
      When I delete the PodGroup "group"
      Then there are 0 ResourceClaim objects
      And 0 devices of driver "dra.example.com" are allocated
      And the Pod "member" has "status.phase" equal to Succeeded

    @req:5729-R16 @req:5729-R06 @version:1.37 @clause:5729-R16/podgroup-recreated @clause:5729-R06/same-podgroup
    Scenario: A PodGroup recreated under the same name does not inherit the old reservation
      KEP-5729 "Determining Allowed Pods": a PodGroup name in a pod always means the same
      PodGroup, unless "the PodGroup ... [is] deleted and recreated with the same name". As
      shipped (api-truth §9.7, RCC): a reservedFor entry for a PodGroup is removed when the
      PodGroup is gone or its uid changed, so the stale entry of the deleted PodGroup goes,
      the claim is deallocated, and the new PodGroup's first pod reserves it under the new
      uid. (The old member is deleted first, as the KEP requires.)
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: shared}
        spec:
          devices:
            requests:
            - name: my-device
              exactly: {deviceClassName: example}
        ---
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimName: shared}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: member-0}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimName: shared}
        """
      Then the Pod "member-0" is scheduled to "node-1"
      And the ResourceClaim "shared" is reserved for the PodGroup "group" as it exists now
      When I delete the Pod "member-0"
      And I delete the PodGroup "group" without waiting
      And I apply:
        """
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimName: shared}
        """
      Then the ResourceClaim "shared" has no "status.reservedFor"
      And the ResourceClaim "shared" has no "status.allocation"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: member-1}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimName: shared}
        """
      Then the Pod "member-1" is scheduled to "node-1"
      And the ResourceClaim "shared" is reserved for the PodGroup "group" as it exists now
      And the ResourceClaim "shared" has "status.reservedFor" containing [{apiGroup: scheduling.k8s.io, resource: podgroups, name: group}]

    @req:5729-R16 @version:1.37 @clause:5729-R16/bound-member-reserves-group
    Scenario: A running member whose PodGroup's claim lost its reservation reserves it for the PodGroup again
      k/k pkg/controller/resourceclaim/controller.go syncPod: a pod on a node whose allocated
      claim is not reserved for it (bound past the scheduler, or its reservation removed) gets
      the claim reserved for its BindTo consumer, which for a PodGroup's claim is the PodGroup,
      not the pod. A reservation another client removed is no transition syncClaim
      deallocates on (only its own update that empties reservedFor is), so the claim stays
      allocated on the device it had.
      When I apply the fixture "kep-5729/scheduling/template.yaml"
      And I apply the fixture "kep-5729/scheduling/podgroup.yaml"
      And I create 1 pod named "member-{i}" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then the Pod "member-0" is scheduled to "node-1"
      When another client removes the reservations of the ResourceClaim owned by PodGroup "group"
      Then the ResourceClaim owned by PodGroup "group" contains:
        """
        status:
          allocation:
            devices:
              results:
              - {driver: dra.example.com, pool: node-1, device: dev-0}
          reservedFor:
          - {apiGroup: scheduling.k8s.io, resource: podgroups, name: group}
        """
      And 1 device of driver "dra.example.com" is allocated

    @req:5729-R16 @version:1.37 @clause:5729-R16/other-podgroup-claim
    Scenario: Pods outside the PodGroup that use its claim get reservations of their own
      As shipped (DRALIB resourceclaim BindTo and IsReservedForPod, api-truth §9.7): a claim
      reserved for PodGroup "ring" is not reserved for anybody else. A pod of PodGroup
      "intruders", which lists the same claim, adds its own PodGroup; a pod without a
      PodGroup adds itself. The claim keeps its one allocation for all of them and is
      deallocated only when the last consumer is gone.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: shared}
        spec:
          devices:
            requests:
            - name: my-device
              exactly: {deviceClassName: example}
        ---
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: ring}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: fabric, resourceClaimName: shared}
        ---
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: intruders}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: fabric, resourceClaimName: shared}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: ring-0}
        spec:
          schedulingGroup: {podGroupName: ring}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: fabric}]}
          resourceClaims:
          - {name: fabric, resourceClaimName: shared}
        """
      Then the Pod "ring-0" is scheduled to "node-1"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: stranger}
        spec:
          schedulingGroup: {podGroupName: intruders}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: fabric}]}
          resourceClaims:
          - {name: fabric, resourceClaimName: shared}
        """
      Then the Pod "stranger" is scheduled to "node-1"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: loner}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: fabric}]}
          resourceClaims:
          - {name: fabric, resourceClaimName: shared}
        """
      Then the Pod "loner" is scheduled to "node-1"
      And the ResourceClaim "shared" has "status.reservedFor" containing [{apiGroup: scheduling.k8s.io, resource: podgroups, name: ring}, {apiGroup: scheduling.k8s.io, resource: podgroups, name: intruders}, {resource: pods, name: loner}]
      And the claims of Pods "ring-0" and "stranger" share devices
      And the claims of Pods "ring-0" and "loner" share devices
      When I delete the Pod "ring-0"
      And I delete the PodGroup "ring"
      Then the ResourceClaim "shared" has "status.reservedFor" containing [{apiGroup: scheduling.k8s.io, resource: podgroups, name: intruders}, {resource: pods, name: loner}]
      And 1 device of driver "dra.example.com" is allocated
      When I delete the Pod "stranger"
      And I delete the PodGroup "intruders"
      And I delete the Pod "loner"
      Then the ResourceClaim "shared" has no "status.reservedFor"
      And the ResourceClaim "shared" has no "status.allocation"
      And 0 devices of driver "dra.example.com" are allocated

    @req:5729-R11 @version:1.37 @clause:5729-R11/follow-podgroups @clause:5729-R11/at-most-one @kep-test:integration-churn-no-orphans @kep-test:integration-churn-at-most-one-claim
    Scenario: PodGroups and their pods come and go without waiting: one claim each, no orphans, every pod runs
      KEP-5729 "Integration tests": "No inconsistent state is reached when PodGroups rapidly
      come and go ... Pods still schedule and no ResourceClaims are orphaned ... At most one
      generated ResourceClaim should exist for a claim made by a PodGroup at any given time."
      The deletions are issued back to back without letting the controllers catch up, so the
      ResourceClaim controller, the garbage collector and the scheduler see deletes and
      re-creates of the same names in one batch.
      When I apply the fixture "kep-5729/scheduling/two-deployments.yaml"
      And I delete the PodGroup "my-podgroup-2" without waiting
      And I delete the Deployment "wl-claim-example-2" without waiting
      And I delete the PodGroup "my-podgroup-1" without waiting
      And I apply the fixture "kep-5729/scheduling/two-deployments.yaml"
      And I delete the Deployment "wl-claim-example-1" without waiting
      And I delete the PodGroup "my-podgroup-1" without waiting
      And I apply the fixture "kep-5729/scheduling/two-deployments.yaml"
      Then every Pod is scheduled
      And there are 4 Pod objects
      And there is 1 ResourceClaim owned by PodGroup "my-podgroup-1"
      And there is 1 ResourceClaim owned by PodGroup "my-podgroup-2"
      And there are 2 ResourceClaim objects
      And no ResourceClaim outlives its owner
      And 2 devices of driver "dra.example.com" are allocated

    @req:5729-R01 @req:5729-R02 @req:5729-R06 @version:1.36 @clause:5729-R01/owned-by-podgroup @clause:5729-R02/first-pod-allocates @clause:5729-R02/reserved-for-podgroup @clause:5729-R06/podgroup-deleted-deallocated @kep-test:e2e-first-pod-allocates @kep-test:e2e-podgroup-deleted-claim-deallocated
    Scenario: On 1.36 the PodGroup claim lifecycle runs end to end on scheduling.k8s.io/v1alpha2
      KEP-5729 as shipped in 1.36 (kubernetes/kubernetes#136989, api@kubernetes-1.36.0
      scheduling/v1alpha2, alpha gate DRAWorkloadResourceClaims): the PodGroup's claim is owned
      through a v1alpha2 ownerReference, the first member allocates it and reserves it for
      the PodGroup, the second shares it, and deleting the PodGroup deallocates and collects it.
      When I apply the fixture "kep-5729/scheduling/template.yaml"
      And I apply:
        """
        apiVersion: scheduling.k8s.io/v1alpha2
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then the ResourceClaim owned by PodGroup "group" contains:
        """
        metadata:
          generateName: group-pg-claim-
          ownerReferences:
          - {apiVersion: scheduling.k8s.io/v1alpha2, kind: PodGroup, name: group, controller: true}
        """
      When I create 2 pods named "member-{i}" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then 2 pods named "member-{i}" are scheduled
      And the claim "pg-claim" of Pod "member-1" contains:
        """
        status:
          reservedFor:
          - {apiGroup: scheduling.k8s.io, resource: podgroups, name: group}
        """
      And the claims of Pods "member-0" and "member-1" share devices
      And there is 1 ResourceClaim object
      When I delete the 2 pods named "member-{i}"
      And I delete the PodGroup "group"
      Then there are 0 ResourceClaim objects
      And 0 devices of driver "dra.example.com" are allocated

    @req:5729-R08 @version:1.37 @gate:DRADeviceTaints @clause:5729-R08/taint-eviction
    Scenario: A NoExecute taint on the PodGroup's device evicts the PodGroup's pods
      KEP-5729 "Finding Pods Using a ResourceClaim": the claim's reservedFor names only the
      PodGroup, so "the device_taint_eviction controller will use the list of Pods referencing
      the PodGroup to determine the list of pods that needs to be evicted". drakit follows the
      KEP text (the 1.37 controller's PodGroup handling was not read). Eviction as in
      pkg/controller/devicetainteviction (KEP-5055, DRADeviceTaints GA in 1.37): a Normal event
      DeviceTaintManagerEviction "Marking for deletion", then the pod is deleted. A pod using
      another device stays.
      When I apply the fixture "kep-5729/scheduling/template.yaml"
      And I apply the fixture "kep-5729/scheduling/podgroup.yaml"
      And I create 2 pods named "member-{i}" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: bystander}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: own}]}
          resourceClaims:
          - {name: own, resourceClaimTemplateName: pg-claim-template}
        """
      Then 2 pods named "member-{i}" are scheduled
      And the Pod "bystander" is scheduled to "node-1"
      And the ResourceClaim owned by PodGroup "group" contains:
        """
        status:
          allocation:
            devices:
              results:
              - {driver: dra.example.com, pool: node-1, device: dev-0}
          reservedFor:
          - {apiGroup: scheduling.k8s.io, resource: podgroups, name: group}
        """
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-dra.example.com}
        spec:
          driver: dra.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: dev-0
            taints:
            - {key: example.com/unhealthy, value: "true", effect: NoExecute}
          - name: dev-1
          - name: dev-2
          - name: dev-3
        """
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "member-0" with the message "Marking for deletion"
      And there is a Normal event "DeviceTaintManagerEviction" for Pod "member-1" with the message "Marking for deletion"
      And the Pod "member-0" does not exist
      And the Pod "member-1" does not exist
      And the Pod "bystander" is scheduled to "node-1"
      And the Pod "bystander" has no "metadata.deletionTimestamp"

    @req:5729-R08 @version:1.37 @gate:DRADeviceTaints @clause:5729-R08/taint-eviction
    Scenario: A PodGroup member that is not scheduled yet is not evicted with the others
      pkg/controller/devicetainteviction/device_taint_eviction.go (newest stored revision, with
      the DRAWorkloadResourceClaims pod index): handlePods walks every pod of a PodGroup named
      in the claim's reservedFor, and podEvictionTime ends at once for a pod without
      spec.nodeName ("Not scheduled yet? No need to evict."). So of three members using the
      group's tainted device the two that run are evicted, the one held by a scheduling gate
      stays.
      When I apply the fixture "kep-5729/scheduling/template.yaml"
      And I apply the fixture "kep-5729/scheduling/podgroup.yaml"
      And I create 2 pods named "member-{i}" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: late}
        spec:
          schedulingGroup: {podGroupName: group}
          schedulingGates: [{name: example.com/hold}]
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then 2 pods named "member-{i}" are scheduled
      And the Pod "late" stays pending with reason "SchedulingGated" and a message starting with "Scheduling is blocked due to non-empty scheduling gates"
      And the claim "pg-claim" of Pod "late" contains:
        """
        status:
          reservedFor:
          - {apiGroup: scheduling.k8s.io, resource: podgroups, name: group}
        """
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-dra.example.com}
        spec:
          driver: dra.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: dev-0
            taints:
            - {key: example.com/unhealthy, value: "true", effect: NoExecute}
          - name: dev-1
          - name: dev-2
          - name: dev-3
        """
      Then the Pod "member-0" does not exist
      And the Pod "member-1" does not exist
      And the Pod "late" exists
      And the Pod "late" has no "metadata.deletionTimestamp"

    @req:5729-R08 @version:1.37 @gate:DRADeviceTaints @clause:5729-R08/taint-eviction
    Scenario: A PodGroup member that has failed is evicted with the others while the group keeps its claim
      pkg/controller/devicetainteviction/device_taint_eviction.go: neither podEvictionTime nor
      addConditionAndDeletePod looks at the pod's phase (only a deletionTimestamp stops the
      eviction: "Already deleted, no need to evict"). A member that failed keeps the group's
      claim reserved (reservedFor names the PodGroup, not the pod), so when the device gets a
      NoExecute taint it is marked (DisruptionTarget) and deleted like the member that runs.
      When I apply the fixture "kep-5729/scheduling/template.yaml"
      And I apply the fixture "kep-5729/scheduling/podgroup.yaml"
      And I create 2 pods named "member-{i}" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then 2 pods named "member-{i}" are scheduled
      When the Pod "member-1" status has:
        """
        phase: Failed
        """
      Then the claim "pg-claim" of Pod "member-1" contains:
        """
        status:
          reservedFor:
          - {apiGroup: scheduling.k8s.io, resource: podgroups, name: group}
        """
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-dra.example.com}
        spec:
          driver: dra.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: dev-0
            taints:
            - {key: example.com/unhealthy, value: "true", effect: NoExecute}
          - name: dev-1
          - name: dev-2
          - name: dev-3
        """
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "member-0" with the message "Marking for deletion"
      And there is a Normal event "DeviceTaintManagerEviction" for Pod "member-1" with the message "Marking for deletion"
      And the Pod "member-0" does not exist
      And the Pod "member-1" does not exist

    @req:5729-R12 @version:1.37 @clause:5729-R12/mixed-references @clause:5729-R12/reenabled
    Scenario: Skew: a scheduler without the gate adds the pod next to the PodGroup in reservedFor; the controller with it cleans both
      KEP-5729 "Version Skew Strategy": "If the API server is on a version that supports the
      feature, but the scheduler is not, the scheduler will not know about the new fields
      added, so it will put the reference to the Pod in the status.reservedFor list rather than
      the PodGroup. It will do this even if there is already a PodGroup reference"; "Upgrade /
      Downgrade Strategy": the mitigation is "making sure that the ResourceClaim controller
      removes Pod references even if there are PodGroup references in the list". Only the
      scheduler is restarted without DRAWorkloadResourceClaims; the API server and the
      controller manager keep it, so the controller removes the deleted pod's entry and, once
      the PodGroup is gone, its entry too, and the claim is deallocated.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: shared}
        spec:
          devices:
            requests:
            - name: my-device
              exactly: {deviceClassName: example}
        ---
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimName: shared}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: member-0}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimName: shared}
        """
      Then the Pod "member-0" is scheduled to "node-1"
      And the ResourceClaim "shared" has "status.reservedFor" containing [{apiGroup: scheduling.k8s.io, resource: podgroups, name: group}]
      When the scheduler restarts with the feature gate DRAWorkloadResourceClaims disabled
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: member-1}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimName: shared}
        """
      Then the Pod "member-1" is scheduled to "node-1"
      And the ResourceClaim "shared" has "status.reservedFor" containing [{apiGroup: scheduling.k8s.io, resource: podgroups, name: group}, {resource: pods, name: member-1}]
      When I delete the Pod "member-1"
      Then the ResourceClaim "shared" has "status.reservedFor" containing [{apiGroup: scheduling.k8s.io, resource: podgroups, name: group}]
      When I delete the Pod "member-0"
      And I delete the PodGroup "group"
      Then the ResourceClaim "shared" has no "status.reservedFor"
      And the ResourceClaim "shared" has no "status.allocation"
      And 0 devices of driver "dra.example.com" are allocated

    @req:5729-R12 @req:platform-VAP-R02 @version:1.37 @clause:5729-R12/mixed-references @clause:platform-VAP-R02/claim-controller-writes
    Scenario: A deleted PodGroup's claim is synced at once, although its last sync failed and waits for its backoff
      pkg/controller/resourceclaim controller.go enqueuePodGroup: a deleted PodGroup's claims
      are added to the work queue (Add), which does not wait for a key's rate limit; so the
      claim whose earlier sync a policy refused (the deleted member-1's entry could not be
      removed: the key waits out the work queue's backoff) is synced as soon as the PodGroup
      goes, once the policy is gone: both stale entries leave reservedFor at once, before any
      time passes. The mixed reservedFor comes from a scheduler without the gate, as above.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: shared}
        spec:
          devices:
            requests:
            - name: my-device
              exactly: {deviceClassName: example}
        ---
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimName: shared}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: member-0}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimName: shared}
        """
      Then the Pod "member-0" is scheduled to "node-1"
      When the scheduler restarts with the feature gate DRAWorkloadResourceClaims disabled
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: member-1}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimName: shared}
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: keep-reservations}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [UPDATE], resources: [resourceclaims/status]}
          validations:
          - expression: "has(object.status.reservedFor) && has(oldObject.status.reservedFor) && size(object.status.reservedFor) >= size(oldObject.status.reservedFor)"
            message: reservations stay
        """
      Then the Pod "member-1" is scheduled to "node-1"
      When I create:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: keep-reservations}
        spec:
          policyName: keep-reservations
          validationActions: [Deny]
        """
      And I delete the Pod "member-1"
      Then the ResourceClaim "shared" has "status.reservedFor" containing [{apiGroup: scheduling.k8s.io, resource: podgroups, name: group}, {resource: pods, name: member-1}]
      When I delete the ValidatingAdmissionPolicyBinding "keep-reservations"
      And I delete the PodGroup "group"
      Then the ResourceClaim "shared" has no "status.reservedFor"

    @req:5729-R12 @version:1.37 @clause:5729-R12/disabled-not-deallocated @clause:5729-R12/reenabled
    Scenario: Downgrade of the controller manager alone: the PodGroup's entry stays and the claim is not deallocated until it is re-enabled
      KEP-5729 "Upgrade / Downgrade Strategy": "The ResourceClaim controller will also have been
      downgraded, meaning that it will not remove references to PodGroups from the
      status.reservedFor list, thus leading to a situation where the claim will never be
      deallocated"; "Feature Enablement and Rollback": "If a DRA device is allocated to a
      ResourceClaim reserved for a PodGroup and the feature is disabled, the PodGroup will
      continue to be listed in the status.reservedFor of the ResourceClaim and will not be
      deallocated"; re-enabled, "other components once again operate as described". Only the
      controller manager runs without DRAWorkloadResourceClaims while the PodGroup goes away.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: shared}
        spec:
          devices:
            requests:
            - name: my-device
              exactly: {deviceClassName: example}
        ---
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimName: shared}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: member-0}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimName: shared}
        """
      Then the Pod "member-0" is scheduled to "node-1"
      When the controller manager restarts with the feature gate DRAWorkloadResourceClaims disabled
      And I delete the Pod "member-0"
      And I delete the PodGroup "group"
      Then the ResourceClaim "shared" has "status.reservedFor" containing [{apiGroup: scheduling.k8s.io, resource: podgroups, name: group}]
      And the ResourceClaim "shared" has "status.allocation.devices.results[0].device" equal to dev-0
      And 1 device of driver "dra.example.com" is allocated
      When the controller manager restarts with the feature gate DRAWorkloadResourceClaims enabled
      Then the ResourceClaim "shared" has no "status.reservedFor"
      And the ResourceClaim "shared" has no "status.allocation"
      And 0 devices of driver "dra.example.com" are allocated

    @req:5729-R12 @version:1.37 @clause:5729-R12/reenabled
    Scenario: A PodGroup created while the controller manager ran without the gate gets its claim once it runs with it again
      KEP-5729 "Feature Enablement and Rollback" ("What happens if we reenable the feature":
      other components once again operate as described): without DRAWorkloadResourceClaims the
      ResourceClaim controller has no PodGroup informer and makes no PodGroup claim; restarted
      with the gate it lists the PodGroups with everything else and makes the claim of a
      PodGroup that has none, with no member pod to prompt it.
      Given the controller manager runs with the feature gate DRAWorkloadResourceClaims disabled
      When I apply the fixture "kep-5729/scheduling/template.yaml"
      And I apply the fixture "kep-5729/scheduling/podgroup.yaml"
      Then there are 0 ResourceClaims owned by PodGroup "group"
      When the controller manager restarts with the feature gate DRAWorkloadResourceClaims enabled
      Then there is 1 ResourceClaim owned by PodGroup "group"
      And the PodGroup "group" records the ResourceClaim it owns for "pg-claim"

    @req:5729-R12 @req:5729-R09 @version:1.37 @component:kubelet @needs:node-access @clause:5729-R12/kubelet-skew @clause:5729-R12/reenabled @clause:5729-R09/podgroup-name-matches
    Scenario: Skew: everything has the gate but the kubelet, which refuses the scheduled pod until it restarts with it
      KEP-5729 "Version Skew Strategy": "If the kubelet is on a version that doesn't support the
      feature but the rest of the components are, Pods referencing a PodGroup will be
      scheduled, but the kubelet will refuse to run those Pods since it will still check
      whether the Pods are referenced in the status.reservedFor list"; "What happens if we
      reenable": "If the kubelet restarts with the feature enabled ... other components once
      again operate as described". The scheduler reserves the claim for the PodGroup; the
      kubelet of node-1 (without the gate) refuses with the DRA manager's error
      (IsReservedForPod without the gate, api-truth §9.7); restarted with it, it runs the pod.
      Given the kubelet on node "node-1" runs with the feature gate DRAWorkloadResourceClaims disabled
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: shared}
        spec:
          devices:
            requests:
            - name: my-device
              exactly: {deviceClassName: example}
        ---
        apiVersion: scheduling.k8s.io/v1alpha3
        kind: PodGroup
        metadata: {name: group}
        spec:
          schedulingPolicy: {basic: {}}
          resourceClaims:
          - {name: pg-claim, resourceClaimName: shared}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: member-0}
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimName: shared}
        """
      Then the Pod "member-0" is scheduled to "node-1"
      And the ResourceClaim "shared" has "status.reservedFor" containing [{apiGroup: scheduling.k8s.io, resource: podgroups, name: group}]
      And the kubelet recorded a Warning event "FailedPrepareDynamicResources" for the Pod "member-0" with message:
        """
        Failed to prepare dynamic resources: prepare dynamic resources: pod member-0 (${uid}) is not allowed to use ResourceClaim shared (${uid:ResourceClaim/shared})
        """
      And the Pod "member-0" has "status.phase" equal to Pending
      When the kubelet on node "node-1" restarts with the feature gate DRAWorkloadResourceClaims enabled
      Then the Pod "member-0" has "status.phase" equal to Running
      And the container "app" of the Pod "member-0" on node "node-1" gets the CDI device "dra.example.com/test=dev-0"

    @req:5729-R16 @version:1.37 @clause:5729-R16/failed-creation-event
    Scenario: A pod whose claim template does not exist yet gets a Warning event, then its claim once the template appears
      As shipped (pkg/controller/resourceclaim/controller.go handleClaim, controller_test.go
      "missing-template", kubernetes/kubernetes at 1.37): the pod's sync stops at the missing
      template with a Warning event FailedResourceClaimCreation "PodResourceClaim <name>:
      resource claim template "<t>": resourceclaimtemplate.resource.k8s.io "<t>" not found"
      and is retried; when the template appears the pod gets its claim and is scheduled. The
      event a PodGroup gets in the same case (above), for a plain pod.
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: solo}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: dev}]}}
          resourceClaims:
          - {name: dev, resourceClaimTemplateName: later}
        """
      Then there is a Warning event "FailedResourceClaimCreation" for Pod "solo" containing "PodResourceClaim dev: resource claim template "later": resourceclaimtemplate.resource.k8s.io "later" not found"
      And there are 0 ResourceClaim objects
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: later}
        spec:
          spec:
            devices:
              requests:
              - name: dev
                exactly: {deviceClassName: example}
        """
      Then the Pod "solo" is scheduled to "node-1"
      And there is 1 ResourceClaim owned by Pod "solo"

    @req:5729-R08 @version:1.37 @gate:DRADeviceTaints @clause:5729-R08/taint-eviction
    Scenario: A PodGroup claim that tolerates the NoExecute device taint keeps its pods
      The other side of the eviction above: pkg/controller/devicetainteviction (KEP-5055) evicts
      only for taints the claim's request does not tolerate (DeviceRequest tolerations with
      effect NoExecute; no tolerationSeconds: tolerated for ever). The PodGroup's pods stay
      and are not marked for deletion.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: pg-claim-template}
        spec:
          spec:
            devices:
              requests:
              - name: my-device
                exactly:
                  deviceClassName: example
                  tolerations:
                  - {key: example.com/unhealthy, operator: Exists, effect: NoExecute}
        """
      And I apply the fixture "kep-5729/scheduling/podgroup.yaml"
      And I create 2 pods named "member-{i}" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then 2 pods named "member-{i}" are scheduled
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-dra.example.com}
        spec:
          driver: dra.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: dev-0
            taints:
            - {key: example.com/unhealthy, value: "true", effect: NoExecute}
          - name: dev-1
          - name: dev-2
          - name: dev-3
        """
      Then 2 pods named "member-{i}" are scheduled
      And the Pod "member-0" has no "metadata.deletionTimestamp"
      And the Pod "member-1" has no "metadata.deletionTimestamp"

    @req:5729-R08 @version:1.37 @gate:DRADeviceTaints @clause:5729-R08/taint-eviction @needs:logical-clock
    Scenario: A PodGroup claim that tolerates the NoExecute device taint for 60 seconds keeps its pods only that long
      pkg/controller/devicetainteviction (KEP-5055) evicts a claim's pods once the taint's
      timeAdded plus the smallest matching tolerationSeconds has passed (claimEvictionTime);
      through the PodGroup (KEP-5729 "Finding Pods Using a ResourceClaim") both members go
      then, not before.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: pg-claim-template}
        spec:
          spec:
            devices:
              requests:
              - name: my-device
                exactly:
                  deviceClassName: example
                  tolerations:
                  - {key: example.com/unhealthy, operator: Exists, effect: NoExecute, tolerationSeconds: 60}
        """
      And I apply the fixture "kep-5729/scheduling/podgroup.yaml"
      And I create 2 pods named "member-{i}" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then 2 pods named "member-{i}" are scheduled
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-dra.example.com}
        spec:
          driver: dra.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: dev-0
            taints:
            - {key: example.com/unhealthy, value: "true", effect: NoExecute}
          - name: dev-1
          - name: dev-2
          - name: dev-3
        """
      And 59 seconds pass
      Then the Pod "member-0" has no "metadata.deletionTimestamp"
      And the Pod "member-1" has no "metadata.deletionTimestamp"
      When 2 seconds pass
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "member-0" with the message "Marking for deletion"
      And the Pod "member-0" does not exist
      And the Pod "member-1" does not exist

    @req:5729-R09 @version:1.37 @clause:5729-R09/podgroup-name-matches
    Scenario: PodGroup members that reach the group's claim through the template entry run
      KEP-5729 "Kubelet": a pod may use a claim reserved for its PodGroup. The members name
      the claim by the PodGroup's template entry, so the kubelet first checks that the claim
      it finds belongs to the pod or to its PodGroup (k/k pkg/kubelet/cm/dra manager.go
      prepareResources: resourceclaim.IsForPod with the pod's PodGroup, kubernetes at 1.37),
      then that the PodGroup is in reservedFor; both hold, and the members start.
      When I apply the fixture "kep-5729/scheduling/template.yaml"
      And I apply the fixture "kep-5729/scheduling/podgroup.yaml"
      And I create 2 pods named "member-{i}" from:
        """
        apiVersion: v1
        kind: Pod
        spec:
          schedulingGroup: {podGroupName: group}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: pg-claim}]}
          resourceClaims:
          - {name: pg-claim, resourceClaimTemplateName: pg-claim-template}
        """
      Then 2 pods named "member-{i}" are scheduled
      And the Pod "member-0" has "status.phase" equal to Running
      And the Pod "member-1" has "status.phase" equal to Running

    @req:5729-R16 @version:1.37 @clause:5729-R16/failed-creation-event
    Scenario: A PodGroup claim the API server refuses is reported on the PodGroup and made once the quota allows it
      As shipped (pkg/controller/resourceclaim/controller_test.go "create-conflict-podgroup",
      kubernetes/kubernetes at 1.37): a refused create of the PodGroup's claim is the error
      "create ResourceClaim : <API error>" (generateName, so no name before the colon), posted
      as a Warning event FailedResourceClaimCreation on the PodGroup (the prefix of the event
      message is drakit's); the sync fails and the PodGroup is retried with the workqueue's
      backoff. Here the ResourceQuota admission plugin refuses it (exceeded quota,
      count/resourceclaims.resource.k8s.io); once the quota allows one claim, the retry makes it.
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: no-claims}
        spec:
          hard:
            count/resourceclaims.resource.k8s.io: "0"
        """
      When I apply the fixture "kep-5729/scheduling/template.yaml"
      And I apply the fixture "kep-5729/scheduling/podgroup.yaml"
      Then there is a Warning event "FailedResourceClaimCreation" for PodGroup "group" containing "create ResourceClaim : resourceclaims.resource.k8s.io "group-pg-claim-"
      And there is a Warning event "FailedResourceClaimCreation" for PodGroup "group" containing "is forbidden: exceeded quota: no-claims, requested: count/resourceclaims.resource.k8s.io=1, used: count/resourceclaims.resource.k8s.io=0, limited: count/resourceclaims.resource.k8s.io=0"
      And there are 0 ResourceClaim objects
      When I patch the ResourceQuota "no-claims" with:
        """
        spec:
          hard:
            count/resourceclaims.resource.k8s.io: "1"
        """
      And 10 seconds pass
      Then there is 1 ResourceClaim owned by PodGroup "group"

  @component:kubelet @needs:node-access
  Rule: On the node (kubelet)
    KEP-5729 the kubelet runs pods on claims reserved for their PodGroup.
    A claim reserved for a PodGroup (reservedFor {apiGroup: scheduling.k8s.io, resource:
    podgroups}) may be used by every pod that names the PodGroup in spec.schedulingGroup
    (DRALIB resourceclaim.IsReservedForPod, api-truth §9.7). Otherwise the kubelet's DRA
    manager refuses: "pod <p> (<uid>) is not allowed to use ResourceClaim <c> (<uid>)", as a
    FailedPrepareDynamicResources event, and the pod stays Pending. Shipped form: pods opt in
    by repeating the PodGroup's claim entry (KEP text: podGroupResourceClaim, never shipped).
    The allocation the scheduler would write is written through the API.

    Background:
      Given the feature gate GenericWorkload is enabled
      And the feature gate DRAWorkloadResourceClaims is enabled
      And a node "n1" with cpu "8", memory "32Gi"

    @req:5729-R09 @req:5729-R03 @req:5729-R07 @gate:DRAWorkloadResourceClaims @version:1.37 @clause:5729-R09/podgroup-name-matches @clause:5729-R03/same-device
    Scenario: Pods of a PodGroup all run with the same device
      KEP-5729 "Kubelet": a pod runs if its PodGroup is in reservedFor; all pods of the group
      share the claim and its device.
      Given the objects:
        """
        apiVersion: scheduling.k8s.io/v1beta1
        kind: PodGroup
        metadata:
          name: ring
        spec:
          schedulingPolicy:
            basic: {}
          resourceClaims:
          - name: fabric
            resourceClaimName: ring-fabric
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: ring-fabric
        spec:
          devices:
            requests:
            - name: link
              exactly:
                deviceClassName: dra.example.com
        ---
        apiVersion: v1
        kind: Pod
        metadata:
          name: ring-0
        spec:
          nodeName: n1
          schedulingGroup:
            podGroupName: ring
          resourceClaims:
          - name: fabric
            resourceClaimName: ring-fabric
          containers:
          - name: worker
            image: registry.k8s.io/pause:3.10
            resources:
              claims: [{name: fabric}]
        ---
        apiVersion: v1
        kind: Pod
        metadata:
          name: ring-1
        spec:
          nodeName: n1
          schedulingGroup:
            podGroupName: ring
          resourceClaims:
          - name: fabric
            resourceClaimName: ring-fabric
          containers:
          - name: worker
            image: registry.k8s.io/pause:3.10
            resources:
              claims: [{name: fabric}]
        """
      And the ResourceClaim "ring-fabric" is allocated and reserved for the PodGroup "ring":
        | request | driver          | pool | device |
        | link    | dra.example.com | n1   | link-0 |
      Then the Pod "ring-0" has "status.phase" equal to Running
      And the Pod "ring-1" has "status.phase" equal to Running
      And the container "worker" of the Pod "ring-0" on node "n1" gets the CDI device "dra.example.com/test=link-0"
      And the container "worker" of the Pod "ring-1" on node "n1" gets the CDI device "dra.example.com/test=link-0"
      When a node agent calls PodResources List on node "n1"
      Then the PodResources answer contains:
        """
        podResources:
        - name: ring-0
          containers:
          - name: worker
            dynamicResources:
            - claimName: ring-fabric
              claimResources: [{driverName: dra.example.com, deviceName: link-0}]
        - name: ring-1
          containers:
          - name: worker
            dynamicResources:
            - claimName: ring-fabric
              claimResources: [{driverName: dra.example.com, deviceName: link-0}]
        """

    @req:5729-R09 @req:platform-CTRL-R02 @gate:DRAWorkloadResourceClaims @version:1.37 @clause:platform-CTRL-R02/reserves-for-bound-pod @needs:logical-clock
    Scenario: A pod of another PodGroup bound by hand gets a reservation of its own, not its PodGroup's
      KEP-5729 "Kubelet": IsReservedForPod compares the PodGroup name, so the reservation for
      "ring" does not let a pod of "intruders" run. The pod is on a node without the scheduler,
      so the ResourceClaim controller's syncPod reserves the claim for it (k/k
      pkg/controller/resourceclaim controller.go); BindTo finds no entry of "intruders" that
      matches the pod's, so the consumer is the pod itself, next to the PodGroup. The kubelet,
      which refused the pod before the reservation, runs it at its pod worker's next resync, 60 s
      later (a failed prepare is no failed sync).
      Given the objects:
        """
        apiVersion: scheduling.k8s.io/v1beta1
        kind: PodGroup
        metadata:
          name: ring
        spec:
          schedulingPolicy:
            basic: {}
        ---
        apiVersion: scheduling.k8s.io/v1beta1
        kind: PodGroup
        metadata:
          name: intruders
        spec:
          schedulingPolicy:
            basic: {}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: ring-fabric
        spec:
          devices:
            requests:
            - name: link
              exactly:
                deviceClassName: dra.example.com
        ---
        apiVersion: v1
        kind: Pod
        metadata:
          name: stranger
        spec:
          nodeName: n1
          schedulingGroup:
            podGroupName: intruders
          resourceClaims:
          - name: fabric
            resourceClaimName: ring-fabric
          containers:
          - name: worker
            image: registry.k8s.io/pause:3.10
            resources:
              claims: [{name: fabric}]
        """
      And the ResourceClaim "ring-fabric" is allocated and reserved for the PodGroup "ring":
        | request | driver          | pool | device |
        | link    | dra.example.com | n1   | link-0 |
      Then the ResourceClaim "ring-fabric" has "status.reservedFor" containing [{apiGroup: scheduling.k8s.io, resource: podgroups, name: ring}, {resource: pods, name: stranger}]
      When 60 seconds pass
      Then the Pod "stranger" has "status.phase" equal to Running

    @req:5729-R09 @req:platform-CTRL-R02 @gate:DRAWorkloadResourceClaims @version:1.37 @clause:platform-CTRL-R02/reserves-for-bound-pod @needs:logical-clock
    Scenario: A member bound by hand runs on its PodGroup's reservation; that claim gets no entry of its own
      With the gate on, resourceclaim.IsReservedForPod counts the reservation for the pod's
      PodGroup. The ResourceClaim controller's syncPod (k/k pkg/controller/resourceclaim
      controller.go) runs for "member" because its other claim, "scratch", is allocated and
      not reserved for it; it reserves "scratch" for the pod and leaves "ring-fabric" as it is.
      The kubelet runs the pod at its pod worker's next resync (it refused the pod before the
      claims were allocated).
      Given the objects:
        """
        apiVersion: scheduling.k8s.io/v1beta1
        kind: PodGroup
        metadata:
          name: ring
        spec:
          schedulingPolicy:
            basic: {}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: ring-fabric
        spec:
          devices:
            requests:
            - name: link
              exactly:
                deviceClassName: dra.example.com
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: scratch
        spec:
          devices:
            requests:
            - name: link
              exactly:
                deviceClassName: dra.example.com
        ---
        apiVersion: v1
        kind: Pod
        metadata:
          name: other
        spec:
          nodeName: n1
          resourceClaims:
          - name: scratch
            resourceClaimName: scratch
          containers:
          - name: worker
            image: registry.k8s.io/pause:3.10
            resources:
              claims: [{name: scratch}]
        ---
        apiVersion: v1
        kind: Pod
        metadata:
          name: member
        spec:
          nodeName: n1
          schedulingGroup:
            podGroupName: ring
          resourceClaims:
          - name: fabric
            resourceClaimName: ring-fabric
          - name: scratch
            resourceClaimName: scratch
          containers:
          - name: worker
            image: registry.k8s.io/pause:3.10
            resources:
              claims: [{name: fabric}, {name: scratch}]
        """
      And the ResourceClaim "ring-fabric" is allocated and reserved for the PodGroup "ring":
        | request | driver          | pool | device |
        | link    | dra.example.com | n1   | link-0 |
      And the ResourceClaim "scratch" is allocated and reserved for the Pod "other":
        | request | driver          | pool | device |
        | link    | dra.example.com | n1   | link-1 |
      Then the ResourceClaim "scratch" has "status.reservedFor[1].name" equal to member
      And the ResourceClaim "ring-fabric" has "status.reservedFor[0].name" equal to ring
      And the ResourceClaim "ring-fabric" has no "status.reservedFor[1]"
      When 60 seconds pass
      Then the Pod "member" has "status.phase" equal to Running

    @req:5729-R09 @version:1.37 @clause:5729-R09/others-refused @gate:DRAWorkloadResourceClaims
    Scenario: A claim named in a group pod's status that neither the pod nor its PodGroup owns is refused
      DRALIB resourceclaim.IsForPod with the gate on (acceptPodGroupOwner): a claim the pod's
      status names for a template must be controlled by the pod or by its PodGroup, else
      "ResourceClaim <ns>/<c> was not created for Pod <ns>/<p> (neither Pod nor PodGroup <pg>
      is the owner)" (api-truth §9.7); the kubelet's DRA manager checks it before the
      reservation (k/k pkg/kubelet/cm/dra/manager.go prepareResources), so the reservation
      for the PodGroup does not help. The template does not exist, so no controller writes a
      claim of its own into the pod's status.
      Given the objects:
        """
        apiVersion: scheduling.k8s.io/v1beta1
        kind: PodGroup
        metadata:
          name: ring
        spec:
          schedulingPolicy:
            basic: {}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: standalone
        spec:
          devices:
            requests:
            - name: link
              exactly:
                deviceClassName: dra.example.com
        ---
        apiVersion: v1
        kind: Pod
        metadata:
          name: ring-0
        spec:
          nodeName: n1
          schedulingGroup:
            podGroupName: ring
          resourceClaims:
          - name: fabric
            resourceClaimTemplateName: no-such-template
          containers:
          - name: worker
            image: registry.k8s.io/pause:3.10
            resources:
              claims: [{name: fabric}]
        """
      And the Pod "ring-0" status has:
        """
        resourceClaimStatuses:
        - {name: fabric, resourceClaimName: standalone}
        """
      And the ResourceClaim "standalone" is allocated and reserved for the PodGroup "ring":
        | request | driver          | pool | device |
        | link    | dra.example.com | n1   | link-0 |
      Then the kubelet recorded a Warning event "FailedPrepareDynamicResources" for the Pod "ring-0" with message:
        """
        Failed to prepare dynamic resources: prepare dynamic resources: ResourceClaim ${namespace}/standalone was not created for Pod ${namespace}/ring-0 (neither Pod nor PodGroup ring is the owner)
        """
      And the Pod "ring-0" has "status.phase" equal to Pending

  @component:kubelet @needs:node-access
  Rule: On the node (kubelet) with DRAWorkloadResourceClaims off
    The kubelet's side of KEP-5729's version skew, in a Rule of its own: the gate-on rule above
    enables the gate before its node starts, which a live cluster with the gate off could not
    run.

    Background:
      Given the feature gate GenericWorkload is enabled
      And a node "n1" with cpu "8", memory "32Gi"

    @req:5729-R12 @req:platform-CTRL-R02 @version:1.37 @clause:5729-R12/gate-off-pod-references @clause:platform-CTRL-R02/reserves-for-bound-pod @gate:DRAWorkloadResourceClaims @needs:logical-clock
    Scenario: With DRAWorkloadResourceClaims off a PodGroup reservation is not the pod's: the controller reserves the claim for the pod
      KEP-5729 "Version Skew": without the gate, components only know reservations for the pod
      itself (IsReservedForPod with the gate off), "so the result is that the status.reservedFor
      list will only have references to Pod resources". The pod is on the node already, so the
      ResourceClaim controller's syncPod reserves the claim for it as a Pod (BindTo without the
      gate) next to the PodGroup entry it leaves alone. The kubelet, which refused the pod
      before that reservation, runs it at its pod worker's next resync, 60 s later.
      Given the feature gate DRAWorkloadResourceClaims is disabled
      And the objects:
        """
        apiVersion: scheduling.k8s.io/v1beta1
        kind: PodGroup
        metadata:
          name: ring
        spec:
          schedulingPolicy:
            basic: {}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: ring-fabric
        spec:
          devices:
            requests:
            - name: link
              exactly:
                deviceClassName: dra.example.com
        ---
        apiVersion: v1
        kind: Pod
        metadata:
          name: ring-0
        spec:
          nodeName: n1
          schedulingGroup:
            podGroupName: ring
          resourceClaims:
          - name: fabric
            resourceClaimName: ring-fabric
          containers:
          - name: worker
            image: registry.k8s.io/pause:3.10
            resources:
              claims: [{name: fabric}]
        """
      And the ResourceClaim "ring-fabric" is allocated and reserved for the PodGroup "ring":
        | request | driver          | pool | device |
        | link    | dra.example.com | n1   | link-0 |
      Then the ResourceClaim "ring-fabric" has "status.reservedFor" containing [{apiGroup: scheduling.k8s.io, resource: podgroups, name: ring}, {resource: pods, name: ring-0}]
      When 60 seconds pass
      Then the Pod "ring-0" has "status.phase" equal to Running
