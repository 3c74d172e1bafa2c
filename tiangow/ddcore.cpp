// tiangow.ddcore — the double-dummy search (tiangow/search.py runs it): CPython's extension, and
// with -DTG_WASM the same source as WebAssembly (tiangow/wasmcore.py).
//
// An alpha-beta on the packed holdings of tiangow/packed.py and the rules of a trick of
// tiangow/state.py, with reductions (stated in Python in tests/reference/symmetry.py): the
// transposition table is keyed on canonical positions once two seats hold stacks, and discards
// whose positions are alike are listed once.
// Everything about the rules that is not a few lines of arithmetic stays in Python: the
// tables of plays come from tiangow.combos, and the settlement of a finished hand is asked of
// a Python function once per distinct finish (and kept). The table of positions has a fixed
// size (set_table_bits) and replaces the entry that cost less to find.
//
// tests/test_search_core.py and tests/test_search_wasm.py hold both builds to the frozen
// reference (tests/reference/search_v1.py) on seeded endings and whole hands.

#ifndef TG_WASM
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#endif

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#endif
#include <cstring>
#include <unordered_map>
#include <vector>

#include "ddcore_abi.h"  // the version, tuning constants and position layout (tiangow/coreabi.py)

#ifdef TG_WASM
// The host's settlement of a finished hand, seat by seat (see tiangow/wasmcore.py): what was shown
// in two halves of 32 bits (low, high), so that no 64-bit number crosses to the host.
extern "C" __attribute__((import_module("env"), import_name("tg_final_net"))) int tg_final_net(
    int host, int s0, int s1, int s2, int s3, int winner, int leader, int led, int best, int first, int shown_lo,
    int shown_hi, int size, int seat);
#endif

