'use client';

import { useRouter } from 'next/navigation';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { CheckboxField, Form, NameField, PhoneField, SelectField, TextField, useActionForm } from '@/components/forms';
import { Button } from '@/components/ui/button';
import { useCall, useMessage } from '@/components/ui/call-provider';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { Checkbox, ControlRow, Field, Fieldset, Radio, TextInput } from '@/components/ui/field';
import { useNotice } from '@/components/ui/notice';
import { EmailAddress, Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import {
  createAdvisorAction,
  deleteClientAction,
  listAdvisorChoicesAction,
  listUsersAction,
  resetPasswordAction,
  resetSecondFactorAction,
  updateUserAction,
} from '@/lib/actions/admin';
import type { AdminChoice, AdminSectionsData, AdminUserPage, AdminUserRow } from '@/lib/admin/queries';
import { SUFFIX_CHOICES } from '@/lib/validation/fields';
import { ADVISOR_CREATED, createAdvisorFormSchema, MISSING_ADVISOR, MISSING_ADVISOR_TITLE, updateUserSchema } from '@/lib/validation/admin';
import { ActAsAdvisorButton } from './act-as-advisor-button';
import styles from './admin.module.css';

/*
 * The Admin dashboard's Create Advisor and User Management sections (issue 21; spec §2, §3, §5, §6), shown
 * to admins only. Both talk to the server through server actions (lib/actions/admin.ts) with the schemas
 * the compatibility routes use.
 */

type Props = { data: AdminSectionsData };

/** Create Advisor and User Management, for admins. */
export function AdminSections({ data }: Props) {
  // Create Advisor's answer carries the refreshed user list (spec §7: advisors, firms, users), which replaces
  // the one User Management shows (issue 27: the new user was missing until a reload). A new key starts the
  // section again on that page, its search cleared.
  const [created, setCreated] = useState<{ users: AdminUserPage; count: number } | null>(null);
  // The advisors to choose from for a staff user, loaded once when a checklist first opens, shared by both sections.
  const [choices, setChoices] = useState<AdminChoice[] | null>(null);
  const shared = useMemo(() => ({ choices, set: setChoices }), [choices]);
  return (
    <AdvisorChoicesContext.Provider value={shared}>
      <div className={styles.sections}>
        <CreateAdvisorSection
          firms={data.firms}
          hasAdvisors={data.hasAdvisors}
          onCreated={(users, advisors) => {
            setCreated((last) => ({ users, count: (last?.count ?? 0) + 1 }));
            setChoices(advisors);
          }}
        />
        <UserManagementSection key={created?.count ?? 0} initial={created?.users ?? data.users} canDeleteClients={data.canDeleteClients} />
      </div>
    </AdvisorChoicesContext.Provider>
  );
}

// ---- The advisors to choose from --------------------------------------------------------------------------

/** The advisor choices the page has loaded (null until then), and how to replace them. */
const AdvisorChoicesContext = createContext<{ choices: AdminChoice[] | null; set: (choices: AdminChoice[]) => void } | null>(null);

/**
 * The advisors to choose from, loaded when a staff checklist first shows (not with the page: a firm of 500
 * advisors made them 28 KB of every admin dashboard render). Shared through AdminSections; a checklist on
 * its own (tests) keeps its own copy. `failed` after an error (the Error dialog said why), `retry` tries again.
 */
function useAdvisorChoices(): { choices: AdminChoice[] | null; failed: boolean; retry: () => void } {
  const shared = useContext(AdvisorChoicesContext);
  const [own, setOwn] = useState<AdminChoice[] | null>(null);
  const choices = shared ? shared.choices : own;
  const store = shared ? shared.set : setOwn;
  const call = useCall();
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (choices) return;
    let current = true;
    void call(() => listAdvisorChoicesAction({}), { overlay: false }).then((result) => {
      if (!current) return;
      if (result.ok) store(result.data);
      else setFailed(true);
    });
    return () => {
      current = false;
    };
  }, [choices, attempt, call, store]);
  return {
    choices,
    failed,
    retry: () => {
      setFailed(false);
      setAttempt((n) => n + 1);
    },
  };
}

