/**
 * Names of the offline analyzer and its embedding model, apart from the modules that load them:
 * the main thread needs the names, not TensorFlow.
 */
export const OFFLINE_ANALYZER_NAME = 'offline';
export const USE_LITE_MODEL = 'use-lite-512';
export const USE_LITE_DIMENSIONS = 512;
