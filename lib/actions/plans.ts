'use server';

import { submitTrust } from '@/lib/intake/submit-trust';
import { updatePlanStatus } from '@/lib/estate-plans/update-plan-status';
import { action } from '@/lib/http/action';
import { revealIdentifiers } from '@/lib/intake/reveal-identifier';
import { revealIdentifierSchema, STATUS_UPDATED_MESSAGE, SUBMITTED_MESSAGE, submitTrustSchema, updatePlanStatusSchema } from '@/lib/validation/plans';

// Every export of a 'use server' file is a public endpoint: only wrapped actions live here. The review
// page's doors: the submission (with the Agreement acknowledgements), the attorney's status change and the
// reveal of a full identifier; each declares its permission and loads its record through the scope.
export const submitTrustAction = action('plan.submit', submitTrustSchema, (ctx, input) => submitTrust(ctx, input), { message: SUBMITTED_MESSAGE });
export const updatePlanStatusAction = action('plan.status.update', updatePlanStatusSchema, updatePlanStatus, { message: STATUS_UPDATED_MESSAGE });
export const revealIdentifiersAction = action('identifiers.reveal', revealIdentifierSchema, revealIdentifiers);
