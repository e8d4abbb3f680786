//! The fee-sponsor (resource provider) client and the checked flow of spec §4:
//! availability (GET 200), the request, and the answer — 200 free, 402 with a fee, 400
//! "sign normally", anything else an error — verified with the domain's rules before
//! anyone signs it. Nothing here broadcasts.

use serde::{Deserialize, Serialize};
use tandem_domain::sponsor::{
    PermissionLevel, SponsorCharges, SponsorConfig, verify_sponsored_transaction,
};

use crate::chain::types::PackedTransaction;
use crate::error::AntelopeError;
use crate::error::Cause;
use crate::http::{RawAnswer, Service, excerpt};
use crate::transaction::{Transaction, TransactionJson};

/// The path of the request under the sponsor's base URL.
const REQUEST_PATH: &str = "v1/resource_provider/request_transaction";
/// How long a person waits on the sponsor before being offered to pay the resources
/// themselves. The public sponsor answers in well under a second.
pub const SPONSOR_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// What the sponsor says it charges (`data.costs`), as asset texts.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize, Serialize)]
pub struct Costs {
    /// CPU cost.
    #[serde(default)]
    pub cpu: Option<String>,
    /// NET cost.
    #[serde(default)]
    pub net: Option<String>,
    /// RAM cost.
    #[serde(default)]
    pub ram: Option<String>,
}

#[derive(Debug, Deserialize)]
struct AnswerData {
    request: (String, TransactionJson),
    #[serde(default)]
    signatures: Vec<String>,
    #[serde(default)]
    costs: Option<Costs>,
    #[serde(default)]
    fee: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Answer {
    #[serde(default)]
    message: Option<String>,
    data: AnswerData,
}

#[derive(Debug, Deserialize)]
struct Refusal {
    #[serde(default)]
    message: Option<String>,
    #[serde(default)]
    error: Option<serde_json::Value>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Request<'a> {
    signer: SignerJson,
    packed_transaction: &'a PackedTransaction,
}

#[derive(Serialize)]
struct SignerJson {
    actor: String,
    permission: String,
}

/// A sponsored transaction that passed every check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sponsored {
    /// What the user signs (the original actions plus the sponsor's).
    pub transaction: Transaction,
    /// The sponsor's signatures, to add to the user's.
    pub signatures: Vec<String>,
    /// The fee and RAM purchase found by the check.
    pub charges: SponsorCharges,
    /// Whether the sponsor asked for a fee (HTTP 402).
    pub fee_required: bool,
    /// The sponsor's stated costs, if any.
    pub costs: Option<Costs>,
    /// The sponsor's message, if any.
    pub message: Option<String>,
}

/// The sponsor's decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SponsorOutcome {
    /// 200 or 402, verified.
    Sponsored(Box<Sponsored>),
    /// 400: the user signs normally (resources not required, or request refused).
    SignNormally {
        /// Why, as the sponsor said.
        reason: String,
    },
}

/// The fee sponsor of one network.
#[derive(Debug, Clone)]
pub struct SponsorClient {
    service: Service,
    config: SponsorConfig,
}

impl SponsorClient {
    /// A client for the sponsor at `base`, checked against `config`.
    ///
    /// # Errors
    /// [`AntelopeError::InvalidUrl`].
    pub fn new(
        base: &str,
        client: reqwest::Client,
        config: SponsorConfig,
    ) -> Result<Self, AntelopeError> {
        Ok(Self {
            service: Service::new("fee_sponsor", base, client)?.with_timeout(SPONSOR_TIMEOUT),
            config,
        })
    }

    /// Whether the sponsor answers its base URL with 200.
    pub async fn is_available(&self) -> bool {
        matches!(self.service.get_raw("", &[]).await, Ok(answer) if answer.status == 200)
    }

