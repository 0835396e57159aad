/**
 * The studio's roles and what each may do. The server asks `may` on every request; the interface only hides
 * what a role cannot do.
 */
export const ROLES = ['author', 'publisher', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export type Action = 'edit' | 'publish' | 'restore' | 'create-page' | 'rename-path' | 'manage-users' | 'read-audit';

const GRANTS: Record<Role, readonly Action[]> = {
  author: ['edit'],
  publisher: ['edit', 'publish', 'restore', 'create-page', 'rename-path'],
  admin: ['edit', 'publish', 'restore', 'create-page', 'rename-path', 'manage-users', 'read-audit'],
};

export const may = (role: Role, action: Action): boolean => GRANTS[role].includes(action);

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);
