/** The documented success envelope `{success, data, message?}` of the mobile calls. */
export const ok = <T>(data: T, message?: string) =>
  message === undefined ? { success: true as const, data } : { success: true as const, data, message };
