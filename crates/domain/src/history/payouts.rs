//! Native coin paid out by an internal call. Such a payment leaves no transfer log and
//! is not the transaction's `value`, so the row would show only what the account gave
//! (the WTLOS of an unwrap, nothing at all for an escrow withdrawal). The contracts the
//! chain settings name announce their payouts with an event of their own; only those
//! contracts are believed, since any contract can emit an event of the same shape.
//!
//! - The wrapped token (WETH9-style): `Withdrawal(address indexed src, uint256 wad)`
//!   pays `wad` to `src`.
//! - The unstake escrow: `Withdrawn(address indexed beneficiary, uint256 amount)` (the
//!   devnet's escrow) or `Withdraw(address from, address to, uint256 amount)` with every
//!   field in the data (Telos' `TelosEscrow`) pays `amount` to the beneficiary / `to`.

use alloy_primitives::{Address, B256, U256, b256};

use super::logs::RawLog;

/// `keccak256("Withdrawal(address,uint256)")`.
pub const WITHDRAWAL_TOPIC: B256 =
    b256!("7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65");
/// `keccak256("Withdrawn(address,uint256)")`.
pub const WITHDRAWN_TOPIC: B256 =
    b256!("7084f5476618d8e60b11ef0d7d3f06914655adb8793e28ff7f018d4c76d505d5");
/// `keccak256("Withdraw(address,address,uint256)")`.
pub const ESCROW_WITHDRAW_TOPIC: B256 =
    b256!("9b1bfa7fa9ee420a16e124f794c35ac9f90472acc99140eb2f6447c714cad8eb");

/// The contracts whose payout events are believed (from the chain settings).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NativePayers {
    /// The wrapped system token.
    pub wrapped: Option<Address>,
    /// The unstake escrow.
    pub escrow: Option<Address>,
}

/// One payment of the native coin by a known contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NativePayout {
    /// The paying contract.
    pub payer: Address,
    /// Who received the coin.
    pub payee: Address,
    /// Wei paid.
    pub value: U256,
}

/// The payout `log` announces, when a known payer emitted it in a shape this module
/// reads; anything else (other emitters, other events, malformed data) is `None`.
#[must_use]
pub fn native_payout(log: &RawLog, payers: &NativePayers) -> Option<NativePayout> {
    let emitter = Some(log.address);
    let signature = *log.topics.first()?;
    let word = |index: usize| log.data.get(index * 32..(index + 1) * 32);
    let (payee, value) = if (emitter == payers.wrapped && signature == WITHDRAWAL_TOPIC)
        || (emitter == payers.escrow && signature == WITHDRAWN_TOPIC)
    {
        let [_, payee] = log.topics.as_slice() else {
            return None;
        };
        (Address::from_word(*payee), word(0)?)
    } else if emitter == payers.escrow && signature == ESCROW_WITHDRAW_TOPIC {
        if log.topics.len() != 1 {
            return None;
        }
        (Address::from_word(B256::from_slice(word(1)?)), word(2)?)
    } else {
        return None;
    };
    Some(NativePayout {
        payer: log.address,
        payee,
        value: U256::from_be_slice(value),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const WTLOS: Address = Address::repeat_byte(0x77);
    const ESCROW: Address = Address::repeat_byte(0xe5);
    const ME: Address = Address::repeat_byte(0xaa);
    const PAYERS: NativePayers = NativePayers {
        wrapped: Some(WTLOS),
        escrow: Some(ESCROW),
    };

    fn word(value: u64) -> Vec<u8> {
        U256::from(value).to_be_bytes::<32>().to_vec()
    }

    fn log(address: Address, topics: Vec<B256>, data: Vec<u8>) -> RawLog {
        RawLog {
            address,
            topics,
            data,
        }
    }

    #[test]
    fn known_payers_pay_the_account() {
        let unwrap = log(WTLOS, vec![WITHDRAWAL_TOPIC, ME.into_word()], word(5));
        let released = log(ESCROW, vec![WITHDRAWN_TOPIC, ME.into_word()], word(7));
        let legacy_data = [
            ESCROW.into_word().to_vec(),
            ME.into_word().to_vec(),
            word(9),
        ]
        .concat();
        let legacy = log(ESCROW, vec![ESCROW_WITHDRAW_TOPIC], legacy_data);
        let paid = |log: &RawLog| native_payout(log, &PAYERS).map(|p| (p.payer, p.payee, p.value));
        assert_eq!(paid(&unwrap), Some((WTLOS, ME, U256::from(5))));
        assert_eq!(paid(&released), Some((ESCROW, ME, U256::from(7))));
        assert_eq!(paid(&legacy), Some((ESCROW, ME, U256::from(9))));
    }

    #[test]
    fn other_emitters_events_and_shapes_pay_nothing() {
        let stranger = Address::repeat_byte(0x01);
        let cases = [
            // The right event from a contract the settings do not name.
            log(stranger, vec![WITHDRAWAL_TOPIC, ME.into_word()], word(5)),
            // The escrow's event from the wrapped token, and the reverse.
            log(WTLOS, vec![WITHDRAWN_TOPIC, ME.into_word()], word(5)),
            log(ESCROW, vec![WITHDRAWAL_TOPIC, ME.into_word()], word(5)),
            // Short data, missing or extra topics.
            log(WTLOS, vec![WITHDRAWAL_TOPIC, ME.into_word()], vec![1, 2]),
            log(WTLOS, vec![WITHDRAWAL_TOPIC], word(5)),
            log(ESCROW, vec![ESCROW_WITHDRAW_TOPIC, ME.into_word()], word(5)),
            log(ESCROW, vec![ESCROW_WITHDRAW_TOPIC], word(5)),
            log(WTLOS, Vec::new(), word(5)),
        ];
        for case in cases {
            assert_eq!(native_payout(&case, &PAYERS), None, "{case:?}");
        }
        let unnamed = log(WTLOS, vec![WITHDRAWAL_TOPIC, ME.into_word()], word(5));
        assert_eq!(native_payout(&unnamed, &NativePayers::default()), None);
    }
}
