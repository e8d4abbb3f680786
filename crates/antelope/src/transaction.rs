//! Transactions: the header with TAPOS, the binary packing the chain signs, the JSON form
//! (action data as hex) the fee sponsor returns, the signing digest and the id.
//!
//! Actions are the domain's [`Action`] (data already packed), so the fee-sponsor check
//! runs on exactly what is signed.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use tandem_domain::sponsor::{Action, PermissionLevel};

use crate::chain::types::PackedTransaction;
use crate::codec::{Reader, Writer};
use crate::error::AntelopeError;

/// How far behind the head the reference block is, and how long the transaction lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeaderOptions {
    /// Blocks behind the head for TAPOS.
    pub blocks_behind: u32,
    /// Seconds from the reference block's time to expiration.
    pub expire_seconds: u32,
}

impl HeaderOptions {
    /// The wallet's native signing parameters (spec §9): 3 blocks behind, 30 s.
    pub const NORMAL: Self = Self {
        blocks_behind: 3,
        expire_seconds: 30,
    };
    /// For a transaction sent to the fee sponsor (spec §9: 3600 s), which the user
    /// confirms before it is signed.
    pub const SPONSORED: Self = Self {
        blocks_behind: 3,
        expire_seconds: 3600,
    };
}

/// TAPOS fields of a reference block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tapos {
    /// `block_num & 0xffff`.
    pub ref_block_num: u16,
    /// u32 little-endian of block id bytes 8..12.
    pub ref_block_prefix: u32,
}

impl Tapos {
    /// TAPOS from a block id (its first 4 bytes are the block number, big-endian).
    ///
    /// # Errors
    /// [`AntelopeError::InvalidResponse`] when the id is not 32 bytes of hex.
    pub fn from_block_id(block_id: &str) -> Result<Self, AntelopeError> {
        let invalid = || AntelopeError::InvalidResponse {
            url: String::new(),
            source: format!("'{block_id}' is not a block id").into(),
        };
        let bytes = hex::decode(block_id).map_err(|_| invalid())?;
        let id: [u8; 32] = bytes.try_into().map_err(|_| invalid())?;
        let block_num = u32::from_be_bytes([id[0], id[1], id[2], id[3]]);
        Ok(Self {
            ref_block_num: u16::try_from(block_num & 0xffff).unwrap_or_default(),
            ref_block_prefix: u32::from_le_bytes([id[8], id[9], id[10], id[11]]),
        })
    }
}

/// An unsigned transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transaction {
    /// Expiration, Unix seconds.
    pub expiration: u32,
    /// TAPOS block number.
    pub ref_block_num: u16,
    /// TAPOS block prefix.
    pub ref_block_prefix: u32,
    /// NET limit in 8-byte words, 0 for none.
    pub max_net_usage_words: u32,
    /// CPU limit in ms, 0 for none.
    pub max_cpu_usage_ms: u8,
    /// Delay in seconds.
    pub delay_sec: u32,
    /// Context-free actions.
    pub context_free_actions: Vec<Action>,
    /// The actions.
    pub actions: Vec<Action>,
    /// Extensions as (type, data).
    pub transaction_extensions: Vec<(u16, Vec<u8>)>,
}

impl Transaction {
    /// A transaction of `actions` with the given TAPOS and expiration, no limits.
    #[must_use]
    pub fn new(tapos: Tapos, expiration: u32, actions: Vec<Action>) -> Self {
        Self {
            expiration,
            ref_block_num: tapos.ref_block_num,
            ref_block_prefix: tapos.ref_block_prefix,
            max_net_usage_words: 0,
            max_cpu_usage_ms: 0,
            delay_sec: 0,
            context_free_actions: Vec::new(),
            actions,
            transaction_extensions: Vec::new(),
        }
    }

    /// The chain's binary form.
    ///
    /// # Errors
    /// [`AntelopeError::InvalidTransaction`] for lengths beyond the format's limits.
    pub fn pack(&self) -> Result<Vec<u8>, AntelopeError> {
        let mut out = Writer::new();
        out.u32(self.expiration);
        out.u16(self.ref_block_num);
        out.u32(self.ref_block_prefix);
        out.varuint32(self.max_net_usage_words);
        out.u8(self.max_cpu_usage_ms);
        out.varuint32(self.delay_sec);
        pack_actions(&mut out, &self.context_free_actions)?;
        pack_actions(&mut out, &self.actions)?;
        out.varuint32(length(self.transaction_extensions.len())?);
        for (kind, data) in &self.transaction_extensions {
            out.u16(*kind);
            out.bytes(data)?;
        }
        Ok(out.into_bytes())
    }