/** From this many advisors on, the checklist has a box to find one by name. */
const FIND_FROM = 12;
/** At most this many unchosen advisors are listed at once (a firm may have hundreds); the box finds the rest. */
const LISTED_AT_MOST = 50;

/** A checkbox list of advisors bound to a string[] field of the form (staff assignment), with a name filter when long. */
function AdvisorChecklist({ name, legend }: { name: string; legend: string }) {
  const {
    field: { value, onChange, ref },
    fieldState,
  } = useController({ name });
  const { choices, failed, retry } = useAdvisorChoices();
  const [find, setFind] = useState('');
  const chosen: string[] = Array.isArray(value) ? value : [];
  const toggle = (hash: string, on: boolean) => onChange(on ? [...chosen, hash] : chosen.filter((h) => h !== hash));
  if (!choices) {
    return (
      <Fieldset legend={legend} error={fieldState.error?.message}>
        {failed ? (
          <p className={styles.hint}>
            The advisors could not be loaded.{' '}
            <Button size="sm" variant="secondary" onClick={retry}>
              Try again
            </Button>
          </p>
        ) : (
          <p className={styles.hint} role="status">
            Loading the advisors…
          </p>
        )}
      </Fieldset>
    );
  }
  const term = find.trim().toLowerCase();
  const matches = (a: AdminChoice) => !term || a.name.toLowerCase().includes(term);
  const others = choices.filter((a) => !chosen.includes(a.hash) && matches(a));
  // The chosen advisors stay in the list whatever the filter, so a choice never disappears from view.
  const listed = new Set([...chosen, ...others.slice(0, LISTED_AT_MOST).map((a) => a.hash)]);
  const shown = choices.filter((a) => listed.has(a.hash));
  // What the list would hold without the cap: the filter's matches and the chosen.
  const wanted = term ? choices.filter((a) => chosen.includes(a.hash) || matches(a)).length : choices.length;
  return (
    <Fieldset legend={legend} error={fieldState.error?.message}>
      {choices.length >= FIND_FROM ? (
        <div className={styles.findAdvisor}>
          <Field label="Find an advisor" inline>
            <TextInput
              type="search"
              value={find}
              autoComplete="off"
              placeholder="Name"
              onChange={(event) => setFind(event.target.value)}
              // Enter here filters; it must not submit the form around it.
              onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
            />
          </Field>
        </div>
      ) : null}
      {wanted > shown.length ? (
        <p className={styles.hint}>
          {shown.length} of {wanted} {term ? 'matching advisors' : 'advisors'} listed: type a name to find the others.
        </p>
      ) : null}
      <div className={styles.checklist}>
        {shown.map((advisor, i) => (
          <Checkbox
            key={advisor.hash}
            ref={i === 0 ? ref : undefined}
            label={advisor.name}
            checked={chosen.includes(advisor.hash)}
            onChange={(event) => toggle(advisor.hash, event.target.checked)}
          />
        ))}
        {term && !choices.some(matches) ? <p className={styles.hint}>No advisor’s name contains “{find.trim()}”.</p> : null}
      </div>
    </Fieldset>
  );
}

// ---- Create Advisor ---------------------------------------------------------------------------------------

const NEW_FIRM = '';

/**
 * The spec's create-advisor form: an advisor in a firm (existing or new), or a staff user of existing advisors.
 * `onCreated` gets the answer's refreshed user list.
 */
