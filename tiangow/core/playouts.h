// tiangow/core/playouts.h: lines of play and the coach's playouts (stated in tests/reference/playouts.py).

#pragma once

#include "rule.h"
#include "context.h"

namespace {

// tiangow.search.principal_line with the rule-based player preferred (rule_line): a line of
// best play from st worth v to me, each seat's step the rule-based player's where it keeps the
// value, else the first in State.moves' order that does, each checked by a search of a null
// window (the first one fresh if fresh). disc: each seat's face-down discards. The steps go to
// out; returns how many, or -1 (no step keeps v: not st's value), -2 (gave up past limit
// positions), -3 (an error, natively a Python one set). *nodes: the positions visited.
int rule_line(Context* c, State st, const u64* disc0, int me, int v, bool fresh, u64 limit, Move* out, u64* nodes) {
    u64 disc[4] = {disc0[0], disc0[1], disc0[2], disc0[3]};
    int n = 0;
    *nodes = 0;
    while (st.to_play >= 0) {
        int mover = st.to_play;
        Move first = rule_move(c, st, disc[mover]);
        Move moves[MAXMOVES];
        int nm = listed_moves(c, st, moves);
        bool kept = false;
        for (int i = -1; i < nm && !kept; ++i) {
            Move mv = i < 0 ? first : moves[i];
            if (i >= 0 && mv.combo == first.combo && mv.disc == first.disc) continue;
            State child = st;
            bool paid;
            c->me = me;
            int target = v - push(c, child, mv, paid);
            bool keeps;
            if (child.to_play < 0) {
                c->error = 0;
                keeps = final_net(c, child) == target;
                if (c->error) return -3;
            } else {
                if (limit && *nodes >= limit) return -2;
                bool gave_up;
                int alpha = mover == me ? target - 1 : target;
                int r = run_search(c, child, me, NET, alpha, alpha + 1, fresh, limit ? limit - *nodes : 0, &gave_up);
                fresh = false;
                *nodes += c->nodes;
                if (gave_up) return -2;
                if (c->error) return -3;
                keeps = mover == me ? r >= target : r <= target;
            }
            if (keeps) {
                out[n++] = mv;
                if (mv.combo < 0) disc[mover] += mv.disc;
                st = child;
                v = target;
                kept = true;
            }
        }
        if (!kept) return -1;
    }
    return n;
}

// ---- the coach's playouts (tiangow/players/search.py's SearchBot; stated in tests/reference/playouts.py) -
//
// One sample played out after each of the seat's options, as the Python statement plays it
// (SearchBot._ending, the statement these are held to in tests/test_playout_core.py): the
// rule-based player in the other seats; in me's seat, with own_best, the step that ends with the
// most for me (alpha-beta over me's steps, the others' rule-based, the ending exact), else the
// rule-based player's; from `tiles` tiles a hand, a line of best play (rule_line). The same
// searches in the same order with the same fresh tables as the statement, so the same values
// and the same positions visited, for the same budget.

// tiangow.state.State.key: what decides the rest of the hand (shown face up only while one seat
// at most holds stacks)
struct PlayKey {
    u64 w[7];
    bool operator==(const PlayKey& o) const { return std::memcmp(w, o.w, sizeof w) == 0; }
};
struct PlayKeyHash {
    size_t operator()(const PlayKey& k) const {
        u64 x = 0x9E3779B97F4A7C15ULL;
        for (u64 v : k.w) x = (x ^ v) * 0xBF58476D1CE4E5B9ULL + (x >> 29);
        return (size_t)(x ^ (x >> 31));
    }
};

PlayKey play_key(const State& st) {
    PlayKey k;
    for (int s = 0; s < 4; ++s) k.w[s] = st.h[s];
    int with = (st.stacks[0] > 0) + (st.stacks[1] > 0) + (st.stacks[2] > 0) + (st.stacks[3] > 0);
    bool counted = with <= 1;
    k.w[4] = counted ? st.shown : 0;
    k.w[5] = counted ? st.up : 0;
    k.w[6] = (u64)st.stacks[0] | (u64)st.stacks[1] << 4 | (u64)st.stacks[2] << 8 | (u64)st.stacks[3] << 12 |
             (u64)(st.to_play + 1) << 16 | (u64)st.leader << 19 | (u64)(st.best + 1) << 21 |
             (u64)(st.best_seat + 1) << 29 | (u64)st.locked << 32 | (u64)(st.led + 1) << 34 |
             (u64)(counted ? st.first + 1 : 0) << 42 | (u64)counted << 50;
    return k;
}

// What befell me after one option (tiangow/players/search.py's _follow counts), PLAYOUT's order.
struct PlayoutResult {
    int net, win, trick, stacks, bonus, last;
};

struct Playout {
    Context* c;
    int me, tiles, own_best, max_discards;
    u64 limit;  // positions this sample may visit (0: no limit)
    u64 used = 0, hits = 0, stores = 0;
    int failed = 0;  // 1: gave up past the limit; 2: an error (natively a Python one set)
    std::unordered_map<PlayKey, std::pair<int, int>, PlayKeyHash> proved;  // this sample's endings: (low, high)

