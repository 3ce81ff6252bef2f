import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * The least a React 19 count screen can do at start (bench/start-floor.ts): read the catalogue, keep its first
 * category, draw that many rows with a count field each and focus the first. No router, no query cache, no
 * schema check, no styles — what remains is React itself and the browser.
 */
interface Product {
  id: number;
  name: string;
  category: string;
}

function FirstCategory() {
  const [rows, setRows] = useState<Product[] | null>(null);
  useEffect(() => {
    void fetch('/products.json')
      .then((response) => response.json() as Promise<Product[]>)
      .then((products) => setRows(products.filter((p) => p.category === products[0]?.category).slice(0, 30)));
  }, []);
  if (!rows) return <p>Loading</p>;
  return (
    <ul>
      {rows.map((product, index) => (
        <li key={product.id}>
          <label>
            {product.name}{' '}
            <input
              ref={index === 0 ? (input) => input?.focus() : undefined}
              data-focus-index={index}
              inputMode="decimal"
            />
          </label>
        </li>
      ))}
    </ul>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<FirstCategory />);
