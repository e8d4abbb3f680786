//! Which function a call names, for history rows and the transaction detail (spec §4
//! "Transaction action name"): the called contract's ABI first, else the built-in table
//! of well-known signatures (most contracts on the chain are unverified), else the
//! history service's signature lookup where the network has one (spec §7
//! `get_abi_signature`). Each selector is asked of the history service once a day,
//! "unknown" answers included, so history pages do not ask again; a failed lookup is
//! not kept, and the row just shows the selector.

use std::collections::HashMap;
use std::time::Duration;

use alloy::json_abi::Function;
use tandem_evm::calls::{
    FunctionSource, abi_function, known_function, selector, signature_function,
};
use tandem_evm::hyperion_evm::SignatureKind;

use super::EvmNetwork;
use crate::cache::{BoundedCache, CacheStore, Lifetimes};

/// How long a looked-up signature (or the service's "unknown") is kept.
pub const SIGNATURE_TTL: Duration = Duration::from_secs(24 * 60 * 60);
/// Most selectors one read asks the history service about; the rest show as selectors
/// until a later read (the answers are cached).
pub const MAX_LOOKUPS_PER_READ: usize = 16;

/// Text signatures by selector, as the history service answered.
pub type LookedUp = HashMap<[u8; 4], String>;

/// The history service's answers by selector (as a big-endian `u32`).
#[derive(Debug)]
pub struct SignatureLookups {
    answers: BoundedCache<u32, Option<String>>,
}

impl SignatureLookups {
    /// The cache, kept in `store`.
    #[must_use]
    pub fn new(store: &CacheStore) -> Self {
        Self {
            answers: store.cache("function_signatures", Lifetimes::answers(SIGNATURE_TTL)),
        }
    }
}

/// The function `input` calls on a contract whose ABI is `abi` (if known), and where
/// its description came from; `looked_up` holds what the history service said.
#[must_use]
pub fn call_function(
    abi: Option<&str>,
    input: &[u8],
    looked_up: &LookedUp,
) -> Option<(Function, FunctionSource)> {
    if let Some(function) = abi.and_then(|abi| abi_function(abi, input)) {
        return Some((function, FunctionSource::Abi));
    }
    if let Some(function) = known_function(input) {
        return Some((function, FunctionSource::KnownSignature));
    }
    let function = signature_function(looked_up.get(&selector(input)?)?)?;
    // The service's text must describe this very selector.
    (Some(function.selector().0) == selector(input)).then_some((function, FunctionSource::LookedUp))
}

impl EvmNetwork {
    /// The text signatures the history service knows for `selectors` (at most
    /// [`MAX_LOOKUPS_PER_READ`] of them asked; none on a network without the service).
    pub async fn looked_up_signatures(
        &self,
        selectors: impl IntoIterator<Item = [u8; 4]>,
    ) -> LookedUp {
        let mut found = LookedUp::new();
        let Some(service) = self.history_service() else {
            return found;
        };
        let cache = &self.account_caches().signatures.answers;
        let mut wanted: Vec<[u8; 4]> = selectors.into_iter().collect();
        wanted.sort_unstable();
        wanted.dedup();
        for selector in wanted.into_iter().take(MAX_LOOKUPS_PER_READ) {
            let answer = cache
                .get_or_fetch(u32::from_be_bytes(selector), || async move {
                    Ok(service
                        .signature(SignatureKind::Function, &selector)
                        .await?)
                })
                .await;
            match answer {
                Ok(Some(signature)) => {
                    found.insert(selector, signature);
                }
                Ok(None) => {}
                Err(error) => {
                    tracing::debug!(?selector, %error, "function signature lookup failed");
                }
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use alloy_primitives::keccak256;

    use super::*;

    fn selector_of(signature: &str) -> [u8; 4] {
        let hash = keccak256(signature.as_bytes());
        [hash[0], hash[1], hash[2], hash[3]]
    }

    #[test]
    fn the_abi_then_the_table_then_the_lookup_name_a_call() {
        let approve = selector_of("approve(address,uint256)");
        let abi = r#"[{"type":"function","name":"allow","inputs":[{"type":"address"},{"type":"uint256"}]}]"#;
        let lookups = LookedUp::from([(
            selector_of("transferAndCall(address,uint256,bytes)"),
            "transferAndCall(address,uint256,bytes)".to_owned(),
        )]);
        let named = |abi: Option<&str>, input: [u8; 4]| {
            call_function(abi, &input, &lookups).map(|(f, source)| (f.name, source))
        };
        assert_eq!(
            named(None, approve),
            Some(("approve".into(), FunctionSource::KnownSignature))
        );
        assert_eq!(
            named(Some(abi), selector_of("allow(address,uint256)")),
            Some(("allow".into(), FunctionSource::Abi))
        );
        assert_eq!(
            named(None, selector_of("transferAndCall(address,uint256,bytes)")),
            Some(("transferAndCall".into(), FunctionSource::LookedUp))
        );
        assert_eq!(named(None, [0xde, 0xad, 0xbe, 0xef]), None);
    }

    #[test]
    fn a_looked_up_text_for_another_selector_is_not_believed() {
        let wrong = LookedUp::from([([1, 2, 3, 4], "transfer(address,uint256)".to_owned())]);
        assert_eq!(call_function(None, &[1, 2, 3, 4], &wrong), None);
    }
}
