/** Work a process does once at start while it already serves (loading the analyzer): readiness waits for it. */
export class StartupTasks {
  private readonly tasks = new Map<string, 'running' | 'done' | 'failed'>();

  track(name: string, task: Promise<unknown>): void {
    this.tasks.set(name, 'running');
    task.then(
      () => this.tasks.set(name, 'done'),
      () => this.tasks.set(name, 'failed'),
    );
  }

  /** The tasks still running and those that failed (the process stays unready: restart it). */
  unfinished(): { running: string[]; failed: string[] } {
    const named = (state: string) => [...this.tasks].filter(([, s]) => s === state).map(([name]) => name);
    return { running: named('running'), failed: named('failed') };
  }
}
