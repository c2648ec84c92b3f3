import { describeMatrix } from './helpers/authorization-matrix';
import { ASSET_DOORS } from './helpers/authorization-matrix/assets';

// The authorization matrix (tests/integration/helpers/authorization-matrix), one area: The intake's assets and the note (sections 7-14), as actions and as compatibility routes.
describeMatrix(ASSET_DOORS);
