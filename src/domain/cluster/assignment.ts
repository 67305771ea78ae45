import { cosineSimilarity } from './vectors.js';

/**
 * How items are grouped into themes. Pure functions: the clustering worker and the clustering
 * evaluation (`npm run eval`) run the same code.
 */
export interface ClusterCandidate {
  clusterId: string;
  /** Sum of the members' unit embeddings; its direction is the theme's centre. */
  centroid: readonly number[];
  size: number;
}

export interface ClusteringThresholds {
  /** An item joins the nearest theme whose centre is at least this similar; otherwise it starts a new one. */
  join: number;
  /** Two themes whose centres are at least this similar are merged by the periodic pass. */
  merge: number;
}

export type Assignment = { kind: 'join'; clusterId: string; similarity: number } | { kind: 'create'; similarity: number };

export function assignToCluster(vector: readonly number[], candidates: readonly ClusterCandidate[], thresholds: ClusteringThresholds): Assignment {
  let best: { clusterId: string; similarity: number } | undefined;
  for (const candidate of candidates) {
    const similarity = cosineSimilarity(vector, candidate.centroid);
    if (!best || similarity > best.similarity || (similarity === best.similarity && candidate.clusterId < best.clusterId)) {
      best = { clusterId: candidate.clusterId, similarity };
    }
  }
  if (best && best.similarity >= thresholds.join) return { kind: 'join', ...best };
  return { kind: 'create', similarity: best?.similarity ?? 0 };
}

export interface Merge {
  /** The smaller theme, absorbed. */
  from: string;
  /** The larger theme, which keeps its id. */
  into: string;
  similarity: number;
}

/**
 * Near-duplicate themes to merge, most similar pair first; each theme takes part in at most one
 * merge per pass (the pass runs again later on the merged centres).
 */
export function findMerges(clusters: readonly ClusterCandidate[], thresholds: ClusteringThresholds): Merge[] {
  const pairs: Merge[] = [];
  for (let i = 0; i < clusters.length; i++) {
    for (let j = i + 1; j < clusters.length; j++) {
      const similarity = cosineSimilarity(clusters[i].centroid, clusters[j].centroid);
      if (similarity < thresholds.merge) continue;
      const [small, large] = ordered(clusters[i], clusters[j]);
      pairs.push({ from: small.clusterId, into: large.clusterId, similarity });
    }
  }
  pairs.sort((a, b) => b.similarity - a.similarity || a.from.localeCompare(b.from));
  const used = new Set<string>();
  return pairs.filter((pair) => {
    if (used.has(pair.from) || used.has(pair.into)) return false;
    used.add(pair.from);
    used.add(pair.into);
    return true;
  });
}

function ordered(a: ClusterCandidate, b: ClusterCandidate): [ClusterCandidate, ClusterCandidate] {
  if (a.size !== b.size) return a.size < b.size ? [a, b] : [b, a];
  return a.clusterId > b.clusterId ? [a, b] : [b, a];
}
