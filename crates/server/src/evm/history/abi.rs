//! The decoded function name of a call (spec §4 "Transaction action name"): the called
//! contract's ABI, when the lookup found one, names the function whose selector opens
//! the input.

use alloy_primitives::keccak256;
use serde_json::Value;

/// The name of the function in `abi_json` (a JSON ABI array) whose selector is the first
/// four bytes of `input`; `None` for a short input, an unreadable ABI or no match.
#[must_use]
pub fn function_name(abi_json: &str, input: &[u8]) -> Option<String> {
    let selector = input.get(..4)?;
    let abi: Value = serde_json::from_str(abi_json).ok()?;
    abi.as_array()?.iter().find_map(|item| {
        // Solidity ABIs may leave out `type` for functions.
        let kind = item
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or("function");
        if kind != "function" {
            return None;
        }
        let name = item.get("name").and_then(Value::as_str)?;
        let inputs = match item.get("inputs") {
            Some(Value::Array(inputs)) => inputs.as_slice(),
            None | Some(Value::Null) => &[],
            Some(_) => return None,
        };
        let types = inputs
            .iter()
            .map(canonical_type)
            .collect::<Option<Vec<_>>>()?;
        let signature = format!("{name}({})", types.join(","));
        (keccak256(signature.as_bytes()).get(..4) == Some(selector)).then(|| name.to_owned())
    })
}

/// The canonical type of one parameter: tuples spelled out, `uint`/`int` widened.
fn canonical_type(parameter: &Value) -> Option<String> {
    let text = parameter.get("type").and_then(Value::as_str)?;
    if let Some(suffix) = text.strip_prefix("tuple") {
        let components = parameter.get("components").and_then(Value::as_array)?;
        let inner = components
            .iter()
            .map(canonical_type)
            .collect::<Option<Vec<_>>>()?;
        return Some(format!("({}){suffix}", inner.join(",")));
    }
    let split = text.find('[').unwrap_or(text.len());
    let (base, arrays) = text.split_at(split);
    let base = match base {
        "uint" => "uint256",
        "int" => "int256",
        other => other,
    };
    Some(format!("{base}{arrays}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn selector(signature: &str) -> Vec<u8> {
        keccak256(signature.as_bytes())[..4].to_vec()
    }

    const ABI: &str = r#"[
        {"type":"event","name":"Transfer","inputs":[]},
        {"type":"function","name":"approve","inputs":[{"type":"address"},{"type":"uint256"}]},
        {"name":"depositTLOS","inputs":[]},
        {"type":"function","name":"swap","inputs":[{"type":"tuple[]","components":[
            {"type":"address"},{"type":"uint"}]},{"type":"int[2]"}]}
    ]"#;

    #[test]
    fn names_the_function_by_its_selector() {
        let mut input = selector("approve(address,uint256)");
        input.extend([0u8; 64]);
        assert_eq!(function_name(ABI, &input).as_deref(), Some("approve"));
        assert_eq!(
            function_name(ABI, &selector("depositTLOS()")).as_deref(),
            Some("depositTLOS")
        );
        assert_eq!(
            function_name(ABI, &selector("swap((address,uint256)[],int256[2])")).as_deref(),
            Some("swap")
        );
    }

    #[test]
    fn unknown_short_or_unreadable_inputs_name_nothing() {
        assert_eq!(function_name(ABI, &selector("burn(uint256)")), None);
        assert_eq!(function_name(ABI, &[0xa9, 0x05]), None);
        assert_eq!(
            function_name("not json", &selector("approve(address,uint256)")),
            None
        );
        assert_eq!(
            function_name("{}", &selector("approve(address,uint256)")),
            None
        );
        // An event with a function's signature is not a function.
        let events = r#"[{"type":"event","name":"approve","inputs":[{"type":"address"},{"type":"uint256"}]}]"#;
        assert_eq!(
            function_name(events, &selector("approve(address,uint256)")),
            None
        );
    }
}
