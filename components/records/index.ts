export { RecordDialog, useHoldSubmit } from './record-dialog';
export type { RecordDialogProps, RecordMode } from './record-dialog';
export { NO_RECORDS, RecordTable } from './record-table';
export type { OwnerCode, RecordColumn, RecordTableProps, RowTone } from './record-table';
export { nounInSentence, recordTexts } from './record-texts';
export type { RecordTexts, RecordTextsConfig } from './record-texts';
