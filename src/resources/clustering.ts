import { clusteringVectors, type ClusteringSpace } from '../domain/cluster/clustering-vector.js';
import { thresholdsFrom, type ThresholdTable } from '../domain/cluster/thresholds.js';
import { ASPECT_TAXONOMY, ASPECT_TAXONOMY_VERSION } from './aspect-taxonomy.js';
import { readResource } from './resource-files.js';
import { contentWords, isFunctionWordOf, isStopWord, WORD_LISTS_VERSION } from './text.js';

const useLite512 = readResource<ClusteringSpace>('models/use-lite-512.json');
const thresholds = readResource<ThresholdTable>('themes/thresholds.json');

// USE-lite was trained on English text only.
const USE_LITE_SPACE: ClusteringSpace = { ...useLite512.data, languages: ['en'] };

/**
 * The clustering vector's rules on the service's data: the fitted space of `use-lite-512` (whose word
 * statistics also serve the lexical block of every other model), the aspect taxonomy and the word lists.
 */
export const { toClusteringVector, clusteringDimensions, semanticBlock, composeClusteringVector, lexicalTerms, lexicalWords } = clusteringVectors({
  spaces: [USE_LITE_SPACE],
  wordStatistics: useLite512.data,
  taxonomy: ASPECT_TAXONOMY,
  words: { contentWords, isStopWord, isFunctionWordOf },
});

export const USE_LITE_CLUSTERING_DIMENSIONS = clusteringDimensions(USE_LITE_SPACE.model, USE_LITE_SPACE.dimensions);

/** Similarity thresholds per embedding model (`resources/themes/thresholds.json`). */
export const thresholdsFor = thresholdsFrom(thresholds.data);

/**
 * The versions of the data that shape an item's clustering vector and theme, recorded on each
 * `FeedbackClustered`: a replay or a re-clustering can tell which items were placed with other data.
 */
export const CLUSTERING_VERSIONS: Readonly<Record<string, string>> = {
  vector: `${USE_LITE_SPACE.model}@${useLite512.version}`,
  taxonomy: ASPECT_TAXONOMY_VERSION,
  thresholds: thresholds.version,
  words: WORD_LISTS_VERSION,
};
