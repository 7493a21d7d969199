/** Both ends of the key-frame channel validate with the zod shapes themselves (no size budget there). */

import type { WireValidator } from '../wire/validator.ts'
import { createZodValidator } from '../wire/zod-validator.ts'
import { FRAME_METHOD_SCHEMAS } from './frame-methods.ts'

export const createFrameValidator = (): WireValidator => createZodValidator(FRAME_METHOD_SCHEMAS)
