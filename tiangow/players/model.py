"""The coach's model as a player: lesson 08's strong opponents.

From its own seat a :class:`ModelBot` plays what the coach would recommend there
(:meth:`tiangow.coach.Coach.hint`), so that the play the coach advises against is the play the
learner meets. It is ahead of the search bot in play (docs/performance.md, "The bots").
"""

from __future__ import annotations

from ..coach.hints import Coach
from ..deal import DealView
from ..move import Move
from ..policy import POLICY, SearchPolicy

__all__ = ["ModelBot"]


class ModelBot:
    """A player of the coach's model: from its own seat it plays what the coach would
    recommend there (:meth:`Coach.hint`), with ``samples`` deals a decision (the policy's
    ``strong_samples`` when not given) and its ``strong_early_factor`` — the learner's strong
    opponents, so that the play the coach advises against is the play it expects."""

    name = "model"

    def __init__(self, seed: int | None = None, samples: int | None = None, policy: SearchPolicy = POLICY) -> None:
        self.coach = Coach(seed, samples=policy.strong_samples if samples is None else samples,
                           policy=policy.but(early_factor=policy.strong_early_factor))

    def choose(self, view: DealView) -> Move:
        move = self.coach.hint(view).recommended
        self.coach.forget()  # each position is asked once: keep no memory of old ones
        return move
