import { assembleResource, type FieldRules } from './assemble-resource';
import { makeBik } from './identifiers';
import type { PopulationContext } from './population-context';

/** A bank branch clients are served at; a population has a fixed list of them. */
interface BranchFacts {
  readonly id: number;
  readonly bik: string;
  readonly name: string;
}

/** Branch fields from the facts. */
const BRANCH_RULES: FieldRules<'Branch', BranchFacts> = {
  id: (b) => b.id,
  extRef: (b) => `BR-${b.id}`,
  bik: (b) => b.bik,
  name: (b) => b.name,
};

/** A branch: its facts (the BIK accounts are keyed to) and its frozen Branch object. */
export interface CatalogueBranch {
  readonly facts: BranchFacts;
  readonly resource: Readonly<Record<string, unknown>>;
}

const SALT = 0x6272616e; // "bran": keeps branch draws apart from card n's draws

/** The population's branches, each drawn from (seed, index) alone, so the list never depends on cards served. */
export function buildBranchCatalogue(ctx: PopulationContext): readonly CatalogueBranch[] {
  return Array.from({ length: ctx.spec.branches }, (_, i) => {
    ctx.reseed(i, SALT);
    const id = 100 + i;
    const facts = { id, bik: makeBik(ctx.rand), name: ctx.labels.branch(ctx.vocab.city(), id) };
    return Object.freeze({ facts, resource: Object.freeze(assembleResource('Branch', BRANCH_RULES, facts)) });
  });
}
