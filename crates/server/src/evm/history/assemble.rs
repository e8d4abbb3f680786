//! From one page of the source's transactions to the shaped rows: which contracts and
//! NFTs the page mentions (to look them up), and the domain's shaping with what the
//! lookups found.

use std::collections::{HashMap, HashSet};

use alloy_primitives::{Address, B256, U256};
use tandem_domain::history::{
    ContractInfo, KnownContracts, NftTransferRecord, ShapeContext, ShapedTransaction, SystemCoin,
    TransferEvent, shape_transaction,
};
use tandem_domain::nft::{NftDetails, NftStandard};
use tandem_evm::calls::selector;
use tandem_evm::lookup::suspect_from_log;
use tandem_evm::source::{ContractInterface, TokenStandard, TransactionRecord, TransferRecord};

use crate::evm::calls::{LookedUp, call_function};

/// What the lookups found for one page.
#[derive(Debug, Clone, Default)]
pub struct PageFacts {
    /// Contracts the page mentions, by address.
    pub contracts: HashMap<Address, ContractInfo>,
    /// ABIs (JSON text) of called contracts, to name functions.
    pub abis: HashMap<Address, String>,
    /// NFT metadata read by the domain, by collection and token id.
    pub nfts: HashMap<(Address, U256), NftDetails>,
    /// The network's wrapped token, staking vault and unstake escrow: whose native payouts
    /// rows show, and whose calls they name by what they do.
    pub known: KnownContracts,
    /// Text signatures the history service gave for selectors nothing else names.
    pub signatures: LookedUp,
}

impl PageFacts {
    /// The ABI of `to`, when known.
    #[must_use]
    pub fn abi_of(&self, to: Option<Address>) -> Option<&str> {
        to.and_then(|to| self.abis.get(&to)).map(String::as_str)
    }
}

/// The selectors of `rows` that neither the called contract's ABI nor the built-in
/// table names (to ask the history service about).
#[must_use]
pub fn unnamed_selectors(rows: &[TransactionRecord], facts: &PageFacts) -> Vec<[u8; 4]> {
    let none = LookedUp::new();
    rows.iter()
        .map(|row| &row.transaction)
        .filter(|tx| call_function(facts.abi_of(tx.to), &tx.input, &none).is_none())
        .filter_map(|tx| selector(&tx.input))
        .collect()
}

/// Every address of the page worth a contract lookup (senders, recipients, created
/// contracts, log emitters), each once, with the type its logs suggest.
#[must_use]
pub fn addresses_of(rows: &[TransactionRecord]) -> Vec<(Address, Option<ContractInterface>)> {
    let mut seen = HashSet::new();
    let mut found = Vec::new();
    let mut add = |address: Address, suspected: Option<ContractInterface>| {
        if !address.is_zero() && seen.insert(address) {
            found.push((address, suspected));
        }
    };
    for row in rows {
        let tx = &row.transaction;
        for log in &tx.logs {
            add(log.address, suspect_from_log(&log.topics));
        }
        add(tx.from, None);
        if let Some(to) = tx.to {
            add(to, None);
        }
        if let Some(created) = tx.contract_address {
            add(created, None);
        }
    }
    found
}

/// The NFT transfers of the account that belong to the page's transactions.
#[must_use]
pub fn page_nft_transfers<'a>(
    rows: &[TransactionRecord],
    transfers: &'a [TransferRecord],
) -> Vec<&'a TransferRecord> {
    let hashes: HashSet<B256> = rows.iter().map(|r| r.transaction.hash).collect();
    transfers
        .iter()
        .filter(|t| hashes.contains(&t.transaction) && t.token_id.is_some())
        .collect()
}

/// The NFT movements of the page in the form shaping wants, with names and media from
/// `facts.nfts`: every NFT transfer event of the page's logs, then the account's listed
/// transfers of those transactions that no log shows.
#[must_use]
pub fn nft_transfer_records(
    rows: &[TransactionRecord],
    transfers: &[&TransferRecord],
    facts: &PageFacts,
) -> Vec<NftTransferRecord> {
    let record = |transaction, contract, from, to, token_id, quantity, standard| {
        let details = facts.nfts.get(&(contract, token_id));
        NftTransferRecord {
            transaction,
            contract,
            from,
            to,
            token_id,
            quantity,
            standard,
            token_name: details.and_then(|d| d.name.clone()),
            media_type: details.map(|d| d.media_type).unwrap_or_default(),
            img_src: details.and_then(|d| d.img_src.clone()),
            video_src: details.and_then(|d| d.video_src.clone()),
            audio_src: details.and_then(|d| d.audio_src.clone()),
        }
    };
    let mut records = Vec::new();
    for row in rows {
        let hash = row.transaction.hash;
        for event in row.transaction.transfer_events() {
            if let TransferEvent::Nft {
                contract,
                from,
                to,
                token_id,
                quantity,
                standard,
            } = event
            {
                records.push(record(
                    hash, contract, from, to, token_id, quantity, standard,
                ));
            }
        }
    }
    for t in transfers {
        let Some(token_id) = t.token_id else { continue };
        let standard = match t.standard {
            TokenStandard::Erc1155 => NftStandard::Erc1155,
            TokenStandard::Erc721 => NftStandard::Erc721,
            TokenStandard::Erc20 => continue,
        };
        let in_logs = records.iter().any(|r| {
            r.transaction == t.transaction
                && r.contract == t.contract
                && r.token_id == token_id
                && r.from == t.from
                && r.to == t.to
        });
        if !in_logs {
            records.push(record(
                t.transaction,
                t.contract,
                t.from,
                t.to,
                token_id,
                t.amount,
                standard,
            ));
        }
    }
    records
}

