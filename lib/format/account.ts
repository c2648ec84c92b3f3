/** An account number shown masked from its last four letters or digits: '••••1234'; '' when none is stored. */
export function maskAccountNumber(last4: string | null | undefined): string {
  return last4 ? `••••${last4}` : '';
}
