import 'server-only';
import { eq } from 'drizzle-orm';
import { clients } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import type { UpdatePersonalInfoInput } from '@/lib/validation/intake';
import type { IntakeView } from './types';
import { loadPersonById, writePerson } from './records/persons';
import { intakeWrite } from './write';
import { updateVersioned } from './write-steps';

/**
 * Saves one client's personal info (section 1): name, phone, date of birth and SSN ('' keeps the stored
 * one) on the client's person, and gender, state of residence and the six Yes/No answers on the client.
 * The login email is read-only here. Both rows are version-checked. Answers the refreshed intake.
 */
export async function updatePersonalInfo(ctx: RequestContext, input: UpdatePersonalInfoInput): Promise<IntakeView> {
  return intakeWrite(ctx, input.client_hash, async (tx, household) => {
    const clientId = household.addressedClientId;
    const [client] = await tx.select({ personId: clients.personId }).from(clients).where(eq(clients.id, clientId));
    const person = await loadPersonById(tx, client.personId);
    await writePerson(
      tx,
      person,
      {
        firstName: input.first_name,
        middleName: input.middle_name,
        lastName: input.last_name,
        suffix: input.suffix,
        phone: input.phone,
        dob: input.dob,
        ssn: input.ssn,
      },
      { version: input.person_version },
    );
    await updateVersioned(tx, clients, clientId, input.version, {
      gender: input.gender || null,
      residenceState: input.residence_state || null,
      isUsCitizen: input.is_us_citizen,
      isReceivingMedicaid: input.is_receiving_medicaid,
      hasMentalDisorder: input.has_mental_disorder,
      wantsLifeSupport: input.wants_life_support,
      wantsCremation: input.wants_cremation,
      isOrganDonor: input.is_organ_donor,
    });
    await audit(tx, ctx, 'intake.personalInfo.update', { type: 'client', id: clientId });
  });
}
