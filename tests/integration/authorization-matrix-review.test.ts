import { describeMatrix } from './helpers/authorization-matrix';
import { REVIEW } from './helpers/authorization-matrix/review';

// The authorization matrix (tests/integration/helpers/authorization-matrix), one area: The review page: submission, the attorney's status change, the reveal of a full SSN.
describeMatrix(REVIEW);
