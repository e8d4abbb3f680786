//! Whether a history row is likely address poisoning (issue 37): a row planted in the
//! owner's history so that they copy the wrong address next time, or mistake a fake token
//! for theirs. Nothing in such a row took anything from the owner; it is marked and
//! collapsed, with the reason.
//!
//! - A **zero-value `transferFrom`** of the owner's tokens that someone else sent: any
//!   contract lets anyone move 0 tokens "from" anyone, so the row looks like the owner paid.
//! - **Dust from a look-alike**: a tiny amount from an address that starts and ends with the
//!   same 4 hex characters as one the owner has paid, but is not it.
//! - A **fake token**: an unlisted token whose symbol imitates one the owner holds, from
//!   another contract.

use alloy_primitives::{Address, U256};

use crate::history::{RawTransaction, TransferEvent, succeeded};

/// Characters at each end of an address (after `0x`) a poisoner copies.
pub const LOOKALIKE_END_CHARS: usize = 4;

/// Below this share of one whole token (1 / 1000) an incoming amount is dust.
const DUST_DIVISOR: u64 = 1000;

/// One token movement of a history row, as the poisoning rules see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TransferFacts<'a> {
    /// The token contract (the system token's marker for TLOS itself).
    pub token: Address,
    /// The token's symbol.
    pub symbol: &'a str,
    /// Its decimals.
    pub decimals: u8,
    /// Whether the network's token list or verified metadata names the token.
    pub token_trusted: bool,
    /// The amount moved, smallest units.
    pub value: U256,
    /// Whose tokens moved.
    pub from: Address,
    /// Who received them.
    pub to: Address,
    /// Who signed the transaction.
    pub initiator: Address,
}

/// What the owner's own history and holdings say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwnerContext<'a> {
    /// The owner of the history.
    pub owner: Address,
    /// Addresses the owner has paid (by transactions the owner signed).
    pub paid: &'a [Address],
    /// Tokens the owner holds: contract and symbol.
    pub holdings: &'a [(Address, &'a str)],
}

/// Why a row is likely poisoning.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PoisonReason {
    /// Someone else moved 0 of the owner's tokens "from" the owner.
    ZeroValueTransferFrom,
    /// Dust from an address that imitates `imitates`, which the owner has paid.
    LookalikeDust {
        /// The address it imitates.
        imitates: Address,
    },
    /// An unlisted token that imitates the owner's token of `imitates`.
    FakeToken {
        /// The contract of the real token it imitates.
        imitates: Address,
    },
}

impl PoisonReason {
    /// The stable key of the reason (the API's label, the web's message key).
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Self::ZeroValueTransferFrom => "zero_value_transfer_from",
            Self::LookalikeDust { .. } => "lookalike_dust",
            Self::FakeToken { .. } => "fake_token",
        }
    }
}

fn hex_of(address: &Address) -> String {
    alloy_primitives::hex::encode(address.as_slice())
}

/// Whether `candidate` starts and ends like `known` (4 hex characters each) and is not it.
#[must_use]
pub fn imitates(candidate: &Address, known: &Address) -> bool {
    if candidate == known {
        return false;
    }
    let (a, b) = (hex_of(candidate), hex_of(known));
    let n = LOOKALIKE_END_CHARS;
    a[..n] == b[..n] && a[a.len() - n..] == b[b.len() - n..]
}

fn is_dust(value: U256, decimals: u8) -> bool {
    let whole = U256::from(10u8).pow(U256::from(decimals));
    !value.is_zero() && value < whole / U256::from(DUST_DIVISOR)
}

/// Symbols that read the same to a hurried eye: case and the usual look-alike letters.
fn same_looking(a: &str, b: &str) -> bool {
    let fold = |text: &str| -> String {
        text.chars()
            .filter(|c| {
                !c.is_whitespace()
                    && !matches!(c, '\u{200B}'..='\u{200F}' | '\u{2060}' | '\u{FEFF}')
            })
            .map(|c| match c {
                'А' | 'а' | 'Α' | 'α' => 'a',
                'В' | 'в' | 'Β' | 'β' => 'b',
                'Е' | 'е' | 'Ε' | 'ε' => 'e',
                'К' | 'к' | 'Κ' | 'κ' => 'k',
                'М' | 'м' | 'Μ' => 'm',
                'Н' | 'н' | 'Η' => 'h',
                'О' | 'о' | 'Ο' | 'ο' | '0' => 'o',
                'Р' | 'р' | 'Ρ' | 'ρ' => 'p',
                'С' | 'с' | 'Ϲ' => 'c',
                'Т' | 'т' | 'Τ' | 'τ' => 't',
                'Х' | 'х' | 'Χ' | 'χ' => 'x',
                'У' | 'у' | 'Υ' => 'y',
                'І' | 'і' | 'Ι' | 'ι' | 'l' | '1' => 'i',
                other => other.to_ascii_lowercase(),
            })
            .collect()
    };
    !a.is_empty() && fold(a) == fold(b)
}

