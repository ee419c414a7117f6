"""A controller whose relist raises records the failure and goes on.

Why: ``Controller._relist`` runs ``resync`` over everything stored; an exception there (a
drakit bug: per-object errors are caught by ``guarded`` inside it) must not take the
controller down. It is kept as an open failure with no object (kind ""), so
``Cluster.errors()`` and the run-integrity check see it. No scenario can reach it: no stored
data makes a resync itself raise.
"""

from __future__ import annotations

from drakit import Cluster
from drakit.controllers.base import Controller


class _Broken(Controller):
    name = "broken"

    def resync(self) -> bool:
        raise RuntimeError("resync blew up")


def test_a_relist_that_raises_is_recorded_not_raised() -> None:
    c = Cluster()
    try:
        ctl = _Broken(c.context())
        assert ctl._relist() is False
        errs = ctl.failures.open()
        assert [(e.kind, e.name) for e in errs] == [("", "")]
        assert "resync blew up" in errs[0].message
    finally:
        c.close()
