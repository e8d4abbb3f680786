//! Which rows of a history page are likely address poisoning of the account (issue 37;
//! the rules are `tandem_domain::spam::poisoning`), with what the page's lookups found and
//! whom the account paid ([`crate::evm::dealings`]).

use alloy_primitives::Address;
use tandem_domain::spam::poisoning::{OwnerContext, PoisonReason, TokenSide, judge_transaction};
use tandem_evm::source::TransactionRecord;

use super::assemble::PageFacts;
use crate::evm::EvmNetwork;

/// For each row of a history page: why it is likely poisoning, if it is. The account's
/// dealings (whom it paid) are read only when the page has a row someone else sent.
pub(crate) async fn poison_marks(
    network: &EvmNetwork,
    account: Address,
    rows: &[TransactionRecord],
    facts: &PageFacts,
) -> Vec<Option<PoisonReason>> {
    let dealings = if rows.iter().any(|row| row.transaction.from != account) {
        match network.dealings(account).await {
            Ok(dealings) => Some(dealings),
            Err(error) => {
                tracing::warn!(%account, %error, "dealings unavailable; look-alike dust not marked");
                None
            }
        }
    } else {
        None
    };
    let paid = dealings.as_ref().map_or(&[][..], |d| d.paid.as_slice());
    // The tokens a fake one imitates: every token the network lists or makes its own, and
    // the trusted tokens of the page (which hold the network's wrapped and staked tokens).
    let list = network.token_list();
    let mut genuine: Vec<(Address, &str)> = list
        .as_ref()
        .map(|list| {
            list.tokens()
                .iter()
                .map(|entry| (entry.address, entry.symbol.as_str()))
                .collect()
        })
        .unwrap_or_default();
    genuine.extend(
        facts
            .contracts
            .iter()
            .filter(|(address, _)| network.trusts_token(**address))
            .filter_map(|(address, info)| Some((*address, info.symbol.as_deref()?))),
    );
    let owner = OwnerContext {
        owner: account,
        paid,
        holdings: &genuine,
    };
    let coin = &network.settings().system_token.symbol;
    rows.iter()
        .map(|row| {
            judge_transaction(&row.transaction, &owner, coin, |token| {
                facts.contracts.get(&token).map(|info| TokenSide {
                    symbol: info.symbol.as_deref().unwrap_or_default(),
                    decimals: info.decimals.unwrap_or(18),
                    trusted: network.trusts_token(token),
                })
            })
        })
        .collect()
}
