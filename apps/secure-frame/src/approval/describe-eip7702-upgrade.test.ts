import { EIP7702_DELEGATE_ADDRESS } from '@walletframe/protocol'
import { describe, expect, it } from 'vitest'
import { describeEip7702Upgrade } from './describe-eip7702-upgrade.ts'

const unknownCode = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

describe('describeEip7702Upgrade', () => {
  it('tells the user the account becomes a smart account delegating to the wallet’s code', () => {
    expect(describeEip7702Upgrade(undefined)).toEqual({
      delegate: EIP7702_DELEGATE_ADDRESS,
      statement: `This makes your account a smart account (EIP-7702) delegating to ${EIP7702_DELEGATE_ADDRESS}.`,
    })
  })

  it('names the delegation it replaces when the account runs other code now', () => {
    expect(describeEip7702Upgrade(unknownCode).replaces).toEqual({
      delegate: unknownCode,
      statement: `It replaces the account's delegation to ${unknownCode}, code this wallet does not know.`,
    })
    expect(
      describeEip7702Upgrade(EIP7702_DELEGATE_ADDRESS.toLowerCase() as `0x${string}`).replaces,
    ).toBeUndefined()
  })
})