/// Why the row is likely poisoning, or `None` for an ordinary row.
#[must_use]
pub fn judge_transfer(facts: &TransferFacts<'_>, owner: &OwnerContext<'_>) -> Option<PoisonReason> {
    if facts.from == owner.owner && facts.value.is_zero() && facts.initiator != owner.owner {
        return Some(PoisonReason::ZeroValueTransferFrom);
    }
    let incoming = facts.to == owner.owner && facts.from != owner.owner;
    if !incoming {
        return None;
    }
    if !facts.token_trusted {
        let real = owner.holdings.iter().find(|(contract, symbol)| {
            *contract != facts.token && same_looking(symbol, facts.symbol)
        });
        if let Some((contract, _)) = real {
            return Some(PoisonReason::FakeToken {
                imitates: *contract,
            });
        }
    }
    if is_dust(facts.value, facts.decimals) || facts.value.is_zero() {
        let known = owner.paid.iter().find(|paid| imitates(&facts.from, paid));
        if let Some(paid) = known {
            return Some(PoisonReason::LookalikeDust { imitates: *paid });
        }
    }
    None
}

/// What the rules need of a token a transaction moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenSide<'a> {
    /// Its symbol.
    pub symbol: &'a str,
    /// Its decimals.
    pub decimals: u8,
    /// The network's token list or verified metadata names it.
    pub trusted: bool,
}

/// Decimals of the system coin on an EVM chain.
const COIN_DECIMALS: u8 = 18;

