import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { WAITING_WRITE, type WriteTold } from '@web/lib/offline/waiting-writes.ts';
import { invalidateOrders } from './order-queries.ts';

/**
 * One write of an order, named so that a copy kept on the device while it waits for the network can be sent
 * again by a later page (decision 095): the name finds its function there.
 */
export interface OrderWrite<TData, TVariables> {
  name: string;
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** A write guarded by the order's version is not repeated on its own: the guard would refuse the repeat. */
  once: boolean;
}

export function orderWrite<TData, TVariables>(
  name: string,
  mutationFn: (variables: TVariables) => Promise<TData>,
  { once = false }: { once?: boolean } = {},
): OrderWrite<TData, TVariables> {
  return { name, mutationFn, once };
}

/** The options a write runs with, in a screen and when sent again: every order read is refreshed after it. */
export function orderWriteOptions<TData, TVariables>(
  write: OrderWrite<TData, TVariables>,
  queryClient: QueryClient,
) {
  return {
    mutationKey: [WAITING_WRITE, write.name],
    mutationFn: write.mutationFn,
    // Without a retry of its own the client's default (a few retries) applies.
    ...(write.once ? { retry: false } : {}),
    onSettled: () => invalidateOrders(queryClient),
  };
}

/** The write for a screen, with what its toast says should it be sent after the screen is gone. */
export function useOrderWrite<TData, TVariables>(write: OrderWrite<TData, TVariables>, told: WriteTold) {
  const queryClient = useQueryClient();
  return useMutation({ ...orderWriteOptions(write, queryClient), meta: told });
}
