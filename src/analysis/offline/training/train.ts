/**
 * Trains the sentiment, type and emotion heads on the hand-labelled examples in this folder and
 * writes them to `../model/classifiers.json`.
 *
 *   npx tsx src/analysis/offline/training/train.ts
 *
 * Deterministic: fixed seed, fixed fold assignment, full-precision features rounded only on write.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { EMOTIONS, FEEDBACK_TYPES, SENTIMENTS } from '../../analyzer.js';
import { UseLiteEncoder, USE_LITE_MODEL } from '../embeddings/use-lite.js';
import { buildFeatures, EXTRA_FEATURE_NAMES } from '../classifier/features.js';
import { predictSigmoid, predictSoftmax, standardise, type SoftmaxHead } from '../classifier/linear-model.js';
import { fitStandardiser, seededRandom, trainSigmoid, trainSoftmax, type TrainOptions } from '../classifier/train-linear.js';
import type { ClassifierModel } from '../classifier/classifier-model.js';
import { neutralisePlaceholders } from '../text/placeholders.js';
import { loadTrainingSet } from './labelled-example.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const OUTPUT = path.join(here, '..', 'model', 'classifiers.json');
const SEED = 20240601;
const L2_CANDIDATES = [0.003, 0.01, 0.03, 0.1, 0.3];
const FOLDS = 5;
const BASE: Omit<TrainOptions, 'l2'> = { epochs: 150, learningRate: 0.005, batchSize: 32, seed: SEED };

const argmax = (p: number[]) => p.indexOf(Math.max(...p));

function accuracy(head: SoftmaxHead, x: Float64Array[], y: number[]): number {
  return x.filter((row, i) => argmax(predictSoftmax(head, row)) === y[i]).length / x.length;
}

function crossValidate(x: Float64Array[], y: number[], labels: readonly string[], l2: number): number {
  const random = seededRandom(SEED);
  const fold = x.map(() => Math.floor(random() * FOLDS));
  let correct = 0;
  for (let f = 0; f < FOLDS; f++) {
    const trainIdx = x.map((_, i) => i).filter((i) => fold[i] !== f);
    const testIdx = x.map((_, i) => i).filter((i) => fold[i] === f);
    const head = trainSoftmax(
      trainIdx.map((i) => x[i]),
      trainIdx.map((i) => y[i]),
      labels,
      { ...BASE, l2 },
    );
    correct += testIdx.filter((i) => argmax(predictSoftmax(head, x[i])) === y[i]).length;
  }
  return correct / x.length;
}

const round = (v: number, digits: number) => Number(v.toFixed(digits));

async function main(): Promise<void> {
  const examples = await loadTrainingSet(here);
  console.log(`training examples: ${examples.length}`);
  const encoder = await UseLiteEncoder.load();
  const texts = examples.map((e) => neutralisePlaceholders(e.text));
  const embeddings: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += 32) embeddings.push(...(await encoder.embedBatch(texts.slice(i, i + 32))));
  const raw = texts.map((t, i) => buildFeatures(t, embeddings[i]).vector);
  const standardiser = fitStandardiser(raw);
  const x = raw.map((r) => standardise(r, standardiser));

  const ySentiment = examples.map((e) => SENTIMENTS.indexOf(e.sentiment));
  const yType = examples.map((e) => FEEDBACK_TYPES.indexOf(e.type));
  const yEmotions = examples.map((e) => EMOTIONS.map((emotion) => e.emotions.includes(emotion)));

  let bestL2 = L2_CANDIDATES[0];
  let bestScore = -1;
  for (const l2 of L2_CANDIDATES) {
    const s = crossValidate(x, ySentiment, SENTIMENTS, l2);
    const t = crossValidate(x, yType, FEEDBACK_TYPES, l2);
    console.log(`l2=${l2}: ${FOLDS}-fold CV sentiment ${(s * 100).toFixed(1)}%, type ${(t * 100).toFixed(1)}%`);
    if (s + t > bestScore) [bestScore, bestL2] = [s + t, l2];
  }
  const options = { ...BASE, l2: bestL2 };
  console.log(`chosen l2=${bestL2}`);

  const sentiment = trainSoftmax(x, ySentiment, SENTIMENTS, options);
  const type = trainSoftmax(x, yType, FEEDBACK_TYPES, options);
  const emotions = trainSigmoid(x, yEmotions, EMOTIONS, options);
  console.log(`training accuracy: sentiment ${(accuracy(sentiment, x, ySentiment) * 100).toFixed(1)}%, type ${(accuracy(type, x, yType) * 100).toFixed(1)}%`);
  EMOTIONS.forEach((emotion, k) => {
    const predicted = x.map((row) => predictSigmoid(emotions, row)[k] >= emotions.thresholds[k]);
    const tp = predicted.filter((p, i) => p && yEmotions[i][k]).length;
    const positives = yEmotions.filter((row) => row[k]).length;
    const predictedCount = predicted.filter(Boolean).length;
    const f1 = (2 * tp) / Math.max(1, positives + predictedCount);
    console.log(`  emotion ${emotion.padEnd(15)} examples ${String(positives).padStart(3)}  training F1 ${f1.toFixed(2)}`);
  });

  const roundHead = <H extends SoftmaxHead>(head: H): H => ({
    ...head,
    weights: head.weights.map((row) => row.map((v) => round(v, 4))),
    bias: head.bias.map((v) => round(v, 4)),
  });
  const model: ClassifierModel = {
    version: 1,
    embeddingModel: USE_LITE_MODEL,
    extraFeatures: [...EXTRA_FEATURE_NAMES],
    standardiser: { mean: standardiser.mean.map((v) => round(v, 5)), std: standardiser.std.map((v) => round(v, 5)) },
    sentiment: roundHead(sentiment),
    type: roundHead(type),
    emotions: roundHead(emotions),
    training: { examples: examples.length, seed: SEED, l2: bestL2, epochs: BASE.epochs },
  };
  const json = JSON.stringify(model);
  await writeFile(OUTPUT, json + '\n');
  console.log(`wrote ${path.relative(process.cwd(), OUTPUT)} (${(json.length / 1024).toFixed(0)} KB)`);
  encoder.dispose();
}

await main();
