import type { SuccessEnvelope } from '../../contract/envelope';

/** The success envelope of a mobile route's answer. */
export function ok<T>(data: T, message?: string): SuccessEnvelope<T> {
  return message === undefined ? { success: true, data } : { success: true, data, message };
}
