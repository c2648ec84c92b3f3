'use client';

import { ActAsButton } from './act-as-advisor-button';

/** While an admin acts as an advisor: act as one of the advisor's clients (its client hash), from a client row. */
export function ActAsClientButton({ clientHash, name }: { clientHash: string; name: string }) {
  return <ActAsButton userHash={clientHash} name={name} label="Act as Client" title="Act as Client?" />;
}
