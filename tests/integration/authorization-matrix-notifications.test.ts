import { describeMatrix } from './helpers/authorization-matrix';
import { NOTIFICATION_DOORS } from './helpers/authorization-matrix/notifications';

// The authorization matrix (tests/integration/helpers/authorization-matrix), one area: Notifications: the bell, the Notifications tab, unsubscribe links.
describeMatrix(NOTIFICATION_DOORS);
