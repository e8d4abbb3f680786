//! Account reads of one native network: resources, REX, profile and
//! permissions from the chain; actions, creator, children, links, proposals and the
//! accounts of a key from the history service. Values the chain sends are checked with
//! the domain's rules; a malformed one is [`ServiceError::InvalidChainData`].

use tandem_antelope::AntelopeError;
use tandem_antelope::chain::TableQuery;
use tandem_antelope::chain::types::{
    Account, Permission, RamMarketRow, RexBalRow, RexFundRow, RexMaturityJson, RexPoolRow,
};
use tandem_antelope::history::types::{
    ActionsPage, Creator, HistoryTransaction, KeyAccounts, Links, Proposals,
};
use tandem_antelope::history::{ActionsQuery, HistoryClient, ProposalsQuery};
use tandem_antelope::keys::PublicKey;
use tandem_domain::antelope::{
    Asset, DelegatedBandwidth, Name, RamMarket, RefundRequest, RexMaturity, RexPool, matured_rex,
    ram_cost, rex_value, total_resources,
};
use tandem_domain::time::chain_time_seconds;

use super::NativeNetwork;
use crate::error::ServiceError;

/// An account with its resources read by the domain's rules.
#[derive(Debug, Clone)]
pub struct AccountResources {
    /// The chain's account answer.
    pub account: Account,
    /// The liquid system-token balance.
    pub liquid: Option<Asset>,
    /// Self-delegated CPU and NET.
    pub delegated: Option<DelegatedBandwidth>,
    /// CPU and NET being refunded.
    pub refund: Option<RefundRequest>,
    /// Self-delegated CPU and NET plus refunds.
    pub total: Asset,
}

/// An account's REX and its value.
#[derive(Debug, Clone)]
pub struct RexFacts {
    /// REX held.
    pub balance: Option<Asset>,
    /// The REX fund.
    pub fund: Option<Asset>,
    /// The pool's totals.
    pub pool: Option<RexPool>,
    /// rex_balance × total_lendable ÷ total_rex + fund, in the system token.
    pub value: Asset,
    /// REX maturing later, by time (the chain's clock, Unix seconds), the due ones included.
    pub maturities: Vec<RexMaturity>,
    /// The REX that may be sold now (on the chain's clock).
    pub matured: Option<Asset>,
    /// The chain's clock when read (Unix seconds).
    pub chain_now: i64,
}

fn chain_asset(text: &str) -> Result<Asset, ServiceError> {
    text.parse().map_err(ServiceError::InvalidChainData)
}

/// A chain time as Unix seconds; a malformed one is the chain's fault.
pub(crate) fn chain_clock(text: &str) -> Result<i64, ServiceError> {
    chain_time_seconds(text).ok_or_else(|| {
        ServiceError::InvalidChainData(tandem_domain::DomainError::InvalidChainTime(
            text.to_owned(),
        ))
    })
}

fn rex_maturities(rows: &[RexMaturityJson]) -> Result<Vec<RexMaturity>, ServiceError> {
    rows.iter()
        .map(|row| {
            Ok(RexMaturity {
                until: chain_clock(&row.key)?,
                rex: row.value,
            })
        })
        .collect()
}

/// The CPU and NET (or lendable and REX) halves of a chain answer.
fn chain_assets(first: &str, second: &str) -> Result<(Asset, Asset), ServiceError> {
    Ok((chain_asset(first)?, chain_asset(second)?))
}

impl NativeNetwork {
    /// The chain's account answer.
    ///
    /// # Errors
    /// An unknown account or a chain that does not answer.
    pub async fn account(&self, name: Name) -> Result<Account, ServiceError> {
        Ok(self.chain.get_account(name).await?)
    }

    /// The account's permissions, as the chain reports them.
    ///
    /// # Errors
    /// As [`Self::account`].
    pub async fn permissions(&self, name: Name) -> Result<Vec<Permission>, ServiceError> {
        Ok(self.account(name).await?.permissions)
    }

