/**
 * Semantic search on embedded PGlite + pgvector: HNSW (through `searchFeedback`) against an exact
 * sequential scan of the same SQL shape.
 *   npx tsx test/bench/search.ts                  (100,000 rows in project A, 1 % of that in B)
 *   BENCH_SEARCH_ROWS=20000 npx tsx test/bench/search.ts
 * Vectors are synthetic 512-dim unit vectors with clustered structure (a Gaussian mixture in a
 * low-dimensional latent space, projected to 512 dims, plus isotropic noise) from a seeded
 * generator, so nearest neighbours are meaningful and every run sees the same data. Both projects
 * draw from the same clusters, so the project filter is uncorrelated with distance (the hard case
 * for a filtered HNSW scan). Query vectors are perturbed members of the searched project.
 * Prints figures and ratios; nothing here asserts a time.
 */
import { pathToFileURL } from 'node:url';
import pgvector from 'pgvector';
import type { Database, Queryable } from '../../src/db/database.js';
import { runMigrations } from '../../src/db/migrations.js';
import { openDatabase } from '../../src/db/open-database.js';
import { allConsumers, allMigrations } from '../../src/runtime.js';
import { searchFeedback } from '../../queries/search/query.js';
import { seededRandom } from '../../src/support/seeded-random.js';
import { cosineSimilarity } from '../../src/domain/cluster/vectors.js';

export const cosineDistance = (a: number[], b: number[]): number => 1 - cosineSimilarity(a, b);

export const MODEL = 'use-lite-512';
export const DIMENSIONS = 512;
export const HNSW_INDEX = 'feedback_embeddings_hnsw_512';

// ---------------------------------------------------------------------------------------------
// Seeded synthetic vectors

function gaussian(random: () => number): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

function mix(seed: number, salt: number, index: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 1, 0xc2b2ae35) ^ Math.imul(index + 1, 0x27d4eb2f);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

function normalise(vector: Float64Array): number[] {
  let norm = 0;
  for (const x of vector) norm += x * x;
  norm = Math.sqrt(norm);
  // float4 is what pgvector stores; computing exact rankings in JS on the same values.
  return Array.from(vector, (x) => Math.fround(x / norm));
}

export interface ClusteredVectorOptions {
  seed?: number;
  dimensions?: number;
  clusters?: number;
  /** Dimension of the latent space the clusters live in (real embeddings have a low intrinsic dimension). */
  latentDimensions?: number;
  /** Norm of a member's offset from its centre, relative to the centres' spread (≈ 1). */
  clusterSpread?: number;
  /** Norm of the isotropic 512-dim noise added after the projection. */
  noise?: number;
}

/**
 * Deterministic clustered unit vectors: `vector(project, i)` is the i-th member of a project,
 * computable on its own (no need to hold 100k vectors in memory).
 */
export class ClusteredVectors {
  readonly dimensions: number;
  private readonly seed: number;
  private readonly latent: number;
  private readonly spread: number;
  private readonly noise: number;
  private readonly centres: Float64Array[];
  private readonly projection: Float64Array; // dimensions × latent, row-major

  constructor(options: ClusteredVectorOptions = {}) {
    this.seed = options.seed ?? 42;
    this.dimensions = options.dimensions ?? DIMENSIONS;
    this.latent = options.latentDimensions ?? 32;
    this.spread = options.clusterSpread ?? 0.6;
    this.noise = options.noise ?? 0.15;
    const random = seededRandom(this.seed);
    const clusters = options.clusters ?? 50;
    this.centres = Array.from({ length: clusters }, () => Float64Array.from({ length: this.latent }, () => gaussian(random) / Math.sqrt(this.latent)));
    this.projection = Float64Array.from({ length: this.dimensions * this.latent }, () => gaussian(random) / Math.sqrt(this.dimensions));
  }

  /** Member `index` of project number `project` (projects share the clusters). */
  vector(project: number, index: number): number[] {
    return this.sample(seededRandom(mix(this.seed, project, index)));
  }

  /** A query near member `index`: the member plus noise of norm ≈ `scale` (in the 512-dim space), normalised. */
  perturbed(project: number, index: number, scale: number, querySeed: number): number[] {
    const random = seededRandom(mix(this.seed ^ 0x5bd1e995, querySeed, index));
    const base = this.vector(project, index);
    const out = new Float64Array(this.dimensions);
    const sd = scale / Math.sqrt(this.dimensions);
    for (let d = 0; d < this.dimensions; d++) out[d] = base[d] + sd * gaussian(random);
    return normalise(out);
  }

