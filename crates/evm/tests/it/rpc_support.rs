//! Reading the devnet manifest's `seeded` facts in the types the reads return.

#![allow(dead_code, reason = "each test module uses a part")]

use std::str::FromStr;

use alloy::primitives::{Address, U256};
use serde_json::Value;
use tandem_testkit::EvmManifest;

/// An address from the manifest.
pub fn address(text: &str) -> Address {
    Address::from_str(text).unwrap_or_else(|error| panic!("address {text}: {error}"))
}

/// A decimal amount (string) or small number from the manifest.
pub fn amount(value: &Value) -> U256 {
    match value {
        Value::String(text) => {
            U256::from_str(text).unwrap_or_else(|error| panic!("{text}: {error}"))
        }
        Value::Number(number) => U256::from(number.as_u64().expect("small number")),
        other => panic!("not an amount: {other}"),
    }
}

/// A string field of a seeded row.
pub fn text<'a>(row: &'a Value, key: &str) -> &'a str {
    row[key]
        .as_str()
        .unwrap_or_else(|| panic!("{key} missing in {row}"))
}

/// An address field of a seeded row.
pub fn address_of(row: &Value, key: &str) -> Address {
    address(text(row, key))
}

/// The rows of one `seeded` list.
pub fn rows<'a>(manifest: &'a EvmManifest, key: &str) -> &'a [Value] {
    manifest.seeded[key]
        .as_array()
        .unwrap_or_else(|| panic!("seeded.{key} is not a list"))
}

/// A contract by its manifest key.
pub fn contract(manifest: &EvmManifest, key: &str) -> Address {
    address(
        manifest
            .contract(key)
            .unwrap_or_else(|| panic!("no contract {key}")),
    )
}

/// A named account's address.
pub fn account(manifest: &EvmManifest, name: &str) -> Address {
    address(
        &manifest
            .account(name)
            .unwrap_or_else(|| panic!("no account {name}"))
            .address,
    )
}
