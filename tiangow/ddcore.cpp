// tiangow.ddcore — the compiled core of the double-dummy search (tiangow/search.py).
//
// The same alpha-beta as the pure-Python search, on the same packed holdings
// (tiangow/packed.py) and the same rules of a trick (tiangow/state.py), with the same
// reductions (tiangow/symmetry.py): the transposition table is keyed on canonical positions
// once two seats hold stacks, and discards whose positions are alike are listed once.
// Everything about the rules that is not a few lines of arithmetic stays in Python: the
// tables of plays come from tiangow.combos, and the settlement of a finished hand is asked of
// a Python function once per distinct finish (and kept). The table of positions has a fixed
// size (set_table_bits) and replaces the entry that cost less to find.
//
// The pure-Python search is the twin: tests/test_search_core.py holds the two to the same
// values on random endings and whole hands.

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#endif
#include <cstring>
#include <unordered_map>
#include <vector>

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
inline int size_of(u64 p) { return __builtin_popcountll(p & LOW) + 2 * __builtin_popcountll(p & (LOW << 1)); }

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

struct Entry {
    u64 k[7];
    int32_t lo, hi;
    uint32_t gen;
    uint8_t best_i, depth;
    uint16_t used;
};

// The table: anonymous memory (untouched pages cost nothing; zero pages are empty entries),
// on 2 MB pages where the system allows, since its probes land anywhere in it.
Entry* table = nullptr;
size_t table_len = 0;
void* table_base = nullptr;
size_t table_bytes = 0;
int table_bits = 20;
uint32_t generation = 1;
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

struct Plan {
    // fields moved by the same distance go together: (x & mask[i]) shifted by shift[i] bits
    // (a family moves by whole families and may swap its twins, a plain kind moves down: the
    // distances, in fields, lie in -10 … +1, so 12 groups at most)
    int n;  // groups; -1: not made yet
    u64 mask[12];
    int shift[12];
    Plan() : n(-1) {}
};

// Plans of relabelling, per setting of the fixed units (Wong's rule, 1-5 and 1-6 fixed), built
// on first use: 2**17 each.
std::vector<Plan> plan_tables[8];

struct Context {
    PyObject_HEAD
    int ncombos;
    Combo combos[MAXC];
    std::vector<int>* better;       // better[id]: ids of the plays that beat it, best first
    std::vector<int>* lead_order;   // every play, biggest and best first
    std::vector<Plan>* plans;       // plan_tables[...] of this context's setting
    u64 beaten_by[MAXC];            // beaten_by[id]: the plays that beat it, as bits
    // Every play lies inside one 9-bit slice of a holding (a family, or plain kinds): the plays
    // a slice's content holds, and the plays that beat one of them, as bits.
    u64 slice_plays[7][512];
    u64 slice_beaters[7][512];
    std::unordered_map<NetKey, std::array<int, 4>, NetKeyHash>* nets;
    int free_split, capture_wins_trick, civil_supreme, capture_civil_supreme, finish_collects, bonus_on;
    int id12, id24, id15, id16;  // the single plays of 1-2, 2-4, 1-5, 1-6
    int banker, m;
    int movable[4];
    int fixed_plain[21];
    PyObject* final_net;  // (stacks, winner, leader, led, best, first, shown, size) -> 4 nets
    u64 id;
    // per search
    int me, goal;
    u64 nodes, hits, stores;
    u64 limit;  // give up past this many nodes (0: never)
    int error;
};

// ---- the canonical relabelling (tiangow/symmetry.py) -------------------------------------

const int FAMILY_SLOTS[4][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {9, 10, 11}};
const int PLAIN_SLOTS[7] = {12, 13, 14, 15, 16, 17, 18};

inline int where(const u64* h, u64 bm, u64 lm, int slot) {
    int shift = 3 * slot;
    for (int s = 0; s < 4; ++s)
        if ((h[s] >> shift) & 7) return s;
    if ((bm >> shift) & 7) return 4;
    if ((lm >> shift) & 7) return 5;
    return 6;
}

