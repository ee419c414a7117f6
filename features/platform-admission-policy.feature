@platform
Feature: ValidatingAdmissionPolicy: a user's policy refuses writes, a component's included
  admissionregistration.k8s.io/v1 ValidatingAdmissionPolicy and ValidatingAdmissionPolicyBinding
  (GA since 1.30, served and on at every release drakit emulates). kube-apiserver runs the
  ValidatingAdmissionPolicy plugin after the other validating plugins and before ResourceQuota
  (k/k pkg/kubeapiserver/options/plugins.go AllOrderedPlugins) for every create, update,
  status write and delete, whoever sends it: a policy refuses a controller's or the
  scheduler's own write exactly as a user's. The plugin follows k8s.io/apiserver
  pkg/admission/plugin/policy (generic/plugin.go, validating/dispatcher.go and validator.go,
  matching/matching.go) and webhook/predicates (rules, namespace, object); the denial is
  admission.NewForbidden's text with the validation's reason (Invalid, 422, when it names
  none) and one cause carrying the policy's message.

  @component:apiserver
  Rule: The policy machinery as a user meets it

    @req:platform-VAP-R01 @clause:platform-VAP-R01/deny
    Scenario: A denied create names the policy, the binding and the failed expression
      validator.go: a validation without message or messageExpression that is not true denies
      with "failed expression: <expression>"; dispatcher.go wraps it as "ValidatingAdmissionPolicy
      '<policy>' with binding '<binding>' denied request: ..." in admission.NewForbidden (the
      resource and the object's name), reason Invalid (422) and that text as the one cause.
      Given the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: named-claims}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [CREATE], resources: [resourceclaims]}
          validations:
          - expression: "object.metadata.name.startsWith('team-')"
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: named-claims}
        spec:
          policyName: named-claims
          validationActions: [Deny]
        """
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: scratch}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the request is rejected as Invalid (422)
      And the error message is "resourceclaims.resource.k8s.io "scratch" is forbidden: ValidatingAdmissionPolicy 'named-claims' with binding 'named-claims' denied request: failed expression: object.metadata.name.startsWith('team-')"
      And the ResourceClaim "scratch" does not exist
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: team-gpu}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the request succeeds

    @req:platform-VAP-R01 @clause:platform-VAP-R01/deny
    Scenario: A denied create of a name that is taken gets the policy's answer, not "already exists"
      k8s.io/apiserver registry Store.Create runs the create validation (the validating
      admission plugins) before the storage layer's create, which is what finds the key taken:
      a policy that refuses the object answers first.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: scratch}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: named-claims}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [CREATE], resources: [resourceclaims]}
          validations:
          - expression: "object.metadata.name.startsWith('team-')"
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: named-claims}
        spec:
          policyName: named-claims
          validationActions: [Deny]
        """
      When I create, as kubectl create does:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: scratch}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the request is rejected as Invalid (422)
      And the error message is "resourceclaims.resource.k8s.io "scratch" is forbidden: ValidatingAdmissionPolicy 'named-claims' with binding 'named-claims' denied request: failed expression: object.metadata.name.startsWith('team-')"

    @req:platform-VAP-R01 @clause:platform-VAP-R01/reason-message
    Scenario: A validation's message and reason make the answer Forbidden (403)
      validator.go: the static message (trimmed) replaces the default; dispatcher.go
      reasonToCode: reason Forbidden answers 403.
      Given the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-admin-classes}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: ["*"], operations: [CREATE, UPDATE], resources: [deviceclasses]}
          validations:
          - expression: "!has(object.metadata.labels) || !('tier' in object.metadata.labels) || object.metadata.labels['tier'] != 'admin'"
            message: "  admin classes are made by the platform team  "
            reason: Forbidden
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-admin-classes}
        spec:
          policyName: no-admin-classes
          validationActions: [Deny]
        """
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: DeviceClass
        metadata: {name: admin-gpus, labels: {tier: admin}}
        spec: {}
        """
      Then the request is rejected as Forbidden (403)
      And the error message is "deviceclasses.resource.k8s.io "admin-gpus" is forbidden: ValidatingAdmissionPolicy 'no-admin-classes' with binding 'no-admin-classes' denied request: admin classes are made by the platform team"

    @req:platform-VAP-R01 @clause:platform-VAP-R01/not-in-force
    Scenario: A binding to a missing policy, a false matchCondition and an Audit-only binding let the write through
      dispatcher.go evaluates only policies that exist and have bindings; validator.go: a
      matchCondition that is false skips the policy (webhook/matchconditions); a binding whose
      validationActions is Audit only writes an audit annotation, nothing the client sees.
      Given the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: dangling}
        spec:
          policyName: not-there
          validationActions: [Deny]
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: only-labelled}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: ["*"], resources: [resourceclaims]}
          matchConditions:
          - name: labelled
            expression: "has(object.metadata.labels) && 'locked' in object.metadata.labels"
          validations:
          - expression: "false"
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: only-labelled}
        spec:
          policyName: only-labelled
          validationActions: [Deny]
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: audited}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [CREATE], resources: [resourceclaims]}
          validations:
          - expression: "false"
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: audited}
        spec:
          policyName: audited
          validationActions: [Audit]
        """
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: free}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the request succeeds
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: locked, labels: {locked: "yes"}}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the request is rejected as Invalid (422)
      And the error message is "resourceclaims.resource.k8s.io "locked" is forbidden: ValidatingAdmissionPolicy 'only-labelled' with binding 'only-labelled' denied request: failed expression: false"

    @req:platform-VAP-R01 @clause:platform-VAP-R01/delete-rule
    Scenario: A DELETE rule sees the object being deleted as oldObject
      validator.go: on DELETE "object" is null and "oldObject" the stored object;
      request.operation is "DELETE". A messageExpression's string is the message.
      Given the objects:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: precious, labels: {keep: "true"}}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: keep-labelled}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [DELETE], resources: [resourceclaims]}
          validations:
          - expression: "!has(oldObject.metadata.labels) || !('keep' in oldObject.metadata.labels)"
            messageExpression: "'claim ' + oldObject.metadata.name + ' is kept (' + request.operation + ', object ' + (object == null ? 'null' : 'set') + ')'"
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: keep-labelled}
        spec:
          policyName: keep-labelled
          validationActions: [Deny]
        """
      When I delete the ResourceClaim "precious"
      Then the request is rejected as Invalid (422)
      And the error message is "resourceclaims.resource.k8s.io "precious" is forbidden: ValidatingAdmissionPolicy 'keep-labelled' with binding 'keep-labelled' denied request: claim precious is kept (DELETE, object null)"
      And the ResourceClaim "precious" exists

    @req:platform-VAP-R01 @clause:platform-VAP-R01/cost-limit
    Scenario: An expression that costs more than the per-call limit is an evaluation error: Fail refuses, Ignore admits
      k8s.io/apiserver cel/environment/base.go compiles every expression with
      cel.CostLimit(PerCallLimit), 1,000,000 (apis/cel/config.go): cel-go stops an evaluation
      whose actual cost passes it with "operation cancelled: actual cost limit exceeded", which
      plugin/cel activation.go words "expression '<e>' resulted in error: ..." and validator.go
      answers per failurePolicy (Fail: the denial's message; Ignore: admitted). The cost is
      the object's: four nested comprehensions over the 3 parts of a short annotation cost a
      few hundred, over 32 parts more than a million (32^4 iterations). The policy itself is
      accepted: no estimated-cost check at create (plugin/cel compile.go).
      Given the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: nested-items}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [CREATE], resources: [resourceclaims]}
          validations:
          - expression: "object.metadata.annotations['items'].split(',').all(a, object.metadata.annotations['items'].split(',').all(b, object.metadata.annotations['items'].split(',').all(c, object.metadata.annotations['items'].split(',').all(d, a + b + c + d != ''))))"
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: nested-items}
        spec:
          policyName: nested-items
          validationActions: [Deny]
        """
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: few
          annotations: {items: "x,x,x"}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the request succeeds
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: many
          annotations: {items: "x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x"}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the request is rejected as Invalid (422)
      And the error message is "resourceclaims.resource.k8s.io "many" is forbidden: ValidatingAdmissionPolicy 'nested-items' with binding 'nested-items' denied request: expression 'object.metadata.annotations['items'].split(',').all(a, object.metadata.annotations['items'].split(',').all(b, object.metadata.annotations['items'].split(',').all(c, object.metadata.annotations['items'].split(',').all(d, a + b + c + d != ''))))' resulted in error: operation cancelled: actual cost limit exceeded"
      And the ResourceClaim "many" does not exist
      When I set "spec.failurePolicy" of the ValidatingAdmissionPolicy "nested-items" to "Ignore"
      And I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: many
          annotations: {items: "x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x"}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the request succeeds
      And the ResourceClaim "many" exists

    @req:platform-VAP-R01 @clause:platform-VAP-R01/cost-budget
    Scenario: A policy's matchConditions share one cost budget: the third costly condition runs it out
      webhook/matchconditions matcher.go evaluates a policy's matchConditions with the budget
      RuntimeCELCostBudgetMatchConditions, 2,500,000 (apis/cel/config.go); plugin/cel
      activation.go charges each evaluation its actual cost, a cancelled one included (just
      over 1,000,000), and stops the filter once an evaluation costs more than is left:
      "validation failed due to running out of cost budget, no further validation rules will
      be run", with the policy's failurePolicy (Fail: the denial; Ignore: the policy does not
      apply, so its validation that always fails is not run).
      Given the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: costly-conditions}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [CREATE], resources: [resourceclaims]}
          matchConditions:
          - name: first
            expression: "object.metadata.annotations['items'].split(',').all(a, object.metadata.annotations['items'].split(',').all(b, object.metadata.annotations['items'].split(',').all(c, object.metadata.annotations['items'].split(',').all(d, a + b + c + d != ''))))"
          - name: second
            expression: "object.metadata.annotations['items'].split(',').all(a, object.metadata.annotations['items'].split(',').all(b, object.metadata.annotations['items'].split(',').all(c, object.metadata.annotations['items'].split(',').all(d, a + b + c + d != ''))))"
          - name: third
            expression: "object.metadata.annotations['items'].split(',').all(a, object.metadata.annotations['items'].split(',').all(b, object.metadata.annotations['items'].split(',').all(c, object.metadata.annotations['items'].split(',').all(d, a + b + c + d != ''))))"
          validations:
          - expression: "false"
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: costly-conditions}
        spec:
          policyName: costly-conditions
          validationActions: [Deny]
        """
      When I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: many
          annotations: {items: "x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x"}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the request is rejected as Invalid (422)
      And the error message is "resourceclaims.resource.k8s.io "many" is forbidden: ValidatingAdmissionPolicy 'costly-conditions' with binding 'costly-conditions' denied request: validation failed due to running out of cost budget, no further validation rules will be run"
      When I set "spec.failurePolicy" of the ValidatingAdmissionPolicy "costly-conditions" to "Ignore"
      And I create:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata:
          name: many
          annotations: {items: "x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x"}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        """
      Then the request succeeds

    @req:platform-VAP-R01 @clause:platform-VAP-R01/policy-validation
    Scenario: A policy and a binding that cannot work are refused with upstream's causes
      pkg/apis/admissionregistration/validation/validation.go: failurePolicy's values, a
      validation expression that is not bool ("must evaluate to bool", also beside a good
      messageExpression), a messageExpression that is not a string
      (validateMessageExpression: plugin/cel compile.go CompileCELExpression checks
      MessageExpressionCondition's return type, string), the
      validationActions rules (Deny and Warn together, duplicates, at least one).
      When I create:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: broken}
        spec:
          failurePolicy: Sometimes
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [pods]}
          validations:
          - expression: "object.metadata.name"
          - {expression: "true", messageExpression: "1 + 1"}
          - {expression: "'yes'", messageExpression: "'why: ' + object.metadata.name"}
        """
      Then the request is rejected with exactly these causes:
        | field                                 | reason                 | message |
        | spec.failurePolicy                    | FieldValueNotSupported | Unsupported value: "Sometimes": supported values: "Fail", "Ignore" |
        | spec.validations[0].expression        | FieldValueInvalid      | Invalid value: "object.metadata.name": must evaluate to bool |
        | spec.validations[1].messageExpression | FieldValueInvalid      | Invalid value: "1 + 1": must evaluate to string |
        | spec.validations[2].expression        | FieldValueInvalid      | Invalid value: "'yes'": must evaluate to bool |
      When I create:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: loud}
        spec:
          policyName: broken
          validationActions: [Deny, Warn, Deny]
        """
      Then the request is rejected with exactly these causes:
        | field                     | reason              | message |
        | spec.validationActions[2] | FieldValueDuplicate | Duplicate value: "Deny" |
        | spec.validationActions    | FieldValueInvalid   | Invalid value: ["Deny","Warn","Deny"]: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose) |

    @req:platform-VAP-R01 @clause:platform-VAP-R01/policy-validation
    Scenario: An update of a policy or a binding is checked as a create is
      ValidateValidatingAdmissionPolicyUpdate and ValidateValidatingAdmissionPolicyBindingUpdate
      run the create's spec validation on the new object, so a policy or a binding cannot be
      broken by an update either; the stored objects stay as they were.
      Given the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: guard}
        spec:
          failurePolicy: Fail
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [configmaps]}
          validations:
          - expression: "true"
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: guard}
        spec:
          policyName: guard
          validationActions: [Deny]
        """
      When I set "spec.failurePolicy" of the ValidatingAdmissionPolicy "guard" to Sometimes
      Then the outcome is "spec.failurePolicy: Unsupported value: "Sometimes": supported values: "Fail", "Ignore""
      And the ValidatingAdmissionPolicy "guard" has "spec.failurePolicy" equal to Fail
      When I set "spec.validationActions" of the ValidatingAdmissionPolicyBinding "guard" to [Deny, Deny]
      Then the outcome is "spec.validationActions[1]: Duplicate value: "Deny""
      And the ValidatingAdmissionPolicyBinding "guard" has "spec.validationActions" equal to [Deny]

    @req:platform-VAP-R01 @clause:platform-VAP-R01/policy-rules
    Scenario: A policy's match rules are refused as validateNamedRuleWithOperations words them
      pkg/apis/admissionregistration/validation/validation.go validateMatchResources (matchPolicy
      NotSupported), validateNamedRuleWithOperations (resourceNames as path segments and no
      duplicates, then validateRuleWithOperations: operations Required, '*' alone, supported
      values; then validateRule: apiGroups and apiVersions Required, '*' alone, no empty
      version; validateResources with subresources allowed; scope NotSupported), for
      resourceRules and excludeResourceRules alike.
      When I create:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: bad-rules}
        spec:
          matchConstraints:
            matchPolicy: Sometimes
            namespaceSelector:
              matchExpressions:
              - {key: env, operator: In}
            objectSelector:
              matchExpressions:
              - {key: env, operator: Exists, values: [prod]}
            resourceRules:
            - apiGroups: []
              apiVersions: ["*", v1]
              operations: ["*", CREATE]
              resources: ["*", pods]
              resourceNames: [a/b, "..", "50%", a/b]
              scope: Somewhere
            - apiGroups: ["", "*"]
              apiVersions: [v1, ""]
              operations: [PATCH]
              resources: ["pods/*", pods/status, "*/scale", deployments/scale, ""]
            excludeResourceRules:
            - {apiGroups: ["*"], apiVersions: [], operations: [], resources: []}
            - {apiGroups: ["*"], apiVersions: ["*"], operations: ["*"], resources: ["*/*", pods]}
          validations:
          - expression: "true"
        """
      Then the request is rejected with exactly these causes:
        | field                                                 | reason                 | message |
        | spec.matchConstraints.matchPolicy                     | FieldValueNotSupported | Unsupported value: "Sometimes": supported values: "Equivalent", "Exact" |
        | spec.matchConstraints.namespaceSelector.matchExpressions[0].values | FieldValueRequired | Required value: must be specified when `operator` is 'In' or 'NotIn' |
        | spec.matchConstraints.objectSelector.matchExpressions[0].values    | FieldValueForbidden | Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist' |
        | spec.matchConstraints.resourceRules[0].resourceNames[0] | FieldValueInvalid    | Invalid value: "a/b": may not contain '/' |
        | spec.matchConstraints.resourceRules[0].resourceNames[1] | FieldValueInvalid    | Invalid value: "..": may not be '..' |
        | spec.matchConstraints.resourceRules[0].resourceNames[2] | FieldValueInvalid    | Invalid value: "50%": may not contain '%' |
        | spec.matchConstraints.resourceRules[0].resourceNames[3] | FieldValueInvalid    | Invalid value: "a/b": may not contain '/' |
        | spec.matchConstraints.resourceRules[0].resourceNames[3] | FieldValueDuplicate  | Duplicate value: "a/b" |
        | spec.matchConstraints.resourceRules[0].operations     | FieldValueInvalid      | Invalid value: ["*","CREATE"]: if '*' is present, must not specify other operations |
        | spec.matchConstraints.resourceRules[0].apiGroups      | FieldValueRequired     | Required value |
        | spec.matchConstraints.resourceRules[0].apiVersions    | FieldValueInvalid      | Invalid value: ["*","v1"]: if '*' is present, must not specify other API versions |
        | spec.matchConstraints.resourceRules[0].resources      | FieldValueInvalid      | Invalid value: ["*","pods"]: if '*' is present, must not specify other resources without subresources |
        | spec.matchConstraints.resourceRules[0].scope          | FieldValueNotSupported | Unsupported value: "Somewhere": supported values: "*", "Cluster", "Namespaced" |
        | spec.matchConstraints.resourceRules[1].operations[0]  | FieldValueNotSupported | Unsupported value: "PATCH": supported values: "*", "CONNECT", "CREATE", "DELETE", "UPDATE" |
        | spec.matchConstraints.resourceRules[1].apiGroups      | FieldValueInvalid      | Invalid value: ["","*"]: if '*' is present, must not specify other API groups |
        | spec.matchConstraints.resourceRules[1].apiVersions[1] | FieldValueRequired     | Required value |
        | spec.matchConstraints.resourceRules[1].resources[1]   | FieldValueInvalid      | Invalid value: "pods/status": if 'pods/*' is present, must not specify pods/status |
        | spec.matchConstraints.resourceRules[1].resources[3]   | FieldValueInvalid      | Invalid value: "deployments/scale": if '*/scale' is present, must not specify deployments/scale |
        | spec.matchConstraints.resourceRules[1].resources[4]   | FieldValueRequired     | Required value |
        | spec.matchConstraints.excludeResourceRules[0].operations  | FieldValueRequired | Required value |
        | spec.matchConstraints.excludeResourceRules[0].apiVersions | FieldValueRequired | Required value |
        | spec.matchConstraints.excludeResourceRules[0].resources   | FieldValueRequired | Required value |
        | spec.matchConstraints.excludeResourceRules[1].resources   | FieldValueInvalid  | Invalid value: ["*/*","pods"]: if '*/*' is present, must not specify other resources |

    @req:platform-VAP-R01 @clause:platform-VAP-R01/policy-expressions
    Scenario: A policy's matchConditions and validations are refused as validateMatchCondition and validateValidation word them
      validation.go validateValidatingAdmissionPolicySpec: matchConstraints Required and its
      resourceRules Required ("at least one resourceRule must be defined to provide type
      information"), validations or auditAnnotations Required at both paths (a null spec is
      the empty struct, failurePolicy defaulted);
      validateMatchConditions: a blank expression Required, a name Required, a qualified name,
      unique; validateValidation: expression "expression is not specified", a blank
      messageExpression or message "non-empty if specified", a message without line breaks,
      and reason one of supportedValidationPolicyReason (Forbidden, Invalid,
      RequestEntityTooLarge: Unauthorized, which the API documentation lists, is refused).
      When I create:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: bad-expressions}
        spec:
          matchConstraints:
            resourceRules: []
          matchConditions:
          - {name: "", expression: "true"}
          - {name: "bad name!", expression: "   "}
          - {name: twice, expression: "true"}
          - {name: twice, expression: "true"}
          validations:
          - {expression: "  ", messageExpression: "   ", message: "   "}
          - {expression: "true", message: "first line\nsecond line", reason: Unauthorized}
        """
      Then the request is rejected with exactly these causes:
        | field                                | reason                 | message |
        | spec.matchConstraints.resourceRules  | FieldValueRequired     | Required value |
        | spec.matchConditions[0].name         | FieldValueRequired     | Required value |
        | spec.matchConditions[1].expression   | FieldValueRequired     | Required value |
        | spec.matchConditions[1].name         | FieldValueInvalid      | Invalid value: "bad name!": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') |
        | spec.matchConditions[3].name         | FieldValueDuplicate    | Duplicate value: "twice" |
        | spec.validations[0].expression       | FieldValueRequired     | Required value: expression is not specified |
        | spec.validations[0].messageExpression | FieldValueInvalid     | Invalid value: "   ": must be non-empty if specified |
        | spec.validations[0].message          | FieldValueInvalid      | Invalid value: "   ": message must be non-empty if specified |
        | spec.validations[1].message          | FieldValueInvalid      | Invalid value: "first line\\nsecond line": message must not contain line breaks |
        | spec.validations[1].reason           | FieldValueNotSupported | Unsupported value: "Unauthorized": supported values: "Forbidden", "Invalid", "RequestEntityTooLarge" |
      When I create:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: empty-policy}
        spec: null
        """
      Then the request is rejected with exactly these causes:
        | field                 | reason             | message |
        | spec.matchConstraints | FieldValueRequired | Required value |
        | spec.validations      | FieldValueRequired | Required value: validations or auditAnnotations must contain at least one item |
        | spec.auditAnnotations | FieldValueRequired | Required value: validations or auditAnnotations must contain at least one item |

    @req:platform-VAP-R01 @clause:platform-VAP-R01/policy-expressions
    Scenario Outline: A policy holds at most 64 matchConditions
      validation.go validateMatchConditions: field.TooMany(matchConditions, len, 64).
      Given a ValidatingAdmissionPolicy manifest:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: many-conditions}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [example.com], apiVersions: [v1], operations: [CREATE], resources: [widgets]}
          matchConditions:
          - {name: c, expression: "true"}
          validations:
          - expression: "true"
        """
      And the list "spec.matchConditions" is filled to <n> items from its first item with a unique "name"
      When I create the manifest
      Then the outcome is "<outcome>"

      Examples:
        | n  | outcome |
        | 64 | accepted |
        | 65 | spec.matchConditions: Too many: 65: must have at most 64 items |

    @req:platform-VAP-R01 @clause:platform-VAP-R01/binding-validation
    Scenario: A binding's policyName, paramRef and validationActions are refused as validateValidatingAdmissionPolicyBindingSpec words them
      validation.go: policyName Required; validateParamRef: name a path segment, name and
      selector mutually exclusive (Forbidden at both), one of them Required,
      parameterNotFoundAction Required when empty (v1 defaults.go SetDefaults_ParamRef fills
      Deny only when it is absent) and Deny or Allow; validateValidationActions: supported
      values, at least one; matchResources as a policy's matchConstraints, at
      spec.matchResources (older releases misspelt the path "matchResouces"; the v1 one does not).
      When I create:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: bad-binding}
        spec:
          paramRef:
            name: a/b
            selector: {matchLabels: {tier: gold}}
            parameterNotFoundAction: Skip
          validationActions: [Block]
        """
      Then the request is rejected with exactly these causes:
        | field                                  | reason                 | message |
        | spec.policyName                        | FieldValueRequired     | Required value |
        | spec.paramRef.name                     | FieldValueInvalid      | Invalid value: "a/b": may not contain '/' |
        | spec.paramRef.name                     | FieldValueForbidden    | Forbidden: name and selector are mutually exclusive |
        | spec.paramRef.selector                 | FieldValueForbidden    | Forbidden: name and selector are mutually exclusive |
        | spec.paramRef.parameterNotFoundAction  | FieldValueNotSupported | Unsupported value: "Skip": supported values: "Deny", "Allow" |
        | spec.validationActions[0]              | FieldValueNotSupported | Unsupported value: "Block": supported values: "Audit", "Deny", "Warn" |
      When I create:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: empty-binding}
        spec: null
        """
      Then the request is rejected with exactly these causes:
        | field                  | reason             | message |
        | spec.policyName        | FieldValueRequired | Required value |
        | spec.validationActions | FieldValueRequired | Required value: at least one validation action is required |
      When I create:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-action}
        spec:
          policyName: some-policy
          paramRef: {name: settings}
          validationActions: []
        """
      Then the request is rejected with exactly these causes:
        | field                  | reason             | message |
        | spec.validationActions | FieldValueRequired | Required value: at least one validation action is required |
      When I create:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: odd-policy-name}
        spec:
          policyName: Some_Policy
          validationActions: [Deny]
        """
      Then the request is rejected with exactly these causes:
        | field           | reason            | message |
        | spec.policyName | FieldValueInvalid | Invalid value: "Some_Policy": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*') |
      When I create:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: empty-param-ref}
        spec:
          policyName: some-policy
          paramRef: {parameterNotFoundAction: ""}
          validationActions: [Audit]
        """
      Then the request is rejected with exactly these causes:
        | field                                 | reason             | message |
        | spec.paramRef                         | FieldValueRequired | Required value: one of name or selector must be specified |
        | spec.paramRef.parameterNotFoundAction | FieldValueRequired | Required value |
      When I create:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: allow-missing}
        spec:
          policyName: some-policy
          paramRef: {name: settings, parameterNotFoundAction: Allow}
          validationActions: [Deny]
        """
      Then the request succeeds
      And the ValidatingAdmissionPolicyBinding "allow-missing" has "spec.paramRef.parameterNotFoundAction" equal to Allow
      When I create:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: odd-match}
        spec:
          policyName: some-policy
          matchResources: {matchPolicy: Sometimes}
          validationActions: [Deny]
        """
      Then the request is rejected with exactly these causes:
        | field                            | reason                 | message |
        | spec.matchResources.matchPolicy  | FieldValueNotSupported | Unsupported value: "Sometimes": supported values: "Equivalent", "Exact" |

    @req:platform-VAP-R01 @clause:platform-VAP-R01/defaults-generation
    Scenario: A policy and a binding are defaulted and count their spec changes in metadata.generation
      v1 defaults.go: failurePolicy Fail, matchPolicy Equivalent, a rule's scope "*" (included
      and excluded rules, the policy's and the binding's: zz_generated.defaults.go), on every
      write (an update that clears failurePolicy gets Fail again, as the decoder defaults
      it); pkg/registry/admissionregistration/validatingadmissionpolicy/strategy.go and
      validatingadmissionpolicybinding/strategy.go: PrepareForCreate sets generation 1,
      PrepareForUpdate adds one when the spec changed (apiequality.Semantic.DeepEqual), not
      for a label. A write to the policy's status subresource keeps the stored spec and labels
      (the status strategy's PrepareForUpdate: Spec from the old object,
      ResetObjectMetaForStatus), so it changes no generation either. The policy matches a
      resource no scenario writes and the binding only audits.
      Given the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: widgets}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [example.com], apiVersions: [v1], operations: [CREATE], resources: [widgets]}
            excludeResourceRules:
            - {apiGroups: [example.com], apiVersions: [v1], operations: [CREATE], resources: [widgets], resourceNames: [spare]}
          validations:
          - expression: "true"
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: widgets}
        spec:
          policyName: widgets
          validationActions: [Audit]
          matchResources:
            excludeResourceRules:
            - {apiGroups: [example.com], apiVersions: [v1], operations: [CREATE], resources: [widgets], resourceNames: [old]}
        """
      Then the ValidatingAdmissionPolicy "widgets" has "spec.failurePolicy" equal to "Fail"
      And the ValidatingAdmissionPolicy "widgets" has "spec.matchConstraints.matchPolicy" equal to "Equivalent"
      And the ValidatingAdmissionPolicy "widgets" has "spec.matchConstraints.resourceRules[0].scope" equal to "*"
      And the ValidatingAdmissionPolicy "widgets" has "spec.matchConstraints.excludeResourceRules[0].scope" equal to "*"
      And the ValidatingAdmissionPolicyBinding "widgets" has "spec.matchResources.matchPolicy" equal to "Equivalent"
      And the ValidatingAdmissionPolicyBinding "widgets" has "spec.matchResources.excludeResourceRules[0].scope" equal to "*"
      And the ValidatingAdmissionPolicy "widgets" has "metadata.generation" equal to 1
      And the ValidatingAdmissionPolicyBinding "widgets" has "metadata.generation" equal to 1
      When I set "metadata.labels.team" of the ValidatingAdmissionPolicy "widgets" to "gpu"
      Then the request succeeds
      And the ValidatingAdmissionPolicy "widgets" has "metadata.generation" equal to 1
      When I set "spec.failurePolicy" of the ValidatingAdmissionPolicy "widgets" to "Ignore"
      Then the request succeeds
      And the ValidatingAdmissionPolicy "widgets" has "metadata.generation" equal to 2
      When I set "spec.failurePolicy" of the ValidatingAdmissionPolicy "widgets" to null
      Then the request succeeds
      And the ValidatingAdmissionPolicy "widgets" has "spec.failurePolicy" equal to "Fail"
      And the ValidatingAdmissionPolicy "widgets" has "metadata.generation" equal to 3
      When I set "spec.failurePolicy" of the ValidatingAdmissionPolicy "widgets" in a status write to "Ignore"
      Then the request succeeds
      And the ValidatingAdmissionPolicy "widgets" has "spec.failurePolicy" equal to "Fail"
      And the ValidatingAdmissionPolicy "widgets" has "metadata.generation" equal to 3
      When I set "metadata.labels.team" of the ValidatingAdmissionPolicy "widgets" in a status write to "cpu"
      Then the request succeeds
      And the ValidatingAdmissionPolicy "widgets" has "metadata.labels.team" equal to "gpu"
      When I set "metadata.labels.team" of the ValidatingAdmissionPolicyBinding "widgets" to "gpu"
      Then the request succeeds
      And the ValidatingAdmissionPolicyBinding "widgets" has "metadata.generation" equal to 1
      When I set "spec.validationActions" of the ValidatingAdmissionPolicyBinding "widgets" to ["Audit", "Warn"]
      Then the request succeeds
      And the ValidatingAdmissionPolicyBinding "widgets" has "metadata.generation" equal to 2

  @component:controller-manager
  Rule: A component whose write a policy refuses

    @req:platform-VAP-R02 @clause:platform-VAP-R02/namespace-content
    Scenario: The namespace controller cannot delete a claim: the namespace stays Terminating and says why
      namespaced_resources_deleter.go deleteAllContentForGroupVersionResource deletes each
      resource with DeleteCollection; the store's DeleteCollection runs admission for every
      item with the collection request's attributes, which carry no name, so
      admission.NewForbidden names the object "Unknown". The error ends the resource's pass
      before anything is counted as remaining, and status_condition_utils.go reports it in
      NamespaceDeletionContentFailure ("Failed to delete all resource types, 1 remaining: ...").
      The controller retries; once the binding is gone the claim, then the namespace, go.
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: team}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: kept, namespace: team}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: keep-claims}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [DELETE], resources: [resourceclaims]}
          validations:
          - expression: "request.operation != 'DELETE'"
            message: claims stay
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: keep-claims}
        spec:
          policyName: keep-claims
          validationActions: [Deny]
        """
      When I delete the Namespace "team"
      Then the Namespace "team" comes to contain:
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
            message: "Failed to delete all resource types, 1 remaining: resourceclaims.resource.k8s.io \"Unknown\" is forbidden: ValidatingAdmissionPolicy 'keep-claims' with binding 'keep-claims' denied request: claims stay"
          - type: NamespaceContentRemaining
            status: "False"
            reason: ContentRemoved
            message: All content successfully removed
          - type: NamespaceFinalizersRemaining
            status: "False"
            reason: ContentRemoved
            message: All content successfully removed
        """
      When I delete the ValidatingAdmissionPolicyBinding "keep-claims"
      And 2 seconds pass
      Then the Namespace "team" is gone

    @req:platform-VAP-R02 @clause:platform-VAP-R02/namespace-content
    Scenario: Two resource types the namespace controller cannot delete are both named in one condition, sorted
      makeDeleteContentCondition (status_condition_utils.go) counts the failed resource types,
      sorts their messages and joins them with ", " (no brackets, unlike an aggregate error):
      resourceclaims before resourceclaimtemplates.
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: team}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: kept-template, namespace: team}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: kept, namespace: team}
        spec:
          devices:
            requests:
            - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: keep-dra-objects}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [DELETE], resources: [resourceclaims, resourceclaimtemplates]}
          validations:
          - expression: "request.operation != 'DELETE'"
            message: DRA objects stay
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: keep-dra-objects}
        spec:
          policyName: keep-dra-objects
          validationActions: [Deny]
        """
      When I delete the Namespace "team"
      Then the Namespace "team" comes to contain:
        """
        status:
          phase: Terminating
          conditions:
          - {type: NamespaceDeletionDiscoveryFailure, status: "False"}
          - {type: NamespaceDeletionGroupVersionParsingFailure, status: "False"}
          - type: NamespaceDeletionContentFailure
            status: "True"
            reason: ContentDeletionFailed
            message: "Failed to delete all resource types, 2 remaining: resourceclaims.resource.k8s.io \"Unknown\" is forbidden: ValidatingAdmissionPolicy 'keep-dra-objects' with binding 'keep-dra-objects' denied request: DRA objects stay, resourceclaimtemplates.resource.k8s.io \"Unknown\" is forbidden: ValidatingAdmissionPolicy 'keep-dra-objects' with binding 'keep-dra-objects' denied request: DRA objects stay"
          - {type: NamespaceContentRemaining, status: "False"}
          - {type: NamespaceFinalizersRemaining, status: "False"}
        """
      When I delete the ValidatingAdmissionPolicyBinding "keep-dra-objects"
      And 2 seconds pass
      Then the Namespace "team" is gone

    @req:platform-VAP-R02 @clause:platform-VAP-R02/claim-from-template
    Scenario: The ResourceClaim controller cannot create a pod's claim: a Warning event, then the claim once the policy is gone
      resourceclaim/controller.go handleClaim wraps a refused create as "create ResourceClaim
      <name>: <error>" (the name empty: the claim is created with generateName) and syncPod
      records it on the pod as a Warning FailedResourceClaimCreation event, "PodResourceClaim
      <entry>: ...". The denial names the generated name: admission.NewForbidden falls back to
      the object's name when the request has none, and the name was generated before the
      validating admission ran. Without its claim the pod is not tried by the scheduler
      (DynamicResources PreEnqueue). The controller retries the pod with backoff; with the
      binding deleted the claim is created and the pod scheduled.
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
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-pod-claims}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [CREATE], resources: [resourceclaims]}
          validations:
          - expression: "!has(object.metadata.annotations) || !('resource.kubernetes.io/pod-claim-name' in object.metadata.annotations)"
            message: claims for pods are made by hand here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-pod-claims}
        spec:
          policyName: no-pod-claims
          validationActions: [Deny]
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: gpu-template}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      Then there is a Warning event "FailedResourceClaimCreation" for Pod "trainer" starting with "PodResourceClaim gpu: create ResourceClaim : resourceclaims.resource.k8s.io "trainer-gpu-"
      And there is a Warning event "FailedResourceClaimCreation" for Pod "trainer" containing "" is forbidden: ValidatingAdmissionPolicy 'no-pod-claims' with binding 'no-pod-claims' denied request: claims for pods are made by hand here"
      And there are 0 ResourceClaim objects
      And the Pod "trainer" stays pending without a scheduling attempt
      When I delete the ValidatingAdmissionPolicyBinding "no-pod-claims"
      And 10 seconds pass
      Then the Pod "trainer" is scheduled to "node-1"
      And there is 1 ResourceClaim object

    @req:platform-VAP-R02 @clause:platform-VAP-R02/claim-from-template @needs:logical-clock
    Scenario: A pod whose claim create was refused is not synced again when its template is deleted, only at its retry
      resourceclaim/controller.go: the template informer's DeleteFunc does nothing (only adds
      and updates enqueue the pods that use the template), so a pod whose claim create a
      policy refused keeps its last error until the work queue's backoff runs its sync again;
      that sync then finds the template gone (syncPod: 'resource claim template "<t>":
      resourceclaimtemplate.resource.k8s.io "<t>" not found'). The retry's time is the
      logical clock's: a live controller's backoff runs on its own clock.
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
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-pod-claims}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [CREATE], resources: [resourceclaims]}
          validations:
          - expression: "!has(object.metadata.annotations) || !('resource.kubernetes.io/pod-claim-name' in object.metadata.annotations)"
            message: claims for pods are made by hand here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-pod-claims}
        spec:
          policyName: no-pod-claims
          validationActions: [Deny]
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: gpu-template}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      Then there is a Warning event "FailedResourceClaimCreation" for Pod "trainer" containing "denied request: claims for pods are made by hand here"
      When I delete the ResourceClaimTemplate "gpu-template"
      Then there is no event "FailedResourceClaimCreation" for Pod "trainer" containing "not found"
      When 10 seconds pass
      Then there is a Warning event "FailedResourceClaimCreation" for Pod "trainer" with the message "PodResourceClaim gpu: resource claim template "gpu-template": resourceclaimtemplate.resource.k8s.io "gpu-template" not found"
      And there are 0 ResourceClaim objects

    @req:platform-VAP-R02 @clause:platform-VAP-R02/gc-retries
    Scenario: The garbage collector cannot delete a pod's claim: it stays, and goes once the policy is gone
      garbagecollector.go attemptToDeleteItem deletes a dependent whose owners are all gone; an
      error other than NotFound is only logged ("error syncing item") and the item requeued
      with the work queue's backoff (attemptToDeleteWorker), no event. The pod's claim, made
      from a template and owned by the pod, outlives the pod while a policy refuses the
      delete; once the binding is gone the retry deletes it. (The ResourceClaim controller
      leaves a claim whose pod it cannot find to the garbage collector.)
      Given the objects:
        """
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
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: gpu-template}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: keep-pod-claims}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [DELETE], resources: [resourceclaims]}
          validations:
          - expression: "!has(oldObject.metadata.ownerReferences)"
            message: owned claims stay
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: keep-pod-claims}
        spec:
          policyName: keep-pod-claims
          validationActions: [Deny]
        """
      Then there is 1 ResourceClaim object
      When I delete the Pod "trainer"
      Then the Pod "trainer" does not exist
      And there is 1 ResourceClaim object
      And no Warning event was recorded for any ResourceClaim
      When I delete the ValidatingAdmissionPolicyBinding "keep-pod-claims"
      And 10 seconds pass
      Then there are 0 ResourceClaim objects

    @req:platform-VAP-R02 @clause:platform-VAP-R02/gc-retries @needs:logical-clock
    Scenario: The garbage collector cannot drop a claim's reference to an owner that is gone: it stays, and goes once the policy is gone
      garbagecollector.go attemptToDeleteItem removes the references to owners that are gone
      from a dependent that still has an owner, with a patch (an UPDATE for admission); an
      error other than NotFound is only logged and the item requeued with the work queue's
      backoff (attemptToDeleteWorker), no event. Once the binding is gone a retry patches it.
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
      And I create:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: keep-owners}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [UPDATE], resources: [resourceclaims]}
          validations:
          - expression: "size(object.metadata.ownerReferences) == size(oldObject.metadata.ownerReferences)"
            message: owners stay
        """
      And I create:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: keep-owners}
        spec:
          policyName: keep-owners
          validationActions: [Deny]
        """
      And I delete the Pod "first"
      And 10 seconds pass
      Then the Pod "first" does not exist
      And the ResourceClaim "shared" has "metadata.ownerReferences[1].name" equal to second
      And no Warning event was recorded for any ResourceClaim
      When I delete the ValidatingAdmissionPolicyBinding "keep-owners"
      And 30 seconds pass
      Then the ResourceClaim "shared" has "metadata.ownerReferences[0].name" equal to second
      And the ResourceClaim "shared" has no "metadata.ownerReferences[1]"

    @req:platform-VAP-R02 @clause:platform-VAP-R02/quota-status-retries @needs:logical-clock
    Scenario: The ResourceQuota controller cannot write a quota's status: it stays without one, and gets it once the policy is gone
      pkg/controller/resourcequota/resource_quota_controller.go syncResourceQuota returns the
      UpdateStatus error, and the worker requeues the quota with the work queue's backoff
      (AddRateLimited), without an event; once the binding is gone a retry writes status.hard
      and status.used.
      Given the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-quota-status}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [UPDATE], resources: [resourcequotas/status]}
          validations:
          - expression: "false"
            message: quota status is kept
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-quota-status}
        spec:
          policyName: no-quota-status
          validationActions: [Deny]
        """
      When I create:
        """
        apiVersion: v1
        kind: ResourceQuota
        metadata: {name: pods}
        spec:
          hard:
            pods: "2"
        """
      And 10 seconds pass
      Then the ResourceQuota "pods" has no "status.hard"
      And no Warning event was recorded for any ResourceQuota
      When I delete the ValidatingAdmissionPolicyBinding "no-quota-status"
      And 30 seconds pass
      Then the ResourceQuota "pods" has "status.hard.pods" equal to "2"
      And the ResourceQuota "pods" has "status.used.pods" equal to "0"

  @component:scheduler
  Rule: The scheduler's claim writes refused

    @req:platform-VAP-R02 @clause:platform-VAP-R02/scheduler-prebind
    Scenario Outline: The scheduler cannot write a claim (<write>): the pod says why and is scheduled once the policy is gone
      dynamicresources.go bindClaim: the finalizer goes in with an update of the claim, then
      the allocation and the reservation in one status update; refused, PreBind fails with
      "add finalizer to claim <ns>/<name>: <error>" or "add allocation and reservation to claim
      <ns>/<name>: <error>", and schedule_one.go reports 'running PreBind plugin
      "DynamicResources": ...' as the pod's SchedulerError. The pod is retried after its
      error backoff (1 s), also when its own claim writes happened during the cycle (no
      rejector plugin: determineSchedulingHintForInFlightPod queues it after its backoff);
      with the binding deleted the same device is allocated.
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
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: frozen-claims}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [UPDATE], resources: [<resource>]}
          validations:
          - expression: "<expression>"
            message: claims are frozen
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: frozen-claims}
        spec:
          policyName: frozen-claims
          validationActions: [Deny]
        """
      When I apply:
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
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      Then the Pod "trainer" stays pending with reason "SchedulerError" and a message starting with "running PreBind plugin "DynamicResources": <what> claim default/gpu-claim: resourceclaims.resource.k8s.io "gpu-claim" is forbidden: ValidatingAdmissionPolicy 'frozen-claims' with binding 'frozen-claims' denied request: claims are frozen"
      And the ResourceClaim "gpu-claim" has no "status.allocation"
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="error"} is 1
      When 1 second passes
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="error"} is 2
      When I delete the ValidatingAdmissionPolicyBinding "frozen-claims"
      And 10 seconds pass
      Then the Pod "trainer" is scheduled to "node-1"
      And the ResourceClaim "gpu-claim" has a "status.allocation"

      Examples:
        | write                      | resource              | expression                       | what                                |
        | its finalizer              | resourceclaims        | false                            | add finalizer to                    |
        | its allocation and reservation | resourceclaims/status | !has(object.status.allocation) | add allocation and reservation to |

    @req:platform-VAP-R02 @clause:platform-VAP-R02/scheduler-postfilter
    Scenario: The scheduler cannot deallocate a claim in PostFilter: the pod says why, without preemption's message
      dynamicresources.go PostFilter clears the allocation of an unavailable claim nobody else
      holds with a status update; refused, it returns the error (statusError), and
      RunPostFilterPlugins stops at an Error status without running DefaultPreemption
      (pkg/scheduler/framework/runtime/framework.go, 1.34-1.37). schedule_one.go
      schedulingCycle puts that message into the FitError's PostFilter part and the pod stays
      Unschedulable. The claim keeps its allocation on node-1.
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
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: allocations-stay}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [UPDATE], resources: [resourceclaims/status]}
          validations:
          - expression: "has(object.status.allocation) || !has(oldObject.status.allocation)"
            message: allocations stay
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: allocations-stay}
        spec:
          policyName: allocations-stay
          validationActions: [Deny]
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
      Then the Pod "second" stays pending with reason "Unschedulable" and a message starting with "0/2 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 resourceclaim not available on the node."
      And there is a Warning event "FailedScheduling" for Pod "second" with the message "0/2 nodes are available: 1 node(s) didn't match Pod's node affinity/selector, 1 resourceclaim not available on the node. resourceclaims.resource.k8s.io "gpu" is forbidden: ValidatingAdmissionPolicy 'allocations-stay' with binding 'allocations-stay' denied request: allocations stay"
      And the ResourceClaim "gpu" has "status.allocation.devices.results[0].device" equal to n1-gpu-0

    @req:platform-VAP-R02 @clause:platform-VAP-R02/scheduler-bind @req:platform-SCHED-R02 @clause:platform-SCHED-R02/error-backoff
    Scenario: The scheduler cannot bind a pod: the pod says why and is scheduled once the policy is gone
      The DefaultBinder plugin creates the pod's binding (pods/binding); refused, RunBindPlugins
      wraps the error as 'running Bind plugin "DefaultBinder": <error>' (pkg/scheduler/
      framework/runtime/framework.go, 1.34-1.37), and handleBindingCycleError reports it as the
      pod's SchedulerError after Unreserve, so the claim's reservation for the pod goes again.
      The pod is retried after its error backoff, 1 s and then 2 s, although its cycle wrote
      the claim (no rejector plugin: determineSchedulingHintForInFlightPod queues it after
      its backoff whatever happened meanwhile); with the policy binding deleted it is bound.
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
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-binding}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [pods/binding]}
          validations:
          - expression: "false"
            message: not now
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-binding}
        spec:
          policyName: no-binding
          validationActions: [Deny]
        """
      When I apply:
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
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      Then the Pod "trainer" stays pending with reason "SchedulerError" and a message starting with "running Bind plugin "DefaultBinder": pods "trainer" is forbidden: ValidatingAdmissionPolicy 'no-binding' with binding 'no-binding' denied request: not now"
      And the ResourceClaim "gpu-claim" has no "status.reservedFor"
      And the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="error"} is 1
      When 1 second passes
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="error"} is 2
      When 1 second passes
      Then the metric scheduler_schedule_attempts_total{profile="default-scheduler",result="error"} is 2
      When I delete the ValidatingAdmissionPolicyBinding "no-binding"
      And 10 seconds pass
      Then the Pod "trainer" is scheduled to "node-1"

    @req:platform-VAP-R02 @clause:platform-VAP-R02/scheduler-unreserve
    Scenario: A claim whose Unreserve the API server refused stays reserved for its pod; PostFilter deallocates it once it is unavailable
      A refused binding makes the scheduler run Unreserve, whose patch removing the pod from the
      claim's reservedFor is refused too; dynamicresources.go Unreserve only logs that ("We will
      get here again when pod scheduling is retried"), so the claim stays allocated on node-1
      and reserved for the pod. With node-1 cordoned the pod's next attempt finds the claim
      unavailable on node-2, and PostFilter deallocates it because its only reservation is the
      pod itself (len(reservedFor) == 1 and its uid is the pod's; 1.34-1.37); the policy lets
      that update through (it clears the allocation too). The deallocation brings the pod back
      and it gets a device on node-2.
      Given a node "node-1"
      And a node "node-2"
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
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-binding}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [pods/binding]}
          validations:
          - expression: "false"
            message: not now
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-binding}
        spec:
          policyName: no-binding
          validationActions: [Deny]
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: reservations-stay}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [UPDATE], resources: [resourceclaims/status]}
          validations:
          - expression: >-
              !has(oldObject.status.reservedFor) || size(oldObject.status.reservedFor) == 0 ||
              (has(object.status.reservedFor) && size(object.status.reservedFor) > 0) ||
              !has(object.status.allocation)
            message: reservations stay while allocated
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: reservations-stay}
        spec:
          policyName: reservations-stay
          validationActions: [Deny]
        """
      When I apply:
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
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      Then the Pod "trainer" stays pending with reason "SchedulerError" and a message starting with "running Bind plugin "DefaultBinder": pods "trainer" is forbidden: ValidatingAdmissionPolicy 'no-binding' with binding 'no-binding' denied request: not now"
      And the ResourceClaim "gpu-claim" has "status.reservedFor" containing [{resource: pods, name: trainer}]
      And the ResourceClaim "gpu-claim" has "status.allocation.devices.results" containing [{request: gpu, driver: gpu.example.com, pool: node-1, device: gpu-0}]
      When I patch the Node "node-1" with:
        """
        spec: {unschedulable: true}
        """
      And I apply:
        """
        apiVersion: resource.k8s.io/v1
        kind: ResourceSlice
        metadata: {name: node-2-gpus}
        spec:
          driver: gpu.example.com
          nodeName: node-2
          pool: {name: node-2, generation: 1, resourceSliceCount: 1}
          devices:
          - name: gpu-0
        """
      And I delete the ValidatingAdmissionPolicyBinding "no-binding"
      And 10 seconds pass
      Then there is a Warning event "FailedScheduling" for Pod "trainer" containing "resourceclaim not available on the node. deallocation of ResourceClaim completed"
      When 10 seconds pass
      Then the Pod "trainer" is scheduled to "node-2"
      And the ResourceClaim "gpu-claim" has "status.allocation.devices.results" containing [{request: gpu, driver: gpu.example.com, pool: node-2, device: gpu-0}]
      And the ResourceClaim "gpu-claim" has "status.reservedFor" containing [{resource: pods, name: trainer}]

    @req:platform-VAP-R02 @clause:platform-VAP-R02/scheduler-condition @needs:logical-clock
    Scenario: The scheduler cannot write a pod's PodScheduled condition: the FailedScheduling event still says why
      handleSchedulingFailure records the FailedScheduling event, then updatePod patches the
      PodScheduled condition; a refused patch is only logged ("Error updating pod"), so the
      event is all the pod shows. The pod's next attempt, 5 minutes later (the unschedulable
      pods' flush, flushUnschedulablePodsLeftover), writes the condition once the policy is
      gone. (The pod names no node-level cause a watch event would retry it for.)
      Given a node "node-1" with cpu "2", memory "8Gi"
      And the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-conditions}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [UPDATE], resources: [pods/status]}
          validations:
          - expression: "false"
            message: hands off
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-conditions}
        spec:
          policyName: no-conditions
          validationActions: [Deny]
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: big}
        spec:
          containers:
          - name: app
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: "4"}}
        """
      Then there is a Warning event "FailedScheduling" for Pod "big" with the message "0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."
      And the Pod "big" has no "status.conditions"
      When I delete the ValidatingAdmissionPolicyBinding "no-conditions"
      And 300 seconds pass
      Then the Pod "big" stays pending with reason "Unschedulable" and a message starting with "0/1 nodes are available: 1 Insufficient cpu."

  @component:kubelet
  Rule: The kubelet's pod status write refused

    @req:platform-VAP-R02 @clause:platform-VAP-R02/scheduler-prebind @needs-gate:DRAExtendedResource
    Scenario: The scheduler cannot record a pod's extended-resource claim: the pod says why, the claim goes, and both come once the policy is gone
      KEP-5004 in dynamicresources.go PreBind: after creating the special claim and binding it,
      the scheduler patches the pod's status.extendedResourceClaimStatus
      (patchPodExtendedResourceClaimStatus); refused, PreBind fails with "update pod
      <ns>/<name> ExtendedResourceClaimStatus: <error>", schedule_one.go reports 'running
      PreBind plugin "DynamicResources": ...' as the pod's SchedulerError, and Unreserve deletes
      the special claim it created. The pod is retried after its backoff; with the binding
      deleted it is scheduled with a new special claim.
      Given a node "node-1"
      And the objects from fixture "kep-5004/scheduling/gpu-class-and-8-devices.yaml"
      And the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-mapping}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [UPDATE], resources: [pods/status]}
          validations:
          - expression: "!has(object.status.extendedResourceClaimStatus)"
            message: no extended resource mapping here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-mapping}
        spec:
          policyName: no-mapping
          validationActions: [Deny]
        """
      When I apply the fixture "kep-5004/scheduling/pod-one-gpu.yaml"
      Then the Pod "gpu-pod" stays pending with reason "SchedulerError" and a message starting with "running PreBind plugin "DynamicResources": update pod default/gpu-pod ExtendedResourceClaimStatus: pods "gpu-pod" is forbidden: ValidatingAdmissionPolicy 'no-mapping' with binding 'no-mapping' denied request: no extended resource mapping here"
      And there are 0 extended resource claims
      When I delete the ValidatingAdmissionPolicyBinding "no-mapping"
      And 10 seconds pass
      Then the Pod "gpu-pod" is scheduled to "node-1"
      And there is 1 extended resource claim

    @req:platform-VAP-R02 @clause:platform-VAP-R02/kubelet-status
    Scenario: The kubelet cannot write a pod's status: it stays as created, without an event, and is written once the policy is gone
      pkg/kubelet/status/status_manager.go: the pod worker hands the status to the status
      manager (SetPodStatus) and goes on starting the containers; the manager's syncPod patches
      it and, refused, only logs "Failed to update status for pod" and returns without
      recording the version as sent, so syncBatch (every syncPeriod, 10s) tries it again. No
      event: only an error of the pod worker's SyncPod is a FailedSync event, and the status
      write is not part of it. Once the binding is gone the next batch writes Running.
      Given a node "node-1"
      And the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-running-pods}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [UPDATE], resources: [pods/status]}
          validations:
          - expression: "!has(object.status.phase) || object.status.phase != 'Running'"
            message: pods do not run here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-running-pods}
        spec:
          policyName: no-running-pods
          validationActions: [Deny]
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: web}
        spec:
          nodeName: node-1
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10}
        """
      And 20 seconds pass
      Then the Pod "web" has "status.phase" equal to Pending
      And the Pod "web" has no "status.startTime"
      And no Warning event was recorded for any Pod
      When I delete the ValidatingAdmissionPolicyBinding "no-running-pods"
      And 10 seconds pass
      Then the Pod "web" has "status.phase" equal to Running

    @req:platform-SCHED-R08 @clause:platform-SCHED-R08/refusals
    Scenario: A binding is refused with a Conflict for a pod that has a node, has scheduling gates or is being deleted
      k/k pkg/registry/core/pod/storage/storage.go setPodNodeAndMetadata (1.34-1.37): "pod <p>
      is being deleted, cannot be assigned to a host", "pod <p> is already assigned to node
      "<n>"", "pod <p> has non-empty .spec.schedulingGates"; assignPod wraps each in
      errors.NewConflict on pods/binding. The pods name a scheduler nobody runs, so only the
      scenario binds them; the deleted one is held by a finalizer of the scenario's own.
      Given a node "node-1" with cpu "8", memory "32Gi"
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: placed}
        spec:
          schedulerName: bound-by-the-test
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: gated}
        spec:
          schedulerName: bound-by-the-test
          schedulingGates:
          - {name: example.com/wait}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10}
        ---
        apiVersion: v1
        kind: Pod
        metadata:
          name: leaving
          finalizers: [example.com/hold]
        spec:
          schedulerName: bound-by-the-test
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10}
        """
      And I bind the Pod "placed" to node "node-1"
      Then the request succeeds
      When I bind the Pod "placed" to node "node-1"
      Then the request is rejected as Conflict (409)
      And the error message is "Operation cannot be fulfilled on pods/binding "placed": pod placed is already assigned to node "node-1""
      When I bind the Pod "gated" to node "node-1"
      Then the request is rejected as Conflict (409)
      And the error message is "Operation cannot be fulfilled on pods/binding "gated": pod gated has non-empty .spec.schedulingGates"
      When I delete the Pod "leaving" without waiting
      And I bind the Pod "leaving" to node "node-1"
      Then the request is rejected as Conflict (409)
      And the error message is "Operation cannot be fulfilled on pods/binding "leaving": pod leaving is being deleted, cannot be assigned to a host"
      And the Pod "placed" has "spec.nodeName" equal to node-1
      And the Pod "gated" has no "spec.nodeName"
      And the Pod "leaving" has no "spec.nodeName"

    @req:platform-SCHED-R08 @clause:platform-SCHED-R08/condition-in-place @needs:no-nodes
    Scenario: A binding sets PodScheduled where the scheduler's condition stood, before a user's condition
      pkg/registry/core/pod/storage/storage.go setPodNodeAndMetadata writes PodScheduled True
      with podutil.UpdatePodCondition, which replaces an existing condition at its index and
      appends only a new one; the scheduler's failure handler (schedule_one.go updatePod) does
      the same and sends it with PatchPodStatus, whose strategic merge patch keeps the order.
      The kubelet would later reorder the conditions
      (status_manager mergePodStatus puts the ones it does not own first), so a policy keeps
      its status writes out to show the binding's own result. The pod's first attempt finds no
      node at all, so no plugin rejected it and the node that does not match it still brings a
      new attempt and condition; with other nodes present NodeAffinity would have
      rejected the pod, and its queueing hint would leave it parked on that node's add.
      Given the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-running-pods}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [UPDATE], resources: [pods/status]}
          validations:
          - expression: "!has(object.status.phase) || object.status.phase != 'Running'"
            message: pods do not run here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-running-pods}
        spec:
          policyName: no-running-pods
          validationActions: [Deny]
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: web}
        spec:
          nodeSelector: {kubernetes.io/hostname: node-1}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "web" has "status.conditions[0].type" equal to PodScheduled
      And the Pod "web" has "status.conditions[0].status" equal to "False"
      When the Pod "web" status has:
        """
        conditions:
        - {type: PodScheduled, status: "False", reason: Unschedulable, message: no nodes available to schedule pods}
        - {type: example.com/Checked, status: "True"}
        """
      Given a node "node-2"
      When 2 seconds pass
      Then the Pod "web" has "status.conditions[0].message" equal to "0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector. no new claims to deallocate, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."
      And the Pod "web" has "status.conditions[1].type" equal to example.com/Checked
      Given a node "node-1"
      When 2 seconds pass
      Then the Pod "web" has "spec.nodeName" equal to node-1
      And the Pod "web" has "status.conditions[0].type" equal to PodScheduled
      And the Pod "web" has "status.conditions[0].status" equal to "True"
      And the Pod "web" has no "status.conditions[0].reason"
      And the Pod "web" has "status.conditions[1].type" equal to example.com/Checked
      And the Pod "web" has no "status.startTime"

    @req:platform-VAP-R02 @clause:platform-VAP-R02/kubelet-rejection
    Scenario: The kubelet cannot write a rejected pod's Failed status: the pod keeps its status, the rejection is told once, and it fails once the policy is gone
      pkg/kubelet/kubelet.go rejectPod records the Warning event and hands the Failed status to
      the status manager (SetPodStatus); HandlePodAdditions admits a pod once and does not hand
      a rejected one to a pod worker. The status manager's refused write is only logged and
      tried again at its next batch (every 10s): no FailedSync event, no second admission and
      no second event. Once the binding is gone the next batch writes Failed.
      Given a node "node-1" with cpu "1", memory "4Gi"
      And the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-failed-pods}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [UPDATE], resources: [pods/status]}
          validations:
          - expression: "!has(object.status.phase) || object.status.phase != 'Failed'"
            message: pods do not fail here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-failed-pods}
        spec:
          policyName: no-failed-pods
          validationActions: [Deny]
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: big}
        spec:
          nodeName: node-1
          containers:
          - name: main
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: "2"}}
        """
      And 20 seconds pass
      Then the Pod "big" has "status.phase" equal to Pending
      And the Pod "big" has no "status.reason"
      And the only Warning event for Pod "big" is "OutOfcpu", recorded once
      When I delete the ValidatingAdmissionPolicyBinding "no-failed-pods"
      And 10 seconds pass
      Then the Pod "big" contains:
        """
        status:
          phase: Failed
          reason: OutOfcpu
          message: "Pod was rejected: Node didn't have enough resource: cpu, requested: 2000, used: 0, capacity: 1000"
        """
      And the only Warning event for Pod "big" is "OutOfcpu", recorded once

    @req:platform-VAP-R02 @clause:platform-VAP-R02/kubelet-rejection
    Scenario: A rejected pod's Failed status the kubelet could not write goes over another writer's Failed status
      pkg/kubelet/status/status_manager.go: the rejection's Failed status stays in the status
      manager's cache until a write of it succeeds (needsUpdate: never synced); the next batch
      patches mergePodStatus(API status, cached status), whose phase, reason and message are
      the kubelet's, whoever wrote the stored Failed status meanwhile.
      Given a node "node-1" with cpu "1", memory "4Gi"
      And the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-rejections}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [UPDATE], resources: [pods/status]}
          validations:
          - expression: "!has(object.status.reason) || object.status.reason != 'OutOfcpu'"
            message: no rejections here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-rejections}
        spec:
          policyName: no-rejections
          validationActions: [Deny]
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: big}
        spec:
          nodeName: node-1
          containers:
          - name: main
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: "2"}}
        """
      And 3 seconds pass
      Then the Pod "big" has "status.phase" equal to Pending
      When the Pod "big" status has:
        """
        phase: Failed
        reason: Evicted
        message: evicted by hand
        """
      And I delete the ValidatingAdmissionPolicyBinding "no-rejections"
      And 10 seconds pass
      Then the Pod "big" contains:
        """
        status:
          phase: Failed
          reason: OutOfcpu
          message: "Pod was rejected: Node didn't have enough resource: cpu, requested: 2000, used: 0, capacity: 1000"
        """

    @req:platform-VAP-R02 @clause:platform-VAP-R02/kubelet-final-delete @needs:logical-clock
    Scenario Outline: The kubelet cannot delete a terminated pod: it stays terminating, without an event, and goes once the policy is gone (<gone>)
      pkg/kubelet/status/status_manager.go syncPod: once a deleted pod's containers are gone
      (canBeDeleted) the status manager deletes it with grace period 0 and the pod's UID as
      precondition; a refused delete is only logged ("Failed to delete status for pod") and the
      pod's status stays in the manager, whose needsUpdate keeps answering canBeDeleted, so
      each syncBatch (every 10s) deletes again. The policy lets the user's graceful delete
      through and refuses a delete of a pod that already has a deletionTimestamp. Once the
      binding is gone the kubelet's next batch deletes the pod, or the user force-deletes it
      first and the kubelet forgets it (RemoveOrphanedStatuses). A pod update in between does
      not delete it sooner: the pod worker has nothing to do for a terminated pod, and only
      the batch deletes.
      Given a node "node-1"
      And the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: terminating-pods-stay}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [DELETE], resources: [pods]}
          validations:
          - expression: "!has(oldObject.metadata.deletionTimestamp)"
            message: terminating pods stay
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: terminating-pods-stay}
        spec:
          policyName: terminating-pods-stay
          validationActions: [Deny]
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: web}
        spec:
          nodeName: node-1
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10}
        """
      Then the Pod "web" comes to have "status.phase" equal to Running
      When I delete the Pod "web" without waiting
      And 20 seconds pass
      Then the Pod "web" has a "metadata.deletionTimestamp"
      And no Warning event was recorded for any Pod
      When I delete the ValidatingAdmissionPolicyBinding "terminating-pods-stay"
      And I patch the Pod "web" with:
        """
        metadata:
          labels: {seen: "yes"}
        """
      And 1 second passes
      Then the Pod "web" has a "metadata.deletionTimestamp"
      When <then>
      Then the Pod "web" does not exist

      Examples:
        | gone                     | then                         |
        | the kubelet's next batch | 9 seconds pass               |
        | a force-delete           | I force-delete the Pod "web" |

    @req:platform-VAP-R02 @clause:platform-VAP-R02/kubelet-rejection
    Scenario: A rejected pod whose Failed status write is refused and that is force-deleted is forgotten
      The status manager drops the status of a pod gone from the API server
      (status_manager.go RemoveOrphanedStatuses, called from HandlePodCleanups), so the Failed
      status it could not write is not tried again, and kubelet.go HandlePodRemoves forgets
      the rejection with the pod.
      Given a node "node-1" with cpu "1", memory "4Gi"
      And the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-failed-pods}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [UPDATE], resources: [pods/status]}
          validations:
          - expression: "!has(object.status.phase) || object.status.phase != 'Failed'"
            message: pods do not fail here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-failed-pods}
        spec:
          policyName: no-failed-pods
          validationActions: [Deny]
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: big}
        spec:
          nodeName: node-1
          containers:
          - name: main
            image: registry.k8s.io/pause:3.10
            resources: {requests: {cpu: "2"}}
        """
      Then the only Warning event for Pod "big" is "OutOfcpu", recorded once
      When I force-delete the Pod "big"
      And I delete the ValidatingAdmissionPolicyBinding "no-failed-pods"
      Then the Pod "big" does not exist

    @req:platform-VAP-R02 @clause:platform-VAP-R02/node-health-retried @needs:logical-clock
    Scenario: The Ready=Unknown of a node whose kubelet does not start is refused, then written once the policy is gone
      pkg/controller/nodelifecycle/node_lifecycle_controller.go: monitorNodeHealth runs every
      nodeMonitorPeriod (5s); tryUpdateNodeHealth sets the Ready condition of a node whose
      kubelet posts nothing to Unknown (reason NodeStatusUnknown) and writes the Node's status,
      a refused write is only logged and the next pass writes it again. The kubelet refuses to
      start on an empty DRA checkpoint (pkg/kubelet/cm/dra/state/checkpointer.go GetOrCreate).
      The policy lets the unreachable taint through (a write of the Node, not its status).
      The checkpoint holds the claim the node's pod got.
      Given a node "node-1"
      And the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: nodes-stay-known}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [UPDATE], resources: [nodes/status]}
          validations:
          - expression: "!has(object.status.conditions) || object.status.conditions.all(c, c.type != 'Ready' || c.status != 'Unknown')"
            message: nodes are not given up on here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: nodes-stay-known}
        spec:
          policyName: nodes-stay-known
          validationActions: [Deny]
        ---
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
          nodeName: node-1
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And the ResourceClaim "gpu-claim" is allocated and reserved for the Pod "trainer":
        | request | driver          | pool   | device |
        | gpu     | gpu.example.com | node-1 | gpu-0  |
      Then the Pod "trainer" has "status.phase" equal to Running
      When the DRA checkpoint on node "node-1" is cut short after 0 bytes
      And the kubelet on node "node-1" restarts, whether or not it comes up
      Then there is a Warning event "KubeletSetupFailed" for Node "node-1" containing "is corrupted: the file is empty"
      And the Node "node-1" has "spec.taints[0].key" equal to node.kubernetes.io/unreachable
      And the Node "node-1" has "status.conditions[0].status" equal to "True"
      When 20 seconds pass
      Then the Node "node-1" has "status.conditions[0].status" equal to "True"
      When I delete the ValidatingAdmissionPolicyBinding "nodes-stay-known"
      And 5 seconds pass
      Then the Node "node-1" has "status.conditions[0].status" equal to Unknown
      And the Node "node-1" has "status.conditions[0].reason" equal to NodeStatusUnknown

  @component:controller-manager
  Rule: The device taint eviction controller's pod delete refused
    pkg/controller/devicetainteviction addConditionAndDeletePod: a Normal event
    DeviceTaintManagerEviction "Marking for deletion", the DisruptionTarget condition patched
    into the pod's status, then the DELETE, which a policy can refuse. What happens then
    changed in 1.35 (kubernetes PR 134152, the DeviceTaintRule status rewrite).

    # since 1.35: maybeDeletePod's error requeues the pod with the work queue's rate limiter
    @req:platform-VAP-R02 @clause:platform-VAP-R02/taint-eviction-retries @gate:DRADeviceTaints @since:1.35
    Scenario: The device taint eviction controller cannot delete a pod: it marks it, retries with backoff, and deletes it once the policy is gone
      device_taint_eviction.go maybeDeletePod returns addConditionAndDeletePod's error to the
      worker, which logs it ("Processing work item failed, will retry") and requeues the pod
      with AddRateLimited: client-go's default controller rate limiter, 5 ms doubling up to
      1000 s, without a limit on the attempts, and no event. UpdatePodCondition leaves the
      DisruptionTarget condition it wrote alone on a retry. Once the binding is gone the next
      attempt deletes the pod.
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: keep-pods}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [DELETE], resources: [pods]}
          validations:
          - expression: "false"
            message: pods stay
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: keep-pods}
        spec:
          policyName: keep-pods
          validationActions: [Deny]
        """
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
        metadata: {name: trainer}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "trainer" is scheduled to "node-1"
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
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "trainer" with the message "Marking for deletion"
      And the DisruptionTarget condition of the Pod "trainer" has status True and reason DeletionByDeviceTaintManager, with lastTransitionTime set
      And the Pod "trainer" has no "metadata.deletionTimestamp"
      And no Warning event was recorded for any Pod
      When I note the DisruptionTarget condition of the Pod "trainer"
      And 10 seconds pass
      Then the Pod "trainer" has no "metadata.deletionTimestamp"
      And the DisruptionTarget condition of the Pod "trainer" keeps its status and the noted lastTransitionTime
      When I delete the ValidatingAdmissionPolicyBinding "keep-pods"
      And 20 seconds pass
      Then the Pod "trainer" does not exist

    # until 1.34: deletePodHandler tries 5 times and then drops the work
    @req:platform-VAP-R02 @clause:platform-VAP-R02/taint-eviction-retries @gate:DRADeviceTaints @until:1.34
    Scenario: Up to 1.34 the device taint eviction controller gives a refused pod delete up until it restarts
      device_taint_eviction.go deletePodHandler calls addConditionAndDeletePod up to retries (5)
      times, 10 ms apart, and returns the last error; the TimedWorkerQueue drops the work
      either way. A pod update reaches handlePod again only when its resourceClaimStatuses
      change (handlePodChange), a claim or slice change only when the eviction time changes:
      with the binding gone the pod stays, until a restarted kube-controller-manager, which
      handles every pod afresh, evicts it.
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: keep-pods}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [DELETE], resources: [pods]}
          validations:
          - expression: "false"
            message: pods stay
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: keep-pods}
        spec:
          policyName: keep-pods
          validationActions: [Deny]
        """
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
        metadata: {name: trainer}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "trainer" is scheduled to "node-1"
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
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "trainer" with the message "Marking for deletion"
      And the DisruptionTarget condition of the Pod "trainer" has status True and reason DeletionByDeviceTaintManager, with lastTransitionTime set
      And no Warning event was recorded for any Pod
      When I delete the ValidatingAdmissionPolicyBinding "keep-pods"
      And 20 seconds pass
      Then the Pod "trainer" has no "metadata.deletionTimestamp"
      When the controller manager restarts
      And 10 seconds pass
      Then the Pod "trainer" does not exist

    # until 1.34: deletePodHandler tries 5 times and then drops the work
    @req:platform-VAP-R02 @clause:platform-VAP-R02/taint-eviction-retries @gate:DRADeviceTaints @until:1.34
    Scenario: Up to 1.34 a given-up device taint eviction comes back when the eviction time changes
      device_taint_eviction.go: after deletePodHandler's 5 refused attempts the work is
      dropped, and only a change that handleClaimChange or handleSliceChange sees as a new
      eviction time (here the taint's timeAdded moved back) hands the pod to handlePod again,
      which schedules the eviction anew; the binding is gone by then, so the pod goes.
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: keep-pods}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [DELETE], resources: [pods]}
          validations:
          - expression: "false"
            message: pods stay
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: keep-pods}
        spec:
          policyName: keep-pods
          validationActions: [Deny]
        """
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
        metadata: {name: trainer}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "trainer" is scheduled to "node-1"
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
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "trainer" with the message "Marking for deletion"
      And the DisruptionTarget condition of the Pod "trainer" has status True and reason DeletionByDeviceTaintManager, with lastTransitionTime set
      And no Warning event was recorded for any Pod
      When I delete the ValidatingAdmissionPolicyBinding "keep-pods"
      And 20 seconds pass
      Then the Pod "trainer" has no "metadata.deletionTimestamp"
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
            - {key: example.com/unhealthy, effect: NoExecute, timeAdded: "2020-01-01T00:00:00Z"}
        """
      And 10 seconds pass
      Then the Pod "trainer" does not exist

    # until 1.34: deletePodHandler tries 5 times and then drops the work
    @req:platform-VAP-R02 @clause:platform-VAP-R02/taint-eviction-retries @gate:DRADeviceTaints @until:1.34
    Scenario Outline: Up to 1.34 a given-up device taint eviction comes back when its taint goes and returns unchanged (<case>)
      device_taint_eviction.go: after deletePodHandler's 5 refused attempts the work is
      dropped. The taint going is a change to no eviction time for the pod (handleSliceChange
      compares the old slice's eviction time with the new one); the same taint coming back
      (the same timeAdded) is then a change to an eviction time again, so handlePod schedules
      the eviction anew; the policy binding is gone by then, so the pod goes. Whether other
      devices carry NoExecute taints, and whether another pod's eviction (tolerated for an
      hour) stays pending meanwhile, does not matter.
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: keep-pods}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [DELETE], resources: [pods]}
          validations:
          - expression: "false"
            message: pods stay
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: keep-pods}
        spec:
          policyName: keep-pods
          validationActions: [Deny]
        """
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
            attributes: {slot: {string: a}}
          - name: gpu-1
            attributes: {slot: {string: b}}
            taints: <gpu-1 taints>
          - name: gpu-2
            attributes: {slot: {string: c}}
            taints: <gpu-2 taints>
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
                selectors:
                - cel: {expression: 'device.attributes["gpu.example.com"].slot == "a"'}
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaim
        metadata: {name: other-gpu}
        spec:
          devices:
            requests:
            - name: gpu
              exactly:
                deviceClassName: gpu.example.com
                selectors:
                - cel: {expression: 'device.attributes["gpu.example.com"].slot == "b"'}
                tolerations:
                - {key: example.com/maintenance, operator: Exists, effect: NoExecute, tolerationSeconds: 3600}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: other}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: other-gpu}
        """
      Then the Pod "trainer" is scheduled to "node-1"
      And the Pod "other" is scheduled to "node-1"
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
            attributes: {slot: {string: a}}
            taints:
            - {key: example.com/unhealthy, effect: NoExecute, timeAdded: "2020-01-01T00:00:00Z"}
          - name: gpu-1
            attributes: {slot: {string: b}}
            taints: <gpu-1 taints>
          - name: gpu-2
            attributes: {slot: {string: c}}
            taints: <gpu-2 taints>
        """
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "trainer" with the message "Marking for deletion"
      When I delete the ValidatingAdmissionPolicyBinding "keep-pods"
      And 20 seconds pass
      Then the Pod "trainer" has no "metadata.deletionTimestamp"
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
            attributes: {slot: {string: a}}
          - name: gpu-1
            attributes: {slot: {string: b}}
            taints: <gpu-1 taints>
          - name: gpu-2
            attributes: {slot: {string: c}}
            taints: <gpu-2 taints>
        """
      And 10 seconds pass
      Then the Pod "trainer" has no "metadata.deletionTimestamp"
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
            attributes: {slot: {string: a}}
            taints:
            - {key: example.com/unhealthy, effect: NoExecute, timeAdded: "2020-01-01T00:00:00Z"}
          - name: gpu-1
            attributes: {slot: {string: b}}
            taints: <gpu-1 taints>
          - name: gpu-2
            attributes: {slot: {string: c}}
            taints: <gpu-2 taints>
        """
      And 10 seconds pass
      Then the Pod "trainer" does not exist
      And the Pod "other" has no "metadata.deletionTimestamp"

      Examples:
        | case | gpu-1 taints | gpu-2 taints |
        | another pod's eviction pending | [{key: example.com/maintenance, effect: NoExecute}] | [] |
        | a tainted device no claim holds | [] | [{key: example.com/maintenance, effect: NoExecute}] |
        | no other taint | [] | [] |

    # until 1.34: deletePodHandler tries 5 times and then drops the work; handlePodChange
    # hands a pod on only when its status.resourceClaimStatuses changed (release-1.34)
    @req:platform-VAP-R02 @clause:platform-VAP-R02/taint-eviction-retries @gate:DRADeviceTaints @until:1.34
    Scenario: Up to 1.34 a given-up device taint eviction comes back when the pod's resourceClaimStatuses change, not on another pod change
      device_taint_eviction.go (release-1.34) handlePodChange: a pod update reaches handlePod
      only when status.resourceClaimStatuses differ from the old pod's; then the eviction,
      dropped after its 5 refused attempts, is scheduled anew and, the binding gone, the pod
      goes. A label change is no such update: the given-up eviction stays dropped.
      Given the feature gate DRADeviceTaints is enabled
      And a node "node-1" with cpu "8", memory "32Gi"
      And the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: keep-pods}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [DELETE], resources: [pods]}
          validations:
          - expression: "false"
            message: pods stay
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: keep-pods}
        spec:
          policyName: keep-pods
          validationActions: [Deny]
        """
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
        metadata: {name: trainer}
        spec:
          containers:
          - {name: app, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu}
        """
      Then the Pod "trainer" is scheduled to "node-1"
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
      Then there is a Normal event "DeviceTaintManagerEviction" for Pod "trainer" with the message "Marking for deletion"
      And the DisruptionTarget condition of the Pod "trainer" has status True and reason DeletionByDeviceTaintManager, with lastTransitionTime set
      And no Warning event was recorded for any Pod
      When I delete the ValidatingAdmissionPolicyBinding "keep-pods"
      And I patch the Pod "trainer" with:
        """
        metadata: {labels: {checked: "yes"}}
        """
      Then the request succeeds
      When 20 seconds pass
      Then the Pod "trainer" has no "metadata.deletionTimestamp"
      When I patch the Pod "trainer" status with:
        """
        status: {resourceClaimStatuses: [{name: gpu}]}
        """
      Then the request succeeds
      When 10 seconds pass
      Then the Pod "trainer" does not exist

  @component:controller-manager
  Rule: The ReplicaSet controller's pod delete refused

    @req:platform-VAP-R02 @clause:platform-VAP-R02/replicaset-delete
    Scenario: A ReplicaSet that cannot delete a pod when it scales down says so and deletes it once the policy is gone
      pkg/controller/replicaset/replica_set.go manageReplicas deletes the surplus pods through
      controller_utils.go RealPodControl.DeletePod, which records a refused delete as a
      Warning event "FailedDelete" "Error deleting: <error>" on the ReplicaSet and returns
      "unable to delete pods: <error>"; replica_set_utils.go calculateStatus sets the condition
      ReplicaFailure (True, FailedDelete, that error) as the ReplicaSet has more pods than it
      wants, and the sync is retried with the work queue's backoff. Once the binding is gone a
      retry deletes the pod and a sync without an error removes the condition.
      Given the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: keep-pods}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [DELETE], resources: [pods]}
          validations:
          - expression: "false"
            message: pods stay
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: keep-pods}
        spec:
          policyName: keep-pods
          validationActions: [Deny]
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
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        """
      Then there are 2 Pod objects labelled "app=web"
      When I patch the ReplicaSet "web" with:
        """
        spec:
          replicas: 1
        """
      Then there is a Warning event "FailedDelete" for ReplicaSet "web" starting with "Error deleting: pods "web-"
      And there is a Warning event "FailedDelete" for ReplicaSet "web" containing "" is forbidden: ValidatingAdmissionPolicy 'keep-pods' with binding 'keep-pods' denied request: pods stay"
      And the ReplicaSet "web" has "status.conditions[0].type" equal to ReplicaFailure
      And the ReplicaSet "web" has "status.conditions[0].status" equal to "True"
      And the ReplicaSet "web" has "status.conditions[0].reason" equal to FailedDelete
      And there are 2 Pod objects labelled "app=web"
      When I delete the ValidatingAdmissionPolicyBinding "keep-pods"
      And 10 seconds pass
      Then there is 1 Pod object labelled "app=web"
      And the ReplicaSet "web" has no "status.conditions"

    @req:platform-VAP-R02 @clause:platform-VAP-R02/replicaset-namespace-terminating
    Scenario: A ReplicaSet kept in a terminating namespace is refused new pods without a word
      pkg/controller/replicaset/replica_set.go manageReplicas: the create closure given to
      slowStartBatch turns an error with the NamespaceTerminating cause into success ("any
      creation will fail"), so manageReplicas returns no error and calculateStatus sets no
      ReplicaFailure condition; controller_utils.go createPods records no FailedCreate event
      for it either. A policy refusing the ReplicaSet's delete keeps it in the namespace while
      the namespace controller deletes its pod; the API server's NamespaceLifecycle admission
      then refuses the replacement.
      Given the objects:
        """
        apiVersion: v1
        kind: Namespace
        metadata: {name: doomed}
        ---
        apiVersion: apps/v1
        kind: ReplicaSet
        metadata: {name: web, namespace: doomed}
        spec:
          replicas: 1
          selector: {matchLabels: {app: web}}
          template:
            metadata: {labels: {app: web}}
            spec:
              containers: [{name: app, image: registry.k8s.io/pause:3.10}]
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: keep-replicasets}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [apps], apiVersions: [v1], operations: [DELETE], resources: [replicasets]}
          validations:
          - expression: "false"
            message: replicasets stay
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: keep-replicasets}
        spec:
          policyName: keep-replicasets
          validationActions: [Deny]
        """
      When I work in the namespace "doomed"
      Then there is 1 Pod object labelled "app=web"
      When I work in the scenario namespace
      And I delete the Namespace "doomed"
      Then the Namespace "doomed" has "status.phase" equal to Terminating
      When 5 seconds pass
      And I work in the namespace "doomed"
      Then there are 0 Pod objects labelled "app=web"
      And the ReplicaSet "web" has no "status.conditions"
      And there is no event "FailedCreate" for ReplicaSet "web" containing ""
      When I work in the scenario namespace
      And I delete the ValidatingAdmissionPolicyBinding "keep-replicasets"
      And 5 seconds pass
      Then the Namespace "doomed" is gone

  @component:controller-manager
  Rule: The Deployment controller's ReplicaSet create refused

    @req:platform-VAP-R02 @clause:platform-VAP-R02/deployment-replicaset-create
    Scenario: A Deployment whose ReplicaSet create is refused says so and creates it once the policy is gone
      pkg/controller/deployment/sync.go getNewReplicaSet: a refused create is a Warning event
      ReplicaSetCreateError "Failed to create new replica set "<name>": <error>" on the
      Deployment, and syncDeployment's error requeues the Deployment with the work queue's
      backoff. (It also sets the Progressing condition to False, reason ReplicaSetCreateError;
      drakit keeps no Deployment conditions, so that is not checked.) Once the binding is gone
      a retry creates the ReplicaSet, which creates the pods.
      Given the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-replicasets}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [replicasets]}
          validations:
          - expression: "false"
            message: ReplicaSets are made by hand here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-replicasets}
        spec:
          policyName: no-replicasets
          validationActions: [Deny]
        """
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
      Then there is a Warning event "ReplicaSetCreateError" for Deployment "web" starting with "Failed to create new replica set "web-"
      And there is a Warning event "ReplicaSetCreateError" for Deployment "web" containing "" is forbidden: ValidatingAdmissionPolicy 'no-replicasets' with binding 'no-replicasets' denied request: ReplicaSets are made by hand here"
      And there are 0 ReplicaSet objects
      When I delete the ValidatingAdmissionPolicyBinding "no-replicasets"
      And 10 seconds pass
      Then there is 1 ReplicaSet object labelled "app=web"
      And there are 2 Pod objects labelled "app=web"

    @req:platform-VAP-R02 @clause:platform-VAP-R02/deployment-writes-retried
    Scenario: A Deployment whose ReplicaSet scale is refused scales it once the policy is gone
      pkg/controller/deployment/sync.go scaleReplicaSet updates the ReplicaSet's replicas; a
      refused update ends syncDeployment with that error, and the work queue retries the
      Deployment with its backoff (no event). Once the binding is gone a retry scales the
      ReplicaSet, which creates the pod.
      Given the objects:
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
      When I apply:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: fixed-size}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [apps], apiVersions: [v1], operations: [UPDATE], resources: [replicasets]}
          validations:
          - expression: "object.spec.replicas == oldObject.spec.replicas"
            message: ReplicaSets keep their size
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: fixed-size}
        spec:
          policyName: fixed-size
          validationActions: [Deny]
        """
      When I patch the Deployment "web" with:
        """
        spec: {replicas: 2}
        """
      Then there is 1 Pod object labelled "app=web"
      And no Warning event was recorded for any Deployment
      When I delete the ValidatingAdmissionPolicyBinding "fixed-size"
      And 10 seconds pass
      Then there are 2 Pod objects labelled "app=web"
      And every ReplicaSet labelled "app=web" has "spec.replicas" equal to 2

    @req:platform-VAP-R02 @clause:platform-VAP-R02/deployment-writes-retried
    Scenario Outline: A Deployment or a ReplicaSet whose status write is refused writes it once the policy is gone (<resource>)
      deployment/sync.go syncRolloutStatus and replicaset/replica_set.go syncReplicaSet
      (updateReplicaSetStatus) return a refused status write as the sync's error, so the work
      queue retries the object with its backoff (no event); the pods are made meanwhile, and a
      scale goes through to the ReplicaSet and its pods (only the status write is refused).
      Once the binding is gone the retry writes the status (the Deployment's status sums its
      ReplicaSet's).
      Given a node "node-1"
      And the objects:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-status}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [apps], apiVersions: [v1], operations: [UPDATE], resources: [<resource>]}
          validations:
          - expression: "false"
            message: statuses are written by hand here
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-status}
        spec:
          policyName: no-status
          validationActions: [Deny]
        """
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
      Then there are 2 Pod objects labelled "app=web"
      And the Deployment "web" has no "status.availableReplicas"
      And no Warning event was recorded for any Deployment
      When I patch the Deployment "web" with:
        """
        spec: {replicas: 3}
        """
      Then every ReplicaSet labelled "app=web" has "spec.replicas" equal to 3
      And there are 3 Pod objects labelled "app=web"
      When I delete the ValidatingAdmissionPolicyBinding "no-status"
      And 10 seconds pass
      Then the Deployment "web" has "status.availableReplicas" equal to 3
      And every ReplicaSet labelled "app=web" has "status.availableReplicas" equal to 3

      Examples:
        | resource           |
        | deployments/status |
        | replicasets/status |

  @component:controller-manager
  Rule: The ResourceClaim controller's pod status and claim writes refused

    @req:platform-VAP-R02 @clause:platform-VAP-R02/claim-controller-writes
    Scenario: The ResourceClaim controller cannot record a pod's claim: the pod waits without an event and is scheduled once the policy is gone
      resourceclaim/controller.go syncPod creates the claim from the template, then writes
      the pod's status.resourceClaimStatuses; refused, it returns "update pod <ns>/<name>
      ResourceClaimStatuses: <error>" and the pod is requeued with the work queue's backoff,
      no event (only handleClaim's errors are FailedResourceClaimCreation events). Without
      the claim's name in its status the scheduler does not try the pod (DynamicResources
      PreEnqueue). The retry finds the claim it made (findPodResourceClaim: owner and
      annotation), so no second claim is created; once the binding is gone the status is
      written and the pod scheduled.
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
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: no-claim-statuses}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [""], apiVersions: [v1], operations: [UPDATE], resources: [pods/status]}
          validations:
          - expression: "!has(object.status.resourceClaimStatuses)"
            message: claim statuses are frozen
        ---
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: no-claim-statuses}
        spec:
          policyName: no-claim-statuses
          validationActions: [Deny]
        """
      When I apply:
        """
        apiVersion: v1
        kind: Pod
        metadata: {name: trainer}
        spec:
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: gpu-template}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      And 10 seconds pass
      Then there is 1 ResourceClaim object
      And the Pod "trainer" has no "status.resourceClaimStatuses"
      And the Pod "trainer" stays pending without a scheduling attempt
      And no Warning event was recorded for any Pod
      When I delete the ValidatingAdmissionPolicyBinding "no-claim-statuses"
      And 10 seconds pass
      Then the Pod "trainer" is scheduled to "node-1"
      And there is 1 ResourceClaim object

    @req:platform-VAP-R02 @clause:platform-VAP-R02/claim-controller-writes
    Scenario: The ResourceClaim controller cannot release a claim: it stays reserved without an event and is released once the policy is gone
      resourceclaim/controller.go syncClaim drops the reservation of a pod that is gone and,
      as the claim is then unused and carries the scheduler's finalizer, its allocation, in
      one status update; refused, syncClaim returns the error and the claim is requeued with
      the work queue's backoff, without an event. Once the binding is gone a retry releases
      the claim and takes the finalizer off.
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
        ---
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
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      Then the Pod "trainer" is scheduled to "node-1"
      When I create:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: keep-claims}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [UPDATE], resources: [resourceclaims/status]}
          validations:
          - expression: "!has(oldObject.status.reservedFor) || has(object.status.reservedFor)"
            message: claims are kept
        """
      And I create:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: keep-claims}
        spec:
          policyName: keep-claims
          validationActions: [Deny]
        """
      And I delete the Pod "trainer"
      And 10 seconds pass
      Then the Pod "trainer" does not exist
      And the ResourceClaim "gpu-claim" has a "status.reservedFor"
      And the ResourceClaim "gpu-claim" has a "status.allocation"
      And no Warning event was recorded for any ResourceClaim
      When I delete the ValidatingAdmissionPolicyBinding "keep-claims"
      And 10 seconds pass
      Then the ResourceClaim "gpu-claim" has no "status.reservedFor"
      And the ResourceClaim "gpu-claim" has no "status.allocation"
      And the ResourceClaim "gpu-claim" has no "metadata.finalizers"

    @req:platform-VAP-R02 @clause:platform-VAP-R02/claim-controller-writes @needs:logical-clock
    Scenario: The ResourceClaim controller cannot delete a finished pod's claim: it stays, without an event, and goes once the policy is gone
      resourceclaim/controller.go syncClaim deletes an unreserved claim generated for a pod
      that is done (isPodDone), as the garbage collector would not while the pod stays; a
      refused delete makes syncClaim return the error and the claim is requeued with the
      work queue's backoff, without an event. Once the binding is gone a retry deletes it.
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
        ---
        apiVersion: resource.k8s.io/v1
        kind: ResourceClaimTemplate
        metadata: {name: gpu}
        spec:
          spec:
            devices:
              requests:
              - {name: gpu, exactly: {deviceClassName: gpu.example.com}}
        ---
        apiVersion: v1
        kind: Pod
        metadata: {name: job}
        spec:
          resourceClaims:
          - {name: gpu, resourceClaimTemplateName: gpu}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      Then the Pod "job" is scheduled to "node-1"
      And there is 1 ResourceClaim object
      When I create:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: keep-claims}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [DELETE], resources: [resourceclaims]}
          validations:
          - expression: "false"
            message: claims stay
        """
      And I create:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: keep-claims}
        spec:
          policyName: keep-claims
          validationActions: [Deny]
        """
      And the Pod "job" status has:
        """
        phase: Succeeded
        """
      And 10 seconds pass
      Then there is 1 ResourceClaim object
      And no Warning event was recorded for any ResourceClaim
      When I delete the ValidatingAdmissionPolicyBinding "keep-claims"
      And 30 seconds pass
      Then there are 0 ResourceClaim objects

    @req:platform-VAP-R02 @clause:platform-VAP-R02/claim-controller-writes
    Scenario: The ResourceClaim controller cannot take a released claim's finalizer off: it stays after the policy is gone, until the claim is deleted
      resourceclaim/controller.go syncClaim takes the finalizer off with an update right after
      the status update that released the claim, in the same branch (the reservations
      shrank); refused, it returns the error and the claim is retried, but the retry finds
      nothing left to release, and a claim not being deleted loses the finalizer only on that
      transition. So it keeps the finalizer, without an event, also once the binding is gone;
      deleting the claim takes the other branch (DeletionTimestamp set, no reservation),
      which removes it.
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
        ---
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
          resourceClaims:
          - {name: gpu, resourceClaimName: gpu-claim}
          containers:
          - {name: main, image: registry.k8s.io/pause:3.10, resources: {claims: [{name: gpu}]}}
        """
      Then the Pod "trainer" is scheduled to "node-1"
      When I create:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicy
        metadata: {name: keep-claims}
        spec:
          matchConstraints:
            resourceRules:
            - {apiGroups: [resource.k8s.io], apiVersions: [v1], operations: [UPDATE], resources: [resourceclaims]}
          validations:
          - expression: "!has(oldObject.metadata.finalizers) || (has(object.metadata.finalizers) && size(object.metadata.finalizers) > 0)"
            message: claims are kept
        """
      And I create:
        """
        apiVersion: admissionregistration.k8s.io/v1
        kind: ValidatingAdmissionPolicyBinding
        metadata: {name: keep-claims}
        spec:
          policyName: keep-claims
          validationActions: [Deny]
        """
      And I delete the Pod "trainer"
      And 10 seconds pass
      Then the Pod "trainer" does not exist
      And the ResourceClaim "gpu-claim" has no "status.reservedFor"
      And the ResourceClaim "gpu-claim" has no "status.allocation"
      And the ResourceClaim "gpu-claim" has a "metadata.finalizers"
      And no Warning event was recorded for any ResourceClaim
      When I delete the ValidatingAdmissionPolicyBinding "keep-claims"
      And 20 seconds pass
      Then the ResourceClaim "gpu-claim" has a "metadata.finalizers"
      When I delete the ResourceClaim "gpu-claim"
      And 1 second passes
      Then the ResourceClaim "gpu-claim" does not exist
