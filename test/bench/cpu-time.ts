import fs from 'node:fs';

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc; 0 where there is none. On a
 * shared machine the CPU a request costs holds when its throughput does not: that is whatever share
 * of the cores the process gets.
 */
export function cpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in ticks of 1/100 s
  } catch {
    return 0;
  }
}

/** CPU time the process's main thread (the one serving HTTP) has used so far, in ms; 0 where there is none. */
export function mainThreadCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}