    /// Reads the chain's binary form; trailing bytes are an error.
    ///
    /// # Errors
    /// [`AntelopeError::InvalidTransaction`].
    pub fn unpack(bytes: &[u8]) -> Result<Self, AntelopeError> {
        let mut input = Reader::new(bytes);
        let mut transaction = Self {
            expiration: input.u32()?,
            ref_block_num: input.u16()?,
            ref_block_prefix: input.u32()?,
            max_net_usage_words: input.varuint32()?,
            max_cpu_usage_ms: input.u8()?,
            delay_sec: input.varuint32()?,
            context_free_actions: unpack_actions(&mut input)?,
            actions: unpack_actions(&mut input)?,
            transaction_extensions: Vec::new(),
        };
        for _ in 0..input.count()? {
            let kind = input.u16()?;
            transaction
                .transaction_extensions
                .push((kind, input.bytes()?.to_vec()));
        }
        if !input.is_empty() {
            return Err(AntelopeError::InvalidTransaction(
                "trailing bytes after the transaction".into(),
            ));
        }
        Ok(transaction)
    }

    /// The id: SHA-256 of the packed transaction, in hex.
    ///
    /// # Errors
    /// As [`Transaction::pack`].
    pub fn id(&self) -> Result<String, AntelopeError> {
        Ok(hex::encode(Sha256::digest(self.pack()?)))
    }

    /// The digest signers sign: SHA-256 of chain id, packed transaction and the
    /// context-free data hash (32 zero bytes when there is none, as here).
    ///
    /// # Errors
    /// [`AntelopeError::InvalidTransaction`] for a chain id that is not 32 bytes of hex.
    pub fn signing_digest(&self, chain_id: &str) -> Result<[u8; 32], AntelopeError> {
        let chain = hex::decode(chain_id)
            .ok()
            .filter(|bytes| bytes.len() == 32)
            .ok_or_else(|| {
                AntelopeError::InvalidTransaction(format!("bad chain id '{chain_id}'"))
            })?;
        let digest = Sha256::new()
            .chain_update(chain)
            .chain_update(self.pack()?)
            .chain_update([0u8; 32])
            .finalize();
        Ok(digest.into())
    }

    /// The packed form with signatures, as `push_transaction` and the sponsor take it.
    ///
    /// # Errors
    /// As [`Transaction::pack`].
    pub fn to_packed(&self, signatures: Vec<String>) -> Result<PackedTransaction, AntelopeError> {
        Ok(PackedTransaction {
            signatures,
            compression: 0,
            packed_context_free_data: String::new(),
            packed_trx: hex::encode(self.pack()?),
        })
    }

    /// Reads a packed transaction (hex, uncompressed).
    ///
    /// # Errors
    /// [`AntelopeError::InvalidTransaction`] for compression, bad hex or bad bytes.
    pub fn from_packed(packed: &PackedTransaction) -> Result<Self, AntelopeError> {
        if packed.compression != 0 {
            return Err(AntelopeError::InvalidTransaction(
                "compressed transactions are not supported".into(),
            ));
        }
        if !packed.packed_context_free_data.is_empty() {
            return Err(AntelopeError::InvalidTransaction(
                "context-free data is not supported".into(),
            ));
        }
        let bytes = hex::decode(&packed.packed_trx)
            .map_err(|error| AntelopeError::InvalidTransaction(format!("packed_trx: {error}")))?;
        Self::unpack(&bytes)
    }
}

fn length(count: usize) -> Result<u32, AntelopeError> {
    u32::try_from(count).map_err(|_| AntelopeError::InvalidTransaction("too many items".into()))
}

fn pack_actions(out: &mut Writer, actions: &[Action]) -> Result<(), AntelopeError> {
    out.varuint32(length(actions.len())?);
    for action in actions {
        out.u64(action.account.as_u64());
        out.u64(action.name.as_u64());
        out.varuint32(length(action.authorization.len())?);
        for level in &action.authorization {
            out.u64(level.actor.as_u64());
            out.u64(level.permission.as_u64());
        }
        out.bytes(&action.data)?;
    }
    Ok(())
}

fn unpack_actions(input: &mut Reader<'_>) -> Result<Vec<Action>, AntelopeError> {
    let name = |input: &mut Reader<'_>| input.u64().map(tandem_domain::antelope::Name::from_u64);
    let mut actions = Vec::new();
    for _ in 0..input.count()? {
        let account = name(input)?;
        let action_name = name(input)?;
        let mut authorization = Vec::new();
        for _ in 0..input.count()? {
            authorization.push(PermissionLevel {
                actor: name(input)?,
                permission: name(input)?,
            });
        }
        actions.push(Action {
            account,
            name: action_name,
            authorization,
            data: input.bytes()?.to_vec(),
        });
    }
    Ok(actions)
}

/// An action as the sponsor and the chain write it in JSON, data in hex.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct ActionJson {
    /// Contract.
    pub account: String,
    /// Action name.
    pub name: String,
    /// Authorisations.
    pub authorization: Vec<crate::chain::types::PermissionLevelJson>,
    /// Packed data in hex.
    pub data: String,
}

