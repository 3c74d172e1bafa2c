// tiangow/core/symmetry.h: the canonical relabelling of a position (stated in tests/reference/symmetry.py).

#pragma once

#include "types.h"

namespace {

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

}  // namespace
