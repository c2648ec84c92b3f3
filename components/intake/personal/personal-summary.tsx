'use client';

import { formatUsDate } from '@/lib/format/date';
import { formatPhone } from '@/lib/format/phone';
import { maskSsn } from '@/lib/format/ssn';
import type { ClientView } from '@/lib/intake/types';
import { nameOf } from '../shared/people';
import { SummaryList } from '../shared/summary-list';
import { Unanswered } from '../shared/unanswered';
import { stateName } from '../shared/state-options';
import { answerText, GENDER_LABELS, PERSONAL_QUESTIONS } from './personal-questions';

/** One client's personal info, read-only; the required answers not given yet read 'Unanswered'. */
export function PersonalSummary({ client }: { client: ClientView }) {
  const { person } = client;
  const or = (text: string | null | undefined, required = false) => (text ? text : required ? <Unanswered /> : '—');
  return (
    <SummaryList
      items={[
        { label: 'Name', value: or(nameOf(person)) },
        { label: 'Email', value: or(client.loginEmail ?? person.email) },
        { label: 'Phone', value: or(formatPhone(person.phone)) },
        { label: 'Date of Birth', value: or(formatUsDate(person.dob)) },
        { label: 'SSN', value: or(maskSsn(person.ssnLast4)) },
        { label: 'Gender', value: or(client.gender ? GENDER_LABELS[client.gender] : null) },
        { label: 'State of Residence', value: or(stateName(client.residenceState), true) },
        ...PERSONAL_QUESTIONS.map((question) => ({
          label: question.label,
          value: or(answerText(client[question.field], question), true),
        })),
      ]}
    />
  );
}