    // one search of a window (tiangow.search.solver._core_value)
    int search(const State& st, int alpha, int beta, bool fresh) {
        u64 budget = 0;
        if (limit) {
            if (used >= limit) {
                failed = 1;
                return 0;
            }
            budget = limit - used;
        }
        State s = st;
        bool gave_up;
        int v = run_search(c, s, me, NET, alpha, beta, fresh, budget, &gave_up);
        used += c->nodes;
        hits += c->hits;
        if (gave_up) {  // counted as one past the limit, what it stored gone (as tiangow.search counts)
            used = limit + 1;
            failed = 1;
            return 0;
        }
        stores += c->stores;
        if (c->error) {
            failed = 2;
            return 0;
        }
        return v;
    }

    // tiangow.search.solver._exact: null windows from the guess g between the bounds proved (lo, hi),
    // the first search fresh where fresh (MTD(f))
    int exact(const State& st, int g, int lo, int hi, bool fresh) {
        while (lo < hi) {
            int beta = g == lo ? g + 1 : g;
            g = search(st, beta - 1, beta, fresh);
            fresh = false;
            if (failed) return 0;
            if (g >= beta)
                lo = g;
            else
                hi = g;
        }
        return g;
    }

    // tiangow.search.solve: from a guess of 0
    int solve(const State& st, bool warm) { return exact(st, 0, -INF, INF, !warm); }

    // tiangow.search.solve_above: the value where above floor, else a bound at or below it
    int solve_above(const State& st, int floor, bool warm) {
        int g = search(st, floor, floor + 1, !warm);
        if (failed || g <= floor) return g;
        return exact(st, g, g, INF, false);
    }

    int ending_value(const State& st, int floor) {
        PlayKey key = play_key(st);
        auto found = proved.find(key);
        int low = -INF, high = INF;
        if (found != proved.end()) {
            low = found->second.first;
            high = found->second.second;
        }
        if (low == high || high <= floor) return high;
        bool warm = !proved.empty();
        int v = floor <= -INF ? solve(st, warm) : solve_above(st, floor, warm);
        if (failed) return 0;
        proved[key] = v > floor ? std::make_pair(v, v) : std::make_pair(low, std::min(high, v));
        return v;
    }

    // me's steps weighed (SearchBot._candidates(few=True), the rule-based player's first)
    int own_steps(const State& st, const u64* disc, Move* out) {
        Move pref = rule_move(c, st, disc[st.to_play]);
        Move moves[MAXMOVES], ds[MAXMOVES];
        int nm = listed_moves(c, st, moves), n = 0, nd = 0;
        out[n++] = pref;
        for (int i = 0; i < nm; ++i) {
            if (moves[i].combo >= 0) {
                if (moves[i].combo != pref.combo) out[n++] = moves[i];
            } else {
                ds[nd++] = moves[i];
            }
        }
        if (nd > max_discards) {  // the lowest by keep-value
            Move picked[MAXMOVES];
            nd = lowest_discards(c, st, disc[st.to_play], ds, nd, max_discards, picked);
            for (int i = 0; i < nd; ++i) ds[i] = picked[i];
        }
        for (int i = 0; i < nd; ++i)
            if (pref.combo >= 0 || ds[i].disc != pref.disc) out[n++] = ds[i];
        return n;
    }

    int after(const State& st, const u64* disc, const Move& mv, int floor) {
        State child = st;
        u64 d2[4] = {disc[0], disc[1], disc[2], disc[3]};
        int seat = st.to_play;
        bool paid;
        c->me = me;
        int d = push(c, child, mv, paid);
        if (mv.combo < 0) d2[seat] += mv.disc;
        return d + value(child, d2, floor - d);
    }

