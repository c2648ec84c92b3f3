import { describeMatrix } from './helpers/authorization-matrix';
import { FUNDING_DOORS } from './helpers/authorization-matrix/funding';

// The authorization matrix (tests/integration/helpers/authorization-matrix), one area: funding the trust.
describeMatrix(FUNDING_DOORS);
