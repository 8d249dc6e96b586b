import { hasYamlLinks, YAML_LINKS } from '../../src/scenario/yaml-links';

describe('the fast check for YAML links (what keeps a text from being cut into token chunks)', () => {
  // Texts with the characters the check looks for, in every place: seeded edits of small scenarios.
  const PIECES = ['&', '*x', '!t', '%', '---', '...', '<<', '?', ' ? ', ':', ': ', ' :', '{', '}', '[', ']', ',', '-', '~', '\n', '\t', ' ', '#', '\u00a0', '\u2028', '\r', "'", '"'];
  const BASES = ['tokens:\n  a:\n    status: 401\n', 'tokens: { a: { errorText: "x y" } }\n', 'k: v\nlist:\n  - { a: 1, b: [2, 3] }\n', ''];
  function editedTexts(count: number): string[] {
    let seed = 42;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    return Array.from({ length: count }, () => {
      let text = BASES[Math.floor(random() * BASES.length)];
      for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits -= 1) {
        const at = Math.floor(random() * (text.length + 1));
        text = text.slice(0, at) + PIECES[Math.floor(random() * PIECES.length)] + text.slice(at);
      }
      return text;
    });
  }

  test('hasYamlLinks answers as the YAML_LINKS regex does', () => {
    const texts = editedTexts(4000);
    const differ = texts.filter((t) => hasYamlLinks(t) !== YAML_LINKS.test(t));
    expect(differ).toEqual([]);
    expect(texts.filter((t) => YAML_LINKS.test(t)).length).toBeGreaterThan(500); // both answers are exercised
  });
});
