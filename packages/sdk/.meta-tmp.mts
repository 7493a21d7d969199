import { measureSdkSize } from './size.ts'

console.log(await measureSdkSize())
