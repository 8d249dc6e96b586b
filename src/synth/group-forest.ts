import { assembleResource, type FieldRules } from './assemble-resource';
import type { PopulationContext } from './population-context';

/** One group of the population's trees; the chain of parents is what `parentGroup` nests. */
interface GroupFacts {
  readonly id: number;
  readonly parent: Readonly<Record<string, unknown>> | undefined;
  readonly name: string;
  readonly path: string;
  readonly priority: number;
}

/** Group fields from the facts; parentGroup is the parent's own Group object, so the tree nests. */
const GROUP_RULES: FieldRules<'Group', GroupFacts> = {
  id: (g) => g.id,
  parentGroup: (g) => g.parent,
  name: (g) => g.name,
  description: (g) => g.path,
  priority: (g) => g.priority,
};

const SALT = 0x67727570; // "grup"
const CHILDREN = 3;

/**
 * The population's group trees (`trees` roots, `depth` levels, 3 children per group), drawn
 * from the seed alone. Returns the leaves, frozen Group objects whose parentGroup chains reach
 * the roots; group ids are shared by every client in the group.
 */
export function buildGroupLeaves(ctx: PopulationContext): readonly Readonly<Record<string, unknown>>[] {
  const { trees, depth } = ctx.spec.groups;
  let nextId = 1;
  let level: { facts: GroupFacts; resource: Readonly<Record<string, unknown>> }[] = [];
  for (let d = 0; d < depth; d += 1) {
    const parents =
      d === 0
        ? Array.from({ length: trees }, () => undefined)
        : level.flatMap((p) => Array.from({ length: CHILDREN }, () => p));
    level = parents.map((parent) => {
      const id = nextId++;
      ctx.reseed(id, SALT);
      const name = groupName(ctx, d, id);
      const facts: GroupFacts = {
        id,
        parent: parent?.resource,
        name,
        path: parent ? `${parent.facts.path} / ${name}` : name,
        priority: ctx.rand(1, 10),
      };
      return { facts, resource: Object.freeze(assembleResource('Group', GROUP_RULES, facts)) };
    });
  }
  return level.map((g) => g.resource);
}

/** Roots are named after departments, their children after cities, deeper groups after words. */
function groupName(ctx: PopulationContext, level: number, id: number): string {
  const word = level === 0 ? `${ctx.vocab.department()} ${id}` : level === 1 ? ctx.vocab.city() : ctx.vocab.word();
  return word[0].toUpperCase() + word.slice(1);
}
