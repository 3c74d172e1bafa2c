"""Types of the compiled core of the search (tiangow/ddcore.cpp)."""

from collections.abc import Callable, Sequence

class Context:
    def __init__(
        self,
        combos: Sequence[tuple[int, int, int, int, int, int]],
        better: Sequence[Sequence[int]],
        lead_order: Sequence[int],
        flags: tuple[int, int, int, int, int, int],
        singles: tuple[int, int, int, int],
        movable: tuple[int, ...],
        fixed_plain: Sequence[int],
        banker: int,
        m: int,
        final_net: Callable[[tuple[int, int, int, int], int, int, int, int, int, int, int], tuple[int, int, int, int]],
        /,
    ) -> None: ...
    def solve(
        self, state: tuple[object, ...], me: int, goal: int, alpha: int, beta: int, fresh: bool, limit: int = 0, /
    ) -> tuple[int | None, int, int, int]: ...

def set_table_bits(bits: int, /) -> None: ...
def table_info() -> tuple[int, int, int]: ...
