use std::collections::HashMap;

use alloy_primitives::{Address, B256, U256};

use super::*;
use crate::history::KnownContracts;
use crate::history::payouts::{WITHDRAWAL_TOPIC, WITHDRAWN_TOPIC};
use crate::history::{TRANSFER_SINGLE_TOPIC, TRANSFER_TOPIC};

const ME: Address = Address::repeat_byte(0xaa);
const OTHER: Address = Address::repeat_byte(0xbb);
const TOKEN_A: Address = Address::repeat_byte(0x0a);
const TOKEN_B: Address = Address::repeat_byte(0x0b);
const COLLECTION: Address = Address::repeat_byte(0xc0);
const WTLOS: Address = Address::repeat_byte(0x77);
const ESCROW: Address = Address::repeat_byte(0xe5);

fn tlos(raw: u64) -> U256 {
    U256::from(raw) * U256::from(10u64.pow(14)) // raw in 1/10000 TLOS
}

fn tx() -> RawTransaction {
    RawTransaction {
        hash: B256::repeat_byte(0x11),
        from: ME,
        to: Some(OTHER),
        contract_address: None,
        value: U256::ZERO,
        gas_used: U256::from(21_000u32),
        gas_price: U256::from(500_000_000_000u64),
        status: "0x1".into(),
        timestamp_ms: 1_700_000_000_999,
        input: vec![],
        logs: vec![],
    }
}

fn erc20_log(token: Address, from: Address, to: Address, value: u64) -> RawLog {
    RawLog {
        address: token,
        topics: vec![TRANSFER_TOPIC, from.into_word(), to.into_word()],
        data: U256::from(value).to_be_bytes::<32>().to_vec(),
    }
}

fn nft_log(from: Address, to: Address, id: u64) -> RawLog {
    RawLog {
        address: COLLECTION,
        topics: vec![
            TRANSFER_TOPIC,
            from.into_word(),
            to.into_word(),
            B256::from(U256::from(id)),
        ],
        data: vec![],
    }
}

fn contracts() -> HashMap<Address, ContractInfo> {
    let price = |p: &str| Some(MarketPrice::from_decimal_str(p, 0).unwrap());
    HashMap::from([
        (
            TOKEN_A,
            ContractInfo {
                name: Some("Token A".into()),
                symbol: Some("TKA".into()),
                decimals: Some(6),
                price: price("2"),
                nft: false,
            },
        ),
        (
            TOKEN_B,
            ContractInfo {
                name: None,
                symbol: Some("TKB".into()),
                decimals: None,
                price: None,
                nft: false,
            },
        ),
        (
            OTHER,
            ContractInfo {
                name: Some("Swap Router".into()),
                ..ContractInfo::default()
            },
        ),
        (
            COLLECTION,
            ContractInfo {
                name: Some("Pairs".into()),
                nft: true,
                ..ContractInfo::default()
            },
        ),
    ])
}

fn coin() -> SystemCoin {
    SystemCoin {
        symbol: "TLOS".into(),
        price: Some(MarketPrice::from_decimal_str("0.5", 0).unwrap()),
    }
}

fn record(from: Address, to: Address, id: u64) -> NftTransferRecord {
    NftTransferRecord {
        transaction: B256::repeat_byte(0x11),
        contract: COLLECTION,
        from,
        to,
        token_id: U256::from(id),
        quantity: U256::from(1u8),
        standard: NftStandard::Erc721,
        token_name: Some(format!("Pair #{id}")),
        media_type: MediaType::Image,
        img_src: Some(format!("https://img/{id}.png")),
        video_src: None,
        audio_src: None,
    }
}

fn shape(
    tx: &RawTransaction,
    function_name: Option<&str>,
    records: &[NftTransferRecord],
) -> ShapedTransaction {
    let contracts = contracts();
    let coin = coin();
    let context = ShapeContext {
        account: ME,
        contracts: &contracts,
        system_coin: &coin,
        function_name,
        nft_transfers: records,
        known: KnownContracts {
            wrapped: Some(WTLOS),
            staked: None,
            escrow: Some(ESCROW),
        },
    };
    shape_transaction(tx, &context)
}

fn amounts(movements: &[ValueMovement]) -> Vec<(String, String, Option<String>)> {
    movements
        .iter()
        .map(|m| {
            (
                m.amount.to_plain_string(),
                m.symbol.clone(),
                m.fiat_value.map(|f| f.to_plain_string()),
            )
        })
        .collect()
}

#[test]
fn native_send_with_gas() {
    let mut send = tx();
    send.value = tlos(15_000); // 1.5 TLOS
    let row = shape(&send, None, &[]);
    assert_eq!(row.action_name, "send");
    assert_eq!(row.epoch, 1_700_000_000);
    assert_eq!(
        amounts(&row.values_out),
        [("1.5".into(), "TLOS".into(), Some("0.75".into()))]
    );
    assert!(row.values_in.is_empty());
    assert_eq!(row.gas_used.unwrap().to_plain_string(), "0.0105");
    assert_eq!(row.gas_fiat_value.unwrap().to_plain_string(), "0.00525");
    assert_eq!(row.to_pretty_name.as_deref(), Some("Swap Router"));
    assert!(!row.failed);
}

