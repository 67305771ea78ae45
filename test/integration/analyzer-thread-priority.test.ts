import { expect } from 'chai';
import fs from 'node:fs';
import { ThreadedAnalyzer } from '../../src/analysis/offline/threaded-analyzer.js';
import { ANALYZER_THREAD_NICE } from '../../src/analysis/offline/thread-priority.js';

/** The nice value of each of this process's threads, by thread id (Linux's /proc, where CI runs). */
function niceByThread(): Map<number, number> {
  const threads = new Map<number, number>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    const fields = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
    threads.set(Number(tid), Number(fields[16]));
  }
  return threads;
}

describe('analyzer thread priority', function () {
  this.timeout(120_000);

  it('given the offline analyzer on its thread, then that thread alone runs at a lower priority; the thread serving requests keeps its own', async () => {
    const before = niceByThread();
    const mainNice = before.get(process.pid)!;
    await ThreadedAnalyzer.start();
    const after = niceByThread();
    const started = [...after].filter(([tid]) => !before.has(tid));
    expect(started.map(([, nice]) => nice)).to.include(Math.max(mainNice, ANALYZER_THREAD_NICE));
    expect(after.get(process.pid)).to.equal(mainNice);
    for (const [tid, nice] of before) if (after.has(tid)) expect(after.get(tid), `thread ${tid}`).to.equal(nice);
  });
});
