// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";
import {WTLOS} from "./WTLOS.sol";
import {UnstakeEscrow} from "./UnstakeEscrow.sol";

/// @title Staked TLOS (devnet)
/// @notice ERC-4626 vault whose underlying asset is WTLOS, so the standard 4626 surface works unchanged,
/// while users deal in native TLOS: `depositTLOS()` wraps msg.value and mints shares, and every
/// withdraw/redeem unwraps the assets and locks the native TLOS in the unstake escrow for `receiver`.
/// `addRewards()` wraps msg.value into the vault without minting shares, which raises the share price.
contract STLOS is ERC4626 {
    WTLOS private immutable _wtlos;
    UnstakeEscrow private immutable _escrow;

    event RewardsAdded(address indexed from, uint256 amount);

    error UnexpectedNativeSender(address from);

    constructor(WTLOS wtlos_, UnstakeEscrow escrow_) ERC20("Staked TLOS", "STLOS") ERC4626(IERC20(address(wtlos_))) {
        _wtlos = wtlos_;
        _escrow = escrow_;
    }

    /// Only the wrapper pays native TLOS into the vault (when assets are unwrapped on the way out).
    receive() external payable {
        if (msg.sender != address(_wtlos)) revert UnexpectedNativeSender(msg.sender);
    }

    function escrow() external view returns (address) {
        return address(_escrow);
    }

    /// Stakes msg.value TLOS for the caller; returns the minted shares.
    function depositTLOS() external payable returns (uint256 shares) {
        uint256 maxAssets = maxDeposit(msg.sender);
        if (msg.value > maxAssets) revert ERC4626ExceededMaxDeposit(msg.sender, msg.value, maxAssets);
        // Price the shares before the new assets count towards totalAssets().
        shares = previewDeposit(msg.value);
        _wtlos.deposit{value: msg.value}();
        _mint(msg.sender, shares);
        emit Deposit(msg.sender, msg.sender, msg.value, shares);
    }

    /// Adds msg.value TLOS to the vault for all current holders.
    function addRewards() external payable {
        _wtlos.deposit{value: msg.value}();
        emit RewardsAdded(msg.sender, msg.value);
    }

    /// Assets leave the vault as native TLOS locked in the escrow for `to`.
    function _transferOut(address to, uint256 assets) internal override {
        _wtlos.withdraw(assets);
        _escrow.deposit{value: assets}(to);
    }
}
