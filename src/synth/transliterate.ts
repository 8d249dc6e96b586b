// Russian to Latin after the passport rules (ICAO Doc 9303, used in Russian passports since 2013).
// Why by hand: the iuliia package has this very schema, but takes ~4 µs a word, and a card
// transliterates about ten words on every request; a table lookup per letter costs next to nothing.
const CYRILLIC: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: 'ie',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'iu',
  я: 'ia',
  і: 'i',
  ї: 'i',
  є: 'ie',
  ґ: 'g',
};

const CYRILLIC_BLOCK = 0x400;

/** Latin spellings indexed by code point - 0x400, both cases; built once because this runs for every card. */
const BY_CODE: readonly (string | undefined)[] = (() => {
  const table: (string | undefined)[] = new Array<string | undefined>(0x100).fill(undefined);
  for (const [lower, latin] of Object.entries(CYRILLIC)) {
    table[lower.charCodeAt(0) - CYRILLIC_BLOCK] = latin;
    table[lower.toUpperCase().charCodeAt(0) - CYRILLIC_BLOCK] =
      latin === '' ? '' : latin[0].toUpperCase() + latin.slice(1);
  }
  return table;
})();

/** Latin letters for a name in any script faker writes: Cyrillic by table, accents stripped, the rest kept as is. */
export function transliterate(text: string): string {
  let out = '';
  let ascii = true;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const latin = code >= CYRILLIC_BLOCK && code < CYRILLIC_BLOCK + 0x100 ? BY_CODE[code - CYRILLIC_BLOCK] : undefined;
    if (latin !== undefined) out += latin;
    else {
      out += text[i];
      if (code >= 128) ascii = false;
    }
  }
  // Unicode normalisation is slow; Russian text never needs it once mapped.
  return ascii ? out : out.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** Lower-case ASCII letters and digits only, for e-mail locals and messenger names; "user" if nothing is left. */
export function asciiHandle(text: string): string {
  const handle = transliterate(text)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return handle === '' ? 'user' : handle;
}
