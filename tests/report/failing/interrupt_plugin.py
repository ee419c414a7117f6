"""Simulates Ctrl-C in the middle of the fixture run (used with ``-p interrupt_plugin``)."""


def pytest_bdd_before_step(request, feature, scenario, step, step_func):
    if "locked gate" in scenario.name and step.keyword == "When":
        raise KeyboardInterrupt
