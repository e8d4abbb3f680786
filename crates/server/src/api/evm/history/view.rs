//! The history row as sent (spec §3 "Shaped EVM transaction row"): the domain's shaped
//! row with amounts as exact decimal text, typed for the OpenAPI document.

use serde::Serialize;
use tandem_domain::history::{NftMovement, RowAction, ShapedTransaction, ValueMovement};
use tandem_domain::spam::poisoning::PoisonReason;
use utoipa::ToSchema;

use crate::api::evm::nfts::view::{MediaKind, NftInterface};
use crate::evm::history::grants::LiveGrant;

/// A fungible movement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ValueMovementView {
    /// Exact amount in whole tokens.
    pub amount: String,
    /// Token symbol.
    pub symbol: String,
    /// Fiat value (18 decimals), when priced.
    pub fiat_value: Option<String>,
    /// Token contract (EIP-55); none for the native coin.
    pub contract: Option<String>,
    /// The other party of this movement (EIP-55): the recipient of what the account
    /// sent, the sender of what it received.
    pub counterparty: String,
}

/// An NFT movement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NftMovementView {
    /// How many, decimal.
    pub quantity: String,
    /// Token id, decimal.
    pub token_id: String,
    /// Token name from its metadata, when known.
    pub token_name: Option<String>,
    /// Collection contract (EIP-55).
    pub collection_address: String,
    /// Collection name, when known.
    pub collection_name: Option<String>,
    /// Media kind.
    #[serde(rename = "type")]
    pub media_type: MediaKind,
    /// ERC-721 or ERC-1155.
    pub nft_interface: NftInterface,
    /// Picture.
    pub img_src: Option<String>,
    /// Video.
    pub video_src: Option<String>,
    /// Audio.
    pub audio_src: Option<String>,
    /// The other party of this movement (EIP-55).
    pub counterparty: String,
}

/// One row of the history table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransactionRowView {
    /// Transaction hash.
    pub id: String,
    /// Block time, seconds since the epoch.
    pub epoch: u64,
    /// `send`, `receive`, `swap`, `selfTransfer` (movements listed once, in `valuesOut`
    /// / `nftsOut`), `contractCreation`, the function name (from the contract's ABI or
    /// the built-in table of well-known functions), or its selector.
    pub action_name: String,
    /// What the row did, as a person would name it: a send, a stake, an approval of what
    /// to whom, a revoke… (the app words it).
    pub action: RowAction,
    /// The party the value went to or came from (EIP-55): a token's recipient or sender
    /// (never the token itself), an approval's spender, else the contract called.
    pub counterparty: Option<String>,
    /// The counterparty's contract name, if known.
    pub counterparty_name: Option<String>,
    /// Sender (EIP-55).
    pub from: String,
    /// Sender's contract name, if any.
    pub from_pretty_name: Option<String>,
    /// Recipient (EIP-55); none for a contract creation.
    pub to: Option<String>,
    /// Recipient's contract name, if any.
    pub to_pretty_name: Option<String>,
    /// Fungible value received.
    pub values_in: Vec<ValueMovementView>,
    /// Fungible value sent.
    pub values_out: Vec<ValueMovementView>,
    /// NFTs received.
    pub nfts_in: Vec<NftMovementView>,
    /// NFTs sent.
    pub nfts_out: Vec<NftMovementView>,
    /// Fee (gas used × gas price) in the system token; only on rows the account sent
    /// (the sender pays the fee).
    pub gas_used: Option<String>,
    /// The fee in fiat, when the account paid it and it is priced.
    pub gas_fiat_value: Option<String>,
    /// True when the transaction reverted (it then carries no movements).
    pub failed: bool,
    /// The approval this transaction granted, when it is still in force: it can be
    /// revoked (the approvals list's row of the same `id`).
    pub live_approval: Option<LiveApprovalView>,
    /// Set when the row is likely address poisoning (issue 37): planted so that the
    /// account copies a look-alike address or mistakes a fake token for its own. Nothing
    /// in such a row left the account.
    pub poisoning: Option<PoisoningView>,
}

/// Why a row is likely address poisoning.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PoisoningView {
    /// `zero_value_transfer_from` (someone else moved 0 of the account's tokens "from"
    /// it), `lookalike_dust` (a tiny amount from an address made to look like one the
    /// account paid) or `fake_token` (an unlisted token imitating a real one's symbol).
    pub reason: String,
    /// The address (EIP-55) it imitates: the account's earlier recipient, or the real
    /// token's contract.
    pub imitates: Option<String>,
}

impl From<PoisonReason> for PoisoningView {
    fn from(reason: PoisonReason) -> Self {
        let imitates = match reason {
            PoisonReason::ZeroValueTransferFrom => None,
            PoisonReason::LookalikeDust { imitates } | PoisonReason::FakeToken { imitates } => {
                Some(imitates.to_checksum(None))
            }
        };
        Self {
            reason: reason.code().to_owned(),
            imitates,
        }
    }
}