/// Why `transaction` is likely poisoning of `owner`'s history, from its coin value and
/// every token transfer it logged; `token` tells what is known of a token contract (an
/// unknown one is untrusted, without symbol, 18 decimals). A failed transaction moved
/// nothing and is never poisoning.
pub fn judge_transaction<'a>(
    transaction: &RawTransaction,
    owner: &OwnerContext<'_>,
    coin_symbol: &str,
    token: impl Fn(Address) -> Option<TokenSide<'a>>,
) -> Option<PoisonReason> {
    if !succeeded(&transaction.status) {
        return None;
    }
    let initiator = transaction.from;
    let coin = transaction.to.map(|to| TransferFacts {
        token: Address::ZERO,
        symbol: coin_symbol,
        decimals: COIN_DECIMALS,
        token_trusted: true,
        value: transaction.value,
        from: initiator,
        to,
        initiator,
    });
    let unknown = TokenSide {
        symbol: "",
        decimals: COIN_DECIMALS,
        trusted: false,
    };
    let tokens = transaction
        .transfer_events()
        .filter_map(|event| match event {
            TransferEvent::Fungible {
                contract,
                from,
                to,
                value,
            } => {
                let side = token(contract).unwrap_or(unknown);
                Some(TransferFacts {
                    token: contract,
                    symbol: side.symbol,
                    decimals: side.decimals,
                    token_trusted: side.trusted,
                    value,
                    from,
                    to,
                    initiator,
                })
            }
            TransferEvent::Nft { .. } => None,
        });
    coin.into_iter()
        .chain(tokens)
        .find_map(|facts| judge_transfer(&facts, owner))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::RawLog;
    use alloy_primitives::address;

    const OWNER: Address = address!("a11ce00000000000000000000000000000000001");
    const BOB: Address = address!("b0b1234567890abcdef1234567890abcdef1b0b1");
    const POISON: Address = address!("b0b1ffffffffffffffffffffffffffffffffb0b1");
    const TUSD: Address = address!("7057000000000000000000000000000000000001");
    const FAKE_TUSD: Address = address!("7057000000000000000000000000000000000bad");

    fn context<'a>(holdings: &'a [(Address, &'a str)]) -> OwnerContext<'a> {
        OwnerContext {
            owner: OWNER,
            paid: &[BOB],
            holdings,
        }
    }

    fn transfer(
        from: Address,
        to: Address,
        initiator: Address,
        value: u64,
    ) -> TransferFacts<'static> {
        TransferFacts {
            token: TUSD,
            symbol: "TUSD",
            decimals: 6,
            token_trusted: true,
            value: U256::from(value),
            from,
            to,
            initiator,
        }
    }

    #[test]
    fn a_table_of_rows() {
        let holdings = [(TUSD, "TUSD")];
        let owner = context(&holdings);
        let fake = TransferFacts {
            token: FAKE_TUSD,
            symbol: "ТUSD",
            token_trusted: false,
            ..transfer(POISON, OWNER, POISON, 5_000_000)
        };
        let cases: &[(TransferFacts<'_>, Option<PoisonReason>)] = &[
            (transfer(OWNER, BOB, OWNER, 1_000_000), None),
            (
                transfer(OWNER, POISON, POISON, 0),
                Some(PoisonReason::ZeroValueTransferFrom),
            ),
            (transfer(OWNER, BOB, OWNER, 0), None),
            (
                transfer(POISON, OWNER, POISON, 1),
                Some(PoisonReason::LookalikeDust { imitates: BOB }),
            ),
            (
                transfer(POISON, OWNER, POISON, 0),
                Some(PoisonReason::LookalikeDust { imitates: BOB }),
            ),
            (transfer(POISON, OWNER, POISON, 5_000_000), None),
            (transfer(BOB, OWNER, BOB, 1), None),
            (fake, Some(PoisonReason::FakeToken { imitates: TUSD })),
            (
                TransferFacts {
                    token_trusted: true,
                    ..fake
                },
                None,
            ),
        ];
        for (index, (facts, expected)) in cases.iter().enumerate() {
            assert_eq!(judge_transfer(facts, &owner), *expected, "case {index}");
        }
    }

    use crate::history::fixtures::{erc20_transfer, transaction as raw};

    fn tusd_log(from: Address, to: Address, value: u64) -> RawLog {
        erc20_transfer(TUSD, from, to, value)
    }

    fn known(token: Address) -> Option<TokenSide<'static>> {
        (token == TUSD).then_some(TokenSide {
            symbol: "TUSD",
            decimals: 6,
            trusted: true,
        })
    }

    #[test]
    fn whole_transactions_are_judged_by_their_coin_and_every_transfer() {
        let holdings = [(TUSD, "TUSD")];
        let owner = context(&holdings);
        let zero_from = raw(POISON, TUSD, 0, vec![tusd_log(OWNER, POISON, 0)]);
        assert_eq!(
            judge_transaction(&zero_from, &owner, "TLOS", known),
            Some(PoisonReason::ZeroValueTransferFrom)
        );
        let dust = raw(POISON, OWNER, 999_999_999_999, vec![]);
        assert_eq!(
            judge_transaction(&dust, &owner, "TLOS", known),
            Some(PoisonReason::LookalikeDust { imitates: BOB })
        );
        let mut failed = dust.clone();
        failed.status = "0x0".into();
        assert_eq!(judge_transaction(&failed, &owner, "TLOS", known), None);
        let whole_tlos = raw(POISON, OWNER, 1_000_000_000_000_000_000, vec![]);
        assert_eq!(judge_transaction(&whole_tlos, &owner, "TLOS", known), None);
        let own_payment = raw(OWNER, TUSD, 0, vec![tusd_log(OWNER, BOB, 5)]);
        assert_eq!(judge_transaction(&own_payment, &owner, "TLOS", known), None);
        let unknown_token = RawLog {
            address: FAKE_TUSD,
            ..tusd_log(POISON, OWNER, 5)
        };
        // An unknown token with no symbol imitates nothing, but its dust from a look-alike
        // still is look-alike dust.
        assert_eq!(
            judge_transaction(
                &raw(POISON, FAKE_TUSD, 0, vec![unknown_token]),
                &owner,
                "TLOS",
                known
            ),
            Some(PoisonReason::LookalikeDust { imitates: BOB })
        );
    }

    #[test]
    fn look_alikes_share_both_ends_only() {
        assert!(imitates(&POISON, &BOB));
        assert!(!imitates(&BOB, &BOB));
        assert!(!imitates(&OWNER, &BOB));
        assert!(same_looking("USDT", "usdт"));
        assert!(same_looking("TLOS", "TL0S"));
        assert!(!same_looking("TLOS", "STLOS"));
        assert!(!same_looking("", ""));
    }
}
