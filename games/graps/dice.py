"""The Graps die (P3): each turn's roll, grape or blank, drawn from the seed.

Roll n of a game (n = 0, 1, ... counting every roll made, passed turns included) is
`rolls[n]` when the replay header lists that many rolls, otherwise it is derived from
the seed alone: splitmix64 of (splitmix64(seed) + n), taken modulo 6; faces
0 .. grape_faces - 1 show a grape. So a saved game only needs the roll count, and
any roll can be recomputed without replaying the ones before it.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


def splitmix64(value: int) -> int:
    """One step of the splitmix64 generator (Steele, Lea, Flood 2014): a fast, well
    mixed 64-bit hash of `value`."""
    value = (value + 0x9E3779B97F4A7C15) & _MASK
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK
    return value ^ (value >> 31)


def roll_base(seed: int) -> int:
    """The per-game starting point of the roll sequence."""
    return splitmix64(seed & _MASK)


def seeded_grape(base: int, n: int, grape_faces: int) -> bool:
    """Whether roll n shows a grape (P3: `grape_faces` faces of 6)."""
    return splitmix64((base + n) & _MASK) % 6 < grape_faces
