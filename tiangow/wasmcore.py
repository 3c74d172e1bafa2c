"""The search's compiled core as WebAssembly, for where CPython's extension cannot run.

The core's source, ``tiangow/core/``, builds two ways: as CPython's extension ``tiangow.ddcore``
(``core/python.cpp``, ``pip install``), and, with ``-DTG_WASM``, as a WebAssembly module
(``core/wasm.cpp``) with plain numbers in and out (``scripts/build_wasm.py`` writes
``ddcore.wasm``; Debian's clang, lld, wasi-libc and libc++ for wasm32 build it). :func:`load`
wraps such a module in the extension's own interface — :class:`Context` with ``solve`` and
``bounds``, and ``set_table_bits``, ``set_floor``, ``set_relaxed_from``, ``table_info`` — so
that :mod:`tiangow.search` can use either. The module asks its host for the settlement of each
distinct finish (``tg_final_net``), as the extension calls a Python function.

What runs the module is a small :class:`Runtime`: its memory read and written as bytes, its
exported functions called with 32-bit numbers (nothing of 64 bits crosses: positions and
results pass through memory). :func:`wasmtime_runtime` is one, for CPython (the tests hold
this core to the extension's values); :func:`pyodide_runtime` is the browser's own WebAssembly,
for Python in the browser (the static site's wheel carries the module: scripts/build_site.py).
"""

from __future__ import annotations

import contextlib
import struct
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from . import coreabi
from .policy import POLICY

__all__ = ["WASM", "SOURCE", "Context", "Core", "Runtime", "StaleCore", "load", "pyodide_runtime", "source_crc",
           "wasmtime_runtime"]

WASM = Path(__file__).with_name("ddcore.wasm")
"""The module the package ships (``scripts/build_wasm.py`` builds it)."""
SOURCE = Path(__file__).with_name("core")
"""Its source, the directory of C++ files, where it is beside the package (a checkout, an editable
install)."""

class StaleCore(RuntimeError):
    """The module was built from another version of the core's source than the one beside it."""


def source_crc(source: Path = SOURCE) -> int | None:
    """The CRC-32 of the core's source: its C++ files (``*.h``, ``*.cpp``) in the order of their
    names, one after another (``None`` where the source is not beside the package)."""
    files = sorted(p for p in source.glob("*") if p.suffix in (".h", ".cpp")) if source.is_dir() else []
    if not files:
        return None
    return zlib.crc32(b"".join(p.read_bytes() for p in files))

FinalNet = Callable[[tuple[int, int, int, int], int, int, int, int, int, int, int], tuple[int, int, int, int]]
HostFinalNet = Callable[..., int]

_INF = 1_000_000_000
_STATE_WORDS = coreabi.STATE_WORDS + 1  # the position's numbers and the limit (core/wasm.cpp: state_from, tg_solve)
_MAX_OPTIONS = 192  # the most steps open to one seat (core/types.h's MAXMOVES): tg_playout's options


class Runtime(Protocol):
    """A WebAssembly module instantiated with ``tg_final_net`` as its host function."""

    def call(self, name: str, *args: int) -> int:
        """The exported function ``name`` called with 32-bit numbers (pointers among them)."""

    def read(self, ptr: int, size: int) -> bytes:
        """``size`` bytes of the module's memory from ``ptr``."""

    def write(self, ptr: int, data: bytes) -> None:
        """``data`` into the module's memory at ``ptr``."""


