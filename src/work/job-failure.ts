/** A job that failed this many times is parked: kept with its error, never claimed again by itself. */
export const MAX_ATTEMPTS = 5;
