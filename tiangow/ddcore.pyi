"""Types of the compiled core of the search (tiangow/ddcore.cpp)."""

from collections.abc import Callable, Sequence

ABI: int
"""The layout's version it was built for (tiangow/coreabi.py)."""

class Context:
    def __init__(
        self,
        rules: Sequence[int],
        final_net: Callable[[tuple[int, int, int, int], int, int, int, int, int, int, int], tuple[int, int, int, int]],
        /,
    ) -> None: ...
    def solve(
        self, state: tuple[object, ...], me: int, goal: int, alpha: int, beta: int, fresh: bool, limit: int = 0,
        table: int = 0, /
    ) -> tuple[int | None, int, int, int]: ...
    def bounds(self, state: tuple[object, ...], me: int, /) -> tuple[int | None, int | None]: ...

def set_table_bits(bits: int, table: int = 0, /) -> None: ...
def set_floor(on: bool, /) -> bool: ...
def set_relaxed_from(n: int, /) -> int: ...
def table_info(table: int = 0, /) -> tuple[int, int, int]: ...
