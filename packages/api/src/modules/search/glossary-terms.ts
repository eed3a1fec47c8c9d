/**
 * The fashion glossary: short definitions of the trade's words, written for this product. Searchable
 * beside the journalism (kind `glossary`) and citable in answers by slug. Kept in sync with the index by
 * the glossary seed (a changed list is written again at the next start).
 */
const TERMS: readonly (readonly [term: string, definition: string])[] = [
  [
    'Allocation',
    'The share of a collection a brand assigns to each store or wholesale account, often rationed for the most wanted items.',
  ],
  [
    'Assortment planning',
    'Deciding which styles, colours and sizes each channel and store carries in a season, and in what depth.',
  ],
  [
    'Atelier',
    'A workshop where garments are made or finished by hand, often attached to a couture or luxury house.',
  ],
  [
    'Average order value',
    'Revenue divided by the number of orders; a measure of how much a customer spends per purchase.',
  ],
  ['Basket size', 'The number of items in one purchase, watched by retailers alongside average order value.'],
  ['Bespoke', "Made from scratch to one customer's measurements and wishes, with fittings along the way."],
  [
    'Bill of materials',
    'The list of every fabric, trim and component in a product, with quantities and costs.',
  ],
  ['Bleeding', 'Dye running from one area of fabric into another when washed or wet.'],
  ['Block', 'A basic pattern a designer adapts to create new styles while keeping a consistent fit.'],
  [
    'Brand equity',
    'The value a name adds to a product beyond its function, built through reputation and recognition.',
  ],
  [
    'Brand extension',
    'Using an established name to sell a new category, such as a fashion house launching fragrance.',
  ],
  [
    'Bridge line',
    'A range priced between designer and mass-market labels, often sold by a luxury house under a second name.',
  ],
  [
    'Capsule collection',
    'A small, focused collection of a few pieces, often limited in time or made with a collaborator.',
  ],
  ['Carryover', 'A style kept in the range from one season to the next, usually a proven seller.'],
  [
    'Cash-to-cash cycle',
    'The days between paying suppliers and collecting cash from customers; shorter cycles free up working capital.',
  ],
  [
    'Category management',
    'Running a product category as its own business unit, with its own targets, pricing and space.',
  ],
  [
    'Circularity',
    'Designing products and systems so materials stay in use through repair, resale, rental and recycling.',
  ],
  [
    'Clienteling',
    "Sales staff keeping records of valued customers' tastes and purchases to offer personal service.",
  ],
  [
    'Closed-loop recycling',
    'Turning old products back into material for new products of the same kind, such as fibre to fibre.',
  ],
  ['Colourway', 'One of the colour combinations in which a style is offered.'],
  [
    'Comparable sales',
    'Sales growth at stores open for at least a year, which strips out the effect of new openings.',
  ],
  [
    'Concession',
    'A branded space inside a department store run by the brand, which usually pays the store a share of sales.',
  ],
  ['Consignment', 'Selling goods on behalf of an owner, who is paid only once the item sells.'],
  ['Conversion rate', 'The share of visitors, in a store or online, who make a purchase.'],
  [
    'Cost of goods sold',
    'The direct cost of the products a company sold in a period, including materials and making.',
  ],
  ['Couture', 'Made-to-measure clothing of the highest craft; haute couture is a protected term in France.'],
  [
    'Critical path',
    'The schedule of dates a product must meet, from design to delivery, to arrive in store on time.',
  ],
  [
    'Cross-docking',
    'Moving goods from an incoming to an outgoing shipment at a warehouse without storing them.',
  ],
  ['Customer acquisition cost', 'What a brand spends in marketing and sales to win one new customer.'],
  ['Customer lifetime value', 'The profit a brand expects from a customer over the whole relationship.'],
  [
    'Cut and sew',
    'Garments made by cutting fabric panels and sewing them together, as opposed to knitting to shape.',
  ],
  [
    'Deadstock',
    'Unsold stock or unused fabric left over from earlier seasons, sometimes reused by designers.',
  ],
  [
    'Demand planning',
    'Forecasting how much of each product customers will buy, to set production and inventory.',
  ],
  ['Diffusion line', 'A cheaper secondary line from a designer label, aimed at a wider audience.'],
  [
    'Digital product passport',
    'A digital record attached to a product giving its materials, origin and care, increasingly required by regulation.',
  ],
  [
    'Direct-to-consumer',
    "Selling to customers through a brand's own stores and websites rather than through other retailers.",
  ],
  ['Drop', 'A product release announced for a set moment, often in limited quantity to create urgency.'],
  ['Dupe', 'A cheaper product made to resemble a well-known one closely without copying its trademark.'],
  ['Duty drawback', 'A refund of import duties on goods that are later exported again.'],
  [
    'EBITDA',
    'Earnings before interest, taxes, depreciation and amortisation, a common measure of operating profit.',
  ],
  ['Embellishment', 'Decoration added to a garment, such as beading, embroidery or sequins.'],
  [
    'End-of-season sale',
    'Markdowns at the close of a season to clear remaining stock before new collections arrive.',
  ],
  [
    'Endless aisle',
    "Letting store customers order items the store does not have from the brand's wider stock.",
  ],
  [
    'Entry price point',
    "The cheapest product in a brand's range, often a small leather good or fragrance, that draws new customers.",
  ],
  [
    'Extended producer responsibility',
    'Rules making producers pay for collecting and treating their products at the end of their life.',
  ],
  [
    'Fast fashion',
    'Producing trend-led clothing quickly and cheaply in large volumes, with frequent new ranges.',
  ],
  ['Fibre-to-fibre recycling', 'Breaking used textiles down into fibres that can be spun into new yarn.'],
  [
    'First cost',
    'The price paid to a factory for a finished product, before freight, duty and other landed costs.',
  ],
  ['Fit model', "A person whose measurements match a brand's sample size, used to check how garments fit."],
  [
    'Flagship store',
    "A brand's largest or most prominent shop, designed to show the full range and the brand's image.",
  ],
  ['Footfall', 'The number of people who enter a store or shopping area in a period.'],
  ['Franchise', "An arrangement in which a partner runs a brand's stores in a market under licence."],
  [
    'Free on board',
    'A shipping term under which the seller pays to load the goods and the buyer pays from there on.',
  ],
  ['Full-price sell-through', 'The share of stock sold before any markdown, a key sign of healthy demand.'],
  ['Garment dyeing', 'Dyeing a garment after it is sewn, which gives a softer, lived-in colour.'],
  ['Gross margin', 'Revenue minus the cost of goods sold, as a share of revenue.'],
  [
    'Grey market',
    'Genuine branded goods sold through channels the brand has not authorised, often across borders.',
  ],
  ['Greenwashing', 'Claims that make a product or company seem more environmentally sound than it is.'],
  ['Hangtag', 'The card label attached to a new garment with the brand, price and sometimes care details.'],
  ['Heritage brand', 'A label whose history and craft are central to its appeal and marketing.'],
  ['Hype', 'Intense, often short-lived demand built through scarcity, social media and collaborations.'],
  ['Inventory turnover', 'How many times a company sells and replaces its stock in a year.'],
  [
    'Key opinion leader',
    'An influential figure, especially in China, whose endorsement moves consumer choices.',
  ],
  ['Knockoff', 'An unauthorised copy of a design, usually cheaper and of lower quality.'],
  [
    'Lab-grown diamond',
    'A diamond made in a laboratory with the same chemistry as a mined stone, usually cheaper.',
  ],
  [
    'Landed cost',
    'The full cost of a product once it arrives at the warehouse, including freight, insurance and duty.',
  ],
  ['Last', 'The foot-shaped form around which a shoe is built, which fixes its shape and fit.'],
  ['Lead time', 'The time from placing an order with a supplier to receiving the goods.'],
  [
    'Licensing',
    "Letting another company make and sell products under a brand's name in return for royalties.",
  ],
  ['Like-for-like sales', 'Sales growth measured on the same stores and channels as a year earlier.'],
  [
    'Line sheet',
    'A document for wholesale buyers showing each style with its image, colours, sizes and prices.',
  ],
  ['Logomania', 'A trend for products covered in visible brand logos.'],
  ['Look book', 'A set of styled photographs presenting a collection to buyers, press and customers.'],
  ['Loss leader', 'A product sold at little or no profit to draw customers who then buy other things.'],
  ['Loyalty programme', 'A scheme rewarding repeat customers with points, perks or early access.'],
  ['Luxury', 'Goods and services sold at high prices on the strength of craft, rarity, heritage and image.'],
  ['Made to order', 'Produced only after a customer orders, which reduces unsold stock.'],
  ['Markdown', 'A permanent price reduction, usually to clear slow-selling stock.'],
  ['Markup', "The amount added to a product's cost to reach its selling price."],
  [
    'Marketplace',
    'A platform on which many independent sellers list goods, with the platform taking a commission.',
  ],
  ['Masstige', 'Products that borrow luxury cues but are priced for a mass audience.'],
  ['Merchandising', 'Presenting and planning products, in stores and online, to maximise sales.'],
  ['Microtrend', 'A trend that rises and fades within weeks, often driven by social media.'],
  ['Minimum order quantity', 'The smallest number of units a factory or supplier will make for an order.'],
  ['Mono-brand store', "A shop selling only one brand's products."],
  ['Multi-brand retailer', 'A shop or website selling products from many brands.'],
  ['Near-shoring', 'Moving production closer to the markets where goods are sold, to cut lead times.'],
  [
    'Net promoter score',
    'A measure of customer loyalty based on how likely customers are to recommend a brand.',
  ],
  ['Off-price', 'Retailers selling branded goods below their original price, often from excess stock.'],
  ['Omnichannel', 'Running stores, websites and apps as one business so customers can move between them.'],
  ['On-shoring', "Bringing production back to a brand's home country."],
  ['Open-to-buy', 'The budget a buyer has left to spend on new stock in a period.'],
  ['Operating margin', 'Operating profit as a share of revenue, after the costs of running the business.'],
  [
    'Organic cotton',
    'Cotton grown without synthetic pesticides or fertilisers, certified by an outside body.',
  ],
  ['Outlet', "A store selling a brand's past-season or excess stock at reduced prices."],
  ['Overstock', 'Stock beyond what can be sold at full price in the planned time.'],
  ['Pattern grading', 'Scaling a pattern up and down to produce the full size range.'],
  ['Personal shopper', 'A store employee who selects products for individual customers.'],
  ['Pop-up store', 'A temporary shop open for days or months, used to test a market or promote a launch.'],
  [
    'Pre-collection',
    'A collection delivered between the main seasons, such as resort or pre-fall, often commercially important.',
  ],
  ['Pre-owned', "Goods sold again after a first owner; the trade's polite word for second-hand."],
  ['Prêt-à-porter', 'Ready-to-wear: designer clothing made in standard sizes rather than to measure.'],
  ['Price architecture', "How a brand's prices are tiered from entry products to the most expensive pieces."],
  ['Private label', "Products made for and sold under a retailer's own brand."],
  [
    'Product lifecycle management',
    'Software and processes tracking a product from idea through development to production.',
  ],
  ['Quick response', 'A supply model that makes small first orders and repeats quickly what sells.'],
  ['Range plan', 'The planned mix of products for a season, by category, price and quantity.'],
  ['Ready-to-wear', 'Clothing made in standard sizes and sold finished, as opposed to made to measure.'],
  ['Recommerce', 'The business of reselling used goods, including buy-back and resale platforms.'],
  [
    'Regenerative agriculture',
    'Farming that aims to restore soil health and biodiversity, increasingly used for cotton and wool.',
  ],
  ['Rental', 'Lending clothing for a fee for an occasion or a subscription period.'],
  ['Replenishment', 'Restocking products that sell continuously, often automatically from sales data.'],
  ['Resale', 'Selling items again after their first purchase, through platforms, brand programmes or shops.'],
  [
    'Resale value',
    'What a used item fetches on the second-hand market, often expressed as a share of its retail price.',
  ],
  ['Reshoring', 'Returning production to the country where a company is based.'],
  [
    'Resort collection',
    'A collection delivered in winter for holiday travel, now a major pre-season for luxury brands.',
  ],
  [
    'Retail media',
    'Advertising sold by retailers on their own websites and apps, using their customer data.',
  ],
  ['Return rate', 'The share of sold items sent back, a major cost for online fashion.'],
  ['Reverse logistics', 'Handling goods coming back from customers: returns, repairs, recycling and resale.'],
  [
    'Runway show',
    'A presentation of a collection on models, for press, buyers and, increasingly, the public online.',
  ],
  ['Sample', 'A prototype of a garment made to check design, fit and quality before production.'],
  [
    'Scope 3 emissions',
    "Greenhouse gas emissions in a company's supply chain and product use, the largest share for fashion brands.",
  ],
  ['Seasonless', 'Collections not tied to the traditional fashion calendar, sold for longer periods.'],
  ['See now, buy now', 'Selling a collection immediately after it is shown, rather than months later.'],
  ['Sell-in', 'The stock a brand sells to its wholesale accounts.'],
  ['Sell-through rate', 'The share of stock received that has been sold in a period.'],
  ['Shrinkage', 'Stock lost to theft, damage or errors, as a share of sales.'],
  ['Silhouette', 'The overall outline or shape of a garment or outfit.'],
  ['SKU', 'Stock keeping unit: one distinct item for sale, such as a style in one colour and size.'],
  [
    'Small leather goods',
    "Wallets, card holders and similar accessories, often a brand's entry price point.",
  ],
  [
    'Social commerce',
    'Selling directly through social media platforms, often with live streams and creators.',
  ],
  ['Sourcing', "Finding and managing the suppliers and factories that make a brand's products."],
  [
    'Spec sheet',
    "A technical document giving a garment's measurements, materials and construction for the factory.",
  ],
  [
    'Store of value',
    'An asset expected to keep its worth, a role some luxury watches and bags are said to play.',
  ],
  ['Streetwear', 'Casual clothing rooted in skate, surf and hip-hop culture, often sold through drops.'],
  ['Supply chain traceability', 'Knowing and recording where each material and step of a product came from.'],
  ['Sustainability report', "A company's yearly account of its environmental and social performance."],
  ['Tech pack', 'The full set of technical instructions a factory needs to make a garment.'],
  [
    'Tier 1 supplier',
    'A factory that makes finished products for a brand; tier 2 and beyond supply its materials.',
  ],
  ['Trade show', 'An event where brands show collections to wholesale buyers and take orders.'],
  [
    'Trunk show',
    'A private showing of a collection to selected customers, often with orders taken on the spot.',
  ],
  ['Upcycling', 'Turning waste materials or unwanted products into new items of higher value.'],
  ['Vertical integration', 'Owning several stages of the supply chain, from materials or making to retail.'],
  ['Vintage', 'Second-hand clothing from an earlier era, typically at least twenty years old.'],
  [
    'Visual merchandising',
    'Arranging products and displays in stores and windows to attract and guide customers.',
  ],
  ['Weeks of cover', 'How many weeks current stock would last at the current rate of sale.'],
  ['Wholesale', 'Selling products in bulk to retailers, who then sell them to customers.'],
  ['Wholesale price', 'The price a brand charges retailers, typically about half the retail price.'],
  ['Working capital', 'Current assets minus current liabilities; in fashion, largely tied up in inventory.'],
  ['Yarn-dyed', 'Fabric woven or knitted from yarns dyed before weaving, used for stripes and checks.'],
  [
    'Zero-based budgeting',
    'Building each budget from nothing every period rather than adjusting the previous one.',
  ],
];

export interface GlossaryTerm {
  slug: string;
  term: string;
  definition: string;
}

const slugOf = (term: string) =>
  term
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Every glossary term, alphabetical. */
export const GLOSSARY_TERMS: readonly GlossaryTerm[] = TERMS.map(([term, definition]) => ({
  slug: slugOf(term),
  term,
  definition,
}));
