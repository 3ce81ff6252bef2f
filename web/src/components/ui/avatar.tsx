import { cn } from '@web/lib/cn.ts';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import type * as React from 'react';

export function Avatar({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Root>) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      className={cn('relative flex size-9 shrink-0 overflow-hidden rounded-full', className)}
      {...props}
    />
  );
}

export function AvatarImage({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Image>) {
  return (
    <AvatarPrimitive.Image
      data-slot="avatar-image"
      className={cn('aspect-square size-full object-cover', className)}
      {...props}
    />
  );
}

export function AvatarFallback({
  className,
  ...props
}: React.ComponentProps<typeof AvatarPrimitive.Fallback>) {
  return (
    <AvatarPrimitive.Fallback
      data-slot="avatar-fallback"
      className={cn(
        'flex size-full items-center justify-center rounded-full bg-muted font-medium text-muted-foreground text-sm',
        className,
      )}
      {...props}
    />
  );
}

/** Up to two initials: first and last word of the name ("Ana María Ruiz" → "AR"); '?' for no name. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return `${Array.from(first)[0] ?? ''}${last ? (Array.from(last)[0] ?? '') : ''}`.toUpperCase();
}

export interface UserAvatarProps extends React.ComponentProps<typeof AvatarPrimitive.Root> {
  name: string;
  imageUrl?: string | null;
}

/** The picture when there is one and it loads; the person's initials otherwise. Named for screen readers. */
export function UserAvatar({ name, imageUrl, ...props }: UserAvatarProps) {
  return (
    <Avatar role="img" aria-label={name} {...props}>
      {imageUrl ? <AvatarImage src={imageUrl} alt="" /> : null}
      <AvatarFallback aria-hidden="true">{initialsOf(name)}</AvatarFallback>
    </Avatar>
  );
}
