"""Pod strategy: spec rules on create/update, DRA status rules, drops and /resize."""

from __future__ import annotations

import copy

import pytest

from drakit.api.errors import Path
from drakit.validation.core import (
    STRATEGIES,
    check_binding,
    default_pod_spec,
    validate_node_allocatable_claim_statuses,
    validate_pod_resize,
)
from drakit.validation.strategy import Context

POD = STRATEGIES["Pod"]
CTX = Context(version="1.37", gates={"DRAExtendedResource": True, "PodLevelResources": True,
                                     "GenericWorkload": True})
CTX36 = Context(version="1.36", gates={"DRAExtendedResource": True, "PodLevelResources": True})


def pod(**spec_extra) -> dict:
    spec = {"containers": [{"name": "c", "image": "busybox"}]}
    spec.update(spec_extra)
    return {"apiVersion": "v1", "kind": "Pod",
            "metadata": {"name": "p", "namespace": "default"}, "spec": spec}


def create_errors(obj: dict, ctx: Context = CTX) -> list[str]:
    obj = copy.deepcopy(obj)
    POD.prepare_for_create(obj, ctx)
    return [str(e) for e in POD.validate_create(obj, ctx)]


def ctr(name="c", **res) -> dict:
    c = {"name": name, "image": "busybox"}
    if res:
        c["resources"] = res
    return c


LABEL_MSG = ("a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', "
             "and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', "
             "regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')")


@pytest.mark.parametrize("spec, expected", [
    ({"containers": []}, ["spec.containers: Required value"]),
    ({"containers": [{"image": "x"}]}, ["spec.containers[0].name: Required value"]),
    ({"containers": [{"name": "c"}]}, ["spec.containers[0].image: Required value"]),
    ({"containers": [ctr("Bad")]}, [f'spec.containers[0].name: Invalid value: "Bad": {LABEL_MSG}']),
    ({"containers": [ctr("a"), ctr("a")]}, ['spec.containers[1].name: Duplicate value: "a"']),
    ({"containers": [ctr("a")], "initContainers": [ctr("a")]},
     ['spec.initContainers[0].name: Duplicate value: "a"']),
    ({"containers": [ctr("a")], "ephemeralContainers": [ctr("b")]},
     ["spec.ephemeralContainers: Forbidden: cannot be set on create"]),
])
def test_container_names(spec, expected):
    assert create_errors(pod(**spec)) == expected


@pytest.mark.parametrize("res, expected", [
    # at-limit / equal
    ({"requests": {"cpu": "1"}, "limits": {"cpu": "1"}}, []),
    ({"requests": {"cpu": "1001m"}, "limits": {"cpu": "1"}},
     ['spec.containers[0].resources.requests: Invalid value: "1001m": must be less than or equal to cpu limit of 1']),
    # extended resources: requests must equal limits
    ({"requests": {"example.com/gpu": "1"}, "limits": {"example.com/gpu": "2"}},
     ['spec.containers[0].resources.requests: Invalid value: "1": must be equal to example.com/gpu limit of 2']),
    # limits only: requests defaulted from limits -> valid
    ({"limits": {"example.com/gpu": "2"}}, []),
    ({"requests": {"example.com/gpu": "2"}},
     ["spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources"]),
    ({"limits": {"example.com/gpu": "500m"}},
     ['spec.containers[0].resources.limits[example.com/gpu]: Invalid value: "500m": must be an integer',
      'spec.containers[0].resources.requests[example.com/gpu]: Invalid value: "500m": must be an integer']),
    ({"requests": {"cpu": "-1"}},
     ['spec.containers[0].resources.requests[cpu]: Invalid value: "-1": must be greater than or equal to 0']),
    ({"requests": {"foo": "1"}},
     ['spec.containers[0].resources.requests[foo]: Invalid value: "foo": must be a standard resource type or fully qualified',
      'spec.containers[0].resources.requests[foo]: Invalid value: "foo": must be a standard resource for containers']),
    ({"requests": {"pods": "1"}},
     ['spec.containers[0].resources.requests[pods]: Invalid value: "pods": must be a standard resource for containers']),
    ({"limits": {"requests.example.com/gpu": "1"}},
     ['spec.containers[0].resources.limits[requests.example.com/gpu]: Invalid value: "requests.example.com/gpu": '
      "doesn't follow extended resource name standard",
      'spec.containers[0].resources.requests[requests.example.com/gpu]: Invalid value: "requests.example.com/gpu": '
      "doesn't follow extended resource name standard"]),
    ({"limits": {"hugepages-2Mi": "4Mi"}},
     ["spec.containers[0].resources: Forbidden: HugePages require cpu or memory"]),
])
def test_container_resources(res, expected):
    assert create_errors(pod(containers=[ctr(**res)])) == expected


