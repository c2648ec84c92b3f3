/** The role names permissions are granted to. A user may hold several. */
export type Role = 'admin' | 'legal' | 'advisor' | 'staff' | 'supervisor' | 'client';

export type RoleFlags = {
  isAdmin: boolean;
  isLegal: boolean;
  isAdvisory: boolean;
  isAdvisor: boolean;
  isClient: boolean;
  isFirmSupervisor: boolean;
};

/** Derives role names from the spec's flags: staff are advisory users who are not advisors. */
export function rolesOf(flags: RoleFlags): Role[] {
  const roles: Role[] = [];
  if (flags.isAdmin) roles.push('admin');
  if (flags.isLegal) roles.push('legal');
  if (flags.isAdvisor) roles.push('advisor');
  if (flags.isAdvisory && !flags.isAdvisor) roles.push('staff');
  if (flags.isFirmSupervisor && flags.isAdvisory) roles.push('supervisor');
  if (flags.isClient) roles.push('client');
  return roles;
}
