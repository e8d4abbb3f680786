//! The contract calls a prepared transaction makes (spec §7 "Contract calls (EVM)"),
//! and their encoding into `{to, data, value}`. Pure: every address and amount is
//! already validated and in base units.

#![allow(missing_docs, missing_debug_implementations)]

use alloy::primitives::{Address, Bytes, U256};
use alloy::sol;
use alloy::sol_types::SolCall;

sol! {
    /// ERC-20 writes.
    interface IErc20Write {
        function transfer(address to, uint256 amount) external returns (bool);
        function approve(address spender, uint256 amount) external returns (bool);
    }

    /// ERC-721 writes (the three-argument safe transfer).
    interface IErc721Write {
        function safeTransferFrom(address from, address to, uint256 tokenId) external;
        function approve(address to, uint256 tokenId) external;
        function setApprovalForAll(address operator, bool approved) external;
    }

    /// ERC-1155 writes.
    interface IErc1155Write {
        function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data) external;
        function setApprovalForAll(address operator, bool approved) external;
    }

    /// WTLOS: wrap by paying native TLOS in, unwrap by burning.
    interface IWtlosWrite {
        function deposit() external payable;
        function withdraw(uint256 wad) external;
    }

    /// STLOS: stake native TLOS, unstake into the escrow; `maxWithdraw` is the ERC-4626
    /// bound on `withdraw` (the view the unstake check reads).
    interface IStlosWrite {
        function depositTLOS() external payable returns (uint256 shares);
        function withdraw(uint256 assets, address receiver, address owner) external returns (uint256 shares);
        function maxWithdraw(address owner) external view returns (uint256);
    }

    /// The unstake escrow: pays the caller every unlocked deposit.
    interface IEscrowWrite {
        function withdraw() external returns (uint256 amount);
    }
}

/// One call the wallet can prepare, with everything resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Intent {
    /// Native TLOS to an address.
    SendNative { to: Address, amount: U256 },
    /// ERC-20 `transfer`.
    SendToken {
        token: Address,
        to: Address,
        amount: U256,
    },
    /// ERC-721 `safeTransferFrom(from, to, id)`.
    TransferErc721 {
        contract: Address,
        from: Address,
        to: Address,
        token_id: U256,
    },
    /// ERC-1155 `safeTransferFrom(from, to, id, quantity, "")`.
    TransferErc1155 {
        contract: Address,
        from: Address,
        to: Address,
        token_id: U256,
        quantity: U256,
    },
    /// WTLOS `deposit()` paying `amount`.
    Wrap { wtlos: Address, amount: U256 },
    /// WTLOS `withdraw(amount)`.
    Unwrap { wtlos: Address, amount: U256 },
    /// STLOS `depositTLOS()` paying `amount`.
    Stake { stlos: Address, amount: U256 },
    /// STLOS `withdraw(assets, owner, owner)`: the TLOS goes to the escrow for `owner`.
    Unstake {
        stlos: Address,
        owner: Address,
        assets: U256,
    },
    /// Escrow `withdraw()`.
    Withdraw { escrow: Address },
    /// ERC-20 `approve(spender, amount)`; zero is a revoke.
    Approve {
        token: Address,
        spender: Address,
        amount: U256,
    },
    /// ERC-721 `approve(0x0, id)`: clears the single-token approval.
    ClearNftApproval { contract: Address, token_id: U256 },
    /// `setApprovalForAll(operator, false)` (ERC-721 and ERC-1155 share the selector).
    RevokeOperator {
        contract: Address,
        operator: Address,
    },
}

/// What the client's wallet signs: the target, the call data and the TLOS paid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallData {
    /// The contract (or recipient) called.
    pub to: Address,
    /// ABI-encoded call; empty for a plain TLOS send.
    pub data: Bytes,
    /// Native TLOS sent along, in wei.
    pub value: U256,
}

