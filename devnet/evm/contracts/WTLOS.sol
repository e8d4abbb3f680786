// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title Wrapped TLOS (devnet)
/// @notice WETH9-style wrapper: deposit() mints 1:1 against the native coin, withdraw(wad) burns and pays back.
contract WTLOS is ERC20 {
    event Deposit(address indexed dst, uint256 wad);
    event Withdrawal(address indexed src, uint256 wad);

    error NativeTransferFailed(address to, uint256 amount);

    constructor() ERC20("Wrapped TLOS", "WTLOS") {}

    receive() external payable {
        deposit();
    }

    function deposit() public payable {
        _mint(msg.sender, msg.value);
        emit Deposit(msg.sender, msg.value);
    }

    function withdraw(uint256 wad) external {
        _burn(msg.sender, wad);
        emit Withdrawal(msg.sender, wad);
        (bool ok,) = payable(msg.sender).call{value: wad}("");
        if (!ok) revert NativeTransferFailed(msg.sender, wad);
    }
}