void make_plan(const Context* c, u64 live, const int* codes, Plan& p) {
    p.n = 0;
    auto add = [&](int s, int d) {
        int shift = 3 * (d - s);
        int i = 0;
        while (i < p.n && p.shift[i] != shift) ++i;
        if (i == p.n) {
            if (p.n == 12) std::abort();  // cannot happen (see Plan)
            p.shift[i] = shift;
            p.mask[i] = 0;
            ++p.n;
        }
        p.mask[i] |= (u64)7 << (3 * s);
    };
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
            add(FAMILY_SLOTS[f][0], FAMILY_SLOTS[df][0]);
            add(a, FAMILY_SLOTS[df][1]);
            add(b, FAMILY_SLOTS[df][2]);
        }
    }
    int seg[7];
    int n = 0;
    auto flush = [&]() {
        int k = 0;
        for (int j = 0; j < n; ++j)
            if ((live >> (3 * seg[j])) & 7) add(seg[j], seg[k++]);
        n = 0;
    };
    for (int s : PLAIN_SLOTS) {
        if (c->fixed_plain[s]) {
            if ((live >> (3 * s)) & 7) {
                flush();
                add(s, s);
            }
            continue;
        }
        seg[n++] = s;
    }
    flush();
    add(19, 19);
    add(20, 20);
}

inline u64 apply_plan(const Plan& p, u64 x) {
    if (!x) return 0;
    u64 y = 0;
    for (int i = 0; i < p.n; ++i) {
        int sh = p.shift[i];
        u64 v = x & p.mask[i];
        y |= sh >= 0 ? v << sh : v >> -sh;
    }
    return y;
}