export function CreateAdvisorSection({
  firms,
  hasAdvisors,
  onCreated,
}: {
  firms: AdminChoice[];
  hasAdvisors: boolean;
  onCreated?: (users: AdminUserPage, advisors: AdminChoice[]) => void;
}) {
  const router = useRouter();
  const { showMessage } = useMessage();
  const notify = useNotice();
  const { form, submit, saving } = useActionForm({
    schema: createAdvisorFormSchema,
    defaults: {
      account_type: 'advisor',
      first_name: '',
      middle_name: '',
      last_name: '',
      suffix: '',
      email: '',
      phone: '',
      firm_id: firms[0]?.hash ?? NEW_FIRM,
      firm_name: '',
      is_firm_supervisor: false,
      is_waiving_fee: false,
      staff_advisors: [],
    },
    action: createAdvisorAction,
    precheck: (values) =>
      values.account_type === 'staff' && values.staff_advisors.length === 0 ? { title: MISSING_ADVISOR_TITLE, message: MISSING_ADVISOR } : null,
    resetOnSuccess: true,
    onSuccess: async (result) => {
      onCreated?.(result.users, result.advisors);
      // The spec names 'Advisor created successfully' (a dialog); a staff user's creation it does not: a notice.
      if (result.message === ADVISOR_CREATED) await showMessage({ title: 'Success', message: result.message, tone: 'success' });
      else notify(result.message);
      // The firms and whether any advisor exists come from the page: reloaded too (the advisors came with the answer).
      router.refresh();
    },
  });
  const accountType = useWatch({ control: form.control, name: 'account_type' });
  const firmId = useWatch({ control: form.control, name: 'firm_id' });
  const staff = accountType === 'staff';
  const noAdvisors = !hasAdvisors;

  return (
    <section aria-labelledby="create-advisor-title" className={styles.card}>
      <h2 id="create-advisor-title">Create Advisor</h2>
      <p className={styles.hint}>The new user is e-mailed a link to choose a password (valid for 72 hours). Nobody else ever sees it.</p>
      <Form form={form} onSubmit={submit} className={styles.form} aria-labelledby="create-advisor-title">
        <Fieldset legend="Account type" inline>
          <Radio label="Advisor" value="advisor" {...form.register('account_type')} />
          <Radio
            label="Staff of existing advisors"
            value="staff"
            disabled={noAdvisors}
            hint={noAdvisors ? 'No advisors exist yet.' : undefined}
            {...form.register('account_type')}
          />
        </Fieldset>
        <div className={styles.grid}>
          <NameField name="first_name" label="First name" required autoComplete="off" />
          <NameField name="middle_name" label="Middle name" autoComplete="off" />
          <NameField name="last_name" label="Last name" required autoComplete="off" />
          <SelectField name="suffix" label="Suffix" options={SUFFIX_CHOICES.filter(Boolean)} placeholder="" />
          <TextField name="email" label="Email" type="email" required autoComplete="off" />
          <PhoneField name="phone" label="Phone" />
        </div>
        {staff ? (
          <AdvisorChecklist name="staff_advisors" legend="Works for" />
        ) : (
          <div className={styles.grid}>
            <SelectField
              name="firm_id"
              label="Firm"
              required
              options={[...firms.map((f) => ({ value: f.hash, label: f.name })), { value: NEW_FIRM, label: 'New firm…' }]}
            />
            {firmId === NEW_FIRM ? <TextField name="firm_name" label="New firm name" required autoComplete="off" /> : null}
          </div>
        )}
        <div className={styles.checks}>
          <CheckboxField name="is_firm_supervisor" label="Firm supervisor" />
          {staff ? null : <CheckboxField name="is_waiving_fee" label="Waives client fees" />}
        </div>
        <div>
          <Button type="submit" loading={saving}>
            {staff ? 'Create Staff User' : 'Create Advisor'}
          </Button>
        </div>
      </Form>
    </section>
  );
}

// ---- User Management --------------------------------------------------------------------------------------

