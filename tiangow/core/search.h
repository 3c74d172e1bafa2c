// tiangow/core/search.h: the alpha-beta (value), its table of positions and the reductions it makes.

#pragma once

#include "bounds.h"

namespace {

inline u64 mix(u64 x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

inline u64 mix2(u64 x) {  // another finalizer (splitmix64's), for the fingerprint's second half
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

// ---- dominated discards ---------------------------------------------------------------------
//
// A seat that keeps tile b rather than tile a (discarding a instead of b) is never worse off when
// every play the seat could make with a is matched by a play of the same kind, no lower, with b
// in its place (the same tiles otherwise), and - for one of the three playing together - no
// partner holds a play that would beat the play with a but not the one with b (so the three can
// still play as they would have: the seat mimics every line with b for a; the one playing alone
// only ever loses options the others had against it). Only once two seats hold stacks (what was
// shown, and the hand's first lead, no longer count) and with free splitting; never for the
// tiles the rules name (1-2, 2-4, 1-5, 1-6: captures and special finishes).

// field-wise a - b, where a holds more, else 0
inline u64 excess(u64 a, u64 b) {
    u64 r = (a | GUARD) - b;
    return r & ((r & GUARD) >> 2) * 3;
}

// whether keeping b (the field unit ub) is as good as keeping a (ua) for the seat, whose other
// tiles are rest; partners: the plays the seat's partners hold (0 for the seat playing alone)
bool keeps_better(const Context* c, u64 ua, u64 ub, u64 rest, u64 partners) {
    if ((ua | ub) & c->named_fields) return false;
    int fa = __builtin_ctzll(ua) / 3;
    u64 with_a = rest + ua;
    for (u64 ids = c->with_field[fa]; ids; ids &= ids - 1) {
        int id = __builtin_ctzll(ids);
        const Combo& cb = c->combos[id];
        if (!contains(with_a, cb.mask)) continue;
        auto it = c->by_mask->find(cb.mask - ua + ub);
        if (it == c->by_mask->end()) return false;
        int other = it->second;
        if (c->combos[other].kind != cb.kind) return false;
        if (c->beaten_by[other] >> id & 1) return false;  // the play with a beats the one with b
        if (c->beaten_by[id] & partners & ~c->beaten_by[other]) return false;
    }
    return true;
}

// While one seat at most holds stacks, another could still take all eight, and whether its last
// trick is 八支 or 七支 reads what was shown face up (R-$11: a last single makes 八支 only with
// every higher tile of its class shown). A seat x discarding tile b (face down) rather than a
// weaker a of the class, playing a where it would have played b (dominated discards, below),
// can then make a sweep by the other side worth less to that side: where the sweeper ends with
// a single s that b ranks above and a does not, the line that kept b may show b and make 八支
// where the other could not. Everything else in the settlement never reads what was shown.
// The sweepers of the other side: me where x is one of the three, else the three; of them the
// one seat holding stacks, or before anyone holds stacks, the seat whose play stands and those
// after x in the trick holding a play that beats it (mine: each seat's plays, seat_plays). out:
// the higher tiles (fields) of each single they hold; returns how many.
int sweep_singles(const Context* c, const State& st, int x, const u64* mine, u64* out) {
    int holder = -1, with = 0;
    for (int s = 0; s < 4; ++s)
        if (st.stacks[s] > 0) {
            ++with;
            holder = s;
        }
    int sweepers = 0;
    if (with == 1) {
        sweepers = 1 << holder;
    } else if (with == 0) {
        if (st.best_seat >= 0) sweepers |= 1 << st.best_seat;
        for (int k = st.acted + 1; k < 4; ++k) {
            int s = (st.leader + k) & 3;
            if (c->beaten_by[st.best] & mine[s]) sweepers |= 1 << s;
        }
    }
    sweepers &= x == c->me ? ~(1 << x) : 1 << c->me;  // the other side, never x (it loses this trick)
    int n = 0;
    for (int s = 0; s < 4; ++s) {
        if (!(sweepers >> s & 1)) continue;
        for (u64 nz = nonempty(st.h[s]); nz; nz &= nz - 1) {
            u64 h = c->higher[c->rb_single[__builtin_ctzll(nz) / 3]];
            if (h) out[n++] = nonempty(h);
        }
    }
    return n;
}

// The same for a play: a seat x whose play will stand may take all eight where no other seat
// holds stacks; playing the higher of two plays (showing b, keeping a) rather than the lower
// (showing a, keeping b) can then be worth more to it where it ends with a single that b ranks
// above and a does not. out: the higher tiles (fields) of each single x holds; how many.
int own_sweep_singles(const Context* c, const State& st, int x, u64* out) {
    for (int s = 0; s < 4; ++s)
        if (s != x && st.stacks[s] > 0) return 0;
    int n = 0;
    for (u64 nz = nonempty(st.h[x]); nz; nz &= nz - 1) {
        u64 h = c->higher[c->rb_single[__builtin_ctzll(nz) / 3]];
        if (h) out[n++] = nonempty(h);
    }
    return n;
}

// Whether discarding a (a field unit) rather than b could change a sweep's 八支 (sweep_singles).
inline bool sweep_sensitive(const u64* highers, int n, u64 a, u64 b) {
    for (int i = 0; i < n; ++i)
        if ((highers[i] & b) && !(highers[i] & a)) return true;
    return false;
}

// The stacks as the table keys them: for the win goals only whether each seat has 0, 1 or 2+
// (all a seat's stacks decide there: whether it may take a last trick, R-W2).
inline u64 stack_key(const Context* c, const int* stacks) {
    if (c->goal != NET) {
        auto q = [](int v) { return (u64)(v < 2 ? v : 2); };
        return q(stacks[0]) | q(stacks[1]) << 4 | q(stacks[2]) << 8 | q(stacks[3]) << 12;
    }
    return (u64)stacks[0] | (u64)stacks[1] << 4 | (u64)stacks[2] << 8 | (u64)stacks[3] << 12;
}

// The key of a relabelled position (canonical holdings and plays from canon) and its fingerprint.
inline void relabelled_key(const Context* c, const State& st, const u64* cn, u64* k) {
    u64 sk = stack_key(c, st.stacks);
    k[0] = cn[0];
    k[1] = cn[1];
    k[2] = cn[2];
    k[3] = cn[3];
    k[4] = sk | (u64)st.to_play << 16 | (u64)st.leader << 18 | cn[6] << 20 | (u64)(st.best_seat + 1) << 28 |
           (u64)st.locked << 31 | (u64)1 << 41 | (u64)c->me << 42 | (u64)c->goal << 44 | (c->id & 0x3FF) << 46 | (u64)c->relaxed << 62;
    k[5] = cn[4];
    k[6] = cn[5];
}

// Each word is mixed on its own (a bijection, so a change to one word changes its mix; seven
// independent mixes, not a chain of them), then summed with two sets of odd multipliers.
inline void fingerprint(const u64* k, u64* fp) {
    static const u64 A[7] = {0x9E3779B97F4A7C15ULL, 0xC2B2AE3D27D4EB4FULL, 0x165667B19E3779F9ULL,
                             0xD6E8FEB86659FD93ULL, 0xA0761D6478BD642FULL, 0xE7037ED1A0B428DBULL,
                             0x8EBC6AF09C88C6E3ULL};
    static const u64 B[7] = {0x589965CC75374CC3ULL, 0x1D8E4E27C47D124FULL, 0xFF51AFD7ED558CCDULL,
                             0xC4CEB9FE1A85EC53ULL, 0xBF58476D1CE4E5B9ULL, 0x94D049BB133111EBULL,
                             0x2545F4914F6CDD1DULL};
    u64 a = 0, b = 0;
    for (int i = 0; i < 7; ++i) {
        u64 t = mix(k[i] + A[6 - i] * (u64)(i + 1));
        a += t * A[i];
        b += t * B[i];
    }
    fp[0] = mix2(a);
    fp[1] = mix2(b ^ 0x5851F42D4C957F2DULL);
}

inline Entry* bucket(u64 fp0) { return &cur->entries[(size_t)(fp0 & (((u64)1 << cur->bits) - 1)) & ~(size_t)1]; }

int value(Context* c, State& st, int alpha, int beta, const u64* pre = nullptr);

// Where this search counts how the relaxed game fared at positions like st: the same tiles a
// hand, the same seats acted in the trick, me's play standing or not.
inline uint8_t* held_where(Context* c, const State& st) {
    return &c->relaxed_held[st.left][st.size ? st.acted : 0][st.size && st.best_seat == c->me];
}

// The relaxed game: the same hand, but each of the other three, where it would discard, puts the
// discard off — keeps every tile, to play any of them later (its tiles left at the end are the
// discards). Whatever the three can do in the real game they can do there (play as they would,
// never using what they would have discarded), and me's options are the same, so the relaxed
// game is worth no more to me: where me reaches beta there, it does here. Its search collapses
// the three's discards (a seat with 8 tiles has up to 70 ways of discarding 4) to one move,
// which is what a proof over all their replies costs most in (docs/search.md). Its own table entries (keyed apart), no net_floor sweeps (they read hands of
// as many tiles as tricks left) and no forced win; ceilings and table entries can only make
// its answer lower, which keeps the bound sound. Only with free splitting: under Wong's rule a
// seat holding more tiles may lead less (a combination it keeps whole). Asked where the three's
// first reply at a position failed to hold me below beta — or before it, where the relaxed game
// has mostly held at positions like this one (held_where) — from RELAXED_FROM tiles a hand, where
// the replies left hold RELAXED_DISCARDS discards or more (or it is their lead).
int relaxed_bound(Context* c, const State& st, const Move* rest, int n, int beta) {
    if (st.size) {
        int nd = 0;
        for (int i = 0; i < n; ++i) nd += rest[i].combo < 0;
        if (nd < RELAXED_DISCARDS) return -INF;
    }
    c->relaxed = 1;
    State copy = st;
    int w = value(c, copy, beta - 1, beta, nullptr);
    c->relaxed = 0;
    return w;
}

// Whether a position is looked up in the table and stored there. Not in the last trick once
// it is led; not at the second seat of a trick, nor inside a trick of the relaxed game: there
// the table seldom holds the position, and a look is a miss in memory (docs/search.md, "A
// table" and "What a position costs", has the figures).
inline bool in_table(const Context* c, const State& st) {
    if (!st.acted) return true;
    return st.left > 1 && st.acted != 1 && !c->relaxed;
}

// ---- the alpha-beta ------------------------------------------------------------------------
//
// value() is the search: a position's value to me within (alpha, beta), as the parts below
// compute it, in this order: the position counted (and the search given up past its limit);
// a finished hand settled; a cut-off by the bounds; the table looked up; the moves listed,
// thinned and ordered; the relaxed game asked first where it mostly holds; each move tried (a
// discard inside a trick sifted first), the relaxed game asked after the three's first reply;
// the result stored. Each part is inlined into value(), as the one function it was.

#define PART inline __attribute__((always_inline))

// The plays each seat holds and those that beat one of them (seat_plays), worked out once a
// position, where a part first needs them.
struct Seats {
    u64 mine[4], beaters[4];
    bool known = false;
    PART void need(const Context* c, const State& st) {
        if (known) return;
        for (int s = 0; s < 4; ++s) seat_plays(c, st.h[s], mine[s], beaters[s]);
        known = true;
    }
    // the plays the other two of the three playing with `seat` hold (0 where seat is me)
    PART u64 partners_of(const Context* c, int seat) const {
        u64 p = 0;
        if (seat != c->me)
            for (int s = 0; s < 4; ++s)
                if (s != seat && s != c->me) p |= mine[s];
        return p;
    }
};

// Counts the position; whether the search stops here (an error before, or past its limit: then
// c->error says which).
PART bool stopped(Context* c) {
    c->nodes++;
    if (c->error) return true;
    if (c->limit && c->nodes > c->limit) {
        c->error = 2;
        return true;
    }
    return false;
}

// A finished hand's value: its net to me, or whether me won it (the win goals).
PART int finished(Context* c, const State& st) {
    if (c->goal == NET) return final_net(c, st);
    return st.winner == c->me ? 1 : 0;
}

// Whether the bounds decide the position against (alpha, beta) without a search: the forced
// win's bound (win_bound); for the net, the floor (net_floor; where me can make sure of the last
// trick, win_floor, proved by a search of that question alone) or the ceiling (net_ceiling).
// *v: the bound that cut.
PART bool bounds_cut(Context* c, State& st, int alpha, int beta, int* v) {
    if (!use_floor) return false;
    if (c->goal == FORCED_WIN) {
        int w = win_bound(c, st);
        if (w < 0) return false;
        c->floor_cuts++;
        *v = w;
        return true;
    }
    if (c->goal != NET) return false;
    // quick tests first. The floor is at most what me pays with the most stacks sure_stacks
    // could give it, times m, or where me leads next what it would collect as the winner, times
    // m; the ceiling at least what me pays with the stacks it has, times m.
    const int* stacks = st.stacks;
    int me = c->me, s = stacks[me];
    int least = s >= 4 ? 0 : -PAYS[s] * c->m;
    int most = s >= 4 ? std::min(s - 4, 2) : least;
    if (st.size ? st.best_seat == me : st.to_play == me) {
        int all = s + st.size + tiles_in(st.h[me]);
        int win = 0;
        for (int o = 0; o < 4; ++o)
            if (o != me && stacks[o] < 4) win += PAYS[stacks[o]];
        most = std::max(all >= 4 ? std::min(all - 4, 2) : -PAYS[all] * c->m, win * c->m);
    }
    if (most >= beta) {
        int floor = net_floor(c, st);
        if (floor >= beta) {
            c->floor_cuts++;
            *v = floor;
            return true;
        }
    }
    if (c->bonus_on && !st.size && st.left >= WIN_FLOOR_FROM && !c->relaxed) {
        // the floor of a forced win: where me can make sure of taking the last trick (a search
        // of that question alone), it gets at least win_floor
        int won = win_floor(c, st);
        if (won >= beta && (c->fw_asked < WIN_FLOOR_GRACE || c->fw_won * WIN_FLOOR_RATE >= c->fw_asked)) {
            c->fw_asked++;
            c->goal = FORCED_WIN;
            int w = value(c, st, 0, 1);
            c->goal = NET;
            if (w >= 1) {
                c->fw_won++;
                c->floor_cuts++;
                *v = won;
                return true;
            }
        }
    }
    if (least <= alpha) {
        int ceiling = net_ceiling(c, st);
        if (ceiling <= alpha) {
            c->floor_cuts++;
            *v = ceiling;
            return true;
        }
    }
    return false;
}

// Whether the position is keyed on its canonical relabelling: once two seats hold stacks, and
// always for the win goals (for them what was shown and the first lead never count; only
// 七支/八支 read them).
PART bool relabelled(const Context* c, const State& st) {
    const int* stacks = st.stacks;
    return (stacks[0] > 0) + (stacks[1] > 0) + (stacks[2] > 0) + (stacks[3] > 0) >= 2 || c->goal != NET;
}

// The position's place in the table: its fingerprint, the entry to store into (nullptr: not
// kept there) and the move the table says to try first.
struct Probe {
    Entry* slot = nullptr;
    u64 fp[2];
    int first = 0;
};

// The position's key, fingerprinted into p.fp (pre: the fingerprint, when the caller worked it
// out).
PART void key_of(Context* c, const State& st, const u64* pre, bool relabel, const Seats& seats, Probe& p) {
    if (pre) {
        p.fp[0] = pre[0];
        p.fp[1] = pre[1];
        return;
    }
    u64 k[7];
    if (relabel) {
        u64 cn[7];
        canon(c, st.h, seats.mine, seats.beaters, st.best, st.size ? st.best_seat : st.to_play, st.led,
              acted_mask_of(st), cn);
        relabelled_key(c, st, cn, k);
    } else {
        k[0] = st.h[0];
        k[1] = st.h[1];
        k[2] = st.h[2];
        k[3] = st.h[3];
        k[4] = stack_key(c, st.stacks) | (u64)st.to_play << 16 | (u64)st.leader << 18 | (u64)(st.best + 1) << 20 |
               (u64)(st.best_seat + 1) << 28 | (u64)st.locked << 31 | (u64)(st.led + 1) << 33 |
               (u64)c->me << 42 | (u64)c->goal << 44 | (c->id & 0x3FF) << 46 | (u64)(st.first + 1) << 56 | (u64)c->relaxed << 62;
        k[5] = st.shown;
        k[6] = st.up;
    }
    fingerprint(k, p.fp);
}

// Looks the position up (where in_table): what the table proved narrows (alpha, beta) or
// decides the position (true, *v its value); p.slot: the entry found, else the one to replace
// (an empty or stale entry, else the one that took less to find).
PART bool table_cut(Context* c, const State& st, const u64* pre, bool relabel, const Seats& seats, Probe& p,
                    int& alpha, int& beta, int* v) {
    if (!in_table(c, st)) return false;
    key_of(c, st, pre, relabel, seats, p);
    Entry* e = bucket(p.fp[0]);
    Entry* found = nullptr;
    for (int i = 0; i < 2; ++i) {
        if (e[i].gen == cur->generation && e[i].f[0] == p.fp[0] && e[i].f[1] == p.fp[1]) {
            found = &e[i];
            break;
        }
    }
    if (!found) {
        if (e[0].gen != cur->generation)
            p.slot = &e[0];
        else if (e[1].gen != cur->generation)
            p.slot = &e[1];
        else
            p.slot = e[0].depth <= e[1].depth ? &e[0] : &e[1];
        return false;
    }
    c->hits++;
    int lo = found->lo, hi = found->hi;
    p.first = found->best_i;
    if (lo >= beta || lo == hi) {
        *v = lo;
        return true;
    }
    if (hi <= alpha) {
        *v = hi;
        return true;
    }
    if (lo > alpha) alpha = lo;
    if (hi < beta) beta = hi;
    p.slot = found;
    return false;
}

// Dominated plays: of two plays of one class that both stand (no seat still to act in the trick
// holds a play that beats the lower), the higher is not tried where keeping its tile is no better
// than keeping the lower's (keeps_better, as for discards: the trick, its stacks and everyone's
// options in it are the same either way). Not in the last trick (which single wins it can decide
// 七支/八支). While one seat at most holds stacks the seat taking this trick may still take all
// eight: not where the tile shown and the one kept could make its last single 八支 one way and
// 七支 the other (own_sweep_singles). Returns the moves left.
PART int drop_dominated_plays(const Context* c, const State& st, bool relabel, Seats& seats, Move* ms, int n) {
    int to_play = st.to_play;
    if (!((relabel || early_dominance) && c->free_split && c->goal != POSSIBLE_WIN && st.left > 1 && !st.locked &&
          !(c->relaxed && to_play != c->me)))
        return n;
    u64 own_highers[32];
    int nown = 0;
    seats.need(c, st);
    if (!relabel) nown = own_sweep_singles(c, st, to_play, own_highers);
    u64 later = 0;
    for (int k = st.acted + 1; k < 4; ++k) later |= seats.mine[(st.leader + k) & 3];
    u64 partners = seats.partners_of(c, to_play);
    u64 held = st.h[to_play];
    int j = 0;
    for (int i = 0; i < n; ++i) {
        bool dominated = false;
        int ci = ms[i].combo;
        if (ci >= 0)
            for (int q = 0; q < n && !dominated; ++q) {
                int cq = ms[q].combo;
                if (cq < 0 || q == i || !(c->beaten_by[cq] >> ci & 1) || (c->beaten_by[cq] & later)) continue;
                u64 mi = c->combos[ci].mask, mq = c->combos[cq].mask;
                u64 a = excess(mq, mi), b = excess(mi, mq);  // i keeps a, q keeps b
                if ((b & (b - 1)) || !(b & LOW) || (a & (a - 1)) || !(a & LOW)) continue;
                if (nown && sweep_sensitive(own_highers, nown, a, b)) continue;
                dominated = keeps_better(c, a, b, held - mi - a, partners);
            }
        if (!dominated) ms[j++] = ms[i];
    }
    return j;
}

// One of the other three leads (LEAD_THROUGH_FROM tiles a hand or more, abi.h): after its first
// lead (biggest and best), the leads me can beat and a partner can beat too (led through me),
// then those nobody beats or only a partner, then those only me can beat; within each group the
// smallest and weakest first (docs/search.md says what this saved).
PART void order_leads_through(const Context* c, const State& st, Move* ms, int n) {
    u64 pm[4], pb, partners = 0;
    for (int s = 0; s < 4; ++s) seat_plays(c, st.h[s], pm[s], pb);
    for (int s = 0; s < 4; ++s)
        if (s != st.to_play && s != c->me) partners |= pm[s];
    Move tmp[MAXMOVES];
    int j = 0;
    tmp[j++] = ms[0];
    for (int pass = 0; pass < 3; ++pass)
        for (int i = n - 1; i >= 1; --i) {
            u64 bb = c->beaten_by[ms[i].combo];
            int rank = bb & pm[c->me] ? (bb & partners ? 0 : 2) : 1;
            if (rank == pass) tmp[j++] = ms[i];
        }
    std::memcpy(ms, tmp, sizeof(Move) * n);
}

// The other three play as one side, inside a trick. Where a partner's play stands, try letting it
// stand (the discards) before overtaking it. Where me's stands, beat it with the least play that
// does, unless a partner still to act holds a play that beats it: then discard first and leave
// the trick to them. (docs/search.md says what this saved.)
PART void order_side_replies(const Context* c, const State& st, Move* ms, int n) {
    bool me_stands = st.best_seat == c->me, discards_first = !me_stands;
    if (me_stands)
        for (int i = st.acted + 1; i < 4 && !discards_first; ++i) {
            u64 pm, pb;
            seat_plays(c, st.h[(st.leader + i) & 3], pm, pb);
            discards_first = (c->beaten_by[st.best] & pm) != 0;
        }
    int order[MAXMOVES], nb = 0, j = 0;
    for (int i = 0; i < n; ++i) nb += ms[i].combo >= 0;  // the plays come first, best first
    if (discards_first)
        for (int i = nb; i < n; ++i) order[j++] = i;
    for (int i = 0; i < nb; ++i) order[j++] = me_stands ? nb - 1 - i : i;
    if (!discards_first)
        for (int i = nb; i < n; ++i) order[j++] = i;
    Move tmp[MAXMOVES];
    for (int i = 0; i < n; ++i) tmp[i] = ms[order[i]];
    std::memcpy(ms, tmp, sizeof(Move) * n);
}

// Discards are worked out as they come to be tried (most positions are cut off after their first
// reply, and the rest are then never worked out): alike ones (the same canonical position) are
// tried once; a dominated one — it keeps a weaker tile where a discard tried or passed over
// before it keeps a stronger one, every play the weaker tile could make has a play of the same
// class, no lower, with the stronger in its place, and no partner holds a play that beats the one
// but not the other — not at all (each discard against the ones before it, kept or not: a chain
// of them ends at one kept).
struct Sifting {
    bool alike = false;      // alike discards tried once (the position is relabelled)
    bool dominated = false;  // dominated discards not tried
    u64 partners = 0;        // the plays of the discarding seat's partners
    u64 highers[32];         // sweep_singles: a dominated discard may not swap tiles across these
    int nhighers = 0;
    u64 sifted[MAXMOVES][7];  // the canonical positions after the discards tried or passed over
    u64 passed[MAXMOVES];     // those discards, for the test of dominated ones
    int nsifted = 0, npassed = 0;
};

// What sifting the discards among ms takes here (a trick under way with two discards or more).
PART void plan_sifting(const Context* c, const State& st, bool relabel, Seats& seats, const Move* ms, int n,
                       Sifting& sf) {
    int ndisc = 0;
    for (int i = 0; i < n; ++i) ndisc += ms[i].combo < 0;
    if (ndisc < 2) return;
    if (relabel) {
        sf.alike = true;
        sf.dominated = c->free_split && c->goal != POSSIBLE_WIN;
    } else if (c->free_split && early_dominance) {
        // one seat at most holds stacks (the net's search): no relabelling, but dominated
        // discards where the tiles swapped cannot decide a sweep's 八支 or 七支
        seats.need(c, st);
        sf.dominated = true;
        sf.nhighers = sweep_singles(c, st, st.to_play, seats.mine, sf.highers);
    }
    if (sf.dominated) sf.partners = seats.partners_of(c, st.to_play);
}

// Whether discarding di is dominated by a discard tried or passed over before it (and di is
// passed now); highers: the singles it may not swap tiles across (none once relabelled).
PART bool passed_over(const Context* c, const State& st, Sifting& sf, u64 di, bool sweeps) {
    u64 held = st.h[st.to_play];
    bool dominated = false;
    for (int q = 0; q < sf.npassed && !dominated; ++q) {
        u64 b = excess(di, sf.passed[q]), a = excess(sf.passed[q], di);  // i discards b and keeps a
        if ((b & (b - 1)) || !(b & LOW) || (a & (a - 1)) || !(a & LOW)) continue;
        if (sweeps && sweep_sensitive(sf.highers, sf.nhighers, a, b)) continue;  // (a kept, b discarded: b is swapped for a)
        dominated = keeps_better(c, a, b, held - di - a, sf.partners);
    }
    sf.passed[sf.npassed++] = di;
    return dominated;
}

// Whether the discard di is not tried (alike to one tried, or dominated). A relabelled discard
// that does not end the trick gets its position's fingerprint worked out here, from the canonical
// position the sifting needed anyway (child_fp; *pre points to it).
PART bool sifted_out(Context* c, const State& st, const Seats& seats, Sifting& sf, u64 di, u64* child_fp,
                     const u64** pre) {
    if (!sf.alike) return sf.dominated && passed_over(c, st, sf, di, true);
    int to_play = st.to_play;
    u64 hs[4] = {st.h[0], st.h[1], st.h[2], st.h[3]};
    u64 ms_[4] = {seats.mine[0], seats.mine[1], seats.mine[2], seats.mine[3]};
    u64 bs_[4] = {seats.beaters[0], seats.beaters[1], seats.beaters[2], seats.beaters[3]};
    hs[to_play] = st.h[to_play] - di;
    seat_plays(c, hs[to_play], ms_[to_play], bs_[to_play]);
    u64 cn[7];
    canon(c, hs, ms_, bs_, st.best, st.best_seat, st.led, acted_mask_of(st) | 1 << to_play, cn);
    for (int q = 0; q < sf.nsifted; ++q)
        if (std::memcmp(sf.sifted[q], cn, sizeof cn) == 0) return true;
    std::memcpy(sf.sifted[sf.nsifted++], cn, sizeof cn);
    if (sf.dominated && passed_over(c, st, sf, di, false)) return true;
    State after = st;  // a discard that does not end the trick: the position keyed on cn
    after.to_play = (to_play + 1) & 3;
    after.acted = st.acted + 1;
    if (st.acted < 3 && in_table(c, after)) {
        u64 ck[7];
        relabelled_key(c, after, cn, ck);
        fingerprint(ck, child_fp);
        *pre = child_fp;
    }
    return false;
}

// Stores what the search of the position proved against the window it was searched in (a0, b0):
// an exact value, a floor or a ceiling; where the entry holds the same position, what both
// searches proved.
PART void store(Context* c, const State& st, const Probe& p, int best, int best_i, int a0, int b0) {
    Entry* slot = p.slot;
    int lo = -INF, hi = INF;
    if (best <= a0)
        hi = best;
    else if (best >= b0)
        lo = best;
    else
        lo = hi = best;
    if (slot->gen == cur->generation && slot->f[0] == p.fp[0] && slot->f[1] == p.fp[1]) {
        if (slot->lo > lo) lo = slot->lo;
        if (slot->hi < hi) hi = slot->hi;
    }
    c->stores++;
    slot->f[0] = p.fp[0];
    slot->f[1] = p.fp[1];
    slot->gen = cur->generation;
    slot->best_i = (uint8_t)best_i;
    slot->depth = (uint8_t)(4 * st.left - st.acted * st.size);  // tiles still held
    slot->lo = lo;
    slot->hi = hi;
}

// The table's move to try first: brought to the front of ms (returns its index, 0: none).
PART int bring_first(Move* ms, int n, int first) {
    if (!first || first >= n) return 0;
    Move t = ms[0];
    ms[0] = ms[first];
    ms[first] = t;
    return first;
}

// The index in the moves' own order of the i-th move tried, where bring_first swapped `first`.
PART int in_order(int i, int first) {
    if (!first) return i;
    return i == 0 ? first : i == first ? 0 : i;
}

// The relaxed game as the bound of a position of the other three's (relaxed_bound): whether it
// is asked here at all, and the count of how it fared at positions of this kind (held_where).
struct Relaxing {
    bool on = false;
    uint8_t* held = nullptr;
    bool first = false;  // asked before the first reply: it had mostly held at positions of this kind
};

PART Relaxing relaxing_at(Context* c, const State& st, bool maximize, int n) {
    Relaxing r;
    r.on = !maximize && n > 1 && c->goal == NET && !c->relaxed && c->free_split && st.left >= relaxed_from;
    if (r.on) r.held = held_where(c, st);
    r.first = r.on && *r.held >= 2;
    return r;
}

// Asked before the first reply (where it would otherwise follow it): in a trick where me's play
// stands and the three discard one after another, each discard of the first is proved by the
// relaxed game at the next seat, and the real discard tried before it cost it more
// (docs/search.md). Whether it settled the position: *best, at beta or above.
PART bool relaxed_first(Context* c, const State& st, const Relaxing& r, const Move* ms, int n, int beta, int* best) {
    int w = relaxed_bound(c, st, ms, n, beta);
    if (c->error) return false;
    if (w >= beta) {
        *r.held = 3;
        *best = w;
        return true;
    }
    if (w > -INF) *r.held = 1;
    return false;
}

// Asked after the first try of the other three did not hold me below beta, so that this may be a
// proof over all their replies: where me reaches beta in the relaxed game, it does here. Whether
// it settled the position (*best lowered to its bound where that is less).
PART bool relaxed_after(Context* c, const State& st, const Relaxing& r, const Move* rest, int n, int beta, int* best) {
    int w = relaxed_bound(c, st, rest, n, beta);
    if (c->error) return false;
    if (w > -INF) *r.held = w >= beta ? std::min(*r.held + 1, 3) : std::max(*r.held - 1, 0);
    if (w < beta) return false;
    if (w < *best) *best = w;
    return true;
}

// A child's value v taken into the search of its parent: the best so far (for the side to move)
// and the window narrowed; whether the window closed (a cut-off).
PART bool take(bool maximize, int v, int i, int* best, int* best_i, int* alpha, int* beta) {
    if (maximize ? v <= *best : v >= *best) return false;
    *best = v;
    *best_i = i;
    if (maximize ? v <= *alpha : v >= *beta) return false;
    (maximize ? *alpha : *beta) = v;
    return *alpha >= *beta;
}

// pre: the fingerprint of st's key, when the caller worked it out (a discard inside a trick,
// whose canonical position the caller needed anyway, to try alike discards once)
int value(Context* c, State& st, int alpha, int beta, const u64* pre) {
    if (stopped(c)) return 0;
    if (st.to_play < 0) return finished(c, st);
    int cut;
    if (bounds_cut(c, st, alpha, beta, &cut)) return cut;
    bool relabel = relabelled(c, st);
    Seats seats;
    if (relabel) seats.need(c, st);
    Probe probe;
    if (table_cut(c, st, pre, relabel, seats, probe, alpha, beta, &cut)) return cut;
    int a0 = alpha, b0 = beta;
    bool maximize = c->goal == POSSIBLE_WIN || st.to_play == c->me;

    // the moves, thinned and ordered
    Move ms[MAXMOVES];
    int n = gen_moves(c, st, ms);
    n = drop_dominated_plays(c, st, relabel, seats, ms, n);
    if (!st.size && !maximize && st.left >= LEAD_THROUGH_FROM && n > 2) order_leads_through(c, st, ms, n);
    Sifting sf;
    if (st.size) {
        plan_sifting(c, st, relabel, seats, ms, n, sf);
        if (!maximize && n > 1) order_side_replies(c, st, ms, n);
    }
    int first = bring_first(ms, n, probe.first);

    // each move tried
    int best = maximize ? -INF : INF;
    int best_i = 0;
    Relaxing relaxing = relaxing_at(c, st, maximize, n);
    if (relaxing.first) {
        if (relaxed_first(c, st, relaxing, ms, n, beta, &best)) n = 0;
        if (c->error) return 0;
    }
    int tried = 0;
    for (int i = 0; i < n; ++i) {
        u64 child_fp[2];
        const u64* child_pre = nullptr;  // a discard inside a trick: the child's fingerprint, from its canonical position
        if (ms[i].combo < 0 && (sf.alike || sf.dominated) && sifted_out(c, st, seats, sf, ms[i].disc, child_fp, &child_pre))
            continue;
        ++tried;
        State child = st;
        bool paid;
        int d = push(c, child, ms[i], paid);
        int v = !paid || c->goal != NET ? value(c, child, alpha, beta, child_pre) : d + value(c, child, alpha - d, beta - d);
        if (c->error) return 0;
        if (take(maximize, v, i, &best, &best_i, &alpha, &beta)) break;
        if (tried == 1 && relaxing.on && !relaxing.first && best >= beta) {
            bool settled = relaxed_after(c, st, relaxing, ms + 1, n - 1, beta, &best);
            if (c->error) return 0;
            if (settled) break;
        }
    }
    if (probe.slot) store(c, st, probe, best, in_order(best_i, first), a0, b0);
    return best;
}

#undef PART

// ---- the table's memory ---------------------------------------------------------------------

void free_table() {
    if (!cur->base) return;
#if defined(__unix__) || defined(__APPLE__)
    munmap(cur->base, cur->bytes);
#else
    std::free(cur->base);
#endif
    cur->entries = nullptr;
    cur->base = nullptr;
    cur->len = 0;
}

bool ensure_table() {
    size_t want = (size_t)1 << cur->bits;
    if (cur->len == want) return true;
    free_table();
    const size_t huge = (size_t)2 << 20;
    size_t bytes = sizeof(Entry) * want + huge;
#if defined(__unix__) || defined(__APPLE__)
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) p = nullptr;
#else
    void* p = std::calloc(1, bytes);
#endif
    if (!p) return false;
    uintptr_t start = ((uintptr_t)p + huge - 1) & ~(uintptr_t)(huge - 1);
#if defined(MADV_HUGEPAGE)
    madvise((void*)start, sizeof(Entry) * want, MADV_HUGEPAGE);
#endif
    cur->base = p;
    cur->bytes = bytes;
    cur->entries = (Entry*)start;
    cur->len = want;
    cur->generation = 1;
    return true;
}

size_t table_used() {
    size_t used = 0;
    for (size_t i = 0; i < cur->len; ++i) used += cur->entries[i].gen == cur->generation;
    return used;
}

}  // namespace
