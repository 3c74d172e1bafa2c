"""Benchmarks and checks that print figures, run from the checkout's root.

- ``python -m benchmarks.engine`` — random full hands a second through the public API;
- ``python -m benchmarks.search`` — hint latency and exact solves; ``--coach`` the coach against
  an exact reference; ``--solver`` the double-dummy search on whole hands and endings;
- ``python -m benchmarks.tournament`` — seeded deals between the bots, mean net a hand;
- ``python -m benchmarks.check_search`` — the search's values against the frozen reference
  (``tests/reference/search_v1.py``) on many seeded endings;
- ``python -m benchmarks.ab_bench --base REF`` — this checkout against another, interleaved.

They are not part of the package: the tests import what they check of them from here.
"""
