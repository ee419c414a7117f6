@platform
Feature: Platform: objects as kube-apiserver decodes, stores and serialises them
  General API-server behaviour every KEP's scenarios rely on, pinned to the upstream sources:
  the JSON decoder of k8s.io/apimachinery (sigs.k8s.io/json: case-sensitive, strict with the
  fieldValidation=Strict that kubectl sends and both backends send), the error texts of
  k8s.io/apiserver's endpoint handlers (transformDecodeError in pkg/endpoints/handlers/rest.go),
  Go's encoding/json serialisation of the decoded k8s.io/api types, and the registry
  strategies of k/k pkg/registry.

  @component:apiserver
  Rule: Decoding request bodies

    @req:platform-R01
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

    @req:platform-R02
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

    @req:platform-R02
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

    @req:platform-R02
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

    @req:platform-R02
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

    @req:platform-R03
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

    @req:platform-R03
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
  Rule: Registry strategies

    @req:platform-R04
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