  private sample(random: () => number): number[] {
    const centre = this.centres[Math.floor(random() * this.centres.length)];
    const z = new Float64Array(this.latent);
    const sd = this.spread / Math.sqrt(this.latent);
    for (let l = 0; l < this.latent; l++) z[l] = centre[l] + sd * gaussian(random);
    const out = new Float64Array(this.dimensions);
    const noiseSd = this.noise / Math.sqrt(this.dimensions);
    for (let d = 0; d < this.dimensions; d++) {
      let x = 0;
      const row = d * this.latent;
      for (let l = 0; l < this.latent; l++) x += this.projection[row + l] * z[l];
      out[d] = x + noiseSd * gaussian(random);
    }
    return normalise(out);
  }
}

export function feedbackId(projectId: string, index: number): string {
  return `${projectId}-${String(index).padStart(7, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// Loading rows (straight into the read-model tables, as the projections would leave them)

/** Inserts `count` rows of one project into `feedback_items` and `feedback_embeddings`, in multi-row batches. */
export async function insertProjectRows(
  db: Queryable,
  generator: ClusteredVectors,
  options: { projectId: string; project: number; count: number; batchSize?: number; seqOffset?: number },
): Promise<void> {
  const batchSize = options.batchSize ?? 500;
  const seqOffset = options.seqOffset ?? 0;
  for (let start = 0; start < options.count; start += batchSize) {
    const end = Math.min(options.count, start + batchSize);
    const ids: string[] = [];
    const seqs: string[] = [];
    const vectors: string[] = [];
    for (let i = start; i < end; i++) {
      ids.push(feedbackId(options.projectId, i));
      seqs.push(String(seqOffset + i + 1));
      vectors.push(pgvector.toSql(generator.vector(options.project, i)));
    }
    await db.query(
      `INSERT INTO feedback_items (feedback_id, project_id, text, source, metadata, status, created_at, received_at, processed_at, list_seq)
       SELECT id, $2, 'synthetic feedback ' || id, 'api', '{}'::jsonb, 'processed', now(), now(), now(), seq::numeric
         FROM unnest($1::text[], $3::text[]) AS t(id, seq)`,
      [ids, options.projectId, seqs],
    );
    await db.query(
      `INSERT INTO feedback_embeddings (feedback_id, project_id, model, dimensions, embedding)
       SELECT id, $2, $3, ${generator.dimensions}, v::vector
         FROM unnest($1::text[], $4::text[]) AS t(id, v)`,
      [ids, options.projectId, MODEL, vectors],
    );
  }
}

export async function openSearchDatabase(): Promise<Database> {
  const db = await openDatabase({ dataDir: 'memory://', holder: 'search-bench' });
  await runMigrations(db, allMigrations(allConsumers()));
  return db;
}

/** The SQL shape of `searchFeedback` (nearest ids of one project, then joined with the items). */
export function searchSql(vectorExpression: string, dims: number): string {
  return `WITH nearest AS (
         SELECT feedback_id, ${vectorExpression} <=> $2::vector(${dims}) AS distance
           FROM feedback_embeddings
          WHERE project_id = $1 AND model = $3 AND dimensions = ${dims}
          ORDER BY ${vectorExpression} <=> $2::vector(${dims})
          LIMIT $4)
       SELECT feedback_id, nearest.distance
         FROM nearest JOIN feedback_items f USING (feedback_id)
        ORDER BY nearest.distance, f.feedback_id`;
}

/** Runs the search SQL after the given `SET LOCAL` statements, inside one transaction. */
async function searchWithSettings(db: Database, settings: string[], projectId: string, vector: number[], limit: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    for (const setting of settings) await tx.query(setting);
    const rows = await tx.query<{ feedback_id: string }>(searchSql(`embedding::vector(${vector.length})`, vector.length), [
      projectId,
      pgvector.toSql(vector),
      MODEL,
      limit,
    ]);
    return rows.rows.map((r) => r.feedback_id);
  });
}

/** The same query forced to an exact scan: no index scan, so HNSW cannot be used (bitmap/seq scan + sort). */
export function exactSearch(db: Database, projectId: string, vector: number[], limit: number): Promise<string[]> {
  return searchWithSettings(db, ['SET LOCAL enable_indexscan = off'], projectId, vector, limit);
}

/** The plan of the search query for these settings (run inside a transaction, so SET LOCAL applies). */
export async function explainSearch(db: Database, projectId: string, vector: number[], limit: number, settings: string[] = []): Promise<string> {
  return db.transaction(async (tx) => {
    for (const setting of settings) await tx.query(`SET LOCAL ${setting}`);
    const rows = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${searchSql(`embedding::vector(${vector.length})`, vector.length)}`, [
      projectId,
      pgvector.toSql(vector),
      MODEL,
      limit,
    ]);
    // Query vectors would fill the plan with 512 numbers each.
    return rows.rows.map((r) => r['QUERY PLAN'].replace(/'\[[^\]]*\]'/g, "'[…]'")).join('\n');
  });
}

