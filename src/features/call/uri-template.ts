/** Variables of a level-1 URI template (`report://{year}/summary` -> ['year']). */
export function templateVariables(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((m) => (m[1] ?? '').replace(/^[+#./;?&]/, ''));
}

/** Fill a URI template's simple `{var}` expressions with percent-encoded values. */
export function fillTemplate(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{([+#./;?&]?)([^}]+)\}/g, (_m, _op: string, name: string) =>
    encodeURIComponent(String(values[name] ?? '')),
  );
}
