/**
 * The learned classifiers, as written by `training/train.ts` to `model/classifiers.json`.
 */
import type { SigmoidHead, SoftmaxHead, Standardiser } from './linear-model.js';

export interface ClassifierModel {
  version: 1;
  /** Embedding the classifiers were trained on; must match the encoder at run time. */
  embeddingModel: string;
  /** Names of the features appended to the embedding, in order. */
  extraFeatures: string[];
  standardiser: Standardiser;
  sentiment: SoftmaxHead;
  type: SoftmaxHead;
  emotions: SigmoidHead;
  training: { examples: number; seed: number; l2: number; epochs: number };
}
