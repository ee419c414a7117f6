"""GangScheduling's PreEnqueue and hints (drakit/scheduler/gangscheduling.py) on their own."""

from drakit.features import FeatureGates
from drakit.scheduler.gangscheduling import GangScheduling, GroupEvent, pod_group_name


def _pod(name, group, ns="default"):
    spec = {"containers": [{"name": "app"}]}
    if group is not None:
        spec["schedulingGroup"] = {"podGroupName": group}
    return {"metadata": {"name": name, "namespace": ns, "uid": f"uid-{ns}-{name}"}, "spec": spec}


def _pg(name, min_count=None, ns="default"):
    policy = {"basic": {}} if min_count is None else {"gang": {"minCount": min_count}}
    return {"metadata": {"name": name, "namespace": ns}, "spec": {"schedulingPolicy": policy}}


def _plugin(version="1.37", **gates):
    fg = FeatureGates(version, {"GenericWorkload": True, **gates})
    podgroups = {}
    return GangScheduling(version, fg, podgroups), podgroups


def test_enablement_follows_the_release_gate():
    assert _plugin("1.37")[0].enabled
    assert not GangScheduling("1.37", FeatureGates("1.37", {}), {}).enabled
    assert not _plugin("1.36")[0].enabled  # 1.36: its own gate, off by default
    assert _plugin("1.36", GangScheduling=True)[0].enabled
    assert not _plugin("1.35", GangScheduling=True)[0].enabled  # workloadRef: not modelled


def test_missing_group_then_basic_then_gang_quorum():
    pl, pgs = _plugin()
    a = _pod("a", "g")
    assert pl.pre_enqueue(_pod("free", None)) is None
    assert pl.pre_enqueue(a) == 'waiting for pods\'s pod group "g" to appear in scheduling queue'
    pgs[("default", "g")] = _pg("g")
    assert pl.pre_enqueue(a) is None
    pgs[("default", "g")] = _pg("g", 2)
    assert pl.pod_seen(a) == GroupEvent("Pod", "default", "g", None, a)
    assert pl.pod_seen(a) is None  # seen once
    assert pl.pre_enqueue(a) == "waiting for minCount pods from a gang to appear in scheduling queue"
    pl.pod_seen(_pod("b", "g"))
    pl.pod_seen(_pod("x", "g", ns="other"))  # another namespace's group of that name
    assert pl.pre_enqueue(a) is None
    pl.pod_gone(_pod("b", "g"))
    assert pl.pre_enqueue(a) is not None
    pl.pod_gone(a)
    pl.pod_gone(_pod("x", "g", ns="other"))
    assert pl.members == {}


def test_odd_scheduling_groups_are_ungrouped():
    for sg in (None, "x", {"podGroupName": ""}, {"podGroupName": 3}):
        pod = {"metadata": {"name": "p"}, "spec": {"schedulingGroup": sg}}
        assert pod_group_name(pod) is None


def test_hints_want_the_pods_own_group_and_a_lower_min_count():
    pl, _ = _plugin()
    a = _pod("a", "g")
    assert pl.event_helps(a, GroupEvent("PodGroup", "default", "g", None, _pg("g", 3)))
    assert not pl.event_helps(a, GroupEvent("PodGroup", "other", "g", None, _pg("g", 3)))
    assert not pl.event_helps(a, GroupEvent("PodGroup", "default", "h", None, _pg("h", 3)))
    assert pl.event_helps(a, GroupEvent("Pod", "default", "g", None, _pod("b", "g")))
    assert pl.event_helps(a, GroupEvent("PodGroup", "default", "g", _pg("g", 3), _pg("g", 2)))
    assert not pl.event_helps(a, GroupEvent("PodGroup", "default", "g", _pg("g", 2), _pg("g", 2)))
    assert not pl.event_helps(a, GroupEvent("PodGroup", "default", "g", _pg("g", 2), _pg("g", 3)))
    assert not pl.event_helps(a, GroupEvent("PodGroup", "default", "g", _pg("g"), _pg("g")))
    old36, _ = _plugin("1.36", GangScheduling=True)  # 1.36 registers no PodGroup update
    assert not old36.event_helps(a, GroupEvent("PodGroup", "default", "g", _pg("g", 3), _pg("g", 2)))
    off = GangScheduling("1.37", FeatureGates("1.37", {}), {})
    assert off.pre_enqueue(a) is None
