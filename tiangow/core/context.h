// tiangow/core/context.h: setting up a context from the rules' numbers, checking a position, running a search.

#pragma once

#include "search.h"

namespace {

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

}  // namespace
