"""The counting sort's placement shared by the merge loop's set-up, its rebuild from words and
its sliced merges, against a plain stable grouping."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings, strategies as st

from bpe_engine._arrays import scatter_grouped


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.integers(0, 5), max_size=30), min_size=1, max_size=4), st.sampled_from([1, 6, 70_000]))
def test_slices_land_grouped_by_key_in_order(slices: list[list[int]], n_keys: int) -> None:
    """Keys in slices (several calls, as the callers make them); above 2**16 keys the sort
    takes two radix passes (keys shifted up there so that both passes matter)."""
    if n_keys == 1:
        slices = [[0] * len(s) for s in slices]
    shift = 65_536 if n_keys > 65_536 else 0
    keyed = [[k + (shift if k % 2 else 0) for k in s] for s in slices]
    flat = [(k, 1000 * n + i) for n, s in enumerate(keyed) for i, k in enumerate(s)]
    expected = [v for _, v in sorted(flat, key=lambda kv: kv[0])]  # stable: by key, then order
    sizes = np.bincount([k for k, _ in flat], minlength=n_keys) if flat else np.zeros(n_keys, dtype=np.int64)
    cursor = np.zeros(n_keys, dtype=np.int64)
    np.cumsum(sizes[:-1], out=cursor[1:])
    out = np.full(len(flat), -1, dtype=np.int64)
    for n, s in enumerate(keyed):
        values = np.asarray([1000 * n + i for i in range(len(s))], dtype=np.int64)
        scatter_grouped(out, cursor, np.asarray(s, dtype=np.int32), values, n_keys)
    assert out.tolist() == expected
