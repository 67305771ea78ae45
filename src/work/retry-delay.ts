/** Delay before a failed job is tried again: 2 s, 4 s, 8 s … capped at 5 minutes. */
export const retryDelaySeconds = (attempts: number) => Math.min(300, 2 ** Math.min(attempts, 9));
