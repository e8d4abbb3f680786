"""Antelope binary and text encodings, in plain Python (no chain needed).

Used by the devnet server (to read and rebuild sponsored transactions) and by the tests (to
build and sign transactions the way an outside client does). Facts follow the Antelope
serialization: little-endian integers, LEB128 varuint32 lengths, 64-bit names.
"""

from __future__ import annotations

import hashlib
import struct
from dataclasses import dataclass, field
from datetime import datetime, timezone

NAME_CHARS = ".12345abcdefghijklmnopqrstuvwxyz"
BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


class CodecError(ValueError):
    """Bytes or text that do not decode as the expected Antelope value."""


# --- names -------------------------------------------------------------------------------

def name_to_u64(text: str) -> int:
    if len(text) > 13 or any(ch not in NAME_CHARS for ch in text):
        raise CodecError(f"invalid name {text!r}")
    value = 0
    for i in range(13):
        symbol = NAME_CHARS.index(text[i]) if i < len(text) else 0
        if i < 12:
            value |= (symbol & 0x1F) << (64 - 5 * (i + 1))
        else:
            if symbol > 0x0F:
                raise CodecError(f"invalid 13th character in {text!r}")
            value |= symbol
    if u64_to_name(value) != text:
        raise CodecError(f"name {text!r} is not in normal form")
    return value


def u64_to_name(value: int) -> str:
    chars = []
    for i in range(13):
        if i == 0:
            symbol = value & 0x0F
            value >>= 4
        else:
            symbol = value & 0x1F
            value >>= 5
        chars.append(NAME_CHARS[symbol])
    return "".join(reversed(chars)).rstrip(".")


# --- base58 and hashes -----------------------------------------------------------------------

def base58_encode(data: bytes) -> str:
    number = int.from_bytes(data, "big")
    out = ""
    while number:
        number, rest = divmod(number, 58)
        out = BASE58_ALPHABET[rest] + out
    zeros = len(data) - len(data.lstrip(b"\0"))
    return "1" * zeros + out


