"""Build the search's compiled core as WebAssembly (``python scripts/build_wasm.py [OUT]``).

``tiangow/core/wasm.cpp`` (and the core's headers it includes) with ``-DTG_WASM``: no CPython API, numbers in and out through memory
(``tiangow/wasmcore.py`` runs it). Built with Debian's clang for the ``wasm32-wasi`` target and
its C++ library for it (``apt-get install clang lld wasi-libc libc++-dev-wasm32
libclang-rt-dev-wasm32``): a reactor module (its constructors run once, by ``_initialize``)
with a stack of 8 MB (a whole hand's search goes 32 steps deep, some kilobytes each). OUT
defaults to ``tiangow/ddcore.wasm``, which the package ships (committed: an install with no
compiler runs it on ``wasmtime``). The module carries the CRC-32 of the source it was built from
(``tg_source``); :mod:`tiangow.wasmcore` refuses one built from another version of
the core's source, and a test fails while the shipped module is stale.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
from pathlib import Path

from tiangow.wasmcore import source_crc

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "tiangow" / "core" / "wasm.cpp"
FLAGS = ["--target=wasm32-wasi", "-mexec-model=reactor", "-DTG_WASM", "-O2", "-std=c++17", "-fno-exceptions",
         "-Wl,-z,stack-size=8388608"]


def compiler() -> str | None:
    """A clang that can build for wasm32-wasi here, or None."""
    for name in ("clang++", "clang++-14", "clang++-15", "clang++-16"):
        path = shutil.which(name)
        if path is None:
            continue
        probe = subprocess.run([path, *FLAGS, "-x", "c++", "-", "-o", "/dev/null"], input=b"int x;\n",
                               capture_output=True, check=False)
        if probe.returncode == 0:
            return path
    return None


def build(out: Path = ROOT / "tiangow" / "ddcore.wasm") -> Path:
    """Compile the module to ``out`` (refused with RuntimeError where no compiler for it is found)."""
    cc = compiler()
    if cc is None:
        raise RuntimeError("no clang++ that builds for wasm32-wasi: apt-get install clang lld wasi-libc "
                           "libc++-dev-wasm32 libclang-rt-dev-wasm32")
    out.parent.mkdir(parents=True, exist_ok=True)
    crc = source_crc(SOURCE.parent)
    subprocess.run([cc, *FLAGS, f"-DTG_SOURCE_CRC={crc}u", str(SOURCE), "-o", str(out)], check=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", type=Path, default=ROOT / "tiangow" / "ddcore.wasm")
    parser.add_argument("--check", action="store_true", help="only say whether it can be built here (exit 1 if not)")
    args = parser.parse_args()
    if args.check:
        cc = compiler()
        print(cc or "no clang++ that builds for wasm32-wasi")
        raise SystemExit(0 if cc else 1)
    print(build(args.out))


if __name__ == "__main__":
    main()
