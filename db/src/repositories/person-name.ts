/** SQL for how a user is named in the app: first and last name, or the email when both are blank. */
export function personNameSql(alias: string): string {
  return `COALESCE(NULLIF(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.email)`;
}
