import type { Clock } from '../../src/support/clock.js';

/** A clock the test moves by hand (e.g. past a worker's lease or a rate-limit window). */
export class MutableClock implements Clock {
  constructor(private current = new Date('2026-03-01T12:00:00.000Z')) {}

  now(): Date {
    return new Date(this.current);
  }

  set(date: Date | string): void {
    this.current = new Date(date);
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
