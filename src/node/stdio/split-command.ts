/**
 * Splits a `--stdio "<command> <args>"` string into argv the way a POSIX shell splits words, without any expansion
 * ($VAR, globs, ~, ;, |, backticks are plain text): single quotes keep everything, double quotes allow \" and \\,
 * a backslash outside quotes escapes the next character. The command is then spawned without a shell.
 */
export function splitCommand(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '\\' && (text[i + 1] === '"' || text[i + 1] === '\\')) word += text[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === '\\' && i + 1 < text.length) {
      word += text[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) throw new Error(`unterminated ${quote} quote in the --stdio command`);
  if (inWord) words.push(word);
  if (!words.length) throw new Error('the --stdio command is empty');
  return words;
}
