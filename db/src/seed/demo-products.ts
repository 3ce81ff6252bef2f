import type { CafeSize } from './demo-locations.ts';

/** Category names as the count screens show them, in the order a barista walks the back room. */
export const DEMO_CATEGORIES: readonly { name: string; displayOrder: number }[] = [
  { name: 'Espresso & Coffee', displayOrder: 10 },
  { name: 'Dairy & Alternatives', displayOrder: 20 },
  { name: 'Bakery', displayOrder: 30 },
  { name: 'Grab-and-Go Food', displayOrder: 40 },
  { name: 'Syrups & Sauces', displayOrder: 50 },
  { name: 'Tea', displayOrder: 60 },
  { name: 'Cups & Lids', displayOrder: 70 },
  { name: 'Paper & Cleaning', displayOrder: 80 },
  { name: 'Retail', displayOrder: 90 },
];

export interface DemoProduct {
  name: string;
  sku: string;
  unit: string;
  category: string;
  subcategory: string | null;
  unitCost: number;
  vendor: string;
  /** PAR at a medium café; small and large cafés scale it. */
  basePar: number;
  maximumStockQuantity: number | null;
  isDailyCount: boolean;
  /** The smallest café that stocks it: kiosks skip bulky retail and kegs. */
  smallestCafe: CafeSize;
}

interface Vendor {
  name: string;
  skuPrefix: string;
}

const ROASTER: Vendor = { name: 'Harbor Coffee Roasters', skuPrefix: 'HCR' };
const DAIRY: Vendor = { name: 'Valley Fresh Dairy', skuPrefix: 'VFD' };
const PLANT: Vendor = { name: 'Greenfield Plant Foods', skuPrefix: 'GPF' };
const BAKERY: Vendor = { name: 'Sunrise Bakehouse', skuPrefix: 'SRB' };
const COMMISSARY: Vendor = { name: 'Fresh Fork Commissary', skuPrefix: 'FFC' };
const SYRUPS: Vendor = { name: 'Sweet Drop Syrup Co.', skuPrefix: 'SDS' };
const TEA: Vendor = { name: 'Leaf & Kettle Tea Co.', skuPrefix: 'LKT' };
const PACKAGING: Vendor = { name: 'Packwell Supply', skuPrefix: 'PWS' };
const JANITORIAL: Vendor = { name: 'CleanPro Janitorial', skuPrefix: 'CPJ' };
const BROADLINE: Vendor = { name: 'Metro Foodservice', skuPrefix: 'MFS' };
const GOODS: Vendor = { name: 'Northbound Goods', skuPrefix: 'NBG' };

interface Options {
  max?: number;
  daily?: boolean;
  smallestCafe?: CafeSize;
}
type Row = readonly [name: string, unit: string, unitCost: number, basePar: number, options?: Options];
interface Group {
  category: string;
  subcategory: string | null;
  vendor: Vendor;
  rows: readonly Row[];
}