CLAIM_A = {"name": "a", "resourceClaimName": "claim-a"}


@pytest.mark.parametrize("claims, rc, expected", [
    ([CLAIM_A], [{"name": "a"}], []),
    ([CLAIM_A], [{"name": "b"}],
     ['spec.containers[0].resources.claims[0]: Not found: "b": must be one of the names in '
      "pod.spec.resourceClaims: a"]),
    ([], [{"name": "b"}],
     ['spec.containers[0].resources.claims[0]: Not found: "b": must be one of the names in '
      "pod.spec.resourceClaims which is empty"]),
    ([CLAIM_A], [{"name": "a"}, {"name": "a"}], ['spec.containers[0].resources.claims[1]: Duplicate value: "a"']),
    ([CLAIM_A], [{"name": "a", "request": "r"}, {"name": "a", "request": "r"}],
     ['spec.containers[0].resources.claims[1]: Duplicate value: "a/r"']),
    ([CLAIM_A], [{"name": "a", "request": "r"}, {"name": "a"}],
     ['spec.containers[0].resources.claims[1]: Duplicate value: "a"']),
    ([CLAIM_A], [{"name": ""}], ["spec.containers[0].resources.claims[0]: Required value"]),
])
def test_container_claim_references(claims, rc, expected):
    assert create_errors(pod(resourceClaims=claims, containers=[ctr(claims=rc)])) == expected


@pytest.mark.parametrize("claims, expected", [
    ([CLAIM_A, {"name": "b", "resourceClaimTemplateName": "t"}], []),
    ([CLAIM_A, CLAIM_A], ['spec.resourceClaims[1].name: Duplicate value: "a"']),
    ([{"resourceClaimName": "x"}], ["spec.resourceClaims[0].name: Required value"]),
    ([{"name": "a"}],
     ['spec.resourceClaims[0]: Invalid value: {"Name":"a","ResourceClaimName":null,"ResourceClaimTemplateName":null}: '
      "must specify one of: `resourceClaimName`, `resourceClaimTemplateName`"]),
    ([{"name": "a", "resourceClaimName": "x", "resourceClaimTemplateName": "y"}],
     ['spec.resourceClaims[0]: Invalid value: {"Name":"a","ResourceClaimName":"x","ResourceClaimTemplateName":"y"}: '
      "at most one of `resourceClaimName` or `resourceClaimTemplateName` may be specified"]),
    ([{"name": "A_", "resourceClaimName": "x"}], [f'spec.resourceClaims[0].name: Invalid value: "A_": {LABEL_MSG}']),
])
def test_pod_resource_claims(claims, expected):
    assert create_errors(pod(resourceClaims=claims)) == expected


def test_scheduling_group_rules():
    assert create_errors(pod(schedulingGroup={"podGroupName": "grp.a"})) == []
    assert create_errors(pod(schedulingGroup={})) == [
        "spec.schedulingGroup.podGroupName: Invalid value: null: must specify one of: `podGroupName`"]
    errs = create_errors(pod(schedulingGroup={"podGroupName": "Bad"}))
    assert errs[0].startswith('spec.schedulingGroup.podGroupName: Invalid value: "Bad": a lowercase RFC 1123 subdomain')


def test_scheduling_group_dropped_when_gate_off_on_create():
    obj = pod(schedulingGroup={"podGroupName": "g"})
    POD.prepare_for_create(obj, Context(version="1.37"))
    assert "schedulingGroup" not in obj["spec"]


