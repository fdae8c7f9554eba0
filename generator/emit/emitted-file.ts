export type Owner = 'generator' | 'user';

export interface EmittedFile {
  content: string;
  /** generator: rewritten on every run. user: created once, never overwritten. */
  owner: Owner;
  /** Already in the generated code's style (runtime copies, formatted in this repository): the write stage skips it. */
  preformatted?: boolean;
}