def base58_decode(text: str) -> bytes:
    number = 0
    for ch in text:
        if ch not in BASE58_ALPHABET:
            raise CodecError(f"invalid base58 character {ch!r}")
        number = number * 58 + BASE58_ALPHABET.index(ch)
    body = number.to_bytes((number.bit_length() + 7) // 8, "big") if number else b""
    zeros = len(text) - len(text.lstrip("1"))
    return b"\0" * zeros + body


def ripemd160(data: bytes) -> bytes:
    return hashlib.new("ripemd160", data).digest()


def sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


# --- keys and signatures (text forms) -------------------------------------------------------

def wif_encode(secret: bytes) -> str:
    body = b"\x80" + secret
    return base58_encode(body + sha256(sha256(body))[:4])


def wif_decode(wif: str) -> bytes:
    if wif.startswith("PVT_K1_"):
        raw = base58_decode(wif[7:])
        if ripemd160(raw[:-4] + b"K1")[:4] != raw[-4:]:
            raise CodecError("bad private key checksum")
        return raw[:-4]
    raw = base58_decode(wif)
    if len(raw) != 37 or raw[0] != 0x80 or sha256(sha256(raw[:-4]))[:4] != raw[-4:]:
        raise CodecError("bad WIF private key")
    return raw[1:33]


def public_key_to_legacy(compressed: bytes) -> str:
    return "EOS" + base58_encode(compressed + ripemd160(compressed)[:4])


def public_key_from_text(text: str) -> bytes:
    """33-byte compressed K1 key from `EOS…` or `PUB_K1_…`."""
    if text.startswith("PUB_K1_"):
        raw = base58_decode(text[7:])
        if ripemd160(raw[:-4] + b"K1")[:4] != raw[-4:]:
            raise CodecError("bad public key checksum")
    elif text.startswith("EOS"):
        raw = base58_decode(text[3:])
        if ripemd160(raw[:-4])[:4] != raw[-4:]:
            raise CodecError("bad public key checksum")
    else:
        raise CodecError(f"unsupported public key {text!r}")
    return raw[:-4]


def signature_to_text(sig65: bytes) -> str:
    return "SIG_K1_" + base58_encode(sig65 + ripemd160(sig65 + b"K1")[:4])


def signature_from_text(text: str) -> bytes:
    if not text.startswith("SIG_K1_"):
        raise CodecError(f"unsupported signature {text[:10]!r}")
    raw = base58_decode(text[7:])
    if len(raw) != 69 or ripemd160(raw[:65] + b"K1")[:4] != raw[65:]:
        raise CodecError("bad signature checksum")
    return raw[:65]


# --- binary writer and reader --------------------------------------------------------------

def varuint32(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def pack_bytes(data: bytes) -> bytes:
    return varuint32(len(data)) + data


def pack_name(text: str) -> bytes:
    return struct.pack("<Q", name_to_u64(text))


def pack_symbol(precision: int, code: str) -> bytes:
    return bytes([precision]) + code.encode().ljust(7, b"\0")


def pack_asset(text: str) -> bytes:
    """`"1.2345 TLOS"` → int64 amount + symbol; exact (no floats)."""
    amount_text, code = text.split(" ")
    whole, _, frac = amount_text.partition(".")
    negative = whole.startswith("-")
    units = int(whole.lstrip("-") + frac or "0")
    return struct.pack("<q", -units if negative else units) + pack_symbol(len(frac), code)


class Reader:
    def __init__(self, data: bytes):
        self.data = data
        self.pos = 0

    def take(self, size: int) -> bytes:
        if self.pos + size > len(self.data):
            raise CodecError("unexpected end of data")
        chunk = self.data[self.pos:self.pos + size]
        self.pos += size
        return chunk

    def u8(self) -> int:
        return self.take(1)[0]

    def u16(self) -> int:
        return struct.unpack("<H", self.take(2))[0]

    def u32(self) -> int:
        return struct.unpack("<I", self.take(4))[0]

    def varuint32(self) -> int:
        value, shift = 0, 0
        while True:
            byte = self.u8()
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value
            shift += 7
            if shift > 35:
                raise CodecError("varuint32 too long")

    def bytes(self) -> bytes:
        return self.take(self.varuint32())

    def name(self) -> str:
        return u64_to_name(struct.unpack("<Q", self.take(8))[0])

    def done(self) -> bool:
        return self.pos == len(self.data)


# --- transactions ---------------------------------------------------------------------------

@dataclass
class Action:
    account: str
    name: str
    authorization: list[tuple[str, str]]
    data: bytes

    def pack(self) -> bytes:
        auths = b"".join(pack_name(a) + pack_name(p) for a, p in self.authorization)
        return (pack_name(self.account) + pack_name(self.name)
                + varuint32(len(self.authorization)) + auths + pack_bytes(self.data))

    @classmethod
    def read(cls, reader: Reader) -> "Action":
        account, name = reader.name(), reader.name()
        auths = [(reader.name(), reader.name()) for _ in range(reader.varuint32())]
        return cls(account, name, auths, reader.bytes())

    def to_json(self) -> dict:
        return {
            "account": self.account,
            "name": self.name,
            "authorization": [{"actor": a, "permission": p} for a, p in self.authorization],
            "data": self.data.hex(),
        }

    @classmethod
    def from_json(cls, obj: dict) -> "Action":
        auths = [(a["actor"], a["permission"]) for a in obj.get("authorization", [])]
        return cls(obj["account"], obj["name"], auths, bytes.fromhex(obj.get("data", "")))


@dataclass
class Transaction:
    expiration: int  # unix seconds
    ref_block_num: int
    ref_block_prefix: int
    actions: list[Action] = field(default_factory=list)
    context_free_actions: list[Action] = field(default_factory=list)
    max_net_usage_words: int = 0
    max_cpu_usage_ms: int = 0
    delay_sec: int = 0

    def pack(self) -> bytes:
        return (struct.pack("<IHI", self.expiration, self.ref_block_num, self.ref_block_prefix)
                + varuint32(self.max_net_usage_words) + bytes([self.max_cpu_usage_ms])
                + varuint32(self.delay_sec)
                + varuint32(len(self.context_free_actions))
                + b"".join(a.pack() for a in self.context_free_actions)
                + varuint32(len(self.actions)) + b"".join(a.pack() for a in self.actions)
                + varuint32(0))

    @classmethod
    def unpack(cls, data: bytes) -> "Transaction":
        r = Reader(data)
        expiration, ref_num, ref_prefix = r.u32(), r.u16(), r.u32()
        net, cpu, delay = r.varuint32(), r.u8(), r.varuint32()
        cfa = [Action.read(r) for _ in range(r.varuint32())]
        actions = [Action.read(r) for _ in range(r.varuint32())]
        if r.varuint32() != 0:
            raise CodecError("transaction extensions are not supported here")
        if not r.done():
            raise CodecError("trailing bytes after transaction")
        return cls(expiration, ref_num, ref_prefix, actions, cfa, net, cpu, delay)

    def to_json(self) -> dict:
        return {
            "expiration": datetime.fromtimestamp(self.expiration, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S"),
            "ref_block_num": self.ref_block_num,
            "ref_block_prefix": self.ref_block_prefix,
            "max_net_usage_words": self.max_net_usage_words,
            "max_cpu_usage_ms": self.max_cpu_usage_ms,
            "delay_sec": self.delay_sec,
            "context_free_actions": [a.to_json() for a in self.context_free_actions],
            "actions": [a.to_json() for a in self.actions],
            "transaction_extensions": [],
        }

    @classmethod
    def from_json(cls, obj: dict) -> "Transaction":
        expiration = datetime.strptime(obj["expiration"][:19], "%Y-%m-%dT%H:%M:%S")
        return cls(
            int(expiration.replace(tzinfo=timezone.utc).timestamp()),
            int(obj["ref_block_num"]), int(obj["ref_block_prefix"]),
            [Action.from_json(a) for a in obj.get("actions", [])],
            [Action.from_json(a) for a in obj.get("context_free_actions", [])],
            int(obj.get("max_net_usage_words", 0)), int(obj.get("max_cpu_usage_ms", 0)),
            int(obj.get("delay_sec", 0)),
        )

    def signing_digest(self, chain_id: str) -> bytes:
        return sha256(bytes.fromhex(chain_id) + self.pack() + bytes(32))


def tapos_from_block_id(block_id: str) -> tuple[int, int]:
    """(ref_block_num, ref_block_prefix) of a block id (hex)."""
    raw = bytes.fromhex(block_id)
    return int.from_bytes(raw[2:4], "big") & 0xFFFF, struct.unpack("<I", raw[8:12])[0]


def pack_packed_transaction(signatures: list[str], packed_trx: bytes,
                            packed_cfd: bytes = b"", compression: int = 0) -> bytes:
    """The binary `packed_transaction` the chain accepts (K1 signatures only)."""
    sigs = b"".join(b"\0" + signature_from_text(s) for s in signatures)
    return (varuint32(len(signatures)) + sigs + bytes([compression])
            + pack_bytes(packed_cfd) + pack_bytes(packed_trx))
