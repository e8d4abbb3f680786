"""Keccak-256 (the original padding Ethereum uses, not SHA3-256's) in plain Python, written from
the Keccak specification (FIPS 202's permutation), for EIP-55 address checksums in the manifest.
Slow (pure Python) and used only for a handful of addresses at seed time."""

from __future__ import annotations

MASK = (1 << 64) - 1
RATE = 136  # bytes: 1600 - 2 × 256 bits of capacity


def _rc_bit(t: int) -> int:
    """The round-constant LFSR's output bit rc(t)."""
    if t % 255 == 0:
        return 1
    r = 0x01  # bit i of r is R[i]
    for _ in range(t % 255):
        r <<= 1
        if r & 0x100:
            r ^= 0x171  # R[0], R[4], R[5], R[6] ^= R[8]; R[8] dropped
    return r & 1


ROUND_CONSTANTS = [sum(_rc_bit(j + 7 * i) << ((1 << j) - 1) for j in range(7)) for i in range(24)]


def _rotations() -> list[list[int]]:
    offsets = [[0] * 5 for _ in range(5)]
    x, y = 1, 0
    for t in range(24):
        offsets[x][y] = ((t + 1) * (t + 2) // 2) % 64
        x, y = y, (2 * x + 3 * y) % 5
    return offsets


ROTATIONS = _rotations()


def _rotate(value: int, n: int) -> int:
    return ((value << n) | (value >> (64 - n))) & MASK if n else value


def _permute(a: list[list[int]]) -> None:
    for constant in ROUND_CONSTANTS:
        c = [a[x][0] ^ a[x][1] ^ a[x][2] ^ a[x][3] ^ a[x][4] for x in range(5)]
        d = [c[(x - 1) % 5] ^ _rotate(c[(x + 1) % 5], 1) for x in range(5)]
        for x in range(5):
            for y in range(5):
                a[x][y] ^= d[x]
        b = [[0] * 5 for _ in range(5)]
        for x in range(5):
            for y in range(5):
                b[y][(2 * x + 3 * y) % 5] = _rotate(a[x][y], ROTATIONS[x][y])
        for x in range(5):
            for y in range(5):
                a[x][y] = b[x][y] ^ (~b[(x + 1) % 5][y] & b[(x + 2) % 5][y])
        a[0][0] ^= constant


def keccak256(data: bytes) -> bytes:
    padded = bytearray(data) + b"\x01" + bytes((-len(data) - 1) % RATE)
    padded[-1] |= 0x80
    state = [[0] * 5 for _ in range(5)]
    for start in range(0, len(padded), RATE):
        block = padded[start:start + RATE]
        for i in range(RATE // 8):
            state[i % 5][i // 5] ^= int.from_bytes(block[8 * i:8 * i + 8], "little")
        _permute(state)
    return b"".join(state[i % 5][i // 5].to_bytes(8, "little") for i in range(4))


def checksum_address(address: str) -> str:
    """EIP-55: a hex letter is upper case where the keccak-256 of the lower-case hex has a nibble ≥ 8."""
    lower = address.lower().removeprefix("0x")
    digest = keccak256(lower.encode()).hex()
    return "0x" + "".join(ch.upper() if int(digest[i], 16) >= 8 else ch for i, ch in enumerate(lower))
