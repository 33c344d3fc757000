import path from 'node:path';

/**
 * The import zones of src/, checked on where an import lands rather than on how its path is spelled: a relative path
 * is resolved against the importing file, so `../b/x.ts` from features/a/ is another feature's file, and a dynamic
 * `import()` is checked like a static import (no-restricted-imports sees neither).
 *
 * `layers` maps a folder of src/ to the folders it may not import and why; `features` is the message for a feature
 * importing another feature's files. Files directly in src/ (main.tsx, the test setup) belong to no layer.
 */
export function importZones({ layers, features }) {
  /** The layer (folder of src/) and, inside features/, the feature a path belongs to; null outside src/. */
  const placeOf = (srcDir, file) => {
    const parts = path.relative(srcDir, file).split(path.sep);
    if (parts[0] === '..' || path.isAbsolute(parts[0]) || parts.length < 2) return null;
    return { layer: parts[0], feature: parts[0] === 'features' ? parts[1] : undefined };
  };

  const rule = {
    meta: {
      type: 'problem',
      docs: { description: 'Imports (static or dynamic) follow the layers of src/; a feature never imports another.' },
      schema: [],
    },
    create(context) {
      const srcDir = path.join(context.cwd, 'src');
      const from = placeOf(srcDir, context.filename);
      if (!from) return {};
      const refused = layers[from.layer];
      const check = (source) => {
        if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
        if (!source.value.startsWith('.')) return;
        const to = placeOf(srcDir, path.resolve(path.dirname(context.filename), source.value));
        if (!to) return;
        if (refused?.refuses.includes(to.layer)) {
          context.report({ node: source, message: `${refused.message} (${to.layer}/ is above ${from.layer}/)` });
        } else if (from.feature && to.feature && from.feature !== to.feature) {
          context.report({
            node: source,
            message: `${features} (features/${from.feature} imports features/${to.feature})`,
          });
        }
      };
      return {
        ImportDeclaration: (node) => check(node.source),
        ExportNamedDeclaration: (node) => check(node.source),
        ExportAllDeclaration: (node) => check(node.source),
        ImportExpression: (node) => check(node.source),
      };
    },
  };
  return { rules: { 'import-zones': rule } };
}
