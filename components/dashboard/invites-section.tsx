'use client';

import { useCallback, useEffect, useState } from 'react';
import { Form, NameField, TextField, useActionForm } from '@/components/forms';
import { Button } from '@/components/ui/button';
import { useCall, useMessage } from '@/components/ui/call-provider';
import { Card } from '@/components/ui/card';
import { Pager } from '@/components/ui/pager';
import { EmailAddress, EmptyRow, Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { listInvitesAction, resendInviteAction, sendInviteAction } from '@/lib/actions/advisors';
import { INVITE_POLL_MS, RESEND_TOOLTIP } from '@/lib/invites/rules';
import type { InvitePage, InviteView } from '@/lib/invites/invites';
import { sendInviteSchema } from '@/lib/validation/advisors';
import styles from './dashboard.module.css';

/** `locked`: the advisor's features lock is on, so no new invitation can be sent (the server refuses it too). */
type Props = { advisorHash: string; initial: InvitePage; locked?: boolean };

/**
 * Client Invites: send (name, email), the list with Sent/Joined, and Resend, disabled until can_resend
 * (5 minutes after the last send). While any invite shown cannot be resent yet the page is re-polled every 30
 * seconds (the spec's behaviour), quietly: no overlay, no Error dialog. The list is paged (ten, newest first;
 * issue 32): the server renders the first page, Previous and Next ask for another, and each call answers the
 * page it was made from (a new invite: the first, where it now stands).
 */
export function InvitesSection({ advisorHash, initial, locked = false }: Props) {
  // The page the server rendered, replaced by each call's answer; a new server render (a refresh) wins again.
  const [held, setHeld] = useState({ source: initial, shown: initial });
  let shown = held.shown;
  if (held.source !== initial) {
    setHeld({ source: initial, shown: initial });
    shown = initial;
  }
  const show = useCallback((next: InvitePage) => setHeld({ source: initial, shown: next }), [initial]);
  const { invites, page } = shown;
  const call = useCall();
  const { showMessage } = useMessage();
  const [turning, setTurning] = useState(false);

  const { form, submit, saving } = useActionForm({
    schema: sendInviteSchema,
    defaults: { advisor_id: advisorHash, client_name: '', client_email: '' },
    action: (values) => sendInviteAction({ ...values, advisor_id: advisorHash }),
    resetOnSuccess: true,
    onSuccess: async (next, { message }) => {
      show(next);
      await showMessage({ title: 'Success', message: message ?? 'Client invitation sent successfully', tone: 'success' });
    },
  });

  const waiting = invites.some((i) => !i.is_created && !i.can_resend);
  const shownPage = page.page;
  const refresh = useCallback(async () => {
    const result = await listInvitesAction({ advisor_id: advisorHash, ...pageField(shownPage) });
    if (result.ok) show(result.data);
  }, [advisorHash, shownPage, show]);
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(refresh, INVITE_POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting, refresh]);

  const turnTo = async (to: number) => {
    setTurning(true);
    try {
      const result = await call(() => listInvitesAction({ advisor_id: advisorHash, ...pageField(to) }));
      if (result.ok) show(result.data);
    } finally {
      setTurning(false);
    }
  };

  const resend = async (invite: InviteView) => {
    const result = await call(() => resendInviteAction({ id: invite.id, ...pageField(shownPage) }));
    if (!result.ok) return;
    show(result.data);
    await showMessage({ title: 'Success', message: result.message ?? 'Client invitation resent successfully', tone: 'success' });
  };

  return (
    <Card aria-labelledby="invites-title">
      <h2 id="invites-title">Client Invites</h2>
      {locked ? (
        <p className={styles.lockedNote}>New invitations can be sent again once the outstanding balance is paid.</p>
      ) : (
        <Form form={form} onSubmit={submit} className={styles.inviteForm}>
          <NameField name="client_name" label="Client Name" required autoComplete="off" />
          <TextField name="client_email" label="Client Email" required type="email" inputMode="email" autoComplete="off" />
          <Button type="submit" loading={saving}>
            Send Invite
          </Button>
        </Form>
      )}
      {/* The e-mail is the name's second line and Resend sits under the status: a half-width card has room for three columns. */}
      <Table label="Sent invitations" responsive="stack" columnLabels={['Invitee', 'Sent', 'Status']}>
        <THead>
          <tr>
            <Th>Invitee</Th>
            <Th>Sent</Th>
            <Th>Status</Th>
          </tr>
        </THead>
        <TBody>
          {invites.length === 0 ? (
            <EmptyRow colSpan={3}>No invitations sent yet.</EmptyRow>
          ) : (
            invites.map((invite) => (
              <Tr key={invite.id}>
                <Td>
                  {invite.name}
                  <small>
                    <EmailAddress address={invite.email} />
                  </small>
                </Td>
                <Td>{invite.sent_at_formatted}</Td>
                <Td>
                  <span className={styles.inviteStatus}>
                    <span className={invite.is_created ? styles.joined : styles.sent}>{invite.is_created ? 'Joined' : 'Sent'}</span>
                    {invite.is_created ? null : invite.can_resend ? (
                      <Button size="sm" variant="secondary" onClick={() => resend(invite)} aria-label={`Resend invitation to ${invite.name}`}>
                        Resend
                      </Button>
                    ) : (
                      // A disabled button gets no hover events: the tooltip sits on its wrapper, and the
                      // reason is also the button's description for screen readers.
                      <span title={RESEND_TOOLTIP} className={styles.tooltipWrap}>
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled
                          aria-label={`Resend invitation to ${invite.name}`}
                          aria-describedby={`wait-${invite.id}`}
                        >
                          Resend
                        </Button>
                        <span id={`wait-${invite.id}`} className="visually-hidden">
                          {RESEND_TOOLTIP}
                        </span>
                      </span>
                    )}
                  </span>
                </Td>
              </Tr>
            ))
          )}
        </TBody>
      </Table>
      <Pager label="Invitation pages" page={page.page} pageCount={page.pageCount} onPage={turnTo} busy={turning} />
    </Card>
  );
}

/** The page a call asks for: the first is the call's default, so it is left out (the calls' earlier shape). */
function pageField(page: number): { page?: number } {
  return page > 1 ? { page } : {};
}