#[test]
fn native_receive() {
    let mut receive = tx();
    (receive.from, receive.to) = (OTHER, Some(ME));
    receive.value = tlos(1);
    let row = shape(&receive, None, &[]);
    assert_eq!(row.action_name, "receive");
    assert_eq!(
        amounts(&row.values_in),
        [("0.0001".into(), "TLOS".into(), Some("0.00005".into()))]
    );
    assert_eq!(row.from_pretty_name.as_deref(), Some("Swap Router"));
}

#[test]
fn token_swap() {
    let mut swap = tx();
    swap.logs = vec![
        erc20_log(TOKEN_A, ME, OTHER, 2_500_000),
        erc20_log(TOKEN_B, OTHER, ME, 7),
        erc20_log(TOKEN_B, OTHER, Address::repeat_byte(0x99), 1),
        RawLog {
            address: TOKEN_A,
            topics: vec![TRANSFER_TOPIC],
            data: vec![],
        },
    ];
    let row = shape(&swap, Some("swapExactTokensForTokens"), &[]);
    assert_eq!(row.action_name, "swap");
    assert_eq!(
        amounts(&row.values_out),
        [("2.5".into(), "TKA".into(), Some("5".into()))]
    );
    assert_eq!(
        amounts(&row.values_in),
        [("0.000000000000000007".into(), "TKB".into(), None)]
    );
}

#[test]
fn nft_receive_takes_metadata_from_records_and_adds_unlogged_ones() {
    let mut mint = tx();
    mint.logs = vec![nft_log(Address::ZERO, ME, 7)];
    let unrelated = NftTransferRecord {
        transaction: B256::repeat_byte(0x22),
        ..record(Address::ZERO, ME, 99)
    };
    let row = shape(
        &mint,
        Some("mint"),
        &[
            record(Address::ZERO, ME, 7),
            record(Address::ZERO, ME, 8),
            unrelated,
        ],
    );
    assert_eq!(row.action_name, "receive");
    let ids: Vec<(&str, Option<&str>)> = row
        .nfts_in
        .iter()
        .map(|n| (n.token_id.as_str(), n.token_name.as_deref()))
        .collect();
    assert_eq!(ids, [("7", Some("Pair #7")), ("8", Some("Pair #8"))]);
    assert_eq!(row.nfts_in[0].collection_name.as_deref(), Some("Pairs"));
    assert_eq!(row.nfts_in[0].media_type, MediaType::Image);
}

#[test]
fn nft_without_record_and_erc1155_single() {
    let mut transfer = tx();
    let single = RawLog {
        address: COLLECTION,
        topics: vec![
            TRANSFER_SINGLE_TOPIC,
            ME.into_word(),
            ME.into_word(),
            OTHER.into_word(),
        ],
        data: [
            U256::from(5u8).to_be_bytes::<32>(),
            U256::from(3u8).to_be_bytes::<32>(),
        ]
        .concat(),
    };
    transfer.logs = vec![nft_log(ME, OTHER, 1), single];
    let row = shape(&transfer, None, &[]);
    assert_eq!(row.action_name, "send");
    let out: Vec<(&str, &str, NftStandard, MediaType)> = row
        .nfts_out
        .iter()
        .map(|n| {
            (
                n.token_id.as_str(),
                n.quantity.as_str(),
                n.nft_interface,
                n.media_type,
            )
        })
        .collect();
    assert_eq!(
        out,
        [
            ("1", "1", NftStandard::Erc721, MediaType::Unknown),
            ("5", "3", NftStandard::Erc1155, MediaType::Unknown)
        ]
    );
}

#[test]
fn failed_transactions_carry_no_movements() {
    for status in ["0x0", "0x", "", "failed"] {
        let mut failed = tx();
        failed.status = status.into();
        failed.value = tlos(10);
        failed.logs = vec![erc20_log(TOKEN_A, ME, OTHER, 1)];
        let row = shape(&failed, Some("approve"), &[record(ME, OTHER, 1)]);
        assert!(row.failed, "{status}");
        assert!(
            row.values_in.is_empty()
                && row.values_out.is_empty()
                && row.nfts_in.is_empty()
                && row.nfts_out.is_empty()
        );
        assert_eq!(row.action_name, "approve");
        assert_eq!(row.gas_used.unwrap().to_plain_string(), "0.0105");
    }
    let mut ok = tx();
    ok.status = "0x01".into();
    assert!(!shape(&ok, None, &[]).failed);
}

