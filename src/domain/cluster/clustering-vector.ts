/**
 * The vector themes are built from, derived deterministically from an item's embedding (and the
 * model that made it). The clustering worker, the `clusters` projection and the clustering
 * evaluation all go through this one function.
 */
export function toClusteringVector(_model: string, embedding: readonly number[]): number[] {
  return [...embedding];
}