const GROUPS: readonly Group[] = [
  {
    category: 'Espresso & Coffee',
    subcategory: 'Espresso Beans',
    vendor: ROASTER,
    rows: [
      ['House Espresso Blend', '5 lb bag', 62.5, 6],
      ['Decaf Espresso Blend', '5 lb bag', 66, 2],
      ['Single Origin Ethiopia Yirgacheffe', '2 lb bag', 34, 2],
      ['Single Origin Colombia Huila', '2 lb bag', 31.5, 2],
      ['Single Origin Guatemala Antigua', '2 lb bag', 33, 1],
    ],
  },
  {
    category: 'Espresso & Coffee',
    subcategory: 'Drip Coffee',
    vendor: ROASTER,
    rows: [
      ['House Drip Blend', '5 lb bag', 54, 5],
      ['Dark Roast Sumatra', '5 lb bag', 57, 3],
      ['Decaf Drip Blend', '5 lb bag', 58, 2],
      ['Half-Caf Breakfast Blend', '5 lb bag', 55, 1],
      ['Seasonal Holiday Blend', '5 lb bag', 59, 2],
    ],
  },
  {
    category: 'Espresso & Coffee',
    subcategory: 'Cold Brew',
    vendor: ROASTER,
    rows: [
      ['Cold Brew Coarse Grind', '5 lb bag', 49, 4],
      ['Cold Brew Concentrate', 'bag-in-box 2.5 gal', 38, 3],
      ['Nitro Cold Brew Keg', '5 gal keg', 95, 1, { max: 2, smallestCafe: 'large' }],
    ],
  },
  {
    category: 'Espresso & Coffee',
    subcategory: 'Brewing Supplies',
    vendor: BROADLINE,
    rows: [
      ['Batch Brewer Filters 3 gal', 'case of 500', 39, 1],
      ['Basket Coffee Filters 12-cup', 'case of 1,000', 24, 1],
      ['Cold Brew Filter Bags', 'pack of 50', 28, 1],
      ['Espresso Machine Cleaning Tablets', 'tub of 100', 32, 1],
      ['Grinder Cleaning Pellets', '15 oz bottle', 14.5, 1],
    ],
  },
  {
    category: 'Espresso & Coffee',
    subcategory: null,
    vendor: ROASTER,
    rows: [['Instant Espresso Powder', '1 lb tin', 18, 1]],
  },
  {
    category: 'Dairy & Alternatives',
    subcategory: 'Milk',
    vendor: DAIRY,
    rows: [
      ['Whole Milk', 'case of 4 × 1 gal', 19.8, 6, { daily: true }],
      ['2% Reduced-Fat Milk', 'case of 4 × 1 gal', 18.9, 4, { daily: true }],
      ['Skim Milk', 'case of 4 × 1 gal', 18.2, 2],
      ['Lactose-Free Whole Milk', 'case of 6 × ½ gal', 24.6, 1],
      ['Chocolate Milk', 'case of 12 × 12 oz', 14.4, 1],
    ],
  },
  {
    category: 'Dairy & Alternatives',
    subcategory: 'Plant Milk',
    vendor: PLANT,
    rows: [
      ['Oat Milk Barista Edition', 'case of 6 × 1 L', 22.5, 5, { daily: true }],
      ['Almond Milk Barista Edition', 'case of 6 × 1 L', 19.8, 3, { daily: true }],
      ['Soy Milk Barista Edition', 'case of 12 × 32 oz', 28, 2],
      ['Coconut Milk Barista Edition', 'case of 6 × 1 L', 21, 1],
      ['Pistachio Milk', 'case of 6 × 1 L', 26.4, 1],
    ],
  },
  {
    category: 'Dairy & Alternatives',
    subcategory: 'Cream',
    vendor: DAIRY,
    rows: [
      ['Half & Half', 'case of 6 × ½ gal', 27.6, 3, { daily: true }],
      ['Heavy Whipping Cream', 'case of 6 × ½ gal', 38.4, 2],
      ['Vanilla Sweet Cream Base', 'case of 6 × ½ gal', 31, 1],
      ['Whipped Cream Aerosol', 'case of 12 × 15 oz', 42, 1],
      ['Half & Half Creamer Cups', 'case of 384', 24, 1],
    ],
  },
  {
    category: 'Dairy & Alternatives',
    subcategory: null,
    vendor: DAIRY,
    rows: [
      ['Plain Greek Yogurt', 'case of 6 × 32 oz', 21, 1],
      ['Butter Portion Cups', 'case of 600', 36, 1],
      ['Cream Cheese Portion Cups', 'case of 100 × 1 oz', 29, 2],
    ],
  },
  {
    category: 'Bakery',
    subcategory: 'Pastries',
    vendor: BAKERY,
    rows: [
      ['Butter Croissant', 'each', 1.35, 24, { daily: true }],
      ['Chocolate Croissant', 'each', 1.6, 18, { daily: true }],
      ['Almond Croissant', 'each', 1.85, 12],
      ['Ham & Gruyère Croissant', 'each', 2.4, 10],
      ['Cinnamon Roll', 'each', 1.75, 12],
      ['Morning Bun', 'each', 1.7, 10],
      ['Fruit Danish', 'each', 1.55, 10],
    ],
  },
  {
    category: 'Bakery',
    subcategory: 'Muffins & Scones',
    vendor: BAKERY,
    rows: [
      ['Blueberry Muffin', 'each', 1.25, 18, { daily: true }],
      ['Banana Nut Muffin', 'each', 1.25, 12],
      ['Vegan Blueberry Muffin', 'each', 1.45, 8],
      ['Lemon Poppyseed Muffin', 'each', 1.25, 10],
      ['Cranberry Orange Scone', 'each', 1.4, 12, { daily: true }],
      ['Maple Oat Scone', 'each', 1.4, 8],
    ],
  },
  {
    category: 'Bakery',
    subcategory: 'Bread & Bagels',
    vendor: BAKERY,
    rows: [
      ['Plain Bagels', 'dozen', 6, 6],
      ['Everything Bagels', 'dozen', 6.5, 6],
      ['Sliced Sourdough Loaf', 'loaf', 5.25, 6],
      ['Multigrain Loaf', 'loaf', 5.5, 4],
      ['Gluten-Free Sandwich Bread', 'loaf', 6.9, 2],
    ],
  },
  {
    category: 'Bakery',
    subcategory: 'Cookies & Bars',
    vendor: BAKERY,
    rows: [
      ['Chocolate Chip Cookie', 'each', 0.95, 24],
      ['Oatmeal Raisin Cookie', 'each', 0.95, 12],
      ['Fudge Brownie', 'each', 1.3, 12],
      ['Lemon Bar', 'each', 1.25, 8],
      ['Pumpkin Loaf Slice', 'each', 1.45, 10],
    ],
  },
  {
    category: 'Bakery',
    subcategory: null,
    vendor: BAKERY,
    rows: [['Banana Bread Slice', 'each', 1.3, 12]],
  },
  {
    category: 'Grab-and-Go Food',
    subcategory: 'Sandwiches',
    vendor: COMMISSARY,
    rows: [
      ['Turkey & Swiss on Ciabatta', 'each', 4.1, 10, { daily: true }],
      ['Caprese Panini', 'each', 3.9, 8],
      ['Chicken Pesto Wrap', 'each', 4.25, 8],
      ['Ham & Cheddar Baguette', 'each', 3.95, 6],
      ['Egg & Cheese English Muffin', 'each', 2.6, 12],
      ['Bacon, Egg & Cheddar Croissant', 'each', 3.1, 10],
    ],
  },
  {
    category: 'Grab-and-Go Food',
    subcategory: 'Salads & Bowls',
    vendor: COMMISSARY,
    rows: [
      ['Chicken Caesar Salad', 'each', 4.6, 6],
      ['Quinoa Power Bowl', 'each', 4.8, 5],
      ['Greek Salad', 'each', 4.4, 5],
    ],
  },
  {
    category: 'Grab-and-Go Food',
    subcategory: 'Breakfast',
    vendor: COMMISSARY,
    rows: [
      ['Egg White & Spinach Egg Bites', 'pack of 2', 2.2, 12, { daily: true }],
      ['Greek Yogurt Parfait', 'each', 1.9, 10, { daily: true }],
      ['Overnight Oats', 'each', 2.1, 8],
      ['Seasonal Fruit Cup', 'each', 1.7, 10],
      ['Spinach & Feta Breakfast Wrap', 'each', 2.9, 8],
    ],
  },
  {
    category: 'Grab-and-Go Food',
    subcategory: 'Snacks',
    vendor: BROADLINE,
    rows: [
      ['Sea Salt Kettle Chips', 'case of 24 × 2 oz', 21, 2],
      ['Cheese & Cracker Protein Box', 'each', 3.6, 6],
      ['Hummus & Veggie Cup', 'each', 2.3, 6],
      ['Trail Mix Packs', 'case of 24', 26, 1],
      ['Oat & Honey Granola Bars', 'case of 12', 11, 2],
    ],
  },
  {
    category: 'Syrups & Sauces',
    subcategory: 'Syrups',
    vendor: SYRUPS,
    rows: [
      ['Vanilla Syrup', 'case of 4 × 1 L', 36, 3],
      ['Sugar-Free Vanilla Syrup', 'case of 4 × 1 L', 38, 1],
      ['Caramel Syrup', 'case of 4 × 1 L', 36, 2],
      ['Sugar-Free Caramel Syrup', 'case of 4 × 1 L', 38, 1],
      ['Hazelnut Syrup', 'case of 4 × 1 L', 36, 1],
      ['Classic Simple Syrup', 'case of 4 × 1 L', 24, 2],
      ['Brown Sugar Syrup', 'case of 4 × 1 L', 36, 2],
      ['Lavender Syrup', 'case of 4 × 1 L', 39, 1],
      ['Peppermint Syrup', 'case of 4 × 1 L', 36, 1],
      ['Raspberry Syrup', 'case of 4 × 1 L', 36, 1],
      ['Toasted Coconut Syrup', 'case of 4 × 1 L', 37, 1],
      ['Pumpkin Spice Syrup', 'case of 4 × 1 L', 39, 1],
    ],
  },
  {
    category: 'Syrups & Sauces',
    subcategory: 'Sauces',
    vendor: SYRUPS,
    rows: [
      ['Dark Chocolate Sauce', 'case of 6 × 64 oz', 54, 1],
      ['White Chocolate Sauce', 'case of 6 × 64 oz', 58, 1],
      ['Caramel Sauce', 'case of 6 × 64 oz', 52, 1],
      ['Pumpkin Spice Sauce', 'case of 6 × 64 oz', 61, 1],
      ['Pistachio Sauce', 'case of 6 × 64 oz', 64, 1],
    ],
  },
  {
    category: 'Syrups & Sauces',
    subcategory: 'Sweeteners',
    vendor: BROADLINE,
    rows: [
      ['Raw Cane Sugar Packets', 'case of 2,000', 32, 1],
      ['White Sugar Packets', 'case of 2,000', 22, 1],
      ['Stevia Packets', 'case of 1,000', 27, 1],
      ['Clover Honey Bears', 'case of 12 × 12 oz', 38, 1],
      ['Organic Agave Nectar', 'case of 6 × 23.5 oz', 33, 1],
    ],
  },
  {
    category: 'Syrups & Sauces',
    subcategory: null,
    vendor: BROADLINE,
    rows: [
      ['Hot Chocolate Mix', 'case of 6 × 2 lb', 44, 1],
      ['Ground Cinnamon Shaker', '18 oz shaker', 8.5, 1],
    ],
  },
  {
    category: 'Tea',
    subcategory: 'Tea Sachets',
    vendor: TEA,
    rows: [
      ['English Breakfast Tea Sachets', 'box of 100', 34, 1],
      ['Earl Grey Tea Sachets', 'box of 100', 34, 1],
      ['Jasmine Green Tea Sachets', 'box of 100', 36, 1],
      ['Sencha Green Tea Sachets', 'box of 100', 36, 1],
      ['Chamomile Herbal Tea Sachets', 'box of 100', 32, 1],
      ['Peppermint Herbal Tea Sachets', 'box of 100', 32, 1],
      ['Hibiscus Berry Tea Sachets', 'box of 100', 33, 1],
      ['Rooibos Vanilla Tea Sachets', 'box of 100', 33, 1],
    ],
  },
  {
    category: 'Tea',
    subcategory: 'Concentrates & Iced Tea',
    vendor: TEA,
    rows: [
      ['Chai Tea Concentrate', 'case of 6 × 32 oz', 36, 3],
      ['Unsweetened Chai Concentrate', 'case of 6 × 32 oz', 36, 1],
      ['Black Iced Tea Brew Bags', 'case of 24 × 1 gal', 30, 1],
      ['Green Iced Tea Brew Bags', 'case of 24 × 1 gal', 31, 1],
      ['Passion Fruit Iced Tea Brew Bags', 'case of 24 × 1 gal', 32, 1],
    ],
  },
  {
    category: 'Tea',
    subcategory: 'Matcha',
    vendor: TEA,
    rows: [
      ['Ceremonial Matcha', '100 g tin', 28, 2],
      ['Culinary Matcha Powder', '1 lb bag', 42, 1],
      ['Sweetened Matcha Latte Mix', 'case of 6 × 2 lb', 68, 1],
    ],
  },
  {
    category: 'Tea',
    subcategory: null,
    vendor: TEA,
    rows: [['Loose Leaf Tea Filters', 'pack of 100', 6.5, 1]],
  },
  {
    category: 'Cups & Lids',
    subcategory: 'Hot Cups',
    vendor: PACKAGING,
    rows: [
      ['4 oz Espresso Cup', 'sleeve of 50', 4.8, 4],
      ['8 oz Hot Cup', 'case of 1,000', 68, 1, { max: 3 }],
      ['12 oz Hot Cup', 'case of 1,000', 78, 3, { max: 6 }],
      ['16 oz Hot Cup', 'case of 1,000', 86, 3, { max: 6 }],
      ['20 oz Hot Cup', 'case of 600', 72, 1, { max: 3 }],
    ],
  },
  {
    category: 'Cups & Lids',
    subcategory: 'Cold Cups',
    vendor: PACKAGING,
    rows: [
      ['12 oz Clear Cold Cup', 'case of 1,000', 64, 1, { max: 3 }],
      ['16 oz Clear Cold Cup', 'case of 1,000', 72, 2, { max: 5 }],
      ['20 oz Clear Cold Cup', 'case of 1,000', 79, 2, { max: 5 }],
      ['24 oz Clear Cold Cup', 'case of 600', 66, 1, { max: 3 }],
      ['2 oz Sample Cup', 'sleeve of 50', 3.2, 2],
    ],
  },
  {
    category: 'Cups & Lids',
    subcategory: 'Lids',
    vendor: PACKAGING,
    rows: [
      ['8 oz Hot Cup Lid', 'case of 1,000', 38, 1],
      ['12–20 oz Hot Cup Lid', 'case of 1,000', 44, 3, { max: 6 }],
      ['Cold Cup Sip Lid', 'case of 1,000', 41, 2],
      ['Cold Cup Dome Lid', 'case of 1,000', 46, 1],
      ['Strawless Cold Cup Lid', 'case of 1,000', 48, 2],
    ],
  },
  {
    category: 'Cups & Lids',
    subcategory: 'Sleeves',
    vendor: PACKAGING,
    rows: [
      ['Corrugated Cup Sleeve', 'case of 1,300', 45, 2],
      ['Printed Kraft Cup Sleeve', 'case of 1,000', 52, 1],
    ],
  },
  {
    category: 'Cups & Lids',
    subcategory: null,
    vendor: PACKAGING,
    rows: [
      ['Wrapped Paper Straws', 'case of 2,400', 39, 1],
      ['Wooden Stir Sticks', 'box of 1,000', 6.5, 2],
      ['4-Cup Drink Carrier', 'case of 300', 48, 1],
      ['2-Cup Drink Carrier', 'case of 300', 41, 1],
    ],
  },
  {
    category: 'Paper & Cleaning',
    subcategory: 'Paper Goods',
    vendor: PACKAGING,
    rows: [
      ['Kraft Dispenser Napkins', 'case of 6,000', 42, 2, { max: 4 }],
      ['Glassine Pastry Bags', 'case of 2,000', 38, 1],
      ['Deli Wrap Sheets', 'case of 1,000', 29, 1],
      ['Kraft Handle Bags', 'case of 250', 46, 1],
      ['Bakery Tissue Sheets', 'box of 1,000', 18, 1],
      ['Thermal Receipt Paper Rolls', 'case of 50', 36, 1],
      ['Multifold Paper Towels', 'case of 4,000', 44, 2, { max: 4 }],
      ['2-Ply Bath Tissue', 'case of 96 rolls', 62, 1, { max: 3 }],
    ],
  },
  {
    category: 'Paper & Cleaning',
    subcategory: 'Cleaning Chemicals',
    vendor: JANITORIAL,
    rows: [
      ['Quat Sanitizer Concentrate', 'case of 4 × 1 gal', 58, 1],
      ['Glass & Surface Cleaner', 'case of 12 × 32 oz', 34, 1],
      ['Heavy-Duty Degreaser', 'case of 4 × 1 gal', 49, 1],
      ['Manual Dish Detergent', 'case of 4 × 1 gal', 37, 1],
      ['Foaming Hand Soap Refill', 'case of 4 × 1,250 mL', 52, 1],
      ['Neutral Floor Cleaner', 'case of 4 × 1 gal', 41, 1],
      ['Milk Frother Rinse', 'case of 12 × 32 oz', 46, 1],
    ],
  },
  {
    category: 'Paper & Cleaning',
    subcategory: 'Gloves & Liners',
    vendor: JANITORIAL,
    rows: [
      ['Nitrile Gloves Medium', 'box of 100', 9.5, 4],
      ['Nitrile Gloves Large', 'box of 100', 9.5, 4],
      ['Trash Liners 40–45 gal', 'case of 100', 38, 1],
      ['Compostable Liners 32 gal', 'case of 100', 44, 1],
    ],
  },
  {
    category: 'Paper & Cleaning',
    subcategory: null,
    vendor: JANITORIAL,
    rows: [
      ['Microfiber Cloths', 'pack of 24', 19, 1],
      ['Non-Scratch Scrub Sponges', 'pack of 20', 14, 1],
    ],
  },
  {
    category: 'Retail',
    subcategory: 'Whole Bean Coffee',
    vendor: ROASTER,
    rows: [
      ['House Blend Whole Bean 12 oz', 'case of 6 × 12 oz', 45, 2, { smallestCafe: 'medium' }],
      ['Decaf Whole Bean 12 oz', 'case of 6 × 12 oz', 48, 1, { smallestCafe: 'medium' }],
      ['Ethiopia Whole Bean 12 oz', 'case of 6 × 12 oz', 54, 1, { smallestCafe: 'medium' }],
      ['Holiday Blend Whole Bean 12 oz', 'case of 6 × 12 oz', 50, 1, { smallestCafe: 'medium' }],
    ],
  },
  {
    category: 'Retail',
    subcategory: 'Drinkware',
    vendor: GOODS,
    rows: [
      ['Stoneware Mug 12 oz', 'case of 6', 48, 1, { smallestCafe: 'medium' }],
      ['Insulated Tumbler 16 oz', 'case of 6', 66, 1, { smallestCafe: 'medium' }],
      ['Reusable Cold Cup 24 oz', 'case of 12', 42, 1, { smallestCafe: 'medium' }],
      ['Ceramic Pour-Over Dripper', 'case of 4', 56, 1, { smallestCafe: 'large' }],
    ],
  },
  {
    category: 'Retail',
    subcategory: 'Bottled Drinks',
    vendor: BROADLINE,
    rows: [
      ['Sparkling Water 12 oz', 'case of 24', 18, 3],
      ['Spring Water 16.9 oz', 'case of 24', 9.6, 4],
      ['Orange Juice 12 oz', 'case of 12', 19.2, 2],
      ['Ginger Kombucha 12 oz', 'case of 12', 27, 1],
      ['Cold-Pressed Green Juice 12 oz', 'case of 6', 22.5, 1],
    ],
  },
  {
    category: 'Retail',
    subcategory: null,
    vendor: GOODS,
    rows: [
      ['Gift Card Carriers', 'pack of 100', 12, 1],
      ['Sea Salt Dark Chocolate Bar', 'case of 12', 24, 1],
      ['Local Wildflower Honey 12 oz', 'case of 12', 66, 1, { smallestCafe: 'medium' }],
    ],
  },
];

function buildProducts(): DemoProduct[] {
  const nextSkuNumber = new Map<string, number>();
  return GROUPS.flatMap((group) =>
    group.rows.map(([name, unit, unitCost, basePar, options = {}]) => {
      const number = nextSkuNumber.get(group.vendor.skuPrefix) ?? 10_100;
      nextSkuNumber.set(group.vendor.skuPrefix, number + 7);
      return {
        name,
        sku: `${group.vendor.skuPrefix}-${number}`,
        unit,
        category: group.category,
        subcategory: group.subcategory,
        unitCost,
        vendor: group.vendor.name,
        basePar,
        maximumStockQuantity: options.max ?? null,
        isDailyCount: options.daily ?? false,
        smallestCafe: options.smallestCafe ?? 'small',
      };
    }),
  );
}

export const DEMO_PRODUCTS: readonly DemoProduct[] = buildProducts();
