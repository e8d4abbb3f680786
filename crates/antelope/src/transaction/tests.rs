//! Packing vectors made with the devnet's independent Python codec
//! (devnet/native/src/tandem_native/codec.py).

use tandem_domain::sponsor::TransferData;

use super::*;

const CHAIN_ID: &str = "8a34ec7df1b8cd06ff4a8abbaa7cc50300823350cadc59ab296cb00d104d2b8f";
const PACKED: &str = "584d026b1500822f0877000000000100a6823403ea3055000000572d3ccdcd010000000000855c3400000000a8ed3232230000000000855c340000000000000e3d102700000000000004544c4f5300000002686900";

fn transfer() -> Transaction {
    let data = TransferData {
        from: "alice".parse().unwrap(),
        to: "bob".parse().unwrap(),
        quantity: "1.0000 TLOS".parse().unwrap(),
        memo: "hi".into(),
    };
    let action = Action {
        account: "eosio.token".parse().unwrap(),
        name: "transfer".parse().unwrap(),
        authorization: vec![PermissionLevel {
            actor: "alice".parse().unwrap(),
            permission: "active".parse().unwrap(),
        }],
        data: data.encode(),
    };
    let tapos =
        Tapos::from_block_id("00000015105e46b4822f087776a49d35bf76ccea98fa4be86839d27dd0b34ed2")
            .unwrap();
    Transaction::new(tapos, 1_795_312_984, vec![action])
}

#[test]
fn tapos_comes_from_the_block_id() {
    let tapos =
        Tapos::from_block_id("00000015105e46b4822f087776a49d35bf76ccea98fa4be86839d27dd0b34ed2")
            .unwrap();
    assert_eq!(
        (tapos.ref_block_num, tapos.ref_block_prefix),
        (21, 0x7708_2f82)
    );
    let high = Tapos::from_block_id(&format!("0001fffe{}", "00".repeat(28))).unwrap();
    assert_eq!(high.ref_block_num, 0xfffe);
    assert!(Tapos::from_block_id("0015").is_err());
    assert!(Tapos::from_block_id(&"zz".repeat(32)).is_err());
}

#[test]
fn packs_ids_and_digests_like_the_reference() {
    let transaction = transfer();
    assert_eq!(hex::encode(transaction.pack().unwrap()), PACKED);
    assert_eq!(
        transaction.id().unwrap(),
        "2cd42211b08501d44ce0f979d9bf8a45c8091e7fa3e61581e89296da8db56ac3"
    );
    assert_eq!(
        hex::encode(transaction.signing_digest(CHAIN_ID).unwrap()),
        "86fb7f04e7dba8478f5590fd9cda6b65bd574762b7ba1ccc0d27694eb0ba18f1"
    );
    assert!(transaction.signing_digest("abc").is_err());
}

#[test]
fn unpacks_and_converts_to_and_from_json() {
    let transaction = transfer();
    let bytes = hex::decode(PACKED).unwrap();
    assert_eq!(Transaction::unpack(&bytes).unwrap(), transaction);
    let json = TransactionJson::from(&transaction);
    assert_eq!(json.expiration, "2026-11-22T02:03:04");
    assert_eq!(
        json.actions[0].data,
        "0000000000855c340000000000000e3d102700000000000004544c4f53000000026869"
    );
    let text = serde_json::to_string(&json).unwrap();
    let back: TransactionJson = serde_json::from_str(&text).unwrap();
    assert_eq!(Transaction::try_from(&back).unwrap(), transaction);
    let packed = transaction.to_packed(vec![]).unwrap();
    assert_eq!(Transaction::from_packed(&packed).unwrap(), transaction);
}

#[test]
fn rejects_bad_bytes_and_json() {
    let bytes = hex::decode(PACKED).unwrap();
    for cut in [0, 5, 20, bytes.len() - 1] {
        assert!(Transaction::unpack(&bytes[..cut]).is_err(), "{cut}");
    }
    assert!(Transaction::unpack(&[bytes.as_slice(), &[0]].concat()).is_err());
    let mut json = TransactionJson::from(&transfer());
    json.actions[0].account = "EOSIO".into();
    assert_eq!(
        Transaction::try_from(&json).unwrap_err().code(),
        "antelope.name.invalid_character"
    );
    let mut json = TransactionJson::from(&transfer());
    json.actions[0].data = "zz".into();
    assert!(Transaction::try_from(&json).is_err());
    let mut packed = transfer().to_packed(vec![]).unwrap();
    packed.compression = 1;
    assert!(Transaction::from_packed(&packed).is_err());
}
