// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A minimal ERC-20 for the devnet fixtures: the whole supply is minted to the deployer, who hands
/// it out. Nothing beyond the standard (no mint after deploy, no pause, no permit), so wallets and
/// indexers see the plainest possible token.
contract DevnetToken {
    string public name;
    string public symbol;
    // Set per token, so the fixtures can cover 6 (USDC-like), 18 and the edge case 0.
    uint8 public immutable decimals;
    uint256 public totalSupply;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_, uint256 supply) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        // A mint is a Transfer from the zero address: indexers then see where the supply came from.
        emit Transfer(address(0), msg.sender, supply);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        // The maximum allowance means "unlimited" and is not spent, as wallets that offer it expect.
        if (allowed != type(uint256).max) {
            require(allowed >= value, "DevnetToken: allowance too low");
            allowance[from][msg.sender] = allowed - value;
        }
        _move(from, to, value);
        return true;
    }

    function _move(address from, address to, uint256 value) private {
        // The zero address stands for mints in Transfer logs, so sending to it would fake a burn.
        require(to != address(0), "DevnetToken: transfer to the zero address");
        uint256 balance = balanceOf[from];
        require(balance >= value, "DevnetToken: balance too low");
        balanceOf[from] = balance - value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
