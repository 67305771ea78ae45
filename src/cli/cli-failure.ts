import { AppError } from '../http/app-error.js';
import { isUsageError } from './output.js';

/** How a failed command is reported, the same whether it ran here or inside the service. */
export interface CliFailure {
  /** `usage` is a mistake in the command line (exit 2); `failed` the command's own failure (exit 1). */
  kind: 'usage' | 'failed';
  message: string;
}

const isParseArgsError = (error: unknown) => error instanceof TypeError && ((error as NodeJS.ErrnoException).code ?? '').startsWith('ERR_PARSE_ARGS');

export function describeCliFailure(error: unknown): CliFailure {
  if (isUsageError(error) || isParseArgsError(error)) return { kind: 'usage', message: (error as Error).message };
  if (error instanceof AppError) return { kind: 'failed', message: error.detail };
  return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
}