def test_scheduling_group_kept_on_update_when_old_used_it():
    ctx_off = Context(version="1.37")
    old = pod(schedulingGroup={"podGroupName": "g"})
    new = copy.deepcopy(old)
    POD.prepare_for_update(new, old, ctx_off)
    assert new["spec"]["schedulingGroup"] == {"podGroupName": "g"}


def test_scheduling_group_immutable_on_update():
    old = pod(schedulingGroup={"podGroupName": "g1"})
    POD.prepare_for_create(old, CTX)
    new = copy.deepcopy(old)
    new["spec"]["schedulingGroup"] = {"podGroupName": "g2"}
    POD.prepare_for_update(new, old, CTX)
    errs = [str(e) for e in POD.validate_update(new, old, CTX)]
    assert len(errs) == 1
    assert errs[0].startswith("spec: Forbidden: pod updates may not change fields other than "
                              "`spec.containers[*].image`,`spec.initContainers[*].image`,"
                              "`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to "
                              "existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to "
                              "be set to 1 if it was previously negative)\n")
    assert "spec.schedulingGroup.podGroupName" in errs[0]


def test_update_image_allowed_and_container_count_forbidden():
    old = pod()
    POD.prepare_for_create(old, CTX)
    new = copy.deepcopy(old)
    new["spec"]["containers"][0]["image"] = "busybox:2"
    assert POD.validate_update(new, old, CTX) == []
    # defaulted as a request's container would be (validation alone requires the policies)
    new["spec"]["containers"].append({"name": "d", "image": "x", "imagePullPolicy": "IfNotPresent",
                                      "terminationMessagePolicy": "File"})
    assert [str(e) for e in POD.validate_update(new, old, CTX)] == [
        "spec.containers: Forbidden: pod updates may not add or remove containers"]


def test_node_name_set_once():
    assert check_binding(pod()) is None
    bound = pod(nodeName="node-1")
    assert check_binding(bound) == 'pod p is already assigned to node "node-1"'
    old = pod()
    POD.prepare_for_create(old, CTX)
    new = copy.deepcopy(old)
    new["spec"]["nodeName"] = "node-1"
    errs = [str(e) for e in POD.validate_update(new, old, CTX)]
    assert len(errs) == 1 and errs[0].startswith("spec: Forbidden: pod updates may not change")


@pytest.mark.parametrize("res, expected", [
    ({"requests": {"cpu": "2"}, "limits": {"cpu": "2"}}, []),
    ({"requests": {"cpu": "500m"}},
     ['spec.resources.requests[cpu]: Invalid value: "500m": must be greater than or equal to aggregate '
      "container requests of 1"]),
    # defaultPodRequests: the pod-level request defaults to the containers' aggregate (1),
    # not to the pod-level limit, so the request now exceeds the limit
    ({"limits": {"cpu": "500m"}},
     ['spec.resources.requests: Invalid value: "1": must be less than or equal to cpu limit of 500m',
      'spec.resources.containers[0][cpu].limits: Invalid value: "1": must be less than or equal to pod '
      "limits of 500m"]),
    ({"requests": {"example.com/gpu": "1"}},
     ['spec.resources.requests[example.com/gpu]: Unsupported value: "example.com/gpu": supported values: '
      '"cpu", "memory"',
      "spec.resources.limits: Required value: Limit must be set for non overcommitable resources"]),
    # k/k validatePodResources passes the whole block (claims too) to the requirement checks
    ({"claims": [{"name": "a"}]}, ["spec.resources.claims: Forbidden: claims may not be set for Resources at pod-level",
                                   'spec.resources.claims[0]: Not found: "a": must be one of the names in '
                                   "pod.spec.resourceClaims which is empty"]),
])
def test_pod_level_resources(res, expected):
    obj = pod(containers=[ctr(requests={"cpu": "1"}, limits={"cpu": "1"})], resources=res)
    assert create_errors(obj) == expected