namespace {

typedef uint64_t u64;

const int INF = 1000000000;
const int MAXC = 64;        // plays in a rule table (61 today)
const int MAXMOVES = 192;   // plays + distinct discards open to one seat

enum Kind { CIVIL_SINGLE, MILITARY_SINGLE, CIVIL_PAIR, MILITARY_PAIR, MIXED_PAIR, SUPREME, CIVIL_TRIPLE,
            MILITARY_TRIPLE, QUAD };
enum Goal { NET = 0, FORCED_WIN = 1, POSSIBLE_WIN = 2 };

const u64 GUARD = [] {
    u64 g = 0;
    for (int f = 0; f < 21; ++f) g |= (u64)4 << (3 * f);
    return g;
}();
const u64 LOW = [] {
    u64 g = 0;
    for (int f = 0; f < 21; ++f) g |= (u64)1 << (3 * f);
    return g;
}();

inline bool contains(u64 holding, u64 part) { return (((holding | GUARD) - part) & GUARD) == GUARD; }

struct Combo {
    u64 mask;
    u64 family_fields;
    int size, kind, rank, family;
};

struct State {
    u64 h[4];
    u64 shown, up;
    int stacks[4];
    int to_play;  // -1: the hand is over
    int leader, size, best, best_seat, locked, last, led, acted, first, winner, left;
};

struct Move {
    int combo;  // -1: a discard
    u64 disc;
};

// An entry is checked by a 128-bit fingerprint of its position (two independent 64-bit hashes
// of the key): two different positions share one with a probability of about 2**-128 a probe,
// and 32 bytes an entry put both entries of a bucket in one cache line.
struct Entry {
    u64 f[2];
    int32_t lo, hi;
    uint32_t gen;
    uint8_t best_i, depth;
    uint16_t used;
};
static_assert(sizeof(Entry) == 32, "two entries a cache line");

// The table: anonymous memory (untouched pages cost nothing; zero pages are empty entries),
// on 2 MB pages where the system allows, since its probes land anywhere in it.
// Two tables: the first for every search but one that is taken up again step by step (the
// second: a search that gave up keeps what it stored, and goes on from it at its next call).
struct Table {
    Entry* entries = nullptr;
    size_t len = 0;
    void* base = nullptr;
    size_t bytes = 0;
    int bits = 20;
    uint32_t generation = 1;
};
Table tables[2];
Table* cur = &tables[0];  // the table of the search under way
u64 ctx_counter = 0;

struct NetKey {
    u64 a, b, c;
    bool operator==(const NetKey& o) const { return a == o.a && b == o.b && c == o.c; }
};
struct NetKeyHash {
    size_t operator()(const NetKey& k) const {
        u64 x = k.a * 0x9E3779B97F4A7C15ULL ^ (k.b + 0x632BE59BD9B4E019ULL) * 0xBF58476D1CE4E5B9ULL ^
                k.c * 0x94D049BB133111EBULL;
        return (size_t)(x ^ (x >> 29));
    }
};

struct TripleHash {
    size_t operator()(const std::array<u64, 3>& k) const {
        u64 x = k[0] * 0x9E3779B97F4A7C15ULL ^ (k[1] + 0x632BE59BD9B4E019ULL + (k[0] << 6)) ^ (k[2] * 0xC2B2AE3D27D4EB4FULL);
        x ^= x >> 31;
        x *= 0xBF58476D1CE4E5B9ULL;
        return (size_t)(x ^ (x >> 29));
    }
};

struct Plan {
    // fields moved by the same distance go together: (x & mask[i]) shifted left by left[i] bits
    // and right by right[i] (one of them 0). The families' plan moves them by whole families and
    // may swap twins (distances -10 … +1 fields), the plain kinds' moves them down (0 … -6): 12
    // groups at most either way.
    int n;  // groups; -1: not made yet
    u64 mask[12];
    uint8_t left[12], right[12];
    Plan() : n(-1) {}
};

// Plans of relabelling, per setting of the fixed units (Wong's rule, 1-5 and 1-6 fixed), built
// on first use: the families' (which families are live, how their twins sit, whether 2-4 is
// live: 2**9) and the plain kinds' (which are live: 2**7). Small enough to stay in cache.
struct Plans {
    std::vector<Plan> family, plain;
};
Plans plan_tables[8];

struct Context {
#ifndef TG_WASM
    PyObject_HEAD
#endif
    int ncombos;
    Combo combos[MAXC];
    std::vector<int>* better;       // better[id]: ids of the plays that beat it, best first
    Plans* plans;                   // plan_tables[...] of this context's setting
    u64 beaten_by[MAXC];            // beaten_by[id]: the plays that beat it, as bits
    // Every play lies inside one 9-bit slice of a holding (a family, or plain kinds): the plays
    // a slice's content holds, and the plays that beat one of them, as bits.
    u64 slice_plays[7][512];
    u64 slice_beaters[7][512];
    std::unordered_map<NetKey, std::array<int, 4>, NetKeyHash>* nets;
    int free_split, capture_wins_trick, civil_supreme, capture_civil_supreme, finish_collects, bonus_on;
    int id12, id24, id15, id16;  // the single plays of 1-2, 2-4, 1-5, 1-6
    u64 size_plays[5];  // the plays of each size, as bits (cash: singles first)
    // For the bound on what the searching seat can still lose (net_floor): the supremes and
    // quads, as bits of play ids, and the pair of 1-6 (擒尊), as a mask (0: none).
    int nleads, lead_at[MAXC];  // the plays a seat may lead, biggest and best first
    int lead_pos[MAXC];         // each play's place among them (-1: never led)
    u64 spanning;               // the plays whose tiles lie in more than one slice (seat_plays misses them)
    u64 supremes, quads, pair16;
    // the supremes that hold 1-2, and those that hold 1-5: leading that tile alone into the last
    // trick (么結) forgoes their reward (R-$5, R-$9)
    u64 sup_with12, sup_with15;
    // For a sweep's multiplier (sweep): plays of 2+ tiles, single plays, and for each single
    // every copy of every tile above it in its class (0 under the Wikipedia reading).
    u64 multi_plays, single_plays;
    u64 higher[MAXC];
    // The rule-based player (rule_move, tiangow/bots/rule.py): the plays in the order a leader's
    // plays are listed (tiangow.combos.Table.leader_plays), the count fields of every play that
    // beats each play, each play's tiles as fields in the play's own order (-1: none), and for
    // each field its tile's strength, place in the canonical order and single play.
    int rb_nlead, rb_lead[MAXC];
    u64 rb_better_fields[MAXC];
    int8_t rb_tiles[MAXC][4];
    double rb_strength[21];
    int rb_single[21], rb_by_index[21];
    u64 rb_full;
    // For the dominance of discards: the plays each field's tile is part of, plays by mask,
    // and the fields of the tiles the rules name (1-2, 2-4, 1-5, 1-6), which never take part.
    u64 with_field[21];
    std::unordered_map<u64, int>* by_mask;
    std::unordered_map<std::array<u64, 3>, int, TripleHash>* sweeps;  // sweep_mult, kept
    u64 named_fields;
    int banker, m;
    int plain_ceiling;  // free splitting, no variant naming 1-5 or 1-6: net_ceiling may ask sweep_mult
    int movable[4];
    int fixed_plain[21];
#ifndef TG_WASM
    PyObject* final_net;  // (stacks, winner, leader, led, best, first, shown, size) -> 4 nets
#else
    int host;  // the host's number for this context's settlement (tg_final_net)
#endif
    u64 id;
    // per search
    int me, goal;
    u64 nodes, hits, stores;
    u64 limit;  // give up past this many nodes (0: never)
    int error;
    u64 floor_cuts;
    u64 fw_asked, fw_won;  // this search: the forced win asked at trick starts (WIN_FLOOR_FROM), and found
    int relaxed;  // searching the relaxed game (the other three put off their discards: relaxed_bound)
    // this search: how the relaxed game fared where it was asked, a count from 0 to 3 (up where
    // it held, down where not), by tiles a hand, seats acted in the trick (0: a lead) and whether
    // me's play stands in it (held_where)
    uint8_t relaxed_held[9][4][2];
    // seat_plays of the holdings asked for lately (a holding asks again and again within one
    // position: the key, each floor and ceiling, the orderings): a small table by the holding
    mutable u64 memo_h[64], memo_mine[64], memo_beat[64];
};

int early_dominance = 1;  // dominated discards and plays while one seat at most holds stacks (set_early_dominance: off to measure)
int use_floor = 1;  // net_floor cuts (switched off only to measure what they save: floor(False))
int relaxed_from = RELAXED_FROM;  // set_relaxed_from: the tests ask the relaxed game in small endings too

// ---- the canonical relabelling (tests/reference/symmetry.py) ------------------------------

const int FAMILY_SLOTS[4][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {9, 10, 11}};
const int PLAIN_SLOTS[7] = {12, 13, 14, 15, 16, 17, 18};


inline void plan_add(Plan& p, int s, int d) {
    int shift = 3 * (d - s);
    int i = 0;
    while (i < p.n && (int)p.left[i] - (int)p.right[i] != shift) ++i;
    if (i == p.n) {
        if (p.n == 12) std::abort();  // cannot happen (see Plan)
        p.left[i] = (uint8_t)(shift > 0 ? shift : 0);
        p.right[i] = (uint8_t)(shift < 0 ? -shift : 0);
        p.mask[i] = 0;
        ++p.n;
    }
    p.mask[i] |= (u64)7 << (3 * s);
}

void make_family_plan(const Context* c, u64 live, const int* codes, Plan& p) {
    p.n = 0;
    int live24 = (live >> (3 * 19)) & 7;
    int segs[4][4];
    int seglen[4] = {0, 0, 0, 0};
    int nseg = 0;
    int cur = -1;
    for (int f = 0; f < 4; ++f) {
        if (!c->movable[f]) {
            segs[nseg][0] = f;
            seglen[nseg] = 1;
            ++nseg;
            cur = -1;
            continue;
        }
        if (f == 3 && live24 && cur >= 0 && seglen[cur] > 0) cur = -1;
        if (cur < 0) {
            cur = nseg++;
            seglen[cur] = 0;
        }
        segs[cur][seglen[cur]++] = f;
    }
    for (int i = 0; i < nseg; ++i) {
        int k = 0;
        for (int j = 0; j < seglen[i]; ++j) {
            int f = segs[i][j];
            if (!((live >> (3 * FAMILY_SLOTS[f][0])) & 0777)) continue;
            int df = segs[i][k++];
            int a = FAMILY_SLOTS[f][1], b = FAMILY_SLOTS[f][2];
            if (codes[f]) {
                int t = a;
                a = b;
                b = t;
            }
            plan_add(p, FAMILY_SLOTS[f][0], FAMILY_SLOTS[df][0]);
            plan_add(p, a, FAMILY_SLOTS[df][1]);
            plan_add(p, b, FAMILY_SLOTS[df][2]);
        }
    }
}

void make_plain_plan(const Context* c, u64 live, Plan& p) {
    p.n = 0;
    int seg[7];
    int n = 0;
    auto flush = [&]() {
        int k = 0;
        for (int j = 0; j < n; ++j)
            if ((live >> (3 * seg[j])) & 7) plan_add(p, seg[j], seg[k++]);
        n = 0;
    };
    for (int s : PLAIN_SLOTS) {
        if (c->fixed_plain[s]) {
            if ((live >> (3 * s)) & 7) {
                flush();
                plan_add(p, s, s);
            }
            continue;
        }
        seg[n++] = s;
    }
    flush();
}

const u64 FIXED_FIELDS = (u64)07 << (3 * 19) | (u64)07 << (3 * 20);  // 2-4 and the last field stay put

// Seats that can never again put down a play that stands (inert): no play they hold beats any
// play another seat holds (nor, before they act, the standing play), and the standing play is
// not theirs (nor the lead, for the seat about to lead: best_seat is then the leader). They will
// only discard, so which tiles they hold cannot matter. A bit per seat.
// The plays a holding holds, and the plays that beat one of them, as bits.
inline void seat_plays(const Context* c, u64 h, u64& mine, u64& beaters) {
    unsigned at = (unsigned)((h * 0x9E3779B97F4A7C15ull) >> 58);
    if (c->memo_h[at] == h) {
        mine = c->memo_mine[at];
        beaters = c->memo_beat[at];
        return;
    }
    u64 m = 0, b = 0;
    for (u64 x = h, sl = 0; x; ++sl, x >>= 9) {
        unsigned v = (unsigned)x & 511;
        if (!v) continue;
        m |= c->slice_plays[sl][v];
        b |= c->slice_beaters[sl][v];
    }
    c->memo_h[at] = h;
    c->memo_mine[at] = m;
    c->memo_beat[at] = b;
    mine = m;
    beaters = b;
}

int inert_seats(const Context* c, const u64* h, const u64* mine, const u64* beaters, int best, int best_seat,
                int acted_mask) {
    int inert = 0;
    for (int f = 0; f < 4; ++f) {
        if (!h[f] || f == best_seat) continue;
        if (best >= 0 && !(acted_mask >> f & 1) && (c->beaten_by[best] & mine[f])) continue;
        u64 others = 0;
        for (int s = 0; s < 4; ++s)
            if (s != f) others |= beaters[s];
        if (!(others & mine[f])) inert |= 1 << f;
    }
    return inert;
}

// The plans of a relabelling depend only on which units are live and how the equal military
// tiles sit: the families' on 9 bits (families live 4, twins' order 4, 2-4 live), the plain
// kinds' on 7 (which are live). nz: a bit at the foot of every nonempty field of live.
inline unsigned family_index(u64 nz, const int* codes) {
    unsigned x = 0;
    for (int f = 0; f < 4; ++f) x |= (unsigned)(((nz >> (9 * f)) & 0111) != 0) << f;
    for (int f = 0; f < 4; ++f) x |= (unsigned)codes[f] << (4 + f);
    return x | (unsigned)((nz >> (3 * 19)) & 1) << 8;
}

inline unsigned plain_index(u64 nz) {
    unsigned x = 0;
    for (int j = 0; j < 7; ++j) x |= (unsigned)((nz >> (3 * (12 + j))) & 1) << j;
    return x;
}

inline u64 nonempty(u64 x) { return (x | x >> 1 | x >> 2) & LOW; }
inline int tiles_in(u64 x) {
    return __builtin_popcountll(x & LOW) + 2 * __builtin_popcountll(x & LOW << 1) + 4 * __builtin_popcountll(x & LOW << 2);
}

// out: 4 canonical holdings (0 for an inert seat), the canonical masks of the standing and the
// led plays (0: none), the inert seats
// (mine, beaters: each seat's, from seat_plays)
void canon(Context* c, const u64* h0, const u64* mine, const u64* beaters, int best, int best_seat, int led,
           int acted_mask, u64* out) {
    int inert = inert_seats(c, h0, mine, beaters, best, best_seat, acted_mask);
    u64 h[4];
    for (int s = 0; s < 4; ++s) h[s] = (inert >> s & 1) ? 0 : h0[s];
    u64 bm = best < 0 ? 0 : c->combos[best].mask;
    u64 lm = led < 0 ? 0 : c->combos[led].mask;
    u64 live = h[0] | h[1] | h[2] | h[3] | bm | lm;
    // The owner of a tile: the first of the four seats, the standing play, the led play to hold
    // it. A family's twins swap when its second twin's owner comes first (or only it is live):
    // the bit at the first twin's field says so (b's field is 3 bits above a's).
    u64 nz[6] = {nonempty(h[0]), nonempty(h[1]), nonempty(h[2]), nonempty(h[3]), nonempty(bm), nonempty(lm)};
    u64 seen = 0, swapped = 0;
    for (int o = 0; o < 6; ++o) {
        swapped |= nz[o] & ~seen & (seen >> 3);
        seen |= nz[o];
    }
    swapped |= ~seen & (seen >> 3);
    int codes[4];
    for (int f = 0; f < 4; ++f) codes[f] = (int)((swapped >> (3 * FAMILY_SLOTS[f][1])) & 1);
    u64 nzl = nonempty(live);
    Plan& pf = c->plans->family[family_index(nzl, codes)];
    if (pf.n < 0) make_family_plan(c, live, codes, pf);
    Plan& pp = c->plans->plain[plain_index(nzl)];
    if (pp.n < 0) make_plain_plan(c, live, pp);
    u64 in[6] = {h[0], h[1], h[2], h[3], bm, lm};
    u64 res[6];
    for (int v = 0; v < 6; ++v) res[v] = in[v] & FIXED_FIELDS;
    for (int i = 0; i < pf.n; ++i) {
        u64 m = pf.mask[i];
        int l = pf.left[i], r = pf.right[i];
        for (int v = 0; v < 6; ++v) res[v] |= ((in[v] & m) << l) >> r;
    }
    for (int i = 0; i < pp.n; ++i) {
        u64 m = pp.mask[i];
        int l = pp.left[i], r = pp.right[i];
        for (int v = 0; v < 6; ++v) res[v] |= ((in[v] & m) << l) >> r;
    }
    for (int v = 0; v < 6; ++v) out[v] = res[v];
    out[6] = (u64)inert;
}

inline int acted_mask_of(const State& st) {
    int m = 0;
    for (int i = 0; i < st.acted; ++i) m |= 1 << ((st.leader + i) & 3);
    return m;
}

// ---- moves and steps (tiangow/state.py) ---------------------------------------------------

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
    // 1-2 and 2-4 among the weakest, and breaking a supreme is seldom right (hand 17 of the
    // seeded whole hands spent three quarters of its positions on such discards of the others).
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

// ---- the rule-based player (tiangow/bots/rule.py's rule_move, step for step) ----------------
//
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

int run_search(Context* self, State& st, int me, int goal, int alpha, int beta, bool fresh, u64 limit,
               bool* gave_up);
int final_net(Context* c, const State& st);

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

// ---- the search ---------------------------------------------------------------------------

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
// whether me can force the win (measured: from 5, 30 six-tile endings ×0.70 the positions and
// whole hands about the same; from 4, more asked than it saves).
// WIN_FLOOR_FROM (ddcore_abi.h): from how many tiles a hand the net's search asks the forced win.
// Within one search of a window it is asked only while it pays: WIN_FLOOR_GRACE times, then
// while it finds a win at least once in WIN_FLOOR_RATE times asked. In some hands it is asked at
// tens of thousands of trick starts and seldom finds a win, each proof costing more than the
// net's own search there (one seeded whole hand: 19.2 million positions asking, 0.22 million
// not); in others it finds a win nearly every time and saves a third (tiangow/search.py alike).
// (WIN_FLOOR_GRACE, WIN_FLOOR_RATE: ddcore_abi.h)

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

// LEAD_THROUGH_FROM (ddcore_abi.h): tiles a hand from which the others' leads are ordered as a side

int value(Context* c, State& st, int alpha, int beta, const u64* pre);

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
// which is what a proof over all their replies costs most in (issue 46: hand 186 of the seeded
// whole hands proves "at least -6" over its first follower's seven discards, 1.5-3.9 million
// positions each). Its own table entries (keyed apart), no net_floor sweeps (they read hands of
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
// the table held the position at 1.5-8 % of the looks (hands 185, 43, 173, 17 of the seeded
// whole hands), against 28-82 % at trick starts and 42-58 % at the third and fourth seats of
// the real game, and a look is a miss in memory that costs about a third of a position's time
// (the 200 whole hands: 326.0 -> 326.5 million positions, 99 -> 53 s).
inline bool in_table(const Context* c, const State& st) {
    if (!st.acted) return true;
    return st.left > 1 && st.acted != 1 && !c->relaxed;
}

// pre: the fingerprint of st's key, when the caller worked it out (a discard inside a trick,
// whose canonical position the caller needed anyway, to try alike discards once)
int value(Context* c, State& st, int alpha, int beta, const u64* pre = nullptr) {
    c->nodes++;
    if (c->error) return 0;
    if (c->limit && c->nodes > c->limit) {
        c->error = 2;
        return 0;
    }
    int to_play = st.to_play;
    if (to_play < 0) {
        if (c->goal == NET) return final_net(c, st);
        return st.winner == c->me ? 1 : 0;
    }
    const int* stacks = st.stacks;
    if (c->goal == FORCED_WIN && use_floor) {
        int w = win_bound(c, st);
        if (w >= 0) {
            c->floor_cuts++;
            return w;
        }
    }
    if (c->goal == NET && use_floor) {
        // quick tests first. The floor is at most what me pays with the most stacks
        // sure_stacks could give it, times m, or where me leads next what it would collect as
        // the winner, times m; the ceiling at least what me pays with the stacks it has, times m.
        int me = c->me, s = stacks[me];
        int least = s >= 4 ? 0 : -PAYS[s] * c->m;
        int most = s >= 4 ? std::min(s - 4, 2) : least;
        if (st.size ? st.best_seat == me : to_play == me) {
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
                return floor;
            }
        }
        if (c->bonus_on && !st.size && st.left >= WIN_FLOOR_FROM && !c->relaxed) {
            // the floor of a forced win: where me can make sure of taking the last trick
            // (a search of that question alone), it gets at least win_floor
            int won = win_floor(c, st);
            if (won >= beta && (c->fw_asked < WIN_FLOOR_GRACE || c->fw_won * WIN_FLOOR_RATE >= c->fw_asked)) {
                c->fw_asked++;
                c->goal = FORCED_WIN;
                int w = value(c, st, 0, 1);
                c->goal = NET;
                if (w >= 1) {
                    c->fw_won++;
                    c->floor_cuts++;
                    return won;
                }
            }
        }
        if (least <= alpha) {
            int ceiling = net_ceiling(c, st);
            if (ceiling <= alpha) {
                c->floor_cuts++;
                return ceiling;
            }
        }
    }
    // For the win goals what was shown and the first lead never count (only 七支/八支 read them).
    bool relabel = (stacks[0] > 0) + (stacks[1] > 0) + (stacks[2] > 0) + (stacks[3] > 0) >= 2 || c->goal != NET;
    u64 k[7];
    u64 fp[2];
    Entry* slot = nullptr;
    int first = 0;
    bool use_tt = in_table(c, st);
    u64 sk = stack_key(c, stacks);
    u64 mine[4], beaters[4];
    if (relabel)
        for (int s = 0; s < 4; ++s) seat_plays(c, st.h[s], mine[s], beaters[s]);
    if (use_tt) {
        if (pre) {
            fp[0] = pre[0];
            fp[1] = pre[1];
        } else if (relabel) {
            u64 cn[7];
            canon(c, st.h, mine, beaters, st.best, st.size ? st.best_seat : to_play, st.led, acted_mask_of(st), cn);
            relabelled_key(c, st, cn, k);
        } else {
            k[0] = st.h[0];
            k[1] = st.h[1];
            k[2] = st.h[2];
            k[3] = st.h[3];
            k[4] = sk | (u64)to_play << 16 | (u64)st.leader << 18 | (u64)(st.best + 1) << 20 |
                   (u64)(st.best_seat + 1) << 28 | (u64)st.locked << 31 | (u64)(st.led + 1) << 33 |
                   (u64)c->me << 42 | (u64)c->goal << 44 | (c->id & 0x3FF) << 46 | (u64)(st.first + 1) << 56 | (u64)c->relaxed << 62;
            k[5] = st.shown;
            k[6] = st.up;
        }
        if (!pre) fingerprint(k, fp);
        Entry* e = bucket(fp[0]);
        Entry* found = nullptr;
        for (int i = 0; i < 2; ++i) {
            if (e[i].gen == cur->generation && e[i].f[0] == fp[0] && e[i].f[1] == fp[1]) {
                found = &e[i];
                break;
            }
        }
        if (found) {
            c->hits++;
            int lo = found->lo, hi = found->hi;
            first = found->best_i;
            if (lo >= beta) return lo;
            if (hi <= alpha) return hi;
            if (lo == hi) return lo;
            if (lo > alpha) alpha = lo;
            if (hi < beta) beta = hi;
            slot = found;
        } else {
            // replace an empty or stale entry, else the one that took less to find
            if (e[0].gen != cur->generation)
                slot = &e[0];
            else if (e[1].gen != cur->generation)
                slot = &e[1];
            else
                slot = e[0].depth <= e[1].depth ? &e[0] : &e[1];
        }
    }
    int a0 = alpha, b0 = beta;
    bool maximize = c->goal == POSSIBLE_WIN || to_play == c->me;
    Move ms[MAXMOVES];
    int n = gen_moves(c, st, ms);
    bool have_mine = relabel;
    if ((relabel || early_dominance) && c->free_split && c->goal != POSSIBLE_WIN && st.left > 1 && !st.locked &&
        !(c->relaxed && to_play != c->me)) {
        // Dominated plays: of two plays of one class that both stand (no seat still to act in
        // the trick holds a play that beats the lower), the higher is not tried where keeping
        // its tile is no better than keeping the lower's (keeps_better, as for discards: the
        // trick, its stacks and everyone's options in it are the same either way). Not in the
        // last trick (which single wins it can decide 七支/八支). While one seat at most holds
        // stacks the seat taking this trick may still take all eight: not where the tile shown
        // and the one kept could make its last single 八支 one way and 七支 the other
        // (own_sweep_singles).
        u64 own_highers[32];
        int nown = 0;
        if (!have_mine) {
            for (int s = 0; s < 4; ++s) seat_plays(c, st.h[s], mine[s], beaters[s]);
            have_mine = true;
        }
        if (!relabel) nown = own_sweep_singles(c, st, to_play, own_highers);
        u64 later = 0;
        for (int k = st.acted + 1; k < 4; ++k) later |= mine[(st.leader + k) & 3];
        u64 partners = 0;
        if (to_play != c->me)
            for (int s = 0; s < 4; ++s)
                if (s != to_play && s != c->me) partners |= mine[s];
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
        n = j;
    }
    if (!st.size && !maximize && st.left >= LEAD_THROUGH_FROM && n > 2) {
        // One of the other three leads: after its first lead (biggest and best), the leads
        // me can beat and a partner can beat too (led through me), then those nobody beats or
        // only a partner, then those only me can beat; within each group the smallest and
        // weakest first (in hand 10 of the seeded whole hands a low civil single refuted where
        // two stronger leads had cost 14 million positions to prove wrong: 12.6 -> 2.0 million).
        // (Measured on 200 whole hands: the groups 4 % fewer positions than the plain order;
        // weakest first, with the relaxed game: the 180th hand 1.0 -> 0.7 million positions,
        // the 190th 3.9 -> 2.6, though hands 113 and 173 take more.)
        u64 pm[4], pb, partners = 0;
        for (int s = 0; s < 4; ++s) seat_plays(c, st.h[s], pm[s], pb);
        for (int s = 0; s < 4; ++s)
            if (s != to_play && s != c->me) partners |= pm[s];
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
    // Discards are worked out as they come to be tried (most positions are cut off after their
    // first reply, and the rest are then never worked out): alike ones (the same canonical position) are tried once; a dominated one — it
    // keeps a weaker tile where a discard tried or passed over before it keeps a stronger one,
    // every play the weaker tile could make has a play of the same class, no lower, with the
    // stronger in its place, and no partner holds a play that beats the one but not the other —
    // not at all (each discard against the ones before it, kept or not: a chain of them ends at
    // one kept).
    bool sift = false, sift_dominated = false;
    u64 sift_partners = 0;
    u64 highers[32];  // sweep_singles: a dominated discard may not swap tiles across these
    int nhighers = 0;
    if (st.size) {
        int ndisc = 0;
        for (int i = 0; i < n; ++i) ndisc += ms[i].combo < 0;
        if (relabel && ndisc > 1) {
            sift = true;
            sift_dominated = c->free_split && c->goal != POSSIBLE_WIN;
        } else if (ndisc > 1 && c->free_split && early_dominance) {
            // one seat at most holds stacks (the net's search): no relabelling, but dominated
            // discards where the tiles swapped cannot decide a sweep's 八支 or 七支
            if (!have_mine)
                for (int s = 0; s < 4; ++s) seat_plays(c, st.h[s], mine[s], beaters[s]);
            have_mine = true;
            sift_dominated = true;
            nhighers = sweep_singles(c, st, to_play, mine, highers);
        }
        if (sift_dominated && to_play != c->me)
            for (int s = 0; s < 4; ++s)
                if (s != to_play && s != c->me) sift_partners |= mine[s];
        if (!maximize && n > 1) {
            // The other three play as one side. Where a partner's play stands, try letting it
            // stand (the discards) before overtaking it. Where me's stands, beat it with the
            // least play that does, unless a partner still to act holds a play that beats it:
            // then discard first and leave the trick to them. (Measured on whole hands, against
            // beating best first: a quarter fewer positions, the median halved.)
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
    }
    if (first && first < n) {
        Move t = ms[0];
        ms[0] = ms[first];
        ms[first] = t;
    } else {
        first = 0;
    }
    int best = maximize ? -INF : INF;
    int best_i = 0;
    bool relaxing = !maximize && n > 1 && c->goal == NET && !c->relaxed && c->free_split && st.left >= relaxed_from;
    uint8_t* held_last = relaxing ? held_where(c, st) : nullptr;
    bool asked_first = relaxing && *held_last >= 2;
    if (asked_first) {
        // Where the relaxed game has mostly held at positions of this kind (held_where), it is
        // asked before the first reply, which it would otherwise follow: in a trick where
        // me's play stands and the three discard one after another, each discard of the first
        // is proved by the relaxed game at the next seat, and the real discard tried before it
        // cost it three times as much (hand 185 of the seeded whole hands: 5.3 -> 3.6 million
        // positions).
        int w = relaxed_bound(c, st, ms, n, beta);
        if (c->error) return 0;
        if (w >= beta) {
            *held_last = 3;
            best = w;
            n = 0;
        } else if (w > -INF) {
            *held_last = 1;
        }
    }
    u64 sifted[MAXMOVES][7];  // the canonical positions after the discards tried or passed over
    u64 passed[MAXMOVES];     // those discards, for the test of dominated ones
    int nsifted = 0, npassed = 0, tried = 0;
    for (int i = 0; i < n; ++i) {
        u64 child_fp[2];
        const u64* pre = nullptr;  // a discard inside a trick: the child's fingerprint, from its canonical position
        if (sift_dominated && !sift && ms[i].combo < 0) {
            u64 held = st.h[to_play], di = ms[i].disc;
            bool dominated = false;
            for (int q = 0; q < npassed && !dominated; ++q) {
                u64 b = excess(di, passed[q]), a = excess(passed[q], di);  // i discards b and keeps a
                if ((b & (b - 1)) || !(b & LOW) || (a & (a - 1)) || !(a & LOW)) continue;
                if (sweep_sensitive(highers, nhighers, a, b)) continue;  // (a kept, b discarded: b is swapped for a)
                dominated = keeps_better(c, a, b, held - di - a, sift_partners);
            }
            passed[npassed++] = di;
            if (dominated) continue;
        }
        if (sift && ms[i].combo < 0) {
            u64 held = st.h[to_play], di = ms[i].disc;
            u64 hs[4] = {st.h[0], st.h[1], st.h[2], st.h[3]};
            u64 ms_[4] = {mine[0], mine[1], mine[2], mine[3]};
            u64 bs_[4] = {beaters[0], beaters[1], beaters[2], beaters[3]};
            hs[to_play] = held - di;
            seat_plays(c, hs[to_play], ms_[to_play], bs_[to_play]);
            u64 cn[7];
            canon(c, hs, ms_, bs_, st.best, st.best_seat, st.led, acted_mask_of(st) | 1 << to_play, cn);
            bool alike = false;
            for (int q = 0; q < nsifted && !alike; ++q) alike = std::memcmp(sifted[q], cn, sizeof cn) == 0;
            if (alike) continue;
            std::memcpy(sifted[nsifted++], cn, sizeof cn);
            if (sift_dominated) {
                bool dominated = false;
                for (int q = 0; q < npassed && !dominated; ++q) {
                    u64 b = excess(di, passed[q]), a = excess(passed[q], di);  // i discards b and keeps a
                    if ((b & (b - 1)) || !(b & LOW) || (a & (a - 1)) || !(a & LOW)) continue;
                    dominated = keeps_better(c, a, b, held - di - a, sift_partners);
                }
                passed[npassed++] = di;
                if (dominated) continue;
            }
            State after = st;  // a discard that does not end the trick: the position keyed on cn
            after.to_play = (to_play + 1) & 3;
            after.acted = st.acted + 1;
            if (st.acted < 3 && in_table(c, after)) {
                u64 ck[7];
                relabelled_key(c, after, cn, ck);
                fingerprint(ck, child_fp);
                pre = child_fp;
            }
        }
        ++tried;
        State child = st;
        bool paid;
        int d = push(c, child, ms[i], paid);
        int v;
        if (!paid || c->goal != NET)
            v = value(c, child, alpha, beta, pre);
        else
            v = d + value(c, child, alpha - d, beta - d);
        if (c->error) return 0;
        if (maximize) {
            if (v > best) {
                best = v;
                best_i = i;
                if (v > alpha) {
                    alpha = v;
                    if (alpha >= beta) break;
                }
            }
        } else if (v < best) {
            best = v;
            best_i = i;
            if (v < beta) {
                beta = v;
                if (alpha >= beta) break;
            }
        }
        if (tried == 1 && relaxing && !asked_first && best >= beta) {
            // The first try of the other three did not hold me below beta, so this may be a
            // proof over all their replies: where me reaches beta in the relaxed game, it does here.
            int w = relaxed_bound(c, st, ms + 1, n - 1, beta);
            if (c->error) return 0;
            if (w > -INF) *held_last = w >= beta ? std::min(*held_last + 1, 3) : std::max(*held_last - 1, 0);
            if (w >= beta) {
                if (w < best) best = w;
                break;
            }
        }
    }
    if (first) {
        if (best_i == 0)
            best_i = first;
        else if (best_i == first)
            best_i = 0;
    }
    if (slot) {
        int lo = -INF, hi = INF;
        if (best <= a0)
            hi = best;
        else if (best >= b0)
            lo = best;
        else
            lo = hi = best;
        if (slot->gen == cur->generation && slot->f[0] == fp[0] && slot->f[1] == fp[1]) {
            // the same position: keep what both searches proved
            if (slot->lo > lo) lo = slot->lo;
            if (slot->hi < hi) hi = slot->hi;
        }
        c->stores++;
        slot->f[0] = fp[0];
        slot->f[1] = fp[1];
        slot->gen = cur->generation;
        slot->best_i = (uint8_t)best_i;
        slot->depth = (uint8_t)(4 * st.left - st.acted * st.size);  // tiles still held
        slot->lo = lo;
        slot->hi = hi;
    }
    return best;
}

// ---- setting up a context ----------------------------------------------------------------

// A context's rules, read from one flat list of whole numbers (built by tiangow/search.py,
// _context_data): the plays (n; then mask, family fields, size, kind, rank, family of each);
// for each play, how many plays beat it and their ids, best first; how many plays lead in
// order and their ids; the flags (free splitting, 以擒為大, the civil supreme, 擒尊, finishes
// collect rewards, scored); the single plays of 1-2, 2-4, 1-5, 1-6; which four families may
// move; how many plain kinds are fixed and their fields; the banker and m; each play's higher
// tiles. Everything else is worked out from those. Returns an error message, or nullptr.
const char* init_context(Context* self, const u64* a, size_t len) {
    size_t at = 0;
    bool short_ = false;
    auto next = [&]() -> u64 {
        if (at >= len) {
            short_ = true;
            return 0;
        }
        return a[at++];
    };
    self->better = new std::vector<int>[MAXC];
    for (int i = 0; i < 64; ++i) self->memo_h[i] = ~(u64)0;  // no holding
    self->nets = new std::unordered_map<NetKey, std::array<int, 4>, NetKeyHash>();
    self->by_mask = new std::unordered_map<u64, int>();
    self->sweeps = new std::unordered_map<std::array<u64, 3>, int, TripleHash>();
    if (next() != (u64)TG_ABI) return "ddcore: the rules' list is in another layout's version (rebuild the core)";
    // the sections in tiangow/coreabi.py's order (RULES), each after its tag
    int section = 0;
    auto expect = [&](int place) {
        if (next() != RULES_TAG + (u64)place || place != section) short_ = true;
        ++section;
    };
    auto read = [&](u64* w, int n) {
        for (int i = 0; i < n; ++i) w[i] = next();
    };
    expect(RULES_PLAYS);
    u64 n = next();
    if (n > (u64)MAXC) return "ddcore: too many plays in the table";
    self->ncombos = (int)n;
    for (int i = 0; i < self->ncombos; ++i) {
        Combo& c = self->combos[i];
        u64 w[PLAYS_WORDS];
        read(w, PLAYS_WORDS);
        c.mask = w[PLAYS_MASK];
        c.family_fields = w[PLAYS_FAMILY_FIELDS];
        c.size = (int)w[PLAYS_SIZE];
        c.kind = (int)w[PLAYS_KIND];
        c.rank = (int)w[PLAYS_RANK];
        c.family = (int)w[PLAYS_FAMILY];
    }
    expect(RULES_BETTER);
    if (next() != n) return "ddcore: the rules' list has another number of plays in a section";
    for (int i = 0; i < self->ncombos; ++i) {
        u64 nb = next();
        self->beaten_by[i] = 0;
        for (u64 j = 0; j < nb && !short_; ++j) {
            u64 o = next();
            if (o >= n) return "ddcore: a play beyond the table";
            self->beaten_by[i] |= (u64)1 << o;
            self->better[i].push_back((int)o);
        }
    }
    expect(RULES_LEAD_ORDER);
    u64 nl = next();
    if (nl > (u64)MAXC) return "ddcore: the lead order is longer than the table";
    self->nleads = 0;
    for (int id = 0; id < MAXC; ++id) self->lead_pos[id] = -1;
    for (u64 j = 0; j < nl && !short_; ++j) {
        u64 o = next();
        if (o >= n) return "ddcore: a play beyond the table";
        if (self->lead_pos[o] >= 0) return "ddcore: a play twice in the lead order";
        self->lead_pos[o] = self->nleads;
        self->lead_at[self->nleads++] = (int)o;
    }
    expect(RULES_FLAGS);
    u64 flags[FLAGS_WORDS];
    read(flags, FLAGS_WORDS);
    self->free_split = (int)flags[FLAGS_FREE_SPLIT];
    self->capture_wins_trick = (int)flags[FLAGS_CAPTURE_WINS_TRICK];
    self->civil_supreme = (int)flags[FLAGS_CIVIL_SUPREME];
    self->capture_civil_supreme = (int)flags[FLAGS_CAPTURE_CIVIL_SUPREME];
    self->finish_collects = (int)flags[FLAGS_FINISH_COLLECTS];
    self->bonus_on = (int)flags[FLAGS_BONUS_ON];
    expect(RULES_NAMED_PLAYS);
    u64 named[NAMED_PLAYS_WORDS];
    read(named, NAMED_PLAYS_WORDS);
    self->id12 = (int)named[NAMED_PLAYS_ID12];
    self->id24 = (int)named[NAMED_PLAYS_ID24];
    self->id15 = (int)named[NAMED_PLAYS_ID15];
    self->id16 = (int)named[NAMED_PLAYS_ID16];
    expect(RULES_MOVABLE);
    u64 movable[MOVABLE_WORDS];
    read(movable, MOVABLE_WORDS);
    const int families[4] = {MOVABLE_FAMILY0, MOVABLE_FAMILY1, MOVABLE_FAMILY2, MOVABLE_FAMILY3};
    for (int f = 0; f < 4; ++f) self->movable[f] = (int)movable[families[f]];
    expect(RULES_FIXED_FIELDS);
    for (int f = 0; f < 21; ++f) self->fixed_plain[f] = 0;
    u64 nf = next();
    for (u64 j = 0; j < nf && !short_; ++j) {
        u64 f = next();
        if (f < 21) self->fixed_plain[f] = 1;
    }
    expect(RULES_TABLE);
    u64 table[TABLE_WORDS];
    read(table, TABLE_WORDS);
    self->banker = (int)table[TABLE_BANKER];
    self->m = (int)table[TABLE_M];
    expect(RULES_HIGHER);
    if (next() != n) return "ddcore: the rules' list has another number of plays in a section";
    for (int id = 0; id < self->ncombos; ++id) {
        u64 w[HIGHER_WORDS];
        read(w, HIGHER_WORDS);
        self->higher[id] = w[HIGHER_HIGHER];
    }
    expect(RULES_RULE_PLAYS);
    if (next() != n) return "ddcore: the rules' list has another number of plays in a section";
    for (int j = 0; j < MAXC; ++j) self->rb_lead[j] = -1;
    for (int id = 0; id < self->ncombos; ++id) {
        u64 w[RULE_PLAYS_WORDS];
        read(w, RULE_PLAYS_WORDS);
        if (w[RULE_PLAYS_LEAD_PLACE] >= n || self->rb_lead[w[RULE_PLAYS_LEAD_PLACE]] >= 0)
            return "ddcore: the leader's order of the plays is not one place a play";
        self->rb_lead[w[RULE_PLAYS_LEAD_PLACE]] = id;
        self->rb_better_fields[id] = w[RULE_PLAYS_BETTER_FIELDS];
        const int at_tile[4] = {RULE_PLAYS_TILE0, RULE_PLAYS_TILE1, RULE_PLAYS_TILE2, RULE_PLAYS_TILE3};
        for (int t = 0; t < 4; ++t) {
            u64 f = w[at_tile[t]];
            if (f > 21) return "ddcore: a play's tile beyond the layout";
            self->rb_tiles[id][t] = (int8_t)((int)f - 1);
        }
    }
    self->rb_nlead = self->ncombos;
    expect(RULES_KINDS);
    if (next() != 21) return "ddcore: the rules' list has another number of fields than 21";
    self->rb_full = 0;
    for (int f = 0; f < 21; ++f) {
        u64 w[KINDS_WORDS];
        read(w, KINDS_WORDS);
        int civil = (int)w[KINDS_CIVIL], rank = (int)w[KINDS_RANK], index = (int)w[KINDS_INDEX];
        int single = (int)w[KINDS_SINGLE];
        if (index < 0 || index > 20 || single < 0 || single >= (int)n) return "ddcore: a tile's place or play beyond the table";
        self->rb_strength[f] = civil ? (double)(12 - rank) / 11.0 : (double)(7 - rank) / 6.0;
        self->rb_single[f] = single;
        self->rb_by_index[index] = f;
        self->rb_full += (u64)(civil ? 2 : 1) << (3 * f);
    }
    if (short_ || at != len)
        return "ddcore: the rules' list is not as long as it says, or its sections are not in the order of "
               "tiangow/coreabi.py";
    for (int id : {self->id12, self->id24, self->id15, self->id16})
        if (id < 0 || id >= self->ncombos) return "ddcore: a named tile's play beyond the table";
    if (self->banker < 0 || self->banker > 3 || self->m < 1) return "ddcore: the banker is a seat 0-3 and m at least 1";
    self->spanning = 0;
    for (int id = 0; id < self->ncombos; ++id) {
        bool within = false;
        for (int sl = 0; sl < 7; ++sl) within |= (self->combos[id].mask & ((u64)0777 << (9 * sl))) == self->combos[id].mask;
        if (!within) self->spanning |= (u64)1 << id;
    }
    for (int sl = 0; sl < 7; ++sl) {
        u64 smask = (u64)0777 << (9 * sl);
        for (unsigned v = 0; v < 512; ++v) {
            u64 h = (u64)v << (9 * sl);
            u64 plays = 0, beaters = 0;
            for (int id = 0; id < self->ncombos; ++id) {
                u64 m = self->combos[id].mask;
                if ((m & smask) == m && contains(h, m)) {
                    plays |= (u64)1 << id;
                    beaters |= self->beaten_by[id];
                }
            }
            self->slice_plays[sl][v] = plays;
            self->slice_beaters[sl][v] = beaters;
        }
    }
    for (int id = 0; id < self->ncombos; ++id) {
        u64 m = self->combos[id].mask;
        bool inside = false;
        for (int sl = 0; sl < 7; ++sl) inside |= (m & ((u64)0777 << (9 * sl))) == m;
        if (!inside) return "ddcore: a play across two slices of the layout";
    }
    self->plain_ceiling = self->free_split && !self->civil_supreme && !self->capture_civil_supreme;
    for (int f = 0; f < 21; ++f) self->with_field[f] = 0;
    for (int id = 0; id < self->ncombos; ++id) {
        u64 m = self->combos[id].mask;
        (*self->by_mask)[m] = id;
        for (int f = 0; f < 21; ++f)
            if ((m >> (3 * f)) & 3) self->with_field[f] |= (u64)1 << id;
    }
    for (int size = 0; size <= 4; ++size) self->size_plays[size] = 0;
    for (int id = 0; id < self->ncombos; ++id)
        if (self->combos[id].size >= 1 && self->combos[id].size <= 4) self->size_plays[self->combos[id].size] |= (u64)1 << id;
    self->multi_plays = self->single_plays = 0;
    for (int id = 0; id < self->ncombos; ++id) {
        if (self->combos[id].size >= 2) self->multi_plays |= (u64)1 << id;
        else self->single_plays |= (u64)1 << id;
    }
    self->supremes = self->quads = self->pair16 = self->sup_with12 = self->sup_with15 = 0;
    for (int id = 0; id < self->ncombos; ++id) {
        if (self->combos[id].kind == SUPREME) {
            self->supremes |= (u64)1 << id;
            if (contains(self->combos[id].mask, self->combos[self->id12].mask)) self->sup_with12 |= (u64)1 << id;
            if (contains(self->combos[id].mask, self->combos[self->id15].mask)) self->sup_with15 |= (u64)1 << id;
        }
        if (self->combos[id].kind == QUAD) self->quads |= (u64)1 << id;
        if (self->combos[id].mask == 2 * self->combos[self->id16].mask) self->pair16 = self->combos[id].mask;
    }
    self->named_fields = 0;
    // 1-5 and 1-6 are named only where a rule names them (the civil supreme, R-$9, R-$10; 擒尊):
    // elsewhere they are plain civil tiles (the relabelling moves them as such).
    for (int id : {self->id12, self->id24, self->civil_supreme ? self->id15 : -1,
                   self->civil_supreme || self->capture_civil_supreme ? self->id16 : -1})
        if (id >= 0) self->named_fields |= self->combos[id].mask;
    int setting = (self->movable[0] ? 0 : 1) | (self->fixed_plain[18] ? 2 : 0) | (self->fixed_plain[17] ? 4 : 0);
    if (plan_tables[setting].family.empty()) {
        plan_tables[setting].family.assign((size_t)1 << 9, Plan());
        plan_tables[setting].plain.assign((size_t)1 << 7, Plan());
    }
    self->plans = &plan_tables[setting];
    self->id = ++ctx_counter;
    return nullptr;
}

void release_context(Context* self) {
    delete[] self->better;
    delete self->sweeps;
    delete self->nets;
    delete self->by_mask;
    self->better = nullptr;
    self->sweeps = nullptr;
    self->nets = nullptr;
    self->by_mask = nullptr;
}

// Whether a position can be searched with this context (seats 0-3, goal 0-2, plays in the
// table, packed holdings); the state's fields from _core_state.
bool valid_position(const Context* self, const State& st, int me, int goal) {
    auto bad_id = [&](int id) { return id < -1 || id >= self->ncombos; };
    auto bad_seat = [](int s) { return s < 0 || s > 3; };
    bool bad = bad_seat(me) || goal < 0 || goal > 2 || bad_seat(st.to_play) || bad_seat(st.leader) ||
               st.size < 0 || st.size > 4 || bad_id(st.best) || bad_id(st.led) || bad_id(st.first) ||
               st.best_seat < -1 || st.best_seat > 3 || st.locked < 0 || st.locked > 2 || st.acted < 0 ||
               st.acted > 3 || st.left < 0 || st.left > 8 || (st.size > 0) != (st.best >= 0 && st.led >= 0);
    for (int s = 0; s < 4; ++s) bad |= st.stacks[s] < 0 || st.stacks[s] > 8 || (st.h[s] & GUARD) != 0;
    return !bad;
}

// Whether the floor and ceiling can be asked of a position for me (fewer checks than a search:
// the bounds read no table).
bool bounds_position(const Context* self, const State& st, int me) {
    return me >= 0 && me <= 3 && st.to_play >= 0 && st.to_play <= 3 && st.best >= -1 && st.best < self->ncombos &&
           st.led >= -1 && st.led < self->ncombos && (st.size > 0) == (st.best >= 0 && st.led >= 0);
}

// One search from a valid position: the value, with *gave_up where it went past limit positions
// (then nothing it stored may be found later), -INF on an error (a Python error set, natively).
int run_search(Context* self, State& st, int me, int goal, int alpha, int beta, bool fresh, u64 limit,
               bool* gave_up) {
    *gave_up = false;
    if (fresh) {
        if (++cur->generation == 0) {
            std::memset((void*)cur->entries, 0, sizeof(Entry) * cur->len);
            cur->generation = 1;
        }
    }
    self->me = me;
    self->goal = goal;
    self->nodes = 0;
    self->hits = 0;
    self->stores = 0;
    self->floor_cuts = 0;
    self->fw_asked = self->fw_won = 0;
    if (fresh) std::memset(self->relaxed_held, 0, sizeof self->relaxed_held);
    self->relaxed = 0;
    self->error = 0;
    self->limit = limit;
    int v = value(self, st, alpha, beta);
    if (self->error == 2) {
        // Gave up: the positions being searched returned without storing anything. The shared
        // table is made empty all the same; the second keeps what was proved, for the next call.
        if (cur == &tables[0] && ++cur->generation == 0) {
            std::memset((void*)cur->entries, 0, sizeof(Entry) * cur->len);
            cur->generation = 1;
        }
        *gave_up = true;
        return 0;
    }
    if (self->error) return -INF;
    return v;
}

// a search's results at their places (RES_..., tiangow/coreabi.py's RESULTS)
void results(const Context* c, int v, int64_t* out) {
    out[RES_VALUE] = v;
    out[RES_NODES] = (int64_t)c->nodes;
    out[RES_HITS] = (int64_t)c->hits;
    out[RES_STORES] = (int64_t)c->stores;
}

size_t table_used() {
    size_t used = 0;
    for (size_t i = 0; i < cur->len; ++i) used += cur->entries[i].gen == cur->generation;
    return used;
}

// ---- the coach's playouts (tiangow/bots/search.py: SearchBot._play_out with an exact ending) -
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

// What befell me after one option (tiangow/bots/search.py's _follow counts), PLAYOUT's order.
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

#ifndef TG_WASM
// ---- Python -------------------------------------------------------------------------------

u64 as_u64(PyObject* o) { return (u64)PyLong_AsUnsignedLongLongMask(o); }

// Context(rules, final_net): rules as init_context reads them (tiangow.search.packing.context_data).
int Context_init(Context* self, PyObject* args, PyObject*) {
    PyObject *rules, *final_net;
    if (!PyArg_ParseTuple(args, "OO", &rules, &final_net)) return -1;
    PyObject* seq = PySequence_Fast(rules, "ddcore: the rules are a list of whole numbers");
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    std::vector<u64> a((size_t)n);
    for (Py_ssize_t i = 0; i < n; ++i) a[(size_t)i] = as_u64(PySequence_Fast_GET_ITEM(seq, i));
    Py_DECREF(seq);
    if (PyErr_Occurred()) return -1;
    release_context(self);
    const char* err = init_context(self, a.data(), a.size());
    if (err) {
        PyErr_SetString(PyExc_ValueError, err);
        return -1;
    }
    Py_INCREF(final_net);
    Py_XDECREF(self->final_net);
    self->final_net = final_net;
    return 0;
}

void Context_dealloc(Context* self) {
    release_context(self);
    Py_XDECREF(self->final_net);
    Py_TYPE(self)->tp_free((PyObject*)self);
}

// solve(state, me, goal, alpha, beta, fresh, limit=0) -> (value, or None past limit nodes; nodes, hits, stores)
// state: (h0, h1, h2, h3, shown, up, (s0, s1, s2, s3), to_play, leader, size, best, best_seat, locked, last,
//         led, acted, first, left)
// A position from tiangow.search.packing.core_state's tuple; false (a Python error set) if it is not one.
bool parse_state(PyObject* state, State& st) {
    PyObject *h0, *h1, *h2, *h3, *shown, *up, *stacks;
    if (!PyArg_ParseTuple(state, TG_STATE_FORMAT, &h0, &h1, &h2, &h3, &shown, &up, &stacks, &st.to_play,
                          &st.leader, &st.size, &st.best, &st.best_seat, &st.locked, &st.last, &st.led, &st.acted,
                          &st.first, &st.left))
        return false;
    st.h[0] = as_u64(h0);
    st.h[1] = as_u64(h1);
    st.h[2] = as_u64(h2);
    st.h[3] = as_u64(h3);
    st.shown = as_u64(shown);
    st.up = as_u64(up);
    if (!PyArg_ParseTuple(stacks, "iiii", &st.stacks[0], &st.stacks[1], &st.stacks[2], &st.stacks[3])) return false;
    st.winner = -1;
    return !PyErr_Occurred();
}

PyObject* Context_solve(Context* self, PyObject* args) {
    PyObject* state;
    int me, goal, alpha, beta, fresh;
    unsigned long long limit = 0;
    int which = 0;
    if (!PyArg_ParseTuple(args, "Oiiiip|Ki", &state, &me, &goal, &alpha, &beta, &fresh, &limit, &which)) return nullptr;
    if (which < 0 || which > 1) {
        PyErr_SetString(PyExc_ValueError, "ddcore: table 0 or 1");
        return nullptr;
    }
    State st;
    if (!parse_state(state, st)) return nullptr;
    if (!valid_position(self, st, me, goal)) {
        PyErr_SetString(PyExc_ValueError, "ddcore: not a position of a hand in play (seats 0-3, goal 0-2, plays "
                                          "in the table, packed holdings)");
        return nullptr;
    }
    cur = &tables[which];
    if (!ensure_table()) return PyErr_NoMemory();
    bool gave_up;
    int64_t out[RES_WORDS];
    int v = run_search(self, st, me, goal, alpha, beta, fresh != 0, limit, &gave_up);
    if (self->error && !gave_up) return nullptr;
    results(self, v, out);
    PyObject* t = PyTuple_New(RES_WORDS);
    if (!t) return nullptr;
    for (int i = 0; i < RES_WORDS; ++i) {
        PyObject* o = i == RES_VALUE && gave_up ? (Py_INCREF(Py_None), Py_None) : PyLong_FromLongLong(out[i]);
        if (!o) {
            Py_DECREF(t);
            return nullptr;
        }
        PyTuple_SET_ITEM(t, i, o);
    }
    return t;
}

// bounds(state, me) -> (floor, ceiling, win_bound): net_floor, net_ceiling and win_bound of a
// position for me (None where there is none), for testing them against their statement in
// Python (tests/reference/bounds.py).
PyObject* Context_bounds(Context* self, PyObject* args) {
    PyObject* state;
    int me;
    if (!PyArg_ParseTuple(args, "Oi", &state, &me)) return nullptr;
    State st;
    if (!parse_state(state, st)) return nullptr;
    if (!bounds_position(self, st, me)) {
        PyErr_SetString(PyExc_ValueError, "ddcore: not a position of a hand in play");
        return nullptr;
    }
    self->me = me;
    int f = net_floor(self, st), c = net_ceiling(self, st), w = win_bound(self, st);
    PyObject* fo = f == -INF ? (Py_INCREF(Py_None), Py_None) : PyLong_FromLong(f);
    PyObject* co = c == INF ? (Py_INCREF(Py_None), Py_None) : PyLong_FromLong(c);
    PyObject* wo = w < 0 ? (Py_INCREF(Py_None), Py_None) : PyLong_FromLong(w);
    return Py_BuildValue("(NNN)", fo, co, wo);
}

// rule(state, disc) -> (play id, or -1 for a discard; the discarded tiles, packed): the
// rule-based choice of the seat to act (rule_move), disc being its own face-down discards.
PyObject* Context_rule(Context* self, PyObject* args) {
    PyObject *state, *disc;
    if (!PyArg_ParseTuple(args, "OO", &state, &disc)) return nullptr;
    State st;
    if (!parse_state(state, st)) return nullptr;
    u64 d = as_u64(disc);
    if (PyErr_Occurred()) return nullptr;
    if (!valid_position(self, st, 0, 0) || !st.h[st.to_play]) {
        PyErr_SetString(PyExc_ValueError, "ddcore: not a position of a hand in play with tiles to act with");
        return nullptr;
    }
    Move mv = rule_move(self, st, d);
    return Py_BuildValue("(iK)", mv.combo, (unsigned long long)mv.disc);
}

// discards(state, disc, n) -> the seat to act's n lowest discards by keep-value, as tiles
// (rule_discards), in the order SearchBot tries them
PyObject* Context_discards(Context* self, PyObject* args) {
    PyObject *state, *disc;
    int n;
    if (!PyArg_ParseTuple(args, "OOi", &state, &disc, &n)) return nullptr;
    State st;
    if (!parse_state(state, st)) return nullptr;
    u64 d = as_u64(disc);
    if (PyErr_Occurred()) return nullptr;
    if (!valid_position(self, st, 0, 0) || !st.h[st.to_play] || n < 0) {
        PyErr_SetString(PyExc_ValueError, "ddcore: not a position of a hand in play with tiles to act with");
        return nullptr;
    }
    Move out[MAXMOVES];
    int k = rule_discards(self, st, d, n, out);
    PyObject* tup = PyTuple_New(k);
    if (!tup) return nullptr;
    for (int i = 0; i < k; ++i) PyTuple_SET_ITEM(tup, i, PyLong_FromUnsignedLongLong((unsigned long long)out[i].disc));
    return tup;
}

// line(state, discs, me, value, fresh, limit) -> (steps as (play id or -1, discarded tiles) or
// None past limit positions, positions visited): rule_line. discs: each seat's discards.
PyObject* Context_line(Context* self, PyObject* args) {
    PyObject *state, *discs;
    int me, v, fresh;
    unsigned long long limit = 0;
    if (!PyArg_ParseTuple(args, "OOiip|K", &state, &discs, &me, &v, &fresh, &limit)) return nullptr;
    State st;
    if (!parse_state(state, st)) return nullptr;
    PyObject *d0, *d1, *d2, *d3;
    if (!PyArg_ParseTuple(discs, "OOOO", &d0, &d1, &d2, &d3)) return nullptr;
    u64 disc[4] = {as_u64(d0), as_u64(d1), as_u64(d2), as_u64(d3)};
    if (PyErr_Occurred()) return nullptr;
    if (!valid_position(self, st, me, NET)) {
        PyErr_SetString(PyExc_ValueError, "ddcore: not a position of a hand in play");
        return nullptr;
    }
    cur = &tables[0];
    if (!ensure_table()) return PyErr_NoMemory();
    Move out[40];
    u64 nodes = 0;
    int n = rule_line(self, st, disc, me, v, fresh != 0, limit, out, &nodes);
    if (n == -3) return nullptr;
    if (n == -1) {
        PyErr_SetString(PyExc_ValueError, "ddcore: no step keeps that value: it is not this position's value");
        return nullptr;
    }
    if (n == -2) return Py_BuildValue("(OK)", Py_None, (unsigned long long)nodes);
    PyObject* steps = PyTuple_New(n);
    if (!steps) return nullptr;
    for (int i = 0; i < n; ++i) {
        PyObject* o = Py_BuildValue("(iK)", out[i].combo, (unsigned long long)out[i].disc);
        if (!o) {
            Py_DECREF(steps);
            return nullptr;
        }
        PyTuple_SET_ITEM(steps, i, o);
    }
    return Py_BuildValue("(NK)", steps, (unsigned long long)nodes);
}

// playout(state, discs, me, options, tiles, own_best, max_discards, limit=0) -> (results or None
// past limit positions, positions, hits, stores): play_out. options: the seat to act's steps as
// (play id or -1, discarded tiles); results: one tuple an option, coreabi.PLAYOUT's fields.
PyObject* Context_playout(Context* self, PyObject* args) {
    PyObject *state, *discs, *options;
    int me, tiles, own_best, max_discards;
    unsigned long long limit = 0;
    if (!PyArg_ParseTuple(args, "OOiOipi|K", &state, &discs, &me, &options, &tiles, &own_best, &max_discards, &limit))
        return nullptr;
    State st;
    if (!parse_state(state, st)) return nullptr;
    PyObject *d0, *d1, *d2, *d3;
    if (!PyArg_ParseTuple(discs, "OOOO", &d0, &d1, &d2, &d3)) return nullptr;
    u64 disc[4] = {as_u64(d0), as_u64(d1), as_u64(d2), as_u64(d3)};
    if (PyErr_Occurred()) return nullptr;
    if (!valid_position(self, st, me, NET) || tiles < 0 || max_discards < 0) {
        PyErr_SetString(PyExc_ValueError, "ddcore: not a position of a hand in play");
        return nullptr;
    }
    PyObject* seq = PySequence_Fast(options, "ddcore: the options are a list of (play id, tiles)");
    if (!seq) return nullptr;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    std::vector<Move> moves((size_t)n);
    for (Py_ssize_t i = 0; i < n; ++i) {
        PyObject* tiles_obj;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(seq, i), "iO", &moves[(size_t)i].combo, &tiles_obj)) {
            Py_DECREF(seq);
            return nullptr;
        }
        moves[(size_t)i].disc = as_u64(tiles_obj);
        if (moves[(size_t)i].combo < -1 || moves[(size_t)i].combo >= self->ncombos) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "ddcore: an option's play is not in the table");
            return nullptr;
        }
    }
    Py_DECREF(seq);
    if (PyErr_Occurred()) return nullptr;
    cur = &tables[0];
    if (!ensure_table()) return PyErr_NoMemory();
    std::vector<PlayoutResult> out((size_t)n);
    u64 used, hits, stores;
    int status = play_out(self, st, disc, me, moves.data(), (int)n, tiles, own_best, max_discards, limit, out.data(),
                          &used, &hits, &stores);
    if (status == 2) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "ddcore: a playout's line kept no value");
        return nullptr;
    }
    PyObject* res;
    if (status == 1) {
        Py_INCREF(Py_None);
        res = Py_None;
    } else {
        res = PyTuple_New(n);
        if (!res) return nullptr;
        for (Py_ssize_t i = 0; i < n; ++i) {
            const PlayoutResult& r = out[(size_t)i];
            PyObject* o = Py_BuildValue("(iiiiii)", r.net, r.win, r.trick, r.stacks, r.bonus, r.last);
            if (!o) {
                Py_DECREF(res);
                return nullptr;
            }
            PyTuple_SET_ITEM(res, i, o);
        }
    }
    return Py_BuildValue("(NKKK)", res, (unsigned long long)used, (unsigned long long)hits,
                         (unsigned long long)stores);
}