    /// Asks the sponsor to co-sign `original` for `signer` and checks its answer.
    ///
    /// # Errors
    /// [`AntelopeError::SponsorUnavailable`] when the availability check fails,
    /// [`AntelopeError::SponsorUnexpectedCode`] for another status, a domain `sponsor.*`
    /// error when the answer breaks a rule, [`AntelopeError::InvalidResponse`] when it
    /// does not parse.
    pub async fn request(
        &self,
        signer: PermissionLevel,
        original: &Transaction,
    ) -> Result<SponsorOutcome, AntelopeError> {
        if !self.is_available().await {
            return Err(AntelopeError::SponsorUnavailable);
        }
        let request = Request {
            signer: SignerJson {
                actor: signer.actor.to_string(),
                permission: signer.permission.to_string(),
            },
            packed_transaction: &original.to_packed(Vec::new())?,
        };
        let answer = self.service.post_raw(REQUEST_PATH, &request).await?;
        self.check_answer(signer, original, &answer)
    }

    /// Interprets and verifies a raw sponsor answer (public so the rules can be tested on
    /// real answers mutated in tests).
    ///
    /// # Errors
    /// As [`SponsorClient::request`].
    pub fn check_answer(
        &self,
        signer: PermissionLevel,
        original: &Transaction,
        answer: &RawAnswer,
    ) -> Result<SponsorOutcome, AntelopeError> {
        let url = format!("{}/{REQUEST_PATH}", self.service.base());
        let invalid = |source: Cause| AntelopeError::InvalidResponse {
            url: url.clone(),
            source,
        };
        match answer.status {
            200 | 402 => {}
            400 => {
                let refusal: Option<Refusal> = serde_json::from_str(&answer.body).ok();
                let reason = refusal
                    .and_then(|r| r.message.or_else(|| r.error.map(|e| e.to_string())))
                    .unwrap_or_else(|| excerpt(&answer.body));
                return Ok(SponsorOutcome::SignNormally { reason });
            }
            other => return Err(AntelopeError::SponsorUnexpectedCode(other)),
        }
        let parsed: Answer =
            serde_json::from_str(&answer.body).map_err(|error| invalid(error.into()))?;
        let (kind, json) = &parsed.data.request;
        if kind != "transaction" {
            return Err(invalid(
                format!("request kind '{kind}' is not 'transaction'").into(),
            ));
        }
        let transaction = Transaction::try_from(json)?;
        check_header(original, &transaction)?;
        let charges = verify_sponsored_transaction(
            &original.actions,
            &transaction.actions,
            &signer,
            &self.config,
        )?;
        if parsed.data.signatures.is_empty() {
            return Err(invalid("the sponsor sent no signature".into()));
        }
        for signature in &parsed.data.signatures {
            signature.parse::<crate::keys::Signature>()?;
        }
        Ok(SponsorOutcome::Sponsored(Box::new(Sponsored {
            transaction,
            signatures: parsed.data.signatures,
            charges,
            fee_required: answer.status == 402,
            costs: parsed.data.costs.or_else(|| {
                parsed.data.fee.clone().map(|fee| Costs {
                    ram: Some(fee),
                    ..Costs::default()
                })
            }),
            message: parsed.message,
        })))
    }
}

/// The sponsor keeps the client's header: same TAPOS and expiration, no limits, delay,
/// context-free actions or extensions the user did not ask for.
fn check_header(original: &Transaction, returned: &Transaction) -> Result<(), AntelopeError> {
    let same = returned.expiration == original.expiration
        && returned.ref_block_num == original.ref_block_num
        && returned.ref_block_prefix == original.ref_block_prefix
        && returned.delay_sec == original.delay_sec
        && returned.max_cpu_usage_ms == original.max_cpu_usage_ms
        && returned.max_net_usage_words == original.max_net_usage_words
        && returned.context_free_actions == original.context_free_actions
        && returned.transaction_extensions == original.transaction_extensions;
    if same {
        Ok(())
    } else {
        Err(AntelopeError::SponsorHeaderChanged)
    }
}
