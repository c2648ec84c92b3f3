import { describeMatrix } from './helpers/authorization-matrix';
import { ADVISOR_WORKSPACE } from './helpers/authorization-matrix/advisors';

// The authorization matrix (tests/integration/helpers/authorization-matrix), one area: The advisor workspace: clients, invites, reminders, the advisors overview.
describeMatrix(ADVISOR_WORKSPACE);
