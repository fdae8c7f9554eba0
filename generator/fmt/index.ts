export { formatManifest } from './format-manifest.js';
