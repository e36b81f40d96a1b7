import type { ExpenseCategory } from '../categories';

// The category names the peers use, read by their letters only (case, spaces and punctuation ignored), to
// Kitty's categories. Splitwise's names (SplitPro copied them as camelCase keys: "diningOut", "fuel") and
// Cospend's default categories (julien-nc/cospend-nc lib/Service/LocalProjectService.php createProject).
const BY_LETTERS: Readonly<Record<string, ExpenseCategory>> = {
  // food
  groceries: 'groceries',
  grocery: 'groceries',
  liquor: 'groceries',
  diningout: 'dining',
  food: 'dining',
  fooddrink: 'dining',
  foodanddrink: 'dining',
  foodanddrinkother: 'dining',
  restaurant: 'dining',
  barparty: 'dining',
  // transport and travel
  transportation: 'transport',
  transportationother: 'transport',
  transport: 'transport',
  bicycle: 'transport',
  bus: 'transport',
  train: 'transport',
  bustrain: 'transport',
  car: 'transport',
  fuel: 'transport',
  gasfuel: 'transport',
  parking: 'transport',
  taxi: 'transport',
  plane: 'travel',
  travel: 'travel',
  hotel: 'accommodation',
  accommodation: 'accommodation',
  // fun
  entertainment: 'entertainment',
  entertainmentother: 'entertainment',
  games: 'entertainment',
  movies: 'entertainment',
  music: 'entertainment',
  sports: 'entertainment',
  sport: 'entertainment',
  excursionculture: 'entertainment',
  // home
  rent: 'rent',
  mortgage: 'rent',
  utilities: 'utilities',
  utilitiesother: 'utilities',
  cleaning: 'utilities',
  electricity: 'utilities',
  heatgas: 'utilities',
  gas: 'utilities',
  internet: 'utilities',
  trash: 'utilities',
  phone: 'utilities',
  tvphoneinternet: 'utilities',
  water: 'utilities',
  bill: 'utilities',
  electronics: 'shopping',
  furniture: 'shopping',
  householdsupplies: 'shopping',
  supplies: 'shopping',
  clothing: 'shopping',
  shopping: 'shopping',
  // life
  medical: 'health',
  medicalexpenses: 'health',
  health: 'health',
  gifts: 'gifts',
  gift: 'gifts',
};

/** Names that say nothing more than "other" (SplitPro's sections home and life too): not worth keeping in notes. */
const PLAIN = new Set(['', 'general', 'other', 'uncategorized', 'none', 'home', 'life']);

/**
 * Kitty's category for a peer's category name, and the note that keeps the name when it maps to nothing
 * more precise than 'other' ("Category: Pets"), else ''.
 */
export function categoryOfName(name: string): { category: ExpenseCategory; note: string } {
  const letters = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  const category = BY_LETTERS[letters];
  if (category) return { category, note: '' };
  return { category: 'other', note: PLAIN.has(letters) ? '' : `Category: ${name.trim()}` };
}

/** Notes from parts, the empty ones left out, one per line. */
export function joinNotes(...parts: string[]): string {
  return parts.filter((p) => p !== '').join('\n');
}
