//! The chain API client (`/v1/chain/*`): reads, transaction headers with TAPOS, action
//! data packed with the contract's ABI, and broadcast.

pub mod types;

use serde::Serialize;
use serde::de::DeserializeOwned;
use tandem_domain::antelope::{Asset, Name};
use tandem_domain::sponsor::{Action, PermissionLevel};

use crate::error::AntelopeError;
use crate::http::Service;
use crate::transaction::{HeaderOptions, Tapos, Transaction};
use types::{
    AbiAnswer, Account, Block, Info, PackedTransaction, ProducerSchedule, Producers, PushResult,
    Scopes, TableRows,
};

/// A `get_table_rows` request (`json: true` always: rows come decoded by the node).
#[derive(Debug, Clone, Default, Serialize)]
pub struct TableQuery {
    /// The contract.
    pub code: String,
    /// The scope.
    pub scope: String,
    /// The table.
    pub table: String,
    /// Lowest key, inclusive.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower_bound: Option<String>,
    /// Highest key, inclusive.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upper_bound: Option<String>,
    /// Most rows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u32>,
    /// Key type of a secondary index (`name`, `i64`, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key_type: Option<String>,
    /// Index position (1 = primary).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index_position: Option<String>,
    /// Newest first.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub reverse: bool,
}

impl TableQuery {
    /// The row of `table` whose primary key is `key` (a name, such as an account).
    #[must_use]
    pub fn row(code: &str, scope: &str, table: &str, key: &str) -> Self {
        Self {
            code: code.to_owned(),
            scope: scope.to_owned(),
            table: table.to_owned(),
            lower_bound: Some(key.to_owned()),
            upper_bound: Some(key.to_owned()),
            limit: Some(1),
            ..Self::default()
        }
    }

    /// Every row (up to `limit`) of a table.
    #[must_use]
    pub fn all(code: &str, scope: &str, table: &str, limit: u32) -> Self {
        Self {
            code: code.to_owned(),
            scope: scope.to_owned(),
            table: table.to_owned(),
            limit: Some(limit),
            ..Self::default()
        }
    }
}

#[derive(Serialize)]
struct JsonTableQuery<'a> {
    json: bool,
    #[serde(flatten)]
    query: &'a TableQuery,
}

/// The chain API of one node.
#[derive(Debug, Clone)]
pub struct ChainClient {
    service: Service,
}

impl ChainClient {
    /// A client for the node at `base` (e.g. `https://mainnet.telos.net`).
    ///
    /// # Errors
    /// [`AntelopeError::InvalidUrl`].
    pub fn new(base: &str, client: reqwest::Client) -> Result<Self, AntelopeError> {
        Ok(Self {
            service: Service::new("antelope_chain", base, client)?,
        })
    }

    async fn call<B: Serialize + ?Sized, T: DeserializeOwned>(
        &self,
        name: &str,
        body: &B,
    ) -> Result<T, AntelopeError> {
        self.service.post(&format!("v1/chain/{name}"), body).await
    }

    /// `get_info`.
    ///
    /// # Errors
    /// Any [`AntelopeError`] of the call.
    pub async fn get_info(&self) -> Result<Info, AntelopeError> {
        self.call("get_info", &serde_json::json!({})).await
    }

    /// `get_account`; an unknown account is a [`crate::ChainError`] with
    /// [`crate::ChainError::is_unknown_account`].
    ///
    /// # Errors
    /// Any [`AntelopeError`] of the call.
    pub async fn get_account(&self, account: Name) -> Result<Account, AntelopeError> {
        self.call(
            "get_account",
            &serde_json::json!({ "account_name": account }),
        )
        .await
    }

    /// `get_abi`.
    ///
    /// # Errors
    /// Any [`AntelopeError`] of the call.
    pub async fn get_abi(&self, account: Name) -> Result<AbiAnswer, AntelopeError> {
        self.call("get_abi", &serde_json::json!({ "account_name": account }))
            .await
    }

    /// `get_currency_balance`, parsed into exact assets.
    ///
    /// # Errors
    /// Any [`AntelopeError`] of the call, or a domain error for an asset that does not parse.
    pub async fn get_currency_balance(
        &self,
        code: Name,
        account: Name,
        symbol: Option<&str>,
    ) -> Result<Vec<Asset>, AntelopeError> {
        let mut body = serde_json::json!({ "code": code, "account": account });
        if let Some(symbol) = symbol {
            body["symbol"] = serde_json::Value::from(symbol);
        }
        let texts: Vec<String> = self.call("get_currency_balance", &body).await?;
        texts
            .iter()
            .map(|text| text.parse().map_err(AntelopeError::from))
            .collect()
    }

    /// `get_table_rows` with rows decoded as `T`.
    ///
    /// # Errors
    /// Any [`AntelopeError`] of the call; rows that are not `T` are
    /// [`AntelopeError::InvalidResponse`].
    pub async fn get_table_rows<T: DeserializeOwned>(
        &self,
        query: &TableQuery,
    ) -> Result<TableRows<T>, AntelopeError> {
        let body = JsonTableQuery { json: true, query };
        self.call("get_table_rows", &body).await
    }

