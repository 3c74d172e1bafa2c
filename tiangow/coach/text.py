"""The coach's words: its figures as every page shows them, and its teaching text.

- **Figures**: an option's net as a whole number (:func:`net_text`), how far an action falls
  short in words (:func:`short_text`), how often the seat wins (:func:`win_share`) and an
  option's outcome in one shape (:func:`outcome_text`).
- **Teaching text**, computed from what the seat knows (:func:`facts`, never the hidden tiles)
  and the figures it cites: the nudge (:func:`nudge_for`), the reason for the recommendation
  (:func:`reason_for`), the sentence on the next best option (:func:`next_best`) and the mark's
  sentence (:func:`mark_text`).

:mod:`tiangow.coach.hints` decides what to say; this module says it, in 繁 and English.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..combos import Combination, Kind, combinations_in, table
from ..deal import DealView
from ..i18n import T, Text
from ..move import Move
from ..players.search import Option, Outlook
from ..tiles import Tile
from .why import Why, half_away, how_often, likelihood, whole

__all__ = ["Facts", "facts", "is_sure", "why_top", "nudge_for", "reason_for", "next_best", "mark_text", "why_text",
           "lowered", "net_text", "short_text", "win_share", "outcome_text", "whole"]


# --- figures ----------------------------------------------------------------------------------


def _signed(x: float, digits: int = 1) -> str:
    """``+1.5``, ``−2.0``, and ``0.0`` for anything that rounds to nothing (not "−0.0").

    >>> _signed(-0.04), _signed(1.25), _signed(-3, 0)
    ('0.0', '+1.2', '−3')
    """
    text = f"{x:+.{digits}f}"
    if float(text) == 0:
        return text[1:]
    return text.replace("-", "−")


def net_text(o: Option) -> str:
    """An option's expected net as every page shows it — the hint's table, the mark, the review,
    the practice page: a whole number. Played out against the computer players a learner meets,
    what an option nets lands several points from the coach's figure (the policy's ``play_error``), and
    a comparison of two options at 8 tiles a hand as far (docs/coach.md, "The figures against
    play"): a decimal would claim a precision the figure does not have.

    >>> from tiangow import Move
    >>> a = Option(Move.parse("play 33"), -2.47, 0.1, 64, True, None, -6, 2)
    >>> net_text(a), net_text(Option(Move.parse("play 55"), 0.3, 0.1, 64, True, None, -6, 2))
    ('−2', '0')
    """
    return whole(o.mean)


def short_text(loss: float) -> Text:
    """How far an action falls short of the best, as shown: "about 2", or "less than 1" for what
    rounds to nothing (never "0.0 short", nor a decimal the figures cannot back).

    >>> short_text(0.24).en, short_text(1.6).en, short_text(1.6).zh
    ('less than 1', 'about 2', '約 2')
    """
    if loss < 0.5:
        return T("不到 1", "less than 1")
    n = half_away(loss)
    return T(f"約 {n}", f"about {n}")


def win_share(o: Option) -> float | None:
    """The share of ``o``'s samples in which the seat went on to win the hand: along the rule-based
    player's playout when played out, along each deal's line of best play when searched exactly
    (when the search was asked for lines); ``None`` when nothing says.

    >>> from tiangow import Move
    >>> win_share(Option(Move.parse("discard 13"), 1.4, 0.3, 24, False, 0.25, -6, 12))
    0.25
    >>> win_share(Option(Move.parse("discard 13"), 4.9, 0.3, 8, True, None, 4, 8)) is None
    True
    """
    if o.win_rate is not None:
        return o.win_rate
    if o.exact and o.outlook is not None and o.outlook.samples:
        return o.outlook.wins / o.outlook.samples
    return None


def outcome_text(o: Option, explained: bool = False) -> Text:
    """An option's outcome in words, in one shape whichever way it was found: the expected net
    from now to the end of the hand (settlement and bonus money still to come) as a whole number
    (:func:`net_text`), the lowest and highest net over the deals tried, and how often the seat
    wins the hand (:func:`win_share`). "Guaranteed" only when exact search gives every sample of
    the hidden tiles the same, whole, net. Outside the hint's table (``explained``: under a
    sentence that says how every figure was found) the chance of winning says whose play it
    measures: every player's best (exact search), the rule-based player in every seat, or the
    seat's own best steps against it.

    >>> from tiangow import Move
    >>> outcome_text(Option(Move.parse("discard 13"), 4.0, 0.0, 8, True, None, 4, 4)).en
    'guaranteed net +4'
    >>> outcome_text(Option(Move.parse("discard 13"), 4.9, 0.3, 8, True, None, 4, 8)).en
    'expected net +5 (+4 to +8, depending on the tiles you have not seen)'
    >>> print(outcome_text(Option(Move.parse("discard 13"), 1.4, 0.3, 24, False, 0.0, -6, 12)).zh)
    平均淨得 +1（−6 至 +12，看你沒看見的牌怎樣分），由規則機械人打完時 0% 贏這一局
    >>> outcome_text(Option(Move.parse("discard 13"), 1.4, 0.3, 24, False, 0.0, -6, 12), True).en
    'expected net +1 (−6 to +12), wins the hand 0% of the time'
    >>> outcome_text(Option(Move.parse("discard 13"), 0.4, 0.3, 24, False, 0.0, -6, 12, ending=4)).en
    'expected net 0 (−6 to +12, depending on the tiles you have not seen), wins the hand 0% of the time \
when played out by the rule-based player, exact once every player holds 4 tiles'
    >>> outcome_text(Option(Move.parse("discard 13"), 0.4, 0.3, 24, False, 0.0, -6, 12, ending=5, own_best=True)).en
    'expected net 0 (−6 to +12, depending on the tiles you have not seen), wins the hand 0% of the time \
when you play your best and the other three play as the rule-based player, exact once every player holds 5 tiles'
    """
    sign = net_text(o)
    if o.samples and o.low == o.high and o.exact:
        net = T(f"保證淨得 {_signed(o.low, 0)}", f"guaranteed net {_signed(o.low, 0)}")
    elif o.samples and o.low != o.high:
        low, high = _signed(o.low, 0), _signed(o.high, 0)
        net = T(f"平均淨得 {sign}", f"expected net {sign}") + (
            T(f"（{low} 至 {high}）", f" ({low} to {high})") if explained else
            T(f"（{low} 至 {high}，看你沒看見的牌怎樣分）",
              f" ({low} to {high}, depending on the tiles you have not seen)"))
    else:
        net = T(f"平均淨得 {sign}", f"expected net {sign}")
    share = win_share(o)
    if share is None:
        return net
    pct = round(100 * share)
    if explained:
        return net + T(f"，{pct}% 贏這一局", f", wins the hand {pct}% of the time")
    by = (T("每家都打最好", "every player plays their best") if o.exact else
          T("由規則機械人打完", "played out by the rule-based player") if o.ending is None else
          T(f"你每次打最好、其他三家由規則機械人打到每家剩 {o.ending} 張、再精算",
            f"you play your best and the other three play as the rule-based player, exact once every player "
            f"holds {o.ending} tiles") if o.own_best else
          T(f"由規則機械人打到每家剩 {o.ending} 張、再精算",
            f"played out by the rule-based player, exact once every player holds {o.ending} tiles"))
    return net + T("，", f", wins the hand {pct}% of the time when ") + by + T(f"時 {pct}% 贏這一局", "")


# --- what the seat knows, and the teaching text ------------------------------------------


@dataclass(frozen=True)
class Facts:
    """What the seat to act knows, as the teaching text reads it: its tiles, what it has not seen
    and what was played, its combinations, whether it leads, whether this is the last trick, the
    play standing and the trick's size."""

    view: DealView
    me: int
    hand: tuple[Tile, ...]
    unseen: Counter[Tile]
    played: Counter[Tile]
    combos: tuple[Combination, ...]
    leading: bool
    last: bool
    best: Combination | None
    size: int

    def top(self, t: Tile) -> bool:
        """Nothing unseen ranks above ``t`` in its class."""
        return not any(u.is_civil == t.is_civil and u.rank < t.rank for u in self.unseen)

    def sure(self, c: Combination) -> bool:
        """Nothing the seat has not seen could make a play that beats ``c``."""
        tab = table(self.view.rules)
        for _, o in tab.better[c.id]:
            need = Counter(o.tiles)
            if all(self.unseen[t] >= n for t, n in need.items()):
                return False
        return True


