/**
 * How many values a file may reach through aliases: each `*name` counts every value inside what
 * it names, aliases inside that included. js-yaml shares an anchored value rather than copying
 * it, but the schema check and the compiler walk every use, so a few lines of nested aliases
 * ("billion laughs") would hold the process for minutes. 10,000 tokens that each alias a
 * 40-value card reach 400,000.
 */
const MAX_ALIAS_VALUES = 1_000_000;

/** Thrown by AliasBudget at the alias that goes past MAX_ALIAS_VALUES. */
export class TooManyAliasValues extends Error {
  constructor(
    readonly line: number,
    readonly column: number,
  ) {
    super(
      `more than ${MAX_ALIAS_VALUES.toLocaleString('en-US')} values reached through aliases (each *alias counts every value of what it names); use fewer aliases of large anchors, or split the file`,
    );
  }
}

/** Counts the values each alias reaches while js-yaml reads; each anchored value is sized once. */
export class AliasBudget {
  private spent = 0;
  private readonly sizes = new Map<object, number>();

  /** Adds what an alias at `line`:`column` reaches; throws TooManyAliasValues past the limit. */
  spend(target: unknown, line: number, column: number): void {
    this.spent += this.size(target);
    if (this.spent > MAX_ALIAS_VALUES) throw new TooManyAliasValues(line, column);
  }

  private size(value: unknown): number {
    if (value === null || typeof value !== 'object') return 1;
    const known = this.sizes.get(value);
    if (known !== undefined) return known;
    let size = 1;
    for (const item of Object.values(value)) {
      size += this.size(item);
      if (size > MAX_ALIAS_VALUES) break; // enough to know the budget is gone
    }
    this.sizes.set(value, size);
    return size;
  }
}
