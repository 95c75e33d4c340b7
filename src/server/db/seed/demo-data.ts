import type { BusinessCategory, BusinessType } from '@shared/domain/business';
import type { ValenciaDistrict } from '@shared/domain/valencia-districts';
import type { OrderStatus } from '@shared/domain/order-status';
import type { LocalizedTexts } from '@shared/domain/localized-text';

/**
 * The demo's content. Every business, person and phone number is made up; the streets and
 * neighbourhoods are real Valencia ones so the listing reads like the city. What businesses
 * and givers write is stored as they wrote it, in one language (the interface around it is
 * translated). Valencian businesses write in Spanish, with Valencian words and names where
 * locals use them, so that is what the demo does; the first five businesses also wrote their
 * gifts (and the arrocería its opening hours) in Valencian and English (ADR 073), so the demo
 * shows a reader each text in their language. The one gift for an English-reading recipient
 * carries an English message from the giver.
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
  /** What the recipient must know. */
  bookingRequired?: boolean;
  partySize?: number;
  validWeekdays?: number[];
  conditions?: string;
  /** Meant for two people (the catalogue's "for two" filter). */
  forTwo?: boolean;
  /** The same name and description written in other languages (ADR 073). */
  nameTranslations?: LocalizedTexts;
  descriptionTranslations?: LocalizedTexts;
  /** A gift card (ADR 108): its bounds in cents; `price` is then its minimum. */
  card?: { minAmount: number; maxAmount: number; suggestedAmounts?: number[] };
}

/**
 * A time a business publishes for its gifts that need booking (ADR 105): weekly on an ISO
 * weekday, or once, a number of days after the seed ran (counted on Madrid's calendar when
 * seeded, so a demo seeded today offers it then).
 */
export interface DemoSession {
  isoWeekday?: number;
  inDays?: number;
  /** `HH:MM`, Madrid. */
  startTime: string;
  lengthMinutes: number;
  places: number;
  /** The gifts it accepts, by name; absent: every gift of the business that needs booking. */
  gifts?: string[];
}

export interface DemoBusiness {
  ownerEmail: string;
  ownerName: string;
  name: string;
  category: BusinessCategory;
  businessType: BusinessType;
  address: string;
  /** Valencia's district the address is in (the catalogue's filter). */
  district: ValenciaDistrict;
  /**
   * Where the address is (ADR 107's "nearby" on wallet passes): the street's number placed
   * from a street map, to some tens of metres, not geocoded.
   */
  coordinates: { latitude: number; longitude: number };
  /**
   * Invoicing data (ADR 061). One business has none, so the demo shows the dashboard's task
   * and the team's notice instead of its invoice.
   */
  legalName?: string;
  fiscalAddress?: string;
  phone: string;
  email: string;
  website?: string;
  /** How recipients book (made up like the phones). */
  whatsapp?: string;
  bookingUrl?: string;
  openingHours?: string;
  openingHoursTranslations?: LocalizedTexts;
  description: string;
  commissionRate: number;
  /** Days before the seed ran that the business joined. */
  joinedDaysAgo: number;
  gifts: DemoGift[];
  /**
   * Left its payout onboarding unfinished (ADR 053): approved, but not sold until it
   * finishes, so the demo shows the dashboard's "connect payouts" state.
   */
  payoutOnboardingIncomplete?: boolean;
  /**
   * The times it publishes, made after the demo's orders were placed (the business began
   * taking bookings online since: those gifts were sold while it took them by phone).
   */
  bookingSessions?: DemoSession[];
}