def is_sure(view: DealView, c: Combination) -> bool:
    """Whether nothing the seat of ``view`` has not seen could make a play that beats ``c`` (a
    sure winner, as far as that seat can tell)."""
    return facts(view).sure(c)


def facts(view: DealView) -> Facts:
    """What the seat of ``view`` knows (its own view only)."""
    me = view.seat
    assert me is not None
    hand = tuple(view.hands[me] or ())
    cur = view.current
    best = cur.winning if cur is not None and cur.actions else None
    return Facts(view, me, hand, Counter(view.unseen), Counter(view.played),
                 tuple(c for c in combinations_in(hand, view.rules) if c.size > 1),
                 view.trick_size is None, bool(cur is not None and cur.is_last and cur.actions),
                 best, view.trick_size or 0)


def _stacks(n: int) -> Text:
    return T(f"{n} 棟", f"{n} stack{'s' if n != 1 else ''}")


def why_top(f: Facts, t: Tile) -> Text:
    """"You hold the last 天" / "no tile you have not seen ranks above your 地"."""
    if t.copies == 2 and f.played[t] >= 1 and f.hand.count(t) == 1:
        return T(f"你手上是最後一張{t.name}", f"you hold the last {t.label('en')}")
    if any(u.is_civil == t.is_civil and u.rank < t.rank for u in (*f.played, *f.hand)):
        return T(f"你沒看見的牌裏，沒有比{t.name}大的", f"no tile you have not seen ranks above your {t.label('en')}")
    return T(f"{t.name}是最大的牌", f"{t.label('en')} is the top tile")


