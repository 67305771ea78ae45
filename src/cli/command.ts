import type { Runtime } from '../runtime.js';

/** What a feedbackctl command is: the command table lists them, the admin channel and the CLI run them. */
export type Print = (line: string) => void;

/** Where a command runs: `local` in the feedbackctl process (it owns the terminal), otherwise inside the service. */
export interface RunMode {
  local: boolean;
  /** Through a running service: where a long command reports how far it has come (the client shows it). */
  progress?: (line: string) => void;
}

export interface CliCommand {
  run(runtime: Runtime, args: string[], print: Print, mode?: RunMode): Promise<void>;
  usage: string;
  /**
   * Runs inside a running service, through its admin channel. The others need the database to
   * themselves: they rebuild or rewrite tables, or load models for minutes.
   */
  throughServer: boolean;
  /** Projections status reports where the projections stand, so it must not move them first. */
  catchUpFirst: boolean;
  /** Only these may create a missing embedded data directory (besides `serve`). */
  createsDataDir?: (args: string[]) => boolean;
  /** The arguments as a running service must see them (file paths made absolute). */
  argsForServer?: (args: string[]) => string[];
}
