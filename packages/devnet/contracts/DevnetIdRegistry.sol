// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A minimal stand-in for Farcaster's IdRegistry (FIP-11 sign-in checks a message's signer against
/// it): every fid has one custody address and an address holds at most one fid, with the same
/// `idOf` and `custodyOf` reads as the real contract. Only the deployer registers, and fids count up
/// from 1; there is no transfer, recovery or gateway, which sign-in never needs.
contract DevnetIdRegistry {
    address public immutable owner;
    uint256 public idCounter;

    mapping(address => uint256) public idOf;
    mapping(uint256 => address) public custodyOf;

    event Register(address indexed to, uint256 indexed id);

    /// Registers the test fids in one transaction: `custodies[i]` gets fid i + 1.
    constructor(address[] memory custodies) {
        owner = msg.sender;
        for (uint256 i = 0; i < custodies.length; i++) {
            _register(custodies[i]);
        }
    }

    /// A new fid for `to` (tests add fids beside the fixtures' own).
    function register(address to) external returns (uint256 fid) {
        require(msg.sender == owner, "DevnetIdRegistry: only the owner registers");
        return _register(to);
    }

    function _register(address to) private returns (uint256 fid) {
        require(to != address(0), "DevnetIdRegistry: custody is the zero address");
        require(idOf[to] == 0, "DevnetIdRegistry: address already has an fid");
        fid = ++idCounter;
        idOf[to] = fid;
        custodyOf[fid] = to;
        emit Register(to, fid);
    }
}
