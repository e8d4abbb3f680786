// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Unstake escrow (devnet)
/// @notice Holds unstaked TLOS for a beneficiary until `until = block.timestamp + lockDuration`.
/// Anyone may lock native TLOS for a beneficiary (the STLOS vault does so on withdraw/redeem);
/// only the beneficiary can take it out once unlocked.
contract UnstakeEscrow {
    struct LockedDeposit {
        uint256 amount;
        uint64 until;
    }

    /// Bounds the per-account loop in maxWithdraw/withdraw.
    uint256 public constant MAX_DEPOSITS = 64;

    uint64 private immutable _lockDuration;
    mapping(address => LockedDeposit[]) private _deposits;

    event Locked(address indexed beneficiary, uint256 amount, uint64 until);
    event Withdrawn(address indexed beneficiary, uint256 amount);

    error ZeroAmount();
    error TooManyDeposits(address beneficiary);
    error NothingToWithdraw(address beneficiary);
    error NativeTransferFailed(address to, uint256 amount);

    constructor(uint64 lockDuration_) {
        _lockDuration = lockDuration_;
    }

    function lockDuration() external view returns (uint64) {
        return _lockDuration;
    }

    /// Locks msg.value for `beneficiary`.
    function deposit(address beneficiary) external payable {
        if (msg.value == 0) revert ZeroAmount();
        LockedDeposit[] storage list = _deposits[beneficiary];
        if (list.length >= MAX_DEPOSITS) revert TooManyDeposits(beneficiary);
        uint64 until = uint64(block.timestamp) + _lockDuration;
        list.push(LockedDeposit({amount: msg.value, until: until}));
        emit Locked(beneficiary, msg.value, until);
    }

    function depositsOf(address account) external view returns (LockedDeposit[] memory) {
        return _deposits[account];
    }

    /// Unlocked (withdrawable) amount.
    function maxWithdraw(address account) public view returns (uint256 total) {
        LockedDeposit[] storage list = _deposits[account];
        for (uint256 i = 0; i < list.length; i++) {
            if (list[i].until <= block.timestamp) total += list[i].amount;
        }
    }

    /// Locked plus unlocked amount.
    function balanceOf(address account) external view returns (uint256 total) {
        LockedDeposit[] storage list = _deposits[account];
        for (uint256 i = 0; i < list.length; i++) {
            total += list[i].amount;
        }
    }

    /// Everything the escrow holds for all accounts.
    function totalAssets() external view returns (uint256) {
        return address(this).balance;
    }

    /// Sends every unlocked deposit of the caller to the caller; locked ones stay, in order.
    function withdraw() external returns (uint256 amount) {
        LockedDeposit[] storage list = _deposits[msg.sender];
        uint256 kept = 0;
        for (uint256 i = 0; i < list.length; i++) {
            if (list[i].until <= block.timestamp) {
                amount += list[i].amount;
            } else {
                list[kept++] = list[i];
            }
        }
        if (amount == 0) revert NothingToWithdraw(msg.sender);
        while (list.length > kept) list.pop();
        emit Withdrawn(msg.sender, amount);
        (bool ok,) = payable(msg.sender).call{value: amount}("");
        if (!ok) revert NativeTransferFailed(msg.sender, amount);
    }
}
