import { describeMatrix } from './helpers/authorization-matrix';
import { PAYMENTS, GATEWAY_DOORS } from './helpers/authorization-matrix/payments';

// The authorization matrix (tests/integration/helpers/authorization-matrix), one area: Payments (the trust fee, the advisor's balance and stored method, the annual charge) and the gateway's webhook.
describeMatrix({ ...PAYMENTS, ...GATEWAY_DOORS });
