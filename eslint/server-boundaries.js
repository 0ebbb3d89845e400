// The server's layers (docs/architecture.md "Server layout"), checked on every relative import:
//   platform/          imports no feature and not access/
//   access/            imports platform/ only (and shared/)
//   features/<name>/   imports platform/, access/, shared/, its own folder, and other features' service.ts
// main.ts, app.ts, seed/, test-support/ and tests (*.test.ts) put the pieces together and may import
// anything. That features also never import one another in a loop is checked on the whole folder by
// src/server/boundaries.test.ts.
import path from 'node:path';

const SERVER = 'src/server/';

/** The layer of a file (repository-relative, with `/`), or undefined outside the layered server. */
function layerOf(rel) {
  if (!rel.startsWith(SERVER)) return undefined;
  const rest = rel.slice(SERVER.length);
  const [top, name] = rest.split('/');
  if (top === 'platform') return { kind: 'platform' };
  if (top === 'access') return { kind: 'access' };
  if (top === 'features' && name) return { kind: 'feature', name, file: rest.split('/').slice(2).join('/') };
  return { kind: 'composition' };
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const from = layerOf(file);
    if (!from || from.kind === 'composition' || /\.test\.ts$/.test(file)) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path
        .relative(root, path.resolve(path.dirname(context.filename), source))
        .split(path.sep)
        .join('/')
        .replace(/\.js$/, '.ts');
      const to = layerOf(target);
      if (!to) return;
      let problem;
      if (from.kind === 'platform' && to.kind !== 'platform') problem = 'platform/ imports no feature, no access/ and no app code';
      else if (from.kind === 'access' && to.kind !== 'platform' && to.kind !== 'access') problem = 'access/ imports only platform/';
      else if (from.kind === 'feature') {
        if (to.kind === 'composition') problem = 'a feature does not import app code (app.ts, main.ts, seed/)';
        else if (to.kind === 'feature' && to.name !== from.name && to.file !== 'service.ts')
          problem = `a feature imports only another feature's service.ts (not features/${to.name}/${to.file})`;
      }
      if (problem) context.report({ node, message: `${problem}: ${source}` });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { boundaries: rule } };
