// tiangow/core/bounds.h: bounds on a position's value without searching it (stated in tests/reference/bounds.py).

#pragma once

#include "moves.h"

namespace {

// How many of the tiles in held a seat with the lead can lead, one play after another and
// keeping the lead, in plays nobody holding the plays against can beat (singles first); *rest:
// the tiles left.
int cash(const Context* c, u64 held, u64 against, u64* rest) {
    u64 mine, beaters;
    seat_plays(c, held, mine, beaters);
    int n = 0;
    for (int size = 1; size <= 4; ++size)  // singles first
        for (u64 ids = mine & c->size_plays[size]; ids; ids &= ids - 1) {
            int id = __builtin_ctzll(ids);
            if (c->beaten_by[id] & against) continue;
            u64 mask = c->combos[id].mask;
            while (contains(held, mask)) {
                held -= mask;
                n += size;
            }
        }
    *rest = held;
    return n;
}

// The stacks me is sure of: those it has; the trick under way if its play stands there and no
// seat still to act holds a play that beats it (under 以擒為大 a last trick is not counted); and,
// where me leads next, the tiles it can lead in plays no other seat can beat (others: the plays
// the other three hold), one after another, keeping the lead (free splitting only). *kept: the
// tiles me still holds once those are led; *wins: whether that is every trick left.
int sure_stacks(const Context* c, const State& st, u64 others, u64* kept, bool* wins, bool cashing = true) {
    int me = c->me, s = st.stacks[me];
    u64 held = st.h[me];
    *kept = held;
    *wins = false;
    if (st.size) {
        if (st.best_seat != me) return s;
        if (!st.locked) {
            if (st.last && c->capture_wins_trick) return s;
            u64 beats = c->beaten_by[st.best];
            for (int i = st.acted; i < 4; ++i) {
                u64 mine, beaters;
                seat_plays(c, st.h[(st.leader + i) & 3], mine, beaters);
                if (mine & beats) return s;
            }
        }
        s += st.size;
        if (st.last) {
            *wins = true;
            return s;
        }
    } else if (st.to_play != me) {
        return s;
    }
    if (!c->free_split || !cashing) return s;
    s += cash(c, held, others, kept);
    *wins = *kept == 0;
    return s;
}

const int PAYS[4] = {5, 3, 2, 1};  // what a loser pays with 0-3 stacks (R-$1, R-$2)

// me's settlement as the winner, the others keeping the stacks they have, no finish (R-$1-R-$3).
int winner_net(const Context* c, const State& st) {
    int me = c->me, total = 0;
    for (int o = 0; o < 4; ++o) {
        if (o == me) continue;
        int t = st.stacks[o];
        if (t < 4)
            total += PAYS[t] * ((c->banker == me || c->banker == o) ? c->m : 1);
        else if (t > 4)
            total -= (t - 4) * (me == c->banker ? c->m : 1);
    }
    return total;
}

// From how many tiles a hand the search asks, at a trick start where the floor falls short,
// whether me can force the win (docs/search.md, "The forced win", says why from 5).
// WIN_FLOOR_FROM (abi.h): from how many tiles a hand the net's search asks the forced win.
// Within one search of a window it is asked only while it pays: WIN_FLOOR_GRACE times, then
// while it finds a win at least once in WIN_FLOOR_RATE times asked. In some hands it is asked at
// tens of thousands of trick starts and seldom finds a win, each proof costing more than the
// net's own search there; in others it finds a win nearly every time (docs/search.md has the
// figures).
// (WIN_FLOOR_GRACE, WIN_FLOOR_RATE: abi.h)

// The least me gets as the winner of the hand, from a trick start: the others end with the
// stacks they have or more, me with at least one more (the last trick) and at least 2 (R-W2),
// less the rewards the others may still collect (R-$5, R-$6). Finishes and captures only
// multiply what the winner collects, never what it pays out (R-$3, R-$4, R-$10). None (-INF)
// where another seat could still end with 5 stacks or more.
int win_floor(const Context* c, const State& st) {
    int me = c->me, m = c->m;
    int r = 8 - st.stacks[0] - st.stacks[1] - st.stacks[2] - st.stacks[3];
    int os[3], k = 0;
    for (int o = 0; o < 4; ++o)
        if (o != me) {
            // asked only where no other seat can still end with 5 stacks or more (measured:
            // elsewhere the forced win is searched for far more often than it is found)
            if (st.stacks[o] + r - 1 > 4) return -INF;
            os[k++] = o;
        }
    int imm = 0;
    for (int o = 0; o < 4; ++o) {
        if (o == me || !st.h[o]) continue;
        u64 held, beaters;
        seat_plays(c, st.h[o], held, beaters);
        int f = me == c->banker || o == c->banker ? m : 1;  // between me and o (R-$5, R-$6)
        imm += 2 * f * __builtin_popcountll(held & c->supremes) + 4 * f * __builtin_popcountll(held & c->quads);
        if (c->capture_civil_supreme && c->pair16 && contains(st.h[o], c->pair16)) imm += 2 * f;
    }
    int least = INF;
    for (int a = 0; a < r; ++a)
        for (int b = 0; a + b < r; ++b)
            for (int d = 0; a + b + d < r; ++d) {
                if (st.stacks[me] + r - a - b - d < 2) continue;
                int add[3] = {a, b, d};
                int total = 0;
                for (int q = 0; q < 3; ++q) {
                    int o = os[q], t = st.stacks[o] + add[q];
                    if (t < 4)
                        total += PAYS[t] * ((c->banker == me || c->banker == o) ? m : 1);
                    else if (t > 4)
                        total -= (t - 4) * (me == c->banker ? m : 1);
                }
                least = std::min(least, total);
            }
    return least == INF ? -INF : least - imm;
}

const u64 QUALIFIES = (u64)1 << 63;  // in avail: me has a stack, so it may take a last trick of one tile

// The finish multiplier seat x gets by leading every trick left with the tiles hx against me
// holding hm (as many tiles) with no stack, me playing to stop it or, failing that, to keep it
// low; 0 where me can take a trick (then nobody takes all eight). Before the last trick me
// beats any play it can; in the last trick x's play is all its tiles, and me, with no stack,
// cannot take a last trick of one tile (R-W2). The other two only discard (face down: if one
// of them played a tile face up it would take the trick). The last trick makes it 八支 (×4)
// when it is 2+ tiles or a single no tile unseen could beat — every higher tile of its class
// face up (avail: what is face up now and the tiles x leads, all face up) — else 七支 (×2)
// (R-$11), times 包尊 ×2 for a supreme, 四大包 ×4 for a quad, 么結 ×2 for 1-2 (R-$7–R-$9).
// Free splitting, and no variant naming 1-5 or 1-6 (the callers check). Kept per context.
// With QUALIFIES in avail, me has a stack and may take a last trick of one tile too
// (net_ceiling: whether x can take every trick left at all, more than 0).
int sweep_mult(Context* c, u64 hx, u64 hm, u64 avail) {
    std::array<u64, 3> key = {hx, hm, avail};
    auto it = c->sweeps->find(key);
    if (it != c->sweeps->end()) return it->second;
    int t = tiles_in(hx);
    u64 xs, xb, ms_, mb;
    seat_plays(c, hx, xs, xb);
    seat_plays(c, hm, ms_, mb);
    int best = 0;
    for (u64 bits = xs; bits && best < 32; bits &= bits - 1) {
        int id = __builtin_ctzll(bits);
        const Combo& p = c->combos[id];
        int v;
        if (p.size == t) {  // the last trick
            if (p.size > 1 || (avail & QUALIFIES)) {
                auto f = c->by_mask->find(hm);
                if (f != c->by_mask->end() && (c->beaten_by[id] >> f->second & 1)) continue;
            }
            v = p.size > 1 || contains(avail & ~QUALIFIES, c->higher[id]) ? 4 : 2;
            if (p.kind == QUAD) v *= 4;
            else if (p.kind == SUPREME || id == c->id12) v *= 2;
        } else {
            if (ms_ & c->beaten_by[id]) continue;  // me beats it and takes a stack
            Move ds[MAXMOVES];
            int n = 0;
            subsets(hm, p.size, ds, n);
            v = 64;
            for (int i = 0; i < n && v > best; ++i) v = std::min(v, sweep_mult(c, hx - p.mask, hm - ds[i].disc, avail));
        }
        best = std::max(best, v);
    }
    if (c->sweeps->size() > 2000000) c->sweeps->clear();
    (*c->sweeps)[key] = best;
    return best;
}

// The seat that takes every trick left as net_ceiling reads it, or -1 where none is sure to.
int sweeper(const Context* c, const State& st) {
    if (!c->bonus_on || !c->free_split) return -1;
    int me = c->me, x;
    u64 mine, beaters, rest;
    seat_plays(c, st.h[me], mine, beaters);
    u64 q = st.stacks[me] ? QUALIFIES : 0;
    Context* cc = const_cast<Context*>(c);
    if (st.size) {
        x = st.best_seat;
        if (x == me) return -1;
        bool me_to_act = false;
        if (!st.locked) {
            if (st.last && c->capture_wins_trick) return -1;
            for (int i = st.acted; i < 4; ++i) me_to_act |= ((st.leader + i) & 3) == me;
            if (me_to_act && (mine & c->beaten_by[st.best])) return -1;
        }
        if (st.last) {
            // x may capture the leader, who alone then pays (R-$10)
            if (st.leader != x && (st.led == c->id12 || (c->civil_supreme && st.led == c->id15))) return -1;
        } else {
            cash(c, st.h[x], mine, &rest);
            if (rest) {
                // x leads every trick left: it takes them all against whatever me keeps (sweep_mult)
                if (!c->plain_ceiling) return -1;
                if (!me_to_act) {
                    if (!sweep_mult(cc, st.h[x], st.h[me], q)) return -1;
                } else {
                    Move ds[MAXMOVES];
                    int n = 0;
                    subsets(st.h[me], st.size, ds, n);
                    for (int i = 0; i < n; ++i)
                        if (!sweep_mult(cc, st.h[x], st.h[me] - ds[i].disc, q)) return -1;
                }
            }
        }
    } else {
        x = st.to_play;
        if (x == me) return -1;
        cash(c, st.h[x], mine, &rest);
        if (rest && (!c->plain_ceiling || !sweep_mult(cc, st.h[x], st.h[me], q))) return -1;
    }
    return x;
}

// The most me can get where another seat leads next (its play stands in the trick under way
// and me cannot beat it, or it is to lead) and can lead all its tiles in plays me cannot beat —
// or, under the rules sweep_mult reads, take every trick left by leading them against whatever
// me keeps: the other three can then see that it wins every trick left, so me ends with the
// stacks it has, a loser, its payment counted without finishes or rewards (R-W1, R-$1-R-$4).
// INF elsewhere (free splitting only). Stated in tests/reference/bounds.py: Floor.ceiling.
int net_ceiling(const Context* c, const State& st) {
    int x = sweeper(c, st), s = st.stacks[c->me];
    if (x < 0 || s > 6) return INF;
    if (s < 4) return -PAYS[s] * ((c->banker == c->me || c->banker == x) ? c->m : 1);
    return (s - 4) * (x == c->banker ? c->m : 1);
}

// The multiplier of seat x taking all 8 stacks (R-$11) at its worst for me: ×4 (八支) where x
// holds a play of 2+ tiles, or a single whose higher tiles of its class are all shown, face up
// in this trick or held by the others (me can keep one of its own unseen), or the last trick is
// under way; else ×2 (七支). Stated in tests/reference/bounds.py: Floor.sweep.
int sweep(const Context* c, const State& st, int x) {
    if (st.size && st.last) return 4;
    u64 plays, beaters;
    seat_plays(c, st.h[x], plays, beaters);
    if (plays & c->multi_plays) return 4;
    u64 avail = st.shown + st.up;
    for (int o = 0; o < 4; ++o)
        if (o != c->me) avail += st.h[o];
    for (u64 bits = plays & c->single_plays; bits; bits &= bits - 1)
        if (contains(avail, c->higher[__builtin_ctzll(bits)])) return 4;
    return 2;
}

// The most seat x, all of whose stacks so far are its own, can multiply the settlement by
// taking every trick left, where me can keep it to that: x leads next (it is to lead, or its play
// stands where me has played: sweep_mult), or x has still to play in this trick (the most over
// the plays x could beat it with — me, where it plays after x, beating that if it can, else
// discarding; where before, discarding), or x's play stands where me has still to play, not in the
// last trick (0 if me can beat it, else the least over me's discards), or me leads next and x,
// the only seat with stacks (alone), cannot beat some play me holds (0). -1 where unsure.
int sweep_bound(Context* c, const State& st, int x, int acted, bool alone) {
    int me = c->me;
    u64 shown = st.shown + st.up;
    if (!st.size) {
        if (st.to_play == x) return sweep_mult(c, st.h[x], st.h[me], shown + st.h[x]);
        if (st.to_play != me || !alone) return -1;
        u64 mine, beaters, xs, xb;
        seat_plays(c, st.h[me], mine, beaters);
        seat_plays(c, st.h[x], xs, xb);
        for (u64 bits = mine; bits; bits &= bits - 1)
            if (!(c->beaten_by[__builtin_ctzll(bits)] & xs)) return 0;
        return -1;
    }
    if (!(acted >> x & 1)) {
        if (st.locked || st.last) return -1;
        // the others still to play before x may put tiles face up that x then beats (and what
        // x must beat then is no lower than what stands now)
        u64 avail = shown + st.h[x];
        for (int o = 0; o < 4; ++o)
            if (o != x && o != me && !(acted >> o & 1)) avail += st.h[o];
        u64 xs, xb;
        seat_plays(c, st.h[x], xs, xb);
        u64 beats = xs & c->beaten_by[st.best];
        if (acted >> me & 1) {
            int most = 0;
            for (u64 bits = beats; bits; bits &= bits - 1)
                most = std::max(most, sweep_mult(c, st.h[x] - c->combos[__builtin_ctzll(bits)].mask, st.h[me], avail));
            return most;
        }
        bool me_first = false;  // me plays before x in this trick
        for (int i = st.acted; i < 4; ++i) {
            int o = (st.leader + i) & 3;
            if (o == me || o == x) {
                me_first = o == me;
                break;
            }
        }
        u64 mine, beaters;
        seat_plays(c, st.h[me], mine, beaters);
        Move ds[MAXMOVES];
        int n = 0;
        subsets(st.h[me], st.size, ds, n);
        if (me_first) {
            // me discards (beating instead could only help it), then x beats
            int least = 64;
            for (int i = 0; i < n && least; ++i) {
                int most = 0;
                for (u64 bits = beats; bits && most < least; bits &= bits - 1)
                    most = std::max(most, sweep_mult(c, st.h[x] - c->combos[__builtin_ctzll(bits)].mask,
                                                     st.h[me] - ds[i].disc, avail));
                least = std::min(least, most);
            }
            return least;
        }
        // x beats, then me beats that if it can, else discards
        int most = 0;
        for (u64 bits = beats; bits; bits &= bits - 1) {
            int b = __builtin_ctzll(bits);
            if (mine & c->beaten_by[b]) continue;
            int least = 64;
            for (int i = 0; i < n && least > most; ++i)
                least = std::min(least, sweep_mult(c, st.h[x] - c->combos[b].mask, st.h[me] - ds[i].disc, avail));
            most = std::max(most, least);
        }
        return most;
    }
    if (st.best_seat != x || st.last) return -1;
    if (acted >> me & 1) return sweep_mult(c, st.h[x], st.h[me], shown + st.h[x]);
    u64 mine, beaters;
    seat_plays(c, st.h[me], mine, beaters);
    if (!st.locked && (mine & c->beaten_by[st.best])) return 0;
    Move ds[MAXMOVES];
    int n = 0;
    subsets(st.h[me], st.size, ds, n);
    int least = 64;
    for (int i = 0; i < n && least; ++i) least = std::min(least, sweep_mult(c, st.h[x], st.h[me] - ds[i].disc, shown + st.h[x]));
    return least;
}

// What the searching seat (me) is sure to get from here at least, whatever anyone plays: the
// rewards still to be paid during play (賀尊, 四大賀) and the settlement, counted at their worst
// for me from what is still held (stated in tests/reference/bounds.py: Floor; R-$1–R-$11):
// - if me wins the hand its net is positive (tests/test_search_bounds.py checks every
//   settlement), so the floor is what me pays as a loser with the stacks it is sure of
//   (sure_stacks; stacks only grow, and a loser pays less the more it holds: 5, 3, 2, 1, 0,
//   then is paid), times the banker's m where me or the winner is the banker (RULES §6), and
//   the largest finish multiplier still possible: 包尊 ×2 if another seat holds a supreme, 四大包
//   ×4 if a quad, 么結 ×2 if another seat holds 1-2 (or 1-5 under the civil supreme) and me
//   cannot stop it, and ×4 for 八支 (×2 for 七支: sweep) while me has no stack and at most one
//   seat has any — no more than that seat can force where it leads next (sweep_bound), none
//   from a seat that has lost the trick under way or cannot beat what stands; where me is sure
//   of every trick left, what it collects;
// - less 2 for every supreme and 4 for every quad another seat holds (and 2 for a pair of 1-6
//   under 擒尊), each ×m where me or that seat is the banker, and 2·m or 4·m for the trick under
//   way if another seat's supreme or quad stands — but a supreme or quad that wins the last
//   trick earns no reward (R-$7, R-$8, unless the variant pays both), and 1-2 led alone breaks
//   the supreme that holds it (R-$9), so each seat's finish is counted with the reward it
//   forgoes (the worst of its ways), and nothing held earns a reward in the last trick;
// - where me could still be captured (R-$10: me holds 1-2, or 1-5 under the civil supreme, and
//   another seat the tile that captures it), the floor of me getting rid of that tile at its next
//   play (no cashing), and none (-INF) where it is all me will lead the last trick with; none
//   where the rules are not scored.
int net_floor(const Context* c, const State& st) {
    if (!c->bonus_on) return -INF;
    int me = c->me, m = c->m;
    const u64* h = st.h;
    u64 others = 0, plays[4] = {0, 0, 0, 0};
    int imm = 0, imm_other = 0;  // rewards others may collect: all, and those not from a supreme or quad they hold
    bool hold24 = false, hold16 = false;
    u64 m12 = c->combos[c->id12].mask, m24 = c->combos[c->id24].mask;
    u64 m15 = c->combos[c->id15].mask, m16 = c->combos[c->id16].mask;
    // what passes between me and each seat is multiplied by m where one of them is the banker
    int f[4];
    for (int o = 0; o < 4; ++o) f[o] = me == c->banker || o == c->banker ? m : 1;
    for (int o = 0; o < 4; ++o) {
        if (o == me || !h[o]) continue;
        u64 beaters;
        seat_plays(c, h[o], plays[o], beaters);
        u64 held = plays[o];
        others |= held;
        imm += 2 * f[o] * __builtin_popcountll(held & c->supremes) + 4 * f[o] * __builtin_popcountll(held & c->quads);
        if (c->capture_civil_supreme && c->pair16 && contains(h[o], c->pair16)) imm_other += 2 * f[o];
        hold24 |= contains(h[o], m24);
        hold16 |= contains(h[o], m16);
    }
    imm += imm_other;
    // me holds the tile another seat may capture (R-$10): it is captured only by leading it
    // alone into the last trick. In the last trick it no longer leads; where that tile is all
    // it will have to lead the last trick with, no floor; else the floor is of me getting rid
    // of it at its next play (leading it, or putting it in what it plays), so without cashing.
    int acted = st.size ? acted_mask_of(st) : 0;  // the seats that have played in the trick under way
    bool risk = (contains(h[me], m12) && hold24) || (c->civil_supreme && contains(h[me], m15) && hold16);
    if (risk && !(st.size && st.last)) {
        if (tiles_in(h[me]) == 1 && ((acted >> me & 1) || (!st.size && st.to_play == me))) return -INF;
    } else {
        risk = false;
    }
    u64 kept;
    bool wins;
    int sure = sure_stacks(c, st, others, &kept, &wins, !risk);
    // me leads every trick left with plays nobody can beat: it wins the hand, the others keep
    // the stacks they have, and nobody else can collect a reward
    if (wins) return winner_net(c, st);
    // 么結 needs the lowest led alone into the last trick and winning it: me stops it by keeping
    // to the end a single that beats it (one it does not lead to be sure of its stacks), once it
    // has a stack to qualify (R-W2) — with free splitting (else it may have to lead that single
    // inside a combination), and only one of the two lowest.
    u64 mine = 0, my_beaters;
    if (sure && c->free_split && kept && !risk) seat_plays(c, kept, mine, my_beaters);
    if (c->civil_supreme && (others >> c->id12 & 1) && (others >> c->id15 & 1))
        mine = 0;  // me keeps one tile to the end: it cannot stop both 1-2 and 1-5
    u64 lowest = 0;
    if (!(mine & c->beaten_by[c->id12])) lowest |= (u64)1 << c->id12;
    if (c->civil_supreme && !(mine & c->beaten_by[c->id15])) lowest |= (u64)1 << c->id15;
    // What each other seat could finish the hand with, winning its last trick (R-$7-R-$9): ×4
    // with a quad, ×2 with a supreme or the lowest led — and the reward that way forgoes: a
    // supreme or quad winning the last trick earns none (R-$7, R-$8; unless the variant pays
    // both), and the lowest led alone breaks the supreme that holds it (R-$5, R-$9).
    int fmult[4][4], fcost[4][4], nf[4] = {0, 0, 0, 0};
    auto way = [&](int o, int mult, int cost) {
        fmult[o][nf[o]] = mult;
        fcost[o][nf[o]] = cost;
        ++nf[o];
    };
    bool forgo = !c->finish_collects;
    if (st.size && st.last) {
        if (st.leader == me && (st.led == c->id12 || (c->civil_supreme && st.led == c->id15))) return -INF;
        // the last lead is made: no supreme can come, and the lowest only as led; nothing held
        // earns a reward now (R-$5, R-$6: not in the last trick)
        if (forgo) imm = imm_other;
        for (int o = 0; o < 4; ++o)
            if (o != me && (plays[o] & c->quads)) way(o, 4, 0);
        if (st.leader != me && ((u64)1 << st.led & lowest)) way(st.leader, 2, 0);
        if (st.best_seat != me) {
            int kind = c->combos[st.best].kind;
            if (kind == QUAD) {
                way(st.best_seat, 4, 0);
                if (!forgo) imm += 4 * m;
            } else if (kind == SUPREME) {
                way(st.best_seat, 2, 0);
                if (!forgo) imm += 2 * m;
            } else if (st.locked) {
                imm += 2 * m;
            }
        }
    } else if (!st.size && st.left == 1) {
        // the last trick, of single tiles, is to be led: no supreme, quad or reward is left
        imm = 0;
        if (st.leader != me && (plays[st.leader] & lowest)) way(st.leader, 2, 0);
    } else {
        for (int o = 0; o < 4; ++o) {
            if (o == me) continue;
            if (plays[o] & c->quads) way(o, 4, forgo ? 4 * f[o] : 0);
            if (plays[o] & c->supremes) way(o, 2, forgo ? 2 * f[o] : 0);
            if ((plays[o] & lowest) >> c->id12 & 1) way(o, 2, (plays[o] & c->sup_with12) ? 2 * f[o] : 0);
            if (c->civil_supreme && ((plays[o] & lowest) >> c->id15 & 1))
                way(o, 2, (plays[o] & c->sup_with15) ? 2 * f[o] : 0);
        }
        if (st.size && st.best_seat != me) {
            int kind = c->combos[st.best].kind;
            if (kind == SUPREME) imm += 2 * m;
            else if (kind == QUAD) imm += 4 * m;
            else if (st.locked) imm += 2 * m;
        }
    }
    int s = sure;
    if (s >= 4) return std::min(s - 4, 2) - imm;  // a loser with 5 or 6 stacks is paid (R-$3)
    int loss = PAYS[s] * m;  // no finish, every reward (the banker may win)
    for (int o = 0; o < 4; ++o)
        for (int k = 0; k < nf[o]; ++k) loss = std::max(loss, PAYS[s] * f[o] * fmult[o][k] - fcost[o][k]);
    int holders = (st.stacks[0] > 0) + (st.stacks[1] > 0) + (st.stacks[2] > 0) + (st.stacks[3] > 0);
    if (s == 0 && holders <= 1) {
        if (c->relaxed) return -INF;  // sweep and sweep_bound read hands of as many tiles as tricks left
        // another seat could take all 8 stacks: 七支/八支 with its own finish (R-$11) — not one
        // that has lost this trick or cannot beat what stands, and no more than sweep_bound
        // where me can keep it to that.
        // (me's way of keeping it low is for one seat at a time — the one that leads next, or
        // the only one with stacks — and none while me must get rid of a tile that could be
        // captured: risk)
        bool plain = c->free_split && !c->civil_supreme && !c->capture_civil_supreme && !risk;
        for (int x = 0; x < 4; ++x) {
            if (x == me || (holders && !st.stacks[x])) continue;
            if (st.size) {
                if ((acted >> x & 1) && st.best_seat != x) continue;  // it has lost this trick
                if (!(acted >> x & 1) && !(st.last && c->capture_wins_trick) &&
                    (st.locked || !(plays[x] & c->beaten_by[st.best])))
                    continue;  // it cannot beat what stands
            }
            int sw = sweep(c, st, x);
            int b = plain ? sweep_bound(const_cast<Context*>(c), st, x, acted, holders == 1) : -1;
            for (int k = -1; k < nf[x]; ++k) {
                int most = (k < 0 ? 1 : fmult[x][k]) * sw;
                if (b >= 0) most = std::min(most, b);
                loss = std::max(loss, PAYS[s] * f[x] * most - (k < 0 ? 0 : fcost[x][k]));
            }
        }
    }
    return -loss - imm;
}

// For the forced win: 1 where me is sure to win the hand (it leads every trick left in plays
// nobody can beat, or its play stands unbeatable in the last trick: sure_stacks), 0 where
// another seat is sure to take every trick left (sweeper), else -1 (R-W1, R-W2).
int win_bound(const Context* c, const State& st) {
    u64 others = 0;
    for (int o = 0; o < 4; ++o) {
        if (o == c->me || !st.h[o]) continue;
        u64 plays, beaters;
        seat_plays(c, st.h[o], plays, beaters);
        others |= plays;
    }
    u64 kept;
    bool wins;
    int s = sure_stacks(c, st, others, &kept, &wins);
    if (wins && s >= 2) return 1;
    return sweeper(c, st) >= 0 ? 0 : -1;
}

}  // namespace
