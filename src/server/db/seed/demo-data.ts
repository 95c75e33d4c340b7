import type { BusinessCategory, BusinessType } from '@shared/domain/business';
import type { OrderStatus } from '@shared/domain/order-status';

/**
 * The demo's content. Every business, person and phone number is made up; the streets and
 * neighbourhoods are real Valencia ones so the listing reads like the city. Text is in
 * English with local names left as locals say them (one language in the database; the
 * interface around it is translated).
 */
export const DEMO_PASSWORD = 'regalo-demo-2026';
export const DEMO_CONSUMER_EMAIL = 'consumer@demo.regalo.test';
export const DEMO_OWNER_EMAIL = 'owner@demo.regalo.test';
export const DEMO_ADMIN_EMAIL = 'admin@demo.regalo.test';

export interface DemoGift {
  name: string;
  description: string;
  /** Whole cents. */
  price: number;
  validityDays: number;
  isAvailable?: boolean;
}

export interface DemoBusiness {
  ownerEmail: string;
  ownerName: string;
  name: string;
  category: BusinessCategory;
  businessType: BusinessType;
  address: string;
  phone: string;
  email: string;
  website?: string;
  description: string;
  commissionRate: number;
  /** Days before the seed ran that the business joined. */
  joinedDaysAgo: number;
  gifts: DemoGift[];
}

export const demoOwnerBusiness: DemoBusiness = {
  ownerEmail: DEMO_OWNER_EMAIL,
  ownerName: 'Vicent Ferrer',
  name: 'Orxateria La Palmera',
  category: 'traditional_drinks',
  businessType: 'company',
  address: 'Carrer de Sant Vicent Màrtir 14, Ciutat Vella',
  phone: '+34 963 000 101',
  email: 'hola@lapalmera.demo.regalo.test',
  description:
    'Family orxateria since 1952, a few steps from Plaça de la Reina. Horchata made every morning from Alboraia tiger nuts, served ice-cold with warm fartons.',
  commissionRate: 8,
  joinedDaysAgo: 240,
  gifts: [
    {
      name: 'Horchata and fartons for two',
      description: 'Two large glasses of fresh horchata with a plate of fartons to dunk. The classic Valencian afternoon.',
      price: 950,
      validityDays: 180,
    },
    {
      name: 'Family horchata jug',
      description: 'One litre of horchata to take home, with a dozen fartons. Enough for the whole family after the beach.',
      price: 1450,
      validityDays: 180,
    },
    {
      name: 'Granizado for four',
      description: 'Four lemon or coffee granizados, made with real fruit and crushed ice. Perfect in August.',
      price: 1200,
      validityDays: 90,
    },
    {
      name: 'Horchata tasting and tiger nut story',
      description: 'A guided tasting of horchata, leche merengada and agua de cebada, with the story of the Alboraia tiger nut.',
      price: 1800,
      validityDays: 365,
    },
    {
      name: 'Summer card: ten horchatas',
      description: 'Ten medium horchatas to enjoy one by one, all summer long.',
      price: 3200,
      validityDays: 365,
    },
  ],
};

