import { describeMatrix } from './helpers/authorization-matrix';
import { ACCOUNTS } from './helpers/authorization-matrix/accounts';

// The authorization matrix (tests/integration/helpers/authorization-matrix), one area: Accounts: sign-up, signing in and out, next-auth's endpoints, the signed-in user's own settings.
describeMatrix(ACCOUNTS);
