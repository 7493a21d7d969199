// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC4337} from "solady/src/accounts/ERC4337.sol";
import {ERC4337Factory} from "solady/src/accounts/ERC4337Factory.sol";

/// The embedded wallet's smart account (issue 14): Solady's ERC-4337 account, unchanged, for
/// EntryPoint v0.7. It validates user operations signed by its owner, executes single calls and
/// atomic batches, and verifies signatures through ERC-1271 with ERC-7739 nested typed data. The
/// only thing Solady leaves to the implementer is the name and version of its EIP-712 domain.
contract WalletFrameAccount is ERC4337 {
    function _domainNameAndVersion() internal pure override returns (string memory, string memory) {
        return ("WalletFrameAccount", "1");
    }
}

/// Solady's factory, named here so that it is compiled: `createAccount(owner, salt)` deploys a
/// minimal ERC-1967 proxy of the account with CREATE2, so the address is known before it exists.
contract WalletFrameAccountFactory is ERC4337Factory {
    constructor(address implementation) ERC4337Factory(implementation) {}
}
