//! What a transaction's call data asks for: the function and its arguments. The
//! function comes from the called contract's ABI when one is known (verified or
//! published), else from a text signature: the built-in table of
//! [`crate::signatures`], or one the history service looked up (spec §7
//! `get_abi_signature`). Selectors, signatures and the argument decoding are alloy's ABI
//! library; this module only reads ABIs tolerantly and writes the values as text.

use alloy::dyn_abi::{DynSolValue, JsonAbiExt};
use alloy::json_abi::Function;
use serde_json::Value;

use crate::signatures::known_signature;

/// Where the description of a called function came from, from most to least trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FunctionSource {
    /// The called contract's own ABI (verified source or the indexer's copy).
    Abi,
    /// The built-in table of well-known signatures.
    KnownSignature,
    /// The history service's signature lookup: any contract may share a selector, so
    /// it is a good guess, not a proof.
    LookedUp,
}

/// One decoded argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodedArgument {
    /// The parameter's name, when the ABI has one (text signatures have none).
    pub name: Option<String>,
    /// Its Solidity type (`address`, `uint256`, `bytes[]`, `(address,uint256)`…).
    pub kind: String,
    /// The value as text: addresses EIP-55, integers in decimal, bytes in 0x hex,
    /// arrays `[a, b]` and tuples `(a, b)`.
    pub value: String,
}

/// A call described.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodedCall {
    /// The function's name.
    pub name: String,
    /// Its canonical signature, e.g. `transfer(address,uint256)`.
    pub signature: String,
    /// Where the description came from.
    pub source: FunctionSource,
    /// The arguments; `None` when the call data does not decode as this function's
    /// (a wrong guess of a shared selector, or malformed data).
    pub arguments: Option<Vec<DecodedArgument>>,
}

/// The 4-byte selector that opens `input`, if it is long enough.
#[must_use]
pub fn selector(input: &[u8]) -> Option<[u8; 4]> {
    input.get(..4)?.try_into().ok()
}

/// The function of `abi_json` (a JSON ABI array) whose selector opens `input`. Read
/// tolerantly: items without `type` are functions (Solidity allows leaving it out),
/// `uint`/`int` mean 256 bits, and an item that does not read is skipped rather than
/// failing the whole ABI.
#[must_use]
pub fn abi_function(abi_json: &str, input: &[u8]) -> Option<Function> {
    let wanted = selector(input)?;
    let abi: Value = serde_json::from_str(abi_json).ok()?;
    abi.as_array()?.iter().find_map(|item| {
        let mut item = item.clone();
        let object = item.as_object_mut()?;
        let kind = object
            .entry("type")
            .or_insert_with(|| Value::from("function"));
        if kind.as_str() != Some("function") {
            return None;
        }
        for field in ["inputs", "outputs"] {
            match object.get_mut(field) {
                Some(Value::Array(parameters)) => parameters.iter_mut().for_each(widen_types),
                Some(Value::Null) | None => {
                    object.insert(field.to_owned(), Value::Array(Vec::new()));
                }
                Some(_) => return None,
            }
        }
        let function: Function = serde_json::from_value(item).ok()?;
        (function.selector().0 == wanted).then_some(function)
    })
}

/// `uint` and `int` (with any array suffix) spelled out as 256 bits, in components too.
fn widen_types(parameter: &mut Value) {
    if let Some(text) = parameter.get("type").and_then(Value::as_str) {
        let split = text.find('[').unwrap_or(text.len());
        let (base, arrays) = text.split_at(split);
        let widened = match base {
            "uint" => Some(format!("uint256{arrays}")),
            "int" => Some(format!("int256{arrays}")),
            _ => None,
        };
        if let Some(widened) = widened {
            parameter["type"] = Value::from(widened);
        }
    }
    if let Some(Value::Array(components)) = parameter.get_mut("components") {
        components.iter_mut().for_each(widen_types);
    }
}

/// The function a text signature such as `transfer(address,uint256)` describes.
#[must_use]
pub fn signature_function(signature: &str) -> Option<Function> {
    Function::parse(signature.trim()).ok()
}

/// The built-in table's function for `input`, if its selector is well known.
#[must_use]
pub fn known_function(input: &[u8]) -> Option<Function> {
    known_signature(input).and_then(signature_function)
}

/// `input` read as a call of `function` (whose selector it opens with).
#[must_use]
pub fn decode_call(function: &Function, source: FunctionSource, input: &[u8]) -> DecodedCall {
    let arguments = input
        .get(4..)
        .and_then(|data| function.abi_decode_input(data).ok())
        .map(|values| {
            function
                .inputs
                .iter()
                .zip(values)
                .map(|(parameter, value)| DecodedArgument {
                    name: Some(parameter.name.clone()).filter(|name| !name.is_empty()),
                    kind: parameter.selector_type().into_owned(),
                    value: value_text(&value),
                })
                .collect()
        });
    DecodedCall {
        name: function.name.clone(),
        signature: function.signature(),
        source,
        arguments,
    }
}

fn list(values: &[DynSolValue]) -> String {
    values.iter().map(value_text).collect::<Vec<_>>().join(", ")
}

