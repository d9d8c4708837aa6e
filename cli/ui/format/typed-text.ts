/**
 * Applies what arrived from the keyboard in one input to a field's text. Usually one character, but keys sent
 * in one write (a paste, a fast script, a slow app) arrive together, so the editing keys inside are honoured:
 * Backspace/Delete removes a character, Ctrl-U empties the field, Enter ends the line (the rest is dropped),
 * other control characters are ignored.
 */
export function applyTyped(value: string, input: string): { value: string; submit: boolean } {
  let text = value;
  for (const ch of input) {
    if (ch === '\r' || ch === '\n') return { value: text, submit: true };
    if (ch === '\u007f' || ch === '\b') text = text.slice(0, -1);
    else if (ch === '\u0015') text = '';
    else if (ch >= ' ' && ch !== '\u001b') text += ch;
  }
  return { value: text, submit: false };
}
