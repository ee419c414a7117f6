"""The cluster backend's own copies of facts about ``drakit serve`` (the steps never import
drakit) must agree with drakit, and its xdist scheduling choice must respect the user's."""

from __future__ import annotations

from types import SimpleNamespace

from drakit.kubelet.dra_manager import default_drivers
from steps import live
from steps.backends.cluster import DRAKIT_SERVE_DRIVERS


def test_the_served_example_drivers_are_the_ones_drakit_nodes_run() -> None:
    assert DRAKIT_SERVE_DRIVERS == {n: d.cdi_class for n, d in default_drivers().items()}


def _config(backend: str, dist: str, args: tuple[str, ...]):
    opts = {"--backend": backend}
    values = {"dist": dist, "tx": ["4*popen"]}  # what ``-n 4`` becomes in xdist
    return SimpleNamespace(getoption=lambda name, default=None: opts.get(name, default),
                           getvalue=values.__getitem__,
                           invocation_params=SimpleNamespace(args=args))


def test_cluster_runs_steal_work_unless_the_user_chose_a_distribution() -> None:
    from xdist.remote import Producer
    from xdist.scheduler import WorkStealingScheduling

    log = Producer("test", enabled=False)
    sched = live.pytest_xdist_make_scheduler(
        _config("cluster", "load", ("steps", "-n", "4", "--backend=cluster")), log)
    assert isinstance(sched, WorkStealingScheduling) and sched.numnodes == 4
    # the reference backend, or a distribution the user asked for: xdist decides
    assert live.pytest_xdist_make_scheduler(
        _config("reference", "load", ("steps", "-n", "2")), log) is None
    assert live.pytest_xdist_make_scheduler(
        _config("cluster", "load", ("steps", "-n", "4", "--dist", "load")), log) is None
    assert live.pytest_xdist_make_scheduler(
        _config("cluster", "loadfile", ("steps", "-n", "4", "--dist=loadfile")), log) is None
