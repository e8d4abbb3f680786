//! An account's balance sheet (spec §4 "Balances"): every non-zero token plus the
//! system, staked and wrapped tokens (zero rows included), each with its token facts,
//! price and fiat value, in the domain's display order ([`arrange_balances`]).

use std::collections::HashMap;

use alloy_primitives::{Address, U256};
use tandem_domain::amount::Amount;
use tandem_domain::balance::{Balance, arrange_balances};
use tandem_domain::spam::{SpamVerdict, TokenFacts, judge_token};
use tandem_domain::token::{DEFAULT_TOKEN_DECIMALS, Token, TokenType};
use tandem_evm::lookup::ContractLookup;
use tandem_evm::source::{ContractInterface, ContractRecord, SourceKind, TokenBalance};

use super::EvmNetwork;
use super::coverage::{FillSlots, IndexContext};
use crate::error::ServiceError;
use crate::prices::{PriceQuote, PricedToken};

/// The marker the native coin uses as its token address (as the indexer does).
pub const NATIVE_MARKER: &str = "___NATIVE_CURRENCY___";

/// One row of the sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetRow {
    /// Token, amount and fiat value.
    pub balance: Balance,
    /// The token contract; `None` for the native coin.
    pub contract: Option<Address>,
    /// The token's price.
    pub quote: PriceQuote,
    /// Whether the token is likely spam, and why (issue 37): a label, never a reason to drop it.
    pub spam: SpamVerdict,
}

/// An account's balances, ordered for display.
#[derive(Debug, Clone, PartialEq)]
pub struct BalanceSheet {
    /// The source that answered.
    pub source: SourceKind,
    /// When the balances were read, milliseconds since the epoch.
    pub fetched_ms: u64,
    /// The rows, in display order.
    pub rows: Vec<SheetRow>,
    /// The own index's side, on a network whose primary it is: the account's coverage
    /// (the rows may miss tokens it held before the index's start until it is
    /// complete) and the index's lag.
    pub index: Option<IndexContext>,
}

/// A token's facts as gathered from the token list, the source and the resolver.
#[derive(Debug, Default)]
struct Facts {
    symbol: Option<String>,
    name: Option<String>,
    decimals: Option<u8>,
    logo: Option<String>,
    interfaces: Vec<ContractInterface>,
    supply: Option<U256>,
    /// The network's token list names it.
    listed: bool,
    /// A source says its contract is verified.
    verified: bool,
}

impl Facts {
    fn fill(&mut self, record: &ContractRecord) {
        self.symbol = self.symbol.take().or_else(|| record.symbol.clone());
        self.name = self.name.take().or_else(|| record.name.clone());
        self.decimals = self.decimals.or(record.decimals);
        self.logo = self.logo.take().or_else(|| record.logo_uri.clone());
        self.supply = self.supply.or(record.supply);
        self.verified |= record.verified;
        if self.interfaces.is_empty() {
            self.interfaces.clone_from(&record.interfaces);
        }
    }

    fn is_nft(&self) -> bool {
        self.interfaces
            .iter()
            .any(|i| matches!(i, ContractInterface::Erc721 | ContractInterface::Erc1155))
    }
}

impl EvmNetwork {
    /// The balance sheet of `owner` with prices and fiat values in `fiat`; on an
    /// own-index network, a fill of the owner's earlier activity takes its slot from `slots`.
    ///
    /// # Errors
    /// When no source can read the balances.
    pub async fn balance_sheet(
        &self,
        owner: Address,
        fiat: &str,
        slots: &dyn FillSlots,
    ) -> Result<BalanceSheet, ServiceError> {
        let index = self.index_context(owner, slots).await?;
        let fetched = self.raw_balances(owner, index.as_ref()).await?;
        // How the owner came by a token matters only for one the network does not vouch
        // for; the owner's dealings are read only then (and a failure leaves it unknown).
        let untrusted = fetched
            .balances
            .iter()
            .filter_map(|entry| entry.token)
            .any(|token| !self.trusts_token(token));
        let dealings = if untrusted {
            self.dealings(owner)
                .await
                .inspect_err(|error| {
                    tracing::debug!(%owner, %error, "dealings unavailable; spam rules without them");
                })
                .ok()
        } else {
            None
        };
        let unsolicited = |token: Address| dealings.as_ref().and_then(|d| d.unsolicited(token));
        let mut rows: Vec<(Token, Option<Address>, U256, SpamVerdict)> = Vec::new();
        for entry in &fetched.balances {
            match entry.token {
                None => rows.push((
                    self.native_token(),
                    None,
                    entry.amount,
                    SpamVerdict::default(),
                )),
                Some(address) => {
                    if let Some((token, spam)) =
                        self.token(address, entry, unsolicited(address)).await
                    {
                        rows.push((token, Some(address), entry.amount, spam));
                    }
                }
            }
        }
        if !rows.iter().any(|(_, contract, _, _)| contract.is_none()) {
            rows.push((
                self.native_token(),
                None,
                U256::ZERO,
                SpamVerdict::default(),
            ));
        }
        for core in [self.staked_token(), self.wrapped_token()]
            .into_iter()
            .flatten()
        {
            if !rows
                .iter()
                .any(|(_, contract, _, _)| *contract == Some(core))
            {
                let zero = TokenBalance {
                    token: Some(core),
                    amount: U256::ZERO,
                    contract: None,
                    updated_ms: None,
                };
                if let Some((token, spam)) = self.token(core, &zero, None).await {
                    rows.push((token, Some(core), U256::ZERO, spam));
                }
            }
        }

        let priced: Vec<PricedToken> = rows
            .iter()
            .map(|(token, contract, _, _)| PricedToken {
                symbol: token.symbol.clone(),
                address: *contract,
            })
            .collect();
        let quotes = self.prices.quotes(&priced, fiat).await;
        let mut extras: HashMap<String, (Option<Address>, PriceQuote, SpamVerdict)> =
            HashMap::new();
        let mut balances = Vec::with_capacity(rows.len());
        for ((mut token, contract, raw, spam), quote) in rows.into_iter().zip(quotes) {
            let Ok(amount) = Amount::new(raw, token.decimals) else {
                tracing::warn!(symbol = %token.symbol, decimals = token.decimals, "token skipped: unusable decimals");
                continue;
            };
            token.price = quote.price;
            let fiat_value = quote.price.and_then(|price| price.to_fiat(&amount).ok());
            extras.insert(token.id().to_string(), (contract, quote, spam));
            balances.push(Balance {
                token,
                amount,
                fiat_value,
            });
        }

        let always: Vec<Balance> = balances
            .iter()
            .filter(|b| b.amount.is_zero() && !b.token.is_system)
            .filter(|b| {
                let core = [self.staked_token(), self.wrapped_token()];
                extras
                    .get(&b.token.id().to_string())
                    .is_some_and(|(contract, _, _)| contract.is_some() && core.contains(contract))
            })
            .cloned()
            .collect();
        let mut ordered = arrange_balances(balances);
        // The staked and wrapped tokens are always shown; at zero they sort last.
        let mut always = always;
        always.sort_by(|a, b| a.token.symbol.cmp(&b.token.symbol));
        ordered.extend(always);
        let rows = ordered
            .into_iter()
            .filter_map(|balance| {
                let (contract, quote, spam) = extras.remove(&balance.token.id().to_string())?;
                Some(SheetRow {
                    balance,
                    contract,
                    quote,
                    spam,
                })
            })
            .collect();
        Ok(BalanceSheet {
            source: fetched.source,
            fetched_ms: fetched.fetched_ms,
            rows,
            index,
        })
    }

