"""The coach's figures against play: each option of seeded hints played out against the bots the
learner meets, and how far the figures the hint shows fall from what the option nets in play.

``python -m benchmarks.coach_play --positions 12 --deals 16 --opponents rule,model --jobs 2``:
for each kind of opponents (``rule``: lesson 08's and a shared table's rule-based bots;
``model``: lesson 08's strong opponents, the coach's own model with 20 samples a decision;
``search``: a shared table's search bots) and each seed, a hand is dealt and played by those
bots in every seat until the learner's seat (East, the banker) is to act with 8, 6 and 4 tiles
in hand (``--sizes``). There the coach gives its hint, as lesson 08's does (``Coach()``), and
every option it lists is played out on the same ``--deals`` deals of the tiles East has not
seen (:func:`tiangow.players.base.sample_deal`: consistent with all East saw), the other three as
the opponents and East's later steps by ``--learner`` (``model``, the coach's own model: a
learner who plays on well, without seeing hidden tiles). An option's *played* figure is its
mean net over those deals, from the hint's moment to the end of the hand (the settlement and
any bonus still to come, as the hint counts it).

It prints, for each kind of opponents and each hand size:

- ``off``: the mean distance between an option's shown figure and its played one, over every
  option of every hint, and ``bias`` the mean signed difference (shown − played: above zero,
  the hint is hopeful); ``noise``: the played figures' own standard error (the benchmark's
  noise, part of ``off``); ``beyond``: the shown figures' error once that noise is taken out
  (the root of the mean squared difference less the mean squared standard error) — the
  precision a shown figure has in play;
- ``gap off``: how far the shown difference between the recommendation and each other option
  falls from the played difference — what a comparison of two options ("0.24 behind") is worth —
  and ``beyond`` that, with the noise of the played difference (paired over the same deals)
  taken out;
- ``loss``: the recommendation's loss, split-half: on each position the option that played
  best on half the deals is scored on the other half against the recommendation (and the
  halves swapped), so the deals' noise does not count as loss; ``best``: how often the
  recommendation is the option that played best on all the deals.

Positions where the hand ended before East held that many tiles, or where East had one option
only, are counted and left out (said in the output).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from tiangow.coach.hints import Coach
from tiangow.coach.record import opponent
from tiangow.deal import Deal
from tiangow.players.base import Bot, sample_deal
from tiangow.policy import POLICY
from tiangow.scoring import Payment

ME = 0
"""The learner's seat: East, the first hand's banker (lesson 08's default)."""


@dataclass(frozen=True)
class Scored:
    """One option of one hint: what the hint showed and what it netted in play on each deal."""

    shown: float
    stderr: float
    exact: bool
    recommended: bool
    played: tuple[float, ...]


@dataclass(frozen=True)
class Position:
    kind: str
    seed: int
    size: int
    options: tuple[Scored, ...]
    seconds: float


def _net(payments: tuple[Payment, ...], seat: int) -> int:
    return sum(p.amount for p in payments if p.payee == seat) - sum(p.amount for p in payments if p.payer == seat)


def _bots(kind: str, seed: int, learner: str) -> list[Bot]:
    return [opponent(learner if s == ME else kind, seed * 4 + s, POLICY.strong_samples) for s in range(4)]


def _reach(kind: str, seed: int, size: int) -> Deal | None:
    """Deal ``seed`` played by ``kind`` bots in every seat until East is to act holding ``size``
    tiles (``None`` if the hand ends first)."""
    d = Deal.random(seed)
    bots = _bots(kind, seed, kind)
    while not d.is_over:
        seat = d.to_play
        assert seat is not None
        if seat == ME and len(d.holding(ME)) == size:
            return d
        if seat == ME and len(d.holding(ME)) < size:
            return None
        d.push(bots[seat].choose(d.view(seat)))
    return None


def score_position(kind: str, seed: int, size: int, deals: int, learner: str) -> Position | None:
    start = time.perf_counter()
    d = _reach(kind, seed, size)
    if d is None:
        return None
    view = d.view(ME)
    hint = Coach().hint(view)
    if len(hint.options) < 2:
        return None
    paid_before = _net(d.immediate_payments, ME)
    samples = [sample_deal(view, random.Random(f"{seed}:{size}:{j}")) for j in range(deals)]
    scored = []
    for o in hint.options:
        played = []
        for j, sample in enumerate(samples):
            g = sample.copy()
            bots = _bots(kind, seed * 1000 + j, learner)
            g.push(o.move)
            while not g.is_over:
                seat = g.to_play
                assert seat is not None
                g.push(bots[seat].choose(g.view(seat)))
            played.append(float(g.settlement().net[ME] - paid_before))
        scored.append(Scored(o.mean, o.stderr, o.exact, o.move == hint.recommended, tuple(played)))
    return Position(kind, seed, size, tuple(scored), time.perf_counter() - start)


def _mean(xs: list[float]) -> float:
    return statistics.fmean(xs) if xs else float("nan")


def _se(xs: list[float]) -> float:
    return statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")


def split_half_loss(p: Position) -> float:
    """The recommendation's loss on ``p``: the option best on the even deals scored on the odd
    ones against the recommendation, and the halves swapped, averaged."""
    rec = next(o for o in p.options if o.recommended)
    losses = []
    for pick, score in ((0, 1), (1, 0)):
        best = max(p.options, key=lambda o: _mean(list(o.played[pick::2])))
        losses.append(_mean(list(best.played[score::2])) - _mean(list(rec.played[score::2])))
    return _mean(losses)


def summary(positions: list[Position]) -> dict[str, float]:
    off, bias, noise, square, gap_off, gap_square, losses, best = [], [], [], [], [], [], [], []
    for p in positions:
        rec = next(o for o in p.options if o.recommended)
        played_rec = _mean(list(rec.played))
        for o in p.options:
            played = _mean(list(o.played))
            off.append(abs(o.shown - played))
            bias.append(o.shown - played)
            noise.append(_se(list(o.played)))
            square.append((o.shown - played) ** 2 - noise[-1] ** 2)
            if o is not rec:
                gap_off.append(abs((rec.shown - o.shown) - (played_rec - played)))
                paired = [x - y for x, y in zip(rec.played, o.played, strict=True)]
                gap_square.append(((rec.shown - o.shown) - (played_rec - played)) ** 2 - _se(paired) ** 2)
        losses.append(split_half_loss(p))
        best.append(float(max(p.options, key=lambda o: _mean(list(o.played))) is rec))
    return {"positions": len(positions), "options": len(off), "off": _mean(off), "bias": _mean(bias),
            "beyond": math.sqrt(max(0.0, _mean(square))), "gap_beyond": math.sqrt(max(0.0, _mean(gap_square))),
            "noise": _mean(noise), "gap_off": _mean(gap_off), "loss": _mean(losses), "loss_se": _se(losses),
            "best": _mean(best), "seconds": sum(p.seconds for p in positions)}


def _task(args: tuple[str, int, int, int, str]) -> tuple[tuple[str, int, int], Position | None]:
    kind, seed, size, deals, learner = args
    return (kind, seed, size), score_position(kind, seed, size, deals, learner)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--positions", type=int, default=12, help="seeds (deals) per kind of opponents")
    p.add_argument("--deals", type=int, default=16, help="deals each option is played out on")
    p.add_argument("--opponents", default="rule,model", help="kinds of opponents: rule, model, search")
    p.add_argument("--learner", default="model", help="who plays East's later steps: model, rule or search")
    p.add_argument("--sizes", default="8,6,4", help="East's tiles in hand at the hint")
    p.add_argument("--first-seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--save", help="write every position's figures to this JSON file (as they come)")
    p.add_argument("--load", help="print the figures of positions saved by --save, playing nothing")
    a = p.parse_args(argv)
    kinds = a.opponents.split(",")
    sizes = [int(x) for x in a.sizes.split(",")]
    tasks = [(k, s, n, a.deals, a.learner) for k in kinds for s in range(a.first_seed, a.first_seed + a.positions)
             for n in sizes]
    print(f"{a.positions} seeds × sizes {a.sizes} × opponents {a.opponents}; each option played out on {a.deals} "
          f"deals, East's later steps by {a.learner}", flush=True)
    found: dict[tuple[str, int, int], Position | None] = {}
    if a.load:
        for row in json.loads(Path(a.load).read_text(encoding="utf-8")):
            key = (row["key"][0], row["key"][1], row["key"][2])
            pos = row["position"]
            found[key] = None if pos is None else Position(
                pos["kind"], pos["seed"], pos["size"], tuple(Scored(**{**o, "played": tuple(o["played"])})
                                                              for o in pos["options"]), pos["seconds"])
        tasks = [t for t in tasks if (t[0], t[1], t[2]) in found]
    else:
        rows = []
        with ProcessPoolExecutor(a.jobs) as pool:
            for key, pos in pool.map(_task, tasks):
                found[key] = pos
                rows.append({"key": list(key), "position": None if pos is None else dataclasses.asdict(pos)})
                if a.save:
                    Path(a.save).write_text(json.dumps(rows), encoding="utf-8")
    print(f"{'opponents':<9} {'tiles':>5} {'hints':>5} {'options':>7} {'off':>6} {'bias':>6} {'noise':>6} "
          f"{'beyond':>6} {'gap off':>7} {'beyond':>6} {'loss':>12} {'best':>5} {'left out':>8}", flush=True)
    for k in kinds:
        for n in sizes:
            keys = [(k, s, n) for s in range(a.first_seed, a.first_seed + a.positions) if (k, s, n) in found]
            got = [found[key] for key in keys if found[key] is not None]
            missing = len(keys) - len(got)
            if not got:
                print(f"{k:<9} {n:>5} {0:>5}  (none: every hand ended first or had one option)")
                continue
            r = summary(got)  # type: ignore[arg-type]
            print(f"{k:<9} {n:>5} {r['positions']:>5} {r['options']:>7} {r['off']:>6.2f} {r['bias']:>+6.2f} "
                  f"{r['noise']:>6.2f} {r['beyond']:>6.2f} {r['gap_off']:>7.2f} "
                  f"{r['gap_beyond']:>6.2f} {r['loss']:>5.2f} "
                  f"± {1.96 * r['loss_se']:>4.2f} "
                  f"{100 * r['best']:>4.0f}% {missing:>8}", flush=True)


if __name__ == "__main__":
    main()
