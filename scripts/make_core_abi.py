"""Write tiangow/core/abi.h from tiangow/coreabi.py (``python -m scripts.make_core_abi``): what
crosses between Python and the search's compiled core, declared once. Rebuild the cores after
(``pip install -e .``, ``python scripts/build_wasm.py``)."""

from __future__ import annotations

from pathlib import Path

from tiangow.coreabi import header

HEADER = Path(__file__).resolve().parent.parent / "tiangow" / "core" / "abi.h"


def main() -> None:
    HEADER.write_text(header(), encoding="utf-8")
    print(HEADER)


if __name__ == "__main__":
    main()
