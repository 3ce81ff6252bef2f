/** The focus left with a control that went away or was disabled; a person who moved it on meanwhile keeps it. */
export function focusWasLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}
