// numeric, int8 and date come back as strings by default; Parstock's quantities are small decimals and
// its business dates are calendar days, so numbers and 'YYYY-MM-DD' strings are the honest JS shapes.
export const NUMERIC = 1700;
export const INT8 = 20;
export const DATE = 1082;
export const parseNumber = (value: string) => (value === null ? null : Number(value));
export const keepString = (value: string) => value;
