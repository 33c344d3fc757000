/**
 * Server-chosen keys (input request keys, property names) are data: a key named `__proto__`, `constructor` or
 * `toString` must read and write like any other. `obj[key]` would find inherited members and `obj[key] = v` with
 * `__proto__` would replace the prototype; these helpers look only at own properties.
 */
export function ownValue<T>(obj: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}

export function hasOwnKey(obj: object, key: string): boolean {
  return Object.hasOwn(obj, key);
}
