export { type EmittedFile, type Owner } from './emitted-file.js';
export { renderTemplate } from './render-template.js';
export { emitProject } from './emit-project.js';