export const demoPartnerBusinesses: DemoBusiness[] = [
  {
    ownerEmail: 'arroceria@demo.regalo.test',
    ownerName: 'Amparo Llorens',
    name: 'Arrocería Sueca 27',
    category: 'restaurant',
    businessType: 'company',
    address: 'Carrer de Sueca 27, Russafa',
    phone: '+34 963 000 102',
    email: 'reservas@sueca27.demo.regalo.test',
    description:
      'Rice cooked over orange-wood fire in the heart of Russafa. Paella valenciana, arroz negro and arroz del senyoret, the way the grandmothers of La Huerta make them.',
    commissionRate: 10,
    joinedDaysAgo: 210,
    gifts: [
      { name: 'Paella valenciana for two', description: 'Chicken, rabbit, garrofó and green beans, with socarrat. Includes a starter and dessert.', price: 4800, validityDays: 365 },
      { name: 'Arroz negro dinner', description: 'Black rice with cuttlefish and allioli for two, with a glass of local white wine each.', price: 5200, validityDays: 365 },
      { name: 'Sunday rice for four', description: 'A Sunday lunch for four: starters to share, a paella of your choice and homemade desserts.', price: 9500, validityDays: 365 },
      { name: 'Wine pairing upgrade', description: 'A bottle of D.O. Valencia wine chosen by our sommelier to go with your rice.', price: 2200, validityDays: 180 },
    ],
  },
  {
    ownerEmail: 'forn@demo.regalo.test',
    ownerName: 'Josep Miralles',
    name: 'Forn de Cavallers',
    category: 'coffee_bakery',
    businessType: 'individual',
    address: 'Carrer dels Cavallers 9, El Carme',
    phone: '+34 963 000 103',
    email: 'forn@cavallers.demo.regalo.test',
    description:
      'A wood-fired bakery in El Carme. Sourdough loaves, coca de llanda, pastissets de moniato and the best coffee on the street.',
    commissionRate: 9,
    joinedDaysAgo: 190,
    gifts: [
      { name: 'Coca de llanda and coffee', description: 'A generous slice of our lemon coca de llanda with a café con leche.', price: 650, validityDays: 90 },
      { name: 'Breakfast for two', description: 'Two coffees, fresh orange juice and a tostada with tomato and olive oil each.', price: 1400, validityDays: 180 },
      { name: 'Box of twelve pastissets', description: 'Twelve sweet-potato pastissets, baked the same morning, in a gift box.', price: 1800, validityDays: 90 },
      { name: 'Bread club for a month', description: 'One sourdough loaf a week for four weeks, to collect at the shop.', price: 3500, validityDays: 120 },
    ],
  },
  {
    ownerEmail: 'ceramica@demo.regalo.test',
    ownerName: 'Inmaculada Bosch',
    name: 'Taller Blau de Manises',
    category: 'artisan_workshop',
    businessType: 'individual',
    address: 'Carrer del Doctor Sumsi 12, Russafa',
    phone: '+34 963 000 104',
    email: 'taller@blau.demo.regalo.test',
    description:
      'A ceramics studio carrying on the blue-and-white tradition of Manises. Small classes, real wheels, and pieces you fire and take home.',
    commissionRate: 12,
    joinedDaysAgo: 170,
    gifts: [
      { name: 'Wheel-throwing first class', description: 'Two hours at the wheel with a potter. Make a bowl or a cup; we fire and glaze it for you.', price: 4500, validityDays: 365 },
      { name: 'Paint your own azulejo', description: 'Paint a traditional Valencian tile with cobalt blue; framed and ready to hang.', price: 2800, validityDays: 365 },
      { name: 'Pottery evening for couples', description: 'An evening class for two with wine and music. Each of you leaves with your own piece.', price: 8500, validityDays: 365 },
    ],
  },
  {
    ownerEmail: 'tast@demo.regalo.test',
    ownerName: 'Raquel Sanchis',
    name: 'Tast del Mercat',
    category: 'food_experience',
    businessType: 'company',
    address: 'Plaça de la Ciutat de Bruges 3, Ciutat Vella',
    phone: '+34 963 000 105',
    email: 'hola@tastdelmercat.demo.regalo.test',
    description:
      'Food walks through the Mercat Central and cooking classes in our kitchen across the square. Taste, shop with us and cook like a local.',
    commissionRate: 12,
    joinedDaysAgo: 160,
    gifts: [
      { name: 'Mercat Central tasting walk', description: 'Two hours between stalls: jamón, cheeses, olives, horchata and seasonal fruit.', price: 5500, validityDays: 365 },
      { name: 'Paella cooking class', description: 'Shop at the market with a chef, then cook and eat your own paella valenciana.', price: 6500, validityDays: 365 },
      { name: 'Valencian wine and cheese evening', description: 'Six local wines with six cheeses from the Comunitat, explained by our sommelier.', price: 4200, validityDays: 365 },
    ],
  },
  {
    ownerEmail: 'llibreria@demo.regalo.test',
    ownerName: 'Marc Escrivà',
    name: "Llibreria L'Ombra",
    category: 'retail',
    businessType: 'individual',
    address: 'Carrer de la Pau 18, Ciutat Vella',
    phone: '+34 963 000 106',
    email: 'llibres@lombra.demo.regalo.test',
    description:
      'An independent bookshop with a reading corner and a cat. Books in Spanish, Valencian and English, and recommendations you will not get from an algorithm.',
    commissionRate: 8,
    joinedDaysAgo: 150,
    gifts: [
      { name: 'Book voucher', description: 'Choose any book in the shop up to this amount, with a personal recommendation if you want one.', price: 2500, validityDays: 365 },
      { name: 'Three months of book club', description: 'One book a month chosen for you and a seat at our monthly book club evening.', price: 4500, validityDays: 365 },
      { name: 'Valencian authors bundle', description: 'Three essential Valencian novels, wrapped with a bookmark from a local illustrator.', price: 3500, validityDays: 180 },
    ],
  },
  {
    ownerEmail: 'bellesa@demo.regalo.test',
    ownerName: 'Lorena Peris',
    name: 'Estudi Bellesa Benimaclet',
    category: 'services',
    businessType: 'individual',
    address: 'Carrer de Murta 8, Benimaclet',
    phone: '+34 963 000 107',
    email: 'cita@estudibellesa.demo.regalo.test',
    description:
      'A calm beauty studio in the old village of Benimaclet. Natural products, unhurried appointments and a cup of tea while you wait.',
    commissionRate: 10,
    joinedDaysAgo: 140,
    gifts: [
      { name: 'Haircut and styling', description: 'Wash, cut and styling with our senior stylist.', price: 3000, validityDays: 180 },
      { name: 'Manicure with natural polish', description: 'A full manicure with vegan, long-lasting polish.', price: 2500, validityDays: 180 },
      { name: 'Relaxing facial', description: 'Sixty minutes of cleansing, massage and a mask suited to your skin.', price: 5500, validityDays: 365 },
    ],
  },
  {
    ownerEmail: 'teatre@demo.regalo.test',
    ownerName: 'Sergi Tormo',
    name: 'Teatre Petit de Quart',
    category: 'entertainment',
    businessType: 'cooperative',
    address: 'Carrer de Quart 22, El Carme',
    phone: '+34 963 000 108',
    email: 'entrades@teatrepetit.demo.regalo.test',
    description:
      'A seventy-seat theatre by the Torres de Quart. Comedy, flamenco nights and puppet shows for children at weekends.',
    commissionRate: 10,
    joinedDaysAgo: 130,
    gifts: [
      { name: 'Two tickets for any show', description: 'Two seats for any show of the season, on the date you choose.', price: 3600, validityDays: 365 },
      { name: 'Flamenco night with a drink', description: 'A live flamenco evening for two with a glass of wine or vermouth each.', price: 4200, validityDays: 365 },
      { name: 'Puppet matinee family pass', description: 'A Sunday puppet show for two adults and two children.', price: 2400, validityDays: 365 },
    ],
  },
  {
    ownerEmail: 'ioga@demo.regalo.test',
    ownerName: 'Núria Alberola',
    name: 'Ioga Túria',
    category: 'health',
    businessType: 'individual',
    address: 'Avinguda de Blasco Ibáñez 45, Algirós',
    phone: '+34 963 000 109',
    email: 'hola@iogaturia.demo.regalo.test',
    description:
      'A bright yoga and massage studio next to the Túria gardens. Classes for every level, in Spanish and English, and sunset sessions in the park.',
    commissionRate: 10,
    joinedDaysAgo: 120,
    gifts: [
      { name: 'Drop-in yoga class', description: 'One class of your choice: hatha, vinyasa or yin. Mats provided.', price: 1500, validityDays: 90 },
      { name: 'Five-class pass', description: 'Five classes to use over three months.', price: 6000, validityDays: 120 },
      { name: 'Sunset yoga in the Túria', description: 'A ninety-minute session in the gardens as the sun goes down.', price: 2000, validityDays: 180 },
      { name: 'Sixty-minute massage', description: 'A relaxing or deep-tissue massage with a trained therapist.', price: 5500, validityDays: 365 },
    ],
  },
  {
    ownerEmail: 'vins@demo.regalo.test',
    ownerName: 'Paco Giner',
    name: 'Vins i Formatges del Cabanyal',
    category: 'retail',
    businessType: 'company',
    address: 'Carrer de la Reina 85, El Cabanyal',
    phone: '+34 963 000 110',
    email: 'botiga@vinscabanyal.demo.regalo.test',
    description:
      'A neighbourhood shop of wines and cheeses from small producers, two streets from the beach. Tastings on Friday evenings.',
    commissionRate: 9,
    joinedDaysAgo: 110,
    gifts: [
      { name: 'Cheese board for two', description: 'Four local cheeses with quince, nuts and bread, to eat in the shop with a glass of wine.', price: 2800, validityDays: 180 },
      { name: 'Three bottles of Valencian wine', description: 'A red, a white and a rosé from D.O. Valencia and Utiel-Requena, chosen for you.', price: 4500, validityDays: 365 },
      { name: 'Vermouth hour kit', description: 'A bottle of Valencian vermouth, olives and anchovies for a proper Sunday vermut.', price: 2200, validityDays: 180 },
    ],
  },
  {
    ownerEmail: 'flors@demo.regalo.test',
    ownerName: 'Elena Císcar',
    name: 'Flors de Cirilo',
    category: 'other',
    businessType: 'individual',
    address: 'Carrer de Cirilo Amorós 30, Eixample',
    phone: '+34 963 000 111',
    email: 'flors@cirilo.demo.regalo.test',
    description:
      'A florist in the Eixample with seasonal flowers from the farms of the Horta. Bouquets, plants and flowers by subscription.',
    commissionRate: 10,
    joinedDaysAgo: 100,
    gifts: [
      { name: 'Seasonal bouquet', description: 'A hand-tied bouquet of whatever is most beautiful this week.', price: 3500, validityDays: 90 },
      { name: 'Potted olive tree', description: 'A small olive tree in a terracotta pot, with care instructions.', price: 4500, validityDays: 180 },
      { name: 'Three months of flowers', description: 'A fresh bouquet at the start of each month, for three months.', price: 9000, validityDays: 365 },
    ],
  },
  {
    ownerEmail: 'cafe@demo.regalo.test',
    ownerName: 'Andreu Martí',
    name: 'Torrefactors Benimaclet',
    category: 'coffee_bakery',
    businessType: 'company',
    address: 'Carrer de Vicent Zaragozá 20, Benimaclet',
    phone: '+34 963 000 112',
    email: 'cafe@torrefactors.demo.regalo.test',
    description:
      'Speciality coffee roasted in the shop every Tuesday. Sit in with a flat white or take home beans ground for your coffee maker.',
    commissionRate: 9,
    joinedDaysAgo: 90,
    gifts: [
      { name: 'Coffee tasting flight', description: 'Three single-origin coffees side by side, with notes from the roaster.', price: 1800, validityDays: 180 },
      { name: 'Freshly roasted beans', description: '500 g of this week’s roast, whole or ground for you.', price: 1400, validityDays: 180 },
      { name: 'Home barista course', description: 'A two-hour course: grind, dose, extract and steam milk like a pro.', price: 4800, validityDays: 365 },
    ],
  },
  {
    ownerEmail: 'enigma@demo.regalo.test',
    ownerName: 'Carlos Ribera',
    name: 'Enigma Extramurs',
    category: 'entertainment',
    businessType: 'company',
    address: 'Carrer de Guillem de Castro 100, Extramurs',
    phone: '+34 963 000 113',
    email: 'reservas@enigma.demo.regalo.test',
    description:
      'Escape rooms set in old Valencia: a silk merchant’s secret at La Llotja and a lost map of the Túria. Sixty minutes to get out.',
    commissionRate: 11,
    joinedDaysAgo: 80,
    gifts: [
      { name: 'Escape room for up to four', description: 'One game for two to four players, any room, any day.', price: 6000, validityDays: 365 },
      { name: 'Escape room for five or six', description: 'One game for a bigger group of five or six players.', price: 8000, validityDays: 365 },
      { name: 'Junior detectives hour', description: 'A family-friendly mystery for children from eight, with an adult.', price: 4000, validityDays: 365 },
    ],
  },
  {
    ownerEmail: 'bicis@demo.regalo.test',
    ownerName: 'Teresa Mollà',
    name: 'Bicis Malva-rosa',
    category: 'services',
    businessType: 'individual',
    address: 'Passeig de Neptú 30, Malva-rosa',
    phone: '+34 963 000 114',
    email: 'rutes@bicis.demo.regalo.test',
    description:
      'Bike hire and small guided rides from the beach: the Túria gardens, the port and the rice fields of L’Albufera.',
    commissionRate: 10,
    joinedDaysAgo: 60,
    gifts: [
      { name: 'Túria gardens bike tour', description: 'A three-hour guided ride from the beach to the Ciutat de les Arts i les Ciències and back.', price: 2500, validityDays: 365 },
      { name: 'Albufera sunset ride and boat', description: 'Ride to El Palmar and take a traditional boat across the lake at sunset.', price: 4500, validityDays: 365 },
      { name: 'Day of bike hire for two', description: 'Two city bikes with locks and helmets for a whole day.', price: 2400, validityDays: 180, isAvailable: false },
    ],
  },
];