class Core:
    """One instantiated module, with the extension's module-level functions."""

    BUDGET_SHARE = POLICY.browser_share
    """The share of the coach's budgets of positions (set for CPython's extension) it spends in
    the browser (tiangow.search.core_budget_share; the policy's ``browser_share``); on
    ``wasmtime``, ``load`` gives it the policy's ``wasmtime_share``."""

    BIG_BITS = 21
    """The table's size for long searches (2**21 entries, 64 MB: half the extension's, for a
    browser tab's memory)."""

    def __init__(self, make_runtime: Callable[[HostFinalNet], Runtime], budget_share: float | None = None,
                 source: Path | None = SOURCE) -> None:
        self._hosts: dict[int, Context] = {}
        self._next = 0
        self.rt = make_runtime(self._final_net)
        if budget_share is not None:
            self.BUDGET_SHARE = budget_share
        try:
            built: int | None = self.rt.call("tg_source") & 0xFFFFFFFF
        except Exception:  # a module from before tg_source
            built = None
        expected = None if source is None else source_crc(source)
        if expected is not None and built != expected:
            raise StaleCore(f"the search's WebAssembly module was built from another version of tiangow/core/ "
                            f"(CRC {built or 0:08x}, the source's {expected:08x}): python scripts/build_wasm.py")
        try:
            self.ABI = self.rt.call("tg_abi")
        except Exception:  # a module from before tg_abi
            self.ABI = 0
        if self.ABI != coreabi.ABI and not (source is None and self.ABI in coreabi.READS):
            raise StaleCore(f"the search's WebAssembly module was built for layout version {self.ABI}, the "
                            f"package sends version {coreabi.ABI}: python scripts/build_wasm.py")
        self._scratch = self.alloc(8 * 32)
        self.line_out = self.alloc(8 * 72)
        """Where ``tg_line`` writes a line: the positions, then two numbers a step (32 at most)."""
        self.playout_in = self.alloc(8 * (_STATE_WORDS + 4 + 2 * _MAX_OPTIONS))
        """Where ``tg_playout`` reads a position, its limit, the discards and the options."""
        self.playout_out = self.alloc(8 * (3 + len(coreabi.PLAYOUT) * _MAX_OPTIONS))
        """Where ``tg_playout`` writes the positions, hits, stores, then each option's results."""
        self.Context = _context_class(self)

    def alloc(self, size: int) -> int:
        ptr = self.rt.call("tg_alloc", size)
        if not ptr:
            raise MemoryError("the search's WebAssembly memory is full")
        return ptr

    def _final_net(self, host: int, s0: int, s1: int, s2: int, s3: int, winner: int, leader: int, led: int,
                   best: int, first: int, shown_lo: int, shown_hi: int, size: int, seat: int) -> int:
        ctx = self._hosts.get(host)
        if ctx is None or ctx.failed is not None:
            return 0
        shown = (shown_lo & 0xFFFFFFFF) | (shown_hi & 0xFFFFFFFF) << 32
        key = (s0, s1, s2, s3, winner, leader, led, best, first, shown, size)
        if ctx.last_key != key:
            try:
                nets = ctx.final_net((s0, s1, s2, s3), winner, leader, led, best, first, shown, size)
                ctx.last_net = tuple(int(v) for v in nets)
            except Exception as exc:  # kept and raised when the search returns (a module cannot)
                ctx.failed = exc
                return 0
            ctx.last_key = key
        return ctx.last_net[seat]

    def _register(self, ctx: Context) -> int:
        self._next += 1
        self._hosts[self._next] = ctx
        return self._next

    def set_table_bits(self, bits: int, table: int = 0) -> None:
        if self.rt.call("tg_set_table_bits", bits, table) != 0:
            raise ValueError("ddcore: table bits must be 4-26, of table 0 or 1")

    def set_floor(self, on: bool) -> bool:
        return bool(self.rt.call("tg_set_floor", int(bool(on))))

    def set_relaxed_from(self, n: int) -> int:
        return int(self.rt.call("tg_set_relaxed_from", int(n)))

    def table_info(self, table: int = 0) -> tuple[int, int, int]:
        if table not in (0, 1):
            raise ValueError("ddcore: table 0 or 1")
        self.rt.call("tg_table_info", self._scratch, table)
        entries, size, used = struct.unpack("<3q", self.rt.read(self._scratch, 24))
        return entries, size, used

    def error(self) -> str:
        ptr = self.rt.call("tg_error")
        data = self.rt.read(ptr, 200)
        return data.split(b"\0", 1)[0].decode("utf-8", "replace")