PyMethodDef Context_methods[] = {
    {"playout", (PyCFunction)Context_playout, METH_VARARGS,
     "playout(state, discs, me, options, tiles, own_best, max_discards, limit=0) -> (results or None past limit, "
     "positions, hits, stores): each option played out in one sample, exact from tiles a hand"},
    {"line", (PyCFunction)Context_line, METH_VARARGS,
     "line(state, discs, me, value, fresh, limit=0) -> (steps or None past limit, positions): a line of best play, "
     "the rule-based player's steps preferred"},
    {"rule", (PyCFunction)Context_rule, METH_VARARGS,
     "rule(state, disc) -> (play id or -1, discarded tiles): the rule-based choice of the seat to act"},
    {"discards", (PyCFunction)Context_discards, METH_VARARGS,
     "discards(state, disc, n) -> the n lowest discards of the seat to act by keep-value, as tiles"},
    {"bounds", (PyCFunction)Context_bounds, METH_VARARGS,
     "bounds(state, me) -> (floor, ceiling, win_bound) of net_floor, net_ceiling and win_bound (None where there is "
     "none)"},
    {"solve", (PyCFunction)Context_solve, METH_VARARGS,
     "solve(state, me, goal, alpha, beta, fresh, limit=0, table=0) -> (value or None past limit nodes, nodes, table hits, "
     "table stores); table 1 keeps what a search that gave up stored"},
    {nullptr, nullptr, 0, nullptr}};

