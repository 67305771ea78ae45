#!/usr/bin/env node
// `npm start`: builds when the sources changed since the last build, then runs the build.
import { pathToFileURL } from 'node:url';
import { BUILT_ENTRY, buildIfSourcesChanged } from './build-if-changed.js';

buildIfSourcesChanged();
await import(pathToFileURL(BUILT_ENTRY).href);