def test_pod_level_resources_dropped_without_gate():
    obj = pod(resources={"requests": {"cpu": "500m"}})
    POD.prepare_for_create(obj, Context(version="1.37"))
    assert "resources" not in obj["spec"]


def test_create_defaults_and_status():
    obj = pod(containers=[ctr(limits={"cpu": "1", "memory": "1Gi"})])
    POD.prepare_for_create(obj, CTX)
    c = obj["spec"]["containers"][0]
    assert c["resources"]["requests"] == {"cpu": "1", "memory": "1Gi"}
    assert c["imagePullPolicy"] == "Always" and c["terminationMessagePolicy"] == "File"
    assert obj["spec"]["restartPolicy"] == "Always"
    assert obj["status"] == {"phase": "Pending", "qosClass": "Guaranteed"}
    obj = pod(unknownField={"kept": True})
    POD.prepare_for_create(obj, CTX)
    assert obj["spec"]["unknownField"] == {"kept": True}
    assert obj["status"]["qosClass"] == "BestEffort"


# --- status -----------------------------------------------------------------------

def bound_pod() -> dict:
    obj = pod(containers=[{"name": "c", "image": "x", "resources": {
        "requests": {"example.com/gpu": "1"}, "limits": {"example.com/gpu": "1"}}}],
        initContainers=[{"name": "i", "image": "x"}],
        resourceClaims=[{"name": "a", "resourceClaimName": "claim-a"},
                        {"name": "t", "resourceClaimTemplateName": "tmpl"}])
    POD.prepare_for_create(obj, CTX)
    return obj


def status_errors(status_patch: dict, ctx: Context = CTX) -> list[str]:
    old = bound_pod()
    new = copy.deepcopy(old)
    new["status"].update(status_patch)
    POD.prepare_for_status_update(new, old, ctx)
    return [str(e) for e in POD.validate_status_update(new, old, ctx)]


MAP_OK = {"containerName": "c", "resourceName": "example.com/gpu", "requestName": "container-0-request-0"}


@pytest.mark.parametrize("ercs, expected", [
    ({"resourceClaimName": "p-extended-resources-abcde", "requestMappings": [MAP_OK]}, []),
    ({"resourceClaimName": "x", "requestMappings": []},
     ["status.extendedResourceClaimStatus.requestMappings: Required value: at least one request mapping is required"]),
    ({"resourceClaimName": "x", "requestMappings": [dict(MAP_OK, containerName="nope")]},
     ['status.extendedResourceClaimStatus.requestMappings[0].containerName: Invalid value: "nope": must match the '
      "name of an entry in spec.initContainers.name or spec.containers.name"]),
    ({"resourceClaimName": "x", "requestMappings": [dict(MAP_OK, resourceName="example.com/fpga")]},
     ['status.extendedResourceClaimStatus.requestMappings[0].resourceName: Invalid value: "example.com/fpga": '
      "must match the extended resource name of an entry in spec.initContainers.resources.requests or "
      "spec.containers.resources.requests"]),
    # the upstream path quirk: no requestMappings[i] for requestName
    ({"resourceClaimName": "x", "requestMappings": [dict(MAP_OK, requestName="Req")]},
     [f'status.extendedResourceClaimStatus.requestName: Invalid value: "Req": {LABEL_MSG}']),
    ({"resourceClaimName": "x", "requestMappings": [MAP_OK, MAP_OK]},
     ['status.extendedResourceClaimStatus.requestMappings[1].containerName: Duplicate value: "c"',
      'status.extendedResourceClaimStatus.requestMappings[1].resourceName: Duplicate value: "example.com/gpu"',
      'status.extendedResourceClaimStatus.requestMappings[1].requestName: Duplicate value: "container-0-request-0"']),
    ({"requestMappings": [MAP_OK]}, ["status.extendedResourceClaimStatus.resourceClaimName: Required value"]),
])
def test_extended_resource_claim_status(ercs, expected):
    assert status_errors({"extendedResourceClaimStatus": ercs}) == expected


