import type { Db } from '@db/client.ts';

export interface TabDisplayRow {
  id: number;
  tabKey: string;
  tabName: string;
  icon: string | null;
  parentId: number | null;
  isVisible: boolean;
  permission: string | null;
  displayOrder: number;
}

export async function listTabDisplayOrder(db: Db): Promise<TabDisplayRow[]> {
  return db.query<TabDisplayRow>(
    `SELECT id, tab_key AS "tabKey", tab_name AS "tabName", icon, parent_id AS "parentId",
            is_visible AS "isVisible", permission, display_order AS "displayOrder"
       FROM tab_display_order
      ORDER BY display_order, id`,
  );
}
