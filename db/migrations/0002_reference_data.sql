-- Reference data every installation needs (not demo data): roles, permission keys, the default
-- role→permission map of product.md, and the header's tab tree. Admins edit these later.

INSERT INTO roles (key, name, description) VALUES
  ('staff', 'Staff', 'Barista or shift lead: counts inventory and does nightly counts'),
  ('cafe_manager', 'Café manager', 'Sets PARs, completes counts, builds the shopping list, submits orders'),
  ('district_manager', 'District manager', 'Approves orders, locks PARs, watches every café of a district'),
  ('admin', 'Admin', 'Every permission');

INSERT INTO permissions (key, description) VALUES
  ('set_pars', 'Set PAR levels'),
  ('count_inventory', 'Count inventory'),
  ('nightly_counts', 'Do nightly counts'),
  ('submit_orders', 'Build the shopping list and submit orders'),
  ('view_orders', 'See orders'),
  ('manage_orders', 'Edit, cancel, place and receive orders'),
  ('approve_orders', 'Approve or reject orders'),
  ('par_lock_management', 'Lock and unlock PARs'),
  ('admin_panel', 'Administer users, locations, products and settings');

INSERT INTO role_permissions (role_key, permission_key) VALUES
  ('staff', 'count_inventory'),
  ('staff', 'nightly_counts'),
  ('cafe_manager', 'set_pars'),
  ('cafe_manager', 'count_inventory'),
  ('cafe_manager', 'nightly_counts'),
  ('cafe_manager', 'submit_orders'),
  ('cafe_manager', 'view_orders'),
  ('district_manager', 'set_pars'),
  ('district_manager', 'count_inventory'),
  ('district_manager', 'nightly_counts'),
  ('district_manager', 'submit_orders'),
  ('district_manager', 'view_orders'),
  ('district_manager', 'manage_orders'),
  ('district_manager', 'approve_orders'),
  ('district_manager', 'par_lock_management');

INSERT INTO tab_display_order (tab_key, tab_name, icon, display_order, permission) VALUES
  ('set_pars', 'Set PARs', 'target', 10, 'set_pars'),
  ('count_inventory', 'Count Inventory', 'clipboard-list', 20, 'count_inventory'),
  ('nightly_counts', 'Nightly Counts', 'moon', 30, 'nightly_counts'),
  ('shopping_list', 'Shopping List', 'shopping-cart', 40, 'submit_orders'),
  ('view_cart', 'View Cart', 'shopping-bag', 50, NULL),
  ('orders', 'Orders', 'receipt', 60, 'view_orders'),
  ('order_management', 'Order Management', 'package', 70, 'manage_orders'),
  ('approvals', 'Approvals', 'check-circle', 80, 'approve_orders'),
  ('par_lock', 'Par Lock', 'lock', 90, 'par_lock_management'),
  ('inventory_management', 'Inventory Management', 'boxes', 100, 'set_pars'),
  ('reports', 'Navigator', 'bar-chart', 110, 'view_orders'),
  ('ops_tracker', 'District Ops Tracker', 'map', 120, 'approve_orders'),
  ('cafe_ops_tracker', 'Cafe Ops Tracker', 'list-checks', 130, 'count_inventory'),
  ('admin_panel', 'Settings', 'settings', 140, 'admin_panel');

INSERT INTO tab_display_order (tab_key, tab_name, icon, display_order, permission, parent_id)
SELECT v.tab_key, v.tab_name, v.icon, v.display_order, 'admin_panel', p.id
FROM (VALUES
  ('users', 'Users', 'users', 1),
  ('locations', 'Locations', 'map-pin', 2),
  ('products', 'Products', 'package', 3),
  ('task_management', 'Tasks', 'list-todo', 4),
  ('admin_ui', 'UI & Tabs', 'palette', 5),
  ('square_catalog', 'Square', 'square', 6),
  ('api_health', 'API Health', 'activity', 7)
) AS v(tab_key, tab_name, icon, display_order)
CROSS JOIN tab_display_order p WHERE p.tab_key = 'admin_panel';
