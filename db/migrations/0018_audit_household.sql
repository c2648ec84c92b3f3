ALTER TABLE "audit_log" ADD COLUMN "household_id" integer;--> statement-breakpoint
CREATE INDEX "audit_log_household_idx" ON "audit_log" USING btree ("household_id","id" DESC NULLS LAST);--> statement-breakpoint
-- The household of a client (owner 1 or owner 2), or null. Hand-written (drizzle-kit does not track functions).
CREATE OR REPLACE FUNCTION "audit_client_household"("client" integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  select h.id from households h where h.owner1_client_id = client or h.owner2_client_id = client limit 1
$$;
--> statement-breakpoint
-- The household an audit row's target belongs to, for every target type the app audits (lib/kernel/audit.ts
-- calls it in the row's INSERT when the caller names no household; the backfill below reads it once). Null
-- for staff-side targets (firm, advisor, invoice, a staff user) and for a target already deleted: the callers
-- that audit a deletion name the household themselves. A person or an intake item is linked to its clients by
-- the pivots; one household is taken (a record belongs to one household; the pivots are per owner).
CREATE OR REPLACE FUNCTION "audit_household"("target_type" text, "target_id" integer) RETURNS integer
LANGUAGE sql STABLE AS $$
  select case
    when target_id is null then null
    when target_type = 'household' then (select h.id from households h where h.id = target_id)
    else audit_client_household(case target_type
      when 'client' then target_id
      when 'estate_plan' then (select p.client_id from estate_plans p where p.id = target_id)
      when 'file' then (select p.client_id from files f join estate_plans p on p.id = f.estate_plan_id where f.id = target_id)
      when 'payment' then (select coalesce(pay.client_id, p.client_id) from payments pay left join estate_plans p on p.id = pay.estate_plan_id where pay.id = target_id)
      when 'note' then (select n.client_id from notes n where n.id = target_id)
      when 'recurring_charge' then (select coalesce(p.client_id, m.client_id) from recurring_charges r
        left join estate_plans p on p.id = r.estate_plan_id left join payment_methods m on m.id = r.payment_method_id where r.id = target_id)
      when 'payment_method' then (select m.client_id from payment_methods m where m.id = target_id)
      when 'user' then (select min(c.id) from clients c where c.user_id = target_id)
      when 'person' then coalesce(
        (select min(c.id) from clients c where c.person_id = target_id),
        (select min(cc.client_id) from children x join client_children cc on cc.child_id = x.id where x.person_id = target_id),
        (select min(cb.client_id) from beneficiaries x join client_beneficiaries cb on cb.beneficiary_id = x.id where x.person_id = target_id),
        (select min(cf.client_id) from fiduciaries x join client_fiduciaries cf on cf.fiduciary_id = x.id where x.person_id = target_id),
        (select min(ca.client_id) from poa_agents x join client_poa_agents ca on ca.agent_id = x.id where x.person_id = target_id))
      when 'child' then (select min(t.client_id) from client_children t where t.child_id = target_id)
      when 'beneficiary' then (select min(t.client_id) from client_beneficiaries t where t.beneficiary_id = target_id)
      when 'fiduciary' then (select min(t.client_id) from client_fiduciaries t where t.fiduciary_id = target_id)
      when 'poa_agent' then (select min(t.client_id) from client_poa_agents t where t.agent_id = target_id)
      when 'property' then (select min(t.client_id) from client_properties t where t.property_id = target_id)
      when 'company' then (select min(t.client_id) from client_companies t where t.company_id = target_id)
      when 'gift' then (select min(t.client_id) from client_gifts t where t.gift_id = target_id)
      when 'account' then (select min(t.client_id) from client_accounts t where t.account_id = target_id)
    end)
  end
$$;
--> statement-breakpoint
-- The rows written before the column: their household from their target, as it stands now (a target deleted
-- since leaves the row's household null).
UPDATE "audit_log" SET "household_id" = audit_household("target_type", "target_id") WHERE "target_type" IS NOT NULL;
