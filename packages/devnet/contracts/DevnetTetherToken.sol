// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A token shaped like mainnet USDT (spec §9: "Two USDT contract variants use a different ERC-20
/// argument naming"): `transfer`, `transferFrom` and `approve` name their arguments `_to`, `_value`…
/// and return NOTHING, not the standard `bool`. A caller that decodes a `bool` from their empty
/// return data fails; one that counts a call without a revert as success (as USDT needs) works.
contract DevnetTetherToken {
    string public name;
    string public symbol;
    uint256 public decimals;
    uint256 public _totalSupply;

    mapping(address => uint256) public balances;
    mapping(address => mapping(address => uint256)) public allowed;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    // USDT's own constructor order: supply first, decimals a uint.
    constructor(uint256 _initialSupply, string memory _name, string memory _symbol, uint256 _decimals) {
        _totalSupply = _initialSupply;
        name = _name;
        symbol = _symbol;
        decimals = _decimals;
        balances[msg.sender] = _initialSupply;
        emit Transfer(address(0), msg.sender, _initialSupply);
    }

    function totalSupply() external view returns (uint256) {
        return _totalSupply;
    }

    function balanceOf(address who) external view returns (uint256) {
        return balances[who];
    }

    function allowance(address _owner, address _spender) external view returns (uint256 remaining) {
        return allowed[_owner][_spender];
    }

    function transfer(address _to, uint256 _value) external {
        _move(msg.sender, _to, _value);
    }

    function transferFrom(address _from, address _to, uint256 _value) external {
        uint256 _allowance = allowed[_from][msg.sender];
        if (_allowance != type(uint256).max) {
            require(_allowance >= _value, "DevnetTetherToken: allowance too low");
            allowed[_from][msg.sender] = _allowance - _value;
        }
        _move(_from, _to, _value);
    }

    function approve(address _spender, uint256 _value) external {
        allowed[msg.sender][_spender] = _value;
        emit Approval(msg.sender, _spender, _value);
    }

    function _move(address _from, address _to, uint256 _value) private {
        require(_to != address(0), "DevnetTetherToken: transfer to the zero address");
        uint256 balance = balances[_from];
        require(balance >= _value, "DevnetTetherToken: balance too low");
        balances[_from] = balance - _value;
        balances[_to] += _value;
        emit Transfer(_from, _to, _value);
    }
}
