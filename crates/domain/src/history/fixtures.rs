//! Transactions and logs for the tests of the rules that read raw history.

use alloy_primitives::{Address, B256, U256};

use super::{RawLog, RawTransaction, TRANSFER_TOPIC};

/// A successful call or payment from `from` to `to` with `value` wei and `logs`.
pub(crate) fn transaction(
    from: Address,
    to: Address,
    value: u64,
    logs: Vec<RawLog>,
) -> RawTransaction {
    RawTransaction {
        hash: B256::repeat_byte(0x11),
        from,
        to: Some(to),
        contract_address: None,
        value: U256::from(value),
        gas_used: U256::from(21_000u32),
        gas_price: U256::from(1u8),
        status: "0x1".into(),
        timestamp_ms: 1_700_000_000_000,
        input: Vec::new(),
        logs,
    }
}

/// An ERC-20 `Transfer` of `value` from `from` to `to`, emitted by `token`.
pub(crate) fn erc20_transfer(token: Address, from: Address, to: Address, value: u64) -> RawLog {
    RawLog {
        address: token,
        topics: vec![TRANSFER_TOPIC, from.into_word(), to.into_word()],
        data: U256::from(value).to_be_bytes::<32>().to_vec(),
    }
}