// Seats that can never again put down a play that stands (inert): no play they hold beats any
// play another seat holds (nor, before they act, the standing play), and the standing play is
// not theirs (nor the lead, for the seat about to lead: best_seat is then the leader). They will
// only discard, so which tiles they hold cannot matter. A bit per seat.
// The plays a holding holds, and the plays that beat one of them, as bits.
inline void seat_plays(const Context* c, u64 h, u64& mine, u64& beaters) {
    mine = 0;
    beaters = 0;
    for (int sl = 0; h; ++sl, h >>= 9) {
        unsigned v = (unsigned)h & 511;
        if (!v) continue;
        mine |= c->slice_plays[sl][v];
        beaters |= c->slice_beaters[sl][v];
    }
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

// The plan of a relabelling depends only on which units are live and how the equal military
// tiles sit: an index of 17 bits (families live 4, plain kinds live 7, fixed kinds live 3 … ).
inline unsigned plan_index(u64 live, const int* codes) {
    unsigned x = 0;
    for (int f = 0; f < 4; ++f) x |= (unsigned)(((live >> (9 * f)) & 0777) != 0) << f;
    for (int j = 0; j < 9; ++j) x |= (unsigned)(((live >> (3 * (12 + j))) & 7) != 0) << (4 + j);
    for (int f = 0; f < 4; ++f) x |= (unsigned)codes[f] << (13 + f);
    return x;
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
    int codes[4];
    for (int f = 0; f < 4; ++f)
        codes[f] = where(h, bm, lm, FAMILY_SLOTS[f][1]) > where(h, bm, lm, FAMILY_SLOTS[f][2]) ? 1 : 0;
    unsigned pi = plan_index(live, codes);
    Plan& p = (*c->plans)[pi];
    if (p.n < 0) make_plan(c, live, codes, p);
    for (int s = 0; s < 4; ++s) out[s] = apply_plan(p, h[s]);
    out[4] = apply_plan(p, bm);
    out[5] = apply_plan(p, lm);
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

void subsets(u64 h, int k, Move* out, int& n) {
    // distinct sets of k tiles, weakest fields first
    int shifts[21], counts[21], m = 0;
    for (int f = 20; f >= 0; --f) {
        int cnt = (h >> (3 * f)) & 7;
        if (cnt) {
            shifts[m] = 3 * f;
            counts[m] = cnt;
            ++m;
        }
    }
    int take[21];
    // depth-first over kinds, the weakest first, taking as many as possible first
    struct Rec {
        static void go(int i, int left, u64 acc, int m, const int* shifts, const int* counts, int* take, Move* out,
                       int& n) {
            if (left == 0) {
                out[n].combo = -1;
                out[n].disc = acc;
                ++n;
                return;
            }
            if (i == m) return;
            int most = counts[i] < left ? counts[i] : left;
            for (int t = most; t >= 0; --t) {
                take[i] = t;
                go(i + 1, left - t, acc + ((u64)t << shifts[i]), m, shifts, counts, take, out, n);
            }
        }
    };
    Rec::go(0, k, 0, m, shifts, counts, take, out, n);
}

int gen_moves(const Context* c, const State& st, Move* out) {
    int n = 0;
    int seat = st.to_play;
    u64 hs = st.h[seat];
    if (!st.size) {
        for (int id : *c->lead_order) {
            const Combo& cb = c->combos[id];
            if (!contains(hs, cb.mask)) continue;
            if (!c->free_split && cb.family != 0 && (hs & cb.family_fields) != cb.mask) continue;
            out[n].combo = id;
            out[n].disc = 0;
            ++n;
        }
        return n;
    }
    bool blocked = st.last && st.stacks[seat] + st.size < 2;
    if (!st.locked && !blocked) {
        for (int id : c->better[st.best]) {
            if (contains(hs, c->combos[id].mask)) {
                out[n].combo = id;
                out[n].disc = 0;
                ++n;
            }
        }
        if (st.last && c->capture_wins_trick) {
            int capt = capturing(c, st.led);
            if (capt >= 0 && contains(hs, c->combos[capt].mask)) {
                bool have = false;
                for (int i = 0; i < n; ++i) have |= out[i].combo == capt;
                if (!have) {
                    out[n].combo = capt;
                    out[n].disc = 0;
                    ++n;
                }
            }
        }
    }
    subsets(hs, st.size, out, n);
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
            st.last = left == 0;
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
    PyObject* r = PyObject_CallFunction(c->final_net, "(iiii)iiiiiKi", st.stacks[0], st.stacks[1], st.stacks[2],
                                        st.stacks[3], w, st.leader, st.led, st.best, st.first,
                                        (unsigned long long)st.shown, st.size);
    std::array<int, 4> net = {0, 0, 0, 0};
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
    (*c->nets)[key] = net;
    return net[c->me];
}

// ---- the search ---------------------------------------------------------------------------

inline u64 mix(u64 x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

int value(Context* c, State& st, int alpha, int beta) {
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
    bool relabel = (stacks[0] > 0) + (stacks[1] > 0) + (stacks[2] > 0) + (stacks[3] > 0) >= 2;
    u64 k[7];
    Entry* slot = nullptr;
    int first = 0;
    bool use_tt = st.left > 1 || !st.acted;
    u64 sk = (u64)stacks[0] | (u64)stacks[1] << 4 | (u64)stacks[2] << 8 | (u64)stacks[3] << 12;
    u64 mine[4], beaters[4];
    if (relabel)
        for (int s = 0; s < 4; ++s) seat_plays(c, st.h[s], mine[s], beaters[s]);
    if (use_tt) {
        if (relabel) {
            u64 cn[7];
            canon(c, st.h, mine, beaters, st.best, st.size ? st.best_seat : to_play, st.led, acted_mask_of(st), cn);
            k[0] = cn[0];
            k[1] = cn[1];
            k[2] = cn[2];
            k[3] = cn[3];
            k[4] = sk | (u64)to_play << 16 | (u64)st.leader << 18 | cn[6] << 20 | (u64)(st.best_seat + 1) << 28 |
                   (u64)st.locked << 31 | (u64)1 << 41 | (u64)c->me << 42 | (u64)c->goal << 44 |
                   (c->id & 0x3FF) << 46;
            k[5] = cn[4];
            k[6] = cn[5];
        } else {
            k[0] = st.h[0];
            k[1] = st.h[1];
            k[2] = st.h[2];
            k[3] = st.h[3];
            k[4] = sk | (u64)to_play << 16 | (u64)st.leader << 18 | (u64)(st.best + 1) << 20 |
                   (u64)(st.best_seat + 1) << 28 | (u64)st.locked << 31 | (u64)(st.led + 1) << 33 |
                   (u64)c->me << 42 | (u64)c->goal << 44 | (c->id & 0x3FF) << 46 | (u64)(st.first + 1) << 56;
            k[5] = st.shown;
            k[6] = st.up;
        }
        u64 hash = mix(k[0] ^ mix(k[1] ^ mix(k[2] ^ mix(k[3] ^ mix(k[4] ^ mix(k[5] ^ k[6]))))));
        size_t idx = (size_t)(hash & (((u64)1 << table_bits) - 1)) & ~(size_t)1;
        Entry* e = &table[idx];
        Entry* found = nullptr;
        for (int i = 0; i < 2; ++i) {
            if (e[i].gen == generation && std::memcmp(e[i].k, k, sizeof k) == 0) {
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
            if (e[0].gen != generation)
                slot = &e[0];
            else if (e[1].gen != generation)
                slot = &e[1];
            else
                slot = e[0].depth <= e[1].depth ? &e[0] : &e[1];
        }
    }
    int a0 = alpha, b0 = beta;
    bool maximize = c->goal == POSSIBLE_WIN || to_play == c->me;
    Move ms[MAXMOVES];
    int n = gen_moves(c, st, ms);
    if (st.size) {
        int ndisc = 0;
        for (int i = 0; i < n; ++i) ndisc += ms[i].combo < 0;
        if (relabel && ndisc > 1) {
            u64 seen[MAXMOVES][7];
            int acted = acted_mask_of(st) | 1 << to_play;
            int nseen = 0;
            u64 hs[4] = {st.h[0], st.h[1], st.h[2], st.h[3]};
            u64 held = st.h[to_play];
            u64 ms_[4] = {mine[0], mine[1], mine[2], mine[3]};
            u64 bs_[4] = {beaters[0], beaters[1], beaters[2], beaters[3]};
            int j = 0;
            for (int i = 0; i < n; ++i) {
                if (ms[i].combo < 0) {
                    hs[to_play] = held - ms[i].disc;
                    seat_plays(c, hs[to_play], ms_[to_play], bs_[to_play]);
                    u64 cn[7];
                    canon(c, hs, ms_, bs_, st.best, st.best_seat, st.led, acted, cn);
                    bool dup = false;
                    for (int q = 0; q < nseen && !dup; ++q) dup = std::memcmp(seen[q], cn, sizeof cn) == 0;
                    if (dup) continue;
                    std::memcpy(seen[nseen++], cn, sizeof cn);
                }
                ms[j++] = ms[i];
            }
            n = j;
        }
        if (!maximize && st.best_seat != c->me && n > 1) {
            // the best play so far is a partner's: try letting it stand first
            Move tmp[MAXMOVES];
            int j = 0;
            for (int i = 0; i < n; ++i)
                if (ms[i].combo < 0) tmp[j++] = ms[i];
            for (int i = 0; i < n; ++i)
                if (ms[i].combo >= 0) tmp[j++] = ms[i];
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
    for (int i = 0; i < n; ++i) {
        State child = st;
        bool paid;
        int d = push(c, child, ms[i], paid);
        int v;
        if (!paid || c->goal != NET)
            v = value(c, child, alpha, beta);
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
        if (slot->gen == generation && std::memcmp(slot->k, k, sizeof k) == 0) {
            // the same position: keep what both searches proved
            if (slot->lo > lo) lo = slot->lo;
            if (slot->hi < hi) hi = slot->hi;
        }
        c->stores++;
        std::memcpy(slot->k, k, sizeof k);
        slot->gen = generation;
        slot->best_i = (uint8_t)best_i;
        slot->depth = (uint8_t)(size_of(st.h[0]) + size_of(st.h[1]) + size_of(st.h[2]) + size_of(st.h[3]));
        slot->lo = lo;
        slot->hi = hi;
    }
    return best;
}

// ---- Python -------------------------------------------------------------------------------

u64 as_u64(PyObject* o) { return (u64)PyLong_AsUnsignedLongLongMask(o); }

int Context_init(Context* self, PyObject* args, PyObject*) {
    PyObject *combos, *better, *lead_order, *flags, *singles, *movable, *fixed_plain, *final_net;
    int banker, m;
    if (!PyArg_ParseTuple(args, "OOOOOOOiiO", &combos, &better, &lead_order, &flags, &singles, &movable,
                          &fixed_plain, &banker, &m, &final_net))
        return -1;
    self->better = new std::vector<int>[MAXC];
    self->lead_order = new std::vector<int>();
    self->nets = new std::unordered_map<NetKey, std::array<int, 4>, NetKeyHash>();
    Py_ssize_t n = PySequence_Size(combos);
    if (n < 0 || n > MAXC) {
        PyErr_SetString(PyExc_ValueError, "ddcore: too many plays in the table");
        return -1;
    }
    self->ncombos = (int)n;
    for (Py_ssize_t i = 0; i < n; ++i) {
        PyObject* t = PySequence_GetItem(combos, i);
        PyObject *mask, *ff;
        int size, kind, rank, family;
        if (!t || !PyArg_ParseTuple(t, "OOiiii", &mask, &ff, &size, &kind, &rank, &family)) {
            Py_XDECREF(t);
            return -1;
        }
        Combo& c = self->combos[i];
        c.mask = as_u64(mask);
        c.family_fields = as_u64(ff);
        c.size = size;
        c.kind = kind;
        c.rank = rank;
        c.family = family;
        Py_DECREF(t);
        PyObject* b = PySequence_GetItem(better, i);
        if (!b) return -1;
        Py_ssize_t nb = PySequence_Size(b);
        self->beaten_by[i] = 0;
        for (Py_ssize_t j = 0; j < nb; ++j) {
            PyObject* x = PySequence_GetItem(b, j);
            long o = PyLong_AsLong(x);
            if (o < 0 || o >= n) {
                Py_XDECREF(x);
                PyErr_SetString(PyExc_ValueError, "ddcore: a play beyond the table");
                return -1;
            }
            self->beaten_by[i] |= (u64)1 << o;
            self->better[i].push_back((int)o);
            Py_DECREF(x);
        }
        Py_DECREF(b);
    }
    Py_ssize_t nl = PySequence_Size(lead_order);
    for (Py_ssize_t j = 0; j < nl; ++j) {
        PyObject* x = PySequence_GetItem(lead_order, j);
        self->lead_order->push_back((int)PyLong_AsLong(x));
        Py_DECREF(x);
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
        if (!inside) {
            PyErr_SetString(PyExc_ValueError, "ddcore: a play across two slices of the layout");
            return -1;
        }
    }
    if (!PyArg_ParseTuple(flags, "iiiiii", &self->free_split, &self->capture_wins_trick, &self->civil_supreme,
                          &self->capture_civil_supreme, &self->finish_collects, &self->bonus_on))
        return -1;
    if (!PyArg_ParseTuple(singles, "iiii", &self->id12, &self->id24, &self->id15, &self->id16)) return -1;
    if (!PyArg_ParseTuple(movable, "iiii", &self->movable[0], &self->movable[1], &self->movable[2],
                          &self->movable[3]))
        return -1;
    for (int s = 0; s < 21; ++s) self->fixed_plain[s] = 0;
    Py_ssize_t nf = PySequence_Size(fixed_plain);
    for (Py_ssize_t j = 0; j < nf; ++j) {
        PyObject* x = PySequence_GetItem(fixed_plain, j);
        long s = PyLong_AsLong(x);
        Py_DECREF(x);
        if (s >= 0 && s < 21) self->fixed_plain[s] = 1;
    }
    int setting = (self->movable[0] ? 0 : 1) | (self->fixed_plain[18] ? 2 : 0) | (self->fixed_plain[17] ? 4 : 0);
    if (plan_tables[setting].empty()) plan_tables[setting].assign((size_t)1 << 17, Plan());
    self->plans = &plan_tables[setting];
    self->banker = banker;
    self->m = m;
    Py_INCREF(final_net);
    self->final_net = final_net;
    self->id = ++ctx_counter;
    if (PyErr_Occurred()) return -1;
    return 0;
}

void Context_dealloc(Context* self) {
    delete[] self->better;
    delete self->lead_order;
    delete self->nets;
    Py_XDECREF(self->final_net);
    Py_TYPE(self)->tp_free((PyObject*)self);
}

void free_table() {
    if (!table_base) return;
#if defined(__unix__) || defined(__APPLE__)
    munmap(table_base, table_bytes);
#else
    std::free(table_base);
#endif
    table = nullptr;
    table_base = nullptr;
    table_len = 0;
}

bool ensure_table() {
    size_t want = (size_t)1 << table_bits;
    if (table_len == want) return true;
    free_table();
    const size_t huge = (size_t)2 << 20;
    size_t bytes = sizeof(Entry) * want + huge;
#if defined(__unix__) || defined(__APPLE__)
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) p = nullptr;
#else
    void* p = std::calloc(1, bytes);
#endif
    if (!p) {
        PyErr_NoMemory();
        return false;
    }
    uintptr_t start = ((uintptr_t)p + huge - 1) & ~(uintptr_t)(huge - 1);
#if defined(MADV_HUGEPAGE)
    madvise((void*)start, sizeof(Entry) * want, MADV_HUGEPAGE);
#endif
    table_base = p;
    table_bytes = bytes;
    table = (Entry*)start;
    table_len = want;
    generation = 1;
    return true;
}

// solve(state, me, goal, alpha, beta, fresh, limit=0) -> (value, or None past limit nodes; nodes, hits, stores)
// state: (h0, h1, h2, h3, shown, up, (s0, s1, s2, s3), to_play, leader, size, best, best_seat, locked, last,
//         led, acted, first, left)
PyObject* Context_solve(Context* self, PyObject* args) {
    PyObject *state, *stacks;
    int me, goal, alpha, beta, fresh;
    unsigned long long limit = 0;
    if (!PyArg_ParseTuple(args, "Oiiiip|K", &state, &me, &goal, &alpha, &beta, &fresh, &limit)) return nullptr;
    State st;
    PyObject *h0, *h1, *h2, *h3, *shown, *up;
    if (!PyArg_ParseTuple(state, "OOOOOOOiiiiiiiiiii", &h0, &h1, &h2, &h3, &shown, &up, &stacks, &st.to_play,
                          &st.leader, &st.size, &st.best, &st.best_seat, &st.locked, &st.last, &st.led, &st.acted,
                          &st.first, &st.left))
        return nullptr;
    st.h[0] = as_u64(h0);
    st.h[1] = as_u64(h1);
    st.h[2] = as_u64(h2);
    st.h[3] = as_u64(h3);
    st.shown = as_u64(shown);
    st.up = as_u64(up);
    if (!PyArg_ParseTuple(stacks, "iiii", &st.stacks[0], &st.stacks[1], &st.stacks[2], &st.stacks[3]))
        return nullptr;
    st.winner = -1;
    if (PyErr_Occurred()) return nullptr;
    auto bad_id = [&](int id) { return id < -1 || id >= self->ncombos; };
    auto bad_seat = [](int s) { return s < 0 || s > 3; };
    bool bad = bad_seat(me) || goal < 0 || goal > 2 || bad_seat(st.to_play) || bad_seat(st.leader) ||
               st.size < 0 || st.size > 4 || bad_id(st.best) || bad_id(st.led) || bad_id(st.first) ||
               st.best_seat < -1 || st.best_seat > 3 || st.locked < 0 || st.locked > 2 || st.acted < 0 ||
               st.acted > 3 || st.left < 0 || st.left > 8 || (st.size > 0) != (st.best >= 0 && st.led >= 0);
    for (int s = 0; s < 4; ++s) bad |= st.stacks[s] < 0 || st.stacks[s] > 8 || (st.h[s] & GUARD) != 0;
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "ddcore: not a position of a hand in play (seats 0-3, goal 0-2, plays "
                                          "in the table, packed holdings)");
        return nullptr;
    }
    if (!ensure_table()) return nullptr;
    if (fresh) {
        if (++generation == 0) {
            std::memset((void*)table, 0, sizeof(Entry) * table_len);
            generation = 1;
        }
    }
    self->me = me;
    self->goal = goal;
    self->nodes = 0;
    self->hits = 0;
    self->stores = 0;
    self->error = 0;
    self->limit = limit;
    int v = value(self, st, alpha, beta);
    if (self->error == 2) {
        // Gave up: what the unwinding stored is not a value, so no later call may find it.
        if (++generation == 0) {
            std::memset((void*)table, 0, sizeof(Entry) * table_len);
            generation = 1;
        }
        return Py_BuildValue("OKKK", Py_None, (unsigned long long)self->nodes, (unsigned long long)self->hits,
                             (unsigned long long)self->stores);
    }
    if (self->error) return nullptr;
    return Py_BuildValue("iKKK", v, (unsigned long long)self->nodes, (unsigned long long)self->hits,
                         (unsigned long long)self->stores);
}

PyMethodDef Context_methods[] = {
    {"solve", (PyCFunction)Context_solve, METH_VARARGS,
     "solve(state, me, goal, alpha, beta, fresh, limit=0) -> (value or None past limit nodes, nodes, table hits, table stores)"},
    {nullptr, nullptr, 0, nullptr}};

PyTypeObject ContextType = {PyVarObject_HEAD_INIT(nullptr, 0)};

PyObject* set_table_bits(PyObject*, PyObject* args) {
    int bits;
    if (!PyArg_ParseTuple(args, "i", &bits)) return nullptr;
    if (bits < 4 || bits > 26) {
        PyErr_SetString(PyExc_ValueError, "ddcore: table bits must be 4-26");
        return nullptr;
    }
    table_bits = bits;
    free_table();
    Py_RETURN_NONE;
}

PyObject* table_info(PyObject*, PyObject*) {
    size_t used = 0;
    for (size_t i = 0; i < table_len; ++i) used += table[i].gen == generation;
    return Py_BuildValue("nnn", (Py_ssize_t)((size_t)1 << table_bits), (Py_ssize_t)sizeof(Entry), (Py_ssize_t)used);
}

PyMethodDef module_methods[] = {
    {"set_table_bits", set_table_bits, METH_VARARGS, "set_table_bits(n): the table holds 2**n positions"},
    {"table_info", table_info, METH_NOARGS, "table_info() -> (entries, bytes per entry, entries of the last search)"},
    {nullptr, nullptr, 0, nullptr}};

PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "ddcore",
                          "The compiled core of tiangow.search (see tiangow/ddcore.cpp).", -1, module_methods};

}  // namespace

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
    if (PyModule_AddObject(m, "Context", (PyObject*)&ContextType) < 0) {
        Py_DECREF(&ContextType);
        Py_DECREF(m);
        return nullptr;
    }
    return m;
}
