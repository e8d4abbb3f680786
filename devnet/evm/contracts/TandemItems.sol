// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title Tandem Items (devnet ERC-1155)
/// @notice Metadata URI follows ERC-1155: clients replace `{id}` with the 64-hex-digit id.
contract TandemItems is ERC1155, Ownable {
    string public constant name = "Tandem Items";
    string public constant symbol = "ITEMS";

    constructor(string memory uri_, address initialOwner) ERC1155(uri_) Ownable(initialOwner) {}

    function mintBatch(address to, uint256[] calldata ids, uint256[] calldata amounts) external onlyOwner {
        _mintBatch(to, ids, amounts, "");
    }
}