def test_extended_resource_claim_status_dropped_when_gate_off():
    off = Context(version="1.36", gates={"DRAExtendedResource": False})
    old = bound_pod()
    new = copy.deepcopy(old)
    new["status"]["extendedResourceClaimStatus"] = {"resourceClaimName": "x", "requestMappings": [MAP_OK]}
    POD.prepare_for_status_update(new, old, off)
    assert "extendedResourceClaimStatus" not in new["status"]
    old["status"]["extendedResourceClaimStatus"] = {"resourceClaimName": "y", "requestMappings": [MAP_OK]}
    new = copy.deepcopy(old)
    POD.prepare_for_status_update(new, old, off)
    assert new["status"]["extendedResourceClaimStatus"]["resourceClaimName"] == "y"


NA_GATE = {"DRANodeAllocatableResources": True}
P0 = "status.nodeAllocatableResourceClaimStatuses[0]"


@pytest.mark.parametrize("entry, expected", [
    ({"resourceClaimName": "claim-a", "containers": ["c"], "mapping": [{"name": "memory", "quantity": "1Gi"}]}, []),
    # 1.37 shipped types: containers, mapping and overhead are optional (unreferenced and
    # overhead-only claims, KEP-5517 alpha2 kubernetes/kubernetes#140009)
    ({"resourceClaimName": "claim-a", "containers": ["c"], "mapping": []}, []),
    ({"resourceClaimName": "claim-a", "overhead": [{"name": "memory", "perPod": "1Gi"}]}, []),
    ({"resourceClaimName": "claim-a"}, []),
    ({"resourceClaimName": "other", "containers": [], "mapping": [{"name": "example.com/x", "quantity": "-1"}]},
     [f'{P0}.resourceClaimName: Invalid value: "other": no mapping found in pod reference',
      f'{P0}.mapping[0].name: Invalid value: "example.com/x": must be a node allocatable resource name',
      f'{P0}.mapping[0].quantity: Invalid value: "-1": must be non-negative']),
    ({"containers": ["c"], "mapping": [{"name": "cpu", "quantity": "1"}]},
     [f"{P0}.resourceClaimName: Required value: must not be empty",
      f'{P0}.resourceClaimName: Invalid value: "": no mapping found in pod reference']),
])
def test_node_allocatable_status_137(entry, expected):
    ctx = Context(version="1.37", gates=NA_GATE)
    assert status_errors({"nodeAllocatableResourceClaimStatuses": [entry]}, ctx) == expected


@pytest.mark.parametrize("entry, expected", [
    ({"resourceClaimName": "claim-a", "containers": ["c"], "resources": {"cpu": "1"}}, []),
    ({"resourceClaimName": "claim-a", "containers": ["c"], "resources": {}},
     [f"{P0}.resources: Required value: must not be empty"]),
    ({"resourceClaimName": "claim-a", "containers": ["c"], "resources": {"example.com/x": "-2"}},
     [f'{P0}.resources[example.com/x]: Invalid value: "example.com/x": must be a node allocatable resource name',
      f'{P0}.resources[example.com/x]: Invalid value: "-2": must be non-negative']),
])
def test_node_allocatable_status_136(entry, expected):
    ctx = Context(version="1.36", gates=NA_GATE)
    assert status_errors({"nodeAllocatableResourceClaimStatuses": [entry]}, ctx) == expected


def test_node_allocatable_status_136_requires_containers():
    entry = {"resourceClaimName": "claim-a", "containers": [], "resources": {"cpu": "1"}}
    errs = status_errors({"nodeAllocatableResourceClaimStatuses": [entry]}, Context(version="1.36", gates=NA_GATE))
    assert errs == [f"{P0}.containers: Required value: must not be empty"]


@pytest.mark.parametrize("version, expected", [
    # kubernetes/kubernetes#141467: 1.37 knows only spec and resourceClaimStatuses names
    ("1.37", [f'{P0}.resourceClaimName: Invalid value: "p-extended-resources-abcde": '
              "no mapping found in pod reference"]),
    # kubernetes/kubernetes#141556 (first release 1.38) also accepts the extended claim's name
    ("1.38", []),
])
def test_node_allocatable_status_extended_resource_claim_name(version, expected):
    status = {"extendedResourceClaimStatus": {"resourceClaimName": "p-extended-resources-abcde"},
              "nodeAllocatableResourceClaimStatuses": [
                  {"resourceClaimName": "p-extended-resources-abcde", "mapping": [{"name": "cpu", "quantity": "1"}]}]}
    errs = validate_node_allocatable_claim_statuses(status, {}, Path("status").child(
        "nodeAllocatableResourceClaimStatuses"), version)
    assert [str(e) for e in errs] == expected


