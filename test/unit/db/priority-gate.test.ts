import { expect } from 'chai';
import { currentPriority, PriorityGate, withPriority } from '../../../src/db/priority.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('PriorityGate (the embedded database connection, shared by priority)', () => {
  it('hands the slot to a waiting request before background work that queued earlier', async () => {
    const gate = new PriorityGate({ quietMs: 0 });
    const order: string[] = [];
    let release!: () => void;
    const holding = gate.run('background', () => new Promise<void>((resolve) => (release = resolve)));
    const background = gate.run('background', async () => void order.push('background'));
    const foreground = gate.run('foreground', async () => void order.push('foreground'));
    await tick();
    release();
    await Promise.all([holding, background, foreground]);
    expect(order).to.deep.equal(['foreground', 'background']);
  });

  it('while requests keep coming, background work waits its budget; once they pause it runs', async () => {
    let now = 0;
    const gate = new PriorityGate({ quietMs: 50, backgroundShare: 0.2, now: () => now });
    await gate.run('background', async () => void (now += 10)); // held 10 ms: the next may start 40 ms after
    await gate.run('foreground', async () => void (now += 1));
    let ran = false;
    const background = gate.run('background', async () => void (ran = true));
    await tick();
    expect(ran, 'runs before its budget allows').to.equal(false);
    now += 30;
    await gate.run('foreground', async () => {});
    await tick();
    expect(ran, 'a request came 30 ms after the last hold ended').to.equal(false);
    now += 100; // requests paused longer than quietMs
    await background;
    expect(ran).to.equal(true);
  });

  it('a long chain of background holds leaves the event loop turns: a timer set before it fires while it runs', async () => {
    // Like the embedded database, whose queries settle through promises alone (no I/O, no timer).
    const gate = new PriorityGate();
    let holds = 0;
    let firedAfter = -1;
    setTimeout(() => (firedAfter = holds), 0);
    while (holds < 2000) await gate.run('background', async () => void holds++);
    expect(firedAfter).to.be.within(0, 1999);
  });

  it('one slot: two holders never overlap', async () => {
    const gate = new PriorityGate();
    let inside = 0;
    let most = 0;
    const hold = (priority: 'foreground' | 'background') =>
      gate.run(priority, async () => {
        most = Math.max(most, ++inside);
        await tick();
        inside--;
      });
    await Promise.all(Array.from({ length: 20 }, (_, i) => hold(i % 3 === 0 ? 'background' : 'foreground')));
    expect(most).to.equal(1);
  });

  it('a priority set by withPriority carries across awaits', async () => {
    expect(currentPriority()).to.equal('background');
    const seen = await withPriority('foreground', async () => {
      await tick();
      return currentPriority();
    });
    expect(seen).to.equal('foreground');
  });
});
