// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title Tandem Art (devnet ERC-721)
/// @notice Token ids count up from 1. A token's URI is either a path under the collection's base URI
/// (the devnet assets server) or a complete URI of its own (e.g. a data: URI).
contract TandemArt is ERC721, Ownable {
    struct TokenLocation {
        string uri;
        bool absolute;
    }

    string private _base;
    uint256 private _lastTokenId;
    mapping(uint256 => TokenLocation) private _locations;

    constructor(string memory baseURI_, address initialOwner)
        ERC721("Tandem Art", "ART")
        Ownable(initialOwner)
    {
        _base = baseURI_;
    }

    /// Mints the next id to `to` with metadata at `<baseURI><path>`.
    function mint(address to, string calldata path) external onlyOwner returns (uint256) {
        return _mintWith(to, path, false);
    }

    /// Mints the next id to `to` with metadata at the complete URI `uri`.
    function mintWithURI(address to, string calldata uri) external onlyOwner returns (uint256) {
        return _mintWith(to, uri, true);
    }

    function totalMinted() external view returns (uint256) {
        return _lastTokenId;
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        TokenLocation storage location = _locations[tokenId];
        return location.absolute ? location.uri : string.concat(_base, location.uri);
    }

    function _mintWith(address to, string calldata uri, bool absolute) private returns (uint256 tokenId) {
        tokenId = ++_lastTokenId;
        _locations[tokenId] = TokenLocation({uri: uri, absolute: absolute});
        _safeMint(to, tokenId);
    }
}