/** Searchable, paged users with their roles; each opens an edit dialog (save only when changed, reset password). */
export function UserManagementSection({ initial, canDeleteClients = false }: { initial: AdminUserPage; canDeleteClients?: boolean }) {
  const call = useCall();
  const { confirm } = useMessage();
  const notify = useNotice();
  const [page, setPage] = useState(initial);
  const [query, setQuery] = useState(initial.q);
  const [editing, setEditing] = useState<AdminUserRow | null>(null);
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));

  const load = async (q: string, n: number) => {
    const result = await call(() => listUsersAction({ q, page: n }));
    if (result.ok) setPage(result.data);
  };

  // The hidden Delete Client tool: two confirmations, each naming the client, Cancel focused.
  const deleteClient = async (user: AdminUserRow) => {
    const first = await confirm({
      title: 'Delete Client?',
      message: `This permanently deletes ${user.name}'s household: the intake, estate plans, documents and notes, and the spouse's too.`,
      confirmLabel: 'Continue',
      cancelLabel: 'Cancel',
      confirmVariant: 'danger',
    });
    if (!first) return;
    const second = await confirm({
      title: `Delete ${user.name}?`,
      message: `This cannot be undone. Delete ${user.name} and everything in the household now?`,
      confirmLabel: `Delete ${user.name}`,
      cancelLabel: 'Cancel',
      confirmVariant: 'danger',
    });
    if (!second || !user.clientHash) return;
    const result = await call(() => deleteClientAction({ hash: user.clientHash! }));
    if (!result.ok) return;
    // 'Client deleted successfully' is not among the spec's messages: a notice, not a dialog (issue 27).
    notify(result.data.message);
    await load(page.q, page.page);
  };

  return (
    <section aria-labelledby="user-management-title" className={styles.card}>
      <h2 id="user-management-title">User Management</h2>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void load(query, 1);
        }}
      >
        <ControlRow>
          <Field label="Search users" inline>
            <TextInput type="search" placeholder="Name or email" value={query} onChange={(event) => setQuery(event.target.value)} />
          </Field>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </ControlRow>
      </form>
      <Table label="Users" responsive="stack" columnLabels={['Name', 'Email', 'Roles', 'Actions']}>
        <THead>
          <Tr>
            <Th>Name</Th>
            <Th>Email</Th>
            <Th>Roles</Th>
            <Th>
              <span className="visually-hidden">Actions</span>
            </Th>
          </Tr>
        </THead>
        <TBody empty={page.rows.length === 0 ? 'No users match.' : undefined} colSpan={4}>
          {page.rows.map((user) => (
            <Tr key={user.hash}>
              <Td>{user.name}</Td>
              <Td>
                <EmailAddress address={user.email} />
              </Td>
              <Td>{user.roles.join(', ') || 'None'}</Td>
              <Td>
                <span className={styles.rowActions}>
                  <Button size="sm" variant="secondary" onClick={() => setEditing(user)} aria-label={`Edit ${user.name}`}>
                    Edit
                  </Button>
                  {user.canActAs ? <ActAsAdvisorButton userHash={user.hash} name={user.name} /> : null}
                  {canDeleteClients && user.clientHash ? (
                    <Button size="sm" variant="danger" onClick={() => void deleteClient(user)} aria-label={`Delete Client ${user.name}`}>
                      Delete Client
                    </Button>
                  ) : null}
                </span>
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      <nav className={styles.pager} aria-label="User pages">
        <Button size="sm" variant="secondary" disabled={page.page <= 1} onClick={() => void load(page.q, page.page - 1)}>
          Previous
        </Button>
        <span>
          Page {page.page} of {pages} ({page.total} users)
        </span>
        <Button size="sm" variant="secondary" disabled={page.page >= pages} onClick={() => void load(page.q, page.page + 1)}>
          Next
        </Button>
      </nav>
      {editing ? (
        <UserEditDialog
          key={editing.hash}
          user={editing}
          onClose={() => setEditing(null)}
          onSaved={(users) => {
            setEditing(null);
            setPage(users);
          }}
        />
      ) : null}
    </section>
  );
}

type EditProps = { user: AdminUserRow; onClose: () => void; onSaved: (users: AdminUserPage) => void };

/**
 * One user's edit: email, phone, firm supervisor (advisory users), fee waiving (advisors), staff assignment
 * (staff). Save works only when something changed; Reset Password only when nothing is unsaved (spec §5).
 */
export function UserEditDialog({ user, onClose, onSaved }: EditProps) {
  const call = useCall();
  const { confirm, showMessage } = useMessage();
  const advisory = user.isAdvisor || user.isStaff;
  const { form, submit, saving } = useActionForm({
    schema: updateUserSchema,
    defaults: {
      user_id: user.hash,
      email: user.email,
      phone: user.phone,
      is_firm_supervisor: user.isFirmSupervisor,
      is_waiving_fee: user.isWaivingFee,
      staff_advisors: user.staffAdvisors,
    },
    action: updateUserAction,
    onSuccess: async (result) => {
      onSaved(result.users);
      await showMessage({ title: 'Success', message: result.message, tone: 'success' });
    },
  });
  const dirty = form.formState.isDirty;

  const reset = async () => {
    const ok = await confirm({
      title: 'Reset Password?',
      message: `${user.name} will be e-mailed a new temporary password and signed out everywhere.`,
      confirmLabel: 'Reset Password',
      cancelLabel: 'Cancel',
    });
    if (!ok) return;
    const result = await call(() => resetPasswordAction({ user_id: user.hash }));
    if (result.ok) {
      onClose();
      await showMessage({ title: 'Success', message: result.data.message, tone: 'success' });
    }
  };

  const resetSecondFactor = async () => {
    const ok = await confirm({
      title: 'Reset the authenticator app?',
      message: `${user.name}’s authenticator app and recovery codes will be removed, and they will be signed out everywhere. They sign in with their password next time and can set up the app again.`,
      confirmLabel: 'Reset the app',
      cancelLabel: 'Cancel',
    });
    if (!ok) return;
    const result = await call(() => resetSecondFactorAction({ user_id: user.hash }));
    if (result.ok) {
      onClose();
      await showMessage({ title: 'Success', message: result.data.message, tone: 'success' });
    }
  };

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={`Edit ${user.name}`} description={user.roles.join(', ') || undefined} busy={saving} bare>
      <Form form={form} onSubmit={submit} aria-label={`Edit ${user.name}`} className={styles.dialogForm}>
        <ModalBody>
          <div className={styles.form}>
            {user.emailOwnerOnly ? (
              <TextField
                name="email"
                label="Email"
                type="email"
                readOnly
                hint="Only its owner can change an administrator’s or attorney’s email, in Settings."
              />
            ) : (
              <TextField name="email" label="Email" type="email" required autoComplete="off" hint="Changing it signs the user out everywhere." />
            )}
            <PhoneField name="phone" label="Phone" />
            {advisory ? <CheckboxField name="is_firm_supervisor" label="Firm supervisor" /> : null}
            {user.isAdvisor ? <CheckboxField name="is_waiving_fee" label="Waives client fees" /> : null}
            {user.isStaff ? <AdvisorChecklist name="staff_advisors" legend="Works for" /> : null}
          </div>
        </ModalBody>
        <ModalFooter>
          <Button type="submit" loading={saving} disabled={!dirty}>
            Save
          </Button>
          <Button variant="secondary" onClick={reset} disabled={dirty || saving} title={dirty ? 'Save or cancel your changes first.' : undefined}>
            Reset Password
          </Button>
          {user.hasSecondFactor ? (
            <Button variant="secondary" onClick={resetSecondFactor} disabled={dirty || saving} title={dirty ? 'Save or cancel your changes first.' : undefined}>
              Reset authenticator app
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
        </ModalFooter>
      </Form>
    </Modal>
  );
}
