//! Reads for staking and resources: the CPU and NET an account staked for itself and for
//! others, and what a RAM trade books at the market's price now.

use tandem_antelope::chain::TableQuery;
use tandem_antelope::chain::types::DelegatedBandwidthRow;
use tandem_domain::antelope::{Asset, Name, ram_purchase, ram_sale};

use super::NativeNetwork;
use crate::error::ServiceError;

/// Rows of `delband` read at once: an account rarely stakes for more receivers.
const DELEGATIONS_READ: u32 = 100;

/// CPU and NET staked for one receiver.
#[derive(Debug, Clone)]
pub struct Delegation {
    /// Who receives the resources.
    pub to: Name,
    /// CPU stake.
    pub cpu: Asset,
    /// NET stake.
    pub net: Asset,
}

/// An account's stakes, its own first.
#[derive(Debug, Clone)]
pub struct Delegations {
    /// The stakes.
    pub delegations: Vec<Delegation>,
    /// Whether more rows were left unread.
    pub more: bool,
}

/// A RAM trade to price.
#[derive(Debug, Clone)]
pub enum RamTrade {
    /// `buyram` for a plain decimal quantity of the system token.
    Buy(String),
    /// `sellram` of bytes.
    Sell(i64),
}

/// What a RAM trade books now.
#[derive(Debug, Clone, Copy)]
pub struct RamQuote {
    /// Bytes bought or sold.
    pub bytes: i64,
    /// What is paid (buy, fee included) or received (sell, after the fee).
    pub quantity: Asset,
    /// The fee in it.
    pub fee: Asset,
    /// What 1 KiB costs now, fee included.
    pub price_per_kib: Asset,
}

impl NativeNetwork {
    /// The CPU and NET `account` staked, by receiver (its own stake first).
    ///
    /// # Errors
    /// The chain not answering; a malformed row.
    pub async fn delegations(&self, account: Name) -> Result<Delegations, ServiceError> {
        let scope = account.to_string();
        let query = TableQuery::all("eosio", &scope, "delband", DELEGATIONS_READ);
        let page = self
            .chain
            .get_table_rows::<DelegatedBandwidthRow>(&query)
            .await?;
        let chain = |error| ServiceError::InvalidChainData(error);
        let mut delegations = page
            .rows
            .iter()
            .map(|row| {
                Ok(Delegation {
                    to: row.to.parse().map_err(chain)?,
                    cpu: row.cpu_weight.parse().map_err(chain)?,
                    net: row.net_weight.parse().map_err(chain)?,
                })
            })
            .collect::<Result<Vec<_>, ServiceError>>()?;
        delegations.sort_by_key(|row| (row.to != account, row.to.to_string()));
        Ok(Delegations {
            delegations,
            more: page.more,
        })
    }

    /// What `trade` books at the RAM market's price now.
    ///
    /// # Errors
    /// [`ServiceError::Field`] for a quantity or bytes the market cannot take; the chain not
    /// answering.
    pub async fn ram_quote(&self, trade: &RamTrade) -> Result<RamQuote, ServiceError> {
        let market = self.ram_market().await?;
        let price_per_kib = tandem_domain::antelope::ram_cost(&market, 1024)
            .map_err(ServiceError::InvalidChainData)?;
        match trade {
            RamTrade::Buy(text) => {
                let quantity = self.system_quantity("buy", text)?;
                let bought = ram_purchase(&market, &quantity)
                    .map_err(|error| ServiceError::field("buy", error))?;
                Ok(RamQuote {
                    bytes: bought.bytes,
                    quantity,
                    fee: bought.fee,
                    price_per_kib,
                })
            }
            RamTrade::Sell(bytes) => {
                let sold = ram_sale(&market, *bytes)
                    .map_err(|error| ServiceError::field("sell", error))?;
                Ok(RamQuote {
                    bytes: *bytes,
                    quantity: sold.received,
                    fee: sold.fee,
                    price_per_kib,
                })
            }
        }
    }
}
