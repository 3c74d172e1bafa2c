// tiangow/core/rule.h: the rule-based player (stated in tests/reference/rule.py: rule_move, step for step).

#pragma once

#include "moves.h"

namespace {

// The same choice as the Python statement, bit for bit: its estimates are ratios of whole
// binomials (exact in 64 bits, divided once in double, as Python divides two ints), summed and
// compared in the same order, ties going to the first in the same order of plays.

u64 CHOOSE[33][33];
const bool choose_ready = [] {
    for (int n = 0; n <= 32; ++n) {
        CHOOSE[n][0] = 1;
        for (int k = 1; k <= n; ++k) CHOOSE[n][k] = CHOOSE[n - 1][k - 1] + (k < n ? CHOOSE[n - 1][k] : 0);
    }
    return true;
}();

// What the seat to act knows (rule.py's Eye): its tiles, the tiles it has not seen, hand sizes.
struct Eye {
    int seat;
    u64 own, unseen;
    int u;
    int sizes[4];
};

// the chance that none of b given unseen tiles is among hidden drawn from u unseen (_p_none)
inline double p_none(int u, int hidden, int b) {
    if (b <= 0 || hidden <= 0) return 1.0;
    if (u - b < hidden) return 0.0;
    return (double)CHOOSE[u - b][hidden] / (double)CHOOSE[u][hidden];
}

// the chance that a player holding n of the u unseen tiles holds k given ones (_p_holds)
inline double p_holds(int u, int n, int k) {
    if (k > n || n > u) return 0.0;
    return (double)CHOOSE[u - k][n - k] / (double)CHOOSE[u][n];
}

// Eye.p_beaten: the estimated chance that a seat among after holds a play beating play id
double p_beaten(const Context* c, const Eye& e, int id, const int* after, int nafter) {
    if (!nafter) return 0.0;
    if (c->combos[id].size == 1) {
        int copies = tiles_in(e.unseen & c->rb_better_fields[id]);
        if (!copies) return 0.0;
        int hidden = 0;
        for (int i = 0; i < nafter; ++i) hidden += e.sizes[after[i]];
        return 1.0 - p_none(e.u, hidden, copies);
    }
    double p_free = 1.0;
    bool any = false;
    for (int o : c->better[id]) {
        if (!contains(e.unseen, c->combos[o].mask)) continue;
        any = true;
        int k = c->combos[o].size;
        for (int i = 0; i < nafter; ++i) p_free *= 1.0 - p_holds(e.u, e.sizes[after[i]], k);
    }
    return any ? 1.0 - p_free : 0.0;
}

// the plays a leader holding h may lead, in tiangow.combos.Table.leader_plays' order
int rule_leads(const Context* c, u64 h, bool free_split, int* out) {
    int n = 0;
    for (int j = 0; j < c->rb_nlead; ++j) {
        int id = c->rb_lead[j];
        const Combo& cb = c->combos[id];
        if (!contains(h, cb.mask)) continue;
        if (!free_split && cb.family != 0 && (h & cb.family_fields) != cb.mask) continue;
        out[n++] = id;
    }
    return n;
}

// the fields of the tiles that are part of a combination the seat holds (any split)
u64 combo_fields(const Context* c, u64 own) {
    u64 in = 0;
    for (int id = 0; id < c->ncombos; ++id)
        if (c->combos[id].size > 1 && contains(own, c->combos[id].mask)) in |= c->combos[id].mask;
    return nonempty(in) * 7;
}

// keep_values: how much the seat wants to keep each kind it holds, by field
void keep_values(const Context* c, const Eye& e, double* keep) {
    u64 in = combo_fields(c, e.own);
    int hidden = e.sizes[0] + e.sizes[1] + e.sizes[2] + e.sizes[3] - e.sizes[e.seat];
    for (int f = 0; f < 21; ++f) {
        if (!((e.own >> (3 * f)) & 7)) continue;
        double v = c->rb_strength[f];
        if ((in >> (3 * f)) & 7) v += 0.6;
        if (!hidden || !tiles_in(e.unseen & c->rb_better_fields[c->rb_single[f]])) v += 1.0;
        keep[f] = v;
    }
}

inline double single_strength(const Context* c, int id) { return c->rb_strength[c->rb_tiles[id][0]]; }

// _closer: the single least likely to be beaten, if likely to hold (-1: none)
int rule_closer(const Context* c, const Eye& e, const int* plays, int n) {
    int others[3], k = 0;
    for (int s = 0; s < 4; ++s)
        if (s != e.seat) others[k++] = s;
    int best = -1;
    double bp = 0, bs = 0;
    for (int i = 0; i < n; ++i) {
        int id = plays[i];
        if (c->combos[id].size != 1) continue;
        double p = p_beaten(c, e, id, others, 3), s = -single_strength(c, id);
        if (best < 0 || p < bp || (p == bp && s < bs)) {
            best = id;
            bp = p;
            bs = s;
        }
    }
    return best < 0 || bp > 0.5 ? -1 : best;
}

Move rule_lead(const Context* c, const State& st, const Eye& e) {
    int plays[MAXC];
    int n = rule_leads(c, e.own, c->free_split, plays);
    Move mv;
    mv.disc = 0;
    int k = e.sizes[e.seat];
    for (int i = 0; i < n; ++i)
        if (c->combos[plays[i]].size == k) {
            mv.combo = plays[i];  // every tile in one play: the last trick (R-W1)
            return mv;
        }
    int others[3], no = 0;
    for (int s = 0; s < 4; ++s)
        if (s != e.seat) others[no++] = s;
    double p[MAXC];
    for (int i = 0; i < n; ++i) p[i] = p_beaten(c, e, plays[i], others, 3);
    int closer = rule_closer(c, e, plays, n);
    if (closer >= 0 && st.stacks[e.seat] == 0) {
        for (int i = 0; i < n; ++i)
            if (plays[i] == closer && p[i] == 0.0) closer = -1;  // no stack: cash it (R-W2)
    }
    // the biggest sure winner
    int pick = -1, psize = 0;
    double pstr = 0;
    for (int i = 0; i < n; ++i) {
        int id = plays[i];
        if (p[i] != 0.0 || id == closer) continue;
        int sz = c->combos[id].size;
        double str = c->rb_strength[c->rb_tiles[id][0]];
        if (pick < 0 || sz > psize || (sz == psize && str > pstr)) {
            pick = id;
            psize = sz;
            pstr = str;
        }
    }
    if (pick >= 0) {
        mv.combo = pick;
        return mv;
    }
    double keep[21];
    keep_values(c, e, keep);
    // a combination likely to hold
    double pp = 0;
    for (int i = 0; i < n; ++i) {
        int id = plays[i];
        int sz = c->combos[id].size;
        if (sz <= 1 || p[i] > 0.4 || id == closer) continue;
        if (pick < 0 || sz > psize || (sz == psize && -p[i] > pp)) {
            pick = id;
            psize = sz;
            pp = -p[i];
        }
    }
    if (pick >= 0) {
        mv.combo = pick;
        return mv;
    }
    // a loose single, the least kept (those outside combinations first)
    u64 in = combo_fields(c, e.own);
    int loose[MAXC], nl = 0, outside = 0;
    for (int i = 0; i < n; ++i) {
        int id = plays[i];
        if (c->combos[id].size != 1 || id == closer) continue;
        int f = c->rb_tiles[id][0];
        if (keep[f] < 0.6 + c->rb_strength[f]) {
            loose[nl++] = id;
            outside += !((in >> (3 * f)) & 7);
        }
    }
    double bk = 0;
    int bidx = 0;
    for (int i = 0; i < nl; ++i) {
        int id = loose[i];
        int f = c->rb_tiles[id][0];
        if (outside && ((in >> (3 * f)) & 7)) continue;
        int idx = 0;
        while (c->rb_by_index[idx] != f) ++idx;
        if (pick < 0 || keep[f] < bk || (keep[f] == bk && idx < bidx)) {
            pick = id;
            bk = keep[f];
            bidx = idx;
        }
    }
    if (pick >= 0) {
        mv.combo = pick;
        return mv;
    }
    // the rest (all but the closer, or every play), the least kept a tile, the biggest of equals
    bool rest_any = false;
    for (int i = 0; i < n; ++i) rest_any |= plays[i] != closer;
    double bv = 0;
    int bneg = 0;
    for (int i = 0; i < n; ++i) {
        int id = plays[i];
        if (rest_any && id == closer) continue;
        const Combo& cb = c->combos[id];
        double sum = 0;
        for (int t = 0; t < cb.size; ++t) sum += keep[c->rb_tiles[id][t]];
        double v = sum / cb.size;
        if (pick < 0 || v < bv || (v == bv && -cb.size < bneg)) {
            pick = id;
            bv = v;
            bneg = -cb.size;
        }
    }
    mv.combo = pick;
    return mv;
}

// _discard: the tiles of least keep-value (the packed holding breaks ties)
Move rule_discard(const Context* c, const Eye& e, int size) {
    double keep[21];
    keep_values(c, e, keep);
    Move subs[MAXMOVES * 4];
    int n = 0;
    subsets(e.own, size, subs, n);
    Move best;
    best.combo = -1;
    best.disc = 0;
    double bv = 0;
    for (int i = 0; i < n; ++i) {
        u64 m = subs[i].disc;
        double v = 0;
        for (int idx = 0; idx < 21; ++idx) {
            int f = c->rb_by_index[idx];
            for (int k = (int)((m >> (3 * f)) & 7); k > 0; --k) v += keep[f];
        }
        if (i == 0 || v < bv || (v == bv && m < best.disc)) {
            best.disc = m;
            bv = v;
        }
    }
    return best;
}

Move rule_follow(const Context* c, const State& st, const Eye& e) {
    int seat = e.seat;
    int plays[MAXC];
    int n = follower_plays(c, st, plays);
    Move mv;
    mv.disc = 0;
    if (n) {
        mv.combo = st.last ? plays[0] : plays[n - 1];  // the last trick: the best play wins the hand (R-W1)
        if (st.last) return mv;
        int after[3], na = 0;
        for (int i = 1; i < 4 - st.acted; ++i) after[na++] = (seat + i) & 3;
        int low = plays[n - 1];  // the lowest play that beats
        double hold = 1.0 - p_beaten(c, e, low, after, na);
        int leads[MAXC];
        int nl = rule_leads(c, e.own, true, leads);
        int closer = rule_closer(c, e, leads, nl);
        if (st.size >= 2) {
            if (hold >= 0.3 || st.stacks[seat] == 0) return mv;
        } else if (low != closer || (st.stacks[seat] == 0 && e.sizes[seat] > 2)) {
            bool needy = st.stacks[seat] == 0;
            if (hold >= (needy ? 0.35 : 0.55) || (hold >= 0.2 && e.sizes[seat] <= 3)) return mv;
        }
    }
    return rule_discard(c, e, st.size);
}

// What the seat to act knows (disc: its own face-down discards).
Eye eye_of(const Context* c, const State& st, u64 disc) {
    Eye e;
    e.seat = st.to_play;
    e.own = st.h[e.seat];
    e.unseen = c->rb_full - st.shown - st.up - e.own - disc;
    e.u = tiles_in(e.unseen);
    for (int s = 0; s < 4; ++s) e.sizes[s] = tiles_in(st.h[s]);
    return e;
}

// rule_move: the rule-based choice of the seat to act, from its knowledge only (disc: its own
// face-down discards)
Move rule_move(const Context* c, const State& st, u64 disc) {
    Eye e = eye_of(c, st, disc);
    return st.size ? rule_follow(c, st, e) : rule_lead(c, st, e);
}

// the steps open to the seat to act in tiangow.state.State.moves' order: its plays, then its
// distinct discards, the weakest tiles first
int listed_moves(const Context* c, const State& st, Move* out) {
    int ids[MAXC];
    int n = st.size ? follower_plays(c, st, ids) : rule_leads(c, st.h[st.to_play], c->free_split, ids);
    for (int i = 0; i < n; ++i) {
        out[i].combo = ids[i];
        out[i].disc = 0;
    }
    if (st.size) subsets(st.h[st.to_play], st.size, out, n);
    return n;
}

// lowest_discards: of the nd discards ds (in listed_moves' order), the n lowest by the seat to
// act's keep-values (disc: its own face-down discards), summed in the canonical order of the
// tiles (packed.unpack), ties kept in listed order; all of them when nd <= n. They go to out;
// returns how many (tiangow.players.SearchBot's candidates, and the own-best playouts' steps).
int lowest_discards(const Context* c, const State& st, u64 disc, const Move* ds, int nd, int n, Move* out) {
    if (nd <= n) {
        for (int i = 0; i < nd; ++i) out[i] = ds[i];
        return nd;
    }
    Eye e = eye_of(c, st, disc);
    double keep[21] = {0};
    keep_values(c, e, keep);
    double sums[MAXMOVES];
    for (int i = 0; i < nd; ++i) {
        double v = 0;
        for (int idx = 0; idx < 21; ++idx) {
            int f = c->rb_by_index[idx];
            for (int k = (int)((ds[i].disc >> (3 * f)) & 7); k > 0; --k) v += keep[f];
        }
        sums[i] = v;
    }
    int order[MAXMOVES];
    for (int i = 0; i < nd; ++i) order[i] = i;
    std::stable_sort(order, order + nd, [&](int a, int b) { return sums[a] < sums[b]; });
    for (int i = 0; i < n; ++i) out[i] = ds[order[i]];
    return n;
}

// rule_discards: the seat to act's n lowest discards by keep-value (lowest_discards over all its
// discards); returns how many go to out
int rule_discards(const Context* c, const State& st, u64 disc, int n, Move* out) {
    Move moves[MAXMOVES], ds[MAXMOVES];
    int nm = listed_moves(c, st, moves), nd = 0;
    for (int i = 0; i < nm; ++i)
        if (moves[i].combo < 0) ds[nd++] = moves[i];
    return lowest_discards(c, st, disc, ds, nd, n, out);
}

}  // namespace
