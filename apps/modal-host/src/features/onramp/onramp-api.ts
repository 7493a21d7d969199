/** The data API's on-ramp routes (spec §7), through the modal's API client. */
import {
  ONRAMP_PATHS,
  type OnRampOptionsResponse,
  OnRampOptionsResponseSchema,
  type OnRampQuote,
  type OnRampQuoteRequest,
  OnRampQuoteSchema,
  type OnRampUrlRequest,
  OnRampUrlResponseSchema,
} from '@walletframe/protocol'
import type { ApiClient } from '../core/index.ts'

export interface OnRampApi {
  options(): Promise<OnRampOptionsResponse>
  quote(request: OnRampQuoteRequest): Promise<OnRampQuote>
  widgetUrl(request: OnRampUrlRequest): Promise<string>
}

export function onRampApi(api: Pick<ApiClient, 'get' | 'post'>): OnRampApi {
  return {
    options: () => api.get(ONRAMP_PATHS.options, {}, OnRampOptionsResponseSchema),
    quote: (request) => api.post(ONRAMP_PATHS.quote, request, OnRampQuoteSchema),
    widgetUrl: async (request) =>
      (await api.post(ONRAMP_PATHS.widgetUrl, request, OnRampUrlResponseSchema)).url,
  }
}
