//! The fee-sponsor check and the push of a client-signed transaction. The server never
//! signs and never broadcasts on its own: the sponsor check only answers what the client
//! would sign, and the push only forwards what the client signed.

use tandem_antelope::chain::types::PackedTransaction;
use tandem_antelope::sponsor::SponsorOutcome;
use tandem_antelope::{AntelopeError, Transaction};
use tandem_domain::sponsor::PermissionLevel;

use super::NativeNetwork;
use crate::error::ServiceError;

impl NativeNetwork {
    /// Asks the network's fee sponsor to co-sign `original` for `signer` and verifies its
    /// answer. Without a sponsor the answer is to sign normally.
    ///
    /// # Errors
    /// [`ServiceError::SponsorRefused`] when the sponsor's answer breaks a rule of the
    /// verified flow; [`ServiceError::SponsorFailed`] when it fails otherwise (only its
    /// failed availability check is a plain [`AntelopeError::SponsorUnavailable`]: the
    /// flow then signs normally).
    pub async fn sponsor(
        &self,
        signer: PermissionLevel,
        original: &Transaction,
    ) -> Result<SponsorOutcome, ServiceError> {
        let Some(sponsor) = &self.sponsor else {
            return Ok(SponsorOutcome::SignNormally {
                reason: "no fee sponsor is configured for this network".to_owned(),
            });
        };
        match sponsor.request(signer, original).await {
            Ok(outcome) => Ok(outcome),
            Err(AntelopeError::Domain(rule)) => {
                tracing::warn!(network = %self.settings.name, code = rule.code(), "sponsor answer refused");
                Err(ServiceError::SponsorRefused(rule))
            }
            Err(AntelopeError::SponsorUnavailable) => Err(AntelopeError::SponsorUnavailable.into()),
            Err(error) => {
                tracing::warn!(network = %self.settings.name, %error, "fee sponsor failed");
                Err(ServiceError::SponsorFailed(std::sync::Arc::new(error)))
            }
        }
    }

    /// Broadcasts a transaction the client signed; its id.
    ///
    /// # Errors
    /// [`ServiceError::ChainRefused`] with the chain's reason; the chain not answering.
    pub async fn push(&self, transaction: &PackedTransaction) -> Result<String, ServiceError> {
        match self.chain.push_transaction(transaction).await {
            Ok(result) => Ok(result.transaction_id),
            Err(AntelopeError::Chain(chain)) => Err(ServiceError::ChainRefused(chain)),
            Err(error) => Err(error.into()),
        }
    }
}
