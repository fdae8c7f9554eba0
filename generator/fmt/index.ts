export { formatManifest, orderManifest } from './format-manifest.js';
