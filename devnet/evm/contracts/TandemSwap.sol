// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";

/// @title Fixed-rate two-token swap pool (devnet)
/// @notice One transaction moves `tokenIn` from the caller into the pool and `tokenOut` from the pool to the
/// caller, which is what a wallet history shows as a swap. Rate: 1 base unit of A = rateNum/rateDen units of B.
contract TandemSwap {
    using SafeERC20 for IERC20;

    IERC20 public immutable tokenA;
    IERC20 public immutable tokenB;
    uint256 public immutable rateNum;
    uint256 public immutable rateDen;

    event Swapped(address indexed trader, address indexed tokenIn, uint256 amountIn, uint256 amountOut);

    error UnknownToken(address token);
    error ZeroOutput();

    constructor(IERC20 tokenA_, IERC20 tokenB_, uint256 rateNum_, uint256 rateDen_) {
        tokenA = tokenA_;
        tokenB = tokenB_;
        rateNum = rateNum_;
        rateDen = rateDen_;
    }

    function quote(address tokenIn, uint256 amountIn) public view returns (uint256) {
        if (tokenIn == address(tokenA)) return amountIn * rateNum / rateDen;
        if (tokenIn == address(tokenB)) return amountIn * rateDen / rateNum;
        revert UnknownToken(tokenIn);
    }

    function swap(address tokenIn, uint256 amountIn) external returns (uint256 amountOut) {
        amountOut = quote(tokenIn, amountIn);
        if (amountOut == 0) revert ZeroOutput();
        IERC20 tokenOut = tokenIn == address(tokenA) ? tokenB : tokenA;
        IERC20(tokenIn).safeTransferFrom(msg.sender, address(this), amountIn);
        tokenOut.safeTransfer(msg.sender, amountOut);
        emit Swapped(msg.sender, tokenIn, amountIn, amountOut);
    }
}