def test_node_allocatable_status_matches_generated_claim_name():
    entry = {"resourceClaimName": "p-t-xyz", "containers": ["c"], "mapping": [{"name": "cpu", "quantity": "1"}]}
    errs = status_errors({"resourceClaimStatuses": [{"name": "t", "resourceClaimName": "p-t-xyz"}],
                          "nodeAllocatableResourceClaimStatuses": [entry]}, Context(version="1.37", gates=NA_GATE))
    assert errs == []


def test_node_allocatable_status_dropped_when_gate_off():
    entry = {"resourceClaimName": "claim-a", "containers": ["c"], "mapping": [{"name": "cpu", "quantity": "1"}]}
    old = bound_pod()
    new = copy.deepcopy(old)
    new["status"]["nodeAllocatableResourceClaimStatuses"] = [entry]
    POD.prepare_for_status_update(new, old, Context(version="1.37"))
    assert "nodeAllocatableResourceClaimStatuses" not in new["status"]


@pytest.mark.parametrize("statuses, expected", [
    ([{"name": "t", "resourceClaimName": "p-t-1"}], []),
    ([{"name": "zz"}], ['status.resourceClaimStatuses[0].name: Invalid value: "zz": must match the name of an '
                        "entry in `spec.resourceClaims`"]),
    ([{"name": "t"}, {"name": "t"}], ['status.resourceClaimStatuses[1].name: Duplicate value: "t"']),
])
def test_resource_claim_statuses(statuses, expected):
    assert status_errors({"resourceClaimStatuses": statuses}) == expected


def test_status_update_cannot_change_node_name_or_spec():
    old = bound_pod()
    new = copy.deepcopy(old)
    new["spec"]["nodeName"] = "n"
    POD.prepare_for_status_update(new, old, CTX)
    assert "nodeName" not in new["spec"]  # spec is taken from the stored object


def test_resize_forbidden_with_node_allocatable_claims():
    old = bound_pod()
    old["status"]["nodeAllocatableResourceClaimStatuses"] = [
        {"resourceClaimName": "claim-a", "containers": ["c"], "mapping": [{"name": "cpu", "quantity": "1"}]}]
    new = copy.deepcopy(old)
    assert [str(e) for e in validate_pod_resize(new, old, CTX)] == [
        "spec: Forbidden: pods with node allocatable resource claims cannot be resized"]
    del old["status"]["nodeAllocatableResourceClaimStatuses"]
    assert validate_pod_resize(new, old, CTX) == []


def test_unknown_restart_policy_lists_the_supported_values():
    # k/k validateRestartPolicy: NotSupported with the three values (the mutation run found
    # no test that reads the list, docs/mutation.md)
    assert create_errors(pod(restartPolicy="Sometimes")) == [
        'spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", '
        '"OnFailure", "Never"']


@pytest.mark.parametrize("target, expected", [
    ("c", []),
    ("init", []),
    ("nope", ['spec.ephemeralContainers[0].targetContainerName: Not found: "nope"']),
])
def test_ephemeral_container_target_must_name_a_container(target, expected):
    """k/k pkg/apis/core/validation validateEphemeralContainers: targetContainerName must name
    one of the pod's containers or init containers (field.NotFound otherwise)."""
    from drakit.validation.core import _validate_ephemeral_containers

    eph = [{"name": "debug", "image": "busybox", "targetContainerName": target,
            "imagePullPolicy": "Always", "terminationMessagePolicy": "File"}]  # as defaulted
    errs = _validate_ephemeral_containers(eph, [ctr("c")], [ctr("init")], set(),
                                          Path("spec").child("ephemeralContainers"))
    assert [str(e) for e in errs] == expected