class Context:
    """The extension's ``Context`` (one rule set, banker and multiplier) on a module; made by
    ``core.Context(rules, final_net)``."""

    core: Core

    def __init__(self, rules: Sequence[int], final_net: FinalNet) -> None:
        core = self.core
        self.final_net = final_net
        self.failed: BaseException | None = None
        self.last_key: tuple[int, ...] | None = None
        self.last_net: tuple[int, ...] = (0, 0, 0, 0)
        self._ptr = 0
        words = [int(v) & 0xFFFFFFFFFFFFFFFF for v in rules]
        data = core.alloc(8 * max(1, len(words)))
        try:
            core.rt.write(data, struct.pack(f"<{len(words)}Q", *words))
            self._host = core._register(self)
            self._ptr = core.rt.call("tg_context_new", data, len(words), self._host)
        finally:
            core.rt.call("tg_free", data)
        if not self._ptr:
            raise ValueError(core.error())

    def __del__(self) -> None:
        ptr, self._ptr = getattr(self, "_ptr", 0), 0
        if ptr:
            core = self.core
            core._hosts.pop(self._host, None)
            with contextlib.suppress(Exception):  # the runtime already gone (the interpreter ending)
                core.rt.call("tg_context_free", ptr)

    def _state(self, state: tuple[Any, ...], limit: int = 0) -> int:
        """The position (``tiangow.search.packing.core_state``) and the limit written to the scratch."""
        h0, h1, h2, h3, shown, up, stacks, *rest = state
        words = [h0, h1, h2, h3, shown, up, *stacks, *rest, limit]
        if len(words) != _STATE_WORDS:
            raise ValueError("ddcore: not a position of a hand in play (its numbers)")
        scratch = self.core._scratch
        self.core.rt.write(scratch, struct.pack(f"<{_STATE_WORDS}q", *(_signed(int(w)) for w in words)))
        return scratch

    def solve(self, state: tuple[Any, ...], me: int, goal: int, alpha: int, beta: int, fresh: bool,
              limit: int = 0, table: int = 0) -> tuple[int | None, int, int, int]:
        core = self.core
        ptr = self._state(state, limit)
        out = ptr + 8 * _STATE_WORDS
        self.failed = None
        status = core.rt.call("tg_solve", self._ptr, ptr, me, goal, alpha, beta, int(bool(fresh)), table, out)
        if self.failed is not None:
            failed, self.failed = self.failed, None
            raise failed
        if status == -1:
            raise ValueError("ddcore: not a position of a hand in play (seats 0-3, goal 0-2, plays in the "
                             "table, packed holdings; table 0 or 1)")
        if status == -2:
            raise MemoryError("the search's table does not fit in the WebAssembly memory")
        words = struct.unpack(f"<{len(coreabi.RESULTS)}q", core.rt.read(out, 8 * len(coreabi.RESULTS)))
        res = coreabi.Result(*words)
        return res._replace(value=None if status == 1 else int(words[0]))

    def rule(self, state: tuple[Any, ...], disc: int) -> tuple[int, int]:
        core = self.core
        ptr = self._state(state, disc)
        out = ptr + 8 * _STATE_WORDS
        if core.rt.call("tg_rule", self._ptr, ptr, out) != 0:
            raise ValueError("ddcore: not a position of a hand in play with tiles to act with")
        play, tiles = struct.unpack("<qQ", core.rt.read(out, 16))
        return int(play), int(tiles)

    def discards(self, state: tuple[Any, ...], disc: int, n: int) -> tuple[int, ...]:
        core = self.core
        ptr = self._state(state, disc)
        out = core.playout_out  # room for every step open to a seat
        k = core.rt.call("tg_discards", self._ptr, ptr, min(n, _MAX_OPTIONS), out)
        if k < 0:
            raise ValueError("ddcore: not a position of a hand in play with tiles to act with")
        return tuple(int(x) for x in struct.unpack(f"<{k}Q", core.rt.read(out, 8 * k)))

    def line(self, state: tuple[Any, ...], discs: tuple[int, int, int, int], me: int, value: int, fresh: bool,
             limit: int = 0) -> tuple[tuple[tuple[int, int], ...] | None, int]:
        core = self.core
        ptr = self._state(state, limit)
        core.rt.write(ptr + 8 * _STATE_WORDS, struct.pack("<4q", *(_signed(int(d)) for d in discs)))
        out = core.line_out
        self.failed = None
        n = core.rt.call("tg_line", self._ptr, ptr, me, value, int(bool(fresh)), out)
        if self.failed is not None:
            failed, self.failed = self.failed, None
            raise failed
        if n == -4:
            raise ValueError("ddcore: not a position of a hand in play")
        if n == -1:
            raise ValueError("ddcore: no step keeps that value: it is not this position's value")
        if n == -3:
            raise MemoryError("the search's table does not fit in the WebAssembly memory")
        words = struct.unpack(f"<{1 + 2 * max(n, 0)}q", core.rt.read(out, 8 * (1 + 2 * max(n, 0))))
        if n == -2:
            return None, int(words[0])
        return tuple((int(words[1 + 2 * i]), words[2 + 2 * i] & 0xFFFFFFFFFFFFFFFF) for i in range(n)), int(words[0])

    def playout(self, state: tuple[Any, ...], discs: tuple[int, int, int, int], me: int,
                options: Sequence[tuple[int, int]], tiles: int, own_best: bool, max_discards: int,
                limit: int = 0) -> tuple[tuple[tuple[int, ...], ...] | None, int, int, int]:
        core = self.core
        if len(options) > _MAX_OPTIONS:
            raise ValueError(f"ddcore: at most {_MAX_OPTIONS} options")
        h0, h1, h2, h3, shown, up, stacks, *rest = state
        words = [h0, h1, h2, h3, shown, up, *stacks, *rest, limit, *discs]
        if len(words) != _STATE_WORDS + 4:
            raise ValueError("ddcore: not a position of a hand in play (its numbers)")
        for play, tiles_down in options:
            words += [play, tiles_down]
        ptr, out = core.playout_in, core.playout_out
        core.rt.write(ptr, struct.pack(f"<{len(words)}q", *(_signed(int(w)) for w in words)))
        self.failed = None
        status = core.rt.call("tg_playout", self._ptr, ptr, me, len(options), tiles, int(bool(own_best)),
                              max_discards, out)
        if self.failed is not None:
            failed, self.failed = self.failed, None
            raise failed
        if status == -4:
            raise ValueError("ddcore: not a position of a hand in play")
        if status == 2:
            raise ValueError("ddcore: a playout's line kept no value")
        k = len(coreabi.PLAYOUT)
        got = struct.unpack(f"<{3 + k * len(options)}q", core.rt.read(out, 8 * (3 + k * len(options))))
        used, hits, stores = (int(w) for w in got[:3])
        if status == 1:
            return None, used, hits, stores
        found = tuple(tuple(int(w) for w in got[3 + k * i:3 + k * (i + 1)]) for i in range(len(options)))
        return found, used, hits, stores

    def bounds(self, state: tuple[Any, ...], me: int) -> tuple[int | None, int | None, int | None]:
        core = self.core
        ptr = self._state(state)
        out = ptr + 8 * _STATE_WORDS
        if core.rt.call("tg_bounds", self._ptr, ptr, me, out) != 0:
            raise ValueError("ddcore: not a position of a hand in play")
        floor, ceiling, win = struct.unpack("<3q", core.rt.read(out, 24))
        return ((None if floor <= -_INF else int(floor)), (None if ceiling >= _INF else int(ceiling)),
                (None if win < 0 else int(win)))