#[test]
fn action_name_fallbacks() {
    let mut creation = tx();
    (creation.to, creation.contract_address) = (None, Some(TOKEN_A));
    creation.logs = vec![erc20_log(TOKEN_A, Address::ZERO, ME, 1)];
    let cases = [
        (creation, None, "contractCreation"),
        (
            RawTransaction {
                input: vec![0xa9, 0x05, 0x9c, 0xbb, 0],
                ..tx()
            },
            None,
            "transfer",
        ),
        (
            RawTransaction {
                input: vec![0xf2, 0x42, 0x43, 0x2a],
                ..tx()
            },
            None,
            "safeTransferFrom",
        ),
        (
            RawTransaction {
                input: vec![0x09, 0x5e, 0xa7, 0xb3, 1, 2],
                ..tx()
            },
            None,
            "0x095ea7b3",
        ),
        (
            RawTransaction {
                input: vec![0x09, 0x5e, 0xa7, 0xb3],
                ..tx()
            },
            Some("approve"),
            "approve",
        ),
        (
            RawTransaction {
                input: vec![0x01, 0x02],
                ..tx()
            },
            None,
            "0x0102",
        ),
        (tx(), None, "transfer"),
    ];
    for (transaction, function, expected) in cases {
        assert_eq!(shape(&transaction, function, &[]).action_name, expected);
    }
}

#[test]
fn serializes_with_the_spec_field_names() {
    let mut mint = tx();
    mint.logs = vec![nft_log(Address::ZERO, ME, 7)];
    let json = serde_json::to_value(shape(&mint, None, &[record(Address::ZERO, ME, 7)])).unwrap();
    let keys: Vec<&str> = json
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    for key in [
        "id",
        "epoch",
        "actionName",
        "from",
        "fromPrettyName",
        "to",
        "toPrettyName",
        "valuesIn",
        "valuesOut",
        "nftsIn",
        "nftsOut",
        "gasUsed",
        "gasFiatValue",
        "failed",
    ] {
        assert!(keys.contains(&key), "{key}");
    }
    assert_eq!(json["nftsIn"][0]["type"], "image");
    assert_eq!(json["nftsIn"][0]["nftInterface"], "erc721");
    assert_eq!(json["gasUsed"], "0.0105");
    assert_eq!(json["id"], format!("0x{}", "11".repeat(32)));
}

#[test]
fn the_fee_only_on_rows_the_account_sent() {
    let mut received = tx();
    (received.from, received.to) = (OTHER, Some(ME));
    received.value = tlos(10_000);
    let row = shape(&received, None, &[]);
    assert_eq!(row.action_name, "receive");
    assert_eq!((row.gas_used, row.gas_fiat_value), (None, None));
    let sent = shape(&tx(), Some("approve"), &[]);
    assert_eq!(sent.gas_used.unwrap().to_plain_string(), "0.0105");
}

#[test]
fn a_transfer_to_oneself_is_one_movement() {
    let mut to_self = tx();
    to_self.to = Some(ME);
    to_self.value = tlos(10_000);
    let row = shape(&to_self, None, &[]);
    assert_eq!(row.action_name, "selfTransfer");
    assert_eq!(
        amounts(&row.values_out),
        [("1".into(), "TLOS".into(), Some("0.5".into()))]
    );
    assert!(row.values_in.is_empty());

    let mut token_to_self = tx();
    token_to_self.to = Some(TOKEN_A);
    token_to_self.logs = vec![erc20_log(TOKEN_A, ME, ME, 3_000_000)];
    let row = shape(&token_to_self, Some("transfer"), &[]);
    assert_eq!(row.action_name, "selfTransfer");
    assert_eq!(row.values_out.len() + row.values_in.len(), 1);
}

#[test]
fn native_coin_paid_by_known_contracts_is_received() {
    let payout = |address, topic, amount: u64| RawLog {
        address,
        topics: vec![topic, ME.into_word()],
        data: tlos(amount).to_be_bytes::<32>().to_vec(),
    };
    // Unwrap: WTLOS burnt (to the zero address), TLOS paid back by an internal call.
    let mut unwrap = tx();
    unwrap.to = Some(WTLOS);
    unwrap.logs = vec![
        erc20_log(WTLOS, ME, Address::ZERO, 5),
        payout(WTLOS, WITHDRAWAL_TOPIC, 5_000),
    ];
    let row = shape(&unwrap, Some("withdraw"), &[]);
    assert_eq!(
        amounts(&row.values_in),
        [("0.5".into(), "TLOS".into(), Some("0.25".into()))]
    );
    assert_eq!(row.values_out.len(), 1);

    let mut release = tx();
    release.to = Some(ESCROW);
    release.logs = vec![payout(ESCROW, WITHDRAWN_TOPIC, 30_000)];
    let row = shape(&release, Some("withdraw"), &[]);
    assert_eq!(row.action_name, "receive");
    assert_eq!(amounts(&row.values_in)[0].0, "3");

    // The same event from a contract the settings do not name moves nothing.
    let mut forged = tx();
    forged.logs = vec![payout(OTHER, WITHDRAWAL_TOPIC, 5_000)];
    let row = shape(&forged, Some("withdraw"), &[]);
    assert!(row.values_in.is_empty());
    assert_eq!(row.action_name, "withdraw");
}