def test_unknown_image_pull_policy_lists_the_supported_values():
    """k/k validateContainers (validatePullPolicy): NotSupported with the three policies."""
    bad = pod(containers=[{"name": "c", "image": "busybox", "imagePullPolicy": "Sometimes"}])
    assert create_errors(bad) == ['spec.containers[0].imagePullPolicy: Unsupported value: '
                                  '"Sometimes": supported values: "Always", "IfNotPresent", "Never"']


@pytest.mark.parametrize("overhead, expected", [
    ({"cpu": "250m", "memory": "120Mi"}, []),
    ({"cpu": "-1"}, ['spec.overhead.limits[cpu]: Invalid value: "-1": must be greater than or equal to 0']),
    ({"example.com/gpu": "500m"},
     ['spec.overhead.limits[example.com/gpu]: Invalid value: "500m": must be an integer']),
    ({"hugepages-2Mi": "2Mi"}, ["spec.overhead: Forbidden: HugePages require cpu or memory"]),
])
def test_overhead_is_validated_as_container_limits(overhead, expected):
    """k/k validateOverhead (validation.go @ abe8f409) reuses the container resource rules
    with the overhead as limits: the paths read spec.overhead.limits[<name>]."""
    assert create_errors(pod(overhead=overhead)) == expected


# ---------------------------------------------------------------- pod-deletion-cost
COST = "controller.kubernetes.io/pod-deletion-cost"
COST_ERR = f"metadata.annotations[{COST}]: Invalid value: \"007\": must be a 32bit integer"
CTX_COST = Context(version="1.37", gates={**CTX.gates, "PodDeletionCost": True})


def _with_cost(value: str | None) -> dict:
    p = pod()
    if value is not None:
        p["metadata"]["annotations"] = {COST: value}
    return p


def test_deletion_cost_is_checked_on_create_only_with_the_gate():
    assert create_errors(_with_cost("007"), CTX_COST) == [COST_ERR]
    assert create_errors(_with_cost("-7"), CTX_COST) == []
    assert create_errors(_with_cost("007"), CTX) == []  # AllowInvalidPodDeletionCost


@pytest.mark.parametrize("old_value, errors", [
    (None, [COST_ERR, COST_ERR]),  # ValidatePodUpdate checks the annotations twice
    ("1", [COST_ERR, COST_ERR]),
    ("+1", []),  # the stored value is invalid already: the update may keep an invalid one
])
def test_deletion_cost_on_update(old_value, errors):
    old, new = _with_cost(old_value), _with_cost("007")
    POD.prepare_for_create(old, CTX_COST)
    POD.prepare_for_update(new, old, CTX_COST)
    assert [str(e) for e in POD.validate_update(new, old, CTX_COST)] == errors
    status_errors = [str(e) for e in POD.validate_status_update(new, old, CTX_COST)]
    assert status_errors == errors[:1]