PyTypeObject ContextType = {PyVarObject_HEAD_INIT(nullptr, 0)};

PyObject* set_table_bits(PyObject*, PyObject* args) {
    int bits, which = 0;
    if (!PyArg_ParseTuple(args, "i|i", &bits, &which)) return nullptr;
    if (bits < 4 || bits > 26 || which < 0 || which > 1) {
        PyErr_SetString(PyExc_ValueError, "ddcore: table bits must be 4-26, of table 0 or 1");
        return nullptr;
    }
    cur = &tables[which];
    cur->bits = bits;
    free_table();
    Py_RETURN_NONE;
}

PyObject* set_floor(PyObject*, PyObject* arg) {
    int on = PyObject_IsTrue(arg);
    if (on < 0) return nullptr;
    int was = use_floor;
    use_floor = on;
    return PyBool_FromLong(was);
}

PyObject* set_early_dominance(PyObject*, PyObject* arg) {
    int on = PyObject_IsTrue(arg);
    if (on < 0) return nullptr;
    int was = early_dominance;
    early_dominance = on;
    return PyBool_FromLong(was);
}

PyObject* set_relaxed_from(PyObject*, PyObject* arg) {
    long n = PyLong_AsLong(arg);
    if (n == -1 && PyErr_Occurred()) return nullptr;
    int was = relaxed_from;
    relaxed_from = (int)n;
    return PyLong_FromLong(was);
}