    /// `get_table_by_scope`.
    ///
    /// # Errors
    /// Any [`AntelopeError`] of the call.
    pub async fn get_table_by_scope(
        &self,
        code: Name,
        table: Option<Name>,
        lower_bound: Option<&str>,
        limit: u32,
    ) -> Result<Scopes, AntelopeError> {
        let mut body = serde_json::json!({ "code": code, "limit": limit });
        if let Some(table) = table {
            body["table"] = serde_json::Value::from(table.to_string());
        }
        if let Some(lower_bound) = lower_bound {
            body["lower_bound"] = serde_json::Value::from(lower_bound);
        }
        self.call("get_table_by_scope", &body).await
    }

    /// `get_block` by number or id.
    ///
    /// # Errors
    /// Any [`AntelopeError`] of the call.
    pub async fn get_block(&self, number_or_id: &str) -> Result<Block, AntelopeError> {
        self.call(
            "get_block",
            &serde_json::json!({ "block_num_or_id": number_or_id }),
        )
        .await
    }

    /// `get_producers` (JSON rows), from `lower_bound` (the previous page's `more`) when given.
    /// A node stops a page at its time limit and says where to go on in `more`.
    ///
    /// # Errors
    /// Any [`AntelopeError`] of the call.
    pub async fn get_producers(
        &self,
        limit: u32,
        lower_bound: Option<&str>,
    ) -> Result<Producers, AntelopeError> {
        self.call(
            "get_producers",
            &serde_json::json!({
                "json": true,
                "limit": limit,
                "lower_bound": lower_bound.unwrap_or_default(),
            }),
        )
        .await
    }

    /// `get_producer_schedule`.
    ///
    /// # Errors
    /// Any [`AntelopeError`] of the call.
    pub async fn get_producer_schedule(&self) -> Result<ProducerSchedule, AntelopeError> {
        self.call("get_producer_schedule", &serde_json::json!({}))
            .await
    }

    /// `push_transaction`: broadcasts a signed transaction and waits for its execution.
    ///
    /// # Errors
    /// Any [`AntelopeError`]; the chain's refusal (bad signature, assertion) is
    /// [`AntelopeError::Chain`].
    pub async fn push_transaction(
        &self,
        packed: &PackedTransaction,
    ) -> Result<PushResult, AntelopeError> {
        self.call("push_transaction", packed).await
    }

    /// `send_transaction`: as [`ChainClient::push_transaction`] on nodes that prefer it.
    ///
    /// # Errors
    /// As [`ChainClient::push_transaction`].
    pub async fn send_transaction(
        &self,
        packed: &PackedTransaction,
    ) -> Result<PushResult, AntelopeError> {
        self.call("send_transaction", packed).await
    }

    /// TAPOS and expiration for a new transaction: the block `blocks_behind` the head
    /// is the reference; expiration is its time plus `expire_seconds`.
    ///
    /// # Errors
    /// Any [`AntelopeError`] of `get_info` or `get_block`.
    pub async fn transaction_header(
        &self,
        options: HeaderOptions,
    ) -> Result<(Tapos, u32), AntelopeError> {
        let info = self.get_info().await?;
        let number = info
            .head_block_num
            .saturating_sub(options.blocks_behind)
            .max(1);
        let block = self.get_block(&number.to_string()).await?;
        let tapos = Tapos::from_block_id(&block.id)?;
        let seconds = crate::time::parse_millis(&block.timestamp)?.div_euclid(1000);
        let expiration =
            u32::try_from(seconds + i64::from(options.expire_seconds)).map_err(|_| {
                AntelopeError::InvalidResponse {
                    url: self.service.base().to_owned(),
                    source: format!("block time '{}' out of range", block.timestamp).into(),
                }
            })?;
        Ok((tapos, expiration))
    }

    /// A new unsigned transaction of `actions` with a fresh header.
    ///
    /// # Errors
    /// As [`ChainClient::transaction_header`].
    pub async fn new_transaction(
        &self,
        actions: Vec<Action>,
        options: HeaderOptions,
    ) -> Result<Transaction, AntelopeError> {
        let (tapos, expiration) = self.transaction_header(options).await?;
        Ok(Transaction::new(tapos, expiration, actions))
    }

    /// An action with its JSON data packed by the contract's ABI (read from the chain).
    ///
    /// # Errors
    /// Any [`AntelopeError`] of `get_abi`, or [`AntelopeError::Abi`] when the contract has
    /// no ABI or the data does not fit it.
    pub async fn action(
        &self,
        contract: Name,
        action: Name,
        authorization: Vec<PermissionLevel>,
        data: &serde_json::Value,
    ) -> Result<Action, AntelopeError> {
        let abi = self
            .get_abi(contract)
            .await?
            .abi
            .ok_or_else(|| AntelopeError::Abi(format!("{contract} has no ABI")))?;
        Ok(Action {
            account: contract,
            name: action,
            authorization,
            data: abi.encode_action(&action.to_string(), data)?,
        })
    }
}