def nudge_for(f: Facts, rec: Move) -> Text:
    """Stage one of a hint: what to think about before acting, leading towards ``rec`` without
    naming it, citing the rule."""
    view = f.view
    st = view.stacks[f.me]
    rec_comb = None if rec.discard else table(view.rules).by_tiles.get(rec.tiles)
    best = f.best
    if not f.leading and f.last:
        assert best is not None
        if st + f.size < 2:
            return T(f"你還沒有棟，這最後一墩只有 {f.size} 張：贏家最少要有 2 棟，"
                     "所以你不能贏這一墩，只能墊牌（R-W2）。",
                     f"You have no stack and this last trick is {f.size} tile: a winner needs at least 2 stacks, "
                     "so you may not win it and must discard (R-W2).")
        if rec_comb is not None:
            return T(f"這是最後一墩：誰贏了它就贏了這一局（R-W1）。你有沒有牌打得過{best.label('zh-Hant')}？",
                     f"This is the last trick: whoever wins it wins the hand (R-W1). Can you beat "
                     f"{best.label('en')}?")
        return T(f"這是最後一墩，可是你沒有同類而更大的牌打得過{best.label('zh-Hant')}（R-C1）。",
                 f"This is the last trick, but nothing you hold is of the same class and higher than "
                 f"{best.label('en')} (R-C1).")
    if f.leading:
        if rec_comb is not None and rec_comb.kind is Kind.SUPREME:
            return T("你有至尊：先出的話誰也打不過它，贏了不是最後一墩還有賀尊（R-C4、R-$5）。",
                     "You hold the supreme: led, nothing beats it, and winning a trick before the last with it "
                     "pays the supreme bonus (R-C4, R-$5).")
        if rec_comb is not None and rec_comb.size == len(f.hand):
            return T("你所有的牌合起來是一手牌：出了它就是最後一墩（R-W1）。",
                     "All your tiles make one play: leading it makes it the last trick (R-W1).")
        if rec_comb is not None and f.sure(rec_comb):
            if rec_comb.size == 1:
                why = why_top(f, rec_comb.tiles[0])
                return T(f"{why.zh}。有沒有一手牌誰也打不過？贏了這墩，下一墩還是你先出（R-P1）。",
                         f"{why.en[0].upper() + why.en[1:]}. Is there a play nobody can beat any more? Win the "
                         "trick and you lead the next one too (R-P1).")
            return T(f"你有{rec_comb.label('zh-Hant')}，沒看見的牌已經湊不出更大的同類牌："
                     f"它贏 {rec_comb.size} 棟（R-P5）。",
                     f"You hold {rec_comb.label('en')}, and the tiles you have not seen cannot make a higher play "
                     f"of its class: it wins {rec_comb.size} stacks (R-P5).")
        if rec_comb is not None and rec_comb.size > 1:
            return T(f"一手組合牌一次贏 {rec_comb.size} 棟（R-P5）：你手上有沒有一對可能沒人打得過？",
                     f"A combination wins {rec_comb.size} stacks at once (R-P5): do you hold one that may well stand?")
        # The nudge leads towards the recommendation: towards a strong tile when the coach would
        # lead the seat's strongest of its kind, towards a cheap one otherwise.
        single = rec_comb.tiles[0] if rec_comb is not None and rec_comb.size == 1 else None
        strongest = single is not None and all(single.rank <= u.rank for u in f.hand if u.is_civil == single.is_civil)
        keepers = [t for t in dict.fromkeys(f.hand) if f.top(t) and (rec_comb is None or t not in rec_comb.tiles)]
        if keepers:
            t = keepers[0]
            if strongest:
                return T(f"留着{t.name}打最後一墩：贏最後一墩就贏這一局（R-W1）。現在哪一張最有機會贏這一墩？",
                         f"Keep your {t.label('en')} for the last trick: winning it wins the hand (R-W1). Which "
                         "tile has the best chance to take this trick now?")
            return T(f"留着{t.name}打最後一墩：贏最後一墩就贏這一局（R-W1）。現在出甚麼最便宜？",
                     f"Keep your {t.label('en')} for the last trick: winning it wins the hand (R-W1). What can you "
                     "lead now that costs you least?")
        if strongest:
            return T("你沒有一定贏的牌。哪一張最有機會贏這一墩、拿回先出的權利（R-P1）？",
                     "None of your plays is sure to win. Which tile has the best chance to take this trick and the "
                     "next lead (R-P1)?")
        return T("你沒有一定贏的牌。先出哪一張，損失最少？",
                 "None of your plays is sure to win. Which tile can you give up most cheaply?")
    assert best is not None
    worth = _stacks(f.size)
    if rec_comb is not None:
        extra = T("你還沒有棟：輸家沒有棟要付 5（空棟，R-$2）。", " You have no stack yet: a loser with none pays 5 "
                  "(R-$2).") if st == 0 else T("", "")
        return T(f"這一墩值 {worth.zh}。打得過{best.label('zh-Hant')}的最小的牌是哪一手？",
                 f"This trick is worth {worth.en}. What is the lowest play that beats {best.label('en')}?") + extra
    if view.current is not None and _can_beat(f):
        return T(f"你打得過{best.label('zh-Hant')}，可是值得用掉你的好牌嗎？想想最後一墩要留甚麼（R-W1）。",
                 f"You could beat {best.label('en')}, but is it worth your good tiles? Think of what you need for "
                 "the last trick (R-W1).")
    return T(f"你沒有同類而更大的牌打得過{best.label('zh-Hant')}（R-C1）。墊哪幾張牌損失最少（R-P3）？",
             f"Nothing you hold is of the same class and higher than {best.label('en')} (R-C1). Which tiles "
             "matter least to you (R-P3)?")


