/**
 * Where the demo's jobs happen: states with TAT settings, their LGAs (as reference/locations.ts
 * spells them), streets, a point near the state's main city for GPS, and its electricity company
 * (whose bill the agents photograph).
 */
export interface DemoPlace {
  state: string;
  /** Jobs land here in proportion to this. */
  weight: number;
  lgas: readonly string[];
  streets: readonly string[];
  landmarks: readonly string[];
  centre: { lat: number; lng: number };
  disco: string;
}

export const demoPlaces: readonly DemoPlace[] = [
  {
    state: 'lagos',
    weight: 10,
    lgas: ['Ikeja', 'Eti Osa', 'Surulere', 'Lagos Mainland', 'Kosofe', 'Alimosho', 'Oshodi-Isolo'],
    streets: [
      'Allen Avenue',
      'Adeniran Ogunsanya Street',
      'Admiralty Way',
      'Herbert Macaulay Way',
      'Ogunlana Drive',
      'Awolowo Way',
      'Isaac John Street',
      'Bode Thomas Street',
      'Ikotun Road',
      'Adebola Street',
    ],
    landmarks: [
      'Opposite the Total filling station',
      'Beside the GTBank branch',
      'Near the Shoprite junction',
      'Behind the mosque',
      'Close to the bus stop',
    ],
    centre: { lat: 6.5244, lng: 3.3792 },
    disco: 'Ikeja Electric Plc',
  },
  {
    state: 'abuja',
    weight: 4,
    lgas: ['Abuja Municipal Area Council', 'Bwari', 'Gwagwalada', 'Kuje'],
    streets: [
      'Aminu Kano Crescent',
      'Adetokunbo Ademola Crescent',
      'Ahmadu Bello Way',
      'Gimbiya Street',
      'Ladoke Akintola Boulevard',
    ],
    landmarks: ['Opposite Banex Plaza', 'Near the Wuse market gate', 'Beside the police post'],
    centre: { lat: 9.0765, lng: 7.3986 },
    disco: 'Abuja Electricity Distribution Company',
  },
  {
    state: 'rivers',
    weight: 3,
    lgas: ['Port Harcourt', 'Obio/Akpor', 'Eleme'],
    streets: ['Aba Road', 'Olu Obasanjo Road', 'Trans-Amadi Road', 'Rumuola Road', 'Ikwerre Road'],
    landmarks: ['Near Garrison junction', 'Beside the Mr Biggs', 'Opposite the church'],
    centre: { lat: 4.8156, lng: 7.0498 },
    disco: 'Port Harcourt Electricity Distribution',
  },
  {
    state: 'oyo',
    weight: 3,
    lgas: ['Ibadan North', 'Ibadan North-West', 'Ibadan South-West', 'Akinyele'],
    streets: ['Ring Road', 'Bodija Road', 'Oyo Road', 'Iwo Road', 'Adeoyo Street'],
    landmarks: ['Near the UI second gate', 'Beside Cocoa House', 'Close to Bodija market'],
    centre: { lat: 7.3775, lng: 3.947 },
    disco: 'Ibadan Electricity Distribution Company',
  },
  {
    state: 'ogun',
    weight: 2,
    lgas: ['Abeokuta South', 'Abeokuta North', 'Ado-Odo/Ota'],
    streets: ['Oke-Ilewo Road', 'Lafenwa Road', 'Idiroko Road', 'Quarry Road'],
    landmarks: ['Near the Olumo Rock gate', 'Opposite the filling station'],
    centre: { lat: 7.1475, lng: 3.3619 },
    disco: 'Ibadan Electricity Distribution Company',
  },
  {
    state: 'kano',
    weight: 2,
    lgas: ['Nasarawa', 'Tarauni', 'Fagge', 'Kano Municipal'],
    streets: ['Zoo Road', 'Murtala Mohammed Way', 'Bompai Road', 'France Road'],
    landmarks: ['Near Sabon Gari market', 'Beside the Jumaat mosque'],
    centre: { lat: 12.0022, lng: 8.592 },
    disco: 'Kano Electricity Distribution Plc',
  },
  {
    state: 'enugu',
    weight: 2,
    lgas: ['Enugu North', 'Enugu South', 'Enugu East'],
    streets: ['Ogui Road', 'Okpara Avenue', 'Zik Avenue', 'Chime Avenue'],
    landmarks: ['Near Polo Park', 'Opposite the Access Bank branch'],
    centre: { lat: 6.4584, lng: 7.5464 },
    disco: 'Enugu Electricity Distribution Plc',
  },
];

export const firstNames = [
  'Adaeze',
  'Babatunde',
  'Chiamaka',
  'Olumide',
  'Ifeoma',
  'Yusuf',
  'Funmilayo',
  'Emeka',
  'Halima',
  'Segun',
  'Nneka',
  'Ibrahim',
  'Temitope',
  'Chukwudi',
  'Zainab',
  'Oluwaseun',
  'Uchenna',
  'Aisha',
  'Kehinde',
  'Obinna',
  'Hauwa',
  'Damilola',
  'Ikechukwu',
  'Bukola',
  'Musa',
  'Chinedu',
  'Folake',
  'Abdullahi',
] as const;

export const lastNames = [
  'Adebayo',
  'Okonkwo',
  'Balogun',
  'Nwosu',
  'Abubakar',
  'Ogunleye',
  'Eze',
  'Danjuma',
  'Akinola',
  'Chukwu',
  'Oyelaran',
  'Ibekwe',
  'Sule',
  'Ojo',
  'Uzor',
  'Lawal',
  'Nnamdi',
  'Fashola',
  'Bello',
  'Onyeka',
] as const;

export const businessNames = [
  'Mama Nkechi Provisions',
  'Sunrise Pharmacy Ltd',
  'Alhaji Sani & Sons Enterprises',
  'Blessed Hands Tailoring',
  'Golden Fork Restaurant',
  'Okafor Auto Spare Parts',
  'Divine Grace Supermarket',
  'Tech Hub Computers Nigeria',
  'Green Valley Agro Ventures',
  'Royal Touch Salon',
  'Iya Basira Foods',
  'Kano Textile Traders',
  'Prime Logistics Ltd',
  'Favour Building Materials',
  'New Dawn Printing Press',
  'Emerald Event Centre',
] as const;

export const products = [
  { product_name: 'Table water 75cl', brand: 'Eva' },
  { product_name: 'Vegetable oil 5L', brand: 'Power Oil' },
  { product_name: 'Semovita 1kg', brand: 'Golden Penny' },
  { product_name: 'Noodles 70g carton', brand: 'Indomie' },
  { product_name: 'Malt drink 33cl', brand: 'Maltina' },
  { product_name: 'Evaporated milk 160g', brand: 'Peak' },
  { product_name: 'Tomato paste 400g', brand: 'Gino' },
  { product_name: 'Seasoning cubes', brand: 'Maggi' },
  { product_name: 'Detergent 900g', brand: 'Ariel' },
  { product_name: 'Rice 50kg', brand: 'Mama Gold' },
] as const;
