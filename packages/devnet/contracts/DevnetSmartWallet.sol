// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// The smallest ERC-1271 contract wallet, for sign-in tests: a signature is valid when its owner
/// made it over the hash. Real smart accounts add much more; verifiers only ever see this call.
contract DevnetSmartWallet {
    bytes4 private constant MAGIC_VALUE = 0x1626ba7e;
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? MAGIC_VALUE : bytes4(0xffffffff);
    }
}

/// Deploys DevnetSmartWallets with CREATE2, so a wallet has its address before it exists: what an
/// ERC-6492 signature of an undeployed (counterfactual) account names as its factory.
contract DevnetSmartWalletFactory {
    function deploy(address owner, bytes32 salt) external returns (address) {
        return address(new DevnetSmartWallet{salt: salt}(owner));
    }
}
