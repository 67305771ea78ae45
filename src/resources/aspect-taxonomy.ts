import { readFileSync } from 'node:fs';
import path from 'node:path';
import { aspectTaxonomy, type Aspect } from '../domain/cluster/aspects.js';
import { RESOURCES_DIR, versionOfFiles } from './resource-files.js';

/**
 * The aspect taxonomy's files, in slot order: each aspect keeps its slot in the clustering vector, so
 * a new file or aspect is appended (resources/themes/aspect-taxonomy/README.md).
 */
const FILES = ['hand-written.json', 'software.json', 'devices-media-health-education.json', 'commerce-finance-travel.json'];

const files = FILES.map((name) => ({ name, bytes: readFileSync(path.join(RESOURCES_DIR, 'themes', 'aspect-taxonomy', name)) }));

export const ASPECT_TAXONOMY = aspectTaxonomy(files.flatMap(({ bytes }) => JSON.parse(bytes.toString('utf8')) as Aspect[]));

/** One digest over the taxonomy's files in slot order. */
export const ASPECT_TAXONOMY_VERSION = versionOfFiles(files);

/** The aspects, in slot order. */
export const ASPECTS = ASPECT_TAXONOMY.aspects;
export const aspectsOf = (text: string) => ASPECT_TAXONOMY.aspectsOf(text);
export const aspectVector = (text: string) => ASPECT_TAXONOMY.aspectVector(text);
