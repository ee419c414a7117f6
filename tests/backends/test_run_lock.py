"""The run lock of parallel cluster runs: shared for every scenario, exclusive for one that
reads cluster-wide counters, and an exclusive waiter is not starved by new shared holders."""

from __future__ import annotations

import threading
import time

from steps.backends.cluster import RunLock


def _take(path, exclusive, got, name):
    lock = RunLock(path, exclusive)
    got.append(name)
    return lock


def test_exclusive_waits_for_shared_and_new_shared_waits_behind_it(tmp_path):
    path = str(tmp_path / "run.lock")
    got: list[str] = []
    a = _take(path, False, got, "a-shared")
    held: dict[str, RunLock] = {}
    tb = threading.Thread(target=lambda: held.setdefault("b", _take(path, True, got, "b-excl")))
    tb.start()
    time.sleep(0.3)
    tc = threading.Thread(target=lambda: held.setdefault("c", _take(path, False, got,
                                                                     "c-shared")))
    tc.start()
    time.sleep(0.3)
    assert got == ["a-shared"]  # b waits for a; c waits behind b (the gate), not beside a
    a.release()
    tb.join(5)
    time.sleep(0.3)
    assert got == ["a-shared", "b-excl"]
    held["b"].release()
    tc.join(5)
    assert got == ["a-shared", "b-excl", "c-shared"]
    held["c"].release()


def test_shared_holders_do_not_wait_for_each_other(tmp_path):
    path = str(tmp_path / "run.lock")
    locks = [RunLock(path, False) for _ in range(4)]
    for lk in locks:
        lk.release()
