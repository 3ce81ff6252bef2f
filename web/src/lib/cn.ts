import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names; later Tailwind utilities win over earlier conflicting ones, so callers can override. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