    /// The account and its resources (spec §3 "Native account data read").
    ///
    /// # Errors
    /// As [`Self::account`], or a malformed asset in the answer.
    pub async fn resources(&self, name: Name) -> Result<AccountResources, ServiceError> {
        let account = self.account(name).await?;
        let delegated = match &account.self_delegated_bandwidth {
            Some(own) => {
                let (cpu_weight, net_weight) = chain_assets(&own.cpu_weight, &own.net_weight)?;
                Some(DelegatedBandwidth {
                    cpu_weight,
                    net_weight,
                })
            }
            None => None,
        };
        let refund = match &account.refund_request {
            Some(refund) => {
                let (cpu_amount, net_amount) =
                    chain_assets(&refund.cpu_amount, &refund.net_amount)?;
                Some(RefundRequest {
                    cpu_amount,
                    net_amount,
                })
            }
            None => None,
        };
        let total = total_resources(self.system_symbol, delegated.as_ref(), refund.as_ref())
            .map_err(ServiceError::InvalidChainData)?;
        let liquid = account
            .core_liquid_balance
            .as_deref()
            .map(chain_asset)
            .transpose()?;
        Ok(AccountResources {
            account,
            liquid,
            delegated,
            refund,
            total,
        })
    }

    /// The account's REX, fund and the pool, and their value by the domain's formula.
    ///
    /// # Errors
    /// [`ServiceError::RexUnavailable`] when the pool cannot be read (no REX on this
    /// chain); a chain that does not answer; a malformed asset.
    pub async fn rex(&self, name: Name) -> Result<RexFacts, ServiceError> {
        let key = name.to_string();
        let queries = (
            TableQuery::all("eosio", "eosio", "rexpool", 1),
            TableQuery::row("eosio", "eosio", "rexbal", &key),
            TableQuery::row("eosio", "eosio", "rexfund", &key),
        );
        let (pool, balance, fund, info) = tokio::join!(
            self.chain.get_table_rows::<RexPoolRow>(&queries.0),
            self.chain.get_table_rows::<RexBalRow>(&queries.1),
            self.chain.get_table_rows::<RexFundRow>(&queries.2),
            self.chain.get_info(),
        );
        let chain_now = chain_clock(&info?.head_block_time)?;
        let rex_missing = |error: AntelopeError| ServiceError::RexUnavailable(error.into());
        let pool = pool.map_err(rex_missing)?.rows.into_iter().next();
        let balance = balance?.rows.into_iter().next();
        let fund = fund?.rows.into_iter().next();
        let pool = match pool {
            Some(row) => {
                let (total_lendable, total_rex) =
                    chain_assets(&row.total_lendable, &row.total_rex)?;
                Some(RexPool {
                    total_lendable,
                    total_rex,
                })
            }
            None => None,
        };
        let maturities = balance
            .as_ref()
            .map(|row| rex_maturities(&row.rex_maturities))
            .transpose()?
            .unwrap_or_default();
        let matured_units = balance
            .as_ref()
            .map(|row| matured_rex(row.matured_rex.unwrap_or(0), &maturities, chain_now));
        let balance = balance
            .map(|row| chain_asset(&row.rex_balance))
            .transpose()?;
        let matured = match (matured_units, balance) {
            (Some(units), Some(held)) => Some(
                Asset::new(units.min(held.amount), held.symbol)
                    .map_err(ServiceError::InvalidChainData)?,
            ),
            _ => None,
        };
        let fund = fund.map(|row| chain_asset(&row.balance)).transpose()?;
        let value = rex_value(
            self.system_symbol,
            balance.as_ref(),
            pool.as_ref(),
            fund.as_ref(),
        )
        .map_err(ServiceError::InvalidChainData)?;
        Ok(RexFacts {
            balance,
            fund,
            pool,
            value,
            maturities,
            matured,
            chain_now,
        })
    }

    /// What `buyrambytes` takes for `bytes` now (the RAM market's Bancor price and fee).
    ///
    /// # Errors
    /// The chain not answering; a market without the row or with malformed reserves.
    pub async fn ram_cost(&self, bytes: u32) -> Result<Asset, ServiceError> {
        ram_cost(&self.ram_market().await?, bytes).map_err(ServiceError::InvalidChainData)
    }

