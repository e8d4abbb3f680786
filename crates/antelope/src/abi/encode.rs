//! JSON → binary with an [`Abi`]: the walk over types, and the built-in types.

use serde_json::Value;
use tandem_domain::antelope::{Asset, Name, Symbol, SymbolCode};

use super::Abi;
use crate::codec::Writer;
use crate::error::AntelopeError;
use crate::keys::{PublicKey, Signature};

/// Nesting deeper than this is refused (a hostile ABI could recurse forever).
const MAX_DEPTH: usize = 64;
/// Milliseconds from the Unix epoch to 2000-01-01, the block timestamp epoch.
const BLOCK_EPOCH_MS: i64 = 946_684_800_000;

pub(super) struct Encoder<'a> {
    abi: &'a Abi,
}

fn fail(path: &str, reason: impl std::fmt::Display) -> AntelopeError {
    AntelopeError::Abi(format!("{path}: {reason}"))
}

fn integer<T: TryFrom<i128>>(
    value: &Value,
    path: &str,
    type_name: &str,
) -> Result<T, AntelopeError> {
    let wide: Option<i128> = match value {
        Value::Number(number) => number
            .as_i64()
            .map(i128::from)
            .or_else(|| number.as_u64().map(i128::from)),
        Value::String(text) => text.trim().parse().ok(),
        Value::Bool(flag) => Some(i128::from(*flag)),
        _ => None,
    };
    wide.and_then(|wide| T::try_from(wide).ok())
        .ok_or_else(|| fail(path, format!("{value} is not a {type_name}")))
}

fn text<'v>(value: &'v Value, path: &str, type_name: &str) -> Result<&'v str, AntelopeError> {
    value
        .as_str()
        .ok_or_else(|| fail(path, format!("{value} is not a {type_name} string")))
}

fn hex_bytes(value: &Value, path: &str, length: Option<usize>) -> Result<Vec<u8>, AntelopeError> {
    let bytes = hex::decode(text(value, path, "hex")?).map_err(|error| fail(path, error))?;
    match length {
        Some(expected) if bytes.len() != expected => Err(fail(
            path,
            format!("expected {expected} bytes, got {}", bytes.len()),
        )),
        _ => Ok(bytes),
    }
}

fn name(value: &Value, path: &str) -> Result<Name, AntelopeError> {
    text(value, path, "name")?
        .parse()
        .map_err(|error| fail(path, error))
}

fn float(value: &Value, path: &str) -> Result<f64, AntelopeError> {
    match value {
        Value::Number(number) => number.as_f64(),
        Value::String(text) => text.trim().parse().ok(),
        _ => None,
    }
    .ok_or_else(|| fail(path, format!("{value} is not a number")))
}

fn millis(value: &Value, path: &str) -> Result<i64, AntelopeError> {
    crate::time::parse_millis(text(value, path, "time")?).map_err(|error| fail(path, error))
}

impl<'a> Encoder<'a> {
    pub(super) fn new(abi: &'a Abi) -> Self {
        Self { abi }
    }

    pub(super) fn value(
        &self,
        out: &mut Writer,
        type_name: &str,
        value: &Value,
        path: &str,
        depth: usize,
    ) -> Result<(), AntelopeError> {
        if depth > MAX_DEPTH {
            return Err(fail(path, "nested too deeply"));
        }
        let type_name = self.abi.resolve(type_name);
        if let Some(inner) = type_name.strip_suffix("[]") {
            let items = value
                .as_array()
                .ok_or_else(|| fail(path, "expected an array"))?;
            let count = u32::try_from(items.len()).map_err(|_| fail(path, "array too long"))?;
            out.varuint32(count);
            for (index, item) in items.iter().enumerate() {
                self.value(out, inner, item, &format!("{path}[{index}]"), depth + 1)?;
            }
            return Ok(());
        }
        if let Some(inner) = type_name.strip_suffix('?') {
            if value.is_null() {
                out.u8(0);
                return Ok(());
            }
            out.u8(1);
            return self.value(out, inner, value, path, depth + 1);
        }
        if let Some(inner) = type_name.strip_suffix('$') {
            return self.value(out, inner, value, path, depth + 1);
        }
        if self.builtin(out, type_name, value, path)? {
            return Ok(());
        }
        if let Some(variant) = self.abi.variants.iter().find(|v| v.name == type_name) {
            let pair = value.as_array().filter(|pair| pair.len() == 2);
            let (Some(Value::String(chosen)), Some(inner)) =
                (pair.and_then(|p| p.first()), pair.and_then(|p| p.get(1)))
            else {
                return Err(fail(path, "expected [\"type\", value] for a variant"));
            };
            let index = variant
                .types
                .iter()
                .position(|candidate| candidate == chosen)
                .ok_or_else(|| fail(path, format!("'{chosen}' is not in variant {type_name}")))?;
            out.varuint32(u32::try_from(index).map_err(|_| fail(path, "variant too wide"))?);
            return self.value(out, chosen, inner, path, depth + 1);
        }
        self.structure(out, type_name, value, path, depth)
    }