def _signed(v: int) -> int:
    """A number of 64 bits as a signed one (holdings use all 64)."""
    v &= 0xFFFFFFFFFFFFFFFF
    return v - (1 << 64) if v >> 63 else v


def _context_class(core: Core) -> type[Context]:
    return type("Context", (Context,), {"core": core, "__module__": __name__})


def wasmtime_runtime(path: Path = WASM) -> Callable[[HostFinalNet], Runtime]:
    """A :class:`Runtime` maker on ``wasmtime`` (from PyPI) for the module at ``path``."""
    import importlib

    wasmtime: Any = importlib.import_module("wasmtime")

    class WasmtimeRuntime:
        def __init__(self, final_net: HostFinalNet) -> None:
            self.store = wasmtime.Store()
            module = wasmtime.Module.from_file(self.store.engine, str(path))
            i32 = wasmtime.ValType.i32()
            imports: list[Any] = []
            for imp in module.imports:
                if imp.module == "env" and imp.name == "tg_final_net":
                    ty = wasmtime.FuncType([i32] * 14, [i32])
                    imports.append(wasmtime.Func(self.store, ty, final_net))
                else:  # the system calls libc links in and the search never makes
                    ft = imp.type
                    imports.append(wasmtime.Func(self.store, ft, _refuse(imp.module, imp.name)))
            self.instance = wasmtime.Instance(self.store, module, imports)
            exports = self.instance.exports(self.store)
            if "_initialize" in exports:  # a reactor's constructors, run once
                exports["_initialize"](self.store)
            self.memory = exports["memory"]
            self.funcs = {name: exports[name] for name in (
                "tg_source", "tg_abi", "tg_alloc", "tg_free", "tg_error", "tg_context_new", "tg_context_free",
                "tg_solve", "tg_rule", "tg_discards", "tg_line", "tg_playout", "tg_bounds", "tg_set_table_bits",
                "tg_set_floor", "tg_set_relaxed_from", "tg_table_info") if name in exports}

        def call(self, name: str, *args: int) -> int:
            r = self.funcs[name](self.store, *args)
            return 0 if r is None else int(r)

        def read(self, ptr: int, size: int) -> bytes:
            return bytes(self.memory.read(self.store, ptr, ptr + size))

        def write(self, ptr: int, data: bytes) -> None:
            self.memory.write(self.store, data, ptr)

    return WasmtimeRuntime


