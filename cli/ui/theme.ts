/** The few colours the screens use, named for what they mean. */
export const theme = {
  accent: 'cyan',
  selected: 'cyan',
  muted: 'gray',
  warning: 'yellow',
  error: 'red',
  success: 'green',
  primary: 'magenta',
} as const;

/** A screen narrower than this shows the narrow-terminal message instead of a layout. */
export const MIN_COLUMNS = 60;