    /// The native coin (TLOS) as a token: the system token, with the network's logo.
    fn native_token(&self) -> Token {
        let settings = &self.settings;
        let system = &settings.system_token;
        let mut token = Token::new(&system.symbol, NATIVE_MARKER, settings.name.as_str());
        token.name.clone_from(&system.name);
        token.decimals = settings.wei_precision.unwrap_or(system.decimals);
        token.chain_id = Some(self.chain_id);
        token.logo = Some(settings.logo.clone());
        token.is_native = true;
        token.is_system = true;
        token
    }

    /// A token contract as a domain token with the spam rules' verdict on it; `None` for NFT
    /// collections (shown elsewhere).
    async fn token(
        &self,
        address: Address,
        entry: &TokenBalance,
        unsolicited: Option<bool>,
    ) -> Option<(Token, SpamVerdict)> {
        let mut facts = Facts::default();
        if let Some(listed) = self
            .token_list()
            .and_then(|list| list.get(address).cloned())
        {
            facts.fill(&listed.to_contract_record());
            facts.listed = true;
        }
        if let Some(record) = &entry.contract {
            facts.fill(record);
        }
        let settings = &self.settings;
        for core in [&settings.staked_token, &settings.wrapped_token]
            .into_iter()
            .flatten()
        {
            if core
                .contract
                .as_deref()
                .and_then(|c| c.parse::<Address>().ok())
                == Some(address)
            {
                // The network's own staked and wrapped tokens are as trusted as listed ones.
                facts.listed = true;
                facts.symbol.get_or_insert_with(|| core.symbol.clone());
                facts.name.get_or_insert_with(|| core.name.clone());
                facts.decimals.get_or_insert(core.decimals);
                facts.interfaces = vec![ContractInterface::Erc20];
            }
        }
        if (facts.symbol.is_none() || facts.decimals.is_none())
            && let ContractLookup::Found(found) = self.resolver.resolve(address, None).await
        {
            facts.fill(&found.record);
        }
        if facts.is_nft() {
            return None;
        }
        let spam = judge_token(&TokenFacts {
            name: facts.name.as_deref().unwrap_or_default(),
            symbol: facts.symbol.as_deref().unwrap_or_default(),
            decimals: facts.decimals,
            total_supply: facts.supply,
            listed: facts.listed,
            verified: facts.verified,
            unsolicited,
        });
        let checksummed = address.to_checksum(None);
        let symbol = facts.symbol.unwrap_or_else(|| short_address(&checksummed));
        let mut token = Token::new(&symbol, &checksummed, settings.name.as_str());
        token.name = facts.name.unwrap_or(symbol);
        token.decimals = facts.decimals.unwrap_or(DEFAULT_TOKEN_DECIMALS);
        token.chain_id = Some(self.chain_id);
        token.logo = facts.logo;
        token.token_type = TokenType::Erc20;
        Some((token, spam))
    }
}

/// `0x1234…abcd`: a name for a token that states none.
fn short_address(checksummed: &str) -> String {
    let head = checksummed.get(..6).unwrap_or(checksummed);
    let tail = checksummed
        .get(checksummed.len().saturating_sub(4)..)
        .unwrap_or_default();
    format!("{head}…{tail}")
}