def _can_beat(f: Facts) -> bool:
    best = f.best
    if best is None:
        return False
    tab = table(f.view.rules)
    have = Counter(f.hand)
    return any(all(have[t] >= n for t, n in Counter(o.tiles).items()) for _, o in tab.better[best.id])


def _lower_beaters(f: Facts, rec: Combination) -> list[Combination]:
    """The plays the seat holds that beat the standing play and rank below ``rec``, lowest first."""
    if f.best is None:
        return []
    tab = table(f.view.rules)
    have = Counter(f.hand)
    beaters = [o for _, o in tab.better[f.best.id] if all(have[t] >= n for t, n in Counter(o.tiles).items())]
    return sorted((o for o in beaters if o.kind is rec.kind and o.rank > rec.rank), key=lambda o: -o.rank)


def reason_for(f: Facts, rec: Move, outlook: Outlook | None = None) -> Text | None:
    """Why ``rec`` is recommended, from what the seat knows and, for a combination led, how often
    it stood in the deals tried (``outlook``); ``None`` where nothing here says more than the
    figures."""
    view = f.view
    rec_comb = None if rec.discard else table(view.rules).by_tiles.get(rec.tiles)
    if rec.discard:
        kept = [t for t in f.hand if t not in rec.tiles] if len(set(rec.tiles)) == len(rec.tiles) else []
        best_kept = sorted(kept, key=lambda t: (not t.is_civil, t.rank))[:2]
        keep = T("、".join(t.name for t in best_kept), ", ".join(t.label("en") for t in best_kept))
        if f.last:
            return T("最後一墩你贏不了，墊掉就是（R-P3）。", "You cannot win the last trick: discard (R-P3).")
        return T(f"墊你最不需要的牌（R-P3），留着{keep.zh}打後面的墩。",
                 f"Discard what you need least (R-P3) and keep {keep.en} for later tricks.") if best_kept else \
            T("墊你最不需要的牌（R-P3）。", "Discard what you need least (R-P3).")
    assert rec_comb is not None
    if not f.leading:
        if f.last:
            return T("贏了最後一墩就贏了這一局（R-W1）。", "Win the last trick and you win the hand (R-W1).")
        assert f.best is not None
        lower = _lower_beaters(f, rec_comb)
        if not lower:
            return T(f"這是打得過{f.best.label('zh-Hant')}的最小的牌（R-C1），贏 {f.size} 棟（R-P5）。",
                     f"It is the lowest play that beats {f.best.label('en')} (R-C1) and wins {_stacks(f.size).en} "
                     "(R-P5).")
        low = lower[0]
        beats = T(f"它打得過{f.best.label('zh-Hant')}（R-C1），贏 {f.size} 棟（R-P5）。",
                  f"It beats {f.best.label('en')} (R-C1) and wins {_stacks(f.size).en} (R-P5).")
        holders = [c for c in f.combos if set(low.tiles) <= set(c.tiles) and c.size > low.size
                and not set(rec_comb.tiles) & set(c.tiles)]
        if holders:
            c = max(holders, key=lambda c: c.size)
            return beats + T(f"{low.label('zh-Hant')}也打得過，而且更小，可是它是你{c.label('zh-Hant')}的一部分。",
                             f" {low.label('en')} would beat it too, and ranks lower, but it is part of your "
                             f"{c.label('en')}.")
        return beats
    if rec_comb.size == len(f.hand):
        return T("全部一次出完：這是最後一墩（R-W1）。", "All your tiles at once: this is the last trick (R-W1).")
    if f.sure(rec_comb):
        return T("沒有看不見的牌打得過它：你贏這一墩，下一墩還是你先出（R-P1、R-P5）。",
                 "Nothing you have not seen can beat it: you win the trick and lead the next (R-P1, R-P5).")
    if rec_comb.size > 1:
        if outlook is None or not outlook.samples:
            return T(f"要是沒人打得過，它一次贏 {rec_comb.size} 棟（R-P5）。",
                     f"If nobody beats it, it wins {rec_comb.size} stacks at once (R-P5).")
        k, n, size = outlook.tricks, outlook.samples, rec_comb.size
        zh = how_often(k, n).zh  # "很可能（在 32 副牌裏有 30 副）", the word following from the figure
        word = likelihood(k, n)
        if word == "likely":
            return Text(f"它{zh}沒人打得過，一次贏 {size} 棟（R-P5）。",
                        f"It will likely stand (in {k} of {n} deals) and win {size} stacks at once (R-P5).")
        if word == "rarely":
            return Text(f"它{zh}沒人打得過；要是沒人打得過，一次贏 {size} 棟（R-P5）。",
                        f"It will rarely stand (in {k} of {n} deals); if it does, it wins {size} stacks at once "
                        "(R-P5).")
        return Text(f"它{zh}沒人打得過；沒人打得過時一次贏 {size} 棟（R-P5）。",
                    f"It stands in {k} of {n} deals, and then wins {size} stacks at once (R-P5).")
    t = rec_comb.tiles[0]
    same = [u for u in f.hand if u.is_civil == t.is_civil]
    if all(t.rank <= u.rank for u in same) and len(f.hand) > 1:
        kind = T("文", "civil") if t.is_civil else T("武", "military")
        return T(f"這是你最大的{kind.zh}牌，有機會贏這一墩，拿到一棟和下一墩的出牌權（R-P1、R-P5）。",
                 f"It is your strongest {kind.en} tile: it may win the trick, a stack and the next lead "
                 "(R-P1, R-P5).")
    if all(t.rank >= u.rank for u in same) and not any(t in c.tiles for c in f.combos):
        return T("這張是你最不需要的：好牌留給後面，尤其是最後一墩（R-W1）。",
                 "It is the tile you need least: your strong tiles stay for later, above all the last trick (R-W1).")
    return None


