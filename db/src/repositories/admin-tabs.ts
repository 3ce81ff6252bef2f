import type { Db } from '@db/client.ts';
import type { TabUpdateEntry } from '@engine/admin-tab-schemas.ts';
import type { TabDisplayRow } from './tab-display-order.ts';

/** Every tab, locked until the transaction ends so two saves of the tree do not interleave. */
export async function lockTabs(tx: Db): Promise<TabDisplayRow[]> {
  return tx.query<TabDisplayRow>(
    `SELECT id, tab_key AS "tabKey", tab_name AS "tabName", icon, parent_id AS "parentId",
            is_visible AS "isVisible", permission, display_order AS "displayOrder"
       FROM tab_display_order
      ORDER BY display_order, id
        FOR UPDATE`,
  );
}

/** Writes name, icon, parent, visibility and order of every given tab in one statement. */
export async function updateTabs(tx: Db, tabs: readonly TabUpdateEntry[]): Promise<void> {
  if (tabs.length === 0) return;
  await tx.query(
    `UPDATE tab_display_order t
        SET tab_name = r."tabName", icon = r.icon, parent_id = r."parentId",
            is_visible = r."isVisible", display_order = r."displayOrder"
       FROM jsonb_to_recordset($1::jsonb) AS r(id int, "tabName" text, icon text, "parentId" int,
            "isVisible" boolean, "displayOrder" int)
      WHERE t.id = r.id`,
    [tabs.map((tab) => ({ ...tab }))],
  );
}
