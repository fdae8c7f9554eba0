export type Owner = 'generator' | 'user';

export interface EmittedFile {
  content: string;
  /** generator: rewritten on every run. user: created once, never overwritten. */
  owner: Owner;
}
