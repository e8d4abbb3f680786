//! One plain-language sentence per prepared transaction, shown on the confirmation
//! screen ("Send 1.5 TUSD to 0xAbC1…dEf2"). Amounts are exact; addresses are shortened
//! to their first four and last four hex digits (checksummed case).

use alloy::primitives::{Address, U256};
use tandem_domain::amount::Amount;

/// `0x1234…abcd`.
#[must_use]
pub fn short_address(address: Address) -> String {
    let text = address.to_checksum(None);
    format!("{}…{}", &text[..6], &text[text.len() - 4..])
}

/// A name when there is one, else the short address.
fn label(name: Option<&str>, address: Address) -> String {
    match name.map(str::trim).filter(|name| !name.is_empty()) {
        Some(name) => name.to_owned(),
        None => short_address(address),
    }
}

/// "Send 1.5 TUSD to 0x1234…abcd".
#[must_use]
pub fn send(amount: &Amount, symbol: &str, to: Address) -> String {
    format!("Send {amount} {symbol} to {}", short_address(to))
}

/// "Send Tandem Art #3 to …" or "Send 2 × Tandem Items #1 to …".
#[must_use]
pub fn nft_transfer(
    collection: Option<&str>,
    contract: Address,
    token_id: U256,
    quantity: Option<U256>,
    to: Address,
) -> String {
    let item = format!("{} #{token_id}", label(collection, contract));
    match quantity {
        Some(quantity) if quantity != U256::from(1u8) => {
            format!("Send {quantity} × {item} to {}", short_address(to))
        }
        _ => format!("Send {item} to {}", short_address(to)),
    }
}

/// "Wrap 2 TLOS into WTLOS".
#[must_use]
pub fn wrap(amount: &Amount, system: &str, wrapped: &str) -> String {
    format!("Wrap {amount} {system} into {wrapped}")
}

/// "Unwrap 2 WTLOS into TLOS".
#[must_use]
pub fn unwrap(amount: &Amount, system: &str, wrapped: &str) -> String {
    format!("Unwrap {amount} {wrapped} into {system}")
}

/// "Stake 100 TLOS for about 95.2 STLOS".
#[must_use]
pub fn stake(amount: &Amount, system: &str, shares: &Amount, staked: &str) -> String {
    format!("Stake {amount} {system} for about {shares} {staked}")
}

/// "Unstake 5 TLOS; it stays locked for 1 hour before you can withdraw it".
#[must_use]
pub fn unstake(amount: &Amount, system: &str, lock: &str) -> String {
    format!("Unstake {amount} {system}; it stays locked for {lock} before you can withdraw it")
}

/// "Withdraw 10 TLOS of unlocked stake".
#[must_use]
pub fn withdraw(amount: &Amount, system: &str) -> String {
    format!("Withdraw {amount} {system} of unlocked stake")
}

/// "Allow 0x…  to spend 100 TUSD" / "… to spend unlimited TUSD".
#[must_use]
pub fn approve(amount: &Amount, symbol: &str, spender: Address) -> String {
    let spender = short_address(spender);
    if amount.is_unlimited() {
        format!("Allow {spender} to spend unlimited {symbol}")
    } else if amount.is_zero() {
        format!("Revoke {spender}'s allowance to spend {symbol}")
    } else {
        format!("Allow {spender} to spend {amount} {symbol}")
    }
}

/// "Revoke 0x…'s allowance to spend TUSD".
#[must_use]
pub fn revoke_allowance(symbol: Option<&str>, token: Address, spender: Address) -> String {
    format!(
        "Revoke {}'s allowance to spend {}",
        short_address(spender),
        label(symbol, token)
    )
}

/// "Remove 0x…'s approval for Tandem Art #7".
#[must_use]
pub fn revoke_nft(
    collection: Option<&str>,
    contract: Address,
    token_id: U256,
    spender: Address,
) -> String {
    format!(
        "Remove {}'s approval for {} #{token_id}",
        short_address(spender),
        label(collection, contract)
    )
}

/// "Remove 0x…'s approval for all of Tandem Art".
#[must_use]
pub fn revoke_operator(collection: Option<&str>, contract: Address, operator: Address) -> String {
    format!(
        "Remove {}'s approval for all of {}",
        short_address(operator),
        label(collection, contract)
    )
}

#[cfg(test)]
mod tests {
    use alloy::primitives::address;
    use tandem_domain::amount::MAX_ALLOWANCE;

    use super::*;

    const PEER: Address = address!("0xD102cE6A4dB07D247fcc28F366A623Df0938CA9E");

    fn amount(raw: u64, decimals: u8) -> Amount {
        Amount::new(U256::from(raw), decimals).unwrap()
    }

    #[test]
    fn sentences() {
        assert_eq!(short_address(PEER), "0xD102…CA9E");
        assert_eq!(
            send(&amount(1_500_000, 6), "TUSD", PEER),
            "Send 1.5 TUSD to 0xD102…CA9E"
        );
        assert_eq!(
            nft_transfer(Some("Tandem Art"), PEER, U256::from(3u8), None, PEER),
            "Send Tandem Art #3 to 0xD102…CA9E"
        );
        assert_eq!(
            nft_transfer(
                Some(" "),
                PEER,
                U256::from(1u8),
                Some(U256::from(2u8)),
                PEER
            ),
            "Send 2 × 0xD102…CA9E #1 to 0xD102…CA9E"
        );
        assert_eq!(
            wrap(&amount(2, 0), "TLOS", "WTLOS"),
            "Wrap 2 TLOS into WTLOS"
        );
        assert_eq!(
            unwrap(&amount(25, 1), "TLOS", "WTLOS"),
            "Unwrap 2.5 WTLOS into TLOS"
        );
        assert_eq!(
            stake(&amount(1, 0), "TLOS", &amount(95, 2), "STLOS"),
            "Stake 1 TLOS for about 0.95 STLOS"
        );
        assert_eq!(
            unstake(&amount(5, 0), "TLOS", "1 hour"),
            "Unstake 5 TLOS; it stays locked for 1 hour before you can withdraw it"
        );
        assert_eq!(
            withdraw(&amount(10, 0), "TLOS"),
            "Withdraw 10 TLOS of unlocked stake"
        );
        assert_eq!(
            approve(&Amount::new(MAX_ALLOWANCE, 6).unwrap(), "TUSD", PEER),
            "Allow 0xD102…CA9E to spend unlimited TUSD"
        );
        assert_eq!(
            approve(&amount(100, 0), "TUSD", PEER),
            "Allow 0xD102…CA9E to spend 100 TUSD"
        );
        assert_eq!(
            approve(&amount(0, 6), "TUSD", PEER),
            "Revoke 0xD102…CA9E's allowance to spend TUSD"
        );
        assert_eq!(
            revoke_allowance(None, PEER, PEER),
            "Revoke 0xD102…CA9E's allowance to spend 0xD102…CA9E"
        );
        assert_eq!(
            revoke_nft(Some("Tandem Art"), PEER, U256::from(7u8), PEER),
            "Remove 0xD102…CA9E's approval for Tandem Art #7"
        );
        assert_eq!(
            revoke_operator(Some("Tandem Items"), PEER, PEER),
            "Remove 0xD102…CA9E's approval for all of Tandem Items"
        );
    }
}
