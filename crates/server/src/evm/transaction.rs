//! One transaction by hash, for the transaction detail view: status, block, time, the
//! parties (named when they are known contracts), the function called and its decoded
//! arguments (see [`super::calls`]), every movement of value and NFTs whoever it moved
//! between (the domain's [`describe_movements`], the internal TLOS of the network's
//! WTLOS and escrow included), and the fee with who paid it.
//!
//! Read from the source in use when it keeps transactions by hash, else (or when it
//! does not hold this one yet) from the node: `eth_getTransactionByHash`, the receipt
//! and the block. Names, prices and NFT media come from the same lookups as history
//! rows ([`super::history::lookup_facts`]).

use std::sync::Arc;

use alloy_primitives::{Address, B256, U256};
use tandem_domain::amount::Amount;
use tandem_domain::history::movements::{DescribedMovement, describe_movements};
use tandem_domain::history::{
    RawTransaction, ShapeContext, ValueMovement, fee, native_value, succeeded,
};
use tandem_domain::spam::poisoning::PoisonReason;
use tandem_evm::EvmError;
use tandem_evm::calls::{DecodedCall, decode_call};
use tandem_evm::reads::{ChainTransaction, PendingTransaction};
use tandem_evm::source::{EvmSource, SourceKind, TransactionRecord};

use super::EvmNetwork;
use super::calls::call_function;
use super::history::poisoning::poison_marks;
use super::history::{lookup_facts, nft_transfer_records};
use crate::error::ServiceError;

/// Where a transaction stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TransactionStatus {
    /// Sent, not in a block yet.
    Pending,
    /// Mined and succeeded.
    Success,
    /// Mined and reverted: it moved nothing but paid its fee.
    Failed,
}

/// A party of the transaction: its address and, for a known contract, its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Party {
    /// The address.
    pub address: Address,
    /// The contract's name, when the lookup knows it.
    pub name: Option<String>,
}

/// What the transaction cost and who paid it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaidFee {
    /// Gas used × gas price, in the system token.
    pub amount: Amount,
    /// Its fiat value, when the system token is priced.
    pub fiat_value: Option<Amount>,
    /// Gas used.
    pub gas_used: U256,
    /// Gas price in wei.
    pub gas_price: U256,
    /// Who paid: the sender.
    pub paid_by: Address,
}

/// One movement with its parties named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedMovement {
    /// The movement.
    pub movement: DescribedMovement,
    /// The giver.
    pub from: Party,
    /// The receiver.
    pub to: Party,
}

/// Everything the detail view shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransactionDetail {
    /// The hash.
    pub hash: B256,
    /// Pending, success or failed.
    pub status: TransactionStatus,
    /// The block, once mined.
    pub block_number: Option<u64>,
    /// The block time in seconds, once mined.
    pub epoch: Option<u64>,
    /// The sender.
    pub from: Party,
    /// The recipient; `None` for a contract creation.
    pub to: Option<Party>,
    /// The contract a creation made.
    pub created_contract: Option<Party>,
    /// The native value sent along (zero when none).
    pub value: ValueMovement,
    /// The function called, when the call data names one the lookups know.
    pub call: Option<DecodedCall>,
    /// The call data.
    pub input: Vec<u8>,
    /// Every movement, in order.
    pub movements: Vec<NamedMovement>,
    /// The fee, once mined.
    pub fee: Option<PaidFee>,
    /// Which source answered.
    pub source: SourceKind,
    /// Why the transaction is likely address poisoning of the account it was asked for.
    pub poisoning: Option<PoisonReason>,
}

