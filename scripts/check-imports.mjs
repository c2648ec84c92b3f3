#!/usr/bin/env node
// `npm run lint` runs this after ESLint: it walks the imports of the application's code and its scripts
// (app, components, lib, db, scripts and the root files; tests excluded) and fails when files import each other in a circle or when
// folders do (lib/intake -> lib/advisors -> lib/intake). Every import counts: type-only ones and dynamic
// `import()` too, since a circle hidden behind either is still a circle of meaning. The folder rules
// (which folder may import which) are ESLint's (eslint.config.mjs); this script finds the circles.
//
// Usage: node scripts/check-imports.mjs [--root <dir>] [--json]
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const rootArg = args.indexOf('--root');
const root = path.resolve(rootArg >= 0 ? args[rootArg + 1] : path.join(path.dirname(new URL(import.meta.url).pathname), '..'));
const asJson = args.includes('--json');

const SOURCE_DIRS = ['app', 'components', 'lib', 'db', 'scripts'];
const ROOT_FILES = ['middleware.ts', 'instrumentation.ts', 'instrumentation-client.ts'];
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '.js', '.d.mts'];

function walk(dir, out) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === 'migrations') continue;
      walk(full, out);
    } else if (/\.(tsx?|mts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(full);
    }
  }
  return out;
}

/** The project file an import specifier names, or null for packages and files outside the project. */
function resolve(from, specifier) {
  let base;
  if (specifier.startsWith('@/')) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, `index${e}`))];
  // A `.mjs` specifier may name a `.mts`/`.d.mts` companion, as TypeScript allows.
  if (/\.m?js$/.test(base)) candidates.push(base.replace(/\.m?js$/, '.ts'), base.replace(/\.mjs$/, '.d.mts'));
  for (const c of candidates) {
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  }
  return null;
}

/** The folder a file belongs to for the folder rules: lib/<area>, components/<area>, db, app, or a root file (a script is its own). */
export function folderOf(rel) {
  const parts = rel.split('/');
  if (parts[0] === 'lib' || parts[0] === 'components') {
    return parts.length > 2 ? `${parts[0]}/${parts[1]}` : `${parts[0]}/${parts[1].replace(/\.[^.]+$/, '').replace(/\.d$/, '')}`;
  }
  if (parts[0] === 'db' || parts[0] === 'app') return parts[0];
  return rel;
}

function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map((f) => f.fileName);
}

/** Strongly connected components with more than one member (Tarjan), each sorted. */
function circles(graph) {
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const idx = new Map();
  const low = new Map();
  const found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), idx.get(w)));
      }
    }
    if (low.get(v) === idx.get(v)) {
      const members = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        members.push(w);
      } while (w !== v);
      if (members.length > 1) found.push(members.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return found;
}

/** One path around a circle, for the message: a -> b -> ... -> a. */
function pathAround(graph, members) {
  const inside = new Set(members);
  const start = members[0];
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const route = [start];
        for (let x = v; x !== start; x = prev.get(x)) route.splice(1, 0, x);
        return [...route, start].join(' -> ');
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return members.join(', ');
}

export function analyse() {
  const files = [...SOURCE_DIRS.flatMap((d) => walk(path.join(root, d), [])), ...ROOT_FILES.map((f) => path.join(root, f)).filter((f) => fs.existsSync(f))];
  const fileGraph = new Map();
  const folderGraph = new Map();
  const folderEdges = new Map(); // "a -> b" -> one file-level import behind it
  for (const file of files) {
    const rel = path.relative(root, file);
    const targets = new Set();
    for (const spec of importsOf(file)) {
      const target = resolve(file, spec);
      if (target && target !== file) targets.add(path.relative(root, target));
    }
    fileGraph.set(rel, targets);
    const from = folderOf(rel);
    if (!folderGraph.has(from)) folderGraph.set(from, new Set());
    for (const t of targets) {
      const to = folderOf(t);
      if (to === from) continue;
      folderGraph.get(from).add(to);
      if (!folderEdges.has(`${from} -> ${to}`)) folderEdges.set(`${from} -> ${to}`, `${rel} imports ${t}`);
    }
  }
  const fileCircles = circles(fileGraph).map((m) => pathAround(fileGraph, m));
  const folderCircles = circles(folderGraph).map((members) => {
    const route = pathAround(folderGraph, members);
    const steps = route.split(' -> ');
    const because = steps.slice(0, -1).map((s, i) => folderEdges.get(`${s} -> ${steps[i + 1]}`));
    return { route, members, because };
  });
  return { files: files.length, fileCircles, folderCircles };
}

if (import.meta.url === `file://${path.resolve(process.argv[1] ?? '')}`) {
  const result = analyse();
  if (asJson) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    for (const c of result.fileCircles) console.error(`File circle: ${c}`);
    for (const c of result.folderCircles) {
      console.error(`Folder circle: ${c.route}${c.members.length > 2 ? ` (folders in one circle: ${c.members.join(', ')})` : ''}`);
      for (const b of c.because) console.error(`  ${b}`);
    }
    if (!result.fileCircles.length && !result.folderCircles.length) console.log(`No import circles among ${result.files} files.`);
  }
  process.exit(result.fileCircles.length || result.folderCircles.length ? 1 : 0);
}
