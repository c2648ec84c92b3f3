import 'server-only';
import { eq } from 'drizzle-orm';
import { addresses, companies } from '@/db/schema';
import { audit } from '@/lib/kernel/audit';
import type { RequestContext } from '@/lib/kernel/context';
import type { DeleteAssetInput } from '@/lib/validation/intake-assets';
import type { IntakeView } from './types';
import { findCompany } from './upsert-company';
import { deleteVersioned, intakeWrite } from './write';

/** Removes a company with its address and both owners' shares. */
export async function deleteCompany(ctx: RequestContext, input: DeleteAssetInput): Promise<IntakeView> {
  return intakeWrite(ctx, input.client_hash, async (tx, household) => {
    const company = await findCompany(tx, household, input.hash);
    await deleteVersioned(tx, companies, company.id, input.version);
    if (company.addressId !== null) await tx.delete(addresses).where(eq(addresses.id, company.addressId));
    await audit(tx, ctx, 'intake.company.delete', { type: 'company', id: company.id });
  });
}
