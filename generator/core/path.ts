/** One step of a path into the manifest: a mapping key or a sequence index. */
export type PathSegment = string | number;
