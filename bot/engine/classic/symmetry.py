"""Board symmetries (automorphisms): finding them and applying them to bitboards.

:attr:`~.geometry.Geometry.symmetries` finds a board shape's once, when a search first asks.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations


def find_symmetries(size: int, lines: set[int]) -> tuple[tuple[int, ...], ...]:
    """Every cell permutation, among the candidates, that maps the set of lines onto itself.

    Candidates: the 8 rotations/reflections of the square, each combined with a
    permutation ``p`` of the row indices (applied to columns too) that commutes
    with reversal (``p[size-1-i] == size-1-p[i]``). Identity first.
    """
    last = size - 1
    dihedral: tuple[Callable[[int, int], tuple[int, int]], ...] = (
        lambda r, c: (r, c),
        lambda r, c: (c, last - r),
        lambda r, c: (last - r, last - c),
        lambda r, c: (last - c, r),
        lambda r, c: (r, last - c),
        lambda r, c: (last - r, c),
        lambda r, c: (c, r),
        lambda r, c: (last - c, last - r),
    )
    index_perms = [
        p for p in permutations(range(size)) if all(p[last - i] == last - p[i] for i in range(size))
    ]
    found: dict[tuple[int, ...], None] = {}
    for p in index_perms:
        for d in dihedral:
            images = (d(p[cell // size], p[cell % size]) for cell in range(size * size))
            perm = tuple(row * size + col for row, col in images)
            if perm in found:
                continue
            if all(permute_bits(perm, line) in lines for line in lines):
                found[perm] = None
    identity = tuple(range(size * size))
    return (identity, *(perm for perm in found if perm != identity))


def permute_bits(perm: tuple[int, ...], bits: int) -> int:
    """Move every set bit ``cell`` of a bitboard to ``perm[cell]`` (slow but simple)."""
    out = 0
    while bits:
        low = bits & -bits
        out |= 1 << perm[low.bit_length() - 1]
        bits ^= low
    return out


def byte_tables(perm: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Per 8-cell chunk, a 256-entry table: chunk bits -> their image under ``perm``."""
    chunks = []
    for j in range(0, len(perm), 8):
        width = min(8, len(perm) - j)
        table = [0] * 256
        for value in range(1, 1 << width):
            low = value & -value
            table[value] = table[value ^ low] | 1 << perm[j + low.bit_length() - 1]
        chunks.append(tuple(table))
    return tuple(chunks)


def inverse(perm: tuple[int, ...]) -> tuple[int, ...]:
    """The permutation that undoes ``perm``."""
    undo = [0] * len(perm)
    for cell, image in enumerate(perm):
        undo[image] = cell
    return tuple(undo)
