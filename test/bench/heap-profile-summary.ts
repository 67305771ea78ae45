import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

/** Where a profile's bytes were allocated: the total, and the functions that allocated the most themselves. */
export function heapProfileSummary(file: string, top = 15): { totalMb: number; sites: { site: string; mb: number }[] } {
  const head = (JSON.parse(fs.readFileSync(file, 'utf8')) as { head: ProfileNode }).head;
  const bySite = new Map<string, number>();
  let total = 0;
  const visit = (node: ProfileNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const site = `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, '')}:${lineNumber + 1}` : ''}`.trim();
    bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
    total += node.selfSize;
    node.children.forEach(visit);
  };
  visit(head);
  const sites = [...bySite]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([site, bytes]) => ({ site, mb: bytes / 2 ** 20 }));
  return { totalMb: total / 2 ** 20, sites };
}

/** The profile the service wrote into `dir` after `since` (ms since the epoch), once it is there. */
export async function writtenProfile(dir: string, since: number): Promise<string> {
  for (;;) {
    const written = fs.existsSync(dir)
      ? fs.readdirSync(dir).filter((name) => name.endsWith('.heapprofile') && Number(/-(\d+)\.heapprofile$/.exec(name)?.[1]) >= since)
      : [];
    if (written.length > 0) return path.join(dir, written.sort().at(-1)!);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