PyObject* table_info(PyObject*, PyObject* args) {
    int which = 0;
    if (!PyArg_ParseTuple(args, "|i", &which)) return nullptr;
    if (which < 0 || which > 1) {
        PyErr_SetString(PyExc_ValueError, "ddcore: table 0 or 1");
        return nullptr;
    }
    cur = &tables[which];
    return Py_BuildValue("nnn", (Py_ssize_t)((size_t)1 << cur->bits), (Py_ssize_t)sizeof(Entry),
                         (Py_ssize_t)table_used());
}

PyMethodDef module_methods[] = {
    {"set_table_bits", set_table_bits, METH_VARARGS, "set_table_bits(n, table=0): the table holds 2**n positions"},
    {"set_floor", set_floor, METH_O, "set_floor(on) -> whether it was on: cut where net_floor reaches beta (on by default; off to measure)"},
    {"set_early_dominance", set_early_dominance, METH_O, "set_early_dominance(on) -> whether it was on: dominated discards and plays while one seat at most holds stacks (on by default; off to measure)"},
    {"set_relaxed_from", set_relaxed_from, METH_O, "set_relaxed_from(n) -> what it was: ask the relaxed game from n tiles a hand (RELAXED_FROM by default; 9: never)"},
    {"table_info", table_info, METH_VARARGS, "table_info(table=0) -> (entries, bytes per entry, entries of its last search)"},
    {nullptr, nullptr, 0, nullptr}};

PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "ddcore",
                          "The compiled core of tiangow.search (see tiangow/ddcore.cpp).", -1, module_methods};

#endif  // !TG_WASM

}  // namespace

#ifndef TG_WASM
PyMODINIT_FUNC PyInit_ddcore(void) {
    ContextType.tp_name = "tiangow.ddcore.Context";
    ContextType.tp_basicsize = sizeof(Context);
    ContextType.tp_flags = Py_TPFLAGS_DEFAULT;
    ContextType.tp_new = PyType_GenericNew;
    ContextType.tp_init = (initproc)Context_init;
    ContextType.tp_dealloc = (destructor)Context_dealloc;
    ContextType.tp_methods = Context_methods;
    ContextType.tp_doc = "One rule set, banker and multiplier, with its tables and its settlements.";
    if (PyType_Ready(&ContextType) < 0) return nullptr;
    PyObject* m = PyModule_Create(&module_def);
    if (!m) return nullptr;
    Py_INCREF(&ContextType);
    if (PyModule_AddIntConstant(m, "ABI", TG_ABI) < 0) {  // the layout's version (tiangow/coreabi.py)
        Py_DECREF(m);
        return nullptr;
    }
    if (PyModule_AddObject(m, "Context", (PyObject*)&ContextType) < 0) {
        Py_DECREF(&ContextType);
        Py_DECREF(m);
        return nullptr;
    }
    return m;
}
#else
// ---- WebAssembly (tiangow/wasmcore.py) ----------------------------------------------------
// The same search for a host without CPython's API (the static site's browser): numbers in and
// out through the module's memory, the settlement asked of the host (tg_final_net).

