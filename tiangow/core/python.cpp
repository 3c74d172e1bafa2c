// tiangow/core/python.cpp: CPython's extension tiangow.ddcore (setup.py builds it; tiangow/search runs it).
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

#include "playouts.h"

namespace {

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
                          "The compiled core of tiangow.search (see tiangow/core/).", -1, module_methods};

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
