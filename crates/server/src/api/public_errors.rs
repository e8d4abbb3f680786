//! What a stranger is told when a service the server relies on fails: the stable code
//! and a sentence, never the failure's own text — it names the upstream's URL (which may
//! carry an operator's API key), the path asked for, or the start of the upstream's
//! answer. The whole cause goes to the log for the operator, beside the code.

use axum::http::StatusCode;
use serde_json::json;
use tandem_antelope::AntelopeError;

use super::error::ApiError;

/// Codes whose message is written for the user and carries nothing internal: the
/// chain's own refusal, the spec's sponsor wording, a source that cannot answer a kind
/// of question, the limits' own answers.
const OWN_WORDS: &[&str] = &[
    "antelope.chain.error",
    "sponsor.unexpected_code",
    "sponsor.header_changed",
    "sponsor.unavailable",
    "evm.unsupported",
    "server_busy",
    "request_timeout",
];

impl ApiError {
    /// An upstream failure (a 5xx) with its message replaced by [`public_sentence`], the
    /// cause logged; anything else as it is.
    #[must_use]
    pub fn without_internals(self, cause: &dyn std::error::Error) -> Self {
        if !self.status().is_server_error() || OWN_WORDS.contains(&self.code()) {
            return self;
        }
        let mut described = cause.to_string();
        let mut source = std::error::Error::source(cause);
        while let Some(current) = source {
            described.push_str(": ");
            described.push_str(&current.to_string());
            source = std::error::Error::source(current);
        }
        tracing::warn!(code = %self.code(), status = %self.status(), cause = %described, "upstream failure answered");
        let sentence = public_sentence(self.code());
        self.with_message(sentence)
    }
}

/// The sentence a stranger gets for an upstream failure with `code`.
#[must_use]
pub fn public_sentence(code: &str) -> &'static str {
    match code {
        "evm.rpc_unavailable" => "the network's node did not answer; try again in a moment",
        "sponsor.timeout" => "the fee sponsor did not answer in time",
        "sponsor.unreachable" => "the fee sponsor could not be reached",
        "sponsor.invalid_answer" => "the fee sponsor's answer could not be read",
        code if code.starts_with("evm.") => {
            "the network's data service did not answer as expected; try again in a moment"
        }
        code if code.starts_with("antelope.") => {
            "the network's chain or history service did not answer as expected; try again in a moment"
        }
        _ => "a service this server relies on did not answer as expected; try again in a moment",
    }
}

/// A failing fee sponsor, by what the user is told: it did not answer in time (504), it
/// could not be reached, it answered an unexpected status (with that status), or its answer
/// is not a transaction we can read or keeps the header we sent.
pub fn sponsor_failure(
    failure: &AntelopeError,
) -> (StatusCode, &'static str, Option<serde_json::Value>) {
    match failure {
        _ if failure.is_timeout() => (StatusCode::GATEWAY_TIMEOUT, "sponsor.timeout", None),
        AntelopeError::Unreachable { .. } => (StatusCode::BAD_GATEWAY, "sponsor.unreachable", None),
        AntelopeError::SponsorUnexpectedCode(status) => (
            StatusCode::BAD_GATEWAY,
            failure.code(),
            Some(json!({ "sponsorStatus": status })),
        ),
        AntelopeError::SponsorHeaderChanged => (StatusCode::BAD_GATEWAY, failure.code(), None),
        _ => (StatusCode::BAD_GATEWAY, "sponsor.invalid_answer", None),
    }
}

#[cfg(test)]
mod tests {
    use axum::response::IntoResponse;

    use super::*;
    use crate::error::ServiceError;

    async fn body_of(error: ApiError) -> String {
        let response = error.into_response();
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 16)
            .await
            .unwrap();
        String::from_utf8_lossy(&bytes).into_owned()
    }

    #[tokio::test]
    async fn a_502_names_no_url_and_keeps_its_code() {
        let secret = "https://node.example/v1/KEY-123/v1/chain/get_account";
        let unreachable = reqwest::Client::new()
            .get("http://127.0.0.1:1/")
            .send()
            .await
            .unwrap_err();
        let error = ApiError::from(ServiceError::from(AntelopeError::Unreachable {
            url: secret.to_owned(),
            source: unreachable,
        }));
        assert_eq!(error.status(), StatusCode::BAD_GATEWAY);
        assert_eq!(error.code(), "antelope.network.unreachable");
        let body = body_of(error).await;
        assert!(!body.contains("://") && !body.contains("KEY-123"), "{body}");
        let status = ApiError::from(ServiceError::from(AntelopeError::Status {
            url: secret.to_owned(),
            status: 500,
            body: "internal details of node.example".to_owned(),
        }));
        let body = body_of(status).await;
        assert!(!body.contains("node.example"), "{body}");
        let evm = ApiError::from(tandem_evm::EvmError::Rpc {
            method: "eth_call",
            reason: "error sending request for url (http://10.0.0.5:8545/)".to_owned(),
        });
        let body = body_of(evm).await;
        assert!(
            body.contains("evm.rpc_unavailable") && !body.contains("10.0.0.5"),
            "{body}"
        );
    }

    #[tokio::test]
    async fn the_users_own_words_stay() {
        let sponsor = ApiError::from(ServiceError::SponsorFailed(std::sync::Arc::new(
            AntelopeError::SponsorUnexpectedCode(500),
        )));
        assert!(
            body_of(sponsor)
                .await
                .contains("Code 500 not expected from resource provider endpoint")
        );
        let refused = ApiError::from(crate::limits::Busy::Server);
        assert!(body_of(refused).await.contains("server_busy"));
    }
}