impl Intent {
    /// The call data of the intent.
    #[must_use]
    pub fn call(&self) -> CallData {
        let call = |to: Address, data: Vec<u8>| CallData {
            to,
            data: data.into(),
            value: U256::ZERO,
        };
        match *self {
            Self::SendNative { to, amount } => CallData {
                to,
                data: Bytes::new(),
                value: amount,
            },
            Self::SendToken { token, to, amount } => {
                call(token, IErc20Write::transferCall { to, amount }.abi_encode())
            }
            Self::TransferErc721 {
                contract,
                from,
                to,
                token_id,
            } => call(
                contract,
                IErc721Write::safeTransferFromCall {
                    from,
                    to,
                    tokenId: token_id,
                }
                .abi_encode(),
            ),
            Self::TransferErc1155 {
                contract,
                from,
                to,
                token_id,
                quantity,
            } => call(
                contract,
                IErc1155Write::safeTransferFromCall {
                    from,
                    to,
                    id: token_id,
                    value: quantity,
                    data: Bytes::new(),
                }
                .abi_encode(),
            ),
            Self::Wrap { wtlos, amount } => CallData {
                to: wtlos,
                data: IWtlosWrite::depositCall {}.abi_encode().into(),
                value: amount,
            },
            Self::Unwrap { wtlos, amount } => call(
                wtlos,
                IWtlosWrite::withdrawCall { wad: amount }.abi_encode(),
            ),
            Self::Stake { stlos, amount } => CallData {
                to: stlos,
                data: IStlosWrite::depositTLOSCall {}.abi_encode().into(),
                value: amount,
            },
            Self::Unstake {
                stlos,
                owner,
                assets,
            } => call(
                stlos,
                IStlosWrite::withdrawCall {
                    assets,
                    receiver: owner,
                    owner,
                }
                .abi_encode(),
            ),
            Self::Withdraw { escrow } => call(escrow, IEscrowWrite::withdrawCall {}.abi_encode()),
            Self::Approve {
                token,
                spender,
                amount,
            } => call(
                token,
                IErc20Write::approveCall { spender, amount }.abi_encode(),
            ),
            Self::ClearNftApproval { contract, token_id } => call(
                contract,
                IErc721Write::approveCall {
                    to: Address::ZERO,
                    tokenId: token_id,
                }
                .abi_encode(),
            ),
            Self::RevokeOperator { contract, operator } => call(
                contract,
                IErc721Write::setApprovalForAllCall {
                    operator,
                    approved: false,
                }
                .abi_encode(),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use alloy::primitives::{address, hex};

    use super::*;

    const TOKEN: Address = address!("0x00000000000000000000000000000000000000aa");
    const PEER: Address = address!("0x00000000000000000000000000000000000000bb");
    const OWNER: Address = address!("0x00000000000000000000000000000000000000cc");

    fn selector(call: &CallData) -> String {
        hex::encode(&call.data[..4])
    }

    #[test]
    fn native_send_is_value_without_data() {
        let call = Intent::SendNative {
            to: PEER,
            amount: U256::from(5u8),
        }
        .call();
        assert_eq!(call.to, PEER);
        assert!(call.data.is_empty());
        assert_eq!(call.value, U256::from(5u8));
    }

    /// Selectors are the well-known ones (spec §9 lists 0xa9059cbb and 0xf242432a).
    #[test]
    fn selectors_match_the_standards() {
        let one = U256::from(1u8);
        let cases = [
            (
                Intent::SendToken {
                    token: TOKEN,
                    to: PEER,
                    amount: one,
                },
                "a9059cbb",
            ),
            (
                Intent::TransferErc721 {
                    contract: TOKEN,
                    from: OWNER,
                    to: PEER,
                    token_id: one,
                },
                "42842e0e",
            ),
            (
                Intent::TransferErc1155 {
                    contract: TOKEN,
                    from: OWNER,
                    to: PEER,
                    token_id: one,
                    quantity: one,
                },
                "f242432a",
            ),
            (
                Intent::Wrap {
                    wtlos: TOKEN,
                    amount: one,
                },
                "d0e30db0",
            ),
            (
                Intent::Unwrap {
                    wtlos: TOKEN,
                    amount: one,
                },
                "2e1a7d4d",
            ),
            (
                Intent::Stake {
                    stlos: TOKEN,
                    amount: one,
                },
                "a5471c20",
            ),
            (
                Intent::Unstake {
                    stlos: TOKEN,
                    owner: OWNER,
                    assets: one,
                },
                "b460af94",
            ),
            (Intent::Withdraw { escrow: TOKEN }, "3ccfd60b"),
            (
                Intent::Approve {
                    token: TOKEN,
                    spender: PEER,
                    amount: one,
                },
                "095ea7b3",
            ),
            (
                Intent::ClearNftApproval {
                    contract: TOKEN,
                    token_id: one,
                },
                "095ea7b3",
            ),
            (
                Intent::RevokeOperator {
                    contract: TOKEN,
                    operator: PEER,
                },
                "a22cb465",
            ),
        ];
        for (intent, expected) in cases {
            let call = intent.call();
            assert_eq!(call.to, TOKEN, "{intent:?}");
            assert_eq!(selector(&call), expected, "{intent:?}");
        }
    }

    #[test]
    fn payable_calls_carry_the_amount_and_others_none() {
        let amount = U256::from(7u8);
        assert_eq!(
            Intent::Wrap {
                wtlos: TOKEN,
                amount
            }
            .call()
            .value,
            amount
        );
        assert_eq!(
            Intent::Stake {
                stlos: TOKEN,
                amount
            }
            .call()
            .value,
            amount
        );
        assert_eq!(
            Intent::Unwrap {
                wtlos: TOKEN,
                amount
            }
            .call()
            .value,
            U256::ZERO
        );
    }

    #[test]
    fn arguments_round_trip() {
        let call = Intent::Unstake {
            stlos: TOKEN,
            owner: OWNER,
            assets: U256::from(42u8),
        }
        .call();
        let decoded = IStlosWrite::withdrawCall::abi_decode(&call.data).unwrap();
        assert_eq!(decoded.assets, U256::from(42u8));
        assert_eq!((decoded.receiver, decoded.owner), (OWNER, OWNER));

        let clear = Intent::ClearNftApproval {
            contract: TOKEN,
            token_id: U256::from(9u8),
        }
        .call();
        let decoded = IErc721Write::approveCall::abi_decode(&clear.data).unwrap();
        assert_eq!(
            (decoded.to, decoded.tokenId),
            (Address::ZERO, U256::from(9u8))
        );

        let revoke = Intent::RevokeOperator {
            contract: TOKEN,
            operator: PEER,
        }
        .call();
        let decoded = IErc1155Write::setApprovalForAllCall::abi_decode(&revoke.data).unwrap();
        assert_eq!((decoded.operator, decoded.approved), (PEER, false));
    }
}