@pytest.mark.parametrize("resources, containers, init, expected", [
    # no pod-level limits: nothing to default
    ({"requests": {"cpu": "2"}}, [{"requests": {"cpu": "1"}}], [], {"requests": {"cpu": "2"}}),
    # cpu and memory requests from the containers' aggregate, else from the pod-level limit
    ({"limits": {"cpu": "2", "memory": "1Gi"}},
     [{"requests": {"cpu": "250m"}}, {"requests": {"cpu": "250m"}}], [],
     {"limits": {"cpu": "2", "memory": "1Gi"}, "requests": {"cpu": "500m", "memory": "1Gi"}}),
    # a container limit is its request first (SetDefaults_Pod), then aggregated
    ({"limits": {"memory": "1Gi"}}, [{"limits": {"memory": "512Mi"}}], [],
     {"limits": {"memory": "1Gi"}, "requests": {"memory": "512Mi"}}),
    # sidecars add up, an init container's peak counts (AggregateContainerRequests)
    ({"limits": {"cpu": "4"}}, [{"requests": {"cpu": "1"}}],
     [{"requests": {"cpu": "3"}}, {"requests": {"cpu": "500m"}, "restartPolicy": "Always"}],
     {"limits": {"cpu": "4"}, "requests": {"cpu": "3"}}),
    # a request given stays
    ({"limits": {"cpu": "2"}, "requests": {"cpu": "1500m"}}, [{"requests": {"cpu": "1"}}], [],
     {"limits": {"cpu": "2"}, "requests": {"cpu": "1500m"}}),
    # hugepages: the containers' limit becomes the pod limit (defaultHugePagePodLimits), the
    # pod request comes from that limit, never from the aggregate requests
    ({"requests": {"cpu": "500m"}},
     [{"requests": {"cpu": "100m"}, "limits": {"hugepages-2Mi": "2Mi"}},
      {"requests": {"cpu": "100m"}, "limits": {"hugepages-2Mi": "2Mi"}}], [],
     {"limits": {"hugepages-2Mi": "4Mi"}, "requests": {"cpu": "500m", "hugepages-2Mi": "4Mi"}}),
    # ... unless the pod level requests that hugepage size
    ({"requests": {"cpu": "500m", "hugepages-2Mi": "4Mi"}},
     [{"requests": {"cpu": "100m"}, "limits": {"hugepages-2Mi": "2Mi"}}], [],
     {"requests": {"cpu": "500m", "hugepages-2Mi": "4Mi"}}),
    # without pod-level resources the containers' hugepages stay theirs
    (None, [{"limits": {"memory": "1Gi", "hugepages-2Mi": "2Mi"}}], [], None),
])
def test_pod_level_defaults(resources, containers, init, expected):
    """k/k pkg/apis/core/v1/defaults.go SetDefaults_Pod (1.34-1.36): defaultHugePagePodLimits,
    then defaultPodRequests."""
    spec = {"containers": [{"name": f"c{i}", "image": "x", "resources": r}
                           for i, r in enumerate(containers)],
            "initContainers": [{"name": f"i{i}", "image": "x",
                                "resources": {k: v for k, v in r.items() if k != "restartPolicy"},
                                **({"restartPolicy": r["restartPolicy"]} if "restartPolicy" in r else {})}
                               for i, r in enumerate(init)]}
    if resources is not None:
        spec["resources"] = copy.deepcopy(resources)
    default_pod_spec(spec, CTX36)
    assert spec.get("resources") == expected


def test_a_pod_template_keeps_its_container_limits_apart():
    """SetDefaults_Pod copies limits into requests "on a v1.Pod and not a v1.PodTemplate"."""
    spec = {"containers": [{"name": "a", "image": "x", "resources": {"limits": {"cpu": "1"}}}],
            "resources": {"limits": {"cpu": "2"}}}
    default_pod_spec(spec, CTX36, pod=False)
    assert spec["containers"][0]["resources"] == {"limits": {"cpu": "1"}}
    assert spec["resources"] == {"limits": {"cpu": "2"}}


def test_undefaulted_policies_are_required_and_defaulting_fills_them_also_without_an_image():
    """validateTerminationMessagePolicy and validatePullPolicy report "" as Required; a request's
    containers never show it, as SetDefaults_Container fills both first, the pull policy also
    when the image is missing or does not parse (ParseImageName's error is ignored: no tag,
    IfNotPresent), so a pod without an image is refused for the image alone."""
    errs = [str(e) for e in POD.validate_create(pod(), CTX)]
    assert errs == ["spec.containers[0].terminationMessagePolicy: Required value",
                    "spec.containers[0].imagePullPolicy: Required value"]
    assert create_errors(pod(containers=[{"name": "c"}])) == ["spec.containers[0].image: Required value"]
    obj = pod(containers=[{"name": "c"}], ephemeralContainers=[{"name": "e", "image": "busybox"}])
    POD.prepare_for_create(obj, CTX)
    assert obj["spec"]["containers"][0]["imagePullPolicy"] == "IfNotPresent"
    assert obj["spec"]["ephemeralContainers"][0]["imagePullPolicy"] == "Always"
    assert obj["spec"]["ephemeralContainers"][0]["terminationMessagePolicy"] == "File"
