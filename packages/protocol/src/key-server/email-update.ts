import * as z from 'zod/mini'
import { KeyServerEmailSchema, OtpSchema } from './common.ts'

/** The answers of "update email" (spec §7 "Embedded frame messages"). */
export const EMAIL_UPDATE_ACTIONS = ['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP'] as const

export const EmailUpdateRequestSchema = z.object({ email: KeyServerEmailSchema })
export const EmailUpdateResponseSchema = z.object({ action: z.literal(EMAIL_UPDATE_ACTIONS[0]) })
export type EmailUpdateResponse = z.infer<typeof EmailUpdateResponseSchema>
export const EmailUpdatePrimaryRequestSchema = z.object({ otp: OtpSchema })
export const EmailUpdatePrimaryResponseSchema = z.object({ action: z.literal(EMAIL_UPDATE_ACTIONS[1]) })
export type EmailUpdatePrimaryResponse = z.infer<typeof EmailUpdatePrimaryResponseSchema>
export const EmailUpdateSecondaryRequestSchema = z.object({ otp: OtpSchema })
export const EmailUpdateSecondaryResponseSchema = z.object({ newEmail: z.string() })
export type EmailUpdateSecondaryResponse = z.infer<typeof EmailUpdateSecondaryResponseSchema>
