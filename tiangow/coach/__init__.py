"""The coach: hints, marks, their reasons, and the review of a hand.

- :class:`Coach` — :meth:`Coach.hint`: a nudge, then the recommended play with the expected
  outcome of each option; :meth:`Coach.mark`: best / fine / mistake for a play made
  (:mod:`tiangow.coach.hints`; its figures and words, :mod:`tiangow.coach.text`; the reasons from
  the samples, :mod:`tiangow.coach.why`).
- :class:`~tiangow.coach.review.Review` — a finished hand step by step, with the coach's marks and the net the
  search finds with every hand open (:mod:`tiangow.coach.review`, :mod:`tiangow.coach.record`,
  the searches ahead :mod:`tiangow.coach.ahead`).
- :mod:`tiangow.coach.principles` — ideas of play, and how often the search bears them out.

The coach advises one seat from that seat's view only, as hard as its
:class:`tiangow.policy.SearchPolicy` says (docs/coach.md).
"""

from __future__ import annotations

from .hints import Coach, Hint, Mark, Marked

__all__ = ["Coach", "Hint", "Mark", "Marked"]
