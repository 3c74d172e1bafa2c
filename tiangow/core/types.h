// tiangow/core/types.h: the search core's numbers, positions and contexts, and the state all
// its searches share (the tables of positions, the switches the tests turn).
//
// The core is a set of headers along its sections, compiled into one translation unit per
// build: python.cpp (CPython's extension tiangow.ddcore) and wasm.cpp (tiangow/ddcore.wasm).
// Each header includes the sections it uses; everything is in an unnamed namespace, so the
// compiler sees every caller of a function, as it did when the core was one file.

#pragma once

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

#include "abi.h"  // the version, tuning constants and position layout (tiangow/coreabi.py)

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
    // The rule-based player (rule_move, tiangow/core/rule.h): the plays in the order a leader's
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

}  // namespace