/// An approval a history row granted that is still in force.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LiveApprovalView {
    /// The approvals list's id (`spender-token[-tokenId]`).
    pub id: String,
    /// Every token of a collection (an operator) rather than an allowance or one token.
    pub operator: bool,
}

impl From<&LiveGrant> for LiveApprovalView {
    fn from(grant: &LiveGrant) -> Self {
        Self {
            id: grant.id.to_string(),
            operator: grant.operator,
        }
    }
}

/// A movement as sent.
pub fn value(movement: &ValueMovement) -> ValueMovementView {
    ValueMovementView {
        amount: movement.amount.to_plain_string(),
        symbol: movement.symbol.clone(),
        fiat_value: movement.fiat_value.map(|f| f.to_plain_string()),
        contract: movement.contract.clone(),
        counterparty: movement.counterparty.clone(),
    }
}

/// An NFT movement as sent.
pub fn nft(movement: &NftMovement) -> NftMovementView {
    NftMovementView {
        quantity: movement.quantity.clone(),
        token_id: movement.token_id.clone(),
        token_name: movement.token_name.clone(),
        collection_address: movement.collection_address.clone(),
        collection_name: movement.collection_name.clone(),
        media_type: movement.media_type.into(),
        nft_interface: movement.nft_interface.into(),
        img_src: movement.img_src.clone(),
        video_src: movement.video_src.clone(),
        audio_src: movement.audio_src.clone(),
        counterparty: movement.counterparty.clone(),
    }
}

impl From<&ShapedTransaction> for TransactionRowView {
    fn from(row: &ShapedTransaction) -> Self {
        Self {
            id: row.id.clone(),
            epoch: row.epoch,
            action_name: row.action_name.clone(),
            action: row.action.clone(),
            counterparty: row.counterparty.clone(),
            counterparty_name: row.counterparty_name.clone(),
            from: row.from.clone(),
            from_pretty_name: row.from_pretty_name.clone(),
            to: row.to.clone(),
            to_pretty_name: row.to_pretty_name.clone(),
            values_in: row.values_in.iter().map(value).collect(),
            values_out: row.values_out.iter().map(value).collect(),
            nfts_in: row.nfts_in.iter().map(nft).collect(),
            nfts_out: row.nfts_out.iter().map(nft).collect(),
            gas_used: row.gas_used.map(|gas| gas.to_plain_string()),
            gas_fiat_value: row.gas_fiat_value.map(|f| f.to_plain_string()),
            failed: row.failed,
            live_approval: None,
            poisoning: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use alloy_primitives::U256;
    use tandem_domain::amount::Amount;
    use tandem_domain::nft::{MediaType, NftStandard};

    use super::*;

    #[test]
    fn the_view_serialises_as_the_domain_row() {
        let amount = |raw: u64, decimals| Amount::new(U256::from(raw), decimals).unwrap();
        let row = ShapedTransaction {
            id: "0xab".into(),
            epoch: 7,
            action_name: "swap".into(),
            action: RowAction::Swap,
            counterparty: Some("0x02".into()),
            counterparty_name: Some("Swap".into()),
            from: "0x01".into(),
            from_pretty_name: None,
            to: Some("0x02".into()),
            to_pretty_name: Some("Swap".into()),
            values_in: vec![ValueMovement {
                amount: amount(250, 0),
                symbol: "GEMS".into(),
                fiat_value: Some(amount(125, 1)),
                contract: Some("0x20".into()),
                counterparty: "0x5a".into(),
            }],
            values_out: Vec::new(),
            nfts_in: Vec::new(),
            nfts_out: vec![NftMovement {
                quantity: "1".into(),
                token_id: "2".into(),
                token_name: Some("Waves".into()),
                collection_address: "0x72".into(),
                collection_name: None,
                media_type: MediaType::Video,
                nft_interface: NftStandard::Erc721,
                img_src: None,
                video_src: Some("https://a/w.webm".into()),
                audio_src: None,
                counterparty: "0x5a".into(),
            }],
            gas_used: Some(amount(21, 6)),
            gas_fiat_value: None,
            failed: false,
        };
        let domain = serde_json::to_value(&row).unwrap();
        let mut view = serde_json::to_value(TransactionRowView::from(&row)).unwrap();
        assert_eq!(view["liveApproval"], serde_json::Value::Null);
        view.as_object_mut().unwrap().remove("liveApproval");
        // Nor does the poisoning mark, judged for an account beside the shaping.
        assert_eq!(view["poisoning"], serde_json::Value::Null);
        view.as_object_mut().unwrap().remove("poisoning");
        assert_eq!(view, domain);
        assert_eq!(view["valuesIn"][0]["fiatValue"], "12.5");
        assert_eq!(view["nftsOut"][0]["type"], "video");
    }
}
