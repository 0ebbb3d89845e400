// The server's layers (docs/architecture.md "Server layout"), checked on every relative import:
//   platform/          imports no feature and not access/
//   access/            imports platform/ only (and shared/)
//   features/<name>/   imports platform/, access/, shared/, its own folder, other features' service.ts,
//                      and other features' schema.ts to read their tables (joins), never to write them
//   features/<name>/schema.ts  imports only tables: other schema.ts, access/, platform/
// main.ts, app.ts, seed/, test-support/ and tests (*.test.ts) put the pieces together and may import
// anything. That features also never import one another in a loop is checked on the whole folder by
// src/server/boundaries.test.ts.
//
// Writes stay with the owner: a feature that imports another feature's table (or one of access/'s)
// may select from it, but `insert`, `update` and `delete` on it go through the owner's service.ts.
// access/schema.ts keeps the tables the guards read; each is written by the feature named below.
import path from 'node:path';

const SERVER = 'src/server/';

/** The feature that writes each table of access/schema.ts. */
const ACCESS_TABLE_WRITERS = {
  user: 'auth',
  session: 'auth',
  profiles: 'profiles',
  verificationType: 'profiles',
  userRoles: 'roles',
  appRole: 'roles',
  sanctions: 'moderation',
  sanctionKind: 'moderation',
};
const WRITES = new Set(['insert', 'update', 'delete']);

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
    const targetOf = (source) =>
      path
        .relative(root, path.resolve(path.dirname(context.filename), source))
        .split(path.sep)
        .join('/')
        .replace(/\.js$/, '.ts');
    /** Local names of tables this feature reads but another owns: local name → table name. */
    const foreignTables = new Map();
    const noteTables = (node) => {
      if (from.kind !== 'feature' || typeof node.source.value !== 'string' || !node.source.value.startsWith('.')) return;
      const target = targetOf(node.source.value);
      const to = layerOf(target);
      const foreignFeature = to?.kind === 'feature' && to.name !== from.name && to.file === 'schema.ts';
      const accessTables = target === `${SERVER}access/schema.ts`;
      if (!foreignFeature && !accessTables) return;
      for (const spec of node.specifiers) {
        if (spec.type !== 'ImportSpecifier') continue;
        const name = spec.imported.name ?? spec.imported.value;
        if (accessTables && ACCESS_TABLE_WRITERS[name] === from.name) continue;
        foreignTables.set(spec.local.name, name);
      }
    };
    const checkWrite = (node) => {
      const callee = node.callee;
      if (callee.type !== 'MemberExpression' || callee.computed || !WRITES.has(callee.property.name)) return;
      const [arg] = node.arguments;
      if (arg?.type !== 'Identifier' || !foreignTables.has(arg.name)) return;
      context.report({
        node,
        message: `a feature writes only its own tables: ${callee.property.name}(${arg.name}) belongs to another owner; call a function of its service.ts`,
      });
    };
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = targetOf(source);
      const to = layerOf(target);
      if (!to) return;
      let problem;
      if (from.kind === 'platform' && to.kind !== 'platform') problem = 'platform/ imports no feature, no access/ and no app code';
      else if (from.kind === 'access' && to.kind !== 'platform' && to.kind !== 'access') problem = 'access/ imports only platform/';
      else if (from.kind === 'feature' && from.file === 'schema.ts' && to.kind === 'feature' && to.file !== 'schema.ts')
        problem = "a feature's schema.ts imports only tables (other schema.ts, access/, platform/)";
      else if (from.kind === 'feature') {
        if (to.kind === 'composition') problem = 'a feature does not import app code (app.ts, main.ts, seed/)';
        else if (to.kind === 'feature' && to.name !== from.name && to.file !== 'service.ts' && to.file !== 'schema.ts')
          problem = `a feature imports only another feature's service.ts and schema.ts (not features/${to.name}/${to.file})`;
      }
      if (problem) context.report({ node, message: `${problem}: ${source}` });
    };
    return {
      ImportDeclaration: (node) => {
        check(node.source, node.source.value);
        noteTables(node);
      },
      CallExpression: checkWrite,
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { boundaries: rule } };
