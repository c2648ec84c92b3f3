import { describeMatrix } from './helpers/authorization-matrix';
import { ADMIN_DOORS } from './helpers/authorization-matrix/admin';

// The authorization matrix (tests/integration/helpers/authorization-matrix), one area: The admin back office, acting as another user, and the password links.
describeMatrix(ADMIN_DOORS);