// ---------------------------------------------------------------------------------------------
// The benchmark

export interface SearchBenchOptions {
  /** Rows of project A; project B gets 1 % of that. Default: BENCH_SEARCH_ROWS or 100,000. */
  rows?: number;
  queries?: number;
  clusters?: number;
  /** ef_search values for the recall curve (through the same SQL shape as searchFeedback). */
  efSearchCurve?: number[];
}

export interface LatencyFigures {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

export interface PathFigures {
  ms: LatencyFigures;
  /** Mean recall@10 against the exact scan. */
  recallAt10: number;
  /** Queries that returned fewer than 10 rows. */
  shortResults: number;
}

export interface ProjectFigures {
  projectId: string;
  rows: number;
  queries: number;
  /** The scan the planner picks for searchFeedback's query (EXPLAIN of the same SQL and settings). */
  plannedScan: string;
  plannedUsesHnsw: boolean;
  /** searchFeedback as the planner runs it. */
  searchFeedback: PathFigures;
  /** searchFeedback through the HNSW index (forced with `enable_sort = off` when the planner prefers an exact scan). */
  hnsw: PathFigures & { forced: boolean };
  exact: { ms: LatencyFigures };
  /** HNSW p95 / exact p95: below 1 means the index is faster. */
  hnswP95Ratio: number;
  hnswP50Ratio: number;
  searchFeedbackP95Ratio: number;
  efSearchCurve: { efSearch: number; recallAt10: number; p50Ms: number; p95Ms: number; shortResults: number }[];
}

export interface SearchBenchFigures {
  rowsA: number;
  rowsB: number;
  dimensions: number;
  clusters: number;
  insertSeconds: number;
  insertRowsPerSecond: number;
  indexBuildSeconds: number;
  maintenanceWorkMem: string;
  tableMb: number;
  indexMb: number;
  rssMb: number;
  projects: ProjectFigures[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function latency(samples: number[]): LatencyFigures {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean: samples.reduce((s, x) => s + x, 0) / Math.max(1, samples.length),
  };
}

function recall(found: string[], exact: string[], k: number): number {
  const truth = new Set(exact.slice(0, k));
  return found.slice(0, k).filter((id) => truth.has(id)).length / Math.max(1, truth.size);
}

function mean(values: number[]): number {
  return values.reduce((s, x) => s + x, 0) / Math.max(1, values.length);
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = process.hrtime.bigint();
  const value = await work();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, value };
}

/** The search SQL with a given ef_search (iterative scan as in searchFeedback). */
function hnswSearchWithEf(db: Database, projectId: string, vector: number[], limit: number, efSearch: number): Promise<string[]> {
  return searchWithSettings(db, ['SET LOCAL hnsw.iterative_scan = relaxed_order', `SET LOCAL hnsw.ef_search = ${efSearch}`], projectId, vector, limit);
}

function scanNode(plan: string): string {
  const line = plan.split('\n').find((l) => /Scan (using|on) /.test(l) && /feedback_embeddings/.test(l)) ?? plan;
  return line.replace(/^\s*(->\s*)?/, '').replace(/\s+\(cost=.*\)$/, '');
}

async function measureSearchFeedback(db: Database, projectId: string, queryVectors: number[][], exact: string[][]): Promise<PathFigures> {
  const times: number[] = [];
  const recalls: number[] = [];
  let shortResults = 0;
  for (let q = 0; q < queryVectors.length; q++) {
    const r = await timed(() => searchFeedback(db, projectId, { model: MODEL, dimensions: DIMENSIONS, vector: queryVectors[q] }, 10));
    times.push(r.ms);
    if (r.value.length < 10) shortResults++;
    recalls.push(
      recall(
        r.value.map((x) => x.feedback.id),
        exact[q],
        10,
      ),
    );
  }
  return { ms: latency(times), recallAt10: mean(recalls), shortResults };
}

export async function runSearchBench(options: SearchBenchOptions = {}): Promise<SearchBenchFigures> {
  const rowsA = options.rows ?? Number(process.env.BENCH_SEARCH_ROWS ?? 100_000);
  const rowsB = Math.max(1, Math.round(rowsA / 100));
  const queries = options.queries ?? 200;
  const clusters = options.clusters ?? 200;
  const generator = new ClusteredVectors({ seed: 20240611, clusters });
  const db = await openSearchDatabase();
  try {
    // Load without the HNSW index, then build it once (what a fresh build / reindex costs).
    const { rows: defs } = await db.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE indexname = $1`, [HNSW_INDEX]);
    if (defs.length !== 1) throw new Error(`index ${HNSW_INDEX} not found`);
    await db.query(`DROP INDEX ${HNSW_INDEX}`);
    const insert = await timed(async () => {
      await insertProjectRows(db, generator, { projectId: 'project-a', project: 0, count: rowsA });
      await insertProjectRows(db, generator, { projectId: 'project-b', project: 1, count: rowsB, seqOffset: rowsA });
    });
    const maintenanceWorkMem = process.env.BENCH_SEARCH_MAINTENANCE_WORK_MEM ?? '1GB';
    await db.query(`SET maintenance_work_mem = '${maintenanceWorkMem}'`);
    const build = await timed(() => db.query(defs[0].indexdef));
    await db.query(`RESET maintenance_work_mem`);
    await db.query(`ANALYZE feedback_embeddings`);
    await db.query(`ANALYZE feedback_items`);
    const { rows: sizes } = await db.query<{ table_mb: number; index_mb: number }>(
      `SELECT pg_total_relation_size('feedback_embeddings') / 1048576.0 AS table_mb, pg_relation_size($1::regclass) / 1048576.0 AS index_mb`,
      [HNSW_INDEX],
    );

    const projects: ProjectFigures[] = [];
    for (const [projectId, project, count] of [
      ['project-a', 0, rowsA],
      ['project-b', 1, rowsB],
    ] as const) {
      const queryVectors = Array.from({ length: queries }, (_, q) =>
        generator.perturbed(project, Math.floor(seededRandom(mix(7, project, q))() * count), 0.3, q),
      );
      const plan = await explainSearch(db, projectId, queryVectors[0], 10, ['hnsw.iterative_scan = relaxed_order', 'hnsw.ef_search = 40']);
      const plannedUsesHnsw = plan.includes(HNSW_INDEX);

      // Exact baseline first (also the ground truth for recall); warm-up on a few queries.
      for (const v of queryVectors.slice(0, 5)) {
        await exactSearch(db, projectId, v, 10);
        await searchFeedback(db, projectId, { model: MODEL, dimensions: DIMENSIONS, vector: v }, 10);
      }
      const exactTimes: number[] = [];
      const exact: string[][] = [];
      for (const v of queryVectors) {
        const e = await timed(() => exactSearch(db, projectId, v, 10));
        exactTimes.push(e.ms);
        exact.push(e.value);
      }
      const exactMs = latency(exactTimes);
      const planned = await measureSearchFeedback(db, projectId, queryVectors, exact);

      // When the planner prefers an exact scan (small project), force the HNSW path to measure it too.
      // PGlite is one session, so a session-level SET applies inside searchFeedback's transaction.
      const forced = !plannedUsesHnsw;
      if (forced) await db.query(`SET enable_sort = off`);
      try {
        if (forced) {
          const forcedPlan = await explainSearch(db, projectId, queryVectors[0], 10, ['hnsw.iterative_scan = relaxed_order', 'hnsw.ef_search = 40']);
          if (!forcedPlan.includes(HNSW_INDEX)) throw new Error(`could not force ${HNSW_INDEX} for ${projectId}:\n${forcedPlan}`);
          for (const v of queryVectors.slice(0, 5)) await searchFeedback(db, projectId, { model: MODEL, dimensions: DIMENSIONS, vector: v }, 10);
        }
        const hnsw = forced ? await measureSearchFeedback(db, projectId, queryVectors, exact) : planned;

        const efSearchCurve: ProjectFigures['efSearchCurve'] = [];
        for (const efSearch of options.efSearchCurve ?? [10, 20, 40, 64, 100, 200, 400]) {
          const times: number[] = [];
          const recalls: number[] = [];
          let shortResults = 0;
          for (let q = 0; q < queryVectors.length; q++) {
            const r = await timed(() => hnswSearchWithEf(db, projectId, queryVectors[q], 10, efSearch));
            times.push(r.ms);
            if (r.value.length < 10) shortResults++;
            recalls.push(recall(r.value, exact[q], 10));
          }
          const l = latency(times);
          efSearchCurve.push({ efSearch, recallAt10: mean(recalls), p50Ms: l.p50, p95Ms: l.p95, shortResults });
        }
        projects.push({
          projectId,
          rows: count,
          queries,
          plannedScan: scanNode(plan),
          plannedUsesHnsw,
          searchFeedback: planned,
          hnsw: { ...hnsw, forced },
          exact: { ms: exactMs },
          hnswP95Ratio: hnsw.ms.p95 / exactMs.p95,
          hnswP50Ratio: hnsw.ms.p50 / exactMs.p50,
          searchFeedbackP95Ratio: planned.ms.p95 / exactMs.p95,
          efSearchCurve,
        });
      } finally {
        if (forced) await db.query(`RESET enable_sort`);
      }
    }
    return {
      rowsA,
      rowsB,
      dimensions: DIMENSIONS,
      clusters,
      insertSeconds: insert.ms / 1000,
      insertRowsPerSecond: (rowsA + rowsB) / (insert.ms / 1000),
      indexBuildSeconds: build.ms / 1000,
      maintenanceWorkMem,
      tableMb: Number(sizes[0].table_mb),
      indexMb: Number(sizes[0].index_mb),
      rssMb: process.memoryUsage().rss / 1048576,
      projects,
    };
  } finally {
    await db.close();
  }
}

export function printSearchBench(figures: SearchBenchFigures): void {
  const ms = (l: LatencyFigures) => `p50 ${l.p50.toFixed(2)} ms, p95 ${l.p95.toFixed(2)} ms, p99 ${l.p99.toFixed(2)} ms`;
  const n = (x: number) => x.toLocaleString('en-US');
  console.log(
    `Search (PGlite + pgvector HNSW m=16/ef_construction=64 defaults, ${figures.dimensions}-dim cosine, ${figures.clusters} clusters): ` +
      `project A ${n(figures.rowsA)} rows, project B ${n(figures.rowsB)} rows`,
  );
  console.log(
    `load: ${n(figures.rowsA + figures.rowsB)} rows in ${figures.insertSeconds.toFixed(1)} s (${n(Math.round(figures.insertRowsPerSecond))} rows/s, without the HNSW index); ` +
      `HNSW build: ${figures.indexBuildSeconds.toFixed(1)} s (maintenance_work_mem ${figures.maintenanceWorkMem}); ` +
      `feedback_embeddings ${figures.tableMb.toFixed(0)} MB total, HNSW index ${figures.indexMb.toFixed(0)} MB; process RSS ${figures.rssMb.toFixed(0)} MB`,
  );
  for (const p of figures.projects) {
    console.log(`${p.projectId} (${n(p.rows)} rows, ${p.queries} queries, limit 10): planner picks ${p.plannedScan}`);
    console.log(`  exact scan (baseline):          ${ms(p.exact.ms)}`);
    if (!p.plannedUsesHnsw) {
      console.log(
        `  searchFeedback as planned:      ${ms(p.searchFeedback.ms)}; recall@10 ${p.searchFeedback.recallAt10.toFixed(3)}; p95 / exact p95 = ${p.searchFeedbackP95Ratio.toFixed(3)}`,
      );
    }
    console.log(
      `  searchFeedback via HNSW${p.hnsw.forced ? ' (forced)' : '        '}: ${ms(p.hnsw.ms)}; recall@10 ${p.hnsw.recallAt10.toFixed(3)} (target ≥ 0.95), short results ${p.hnsw.shortResults}`,
    );
    console.log(`  HNSW p95 / exact p95 = ${p.hnswP95Ratio.toFixed(3)} (p50 ratio ${p.hnswP50Ratio.toFixed(3)})`);
    console.log(`  ef_search curve (iterative scan, limit 10):`);
    for (const c of p.efSearchCurve) {
      console.log(
        `    ef_search ${String(c.efSearch).padStart(3)}: recall@10 ${c.recallAt10.toFixed(3)}, p50 ${c.p50Ms.toFixed(2)} ms, p95 ${c.p95Ms.toFixed(2)} ms, short results ${c.shortResults}`,
      );
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printSearchBench(await runSearchBench());
}
