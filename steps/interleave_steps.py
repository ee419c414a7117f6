"""Steps that let another client's write land just before a component's (reference only).

Why: a component reads an object, decides, and writes; on a real cluster another client may
write the same object in between, and the component's write then conflicts or finds the
object gone. Upstream handles those races with their own messages and retries (the
scheduler's bindClaim retries on conflict and says "claim <ns>/<name> got deleted in the
meantime"). The reference runs its components one after another and never interleaves on
its own, so these steps arm the race inside its API server (``APIServer.interleave``): the
change runs just before the next write to the object, whoever makes it. A live cluster has
no such hook: scenarios using these steps carry ``@needs:reference-internals``. An armed
write that never happens fails the scenario (it would have tested nothing).
"""

from __future__ import annotations

from pytest_bdd import parsers, then, when

from .world import World


@when(parsers.re(r'another client (?P<change>deletes|labels) the (?P<kind>\w+) "(?P<name>[^"]+)" just '
                 r'before (?:the next write|each of the next (?P<times>\d+) writes) to it$'))
def when_interleaved(world: World, change: str, kind: str, name: str, times: str | None) -> None:
    world.b.interleave_writes(change, kind, name, int(times or 1))


@then("every interleaved write happened")
def then_interleaved_done(world: World) -> None:
    world.b.settle()
    pending = world.b.interleaved_writes_pending()
    world.observe("interleaved writes not yet happened", [], pending)
    assert not pending, f"interleaved writes that never happened: {pending}"