/// A transaction in the chain's JSON form (expiration as UTC text, data as hex).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
pub struct TransactionJson {
    /// `YYYY-MM-DDTHH:MM:SS`.
    pub expiration: String,
    /// TAPOS block number.
    #[serde(deserialize_with = "crate::lenient::u32_any")]
    pub ref_block_num: u32,
    /// TAPOS prefix.
    #[serde(deserialize_with = "crate::lenient::u32_any")]
    pub ref_block_prefix: u32,
    /// NET limit.
    #[serde(default, deserialize_with = "crate::lenient::u32_any")]
    pub max_net_usage_words: u32,
    /// CPU limit.
    #[serde(default, deserialize_with = "crate::lenient::u32_any")]
    pub max_cpu_usage_ms: u32,
    /// Delay.
    #[serde(default, deserialize_with = "crate::lenient::u32_any")]
    pub delay_sec: u32,
    /// Context-free actions.
    #[serde(default, deserialize_with = "crate::lenient::vec_or_null")]
    pub context_free_actions: Vec<ActionJson>,
    /// Actions.
    pub actions: Vec<ActionJson>,
    /// Extensions are not supported in JSON; they must be empty.
    #[serde(default, deserialize_with = "crate::lenient::vec_or_null")]
    pub transaction_extensions: Vec<serde_json::Value>,
}

fn action_from_json(action: &ActionJson) -> Result<Action, AntelopeError> {
    let name = |text: &str| text.parse().map_err(AntelopeError::from);
    let authorization = action
        .authorization
        .iter()
        .map(|level| {
            Ok(PermissionLevel {
                actor: name(&level.actor)?,
                permission: name(&level.permission)?,
            })
        })
        .collect::<Result<_, AntelopeError>>()?;
    Ok(Action {
        account: name(&action.account)?,
        name: name(&action.name)?,
        authorization,
        data: hex::decode(&action.data).map_err(|error| {
            AntelopeError::InvalidTransaction(format!("action data is not hex: {error}"))
        })?,
    })
}

fn action_to_json(action: &Action) -> ActionJson {
    ActionJson {
        account: action.account.to_string(),
        name: action.name.to_string(),
        authorization: action
            .authorization
            .iter()
            .map(|level| crate::chain::types::PermissionLevelJson {
                actor: level.actor.to_string(),
                permission: level.permission.to_string(),
            })
            .collect(),
        data: hex::encode(&action.data),
    }
}

impl TryFrom<&TransactionJson> for Transaction {
    type Error = AntelopeError;

    fn try_from(json: &TransactionJson) -> Result<Self, AntelopeError> {
        let invalid =
            |what: &str| AntelopeError::InvalidTransaction(format!("{what} out of range"));
        if !json.transaction_extensions.is_empty() {
            return Err(AntelopeError::InvalidTransaction(
                "transaction extensions are not supported".into(),
            ));
        }
        let expiration = crate::time::parse_millis(&json.expiration)
            .map_err(|_| {
                AntelopeError::InvalidTransaction(format!("bad expiration '{}'", json.expiration))
            })?
            .div_euclid(1000);
        let actions = |list: &[ActionJson]| {
            list.iter()
                .map(action_from_json)
                .collect::<Result<Vec<_>, _>>()
        };
        Ok(Self {
            expiration: u32::try_from(expiration).map_err(|_| invalid("expiration"))?,
            ref_block_num: u16::try_from(json.ref_block_num)
                .map_err(|_| invalid("ref_block_num"))?,
            ref_block_prefix: json.ref_block_prefix,
            max_net_usage_words: json.max_net_usage_words,
            max_cpu_usage_ms: u8::try_from(json.max_cpu_usage_ms)
                .map_err(|_| invalid("max_cpu_usage_ms"))?,
            delay_sec: json.delay_sec,
            context_free_actions: actions(&json.context_free_actions)?,
            actions: actions(&json.actions)?,
            transaction_extensions: Vec::new(),
        })
    }
}

impl From<&Transaction> for TransactionJson {
    fn from(transaction: &Transaction) -> Self {
        Self {
            expiration: crate::time::format_seconds(i64::from(transaction.expiration)),
            ref_block_num: u32::from(transaction.ref_block_num),
            ref_block_prefix: transaction.ref_block_prefix,
            max_net_usage_words: transaction.max_net_usage_words,
            max_cpu_usage_ms: u32::from(transaction.max_cpu_usage_ms),
            delay_sec: transaction.delay_sec,
            context_free_actions: transaction
                .context_free_actions
                .iter()
                .map(action_to_json)
                .collect(),
            actions: transaction.actions.iter().map(action_to_json).collect(),
            transaction_extensions: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests;
