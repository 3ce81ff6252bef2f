/** The rows a virtualized list does not draw, stood for by one row of their height (`useVirtualRows`). */
export function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return height > 0 ? (
    <tr className="max-sm:block" style={{ height }}>
      <td colSpan={columns} className="p-0" />
    </tr>
  ) : null;
}