/// The shaped rows of `rows` for `account`, in the page's order.
#[must_use]
pub fn shape_rows(
    account: Address,
    rows: &[TransactionRecord],
    facts: &PageFacts,
    system_coin: &SystemCoin,
    nft_transfers: &[NftTransferRecord],
) -> Vec<ShapedTransaction> {
    rows.iter()
        .map(|row| {
            let tx = &row.transaction;
            let name = call_function(facts.abi_of(tx.to), &tx.input, &facts.signatures)
                .map(|(function, _)| function.name);
            let context = ShapeContext {
                account,
                contracts: &facts.contracts,
                system_coin,
                function_name: name.as_deref(),
                nft_transfers,
                known: facts.known,
            };
            shape_transaction(tx, &context)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use alloy_primitives::keccak256;
    use tandem_domain::history::{RawLog, RawTransaction, TRANSFER_TOPIC};
    use tandem_domain::nft::MediaType;

    use super::*;

    const ALICE: Address = Address::repeat_byte(0xa1);
    const BOB: Address = Address::repeat_byte(0xb0);
    const TUSD: Address = Address::repeat_byte(0x20);
    const ART: Address = Address::repeat_byte(0x72);
    const SWAP: Address = Address::repeat_byte(0x5a);

    fn word(address: Address) -> B256 {
        address.into_word()
    }

    fn tx(hash: u8, to: Option<Address>, input: Vec<u8>, logs: Vec<RawLog>) -> TransactionRecord {
        TransactionRecord {
            block_number: u64::from(hash),
            tx_index: None,
            transaction: RawTransaction {
                hash: B256::repeat_byte(hash),
                from: ALICE,
                to,
                contract_address: None,
                value: U256::ZERO,
                gas_used: U256::from(21_000),
                gas_price: U256::from(1),
                status: "0x1".into(),
                timestamp_ms: 5_000,
                input,
                logs,
            },
        }
    }

    fn erc20_log(from: Address, to: Address) -> RawLog {
        RawLog {
            address: TUSD,
            topics: vec![TRANSFER_TOPIC, word(from), word(to)],
            data: U256::from(2_000_000).to_be_bytes::<32>().to_vec(),
        }
    }

    fn art_log(from: Address, to: Address, id: u8) -> RawLog {
        RawLog {
            address: ART,
            topics: vec![
                TRANSFER_TOPIC,
                word(from),
                word(to),
                B256::from(U256::from(id)),
            ],
            data: Vec::new(),
        }
    }

    fn transfer(hash: u8, id: u64) -> TransferRecord {
        TransferRecord {
            standard: TokenStandard::Erc721,
            contract: ART,
            from: ALICE,
            to: BOB,
            token_id: Some(U256::from(id)),
            amount: U256::from(1),
            block_number: u64::from(hash),
            transaction: B256::repeat_byte(hash),
            log_index: 0,
            timestamp_ms: 5_000,
        }
    }

    #[test]
    fn lookups_cover_every_party_once_with_suspected_types() {
        let rows = [
            tx(1, Some(TUSD), Vec::new(), vec![erc20_log(ALICE, BOB)]),
            tx(2, Some(ART), Vec::new(), vec![art_log(ALICE, BOB, 2)]),
        ];
        let found = addresses_of(&rows);
        assert_eq!(
            found,
            [
                (TUSD, Some(ContractInterface::Erc20)),
                (ALICE, None),
                (ART, Some(ContractInterface::Erc721)),
            ]
        );
    }

    #[test]
    fn rows_get_names_movements_and_nft_media() {
        let approve = keccak256("approve(address,uint256)")[..4].to_vec();
        let rows = [
            tx(1, Some(TUSD), Vec::new(), vec![erc20_log(ALICE, BOB)]),
            tx(2, Some(ART), Vec::new(), vec![art_log(ALICE, BOB, 2)]),
            tx(
                3,
                Some(SWAP),
                Vec::new(),
                vec![erc20_log(ALICE, SWAP), erc20_log(SWAP, ALICE)],
            ),
            tx(4, Some(TUSD), approve, Vec::new()),
            tx(5, Some(ART), Vec::new(), Vec::new()),
        ];
        // Tx 2's transfer is in its logs; tx 5's only in the list; tx 9 is off the page.
        let transfers = [transfer(2, 2), transfer(9, 3), transfer(5, 6)];
        let page_transfers = page_nft_transfers(&rows, &transfers);
        assert_eq!(page_transfers.len(), 2, "only the page's transactions");
        let mut facts = PageFacts::default();
        facts.contracts.insert(
            TUSD,
            ContractInfo {
                name: Some("Tandem USD".into()),
                symbol: Some("TUSD".into()),
                decimals: Some(6),
                price: None,
                nft: false,
            },
        );
        facts.contracts.insert(
            ART,
            ContractInfo {
                name: Some("Tandem Art".into()),
                nft: true,
                ..ContractInfo::default()
            },
        );
        facts.abis.insert(
            TUSD,
            r#"[{"type":"function","name":"approve","inputs":[{"type":"address"},{"type":"uint256"}]}]"#
                .into(),
        );
        facts.nfts.insert(
            (ART, U256::from(2)),
            NftDetails {
                name: Some("Waves".into()),
                media_type: MediaType::Video,
                video_src: Some("https://a/w.webm".into()),
                ..NftDetails::default()
            },
        );
        let records = nft_transfer_records(&rows, &page_transfers, &facts);
        assert_eq!(
            records.len(),
            2,
            "a listed transfer its log shows is not doubled"
        );
        let coin = SystemCoin {
            symbol: "TLOS".into(),
            price: None,
        };
        let shaped = shape_rows(ALICE, &rows, &facts, &coin, &records);
        let names: Vec<&str> = shaped.iter().map(|r| r.action_name.as_str()).collect();
        assert_eq!(names, ["send", "send", "swap", "approve", "send"]);
        assert_eq!(shaped[1].nfts_out.len(), 1);
        assert_eq!(shaped[4].nfts_out[0].token_id, "6");
        assert_eq!(shaped[0].to_pretty_name.as_deref(), Some("Tandem USD"));
        assert_eq!(shaped[0].values_out[0].amount.to_plain_string(), "2");
        assert_eq!(shaped[0].values_out[0].symbol, "TUSD");
        let nft = &shaped[1].nfts_out[0];
        assert_eq!(
            (
                nft.token_name.as_deref(),
                nft.collection_name.as_deref(),
                nft.media_type
            ),
            (Some("Waves"), Some("Tandem Art"), MediaType::Video)
        );
        assert_eq!(shaped[2].values_in.len(), 1);
    }

    #[test]
    fn unverified_contracts_get_well_known_names_and_the_abi_wins() {
        let call = |signature: &str| keccak256(signature)[..4].to_vec();
        let rows = [
            tx(
                1,
                Some(ART),
                call("setApprovalForAll(address,bool)"),
                Vec::new(),
            ),
            tx(2, Some(TUSD), call("approve(address,uint256)"), Vec::new()),
            tx(3, Some(SWAP), vec![0xde, 0xad, 0xbe, 0xef], Vec::new()),
        ];
        let mut facts = PageFacts::default();
        // A verified ABI naming the selector otherwise is believed over the table.
        facts.abis.insert(
            TUSD,
            r#"[{"type":"function","name":"approve","inputs":[{"type":"address"},{"type":"uint256"}]}]"#
                .into(),
        );
        let coin = SystemCoin {
            symbol: "TLOS".into(),
            price: None,
        };
        let shaped = shape_rows(ALICE, &rows, &facts, &coin, &[]);
        let names: Vec<&str> = shaped.iter().map(|r| r.action_name.as_str()).collect();
        assert_eq!(names, ["setApprovalForAll", "approve", "0xdeadbeef"]);
        // Only the selector nothing names is asked of the history service; its answer
        // names the row.
        assert_eq!(unnamed_selectors(&rows, &facts), [[0xde, 0xad, 0xbe, 0xef]]);
        let looked_up = call("transferAndCall(address,uint256,bytes)");
        let rows = [tx(4, Some(SWAP), looked_up.clone(), Vec::new())];
        facts.signatures.insert(
            looked_up[..4].try_into().unwrap(),
            "transferAndCall(address,uint256,bytes)".into(),
        );
        let shaped = shape_rows(ALICE, &rows, &facts, &coin, &[]);
        assert_eq!(shaped[0].action_name, "transferAndCall");
    }
}
