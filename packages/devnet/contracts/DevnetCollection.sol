// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC721Receiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data)
        external
        returns (bytes4);
}

/// A minimal ERC-721 for the devnet fixtures. Only the deployer mints; token ids count up from 1.
/// The metadata is built on chain as a data: URI (JSON with an SVG image), so wallets can show
/// NFTs with no network access and no metadata server to run.
contract DevnetCollection {
    string public name;
    string public symbol;
    // Goes into every token's metadata; the spam collection puts its bait text here.
    string private description;
    address public immutable owner;
    uint256 public totalSupply;

    mapping(uint256 => address) private holders;
    mapping(address => uint256) private balances;
    mapping(uint256 => address) public getApproved;
    mapping(address => mapping(address => bool)) public isApprovedForAll;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    constructor(string memory name_, string memory symbol_, string memory description_) {
        // tokenURI pastes these into JSON without escaping, so refuse what would need escaping.
        _requireJsonSafe(name_);
        _requireJsonSafe(symbol_);
        _requireJsonSafe(description_);
        name = name_;
        symbol = symbol_;
        description = description_;
        owner = msg.sender;
    }

    function mint(address to) external returns (uint256 tokenId) {
        require(msg.sender == owner, "DevnetCollection: only the owner mints");
        require(to != address(0), "DevnetCollection: mint to the zero address");
        tokenId = ++totalSupply;
        holders[tokenId] = to;
        balances[to] += 1;
        emit Transfer(address(0), to, tokenId);
    }

    function ownerOf(uint256 tokenId) public view returns (address holder) {
        holder = holders[tokenId];
        require(holder != address(0), "DevnetCollection: no such token");
    }

    function balanceOf(address holder) external view returns (uint256) {
        require(holder != address(0), "DevnetCollection: the zero address holds nothing");
        return balances[holder];
    }

    function approve(address approved, uint256 tokenId) external {
        address holder = ownerOf(tokenId);
        require(msg.sender == holder || isApprovedForAll[holder][msg.sender], "DevnetCollection: not allowed");
        getApproved[tokenId] = approved;
        emit Approval(holder, approved, tokenId);
    }

    function setApprovalForAll(address operator, bool approved) external {
        isApprovedForAll[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        address holder = ownerOf(tokenId);
        require(holder == from, "DevnetCollection: from is not the owner");
        require(to != address(0), "DevnetCollection: transfer to the zero address");
        require(
            msg.sender == holder || msg.sender == getApproved[tokenId] || isApprovedForAll[holder][msg.sender],
            "DevnetCollection: not allowed"
        );
        // An approval is for the current holder only; it must not survive the transfer.
        delete getApproved[tokenId];
        balances[from] -= 1;
        balances[to] += 1;
        holders[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        // The "safe" part: a contract must say it can handle NFTs, or the token would be stuck there.
        if (to.code.length > 0) {
            require(
                IERC721Receiver(to).onERC721Received(msg.sender, from, tokenId, data)
                    == IERC721Receiver.onERC721Received.selector,
                "DevnetCollection: receiver refused the token"
            );
        }
    }

    /// ERC-165: how wallets and indexers tell an ERC-721 from an ERC-20, whose Transfer event has
    /// the same signature.
    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 // ERC-165
            || interfaceId == 0x80ac58cd // ERC-721
            || interfaceId == 0x5b5e139f; // ERC-721 metadata
    }

    /// data:application/json;base64 of {"name","description","image"}, the image an SVG data URI.
    function tokenURI(uint256 tokenId) external view returns (string memory) {
        ownerOf(tokenId); // reverts for a token that does not exist
        string memory id = _decimal(tokenId);
        // The golden angle (137°) gives consecutive ids clearly different colours.
        string memory hue = _decimal((tokenId * 137) % 360);
        bytes memory svg = abi.encodePacked(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
            '<rect width="100" height="100" fill="hsl(',
            hue,
            ',70%,55%)"/><text x="50" y="55" font-family="monospace" font-size="12" text-anchor="middle"',
            ' fill="white">',
            symbol,
            " #",
            id,
            "</text></svg>"
        );
        bytes memory json = abi.encodePacked(
            '{"name":"',
            name,
            " #",
            id,
            '","description":"',
            description,
            '","image":"data:image/svg+xml;base64,',
            _base64(svg),
            '"}'
        );
        return string.concat("data:application/json;base64,", _base64(json));
    }

    function _decimal(uint256 value) private pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 rest = value; rest > 0; rest /= 10) digits++;
        bytes memory text = new bytes(digits);
        for (; value > 0; value /= 10) text[--digits] = bytes1(uint8(48 + (value % 10)));
        return string(text);
    }

    function _base64(bytes memory data) private pure returns (string memory) {
        bytes memory alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        bytes memory text = new bytes(4 * ((data.length + 2) / 3));
        for (uint256 i = 0; i < data.length; i += 3) {
            // Three bytes make 24 bits, written as four 6-bit digits; a missing byte pads with "=".
            uint256 chunk = uint256(uint8(data[i])) << 16;
            if (i + 1 < data.length) chunk |= uint256(uint8(data[i + 1])) << 8;
            if (i + 2 < data.length) chunk |= uint256(uint8(data[i + 2]));
            uint256 out = (i / 3) * 4;
            text[out] = alphabet[(chunk >> 18) & 63];
            text[out + 1] = alphabet[(chunk >> 12) & 63];
            text[out + 2] = i + 1 < data.length ? alphabet[(chunk >> 6) & 63] : bytes1("=");
            text[out + 3] = i + 2 < data.length ? alphabet[chunk & 63] : bytes1("=");
        }
        return string(text);
    }

    function _requireJsonSafe(string memory text) private pure {
        bytes memory raw = bytes(text);
        for (uint256 i = 0; i < raw.length; i++) {
            require(raw[i] != '"' && raw[i] != "\\" && uint8(raw[i]) >= 0x20, "DevnetCollection: text needs escaping");
        }
    }
}
