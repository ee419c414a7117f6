"""The PodResources rate limit: a token bucket of 100 QPS with a burst of 10.

Why: KEP-3695 "Risks and Mitigations" names request floods as the API's main risk; upstream
``pkg/kubelet/apis/podresources/grpc/ratelimit.go`` answers with a ``golang.org/x/time/rate``
limiter (DefaultQPS 100, DefaultBurstTokens 10) in a unary interceptor that fails a call with
``ResourceExhausted: rejected by rate limit`` before the handler runs (so the endpoint
counters do not move). The bucket refills from drakit's logical clock, so a scenario can say
"11 calls at once" and "after a second" and get the same answer on every machine.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

DEFAULT_QPS = 100.0
DEFAULT_BURST = 10
LIMIT_EXCEEDED_MESSAGE = "rejected by rate limit"


class TokenBucket:
    """``rate.Limiter.Allow``: refill ``qps`` tokens per second up to ``burst``."""

    def __init__(self, now: Callable[[], float], qps: float = DEFAULT_QPS,
                 burst: int = DEFAULT_BURST) -> None:
        self._now = now
        self.qps = qps
        self.burst = burst
        self._tokens = float(burst)
        self._last = now()
        self._lock = threading.Lock()

    def allow(self) -> bool:
        with self._lock:
            t = self._now()
            if t > self._last:
                # round away float noise: 0.05 s at 100 QPS is 5 tokens, not 4.999...
                gained = round((t - self._last) * self.qps, 9)
                self._tokens = min(float(self.burst), self._tokens + gained)
                self._last = t
            if self._tokens >= 1.0:
                self._tokens -= 1.0
                return True
            return False
