/**
 * A module loaded on first use, once per page, like `import()` itself: `load()` starts it (or gives the same promise),
 * `loaded()` is the module once it has arrived, so what the page does after the first use runs at once. The state it
 * keeps is the module cache's, named here instead of hidden in a `let` of the code that uses it.
 */
export interface LoadOnce<T> {
  load(): Promise<T>;
  loaded(): T | undefined;
}

export function loadOnce<T>(loader: () => Promise<T>): LoadOnce<T> {
  let promise: Promise<T> | undefined;
  let value: T | undefined;
  return {
    load: () =>
      (promise ??= loader().then(
        (v) => (value = v),
        (error: unknown) => {
          // a failed load (a chunk the network lost) can be tried again
          promise = undefined;
          throw error;
        },
      )),
    loaded: () => value,
  };
}
