//! Public keys, private keys and signatures in the chain's text forms:
//! `EOS…` (legacy) and `PUB_K1_…` / `PUB_R1_…` public keys, WIF and `PVT_K1_…` private
//! keys, `SIG_K1_…` signatures, each with its checksum verified.
//!
//! Signing (feature `signing`) produces the canonical signatures nodes accept; it exists
//! for tests and the devnet wallet. The server never signs for users.

use ripemd::Ripemd160;
use sha2::{Digest, Sha256};

use crate::error::AntelopeError;

/// The curve of a key, as the chain numbers it in binary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KeyType {
    /// secp256k1.
    K1 = 0,
    /// secp256r1.
    R1 = 1,
}

impl KeyType {
    fn suffix(self) -> &'static str {
        match self {
            Self::K1 => "K1",
            Self::R1 => "R1",
        }
    }
}

/// A compressed public key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PublicKey {
    /// The curve.
    pub key_type: KeyType,
    /// The compressed point.
    pub data: [u8; 33],
}

/// A 65-byte recoverable signature (`recovery + 31`, r, s).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Signature {
    /// The curve.
    pub key_type: KeyType,
    /// The signature bytes.
    pub data: [u8; 65],
}

fn invalid(what: &str, text: &str) -> AntelopeError {
    AntelopeError::InvalidKey(format!("'{text}' is not a valid {what}"))
}

fn ripemd_checksum(data: &[u8], suffix: &str) -> [u8; 4] {
    let digest = Ripemd160::new()
        .chain_update(data)
        .chain_update(suffix.as_bytes())
        .finalize();
    [digest[0], digest[1], digest[2], digest[3]]
}

fn encode_checked(data: &[u8], suffix: &str) -> String {
    let checksum = ripemd_checksum(data, suffix);
    bs58::encode([data, &checksum].concat()).into_string()
}

/// Decodes base58 with a 4-byte RIPEMD-160 checksum into exactly `N` bytes.
fn decode_checked<const N: usize>(body: &str, suffix: &str) -> Option<[u8; N]> {
    let bytes = bs58::decode(body).into_vec().ok()?;
    if bytes.len() != N + 4 {
        return None;
    }
    let (data, checksum) = bytes.split_at(N);
    (ripemd_checksum(data, suffix) == checksum).then(|| data.try_into().ok())?
}

impl PublicKey {
    /// The legacy `EOS…` form nodes print for K1 keys; the `PUB_R1_…` form otherwise.
    #[must_use]
    pub fn to_legacy_string(&self) -> String {
        match self.key_type {
            KeyType::K1 => format!("EOS{}", encode_checked(&self.data, "")),
            KeyType::R1 => self.to_string(),
        }
    }
}

impl std::str::FromStr for PublicKey {
    type Err = AntelopeError;

    fn from_str(text: &str) -> Result<Self, AntelopeError> {
        let parsed = if let Some(body) = text.strip_prefix("PUB_K1_") {
            decode_checked(body, "K1").map(|data| (KeyType::K1, data))
        } else if let Some(body) = text.strip_prefix("PUB_R1_") {
            decode_checked(body, "R1").map(|data| (KeyType::R1, data))
        } else {
            text.strip_prefix("EOS")
                .and_then(|body| decode_checked(body, ""))
                .map(|data| (KeyType::K1, data))
        };
        parsed
            .map(|(key_type, data)| Self { key_type, data })
            .ok_or_else(|| invalid("public key", text))
    }
}

impl std::fmt::Display for PublicKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let suffix = self.key_type.suffix();
        write!(f, "PUB_{suffix}_{}", encode_checked(&self.data, suffix))
    }
}

impl std::str::FromStr for Signature {
    type Err = AntelopeError;

    fn from_str(text: &str) -> Result<Self, AntelopeError> {
        let parsed = if let Some(body) = text.strip_prefix("SIG_K1_") {
            decode_checked(body, "K1").map(|data| (KeyType::K1, data))
        } else if let Some(body) = text.strip_prefix("SIG_R1_") {
            decode_checked(body, "R1").map(|data| (KeyType::R1, data))
        } else {
            None
        };
        parsed
            .map(|(key_type, data)| Self { key_type, data })
            .ok_or_else(|| invalid("signature", text))
    }
}

impl std::fmt::Display for Signature {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let suffix = self.key_type.suffix();
        write!(f, "SIG_{suffix}_{}", encode_checked(&self.data, suffix))
    }
}

/// A K1 private key. Its `Debug` form hides the secret.
#[derive(Clone, PartialEq, Eq)]
pub struct PrivateKey {
    secret: [u8; 32],
}

impl std::fmt::Debug for PrivateKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PrivateKey(…)")
    }
}

impl std::str::FromStr for PrivateKey {
    type Err = AntelopeError;

    /// Reads a legacy WIF (`5…`) or a `PVT_K1_…` key.
    fn from_str(text: &str) -> Result<Self, AntelopeError> {
        if let Some(body) = text.strip_prefix("PVT_K1_") {
            return decode_checked(body, "K1")
                .map(|secret| Self { secret })
                .ok_or_else(|| invalid("private key", "PVT_K1_…"));
        }
        let bytes = bs58::decode(text)
            .into_vec()
            .map_err(|_| invalid("private key", "(WIF)"))?;
        let [0x80, rest @ ..] = bytes.as_slice() else {
            return Err(invalid("private key", "(WIF)"));
        };
        if rest.len() != 36 {
            return Err(invalid("private key", "(WIF)"));
        }
        let (secret, checksum) = rest.split_at(32);
        let digest = Sha256::digest(
            Sha256::new()
                .chain_update([0x80])
                .chain_update(secret)
                .finalize(),
        );
        if digest[..4] != *checksum {
            return Err(invalid("private key", "(WIF checksum)"));
        }
        let secret = secret
            .try_into()
            .map_err(|_| invalid("private key", "(WIF)"))?;
        Ok(Self { secret })
    }
}