export interface DemoApplicant {
  ownerEmail: string;
  ownerName: string;
  name: string;
  category: BusinessCategory;
  businessType: BusinessType;
  address: string;
  phone: string;
  description: string;
  status: 'pending' | 'rejected';
  rejectionReason?: string;
  appliedDaysAgo: number;
}

export const demoApplicants: DemoApplicant[] = [
  {
    ownerEmail: 'pending@demo.regalo.test',
    ownerName: 'Carmen Soler',
    name: 'Xocolateria Santa Llúcia',
    category: 'coffee_bakery',
    businessType: 'individual',
    address: 'Carrer de Cadirers 4, Ciutat Vella',
    phone: '+34 963 000 121',
    description: 'Thick hot chocolate and buñuelos de calabaza, all year round, behind the Llotja.',
    status: 'pending',
    appliedDaysAgo: 2,
  },
  {
    ownerEmail: 'rejected@demo.regalo.test',
    ownerName: 'Jordi Pastor',
    name: 'Tatuatges Patraix',
    category: 'services',
    businessType: 'company',
    address: 'Carrer de Fontanars dels Alforins 11, Patraix',
    phone: '+34 963 000 122',
    description: 'Tattoo and piercing studio.',
    status: 'rejected',
    rejectionReason:
      'The tax registration document could not be read and its tax id does not match the one in the application. Please upload a clear copy and apply again.',
    appliedDaysAgo: 12,
  },
];

