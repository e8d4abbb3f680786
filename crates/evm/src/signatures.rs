//! Names of well-known functions by selector, for calls to contracts whose ABI nobody
//! published (spec §4 "Transaction action name" names the decoded function; without an
//! ABI the row would show `0x095ea7b3`). The table holds the token standards (ERC-20,
//! ERC-721, ERC-1155), the common mint/burn/ownership calls, the wrapped-coin and
//! ERC-4626 vault calls (WTLOS, STLOS), the unstake escrow and the usual router calls.
//! A selector is 4 bytes, so two signatures may share one; the table is checked to
//! hold no such pair.

use std::collections::HashMap;
use std::sync::LazyLock;

use alloy_primitives::keccak256;

/// Canonical signatures (no parameter names, `uint256` spelled out).
const SIGNATURES: &[&str] = &[
    // ERC-20 and common extensions.
    "transfer(address,uint256)",
    "transferFrom(address,address,uint256)",
    "approve(address,uint256)",
    "increaseAllowance(address,uint256)",
    "decreaseAllowance(address,uint256)",
    "permit(address,address,uint256,uint256,uint8,bytes32,bytes32)",
    // ERC-721.
    "safeTransferFrom(address,address,uint256)",
    "safeTransferFrom(address,address,uint256,bytes)",
    "setApprovalForAll(address,bool)",
    // ERC-1155.
    "safeTransferFrom(address,address,uint256,uint256,bytes)",
    "safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)",
    // Minting, burning, ownership.
    "mint(address,uint256)",
    "mint(uint256)",
    "mint(address,string)",
    "mint(address,uint256,uint256,bytes)",
    "mintBatch(address,uint256[],uint256[])",
    "mintBatch(address,uint256[],uint256[],bytes)",
    "mintWithURI(address,string)",
    "safeMint(address)",
    "safeMint(address,uint256)",
    "safeMint(address,string)",
    "burn(uint256)",
    "burn(address,uint256)",
    "burnFrom(address,uint256)",
    "burn(address,uint256,uint256)",
    "transferOwnership(address)",
    "renounceOwnership()",
    // Wrapped coin (WETH9 / WTLOS).
    "deposit()",
    "withdraw(uint256)",
    // ERC-4626 vaults (STLOS) and the Telos staking extras.
    "deposit(uint256,address)",
    "mint(uint256,address)",
    "withdraw(uint256,address,address)",
    "redeem(uint256,address,address)",
    "depositTLOS()",
    "addRewards()",
    // Unstake escrow.
    "deposit(address)",
    "withdraw()",
    // Routers and batching.
    "swap(address,uint256)",
    "swapExactTokensForTokens(uint256,uint256,address[],address,uint256)",
    "swapTokensForExactTokens(uint256,uint256,address[],address,uint256)",
    "swapExactETHForTokens(uint256,address[],address,uint256)",
    "swapExactTokensForETH(uint256,uint256,address[],address,uint256)",
    "swapETHForExactTokens(uint256,address[],address,uint256)",
    "swapTokensForExactETH(uint256,uint256,address[],address,uint256)",
    "addLiquidity(address,address,uint256,uint256,uint256,uint256,address,uint256)",
    "addLiquidityETH(address,uint256,uint256,uint256,address,uint256)",
    "removeLiquidity(address,address,uint256,uint256,uint256,address,uint256)",
    "removeLiquidityETH(address,uint256,uint256,uint256,address,uint256)",
    "multicall(bytes[])",
    "multicall(uint256,bytes[])",
    "claim()",
    "claimRewards()",
    "stake(uint256)",
    "unstake(uint256)",
];

/// The table by selector: (function name, canonical signature).
static BY_SELECTOR: LazyLock<HashMap<[u8; 4], &'static str>> = LazyLock::new(|| {
    SIGNATURES
        .iter()
        .map(|signature| (selector_of(signature), *signature))
        .collect()
});

fn selector_of(signature: &str) -> [u8; 4] {
    let hash = keccak256(signature.as_bytes());
    [hash[0], hash[1], hash[2], hash[3]]
}

/// The canonical signature of the well-known function whose selector opens `input`.
#[must_use]
pub fn known_signature(input: &[u8]) -> Option<&'static str> {
    let selector: [u8; 4] = input.get(..4)?.try_into().ok()?;
    BY_SELECTOR.get(&selector).copied()
}

/// The name of the well-known function whose selector opens `input` (`approve` for
/// `0x095ea7b3…`).
#[must_use]
pub fn known_function_name(input: &[u8]) -> Option<&'static str> {
    known_signature(input).and_then(|signature| signature.split('(').next())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issue_s_raw_selectors_get_names() {
        for (selector, name) in [
            ([0x09, 0x5e, 0xa7, 0xb3], "approve"),
            ([0x3c, 0xcf, 0xd6, 0x0b], "withdraw"),
            ([0xa2, 0x2c, 0xb4, 0x65], "setApprovalForAll"),
            ([0x40, 0xc1, 0x0f, 0x19], "mint"),
            ([0x2e, 0x1a, 0x7d, 0x4d], "withdraw"),
            ([0xd0, 0xe3, 0x0d, 0xb0], "deposit"),
        ] {
            let mut input = selector.to_vec();
            input.extend([0u8; 64]);
            assert_eq!(known_function_name(&input), Some(name), "{selector:x?}");
        }
    }

    #[test]
    fn no_two_signatures_share_a_selector() {
        assert_eq!(BY_SELECTOR.len(), SIGNATURES.len());
    }

    #[test]
    fn unknown_or_short_inputs_have_no_name() {
        assert_eq!(known_function_name(&[0xde, 0xad, 0xbe, 0xef]), None);
        assert_eq!(known_function_name(&[0x09, 0x5e, 0xa7]), None);
        assert_eq!(known_function_name(&[]), None);
    }
}
