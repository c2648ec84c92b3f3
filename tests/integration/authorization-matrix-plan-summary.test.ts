import { describeMatrix } from './helpers/authorization-matrix';
import { PLAN_SUMMARY_DOORS } from './helpers/authorization-matrix/plan-summary';

// The authorization matrix (tests/integration/helpers/authorization-matrix), one area: the plan summary PDF.
describeMatrix(PLAN_SUMMARY_DOORS);