    fn structure(
        &self,
        out: &mut Writer,
        type_name: &str,
        value: &Value,
        path: &str,
        depth: usize,
    ) -> Result<(), AntelopeError> {
        let definition = self
            .abi
            .structs
            .iter()
            .find(|candidate| candidate.name == type_name)
            .ok_or_else(|| fail(path, format!("unknown type '{type_name}'")))?;
        let object = value
            .as_object()
            .ok_or_else(|| fail(path, format!("expected an object for {type_name}")))?;
        if !definition.base.is_empty() {
            self.structure(out, &definition.base, value, path, depth + 1)?;
        }
        for field in &definition.fields {
            let field_path = format!("{path}.{}", field.name);
            match object.get(&field.name) {
                Some(field_value) => {
                    self.value(out, &field.type_name, field_value, &field_path, depth + 1)?;
                }
                // A missing binary extension ends the struct; everything after it must be missing too.
                None if field.type_name.ends_with('$') => return Ok(()),
                None if field.type_name.ends_with('?') => out.u8(0),
                None => return Err(fail(&field_path, "missing")),
            }
        }
        Ok(())
    }

    /// Writes a built-in type; `false` when `type_name` is not one.
    fn builtin(
        &self,
        out: &mut Writer,
        type_name: &str,
        value: &Value,
        path: &str,
    ) -> Result<bool, AntelopeError> {
        match type_name {
            "bool" => match value {
                Value::Bool(flag) => out.u8(u8::from(*flag)),
                _ => out.u8(integer::<u8>(value, path, type_name).map(|n| u8::from(n != 0))?),
            },
            "int8" => out.raw(&integer::<i8>(value, path, type_name)?.to_le_bytes()),
            "uint8" => out.u8(integer(value, path, type_name)?),
            "int16" => out.raw(&integer::<i16>(value, path, type_name)?.to_le_bytes()),
            "uint16" => out.u16(integer(value, path, type_name)?),
            "int32" => out.raw(&integer::<i32>(value, path, type_name)?.to_le_bytes()),
            "uint32" => out.u32(integer(value, path, type_name)?),
            "int64" => out.raw(&integer::<i64>(value, path, type_name)?.to_le_bytes()),
            "uint64" => out.u64(integer(value, path, type_name)?),
            "int128" => out.raw(&integer::<i128>(value, path, type_name)?.to_le_bytes()),
            "uint128" => out.raw(&integer::<u128>(value, path, type_name)?.to_le_bytes()),
            "varint32" => out.varint32(integer(value, path, type_name)?),
            "varuint32" => out.varuint32(integer(value, path, type_name)?),
            "float32" => {
                #[allow(
                    clippy::cast_possible_truncation,
                    reason = "float32 is the declared width"
                )]
                let narrow = float(value, path)? as f32;
                out.raw(&narrow.to_le_bytes());
            }
            "float64" => out.raw(&float(value, path)?.to_le_bytes()),
            "name" => out.u64(name(value, path)?.as_u64()),
            "string" => out.bytes(text(value, path, type_name)?.as_bytes())?,
            "bytes" => out.bytes(&hex_bytes(value, path, None)?)?,
            "checksum160" => out.raw(&hex_bytes(value, path, Some(20))?),
            "checksum256" => out.raw(&hex_bytes(value, path, Some(32))?),
            "checksum512" => out.raw(&hex_bytes(value, path, Some(64))?),
            "time_point_sec" => {
                let seconds = millis(value, path)?.div_euclid(1000);
                out.u32(u32::try_from(seconds).map_err(|_| fail(path, "time out of range"))?);
            }
            "time_point" => out.raw(&millis(value, path)?.saturating_mul(1000).to_le_bytes()),
            "block_timestamp_type" => {
                let slots = (millis(value, path)? - BLOCK_EPOCH_MS).div_euclid(500);
                out.u32(u32::try_from(slots).map_err(|_| fail(path, "time out of range"))?);
            }
            "symbol_code" => {
                let code: SymbolCode = text(value, path, type_name)?
                    .parse()
                    .map_err(|error| fail(path, error))?;
                out.u64(code.as_u64());
            }
            "symbol" => {
                let symbol: Symbol = text(value, path, type_name)?
                    .parse()
                    .map_err(|error| fail(path, error))?;
                out.u64(symbol.as_u64());
            }
            "asset" => self.asset(out, value, path)?,
            "extended_asset" => {
                let quantity = value.get("quantity").unwrap_or(&Value::Null);
                self.asset(out, quantity, &format!("{path}.quantity"))?;
                let contract = value.get("contract").unwrap_or(&Value::Null);
                out.u64(name(contract, &format!("{path}.contract"))?.as_u64());
            }
            "public_key" => {
                let key: PublicKey = text(value, path, type_name)?
                    .parse()
                    .map_err(|error| fail(path, error))?;
                out.varuint32(key.key_type as u32);
                out.raw(&key.data);
            }
            "signature" => {
                let signature: Signature = text(value, path, type_name)?
                    .parse()
                    .map_err(|error| fail(path, error))?;
                out.varuint32(signature.key_type as u32);
                out.raw(&signature.data);
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    #[allow(clippy::unused_self, reason = "kept beside the other writers")]
    fn asset(&self, out: &mut Writer, value: &Value, path: &str) -> Result<(), AntelopeError> {
        let asset: Asset = text(value, path, "asset")?
            .parse()
            .map_err(|error| fail(path, error))?;
        out.raw(&asset.amount.to_le_bytes());
        out.u64(asset.symbol.as_u64());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use tandem_domain::sponsor::TransferData;

    use super::*;

    fn token_abi() -> Abi {
        serde_json::from_value(json!({
            "version": "eosio::abi/1.2",
            "types": [{"new_type_name": "account_name", "type": "name"}],
            "structs": [
                {"name": "transfer", "base": "", "fields": [
                    {"name": "from", "type": "account_name"}, {"name": "to", "type": "name"},
                    {"name": "quantity", "type": "asset"}, {"name": "memo", "type": "string"}]},
                {"name": "base", "base": "", "fields": [{"name": "id", "type": "uint64"}]},
                {"name": "child", "base": "base", "fields": [
                    {"name": "tags", "type": "string[]"}, {"name": "note", "type": "string?"},
                    {"name": "when", "type": "time_point_sec"}, {"name": "pick", "type": "choice"},
                    {"name": "extra", "type": "uint8$"}]}
            ],
            "actions": [{"name": "transfer", "type": "transfer", "ricardian_contract": ""}],
            "variants": [{"name": "choice", "types": ["uint8", "string"]}]
        }))
        .unwrap()
    }

    #[test]
    fn transfer_matches_the_domain_packing() {
        let abi = token_abi();
        let data =
            json!({"from": "alice", "to": "fuel.gm", "quantity": "0.0100 TLOS", "memo": "fee"});
        let packed = abi.encode_action("transfer", &data).unwrap();
        let expected = TransferData {
            from: "alice".parse().unwrap(),
            to: "fuel.gm".parse().unwrap(),
            quantity: "0.0100 TLOS".parse().unwrap(),
            memo: "fee".into(),
        };
        assert_eq!(packed, expected.encode());
    }

    #[test]
    fn bases_arrays_optionals_variants_and_extensions() {
        let abi = token_abi();
        let value = json!({"id": "7", "tags": ["a", "bc"], "note": null,
            "when": "1970-01-01T00:00:10", "pick": ["string", "x"]});
        let packed = abi.encode("child", &value).unwrap();
        let expected: Vec<u8> = [
            &7u64.to_le_bytes()[..],
            &[2, 1, b'a', 2, b'b', b'c'],
            &[0],
            &10u32.to_le_bytes(),
            &[1, 1, b'x'],
        ]
        .concat();
        assert_eq!(packed, expected);
        let mut with_extension = value.clone();
        with_extension["extra"] = json!(9);
        assert_eq!(
            abi.encode("child", &with_extension).unwrap().last(),
            Some(&9)
        );
    }

    #[test]
    fn errors_name_the_field() {
        let abi = token_abi();
        let cases = [
            (
                json!({"from": "Alice", "to": "bob", "quantity": "1.0000 TLOS", "memo": ""}),
                ".from",
            ),
            (
                json!({"from": "alice", "to": "bob", "quantity": "1 tlos", "memo": ""}),
                ".quantity",
            ),
            (
                json!({"from": "alice", "to": "bob", "quantity": "1.0000 TLOS"}),
                ".memo: missing",
            ),
            (json!(["not", "an", "object"]), "expected an object"),
        ];
        for (data, fragment) in cases {
            let error = abi
                .encode_action("transfer", &data)
                .unwrap_err()
                .to_string();
            assert!(error.contains(fragment), "{error}");
        }
        assert!(abi.encode_action("issue", &json!({})).is_err());
        assert!(abi.encode("uint8", &json!(256)).is_err());
        assert!(abi.encode("unknown_type", &json!({})).is_err());
    }

    #[test]
    fn cyclic_abis_stop() {
        let abi: Abi = serde_json::from_value(json!({
            "structs": [{"name": "node", "base": "", "fields": [{"name": "next", "type": "node"}]}]
        }))
        .unwrap();
        let mut value = json!({});
        for _ in 0..100 {
            value = json!({ "next": value });
        }
        assert!(
            abi.encode("node", &value)
                .unwrap_err()
                .to_string()
                .contains("deeply")
        );
    }
}
