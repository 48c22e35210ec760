/**
 * The demo menus' translations (docs/architecture.md#languages): each a dictionary from the
 * venue's own words to another language's, applied to the tagline and every category, dish,
 * option group and option whose words it has. Words it lacks stay untranslated (the menu then
 * shows the venue's own, marked with its `lang`).
 */
import type { Venue } from '../../../src/contract/venue.ts';
import type { Translations } from '../../../src/contract/languages.ts';

type Dictionary = Readonly<Record<string, string>>;

function add(
  translations: Translations | undefined,
  lang: string,
  words: Record<string, string | undefined>,
): Translations | undefined {
  const found = Object.fromEntries(
    Object.entries(words).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  if (Object.keys(found).length === 0) return translations;
  return { ...translations, [lang]: { ...translations?.[lang], ...found } };
}

function item<T extends { name: string; description?: string; translations?: Translations }>(
  it: T,
  lang: string,
  dict: Dictionary,
): T {
  const translations = add(it.translations, lang, {
    name: dict[it.name],
    description: it.description ? dict[it.description] : undefined,
  });
  return translations ? { ...it, translations } : it;
}

/** The venue with `lang` added to its languages and its words translated where `dict` has them. */
export function withTranslation(venue: Venue, lang: string, dict: Dictionary): Venue {
  const own = venue.languages ?? [venue.locale.split('-')[0]!];
  const translations = add(venue.translations, lang, { tagline: dict[venue.tagline] });
  return {
    ...venue,
    languages: own.includes(lang) ? own : [...own, lang],
    ...(translations ? { translations } : {}),
    categories: venue.categories.map((category) => ({
      ...item(category, lang, dict),
      products: category.products.map((product) => ({
        ...item(product, lang, dict),
        // A set menu's steps are translated like any of its words (src/contract/set-menu.ts).
        ...(product.courses ? { courses: product.courses.map((course) => item(course, lang, dict)) } : {}),
        optionGroups: product.optionGroups.map((group) => ({
          ...item(group, lang, dict),
          options: group.options.map((option) => item(option, lang, dict)),
        })),
      })),
    })),
  };
}

export const TAQUERIA_EN: Dictionary = {
  'Tacos al pastor de trompo desde 1987, abiertos a toda hora':
    'Spit-roasted al pastor tacos since 1987, open around the clock',
  Tacos: 'Tacos',
  'Tortillas hechas a mano en el comal.': 'Tortillas made by hand on the griddle.',
  'Tacos al pastor': 'Al pastor tacos',
  'Cerdo adobado en trompo con piña, cebolla y cilantro.':
    'Marinated pork from the spit with pineapple, onion and coriander.',
  Cantidad: 'How many',
  'Orden de 3': 'Three tacos',
  'Orden de 5': 'Five tacos',
  Tortilla: 'Tortilla',
  Maíz: 'Corn',
  Harina: 'Flour',
  Salsas: 'Salsas',
  Verde: 'Green',
  Roja: 'Red',
  Habanero: 'Habanero',
  Morita: 'Morita',
  Extras: 'Extras',
  'Queso gratinado': 'Melted cheese',
  Aguacate: 'Avocado',
  'Cebollitas asadas': 'Grilled spring onions',
  Piña: 'Pineapple',
  'Tacos de suadero': 'Suadero tacos',
  'Suadero confitado en su jugo, dorado en la plancha.':
    'Beef brisket slow-cooked in its own fat, crisped on the griddle.',
  'Tacos de bistec': 'Steak tacos',
  'Bistec de res a la plancha con cebolla asada.': 'Griddled beef steak with grilled onion.',
  'Tacos campechanos': 'Campechano tacos',
  'Bistec, longaniza y chicharrón, todo junto.': 'Steak, sausage and crackling, all in one.',
  'Tacos de carnitas': 'Carnitas tacos',
  'Carnitas estilo Michoacán, maciza o surtida.': 'Michoacán-style braised pork, lean or mixed cuts.',
  'Tacos de lengua': 'Beef tongue tacos',
  'Lengua de res cocida lentamente y picada fina.': 'Slow-cooked beef tongue, finely chopped.',
  'Tacos de tripa': 'Tripe tacos',
  'Tripa dorada y crujiente, como en la calle.': 'Golden, crispy tripe, the street-stall way.',
  'Tacos de hongos al ajillo': 'Garlic mushroom tacos',
  'Champiñones y setas con ajo, epazote y chile guajillo.':
    'Button and wild mushrooms with garlic, epazote and guajillo chilli.',
  'Tacos de nopales': 'Cactus tacos',
  'Nopal asado con frijoles, queso fresco y pico de gallo.':
    'Grilled cactus paddle with beans, fresh cheese and pico de gallo.',
  'Tacos de pescado estilo Ensenada': 'Ensenada-style fish tacos',
  'Pescado capeado con col, crema de chipotle y limón.': 'Battered fish with cabbage, chipotle cream and lime.',
  'Gringas y quesadillas': 'Gringas and quesadillas',
  'Gringa al pastor': 'Al pastor gringa',
  'Tortilla de harina con queso fundido y pastor.': 'Flour tortilla with melted cheese and al pastor pork.',
  'Quesadilla de flor de calabaza': 'Squash blossom quesadilla',
  'Tortilla de maíz azul, quesillo de Oaxaca y flor de calabaza.':
    'Blue corn tortilla, Oaxaca cheese and squash blossoms.',
  'Quesadilla de huitlacoche': 'Huitlacoche quesadilla',
  'Huitlacoche guisado con epazote y quesillo.': 'Stewed corn truffle with epazote and Oaxaca cheese.',
  'Volcán de chorizo': 'Chorizo volcán',
  'Tostada con queso gratinado y chorizo de la casa.': 'Crisp tostada with melted cheese and house chorizo.',
  Tortas: 'Tortas',
  'Torta de milanesa': 'Milanesa torta',
  'Telera con milanesa de res, frijoles, aguacate, jalapeños y quesillo.':
    'Telera roll with breaded beef, beans, avocado, jalapeños and Oaxaca cheese.',
  Picante: 'Heat',
  'Con jalapeños': 'With jalapeños',
  'Sin picante': 'Not spicy',
  'Torta ahogada': 'Torta ahogada',
  'Birote con carnitas bañado en salsa de jitomate y chile de árbol.':
    'Birote roll with carnitas, drowned in tomato and chile de árbol sauce.',
  'Torta cubana': 'Cubana torta',
  'Pierna, milanesa, salchicha, huevo y queso de puerco: la más grande.':
    'Roast pork leg, breaded steak, frankfurter, egg and head cheese: our biggest.',
  Antojitos: 'Snacks',
  'Guacamole con totopos': 'Guacamole with tortilla chips',
  'Aguacate machacado al momento con chile serrano y limón.': 'Avocado mashed to order with serrano chilli and lime.',
  Esquites: 'Esquites',
  'Granos de elote con epazote, mayonesa, queso y chile piquín.':
    'Corn kernels with epazote, mayonnaise, cheese and piquín chilli.',
  Tamaño: 'Size',
  Chico: 'Small',
  Grande: 'Large',
  Mediano: 'Medium',
  'Frijoles charros': 'Charro beans',
  'Frijol bayo con tocino, chorizo y chile serrano.': 'Bayo beans with bacon, chorizo and serrano chilli.',
  'Sopa de tortilla': 'Tortilla soup',
  'Caldo de jitomate y chile pasilla, tiras de tortilla, aguacate y crema.':
    'Tomato and pasilla chilli broth with tortilla strips, avocado and cream.',
  'Pozole rojo': 'Red pozole',
  'Maíz cacahuazintle con cerdo, rábano, lechuga y tostadas.':
    'Hominy and pork stew with radish, lettuce and tostadas.',
  Postres: 'Desserts',
  'Flan napolitano': 'Flan napolitano',
  'Flan casero de vainilla con cajeta.': 'Home-made vanilla custard with goat’s-milk caramel.',
  'Churros con chocolate': 'Churros with hot chocolate',
  'Cuatro churros recién hechos con chocolate caliente para mojar.':
    'Four freshly fried churros with hot chocolate for dipping.',
  'Arroz con leche': 'Rice pudding',
  'Con canela y pasas.': 'With cinnamon and raisins.',
  Bebidas: 'Drinks',
  'Agua de horchata': 'Horchata',
  'Arroz, canela y vainilla.': 'Rice, cinnamon and vanilla.',
  'Chico (500 ml)': 'Small (500 ml)',
  'Grande (1 l)': 'Large (1 l)',
  'Agua de jamaica': 'Hibiscus water',
  'Flor de jamaica, poco dulce.': 'Hibiscus flowers, lightly sweetened.',
  'Agua de tamarindo': 'Tamarind water',
  'Pulpa de tamarindo natural.': 'Made with real tamarind pulp.',
  'Refresco de vidrio': 'Soft drink in a glass bottle',
  'Refresco de 355 ml bien frío.': 'Ice-cold 355 ml bottle.',
  Sabor: 'Flavour',
  Cola: 'Cola',
  Toronja: 'Grapefruit',
  Manzana: 'Apple',
  Tamarindo: 'Tamarind',
  Cerveza: 'Beer',
  'Cerveza mexicana de 355 ml.': 'Mexican beer, 355 ml.',
  Marca: 'Style',
  Clara: 'Lager',
  Oscura: 'Dark',
  Preparación: 'Served',
  Michelada: 'Michelada',
  Cubana: 'Cubana',
  'Café de olla': 'Café de olla',
  'Con piloncillo y canela.': 'Clay-pot coffee with piloncillo sugar and cinnamon.',
};

/** Bar El Cabanyal in English: its tagline, categories and best-known dishes (the rest falls back to Spanish). */
export const CABANYAL_EN: Dictionary = {
  'Tapas, arroces y vermut a dos calles de la playa de la Malvarrosa':
    'Tapas, rice dishes and vermouth two streets from Malvarrosa beach',
  Tapas: 'Tapas',
  'Para compartir al centro.': 'For sharing.',
  'Patatas bravas': 'Patatas bravas',
  'Patata confitada y frita con salsa brava de la casa y alioli.':
    'Slow-cooked, then fried potatoes with our own brava sauce and allioli.',
  'Croquetas de jamón ibérico': 'Ibérico ham croquettes',
  'Tortilla de patatas': 'Spanish omelette',
  'Calamares a la romana': 'Fried squid rings',
  'Gambas al ajillo': 'Garlic prawns',
  Arroces: 'Rice dishes',
  'Hechos al momento: unos 25 minutos.': 'Cooked to order: about 25 minutes.',
  'Paella valenciana': 'Valencian paella',
  'Arroz negro': 'Black rice',
  Montaditos: 'Little sandwiches',
  Ensaladas: 'Salads',
  Postres: 'Desserts',
  'Crema catalana': 'Crema catalana',
  Bebidas: 'Drinks',
  'Agua de Valencia': 'Agua de Valencia',
  'Vino de la casa': 'House wine',
  Menús: 'Set menus',
  'Menú del día': 'Set lunch menu',
  'Primero, segundo, postre o café, pan y bebida.': 'Starter, main course, dessert or coffee, bread and a drink.',
  'Primer plato': 'Starter',
  'Segundo plato': 'Main course',
  'Postre o café': 'Dessert or coffee',
  Bebida: 'Drink',
  'Menú de arroz': 'Rice menu',
  Entrante: 'Starter',
  Arroz: 'Rice',
  Postre: 'Dessert',
  'Carnes y pescados': 'Meat and fish',
  'Entrecot a la brasa': 'Chargrilled entrecôte',
  'Punto de la carne': 'How the meat is cooked',
  'Poco hecho': 'Rare',
  'Al punto': 'Medium',
  Hecho: 'Well done',
  'Merluza a la plancha': 'Grilled hake',
  'Pollo al ajillo': 'Garlic chicken',
  'Pan de payés': 'Country bread',
  Café: 'Coffee',
};

/** Bar El Cabanyal in Catalan (Valencian is the city's other language): the tagline, categories and some dishes. */
export const CABANYAL_CA: Dictionary = {
  'Tapas, arroces y vermut a dos calles de la playa de la Malvarrosa':
    'Tapes, arrossos i vermut a dos carrers de la platja de la Malva-rosa',
  Tapas: 'Tapes',
  'Para compartir al centro.': 'Per compartir al mig de la taula.',
  'Patatas bravas': 'Creïlles braves',
  'Croquetas de jamón ibérico': 'Croquetes de pernil ibèric',
  'Tortilla de patatas': 'Truita de creïlla',
  'Gambas al ajillo': "Gambes a l'all",
  Arroces: 'Arrossos',
  'Hechos al momento: unos 25 minutos.': 'Fets al moment: uns 25 minuts.',
  'Paella valenciana': 'Paella valenciana',
  'Arroz negro': 'Arròs negre',
  'Arroz a banda': 'Arròs a banda',
  Montaditos: 'Muntadets',
  Ensaladas: 'Amanides',
  Postres: 'Postres',
  Bebidas: 'Begudes',
  'Horchata con fartons': 'Orxata amb fartons',
};