    // me's net from st on, where above floor; else a bound at or below it
    int value(const State& st, const u64* disc, int floor) {
        if (failed) return 0;
        if (st.to_play < 0) {
            c->me = me;
            c->error = 0;
            int v = final_net(c, st);
            if (c->error) failed = 2;
            return v;
        }
        if (st.left <= tiles) return ending_value(st, floor);
        if (st.to_play != me) return after(st, disc, rule_move(c, st, disc[st.to_play]), floor);
        int best = -INF;
        Move steps[MAXMOVES];
        int n = own_steps(st, disc, steps);
        for (int i = 0; i < n && !failed; ++i) best = std::max(best, after(st, disc, steps[i], std::max(floor, best)));
        return best;
    }

    // the option's playout to the end of the hand, counted into r
    void follow(State st, const u64* disc0, const Move& action, PlayoutResult& r) {
        u64 disc[4] = {disc0[0], disc0[1], disc0[2], disc0[3]};
        int total = 0, taker = -1, nline = 0, at = 0;
        bool started = false;
        Move line[40];
        Move step = action;
        bool have = true;
        while (st.to_play >= 0) {
            if (!have) {
                if (!started && st.left <= tiles) {
                    started = true;
                    PlayKey key = play_key(st);
                    auto found = proved.find(key);
                    int v;
                    if (found != proved.end() && found->second.first == found->second.second) {
                        v = found->second.first;
                    } else {
                        v = solve(st, false);
                        if (failed) return;
                    }
                    u64 budget = 0;
                    if (limit) {
                        if (used >= limit) {
                            failed = 1;
                            return;
                        }
                        budget = limit - used;
                    }
                    u64 nodes = 0;
                    nline = rule_line(c, st, disc, me, v, false, budget, line, &nodes);
                    used += nodes;
                    if (nline == -2) {
                        used = limit + 1;
                        failed = 1;
                    }
                    if (nline < 0 && !failed) failed = 2;
                    if (failed) return;
                }
                if (started) {
                    step = line[at++];
                } else if (!own_best || st.to_play != me) {
                    step = rule_move(c, st, disc[st.to_play]);
                } else {
                    Move steps[MAXMOVES];
                    int n = own_steps(st, disc, steps);
                    int best = -INF;
                    for (int i = 0; i < n; ++i) {
                        int v = after(st, disc, steps[i], best);
                        if (failed) return;
                        if (i == 0 || v > best) {
                            step = steps[i];
                            best = v;
                        }
                    }
                }
            }
            have = false;
            bool resolves = st.acted == 3;
            int seat = st.to_play;
            bool paid;
            c->me = me;
            total += push(c, st, step, paid);
            if (step.combo < 0) disc[seat] += step.disc;
            if (resolves && taker < 0) taker = st.to_play < 0 ? st.winner : st.leader;
        }
        c->me = me;
        c->error = 0;
        int fin = final_net(c, st);
        if (c->error) {
            failed = 2;
            return;
        }
        total += fin;
        r.net = total;
        r.win = st.winner == me;
        r.trick = taker == me;
        r.stacks = st.stacks[me];
        r.bonus = total - fin;
        r.last = st.winner == me ? st.best : -1;
    }
};

// Each option of the seat to act played out in one sample (Playout): returns 0, 1 (gave up past
// limit positions: the sample is to be dropped) or 2 (an error). *used, *hits, *stores: the
// positions visited (limit + 1 where a search gave up, limit where the limit was reached between
// searches, as tiangow.search counts them), the table's hits and stores.
int play_out(Context* c, const State& st, const u64* disc, int me, const Move* options, int n, int tiles,
             int own_best, int max_discards, u64 limit, PlayoutResult* out, u64* used, u64* hits, u64* stores) {
    Playout p;
    p.c = c;
    p.me = me;
    p.tiles = tiles;
    p.own_best = own_best;
    p.max_discards = max_discards;
    p.limit = limit;
    for (int i = 0; i < n && !p.failed; ++i) p.follow(st, disc, options[i], out[i]);
    *used = p.used;
    *hits = p.hits;
    *stores = p.stores;
    return p.failed;
}

}  // namespace