export interface DemoContact {
  name: string;
  phone: string | null;
  email: string | null;
  relationship: string;
  notes: string | null;
}

export const demoConsumer = {
  email: DEMO_CONSUMER_EMAIL,
  name: 'Lucía Martínez',
  phone: '+34 600 000 201',
  contacts: [
    { name: 'Carmen Martínez', phone: '+34 600 000 211', email: null, relationship: 'Mother', notes: 'Loves horchata and flowers.' },
    { name: 'Pablo Ruiz', phone: '+34 600 000 212', email: 'pablo.ruiz@example.test', relationship: 'Partner', notes: 'Anniversary on 14 June.' },
    { name: 'Marta Gómez', phone: '+34 600 000 213', email: 'marta.gomez@example.test', relationship: 'Friend', notes: null },
    { name: 'Javier Navarro', phone: null, email: 'javi.navarro@example.test', relationship: 'Brother', notes: 'Into coffee and bikes.' },
    { name: 'Elena Ortega', phone: '+34 600 000 215', email: 'elena.ortega@example.test', relationship: 'Colleague', notes: null },
    { name: 'Rosa Beltrán', phone: '+34 600 000 216', email: null, relationship: 'Grandmother', notes: 'Birthday in March.' },
  ] satisfies DemoContact[],
};

