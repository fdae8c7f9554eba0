export { renderDocs } from './render-docs.js';