/// One decoded value as the detail view shows it.
#[must_use]
pub fn value_text(value: &DynSolValue) -> String {
    match value {
        DynSolValue::Bool(flag) => flag.to_string(),
        DynSolValue::Int(number, _) => number.to_string(),
        DynSolValue::Uint(number, _) => number.to_string(),
        DynSolValue::FixedBytes(word, size) => {
            alloy_primitives::hex::encode_prefixed(word.get(..*size).unwrap_or_default())
        }
        DynSolValue::Address(address) => address.to_checksum(None),
        DynSolValue::Function(pointer) => {
            alloy_primitives::hex::encode_prefixed(pointer.as_slice())
        }
        DynSolValue::Bytes(bytes) => alloy_primitives::hex::encode_prefixed(bytes),
        DynSolValue::String(text) => text.clone(),
        DynSolValue::Array(values) | DynSolValue::FixedArray(values) => {
            format!("[{}]", list(values))
        }
        DynSolValue::Tuple(values) => format!("({})", list(values)),
        #[allow(
            unreachable_patterns,
            reason = "alloy's optional EIP-712 struct variant"
        )]
        other => format!("{other:?}"),
    }
}

#[cfg(test)]
mod tests {
    use alloy_primitives::{Address, U256, keccak256};

    use super::*;

    fn selector_of(signature: &str) -> Vec<u8> {
        keccak256(signature.as_bytes())[..4].to_vec()
    }

    const ABI: &str = r#"[
        {"type":"event","name":"Transfer","inputs":[]},
        {"type":"function","name":"approve","inputs":[{"name":"spender","type":"address"},{"name":"amount","type":"uint256"}]},
        {"name":"depositTLOS","inputs":[]},
        {"type":"function","name":"broken","inputs":[{"type":"nonsense type"}]},
        {"type":"function","name":"swap","inputs":[{"type":"tuple[]","components":[
            {"type":"address"},{"type":"uint"}]},{"type":"int[2]"}]}
    ]"#;

    #[test]
    fn the_abi_names_the_function_by_its_selector() {
        let name = |input: &[u8]| abi_function(ABI, input).map(|f| f.name);
        assert_eq!(
            name(&selector_of("approve(address,uint256)")).as_deref(),
            Some("approve")
        );
        assert_eq!(
            name(&selector_of("depositTLOS()")).as_deref(),
            Some("depositTLOS")
        );
        assert_eq!(
            name(&selector_of("swap((address,uint256)[],int256[2])")).as_deref(),
            Some("swap")
        );
    }

    #[test]
    fn unknown_short_or_unreadable_inputs_name_nothing() {
        let approve = selector_of("approve(address,uint256)");
        assert_eq!(abi_function(ABI, &selector_of("burn(uint256)")), None);
        assert_eq!(abi_function(ABI, &[0x09, 0x5e]), None);
        assert_eq!(abi_function("not json", &approve), None);
        assert_eq!(abi_function("{}", &approve), None);
        // An event with a function's signature is not a function.
        let events = r#"[{"type":"event","name":"approve","inputs":[{"type":"address"},{"type":"uint256"}]}]"#;
        assert_eq!(abi_function(events, &approve), None);
    }

    #[test]
    fn arguments_decode_with_their_names_and_types() {
        let spender = Address::repeat_byte(0xab);
        let mut input = selector_of("approve(address,uint256)");
        input.extend(spender.into_word());
        input.extend(U256::from(1_500_000u64).to_be_bytes::<32>());
        let function = abi_function(ABI, &input).unwrap();
        let call = decode_call(&function, FunctionSource::Abi, &input);
        assert_eq!(call.signature, "approve(address,uint256)");
        let arguments = call.arguments.unwrap();
        assert_eq!(
            arguments[0],
            DecodedArgument {
                name: Some("spender".into()),
                kind: "address".into(),
                value: spender.to_checksum(None),
            }
        );
        assert_eq!(
            (arguments[1].kind.as_str(), arguments[1].value.as_str()),
            ("uint256", "1500000")
        );
    }

    #[test]
    fn text_signatures_decode_without_names_and_wrong_guesses_decode_nothing() {
        let function = signature_function("transferAndCall(address,uint256,bytes)").unwrap();
        let mut input = function.selector().to_vec();
        input.extend(Address::repeat_byte(1).into_word());
        input.extend(U256::from(7u8).to_be_bytes::<32>());
        input.extend(U256::from(0x60u8).to_be_bytes::<32>());
        input.extend(U256::from(2u8).to_be_bytes::<32>());
        input.extend([0xbe, 0xef].iter().copied().chain([0u8; 30]));
        let call = decode_call(&function, FunctionSource::LookedUp, &input);
        let values: Vec<(Option<String>, String)> = call
            .arguments
            .unwrap()
            .into_iter()
            .map(|a| (a.name, a.value))
            .collect();
        assert_eq!(
            values,
            [
                (None, Address::repeat_byte(1).to_checksum(None)),
                (None, "7".into()),
                (None, "0xbeef".into())
            ]
        );
        // The same selector with data that is not this function's arguments.
        let short = decode_call(&function, FunctionSource::LookedUp, &input[..40]);
        assert_eq!(short.name, "transferAndCall");
        assert_eq!(short.arguments, None);
    }

    #[test]
    fn the_built_in_table_gives_functions_and_values_read_as_text() {
        let function =
            known_function(&selector_of("mintBatch(address,uint256[],uint256[])")).unwrap();
        assert_eq!(function.name, "mintBatch");
        let values = DynSolValue::Tuple(vec![
            DynSolValue::Array(vec![
                DynSolValue::Uint(U256::from(1u8), 256),
                DynSolValue::Uint(U256::from(2u8), 256),
            ]),
            DynSolValue::Bool(true),
            DynSolValue::FixedBytes(alloy_primitives::B256::repeat_byte(0xaa), 2),
            DynSolValue::String("hi".into()),
        ]);
        assert_eq!(value_text(&values), "([1, 2], true, 0xaaaa, hi)");
    }
}
