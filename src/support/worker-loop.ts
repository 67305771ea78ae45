import type { Logger } from '../logger.js';

/**
 * Runs `step` until stopped: again at once while it finds work, otherwise after `idleMs` or
 * when woken (new work announced in process).
 */
export class WorkerLoop {
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;

  constructor(
    private readonly name: string,
    private readonly step: () => Promise<number>,
    private readonly logger: Logger,
    private readonly idleMs = 500,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  wake(): void {
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let found = 0;
      try {
        found = await this.step();
      } catch (error) {
        this.logger.error({ err: error, worker: this.name }, 'worker step failed');
      }
      if (found > 0 || !this.running) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.idleMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
    }
  }
}

/**
 * One loop of the worker role, as a process or a queue registers it: `wakesOn` names the event types
 * after which its work may have grown (those of the reactor that fills its table), so a batch of the
 * log holding one wakes it at once.
 */
export interface ScheduledLoop {
  loop: WorkerLoop;
  wakesOn?: readonly string[];
}
