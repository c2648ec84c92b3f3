// The empty App Router app that `npm run bench trust` measures /trust's first-load JavaScript against
// (docs/performance.md). The bench copies this folder to a throwaway one, links the project's node_modules
// into it and builds it with the project's `next build`. The config is the project's own next.config.mjs
// (BENCH_FLOOR_PROJECT_CONFIG, a file URL), so every setting that reaches the client bundle is the same.
const { default: projectConfig } = await import(process.env.BENCH_FLOOR_PROJECT_CONFIG);

export default async function floorConfig(phase, context) {
  const config = typeof projectConfig === 'function' ? await projectConfig(phase, context) : projectConfig;
  // Turbopack compiles only files under its root, and node_modules is a link to the project's: the bench
  // passes a folder that holds both.
  return { ...config, turbopack: { ...config.turbopack, root: process.env.BENCH_FLOOR_TURBOPACK_ROOT } };
}
