// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Benchmark token: one call makes `count` ERC-20 transfers (one Transfer log each)
/// @notice Seeds tens of thousands of transfers in a few dozen transactions. Recipients cycle
/// through `holders` addresses starting at 0x…1000, like a token with that many users.
contract BenchToken {
    event Transfer(address indexed from, address indexed to, uint256 value);

    string public constant name = "Bench Token";
    string public constant symbol = "BENCH";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;

    constructor() {
        totalSupply = type(uint128).max;
        balanceOf[address(this)] = type(uint128).max;
        emit Transfer(address(0), address(this), type(uint128).max);
    }

    function spray(uint256 count, uint256 start, uint256 holders) external {
        for (uint256 i = 0; i < count; i++) {
            address to = address(uint160(0x1000 + ((start + i) % holders)));
            uint256 amount = 1 + ((start + i) % 7);
            balanceOf[address(this)] -= amount;
            balanceOf[to] += amount;
            emit Transfer(address(this), to, amount);
        }
    }
}
