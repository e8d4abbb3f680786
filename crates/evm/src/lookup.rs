//! Contract lookup in the spec's order (§4 "Contract lookup order").

use crate::source::ContractRecord;

/// What one lookup step knows of a contract: the record and, when known, its ABI as
/// JSON text.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ContractFacts {
    /// The contract record.
    pub record: ContractRecord,
    /// The ABI (a JSON array, as text), when the step has one.
    pub abi: Option<String>,
}
