import { describeMatrix } from './helpers/authorization-matrix';
import { INTAKE } from './helpers/authorization-matrix/intake';

// The authorization matrix (tests/integration/helpers/authorization-matrix), one area: The intake (client-info sections 1-6), as actions and as compatibility routes.
describeMatrix(INTAKE);
