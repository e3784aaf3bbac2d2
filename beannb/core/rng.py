"""A tiny deterministic random generator whose whole state is one integer.

The generator lives inside the game state (so a game record replays exactly and undo is
just "keep the previous state"); Python's ``random`` module is never used by the engine.
SplitMix64: fast, well-mixed and trivially serialisable.
"""
from __future__ import annotations

from typing import Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (int(seed) * 0xD1B54A32D192ED03 + 0x632BE59BD9B4E019) & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return (random 64-bit value, next state)."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """Return (an integer in [0, n), next state)."""
    value, state = next_u64(state)
    return (value * n) >> 64, state


def shuffled(state: int, items: Sequence[T]) -> tuple[tuple[T, ...], int]:
    """Return (a Fisher-Yates shuffle of ``items``, next state)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        # ``j, state = below(state, i + 1)``, with ``next_u64`` written out: a deck pass
        # shuffles a hundred cards.
        state = (state + _GOLDEN) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        out[i], out[j] = out[j], out[i]
    return tuple(out), state