    /// The RAM market's reserves now.
    ///
    /// # Errors
    /// The chain not answering; a market without the row or with malformed reserves.
    pub async fn ram_market(&self) -> Result<RamMarket, ServiceError> {
        let query = TableQuery::all("eosio", "eosio", "rammarket", 1);
        let rows = self.chain.get_table_rows::<RamMarketRow>(&query).await?;
        let row = rows
            .rows
            .into_iter()
            .next()
            .ok_or(ServiceError::InvalidChainData(
                tandem_domain::DomainError::ValueTooLarge,
            ))?;
        let (ram_reserve, core_reserve) = chain_assets(&row.base.balance, &row.quote.balance)?;
        Ok(RamMarket {
            ram_reserve,
            core_reserve,
        })
    }

    /// The account's single `profiles` row, if it has one.
    ///
    /// # Errors
    /// When the chain does not answer.
    pub async fn profile(&self, name: Name) -> Result<Option<serde_json::Value>, ServiceError> {
        let key = name.to_string();
        let query = TableQuery::row("profiles", "profiles", "profiles", &key);
        let rows = self
            .chain
            .get_table_rows::<serde_json::Value>(&query)
            .await?;
        Ok(rows
            .rows
            .into_iter()
            .find(|row| row.get("account_name").and_then(|v| v.as_str()) == Some(key.as_str())))
    }

    /// The network's history service.
    ///
    /// # Errors
    /// [`ServiceError::HistoryNotConfigured`] when it has none.
    fn history_service(&self) -> Result<&HistoryClient, ServiceError> {
        self.history
            .as_ref()
            .ok_or(ServiceError::HistoryNotConfigured {
                network: self.settings.name,
            })
    }

    /// A page of actions.
    ///
    /// # Errors
    /// No history service, or it does not answer.
    pub async fn actions(&self, query: &ActionsQuery) -> Result<ActionsPage, ServiceError> {
        Ok(self.history_service()?.get_actions(query).await?)
    }

    /// A page of actions for an export: in the history service's bulk lane, behind the
    /// interactive reads.
    ///
    /// # Errors
    /// No history service, or it does not answer.
    pub async fn actions_in_bulk(&self, query: &ActionsQuery) -> Result<ActionsPage, ServiceError> {
        Ok(self.history_service()?.get_actions_in_bulk(query).await?)
    }

    /// One transaction by id, as the history service has it.
    ///
    /// # Errors
    /// No history service, or it does not answer.
    pub async fn transaction(&self, id: &str) -> Result<HistoryTransaction, ServiceError> {
        Ok(self.history_service()?.get_transaction(id).await?)
    }

    /// Who created `account`, when the history service knows.
    ///
    /// # Errors
    /// No history service, or it does not answer.
    pub async fn creator(&self, account: Name) -> Result<Option<Creator>, ServiceError> {
        Ok(self.history_service()?.get_creator(account).await?)
    }

    /// The accounts `account` created.
    ///
    /// # Errors
    /// No history service, or it does not answer.
    pub async fn children(&self, account: Name) -> Result<Vec<String>, ServiceError> {
        Ok(self.history_service()?.get_children(account).await?)
    }

    /// The account's permissions linked to contract actions.
    ///
    /// # Errors
    /// No history service, or it does not answer.
    pub async fn links(&self, account: Name) -> Result<Links, ServiceError> {
        Ok(self.history_service()?.get_links(account).await?)
    }

    /// Multisig proposals.
    ///
    /// # Errors
    /// No history service, or it does not answer.
    pub async fn proposals(&self, query: &ProposalsQuery) -> Result<Proposals, ServiceError> {
        Ok(self.history_service()?.get_proposals(query).await?)
    }

    /// The accounts with `key` in a permission.
    ///
    /// # Errors
    /// No history service, or it does not answer.
    pub async fn key_accounts(&self, key: &PublicKey) -> Result<KeyAccounts, ServiceError> {
        Ok(self.history_service()?.get_key_accounts(key).await?)
    }
}