impl EvmNetwork {
    /// The transaction `hash` described, values priced in `fiat`.
    ///
    /// # Errors
    /// [`ServiceError::TransactionNotFound`] when neither the source nor the node knows
    /// the hash; the node's failure when it does not answer.
    pub async fn transaction_detail(
        &self,
        hash: B256,
        fiat: &str,
        account: Option<Address>,
    ) -> Result<TransactionDetail, ServiceError> {
        let source = self.source();
        let held = match source.transaction(hash).await {
            Ok(found) => found,
            Err(EvmError::Unsupported { .. }) => None,
            Err(error) => {
                tracing::warn!(%hash, %error, "source failed on a transaction; reading the chain");
                None
            }
        };
        let (record, status, read_from) = match held {
            Some(record) => {
                let status = mined_status(&record.transaction);
                (record, status, source.kind())
            }
            None => match self.reader().transaction(hash).await? {
                None => return Err(ServiceError::TransactionNotFound { hash }),
                Some(ChainTransaction::Mined(record)) => {
                    let status = mined_status(&record.transaction);
                    (record, status, SourceKind::Rpc)
                }
                Some(ChainTransaction::Pending(pending)) => (
                    pending_record(pending),
                    TransactionStatus::Pending,
                    SourceKind::Rpc,
                ),
            },
        };
        Ok(self
            .describe(&source, record, status, read_from, fiat, account)
            .await)
    }

    async fn describe(
        &self,
        source: &Arc<dyn EvmSource>,
        record: TransactionRecord,
        status: TransactionStatus,
        read_from: SourceKind,
        fiat: &str,
        account: Option<Address>,
    ) -> TransactionDetail {
        let rows = [record];
        let (facts, coin) = lookup_facts(self, source, &rows, &[], fiat).await;
        let poisoning = match account {
            Some(account) => poison_marks(self, account, &rows, &facts)
                .await
                .into_iter()
                .next()
                .flatten(),
            None => None,
        };
        let nft_records = nft_transfer_records(&rows, &[], &facts);
        let [
            TransactionRecord {
                block_number,
                transaction: tx,
                ..
            },
        ] = rows;
        let party = |address: Address| Party {
            address,
            name: facts.contracts.get(&address).and_then(|c| c.name.clone()),
        };
        let context = ShapeContext {
            account: tx.from,
            contracts: &facts.contracts,
            system_coin: &coin,
            function_name: None,
            nft_transfers: &nft_records,
            known: facts.known,
        };
        let movements = describe_movements(&tx, &context)
            .into_iter()
            .map(|movement| NamedMovement {
                from: party(movement.from),
                to: party(movement.to),
                movement,
            })
            .collect();
        let call = call_function(facts.abi_of(tx.to), &tx.input, &facts.signatures)
            .map(|(function, from)| decode_call(&function, from, &tx.input));
        let mined = status != TransactionStatus::Pending;
        let paid = fee(&tx);
        TransactionDetail {
            hash: tx.hash,
            status,
            block_number: mined.then_some(block_number),
            epoch: mined.then_some(tx.timestamp_ms / 1000),
            from: party(tx.from),
            to: tx.to.map(party),
            created_contract: tx.contract_address.map(party),
            value: native_value(tx.value, &coin),
            call,
            movements,
            fee: mined.then(|| PaidFee {
                fiat_value: coin.price.and_then(|price| price.to_fiat(&paid).ok()),
                amount: paid,
                gas_used: tx.gas_used,
                gas_price: tx.gas_price,
                paid_by: tx.from,
            }),
            source: read_from,
            poisoning,
            input: tx.input,
        }
    }
}

fn mined_status(tx: &RawTransaction) -> TransactionStatus {
    if succeeded(&tx.status) {
        TransactionStatus::Success
    } else {
        TransactionStatus::Failed
    }
}

/// A pending transaction in the record's shape: no block, logs or gas used yet (its
/// status is not a success, so no movement is read from it).
fn pending_record(pending: PendingTransaction) -> TransactionRecord {
    TransactionRecord {
        block_number: 0,
        tx_index: None,
        transaction: RawTransaction {
            hash: pending.hash,
            from: pending.from,
            to: pending.to,
            contract_address: None,
            value: pending.value,
            gas_used: U256::ZERO,
            gas_price: pending.gas_price.unwrap_or_default(),
            status: "pending".to_owned(),
            timestamp_ms: 0,
            input: pending.input,
            logs: Vec::new(),
        },
    }
}