#[cfg(feature = "signing")]
mod signing {
    use k256::ecdsa::hazmat::SignPrimitive;
    use k256::ecdsa::{RecoveryId, SigningKey, VerifyingKey};

    use super::{KeyType, PrivateKey, PublicKey, Signature};
    use crate::error::AntelopeError;

    /// Nodes accept only signatures whose r and s both read as positive 32-byte numbers.
    fn is_canonical(signature: &[u8; 64]) -> bool {
        let positive = |part: &[u8]| part[0] & 0x80 == 0 && !(part[0] == 0 && part[1] & 0x80 == 0);
        positive(&signature[..32]) && positive(&signature[32..])
    }

    impl PrivateKey {
        fn signing_key(&self) -> Result<SigningKey, AntelopeError> {
            SigningKey::from_bytes(&self.secret.into())
                .map_err(|_| AntelopeError::InvalidKey("private key out of range".into()))
        }

        /// The matching public key.
        ///
        /// # Errors
        /// [`AntelopeError::InvalidKey`] when the secret is not a valid scalar.
        pub fn public_key(&self) -> Result<PublicKey, AntelopeError> {
            let point = self.signing_key()?.verifying_key().to_encoded_point(true);
            let data = point
                .as_bytes()
                .try_into()
                .map_err(|_| AntelopeError::InvalidKey("bad public point".into()))?;
            Ok(PublicKey {
                key_type: KeyType::K1,
                data,
            })
        }

        /// A canonical recoverable signature of a 32-byte digest (RFC 6979 nonces, with
        /// a counter as extra data until the signature is canonical).
        ///
        /// # Errors
        /// [`AntelopeError::InvalidKey`] when no canonical signature is found.
        pub fn sign_digest(&self, digest: &[u8; 32]) -> Result<Signature, AntelopeError> {
            let key = self.signing_key()?;
            let own = *key.verifying_key();
            let scalar = key.as_nonzero_scalar();
            for attempt in 0u32..256 {
                let extra = if attempt == 0 {
                    Vec::new()
                } else {
                    attempt.to_be_bytes().to_vec()
                };
                let Ok((signature, _)) =
                    scalar.try_sign_prehashed_rfc6979::<sha2::Sha256>(&(*digest).into(), &extra)
                else {
                    continue;
                };
                let signature = signature.normalize_s().unwrap_or(signature);
                let compact: [u8; 64] = signature.to_bytes().into();
                if !is_canonical(&compact) {
                    continue;
                }
                let recovery = (0u8..4).find(|id| {
                    RecoveryId::from_byte(*id)
                        .and_then(|id| {
                            VerifyingKey::recover_from_prehash(digest, &signature, id).ok()
                        })
                        .is_some_and(|recovered| recovered == own)
                });
                if let Some(recovery) = recovery {
                    let mut data = [0u8; 65];
                    data[0] = 31 + recovery;
                    data[1..].copy_from_slice(&compact);
                    return Ok(Signature {
                        key_type: KeyType::K1,
                        data,
                    });
                }
            }
            Err(AntelopeError::InvalidKey(
                "no canonical signature found".into(),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // A devnet key pair (devnet/native derives them from public seeds).
    const WIF: &str = "5JjATd9XZkLtvdH1zzBdfB52F6ZNewxJxaBtrJLCqsZ3X9zkuCE";
    const LEGACY: &str = "EOS82MdT6BLQtLajZQYwbDzY1isEQGbEvgDbyGJUxE6LryYyaLHp7";

    #[test]
    fn public_keys_round_trip_between_forms() {
        let key: PublicKey = LEGACY.parse().unwrap();
        assert_eq!(key.to_legacy_string(), LEGACY);
        let modern = key.to_string();
        assert!(modern.starts_with("PUB_K1_"));
        assert_eq!(modern.parse::<PublicKey>().unwrap(), key);
        let mut broken = LEGACY.to_owned();
        broken.replace_range(10..11, if &LEGACY[10..11] == "a" { "b" } else { "a" });
        for bad in [broken.as_str(), "EOS", "PUB_K1_x", "hello", "PUB_WA_abc"] {
            assert_eq!(
                bad.parse::<PublicKey>().unwrap_err().code(),
                "antelope.key.invalid"
            );
        }
    }

    #[test]
    fn private_keys_parse_and_hide_their_secret() {
        let key: PrivateKey = WIF.parse().unwrap();
        assert_eq!(format!("{key:?}"), "PrivateKey(…)");
        assert!(
            "5JjATd9XZkLtvdH1zzBdfB52F6ZNewxJxaBtrJLCqsZ3X9zkuCF"
                .parse::<PrivateKey>()
                .is_err()
        );
        assert!("not a key".parse::<PrivateKey>().is_err());
    }

    #[cfg(feature = "signing")]
    #[test]
    fn signatures_are_canonical_and_recover_the_key() {
        let key: PrivateKey = WIF.parse().unwrap();
        assert_eq!(key.public_key().unwrap().to_legacy_string(), LEGACY);
        for seed in 0u8..20 {
            let digest: [u8; 32] = Sha256::digest([seed]).into();
            let signature = key.sign_digest(&digest).unwrap();
            let text = signature.to_string();
            assert_eq!(text.parse::<Signature>().unwrap(), signature);
            assert!((31..35).contains(&signature.data[0]));
        }
    }
}