namespace {
const char* last_error = "";

// a position as ST_WORDS numbers at the offsets of ddcore_abi.h (tiangow.search.packing.core_state,
// flattened: tiangow/coreabi.py's STATE)
void state_from(const int64_t* a, State& st) {
    const int at[] = {ST_H0, ST_H1, ST_H2, ST_H3};
    for (int s = 0; s < 4; ++s) st.h[s] = (u64)a[at[s]];
    st.shown = (u64)a[ST_SHOWN];
    st.up = (u64)a[ST_UP];
    for (int s = 0; s < 4; ++s) st.stacks[s] = (int)a[ST_STACKS + s];
    st.to_play = (int)a[ST_TO_PLAY];
    st.leader = (int)a[ST_LEADER];
    st.size = (int)a[ST_SIZE];
    st.best = (int)a[ST_BEST];
    st.best_seat = (int)a[ST_BEST_SEAT];
    st.locked = (int)a[ST_LOCKED];
    st.last = (int)a[ST_LAST];
    st.led = (int)a[ST_LED];
    st.acted = (int)a[ST_ACTED];
    st.first = (int)a[ST_FIRST];
    st.left = (int)a[ST_LEFT];
    st.winner = -1;
}
}  // namespace

#ifndef TG_SOURCE_CRC
#define TG_SOURCE_CRC 0u
#endif