def why_text(why: Why | None) -> Text:
    """"Why: …" before the samples' reason (nothing where there is none)."""
    return T("", "") if why is None else T("原因：", "Why: ") + why.text


def lowered(t: Text) -> Text:
    """The English with its first letter in lower case, to run on inside a sentence."""
    return Text(t.zh, t.en[:1].lower() + t.en[1:])

def next_best(runner: Option, view: DealView, why: Why | None) -> Text:
    """The hint's sentence on the next best option: the samples' reason the recommendation does
    better (``why``), or, where the figures cannot tell the two apart (``why`` None), that either
    will do."""
    if why is not None:
        return T("比起第二好的選擇：", "Against the next best: ") + why.text
    name = lowered(runner.move.text(view))
    return T(f"第二好的選擇，{name.zh}，平均差不多（{net_text(runner)}）：這些數字分不出高下，兩個都可以。",
             f"The next best, {name.en}, does about as well on average ({net_text(runner)}): these figures "
             "cannot tell the two apart, so either will do.")


def mark_text(view: DealView, move: Move, mark: str, loss: float, yours: Option, best: Option, why: Why | None,
              only: bool) -> Text:
    """The mark's sentence on ``move`` (``mark``: "best", "fine" or "mistake"), with the figures
    it cites; ``only``: the one action open."""
    done = T("你剛才", "Your last action, ") + move.text(view) + T("：", ": ")
    if only:
        return done + T("最佳（只有這一個選擇）。", "best (the only action open).")
    if mark == "best" and loss > 0:
        return (done + T("最佳——和最佳選擇差不多，這些數字分不出高下：",
                         "best — about as good as the top option; these figures cannot tell them apart: ")
                + outcome_text(yours) + T("。", "."))
    if mark == "best":
        return done + T("最佳——", "best — ") + outcome_text(yours) + T("。", ".")
    short = short_text(loss)
    better = best.move.text(view) + T("（", " (") + outcome_text(best) + T("）。", ").") + T("", " ") + why_text(why)
    if mark == "fine":
        return done + T(f"可以，比最佳少{short.zh}。最佳是", f"fine, {short.en} short of the best: ") + better
    return done + T(f"失誤，平均少{short.zh}。更好的是", f"a mistake, costing {short.en} on average. Better: ") + better
