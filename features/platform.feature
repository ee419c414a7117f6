@platform
Feature: Platform behaviour every DRA comparison relies on
  Not DRA-specific, but every verdict depends on it: objects are stored as kube-apiserver's
  registry stores them (k/k pkg/registry/<group>/<kind>/strategy.go and the generic store in
  k8s.io/apiserver pkg/registry/generic/registry + pkg/registry/rest, releases 1.34-1.37), and
  namespaces terminate as kube-controller-manager's namespace controller makes them
  (k/k pkg/controller/namespace/deletion, same releases).
  Decoding and serialisation follow the JSON decoder of k8s.io/apimachinery (sigs.k8s.io/json:
  case-sensitive, strict with the fieldValidation=Strict that kubectl sends and both backends
  send), the error texts of k8s.io/apiserver's endpoint handlers (transformDecodeError in
  pkg/endpoints/handlers/rest.go) and Go's encoding/json serialisation of k8s.io/api types.

  @component:apiserver
  Rule: Registry strategies
    What each kind's strategy resets, keeps and counts: the status a create resets, the status
    a spec write keeps, the spec (and metadata) a status write keeps, metadata.generation
    (set only by the strategies of kinds that track it) and the defaults.

    @req:platform-REG-R01 @clause:platform-REG-R01/tracking-kinds-set @clause:platform-REG-R01/generic-store-none
    Scenario: Only the kinds whose strategy tracks it get metadata.generation on create
      The generic store never sets metadata.generation; Pod (pod/strategy.go PrepareForCreate
      "pod.Generation = 1", since KEP-5067), DeviceClass, ResourceSlice and Deployment set 1;
      Namespace, ResourceClaim, ResourceClaimTemplate and ResourceQuota have none.
      Given a cluster
      When I create:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: team}
        ---
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: gpu-template}
        spec:
          spec:
            devices:
              requests:
              - name: gpu
                exactly: {deviceClassName: gpu.example.com}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        ---
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: quota}
        spec:
          hard: {pods: "10"}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: gated}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        ---
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 0
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then the request succeeds
      And the Pod "gated" has "metadata.generation" equal to 1
      And the DeviceClass "gpu.example.com" has "metadata.generation" equal to 1
      And the Deployment "web" has "metadata.generation" equal to 1
      And the Namespace "team" has no "metadata.generation"
      And the ResourceClaim "gpu-claim" has no "metadata.generation"
      And the ResourceClaimTemplate "gpu-template" has no "metadata.generation"
      And the ResourceQuota "quota" has no "metadata.generation"

    @req:platform-REG-R01 @clause:platform-REG-R01/client-generation-on-create
    Scenario Outline: A client's metadata.generation on create is kept unless the kind's strategy sets it (<kind>)
      The create handler wipes only uid, creationTimestamp, deletionTimestamp,
      deletionGracePeriodSeconds and selfLink (k8s.io/apiserver pkg/registry/rest
      WipeObjectMetaSystemFields), BeforeCreate then runs the strategy's PrepareForCreate and
      ValidateObjectMeta: a kind whose strategy sets "Generation = 1" replaces the client's
      value (a negative one too), another stores it as sent, and a negative one there is
      "must be greater than or equal to 0".
      Given a cluster
      When I create:
        """
        <manifest>
        """
      Then the request succeeds
      And the <kind> "<name>" has "metadata.generation" equal to <stored>
      When I create:
        """
        <negative>
        """
      Then the outcome is "<negative outcome>"

      Examples:
        | kind          | name   | manifest | stored | negative | negative outcome |
        | Namespace     | team   | {apiVersion: v1, kind: Namespace, metadata: {name: team, generation: 7}} | 7 | {apiVersion: v1, kind: Namespace, metadata: {name: team-b, generation: -1}} | metadata.generation: Invalid value: -1: must be greater than or equal to 0 |
        | ResourceClaim | gpu    | {apiVersion: resource.k8s.io/v1, kind: ResourceClaim, metadata: {name: gpu, generation: 7}, spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}} | 7 | {apiVersion: resource.k8s.io/v1, kind: ResourceClaim, metadata: {name: gpu-b, generation: -1}, spec: {devices: {requests: [{name: gpu, exactly: {deviceClassName: gpu.example.com}}]}}} | metadata.generation: Invalid value: -1: must be greater than or equal to 0 |
        | DeviceClass   | gpu.example.com | {apiVersion: resource.k8s.io/v1, kind: DeviceClass, metadata: {name: gpu.example.com, generation: 7}, spec: {}} | 1 | {apiVersion: resource.k8s.io/v1, kind: DeviceClass, metadata: {name: gpu-b.example.com, generation: -1}, spec: {}} | accepted |
        | Pod           | web    | {apiVersion: v1, kind: Pod, metadata: {name: web, generation: 7}, spec: {containers: [{name: app, image: registry.k8s.io/pause:3.10}]}} | 1 | {apiVersion: v1, kind: Pod, metadata: {name: web-b, generation: -1}, spec: {containers: [{name: app, image: registry.k8s.io/pause:3.10}]}} | accepted |

    @req:platform-REG-R01 @clause:platform-REG-R01/spec-change-bumps
    Scenario: A spec change bumps the generation of the kinds that track it, a metadata change does not
      pod/strategy.go updatePodGeneration (spec changed), deployment/strategy.go PrepareForUpdate
      (spec or annotations changed: "annotations are copied from deployments to their replica
      sets"), deviceclass/strategy.go (spec changed); a label change bumps none of them, also
      not on a Deployment whose (unchanged) annotations are not empty: the new annotations are
      compared with the old ones, not with none.
      Given the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: gated}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        ---
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: web
          annotations: {example.com/owner: team-a}
        spec:
          replicas: 0
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        ---
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec: {}
        """
      When I set "metadata.labels.tier" of the Pod "gated" to gold
      And I set "metadata.labels.tier" of the Deployment "web" to gold
      And I set "metadata.labels.tier" of the DeviceClass "gpu.example.com" to gold
      Then the Pod "gated" has "metadata.generation" equal to 1
      And the Deployment "web" has "metadata.generation" equal to 1
      And the DeviceClass "gpu.example.com" has "metadata.generation" equal to 1
      When I set "spec.containers[0].image" of the Pod "gated" to registry.k8s.io/pause:3.9
      And I set "metadata.annotations.note" of the Deployment "web" to rollout
      And I set "spec.config" of the DeviceClass "gpu.example.com" to [{opaque: {driver: gpu.example.com, parameters: {mode: shared}}}]
      Then the Pod "gated" has "metadata.generation" equal to 2
      And the Deployment "web" has "metadata.generation" equal to 2
      And the DeviceClass "gpu.example.com" has "metadata.generation" equal to 2

    @req:platform-REG-R02 @clause:platform-REG-R02/status-write-keeps-spec @clause:platform-REG-R02/status-write-keeps-metadata
    Scenario: A status write keeps the spec; pods/status may change labels, resourceclaims/status may not
      pod/strategy.go podStatusStrategy keeps Spec and OwnerReferences only;
      resourceclaim/strategy.go resourceclaimStatusStrategy keeps Spec and calls
      metav1.ResetObjectMetaForStatus (labels, annotations, finalizers, ownerReferences kept).
      Given the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: gated}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        """
      When I patch the Pod "gated" status with:
        """
        metadata:
          labels: {written-by: status}
        spec:
          activeDeadlineSeconds: 30
        status:
          message: written through the status subresource
        """
      Then the request succeeds
      And the Pod "gated" has "metadata.labels.written-by" equal to status
      And the Pod "gated" has no "spec.activeDeadlineSeconds"
      And the Pod "gated" has "status.message" equal to written through the status subresource
      When I patch the ResourceClaim "gpu-claim" status with:
        """
        metadata:
          labels: {written-by: status}
        spec:
          devices:
            requests:
            - name: other
              exactly: {deviceClassName: gpu.example.com}
        """
      Then the request succeeds
      And the ResourceClaim "gpu-claim" has no "metadata.labels.written-by"
      And the ResourceClaim "gpu-claim" has "spec.devices.requests[0].name" equal to gpu

    @req:platform-REG-R02 @clause:platform-REG-R02/status-write-keeps-spec
    Scenario: A claim whose status a client wrote away is allocated and reserved as any other
      A status write that leaves the status out (here a merge patch with status: null) keeps
      the spec; the claim then has an empty status (Go's API server serves "status": {}), and
      kube-scheduler's PreBind writes its allocation and reservation into it as usual.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        """
      When I patch the ResourceClaim "gpu" status with:
        """
        status: null
        """
      Then the request succeeds
      And the ResourceClaim "gpu" has "spec.devices.requests[0].name" equal to gpu
      And the ResourceClaim "gpu" has "status" equal to {}
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "trainer" is scheduled to "node-1"
      And the ResourceClaim "gpu" has "status.allocation.devices.results[0].device" equal to gpu-0
      And the ResourceClaim "gpu" has "status.reservedFor" containing [{resource: pods, name: trainer}]

    @req:platform-REG-R02 @clause:platform-REG-R02/status-write-keeps-spec @clause:platform-REG-R02/status-write-keeps-metadata
    Scenario: A Deployment status write keeps the spec and the labels
      deployment/strategy.go deploymentStatusStrategy.PrepareForUpdate keeps Spec and Labels
      (its reset fields: spec and metadata.labels); an annotation sent with it is stored.
      Given the objects:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: web
          labels: {tier: front}
        spec:
          replicas: 0
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      When I patch the Deployment "web" status with:
        """
        metadata:
          labels: {tier: back}
          annotations: {written-by: status}
        spec:
          replicas: 3
        """
      Then the request succeeds
      And the Deployment "web" has "metadata.labels.tier" equal to front
      And the Deployment "web" has "metadata.annotations.written-by" equal to status
      And the Deployment "web" has "spec.replicas" equal to 0

    @req:platform-REG-R02 @clause:platform-REG-R02/status-write-keeps-spec
    Scenario Outline: A status write keeps the spec (<kind>)
      Each kind's status strategy resets the spec to the stored one in PrepareForUpdate
      (resourcequota/strategy.go, node/strategy.go nodeStatusStrategy, replicaset/strategy.go,
      namespace/strategy.go namespaceStatusStrategy), so a spec sent with a status write is
      dropped and the write itself succeeds.
      Given the objects:
        """
        <manifest>
        """
      When I patch the <kind> "<name>" status with:
        """
        spec: <patch>
        """
      Then the request succeeds
      And the <kind> "<name>" has "<path>" equal to <value>

      Examples:
        | kind          | name    | manifest | patch | path | value |
        | ResourceQuota | q       | {apiVersion: v1, kind: ResourceQuota, metadata: {name: q}, spec: {hard: {pods: "2"}}} | {hard: {pods: "5"}} | spec.hard.pods | "2" |
        | Node          | node-9  | {apiVersion: v1, kind: Node, metadata: {name: node-9}, spec: {taints: [{key: example.com/a, effect: NoSchedule}]}} | {taints: []} | spec.taints | [{key: example.com/a, effect: NoSchedule}] |
        | ReplicaSet    | web     | {apiVersion: apps/v1, kind: ReplicaSet, metadata: {name: web}, spec: {replicas: 0, selector: {matchLabels: {app: web}}, template: {metadata: {labels: {app: web}}, spec: {containers: [{name: app, image: registry.k8s.io/pause:3.10}]}}}} | {replicas: 3} | spec.replicas | 0 |
        | Namespace     | team-z  | {apiVersion: v1, kind: Namespace, metadata: {name: team-z}} | {finalizers: []} | spec.finalizers | [kubernetes] |

    @req:platform-REG-R02 @clause:platform-REG-R02/qos-kept
    Scenario: A pod status write without a qosClass keeps the one the API server computed
      pod/strategy.go podStatusStrategy.PrepareForUpdate: "if newPod.Status.QOSClass == "" {
      newPod.Status.QOSClass = oldPod.Status.QOSClass }" before validation, so the write
      succeeds and qosClass stays BestEffort.
      Given the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: gated}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      When I set "status.qosClass" of the Pod "gated" to ""
      Then the request succeeds
      And the Pod "gated" has "status.qosClass" equal to BestEffort

    @req:platform-REG-R01 @clause:platform-REG-R01/first-deletion-bumps @clause:platform-REG-R01/generic-store-none
    Scenario: Deleting an object with a finalizer marks it deleting and bumps a generation it has
      k8s.io/apiserver generic store markAsDeleting (deletionGracePeriodSeconds 0, generation + 1
      when set) and rest.BeforeDelete (an unscheduled pod has grace period 0); a kind without
      generation gets none.
      Given the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: gated, finalizers: [example.com/hold]}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim, finalizers: [example.com/hold]}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        """
      When I delete the Pod "gated"
      And I delete the ResourceClaim "gpu-claim"
      Then the Pod "gated" exists
      And the Pod "gated" has "metadata.deletionGracePeriodSeconds" equal to 0
      And the Pod "gated" has "metadata.generation" equal to 2
      And the ResourceClaim "gpu-claim" has "metadata.deletionGracePeriodSeconds" equal to 0
      And the ResourceClaim "gpu-claim" has no "metadata.generation"

    @req:platform-REG-R03 @clause:platform-REG-R03/pod-defaults @clause:platform-REG-R03/deployment-defaults
    Scenario: A Deployment is stored with the apps/v1 and pod template defaults
      k/k pkg/apis/apps/v1/defaults.go SetDefaults_Deployment (RollingUpdate 25%/25%,
      revisionHistoryLimit 10, progressDeadlineSeconds 600) and pkg/apis/core/v1/defaults.go
      SetDefaults_PodSpec / SetDefaults_Container for the template.
      Given a cluster
      When I create:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 0
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then the request succeeds
      And the Deployment "web" contains:
        """
        spec:
          replicas: 0
          revisionHistoryLimit: 10
          progressDeadlineSeconds: 600
          strategy:
            type: RollingUpdate
            rollingUpdate: {maxUnavailable: 25%, maxSurge: 25%}
          template:
            spec:
              restartPolicy: Always
              dnsPolicy: ClusterFirst
              schedulerName: default-scheduler
              terminationGracePeriodSeconds: 30
              securityContext: {}
              containers:
              - name: app
                image: registry.k8s.io/pause:3.10
                imagePullPolicy: IfNotPresent
                terminationMessagePath: /dev/termination-log
                terminationMessagePolicy: File
        """

    @req:platform-REG-R03 @clause:platform-REG-R03/deployment-defaults
    Scenario Outline: A <kind> without replicas is stored with one and runs one pod
      k/k pkg/apis/apps/v1/defaults.go SetDefaults_Deployment and SetDefaults_ReplicaSet:
      "if obj.Spec.Replicas == nil { obj.Spec.Replicas = new(int32); *obj.Spec.Replicas = 1 }"
      (releases 1.34-1.37); the controller then makes exactly one pod.
      Given a node "n1" with cpu "8", memory "32Gi"
      When I create:
        """
        apiVersion: apps/v1
        kind: <kind>
        metadata: {name: web}
        spec:
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then the request succeeds
      And the <kind> "web" has "spec.replicas" equal to 1
      And there is 1 Pod object labelled "app=web"

      Examples:
        | kind       |
        | ReplicaSet |
        | Deployment |

    @req:platform-REG-R02 @clause:platform-REG-R02/create-resets-status @clause:platform-REG-R02/spec-write-keeps-status
    Scenario: A create resets the status the client sent; a write to the object keeps the status it has
      k/k pkg/registry/core/pod/strategy.go PrepareForCreate ("pod.Status = api.PodStatus{Phase:
      api.PodPending, QOSClass: ...}") and PrepareForUpdate ("newPod.Status = oldPod.Status");
      pkg/registry/core/namespace/strategy.go PrepareForCreate ("namespace.Status =
      api.NamespaceStatus{Phase: api.NamespaceActive}"), releases 1.34-1.37.
      Given a cluster
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: gated}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        status:
          phase: Running
          message: set by the client
          hostIP: 10.0.0.9
        ---
        apiVersion: v1
        kind: Namespace
        metadata: {name: team}
        status:
          phase: Terminating
        """
      Then the request succeeds
      And the Pod "gated" has "status.phase" equal to Pending
      And the Pod "gated" has "status.qosClass" equal to BestEffort
      And the Pod "gated" has no "status.message"
      And the Pod "gated" has no "status.hostIP"
      And the Namespace "team" has "status.phase" equal to Active
      When I patch the Pod "gated" status with:
        """
        status:
          message: written through the status subresource
        """
      Then the request succeeds
      When I patch the Pod "gated" with:
        """
        metadata:
          labels: {tier: gold}
        status:
          message: written with the object
        """
      Then the request succeeds
      And the Pod "gated" has "metadata.labels.tier" equal to gold
      And the Pod "gated" has "status.message" equal to written through the status subresource

    @req:platform-REG-R02 @clause:platform-REG-R02/create-resets-status
    Scenario: A Deployment created with a status the client sent starts with an empty status
      k/k pkg/registry/apps/deployment/strategy.go PrepareForCreate ("deployment.Status =
      apps.DeploymentStatus{}"), the same for ReplicaSets: the create's answer carries an empty
      status (a Go struct, written as {}); only the controller's status write fills it.
      Given a cluster
      When I create:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: idle}
        spec:
          replicas: 0
          selector: {matchLabels: {app: idle}}
          template:
            metadata: {labels: {app: idle}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        status:
          replicas: 7
          readyReplicas: 7
        """
      Then the request succeeds
      And the stored object has "status" equal to {}
      And the Deployment "idle" has no "status.readyReplicas"

    @req:platform-REG-R03 @clause:platform-REG-R03/deployment-defaults
    Scenario: A Recreate Deployment gets no rolling update defaults
      k/k pkg/apis/apps/v1/defaults.go SetDefaults_Deployment fills rollingUpdate (25%/25%)
      only for the RollingUpdate strategy type; a Recreate Deployment keeps none.
      Given a cluster
      When I create:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 0
          strategy: {type: Recreate}
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then the request succeeds
      And the Deployment "web" has "spec.strategy" equal to {type: Recreate}

    @req:platform-REG-R03 @clause:platform-REG-R03/pod-defaults
    Scenario Outline: A container's imagePullPolicy defaults from the image's tag: <image>
      k/k pkg/apis/core/v1/defaults.go SetDefaults_Container: the tag from
      parsers.ParseImageName, "latest" when none is given, gives Always, any other tag
      IfNotPresent. A registry port is not a tag; a digest alone makes it IfNotPresent, a tag
      with a digest keeps the tag. A reference distribution/reference's ParseNormalizedNamed
      refuses (upper case in the repository, an empty tag, a 64-hex identifier, a digest of
      the wrong length, a name over 255 characters once normalised: "a/b.c/..." counts as
      "docker.io/a/b.c/...", the domain being Docker Hub's as the first part has no dot, while
      "localhost/..." keeps localhost as its domain) gives the empty tag, so IfNotPresent: the error is ignored there and validation only asks for
      an image without surrounding whitespace.
      Given a cluster
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers: [{name: app, image: "<image>"}]
        """
      Then the Pod "p" has "spec.containers[0].imagePullPolicy" equal to <policy>

      Examples:
        | image                                  | policy       |
        | registry.k8s.io/pause:3.10             | IfNotPresent |
        | registry.k8s.io/pause                  | Always       |
        | registry.k8s.io/pause:latest           | Always       |
        | localhost:5000/pause                   | Always       |
        | localhost:5000/pause:3.10              | IfNotPresent |
        | registry.k8s.io/pause@sha256:7031c1b283388d2c2e09b57badb803c05ebed362dc88d84b480cc47f72a21097 | IfNotPresent |
        | registry.k8s.io/pause:latest@sha256:7031c1b283388d2c2e09b57badb803c05ebed362dc88d84b480cc47f72a21097 | Always |
        | registry.k8s.io/pause@sha256:7031c1b2 | IfNotPresent |
        | MyImage                                | IfNotPresent |
        | Pause:latest                           | IfNotPresent |
        | pause:V1                               | IfNotPresent |
        | img::latest                            | IfNotPresent |
        | 7031c1b283388d2c2e09b57badb803c05ebed362dc88d84b480cc47f72a21097 | IfNotPresent |
        | [::1]:5000/pause                       | Always       |
        | localhost/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx | Always |
        | a/b.c/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx | Always |
        | a/b.c/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx | IfNotPresent |

    @req:platform-REG-R03 @clause:platform-REG-R03/pod-defaults
    Scenario: An init container gets the container defaults too
      k/k pkg/apis/core/v1 SetDefaults_Container is generated for every container of the pod,
      init and ephemeral ones included (zz_generated.defaults.go SetObjectDefaults_Pod loops
      over Containers, InitContainers and EphemeralContainers): the pull policy from the image
      tag, the termination message path and policy, and the port protocol.
      Given a cluster
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          initContainers:
          - name: setup
            image: registry.k8s.io/busybox
            ports: [{containerPort: 8080}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "p" has "spec.initContainers[0].imagePullPolicy" equal to Always
      And the Pod "p" has "spec.initContainers[0].terminationMessagePath" equal to /dev/termination-log
      And the Pod "p" has "spec.initContainers[0].terminationMessagePolicy" equal to File
      And the Pod "p" has "spec.initContainers[0].ports" equal to [{containerPort: 8080, protocol: TCP}]

    @req:platform-REG-R03 @clause:platform-REG-R03/pod-defaults
    Scenario: A container port's protocol defaults to TCP
      k/k pkg/apis/core/v1/defaults.go SetDefaults_ContainerPort: an empty protocol becomes
      TCP; a protocol given stays.
      Given a cluster
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            ports: [{containerPort: 80}, {containerPort: 53, protocol: UDP}]
        """
      Then the Pod "p" has "spec.containers[0].ports" equal to [{containerPort: 80, protocol: TCP}, {containerPort: 53, protocol: UDP}]

    # until 1.36: 1.37's PodLevelResourcesFixDefaulting (kubernetes/kubernetes#140514) moved these defaults into the pod strategy and added pod-level limit defaults
    @req:platform-REG-R03 @clause:platform-REG-R03/pod-level-defaults @until:1.36
    Scenario Outline: Pod-level requests left out default from the containers, then from the pod-level limits (<case>)
      k/k pkg/apis/core/v1/defaults.go SetDefaults_Pod (PodLevelResources, 1.34-1.36): container
      limits become container requests; defaultHugePagePodLimits gives the pod level the
      containers' hugepage limits it neither limits nor requests; with pod-level limits
      defaultPodRequests fills a missing cpu or memory request with the containers' aggregate
      requests (AggregateContainerRequests, only resources that may be overcommitted) and
      anything still missing with the pod-level limit.
      Given a cluster
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          resources: <pod>
          containers:
          - name: a
            image: registry.k8s.io/pause:3.10
            resources: <a>
          - name: b
            image: registry.k8s.io/pause:3.10
            resources: <b>
        """
      Then the request succeeds
      And the Pod "p" has "spec.resources" equal to <stored>

      Examples:
        | case | pod | a | b | stored |
        | aggregate requests | {limits: {cpu: "2", memory: 1Gi}} | {requests: {cpu: 250m}} | {requests: {cpu: 250m}} | {limits: {cpu: "2", memory: 1Gi}, requests: {cpu: 500m, memory: 1Gi}} |
        | container limits | {limits: {memory: 2Gi}} | {limits: {memory: 512Mi}} | {requests: {memory: 256Mi}} | {limits: {memory: 2Gi}, requests: {memory: 768Mi}} |
        | hugepages | {requests: {cpu: 500m}} | {requests: {cpu: 100m}, limits: {hugepages-2Mi: 2Mi}} | {requests: {cpu: 100m}, limits: {hugepages-2Mi: 2Mi}} | {limits: {hugepages-2Mi: 4Mi}, requests: {cpu: 500m, hugepages-2Mi: 4Mi}} |
        | hugepages under pod-level limits | {limits: {cpu: "1"}} | {limits: {memory: 64Mi, hugepages-2Mi: 2Mi}} | {limits: {memory: 64Mi, hugepages-2Mi: 2Mi}} | {limits: {cpu: "1", hugepages-2Mi: 4Mi}, requests: {cpu: "1", hugepages-2Mi: 4Mi, memory: 128Mi}} |

    @req:platform-REG-R03 @clause:platform-REG-R03/pod-level-defaults @clause:platform-REG-R03/deployment-defaults
    Scenario: A Deployment's pod template keeps its container limits apart from the requests
      k/k pkg/apis/core/v1/defaults.go SetDefaults_Pod copies limits into requests "on a v1.Pod
      and not a v1.PodTemplate" (releases 1.34-1.37); the pod the ReplicaSet controller makes
      from the template gets them.
      Given a cluster
      When I create:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 0
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers:
              - name: app
                image: registry.k8s.io/pause:3.10
                resources: {limits: {cpu: 500m}}
        """
      Then the request succeeds
      And the Deployment "web" has "spec.template.spec.containers[0].resources" equal to {limits: {cpu: 500m}}

  @component:controller
  Rule: Namespace lifecycle
    Deleting a namespace only marks it (deletionTimestamp, phase Terminating); the namespace
    controller deletes its content through the API, reports progress in five status
    conditions and finally removes its "kubernetes" finalizer through namespaces/<name>/finalize
    (k/k pkg/registry/core/namespace/storage/storage.go Delete, pkg/controller/namespace/
    deletion/namespaced_resources_deleter.go and status_condition_utils.go).

    @req:platform-NS-R01 @clause:platform-NS-R01/terminating @clause:platform-NS-R01/creates-forbidden @clause:platform-NS-R01/deletion-conditions
    Scenario: A namespace with content held by a finalizer stays Terminating, refuses new content and says why
      The NamespaceLifecycle admission plugin refuses creates in a Terminating namespace with
      a NamespaceTerminating cause (plugin/pkg/admission/namespace/lifecycle/admission.go); the
      conditions carry upstream's reasons and messages, ok variants False; a finalizer on
      objects of two kinds is counted over both (finalizersToNumRemaining).
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: team}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: held, namespace: team, finalizers: [example.com/hold]}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: held-template, namespace: team, finalizers: [example.com/hold]}
        spec:
          spec:
            devices:
              requests:
              - name: gpu
                exactly: {deviceClassName: gpu.example.com}
        """
      When I delete the Namespace "team"
      Then the Namespace "team" comes to contain:
        """
        spec:
          finalizers: [kubernetes]
        status:
          phase: Terminating
          conditions:
          - type: NamespaceDeletionDiscoveryFailure
            status: "False"
            reason: ResourcesDiscovered
            message: All resources successfully discovered
          - type: NamespaceDeletionGroupVersionParsingFailure
            status: "False"
            reason: ParsedGroupVersions
            message: All legacy kube types successfully parsed
          - type: NamespaceDeletionContentFailure
            status: "False"
            reason: ContentDeleted
            message: All content successfully deleted, may be waiting on finalization
          - type: NamespaceContentRemaining
            status: "True"
            reason: SomeResourcesRemain
            message: "Some resources are remaining: resourceclaims.resource.k8s.io has 1 resource instances, resourceclaimtemplates.resource.k8s.io has 1 resource instances"
          - type: NamespaceFinalizersRemaining
            status: "True"
            reason: SomeFinalizersRemain
            message: "Some content in the namespace has finalizers remaining: example.com/hold in 2 resource instances"
        """
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: another, namespace: team}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        """
      Then the request is rejected as Forbidden (403)
      And the error message is "resourceclaims.resource.k8s.io "another" is forbidden: unable to create new content in namespace team because it is being terminated"
      And the request is rejected with exactly these causes:
        | field              | reason               | message                          |
        | metadata.namespace | NamespaceTerminating | namespace team is being terminated |
      When I work in the namespace "team"
      And I patch the ResourceClaim "held" with:
        """
        metadata:
          finalizers: null
        """
      And I patch the ResourceClaimTemplate "held-template" with:
        """
        metadata:
          finalizers: null
        """
      Then the Namespace "team" is gone

    @req:platform-NS-R02 @needs:pod-termination @clause:platform-NS-R02/content-through-api @clause:platform-NS-R02/devices-free
    Scenario: Devices are free again after the namespace that used them is deleted
      Issue 14 §2: applying DRA examples one after another, each in its own namespace deleted
      in between. The namespace controller deletes the pod (gracefully, the kubelet
      confirms) and the claim; the resourceclaim controller deallocates it and removes its
      finalizer; the next namespace's pod gets the same single device.
      Given a node "node-1"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        """
      And the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: first}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: gpu, namespace: first}
        spec:
          spec:
            devices:
              requests:
              - name: gpu
                exactly: {deviceClassName: gpu.example.com}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: app, namespace: first}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: gpu}]}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: gpu}
        """
      When I work in the namespace "first"
      Then the Pod "app" is scheduled to "node-1"
      And 1 device of driver "gpu.example.com" is allocated
      When I work in the scenario namespace
      And I delete the Namespace "first"
      Then the Namespace "first" is gone
      When I apply:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: second}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: gpu, namespace: second}
        spec:
          spec:
            devices:
              requests:
              - name: gpu
                exactly: {deviceClassName: gpu.example.com}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: app, namespace: second}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: gpu}]}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: gpu}
        """
      And I work in the namespace "second"
      Then the Pod "app" is scheduled to "node-1"
      And 1 device of driver "gpu.example.com" is allocated

    @req:platform-NS-R01 @clause:platform-NS-R01/deletion-conditions @needs:logical-clock
    Scenario: A pod still there after its grace period is content the namespace failed to delete
      deletion/namespaced_resources_deleter.go: while the namespace's deletion is younger than
      the largest terminationGracePeriodSeconds of its pods (estimateGracefulTerminationForPods)
      a remaining pod is expected; once that time has passed, a pod that is still there and has
      no finalizer to explain it is an error, "unexpected items still remain in namespace: <ns>
      for gvr: /v1, Resource=pods" (deleteAllContentForGroupVersionResource), which
      status_condition_utils.go makeDeleteContentCondition reports in
      NamespaceDeletionContentFailure. The controller polls a namespace with content left
      (namespace_controller.go requeue), so only time passes here. The pod stays, not
      finished, because an admission policy refuses its kubelet's status writes: the status
      manager deletes a pod only after it has written its terminal phase (a pod in phase
      Succeeded or Failed would not count for the grace period); once the binding goes, the
      pod, and with it the namespace, goes.
      Given a node "n1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: stuck}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim, namespace: stuck}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer, namespace: stuck}
        spec:
          nodeName: n1
          terminationGracePeriodSeconds: 30
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      When I work in the namespace "stuck"
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      Then the Pod "trainer" has "status.phase" equal to Running
      When I apply:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-pod-status}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [UPDATE], resources: [pods/status]}
          validations:
          - expression: "false"
            message: pod statuses are written by hand here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-pod-status}
        spec:
          policyName: no-pod-status
          validationActions: [Deny]
        """
      And I work in the scenario namespace
      And I delete the Namespace "stuck"
      Then the Namespace "stuck" comes to contain:
        """
        status:
          phase: Terminating
          conditions:
          - type: NamespaceDeletionDiscoveryFailure
            status: "False"
            reason: ResourcesDiscovered
            message: All resources successfully discovered
          - type: NamespaceDeletionGroupVersionParsingFailure
            status: "False"
            reason: ParsedGroupVersions
            message: All legacy kube types successfully parsed
          - type: NamespaceDeletionContentFailure
            status: "False"
            reason: ContentDeleted
            message: All content successfully deleted, may be waiting on finalization
          - type: NamespaceContentRemaining
            status: "True"
            reason: SomeResourcesRemain
            message: "Some resources are remaining: pods. has 1 resource instances"
          - type: NamespaceFinalizersRemaining
            status: "False"
            reason: ContentRemoved
            message: All content successfully removed
        """
      When 31 seconds pass
      Then the Namespace "stuck" comes to contain:
        """
        status:
          phase: Terminating
          conditions:
          - type: NamespaceDeletionDiscoveryFailure
            status: "False"
            reason: ResourcesDiscovered
            message: All resources successfully discovered
          - type: NamespaceDeletionGroupVersionParsingFailure
            status: "False"
            reason: ParsedGroupVersions
            message: All legacy kube types successfully parsed
          - type: NamespaceDeletionContentFailure
            status: "True"
            reason: ContentDeletionFailed
            message: "Failed to delete all resource types, 1 remaining: unexpected items still remain in namespace: stuck for gvr: /v1, Resource=pods"
          - type: NamespaceContentRemaining
            status: "True"
            reason: SomeResourcesRemain
            message: "Some resources are remaining: pods. has 1 resource instances"
          - type: NamespaceFinalizersRemaining
            status: "False"
            reason: ContentRemoved
            message: All content successfully removed
        """
      When I delete the ValidatingAdmissionPolicyBinding "no-pod-status"
      And 15 seconds pass
      Then the Namespace "stuck" is gone

    @req:platform-NS-R01 @clause:platform-NS-R01/poll-cadence @needs:logical-clock
    Scenario: A namespace whose content a finalizer held is finalized at the deleter's next look, 8 seconds on
      namespace_controller.go: a pass that leaves content returns ResourcesRemainingError with
      the estimate, content held by finalizers counting finalizerEstimateSeconds (15), and the
      namespace is queued again after estimate/2 + 1 = 8 seconds; the controller does not watch
      the content, so the claim's finalizer going changes nothing until then.
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: team}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: held, namespace: team, finalizers: [example.com/hold]}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        """
      When I delete the Namespace "team"
      And I work in the namespace "team"
      And I patch the ResourceClaim "held" with:
        """
        metadata:
          finalizers: null
        """
      And 7 seconds pass
      Then the Namespace "team" has "status.phase" equal to Terminating
      And there are 0 ResourceClaim objects
      When 1 second passes
      Then the Namespace "team" is gone, with no more time passing

    @req:platform-NS-R01 @clause:platform-NS-R01/poll-cadence @needs:logical-clock
    Scenario: A Failed pod's grace period is not waited for: its finalizer counts 15 seconds, the next look is 8 seconds on
      namespaced_resources_deleter.go estimateGracefulTerminationForPods skips pods whose
      phase is Failed or Succeeded (nothing runs that could need its grace period), so a
      Failed pod with terminationGracePeriodSeconds 300 held by a finalizer counts only as
      content held by a finalizer (finalizerEstimateSeconds, 15): the namespace is looked at
      again 8 seconds on, not 151.
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: team}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: done, namespace: team, finalizers: [example.com/hold]}
        spec:
          terminationGracePeriodSeconds: 300
          nodeSelector: {example.com/pool: none}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      And I work in the namespace "team"
      When I patch the Pod "done" status with:
        """
        status: {phase: Failed, reason: Evicted, message: gone}
        """
      And I delete the Namespace "team"
      And I patch the Pod "done" with:
        """
        metadata:
          finalizers: null
        """
      And 7 seconds pass
      Then the Namespace "team" has "status.phase" equal to Terminating
      And there are 0 Pod objects
      When 1 second passes
      Then the Namespace "team" is gone, with no more time passing

    @req:platform-NS-R01 @clause:platform-NS-R01/restart-resumes @needs:logical-clock
    Scenario: A controller manager that restarts while a namespace is Terminating takes it up at once
      namespace_controller.go watches Namespaces only, and the deleter's next look (8 s on) is
      kept in its work queue, in memory. After a restart the informer's initial list queues
      every namespace, and syncNamespaceFromKey finds the terminating one's content gone: the
      namespace is finalized at once, without the 8 s wait.
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: team}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: held, namespace: team, finalizers: [example.com/hold]}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        """
      When I delete the Namespace "team"
      And I work in the namespace "team"
      And I patch the ResourceClaim "held" with:
        """
        metadata:
          finalizers: null
        """
      And 1 second passes
      Then the Namespace "team" has "status.phase" equal to Terminating
      When the controller manager restarts
      Then the Namespace "team" is gone, with no more time passing

    @req:platform-NS-R01 @clause:platform-NS-R01/deletion-conditions @needs:logical-clock
    Scenario: A finished pod listed first does not end the deleter's look at the grace periods of the others
      estimateGracefulTerminationForPods skips each pod in phase Succeeded or Failed and goes on
      with the next: the pod that finished sorts first here, the running one after it has a
      30 s grace period and stays, not finished (an admission policy refuses its kubelet's
      status writes, so its terminal phase is never written), so from the first
      look to 14 seconds into the deletion it is still expected (NamespaceDeletionContentFailure
      False), and only after 30 seconds an unexpected item (True).
      Given a node "n1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: mixed}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: claim-b, namespace: mixed}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: a-done, namespace: mixed}
        spec:
          terminationGracePeriodSeconds: 5
          nodeSelector: {example.com/pool: none}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: b-long, namespace: mixed}
        spec:
          nodeName: n1
          terminationGracePeriodSeconds: 30
          resourceClaims:
          - {name: gpu, resourceClaimName: claim-b}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      When I work in the namespace "mixed"
      And the ResourceClaim "claim-b" is allocated and reserved for the Pod "b-long":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-1  |
      And the Pod "a-done" status has:
        """
        phase: Succeeded
        """
      Then the Pod "b-long" has "status.phase" equal to Running
      When I apply:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-pod-status}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [UPDATE], resources: [pods/status]}
          validations:
          - expression: "false"
            message: pod statuses are written by hand here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-pod-status}
        spec:
          policyName: no-pod-status
          validationActions: [Deny]
        """
      And I work in the scenario namespace
      And I delete the Namespace "mixed"
      Then the Namespace "mixed" has "status.conditions[2].type" equal to NamespaceDeletionContentFailure
      And the Namespace "mixed" has "status.conditions[2].status" equal to "False"
      When 14 seconds pass
      Then the Namespace "mixed" has "status.conditions[2].status" equal to "False"
      When 20 seconds pass
      Then the Namespace "mixed" has "status.conditions[2].status" equal to "True"
      When I delete the ValidatingAdmissionPolicyBinding "no-pod-status"
      And 15 seconds pass
      Then the Namespace "mixed" is gone

    @req:platform-NS-R01 @clause:platform-NS-R01/deletion-conditions @needs:logical-clock
    Scenario: The longest grace period of the namespace's remaining pods is what the deleter waits for
      deletion/namespaced_resources_deleter.go estimateGracefulTerminationForPods takes the
      largest terminationGracePeriodSeconds of the namespace's pods that have not finished,
      whichever pod lists it; until the namespace's deletion is that old, remaining pods are
      expected (NamespaceDeletionContentFailure False), afterwards they are "unexpected items"
      (True). Both pods here stay, not finished, because an admission policy refuses their
      kubelet's status writes (the status manager deletes a pod only after its terminal phase
      is written); the first one listed has the longer grace period, so the second's does not
      count.
      Given a node "n1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: pair-stuck}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: claim-a, namespace: pair-stuck}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: claim-b, namespace: pair-stuck}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: a-long, namespace: pair-stuck}
        spec:
          nodeName: n1
          terminationGracePeriodSeconds: 30
          resourceClaims:
          - {name: gpu, resourceClaimName: claim-a}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: b-short, namespace: pair-stuck}
        spec:
          nodeName: n1
          terminationGracePeriodSeconds: 10
          resourceClaims:
          - {name: gpu, resourceClaimName: claim-b}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      When I work in the namespace "pair-stuck"
      And the ResourceClaim "claim-a" is allocated and reserved for the Pod "a-long":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      And the ResourceClaim "claim-b" is allocated and reserved for the Pod "b-short":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-1  |
      Then the Pod "a-long" has "status.phase" equal to Running
      And the Pod "b-short" has "status.phase" equal to Running
      When I apply:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-pod-status}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [UPDATE], resources: [pods/status]}
          validations:
          - expression: "false"
            message: pod statuses are written by hand here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-pod-status}
        spec:
          policyName: no-pod-status
          validationActions: [Deny]
        """
      And I work in the scenario namespace
      And I delete the Namespace "pair-stuck"
      And 14 seconds pass
      Then the Namespace "pair-stuck" has "status.conditions[2].type" equal to NamespaceDeletionContentFailure
      And the Namespace "pair-stuck" has "status.conditions[2].status" equal to "False"
      And the Namespace "pair-stuck" has "status.conditions[3].message" equal to "Some resources are remaining: pods. has 2 resource instances"
      When 20 seconds pass
      Then the Namespace "pair-stuck" has "status.conditions[2].status" equal to "True"
      And the Namespace "pair-stuck" has "status.conditions[2].reason" equal to ContentDeletionFailed
      When I delete the ValidatingAdmissionPolicyBinding "no-pod-status"
      And 15 seconds pass
      Then the Namespace "pair-stuck" is gone

    @req:platform-NS-R01 @clause:platform-NS-R01/deletion-conditions @needs:logical-clock
    Scenario: A deletion condition whose message changes keeps its lastTransitionTime while its status stays
      status_condition_utils.go updateConditions: a condition whose status, reason or message
      differs is rewritten, but its lastTransitionTime moves only when the status changes. One
      of two claims held by a finalizer lets go: both "remaining" conditions now count 1, still
      True, with the time they turned True.
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: pair}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: first, namespace: pair, finalizers: [example.com/hold]}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: second, namespace: pair, finalizers: [example.com/hold]}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      When I delete the Namespace "pair"
      Then the Namespace "pair" has "status.phase" equal to Terminating
      When I note the NamespaceContentRemaining condition of the Namespace "pair"
      And I note the NamespaceFinalizersRemaining condition of the Namespace "pair"
      And 10 seconds pass
      And I work in the namespace "pair"
      And I patch the ResourceClaim "first" with:
        """
        metadata:
          finalizers: null
        """
      And I work in the scenario namespace
      Then the Namespace "pair" comes to contain:
        """
        status:
          conditions:
          - type: NamespaceDeletionDiscoveryFailure
            status: "False"
            reason: ResourcesDiscovered
            message: All resources successfully discovered
          - type: NamespaceDeletionGroupVersionParsingFailure
            status: "False"
            reason: ParsedGroupVersions
            message: All legacy kube types successfully parsed
          - type: NamespaceDeletionContentFailure
            status: "False"
            reason: ContentDeleted
            message: All content successfully deleted, may be waiting on finalization
          - type: NamespaceContentRemaining
            status: "True"
            reason: SomeResourcesRemain
            message: "Some resources are remaining: resourceclaims.resource.k8s.io has 1 resource instances"
          - type: NamespaceFinalizersRemaining
            status: "True"
            reason: SomeFinalizersRemain
            message: "Some content in the namespace has finalizers remaining: example.com/hold in 1 resource instances"
        """
      And the NamespaceContentRemaining condition of the Namespace "pair" keeps its status and the noted lastTransitionTime
      And the NamespaceFinalizersRemaining condition of the Namespace "pair" keeps its status and the noted lastTransitionTime

    @req:platform-NS-R01 @clause:platform-NS-R01/deletion-conditions @clause:platform-NS-R01/transition-time
    Scenario: A deletion condition whose status changes gets a new lastTransitionTime
      status_condition_utils.go updateConditions: a condition whose status changes is
      rewritten with lastTransitionTime now. A metadata finalizer keeps the namespace after the
      controller finalized it (namespaced_resources_deleter.go Delete, ShouldDeleteNamespaceDuringUpdate),
      so the conditions it wrote last stay to be read: once the claim a finalizer held is gone,
      both "remaining" conditions turn from True to False, each at a time later than the one
      at which it turned True.
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: kept, finalizers: [example.com/hold]}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: held, namespace: kept, finalizers: [example.com/hold]}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      When I delete the Namespace "kept"
      Then the Namespace "kept" comes to contain:
        """
        status:
          phase: Terminating
          conditions:
          - {type: NamespaceDeletionDiscoveryFailure, status: "False"}
          - {type: NamespaceDeletionGroupVersionParsingFailure, status: "False"}
          - {type: NamespaceDeletionContentFailure, status: "False"}
          - {type: NamespaceContentRemaining, status: "True", reason: SomeResourcesRemain}
          - {type: NamespaceFinalizersRemaining, status: "True", reason: SomeFinalizersRemain}
        """
      When I note the NamespaceContentRemaining condition of the Namespace "kept"
      And I note the NamespaceFinalizersRemaining condition of the Namespace "kept"
      And 2 seconds pass
      And I work in the namespace "kept"
      And I patch the ResourceClaim "held" with:
        """
        metadata:
          finalizers: null
        """
      And I work in the scenario namespace
      Then the Namespace "kept" comes to contain:
        """
        metadata:
          finalizers: [example.com/hold]
        status:
          phase: Terminating
          conditions:
          - {type: NamespaceDeletionDiscoveryFailure, status: "False"}
          - {type: NamespaceDeletionGroupVersionParsingFailure, status: "False"}
          - {type: NamespaceDeletionContentFailure, status: "False"}
          - {type: NamespaceContentRemaining, status: "False", reason: ContentRemoved, message: All content successfully removed}
          - {type: NamespaceFinalizersRemaining, status: "False", reason: ContentRemoved, message: All content successfully removed}
        """
      And the NamespaceContentRemaining condition of the Namespace "kept" has status False and a lastTransitionTime later than the noted one
      And the NamespaceFinalizersRemaining condition of the Namespace "kept" has status False and a lastTransitionTime later than the noted one
      And the Namespace "kept" has no "spec.finalizers"
      When I patch the Namespace "kept" with:
        """
        metadata:
          finalizers: null
        """
      Then the Namespace "kept" is gone

    @req:platform-NS-R03 @clause:platform-NS-R03/finalize-spec-only @clause:platform-NS-R03/gone-when-no-finalizer
    Scenario: The finalize subresource removes spec finalizers; the namespace goes when none is left
      namespaceFinalizeStrategy changes only spec.finalizers (validated per entry at
      spec.finalizers[i]); ShouldDeleteNamespaceDuringUpdate removes a Terminating namespace
      once no spec or metadata finalizer remains. The controller removes only its own
      "kubernetes" token, so a foreign spec finalizer keeps the namespace Terminating.
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: team}
        spec:
          finalizers: [example.com/keep]
        """
      Then the Namespace "team" has "spec.finalizers" equal to [example.com/keep, kubernetes]
      When I delete the Namespace "team"
      Then the Namespace "team" comes to contain:
        """
        spec:
          finalizers: [example.com/keep]
        status:
          phase: Terminating
        """
      When I finalize the Namespace "team" with the finalizers "keep"
      Then the outcome is "spec.finalizers[0]: Invalid value: "keep": name is neither a standard finalizer name nor is it fully qualified"
      When I finalize the Namespace "team" with no finalizers
      Then the request succeeds
      And the Namespace "team" is gone

    @req:platform-NS-R03 @clause:platform-NS-R03/gone-when-no-finalizer
    Scenario: A namespace held by a metadata finalizer stays Terminating after the controller finalized it
      namespaced_resources_deleter.go Delete: once spec.finalizers is empty ("finalized") there
      is nothing left for the controller to do; the registry keeps the namespace while a
      metadata finalizer remains and removes it when the last one goes
      (ShouldDeleteNamespaceDuringUpdate).
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: held, finalizers: [example.com/hold]}
        """
      When I delete the Namespace "held"
      Then the Namespace "held" comes to contain:
        """
        metadata:
          finalizers: [example.com/hold]
        status:
          phase: Terminating
          conditions:
          - type: NamespaceDeletionDiscoveryFailure
            status: "False"
            reason: ResourcesDiscovered
            message: All resources successfully discovered
          - type: NamespaceDeletionGroupVersionParsingFailure
            status: "False"
            reason: ParsedGroupVersions
            message: All legacy kube types successfully parsed
          - type: NamespaceDeletionContentFailure
            status: "False"
            reason: ContentDeleted
            message: All content successfully deleted, may be waiting on finalization
          - type: NamespaceContentRemaining
            status: "False"
            reason: ContentRemoved
            message: All content successfully removed
          - type: NamespaceFinalizersRemaining
            status: "False"
            reason: ContentRemoved
            message: All content successfully removed
        """
      And the Namespace "held" has "spec" equal to {}
      When I patch the Namespace "held" with:
        """
        metadata:
          finalizers: null
        """
      Then the Namespace "held" is gone

    @req:platform-NS-R03 @clause:platform-NS-R03/own-pods-grace
    Scenario: A namespace whose content is gone is not held back by another namespace's pods
      The namespace controller holds a namespace back while its own pods may still be
      terminating gracefully (deletion/namespaced_resources_deleter.go
      estimateGracefulTerminationForPods lists the pods of that namespace). A pending pod of
      another namespace with a grace period of an hour must not delay it.
      Given a node "n1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: team-a}
        ---
        apiVersion: v1
        kind: Namespace
        metadata: {name: team-b}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu, namespace: team-a}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: slow-stopper, namespace: team-b}
        spec:
          terminationGracePeriodSeconds: 3600
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      When I delete the Namespace "team-a"
      Then the Namespace "team-a" is gone

    @req:platform-NS-R03 @clause:platform-NS-R03/finalize-spec-only
    Scenario: A namespace created with the kubernetes finalizer has it once
      k/k pkg/registry/core/namespace/strategy.go PrepareForCreate appends the "kubernetes"
      finalizer only when spec.finalizers does not already hold it.
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: team-f}
        spec:
          finalizers: [kubernetes, example.com/keep]
        """
      Then the Namespace "team-f" has "spec.finalizers" equal to [kubernetes, example.com/keep]

    @req:platform-NS-R03 @clause:platform-NS-R03/update-keeps-finalizers-status
    Scenario: A namespace update changes labels but keeps its finalizers, its status and its name label
      k/k pkg/registry/core/namespace/strategy.go: PrepareForUpdate takes spec.finalizers and
      the status from the stored namespace (they change only through namespaces/<name>/finalize
      and namespaces/<name>/status), and Canonicalize sets the kubernetes.io/metadata.name
      label to the name whatever the update sends.
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: team-c}
        """
      When I patch the Namespace "team-c" with:
        """
        metadata:
          labels: {tier: gpu, kubernetes.io/metadata.name: another}
        spec:
          finalizers: [example.com/extra]
        status:
          phase: Terminating
        """
      Then the request succeeds
      And the Namespace "team-c" has "metadata.labels" equal to {tier: gpu, kubernetes.io/metadata.name: team-c}
      And the Namespace "team-c" has "spec.finalizers" equal to [kubernetes]
      And the Namespace "team-c" has "status.phase" equal to Active

    @req:platform-NS-R03 @clause:platform-NS-R03/status-phase
    Scenario: A namespace status write keeps the phase its deletion decides
      k/k ValidateNamespaceStatusUpdate: without a deletionTimestamp the phase may only be
      Active, with one only Terminating, each refused at status.Phase (upstream's capital P)
      with the phase written.
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: team-d}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: held, namespace: team-d, finalizers: [example.com/hold]}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        """
      When I patch the Namespace "team-d" status with:
        """
        status:
          phase: Active
        """
      Then the request succeeds
      When I patch the Namespace "team-d" status with:
        """
        status:
          phase: Terminating
        """
      Then the outcome is "status.Phase: Invalid value: "Terminating": may only be 'Active' if `deletionTimestamp` is empty"
      When I delete the Namespace "team-d"
      Then the Namespace "team-d" comes to contain:
        """
        status:
          phase: Terminating
        """
      When I patch the Namespace "team-d" status with:
        """
        status:
          phase: Active
        """
      Then the outcome is "status.Phase: Invalid value: "Active": may only be 'Terminating' if `deletionTimestamp` is not empty"
      When I work in the namespace "team-d"
      And I patch the ResourceClaim "held" with:
        """
        metadata:
          finalizers: null
        """
      Then the Namespace "team-d" is gone

  @component:apiserver
  Rule: Decoding request bodies

    @req:platform-R01 @clause:platform-R01/strict-unknown-fields @clause:platform-R01/nothing-stored
    Scenario: Every unknown field is refused with its path in one strict decoding error
      sigs.k8s.io/json UnmarshalStrict collects unknown fields with strictFieldStack paths (keys
      joined by ".", list indices as [i]); apimachinery runtime.NewStrictDecodingError joins them
      with ", "; the handler prefixes "<Kind> in version "<v>" cannot be handled as a <Kind>".
      Given a cluster
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata:
          name: typos
        spec:
          metdata: {labels: {a: b}}
          spec:
            devices:
              requests:
              - name: gpu
                exactly: {deviceClassName: gpu.example.com, cout: 2}
        """
      Then the request is rejected as BadRequest (400)
      And the error message is "ResourceClaimTemplate in version "v1" cannot be handled as a ResourceClaimTemplate: strict decoding error: unknown field "spec.metdata", unknown field "spec.spec.devices.requests[0].exactly.cout""
      And there are 0 ResourceClaimTemplate objects

    @req:platform-R01 @clause:platform-R01/warn-drops-unknown
    Scenario: With field validation Warn every unknown field is dropped with a warning of its own
      What kube-apiserver does without the parameter (and `kubectl --validate=warn`): the
      object is stored without the unknown fields, each named in a Warning header
      (k8s.io/apiserver: 299 - "unknown field \"<path>\""), in the order the decoder met them.
      Given a cluster
      When I create, with field validation "Warn":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata:
          name: typos
        spec:
          metdata: {labels: {a: b}}
          spec:
            devices:
              requests:
              - name: gpu
                exactly: {deviceClassName: gpu.example.com, cout: 2}
        """
      Then the request succeeds
      And the server warned:
        """
        unknown field "spec.metdata"
        unknown field "spec.spec.devices.requests[0].exactly.cout"
        """
      And the ResourceClaimTemplate "typos" has no "spec.metdata"
      And the ResourceClaimTemplate "typos" has no "spec.spec.devices.requests[0].exactly.cout"
      And the ResourceClaimTemplate "typos" has "spec.spec.devices.requests[0].exactly.deviceClassName" equal to gpu.example.com

    @req:platform-R01 @clause:platform-R01/ignore-drops-unknown
    Scenario: With field validation Ignore unknown fields are dropped without a warning
      fieldValidation=Ignore: the decoder drops unknown fields as with Warn, and says nothing.
      Given a cluster
      When I create, with field validation "Ignore":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata:
          name: typos
        spec:
          spec:
            devices:
              requests:
              - name: gpu
                exactly: {deviceClassName: gpu.example.com, cout: 2}
        """
      Then the request succeeds
      And the server sent no warning
      And the ResourceClaimTemplate "typos" has no "spec.spec.devices.requests[0].exactly.cout"

    @req:platform-R02 @clause:platform-R02/wrong-json-type @clause:platform-R02/nothing-stored
    Scenario: An array where an int32 belongs is refused at decode
      encoding/json UnmarshalTypeError (vendored sigs.k8s.io/json decode.go): "cannot unmarshal
      <JSON kind> into Go struct field <innermost struct>.<field path> of type <Go type>".
      Given a cluster
      When I create:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: web
        spec:
          replicas: [2]
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers:
              - {name: c, image: registry.k8s.io/pause:3.10}
        """
      Then the request is rejected as BadRequest (400)
      And the error message is "Deployment in version "v1" cannot be handled as a Deployment: json: cannot unmarshal array into Go struct field DeploymentSpec.spec.replicas of type int32"
      And there are 0 Deployment objects

    @req:platform-R02 @clause:platform-R02/wrong-json-type
    Scenario: A number where a struct belongs is refused at decode
      The issue's example: devices: 1.5 in a ResourceClaimTemplate. The Go type of
      spec.spec.devices is v1.DeviceClaim, the innermost struct ResourceClaimSpec.
      Given a cluster
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata:
          name: bad-devices
        spec:
          spec:
            devices: 1.5
        """
      Then the request is rejected as BadRequest (400)
      And the error message is "ResourceClaimTemplate in version "v1" cannot be handled as a ResourceClaimTemplate: json: cannot unmarshal number into Go struct field ResourceClaimSpec.spec.spec.devices of type v1.DeviceClaim"

    @req:platform-R02 @clause:platform-R02/wrong-json-type
    Scenario: A number where a label value belongs is refused at decode
      metadata.labels is map[string]string: map keys are not part of Go's field path.
      Given a cluster
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata:
          name: numeric-label
          labels: {tier: 1}
        spec:
          containers:
          - {name: c, image: registry.k8s.io/pause:3.10}
        """
      Then the request is rejected as BadRequest (400)
      And the error message is "Pod in version "v1" cannot be handled as a Pod: json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string"

    @req:platform-R02 @clause:platform-R02/nan-refused @clause:platform-R02/nothing-stored
    Scenario: NaN is never stored
      JSON has no NaN: the YAML value .nan cannot become JSON (sigs.k8s.io/yaml json.Marshal:
      "json: unsupported value: NaN"; sent as JSON it is the scanner's syntax error).
      Given a cluster
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata:
          name: nan-pod
        spec:
          containers:
          - name: c
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: .nan}}
        """
      Then the request is rejected as BadRequest (400)
      And there are 0 Pod objects

  @component:apiserver
  Rule: Objects as the Go types serialise them

    @req:platform-R03 @clause:platform-R03/zero-values
    Scenario: A ResourceSlice is read back with pool.generation 0
      k8s.io/api resource/v1 ResourcePool.Generation is `json:"generation"` (no omitempty,
      required in the OpenAPI): a slice written without it is stored and served with 0.
      Given a cluster
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata:
          name: no-generation
        spec:
          driver: gpu.example.com
          allNodes: true
          pool: {name: pool-a, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        """
      Then the request succeeds
      And the stored object has "spec.pool" equal to {name: pool-a, resourceSliceCount: 1, generation: 0}

    @req:platform-R03 @clause:platform-R03/struct-values @clause:platform-R03/null-times
    Scenario: Struct values and times a request leaves out are read back as Go writes their zero values
      kube-apiserver encodes objects with encoding/json from the k8s.io/api types, where
      omitempty never omits a struct value: a container without resources reads
      `resources: {}`, a claim template's claim spec without devices reads `devices` as the
      zero DeviceClaim (a value in ResourceClaimSpec), whose `requests` has no omitempty and
      so reads null, and its metadata `{}` (ObjectMeta, whose creationTimestamp is omitzero
      from apimachinery 0.34). A metav1.Time value is written as null when zero
      (Time.MarshalJSON), so a pod condition written without times reads them back as null;
      omitempty does not omit it either.
      Given a cluster
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata:
          name: bare
        spec:
          spec: {}
        """
      Then the request succeeds
      And the stored object has "spec" equal to {metadata: {}, spec: {devices: {requests: null}}}
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata:
          name: plain
        spec:
          nodeName: no-such-node
          containers:
          - name: c
            image: registry.k8s.io/pause:3.10
        status:
          conditions:
          - {type: example.com/Audited, status: "True"}
        """
      Then the request succeeds
      And the stored object has "spec.containers[0].resources" equal to {}
      When I set "status.conditions" of the Pod "plain" to [{type: example.com/Audited, status: "True"}]
      Then the Pod "plain" has "status.conditions" equal to [{type: example.com/Audited, status: "True", lastProbeTime: null, lastTransitionTime: null}]

    @req:platform-R03 @clause:platform-R03/canonical-quantities
    Scenario: Quantities are read back in canonical form
      resource.Quantity MarshalJSON writes String(): the canonical form of the parsed value
      (apimachinery pkg/api/resource quantity.go): 0.5 -> "500m", "1000m" -> "1".
      Given a cluster
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata:
          name: canonical
        spec:
          containers:
          - name: c
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 0.5, memory: 1000m}
        """
      Then the request succeeds
      And the stored object has "spec.containers[0].resources.requests" equal to {cpu: "500m", memory: "1"}

  @component:apiserver @component:scheduler
  Rule: Registry strategies: a Node keeps its status

    @req:platform-R04 @clause:platform-R04/status-kept-on-create @clause:platform-R04/pods-schedule
    Scenario: A Node created with its status keeps it, and pods schedule to it
      k/k pkg/registry/core/node/strategy.go: "Nodes allow *all* fields, including status, to
      be set on create" (PrepareForCreate only drops disabled fields). kubectl apply of a Node
      manifest with allocatable therefore registers a node a pod fits on.
      Given a cluster
      When I create:
        """
        apiVersion: v1
        kind: Node
        metadata:
          name: manifest-node
          labels: {kubernetes.io/hostname: manifest-node}
        spec:
          taints:
          - {key: drakit.io/fake-node, value: "true", effect: NoSchedule}
        status:
          capacity: {cpu: "4", memory: 8Gi, pods: "110"}
          allocatable: {cpu: "4", memory: 8Gi, pods: "110"}
          conditions:
          - {type: Ready, status: "True", reason: KubeletReady, message: kubelet is posting ready status}
        """
      Then the request succeeds
      And the stored object has "status.allocatable" equal to {cpu: "4", memory: 8Gi, pods: "110"}
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata:
          name: on-manifest-node
        spec:
          nodeSelector: {kubernetes.io/hostname: manifest-node}
          tolerations:
          - {key: drakit.io/fake-node, operator: Equal, value: "true", effect: NoSchedule}
          containers:
          - name: c
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: "3"}}
        """
      Then the Pod "on-manifest-node" is scheduled to "manifest-node"

    @req:platform-R04 @clause:platform-R04/resources-valid
    Scenario Outline: A Node status write with an invalid <part> amount is refused at the resource's field (<amount>)
      k/k pkg/apis/core/validation/validation.go ValidateNodeUpdate -> ValidateNodeResources
      (what nodeStatusStrategy.ValidateUpdate runs): each status.capacity and
      status.allocatable entry passes ValidateResourceQuantityValue at
      field.NewPath("status", part, name), a child of the map, not a [key] as quota and
      RuntimeClass maps are: not negative, whole for an integer resource (pods). A kubelet or
      device plugin that posts such a status is told which resource is wrong.
      Given a node "n1" with cpu "8", memory "32Gi"
      When I patch the Node "n1" status with:
        """
        status:
          <part>: {<name>: "<amount>"}
        """
      Then the outcome is "status.<part>.<name>: Invalid value: "<amount>": <message>"
      And the Node "n1" has "status.<part>.cpu" equal to "8"

      Examples:
        | part        | name | amount | message |
        | capacity    | cpu  | -1     | must be greater than or equal to 0 |
        | allocatable | cpu  | -500m  | must be greater than or equal to 0 |
        | allocatable | pods | 1500m  | must be an integer |

  @component:scheduler
  Rule: Scheduler filter reasons for nodes a pod may not use
    Every DRA verdict reads the scheduler's "0/N nodes are available: ..." text; the reasons of
    the node-level plugins must read as upstream words them (k/k
    pkg/scheduler/framework/plugins, releases 1.34-1.37): NodeUnschedulable "node(s) were
    unschedulable" unless the pod tolerates node.kubernetes.io/unschedulable:NoSchedule;
    TaintToleration "node(s) had untolerated taint(s)" for a NoSchedule or NoExecute taint the
    pod does not tolerate (PreferNoSchedule only scores; no key or value since kubernetes#134740,
    1.35, and 1.34's patch releases with #135023). Both are UnschedulableAndUnresolvable, so
    preemption says it is not helpful. Between the filter reasons and preemption's comes
    DynamicResources' PostFilter reason, for a pod without claims "no new claims to
    deallocate" (apis/config/v1 default_plugins.go puts DynamicResources before
    DefaultPreemption; FitError.Error adds no "." after the PostFilter messages). A toleration tolerates
    a taint only when its effect (if it names one) and its key (if it names one) are the
    taint's (k8s.io/api core/v1 Toleration.ToleratesTaint).

    @req:platform-SCHED-R01 @clause:platform-SCHED-R01/cordoned @clause:platform-SCHED-R01/untolerated-taint @clause:platform-SCHED-R01/toleration-mismatch
    Scenario Outline: A pod that may not use its node is told why (<what>)
      Given a node "n1" with cpu "8", memory "32Gi"
      When I patch the Node "n1" with:
        """
        spec: <node_spec>
        """
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: picky}
        spec:
          nodeSelector: {kubernetes.io/hostname: n1}
          tolerations: <tolerations>
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "picky" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 <reason>. no new claims to deallocate, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."

      Examples:
        | what                             | node_spec                                                                      | tolerations | reason |
        | cordoned                         | {unschedulable: true}                                                          | [] | node(s) were unschedulable |
        | NoSchedule taint                 | {taints: [{key: example.com/dedicated, value: gpu, effect: NoSchedule}]}       | [] | node(s) had untolerated taint(s) |
        | NoExecute taint                  | {taints: [{key: example.com/dedicated, value: batch, effect: NoExecute}]}      | [] | node(s) had untolerated taint(s) |
        | valueless taint                  | {taints: [{key: example.com/maintenance, effect: NoSchedule}]}                 | [] | node(s) had untolerated taint(s) |
        | a toleration of another effect   | {taints: [{key: example.com/dedicated, value: gpu, effect: NoSchedule}]}       | [{key: example.com/dedicated, operator: Exists, effect: NoExecute}] | node(s) had untolerated taint(s) |
        | a toleration of another key      | {taints: [{key: example.com/dedicated, value: gpu, effect: NoSchedule}]}       | [{key: example.com/reserved, operator: Exists, effect: NoSchedule}] | node(s) had untolerated taint(s) |
        | a toleration of another value    | {taints: [{key: example.com/dedicated, value: gpu, effect: NoSchedule}]}       | [{key: example.com/dedicated, operator: Equal, value: fpga}] | node(s) had untolerated taint(s) |

    @req:platform-SCHED-R01 @clause:platform-SCHED-R01/registered-node-labels
    Scenario: A pod that selects the node's operating system is scheduled to a registered node
      k/k pkg/kubelet/kubelet_node_status.go initialNode: a kubelet registers its Node with
      kubernetes.io/hostname, kubernetes.io/os and kubernetes.io/arch (and the beta os/arch
      labels), so the common nodeSelector {kubernetes.io/os: linux} fits every linux node.
      Given a node "n1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: linux-only}
        spec:
          nodeSelector: {kubernetes.io/os: linux}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "linux-only" is scheduled to "n1"
      And the Node "n1" has "metadata.labels[kubernetes.io/arch]" equal to amd64

    @req:platform-SCHED-R01 @clause:platform-SCHED-R01/tolerated
    Scenario Outline: A pod that tolerates its node's taint, or a taint that only scores, is scheduled (<what>)
      Given a node "n1" with cpu "8", memory "32Gi"
      When I patch the Node "n1" with:
        """
        spec: <node_spec>
        """
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: tolerant}
        spec:
          nodeSelector: {kubernetes.io/hostname: n1}
          tolerations: <tolerations>
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "tolerant" is scheduled to "n1"

      Examples:
        | what                        | node_spec                                                                   | tolerations |
        | PreferNoSchedule only       | {taints: [{key: example.com/dedicated, value: gpu, effect: PreferNoSchedule}]} | [] |
        | tolerated by key and value  | {taints: [{key: example.com/dedicated, value: gpu, effect: NoSchedule}]}    | [{key: example.com/dedicated, operator: Equal, value: gpu, effect: NoSchedule}] |
        | tolerated by Exists         | {taints: [{key: example.com/dedicated, value: gpu, effect: NoExecute}]}     | [{key: example.com/dedicated, operator: Exists}] |
        | no operator is Equal        | {taints: [{key: example.com/dedicated, value: gpu, effect: NoSchedule}]}    | [{key: example.com/dedicated, value: gpu, effect: NoSchedule}] |
        | cordoned, tolerated         | {unschedulable: true}                                                       | [{key: node.kubernetes.io/unschedulable, operator: Exists, effect: NoSchedule}] |

    @req:platform-SCHED-R01 @clause:platform-SCHED-R01/preemption-never
    Scenario: A pod that may not preempt is told so after the filter reasons
      k/k pkg/scheduler/framework/plugins/defaultpreemption PostFilter prefixes the evaluator's
      message with "preemption: "; PodEligibleToPreemptOthers refuses a pod with
      preemptionPolicy Never ("not eligible due to preemptionPolicy=Never."); FitError.Error
      appends the PostFilter messages (DynamicResources' first) without a "." of its own. The pod gets its policy from
      its PriorityClass, as the Priority admission plugin refuses a pod that names another
      policy than its class's (plugin/pkg/admission/priority).
      Given a node "n1" with cpu "1", memory "4Gi"
      And the object:
        """
        apiVersion: scheduling.k8s.io/v1
        kind: PriorityClass
        metadata: {name: never-preempts}
        value: 0
        preemptionPolicy: Never
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: polite}
        spec:
          priorityClassName: never-preempts
          nodeSelector: {kubernetes.io/hostname: n1}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: "2"}}
        """
      Then the Pod "polite" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: not eligible due to preemptionPolicy=Never."

    @req:platform-SCHED-R01 @clause:platform-SCHED-R01/scale-down-requeues @needs:pod-resize-subresource
    Scenario: A pending pod resized down is tried again at once and fits
      An unscheduled pod may be resized (pods/resize). The scheduling queue turns an update of
      a pod parked as unschedulable into the cluster events it stands for
      (PodSchedulingPropertiesChange: extractPodScaleDown gives UpdatePodScaleDown when a
      request got smaller), and NodeResourcesFit, which rejected the pod for cpu, registers
      that event: the pod leaves the unschedulable pods at once, no clock moves, and fits.
      Given a node "n1" with cpu "1", memory "4Gi"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: big}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: "2"}}
        """
      Then the Pod "big" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient cpu."
      When I patch the Pod "big" resize subresource with:
        """
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: 500m}}
        """
      Then the Pod "big" is scheduled to "n1"

    @req:platform-SCHED-R01 @clause:platform-SCHED-R01/insufficient-resolvable
    Scenario Outline: A pod that only lacks free cpu may wait for victims; one larger than the node may not (<cpu> cpu)
      k/k pkg/scheduler/framework/plugins/noderesources fit.go fitsRequest: "Insufficient cpu"
      when the request exceeds what is free, UnschedulableAndUnresolvable only when it exceeds
      the node's allocatable itself, so a request of exactly the allocatable amount on a busy
      node is left to preemption ("No preemption victims found" without lower-priority pods).
      Given a node "n1" with cpu "2", memory "4Gi"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: filler}
        spec:
          nodeSelector: {kubernetes.io/hostname: n1}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: "1"}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: wide}
        spec:
          nodeSelector: {kubernetes.io/hostname: n1}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: "<cpu>"}}
        """
      Then the Pod "filler" is scheduled to "n1"
      And the Pod "wide" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: 0/1 nodes are available: 1 <verdict>."

      Examples:
        | cpu  | verdict |
        | 2    | No preemption victims found for incoming pod |
        | 2001m | Preemption is not helpful for scheduling |

    @req:platform-SCHED-R01 @clause:platform-SCHED-R01/insufficient-resolvable
    Scenario Outline: Each standard resource a pod asks more of than the node has is one reason of that node (<resource>)
      fit.go fitsRequest checks cpu, memory and ephemeral-storage once each and then the
      scalar resources, which leave the three standard ones out, so a pod asking for more
      ephemeral-storage than a node has gets "Insufficient ephemeral-storage" once from it:
      FitError counts each reason of each node, "1 Insufficient ..." for the one node.
      Given a node "n1" with cpu "2", memory "4Gi", ephemeral-storage "10Gi"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: greedy}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {requests: {<resource>: <amount>}}
        """
      Then the Pod "greedy" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient <resource>. no new claims to deallocate, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."

      Examples:
        | resource          | amount |
        | ephemeral-storage | 20Gi   |
        | memory            | 8Gi    |
        | cpu               | "3"    |

    @req:platform-SCHED-R01 @clause:platform-SCHED-R01/insufficient-resolvable
    Scenario Outline: A pod asking for more of an extended resource than the node has is not helped by preemption (<widgets> on a node of 2)
      k/k pkg/scheduler/framework/plugins/noderesources fit.go fitsRequest: the same rule holds
      for the scalar resources (a device plugin's example.com/widget): "Insufficient
      example.com/widget", and UnschedulableAndUnresolvable only when the request exceeds the
      node's allocatable itself, so preemption is not tried; a request of exactly the
      allocatable amount on a node where another pod holds one is left to preemption.
      Given a node "n1" with cpu "2", memory "4Gi", example.com/widget "2"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: holder}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/widget: "1"}
              limits: {example.com/widget: "1"}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: greedy}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/widget: "<widgets>"}
              limits: {example.com/widget: "<widgets>"}
        """
      Then the Pod "holder" is scheduled to "n1"
      And the Pod "greedy" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient example.com/widget. no new claims to deallocate, preemption: 0/1 nodes are available: 1 <verdict>."

      Examples:
        | widgets | verdict |
        | 3       | Preemption is not helpful for scheduling |
        | 2       | No preemption victims found for incoming pod |

    # since 1.35: a scheduler turns PodLevelResources off only together with InPlacePodLevelResourcesVerticalScaling, which depends on it and is not a gate before 1.35
    @req:platform-SCHED-R01 @clause:platform-SCHED-R01/pod-level-gate @clause:platform-SCHED-R01/insufficient-resolvable @since:1.35
    Scenario: Skew: a scheduler without PodLevelResources fits a pod by its containers' requests
      k/k pkg/scheduler/framework/plugins/noderesources fit.go computePodResourceRequest:
      PodRequests skips the pod-level requests unless the scheduler runs with PodLevelResources
      (SkipPodLevelResources: !EnablePodLevelResources). The API server (PodLevelResources on,
      beta since 1.34) keeps spec.resources; the pod asks 3 cpu for the pod and 500m for its
      container. A scheduler with the gate finds the 2-cpu node too small; one without it counts
      500m and binds the pod.
      Given the scheduler runs with the feature gate InPlacePodLevelResourcesVerticalScaling disabled
      And a node "n1" with cpu "2", memory "4Gi"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: pod-sized}
        spec:
          resources: {requests: {cpu: "3"}}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: 500m}}
        """
      Then the Pod "pod-sized" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient cpu."
      When the scheduler restarts with the feature gate PodLevelResources disabled
      Then the Pod "pod-sized" is scheduled to "n1"

    @req:platform-SCHED-R01 @clause:platform-SCHED-R01/scoring-feasible
    Scenario: A feasible node that reports no cpu does not stop scoring
      NodeResourcesFit's LeastAllocated score (noderesources/least_allocated.go
      leastResourceScorer) leaves a resource out when the node's allocatable has none of it,
      so a node that reports memory but no cpu is scored on memory alone; with two feasible
      nodes, one of them such a node, the pod is scheduled. (Which of the two wins depends on
      every score plugin a cluster runs, so the scenario does not say.)
      Given a node "with-cpu" with cpu "8", memory "32Gi", pods "110"
      And a node "memory-only" with memory "32Gi", pods "110"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: anywhere}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "anywhere" is scheduled

    @req:platform-SCHED-R01 @clause:platform-SCHED-R01/insufficient-resolvable
    Scenario: A pod asking for cpu does not fit a node that reports none
      noderesources/fit.go fitsRequest: a node whose allocatable has no cpu holds 0 of it, so
      a pod asking for cpu is "Insufficient cpu", and UnschedulableAndUnresolvable there (the
      request exceeds the node's allocatable itself), so preemption does not help.
      Given a node "memory-only" with memory "32Gi", pods "110"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: wants-cpu}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: 500m}}
        """
      Then the Pod "wants-cpu" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient cpu."

    @req:platform-SCHED-R01 @clause:platform-SCHED-R01/scoring-feasible
    Scenario: Between two nodes that report no cpu, the one with more free memory wins
      leastResourceScorer skips cpu on a node whose allocatable has none and goes on to
      memory: the score is memory's alone, (allocatable - requested) x 100 / allocatable. The
      pod asks for nothing, so it counts the non-zero default 200Mi (and BalancedAllocation
      skips it, kubernetes#129138); "cramped" (1000Mi) scores (1000 - 200) x 100 / 1000 = 80,
      "roomy" (4000Mi) (4000 - 200) x 100 / 4000 = 95, and every other score plugin ties, so
      roomy is the one best score (no tie for selectHost to break at random).
      Given a node "cramped" with memory "1000Mi", pods "110"
      And a node "roomy" with memory "4000Mi", pods "110"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: by-memory}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "by-memory" is scheduled to "roomy"

    @req:platform-SCHED-R01 @clause:platform-SCHED-R01/scoring-non-zero
    Scenario Outline: The score counts 100m and 200Mi for every container that asks for nothing (<busy>)
      k/k pkg/scheduler/framework/types.go calculateResource (getNonMissingContainerRequests)
      adds a pod to NodeInfo.NonZeroRequested with PodRequests and NonMissingContainerRequests:
      every container that names no cpu or memory request counts 100m / 200Mi
      (schedutil.DefaultMilliCPURequest, DefaultMemoryRequest), so a pod of three such
      containers counts 300m and 600Mi; when the pod sets pod-level requests (PodLevelResources,
      beta and on since 1.34) only a resource its requests lack entirely gets the per-container
      default. noderesources/least_allocated.go then scores each node by what is left free.
      "n-a" holds the pod "busy" (<busy>), "n-b" a pod asking 250m and 300Mi; the next pod asks
      for nothing, so BalancedAllocation skips it (kubernetes#129138) and, with the default
      profile, LeastAllocated alone picks between two equal nodes: n-a scores <score-a>, n-b 57.
      Given a node "n-a" with cpu "1", memory "1000Mi", pods "110"
      And a node "n-b" with cpu "1", memory "1000Mi", pods "110"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: busy}
        spec:
          nodeSelector: {kubernetes.io/hostname: n-a}
          <pod-level>
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
          - {name: log, image: registry.k8s.io/pause:3.10}
          - {name: proxy, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: sized}
        spec:
          nodeSelector: {kubernetes.io/hostname: n-b}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: 250m, memory: 300Mi}}
        """
      Then the Pod "busy" is scheduled to "n-a"
      And the Pod "sized" is scheduled to "n-b"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: next}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "next" is scheduled to "<chosen>"

      Examples:
        | busy                                  | pod-level                                      | score-a | chosen |
        | three containers without requests     | resources: {}                                  | 40      | n-b    |
        | pod-level requests of 50m and 50Mi    | resources: {requests: {cpu: 50m, memory: 50Mi}} | 80      | n-a    |
        | a pod-level cpu request of 50m only   | resources: {requests: {cpu: 50m}}              | 52      | n-b    |
        | pod-level requests of 600m and 50Mi   | resources: {requests: {cpu: 600m, memory: 50Mi}} | 52      | n-b    |

    @req:platform-SCHED-R01 @clause:platform-SCHED-R01/insufficient-resolvable
    Scenario: A node at its pod limit: the scheduler says Too many pods, the kubelet refuses a pod bound to it
      noderesources/fit.go fitsRequest: "Too many pods" once the node's pods allocatable is
      used up, left to preemption (no victim of lower priority here); a pod created with
      spec.nodeName skips the scheduler and the kubelet's admission refuses it (lifecycle
      predicate.go, kubelet rejectPod): phase Failed, reason OutOfpods, "Node didn't have
      enough resource: pods, requested: 1, used: 1, capacity: 1", and a Warning event from
      source component "kubelet" (cmd/kubelet/app/server.go makeEventRecorder: EventSource
      componentKubelet).
      Given a node "n1" with cpu "8", memory "32Gi", pods "1"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: first}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "first" is scheduled to "n1"
      And the Pod "second" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Too many pods. no new claims to deallocate, preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod."
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: bound}
        spec:
          nodeName: n1
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "bound" contains:
        """
        status:
          phase: Failed
          reason: OutOfpods
          message: "Pod was rejected: Node didn't have enough resource: pods, requested: 1, used: 1, capacity: 1"
        """
      And the kubelet recorded a Warning event "OutOfpods" for the Pod "bound" with message:
        """
        Node didn't have enough resource: pods, requested: 1, used: 1, capacity: 1
        """
      And there is a Warning event "OutOfpods" from "kubelet" for Pod "bound" with the message "Node didn't have enough resource: pods, requested: 1, used: 1, capacity: 1"

    @req:platform-SCHED-R01 @clause:platform-SCHED-R01/insufficient-resolvable
    Scenario: The kubelet refuses a bound pod asking for ephemeral storage its node does not report
      A resource missing from the node's allocatable counts as 0 of it (noderesources.Fits,
      which the kubelet's GeneralPredicates run): one byte of ephemeral-storage does not fit
      a node that reports none. Extended resources are the exception (removeMissingExtended
      Resources drops those no device plugin serves); ephemeral-storage is not one.
      Given a node "n1" with cpu "8", memory "32Gi", pods "110"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: scratch}
        spec:
          nodeName: n1
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {requests: {ephemeral-storage: "1"}}
        """
      Then the Pod "scratch" contains:
        """
        status:
          phase: Failed
          reason: OutOfephemeral-storage
          message: "Pod was rejected: Node didn't have enough resource: ephemeral-storage, requested: 1, used: 0, capacity: 0"
        """

    @req:platform-SCHED-R01 @clause:platform-SCHED-R01/insufficient-resolvable
    Scenario: A node that takes no pods at all (pods allocatable 0) is still left to preemption
      noderesources/fit.go fitsRequest: the "Too many pods" entry never sets Unresolvable (only
      cpu, memory, ephemeral-storage and scalar requests above the node's allocatable do), so
      even a node whose allocatable pods is 0 is Unschedulable, not UnschedulableAndUnresolvable:
      DefaultPreemption looks at it and finds no victim (preemption.go SelectVictimsOnNode),
      instead of "Preemption is not helpful for scheduling".
      Given a node "n0" with cpu "8", memory "32Gi", pods "0"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: lonely}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "lonely" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Too many pods. no new claims to deallocate, preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod."


    @req:platform-SCHED-R01 @clause:platform-SCHED-R01/no-nodes @needs:no-nodes
    Scenario: A pod in a cluster without nodes is told there are none
      schedule_one.go schedulePod returns ErrNoNodesAvailable ("no nodes available to schedule
      pods") before any plugin runs: it is not a FitError, so there is no "0/N nodes are
      available" histogram and no PostFilter message; the pod is Unschedulable with the error
      as its message. A live cluster always has its nodes, so it cannot run this.
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: lonely}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "lonely" stays pending with reason "Unschedulable" and a message starting with "no nodes available to schedule pods"
      And the Pod "lonely" has "status.conditions[0].message" equal to "no nodes available to schedule pods"

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/error-backoff @needs:no-nodes @needs:logical-clock
    Scenario: A pod no plugin rejected waits out the error backoff, even when a node comes
      The queue tells an error from a rejection by the plugins that rejected the pod, not by
      the status (scheduling_queue.go AddUnschedulableIfNotPresent: no unschedulable or
      pending plugins -> ConsecutiveErrorsCount++): "no nodes available to schedule pods" is
      UnschedulableAndUnresolvable, yet no plugin ran, so the pod waits in the error backoff
      queue (backoff_queue.go add: podErrorBackoffQ), 1 s doubled per attempt, and a Node Add
      moves only the unschedulable pods (MoveAllToActiveOrBackoffQueue). Attempts at 0, 1 and
      3 s; the node added at 3 s is used at 7 s. A live cluster always has its nodes.
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: lonely}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When 1 second passes
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 2
      When 1 second passes
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 2
      When 1 second passes
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 3
      Given a node "node-1" with cpu "8", memory "32Gi"
      When 3 seconds pass
      Then the Pod "lonely" has no "spec.nodeName"
      When 1 second passes
      Then the Pod "lonely" is scheduled to "node-1"
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 3
  @component:controller
  Rule: Workload controllers
    Deployments and ReplicaSets as kube-controller-manager runs them (k/k pkg/controller/deployment,
    pkg/controller/replicaset): DRA workloads reach their pods through them, so the ReplicaSet a
    Deployment's pod template gets is part of what every workload verdict relies on.

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/replicaset-per-template
    Scenario: Each pod template a Deployment is given gets a ReplicaSet of its own
      k/k pkg/controller/deployment/sync.go getNewReplicaSet: a template no ReplicaSet has yet
      gets a new one, named <deployment>-<pod-template-hash> and labelled with the hash
      (deployment/util ComputeHash of the template); the older ones stay as revision history
      (revisionHistoryLimit 10), at 0 replicas. The hash values are the controller's own, so
      the scenario finds the ReplicaSets by the template's labels, never by name; with 0
      replicas no pod has to start for the rollout to finish.
      Given a cluster
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 0
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web, rev: "1"}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      And I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 0
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web, rev: "2"}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      And I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 0
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web, rev: "3"}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there are 3 ReplicaSet objects labelled "app=web"
      And there is 1 ReplicaSet object labelled "app=web,rev=3"
      And every ReplicaSet labelled "app=web" has "spec.replicas" equal to 0
      And the Deployment "web" has "metadata.generation" equal to 3
      And the Deployment "web" has "status.observedGeneration" equal to 3

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/scaled
    Scenario: A Deployment scaled down and up scales its ReplicaSet and its pods with it
      k/k pkg/controller/deployment/sync.go scale: a changed spec.replicas with the same
      template is written to the current ReplicaSet, whose controller then deletes or creates
      pods. No node exists, so the pods stay pending and go at once when deleted.
      Given a cluster
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 3
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there are 3 Pod objects labelled "app=web"
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 ReplicaSet object labelled "app=web"
      And every ReplicaSet labelled "app=web" has "spec.replicas" equal to 1
      And there is 1 Pod object labelled "app=web"
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 2
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then every ReplicaSet labelled "app=web" has "spec.replicas" equal to 2
      And there are 2 Pod objects labelled "app=web"
      And every ReplicaSet labelled "app=web" has "metadata.generation" equal to 3
      And every ReplicaSet labelled "app=web" has "status.observedGeneration" equal to 3

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/release-keeps-other-owners
    Scenario: A pod relabelled out of its ReplicaSet loses the ReplicaSet's owner reference alone
      k/k pkg/controller/controller_ref_manager.go ReleasePod: a pod the ReplicaSet controls
      whose labels no longer match its selector is released with a strategic merge patch that
      deletes the one owner reference whose uid is the ReplicaSet's
      (GenerateDeleteOwnerRefStrategicMergeBytes). An owner another client gave the pod stays,
      so the garbage collector keeps the pod while that owner exists; the ReplicaSet makes a
      replacement.
      Given a cluster
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "app=web"
      When I add an owner reference to the Deployment "web" to the pods of the Deployment "web"
      And I set the label "app" of the pods of the Deployment "web" to "debug"
      Then there is 1 Pod object labelled "app=debug"
      And there is 1 Pod object labelled "app=web"
      And every Pod labelled "app=debug" has "metadata.ownerReferences[0].kind" equal to Deployment
      And every Pod labelled "app=debug" has "metadata.ownerReferences[0].name" equal to web
      And every Pod labelled "app=debug" has no "metadata.ownerReferences[1]"
      And every Pod labelled "app=web" has "metadata.ownerReferences[0].kind" equal to ReplicaSet

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/release-keeps-other-owners
    Scenario: A ReplicaSet being deleted keeps the pod its selector stops matching, and the pod goes with it
      k/k pkg/controller/controller_ref_manager.go ClaimObject: a pod the ReplicaSet controls
      whose labels no longer match is released "unless we're being deleted": while the
      ReplicaSet has a deletionTimestamp (a finalizer holds it) the pod keeps its controller
      reference, and the ReplicaSet makes no replacement (syncReplicaSet manages replicas only
      while it is not being deleted). Once the finalizer is gone the garbage collector deletes
      the ReplicaSet's dependents, the relabelled pod among them; a released pod would stay.
      Given a cluster
      When I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: solo, finalizers: [example.com/hold]}
        spec:
          replicas: 1
          selector: {matchLabels: {app: solo}}
          template:
            metadata: {labels: {app: solo}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "app=solo"
      When I delete the ReplicaSet "solo"
      And I set the label "app" of the pods of the ReplicaSet "solo" to "debug"
      Then there is 1 Pod object labelled "app=debug"
      And there are 0 Pod objects labelled "app=solo"
      And every Pod labelled "app=debug" has "metadata.ownerReferences[0].kind" equal to ReplicaSet
      And every Pod labelled "app=debug" has "metadata.ownerReferences[0].name" equal to solo
      When I patch the ReplicaSet "solo" with:
        """
        metadata:
          finalizers: null
        """
      Then there are 0 Pod objects labelled "app=debug"

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/scaled
    Scenario: A Deployment re-applied with its pod template written in another order keeps its ReplicaSet
      k/k pkg/controller/deployment/sync.go getNewReplicaSet: the current ReplicaSet is the one
      whose template equals the Deployment's (deployment/util FindNewReplicaSet, EqualIgnoreHash:
      apiequality.Semantic.DeepEqual of the decoded templates), and the name of a new one
      carries ComputeHash of the template (pkg/controller/controller_utils.go, hashutil
      DeepHashObject: the Go struct printed by spew with map keys sorted). Neither sees the
      order in which a client wrote the template's fields or labels, so the same template in
      another order with a new replica count scales the ReplicaSet it has and rolls out no
      new one.
      Given a cluster
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web, tier: front}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "app=web"
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          template:
            spec:
              containers: [{image: registry.k8s.io/pause:3.10, name: app}]
            metadata: {labels: {tier: front, app: web}}
          selector: {matchLabels: {app: web}}
          replicas: 2
        """
      Then there is 1 ReplicaSet object labelled "app=web"
      And every ReplicaSet labelled "app=web" has "spec.replicas" equal to 2
      And there are 2 Pod objects labelled "app=web"

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/replicaset-per-template
    Scenario: A Deployment whose pod template has no labels still gets a ReplicaSet and its pods
      ValidateDeploymentSpec only asks that a non-empty selector matches the template's labels:
      a selector that only excludes a label (DoesNotExist) matches a template without labels.
      k/k getNewReplicaSet then labels the new ReplicaSet's template with pod-template-hash
      (labelsutil.CloneAndAddLabel starts from the template's nil labels) and adds the hash to
      the selector's matchLabels (CloneSelectorAndAddLabel, keeping the expression), so the
      ReplicaSet and its pods carry that one label.
      Given a cluster
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: bare}
        spec:
          replicas: 2
          selector:
            matchExpressions: [{key: app, operator: DoesNotExist}]
          template:
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 ReplicaSet object labelled "pod-template-hash"
      And every ReplicaSet labelled "pod-template-hash" has "spec.selector.matchExpressions" equal to [{key: app, operator: DoesNotExist}]
      And every ReplicaSet labelled "pod-template-hash" has "spec.replicas" equal to 2
      And there are 2 Pod objects labelled "pod-template-hash"
      And there are 2 Pod objects

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/create-refused @needs:logical-clock
    Scenario: A ReplicaSet whose pod create is refused says so and creates the pod once it may
      k/k pkg/controller/controller_utils.go RealPodControl.createPods: a create the API server
      refuses is a Warning event "FailedCreate" "Error creating: <error>" on the ReplicaSet;
      pkg/controller/replicaset/replica_set.go manageReplicas stops there (slowStartBatch),
      replica_set_utils.go calculateStatus sets the condition ReplicaFailure (True,
      FailedCreate) and the sync is retried with the workqueue's backoff: no ResourceQuota
      event wakes a ReplicaSet. Once the quota has room a retry creates the missing pod, and a
      sync without an error removes the condition.
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: two-pods}
        spec:
          hard:
            pods: "2"
        """
      When I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: solo}
        spec:
          replicas: 3
          selector: {matchLabels: {app: solo}}
          template:
            metadata: {labels: {app: solo}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there are 2 Pod objects labelled "app=solo"
      And there is a Warning event "FailedCreate" for ReplicaSet "solo" starting with "Error creating: pods "solo-"
      And there is a Warning event "FailedCreate" for ReplicaSet "solo" containing "is forbidden: exceeded quota: two-pods, requested: pods=1, used: pods=2, limited: pods=2"
      And the ReplicaSet "solo" has "status.conditions[0].type" equal to ReplicaFailure
      And the ReplicaSet "solo" has "status.conditions[0].status" equal to "True"
      And the ReplicaSet "solo" has "status.conditions[0].reason" equal to FailedCreate
      When I patch the ResourceQuota "two-pods" with:
        """
        spec:
          hard:
            pods: "3"
        """
      And 1 second passes
      Then there are 3 Pod objects labelled "app=solo"
      And the ReplicaSet "solo" has no "status.conditions"

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/deleting-not-scaled
    Scenario: A Deployment or ReplicaSet being deleted is no longer scaled
      k/k pkg/controller/deployment/deployment_controller.go syncDeployment: a Deployment with
      a deletionTimestamp only has its status synced (syncStatusOnly), so a new replica count
      reaches no ReplicaSet; pkg/controller/replicaset/replica_set.go syncReplicaSet manages
      replicas only while rs.DeletionTimestamp is nil (its status, observedGeneration included,
      is still written: calculateStatus). A finalizer keeps each in that state;
      once it is removed the object goes and the garbage collector (background propagation,
      apps/v1's default) deletes what it owned. No node exists, so the pods stay pending and go
      at once when deleted.
      Given a cluster
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web, finalizers: [example.com/hold]}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        ---
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: solo, finalizers: [example.com/hold]}
        spec:
          replicas: 2
          selector: {matchLabels: {app: solo}}
          template:
            metadata: {labels: {app: solo}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "app=web"
      And there are 2 Pod objects labelled "app=solo"
      When I delete the Deployment "web"
      And I delete the ReplicaSet "solo"
      And I patch the Deployment "web" with:
        """
        spec:
          replicas: 3
        """
      And I patch the ReplicaSet "solo" with:
        """
        spec:
          replicas: 4
        """
      Then every ReplicaSet labelled "app=web" has "spec.replicas" equal to 1
      And there is 1 Pod object labelled "app=web"
      And there are 2 Pod objects labelled "app=solo"
      And the ReplicaSet "solo" has "status.replicas" equal to 2
      And the ReplicaSet "solo" has "status.observedGeneration" equal to 3
      When I patch the Deployment "web" with:
        """
        metadata:
          finalizers: null
        """
      And I patch the ReplicaSet "solo" with:
        """
        metadata:
          finalizers: null
        """
      Then there are 0 ReplicaSet objects labelled "app=web"
      And there are 0 Pod objects labelled "app=web"
      And there are 0 Pod objects labelled "app=solo"

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/scale-down-order
    Scenario: A ReplicaSet scaled down deletes its unscheduled pod before a newer bound one that has not started
      k/k pkg/controller/replicaset/replica_set.go manageReplicas deletes the pods
      getPodsToDelete ranks first: controller.ActivePodsWithRanks (pkg/controller/
      controller_utils.go Less) puts a pod not assigned to a node before an assigned one,
      before it compares phase, readiness, pods per node or age. The older pod waits for a
      node its template selects and none has; the newer one, made after the template changed
      (a ReplicaSet does not replace the pods it has), is bound to n1 but does not start: the
      driver of its device does not run there, so the kubelet cannot prepare its claim (on a
      live cluster the harness's nodes run no kubelet at all). Both are Pending and not
      ready, so only the node assignment puts the older pod first.
      Given a node "n1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: odd.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "odd.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: n1-odd}
        spec:
          driver: odd.example.com
          nodeName: n1
          pool: {name: n1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: dev-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: odd}
        spec:
          spec:
            devices:
              requests:
              - name: dev
                exactly: {deviceClassName: odd.example.com}
        """
      When I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              nodeSelector: {example.com/pool: none}
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "app=web"
      When 2 seconds pass
      And I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 2
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              resourceClaims:
              - {name: dev, resourceClaimTemplateName: odd}
              containers:
              - name: app
                image: registry.k8s.io/pause:3.10
                resources:
                  claims: [{name: dev}]
        """
      And I note the 1 scheduled and 1 pending pods of the ReplicaSet "web"
      And I set "spec.replicas" of the ReplicaSet "web" to 1
      Then the pods of the ReplicaSet "web" are exactly its noted scheduled pods

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/scale-down-cost
    Scenario: A ReplicaSet scaled down deletes the pod with the lowest deletion cost first, even an older one
      k/k pkg/controller/controller_utils.go ActivePodsWithRanks.Less: after node assignment,
      phase and readiness, and before pods per node, ready time, restarts and age, "lower
      pod-deletion-cost < higher pod-deletion cost" (PodDeletionCost, beta and on since 1.22;
      helper.GetDeletionCostFromPodAnnotations reads controller.kubernetes.io/pod-deletion-cost,
      0 when absent). A ReplicaSet does not change the pods it has when its template changes,
      so the older pod keeps the template's cost -5 and the newer one has none (0). Both are
      on n1 and alike in phase and readiness; without the cost the newer one would go first.
      Given a node "n1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata:
              labels: {app: web, gen: one}
              annotations: {controller.kubernetes.io/pod-deletion-cost: "-5"}
            spec:
              nodeName: n1
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "gen=one"
      When 2 seconds pass
      And I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 2
          selector: {matchLabels: {app: web}}
          template:
            metadata:
              labels: {app: web, gen: two}
            spec:
              nodeName: n1
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "gen=two"
      When I set "spec.replicas" of the ReplicaSet "web" to 1
      Then there are 0 Pod objects labelled "gen=one"
      And there is 1 Pod object labelled "gen=two"

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/scale-down-age
    Scenario: A ReplicaSet scaled down deletes the newer of otherwise alike pods
      k/k pkg/controller/controller_utils.go ActivePodsWithRanks.Less, last before the UID:
      "Empty creation time pods < newer pods < older pods". With LogarithmicScaleDown (GA and
      locked since 1.31) the ages are compared by int64(log2(now - creationTimestamp in ns))
      (logarithmicRankDiff, a zero age ranks -1): pods scaled down within a couple of seconds
      of their creation are younger than 2^31 ns (2.1 s) and those made 5 seconds earlier are
      older, so the buckets differ and the newer go first (a tie would fall to the UID).
      The six pods are alike in everything else (all on n1, same phase, readiness, cost and
      restarts), so scaling 6 down to 3 deletes the three gen=two pods.
      Given a node "n1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 3
          selector: {matchLabels: {app: web}}
          template:
            metadata:
              labels: {app: web, gen: one}
            spec:
              nodeName: n1
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there are 3 Pod objects labelled "gen=one"
      When 5 seconds pass
      And I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 6
          selector: {matchLabels: {app: web}}
          template:
            metadata:
              labels: {app: web, gen: two}
            spec:
              nodeName: n1
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there are 3 Pod objects labelled "gen=two"
      When I set "spec.replicas" of the ReplicaSet "web" to 3
      Then there are 0 Pod objects labelled "gen=two"
      And there are 3 Pod objects labelled "gen=one"

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/scale-down-ready
    Scenario: A ReplicaSet scaled down deletes a not ready pod before a ready one, even an older one
      k/k pkg/controller/controller_utils.go ActivePodsWithRanks.Less: after node assignment and
      phase, "Not ready < ready" (podutil.IsPodReady: the Ready condition is True). Both pods
      wait for a node their template selects and none has (Pending, unassigned), so no kubelet
      owns their status; the scenario writes Ready True on the newer pod through the status
      subresource, merged by condition type as kubectl's strategic merge patch does, so the
      scheduler's PodScheduled stays. Without the readiness rank the newer pod would go first.
      The status is written whole (updateReplicaSetStatus: rs.Status = newStatus) and a count
      of 0 is omitted, so once the ready pod is gone too readyReplicas is no longer there.
      Given a cluster
      When I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web, gen: one}}
            spec:
              nodeSelector: {example.com/pool: none}
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "gen=one"
      When 2 seconds pass
      And I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 2
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web, gen: two}}
            spec:
              nodeSelector: {example.com/pool: none}
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "gen=two"
      When I patch the status of the Pod labelled "gen=two" with:
        """
        status:
          conditions:
          - {type: Ready, status: "True", lastTransitionTime: "2025-01-01T00:00:00Z"}
        """
      Then the ReplicaSet "web" comes to have "status.readyReplicas" equal to 1
      When I set "spec.replicas" of the ReplicaSet "web" to 1
      Then there are 0 Pod objects labelled "gen=one"
      And there is 1 Pod object labelled "gen=two"
      When I set "spec.replicas" of the ReplicaSet "web" to 0
      Then the ReplicaSet "web" comes to have "status.replicas" equal to 0
      And the ReplicaSet "web" has no "status.readyReplicas"

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/replicaset-status
    Scenario: A ready pod whose Ready condition has no lastTransitionTime never becomes available under minReadySeconds
      k/k pkg/api/v1/pod/util.go IsPodAvailable: with minReadySeconds above 0 a ready pod is
      available only once its Ready condition's lastTransitionTime lies minReadySeconds in the
      past; a condition written without that time (the zero time) never does, however long it
      has been ready. The pod waits for a node no node is (Pending, unassigned), so no kubelet
      owns its status; the scenario writes Ready True without a time through the status
      subresource.
      Given a cluster
      When I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 1
          minReadySeconds: 5
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              nodeSelector: {example.com/pool: none}
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "app=web"
      When I patch the status of the Pod labelled "app=web" with:
        """
        status:
          conditions:
          - {type: Ready, status: "True"}
        """
      Then the ReplicaSet "web" comes to have "status.readyReplicas" equal to 1
      When 10 seconds pass
      Then the ReplicaSet "web" has "status.readyReplicas" equal to 1
      And the ReplicaSet "web" has no "status.availableReplicas"

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/scale-down-restarts
    Scenario: A ReplicaSet scaled down deletes the pod whose containers restarted more first, even an older one
      k/k pkg/controller/controller_utils.go ActivePodsWithRanks.Less: after node assignment,
      phase, readiness, deletion cost, pods per node and ready time, "Pods with containers with
      higher restart counts < lower restart counts" (maxContainerRestarts, the largest
      restartCount of the pod's containers), before age. Both pods wait for a node (Pending,
      unassigned, not ready); the scenario writes a container status with restartCount 3 on the
      older pod through the status subresource (no kubelet owns an unassigned pod). Without the
      restart rank the newer pod would go first.
      Given a cluster
      When I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web, gen: one}}
            spec:
              nodeSelector: {example.com/pool: none}
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "gen=one"
      When 2 seconds pass
      And I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 2
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web, gen: two}}
            spec:
              nodeSelector: {example.com/pool: none}
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "gen=two"
      When I patch the status of the Pod labelled "gen=one" with:
        """
        status:
          containerStatuses:
          - name: app
            image: registry.k8s.io/pause:3.10
            imageID: ""
            ready: false
            restartCount: 3
            state: {waiting: {reason: CrashLoopBackOff}}
        """
      And I set "spec.replicas" of the ReplicaSet "web" to 1
      Then there are 0 Pod objects labelled "gen=one"
      And there is 1 Pod object labelled "gen=two"

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/scale-down-doubled-up @needs:kubelet
    Scenario: A ReplicaSet scaled down deletes a pod from the node that holds more of its pods, even before a newer pod elsewhere
      k/k pkg/controller/controller_utils.go ActivePodsWithRanks.Less: after node assignment,
      phase, readiness and deletion cost, "Doubled up < not doubled up": a pod ranks by how
      many of the ReplicaSet's pods share its node (getPodsRankedByRelatedPodsOnSameNode), before
      ready time and age. The template moves the pods: gen one and gen two on node-a, gen
      three, the newest, alone on node-b. Scaled from 3 to 2, the ReplicaSet deletes from
      node-a, the newer of its two (gen two); by age alone gen three would go.
      Given a node "node-a" with cpu "8", memory "32Gi"
      And a node "node-b" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web, gen: one}}
            spec:
              nodeSelector: {kubernetes.io/hostname: node-a}
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "gen=one"
      When 2 seconds pass
      And I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 2
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web, gen: two}}
            spec:
              nodeSelector: {kubernetes.io/hostname: node-a}
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "gen=two"
      When 2 seconds pass
      And I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 3
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web, gen: three}}
            spec:
              nodeSelector: {kubernetes.io/hostname: node-b}
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "gen=three"
      And every Pod labelled "app=web" has "status.phase" equal to "Running"
      When I set "spec.replicas" of the ReplicaSet "web" to 2
      Then there are 0 Pod objects labelled "gen=two"
      And there is 1 Pod object labelled "gen=one"
      And there is 1 Pod object labelled "gen=three"

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/scale-down-order @needs:kubelet
    Scenario: A ReplicaSet scaled down deletes a bound Pending pod before a newer Running one that is not ready
      ActivePodsWithRanks.Less compares the phase (podPhaseToOrdinal: Pending before Running)
      before readiness and age. Both pods are bound to n1 and neither is ready: the older one
      waits for a claim no driver on n1 prepares (Pending), the newer one runs but its
      readiness gate has no condition (Running, Ready False). The phase alone sends the older
      one first; by age the newer would go.
      Given a node "n1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: odd.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "odd.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: n1-odd}
        spec:
          driver: odd.example.com
          nodeName: n1
          pool: {name: n1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: dev-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: odd}
        spec:
          spec:
            devices:
              requests:
              - name: dev
                exactly: {deviceClassName: odd.example.com}
        """
      When I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web, gen: one}}
            spec:
              resourceClaims:
              - {name: dev, resourceClaimTemplateName: odd}
              containers:
              - name: app
                image: registry.k8s.io/pause:3.10
                resources:
                  claims: [{name: dev}]
        """
      Then there is 1 Pod object labelled "gen=one"
      When 2 seconds pass
      And I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 2
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web, gen: two}}
            spec:
              readinessGates:
              - {conditionType: example.com/never}
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "gen=two"
      And every Pod labelled "gen=two" has "status.phase" equal to Running
      And every Pod labelled "gen=one" has "status.phase" equal to Pending
      And every Pod labelled "gen=one" has "spec.nodeName" equal to n1
      When I set "spec.replicas" of the ReplicaSet "web" to 1
      Then there are 0 Pod objects labelled "gen=one"
      And there is 1 Pod object labelled "gen=two"

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/scale-down-ready
    Scenario: A ReplicaSet scaled down ranks a pod whose status has no phase as a Pending one
      k/k pkg/controller/controller_utils.go ActivePodsWithRanks.Less compares phases through
      podPhaseToOrdinal (Pending 0, Unknown 1, Running 2); a phase it does not list, none
      included, reads the map's zero value, as Pending does. The newer of two pending,
      unassigned pods loses its phase through the status subresource (no kubelet owns it):
      it still goes first, by age; ranked like Unknown it would stay and the older one go.
      Given a cluster
      When I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web, gen: one}}
            spec:
              nodeSelector: {example.com/pool: none}
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "gen=one"
      When 2 seconds pass
      And I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 2
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web, gen: two}}
            spec:
              nodeSelector: {example.com/pool: none}
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "gen=two"
      When I patch the status of the Pod labelled "gen=two" with:
        """
        status:
          phase: null
        """
      And I set "spec.replicas" of the ReplicaSet "web" to 1
      Then there are 0 Pod objects labelled "gen=two"
      And there is 1 Pod object labelled "gen=one"

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/failed-replaced
    Scenario: A ReplicaSet replaces a pod that failed and keeps the failed one
      k/k pkg/controller/replicaset/replica_set.go syncReplicaSet counts only
      controller.FilterActivePods (not Succeeded, not Failed, not being deleted): a pod that
      failed (the kubelet evicted it or refused it at admission) is no longer a replica, so
      manageReplicas creates another and leaves the failed one to the pod garbage collector;
      calculateStatus counts the active pods only. The pod waits for a node no node is, so
      no kubelet owns it; its status is set Failed as an eviction would.
      Given a cluster
      When I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              nodeSelector: {example.com/pool: none}
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "app=web"
      When I patch the status of the Pod labelled "app=web" with:
        """
        status:
          phase: Failed
          reason: Evicted
          message: "The node was low on resource: memory."
        """
      Then there are 2 Pod objects labelled "app=web"
      And the ReplicaSet "web" has "status.replicas" equal to 1

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/replicaset-status @clause:platform-CTRL-R01/deployment-status @needs:kubelet
    Scenario: A GPU Deployment's status counts the pods that run and the one left pending for want of a device
      k/k pkg/controller/replicaset/replica_set_utils.go calculateStatus: replicas counts the
      ReplicaSet's active pods (3), fullyLabeledReplicas those carrying every template label
      (3), readyReplicas those whose Ready condition is True (the 2 that got a GPU and run),
      availableReplicas those ready for minReadySeconds (0 here: the same 2); the pod left
      pending (one GPU short: 2 devices for 3 pods) counts in replicas only.
      pkg/controller/deployment/sync.go calculateStatus sums the ReplicaSets' status counts
      (replicas 3, updatedReplicas 3 from the one new ReplicaSet, readyReplicas 2,
      availableReplicas 2) and unavailableReplicas = spec.replicas of its ReplicaSets (3) less
      the available (2) = 1; observedGeneration is the generation the controllers saw. With
      maxUnavailable 50% of 3 (rounded down: 1) two available pods are the minimum
      (deployment/util MaxUnavailable, ResolveFenceposts), so Available is True
      (MinimumReplicasAvailable); at the default 25% (0) it would take all three.
      Given a node "n1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: n1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: n1
          pool: {name: n1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
          - name: gpu-1
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: gpu}
        spec:
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
        metadata: {name: web}
        spec:
          replicas: 3
          strategy: {rollingUpdate: {maxUnavailable: 50%}}
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              resourceClaims:
              - {name: gpu, resourceClaimTemplateName: gpu}
              containers:
              - name: app
                image: registry.k8s.io/pause:3.10
                resources:
                  claims: [{name: gpu}]
        """
      And I note the 2 scheduled and 1 pending pods of the Deployment "web"
      Then every ReplicaSet labelled "app=web" has "status.replicas" equal to 3
      And every ReplicaSet labelled "app=web" has "status.fullyLabeledReplicas" equal to 3
      And every ReplicaSet labelled "app=web" has "status.readyReplicas" equal to 2
      And every ReplicaSet labelled "app=web" has "status.availableReplicas" equal to 2
      And every ReplicaSet labelled "app=web" has "status.observedGeneration" equal to 1
      And the Deployment "web" comes to have "status.availableReplicas" equal to 2
      And the Deployment "web" has "status.replicas" equal to 3
      And the Deployment "web" has "status.updatedReplicas" equal to 3
      And the Deployment "web" has "status.readyReplicas" equal to 2
      And the Deployment "web" has "status.unavailableReplicas" equal to 1
      And the Deployment "web" has "status.observedGeneration" equal to 1
      And the Available condition of the Deployment "web" has status True and reason MinimumReplicasAvailable, with lastTransitionTime and lastUpdateTime set

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/deployment-status @needs:kubelet
    Scenario Outline: A Deployment with 2 of 3 replicas available is Available only when its rolling update allows 1 unavailable (<strategy>)
      deployment/util MaxUnavailable and ResolveFenceposts: maxUnavailable a count, or a
      percent of spec.replicas rounded down, maxSurge a percent rounded up; when both come to
      0, one pod may be unavailable; the Available condition is True when availableReplicas
      is at least spec.replicas less that (MinimumReplicasAvailable), else False
      (MinimumReplicasUnavailable). Two GPUs for three pods leave one pod pending.
      Given a node "n1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: n1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: n1
          pool: {name: n1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
          - name: gpu-1
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: gpu}
        spec:
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
        metadata: {name: web}
        spec:
          replicas: 3
          strategy: {rollingUpdate: <strategy>}
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              resourceClaims:
              - {name: gpu, resourceClaimTemplateName: gpu}
              containers:
              - name: app
                image: registry.k8s.io/pause:3.10
                resources:
                  claims: [{name: gpu}]
        """
      And I note the 2 scheduled and 1 pending pods of the Deployment "web"
      Then the Deployment "web" comes to have "status.availableReplicas" equal to 2
      And the Available condition of the Deployment "web" has status <status> and reason <reason>, with lastTransitionTime and lastUpdateTime set
      And the Deployment "web" has "status.conditions[type=Available].message" equal to <message>

      Examples:
        | strategy                              | status | reason                     | message                                         |
        | {maxUnavailable: 1}                   | True   | MinimumReplicasAvailable   | Deployment has minimum availability.            |
        | {maxUnavailable: 0, maxSurge: 1}      | False  | MinimumReplicasUnavailable | Deployment does not have minimum availability. |
        | {maxUnavailable: "10%", maxSurge: "0%"} | True | MinimumReplicasAvailable   | Deployment has minimum availability.            |
        | {maxUnavailable: "10%", maxSurge: "10%"} | False | MinimumReplicasUnavailable | Deployment does not have minimum availability. |

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/deployment-status @needs:kubelet
    Scenario Outline: A Deployment with 3 of 4 replicas available is Available under the default rolling update, not under Recreate (<strategy>)
      deployment/util MaxUnavailable is 0 unless the strategy is RollingUpdate; the default
      rolling update's 25% of 4 replicas lets one be unavailable. Three GPUs for four pods
      leave one pod pending.
      Given a node "n1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: n1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: n1
          pool: {name: n1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
          - name: gpu-1
          - name: gpu-2
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: gpu}
        spec:
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
        metadata: {name: web}
        spec:
          replicas: 4
          strategy: <strategy>
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              resourceClaims:
              - {name: gpu, resourceClaimTemplateName: gpu}
              containers:
              - name: app
                image: registry.k8s.io/pause:3.10
                resources:
                  claims: [{name: gpu}]
        """
      And I note the 3 scheduled and 1 pending pods of the Deployment "web"
      Then the Deployment "web" comes to have "status.availableReplicas" equal to 3
      And the Available condition of the Deployment "web" has status <status> and reason <reason>, with lastTransitionTime and lastUpdateTime set

      Examples:
        | strategy         | status | reason                     |
        | {}               | True   | MinimumReplicasAvailable   |
        | {type: Recreate} | False  | MinimumReplicasUnavailable |

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/deployment-status @needs:kubelet @needs:logical-clock
    Scenario: A Deployment's Available condition keeps its times while it stays the same
      deployment/util SetDeploymentCondition leaves a condition whose status and reason do not
      change as it is, lastUpdateTime included, however the rest of the status changes: the
      Deployment scaled from 1 to 2 replicas 10 seconds later (maxUnavailable 1, so it stays
      available while the second pod starts) has new counts but the same Available condition.
      Given a node "n1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 1
          strategy: {rollingUpdate: {maxUnavailable: 1}}
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers:
              - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Deployment "web" comes to have "status.availableReplicas" equal to 1
      And the Deployment "web" has "status.conditions[0].type" equal to Available
      And the Deployment "web" has "status.conditions[0].lastUpdateTime" equal to "2026-01-01T00:00:00Z"
      When 10 seconds pass
      And I set "spec.replicas" of the Deployment "web" to 2
      Then the Deployment "web" comes to have "status.availableReplicas" equal to 2
      And the Deployment "web" has "status.conditions[0].status" equal to "True"
      And the Deployment "web" has "status.conditions[0].lastUpdateTime" equal to "2026-01-01T00:00:00Z"
      And the Deployment "web" has "status.conditions[0].lastTransitionTime" equal to "2026-01-01T00:00:00Z"

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/deployment-status @needs:kubelet
    Scenario: A Deployment status another client wrote gets the controller's Available reason with its transition time and keeps its collisionCount
      deployment/util SetDeploymentCondition replaces a condition whose status or reason
      differ, but keeps its lastTransitionTime when only the reason does; sync.go
      calculateStatus copies status.collisionCount from the Deployment as it is. Another
      client writes Available True with its own reason and time and a collisionCount: the
      controller's next sync (the Deployment changed) writes its reason and message over
      them, keeps that lastTransitionTime and the collisionCount.
      Given a node "n1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers:
              - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Deployment "web" comes to have "status.availableReplicas" equal to 1
      When I patch the Deployment "web" status with:
        """
        status:
          collisionCount: 1
          conditions:
          - {type: Available, status: "True", reason: ByHand, message: set by hand, lastUpdateTime: "2020-01-01T00:00:00Z", lastTransitionTime: "2020-01-01T00:00:00Z"}
        """
      Then the Deployment "web" comes to have "status.conditions[0].reason" equal to MinimumReplicasAvailable
      And the Deployment "web" has "status.conditions[0].message" equal to "Deployment has minimum availability."
      And the Deployment "web" has "status.conditions[0].lastTransitionTime" equal to "2020-01-01T00:00:00Z"
      And the Deployment "web" has "status.collisionCount" equal to 1
      And the Deployment "web" has "status.availableReplicas" equal to 1

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/replicaset-status @needs:kubelet @needs:logical-clock
    Scenario: A ReplicaSet counts a ready pod available only once it has been ready for minReadySeconds
      k/k pkg/api/v1/pod/util.go IsPodAvailable: a ready pod is available when minReadySeconds
      is 0 or its Ready condition's lastTransitionTime + minReadySeconds is before now;
      replica_set.go updatePod enqueues the ReplicaSet minReadySeconds (+1 s) after a pod turns
      ready, so the count moves without any other change. The pod gets its GPU and runs at
      once; 30 seconds later it is available.
      Given a node "n1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: n1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: n1
          pool: {name: n1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: gpu}
        spec:
          spec:
            devices:
              requests:
              - name: gpu
                exactly: {deviceClassName: gpu.example.com}
        """
      When I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 1
          minReadySeconds: 30
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              resourceClaims:
              - {name: gpu, resourceClaimTemplateName: gpu}
              containers:
              - name: app
                image: registry.k8s.io/pause:3.10
                resources:
                  claims: [{name: gpu}]
        """
      Then the ReplicaSet "web" has "status.readyReplicas" equal to 1
      And the ReplicaSet "web" has no "status.availableReplicas"
      When 29 seconds pass
      Then the ReplicaSet "web" has no "status.availableReplicas"
      When 2 seconds pass
      Then the ReplicaSet "web" has "status.availableReplicas" equal to 1

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/adopts-orphans
    Scenario: A ReplicaSet adopts a pod without a controller that its selector matches, and makes only the rest
      k/k replica_set.go syncReplicaSet claims the namespace's active pods (controller_ref_manager.go
      ClaimPods): an orphan whose labels match the selector is adopted, AdoptPod patching in
      the ReplicaSet's controller reference, and counts as one of its replicas; a pod with
      other labels is left alone. Two replicas: the orphan and one new pod.
      Given the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: orphan, labels: {app: web}}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: stranger, labels: {app: other}}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      When I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 2
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers:
              - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then there are 2 Pod objects labelled "app=web"
      And the Pod "orphan" has "metadata.ownerReferences[0].name" equal to web
      And the Pod "orphan" has "metadata.ownerReferences[0].controller" equal to true
      And the Pod "stranger" has no "metadata.ownerReferences"
      And the ReplicaSet "web" has "status.replicas" equal to 2

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/deployment-adopts-replicasets @needs:logical-clock
    Scenario: Of two adopted ReplicaSets with its pod template a Deployment takes the older one, not the first by name
      k/k deployment/util FindNewReplicaSet sorts the Deployment's ReplicaSets by
      creationTimestamp, then name (controller.ReplicaSetsByCreationTimestamp), and takes the
      first whose template equals the Deployment's (EqualIgnoreHash): "web-b", created two
      seconds before "web-a", is the new ReplicaSet and gets the Deployment's replicas; "web-a"
      is an old one and is scaled to 0.
      Given the objects:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web-b, labels: {app: web}}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers:
              - {name: app, image: registry.k8s.io/pause:3.10}
        """
      When 2 seconds pass
      And I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web-a, labels: {app: web}}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers:
              - {name: app, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 2
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers:
              - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then there are 2 ReplicaSet objects
      And the ReplicaSet "web-b" has "spec.replicas" equal to 2
      And the ReplicaSet "web-a" has "spec.replicas" equal to 0
      And the ReplicaSet "web-a" has "metadata.ownerReferences" containing [{apiVersion: apps/v1, kind: Deployment, name: web, controller: true, blockOwnerDeletion: true}]

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/deployment-adopts-replicasets
    Scenario: A Deployment adopts only the ReplicaSets of its own namespace
      getReplicaSetsForDeployment lists the ReplicaSets of the Deployment's namespace
      (rsLister.ReplicaSets(d.Namespace)) before it claims them: an orphan with matching labels
      in another namespace is not adopted, and the Deployment makes its own ReplicaSet.
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: elsewhere}
        ---
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web-orphan, namespace: elsewhere, labels: {app: web}}
        spec:
          replicas: 0
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers:
              - {name: app, image: registry.k8s.io/pause:3.10}
        """
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers:
              - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then there is 1 ReplicaSet object
      And there is 1 Pod object labelled "app=web"
      When I work in the namespace "elsewhere"
      Then the ReplicaSet "web-orphan" has no "metadata.ownerReferences"

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/deployment-adopts-replicasets
    Scenario: A ReplicaSet adopts only the pods of its own namespace
      replica_set.go syncReplicaSet lists the pods of the ReplicaSet's namespace
      (podLister.Pods(rs.Namespace)) before claimPods: an orphan pod with matching labels in
      another namespace is neither adopted nor counted, and the ReplicaSet makes its own pod.
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: elsewhere}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: stray, namespace: elsewhere, labels: {app: web}}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      When I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers:
              - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then there is 1 Pod object labelled "app=web"
      And the ReplicaSet "web" has "status.replicas" equal to 1
      When I work in the namespace "elsewhere"
      Then the Pod "stray" has no "metadata.ownerReferences"

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/deployment-adopts-replicasets
    Scenario: A Deployment adopts an orphan ReplicaSet with its pod template and makes no new one; a controlled one its selector stops matching is released
      k/k deployment_controller.go getReplicaSetsForDeployment claims the namespace's
      ReplicaSets (controller_ref_manager.go ClaimReplicaSets): an orphan whose labels the
      selector matches is adopted (AdoptReplicaSet patches in the controller reference), and
      FindNewReplicaSet takes the oldest one whose template equals the Deployment's without
      the pod-template-hash label (EqualIgnoreHash) as the new ReplicaSet, so none is made and
      the pods run on. "other" (labels app: other) is left alone. When the ReplicaSet's labels
      stop matching, ClaimReplicaSets releases it (the reference is removed) and the
      Deployment makes a ReplicaSet of its own.
      Given the objects:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web-orphan, labels: {app: web}}
        spec:
          replicas: 2
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers:
              - {name: app, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: other, labels: {app: other}}
        spec:
          replicas: 1
          selector: {matchLabels: {app: other}}
          template:
            metadata: {labels: {app: other}}
            spec:
              containers:
              - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then there are 2 Pod objects labelled "app=web"
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 2
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers:
              - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then there are 2 ReplicaSet objects
      And the ReplicaSet "web-orphan" has "metadata.ownerReferences" containing [{apiVersion: apps/v1, kind: Deployment, name: web, controller: true, blockOwnerDeletion: true}]
      And the ReplicaSet "other" has no "metadata.ownerReferences"
      And there are 2 Pod objects labelled "app=web"
      And the Deployment "web" has "status.replicas" equal to 2
      When I patch the ReplicaSet "web-orphan" with:
        """
        metadata: {labels: {app: retired}}
        """
      Then the ReplicaSet "web-orphan" has no "metadata.ownerReferences"
      And there are 3 ReplicaSet objects

    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/replicaset-status @clause:platform-CTRL-R01/adopts-orphans @needs:kubelet @needs:logical-clock
    Scenario Outline: A ReplicaSet with pods ready at different times counts each available when its own minReadySeconds pass (<order>)
      replica_set.go updatePod enqueues the ReplicaSet minReadySeconds after each pod turns
      ready (AddAfter; the work queue keeps the earliest time for a key), so the first pod is
      counted available 30 seconds after it got ready, whatever pod turned ready after it.
      The two pods are made by hand with the ReplicaSet's labels, one 10 seconds after the
      other; the ReplicaSet, created with the second, adopts both (controller_ref_manager.go
      ClaimPods: AdoptPod patches in its controller reference) and makes no pod of its own.
      Given a node "n1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: <first>, labels: {app: web}}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "<first>" has "status.phase" equal to Running
      When 10 seconds pass
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: <second>, labels: {app: web}}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 2
          minReadySeconds: 30
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers:
              - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the ReplicaSet "web" has "status.readyReplicas" equal to 2
      And the ReplicaSet "web" has no "status.availableReplicas"
      And the Pod "<first>" has "metadata.ownerReferences[0].name" equal to web
      And the Pod "<second>" has "metadata.ownerReferences[0].name" equal to web
      And there are 2 Pod objects labelled "app=web"
      When 21 seconds pass
      Then the ReplicaSet "web" has "status.availableReplicas" equal to 1
      When 10 seconds pass
      Then the ReplicaSet "web" has "status.availableReplicas" equal to 2

      Examples:
        | order                    | first | second |
        | first pod sorts first    | a-pod | b-pod  |
        | first pod sorts second   | b-pod | a-pod  |

    # since 1.35: DeploymentReplicaSetTerminatingReplicas is beta and on (alpha, off, at 1.34)
    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/replicaset-status @since:1.35
    Scenario: A ReplicaSet counts its pods held by a finalizer after their deletion as terminating
      k/k replica_set.go syncReplicaSet passes calculateStatus the claimed pods with a
      deletionTimestamp that are not Succeeded or Failed (controller.FilterTerminatingPods)
      when DeploymentReplicaSetTerminatingReplicas is on: terminatingReplicas counts them (a
      pointer, so 0 is written too) and replicas does not. GetPodFromTemplate copies the
      template's finalizers to each pod, so the pod deleted by the scale-down stays, being
      deleted, until the scenario removes the finalizer.
      Given a cluster
      When I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 2
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}, finalizers: [example.com/hold]}
            spec:
              nodeSelector: {example.com/pool: none}
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there are 2 Pod objects labelled "app=web"
      And the ReplicaSet "web" has "status.terminatingReplicas" equal to 0
      And the ReplicaSet "web" has "status.replicas" equal to 2
      When I set "spec.replicas" of the ReplicaSet "web" to 1
      Then the ReplicaSet "web" comes to have "status.terminatingReplicas" equal to 1
      And the ReplicaSet "web" has "status.replicas" equal to 1
      When I remove the finalizers of the Pods labelled "app=web"
      Then the ReplicaSet "web" comes to have "status.terminatingReplicas" equal to 0

    # since 1.35: DeploymentReplicaSetTerminatingReplicas is beta and on (alpha, off, at 1.34)
    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/replicaset-status @since:1.35
    Scenario: A ReplicaSet's finished pod held by a finalizer after its deletion is not terminating
      controller.FilterTerminatingPods leaves out pods that are Succeeded or Failed, being
      deleted or not. Another writer fails the ReplicaSet's pod (its phase); the ReplicaSet
      replaces it; both are deleted and a finalizer holds them: only the replacement, which
      had not finished, counts as terminating.
      Given a cluster
      When I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}, finalizers: [example.com/hold]}
            spec:
              nodeSelector: {example.com/pool: none}
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 Pod object labelled "app=web"
      When I patch the status of the Pod labelled "app=web" with:
        """
        status: {phase: Failed}
        """
      Then there are 2 Pod objects labelled "app=web"
      When I delete the Pods labelled "app=web"
      Then the ReplicaSet "web" comes to have "status.terminatingReplicas" equal to 1
      When I remove the finalizers of the Pods labelled "app=web"
      Then the ReplicaSet "web" comes to have "status.terminatingReplicas" equal to 0

    # since 1.35: DeploymentReplicaSetTerminatingReplicas is beta and on (alpha, off, at 1.34)
    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/deployment-status @since:1.35
    Scenario: A Deployment sums its ReplicaSets' terminating pods
      k/k pkg/controller/deployment/sync.go calculateStatus, with
      DeploymentReplicaSetTerminatingReplicas on: terminatingReplicas is the sum of its
      ReplicaSets' (GetTerminatingReplicaCountForReplicaSets). The pod the scale-down deletes
      stays, held by the finalizer its template gives it, until the scenario removes it.
      Given a cluster
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 2
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}, finalizers: [example.com/hold]}
            spec:
              nodeSelector: {example.com/pool: none}
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there are 2 Pod objects labelled "app=web"
      And the Deployment "web" comes to have "status.terminatingReplicas" equal to 0
      When I set "spec.replicas" of the Deployment "web" to 1
      Then the Deployment "web" comes to have "status.terminatingReplicas" equal to 1
      And the Deployment "web" has "status.replicas" equal to 1
      When I remove the finalizers of the Pods labelled "app=web"
      Then the Deployment "web" comes to have "status.terminatingReplicas" equal to 0

    # until 1.34: DeploymentReplicaSetTerminatingReplicas is alpha and off
    @req:platform-CTRL-R01 @clause:platform-CTRL-R01/replicaset-status @until:1.34
    Scenario: A ReplicaSet at 1.34 writes no terminatingReplicas
      k/k replica_set_utils.go calculateStatus leaves TerminatingReplicas nil (omitted) while
      DeploymentReplicaSetTerminatingReplicas is off (alpha at 1.33 and 1.34).
      Given a cluster
      When I apply:
        """
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              nodeSelector: {example.com/pool: none}
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then the ReplicaSet "web" comes to have "status.replicas" equal to 1
      And the ReplicaSet "web" has no "status.terminatingReplicas"
      And the ReplicaSet "web" has no "status.readyReplicas"

  Rule: The garbage collector
    kube-controller-manager's garbage collector (k/k pkg/controller/garbagecollector) deletes a
    dependent once none of the owners its ownerReferences name exists, looking each namespaced
    owner up in the dependent's own namespace.

    @req:platform-CTRL-R04 @clause:platform-CTRL-R04/owner-in-other-namespace
    Scenario: A claim owned by a pod of another namespace is reported and deleted
      graph_builder.go addDependentToOwners: an owner observed in another namespace than its
      namespaced dependent "is definitely wrong"; reportInvalidNamespaceOwnerRef records a
      Warning event OwnerRefInvalidNamespace on the dependent, "ownerRef [v1/Pod, namespace:
      <dependent's>, name: <pod>, uid: <uid>] does not exist in namespace "<dependent's>""
      (objectReference.String), recorded by the graph builder's recorder, whose EventSource
      is "garbage-collector-controller" (graph_builder.go NewDependencyGraphBuilder), and
      attemptToDeleteItem finds the owner absent there (isDangling looks it up in the
      dependent's namespace) and deletes the claim. Each dependent naming that owner is
      reported on its own. The docs (Owners and dependents) say the same since 1.20.
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: elsewhere}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: owner}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      When I create the ResourceClaim "borrowed" in the namespace "elsewhere" controlled by Pod "owner":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And I create the ResourceClaim "borrowed-too" in the namespace "elsewhere" controlled by Pod "owner":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And I work in the namespace "elsewhere"
      Then there is a Warning event "OwnerRefInvalidNamespace" from "garbage-collector-controller" for ResourceClaim "borrowed" starting with "ownerRef [v1/Pod, namespace: elsewhere, name: owner, uid: "
      And there is a Warning event "OwnerRefInvalidNamespace" for ResourceClaim "borrowed" containing "] does not exist in namespace "elsewhere""
      And there is a Warning event "OwnerRefInvalidNamespace" from "garbage-collector-controller" for ResourceClaim "borrowed-too" starting with "ownerRef [v1/Pod, namespace: elsewhere, name: owner, uid: "
      And the ResourceClaim "borrowed" does not exist
      And the ResourceClaim "borrowed-too" does not exist
      When I work in the scenario namespace
      Then the Pod "owner" exists

    @req:platform-CTRL-R04 @clause:platform-CTRL-R04/owner-in-other-namespace
    Scenario: A cluster-scoped object that names a namespaced owner is reported and never collected
      The docs (Owners and dependents): cluster-scoped dependents can only specify
      cluster-scoped owners; one that names a namespaced kind "is treated as having an
      unresolvable owner reference, and is not able to be garbage collected", and a Warning
      event OwnerRefInvalidNamespace names it (graph_builder.go reportInvalidNamespaceOwnerRef,
      with the dependent's namespace, empty; garbagecollector.go isDangling answers
      namespacedOwnerOfClusterScopedObjectErr and the item is forgotten, not retried). The
      slice stays, also once the pod is gone.
      Given the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: owner}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      When I create the ResourceSlice "pod-owned" controlled by Pod "owner":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        spec:
          driver: gpu.example.com
          allNodes: true
          pool: {name: pod-owned, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        """
      Then there is a Warning event "OwnerRefInvalidNamespace" from "garbage-collector-controller" for ResourceSlice "pod-owned" starting with "ownerRef [v1/Pod, namespace: , name: owner, uid: "
      And there is a Warning event "OwnerRefInvalidNamespace" for ResourceSlice "pod-owned" containing "] does not exist in namespace """
      And the ResourceSlice "pod-owned" exists
      When I delete the Pod "owner"
      Then the ResourceSlice "pod-owned" exists

    @req:platform-CTRL-R04 @clause:platform-CTRL-R04/dangling-removed
    Scenario: A claim with an owner left loses only the reference to the owner that is gone
      garbagecollector.go attemptToDeleteItem: a dependent with at least one owner that exists
      ("solid") is not collected; the references to owners that are gone ("dangling": not
      found, or found with another uid) are removed from it with a patch
      (GenerateDeleteOwnerRefStrategicMergeBytes), so the claim stays with its second owner.
      Given the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: first}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      When I create the ResourceClaim "shared" controlled by Pod "first" and owned by Pod "second":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And I delete the Pod "first"
      Then the Pod "first" does not exist
      And the ResourceClaim "shared" exists
      And the ResourceClaim "shared" has "metadata.ownerReferences[0].name" equal to second
      And the ResourceClaim "shared" has no "metadata.ownerReferences[1]"
      When I delete the Pod "second"
      Then the ResourceClaim "shared" does not exist

    @req:platform-CTRL-R04 @clause:platform-CTRL-R04/terminating-left-alone
    Scenario: A claim that is being deleted keeps the reference to an owner that is gone
      garbagecollector.go attemptToDeleteItem: "being deleted" is a one-way trip; an item with a
      deletionTimestamp (and no foreground deletion of its own dependents) is "returned at
      once", before its owners are looked at: the reference to the pod that went is not
      patched away, as it would be from a claim that is not being deleted (the scenario
      above), and the claim is not deleted again. A finalizer of the user's keeps the claim.
      Given the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: first}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      When I create the ResourceClaim "shared" controlled by Pod "first" and owned by Pod "second":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {finalizers: [example.com/hold]}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And I delete the ResourceClaim "shared" without waiting
      Then the ResourceClaim "shared" has a "metadata.deletionTimestamp"
      When I delete the Pod "first"
      Then the Pod "first" does not exist
      And the ResourceClaim "shared" has "metadata.ownerReferences[0].name" equal to first
      And the ResourceClaim "shared" has "metadata.ownerReferences[1].name" equal to second
      And the ResourceClaim "shared" has "metadata.finalizers" equal to [example.com/hold]

    @req:platform-CTRL-R04 @clause:platform-CTRL-R04/owner-in-other-namespace @clause:platform-CTRL-R04/dangling-removed
    Scenario: A claim with a valid owner and one of another namespace keeps the valid one and is reported
      graph_builder.go addDependentToOwners reports the owner observed in another namespace
      (reportInvalidNamespaceOwnerRef, Warning OwnerRefInvalidNamespace) whatever the other
      owners, and queues the dependent; attemptToDeleteItem finds that owner absent in the
      dependent's namespace (isDangling) while the other one exists ("solid"), so it removes
      only the reference to the stranger and the claim stays (releases 1.34-1.37).
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: elsewhere}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: local}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      When I work in the namespace "elsewhere"
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: stranger}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      And I work in the scenario namespace
      And I create the ResourceClaim "shared" controlled by Pod "local" and owned by Pod "stranger" of the namespace "elsewhere":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then there is a Warning event "OwnerRefInvalidNamespace" from "garbage-collector-controller" for ResourceClaim "shared" containing ", name: stranger, uid: "
      And the only Warning event for ResourceClaim "shared" is "OwnerRefInvalidNamespace", recorded once
      And the ResourceClaim "shared" exists
      And the ResourceClaim "shared" has "metadata.ownerReferences[0].name" equal to local
      And the ResourceClaim "shared" has no "metadata.ownerReferences[1]"

  Rule: The scheduler retries a pending pod when a DRA object it waits for changes
    kube-scheduler's DynamicResources plugin registers for DeviceClass Add and Update events
    (EventsToRegister in pkg/scheduler/framework/plugins/dynamicresources, releases 1.34-1.37),
    so every edit of a class moves the pods it kept off back to the active queue, and they are
    judged on the class as it is now, not on a result remembered from an earlier attempt.

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/class-edit
    Scenario: A pod kept off by its DeviceClass is retried after each edit and schedules once the class matches
      The class first selects a model the node does not have, then another missing one, then
      the node's model: the pod stays pending after the first edit and schedules after the
      second.
      Given a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.attributes["gpu.example.com"].model == "h100"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            attributes:
              model: {string: a100}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: waits-for-class}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "waits-for-class" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.attributes["gpu.example.com"].model == "v100"'}
        """
      Then the Pod "waits-for-class" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.attributes["gpu.example.com"].model == "a100"'}
        """
      Then the Pod "waits-for-class" is scheduled to "node-1"
      And the ResourceClaim "gpu" has "status.allocation.devices.results[0].device" equal to gpu-0

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/error-backoff @needs:logical-clock
    Scenario: A pod whose Filter erred waits out the error backoff, doubled per error in a row, even when its class is mended
      The class selector reads an attribute the device does not have: a CEL runtime error, so
      Filter returns an error, not a verdict, and the attempt has no rejecting plugin. The pod
      goes to the backoff queue (determineSchedulingHintForInFlightPod: no rejector plugins ->
      queueAfterBackoff), waits 1 s doubled per error in a row (backoff_queue.go
      calculateBackoffDuration over ConsecutiveErrorsCount, kubernetes#128748), and is not
      popped early (erroring pods sit in podErrorBackoffQ, which SchedulerPopFromBackoffQ does
      not pop) nor moved by a cluster event (movePodsToActiveOrBackoffQueue only looks at
      the unschedulable pods). Attempts at 0, 1, 3 and 7 s; the class mended at 7 s schedules
      the pod at 15 s.
      Given a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.attributes["gpu.example.com"].model == "a100"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: erring}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "erring" stays pending with reason "SchedulerError" and a message starting with "running "DynamicResources" filter plugin: class gpu.example.com: selector #0"
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="error"} is 1
      When 1 second passes
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="error"} is 2
      When 1 second passes
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="error"} is 2
      When 1 second passes
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="error"} is 3
      When 3 seconds pass
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="error"} is 3
      When 1 second passes
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="error"} is 4
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "gpu.example.com"}
        """
      And 7 seconds pass
      Then the Pod "erring" has no "spec.nodeName"
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="error"} is 4
      When 1 second passes
      Then the Pod "erring" is scheduled to "node-1"
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="scheduled"} is 1

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/fit-hint
    Scenario: A pod too big for its node is retried by a node change only when the node could hold it
      NodeResourcesFit registers Node Add and UpdateNodeAllocatable with the queueing hint
      isSchedulableAfterNodeChange (pkg/scheduler/framework/plugins/noderesources fit.go): the
      pod's requests must fit the node as if it ran nothing (isFit), and an update must grow
      the node's pod count or a resource the pod asks for (haveAnyRequestedResourcesIncreased).
      A node added too small, and more memory for a pod held back by cpu, leave the pod parked
      (one attempt); more cpu on that node brings it back and it is scheduled there.
      Given a node "n1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: big}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: "12"}}}
        """
      Then the Pod "big" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient cpu."
      And the plugins that rejected the Pod "big" in its last scheduling attempt are "NodeResourcesFit"
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      Given a node "n2" with cpu "8", memory "32Gi"
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I patch the Node "n2" status with:
        """
        status:
          allocatable: {memory: 64Gi}
        """
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I patch the Node "n2" status with:
        """
        status:
          allocatable: {cpu: "16"}
        """
      Then the Pod "big" is scheduled to "n2"

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/fit-hint
    Scenario: A pod its node's other pods leave no room for is retried by a node update only when a resource it asks for grows
      haveAnyRequestedResourcesIncreased (fit.go): the pod fits the node when it is empty, so
      isFit lets the update through, but only more allowed pods or more of a resource the pod
      requests can change the verdict: more memory for a pod that asks for cpu alone leaves
      it parked, more cpu brings it back.
      Given a node "n1" with cpu "16", memory "32Gi"
      And the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: filler}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: "8"}}}
        """
      Then the Pod "filler" is scheduled to "n1"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: big}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: "12"}}}
        """
      Then the Pod "big" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient cpu."
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I patch the Node "n1" status with:
        """
        status:
          allocatable: {memory: 64Gi}
        """
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I patch the Node "n1" status with:
        """
        status:
          allocatable: {cpu: "24"}
        """
      Then the Pod "big" is scheduled to "n1"

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/taint-hints
    Scenario: A pod a cordon keeps off is retried by its own toleration change only when it now tolerates the cordon
      NodeUnschedulable registers Pod UpdatePodToleration with the hint
      isSchedulableAfterPodTolerationChange (pkg/scheduler/framework/plugins/nodeunschedulable):
      the pod comes back only when its new tolerations tolerate
      node.kubernetes.io/unschedulable:NoSchedule. A toleration of another key leaves it parked
      (one attempt); tolerating the cordon schedules it on the cordoned node.
      Given a node "n1" with cpu "8", memory "32Gi"
      When I patch the Node "n1" with:
        """
        spec: {unschedulable: true}
        """
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: waiting}
        spec:
          nodeSelector: {kubernetes.io/hostname: n1}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "waiting" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 node(s) were unschedulable."
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I patch the Pod "waiting" with:
        """
        spec:
          tolerations: [{key: example.com/other, operator: Exists, effect: NoSchedule}]
        """
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I patch the Pod "waiting" with:
        """
        spec:
          tolerations:
          - {key: example.com/other, operator: Exists, effect: NoSchedule}
          - {key: node.kubernetes.io/unschedulable, operator: Exists, effect: NoSchedule}
        """
      Then the Pod "waiting" is scheduled to "n1"

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/nomination-cleared
    Scenario: An attempt that fails clears a nominated node another client wrote, unless the pod may not preempt
      schedule_one.go schedulingCycle hands the failure handler PostFilter's nominating info:
      DefaultPreemption finds no candidate (drakit evicts nothing) and answers
      NewPostFilterResultWithNominatedNode(""), so updatePod clears status.nominatedNodeName;
      a pod with preemptionPolicy Never (from its PriorityClass) is not eligible
      (PodEligibleToPreemptOthers), the result is nil and the nomination stays. The nominations are written by another client
      while the pods wait; a pod that leaves the node tries both again (neither fits). (On a
      live cluster any other event may retry "big" first; it clears the nomination as well.)
      Given a node "n1" with cpu "2", memory "8Gi"
      And the objects:
        """
        apiVersion: scheduling.k8s.io/v1
        kind: PriorityClass
        metadata: {name: never-preempts}
        value: 0
        preemptionPolicy: Never
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: filler}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: "1"}}}
        """
      Then the Pod "filler" is scheduled to "n1"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: big}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: "4"}}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: polite}
        spec:
          priorityClassName: never-preempts
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: "4"}}}
        """
      Then the Pod "big" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient cpu."
      And the Pod "polite" stays pending with reason "Unschedulable" and a message containing "preemption: not eligible due to preemptionPolicy=Never."
      When I patch the Pod "big" status with:
        """
        status: {nominatedNodeName: n1}
        """
      And I patch the Pod "polite" status with:
        """
        status: {nominatedNodeName: n1}
        """
      When I delete the Pod "filler"
      Then the Pod "big" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient cpu."
      And the Pod "big" has no "status.nominatedNodeName"
      And the Pod "polite" has "status.nominatedNodeName" equal to n1

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/other-event-registrations
    Scenario: A pod too big for its node is not retried by new DRA objects, and is by a pod leaving the node
      isPodWorthRequeuing asks the plugins that rejected the pod: NodeResourcesFit registers
      Node and assigned-Pod events (a deleted pod frees its requests), DynamicResources the DRA
      kinds. A ResourceSlice and a DeviceClass created while the pod waits move nothing (one
      attempt); deleting a pod that ran on the node tries it again (it still does not fit).
      Given a node "n1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: filler}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: "1"}}}
        """
      Then the Pod "filler" is scheduled to "n1"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: big}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: "12"}}}
        """
      Then the Pod "big" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient cpu."
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "gpu.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: n1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: n1
          pool: {name: n1, generation: 1, resourceSliceCount: 1}
          devices: [{name: gpu-0}]
        """
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I delete the Pod "filler"
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 2

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/other-event-registrations
    Scenario: A pod waiting for a device is not retried when a DeviceClass is deleted, and is when one is added
      DynamicResources registers DeviceClass adds and updates (EventsToRegister, no hint), no
      delete: deleting a class cannot make a device usable. The pod asks for a device with the
      "fast" attribute, which no device has: one attempt. Deleting another DeviceClass leaves
      it parked; adding one brings it back (a second attempt, still without a device).
      Given a node "n1" with cpu "8", memory "32Gi"
      And a ResourceSlice "n1-gpus" of driver "gpu.example.com" on node "n1" with 1 devices named "gpu-"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "gpu.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: spare.example.com}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: fast}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                selectors: [{cel: {expression: "device.attributes['gpu.example.com'].?fast.orValue(false)"}}]
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: waiting}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: fast}
        """
      Then the Pod "waiting" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I delete the DeviceClass "spare.example.com"
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: other.example.com}
        """
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 2

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/other-event-registrations
    Scenario: A pod waiting for a device is not retried when a ResourceSlice is deleted, and is when one is added
      DynamicResources registers ResourceSlice adds and updates (EventsToRegister: "new
      resources became available"), no delete: a slice that goes cannot make a device usable.
      The pod asks for a device with the "fast" attribute, which no device has: one attempt.
      Deleting another driver's slice leaves it parked; adding a slice brings it back (a
      second attempt, still without a device).
      Given a node "n1" with cpu "8", memory "32Gi"
      And a ResourceSlice "n1-gpus" of driver "gpu.example.com" on node "n1" with 1 devices named "gpu-"
      And a ResourceSlice "n1-nics" of driver "nic.example.com" on node "n1" with 1 devices named "nic-"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "gpu.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: fast}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                selectors: [{cel: {expression: "device.attributes['gpu.example.com'].?fast.orValue(false)"}}]
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: waiting}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: fast}
        """
      Then the Pod "waiting" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I delete the ResourceSlice "n1-nics"
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      Given a ResourceSlice "n1-more-nics" of driver "nic.example.com" on node "n1" with 1 devices named "nic-"
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 2

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/other-event-registrations
    Scenario: A pod waiting for a device is not retried when a shared claim it does not use loses one of its pods, and is when the claim is deallocated
      DynamicResources' hint isSchedulableAfterClaimChange: a claim that got deallocated may
      free devices for any pod; another change (here reservedFor shrinking from two pods to
      one) matters only to the pods that use the claim. The deleted pod is an assigned-Pod
      delete, which only NodeResourcesFit registers. So the waiting pod keeps its one
      attempt until the shared claim's last pod goes and the claim controller deallocates it;
      then it gets the GPU.
      Given a node "n1" with cpu "8", memory "32Gi"
      And a ResourceSlice "n1-gpus" of driver "gpu.example.com" on node "n1" with 1 devices named "gpu-"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "gpu.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: shared}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: first}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: shared}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: shared}
        """
      Then the Pod "first" is scheduled to "n1"
      And the Pod "second" is scheduled to "n1"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: mine}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: waiting}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: mine}
        """
      Then the Pod "waiting" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I delete the Pod "first"
      Then the ResourceClaim "shared" has "status.reservedFor[0].name" equal to second
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I delete the Pod "second"
      Then the Pod "waiting" is scheduled to "n1"
      And the ResourceClaim "shared" has no "status.allocation"

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/other-event-registrations
    Scenario: A deallocation does not retry a waiting pod whose own claim is gone, the claim made again does
      isSchedulableAfterClaimChange first looks up the waiting pod's own claims
      (foreachPodResourceClaim) and skips a pod one of whose claims is missing, whatever the
      event, and DynamicResources' PreEnqueue would keep such a pod from an attempt anyway; a
      claim created that the pod names brings it back. The pod's claim is deleted
      while it waits for the only GPU, then the shared claim holding that GPU is deallocated:
      no second attempt. Once its claim exists again, the pod gets the GPU.
      Given a node "n1" with cpu "8", memory "32Gi"
      And a ResourceSlice "n1-gpus" of driver "gpu.example.com" on node "n1" with 1 devices named "gpu-"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "gpu.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: shared}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: holder}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: shared}
        """
      Then the Pod "holder" is scheduled to "n1"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: mine}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: waiting}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: mine}
        """
      Then the Pod "waiting" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I delete the ResourceClaim "mine"
      And I delete the Pod "holder"
      Then the ResourceClaim "shared" has no "status.allocation"
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: mine}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the Pod "waiting" is scheduled to "n1"

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/dra-node-events
    Scenario: A pod DynamicResources kept off is retried when a node's allocatable changes, not its annotations
      DynamicResources EventsToRegister (1.34-1.37): Node Add, UpdateNodeLabel and
      UpdateNodeAllocatable, with no queueing hint for nodes; the scheduler's node update
      event carries UpdateNodeAllocatable only when status.allocatable changed
      (pkg/scheduler/framework/events.go extractNodeAllocatableChange). An annotation added to
      the node is none of these, so the pod stays parked; an allocatable that grows retries it
      (and it fails again: no device).
      Given a node "node-1" with cpu "8", memory "32Gi", pods "110"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: waiting}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "waiting" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When 2 seconds pass
      And I patch the Node "node-1" with:
        """
        metadata:
          annotations: {example.com/rack: r7}
        """
      And 2 seconds pass
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I patch the Node "node-1" status with:
        """
        status:
          allocatable: {cpu: "9"}
          capacity: {cpu: "9"}
        """
      And 2 seconds pass
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 2

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/node-delete
    Scenario: A deleted node does not retry a pod too big for every node, a bigger node does
      eventhandlers.go deleteNodeFromCache moves the parked pods with the event Node/Delete;
      isPodWorthRequeuing asks only the plugins that rejected a pod, and NodeResourcesFit
      registers Node Add, UpdateNodeAllocatable and label and taint updates, not Delete. So
      the pod both nodes were too small for stays parked when one of them goes (one
      attempt) and is scheduled to a node added with room for it. A pod created after the
      deletion is judged on the one node left.
      Given a node "n1" with cpu "8", memory "32Gi"
      And a node "n2" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: big}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: "12"}}}
        """
      Then the Pod "big" stays pending with reason "Unschedulable" and a message starting with "0/2 nodes are available: 2 Insufficient cpu."
      And the plugins that rejected the Pod "big" in its last scheduling attempt are "NodeResourcesFit"
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I delete the Node "n2"
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: bigger}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: "20"}}}
        """
      Then the Pod "bigger" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient cpu."
      Given a node "n3" with cpu "16", memory "32Gi"
      Then the Pod "big" is scheduled to "n3"

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/taint-hints
    Scenario: A pod a taint keeps off is not retried while the node's taint changes and stays untolerated, and is once it goes
      TaintToleration registers Node Add and UpdateNodeTaint with the queueing hint
      isSchedulableAfterNodeChange (pkg/scheduler/framework/plugins/tainttoleration): a pod
      it rejected is tried again only when the node had a NoSchedule or NoExecute taint the
      pod does not tolerate and now has none. A taint whose value changes (still not
      tolerated) leaves the pod parked: one attempt, one FailedScheduling event; removing it
      schedules the pod.
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
          tolerations: [{key: example.com/dedicated, operator: Equal, value: cpu, effect: NoSchedule}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "picky" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 node(s) had untolerated taint(s)."
      And the plugins that rejected the Pod "picky" in its last scheduling attempt are "TaintToleration"
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I patch the Node "n1" with:
        """
        spec: {taints: [{key: example.com/dedicated, value: fpga, effect: NoSchedule}]}
        """
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I patch the Node "n1" with:
        """
        spec: {taints: [{key: example.com/dedicated, value: cpu, effect: NoSchedule}]}
        """
      Then the Pod "picky" is scheduled to "n1"

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/taint-hints
    Scenario: A pod a cordon keeps off is not retried when the cordoned node gets a taint, and is once the node is uncordoned
      NodeUnschedulable registers Node Add and UpdateNodeTaint (a change of spec.unschedulable
      is an UpdateNodeTaint) with the queueing hint isSchedulableAfterNodeChange
      (pkg/scheduler/framework/plugins/nodeunschedulable): only a node that goes from
      unschedulable to schedulable, or is added schedulable, brings the pod back. A taint the
      pod tolerates, added to the still-cordoned node, is an UpdateNodeTaint that leaves it
      parked.
      Given a node "n1" with cpu "8", memory "32Gi"
      When I patch the Node "n1" with:
        """
        spec: {unschedulable: true}
        """
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: waiting}
        spec:
          nodeSelector: {kubernetes.io/hostname: n1}
          tolerations: [{key: example.com/maintenance, operator: Exists, effect: NoSchedule}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "waiting" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 node(s) were unschedulable."
      And the plugins that rejected the Pod "waiting" in its last scheduling attempt are "NodeUnschedulable"
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I patch the Node "n1" with:
        """
        spec: {taints: [{key: example.com/maintenance, effect: NoSchedule}]}
        """
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I patch the Node "n1" with:
        """
        spec: {unschedulable: null}
        """
      Then the Pod "waiting" is scheduled to "n1"

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/node-affinity-hint
    Scenario: A node that does not match a pending pod's node selector leaves the pod parked; a relabelled one brings it back
      NodeAffinity registers Node Add and UpdateNodeLabel with the queueing hint
      isSchedulableAfterNodeChange (pkg/scheduler/framework/plugins/nodeaffinity): a pod it alone
      rejected is tried again only when the added or updated node now matches the pod's node
      selector and required affinity, and no plugin the pod failed registers Node Delete. A pod not
      tried again gets no second FailedScheduling event; one tried on the Node event would be
      told "0/2 nodes are available" in a new one. On a shared cluster, other nodes that a
      taint or a cordon makes another plugin reject would break the premise (NodeAffinity
      alone): the scenario is then unsupported there.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: wants-zone-b}
        spec:
          nodeSelector: {topology.example.com/zone: b}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "wants-zone-b" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector."
      And the plugins that rejected the Pod "wants-zone-b" in its last scheduling attempt are "NodeAffinity"
      Given a node "node-2" with cpu "8", memory "32Gi"
      Then the only Warning event for Pod "wants-zone-b" is "FailedScheduling", recorded once
      When I patch the Node "node-2" with:
        """
        metadata:
          labels: {topology.example.com/zone: b}
        """
      Then the Pod "wants-zone-b" is scheduled to "node-2"

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/node-affinity-hint
    Scenario: A node written without a spec that is relabelled to match brings a pending pod back
      A Node manifest may leave out spec (Go's API server then holds the empty NodeSpec): the
      scheduler's node-update handling reads the old and new taints and cordon of such a node
      like those of any other, and NodeAffinity's hint (UpdateNodeLabel,
      isSchedulableAfterNodeChange) retries the pod once the node's labels match.
      Given the objects:
        """
        apiVersion: v1
        kind: Node
        metadata:
          name: bare
          labels: {kubernetes.io/hostname: bare}
        status:
          capacity: {cpu: "8", memory: 32Gi, pods: "110"}
          allocatable: {cpu: "8", memory: 32Gi, pods: "110"}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: wants-zone-b}
        spec:
          nodeSelector: {topology.example.com/zone: b}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Node "bare" has "spec" equal to {}
      And the Pod "wants-zone-b" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector."
      When I patch the Node "bare" with:
        """
        metadata:
          labels: {topology.example.com/zone: b}
        """
      Then the Pod "wants-zone-b" is scheduled to "bare"

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/node-affinity-hint
    Scenario: After a relist a pod NodeAffinity alone kept off stays parked when no node changed
      A restarted API server ends the watch of a scheduler that is behind it (a pod deleted
      without waiting is an event it has not seen): the reflector relists (410 Expired) and
      hands every object to the handlers as an update (Replace). The parked pod's own
      resourceVersion is as before (updatePodInSchedulingQueue skips it) and no node changed,
      so NodeAffinity's hint moves nothing: no second attempt. A node relabelled later still
      brings it back.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: wants-zone-b}
        spec:
          nodeSelector: {topology.example.com/zone: b}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: filler}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "wants-zone-b" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector."
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I delete the Pod "filler" without waiting
      And the API server restarts
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      And the only Warning event for Pod "wants-zone-b" is "FailedScheduling", recorded once
      When I patch the Node "node-1" with:
        """
        metadata:
          labels: {topology.example.com/zone: b}
        """
      Then the Pod "wants-zone-b" is scheduled to "node-1"

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/node-affinity-hint
    Scenario: After a relist a pod NodeAffinity alone kept off is tried on a node relabelled while the scheduler's watch was down
      The node gets the pod's zone while the scheduler has not seen the change; the API server
      restarts and the scheduler relists. The relisted node differs from the one it had, and
      NodeAffinity's hint for that update (isSchedulableAfterNodeChange) says the pod may now
      fit: it is tried and scheduled there.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: wants-zone-b}
        spec:
          nodeSelector: {topology.example.com/zone: b}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "wants-zone-b" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector."
      When I patch the Node "node-1" without waiting with:
        """
        metadata:
          labels: {topology.example.com/zone: b}
        """
      And the API server restarts
      Then the Pod "wants-zone-b" is scheduled to "node-1"

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/scheduling-gates
    Scenario: A pod with scheduling gates waits gated, untried, until its last gate is removed
      KEP-3521: the SchedulingGates PreEnqueue plugin keeps a pod with spec.schedulingGates out
      of the active queue; the queue holds it as gated (scheduler_pending_pods{queue="gated"}),
      and it is never attempted, so it gets no FailedScheduling event. SchedulingGates registers
      only its pod's gates going (UpdatePodSchedulingGatesEliminated): a new node moves it
      nowhere, removing one of two gates neither; removing the last one lets it in.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: held}
        spec:
          schedulingGates: [{name: example.com/quota}, {name: example.com/review}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the metric scheduler_pending_pods{queue="gated"} is 1
      And the metric scheduler_pending_pods{queue="active"} is 0
      And the metric scheduler_pending_pods{queue="unschedulable"} is 0
      And the Pod "held" has no "spec.nodeName"
      When a node "node-2" joins with cpu "8", memory "32Gi"
      And I patch the Pod "held" with:
        """
        spec:
          schedulingGates: [{name: example.com/review}]
        """
      Then the metric scheduler_pending_pods{queue="gated"} is 1
      And there is no event "FailedScheduling" for Pod "held" containing "nodes are available"
      When I patch the Pod "held" with:
        """
        spec:
          schedulingGates: null
        """
      Then the Pod "held" is scheduled
      And the metric scheduler_pending_pods{queue="gated"} is 0
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="scheduled"} is 1

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/deleting-skipped @needs:logical-clock
    Scenario: A pending pod held by a finalizer while it is deleted stays counted until the scheduler pops and skips it
      k/k pkg/scheduler: the update that gives the pod its deletionTimestamp is UpdatePodOther
      (PodSchedulingPropertiesChange), which no plugin registers, so the pod stays in the
      unschedulable queue (scheduler_pending_pods{queue="unschedulable"}) while a finalizer
      holds it. The periodic flush (podMaxInUnschedulablePodsDuration, 5 minutes) moves it to
      the active queue, and scheduleOne skips it without an attempt (skipPodSchedule: the pod
      is being deleted): no second attempt is counted and it leaves every queue.
      Given a node "node-1" with cpu "1", memory "1Gi"
      And the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata:
          name: big
          finalizers: [example.com/hold]
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: "4"}}
        """
      Then the Pod "big" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient cpu."
      And the metric scheduler_pending_pods{queue="unschedulable"} is 1
      When I delete the Pod "big"
      Then the Pod "big" has "metadata.finalizers[0]" equal to example.com/hold
      And the metric scheduler_pending_pods{queue="unschedulable"} is 1
      When 301 seconds pass
      Then the metric scheduler_pending_pods{queue="unschedulable"} is 0
      And the metric scheduler_pending_pods{queue="active"} is 0
      And the metric scheduler_pending_pods{queue="backoff"} is 0
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I patch the Pod "big" with:
        """
        metadata:
          finalizers: null
        """
      Then the Pod "big" does not exist

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/node-affinity-hint
    Scenario: A new label on a node that already matched a pod's node selector does not try the pod again
      NodeAffinity's isSchedulableAfterNodeChange: a node update is worth a retry only when the
      node matches the pod's node selector now and did not before (QueueSkip when it already
      matched); NodeResourcesFit registers no UpdateNodeLabel. The pod is kept off node-1 by
      its node selector and off node-2, which matches, by cpu; a new label on node-2 moves it
      nowhere, so there is no second attempt.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a node "node-2" with cpu "1", memory "32Gi"
      When I patch the Node "node-2" with:
        """
        metadata:
          labels: {topology.example.com/zone: b}
        """
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: picky}
        spec:
          nodeSelector: {topology.example.com/zone: b}
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: "2"}}
        """
      Then the Pod "picky" stays pending with reason "Unschedulable" and a message starting with "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) didn't match Pod's node affinity/selector."
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      When I patch the Node "node-2" with:
        """
        metadata:
          labels: {example.com/rack: r7}
        """
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      And the Pod "picky" has no "spec.nodeName"

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/node-affinity-hint
    Scenario: A pod NodeAffinity alone kept off is not tried again when a DeviceClass or a ResourceSlice arrives
      NodeAffinity registers Node Add and UpdateNodeLabel only (EventsToRegister), and the queue
      asks only the plugins that rejected a parked pod (isPodWorthRequeuing): a DRA object's
      event moves the pod nowhere, so there is no second attempt. Its node's new label does.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: wants-zone-b}
        spec:
          nodeSelector: {topology.example.com/zone: b}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "wants-zone-b" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector."
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        """
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1
      And the only Warning event for Pod "wants-zone-b" is "FailedScheduling", recorded once
      When I patch the Node "node-1" with:
        """
        metadata:
          labels: {topology.example.com/zone: b}
        """
      Then the Pod "wants-zone-b" is scheduled to "node-1"

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/assigned-pod-delete
    Scenario: A pod that did not fit is scheduled once the pod holding the node's cpu is force-deleted
      pkg/scheduler/eventhandlers.go deletePodFromCache: the deletion of an assigned pod removes it
      from the scheduler's cache and moves the unschedulable pods whose plugins register for
      AssignedPodDelete (NodeResourcesFit does) back to be tried; a force deletion (grace period 0)
      is that delete event with no update before it.
      Given a node "n1" with cpu "1", memory "4Gi", pods "110"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: big}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: 800m}}
        """
      Then the Pod "big" is scheduled to "n1"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: waiting}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: 500m}}
        """
      Then the Pod "waiting" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient cpu."
      When I force-delete the Pod "big"
      Then the Pod "waiting" is scheduled to "n1"

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/queue-order
    Scenario: Two pods waiting for a device: the one that has waited longer gets the single device that appears
      pkg/scheduler/backend/queue/scheduling_queue.go AddUnschedulableIfNotPresent refreshes a
      pod's QueuedPodInfo.Timestamp when it is parked as unschedulable; the ResourceSlice add
      moves both back (DynamicResources EventsToRegister), and the queue pops pods of equal
      priority by that timestamp (queuesort PrioritySort Less: priority, then Timestamp). The
      pod "zeta" failed first, so it gets the one device although "alpha" sorts first by name.
      Given a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: zeta-gpu}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: zeta}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: zeta-gpu}
        """
      Then the Pod "zeta" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: alpha-gpu}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: alpha}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: alpha-gpu}
        """
      Then the Pod "alpha" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        """
      Then the Pod "zeta" is scheduled to "node-1"
      And the Pod "alpha" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/no-retry-on-own-update
    Scenario Outline: A waiting pod with a generated claim is not retried when only its <what> change
      pkg/scheduler/backend/queue/scheduling_queue.go Update: an update of a pod parked as
      unschedulable is turned into cluster events by framework.PodSchedulingPropertiesChange
      (pkg/scheduler/framework/events.go); a new annotation changes none of labels, requests,
      tolerations, scheduling gates or status.resourceClaimStatuses (which the pod already
      has), so the event is the general Pod Update, and MatchClusterEvents (incoming action
      no broader than the registered one) does not match it with the
      UpdatePodGeneratedResourceClaim event the DynamicResources plugin registers
      (EventsToRegister, releases 1.34-1.37): the pod stays parked, one attempt, although its
      backoff (1 s) has long passed. A new label is the UpdatePodLabel event, which the queue
      asks only the hints of the plugins that rejected the pod (isPodWorthRequeuing);
      DynamicResources does not register it, so the pod stays parked too.
      Given a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: one-gpu}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: waiting}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: one-gpu}
        """
      Then the Pod "waiting" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      And the claim "gpu" of Pod "waiting" is named with the prefix "waiting-gpu-"
      When 2 seconds pass
      And I patch the Pod "waiting" with:
        """
        metadata:
          <field>: {example.com/note: still-waiting}
        """
      And 2 seconds pass
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1

      Examples:
        | what        | field       |
        | annotations | annotations |
        | labels      | labels      |

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/no-retry-on-own-update
    Scenario: A waiting pod a taint kept off is retried when it gets the toleration
      The other side of the next scenario: TaintToleration rejected the pod, it registers
      UpdatePodToleration (isSchedulableAfterPodTolerationChange: the pod's own update), so the
      new toleration moves the pod back and it is scheduled.
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
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "picky" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 node(s) had untolerated taint(s)."
      When 2 seconds pass
      And I patch the Pod "picky" with:
        """
        spec:
          tolerations:
          - {key: example.com/dedicated, operator: Exists, effect: NoSchedule}
        """
      Then the Pod "picky" is scheduled to "n1"

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/no-retry-on-own-update
    Scenario: A waiting pod only DynamicResources kept off is not retried when it gets a toleration
      pkg/scheduler/backend/queue/scheduling_queue.go Update (releases 1.34-1.37): a new
      toleration is the UpdatePodToleration event (framework.PodSchedulingPropertiesChange),
      and isPodWorthRequeuing asks only the plugins that rejected the pod; TaintToleration and
      NodeUnschedulable register that event, DynamicResources does not (EventsToRegister), so
      a pod that only DynamicResources rejected stays parked: one attempt. The same update of
      a pod a taint kept off retries it (platform-SCHED-R01).
      Given a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: one-gpu}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: waiting}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: one-gpu}
        """
      Then the Pod "waiting" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      When 2 seconds pass
      And I patch the Pod "waiting" with:
        """
        spec:
          tolerations:
          - {key: example.com/maintenance, operator: Exists, effect: NoSchedule}
        """
      And 2 seconds pass
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="unschedulable"} is 1

  Rule: The ResourceClaim controller keeps a pod's generated claims
    kube-controller-manager's resourceclaim controller (pkg/controller/resourceclaim,
    handleClaim, releases 1.34-1.37): a claim recorded in pod.status.resourceClaimStatuses
    "should exist ... but perhaps it was deleted accidentally. In that case we re-create it";
    a claim event wakes the pods that own it.

    @req:platform-CTRL-R02 @clause:platform-CTRL-R02/deleted-recreated
    Scenario: A generated claim deleted while its pod waits is created anew and the pod schedules with it
      The pod is held by a scheduling gate, so only the claim's own delete event can wake the
      controller (the scheduler does not touch a gated pod); its generated claim is deleted by
      hand. The controller makes a new claim from the template, records it under the same
      entry name, and the pod schedules with it once the gate is lifted and a device exists.
      Given a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "gpu.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: one-gpu}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: keeps-its-claim}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: one-gpu}
        """
      Then there is 1 ResourceClaim owned by Pod "keeps-its-claim"
      And the Pod "keeps-its-claim" stays pending with reason "SchedulingGated" and a message starting with "Scheduling is blocked due to non-empty scheduling gates"
      When the claim "gpu" of Pod "keeps-its-claim" is deleted
      Then there is 1 ResourceClaim owned by Pod "keeps-its-claim"
      And the claim "gpu" of Pod "keeps-its-claim" is named with the prefix "keeps-its-claim-gpu-"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        """
      And I patch the Pod "keeps-its-claim" with:
        """
        spec:
          schedulingGates: null
        """
      Then the Pod "keeps-its-claim" is scheduled to "node-1"
      And the claim "gpu" of Pod "keeps-its-claim" has 1 allocated device

    @req:platform-CTRL-R02 @clause:platform-CTRL-R02/needs-work-only
    Scenario: A claim the pod no longer controls is replaced only when the pod needs work for another claim
      k/k pkg/controller/resourceclaim controller.go: enqueuePod queues a pod only when
      podNeedsWork says so, and a recorded claim that is not the pod's (resourceclaim.IsForPod)
      is no work: "Cannot proceed with the pod unless that other claim gets deleted". So neither
      the claim losing its owner nor a label on the pod makes the controller replace it. When
      the pod's other claim is deleted, that claim's event finds the pod through the index of
      the claims it names, a recorded claim that is gone is work, and handleClaim then makes
      both claims anew (the one no longer owned: "creating a new one"). Deleting the second
      claim again replaces it alone: the status apply keeps the first entry as recorded. The pod
      is held by a scheduling gate, so no scheduler or kubelet writes it.
      Given a cluster
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: one-gpu}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: worker}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: first}, {name: second}]}}
          resourceClaims:
          - {name: first, resourceClaimTemplateName: one-gpu}
          - {name: second, resourceClaimTemplateName: one-gpu}
        """
      Then there are 2 ResourceClaims owned by Pod "worker"
      When the ResourceClaim owned by Pod "worker" for "first" loses its owner
      And I patch the Pod "worker" with:
        """
        metadata:
          labels: {touched: "yes"}
        """
      Then there is 1 ResourceClaim owned by Pod "worker"
      And the Pod "worker" still records the released ResourceClaim for "first"
      When I delete the ResourceClaim owned by Pod "worker" for "second"
      Then there are 2 ResourceClaims owned by Pod "worker"
      And there are 3 ResourceClaim objects
      And the Pod "worker" records the ResourceClaim it owns for "first"
      And the Pod "worker" records the ResourceClaim it owns for "second"
      And the released ResourceClaim still exists without an owner
      When I delete the ResourceClaim owned by Pod "worker" for "second"
      Then there are 2 ResourceClaims owned by Pod "worker"
      And the Pod "worker" records the ResourceClaim it owns for "first"
      And the Pod "worker" records the ResourceClaim it owns for "second"

    @req:platform-CTRL-R02 @clause:platform-CTRL-R02/first-failure-stops
    Scenario: A pod whose second claim template is missing gets both claims, each once, when it appears
      pkg/controller/resourceclaim/controller.go syncPod: the first PodResourceClaim that
      handleClaim cannot serve (here "resource claim template ...: not found") ends the sync
      with a Warning event FailedResourceClaimCreation, before the pod's status is applied, so
      the claim made for the first entry is not recorded yet. The next sync (a retry) finds that
      claim again by its controller owner and its pod-claim-name annotation
      (findPodResourceClaim) instead of making a second one, makes the other claim once its
      template exists, and records both.
      Given a cluster
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: one-gpu}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: two}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}, {name: nic}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: one-gpu}
          - {name: nic, resourceClaimTemplateName: one-nic}
        """
      Then there is a Warning event "FailedResourceClaimCreation" for Pod "two" containing "PodResourceClaim nic: resource claim template "one-nic": resourceclaimtemplate.resource.k8s.io "one-nic" not found"
      And there is 1 ResourceClaim owned by Pod "two"
      And the Pod "two" has no "status.resourceClaimStatuses"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: one-nic}
        spec:
          spec:
            devices:
              requests:
              - {name: nic, exactly: {deviceClassName: nic.example.com}}
        """
      Then there are 2 ResourceClaims owned by Pod "two"
      And the claim "gpu" of Pod "two" is named with the prefix "two-gpu-"
      And the claim "nic" of Pod "two" is named with the prefix "two-nic-"

    @req:platform-CTRL-R02 @clause:platform-CTRL-R02/controller-owned-only
    Scenario: A claim the pod owns without controlling it is not taken for the pod's claim
      pkg/controller/resourceclaim/controller.go findPodResourceClaim looks only at the claims
      of its claimPodOwnerIndex, which lists a claim under the uid of an owner reference that
      is Controller, apiVersion v1 and kind Pod (claimPodOwnerIndexFunc, releases 1.34-1.37):
      a claim carrying the pod-claim-name annotation whose reference to the pod is a plain one
      is never found, so handleClaim makes a claim of its own from the template.
      Given the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: other}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: two}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: one-gpu}
        """
      Then there is a Warning event "FailedResourceClaimCreation" for Pod "two" containing "PodResourceClaim gpu: resource claim template "one-gpu""
      When I create the ResourceClaim "hand-made" controlled by Pod "other" and owned by Pod "two":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          annotations: {resource.kubernetes.io/pod-claim-name: gpu}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: one-gpu}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then there are 2 ResourceClaims owned by Pod "two"
      And the claim "gpu" of Pod "two" is named with the prefix "two-gpu-"
      And the ResourceClaim "hand-made" exists

    @req:platform-CTRL-R02 @clause:platform-CTRL-R02/recorded-claim-used
    Scenario: A recorded claim the pod controls is used as it is, with or without the pod-claim-name annotation
      pkg/controller/resourceclaim/controller.go handleClaim: when pod.status.resourceClaimStatuses
      names a claim (resourceclaim.Name), the controller reads that claim, checks that the pod
      is its controller (IsForPod) and has nothing more to do; only a recorded claim that is
      gone sends it to findPodResourceClaim, which looks for the owner and the pod-claim-name
      annotation. A claim made by hand for the pod without the annotation and recorded in the
      pod's status therefore stays the pod's claim when the template appears and the pod's
      sync makes the claim of its other entry: no second claim is made for the recorded entry,
      which keeps its name.
      Given the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: recorded}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}, {name: extra}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: later}
          - {name: extra, resourceClaimTemplateName: later}
        """
      Then there is a Warning event "FailedResourceClaimCreation" for Pod "recorded" containing "PodResourceClaim gpu: resource claim template "later""
      When I create the ResourceClaim "hand-made" controlled by Pod "recorded":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And the Pod "recorded" status has:
        """
        resourceClaimStatuses:
        - {name: gpu, resourceClaimName: hand-made}
        """
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: later}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then there are 2 ResourceClaims owned by Pod "recorded"
      And the claim "extra" of Pod "recorded" is named with the prefix "recorded-extra-"
      And the Pod "recorded" has "status.resourceClaimStatuses[name=gpu].resourceClaimName" equal to hand-made

    @req:platform-CTRL-R02 @clause:platform-CTRL-R02/no-claim-needed
    Scenario: A claim entry recorded without a claim name gets no claim, and the pod schedules without one
      k8s.io/dynamic-resource-allocation resourceclaim.Name: a resourceClaimStatuses entry whose
      resourceClaimName is unset means "generating a ResourceClaim was not necessary" (the API's
      field doc); the controller's handleClaim then has nothing to do ("Nothing to do, no claim
      needed") and the scheduler's DynamicResources plugin skips the entry. The entry is
      written through pods/status before the template exists, so nothing was made before it.
      Given a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: optional}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: later}
        """
      Then there is a Warning event "FailedResourceClaimCreation" for Pod "optional" containing "PodResourceClaim gpu: resource claim template "later": resourceclaimtemplate.resource.k8s.io "later" not found"
      When the Pod "optional" status has:
        """
        resourceClaimStatuses:
        - {name: gpu}
        """
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: later}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the Pod "optional" is scheduled to "node-1"
      And there are 0 ResourceClaims owned by Pod "optional"

    @req:platform-CTRL-R02 @clause:platform-CTRL-R02/no-claim-needed @clause:platform-CTRL-R02/reserves-for-bound-pod
    Scenario: A pod on a node with an entry that needs no claim still gets its next claim reserved
      k/k pkg/controller/resourceclaim/controller.go syncPod: for a pod that is on a node, each
      entry's claim is looked up with resourceclaim.Name; an entry recorded without a claim
      name ("Nothing to do") is skipped and the loop goes on, so the pod's next entry, a claim
      another client allocated, is reserved for the pod. The pod names its node itself (no
      scheduler reserves anything), and its first entry's template does not exist until the
      entry is recorded as needing no claim. The kubelet, which watches no claim, tries the
      pod's prepare again when the pod is next updated (pod_workers.go), and runs it.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a ResourceSlice "node-1-gpus" of driver "gpu.example.com" on node "node-1" with 1 devices named "gpu-"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: held}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And I patch the ResourceClaim "held" status with:
        """
        status:
          allocation:
            allocationTimestamp: "2026-01-01T00:00:00Z"
            devices:
              results:
              - {request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-0}
            nodeSelector:
              nodeSelectorTerms:
              - matchFields:
                - {key: metadata.name, operator: In, values: [node-1]}
        """
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: placed}
        spec:
          nodeName: node-1
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: optional, resourceClaimTemplateName: later}
          - {name: gpu, resourceClaimName: held}
        """
      Then there is a Warning event "FailedResourceClaimCreation" for Pod "placed" containing "PodResourceClaim optional: resource claim template "later": resourceclaimtemplate.resource.k8s.io "later" not found"
      And the ResourceClaim "held" has no "status.reservedFor"
      When the Pod "placed" status has:
        """
        resourceClaimStatuses:
        - {name: optional}
        """
      Then the ResourceClaim "held" has "status.reservedFor[0].name" equal to placed
      And there are 0 ResourceClaims owned by Pod "placed"
      When I patch the Pod "placed" with:
        """
        metadata:
          labels: {nudged: "yes"}
        """
      Then the Pod "placed" comes to have "status.phase" equal to Running

    @req:platform-CTRL-R02 @clause:platform-CTRL-R02/reserves-for-bound-pod
    Scenario: A pod on a node whose first claim does not exist yet gets its next claim reserved only once it does
      k/k pkg/controller/resourceclaim/controller.go syncPod: for a pod on a node, the loop
      over its entries returns when an entry's claim is not found ("Waiting for the claim to
      be created"), so the allocated claim of the next entry is not reserved yet. Once the
      first claim is created (the claim's event reaches the pods that name it), the loop gets
      past it (not allocated: nothing to reserve) and reserves the next one for the pod.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a ResourceSlice "node-1-gpus" of driver "gpu.example.com" on node "node-1" with 1 devices named "gpu-"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: held}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And I patch the ResourceClaim "held" status with:
        """
        status:
          allocation:
            allocationTimestamp: "2026-01-01T00:00:00Z"
            devices:
              results:
              - {request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-0}
            nodeSelector:
              nodeSelectorTerms:
              - matchFields:
                - {key: metadata.name, operator: In, values: [node-1]}
        """
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: placed}
        spec:
          nodeName: node-1
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: first, resourceClaimName: later}
          - {name: gpu, resourceClaimName: held}
        """
      Then the ResourceClaim "held" has no "status.reservedFor"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: later}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the ResourceClaim "held" has "status.reservedFor[0].name" equal to placed
      And the ResourceClaim "later" has no "status.reservedFor"

    @req:platform-CTRL-R03 @clause:platform-CTRL-R03/creates-by-admin-access
    Scenario: The controller counts the claims it creates from templates, by admin access
      kube-controller-manager counts every claim it creates from a template in
      resourceclaim_controller_creates_total{admin_access,status} (pkg/controller/resourceclaim
      metrics, 1.34 on), admin_access "true" when the template asks for admin access; from 1.37
      the series is dynamic_resource_allocation_resourceclaim_creates_total, which kube-scheduler
      shares (kubernetes/kubernetes#138542; the metric steps' rename table). KEP-5729 names the
      counter as one of its SLIs.
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata:
          name: gpu-admin
          labels: {resource.kubernetes.io/admin-access: "true"}
        """
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: one-gpu}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: user}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: one-gpu}
        """
      Then there is 1 ResourceClaim owned by Pod "user"
      And the metric resourceclaim_controller_creates_total{admin_access="false",status="success"} is 1
      When I work in the namespace "gpu-admin"
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: watch-gpus}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com, allocationMode: All, adminAccess: true}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: monitor}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: watch-gpus}
        """
      Then there is 1 ResourceClaim owned by Pod "monitor"
      And the metric resourceclaim_controller_creates_total{admin_access="true",status="success"} is 1
      And the metric resourceclaim_controller_creates_total{admin_access="false",status="success"} is 1

    # since 1.35: the gauge's source label arrives in 1.35 (kubernetes/kubernetes#134523); the series is written with it
    @req:platform-CTRL-R03 @clause:platform-CTRL-R03/claims-by-admin-access @since:1.35
    Scenario: The controller's claims gauge counts a claim asking for admin access under admin_access "true"
      pkg/controller/resourceclaim (the custom collector of resourceclaim_controller_resource_claims,
      getAdminAccessMetricLabel): a claim is labelled admin_access "true" when one of its
      requests asks for admin access, "false" otherwise; a claim a user made has source "". From
      1.37 the gauge is dynamic_resource_allocation_resource_claims (kubernetes/kubernetes#138542).
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata:
          name: gpu-admin
          labels: {resource.kubernetes.io/admin-access: "true"}
        """
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: plain}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And I work in the namespace "gpu-admin"
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: watch-gpus}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com, allocationMode: All, adminAccess: true}}
        """
      Then the metric resourceclaim_controller_resource_claims{admin_access="true",allocated="false",source=""} is 1
      And the metric resourceclaim_controller_resource_claims{admin_access="false",allocated="false",source=""} is 1

    @req:platform-CTRL-R03 @clause:platform-CTRL-R03/refused-create-counts-failure
    Scenario: A claim create the API server refuses counts as a failure
      A quota of zero ResourceClaims makes the API server refuse the claim: the controller reports
      FailedResourceClaimCreation on the pod, counts status "failure" and retries with backoff
      (so the count may grow).
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: no-claims}
        spec:
          hard:
            count/resourceclaims.resource.k8s.io: "0"
        """
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: one-gpu}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: refused}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: one-gpu}
        """
      Then there is a Warning event "FailedResourceClaimCreation" for Pod "refused" containing "PodResourceClaim gpu: create ResourceClaim"
      And the metric resourceclaim_controller_creates_total{admin_access="false",status="failure"} is at least 1
      And there are 0 ResourceClaims owned by Pod "refused"

    @req:platform-CTRL-R02 @clause:platform-CTRL-R02/template-metadata
    Scenario: A claim made from a template carries the template's labels and annotations
      handleClaim copies the template's spec.metadata labels and annotations to the new claim,
      adds the annotation resource.kubernetes.io/pod-claim-name naming the pod's entry, and
      names it after the pod and the entry (generateName "<pod>-<entry>-"). The pod is gated:
      only the controller acts on it.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: labelled-gpu}
        spec:
          metadata:
            labels: {team: vision, tier: training}
            annotations: {example.com/cost-center: "4711"}
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: labelled-gpu}
        """
      Then there is 1 ResourceClaim owned by Pod "trainer"
      And the claim "gpu" of Pod "trainer" contains:
        """
        metadata:
          generateName: trainer-gpu-
          labels: {team: vision, tier: training}
          annotations:
            example.com/cost-center: "4711"
            resource.kubernetes.io/pod-claim-name: gpu
        """

  @component:controller-manager
    @req:platform-CTRL-R02 @clause:platform-CTRL-R02/done-owner-deleted @needs:logical-clock
    Scenario: A claim controlled by a finished pod that does not list it is gone a day later
      k/k pkg/controller/resourceclaim/controller.go syncClaim: an unreserved claim whose
      controlling owner (owningPod: the controller reference to a v1 Pod) is done (isPodDone:
      phase Succeeded or Failed) is deleted by the controller itself ("Normally the garbage
      collector does that, but the pod itself might not get deleted for a while").
      enqueuePod hands syncClaim only the claims the pod lists, but every claim reaches it
      again when kube-controller-manager's shared informers resync (enqueueResourceClaim on
      each update; the resync period is MinResyncPeriod, 12 h, times a random factor below 2),
      so a day after the pod finished a claim it never listed is gone too, and the finished
      pod stays. The pod is held by a scheduling gate, so no kubelet writes its status.
      Given the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: worker}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      When I create the ResourceClaim "leftover" controlled by Pod "worker":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And the Pod "worker" status has:
        """
        phase: Succeeded
        """
      And 86400 seconds pass
      Then the ResourceClaim "leftover" does not exist
      And the Pod "worker" exists

    @req:platform-CTRL-R02 @clause:platform-CTRL-R02/done-owner-deleted @needs:logical-clock
    Scenario: A claim controlled by a finished pod stays while another consumer still holds it
      syncClaim deletes a claim for its finished owning pod only when the claim's
      status.reservedFor is empty; a consumer the controller does not know (here an
      example.com job) keeps its reservation, so the claim stays a day later as well.
      Given the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: worker}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      When I create the ResourceClaim "shared-out" controlled by Pod "worker":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And I patch the ResourceClaim "shared-out" status with:
        """
        status:
          allocation:
            devices:
              results:
              - {request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-0}
          reservedFor:
          - {apiGroup: example.com, resource: jobs, name: render, uid: 9b7c1a3e-0000-4000-8000-000000000042}
        """
      Then the request succeeds
      When the Pod "worker" status has:
        """
        phase: Succeeded
        """
      And 86400 seconds pass
      Then the ResourceClaim "shared-out" exists
      And the ResourceClaim "shared-out" has "status.reservedFor[0].name" equal to render

  Rule: The ResourceClaim controller takes its finalizer off only when it unlocks a claim
    kube-controller-manager's resourceclaim controller (pkg/controller/resourceclaim
    controller.go syncClaim, releases 1.34-1.37): resource.kubernetes.io/delete-protection
    comes off on the transition to unused (the status update that drops the last valid
    reservedFor entry also clears the allocation, and only of a claim that carries the
    finalizer, "allocated by scheduler with structured parameters") or once the claim is
    being deleted (its allocation is cleared first, "whether it was allocated or not, remove
    the finalizer to unblock removal"). A claim nobody uses that is not being deleted is left
    as it is: "a DRA driver is not required to set status.reservedFor together with
    status.allocation, i.e. a claim that is currently unused should not get deallocated."

    @req:platform-CTRL-R05 @clause:platform-CTRL-R05/unused-left-alone @clause:platform-CTRL-R05/deleted-unlocked
    Scenario Outline: An unused claim keeps its delete-protection finalizer until it is deleted
      The claim is created with the finalizer, as the scheduler's bindClaim leaves it when its
      status update fails after the finalizer update, and is <state>. The controller syncs
      it and leaves both the finalizer and the status alone; deleting the claim clears its
      allocation and takes the finalizer off, and the claim goes.
      Given a cluster
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: held
          finalizers: [resource.kubernetes.io/delete-protection]
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        """
      When <write>
      And the cluster settles
      Then the ResourceClaim "held" has "metadata.finalizers" equal to [resource.kubernetes.io/delete-protection]
      And <status_check>
      When I delete the ResourceClaim "held"
      Then the ResourceClaim "held" does not exist

      Examples:
        | state | write | status_check |
        | not allocated | I set "metadata.labels" of the ResourceClaim "held" to {example.com/synced: "yes"} | the ResourceClaim "held" has "status" equal to {} |
        | allocated by hand, without a reservation | I set "status.allocation" of the ResourceClaim "held" to {devices: {results: [{request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-0}]}} | the ResourceClaim "held" has "status.allocation.devices.results[0].device" equal to gpu-0 |

    @req:platform-CTRL-R05 @clause:platform-CTRL-R05/deleted-unlocked
    Scenario: A deleted claim another finalizer still holds is deallocated before the controller lets it go
      syncClaim for a claim being deleted with no valid reservation clears its allocation in a
      status update first, then takes its own finalizer off; another client's finalizer keeps
      the claim stored, so what the controller did shows: no allocation, only that finalizer.
      Given a cluster
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: held
          finalizers: [resource.kubernetes.io/delete-protection, example.com/hold]
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        """
      When I set "status.allocation" of the ResourceClaim "held" to {devices: {results: [{request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-0}]}}
      And I delete the ResourceClaim "held" without waiting
      Then the ResourceClaim "held" exists
      And the ResourceClaim "held" has "metadata.finalizers" equal to [example.com/hold]
      And the ResourceClaim "held" has no "status.allocation"

    @req:platform-CTRL-R05 @clause:platform-CTRL-R05/unbound-deleted-pod
    Scenario: A pod deleted before it was bound gives its reservation back while a finalizer keeps it
      syncClaim keeps a reservedFor entry only for a pod that exists and is not done; isPodDone
      counts a pod in a terminal phase and one being deleted that no node ever got (it will
      never run). The pod stays stored, held by its finalizer, but the claim is free again.
      Given a cluster
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata:
          name: never-bound
          finalizers: [example.com/hold]
        spec:
          schedulerName: bound-by-the-scenario
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "never-bound":
        | request | driver          | pool   | device |
        | gpu     | gpu.example.com | node-1 | gpu-0  |
      Then the ResourceClaim "gpu-claim" has "status.reservedFor[0].name" equal to never-bound
      When I delete the Pod "never-bound" without waiting
      Then the Pod "never-bound" exists
      And the ResourceClaim "gpu-claim" has no "status.reservedFor"

    @req:platform-CTRL-R05 @clause:platform-CTRL-R05/unreserved-deallocated
    Scenario: A claim allocated by hand stays allocated when its last pod goes; one the scheduler allocated does not
      The scheduler reserves an allocated claim without touching its finalizers (bindClaim
      adds delete-protection only with an allocation of its own). When the pod is deleted,
      the controller drops its reservation from both claims; it clears the allocation and
      takes the finalizer off only where the finalizer was, so the claim a driver allocated
      by hand keeps its device. (The hand-made allocation carries an allocationTimestamp:
      where binding conditions are on, bindClaim stamps one on every allocation it reserves
      that has none, and the API server refuses that change of an allocation as immutable.)
      Given a node "node-1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "gpu.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
          - name: gpu-1
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: by-hand}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: by-scheduler}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      When I set "status.allocation" of the ResourceClaim "by-hand" to {allocationTimestamp: "2026-01-01T00:00:00Z", devices: {results: [{request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-1}]}, nodeSelector: {nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [node-1]}]}]}}
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: uses-both}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: a}, {name: b}]}}
          resourceClaims:
          - {name: a, resourceClaimName: by-hand}
          - {name: b, resourceClaimName: by-scheduler}
        """
      Then the Pod "uses-both" is scheduled to "node-1"
      And the ResourceClaim "by-hand" has no "metadata.finalizers"
      And the ResourceClaim "by-scheduler" has "metadata.finalizers" equal to [resource.kubernetes.io/delete-protection]
      And the ResourceClaim "by-scheduler" has "status.allocation.devices.results[0].device" equal to gpu-0
      When I delete the Pod "uses-both"
      Then the Pod "uses-both" does not exist
      And the ResourceClaim "by-hand" has no "status.reservedFor"
      And the ResourceClaim "by-hand" has "status.allocation.devices.results[0].device" equal to gpu-1
      And the ResourceClaim "by-scheduler" has no "status"
      And the ResourceClaim "by-scheduler" has no "metadata.finalizers"

  @component:apiserver
  Rule: Pod priority comes from PriorityClasses
    A user never writes pod.spec.priority: kube-apiserver's Priority admission plugin (enabled
    by default; k/k plugin/pkg/admission/priority/admission.go, releases 1.34-1.37) computes it
    from spec.priorityClassName — the class's value, or the global default class's, or 0 —
    together with spec.preemptionPolicy, and refuses a pod that names an unknown class or sets
    other values itself. PriorityClass validation is k/k pkg/apis/scheduling/validation
    ValidatePriorityClass(Update); the two system classes are created when the API server
    starts (pkg/registry/scheduling/rest/storage_scheduling.go) and cannot be deleted
    (pkg/registry/scheduling/priorityclass/storage/storage.go). kube-scheduler's active queue
    pops the pod of highest priority first (pkg/scheduler/backend/queue, PrioritySort), which
    is what every scenario with more pods than devices relies on. The pods that only need
    admission carry a scheduling gate, so no scheduler tries to place (or preempt for) them.
    The classes are created in a step of their own before the pods that name them: a live
    cluster backend dry-runs every object of a step before writing the first, and a pod's
    dry run cannot see a class of the same step.

    @req:platform-PRIO-R01 @clause:platform-PRIO-R01/class-resolves @clause:platform-PRIO-R01/system-classes
    Scenario: A pod naming a PriorityClass gets its value and preemption policy; the system classes exist from the start
      system-node-critical is what DRA driver DaemonSets name; pods of any namespace may use it
      (the kube-system restriction of 1.11 is gone from the plugin). The system classes'
      values and descriptions are pkg/apis/scheduling/v1 helpers.go's; the API server
      defaults their preemptionPolicy when its post-start hook creates them.
      Given the object:
        """
        apiVersion: scheduling.k8s.io/v1
        kind: PriorityClass
        metadata: {name: batch-high}
        value: 1000000
        preemptionPolicy: Never
        description: Batch jobs that wait rather than preempt.
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: important}
        spec:
          priorityClassName: batch-high
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: driver-plugin}
        spec:
          priorityClassName: system-node-critical
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: plugin, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "important" has "spec.priority" equal to 1000000
      And the Pod "important" has "spec.preemptionPolicy" equal to Never
      And the Pod "driver-plugin" has "spec.priority" equal to 2000001000
      And the Pod "driver-plugin" has "spec.preemptionPolicy" equal to PreemptLowerPriority
      And the PriorityClass "system-node-critical" contains:
        """
        apiVersion: scheduling.k8s.io/v1
        kind: PriorityClass
        value: 2000001000
        preemptionPolicy: PreemptLowerPriority
        description: Used for system critical pods that must not be moved from their current node.
        """
      And the PriorityClass "system-cluster-critical" contains:
        """
        value: 2000000000
        preemptionPolicy: PreemptLowerPriority
        description: Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.
        """
      When I delete the PriorityClass "system-cluster-critical"
      Then the request is rejected as Forbidden (403)
      And the error message is "priorityclasses.scheduling.k8s.io "system-cluster-critical" is forbidden: this is a system priority class and cannot be deleted"
      And the PriorityClass "system-cluster-critical" exists

    @req:platform-PRIO-R01 @clause:platform-PRIO-R01/refusals
    Scenario Outline: A pod naming an unknown class, or setting what its class decides, is refused (<what>)
      admitPod: an unknown class is "no PriorityClass with name <n> was found"; a priority or
      preemption policy in the pod that differs from the computed one is refused with the
      value it gave and the one the plugin computed. All are admission.NewForbidden: 403,
      pods "<name>" is forbidden.
      Given the object:
        """
        apiVersion: scheduling.k8s.io/v1
        kind: PriorityClass
        metadata: {name: batch-high}
        value: 1000000
        preemptionPolicy: Never
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: pushy}
        spec:
          priorityClassName: <class>
          <extra>
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the request is rejected as Forbidden (403)
      And the error message is "pods "pushy" is forbidden: <message>"
      And the Pod "pushy" does not exist

      Examples:
        | what                  | class         | extra                                  | message |
        | unknown class         | no-such-class | restartPolicy: Always                  | no PriorityClass with name no-such-class was found |
        | own priority          | batch-high    | priority: 5                            | the integer value of priority (5) must not be provided in pod spec; priority admission controller computed 1000000 from the given PriorityClass name |
        | own preemption policy | batch-high    | preemptionPolicy: PreemptLowerPriority | the string value of PreemptionPolicy (PreemptLowerPriority) must not be provided in pod spec; priority admission controller computed Never from the given PriorityClass name |

    @req:platform-PRIO-R01 @clause:platform-PRIO-R01/pod-update
    Scenario Outline: A pod's priority cannot change after it is created (<path>)
      ValidatePodUpdate: spec.priority and spec.priorityClassName are not among the fields a pod
      update may change (upstream appends a diff of the specs, so the start is compared). A
      replace that leaves spec.priority out keeps the stored one: the plugin copies it back
      before validation ("Ensure the existing priority is preserved on update").
      Given the object:
        """
        apiVersion: scheduling.k8s.io/v1
        kind: PriorityClass
        metadata: {name: batch-high}
        value: 1000000
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: settled}
        spec:
          priorityClassName: batch-high
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      And I set "<path>" of the Pod "settled" to <value>
      Then the request is rejected with a cause at "spec" of reason "FieldValueForbidden" whose message starts with "Forbidden: pod updates may not change fields other than "
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: settled, labels: {reapplied: "yes"}}
        spec:
          priorityClassName: batch-high
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the request succeeds
      And the Pod "settled" has "spec.priority" equal to 1000000

      Examples:
        | path                   | value          |
        | spec.priority          | 5              |
        | spec.priorityClassName | system-node-critical |

    @req:platform-PRIO-R01 @clause:platform-PRIO-R01/class-validation
    Scenario Outline: An invalid PriorityClass is refused with upstream's cause (<what>)
      ValidatePriorityClass: the name is a DNS subdomain; the system- prefix is reserved for
      the system classes (IsKnownSystemPriorityClass's error follows); other classes may not
      exceed HighestUserDefinablePriority (1000000000); preemptionPolicy is
      ValidatePreemptionPolicy's. The value is an int32: a larger number never reaches
      validation.
      Given a cluster
      When I apply:
        """
        apiVersion: scheduling.k8s.io/v1
        kind: PriorityClass
        metadata: {name: <name>}
        value: <value>
        <extra>
        """
      Then the outcome is "<outcome>"
      And the PriorityClass "<name>" does not exist

      Examples:
        | what              | name          | value      | extra                          | outcome |
        | value too large   | too-important | 1000000001 | description: above the users' ceiling | value: Forbidden: maximum allowed value of a user defined priority is 1000000000 |
        | system- prefix    | system-batch  | 1000       | description: not a system class | metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: system-batch is not a known system priority class |
        | preemption policy | sometimes     | 1000       | preemptionPolicy: Sometimes    | preemptionPolicy: Unsupported value: "Sometimes": supported values: "PreemptLowerPriority", "Never" |
        | empty preemption policy | never-empty | 1000     | preemptionPolicy: ""           | preemptionPolicy: Required value |
        | name              | Batch_High    | 1000       | description: not a DNS subdomain | metadata.name: Invalid value: "Batch_High": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*') |

    @req:platform-PRIO-R01 @clause:platform-PRIO-R01/class-validation
    Scenario Outline: Creating a system priority class with other settings is refused with IsKnownSystemPriorityClass's reason (<what>)
      pkg/apis/scheduling/validation ValidatePriorityClass: a system- name must pass
      scheduling/v1 helpers.go IsKnownSystemPriorityClass, whose error names the class's own
      value (system-node-critical: 2000001000, system-cluster-critical: 2000000000) or its
      globalDefault. A create is validated (rest.BeforeCreate) before the store finds the
      class the API server made at startup, so the answer is the validation error, not
      AlreadyExists; the stored class is untouched.
      Given a cluster
      When I create, as kubectl create does:
        """
        apiVersion: scheduling.k8s.io/v1
        kind: PriorityClass
        metadata: {name: <name>}
        value: <value>
        globalDefault: <default>
        """
      Then the outcome is "metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: <why>"
      And the PriorityClass "<name>" has "value" equal to <stored>

      Examples:
        | what           | name                    | value      | default | why                                                                  | stored     |
        | value          | system-node-critical    | 1000       | false   | value of system-node-critical PriorityClass must be 2000001000       | 2000001000 |
        | value          | system-cluster-critical | 2000001000 | false   | value of system-cluster-critical PriorityClass must be 2000000000    | 2000000000 |
        | global default | system-cluster-critical | 2000000000 | true    | globalDefault of system-cluster-critical PriorityClass must be false | 2000000000 |

    @req:platform-PRIO-R01 @clause:platform-PRIO-R01/class-validation @clause:platform-PRIO-R01/system-classes
    Scenario: A system priority class created as it is already exists; a user's class can be deleted
      scheduling/v1 helpers.go IsKnownSystemPriorityClass accepts a system- name with its own
      value and globalDefault false, so the create passes validation and the store answers
      AlreadyExists (409); pkg/registry/scheduling/priorityclass/storage/storage.go Delete
      refuses only the system classes, any other class is deleted.
      Given a cluster
      When I create, as kubectl create does:
        """
        apiVersion: scheduling.k8s.io/v1
        kind: PriorityClass
        metadata: {name: system-cluster-critical}
        value: 2000000000
        globalDefault: false
        """
      Then the request is rejected as AlreadyExists (409)
      When I create:
        """
        apiVersion: scheduling.k8s.io/v1
        kind: PriorityClass
        metadata: {name: batch-high}
        value: 1000000
        """
      And I delete the PriorityClass "batch-high"
      Then the request succeeds
      And the PriorityClass "batch-high" does not exist

    @req:platform-PRIO-R01 @clause:platform-PRIO-R01/class-validation
    Scenario Outline: A PriorityClass keeps its value and preemption policy; its description may change (<path>)
      ValidatePriorityClassUpdate: "value" may not change (Forbidden "may not be changed in an
      update.", the hand-written rule users read; 1.37's declarative immutable tag is alpha,
      only compared) and preemptionPolicy is immutable (ValidateImmutableField).
      Given a cluster
      When I apply:
        """
        apiVersion: scheduling.k8s.io/v1
        kind: PriorityClass
        metadata: {name: batch-high}
        value: 1000000
        description: Batch jobs.
        """
      And I set "<path>" of the PriorityClass "batch-high" to <value>
      Then the outcome is "<outcome>"

      Examples:
        | path             | value                  | outcome |
        | value            | 2000000                | value: Forbidden: may not be changed in an update. |
        | preemptionPolicy | Never                  | preemptionPolicy: Invalid value: "Never": field is immutable |
        | description      | Batch jobs, reviewed.  | accepted |

    @req:platform-PRIO-R01 @clause:platform-PRIO-R01/global-default @needs:whole-cluster
    Scenario: A pod naming no class gets the global default's; a second global default is refused
      getDefaultPriority: without priorityClassName the pod gets the globalDefault class's
      name, value and policy. validatePriorityClass (the plugin's validating half): a class
      created with globalDefault, or another class marked so by an update, while a default
      exists is Forbidden "PriorityClass <default> is already marked as default. Only one
      default can exist"; the default class itself may be updated. On a live cluster the
      scenario runs alone (a global default applies to every pod created meanwhile) and
      needs a cluster without a global default class of its own.
      Given a cluster
      When I apply:
        """
        apiVersion: scheduling.k8s.io/v1
        kind: PriorityClass
        metadata: {name: everyone}
        value: 100
        globalDefault: true
        ---
        apiVersion: scheduling.k8s.io/v1
        kind: PriorityClass
        metadata: {name: batch-low}
        value: 10
        """
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: plain}
        spec:
          schedulingGates: [{name: example.com/hold}]
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "plain" contains:
        """
        spec:
          priorityClassName: everyone
          priority: 100
          preemptionPolicy: PreemptLowerPriority
        """
      When I apply:
        """
        apiVersion: scheduling.k8s.io/v1
        kind: PriorityClass
        metadata: {name: everyone-else}
        value: 50
        globalDefault: true
        """
      Then the request is rejected as Forbidden (403)
      And the error message is "priorityclasses.scheduling.k8s.io "everyone-else" is forbidden: PriorityClass everyone is already marked as default. Only one default can exist"
      When I set "globalDefault" of the PriorityClass "batch-low" to true
      Then the request is rejected as Forbidden (403)
      And the error message is "priorityclasses.scheduling.k8s.io "batch-low" is forbidden: PriorityClass everyone is already marked as default. Only one default can exist"
      When I set "description" of the PriorityClass "everyone" to "Every pod without a class."
      Then the request succeeds

    @req:platform-PRIO-R01 @clause:platform-PRIO-R01/queue-order @component:scheduler
    Scenario: Of two pods waiting for one device, the one of higher priority gets it, though it came second
      kube-scheduler's activeQ is ordered by PrioritySort (higher spec.priority first, then the
      older queue entry). Both pods wait until the node's only device is published; the
      ResourceSlice event moves both back to the active queue (DynamicResources
      EventsToRegister), and the high-priority pod, created after the other, is tried first
      and gets the device. Nothing runs that preemption could evict.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: scheduling.k8s.io/v1
        kind: PriorityClass
        metadata: {name: batch-low}
        value: 10
        ---
        apiVersion: scheduling.k8s.io/v1
        kind: PriorityClass
        metadata: {name: batch-high}
        value: 1000
        ---
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "gpu.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: one-gpu}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: early-low}
        spec:
          priorityClassName: batch-low
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: one-gpu}
        """
      Then the Pod "early-low" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: late-high}
        spec:
          priorityClassName: batch-high
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: one-gpu}
        """
      Then the Pod "late-high" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        """
      Then the Pod "late-high" is scheduled to "node-1"
      And the claim "gpu" of Pod "late-high" has 1 allocated device
      And the Pod "early-low" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."

  @component:kubelet @needs:node-access @needs:driver-control @fault
  Rule: The kubelet and a DRA driver that fails
    The kubelet prepares a pod's claims through their drivers before it starts the pod
    (k/k pkg/kubelet/cm/dra/manager.go PrepareResources, called from SyncPod) and releases
    them before a deleted pod goes (UnprepareResources, called from SyncTerminatingPod). A
    per-claim error in the driver's answer fails PrepareDynamicResources, but not the sync: the
    runtime's SyncPod (pkg/kubelet/kuberuntime/kuberuntime_manager.go, step 4) records the
    FailedPrepareDynamicResources event and returns without failing its result, so the pod
    worker requeues the pod at its regular resync (pkg/kubelet/pod_workers.go completeWork:
    resyncInterval, the kubelet's syncFrequency of 1 min, jitter factor 0.5, so 60-90 s;
    drakit takes 60 s), not after the 10-15 s backOffPeriod of a failed sync, or at once when
    an update of the pod arrives. A failed unprepare does fail SyncTerminatingPod: that one is
    retried after the backoff. The failures are injected into
    drakit's own example drivers (the reference's and drakit serve's); a live cluster's
    driver cannot be told to fail, so there the scenarios are unsupported.

    Background:
      Given a cluster
      And a node "n1" with cpu "8", memory "32Gi"

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/prepare-error-blocks-start @clause:platform-KUBELET-R01/prepare-retried-on-update @req:3695-R01 @clause:3695-R01/claim-name-and-namespace
    Scenario: A pod whose driver fails NodePrepareResources waits; changed after the driver recovers, it starts at once
      The pod is admitted, so it is one of the kubelet's active pods and PodResources List
      reports it (server_v1.go List, GetActivePods); its claim is in the DRA manager's cache
      from before the driver was asked, with the drivers of its allocation but no devices
      yet (claiminfo.go newClaimInfoFromClaim), so the container shows the claim without
      claim resources (container_manager_linux.go GetDynamicResources). Once it runs, its
      container is ready and so are the pod's Ready and ContainersReady conditions: status
      True, no reason (pkg/kubelet/status/generate.go GeneratePodReadyCondition,
      GenerateContainersReadyCondition).
      Given the DRA driver "gpu.example.com" on node "n1" fails NodePrepareResources with "gpu-0 is not healthy"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      Then the kubelet recorded a Warning event "FailedPrepareDynamicResources" for the Pod "trainer" with message:
        """
        Failed to prepare dynamic resources: prepare dynamic resources: NodePrepareResources failed for ResourceClaim gpu-claim: gpu-0 is not healthy
        """
      And the Pod "trainer" has "status.phase" equal to Pending
      And the container "main" of the Pod "trainer" on node "n1" gets no CDI devices
      When a node agent calls PodResources List on node "n1"
      Then the PodResources answer is:
        """
        podResources:
        - name: trainer
          namespace: ${namespace}
          containers:
          - name: main
            dynamicResources:
            - claimName: gpu-claim
              claimNamespace: ${namespace}
        """
      When the DRA driver "gpu.example.com" on node "n1" answers NodePrepareResources again
      And I patch the Pod "trainer" with:
        """
        metadata:
          labels: {retry: "now"}
        """
      Then the Pod "trainer" has "status.phase" equal to Running
      And the Ready condition of the Pod "trainer" has status True and no reason, with lastTransitionTime set
      And the ContainersReady condition of the Pod "trainer" has status True and no reason, with lastTransitionTime set
      And the container "main" of the Pod "trainer" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-0"
      When a node agent calls PodResources List on node "n1"
      Then the PodResources answer is:
        """
        podResources:
        - name: trainer
          namespace: ${namespace}
          containers:
          - name: main
            dynamicResources:
            - claimName: gpu-claim
              claimNamespace: ${namespace}
              claimResources:
              - cdiDevices:
                - name: gpu.example.com/gpu=gpu-0
                driverName: gpu.example.com
                poolName: n1
                deviceName: gpu-0
        """

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/waiting-pod-status
    Scenario: A pod whose driver fails NodePrepareResources shows the kubelet's Pending status: not ready, its containers being created
      Upstream's SyncPod hands the pod's status to the status manager (generateAPIPodStatus,
      SetPodStatus) before the runtime's SyncPod, where PrepareDynamicResources fails before a
      sandbox exists (pkg/kubelet/kuberuntime/kuberuntime_manager.go). So the pod has a
      startTime and the kubelet's conditions (pkg/kubelet/status/generate.go): not ready to
      start containers (no reason), initialized (no init containers), not ready with reason
      ContainersNotReady and the containers in spec order as Go prints a []string, scheduled
      (the kubelet's conditions come last, pkg/kubelet/status/status_manager.go
      mergePodStatus). Each container waits with reason ContainerCreating, not ready, not
      started (convertToAPIContainerStatuses; the prober manager), the statuses sorted by name
      (normalizeStatus).
      Given the DRA driver "gpu.example.com" on node "n1" fails NodePrepareResources with "gpu-0 is not healthy"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          - {name: logger, image: registry.k8s.io/busybox:1.36}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      Then the kubelet recorded a Warning event "FailedPrepareDynamicResources" for the Pod "trainer" with message:
        """
        Failed to prepare dynamic resources: prepare dynamic resources: NodePrepareResources failed for ResourceClaim gpu-claim: gpu-0 is not healthy
        """
      And the Pod "trainer" contains:
        """
        status:
          phase: Pending
          conditions:
          - {type: PodReadyToStartContainers, status: "False"}
          - {type: Initialized, status: "True"}
          - type: Ready
            status: "False"
            reason: ContainersNotReady
            message: "containers with unready status: [main logger]"
          - type: ContainersReady
            status: "False"
            reason: ContainersNotReady
            message: "containers with unready status: [main logger]"
          - {type: PodScheduled, status: "True"}
          containerStatuses:
          - name: logger
            image: registry.k8s.io/busybox:1.36
            imageID: ""
            ready: false
            started: false
            restartCount: 0
            state: {waiting: {reason: ContainerCreating}}
          - name: main
            image: registry.k8s.io/pause:3.10
            imageID: ""
            ready: false
            started: false
            restartCount: 0
            state: {waiting: {reason: ContainerCreating}}
        """
      And the Pod "trainer" has a "status.startTime"
      And the PodReadyToStartContainers condition of the Pod "trainer" has status False and no reason, with lastTransitionTime set
      And the Initialized condition of the Pod "trainer" has status True and no reason, with lastTransitionTime set
      And the Pod "trainer" has no "status.initContainerStatuses"

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/waiting-pod-status
    Scenario: A kubelet restarted while a pod waits for its prepare keeps its containers' restart count and last state
      k/k pkg/kubelet/kubelet_pods.go convertToAPIContainerStatuses: a container the runtime does
      not know yet waits (ContainerCreating) with the restart count and last termination state of
      its previous status; a restarted kubelet has no status of its own for the pod yet
      (statusManager.GetPodStatus finds none), so it builds on the status stored in the API.
      Given the DRA driver "gpu.example.com" on node "n1" fails NodePrepareResources with "gpu-0 is not healthy"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      Then the Pod "trainer" has "status.containerStatuses[0].state.waiting.reason" equal to ContainerCreating
      When the Pod "trainer" status has:
        """
        containerStatuses:
        - name: main
          image: registry.k8s.io/pause:3.10
          imageID: ""
          ready: false
          started: false
          restartCount: 2
          state: {waiting: {reason: ContainerCreating}}
          lastState: {terminated: {exitCode: 1, reason: Error, startedAt: "2026-01-01T00:00:00Z", finishedAt: "2026-01-01T00:00:01Z"}}
        """
      And the kubelet on node "n1" restarts
      Then the Pod "trainer" has "status.containerStatuses[0].restartCount" equal to 2
      And the Pod "trainer" has "status.containerStatuses[0].lastState.terminated.reason" equal to Error
      And the Pod "trainer" has "status.containerStatuses[0].state.waiting.reason" equal to ContainerCreating

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/waiting-pod-status
    Scenario: A pod with init containers whose driver fails NodePrepareResources is not initialized, every container waiting with PodInitializing
      With init containers every container of the pod waits with reason PodInitializing
      (convertToAPIContainerStatuses), the init containers' statuses in spec order; none has
      completed or started, so Initialized is False with reason ContainersNotInitialized and
      all of them (GeneratePodInitializedCondition); the sidecar (an init container with
      restartPolicy Always) counts among the unready containers, before the pod's own
      containers (GenerateContainersReadyCondition).
      Given the DRA driver "gpu.example.com" on node "n1" fails NodePrepareResources with "gpu-0 is not healthy"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          initContainers:
          - {name: setup, image: registry.k8s.io/busybox:1.36, resources: {claims: [{name: gpu}]}}
          - {name: proxy, image: registry.k8s.io/busybox:1.36, restartPolicy: Always}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      Then the kubelet recorded a Warning event "FailedPrepareDynamicResources" for the Pod "trainer" with message:
        """
        Failed to prepare dynamic resources: prepare dynamic resources: NodePrepareResources failed for ResourceClaim gpu-claim: gpu-0 is not healthy
        """
      And the Pod "trainer" contains:
        """
        status:
          phase: Pending
          conditions:
          - {type: PodReadyToStartContainers, status: "False"}
          - type: Initialized
            status: "False"
            reason: ContainersNotInitialized
            message: "containers with incomplete status: [setup proxy]"
          - type: Ready
            status: "False"
            reason: ContainersNotReady
            message: "containers with unready status: [proxy main]"
          - type: ContainersReady
            status: "False"
            reason: ContainersNotReady
            message: "containers with unready status: [proxy main]"
          - {type: PodScheduled, status: "True"}
          initContainerStatuses:
          - {name: setup, ready: false, started: false, restartCount: 0, state: {waiting: {reason: PodInitializing}}}
          - {name: proxy, ready: false, started: false, restartCount: 0, state: {waiting: {reason: PodInitializing}}}
          containerStatuses:
          - {name: main, ready: false, started: false, restartCount: 0, state: {waiting: {reason: PodInitializing}}}
        """

    # until 1.36: the gate is GA and locked on from 1.37
    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/ready-to-start-gate @gate:PodReadyToStartContainersCondition @until:1.36
    Scenario: Kubelets without PodReadyToStartContainersCondition give neither a waiting nor a running pod that condition
      generateAPIPodStatus (k/k pkg/kubelet/kubelet_pods.go) appends
      GeneratePodReadyToStartContainersCondition only while the kubelet's gate
      PodReadyToStartContainersCondition (beta up to 1.36) is on; the other conditions it
      writes keep their order (pkg/kubelet/status/generate.go). So a pod waiting for a failing
      NodePrepareResources and a pod that runs both carry Initialized, Ready, ContainersReady
      and PodScheduled, and nothing more.
      Given the kubelets run with the feature gate PodReadyToStartContainersCondition disabled
      And the DRA driver "gpu.example.com" on node "n1" fails NodePrepareResources with "gpu-0 is not healthy"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: web}
        spec:
          nodeName: n1
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      Then the kubelet recorded a Warning event "FailedPrepareDynamicResources" for the Pod "trainer" with message:
        """
        Failed to prepare dynamic resources: prepare dynamic resources: NodePrepareResources failed for ResourceClaim gpu-claim: gpu-0 is not healthy
        """
      And the Pod "trainer" contains:
        """
        status:
          phase: Pending
          conditions:
          - {type: Initialized, status: "True"}
          - {type: Ready, status: "False", reason: ContainersNotReady}
          - {type: ContainersReady, status: "False", reason: ContainersNotReady}
          - {type: PodScheduled, status: "True"}
        """
      And the Pod "web" comes to have "status.phase" equal to Running
      And the Pod "web" contains:
        """
        status:
          conditions:
          - {type: Initialized, status: "True"}
          - {type: Ready, status: "True"}
          - {type: ContainersReady, status: "True"}
          - {type: PodScheduled, status: "True"}
        """

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/waiting-pod-status @clause:platform-KUBELET-R01/prepare-retried-after-backoff @needs:logical-clock
    Scenario: A waiting pod's conditions keep their transition times through failed retries; once the driver recovers the pod runs and is ready
      A retry that fails the same way generates the same status, and a condition keeps its
      lastTransitionTime while its status stays (status_manager.go updateLastTransitionTime).
      Once the retry at the pod worker's resync succeeds, the pod runs: ready to start
      containers, Ready and ContainersReady True without reason (new transition times),
      Initialized True as before (its transition time kept), its container running.
      Given the DRA driver "gpu.example.com" on node "n1" fails NodePrepareResources with "gpu-0 is not healthy"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      When I note the Ready condition of the Pod "trainer"
      And I note the Initialized condition of the Pod "trainer"
      And 90 seconds pass
      Then the Ready condition of the Pod "trainer" keeps its status and the noted lastTransitionTime
      And the Ready condition of the Pod "trainer" has status False and reason ContainersNotReady, with lastTransitionTime set
      When the DRA driver "gpu.example.com" on node "n1" answers NodePrepareResources again
      And 90 seconds pass
      Then the Pod "trainer" has "status.phase" equal to Running
      And the Ready condition of the Pod "trainer" has status True and a lastTransitionTime later than the noted one
      And the Ready condition of the Pod "trainer" has status True and no reason, with lastTransitionTime set
      And the ContainersReady condition of the Pod "trainer" has status True and no reason, with lastTransitionTime set
      And the PodReadyToStartContainers condition of the Pod "trainer" has status True and no reason, with lastTransitionTime set
      And the Initialized condition of the Pod "trainer" keeps its status and the noted lastTransitionTime
      And the Pod "trainer" has "status.containerStatuses[0].state.running" containing {}
      And the Pod "trainer" has "status.containerStatuses[0].ready" equal to true

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/forgets-force-deleted-pod
    Scenario: A pod force-deleted while its failed prepare waits for the pod worker's backoff is forgotten, also when the kubelet only learns it from a relist
      kubelet.go HandlePodRemoves hands a pod gone from the API server to its pod worker, which
      terminates it instead of retrying the failed SyncPod (pkg/kubelet/pod_workers.go), and
      HandlePodCleanups forgets the workers and statuses of pods the kubelet no longer has
      (RemoveOrphanedStatuses). A kubelet whose watch ends in 410 Expired (client-go
      reflector.go, an API server restart) relists and sees the pod gone without a DELETED
      event; it keeps nothing about the pod either: no retry of its prepare, no status to write.
      Given the DRA driver "gpu.example.com" on node "n1" fails NodePrepareResources with "gpu-0 is not healthy"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      Then the kubelet recorded a Warning event "FailedPrepareDynamicResources" for the Pod "trainer" with message:
        """
        Failed to prepare dynamic resources: prepare dynamic resources: NodePrepareResources failed for ResourceClaim gpu-claim: gpu-0 is not healthy
        """
      When I force-delete the Pod "trainer" without waiting
      And the API server restarts
      Then the Pod "trainer" does not exist

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/prepare-error-blocks-start @clause:platform-KUBELET-R01/prepare-retried-on-update
    Scenario: A claim with devices of two drivers, one of which fails, is prepared through both once that driver recovers
      prepareResources (k/k pkg/kubelet/cm/dra/manager.go) asks each driver of the claim's
      allocation for its devices; one driver's per-claim error fails the whole sync and the
      claim is not marked prepared, so the retry asks every driver again, the one that already
      answered included (a kubelet plugin's NodePrepareResources must be idempotent,
      k8s.io/kubelet pkg/apis/dra/v1 api.proto). The started container gets the devices of
      both drivers, each of the requests it names (GetResources: per claim reference, the CDI
      devices of its request).
      Given the DRA driver "dra.example.com" on node "n1" fails NodePrepareResources with "dev-0 is not healthy"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: mixed}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
            - {name: dev, exactly: {deviceClassName: dra.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: both, resourceClaimName: mixed}
          containers:
          - name: main
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: both, request: gpu}, {name: both, request: dev}]}
        """
      And the ResourceClaim "mixed" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
        | dev     | dra.example.com | n1   | dev-0  |
      Then the kubelet recorded a Warning event "FailedPrepareDynamicResources" for the Pod "trainer" with message:
        """
        Failed to prepare dynamic resources: prepare dynamic resources: NodePrepareResources failed for ResourceClaim mixed: dev-0 is not healthy
        """
      And the Pod "trainer" has "status.phase" equal to Pending
      And the container "main" of the Pod "trainer" on node "n1" gets no CDI devices
      When the DRA driver "dra.example.com" on node "n1" answers NodePrepareResources again
      And I patch the Pod "trainer" with:
        """
        metadata:
          labels: {retry: "now"}
        """
      Then the Pod "trainer" has "status.phase" equal to Running
      And the container "main" of the Pod "trainer" on node "n1" gets the CDI devices "gpu.example.com/gpu=gpu-0" and "dra.example.com/test=dev-0"

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/prepare-retried-after-backoff @needs:logical-clock
    Scenario: The kubelet prepares again at the pod worker's resync, not before
      Nothing changes the pod here: only the resync brings the retry. Upstream jitters it into
      60-90 s; the pod is still waiting 59 s after the failure (well past the 10-15 s backoff of
      a failed sync, which does not apply to a failed prepare) and runs 90 s after it.
      Given the DRA driver "gpu.example.com" on node "n1" fails NodePrepareResources with "gpu-0 is not healthy"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      Then the Pod "trainer" has "status.phase" equal to Pending
      When the DRA driver "gpu.example.com" on node "n1" answers NodePrepareResources again
      And 59 seconds pass
      Then the Pod "trainer" has "status.phase" equal to Pending
      When 31 seconds pass
      Then the Pod "trainer" has "status.phase" equal to Running
      And the container "main" of the Pod "trainer" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-0"

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/status-update-not-synced @clause:platform-KUBELET-R01/prepare-retried-on-update
    Scenario: A write of the pod's status by someone else does not make the kubelet prepare again, an annotation change does
      Upstream's config source (pkg/kubelet/config/config.go checkAndUpdatePod) compares the
      pod's spec, labels, annotations and deletion: a pod that differs in its status alone goes
      to HandlePodReconcile, which only updates the pod manager; its worker waits for its
      resync (60-90 s). Here someone else sets a status field the kubelet does not own
      (a claim status for the pod's claim, which the resource claim controller writes only
      for claims made from a template; nominatedNodeName would be refused on a bound pod
      from 1.35, kubernetes#132443); the pod stays Pending although its driver recovered. An
      annotation change is an update and reaches the pod's worker at once.
      Given the DRA driver "gpu.example.com" on node "n1" fails NodePrepareResources with "gpu-0 is not healthy"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      Then the Pod "trainer" has "status.phase" equal to Pending
      When the DRA driver "gpu.example.com" on node "n1" answers NodePrepareResources again
      And the Pod "trainer" status has:
        """
        resourceClaimStatuses: [{name: gpu}]
        """
      Then the Pod "trainer" has "status.resourceClaimStatuses" equal to [{name: gpu}]
      And the Pod "trainer" has "status.phase" equal to Pending
      And the container "main" of the Pod "trainer" on node "n1" gets no CDI devices
      When I patch the Pod "trainer" with:
        """
        metadata:
          annotations: {example.com/nudge: "1"}
        """
      Then the Pod "trainer" has "status.phase" equal to Running
      And the container "main" of the Pod "trainer" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-0"

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/status-update-not-synced
    Scenario: A status write whose Ready condition disagrees with the pod's readiness gates makes the kubelet sync the pod at once
      HandlePodReconcile (pkg/kubelet/kubelet.go) syncs a pod whose status alone changed when
      status.NeedToReconcilePodReadiness says so: the pod has readiness gates and its stored
      Ready condition differs in status or message from GeneratePodReadyCondition of its
      stored status. The pod waits for its failed prepare, its container is not ready, so the
      Ready condition it should have is False "containers with unready status: [main]";
      someone first writes that very condition (no disagreement: nothing happens before the
      resync), then Ready True. The kubelet syncs the pod at once: its driver recovered, it
      prepares the claim and starts the pod.
      Given the DRA driver "gpu.example.com" on node "n1" fails NodePrepareResources with "gpu-0 is not healthy"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          readinessGates:
          - {conditionType: example.com/checked}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      Then the Pod "trainer" has "status.phase" equal to Pending
      When the DRA driver "gpu.example.com" on node "n1" answers NodePrepareResources again
      And the Pod "trainer" status has:
        """
        conditions:
        - {type: Ready, status: "False", message: "containers with unready status: [main]", lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      Then the Pod "trainer" has "status.phase" equal to Pending
      When the Pod "trainer" status has:
        """
        conditions:
        - {type: Ready, status: "True", lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      Then the Pod "trainer" has "status.phase" equal to Running
      And the container "main" of the Pod "trainer" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-0"

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/status-update-not-synced
    Scenario: A status write that leaves a container's status out agrees with a Ready condition naming it as unknown
      GeneratePodReadyCondition (pkg/kubelet/status/generate.go) names the containers without
      a status first ("containers with unknown status: [<names>]"), then the unready ones,
      joined by ", ". A status write that leaves the sidecar's status out and carries exactly
      that Ready condition agrees with it: the waiting pod is not synced. A Ready True then
      disagrees, and the kubelet syncs the pod at once.
      Given the DRA driver "gpu.example.com" on node "n1" fails NodePrepareResources with "gpu-0 is not healthy"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          readinessGates:
          - {conditionType: example.com/checked}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          - {name: side, image: registry.k8s.io/pause:3.10}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      Then the Pod "trainer" has "status.phase" equal to Pending
      When the DRA driver "gpu.example.com" on node "n1" answers NodePrepareResources again
      And the Pod "trainer" status has:
        """
        containerStatuses:
        - {name: main, image: registry.k8s.io/pause:3.10, imageID: "", ready: false, restartCount: 0, state: {waiting: {reason: ContainerCreating}}}
        conditions:
        - {type: Ready, status: "False", message: "containers with unknown status: [side], containers with unready status: [main]", lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      Then the Pod "trainer" has "status.phase" equal to Pending
      When the Pod "trainer" status has:
        """
        conditions:
        - {type: Ready, status: "True", lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      Then the Pod "trainer" has "status.phase" equal to Running

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/status-update-not-synced
    Scenario: A running pod stays unready until its readiness gate's condition is True
      pkg/kubelet/status/generate.go GeneratePodReadyCondition: with its containers ready, the
      pod is Ready only when every readiness gate has a True condition among the conditions
      the kubelet does not own; otherwise Ready is False with reason ReadinessGatesNotReady
      and one message per gate, while ContainersReady stays True. Another component then
      writes the gate's condition (a merge patch that also leaves a stale Ready behind): the
      Ready condition the status asks for differs from the stored one
      (NeedToReconcilePodReadiness), so the kubelet syncs the pod and writes Ready True.
      Given the objects:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: gated}
        spec:
          nodeName: n1
          readinessGates:
          - {conditionType: example.com/checked}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "gated" has "status.phase" equal to Running
      And the Ready condition of the Pod "gated" has "reason" equal to ReadinessGatesNotReady
      And the Ready condition of the Pod "gated" has "message" equal to 'corresponding condition of pod readiness gate "example.com/checked" does not exist.'
      And the Ready condition of the Pod "gated" has "status" equal to "False"
      And the ContainersReady condition of the Pod "gated" has "status" equal to "True"
      When the Pod "gated" status has:
        """
        conditions:
        - {type: example.com/checked, status: "False", lastTransitionTime: "2026-01-01T00:00:00Z"}
        - {type: Ready, status: "False", reason: ReadinessGatesNotReady, message: stale, lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      Then the Ready condition of the Pod "gated" has "message" equal to 'the status of pod readiness gate "example.com/checked" is not "True", but False'
      When the Pod "gated" status has:
        """
        conditions:
        - {type: example.com/checked, status: "True", lastTransitionTime: "2026-01-01T00:00:00Z"}
        - {type: Ready, status: "False", reason: ReadinessGatesNotReady, message: stale, lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      Then the Ready condition of the Pod "gated" has "status" equal to "True"
      And the Ready condition of the Pod "gated" has no "reason"
      And the example.com/checked condition of the Pod "gated" has "status" equal to "True"

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/finished-pod-not-active
    Scenario: A finished pod whose claim is not released yet no longer counts at admission
      Admission counts the kubelet's active pods only (GetActivePods leaves out pods in phase
      Succeeded or Failed), whatever is still being cleaned up for them. Node n2 has room for
      one pod; its first pod has finished, its driver fails to unprepare the claim, and the
      next pod is admitted.
      Given a node "n2" with cpu "8", memory "32Gi", pods "1"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: batch}
        spec:
          nodeName: n2
          restartPolicy: Never
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "batch":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n2   | gpu-0  |
      Then the Pod "batch" has "status.phase" equal to Running
      When the DRA driver "gpu.example.com" on node "n2" fails NodeUnprepareResources with "gpu-0 is busy"
      And the Pod "batch" status has:
        """
        phase: Succeeded
        """
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: next}
        spec:
          nodeName: n2
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "next" has "status.phase" equal to Running

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/unprepare-error-holds-deletion @needs:logical-clock
    Scenario: A deleted pod whose driver fails NodeUnprepareResources stays until the driver releases its claim
      SyncTerminatingPod stops the containers and hands the status manager the pod's terminal
      status (Succeeded) before SyncTerminatedPod unprepares; the status manager deletes the
      pod only once its resources are reclaimed (canBeDeleted), so the pod object stays, with
      its deletionTimestamp and in phase Succeeded, while the driver fails, and goes at the
      first retry after the driver recovered. The claim controller, which sees a finished pod,
      releases the claim's reservation meanwhile (it does not know of the kubelet's prepare).
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      Then the Pod "trainer" has "status.phase" equal to Running
      When the DRA driver "gpu.example.com" on node "n1" fails NodeUnprepareResources with "gpu-0 is busy"
      And I delete the Pod "trainer" without waiting
      Then the Pod "trainer" exists
      When 15 seconds pass
      Then the Pod "trainer" exists
      And the Pod "trainer" has "status.phase" equal to Succeeded
      And the ResourceClaim "gpu-claim" has no "status.reservedFor"
      When the DRA driver "gpu.example.com" on node "n1" answers NodeUnprepareResources again
      And 15 seconds pass
      Then the Pod "trainer" does not exist

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/deleted-pod-terminal-phase
    Scenario: A running pod deleted while a finalizer holds it ends Succeeded, its containers Completed, its claim released
      kubernetes#115331 (1.27): SyncTerminatingPod stops the containers and sets the status it
      generates with podIsTerminal, so a deleted pod reaches a terminal phase before it is
      deleted (test/e2e_node/deleted_pods_test.go). drakit's containers stop as the pause
      container does on SIGTERM, with exit code 0: each is terminated "Completed", the phase
      is Succeeded (getPhase: every container stopped in success), Ready and ContainersReady
      are False with reason PodCompleted, Initialized is True with reason PodCompleted and
      PodReadyToStartContainers is False (the sandbox is gone). A finalizer keeps the object
      in that state; the claim controller sees a finished pod and releases its claim.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer, finalizers: [example.com/keep]}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      Then the Pod "trainer" has "status.phase" equal to Running
      When I delete the Pod "trainer" without waiting
      And 1 second passes
      Then the Pod "trainer" contains:
        """
        metadata:
          finalizers: [example.com/keep]
        status:
          phase: Succeeded
          conditions:
          - {type: PodReadyToStartContainers, status: "False"}
          - {type: Initialized, status: "True", reason: PodCompleted}
          - {type: Ready, status: "False", reason: PodCompleted}
          - {type: ContainersReady, status: "False", reason: PodCompleted}
          - {type: PodScheduled, status: "True"}
          containerStatuses:
          - name: main
            ready: false
            started: false
            state:
              terminated: {exitCode: 0, reason: Completed}
        """
      And the ResourceClaim "gpu-claim" has no "status.reservedFor"
      When I patch the Pod "trainer" with:
        """
        metadata: {finalizers: null}
        """
      Then the Pod "trainer" does not exist

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/deleted-pod-terminal-phase
    Scenario: A pod deleted while it waits for a failing prepare ends Failed, its container status unknown
      status_manager.go TerminatePod: a container that never ran gets the terminated state
      ContainerStatusUnknown, exit code 137, "The container could not be located when the pod
      was terminated", and a pending pod is marked Failed ("Should transition to Failed phase
      a pod which is deleted while pending", deleted_pods_test.go). The conditions stay as the
      last status the kubelet generated for the pending pod.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer, finalizers: [example.com/keep]}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      When the DRA driver "gpu.example.com" on node "n1" fails NodePrepareResources with "no GPU today"
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      Then the Pod "trainer" has "status.phase" equal to Pending
      When I delete the Pod "trainer" without waiting
      And 1 second passes
      Then the Pod "trainer" contains:
        """
        status:
          phase: Failed
          conditions:
          - {type: PodReadyToStartContainers, status: "False"}
          - {type: Initialized, status: "True"}
          - {type: Ready, status: "False", reason: ContainersNotReady, message: "containers with unready status: [main]"}
          - {type: ContainersReady, status: "False", reason: ContainersNotReady, message: "containers with unready status: [main]"}
          - {type: PodScheduled, status: "True"}
          containerStatuses:
          - name: main
            ready: false
            started: false
            state:
              terminated:
                exitCode: 137
                reason: ContainerStatusUnknown
                message: The container could not be located when the pod was terminated
        """

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/shared-claim-unprepared-last @needs:logical-clock
    Scenario: A claim two pods on the node share is released through its driver only when the second pod goes
      k/k pkg/kubelet/cm/dra/manager.go unprepareResources: while other pods still reference
      the claim it only drops the deleted pod's reference and does not call
      NodeUnprepareResources, so the first pod goes although the driver fails every unprepare;
      the last one waits for the driver.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: first}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pods "first" and "second":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      Then the Pod "first" has "status.phase" equal to Running
      And the Pod "second" has "status.phase" equal to Running
      When the DRA driver "gpu.example.com" on node "n1" fails NodeUnprepareResources with "gpu-0 is busy"
      And I delete the Pod "first" without waiting
      And 15 seconds pass
      Then the Pod "first" does not exist
      When I delete the Pod "second" without waiting
      And 15 seconds pass
      Then the Pod "second" exists
      When the DRA driver "gpu.example.com" on node "n1" answers NodeUnprepareResources again
      And 15 seconds pass
      Then the Pod "second" does not exist

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/prepared-claims-from-checkpoint
    Scenario: A restarted kubelet does not ask the driver again for a claim its checkpoint records as prepared
      The DRA manager checkpoints every claim it prepared (pkg/kubelet/cm/dra/state); after a
      restart the running pod's sync finds its claim prepared in the restored cache and skips
      the driver ("Resources already prepared", manager.go prepareResources). The driver now
      fails every NodePrepareResources, so only a kubelet that lost its checkpoint would fail.
      The pod is bound once its claim is reserved for it, as the scheduler does, so no prepare
      of it ever failed.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          schedulerName: bound-by-the-scenario
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      And the Pod "trainer" is bound to node "n1"
      Then the Pod "trainer" has "status.phase" equal to Running
      When the DRA driver "gpu.example.com" on node "n1" fails NodePrepareResources with "gpu-0 is not healthy"
      And the kubelet on node "n1" restarts
      Then the Pod "trainer" has "status.phase" equal to Running
      And the container "main" of the Pod "trainer" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-0"
      And no Warning event was recorded for any Pod

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/unprepare-error-holds-deletion @req:3695-R05 @clause:3695-R05/checkpointed @needs:logical-clock
    Scenario: A deleted pod whose claim names a driver the node no longer runs stays until that driver is back
      A restarted kubelet takes its prepared claims, with their drivers, from the checkpoint.
      Here the checkpoint says a driver the node does not run prepared the claim (as after
      the driver was removed while the kubelet was down; the edit recomputes the checksum, so
      the kubelet trusts it). Unpreparing needs that driver: k/k pkg/kubelet/cm/dra/manager.go
      unprepareResources returns the plugin lookup's error ("DRA driver ... is not
      registered") and SyncTerminatingPod fails, so the deleted pod stays, retried after the
      pod worker's backoff. With the checkpoint naming the node's driver again and the kubelet
      restarted, the claim is unprepared and the pod goes.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      Then the Pod "trainer" has "status.phase" equal to Running
      When the DRA checkpoint on node "n1" is edited by hand, its checksum recomputed: '"driverName":"gpu.example.com"' becomes '"driverName":"gone.example.com"'
      And the kubelet on node "n1" restarts
      And I delete the Pod "trainer" without waiting
      Then the Pod "trainer" exists
      When 15 seconds pass
      Then the Pod "trainer" exists
      When the DRA checkpoint on node "n1" is edited by hand, its checksum recomputed: '"driverName":"gone.example.com"' becomes '"driverName":"gpu.example.com"'
      And the kubelet on node "n1" restarts
      Then the Pod "trainer" does not exist

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/claims-checked-before-prepare @clause:platform-KUBELET-R01/unprepare-error-holds-deletion @needs:logical-clock
    Scenario: A claim made again under the name of one a force-deleted pod still holds waits until the old one is released
      k/k manager.go prepareResources: a claim the DRA manager's cache holds under the same
      name with another UID is refused, "old ResourceClaim with same name <c> and different
      UID <old uid> still exists (previous pod force-deleted?!)". The first pod is
      force-deleted while its driver fails NodeUnprepareResources, so its claim stays in the
      cache; the reconcile loop (reconcileLoop, every 60 s: claims of pods no longer active)
      unprepares it once the driver answers again, and the next pod's retry after the pod
      worker's backoff then prepares the new claim.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      Then the Pod "trainer" has "status.phase" equal to Running
      When the DRA driver "gpu.example.com" on node "n1" fails NodeUnprepareResources with "gpu-0 is busy"
      And I force-delete the Pod "trainer"
      And I delete the ResourceClaim "gpu-claim"
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: successor}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "successor":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      And 10 seconds pass
      Then there is a Warning event "FailedPrepareDynamicResources" for Pod "successor" starting with "Failed to prepare dynamic resources: prepare dynamic resources: old ResourceClaim with same name gpu-claim and different UID "
      And there is a Warning event "FailedPrepareDynamicResources" for Pod "successor" containing " still exists (previous pod force-deleted?!)"
      And the Pod "successor" has "status.phase" equal to Pending
      When the DRA driver "gpu.example.com" on node "n1" answers NodeUnprepareResources again
      And 75 seconds pass
      Then the Pod "successor" has "status.phase" equal to Running
      And the container "main" of the Pod "successor" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-0"

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/claims-checked-before-prepare @clause:platform-KUBELET-R01/prepare-retried-after-backoff @needs:logical-clock
    Scenario: A claim deleted while its pod waits for the driver is reported missing; one made again under its name is refused
      The failed prepare left the claim in the DRA manager's cache with a reference to the pod
      (prepareResources adds it before it calls the driver). The retry at the pod worker's
      resync fetches the claim again: "fetch ResourceClaim <c>: resourceclaims.resource.k8s.io
      "<c>" not found" (manager.go, the API server's NotFound). A claim made again under the
      same name has another UID, which the cache refuses while the pod, still active, holds
      the old one: only the reconcile loop drops claims, and only for pods no longer active.
      Given the DRA driver "gpu.example.com" on node "n1" fails NodePrepareResources with "gpu-0 is not healthy"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      Then the Pod "trainer" has "status.phase" equal to Pending
      When I delete the ResourceClaim "gpu-claim"
      And 60 seconds pass
      Then the kubelet recorded a Warning event "FailedPrepareDynamicResources" for the Pod "trainer" with message:
        """
        Failed to prepare dynamic resources: prepare dynamic resources: fetch ResourceClaim gpu-claim: resourceclaims.resource.k8s.io "gpu-claim" not found
        """
      When the DRA driver "gpu.example.com" on node "n1" answers NodePrepareResources again
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      And 10 seconds pass
      Then there is a Warning event "FailedPrepareDynamicResources" for Pod "trainer" starting with "Failed to prepare dynamic resources: prepare dynamic resources: old ResourceClaim with same name gpu-claim and different UID "
      And the Pod "trainer" has "status.phase" equal to Pending
      And the container "main" of the Pod "trainer" on node "n1" gets no CDI devices

  @component:kubelet
  Rule: The kubelet's status manager writes its own status back
    The kubelet keeps the status it last decided for each pod (k/k
    pkg/kubelet/status/status_manager.go: podStatuses, filled by SetPodStatus) and builds the
    next one on it, not on what is stored. Every 10 s its batch (syncBatch, syncPeriod) compares
    the stored status with that cache (needsReconcile, isPodStatusByKubeletEqual: the fields
    outside the conditions, and each condition the kubelet owns by status, reason and message)
    and, when they differ, patches the merge (syncPod, mergePodStatus): the conditions the
    kubelet does not own stay first, as stored, then the kubelet's own; the claim statuses stay
    as stored; the rest comes from the cache. So whatever a user writes into the kubelet's part
    of a running pod's status is undone within 10 s; conditions of their own type stay.

    Background:
      Given a cluster
      And a node "n1" with cpu "8", memory "32Gi"
      And the object:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: web}
        spec:
          nodeSelector: {kubernetes.io/hostname: n1}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """

    @req:platform-KUBELET-R03 @clause:platform-KUBELET-R03/drift-written-back @clause:platform-KUBELET-R03/other-conditions-stay @needs:logical-clock
    Scenario: A user's Ready condition on a running pod is undone at the kubelet's next batch; their own condition stays, first
      The user's merge patch replaces the whole list of conditions. Until the batch the
      user's values stand (a status write alone reaches no pod worker); then the kubelet
      patches its conditions back, after the user's own one (mergePodStatus keeps the
      conditions it does not own first, in their order).
      Then the Pod "web" comes to have "status.phase" equal to Running
      When the Pod "web" status has:
        """
        conditions:
        - {type: Ready, status: "False", reason: UserSaysNo}
        - {type: example.com/Audited, status: "True"}
        """
      And 5 seconds pass
      Then the Pod "web" has "status.conditions[0]" containing {type: Ready, status: "False", reason: UserSaysNo}
      When 5 seconds pass
      Then the Pod "web" contains:
        """
        status:
          conditions:
          - {type: example.com/Audited, status: "True"}
          - {type: PodReadyToStartContainers, status: "True"}
          - {type: Initialized, status: "True"}
          - {type: Ready, status: "True"}
          - {type: ContainersReady, status: "True"}
          - {type: PodScheduled, status: "True"}
        """
      And the Ready condition of the Pod "web" has status True and no reason, with lastTransitionTime set

    @req:platform-KUBELET-R03 @clause:platform-KUBELET-R03/drift-written-back @needs:logical-clock
    Scenario: A reason and message a user gives a running pod are taken away at the kubelet's next batch
      A running pod's status from the kubelet has no reason and no message; the user's pair
      makes the stored status differ from the kubelet's cache (isPodStatusByKubeletEqual
      compares every field outside the conditions), and the batch's patch is computed from
      the stored status to the kubelet's (statusutil.PatchPodStatus, a two-way merge patch):
      a field the stored status has and the kubelet's lacks is deleted, not kept.
      Then the Pod "web" comes to have "status.phase" equal to Running
      When the Pod "web" status has:
        """
        reason: NodeLost
        message: a user says so
        """
      Then the Pod "web" has "status.message" equal to "a user says so"
      When 10 seconds pass
      Then the Pod "web" has no "status.message"
      And the Pod "web" has no "status.reason"
      And the Pod "web" has "status.phase" equal to Running

    @req:platform-KUBELET-R03 @clause:platform-KUBELET-R03/drift-written-back @needs:logical-clock
    Scenario: Container statuses a user only reorders are no drift: the kubelet's batch leaves them
      needsReconcile normalizes the stored status before it compares (normalizeStatus sorts the
      container statuses by name, status_manager.go), so the kubelet's own statuses in another
      order are equal to its cache and nothing is written back, also after the 10 s batch. A
      restarted kubelet has no cache: its first status patch (statusutil.PatchPodStatus, from
      the stored status to its own, sorted) replaces the list, in name order again.
      Given the object:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: duo}
        spec:
          nodeName: n1
          containers:
          - {name: b, image: registry.k8s.io/pause:3.10}
          - {name: a, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "duo" comes to have "status.phase" equal to Running
      And the Pod "duo" has "status.containerStatuses[0].name" equal to a
      When the Pod "duo" status has:
        """
        containerStatuses:
        - {name: b, image: registry.k8s.io/pause:3.10, imageID: "", ready: true, started: true, restartCount: 0, state: {running: {startedAt: "2026-01-01T00:00:00Z"}}}
        - {name: a, image: registry.k8s.io/pause:3.10, imageID: "", ready: true, started: true, restartCount: 0, state: {running: {startedAt: "2026-01-01T00:00:00Z"}}}
        """
      And 11 seconds pass
      Then the Pod "duo" has "status.containerStatuses[0].name" equal to b
      When the kubelet on node "n1" restarts
      Then the Pod "duo" has "status.containerStatuses[0].name" equal to a

    @req:platform-KUBELET-R03 @clause:platform-KUBELET-R03/drift-written-back @clause:platform-KUBELET-R03/builds-on-cache @needs:logical-clock
    Scenario: A user's restart count on a running pod's container is undone at the kubelet's next batch
      The container's status is the kubelet's (the runtime's restart count, its last state,
      when it started): the batch writes back the one it cached, never restarted, without a
      last state, started when the kubelet started it.
      Then the Pod "web" comes to have "status.phase" equal to Running
      When the Pod "web" status has:
        """
        containerStatuses:
        - name: app
          image: registry.k8s.io/pause:3.10
          imageID: ""
          ready: true
          started: true
          restartCount: 7
          state: {running: {startedAt: "2025-06-01T00:00:00Z"}}
          lastState: {terminated: {exitCode: 1, reason: Error}}
        """
      Then the Pod "web" has "status.containerStatuses[0].restartCount" equal to 7
      When 10 seconds pass
      Then the Pod "web" has "status.containerStatuses[0].restartCount" equal to 0
      And the Pod "web" has no "status.containerStatuses[0].lastState"
      And the Pod "web" has "status.containerStatuses[0].state.running" containing {}

    @req:platform-KUBELET-R03 @clause:platform-KUBELET-R03/waiting-pod @needs:logical-clock
    Scenario: A pod waiting for its resync after a failed prepare gets its drifted conditions back at the next batch
      The status manager's batch (syncBatch) covers every pod the kubelet has a status for, not
      only running ones: the pod's worker waits 60 s for its resync after the failed prepare,
      the batch writes the kubelet's conditions back within 10 s of a user's write.
      Given the DRA driver "gpu.example.com" on node "n1" fails NodePrepareResources with "gpu-0 is not healthy"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      Then the Pod "trainer" has "status.phase" equal to Pending
      And the Pod "trainer" has "status.conditions[2]" containing {type: Ready, status: "False", reason: ContainersNotReady}
      When the Pod "trainer" status has:
        """
        conditions:
        - {type: Ready, status: "True", reason: UserSaysYes}
        """
      And 5 seconds pass
      Then the Pod "trainer" has "status.conditions[0]" containing {type: Ready, status: "True", reason: UserSaysYes}
      When 5 seconds pass
      Then the Pod "trainer" has "status.conditions[2]" containing {type: Ready, status: "False", reason: ContainersNotReady}
      And the Pod "trainer" has "status.phase" equal to Pending

    @req:platform-KUBELET-R03 @clause:platform-KUBELET-R03/waiting-pod @needs:logical-clock
    Scenario: A waiting pod whose user only adds a condition of their own is left alone by the batch
      The batch of a waiting pod writes back only drift in the kubelet's part
      (isPodStatusByKubeletEqual: its own conditions' status, reason and message): the user
      keeps those as the kubelet wrote them (the merge patch drops their times, which are not
      compared) and adds one of their own at the end, so nothing is written back and the
      user's condition stays last past two batches. A spec update makes the pod's worker sync
      and write its status at once, which puts the user's condition first (mergePodStatus).
      Given the DRA driver "gpu.example.com" on node "n1" fails NodePrepareResources with "gpu-0 is not healthy"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      Then the Pod "trainer" has "status.phase" equal to Pending
      When the Pod "trainer" status has:
        """
        conditions:
        - {type: PodReadyToStartContainers, status: "False"}
        - {type: Initialized, status: "True"}
        - {type: Ready, status: "False", reason: ContainersNotReady, message: "containers with unready status: [main]"}
        - {type: ContainersReady, status: "False", reason: ContainersNotReady, message: "containers with unready status: [main]"}
        - {type: PodScheduled, status: "True"}
        - {type: example.com/Audited, status: "True", reason: Checked}
        """
      And 11 seconds pass
      Then the Pod "trainer" has "status.conditions[5]" containing {type: example.com/Audited, status: "True", reason: Checked}
      When 10 seconds pass
      Then the Pod "trainer" has "status.conditions[5]" containing {type: example.com/Audited, status: "True", reason: Checked}
      And the Pod "trainer" has "status.phase" equal to Pending
      When I patch the Pod "trainer" with:
        """
        spec: {activeDeadlineSeconds: 3600}
        """
      Then the Pod "trainer" comes to have "status.conditions[0].type" equal to example.com/Audited
    @req:platform-KUBELET-R03 @clause:platform-KUBELET-R03/waiting-pod @needs:logical-clock
    Scenario: A waiting pod's PodReadyToStartContainers condition is the kubelet's too
      With PodReadyToStartContainersCondition (on by default) the kubelet owns that condition
      as well (status_manager.go isPodStatusByKubeletEqual, kubetypes.PodConditionsByKubelet
      plus PodReadyToStartContainers): a user's True on it, every other condition left as the
      kubelet wrote it, is written back at the next batch.
      Given the DRA driver "gpu.example.com" on node "n1" fails NodePrepareResources with "gpu-0 is not healthy"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      Then the Pod "trainer" has "status.conditions[0]" containing {type: PodReadyToStartContainers, status: "False"}
      When the Pod "trainer" status has:
        """
        conditions:
        - {type: PodReadyToStartContainers, status: "True", reason: UserSaysYes}
        - {type: Initialized, status: "True"}
        - {type: Ready, status: "False", reason: ContainersNotReady, message: "containers with unready status: [main]"}
        - {type: ContainersReady, status: "False", reason: ContainersNotReady, message: "containers with unready status: [main]"}
        - {type: PodScheduled, status: "True"}
        """
      And 5 seconds pass
      Then the Pod "trainer" has "status.conditions[0]" containing {type: PodReadyToStartContainers, status: "True", reason: UserSaysYes}
      When 5 seconds pass
      Then the Pod "trainer" has "status.conditions[0]" containing {type: PodReadyToStartContainers, status: "False"}
      And the Pod "trainer" has no "status.conditions[0].reason"

    @req:platform-KUBELET-R03 @clause:platform-KUBELET-R03/other-conditions-stay @clause:platform-KUBELET-R03/builds-on-cache
    Scenario: A user's own condition added to a running pod stays through the kubelet's next write, ahead of the kubelet's conditions
      The user keeps the kubelet's conditions (their statuses; the merge patch drops their
      transition times) and adds one of their own at the end: the kubelet's part is unchanged
      by its comparison (isPodStatusByKubeletEqual leaves other conditions out), so its batch
      finds nothing to write back and the user's condition stays last past it (a write would
      have put it first, mergePodStatus). A spec update makes the kubelet write its status
      at once (SyncPod): its own conditions come from its cache, transition times included, and
      the user's condition stays, now first.
      (A zero metav1.Time is served as null: the condition the user wrote without times reads
      back with lastProbeTime and lastTransitionTime null.)
      Then the Pod "web" comes to have "status.phase" equal to Running
      When I note the Ready condition of the Pod "web"
      And the Pod "web" status has:
        """
        conditions:
        - {type: PodReadyToStartContainers, status: "True"}
        - {type: Initialized, status: "True"}
        - {type: Ready, status: "True"}
        - {type: ContainersReady, status: "True"}
        - {type: PodScheduled, status: "True"}
        - {type: example.com/Audited, status: "True", reason: Checked}
        """
      And 5 seconds pass
      Then the Pod "web" has "status.conditions[5]" equal to {type: example.com/Audited, status: "True", reason: Checked, lastProbeTime: null, lastTransitionTime: null}
      When 5 seconds pass
      Then the Pod "web" has "status.conditions[5]" equal to {type: example.com/Audited, status: "True", reason: Checked, lastProbeTime: null, lastTransitionTime: null}
      When I patch the Pod "web" with:
        """
        spec: {activeDeadlineSeconds: 3600}
        """
      Then the Pod "web" comes to have "status.observedGeneration" equal to 2
      And the Pod "web" contains:
        """
        status:
          conditions:
          - {type: example.com/Audited, status: "True", reason: Checked}
          - {type: PodReadyToStartContainers, status: "True"}
          - {type: Initialized, status: "True"}
          - {type: Ready, status: "True"}
          - {type: ContainersReady, status: "True"}
          - {type: PodScheduled, status: "True"}
        """
      And the Ready condition of the Pod "web" keeps its status and the noted lastTransitionTime

    @req:platform-KUBELET-R03 @clause:platform-KUBELET-R03/builds-on-cache
    Scenario: A finished init container keeps its times when the kubelet writes the pod's status again
      The kubelet's next status of a started pod keeps what the runtime reports of each
      container, init containers included (k/k pkg/kubelet/kubelet_pods.go
      generateAPIPodStatus and convertToAPIContainerStatuses build on the cached status, whose
      initContainerStatuses it keeps). The init container finished before the app started, so
      a spec update that makes the kubelet write at once (SyncPod) some seconds later leaves
      it finished no later than the app's start. A finished init container that exited 0 is
      ready and not started (prober_manager.go UpdatePodStatus).
      Given the object:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: seeded}
        spec:
          nodeSelector: {kubernetes.io/hostname: n1}
          initContainers:
          - {name: setup, image: registry.k8s.io/pause:3.10}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "seeded" comes to have "status.phase" equal to Running
      When 2 seconds pass
      And I patch the Pod "seeded" with:
        """
        spec: {activeDeadlineSeconds: 3600}
        """
      Then the Pod "seeded" comes to have "status.observedGeneration" equal to 2
      And the Pod "seeded" has "status.initContainerStatuses[0].state.terminated.finishedAt" no later than "status.containerStatuses[0].state.running.startedAt"
      And the Pod "seeded" has "status.initContainerStatuses[0]" containing {ready: true, started: false, state: {terminated: {exitCode: 0, reason: Completed}}}

  @component:kubelet
  Rule: The kubelet admits a pod bound to its node as upstream's admit handlers do
    A pod created with spec.nodeName skips the scheduler; the kubelet's admit handlers decide
    (k/k pkg/kubelet/kubelet.go NewMainKubelet adds them in order: the container manager's
    resource allocation, GetAllocateResourcesPodAdmitHandler, which gives the device
    plugins' devices, then the predicates, lifecycle.NewPredicateAdmitHandler). The first
    handler that refuses decides the pod's fate (kubelet rejectPod): phase Failed, its reason,
    "Pod was rejected: <message>" and a Warning event with the same reason and message.

    @req:platform-KUBELET-R02 @clause:platform-KUBELET-R02/devices-before-predicates
    Scenario: A pod asking for more plugin devices than are free is refused by the device manager, before the predicates
      pkg/kubelet/cm/devicemanager manager.go devicesToAllocate: "requested number of devices
      unavailable for <r>. Requested: <n>, Available: <free>", which the allocation handler
      turns into UnexpectedAdmissionError, "Allocate failed due to <error>, which is
      unexpected" (pkg/kubelet/cm/admission/errors.go). The predicates would have said
      OutOfexample.com/nic; they never run.
      Given a node "n1" with cpu "8", memory "32Gi", example.com/nic "2"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: greedy}
        spec:
          nodeName: n1
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/nic: "3"}
              limits: {example.com/nic: "3"}
        """
      Then the Pod "greedy" contains:
        """
        status:
          phase: Failed
          reason: UnexpectedAdmissionError
          message: "Pod was rejected: Allocate failed due to requested number of devices unavailable for example.com/nic. Requested: 3, Available: 2, which is unexpected"
        """
      And the kubelet recorded a Warning event "UnexpectedAdmissionError" for the Pod "greedy" with message:
        """
        Allocate failed due to requested number of devices unavailable for example.com/nic. Requested: 3, Available: 2, which is unexpected
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: both}
        spec:
          nodeName: n1
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/nic: "2"}
              limits: {example.com/nic: "2"}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: one-more}
        spec:
          nodeName: n1
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {example.com/nic: "1"}
              limits: {example.com/nic: "1"}
        """
      Then the Pod "both" has "status.phase" equal to Running
      And the Pod "one-more" contains:
        """
        status:
          phase: Failed
          reason: UnexpectedAdmissionError
          message: "Pod was rejected: Allocate failed due to requested number of devices unavailable for example.com/nic. Requested: 1, Available: 0, which is unexpected"
        """

    @req:platform-KUBELET-R02 @clause:platform-KUBELET-R02/creation-order @needs:logical-clock
    Scenario: A starting kubelet admits pods of the same age in the order the API server lists them: namespace first
      The kubelet's initial list comes in key order (/registry/pods/<namespace>/<name>), and
      HandlePodAdditions' sort by creation time keeps that order for pods of the same age
      (sort.Sort of a batch this small is an insertion sort). So "zz" of namespace "alpha" is
      admitted before "aa" of namespace "beta", which is refused for cpu.
      When I apply:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: alpha}
        ---
        apiVersion: v1
        kind: Namespace
        metadata: {name: beta}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: aa, namespace: beta}
        spec:
          nodeName: late-node
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: 1500m}}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: zz, namespace: alpha}
        spec:
          nodeName: late-node
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: 1500m}}}
        """
      Given a node "late-node" with cpu "2", memory "4Gi"
      When I work in the namespace "alpha"
      Then the Pod "zz" has "status.phase" equal to Running
      When I work in the namespace "beta"
      Then the Pod "aa" has "status.reason" equal to OutOfcpu

    @req:platform-KUBELET-R02 @clause:platform-KUBELET-R02/creation-order @needs:logical-clock
    Scenario: A kubelet that starts with two pods bound to its node that do not both fit admits the older one
      Pods may be bound to a node before its kubelet registers. The starting kubelet gets them
      in one ADD update and admits them in creation order (k/k pkg/kubelet/kubelet.go
      HandlePodAdditions: sort.Sort(sliceutils.PodsByCreationTime(pods)), then canAdmitPod
      against the pods admitted before). "zz-older" is a second older than the three others,
      so it runs, whatever the names say, and the others are refused for cpu.
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: zz-older}
        spec:
          nodeName: late-node
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: 1500m}}}
        """
      And 1 second passes
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: aa-newer}
        spec:
          nodeName: late-node
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: 1500m}}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: bb-newer}
        spec:
          nodeName: late-node
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: 1500m}}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: cc-newer}
        spec:
          nodeName: late-node
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: 1500m}}}
        """
      Given a node "late-node" with cpu "2", memory "4Gi"
      Then the Pod "zz-older" has "status.phase" equal to Running
      And the Pod "aa-newer" contains:
        """
        status:
          phase: Failed
          reason: OutOfcpu
          message: "Pod was rejected: Node didn't have enough resource: cpu, requested: 1500, used: 1500, capacity: 2000"
        """
      And the Pod "bb-newer" has "status.reason" equal to OutOfcpu
      And the Pod "cc-newer" has "status.reason" equal to OutOfcpu

    # since 1.35: from 1.36 InPlacePodLevelResourcesVerticalScaling depends on PodLevelResources and is turned off first; the gate does not exist at 1.34
    @req:platform-KUBELET-R02 @clause:platform-KUBELET-R02/pod-features @since:1.35
    Scenario Outline: Skew: a kubelet whose PodLevelResources is <state> meets a pod with pod-level resources
      The API server keeps the pod's spec.resources (its gate is on); the kubelet's own gate
      decides. On, the predicates count the pod-level request (3 cpu on a 2-cpu node: OutOfcpu).
      Off, they count the containers' requests only (PodRequests with SkipPodLevelResources:
      500m fits), and the pod features handler that follows refuses the pod
      (lifecycle.isPodLevelResourcesSupported).
      Given a node "n1" with cpu "2", memory "8Gi"
      And the kubelet on node "n1" runs with the feature gate InPlacePodLevelResourcesVerticalScaling disabled
      And the kubelet on node "n1" runs with the feature gate PodLevelResources <state>
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: pod-level}
        spec:
          nodeName: n1
          resources: {requests: {cpu: "3"}, limits: {cpu: "3"}}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: 500m}}}
        """
      Then the Pod "pod-level" contains:
        """
        status:
          phase: Failed
          reason: <reason>
          message: "Pod was rejected: <message>"
        """

      Examples:
        | state    | reason                        | message                                                                              |
        | enabled  | OutOfcpu                      | Node didn't have enough resource: cpu, requested: 3000, used: 0, capacity: 2000       |
        | disabled | PodLevelResourcesNotSupported | PodLevelResources feature gate is disabled                                            |

    @req:platform-KUBELET-R02 @clause:platform-KUBELET-R02/scalar-resources
    Scenario: A pod asking for more hugepages than the node has is refused with OutOfhugepages-2Mi
      Hugepages are no device plugin's: the predicates check them with the other scalar
      resources (pkg/kubelet/lifecycle/predicate.go generalFilter, noderesources Fits;
      InsufficientResourceError: reason OutOf<resource>, "Node didn't have enough resource:
      <r>, requested: <n>, used: <n>, capacity: <n>" in bytes). The third pod would fit on an
      empty node but not next to the second.
      Given a node "n1" with cpu "8", memory "32Gi", hugepages-2Mi "1Gi"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: huge}
        spec:
          nodeName: n1
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {memory: 1Gi, hugepages-2Mi: 2Gi}
              limits: {memory: 1Gi, hugepages-2Mi: 2Gi}
        """
      Then the Pod "huge" contains:
        """
        status:
          phase: Failed
          reason: OutOfhugepages-2Mi
          message: "Pod was rejected: Node didn't have enough resource: hugepages-2Mi, requested: 2147483648, used: 0, capacity: 1073741824"
        """
      And the kubelet recorded a Warning event "OutOfhugepages-2Mi" for the Pod "huge" with message:
        """
        Node didn't have enough resource: hugepages-2Mi, requested: 2147483648, used: 0, capacity: 1073741824
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: half}
        spec:
          nodeName: n1
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {memory: 1Gi, hugepages-2Mi: 512Mi}
              limits: {memory: 1Gi, hugepages-2Mi: 512Mi}
        """
      Then the Pod "half" has "status.phase" equal to Running
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: other-half-and-more}
        spec:
          nodeName: n1
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {memory: 1Gi, hugepages-2Mi: 768Mi}
              limits: {memory: 1Gi, hugepages-2Mi: 768Mi}
        """
      Then the Pod "other-half-and-more" contains:
        """
        status:
          phase: Failed
          reason: OutOfhugepages-2Mi
          message: "Pod was rejected: Node didn't have enough resource: hugepages-2Mi, requested: 805306368, used: 536870912, capacity: 1073741824"
        """

  @component:kubelet
  Rule: The kubelet's DRA manager checks a pod's claims before a driver prepares them
    k/k pkg/kubelet/cm/dra/manager.go prepareResources first validates every claim of the pod
    without changing anything (the claim's name from the pod, resourceclaim.Name; the claim
    from the API server; for a claim generated from a template, that the pod owns it,
    resourceclaim.IsForPod; that it is reserved for the pod), then takes the claims into its
    cache, where a claim it still holds under the same name must have the same UID. Any
    refusal keeps the pod Pending with a Warning event FailedPrepareDynamicResources, "Failed
    to prepare dynamic resources: prepare dynamic resources: <error>", and no driver is asked.

    Background:
      Given a cluster
      And a node "n1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: standalone}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: worker}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: no-such-template}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the Pod "worker" status has:
        """
        resourceClaimStatuses:
        - {name: gpu, resourceClaimName: standalone}
        """
      And the ResourceClaim "standalone" is allocated and reserved for the Pod "worker":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |

    # since 1.36: the KEP-5729 rewrite of resourceclaim.IsForPod (k8s.io/dynamic-resource-allocation kubernetes-1.36.0) writes "Pod"; 1.34 and 1.35 write "pod"
    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/claims-checked-before-prepare @since:1.36
    Scenario: A claim the pod's status names for its template but the pod does not own is not prepared
      The pod's claim comes from a template that does not exist, so the ResourceClaim
      controller never creates one; someone wrote into the pod's status a claim the pod does
      not own. resourceclaim.IsForPod (kubernetes-1.36.0): "ResourceClaim <ns>/<c> was not
      created for Pod <ns>/<p> (Pod is not owner)", returned unwrapped by prepareResources.
      Then the kubelet recorded a Warning event "FailedPrepareDynamicResources" for the Pod "worker" with message:
        """
        Failed to prepare dynamic resources: prepare dynamic resources: ResourceClaim ${namespace}/standalone was not created for Pod ${namespace}/worker (Pod is not owner)
        """
      And the Pod "worker" has "status.phase" equal to Pending
      And the container "main" of the Pod "worker" on node "n1" gets no CDI devices

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/claims-checked-before-prepare
    Scenario: A claim the pod's status says was not created is skipped and the pod starts without it
      resourceclaim.Name returns no name and no error for a template claim whose status entry
      has no resourceClaimName ("the ResourceClaim intentionally didn't get created and the
      PodResourceClaim can be ignored"); prepareResources then has nothing to do for it
      ("No need to prepare resources, no claim generated"). A change of the pod's status alone
      does not reach its pod worker (config.go checkAndUpdatePod: a reconcile, not an
      update); an annotation change does, and the pod is synced again at once.
      Then the Pod "worker" has "status.phase" equal to Pending
      When the Pod "worker" status has:
        """
        resourceClaimStatuses:
        - {name: gpu}
        """
      And I patch the Pod "worker" with:
        """
        metadata:
          annotations: {example.com/nudge: "1"}
        """
      Then the Pod "worker" has "status.phase" equal to Running
      And the container "main" of the Pod "worker" on node "n1" gets no CDI devices

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/claims-checked-before-prepare @clause:platform-KUBELET-R01/prepare-retried-on-update
    Scenario: A pod admitted with a claim name in its status that then loses it is refused as a claim not created yet
      The kubelet admitted the pod (its claim was there and allocated) and failed to prepare it
      (the pod does not own the claim). Someone then removes the pod's claim statuses: the
      template does not exist, so the ResourceClaim controller writes nothing back. A change
      of the status alone reaches no pod worker; an annotation change does, at once;
      resourceclaim.Name then finds no status entry for the template claim and returns
      `pod "<ns>/<pod>": ResourceClaim not created yet` (ErrClaimNotFound), which
      prepareResources returns unwrapped. (The kubelet said so once already, at its first
      sync before the status named the claim: the event is expected a second time.)
      When the Pod "worker" status has:
        """
        resourceClaimStatuses: null
        """
      And I patch the Pod "worker" with:
        """
        metadata:
          annotations: {example.com/nudge: "1"}
        """
      Then the kubelet recorded a Warning event "FailedPrepareDynamicResources" for the Pod "worker" again with message:
        """
        Failed to prepare dynamic resources: prepare dynamic resources: pod "${namespace}/worker": ResourceClaim not created yet
        """
      And the Pod "worker" has "status.phase" equal to Pending
      And the container "main" of the Pod "worker" on node "n1" gets no CDI devices

    # until 1.35: from 1.36 resourceclaim.IsForPod writes "Pod" (the KEP-5729 rewrite); kubernetes-1.34.0 and 1.35.0 write "pod"
    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/claims-checked-before-prepare @until:1.35
    Scenario: Up to 1.35 a claim the pod does not own is refused in the older words
      resourceclaim.IsForPod at kubernetes-1.34.0 and 1.35.0: "ResourceClaim <ns>/<c> was not
      created for pod <ns>/<p> (pod is not owner)".
      Then the kubelet recorded a Warning event "FailedPrepareDynamicResources" for the Pod "worker" with message:
        """
        Failed to prepare dynamic resources: prepare dynamic resources: ResourceClaim ${namespace}/standalone was not created for pod ${namespace}/worker (pod is not owner)
        """
      And the Pod "worker" has "status.phase" equal to Pending

  @component:kubelet
  Rule: The kubelet admits a pod bound before its claims are ready and fails its prepare until they are
    A scheduler reserves a pod's claims before it binds the pod, so the kubelet normally sees
    them ready. A pod bound by writing spec.nodeName skips that: upstream's kubelet admits it
    all the same (its admit handlers look at no claim) and the runtime's SyncPod calls
    PrepareDynamicResources, which refuses it (k/k pkg/kubelet/cm/dra/manager.go
    prepareResources): for a template claim the controller has not created, resourceclaim.Name's
    'pod "<ns>/<p>": ResourceClaim not created yet', returned unwrapped; for a claim that does
    not exist, "fetch ResourceClaim <c>: resourceclaims.resource.k8s.io "<c>" not found"; for a
    claim not reserved for the pod (an unallocated one is reserved for nobody),
    "pod <p> (<uid>) is not allowed to use ResourceClaim <c> (<uid>)". Each is a Warning event
    FailedPrepareDynamicResources "Failed to prepare dynamic resources: prepare dynamic
    resources: <error>", and the pod waits, Pending, its containers ContainerCreating. The
    kubelet watches no claim (its DRA manager GETs them); the failed prepare does not fail the
    sync, so the pod worker tries again at its resync, 60-90 s later (pod_workers.go
    completeWork), or at once when the pod is updated.

    Background:
      Given a cluster
      And a node "n1" with cpu "8", memory "32Gi"

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/claim-not-ready-fails-prepare @clause:platform-KUBELET-R01/waiting-pod-status
    Scenario: A pod bound before its template claim is created gets the claim-not-created warning and waits in ContainerCreating
      The template does not exist, so the ResourceClaim controller creates no claim and writes
      no claim status for the pod: resourceclaim.Name has no name for the pod's claim.
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: gpu-template}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      Then the kubelet recorded a Warning event "FailedPrepareDynamicResources" for the Pod "trainer" with message:
        """
        Failed to prepare dynamic resources: prepare dynamic resources: pod "${namespace}/trainer": ResourceClaim not created yet
        """
      And the Pod "trainer" contains:
        """
        status:
          phase: Pending
          conditions:
          - {type: PodReadyToStartContainers, status: "False"}
          - {type: Initialized, status: "True"}
          - type: Ready
            status: "False"
            reason: ContainersNotReady
            message: "containers with unready status: [main]"
          - type: ContainersReady
            status: "False"
            reason: ContainersNotReady
            message: "containers with unready status: [main]"
          - {type: PodScheduled, status: "True"}
          containerStatuses:
          - name: main
            ready: false
            started: false
            restartCount: 0
            state: {waiting: {reason: ContainerCreating}}
        """
      And the container "main" of the Pod "trainer" on node "n1" gets no CDI devices

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/claim-not-ready-fails-prepare @req:platform-CTRL-R02 @clause:platform-CTRL-R02/reserves-for-bound-pod
    Scenario: A pod bound by hand gets the claim of its template, which nobody allocates: the kubelet refuses it as reserved for nobody
      The ResourceClaim controller creates the claim and records it in the pod's status
      (syncPod, handleClaim); its reservation pass for the bound pod then finds no claim name
      in the pod as it read it (resourceclaim.Name: "not created yet"), returns that error and
      tries again, and finds the claim unallocated: only a scheduler allocates. So the claim
      stays unallocated and reserved for nobody, and the kubelet refuses it.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: gpu-template}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: gpu-template}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      Then the Pod "trainer" records the ResourceClaim it owns for "gpu"
      And there is a Warning event "FailedPrepareDynamicResources" for Pod "trainer" starting with "Failed to prepare dynamic resources: prepare dynamic resources: pod trainer ("
      And the Pod "trainer" has "status.phase" equal to Pending

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/claim-not-ready-fails-prepare @clause:platform-KUBELET-R01/claim-not-watched @needs:logical-clock
    Scenario: A pod bound before its claim exists is refused for the missing claim, then for its reservation, and runs at a resync once the claim is reserved for it
      The claim is created, unallocated, right after the first refusal; nothing tells the
      kubelet, which finds it at the resync and refuses it as reserved for nobody. The claim is
      then allocated and reserved for the pod without the pod changing: still Pending 29 s
      later, 120 s after the second refusal at the latest the pod runs with its device. Times
      are upstream's bounds: a resync comes 60-90 s after the failed sync (drakit: 60 s).
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: late-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      Then the kubelet recorded a Warning event "FailedPrepareDynamicResources" for the Pod "trainer" with message:
        """
        Failed to prepare dynamic resources: prepare dynamic resources: fetch ResourceClaim late-claim: resourceclaims.resource.k8s.io "late-claim" not found
        """
      And the Pod "trainer" has "status.phase" equal to Pending
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: late-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And 90 seconds pass
      Then the kubelet recorded a Warning event "FailedPrepareDynamicResources" for the Pod "trainer" with message:
        """
        Failed to prepare dynamic resources: prepare dynamic resources: pod trainer (${uid}) is not allowed to use ResourceClaim late-claim (${uid:ResourceClaim/late-claim})
        """
      When the ResourceClaim "late-claim" is allocated and reserved for the Pod "trainer", the pod left untouched:
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      And 29 seconds pass
      Then the Pod "trainer" has "status.phase" equal to Pending
      When 61 seconds pass
      Then the Pod "trainer" has "status.phase" equal to Running
      And the container "main" of the Pod "trainer" on node "n1" gets the CDI device "gpu.example.com/gpu=gpu-0"

    @req:platform-KUBELET-R01 @clause:platform-KUBELET-R01/claim-not-watched @needs:logical-clock
    Scenario: A label taken off a pod whose prepare failed makes the kubelet try again at once
      The kubelet watches no claim, but a pod update whose labels change (here one goes)
      differs semantically (config.go checkAndUpdatePod, podsDifferSemantically: labels,
      annotations, spec, deletion) and reaches the pod worker, which prepares the claim now
      reserved for the pod, without waiting for its resync.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: late-claim}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer, labels: {team: ml}}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: gpu, resourceClaimName: late-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      Then the Pod "trainer" has "status.phase" equal to Pending
      When the ResourceClaim "late-claim" is allocated and reserved for the Pod "trainer", the pod left untouched:
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      And 1 second passes
      Then the Pod "trainer" has "status.phase" equal to Pending
      When I patch the Pod "trainer" with:
        """
        metadata:
          labels: null
        """
      Then the Pod "trainer" has "status.phase" equal to Running

  Rule: The scheduler's claim checks before and after filtering
    kube-scheduler's DynamicResources plugin (k/k pkg/scheduler/framework/plugins/
    dynamicresources, releases 1.34-1.37) reads every claim of the pod in PreEnqueue, before
    the pod may enter the active queue, and again in PreFilter, and refuses one that is being
    deleted ("resourceclaim %q is being deleted", UnschedulableAndUnresolvable); a pod
    PreEnqueue refuses is not attempted at all, so nothing about it reaches the API (the
    queue's runPreEnqueuePlugins only logs it). When no node passes Filter, its PostFilter may deallocate
    one allocated claim that blocks the pod, but only when the claim is reserved for nobody
    else (reservedFor empty, or only this pod): the claim update brings the pod back, and the
    next attempt allocates the claim where the pod fits.

    @req:platform-SCHED-R03 @clause:platform-SCHED-R03/claim-being-deleted
    Scenario: A pod whose claim is being deleted waits, and schedules with the claim created again
      A finalizer of the user's holds the claim in deletion. PreEnqueue keeps the pod out of
      the active queue: it is never attempted, so it gets neither a PodScheduled condition
      nor a FailedScheduling event. The claim created again (its Add event) lets it in.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a ResourceSlice "node-1-gpus" of driver "gpu.example.com" on node "node-1" with 2 devices named "gpu-"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: held
          finalizers: [example.com/hold]
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And I delete the ResourceClaim "held" without waiting
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: late}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: held}
        """
      Then the Pod "late" stays pending without a scheduling attempt
      And the metric scheduler_pending_pods{queue="gated"} is 1
      And the metric scheduler_pending_pods{queue="unschedulable"} is 0
      When I patch the ResourceClaim "held" with:
        """
        metadata:
          finalizers: null
        """
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: held}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the Pod "late" is scheduled to "node-1"

    @req:platform-SCHED-R03 @clause:platform-SCHED-R03/claim-not-for-pod
    Scenario: A pod whose status names, for its template, a claim the pod does not own is not attempted
      k/k pkg/scheduler/framework/plugins/dynamicresources foreachPodResourceClaim (PreEnqueue
      and PreFilter, 1.34-1.37): a claim found through status.resourceClaimStatuses must pass
      resourceclaim.IsForPod, else PreEnqueue keeps the pod out of the active queue. The
      template does not exist, so the ResourceClaim controller creates nothing; someone wrote
      into the pod's status a claim of the user's. Once the status says no claim was created
      for the entry, resourceclaim.Name skips it and the pod schedules without it.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a ResourceSlice "node-1-gpus" of driver "gpu.example.com" on node "node-1" with 1 devices named "gpu-"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: standalone}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: worker}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: no-such-template}
        """
      And the Pod "worker" status has:
        """
        resourceClaimStatuses:
        - {name: gpu, resourceClaimName: standalone}
        """
      Then the Pod "worker" stays pending without a scheduling attempt
      And the ResourceClaim "standalone" has no "status.allocation"
      When the Pod "worker" status has:
        """
        resourceClaimStatuses:
        - {name: gpu}
        """
      Then the Pod "worker" is scheduled to "node-1"
      And the ResourceClaim "standalone" has no "status.allocation"

    @req:platform-SCHED-R03 @clause:platform-SCHED-R03/status-claim-appears
    Scenario: A pod whose status names a claim that does not exist yet is tried once that claim appears
      k/k pkg/scheduler/framework/plugins/dynamicresources: PreEnqueue keeps the pod out while
      the claim its status.resourceClaimStatuses names is missing (foreachPodResourceClaim:
      the claim tracker's NotFound); the claim's Add event requeues it because
      isSchedulableAfterClaimChange finds the claim among the pod's claims, which include the
      ones its status names (1.34-1.37). The template does not exist, so only the user's
      claim, controlled by the pod, can appear.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a ResourceSlice "node-1-gpus" of driver "gpu.example.com" on node "node-1" with 1 devices named "gpu-"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: worker}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: no-such-template}
        """
      And the Pod "worker" status has:
        """
        resourceClaimStatuses:
        - {name: gpu, resourceClaimName: worker-gpu-by-hand}
        """
      Then the Pod "worker" stays pending without a scheduling attempt
      When I create the ResourceClaim "worker-gpu-by-hand" controlled by Pod "worker":
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the Pod "worker" is scheduled to "node-1"
      And the ResourceClaim "worker-gpu-by-hand" has "status.allocation.devices.results[0].device" equal to gpu-0

    @req:platform-SCHED-R02 @clause:platform-SCHED-R02/claim-status-change
    Scenario: A pod whose claim another client allocates is retried at once and bound where the allocation allows
      k/k pkg/scheduler/framework/plugins/dynamicresources isSchedulableAfterClaimChange
      (1.34-1.37): an update of a claim the pod uses whose status changed queues the pod at
      once. The claim asks for two devices where the node has one, so the pod is unschedulable;
      another client (a controller of its own) then writes an allocation of the node's device
      into the claim's status. The pod is tried again without waiting for the periodic flush of
      unschedulable pods: its claim is allocated, so it is bound to the node the allocation
      selects and the claim is reserved for it, keeping the allocation as written. (The
      allocation carries its allocationTimestamp: from 1.36 the scheduler stamps one on every
      claim it reserves that has none, which the immutable allocation refuses.)
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a ResourceSlice "node-1-gpus" of driver "gpu.example.com" on node "node-1" with 1 devices named "gpu-"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: pair}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com, count: 2}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: worker}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: pair}
        """
      Then the Pod "worker" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      When I patch the ResourceClaim "pair" status with:
        """
        status:
          allocation:
            allocationTimestamp: "2026-01-01T00:00:00Z"
            devices:
              results:
              - {request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-0}
            nodeSelector:
              nodeSelectorTerms:
              - matchFields:
                - {key: metadata.name, operator: In, values: [node-1]}
        """
      Then the Pod "worker" is scheduled to "node-1"
      And the ResourceClaim "pair" has "status.allocation.devices.results[0].device" equal to gpu-0
      And the ResourceClaim "pair" has no "status.allocation.devices.results[1]"

    # since 1.36: DRADeviceBindingConditions is beta and on from 1.36, with DRAResourceClaimDeviceStatus, so bindClaim stamps allocationTimestamp
    @since:1.36 @req:platform-SCHED-R03 @clause:platform-SCHED-R03/stamp-refused
    Scenario: From 1.36 a claim another client allocated without an allocationTimestamp fails PreBind
      k/k pkg/scheduler/framework/plugins/dynamicresources bindClaim (1.34-1.37): with
      DRADeviceBindingConditions and DRAResourceClaimDeviceStatus on, the status update that
      adds the pod to reservedFor also sets allocationTimestamp when the allocation has none,
      also on an allocation the plugin did not make; validateResourceClaimStatusUpdate keeps
      an existing allocation immutable, so the API server refuses the update and the pod fails
      PreBind (SchedulerError, retried with backoff). The claim keeps the allocation as it was
      written, unreserved.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a ResourceSlice "node-1-gpus" of driver "gpu.example.com" on node "node-1" with 1 devices named "gpu-"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: held}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And I patch the ResourceClaim "held" status with:
        """
        status:
          allocation:
            devices:
              results:
              - {request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-0}
            nodeSelector:
              nodeSelectorTerms:
              - matchFields:
                - {key: metadata.name, operator: In, values: [node-1]}
        """
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: worker}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: held}
        """
      Then the Pod "worker" stays pending with reason "SchedulerError" and a message starting with "running PreBind plugin "DynamicResources": add reservation to claim ${namespace}/held: ResourceClaim.resource.k8s.io "held" is invalid: status.allocation: "
      And the ResourceClaim "held" has no "status.allocation.allocationTimestamp"
      And the ResourceClaim "held" has no "status.reservedFor"

    # until 1.35: DRADeviceBindingConditions is alpha and off up to 1.35, so bindClaim stamps no allocationTimestamp
    @until:1.35 @req:platform-SCHED-R03 @clause:platform-SCHED-R03/stamp-refused
    Scenario: Up to 1.35 a claim another client allocated without an allocationTimestamp is reserved as it is
      k/k pkg/scheduler/framework/plugins/dynamicresources bindClaim: without
      DRADeviceBindingConditions (alpha and off up to 1.35) the status update only adds the pod
      to reservedFor, which the API server accepts; the pod is bound where the allocation
      allows.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a ResourceSlice "node-1-gpus" of driver "gpu.example.com" on node "node-1" with 1 devices named "gpu-"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: held}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And I patch the ResourceClaim "held" status with:
        """
        status:
          allocation:
            devices:
              results:
              - {request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-0}
            nodeSelector:
              nodeSelectorTerms:
              - matchFields:
                - {key: metadata.name, operator: In, values: [node-1]}
        """
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: worker}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: held}
        """
      Then the Pod "worker" is scheduled to "node-1"
      And the ResourceClaim "held" has no "status.allocation.allocationTimestamp"
      And the ResourceClaim "held" has "status.reservedFor[0].name" equal to worker

    @req:platform-SCHED-R03 @clause:platform-SCHED-R03/postfilter-deallocates
    Scenario: PostFilter deallocates a claim nobody holds when its device is on a node the pod may not use
      The claim is allocated on node-1 and reserved for no one, as a driver or an operator may
      leave it (the ResourceClaim controller deallocates a claim only when its last consumer
      goes). The pod may only use node-2: Filter finds the claim unreachable there, PostFilter
      deallocates it, and the next attempt allocates a device of node-2.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a node "node-2" with cpu "8", memory "32Gi"
      And a ResourceSlice "node-1-gpus" of driver "gpu.example.com" on node "node-1" with 1 devices named "n1-gpu-"
      And a ResourceSlice "node-2-gpus" of driver "gpu.example.com" on node "node-2" with 1 devices named "n2-gpu-"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And I patch the ResourceClaim "gpu" status with:
        """
        status:
          allocation:
            devices:
              results:
              - {request: gpu, driver: gpu.example.com, pool: node-1, device: n1-gpu-0}
            nodeSelector:
              nodeSelectorTerms:
              - matchFields:
                - {key: metadata.name, operator: In, values: [node-1]}
        """
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          nodeSelector: {kubernetes.io/hostname: node-2}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "second" is scheduled to "node-2"
      And the ResourceClaim "gpu" has "status.allocation.devices.results[0].device" equal to n2-gpu-0

    @req:platform-CTRL-R02 @clause:platform-CTRL-R02/other-consumers-kept
    Scenario: The claim controller leaves a consumer of the core group that is no pod alone
      resourceclaim/controller.go syncClaim looks up the consumers whose apiGroup is empty and
      whose resource is "pods" (and, with the gate, PodGroups) and drops those that are gone;
      any other entry it keeps ("maybe another controller handles it"), also one of the core
      group such as a ReplicationController.
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And I patch the ResourceClaim "gpu" status with:
        """
        status:
          allocation:
            devices:
              results:
              - {request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-0}
          reservedFor:
          - {resource: replicationcontrollers, name: legacy, uid: 9b7c1a3e-0000-4000-8000-000000000000}
        """
      And 1 second passes
      Then the ResourceClaim "gpu" has "status.reservedFor[0].resource" equal to replicationcontrollers
      And the ResourceClaim "gpu" has "status.allocation.devices.results[0].device" equal to gpu-0

    @req:platform-SCHED-R03 @clause:platform-SCHED-R03/postfilter-keeps-held
    Scenario: PostFilter leaves a claim another consumer holds allocated: "still not schedulable"
      The claim is allocated on node-1 and reserved for a consumer that is not the pod (an
      example.com job the ResourceClaim controller does not know). The pod may only use
      node-2, where Filter finds the claim unreachable; PostFilter deallocates an unavailable
      claim only when no one or the pod alone has it reserved, so it answers "still not
      schedulable" and the claim keeps its allocation and consumer (k/k
      pkg/scheduler/framework/plugins/dynamicresources PostFilter).
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a node "node-2" with cpu "8", memory "32Gi"
      And a ResourceSlice "node-1-gpus" of driver "gpu.example.com" on node "node-1" with 1 devices named "n1-gpu-"
      And a ResourceSlice "node-2-gpus" of driver "gpu.example.com" on node "node-2" with 1 devices named "n2-gpu-"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And I patch the ResourceClaim "gpu" status with:
        """
        status:
          allocation:
            devices:
              results:
              - {request: gpu, driver: gpu.example.com, pool: node-1, device: n1-gpu-0}
            nodeSelector:
              nodeSelectorTerms:
              - matchFields:
                - {key: metadata.name, operator: In, values: [node-1]}
          reservedFor:
          - {apiGroup: example.com, resource: jobs, name: trainer, uid: 9b7c1a3e-0000-4000-8000-000000000000}
        """
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          nodeSelector: {kubernetes.io/hostname: node-2}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "second" stays pending with reason "Unschedulable" and a message starting with "0/2 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 resourceclaim not available on the node. still not schedulable, preemption: "
      And the ResourceClaim "gpu" has "status.allocation.devices.results[0].device" equal to n1-gpu-0
      And the ResourceClaim "gpu" has "status.reservedFor[0].name" equal to trainer

    @req:platform-SCHED-R03 @clause:platform-SCHED-R03/claim-in-use
    Scenario: A pod that would be the 257th consumer of a claim waits with "resourceclaim in use"
      reservedFor holds at most 256 consumers (ResourceClaimReservedForMaxSize); PreFilter
      refuses a pod that is not among them while the list is full (k/k
      component-helpers resourceclaim.CanBeReserved; UnschedulableAndUnresolvable). The
      consumers here are of a kind the ResourceClaim controller does not know (example.com
      jobs), so it leaves them alone. When one of them lets go, the pod takes its place. (The
      allocation carries its allocationTimestamp: from 1.36 the scheduler stamps one on every
      claim it reserves that has none, which the immutable allocation refuses.)
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a ResourceSlice "node-1-gpus" of driver "gpu.example.com" on node "node-1" with 1 devices named "gpu-"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: shared}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And a ResourceClaim manifest:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: shared}
        status:
          allocation:
            allocationTimestamp: "2026-01-01T00:00:00Z"
            devices:
              results:
              - {request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-0}
            nodeSelector:
              nodeSelectorTerms:
              - matchFields:
                - {key: metadata.name, operator: In, values: [node-1]}
          reservedFor:
          - {apiGroup: example.com, resource: jobs, name: trainer, uid: 9b7c1a3e-0000-4000-8000-000000000000}
        """
      And the list "status.reservedFor" is filled to 256 items from its first item with a unique "uid"
      When I write the manifest status to the ResourceClaim "shared"
      Then the request succeeds
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: late}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: shared}
        """
      Then the Pod "late" stays pending with reason "Unschedulable" and a message containing ": resourceclaim in use."
      Given the list "status.reservedFor" is filled to 255 items from its first item with a unique "uid"
      When I write the manifest status to the ResourceClaim "shared"
      Then the Pod "late" is scheduled to "node-1"
      And the ResourceClaim "shared" has "status.reservedFor[255].name" equal to late

    @req:platform-SCHED-R03 @clause:platform-SCHED-R03/class-missing
    Scenario Outline: A pod whose claim names a DeviceClass that does not exist waits until the class is created (<what>)
      PreFilter checks the class of every request of a claim to allocate, and of every
      subrequest of a firstAvailable list, before any node is looked at, and names the
      request ("<request>/<subrequest>" for a subrequest) in its UnschedulableAndUnresolvable
      reason (k/k pkg/scheduler/framework/plugins/dynamicresources PreFilter,
      validateDeviceClass). The class's Add event requeues the pod (EventsToRegister). A
      PreFilter rejection names no node reason; its node count is the cluster's.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a ResourceSlice "node-1-gpus" of driver "gpu.example.com" on node "node-1" with 1 devices named "gpu-"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - <request>
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: early}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "early" stays pending with reason "Unschedulable" and a message containing " nodes are available: request <named>: device class <missing> does not exist."
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: <missing>}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        """
      Then the Pod "early" is scheduled to "node-1"
      And the ResourceClaim "gpu" has "status.allocation.devices.results[0].request" equal to <result>

      Examples:
        | what               | request                                                                                                                        | named     | missing           | result    |
        | a request          | {name: gpu, exactly: {deviceClassName: later.example.com}}                                                                     | gpu       | later.example.com | gpu       |
        | a second subrequest | {name: gpu, firstAvailable: [{name: big, deviceClassName: gpu.example.com, count: 2}, {name: one, deviceClassName: later.example.com}]} | gpu/one   | later.example.com | gpu/one   |

  Rule: Device taints: which tolerations keep a pod
    kube-controller-manager's device-taint eviction controller (pkg/controller/
    devicetainteviction, KEP-5055) evicts the pods of a claim whose allocated device has a
    NoExecute taint, unless the claim's allocation result tolerates it. It honours only
    tolerations whose effect is NoExecute (evictionTime: toleration.Effect == NoExecute &&
    ToleratesTaint), while the allocator accepts a toleration without an effect for every
    effect. So a claim that tolerates the taint's key without naming an effect gets the
    tainted device and its pod is evicted all the same: shipped behaviour, pinned as is.

    @req:platform-TAINT-R01 @clause:platform-TAINT-R01/noexecute-tolerations-only @gate:DRADeviceTaints
    Scenario Outline: A claim tolerating a NoExecute device taint <how> <outcome>
      device_taint_eviction.go claimEvictionTime: of several matching NoExecute tolerations
      the smallest tolerationSeconds counts, so tolerating the taint for an hour and for 0s
      evicts the pod at once, in either order.
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            taints:
            - {key: example.com/unhealthy, value: "true", effect: NoExecute}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                tolerations: [<toleration>]
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: tolerant}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then there is a Normal event "Scheduled" for Pod "tolerant" with the message "Successfully assigned ${namespace}/tolerant to node-1"
      And <check>

      Examples:
        | how                           | outcome       | toleration                                                                                                                                       | check |
        | with effect NoExecute         | keeps its pod | {key: example.com/unhealthy, operator: Exists, effect: NoExecute}                                                                                | the Pod "tolerant" has no "metadata.deletionTimestamp" |
        | next to a NoSchedule one      | keeps its pod | {key: example.com/other, operator: Exists, effect: NoSchedule}, {key: example.com/unhealthy, operator: Equal, value: "true", effect: NoExecute}  | the Pod "tolerant" has no "metadata.deletionTimestamp" |
        | without an effect             | loses its pod | {key: example.com/unhealthy, operator: Exists}                                                                                                   | there is a Normal event "DeviceTaintManagerEviction" for Pod "tolerant" with the message "Marking for deletion" |
        | for an hour and for no time   | loses its pod | {key: example.com/unhealthy, operator: Exists, effect: NoExecute, tolerationSeconds: 3600}, {key: example.com/unhealthy, operator: Exists, effect: NoExecute, tolerationSeconds: 0} | there is a Normal event "DeviceTaintManagerEviction" for Pod "tolerant" with the message "Marking for deletion" |
        | for no time and for an hour   | loses its pod | {key: example.com/unhealthy, operator: Exists, effect: NoExecute, tolerationSeconds: 0}, {key: example.com/unhealthy, operator: Exists, effect: NoExecute, tolerationSeconds: 3600} | there is a Normal event "DeviceTaintManagerEviction" for Pod "tolerant" with the message "Marking for deletion" |

    @req:platform-TAINT-R01 @clause:platform-TAINT-R01/current-generation-only @gate:DRADeviceTaints
    Scenario: A NoExecute taint on a slice of an outdated pool generation evicts nobody
      device_taint_eviction.go pool.getTaintedDevices (and getDevice) skip every slice whose
      pool generation is below the pool's highest: the driver has republished pool node-1 at
      generation 2, so the taint that later appears on the generation-1 slice is stale data
      and the pod using gpu-0 keeps running. The same taint on the generation-2 slice evicts it.
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: consumer}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "consumer" is scheduled to "node-1"
      And the ResourceClaim "gpu" has "status.allocation.devices.results[0].device" equal to gpu-0
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus-v2}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 2, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
        """
      And the cluster settles
      Then there is no event "DeviceTaintManagerEviction" for Pod "consumer" containing "Marking for deletion"
      And the Pod "consumer" has no "metadata.deletionTimestamp"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus-v2}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 2, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
        """
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "consumer" with the message "Marking for deletion"

    @req:platform-TAINT-R01 @clause:platform-TAINT-R01/eviction-time @gate:DRADeviceTaints
    Scenario: A pod is evicted when the earliest taint of its claims' devices has been tolerated long enough
      device_taint_eviction.go claimEvictionTime: for each allocated device, the NoExecute
      taint's timeAdded plus the smallest tolerationSeconds of the matching NoExecute
      tolerations; a claim is due at the earliest of its devices, a pod (podEvictionTime) at the
      earliest of its claims. The API server sets timeAdded to the time of the write when the
      driver leaves it out (pkg/apis/resource/v1/defaults.go SetDefaults_DeviceTaint): an hour's
      toleration of a taint published now is not over, of one added in 2020 it is. The pod
      "mixed" holds one device of each kind in its first claim and a fresh one in its second;
      "fresh" holds only a fresh one.
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            attributes: {idx: {int: 0}}
            taints:
            - {key: example.com/unhealthy, effect: NoExecute, timeAdded: "2020-01-01T00:00:00Z"}
          - name: gpu-1
            attributes: {idx: {int: 1}}
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
          - name: gpu-2
            attributes: {idx: {int: 2}}
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
          - name: gpu-3
            attributes: {idx: {int: 3}}
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: pair}
        spec:
          devices:
            requests:
            - name: gpus
              exactly:
                deviceClassName: gpu.example.com
                count: 2
                selectors:
                - cel: {expression: 'device.attributes["gpu.example.com"].idx < 2'}
                tolerations:
                - {key: example.com/unhealthy, operator: Exists, effect: NoExecute, tolerationSeconds: 3600}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: third}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                selectors:
                - cel: {expression: 'device.attributes["gpu.example.com"].idx == 2'}
                tolerations:
                - {key: example.com/unhealthy, operator: Exists, effect: NoExecute, tolerationSeconds: 3600}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: fourth}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                selectors:
                - cel: {expression: 'device.attributes["gpu.example.com"].idx == 3'}
                tolerations:
                - {key: example.com/unhealthy, operator: Exists, effect: NoExecute, tolerationSeconds: 3600}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: mixed}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: pair}, {name: third}]}}
          resourceClaims:
          - {name: pair, resourceClaimName: pair}
          - {name: third, resourceClaimName: third}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: fresh}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: fourth}
        """
      Then the ResourceSlice "node-1-gpus" has "spec.devices[0].taints[0].timeAdded" equal to "2020-01-01T00:00:00Z"
      And the ResourceSlice "node-1-gpus" has a "spec.devices[1].taints[0].timeAdded"
      And there is a Normal event "Scheduled" for Pod "mixed" containing "to node-1"
      And there is a Normal event "Scheduled" for Pod "fresh" containing "to node-1"
      And there is a Normal event "DeviceTaintManagerEviction" for Pod "mixed" with the message "Marking for deletion"
      And the Pod "fresh" has no "metadata.deletionTimestamp"

    @req:platform-CTRL-R02 @clause:platform-CTRL-R02/reserves-for-bound-pod @req:platform-TAINT-R01 @gate:DRADeviceTaints
    Scenario: A pod bound by hand to a claim gets it reserved by the claim controller, and a taint evicts it with the other consumer
      "intruder" names the claim and is bound to the node directly, so no scheduler reserved the
      claim for it. The ResourceClaim controller's syncPod does (k/k pkg/controller/resourceclaim
      controller.go: a pod with spec.nodeName whose allocated claim is not reserved for it and
      can be, CanBeReserved, gets a reservedFor entry). device_taint_eviction.go podEvictionTime
      then finds both pods among the claim's consumers (resourceclaim.IsReservedForPod), and the
      NoExecute taint evicts both.
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: consumer}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "consumer" is scheduled to "node-1"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: intruder}
        spec:
          nodeName: node-1
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
        """
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "consumer" with the message "Marking for deletion"
      And there is a Normal event "DeviceTaintManagerEviction" for Pod "intruder" with the message "Marking for deletion"

    @req:platform-TAINT-R01 @clause:platform-TAINT-R01/consumers-only @gate:DRADeviceTaints
    Scenario: A pod whose status names a claim it does not own for its template is not evicted for that claim
      device_taint_eviction.go podEvictionTime: for a claim from a template (resourceclaim.Name
      says "check the owner") a claim the pod does not own is "not our claim" (resourceclaim.
      IsForPod), skipped even when it is reserved for the pod; the pod that names the claim
      directly is evicted. "worker" is bound by hand, its status points its template entry at
      "standalone", which is allocated and reserved for it by hand as well.
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
          - name: gpu-1
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: standalone}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: consumer}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: worker}
        spec:
          nodeName: node-1
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: no-such-template}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      Then the Pod "consumer" is scheduled to "node-1"
      And the claim "gpu" of Pod "consumer" has 1 allocated device
      When the Pod "worker" status has:
        """
        resourceClaimStatuses:
        - {name: gpu, resourceClaimName: standalone}
        """
      And the ResourceClaim "standalone" is allocated and reserved for the Pod "worker":
        | request | driver          | pool   | device |
        | gpu     | gpu.example.com | node-1 | gpu-1  |
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
          - name: gpu-1
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
        """
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "consumer" with the message "Marking for deletion"
      And the Pod "worker" exists
      And the Pod "worker" has no "metadata.deletionTimestamp"

    @req:platform-TAINT-R01 @clause:platform-TAINT-R01/eviction-cancelled @gate:DRADeviceTaints @needs:logical-clock
    Scenario: A pod whose eviction is pending keeps running when the taint goes, and hears that it was cancelled
      device_taint_eviction.go: a taint tolerated for 60 seconds schedules the pod's eviction
      for then (evictPod, a delayed work item); when the driver removes the taint before that,
      podEvictionTime is nil again and handlePod cancels the eviction with a Normal event
      DeviceTaintManagerEviction "Cancelling deletion" (cancelWorkWithEvent). The pod is still
      there long after the 60 seconds.
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                tolerations:
                - {key: example.com/unhealthy, operator: Exists, effect: NoExecute, tolerationSeconds: 60}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: patient}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "patient" is scheduled to "node-1"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
        """
      And 30 seconds pass
      Then the Pod "patient" has no "metadata.deletionTimestamp"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        """
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "patient" with the message "Cancelling deletion"
      When 60 seconds pass
      Then the Pod "patient" has no "metadata.deletionTimestamp"

    @req:platform-TAINT-R01 @clause:platform-TAINT-R01/eviction-cancelled @gate:DRADeviceTaints @needs:logical-clock
    Scenario: A pod deleted while its eviction is pending hears no cancellation
      device_taint_eviction.go handlePodChange: a pod that is gone has its pending eviction
      cancelled without an event ("it's gone"); only a pod that is still there hears
      DeviceTaintManagerEviction "Cancelling deletion" (cancelWorkWithEvent).
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                tolerations:
                - {key: example.com/unhealthy, operator: Exists, effect: NoExecute, tolerationSeconds: 60}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: patient}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "patient" is scheduled to "node-1"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
        """
      And 30 seconds pass
      And I force-delete the Pod "patient"
      Then the Pod "patient" does not exist
      And there is no event "DeviceTaintManagerEviction" for Pod "patient" containing "Cancelling deletion"
      And there is no event "DeviceTaintManagerEviction" for Pod "patient" containing "Marking for deletion"

    @req:platform-TAINT-R01 @clause:platform-TAINT-R01/eviction-cancelled @gate:DRADeviceTaints @needs:logical-clock
    Scenario: A pod that is gone does not keep the next pod from hearing that its eviction was cancelled
      Two pods share a claim whose device gets a NoExecute taint they tolerate for 60 seconds.
      One is force-deleted and the taint goes before the controller looks again: the gone pod
      is passed over without an event (handlePodChange, "it's gone") and the other still hears
      DeviceTaintManagerEviction "Cancelling deletion" (cancelWorkWithEvent).
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                tolerations:
                - {key: example.com/unhealthy, operator: Exists, effect: NoExecute, tolerationSeconds: 60}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: a-leaves}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: b-stays}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "a-leaves" is scheduled to "node-1"
      And the Pod "b-stays" is scheduled to "node-1"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
        """
      And 30 seconds pass
      And I force-delete the Pod "a-leaves" without waiting
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        """
      Then the Pod "a-leaves" does not exist
      And there is a Normal event "DeviceTaintManagerEviction" for Pod "b-stays" with the message "Cancelling deletion"
      And there is no event "DeviceTaintManagerEviction" for Pod "a-leaves" containing "Cancelling deletion"
      When 60 seconds pass
      Then the Pod "b-stays" has no "metadata.deletionTimestamp"

    @req:platform-TAINT-R01 @clause:platform-TAINT-R01/eviction-cancelled @gate:DRADeviceTaints @needs:logical-clock
    Scenario: When one of two pending evictions is cancelled, the other stays pending
      device_taint_eviction.go handleSliceChange: removing the taint of one device re-evaluates
      the claims using it and handles their pods one by one (handlePods -> handlePod); the pod
      "patient" on the healed device hears DeviceTaintManagerEviction "Cancelling deletion"
      (cancelWorkWithEvent) whatever happens to the pod "held" on the still tainted device,
      which gets no such event and is evicted when its 60 seconds are over.
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            attributes: {idx: {int: 0}}
          - name: gpu-1
            attributes: {idx: {int: 1}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: held}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                selectors:
                - cel: {expression: 'device.attributes["gpu.example.com"].idx == 0'}
                tolerations:
                - {key: example.com/unhealthy, operator: Exists, effect: NoExecute, tolerationSeconds: 60}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: patient}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                selectors:
                - cel: {expression: 'device.attributes["gpu.example.com"].idx == 1'}
                tolerations:
                - {key: example.com/unhealthy, operator: Exists, effect: NoExecute, tolerationSeconds: 60}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: held}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: held}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: patient}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: patient}
        """
      Then the Pod "held" is scheduled to "node-1"
      And the Pod "patient" is scheduled to "node-1"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            attributes: {idx: {int: 0}}
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
          - name: gpu-1
            attributes: {idx: {int: 1}}
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
        """
      And 30 seconds pass
      Then the Pod "held" has no "metadata.deletionTimestamp"
      And the Pod "patient" has no "metadata.deletionTimestamp"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            attributes: {idx: {int: 0}}
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
          - name: gpu-1
            attributes: {idx: {int: 1}}
        """
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "patient" with the message "Cancelling deletion"
      And there is no event "DeviceTaintManagerEviction" for Pod "held" containing "Cancelling deletion"
      When 60 seconds pass
      Then the Pod "held" does not exist
      And the Pod "patient" has no "metadata.deletionTimestamp"

    @req:platform-TAINT-R01 @clause:platform-TAINT-R01/pending-while-deleting @gate:DRADeviceTaints @needs:logical-clock
    Scenario: A pod being deleted keeps its pending eviction without a word, and hears it cancelled when the taint goes
      device_taint_eviction.go handlePodChange: a pod update that changes neither spec.nodeName
      nor status.resourceClaimStatuses does not reach handlePod, and podEvictionTime does not
      look at deletionTimestamp: the delayed eviction of a pod that a finalizer holds in
      deletion stays scheduled, with no event. When the driver removes the taint, handleSliceChange
      -> handlePods -> handlePod finds no eviction time any more and cancelWorkWithEvent
      records DeviceTaintManagerEviction "Cancelling deletion" for the pod, still there. The
      pod stays running while it is deleted because an admission policy refuses its kubelet's
      status writes: with its terminal phase written the claim controller would release its
      claim, which cancels the eviction at once.
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                tolerations:
                - {key: example.com/unhealthy, operator: Exists, effect: NoExecute, tolerationSeconds: 60}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: held, finalizers: [example.com/hold]}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "held" is scheduled to "node-1"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
        """
      And I apply:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-pod-status}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [UPDATE], resources: [pods/status]}
          validations:
          - expression: "false"
            message: pod statuses are written by hand here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-pod-status}
        spec:
          policyName: no-pod-status
          validationActions: [Deny]
        """
      And I delete the Pod "held" without waiting
      And 30 seconds pass
      Then the Pod "held" has a "metadata.deletionTimestamp"
      And there is no event "DeviceTaintManagerEviction" for Pod "held" containing "Cancelling deletion"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        """
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "held" with the message "Cancelling deletion"

    # since 1.35: addConditionAndDeletePod looks at deletionTimestamp in the rewrite with DeviceTaintRule status (kubernetes PR 134152); the 1.33 copy (resource.k8s.io/v1beta1) does not, the 1.34 one was not read
    @req:platform-TAINT-R01 @clause:platform-TAINT-R01/deleting-not-evicted @gate:DRADeviceTaints @since:1.35
    Scenario: A pod already being deleted when its eviction falls due is left alone
      device_taint_eviction.go addConditionAndDeletePod: a pod with a deletionTimestamp is
      "Already deleted, no need to evict": no DeviceTaintManagerEviction "Marking for deletion"
      event (emitted only "if we are actually doing something"), no DisruptionTarget condition,
      no second DELETE. "held" is held in deletion by a finalizer of the user's when the driver
      taints both devices; "consumer", on the other device, is evicted as usual.
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
          - name: gpu-1
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: other}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: held, finalizers: [example.com/hold]}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: consumer}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: other}
        """
      Then the Pod "held" is scheduled to "node-1"
      And the Pod "consumer" is scheduled to "node-1"
      When I delete the Pod "held" without waiting
      Then the Pod "held" has a "metadata.deletionTimestamp"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
          - name: gpu-1
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
        """
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "consumer" with the message "Marking for deletion"
      And there is no event "DeviceTaintManagerEviction" for Pod "held" containing "Marking for deletion"
      And the Pod "held" has 0 DisruptionTarget conditions
      And the Pod "held" exists

    @req:platform-TAINT-R01 @clause:platform-TAINT-R01/cancelled-when-finished @gate:DRADeviceTaints @needs:logical-clock
    Scenario Outline: A pod that finishes (<phase>) while its eviction is pending hears it cancelled when its claim lets it go
      device_taint_eviction.go: the phase change alone does not reach handlePod
      (handlePodChange), but the ResourceClaim controller drops the finished pod from the
      claim's status.reservedFor (pkg/controller/resourceclaim syncClaim, isPodDone); the claim
      update (handleClaimChange, syncBothClaims) handles the pods of the old reservedFor, and
      handlePod finds the pod no longer reserved (IsReservedForPod): cancelWorkWithEvent records
      DeviceTaintManagerEviction "Cancelling deletion". Nothing is evicted afterwards.
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                tolerations:
                - {key: example.com/unhealthy, operator: Exists, effect: NoExecute, tolerationSeconds: 60}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: job}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "job" is scheduled to "node-1"
      When the Pod "job" status has:
        """
        phase: <phase>
        """
      Then the ResourceClaim "gpu" has no "status.reservedFor"
      And there is a Normal event "DeviceTaintManagerEviction" for Pod "job" with the message "Cancelling deletion"
      When 60 seconds pass
      Then the Pod "job" has no "metadata.deletionTimestamp"
      And there is no event "DeviceTaintManagerEviction" for Pod "job" containing "Marking for deletion"

      Examples:
        | phase     |
        | Succeeded |
        | Failed    |

    @req:platform-TAINT-R01 @clause:platform-TAINT-R01/disruption-target @req:platform-GEN-R01 @clause:platform-GEN-R01/device-taint-unstamped @gate:DRADeviceTaints
    Scenario: An evicted pod that a finalizer holds shows DisruptionTarget next to the conditions it had
      device_taint_eviction.go addConditionAndDeletePod: the DisruptionTarget condition (reason
      DeletionByDeviceTaintManager) is added with pkg/api/v1/pod UpdatePodCondition and written
      with a status patch computed against the old status (pkg/util/pod PatchPodStatus), so the
      pod's other conditions, here the scheduler's PodScheduled, stay as they were; then the pod
      is deleted, and a finalizer keeps it visible. Unlike the node taint manager's, this
      controller's condition carries no observedGeneration (KEP-5067).
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: held, finalizers: [example.com/hold]}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "held" is scheduled to "node-1"
      When I note the PodScheduled condition of the Pod "held"
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
        """
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "held" with the message "Marking for deletion"
      And the Pod "held" has a "metadata.deletionTimestamp"
      And the DisruptionTarget condition of the Pod "held" has status True and reason DeletionByDeviceTaintManager, with lastTransitionTime set
      And the DisruptionTarget condition of the Pod "held" has no "observedGeneration"
      And the PodScheduled condition of the Pod "held" keeps its status and the noted lastTransitionTime

    @req:platform-TAINT-R01 @clause:platform-TAINT-R01/disruption-target @gate:DRADeviceTaints
    Scenario Outline: A DisruptionTarget condition the pod already had is replaced in place by the eviction's
      device_taint_eviction.go addConditionAndDeletePod hands the condition to pkg/api/v1/pod
      UpdatePodCondition: a condition of the same type is overwritten at its index (no second
      DisruptionTarget), and its lastTransitionTime is kept when the status stays True and set
      to now when it changes; the status patch (pkg/util/pod PatchPodStatus) carries the change.
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: held, finalizers: [example.com/hold]}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "held" is scheduled to "node-1"
      When I patch the Pod "held" status with:
        """
        status:
          conditions:
          - type: DisruptionTarget
            status: "<before>"
            reason: SetByHand
            message: an operator's note
            lastTransitionTime: "2020-01-01T00:00:00Z"
        """
      And I note the DisruptionTarget condition of the Pod "held"
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
        """
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "held" with the message "Marking for deletion"
      And the Pod "held" has a "metadata.deletionTimestamp"
      And the DisruptionTarget condition of the Pod "held" has status True and reason DeletionByDeviceTaintManager, with lastTransitionTime set
      And the Pod "held" has 1 DisruptionTarget condition
      And the DisruptionTarget condition of the Pod "held" <time>

      Examples:
        | before | time                                                       |
        | False  | has status True and a lastTransitionTime later than the noted one |
        | True   | keeps its status and the noted lastTransitionTime          |

    @req:platform-TAINT-R01 @clause:platform-TAINT-R01/disruption-target @gate:DRADeviceTaints
    Scenario: An eviction's DisruptionTarget that differs from the pod's only by a probe time is written anew
      pkg/api/v1/pod UpdatePodCondition compares status, reason, message, lastProbeTime and
      lastTransitionTime: a pod that already carries the eviction's very condition (same
      status, reason and message; the kept lastTransitionTime) but with a lastProbeTime counts
      as changed, so addConditionAndDeletePod writes the condition without the probe time.
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: held, finalizers: [example.com/hold]}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "held" is scheduled to "node-1"
      When I patch the Pod "held" status with:
        """
        status:
          conditions:
          - type: DisruptionTarget
            status: "True"
            reason: DeletionByDeviceTaintManager
            message: "Device Taint manager: deleting due to NoExecute taint"
            lastTransitionTime: "2020-01-01T00:00:00Z"
            lastProbeTime: "2020-01-02T00:00:00Z"
        """
      And I note the DisruptionTarget condition of the Pod "held"
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
        """
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "held" with the message "Marking for deletion"
      And the Pod "held" has a "metadata.deletionTimestamp"
      And the Pod "held" has 1 DisruptionTarget condition
      And the DisruptionTarget condition of the Pod "held" keeps its status and the noted lastTransitionTime
      And the DisruptionTarget condition of the Pod "held" has no "lastProbeTime"

    @req:platform-TAINT-R01 @clause:platform-TAINT-R01/unnamed-claim-skipped @gate:DRADeviceTaints
    Scenario: A pod claim entry that names no claim yet does not keep the pod from its eviction
      device_taint_eviction.go podEvictionTime walks the pod's spec.resourceClaims and skips an
      entry resourceclaim.Name cannot resolve (a template entry without its
      status.resourceClaimStatuses record: "not created yet ... definitely not tainted"); the
      next entry, a claim reserved for the pod on a device with a NoExecute taint, still makes
      the pod evicted. The template here does not exist, so the claim is never created.
      Given the feature gate DRADeviceTaints is enabled
      And a node "n1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: mixed, finalizers: [example.com/hold]}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: later, resourceClaimTemplateName: not-there}
          - {name: gpu, resourceClaimName: gpu}
          containers:
          - name: main
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: later}, {name: gpu}]}
        """
      When the ResourceClaim "gpu" is allocated and reserved for the Pod "mixed":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: n1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: n1
          pool: {name: n1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
        """
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "mixed" with the message "Marking for deletion"
      And the Pod "mixed" has a "metadata.deletionTimestamp"

    @req:platform-TAINT-R01 @clause:platform-TAINT-R01/unnamed-claim-skipped @gate:DRADeviceTaints
    Scenario: A pod's untainted first claim does not keep its tainted second claim from evicting it
      podEvictionTime walks every claim of the pod and takes the earliest eviction time among
      them: the first claim's device has no taint, the second's a NoExecute taint the pod does
      not tolerate, so the pod is evicted.
      Given the feature gate DRADeviceTaints is enabled
      And a node "n1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: fine}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: two-claims, finalizers: [example.com/hold]}
        spec:
          nodeName: n1
          resourceClaims:
          - {name: fine, resourceClaimName: fine}
          - {name: gpu, resourceClaimName: gpu}
          containers:
          - name: main
            image: registry.k8s.io/pause:3.10
            resources: {claims: [{name: fine}, {name: gpu}]}
        """
      When the ResourceClaim "fine" is allocated and reserved for the Pod "two-claims":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-1  |
      And the ResourceClaim "gpu" is allocated and reserved for the Pod "two-claims":
        | request | driver          | pool | device |
        | gpu     | gpu.example.com | n1   | gpu-0  |
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: n1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: n1
          pool: {name: n1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            taints:
            - {key: example.com/unhealthy, effect: NoExecute}
          - name: gpu-1
        """
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "two-claims" with the message "Marking for deletion"
      And the Pod "two-claims" has a "metadata.deletionTimestamp"

  Rule: The scheduler forgets a deleted Node or ResourceSlice
    kube-scheduler's cache removes a node on the Node informer's delete event
    (pkg/scheduler/eventhandlers.go deleteNodeFromCache): pods are no longer placed there,
    and the node no longer counts in "0/N nodes are available". A deleted ResourceSlice's
    devices are no longer allocated.

    @req:platform-SCHED-R04 @clause:platform-SCHED-R04/deleted-node-forgotten
    Scenario: After its Node is deleted, no pod is placed on it, even one that asks for it by name
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a node "node-2" with cpu "8", memory "32Gi"
      When I delete the Node "node-1"
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: wants-node-1}
        spec:
          nodeSelector: {kubernetes.io/hostname: node-1}
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: anywhere}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "anywhere" is scheduled to "node-2"
      And the Pod "wants-node-1" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector."

    @req:platform-SCHED-R04 @clause:platform-SCHED-R04/deleted-slice-forgotten
    Scenario: The devices of a deleted cluster-wide ResourceSlice are not allocated, and come back with the slice
      The allocator takes the ResourceSlices the scheduler's informer has now
      (pkg/scheduler/framework/plugins/dynamicresources PreFilter: the DRA manager's
      ResourceSlices() list); a slice with allNodes serves every node and leaves that list on
      its delete event like a node-local one. A ResourceSlice add requeues the waiting pod
      (EventsToRegister).
      Given a node "node-1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: link.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "link.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: fabric}
        spec:
          driver: link.example.com
          allNodes: true
          pool: {name: fabric, generation: 1, resourceSliceCount: 1}
          devices:
          - {name: link-0}
          - {name: link-1}
        """
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: first-link}
        spec:
          devices:
            requests:
            - {name: link, exactly: {deviceClassName: link.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: first}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: link}]}}
          resourceClaims:
          - {name: link, resourceClaimName: first-link}
        """
      Then the Pod "first" is scheduled to "node-1"
      When I delete the ResourceSlice "fabric"
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: second-link}
        spec:
          devices:
            requests:
            - {name: link, exactly: {deviceClassName: link.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: link}]}}
          resourceClaims:
          - {name: link, resourceClaimName: second-link}
        """
      Then the Pod "second" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 cannot allocate all claims."
      And the ResourceClaim "second-link" has no "status.allocation"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: fabric-again}
        spec:
          driver: link.example.com
          allNodes: true
          pool: {name: fabric, generation: 2, resourceSliceCount: 1}
          devices:
          - {name: link-0}
          - {name: link-1}
        """
      Then the Pod "second" is scheduled to "node-1"
      And the ResourceClaim "second-link" has "status.allocation.devices.results[0].device" equal to link-1

  @component:apiserver
  Rule: ResourceQuota charges pods and claims as upstream's evaluators do
    kube-apiserver's ResourceQuota admission charges each new object with its quota evaluator
    (k/k pkg/quota/v1/evaluator/core: pods.go PodUsageFunc, resource_claims.go) and refuses
    it when a hard limit would be exceeded ("exceeded quota: <quota>, requested: ..., used:
    ..., limited: ..."); kube-controller-manager's quota controller keeps status.used.

    @req:platform-QUOTA-R01 @clause:platform-QUOTA-R01/limits-charged
    Scenario: Container limits are charged under limits.<resource>
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: cpu-limits}
        spec:
          hard:
            limits.cpu: "2"
        """
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: greedy}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: "1"}
              limits: {cpu: "3"}
        """
      Then the request is rejected as Forbidden (403)
      And the error message contains "exceeded quota: cpu-limits, requested: limits.cpu=3, used: limits.cpu=0, limited: limits.cpu=2"

    @req:platform-QUOTA-R01 @clause:platform-QUOTA-R01/requests-charged
    Scenario: Container requests are charged under the bare names cpu and memory as well as requests.<resource>
      pods.go podComputeUsageHelper: a cpu or memory request counts under both "cpu" and
      "requests.cpu" (and "memory", "requests.memory"), so a quota that names the bare
      resource limits requests too, and its status.used shows them.
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: compute}
        spec:
          hard:
            cpu: "1"
            memory: 1Gi
        """
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: small}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 600m, memory: 256Mi}
        """
      Then the request succeeds
      And the ResourceQuota "compute" contains:
        """
        status:
          used:
            cpu: 600m
            memory: 256Mi
        """
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 600m, memory: 256Mi}
        """
      Then the request is rejected as Forbidden (403)
      And the error message contains "exceeded quota: compute, requested: cpu=600m, used: cpu=600m, limited: cpu=1"

    @req:platform-QUOTA-R01 @clause:platform-QUOTA-R01/own-namespace
    Scenario: A quota counts the usage of its own namespace only
      ResourceQuota admission (k8s.io/apiserver admission/plugin/resourcequota) checks a new
      pod against the quotas of the pod's namespace with that namespace's usage: a pod in
      another namespace uses nothing of it.
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: team}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: elsewhere, namespace: team}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 600m}
        ---
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: compute}
        spec:
          hard:
            requests.cpu: "1"
        """
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: here}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: 600m}
        """
      Then the request succeeds
      And the ResourceQuota "compute" contains:
        """
        status:
          used:
            requests.cpu: 600m
        """

    @req:platform-QUOTA-R01 @clause:platform-QUOTA-R01/limits-charged @clause:platform-QUOTA-R01/exceeded-listed
    Scenario: A pod over two limits of one quota hears both, sorted and comma-separated
      k8s.io/apiserver admission/plugin/resourcequota controller.go CheckRequest masks the
      requested, used and hard lists to the exceeded resources (quota.Mask) and prints each
      with prettyPrint: names sorted, "name=quantity" joined by ",". requests.cpu is within
      its limit and is not named.
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: compute}
        spec:
          hard:
            limits.cpu: "2"
            limits.memory: 1Gi
            requests.cpu: "4"
        """
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: greedy}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {cpu: "1"}
              limits: {cpu: "3", memory: 2Gi}
        """
      Then the request is rejected as Forbidden (403)
      And the error message contains "exceeded quota: compute, requested: limits.cpu=3,limits.memory=2Gi, used: limits.cpu=0,limits.memory=0, limited: limits.cpu=2,limits.memory=1Gi"

    @req:platform-QUOTA-R01 @clause:platform-QUOTA-R01/all-mode-charged
    Scenario: A claim asking for all devices of a class is charged the most a claim can get
      resource_claims.go: allocationMode All counts as AllocationResultsMaxSize (32) devices of
      its class, the worst case, whatever the cluster has.
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: devices}
        spec:
          hard:
            gpu.example.com.deviceclass.resource.k8s.io/devices: "10"
        """
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: everything}
        spec:
          devices:
            requests:
            - {name: gpus, exactly: {deviceClassName: gpu.example.com, allocationMode: All}}
        """
      Then the request is rejected as Forbidden (403)
      And the error message contains "exceeded quota: devices, requested: gpu.example.com.deviceclass.resource.k8s.io/devices=32, used: gpu.example.com.deviceclass.resource.k8s.io/devices=0, limited: gpu.example.com.deviceclass.resource.k8s.io/devices=10"

    @req:platform-QUOTA-R01 @clause:platform-QUOTA-R01/terminal-pods-free
    Scenario: A pod that has finished no longer counts against the pods quota
      pods.go: a pod in phase Succeeded or Failed is charged count/pods only, so its place in a
      "pods" quota is free for the next one.
      Given a node "n1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: one-pod}
        spec:
          hard:
            pods: "1"
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: batch}
        spec:
          nodeName: n1
          containers:
          - {name: job, image: registry.k8s.io/pause:3.10}
        """
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: next}
        spec:
          containers:
          - {name: job, image: registry.k8s.io/pause:3.10}
        """
      Then the request is rejected as Forbidden (403)
      When the Pod "batch" status has:
        """
        phase: Succeeded
        """
      Then the ResourceQuota "one-pod" comes to have "status.used.pods" equal to "0"
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: next}
        spec:
          containers:
          - {name: job, image: registry.k8s.io/pause:3.10}
        """
      Then the request succeeds

    @req:platform-QUOTA-R01 @clause:platform-QUOTA-R01/native-names-free
    Scenario Outline: A request of a kubernetes.io-domain resource is not charged, an extended resource is (<kind>)
      pods.go podComputeUsageHelper charges requests.<name> only for a name
      helper.IsExtendedResourceName accepts: not native (a domain outside kubernetes.io) and
      not already prefixed with "requests."; hugepages- names and cpu, memory and
      ephemeral-storage have their own keys. A non-standard name in the kubernetes.io domain,
      which pod validation lets through as a native resource, is charged nothing, so a quota
      on requests.<that name> never limits it.
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: widgets}
        spec:
          hard:
            requests.<name>: "1"
        """
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: many}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources:
              requests: {<name>: "2"}
              limits: {<name>: "2"}
        """
      Then <outcome>
      And the ResourceQuota "widgets" comes to have "status.used[requests.<name>]" equal to "0"

      Examples:
        | kind     | name                          | outcome                                      |
        | native   | example.kubernetes.io/widgets | the request succeeds                         |
        | extended | example.com/widgets           | the request is rejected as Forbidden (403)   |

    @req:platform-QUOTA-R01 @clause:platform-QUOTA-R01/empty-quota-free
    Scenario: A ResourceQuota without a spec limits nothing
      ResourceQuota's spec is optional and its hard limits too (k/k core/v1 types.go
      ResourceQuotaSpec; validation.go ValidateResourceQuota walks whatever hard there is), so a
      quota written without one is stored; the quota admission checks a new object only against
      a quota that names one of its resources (k/k staging/src/k8s.io/apiserver
      pkg/admission/plugin/resourcequota/controller.go checkRequest skips a quota
      evaluator.Matches refuses; pkg/quota/v1/generic/evaluator.go Matches needs a hard
      resource the evaluator knows), so a pod still comes in.
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: nothing-yet}
        """
      When I create:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: free}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: "1"}}}
        """
      Then the request succeeds

    @req:platform-QUOTA-R01 @clause:platform-QUOTA-R01/object-count
    Scenario: An object-count quota limits ReplicaSets, claim templates and quotas, and counts them in its status
      Every resource without an evaluator of its own gets the generic object-count evaluator
      (k/k pkg/quota/v1/generic/evaluator.go ObjectCountEvaluator, made on demand by the
      admission plugin and for each resource the quota controller monitors): one object is
      count/<resource>.<group> = 1, charged when it is created; ResourceQuotas also count
      under their legacy name resourcequotas (evaluator/core/registry.go). The Deployment's
      second ReplicaSet is refused with the quota's message (its ReplicaSetCreateError
      event), a claim template over a limit of 0 is refused at once, and status.used shows
      what the namespace holds. Events are not counted (the quota configuration's ignored
      resources): the Warning events of the refusals are written all the same.
      Given the objects:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: counts}
        spec:
          hard:
            count/replicasets.apps: "1"
            count/deployments.apps: "2"
            count/resourceclaimtemplates.resource.k8s.io: "0"
            resourcequotas: "2"
            count/events: "0"
        """
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 ReplicaSet object
      When I apply:
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: api}
        spec:
          replicas: 1
          selector: {matchLabels: {app: api}}
          template:
            metadata: {labels: {app: api}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there is 1 ReplicaSet object
      And there is a Warning event "ReplicaSetCreateError" for Deployment "api" containing "is forbidden: exceeded quota: counts, requested: count/replicasets.apps=1, used: count/replicasets.apps=1, limited: count/replicasets.apps=1"
      And the ResourceQuota "counts" has "status.used" equal to {count/replicasets.apps: "1", count/deployments.apps: "2", count/resourceclaimtemplates.resource.k8s.io: "0", resourcequotas: "1", count/events: "0"}
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: gpu}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the request is rejected as Forbidden (403)
      And the error message contains "exceeded quota: counts, requested: count/resourceclaimtemplates.resource.k8s.io=1, used: count/resourceclaimtemplates.resource.k8s.io=0, limited: count/resourceclaimtemplates.resource.k8s.io=0"

  Rule: kube-scheduler places only the pods that name it
    A pod names its scheduler in spec.schedulerName (default-scheduler when empty); kube-
    scheduler's informer takes only pods whose schedulerName is one of its profiles
    (pkg/scheduler/eventhandlers.go responsibleForPod), so a pod for another scheduler is
    left alone, claims and all.

    @req:platform-SCHED-R05 @clause:platform-SCHED-R05/other-scheduler-left-alone
    Scenario: A pod that names another scheduler is neither placed nor given its claim
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a ResourceSlice "node-1-gpus" of driver "gpu.example.com" on node "node-1" with 1 devices named "gpu-"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: elsewhere}
        spec:
          schedulerName: example.com/batch-scheduler
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: ordinary}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "ordinary" is scheduled to "node-1"
      And the Pod "elsewhere" has no "spec.nodeName"
      And the Pod "elsewhere" has no "status.conditions"
      And the ResourceClaim "gpu" has no "status.allocation"

  @component:scheduler
  Rule: kube-scheduler places a pod on one of the best-scoring nodes it evaluated
    k/k pkg/scheduler/schedule_one.go (1.34-1.37): findNodesThatFitPod stops once it has
    numFeasibleNodesToFind feasible nodes (every node below 100 nodes; from 100 nodes the
    adaptive percentage of them, at least 100) and the next search starts where this one
    stopped (nextStartNodeIndex); prioritizeNodes scores the feasible nodes and selectHost
    takes one of the highest scores (at random among equal ones).

    @req:platform-SCHED-R09 @clause:platform-SCHED-R09/best-score
    Scenario: A search that starts mid-list and wraps round still places the pod on a best-scoring node
      101 nodes: the search stops after 100 feasible ones. A pod bound to n-97 makes it the
      only busier node (NodeResourcesFit LeastAllocated scores it lower; every other score
      plugin ties). A first pod is placed and deleted again, so the search for the second pod
      starts at the 101st node in name order and wraps round to the first ones; n-97 is then
      the last node evaluated, and still not chosen.
      Given 101 nodes "n-" with cpu "8", memory "32Gi", pods "110"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: pinned}
        spec:
          nodeName: n-97
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: "4", memory: 16Gi}}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: first}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: "1", memory: 4Gi}}}
        """
      Then the Pod "first" is scheduled
      When I delete the Pod "first"
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: second}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: "1", memory: 4Gi}}}
        """
      Then the Pod "second" is scheduled
      And the Pods "pinned" and "second" have different "spec.nodeName"

  @component:scheduler @gate:DRADeviceBindingConditions
  Rule: kube-scheduler names the chosen node while PreBind works (KEP-5278)
    With NominatedNodeNameForExpectation (beta and on from 1.35) the binding cycle writes the
    chosen node to the pod's status.nominatedNodeName before PreBind whenever a PreBind plugin
    has work to do, so that a cluster autoscaler sees where the pod is going; DynamicResources
    has work for every pod with a claim (its PreBindPreFlight). With
    ClearingNominatedNodeNameAfterBinding (beta and on from 1.35) the API server's pods/binding
    clears the field, and a failed binding cycle clears it too (k/k
    pkg/scheduler/schedule_one.go bindingCycle and handleBindingCycleError with
    clearNominatedNode; pkg/scheduler/framework/plugins/dynamicresources PreBindPreFlight;
    pkg/registry/core/pod/storage/storage.go setPodNodeAndMetadata). A device with binding
    conditions (KEP-5007) makes PreBind wait, so the nomination can be seen.

    Background:
      Given the feature gate DRADeviceBindingConditions is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: fabric.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "fabric.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: fabric-gpus}
        spec:
          driver: fabric.example.com
          nodeName: node-1
          pool: {name: fabric, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
            bindsToNode: true
            bindingConditions: [example.com/attached]
            bindingFailureConditions: [example.com/attach-failed]
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: fabric.example.com}
        """
      Then the request succeeds

    # since 1.35: NominatedNodeNameForExpectation and ClearingNominatedNodeNameAfterBinding are beta and on from 1.35
    @req:platform-SCHED-R06 @clause:platform-SCHED-R06/nominated-while-prebind-works @clause:platform-SCHED-R06/cleared-at-binding @since:1.35
    Scenario: A pod waiting in PreBind names its node in status.nominatedNodeName until it is bound
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then there is a Normal event "BindingConditionsPending" for Pod "p" starting with "waiting for binding conditions for device on node node-1"
      And the Pod "p" has "status.nominatedNodeName" equal to node-1
      And the Pod "p" has no "spec.nodeName"
      When I patch the ResourceClaim "gpu" status with:
        """
        status:
          devices:
          - driver: fabric.example.com
            pool: fabric
            device: gpu-0
            conditions:
            - {type: example.com/attached, status: "True", reason: Attached, message: attached over the fabric, lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      Then the Pod "p" is scheduled to "node-1"
      And the Pod "p" has no "status.nominatedNodeName"

    @req:platform-SCHED-R04 @clause:platform-SCHED-R04/assumed-pod-counts
    Scenario: A pod waiting in PreBind holds its cpu on the node, so a pod scheduled meanwhile does not get it
      schedule_one.go schedulingCycle assumes the pod on the chosen node before Reserve and
      the binding cycle; the scheduler cache counts an assumed pod's requests on that node
      until it is bound (or forgotten after a failure). While "p" waits for its device's
      binding condition, "q", which would need the cpu "p" holds, is not placed on the node.
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: "6"}, claims: [{name: gpu}]}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then there is a Normal event "BindingConditionsPending" for Pod "p" starting with "waiting for binding conditions for device on node node-1"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: q}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: "4"}}
        """
      Then the Pod "q" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient cpu."

    # since 1.35: NominatedNodeNameForExpectation and ClearingNominatedNodeNameAfterBinding are beta and on from 1.35
    @req:platform-SCHED-R06 @clause:platform-SCHED-R06/refused-nomination @since:1.35
    Scenario: A nomination the API server refuses does not stop the binding cycle
      schedule_one.go bindingCycle: a failed write of the nomination is logged ("Failed to
      update the nominated node name in the binding cycle") and the cycle goes on, "not
      critical enough to stop binding cycles". A policy refuses every pod status write that
      names a node; the pod waits in PreBind without a nomination and is bound once its
      device is attached.
      Given the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-nominations}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [UPDATE], resources: [pods/status]}
          validations:
          - expression: "!has(object.status.nominatedNodeName)"
            message: nominations are not written here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-nominations}
        spec:
          policyName: no-nominations
          validationActions: [Deny]
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then there is a Normal event "BindingConditionsPending" for Pod "p" starting with "waiting for binding conditions for device on node node-1"
      And the Pod "p" has no "status.nominatedNodeName"
      When I patch the ResourceClaim "gpu" status with:
        """
        status:
          devices:
          - driver: fabric.example.com
            pool: fabric
            device: gpu-0
            conditions:
            - {type: example.com/attached, status: "True", reason: Attached, message: attached over the fabric, lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      Then the Pod "p" is scheduled to "node-1"

    # since 1.35: NominatedNodeNameForExpectation and ClearingNominatedNodeNameAfterBinding are beta and on from 1.35
    @req:platform-SCHED-R06 @clause:platform-SCHED-R06/cleared-on-failure @since:1.35
    Scenario: A failed PreBind takes the nomination back
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "p" has "status.nominatedNodeName" equal to node-1
      When I patch the ResourceClaim "gpu" status with:
        """
        status:
          devices:
          - driver: fabric.example.com
            pool: fabric
            device: gpu-0
            conditions:
            - {type: example.com/attach-failed, status: "True", reason: AttachFailed, message: port down, lastTransitionTime: "2026-01-01T00:00:00Z"}
        """
      Then the Pod "p" stays pending with reason "SchedulerError" and a message starting with "running PreBind plugin "DynamicResources": claim gpu binding failed: reason=AttachFailed"
      And the Pod "p" has no "status.nominatedNodeName"

    # since 1.35: NominatedNodeNameForExpectation and ClearingNominatedNodeNameAfterBinding are beta and on from 1.35
    @req:platform-SCHED-R06 @clause:platform-SCHED-R06/only-when-prebind-works @since:1.35
    Scenario: With an API server that keeps nominations, only the pod PreBind worked for still has one
      Without ClearingNominatedNodeNameAfterBinding the API server leaves the field after
      binding (the behaviour before KEP-5278), which shows which pods the scheduler
      nominated: the pod with a claim (PreBind writes its allocation), not the pod without.
      Given the API server runs with the feature gate ClearingNominatedNodeNameAfterBinding disabled
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "gpu.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-1-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-1
          pool: {name: node-1, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: plain-gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly: {deviceClassName: gpu.example.com}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: with-claim}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: plain-gpu}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: without-claim}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "with-claim" is scheduled to "node-1"
      And the Pod "with-claim" has "status.nominatedNodeName" equal to node-1
      And the Pod "without-claim" is scheduled to "node-1"
      And the Pod "without-claim" has no "status.nominatedNodeName"

    @req:platform-SCHED-R06 @clause:platform-SCHED-R06/gated
    Scenario: A scheduler without NominatedNodeNameForExpectation nominates no node while PreBind waits
      Given the scheduler runs with the feature gate NominatedNodeNameForExpectation disabled
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then there is a Normal event "BindingConditionsPending" for Pod "p" starting with "waiting for binding conditions for device on node node-1"
      And the Pod "p" has no "status.nominatedNodeName"

    # until 1.34: at 1.35 both gates turn on by default
    @req:platform-SCHED-R06 @clause:platform-SCHED-R06/gated @until:1.34
    Scenario: At 1.34, where both gates are alpha and off, a pod waiting in PreBind has no nomination
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then there is a Normal event "BindingConditionsPending" for Pod "p" starting with "waiting for binding conditions for device on node node-1"
      And the Pod "p" has no "status.nominatedNodeName"

  @component:scheduler @needs:reference-internals
  Rule: Another client writes a claim while the scheduler's PreBind writes it

    The races are armed inside the reference's API server ("another client ... just before
    the next write to it", steps/interleave_steps.py): the change lands between the
    scheduler's read of the claim and its write. A live cluster gives no such hook.

    @req:platform-SCHED-R03 @clause:platform-SCHED-R03/prebind-deleted-meanwhile
    Scenario: A claim deleted while PreBind writes it ends the cycle with "got deleted in the meantime"
      dynamicresources.go bindClaim (1.34-1.37) runs in retry.RetryOnConflict: the finalizer
      update conflicts with the delete, the claim read afresh has a deletionTimestamp (a
      finalizer of the user's keeps it), and the cycle ends in 'claim <ns>/<name> got deleted
      in the meantime' without an allocation. The pod's next attempt stops in PreEnqueue
      ('resourceclaim "gpu" is being deleted'), so its condition keeps the PreBind error.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a ResourceSlice "node-1-gpus" of driver "gpu.example.com" on node "node-1" with 1 devices named "gpu-"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "gpu.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu, finalizers: [example.com/keep]}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      When another client deletes the ResourceClaim "gpu" just before the next write to it
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "trainer" stays pending with reason "SchedulerError" and a message starting with "running PreBind plugin "DynamicResources": claim default/gpu got deleted in the meantime"
      And every interleaved write happened
      And the ResourceClaim "gpu" has no "status.allocation"
      And the ResourceClaim "gpu" has "metadata.finalizers" equal to ["example.com/keep"]
      When 2 seconds pass
      Then the Pod "trainer" stays pending with reason "SchedulerError" and a message starting with "running PreBind plugin "DynamicResources": claim default/gpu got deleted in the meantime"
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="error"} is 1

    @req:platform-CTRL-R02 @clause:platform-CTRL-R02/reserves-for-bound-pod @needs:logical-clock
    Scenario: A reservation the API server refuses for a pod on a node is retried until it is allowed
      k/k pkg/controller/resourceclaim/controller.go syncPod reserves an allocated claim for a
      pod that is already on a node with an update of the claim's status; refused (here by a
      ValidatingAdmissionPolicy on resourceclaims/status), syncPod returns "reserve claim
      <name> for pod: ..." and the work queue retries the pod with backoff. Deleting the
      policy's binding changes no claim and no pod: only that retry reserves the claim. The
      kubelet, which watches no claim, starts the pod at its next sync (here a label).
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a ResourceSlice "node-1-gpus" of driver "gpu.example.com" on node "node-1" with 1 devices named "gpu-"
      When I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: 'device.driver == "gpu.example.com"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: held}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      And I patch the ResourceClaim "held" status with:
        """
        status:
          allocation:
            allocationTimestamp: "2026-01-01T00:00:00Z"
            devices:
              results:
              - {request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-0}
            nodeSelector:
              nodeSelectorTerms:
              - matchFields:
                - {key: metadata.name, operator: In, values: [node-1]}
        """
      And I apply:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-reservations}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: ["*"], operations: [UPDATE], resources: [resourceclaims/status]}
          validations:
          - expression: "!has(object.status.reservedFor)"
            message: reservations are made by hand here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-reservations}
        spec:
          policyName: no-reservations
          validationActions: [Deny]
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: placed}
        spec:
          nodeName: node-1
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: held}
        """
      Then the ResourceClaim "held" has no "status.reservedFor"
      When I delete the ValidatingAdmissionPolicyBinding "no-reservations"
      And 10 seconds pass
      Then the ResourceClaim "held" has "status.reservedFor[0].name" equal to placed
      When I patch the Pod "placed" with:
        """
        metadata:
          labels: {nudged: "yes"}
        """
      Then the Pod "placed" comes to have "status.phase" equal to Running

    @req:platform-SCHED-R03 @clause:platform-SCHED-R03/prebind-conflict-retried
    Scenario Outline: A claim another client changes while PreBind writes its <write> is read again and written
      bindClaim's conflict (the claim's resourceVersion moved) is retried with the claim read
      afresh (retry.RetryOnConflict, retry.DefaultRetry), so one change of someone else's
      costs no attempt: the pod is scheduled in its first cycle and the claim keeps the
      other client's label. With the finalizer already there (<finalizers>), the first write
      is the status update.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a ResourceSlice "node-1-gpus" of driver "gpu.example.com" on node "node-1" with 1 devices named "gpu-"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "gpu.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu, finalizers: <finalizers>}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      When another client labels the ResourceClaim "gpu" just before the next write to it
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "trainer" is scheduled to "node-1"
      And every interleaved write happened
      And the ResourceClaim "gpu" has "metadata.labels" equal to {"drakit.io/interleaved-write": "1"}
      And the ResourceClaim "gpu" has "status.reservedFor[0].name" equal to trainer
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="scheduled"} is 1
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="error"} is 0

      Examples:
        | write     | finalizers                                   |
        | finalizer | []                                           |
        | status    | ["resource.kubernetes.io/delete-protection"] |

    @req:platform-SCHED-R03 @clause:platform-SCHED-R03/prebind-conflicts-exhausted
    Scenario Outline: Five conflicts in a row end PreBind's claim write (<write>) with the last one
      retry.DefaultRetry allows five attempts; after the fifth conflict RetryOnConflict
      returns it, wrapped by the write that met it: '<what> claim default/gpu: Operation
      cannot be fulfilled on resourceclaims.resource.k8s.io "gpu": the object has been
      modified; please apply your changes to the latest version and try again'. The pod's
      next attempt, after its error backoff of 1 s, meets no other writer and is scheduled.
      Given a node "node-1" with cpu "8", memory "32Gi"
      And a ResourceSlice "node-1-gpus" of driver "gpu.example.com" on node "node-1" with 1 devices named "gpu-"
      And the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: gpu.example.com}
        spec:
          selectors:
          - cel: {expression: device.driver == "gpu.example.com"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: gpu, finalizers: <finalizers>}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      When another client labels the ResourceClaim "gpu" just before each of the next 5 writes to it
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "trainer" stays pending with reason "SchedulerError" and a message starting with "running PreBind plugin "DynamicResources": <what> claim default/gpu: Operation cannot be fulfilled on resourceclaims.resource.k8s.io "gpu": the object has been modified; please apply your changes to the latest version and try again"
      And every interleaved write happened
      And the ResourceClaim "gpu" has "metadata.labels" equal to {"drakit.io/interleaved-write": "5"}
      And the ResourceClaim "gpu" has no "status.allocation"
      When 1 second passes
      Then the Pod "trainer" is scheduled to "node-1"
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="error"} is 1

      Examples:
        | write     | finalizers                                   | what                              |
        | finalizer | []                                           | add finalizer to                  |
        | status    | ["resource.kubernetes.io/delete-protection"] | add allocation and reservation to |

  @component:kubelet @needs:reference-internals
  Rule: Another client writes a pod while the kubelet writes its status

    @req:platform-KUBELET-R03 @clause:platform-KUBELET-R03/uid-precondition-only
    Scenario Outline: A label that lands before the kubelet's status write does not stop it (<pod>)
      The status manager writes with statusutil.PatchPodStatus: a patch whose only
      precondition is the pod's UID, not its resourceVersion, so another client's label
      between the kubelet's read of the pod and its write changes nothing. The kubelet's first
      write is its status of a running pod, or the Failed status of a pod its admission
      rejects (rejectPod hands it to the status manager).
      Given a node "n1" with cpu "2", memory "4Gi"
      When another client labels the Pod "web" just before the next write to it
      And I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: web}
        spec:
          nodeName: n1
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {requests: {cpu: "<cpu>"}}}
        """
      Then every interleaved write happened
      And the Pod "web" has "metadata.labels" equal to {"drakit.io/interleaved-write": "1"}
      And the Pod "web" has "status" containing <status>

      Examples:
        | pod      | cpu | status                             |
        | running  | 1   | {phase: Running}                   |
        | rejected | 4   | {phase: Failed, reason: OutOfcpu} |

  @component:kubelet @needs:reference-internals
  Rule: drakit's kubelets run drakit's example drivers, and those a Node's annotation names
    Every drakit node runs the example drivers gpu.example.com and dra.example.com. drakit
    serve gives each scenario drivers of its own names: the cluster backend writes them into
    the Node's drakit.io/test-drivers annotation ("<driver>=<CDI class>", comma separated),
    and the kubelet that starts for the node registers each as an example driver naming its
    CDI devices "<driver>/<class>=<device>". It reads at most 32 entries and ignores an entry
    without a name, a class or the equals sign; a name the node already runs keeps its
    driver (a name longer than a driver name may be registers a driver no allocation can
    name). A real kubelet's drivers register over the
    plugin socket, so this is drakit's own harness: reference only.

    @req:platform-KUBELET-R04 @clause:platform-KUBELET-R04/annotated-drivers
    Scenario Outline: A Node's drakit.io/test-drivers annotation registers example drivers (<case>)
      Given the objects:
        """
        apiVersion: v1
        kind: Node
        metadata:
          name: n1
          annotations: {drakit.io/test-drivers: "<annotation>"}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: c}
        spec:
          devices:
            requests:
            - {name: r, exactly: {deviceClassName: any.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: p}
        spec:
          nodeName: n1
          resourceClaims: [{name: c, resourceClaimName: c}]
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: c}]}}
        """
      And the ResourceClaim "c" is allocated and reserved for the Pod "p":
        | request | driver   | pool | device |
        | r       | <driver> | n1   | d0     |
      Then <then>

      Examples:
        | case | annotation | driver | then |
        | one driver | fpga.example.com=fpga | fpga.example.com | the container "main" of the Pod "p" on node "n1" gets the CDI device "fpga.example.com/fpga=d0" |
        | the second of two, spaces around |  nic.example.com=nic , fpga.example.com=fpga  | fpga.example.com | the container "main" of the Pod "p" on node "n1" gets the CDI device "fpga.example.com/fpga=d0" |
        | no CDI class | fpga.example.com= | fpga.example.com | there is a Warning event "FailedPrepareDynamicResources" for Pod "p" containing "DRA driver fpga.example.com is not registered" |
        | no name | =fpga | fpga.example.com | there is a Warning event "FailedPrepareDynamicResources" for Pod "p" containing "DRA driver fpga.example.com is not registered" |
        | no equals sign | fpga.example.com | fpga.example.com | there is a Warning event "FailedPrepareDynamicResources" for Pod "p" containing "DRA driver fpga.example.com is not registered" |
        | the 32nd entry | d0.example.com=c0,d1.example.com=c1,d2.example.com=c2,d3.example.com=c3,d4.example.com=c4,d5.example.com=c5,d6.example.com=c6,d7.example.com=c7,d8.example.com=c8,d9.example.com=c9,d10.example.com=c10,d11.example.com=c11,d12.example.com=c12,d13.example.com=c13,d14.example.com=c14,d15.example.com=c15,d16.example.com=c16,d17.example.com=c17,d18.example.com=c18,d19.example.com=c19,d20.example.com=c20,d21.example.com=c21,d22.example.com=c22,d23.example.com=c23,d24.example.com=c24,d25.example.com=c25,d26.example.com=c26,d27.example.com=c27,d28.example.com=c28,d29.example.com=c29,d30.example.com=c30,d31.example.com=c31 | d31.example.com | the container "main" of the Pod "p" on node "n1" gets the CDI device "d31.example.com/c31=d0" |
        | a 33rd entry | d0.example.com=c0,d1.example.com=c1,d2.example.com=c2,d3.example.com=c3,d4.example.com=c4,d5.example.com=c5,d6.example.com=c6,d7.example.com=c7,d8.example.com=c8,d9.example.com=c9,d10.example.com=c10,d11.example.com=c11,d12.example.com=c12,d13.example.com=c13,d14.example.com=c14,d15.example.com=c15,d16.example.com=c16,d17.example.com=c17,d18.example.com=c18,d19.example.com=c19,d20.example.com=c20,d21.example.com=c21,d22.example.com=c22,d23.example.com=c23,d24.example.com=c24,d25.example.com=c25,d26.example.com=c26,d27.example.com=c27,d28.example.com=c28,d29.example.com=c29,d30.example.com=c30,d31.example.com=c31,fpga.example.com=fpga | fpga.example.com | there is a Warning event "FailedPrepareDynamicResources" for Pod "p" containing "DRA driver fpga.example.com is not registered" |
        | a default driver stays | gpu.example.com=other | gpu.example.com | the container "main" of the Pod "p" on node "n1" gets the CDI device "gpu.example.com/gpu=d0" |