extern "C" {
// the CRC-32 of the source this module was built from (scripts/build_wasm.py passes it): the
// host refuses a module built from another version of this file (tiangow/wasmcore.py)
__attribute__((export_name("tg_source"))) unsigned tg_source() { return TG_SOURCE_CRC; }
// the layout's version this module was built for (TG_ABI, tiangow/coreabi.py)
__attribute__((export_name("tg_abi"))) int tg_abi() { return TG_ABI; }
__attribute__((export_name("tg_alloc"))) void* tg_alloc(size_t bytes) { return std::malloc(bytes); }
__attribute__((export_name("tg_free"))) void tg_free(void* p) { std::free(p); }
__attribute__((export_name("tg_error"))) const char* tg_error() { return last_error; }

// a context from the rules' numbers (init_context); 0 on an error (tg_error says which)
__attribute__((export_name("tg_context_new"))) Context* tg_context_new(const u64* data, int len, int host) {
    Context* c = new Context();
    std::memset((void*)c, 0, sizeof(Context));
    const char* err = init_context(c, data, (size_t)len);
    if (err) {
        last_error = err;
        release_context(c);
        delete c;
        return nullptr;
    }
    c->host = host;
    return c;
}

__attribute__((export_name("tg_context_free"))) void tg_context_free(Context* c) {
    if (!c) return;
    release_context(c);
    delete c;
}

// state: the position's ST_WORDS numbers (state_from), then the most positions to visit (0: no limit).
// out: the results (RES_WORDS, tiangow/coreabi.py's RESULTS). Returns 0 (a value), 1 (gave up past the limit), -1 (not a
// position of a hand in play), -2 (no memory for the table)
__attribute__((export_name("tg_solve"))) int tg_solve(Context* c, const int64_t* state, int me, int goal, int alpha,
                                                      int beta, int fresh, int which, int64_t* out) {
    int64_t limit = state[ST_WORDS];
    State st;
    state_from(state, st);
    if (!valid_position(c, st, me, goal) || which < 0 || which > 1) return -1;
    cur = &tables[which];
    if (!ensure_table()) return -2;
    bool gave_up;
    int v = run_search(c, st, me, goal, alpha, beta, fresh != 0, (u64)limit, &gave_up);
    results(c, v, out);
    return gave_up ? 1 : 0;
}

// state: the position's ST_WORDS numbers, then the seat to act's own discards, packed. out: the
// rule-based choice (rule_move): the play's id (-1: a discard), the tiles discarded. 0, or -1
// (not a position of a hand in play).
__attribute__((export_name("tg_rule"))) int tg_rule(Context* c, const int64_t* state, int64_t* out) {
    State st;
    state_from(state, st);
    if (!valid_position(c, st, 0, 0) || !st.h[st.to_play]) return -1;
    Move mv = rule_move(c, st, (u64)state[ST_WORDS]);
    out[0] = mv.combo;
    out[1] = (int64_t)mv.disc;
    return 0;
}

// state: the position's ST_WORDS numbers, then the seat to act's own discards, packed. out: the
// n lowest discards by keep-value (rule_discards), as tiles. Returns how many, or -1 (not a
// position of a hand in play).
__attribute__((export_name("tg_discards"))) int tg_discards(Context* c, const int64_t* state, int n, int64_t* out) {
    State st;
    state_from(state, st);
    if (!valid_position(c, st, 0, 0) || !st.h[st.to_play] || n < 0) return -1;
    Move picked[MAXMOVES];
    int k = rule_discards(c, st, (u64)state[ST_WORDS], n, picked);
    for (int i = 0; i < k; ++i) out[i] = (int64_t)picked[i].disc;
    return k;
}

// state: the position's ST_WORDS numbers, the limit (0: none), then the four seats' discards;
// me, the value, whether the first search is fresh. out: the positions visited, then each
// step's play id (-1: a discard) and tiles (rule_line). Returns the steps, -1 (no step keeps
// the value), -2 (gave up past the limit), -3 (an error), -4 (not a position).
__attribute__((export_name("tg_line"))) int tg_line(Context* c, const int64_t* state, int me, int v, int fresh,
                                                    int64_t* out) {
    State st;
    state_from(state, st);
    if (!valid_position(c, st, me, NET)) return -4;
    u64 disc[4];
    for (int s = 0; s < 4; ++s) disc[s] = (u64)state[ST_WORDS + 1 + s];
    cur = &tables[0];
    if (!ensure_table()) return -3;
    Move steps[40];
    u64 nodes = 0;
    int n = rule_line(c, st, disc, me, v, fresh != 0, (u64)state[ST_WORDS], steps, &nodes);
    out[0] = (int64_t)nodes;
    for (int i = 0; i < n; ++i) {
        out[1 + 2 * i] = steps[i].combo;
        out[2 + 2 * i] = (int64_t)steps[i].disc;
    }
    return n;
}

// state: the position's ST_WORDS numbers, the limit (0: none), the four seats' discards, then
// n options as (play id or -1, tiles). out: the positions visited, hits and stores, then
// PLAYOUT_WORDS numbers an option (play_out). Returns 0, 1 (gave up past the limit), 2 (an
// error), -4 (not a position).
__attribute__((export_name("tg_playout"))) int tg_playout(Context* c, const int64_t* state, int me, int n, int tiles,
                                                          int own_best, int max_discards, int64_t* out) {
    State st;
    state_from(state, st);
    if (!valid_position(c, st, me, NET) || n < 0 || n > MAXMOVES || tiles < 0 || max_discards < 0) return -4;
    u64 disc[4];
    for (int s = 0; s < 4; ++s) disc[s] = (u64)state[ST_WORDS + 1 + s];
    Move moves[MAXMOVES];
    for (int i = 0; i < n; ++i) {
        moves[i].combo = (int)state[ST_WORDS + 5 + 2 * i];
        moves[i].disc = (u64)state[ST_WORDS + 6 + 2 * i];
        if (moves[i].combo < -1 || moves[i].combo >= c->ncombos) return -4;
    }
    cur = &tables[0];
    if (!ensure_table()) return 2;
    PlayoutResult res[MAXMOVES];
    u64 used, hits, stores;
    int status = play_out(c, st, disc, me, moves, n, tiles, own_best, max_discards, (u64)state[ST_WORDS], res, &used,
                          &hits, &stores);
    out[0] = (int64_t)used;
    out[1] = (int64_t)hits;
    out[2] = (int64_t)stores;
    for (int i = 0; i < n; ++i) {
        int64_t* o = out + 3 + PLAYOUT_WORDS * i;
        o[PO_NET] = res[i].net;
        o[PO_WIN] = res[i].win;
        o[PO_TRICK] = res[i].trick;
        o[PO_STACKS] = res[i].stacks;
        o[PO_BONUS] = res[i].bonus;
        o[PO_LAST] = res[i].last;
    }
    return status;
}

// out: net_floor and net_ceiling for me (±1000000000 where there is none), and win_bound (-1
// where there is none). 0, or -1 (not a position).
__attribute__((export_name("tg_bounds"))) int tg_bounds(Context* c, const int64_t* state, int me, int64_t* out) {
    State st;
    state_from(state, st);
    if (!bounds_position(c, st, me)) return -1;
    c->me = me;
    out[0] = net_floor(c, st);
    out[1] = net_ceiling(c, st);
    out[2] = win_bound(c, st);
    return 0;
}

__attribute__((export_name("tg_set_table_bits"))) int tg_set_table_bits(int bits, int which) {
    if (bits < 4 || bits > 26 || which < 0 || which > 1) return -1;
    cur = &tables[which];
    cur->bits = bits;
    free_table();
    return 0;
}

__attribute__((export_name("tg_set_floor"))) int tg_set_floor(int on) {
    int was = use_floor;
    use_floor = on != 0;
    return was;
}

__attribute__((export_name("tg_set_relaxed_from"))) int tg_set_relaxed_from(int n) {
    int was = relaxed_from;
    relaxed_from = n;
    return was;
}

// out: entries, bytes per entry, entries of the last search
__attribute__((export_name("tg_table_info"))) void tg_table_info(int64_t* out, int which) {
    cur = &tables[which & 1];
    out[0] = (int64_t)((size_t)1 << cur->bits);
    out[1] = (int64_t)sizeof(Entry);
    out[2] = (int64_t)table_used();
}
}
#endif
