import type { OverviewDocument } from '@/lib/overview/queries';

/** The element ids the overview's parts share (aria-controls, aria-describedby, the return's scroll target). */
export const TOOLTIP_ID = 'overview-tooltip';
export const advisorPanelId = (hash: string) => `advisor-panel-${hash}`;
export const groupId = (hash: string) => `documents-${hash}`;
export const docAnchorId = (doc: OverviewDocument) => `document-${doc.hash}`;
