import type { Product } from '@engine/api-schemas.ts';
import { render } from '@testing-library/react';
import { Profiler, type ReactNode } from 'react';

/**
 * Renders one row per product, each inside a Profiler named after it, and returns how many times each rendered:
 * for the rows that follow the outbox themselves, where a keystroke must render its own row and no other.
 */
export function renderCountingRenders(
  products: readonly Product[],
  row: (product: Product, index: number) => ReactNode,
): Map<string, number> {
  const renders = new Map<string, number>();
  const count = (id: string) => renders.set(id, (renders.get(id) ?? 0) + 1);
  render(
    <div>
      {products.map((product, index) => (
        <Profiler key={product.id} id={product.name} onRender={count}>
          {row(product, index)}
        </Profiler>
      ))}
    </div>,
  );
  return renders;
}
