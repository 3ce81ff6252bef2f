import type { AuthUser } from '@engine/api-schemas.ts';

export const signedInManager: AuthUser = {
  id: 3,
  email: 'manager@parstock.test',
  firstName: 'Maya',
  lastName: 'Lopez',
  role: 'cafe_manager',
  profileImageUrl: null,
  mustChangePassword: false,
  claims: {
    sub: '3',
    email: 'manager@parstock.test',
    first_name: 'Maya',
    last_name: 'Lopez',
    profileImageUrl: null,
  },
};