export interface DemoOrder {
  businessOwnerEmail: string;
  giftName: string;
  status: OrderStatus;
  recipientContact: string;
  personalMessage: string | null;
  /** Days before the seed ran that the order was placed. */
  placedDaysAgo: number;
  /** The recipient's language (gift page, emails); default Spanish. */
  recipientLocale?: 'en' | 'es';
}

/** Every order is sent by the demo consumer; the owner's business sees one of each status. */
export const demoOrders: DemoOrder[] = [
  { businessOwnerEmail: DEMO_OWNER_EMAIL, giftName: 'Horchata and fartons for two', status: 'paid', recipientContact: 'Carmen Martínez', personalMessage: 'Feliz santo, mamá! An horchata on me.', placedDaysAgo: 3 },
  { businessOwnerEmail: DEMO_OWNER_EMAIL, giftName: 'Summer card: ten horchatas', status: 'paid', recipientContact: 'Javier Navarro', personalMessage: 'For the long summer afternoons.', placedDaysAgo: 9, recipientLocale: 'en' },
  { businessOwnerEmail: DEMO_OWNER_EMAIL, giftName: 'Family horchata jug', status: 'redeemed', recipientContact: 'Rosa Beltrán', personalMessage: 'Per a la iaia, amb molt d’amor.', placedDaysAgo: 21 },
  { businessOwnerEmail: DEMO_OWNER_EMAIL, giftName: 'Granizado for four', status: 'unpaid', recipientContact: 'Marta Gómez', personalMessage: null, placedDaysAgo: 1 },
  { businessOwnerEmail: DEMO_OWNER_EMAIL, giftName: 'Granizado for four', status: 'expired', recipientContact: 'Elena Ortega', personalMessage: 'Thanks for covering my shift!', placedDaysAgo: 95 },
  { businessOwnerEmail: DEMO_OWNER_EMAIL, giftName: 'Horchata tasting and tiger nut story', status: 'cancelled', recipientContact: 'Pablo Ruiz', personalMessage: null, placedDaysAgo: 14 },
  { businessOwnerEmail: 'arroceria@demo.regalo.test', giftName: 'Paella valenciana for two', status: 'paid', recipientContact: 'Pablo Ruiz', personalMessage: 'Happy anniversary! Sunday paella like the first time.', placedDaysAgo: 5 },
  { businessOwnerEmail: 'ioga@demo.regalo.test', giftName: 'Sixty-minute massage', status: 'redeemed', recipientContact: 'Elena Ortega', personalMessage: 'You deserve a break.', placedDaysAgo: 40 },
  { businessOwnerEmail: 'flors@demo.regalo.test', giftName: 'Seasonal bouquet', status: 'paid', recipientContact: 'Carmen Martínez', personalMessage: null, placedDaysAgo: 2 },
];

export const demoAdmin = { email: DEMO_ADMIN_EMAIL, name: 'Regalo Team' };
