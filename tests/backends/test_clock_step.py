"""The cluster backend waits out a clock move in wall time, up to a bound: the wait timeout,
or the smaller DRAKIT_MAX_CLOCK_STEP the served runs of `tox` set; a longer move makes the
scenario unsupported (it runs on the reference's logical clock instead)."""

from __future__ import annotations

import pytest

from steps.backends.base import Unsupported
from steps.backends.cluster import ClusterBackend, Options


def _backend(opts: Options, slept: list[float], monkeypatch) -> ClusterBackend:
    b = ClusterBackend.__new__(ClusterBackend)
    b.opts = opts
    monkeypatch.setattr("steps.backends.cluster.time.sleep", slept.append)
    monkeypatch.setattr(ClusterBackend, "settle", lambda self: None)
    return b


def test_the_step_bound_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("DRAKIT_MAX_CLOCK_STEP", "5")
    monkeypatch.setenv("DRAKIT_WAIT_TIMEOUT", "20")
    opts = Options.from_env()
    assert (opts.max_clock_step, opts.wait_timeout) == (5.0, 20.0)


@pytest.mark.parametrize("max_step, seconds, waits", [
    (None, 20, True),   # no step bound: the wait timeout (20 s) bounds it
    (None, 21, False),
    (5, 5, True),
    (5, 10, False),
    (30, 25, False),    # the wait timeout still bounds a larger step bound
])
def test_a_clock_move_beyond_the_bound_is_unsupported(monkeypatch, max_step, seconds, waits):
    slept: list[float] = []
    b = _backend(Options(wait_timeout=20, max_clock_step=max_step, poll=0.25), slept, monkeypatch)
    if waits:
        b.advance(seconds)
        assert slept == [seconds + 0.25]
    else:
        with pytest.raises(Unsupported, match=f"moves the clock by {seconds}s"):
            b.advance(seconds)
        assert slept == []


@pytest.mark.parametrize("raw", ["abc", "-1", "nan", "inf", "1e9"])
def test_a_wait_setting_that_is_no_number_of_seconds_is_one_line(monkeypatch, raw):
    """Every DRAKIT_* wait setting goes through one parser: a bad value is an OptionError
    naming the variable (steps/live.py makes it a pytest usage error), never a traceback."""
    from steps.backends.cluster import OptionError

    for name in ("DRAKIT_WAIT_TIMEOUT", "DRAKIT_SETTLE_QUIET", "DRAKIT_POLICY_DELAY",
                 "DRAKIT_MAX_CLOCK_STEP"):
        monkeypatch.setenv(name, raw)
        with pytest.raises(OptionError, match=f"^{name}='{raw}': write a number of seconds"):
            Options.from_env()
        monkeypatch.delenv(name)
    assert Options.from_env().wait_timeout == 60.0
