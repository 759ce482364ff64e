export { writeMat, matFileName } from './write.js';
export { parseMat, type ParsedMat } from './parse.js';
export { MAT_VARIANTS, type MatMatch, type MatError } from './format.js';
