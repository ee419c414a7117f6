"""The cost bound of ValidatingAdmissionPolicy expressions (drakit/admission_policy.py module
docstring, drakit.cel DynExpression): hostile expressions over a maximal object are refused
before they run, with upstream's text; the budgets; cheap expressions evaluate as before."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from drakit.admission_policy import (
    _VARIABLES,
    OUT_OF_BUDGET,
    RUNTIME_CEL_COST_BUDGET,
    Attributes,
    EvalError,
    compile_expression,
    evaluate,
    evaluate_with_cost,
    validate_policy,
)
from drakit.cel import (
    COST_LIMIT_EXCEEDED,
    PER_CALL_LIMIT,
    CELRuntimeError,
    CostLimitExceeded,
    _dyn_env,
    compile_dyn,
)

COST_ERROR = "operation cancelled: actual cost limit exceeded"


def maximal_object() -> dict:
    """Close to what the API server lets through: 3 MiB requests, 256 KiB of annotations."""
    return {
        "apiVersion": "example.com/v1", "kind": "Widget",
        "metadata": {"name": "w", "annotations": {f"k{i:05d}": "v" * 100 for i in range(2000)}},
        "spec": {"items": [f"item-{i:06d}" for i in range(100_000)],
                 "numbers": list(range(100_000)),
                 "text": "a" * 1_000_000},
    }


def act(obj: dict | None, old: dict | None = None) -> dict:
    return {"object": obj, "oldObject": old, "request": {"operation": "CREATE"},
            "namespaceObject": None}


HOSTILE = [
    # nested comprehensions over the object's own lists and maps
    "object.metadata.annotations.all(k, object.metadata.annotations.all(j, k != j || true))",
    "object.spec.items.all(a, object.spec.items.all(b, a != b || true))",
    "object.spec.numbers.exists(x, object.spec.numbers.exists(y, x + y < 0))",
    "object.spec.items.map(x, object.spec.items.map(y, x + y)).size() > 0",
    "object.spec.items.filter(x, object.spec.items.exists(y, y == x + 'z')).size() == 0",
    # quadratic library functions (distinct took 71 s over 20,000 elements before the bound)
    "object.spec.items.distinct().size() > 0",
    "object.spec.numbers.sort().size() > 0",
    "sets.equivalent(object.spec.items, object.spec.items)",
    # a large literal
    "lists.range(100000000).size() > 0",
    "[0,1,2,3,4,5,6,7,8,9].all(a, [0,1,2,3,4,5,6,7,8,9].all(b, [0,1,2,3,4,5,6,7,8,9].all(c, "
    "[0,1,2,3,4,5,6,7,8,9].all(d, [0,1,2,3,4,5,6,7,8,9].all(e, [0,1,2,3,4,5,6,7,8,9].all(f, "
    "a + b + c + d + e + f >= 0))))))",
    # string work over a long value, in a loop
    "object.spec.items.all(x, object.spec.text.contains(x))",
    "object.metadata.annotations.all(k, object.spec.text.matches('^a+$'))",
    # results larger than the request: a replacement at every position, a long separator
    "object.spec.text.replace('', object.spec.text).size() > 0",
    "object.spec.items.join(object.spec.text).size() > 0",
]


@pytest.mark.parametrize("expression", HOSTILE)
def test_hostile_expression_over_a_maximal_object_is_refused_before_it_runs(expression) -> None:
    c = compile_expression(expression)
    assert c.error == "", c.error
    a = act(maximal_object())
    assert c.program is not None and c.program.cost_bound(a) > PER_CALL_LIMIT
    with pytest.raises(EvalError) as e:
        evaluate(c, a)
    assert str(e.value) == COST_ERROR
    assert e.value.cost == PER_CALL_LIMIT + 1  # what the budget is charged


def test_refusal_is_cost_limit_exceeded_with_the_bound() -> None:
    d = compile_dyn("object.spec.items.distinct().size() > 0", _VARIABLES)
    with pytest.raises(CostLimitExceeded) as e:
        d.evaluate(act(maximal_object()))
    assert str(e.value) == COST_LIMIT_EXCEEDED == COST_ERROR
    assert e.value.cost == d.cost_bound(act(maximal_object())) > PER_CALL_LIMIT
    assert isinstance(e.value, CELRuntimeError)


@pytest.mark.parametrize("expression", [e for e in HOSTILE if e.startswith("object.")])
def test_the_same_expression_over_a_small_object_runs(expression) -> None:
    small = {"metadata": {"annotations": {"a": "x", "b": "y"}},
             "spec": {"items": ["p", "q"], "numbers": [2, 1], "text": "aaa"}}
    value, cost = evaluate_with_cost(compile_expression(expression), act(small))
    assert cost <= PER_CALL_LIMIT
    assert isinstance(value, bool)


def test_bound_follows_the_sizes_of_this_activation() -> None:
    d = compile_dyn("object.spec.items.all(a, object.spec.items.all(b, a != b || true))", _VARIABLES)
    costs = [d.cost_bound(act({"spec": {"items": ["x"] * n}})) for n in (1, 10, 100)]
    assert costs[0] < costs[1] < costs[2]
    # a missing path costs nothing more: the evaluation fails there
    assert d.cost_bound(act({"spec": {}})) < costs[0] + 10


@pytest.mark.parametrize("expression", [
    "object.spec.containers.all(c, c.image.startsWith('registry.example.com/'))",
    "object.spec.containers.map(c, c.name).exists(n, n.contains('sidecar'))",
    "object.spec.containers.filter(c, has(c.ports)).all(c, c.ports.all(p, p.containerPort > 1024))",
    "!has(object.metadata.labels) || object.metadata.labels.all(k, k.size() < 64 && "
    "object.metadata.labels[k].matches('^[a-z0-9-]*$'))",
])
def test_everyday_policies_over_an_everyday_pod_are_far_from_the_limit(expression) -> None:
    pod = {"metadata": {"name": "web", "labels": {"app": "web", "tier": "front"},
                        "annotations": {"kubectl.kubernetes.io/last-applied-configuration": "x" * 4000}},
           "spec": {"containers": [{"name": f"c{i}", "image": "registry.example.com/app:1.2.3",
                                    "ports": [{"containerPort": 8080 + i}]} for i in range(10)]}}
    assert compile_dyn(expression, _VARIABLES).evaluate(act(pod))[1] < PER_CALL_LIMIT // 100


def test_a_constant_key_reads_its_own_value_not_the_largest() -> None:
    d = compile_dyn("object.metadata.annotations['items'].split(',').all(a, "
                    "object.metadata.annotations['items'].split(',').all(b, a + b != ''))", _VARIABLES)
    obj = {"metadata": {"annotations": {"items": "x,y", "other": "z" * 100_000}}}
    assert d.evaluate(act(obj))[0] is True


# ----------------------------------------------------------------------------- budgets

def attrs(obj: dict) -> Attributes:
    return Attributes("CREATE", "Widget", "example.com", "v1", "widgets", "", "w", "", obj, None)


COSTLY = "object.spec.items.all(a, object.spec.items.all(b, a != b || true))"
BIG = {"metadata": {"name": "w"}, "spec": {"items": [f"{i}" for i in range(1000)]}}


def policy(validations: list, conditions: list | None = None, fail: str = "Fail") -> dict:
    spec: dict = {"failurePolicy": fail, "validations": validations}
    if conditions:
        spec["matchConditions"] = [{"name": f"c{i}", "expression": e} for i, e in enumerate(conditions)]
    return {"metadata": {"name": "p"}, "spec": spec}


@pytest.mark.parametrize("n", [9, 10])
def test_validations_share_the_runtime_budget(n) -> None:
    # activation.go: each cancelled evaluation is charged just over PerCallLimit; the 10th
    # costs more than the 10,000,000 budget has left
    assert RUNTIME_CEL_COST_BUDGET == 10 * PER_CALL_LIMIT
    ds = validate_policy(policy([{"expression": COSTLY}] * n), attrs(BIG), None)
    if n == 9:
        assert [d.message for d in ds] == [f"expression '{COSTLY}' resulted in error: {COST_ERROR}"] * 9
        assert {d.action for d in ds} == {"deny"}
    else:
        assert [(d.action, d.message) for d in ds] == [("deny", OUT_OF_BUDGET)]
    ignored = validate_policy(policy([{"expression": COSTLY}] * n, fail="Ignore"), attrs(BIG), None)
    assert {d.action for d in ignored} == {"admit"}


def test_message_expressions_get_what_is_left_and_a_passed_validation_fails_with_them() -> None:
    # validator.go: the message filter runs on the remaining budget; once it runs out every
    # validation without an error of its own is "failed messageExpression: ..." (passed too)
    vs = [{"expression": COSTLY}] * 9 + [{"expression": "true",
                                          "messageExpression": f"string({COSTLY})"}]
    ds = validate_policy(policy(vs), attrs(BIG), None)
    assert ds[-1].action == "deny"
    assert ds[-1].message == f"failed messageExpression: {OUT_OF_BUDGET}"
    assert ds[0].message.endswith(COST_ERROR)


def test_match_conditions_have_their_own_smaller_budget() -> None:
    two = validate_policy(policy([{"expression": "false"}], [COSTLY, COSTLY]), attrs(BIG), None)
    assert [d.message for d in two] == [f"expression '{COSTLY}' resulted in error: {COST_ERROR}"]
    three = validate_policy(policy([{"expression": "false"}], [COSTLY] * 3), attrs(BIG), None)
    assert [(d.action, d.message) for d in three] == [("deny", OUT_OF_BUDGET)]
    assert validate_policy(policy([{"expression": "false"}], [COSTLY] * 3, "Ignore"),
                           attrs(BIG), None) == []


def test_costly_message_expression_falls_back_to_the_message() -> None:
    vs = [{"expression": "false", "message": "static", "messageExpression": f"string({COSTLY})"}]
    assert [d.message for d in validate_policy(policy(vs), attrs(BIG), None)] == ["static"]


@pytest.mark.parametrize("text,want", [
    ("'x'.size() > 0 ? 'a\\nb' : ''", "static"),       # multi-line: dropped
    ("'y' + 'z'", "yz"),
])
def test_message_expression_result_rules(text, want) -> None:
    vs = [{"expression": "false", "message": "static", "messageExpression": text}]
    assert [d.message for d in validate_policy(policy(vs), attrs(BIG), None)] == [want]


def test_too_long_message_expression_result_falls_back() -> None:
    obj = {"metadata": {"name": "w", "annotations": {"m": "x" * (5 * 1024 + 1)}}}
    vs = [{"expression": "false", "message": "static",
           "messageExpression": "object.metadata.annotations['m']"}]
    assert [d.message for d in validate_policy(policy(vs), attrs(obj), None)] == ["static"]


# ------------------------------------------------- cheap expressions evaluate as before

KEYS = st.sampled_from(["a", "b", "name", "x-y", "k8s.io/z"])
SCALARS = st.one_of(st.text(max_size=12), st.integers(-5, 5), st.booleans())
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(KEYS, inner, max_size=4)), max_leaves=12)
OBJECTS = st.fixed_dictionaries({
    "metadata": st.fixed_dictionaries({"name": st.text(max_size=20)},
                                      optional={"labels": st.dictionaries(KEYS, st.text(max_size=8), max_size=5),
                                                "annotations": st.dictionaries(KEYS, st.text(max_size=30), max_size=5)}),
    "spec": st.dictionaries(KEYS, VALUES, max_size=4),
})
LIT = st.one_of(st.sampled_from(["'a'", "''", "'name'", "1", "0", "true"]))
FIELD = st.sampled_from(["object.metadata.name", "object.spec.a", "object.spec.b",
                         "object.metadata.labels", "object.metadata.annotations",
                         "oldObject.metadata.name", "request.operation"])
SIMPLE = st.one_of(
    st.builds(lambda f, lit: f"{f} == {lit}", FIELD, LIT),
    st.builds(lambda f, lit: f"{f} != {lit}", FIELD, LIT),
    st.builds(lambda f: f"has({f})", FIELD.filter(lambda f: "." in f.split(".", 1)[1])),
    st.builds(lambda f: f"size({f}) < 10", FIELD),
    st.builds(lambda k, f: f"'{k}' in {f}", KEYS, FIELD),
    st.builds(lambda f, lit: f"{f}.startsWith({lit})", FIELD, LIT),
    st.builds(lambda f, lit: f"{f}.contains({lit})", FIELD, LIT),
    st.builds(lambda f: f"{f} + 'x' != ''", FIELD),
    st.builds(lambda f: f"{f}.all(k, k != '')", FIELD),
    st.builds(lambda f, lit: f"{f}.exists(k, k == {lit})", FIELD, LIT),
    st.builds(lambda f: f"{f}.map(k, k).size() >= 0", FIELD),
    st.builds(lambda f: f"{f}.all(k, {f}.exists(j, j == k))", FIELD),
    st.builds(lambda f, g: f"{f} == {g} ? true : {g} != {f}", FIELD, FIELD),
    st.builds(lambda f, lit: f"{f}.map(k, k).exists(j, j.contains({lit}))", FIELD, LIT),
    st.builds(lambda f, lit: f"{f}.filter(k, k != {lit}).all(j, j.startsWith({lit}))", FIELD, LIT),
)


def _plain(expression: str, activation: dict) -> tuple[str, object]:
    """The evaluation without the bound (the runtime as drakit ran it before)."""
    d = compile_dyn(expression, _VARIABLES)
    try:
        r = d.program.eval(_dyn_env(_VARIABLES).Activation(dict(activation)))
    except RuntimeError as e:
        return "error", type(e).__name__
    if r.type().name() == "ERROR":
        return "error", "ERROR"
    return "value", r.value()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(obj=OBJECTS, old=st.one_of(st.none(), OBJECTS), expression=SIMPLE)
def test_cheap_expressions_are_never_refused_and_evaluate_as_before(obj, old, expression) -> None:
    d = compile_dyn(expression, _VARIABLES)
    assume_compiled = d.error == ""
    if not assume_compiled:
        return
    a = act(obj, old)
    assert d.cost_bound(a) <= PER_CALL_LIMIT, (expression, d.cost_bound(a))
    kind, want = _plain(expression, a)
    try:
        got = ("value", d.evaluate(a)[0])
    except CostLimitExceeded:  # pragma: no cover - the assertion above
        raise
    except CELRuntimeError:
        got = ("error", None)
    assert got[0] == kind
    if kind == "value":
        assert got[1] == want
