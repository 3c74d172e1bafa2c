"""Lesson 08's "ideas of play, tested": each principle with how often it holds over the seeded
positions of :mod:`tiangow.coach.principles`, what that makes it (a rule, a rule of thumb, no
rule), and an exception worked out on its position. Figures from ``tiangow/data/principles.json``:
the page searches nothing."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ..coach.principles import Tally, kept_examples, measured, position
from ..i18n import Lang, T, Text, seat_name
from ..policy import POLICY
from .render import table_html
from .text import current_lang, on_language
from .views import STYLE

__all__ = ["PrinciplesView", "kind_of"]


def kind_of(t: Tally) -> Text:
    """What its figure makes a principle: a rule (it holds in the policy's ``principles_holds_from`` of its
    positions or more), a rule of thumb (in more than half), or no rule."""
    if t.holds >= POLICY.principles_holds_from:
        return T("是規則：例外很少。", "a rule: exceptions are rare.")
    if t.holds > 0.5:
        return T("是經驗之談：常常有例外。", "a rule of thumb: it often fails.")
    return T("不是規則：錯的時候不比對的時候少。", "not a rule: it fails at least as often as it holds.")


def _net(x: float) -> str:
    text = f"{x:+.1f}"
    return text[1:] if float(text) == 0 else text.replace("-", "−")


class PrinciplesView(w.HTML):
    """The tested principles as a table, each with an exception to open (a position drawn as its
    seat saw it, and the two actions' nets)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("tg-principles")
        self.seeds, self.tallies = measured()
        self.examples = {pid: (position(e.seed), e) for pid, e in kept_examples().items()}
        self.render(current_lang())
        on_language(self.render)

    def render(self, lang: Lang) -> None:
        n = len(self.seeds)
        how = T(f"從真實牌局取 {n} 個局面（每家剩 2 至 5 張）。每個局面，輪到的一家像教練一樣評估每個出法："
                f"把他沒看見的牌隨機分配 {POLICY.principles_samples} 次，每次算到底（其他三家合力對付他），取平均淨輸贏。"
                "一條規則在一個局面「成立」，是指規則准許的最好出法，淨得不少於規則不准的最好出法。",
                f"{n:,} positions from real deals (2 to 5 tiles a hand). In each, the seat to act judged every action "
                f"as the coach does: the tiles it had not seen dealt at random {POLICY.principles_samples} times, each deal searched to "
                "the end with the other three playing their best against it, the nets averaged. A principle holds in "
                "a position when the best action it allows nets at least as much as the best action it rules out.")
        rows = []
        for t in self.tallies:
            pr = t.principle
            pct = round(100 * t.holds)
            figure = T(f"{pct}%（{t.positions} 個局面中 {t.better + t.equal} 個）",
                       f"{pct}% ({t.better + t.equal:,} of {t.positions:,} positions)")
            found = self.examples.get(pr.id)
            detail = ""
            if found is not None:
                p, e = found
                view = p.view
                follows, better = e.follows.text(view), e.better.text(view)
                seat = seat_name(p.seat, lang)
                said = T(f"一個例外：輪到{seat}。按這條規則最好是{follows.zh}，平均淨得 {_net(e.follows_net)}；"
                         f"但{better.zh}平均淨得 {_net(e.better_net)}。",
                         f"An exception: {seat} to act. Following the principle, the best is to "
                         f"{follows.en}, netting {_net(e.follows_net)} on average; but to {better.en} nets "
                         f"{_net(e.better_net)}.")
                detail = (f'<details class="tg-principle-example" data-seed="{p.seed}"><summary>'
                          f'{html.escape(T("看一個例外", "See an exception")(lang))}</summary>'
                          f'<div class="tg-prose">{html.escape(said(lang))}</div>'
                          f"{table_html(view, lang, you=p.seat, width=22)}</details>")
            rows.append(f'<div class="tg-principle" data-principle="{pr.id}" data-holds="{t.holds:.3f}" '
                        f'data-rule="{str(t.rule).lower()}"><div><b>{html.escape(pr.statement(lang))}</b></div>'
                        f'<div class="tg-principle-figure">{html.escape(figure(lang))}'
                        f"{html.escape(T('：', ' — ')(lang))}{html.escape(kind_of(t)(lang))}</div>{detail}</div>")
        self.value = (STYLE + '<div class="tg-card">'
                      f'<div class="tg-caption">{html.escape(T("出牌的道理：讓電腦驗證", "Ideas of play, tested")(lang))}</div>'
                      f'<div class="tg-muted">{html.escape(how(lang))}</div>'
                      f"{''.join(rows)}</div>")


