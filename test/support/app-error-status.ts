import type { AppError } from '../../src/errors.js';

/** A check for `thenThrows(AppError, withStatus(404))`. */
export const withStatus = (status: number) => (error: AppError) => error.status === status;
