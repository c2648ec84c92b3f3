/*
 * The "what if" estate flow and the probate exposure (issue 30): pure functions over the intake as loaded,
 * usable from a server component and from tests. The rules are in docs/decisions.md, "The estate flow
 * ('what if', issue 30)".
 */
export { scenarios } from './scenarios';
export { flowOf } from './flow';
export { probateExposure, probateAssetsOf } from './probate';
export type { ProbateAsset, ProbateExposure } from './probate';
export type * from './types';
export { whatIfOf, whatIfParam } from './what-if';
export type { WhatIf } from './what-if';
