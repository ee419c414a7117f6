"""Deployment strategy rules (drakit.validation.apps; k/k pkg/apis/apps/validation
ValidateDeploymentStrategy, ValidateRollingUpdateDeployment, ValidatePositiveIntOrPercent,
IsNotMoreThan100Percent, getIntOrPercentValue)."""

from __future__ import annotations

import pytest

from drakit.api.errors import Path
from drakit.validation.apps import _int_or_percent, _validate_deployment_strategy

P = Path("spec").child("strategy")


@pytest.mark.parametrize(("value", "want"), [
    ("25%", 25), ("0%", 0), (3, 3), (0, 0), ("5", 5), ("x", 0), ("5 %", 0), ("-3", -3),
    ("99999999999999999999%", 0), ("99999999999999999999", 0), ("%", 0), ("٣%", 0),
])
def test_get_int_or_percent_value(value: object, want: int) -> None:
    assert _int_or_percent(value) == want


@pytest.mark.parametrize(("strategy", "want"), [
    ({"type": "Recreate"}, []),
    ({"type": "Recreate", "rollingUpdate": {}},
     ["spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate'"]),
    ({"type": "RollingUpdate"},
     ["spec.strategy.rollingUpdate: Required value: this should be defaulted and never be nil"]),
    ({"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": "25%", "maxSurge": "25%"}}, []),
    ({"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": "x", "maxSurge": 0}},
     ['spec.strategy.rollingUpdate.maxUnavailable: Invalid value: "x": a valid percent string must be a numeric '
      "string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
      'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: "x": may not be 0 when `maxSurge` is 0']),
    ({"type": "RollingUpdate", "rollingUpdate": {"maxUnavailable": "150%", "maxSurge": -2}},
     ["spec.strategy.rollingUpdate.maxSurge: Invalid value: -2: must be greater than or equal to 0",
      'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: "150%": must not be greater than 100%']),
    ({"type": "Canary", "rollingUpdate": {"maxSurge": "10%"}},
     ['spec.strategy: Unsupported value: {"Type":"Canary","RollingUpdate":{"MaxUnavailable":0,"MaxSurge":"10%"}}: '
      'supported values: "Recreate", "RollingUpdate"']),
])
def test_validate_deployment_strategy(strategy: dict, want: list[str]) -> None:
    assert [str(e) for e in _validate_deployment_strategy(strategy, P)] == want
