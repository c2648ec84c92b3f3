import { describeMatrix } from './helpers/authorization-matrix';
import { DOCUMENTS } from './helpers/authorization-matrix/documents';

// The authorization matrix (tests/integration/helpers/authorization-matrix), one area: Documents: upload, view and delete of a plan's files.
describeMatrix(DOCUMENTS);