export const demoOwnerBusiness: DemoBusiness = {
  ownerEmail: DEMO_OWNER_EMAIL,
  ownerName: 'Vicent Ferrer',
  name: 'Orxateria La Palmera',
  category: 'traditional_drinks',
  businessType: 'company',
  address: 'Carrer de Sant Vicent Màrtir 14, Ciutat Vella',
  coordinates: { latitude: 39.47385, longitude: -0.3764 },
  district: 'ciutat_vella',
  legalName: 'Orxateria La Palmera S.L.',
  fiscalAddress: 'Carrer de Sant Vicent Màrtir 14, 46001 València',
  phone: '+34 963 000 101',
  email: 'hola@lapalmera.demo.regalo.test',
  description:
    'Orxateria familiar desde 1952, a dos pasos de la Plaça de la Reina. Horchata hecha cada mañana con chufa de Alboraia, servida bien fresquita con fartons recién horneados.',
  commissionRate: 8,
  joinedDaysAgo: 240,
  // The tasting is guided, for a few people at a time: booked online from the gift page.
  bookingSessions: [
    { isoWeekday: 4, startTime: '18:00', lengthMinutes: 60, places: 8, gifts: ['Cata de horchata y la historia de la chufa'] },
    { isoWeekday: 6, startTime: '11:30', lengthMinutes: 60, places: 8, gifts: ['Cata de horchata y la historia de la chufa'] },
  ],
  gifts: [
    {
      name: 'Merienda de horchata y fartons para dos',
      description: 'Dos vasos grandes de horchata fresca con un plato de fartons para mojar. La merienda valenciana de toda la vida.',
      price: 950,
      validityDays: 180,
      nameTranslations: { va: 'Berenar d’orxata i fartons per a dos', en: 'Horchata and fartons for two' },
      descriptionTranslations: { va: 'Dos gots grans d’orxata fresca amb un plat de fartons per a sucar. El berenar valencià de tota la vida.', en: 'Two large glasses of fresh horchata with a plate of fartons for dipping. The classic Valencian afternoon snack.' },
      forTwo: true,
    },
    {
      name: 'Litro de horchata para la familia',
      description: 'Un litro de horchata para llevar a casa, con una docena de fartons. Para toda la familia a la vuelta de la playa.',
      price: 1450,
      validityDays: 180,
      nameTranslations: { va: 'Litre d’orxata per a la família', en: 'A litre of horchata for the family' },
      descriptionTranslations: { va: 'Un litre d’orxata per a endur-se’n a casa, amb una dotzena de fartons. Per a tota la família a la tornada de la platja.', en: 'A litre of horchata to take home, with a dozen fartons. For the whole family after a day at the beach.' },
    },
    {
      name: 'Granizados para cuatro',
      description: 'Cuatro granizados de limón o de café, con fruta de verdad y hielo picado. Lo que pide el cuerpo en agosto.',
      price: 1200,
      validityDays: 90,
      nameTranslations: { va: 'Granissats per a quatre', en: 'Slushes for four' },
      descriptionTranslations: { va: 'Quatre granissats de llima o de café, amb fruita de veritat i gel picat. El que demana el cos a l’agost.', en: 'Four lemon or coffee slushes, made with real fruit and crushed ice. Just what you need in August.' },
    },
    {
      name: 'Cata de horchata y la historia de la chufa',
      description: 'Cata guiada de horchata, leche merengada y agua de cebada, con la historia de la chufa de Alboraia.',
      price: 1800,
      validityDays: 365,
      bookingRequired: true,
      nameTranslations: { va: 'Tast d’orxata i la història de la xufa', en: 'Horchata tasting and the story of the tiger nut' },
      descriptionTranslations: { va: 'Tast guiat d’orxata, llet merengada i aigua de civada, amb la història de la xufa d’Alboraia.', en: 'A guided tasting of horchata, leche merengada and barley water, with the story of the Alboraia tiger nut.' },
    },
    {
      name: 'Bono de verano: diez horchatas',
      description: 'Diez horchatas medianas para disfrutar una a una durante todo el verano.',
      price: 3200,
      validityDays: 365,
      nameTranslations: { va: 'Bo d’estiu: deu orxates', en: 'Summer pass: ten horchatas' },
      descriptionTranslations: { va: 'Deu orxates mitjanes per a gaudir-les una a una durant tot l’estiu.', en: 'Ten medium horchatas to enjoy one at a time all summer long.' },
    },
    {
      name: 'Tarjeta regalo La Palmera',
      description: 'El importe que tú elijas para gastar por partes en la orxateria: una horchata hoy, fartons la semana que viene.',
      price: 500,
      validityDays: 365,
      card: { minAmount: 500, maxAmount: 10_000, suggestedAmounts: [1500, 2500, 5000] },
      nameTranslations: { va: 'Targeta regal La Palmera', en: 'La Palmera gift card' },
      descriptionTranslations: { va: 'L’import que tu tries per a gastar per parts en l’orxateria: una orxata hui, fartons la setmana que ve.', en: 'The amount you choose, spent in parts at the orxateria: a horchata today, fartons next week.' },
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
    coordinates: { latitude: 39.4618, longitude: -0.3742 },
    district: 'eixample',
    legalName: 'Arrocería Sueca 27 S.L.',
    fiscalAddress: 'Carrer de Sueca 27, 46006 València',
    phone: '+34 963 000 102',
    email: 'reservas@sueca27.demo.regalo.test',
    whatsapp: '+34612000102',
    openingHours: 'De martes a domingo, de 13:30 a 16:00. Viernes y sábado también de 20:30 a 23:30.',
    openingHoursTranslations: {
      va: 'De dimarts a diumenge, de 13.30 a 16.00. Divendres i dissabte també de 20.30 a 23.30.',
      en: 'Tuesday to Sunday, 13:30 to 16:00. Fridays and Saturdays also 20:30 to 23:30.',
    },
    description:
      'Arroces a leña de naranjo en pleno Russafa. Paella valenciana, arroz negro y arroz del senyoret como los hacen las abuelas de l’Horta.',
    commissionRate: 10,
    joinedDaysAgo: 210,
    // Lunch on the paella's own days (Tuesday to Friday).
    bookingSessions: [
      { isoWeekday: 3, startTime: '14:00', lengthMinutes: 120, places: 24 },
      { isoWeekday: 5, startTime: '14:00', lengthMinutes: 120, places: 24 },
    ],
    gifts: [
      {
        name: 'Paella valenciana para dos',
        description: 'Pollo, conejo, garrofó y judía verde, con su socarrat. Incluye entrante y postre.',
        price: 4800,
        validityDays: 365, nameTranslations: { va: 'Paella valenciana per a dos', en: 'Valencian paella for two' }, descriptionTranslations: { va: 'Pollastre, conill, garrofó i bajoqueta, amb el seu socarrat. Inclou entrant i postres.', en: 'Chicken, rabbit, garrofó beans and green beans, with its socarrat. Starter and dessert included.' },
        bookingRequired: true,
        partySize: 2,
        validWeekdays: [2, 3, 4, 5],
        conditions: 'No válido en festivos',
        forTwo: true,
      },
      {
        name: 'Cena de arroz negro',
        description: 'Arroz negro con sepia y allioli para dos, con una copa de vino blanco de la terreta cada uno.',
        price: 5200,
        validityDays: 365,
        nameTranslations: { va: 'Sopar d’arròs negre', en: 'Black rice dinner' },
        descriptionTranslations: { va: 'Arròs negre amb sépia i allioli per a dos, amb una copa de vi blanc de la terreta cadascú.', en: 'Black rice with cuttlefish and allioli for two, with a glass of local white wine each.' },
      },
      {
        name: 'Arroz de domingo para cuatro',
        description: 'Comida de domingo para cuatro: entrantes para compartir, el arroz que elijáis y postres caseros.',
        price: 9500,
        validityDays: 365,
        nameTranslations: { va: 'Arròs de diumenge per a quatre', en: 'Sunday rice for four' },
        descriptionTranslations: { va: 'Dinar de diumenge per a quatre: entrants per a compartir, l’arròs que trieu i postres casolanes.', en: 'Sunday lunch for four: starters to share, the rice dish of your choice and homemade desserts.' },
      },
      {
        name: 'Maridaje con vino',
        description: 'Una botella de vino D.O. Valencia elegida por nuestro sumiller para acompañar el arroz.',
        price: 2200,
        validityDays: 180,
        nameTranslations: { va: 'Maridatge amb vi', en: 'Wine pairing' },
        descriptionTranslations: { va: 'Una botella de vi D.O. València triada pel nostre sommelier per a acompanyar l’arròs.', en: 'A bottle of D.O. Valencia wine chosen by our sommelier to go with the rice.' },
      },
      {
        name: 'Tarjeta regalo Arrocería Sueca 27',
        description: 'Un importe a tu elección para comer arroz en Ruzafa, en una o en varias visitas.',
        price: 2000,
        validityDays: 365,
        card: { minAmount: 2000, maxAmount: 30_000, suggestedAmounts: [5000, 10_000] },
      },
    ],
  },
  {
    ownerEmail: 'forn@demo.regalo.test',
    ownerName: 'Josep Miralles',
    name: 'Forn de Cavallers',
    category: 'coffee_bakery',
    businessType: 'individual',
    address: 'Carrer dels Cavallers 9, El Carme',
    coordinates: { latitude: 39.4768, longitude: -0.3772 },
    district: 'ciutat_vella',
    legalName: 'Josep Miralles',
    fiscalAddress: 'Carrer dels Cavallers 9, 46003 València',
    phone: '+34 963 000 103',
    email: 'forn@cavallers.demo.regalo.test',
    description:
      'Horno de leña en El Carme. Pan de masa madre, coca de llanda, pastissets de moniato y el mejor café de la calle.',
    commissionRate: 9,
    joinedDaysAgo: 190,
    gifts: [
      {
        name: 'Coca de llanda y café',
        description: 'Un buen trozo de nuestra coca de llanda de limón con un café con leche.',
        price: 650,
        validityDays: 90,
        nameTranslations: { va: 'Coca de llanda i café', en: 'Coca de llanda and coffee' },
        descriptionTranslations: { va: 'Un bon tros de la nostra coca de llanda de llima amb un café amb llet.', en: 'A generous slice of our lemon coca de llanda with a milky coffee.' },
      },
      {
        name: 'Esmorzaret para dos',
        description: 'Dos cafés, zumo de naranja recién exprimido y una tostada con tomate y aceite para cada uno.',
        price: 1400,
        validityDays: 180,
        nameTranslations: { va: 'Esmorzaret per a dos', en: 'Breakfast for two' },
        descriptionTranslations: { va: 'Dos cafés, suc de taronja acabat d’esprémer i una torrada amb tomaca i oli per a cadascú.', en: 'Two coffees, freshly squeezed orange juice and toast with tomato and olive oil for each of you.' },
        forTwo: true,
      },
      {
        name: 'Caja de doce pastissets',
        description: 'Doce pastissets de moniato horneados esa misma mañana, en caja de regalo.',
        price: 1800,
        validityDays: 90,
        nameTranslations: { va: 'Capsa de dotze pastissets', en: 'A box of twelve pastissets' },
        descriptionTranslations: { va: 'Dotze pastissets de moniato fets al forn eixe mateix matí, en capsa de regal.', en: 'Twelve sweet potato pastissets baked that same morning, in a gift box.' },
      },
      {
        name: 'Un mes de pan',
        description: 'Una hogaza de masa madre a la semana durante cuatro semanas, para recoger en el horno.',
        price: 3500,
        validityDays: 120,
        nameTranslations: { va: 'Un mes de pa', en: 'A month of bread' },
        descriptionTranslations: { va: 'Un pa de massa mare a la setmana durant quatre setmanes, per a arreplegar-lo al forn.', en: 'A sourdough loaf a week for four weeks, to collect at the bakery.' },
      },
      {
        name: 'Tarjeta regalo del Forn',
        description: 'Pan, cocas y pasteles por el importe que elijas, gastado poco a poco.',
        price: 500,
        validityDays: 730,
        card: { minAmount: 500, maxAmount: 5000 },
      },
    ],
  },
  {
    ownerEmail: 'ceramica@demo.regalo.test',
    ownerName: 'Inmaculada Bosch',
    payoutOnboardingIncomplete: true,
    name: 'Taller Blau de Manises',
    category: 'artisan_workshop',
    businessType: 'individual',
    address: 'Carrer del Doctor Sumsi 12, Russafa',
    coordinates: { latitude: 39.4629, longitude: -0.373 },
    district: 'eixample',
    legalName: 'Inmaculada Bosch',
    fiscalAddress: 'Carrer del Doctor Sumsi 12, 46006 València',
    phone: '+34 963 000 104',
    email: 'taller@blau.demo.regalo.test',
    description:
      'Taller de cerámica que sigue la tradición azul y blanca de Manises. Grupos pequeños, tornos de verdad y piezas que cocemos para que te las lleves a casa.',
    commissionRate: 12,
    joinedDaysAgo: 170,
    gifts: [
      {
        name: 'Primera clase de torno',
        description: 'Dos horas al torno con una ceramista. Haz un cuenco o una taza; nosotros la cocemos y la esmaltamos.',
        price: 4500,
        validityDays: 365,
        nameTranslations: { va: 'Primera classe de torn', en: 'First pottery wheel class' },
        descriptionTranslations: { va: 'Dues hores al torn amb una ceramista. Fes un bol o una tassa; nosaltres la coem i l’esmaltem.', en: 'Two hours at the wheel with a potter. Make a bowl or a cup; we fire and glaze it for you.' },
      },
      {
        name: 'Pinta tu propio azulejo',
        description: 'Pinta un azulejo valenciano tradicional en azul cobalto; te lo damos enmarcado y listo para colgar.',
        price: 2800,
        validityDays: 365,
        nameTranslations: { va: 'Pinta el teu propi taulell', en: 'Paint your own tile' },
        descriptionTranslations: { va: 'Pinta un taulell valencià tradicional en blau cobalt; te’l donem emmarcat i a punt per a penjar.', en: 'Paint a traditional Valencian tile in cobalt blue; we give it back framed and ready to hang.' },
      },
      {
        name: 'Tarde de cerámica en pareja',
        description: 'Una clase de tarde para dos con vino y música. Cada uno se lleva su propia pieza.',
        price: 8500,
        validityDays: 365,
        nameTranslations: { va: 'Vesprada de ceràmica en parella', en: 'Pottery evening for two' },
        descriptionTranslations: { va: 'Una classe de vesprada per a dos amb vi i música. Cadascú s’emporta la seua peça.', en: 'An evening class for two with wine and music. Each of you takes home your own piece.' },
        forTwo: true,
      },
    ],
  },
  {
    ownerEmail: 'tast@demo.regalo.test',
    ownerName: 'Raquel Sanchis',
    name: 'Tast del Mercat',
    category: 'food_experience',
    businessType: 'company',
    address: 'Plaça de la Ciutat de Bruges 3, Ciutat Vella',
    coordinates: { latitude: 39.4736, longitude: -0.379 },
    district: 'ciutat_vella',
    legalName: 'Tast del Mercat S.L.',
    fiscalAddress: 'Plaça de la Ciutat de Bruges 3, 46001 València',
    phone: '+34 963 000 105',
    email: 'hola@tastdelmercat.demo.regalo.test',
    description:
      'Rutas gastronómicas por el Mercat Central y clases de cocina en nuestra cocina, al otro lado de la plaza. Prueba, compra con nosotros y cocina como en casa.',
    commissionRate: 12,
    joinedDaysAgo: 160,
    // Its next cooking class is 45 days away: no time within 30 days, so the class is not on
    // sale and the gift already sold shows the way out (ADR 105).
    bookingSessions: [{ inDays: 45, startTime: '10:00', lengthMinutes: 180, places: 8, gifts: ['Clase de cocina: paella'] }],
    gifts: [
      {
        name: 'Ruta de degustación por el Mercat Central',
        description: 'Dos horas entre puestos: jamón, quesos, olivas, horchata y fruta de temporada.',
        price: 5500,
        validityDays: 365,
        nameTranslations: { va: 'Ruta de tast pel Mercat Central', en: 'Tasting tour of the Mercat Central' },
        descriptionTranslations: { va: 'Dues hores entre parades: pernil, formatges, olives, orxata i fruita de temporada.', en: 'Two hours among the stalls: ham, cheeses, olives, horchata and seasonal fruit.' },
      },
      {
        name: 'Clase de cocina: paella',
        description: 'Compra en el mercado con una cocinera y después prepara y come tu propia paella valenciana.',
        price: 6500,
        validityDays: 365,
        bookingRequired: true,
        nameTranslations: { va: 'Classe de cuina: paella', en: 'Cooking class: paella' },
        descriptionTranslations: { va: 'Compra al mercat amb una cuinera i després prepara i menja la teua pròpia paella valenciana.', en: 'Shop at the market with a cook, then make and eat your own Valencian paella.' },
      },
      {
        name: 'Noche de vinos y quesos valencianos',
        description: 'Seis vinos de aquí con seis quesos de la Comunitat, explicados por nuestro sumiller.',
        price: 4200,
        validityDays: 365,
        nameTranslations: { va: 'Nit de vins i formatges valencians', en: 'Valencian wine and cheese evening' },
        descriptionTranslations: { va: 'Sis vins d’ací amb sis formatges de la Comunitat, explicats pel nostre sommelier.', en: 'Six local wines with six cheeses from the region, explained by our sommelier.' },
      },
    ],
  },
  {
    ownerEmail: 'llibreria@demo.regalo.test',
    ownerName: 'Marc Escrivà',
    name: "Llibreria L'Ombra",
    category: 'retail',
    businessType: 'individual',
    address: 'Carrer de la Pau 18, Ciutat Vella',
    coordinates: { latitude: 39.4737, longitude: -0.3733 },
    district: 'ciutat_vella',
    legalName: 'Marc Escrivà',
    fiscalAddress: 'Carrer de la Pau 18, 46001 València',
    phone: '+34 963 000 106',
    email: 'llibres@lombra.demo.regalo.test',
    description:
      'Librería independiente con rincón de lectura y gato. Libros en castellano, valenciano e inglés, y recomendaciones que no te dará ningún algoritmo.',
    commissionRate: 8,
    joinedDaysAgo: 150,
    gifts: [
      { name: 'Vale para libros', description: 'Elige cualquier libro de la tienda hasta este importe, con una recomendación personal si la quieres.', price: 2500, validityDays: 365 },
      { name: 'Tres meses de club de lectura', description: 'Un libro al mes elegido para ti y tu sitio en la tertulia mensual del club.', price: 4500, validityDays: 365 },
      { name: 'Lote de autores valencianos', description: 'Tres novelas valencianas imprescindibles, envueltas con un punto de libro de una ilustradora local.', price: 3500, validityDays: 180 },
    ],
  },
  {
    ownerEmail: 'bellesa@demo.regalo.test',
    ownerName: 'Lorena Peris',
    name: 'Estudi Bellesa Benimaclet',
    category: 'services',
    businessType: 'individual',
    address: 'Carrer de Murta 8, Benimaclet',
    coordinates: { latitude: 39.486, longitude: -0.3588 },
    district: 'benimaclet',
    legalName: 'Lorena Peris',
    fiscalAddress: 'Carrer de Murta 8, 46020 València',
    phone: '+34 963 000 107',
    email: 'cita@estudibellesa.demo.regalo.test',
    description:
      'Estudio de belleza tranquilo en el casco antiguo de Benimaclet. Productos naturales, citas sin prisas y un té mientras esperas.',
    commissionRate: 10,
    joinedDaysAgo: 140,
    gifts: [
      { name: 'Corte y peinado', description: 'Lavado, corte y peinado con nuestra estilista senior.', price: 3000, validityDays: 180 },
      { name: 'Manicura con esmalte natural', description: 'Manicura completa con esmalte vegano de larga duración.', price: 2500, validityDays: 180 },
      { name: 'Facial relajante', description: 'Sesenta minutos de limpieza, masaje y una mascarilla adaptada a tu piel.', price: 5500, validityDays: 365 },
    ],
  },
  {
    ownerEmail: 'teatre@demo.regalo.test',
    ownerName: 'Sergi Tormo',
    name: 'Teatre Petit de Quart',
    category: 'entertainment',
    businessType: 'cooperative',
    address: 'Carrer de Quart 22, El Carme',
    coordinates: { latitude: 39.4761, longitude: -0.3816 },
    district: 'ciutat_vella',
    legalName: 'Teatre Petit de Quart, Coop. V.',
    fiscalAddress: 'Carrer de Quart 22, 46003 València',
    phone: '+34 963 000 108',
    email: 'entrades@teatrepetit.demo.regalo.test',
    description:
      'Un teatro de setenta butacas junto a las Torres de Quart. Comedia, noches de flamenco y títeres para los peques los fines de semana.',
    commissionRate: 10,
    joinedDaysAgo: 130,
    gifts: [
      { name: 'Dos entradas para cualquier función', description: 'Dos butacas para cualquier función de la temporada, el día que elijáis.', price: 3600, validityDays: 365 },
      { name: 'Noche de flamenco con consumición', description: 'Flamenco en directo para dos, con una copa de vino o un vermú cada uno.', price: 4200, validityDays: 365 },
      { name: 'Títeres en familia', description: 'Función de títeres del domingo por la mañana para dos adultos y dos niños.', price: 2400, validityDays: 365 },
    ],
  },
  {
    ownerEmail: 'ioga@demo.regalo.test',
    ownerName: 'Núria Alberola',
    name: 'Ioga Túria',
    category: 'health',
    businessType: 'individual',
    address: 'Avinguda de Blasco Ibáñez 45, Algirós',
    coordinates: { latitude: 39.4764, longitude: -0.3583 },
    district: 'algiros',
    legalName: 'Núria Alberola',
    fiscalAddress: 'Avinguda de Blasco Ibáñez 45, 46021 València',
    phone: '+34 963 000 109',
    email: 'hola@iogaturia.demo.regalo.test',
    description:
      'Estudio luminoso de yoga y masaje junto al jardín del Túria. Clases para todos los niveles, en castellano e inglés, y sesiones al atardecer en el parque.',
    commissionRate: 10,
    joinedDaysAgo: 120,
    gifts: [
      { name: 'Clase suelta de yoga', description: 'Una clase a elegir: hatha, vinyasa o yin. Ponemos las esterillas.', price: 1500, validityDays: 90 },
      { name: 'Bono de cinco clases', description: 'Cinco clases para usar en tres meses.', price: 6000, validityDays: 120 },
      { name: 'Yoga al atardecer en el Túria', description: 'Una sesión de noventa minutos en el jardín mientras se pone el sol.', price: 2000, validityDays: 180 },
      { name: 'Masaje de sesenta minutos', description: 'Masaje relajante o descontracturante con una terapeuta titulada.', price: 5500, validityDays: 365 },
    ],
  },
  {
    ownerEmail: 'vins@demo.regalo.test',
    ownerName: 'Paco Giner',
    name: 'Vins i Formatges del Cabanyal',
    category: 'retail',
    businessType: 'company',
    address: 'Carrer de la Reina 85, El Cabanyal',
    coordinates: { latitude: 39.4688, longitude: -0.329 },
    district: 'poblats_maritims',
    legalName: 'Vins i Formatges del Cabanyal S.L.',
    fiscalAddress: 'Carrer de la Reina 85, 46011 València',
    phone: '+34 963 000 110',
    email: 'botiga@vinscabanyal.demo.regalo.test',
    description:
      'Tienda de barrio de vinos y quesos de pequeños productores, a dos calles de la playa. Catas los viernes por la tarde.',
    commissionRate: 9,
    joinedDaysAgo: 110,
    gifts: [
      { name: 'Tabla de quesos para dos', description: 'Cuatro quesos de aquí con membrillo, frutos secos y pan, para tomar en la tienda con una copa de vino.', price: 2800, validityDays: 180, forTwo: true },
      { name: 'Tres botellas de vino valenciano', description: 'Un tinto, un blanco y un rosado de las D.O. Valencia y Utiel-Requena, elegidos para ti.', price: 4500, validityDays: 365 },
      { name: 'Lote para la hora del vermú', description: 'Una botella de vermú valenciano, olivas y anchoas para un vermú de domingo como Dios manda.', price: 2200, validityDays: 180 },
    ],
  },
  {
    ownerEmail: 'flors@demo.regalo.test',
    ownerName: 'Elena Císcar',
    name: 'Flors de Cirilo',
    category: 'other',
    businessType: 'individual',
    address: 'Carrer de Cirilo Amorós 30, Eixample',
    coordinates: { latitude: 39.4679, longitude: -0.3709 },
    district: 'eixample',
    legalName: 'Elena Císcar',
    fiscalAddress: 'Carrer de Cirilo Amorós 30, 46004 València',
    phone: '+34 963 000 111',
    email: 'flors@cirilo.demo.regalo.test',
    description:
      'Floristería en l’Eixample con flores de temporada de los campos de l’Horta. Ramos, plantas y flores por suscripción.',
    commissionRate: 10,
    joinedDaysAgo: 100,
    gifts: [
      { name: 'Ramo de temporada', description: 'Un ramo atado a mano con lo más bonito de la semana.', price: 3500, validityDays: 90 },
      { name: 'Olivo en maceta', description: 'Un olivo pequeño en maceta de barro, con instrucciones de cuidado.', price: 4500, validityDays: 180 },
      { name: 'Tres meses de flores', description: 'Un ramo fresco a principios de cada mes, durante tres meses.', price: 9000, validityDays: 365 },
    ],
  },
  {
    ownerEmail: 'cafe@demo.regalo.test',
    ownerName: 'Andreu Martí',
    name: 'Torrefactors Benimaclet',
    category: 'coffee_bakery',
    businessType: 'company',
    address: 'Carrer de Vicent Zaragozá 20, Benimaclet',
    coordinates: { latitude: 39.4856, longitude: -0.3575 },
    district: 'benimaclet',
    legalName: 'Torrefactors Benimaclet S.L.',
    fiscalAddress: 'Carrer de Vicent Zaragozá 20, 46020 València',
    phone: '+34 963 000 112',
    email: 'cafe@torrefactors.demo.regalo.test',
    description:
      'Café de especialidad tostado en la tienda cada martes. Tómate un flat white aquí o llévate el café molido para tu cafetera.',
    commissionRate: 9,
    joinedDaysAgo: 90,
    gifts: [
      { name: 'Cata de tres cafés', description: 'Tres cafés de origen único, uno al lado del otro, con las notas del tostador.', price: 1800, validityDays: 180 },
      { name: 'Café recién tostado', description: '500 g del tueste de esta semana, en grano o molido a tu gusto.', price: 1400, validityDays: 180 },
      { name: 'Curso de barista en casa', description: 'Curso de dos horas: moler, dosificar, extraer y montar la leche como un profesional.', price: 4800, validityDays: 365 },
    ],
  },
  {
    ownerEmail: 'enigma@demo.regalo.test',
    ownerName: 'Carlos Ribera',
    name: 'Enigma Extramurs',
    category: 'entertainment',
    businessType: 'company',
    address: 'Carrer de Guillem de Castro 100, Extramurs',
    coordinates: { latitude: 39.4721, longitude: -0.3852 },
    district: 'extramurs',
    legalName: 'Enigma Extramurs S.L.',
    fiscalAddress: 'Carrer de Guillem de Castro 100, 46008 València',
    phone: '+34 963 000 113',
    email: 'reservas@enigma.demo.regalo.test',
    description:
      'Salas de escape ambientadas en la Valencia antigua: el secreto de un mercader de seda en La Llotja y un mapa perdido del Túria. Sesenta minutos para salir.',
    commissionRate: 11,
    joinedDaysAgo: 80,
    gifts: [
      { name: 'Sala de escape hasta cuatro personas', description: 'Una partida para dos a cuatro jugadores, en la sala y el día que queráis.', price: 6000, validityDays: 365 },
      { name: 'Sala de escape para cinco o seis', description: 'Una partida para un grupo más grande, de cinco o seis jugadores.', price: 8000, validityDays: 365 },
      { name: 'Hora de detectives júnior', description: 'Un misterio en familia para peques a partir de ocho años, con un adulto.', price: 4000, validityDays: 365 },
    ],
  },
  {
    ownerEmail: 'bicis@demo.regalo.test',
    ownerName: 'Teresa Mollà',
    name: 'Bicis Malva-rosa',
    category: 'services',
    businessType: 'individual',
    address: 'Passeig de Neptú 30, Malva-rosa',
    coordinates: { latitude: 39.4645, longitude: -0.3242 },
    district: 'poblats_maritims',
    phone: '+34 963 000 114',
    email: 'rutes@bicis.demo.regalo.test',
    description:
      'Alquiler de bicis y rutas guiadas en grupos pequeños desde la playa: el jardín del Túria, el puerto y los arrozales de l’Albufera.',
    commissionRate: 10,
    joinedDaysAgo: 60,
    gifts: [
      { name: 'Ruta en bici por el jardín del Túria', description: 'Tres horas de ruta guiada desde la playa hasta la Ciutat de les Arts i les Ciències y vuelta.', price: 2500, validityDays: 365 },
      { name: 'Albufera al atardecer: bici y barca', description: 'Pedalea hasta El Palmar y cruza el lago en barca tradicional a la puesta de sol.', price: 4500, validityDays: 365 },
      { name: 'Un día de bici para dos', description: 'Dos bicis de ciudad con candado y casco durante un día entero.', price: 2400, validityDays: 180, forTwo: true, isAvailable: false },
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
  district: ValenciaDistrict;
  coordinates: { latitude: number; longitude: number };
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
    coordinates: { latitude: 39.4756, longitude: -0.3778 },
    district: 'ciutat_vella',
    phone: '+34 963 000 121',
    description: 'Chocolate a la taza y buñuelos de calabaza todo el año, detrás de la Llotja.',
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
    coordinates: { latitude: 39.46, longitude: -0.394 },
    district: 'patraix',
    phone: '+34 963 000 122',
    description: 'Estudio de tatuaje y piercing.',
    status: 'rejected',
    rejectionReason:
      'El documento de alta censal no se puede leer y su NIF no coincide con el de la solicitud. Sube una copia legible y vuelve a presentar la solicitud.',
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
    { name: 'Carmen Martínez', phone: '+34 600 000 211', email: null, relationship: 'Madre', notes: 'Le encantan la horchata y las flores.' },
    { name: 'Pablo Ruiz', phone: '+34 600 000 212', email: 'pablo.ruiz@example.test', relationship: 'Pareja', notes: 'Aniversario el 14 de junio.' },
    { name: 'Marta Gómez', phone: '+34 600 000 213', email: 'marta.gomez@example.test', relationship: 'Amiga', notes: null },
    { name: 'Javier Navarro', phone: null, email: 'javi.navarro@example.test', relationship: 'Hermano', notes: 'Le van el café y las bicis. Vive en Dublín.' },
    { name: 'Elena Ortega', phone: '+34 600 000 215', email: 'elena.ortega@example.test', relationship: 'Compañera de trabajo', notes: null },
    { name: 'Rosa Beltrán', phone: '+34 600 000 216', email: null, relationship: 'Abuela', notes: 'Cumple en marzo.' },
  ] satisfies DemoContact[],
};

export interface DemoOrder {
  businessOwnerEmail: string;
  giftName: string;
  status: OrderStatus;
  recipientContact: string;
  personalMessage: string | null;
  /**
   * Days before the seed ran that the order was placed, or `mid-last-month` (the 15th of the
   * month before the seed's, in Madrid), so the demo always has last month's commission
   * invoice whatever day it is seeded on (ADR 061).
   */
  placedDaysAgo: number | 'mid-last-month';
  /** The recipient's language (gift page, emails); default Spanish. */
  recipientLocale?: 'en' | 'es';
  /**
   * A gift card (ADR 104, 108): the amount bought, and its uses at the counter so far, each
   * `afterDays` days after the payment (the first brings the business's transfer forward).
   */
  card?: { amountCents: number; uses: { afterDays: number; amountCents: number }[] };
}

/** Every order is sent by the demo consumer; the owner's business sees one of each status. */
export const demoOrders: DemoOrder[] = [
  { businessOwnerEmail: DEMO_OWNER_EMAIL, giftName: 'Merienda de horchata y fartons para dos', status: 'paid', recipientContact: 'Carmen Martínez', personalMessage: '¡Feliz santo, mamá! La horchata corre de mi cuenta.', placedDaysAgo: 3 },
  { businessOwnerEmail: DEMO_OWNER_EMAIL, giftName: 'Bono de verano: diez horchatas', status: 'paid', recipientContact: 'Javier Navarro', personalMessage: 'For the long summer afternoons.', placedDaysAgo: 9, recipientLocale: 'en' },
  { businessOwnerEmail: DEMO_OWNER_EMAIL, giftName: 'Litro de horchata para la familia', status: 'redeemed', recipientContact: 'Rosa Beltrán', personalMessage: 'Per a la iaia, amb molt d’amor.', placedDaysAgo: 21 },
  { businessOwnerEmail: DEMO_OWNER_EMAIL, giftName: 'Granizados para cuatro', status: 'unpaid', recipientContact: 'Marta Gómez', personalMessage: null, placedDaysAgo: 1 },
  { businessOwnerEmail: DEMO_OWNER_EMAIL, giftName: 'Granizados para cuatro', status: 'expired', recipientContact: 'Elena Ortega', personalMessage: '¡Gracias por cubrirme el turno!', placedDaysAgo: 95 },
  { businessOwnerEmail: DEMO_OWNER_EMAIL, giftName: 'Cata de horchata y la historia de la chufa', status: 'cancelled', recipientContact: 'Pablo Ruiz', personalMessage: null, placedDaysAgo: 14 },
  { businessOwnerEmail: DEMO_OWNER_EMAIL, giftName: 'Cata de horchata y la historia de la chufa', status: 'withdrawn', recipientContact: 'Marta Gómez', personalMessage: null, placedDaysAgo: 3 },
  { businessOwnerEmail: 'arroceria@demo.regalo.test', giftName: 'Paella valenciana para dos', status: 'paid', recipientContact: 'Pablo Ruiz', personalMessage: '¡Feliz aniversario! Paella de domingo, como la primera vez.', placedDaysAgo: 5 },
  { businessOwnerEmail: 'ioga@demo.regalo.test', giftName: 'Masaje de sesenta minutos', status: 'redeemed', recipientContact: 'Elena Ortega', personalMessage: 'Te mereces un descanso.', placedDaysAgo: 40 },
  { businessOwnerEmail: 'flors@demo.regalo.test', giftName: 'Ramo de temporada', status: 'paid', recipientContact: 'Carmen Martínez', personalMessage: null, placedDaysAgo: 2 },
  // Gifts that need booking: one booked below (demoBookings), one at a business with no time soon.
  { businessOwnerEmail: DEMO_OWNER_EMAIL, giftName: 'Cata de horchata y la historia de la chufa', status: 'paid', recipientContact: 'Elena Ortega', personalMessage: 'Para la más curiosa de la oficina.', placedDaysAgo: 6 },
  { businessOwnerEmail: 'tast@demo.regalo.test', giftName: 'Clase de cocina: paella', status: 'paid', recipientContact: 'Marta Gómez', personalMessage: '¡A ver esa paella!', placedDaysAgo: 12 },
  // Last: the seed's order keys are by position, so a new order goes at the end.
  { businessOwnerEmail: DEMO_OWNER_EMAIL, giftName: 'Cata de horchata y la historia de la chufa', status: 'redeemed', recipientContact: 'Rosa Beltrán', personalMessage: 'Para que conozcas la chufa de cerca.', placedDaysAgo: 'mid-last-month' },
  // A gift card already spent in part: 50 € bought, 18,40 € and 10 € spent, 21,60 € left.
  {
    businessOwnerEmail: DEMO_OWNER_EMAIL,
    giftName: 'Tarjeta regalo La Palmera',
    status: 'paid',
    recipientContact: 'Javier Navarro',
    personalMessage: 'Para tus horchatas de los sábados.',
    placedDaysAgo: 20,
    card: { amountCents: 5000, uses: [{ afterDays: 2, amountCents: 1840 }, { afterDays: 6, amountCents: 1000 }] },
  },
];

/**
 * Paid demo gifts the recipients booked from the gift page (ADR 105), each on the first
 * free time at least `fromDays` days after the seed ran, by the demo's clock.
 */
export interface DemoBooking {
  businessOwnerEmail: string;
  giftName: string;
  recipientContact: string;
  partySize?: number;
  notes?: string;
  fromDays: number;
}

export const demoBookings: DemoBooking[] = [
  { businessOwnerEmail: 'arroceria@demo.regalo.test', giftName: 'Paella valenciana para dos', recipientContact: 'Pablo Ruiz', notes: 'Mesa en la terraza si puede ser.', fromDays: 2 },
  { businessOwnerEmail: DEMO_OWNER_EMAIL, giftName: 'Cata de horchata y la historia de la chufa', recipientContact: 'Elena Ortega', partySize: 2, fromDays: 1 },
];

export const demoAdmin = { email: DEMO_ADMIN_EMAIL, name: 'Equipo Regalo' };
