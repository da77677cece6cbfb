/** A run of plain-text lines: the author's own text, or a quotation (lines starting with `>`). */
export interface TextBlock {
  quoted: boolean;
  text: string;
}

const quoteLine = /^[ \t]*>/;

/**
 * Splits plain text into the author's text and quoted blocks (lines starting with `>`, as mail clients quote).
 * Blank lines between two quoted lines stay inside the quotation, so one quotation folds as one block; blank
 * text between blocks is dropped (the blocks are spaced by the view).
 */
export function splitQuotedText(text: string): TextBlock[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const isQuoted = (index: number) => quoteLine.test(lines[index] ?? '');
  const quotedFlags = lines.map((line, index) => {
    if (isQuoted(index)) return true;
    if (line.trim() !== '') return false;
    let before = index - 1;
    while (before >= 0 && lines[before]!.trim() === '') before -= 1;
    let after = index + 1;
    while (after < lines.length && lines[after]!.trim() === '') after += 1;
    return isQuoted(before) && isQuoted(after);
  });

  const blocks: { quoted: boolean; lines: string[] }[] = [];
  lines.forEach((line, index) => {
    const quoted = quotedFlags[index]!;
    const current = blocks[blocks.length - 1];
    if (current && current.quoted === quoted) current.lines.push(line);
    else blocks.push({ quoted, lines: [line] });
  });

  const result = blocks
    .map((block) => ({ quoted: block.quoted, text: trimBlankLines(block.lines).join('\n') }))
    .filter((block) => block.text !== '');
  return result.length > 0 ? result : [{ quoted: false, text: '' }];
}

function trimBlankLines(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]!.trim() === '') start += 1;
  while (end > start && lines[end - 1]!.trim() === '') end -= 1;
  return lines.slice(start, end);
}
