//! A contract's ABI (from `get_abi`) and action data packed with it: JSON action data in,
//! the chain's binary form out, so the wallet never trusts a node's `abi_json_to_bin`.
//!
//! Supported: every built-in type of the ABI 1.x format except `float128`, typedefs,
//! structs with bases, arrays (`T[]`), optionals (`T?`), binary extensions (`T$`) and
//! variants (JSON `["type", value]`).

mod encode;

use serde::Deserialize;

use crate::error::AntelopeError;
use crate::lenient::vec_or_null;

/// `{new_type_name, type}`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct TypeDef {
    /// The alias.
    pub new_type_name: String,
    /// What it stands for.
    #[serde(rename = "type")]
    pub type_name: String,
}

/// `{name, type}` of a struct.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Field {
    /// Field name (the JSON key).
    pub name: String,
    /// Its type.
    #[serde(rename = "type")]
    pub type_name: String,
}

/// A struct.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Struct {
    /// Its name.
    pub name: String,
    /// A struct whose fields come first, or empty.
    #[serde(default)]
    pub base: String,
    /// Its own fields.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub fields: Vec<Field>,
}

/// `{name, type}` of an action.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct AbiAction {
    /// The action name.
    pub name: String,
    /// The struct of its data.
    #[serde(rename = "type")]
    pub type_name: String,
}

/// A variant: one of several types.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Variant {
    /// Its name.
    pub name: String,
    /// The alternatives, in index order.
    pub types: Vec<String>,
}

/// A contract ABI.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Abi {
    /// `eosio::abi/1.x`.
    #[serde(default)]
    pub version: String,
    /// Aliases.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub types: Vec<TypeDef>,
    /// Structs.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub structs: Vec<Struct>,
    /// Actions.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub actions: Vec<AbiAction>,
    /// Variants.
    #[serde(default, deserialize_with = "vec_or_null")]
    pub variants: Vec<Variant>,
}

impl Abi {
    /// The data type of an action.
    ///
    /// # Errors
    /// [`AntelopeError::Abi`] when the contract has no such action.
    pub fn action_type(&self, action: &str) -> Result<&str, AntelopeError> {
        self.actions
            .iter()
            .find(|candidate| candidate.name == action)
            .map(|candidate| candidate.type_name.as_str())
            .ok_or_else(|| AntelopeError::Abi(format!("the ABI has no action '{action}'")))
    }

    /// Packs an action's JSON data with this ABI.
    ///
    /// # Errors
    /// [`AntelopeError::Abi`] naming the field that does not fit its type.
    pub fn encode_action(
        &self,
        action: &str,
        data: &serde_json::Value,
    ) -> Result<Vec<u8>, AntelopeError> {
        let type_name = self.action_type(action)?;
        self.encode(type_name, data)
    }

    /// Packs a JSON value of any type the ABI knows.
    ///
    /// # Errors
    /// [`AntelopeError::Abi`] naming the field that does not fit its type.
    pub fn encode(
        &self,
        type_name: &str,
        value: &serde_json::Value,
    ) -> Result<Vec<u8>, AntelopeError> {
        let mut writer = crate::codec::Writer::new();
        encode::Encoder::new(self).value(&mut writer, type_name, value, type_name, 0)?;
        Ok(writer.into_bytes())
    }

    fn resolve<'a>(&'a self, mut type_name: &'a str) -> &'a str {
        // Typedef chains are short; the bound stops a cyclic ABI.
        for _ in 0..32 {
            match self.types.iter().find(|def| def.new_type_name == type_name) {
                Some(def) => type_name = &def.type_name,
                None => break,
            }
        }
        type_name
    }
}
