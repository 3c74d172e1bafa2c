// tiangow/core/moves.h: moves, steps and the settlement of a finished hand (tiangow/state.py).

#pragma once

#include "symmetry.h"

namespace {

int capturing(const Context* c, int led) {
    if (led < 0 || c->combos[led].size != 1) return -1;
    if (led == c->id12) return c->id24;
    if (led == c->id15 && c->civil_supreme) return c->id16;
    return -1;
}

void subsets(u64 h, int k, Move* out, int& n, u64 keep = 0) {
    // distinct sets of k tiles, weakest fields first, the fields in keep after all the others
    int shifts[21], counts[21], m = 0;
    u64 nz = nonempty(h), kz = nonempty(keep) & nz;
    for (u64 part : {nz & ~kz, kz})
        while (part) {
            int b = 63 - __builtin_clzll(part);  // the weakest field left: the highest
            part &= ~((u64)1 << b);
            shifts[m] = b;
            counts[m] = (int)((h >> b) & 7);
            ++m;
        }
    if (k == 1) {
        for (int i = 0; i < m; ++i) {
            out[n].combo = -1;
            out[n].disc = (u64)1 << shifts[i];
            ++n;
        }
        return;
    }
    int rest[22];  // tiles in the fields from i on
    rest[m] = 0;
    for (int i = m - 1; i >= 0; --i) rest[i] = rest[i + 1] + counts[i];
    // depth-first over kinds, the weakest first, taking as many as possible first
    struct Rec {
        static void go(int i, int left, u64 acc, const int* shifts, const int* counts, const int* rest, Move* out,
                       int& n) {
            if (left == 0) {
                out[n].combo = -1;
                out[n].disc = acc;
                ++n;
                return;
            }
            if (rest[i] < left) return;
            int most = counts[i] < left ? counts[i] : left;
            for (int t = most; t >= 0; --t) go(i + 1, left - t, acc + ((u64)t << shifts[i]), shifts, counts, rest, out, n);
        }
    };
    Rec::go(0, k, 0, shifts, counts, rest, out, n);
}

// The plays open to the follower to act (tiangow.state.follower_plays), in its order, each
// handed to put(id): those that beat the standing play, best first, then in the last trick a
// capture (R-$10) not among them. Written once for the search (gen_moves) and the rule-based
// player (follower_plays).
template <class Put>
inline void each_follower_play(const Context* c, const State& st, Put put) {
    u64 own = st.h[st.to_play];
    bool blocked = st.last && st.stacks[st.to_play] + st.size < 2;
    if (st.locked || blocked) return;
    for (int id : c->better[st.best])
        if (contains(own, c->combos[id].mask)) put(id);
    if (st.last && c->capture_wins_trick) {
        int capt = capturing(c, st.led);
        if (capt >= 0 && contains(own, c->combos[capt].mask) && !(c->beaten_by[st.best] >> capt & 1)) put(capt);
    }
}

int follower_plays(const Context* c, const State& st, int* plays) {
    int n = 0;
    each_follower_play(c, st, [&](int id) { plays[n++] = id; });
    return n;
}

int gen_moves(const Context* c, const State& st, Move* out) {
    int n = 0;
    int seat = st.to_play;
    u64 hs = st.h[seat];
    if (!st.size) {
        // the plays held, in lead order: those within a slice (seat_plays) and those across
        u64 held, beaters;
        seat_plays(c, hs, held, beaters);
        held |= c->spanning;
        u64 places = 0;
        for (u64 ids = held; ids; ids &= ids - 1) {
            int j = c->lead_pos[__builtin_ctzll(ids)];
            if (j >= 0) places |= (u64)1 << j;
        }
        for (; places; places &= places - 1) {
            int id = c->lead_at[__builtin_ctzll(places)];
            const Combo& cb = c->combos[id];
            if (!contains(hs, cb.mask) || cb.size > st.left) continue;  // (the relaxed game's extra tiles)
            if (!c->free_split && cb.family != 0 && (hs & cb.family_fields) != cb.mask) continue;
            out[n].combo = id;
            out[n].disc = 0;
            ++n;
        }
        return n;
    }
    Move* o = out;
    each_follower_play(c, st, [&o](int id) {
        o->combo = id;
        o->disc = 0;
        ++o;
    });
    n = (int)(o - out);
    if (c->relaxed && seat != c->me) {
        // the relaxed game: one of the other three puts its discard off, keeping every tile
        out[n].combo = -1;
        out[n].disc = 0;
        return n + 1;
    }
    // A seat holding a supreme tries the discards that keep it first: the field order puts
    // 1-2 and 2-4 among the weakest, and breaking a supreme is seldom right (docs/search.md,
    // "Move ordering", says what the others' discards of them cost).
    u64 keep = 0;
    for (u64 sup = c->supremes; sup; sup &= sup - 1) {
        u64 mask = c->combos[__builtin_ctzll(sup)].mask;
        if (contains(hs, mask)) keep |= mask;
    }
    subsets(hs, st.size, out, n, keep);
    return n;
}

// Take a step; returns the bonus paid at once to ... as me's share (0 if none); *paid says whether one was.
int push(const Context* c, State& st, const Move& mv, bool& paid) {
    int seat = st.to_play;
    paid = false;
    if (mv.combo < 0) {
        st.h[seat] -= mv.disc;
    } else {
        const Combo& cb = c->combos[mv.combo];
        u64 left = st.h[seat] - cb.mask;
        st.h[seat] = left;
        if (st.size) {
            st.up += cb.mask;
            if (c->combos[st.best].kind == SUPREME)
                st.locked = 1;
            else if (st.last && c->capture_wins_trick && cb.size == 1 && mv.combo == capturing(c, st.led))
                st.locked = 2;
        } else {
            st.size = cb.size;
            st.last = st.left == cb.size;
            st.led = mv.combo;
            st.up = cb.mask;
            if (st.first < 0) st.first = mv.combo;
        }
        st.best = mv.combo;
        st.best_seat = seat;
    }
    int acted = ++st.acted;
    if (acted < 4) {
        st.to_play = (seat + 1) & 3;
        return 0;
    }
    // resolve the trick
    int w = st.best_seat;
    const Combo& best = c->combos[st.best];
    st.stacks[w] += st.size;
    int gain = 0;
    if (best.kind == SUPREME || best.kind == QUAD || st.locked) {
        int base = 0;
        if (c->bonus_on) {
            bool pay = !st.last || c->finish_collects;
            if (best.kind == SUPREME && pay)
                base = 2;
            else if (best.kind == QUAD && pay)
                base = 4;
            else if (st.locked && st.led >= 0 && c->combos[st.led].kind == SUPREME && !st.last)
                base = 2;
        }
        if (base) {
            paid = true;
            int me = c->me;
            if (me == w) {
                for (int o = 0; o < 4; ++o)
                    if (o != w) gain += base * ((c->banker == w || c->banker == o) ? c->m : 1);
            } else {
                gain = -base * ((c->banker == w || c->banker == me) ? c->m : 1);
            }
        }
    }
    if (st.last) {
        st.winner = w;
        st.to_play = -1;
    } else {
        st.shown += st.up;
        st.up = 0;
        st.leader = st.to_play = w;
        st.left -= st.size;
        st.size = 0;
        st.best = -1;
        st.best_seat = -1;
        st.locked = 0;
        st.led = -1;
        st.acted = 0;
    }
    return gain;
}

// the net of a finished hand for me: asked of the host (Python's settlement, or the WebAssembly
// host's) once per distinct finish, and kept
int final_net(Context* c, const State& st) {
    int w = st.winner;
    bool eight = st.stacks[w] == 8;
    NetKey key;
    key.a = (u64)st.stacks[0] | (u64)st.stacks[1] << 4 | (u64)st.stacks[2] << 8 | (u64)st.stacks[3] << 12 |
            (u64)w << 16 | (u64)st.leader << 18 | (u64)(st.led + 1) << 20 | (u64)(st.best + 1) << 28 |
            (u64)(eight ? st.first + 1 : 0) << 36 | (u64)st.size << 44;
    key.b = eight ? st.shown : 0;
    key.c = 0;
    auto found = c->nets->find(key);
    if (found != c->nets->end()) return found->second[c->me];
    std::array<int, 4> net = {0, 0, 0, 0};
#ifndef TG_WASM
    PyObject* r = PyObject_CallFunction(c->final_net, "(iiii)iiiiiKi", st.stacks[0], st.stacks[1], st.stacks[2],
                                        st.stacks[3], w, st.leader, st.led, st.best, st.first,
                                        (unsigned long long)st.shown, st.size);
    if (!r) {
        c->error = 1;
        return 0;
    }
    for (int i = 0; i < 4; ++i) {
        PyObject* item = PySequence_GetItem(r, i);
        if (!item) {
            c->error = 1;
            Py_DECREF(r);
            return 0;
        }
        net[i] = (int)PyLong_AsLong(item);
        Py_DECREF(item);
    }
    Py_DECREF(r);
#else
    for (int i = 0; i < 4; ++i)
        net[i] = tg_final_net(c->host, st.stacks[0], st.stacks[1], st.stacks[2], st.stacks[3], w, st.leader, st.led,
                              st.best, st.first, (int)(uint32_t)st.shown, (int)(uint32_t)(st.shown >> 32), st.size, i);
#endif
    (*c->nets)[key] = net;
    return net[c->me];
}

}  // namespace
