/**
 * The header's menus, one chunk loaded on the first use of any of them (decision 082): the start draws their
 * closed triggers without Radix.
 */
export { AccountMenu } from './account-menu.tsx';
export { LocationMenu } from './location-menu.tsx';
export { OperationMenu } from './operation-menu.tsx';
