// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Listener = (...args: any[]) => void;

/** A minimal typed event emitter: `on`, `off`, `emit`. */
export class Emitter<M extends { [K in keyof M]: unknown[] }> {
  #listeners = new Map<keyof M, Set<Listener>>();

  on<E extends keyof M>(event: E, listener: (...args: M[E]) => void): this {
    let set = this.#listeners.get(event);
    if (!set) this.#listeners.set(event, (set = new Set()));
    set.add(listener as Listener);
    return this;
  }

  off<E extends keyof M>(event: E, listener: (...args: M[E]) => void): this {
    this.#listeners.get(event)?.delete(listener as Listener);
    return this;
  }

  emit<E extends keyof M>(event: E, ...args: M[E]): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) listener(...args);
  }
}
