// The browser build's stand-in for `node:vm`, which the shared purge rules (src/rules/purge/bounded-match.ts) use to
// stop a runaway regex probe after 100 ms. A page cannot interrupt its own script, so here the probe simply runs:
// only a pattern that already failed the fast "backtracks little" check gets this far, and it is the user's own
// input in the user's own tab (the daemon still refuses it with its time limit).

type Sandbox = Record<string, unknown>;

export function createContext<T extends Sandbox>(sandbox: T): T {
  return sandbox;
}

/** Runs code of the one form the shared rules use: a call of a function of the sandbox, `name()`. */
export class Script {
  private readonly name: string;

  constructor(code: string) {
    const m = /^\s*(\w+)\(\)\s*;?\s*$/.exec(code);
    if (!m) throw new Error(`node:vm is not available in the browser (${code})`);
    this.name = m[1];
  }

  runInContext(sandbox: Sandbox, _options?: { timeout?: number }): unknown {
    const fn = sandbox[this.name];
    if (typeof fn !== 'function') throw new Error(`${this.name} is not a function`);
    return (fn as () => unknown)();
  }
}
