/**
 * A function a module below offers and a module above provides from its own module, once it is made (the feature
 * graph has the lower one made first). Until it is provided, or without it, `fallback` answers.
 */
export class LateBound<Args extends unknown[], Result> {
  private source: (...args: Args) => Result;

  /** Calls what was provided (or the fallback); safe to hand out before `provide`. */
  readonly call = (...args: Args): Result => this.source(...args);

  constructor(fallback: (...args: Args) => Result) {
    this.source = fallback;
  }

  provide(source: (...args: Args) => Result): void {
    this.source = source;
  }
}
