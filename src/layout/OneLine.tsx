import { Box } from '@mui/material';

/**
 * A list cell's text on one line, cut with an ellipsis past `maxWidth` (the whole text as its
 * title): dense tables keep one line per row instead of wrapping names over three.
 */
export const OneLine = ({ text, maxWidth }: { text: string; maxWidth: number }) => (
  <Box
    component="span"
    title={text}
    sx={{
      display: 'block',
      maxWidth,
      whiteSpace: 'nowrap',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
    }}
  >
    {text}
  </Box>
);
