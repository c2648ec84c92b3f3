import type { Actor } from '@/lib/auth/actor';
import type { Permission } from '@/lib/auth/policy';

/**
 * What a domain function knows about the request that called it, built by the two doors (`action()` and
 * `route()`) and handed over as the first argument. Domain code never reads headers or cookies itself.
 */
export type RequestContext = {
  actor: Actor;
  /** The client's address (lib/http/request.ts clientAddress): the connection, or the trusted proxy's view. */
  ip: string;
  userAgent: string;
};

/** The context of a public door: the caller may be a guest. */
export type PublicContext = Omit<RequestContext, 'actor'> & { actor: Actor | null };

/**
 * What a door requires before it runs, declared where the door is written:
 * - 'public': anyone, guests included;
 * - 'own': any signed-in user, acting on their own account only (the domain function never takes an id);
 * - a policy permission (lib/auth/policy.ts): users whose roles hold it; records it addresses are then
 *   loaded through the scope loaders (lib/auth/scope.ts), so an outsider gets 404.
 */
export type DoorPermission = 'public' | 'own' | Permission;

/** A door (server action or route handler) carries its declared permission, for the authorization matrix. */
export type Door = { readonly permission: DoorPermission };
