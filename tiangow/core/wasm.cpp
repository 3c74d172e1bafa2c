// tiangow/core/wasm.cpp: the same core as WebAssembly (scripts/build_wasm.py builds tiangow/ddcore.wasm;
// tiangow/wasmcore.py runs it). Built with -DTG_WASM: no CPython API.

#include "playouts.h"

// The same search for a host without CPython's API (the static site's browser): numbers in and
// out through the module's memory, the settlement asked of the host (tg_final_net).

namespace {
const char* last_error = "";

// a position as ST_WORDS numbers at the offsets of abi.h (tiangow.search.packing.core_state,
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
