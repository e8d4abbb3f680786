"""K1 keys and signatures with the pure-Python `ecdsa` package, independent of the chain.

Keys are derived from a seed phrase and the account name, so every run of the devnet has the
same keys. Signatures are canonical (what Antelope nodes accept) and carry the recovery id.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from ecdsa import SECP256k1, SigningKey, VerifyingKey
from ecdsa.util import sigdecode_string, sigencode_strings_canonize

from . import codec

SEED_PHRASE = "tandem-native-devnet"


@dataclass(frozen=True)
class KeyPair:
    private_key: str  # WIF
    public_key: str  # legacy EOS… form, as the chain API prints it

    @classmethod
    def derive(cls, label: str) -> "KeyPair":
        """The devnet's deterministic key for `label` (an account or role name)."""
        secret = hashlib.sha256(f"{SEED_PHRASE}/{label}".encode()).digest()
        return cls.from_secret(secret)

    @classmethod
    def from_secret(cls, secret: bytes) -> "KeyPair":
        signing = SigningKey.from_string(secret, curve=SECP256k1)
        compressed = signing.get_verifying_key().to_string("compressed")
        return cls(codec.wif_encode(secret), codec.public_key_to_legacy(compressed))

    @classmethod
    def from_wif(cls, wif: str) -> "KeyPair":
        return cls.from_secret(codec.wif_decode(wif))


def _is_canonical(sig65: bytes) -> bool:
    r, s = sig65[1:33], sig65[33:65]
    return not (r[0] & 0x80) and not (r[0] == 0 and not r[1] & 0x80) \
        and not (s[0] & 0x80) and not (s[0] == 0 and not s[1] & 0x80)


def sign_digest(digest: bytes, wif: str) -> str:
    """A canonical `SIG_K1_…` signature of a 32-byte digest."""
    signing = SigningKey.from_string(codec.wif_decode(wif), curve=SECP256k1)
    own = signing.get_verifying_key().to_string("compressed")
    for attempt in range(256):
        r, s = signing.sign_digest_deterministic(
            digest, hashfunc=hashlib.sha256, sigencode=sigencode_strings_canonize,
            extra_entropy=attempt.to_bytes(4, "big") if attempt else b"")
        candidates = VerifyingKey.from_public_key_recovery_with_digest(
            r + s, digest, SECP256k1, hashfunc=hashlib.sha256, sigdecode=sigdecode_string)
        recovery = [c.to_string("compressed") for c in candidates].index(own)
        sig65 = bytes([27 + 4 + recovery]) + r + s
        if _is_canonical(sig65):
            return codec.signature_to_text(sig65)
    raise RuntimeError("no canonical signature found")


def sign_transaction(trx: codec.Transaction, chain_id: str, wifs: list[str]) -> list[str]:
    digest = trx.signing_digest(chain_id)
    return [sign_digest(digest, wif) for wif in wifs]
