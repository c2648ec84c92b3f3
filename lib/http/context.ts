import type { Permission } from '@/lib/kernel/policy';

/*
 * The doors' side of the request context: which permission a door declares. The contexts themselves
 * (RequestContext, PublicContext) are the kernel's (lib/kernel/context.ts); the doors build them.
 */

/**
 * What a door requires before it runs, declared where the door is written:
 * - 'public': anyone, guests included;
 * - 'own': any signed-in user, acting on their own account only (the domain function never takes an id);
 * - a policy permission (lib/kernel/policy.ts): users whose roles hold it; records it addresses are then
 *   loaded through the scope loaders (lib/kernel/scope.ts), so an outsider gets 404.
 */
export type DoorPermission = 'public' | 'own' | Permission;

/**
 * A door (server action or route handler) carries its declared permission, for the authorization matrix;
 * `anyOrigin` marks the one kind of door that skips the origin check (lib/http/route.ts gatewayRoute).
 */
export type Door = { readonly permission: DoorPermission; readonly anyOrigin?: true };
