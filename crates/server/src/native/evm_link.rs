//! One account, both chains: the `eosio.evm` contract's `account` table links a native
//! account to its address on the network's EVM (spec §7 "get EVM account by native
//! account"). Read by account (secondary index 3, `name`) and by address (secondary index
//! 2, `sha256` of the address left-padded to 32 bytes), as the Telos EVM contract keys them.

use alloy_primitives::{Address, U256};
use tandem_antelope::chain::TableQuery;
use tandem_antelope::chain::types::EvmAccountRow;
use tandem_domain::antelope::Name;
use tandem_domain::network::NetworkName;

use super::NativeNetwork;
use crate::error::ServiceError;

/// The Telos EVM contract, on every native Telos chain.
const EVM_CONTRACT: &str = "eosio.evm";
const ACCOUNT_TABLE: &str = "account";

/// One row of the account table by a secondary index (`2`: the padded address, `3`: the name).
pub(super) fn account_query(index_position: &str, key_type: &str, key: String) -> TableQuery {
    TableQuery {
        code: EVM_CONTRACT.to_owned(),
        scope: EVM_CONTRACT.to_owned(),
        table: ACCOUNT_TABLE.to_owned(),
        lower_bound: Some(key.clone()),
        upper_bound: Some(key),
        limit: Some(1),
        key_type: Some(key_type.to_owned()),
        index_position: Some(index_position.to_owned()),
        reverse: false,
    }
}

impl NativeNetwork {
    /// The EVM network this native chain's accounts are linked into, if it has one.
    #[must_use]
    pub fn linked_evm_network(&self) -> Option<NetworkName> {
        self.settings.linked_network
    }

    /// The EVM address linked to `account`, when it has one.
    ///
    /// # Errors
    /// The chain not answering; an address in the table that is not 20 bytes.
    pub async fn linked_evm_address(&self, account: Name) -> Result<Option<Address>, ServiceError> {
        Ok(self
            .linked_evm_row(account)
            .await?
            .map(|(address, _)| address))
    }

    /// The EVM address linked to `account` and the TLOS (wei) the `eosio.evm` table holds
    /// for it — what a `withdraw` can take — when it has one.
    ///
    /// # Errors
    /// The chain not answering; an address or balance in the table that does not read.
    pub async fn linked_evm_row(
        &self,
        account: Name,
    ) -> Result<Option<(Address, U256)>, ServiceError> {
        if self.linked_evm_network().is_none() {
            return Ok(None);
        }
        let query = account_query("3", "name", account.to_string());
        let rows = self.chain.get_table_rows::<EvmAccountRow>(&query).await?;
        let wanted = account.to_string();
        rows.rows
            .into_iter()
            .find(|row| row.account == wanted)
            .map(|row| Ok((parse_address(&row.address)?, parse_balance(&row.balance)?)))
            .transpose()
    }

    /// The native account linked to the EVM `address`, when one is.
    ///
    /// # Errors
    /// The chain not answering; an account name in the table that is not a name.
    pub async fn linked_native_account(
        &self,
        address: Address,
    ) -> Result<Option<Name>, ServiceError> {
        if self.linked_evm_network().is_none() {
            return Ok(None);
        }
        let hex = alloy_primitives::hex::encode(address.as_slice());
        let query = account_query("2", "sha256", format!("{}{hex}", "0".repeat(24)));
        let rows = self.chain.get_table_rows::<EvmAccountRow>(&query).await?;
        // A row `openwallet` opened (for a deposit's recipient) names no account: its
        // `account` is the empty name.
        rows.rows
            .into_iter()
            .find(|row| row.address.eq_ignore_ascii_case(&hex))
            .filter(|row| !row.account.is_empty())
            .map(|row| row.account.parse().map_err(ServiceError::InvalidChainData))
            .transpose()
    }
}

fn parse_address(hex: &str) -> Result<Address, ServiceError> {
    format!("0x{hex}")
        .parse()
        .map_err(|_| ServiceError::InvalidChainData(tandem_domain::DomainError::InvalidAddress))
}

/// A checksum256 balance: 64 big-endian hex digits (empty reads as zero).
fn parse_balance(hex: &str) -> Result<U256, ServiceError> {
    if hex.is_empty() {
        return Ok(U256::ZERO);
    }
    U256::from_str_radix(hex, 16)
        .map_err(|_| ServiceError::InvalidChainData(tandem_domain::DomainError::ValueTooLarge))
}
