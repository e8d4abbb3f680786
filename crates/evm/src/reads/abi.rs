//! The Solidity interfaces Tandem reads, written as `sol!` declarations. Only view
//! functions the wallet needs are declared; encoding and decoding come from the macro.

#![allow(missing_docs, missing_debug_implementations)]

use alloy::sol;

sol! {
    /// ERC-20 fungible token (name, symbol and decimals are optional metadata).
    interface IErc20 {
        function name() external view returns (string);
        function symbol() external view returns (string);
        function decimals() external view returns (uint8);
        function totalSupply() external view returns (uint256);
        function balanceOf(address owner) external view returns (uint256);
        function allowance(address owner, address spender) external view returns (uint256);
    }

    /// Some old tokens return `bytes32` for name and symbol.
    interface IErc20Bytes32 {
        function name() external view returns (bytes32);
        function symbol() external view returns (bytes32);
    }

    /// ERC-165 interface detection.
    interface IErc165 {
        function supportsInterface(bytes4 interfaceId) external view returns (bool);
    }

    /// ERC-721 NFTs with the metadata extension.
    interface IErc721 {
        function balanceOf(address owner) external view returns (uint256);
        function ownerOf(uint256 tokenId) external view returns (address);
        function getApproved(uint256 tokenId) external view returns (address);
        function isApprovedForAll(address owner, address operator) external view returns (bool);
        function name() external view returns (string);
        function symbol() external view returns (string);
        function tokenURI(uint256 tokenId) external view returns (string);
    }

    /// ERC-1155 multi-tokens with the metadata URI extension.
    interface IErc1155 {
        function balanceOf(address account, uint256 id) external view returns (uint256);
        function balanceOfBatch(address[] accounts, uint256[] ids) external view returns (uint256[]);
        function isApprovedForAll(address account, address operator) external view returns (bool);
        function uri(uint256 id) external view returns (string);
    }

    /// The optional ERC-1155 supply extension.
    interface IErc1155Supply {
        function totalSupply(uint256 id) external view returns (uint256);
    }

    /// Staked TLOS: an ERC-4626 vault (its ERC-20 side is read through `IErc20`).
    interface IStlos {
        function previewDeposit(uint256 assets) external view returns (uint256);
        function previewRedeem(uint256 shares) external view returns (uint256);
        function totalAssets() external view returns (uint256);
        function balanceOf(address owner) external view returns (uint256);
    }

    /// The unstake escrow that holds withdrawn TLOS until its lock ends.
    interface IEscrow {
        struct LockedDeposit {
            uint256 amount;
            uint64 until;
        }
        function lockDuration() external view returns (uint64);
        function depositsOf(address account) external view returns (LockedDeposit[]);
        function maxWithdraw(address account) external view returns (uint256);
        function balanceOf(address account) external view returns (uint256);
        function totalAssets() external view returns (uint256);
    }
}

/// ERC-165 ids probed by [`probe_contract`](super::ChainReader::probe_contract).
pub mod interface_ids {
    /// ERC-165 itself.
    pub const ERC165: [u8; 4] = [0x01, 0xff, 0xc9, 0xa7];
    /// Must be answered `false` by a genuine ERC-165 implementation.
    pub const INVALID: [u8; 4] = [0xff, 0xff, 0xff, 0xff];
    /// ERC-721.
    pub const ERC721: [u8; 4] = [0x80, 0xac, 0x58, 0xcd];
    /// ERC-1155.
    pub const ERC1155: [u8; 4] = [0xd9, 0xb6, 0x7a, 0x26];
}