def pyodide_runtime(path: Path = WASM) -> Callable[[HostFinalNet], Runtime]:
    """A :class:`Runtime` maker on the browser's WebAssembly, for Python in the browser
    (Pyodide): the module compiled where Python runs — a web worker, where compiling at once
    is allowed — and the host function handed over as a proxy of the Python one."""
    import importlib

    js: Any = importlib.import_module("js")
    ffi: Any = importlib.import_module("pyodide.ffi")

    class PyodideRuntime:
        def __init__(self, final_net: HostFinalNet) -> None:
            data = path.read_bytes()
            code = js.Uint8Array.new(len(data))
            code.assign(data)
            module = js.WebAssembly.Module.new(code)
            self._proxies = [ffi.create_proxy(final_net)]
            env = js.Object.new()
            env.tg_final_net = self._proxies[0]
            wasi = js.Object.new()
            for imp in js.WebAssembly.Module.imports(module):
                if imp.module != "env":
                    proxy = ffi.create_proxy(_refuse(imp.module, imp.name))
                    self._proxies.append(proxy)
                    setattr(wasi, imp.name, proxy)
            imports = js.Object.new()
            imports.env = env
            imports.wasi_snapshot_preview1 = wasi
            self.exports = js.WebAssembly.Instance.new(module, imports).exports
            if hasattr(self.exports, "_initialize"):  # a reactor's constructors, run once
                self.exports._initialize()

        def call(self, name: str, *args: int) -> int:
            r = getattr(self.exports, name)(*args)
            return 0 if r is None else int(r)

        def read(self, ptr: int, size: int) -> bytes:
            return bytes(js.Uint8Array.new(self.exports.memory.buffer, ptr, size).to_bytes())

        def write(self, ptr: int, data: bytes) -> None:
            js.Uint8Array.new(self.exports.memory.buffer, ptr, len(data)).assign(data)

    return PyodideRuntime


def _refuse(module: str, name: str) -> Callable[..., int]:
    def call(*_: object) -> int:
        raise RuntimeError(f"the search's WebAssembly module called {module}.{name}, which it never should")

    return call


def load(make_runtime: Callable[[HostFinalNet], Runtime], budget_share: float | None = None,
         source: Path | None = SOURCE) -> Core:
    """The module run by ``make_runtime`` (e.g. :func:`wasmtime_runtime`), with the interface
    of ``tiangow.ddcore``; ``budget_share`` its :attr:`Core.BUDGET_SHARE`. Raises
    :class:`StaleCore` if ``source`` (``tiangow/core/``, where it is beside the package) is not
    what the module was built from (``None``: not checked, for a frozen earlier core held to
    this one by a benchmark, which may then be of an earlier layout version the package still
    writes, :data:`tiangow.coreabi.READS`), or if the module was built for another layout version."""
    return Core(make_runtime, budget_share, source)
